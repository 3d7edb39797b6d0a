//! The settlement layer: the template's slots filled with glades, resources, ore, springs,
//! rewards and glade events from a stream keyed on (run seed, storm cell), so a cell's settlement
//! is the same whenever and in whatever order it is opened.

use std::sync::Arc;

use hexx::Hex;
use rand::RngExt;

use super::disc::Disc;
use super::rules::{Entry, StormRules, pick_weighted};
use super::stream::{CellPurpose, cell_rng};
use super::template::SlotKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filled {
    /// Index into the slot kind's pool.
    pub entry: usize,
    pub amount: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotState {
    pub kind: SlotKind,
    /// None when the slot's chance failed.
    pub filled: Option<Filled>,
}

#[derive(Debug, Clone)]
pub struct Settlement {
    pub rules: Arc<StormRules>,
    pub seed: u64,
    /// The storm cell this settlement belongs to.
    pub cell: Hex,
    /// By template cell (view order): the slot there, if any.
    pub slots: Vec<Option<SlotState>>,
}

/// The pool a slot kind draws from.
pub fn pool(rules: &StormRules, kind: SlotKind) -> &[Entry] {
    let s = &rules.settlement;
    match kind {
        SlotKind::Glade => &s.glades,
        SlotKind::Resource => &s.resources,
        SlotKind::Ore => &s.ore,
        SlotKind::Spring => &s.springs,
        SlotKind::Reward => &s.rewards,
        SlotKind::GladeEvent => &s.glade_events,
    }
}

impl Settlement {
    pub fn generate(rules: Arc<StormRules>, seed: u64, cell: Hex) -> Settlement {
        let t = &rules.settlement.template;
        let disc = Disc::new(t.radius);
        let mut rng = cell_rng(seed, cell, CellPurpose::Settlement);
        let mut slots = vec![None; t.cells.len()];
        for slot in &t.slots {
            // Three draws per slot whatever the outcome, so one slot's chance never shifts another's.
            let roll = rng.random::<f64>();
            let u = rng.random::<f64>();
            let entries = pool(&rules, slot.kind);
            let entry = pick_weighted(entries, u);
            let amount = rng.random_range(entries[entry].amount.clone());
            let filled = (roll < slot.chance).then_some(Filled { entry, amount });
            if let Some(i) = disc.index(slot.hex) {
                slots[i] = Some(SlotState {
                    kind: slot.kind,
                    filled,
                });
            }
        }
        Settlement {
            rules,
            seed,
            cell,
            slots,
        }
    }

    pub fn entry(&self, kind: SlotKind, index: usize) -> &Entry {
        &pool(&self.rules, kind)[index]
    }

    /// The filled slots: where, what kind, what and how much.
    pub fn filled(&self) -> impl Iterator<Item = (Hex, SlotKind, &Entry, u32)> + '_ {
        let cells = &self.rules.settlement.template.cells;
        self.slots.iter().enumerate().filter_map(move |(i, s)| {
            let s = (*s)?;
            let f = s.filled?;
            Some((cells[i].0, s.kind, self.entry(s.kind, f.entry), f.amount))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::MapExport;

    #[test]
    fn a_settlement_depends_on_seed_and_cell_only() {
        let rules = Arc::new(StormRules::embedded().unwrap());
        let t = &rules.settlement.template;
        assert_eq!(t.cells.len(), 61);
        let a = Settlement::generate(rules.clone(), 5, Hex::new(3, -1));
        let b = Settlement::generate(rules.clone(), 5, Hex::new(3, -1));
        let (mut ja, mut jb) = (Vec::new(), Vec::new());
        a.write_jsonl(&mut ja).unwrap();
        b.write_jsonl(&mut jb).unwrap();
        assert_eq!(ja, jb);
        assert_eq!(String::from_utf8(ja.clone()).unwrap().lines().count(), 61);
        assert_eq!(a.slots.iter().flatten().count(), t.slots.len());
        // Other cells and seeds give other settlements (almost surely, over a few).
        let differ = (0..8).any(|k| {
            let mut j = Vec::new();
            Settlement::generate(rules.clone(), 5, Hex::new(k, 0))
                .write_jsonl(&mut j)
                .unwrap();
            j != ja
        });
        assert!(differ);
        // Slots with chance 1 are always filled, and amounts lie in their ranges.
        for seed in 0..50 {
            let s = Settlement::generate(rules.clone(), seed, Hex::ZERO);
            for slot in &t.slots {
                let i = Disc::new(t.radius).index(slot.hex).unwrap();
                let st = s.slots[i].unwrap();
                assert_eq!(st.kind, slot.kind);
                if slot.chance == 1.0 {
                    assert!(st.filled.is_some());
                }
            }
            for (_, _, e, amount) in s.filled() {
                assert!(e.amount.contains(&amount));
            }
        }
    }
}
