//! Province terrain flags, site location flags (the document's first table, same numbers) and
//! the check each location row makes, exactly as its "actual check" column says.

use serde::Deserialize;

/// A province's Dominions terrain: named flags, and the path flags (path id `p` is Dominions'
/// 2^(13 + p), kept here as bit `p` of `paths`). Flags are independent: `deep sea`, `kelp forest`
/// and `underwater` do not imply `sea`; a rule file lists every flag it means.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Terrain {
    pub flags: u16,
    pub paths: u32,
}

/// A location row's "actual check" on a province's terrain.
type TerrainCheck = fn(Terrain) -> bool;
impl Terrain {
    pub const PLAINS: u16 = 1 << 0;
    pub const FOREST: u16 = 1 << 1;
    pub const MOUNTAINS: u16 = 1 << 2;
    pub const HIGHLAND: u16 = 1 << 3;
    pub const WASTE: u16 = 1 << 4;
    pub const SEA: u16 = 1 << 5;
    pub const DEEP_SEA: u16 = 1 << 6;
    pub const COAST: u16 = 1 << 7;
    pub const SWAMP: u16 = 1 << 8;
    pub const CAVE: u16 = 1 << 9;
    pub const FARM: u16 = 1 << 10;
    pub const MANY_SITES: u16 = 1 << 11;
    pub const THRONE: u16 = 1 << 12;
    pub const KELP_FOREST: u16 = 1 << 13;
    pub const UNDERWATER: u16 = 1 << 14;

    /// The names a rule file uses.
    pub const NAMES: [(&'static str, u16); 15] = [
        ("plains", Self::PLAINS),
        ("forest", Self::FOREST),
        ("mountains", Self::MOUNTAINS),
        ("highland", Self::HIGHLAND),
        ("waste", Self::WASTE),
        ("sea", Self::SEA),
        ("deep sea", Self::DEEP_SEA),
        ("coast", Self::COAST),
        ("swamp", Self::SWAMP),
        ("cave", Self::CAVE),
        ("farm", Self::FARM),
        ("many sites", Self::MANY_SITES),
        ("throne", Self::THRONE),
        ("kelp forest", Self::KELP_FOREST),
        ("underwater", Self::UNDERWATER),
    ];

    pub const fn of(flags: u16) -> Terrain {
        Terrain { flags, paths: 0 }
    }

    pub fn with_path(self, path: u8) -> Terrain {
        Terrain {
            paths: self.paths | 1 << path,
            ..self
        }
    }

    /// Every one of `flags` is set.
    pub fn has(self, flags: u16) -> bool {
        self.flags & flags == flags
    }

    /// At least one of `flags` is set.
    pub fn any(self, flags: u16) -> bool {
        self.flags & flags != 0
    }

    /// A hex's terrain is its biome's and its landmark's together.
    pub fn union(self, other: Terrain) -> Terrain {
        Terrain {
            flags: self.flags | other.flags,
            paths: self.paths | other.paths,
        }
    }

    /// The path step's path: the lowest id wins.
    pub fn lowest_path(self) -> Option<u8> {
        (self.paths != 0).then(|| self.paths.trailing_zeros() as u8)
    }
}

/// The world's era, a setting of the site rules; the `not EA/MA/LA` bits read against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Era {
    Early,
    Middle,
    Late,
}

/// A site's `#loc` mask, with the first table's numbers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Loc(pub u32);

impl Loc {
    pub const PLAINS: u32 = 1;
    pub const FOREST: u32 = 2;
    pub const MOUNTAIN: u32 = 4;
    pub const WASTE: u32 = 8;
    pub const SEA: u32 = 32;
    pub const COAST: u32 = 64;
    pub const SWAMP: u32 = 128;
    pub const DEEP_SEA: u32 = 256;
    pub const CAVE: u32 = 512;
    pub const NOT_EARLY: u32 = 1024;
    pub const NOT_MIDDLE: u32 = 2048;
    pub const NOT_LATE: u32 = 4096;
    pub const UNIQUE: u32 = 16384;
    pub const CAVES_ONLY: u32 = 32768;
    pub const SEA_NOT_FOREST: u32 = 65536;
    pub const SEA_NOT_DEEP_SEA: u32 = 131072;

    /// The names a rule file uses (the number itself is accepted too).
    pub const NAMES: [(&'static str, u32); 16] = [
        ("plains", Self::PLAINS),
        ("forest", Self::FOREST),
        ("mountain", Self::MOUNTAIN),
        ("waste", Self::WASTE),
        ("sea", Self::SEA),
        ("coast", Self::COAST),
        ("swamp", Self::SWAMP),
        ("deep sea", Self::DEEP_SEA),
        ("cave", Self::CAVE),
        ("not early", Self::NOT_EARLY),
        ("not middle", Self::NOT_MIDDLE),
        ("not late", Self::NOT_LATE),
        ("unique", Self::UNIQUE),
        ("caves only", Self::CAVES_ONLY),
        ("sea not forest", Self::SEA_NOT_FOREST),
        ("sea not deep sea", Self::SEA_NOT_DEEP_SEA),
    ];

    /// The rows that name terrain a site may appear on, each with its "actual check".
    const CHECKS: [(u32, TerrainCheck); 11] = [
        (Self::PLAINS, |t| {
            use Terrain as T;
            !t.any(T::SEA | T::HIGHLAND | T::SWAMP | T::WASTE | T::FOREST | T::CAVE | T::MOUNTAINS)
        }),
        (Self::FOREST, |t| {
            t.has(Terrain::FOREST) && !t.has(Terrain::SEA)
        }),
        (Self::MOUNTAIN, |t| {
            t.any(Terrain::MOUNTAINS | Terrain::HIGHLAND) && !t.has(Terrain::SEA)
        }),
        (Self::WASTE, |t| t.has(Terrain::WASTE)),
        (Self::SEA, |t| t.has(Terrain::SEA)),
        (Self::COAST, |t| t.has(Terrain::COAST)),
        (Self::SWAMP, |t| {
            t.has(Terrain::SWAMP) && !t.has(Terrain::SEA)
        }),
        (Self::DEEP_SEA, |t| t.has(Terrain::DEEP_SEA)),
        (Self::CAVE, |t| t.has(Terrain::CAVE)),
        (Self::SEA_NOT_FOREST, |t| {
            t.has(Terrain::SEA) && !t.has(Terrain::FOREST)
        }),
        (Self::SEA_NOT_DEEP_SEA, |t| {
            t.has(Terrain::SEA) && !t.has(Terrain::DEEP_SEA)
        }),
    ];

    /// The bits that name terrain (the rows of `CHECKS`).
    pub const PLACES: u32 = 1 | 2 | 4 | 8 | 32 | 64 | 128 | 256 | 512 | 65536 | 131072;

    pub fn has(self, bit: u32) -> bool {
        self.0 & bit != 0
    }

    /// Whether a site with this mask may appear on `t` in `era`: not excluded by the era, and at
    /// least one of its terrain rows passes. `caves only` adds "the province is a cave"; with no
    /// terrain row beside it, any cave will do.
    pub fn allows(self, t: Terrain, era: Era) -> bool {
        let excluded = match era {
            Era::Early => Self::NOT_EARLY,
            Era::Middle => Self::NOT_MIDDLE,
            Era::Late => Self::NOT_LATE,
        };
        if self.has(excluded) {
            return false;
        }
        let rows = Self::CHECKS
            .iter()
            .any(|(bit, check)| self.has(*bit) && check(t));
        if self.has(Self::CAVES_ONLY) {
            return t.has(Terrain::CAVE) && (rows || self.0 & Self::PLACES == 0);
        }
        rows
    }

    /// Whether any province in some era could hold the site (validation rejects the others).
    pub fn can_appear(self) -> bool {
        let eras = Self::NOT_EARLY | Self::NOT_MIDDLE | Self::NOT_LATE;
        self.0 & eras != eras && self.0 & (Self::PLACES | Self::CAVES_ONLY) != 0
    }
}
