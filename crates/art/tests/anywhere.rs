//! The painter runs from any working folder: what it paints from (the default rulesets and the
//! example mod's rules) is embedded in the binary.

use std::process::Command;

#[test]
fn the_painter_paints_from_a_folder_of_its_own() {
    let dir = std::env::temp_dir().join(format!("aeternus-art-anywhere-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_art"))
        .arg("painted")
        .current_dir(&dir)
        .env_remove("CARGO_MANIFEST_DIR")
        .output()
        .expect("the painter runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let painted = dir.join("painted");
    assert!(painted.join("README.md").is_file(), "the art's README");
    assert!(painted.join("tiles/aeternus/meadow.png").is_file());
    assert!(painted.join("sprites/flag.png").is_file());
    std::fs::remove_dir_all(&dir).ok();
}
