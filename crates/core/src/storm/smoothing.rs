//! Smoothing: every cell takes the most frequent biome among its neighbours when at least
//! `threshold` of them share it. All cells change together: a pass reads only the map as it was
//! before the pass. Border cells count only the neighbours that exist, so they need `threshold`
//! of those. Minimum distances are not checked again (the seed says so).

use super::disc::{Disc, NONE};
use super::rules::BiomeId;

/// Runs `passes` passes in place (double-buffered).
pub fn smooth(disc: &Disc, biomes: &mut Vec<BiomeId>, passes: u32, threshold: u32) {
    let mut next = biomes.clone();
    for _ in 0..passes {
        pass(disc, biomes, &mut next, threshold);
        std::mem::swap(biomes, &mut next);
    }
}

/// One pass: `to[i]` from `from` alone.
pub fn pass(disc: &Disc, from: &[BiomeId], to: &mut [BiomeId], threshold: u32) {
    for (i, out) in to.iter_mut().enumerate() {
        *out = majority(disc.neighbours(i), from, threshold).unwrap_or(from[i]);
    }
}

/// The biome at least `threshold` neighbours share (unique, since the threshold is above half).
fn majority(ns: &[u32; 6], from: &[BiomeId], threshold: u32) -> Option<BiomeId> {
    for (j, &a) in ns.iter().enumerate() {
        if a == NONE {
            continue;
        }
        let b = from[a as usize];
        let count = ns[j..]
            .iter()
            .filter(|&&n| n != NONE && from[n as usize] == b)
            .count() as u32;
        if count >= threshold {
            return Some(b);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexx::Hex;

    const A: BiomeId = BiomeId(0);
    const B: BiomeId = BiomeId(1);
    const C: BiomeId = BiomeId(2);

    /// A radius-1 map: the centre and its ring (clockwise from North), all else C.
    fn small(centre: BiomeId, ring: [BiomeId; 6]) -> (Disc, Vec<BiomeId>) {
        let disc = Disc::new(1);
        let mut m = vec![centre];
        m.extend(ring);
        (disc, m)
    }

    fn one_pass(disc: &Disc, m: &[BiomeId]) -> Vec<BiomeId> {
        let mut to = m.to_vec();
        pass(disc, m, &mut to, 4);
        to
    }

    #[test]
    fn four_of_six_change_a_cell_three_do_not() {
        let (d, m) = small(A, [B, B, C, B, C, B]);
        assert_eq!(one_pass(&d, &m)[0], B);
        let (d, m) = small(A, [B, B, C, B, C, C]);
        assert_eq!(one_pass(&d, &m)[0], A, "three of six is not enough");
        let (d, m) = small(A, [B, B, B, B, B, B]);
        assert_eq!(one_pass(&d, &m)[0], B);
        let (d, m) = small(A, [A, A, A, A, B, B]);
        assert_eq!(one_pass(&d, &m)[0], A);
    }

    #[test]
    fn border_cells_need_four_the_same() {
        // Radius 2: a corner has three neighbours, an edge cell four.
        let disc = Disc::new(2);
        let corner = disc.index(Hex::new(0, -2)).unwrap();
        let edge = disc.index(Hex::new(1, -2)).unwrap();
        assert_eq!(
            disc.neighbours(corner)
                .iter()
                .filter(|&&n| n != NONE)
                .count(),
            3
        );
        assert_eq!(
            disc.neighbours(edge).iter().filter(|&&n| n != NONE).count(),
            4
        );
        // Everything B except the two cells under test: the corner sees only 3 B, never changes.
        let mut m = vec![B; disc.len()];
        m[corner] = A;
        m[edge] = C;
        let out = one_pass(&disc, &m);
        assert_eq!(out[corner], A, "a corner can never gather four");
        // The edge cell's four neighbours: the corner (A) and three B: no change.
        assert_eq!(out[edge], C);
        // Make the corner B too: now the edge cell has four B.
        m[corner] = B;
        assert_eq!(one_pass(&disc, &m)[edge], B);
    }

    #[test]
    fn a_pass_reads_the_old_map_only() {
        // The centre flips to B (five B neighbours). North of it, cell N sees three B and the
        // centre's old A: it keeps C. Updating in place would show N the new centre: four B.
        let disc = Disc::new(2);
        let mut m = vec![C; disc.len()];
        m[0] = A;
        m[2..=6].fill(B);
        let n = disc.index(Hex::new(0, -1)).unwrap();
        assert_eq!(n, 1);
        m[disc.index(Hex::new(0, -2)).unwrap()] = B;
        let out = one_pass(&disc, &m);
        assert_eq!(out[0], B);
        assert_eq!(out[n], C);
        // A block of seven B in a sea of A is stable under any number of passes.
        let disc = Disc::new(3);
        let mut m = vec![A; disc.len()];
        for i in disc.ring(0).chain(disc.ring(1)) {
            m[i] = B;
        }
        let mut after = m.clone();
        smooth(&disc, &mut after, 2, 4);
        assert_eq!(after, m);
    }
}
