//! The rule files as Bevy assets: the Aeternus rules, the storm rules (with their settlement
//! template, a dependency: editing it reloads them), the site rules and templates, each loaded
//! by an `AssetLoader` that runs the same parsing and validation as the command line, so a file
//! means the same thing everywhere and fails with the same file, line and field. Every file
//! here is `.ron`, so each is loaded by its type (`asset_server.load::<AeternusRules>(path)`).

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, AssetPath, LoadContext};
use bevy::prelude::*;

use super::sources::Sources;
use crate::capped::MAX_RULE_FILE;
use crate::rules::{Rules, RulesError};
use crate::sites::SiteRules;
use crate::storm::StormRules;
use crate::storm::template::Template;

/// Where the game finds its rule files, as asset paths.
pub const AETERNUS_PATH: &str = "rules/aeternus.ron";
pub const STORM_PATH: &str = "rules/storm.ron";
pub const SITES_PATH: &str = "rules/sites.ron";

/// The Aeternus rules, loaded.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct AeternusRules(pub Rules);

/// The storm rules with their template, loaded.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct StormRulesFile(pub StormRules);

/// The site rules, loaded.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct SiteRulesFile(pub SiteRules);

/// A settlement template, loaded.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct TemplateFile(pub Template);

/// Adds the rule assets and their loaders.
pub fn plugin(app: &mut App) {
    app.init_asset::<AeternusRules>()
        .init_asset::<StormRulesFile>()
        .init_asset::<SiteRulesFile>()
        .init_asset::<TemplateFile>()
        .init_asset_loader::<RuleLoader<AeternusRules>>()
        .init_asset_loader::<RuleLoader<SiteRulesFile>>()
        .init_asset_loader::<RuleLoader<TemplateFile>>()
        .init_asset_loader::<StormLoader>();
}

/// How a rule file's text becomes its asset.
pub trait RuleFile: Asset + Sized {
    fn parse(text: &str, source: &str) -> Result<Self, RulesError>;
}

impl RuleFile for AeternusRules {
    fn parse(text: &str, source: &str) -> Result<Self, RulesError> {
        Rules::from_str(text, source).map(Self)
    }
}

impl RuleFile for SiteRulesFile {
    fn parse(text: &str, source: &str) -> Result<Self, RulesError> {
        SiteRules::from_str(text, source).map(Self)
    }
}

impl RuleFile for TemplateFile {
    fn parse(text: &str, source: &str) -> Result<Self, RulesError> {
        Template::from_str(text, source).map(Self)
    }
}

/// Loads a rule file of type `A`; its errors name the file it was read from.
#[derive(TypePath)]
pub struct RuleLoader<A> {
    sources: Sources,
    kind: std::marker::PhantomData<fn() -> A>,
}

impl<A> FromWorld for RuleLoader<A> {
    fn from_world(world: &mut World) -> Self {
        Self {
            sources: world.get_resource::<Sources>().cloned().unwrap_or_default(),
            kind: std::marker::PhantomData,
        }
    }
}

/// A file's bytes, read whole (the source caps their size); `source` names it in errors.
pub async fn read_bytes(reader: &mut dyn Reader, source: &str) -> Result<Vec<u8>, RulesError> {
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .await
        .map_err(|e| RulesError::new(source, None, format!("cannot read the file: {e}")))?;
    Ok(bytes)
}

/// A file's text, read whole and checked to be UTF-8 and within a rule file's size.
async fn read_text(reader: &mut dyn Reader, source: &str) -> Result<String, RulesError> {
    let bytes = read_bytes(reader, source).await?;
    if bytes.len() as u64 > MAX_RULE_FILE {
        let m = format!("is larger than the limit of {MAX_RULE_FILE} bytes");
        return Err(RulesError::new(source, None, m));
    }
    crate::capped::text(bytes).map_err(|m| RulesError::new(source, None, m))
}

impl<A: RuleFile + TypePath> AssetLoader for RuleLoader<A> {
    type Asset = A;
    type Settings = ();
    type Error = RulesError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        ctx: &mut LoadContext<'_>,
    ) -> Result<A, RulesError> {
        let source = self.sources.shown(ctx.path());
        A::parse(&read_text(reader, &source).await?, &source)
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// Loads the storm rules and, as a dependency, the template they name.
#[derive(TypePath)]
pub struct StormLoader {
    sources: Sources,
}

impl FromWorld for StormLoader {
    fn from_world(world: &mut World) -> Self {
        Self {
            sources: world.get_resource::<Sources>().cloned().unwrap_or_default(),
        }
    }
}

impl AssetLoader for StormLoader {
    type Asset = StormRulesFile;
    type Settings = ();
    type Error = RulesError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        ctx: &mut LoadContext<'_>,
    ) -> Result<StormRulesFile, RulesError> {
        let source = self.sources.shown(ctx.path());
        let text = read_text(reader, &source).await?;
        let (raw, reference) = StormRules::parse_raw(&text, &source)?;
        let field = "settlement.template";
        // Relative to the rule file, inside its folder: checked before anything is read.
        let checked =
            crate::rules::check::Check { source: &source }.reference(field, &reference)?;
        let path: AssetPath = (ctx.path().resolve_embed_str(checked))
            .ok()
            // A file beside the rules, never another source or a label.
            .filter(|p| p.source() == ctx.path().source() && p.label().is_none())
            .ok_or_else(|| {
                let m = format!("`{reference}` is not a file's path beside the rule file");
                RulesError::new(&source, Some(field.into()), m)
            })?;
        // Loaded as a dependency: an edit to the template reloads these rules.
        let template = (ctx
            .load_builder()
            .load_value::<TemplateFile>(path.clone())
            .await)
            .map_err(|e| {
                let m = format!("cannot load the template {path}: {e}");
                RulesError::new(&source, Some(field.into()), m)
            })?;
        StormRules::from_raw(raw, &source, template.take().0).map(StormRulesFile)
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}
