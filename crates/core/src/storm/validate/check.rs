//! The storm's pools, on top of the checks every rule file shares.

use crate::rules::RulesError;
pub use crate::rules::check::Check;
use crate::rules::check::MAX_AMOUNT;
use crate::rules::check::MAX_LIST;
use crate::storm::raw::RawEntry;
use crate::storm::rules::Entry;

impl Check<'_> {
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
        self.count(list, raw.len(), min_len..=MAX_LIST)?;
        self.unique(list, raw.iter().map(|e| &e.name))?;
        let mut out = Vec::with_capacity(raw.len());
        for (i, e) in raw.iter().enumerate() {
            let at = |f: &str| format!("{list}[{i}].{f} (\"{}\")", e.name);
            self.text(at("effect"), &e.effect)?;
            out.push(Entry {
                name: e.name.clone(),
                effect: e.effect.clone(),
                weight: self.weight(at("weight"), e.weight)?,
                amount: self.range_within(at("amount"), e.amount, 0..=MAX_AMOUNT)?,
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
