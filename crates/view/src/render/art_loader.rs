//! Images as the game's own assets: a PNG's header is read and its size checked before anything
//! decodes it (Bevy's decoder has no size limit), and only then is it decoded. The game keeps
//! the decoded image in `Assets<Image>` under a handle of its own, so a reload that fails its
//! checks never reaches the renderer.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, RenderAssetUsages};
use bevy::prelude::*;

use aeternus_core::mods::Sources;
use aeternus_core::mods::check::png_size;
use aeternus_core::rules::RulesError;

/// A checked, decoded PNG.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct ArtImage {
    pub image: Image,
    /// The file it was read from, for messages.
    pub source: String,
}

/// Adds [`ArtImage`] and its loader.
pub fn plugin(app: &mut App) {
    app.init_asset::<ArtImage>()
        .init_asset_loader::<ArtLoader>();
}

/// Loads a PNG as an [`ArtImage`], its header checked first.
#[derive(TypePath)]
pub struct ArtLoader {
    sources: Sources,
}

impl FromWorld for ArtLoader {
    fn from_world(world: &mut World) -> Self {
        Self {
            sources: world.get_resource::<Sources>().cloned().unwrap_or_default(),
        }
    }
}

/// Decodes checked PNG bytes.
pub fn decode(bytes: &[u8], source: &str) -> Result<Image, RulesError> {
    png_size(bytes, source)?;
    let decoded = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .map_err(|e| RulesError::new(source, None, format!("is not a readable PNG: {e}")))?;
    Ok(Image::from_dynamic(
        decoded,
        true,
        RenderAssetUsages::default(),
    ))
}

impl AssetLoader for ArtLoader {
    type Asset = ArtImage;
    type Settings = ();
    type Error = RulesError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        ctx: &mut LoadContext<'_>,
    ) -> Result<ArtImage, RulesError> {
        let source = self.sources.shown(ctx.path());
        let bytes = aeternus_core::mods::asset::read_bytes(reader, &source).await?;
        let image = decode(&bytes, &source)?;
        Ok(ArtImage { image, source })
    }

    fn extensions(&self) -> &[&str] {
        &["png"]
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};
    use std::time::{Duration, Instant};

    use aeternus_core::mods::{MANIFEST, Mod, Sources};
    use bevy::asset::LoadState;
    use bevy::prelude::*;

    use super::ArtImage;

    /// A fresh folder for one test, with a manifest.
    fn folder(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("aeternus-art-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let text = "Mod(name: \"Test\", version: \"1.0\", game: \"0.1\")";
        std::fs::write(dir.join(MANIFEST), text).unwrap();
        dir
    }

    /// A headless app whose default asset source is `mods` over the embedded defaults alone,
    /// with the art loader.
    fn app(mods: &[&Path], watch: bool) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        let mods = (mods.iter())
            .map(|f| Mod {
                folder: f.to_path_buf(),
                name: "test".into(),
                version: "1.0".into(),
                game: "0.1".into(),
            })
            .collect();
        let sources = Sources {
            mods,
            base: None,
            rule_folder: None,
        };
        sources.headless(&mut app, watch);
        app.add_plugins(super::plugin);
        app
    }

    /// Loads `path` as an art image: the image, or the error it failed with, within 10 s.
    fn load<A: Asset + Clone>(app: &mut App, path: &str) -> Result<A, String> {
        let h: Handle<A> = app.world().resource::<AssetServer>().load(path.to_string());
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            app.update();
            match app.world().resource::<AssetServer>().load_state(&h) {
                LoadState::Loaded => {
                    return Ok(app.world().resource::<Assets<A>>().get(&h).unwrap().clone());
                }
                LoadState::Failed(e) => return Err(e.to_string()),
                _ => std::thread::sleep(Duration::from_millis(2)),
            }
        }
        panic!("the asset neither loaded nor failed in 10 s");
    }

    /// A PNG of `w`×`h` pixels, one colour.
    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = image::RgbaImage::from_pixel(w, h, image::Rgba([10, 200, 30, 255]));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn art_is_checked_before_it_is_decoded() {
        let m = folder("art");
        std::fs::create_dir_all(m.join("art/tiles")).unwrap();
        std::fs::write(m.join("art/tiles/good.png"), png(64, 56)).unwrap();
        std::fs::write(m.join("art/tiles/text.png"), "not an image").unwrap();
        // A header that claims 100,000 pixels a side: refused unread.
        let mut huge = png(1, 1);
        huge[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        huge[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        std::fs::write(m.join("art/tiles/huge.png"), huge).unwrap();
        let mut broken = png(8, 8);
        broken.truncate(40);
        std::fs::write(m.join("art/tiles/broken.png"), broken).unwrap();
        let mut app = app(&[&m], false);
        let good = load::<ArtImage>(&mut app, "art/tiles/good.png").unwrap();
        assert_eq!(good.image.size(), UVec2::new(64, 56));
        let e = load::<ArtImage>(&mut app, "art/tiles/text.png").unwrap_err();
        assert!(e.contains("text.png") && e.contains("not a PNG"), "{e}");
        let e = load::<ArtImage>(&mut app, "art/tiles/huge.png").unwrap_err();
        assert!(
            e.contains("100000×100000") && e.contains("at most 2048"),
            "{e}"
        );
        let e = load::<ArtImage>(&mut app, "art/tiles/broken.png").unwrap_err();
        assert!(e.contains("not a readable PNG"), "{e}");
        // Every image the game ships loads through the same loader, embedded; every tile is the
        // hex's size.
        let mut embedded = self::app(&[], false);
        for (path, _) in aeternus_core::mods::source::EMBEDDED
            .iter()
            .filter(|(p, _)| p.ends_with(".png"))
        {
            let art = load::<ArtImage>(&mut embedded, path).unwrap();
            if path.starts_with("art/tiles/") {
                let want = crate::render::textures::hex_texture_size();
                assert_eq!(art.image.size(), want, "{path}");
            }
        }
    }
}
