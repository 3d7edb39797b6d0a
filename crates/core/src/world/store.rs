//! The dense chunked store: a fixed array of 8-byte cells per 32x32 chunk of axial space,
//! found through a small hash map, so a hex and its neighbours are usually in one cache line run.

use bevy::platform::collections::HashMap;
use hexx::Hex;

use super::limits::{LimitError, MAX_CHUNKS};
use crate::hex::NEIGHBOURS;

pub const CHUNK_SHIFT: i32 = 5;
pub const CHUNK_SIDE: i32 = 1 << CHUNK_SHIFT;
pub const CHUNK_CELLS: usize = (CHUNK_SIDE * CHUNK_SIDE) as usize;
const MASK: i32 = CHUNK_SIDE - 1;
const CHUNK_BITS: u32 = 2 * CHUNK_SHIFT as u32;
const LOCAL_MASK: u32 = (1 << CHUNK_BITS) - 1;

/// One hex's state. `biome == INDETERMINATE` marks a hex not yet generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// Generation order, also the hex's node in the union-finds.
    pub node: u32,
    pub features: u16,
    pub biome: u8,
    pub landmark: u8,
}

pub const INDETERMINATE: u8 = u8::MAX;

impl Cell {
    pub const EMPTY: Cell = Cell {
        node: u32::MAX,
        features: 0,
        biome: INDETERMINATE,
        landmark: 0,
    };

    #[inline]
    pub fn is_generated(&self) -> bool {
        self.biome != INDETERMINATE
    }
}

type Chunk = [Cell; CHUNK_CELLS];

pub struct Store {
    index: HashMap<(i32, i32), u32>,
    // Boxed so growing the list moves pointers, not 8 KB chunks, and holds no spare chunk room.
    #[allow(clippy::vec_box)]
    chunks: Vec<Box<Chunk>>,
    /// Each chunk's key, by chunk index (to name the hex of a slot).
    keys: Vec<(i32, i32)>,
    /// Each chunk's six neighbouring chunks, the way of each of [`NEIGHBOURS`] (the chunk a hex
    /// on the border meets stepping that way), [`NO_CHUNK`] where none is made: linked both
    /// ways as chunks are made and forgotten, so reading across a border needs no hash look-up.
    links: Vec<[u32; 6]>,
    /// The chunk found last: consecutive generations are usually in one chunk.
    last: Option<((i32, i32), u32)>,
    /// The most chunks it makes; a slot holds a chunk index in its top 20 bits.
    max_chunks: u32,
}

/// A chunk not made (yet), in [`Store`]'s links.
const NO_CHUNK: u32 = u32::MAX;

/// The way (index in [`NEIGHBOURS`]) from a chunk to the one `(dx + 1) * 3 + dy + 1` away, for
/// the six a hex's neighbour can lie in; the other three never occur.
const WAY: [usize; 9] = [6, 5, 4, 0, 6, 3, 1, 2, 6];

/// The low bits of a `u32` a slot takes; the two above are free for its holder (the world's
/// generation order keeps each hex's cause there).
pub const SLOT_BITS: u32 = 30;

/// Chunk indices a slot can hold (16 times the world's chunk limit).
const SLOT_CHUNKS: u32 = 1 << (SLOT_BITS - CHUNK_BITS);

impl Default for Store {
    fn default() -> Self {
        Self::new(MAX_CHUNKS)
    }
}

/// A cell's place in the store: chunk index and offset in it, in the low [`SLOT_BITS`] of 4 bytes
/// where a `Hex` takes 8.
pub type Slot = u32;

/// A hex's chunk key and its offset in the chunk.
#[inline]
pub fn split(h: Hex) -> ((i32, i32), usize) {
    let key = (h.x >> CHUNK_SHIFT, h.y >> CHUNK_SHIFT);
    let local = ((h.y & MASK) * CHUNK_SIDE + (h.x & MASK)) as usize;
    (key, local)
}

impl Store {
    /// An empty store that makes at most `max_chunks` chunks (never more than a slot can name).
    pub fn new(max_chunks: u32) -> Self {
        Self {
            index: HashMap::default(),
            chunks: Vec::new(),
            keys: Vec::new(),
            links: Vec::new(),
            last: None,
            max_chunks: max_chunks.min(SLOT_CHUNKS),
        }
    }

    #[inline]
    pub fn get(&self, h: Hex) -> Cell {
        let (key, local) = split(h);
        match self.index.get(&key) {
            Some(&c) => self.chunks[c as usize][local],
            None => Cell::EMPTY,
        }
    }

    /// The six neighbours of `h`, clockwise from North.
    #[inline]
    pub fn neighbourhood(&self, h: Hex) -> [Cell; 6] {
        self.with_neighbourhood(h).1
    }

    /// `h`'s slot (its chunk made when it has none), its cell and its six neighbours: what
    /// generating `h` reads, with `h`'s chunk found once, usually through the last-chunk cache.
    #[inline(always)]
    pub fn claim(&mut self, h: Hex) -> Result<(Slot, bool, [Cell; 6]), LimitError> {
        let slot = self.slot(h)?;
        Ok(self.claimed(slot, h))
    }

    /// As [`Store::claim`] once `h`'s slot is had: infallible, so the six cells are not moved
    /// through a `Result`.
    #[inline(always)]
    pub fn claimed(&self, slot: Slot, h: Hex) -> (Slot, bool, [Cell; 6]) {
        let mut around = [Cell::EMPTY; 6];
        let this = self.claimed_into(slot, h, &mut around);
        (slot, this, around)
    }

    /// As [`Store::claimed`], writing the six neighbours into `around` (which the caller keeps,
    /// so they are not copied on the way) and returning whether `h` is generated.
    #[inline(always)]
    pub fn claimed_into(&self, slot: Slot, h: Hex, around: &mut [Cell; 6]) -> bool {
        let c = slot >> CHUNK_BITS;
        let chunk = &*self.chunks[c as usize];
        self.around_into(h, Some((c, chunk)), around);
        chunk[(slot & LOCAL_MASK) as usize].is_generated()
    }

    /// `h` and its six neighbours: one chunk look-up when `h` lies inside its chunk's border, as
    /// most hexes do; on the border, its chunk's links.
    #[inline(always)]
    pub fn with_neighbourhood(&self, h: Hex) -> (Cell, [Cell; 6]) {
        let (key, local) = split(h);
        let own = self
            .index
            .get(&key)
            .map(|&c| (c, &*self.chunks[c as usize]));
        let mut around = [Cell::EMPTY; 6];
        self.around_into(h, own, &mut around);
        (own.map_or(Cell::EMPTY, |(_, chunk)| chunk[local]), around)
    }

    /// `h`'s six neighbours into `around` (left as they are where no chunk holds them: the
    /// caller's are empty), `own` the index of `h`'s chunk and the chunk, when it exists.
    #[inline(always)]
    fn around_into(&self, h: Hex, own: Option<(u32, &Chunk)>, around: &mut [Cell; 6]) {
        let (lx, ly) = (h.x & MASK, h.y & MASK);
        let local = split(h).1;
        if lx > 0 && lx < MASK && ly > 0 && ly < MASK {
            if let Some((_, chunk)) = own {
                // The rows above and below `h`, checked once: each neighbour then lies at a
                // fixed place in them.
                const REACH: usize = CHUNK_SIDE as usize + 1;
                let rows: &[Cell; 2 * REACH + 1] = chunk[local - REACH..=local + REACH]
                    .try_into()
                    .expect("inside the border");
                for (cell, d) in around.iter_mut().zip(NEIGHBOURS) {
                    *cell = rows[(REACH as i32 + d.y * CHUNK_SIDE + d.x) as usize];
                }
            }
        } else {
            self.border_around(h, own.map(|(c, _)| c), around);
        }
    }

    /// As [`Store::around_into`] for a hex on its chunk's border (one in eight): kept out of
    /// line, as inlined it crowds the registers of the whole generation path.
    #[inline(never)]
    fn border_around(&self, h: Hex, own: Option<u32>, around: &mut [Cell; 6]) {
        let key = split(h).0;
        for (cell, d) in around.iter_mut().zip(NEIGHBOURS) {
            let (k, l) = split(h + d);
            let c = match own {
                _ if k == key => own,
                Some(c) => {
                    let way = WAY[((k.0 - key.0 + 1) * 3 + k.1 - key.1 + 1) as usize];
                    Some(self.links[c as usize][way]).filter(|&n| n != NO_CHUNK)
                }
                None => self.index.get(&k).copied(),
            };
            if let Some(c) = c {
                *cell = self.chunks[c as usize][l];
            }
        }
    }

    #[inline]
    pub fn is_generated(&self, h: Hex) -> bool {
        self.get(h).is_generated()
    }

    /// The cell of `h` when its chunk exists (never makes one).
    #[inline]
    pub fn get_mut(&mut self, h: Hex) -> Option<&mut Cell> {
        let (key, local) = split(h);
        let c = *self.index.get(&key)?;
        Some(&mut self.chunks[c as usize][local])
    }

    /// The cell at `slot`: no chunk looked up by key.
    #[inline]
    pub fn at(&self, slot: Slot) -> Cell {
        self.chunks[(slot >> CHUNK_BITS) as usize][(slot & LOCAL_MASK) as usize]
    }

    #[inline]
    pub fn at_mut(&mut self, slot: Slot) -> &mut Cell {
        &mut self.chunks[(slot >> CHUNK_BITS) as usize][(slot & LOCAL_MASK) as usize]
    }

    /// The hex stored at `slot`.
    #[inline]
    pub fn hex_of(&self, slot: Slot) -> Hex {
        let (kx, ky) = self.keys[(slot >> CHUNK_BITS) as usize];
        let local = (slot & LOCAL_MASK) as i32;
        Hex::new(
            (kx << CHUNK_SHIFT) | (local & MASK),
            (ky << CHUNK_SHIFT) | (local >> CHUNK_SHIFT),
        )
    }

    /// `h`'s slot, making room for its chunk when it has none yet (refused past the chunk limit).
    #[inline(always)]
    pub fn slot(&mut self, h: Hex) -> Result<Slot, LimitError> {
        let (key, local) = split(h);
        let c = match self.last {
            Some((k, c)) if k == key => c,
            _ => self.find_chunk(key)?,
        };
        Ok((c << CHUNK_BITS) | local as u32)
    }

    /// The chunk of `key`, made when missing; remembered as the last one.
    #[cold]
    fn find_chunk(&mut self, key: (i32, i32)) -> Result<u32, LimitError> {
        let c = match self.index.get(&key) {
            Some(&c) => c,
            None => {
                let next = self.chunks.len() as u32;
                if next >= self.max_chunks {
                    return Err(LimitError::Chunks {
                        limit: self.max_chunks,
                    });
                }
                self.index.insert(key, next);
                self.chunks.push(Box::new([Cell::EMPTY; CHUNK_CELLS]));
                self.keys.push(key);
                let mut links = [NO_CHUNK; 6];
                for (way, d) in NEIGHBOURS.iter().enumerate() {
                    if let Some(&n) = self.index.get(&(key.0 + d.x, key.1 + d.y)) {
                        links[way] = n;
                        self.links[n as usize][(way + 3) % 6] = next;
                    }
                }
                self.links.push(links);
                next
            }
        };
        self.last = Some((key, c));
        Ok(c)
    }

    /// Forgets the chunks made since there were `n` (empty ones: a refused generation's).
    pub fn forget_chunks_from(&mut self, n: usize) {
        while self.chunks.len() > n {
            self.chunks.pop();
            if let Some(key) = self.keys.pop() {
                self.index.remove(&key);
            }
            // Chunks go last made first, so every chunk still linked to it is older and stays.
            for (way, n) in self.links.pop().into_iter().flatten().enumerate() {
                if n != NO_CHUNK {
                    self.links[n as usize][(way + 3) % 6] = NO_CHUNK;
                }
            }
        }
        self.last = None;
    }

    /// How many chunks generating `hexes` would add.
    pub fn new_chunks(&self, hexes: &[Hex]) -> usize {
        let mut keys: Vec<(i32, i32)> = hexes
            .iter()
            .map(|&h| split(h).0)
            .filter(|k| !self.index.contains_key(k))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys.len()
    }

    /// Chunks that may still be made.
    pub fn chunk_room(&self) -> usize {
        (self.max_chunks as usize).saturating_sub(self.chunks.len())
    }

    pub fn chunk_count(&self) -> usize {
        self.chunks.len()
    }

    pub fn heap_bytes(&self) -> usize {
        self.chunks.len() * std::mem::size_of::<Chunk>()
            + self.keys.capacity() * std::mem::size_of::<(i32, i32)>()
            + self.links.capacity() * std::mem::size_of::<[u32; 6]>()
            + self.index.capacity() * (std::mem::size_of::<((i32, i32), u32)>() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_name_their_hex() {
        let mut s = Store::default();
        for h in Hex::new(-70, 33).range(40) {
            let slot = s.slot(h).unwrap();
            assert_eq!(s.hex_of(slot), h);
        }
    }

    #[test]
    fn neighbourhood_matches_single_look_ups_across_chunk_borders() {
        let mut s = Store::default();
        for (i, h) in Hex::ZERO.range(40).enumerate() {
            if i % 3 != 0 {
                s.slot(h).unwrap();
                *s.get_mut(h).unwrap() = Cell {
                    node: i as u32,
                    features: 0,
                    biome: (i % 5) as u8,
                    landmark: 0,
                };
            }
        }
        for h in Hex::ZERO.range(42) {
            assert_eq!(
                s.neighbourhood(h),
                NEIGHBOURS.map(|d| s.get(h + d)),
                "{h:?}"
            );
            let (slot, this, around) = s.claim(h).unwrap();
            let (cell, cells) = s.with_neighbourhood(h);
            assert_eq!((this, around), (cell.is_generated(), cells));
            assert_eq!(s.hex_of(slot), h);
        }
    }

    #[test]
    fn border_reads_follow_chunks_made_and_forgotten() {
        let mut s = Store::default();
        let mark = |s: &mut Store, h: Hex, i: u32| {
            s.slot(h).unwrap();
            s.get_mut(h).unwrap().biome = (i % 5) as u8;
        };
        for (i, h) in Hex::ZERO.range(20).enumerate() {
            mark(&mut s, h, i as u32);
        }
        let kept = s.chunk_count();
        // Chunks made, then forgotten as a refused generation's are: their links go with them.
        for (i, h) in Hex::new(40, -20).range(12).enumerate() {
            mark(&mut s, h, i as u32);
        }
        s.forget_chunks_from(kept);
        for (i, h) in Hex::new(-40, 10).range(12).enumerate() {
            mark(&mut s, h, i as u32);
        }
        for h in Hex::ZERO.range(60) {
            let (slot, _, around) = s.claim(h).unwrap();
            assert_eq!(around, NEIGHBOURS.map(|d| s.get(h + d)), "{h:?}");
            assert_eq!(s.hex_of(slot), h);
        }
    }

    #[test]
    fn the_store_refuses_a_chunk_past_its_limit() {
        let mut s = Store::new(2);
        assert!(s.slot(Hex::new(0, 0)).is_ok());
        assert!(s.slot(Hex::new(40, 0)).is_ok());
        assert!(s.slot(Hex::new(5, 5)).is_ok(), "an existing chunk");
        assert_eq!(s.new_chunks(&[Hex::new(80, 0), Hex::new(81, 0)]), 1);
        assert_eq!(
            s.slot(Hex::new(80, 0)),
            Err(LimitError::Chunks { limit: 2 })
        );
        assert_eq!(s.chunk_count(), 2);
        assert!(s.get_mut(Hex::new(80, 0)).is_none());
        assert_eq!(Store::new(u32::MAX).max_chunks, SLOT_CHUNKS);
    }
}
