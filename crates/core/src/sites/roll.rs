//! One province's sites: the local frequency, the path step, the eight rolls, and the uniform
//! draw among the sites that fit. Draws come from streams keyed on (world seed, hex, step).

use hexx::Hex;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::{SiteRules, Terrain};
use crate::worldgen::stream::{Purpose, key, mix};

pub const ROLLS: usize = 8;
pub const PATH_ATTEMPTS: u32 = 100;

/// The terrain table's modifiers, in the order they are checked; a row applies when the province
/// has every flag of it. The farm row is negative and stops at 5.
pub const MODIFIERS: [(u16, i32); 11] = [
    (Terrain::MANY_SITES, 25),
    (Terrain::THRONE, 20),
    (Terrain::FARM, -20),
    (Terrain::WASTE, 20),
    (Terrain::CAVE, 15),
    (Terrain::KELP_FOREST, 10),
    (Terrain::FOREST, 10),
    (Terrain::MOUNTAINS, 10),
    (Terrain::HIGHLAND | Terrain::UNDERWATER, 15),
    (Terrain::HIGHLAND, 5),
    (Terrain::DEEP_SEA, 10),
];

/// Which step made a site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Path,
    Roll,
}

impl Step {
    pub fn name(self) -> &'static str {
        match self {
            Step::Path => "path",
            Step::Roll => "roll",
        }
    }
}

/// A site placed on a province.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub hex: Hex,
    /// Index into [`SiteRules::sites`].
    pub site: usize,
    pub step: Step,
}

/// The unique sites a world already holds.
#[derive(Debug, Clone, Default)]
pub struct Uniques(Vec<bool>);

impl Uniques {
    pub fn taken(&self, site: usize) -> bool {
        self.0.get(site).copied().unwrap_or(false)
    }

    fn take(&mut self, site: usize) {
        if self.0.len() <= site {
            self.0.resize(site + 1, false);
        }
        self.0[site] = true;
    }
}

/// Base, then every modifier in table order. A −20 never takes the frequency below 5 (nor
/// raises one already under 5).
pub fn local_frequency(base: u32, t: Terrain) -> u32 {
    MODIFIERS
        .iter()
        .fold(base, |f, &(flags, m)| match t.has(flags) {
            false => f,
            true if m < 0 => f.saturating_sub(m.unsigned_abs()).max(f.min(5)),
            true => f + m as u32,
        })
}

/// The eight frequencies rolled against: each is ⌊previous · 75 / 100⌋.
pub fn frequencies(f: u32) -> [u32; ROLLS] {
    let mut out = [0; ROLLS];
    out.iter_mut().fold(f, |f, slot| {
        *slot = f;
        f * 75 / 100
    });
    out
}

/// Step two's rarity: 0 at 30/40, 2 at 1/40, else (9/40) 1.
pub fn roll_rarity(rng: &mut Pcg64Mcg) -> u8 {
    match rng.random_range(0..40u32) {
        0..30 => 0,
        30 => 2,
        _ => 1,
    }
}

/// The path step's rarity: 2 at 4/80, 1 at 19/80, else (57/80) 0.
pub fn path_rarity(rng: &mut Pcg64Mcg) -> u8 {
    match rng.random_range(0..80u32) {
        0..4 => 2,
        4..23 => 1,
        _ => 0,
    }
}

/// A tag of our own folded into the shared per-hex key, so no other purpose shares these draws.
const SITES_DOMAIN: u64 = 0x5349_5445_5345_5453; // "SITESETS"

/// Each step has its own stream: the rolls do not depend on how many path attempts ran.
pub fn stream(seed: u64, hex: Hex, step: Step) -> Pcg64Mcg {
    let k = mix(key(seed, hex, Purpose::Biome) ^ SITES_DOMAIN);
    Pcg64Mcg::seed_from_u64(mix(k ^ step as u64))
}

/// Uniform among the sites of `rarity` (and `path`, when given) that the province allows and
/// that are not unique sites already placed.
pub fn pick(
    rules: &SiteRules,
    rng: &mut Pcg64Mcg,
    t: Terrain,
    rarity: u8,
    path: Option<u8>,
    used: &Uniques,
) -> Option<usize> {
    let fits = |(i, s): &(usize, &super::Site)| {
        s.rarity == rarity
            && path.is_none_or(|p| s.path == Some(p))
            && !(s.unique() && used.taken(*i))
            && s.loc.allows(t, rules.era)
    };
    let n = rules.sites.iter().enumerate().filter(fits).count();
    if n == 0 {
        return None;
    }
    let k = rng.random_range(0..n);
    rules
        .sites
        .iter()
        .enumerate()
        .filter(fits)
        .nth(k)
        .map(|x| x.0)
}

/// Step one: the lowest path's up to 100 attempts. Returns the site and the attempts made.
pub fn path_step(
    rules: &SiteRules,
    rng: &mut Pcg64Mcg,
    t: Terrain,
    used: &Uniques,
) -> (Option<usize>, u32) {
    let Some(path) = t.lowest_path() else {
        return (None, 0);
    };
    for attempt in 1..=PATH_ATTEMPTS {
        let rarity = path_rarity(rng);
        if let Some(s) = pick(rules, rng, t, rarity, Some(path), used) {
            return (Some(s), attempt);
        }
    }
    (None, PATH_ATTEMPTS)
}

/// Both steps for one province, appending to `out` and marking unique sites in `used`.
pub fn roll_province(
    rules: &SiteRules,
    seed: u64,
    hex: Hex,
    t: Terrain,
    used: &mut Uniques,
    out: &mut Vec<Placed>,
) {
    let mut place = |site: usize, step, used: &mut Uniques| {
        if rules.sites[site].unique() {
            used.take(site);
        }
        out.push(Placed { hex, site, step });
    };
    if let (Some(s), _) = path_step(rules, &mut stream(seed, hex, Step::Path), t, used) {
        place(s, Step::Path, used);
    }
    let mut rng = stream(seed, hex, Step::Roll);
    for f in frequencies(local_frequency(rules.base_frequency, t)) {
        if rng.random_range(0..100u32) >= f {
            continue;
        }
        let rarity = roll_rarity(&mut rng);
        if let Some(s) = pick(rules, &mut rng, t, rarity, None, used) {
            place(s, Step::Roll, used);
        }
    }
}
