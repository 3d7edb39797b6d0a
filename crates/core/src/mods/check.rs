//! Checking a mod whole (`aeternus check DIR`): every error it holds, not only the first — its
//! manifest, each rule file loaded over the defaults by the game's own loaders (a storm rule
//! file with its template), its site rules bound to the rules they will run with, each image's
//! header and size, and any link that leads out of it.

use std::path::{Path, PathBuf};

use bevy::asset::AssetPath;

use super::Mod;
use super::sources::Sources;
use crate::mods::asset::{
    AETERNUS_PATH, AeternusRules, SITES_PATH, STORM_PATH, SiteRulesFile, StormRulesFile,
};
use crate::rules::RulesError;

/// The widest and tallest image a mod may hold, in pixels: Bevy's decoder has no limit of its
/// own, so the header is read first.
pub const MAX_IMAGE_SIDE: u32 = 2048;

/// The most files a mod's folder is searched through.
const MAX_FILES: usize = 10_000;

/// A PNG's size from its header, refused past [`MAX_IMAGE_SIDE`] or when the bytes are no PNG.
pub fn png_size(bytes: &[u8], source: &str) -> Result<(u32, u32), RulesError> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    let bad = |m: &str| RulesError::new(source, None, m.to_string());
    if bytes.len() < 24 || &bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return Err(bad("is not a PNG image (no PNG signature and header)"));
    }
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    let (w, h) = (be(16), be(20));
    if w == 0 || h == 0 {
        return Err(bad("is an image of no pixels"));
    }
    if w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE {
        return Err(RulesError::new(
            source,
            None,
            format!("is {w}×{h} pixels; an image is at most {MAX_IMAGE_SIDE}×{MAX_IMAGE_SIDE}"),
        ));
    }
    Ok((w, h))
}

/// Every file under `folder`, links not followed, relative to it (at most [`MAX_FILES`]).
fn files(folder: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![PathBuf::new()];
    while let Some(rel) = todo.pop() {
        let Ok(dir) = std::fs::read_dir(folder.join(&rel)) else {
            continue;
        };
        for e in dir.flatten() {
            let path = rel.join(e.file_name());
            match e.file_type() {
                Ok(t) if t.is_dir() => todo.push(path),
                Ok(_) => out.push(path),
                Err(_) => {}
            }
            if out.len() >= MAX_FILES {
                return out;
            }
        }
    }
    out.sort();
    out
}

/// Every error in the mod at `folder`; none for a good mod.
pub fn check(folder: &Path) -> Vec<RulesError> {
    let shown = folder.display().to_string();
    if !folder.is_dir() {
        return vec![RulesError::new(
            &shown,
            None,
            "is not a mod folder (no such folder)",
        )];
    }
    let mut errors = Vec::new();
    let the_mod = Mod::open(folder).unwrap_or_else(|e| {
        errors.push(e);
        Mod {
            folder: folder.to_path_buf(),
            name: String::new(),
            version: String::new(),
            game: String::new(),
        }
    });
    let all = files(folder);
    check_links(folder, &all, &mut errors);
    let sources = Sources {
        mods: vec![the_mod],
        base: None,
        rule_folder: None,
    };
    check_rule_files(&sources, &all, &mut errors);
    check_images(folder, &all, &mut errors);
    errors
}

/// Links among the mod's files that lead out of it (or to nothing).
fn check_links(folder: &Path, all: &[PathBuf], errors: &mut Vec<RulesError>) {
    for rel in all {
        let path = folder.join(rel);
        let is_link = std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
        if is_link && super::leaves(folder, &path) {
            let m = "is a link that leads out of the mod (or to nothing)";
            errors.push(RulesError::new(&path.display().to_string(), None, m));
        }
    }
}

/// The mod's rule files loaded as the game loads them: the Aeternus rules, its storm rules (or
/// the embedded ones) and its site rules bound to both.
fn check_rule_files(sources: &Sources, all: &[PathBuf], errors: &mut Vec<RulesError>) {
    let holds = |p: &str| all.iter().any(|f| f == Path::new(p));
    let rules = sources.load_now::<AeternusRules>(&AssetPath::from(AETERNUS_PATH));
    let rules = match rules {
        Ok(r) => Some(r.0),
        Err(e) => {
            errors.push(e);
            None
        }
    };
    let storm = if holds(STORM_PATH) {
        (sources.load_now::<StormRulesFile>(&AssetPath::from(STORM_PATH)))
            .map_err(|e| errors.push(e))
            .ok()
            .map(|s| s.0)
    } else {
        crate::storm::StormRules::embedded().ok()
    };
    if holds(SITES_PATH) {
        match sources.load_now::<SiteRulesFile>(&AssetPath::from(SITES_PATH)) {
            Ok(SiteRulesFile(sites)) => {
                if let Some(rules) = &rules
                    && let Err(e) = sites.for_aeternus(rules)
                {
                    errors.push(e);
                }
                if let Some(storm) = &storm
                    && let Err(e) = sites.for_storm(storm)
                {
                    errors.push(e);
                }
            }
            Err(e) => errors.push(e),
        }
    }
}

/// Each `.png` file: readable, a PNG by its header, and no wider or taller than [`MAX_IMAGE_SIDE`].
fn check_images(folder: &Path, all: &[PathBuf], errors: &mut Vec<RulesError>) {
    for rel in all
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "png"))
    {
        let path = folder.join(rel);
        let shown = path.display().to_string();
        match crate::capped::read_bytes_capped(&path, super::source::MAX_IMAGE_FILE) {
            Ok(bytes) => {
                if let Err(e) = png_size(&bytes, &shown) {
                    errors.push(e);
                }
            }
            Err(m) => errors.push(RulesError::new(&shown, None, m)),
        }
    }
}
