//! Each row of the location table on hand-made terrains, exactly as its "actual check" says.

use super::*;
use crate::sites::Terrain as T;
use crate::sites::{Era, Loc};

fn fits(loc: u32, flags: u16) -> bool {
    Loc(loc).allows(T::of(flags), Era::Middle)
}

/// (location bits, terrain, allowed)
const CASES: &[(u32, u16, bool)] = &[
    // plains: none of sea, highland, swamp, waste, forest, cave, mountains.
    (Loc::PLAINS, 0, true),
    (
        Loc::PLAINS,
        T::PLAINS | T::FARM | T::COAST | T::THRONE,
        true,
    ),
    (Loc::PLAINS, T::SEA, false),
    (Loc::PLAINS, T::HIGHLAND, false),
    (Loc::PLAINS, T::SWAMP, false),
    (Loc::PLAINS, T::WASTE, false),
    (Loc::PLAINS, T::FOREST, false),
    (Loc::PLAINS, T::CAVE, false),
    (Loc::PLAINS, T::MOUNTAINS | T::PLAINS, false),
    // forest, not sea.
    (Loc::FOREST, T::FOREST, true),
    (Loc::FOREST, T::FOREST | T::SEA, false),
    (Loc::FOREST, T::KELP_FOREST | T::SEA, false),
    (Loc::FOREST, T::PLAINS, false),
    // mountains or highland, not sea.
    (Loc::MOUNTAIN, T::MOUNTAINS, true),
    (Loc::MOUNTAIN, T::HIGHLAND, true),
    (Loc::MOUNTAIN, T::HIGHLAND | T::SEA | T::UNDERWATER, false),
    (Loc::MOUNTAIN, T::MOUNTAINS | T::SEA, false),
    (Loc::MOUNTAIN, T::CAVE, false),
    // waste (can be sea).
    (Loc::WASTE, T::WASTE, true),
    (Loc::WASTE, T::WASTE | T::SEA, true),
    (Loc::WASTE, T::PLAINS, false),
    // sea.
    (Loc::SEA, T::SEA, true),
    (Loc::SEA, T::SEA | T::DEEP_SEA | T::FOREST, true),
    (Loc::SEA, T::DEEP_SEA, false),
    (Loc::SEA, T::COAST, false),
    // coast, nothing else checked.
    (Loc::COAST, T::COAST, true),
    (Loc::COAST, T::COAST | T::FOREST | T::SEA, true),
    (Loc::COAST, T::SEA, false),
    // swamp, not sea.
    (Loc::SWAMP, T::SWAMP, true),
    (Loc::SWAMP, T::SWAMP | T::SEA, false),
    // deep sea.
    (Loc::DEEP_SEA, T::DEEP_SEA | T::SEA, true),
    (Loc::DEEP_SEA, T::SEA, false),
    // cave (can be sea).
    (Loc::CAVE, T::CAVE, true),
    (Loc::CAVE, T::CAVE | T::SEA, true),
    (Loc::CAVE, T::MOUNTAINS, false),
    // 65536: sea, not forest.
    (Loc::SEA_NOT_FOREST, T::SEA, true),
    (Loc::SEA_NOT_FOREST, T::SEA | T::FOREST, false),
    (Loc::SEA_NOT_FOREST, T::FOREST, false),
    // 131072: sea, not deep sea.
    (Loc::SEA_NOT_DEEP_SEA, T::SEA, true),
    (Loc::SEA_NOT_DEEP_SEA, T::SEA | T::DEEP_SEA, false),
    (Loc::SEA_NOT_DEEP_SEA, T::PLAINS, false),
    // 32768: caves only; alone, any cave; with other rows, a cave that also passes one.
    (Loc::CAVES_ONLY, T::CAVE, true),
    (Loc::CAVES_ONLY, T::CAVE | T::SEA, true),
    (Loc::CAVES_ONLY, T::MOUNTAINS, false),
    (Loc::CAVES_ONLY | Loc::COAST, T::CAVE | T::COAST, true),
    (Loc::CAVES_ONLY | Loc::COAST, T::CAVE, false),
    (Loc::CAVES_ONLY | Loc::COAST, T::COAST, false),
    (
        Loc::CAVES_ONLY | Loc::MOUNTAIN,
        T::CAVE | T::MOUNTAINS,
        true,
    ),
    // Rows are alternatives; unique restricts nothing.
    (Loc::PLAINS | Loc::FOREST, T::FOREST, true),
    (Loc::PLAINS | Loc::FOREST, 0, true),
    (Loc::PLAINS | Loc::FOREST, T::SWAMP, false),
    (Loc::PLAINS | Loc::UNIQUE, 0, true),
    (Loc::UNIQUE, 0, false),
];

#[test]
fn every_row_checks_exactly_what_the_table_says() {
    for &(loc, flags, want) in CASES {
        assert_eq!(fits(loc, flags), want, "loc {loc} on terrain {flags:#b}");
    }
}

#[test]
fn era_bits_exclude_their_era() {
    let t = T::of(T::PLAINS);
    for (bit, era) in [
        (Loc::NOT_EARLY, Era::Early),
        (Loc::NOT_MIDDLE, Era::Middle),
        (Loc::NOT_LATE, Era::Late),
    ] {
        for other in [Era::Early, Era::Middle, Era::Late] {
            assert_eq!(Loc(Loc::PLAINS | bit).allows(t, other), other != era);
        }
    }
}

#[test]
fn a_rule_file_names_rows_or_gives_their_numbers() {
    let r = rules(
        40,
        "Late",
        r#"(name: "a", rarity: 0, loc: ["plains", "65536", "not late", "unique"], lore: "x")"#,
    );
    let loc = r.sites[0].loc;
    assert_eq!(loc.0, 1 | 65536 | 4096 | 16384);
    assert!(r.sites[0].unique());
    assert!(!loc.allows(T::of(0), r.era));
}
