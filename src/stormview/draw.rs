//! The cycle's map as one tilemap (the map is finite: 2r+1 tiles a side), coloured by the core's
//! `MapExport::tiles()`, with the token on top. Everything hangs under [`MapRoot`], so the
//! settlement view hides the map by hiding one entity; the cycle's layer is rebuilt when the map
//! is replaced.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_ecs_tilemap::helpers::hex_grid::axial::AxialPos;
use bevy_ecs_tilemap::prelude::*;

use super::logic::Journey;
use super::play::CurrentMap;
use crate::AppSystems;
use crate::export::MapExport;
use crate::hex::layout;
use crate::render::HEX_SIZE;
use crate::render::camera::{MainCamera, fit_scale, scale_of};
use crate::render::textures::{Textures, draw, hex_texture_size};
use crate::render::tiles::{grid_size, tilemap_axial};

/// Written each time a cycle's map has been (re)built: `--screenshot` waits for quiet after it.
#[derive(Message, Debug, Clone, Copy)]
pub struct MapDrawn;

/// Parent of everything drawn on the map view.
#[derive(Component)]
pub(super) struct MapRoot;

/// The current cycle's tiles and marks; despawned and rebuilt with the next cycle.
#[derive(Component)]
struct CycleLayer;

#[derive(Component)]
struct TokenMark;

/// A bright ring around the token's cell: hollow, so the cell's own colour stays visible.
const TOKEN_COLOUR: Color = Color::srgb(1.0, 0.18, 0.55);
const TOKEN_Z: f32 = 10.0;
/// World units per pixel beyond which the token is drawn larger than its cell's ring.
const TOKEN_GROWS_BEYOND: f32 = 3.0;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MapDrawn>()
        .add_systems(Startup, spawn_root)
        .add_systems(PostStartup, frame_map)
        .add_systems(
            Update,
            (rebuild.run_if(resource_changed::<CurrentMap>), place_token)
                .chain()
                .in_set(AppSystems::Render),
        );
}

fn ring_image() -> Image {
    let side = (2.6 * HEX_SIZE) as u32;
    let outer = side as f32 / 2.0 - 1.0;
    draw(UVec2::splat(side), |p| {
        let d = outer - p.length();
        let width = 0.22 * outer;
        // A dark edge on both sides so the ring reads on light and dark biomes alike.
        (0.0..=width)
            .contains(&d)
            .then_some(if d < 2.0 || d > width - 2.0 { 0.1 } else { 1.0 })
    })
}

fn spawn_root(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let ring = images.add(ring_image());
    commands.spawn((
        Name::new("Storm map"),
        MapRoot,
        Transform::default(),
        Visibility::default(),
        children![(
            Name::new("Token"),
            TokenMark,
            Sprite {
                image: ring,
                color: TOKEN_COLOUR,
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, TOKEN_Z),
        )],
    ));
}

/// The whole map in view, the capital in the middle.
fn frame_map(
    map: Res<CurrentMap>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    let (mut transform, mut projection) = camera.into_inner();
    transform.translation = Vec3::ZERO.with_z(transform.translation.z);
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scale = fit_scale(window.size(), map.0.rules.radius);
    }
}

fn rebuild(
    mut commands: Commands,
    map: Res<CurrentMap>,
    journey: Res<Journey>,
    textures: Res<Textures>,
    root: Single<Entity, With<MapRoot>>,
    old: Query<Entity, With<CycleLayer>>,
    mut drawn: MessageWriter<MapDrawn>,
) {
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
    spawn_tiles(&mut commands, layer, map, &textures);
    super::marks::spawn(&mut commands, layer, map, &journey, &textures);
    drawn.write(MapDrawn);
}

fn spawn_tiles(
    commands: &mut Commands,
    layer: Entity,
    map: &crate::storm::StormMap,
    textures: &Textures,
) {
    // Tilemap positions are unsigned: shift axial (q, r) by the radius.
    let r = map.rules.radius as i32;
    let side = 2 * r as u32 + 1;
    let size = TilemapSize { x: side, y: side };
    let tilemap = commands
        .spawn((Name::new("Storm tiles"), ChildOf(layer)))
        .id();
    let mut storage = TileStorage::empty(size);
    for tile in map.tiles() {
        let a = tilemap_axial(tile.hex) + IVec2::splat(r);
        let position = TilePos::new(a.x as u32, a.y as u32);
        let [red, green, blue] = tile.colour;
        let entity = commands
            .spawn((
                TileBundle {
                    position,
                    tilemap_id: TilemapId(tilemap),
                    // The texture is white, so the tint is exactly the biome's colour.
                    color: TileColor(Color::srgb_u8(red, green, blue)),
                    ..default()
                },
                ChildOf(tilemap),
            ))
            .id();
        storage.set(&position, entity);
    }
    // With `TilemapAnchor::None` the transform is the centre of tile (0, 0), axial (-r, -r).
    let origin = AxialPos::new(-r, -r).center_in_world_col(&grid_size());
    commands.entity(tilemap).insert(TilemapBundle {
        grid_size: grid_size(),
        map_type: TilemapType::Hexagon(HexCoordSystem::Column),
        size,
        storage,
        texture: TilemapTexture::Single(textures.hex.clone()),
        tile_size: hex_texture_size().as_vec2().into(),
        transform: Transform::from_translation(origin.extend(0.0)),
        anchor: TilemapAnchor::None,
        ..default()
    });
}

/// On the token's cell; grown when zoomed far out so it stays easy to find.
fn place_token(
    journey: Res<Journey>,
    mut token: Single<&mut Transform, (With<TokenMark>, Without<MainCamera>)>,
    camera: Single<&Projection, With<MainCamera>>,
) {
    let at = layout(HEX_SIZE).hex_to_world_pos(journey.cell);
    token.translation = at.extend(TOKEN_Z);
    token.scale = Vec3::splat((scale_of(&camera) / TOKEN_GROWS_BEYOND).max(1.0));
}
