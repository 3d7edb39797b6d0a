//! Play rules tests on crafted worlds: hexes are placed before the first frame, players join,
//! actions go in as messages and the events that come out are checked exactly; the chancy rules
//! are checked over many seeded draws with a stated tolerance (seeded, so they never flake).

mod advances;
mod bots;
mod construction;
mod contest;
mod corruption;
mod economy;
mod goals;
mod invariants;
mod knowledge;
mod ledger;
mod movement;
mod phases;
mod pipeline;
mod stagways;
mod swamp;
mod winds;

use bevy::prelude::*;
use hexx::Hex;

use super::*;
use crate::hex::Direction;
use crate::rules::{BiomeId, FeatureId, FeatureSet, Rules};
use crate::world::GeneratedHex;
use crate::world::plugin::{Biome, Features, HexIndex, HexPos, HexWorld, Landmark};

/// Far from the origin, so the origin's Meadow plays no part.
pub(super) const HERE: Hex = Hex::new(20, -10);

pub(super) fn step(hex: Hex, d: Direction) -> Hex {
    hex + d.offset()
}

/// The default rules with a change.
pub(super) fn rules_with(change: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = Rules::aeternus();
    change(&mut r);
    r.derive_tables();
    r
}

pub(super) fn movement_of<'r>(r: &'r mut Rules, biome: &str) -> &'r mut crate::rules::Movement {
    let b = r.biome(biome).unwrap();
    &mut r.biomes[b.0 as usize].movement
}

/// A game on a crafted world.
pub(super) struct Table {
    pub app: App,
    seen: usize,
    started: bool,
}

impl Table {
    pub fn new(seed: u64) -> Self {
        Self::with(Rules::aeternus(), seed)
    }

    pub fn with(rules: Rules, seed: u64) -> Self {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.add_plugins(crate::CorePlugin { rules, seed });
        Self {
            app,
            seen: 0,
            started: false,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.app.world().resource::<HexWorld>().rules
    }

    pub fn biome(&self, name: &str) -> BiomeId {
        self.rules().biome(name).unwrap()
    }

    pub fn feature(&self, name: &str) -> FeatureId {
        self.rules().feature(name).unwrap()
    }

    pub fn features(&self, names: &[&str]) -> FeatureSet {
        let mut set = FeatureSet::EMPTY;
        names.iter().for_each(|n| set.insert(self.feature(n)));
        set
    }

    /// Places `hex` (Barren) before the first frame.
    pub fn place(&mut self, hex: Hex, biome: &str, features: &[&str]) -> &mut Self {
        assert!(!self.started, "hexes are placed before the first frame");
        let (b, f) = (self.biome(biome), self.features(features));
        let barren = self.rules().landmark("Barren").unwrap();
        let mut world = self.app.world_mut().resource_mut::<HexWorld>();
        world.place(hex, b, barren, f);
        self
    }

    /// Places every indeterminate hex within `radius` of `centre` as `biome`.
    pub fn fill(&mut self, centre: Hex, radius: u32, biome: &str) -> &mut Self {
        for h in crate::hex::view_order(centre, radius) {
            if self.store(h).is_none() {
                self.place(h, biome, &[]);
            }
        }
        self
    }

    /// A player of `faction` standing on `hex`.
    pub fn join(&mut self, id: u32, faction: u32, hex: Hex) -> Entity {
        let p = Player::new(id, format!("Player {id}"));
        self.app
            .world_mut()
            .spawn((p, Faction(faction), Position(hex)))
            .id()
    }

    /// Runs one frame; returns the events it logged.
    pub fn frame(&mut self) -> Vec<PlayEvent> {
        self.app.update();
        self.started = true;
        let log = &self.app.world().resource::<PlayLog>().0;
        let new = log[self.seen..].to_vec();
        self.seen = log.len();
        new
    }

    /// Sends the actions, runs one frame, returns its events. When they are all one player's
    /// and that player may still act this phase, the turn is passed to it first
    /// ([`Self::pass_to`]): a test acts as any seat, the seats before it ending their turns.
    pub fn act(&mut self, actions: impl IntoIterator<Item = Action>) -> Vec<PlayEvent> {
        let actions: Vec<Action> = actions.into_iter().collect();
        let one = actions.first().map(Action::player);
        if let Some(p) = one.filter(|&p| actions.iter().all(|a| a.player() == p))
            && self.may_act(p)
        {
            self.pass_to(p.0);
        }
        self.act_as_sent(actions)
    }

    /// Sends the actions as they are, whoever is to act; runs one frame, returns its events.
    pub fn act_as_sent(&mut self, actions: impl IntoIterator<Item = Action>) -> Vec<PlayEvent> {
        for a in actions {
            self.app.world_mut().write_message(a);
        }
        self.frame()
    }

    /// Whether player `p` is at the table with AP left and its turn not ended.
    fn may_act(&mut self, p: PlayerId) -> bool {
        let world = self.app.world_mut();
        let mut q = world.query::<(&Player, &ActionPoints, &Turn)>();
        q.iter(world).any(|(pl, ap, t)| pl.id == p && t.may_act(ap))
    }

    /// The seat to act now ([`crate::play::to_act`]).
    pub fn seat_to_act(&mut self) -> Option<PlayerId> {
        let phase = self.app.world().resource::<crate::play::Phase>().0;
        let world = self.app.world_mut();
        let mut q = world.query::<(&Player, &ActionPoints, &Turn)>();
        let seats: Vec<_> = q
            .iter(world)
            .map(|(p, ap, t)| (p.id, t.may_act(ap)))
            .collect();
        crate::play::to_act(phase, seats)
    }

    /// Passes the turn to player `id`: every seat to act before it ends its turn, as the turn
    /// order asks (a phase may turn on the way when `id` has no AP left).
    pub fn pass_to(&mut self, id: u32) -> Vec<PlayEvent> {
        let mut events = Vec::new();
        // Bounded: a game over refuses every end of turn.
        for _ in 0..64 {
            let Some(p) = self.seat_to_act().filter(|p| p.0 != id) else {
                break;
            };
            events.extend(self.act_as_sent([Action::EndTurn { player: p }]));
        }
        events
    }

    /// Player `id`'s building of the feature named `feature` on `hex` (its turn passed to it
    /// first, as [`Self::act`] does).
    pub fn build(&mut self, id: u32, hex: Hex, feature: &str) -> Vec<PlayEvent> {
        let feature = self.feature(feature);
        let player = PlayerId(id);
        self.act([Action::Build {
            player,
            hex,
            feature,
        }])
    }

    /// Player `id`'s step (its turn passed to it first, as [`Self::act`] does).
    pub fn go(&mut self, id: u32, direction: Direction) -> Vec<PlayEvent> {
        let player = PlayerId(id);
        self.act([Action::Traverse { player, direction }])
    }

    pub fn entity(&self, id: u32) -> Entity {
        self.app.world().resource::<PlayerIndex>()[&PlayerId(id)]
    }

    pub fn get<T: Component + Clone>(&self, id: u32) -> T {
        self.app.world().get::<T>(self.entity(id)).unwrap().clone()
    }

    pub fn set<T: Component>(&mut self, id: u32, value: T) {
        let e = self.entity(id);
        self.app.world_mut().entity_mut(e).insert(value);
    }

    pub fn pos(&self, id: u32) -> Hex {
        self.get::<Position>(id).0
    }

    pub fn ap(&self, id: u32) -> u32 {
        self.get::<ActionPoints>(id).0
    }

    pub fn store(&self, hex: Hex) -> Option<GeneratedHex> {
        self.app.world().resource::<HexWorld>().get(hex)
    }

    pub fn is_corrupted(&self, hex: Hex) -> bool {
        let c = self.rules().corruption.unwrap();
        self.store(hex).unwrap().features.contains(c)
    }

    /// The world's invariants ([`crate::world::invariants`]) with the players and flags now.
    pub fn invariants(&mut self) -> Result<(), crate::world::invariants::Broken> {
        let world = self.app.world_mut();
        let players: Vec<Hex> = world
            .query_filtered::<&Position, With<Player>>()
            .iter(world)
            .map(|p| p.0)
            .collect();
        let flags: Vec<Hex> = world
            .query_filtered::<&HexPos, With<Occupied>>()
            .iter(world)
            .map(|p| p.0)
            .collect();
        crate::world::invariants::check(world.resource::<HexWorld>(), &players, &flags)
    }

    #[track_caller]
    pub fn assert_invariants(&mut self) {
        if let Err(e) = self.invariants() {
            panic!("{e}");
        }
    }

    /// Saves the game as F5 does and checks the text as loading does: the loader's refusal.
    pub fn save_and_load(&mut self) -> Result<(), crate::rules::RulesError> {
        let text = crate::save::capture(self.app.world_mut()).to_ron();
        let save = crate::save::SaveGame::from_ron(&text, "table.ron")?;
        save.world(self.rules(), "table.ron").map(|_| ())
    }

    #[track_caller]
    pub fn assert_saves(&mut self) {
        if let Err(e) = self.save_and_load() {
            panic!("{e}");
        }
    }

    /// Every generated hex has one entity, and it shows what the store holds.
    pub fn assert_mirrored(&mut self) {
        let world = self.app.world().resource::<HexWorld>();
        let index = self.app.world().resource::<HexIndex>();
        assert_eq!(index.len(), world.len());
        for hex in world.order() {
            let d = world.get(hex).unwrap();
            let e = self.app.world().entity(index[&hex]);
            let shown = (
                e.get::<Biome>().unwrap().0,
                e.get::<Landmark>().unwrap().0,
                e.get::<Features>().unwrap().0,
            );
            assert_eq!(shown, (d.biome, d.landmark, d.features), "{hex:?}");
        }
    }
}

/// One try of a move from `from` with 3 AP: its events, then where the player ends and its AP.
pub(super) fn try_from(
    t: &mut Table,
    from: Hex,
    direction: Direction,
) -> (Vec<PlayEvent>, Hex, u32) {
    t.set(1, Position(from));
    t.set(1, ActionPoints(3));
    let events = t.go(1, direction);
    (events, t.pos(1), t.ap(1))
}

pub(super) fn coord(hex: Hex) -> crate::hex::Coord {
    crate::hex::Coord::from_hex(hex)
}
