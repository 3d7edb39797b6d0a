//! The geometry of a finite map: every cell within `radius` of the centre, indexed densely in
//! view order (the centre, then ring by ring clockwise from North), with a neighbour table so
//! hot loops never hash. Any radius works, so tests can use small hand-made maps.

use std::ops::Range;

use hexx::Hex;

use crate::hex::{neighbours, view_order};

/// "No cell here": a neighbour beyond the border.
pub const NONE: u32 = u32::MAX;

#[derive(Debug, Clone)]
pub struct Disc {
    radius: u32,
    cells: Vec<Hex>,
    /// Square lookup over axial (q, r) in [-radius, radius]²: cell index or NONE.
    lookup: Vec<u32>,
    neighbours: Vec<[u32; 6]>,
}

impl Disc {
    pub fn new(radius: u32) -> Disc {
        let cells: Vec<Hex> = view_order(Hex::ZERO, radius).collect();
        let side = 2 * radius as usize + 1;
        let mut lookup = vec![NONE; side * side];
        for (i, h) in cells.iter().enumerate() {
            lookup[Self::square(radius, *h)] = i as u32;
        }
        let mut disc = Disc {
            radius,
            cells,
            lookup,
            neighbours: Vec::new(),
        };
        disc.neighbours = disc
            .cells
            .iter()
            .map(|h| neighbours(*h).map(|n| disc.index(n).map_or(NONE, |i| i as u32)))
            .collect();
        disc
    }

    fn square(radius: u32, h: Hex) -> usize {
        let (r, side) = (radius as i32, 2 * radius as usize + 1);
        (h.y + r) as usize * side + (h.x + r) as usize
    }

    pub fn radius(&self) -> u32 {
        self.radius
    }

    /// 3·r·(r+1) + 1 cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn cells(&self) -> &[Hex] {
        &self.cells
    }

    pub fn hex(&self, i: usize) -> Hex {
        self.cells[i]
    }

    pub fn index(&self, h: Hex) -> Option<usize> {
        if h.unsigned_distance_to(Hex::ZERO) > self.radius {
            return None;
        }
        Some(self.lookup[Self::square(self.radius, h)] as usize)
    }

    /// The cell's six neighbours clockwise from North; NONE beyond the border.
    pub fn neighbours(&self, i: usize) -> &[u32; 6] {
        &self.neighbours[i]
    }

    /// Distance from the centre.
    pub fn distance(&self, i: usize) -> u32 {
        self.cells[i].unsigned_distance_to(Hex::ZERO)
    }

    /// The indices of the ring at `d`, clockwise from North.
    pub fn ring(&self, d: u32) -> Range<usize> {
        if d == 0 {
            return 0..1;
        }
        if d > self.radius {
            return self.len()..self.len();
        }
        let d = d as usize;
        let start = 3 * d * (d - 1) + 1;
        start..start + 6 * d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::ring;

    #[test]
    fn sizes_rings_and_neighbours() {
        assert_eq!(Disc::new(30).len(), 2791);
        let d = Disc::new(4);
        assert_eq!(d.len(), 61);
        for r in 0..=4 {
            let got: Vec<Hex> = d.ring(r).map(|i| d.hex(i)).collect();
            assert_eq!(got, ring(Hex::ZERO, r).collect::<Vec<_>>());
            assert!(d.ring(r).all(|i| d.distance(i) == r));
        }
        for i in 0..d.len() {
            assert_eq!(d.index(d.hex(i)), Some(i));
            let n = d.neighbours(i).iter().filter(|&&n| n != NONE).count();
            assert_eq!(
                n,
                if d.distance(i) < 4 {
                    6
                } else if is_corner(d.hex(i)) {
                    3
                } else {
                    4
                }
            );
        }
        assert_eq!(d.index(Hex::new(5, 0)), None);
    }

    fn is_corner(h: Hex) -> bool {
        [h.x, h.y, -h.x - h.y]
            .iter()
            .filter(|v| v.abs() == 4)
            .count()
            == 2
    }
}
