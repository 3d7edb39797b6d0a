//! A mod's manifest, `mod.ron` in its folder: its name, its version and the game version it was
//! made for.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::rules::RulesError;
use crate::rules::check::Check;

/// The manifest's file name in a mod's folder.
pub const MANIFEST: &str = "mod.ron";

/// The game's version, which a mod's `game` must match in its major and minor numbers.
pub const GAME_VERSION: &str = env!("CARGO_PKG_VERSION");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Mod")]
struct RawManifest {
    name: String,
    version: String,
    game: String,
}

/// A mod: its folder and what its manifest says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mod {
    pub folder: PathBuf,
    pub name: String,
    pub version: String,
    pub game: String,
}

impl Mod {
    /// Opens the mod in `folder`: the folder must exist and hold a valid manifest.
    pub fn open(folder: &Path) -> Result<Mod, RulesError> {
        let shown = folder.display().to_string();
        if !folder.is_dir() {
            return Err(RulesError::new(
                &shown,
                None,
                "is not a mod folder (no such folder)",
            ));
        }
        let path = folder.join(MANIFEST);
        if !path.exists() {
            let m = format!("has no manifest: a mod's folder holds a `{MANIFEST}`");
            return Err(RulesError::new(&shown, None, m));
        }
        let (text, source) = crate::rules::read_rule_file(&path)?;
        let raw: RawManifest = crate::rules::parse::parse(&text, &source)?;
        let c = Check { source: &source };
        c.name("name", &raw.name)?;
        version(&c, "version", &raw.version)?;
        let game = version(&c, "game", &raw.game)?;
        // A pre-release of the game (`0.1.0-x`) reads the mods of its release.
        let release = GAME_VERSION
            .split(['-', '+'])
            .next()
            .unwrap_or(GAME_VERSION);
        let ours = version(&c, "game", release).expect("the game's own version is valid");
        if game[..2] != ours[..2] {
            return Err(c.err(
                "game",
                format!(
                    "the mod was made for the game {}; this game is {GAME_VERSION}, which reads mods made for {}.{}",
                    raw.game, ours[0], ours[1]
                ),
            ));
        }
        Ok(Mod {
            folder: folder.to_path_buf(),
            name: raw.name,
            version: raw.version,
            game: raw.game,
        })
    }
}

/// A version `major.minor` or `major.minor.patch`, each a number below 10^6.
fn version(c: &Check, field: &str, v: &str) -> Result<[u32; 3], RulesError> {
    let bad = || {
        c.err(
            field,
            format!("`{v}` is not a version: write `major.minor` or `major.minor.patch`"),
        )
    };
    let parts: Vec<&str> = v.split('.').collect();
    if !(2..=3).contains(&parts.len()) {
        return Err(bad());
    }
    let mut out = [0; 3];
    for (i, p) in parts.iter().enumerate() {
        if p.is_empty() || p.len() > 6 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        out[i] = p.parse().map_err(|_| bad())?;
    }
    Ok(out)
}
