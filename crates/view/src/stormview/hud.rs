//! The HUD: a status line (seed, cycle, the token's cell as an Aeternus triple, key help) and a
//! panel telling what the last move found.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::StormLayer;
use super::play::{CurrentMap, StormNotice};
use crate::ViewSystems;
use aeternus_core::hex::Coord;
use aeternus_core::mods::reload::{RulesRejected, RulesReloaded};
use aeternus_core::rules::RulesError;
use aeternus_core::storm::token::{Blocked, TokenTrail};
use aeternus_core::storm::{Kind, StormMap};

const MAP_HELP: &str = "Move: Q W E / A S D or click a neighbour | N next cycle | \
Enter/Space/T settlement | arrows or drag pan, wheel zoom";
const SETTLEMENT_HELP: &str = "Settlement layer | Esc (or Enter/Space/T) back to the map";
const PANEL_BACKGROUND: Color = Color::srgba(0.05, 0.05, 0.07, 0.93);

#[derive(Component)]
struct StatusLine;

#[derive(Component)]
struct Panel;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_systems(Startup, spawn).add_systems(
        Update,
        update
            .run_if(
                resource_changed::<TokenTrail>
                    .or_else(resource_changed::<StormNotice>)
                    .or_else(on_message::<RulesReloaded>)
                    .or_else(on_message::<RulesRejected>)
                    .or_else(state_changed::<StormLayer>),
            )
            .in_set(ViewSystems::Render),
    );
}

/// Spawns the panel's status and help lines. Reads nothing; writes the panel's entities.
fn spawn(mut commands: Commands) {
    let font = TextFont {
        font_size: FontSize::Px(15.0),
        ..default()
    };
    commands.spawn((
        StatusLine,
        Text::new(""),
        font.clone(),
        Node {
            position_type: PositionType::Absolute,
            top: px(6),
            left: px(8),
            padding: UiRect::all(px(4)),
            ..default()
        },
        BackgroundColor(PANEL_BACKGROUND),
    ));
    commands.spawn((
        Panel,
        Text::new(""),
        font,
        Node {
            position_type: PositionType::Absolute,
            bottom: px(8),
            left: px(8),
            max_width: px(560),
            padding: UiRect::all(px(6)),
            ..default()
        },
        BackgroundColor(PANEL_BACKGROUND),
    ));
}

/// What the HUD reads of the storm: the map, the token's journey, what the last command did
/// ([`StormNotice`]) and the screen shown.
#[derive(SystemParam)]
struct StormShown<'w> {
    map: Res<'w, CurrentMap>,
    journey: Res<'w, TokenTrail>,
    outcome: Res<'w, StormNotice>,
    screen: Res<'w, State<StormLayer>>,
}

/// The rule file's reloads: this frame's [`RulesReloaded`] and [`RulesRejected`], and the words
/// for the last of them, kept until the next command.
#[derive(SystemParam)]
struct ReloadNews<'w, 's> {
    reloaded: MessageReader<'w, 's, RulesReloaded>,
    rejected: MessageReader<'w, 's, RulesRejected>,
    words: Local<'s, Option<String>>,
}

/// The HUD's texts: the status line, and the panel with its visibility.
#[derive(SystemParam)]
struct HudTexts<'w, 's> {
    status: Single<'w, 's, &'static mut Text, (With<StatusLine>, Without<Panel>)>,
    panel: Single<'w, 's, (&'static mut Text, &'static mut Visibility), With<Panel>>,
}

/// Writes the status line and the panel: the last reload of the rule file (from
/// [`RulesReloaded`] and [`RulesRejected`]) until the next command, else what that command did.
/// Reads the map, the journey, [`StormNotice`] and the screen ([`StormShown`]) and those
/// messages ([`ReloadNews`]); writes the texts ([`HudTexts`]).
fn update(shown: StormShown, news: ReloadNews, texts: HudTexts) {
    let StormShown {
        map,
        journey,
        outcome,
        screen,
    } = shown;
    let ReloadNews {
        mut reloaded,
        mut rejected,
        words: mut reload,
    } = news;
    let HudTexts { mut status, panel } = texts;
    let map = &map.0;
    let cell = journey.cell;
    let biome = map
        .biome_at(cell)
        .map_or("?", |b| &map.rules.biome_of(b).name);
    let help = match screen.get() {
        StormLayer::Map => MAP_HELP,
        StormLayer::Settlement => SETTLEMENT_HELP,
    };
    let p = &map.params;
    let seals: Vec<&str> = p
        .contracts
        .iter()
        .map(|&s| map.rules.seal_of(s).name.as_str())
        .collect();
    let mode = match (p.prestige, p.trial) {
        (true, true) => " | prestige, Queen's Hand trial",
        (true, false) => " | prestige",
        (false, true) => " | Queen's Hand trial",
        (false, false) => "",
    };
    status.0 = format!(
        "{} | seed {} | cycle {} | seals {}{mode} | token {} {biome}\n{help}",
        map.rules.name,
        p.seed,
        p.cycle,
        seals.join(", "),
        Coord::from_hex(cell),
    );
    let (mut text, mut visible) = panel.into_inner();
    // A reload and a command in one frame: the command came after (Input, then Rules).
    let news = (reloaded.read().map(|r| reloaded_words(&r.source)))
        .chain(rejected.read().map(|r| rejected_words(&r.error)))
        .last();
    if news.is_some() {
        *reload = news;
    }
    if outcome.is_changed() {
        *reload = None;
    }
    text.0 = reload.clone().unwrap_or_else(|| describe(map, &outcome));
    *visible = if *screen.get() == StormLayer::Map {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
}

/// The panel's text for a reload of the rule file (its source).
fn reloaded_words(source: &str) -> String {
    format!("Rules reloaded from {source}: this cycle's map is redrawn under them.")
}

/// The panel's text for a save of the rule file that was refused; the old rules stay.
fn rejected_words(error: &RulesError) -> String {
    format!("The rules were not reloaded; the old ones stay.\n{error}")
}

/// The panel's text for an outcome.
pub(super) fn describe(map: &StormMap, outcome: &StormNotice) -> String {
    let rules = &map.rules;
    let biome_name = |b| rules.biome_of(b).name.as_str();
    match outcome {
        StormNotice::None => {
            "The token stands on the Citadel. Walk onto a ? to see what it holds: \
discs are events, diamonds modifiers."
                .into()
        }
        StormNotice::NewCycle(n) => {
            format!("Cycle {n}: the storm has remade the map. The token is back at the Citadel.")
        }
        StormNotice::Arrived(a) => {
            let at = Coord::from_hex(a.cell);
            let mut s = match map.biome_at(a.cell) {
                Some(b) => format!("{at} {}", biome_name(b)),
                None => format!("{at}"),
            };
            if let Some(seal) = a.seal {
                s += &format!(" | {} seal", rules.seal_of(seal).name);
            }
            if let Some(c) = a.content {
                let e = c.entry(rules);
                let how = if a.first_reveal {
                    "revealed"
                } else {
                    "already revealed"
                };
                let kind = match c.kind {
                    Kind::Event => "Event",
                    Kind::Modifier => "Modifier",
                };
                s += &format!("\n{kind} ({how}): {}\n{}", e.name, e.effect);
            }
            s
        }
        StormNotice::Blocked(Blocked::NotAdjacent(_)) => {
            "Only a neighbouring cell is one move away.".into()
        }
        StormNotice::Blocked(Blocked::OffMap(_)) => {
            "That is beyond the edge of the storm map.".into()
        }
        StormNotice::Blocked(Blocked::Inaccessible(h, b)) => {
            format!(
                "{} {} cannot be entered.",
                Coord::from_hex(*h),
                biome_name(*b)
            )
        }
    }
}
