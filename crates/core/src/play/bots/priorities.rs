//! The greedy family's list ([`super::greedy`], [`super::greedy_v1`], [`super::planner`]):
//! plays to win with what a person at its seat would see. Each action it takes the first of
//! these that applies (1 and 3, and the raze in 9, are the contest's, which a [`Style`] without
//! it, `greedy-v1`'s, leaves out):
//! 1. a raze: standing on a rival's flag beside corruption, the step onto the corruption;
//! 2. a Pylon of Purity beside corruption it can reach (corruption takes flags and spreads);
//! 3. a Pylon of Purity that covers its best flag a rival can raze: a flag beside corruption,
//!    not warded, with a rival player within [`RIVAL_REACH`];
//! 4. a Flag on the best hex in reach — a site, a Town — or anywhere when it has plenty;
//! 5. a Stag Station where none stands within [`STATION_SPACING`];
//! 6. on a station at the start of its phase, now and then, the stagways to the farthest other
//!    station it knows;
//! 7. a Boardwalk onto a Lake that stands straight in its way, or onto a hazard on its route
//!    when it has wood to spare;
//! 8. a gathering, when its hex yields something it lacks, else a search, when it stands among
//!    hexes it has never looked over (at least [`SEARCH_WORTH`] of its neighbours) with AP to
//!    spare for a step after it (not without [`Style::search`]: `greedy-v1` never searches);
//! 9. a step along the play's path-finding toward its goal — the best unflagged site or Town
//!    near it or a paying rival flag it can raze within [`Style::raze_look`], else land that yields
//!    what it lacks, else the frontier along a heading it keeps for a few phases — tolled so
//!    that it keeps off Dunes and Swamps where it can;
//! 10. the end of its turn.
//!
//! It never waits on memory of its own: everything is read from the world and from what its
//! seat's faction knows of the sites (never a site its faction has not found), so a loaded
//! game's bots play on alike.

use hexx::Hex;
use rand::RngExt;

use super::{Mover, Outlook};
use crate::hex::{Direction, distance};
use crate::play::construction::check;
use crate::play::corruption::{StepSpread, step_spread};
use crate::play::hexes::{effects, is_corrupted};
use crate::play::routes::route_with;
use crate::play::vocabulary::Action;
use crate::rules::{FeatureEffect, FeatureId, Rules, Yield, sum_yields};
use crate::world::{GeneratedHex, HexWorld};
use crate::worldgen::stream::{Purpose, player_rng};

/// How far the bot looks for a goal.
pub const LOOK: u32 = 8;
/// The bot builds a station where none stands this near.
pub const STATION_SPACING: u32 = 6;
/// How far the bot looks for a station to travel to.
const STAGWAY_LOOK: u32 = 24;
/// A heading is kept for this many phases.
const HEADING_PHASES: u32 = 6;
/// What a step onto a hex with a known hazard (winds, a mire) adds to its cost in the bot's eyes.
const HAZARD_TOLL: u32 = 4;
const HEADINGS: Purpose = Purpose::Play(3);
/// How far the bot goes out of its way to raze a rival's flag that pays.
pub const RAZE_LOOK: u32 = 3;
/// A rival this near a flag beside corruption can walk onto it and raze it within a phase or two.
pub const RIVAL_REACH: u32 = 4;
/// What a unit a site pays each phase weighs in greedy's value of a flag.
pub const PAY_WEIGHT: u64 = 3;
/// A search is worth its AP when this many hexes around the bot were never looked over.
pub const SEARCH_WORTH: usize = 3;

/// How a bot of the family plays the list.
pub(super) struct Style {
    /// Whether it plays the contest: razes and defends (`greedy`), or not (`greedy-v1`).
    pub contest: bool,
    /// Whether it searches for hidden sites (`greedy`), or not (`greedy-v1`).
    pub search: bool,
    /// How far it goes out of its way to raze a rival's flag that pays ([`RAZE_LOOK`] for
    /// `greedy`).
    pub raze_look: u32,
    /// Whether a flag is worth building anywhere, for its point alone (the planner near the
    /// end), not only on a hex worth more or when it has plenty.
    pub any_flag: bool,
    /// What a unit a site pays each phase weighs in a flag's value ([`PAY_WEIGHT`] for
    /// `greedy`; the planner: the phases left).
    pub pay_weight: u64,
}

/// The rules' constructions, by what they do.
struct Kinds {
    flag: Option<FeatureId>,
    pylon: Option<(FeatureId, u32)>,
    station: Option<FeatureId>,
    boardwalk: Option<FeatureId>,
}

impl Kinds {
    fn of(rules: &Rules) -> Self {
        let find = |want: &dyn Fn(&FeatureEffect) -> bool| {
            (rules.features.iter())
                .position(|f| !f.cost.is_empty() && want(&f.effect))
                .map(|i| FeatureId(i as u8))
        };
        let pylon = find(&|e| matches!(e, FeatureEffect::Purify { .. })).map(|f| {
            let FeatureEffect::Purify { radius } = rules.features[f.0 as usize].effect else {
                unreachable!("found by its effect")
            };
            (f, radius)
        });
        Self {
            flag: find(&|e| *e == FeatureEffect::Occupy),
            pylon,
            station: find(&|e| matches!(e, FeatureEffect::Stagway { .. })),
            boardwalk: find(&|e| *e == FeatureEffect::CancelMovementEffects),
        }
    }
}

/// The first action of the list that applies, for the seat `outlook` shows, played in `style`.
pub(super) fn action(rng: &mut impl RngExt, outlook: &Outlook, style: &Style) -> Action {
    let decision = Decision::of(outlook, style);
    let contest = style.contest;
    let early = (contest.then(|| decision.raze()).flatten())
        .or_else(|| decision.pylon())
        .or_else(|| contest.then(|| decision.defend()).flatten())
        .or_else(|| decision.flag())
        .or_else(|| decision.station())
        .or_else(|| decision.stagways(rng));
    if let Some(action) = early {
        return action;
    }
    let lacking = lacking(decision.mover, decision.rules);
    let goal = goal(outlook, style, &lacking);
    (goal.and_then(|goal| decision.boardwalk_ahead(goal)))
        .or_else(|| decision.gather(&lacking))
        .or_else(|| style.search.then(|| decision.search()).flatten())
        .or_else(|| goal.and_then(|goal| decision.step(goal)))
        .unwrap_or(Action::EndTurn {
            player: outlook.mover.id,
        })
}

/// One decision of the bot: what it sees, its style, its seat and the constructions the rules
/// offer.
struct Decision<'a> {
    outlook: &'a Outlook<'a>,
    style: &'a Style,
    mover: &'a Mover<'a>,
    world: &'a HexWorld,
    rules: &'a Rules,
    kinds: Kinds,
}

impl<'a> Decision<'a> {
    /// Sets up the decision for the seat `outlook` shows, played in `style`.
    fn of(outlook: &'a Outlook<'a>, style: &'a Style) -> Self {
        let world = outlook.world;
        let rules = &world.rules;
        Self {
            outlook,
            style,
            mover: &outlook.mover,
            world,
            rules,
            kinds: Kinds::of(rules),
        }
    }

    /// The hexes the seat may build on.
    fn reach(&self) -> impl Iterator<Item = Hex> {
        self.mover.at.range(self.rules.construction.range)
    }

    /// Whether the seat may build `f` on `h` now.
    fn can_build(&self, h: Hex, f: FeatureId) -> bool {
        let mover = self.mover;
        check(self.world, mover.at, mover.ap, mover.held, h, f).is_ok()
    }

    /// The seat's building of `feature` on `hex`.
    fn build(&self, hex: Hex, feature: FeatureId) -> Action {
        Action::Build {
            player: self.mover.id,
            hex,
            feature,
        }
    }

    /// 2. A pylon beside corruption.
    fn pylon(&self) -> Option<Action> {
        let (pylon, radius) = self.kinds.pylon?;
        let (world, mover) = (self.world, self.mover);
        let threat = |h: Hex| h.range(radius).filter(|&c| is_corrupted(world, c)).count();
        let ours = |h: Hex| {
            (h.range(radius + 1))
                .filter(|&c| (self.outlook.owner)(c) == Some(mover.faction))
                .count()
        };
        let best = (self.reach().filter(|&h| self.can_build(h, pylon)))
            .map(|h| (threat(h), h))
            .filter(|(n, _)| *n > 0)
            .max_by_key(|&(n, h)| (ours(h), n, std::cmp::Reverse(distance(mover.at, h))));
        best.map(|(_, h)| self.build(h, pylon))
    }

    /// 1. A raze: on a rival's flag, the step onto a corrupted neighbour that spreads to it.
    fn raze(&self) -> Option<Action> {
        let (world, mover) = (self.world, self.mover);
        let owner = (self.outlook.owner)(mover.at)?;
        if owner == mover.faction {
            return None;
        }
        let here = world.get(mover.at)?;
        let cost = effects(self.rules, &here).leave_extra_ap.saturating_add(1);
        let onto = corrupting_steps(world, mover.at).find(|d| {
            (world.get(mover.at + d.offset()))
                .is_some_and(|d| !effects(self.rules, &d).blocks_entry)
        })?;
        (mover.ap >= cost).then_some(Action::Traverse {
            player: mover.id,
            direction: onto,
        })
    }

    /// Rule 3: a pylon covering its most valuable flag a rival can raze (beside corruption, not yet
    /// warded, a rival player within [`RIVAL_REACH`]).
    fn defend(&self) -> Option<Action> {
        let (pylon, radius) = self.kinds.pylon?;
        let (world, mover, outlook) = (self.world, self.mover, self.outlook);
        let rival_near = |h: Hex| {
            (outlook.players.iter())
                .any(|&(f, at)| f != mover.faction && distance(at, h) <= RIVAL_REACH)
        };
        let exposed = |h: Hex| {
            (outlook.owner)(h) == Some(mover.faction) && razable(world, h) && rival_near(h)
        };
        let flags =
            (mover.at.range(self.rules.construction.range + radius)).filter(|&h| exposed(h));
        let value = |h: Hex| flag_value(outlook, self.style, h);
        let best = flags.max_by_key(|&h| (value(h), std::cmp::Reverse((h.x, h.y))))?;
        let cover = (self.reach())
            .filter(|&h| distance(h, best) <= radius && self.can_build(h, pylon))
            .min_by_key(|&h| (distance(h, best), h.x, h.y))?;
        Some(self.build(cover, pylon))
    }

    /// 4. A flag on the best hex in reach.
    fn flag(&self) -> Option<Action> {
        let flag = self.kinds.flag?;
        let plenty = rich(self.mover, self.rules, flag);
        let best = (self.reach().filter(|&h| self.can_build(h, flag)))
            .map(|h| (flag_value(self.outlook, self.style, h), h))
            .filter(|(v, _)| *v > 1 || plenty || self.style.any_flag)
            .max_by_key(|(v, _)| *v);
        best.map(|(_, h)| self.build(h, flag))
    }

    /// 5. A station where none stands near.
    fn station(&self) -> Option<Action> {
        let station = self.kinds.station?;
        let at = self.mover.at;
        let near = at
            .range(STATION_SPACING)
            .any(|h| has_feature(self.world, h, station));
        (!near && self.can_build(at, station)).then(|| self.build(at, station))
    }

    /// 6. The stagways, now and then, at the start of a phase.
    fn stagways(&self, rng: &mut impl RngExt) -> Option<Action> {
        let station = self.kinds.station?;
        let (world, at) = (self.world, self.mover.at);
        let fresh = self.mover.ap >= self.rules.play.action_points;
        if !(fresh && has_feature(world, at, station) && rng.random_range(0..3u32) == 0) {
            return None;
        }
        let far = (at.range(STAGWAY_LOOK))
            .filter(|&h| distance(at, h) >= STATION_SPACING && has_feature(world, h, station))
            .max_by_key(|&h| (distance(at, h), std::cmp::Reverse((h.x, h.y))));
        far.map(|to| Action::Travel {
            player: self.mover.id,
            to,
        })
    }

    /// 7. A boardwalk onto a Lake straight ahead on the way to `goal`.
    fn boardwalk_ahead(&self, goal: Hex) -> Option<Action> {
        let boardwalk = self.kinds.boardwalk?;
        let at = self.mover.at;
        let ahead = Direction::ALL
            .map(|d| at + d.offset())
            .into_iter()
            .min_by_key(|&h| distance(h, goal))
            .expect("six neighbours");
        let blocks = (self.world.get(ahead)).is_some_and(|d| effects(self.rules, &d).blocks_entry);
        let closer = distance(ahead, goal) < distance(at, goal);
        (blocks && closer && self.can_build(ahead, boardwalk)).then(|| self.build(ahead, boardwalk))
    }

    /// 8. Gather what it lacks.
    fn gather(&self, lacking: &Yield) -> Option<Action> {
        let mover = self.mover;
        let worth = mover.ap >= self.rules.play.gather.ap
            && wanted_here(self.outlook, mover.at, lacking) > 0;
        worth.then_some(Action::Gather { player: mover.id })
    }

    /// 8. A search, when enough hexes around were never looked over and AP is left for a step.
    fn search(&self) -> Option<Action> {
        let (world, mover) = (self.world, self.mover);
        let sites = self.outlook.sites?;
        let cost = self.rules.play.search_ap;
        if mover.ap <= cost {
            return None;
        }
        let unsearched = |h: &Hex| {
            world
                .get(*h)
                .is_some_and(|d| !effects(self.rules, &d).blocks_entry)
                && sites.depth_at(*h).is_none_or(|d| d == 0)
        };
        let around = crate::hex::neighbours(mover.at);
        (around.iter().filter(|h| unsearched(h)).count() >= SEARCH_WORTH)
            .then_some(Action::Search { player: mover.id })
    }

    /// 9. A step toward `goal`, or a boardwalk onto a hazard on the way when it has wood to spare.
    fn step(&self, goal: Hex) -> Option<Action> {
        let (world, rules, mover) = (self.world, self.rules, self.mover);
        let at = mover.at;
        let path = route_with(world, rules, at, goal, |d| toll(rules, d))?;
        let &next = path.get(1)?;
        let here = world.get(at).expect("a player stands on a generated hex");
        let cost = effects(rules, &here).leave_extra_ap.saturating_add(1);
        let hazard = world.get(next).is_some_and(|d| toll(rules, &d) > 0);
        if let Some(boardwalk) = self.kinds.boardwalk
            && hazard
            && rich(mover, rules, boardwalk)
            && self.can_build(next, boardwalk)
        {
            return Some(self.build(next, boardwalk));
        }
        if mover.ap >= cost {
            return Action::traverse_toward(mover.id, at, next);
        }
        None
    }
}

/// Whether a flag on `hex` can be razed: a corrupted neighbour to step onto, no pylon's ward.
fn razable(world: &HexWorld, hex: Hex) -> bool {
    corrupting_steps(world, hex).next().is_some()
}

/// The directions from `hex` whose step, arriving, would corrupt `hex` and everything on it
/// ([`step_spread`]: a corrupted neighbour, no pylon's ward).
fn corrupting_steps(world: &HexWorld, hex: Hex) -> impl Iterator<Item = Direction> + '_ {
    (Direction::ALL.into_iter())
        .filter(move |d| step_spread(world, hex, hex + d.offset()) == Some(StepSpread::Corrupts))
}

/// Whether the seat holds twice what `feature` costs: it may spend on what merely helps.
fn rich(mover: &Mover, rules: &Rules, feature: FeatureId) -> bool {
    let cost = &rules.features[feature.0 as usize].cost;
    cost.iter()
        .all(|(r, &n)| mover.held.get(r) >= n.saturating_mul(2))
}

fn has_feature(world: &HexWorld, hex: Hex, f: FeatureId) -> bool {
    world.get(hex).is_some_and(|d| d.features.contains(f))
}

/// What a flag on `hex` scores and pays in the bot's eyes: 1 for the flag, the goal's points for
/// its sites and landmark, and the style's pay weight for each unit its sites pay a phase.
fn flag_value(outlook: &Outlook, style: &Style, hex: Hex) -> u64 {
    let world = outlook.world;
    let goal = &world.rules.play.goal;
    let Some(d) = world.get(hex) else { return 0 };
    let landmark = goal.landmarks.get(d.landmark.0 as usize).copied();
    let (sites, pays) = (outlook.sites)
        .filter(|s| s.has_sites(hex))
        .map_or((0, 0), |s| {
            let pays: u64 = s.yields_at(hex).values().map(|&n| n as u64).sum();
            (s.sites_at(hex).count() as u64, pays)
        });
    1 + sites * goal.site as u64 + landmark.unwrap_or(0) as u64 + style.pay_weight * pays
}

/// Units a gathering on `hex` would bring that meet a lack (none where it is corrupted): its
/// biome's, its landmark's and its sites' yields, read in place.
fn wanted_here(outlook: &Outlook, hex: Hex, lacking: &Yield) -> u32 {
    let world = outlook.world;
    if lacking.is_empty() {
        return 0;
    }
    let Some(d) = world.get(hex).filter(|_| !is_corrupted(world, hex)) else {
        return 0;
    };
    let g = &world.rules.play.gather;
    let land = [
        g.biomes.get(d.biome.0 as usize),
        g.landmarks.get(d.landmark.0 as usize),
    ];
    let sites = outlook.sites.filter(|s| s.has_sites(hex));
    let bonus = sites.map(|s| s.gather_at(hex)).unwrap_or_default();
    sum_yields(land.into_iter().flatten().chain([&bonus]))
        .iter()
        .map(|(r, &n)| n.min(lacking.get(r).copied().unwrap_or(0)))
        .sum()
}

/// What the seat lacks of one of each construction, resource by resource.
fn lacking(mover: &Mover, rules: &Rules) -> Yield {
    let all = sum_yields(rules.features.iter().map(|f| &f.cost));
    (all.into_iter())
        .filter_map(|(r, n)| {
            let short = n.saturating_sub(mover.held.get(&r));
            (short > 0).then_some((r, short))
        })
        .collect()
}

/// What a step onto `d` costs more in the bot's eyes: known hazards (winds, a mire).
fn toll(rules: &Rules, d: &GeneratedHex) -> u32 {
    let m = effects(rules, d);
    if m.wind_chance > 0.0 || m.exit_other_mass_chance < 1.0 {
        HAZARD_TOLL
    } else {
        0
    }
}

/// Where the bot heads: the best unflagged site or Town near it (value over distance), else the
/// nearest land that yields what it lacks, else the frontier along its heading.
fn goal(outlook: &Outlook, style: &Style, lacking: &Yield) -> Option<Hex> {
    let (world, mover) = (outlook.world, &outlook.mover);
    let rules = &world.rules;
    let at = mover.at;
    let open = |h: Hex| {
        h != at
            && world
                .get(h)
                .is_some_and(|d| !effects(rules, &d).blocks_entry)
            && !is_corrupted(world, h)
    };
    let mut best: Option<(u64, Hex)> = None;
    for h in at.range(LOOK).filter(|&h| open(h)) {
        let flag = match (outlook.owner)(h) {
            None => flag_value(outlook, style, h).saturating_sub(1) * 4,
            Some(f)
                if style.contest
                    && f != mover.faction
                    && distance(at, h) <= style.raze_look
                    && razable(world, h) =>
            {
                flag_value(outlook, style, h).saturating_sub(1) * 4
            }
            Some(_) => 0,
        };
        let value = flag + wanted_here(outlook, h, lacking) as u64;
        let score = value * 16 / (1 + distance(at, h) as u64);
        if value > 0 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, h));
        }
    }
    if let Some((_, h)) = best {
        return Some(h);
    }
    // The frontier: the farthest open hex along the heading within sight.
    let heading = outlook.phase / HEADING_PHASES;
    let mut rng = player_rng(world.seed, mover.id.0, heading, HEADINGS);
    let d = Direction::ALL[rng.random_range(0..6usize)].offset();
    (1..=rules.sight_radius.max(1) as i32)
        .rev()
        .map(|k| at + d * k)
        .find(|&h| open(h))
}
