//! The cycle's map as one tilemap (the map is finite: 2r+1 tiles a side), coloured by the core's
//! `MapExport::tiles()`, with the token on top. Everything hangs under [`MapRoot`], so the
//! settlement view hides the map by hiding one entity; the cycle's layer is rebuilt when the map
//! is replaced. A tile image that loads or is saved again restyles the tiles in place, a sprite
//! the marks; neither rebuilds the map.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_ecs_tilemap::prelude::*;

use super::play::CurrentMap;
use crate::ViewSystems;
use crate::render::art::{Look, SpriteArt, TileArt};
use crate::render::camera::{MainCamera, StartZoom, fit_scale};
use crate::render::marks::HexMarks;
use crate::render::shapes::Shapes;
use crate::render::textures::Textures;
use crate::render::tiles::{hex_tilemap, set_look, tile, tilemap_axial};
use crate::render::tokens::{TOKEN_Z, token_sprite, token_transform};
use aeternus_core::export::MapExport;
use aeternus_core::storm::token::TokenTrail;

/// Written each time a cycle's map has been (re)built: `--screenshot` waits for quiet after it.
#[derive(Message, Debug, Clone, Copy)]
pub struct MapDrawn;

/// Parent of everything drawn on the map view.
#[derive(Component)]
pub(super) struct MapRoot;

/// The current cycle's tiles and marks; despawned and rebuilt with the next cycle.
#[derive(Component)]
struct CycleLayer;

/// The cycle's tilemap.
#[derive(Component)]
struct StormTiles;

#[derive(Component)]
struct TokenMark;

/// A bright token, so it reads on every biome.
const TOKEN_COLOUR: Color = Color::srgb(1.0, 0.18, 0.55);

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_message::<MapDrawn>()
        .add_systems(Startup, spawn_root)
        .add_systems(PostStartup, frame_map)
        .add_systems(
            Update,
            (
                rebuild.run_if(resource_changed::<CurrentMap>),
                // A map rebuilt this frame is drawn in the art already.
                (
                    restyle_tiles.run_if(resource_exists_and_changed::<TileArt>),
                    redraw_marks.run_if(resource_exists_and_changed::<SpriteArt>),
                )
                    .run_if(not(resource_changed::<CurrentMap>)),
                restyle_token.run_if(resource_exists_and_changed::<SpriteArt>),
                place_token,
            )
                .chain()
                .in_set(ViewSystems::Render),
        );
}

/// The map view's root, with the token under it. Reads the shapes; writes (spawns) [`MapRoot`]
/// and the token.
fn spawn_root(mut commands: Commands, shapes: Res<Shapes>) {
    commands.spawn((
        Name::new("Storm map"),
        MapRoot,
        Transform::default(),
        Visibility::default(),
        children![(
            Name::new("Token"),
            TokenMark,
            token_sprite(&shapes, None, 1, TOKEN_COLOUR),
            Transform::from_xyz(0.0, 0.0, TOKEN_Z),
        )],
    ));
}

/// The whole map in view (or at `--zoom`), the capital in the middle. Reads the
/// [`CurrentMap`]'s radius, [`StartZoom`] and the window's size; writes the camera's place and
/// scale.
fn frame_map(
    map: Res<CurrentMap>,
    zoom: Option<Res<StartZoom>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    let (mut transform, mut projection) = camera.into_inner();
    transform.translation = Vec3::ZERO.with_z(transform.translation.z);
    if let Projection::Orthographic(ortho) = &mut *projection {
        let fit = || fit_scale(window.size(), map.0.rules.radius);
        ortho.scale = zoom.map_or_else(fit, |z| z.0);
    }
}

/// What a cycle's map is drawn from: the [`CurrentMap`], the [`TokenTrail`] and the textures.
#[derive(SystemParam)]
struct CycleSources<'w> {
    map: Res<'w, CurrentMap>,
    journey: Res<'w, TokenTrail>,
    textures: Res<'w, Textures>,
}

/// The art a new cycle's map is drawn in, each once it has loaded: the tiles' and the sprites'.
#[derive(SystemParam)]
struct CycleArt<'w> {
    tiles: Option<Res<'w, TileArt>>,
    sprites: Option<Res<'w, SpriteArt>>,
}

/// Where a cycle's layer hangs: the map's root, and the last cycle's layer to despawn.
#[derive(SystemParam)]
struct CycleLayers<'w, 's> {
    root: Single<'w, 's, Entity, With<MapRoot>>,
    old: Query<'w, 's, Entity, With<CycleLayer>>,
}

/// The cycle's marks as drawn: the commands that spawn them, their index by hex and
/// [`MapDrawn`], written once they are.
#[derive(SystemParam)]
struct CycleMarks<'w, 's> {
    commands: Commands<'w, 's>,
    marks: ResMut<'w, HexMarks<super::marks::Cycle>>,
    drawn: MessageWriter<'w, MapDrawn>,
}

/// Draws a new cycle's map in place of the last (and the same map again when its art changed).
/// Reads the [`CurrentMap`], the [`TokenTrail`], the textures ([`CycleSources`]) and the art
/// ([`CycleArt`]); writes the cycle's layer (tiles and marks, the last cycle's despawned:
/// [`CycleLayers`]), the marks' index and [`MapDrawn`] ([`CycleMarks`]).
fn rebuild(from: CycleSources, art: CycleArt, layers: CycleLayers, out: CycleMarks) {
    let CycleSources {
        map,
        journey,
        textures,
    } = from;
    let CycleLayers { root, old } = layers;
    let CycleMarks {
        mut commands,
        mut marks,
        mut drawn,
    } = out;
    // The marks first: they hang under the old layer.
    marks.clear(&mut commands);
    for e in &old {
        commands.entity(e).despawn();
    }
    let map = &map.0;
    let layer = commands
        .spawn((
            Name::new(format!("Cycle {}", map.params.cycle)),
            CycleLayer,
            Transform::default(),
            Visibility::default(),
            ChildOf(*root),
        ))
        .id();
    spawn_tiles(&mut commands, layer, map, &textures, art.tiles.as_deref());
    let sprites = art.sprites.as_deref();
    super::marks::spawn(
        &mut commands,
        &mut marks,
        layer,
        map,
        &journey,
        &textures,
        sprites,
    );
    drawn.write(MapDrawn);
}

fn spawn_tiles(
    commands: &mut Commands,
    layer: Entity,
    map: &aeternus_core::storm::StormMap,
    textures: &Textures,
    art: Option<&TileArt>,
) {
    let r = map.rules.radius as i32;
    let side = 2 * r as u32 + 1;
    let size = TilemapSize { x: side, y: side };
    let tilemap = commands
        .spawn((Name::new("Storm tiles"), StormTiles, ChildOf(layer)))
        .id();
    let mut storage = TileStorage::empty(size);
    for (position, look) in looks(map, art) {
        let entity = commands.spawn(tile(tilemap, position, look)).id();
        storage.set(&position, entity);
    }
    // Tile (0, 0) is axial (-r, -r).
    commands.entity(tilemap).insert(hex_tilemap(
        IVec2::splat(-r),
        size,
        storage,
        texture(art, textures),
    ));
}

/// Each cell's tile position (axial shifted by the radius: tilemap positions are unsigned) and
/// its look under `art`, else tinted in the core's colour.
fn looks(
    map: &aeternus_core::storm::StormMap,
    art: Option<&TileArt>,
) -> impl Iterator<Item = (TilePos, Look)> {
    let r = map.rules.radius as i32;
    (map.tiles().into_iter().zip(&map.biomes)).map(move |(t, biome)| {
        let a = tilemap_axial(t.hex) + IVec2::splat(r);
        let [red, green, blue] = t.colour;
        let colour = || Color::srgb_u8(red, green, blue);
        let look = match art {
            Some(art) => art.look_or(biome.0, t.hex, colour),
            None => Look::tinted(colour()),
        };
        (TilePos::new(a.x as u32, a.y as u32), look)
    })
}

fn texture(art: Option<&TileArt>, textures: &Textures) -> TilemapTexture {
    art.map_or_else(
        || TilemapTexture::Single(textures.hex.clone()),
        TileArt::texture,
    )
}

/// A tile image loaded or saved again: the cycle's tiles take their new looks in place. Reads
/// the [`CurrentMap`] and the tiles' art; writes the tilemap's texture, the tiles' looks and
/// [`MapDrawn`].
fn restyle_tiles(
    map: Res<CurrentMap>,
    art: Res<TileArt>,
    textures: Res<Textures>,
    tilemap: Single<(&TileStorage, &mut TilemapTexture), With<StormTiles>>,
    mut tiles: Query<(&mut TileColor, &mut TileTextureIndex)>,
    mut drawn: MessageWriter<MapDrawn>,
) {
    let (storage, mut texture_now) = tilemap.into_inner();
    let want = texture(Some(&art), &textures);
    if *texture_now != want {
        *texture_now = want;
    }
    for (position, look) in looks(&map.0, Some(&art)) {
        if let Some(Ok((colour, index))) = storage.get(&position).map(|t| tiles.get_mut(t)) {
            set_look(look, colour, index);
        }
    }
    drawn.write(MapDrawn);
}

/// A sprite loaded or saved again: the cycle's marks are drawn anew over the same tiles. Reads
/// the [`CurrentMap`], the [`TokenTrail`], the textures ([`CycleSources`]) and the sprites' art;
/// writes the marks, their index and [`MapDrawn`] ([`CycleMarks`]).
fn redraw_marks(
    from: CycleSources,
    art: Res<SpriteArt>,
    layer: Single<Entity, With<CycleLayer>>,
    out: CycleMarks,
) {
    let CycleSources {
        map,
        journey,
        textures,
    } = from;
    let CycleMarks {
        mut commands,
        mut marks,
        mut drawn,
    } = out;
    marks.clear(&mut commands);
    let (map, art) = (&map.0, Some(&*art));
    super::marks::spawn(
        &mut commands,
        &mut marks,
        *layer,
        map,
        &journey,
        &textures,
        art,
    );
    drawn.write(MapDrawn);
}

/// The token from its image once it has loaded. Reads the shapes and the sprites' art; writes
/// the token's sprite.
fn restyle_token(
    shapes: Res<Shapes>,
    art: Res<SpriteArt>,
    mut token: Single<&mut Sprite, With<TokenMark>>,
) {
    **token = token_sprite(&shapes, Some(&art), 1, TOKEN_COLOUR);
}

/// On the token's cell, in the one token style. Reads the [`TokenTrail`] and the camera's scale;
/// writes the token's place.
fn place_token(
    journey: Res<TokenTrail>,
    mut token: Single<&mut Transform, (With<TokenMark>, Without<MainCamera>)>,
    camera: Single<&Projection, With<MainCamera>>,
) {
    **token = token_transform(journey.cell, 0, 1, 0.0, &camera);
}
