//! The names of the art's files under `art/`: what the painter (`crates/art`) writes and the
//! view's art loader reads, kept in one place so the two cannot drift apart.

/// How many tiles each biome gets: the same land drawn anew, so a map of one biome does not
/// repeat one picture (all share the size and the mean colour).
pub const TILE_VARIANTS: u32 = 3;

/// A name as a file name: lower case, words joined by `-` ("Deceased Dunes" -> "deceased-dunes").
pub fn kebab(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    words.join("-")
}

/// Where the `v`-th tile of a biome goes: `tiles/<folder>/<biome>.png` for the first,
/// `<biome>-2.png` and on for the others.
pub fn tile_path(folder: &str, biome: &str, v: u32) -> String {
    match v {
        0 => format!("tiles/{folder}/{}.png", kebab(biome)),
        _ => format!("tiles/{folder}/{}-{}.png", kebab(biome), v + 1),
    }
}
