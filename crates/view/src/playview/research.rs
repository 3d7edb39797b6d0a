//! The advances panel: U shows the rules' advances for the faction of the player to act, each
//! with its key, its price, what it adds and whether the faction holds it; while it is shown,
//! the digit keys buy (1 the first advance) instead of building. U again hides it. It is drawn
//! anew only when shown, hidden, or when what it shows changes.

use bevy::prelude::*;

use super::panel::{centred, column_panel};
use super::seat::Table;
use super::shared::{AdvancesShown, PlaySystems};
use crate::ViewSystems;
use crate::render::input::Command;
use aeternus_core::play::{Advances, Resources};
use aeternus_core::rules::{AdvanceId, Rules};
use aeternus_core::world::plugin::WorldRules;

const PANEL: Color = Color::srgb(0.05, 0.05, 0.07);
const TITLE: Color = Color::srgb(0.92, 0.92, 0.92);
const OPEN: Color = Color::srgb(0.85, 0.85, 0.85);
const HELD: Color = Color::srgb(0.55, 0.8, 0.5);
const SHUT: Color = Color::srgb(0.5, 0.5, 0.54);

/// The most advances the digit keys reach (1 to 9).
pub const ADVANCE_KEYS: usize = 9;

/// The advances panel's root.
#[derive(Component, Debug)]
pub struct AdvancesPanel;

/// The toggle: no window needed (the input tests drive it).
pub(super) fn input_plugin(app: &mut App) {
    // Before the keys become actions: a digit pressed with U buys.
    app.add_systems(
        Update,
        toggle
            .in_set(PlaySystems::Panels)
            .in_set(ViewSystems::Commands),
    );
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, draw.in_set(ViewSystems::Render));
}

/// U shows or hides the panel. Reads [`Command::Advances`]; writes [`AdvancesShown`].
fn toggle(mut commands: MessageReader<Command>, mut shown: ResMut<AdvancesShown>) {
    for _ in commands.read().filter(|&&c| c == Command::Advances) {
        shown.0 = !shown.0;
    }
}

/// One line of the panel: "3 Long Stride: 6 Gale essence; +1 AP a phase (needs Wayfinding)",
/// and its colour (held, within reach, or not yet).
pub fn line(
    rules: &Rules,
    a: AdvanceId,
    held: &Advances,
    me: (aeternus_core::play::Faction, &Resources),
) -> (String, Color) {
    let spec = &rules.play.advances[a.0 as usize];
    let cost: Vec<String> = (spec.cost.iter())
        .map(|(r, n)| format!("{n} {r}"))
        .collect();
    let needs = (spec.needs).map_or(String::new(), |n| {
        format!(" (needs {})", rules.advance_name(n))
    });
    let key = if (a.0 as usize) < ADVANCE_KEYS {
        format!("{} ", a.0 + 1)
    } else {
        "  ".into()
    };
    let text = format!(
        "{key}{}: {}; {}{needs}",
        spec.name,
        cost.join(", "),
        spec.gains.describe()
    );
    let (faction, purse) = me;
    let colour = if held.holds(faction, a) {
        HELD
    } else if held.check(faction, a, purse, rules).is_ok() {
        OPEN
    } else {
        SHUT
    };
    (text, colour)
}

/// Draws the panel anew when it is shown or hidden, or while shown when the advances or the
/// purses changed; takes it away when hidden. Reads [`AdvancesShown`], [`Advances`], the seat
/// to act and the rules; writes the panel's entities.
fn draw(
    shown: Res<AdvancesShown>,
    advances: Res<Advances>,
    purses: Query<(), Changed<Resources>>,
    table: Table,
    rules: WorldRules,
    panels: Query<Entity, With<AdvancesPanel>>,
    mut commands: Commands,
) {
    let stale = shown.is_changed() || (shown.0 && (advances.is_changed() || !purses.is_empty()));
    if !stale {
        return;
    }
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    let Some(me) = table.current().filter(|_| shown.0) else {
        return;
    };
    let title = format!("Advances of {}", rules.faction_name(me.faction.0));
    let lines: Vec<(String, Color)> = (0..rules.play.advances.len())
        .map(|i| {
            line(
                &rules,
                AdvanceId(i as u8),
                &advances,
                (me.faction, me.resources),
            )
        })
        .collect();
    spawn(&mut commands, title, lines);
}

fn spawn(commands: &mut Commands, title: String, lines: Vec<(String, Color)>) {
    let font = |size: f32| TextFont {
        font_size: FontSize::Px(size),
        ..default()
    };
    let hint = if lines.is_empty() {
        "These rules have no advances. U closes"
    } else {
        "1-9 buy for the faction (the essences paid also score) | U closes"
    };
    commands
        .spawn((AdvancesPanel, centred("Advances panel")))
        .with_children(|root| {
            root.spawn(column_panel(6.0, PANEL)).with_children(|panel| {
                panel.spawn((Text::new(title), font(22.0), TextColor(TITLE)));
                for (text, colour) in lines {
                    panel.spawn((Text::new(text), font(15.0), TextColor(colour)));
                }
                panel.spawn((Text::new(hint), font(13.0), TextColor(SHUT)));
            });
        });
}
