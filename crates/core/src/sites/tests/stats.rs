//! The statistics of many seeded provinces: site counts and rarities.

use super::*;
use crate::sites::roll::{Uniques, path_rarity, roll_province, stream};
use crate::sites::{Placed, Step, Terrain};
use hexx::Hex;

/// Rolls `n` plains provinces and returns every site placed.
fn roll_many(rules: &SiteRules, n: i32) -> Vec<Placed> {
    let mut out = Vec::new();
    for i in 0..n {
        let hex = Hex::new(i % 200 - 100, i / 200 - 50);
        let t = Terrain::of(Terrain::PLAINS);
        roll_province(rules, 11, hex, t, &mut Uniques::default(), &mut out);
    }
    out
}

/// The mean count is the sum of the eight frequencies over 100; its standard error over 20,000
/// provinces is about 0.008, so 0.035 is more than four of them.
#[test]
fn a_province_makes_one_point_three_nine_or_three_point_five_six_sites() {
    let n = 20_000;
    for (base, expected) in [(40, 1.39), (100, 3.56)] {
        let mean = roll_many(&rules(base, "Middle", EVERYWHERE), n).len() as f64 / n as f64;
        assert!(
            (mean - expected).abs() < 0.035,
            "base {base}: {mean} sites a province, expected {expected}"
        );
    }
}

/// Rarities 0, 1, 2 at 75%, 22.5%, 2.5% of the roll step's sites (about 71,000 of them here:
/// standard errors 0.0016, 0.0016, 0.0006).
#[test]
fn rolled_rarities_are_three_quarters_common_one_in_forty_rare() {
    let r = rules(100, "Middle", EVERYWHERE);
    let sites = roll_many(&r, 20_000);
    assert!(sites.iter().all(|p| p.step == Step::Roll));
    let mut counts = [0f64; 3];
    for p in &sites {
        counts[r.sites[p.site].rarity as usize] += 1.0;
    }
    let total = sites.len() as f64;
    for (rarity, want, tol) in [(0, 0.75, 0.008), (1, 0.225, 0.008), (2, 0.025, 0.003)] {
        let got = counts[rarity] / total;
        assert!(
            (got - want).abs() < tol,
            "rarity {rarity}: {got}, expected {want}"
        );
    }
}

/// The path step's rarities: 2 at 5%, 1 at 19/80, else 0.
#[test]
fn path_rarities_are_five_percent_rare_nineteen_eightieths_uncommon() {
    let mut counts = [0f64; 3];
    let n = 100_000;
    for i in 0..n {
        let mut rng = stream(3, Hex::new(i, 0), Step::Path);
        counts[path_rarity(&mut rng) as usize] += 1.0;
    }
    for (rarity, want) in [(0, 57.0 / 80.0), (1, 19.0 / 80.0), (2, 0.05)] {
        let got = counts[rarity] / n as f64;
        assert!(
            (got - want).abs() < 0.006,
            "rarity {rarity}: {got}, expected {want}"
        );
    }
}
