//! Union-find with sizes, 4 bytes a node: a negative entry is a root holding minus its size.
//! Masses (same-biome groups) and the connected groups of generated hexes both use it; both only
//! ever merge, since a generated hex never changes biome.

#[derive(Debug, Default, Clone)]
pub struct UnionFind {
    parent: Vec<i32>,
}

impl UnionFind {
    pub fn with_capacity(n: usize) -> Self {
        Self {
            parent: Vec::with_capacity(n),
        }
    }

    /// Adds a node of its own; returns its id.
    #[inline]
    pub fn push(&mut self) -> u32 {
        self.parent.push(-1);
        (self.parent.len() - 1) as u32
    }

    pub fn len(&self) -> usize {
        self.parent.len()
    }

    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The root of `x`, halving the path on the way.
    #[inline]
    pub fn find(&mut self, mut x: u32) -> u32 {
        loop {
            let p = self.parent[x as usize];
            if p < 0 {
                return x;
            }
            let gp = self.parent[p as usize];
            if gp < 0 {
                return p as u32;
            }
            self.parent[x as usize] = gp;
            x = gp as u32;
        }
    }

    /// The root of `x` without compressing (for readers holding `&self`).
    #[inline]
    pub fn find_const(&self, mut x: u32) -> u32 {
        while self.parent[x as usize] >= 0 {
            x = self.parent[x as usize] as u32;
        }
        x
    }

    /// The size of the set holding `x`.
    #[inline]
    pub fn size(&mut self, x: u32) -> u32 {
        let r = self.find(x);
        (-self.parent[r as usize]) as u32
    }

    pub fn size_const(&self, x: u32) -> u32 {
        (-self.parent[self.find_const(x) as usize]) as u32
    }

    /// Merges the sets of `a` and `b` (the larger root stays); returns the root.
    #[inline]
    pub fn union(&mut self, a: u32, b: u32) -> u32 {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        let (big, small) = if self.parent[ra as usize] <= self.parent[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[big as usize] += self.parent[small as usize];
        self.parent[small as usize] = big as i32;
        big
    }

    pub fn heap_bytes(&self) -> usize {
        self.parent.capacity() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_unions() {
        let mut uf = UnionFind::default();
        let n: Vec<u32> = (0..6).map(|_| uf.push()).collect();
        uf.union(n[0], n[1]);
        uf.union(n[2], n[3]);
        assert_eq!(uf.size(n[1]), 2);
        uf.union(n[1], n[3]);
        assert_eq!(uf.size(n[0]), 4);
        assert_eq!(uf.find(n[0]), uf.find(n[2]));
        assert_eq!(uf.size(n[5]), 1);
        assert_eq!(uf.size_const(n[2]), 4);
    }
}
