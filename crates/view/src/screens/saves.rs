//! The Load list: the saves and autosaves in the saves folder, newest first, each with its
//! seed, phase and the file's date, or why it is broken. Every file there is hostile: only
//! regular `.ron` files are listed, at most [`MAX_LISTED`], names are cleaned and cut, and a
//! save is previewed only up to [`MAX_PREVIEW`] bytes (loading it checks it whole).

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use aeternus_core::save::SaveGame;

/// The most saves listed (the newest).
pub const MAX_LISTED: usize = 40;
/// The largest save previewed in the list; a larger one is listed as such and can still be
/// loaded.
pub const MAX_PREVIEW: u64 = 64 << 20;
/// The most characters of a file name or a reason shown.
pub const MAX_SHOWN: usize = 60;

/// One save in the list.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    pub path: PathBuf,
    /// The file name, cleaned for the screen.
    pub name: String,
    pub modified: Option<SystemTime>,
    /// Its seed and phase, or why it cannot be loaded.
    pub summary: Result<(u64, u32), String>,
}

impl Listed {
    /// One line of the list.
    pub fn line(&self) -> String {
        let date = self.modified.map_or_else(|| "no date".into(), date);
        match &self.summary {
            Ok((seed, phase)) => {
                format!("{}  seed {seed}, phase {phase}  {date}", self.name)
            }
            Err(why) => format!("{}  broken: {why}  {date}", self.name),
        }
    }
}

/// Printable characters only, at most [`MAX_SHOWN`] of them.
pub fn shown(text: &str) -> String {
    let mut out: String = text
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .take(MAX_SHOWN)
        .collect();
    if text.chars().count() > MAX_SHOWN {
        out.push('…');
    }
    out
}

/// The saves in `folder`, newest first (by the file's date, then name).
pub fn list(folder: &Path) -> Vec<Listed> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<(Option<SystemTime>, PathBuf)> = entries
        .flatten()
        // A folder with a million files is not read to the end.
        .take(MAX_LISTED * 64)
        .filter_map(|e| {
            let path = e.path();
            let name = path.file_name()?.to_str()?;
            // Hidden files are the writer's temporary files; `.bak` are backups.
            if name.starts_with('.') || !name.ends_with(".ron") {
                return None;
            }
            // Never followed: a symlink or a device is no save.
            let meta = std::fs::symlink_metadata(&path).ok()?;
            meta.is_file().then(|| (meta.modified().ok(), path))
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found.truncate(MAX_LISTED);
    found
        .into_iter()
        .map(|(modified, path)| Listed {
            name: shown(&path.file_name().unwrap_or_default().to_string_lossy()),
            summary: preview(&path),
            modified,
            path,
        })
        .collect()
}

/// A save's seed and phase, read without building its world.
fn preview(path: &Path) -> Result<(u64, u32), String> {
    let save = aeternus_core::rules::read_file_capped(path, MAX_PREVIEW)
        .and_then(|(text, source)| SaveGame::from_ron(&text, &source))
        .map_err(|e| shown(&e.to_string().replace(&path.display().to_string(), "")))?;
    Ok((save.seed, save.phase))
}

/// A file's date in UTC, `YYYY-MM-DD HH:MM`.
pub fn date(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Days to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_are_civil_utc() {
        let at = |s| date(SystemTime::UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01 00:00");
        assert_eq!(at(951_782_400), "2000-02-29 00:00");
        assert_eq!(at(1_796_301_000), "2026-12-03 12:30");
    }

    #[test]
    fn names_and_reasons_are_cleaned_and_cut() {
        assert_eq!(shown("a\nb\u{1b}[31m"), "a?b?[31m");
        let long = "x".repeat(500);
        assert_eq!(shown(&long).chars().count(), MAX_SHOWN + 1);
    }

    #[test]
    fn the_list_shows_good_and_broken_saves_and_skips_what_is_no_save() {
        let dir = std::env::temp_dir().join(format!("aeternus-saves-list-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("folder.ron")).unwrap();
        let good = include_str!("../../../../tests/hostile/saves/played.data.ron");
        std::fs::write(dir.join("good.ron"), good).unwrap();
        std::fs::write(dir.join("broken.ron"), "(version: 1, seed: ").unwrap();
        std::fs::write(dir.join("text.ron"), [0xff, 0xfe, 0x00]).unwrap();
        std::fs::write(dir.join(".hidden.ron"), good).unwrap();
        std::fs::write(dir.join("good.ron.bak"), good).unwrap();
        std::fs::write(dir.join("notes.txt"), "x").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.join("good.ron"), dir.join("link.ron")).unwrap();
        let listed = list(&dir);
        let mut names: Vec<&str> = listed.iter().map(|l| l.name.as_str()).collect();
        names.sort();
        assert_eq!(names, ["broken.ron", "good.ron", "text.ron"]);
        for l in &listed {
            assert_eq!(l.summary.is_ok(), l.name == "good.ron", "{}", l.line());
            assert!(!l.line().contains('\n'));
        }
        assert!(list(&dir.join("missing")).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
