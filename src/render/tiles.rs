//! Biome tiles on chunked tilemaps: the world is infinite but `TilePos` is unsigned, so each
//! `CHUNK`x`CHUNK` block of hexes gets its own tilemap entity, made when its first hex is generated.
//!
//! Coordinates: bevy_ecs_tilemap's `HexCoordSystem::Column` is flat-topped axial (q, r) with its
//! r running *up* the screen: centre = (0.75 q gx, (r + q/2) gy). hexx's flat layout with y
//! inverted (`crate::hex::layout`) puts (q, r) at (1.5 q s, -(r + q/2) √3 s). So with grid size
//! (2s, √3 s) the tilemap's (q, r) of hexx `Hex(q, r)` is (q, -q - r): North, hexx (0, -1), is
//! tilemap (0, +1), straight up.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_ecs_tilemap::helpers::hex_grid::axial::AxialPos;
use bevy_ecs_tilemap::prelude::*;
use hexx::Hex;

use bevy::ecs::system::SystemParam;

use super::HEX_SIZE;
use super::art::{Look, TileArt};
use super::textures::{Textures, hex_texture_size};
use crate::AppSystems;
use crate::rules::reload::{RulesRejected, RulesReloaded};
use crate::rules::{BiomeId, Rules};
use crate::world::plugin::{Biome, HexGenerated, HexPos, WorldRules};

/// Hexes per chunk side, in tilemap axial coordinates.
const CHUNK: i32 = 32;

/// Chunk coordinates -> its tilemap entity.
#[derive(Resource, Default)]
pub(crate) struct Chunks(HashMap<IVec2, Entity>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Chunks>()
        .add_message::<RulesReloaded>()
        .add_message::<RulesRejected>()
        .add_systems(
            Startup,
            (super::art::ask_for_tiles, super::art::ask_for_sprites),
        )
        .add_systems(
            Update,
            (
                super::art::take_tiles,
                super::art::take_sprites,
                draw_new_hexes,
                retint,
            )
                .chain()
                .in_set(AppSystems::Render),
        );
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
fn chunk_of(hex: Hex) -> (IVec2, TilePos) {
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

/// One hex tile of the tilemap `map`, drawn as `look` says (a layer of the map's texture and a
/// tint: the white hex tinted is exactly the tint). The one way both map views make tiles.
pub(crate) fn tile(map: Entity, position: TilePos, look: Look) -> impl Bundle {
    (
        TileBundle {
            position,
            tilemap_id: TilemapId(map),
            color: TileColor(look.colour),
            texture_index: TileTextureIndex(look.index),
            ..default()
        },
        ChildOf(map),
    )
}

/// A hex tilemap of `size` tiles whose tile (0, 0) is the hex at tilemap axial `origin` (see
/// [`tilemap_axial`]), drawn from `texture` (every layer the hex's size): the one way both map
/// views make maps.
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

pub(super) fn biome_colour(rules: &Rules, biome: BiomeId) -> Color {
    let [r, g, b] = rules.biomes[biome.0 as usize].colour;
    Color::srgb_u8(r, g, b)
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

/// Draws each hex generated as a tile of its biome, making its chunk's tilemap when it is the
/// chunk's first. Reads [`HexGenerated`], the hexes' biomes, the rules, the textures and the
/// tiles' art; writes the tiles, the tilemaps and [`Chunks`].
#[allow(clippy::too_many_arguments)]
fn draw_new_hexes(
    mut commands: Commands,
    mut generated: MessageReader<HexGenerated>,
    biomes: Query<&Biome>,
    rules: WorldRules,
    textures: Res<Textures>,
    art: Option<Res<TileArt>>,
    mut chunks: ResMut<Chunks>,
    mut storages: Query<&mut TileStorage>,
) {
    // Tilemaps made this frame do not exist until the commands run: fill their storage here.
    let mut fresh: HashMap<IVec2, TileStorage> = HashMap::default();
    let size = TilemapSize {
        x: CHUNK as u32,
        y: CHUNK as u32,
    };
    let art = art.as_deref();
    for g in generated.read() {
        let Ok(biome) = biomes.get(g.entity) else {
            continue;
        };
        let (chunk, position) = chunk_of(g.hex);
        let map = *chunks.0.entry(chunk).or_insert_with(|| {
            fresh.insert(chunk, TileStorage::empty(size));
            commands
                .spawn(Name::new(format!("Tile chunk {chunk}")))
                .id()
        });
        let look = look_of(art, &rules, biome.0, g.hex);
        let tile = commands.spawn(tile(map, position, look)).id();
        if let Some(storage) = fresh.get_mut(&chunk) {
            storage.set(&position, tile);
        } else if let Ok(mut storage) = storages.get_mut(map) {
            storage.set(&position, tile);
        }
    }
    for (chunk, storage) in fresh {
        commands.entity(chunks.0[&chunk]).insert(hex_tilemap(
            chunk * CHUNK,
            size,
            storage,
            texture_of(art, &textures),
        ));
    }
}

/// Every drawn tile, to restyle.
#[derive(SystemParam)]
pub(crate) struct TileLooks<'w, 's> {
    hexes: Query<'w, 's, (&'static HexPos, &'static Biome)>,
    chunks: Res<'w, Chunks>,
    storages: Query<'w, 's, &'static TileStorage>,
    looks: Query<'w, 's, (&'static mut TileColor, &'static mut TileTextureIndex)>,
}

impl TileLooks<'_, '_> {
    /// Gives every drawn tile its look under `art` and `rules`.
    pub(crate) fn restyle(&mut self, art: Option<&TileArt>, rules: &Rules) {
        for (hex, biome) in &self.hexes {
            let (chunk, position) = chunk_of(hex.0);
            let tile = (self.chunks.0.get(&chunk))
                .and_then(|&map| self.storages.get(map).ok())
                .and_then(|storage| storage.get(&position));
            let Some((mut colour, mut index)) = tile.and_then(|t| self.looks.get_mut(t).ok())
            else {
                continue;
            };
            let look = look_of(art, rules, biome.0, hex.0);
            if colour.0 != look.colour {
                colour.0 = look.colour;
            }
            index.set_if_neq(TileTextureIndex(look.index));
        }
    }
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
    use crate::hex::{Direction, layout, view_order};

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
        let forest = rules.biome("Forest").unwrap();
        let hex = Hex::new(-40, 7);
        let (chunk, position) = chunk_of(hex);
        let tile = (app.world_mut())
            .spawn((TileColor(Color::WHITE), TileTextureIndex(0)))
            .id();
        let mut storage = TileStorage::empty(TilemapSize { x: 32, y: 32 });
        storage.set(&position, tile);
        let map = app.world_mut().spawn(storage).id();
        app.world_mut().spawn((HexPos(hex), Biome(forest)));
        rules.biomes[forest.0 as usize].colour = [1, 2, 3];
        app.insert_resource(crate::world::HexWorld::new(rules, 7))
            .insert_resource(Chunks([(chunk, map)].into_iter().collect()))
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
