//! The standings panel: P shows every faction's points over the phases as a chart (`chart`),
//! in the middle of the window, and P again hides it. It is drawn anew only when shown, hidden
//! or when the score history takes a row (once a phase), never every frame.

use bevy::prelude::*;

use super::chart;
use super::panel::{centred, column_panel};
use super::shared::PlaySystems;
use crate::ViewSystems;
use crate::render::input::Command;
use aeternus_core::play::ScoreHistory;
use aeternus_core::world::plugin::WorldRules;

/// Opaque, so the lines read clearly over any map.
const PANEL: Color = Color::srgb(0.05, 0.05, 0.07);
const TITLE: Color = Color::srgb(0.92, 0.92, 0.92);
const HINT: Color = Color::srgb(0.6, 0.6, 0.64);

/// Whether the standings panel is shown.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct StandingsShown(pub bool);

/// The standings panel's root.
#[derive(Component, Debug)]
pub struct StandingsPanel;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<StandingsShown>()
        .add_systems(
            Update,
            toggle
                .in_set(PlaySystems::Panels)
                .in_set(ViewSystems::Commands),
        )
        .add_systems(
            Update,
            draw.run_if(
                resource_changed::<StandingsShown>.or_eager(resource_changed::<ScoreHistory>),
            )
            .in_set(ViewSystems::Render),
        );
}

/// P shows or hides the panel. Reads [`Command::Standings`]; writes [`StandingsShown`].
fn toggle(mut commands: MessageReader<Command>, mut shown: ResMut<StandingsShown>) {
    for _ in commands.read().filter(|&&c| c == Command::Standings) {
        shown.0 = !shown.0;
    }
}

/// Draws the panel anew while shown, takes it away when hidden. Reads [`StandingsShown`], the
/// [`ScoreHistory`] and the rules (names and colours); writes the panel's entities.
fn draw(
    shown: Res<StandingsShown>,
    history: Res<ScoreHistory>,
    rules: WorldRules,
    panels: Query<Entity, With<StandingsPanel>>,
    mut commands: Commands,
) {
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    if !shown.0 {
        return;
    }
    let font = |size: f32| TextFont {
        font_size: FontSize::Px(size),
        ..default()
    };
    commands
        .spawn((StandingsPanel, centred("Standings panel")))
        .with_children(|root| {
            root.spawn(column_panel(8.0, PANEL)).with_children(|panel| {
                panel.spawn((Text::new("Standings"), font(22.0), TextColor(TITLE)));
                chart::spawn(panel, &history, &rules);
                panel.spawn((Text::new("P closes"), font(13.0), TextColor(HINT)));
            });
        });
}
