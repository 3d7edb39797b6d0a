//! The recorder: two systems in the rules' pass that write the log's lines, added only to a
//! recorded game (`aeternus sim`, `aeternus replay`). The rules do not know of it: it reads
//! their messages, each with its own cursor.
//!
//! A pass takes at most one action, or one blow. After generation (the end of `Generate`),
//! [`note_tried`] sees what the pass tries (the action the rules took, [`Taken`], or a blow of
//! the winds) and takes the hexes as they stand, the target already generated; at the end of the
//! pass (the end of `Sight`, before the phase turns and refills the AP) [`note_outcome`] reads
//! the action's outcome in its [`Played`] message (a blow's in the pass's [`PlayEvent`]s), and
//! the hexes corrupted or cleansed.

use bevy::ecs::message::MessageCursor;
use bevy::ecs::system::SystemParam;
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use hexx::Hex;

use super::format::{
    ActionLine, Cause, Change, FlagChange, FlagLine, HexLine, HexView, Line, MassNames, Named,
    Outcome, Tried,
};
use crate::play::played::{self, Taken};
use crate::play::{
    Action, ActionPoints, Faction, MoveAttempt, Phase, PlayEvent, Played, Player, PlayerId,
    PlayerIndex, Position,
};
use crate::schedule::RuleStages;
use crate::world::plugin::{HexGenerated, HexWorld, Resolve, generate_hexes, request_view};

/// The lines written so far (the runner takes them after every frame) and what the two systems
/// share within a pass.
#[derive(Resource, Default)]
pub struct Recorder {
    pub lines: Vec<Line>,
    /// Actions recorded (blows not counted).
    pub actions: u64,
    /// The actions played since they were last taken ([`super::game::take_played`]), each as
    /// the rules played it, kept only once [`super::game::keep_played`] asked for them (a
    /// server's broadcast: a headless game has no use for them).
    pub played: Option<Vec<Played>>,
    masses: MassNames,
    /// One cursor for both systems: `note_tried` sees only what the pass's `act` wrote.
    events: MessageCursor<PlayEvent>,
    pending: Option<Pending>,
}

/// What the pass tries, as `note_tried` saw it.
struct Pending {
    line: ActionLine,
    from: Option<Hex>,
    to: Option<Hex>,
    /// A build's hex and feature.
    build: Option<(Hex, crate::rules::FeatureId)>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Recorder>()
        .add_systems(
            Resolve,
            note_tried
                .in_set(RuleStages::Generate)
                .after(generate_hexes),
        )
        .add_systems(
            Resolve,
            note_outcome
                .in_set(RuleStages::Sight)
                .after(request_view)
                .after(played::note),
        );
}

/// What a pass tries: its kind, the player, its hexes (the player's and the target) and the
/// action (none for a move attempt).
type Seen = (Tried, PlayerId, Option<Hex>, Option<Hex>, Option<Action>);

type Seated = (
    &'static Player,
    &'static Faction,
    &'static Position,
    &'static ActionPoints,
);

/// The recorder and what its lines are made of: the store the hexes are read from, the phase
/// each line is stamped with, and the play events (read with the recorder's own cursor).
#[derive(SystemParam)]
pub struct Recording<'w> {
    /// The lines written, and what the two systems share within a pass.
    rec: ResMut<'w, Recorder>,
    /// The store: the hexes as they stand, and the rules that name what is on them.
    world: Res<'w, HexWorld>,
    /// The phase, for each line.
    phase: Res<'w, Phase>,
    /// The play events; the pass's are read with the [`Recorder`]'s cursor.
    events: Res<'w, Messages<PlayEvent>>,
}

/// The players at the table, by id: the faction, hex and AP a line names them with.
#[derive(SystemParam)]
pub struct Seats<'w, 's> {
    /// Each player's faction, hex and AP.
    players: Query<'w, 's, Seated>,
    /// Player id -> entity.
    index: Res<'w, PlayerIndex>,
}

impl Seats<'_, '_> {
    /// The player's faction, position and AP, when it is at the table.
    fn seated(&self, id: PlayerId) -> Option<(&Faction, &Position, &ActionPoints)> {
        let e = self.index.get(&id)?;
        self.players.get(*e).ok().map(|(_, f, p, ap)| (f, p, ap))
    }
}

/// What the pass tries, with its hexes as they stand after generation: the action the rules
/// took, or else a blow of the winds. Reads [`Taken`], [`MoveAttempt`], the players, the
/// [`Phase`] and the store; writes the [`Recorder`].
pub fn note_tried(
    mut recording: Recording,
    seats: Seats,
    taken: Res<Taken>,
    mut attempts: MessageReader<MoveAttempt>,
) {
    let rec = &mut *recording.rec;
    let world: &HexWorld = &recording.world;
    let phase = &recording.phase;
    rec.masses.catch_up(world);
    let blow = (attempts.read())
        .filter(|a| a.0.is_blow())
        .last()
        .map(|&MoveAttempt(m)| (Tried::Blow, m.player, Some(m.from), Some(m.to), None));
    let at = |id| seats.seated(id).map(|(_, p, _)| p.0);
    let tried: Option<Seen> = match &taken.0 {
        Some(a) => {
            let from = at(a.player());
            let to = a.target(from);
            Some((Tried::of(a), a.player(), from, to, Some(a.clone())))
        }
        None => blow,
    };
    let Some((kind, player, from, to, action)) = tried else {
        return;
    };
    let (feature, build) = match action {
        Some(Action::Build { hex, feature, .. }) => (
            Some(Named::feature(&world.rules, feature)),
            Some((hex, feature)),
        ),
        _ => (None, None),
    };
    let advance = match action {
        Some(Action::Advance { advance, .. }) => Some(Named::advance(&world.rules, advance)),
        _ => None,
    };
    let masses = &mut rec.masses;
    let line = ActionLine {
        phase: phase.0,
        player: player.0,
        faction: seats.seated(player).map(|(f, ..)| f.0),
        action: kind,
        feature,
        advance,
        from: from.map(|h| HexView::of(world, masses, h)),
        to: to.map(|h| HexView::of(world, masses, h)),
        landed: None,
        outcome: Outcome::Refused,
        reason: None,
        ap_left: None,
        found: Vec::new(),
    };
    rec.pending = Some(Pending {
        line,
        from,
        to,
        build,
    });
}

/// The outcome of what the pass tried, and the hexes it corrupted or cleansed. Reads the pass's
/// [`PlayEvent`]s and [`HexGenerated`], the players, the [`Phase`] and the store; writes the
/// [`Recorder`].
pub fn note_outcome(
    mut recording: Recording,
    seats: Seats,
    mut generated: MessageReader<HexGenerated>,
    mut played: MessageReader<Played>,
) {
    let rec = &mut *recording.rec;
    let played = played.read().last().cloned();
    if let (Some(kept), Some(p)) = (&mut rec.played, &played) {
        kept.push(p.clone());
    }
    let (world, events): (&HexWorld, &Messages<PlayEvent>) = (&recording.world, &recording.events);
    let phase = &recording.phase;
    let new: HashSet<Hex> = generated.read().map(|g| g.hex).collect();
    let events: Vec<&PlayEvent> = rec.events.read(events).collect();
    if events.is_empty() && rec.pending.is_none() {
        return;
    }
    rec.masses.catch_up(world);
    let pending = rec.pending.take();
    let mut builder = None;
    if let Some(mut p) = pending {
        let who = PlayerId(p.line.player);
        // An action's outcome is in what the rules say it did; a blow's, in the pass's events.
        let said: Vec<&PlayEvent> = match &played {
            Some(p) => p.events.iter().collect(),
            None => events.clone(),
        };
        let outcome = (said.iter()).find_map(|e| outcome_of(e, who, &world.rules));
        let blow = p.line.action == Tried::Blow;
        match outcome {
            // A blow the world's limits stopped met no hex: nothing to write.
            None if blow => {}
            outcome => {
                let (outcome, reason) =
                    outcome.unwrap_or((Outcome::Refused, Some("nothing came of it".into())));
                let now = seats.seated(who);
                p.line.landed = now.map(|(_, at, _)| {
                    if Some(at.0) == p.from {
                        p.line.from.clone().expect("taken with its hex")
                    } else if Some(at.0) == p.to {
                        p.line.to.clone().expect("taken with its hex")
                    } else {
                        HexView::of(world, &mut rec.masses, at.0)
                    }
                });
                p.line.ap_left = now.map(|(.., ap)| ap.0);
                p.line.outcome = outcome;
                p.line.reason = reason;
                p.line.found = found_by(&said, who);
                if outcome == Outcome::Built {
                    builder = Some((who, p.build));
                }
                if !blow {
                    rec.actions += 1;
                }
                rec.lines.push(Line::Action(Box::new(p.line)));
            }
        }
    }
    let builder = builder.map(|(p, b)| (p, b.map(|(h, _)| h)));
    for e in events {
        let line = match hex_line(e, &new, builder) {
            Some((hex, change, cause, player)) => Line::Hex(HexLine {
                phase: phase.0,
                hex: HexView::of(world, &mut rec.masses, hex),
                change,
                cause,
                player,
            }),
            None => match flag_change(e, builder) {
                Some((hex, change, faction, player)) => Line::Flag(FlagLine {
                    phase: phase.0,
                    hex: HexView::of(world, &mut rec.masses, hex),
                    change,
                    faction: faction.0,
                    faction_name: world.rules.faction_name(faction.0),
                    player,
                }),
                None => continue,
            },
        };
        rec.lines.push(line);
    }
}

/// The pass's builder and the hex it built on, if the pass built.
type Builder = Option<(PlayerId, Option<Hex>)>;

/// A hex line's parts, when the event corrupted or cleansed a hex: `new` holds the pass's new
/// hexes (cleansed as generated), `builder` who built and where (corrupted or cleansed by it).
fn hex_line(
    e: &PlayEvent,
    new: &HashSet<Hex>,
    builder: Builder,
) -> Option<(Hex, Change, Cause, Option<u32>)> {
    Some(match *e {
        PlayEvent::Corrupted { hex, player } => {
            let h = hex.to_hex();
            let built = builder.is_some_and(|(_, b)| b == Some(h));
            let cause = if built { Cause::Built } else { Cause::Left };
            (h, Change::Corrupted, cause, Some(player.0))
        }
        PlayEvent::Cleansed { hex } => {
            let h = hex.to_hex();
            if new.contains(&h) {
                (h, Change::Cleansed, Cause::Generated, None)
            } else {
                (h, Change::Cleansed, Cause::Pylon, builder.map(|(p, _)| p.0))
            }
        }
        _ => return None,
    })
}

/// A flag line's parts, when the event razed or reclaimed a flag.
fn flag_change(e: &PlayEvent, builder: Builder) -> Option<(Hex, FlagChange, Faction, Option<u32>)> {
    Some(match *e {
        PlayEvent::Razed {
            player,
            hex,
            faction,
        } => (hex.to_hex(), FlagChange::Razed, faction, Some(player.0)),
        PlayEvent::Reclaimed { hex, faction } => {
            let by = builder.map(|(p, _)| p.0);
            (hex.to_hex(), FlagChange::Reclaimed, faction, by)
        }
        _ => return None,
    })
}

/// The sites `player`'s search of the pass found (none when it made none).
fn found_by(events: &[&PlayEvent], who: PlayerId) -> Vec<String> {
    (events.iter())
        .find_map(|e| match e {
            PlayEvent::Searched { player, found, .. } if *player == who => Some(found.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The outcome an event gives `player`'s action or blow, with the reason of a refusal.
fn outcome_of(
    e: &PlayEvent,
    who: PlayerId,
    rules: &crate::rules::Rules,
) -> Option<(Outcome, Option<String>)> {
    use PlayEvent::*;
    let (player, outcome) = match e {
        Moved { player, .. } => (player, Outcome::Moved),
        Blown { player, .. } => (player, Outcome::Blown),
        Blocked { player, .. } => (player, Outcome::Blocked),
        Mired { player, .. } => (player, Outcome::Stuck),
        Built { player, .. } => (player, Outcome::Built),
        Gathered { player, .. } => (player, Outcome::Gathered),
        Searched { player, .. } => (player, Outcome::Searched),
        Advanced { player, .. } => (player, Outcome::Advanced),
        Travelled { player, .. } => (player, Outcome::Travelled),
        TurnEnded { player } => (player, Outcome::Ended),
        Refused {
            player, refusal, ..
        } => {
            return (*player == who).then(|| (Outcome::Refused, Some(refusal.describe(rules))));
        }
        _ => return None,
    };
    (*player == who).then_some((outcome, None))
}
