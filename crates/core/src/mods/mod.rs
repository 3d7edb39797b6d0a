//! Mods as Bevy assets. A mod is a folder with a manifest (`mod.ron`) and any of the game's
//! asset files it changes, at the same paths as under `assets/` (`rules/aeternus.ron`,
//! `art/tiles/meadow.png`, ...). `--mod DIR` (repeatable, later ones on top) layers mods over
//! the defaults through one asset source ([`source::Layers`]): a file a mod holds replaces the
//! default whole; what it does not hold comes from below. Installed mods live in `assets/mods/`
//! and in the user's data folder.

pub mod art_files;
pub mod asset;
pub mod check;
pub mod manifest;
pub mod reload;
pub mod source;
mod sources;

use std::path::{Path, PathBuf};

use bevy::asset::{AssetLoadError, AssetPath, LoadState};
use bevy::prelude::*;

use crate::rules::RulesError;

pub use manifest::{MANIFEST, Mod};
pub use source::Layers;
pub use sources::{Mods, RULE_FILE_SOURCE, Sources, base_folder};

/// Opens every mod folder given; the first bad one is the error.
pub fn open_all(folders: &[PathBuf]) -> Result<Vec<Mod>, RulesError> {
    folders.iter().map(|f| Mod::open(f)).collect()
}

/// The folders installed mods are looked for in: `assets/mods/` and the user's data folder.
pub fn install_folders() -> Vec<PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .map(|d| d.join("aeternus").join("mods"));
    base_folder()
        .map(|b| b.join("mods"))
        .into_iter()
        .chain(data)
        .collect()
}

/// The mods installed in `roots`, each opened (a broken one is listed with its error), by
/// folder name.
pub fn installed(roots: &[PathBuf]) -> Vec<(PathBuf, Result<Mod, RulesError>)> {
    let mut found: Vec<PathBuf> = roots
        .iter()
        .filter_map(|r| std::fs::read_dir(r).ok())
        .flat_map(|d| d.flatten().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    found.sort();
    found
        .into_iter()
        .map(|p| (p.clone(), Mod::open(&p)))
        .collect()
}

/// What a headless app loads through the sources.
impl Sources {
    /// The sources, the asset plugin and the rule assets, in a headless app.
    pub fn headless(&self, app: &mut App, watch: bool) {
        self.register(app);
        app.add_plugins((Self::asset_plugin(watch), crate::mods::asset::plugin));
    }

    /// Loads one asset now, through a headless asset server of these sources: what the game
    /// starts on, loaded by the same loaders that reload it.
    pub fn load_now<A: Asset + Clone>(&self, path: &AssetPath<'static>) -> Result<A, RulesError> {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        self.headless(&mut app, false);
        let handle: Handle<A> = app.world().resource::<AssetServer>().load(path.clone());
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_secs(30) {
            app.update();
            let server = app.world().resource::<AssetServer>();
            match server.load_state(&handle) {
                LoadState::Loaded => {
                    let assets = app.world().resource::<Assets<A>>();
                    return Ok(assets.get(&handle).expect("loaded").clone());
                }
                LoadState::Failed(e) => return Err(rules_error(&path.to_string(), &e)),
                _ => std::thread::sleep(std::time::Duration::from_millis(1)),
            }
        }
        Err(RulesError::new(
            &path.to_string(),
            None,
            "did not load within 30 s",
        ))
    }
}

/// A failed load as a rules error: the loader's own (file, line, field) when it gave one.
pub fn rules_error(path: &str, e: &AssetLoadError) -> RulesError {
    if let AssetLoadError::AssetLoaderError(inner) = e
        && let Some(rules) = inner.error().downcast_ref::<RulesError>()
    {
        return rules.clone();
    }
    RulesError::new(path, None, e.to_string())
}

/// Whether `path` under `folder` leads outside it through a link.
pub fn leaves(folder: &Path, path: &Path) -> bool {
    match (folder.canonicalize(), path.canonicalize()) {
        (Ok(root), Ok(real)) => !real.starts_with(root),
        _ => true,
    }
}

#[cfg(test)]
mod tests;
