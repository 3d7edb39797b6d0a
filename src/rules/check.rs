//! Checks every rule file shares (Aeternus and storm): each error names the file and the field.

use std::collections::HashSet;
use std::ops::RangeInclusive;

use super::RulesError;

/// Errors name the file and the field.
pub struct Check<'a> {
    pub source: &'a str,
}

impl Check<'_> {
    pub fn err(&self, field: impl Into<String>, message: impl Into<String>) -> RulesError {
        RulesError::new(self.source, Some(field.into()), message)
    }

    /// A weight: finite and not negative.
    pub fn weight(&self, field: String, v: f64) -> Result<f64, RulesError> {
        if !v.is_finite() || v < 0.0 {
            return Err(self.err(
                field,
                format!("is {v}; a weight must be a finite number >= 0"),
            ));
        }
        Ok(v)
    }

    /// A chance: a probability in [0, 1].
    pub fn chance(&self, field: String, v: f64) -> Result<f64, RulesError> {
        if !(0.0..=1.0).contains(&v) {
            return Err(self.err(field, format!("is {v}; a chance must lie in [0, 1]")));
        }
        Ok(v)
    }

    pub fn range(
        &self,
        field: String,
        (lo, hi): (u32, u32),
    ) -> Result<RangeInclusive<u32>, RulesError> {
        if lo > hi {
            return Err(self.err(
                field,
                format!("({lo}, {hi}) is empty: the first number exceeds the second"),
            ));
        }
        Ok(lo..=hi)
    }

    /// Names that are neither empty nor repeated (ignoring case).
    pub fn unique<'n>(
        &self,
        list: &str,
        names: impl Iterator<Item = &'n String>,
    ) -> Result<(), RulesError> {
        let mut seen = HashSet::new();
        for (i, n) in names.enumerate() {
            if n.trim().is_empty() {
                return Err(self.err(format!("{list}[{i}].name"), "is empty"));
            }
            if !seen.insert(n.to_lowercase()) {
                return Err(self.err(
                    format!("{list}[{i}].name"),
                    format!("`{n}` is named twice in `{list}`"),
                ));
            }
        }
        Ok(())
    }

    pub fn colour(&self, field: String, s: &str) -> Result<[u8; 3], RulesError> {
        let hex = s.strip_prefix('#').unwrap_or("");
        if hex.len() == 6
            && let Ok(v) = u32::from_str_radix(hex, 16)
        {
            return Ok([(v >> 16) as u8, (v >> 8) as u8, v as u8]);
        }
        Err(self.err(
            field,
            format!("`{s}` is not a colour; write it as \"#rrggbb\""),
        ))
    }
}
