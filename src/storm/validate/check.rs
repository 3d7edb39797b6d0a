//! The checks every storm rule file shares: errors that name the file and the field.

use std::collections::HashSet;
use std::ops::RangeInclusive;

use crate::rules::RulesError;
use crate::storm::raw::RawEntry;
use crate::storm::rules::Entry;

/// Errors name the file and the field.
pub struct Check<'a> {
    pub source: &'a str,
}

impl Check<'_> {
    pub fn err(&self, field: impl Into<String>, message: impl Into<String>) -> RulesError {
        RulesError::new(self.source, Some(field.into()), message)
    }

    pub fn weight(&self, field: String, v: f64) -> Result<f64, RulesError> {
        if !v.is_finite() || v < 0.0 {
            return Err(self.err(
                field,
                format!("is {v}; a weight must be a finite number >= 0"),
            ));
        }
        Ok(v)
    }

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

    /// A non-empty pool of uniquely named entries with a positive total weight.
    pub fn pool(
        &self,
        list: &str,
        raw: &[RawEntry],
        min_len: usize,
    ) -> Result<Vec<Entry>, RulesError> {
        if raw.len() < min_len {
            return Err(self.err(
                list,
                format!("lists {} entries; at least {min_len} are needed", raw.len()),
            ));
        }
        self.unique(list, raw.iter().map(|e| &e.name))?;
        let mut out = Vec::with_capacity(raw.len());
        for (i, e) in raw.iter().enumerate() {
            let at = |f: &str| format!("{list}[{i}].{f} (\"{}\")", e.name);
            out.push(Entry {
                name: e.name.clone(),
                effect: e.effect.clone(),
                weight: self.weight(at("weight"), e.weight)?,
                amount: self.range(at("amount"), e.amount)?,
            });
        }
        if out.iter().all(|e| e.weight == 0.0) {
            return Err(self.err(
                format!("{list}[..].weight"),
                "every entry has weight 0, so nothing can be drawn",
            ));
        }
        Ok(out)
    }
}
