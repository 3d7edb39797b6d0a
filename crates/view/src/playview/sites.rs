//! The site layer on the map: V shows a star on every hex that holds sites the seat to act
//! knows (every site once the game is over), in the colour of
//! its first site's magic path (pale gold for a site of no path), and V again hides them. Sites
//! are rolled for nearly every hex, so the stars are a view to ask for, not drawn always; the
//! hover panel names a hex's sites either way. Like the terrain marks the stars come and go
//! with their chunk's tiles (`render::tiles::Chunks`): a world of a million hexes keeps stars
//! only near the view, and a panning view draws the next chunk's stars with the sprites of the
//! last.

use aeternus_core::play::restart::GameReset;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

use super::seat::Table;
use super::shared::PlaySystems;
use crate::ViewSystems;
use crate::render::HEX_SIZE;
use crate::render::art::{SpriteArt, TakeArt};
use crate::render::input::Command;
use crate::render::marks::HexMarks;
use crate::render::shapes::Shapes;
use crate::render::tiles::{Chunks, DrawTiles, chunk_of, hexes_of};
use aeternus_core::sites::{Knowledge, SiteLayer};

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

/// How much of the layer's list of sites the stars cover.
#[derive(Resource, Default)]
struct Stars {
    drawn: usize,
}

/// The stars' layer of marks.
struct Starred;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<SiteView>()
        .init_resource::<Stars>()
        .init_resource::<HexMarks<Starred>>()
        .add_systems(
            Update,
            toggle
                .in_set(PlaySystems::Panels)
                .in_set(ViewSystems::Commands),
        )
        .add_systems(
            Update,
            (
                drop_stars.run_if(on_message::<GameReset>),
                draw.run_if(resource_exists::<SiteLayer>),
            )
                .chain()
                .after(TakeArt)
                .after(DrawTiles)
                .in_set(ViewSystems::Render),
        );
}

/// A new game replaced the world and its site layer: the old stars go, and the new layer's
/// are drawn from its start. Writes [`Stars`] and despawns the stars.
fn drop_stars(
    mut commands: Commands,
    mut stars: ResMut<Stars>,
    mut marks: ResMut<HexMarks<Starred>>,
) {
    marks.clear(&mut commands);
    stars.drawn = 0;
}

/// V shows or hides the stars. Reads [`Command::Sites`]; writes [`SiteView`].
fn toggle(mut commands: MessageReader<Command>, mut view: ResMut<SiteView>) {
    for _ in commands.read().filter(|&&c| c == Command::Sites) {
        view.0 = !view.0;
    }
}

/// The colour of a path's star.
pub fn path_colour(path: Option<u8>) -> Color {
    path.map_or(NO_PATH, |p| PATH_COLOURS[p as usize % PATH_COLOURS.len()])
}

/// What the stars are drawn from: whether they are shown, the [`SiteLayer`] and what the seat to
/// act knows of it, the chunks shown, the shapes and the sprites' art.
#[derive(SystemParam)]
struct StarSources<'w, 's> {
    view: Res<'w, SiteView>,
    layer: Res<'w, SiteLayer>,
    /// What each faction knows: the stars are the seat to act's (every site once the game is
    /// over and nobody is).
    knowledge: Res<'w, Knowledge>,
    /// The players, to find the seat to act.
    table: Table<'w, 's>,
    /// The faction whose knowledge the stars show (none: every site).
    shown_for: Local<'s, Option<Option<u32>>>,
    chunks: Res<'w, Chunks>,
    shapes: Res<'w, Shapes>,
    art: Option<Res<'w, SpriteArt>>,
}

/// The stars drawn: their entities, how much of the layer's list they cover ([`Stars`]) and
/// their marks by hex.
#[derive(SystemParam)]
struct StarsDrawn<'w, 's> {
    commands: Commands<'w, 's>,
    stars: ResMut<'w, Stars>,
    marks: ResMut<'w, HexMarks<Starred>>,
}

/// Draws a star on each hex with sites while shown, where the map is drawn as tiles: the hexes
/// of the chunks that came into view this frame and those rolled since the last frame in a
/// chunk already in view (the layer's list only grows); a chunk gone from view takes its
/// stars, and hiding takes them all. Reads what the stars are drawn from ([`StarSources`]);
/// writes the stars ([`StarsDrawn`]).
fn draw(from: StarSources, drawn: StarsDrawn) {
    let StarSources {
        view,
        layer,
        knowledge,
        table,
        mut shown_for,
        chunks,
        shapes,
        art,
    } = from;
    // Online, the window's own faction's knowledge, whoever acts (a spectator's: every site
    // known, where the server allows it).
    let seat = table.online_faction().or_else(|| {
        if table.sees_all() {
            return None;
        }
        (table.in_order().iter())
            .find(|s| s.may_act())
            .map(|s| s.faction.0)
    });
    let known = match seat {
        Some(f) => layer.known_by(&knowledge, f),
        None => layer.all_known(),
    };
    // Another seat, or its faction learned of sites: its stars are drawn anew.
    let learned = knowledge.is_changed() || *shown_for != Some(seat);
    *shown_for = Some(seat);
    let StarsDrawn {
        mut commands,
        mut stars,
        mut marks,
    } = drawn;
    // Shown or hidden, or new art: every star is drawn anew (from it).
    let anew = view.is_changed() || art.as_ref().is_some_and(|a| a.is_changed()) || learned;
    if anew {
        marks.forget_where(&mut commands, |_| true);
    } else if !chunks.hidden.is_empty() {
        let hidden = &chunks.hidden;
        marks.forget_where(&mut commands, |hex| hidden.contains(&chunk_of(hex).0));
    }
    let placed = std::mem::replace(&mut stars.drawn, layer.placed.len());
    if !view.0 {
        return;
    }
    let mut star = |hex: Hex| {
        let Some(site) = known.sites_at(hex).next() else {
            return;
        };
        // The star's image is grey: it takes its path's colour.
        let colour = path_colour(site.path);
        let shape = shapes.site.sprite(colour);
        let sprite = match art.as_deref() {
            Some(a) => a.sprite("site", shape, shapes.site.size, colour),
            None => shape,
        };
        let name = format!("{} site", site.name);
        let place = (SPOT * HEX_SIZE).extend(SITE_Z);
        marks.redraw_sprites(&mut commands, hex, [(name.into(), sprite, place)]);
    };
    let come: Vec<IVec2> = if anew {
        chunks.drawn().collect()
    } else {
        chunks.shown.clone()
    };
    for &chunk in &come {
        hexes_of(chunk).for_each(&mut star);
    }
    if !anew {
        // Rolled since the last frame, in a chunk that was in view already: a hex with several
        // sites is listed once for each, and drawn again each time (the same star).
        for p in &layer.placed[placed.min(layer.placed.len())..] {
            let chunk = chunk_of(p.hex).0;
            if chunks.shows(p.hex) && !come.contains(&chunk) {
                star(p.hex);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aeternus_core::rules::Rules;
    use aeternus_core::sites::SiteRules;
    use aeternus_core::world::plugin::{HexWorld, Viewer};

    /// The stars shown, by hex.
    fn stars(app: &mut App) -> Vec<Hex> {
        let mut q = (app.world_mut()).query::<(&Name, &Transform, &Visibility)>();
        let layout = aeternus_core::hex::layout(HEX_SIZE);
        let mut hexes: Vec<Hex> = (q.iter(app.world()))
            .filter(|(n, _, v)| n.as_str().ends_with(" site") && **v != Visibility::Hidden)
            .map(|(_, t, _)| layout.world_pos_to_hex(t.translation.truncate() - SPOT * HEX_SIZE))
            .collect();
        hexes.sort_by_key(|h| (h.x, h.y));
        hexes
    }

    /// The hexes with sites in the chunks drawn as tiles.
    fn wanted(app: &App) -> Vec<Hex> {
        let chunks = app.world().resource::<Chunks>();
        let layer = app.world().resource::<SiteLayer>();
        let mut hexes: Vec<Hex> = (chunks.drawn().flat_map(hexes_of))
            .filter(|&h| layer.has_sites(h))
            .collect();
        hexes.sort_by_key(|h| (h.x, h.y));
        hexes
    }

    fn press_v(app: &mut App) {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::KeyV);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::KeyV);
        keys.clear();
    }

    /// Frames until no chunk comes into view (a few are made a frame).
    fn settle(app: &mut App) {
        for _ in 0..20 {
            app.update();
            if app.world().resource::<Chunks>().shown.is_empty() {
                break;
            }
        }
    }

    #[test]
    fn v_shows_a_star_on_each_hex_with_sites_in_view_and_hides_them_again() {
        let rules = Rules::aeternus();
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()));
        app.init_asset::<Image>()
            .init_resource::<ButtonInput<KeyCode>>();
        app.add_plugins(aeternus_core::CorePlugin {
            rules: rules.clone(),
            seed: 7,
        });
        app.add_message::<aeternus_core::play::restart::GameReset>();
        app.insert_resource(SiteLayer::new(SiteRules::embedded(), &rules).unwrap())
            .add_plugins((
                aeternus_core::sites::plugin::plugin,
                crate::render::textures::plugin,
                crate::render::tiles::headless,
                crate::render::shapes::plugin,
                crate::render::input::plugin,
                plugin,
            ));
        app.world_mut().spawn(Viewer {
            hex: Hex::ZERO,
            radius: 50,
        });
        let camera = (app.world_mut())
            .spawn((
                crate::render::camera::MainCamera,
                Transform::from_xyz(-1500.0, 0.0, 0.0),
                Projection::Orthographic(OrthographicProjection::default_2d()),
            ))
            .id();
        settle(&mut app);
        assert!(stars(&mut app).is_empty(), "hidden at first");
        press_v(&mut app);
        app.update();
        let first = wanted(&app);
        assert!(first.len() > 100, "{}", first.len());
        assert_eq!(stars(&mut app), first);
        let world = app.world().resource::<HexWorld>();
        let layer = app.world().resource::<SiteLayer>();
        let all = world.order().filter(|&h| layer.has_sites(h)).count();
        assert!(first.len() < all, "only the chunks in view have stars");
        // Hexes generated in view while shown get their stars too.
        app.world_mut().spawn(Viewer {
            hex: Hex::new(-48, 24),
            radius: 6,
        });
        app.update();
        app.update();
        assert!(wanted(&app).len() > first.len());
        assert_eq!(stars(&mut app), wanted(&app));
        // Panned away and to the other side: the stars follow the chunks in view.
        let pan_to = |app: &mut App, x: f32| {
            app.world_mut()
                .get_mut::<Transform>(camera)
                .unwrap()
                .translation
                .x = x;
            settle(app);
        };
        pan_to(&mut app, 50_000.0);
        assert!(stars(&mut app).is_empty());
        pan_to(&mut app, 1500.0);
        let second = wanted(&app);
        assert!(second.len() > 100 && second != first);
        assert_eq!(stars(&mut app), second);
        press_v(&mut app);
        app.update();
        assert!(stars(&mut app).is_empty());
    }

    #[test]
    fn paths_have_their_colours_and_a_site_of_no_path_is_gold() {
        assert_eq!(path_colour(None), NO_PATH);
        assert_eq!(path_colour(Some(2)), PATH_COLOURS[2]);
        assert_eq!(path_colour(Some(9)), PATH_COLOURS[1]);
    }
}
