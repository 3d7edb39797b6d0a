//! The players at the table: one per faction, seated at the origin on start, and whose turn it
//! is. Hot-seat: the current player is the first in id order who may still act this phase.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

use crate::play::{ActionPoints, Faction, Player, PlayerId, Position, Resources, Turn};
use crate::rules::Rules;
use crate::world::plugin::WorldRules;

/// How many players to seat (`--players N`); without it, [`default_seats`].
#[derive(Resource, Debug, Clone, Copy)]
pub struct Seats(pub u32);

/// Colours for factions beyond the ruleset's list, so every token stays distinct.
const SPARE_COLOURS: [[u8; 3]; 8] = [
    [0x9b, 0x59, 0xb6],
    [0x1a, 0xbc, 0x9c],
    [0xe6, 0x7e, 0x22],
    [0xec, 0xf0, 0xf1],
    [0xe8, 0x43, 0x93],
    [0x7f, 0x8c, 0x8d],
    [0x00, 0xce, 0xd1],
    [0x8e, 0x44, 0xad],
];

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, seat_players);
}

/// The ruleset's factions, and never fewer than two: hot-seat needs someone to pass to.
pub fn default_seats(rules: &Rules) -> u32 {
    (rules.play.factions.len() as u32).max(2)
}

/// Player i (ids from 1, as the log prints them) plays faction i - 1. Reads the rules (the
/// factions), [`Seats`] and a loaded game's players; spawns the players of a new game.
fn seat_players(
    mut commands: Commands,
    rules: WorldRules,
    seats: Option<Res<Seats>>,
    loaded: Option<Res<crate::save::PlayersToSeat>>,
    screen: Option<Res<State<crate::screens::Screen>>>,
) {
    // A loaded game brings its own players; on the title, the menus seat the game chosen.
    if loaded.is_some() || screen.is_some_and(|s| *s.get() == crate::screens::Screen::Title) {
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

pub fn faction_colour(rules: &Rules, faction: Faction) -> Color {
    let i = faction.0 as usize;
    let [r, g, b] = match rules.play.factions.get(i) {
        Some(f) => f.colour,
        None => SPARE_COLOURS[(i - rules.play.factions.len()) % SPARE_COLOURS.len()],
    };
    Color::srgb_u8(r, g, b)
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

    /// Whose turn it is: the first player in id order with AP left and the turn not ended.
    pub fn current(&self) -> Option<Seated<'_>> {
        self.in_order().into_iter().find(Seated::may_act)
    }
}
