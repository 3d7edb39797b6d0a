//! The biome tiles' art: each biome's image `art/tiles/aeternus/<biome>.png` (and its variants
//! `-2`, `-3`, one chosen per hex) through the asset server, from a mod, `assets/` or the
//! embedded defaults. A tile is checked before it is drawn: its header before decoding (the art
//! loader) and its size against the hex's (bevy_ecs_tilemap draws every tile of a map from one
//! texture array, which cannot mix sizes). A biome with no good image is drawn as today, the
//! white hex tinted in its colour, with a warning naming the missing file; an image saved while
//! the game runs is swapped in place, or refused with its error in the banner.

use bevy::asset::AssetLoadFailedEvent;
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use hexx::Hex;

use super::textures::{Textures, hex_texture_size};
use crate::mods::Sources;
use crate::mods::art::ArtImage;
use crate::rules::reload::RulesRejected;
use crate::rules::{BiomeId, Rules, RulesError};

/// The asset path of a biome's tile (variant `v`, from 0): where the art program paints it
/// (`crate::art`), under the game's `art/` folder.
pub fn tile_path(biome: &str, v: u32) -> String {
    format!("art/{}", crate::art::tile_path("aeternus", biome, v))
}

/// How one tile is drawn: its layer in the map's texture and its tint.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    pub index: u32,
    pub colour: Color,
}

impl Look {
    /// The white hex (layer 0) in `colour`.
    pub fn tinted(colour: Color) -> Self {
        Self { index: 0, colour }
    }
}

/// One tile image: the file as loaded, and the image the maps draw once it passed its checks.
#[derive(Debug)]
struct Slot {
    art: Handle<ArtImage>,
    image: Handle<Image>,
    biome: BiomeId,
    ready: bool,
}

/// The tiles' art: layer 0 of every map's texture is the white hex, layer `i + 1` slot `i`'s
/// image once it is ready (the white hex until then, so no layer ever differs in size).
#[derive(Resource, Debug)]
pub struct TileArt {
    white: Handle<Image>,
    slots: Vec<Slot>,
}

impl TileArt {
    /// The maps' texture: every layer the same size.
    pub fn texture(&self) -> TilemapTexture {
        let layers = std::iter::once(self.white.clone()).chain((self.slots.iter()).map(|s| {
            if s.ready {
                s.image.clone()
            } else {
                self.white.clone()
            }
        }));
        TilemapTexture::Vector(layers.collect())
    }

    /// How the hex `hex` of `biome` is drawn: one of the biome's ready images, by the hex, else
    /// the white hex in the biome's colour.
    pub fn look(&self, rules: &Rules, biome: BiomeId, hex: Hex) -> Look {
        // Read in place, with no list built: this runs for every hex drawn.
        let ready = || {
            (self.slots.iter().enumerate())
                .filter(move |(_, s)| s.ready && s.biome == biome)
                .map(|(i, _)| i as u32 + 1)
        };
        let n = ready().count();
        if n == 0 {
            return Look::tinted(super::tiles::biome_colour(rules, biome));
        }
        // A fixed mix of the hex, so a hex keeps its variant from run to run.
        let h = (hex.x as i64 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (hex.y as i64 as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        let pick = ready()
            .nth(((h >> 32) % n as u64) as usize)
            .expect("n ready slots");
        Look {
            index: pick,
            colour: Color::WHITE,
        }
    }
}

/// Asks for every biome's tiles the game's sources hold; warns of each biome that has none.
/// Reads the rules, the sources and the textures; writes [`TileArt`].
pub(super) fn ask_for_tiles(
    mut commands: Commands,
    server: Res<AssetServer>,
    sources: Option<Res<Sources>>,
    rules: crate::world::plugin::WorldRules,
    textures: Res<Textures>,
    images: Res<Assets<Image>>,
) {
    let mut slots = Vec::new();
    for (i, biome) in rules.biomes.iter().enumerate() {
        let held: Vec<String> = (0..crate::art::tiles::VARIANTS)
            .map(|v| tile_path(&biome.name, v))
            .filter(|p| sources.as_ref().is_some_and(|s| s.holds(p)))
            .collect();
        if held.is_empty() {
            let path = tile_path(&biome.name, 0);
            warn!(
                "{path}: no tile image for the biome {}: drawn in its colour",
                biome.name
            );
        }
        slots.extend(held.into_iter().map(|p| Slot {
            art: server.load(p),
            image: images.reserve_handle(),
            biome: BiomeId(i as u8),
            ready: false,
        }));
    }
    commands.insert_resource(TileArt {
        white: textures.hex.clone(),
        slots,
    });
}

/// Takes each tile image as it loads or is saved again: one of the hex's size goes in place (the
/// maps and their tiles are restyled), another is refused with its error in the banner and the
/// biome keeps its colour. Reads the art's asset events and failed loads; writes the images,
/// [`TileArt`], [`RulesRejected`], and the maps' textures and tiles' looks through
/// [`restyle`].
#[allow(clippy::too_many_arguments)]
pub(super) fn take_tiles(
    (mut events, mut failed): (
        MessageReader<AssetEvent<ArtImage>>,
        MessageReader<AssetLoadFailedEvent<ArtImage>>,
    ),
    arts: Res<Assets<ArtImage>>,
    mut images: ResMut<Assets<Image>>,
    art: Option<ResMut<TileArt>>,
    mut rejected: MessageWriter<RulesRejected>,
    rules: crate::world::plugin::WorldRules,
    mut maps: Query<&mut TilemapTexture>,
    mut tiles: super::tiles::TileLooks,
) {
    let Some(mut art) = art else { return };
    let mut changed = false;
    let want = hex_texture_size();
    for e in events.read() {
        let (AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id }) = *e else {
            continue;
        };
        let Some(slot) = art.slots.iter_mut().find(|s| s.art.id() == id) else {
            continue;
        };
        let Some(loaded) = arts.get(id) else { continue };
        let size = loaded.image.size();
        if size != want {
            let m = format!(
                "is {}×{} pixels; a tile is {}×{} (the hex's size): the biome keeps its colour",
                size.x, size.y, want.x, want.y
            );
            rejected.write(RulesRejected {
                error: RulesError::new(&loaded.source, None, m),
            });
            changed |= slot.ready;
            slot.ready = false;
            continue;
        }
        let _ = images.insert(slot.image.id(), loaded.image.clone());
        changed |= !slot.ready;
        slot.ready = true;
    }
    for f in failed.read() {
        let Some(slot) = art.slots.iter_mut().find(|s| s.art.id() == f.id) else {
            continue;
        };
        let error = crate::mods::rules_error(&f.path.to_string(), &f.error);
        warn!("{error}");
        rejected.write(RulesRejected { error });
        changed |= slot.ready;
        slot.ready = false;
    }
    if changed {
        let texture = art.texture();
        for mut t in &mut maps {
            *t = texture.clone();
        }
        tiles.restyle(Some(&art), &rules);
    }
}

/// The map's sprites by name (`art/sprites/<name>.png`): each drawn from its image once it has
/// loaded, else as its shape (with a warning naming the missing file).
pub const SPRITES: [&str; 15] = [
    "flag",
    "pylon",
    "station",
    "boardwalk",
    "town",
    "corrupted",
    "site",
    "token",
    "token-2",
    "token-3",
    "token-4",
    "token-5",
    "token-6",
    "token-7",
    "token-8",
];

/// The sprites' art: each name's file as loaded and, once decoded, its image.
#[derive(Resource, Debug, Default)]
pub struct SpriteArt {
    wanted: Vec<(&'static str, Handle<ArtImage>)>,
    ready: Vec<(&'static str, Handle<Image>)>,
}

impl SpriteArt {
    /// `name`'s image, if it has loaded.
    pub fn image(&self, name: &str) -> Option<&Handle<Image>> {
        self.ready.iter().find(|(n, _)| *n == name).map(|(_, h)| h)
    }

    /// `name` drawn at `size` in `colour`: its image when there is one (a white or grey image
    /// takes the tint; a coloured one is drawn as painted), else `shape`.
    pub fn sprite(&self, name: &str, shape: Sprite, size: Vec2, colour: Color) -> Sprite {
        match self.image(name) {
            Some(image) => Sprite {
                image: image.clone(),
                color: colour,
                custom_size: Some(size),
                ..default()
            },
            None => shape,
        }
    }
}

/// Asks for the map's sprites the game's sources hold; warns of each one missing. Reads the
/// sources; writes [`SpriteArt`].
pub(super) fn ask_for_sprites(
    mut commands: Commands,
    server: Res<AssetServer>,
    sources: Option<Res<Sources>>,
) {
    let mut wanted = Vec::new();
    for name in SPRITES {
        let path = format!("art/sprites/{name}.png");
        if sources.as_ref().is_some_and(|s| s.holds(&path)) {
            wanted.push((name, server.load(path)));
        } else {
            warn!("{path}: no sprite image: the {name} is drawn as its shape");
        }
    }
    commands.insert_resource(SpriteArt {
        wanted,
        ready: Vec::new(),
    });
}

/// Takes each sprite as it loads or is saved again, in place; a failed load is said in the
/// banner and the sprite keeps its shape. Reads the art's asset events and failed loads; writes
/// the images, [`SpriteArt`] (the marks redraw when it changes) and [`RulesRejected`].
pub(crate) fn take_sprites(
    (mut events, mut failed): (
        MessageReader<AssetEvent<ArtImage>>,
        MessageReader<AssetLoadFailedEvent<ArtImage>>,
    ),
    arts: Res<Assets<ArtImage>>,
    mut images: ResMut<Assets<Image>>,
    art: Option<ResMut<SpriteArt>>,
    mut rejected: MessageWriter<RulesRejected>,
) {
    let Some(mut art) = art else { return };
    for e in events.read() {
        let (AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id }) = *e else {
            continue;
        };
        let Some(&(name, _)) = art.wanted.iter().find(|(_, h)| h.id() == id) else {
            continue;
        };
        let Some(loaded) = arts.get(id) else { continue };
        let image = images.add(loaded.image.clone());
        art.ready.retain(|(n, _)| *n != name);
        art.ready.push((name, image));
    }
    for f in failed.read() {
        let Some(&(name, _)) = art.wanted.iter().find(|(_, h)| h.id() == f.id) else {
            continue;
        };
        let error = crate::mods::rules_error(&f.path.to_string(), &f.error);
        warn!("{error}");
        rejected.write(RulesRejected { error });
        art.ready.retain(|(n, _)| *n != name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mods::{Mod, Sources};

    fn png(size: UVec2) -> Vec<u8> {
        let img = image::RgbaImage::from_pixel(size.x, size.y, image::Rgba([9, 9, 9, 255]));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn names_become_file_names() {
        assert_eq!(crate::art::kebab("Deceased Dunes"), "deceased-dunes");
        assert_eq!(crate::art::kebab("Ash  Flats!"), "ash-flats");
        assert_eq!(
            tile_path("Perilous Pass", 1),
            "art/tiles/aeternus/perilous-pass-2.png"
        );
    }

    /// A mod's tile of the hex's size is drawn; one of another size is refused by name and its
    /// biome keeps its colour; a biome with no image anywhere keeps its colour too.
    #[test]
    fn tiles_of_the_wrong_size_are_refused_and_the_rest_drawn() {
        let dir = std::env::temp_dir().join(format!("aeternus-tile-art-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let tiles = dir.join("art/tiles/aeternus");
        std::fs::create_dir_all(&tiles).unwrap();
        std::fs::write(tiles.join("forest.png"), png(hex_texture_size())).unwrap();
        std::fs::write(tiles.join("meadow.png"), png(UVec2::new(30, 30))).unwrap();
        let mut rules = Rules::aeternus();
        let glass = rules.biome("Swamp").unwrap();
        rules.biomes[glass.0 as usize].name = "Glass Waste".into();
        let the_mod = Mod {
            folder: dir.clone(),
            name: "t".into(),
            version: "1.0".into(),
            game: "0.1".into(),
        };
        let sources = Sources {
            mods: vec![the_mod],
            base: None,
            rule_folder: None,
        };
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        sources.headless(&mut app, false);
        app.init_asset::<Image>();
        (crate::core_plugins(rules.clone(), 1))(&mut app);
        app.add_plugins(crate::render::textures::plugin)
            .init_resource::<super::super::tiles::Chunks>()
            .add_message::<RulesRejected>()
            .add_systems(Startup, ask_for_tiles)
            .add_systems(Update, take_tiles);
        let mut rejected = Vec::new();
        for _ in 0..2500 {
            app.update();
            let world = app.world_mut();
            rejected.extend(world.resource_mut::<Messages<RulesRejected>>().drain());
            let art = world.resource::<TileArt>();
            // Settled: every tile but the one refused is in.
            let ready = art.slots.iter().filter(|s| s.ready).count();
            if !rejected.is_empty() && ready + 1 == art.slots.len() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let art = app.world().resource::<TileArt>();
        let (forest, meadow) = (
            rules.biome("Forest").unwrap(),
            rules.biome("Meadow").unwrap(),
        );
        let at = Hex::new(3, -1);
        assert_eq!(art.look(&rules, forest, at).colour, Color::WHITE);
        assert!(art.look(&rules, forest, at).index > 0);
        let tinted = |b| Look::tinted(super::super::tiles::biome_colour(&rules, b));
        // The mod's meadow.png (layer 1) is refused; its variants, from below, still serve.
        assert_eq!(meadow, BiomeId(0));
        for hex in crate::hex::view_order(Hex::ZERO, 3) {
            let look = art.look(&rules, meadow, hex);
            assert!([2, 3].contains(&look.index), "{hex:?}: {look:?}");
        }
        assert_eq!(
            art.look(&rules, glass, at),
            tinted(glass),
            "no image: the colour"
        );
        let words: Vec<String> = rejected.iter().map(|r| r.error.to_string()).collect();
        assert!(
            words
                .iter()
                .any(|w| w.contains("meadow.png") && w.contains("30×30")),
            "{words:?}"
        );
        // Every layer of the maps' texture is the hex's size: the bad one never goes in.
        let TilemapTexture::Vector(layers) = art.texture() else {
            panic!("a texture array")
        };
        let images = app.world().resource::<Assets<Image>>();
        for l in layers {
            assert_eq!(images.get(&l).unwrap().size(), hex_texture_size());
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
