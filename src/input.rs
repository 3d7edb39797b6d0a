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
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read the file: {e}"))?;
    // Checked on the opened file, so a swap between the check and the read cannot fool it.
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot read the file: {e}"))?;
    if !meta.is_file() {
        return Err("is not a regular file (a folder, a pipe or a device is never read)".into());
    }
    read_limited(file, cap)
}

/// Reads a stream (standard input, say) as UTF-8 text of at most `cap` bytes.
pub fn read_limited(r: impl Read, cap: u64) -> Result<String, String> {
    let mut bytes = Vec::new();
    r.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the file: {e}"))?;
    if bytes.len() as u64 > cap {
        return Err(format!("is larger than the limit of {cap} bytes"));
    }
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
}
