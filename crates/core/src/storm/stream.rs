//! Keyed random streams for the storm world, mixed with SplitMix64 (never std's hasher):
//! a cycle's generation draws from (run seed, cycle, purpose); what a cell holds from (run seed, cell).

use hexx::Hex;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::worldgen::stream::mix;

/// What a cycle's draws are for; each has its own stream so changing one step leaves the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Biomes,
    Seals,
    Counts,
    Reservations,
}

/// What a cell's draws are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellPurpose {
    Event,
    Modifier,
    Settlement,
}

// Domain tags keep the two families of keys apart (and apart from the Aeternus ones).
const CYCLE_DOMAIN: u64 = 0x5354_4f52_4d43_5943; // "STORMCYC"
const CELL_DOMAIN: u64 = 0x5354_4f52_4d43_454c; // "STORMCEL"

pub fn cycle_key(seed: u64, cycle: u32, purpose: Purpose) -> u64 {
    let mut k = mix(seed ^ CYCLE_DOMAIN);
    k = mix(k ^ cycle as u64);
    mix(k ^ purpose as u64)
}

pub fn cell_key(seed: u64, cell: Hex, purpose: CellPurpose) -> u64 {
    let mut k = mix(seed ^ CELL_DOMAIN);
    k = mix(k ^ (cell.x as u32 as u64));
    k = mix(k ^ (cell.y as u32 as u64));
    mix(k ^ purpose as u64)
}

pub fn cycle_rng(seed: u64, cycle: u32, purpose: Purpose) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(cycle_key(seed, cycle, purpose))
}

pub fn cell_rng(seed: u64, cell: Hex, purpose: CellPurpose) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(cell_key(seed, cell, purpose))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_every_part() {
        let mut seen = std::collections::HashSet::new();
        for cycle in 0..20 {
            for p in [
                Purpose::Biomes,
                Purpose::Seals,
                Purpose::Counts,
                Purpose::Reservations,
            ] {
                assert!(seen.insert(cycle_key(1, cycle, p)));
            }
        }
        for h in Hex::ZERO.range(6) {
            for p in [
                CellPurpose::Event,
                CellPurpose::Modifier,
                CellPurpose::Settlement,
            ] {
                assert!(seen.insert(cell_key(1, h, p)));
            }
        }
        assert_ne!(
            cycle_key(1, 0, Purpose::Biomes),
            cycle_key(2, 0, Purpose::Biomes)
        );
    }
}
