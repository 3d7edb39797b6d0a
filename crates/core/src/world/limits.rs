//! The world limit: the most a world may hold (the coordinate range every hex lies in is
//! `hex::range`'s). Every
//! entry point (hex lists, `--settlement`, `--radius`, saves and their logs, templates) checks
//! against these numbers, and the store checks its capacity instead of wrapping.

use std::fmt;

use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::hex::Coord;
pub use crate::hex::range::{MAX_COORD, checked_hex, in_range};

/// The most hexes one world may hold (every benchmark's 10^7 fits).
pub const MAX_HEXES: u32 = 1 << 24;

/// The most 32x32 chunks of the store one world may touch: 512 MiB of cells. A compact world of
/// [`MAX_HEXES`] needs about 17,000; only hexes scattered far apart come near it.
pub const MAX_CHUNKS: u32 = 1 << 16;

/// The widest view `gen --radius` takes: the largest R whose 3R(R+1)+1 hexes fit [`MAX_HEXES`].
pub const MAX_VIEW_RADIUS: u32 = 2364;

/// The largest pocket one generation may enclose (and so turn to Lake at once).
pub const MAX_POCKET: u32 = 1 << 16;

/// A world's capacity; [`Limits::WORLD`] in play, smaller in tests that hit it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_hexes: u32,
    pub max_chunks: u32,
    pub max_pocket: u32,
}

impl Limits {
    pub const WORLD: Limits = Limits {
        max_hexes: MAX_HEXES,
        max_chunks: MAX_CHUNKS,
        max_pocket: MAX_POCKET,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Self::WORLD
    }
}

/// Why a hex was not generated: the world would pass one of its limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitError {
    /// The hex lies outside the coordinate range.
    OutOfRange { hex: Hex },
    /// The world holds as many hexes as it may (with the pocket the hex would close).
    Hexes { limit: u32 },
    /// The hex would need a new chunk past the store's chunk limit.
    Chunks { limit: u32 },
    /// The hex would enclose a pocket larger than the pocket limit (or the room left).
    Pocket { hex: Hex, limit: u32 },
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LimitError::OutOfRange { hex } => write!(
                f,
                "{} lies outside the world: at most {MAX_COORD} steps from the origin",
                Coord::from_hex(hex)
            ),
            LimitError::Hexes { limit } => {
                write!(f, "the world is full: at most {limit} hexes")
            }
            LimitError::Chunks { limit } => write!(
                f,
                "the world is spread too far: at most {limit} chunks of 32x32 hexes"
            ),
            LimitError::Pocket { hex, limit } => write!(
                f,
                "generating {} would enclose a pocket of more than {limit} hexes; it stays indeterminate",
                Coord::from_hex(hex)
            ),
        }
    }
}

impl std::error::Error for LimitError {}

/// Which limit refused a hex, as play logs and saves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    Range,
    Hexes,
    Chunks,
    Pocket,
}

impl Limit {
    /// The limit in words, with the world's numbers.
    pub fn describe(self) -> String {
        match self {
            Limit::Range => format!("the world ends {MAX_COORD} steps from the origin"),
            Limit::Hexes => format!("the world is full ({MAX_HEXES} hexes)"),
            Limit::Chunks => format!("the world is spread too far ({MAX_CHUNKS} chunks)"),
            Limit::Pocket => {
                format!("it would enclose a pocket of more than {MAX_POCKET} hexes")
            }
        }
    }
}

impl LimitError {
    pub fn limit(self) -> Limit {
        match self {
            LimitError::OutOfRange { .. } => Limit::Range,
            LimitError::Hexes { .. } => Limit::Hexes,
            LimitError::Chunks { .. } => Limit::Chunks,
            LimitError::Pocket { .. } => Limit::Pocket,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_widest_view_fits_the_world() {
        use crate::hex::hexes_within;
        assert!(hexes_within(MAX_VIEW_RADIUS) <= MAX_HEXES as u64);
        assert!(hexes_within(MAX_VIEW_RADIUS + 1) > MAX_HEXES as u64);
    }
}
