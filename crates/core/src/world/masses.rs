//! Union-finds with sizes, several sharing one array (a node's entries side by side, so one
//! cache line serves them all), 4 bytes a node each: a negative entry is a root holding minus its
//! size. Masses (same-biome groups) and the connected groups of generated hexes of any biome are
//! the two lanes the world keeps; both only ever merge, since a generated hex never changes biome.

#[derive(Debug, Clone)]
pub struct UnionFinds<const N: usize> {
    parent: Vec<[i32; N]>,
    /// The most nodes it takes: sizes and parents are `i32`, so never past `i32::MAX`.
    max: u32,
}

/// A union-find already holding its most nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Full {
    pub max: u32,
}

impl<const N: usize> Default for UnionFinds<N> {
    fn default() -> Self {
        Self::with_capacity(0, i32::MAX as u32)
    }
}

impl<const N: usize> UnionFinds<N> {
    /// Room reserved for `n` nodes, at most `max` (capped at `i32::MAX`) ever.
    pub fn with_capacity(n: usize, max: u32) -> Self {
        let max = max.min(i32::MAX as u32);
        Self {
            parent: Vec::with_capacity(n.min(max as usize)),
            max,
        }
    }

    /// Adds a node, on its own in every lane; returns its id, or `Full` at the capacity.
    #[inline]
    pub fn push(&mut self) -> Result<u32, Full> {
        let id = self.parent.len() as u32;
        if id >= self.max {
            return Err(Full { max: self.max });
        }
        self.parent.push([-1; N]);
        Ok(id)
    }

    pub fn len(&self) -> usize {
        self.parent.len()
    }

    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The root of `x` in `lane`, halving the path on the way.
    #[inline(always)]
    pub fn find(&mut self, lane: usize, mut x: u32) -> u32 {
        loop {
            let p = self.parent[x as usize][lane];
            if p < 0 {
                return x;
            }
            let gp = self.parent[p as usize][lane];
            if gp < 0 {
                return p as u32;
            }
            self.parent[x as usize][lane] = gp;
            x = gp as u32;
        }
    }

    /// The root of `x` in `lane` and the size of its set, halving the path on the way.
    #[inline(always)]
    pub fn find_sized(&mut self, lane: usize, mut x: u32) -> (u32, u32) {
        loop {
            let p = self.parent[x as usize][lane];
            if p < 0 {
                return (x, p.unsigned_abs());
            }
            let gp = self.parent[p as usize][lane];
            if gp < 0 {
                return (p as u32, gp.unsigned_abs());
            }
            self.parent[x as usize][lane] = gp;
            x = gp as u32;
        }
    }

    /// The root of `x` without compressing (for readers holding `&self`).
    #[inline]
    pub fn find_const(&self, lane: usize, mut x: u32) -> u32 {
        while self.parent[x as usize][lane] >= 0 {
            x = self.parent[x as usize][lane] as u32;
        }
        x
    }

    /// The size of the set holding `x` in `lane`.
    #[inline]
    pub fn size(&mut self, lane: usize, x: u32) -> u32 {
        let r = self.find(lane, x);
        (-self.parent[r as usize][lane]) as u32
    }

    pub fn size_const(&self, lane: usize, x: u32) -> u32 {
        (-self.parent[self.find_const(lane, x) as usize][lane]) as u32
    }

    /// Joins `fresh`, a node still on its own in `lane`, to the set of `other` (not holding
    /// `fresh`): a set of one is never the larger, so no sizes are compared.
    // Always inlined: generation calls it once a hex per lane, and a call costs as much as it.
    #[inline(always)]
    pub fn attach(&mut self, lane: usize, fresh: u32, other: u32) {
        let r = self.find(lane, other);
        self.attach_to_root(lane, fresh, r);
    }

    /// As [`UnionFinds::attach`], the other set's root already found.
    #[inline(always)]
    pub fn attach_to_root(&mut self, lane: usize, fresh: u32, root: u32) {
        debug_assert_eq!(self.parent[fresh as usize][lane], -1);
        debug_assert!(self.parent[root as usize][lane] < 0, "{root} is no root");
        self.parent[root as usize][lane] -= 1;
        self.parent[fresh as usize][lane] = root as i32;
    }

    /// Merges the sets of `a` and `b` in `lane` (the larger root stays); returns the root.
    #[inline]
    pub fn union(&mut self, lane: usize, a: u32, b: u32) -> u32 {
        let (ra, rb) = (self.find(lane, a), self.find(lane, b));
        if ra == rb {
            return ra;
        }
        let (pa, pb) = (
            self.parent[ra as usize][lane],
            self.parent[rb as usize][lane],
        );
        let (big, small) = if pa <= pb { (ra, rb) } else { (rb, ra) };
        self.parent[big as usize][lane] = pa + pb;
        self.parent[small as usize][lane] = big as i32;
        big
    }

    pub fn heap_bytes(&self) -> usize {
        self.parent.capacity() * 4 * N
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_unions_lane_by_lane() {
        let mut uf = UnionFinds::<2>::default();
        let n: Vec<u32> = (0..6).map(|_| uf.push().unwrap()).collect();
        uf.union(0, n[0], n[1]);
        uf.union(0, n[2], n[3]);
        assert_eq!(uf.size(0, n[1]), 2);
        uf.union(0, n[1], n[3]);
        assert_eq!(uf.size(0, n[0]), 4);
        assert_eq!(uf.find(0, n[0]), uf.find(0, n[2]));
        assert_eq!(uf.size(0, n[5]), 1);
        assert_eq!(uf.size_const(0, n[2]), 4);
        // The other lane is untouched.
        assert_eq!(uf.size(1, n[0]), 1);
        uf.union(1, n[4], n[5]);
        assert_eq!(uf.size_const(1, n[5]), 2);
        assert_eq!(uf.size_const(0, n[5]), 1);
        // A fresh node attached to a set of four joins it.
        let fresh = uf.push().unwrap();
        uf.attach(0, fresh, n[2]);
        assert_eq!(uf.size(0, fresh), 5);
        assert_eq!(uf.find(0, fresh), uf.find(0, n[0]));
        assert_eq!(uf.size(1, fresh), 1);
    }

    #[test]
    fn a_full_union_find_refuses_a_node() {
        let mut uf = UnionFinds::<2>::with_capacity(0, 3);
        for i in 0..3 {
            assert_eq!(uf.push(), Ok(i));
        }
        assert_eq!(uf.push(), Err(Full { max: 3 }));
        assert_eq!(uf.len(), 3);
        assert_eq!(
            UnionFinds::<1>::with_capacity(0, u32::MAX).max,
            i32::MAX as u32
        );
    }
}
