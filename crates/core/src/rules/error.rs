//! The error of a rule file that cannot be used, naming the file, the line or field, and what
//! is wrong.

use std::fmt;

/// A rule file that cannot be used: which file, where (line and column when the parser knows it,
/// else the field path), and what is wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesError {
    pub file: String,
    pub line: Option<(usize, usize)>,
    pub field: Option<String>,
    pub message: String,
}

impl RulesError {
    pub fn new(file: &str, field: Option<String>, message: impl Into<String>) -> Self {
        Self {
            file: file.to_string(),
            line: None,
            field,
            message: message.into(),
        }
    }

    pub fn at(file: &str, line: usize, col: usize, message: impl Into<String>) -> Self {
        Self {
            file: file.to_string(),
            line: Some((line, col)),
            field: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some((l, c)) = self.line {
            write!(f, ":{l}:{c}")?;
        }
        write!(f, ": ")?;
        if let Some(field) = &self.field {
            write!(f, "field `{field}`: ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for RulesError {}
