//! Goals: the rules say how a game ends and who wins ([`crate::rules::Goal`]). Each faction
//! scores for the hexes its flags occupy and the resources its players hold; the game ends after
//! the rules' last phase, or as soon as a faction's score reaches the target. The winner is the
//! faction with the most points (none on a tie); once over, every action is refused.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::flags::Occupied;
use super::log::{PlayEvent, PlayLog};
use super::phase::Phase;
use super::players::{Faction, Player, Resources};
use crate::per_game::PerGameApp;
use crate::rules::Goal;
use crate::sites::{Knowledge, SiteLayer};
use crate::world::HexWorld;
use crate::world::plugin::{HexEdited, HexPos};

/// The factions at the table and their scores, best first (ties by faction).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Standings(pub Vec<Score>);

/// A faction's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub faction: Faction,
    pub points: u64,
}

/// The game is over: its winner (none on a tie) and the phase it ended in.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOver {
    pub winner: Option<Faction>,
    pub phase: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_per_game::<Standings>()
        .per_game_while::<GameOver>();
}

/// What the flags score, by faction: counted again only when a flag goes up or comes down, a
/// hex is edited (its landmark or features) or the goal's points change, since it means reading
/// every flag's hex.
#[derive(Default)]
pub(super) struct FlagPoints {
    by_faction: Vec<(Faction, u64)>,
    counted: bool,
}

/// A player whose faction or resources changed, or who joined.
type Reseated = (With<Player>, Or<(Changed<Faction>, Changed<Resources>)>);

/// The players as they score: their factions and resources, and whether any changed, joined
/// or left.
#[derive(SystemParam)]
pub(super) struct ScoredPlayers<'w, 's> {
    /// Each player's faction and the resources it holds.
    players: Query<'w, 's, (&'static Faction, &'static Resources), With<Player>>,
    /// Players whose faction or resources changed, or who joined.
    changed: Query<'w, 's, (), Reseated>,
    /// Players who left.
    left: RemovedComponents<'w, 's, Player>,
}

/// The flags and the hexes they stand on, what changes their points (a flag raised or
/// lowered, a hex edited), and what they scored when last counted.
#[derive(SystemParam)]
pub(super) struct ScoredFlags<'w, 's> {
    /// Each flag's hex and faction.
    flags: Query<'w, 's, (&'static HexPos, &'static Occupied)>,
    /// Flags raised since the last run.
    raised: Query<'w, 's, (), Added<Occupied>>,
    /// Flags lowered since the last run.
    lowered: RemovedComponents<'w, 's, Occupied>,
    /// Hexes whose landmark or features changed.
    edited: MessageReader<'w, 's, HexEdited>,
    /// The flags' points, by faction, as last counted.
    counted: Local<'s, FlagPoints>,
    /// The goal they were last counted under.
    last_goal: Local<'s, Option<Goal>>,
}

/// Scores every faction at the table, again only when something scored changed: a player's
/// faction or resources, a player joined or left, the flags or their hexes, the goal, or the
/// standings were reset, or a faction learned of sites. Reads the players' factions and resources, the flags on hex entities
/// (again only when they or their hexes changed), the store, the rules, the site layer if any and
/// what each faction knows of it; writes [`Standings`].
pub(super) fn score(
    mut seats: ScoredPlayers,
    mut tally: ScoredFlags,
    world: Res<HexWorld>,
    sites: Option<Res<SiteLayer>>,
    knowledge: Res<Knowledge>,
    mut standings: ResMut<Standings>,
) {
    let goal = &world.rules.play.goal;
    // A reload may change the points (never the names: those need a restart); it swaps the
    // store's rules, so the goal is compared only when the store changed.
    let goal_changed = world.is_changed() && tally.last_goal.as_ref() != Some(goal);
    let stale = tally.is_stale(goal_changed) || knowledge.is_changed();
    let seats_changed = !seats.changed.is_empty() || seats.left.read().count() > 0;
    if !stale && !seats_changed && !standings.is_changed() {
        return;
    }
    if stale {
        tally.count(&world, sites.as_deref(), &knowledge, goal);
    }
    let players = &seats.players;
    let mut scores: Vec<Score> = players
        .iter()
        .map(|(&faction, _)| Score { faction, points: 0 })
        .collect();
    scores.sort_by_key(|s| s.faction.0);
    scores.dedup();
    for (faction, held) in players {
        let points = (world.rules.resources.iter().zip(&goal.resources))
            .map(|(r, &p)| held.get(r) as u64 * p as u64)
            .fold(0u64, u64::saturating_add);
        if let Some(s) = scores.iter_mut().find(|s| s.faction == *faction) {
            s.points = s.points.saturating_add(points);
        }
    }
    for &(faction, points) in &tally.counted.by_faction {
        if let Some(s) = scores.iter_mut().find(|s| s.faction == faction) {
            s.points = s.points.saturating_add(points);
        }
    }
    scores.sort_by(|a, b| b.points.cmp(&a.points).then(a.faction.0.cmp(&b.faction.0)));
    standings.set_if_neq(Standings(scores));
}

impl ScoredFlags<'_, '_> {
    /// Whether the flags must be counted again: never counted yet, a flag raised or lowered, a
    /// hex edited, or the goal changed.
    fn is_stale(&mut self, goal_changed: bool) -> bool {
        !self.counted.counted
            || !self.raised.is_empty()
            || self.lowered.read().count() > 0
            || self.edited.read().count() > 0
            || goal_changed
    }

    /// Counts what the flags score under `goal`, by faction: each flag's hex, its sites (those
    /// its faction knows), its landmark and its features.
    fn count(
        &mut self,
        world: &HexWorld,
        sites: Option<&SiteLayer>,
        knowledge: &Knowledge,
        goal: &Goal,
    ) {
        *self.last_goal = Some(goal.clone());
        let mut by_faction: Vec<(Faction, u64)> = Vec::new();
        for (pos, owner) in &self.flags {
            let Some(d) = world.get(pos.0) else { continue };
            let known = sites.map(|s| s.known_by(knowledge, owner.0.0));
            let sites = known.map_or(0, |s| s.sites_at(pos.0).count() as u64);
            let landmark = goal
                .landmarks
                .get(d.landmark.0 as usize)
                .copied()
                .unwrap_or(0);
            let features: u64 = (d.features.iter())
                .map(|f| goal.features.get(f.0 as usize).copied().unwrap_or(0) as u64)
                .sum();
            let points = goal.flag as u64 + sites * goal.site as u64 + landmark as u64 + features;
            match by_faction.iter_mut().find(|(f, _)| *f == owner.0) {
                Some((_, p)) => *p = p.saturating_add(points),
                None => by_faction.push((owner.0, points)),
            }
        }
        *self.counted = FlagPoints {
            by_faction,
            counted: true,
        };
    }
}

/// Ends the game once the rules' last phase is past or a faction reaches the target. Reads
/// [`Phase`], [`Standings`], the rules and the log (a loaded game that had ended is over again
/// without a second entry); writes [`GameOver`] and [`PlayEvent::GameEnded`].
pub(super) fn end(
    phase: Res<Phase>,
    standings: Res<Standings>,
    world: Res<HexWorld>,
    over: Option<Res<GameOver>>,
    log: Res<PlayLog>,
    mut commands: Commands,
    mut events: MessageWriter<PlayEvent>,
) {
    let goal = &world.rules.play.goal;
    let best = standings.0.first().map_or(0, |s| s.points);
    let reached = goal.target > 0 && best >= goal.target as u64;
    if over.is_some() || !(phase.0 > goal.phases || reached) {
        return;
    }
    let winner = match standings.0[..] {
        [first, second, ..] if first.points == second.points => None,
        [first, ..] => Some(first.faction),
        [] => None,
    };
    let phase = phase.0.min(goal.phases);
    commands.insert_resource(GameOver { winner, phase });
    let logged = log
        .0
        .iter()
        .any(|e| matches!(e, PlayEvent::GameEnded { .. }));
    if !logged {
        events.write(PlayEvent::GameEnded {
            winner,
            phase,
            standings: standings.0.clone(),
        });
    }
}
