//! Reading files from outside: only regular files (a FIFO or a device is refused, never read
//! forever), never more than a cap, and text only.

use std::io::Read;
use std::path::Path;

/// The largest rule file, template, site file or hex list read.
pub const MAX_RULE_FILE: u64 = 1 << 20;

/// The largest saved game read: a full world of [`crate::world::limits::MAX_HEXES`] hexes at
/// about 40 bytes a line fits.
pub const MAX_SAVE_FILE: u64 = 1 << 30;

/// Reads `path` as UTF-8 text of at most `cap` bytes; the error says why in words (the caller
/// names the file).
pub fn read_capped(path: &Path, cap: u64) -> Result<String, String> {
    text(read_bytes_capped(path, cap)?)
}

/// Reads `path`, a regular file of at most `cap` bytes; the error says why in words.
pub fn read_bytes_capped(path: &Path, cap: u64) -> Result<Vec<u8>, String> {
    let not_regular = || "is not a regular file (a folder, a pipe or a device is never read)";
    // Asked before opening: opening a FIFO for reading waits for a writer, maybe for ever.
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read the file: {e}"))?;
    if !meta.is_file() {
        return Err(not_regular().into());
    }
    let file = open_without_waiting(path).map_err(|e| format!("cannot read the file: {e}"))?;
    // Asked again of the opened file: a swap since the first look cannot fool it.
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot read the file: {e}"))?;
    if !meta.is_file() {
        return Err(not_regular().into());
    }
    bytes_limited(file, cap)
}

/// Opens for reading without blocking on a FIFO put in place after the first look (a regular
/// file reads the same either way).
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// Reads a stream (standard input, say) as UTF-8 text of at most `cap` bytes.
pub fn read_limited(r: impl Read, cap: u64) -> Result<String, String> {
    text(bytes_limited(r, cap)?)
}

fn bytes_limited(r: impl Read, cap: u64) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    r.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the file: {e}"))?;
    if bytes.len() as u64 > cap {
        return Err(format!("is larger than the limit of {cap} bytes"));
    }
    Ok(bytes)
}

/// Bytes as UTF-8 text, or which byte is not.
pub fn text(bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_folders_and_large_files_are_refused() {
        let e = read_capped(Path::new("/dev/zero"), 10).unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
        let e = read_capped(Path::new("src"), 10).unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
        let e = read_capped(Path::new("Cargo.toml"), 10).unwrap_err();
        assert!(e.contains("limit of 10 bytes"), "{e}");
        assert!(read_capped(Path::new("Cargo.toml"), MAX_RULE_FILE).is_ok());
        let e = read_limited(&[0xff, 0xfe][..], 10).unwrap_err();
        assert!(e.contains("UTF-8"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let dir = std::env::temp_dir().join(format!("aeternus-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("rules.ron");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = read_capped(&fifo, MAX_RULE_FILE).unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
