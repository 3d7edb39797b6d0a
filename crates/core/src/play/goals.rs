//! Goals: the rules say how a game ends and who wins ([`crate::rules::Goal`]). Each faction
//! scores for the hexes its flags occupy and the resources its players hold. The game ends
//! after the rules' last phase, or as soon as a faction's score reaches the target (the winner
//! is then the faction with the most points, none on a tie); and, where the rules say so, by
//! the flags' own verdict: a faction holding the lead's share of the flags for the lead's
//! phases in a row, or left alone holding flags once a rival's last flag falls, wins at once.
//! [`EndedBy`] says which ending it was; once over, every action is refused.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::ledger::Ledger;
use super::vocabulary::{
    Contest, End, EndedBy, Faction, GameOver, Occupied, Phase, PhaseBegun, PlayEvent, PlayLog,
    Player, Resources, Score, Standings,
};
use crate::per_game::PerGameApp;
use crate::rules::Goal;
use crate::sites::{Knowledge, SiteLayer};
use crate::world::HexWorld;
use crate::world::plugin::{HexEdited, HexPos};

pub(super) fn plugin(app: &mut App) {
    app.init_per_game::<Standings>()
        .init_per_game::<Contest>()
        .per_game_while::<GameOver>()
        .per_game_while::<EndedBy>();
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

/// What amounts of the rules' resources score under the goal (`amount` of each by name).
pub fn resource_points(rules: &crate::rules::Rules, amount: impl Fn(&str) -> u32) -> u64 {
    (rules.resources.iter().zip(&rules.play.goal.resources))
        .map(|(r, &p)| amount(r) as u64 * p as u64)
        .fold(0u64, u64::saturating_add)
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
        let points = resource_points(&world.rules, |r| held.get(r));
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

/// What the endings read: the phase and the phases begun, the standings, the ledger's flags and
/// the flags lowered, the rules, the contest so far, and whether the game is over already.
#[derive(SystemParam)]
pub(super) struct Endings<'w, 's> {
    phase: Res<'w, Phase>,
    /// Phases begun this pass: the one before has ended.
    begun: MessageReader<'w, 's, PhaseBegun>,
    standings: Res<'w, Standings>,
    /// Each faction at the table's flags.
    ledger: Res<'w, Ledger>,
    /// Flags lowered this pass (razed, or lost to corruption).
    lowered: RemovedComponents<'w, 's, Occupied>,
    world: Res<'w, HexWorld>,
    contest: ResMut<'w, Contest>,
    over: Option<Res<'w, GameOver>>,
}

/// How a game ended: why, who won, and in which phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Verdict {
    end: End,
    winner: Option<Faction>,
    phase: u32,
}

impl Endings<'_, '_> {
    /// The ending this pass brings, if any: when several come at once, the last standing, then
    /// a lead, the target, the last phase. Follows the contest on the way.
    fn verdict(&mut self) -> Option<Verdict> {
        let begun: Vec<u32> = self.begun.read().map(|b| b.0).collect();
        let goal = &self.world.rules.play.goal;
        let (last_standing, lead) = (goal.last_standing, goal.lead);
        let fallen = self.last_standing(last_standing);
        let led = begun.iter().find_map(|&b| self.lead(lead, b));
        let goal = &self.world.rules.play.goal;
        let best = self.standings.0.first().map_or(0, |s| s.points);
        let target = (goal.target > 0 && best >= goal.target as u64).then(|| Verdict {
            end: End::Target,
            winner: self.on_points(),
            phase: self.phase.0.min(goal.phases),
        });
        let phases = (self.phase.0 > goal.phases).then(|| Verdict {
            end: End::Phases,
            winner: self.on_points(),
            phase: goal.phases,
        });
        fallen.or(led).or(target).or(phases)
    }

    /// The faction with the most points; none on a tie.
    fn on_points(&self) -> Option<Faction> {
        match self.standings.0[..] {
            [first, second, ..] if first.points == second.points => None,
            [first, ..] => Some(first.faction),
            [] => None,
        }
    }

    /// The factions at the table holding flags, by the ledger; none when the table has fewer
    /// than two factions (a contest needs a rival).
    fn holders(&self) -> Vec<(Faction, u32)> {
        if self.standings.0.len() < 2 {
            return Vec::new();
        }
        (self.ledger.0.iter())
            .filter(|l| l.flags > 0)
            .map(|l| (l.faction, l.flags))
            .collect()
    }

    /// The last standing: when the rules have it and a flag lowered leaves the factions
    /// holding flags fallen from two or more to one, that one wins now.
    fn last_standing(&mut self, on: bool) -> Option<Verdict> {
        let fell = self.lowered.read().count() > 0;
        let holders = self.holders();
        let before = std::mem::replace(&mut self.contest.holders, holders.len());
        match holders[..] {
            [(winner, _)] if on && fell && before >= 2 => Some(Verdict {
                end: End::LastStanding,
                winner: Some(winner),
                phase: self.phase.0,
            }),
            _ => None,
        }
    }

    /// The lead, as phase `begun` begins and the one before has ended: the faction holding at
    /// least the lead's share of the flags extends its run (or starts one), anyone else's run
    /// ends; a run of the lead's phases wins.
    fn lead(&mut self, lead: Option<crate::rules::Lead>, begun: u32) -> Option<Verdict> {
        let lead = lead?;
        let holders = self.holders();
        let total: u64 = holders.iter().map(|&(_, n)| n as u64).sum();
        let top = holders
            .iter()
            .copied()
            .max_by_key(|&(f, n)| (n, std::cmp::Reverse(f.0)));
        let leader = top.filter(|&(_, n)| n as u64 * 100 >= lead.share as u64 * total);
        self.contest.leader = leader.map(|(f, _)| match self.contest.leader {
            Some((held, run)) if held == f => (f, run.saturating_add(1)),
            _ => (f, 1),
        });
        match self.contest.leader {
            Some((winner, run)) if run >= lead.phases => Some(Verdict {
                end: End::Lead,
                winner: Some(winner),
                phase: begun.saturating_sub(1),
            }),
            _ => None,
        }
    }
}

/// Ends the game by the first ending that comes ([`End`]; in one pass, in this order): a
/// rival's last flag fallen, a lead held, the target reached, the rules' last phase past. Reads [`Endings`] and the log (a loaded
/// game that had ended is over again without a second entry); writes the [`Contest`],
/// [`GameOver`], [`EndedBy`] and [`PlayEvent::GameEnded`].
pub(super) fn end(
    mut endings: Endings,
    log: Res<PlayLog>,
    mut commands: Commands,
    mut events: MessageWriter<PlayEvent>,
) {
    if endings.over.is_some() {
        return;
    }
    let Some(Verdict { end, winner, phase }) = endings.verdict() else {
        return;
    };
    commands.insert_resource(GameOver { winner, phase });
    commands.insert_resource(EndedBy(end));
    let logged = log
        .0
        .iter()
        .any(|e| matches!(e, PlayEvent::GameEnded { .. }));
    if !logged {
        events.write(PlayEvent::GameEnded {
            winner,
            phase,
            standings: endings.standings.0.clone(),
            end,
        });
    }
}

/// A loaded game the flags had ended (a lead held, the last standing) is over again as its log
/// says: nothing the rules count again on a load tells those endings (the last phase and the
/// target are counted again by [`end`], under the rules loaded). Reads the world's
/// [`PlayLog`]; writes [`GameOver`] and [`EndedBy`].
pub fn over_again(ecs: &mut World) {
    let ended = (ecs.resource::<PlayLog>().0.iter().rev()).find_map(|e| match e {
        PlayEvent::GameEnded {
            winner, phase, end, ..
        } => Some((*winner, *phase, *end)),
        _ => None,
    });
    if let Some((winner, phase, end)) = ended
        && end.by_flags()
    {
        ecs.insert_resource(GameOver { winner, phase });
        ecs.insert_resource(EndedBy(end));
    }
}
