//! The live spectator window (`--spectator`): a second window that always shows the whole
//! explored world and every player on it, framed on its own as the world grows, with the phase
//! and the player to act. It only watches: its camera takes no input (the map's controls read
//! the game window), and nothing in it changes the game.

use bevy::camera::RenderTarget;
use bevy::prelude::*;
use bevy::window::WindowRef;

use crate::AppSystems;
use crate::hex::layout;
use crate::play::Phase;
use crate::playview::seat::{Table, faction_colour};
use crate::render::HEX_SIZE;
use crate::render::screenshot::ShotSuffix;
use crate::world::plugin::{HexWorld, WorldRules};

const PANEL: Color = Color::srgba(0.05, 0.05, 0.07, 0.88);
/// How fast the view follows the world's growth: the gap left after one second.
const FOLLOW: f32 = 0.02;
/// Room around the explored world, in hex sizes.
const MARGIN: f32 = 1.5;

#[derive(Component)]
pub struct SpectatorCamera;

#[derive(Component)]
pub(crate) struct SpectatorStatus;

/// The explored world's extent in world units, grown as hexes are generated.
#[derive(Resource, Default)]
struct Extent {
    min: Vec2,
    max: Vec2,
    /// Hexes (in generation order) already counted.
    seen: usize,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Extent>()
        .add_systems(Startup, spawn)
        .add_systems(Update, (frame, status).in_set(AppSystems::Render));
}

/// Opens the spectator's window and its camera. Reads nothing; writes the window, the camera.
fn spawn(mut commands: Commands) {
    let window = commands
        .spawn((
            Name::new("Spectator window"),
            Window {
                title: "Aeternus — spectator".into(),
                ..default()
            },
            ShotSuffix("spectator"),
        ))
        .id();
    let camera = commands
        .spawn((
            Name::new("Spectator camera"),
            Camera2d,
            SpectatorCamera,
            RenderTarget::Window(WindowRef::Entity(window)),
        ))
        .id();
    commands.spawn((
        Name::new("Spectator status"),
        Node {
            position_type: PositionType::Absolute,
            top: px(8),
            left: px(8),
            padding: UiRect::all(px(6)),
            ..default()
        },
        BackgroundColor(PANEL),
        UiTargetCamera(camera),
        Text::default(),
        TextFont {
            font_size: FontSize::Px(15.0),
            ..default()
        },
        SpectatorStatus,
    ));
}

/// The camera's centre and scale that show all of `extent` in a window of `size` pixels.
pub fn fit(min: Vec2, max: Vec2, size: Vec2) -> (Vec2, f32) {
    let margin = Vec2::splat(MARGIN * HEX_SIZE);
    let extent = (max - min) + 2.0 * margin;
    let scale = (extent / size.max(Vec2::ONE)).max_element();
    ((min + max) / 2.0, scale.max(0.05))
}

/// Frames the explored world, smoothly, as it grows. Reads the store (the hexes generated since
/// the last frame), the window's size and the time; writes [`Extent`] and the camera.
fn frame(
    map: Res<HexWorld>,
    mut extent: ResMut<Extent>,
    windows: Query<&Window>,
    camera: Single<(&RenderTarget, &mut Transform, &mut Projection), With<SpectatorCamera>>,
    time: Res<Time>,
) {
    let layout = layout(HEX_SIZE);
    if extent.seen == 0 && !map.is_empty() {
        let at = layout.hex_to_world_pos(map.hex_of_order(0));
        (extent.min, extent.max) = (at, at);
    }
    for order in extent.seen..map.len() {
        let at = layout.hex_to_world_pos(map.hex_of_order(order as u32));
        extent.min = extent.min.min(at);
        extent.max = extent.max.max(at);
    }
    extent.seen = map.len();
    let (target, mut transform, mut projection) = camera.into_inner();
    let RenderTarget::Window(WindowRef::Entity(window)) = target else {
        return;
    };
    let Ok(window) = windows.get(*window) else {
        return;
    };
    let (centre, scale) = fit(extent.min, extent.max, window.size());
    // Eases toward the target, the same whatever the frame rate.
    let keep = FOLLOW.powf(time.delta_secs());
    let Projection::Orthographic(ortho) = &mut *projection else {
        return;
    };
    let first = ortho.scale == 1.0 && transform.translation.truncate() == Vec2::ZERO;
    let ease = |now: f32, to: f32| if first { to } else { to + (now - to) * keep };
    transform.translation.x = ease(transform.translation.x, centre.x);
    transform.translation.y = ease(transform.translation.y, centre.y);
    ortho.scale = ease(ortho.scale, scale);
}

/// The spectator's status line: the phase, who is to act (in their faction's colour) and how
/// much is explored. Reads the players, [`Phase`], the world and the rules; writes the line.
pub(crate) fn status(
    table: Table,
    phase: Res<Phase>,
    map: Res<HexWorld>,
    rules: WorldRules,
    text: Single<(&mut Text, &mut TextColor), With<SpectatorStatus>>,
) {
    let players = table.in_order();
    let (mut text, mut colour) = text.into_inner();
    let (want, tint) = match players.iter().find(|s| s.may_act()) {
        Some(me) => (
            format!(
                "Phase {} | {} to act | {} hexes explored",
                phase.0,
                me.player.name,
                map.len()
            ),
            faction_colour(&rules, me.faction),
        ),
        None => (
            format!("Phase {} | {} hexes explored", phase.0, map.len()),
            Color::WHITE,
        ),
    };
    if text.0 != want {
        text.0 = want;
    }
    colour.set_if_neq(TextColor(tint));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_shows_the_whole_extent_with_a_margin() {
        let (min, max) = (Vec2::new(-480.0, -300.0), Vec2::new(480.0, 300.0));
        let (centre, scale) = fit(min, max, Vec2::new(1280.0, 720.0));
        assert_eq!(centre, Vec2::ZERO);
        // 960 + 96 wide over 1280 pixels, 600 + 96 tall over 720: the height decides.
        assert!((scale - 696.0 / 720.0).abs() < 1e-6, "{scale}");
        let (centre, _) = fit(
            Vec2::new(0.0, 0.0),
            Vec2::new(100.0, 50.0),
            Vec2::splat(500.0),
        );
        assert_eq!(centre, Vec2::new(50.0, 25.0));
    }
}
