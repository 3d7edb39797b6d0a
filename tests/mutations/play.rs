//! A short headless game on a ruleset (or a loaded save): the logic plugins as play's tests build
//! them, a few rounds of moves, builds and travels, and the HUD's words for what happened.

use std::collections::BTreeMap;

use bevy::prelude::*;
use hexx::Hex;

use aeternus_core::hex::Direction;
use aeternus_core::play::routes::route;
use aeternus_core::play::{
    Action, Faction, Occupied, PlayLog, Player, PlayerId, Position, Resources, occupant_in,
};
use aeternus_core::rules::{AdvanceId, FeatureId, Rules};
use aeternus_core::sites::SiteLayer;
use aeternus_core::world::plugin::HexWorld;
use aeternus_view::playview::text::{hex_info, log_lines, sites_line};

/// The widest sight a case plays with: a mod's sight radius is checked at load, but a game
/// that generates a wide view for every step would make the run slow, not more hostile.
pub const SIGHT: u32 = 2;

/// Traverses a player tries a round.
pub const STEPS: u32 = 2;

/// The farthest a player can get in `rounds`: each traverse one hex and at most 16 blows.
pub fn reach(rounds: u32) -> u32 {
    rounds * STEPS * 17
}

/// An app with the game's logic plugins on `rules` (its sight narrowed to [`SIGHT`]).
pub fn app(mut rules: Rules, seed: u64) -> App {
    rules.sight_radius = rules.sight_radius.min(SIGHT);
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.add_plugins(aeternus_core::CorePlugin {
        rules: rules.clone(),
        seed,
    });
    // The site layer, as the game adds it when the embedded site rules fit.
    app.add_plugins(aeternus_core::sites::plugin::plugin);
    if let Ok(layer) = SiteLayer::new(super::site_rules().clone(), &rules) {
        app.insert_resource(layer);
    }
    app
}

/// A new game of two players, each holding plenty of every resource so builds are tried.
pub fn new_game(rules: Rules, seed: u64) -> App {
    let plenty: BTreeMap<String, u32> = rules.resources.iter().map(|r| (r.clone(), 1000)).collect();
    let mut app = app(rules, seed);
    for (id, faction) in [(1, 0), (2, 1)] {
        app.world_mut().spawn((
            Player::new(id, format!("P{id}")),
            Faction(faction),
            Resources(plenty.clone()),
        ));
    }
    app.update();
    app
}

/// `rounds` rounds for `players`: each walks, builds every buildable feature on its hex and one
/// beside it, tries to buy every advance, travels the stagways to the origin and ends its turn.
pub fn rounds(app: &mut App, players: &[u32], rounds: u32) {
    let rules = &app.world().resource::<HexWorld>().rules;
    let buildable: Vec<FeatureId> = (rules.features.iter().enumerate())
        .filter(|(_, f)| !f.cost.is_empty())
        .map(|(i, _)| FeatureId(i as u8))
        .collect();
    let advances = rules.play.advances.len();
    for r in 0..rounds as usize {
        for &id in players {
            let player = PlayerId(id);
            for s in 0..STEPS as usize {
                let direction = Direction::ALL[(r + s * 2 + id as usize) % 6];
                app.world_mut()
                    .write_message(Action::Traverse { player, direction });
            }
            app.update();
            let Some(at) = position(app, id) else {
                continue;
            };
            let beside = at + Direction::ALL[r % 6].offset();
            for (hex, &feature) in (buildable.iter())
                .map(|f| (at, f))
                .chain(buildable.first().map(|f| (beside, f)))
            {
                app.world_mut().write_message(Action::Build {
                    player,
                    hex,
                    feature,
                });
            }
            for a in 0..advances {
                let advance = AdvanceId(a as u8);
                app.world_mut()
                    .write_message(Action::Advance { player, advance });
            }
            app.world_mut().write_message(Action::Travel {
                player,
                to: Hex::ZERO,
            });
            app.world_mut().write_message(Action::EndTurn { player });
            app.update();
        }
    }
}

pub fn position(app: &mut App, id: u32) -> Option<Hex> {
    let mut q = app.world_mut().query::<(&Player, &Position)>();
    q.iter(app.world())
        .find(|(p, _)| p.id.0 == id)
        .map(|(_, at)| at.0)
}

/// The HUD's words for the game as it stands: every log line, every player's faction, and the
/// hover text of every player's hex and of every occupied one.
pub fn hud(app: &mut App) -> usize {
    let mut q = app.world_mut().query::<(&Player, &Faction, &Position)>();
    let players: Vec<(Faction, Hex)> = q.iter(app.world()).map(|(_, f, at)| (*f, at.0)).collect();
    let mut q = app
        .world_mut()
        .query_filtered::<&aeternus_core::world::plugin::HexPos, With<Occupied>>();
    let flags: Vec<Hex> = q.iter(app.world()).map(|p| p.0).collect();
    let ecs = app.world();
    let world = ecs.resource::<HexWorld>();
    let rules = &world.rules;
    let mut words = 0;
    for line in log_lines(&ecs.resource::<PlayLog>().0, rules, usize::MAX) {
        words += line.text.len();
    }
    let layer = ecs.get_resource::<SiteLayer>();
    for (faction, at) in &players {
        words += rules.faction_name(faction.0).len();
        words += hex_info(*at, world, occupant_in(ecs, *at), &["P"], rules).len();
        if let Some(layer) = layer {
            words += sites_line(layer.names_at(*at)).len();
        }
    }
    for hex in flags {
        words += hex_info(hex, world, occupant_in(ecs, hex), &[], rules).len();
    }
    words
}

/// A click on a far hex: the walk's route from each player to the origin and to the hex
/// generated last, over the explored land.
pub fn walks(app: &mut App, players: &[u32]) {
    let from: Vec<Hex> = players.iter().filter_map(|&id| position(app, id)).collect();
    let ecs = app.world();
    let world = ecs.resource::<HexWorld>();
    let rules = &world.rules;
    let last = world.hex_of_order(world.len() as u32 - 1);
    for a in from {
        for b in [Hex::ZERO, last] {
            if let Some(path) = route(world, rules, a, b) {
                assert!(path.len() <= world.len());
            }
        }
    }
}

/// The hexes the game's world holds.
pub fn hexes(app: &App) -> usize {
    app.world().resource::<HexWorld>().len()
}
