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

use std::path::{Path, PathBuf};

use bevy::asset::io::AssetSourceId;
use bevy::asset::{
    AssetApp, AssetLoadError, AssetMetaCheck, AssetPath, AssetPlugin, LoadState, UnapprovedPathMode,
};
use bevy::prelude::*;

use crate::rules::RulesError;

pub use manifest::{MANIFEST, Mod};
pub use source::Layers;

/// The mods a game runs with, bottom first, as given.
#[derive(Resource, Debug, Clone, Default)]
pub struct Mods(pub Vec<Mod>);

/// The game's own `assets` folder: beside the binary's crate when run by cargo (or beside the
/// workspace it is a member of, two folders up at most), else beside the binary, else none (the
/// embedded defaults serve).
pub fn base_folder() -> Option<PathBuf> {
    let from_cargo = std::env::var_os("CARGO_MANIFEST_DIR").and_then(|d| {
        let crate_folder = PathBuf::from(d);
        (crate_folder.ancestors().take(3))
            .map(|a| a.join("assets"))
            .find(|p| p.is_dir())
    });
    let beside = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|p| p.join("assets")));
    [from_cargo, beside]
        .into_iter()
        .flatten()
        .find(|p| p.is_dir())
}

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

/// The named source of a rule file given by path (`--rules FILE`): the file's folder, over the
/// embedded rule files.
pub const RULE_FILE_SOURCE: &str = "rules-file";

/// The asset sources a game reads: its own (the mods, then the game's `assets` folder, then the
/// embedded defaults) and, for a rule file given by path, that file's folder as
/// [`RULE_FILE_SOURCE`].
#[derive(Resource, Debug, Clone, Default)]
pub struct Sources {
    pub mods: Vec<Mod>,
    pub base: Option<PathBuf>,
    pub rule_folder: Option<PathBuf>,
}

impl Sources {
    /// The game's sources for these mods, over the game's `assets` folder if it has one.
    pub fn new(mods: Vec<Mod>) -> Self {
        Self {
            mods,
            base: base_folder(),
            rule_folder: None,
        }
    }

    /// The asset path of a rule file given by path, served from its folder (registered by
    /// [`Sources::register`] from then on).
    pub fn rule_file(&mut self, file: &Path) -> AssetPath<'static> {
        let folder = file.parent().filter(|p| !p.as_os_str().is_empty());
        self.rule_folder = Some(folder.unwrap_or(Path::new(".")).to_path_buf());
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        AssetPath::from(format!("{RULE_FILE_SOURCE}://{name}"))
    }

    /// The game's own source: the mods (the last given on top), then `assets/`.
    fn own(&self) -> Layers {
        let folders: Vec<PathBuf> = self.mods.iter().map(|m| m.folder.clone()).collect();
        Layers::new(&folders, self.base.clone())
    }

    /// Registers the sources; before the asset plugin.
    pub fn register(&self, app: &mut App) {
        app.register_asset_source(AssetSourceId::Default, self.own().source());
        if let Some(folder) = &self.rule_folder {
            let layers = Layers::rule_folder(folder.clone());
            app.register_asset_source(RULE_FILE_SOURCE, layers.source());
        }
        app.insert_resource(Mods(self.mods.clone()))
            .insert_resource(self.clone());
    }

    /// Whether the game's own source holds `path` (a mod, `assets/` or the embedded defaults).
    pub fn holds(&self, path: &str) -> bool {
        let p = Path::new(path);
        let on_disk = self.own().folders.iter().any(|f| f.join(p).is_file());
        on_disk || source::embedded(p).is_some()
    }

    /// The file an asset path is read from, as errors name it: the mod's or the folder's copy,
    /// else the embedded default by its place under `assets/`.
    pub fn shown(&self, path: &AssetPath) -> String {
        let inner = path.path();
        let layers = match (path.source().as_str(), &self.rule_folder) {
            (Some(RULE_FILE_SOURCE), Some(folder)) => Layers::rule_folder(folder.clone()),
            (Some(RULE_FILE_SOURCE), None) => Layers::default(),
            _ => self.own(),
        };
        if let Some(f) = layers.folders.iter().find(|f| f.join(inner).is_file()) {
            return f.join(inner).display().to_string();
        }
        let under = Path::new("assets").join(layers.embedded_under);
        under.join(inner).display().to_string()
    }

    /// The asset plugin: paths outside the sources refused (`UnapprovedPathMode::Forbid`), no
    /// meta files, changed files reported when `watch`.
    pub fn asset_plugin(watch: bool) -> AssetPlugin {
        AssetPlugin {
            unapproved_path_mode: UnapprovedPathMode::Forbid,
            watch_for_changes_override: Some(watch),
            meta_check: AssetMetaCheck::Never,
            ..default()
        }
    }

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
