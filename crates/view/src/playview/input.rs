//! Commands (keys and clicked hexes, mapped in `render::input` as in the storm window) into the
//! current player's actions: hot-seat, so input always acts for whoever's turn it is.

use bevy::prelude::*;
use hexx::Hex;

use super::seat::Table;
use super::travel::{self, StationPick};
use super::{FocusOn, Hovered, Notice};
use crate::render::input::Command;
use aeternus_core::hex::distance;
use aeternus_core::play::{Action, PlayerId, WalkOrder, Walks};
use aeternus_core::world::plugin::{Features, HexPos, WorldRules};

/// The features keys 1 to 4 build, by name in the ruleset.
pub const BUILD_KEYS: [&str; 4] = ["Flag", "Pylon of Purity", "Stag Station", "Boardwalk"];

/// Where a build goes: the hovered hex when it is another within building range, else the
/// player's own.
pub fn build_target(at: Hex, hovered: Option<Hex>, range: u32) -> Hex {
    hovered
        .filter(|&h| h != at && distance(at, h) <= range)
        .unwrap_or(at)
}

/// Tab's place in the players, counted from the current one; back to 0 when the turn passes.
#[derive(Default)]
pub(crate) struct Tabbing {
    turn: Option<PlayerId>,
    offset: usize,
}

/// Reads [`Command`]s, the players, the hovered hex, the rules, the hexes' features (for the
/// stations) and [`Walks`]; writes [`Action`]s, [`WalkOrder`]s, the station pick, [`Notice`] and
/// [`FocusOn`].
#[allow(clippy::too_many_arguments)]
pub(crate) fn perform(
    mut commands: MessageReader<Command>,
    table: Table,
    hovered: Res<Hovered>,
    rules: WorldRules,
    hexes: Query<(&HexPos, &Features)>,
    mut pick: ResMut<StationPick>,
    mut notice: ResMut<Notice>,
    mut actions: MessageWriter<Action>,
    mut focus: MessageWriter<FocusOn>,
    mut tabbing: Local<Tabbing>,
    (walks, mut walk): (Res<Walks>, MessageWriter<WalkOrder>),
    bots: Query<(), With<aeternus_core::play::Bot>>,
) {
    let players = table.in_order();
    let Some(me) = players.iter().find(|s| s.may_act()) else {
        commands.clear();
        return;
    };
    // A bot's turn: the keys wait for a person's.
    if bots.contains(me.entity) {
        commands.clear();
        return;
    }
    let (player, at) = (me.id(), me.hex);
    if tabbing.turn != Some(player) {
        *tabbing = Tabbing {
            turn: Some(player),
            offset: 0,
        };
        pick.0 = None;
    }
    for &command in commands.read() {
        // Commands other systems of this window take (the site layer, saving, the spectator) or
        // the storm's.
        if matches!(
            command,
            Command::Sites | Command::Save | Command::NextCycle | Command::Spectator
        ) {
            continue;
        }
        notice.0 = None;
        // Any command ends a walk under way (a click may start another).
        if walks.0.contains_key(&player) {
            walk.write(WalkOrder::Stop { player });
        }
        let picking = pick.0.take();
        let action = match (command, picking) {
            (Command::Move(direction), _) => Some(Action::Traverse { player, direction }),
            (Command::Build(i), _) => {
                let name = BUILD_KEYS.get(i).copied().unwrap_or("such feature");
                match rules.feature(name) {
                    Some(feature) => Some(Action::Build {
                        player,
                        hex: build_target(at, hovered.0, rules.construction.range),
                        feature,
                    }),
                    None => {
                        notice.0 = Some(format!("These rules have no {name}."));
                        None
                    }
                }
            }
            (Command::Travel, picking) => {
                pick.0 = travel::next_pick(picking, at, &rules, &hexes);
                match &pick.0 {
                    Some(p) => {
                        focus.write(FocusOn(p.selected()));
                    }
                    None => notice.0 = Some("No other stag station to travel to.".into()),
                }
                None
            }
            (Command::Confirm, Some(p)) => Some(Action::Travel {
                player,
                to: p.selected(),
            }),
            (Command::Confirm, None) => Some(Action::EndTurn { player }),
            (Command::Gather, _) => Some(Action::Gather { player }),
            (Command::Cancel, _) => None,
            // Skipped above.
            (Command::Sites | Command::Save | Command::NextCycle | Command::Spectator, picking) => {
                pick.0 = picking;
                None
            }
            (Command::NextPlayer, picking) => {
                pick.0 = picking;
                tabbing.offset += 1;
                let i = players.iter().position(|s| s.id() == player).unwrap_or(0);
                focus.write(FocusOn(players[(i + tabbing.offset) % players.len()].hex));
                None
            }
            (Command::Click(hex), Some(p)) if p.stations.contains(&hex) => {
                Some(Action::Travel { player, to: hex })
            }
            (Command::Click(_), Some(p)) => {
                pick.0 = Some(p);
                notice.0 = Some("Click a stag station, T for the next, Esc to cancel.".into());
                None
            }
            (Command::Click(hex), None) if hex == at => None,
            (Command::Click(hex), None) => match Action::traverse_toward(player, at, hex) {
                Some(step) => Some(step),
                // Farther: walk there, a step at a time.
                None => {
                    walk.write(WalkOrder::To { player, to: hex });
                    None
                }
            },
        };
        if let Some(a) = action {
            actions.write(a);
        }
    }
}
