//! The strategic view and the minimap: zoomed far out the map is drawn as one picture a chunk
//! (a pixel column a hex column, two pixel rows a hex, in the biomes' colours, fog veiled), not
//! as tiles, so a huge explored world stays readable and cheap; the minimap, in the window's
//! corner, draws the same pictures with the main camera's view outlined.
//!
//! A chunk's picture is painted anew when a hex of it is generated or enters the fog (the
//! chunks [`Known::dirty`] names, kept from `HexGenerated` by the tiles) and after a rules
//! reload, never by a scan of every hex.

use bevy::asset::RenderAssetUsages;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ClearColorConfig, Viewport};
use bevy::image::ImageSampler;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::window::PrimaryWindow;

use super::camera::{MainCamera, scale_of};
use super::fog::{FOG_COLOUR, Fog};
use super::tiles::{CHUNK, Known, TILES_UP_TO_SCALE, chunk_box, grid_size, hex_at};
use crate::AppSystems;
use crate::rules::reload::RulesReloaded;
use crate::world::HexWorld;

/// The render layer of the chunks' pictures: the main camera sees it only zoomed far out; the
/// minimap always.
pub const OVERVIEW_LAYER: usize = 1;
/// The minimap's own marks (its ground, the view's outline), seen by the minimap alone.
const MINIMAP_LAYER: usize = 2;
/// Pixel rows of a chunk's picture: two a hex, and a hex column sits half a hex above the last.
const ROWS: i32 = 2 * CHUNK + CHUNK;
/// Bytes of a chunk's picture (RGBA).
const PICTURE_BYTES: usize = 4 * (CHUNK * ROWS) as usize;
/// The minimap's side and its distance from the window's right and bottom edges, in logical
/// pixels (clear of the help line at the bottom).
pub const MINIMAP_SIZE: f32 = 200.0;
pub const MINIMAP_MARGIN: Vec2 = Vec2::new(8.0, 30.0);
const MINIMAP_GROUND: Color = Color::srgb(0.03, 0.03, 0.05);
const VIEW_OUTLINE: Color = Color::srgb(1.0, 1.0, 1.0);

/// Each known chunk's picture and the sprite that shows it.
#[derive(Resource, Default)]
pub(crate) struct Overview(HashMap<IVec2, (Handle<Image>, Entity)>);

impl Overview {
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }
}

#[derive(Component)]
pub(crate) struct MinimapCamera;

/// The minimap's ground and the four edges of the view's outline (0 to 3: left, right,
/// bottom, top).
#[derive(Component)]
struct MinimapGround;
#[derive(Component)]
struct ViewEdge(u8);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Overview>()
        .add_message::<RulesReloaded>()
        .add_systems(Startup, spawn_minimap)
        .add_systems(
            Update,
            (paint_chunks, (show_strategic_view, place_minimap))
                .chain()
                .after(super::tiles::draw_tiles)
                .in_set(AppSystems::Render),
        );
}

/// The world box a chunk's picture covers: column `q` of the chunk is `0.75` hex widths wide
/// around its centres, and a pixel row is half a hex high.
pub(crate) fn picture_box(chunk: IVec2) -> Rect {
    let g = grid_size();
    let b = chunk_box(chunk);
    let width = 0.75 * g.x * CHUNK as f32;
    let min = Vec2::new(b.min.x + 0.125 * g.x, b.min.y);
    Rect::from_corners(min, min + Vec2::new(width, ROWS as f32 * g.y / 2.0))
}

/// The pixel (column, row from the top) of the upper half of the hex at tile (q, r) of its
/// chunk; the lower half is the row below.
pub(crate) fn pixel_of(q: i32, r: i32) -> (u32, u32) {
    // The hex's centre is (r + q/2) hexes up: rows 2r + q and 2r + q + 1 from the bottom.
    (q as u32, (ROWS - 2 - (2 * r + q)) as u32)
}

/// Paints a chunk's picture from the store and the fog: each hex in its biome's colour, fog
/// veiled, the rest clear.
pub(crate) fn paint(data: &mut [u8], chunk: IVec2, map: &HexWorld, fog: &Fog) {
    data.fill(0);
    let fog_colour = FOG_COLOUR.to_srgba().to_u8_array();
    for q in 0..CHUNK {
        for r in 0..CHUNK {
            let hex = hex_at(chunk * CHUNK + IVec2::new(q, r));
            let rgba = match map.get(hex) {
                Some(d) => {
                    let [r, g, b] = map.rules.biomes[d.biome.0 as usize].colour;
                    [r, g, b, 255]
                }
                None if fog.contains(hex) => fog_colour,
                None => continue,
            };
            let (x, y) = pixel_of(q, r);
            for row in [y, y + 1] {
                let at = 4 * (row * CHUNK as u32 + x) as usize;
                data[at..at + 4].copy_from_slice(&rgba);
            }
        }
    }
}

/// A chunk's blank picture: clear, sampled nearest so hexes keep their edges.
fn blank_picture() -> Image {
    let mut image = Image::new_fill(
        Extent3d {
            width: CHUNK as u32,
            height: ROWS as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        &[0, 0, 0, 0],
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::nearest();
    image
}

/// Paints the pictures of the chunks whose hexes changed (every known chunk after a reload),
/// making a chunk's picture and sprite when it is first known. Reads the store, [`Fog`] and
/// [`RulesReloaded`]; writes [`Known`]'s dirty chunks, the pictures and [`Overview`].
fn paint_chunks(
    mut commands: Commands,
    mut known: ResMut<Known>,
    mut reloaded: MessageReader<RulesReloaded>,
    map: Res<HexWorld>,
    fog: Res<Fog>,
    mut images: ResMut<Assets<Image>>,
    mut overview: ResMut<Overview>,
) {
    if reloaded.read().count() > 0 {
        let all: Vec<IVec2> = known.chunks.iter().copied().collect();
        known.dirty.extend(all);
    }
    if known.dirty.is_empty() {
        return;
    }
    for chunk in known.dirty.drain() {
        let (handle, _) = overview.0.entry(chunk).or_insert_with(|| {
            let handle = images.add(blank_picture());
            let b = picture_box(chunk);
            let sprite = commands
                .spawn((
                    Name::new(format!("Chunk picture {chunk}")),
                    Sprite {
                        image: handle.clone(),
                        custom_size: Some(b.size()),
                        ..default()
                    },
                    Transform::from_translation(b.center().extend(0.0)),
                    RenderLayers::layer(OVERVIEW_LAYER),
                ))
                .id();
            (handle, sprite)
        });
        // The picture lives in the render world alone: once drawn its bytes leave the main
        // world, and a repaint hands it a whole new picture.
        if let Some(mut image) = images.get_mut(handle.id()) {
            let mut data = (image.data.take()).unwrap_or_else(|| vec![0; PICTURE_BYTES]);
            paint(&mut data, chunk, &map, &fog);
            image.data = Some(data);
        }
    }
}

/// Zoomed out past a readable scale, the main camera shows the chunks' pictures (the tiles are
/// gone then: `tiles` streams none); closer, the tiles alone. Reads the camera's scale; writes
/// its render layers.
#[allow(clippy::type_complexity)]
fn show_strategic_view(
    mut commands: Commands,
    camera: Option<Single<(Entity, &Projection, Option<&RenderLayers>), With<MainCamera>>>,
) {
    let Some(camera) = camera else { return };
    let (entity, projection, layers) = *camera;
    let want = if scale_of(projection) > TILES_UP_TO_SCALE {
        RenderLayers::from_layers(&[0, OVERVIEW_LAYER])
    } else {
        RenderLayers::layer(0)
    };
    if layers != Some(&want) {
        commands.entity(entity).insert(want);
    }
}

/// The minimap's camera (drawn after the main one, into a corner), its ground and the view's
/// outline. Writes them.
fn spawn_minimap(mut commands: Commands) {
    commands.spawn((
        Name::new("Minimap camera"),
        Camera2d,
        Camera {
            order: 1,
            is_active: false,
            // Its ground is a sprite: clearing would clear the whole window.
            clear_color: ClearColorConfig::None,
            ..default()
        },
        RenderLayers::from_layers(&[OVERVIEW_LAYER, MINIMAP_LAYER]),
        MinimapCamera,
    ));
    commands.spawn((
        Name::new("Minimap ground"),
        Sprite::from_color(MINIMAP_GROUND, Vec2::ONE),
        Transform::from_xyz(0.0, 0.0, -10.0),
        RenderLayers::layer(MINIMAP_LAYER),
        MinimapGround,
    ));
    for i in 0..4 {
        commands.spawn((
            Name::new("Minimap view edge"),
            Sprite::from_color(VIEW_OUTLINE, Vec2::ONE),
            Transform::from_xyz(0.0, 0.0, 10.0),
            RenderLayers::layer(MINIMAP_LAYER),
            ViewEdge(i),
        ));
    }
}

/// Where the minimap looks: the box of the explored world, a chunk's margin around it, square.
pub(crate) fn minimap_frame(known: &Known) -> Option<(Vec2, f32)> {
    let b = known.bounds?;
    let side = b.size().max_element() + 2.0 * grid_size().y * CHUNK as f32 / 4.0;
    Some((b.center(), side * 1.05))
}

/// Places the minimap in the window's bottom right corner, framing the explored world, with the
/// main camera's view outlined. Reads the window, [`Known`] and the main camera; writes the
/// minimap's camera, ground and outline.
#[allow(clippy::type_complexity)]
fn place_minimap(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    known: Res<Known>,
    main: Option<Single<(&Transform, &Projection), With<MainCamera>>>,
    minimap: Option<
        Single<
            (&mut Camera, &mut Transform, &mut Projection),
            (With<MinimapCamera>, Without<MainCamera>),
        >,
    >,
    mut ground: Query<
        (&mut Transform, &mut Sprite),
        (
            With<MinimapGround>,
            Without<MainCamera>,
            Without<MinimapCamera>,
        ),
    >,
    mut edges: Query<
        (&ViewEdge, &mut Transform, &mut Sprite),
        (
            Without<MinimapGround>,
            Without<MainCamera>,
            Without<MinimapCamera>,
        ),
    >,
) {
    let (Some(window), Some(main), Some(minimap)) = (window, main, minimap) else {
        return;
    };
    let (mut camera, mut at, mut projection) = minimap.into_inner();
    let factor = window.scale_factor();
    let room = window.size() - MINIMAP_MARGIN - Vec2::splat(MINIMAP_SIZE);
    let frame = minimap_frame(&known);
    let (Some((centre, side)), true) = (frame, room.min_element() > 0.0) else {
        if camera.is_active {
            camera.is_active = false;
        }
        return;
    };
    let viewport = Viewport {
        physical_position: (room * factor).as_uvec2(),
        physical_size: UVec2::splat((MINIMAP_SIZE * factor) as u32),
        ..default()
    };
    if camera
        .viewport
        .as_ref()
        .map(|v| (v.physical_position, v.physical_size))
        != Some((viewport.physical_position, viewport.physical_size))
    {
        camera.viewport = Some(viewport);
    }
    if !camera.is_active {
        camera.is_active = true;
    }
    let scale = side / MINIMAP_SIZE;
    at.translation = centre.extend(at.translation.z);
    if let Projection::Orthographic(o) = &mut *projection {
        o.scale = scale;
    }
    for (mut t, mut sprite) in &mut ground {
        t.translation = centre.extend(-10.0);
        sprite.custom_size = Some(Vec2::splat(side));
    }
    // The main view's box, clipped to the minimap; its edges two minimap pixels thick.
    let (main_at, main_projection) = *main;
    let seen = Rect::from_center_size(
        main_at.translation.truncate(),
        window.size() * scale_of(main_projection),
    );
    let map = Rect::from_center_size(centre, Vec2::splat(side));
    let v = seen.intersect(map);
    let w = 2.0 * scale;
    for (edge, mut t, mut sprite) in &mut edges {
        if v.is_empty() {
            sprite.custom_size = Some(Vec2::ZERO);
            continue;
        }
        let (place, size) = match edge.0 {
            0 => (Vec2::new(v.min.x, v.center().y), Vec2::new(w, v.height())),
            1 => (Vec2::new(v.max.x, v.center().y), Vec2::new(w, v.height())),
            2 => (Vec2::new(v.center().x, v.min.y), Vec2::new(v.width(), w)),
            _ => (Vec2::new(v.center().x, v.max.y), Vec2::new(v.width(), w)),
        };
        t.translation = place.extend(10.0);
        sprite.custom_size = Some(size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{layout, view_order};
    use crate::render::HEX_SIZE;
    use crate::rules::Rules;
    use crate::world::plugin::Viewer;
    use hexx::Hex;

    /// A headless game with the tiles' bookkeeping and the pictures, no camera and no GPU.
    fn app(seed: u64, radius: u32) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()));
        app.init_asset::<Image>();
        (crate::core_plugins(Rules::aeternus(), seed))(&mut app);
        app.add_plugins((
            crate::render::textures::plugin,
            super::super::tiles::headless,
        ))
        .add_plugins(plugin);
        app.world_mut().spawn(Viewer {
            hex: Hex::ZERO,
            radius,
        });
        app
    }

    /// The colour of the pixel under a world point, read from its chunk's picture.
    fn colour_at(app: &App, at: Vec2) -> Option<[u8; 4]> {
        let overview = app.world().resource::<Overview>();
        let images = app.world().resource::<Assets<Image>>();
        overview.0.iter().find_map(|(&chunk, (handle, _))| {
            let b = picture_box(chunk);
            if !b.contains(at) {
                return None;
            }
            let image = images.get(handle).unwrap();
            let p = (at - b.min) / b.size();
            let (x, y) = (
                ((p.x * CHUNK as f32) as u32).min(CHUNK as u32 - 1),
                (((1.0 - p.y) * ROWS as f32) as u32).min(ROWS as u32 - 1),
            );
            let i = 4 * (y * CHUNK as u32 + x) as usize;
            let data = image.data.as_ref().unwrap();
            let px = [data[i], data[i + 1], data[i + 2], data[i + 3]];
            // Pictures overlap at their edges; a clear pixel belongs to the neighbour.
            (px[3] > 0).then_some(px)
        })
    }

    #[test]
    fn each_chunks_picture_shows_its_hexes_biomes_and_the_fog_around_them() {
        let mut app = app(11, 40);
        app.update();
        app.update();
        let map = app.world().resource::<HexWorld>();
        assert_eq!(map.len(), 3 * 40 * 41 + 1);
        let rules = map.rules.clone();
        let known = app.world().resource::<Known>();
        assert!(known.dirty.is_empty(), "every picture painted");
        // A disc of radius 40 reaches beyond one chunk: several pictures.
        let n = app.world().resource::<Overview>().len();
        assert!(n >= 4, "{n} pictures");
        let layout = layout(HEX_SIZE);
        let map = app.world().resource::<HexWorld>();
        let mut checked = 0;
        for hex in view_order(Hex::ZERO, 40) {
            let biome = map.get(hex).unwrap().biome;
            let [r, g, b] = rules.biomes[biome.0 as usize].colour;
            // The hex's centre, a quarter hex up and down: both its pixel rows.
            for dy in [-0.25, 0.25] {
                let at = layout.hex_to_world_pos(hex) + Vec2::new(0.0, dy * grid_size().y);
                assert_eq!(colour_at(&app, at), Some([r, g, b, 255]), "{hex:?} {dy}");
            }
            checked += 1;
        }
        assert_eq!(checked, map.len());
        // The ring beyond is fog; two rings out is clear.
        let fog = FOG_COLOUR.to_srgba().to_u8_array();
        for hex in crate::hex::ring(Hex::ZERO, 41) {
            assert_eq!(colour_at(&app, layout.hex_to_world_pos(hex)), Some(fog));
        }
        for hex in crate::hex::ring(Hex::ZERO, 42) {
            assert_eq!(colour_at(&app, layout.hex_to_world_pos(hex)), None);
        }
    }

    #[test]
    fn a_hex_generated_later_repaints_its_chunk() {
        let mut app = app(3, 5);
        app.update();
        app.update();
        let step = Hex::new(6, 0);
        let at = layout(HEX_SIZE).hex_to_world_pos(step);
        let fog = FOG_COLOUR.to_srgba().to_u8_array();
        assert_eq!(colour_at(&app, at), Some(fog));
        app.world_mut()
            .write_message(crate::world::plugin::GenerateHex {
                hex: step,
                cause: crate::world::Cause::MoveTarget,
            });
        app.update();
        let map = app.world().resource::<HexWorld>();
        let [r, g, b] = map.rules.biomes[map.get(step).unwrap().biome.0 as usize].colour;
        assert_eq!(colour_at(&app, at), Some([r, g, b, 255]));
        // A reload repaints every picture in the new colours.
        let mut rules = map.rules.clone();
        for biome in &mut rules.biomes {
            biome.colour = [7, 8, 9];
        }
        app.world_mut().resource_mut::<HexWorld>().rules = rules;
        app.world_mut().write_message(RulesReloaded {
            source: "test".into(),
        });
        app.update();
        assert_eq!(colour_at(&app, at), Some([7, 8, 9, 255]));
        assert_eq!(colour_at(&app, Vec2::ZERO), Some([7, 8, 9, 255]));
    }
}
