//! Reading any of the game's RON files (the Aeternus, storm and site rules, templates): errors
//! carry the file, the line and column, and the field being read there when it can be told.

use ron::extensions::Extensions;
use serde::de::DeserializeOwned;

use super::RulesError;

/// Parses rule text; syntax errors, missing and unknown fields carry the line and column, and
/// the field being read there when it can be told.
pub fn parse<T: DeserializeOwned>(text: &str, source: &str) -> Result<T, RulesError> {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| {
            let (line, col) = (e.span.start.line, e.span.start.col);
            let mut err = RulesError::at(source, line, col, e.code.to_string());
            err.field = field_at(text, line, col);
            err
        })
}

/// The field whose value starts at (line, col): `rarity: -1` -> `rarity`; else the field the
/// line starts with (the name just before the column says more when a line holds several).
fn field_at(text: &str, line: usize, col: usize) -> Option<String> {
    let l = text.lines().nth(line.checked_sub(1)?)?;
    let before: String = l.chars().take(col.saturating_sub(1)).collect();
    let before = before.trim_end_matches(|c: char| c.is_whitespace() || c == '-' || c == '+');
    let name = match before.strip_suffix(':') {
        Some(b) => b
            .trim_end()
            .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()?,
        // A value on a line of several fields: the last `name:` before the column.
        None => before
            .rmatch_indices(':')
            .map(|(i, _)| {
                let b = before[..i].trim_end();
                let start = b
                    .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .map_or(0, |j| j + 1);
                &b[start..]
            })
            .find(|n| !n.is_empty())
            .or_else(|| {
                let l = l.trim_start();
                Some(l.strip_prefix('(').unwrap_or(l).split_once(':')?.0.trim())
            })?,
    };
    (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::field_at;

    #[test]
    fn the_field_is_the_last_named_before_the_column() {
        let text = "(\n    (id: 1, name: \"a:b\", at: (9, 0, 0), ap: 3),\n    bias: x,\n)";
        let col = text.lines().nth(1).unwrap().find("ap").unwrap();
        assert_eq!(field_at(text, 2, col).as_deref(), Some("at"));
        assert_eq!(field_at(text, 2, 9).as_deref(), Some("id"));
        assert_eq!(field_at(text, 3, 11).as_deref(), Some("bias"));
    }
}
