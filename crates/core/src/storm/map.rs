//! One cycle's storm map, from (run seed, cycle) alone: the initial draw, smoothing, the capital,
//! the seals and their Sealed Forest, then the reservations. Contents are drawn on arrival only.

use std::sync::Arc;

use hexx::Hex;
use rand::RngExt;

use super::biomes::initial;
use super::disc::Disc;
use super::reservations::{Shortfall, Taken, reserve};
use super::rules::{BiomeId, Entry, Kind, SealId, StormRules, pick_weighted};
use super::seals::{Placed, SealGenerator, Standard, grow_sealed_forest};
use super::smoothing::smooth;
use super::stream::{CellPurpose, Purpose, cell_rng, cycle_rng};
use super::trial::QueenHand;

/// Everything a cycle's map depends on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CycleParams {
    pub seed: u64,
    pub cycle: u32,
    /// The contracted seals (1 to 3); kept distinct and in ruleset order by `generate`.
    pub contracts: Vec<SealId>,
    pub prestige: bool,
    /// The Queen's Hand trial: its own seal generator.
    pub trial: bool,
}

impl CycleParams {
    /// All seals contracted, a main world, no trial.
    pub fn new(rules: &StormRules, seed: u64, cycle: u32) -> Self {
        Self {
            seed,
            cycle,
            contracts: rules.all_seals(),
            prestige: false,
            trial: false,
        }
    }
}

/// What a reached reservation turns out to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Content {
    pub kind: Kind,
    /// Index into the ruleset's `events` or `modifiers`.
    pub index: usize,
}

impl Content {
    pub fn entry<'r>(&self, rules: &'r StormRules) -> &'r Entry {
        &rules.pool(self.kind)[self.index]
    }
}

#[derive(Debug, Clone)]
pub struct StormMap {
    pub rules: Arc<StormRules>,
    pub params: CycleParams,
    pub disc: Disc,
    /// Final biome of every cell, by [`Disc`] index.
    pub biomes: Vec<BiomeId>,
    /// The seal copies in placement order.
    pub seals: Vec<Placed>,
    pub taken: Vec<Taken>,
    /// The drawn counts of events and modifiers.
    pub wanted: [u32; 2],
    pub shortfalls: Vec<Shortfall>,
}

/// The biomes up to the capital: the initial draw, smoothing, and the centre.
pub fn land(rules: &StormRules, disc: &Disc, seed: u64, cycle: u32) -> Vec<BiomeId> {
    let mut rng = cycle_rng(seed, cycle, Purpose::Biomes);
    let mut biomes = initial(disc, &rules.draw_tables, &mut rng);
    smooth(
        disc,
        &mut biomes,
        rules.smoothing.passes,
        rules.smoothing.threshold,
    );
    biomes[0] = rules.capital;
    biomes
}

impl StormMap {
    /// The cycle's map with the seal generator its mode calls for.
    pub fn generate(rules: Arc<StormRules>, params: CycleParams) -> StormMap {
        if params.trial {
            Self::generate_with(rules, params, &QueenHand)
        } else {
            Self::generate_with(rules, params, &Standard)
        }
    }

    pub fn generate_with(
        rules: Arc<StormRules>,
        mut params: CycleParams,
        seals: &dyn SealGenerator,
    ) -> StormMap {
        params.contracts.sort();
        params.contracts.dedup();
        params
            .contracts
            .retain(|s| (s.0 as usize) < rules.seals.len());
        let disc = Disc::new(rules.radius);
        let (seed, cycle) = (params.seed, params.cycle);
        let mut biomes = land(&rules, &disc, seed, cycle);

        let placed = seals.place(
            &disc,
            &rules,
            &params.contracts,
            &mut cycle_rng(seed, cycle, Purpose::Seals),
        );
        grow_sealed_forest(&disc, &rules, &mut biomes, &placed);
        let mut taken = vec![Taken::Free; disc.len()];
        for p in &placed {
            taken[p.cell] = Taken::Seal;
        }

        let mut rng = cycle_rng(seed, cycle, Purpose::Counts);
        let r = &rules.reservations;
        let range = |k: Kind| {
            if params.prestige {
                r.of(k).prestige.clone()
            } else {
                r.of(k).main.clone()
            }
        };
        let wanted = [
            rng.random_range(range(Kind::Event)),
            rng.random_range(range(Kind::Modifier)),
        ];
        let counts = [(Kind::Event, wanted[0]), (Kind::Modifier, wanted[1])];
        let mut rng = cycle_rng(seed, cycle, Purpose::Reservations);
        let shortfalls = reserve(
            &disc, &rules, &biomes, &mut taken, &placed, counts, &mut rng,
        );
        StormMap {
            rules,
            params,
            disc,
            biomes,
            seals: placed,
            taken,
            wanted,
            shortfalls,
        }
    }

    /// The next cycle: the same run, contracts and mode, regenerated.
    pub fn next_cycle(&self) -> StormMap {
        let params = CycleParams {
            // The last cycle number repeats rather than wrapping to 0.
            cycle: self.params.cycle.saturating_add(1),
            ..self.params.clone()
        };
        Self::generate(self.rules.clone(), params)
    }

    pub fn biome_at(&self, cell: Hex) -> Option<BiomeId> {
        self.disc.index(cell).map(|i| self.biomes[i])
    }

    pub fn seal_at(&self, cell: Hex) -> Option<SealId> {
        let i = self.disc.index(cell)?;
        self.seals.iter().find(|p| p.cell == i).map(|p| p.seal)
    }

    pub fn reservation_at(&self, cell: Hex) -> Option<Kind> {
        match self.taken[self.disc.index(cell)?] {
            Taken::Reserved(k) => Some(k),
            _ => None,
        }
    }

    /// The reserved cells and their kinds, in cell order.
    pub fn reservations(&self) -> impl Iterator<Item = (Hex, Kind)> + '_ {
        self.taken.iter().enumerate().filter_map(|(i, t)| match t {
            Taken::Reserved(k) => Some((self.disc.hex(i), *k)),
            _ => None,
        })
    }

    /// What a reservation holds, drawn from a stream keyed on (run seed, cell) alone, so the
    /// answer never depends on which cells were reached before, or in what order.
    pub fn reveal(&self, cell: Hex) -> Option<Content> {
        let kind = self.reservation_at(cell)?;
        let purpose = match kind {
            Kind::Event => CellPurpose::Event,
            Kind::Modifier => CellPurpose::Modifier,
        };
        let u = cell_rng(self.params.seed, cell, purpose).random::<f64>();
        Some(Content {
            kind,
            index: pick_weighted(self.rules.pool(kind), u),
        })
    }
}
