//! The storm window's game state as ECS data: the cycle's map, the token's journey, and the last
//! outcome for the HUD. Commands arrive as messages from input and are resolved in
//! `FrameSystems::Rules`, so tests drive the same systems without a window.

use std::sync::Arc;

use bevy::asset::AssetLoadFailedEvent;
use bevy::prelude::*;
use hexx::Hex;

use crate::ViewSystems;
use aeternus_core::hex::Direction;
use aeternus_core::mods::asset::StormRulesFile;
use aeternus_core::mods::reload::{RulesRejected, RulesReloaded};
use aeternus_core::schedule::FrameSystems;
use aeternus_core::storm::token::{Arrival, Blocked, TokenTrail, next_cycle, under_new_rules};
use aeternus_core::storm::{CycleParams, StormMap, StormRules};

/// The cycle's map. Replaced, never edited, when the next cycle starts.
#[derive(Resource)]
pub struct CurrentMap(pub StormMap);

/// What the last command did (a move, a new cycle, a blocked step), for the HUD's panel. A
/// reload of the rule file is told by the rules' own messages, [`RulesReloaded`] and
/// [`RulesRejected`].
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub enum StormNotice {
    #[default]
    None,
    Arrived(Arrival),
    Blocked(Blocked),
    NewCycle(u32),
}

/// The storm rules the window was opened on, as an asset: saving the file (or its template)
/// redraws the cycle under the new rules. Without this resource nothing is reloaded.
#[derive(Resource, Debug, Clone, Deref)]
pub struct StormRulesAsset(pub Handle<StormRulesFile>);

#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum StormCommand {
    /// One cell in a direction.
    Step(Direction),
    /// To a cell (a click); only a neighbour is one move away.
    MoveTo(Hex),
    NextCycle,
}

/// Map, token and commands for a run; no rendering, so it runs under `MinimalPlugins`.
pub struct StormPlayPlugin {
    pub rules: Arc<StormRules>,
    /// The first cycle's seed, cycle number, contracts and mode; later cycles keep all but the number.
    pub params: CycleParams,
}

impl StormPlayPlugin {
    /// Cycle 0 of a main world with every seal contracted.
    pub fn new(rules: Arc<StormRules>, seed: u64) -> Self {
        let params = CycleParams::new(&rules, seed, 0);
        Self { rules, params }
    }
}

impl Plugin for StormPlayPlugin {
    fn build(&self, app: &mut App) {
        crate::view_sets(app);
        let map = StormMap::generate(self.rules.clone(), self.params.clone());
        app.insert_resource(CurrentMap(map))
            .insert_resource(TokenTrail::start())
            .init_resource::<StormNotice>()
            .add_message::<StormCommand>()
            .add_message::<RulesReloaded>()
            .add_message::<RulesRejected>()
            .add_systems(Update, apply_commands.in_set(FrameSystems::Rules))
            .add_systems(
                Update,
                reload_rules
                    .run_if(resource_exists::<StormRulesAsset>)
                    .in_set(ViewSystems::Commands),
            );
    }
}

/// Redraws the cycle's map under the rules when their asset is loaded again. Reads
/// [`StormRulesAsset`], its asset events and failed loads; writes [`CurrentMap`] and
/// [`TokenTrail`] (back at the start), and [`RulesReloaded`] or [`RulesRejected`] (then the old
/// rules stay).
fn reload_rules(
    handle: Res<StormRulesAsset>,
    (mut events, mut failed): (
        MessageReader<AssetEvent<StormRulesFile>>,
        MessageReader<AssetLoadFailedEvent<StormRulesFile>>,
    ),
    assets: Res<Assets<StormRulesFile>>,
    mut map: ResMut<CurrentMap>,
    mut journey: ResMut<TokenTrail>,
    mut reloaded: MessageWriter<RulesReloaded>,
    mut rejected: MessageWriter<RulesRejected>,
) {
    // A save can reach the watchers as more than one change: one reload a frame is enough.
    let modified = events.read().filter(|e| e.is_modified(&handle.0)).count() > 0;
    if modified && let Some(StormRulesFile(rules)) = assets.get(&handle.0) {
        info!("storm rules reloaded from {}", rules.source);
        let source = rules.source.clone();
        let (next, start) = under_new_rules(&map.0, &journey, rules.clone());
        map.0 = next;
        *journey = start;
        reloaded.write(RulesReloaded { source });
    }
    for error in aeternus_core::mods::reload::load_errors(&mut failed, &handle.0) {
        warn!("storm rules not reloaded: {error}");
        rejected.write(RulesRejected { error });
    }
}

/// Carries out the storm window's commands by the token's rules (`storm::token`). Reads
/// [`StormCommand`]s; writes [`CurrentMap`] (a new cycle), [`TokenTrail`] and [`StormNotice`].
fn apply_commands(
    mut commands: MessageReader<StormCommand>,
    mut map: ResMut<CurrentMap>,
    mut journey: ResMut<TokenTrail>,
    mut outcome: ResMut<StormNotice>,
) {
    for c in commands.read() {
        *outcome = match *c {
            StormCommand::NextCycle => {
                let (next, start) = next_cycle(&map.0);
                map.0 = next;
                *journey = start;
                StormNotice::NewCycle(map.0.params.cycle)
            }
            StormCommand::Step(d) => {
                let to = journey.cell + d.offset();
                step(&map.0, &mut journey, to)
            }
            StormCommand::MoveTo(to) => step(&map.0, &mut journey, to),
        };
    }
}

/// Touches the journey only when the token moves, so change detection means "moved".
fn step(map: &StormMap, journey: &mut ResMut<TokenTrail>, to: Hex) -> StormNotice {
    let mut next = journey.clone();
    match next.step(map, to) {
        Ok(a) => {
            **journey = next;
            StormNotice::Arrived(a)
        }
        Err(b) => StormNotice::Blocked(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aeternus_core::hex::neighbours;

    fn app(seed: u64) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        crate::view_sets(&mut app);
        app.add_plugins(StormPlayPlugin::new(
            Arc::new(StormRules::embedded().unwrap()),
            seed,
        ));
        app.update();
        app
    }

    fn send(app: &mut App, c: StormCommand) -> StormNotice {
        app.world_mut().write_message(c);
        app.update();
        app.world().resource::<StormNotice>().clone()
    }

    #[test]
    fn commands_move_the_token_and_reveal_on_arrival() {
        let mut app = app(3);
        assert_eq!(app.world().resource::<TokenTrail>().cell, Hex::ZERO);
        let map = &app.world().resource::<CurrentMap>().0;
        // The capital's first accessible neighbour, by direction.
        let d = Direction::ALL
            .into_iter()
            .find(|d| aeternus_core::storm::token::check_move(map, Hex::ZERO, d.offset()).is_ok())
            .expect("the capital is not walled in");
        let o = send(&mut app, StormCommand::Step(d));
        assert!(
            matches!(o, StormNotice::Arrived(a) if a.cell == d.offset()),
            "{o:?}"
        );
        assert_eq!(app.world().resource::<TokenTrail>().cell, d.offset());
        // A click two cells away does nothing.
        let far = d.offset() * 3;
        assert_eq!(
            send(&mut app, StormCommand::MoveTo(far)),
            StormNotice::Blocked(Blocked::NotAdjacent(far))
        );
        assert_eq!(app.world().resource::<TokenTrail>().cell, d.offset());

        // Put the token beside a reservation and click it.
        let map = &app.world().resource::<CurrentMap>().0;
        let (from, cell) = map
            .reservations()
            .find_map(|(c, _)| {
                neighbours(c)
                    .into_iter()
                    .find(|&n| map.biome_at(n).is_some())
                    .map(|n| (n, c))
            })
            .unwrap();
        let expected = map.reveal(cell);
        app.world_mut().resource_mut::<TokenTrail>().cell = from;
        match send(&mut app, StormCommand::MoveTo(cell)) {
            StormNotice::Arrived(a) => assert_eq!((a.content, a.first_reveal), (expected, true)),
            o => panic!("{o:?}"),
        }
        assert_eq!(
            app.world().resource::<TokenTrail>().content_at(cell),
            expected
        );
    }

    #[derive(Resource, Default)]
    struct Rebuilds(u32);

    #[test]
    fn only_a_new_cycle_counts_as_a_changed_map() {
        // The window redraws the whole map when `CurrentMap` changes: moves must not trigger it.
        let mut app = app(3);
        app.init_resource::<Rebuilds>().add_systems(
            Update,
            (|mut n: ResMut<Rebuilds>| n.0 += 1)
                .run_if(resource_changed::<CurrentMap>)
                .in_set(ViewSystems::Render),
        );
        app.update();
        let start = app.world().resource::<Rebuilds>().0;
        for d in Direction::ALL {
            send(&mut app, StormCommand::Step(d));
        }
        send(&mut app, StormCommand::MoveTo(Hex::new(9, 9)));
        assert_eq!(app.world().resource::<Rebuilds>().0, start);
        send(&mut app, StormCommand::NextCycle);
        assert_eq!(app.world().resource::<Rebuilds>().0, start + 1);
    }

    #[test]
    fn saving_the_rule_file_redraws_the_cycle_and_a_broken_save_keeps_the_old_rules() {
        let dir =
            std::env::temp_dir().join(format!("aeternus-storm-reload-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("storm.ron");
        let text = aeternus_core::storm::DEFAULT_STORM;
        std::fs::write(&path, text).unwrap();
        let mut sources = aeternus_core::mods::Sources::default();
        let asset = sources.rule_file(&path);
        let rules = sources.load_now::<StormRulesFile>(&asset).unwrap().0;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        sources.headless(&mut app, true);
        app.add_plugins(crate::render::art_loader::plugin);
        crate::view_sets(&mut app);
        let params = CycleParams::new(&rules, 3, 2);
        app.add_plugins(StormPlayPlugin {
            rules: Arc::new(rules),
            params,
        });
        let handle = app.world().resource::<AssetServer>().load(asset);
        app.insert_resource(StormRulesAsset(handle));
        aeternus_core::mods::reload::settle_load(&mut app);
        let before = app.world().resource::<CurrentMap>().0.biomes.clone();

        // Saves Heath's weight as `w`, and waits for the game to take it or refuse it.
        let heath = "(name: \"Heath\", weight: 6.0";
        assert!(text.contains(heath), "storm.ron no longer holds `{heath}`");
        let save_heath = |app: &mut App, w: &str| {
            let edited = text.replacen(heath, &format!("(name: \"Heath\", weight: {w}"), 1);
            std::fs::write(&path, &edited).unwrap();
            aeternus_core::mods::reload::outcome(app)
        };

        // Heath drawn far less often: the same seed and cycle give another map.
        let (reloaded, rejected) = save_heath(&mut app, "0.5");
        assert!(rejected.is_empty(), "{rejected:?}");
        assert!(
            matches!(&reloaded[..], [r] if r.source.ends_with("storm.ron")),
            "{reloaded:?}"
        );
        let map = &app.world().resource::<CurrentMap>().0;
        assert_eq!((map.params.seed, map.params.cycle), (3, 2));
        assert_ne!(map.biomes, before);
        let after = map.biomes.clone();

        // A broken save names the file and the field; the map stays as it was.
        let (reloaded, rejected) = save_heath(&mut app, "-1.0");
        assert!(reloaded.is_empty(), "{reloaded:?}");
        let words: Vec<String> = rejected.iter().map(|r| r.error.to_string()).collect();
        assert!(
            matches!(&words[..], [e] if e.contains("storm.ron") && e.contains("weight")),
            "{words:?}"
        );
        assert_eq!(app.world().resource::<CurrentMap>().0.biomes, after);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn next_cycle_command_regenerates_and_returns_to_the_capital() {
        let mut app = app(3);
        app.world_mut().resource_mut::<TokenTrail>().cell = Hex::new(4, -2);
        let before = app.world().resource::<CurrentMap>().0.biomes.clone();
        assert_eq!(
            send(&mut app, StormCommand::NextCycle),
            StormNotice::NewCycle(1)
        );
        let map = &app.world().resource::<CurrentMap>().0;
        assert_eq!((map.params.seed, map.params.cycle), (3, 1));
        assert_ne!(map.biomes, before);
        assert_eq!(*app.world().resource::<TokenTrail>(), TokenTrail::start());
    }
}
