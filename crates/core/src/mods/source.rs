//! The game's default asset source: the mods' folders, top first, then the game's `assets`
//! folder when there is one, then the defaults embedded in the binary. A path is served by the
//! first layer that holds it, so a mod ships only what it changes. Bevy has no layered sources
//! of its own; this is the small reader it expects.
//!
//! A mod is untrusted: a file is read only if it lies inside its layer's folder once links are
//! followed (a link out is refused, not skipped), is a regular file and is no larger than its
//! kind's cap; paths that climb out with `..` or are absolute never reach a reader (Bevy refuses
//! them first: `UnapprovedPathMode::Forbid`).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use bevy::asset::io::file::FileWatcher;
use bevy::asset::io::{
    AssetReader, AssetReaderError, AssetSourceBuilder, AssetWatcher, PathStream, Reader, VecReader,
};
use bevy::tasks::futures_lite::stream;

use crate::capped::{MAX_RULE_FILE, read_bytes_capped};

/// The largest image a mod may hold, in bytes (its pixel size is checked from its header).
pub const MAX_IMAGE_FILE: u64 = 8 << 20;

/// How long the watchers wait for a file to hold still before they report it.
const DEBOUNCE: Duration = Duration::from_millis(300);

/// One file of `assets/`, embedded, by its asset path.
macro_rules! embed {
    ($path:literal) => {
        ($path, include_bytes!(concat!("../../../../assets/", $path)))
    };
}

/// The defaults in the binary: each file of `assets/` the game needs, by its asset path.
pub const EMBEDDED: &[(&str, &[u8])] = &[
    embed!("rules/aeternus.ron"),
    embed!("rules/storm.ron"),
    embed!("rules/storm-settlement.ron"),
    embed!("rules/sites.ron"),
    embed!("art/sprites/boardwalk.png"),
    embed!("art/sprites/corrupted.png"),
    embed!("art/sprites/flag.png"),
    embed!("art/sprites/protected.png"),
    embed!("art/sprites/pylon.png"),
    embed!("art/sprites/site.png"),
    embed!("art/sprites/station.png"),
    embed!("art/sprites/storm/capital.png"),
    embed!("art/sprites/storm/reservation-event.png"),
    embed!("art/sprites/storm/reservation-modifier.png"),
    embed!("art/sprites/storm/seal-cinder.png"),
    embed!("art/sprites/storm/seal-gloam.png"),
    embed!("art/sprites/storm/seal-rime.png"),
    embed!("art/sprites/token-2.png"),
    embed!("art/sprites/token-3.png"),
    embed!("art/sprites/token-4.png"),
    embed!("art/sprites/token-5.png"),
    embed!("art/sprites/token-6.png"),
    embed!("art/sprites/token-7.png"),
    embed!("art/sprites/token-8.png"),
    embed!("art/sprites/token.png"),
    embed!("art/sprites/town.png"),
    embed!("art/tiles/aeternus/deceased-dunes-2.png"),
    embed!("art/tiles/aeternus/deceased-dunes-3.png"),
    embed!("art/tiles/aeternus/deceased-dunes.png"),
    embed!("art/tiles/aeternus/forest-2.png"),
    embed!("art/tiles/aeternus/forest-3.png"),
    embed!("art/tiles/aeternus/forest.png"),
    embed!("art/tiles/aeternus/lake-2.png"),
    embed!("art/tiles/aeternus/lake-3.png"),
    embed!("art/tiles/aeternus/lake.png"),
    embed!("art/tiles/aeternus/meadow-2.png"),
    embed!("art/tiles/aeternus/meadow-3.png"),
    embed!("art/tiles/aeternus/meadow.png"),
    embed!("art/tiles/aeternus/perilous-pass-2.png"),
    embed!("art/tiles/aeternus/perilous-pass-3.png"),
    embed!("art/tiles/aeternus/perilous-pass.png"),
    embed!("art/tiles/aeternus/swamp-2.png"),
    embed!("art/tiles/aeternus/swamp-3.png"),
    embed!("art/tiles/aeternus/swamp.png"),
    embed!("art/tiles/storm/ashen-waste-2.png"),
    embed!("art/tiles/storm/ashen-waste-3.png"),
    embed!("art/tiles/storm/ashen-waste.png"),
    embed!("art/tiles/storm/birchwood-2.png"),
    embed!("art/tiles/storm/birchwood-3.png"),
    embed!("art/tiles/storm/birchwood.png"),
    embed!("art/tiles/storm/blackwater-2.png"),
    embed!("art/tiles/storm/blackwater-3.png"),
    embed!("art/tiles/storm/blackwater.png"),
    embed!("art/tiles/storm/citadel-2.png"),
    embed!("art/tiles/storm/citadel-3.png"),
    embed!("art/tiles/storm/citadel.png"),
    embed!("art/tiles/storm/fen-2.png"),
    embed!("art/tiles/storm/fen-3.png"),
    embed!("art/tiles/storm/fen.png"),
    embed!("art/tiles/storm/glasswind-flats-2.png"),
    embed!("art/tiles/storm/glasswind-flats-3.png"),
    embed!("art/tiles/storm/glasswind-flats.png"),
    embed!("art/tiles/storm/heath-2.png"),
    embed!("art/tiles/storm/heath-3.png"),
    embed!("art/tiles/storm/heath.png"),
    embed!("art/tiles/storm/sealed-forest-2.png"),
    embed!("art/tiles/storm/sealed-forest-3.png"),
    embed!("art/tiles/storm/sealed-forest.png"),
    embed!("art/tiles/storm/stormcrag-2.png"),
    embed!("art/tiles/storm/stormcrag-3.png"),
    embed!("art/tiles/storm/stormcrag.png"),
    embed!("art/tiles/storm/thornbrake-2.png"),
    embed!("art/tiles/storm/thornbrake-3.png"),
    embed!("art/tiles/storm/thornbrake.png"),
];

/// The folders read, top first (the last mod given first, the game's `assets` folder last),
/// above the embedded defaults.
#[derive(Debug, Clone, Default)]
pub struct Layers {
    pub folders: Vec<PathBuf>,
    /// Where this source's paths lie among the embedded files: `""` for the game's own source,
    /// `"rules/"` for a lone rule file's folder (a storm rule file given by path finds the
    /// default template beside it).
    pub embedded_under: &'static str,
}

impl Layers {
    /// The mods in the order given (later ones on top) over `base`, if it exists.
    pub fn new(mods: &[PathBuf], base: Option<PathBuf>) -> Self {
        let mut folders: Vec<PathBuf> = mods.iter().rev().cloned().collect();
        folders.extend(base.filter(|b| b.is_dir()));
        Self {
            folders,
            embedded_under: "",
        }
    }

    /// The folder of a rule file given by path, over the embedded rule files.
    pub fn rule_folder(folder: PathBuf) -> Self {
        Self {
            folders: vec![folder],
            embedded_under: "rules/",
        }
    }

    /// The reader and its watchers, as the default asset source.
    pub fn source(self) -> AssetSourceBuilder {
        let reader = self.clone();
        AssetSourceBuilder::new(move || Box::new(reader.clone())).with_watcher(move |sender| {
            let watchers: Vec<FileWatcher> = (self.folders.iter())
                .filter_map(|f| FileWatcher::new(f.clone(), sender.clone(), DEBOUNCE).ok())
                .collect();
            Some(Box::new(Watchers(watchers)) as Box<dyn AssetWatcher>)
        })
    }

    /// The bytes at `path`: from the first folder that holds it, else embedded.
    pub fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, AssetReaderError> {
        for folder in &self.folders {
            if let Some(bytes) = read_inside(folder, path)? {
                return Ok(bytes);
            }
        }
        embedded(&Path::new(self.embedded_under).join(path))
            .map(<[u8]>::to_vec)
            .ok_or_else(|| AssetReaderError::NotFound(path.to_path_buf()))
    }
}

/// The embedded default at `path`.
pub fn embedded(path: &Path) -> Option<&'static [u8]> {
    let path = path.to_str()?;
    EMBEDDED.iter().find(|(p, _)| *p == path).map(|(_, b)| *b)
}

/// Every layer's watcher, kept alive together.
struct Watchers(#[allow(dead_code)] Vec<FileWatcher>);

impl AssetWatcher for Watchers {}

fn refused(path: &Path, why: impl std::fmt::Display) -> AssetReaderError {
    AssetReaderError::Io(Arc::new(std::io::Error::other(format!(
        "{}: {why}",
        path.display()
    ))))
}

/// The cap for a file of this kind.
fn cap(path: &Path) -> u64 {
    match path.extension().and_then(|e| e.to_str()) {
        Some("png") => MAX_IMAGE_FILE,
        _ => MAX_RULE_FILE,
    }
}

/// The file at `path` under `folder`, if the folder holds it: refused when a link takes it out
/// of the folder, when it is not a regular file, or when it is past its cap.
fn read_inside(folder: &Path, path: &Path) -> Result<Option<Vec<u8>>, AssetReaderError> {
    let full = folder.join(path);
    if std::fs::symlink_metadata(&full).is_err() {
        return Ok(None);
    }
    let inside = match (folder.canonicalize(), full.canonicalize()) {
        (Ok(root), Ok(real)) => real.starts_with(root),
        // A dangling link: nothing to read, and nothing served from below.
        _ => return Err(refused(&full, "is a link to nothing")),
    };
    if !inside {
        return Err(refused(
            &full,
            format!("leads out of its folder {}", folder.display()),
        ));
    }
    read_bytes_capped(&full, cap(path))
        .map(Some)
        .map_err(|why| refused(&full, why))
}

impl AssetReader for Layers {
    async fn read<'a>(&'a self, path: &'a Path) -> Result<impl Reader + 'a, AssetReaderError> {
        self.read_bytes(path).map(VecReader::new)
    }

    async fn read_meta<'a>(&'a self, path: &'a Path) -> Result<impl Reader + 'a, AssetReaderError> {
        // No meta files: a mod's settings are its files.
        Err::<VecReader, _>(AssetReaderError::NotFound(path.to_path_buf()))
    }

    async fn read_directory<'a>(
        &'a self,
        path: &'a Path,
    ) -> Result<Box<PathStream>, AssetReaderError> {
        let mut entries: Vec<PathBuf> = Vec::new();
        for folder in &self.folders {
            if let Ok(dir) = std::fs::read_dir(folder.join(path)) {
                entries.extend(dir.flatten().map(|e| path.join(e.file_name())));
            }
        }
        let under = Path::new(self.embedded_under);
        entries.extend(
            (EMBEDDED.iter())
                .filter_map(|(p, _)| Path::new(p).strip_prefix(under).ok())
                .filter(|p| p.parent() == Some(path))
                .map(Path::to_path_buf),
        );
        entries.sort();
        entries.dedup();
        if entries.is_empty() && !self.is_directory(path).await? {
            return Err(AssetReaderError::NotFound(path.to_path_buf()));
        }
        Ok(Box::new(stream::iter(entries)))
    }

    async fn is_directory<'a>(&'a self, path: &'a Path) -> Result<bool, AssetReaderError> {
        let on_disk = self.folders.iter().any(|f| f.join(path).is_dir());
        let inner = Path::new(self.embedded_under).join(path);
        let embedded = EMBEDDED
            .iter()
            .any(|(p, _)| Path::new(p).starts_with(&inner) && Path::new(p) != inner);
        Ok(on_disk || embedded)
    }
}
