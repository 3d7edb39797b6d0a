//! Aeternus coordinates and directions. This is the one module that converts between the
//! Aeternus (x, y, z) triple and `hexx::Hex`; everything else works on `Hex`.
//!
//! Hexes are flat-topped and North is drawn straight up. In `hexx` axial terms
//! North is (0, -1), so a layout for drawing inverts hexx's y axis (see [`layout`]).

pub mod range;

use std::fmt;
use std::str::FromStr;

use hexx::{Hex, HexLayout};
use serde::{Deserialize, Serialize};

/// The six cardinal directions, in clockwise order from North.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    North,
    Ashe,
    Mouth,
    South,
    Zest,
    Weast,
}

impl Direction {
    /// Clockwise from North.
    pub const ALL: [Direction; 6] = [
        Direction::North,
        Direction::Ashe,
        Direction::Mouth,
        Direction::South,
        Direction::Zest,
        Direction::Weast,
    ];

    /// The direction's Aeternus vector, as the seed lists it.
    pub const fn vector(self) -> Coord {
        match self {
            Direction::North => Coord::new(0, 0, 1),
            Direction::Ashe => Coord::new(0, 1, 0),
            Direction::Mouth => Coord::new(1, 0, 0),
            Direction::South => Coord::new(0, 0, -1),
            Direction::Zest => Coord::new(0, -1, 0),
            Direction::Weast => Coord::new(-1, 0, 0),
        }
    }

    /// The direction as a `hexx` unit offset.
    pub const fn offset(self) -> Hex {
        match self {
            Direction::North => Hex::new(0, -1),
            Direction::Ashe => Hex::new(1, -1),
            Direction::Mouth => Hex::new(1, 0),
            Direction::South => Hex::new(0, 1),
            Direction::Zest => Hex::new(-1, 1),
            Direction::Weast => Hex::new(-1, 0),
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn clockwise(self) -> Direction {
        Direction::ALL[(self as usize + 1) % 6]
    }

    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }

    pub fn name(self) -> &'static str {
        match self {
            Direction::North => "North",
            Direction::Ashe => "Ashe",
            Direction::Mouth => "Mouth",
            Direction::South => "South",
            Direction::Zest => "Zest",
            Direction::Weast => "Weast",
        }
    }
}

/// Neighbour offsets in clockwise order from North, for hot loops.
pub const NEIGHBOURS: [Hex; 6] = [
    Direction::North.offset(),
    Direction::Ashe.offset(),
    Direction::Mouth.offset(),
    Direction::South.offset(),
    Direction::Zest.offset(),
    Direction::Weast.offset(),
];

/// The six neighbours of `hex`, clockwise from North.
#[inline]
pub fn neighbours(hex: Hex) -> [Hex; 6] {
    NEIGHBOURS.map(|d| hex + d)
}

/// An Aeternus (x, y, z) triple. Any spelling is accepted; [`Coord::canonical`] gives the
/// one with the fewest steps, which is how a hex is shown and saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Coord {
    pub x: i32,
    pub y: i32,
    pub z: i32,
}

fn median3(a: i32, b: i32, c: i32) -> i32 {
    a.max(b).min(a.min(b).max(c))
}

impl Coord {
    pub const fn new(x: i32, y: i32, z: i32) -> Self {
        Self { x, y, z }
    }

    /// The spelling with the fewest steps: (x-k, y+k, z-k) with k = median(x, -y, z),
    /// since Mouth plus North is Ashe, so (1,0,1) and (0,1,0) are one hex.
    pub fn canonical(self) -> Self {
        let k = median3(self.x, -self.y, self.z);
        Self::new(self.x - k, self.y + k, self.z - k)
    }

    pub fn to_hex(self) -> Hex {
        Hex::new(self.x + self.y, -self.y - self.z)
    }

    pub fn from_hex(hex: Hex) -> Self {
        Self::new(hex.x, 0, -hex.y).canonical()
    }

    /// Steps from the origin (of the canonical form).
    pub fn distance(self) -> u32 {
        let c = self.canonical();
        c.x.unsigned_abs() + c.y.unsigned_abs() + c.z.unsigned_abs()
    }
}

impl std::ops::Add for Coord {
    type Output = Coord;
    fn add(self, o: Coord) -> Coord {
        Coord::new(self.x + o.x, self.y + o.y, self.z + o.z)
    }
}

impl fmt::Display for Coord {
    /// Always the canonical spelling, e.g. `(0, 1, 0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.canonical();
        write!(f, "({}, {}, {})", c.x, c.y, c.z)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoordParseError(pub String);

impl fmt::Display for CoordParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for CoordParseError {}

impl FromStr for Coord {
    type Err = CoordParseError;

    /// Accepts `x,y,z`, optionally in parentheses and with spaces: `"1,0,1"`, `"(1, 0, 1)"`; a
    /// coordinate outside the world's range (`world::limits`) is refused.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let t = t
            .strip_prefix('(')
            .map_or(t, |t| t.strip_suffix(')').unwrap_or(t));
        let parts: Vec<&str> = t.split(',').map(str::trim).collect();
        if parts.len() != 3 {
            return Err(CoordParseError(format!(
                "`{s}` is not a coordinate: expected three integers `x,y,z`"
            )));
        }
        let mut v = [0i32; 3];
        for (i, p) in parts.iter().enumerate() {
            v[i] = p.parse().map_err(|_| {
                CoordParseError(format!(
                    "`{s}` is not a coordinate: `{p}` is not an integer"
                ))
            })?;
        }
        let c = Coord::new(v[0], v[1], v[2]);
        range::checked_hex(c).map_err(CoordParseError)?;
        Ok(c)
    }
}

impl Serialize for Coord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = self.canonical();
        (c.x, c.y, c.z).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (x, y, z) = <(i32, i32, i32)>::deserialize(d)?;
        let c = Coord::new(x, y, z);
        range::checked_hex(c).map_err(serde::de::Error::custom)?;
        Ok(c)
    }
}

/// How many hexes lie within `radius` steps of one: 3·R·(R+1)+1.
pub const fn hexes_within(radius: u32) -> u64 {
    let r = radius as u64;
    3 * r * (r + 1) + 1
}

/// Distance in steps between two hexes.
#[inline]
pub fn distance(a: Hex, b: Hex) -> u32 {
    a.unsigned_distance_to(b)
}

/// The hexes at exactly `radius` from `center`, clockwise starting from the one due North.
pub fn ring(center: Hex, radius: u32) -> Ring {
    Ring {
        cur: center + Direction::North.offset() * radius as i32,
        radius,
        leg: 0,
        step: 0,
    }
}

/// Walks a ring clockwise from its North corner: `radius` steps Mouth, then South, Zest, Weast,
/// North, Ashe.
#[derive(Debug, Clone)]
pub struct Ring {
    cur: Hex,
    radius: u32,
    leg: usize,
    step: u32,
}

const RING_LEGS: [Hex; 6] = [
    Direction::Mouth.offset(),
    Direction::South.offset(),
    Direction::Zest.offset(),
    Direction::Weast.offset(),
    Direction::North.offset(),
    Direction::Ashe.offset(),
];

impl Iterator for Ring {
    type Item = Hex;

    #[inline]
    fn next(&mut self) -> Option<Hex> {
        if self.leg >= 6 {
            return None;
        }
        let out = self.cur;
        if self.radius == 0 {
            self.leg = 6;
            return Some(out);
        }
        self.cur += RING_LEGS[self.leg];
        self.step += 1;
        if self.step == self.radius {
            self.step = 0;
            self.leg += 1;
        }
        Some(out)
    }
}

/// View order: nearest first, then clockwise from North, out to `radius` inclusive.
pub fn view_order(center: Hex, radius: u32) -> impl Iterator<Item = Hex> {
    (0..=radius).flat_map(move |r| ring(center, r))
}

/// The drawing layout: flat-topped, North up in a y-up world (Bevy's).
pub fn layout(size: f32) -> HexLayout {
    let mut l = HexLayout::flat().with_hex_size(size);
    l.invert_y();
    l
}

#[cfg(test)]
mod tests;
