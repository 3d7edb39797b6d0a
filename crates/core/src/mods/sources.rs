//! The asset sources a game reads (its mods, the game's `assets` folder, the embedded
//! defaults, and a rule file's folder) and the mods a game runs with.

use std::path::{Path, PathBuf};

use bevy::asset::io::AssetSourceId;
use bevy::asset::{AssetApp, AssetMetaCheck, AssetPath, AssetPlugin, UnapprovedPathMode};
use bevy::prelude::*;

use super::manifest::Mod;
use super::source::{self, Layers};

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
}
