//! Writing a save so that nothing already saved is ever lost: the text goes to a temporary file
//! of a unique name beside the save (created new, so a file or a symlink planted at that name is
//! never followed or overwritten), is synced to disk, the previous save is kept as `NAME.bak`
//! (a hard link, or a copy where links are not supported, renamed into place), the temporary
//! file is renamed over the save, and the folder is synced so the rename lasts.
//!
//! A crash at any step leaves the save whole: the old one until the rename, the new one after
//! it, and the previous one in `NAME.bak` from the backup on. A crash may leave a temporary
//! `.NAME.*.tmp` beside it, which no later save reads or reuses.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Where the previous save is kept: `NAME.bak` beside it.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Writes `text` to `path` atomically, keeping the previous save as `NAME.bak`.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    write_with(path, text.as_bytes(), None)
}

/// The steps of a write a test may stop it at, as a crash would (nothing cleaned up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FailPoint {
    /// The text is in the temporary file, not yet synced.
    Written,
    /// The temporary file is synced; the backup not yet made.
    Synced,
    /// The backup is made; the save not yet renamed into place.
    BackedUp,
    /// The new save is in place; the folder not yet synced.
    Renamed,
}

impl FailPoint {
    #[cfg(test)]
    pub const ALL: [FailPoint; 4] = [
        FailPoint::Written,
        FailPoint::Synced,
        FailPoint::BackedUp,
        FailPoint::Renamed,
    ];
}

fn crash(at: FailPoint, fail: Option<FailPoint>) -> io::Result<()> {
    if fail == Some(at) {
        return Err(io::Error::other(format!("stopped {at:?}")));
    }
    Ok(())
}

/// [`write_atomic`], stopping at `fail` as a crash would.
pub(crate) fn write_with(path: &Path, bytes: &[u8], fail: Option<FailPoint>) -> io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "a save needs a file name"))?;
    let name = name.to_string_lossy().into_owned();
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let (tmp, mut file) = create_unique(&dir, &name)?;
    let written = |file: &mut File| -> io::Result<()> {
        file.write_all(bytes)?;
        crash(FailPoint::Written, fail)?;
        file.sync_all()?;
        crash(FailPoint::Synced, fail)?;
        keep_backup(path, &dir, &name)?;
        crash(FailPoint::BackedUp, fail)?;
        std::fs::rename(&tmp, path)?;
        crash(FailPoint::Renamed, fail)?;
        sync_dir(&dir)
    };
    let done = written(&mut file);
    // A real failure (not a stop standing in for a crash) leaves no temporary file behind.
    if done.is_err() && fail.is_none() {
        let _ = std::fs::remove_file(&tmp);
    }
    done
}

/// Numbers temporary names, so writers in one process never pick the same.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// How many names to try before giving up (each taken one was planted or left by a crash).
const TRIES: u32 = 64;

/// A new file `.NAME.PID-N.tmp` in `dir`, created exclusively: an existing file or symlink at
/// that name is never opened, and the next name is tried.
fn create_unique(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    for _ in 0..TRIES {
        let tmp = dir.join(temp_name(name, NEXT.fetch_add(1, Ordering::Relaxed)));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free temporary name beside the save",
    ))
}

fn temp_name(name: &str, n: u64) -> String {
    format!(".{name}.{}-{n}.tmp", std::process::id())
}

/// Keeps the save now at `path`, if any, as `NAME.bak`: linked (or copied) to a new temporary
/// name, then renamed over the old backup, so a backup is always whole.
fn keep_backup(path: &Path, dir: &Path, name: &str) -> io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => {}
        // Nothing saved yet, or not a plain file (a symlink is replaced, never followed).
        Ok(_) => return Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    }
    let bak_name = format!("{name}.bak");
    for _ in 0..TRIES {
        let tmp = dir.join(temp_name(&bak_name, NEXT.fetch_add(1, Ordering::Relaxed)));
        // Neither a link nor a new file is ever made over an existing name.
        let made = match std::fs::hard_link(path, &tmp) {
            Err(e) if e.kind() != io::ErrorKind::AlreadyExists => copy_new(path, &tmp),
            done => done,
        };
        match made {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            made => {
                let done = made.and_then(|()| std::fs::rename(&tmp, backup_path(path)));
                // A rename onto another link of the same file does nothing: the name is ours.
                let _ = std::fs::remove_file(&tmp);
                return done;
            }
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free temporary name for the backup",
    ))
}

/// Copies `from` to the new file `to` (never an existing one), synced.
fn copy_new(from: &Path, to: &Path) -> io::Result<()> {
    let mut src = File::open(from)?;
    let mut dst = OpenOptions::new().write(true).create_new(true).open(to)?;
    io::copy(&mut src, &mut dst)?;
    dst.sync_all()
}

/// Syncs a folder so a rename in it survives a crash (where folders can be opened).
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// The next temporary names a write in this process may take for `name` (tests plant files
/// there).
#[cfg(test)]
pub(crate) fn next_temp_names(name: &str, n: u64) -> Vec<String> {
    let next = NEXT.load(Ordering::Relaxed);
    (next..next + n).map(|i| temp_name(name, i)).collect()
}
