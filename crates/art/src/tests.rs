//! The painter's tests: the committed art is what it paints, every biome has its tiles, tiles
//! keep their biome's colour and texture, sprites stay clear around and small.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::*;

/// The art, painted once for all the tests.
fn art() -> &'static [Piece] {
    static ART: OnceLock<Vec<Piece>> = OnceLock::new();
    ART.get_or_init(pieces)
}

fn committed() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("assets/art")
}

/// Every file under `dir`, relative to it, with `/`.
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap();
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

fn decode(piece: &Piece) -> image::RgbaImage {
    image::load_from_memory(&piece.png)
        .unwrap_or_else(|e| panic!("{}: {e}", piece.path))
        .to_rgba8()
}

fn tiles() -> impl Iterator<Item = &'static Piece> {
    art().iter().filter(|p| p.path.starts_with("tiles/"))
}

/// The opaque pixels' colours.
fn inside(img: &image::RgbaImage) -> Vec<[f32; 3]> {
    (img.pixels())
        .filter(|p| p[3] == 255)
        .map(|p| [p[0] as f32, p[1] as f32, p[2] as f32])
        .collect()
}

#[test]
fn the_committed_art_is_byte_for_byte_what_the_program_paints() {
    let dir = std::env::temp_dir().join(format!("aeternus-art-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    write_all(&dir).unwrap();
    let made = files(&dir);
    assert_eq!(
        files(&committed()),
        made,
        "the art folder holds exactly what the program writes: run `cargo run --bin art`"
    );
    for f in &made {
        let (new, old) = (
            std::fs::read(dir.join(f)).unwrap(),
            std::fs::read(committed().join(f)).unwrap(),
        );
        assert!(
            new == old,
            "{f} differs from what the program paints: run `cargo run --bin art`"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_biome_of_both_default_rulesets_has_its_tile() {
    let paths: Vec<&str> = art().iter().map(|p| p.path.as_str()).collect();
    for (folder, biomes) in default_biomes() {
        for (name, _) in biomes {
            let path = format!("tiles/{folder}/{}.png", kebab(&name));
            assert_eq!(path, tile_path(folder, &name, 0));
            for v in 0..tiles::VARIANTS {
                let path = tile_path(folder, &name, v);
                assert!(paths.contains(&path.as_str()), "{name}: no {path}");
                assert!(committed().join(&path).exists(), "{path} is not committed");
            }
        }
    }
    assert_eq!(kebab("Deceased Dunes"), "deceased-dunes");
}

/// Within this of the biome's colour per channel, out of 255.
const MEAN_TOLERANCE: f32 = 12.0;
/// The standard deviation of the luminance inside the hex is above this, out of 255.
const MIN_VARIATION: f32 = 10.0;

#[test]
fn a_tiles_mean_colour_is_its_biomes() {
    let mut want: Vec<(String, [u8; 3])> = Vec::new();
    for (folder, biomes) in default_biomes() {
        for (name, colour) in biomes {
            want.extend((0..tiles::VARIANTS).map(|v| (tile_path(folder, &name, v), colour)));
        }
    }
    assert_eq!(tiles().count(), want.len());
    for (path, colour) in want {
        let piece = (art().iter().find(|p| p.path == path)).unwrap();
        let px = inside(&decode(piece));
        for i in 0..3 {
            let mean = px.iter().map(|p| p[i]).sum::<f32>() / px.len() as f32;
            let want = colour[i] as f32;
            assert!(
                (mean - want).abs() <= MEAN_TOLERANCE,
                "{}: channel {i} averages {mean:.1}, the biome's is {want}",
                piece.path
            );
        }
    }
}

#[test]
fn a_biomes_variants_differ() {
    for (folder, biomes) in default_biomes() {
        for (name, _) in biomes {
            let pngs: Vec<&Vec<u8>> = (0..tiles::VARIANTS)
                .map(|v| {
                    &art()
                        .iter()
                        .find(|p| p.path == tile_path(folder, &name, v))
                        .unwrap()
                        .png
                })
                .collect();
            for (i, a) in pngs.iter().enumerate() {
                assert!(
                    pngs[i + 1..].iter().all(|b| b != a),
                    "{name}: two variants alike"
                );
            }
        }
    }
}

#[test]
fn a_recoloured_biome_gets_a_tile_of_its_new_colour() {
    for colour in [[200, 40, 40], [20, 20, 30], [240, 240, 235]] {
        let c = tiles::tile("Meadow", colour);
        let px: Vec<[u8; 4]> = (c.rgba8().chunks(4))
            .map(|p| [p[0], p[1], p[2], p[3]])
            .filter(|p| p[3] == 255)
            .collect();
        for i in 0..3 {
            let mean = px.iter().map(|p| p[i] as f32).sum::<f32>() / px.len() as f32;
            assert!(
                (mean - colour[i] as f32).abs() <= MEAN_TOLERANCE,
                "{colour:?}: {mean}"
            );
        }
    }
}

#[test]
fn tiles_are_textured_not_flat() {
    for piece in tiles() {
        let lum: Vec<f32> = (inside(&decode(piece)).iter())
            .map(|p| 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2])
            .collect();
        let mean = lum.iter().sum::<f32>() / lum.len() as f32;
        let var = lum.iter().map(|l| (l - mean) * (l - mean)).sum::<f32>() / lum.len() as f32;
        assert!(
            var.sqrt() > MIN_VARIATION,
            "{}: the luminance varies by only {:.1}",
            piece.path,
            var.sqrt()
        );
    }
}

#[test]
fn sprites_have_clear_surroundings_and_the_tinted_ones_are_grey() {
    let sprites: Vec<&Piece> = art()
        .iter()
        .filter(|p| p.path.starts_with("sprites/"))
        .collect();
    let storm = aeternus_core::storm::rules::StormRules::embedded().unwrap();
    // Town, corruption, flag, pylon, ring, station, boardwalk, the token and its 7 arcs, star,
    // capital, the seals, two reservations.
    assert_eq!(sprites.len(), 19 + storm.seals.len());
    for piece in sprites {
        let img = decode(piece);
        let alphas: Vec<u8> = img.pixels().map(|p| p[3]).collect();
        assert!(alphas.contains(&0), "{}: no transparency", piece.path);
        assert!(
            alphas.iter().any(|&a| a > 200),
            "{}: nothing solid",
            piece.path
        );
        let tinted = ["flag", "site"]
            .iter()
            .any(|n| piece.path == format!("sprites/{n}.png"))
            || piece.path.starts_with("sprites/token");
        if tinted {
            for p in img.pixels() {
                assert!(p[0] == p[1] && p[1] == p[2], "{}: not grey", piece.path);
            }
            // Largely light, so the tint shows as the colour itself (the edges are dark).
            let solid: Vec<u8> = img.pixels().filter(|p| p[3] == 255).map(|p| p[0]).collect();
            let light = solid.iter().filter(|&&v| v > 150).count();
            assert!(light * 3 > solid.len(), "{}: too dark to tint", piece.path);
            assert!(solid.contains(&255), "{}: no white", piece.path);
        }
    }
}

#[test]
fn the_art_is_small() {
    let total: usize = art().iter().map(|p| p.png.len()).sum();
    assert!(total < 500_000, "{total} bytes of PNG");
}

#[test]
fn styles_follow_the_biomes_words() {
    use tiles::{Style, style_of};
    for (name, style) in [
        ("Meadow", Style::Meadow),
        ("Deceased Dunes", Style::Dunes),
        ("Forest", Style::Forest),
        ("Perilous Pass", Style::Rocks),
        ("Swamp", Style::Swamp),
        ("Lake", Style::Water),
        ("Citadel", Style::Paving),
        ("Sealed Forest", Style::Pines),
        ("Heath", Style::Heath),
        ("Birchwood", Style::Birches),
        ("Thornbrake", Style::Thorns),
        ("Fen", Style::Swamp),
        ("Stormcrag", Style::Rocks),
        ("Blackwater", Style::Water),
        ("Ashen Waste", Style::Ash),
        ("Glasswind Flats", Style::Flats),
        ("Nowhere", Style::Plain),
    ] {
        assert_eq!(style_of(name), style, "{name}");
    }
}

#[test]
fn the_example_mods_tiles_are_what_the_program_paints() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("assets/mods/example");
    let pieces = super::example_mod_pieces();
    assert!(!pieces.is_empty(), "the example mod adds a biome");
    for p in pieces {
        let old = std::fs::read(dir.join(&p.path))
            .unwrap_or_else(|_| panic!("{} is missing: run `cargo run --bin art`", p.path));
        assert!(
            old == p.png,
            "{} differs: run `cargo run --bin art`",
            p.path
        );
    }
}
