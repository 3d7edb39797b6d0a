//! Mods as Bevy assets. A mod is a folder with a manifest (`mod.ron`) and any of the game's
//! asset files it changes, at the same paths as under `assets/` (`rules/aeternus.ron`,
//! `art/tiles/meadow.png`, ...). `--mod DIR` (repeatable, later ones on top) layers mods over
//! the defaults through one asset source ([`source::Layers`]): a file a mod holds replaces the
//! default whole; what it does not hold comes from below. Installed mods live in `assets/mods/`
//! and in the user's data folder.

pub mod manifest;
pub mod source;

use std::path::{Path, PathBuf};

use bevy::asset::io::AssetSourceId;
use bevy::asset::{AssetApp, AssetPlugin, UnapprovedPathMode};
use bevy::prelude::*;

pub use manifest::{MANIFEST, Mod};
pub use source::Layers;

/// The mods a game runs with, bottom first, as given.
#[derive(Resource, Debug, Clone, Default)]
pub struct Mods(pub Vec<Mod>);

/// The game's own `assets` folder: beside the binary's crate when run by cargo, else beside the
/// binary, else none (the embedded defaults serve).
pub fn base_folder() -> Option<PathBuf> {
    let from_cargo =
        std::env::var_os("CARGO_MANIFEST_DIR").map(|d| PathBuf::from(d).join("assets"));
    let beside = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|p| p.join("assets")));
    [from_cargo, beside]
        .into_iter()
        .flatten()
        .find(|p| p.is_dir())
}

/// Opens every mod folder given; the first bad one is the error.
pub fn open_all(folders: &[PathBuf]) -> Result<Vec<Mod>, crate::rules::RulesError> {
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
pub fn installed(roots: &[PathBuf]) -> Vec<(PathBuf, Result<Mod, crate::rules::RulesError>)> {
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

/// The asset plugin over the layered source: the mods, then the game's `assets` folder, then the
/// embedded defaults; paths outside it refused (`UnapprovedPathMode::Forbid`), changed files
/// reported when `watch`. Registers the source, so it comes before any other asset plugin.
pub fn asset_plugin(app: &mut App, mods: &[Mod], base: Option<PathBuf>, watch: bool) {
    let folders: Vec<PathBuf> = mods.iter().map(|m| m.folder.clone()).collect();
    app.register_asset_source(AssetSourceId::Default, Layers::new(&folders, base).source());
    app.add_plugins(AssetPlugin {
        unapproved_path_mode: UnapprovedPathMode::Forbid,
        watch_for_changes_override: Some(watch),
        meta_check: bevy::asset::AssetMetaCheck::Never,
        ..default()
    });
    app.insert_resource(Mods(mods.to_vec()));
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
