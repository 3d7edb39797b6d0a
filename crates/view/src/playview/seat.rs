//! The players at the table: one per faction, seated at the origin on start, and whose turn it
//! is. Hot-seat: the current player is the core's seat to act ([`aeternus_core::play::to_act`]:
//! in id order from the phase's first seat, which moves on each phase).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

use aeternus_core::play::{
    ActionPoints, Faction, Player, PlayerId, Position, Resources, Turn, default_seats,
};
use aeternus_core::world::plugin::WorldRules;

/// Nobody is seated at start: the window opens on the title, whose menus seat the game chosen.
#[derive(Resource, Debug, Clone, Copy)]
pub struct SeatLater;

/// How many players to seat (`--players N`); without it, [`default_seats`].
#[derive(Resource, Debug, Clone, Copy)]
pub struct Seats(pub u32);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, seat_players);
}

/// Player i (ids from 1, as the log prints them) plays faction i - 1. Reads the rules (the
/// factions), [`Seats`] and a loaded game's players; spawns the players of a new game.
fn seat_players(
    mut commands: Commands,
    rules: WorldRules,
    seats: Option<Res<Seats>>,
    loaded: Option<Res<aeternus_core::save::PlayersToSeat>>,
    later: Option<Res<SeatLater>>,
) {
    // A loaded game brings its own players; on the title, the menus seat the game chosen.
    if loaded.is_some() || later.is_some() {
        return;
    }
    let n = seats.map_or_else(|| default_seats(&rules), |s| s.0);
    for i in 0..n {
        let name = format!("Player {}", i + 1);
        commands.spawn((
            Name::new(name.clone()),
            Player::new(i + 1, name),
            Faction(i),
        ));
    }
}

/// One seated player, as the view needs it.
pub struct Seated<'a> {
    pub entity: Entity,
    pub player: &'a Player,
    pub faction: Faction,
    pub hex: Hex,
    pub ap: u32,
    pub ended: bool,
    pub resources: &'a Resources,
}

impl Seated<'_> {
    pub fn id(&self) -> PlayerId {
        self.player.id
    }

    /// Whether the player may still act this phase.
    pub fn may_act(&self) -> bool {
        !self.ended && self.ap > 0
    }
}

type SeatParts = (
    Entity,
    &'static Player,
    &'static Faction,
    &'static Position,
    &'static ActionPoints,
    &'static Turn,
    &'static Resources,
);

/// The players, in id order, and the current one.
#[derive(SystemParam)]
pub struct Table<'w, 's> {
    players: Query<'w, 's, SeatParts>,
    /// The phase, whose first seat the turn order starts from.
    phase: Res<'w, aeternus_core::play::Phase>,
    /// In an online game, the seat this window plays (its HUD shows it, not the seat to act).
    online: Option<Res<'w, aeternus_core::play::OnlineSeat>>,
    /// In an online game watched, whether the window may show every site known.
    sees_all: Option<Res<'w, aeternus_core::play::SpectatorSeesAll>>,
}

impl Table<'_, '_> {
    /// Every player in id order.
    pub fn in_order(&self) -> Vec<Seated<'_>> {
        let mut all: Vec<Seated> = self
            .players
            .iter()
            .map(
                |(entity, player, faction, pos, ap, turn, resources)| Seated {
                    entity,
                    player,
                    faction: *faction,
                    hex: pos.0,
                    ap: ap.0,
                    ended: turn.ended,
                    resources,
                },
            )
            .collect();
        all.sort_by_key(|s| s.id());
        all
    }

    /// The seat the window shows: its own in an online game, else the seat to act.
    pub fn current(&self) -> Option<Seated<'_>> {
        let id = self.shown()?;
        self.in_order().into_iter().find(|s| s.id() == id)
    }

    /// The id of the seat the window shows: its own in an online game (a spectator's: the seat
    /// to act), else the seat to act.
    pub fn shown(&self) -> Option<PlayerId> {
        match self.online.as_deref() {
            Some(aeternus_core::play::OnlineSeat(Some(mine))) => Some(*mine),
            _ => self.to_act(),
        }
    }

    /// Whether this window watches an online game whose server lets it show every site known.
    pub fn sees_all(&self) -> bool {
        self.sees_all.as_deref().is_some_and(|s| s.0)
    }

    /// In an online game, the faction of the seat this window plays: what it may know.
    pub fn online_faction(&self) -> Option<u32> {
        let mine = self.online.as_deref()?.0?;
        (self.in_order().into_iter()).find_map(|s| (s.id() == mine).then_some(s.faction.0))
    }

    /// The id of the seat to act.
    pub fn to_act(&self) -> Option<PlayerId> {
        let seats = (self.players.iter()).map(|(_, p, _, _, ap, turn, _)| (p.id, turn.may_act(ap)));
        aeternus_core::play::to_act(self.phase.0, seats)
    }
}
