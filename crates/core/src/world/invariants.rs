//! The world's invariants, checked in one pass: what generation and the play rules always keep,
//! and a saved game must keep too. Saves check a loaded world with it; play's tests check the
//! worlds they play.
//!
//! - No hex drawn beside a hex generated before it whose biome suppresses its own (Deceased Dunes
//!   beside Swamp), but for the draw's fallback: when those neighbours suppress every biome of
//!   positive weight, the random entry gives the origin's biome. The origin and pockets are not
//!   drawn, so they are exempt, and they must have the origin's and the pocket's biome.
//! - A corrupted hex has no other feature (where the rules forbid building on one), and its
//!   landmark is the corruption's.
//! - No corrupted hex lies within a pylon's ring (`FeatureEffect::Purify { radius }`).
//! - At most one flag a hex; every flag stands on a hex with an `Occupy` feature, and every such
//!   feature (one never rolled at generation) has its flag.
//! - No enclosed indeterminate hole: a finite region of indeterminate hexes becomes a pocket Lake
//!   the moment it closes.
//! - Players stand on generated hexes, never on one whose biome blocks entry (a Lake) unless a
//!   feature cancels movement effects there (a Boardwalk), or corruption took that feature from
//!   under them (the hex is corrupted, or has the corruption's landmark, which cleansing leaves).
//!
//! Time: linear in the hexes (six store look-ups each), plus, for each pylon kind, the smaller of
//! its pylons and the corrupted hexes times the hexes of its ring: 7 for the seed's radius 1, at
//! most 817 for the largest the rules allow (`rules::check::aeternus::MAX_REACH`, 16).
//!
//! Holes are counted without searching them: closed hexes cover their union as a good cover, so
//! the union is homotopic to its nerve (hexes, adjacent pairs, triples of mutually adjacent
//! hexes). Its Euler characteristic V - E + T is components minus holes, so
//! holes = components - (V - E + T); components come from a union-find over generation order.

use std::collections::HashSet;
use std::fmt;

use hexx::Hex;

use super::{Cause, GeneratedHex, HexWorld};
use crate::hex::{Coord, NEIGHBOURS};
use crate::rules::{FeatureEffect, FeatureId, LandmarkId, Rules};

/// Where an invariant is broken, as a save names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// The hex generated `order`-th, and which of its parts (`biome`, `landmark`, `features`).
    Hex { order: u32, part: &'static str },
    /// The generated hexes as a whole (a hole).
    Hexes,
    /// The `i`-th player given.
    Player(usize),
    /// The `i`-th flag given.
    Flag(usize),
}

/// A broken invariant: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    pub subject: Subject,
    pub message: String,
}

impl Broken {
    /// The field a save names: `hexes[3].biome`, `hexes`, `players[0].at`, `flags[2]`.
    pub fn field(&self) -> String {
        match self.subject {
            Subject::Hex { order, part } => format!("hexes[{order}].{part}"),
            Subject::Hexes => "hexes".into(),
            Subject::Player(i) => format!("players[{i}].at"),
            Subject::Flag(i) => format!("flags[{i}]"),
        }
    }
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field(), self.message)
    }
}

impl std::error::Error for Broken {}

/// Checks `world` with its players standing on `players` and flags raised on `flags` (one
/// entry per flag; the factions are the caller's to check). Returns the first broken invariant.
/// A flag's or a player's hex, which must be generated: its coordinate, its data, and the error
/// maker for `subject`.
fn placed(
    world: &HexWorld,
    hex: Hex,
    subject: Subject,
) -> Result<(Coord, GeneratedHex, impl Fn(String) -> Broken), Broken> {
    let err = move |message: String| Broken { subject, message };
    let c = Coord::from_hex(hex);
    match world.get(hex) {
        Some(d) => Ok((c, d, err)),
        None => Err(err(format!("{c} is not a generated hex"))),
    }
}

pub fn check(world: &HexWorld, players: &[Hex], flags: &[Hex]) -> Result<(), Broken> {
    check_in(world, players, flags, None)
}

/// As [`check`], for what one action can break near where it acted: the hexes `near` (their
/// biomes, features, landmarks, flags and pylon rings) with the players and the flags on them;
/// not the holes, which only generation makes and [`check`] counts over the whole world. Time: in
/// proportion to `near` (and the rings of its pylons and corrupted hexes).
pub fn check_near(
    world: &HexWorld,
    near: &[Hex],
    players: &[Hex],
    flags: &[Hex],
) -> Result<(), Broken> {
    check_in(world, players, flags, Some(near))
}

fn check_in(
    world: &HexWorld,
    players: &[Hex],
    flags: &[Hex],
    near: Option<&[Hex]>,
) -> Result<(), Broken> {
    let tables = Tables::new(world);
    let flagged = tables.flags(flags)?;
    let mut tally = Tally::new(if near.is_some() { 0 } else { world.len() }, &tables);
    for o in orders(world, near) {
        tables.hex(o, &flagged, near.is_none(), &mut tally)?;
    }
    if near.is_none() {
        tables.holes(&tally)?;
    }
    tables.rings(&tally, near.is_some())?;
    tables.players(players)
}

/// The generation orders a check covers: every hex, or those of `near` that are generated.
fn orders(world: &HexWorld, near: Option<&[Hex]>) -> Vec<u32> {
    match near {
        None => (0..world.len() as u32).collect(),
        Some(near) => {
            let mut o: Vec<u32> = (near.iter())
                .filter_map(|h| world.get(*h))
                .map(|d| d.order)
                .collect();
            o.sort_unstable();
            o.dedup();
            o
        }
    }
}

/// What the check reads from the rules, worked out once.
struct Tables<'a> {
    world: &'a HexWorld,
    rules: &'a Rules,
    /// The corruption feature and the landmark it leaves.
    corruption: Option<(FeatureId, LandmarkId)>,
    /// Each pylon feature and its ring's radius.
    pylons: Vec<(FeatureId, u32)>,
    /// For each biome, the biomes it suppresses.
    suppresses: Vec<u64>,
    /// The biomes the random entry can draw.
    drawable: u64,
    /// Occupy features a hex may carry only with a flag: those never rolled at generation.
    occupy: u32,
}

/// What the pass over the hexes gathers for the checks after it.
struct Tally {
    groups: Groups,
    /// Each adjacent pair twice, each triangle three times, over the hexes passed.
    edges: u64,
    triangles: u64,
    corrupted: Vec<u32>,
    /// For each pylon feature, the hexes that carry it.
    pylon_hexes: Vec<Vec<u32>>,
}

impl Tally {
    fn new(hexes: usize, tables: &Tables) -> Tally {
        Tally {
            groups: Groups::new(hexes),
            edges: 0,
            triangles: 0,
            corrupted: Vec::new(),
            pylon_hexes: vec![Vec::new(); tables.pylons.len()],
        }
    }
}

impl<'a> Tables<'a> {
    fn new(world: &'a HexWorld) -> Tables<'a> {
        let rules = &world.rules;
        let effect = |f: FeatureId| rules.features.get(f.0 as usize).map(|f| &f.effect);
        let corruption = rules.corruption.and_then(|c| match effect(c) {
            Some(FeatureEffect::Corruption { landmark }) => Some((c, *landmark)),
            _ => None,
        });
        let biomes = rules.biomes.len();
        let mut suppresses = vec![0u64; biomes];
        for (b, &by) in rules.suppressors[..biomes].iter().enumerate() {
            for (s, m) in suppresses.iter_mut().enumerate() {
                if by & 1 << s != 0 {
                    *m |= 1 << b;
                }
            }
        }
        let drawable: u64 = (rules.weights[..biomes].iter().enumerate())
            .filter(|(_, w)| **w > 0.0)
            .fold(0, |m, (b, _)| m | 1 << b);
        let mut occupy = 0u32;
        for f in (0..rules.features.len() as u8).map(FeatureId) {
            let rolled = rules.features[f.0 as usize].chance > 0.0;
            if effect(f) == Some(&FeatureEffect::Occupy) && !rolled {
                occupy |= 1 << f.0;
            }
        }
        Tables {
            world,
            rules,
            corruption,
            pylons: rules.pylons().collect(),
            suppresses,
            drawable,
            occupy,
        }
    }

    fn effect(&self, f: FeatureId) -> Option<&FeatureEffect> {
        self.rules.features.get(f.0 as usize).map(|f| &f.effect)
    }

    fn at(&self, o: u32) -> Coord {
        Coord::from_hex(self.world.hex_of_order(o))
    }

    /// The draw's own test, in its own arithmetic (rounding may empty a pool of tiny weights).
    fn pool_empties(&self, present: u64) -> bool {
        let rules = self.rules;
        let mut total = rules.random_total;
        for &b in &rules.suppressible {
            if rules.suppressors[b as usize] & present != 0 {
                total -= rules.weights[b as usize];
            }
        }
        total <= 0.0
    }

    /// At most one flag a hex, each on a hex with an Occupy feature; the flagged hexes by
    /// generation order.
    fn flags(&self, flags: &[Hex]) -> Result<HashSet<u32>, Broken> {
        let mut flagged = HashSet::with_capacity(flags.len());
        for (i, &hex) in flags.iter().enumerate() {
            let (c, d, err) = placed(self.world, hex, Subject::Flag(i))?;
            if !flagged.insert(d.order) {
                return Err(err(format!("a second flag on {c}: at most one flag a hex")));
            }
            let occupy = |f| self.effect(f) == Some(&FeatureEffect::Occupy);
            if !d.features.iter().any(occupy) {
                return Err(err(format!("{c} has no flag feature to stand for it")));
            }
        }
        Ok(flagged)
    }

    /// One hex: its biome against its neighbours, its corruption and its flag; what the later
    /// checks need goes into `tally`.
    fn hex(
        &self,
        o: u32,
        flagged: &HashSet<u32>,
        join: bool,
        tally: &mut Tally,
    ) -> Result<(), Broken> {
        let hex = self.world.hex_of_order(o);
        let d = (self.world.get(hex)).expect("a hex of the generation order is generated");
        let around: [Option<GeneratedHex>; 6] = NEIGHBOURS.map(|step| self.world.get(hex + step));
        // The biomes of the neighbours generated before it, and those they suppress.
        let (mut present, mut suppressed) = (0u64, 0u64);
        for i in 0..6 {
            let Some(nb) = around[i] else { continue };
            tally.edges += 1;
            if around[(i + 1) % 6].is_some() {
                tally.triangles += 1;
            }
            if nb.order < o {
                if join {
                    tally.groups.union(o, nb.order);
                }
                present |= 1 << nb.biome.0;
                suppressed |= self.suppresses[nb.biome.0 as usize];
            }
        }
        self.biome(&d, &around, present, suppressed)?;
        self.corrupted(&d, tally)?;
        for (k, &(f, _)) in self.pylons.iter().enumerate() {
            if d.features.contains(f) {
                tally.pylon_hexes[k].push(o);
            }
        }
        if d.features.0 & self.occupy != 0 && !flagged.contains(&o) {
            let message = format!(
                "{} has a flag feature but no faction occupies it",
                self.at(o)
            );
            return Err(hex_err(o, "features", message));
        }
        Ok(())
    }

    /// The origin and pockets have their own biomes; any other hex was drawn, so no neighbour
    /// generated before it suppresses its biome, but for the draw's fallback.
    fn biome(
        &self,
        d: &GeneratedHex,
        around: &[Option<GeneratedHex>; 6],
        present: u64,
        suppressed: u64,
    ) -> Result<(), Broken> {
        let (rules, o) = (self.rules, d.order);
        let kept = match self.world.cause(o) {
            Cause::Origin => Some(("the origin", rules.origin.0)),
            Cause::Pocket => Some(("a pocket", rules.pocket.0)),
            _ => None,
        };
        if let Some((what, b)) = kept {
            if d.biome == b {
                return Ok(());
            }
            let (name, want) = (rules.biome_name(d.biome), rules.biome_name(b));
            let message = format!("{name} on {} is {what}, which is {want}", self.at(o));
            return Err(hex_err(o, "biome", message));
        }
        let fallback = || {
            d.biome == rules.origin.0
                && (self.drawable & !suppressed == 0 || self.pool_empties(present))
        };
        if suppressed & 1 << d.biome.0 == 0 || fallback() {
            return Ok(());
        }
        let by = (around.iter().flatten())
            .find(|nb| nb.order < o && rules.suppressors[d.biome.0 as usize] & 1 << nb.biome.0 != 0)
            .expect("a neighbour generated before it suppresses it");
        let message = format!(
            "{} on {} lies beside {} on {}, which suppresses it",
            rules.biome_name(d.biome),
            self.at(o),
            rules.biome_name(by.biome),
            Coord::from_hex(by.hex)
        );
        Err(hex_err(o, "biome", message))
    }

    /// A corrupted hex has no other feature (where the rules forbid building on one) and the
    /// corruption's landmark; it goes into `tally` for the rings' check.
    fn corrupted(&self, d: &GeneratedHex, tally: &mut Tally) -> Result<(), Broken> {
        let Some((c, landmark)) = self.corruption else {
            return Ok(());
        };
        if !d.features.contains(c) {
            return Ok(());
        }
        let o = d.order;
        // Building on a corrupted hex may be allowed: then other features may join it.
        if d.features.0 != 1 << c.0 && self.rules.construction.forbidden_on_corrupted {
            let message = format!(
                "{} is corrupted and has other features; corruption removes them",
                self.at(o)
            );
            return Err(hex_err(o, "features", message));
        }
        if d.landmark != landmark {
            let name = self.rules.landmark_name(landmark);
            let message = format!("{} is corrupted, so its landmark is {name}", self.at(o));
            return Err(hex_err(o, "landmark", message));
        }
        tally.corrupted.push(o);
        Ok(())
    }

    /// No enclosed indeterminate hole: components minus the nerve's Euler characteristic.
    fn holes(&self, tally: &Tally) -> Result<(), Broken> {
        let (edges, triangles) = (tally.edges / 2, tally.triangles / 3);
        let euler = self.world.len() as i64 - edges as i64 + triangles as i64;
        let holes = tally.groups.components as i64 - euler;
        if holes <= 0 {
            return Ok(());
        }
        Err(Broken {
            subject: Subject::Hexes,
            message: format!(
                "the generated hexes enclose {holes} region(s) of indeterminate hexes; an enclosed region becomes a pocket Lake when it closes"
            ),
        })
    }

    /// No corruption within a pylon's ring: scanned from whichever side is smaller (`near`: a
    /// pair may have only one side among the hexes checked, so both are scanned).
    fn rings(&self, tally: &Tally, near: bool) -> Result<(), Broken> {
        let world = self.world;
        let is_corrupted = |h: Hex| {
            (self.corruption)
                .is_some_and(|(c, _)| world.get(h).is_some_and(|d| d.features.contains(c)))
        };
        for (k, &(f, radius)) in self.pylons.iter().enumerate() {
            let pylon_at = |h: Hex| world.get(h).is_some_and(|d| d.features.contains(f));
            let from_corrupted = || {
                tally.corrupted.iter().find_map(|&o| {
                    let h = world.hex_of_order(o);
                    h.range(radius).find(|&p| pylon_at(p)).map(|p| (o, p))
                })
            };
            let from_pylons = || {
                tally.pylon_hexes[k].iter().find_map(|&p| {
                    let p = world.hex_of_order(p);
                    let o = p.range(radius).find(|&h| is_corrupted(h))?;
                    Some((world.get(o)?.order, p))
                })
            };
            let found = match near {
                true => from_corrupted().or_else(from_pylons),
                false if tally.corrupted.len() <= tally.pylon_hexes[k].len() => from_corrupted(),
                false => from_pylons(),
            };
            if let Some((o, p)) = found {
                let message = format!(
                    "{} is corrupted within {radius} of the {} on {}, which keeps corruption off",
                    self.at(o),
                    self.rules.feature_name(f),
                    Coord::from_hex(p)
                );
                return Err(hex_err(o, "features", message));
            }
        }
        Ok(())
    }

    /// Players stand on generated hexes, never on one whose biome blocks entry unless a feature
    /// cancels movement effects there or corruption took that feature from under them.
    fn players(&self, players: &[Hex]) -> Result<(), Broken> {
        for (i, &hex) in players.iter().enumerate() {
            let (c, d, err) = placed(self.world, hex, Subject::Player(i))?;
            let biome = &self.rules.biomes[d.biome.0 as usize];
            let cancels = |f| self.effect(f) == Some(&FeatureEffect::CancelMovementEffects);
            let cancelled = d.features.iter().any(cancels);
            // Corruption may take a Boardwalk from under a player (another one left the hex for
            // a corrupted one), and a pylon may cleanse the hex after, leaving the corruption's
            // landmark: the rules reach both, so neither is a broken save.
            let taken =
                (self.corruption).is_some_and(|(c, l)| d.features.contains(c) || d.landmark == l);
            if biome.movement.blocks_entry && !cancelled && !taken {
                return Err(err(format!(
                    "{c} is {}, which nobody enters without a feature that cancels movement effects",
                    biome.name
                )));
            }
        }
        Ok(())
    }
}

/// A broken invariant of the hex generated `order`-th, in its `part`.
fn hex_err(order: u32, part: &'static str, message: String) -> Broken {
    Broken {
        subject: Subject::Hex { order, part },
        message,
    }
}

/// Connected generated hexes, by generation order: a union-find with path halving.
struct Groups {
    parent: Vec<u32>,
    components: u64,
}

impl Groups {
    fn new(n: usize) -> Self {
        Self {
            parent: (0..n as u32).collect(),
            components: n as u64,
        }
    }

    fn find(&mut self, mut a: u32) -> u32 {
        while self.parent[a as usize] != a {
            let up = self.parent[self.parent[a as usize] as usize];
            self.parent[a as usize] = up;
            a = up;
        }
        a
    }

    fn union(&mut self, a: u32, b: u32) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            // The older root stays: trees stay shallow as hexes join in order.
            self.parent[a.max(b) as usize] = a.min(b);
            self.components -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::view_order;
    use crate::rules::{FeatureSet, Rules};

    fn seen(seed: u64, radius: u32) -> HexWorld {
        let mut w = HexWorld::new(Rules::aeternus(), seed);
        for h in view_order(Hex::ZERO, radius) {
            w.generate(h, Cause::View).unwrap();
        }
        w
    }

    fn placed(hexes: &[(Hex, &str, &[&str])]) -> HexWorld {
        let rules = Rules::aeternus();
        let mut w = HexWorld::new(rules.clone(), 1);
        let barren = rules.landmark("Barren").unwrap();
        for &(h, biome, features) in hexes {
            let mut set = FeatureSet::EMPTY;
            features
                .iter()
                .for_each(|f| set.insert(rules.feature(f).unwrap()));
            w.place(h, rules.biome(biome).unwrap(), barren, set);
        }
        w
    }

    /// Near some hexes the checks see what is broken there, from either side of a pylon's
    /// ring, and nothing farther away.
    #[test]
    fn near_checks_see_what_is_near_and_only_that() {
        let (pylon, cursed, lake) = (Hex::new(20, 0), Hex::new(21, 0), Hex::new(40, 0));
        let mut w = placed(&[
            (pylon, "Meadow", &["Pylon of Purity"]),
            (cursed, "Meadow", &["Corrupted"]),
            (lake, "Lake", &[]),
        ]);
        // Not Barren: a Barren Lake may be one a pylon cleansed under a player.
        let town = w.rules.landmark("Town").unwrap();
        w.set_state(lake, town, FeatureSet::EMPTY);
        let ring = check_near(&w, &[cursed], &[], &[]).unwrap_err();
        assert!(ring.message.contains("within 1"), "{ring}");
        assert_eq!(check_near(&w, &[pylon], &[], &[]), Err(ring));
        assert_eq!(check_near(&w, &[lake, Hex::new(60, 0)], &[], &[]), Ok(()));
        let on_lake = check_near(&w, &[], &[lake], &[]).unwrap_err();
        assert_eq!(on_lake.subject, Subject::Player(0));
        // The whole world sees the ring too.
        assert!(check(&w, &[], &[]).is_err());
    }

    #[test]
    fn generated_worlds_keep_every_invariant() {
        for seed in 0..20 {
            let w = seen(seed, 12);
            assert_eq!(check(&w, &[Hex::ZERO], &[]), Ok(()), "seed {seed}");
        }
        // Hexes generated along a long line, pockets closing as they come.
        let mut w = HexWorld::new(Rules::aeternus(), 5);
        for i in 0..400 {
            let h = Hex::new((i * 7) % 23 - 11, (i * 5) % 19 - 9);
            w.generate(h, Cause::MoveTarget).unwrap();
        }
        assert_eq!(check(&w, &[Hex::ZERO], &[]), Ok(()));
    }

    #[test]
    fn an_enclosed_hole_is_found_by_counting() {
        // A ring of six around (5, 0), restored without its pocket.
        let centre = Hex::new(5, 0);
        let mut hexes: Vec<Hex> = vec![Hex::ZERO];
        hexes.extend((1..=4).map(|q| Hex::new(q, 0)));
        hexes.extend(
            crate::hex::neighbours(centre)
                .into_iter()
                .filter(|h| *h != Hex::new(4, 0)),
        );
        let rules = Rules::aeternus();
        let state = crate::world::HexState {
            biome: rules.biome("Meadow").unwrap(),
            landmark: rules.landmark("Barren").unwrap(),
            features: FeatureSet::EMPTY,
        };
        let w =
            HexWorld::restore(rules, 1, hexes.iter().map(|&h| (h, state, Cause::View))).unwrap();
        let e = check(&w, &[], &[]).unwrap_err();
        assert_eq!(e.subject, Subject::Hexes);
        assert!(e.message.contains("enclose 1 region"), "{e}");
    }

    /// Restores `hexes` (Barren, no features) under `rules`, the origin first.
    fn restored(rules: &Rules, hexes: &[(Hex, &str, Cause)]) -> HexWorld {
        let state = |b: &str| crate::world::HexState {
            biome: rules.biome(b).unwrap(),
            landmark: rules.landmark("Barren").unwrap(),
            features: FeatureSet::EMPTY,
        };
        let hexes = hexes.iter().map(|&(h, b, c)| (h, state(b), c));
        HexWorld::restore(rules.clone(), 1, hexes).unwrap()
    }

    /// The default rules with each `(biome, by)` suppressed, and only `weighed` drawn at random
    /// when it is given.
    fn suppressing(pairs: &[(&str, &str)], weighed: Option<&[&str]>) -> Rules {
        let mut r = Rules::aeternus();
        for (biome, by) in pairs {
            let (b, by) = (r.biome(biome).unwrap(), r.biome(by).unwrap());
            r.biomes[b.0 as usize].suppressed_beside.push(by);
        }
        if let Some(w) = weighed {
            for biome in &mut r.biomes {
                biome.weight = if w.contains(&biome.name.as_str()) {
                    1.0
                } else {
                    0.0
                };
            }
        }
        r.derive_tables();
        r
    }

    #[test]
    fn pockets_and_the_origin_have_their_own_biomes() {
        use Cause::*;
        let (a, b) = (Hex::new(1, 0), Hex::new(2, 0));
        let rules = Rules::aeternus();
        // Dunes beside a Swamp, said to be a pocket: pockets are Lake.
        let w = restored(
            &rules,
            &[
                (Hex::ZERO, "Meadow", Origin),
                (a, "Swamp", View),
                (b, "Deceased Dunes", Pocket),
            ],
        );
        let e = check(&w, &[], &[]).unwrap_err();
        assert_eq!(e.field(), "hexes[2].biome");
        assert_eq!(
            e.message,
            "Deceased Dunes on (2, 0, 0) is a pocket, which is Lake"
        );
        let w = restored(&rules, &[(Hex::ZERO, "Forest", Origin)]);
        let e = check(&w, &[], &[]).unwrap_err();
        assert_eq!(e.field(), "hexes[0].biome");
        assert_eq!(
            e.message,
            "Forest on (0, 0, 0) is the origin, which is Meadow"
        );
        // A pocket Lake is never drawn, so a biome suppressing Lake does not refuse it.
        let rules = suppressing(&[("Lake", "Swamp")], None);
        let w = restored(
            &rules,
            &[
                (Hex::ZERO, "Meadow", Origin),
                (a, "Swamp", View),
                (b, "Lake", Pocket),
            ],
        );
        assert_eq!(check(&w, &[], &[]), Ok(()));
        let w = restored(
            &rules,
            &[
                (Hex::ZERO, "Meadow", Origin),
                (a, "Swamp", View),
                (b, "Lake", View),
            ],
        );
        assert_eq!(check(&w, &[], &[]).unwrap_err().field(), "hexes[2].biome");
    }

    #[test]
    fn the_draws_fallback_to_the_origins_biome_is_kept() {
        use Cause::*;
        let (a, b) = (Hex::new(1, 0), Hex::new(2, 0));
        let hexes = [
            (Hex::ZERO, "Meadow", Origin),
            (a, "Lake", View),
            (b, "Meadow", View),
        ];
        // Meadow and Lake, the only biomes drawn at random, suppressed beside a Lake: the pool
        // is empty there and the draw falls back to the origin's Meadow.
        let pairs = [("Meadow", "Lake"), ("Lake", "Lake")];
        let emptied = suppressing(&pairs, Some(&["Meadow", "Lake"]));
        assert_eq!(check(&restored(&emptied, &hexes), &[], &[]), Ok(()));
        // With other biomes to draw, a Meadow beside the Lake was never drawn.
        let rules = suppressing(&pairs, None);
        let e = check(&restored(&rules, &hexes), &[], &[]).unwrap_err();
        assert_eq!(e.field(), "hexes[2].biome");
        // The origin's biome only: a Forest there is suppressed and refused.
        let only_forest = suppressing(&[("Forest", "Lake")], Some(&["Forest"]));
        let hexes = [
            (Hex::ZERO, "Meadow", Origin),
            (a, "Lake", View),
            (b, "Forest", View),
        ];
        let e = check(&restored(&only_forest, &hexes), &[], &[]).unwrap_err();
        assert_eq!(e.field(), "hexes[2].biome");
        // Generated worlds of the mod keep the invariants, fallbacks among their hexes.
        let mut w = HexWorld::new(emptied.clone(), 5);
        for i in 0..400 {
            let h = Hex::new((i * 7) % 23 - 11, (i * 5) % 19 - 9);
            w.generate(h, Cause::MoveTarget).unwrap();
        }
        assert_eq!(check(&w, &[Hex::ZERO], &[]), Ok(()));
        let lake = emptied.biome("Lake").unwrap();
        let fallbacks = w
            .order()
            .filter(|&h| {
                let d = w.get(h).unwrap();
                d.biome != lake
                    && NEIGHBOURS.iter().any(|s| {
                        w.get(h + *s)
                            .is_some_and(|n| n.order < d.order && n.biome == lake)
                    })
            })
            .count();
        assert!(fallbacks > 0, "no Meadow was drawn beside a Lake");
    }

    #[test]
    fn each_broken_invariant_is_named() {
        let (a, b) = (Hex::new(1, 0), Hex::new(2, 0));
        // Dunes drawn beside a Swamp.
        let w = placed(&[(a, "Swamp", &[]), (b, "Deceased Dunes", &[])]);
        let e = check(&w, &[], &[]).unwrap_err();
        assert_eq!(e.field(), "hexes[2].biome");
        assert!(e.message.contains("suppresses"), "{e}");
        // Corrupted with a flag.
        let w = placed(&[(a, "Meadow", &["Corrupted", "Flag"])]);
        let e = check(&w, &[], &[a]).unwrap_err();
        assert_eq!(e.field(), "hexes[1].features");
        // Corruption in a pylon's ring.
        let w = placed(&[
            (a, "Meadow", &["Pylon of Purity"]),
            (b, "Meadow", &["Corrupted"]),
        ]);
        let e = check(&w, &[], &[]).unwrap_err();
        assert_eq!(e.field(), "hexes[2].features");
        assert!(e.message.contains("Pylon of Purity"), "{e}");
        // A flag without its feature, two flags on a hex, a flag feature without a flag.
        let w = placed(&[(a, "Meadow", &["Flag"]), (b, "Meadow", &[])]);
        assert_eq!(check(&w, &[], &[a]), Ok(()));
        assert_eq!(check(&w, &[], &[a, b]).unwrap_err().field(), "flags[1]");
        assert_eq!(check(&w, &[], &[a, a]).unwrap_err().field(), "flags[1]");
        assert_eq!(
            check(&w, &[], &[]).unwrap_err().field(),
            "hexes[1].features"
        );
        // Players: on an indeterminate hex, on a Lake, on a Lake with a Boardwalk.
        // (A bare Lake of the corruption's landmark may be one a pylon cleansed: a Town's is not.)
        let mut w = placed(&[(a, "Lake", &[]), (b, "Lake", &["Boardwalk"])]);
        let town = w.rules.landmark("Town").unwrap();
        w.set_state(a, town, FeatureSet::EMPTY);
        assert_eq!(check(&w, &[b], &[]), Ok(()));
        let e = check(&w, &[b, a], &[]).unwrap_err();
        assert_eq!(e.field(), "players[1].at");
        assert!(e.message.contains("Lake"), "{e}");
        let e = check(&w, &[Hex::new(9, 9)], &[]).unwrap_err();
        assert!(e.message.contains("not a generated hex"), "{e}");
    }
}
