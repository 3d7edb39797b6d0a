//! Biome tiles: a hex of land in the biome's colour, textured by what the land is (grass tufts,
//! rippled sand, tree crowns, rocky ridges, reeds and pools, waves...), with a darker rim so
//! neighbouring tiles read apart. The style is chosen by words in the biome's name, so a mod's
//! "Pine Forest" gets trees; its mean colour is brought back to the biome's colour at the end.

use super::noise::{cells, fbm, hash, pick, seed_of, sin, unit, value};
use super::{
    Canvas, Pt, Rgb, SAMPLES_PER_PIXEL, hex_depth, mix, polygon_depth, rgb8, shade, tile_radius,
    tile_size, to_segment,
};

/// How a biome's land is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Meadow,
    Heath,
    Dunes,
    Forest,
    Pines,
    Birches,
    Rocks,
    Swamp,
    Water,
    Paving,
    Thorns,
    Ash,
    Flats,
    /// No word known: speckled ground.
    Plain,
}

/// The style a biome's name asks for, by the first of these words in it.
pub fn style_of(name: &str) -> Style {
    let name = name.to_lowercase();
    let table: [(&[&str], Style); 13] = [
        (&["sealed", "pine", "taiga", "conifer"], Style::Pines),
        (&["birch"], Style::Birches),
        (&["forest", "wood", "grove", "jungle"], Style::Forest),
        (
            &["meadow", "grass", "field", "prairie", "steppe"],
            Style::Meadow,
        ),
        (&["heath", "moor", "scrub"], Style::Heath),
        (&["dune", "sand", "desert"], Style::Dunes),
        (
            &["pass", "crag", "mountain", "rock", "cliff", "peak", "hill"],
            Style::Rocks,
        ),
        (&["swamp", "fen", "marsh", "bog", "mire"], Style::Swamp),
        (
            &["lake", "water", "sea", "ocean", "river", "pond"],
            Style::Water,
        ),
        (
            &["citadel", "city", "court", "castle", "road"],
            Style::Paving,
        ),
        (&["thorn", "brake", "bramble"], Style::Thorns),
        (&["ash", "waste", "burnt", "cinder"], Style::Ash),
        (&["flat", "salt", "glass", "plain"], Style::Flats),
    ];
    (table.iter())
        .find(|(words, _)| words.iter().any(|w| name.contains(w)))
        .map_or(Style::Plain, |&(_, style)| style)
}

pub use aeternus_core::mods::art_files::TILE_VARIANTS as VARIANTS;

/// The tile of a biome: `tile_size()`, transparent outside the hex, its mean colour inside
/// (over the fully covered pixels) `colour` to within a unit or two.
pub fn tile(name: &str, colour: [u8; 3]) -> Canvas {
    variant(name, colour, 0)
}

/// The biome's `v`-th tile (from 0, [`tile`]).
pub fn variant(name: &str, colour: [u8; 3], v: u32) -> Canvas {
    let (w, h) = tile_size();
    let base = rgb8(colour);
    let seed = seed_of(name).wrapping_add(v.wrapping_mul(0x6a09_e667));
    let mut c = Canvas::filled(w, h, base);
    let land = Land { base, seed };
    match style_of(name) {
        Style::Meadow => land.meadow(&mut c),
        Style::Heath => land.heath(&mut c),
        Style::Dunes => land.dunes(&mut c),
        Style::Forest => land.forest(&mut c, false),
        Style::Birches => land.forest(&mut c, true),
        Style::Pines => land.pines(&mut c),
        Style::Rocks => land.rocks(&mut c),
        Style::Swamp => land.swamp(&mut c),
        Style::Water => land.water(&mut c),
        Style::Paving => land.paving(&mut c),
        Style::Thorns => land.thorns(&mut c),
        Style::Ash => land.ash(&mut c),
        Style::Flats => land.flats(&mut c),
        Style::Plain => land.ground(&mut c, 9.0, 0.12, 0.05),
    }
    rim(&mut c);
    let coverage = c.coverage(|p| hex_depth(p, tile_radius()) >= 0.0);
    match_mean(&mut c, base, &coverage);
    for (px, &n) in c.pixels_mut().iter_mut().zip(&coverage) {
        // In whole bytes as the white hex texture rounds them, so the masks agree exactly.
        px[3] = (n * 255 / SAMPLES_PER_PIXEL) as f32 / 255.0;
    }
    c
}

/// Grey edge: darker in a thin line at the hex's edge and a little darker just inside it.
fn rim(c: &mut Canvas) {
    let r = tile_radius();
    c.each(|p, [red, g, b, a]| {
        let d = hex_depth(p, r);
        let k = if d < 1.5 {
            0.68
        } else if d < 5.0 {
            0.86 + 0.14 * (d - 1.5) / 3.5
        } else {
            1.0
        };
        [red * k, g * k, b * k, a]
    });
}

/// Shifts every pixel so the mean over the full pixels is `target` (clamping may leave a little:
/// a few rounds close it).
fn match_mean(c: &mut Canvas, target: Rgb, coverage: &[u32]) {
    for _ in 0..4 {
        let (mut sum, mut n) = ([0.0f32; 3], 0.0f32);
        for (px, &a) in c.pixels_mut().iter().zip(coverage) {
            if a == SAMPLES_PER_PIXEL {
                for i in 0..3 {
                    sum[i] += px[i];
                }
                n += 1.0;
            }
        }
        let delta: Rgb = [0, 1, 2].map(|i| target[i] - sum[i] / n);
        for px in c.pixels_mut() {
            for i in 0..3 {
                px[i] = (px[i] + delta[i]).clamp(0.0, 1.0);
            }
        }
    }
}

/// Things scattered over the hex: about one per `cell`-sized square, jittered, kept `margin`
/// inside the rim, each with its own hash, top to bottom (so lower ones are drawn over).
fn scatter(seed: u32, cell: Pt, chance: f32, margin: f32) -> Vec<(Pt, u32)> {
    let (w, h) = tile_size();
    let (nx, ny) = (
        (w as f32 / cell.x / 2.0).ceil() as i32 + 1,
        (h as f32 / cell.y / 2.0).ceil() as i32 + 1,
    );
    let mut out = Vec::new();
    for j in -ny..=ny {
        for i in -nx..=nx {
            let hsh = hash(i, j, seed);
            if pick(hsh, 9) >= chance {
                continue;
            }
            // Every other row shifted by half a cell, so rows do not line up.
            let shift = if j % 2 == 0 { 0.0 } else { 0.5 };
            let at = Pt::new(
                (i as f32 + shift + pick(hsh, 0) * 0.9 - 0.45) * cell.x,
                (j as f32 + pick(hsh, 1) * 0.9 - 0.45) * cell.y,
            );
            if hex_depth(at, tile_radius()) >= margin {
                out.push((at, hsh));
            }
        }
    }
    out.sort_by(|a, b| a.0.y.total_cmp(&b.0.y).then(a.0.x.total_cmp(&b.0.x)));
    out
}

/// The painter of one biome's land: its colour and seed.
struct Land {
    base: Rgb,
    seed: u32,
}

impl Land {
    fn seed(&self, i: u32) -> u32 {
        self.seed.wrapping_add(i.wrapping_mul(0x9e37_79b9))
    }

    /// Patchy ground: broad light and dark patches (`patches` strong, `size` pixels across)
    /// and a fine speckle (`grain` strong).
    fn ground(&self, c: &mut Canvas, size: f32, patches: f32, grain: f32) {
        let (s1, s2) = (self.seed(1), self.seed(2));
        c.each(|p, [r, g, b, a]| {
            let broad = fbm(p * (1.0 / size), s1, 3) - 0.5;
            let fine = unit(p.x.floor() as i32, p.y.floor() as i32, s2) - 0.5;
            let k = 1.0 + 2.0 * patches * broad + 2.0 * grain * fine;
            [r * k, g * k, b * k, a]
        });
    }

    /// Blends the ground toward `colour` where `f` is high, `strength` at most.
    fn tint_where(&self, c: &mut Canvas, colour: Rgb, f: impl Fn(Pt) -> f32) {
        c.each(|p, [r, g, b, a]| {
            let t = f(p).clamp(0.0, 1.0);
            let m = mix([r, g, b], colour, t);
            [m[0], m[1], m[2], a]
        });
    }

    fn meadow(&self, c: &mut Canvas) {
        let base = self.base;
        self.ground(c, 10.0, 0.10, 0.05);
        // Sunlit patches, a little yellower.
        let sun = mix(shade(base, 1.15), [0.85, 0.85, 0.35], 0.18);
        let s = self.seed(3);
        self.tint_where(c, sun, |p| (fbm(p * 0.09, s, 2) - 0.55) * 4.0);
        let dark = mix(shade(base, 0.58), [0.05, 0.2, 0.15], 0.15);
        let light = mix(shade(base, 1.25), [1.0, 1.0, 0.7], 0.1);
        for (at, h) in scatter(self.seed(4), Pt::new(6.0, 5.5), 0.8, 2.5) {
            self.tuft(c, at, h, dark, light);
        }
        for (at, h) in scatter(self.seed(5), Pt::new(11.0, 9.0), 0.35, 4.0) {
            let petal = if pick(h, 3) < 0.5 {
                [0.98, 0.92, 0.45]
            } else {
                [0.97, 0.95, 0.9]
            };
            c.paint_in(at - Pt::new(2.0, 2.0), at + Pt::new(2.0, 2.0), |p| {
                let d = (p - at).len();
                (d < 1.1).then_some((petal, 1.0))
            });
        }
    }

    /// A tuft of grass: three or four short blades fanning up from `at`.
    fn tuft(&self, c: &mut Canvas, at: Pt, h: u32, dark: Rgb, light: Rgb) {
        let tall = 3.5 + 2.0 * pick(h, 4);
        let lean = (pick(h, 5) - 0.5) * 1.5;
        let blades = [
            (Pt::new(-2.2 + lean, -tall * 0.75), dark),
            (Pt::new(lean, -tall), dark),
            (Pt::new(2.0 + lean, -tall * 0.8), dark),
            (Pt::new(0.9 + lean, -tall * 0.6), light),
        ];
        c.paint_in(at - Pt::new(4.0, 8.0), at + Pt::new(4.0, 1.0), |p| {
            let mut hit = None;
            for (tip, colour) in blades {
                if to_segment(p, at, at + tip) < 0.55 {
                    hit = Some((colour, 1.0));
                }
            }
            hit
        });
    }

    fn heath(&self, c: &mut Canvas) {
        let base = self.base;
        self.ground(c, 8.0, 0.10, 0.06);
        let scrub = mix(shade(base, 0.6), [0.15, 0.25, 0.1], 0.2);
        let heather = [[0.62, 0.36, 0.6], [0.75, 0.5, 0.7], [0.55, 0.3, 0.45]];
        for (at, h) in scatter(self.seed(4), Pt::new(7.0, 6.0), 0.85, 2.5) {
            // A clump: a few dark dots, flowers on top of some.
            let n = 3 + (pick(h, 2) * 3.0) as u32;
            let dots: Vec<(Pt, f32, Rgb)> = (0..n)
                .map(|i| {
                    let off = Pt::new(pick(h, 10 + i) * 5.0 - 2.5, pick(h, 20 + i) * 4.0 - 2.0);
                    let flower = pick(h, 30 + i) < 0.45;
                    let colour = if flower {
                        heather[(pick(h, 40 + i) * 3.0) as usize]
                    } else {
                        scrub
                    };
                    (at + off, if flower { 0.9 } else { 1.4 }, colour)
                })
                .collect();
            c.paint_in(at - Pt::new(5.0, 5.0), at + Pt::new(5.0, 5.0), |p| {
                let mut hit = None;
                for &(q, r, colour) in &dots {
                    if (p - q).len() < r {
                        hit = Some((colour, 1.0));
                    }
                }
                hit
            });
        }
    }

    fn dunes(&self, c: &mut Canvas) {
        let base = self.base;
        self.ground(c, 14.0, 0.05, 0.04);
        let (s1, s2) = (self.seed(3), self.seed(4));
        let crest = mix(shade(base, 1.14), [1.0, 0.97, 0.85], 0.2);
        let lee = mix(shade(base, 0.8), [0.55, 0.35, 0.25], 0.12);
        c.each(|p, [r, g, b, a]| {
            // Ripples running across, bent by a slow noise; each rises slowly and drops sharply.
            let bend =
                2.2 * sin(p.x * 0.17 + 4.0 * value(p * 0.05, s1)) + 3.0 * value(p * 0.08, s2);
            let v = (p.y + 0.35 * p.x + bend) / 5.5;
            let f = v - v.floor();
            let (colour, t) = if f < 0.72 {
                (crest, f / 0.72 * 0.75)
            } else if f < 0.8 {
                (lee, 0.8)
            } else {
                (lee, 0.8 * (1.0 - (f - 0.8) / 0.2))
            };
            let m = mix([r, g, b], colour, t * 0.6);
            [m[0], m[1], m[2], a]
        });
        let pebble = shade(base, 0.6);
        for (at, h) in scatter(self.seed(5), Pt::new(13.0, 11.0), 0.3, 4.0) {
            let r = 0.6 + 0.5 * pick(h, 2);
            c.paint_in(at - Pt::new(2.0, 2.0), at + Pt::new(2.0, 2.0), |p| {
                ((p - at).len() < r).then_some((pebble, 0.8))
            });
        }
    }

    /// Round tree crowns seen from above, lit from the upper left; birches are lighter, smaller,
    /// with white trunks showing.
    fn forest(&self, c: &mut Canvas, birches: bool) {
        let base = self.base;
        let floor = if birches {
            shade(base, 0.8)
        } else {
            mix(shade(base, 0.5), [0.12, 0.1, 0.05], 0.2)
        };
        c.each(|_, [_, _, _, a]| [floor[0], floor[1], floor[2], a]);
        self.ground(c, 6.0, 0.14, 0.08);
        let (cell, size) = if birches {
            (Pt::new(8.0, 7.0), 3.6)
        } else {
            (Pt::new(9.0, 7.5), 4.8)
        };
        let trees = scatter(self.seed(4), cell, 0.97, 1.5);
        let s = self.seed(6);
        for &(at, h) in &trees {
            let r = size + 1.6 * pick(h, 2);
            if birches {
                let bark = [0.93, 0.92, 0.88];
                let foot = at + Pt::new(0.3, r + 3.5);
                c.paint_in(at - Pt::new(2.0, 0.0), foot + Pt::new(2.0, 1.0), |p| {
                    let d = to_segment(p, at, foot);
                    let notch = (p.y * 1.3).floor() as i32 % 3 == 0 && pick(h, 7) < 0.9;
                    (d < 0.8).then_some((if notch { [0.2, 0.2, 0.2] } else { bark }, 1.0))
                });
            }
            // The crown's shadow, down and to the right.
            let shadow = at + Pt::new(1.6, 2.2);
            c.paint_in(
                shadow - Pt::new(r + 1.0, r + 1.0),
                shadow + Pt::new(r + 1.0, r + 1.0),
                |p| ((p - shadow).len() < r).then_some(([0.02, 0.05, 0.02], 0.35)),
            );
            let dark = shade(base, 0.5);
            let leaf_seed = s ^ h;
            c.paint_in(
                at - Pt::new(r + 2.0, r + 2.0),
                at + Pt::new(r + 2.0, r + 2.0),
                |p| {
                    let d = p - at;
                    let lumpy = r + 1.4 * (value(p * 0.6, leaf_seed) - 0.5);
                    let depth = lumpy - d.len();
                    if depth < 0.0 {
                        return None;
                    }
                    if depth < 0.7 {
                        return Some((dark, 1.0));
                    }
                    // Lit from the upper left, leafy.
                    let light = -(d.x * 0.55 + d.y * 0.75) / r;
                    let leaf = value(p * 0.9, leaf_seed ^ 7) - 0.5;
                    let k = 0.92 + 0.32 * light + 0.22 * leaf;
                    Some((shade(base, k), 1.0))
                },
            );
        }
    }

    /// Conifers: stacked dark triangles, lit on the left, over a dark floor.
    fn pines(&self, c: &mut Canvas) {
        let base = self.base;
        let floor = shade(base, 0.6);
        c.each(|_, [_, _, _, a]| [floor[0], floor[1], floor[2], a]);
        self.ground(c, 7.0, 0.12, 0.08);
        for (at, h) in scatter(self.seed(4), Pt::new(7.0, 6.0), 0.95, 1.0) {
            let tall = 8.0 + 4.0 * pick(h, 2);
            let wide = tall * 0.42;
            let top = at - Pt::new(0.0, tall);
            let shadow = at + Pt::new(1.5, 1.0);
            c.paint_in(
                shadow - Pt::new(4.0, 2.0),
                shadow + Pt::new(4.0, 2.0),
                |p| {
                    let d = Pt::new((p.x - shadow.x) / 3.5, (p.y - shadow.y) / 1.5);
                    (d.len() < 1.0).then_some(([0.0, 0.03, 0.02], 0.4))
                },
            );
            let lit = shade(base, 1.45);
            let dim = shade(base, 0.85);
            let edge = shade(base, 0.45);
            c.paint_in(
                top - Pt::new(wide + 1.0, 0.0),
                at + Pt::new(wide + 1.0, 1.0),
                |p| {
                    // Two tiers: the lower one wider.
                    let mut depth = f32::MIN;
                    for (t0, t1, wk) in [(0.0, 0.62, 0.7), (0.35, 1.0, 1.0)] {
                        let apex = top + Pt::new(0.0, tall * t0);
                        let foot = top.y + tall * t1;
                        let half = wide * wk;
                        let corners =
                            [apex, Pt::new(at.x - half, foot), Pt::new(at.x + half, foot)];
                        depth = depth.max(polygon_depth(p, &corners));
                    }
                    if depth < 0.0 {
                        None
                    } else if depth < 0.6 {
                        Some((edge, 1.0))
                    } else {
                        Some((if p.x < at.x + 0.3 { lit } else { dim }, 1.0))
                    }
                },
            );
        }
    }

    /// Grey rock seen from above: ridged heights, hill-shaded from the upper left, so sharp
    /// crests run across with a sunlit and a shaded side; gravel and pebbles in the gullies.
    fn rocks(&self, c: &mut Canvas) {
        let base = self.base;
        self.ground(c, 6.0, 0.08, 0.10);
        let (s1, s2, s3) = (self.seed(3), self.seed(4), self.seed(5));
        let ridge = |v: f32| 1.0 - (2.0 * v - 1.0).abs();
        let height = move |p: Pt| {
            0.7 * ridge(value(p * (1.0 / 17.0), s1))
                + 0.22 * ridge(value(p * (1.0 / 8.0), s2))
                + 0.08 * value(p * 0.4, s3)
        };
        let snow = mix(shade(base, 1.5), [1.0, 1.0, 1.0], 0.3);
        c.each(|p, [r, g, b, a]| {
            let e = 0.5;
            let gx = (height(p + Pt::new(e, 0.0)) - height(p - Pt::new(e, 0.0))) / (2.0 * e);
            let gy = (height(p + Pt::new(0.0, e)) - height(p - Pt::new(0.0, e))) / (2.0 * e);
            // Facing the light (up and left): brighter.
            let light = (0.6 * gx + 0.8 * gy) * 11.0;
            let h = height(p);
            let k = (1.0 + light.clamp(-0.4, 0.4)) * (0.8 + 0.3 * h);
            let m = [r * k, g * k, b * k];
            // The highest crests catch a pale streak.
            let m = if h > 0.86 && light > 0.0 {
                mix(m, snow, 0.5)
            } else {
                m
            };
            [m[0], m[1], m[2], a]
        });
        let pebble = shade(base, 0.55);
        let lit = shade(base, 1.3);
        for (at, h) in scatter(self.seed(6), Pt::new(8.0, 7.0), 0.35, 2.0) {
            if height(at) > 0.5 {
                continue;
            }
            let r = 0.8 + 0.6 * pick(h, 2);
            c.paint_in(at - Pt::new(2.0, 2.0), at + Pt::new(2.0, 2.0), |p| {
                let d = p - at;
                (d.len() < r).then_some((if d.x + d.y < -0.5 { lit } else { pebble }, 1.0))
            });
        }
    }

    /// Murky pools among mossy ground, reeds with brown heads.
    fn swamp(&self, c: &mut Canvas) {
        let base = self.base;
        self.ground(c, 7.0, 0.14, 0.07);
        let s = self.seed(3);
        let pool_at = move |p: Pt| fbm(p * 0.085, s, 3);
        let water = mix(shade(base, 0.5), [0.1, 0.16, 0.18], 0.45);
        let mud = mix(shade(base, 0.75), [0.3, 0.25, 0.12], 0.3);
        c.each(|p, px| {
            let v = pool_at(p);
            let c = if v > 0.56 {
                water
            } else if v > 0.53 {
                mud
            } else {
                return px;
            };
            [c[0], c[1], c[2], px[3]]
        });
        // Lily pads on the pools: a disc with a notch.
        let pad = mix(shade(base, 1.25), [0.4, 0.6, 0.25], 0.3);
        for (at, h) in scatter(self.seed(8), Pt::new(6.0, 5.0), 0.6, 3.0) {
            if pool_at(at) < 0.6 {
                continue;
            }
            let r = 1.3 + 0.8 * pick(h, 2);
            c.paint_in(at - Pt::new(3.0, 3.0), at + Pt::new(3.0, 3.0), |p| {
                let d = p - at;
                let notch = d.x > 0.0 && d.y.abs() < d.x * 0.5;
                (d.len() < r && !notch).then_some((pad, 1.0))
            });
        }
        let reed = mix(shade(base, 1.35), [0.7, 0.75, 0.35], 0.25);
        let reed_shadow = shade(base, 0.55);
        let head = [0.33, 0.22, 0.12];
        for (at, h) in scatter(self.seed(4), Pt::new(6.0, 5.0), 0.55, 3.0) {
            if pool_at(at) > 0.53 {
                continue;
            }
            let n = 2 + (pick(h, 2) * 2.0) as u32;
            let stems: Vec<(Pt, bool)> = (0..n)
                .map(|i| {
                    let top = Pt::new(
                        (i as f32 - (n - 1) as f32 / 2.0) * 1.6 + (pick(h, 10 + i) - 0.5) * 1.5,
                        -5.0 - 3.0 * pick(h, 20 + i),
                    );
                    (top, pick(h, 30 + i) < 0.25)
                })
                .collect();
            c.paint_in(at - Pt::new(5.0, 9.0), at + Pt::new(5.0, 1.0), |p| {
                let mut hit = None;
                for &(tip, headed) in &stems {
                    let top = at + tip;
                    if to_segment(p, at + Pt::new(0.7, 0.0), top + Pt::new(0.7, 0.0)) < 0.45 {
                        hit = Some((reed_shadow, 1.0));
                    }
                    if to_segment(p, at, top) < 0.45 {
                        hit = Some((reed, 1.0));
                    }
                    if headed
                        && to_segment(p, top + Pt::new(0.0, 0.3), top + Pt::new(0.0, 2.0)) < 0.8
                    {
                        hit = Some((head, 1.0));
                    }
                }
                hit
            });
        }
    }

    /// Open water: slow swells and rows of small wave crests.
    fn water(&self, c: &mut Canvas) {
        let base = self.base;
        self.ground(c, 16.0, 0.08, 0.02);
        let s = self.seed(3);
        let deep = shade(base, 0.85);
        self.tint_where(c, deep, |p| (fbm(p * 0.05, s, 2) - 0.4) * 1.5);
        let crest = mix(shade(base, 1.4), [0.95, 0.98, 1.0], 0.35);
        let trough = shade(base, 0.78);
        for (at, h) in scatter(self.seed(4), Pt::new(10.0, 6.5), 0.75, 3.0) {
            let r = 2.6 + 1.4 * pick(h, 2);
            let centre = at + Pt::new(0.0, r * 0.9);
            c.paint_in(
                at - Pt::new(r + 2.0, 2.0),
                at + Pt::new(r + 2.0, r + 2.0),
                |p| {
                    let d = (p - centre).len();
                    // An arc over the top of a circle: the crest, its shadow just under it.
                    let up = centre.y - p.y;
                    if up < r * 0.35 {
                        return None;
                    }
                    if (d - r).abs() < 0.55 {
                        Some((crest, 1.0))
                    } else if (d - (r - 1.1)).abs() < 0.5 {
                        Some((trough, 0.7))
                    } else {
                        None
                    }
                },
            );
        }
        let sparkle = [0.95, 0.98, 1.0];
        for (at, _) in scatter(self.seed(5), Pt::new(14.0, 12.0), 0.3, 4.0) {
            c.paint_in(at - Pt::new(2.0, 2.0), at + Pt::new(2.0, 2.0), |p| {
                let d = p - at;
                ((d.x.abs() < 1.5 && d.y.abs() < 0.4) || (d.y.abs() < 1.2 && d.x.abs() < 0.4))
                    .then_some((sparkle, 0.8))
            });
        }
    }

    /// Flagstones in a running bond: each stone a little different, edges bevelled.
    fn paving(&self, c: &mut Canvas) {
        let base = self.base;
        let s = self.seed(3);
        let (row_h, mortar) = (7.0, shade(base, 0.62));
        let sn = self.seed(4);
        c.each(|p, [_, _, _, a]| {
            let row = (p.y / row_h).floor();
            let offset = if row as i32 % 2 == 0 { 0.0 } else { 5.5 };
            let col_w = 11.0;
            let col = ((p.x + offset) / col_w).floor();
            let (fx, fy) = (p.x + offset - col * col_w, p.y - row * row_h);
            let h = hash(col as i32, row as i32, s);
            let stone = shade(base, 0.9 + 0.2 * pick(h, 0));
            let c = if fx < 1.0 || fy < 1.0 {
                mortar
            } else if fx < 2.0 || fy < 2.0 {
                shade(stone, 1.12)
            } else if fx > col_w - 1.0 || fy > row_h - 1.0 {
                shade(stone, 0.86)
            } else {
                shade(stone, 1.0 + 0.08 * (value(p * 0.7, sn) - 0.5))
            };
            [c[0], c[1], c[2], a]
        });
        let moss = mix(shade(base, 0.7), [0.35, 0.45, 0.2], 0.5);
        let sm = self.seed(5);
        self.tint_where(c, moss, |p| (fbm(p * 0.15, sm, 2) - 0.66) * 4.0);
    }

    /// Tangled brambles: dark clumps of curling stems with pale thorns and red berries.
    fn thorns(&self, c: &mut Canvas) {
        let base = self.base;
        self.ground(c, 8.0, 0.12, 0.07);
        let stem = shade(base, 0.45);
        let leaf = shade(base, 0.82);
        let thorn = mix(base, [0.95, 0.9, 0.7], 0.55);
        let berry = [0.62, 0.12, 0.14];
        for (at, h) in scatter(self.seed(4), Pt::new(11.0, 9.0), 0.9, 3.0) {
            let r = 4.0 + 2.0 * pick(h, 2);
            let sc = self.seed(5) ^ h;
            c.paint_in(
                at - Pt::new(r + 2.0, r + 2.0),
                at + Pt::new(r + 2.0, r + 2.0),
                |p| {
                    let d = p - at;
                    let depth = r + 1.5 * (value(p * 0.5, sc) - 0.5) - d.len();
                    if depth < 0.0 {
                        return None;
                    }
                    // Curling stems: level lines of a noise.
                    let v = value(p * 0.35, sc ^ 1) * 9.0;
                    let on_stem = (v - v.round()).abs() < 0.14;
                    let k = 1.0 - 0.35 * (d.x + d.y).max(0.0) / r;
                    Some((if on_stem { stem } else { shade(leaf, k) }, 1.0))
                },
            );
            for i in 0..4 {
                let q = at
                    + Pt::new(pick(h, 10 + i) * 2.0 * r - r, pick(h, 20 + i) * 2.0 * r - r) * 0.7;
                let colour = if i == 0 && pick(h, 30) < 0.6 {
                    berry
                } else {
                    thorn
                };
                c.paint_in(q - Pt::new(1.5, 1.5), q + Pt::new(1.5, 1.5), |p| {
                    ((p - q).len() < 0.75).then_some((colour, 1.0))
                });
            }
        }
    }

    /// Grey-brown ash: cracked crust, pale flecks, a few charred stumps and embers.
    fn ash(&self, c: &mut Canvas) {
        let base = self.base;
        self.ground(c, 9.0, 0.12, 0.08);
        let s = self.seed(3);
        let crack = shade(base, 0.55);
        self.tint_where(c, crack, |p| {
            let (f1, f2) = cells(p * 0.09, s);
            (0.07 - (f2 - f1)) * 12.0
        });
        let fleck = mix(shade(base, 1.25), [0.95, 0.93, 0.9], 0.3);
        let sf = self.seed(4);
        self.tint_where(c, fleck, |p| {
            (unit(p.x.floor() as i32, p.y.floor() as i32, sf) - 0.93) * 12.0
        });
        // Soot where something burned, a few embers still glowing in it.
        let soot = shade(base, 0.45);
        let ember = [1.0, 0.55, 0.2];
        for (at, h) in scatter(self.seed(5), Pt::new(15.0, 12.0), 0.5, 5.0) {
            let r = 2.0 + 1.5 * pick(h, 2);
            let glow = pick(h, 4) < 0.6;
            let sn = self.seed(6) ^ h;
            c.paint_in(
                at - Pt::new(r + 2.0, r + 2.0),
                at + Pt::new(r + 2.0, r + 2.0),
                |p| {
                    let d = (p - at).len() + 1.5 * (value(p * 0.8, sn) - 0.5);
                    if glow && (p - at).len() < 0.8 {
                        Some((ember, 1.0))
                    } else if d < r {
                        Some((soot, 0.75 * (1.0 - d / r).min(0.5) * 2.0))
                    } else {
                        None
                    }
                },
            );
        }
    }

    /// Pale flats: streaks of wind-blown grit, faint salt cracks, glints of glass.
    fn flats(&self, c: &mut Canvas) {
        let base = self.base;
        self.ground(c, 12.0, 0.06, 0.04);
        let s = self.seed(3);
        c.each(|p, [r, g, b, a]| {
            // Long streaks along the wind: stretched noise.
            let streak = value(Pt::new(p.x * 0.06 + p.y * 0.02, p.y * 0.55), s) - 0.5;
            let k = 1.0 + 0.16 * streak;
            [r * k, g * k, b * k, a]
        });
        let sc = self.seed(4);
        let crack = shade(base, 0.8);
        self.tint_where(c, crack, |p| {
            let (f1, f2) = cells(p * 0.08, sc);
            (0.05 - (f2 - f1)) * 10.0
        });
        let glass = [0.85, 0.97, 1.0];
        for (at, h) in scatter(self.seed(5), Pt::new(10.0, 9.0), 0.45, 3.0) {
            let arm = 1.5 + 1.0 * pick(h, 2);
            c.paint_in(at - Pt::new(3.0, 3.0), at + Pt::new(3.0, 3.0), |p| {
                let d = p - at;
                let star = (d.x.abs() < arm && d.y.abs() < 0.35)
                    || (d.y.abs() < arm && d.x.abs() < 0.35)
                    || d.len() < 0.8;
                star.then_some((glass, 1.0))
            });
        }
    }
}
