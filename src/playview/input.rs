//! Keys and clicked hexes into the current player's actions: hot-seat, so input always acts for
//! whoever's turn it is. Q W E / A S D are the six directions as they sit around S (W North,
//! E Ashe, D Mouth, S South, A Zest, Q Weast), as in the storm window.

use bevy::prelude::*;
use hexx::Hex;

use super::seat::Table;
use super::travel::{self, StationPick};
use super::{FocusOn, Hovered, Notice};
use crate::hex::{Direction, distance};
use crate::play::{Action, PlayerId, WalkOrder, Walks};
use crate::rules::Rules;
use crate::world::plugin::{Features, HexPos};

/// The features keys 1 to 4 build, by name in the ruleset.
pub const BUILD_KEYS: [&str; 4] = ["Flag", "Pylon of Purity", "Stag Station", "Boardwalk"];

/// What the player asked for, from a key or a click.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    Step(Direction),
    /// Build the `BUILD_KEYS[i]` feature.
    Build(usize),
    /// Travel the stagways: pick a station, or the next one.
    Stagways,
    /// End the turn, or travel to the picked station.
    Done,
    /// Show the next player.
    NextFocus,
    Cancel,
    Click(Hex),
}

pub fn command_of(key: KeyCode) -> Option<Intent> {
    use KeyCode::*;
    Some(match key {
        KeyW => Intent::Step(Direction::North),
        KeyE => Intent::Step(Direction::Ashe),
        KeyD => Intent::Step(Direction::Mouth),
        KeyS => Intent::Step(Direction::South),
        KeyA => Intent::Step(Direction::Zest),
        KeyQ => Intent::Step(Direction::Weast),
        Digit1 | Numpad1 => Intent::Build(0),
        Digit2 | Numpad2 => Intent::Build(1),
        Digit3 | Numpad3 => Intent::Build(2),
        Digit4 | Numpad4 => Intent::Build(3),
        KeyT => Intent::Stagways,
        Space | Enter | NumpadEnter => Intent::Done,
        Tab => Intent::NextFocus,
        Escape => Intent::Cancel,
        _ => return None,
    })
}

/// Where a build goes: the hovered hex when it is another within building range, else the
/// player's own.
pub fn build_target(at: Hex, hovered: Option<Hex>, range: u32) -> Hex {
    hovered
        .filter(|&h| h != at && distance(at, h) <= range)
        .unwrap_or(at)
}

pub(super) fn keys(keys: Res<ButtonInput<KeyCode>>, mut commands: MessageWriter<Intent>) {
    commands.write_batch(keys.get_just_pressed().filter_map(|&k| command_of(k)));
}

/// Tab's place in the players, counted from the current one; back to 0 when the turn passes.
#[derive(Default)]
pub(super) struct Tabbing {
    turn: Option<PlayerId>,
    offset: usize,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn perform(
    mut commands: MessageReader<Intent>,
    table: Table,
    hovered: Res<Hovered>,
    rules: Res<Rules>,
    hexes: Query<(&HexPos, &Features)>,
    mut pick: ResMut<StationPick>,
    mut notice: ResMut<Notice>,
    mut actions: MessageWriter<Action>,
    mut focus: MessageWriter<FocusOn>,
    mut tabbing: Local<Tabbing>,
    (walks, mut walk): (Res<Walks>, MessageWriter<WalkOrder>),
) {
    let players = table.in_order();
    let Some(me) = players.iter().find(|s| s.may_act()) else {
        commands.clear();
        return;
    };
    let (player, at) = (me.id(), me.hex);
    if tabbing.turn != Some(player) {
        *tabbing = Tabbing {
            turn: Some(player),
            offset: 0,
        };
        pick.0 = None;
    }
    for &command in commands.read() {
        notice.0 = None;
        // Any command ends a walk under way (a click may start another).
        if walks.0.contains_key(&player) {
            walk.write(WalkOrder::Stop { player });
        }
        let picking = pick.0.take();
        let action = match (command, picking) {
            (Intent::Step(direction), _) => Some(Action::Traverse { player, direction }),
            (Intent::Build(i), _) => match rules.feature(BUILD_KEYS[i]) {
                Some(feature) => Some(Action::Build {
                    player,
                    hex: build_target(at, hovered.0, rules.construction.range),
                    feature,
                }),
                None => {
                    notice.0 = Some(format!("These rules have no {}.", BUILD_KEYS[i]));
                    None
                }
            },
            (Intent::Stagways, picking) => {
                pick.0 = travel::next_pick(picking, at, &rules, &hexes);
                match &pick.0 {
                    Some(p) => {
                        focus.write(FocusOn(p.selected()));
                    }
                    None => notice.0 = Some("No other stag station to travel to.".into()),
                }
                None
            }
            (Intent::Done, Some(p)) => Some(Action::Travel {
                player,
                to: p.selected(),
            }),
            (Intent::Done, None) => Some(Action::EndTurn { player }),
            (Intent::Cancel, _) => None,
            (Intent::NextFocus, picking) => {
                pick.0 = picking;
                tabbing.offset += 1;
                let i = players.iter().position(|s| s.id() == player).unwrap_or(0);
                focus.write(FocusOn(players[(i + tabbing.offset) % players.len()].hex));
                None
            }
            (Intent::Click(hex), Some(p)) if p.stations.contains(&hex) => {
                Some(Action::Travel { player, to: hex })
            }
            (Intent::Click(_), Some(p)) => {
                pick.0 = Some(p);
                notice.0 = Some("Click a stag station, T for the next, Esc to cancel.".into());
                None
            }
            (Intent::Click(hex), None) if hex == at => None,
            (Intent::Click(hex), None) => match Action::traverse_toward(player, at, hex) {
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
