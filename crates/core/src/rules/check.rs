//! Checks every rule file shares (Aeternus, storm, sites, templates): each error names the file,
//! the field and the limit it breaks. The limits themselves are documented in `docs/modding.md` ("Ranges").

use std::collections::HashSet;
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::path::{Component, Path, PathBuf};

use super::RulesError;

/// The largest weight or bias: a pool of every entry a file may list still sums far below
/// infinity, so a draw never meets `inf` or `NaN`.
pub const MAX_WEIGHT: f64 = 1e6;

/// The longest name (of a ruleset, biome, landmark, feature, resource, faction, seal, site,
/// ground, pool entry), in characters.
pub const MAX_NAME: usize = 64;

/// A resource amount (what a player starts with, what a feature costs, what a settlement pool
/// entry gives): a purse never nears `u32::MAX`.
pub const MAX_AMOUNT: u32 = 1_000_000;

/// The longest effect text, in characters.
pub const MAX_TEXT: usize = 1000;

/// The longest list of names or entries a file may give where no id type bounds it sooner.
pub const MAX_LIST: usize = 1000;

/// The Aeternus rules' own limits (`docs/modding.md`, "Ranges", says why each is what it is).
pub mod aeternus {
    /// The widest sight radius: 3·R·(R+1)+1 hexes come into view, 3,003,001 at 1000, well
    /// within the world's limit (the window benchmark uses 577).
    pub const MAX_SIGHT: u32 = 1000;
    /// A pylon's purify radius and the construction range: read hex by hex around a hex
    /// (817 hexes at 16) whenever a hex is generated, corrupted or built on.
    pub const MAX_REACH: u32 = 16;
    /// Action points a phase gives, and every AP cost: a walk's cost over the largest world,
    /// (1 + 100) · 2^24, still fits the `u32` the route search sums in.
    pub const MAX_AP: u32 = 100;
    /// The longest game a goal may set, in phases.
    pub const MAX_PHASES: u32 = 1_000_000;
    /// The least share of the flags (in percent) a decisive lead may ask: a majority, so at
    /// most one faction holds it.
    pub const MIN_LEAD_SHARE: u32 = 51;
    /// Points a hex part scores, and the largest target score.
    pub const MAX_POINTS: u32 = 1000;
    pub const MAX_SCORE: u32 = 1_000_000_000;
    /// Biomes: one bit each in the `u64` suppression masks (a `u8` id, 255 marking an
    /// indeterminate hex, would allow more).
    pub const MAX_BIOMES: usize = 64;
    /// Landmarks: a `u8` id.
    pub const MAX_LANDMARKS: usize = 255;
    /// Features: one bit each in a hex's `u16` feature set.
    pub const MAX_FEATURES: usize = 16;
    /// Resources a ruleset names.
    pub const MAX_RESOURCES: usize = 64;
    /// Factions: the window seats at most [`crate::rules::MAX_SEATS`] players.
    pub const MAX_FACTIONS: usize = crate::rules::MAX_SEATS as usize;
}

/// A number as an error shows it: 1e308 rather than its 309 digits.
fn show(v: f64) -> String {
    if v.is_finite() && v.abs() >= 1e9 {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// Errors name the file and the field.
pub struct Check<'a> {
    pub source: &'a str,
}

impl Check<'_> {
    pub fn err(&self, field: impl Into<String>, message: impl Into<String>) -> RulesError {
        RulesError::new(self.source, Some(field.into()), message)
    }

    /// A weight or bias: finite, not negative, at most [`MAX_WEIGHT`].
    pub fn weight(&self, field: String, v: f64) -> Result<f64, RulesError> {
        if !(0.0..=MAX_WEIGHT).contains(&v) {
            return Err(self.err(
                field,
                format!(
                    "is {}; a weight must be a finite number in 0..={MAX_WEIGHT}",
                    show(v)
                ),
            ));
        }
        Ok(v)
    }

    /// A chance: a probability in [0, 1].
    pub fn chance(&self, field: String, v: f64) -> Result<f64, RulesError> {
        if !(0.0..=1.0).contains(&v) {
            return Err(self.err(field, format!("is {v}; a chance must lie in [0, 1]")));
        }
        Ok(v)
    }

    /// A number within its documented bounds: "is 40000; must lie in 0..=16".
    pub fn within<T: PartialOrd + Display + Copy>(
        &self,
        field: impl Into<String>,
        v: T,
        bounds: RangeInclusive<T>,
    ) -> Result<T, RulesError> {
        if !bounds.contains(&v) {
            return Err(self.err(
                field,
                format!("is {v}; must lie in {}..={}", bounds.start(), bounds.end()),
            ));
        }
        Ok(v)
    }

    /// A (first, last) pair read as a closed range: not empty.
    pub fn range(
        &self,
        field: String,
        (lo, hi): (u32, u32),
    ) -> Result<RangeInclusive<u32>, RulesError> {
        if lo > hi {
            return Err(self.err(
                field,
                format!("({lo}, {hi}) is empty: the first number exceeds the second"),
            ));
        }
        Ok(lo..=hi)
    }

    /// A closed range, not empty, whose ends both lie within `bounds`.
    pub fn range_within(
        &self,
        field: String,
        pair: (u32, u32),
        bounds: RangeInclusive<u32>,
    ) -> Result<RangeInclusive<u32>, RulesError> {
        let r = self.range(field.clone(), pair)?;
        if !bounds.contains(r.start()) || !bounds.contains(r.end()) {
            return Err(self.err(
                field,
                format!(
                    "is ({}, {}); both numbers must lie in {}..={}",
                    pair.0,
                    pair.1,
                    bounds.start(),
                    bounds.end()
                ),
            ));
        }
        Ok(r)
    }

    /// A list's length within `bounds`.
    pub fn count(
        &self,
        field: impl Into<String>,
        len: usize,
        bounds: RangeInclusive<usize>,
    ) -> Result<(), RulesError> {
        if !bounds.contains(&len) {
            return Err(self.err(
                field,
                format!(
                    "lists {len}; the number of entries must lie in {}..={}",
                    bounds.start(),
                    bounds.end()
                ),
            ));
        }
        Ok(())
    }

    /// A name: not empty, at most [`MAX_NAME`] characters.
    pub fn name(&self, field: impl Into<String>, n: &str) -> Result<(), RulesError> {
        if n.trim().is_empty() {
            return Err(self.err(field, "is empty"));
        }
        let len = n.chars().count();
        if len > MAX_NAME {
            return Err(self.err(
                field,
                format!("is {len} characters long; a name has at most {MAX_NAME}"),
            ));
        }
        Ok(())
    }

    /// An effect text: at most [`MAX_TEXT`] characters (it may be empty).
    pub fn text(&self, field: impl Into<String>, t: &str) -> Result<(), RulesError> {
        let len = t.chars().count();
        if len > MAX_TEXT {
            return Err(self.err(
                field,
                format!("is {len} characters long; a text has at most {MAX_TEXT}"),
            ));
        }
        Ok(())
    }

    /// Names that are neither empty, too long nor repeated (ignoring case).
    pub fn unique<'n>(
        &self,
        list: &str,
        names: impl Iterator<Item = &'n String>,
    ) -> Result<(), RulesError> {
        let mut seen = HashSet::new();
        for (i, n) in names.enumerate() {
            self.name(format!("{list}[{i}].name"), n)?;
            if !seen.insert(n.to_lowercase()) {
                return Err(self.err(
                    format!("{list}[{i}].name"),
                    format!("`{n}` is named twice in `{list}`"),
                ));
            }
        }
        Ok(())
    }

    pub fn colour(&self, field: String, s: &str) -> Result<[u8; 3], RulesError> {
        let hex = s.strip_prefix('#').unwrap_or("");
        if hex.len() == 6
            && let Ok(v) = u32::from_str_radix(hex, 16)
        {
            return Ok([(v >> 16) as u8, (v >> 8) as u8, v as u8]);
        }
        Err(self.err(
            field,
            format!("`{s}` is not a colour; write it as \"#rrggbb\""),
        ))
    }

    /// A path a rule file names (`reference`, as written in `field`), resolved against the folder
    /// of the file naming it (`self.source`). It must be relative, hold no `..`, and (links
    /// followed) stay inside that folder; it is refused so even when the file it names is valid.
    /// Returns the path to read; reading it is the caller's (with [`super::read_rule_file`]).
    pub fn inner_path(&self, field: &str, reference: &str) -> Result<PathBuf, RulesError> {
        let p = Path::new(self.reference(field, reference)?);
        let folder = Path::new(self.source).parent().unwrap_or(Path::new(""));
        let path = folder.join(p);
        // Links: the file as found must still lie under the folder as found.
        let base = if folder.as_os_str().is_empty() {
            Path::new(".")
        } else {
            folder
        };
        if let (Ok(base), Ok(real)) = (base.canonicalize(), path.canonicalize())
            && !real.starts_with(&base)
        {
            return Err(self.err(
                field,
                format!(
                    "`{reference}` leads to {} through a link, outside {}; {INNER_RULE}",
                    real.display(),
                    base.display()
                ),
            ));
        }
        Ok(path)
    }

    /// A path a rule file names, as written: not empty, relative, no `..` (on any system's
    /// separators). Returns it.
    pub fn reference<'r>(&self, field: &str, reference: &'r str) -> Result<&'r str, RulesError> {
        let p = Path::new(reference);
        if reference.trim().is_empty() {
            return Err(self.err(field, format!("is empty; {INNER_RULE}")));
        }
        // `\` and a drive letter count too, so a file written on one system means the same on all.
        let windows_absolute = reference.starts_with('\\')
            || reference.as_bytes().get(1) == Some(&b':')
            || reference.contains(":\\");
        if p.is_absolute() || p.has_root() || windows_absolute {
            return Err(self.err(
                field,
                format!("`{reference}` is an absolute path; {INNER_RULE}"),
            ));
        }
        let climbs = p.components().any(|c| c == Component::ParentDir)
            || reference.split(['/', '\\']).any(|part| part == "..");
        if climbs {
            return Err(self.err(
                field,
                format!("`{reference}` climbs out with `..`; {INNER_RULE}"),
            ));
        }
        Ok(reference)
    }
}

const INNER_RULE: &str =
    "a path in a rule file must be relative and stay inside the rule file's folder";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_outside_their_range_name_the_field_and_the_limit() {
        let c = Check { source: "r.ron" };
        let e = c
            .within("features[3].effect.radius", 40000u32, 0..=16)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "r.ron: field `features[3].effect.radius`: is 40000; must lie in 0..=16"
        );
        assert_eq!(c.within("x", 16u32, 0..=16), Ok(16));
        for w in [f64::NAN, f64::INFINITY, -1.0, 1e308, 1_000_000.5] {
            let e = c.weight("w".into(), w).unwrap_err();
            assert!(e.message.contains("0..=1000000"), "{e}");
        }
        assert_eq!(c.weight("w".into(), 1e6), Ok(1e6));
        let e = c.range_within("s".into(), (1, 31), 0..=30).unwrap_err();
        assert!(e.message.contains("0..=30"), "{e}");
        let e = c.count("l", 1001, 1..=MAX_LIST).unwrap_err();
        assert!(e.message.contains("1..=1000"), "{e}");
        let long = "x".repeat(MAX_NAME + 1);
        let e = c.unique("biomes", [long].iter()).unwrap_err();
        assert!(e.message.contains("at most 64"), "{e}");
        assert!(c.text("t", &"é".repeat(MAX_TEXT)).is_ok());
        assert!(c.text("t", &"é".repeat(MAX_TEXT + 1)).is_err());
    }

    #[test]
    fn paths_are_relative_and_stay_in_the_folder() {
        let c = Check {
            source: "assets/rules/storm.ron",
        };
        let inside = "inside the rule file's folder";
        for bad in [
            "/etc/passwd",
            "../storm/settlement.ron",
            "a/../../b.ron",
            "..",
            "\\\\server\\share\\t.ron",
            "C:\\t.ron",
            "c:t.ron",
            "sub\\..\\..\\t.ron",
            "",
        ] {
            let e = c.inner_path("settlement.template", bad).unwrap_err();
            assert_eq!(e.field.as_deref(), Some("settlement.template"), "{bad}");
            assert!(e.message.contains(inside), "{bad}: {e}");
        }
        assert_eq!(
            c.inner_path("t", "storm-settlement.ron").unwrap(),
            Path::new("assets/rules/storm-settlement.ron")
        );
        assert_eq!(
            c.inner_path("t", "./sub/t.ron").unwrap(),
            Path::new("assets/rules/./sub/t.ron")
        );
        let bare = Check {
            source: "storm.ron",
        };
        assert_eq!(bare.inner_path("t", "t.ron").unwrap(), Path::new("t.ron"));
    }

    #[cfg(unix)]
    #[test]
    fn a_link_out_of_the_folder_is_refused() {
        let dir = std::env::temp_dir().join(format!("aeternus-inner-path-{}", std::process::id()));
        let rules = dir.join("rules");
        std::fs::create_dir_all(&rules).unwrap();
        std::fs::write(dir.join("outside.ron"), "x").unwrap();
        std::fs::write(rules.join("inside.ron"), "x").unwrap();
        let link = rules.join("link.ron");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(dir.join("outside.ron"), &link).unwrap();
        let folder_link = rules.join("up");
        let _ = std::fs::remove_file(&folder_link);
        std::os::unix::fs::symlink(&dir, &folder_link).unwrap();
        let source = rules.join("storm.ron").display().to_string();
        let c = Check { source: &source };
        assert!(c.inner_path("t", "inside.ron").is_ok());
        for bad in ["link.ron", "up/outside.ron"] {
            let e = c.inner_path("t", bad).unwrap_err();
            assert!(e.message.contains("through a link"), "{e}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
