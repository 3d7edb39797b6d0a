//! The strategic view and the minimap: zoomed far out the map is drawn as one picture a chunk
//! (a pixel column a hex column, two pixel rows a hex, in the biomes' colours, fog veiled), not
//! as tiles, so a huge explored world stays readable and cheap; the minimap, in the window's
//! corner, is the same pictures drawn into a picture of its own (again only when they change),
//! with the main camera's view outlined.
//!
//! A chunk's picture is painted anew when a hex of it is generated or enters the fog (the
//! chunks [`Charted::dirty`] names, kept from `HexGenerated` by the tiles) and after a rules
//! reload, never by a scan of every hex.

use aeternus_core::play::restart::GameReset;
use bevy::asset::RenderAssetUsages;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ClearColorConfig, RenderTarget};
use bevy::ecs::system::SystemParam;
use bevy::image::ImageSampler;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::sprite_render::AlphaMode2d;
use bevy::window::PrimaryWindow;

use super::camera::{MainCamera, scale_of};
use super::fog::{FOG_COLOUR, Fog};
use super::tiles::{CHUNK, Charted, DrawTiles, TILES_UP_TO_SCALE, chunk_box, grid_size, hex_at};
use crate::ViewSystems;
use aeternus_core::mods::reload::RulesReloaded;
use aeternus_core::world::HexWorld;

/// The render layer of the chunks' pictures: the main camera sees it only zoomed far out; the
/// minimap always.
pub const OVERVIEW_LAYER: usize = 1;
/// Pixel rows the hexes of a chunk's picture take: two a hex, and a hex column sits half a hex
/// above the last.
const BAND: i32 = 2 * CHUNK + CHUNK;
/// Pixel rows of a chunk's picture: the hexes' and one clear row below them, where the
/// parallelogram drawn ([`picture_mesh`]) reaches.
const ROWS: i32 = BAND + 1;
/// Bytes of a chunk's picture (RGBA).
const PICTURE_BYTES: usize = 4 * (CHUNK * ROWS) as usize;
/// The minimap's side and its distance from the window's right and bottom edges, in logical
/// pixels (clear of the help line at the bottom).
pub const MINIMAP_SIZE: f32 = 200.0;
pub const MINIMAP_MARGIN: Vec2 = Vec2::new(8.0, 30.0);
const MINIMAP_GROUND: Color = Color::srgb(0.03, 0.03, 0.05);
const VIEW_OUTLINE: Color = Color::srgb(1.0, 1.0, 1.0);

/// Each charted chunk's picture and the sprite that shows it; whether any was painted since the
/// minimap last looked.
#[derive(Resource, Default)]
pub(crate) struct Overview {
    pictures: HashMap<IVec2, (Handle<Image>, Entity)>,
    repainted: bool,
}

/// The one mesh every chunk's picture is drawn on.
#[derive(Resource)]
struct PictureMesh(Handle<Mesh>);

impl FromWorld for PictureMesh {
    fn from_world(world: &mut World) -> Self {
        Self(world.resource_mut::<Assets<Mesh>>().add(picture_mesh()))
    }
}

impl Overview {
    pub(crate) fn len(&self) -> usize {
        self.pictures.len()
    }
}

#[derive(Component)]
pub(crate) struct MinimapCamera;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<Overview>()
        .init_resource::<PictureMesh>()
        .add_message::<RulesReloaded>()
        .add_systems(Startup, spawn_minimap)
        .add_systems(
            Update,
            (
                drop_pictures.run_if(on_message::<GameReset>),
                paint_chunks,
                (show_strategic_view, place_minimap),
            )
                .chain()
                .after(DrawTiles)
                .in_set(ViewSystems::Render),
        );
}

/// A new game replaced the world: the old world's pictures go. Writes [`Overview`] and
/// despawns the pictures.
fn drop_pictures(mut commands: Commands, mut overview: ResMut<Overview>) {
    for (_, (_, sprite)) in overview.pictures.drain() {
        commands.entity(sprite).despawn();
    }
    overview.repainted = true;
}

/// The world box a chunk's picture covers: column `q` of the chunk is `0.75` hex widths wide
/// around its centres, and a pixel row is half a hex high.
pub(crate) fn picture_box(chunk: IVec2) -> Rect {
    let g = grid_size();
    let b = chunk_box(chunk);
    let width = 0.75 * g.x * CHUNK as f32;
    let min = Vec2::new(
        b.min.x + 0.125 * g.x,
        b.min.y - (ROWS - BAND) as f32 * g.y / 2.0,
    );
    Rect::from_corners(min, min + Vec2::new(width, ROWS as f32 * g.y / 2.0))
}

/// The part of a chunk's picture its hexes take, as a mesh around the picture's centre: a
/// parallelogram (column `x` holds the hexes' rows `CHUNK - x .. 3 CHUNK - x`), not the whole
/// rectangle, whose clear corners are a third of it and would be blended over the neighbours'
/// pictures by the renderer for nothing.
fn picture_mesh() -> Mesh {
    use bevy::mesh::{Indices, PrimitiveTopology};
    let size = picture_box(IVec2::ZERO).size();
    let (c, rows) = (CHUNK as f32, ROWS as f32);
    // Pixel corners (column, row from the top), counter-clockwise from the bottom left; the
    // edges hold every pixel of the hexes' band.
    let corners = [(0.0, 3.0 * c + 1.0), (c, 2.0 * c + 1.0), (c, 0.0), (0.0, c)];
    let uv: Vec<[f32; 2]> = corners.iter().map(|&(x, y)| [x / c, y / rows]).collect();
    let at: Vec<[f32; 3]> = (uv.iter())
        .map(|&[u, v]| [(u - 0.5) * size.x, (0.5 - v) * size.y, 0.0])
        .collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, at)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; 4])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uv)
    .with_inserted_indices(Indices::U32(vec![0, 1, 2, 0, 2, 3]))
}

/// The pixel (column, row from the top) of the upper half of the hex at tile (q, r) of its
/// chunk; the lower half is the row below.
pub(crate) fn pixel_of(q: i32, r: i32) -> (u32, u32) {
    // The hex's centre is (r + q/2) hexes up: rows 2r + q and 2r + q + 1 from the bottom.
    (q as u32, (BAND - 2 - (2 * r + q)) as u32)
}

/// Paints a chunk's picture from the store and the fog: each hex in its biome's colour, fog
/// veiled, the rest clear.
pub(crate) fn paint(data: &mut [u8], chunk: IVec2, world: &HexWorld, fog: &Fog) {
    data.fill(0);
    let fog_colour = FOG_COLOUR.to_srgba().to_u8_array();
    for q in 0..CHUNK {
        for r in 0..CHUNK {
            let hex = hex_at(chunk * CHUNK + IVec2::new(q, r));
            let rgba = match world.get(hex) {
                Some(d) => {
                    let [r, g, b] = world.rules.biomes[d.biome.0 as usize].colour;
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

/// Paints the pictures of the chunks whose hexes changed (every charted chunk after a reload),
/// making a chunk's picture, its material and its mesh entity when it is first charted. Reads the
/// store, [`Fog`], [`RulesReloaded`] and the [`PictureMesh`]; writes [`Charted`]'s dirty chunks,
/// the pictures, their materials and [`Overview`]. A repainted picture keeps its texture on the
/// GPU (the same size: its bytes are written into it), so its material needs nothing.
fn paint_chunks(
    mut commands: Commands,
    mut charted: ResMut<Charted>,
    mut reloaded: MessageReader<RulesReloaded>,
    (world, fog): (Res<HexWorld>, Res<Fog>),
    (mut images, mut materials): (ResMut<Assets<Image>>, ResMut<Assets<ColorMaterial>>),
    mut overview: ResMut<Overview>,
    mesh: Res<PictureMesh>,
) {
    if reloaded.read().count() > 0 {
        let all: Vec<IVec2> = charted.chunks.iter().copied().collect();
        charted.dirty.extend(all);
    }
    if charted.dirty.is_empty() {
        return;
    }
    for chunk in charted.dirty.drain() {
        overview.repainted = true;
        let (handle, _) = overview.pictures.entry(chunk).or_insert_with(|| {
            let handle = images.add(blank_picture());
            let material = materials.add(ColorMaterial {
                texture: Some(handle.clone()),
                alpha_mode: AlphaMode2d::Blend,
                ..default()
            });
            let b = picture_box(chunk);
            let sprite = commands
                .spawn((
                    Name::new(format!("Chunk picture {chunk}")),
                    Mesh2d(mesh.0.clone()),
                    MeshMaterial2d(material),
                    // Under the tiles: a camera that shows both (the spectator's) sees the tiles
                    // where the main view streams them, the pictures elsewhere.
                    Transform::from_translation(b.center().extend(-1.0)),
                    RenderLayers::layer(OVERVIEW_LAYER),
                ))
                .id();
            (handle, sprite)
        });
        // The picture lives in the render world alone: once drawn its bytes leave the main
        // world, and a repaint hands it a whole new picture.
        if let Some(mut image) = images.get_mut(handle.id()) {
            let mut data = (image.data.take()).unwrap_or_else(|| vec![0; PICTURE_BYTES]);
            paint(&mut data, chunk, &world, &fog);
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

/// The minimap's camera draws into a picture of its own, only when the world or its frame
/// changed (over a thousand chunk pictures need not be drawn again every frame): where it last
/// looked, and how many frames it still draws.
#[derive(Resource)]
struct Minimap {
    framed: Option<(Vec2, f32)>,
    /// Frames it still draws (a new picture may reach the GPU a frame late).
    redraw: u8,
    frames: u32,
}

/// Frames the minimap draws after a change, and how often it draws anyway.
const REDRAW_FRAMES: u8 = 3;
const REDRAW_EVERY: u32 = 20;

/// The minimap in the window: its picture and the view's outline over it.
#[derive(Component)]
struct MinimapPanel;
#[derive(Component)]
struct ViewOutline;

/// The minimap's camera, drawing the chunks' pictures into the minimap's picture, and the panel
/// that shows it in the window's bottom right corner with the view outlined. Writes them.
fn spawn_minimap(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let side = MINIMAP_SIZE as u32;
    let image = images.add(Image::new_target_texture(
        side,
        side,
        TextureFormat::Rgba8UnormSrgb,
        None,
    ));
    commands.spawn((
        Name::new("Minimap camera"),
        Camera2d,
        Camera {
            order: -1,
            is_active: false,
            clear_color: ClearColorConfig::Custom(MINIMAP_GROUND),
            ..default()
        },
        RenderTarget::Image(image.clone().into()),
        RenderLayers::layer(OVERVIEW_LAYER),
        MinimapCamera,
    ));
    commands
        .spawn((
            Name::new("Minimap"),
            Node {
                position_type: PositionType::Absolute,
                right: px(MINIMAP_MARGIN.x),
                bottom: px(MINIMAP_MARGIN.y),
                width: px(MINIMAP_SIZE),
                height: px(MINIMAP_SIZE),
                overflow: Overflow::clip(),
                ..default()
            },
            ImageNode::new(image),
            Visibility::Hidden,
            MinimapPanel,
        ))
        .with_child((
            Node {
                position_type: PositionType::Absolute,
                border: UiRect::all(px(2)),
                ..default()
            },
            BorderColor::all(VIEW_OUTLINE),
            ViewOutline,
        ));
    commands.insert_resource(Minimap {
        framed: None,
        redraw: 0,
        frames: 0,
    });
}

/// Where the minimap looks: the box of the explored world, a chunk's margin around it, square.
pub(crate) fn minimap_frame(charted: &Charted) -> Option<(Vec2, f32)> {
    let b = charted.bounds?;
    let side = b.size().max_element() + 2.0 * grid_size().y * CHUNK as f32 / 4.0;
    Some((b.center(), side * 1.05))
}

/// What the minimap frames: the charted world, whether its pictures were repainted
/// ([`Overview`]) and where it last looked ([`Minimap`]).
#[derive(SystemParam)]
struct MinimapFraming<'w> {
    charted: Res<'w, Charted>,
    overview: ResMut<'w, Overview>,
    minimap: ResMut<'w, Minimap>,
}

/// The main view the minimap outlines: the window and the main camera.
#[derive(SystemParam)]
struct MainView<'w, 's> {
    window: Option<Single<'w, 's, &'static Window, With<PrimaryWindow>>>,
    camera: Option<Single<'w, 's, (&'static Transform, &'static Projection), With<MainCamera>>>,
}

/// The minimap camera's parts it frames with: its camera, place and projection.
type MinimapLens = (
    &'static mut Camera,
    &'static mut Transform,
    &'static mut Projection,
);
/// The minimap's camera alone, never the main one.
type OnlyMinimap = (With<MinimapCamera>, Without<MainCamera>);

/// The minimap's parts: its camera, its panel and the main view's outline on it.
#[derive(SystemParam)]
struct MinimapParts<'w, 's> {
    camera: Option<Single<'w, 's, MinimapLens, OnlyMinimap>>,
    panel: Query<'w, 's, &'static mut Visibility, With<MinimapPanel>>,
    outline: Query<'w, 's, &'static mut Node, With<ViewOutline>>,
}

impl MainView<'_, '_> {
    /// The main view's box, clipped to the minimap that shows the square of `side` around
    /// `centre`, in the panel's pixels (y down): its left, top, width and height, all zero when
    /// the view is off the minimap; `None` without a window or a main camera.
    fn outline(&self, centre: Vec2, side: f32) -> Option<(Val, Val, Val, Val)> {
        let (Some(window), Some(main)) = (&self.window, &self.camera) else {
            return None;
        };
        let (main_at, main_projection) = **main;
        let seen = Rect::from_center_size(
            main_at.translation.truncate(),
            window.size() * scale_of(main_projection),
        );
        let whole = Rect::from_center_size(centre, Vec2::splat(side));
        let v = seen.intersect(whole);
        let to_panel = MINIMAP_SIZE / side;
        let (left, top) = (
            (v.min.x - whole.min.x) * to_panel,
            (whole.max.y - v.max.y) * to_panel,
        );
        let size = v.size() * to_panel;
        Some(if v.is_empty() {
            (Val::ZERO, Val::ZERO, Val::ZERO, Val::ZERO)
        } else {
            (px(left), px(top), px(size.x), px(size.y))
        })
    }
}

/// Frames the explored world in the minimap and has its camera draw it again when the world's
/// pictures or the frame changed; outlines the main camera's view on it. Reads [`Charted`], the
/// repainted pictures ([`Overview`]), the window and the main camera ([`MainView`]); writes the
/// minimap's camera, the panel's visibility and the outline's place ([`MinimapParts`]), and
/// [`Minimap`].
fn place_minimap(framing: MinimapFraming, main: MainView, parts: MinimapParts) {
    let MinimapFraming {
        charted,
        mut overview,
        mut minimap,
    } = framing;
    let MinimapParts {
        camera,
        mut panel,
        mut outline,
    } = parts;
    let Some(camera) = camera else { return };
    let (mut camera, mut at, mut projection) = camera.into_inner();
    let frame = minimap_frame(&charted);
    if std::mem::take(&mut overview.repainted) || frame != minimap.framed {
        minimap.redraw = REDRAW_FRAMES;
    }
    // Drawn for a few frames after a change, and once in a while in case those came before the
    // GPU was ready (its pipelines compile in the background); the picture keeps what it last
    // drew.
    minimap.frames = minimap.frames.wrapping_add(1);
    let draw = minimap.redraw > 0 || minimap.frames.is_multiple_of(REDRAW_EVERY);
    minimap.redraw = minimap.redraw.saturating_sub(1);
    if camera.is_active != draw {
        camera.is_active = draw;
    }
    minimap.framed = frame;
    let Some((centre, side)) = frame else { return };
    for mut v in &mut panel {
        v.set_if_neq(Visibility::Inherited);
    }
    at.translation = centre.extend(at.translation.z);
    if let Projection::Orthographic(o) = &mut *projection
        && o.scale != side / MINIMAP_SIZE
    {
        o.scale = side / MINIMAP_SIZE;
    }
    let Some(want) = main.outline(centre, side) else {
        return;
    };
    for mut node in &mut outline {
        if (node.left, node.top, node.width, node.height) != want {
            (node.left, node.top, node.width, node.height) = want;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::HEX_SIZE;
    use aeternus_core::hex::{layout, view_order};
    use aeternus_core::rules::Rules;
    use aeternus_core::world::plugin::Viewer;
    use hexx::Hex;

    /// A headless game with the tiles' bookkeeping and the pictures, no camera and no GPU.
    fn app(seed: u64, radius: u32) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()));
        app.init_asset::<Image>()
            .init_asset::<Mesh>()
            .init_asset::<ColorMaterial>();
        app.add_plugins(aeternus_core::CorePlugin {
            rules: Rules::aeternus(),
            seed,
        });
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
        overview.pictures.iter().find_map(|(&chunk, (handle, _))| {
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
        let world = app.world().resource::<HexWorld>();
        assert_eq!(world.len(), 3 * 40 * 41 + 1);
        let rules = world.rules.clone();
        let charted = app.world().resource::<Charted>();
        assert!(charted.dirty.is_empty(), "every picture painted");
        // A disc of radius 40 reaches beyond one chunk: several pictures.
        let n = app.world().resource::<Overview>().len();
        assert!(n >= 4, "{n} pictures");
        let layout = layout(HEX_SIZE);
        let world = app.world().resource::<HexWorld>();
        let mut checked = 0;
        for hex in view_order(Hex::ZERO, 40) {
            let biome = world.get(hex).unwrap().biome;
            let [r, g, b] = rules.biomes[biome.0 as usize].colour;
            // The hex's centre, a quarter hex up and down: both its pixel rows.
            for dy in [-0.25, 0.25] {
                let at = layout.hex_to_world_pos(hex) + Vec2::new(0.0, dy * grid_size().y);
                assert_eq!(colour_at(&app, at), Some([r, g, b, 255]), "{hex:?} {dy}");
            }
            checked += 1;
        }
        assert_eq!(checked, world.len());
        // The ring beyond is fog; two rings out is clear.
        let fog = FOG_COLOUR.to_srgba().to_u8_array();
        for hex in aeternus_core::hex::ring(Hex::ZERO, 41) {
            assert_eq!(colour_at(&app, layout.hex_to_world_pos(hex)), Some(fog));
        }
        for hex in aeternus_core::hex::ring(Hex::ZERO, 42) {
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
            .write_message(aeternus_core::world::plugin::GenerateHex {
                hex: step,
                cause: aeternus_core::world::Cause::MoveTarget,
            });
        app.update();
        let world = app.world().resource::<HexWorld>();
        let [r, g, b] = world.rules.biomes[world.get(step).unwrap().biome.0 as usize].colour;
        assert_eq!(colour_at(&app, at), Some([r, g, b, 255]));
        // A reload repaints every picture in the new colours.
        let mut rules = world.rules.clone();
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
