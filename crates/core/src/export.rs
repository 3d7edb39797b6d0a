//! What every generator exports alike: JSON Lines rows and a PNG of its tiles, drawn without a window.

use std::io::{self, Write};
use std::path::Path;

use bevy::platform::collections::HashMap;
use hexx::Hex;
use serde::Serialize;

use crate::hex::{Coord, layout};
use crate::world::HexWorld;

/// One hex as drawn: its colour, and an optional mark in its centre (a Town, a seal).
#[derive(Debug, Clone, Copy)]
pub struct Tile {
    pub hex: Hex,
    pub colour: [u8; 3],
    pub mark: Option<[u8; 3]>,
    /// Drawn darker with a stripe (corruption).
    pub shaded: bool,
}

/// A generated world as the exporters see it. The Aeternus and storm generators both implement it.
pub trait MapExport {
    fn write_jsonl(&self, out: &mut dyn Write) -> io::Result<()>;
    fn tiles(&self) -> Vec<Tile>;
}

/// One JSON line of the Aeternus generator.
#[derive(Serialize)]
pub struct HexRow<'a> {
    pub seed: u64,
    pub order: u32,
    pub x: i32,
    pub y: i32,
    pub z: i32,
    pub q: i32,
    pub r: i32,
    pub biome: &'a str,
    pub landmark: &'a str,
    pub features: Vec<&'a str>,
    pub mass: u32,
    pub mass_size: u32,
    pub cause: &'a str,
}

impl MapExport for HexWorld {
    fn write_jsonl(&self, out: &mut dyn Write) -> io::Result<()> {
        let masses = self.mass_ids();
        for o in 0..self.len() as u32 {
            let d = self.data_of_order(o);
            let c = Coord::from_hex(d.hex);
            let row = HexRow {
                seed: self.seed,
                order: o,
                x: c.x,
                y: c.y,
                z: c.z,
                q: d.hex.x,
                r: d.hex.y,
                biome: self.rules.biome_name(d.biome),
                landmark: self.rules.landmark_name(d.landmark),
                features: d
                    .features
                    .iter()
                    .map(|f| self.rules.feature_name(f))
                    .collect(),
                mass: masses[o as usize],
                mass_size: self.mass_size_of_order(o),
                cause: self.cause(o).name(),
            };
            serde_json::to_writer(&mut *out, &row)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    fn tiles(&self) -> Vec<Tile> {
        let town = self.rules.landmark("Town");
        (0..self.len() as u32)
            .map(|o| {
                let d = self.data_of_order(o);
                Tile {
                    hex: d.hex,
                    colour: self.rules.biomes[d.biome.0 as usize].colour,
                    mark: (Some(d.landmark) == town).then_some([40, 30, 30]),
                    shaded: self
                        .rules
                        .corruption
                        .is_some_and(|c| d.features.contains(c)),
                }
            })
            .collect()
    }
}

/// The longest side of a PNG drawn: a wider world is scaled down to it.
pub const MAX_PNG_SIDE: u32 = 4096;

/// Draws tiles as flat-topped hexes, North up, to a PNG file of at most [`MAX_PNG_SIDE`] pixels
/// a side (hexes far apart shrink below a pixel, and each still marks its centre's pixel).
pub fn write_png(tiles: &[Tile], path: &Path) -> Result<(), String> {
    if tiles.is_empty() {
        return Err("nothing to draw".into());
    }
    let unit = layout(1.0);
    let (mut min, mut max) = (
        bevy::math::Vec2::splat(f32::MAX),
        bevy::math::Vec2::splat(f32::MIN),
    );
    for t in tiles {
        let p = unit.hex_to_world_pos(t.hex);
        min = min.min(p);
        max = max.max(p);
    }
    let span = (max - min) + bevy::math::Vec2::splat(2.2);
    // About 12 pixels a hex, but no side over the cap.
    let side = MAX_PNG_SIDE as f32;
    let size = (12.0f32).min(side / span.x.max(span.y));
    let px = |v: f32| ((v * size).ceil() as u32).clamp(1, MAX_PNG_SIDE);
    let (w, h) = (px(span.x), px(span.y));
    let l = layout(size);
    let by_hex: HashMap<Hex, &Tile> = tiles.iter().map(|t| (t.hex, t)).collect();
    let mut img = image::RgbImage::from_pixel(w, h, image::Rgb([24, 24, 28]));
    for (px, py, pixel) in img.enumerate_pixels_mut() {
        // Image y grows downwards; the world's y grows upwards.
        let world = bevy::math::Vec2::new(
            min.x * size - 1.1 * size + px as f32 + 0.5,
            max.y * size + 1.1 * size - py as f32 - 0.5,
        );
        let hex = l.world_pos_to_hex(world);
        let Some(t) = by_hex.get(&hex) else { continue };
        let centre = l.hex_to_world_pos(hex);
        let d = world.distance(centre) / size;
        let mut c = t.colour;
        if t.shaded {
            let stripe = ((world.x + world.y) / size * 3.0).rem_euclid(2.0) < 1.0;
            let f = if stripe { 0.45 } else { 0.7 };
            c = [
                (c[0] as f32 * f) as u8 + 30,
                (c[1] as f32 * f * 0.6) as u8,
                (c[2] as f32 * f) as u8 + 30,
            ];
        }
        if let Some(m) = t.mark
            && d < 0.3
        {
            c = m;
        }
        // A thin darker rim so single hexes read.
        if d > 0.86 {
            c = c.map(|v| (v as f32 * 0.8) as u8);
        }
        *pixel = image::Rgb(c);
    }
    if size < 2.0 {
        // Hexes smaller than a pixel or two would fall between pixel centres.
        for t in tiles {
            let p = unit.hex_to_world_pos(t.hex) * size;
            let x = p.x - min.x * size + 1.1 * size;
            let y = max.y * size + 1.1 * size - p.y;
            let (x, y) = ((x as u32).min(w - 1), (y as u32).min(h - 1));
            img.put_pixel(x, y, image::Rgb(t.colour));
        }
    }
    img.save(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
