//! The map's art: each biome's tile `art/tiles/<world>/<biome>.png` (and its variants `-2`,
//! `-3`, one chosen per hex) and the sprites `art/sprites/<name>.png`, through the asset server,
//! from a mod, `assets/` or the embedded defaults. Both map windows use it: the Aeternus world
//! (`aeternus`) and the storm map (`storm`). A tile is checked before it is drawn: its header
//! before decoding (the art loader) and its size against the hex's (bevy_ecs_tilemap draws every
//! tile of a map from one texture array, which cannot mix sizes). A biome with no good image is
//! drawn as today, the white hex tinted in its colour, with a warning naming the missing file; an
//! image saved while the game runs is swapped in place, or refused with its error in the banner.
//! What draws from the art (the tiles, the marks, the tokens) runs after [`TakeArt`], and
//! restyles when [`TileArt`] or [`SpriteArt`] changed.

use bevy::asset::AssetLoadFailedEvent;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use hexx::Hex;

use super::textures::{Textures, hex_texture_size};
use crate::ViewSystems;
use crate::render::art_loader::ArtImage;
use aeternus_core::mods::Sources;
use aeternus_core::mods::reload::RulesRejected;
use aeternus_core::rules::{BiomeId, Rules, RulesError};

/// The Aeternus map's art taken as it loads; what draws from it runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TakeArt;

/// Asks for the Aeternus map's tiles and sprites, and takes each as it loads.
pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_message::<RulesRejected>()
        .add_systems(Startup, (ask_for_tiles, ask_for_sprites))
        .add_systems(
            Update,
            (take_tiles, take_sprites)
                .chain()
                .in_set(TakeArt)
                .in_set(ViewSystems::Render),
        );
}

/// The asset path of a biome's tile in `world`'s folder (variant `v`, from 0): where the art
/// program paints it (`aeternus-art`), under the game's `art/` folder.
pub fn tile_path(world: &str, biome: &str, v: u32) -> String {
    format!(
        "art/{}",
        aeternus_core::mods::art_files::tile_path(world, biome, v)
    )
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

/// An Aeternus biome's colour in the rules: its tiles' tint where it has no image.
pub(super) fn biome_colour(rules: &Rules, biome: BiomeId) -> Color {
    let [r, g, b] = rules.biomes[biome.0 as usize].colour;
    Color::srgb_u8(r, g, b)
}

/// One tile image: the file as loaded, and the image the maps draw once it passed its checks.
#[derive(Debug)]
struct Slot {
    art: Handle<ArtImage>,
    image: Handle<Image>,
    /// The biome's index in its ruleset.
    biome: u8,
    ready: bool,
}

/// The tiles' art: layer 0 of every map's texture is the white hex, layer `i + 1` slot `i`'s
/// image once it is ready (the white hex until then, so no layer ever differs in size).
#[derive(Resource, Debug)]
pub struct TileArt {
    white: Handle<Image>,
    slots: Vec<Slot>,
    /// Each biome's ready layers, in slot order: read for every hex drawn.
    ready: Vec<Vec<u32>>,
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

    /// How the hex `hex` of the Aeternus `biome` is drawn: one of the biome's ready images, by
    /// the hex, else the white hex in the biome's colour.
    pub fn look(&self, rules: &Rules, biome: BiomeId, hex: Hex) -> Look {
        self.look_or(biome.0, hex, || biome_colour(rules, biome))
    }

    /// How the hex `hex` of the biome with index `biome` is drawn: one of its ready images, by
    /// the hex, else the white hex in `colour`.
    pub fn look_or(&self, biome: u8, hex: Hex, colour: impl FnOnce() -> Color) -> Look {
        let ready = self
            .ready
            .get(biome as usize)
            .map_or(&[][..], Vec::as_slice);
        if ready.is_empty() {
            return Look::tinted(colour());
        }
        // A fixed mix of the hex, so a hex keeps its variant from run to run.
        let h = (hex.x as i64 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (hex.y as i64 as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        Look {
            index: ready[((h >> 32) % ready.len() as u64) as usize],
            colour: Color::WHITE,
        }
    }

    /// Asks for the tiles the game's sources hold of each biome named, in `world`'s folder;
    /// warns of each biome that has none.
    pub fn ask<'a>(
        world: &str,
        biomes: impl IntoIterator<Item = &'a str>,
        server: &AssetServer,
        sources: Option<&Sources>,
        white: Handle<Image>,
        images: &Assets<Image>,
    ) -> Self {
        let mut slots = Vec::new();
        for (i, name) in biomes.into_iter().enumerate() {
            let held: Vec<String> = (0..aeternus_core::mods::art_files::TILE_VARIANTS)
                .map(|v| tile_path(world, name, v))
                .filter(|p| sources.is_some_and(|s| s.holds(p)))
                .collect();
            if held.is_empty() {
                let path = tile_path(world, name, 0);
                warn!("{path}: no tile image for the biome {name}: drawn in its colour");
            }
            slots.extend(held.into_iter().map(|p| Slot {
                art: server.load(p),
                image: images.reserve_handle(),
                biome: i as u8,
                ready: false,
            }));
        }
        Self {
            white,
            slots,
            ready: Vec::new(),
        }
    }

    /// Takes each tile image as it loads or is saved again: one of the hex's size goes in place,
    /// another is refused with its error in the banner and its biome keeps its colour. True when
    /// the maps' texture changed (their tiles' looks with it).
    pub fn take(
        &mut self,
        events: &[AssetEvent<ArtImage>],
        failed: &[&AssetLoadFailedEvent<ArtImage>],
        arts: &Assets<ArtImage>,
        images: &mut Assets<Image>,
        rejected: &mut MessageWriter<RulesRejected>,
    ) -> bool {
        let mut changed = false;
        let want = hex_texture_size();
        for id in loaded(events) {
            let Some(slot) = self.slots.iter_mut().find(|s| s.art.id() == id) else {
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
        for f in failed {
            let Some(slot) = self.slots.iter_mut().find(|s| s.art.id() == f.id) else {
                continue;
            };
            refuse(f, rejected);
            changed |= slot.ready;
            slot.ready = false;
        }
        if changed {
            self.ready.clear();
            for (i, slot) in self.slots.iter().enumerate().filter(|(_, s)| s.ready) {
                let b = slot.biome as usize;
                if self.ready.len() <= b {
                    self.ready.resize(b + 1, Vec::new());
                }
                self.ready[b].push(i as u32 + 1);
            }
        }
        changed
    }
}

/// The images loaded, or saved again, among `events`.
fn loaded(events: &[AssetEvent<ArtImage>]) -> impl Iterator<Item = AssetId<ArtImage>> + '_ {
    events.iter().filter_map(|e| match *e {
        AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id } => Some(id),
        _ => None,
    })
}

/// Says a failed image in the log and the banner.
fn refuse(f: &AssetLoadFailedEvent<ArtImage>, rejected: &mut MessageWriter<RulesRejected>) {
    let error = aeternus_core::mods::rules_error(&f.path.to_string(), &f.error);
    warn!("{error}");
    rejected.write(RulesRejected { error });
}

/// This frame's art events and failed loads, to hand to more than one taker.
pub(crate) fn read_art<'a>(
    events: &mut MessageReader<AssetEvent<ArtImage>>,
    failed: &'a mut MessageReader<AssetLoadFailedEvent<ArtImage>>,
) -> (
    Vec<AssetEvent<ArtImage>>,
    Vec<&'a AssetLoadFailedEvent<ArtImage>>,
) {
    (events.read().copied().collect(), failed.read().collect())
}

/// Asks for every Aeternus biome's tiles the game's sources hold. Reads the rules, the sources
/// and the textures; writes [`TileArt`].
fn ask_for_tiles(
    mut commands: Commands,
    server: Res<AssetServer>,
    sources: Option<Res<Sources>>,
    rules: aeternus_core::world::plugin::WorldRules,
    textures: Res<Textures>,
    images: Res<Assets<Image>>,
) {
    let names = rules.biomes.iter().map(|b| b.name.as_str());
    let white = textures.hex.clone();
    let art = TileArt::ask(
        "aeternus",
        names,
        &server,
        sources.as_deref(),
        white,
        &images,
    );
    commands.insert_resource(art);
}

/// This frame's loads of art images: their asset events and failed loads, the files as loaded,
/// the images the maps draw, and the banner's word for an image refused.
#[derive(SystemParam)]
pub(crate) struct ArtLoads<'w, 's> {
    events: MessageReader<'w, 's, AssetEvent<ArtImage>>,
    failed: MessageReader<'w, 's, AssetLoadFailedEvent<ArtImage>>,
    arts: Res<'w, Assets<ArtImage>>,
    images: ResMut<'w, Assets<Image>>,
    rejected: MessageWriter<'w, RulesRejected>,
}

/// Takes each Aeternus tile image as it loads or is saved again ([`TileArt::take`]); the art is
/// marked changed only when the maps' texture did (the tiles restyle on that change). Reads the
/// art's asset events and failed loads; writes the images, [`TileArt`] and [`RulesRejected`].
fn take_tiles(loads: ArtLoads, art: Option<ResMut<TileArt>>) {
    let ArtLoads {
        mut events,
        mut failed,
        arts,
        mut images,
        mut rejected,
    } = loads;
    let Some(mut art) = art else { return };
    let (events, failed) = read_art(&mut events, &mut failed);
    let taken =
        (art.bypass_change_detection()).take(&events, &failed, &arts, &mut images, &mut rejected);
    if taken {
        art.set_changed();
    }
}

/// The Aeternus map's sprites by name (`art/sprites/<name>.png`): each drawn from its image once
/// it has loaded, else as its shape (with a warning naming the missing file).
pub const SPRITES: [&str; 16] = [
    "flag",
    "pylon",
    "protected",
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
    wanted: Vec<(String, Handle<ArtImage>)>,
    ready: Vec<(String, Handle<Image>)>,
}

impl SpriteArt {
    /// `name`'s image, if it has loaded.
    pub fn image(&self, name: &str) -> Option<&Handle<Image>> {
        self.ready.iter().find(|(n, _)| n == name).map(|(_, h)| h)
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

    /// Asks for the sprites named (`art/sprites/<name>.png`) the game's sources hold; warns of
    /// each one missing.
    pub fn ask(
        names: impl IntoIterator<Item = String>,
        server: &AssetServer,
        sources: Option<&Sources>,
    ) -> Self {
        let mut wanted = Vec::new();
        for name in names {
            let path = format!("art/sprites/{name}.png");
            if sources.is_some_and(|s| s.holds(&path)) {
                wanted.push((name, server.load(path)));
            } else {
                warn!("{path}: no sprite image: the {name} is drawn as its shape");
            }
        }
        Self {
            wanted,
            ready: Vec::new(),
        }
    }

    /// Takes each sprite as it loads or is saved again, in place; a failed load is said in the
    /// banner and the sprite keeps its shape. True when a sprite changed.
    pub fn take(
        &mut self,
        events: &[AssetEvent<ArtImage>],
        failed: &[&AssetLoadFailedEvent<ArtImage>],
        arts: &Assets<ArtImage>,
        images: &mut Assets<Image>,
        rejected: &mut MessageWriter<RulesRejected>,
    ) -> bool {
        let mut changed = false;
        for id in loaded(events) {
            let Some((name, _)) = self.wanted.iter().find(|(_, h)| h.id() == id) else {
                continue;
            };
            let Some(loaded) = arts.get(id) else { continue };
            let name = name.clone();
            let image = images.add(loaded.image.clone());
            self.ready.retain(|(n, _)| *n != name);
            self.ready.push((name, image));
            changed = true;
        }
        for f in failed {
            let Some((name, _)) = self.wanted.iter().find(|(_, h)| h.id() == f.id) else {
                continue;
            };
            refuse(f, rejected);
            let name = name.clone();
            self.ready.retain(|(n, _)| *n != name);
            changed = true;
        }
        changed
    }
}

/// Asks for the Aeternus map's sprites ([`SPRITES`]). Reads the sources; writes [`SpriteArt`].
fn ask_for_sprites(
    mut commands: Commands,
    server: Res<AssetServer>,
    sources: Option<Res<Sources>>,
) {
    let names = SPRITES.map(String::from);
    commands.insert_resource(SpriteArt::ask(names, &server, sources.as_deref()));
}

/// Takes each sprite as it loads or is saved again ([`SpriteArt::take`]); the marks redraw when
/// it changes. Reads the art's asset events and failed loads; writes the images, [`SpriteArt`]
/// and [`RulesRejected`].
fn take_sprites(loads: ArtLoads, art: Option<ResMut<SpriteArt>>) {
    let ArtLoads {
        mut events,
        mut failed,
        arts,
        mut images,
        mut rejected,
    } = loads;
    let Some(mut art) = art else { return };
    // Changed only when a sprite did: the marks redraw on change.
    let (events, failed) = read_art(&mut events, &mut failed);
    let taken =
        (art.bypass_change_detection()).take(&events, &failed, &arts, &mut images, &mut rejected);
    if taken {
        art.set_changed();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aeternus_core::mods::{Mod, Sources};

    fn png(size: UVec2) -> Vec<u8> {
        let img = image::RgbaImage::from_pixel(size.x, size.y, image::Rgba([9, 9, 9, 255]));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn names_become_file_names() {
        assert_eq!(
            aeternus_core::mods::art_files::kebab("Deceased Dunes"),
            "deceased-dunes"
        );
        assert_eq!(
            aeternus_core::mods::art_files::kebab("Ash  Flats!"),
            "ash-flats"
        );
        assert_eq!(
            tile_path("aeternus", "Perilous Pass", 1),
            "art/tiles/aeternus/perilous-pass-2.png"
        );
    }

    /// A headless game over a mod in `dir` (its files by path under it), asking for its tiles'
    /// art; `watch`: the asset server hears of files saved again.
    fn art_app(dir: &std::path::Path, rules: &Rules, watch: bool) -> App {
        let the_mod = Mod {
            folder: dir.to_path_buf(),
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
        sources.headless(&mut app, watch);
        app.add_plugins(crate::render::art_loader::plugin);
        app.init_asset::<Image>();
        app.add_plugins(aeternus_core::CorePlugin {
            rules: rules.clone(),
            seed: 1,
        });
        app.add_plugins(crate::render::textures::plugin)
            .add_message::<RulesRejected>()
            .add_systems(Startup, ask_for_tiles)
            .add_systems(Update, take_tiles);
        app
    }

    /// Runs `app` until `done` holds (or `secs` have passed), keeping the refusals said meanwhile.
    fn run_until(
        app: &mut App,
        secs: u64,
        rejected: &mut Vec<String>,
        mut done: impl FnMut(&World, &[String]) -> bool,
    ) -> bool {
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_secs(secs) {
            app.update();
            let mut said = app.world_mut().resource_mut::<Messages<RulesRejected>>();
            rejected.extend(said.drain().map(|r| r.error.to_string()));
            if done(app.world(), rejected) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        false
    }

    /// A tile saved again while the game runs is swapped in place, through the asset server's
    /// events; one of the wrong size saved over it is refused by name and its biome keeps its
    /// other images.
    #[test]
    fn a_tile_saved_again_is_swapped_in_place_or_refused() {
        let dir = std::env::temp_dir().join(format!("aeternus-tile-swap-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let tiles = dir.join("art/tiles/aeternus");
        std::fs::create_dir_all(&tiles).unwrap();
        let forest_png = tiles.join("forest.png");
        std::fs::write(&forest_png, png(hex_texture_size())).unwrap();
        let rules = Rules::aeternus();
        let forest = rules.biome("Forest").unwrap().0;
        let mut app = art_app(&dir, &rules, true);
        // The mod's forest.png is the biome's first slot (its variants come from below).
        let slot = |w: &World| {
            let art = w.resource::<TileArt>();
            let s = art.slots.iter().find(|s| s.biome == forest).unwrap();
            (s.ready, s.image.clone())
        };
        let red = |w: &World| {
            let (ready, image) = slot(w);
            let data = w
                .resource::<Assets<Image>>()
                .get(&image)
                .and_then(|i| i.data.clone());
            (ready, data.map(|d| d[0]))
        };
        let mut said = Vec::new();
        assert!(run_until(&mut app, 30, &mut said, |w, _| red(w) == (true, Some(9))));
        let first = slot(app.world()).1;

        // Saved again in another colour: the same image, its pixels new.
        std::thread::sleep(std::time::Duration::from_millis(50));
        let mut other = image::RgbaImage::new(hex_texture_size().x, hex_texture_size().y);
        other
            .pixels_mut()
            .for_each(|p| *p = image::Rgba([200, 90, 40, 255]));
        other.save(&forest_png).unwrap();
        let swapped = run_until(&mut app, 30, &mut said, |w, _| red(w) == (true, Some(200)));
        assert!(swapped, "the new forest.png never came in: {said:?}");
        assert_eq!(slot(app.world()).1, first, "swapped in place");

        // Saved at the wrong size: refused by name; the forest keeps its variants.
        std::fs::write(&forest_png, png(UVec2::new(40, 40))).unwrap();
        let refused = run_until(&mut app, 30, &mut said, |w, said| {
            !slot(w).0
                && said
                    .iter()
                    .any(|m| m.contains("forest.png") && m.contains("40×40"))
        });
        assert!(refused, "a 40×40 forest.png was not refused: {said:?}");
        let art = app.world().resource::<TileArt>();
        let look = art.look(&rules, BiomeId(forest), Hex::new(2, 5));
        assert!(look.index > 1, "drawn from a variant: {look:?}");
        std::fs::remove_dir_all(&dir).ok();
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
        let mut app = art_app(&dir, &rules, false);
        let mut rejected = Vec::new();
        // Settled: every tile but the one refused is in.
        run_until(&mut app, 10, &mut rejected, |w, said| {
            let art = w.resource::<TileArt>();
            let ready = art.slots.iter().filter(|s| s.ready).count();
            !said.is_empty() && ready + 1 == art.slots.len()
        });
        let art = app.world().resource::<TileArt>();
        let (forest, meadow) = (
            rules.biome("Forest").unwrap(),
            rules.biome("Meadow").unwrap(),
        );
        let at = Hex::new(3, -1);
        assert_eq!(art.look(&rules, forest, at).colour, Color::WHITE);
        assert!(art.look(&rules, forest, at).index > 0);
        let tinted = |b| Look::tinted(biome_colour(&rules, b));
        // The mod's meadow.png (layer 1) is refused; its variants, from below, still serve.
        assert_eq!(meadow, BiomeId(0));
        for hex in aeternus_core::hex::view_order(Hex::ZERO, 3) {
            let look = art.look(&rules, meadow, hex);
            assert!([2, 3].contains(&look.index), "{hex:?}: {look:?}");
        }
        assert_eq!(
            art.look(&rules, glass, at),
            tinted(glass),
            "no image: the colour"
        );
        let words = rejected;
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
