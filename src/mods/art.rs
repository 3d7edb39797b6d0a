//! Images as the game's own assets: a PNG's header is read and its size checked before anything
//! decodes it (Bevy's decoder has no size limit), and only then is it decoded. The game keeps
//! the decoded image in `Assets<Image>` under a handle of its own, so a reload that fails its
//! checks never reaches the renderer.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, RenderAssetUsages};
use bevy::prelude::*;

use super::Sources;
use super::check::png_size;
use crate::rules::RulesError;

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
        let bytes = crate::rules::asset::read_bytes(reader, &source).await?;
        let image = decode(&bytes, &source)?;
        Ok(ArtImage { image, source })
    }

    fn extensions(&self) -> &[&str] {
        &["png"]
    }
}
