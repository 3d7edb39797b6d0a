//! The live spectator window (`--spectator`, or F10 during a game to open or close it): a second
//! window that follows the action — the last place the rules acted (a move, a blow, a new
//! building, corruption, a pylon's work), else the player to act — framed on its own, the whole
//! explored world while it is small, with the phase and the player to act. It only watches: its
//! camera takes no input (the map's keys are read in the game window), and nothing in it changes
//! the game. It shows the sites every faction knows, or one faction's, as F11 chooses
//! ([`sites`]).

pub mod sites;

use bevy::camera::RenderTarget;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy::window::WindowRef;

use crate::ViewSystems;
use crate::playview::seat::Table;
use crate::render::HEX_SIZE;
use crate::render::camera::SpectatorCamera;
use crate::render::input::{Command, commanded};
use crate::render::screenshot::ShotSuffix;
use crate::render::tokens::faction_colour;
use aeternus_core::hex::{Coord, layout};
use aeternus_core::per_game::PerGameApp;
use aeternus_core::play::{Phase, PlayEvent};
use aeternus_core::world::plugin::{HexWorld, WorldRules};

const PANEL: Color = Color::srgba(0.05, 0.05, 0.07, 0.88);
/// How fast the view follows the world's growth: the gap left after one second.
const FOLLOW: f32 = 0.02;
/// Room around the explored world, in hex sizes.
const MARGIN: f32 = 1.5;
/// How far around the action the window shows, in hexes.
const ACTION_RADIUS: f32 = 16.0;

#[derive(Component)]
pub(crate) struct SpectatorStatus;

/// The spectator window, while it is open.
#[derive(Component)]
pub(crate) struct SpectatorWindow;

/// Whether the spectator window opens with the game (`--spectator`); F10 opens or closes it.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct Spectating(pub bool);

/// Where the action is: the last place the rules acted, in world units.
#[derive(Resource, Debug, Default)]
struct Action(Option<Vec2>);

/// The explored world's extent in world units, grown as hexes are generated.
#[derive(Resource, Default)]
struct Extent {
    min: Vec2,
    max: Vec2,
    /// Hexes (in generation order) already counted.
    seen: usize,
}

/// The spectator window: open at the start with [`Spectating`], opened or closed by F10.
pub fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_plugins(sites::plugin);
    app.init_per_game::<Extent>()
        .init_resource::<Spectating>()
        .init_per_game::<Action>()
        .add_message::<Command>()
        .add_message::<PlayEvent>()
        .add_systems(
            Startup,
            (|mut commands: Commands, on: Res<Spectating>| {
                if on.0 {
                    open(&mut commands);
                }
            },),
        )
        .add_systems(
            Update,
            (
                toggle.run_if(commanded(Command::Spectator)),
                follow_action,
                frame,
                // The game window's HUD is text too.
                status.after(crate::playview::HudText),
            )
                .chain()
                .in_set(ViewSystems::Render),
        );
}

/// The window's camera and status line.
type SpectatorParts = Or<(With<SpectatorCamera>, With<SpectatorStatus>)>;

/// Opens the window if it is closed, closes it if open. Reads the spectator's window; writes
/// (spawns or despawns) the window, its camera and its status line.
fn toggle(
    mut commands: Commands,
    windows: Query<Entity, With<SpectatorWindow>>,
    parts: Query<Entity, SpectatorParts>,
) {
    let open_now = !windows.is_empty();
    // Closing takes the camera and status too (the window's own close button leaves them:
    // they are swept here as well).
    for e in windows.iter().chain(&parts) {
        commands.entity(e).despawn();
    }
    if !open_now {
        open(&mut commands);
    }
}

/// Opens the spectator's window, its camera and status line.
fn open(commands: &mut Commands) {
    let window = commands
        .spawn((
            Name::new("Spectator window"),
            Window {
                title: "Aeternus — spectator".into(),
                ..default()
            },
            SpectatorWindow,
            ShotSuffix("spectator"),
        ))
        .id();
    let camera = commands
        .spawn((
            Name::new("Spectator camera"),
            Camera2d,
            SpectatorCamera,
            RenderTarget::Window(WindowRef::Entity(window)),
            // Tiles stream with the main camera only: beyond them, the chunks' pictures.
            // Its own layer: the sites its chosen knowledge holds.
            RenderLayers::from_layers(&[
                0,
                crate::render::overview::OVERVIEW_LAYER,
                sites::SPECTATOR_LAYER,
            ]),
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

/// The part of the world to show: the whole explored world while it fits in the view around
/// the action, else the view around the action (or the world's middle before any).
pub fn view_box(min: Vec2, max: Vec2, action: Option<Vec2>) -> (Vec2, Vec2) {
    let reach = Vec2::splat(ACTION_RADIUS * 3f32.sqrt() * HEX_SIZE);
    match action {
        Some(at) if (max - min).cmplt(2.0 * reach).all() => {
            // The world fits: show it whole, unless the action is off its edge.
            (min.min(at), max.max(at))
        }
        Some(at) => (at - reach, at + reach),
        None => (min, max),
    }
}

/// Follows the action: the place of the last event that has one, else the player to act. Reads
/// [`PlayEvent`]s and the players; writes [`Action`].
fn follow_action(mut events: MessageReader<PlayEvent>, table: Table, mut action: ResMut<Action>) {
    let place = |c: Coord| layout(HEX_SIZE).hex_to_world_pos(c.to_hex());
    let last = events.read().filter_map(|e| match *e {
        PlayEvent::Moved { to, .. }
        | PlayEvent::Blown { to, .. }
        | PlayEvent::Travelled { to, .. } => Some(place(to)),
        PlayEvent::Built { hex, .. }
        | PlayEvent::Corrupted { hex, .. }
        | PlayEvent::Cleansed { hex }
        | PlayEvent::Warded { hex } => Some(place(hex)),
        PlayEvent::Blocked { at, .. } | PlayEvent::Mired { at, .. } => Some(place(at)),
        _ => None,
    });
    if let Some(at) = last.last() {
        action.0 = Some(at);
    } else if action.0.is_none()
        && let Some(me) = table.current()
    {
        action.0 = Some(layout(HEX_SIZE).hex_to_world_pos(me.hex));
    }
}

/// Frames the action (the whole explored world while it is small), smoothly. Reads the store
/// (the hexes generated since the last frame), [`Action`], the window's size and the time;
/// writes [`Extent`] and the camera.
fn frame(
    world: Res<HexWorld>,
    mut extent: ResMut<Extent>,
    action: Res<Action>,
    windows: Query<&Window>,
    mut camera: Query<(&RenderTarget, &mut Transform, &mut Projection), With<SpectatorCamera>>,
    time: Res<Time>,
) {
    let layout = layout(HEX_SIZE);
    if extent.seen == 0 && !world.is_empty() {
        let at = layout.hex_to_world_pos(world.hex_of_order(0));
        (extent.min, extent.max) = (at, at);
    }
    for order in extent.seen..world.len() {
        let at = layout.hex_to_world_pos(world.hex_of_order(order as u32));
        extent.min = extent.min.min(at);
        extent.max = extent.max.max(at);
    }
    extent.seen = world.len();
    let Ok((target, mut transform, mut projection)) = camera.single_mut() else {
        return;
    };
    let RenderTarget::Window(WindowRef::Entity(window)) = target else {
        return;
    };
    let Ok(window) = windows.get(*window) else {
        return;
    };
    let (min, max) = view_box(extent.min, extent.max, action.0);
    let (centre, scale) = fit(min, max, window.size());
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

/// The spectator's status line: the phase, who is to act (in their faction's colour), how much
/// is explored and whose sites it shows. Reads the players, [`Phase`], the world, the rules and
/// [`sites::SpectatorKnowledge`]; writes the line.
pub(crate) fn status(
    table: Table,
    phase: Res<Phase>,
    world: Res<HexWorld>,
    rules: WorldRules,
    shown: Res<sites::SpectatorKnowledge>,
    text: Option<Single<(&mut Text, &mut TextColor), With<SpectatorStatus>>>,
) {
    let Some(text) = text else { return };
    let players = table.in_order();
    let (mut text, mut colour) = text.into_inner();
    let (want, tint) = match players.iter().find(|s| s.may_act()) {
        Some(me) => (
            format!(
                "Phase {} | {} to act | {} hexes explored | {} (F11)",
                phase.0,
                me.player.name,
                world.len(),
                shown.describe(&rules)
            ),
            faction_colour(&rules, me.faction),
        ),
        None => (
            format!(
                "Phase {} | {} hexes explored | {} (F11)",
                phase.0,
                world.len(),
                shown.describe(&rules)
            ),
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

    /// A small world is shown whole; a large one around the action.
    #[test]
    fn the_view_follows_the_action_once_the_world_outgrows_it() {
        let small = (Vec2::splat(-100.0), Vec2::splat(100.0));
        let at = Vec2::new(50.0, 0.0);
        assert_eq!(view_box(small.0, small.1, Some(at)), small);
        assert_eq!(view_box(small.0, small.1, None), small);
        let large = (Vec2::splat(-5000.0), Vec2::splat(5000.0));
        let (min, max) = view_box(large.0, large.1, Some(at));
        assert_eq!((min + max) / 2.0, at);
        assert!(max.x - min.x < 2000.0);
    }

    /// F10 opens the spectator's window when closed and closes it when open.
    #[test]
    fn f10_opens_and_closes_the_spectator_window() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.add_plugins(aeternus_core::CorePlugin {
            rules: aeternus_core::rules::Rules::aeternus(),
            seed: 1,
        });
        app.add_plugins(plugin);
        let windows = |app: &mut App| {
            let mut q = app
                .world_mut()
                .query_filtered::<(), With<SpectatorWindow>>();
            q.iter(app.world()).count()
        };
        app.update();
        assert_eq!(windows(&mut app), 0, "closed without --spectator");
        for want in [1, 0, 1] {
            app.world_mut().write_message(Command::Spectator);
            app.update();
            assert_eq!(windows(&mut app), want);
        }
    }

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
