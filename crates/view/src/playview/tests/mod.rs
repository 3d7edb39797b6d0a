//! The play view without a window: keys and clicks go in as they would from the window, and the
//! actions they become, the game they change and the HUD's words are checked.

use aeternus_core::schedule::FrameSystems;
use bevy::prelude::*;
use hexx::Hex;

use super::*;
use crate::ViewSystems;
use aeternus_core::hex::{Direction, distance};
use aeternus_core::play::{Action, Phase, PlayEvent, PlayLog, Player, PlayerId};
use aeternus_core::rules::Rules;
use aeternus_core::world::plugin::HexWorld;

mod keys;
mod panels;
mod research;
mod standings;

const SEED: u64 = 7;

/// The actions and focus requests the input sent, in order.
#[derive(Resource, Default)]
struct Sent(Vec<Action>, Vec<FocusOn>);

fn record(mut a: MessageReader<Action>, mut f: MessageReader<FocusOn>, mut sent: ResMut<Sent>) {
    sent.0.extend(a.read().cloned());
    sent.1.extend(f.read().copied());
}

fn table(seats: Option<u32>) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.add_plugins(aeternus_core::CorePlugin {
        rules: Rules::aeternus(),
        seed: SEED,
    });
    if let Some(n) = seats {
        app.insert_resource(Seats(n));
    }
    app.init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<Sent>()
        .add_plugins((input_plugin, hud::plugin, super::standings::plugin))
        .add_systems(
            Update,
            record
                .after(ViewSystems::Commands)
                .before(FrameSystems::Rules),
        );
    app.update();
    app
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

fn click(app: &mut App, hex: Hex) {
    app.world_mut()
        .write_message(crate::render::input::Command::Click(hex));
    app.update();
}

fn hover(app: &mut App, hex: Option<Hex>) {
    app.world_mut().resource_mut::<Hovered>().0 = hex;
}

/// Takes what was sent since the last call.
fn sent(app: &mut App) -> Vec<Action> {
    std::mem::take(&mut app.world_mut().resource_mut::<Sent>().0)
}

fn last_event(app: &App) -> PlayEvent {
    app.world().resource::<PlayLog>().last().unwrap().clone()
}

fn p(id: u32) -> PlayerId {
    PlayerId(id)
}

fn position(app: &mut App, id: u32) -> Hex {
    let mut q = app
        .world_mut()
        .query::<(&Player, &aeternus_core::play::Position)>();
    q.iter(app.world())
        .find(|(pl, _)| pl.id.0 == id)
        .unwrap()
        .1
        .0
}

/// A neighbour of the origin where anything may be built (not a Lake, not corrupted).
fn buildable_neighbour(app: &App) -> Hex {
    let world = &app.world().resource::<HexWorld>();
    let rules = &app.world().resource::<HexWorld>().rules;
    Direction::ALL
        .map(|d| d.offset())
        .into_iter()
        .find(|&h| {
            let d = world.get(h).unwrap();
            rules.biomes[d.biome.0 as usize].buildable && d.features.is_empty()
        })
        .expect("seed 7 has a buildable neighbour of the origin")
}
