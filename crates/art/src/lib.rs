//! The game's art, painted by code into PNG files under `assets/art` (`cargo run --bin art`):
//! a tile per biome of the default rulesets and the sprites of the map views. No Bevy here:
//! plain pixels, a deterministic noise and the `image` crate's PNG encoder, so the files come
//! out byte for byte the same on every run. The biomes' names and colours come from the embedded
//! rules, so a recoloured ruleset gets matching tiles when the program is run again.

pub mod noise;
pub mod sprites;
pub mod tiles;

pub use aeternus_core::mods::art_files::{kebab, tile_path};

use std::io;
use std::ops::{Add, Mul, Sub};
use std::path::{Path, PathBuf};

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};

/// A hex's circumradius in world units: the map views' `render::HEX_SIZE` (a test checks).
pub const HEX_SIZE: f32 = 32.0;
/// Tiles are painted this much larger than their cell, as the white hex texture is.
const BLEED: f32 = 0.5;
/// Sprites have this many pixels per world unit, as the map views' shapes do.
pub const TEXELS: f32 = 2.0;
/// Samples per pixel side: edges are anti-aliased from `SAMPLES`² samples.
const SAMPLES: u32 = 4;
pub const SAMPLES_PER_PIXEL: u32 = SAMPLES * SAMPLES;

/// A point in pixels from a canvas's centre, y down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pt {
    pub x: f32,
    pub y: f32,
}

impl Pt {
    pub const fn new(x: f32, y: f32) -> Pt {
        Pt { x, y }
    }

    pub fn len(self) -> f32 {
        self.dot(self).sqrt()
    }

    pub fn dot(self, o: Pt) -> f32 {
        self.x * o.x + self.y * o.y
    }
}

impl Add for Pt {
    type Output = Pt;
    fn add(self, o: Pt) -> Pt {
        Pt::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Pt {
    type Output = Pt;
    fn sub(self, o: Pt) -> Pt {
        Pt::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f32> for Pt {
    type Output = Pt;
    fn mul(self, k: f32) -> Pt {
        Pt::new(self.x * k, self.y * k)
    }
}

/// A colour in sRGB, each channel in [0, 1].
pub type Rgb = [f32; 3];

pub fn rgb8([r, g, b]: [u8; 3]) -> Rgb {
    [r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0]
}

/// `c` lighter (k > 1) or darker (k < 1).
pub fn shade(c: Rgb, k: f32) -> Rgb {
    c.map(|v| v * k)
}

pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

/// Straight (not premultiplied) RGBA pixels, each channel in [0, 1].
#[derive(Clone)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pixels: Vec<[f32; 4]>,
}

impl Canvas {
    /// A transparent canvas.
    pub fn new(width: u32, height: u32) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![[0.0; 4]; (width * height) as usize],
        }
    }

    /// An opaque canvas of one colour.
    pub fn filled(width: u32, height: u32, c: Rgb) -> Canvas {
        let mut canvas = Canvas::new(width, height);
        canvas.pixels.fill([c[0], c[1], c[2], 1.0]);
        canvas
    }

    fn centre(&self) -> Pt {
        Pt::new(self.width as f32 / 2.0, self.height as f32 / 2.0)
    }

    /// Where the pixel (x, y)'s sample (sx, sy) lies: the sample points of the white hex
    /// texture (`render::textures::draw`), so masks match it exactly.
    fn sample(&self, x: u32, y: u32, sx: u32, sy: u32) -> Pt {
        let n = SAMPLES as f32;
        Pt::new(
            x as f32 + (sx as f32 + 0.5) / n,
            y as f32 + (sy as f32 + 0.5) / n,
        ) - self.centre()
    }

    /// Paints `layer` over the whole canvas (see [`Canvas::paint_in`]).
    pub fn paint(&mut self, layer: impl Fn(Pt) -> Option<(Rgb, f32)>) {
        let c = self.centre();
        self.paint_in(Pt::new(-c.x, -c.y), c, layer);
    }

    /// Paints `layer` over the pixels touching the box from `min` to `max`: at each sample it
    /// gives a colour and its opacity (None where it does not cover), averaged over the pixel's
    /// samples and laid over what is there.
    pub fn paint_in(&mut self, min: Pt, max: Pt, layer: impl Fn(Pt) -> Option<(Rgb, f32)>) {
        let c = self.centre();
        let clamp = |v: f32, hi: u32| (v.max(0.0) as u32).min(hi);
        let (x0, y0) = (
            clamp((min.x + c.x).floor(), self.width),
            clamp((min.y + c.y).floor(), self.height),
        );
        let (x1, y1) = (
            clamp((max.x + c.x).ceil() + 1.0, self.width),
            clamp((max.y + c.y).ceil() + 1.0, self.height),
        );
        let n = (SAMPLES * SAMPLES) as f32;
        for y in y0..y1 {
            for x in x0..x1 {
                let (mut sum, mut alpha) = ([0.0f32; 3], 0.0f32);
                for sy in 0..SAMPLES {
                    for sx in 0..SAMPLES {
                        if let Some((colour, a)) = layer(self.sample(x, y, sx, sy)) {
                            for i in 0..3 {
                                sum[i] += colour[i] * a;
                            }
                            alpha += a;
                        }
                    }
                }
                if alpha > 0.0 {
                    let colour = sum.map(|s| s / alpha);
                    self.over(x, y, colour, alpha / n);
                }
            }
        }
    }

    fn over(&mut self, x: u32, y: u32, c: Rgb, a: f32) {
        let px = &mut self.pixels[(y * self.width + x) as usize];
        let below = px[3] * (1.0 - a);
        let out = a + below;
        for i in 0..3 {
            px[i] = (c[i] * a + px[i] * below) / out;
        }
        px[3] = out;
    }

    /// Changes every pixel by `f`, given the pixel's centre and its colour and opacity.
    pub fn each(&mut self, f: impl Fn(Pt, [f32; 4]) -> [f32; 4]) {
        let c = self.centre();
        for y in 0..self.height {
            for x in 0..self.width {
                let p = Pt::new(x as f32 + 0.5, y as f32 + 0.5) - c;
                let i = (y * self.width + x) as usize;
                self.pixels[i] = f(p, self.pixels[i]);
            }
        }
    }

    /// How many of each pixel's [`SAMPLES_PER_PIXEL`] samples `inside` holds at, row by row.
    pub fn coverage(&self, inside: impl Fn(Pt) -> bool) -> Vec<u32> {
        let mut out = Vec::with_capacity(self.pixels.len());
        for y in 0..self.height {
            for x in 0..self.width {
                let mut covered = 0;
                for sy in 0..SAMPLES {
                    for sx in 0..SAMPLES {
                        covered += inside(self.sample(x, y, sx, sy)) as u32;
                    }
                }
                out.push(covered);
            }
        }
        out
    }

    pub fn pixels_mut(&mut self) -> &mut [[f32; 4]] {
        &mut self.pixels
    }

    /// 8-bit RGBA, row by row.
    pub fn rgba8(&self) -> Vec<u8> {
        let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
        (self.pixels.iter())
            .flat_map(|&[r, g, b, a]| {
                // Fully clear pixels carry no colour, which also keeps the files small.
                if byte(a) == 0 {
                    [0; 4]
                } else {
                    [byte(r), byte(g), byte(b), byte(a)]
                }
            })
            .collect()
    }

    /// The canvas as a PNG file, compressed as far as the encoder goes.
    pub fn png(&self) -> Vec<u8> {
        let mut out = Vec::new();
        PngEncoder::new_with_quality(&mut out, CompressionType::Best, FilterType::Adaptive)
            .write_image(
                &self.rgba8(),
                self.width,
                self.height,
                image::ExtendedColorType::Rgba8,
            )
            .expect("encoding a PNG into memory does not fail");
        out
    }
}

/// The hex tile's size in pixels: the white hex texture's (`render::textures::hex_texture_size`):
/// as wide as the hex, as tall as it rounded up to whole pixels.
pub fn tile_size() -> (u32, u32) {
    (
        (2.0 * HEX_SIZE).round() as u32,
        (3f32.sqrt() * HEX_SIZE).ceil() as u32,
    )
}

/// How far inside a flat-topped hex of circumradius `r` (centred on the origin) `p` is; negative
/// outside. The same sums as `render::textures`, so the masks agree to the bit.
pub fn hex_depth(p: Pt, r: f32) -> f32 {
    let apothem = 3f32.sqrt() / 2.0 * r;
    let edge =
        p.y.abs()
            .max(p.x.abs() * 3f32.sqrt() / 2.0 + p.y.abs() / 2.0);
    apothem - edge
}

/// Distance from `p` to the segment `a`-`b`.
pub fn to_segment(p: Pt, a: Pt, b: Pt) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.dot(ab)).clamp(0.0, 1.0);
    (p - (a + ab * t)).len()
}

/// How far inside the convex polygon `corners` (either winding) `p` is: the distance to its
/// nearest edge's line, negative outside.
pub fn polygon_depth(p: Pt, corners: &[Pt]) -> f32 {
    let cross = |u: Pt, v: Pt| u.x * v.y - u.y * v.x;
    let n = corners.len();
    let area: f32 = (0..n)
        .map(|i| cross(corners[i], corners[(i + 1) % n]))
        .sum();
    let s = if area > 0.0 { 1.0 } else { -1.0 };
    let mut depth = f32::MAX;
    for i in 0..n {
        let (u, v) = (corners[i], corners[(i + 1) % n]);
        let e = v - u;
        depth = depth.min(s * cross(e, p - u) / e.len());
    }
    depth
}

/// The circumradius tiles are painted to.
pub fn tile_radius() -> f32 {
    HEX_SIZE + BLEED
}

/// One file of the art.
pub struct Piece {
    /// Relative to the art folder, with `/`.
    pub path: String,
    /// What it is, for the folder's README.
    pub about: String,
    pub width: u32,
    pub height: u32,
    /// The size it is drawn at in world units (the map's hex has circumradius [`HEX_SIZE`]).
    pub world: (f32, f32),
    pub png: Vec<u8>,
}

impl Piece {
    fn new(path: String, about: String, canvas: &Canvas, world: (f32, f32)) -> Piece {
        Piece {
            path,
            about,
            width: canvas.width,
            height: canvas.height,
            world,
            png: canvas.png(),
        }
    }
}

/// A ruleset's biomes: names and colours.
pub type Biomes = Vec<(String, [u8; 3])>;

/// The biomes of the default rulesets, by the folder their tiles go in.
pub fn default_biomes() -> Vec<(&'static str, Biomes)> {
    let aeternus = aeternus_core::rules::Rules::aeternus();
    let storm = aeternus_core::storm::rules::StormRules::embedded()
        .expect("the embedded storm rules are valid (checked by tests)");
    vec![
        (
            "aeternus",
            (aeternus.biomes.iter())
                .map(|b| (b.name.clone(), b.colour))
                .collect(),
        ),
        (
            "storm",
            (storm.biomes.iter())
                .map(|b| (b.name.clone(), b.colour))
                .collect(),
        ),
    ]
}

/// Every piece of the art, tiles first.
pub fn pieces() -> Vec<Piece> {
    let mut out = Vec::new();
    let world = tile_size();
    for (folder, biomes) in default_biomes() {
        for (name, colour) in biomes {
            let [r, g, b] = colour;
            for v in 0..tiles::VARIANTS {
                let about = match v {
                    0 => format!("{name} tile, around #{r:02x}{g:02x}{b:02x}"),
                    _ => format!("{name} tile, variant {}", v + 1),
                };
                out.push(Piece::new(
                    tile_path(folder, &name, v),
                    about,
                    &tiles::variant(&name, colour, v),
                    (world.0 as f32, world.1 as f32),
                ));
            }
        }
    }
    let storm = aeternus_core::storm::rules::StormRules::embedded()
        .expect("the embedded storm rules are valid (checked by tests)");
    for s in sprites::sprites(&storm) {
        let world = (
            s.canvas.width as f32 / TEXELS,
            s.canvas.height as f32 / TEXELS,
        );
        out.push(Piece::new(
            format!("sprites/{}.png", s.name),
            s.about,
            &s.canvas,
            world,
        ));
    }
    out
}

/// The art folder's README: what each file is, its size, and how it is made.
pub fn readme(pieces: &[Piece]) -> String {
    let total: usize = pieces.iter().map(|p| p.png.len()).sum();
    let mut s = String::from(
        "# The game's art\n\n\
         Made by a program, not by hand: `cargo run --bin art` paints every file here anew \
         (`src/art/`, deterministic: the same bytes on every run; a test checks the files here \
         are exactly what it makes). Tiles take their biome's name and colour from the embedded \
         rules (`assets/rules/aeternus.ron`, `assets/rules/storm.ron`): recolour a biome there \
         and run the program again. Do not edit these files by hand.\n\n\
         Tiles are flat-topped hexes with clear corners, all one size: the map's white hex \
         texture's. Their mean colour inside the hex is the biome's colour. Each biome has \
         `<biome>.png` and variants `<biome>-2.png`, `<biome>-3.png`: the same land drawn \
         anew, to pick among by hex so a stretch of one biome does not repeat one picture. Sprites drawn in \
         white and greys take a tint (a faction's colour, a magic path's); the others are \
         drawn in their own colours. World size: the size a sprite is drawn at, in world units \
         (a hex is 64 wide); sprites have 2 pixels per world unit.\n\n\
         | file | what | pixels | world size | bytes |\n|---|---|---|---|---|\n",
    );
    for p in pieces {
        s.push_str(&format!(
            "| `{}` | {} | {}x{} | {}x{} | {} |\n",
            p.path,
            p.about,
            p.width,
            p.height,
            p.world.0,
            p.world.1,
            p.png.len()
        ));
    }
    s.push_str(&format!(
        "\n{} files, {} bytes of PNG in all.\n",
        pieces.len(),
        total
    ));
    s
}

/// Paints every piece into `dir` (its folders made as needed) with its README; returns the
/// files written.
/// The example mod's own art: its burned town (replacing the game's) and a tile for each biome
/// its rules add to the defaults, three variants, at the paths the game looks for them under the
/// mod's folder.
pub fn example_mod_pieces() -> Vec<Piece> {
    let text = include_str!("../../../assets/mods/example/rules/aeternus.ron");
    let rules =
        aeternus_core::rules::Rules::from_str(text, "assets/mods/example/rules/aeternus.ron")
            .expect("the example mod's rules are valid (checked by tests)");
    let defaults = aeternus_core::rules::Rules::aeternus();
    let world = tile_size();
    let mut out = Vec::new();
    // The one sprite the mod replaces: its towns burned.
    let side = 0.75 * HEX_SIZE;
    out.push(Piece::new(
        "art/sprites/town.png".to_string(),
        "Town after the fire (replaces the game's town)".to_string(),
        &sprites::burned_town(),
        (side, side),
    ));
    for b in rules
        .biomes
        .iter()
        .filter(|b| defaults.biome(&b.name).is_none())
    {
        for v in 0..tiles::VARIANTS {
            out.push(Piece::new(
                format!("art/{}", tile_path("aeternus", &b.name, v)),
                format!(
                    "{} tile (the example mod's biome), variant {}",
                    b.name,
                    v + 1
                ),
                &tiles::variant(&b.name, b.colour, v),
                (world.0 as f32, world.1 as f32),
            ));
        }
    }
    out
}

/// Writes the example mod's own tiles into the mod's folder `dir`; returns the files written.
pub fn write_example_mod(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for p in example_mod_pieces() {
        let path = dir.join(&p.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, &p.png)?;
        written.push(path);
    }
    Ok(written)
}

pub fn write_all(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let pieces = pieces();
    let mut written = Vec::new();
    for p in &pieces {
        let path = dir.join(&p.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, &p.png)?;
        written.push(path);
    }
    let path = dir.join("README.md");
    std::fs::write(&path, readme(&pieces))?;
    written.push(path);
    Ok(written)
}

#[cfg(test)]
mod tests;
