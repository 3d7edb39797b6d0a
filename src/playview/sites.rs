//! The site layer on the map: V shows a star on every hex that holds sites, in the colour of
//! its first site's magic path (pale gold for a site of no path), and V again hides them. Sites
//! are rolled for nearly every hex, so the stars are a view to ask for, not drawn always; the
//! hover panel names a hex's sites either way.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;

use crate::AppSystems;
use crate::hex::layout;
use crate::render::HEX_SIZE;
use crate::render::art::SpriteArt;
use crate::render::input::Command;
use crate::render::shapes::Shapes;
use crate::sites::SiteLayer;

/// Above tiles and landmark marks, below feature marks.
const SITE_Z: f32 = 4.0;
/// Where on its hex, in hex sizes from the centre, the star stands: the upper left, clear of the
/// feature marks.
const SPOT: Vec2 = Vec2::new(-0.42, 0.3);
/// By path id (cycled for rules with more paths).
const PATH_COLOURS: [Color; 8] = [
    Color::srgb(0.95, 0.42, 0.2),
    Color::srgb(0.72, 0.88, 0.98),
    Color::srgb(0.25, 0.5, 0.95),
    Color::srgb(0.7, 0.56, 0.36),
    Color::srgb(0.96, 0.94, 1.0),
    Color::srgb(0.45, 0.34, 0.55),
    Color::srgb(0.35, 0.78, 0.3),
    Color::srgb(0.78, 0.1, 0.22),
];
const NO_PATH: Color = Color::srgb(0.95, 0.85, 0.5);

/// Whether the stars are shown.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SiteView(pub bool);

/// The stars drawn, and how much of the layer's list they cover.
#[derive(Resource, Default)]
struct Stars {
    at: HashMap<Hex, Entity>,
    drawn: usize,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SiteView>()
        .init_resource::<Stars>()
        .add_systems(Update, toggle.in_set(AppSystems::Input))
        .add_systems(
            Update,
            (
                drop_stars.run_if(crate::render::marks::game_reset),
                draw.run_if(resource_exists::<SiteLayer>),
            )
                .chain()
                .after(crate::render::art::take_sprites)
                .in_set(AppSystems::Render),
        );
}

/// A new game replaced the world and its site layer: the old stars go, and the new layer's
/// are drawn from its start. Writes [`Stars`] and despawns the stars.
fn drop_stars(mut commands: Commands, mut stars: ResMut<Stars>) {
    for (_, e) in stars.at.drain() {
        commands.entity(e).despawn();
    }
    stars.drawn = 0;
}

/// V shows or hides the stars. Reads [`Command::Sites`]; writes [`SiteView`].
pub(super) fn toggle(mut commands: MessageReader<Command>, mut view: ResMut<SiteView>) {
    for _ in commands.read().filter(|&&c| c == Command::Sites) {
        view.0 = !view.0;
    }
}

/// The colour of a path's star.
pub fn path_colour(path: Option<u8>) -> Color {
    path.map_or(NO_PATH, |p| PATH_COLOURS[p as usize % PATH_COLOURS.len()])
}

/// Draws a star on each hex with sites while shown, only the hexes rolled since the last frame
/// (the layer's list only grows); hiding despawns them all. Reads [`SiteView`], the
/// [`SiteLayer`] and the shapes; writes [`Stars`] and spawns or despawns the stars.
fn draw(
    mut commands: Commands,
    view: Res<SiteView>,
    layer: Res<SiteLayer>,
    shapes: Res<Shapes>,
    art: Option<Res<SpriteArt>>,
    mut stars: ResMut<Stars>,
) {
    // New art redraws every star from it.
    if view.is_changed() || art.as_ref().is_some_and(|a| a.is_changed()) {
        for (_, e) in stars.at.drain() {
            commands.entity(e).despawn();
        }
        stars.drawn = 0;
    }
    if !view.0 {
        return;
    }
    let layout = layout(HEX_SIZE);
    let Stars { at, drawn } = &mut *stars;
    for placed in &layer.placed[*drawn..] {
        if at.contains_key(&placed.hex) {
            continue;
        }
        let site = &layer.rules.sites[placed.site];
        let centre = layout.hex_to_world_pos(placed.hex) + SPOT * HEX_SIZE;
        // The star's image is grey: it takes its path's colour.
        let colour = path_colour(site.path);
        let shape = shapes.site.sprite(colour);
        let sprite = match art.as_deref() {
            Some(a) => a.sprite("site", shape, shapes.site.size, colour),
            None => shape,
        };
        let star = commands
            .spawn((
                Name::new(format!("{} site", site.name)),
                sprite,
                Transform::from_translation(centre.extend(SITE_Z)),
            ))
            .id();
        at.insert(placed.hex, star);
    }
    *drawn = layer.placed.len();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::sites::SiteRules;
    use crate::world::plugin::{HexWorld, Viewer};

    fn stars(app: &mut App) -> usize {
        let mut q = app.world_mut().query::<&Name>();
        q.iter(app.world())
            .filter(|n| n.as_str().ends_with(" site"))
            .count()
    }

    fn press_v(app: &mut App) {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::KeyV);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::KeyV);
        keys.clear();
    }

    #[test]
    fn v_shows_one_star_per_hex_with_sites_and_hides_them_again() {
        let rules = Rules::aeternus();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<Assets<Image>>()
            .init_resource::<ButtonInput<KeyCode>>();
        (crate::core_plugins(rules.clone(), 7))(&mut app);
        app.insert_resource(SiteLayer::new(SiteRules::embedded(), &rules).unwrap())
            .add_plugins((
                crate::sites::plugin::plugin,
                crate::render::shapes::plugin,
                crate::render::input::plugin,
                plugin,
            ));
        app.world_mut().spawn(Viewer {
            hex: Hex::ZERO,
            radius: 6,
        });
        app.update();
        app.update();
        assert_eq!(stars(&mut app), 0, "hidden at first");
        press_v(&mut app);
        app.update();
        let map = app.world().resource::<HexWorld>();
        let layer = app.world().resource::<SiteLayer>();
        let with_sites = map.order().filter(|&h| layer.has_sites(h)).count();
        assert!(with_sites > 0);
        assert_eq!(stars(&mut app), with_sites);
        // Hexes generated while shown get their stars too.
        app.world_mut().spawn(Viewer {
            hex: Hex::new(20, 0),
            radius: 3,
        });
        app.update();
        app.update();
        let map = app.world().resource::<HexWorld>();
        let layer = app.world().resource::<SiteLayer>();
        let with_sites = map.order().filter(|&h| layer.has_sites(h)).count();
        assert_eq!(stars(&mut app), with_sites);
        press_v(&mut app);
        app.update();
        assert_eq!(stars(&mut app), 0);
    }

    #[test]
    fn paths_have_their_colours_and_a_site_of_no_path_is_gold() {
        assert_eq!(path_colour(None), NO_PATH);
        assert_eq!(path_colour(Some(2)), PATH_COLOURS[2]);
        assert_eq!(path_colour(Some(9)), PATH_COLOURS[1]);
    }
}
