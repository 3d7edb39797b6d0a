//! The dense chunked store: a fixed array of 8-byte cells per 16x16 chunk of axial space,
//! found through a small hash map, so a hex and its neighbours are usually in one cache line run.

use bevy::platform::collections::HashMap;
use hexx::Hex;

pub const CHUNK_SHIFT: i32 = 4;
pub const CHUNK_SIDE: i32 = 1 << CHUNK_SHIFT;
const CHUNK_CELLS: usize = (CHUNK_SIDE * CHUNK_SIDE) as usize;
const MASK: i32 = CHUNK_SIDE - 1;

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

#[derive(Default)]
pub struct Store {
    index: HashMap<(i32, i32), u32>,
    chunks: Vec<Box<Chunk>>,
}

#[inline]
fn split(h: Hex) -> ((i32, i32), usize) {
    let key = (h.x >> CHUNK_SHIFT, h.y >> CHUNK_SHIFT);
    let local = ((h.y & MASK) * CHUNK_SIDE + (h.x & MASK)) as usize;
    (key, local)
}

impl Store {
    #[inline]
    pub fn get(&self, h: Hex) -> Cell {
        let (key, local) = split(h);
        match self.index.get(&key) {
            Some(&c) => self.chunks[c as usize][local],
            None => Cell::EMPTY,
        }
    }

    #[inline]
    pub fn is_generated(&self, h: Hex) -> bool {
        self.get(h).is_generated()
    }

    #[inline]
    pub fn get_mut(&mut self, h: Hex) -> &mut Cell {
        let (key, local) = split(h);
        let next = self.chunks.len() as u32;
        let c = *self.index.entry(key).or_insert(next);
        if c == next {
            self.chunks.push(Box::new([Cell::EMPTY; CHUNK_CELLS]));
        }
        &mut self.chunks[c as usize][local]
    }

    pub fn chunk_count(&self) -> usize {
        self.chunks.len()
    }

    pub fn heap_bytes(&self) -> usize {
        self.chunks.len() * std::mem::size_of::<Chunk>()
            + self.index.capacity() * (std::mem::size_of::<((i32, i32), u32)>() + 1)
    }
}
