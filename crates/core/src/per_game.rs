//! Per-game state, registered once: the plugin that adds a resource or a message that belongs to
//! one game says so here, and every new game (`play::restart`: a new game or a save loaded over
//! another in the same app) starts all of it anew through this one list. What is not registered
//! lasts from game to game (the app's settings: the bots' pace, the asset server, the clock).

use bevy::ecs::message::Message;
use bevy::prelude::*;

/// What a new game starts anew, in the order the plugins registered it.
#[derive(Resource, Default)]
pub struct PerGame {
    starts: Vec<Start>,
}

/// One registered piece of state: its type's name and how a new game starts it.
struct Start {
    name: &'static str,
    anew: fn(&mut World),
}

impl PerGame {
    /// Starts every registered piece of state anew.
    pub fn start_anew(world: &mut World) {
        let starts: Vec<fn(&mut World)> = (world.get_resource::<PerGame>())
            .map(|p| p.starts.iter().map(|s| s.anew).collect())
            .unwrap_or_default();
        for anew in starts {
            anew(world);
        }
    }

    /// The type names of what is registered, for tests that check nothing is left out.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.starts.iter().map(|s| s.name)
    }

    fn add(&mut self, name: &'static str, anew: fn(&mut World)) {
        if !self.starts.iter().any(|s| s.name == name) {
            self.starts.push(Start { name, anew });
        }
    }
}

/// Registers per-game state on an [`App`].
pub trait PerGameApp {
    /// `R` belongs to one game: initialised now, and put back to its default by a new game.
    fn init_per_game<R: Resource + Default>(&mut self) -> &mut Self;
    /// `R` stands only while a game says so (its end, say): a new game removes it.
    fn per_game_while<R: Resource>(&mut self) -> &mut Self;
    /// The messages `M` waiting belong to the game that sent them: added now, and dropped
    /// unread by a new game.
    fn per_game_messages<M: Message>(&mut self) -> &mut Self;
}

impl PerGameApp for App {
    fn init_per_game<R: Resource + Default>(&mut self) -> &mut Self {
        self.init_resource::<R>();
        register(self, std::any::type_name::<R>(), |w| {
            w.insert_resource(R::default())
        })
    }

    fn per_game_while<R: Resource>(&mut self) -> &mut Self {
        register(self, std::any::type_name::<R>(), |w| {
            w.remove_resource::<R>();
        })
    }

    fn per_game_messages<M: Message>(&mut self) -> &mut Self {
        self.add_message::<M>();
        register(self, std::any::type_name::<Messages<M>>(), |w| {
            if let Some(mut m) = w.get_resource_mut::<Messages<M>>() {
                m.clear();
            }
        })
    }
}

fn register<'a>(app: &'a mut App, name: &'static str, anew: fn(&mut World)) -> &'a mut App {
    let world = app.world_mut();
    world.get_resource_or_init::<PerGame>().add(name, anew);
    app
}
