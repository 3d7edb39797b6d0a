//! The world: the dense store of generated hexes, masses kept by union-find, enclosed pockets
//! turned to Lake, and (in `plugin`) the ECS mirror: one entity per generated hex.

pub mod invariants;
pub mod limits;
pub mod masses;
pub mod plugin;
pub mod pockets;
pub mod store;

use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::hex::NEIGHBOURS;
use crate::rules::{BiomeId, FeatureEffect, FeatureId, FeatureSet, LandmarkId, Rules};
use crate::worldgen;
use crate::worldgen::stream::HexStreams;
use limits::{LimitError, Limits};
use masses::UnionFinds;

/// The lanes of [`HexWorld`]'s union-finds: masses (same biome) and land (any generated hex).
const MASS: usize = 0;
const LAND: usize = 1;
use store::{Cell, Slot, Store};

/// The slot's bits of an entry of [`HexWorld`]'s generation order.
const SLOT_MASK: u32 = (1 << store::SLOT_BITS) - 1;

pub use plugin::{GenerateHex, GenerationRefused, HexGenerated, WorldPlugin};

/// Why a hex was generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    Origin,
    View,
    MoveTarget,
    Pocket,
}

impl Cause {
    /// Every cause, by its [`Cause::bits`].
    const ALL: [Cause; 4] = [Cause::Origin, Cause::View, Cause::MoveTarget, Cause::Pocket];

    /// Its place in [`Cause::ALL`]: the two bits the generation order keeps it in (a new cause
    /// must be given a place here, and fit).
    const fn bits(self) -> u32 {
        match self {
            Cause::Origin => 0,
            Cause::View => 1,
            Cause::MoveTarget => 2,
            Cause::Pocket => 3,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Cause::Origin => "origin",
            Cause::View => "view",
            Cause::MoveTarget => "move_target",
            Cause::Pocket => "pocket",
        }
    }
}

/// A hex's six neighbours (clockwise from North) as generation reads them.
#[derive(Clone, Copy)]
struct Around {
    cells: [Cell; 6],
    /// Bit `i` set when neighbour `i` is generated.
    generated: u8,
    /// The generated neighbours that start a run of them ([`run_starts`] of `generated`),
    /// found once for the loop test and the land join.
    runs: u8,
}

impl Around {
    #[inline(always)]
    fn new(cells: [Cell; 6]) -> Self {
        let generated = Self::mask(&cells);
        Self {
            cells,
            generated,
            runs: run_starts(generated),
        }
    }

    /// Bit `i` set when `cells[i]` is generated.
    #[inline(always)]
    fn mask(cells: &[Cell; 6]) -> u8 {
        cells
            .iter()
            .enumerate()
            .fold(0, |m, (i, c)| m | (c.is_generated() as u8) << i)
    }
}

/// The neighbours of `mask` that start a run of them going clockwise (the one before is not in
/// `mask`); a full ring is one run, started at North.
#[inline]
fn run_starts(mask: u8) -> u8 {
    const RING: u8 = 0b11_1111;
    if mask == RING {
        return 1;
    }
    mask & !(((mask << 1) | (mask >> 5)) & RING)
}

/// The set bits of `mask`, lowest first.
#[inline]
fn bits(mut mask: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// What a generated hex holds: the parts its draw gave it (or a placement, or a save), as the
/// store takes them in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HexState {
    pub biome: BiomeId,
    pub landmark: LandmarkId,
    pub features: FeatureSet,
}

/// A generated hex as read back from the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GeneratedHex {
    pub hex: Hex,
    pub order: u32,
    pub biome: BiomeId,
    pub landmark: LandmarkId,
    pub features: FeatureSet,
}

/// One infinite Aeternus world: the rules, its seed, and every hex generated so far. In the game
/// it is a resource: the store the hex entities mirror, and the one home of the rules.
#[derive(bevy::prelude::Resource)]
pub struct HexWorld {
    pub rules: Rules,
    pub seed: u64,
    /// `mix(seed)`: the part of every hex stream's key shared by the whole world.
    seed_key: u64,
    store: Store,
    /// Masses (lane `MASS`: connected hexes of one biome) and land groups (lane `LAND`: connected
    /// generated hexes of any biome, to tell when a loop closes), by generation order.
    groups: UnionFinds<2>,
    /// Generation order: node -> the hex's slot in the store, with its [`Cause`] in the two bits
    /// above the slot's (one array and 4 bytes a hex, where a second held a byte a hex).
    order: Vec<u32>,
    /// Scratch space for pocket searches, reused.
    pockets: pockets::Searcher,
    limits: Limits,
}

/// Why a saved world could not be rebuilt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RestoreError {
    /// The hex is listed twice.
    Twice(Hex),
    Limit(LimitError),
}

impl HexWorld {
    /// A new world with the origin generated (Meadow with Barren by default).
    pub fn new(rules: Rules, seed: u64) -> Self {
        Self::with_capacity(rules, seed, 0)
    }

    /// As [`HexWorld::new`], with room reserved for `n` hexes.
    pub fn with_capacity(rules: Rules, seed: u64, n: usize) -> Self {
        Self::with_limits(rules, seed, n, Limits::WORLD)
    }

    /// As [`HexWorld::with_capacity`], holding at most what `limits` allow (at least the origin).
    pub fn with_limits(rules: Rules, seed: u64, n: usize, limits: Limits) -> Self {
        let mut w = Self::empty(rules, seed, n, limits);
        let (b, l) = w.rules.origin;
        let (slot, _, around) = w.claim(Hex::ZERO).expect("a world has room for its origin");
        let state = HexState {
            biome: b,
            landmark: l,
            features: FeatureSet::EMPTY,
        };
        w.insert(slot, state, Cause::Origin, &around, None)
            .expect("a world has room for its origin");
        w
    }

    /// No hex generated, not even the origin.
    fn empty(rules: Rules, seed: u64, n: usize, limits: Limits) -> Self {
        let limits = Limits {
            max_hexes: limits.max_hexes.max(1),
            max_chunks: limits.max_chunks.max(1),
            ..limits
        };
        let n = n.min(limits.max_hexes as usize);
        Self {
            rules,
            seed,
            seed_key: crate::worldgen::stream::mix(seed),
            store: Store::new(limits.max_chunks),
            groups: UnionFinds::with_capacity(n, limits.max_hexes),
            order: Vec::with_capacity(n),
            pockets: pockets::Searcher::default(),
            limits,
        }
    }

    /// What this world may hold.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// A world rebuilt from saved hexes in their generation order (the origin first): each is
    /// stored and merged into its masses and land group as when it was generated. No pocket is
    /// searched: the pockets a saved world closed are among its hexes. Fails on the first hex
    /// listed twice, or the first past the world's limits.
    pub fn restore(
        rules: Rules,
        seed: u64,
        hexes: impl IntoIterator<Item = (Hex, HexState, Cause)>,
    ) -> Result<Self, RestoreError> {
        let mut w = Self::empty(rules, seed, 0, Limits::WORLD);
        for (hex, s, cause) in hexes {
            if !limits::in_range(hex) {
                return Err(RestoreError::Limit(LimitError::OutOfRange { hex }));
            }
            let (slot, done, around) = w.claim(hex).map_err(RestoreError::Limit)?;
            if done {
                return Err(RestoreError::Twice(hex));
            }
            w.insert(slot, s, cause, &around, None)
                .map_err(RestoreError::Limit)?;
        }
        Ok(w)
    }

    pub fn len(&self) -> usize {
        self.order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    #[inline]
    pub fn is_generated(&self, hex: Hex) -> bool {
        self.store.is_generated(hex)
    }

    pub fn get(&self, hex: Hex) -> Option<GeneratedHex> {
        let c = self.store.get(hex);
        c.is_generated().then(|| Self::data(hex, c))
    }

    fn data(hex: Hex, c: Cell) -> GeneratedHex {
        GeneratedHex {
            hex,
            order: c.node,
            biome: BiomeId(c.biome),
            landmark: LandmarkId(c.landmark),
            features: FeatureSet(c.features as u32),
        }
    }

    /// Generated hexes in generation order.
    pub fn order(&self) -> impl ExactSizeIterator<Item = Hex> + '_ {
        self.order.iter().map(|&e| self.store.hex_of(e & SLOT_MASK))
    }

    /// The hex generated `order`-th.
    pub fn hex_of_order(&self, order: u32) -> Hex {
        self.store.hex_of(self.order[order as usize] & SLOT_MASK)
    }

    pub fn cause(&self, order: u32) -> Cause {
        Cause::ALL[(self.order[order as usize] >> store::SLOT_BITS) as usize]
    }

    /// The size of the mass `hex` belongs to, as it stands now.
    pub fn mass_size(&self, hex: Hex) -> Option<u32> {
        let c = self.store.get(hex);
        c.is_generated()
            .then(|| self.groups.size_const(MASS, c.node))
    }

    /// The mass `hex` belongs to, named by its root node (stable until the next merge).
    pub fn mass_root(&self, hex: Hex) -> Option<u32> {
        let c = self.store.get(hex);
        c.is_generated()
            .then(|| self.groups.find_const(MASS, c.node))
    }

    /// `hex`'s slot, its cell and its neighbours (see [`Store::claim`]).
    #[inline(always)]
    fn claim(&mut self, hex: Hex) -> Result<(Slot, bool, Around), LimitError> {
        let (slot, this, cells) = self.store.claim(hex)?;
        Ok((slot, this, Around::new(cells)))
    }

    /// Generates `hex` if it is indeterminate, then any pocket it encloses. Returns the orders of
    /// every hex generated by this call (empty when `hex` was already generated). A hex outside
    /// the coordinate range, or one the world has no room for (with the pocket it would close),
    /// is refused and stays indeterminate.
    pub fn generate(&mut self, hex: Hex, cause: Cause) -> Result<std::ops::Range<u32>, LimitError> {
        let start = self.order.len() as u32;
        if !limits::in_range(hex) {
            return Err(LimitError::OutOfRange { hex });
        }
        let chunks = self.store.chunk_count();
        let slot = self.store.slot(hex)?;
        let mut around = Around {
            cells: [Cell::EMPTY; 6],
            generated: 0,
            runs: 0,
        };
        let done = self.store.claimed_into(slot, hex, &mut around.cells);
        around.generated = Around::mask(&around.cells);
        if done {
            return Ok(start..start);
        }
        around.runs = run_starts(around.generated);
        // The pool: each generated neighbour's biome and M, the size of its mass (eight
        // entries indexed `& 7`: the compiler sees every index in range).
        let mut biomes = [BiomeId(0); 8];
        let mut sizes = [0u32; 8];
        // Each generated neighbour's mass root, found once: for M now, and to join the hex to
        // its mass once drawn.
        let mut masses = [0u32; 8];
        let mut n = 0usize;
        let mut present = 0u64;
        // The generated neighbour read last: its direction, biome, mass root and M.
        let mut last = (usize::MAX, store::INDETERMINATE, 0u32, 0u32);
        for i in bits(around.generated) {
            let c = &around.cells[i];
            // Neighbours side by side are adjacent: same biome, same mass, same M.
            let (root, mass_size) = if last.0.wrapping_add(1) == i && last.1 == c.biome {
                (last.2, last.3)
            } else {
                self.groups.find_sized(MASS, c.node)
            };
            masses[i & 7] = root;
            biomes[n & 7] = BiomeId(c.biome);
            present |= 1 << c.biome;
            sizes[n & 7] = mass_size;
            n += 1;
            last = (i, c.biome, root, mass_size);
        }
        let streams = HexStreams::keyed(self.seed_key, hex);
        let biome =
            worldgen::draw_biome_among(&self.rules, streams, &biomes[..n], &sizes[..n], present);
        let mut landmark = worldgen::draw_landmark(&self.rules, streams, biome);
        let features = worldgen::draw_features(&self.rules, streams, &mut landmark, || {
            self.purified_around(hex, &around)
        });
        let state = HexState {
            biome,
            landmark,
            features,
        };
        self.commit(slot, hex, state, cause, &around, Some(&masses))
            .inspect_err(|_| {
                // A refused hex leaves the store as it was: no chunk made for it stays.
                self.store.forget_chunks_from(chunks);
            })
    }

    /// Places an indeterminate hex as given, as if generated (crafted scenarios and tests):
    /// masses, land groups and enclosed pockets follow as for [`HexWorld::generate`].
    pub fn place(
        &mut self,
        hex: Hex,
        biome: BiomeId,
        landmark: LandmarkId,
        features: FeatureSet,
    ) -> std::ops::Range<u32> {
        assert!(!self.is_generated(hex), "{hex:?} is already generated");
        let placed = self.claim(hex).and_then(|(slot, _, around)| {
            let state = HexState {
                biome,
                landmark,
                features,
            };
            self.commit(slot, hex, state, Cause::View, &around, None)
        });
        placed.expect("a placed hex fits the world")
    }

    /// Inserts a drawn (or placed) hex, then generates any pocket it encloses; refused, with
    /// nothing changed, when the world has no room for both. `masses`: the neighbours' mass
    /// roots, when the draw found them.
    #[inline(always)]
    fn commit(
        &mut self,
        slot: Slot,
        hex: Hex,
        state: HexState,
        cause: Cause,
        around: &Around,
        masses: Option<&[u32; 8]>,
    ) -> Result<std::ops::Range<u32>, LimitError> {
        // Two runs of generated neighbours or more are needed to close a loop: only then may a
        // pocket close, on a path of its own.
        if around.runs.count_ones() > 1 {
            return self.commit_closing(slot, hex, state, cause, around, masses);
        }
        let start = self.order.len() as u32;
        self.insert(slot, state, cause, around, masses)?;
        Ok(start..start + 1)
    }

    /// As [`HexWorld::commit`] for a hex whose generated neighbours form two runs or more, so
    /// that it may close a loop: out of line, as most hexes have one run, and the common path
    /// then holds no gaps and no pocket.
    #[inline(never)]
    fn commit_closing(
        &mut self,
        slot: Slot,
        hex: Hex,
        state: HexState,
        cause: Cause,
        around: &Around,
        masses: Option<&[u32; 8]>,
    ) -> Result<std::ops::Range<u32>, LimitError> {
        let start = self.order.len() as u32;
        let (gaps, n) = self.separated_gaps(hex, around);
        // A full world is refused by the union-finds as the hex is inserted, before anything
        // changes; a pocket must also fit in the room the hex leaves.
        let pocket = if n > 1 {
            let room = self
                .limits
                .max_hexes
                .saturating_sub(start)
                .saturating_sub(1);
            self.enclosed(hex, &gaps[..n], room)?
        } else {
            Vec::new()
        };
        self.insert(slot, state, cause, around, masses)?;
        let (b, l) = self.rules.pocket;
        for h in pocket {
            let (slot, _, around) = self.claim(h)?;
            // A pocket hex rolls its features like any generated hex (5% of pocket Lakes are
            // Corrupted), from the same keyed streams.
            let mut landmark = l;
            let features = worldgen::draw_features(
                &self.rules,
                HexStreams::keyed(self.seed_key, h),
                &mut landmark,
                || self.purified_around(h, &around),
            );
            let state = HexState {
                biome: b,
                landmark,
                features,
            };
            self.insert(slot, state, Cause::Pocket, &around, None)?;
        }
        Ok(start..self.order.len() as u32)
    }

    /// The pockets generating `hex` would enclose, searched from its separated `gaps` before it
    /// is stored; refused when they hold more than the pocket limit or the `room` left, or need
    /// more chunks than the store may make.
    fn enclosed(&mut self, hex: Hex, gaps: &[Hex], room: u32) -> Result<Vec<Hex>, LimitError> {
        let max = self.limits.max_pocket;
        let mut searcher = std::mem::take(&mut self.pockets);
        let found = searcher.enclosed(
            gaps,
            |h| h == hex || self.store.is_generated(h),
            max as usize,
        );
        self.pockets = searcher;
        let found = found.ok_or(LimitError::Pocket { hex, limit: max })?;
        if found.len() > room as usize {
            return Err(LimitError::Hexes {
                limit: self.limits.max_hexes,
            });
        }
        if self.store.new_chunks(&found) > self.store.chunk_room() {
            return Err(LimitError::Chunks {
                limit: self.limits.max_chunks,
            });
        }
        Ok(found)
    }

    /// Stores a generated hex in its (claimed) slot and merges it into its masses and its land
    /// group. `state`: what was drawn (or placed, or saved) for it, by value (eight bytes);
    /// `masses`: the neighbours' mass roots, when found already.
    #[inline(always)]
    fn insert(
        &mut self,
        slot: Slot,
        state: HexState,
        cause: Cause,
        around: &Around,
        masses: Option<&[u32; 8]>,
    ) -> Result<(), LimitError> {
        let node = self
            .groups
            .push()
            .map_err(|f| LimitError::Hexes { limit: f.max })?;
        *self.store.at_mut(slot) = Cell {
            node,
            features: state.features.0 as u16,
            biome: state.biome.0,
            landmark: state.landmark.0,
        };
        self.order.push(slot | cause.bits() << store::SLOT_BITS);
        // Neighbours side by side are adjacent, so a run of generated ones is one land group
        // already, and a run of this biome one mass: one union per run.
        let same = around
            .cells
            .iter()
            .enumerate()
            .fold(0u8, |m, (i, c)| m | ((c.biome == state.biome.0) as u8) << i)
            & around.generated;
        self.join(LAND, node, around, around.runs, None);
        self.join(MASS, node, around, run_starts(same), masses);
        Ok(())
    }

    /// Merges `node` (just pushed, alone in every lane) with the neighbours in `starts`
    /// (`roots`: the neighbours' roots in `lane`, when found already).
    #[inline(always)]
    fn join(
        &mut self,
        lane: usize,
        node: u32,
        around: &Around,
        starts: u8,
        roots: Option<&[u32; 8]>,
    ) {
        let mut runs = bits(starts);
        if let Some(first) = runs.next() {
            let root = match roots {
                Some(roots) => roots[first & 7],
                None => self.groups.find(lane, around.cells[first].node),
            };
            self.groups.attach_to_root(lane, node, root);
            for i in runs {
                self.groups.union(lane, node, around.cells[i].node);
            }
        }
    }

    /// The indeterminate gaps around `hex` that generating it may cut apart, one per group.
    /// Its generated neighbours form runs around it; two runs already connected close a loop
    /// through `hex`, which separates the gaps on one side of it from those on the other.
    /// Gaps no loop separates stay one region and are searched once. Empty or one gap: no loop.
    #[inline(never)]
    fn separated_gaps(&mut self, hex: Hex, around: &Around) -> ([Hex; 3], usize) {
        let none = ([Hex::ZERO; 3], 0);
        let generated = around.generated;
        let starts = around.runs;
        if starts.count_ones() < 2 {
            return none;
        }
        // Runs of generated neighbours (at most three), by their first direction.
        let mut runs = [(0usize, 0u32); 3];
        let mut n = 0;
        for i in bits(starts) {
            runs[n].0 = i;
            n += 1;
        }
        for r in &mut runs[..n] {
            r.1 = self.groups.find(LAND, around.cells[r.0].node);
        }
        let runs = &runs[..n];
        let closes = (0..n).any(|a| (a + 1..n).any(|b| runs[a].1 == runs[b].1));
        if !closes {
            return none;
        }
        // Gap j follows run j; a loop through runs a < b puts gaps a..b on one side.
        let separated = |i: usize, j: usize| {
            (0..n).any(|a| {
                (a + 1..n)
                    .any(|b| runs[a].1 == runs[b].1 && ((a..b).contains(&i) != (a..b).contains(&j)))
            })
        };
        let (mut gaps, mut groups) = none;
        let mut firsts = [0usize; 3];
        for (j, run) in runs.iter().enumerate() {
            if firsts[..groups].iter().all(|&g| separated(g, j)) {
                let first = (1..6)
                    .map(|k| (run.0 + k) % 6)
                    .find(|&i| generated & 1 << i == 0);
                gaps[groups] = hex + NEIGHBOURS[first.expect("a run is followed by a gap")];
                firsts[groups] = j;
                groups += 1;
            }
        }
        (gaps, groups)
    }

    /// As [`HexWorld::purified`] for an indeterminate `hex` whose neighbours are at hand: pylons
    /// of radius 1 (the seed's) are read from them, wider ones from the store.
    fn purified_around(&self, hex: Hex, around: &Around) -> bool {
        self.rules
            .features
            .iter()
            .enumerate()
            .any(|(i, f)| match f.effect {
                FeatureEffect::Purify { radius: 1 } => around.cells.iter().any(|c| {
                    c.is_generated() && FeatureSet(c.features as u32).contains(FeatureId(i as u8))
                }),
                FeatureEffect::Purify { .. } => self.purified(hex),
                _ => false,
            })
    }

    /// Whether a pylon (a Purify feature) covers `hex`.
    pub fn purified(&self, hex: Hex) -> bool {
        self.rules
            .features
            .iter()
            .enumerate()
            .any(|(i, f)| match f.effect {
                FeatureEffect::Purify { radius } => hex.range(radius).any(|h| {
                    let c = self.store.get(h);
                    c.is_generated() && FeatureSet(c.features as u32).contains(FeatureId(i as u8))
                }),
                _ => false,
            })
    }

    /// Replaces a generated hex's landmark and features (construction, corruption, cleansing).
    pub fn set_state(&mut self, hex: Hex, landmark: LandmarkId, features: FeatureSet) {
        if let Some(c) = self.store.get_mut(hex).filter(|c| c.is_generated()) {
            c.landmark = landmark.0;
            c.features = features.0 as u16;
        }
    }

    /// Heap bytes held by the core store (for the benchmark's bytes per hex).
    pub fn heap_bytes(&self) -> usize {
        self.store.heap_bytes()
            + self.groups.heap_bytes()
            + self.order.capacity() * std::mem::size_of::<u32>()
    }

    /// Final mass ids for output: each mass is named by the order of its first generated hex.
    pub fn mass_ids(&self) -> Vec<u32> {
        let mut first = std::collections::HashMap::new();
        (0..self.order.len() as u32)
            .map(|o| *first.entry(self.groups.find_const(MASS, o)).or_insert(o))
            .collect()
    }

    pub fn mass_size_of_order(&self, order: u32) -> u32 {
        self.groups.size_const(MASS, order)
    }

    pub fn data_of_order(&self, order: u32) -> GeneratedHex {
        let slot = self.order[order as usize] & SLOT_MASK;
        Self::data(self.store.hex_of(slot), self.store.at(slot))
    }
}

#[cfg(test)]
mod tests;
