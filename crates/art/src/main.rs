//! Paints the game's art into `assets/art` (or the folder given), and the example mod's own
//! biome tiles into its folder: `cargo run --bin art`.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("assets/art"),
        PathBuf::from,
    );
    // The example mod's own biome gets its tiles too, in the mod's folder (with the default art).
    let example =
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("assets/mods/example");
    let wrote = match std::env::args_os().nth(1) {
        None => aeternus_art::write_example_mod(&example),
        Some(_) => Ok(Vec::new()),
    };
    if let Err(e) = wrote {
        eprintln!(
            "cannot write the example mod's art into {}: {e}",
            example.display()
        );
        return ExitCode::FAILURE;
    }
    match aeternus_art::write_all(&dir) {
        Ok(files) => {
            let bytes: u64 = (files.iter())
                .filter_map(|f| std::fs::metadata(f).ok())
                .map(|m| m.len())
                .sum();
            println!("{} files, {bytes} bytes, in {}", files.len(), dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot write the art into {}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}
