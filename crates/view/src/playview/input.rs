//! Commands (keys and clicked hexes, mapped in `render::input` as in the storm window) into the
//! current player's actions: hot-seat, so input always acts for whoever's turn it is.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

use super::seat::{Seated, Table};
use super::shared::{
    AdvancesShown, BUILD_KEYS, FocusOn, Hovered, Notice, PlaySystems, build_target,
};
use super::travel::{self, StationPick};
use crate::ViewSystems;
use crate::render::input::Command;
use aeternus_core::play::{Action, Bot, OnlineSeat, Outbox, PlayerId, WalkOrder, Walks};
use aeternus_core::rules::{AdvanceId, Rules};
use aeternus_core::world::plugin::{Features, HexPos, WorldRules};

/// The player's commands into actions: no window needed (the input tests drive it).
pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_systems(
        Update,
        perform
            .in_set(PlaySystems::Act)
            .in_set(ViewSystems::Commands),
    );
}

/// Tab's place in the players, counted from the current one; back to 0 when the turn passes.
#[derive(Default)]
pub(crate) struct Tabbing {
    turn: Option<PlayerId>,
    offset: usize,
}

/// What commands read of the game: the players (and which of them are bots), the rules, the
/// hexes' features (for the stations) and the walks under way.
#[derive(SystemParam)]
pub(crate) struct GameRead<'w, 's> {
    table: Table<'w, 's>,
    bots: Query<'w, 's, (), With<Bot>>,
    rules: WorldRules<'w>,
    hexes: Query<'w, 's, (&'static HexPos, &'static Features)>,
    walks: Res<'w, Walks>,
    /// In an online game, the seat this window plays (the keys act for no other).
    online: Option<Res<'w, OnlineSeat>>,
    /// In an online game, the lobby: while the game waits there, the keys play nothing.
    lobby: Option<Res<'w, aeternus_core::play::lobby::LobbyBoard>>,
}

/// This window's part in commands: the hovered hex, the station being picked, the notice,
/// Tab's place in the players and whether the advances panel is shown.
#[derive(SystemParam)]
pub(crate) struct WindowState<'w, 's> {
    hovered: Res<'w, Hovered>,
    pick: ResMut<'w, StationPick>,
    notice: ResMut<'w, Notice>,
    tabbing: Local<'s, Tabbing>,
    /// Whether the advances panel is shown: the digit keys then buy advances.
    advancing: Res<'w, AdvancesShown>,
}

/// What commands become: the players' actions and walk orders, and glides of the camera.
#[derive(SystemParam)]
pub(crate) struct Orders<'w> {
    actions: MessageWriter<'w, Action>,
    /// In an online game, where actions go: to the server, which plays them for everyone.
    outbox: Option<ResMut<'w, Outbox>>,
    walk: MessageWriter<'w, WalkOrder>,
    focus: MessageWriter<'w, FocusOn>,
}

/// Reads [`Command`]s and what commands read of the game ([`GameRead`]); writes the station
/// pick, [`Notice`] and Tab's place ([`WindowState`]), and [`Action`]s, [`WalkOrder`]s and
/// [`FocusOn`] ([`Orders`]).
pub(crate) fn perform(
    mut commands: MessageReader<Command>,
    game: GameRead,
    mut window: WindowState,
    mut orders: Orders,
) {
    if game.lobby.as_ref().is_some_and(|l| l.waiting().is_some()) {
        commands.clear();
        return;
    }
    let players = game.table.in_order();
    let to_act = game.table.to_act();
    let Some(me) = players.iter().find(|s| Some(s.id()) == to_act) else {
        commands.clear();
        return;
    };
    // A bot's turn, or online another seat's: the keys wait for this window's person.
    let not_mine = game.online.as_ref().is_some_and(|s| s.0 != Some(me.id()));
    if game.bots.contains(me.entity) || not_mine {
        commands.clear();
        return;
    }
    let player = me.id();
    if window.tabbing.turn != Some(player) {
        *window.tabbing = Tabbing {
            turn: Some(player),
            offset: 0,
        };
        window.pick.0 = None;
    }
    for &command in commands.read() {
        // Commands other systems of this window take (the site layer, the standings, saving,
        // the spectator) or the storm's.
        if matches!(
            command,
            Command::Sites
                | Command::Standings
                | Command::Advances
                | Command::Save
                | Command::NextCycle
                | Command::Spectator
                | Command::SpectatorSites
                | Command::Longer
                | Command::Shorter
        ) {
            continue;
        }
        window.notice.0 = None;
        // Any command ends a walk under way (a click may start another).
        if game.walks.0.contains_key(&player) {
            orders.walk.write(WalkOrder::Stop { player });
        }
        if let Some(a) = act(command, me, &players, &game, &mut window, &mut orders) {
            match orders.outbox.as_mut() {
                Some(outbox) => outbox.0.push(a),
                None => {
                    orders.actions.write(a);
                }
            }
        }
    }
}

/// The build key `i` for `me`: its feature on the build target (the hovered hex in range, else
/// `me`'s own), or a notice when the rules have no feature of that name.
fn build(
    i: usize,
    me: &Seated,
    hovered: Option<Hex>,
    rules: &Rules,
    notice: &mut Notice,
) -> Option<Action> {
    let name = BUILD_KEYS.get(i).copied().unwrap_or("such feature");
    let Some(feature) = rules.feature(name) else {
        notice.0 = Some(format!("These rules have no {name}."));
        return None;
    };
    Some(Action::Build {
        player: me.id(),
        hex: build_target(me.hex, hovered, rules.construction.range),
        feature,
    })
}

/// The action `command` asks of `me`, the player to act, if any; on the way it keeps the
/// station pick, the notice and Tab's place, and orders walks and glides of the camera.
fn act(
    command: Command,
    me: &Seated,
    players: &[Seated],
    game: &GameRead,
    window: &mut WindowState,
    orders: &mut Orders,
) -> Option<Action> {
    let (player, at, rules) = (me.id(), me.hex, &game.rules);
    let (pick, notice) = (&mut window.pick, &mut window.notice);
    let picking = pick.0.take();
    match (command, picking) {
        (Command::Move(direction), _) => Some(Action::Traverse { player, direction }),
        (Command::Build(i), _) if window.advancing.0 => Some(Action::Advance {
            player,
            advance: AdvanceId(i.min(u8::MAX as usize) as u8),
        }),
        (Command::Build(i), _) => build(i, me, window.hovered.0, rules, notice),
        (Command::Travel, picking) => {
            pick.0 = travel::next_pick(picking, at, rules, &game.hexes);
            match &pick.0 {
                Some(p) => {
                    orders.focus.write(FocusOn(p.selected()));
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
        (Command::Search, _) => Some(Action::Search { player }),
        (Command::Cancel, _) => None,
        // Skipped in `perform`.
        (
            Command::Sites
            | Command::Standings
            | Command::Advances
            | Command::Save
            | Command::NextCycle
            | Command::Spectator
            | Command::SpectatorSites
            | Command::Longer
            | Command::Shorter,
            picking,
        ) => {
            pick.0 = picking;
            None
        }
        (Command::NextPlayer, picking) => {
            pick.0 = picking;
            window.tabbing.offset += 1;
            let i = players.iter().position(|s| s.id() == player).unwrap_or(0);
            let next = &players[(i + window.tabbing.offset) % players.len()];
            orders.focus.write(FocusOn(next.hex));
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
                orders.walk.write(WalkOrder::To { player, to: hex });
                None
            }
        },
    }
}
