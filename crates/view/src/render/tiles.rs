//! Biome tiles on chunked tilemaps: the world is infinite but `TilePos` is unsigned, so each
//! `CHUNK`x`CHUNK` block of hexes gets its own tilemap entity, made when its first hex is generated.
//!
//! Coordinates: bevy_ecs_tilemap's `HexCoordSystem::Column` is flat-topped axial (q, r) with its
//! r running *up* the screen: centre = (0.75 q gx, (r + q/2) gy). hexx's flat layout with y
//! inverted (`aeternus_core::hex::layout`) puts (q, r) at (1.5 q s, -(r + q/2) √3 s). So with grid size
//! (2s, √3 s) the tilemap's (q, r) of hexx `Hex(q, r)` is (q, -q - r): North, hexx (0, -1), is
//! tilemap (0, +1), straight up.

use aeternus_core::play::restart::GameReset;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_ecs_tilemap::helpers::hex_grid::axial::AxialPos;
use bevy_ecs_tilemap::prelude::*;
use hexx::Hex;

use bevy::ecs::system::SystemParam;

use bevy::platform::collections::HashSet;
use bevy::window::PrimaryWindow;

use super::HEX_SIZE;
use super::art::{Look, TakeArt, TileArt, biome_colour};
use super::camera::{MainCamera, scale_of};
use super::fog::{FOG_COLOUR, Fog};
use super::screenshot::Animations;
use super::textures::{Textures, hex_texture_size};
use crate::ViewSystems;
use aeternus_core::mods::reload::RulesReloaded;
use aeternus_core::rules::{BiomeId, Rules};
use aeternus_core::world::HexWorld;
use aeternus_core::world::plugin::{HexGenerated, WorldRules};

/// Hexes per chunk side, in tilemap axial coordinates.
pub(crate) const CHUNK: i32 = 32;

/// The chunks drawn as tiles now, chunk coordinates -> tilemap entity: those near the camera
/// at a readable zoom (streamed: a huge explored world keeps tiles only where they can be
/// seen). `shown` and `hidden` are the chunks that came and went this frame, for the marks.
#[derive(Resource, Default)]
pub(crate) struct Chunks {
    tilemaps: HashMap<IVec2, Entity>,
    /// Tilemaps gone out of view, hidden with their tiles, to draw the next chunks that come
    /// near: rewriting a chunk's tiles costs a fraction of despawning them and spawning others.
    spare: Vec<Entity>,
    pub(crate) shown: Vec<IVec2>,
    pub(crate) hidden: Vec<IVec2>,
}

impl Chunks {
    /// Whether `hex` is drawn as a tile now (its chunk is shown).
    pub(crate) fn shows(&self, hex: Hex) -> bool {
        self.tilemaps.contains_key(&chunk_of(hex).0)
    }

    pub(crate) fn len(&self) -> usize {
        self.tilemaps.len()
    }

    /// The chunks drawn as tiles now.
    pub(crate) fn drawn(&self) -> impl Iterator<Item = IVec2> + '_ {
        self.tilemaps.keys().copied()
    }
}

/// The chunks that hold a generated or a fog hex, and the box of the generated hexes' centres:
/// what the strategic view and the minimap draw. `dirty` are those whose picture is out of date.
#[derive(Resource, Default)]
pub(crate) struct Charted {
    pub(crate) chunks: HashSet<IVec2>,
    pub(crate) dirty: HashSet<IVec2>,
    pub(crate) bounds: Option<Rect>,
}

/// Up to this scale (world units per pixel: a hex 21 pixels wide) the map is drawn as tiles;
/// beyond it, as one picture a chunk (the strategic view).
pub const TILES_UP_TO_SCALE: f32 = 3.0;
/// Chunks made into tiles in one frame at most.
const CHUNKS_A_FRAME: usize = 6;
/// Tilemaps kept for reuse at most (a panning view hides about as many as it shows).
const SPARE_MAPS: usize = 16;
/// Seconds a newly generated hex takes to fade in.
pub const FADE_SECS: f32 = 0.3;

/// Tiles fading in: the tile, its chunk and when it began. Only their alpha is written, so a
/// restyle meanwhile (the art loading, a reload) keeps its colour: generated hexes' looks are
/// opaque. A chunk's fades end when its tilemap goes spare (its tiles will draw other hexes).
#[derive(Resource, Default)]
pub(crate) struct Fades(Vec<(Entity, IVec2, f32)>);

/// The map's tiles: restyled with new art, dropped for a new game, drawn, faded in and
/// retinted after a reload; what sits on the tiles runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawTiles;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<Chunks>()
        .init_resource::<Charted>()
        .init_resource::<Fog>()
        .init_resource::<Fades>()
        .init_resource::<Animations>()
        .add_message::<RulesReloaded>()
        .add_systems(
            Update,
            (
                restyle.run_if(resource_exists_and_changed::<TileArt>),
                drop_tiles.run_if(on_message::<GameReset>),
                draw_tiles,
                fade_in,
                retint,
            )
                .chain()
                .in_set(DrawTiles)
                .after(TakeArt)
                .in_set(ViewSystems::Render),
        );
}

/// The tiles' bookkeeping without the art or a window (headless tests): every charted chunk is
/// drawn.
#[cfg(test)]
pub(crate) fn headless(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<Chunks>()
        .init_resource::<Charted>()
        .init_resource::<Fog>()
        .init_resource::<Fades>()
        .init_resource::<Animations>()
        .add_systems(
            Update,
            (draw_tiles, fade_in)
                .chain()
                .in_set(DrawTiles)
                .in_set(ViewSystems::Render),
        );
}

/// A new game replaced the world: every tilemap of the old one goes (its tiles with it), and
/// what was charted of it, its fog and fades. Writes (despawns) the tilemaps, [`Chunks`],
/// [`Charted`], [`Fog`] and [`Fades`].
fn drop_tiles(
    mut commands: Commands,
    mut chunks: ResMut<Chunks>,
    mut charted: ResMut<Charted>,
    mut fog: ResMut<Fog>,
    mut fades: ResMut<Fades>,
) {
    let spare = std::mem::take(&mut chunks.spare);
    for m in chunks.tilemaps.drain().map(|(_, m)| m).chain(spare) {
        commands.entity(m).despawn();
    }
    chunks.shown.clear();
    chunks.hidden.clear();
    *charted = Charted::default();
    *fog = Fog::default();
    fades.0.clear();
}

/// Centre-to-centre spacing of the tilemap grid: a flat-topped hex's bounding box.
pub(crate) fn grid_size() -> TilemapGridSize {
    TilemapGridSize {
        x: 2.0 * HEX_SIZE,
        y: 3f32.sqrt() * HEX_SIZE,
    }
}

/// bevy_ecs_tilemap's axial (q, r) for a hexx hex (see the module comment).
pub(crate) fn tilemap_axial(hex: Hex) -> IVec2 {
    IVec2::new(hex.x, -hex.x - hex.y)
}

/// The chunk holding `hex` and the hex's tile position inside it.
pub(crate) fn chunk_of(hex: Hex) -> (IVec2, TilePos) {
    let a = tilemap_axial(hex);
    let chunk = a.div_euclid(IVec2::splat(CHUNK));
    let local = a.rem_euclid(IVec2::splat(CHUNK));
    (
        chunk,
        TilePos {
            x: local.x as u32,
            y: local.y as u32,
        },
    )
}

/// The world centre of the tile at tilemap axial `a`.
fn centre_of(a: IVec2) -> Vec2 {
    AxialPos::new(a.x, a.y).center_in_world_col(&grid_size())
}

/// One hex tile of the tilemap `tilemap`, drawn as `look` says (a layer of the map's texture and a
/// tint: the white hex tinted is exactly the tint). The one way both map views make tiles.
pub(crate) fn tile(tilemap: Entity, position: TilePos, look: Look) -> impl Bundle {
    (
        TileBundle {
            position,
            tilemap_id: TilemapId(tilemap),
            color: TileColor(look.colour),
            texture_index: TileTextureIndex(look.index),
            ..default()
        },
        ChildOf(tilemap),
    )
}

/// A hex tilemap of `size` tiles whose tile (0, 0) is the hex at tilemap axial `origin` (see
/// [`tilemap_axial`]), drawn from `texture` (every layer the hex's size): the one way both map
/// views make tilemaps.
pub(crate) fn hex_tilemap(
    origin: IVec2,
    size: TilemapSize,
    storage: TileStorage,
    texture: TilemapTexture,
) -> TilemapBundle {
    TilemapBundle {
        grid_size: grid_size(),
        map_type: TilemapType::Hexagon(HexCoordSystem::Column),
        size,
        storage,
        texture,
        tile_size: hex_texture_size().as_vec2().into(),
        // With `TilemapAnchor::None` the transform is the centre of tile (0, 0).
        transform: Transform::from_translation(centre_of(origin).extend(0.0)),
        anchor: TilemapAnchor::None,
        ..default()
    }
}

/// How the world's tiles look now: the art's texture and each hex's look, or the white hex in
/// its biome's colour where there is no art (a headless view, a biome without an image).
fn texture_of(art: Option<&TileArt>, textures: &Textures) -> TilemapTexture {
    art.map_or(
        TilemapTexture::Single(textures.hex.clone()),
        TileArt::texture,
    )
}

fn look_of(art: Option<&TileArt>, rules: &Rules, biome: BiomeId, hex: Hex) -> Look {
    match art {
        Some(a) => a.look(rules, biome, hex),
        None => Look::tinted(biome_colour(rules, biome)),
    }
}

/// The hex whose tile sits at tilemap axial `a` (the inverse of [`tilemap_axial`]).
pub(crate) fn hex_at(a: IVec2) -> Hex {
    Hex::new(a.x, -a.x - a.y)
}

/// The hex at tile `position` of `chunk`.
fn hex_in(chunk: IVec2, position: TilePos) -> Hex {
    hex_at(chunk * CHUNK + IVec2::new(position.x as i32, position.y as i32))
}

/// Every hex of a chunk.
pub(crate) fn hexes_of(chunk: IVec2) -> impl Iterator<Item = Hex> {
    (0..CHUNK).flat_map(move |x| (0..CHUNK).map(move |y| hex_at(chunk * CHUNK + IVec2::new(x, y))))
}

/// The world box a chunk's hexes cover.
pub(crate) fn chunk_box(chunk: IVec2) -> Rect {
    let half = Vec2::new(grid_size().x, grid_size().y) / 2.0;
    Rect::from_corners(
        centre_of(chunk * CHUNK) - half,
        centre_of(chunk * CHUNK + IVec2::splat(CHUNK - 1)) + half,
    )
}

/// The chunks whose box meets `rect`.
pub(crate) fn chunks_meeting(rect: Rect) -> impl Iterator<Item = IVec2> {
    let g = grid_size();
    let width = 0.75 * g.x * CHUNK as f32;
    let xs = (rect.min.x / width).floor() as i32 - 1..=(rect.max.x / width).floor() as i32 + 1;
    xs.flat_map(move |cx| {
        // A chunk's rows climb half a chunk for every chunk to the right.
        let lift = (cx * CHUNK) as f32 / 2.0;
        let low = ((rect.min.y / g.y - lift) / CHUNK as f32).floor() as i32 - 2;
        let high = ((rect.max.y / g.y - lift) / CHUNK as f32).floor() as i32 + 1;
        (low..=high).map(move |cy| IVec2::new(cx, cy))
    })
    .filter(move |&c| !chunk_box(c).intersect(rect).is_empty())
}

/// How one hex is drawn now: its biome's look when generated (`new`: generated since the last
/// frame, so it fades in), fog on the frontier, nothing elsewhere.
fn hex_look(
    world: &HexWorld,
    fog: &Fog,
    art: Option<&TileArt>,
    hex: Hex,
    new_from: u32,
) -> Option<(Look, bool)> {
    match world.get(hex) {
        Some(d) => Some((
            look_of(art, &world.rules, d.biome, hex),
            d.order >= new_from,
        )),
        None => fog.contains(hex).then_some((
            Look {
                index: 0,
                colour: FOG_COLOUR,
            },
            false,
        )),
    }
}

/// What the main camera sees: the window's box in the world and the scale, or `None` without
/// a camera.
#[derive(SystemParam)]
pub(crate) struct CameraView<'w, 's> {
    camera: Option<Single<'w, 's, (&'static Transform, &'static Projection), With<MainCamera>>>,
    window: Option<Single<'w, 's, &'static Window, With<PrimaryWindow>>>,
}

impl CameraView<'_, '_> {
    /// The box the window shows and the scale (world units per pixel).
    pub(crate) fn seen(&self) -> Option<(Rect, f32)> {
        let (transform, projection) = *self.camera.as_deref()?;
        // Headless (tests): a window of the default size.
        let size = self
            .window
            .as_deref()
            .map_or(Vec2::new(1280.0, 720.0), |w| w.size());
        let scale = scale_of(projection);
        let at = transform.translation.truncate();
        Some((Rect::from_center_size(at, size * scale), scale))
    }
}

/// What drawing the tiles reads and writes: the store, the art and textures, the tiles and
/// their tilemaps, [`Chunks`], [`Charted`], [`Fog`], [`Fades`] and [`Animations`].
#[derive(SystemParam)]
pub(crate) struct TileDrawing<'w, 's> {
    commands: Commands<'w, 's>,
    world: Res<'w, HexWorld>,
    textures: Res<'w, Textures>,
    art: Option<Res<'w, TileArt>>,
    chunks: ResMut<'w, Chunks>,
    charted: ResMut<'w, Charted>,
    fog: ResMut<'w, Fog>,
    fades: ResMut<'w, Fades>,
    storages: Query<'w, 's, &'static mut TileStorage>,
    looks: Query<'w, 's, TileLook>,
    time: Res<'w, Time>,
    animations: ResMut<'w, Animations>,
}

/// Keeps the tiles: follows each hex generated ([`HexGenerated`]: its tile, the fog around it,
/// the chunks charted), and streams chunks with the camera — at a readable zoom the chunks near
/// the view are drawn as tiles (made from the store when they come near, despawned when they
/// go far), beyond it none.
fn draw_tiles(
    mut generated: MessageReader<HexGenerated>,
    mut tiles: TileDrawing,
    view: CameraView,
    mut new_from: Local<u32>,
) {
    tiles.chunks.shown.clear();
    tiles.chunks.hidden.clear();
    let redraw = tiles.follow(generated.read().map(|g| g.hex));
    let stream = Stream::of(&view);
    tiles.put_far_away(stream);
    for chunk in tiles.wanted(stream) {
        tiles.draw_chunk(chunk, *new_from);
    }
    tiles.redraw(redraw, *new_from);
    *new_from = tiles.world.len() as u32;
}

impl Stream {
    /// The chunks to draw as tiles: near the view at a readable zoom; kept a while farther
    /// out, so a small pan back and forth does not make and unmake them.
    fn of(view: &CameraView) -> Stream {
        match view.seen() {
            Some((seen, scale)) if scale <= TILES_UP_TO_SCALE => {
                let margin = (seen.size() * 0.25).max_element() + 2.0 * HEX_SIZE;
                Stream::Near(seen.inflate(margin), seen.inflate(2.5 * margin))
            }
            Some(_) => Stream::None,
            None => Stream::All,
        }
    }
}

impl TileDrawing<'_, '_> {
    /// Takes the hexes generated: the charted box and chunks, the fog. Returns the hexes whose
    /// tile in a chunk already shown must change: new ones, and new fog.
    fn follow(&mut self, generated: impl Iterator<Item = Hex>) -> Vec<Hex> {
        let mut redraw = Vec::new();
        let mut last = None;
        let layout = aeternus_core::hex::layout(HEX_SIZE);
        let (charted, chunks) = (&mut *self.charted, &self.chunks);
        for hex in generated {
            let at = layout.hex_to_world_pos(hex);
            let b = (charted.bounds).get_or_insert(Rect::from_center_size(at, Vec2::ZERO));
            *b = b.union_point(at);
            self.fog.generated(&self.world, hex, |hex| {
                let chunk = chunk_of(hex).0;
                // Consecutive hexes are mostly in one chunk: skip the sets' look-ups for them.
                if last != Some(chunk) {
                    last = Some(chunk);
                    charted.chunks.insert(chunk);
                    charted.dirty.insert(chunk);
                }
                if chunks.tilemaps.contains_key(&chunk) {
                    redraw.push(hex);
                }
            });
        }
        redraw
    }

    /// The chunks shown that the stream leaves: their tilemaps kept hidden as spares (up to
    /// [`SPARE_MAPS`]) or despawned.
    fn put_far_away(&mut self, stream: Stream) {
        let far: Vec<IVec2> = (self.chunks.tilemaps.keys().copied())
            .filter(|&c| match stream {
                Stream::All => false,
                Stream::None => true,
                Stream::Near(_, keep) => chunk_box(c).intersect(keep).is_empty(),
            })
            .collect();
        for c in far {
            let Some(m) = self.chunks.tilemaps.remove(&c) else {
                continue;
            };
            if self.chunks.spare.len() < SPARE_MAPS {
                self.commands.entity(m).insert(Visibility::Hidden);
                self.chunks.spare.push(m);
                self.fades.0.retain(|f| f.1 != c);
            } else {
                self.commands.entity(m).despawn();
            }
            self.chunks.hidden.push(c);
        }
    }

    /// The charted chunks the stream wants drawn that are not: a few a frame, nearest the view
    /// first (zooming in from the strategic view would otherwise make every tile in sight in
    /// one long frame). Until they are all made the map is still changing (a screenshot waits).
    fn wanted(&mut self, stream: Stream) -> Vec<IVec2> {
        let (charted, tilemaps) = (&self.charted.chunks, &self.chunks.tilemaps);
        let mut wanted: Vec<IVec2> = match stream {
            Stream::Near(near, _) => chunks_meeting(near)
                .filter(|c| charted.contains(c) && !tilemaps.contains_key(c))
                .collect(),
            Stream::All => (charted.iter().copied())
                .filter(|c| !tilemaps.contains_key(c))
                .collect(),
            Stream::None => Vec::new(),
        };
        if let (Stream::Near(near, _), true) = (stream, wanted.len() > CHUNKS_A_FRAME) {
            let d = |c: &IVec2| chunk_box(*c).center().distance_squared(near.center());
            wanted.sort_by(|a, b| d(a).total_cmp(&d(b)));
            wanted.truncate(CHUNKS_A_FRAME);
            self.animations.keep();
        }
        wanted
    }

    /// Draws a chunk whole from the store: on a spare tilemap, moved and its tiles rewritten,
    /// or on a new one.
    fn draw_chunk(&mut self, chunk: IVec2, new_from: u32) {
        let size = TilemapSize {
            x: CHUNK as u32,
            y: CHUNK as u32,
        };
        let now = self.time.elapsed_secs();
        let name = Name::new(format!("Tile chunk {chunk}"));
        let spare = self.chunks.spare.pop();
        let mut fresh = TileStorage::empty(size);
        let reusable = spare.and_then(|m| Some((m, self.storages.get_mut(m).ok()?)));
        let (tilemap, mut reused) = match reusable {
            Some((m, storage)) => (m, Some(storage)),
            None => (self.commands.spawn(name.clone()).id(), None),
        };
        let storage = reused.as_deref_mut().unwrap_or(&mut fresh);
        let art = self.art.as_deref();
        for x in 0..size.x {
            for y in 0..size.y {
                let position = TilePos { x, y };
                let hex = hex_in(chunk, position);
                let look = hex_look(&self.world, &self.fog, art, hex, new_from);
                let drawn = draw_tile(
                    &mut self.commands,
                    storage,
                    &mut self.looks,
                    tilemap,
                    position,
                    look,
                );
                if let Some((tile, true)) = drawn {
                    self.fades.0.push((tile, chunk, now));
                }
            }
        }
        if reused.is_some() {
            let at = Transform::from_translation(centre_of(chunk * CHUNK).extend(0.0));
            (self.commands.entity(tilemap)).insert((name, at, Visibility::Inherited));
        } else {
            let texture = texture_of(art, &self.textures);
            let bundle = hex_tilemap(chunk * CHUNK, size, fresh, texture);
            self.commands.entity(tilemap).insert(bundle);
        }
        self.chunks.tilemaps.insert(chunk, tilemap);
        self.chunks.shown.push(chunk);
    }

    /// Redraws the tiles of `hexes` in chunks shown before this frame (those shown this frame
    /// were drawn whole from the store).
    fn redraw(&mut self, hexes: Vec<Hex>, new_from: u32) {
        let shown_now: HashSet<IVec2> = self.chunks.shown.iter().copied().collect();
        let now = self.time.elapsed_secs();
        for hex in hexes {
            let (chunk, position) = chunk_of(hex);
            if shown_now.contains(&chunk) {
                continue;
            }
            let Some(&tilemap) = self.chunks.tilemaps.get(&chunk) else {
                continue;
            };
            let Ok(mut storage) = self.storages.get_mut(tilemap) else {
                continue;
            };
            let look = hex_look(&self.world, &self.fog, self.art.as_deref(), hex, new_from);
            let (commands, looks) = (&mut self.commands, &mut self.looks);
            let drawn = draw_tile(commands, &mut storage, looks, tilemap, position, look);
            if let Some((tile, true)) = drawn {
                self.fades.0.push((tile, chunk, now));
            }
        }
    }
}

/// A tile's look, written in place.
type TileLook = (
    &'static mut TileColor,
    &'static mut TileTextureIndex,
    &'static mut TileVisible,
);

/// Draws `look` (and whether it fades in) at `position` of `tilemap`: the tile there takes it,
/// or one is made; with no look the tile there, if any, is hidden. Returns the tile drawn and
/// whether it fades in.
fn draw_tile(
    commands: &mut Commands,
    storage: &mut TileStorage,
    looks: &mut Query<TileLook>,
    tilemap: Entity,
    position: TilePos,
    look: Option<(Look, bool)>,
) -> Option<(Entity, bool)> {
    let old = storage.get(&position);
    let Some((look, new)) = look else {
        if let Some((_, _, mut visible)) = old.and_then(|t| looks.get_mut(t).ok()) {
            visible.set_if_neq(TileVisible(false));
        }
        return None;
    };
    let start = faded(look, new);
    if let Some((colour, index, mut visible)) = old.and_then(|t| looks.get_mut(t).ok()) {
        set_look(start, colour, index);
        visible.set_if_neq(TileVisible(true));
        return old.map(|t| (t, new));
    }
    let t = commands.spawn(tile(tilemap, position, start)).id();
    storage.set(&position, t);
    Some((t, new))
}

/// Gives a drawn tile `look`, marking it changed only where it changes (the tilemap rebuilds a
/// changed tile's chunk mesh).
pub(crate) fn set_look(look: Look, mut colour: Mut<TileColor>, mut index: Mut<TileTextureIndex>) {
    if colour.0 != look.colour {
        colour.0 = look.colour;
    }
    index.set_if_neq(TileTextureIndex(look.index));
}

/// Which chunks are drawn as tiles.
#[derive(Clone, Copy)]
enum Stream {
    /// Those meeting the first box; those beyond the second go.
    Near(Rect, Rect),
    /// None: the strategic view.
    None,
    /// Every charted chunk: no camera (headless).
    All,
}

/// `look` as it starts: transparent when it is to fade in.
fn faded(look: Look, new: bool) -> Look {
    if new {
        Look {
            colour: look.colour.with_alpha(0.0),
            ..look
        }
    } else {
        look
    }
}

/// New tiles fade in over [`FADE_SECS`]; while any does, the animations run (a screenshot
/// waits). Reads the time; writes the fading tiles' colours, [`Fades`] and [`Animations`].
fn fade_in(
    mut fades: ResMut<Fades>,
    mut colours: Query<&mut TileColor>,
    time: Res<Time>,
    mut animations: ResMut<Animations>,
) {
    if fades.0.is_empty() {
        return;
    }
    let now = time.elapsed_secs();
    fades.0.retain(|&(tile, _, start)| {
        let Ok(mut colour) = colours.get_mut(tile) else {
            return false; // its chunk went out of view
        };
        let t = ((now - start) / FADE_SECS).clamp(0.0, 1.0);
        colour.0.set_alpha(t);
        t < 1.0
    });
    if !fades.0.is_empty() {
        animations.keep();
    }
}

/// Every drawn tile, to restyle.
#[derive(SystemParam)]
struct TileLooks<'w, 's> {
    world: Res<'w, HexWorld>,
    chunks: Res<'w, Chunks>,
    storages: Query<'w, 's, &'static TileStorage>,
    looks: Query<'w, 's, (&'static mut TileColor, &'static mut TileTextureIndex)>,
}

impl TileLooks<'_, '_> {
    /// Gives every drawn tile of a generated hex its look under `art` and `rules` (only the
    /// chunks shown have tiles).
    fn restyle(&mut self, art: Option<&TileArt>, rules: &Rules) {
        for (&chunk, &tilemap) in &self.chunks.tilemaps {
            let Ok(storage) = self.storages.get(tilemap) else {
                continue;
            };
            for x in 0..CHUNK as u32 {
                for y in 0..CHUNK as u32 {
                    let position = TilePos { x, y };
                    let hex = hex_in(chunk, position);
                    let (Some(tile), Some(d)) = (storage.get(&position), self.world.get(hex))
                    else {
                        continue;
                    };
                    let Ok((colour, index)) = self.looks.get_mut(tile) else {
                        continue;
                    };
                    set_look(look_of(art, rules, d.biome, hex), colour, index);
                }
            }
        }
    }
}

/// A tile image loaded or saved again: every map takes the art's texture and every drawn tile
/// its look. Reads [`TileArt`] and the rules; writes the maps' textures and the tiles' looks.
fn restyle(
    art: Res<TileArt>,
    rules: WorldRules,
    mut tilemaps: Query<&mut TilemapTexture>,
    mut tiles: TileLooks,
) {
    let texture = art.texture();
    for mut t in &mut tilemaps {
        *t = texture.clone();
    }
    tiles.restyle(Some(&art), &rules);
}

/// After the rules are reloaded every drawn tile takes its biome's new look (the biome ids stay:
/// a reload that changes the list of biomes is refused). Reads [`RulesReloaded`], the rules and
/// the tiles' art; writes the tiles' looks.
fn retint(
    mut reloaded: MessageReader<RulesReloaded>,
    rules: WorldRules,
    art: Option<Res<TileArt>>,
    mut tiles: TileLooks,
) {
    if reloaded.read().count() == 0 {
        return;
    }
    tiles.restyle(art.as_deref(), &rules);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::camera::MainCamera;
    use aeternus_core::hex::{Direction, layout, view_order};

    /// Where a chunk's tilemap sits: the centre of its tile (0, 0), as `TilemapAnchor::None`
    /// expects.
    fn chunk_origin(chunk: IVec2) -> Vec2 {
        centre_of(chunk * CHUNK)
    }

    /// Where bevy_ecs_tilemap draws the tile of `hex`: its chunk's origin plus the tile's offset.
    fn drawn_at(hex: Hex) -> Vec2 {
        let (chunk, pos) = chunk_of(hex);
        chunk_origin(chunk) + AxialPos::from(pos).center_in_world_col(&grid_size())
    }

    #[test]
    fn tiles_are_drawn_where_the_hex_layout_puts_them() {
        let layout = layout(HEX_SIZE);
        let far = [
            Hex::new(-1000, 37),
            Hex::new(555, -2000),
            Hex::new(-33, -31),
        ];
        for hex in view_order(Hex::ZERO, 40).chain(far) {
            let d = drawn_at(hex) - layout.hex_to_world_pos(hex);
            // f32 at ~1e5 world units is good to about 0.01.
            assert!(d.length() < 0.05, "{hex:?} is {d} off");
        }
    }

    #[test]
    fn a_reload_retints_drawn_tiles() {
        let mut app = App::new();
        let mut rules = Rules::aeternus();
        // The origin, generated with the world, is a Meadow.
        let meadow = rules.biome("Meadow").unwrap();
        let (chunk, position) = chunk_of(Hex::ZERO);
        let tile = (app.world_mut())
            .spawn((TileColor(Color::WHITE), TileTextureIndex(0)))
            .id();
        let mut storage = TileStorage::empty(TilemapSize { x: 32, y: 32 });
        storage.set(&position, tile);
        let tilemap = app.world_mut().spawn(storage).id();
        rules.biomes[meadow.0 as usize].colour = [1, 2, 3];
        let chunks = Chunks {
            tilemaps: [(chunk, tilemap)].into_iter().collect(),
            ..default()
        };
        app.insert_resource(aeternus_core::world::HexWorld::new(rules, 7))
            .insert_resource(chunks)
            .add_message::<RulesReloaded>()
            .add_systems(Update, retint);
        app.update();
        let colour = |app: &App| app.world().entity(tile).get::<TileColor>().unwrap().0;
        assert_eq!(colour(&app), Color::WHITE, "no reload, no change");
        app.world_mut().write_message(RulesReloaded {
            source: "mod.ron".into(),
        });
        app.update();
        assert_eq!(colour(&app), Color::srgb_u8(1, 2, 3));
    }

    /// The chunks streamed for a view are exactly those whose box meets it, and every hex of a
    /// chunk lies in the chunk's box.
    #[test]
    fn the_chunks_meeting_a_view_are_found_wherever_it_is() {
        let layout = layout(HEX_SIZE);
        for chunk in [IVec2::ZERO, IVec2::new(-3, 5), IVec2::new(7, -9)] {
            let b = chunk_box(chunk).inflate(0.01);
            for hex in hexes_of(chunk) {
                assert_eq!(chunk_of(hex).0, chunk);
                assert!(b.contains(layout.hex_to_world_pos(hex)), "{hex:?}");
            }
        }
        let views = [
            Rect::from_center_size(Vec2::ZERO, Vec2::new(1280.0, 720.0)),
            Rect::from_center_size(Vec2::new(-9000.0, 4321.0), Vec2::new(3840.0, 2160.0)),
            Rect::from_center_size(Vec2::new(25000.0, -70000.0), Vec2::new(300.0, 9000.0)),
        ];
        for view in views {
            let found: HashSet<IVec2> = chunks_meeting(view).collect();
            let near = (view.center() / 1500.0).as_ivec2();
            for cx in near.x - 12..=near.x + 12 {
                for cy in near.y - 40..=near.y + 40 {
                    let c = IVec2::new(cx, cy);
                    let meets = !chunk_box(c).intersect(view).is_empty();
                    assert_eq!(found.contains(&c), meets, "{c} for {view:?}");
                }
            }
            assert!(!found.is_empty());
        }
    }

    /// New hexes' tiles start clear and are opaque once [`FADE_SECS`] have passed, the
    /// animations running meanwhile; a restyle during the fade keeps its colour; the frontier
    /// is drawn as fog tiles.
    #[test]
    fn new_tiles_fade_in_and_the_frontier_is_fog() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()));
        app.init_asset::<Image>();
        app.add_plugins(aeternus_core::CorePlugin {
            rules: Rules::aeternus(),
            seed: 2,
        });
        app.add_plugins((crate::render::textures::plugin, headless));
        app.world_mut().spawn(aeternus_core::world::plugin::Viewer {
            hex: Hex::ZERO,
            radius: 3,
        });
        app.update();
        app.update();
        let tiles: Vec<(Entity, TileColor)> = (app.world_mut())
            .query::<(Entity, &TileColor)>()
            .iter(app.world())
            .map(|(e, c)| (e, *c))
            .collect();
        // 37 hexes and the 24 of ring 4 around them.
        assert_eq!(tiles.len(), 37 + 24);
        let fog = tiles.iter().filter(|(_, c)| c.0 == FOG_COLOUR).count();
        assert_eq!(fog, 24);
        assert!(
            tiles
                .iter()
                .all(|(_, c)| c.0.alpha() < 0.5 || c.0 == FOG_COLOUR)
        );
        assert!(app.world_mut().resource_mut::<Animations>().take());
        let restyled = tiles.iter().find(|(_, c)| c.0 != FOG_COLOUR).unwrap().0;
        let red = Color::srgb(1.0, 0.0, 0.0);
        app.world_mut().entity_mut(restyled).insert(TileColor(red));
        // Frames as a window makes them (a virtual frame counts at most a quarter second).
        for _ in 0..8 {
            std::thread::sleep(std::time::Duration::from_secs_f32(FADE_SECS / 4.0));
            app.update();
        }
        let colour = |e: Entity| app.world().entity(e).get::<TileColor>().unwrap().0;
        for (e, _) in &tiles {
            assert!(colour(*e).alpha() > 0.999 || colour(*e) == FOG_COLOUR);
        }
        assert_eq!(colour(restyled), red);
        assert!(app.world().resource::<Fades>().0.is_empty());
    }

    /// Every shown chunk's tilemap sits at its chunk and draws what the store and the fog hold
    /// there (a hidden tile or none where neither holds a hex); returns the shown tiles.
    fn check_drawn(app: &mut App) -> usize {
        let ecs = app.world();
        let (world, fog, chunks) = (
            ecs.resource::<HexWorld>(),
            ecs.resource::<Fog>(),
            ecs.resource::<Chunks>(),
        );
        let mut shown = 0;
        for (&chunk, &tilemap) in &chunks.tilemaps {
            let e = ecs.entity(tilemap);
            let at = e.get::<Transform>().unwrap().translation.truncate();
            assert_eq!(at, centre_of(chunk * CHUNK), "{chunk}");
            assert_ne!(e.get::<Visibility>(), Some(&Visibility::Hidden), "{chunk}");
            let storage = e.get::<TileStorage>().unwrap();
            for x in 0..CHUNK as u32 {
                for y in 0..CHUNK as u32 {
                    let position = TilePos { x, y };
                    let hex = hex_in(chunk, position);
                    let want = hex_look(world, fog, None, hex, u32::MAX).map(|(l, _)| l);
                    let tile = storage.get(&position).map(|t| ecs.entity(t));
                    let got = tile.filter(|t| t.get::<TileVisible>().unwrap().0).map(|t| {
                        assert_eq!(t.get::<TilemapId>().unwrap().0, tilemap);
                        let colour = t.get::<TileColor>().unwrap().0.with_alpha(1.0);
                        (colour, t.get::<TileTextureIndex>().unwrap().0)
                    });
                    let want = want.map(|l| (l.colour.with_alpha(1.0), l.index));
                    assert_eq!(got, want, "{hex:?}");
                    shown += usize::from(got.is_some());
                }
            }
        }
        shown
    }

    /// A panning view hides the tilemaps it leaves and draws the chunks it comes to on them:
    /// moved, every tile rewritten from the store (hidden where no hex is), no tilemap made;
    /// their town and corruption marks are the store's, on sprites reused the same way.
    #[test]
    fn a_panning_view_draws_new_chunks_on_the_tilemaps_it_left() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()));
        app.init_asset::<Image>();
        app.add_plugins(aeternus_core::CorePlugin {
            rules: Rules::aeternus(),
            seed: 2,
        });
        app.add_message::<aeternus_core::play::restart::GameReset>();
        app.add_plugins((
            crate::render::textures::plugin,
            headless,
            crate::render::marks::plugin,
        ));
        app.world_mut().spawn(aeternus_core::world::plugin::Viewer {
            hex: Hex::ZERO,
            radius: 60,
        });
        let camera = (app.world_mut())
            .spawn((
                MainCamera,
                Transform::from_xyz(-1800.0, 0.0, 0.0),
                Projection::Orthographic(OrthographicProjection::default_2d()),
            ))
            .id();
        // Frames until no chunk comes into view (a few are made a frame).
        let settle = |app: &mut App| {
            for _ in 0..20 {
                app.update();
                if app.world().resource::<Chunks>().shown.is_empty() {
                    break;
                }
            }
        };
        let marks = |app: &mut App| -> HashSet<(Entity, IVec2)> {
            let mut q = app
                .world_mut()
                .query::<(Entity, &Name, &Transform, &Visibility)>();
            let layout = aeternus_core::hex::layout(HEX_SIZE);
            (q.iter(app.world()))
                .filter(|(_, n, _, v)| n.ends_with(" mark") && **v != Visibility::Hidden)
                .map(|(e, _, t, _)| {
                    let hex = layout.world_pos_to_hex(t.translation.truncate());
                    (e, IVec2::new(hex.x, hex.y))
                })
                .collect()
        };
        // The marks the store asks for in the shown chunks.
        let wanted_marks = |app: &App| -> usize {
            let (world, chunks) = (
                app.world().resource::<HexWorld>(),
                app.world().resource::<Chunks>(),
            );
            let town = world.rules.landmark("Town");
            let corruption = world.rules.corruption;
            (chunks.tilemaps.keys().flat_map(|&c| hexes_of(c)))
                .filter_map(|hex| world.get(hex))
                .map(|d| {
                    usize::from(Some(d.landmark) == town)
                        + usize::from(corruption.is_some_and(|c| d.features.contains(c)))
                })
                .sum()
        };
        settle(&mut app);
        let first = app.world().resource::<Chunks>().tilemaps.clone();
        assert!(first.len() >= 4, "{first:?}");
        assert!(check_drawn(&mut app) > 1000);
        let first_marks = marks(&mut app);
        assert_eq!(first_marks.len(), wanted_marks(&app));
        assert!(first_marks.len() > 50, "{}", first_marks.len());

        // Far from every hex: every tilemap goes, hidden and kept.
        app.world_mut()
            .get_mut::<Transform>(camera)
            .unwrap()
            .translation
            .x = 50_000.0;
        settle(&mut app);
        let chunks = app.world().resource::<Chunks>();
        assert!(chunks.tilemaps.is_empty());
        assert_eq!(chunks.spare.len(), first.len().min(SPARE_MAPS));
        for &m in &chunks.spare {
            assert_eq!(app.world().get::<Visibility>(m), Some(&Visibility::Hidden));
        }
        assert!(marks(&mut app).is_empty());

        // The other side of the world: its chunks are drawn on the same tilemaps and sprites.
        app.world_mut()
            .get_mut::<Transform>(camera)
            .unwrap()
            .translation
            .x = 1800.0;
        settle(&mut app);
        let second = app.world().resource::<Chunks>().tilemaps.clone();
        let moved = (second.iter())
            .filter(|&(c, m)| first.iter().any(|(c0, m0)| m0 == m && c0 != c))
            .count();
        let spare = first.len().min(SPARE_MAPS);
        assert_eq!(moved, spare.min(second.len()), "{first:?} then {second:?}");
        assert!(check_drawn(&mut app) > 1000);
        let second_marks = marks(&mut app);
        assert_eq!(second_marks.len(), wanted_marks(&app));
        let old: HashSet<Entity> = first_marks.iter().map(|m| m.0).collect();
        let reused = second_marks.iter().filter(|m| old.contains(&m.0)).count();
        let spare = first_marks.len().min(crate::render::marks::SPARE_MARKS);
        assert_eq!(reused, spare.min(second_marks.len()));
        assert!(second_marks.iter().all(|m| !first_marks.contains(m)));
    }

    #[test]
    fn north_is_up() {
        let up = drawn_at(Direction::North.offset()) - drawn_at(Hex::ZERO);
        assert!(up.x.abs() < 1e-4 && up.y > 0.0, "{up}");
    }

    #[test]
    fn chunks_split_negative_coordinates() {
        assert_eq!(chunk_of(Hex::ZERO), (IVec2::ZERO, TilePos { x: 0, y: 0 }));
        // hexx (0, 1) is tilemap (0, -1): the top row of the chunk below.
        assert_eq!(
            chunk_of(Hex::new(0, 1)),
            (IVec2::new(0, -1), TilePos { x: 0, y: 31 })
        );
    }
}
