//! The greedy bot: plays to win with what a person at its seat would see. Each action it takes
//! the first of these that applies:
//! 1. a Pylon of Purity beside corruption it can reach (corruption takes flags and spreads);
//! 2. a Flag on the best hex in reach — a site, a Town — or anywhere when it has plenty;
//! 3. a Stag Station where none stands within [`STATION_SPACING`];
//! 4. on a station at the start of its phase, now and then, the stagways to the farthest other
//!    station it knows;
//! 5. a Boardwalk onto a Lake that stands straight in its way, or onto a hazard on its route
//!    when it has wood to spare;
//! 6. a gathering, when its hex yields something it lacks;
//! 7. a step along the play's path-finding toward its goal — the best unflagged site or Town
//!    near it, else land that yields what it lacks, else the frontier along a heading it keeps for
//!    a few phases — tolled so that it keeps off Dunes and Swamps where it can;
//! 8. the end of its turn.
//!
//! It never waits on memory of its own: everything is read from the world, so a loaded game's
//! bots play on alike.

use hexx::Hex;
use rand::RngExt;

use super::Faction;
use super::actions::Action;
use super::board::is_corrupted;
use super::construction::check;
use super::hazards::effects;
use super::players::{PlayerId, Resources};
use super::routes::route_with;
use crate::hex::{Direction, distance};
use crate::rules::{FeatureEffect, FeatureId, Rules, Yield, sum_yields};
use crate::sites::SiteLayer;
use crate::world::{GeneratedHex, HexWorld};
use crate::worldgen::stream::{Purpose, player_rng};

/// How far the bot looks for a goal.
const LOOK: u32 = 8;
/// The bot builds a station where none stands this near.
pub const STATION_SPACING: u32 = 6;
/// How far the bot looks for a station to travel to.
const STAGWAY_LOOK: u32 = 24;
/// A heading is kept for this many phases.
const HEADING_PHASES: u32 = 6;
/// What a step onto a hex with a known hazard (winds, a mire) adds to its cost in the bot's eyes.
const HAZARD_TOLL: u32 = 4;
const HEADINGS: Purpose = Purpose::Play(3);

/// The seat deciding.
pub(super) struct Seat<'a> {
    pub id: PlayerId,
    pub faction: Faction,
    pub at: Hex,
    pub ap: u32,
    pub held: &'a Resources,
    pub phase: u32,
}

/// What the bot reads of the world.
pub(super) struct Board<'a> {
    pub map: &'a HexWorld,
    pub sites: Option<&'a SiteLayer>,
    pub owner: &'a dyn Fn(Hex) -> Option<Faction>,
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

/// The greedy bot's next action.
pub(super) fn action(rng: &mut impl RngExt, board: &Board, seat: &Seat) -> Action {
    let map = board.map;
    let rules = &map.rules;
    let kinds = Kinds::of(rules);
    let player = seat.id;
    let at = seat.at;
    let reach = || at.range(rules.construction.range);
    let can_build = |h: Hex, f: FeatureId| check(map, at, seat.ap, seat.held, h, f).is_ok();
    let build = |hex: Hex, feature: FeatureId| Action::Build {
        player,
        hex,
        feature,
    };

    // 1. A pylon beside corruption.
    if let Some((pylon, radius)) = kinds.pylon {
        let threat = |h: Hex| h.range(radius).filter(|&c| is_corrupted(map, c)).count();
        let ours = |h: Hex| {
            (h.range(radius + 1))
                .filter(|&c| (board.owner)(c) == Some(seat.faction))
                .count()
        };
        let best = (reach().filter(|&h| can_build(h, pylon)))
            .map(|h| (threat(h), h))
            .filter(|(n, _)| *n > 0)
            .max_by_key(|&(n, h)| (ours(h), n, std::cmp::Reverse(distance(at, h))));
        if let Some((_, h)) = best {
            return build(h, pylon);
        }
    }
    // 2. A flag on the best hex in reach.
    if let Some(flag) = kinds.flag {
        let plenty = rich(seat, rules, flag);
        let best = (reach().filter(|&h| can_build(h, flag)))
            .map(|h| (flag_value(board, h), h))
            .filter(|(v, _)| *v > 1 || plenty)
            .max_by_key(|(v, _)| *v);
        if let Some((_, h)) = best {
            return build(h, flag);
        }
    }
    // 3. A station where none stands near.
    if let Some(station) = kinds.station {
        let near = at
            .range(STATION_SPACING)
            .any(|h| has_feature(map, h, station));
        if !near && can_build(at, station) {
            return build(at, station);
        }
        // 4. The stagways, now and then, at the start of a phase.
        let fresh = seat.ap >= rules.play.action_points;
        if fresh && has_feature(map, at, station) && rng.random_range(0..3u32) == 0 {
            let far = (at.range(STAGWAY_LOOK))
                .filter(|&h| distance(at, h) >= STATION_SPACING && has_feature(map, h, station))
                .max_by_key(|&h| (distance(at, h), std::cmp::Reverse((h.x, h.y))));
            if let Some(to) = far {
                return Action::Travel { player, to };
            }
        }
    }
    let lacking = lacking(seat, rules);
    let goal = goal(board, seat, &lacking);
    // 5. A boardwalk onto a Lake straight ahead, or a hazard on the way.
    if let (Some(boardwalk), Some(goal)) = (kinds.boardwalk, goal) {
        let ahead = Direction::ALL
            .map(|d| at + d.offset())
            .into_iter()
            .min_by_key(|&h| distance(h, goal))
            .expect("six neighbours");
        let blocks = map
            .get(ahead)
            .is_some_and(|d| effects(rules, &d).blocks_entry);
        if blocks && distance(ahead, goal) < distance(at, goal) && can_build(ahead, boardwalk) {
            return build(ahead, boardwalk);
        }
    }
    // 6. Gather what it lacks.
    if seat.ap >= rules.play.gather.ap && wanted_here(board, at, &lacking) > 0 {
        return Action::Gather { player };
    }
    // 7. A step toward the goal.
    if let Some(goal) = goal
        && let Some(path) = route_with(map, rules, at, goal, |d| toll(rules, d))
        && let Some(&next) = path.get(1)
    {
        let here = map.get(at).expect("a player stands on a generated hex");
        let cost = effects(rules, &here).leave_extra_ap.saturating_add(1);
        let hazard = map.get(next).is_some_and(|d| toll(rules, &d) > 0);
        if let Some(boardwalk) = kinds.boardwalk
            && hazard
            && rich(seat, rules, boardwalk)
            && can_build(next, boardwalk)
        {
            return build(next, boardwalk);
        }
        if seat.ap >= cost
            && let Some(step) = Action::traverse_toward(player, at, next)
        {
            return step;
        }
    }
    Action::EndTurn { player }
}

/// Whether the seat holds twice what `feature` costs: it may spend on what merely helps.
fn rich(seat: &Seat, rules: &Rules, feature: FeatureId) -> bool {
    let cost = &rules.features[feature.0 as usize].cost;
    cost.iter()
        .all(|(r, &n)| seat.held.get(r) >= n.saturating_mul(2))
}

fn has_feature(map: &HexWorld, hex: Hex, f: FeatureId) -> bool {
    map.get(hex).is_some_and(|d| d.features.contains(f))
}

/// What a flag on `hex` scores and pays in the bot's eyes: 1 for the flag, the goal's points for
/// its sites and landmark, and three for each unit its sites pay a phase.
fn flag_value(board: &Board, hex: Hex) -> u64 {
    let map = board.map;
    let goal = &map.rules.play.goal;
    let Some(d) = map.get(hex) else { return 0 };
    let landmark = goal.landmarks.get(d.landmark.0 as usize).copied();
    let (sites, pays) = board
        .sites
        .filter(|s| s.has_sites(hex))
        .map_or((0, 0), |s| {
            let pays: u64 = s.yields_at(hex).values().map(|&n| n as u64).sum();
            (s.sites_at(hex).count() as u64, pays)
        });
    1 + sites * goal.site as u64 + landmark.unwrap_or(0) as u64 + 3 * pays
}

/// Units a gathering on `hex` would bring that meet a lack (none where it is corrupted): its
/// biome's, its landmark's and its sites' yields, read in place.
fn wanted_here(board: &Board, hex: Hex, lacking: &Yield) -> u32 {
    let map = board.map;
    if lacking.is_empty() {
        return 0;
    }
    let Some(d) = map.get(hex).filter(|_| !is_corrupted(map, hex)) else {
        return 0;
    };
    let g = &map.rules.play.gather;
    let land = [
        g.biomes.get(d.biome.0 as usize),
        g.landmarks.get(d.landmark.0 as usize),
    ];
    let sites = board.sites.filter(|s| s.has_sites(hex));
    let bonus = sites.map(|s| s.gather_at(hex)).unwrap_or_default();
    sum_yields(land.into_iter().flatten().chain([&bonus]))
        .iter()
        .map(|(r, &n)| n.min(lacking.get(r).copied().unwrap_or(0)))
        .sum()
}

/// What the seat lacks of one of each construction, resource by resource.
fn lacking(seat: &Seat, rules: &Rules) -> Yield {
    let all = sum_yields(rules.features.iter().map(|f| &f.cost));
    (all.into_iter())
        .filter_map(|(r, n)| {
            let short = n.saturating_sub(seat.held.get(&r));
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
fn goal(board: &Board, seat: &Seat, lacking: &Yield) -> Option<Hex> {
    let map = board.map;
    let rules = &map.rules;
    let at = seat.at;
    let open = |h: Hex| {
        h != at
            && map.get(h).is_some_and(|d| !effects(rules, &d).blocks_entry)
            && !is_corrupted(map, h)
    };
    let mut best: Option<(u64, Hex)> = None;
    for h in at.range(LOOK).filter(|&h| open(h)) {
        let flag = if (board.owner)(h).is_none() {
            flag_value(board, h).saturating_sub(1) * 4
        } else {
            0
        };
        let value = flag + wanted_here(board, h, lacking) as u64;
        let score = value * 16 / (1 + distance(at, h) as u64);
        if value > 0 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, h));
        }
    }
    if let Some((_, h)) = best {
        return Some(h);
    }
    // The frontier: the farthest open hex along the heading within sight.
    let mut rng = player_rng(map.seed, seat.id.0, seat.phase / HEADING_PHASES, HEADINGS);
    let d = Direction::ALL[rng.random_range(0..6usize)].offset();
    (1..=rules.sight_radius.max(1) as i32)
        .rev()
        .map(|k| at + d * k)
        .find(|&h| open(h))
}
