//! The map views' sprites, at the sizes of the shapes they stand for (`render::shapes`,
//! `render::marks`, `stormview::marks`: [`TEXELS`] pixels per world unit): dark-edged so they
//! read on light and dark land alike. The flag, the players' token and the site star are drawn in
//! white and greys, to take a tint (a faction's colour, a magic path's); the rest in colour.

use std::f32::consts::SQRT_2;

use super::noise::{atan2, cos, fbm, seed_of, sin};
use super::{
    Canvas, HEX_SIZE, Pt, Rgb, TEXELS, hex_depth, kebab, mix, polygon_depth, rgb8, shade,
    tile_size, to_segment,
};
use aeternus_core::storm::Kind;
use aeternus_core::storm::rules::StormRules;

/// One sprite: its file name (without `.png`, under `sprites/`), what it is, its pixels.
pub struct Sprite {
    pub name: String,
    pub about: String,
    pub canvas: Canvas,
}

/// Most tokens one hex shows apart (`render::shapes::MAX_ARCS`).
pub const MAX_ARCS: u32 = 8;
/// The edge's width in pixels (1.3 world units, as the shapes' dark edge).
const EDGE: f32 = 1.3 * TEXELS;
/// The shapes' dark edge.
const DARK: Rgb = [0.12, 0.12, 0.12];
/// The storm marks' outline.
const OUTLINE: Rgb = [0.1, 0.08, 0.06];

/// Pixels for a size in world units, rounded up as the shapes' textures are.
fn px(world: f32) -> u32 {
    (world * TEXELS).ceil() as u32
}

/// Paints the shape `depth` (distance inside, negative outside): `edge` within `width` of its
/// border, `fill` inside.
fn fill(
    c: &mut Canvas,
    depth: impl Fn(Pt) -> f32,
    width: f32,
    edge: Rgb,
    fill: impl Fn(Pt) -> Rgb,
) {
    c.paint(|p| {
        let d = depth(p);
        if d < 0.0 {
            None
        } else if d < width {
            Some((edge, 1.0))
        } else {
            Some((fill(p), 1.0))
        }
    });
}

/// Light from the upper left: 1 at the centre, brighter up-left, darker down-right, by `k`
/// over the distance `r`.
fn lit(p: Pt, r: f32, k: f32) -> f32 {
    1.0 - k * (p.x * 0.6 + p.y * 0.8) / r
}

fn disc(p: Pt, at: Pt, r: f32) -> f32 {
    r - (p - at).len()
}

/// The unit vector `turns` twelfths of a turn clockwise from North (y down).
fn clock(turns: u32) -> Pt {
    let a = turns as f32 * std::f32::consts::TAU / 12.0;
    Pt::new(sin(a), -cos(a))
}

/// Every sprite: the Aeternus map's, then the storm map's (its seals and reservation colours
/// from `storm`).
pub fn sprites(storm: &StormRules) -> Vec<Sprite> {
    let mut out = vec![
        sprite("town", "Town: a walled village on a cream disc", town()),
        sprite(
            "corrupted",
            "Corrupted overlay: a violet blight with glowing cracks",
            corrupted(),
        ),
        sprite(
            "flag",
            "Flag, white and greys: tinted by its faction's colour",
            flag(),
        ),
        sprite("pylon", "Pylon of Purity: a glowing obelisk", pylon()),
        sprite(
            "protected",
            "A hex a Pylon of Purity protects: a pale ward along its rim, drawn like the hex outline",
            protected(),
        ),
        sprite("station", "Stag Station: an antlered lodge", station()),
        sprite("boardwalk", "Boardwalk: three planks", boardwalk()),
        sprite(
            "token",
            "The players' token, white and greys: a ring tinted by the faction's colour",
            token(),
        ),
        sprite(
            "site",
            "Site star, white and greys: tinted by the magic path's colour",
            star(),
        ),
        sprite("storm/capital", "The storm map's capital: a crown", crown()),
    ];
    for n in 2..=MAX_ARCS {
        out.push(sprite(
            &format!("token-{n}"),
            &format!(
                "One of {n} tokens sharing a hex, white and greys: the ring's first arc of {n}"
            ),
            arc(n),
        ));
    }
    for s in &storm.seals {
        out.push(sprite(
            &format!("storm/seal-{}", kebab(&s.name)),
            &format!("{} seal: a wax seal in its colour", s.name),
            seal(&s.name, rgb8(s.colour)),
        ));
    }
    out.push(sprite(
        "storm/reservation-event",
        "An event's reservation: a disc under its \"?\"",
        event(rgb8(storm.reservations.of(Kind::Event).mark)),
    ));
    out.push(sprite(
        "storm/reservation-modifier",
        "A modifier's reservation: a diamond under its \"?\"",
        modifier(rgb8(storm.reservations.of(Kind::Modifier).mark)),
    ));
    out
}

fn sprite(name: &str, about: &str, canvas: Canvas) -> Sprite {
    Sprite {
        name: name.to_string(),
        about: about.to_string(),
        canvas,
    }
}

/// The example mod's town: the same village after the fire, greyed with ash and darkened.
pub fn burned_town() -> Canvas {
    let mut c = town();
    c.each(|_, [r, g, b, a]| {
        let grey = 0.3 * r + 0.55 * g + 0.15 * b;
        let ash = [0.55 * grey + 0.12, 0.5 * grey + 0.1, 0.48 * grey + 0.1];
        [ash[0], ash[1], ash[2], a]
    });
    c
}

/// 0.75 hex sizes across, as the town mark.
fn town() -> Canvas {
    let side = px(0.75 * HEX_SIZE);
    let mut c = Canvas::new(side, side);
    let r = side as f32 / 2.0 - 1.0;
    let cream = [1.0, 0.93, 0.72];
    let wall = [0.78, 0.74, 0.66];
    let edge = [0.2, 0.15, 0.1];
    // The disc, its wall a lighter stone band inside the dark edge.
    fill(
        &mut c,
        |p| disc(p, Pt::new(0.0, 0.0), r),
        2.0,
        edge,
        |p| {
            let d = r - p.len();
            let k = lit(p, r, 0.12);
            if d < 5.0 {
                shade(wall, k)
            } else {
                shade(cream, k)
            }
        },
    );
    let roof = [0.72, 0.3, 0.2];
    let slate = [0.32, 0.33, 0.42];
    let walls = [0.97, 0.93, 0.84];
    let door = [0.3, 0.2, 0.14];
    // (left, right, wall top, wall bottom, roof apex height, roof colour), back to front.
    let houses = [
        (-3.2, 3.2, -12.0, 0.0, -19.0, slate),
        (-14.0, -3.0, -4.0, 6.0, -11.0, roof),
        (3.5, 14.0, -2.0, 8.0, -9.0, roof),
        (-6.5, 6.5, 4.0, 14.0, -2.0, roof),
    ];
    for (x0, x1, top, bottom, apex, tile) in houses {
        let mid = (x0 + x1) / 2.0;
        let body = [
            Pt::new(x0, top),
            Pt::new(x1, top),
            Pt::new(x1, bottom),
            Pt::new(x0, bottom),
        ];
        fill(
            &mut c,
            |p| polygon_depth(p, &body),
            1.2,
            edge,
            |p| {
                let opening = (p.x - mid).abs() < 1.6 && p.y > bottom - 5.0;
                if opening {
                    door
                } else {
                    shade(walls, if p.x > mid + 1.5 { 0.85 } else { 1.0 })
                }
            },
        );
        let cap = [
            Pt::new(mid, apex),
            Pt::new(x1 + 1.5, top + 0.5),
            Pt::new(x0 - 1.5, top + 0.5),
        ];
        fill(
            &mut c,
            |p| polygon_depth(p, &cap),
            1.2,
            edge,
            |p| shade(tile, if p.x < mid { 1.15 } else { 0.85 }),
        );
    }
    c
}

/// Half a hex tile across, as the corruption mark: a ragged violet blot with glowing cracks and
/// creeping tendrils.
fn corrupted() -> Canvas {
    let (tw, th) = tile_size();
    let (w, h) = (px(tw as f32 * 0.5), px(th as f32 * 0.5));
    let mut c = Canvas::new(w, h);
    let seed = seed_of("Corrupted");
    let edge = [0.1, 0.02, 0.12];
    let body = [0.3, 0.07, 0.36];
    let vein = [0.88, 0.36, 0.98];
    // Spores drifting off the blot.
    let spores: Vec<(Pt, f32)> = (0..7)
        .map(|i| {
            (
                clock((5 * i + 1) % 12) * (21.0 + 2.5 * (i % 3) as f32),
                1.2 + 0.4 * (i % 2) as f32,
            )
        })
        .collect();
    c.paint(|p| {
        let squash = Pt::new(p.x, p.y * 1.14);
        let hit = spores.iter().any(|&(at, r)| (squash - at).len() < r);
        hit.then_some((body, 0.9))
    });
    let depth = |p: Pt| {
        let squash = Pt::new(p.x, p.y * 1.14);
        18.0 + 12.0 * (fbm(p * 0.08, seed, 3) - 0.5) - squash.len()
    };
    c.paint(|p| {
        let d = depth(p);
        if d < 0.0 {
            return None;
        }
        if d < 1.6 {
            return Some((edge, 0.95));
        }
        // Veins: where a noise crosses its middle, in winding lines.
        let v = fbm(p * 0.2, seed ^ 5, 2);
        let crack = (0.05 - (v - 0.5).abs()) / 0.05;
        let inner = (d / 8.0).min(1.0);
        let base = mix(
            body,
            [0.16, 0.03, 0.2],
            (1.0 - p.len() / 20.0).max(0.0) * 0.6,
        );
        let colour = if crack > 0.0 {
            mix(base, vein, crack.min(1.0) * inner)
        } else {
            shade(base, 1.0 + 0.2 * (fbm(p * 0.3, seed ^ 9, 2) - 0.5))
        };
        Some((colour, 0.92))
    });
    c
}

/// A banner waving from a pole, as the flag shape (0.46 hex sizes and an edge a side).
fn flag() -> Canvas {
    let side = px(0.46 * HEX_SIZE + 2.0);
    let mut c = Canvas::new(side, side);
    let half = side as f32 / 2.0;
    let pole_x = -0.4 * 0.46 * HEX_SIZE * TEXELS;
    let (x0, x1) = (pole_x + 1.0, half - 1.5);
    let wave = |x: f32| 1.6 * sin((x - x0) * 0.26);
    let (top, bottom) = (-half + 2.5, 1.5);
    let banner = move |p: Pt| {
        let y0 = top + wave(p.x);
        let y1 = bottom + wave(p.x);
        let mid = (y0 + y1) / 2.0;
        // A swallowtail: the far end notched.
        let end = x1 - 6.0 * (1.0 - (p.y - mid).abs() / ((y1 - y0) / 2.0)).max(0.0);
        (p.x - x0).min(end - p.x).min(p.y - y0).min(y1 - p.y)
    };
    // The pole, with a knob.
    let pole = [
        Pt::new(pole_x - 1.3, -half + 3.0),
        Pt::new(pole_x + 1.3, -half + 3.0),
        Pt::new(pole_x + 1.3, half - 0.5),
        Pt::new(pole_x - 1.3, half - 0.5),
    ];
    fill(
        &mut c,
        |p| polygon_depth(p, &pole),
        0.8,
        DARK,
        |p| {
            if p.x < pole_x { [0.55; 3] } else { [0.35; 3] }
        },
    );
    fill(
        &mut c,
        |p| disc(p, Pt::new(pole_x, -half + 2.6), 2.3),
        0.8,
        DARK,
        |_| [0.8; 3],
    );
    fill(&mut c, banner, EDGE * 0.8, DARK, |p| {
        // Folds: lighter where the wave faces up.
        let k = 0.84 + 0.2 * cos((p.x - x0) * 0.26 - 1.2);
        [k.min(1.0); 3]
    });
    c
}

/// A glowing obelisk, as the pylon shape (0.26 by 0.6 hex sizes and an edge a side).
fn pylon() -> Canvas {
    let (w, h) = (px(0.26 * HEX_SIZE + 2.0), px(0.6 * HEX_SIZE + 2.0));
    let mut c = Canvas::new(w, h);
    let (hw, hh) = (w as f32 / 2.0, h as f32 / 2.0);
    let glow = [0.55, 0.95, 1.0];
    let tip = Pt::new(0.0, -hh + 7.0);
    c.paint(|p| {
        let d = (p - tip).len() / (hw + 0.5);
        (d < 1.0).then_some((glow, 0.45 * (1.0 - d) * (1.0 - d)))
    });
    let edge = [0.08, 0.14, 0.2];
    let plinth = [
        Pt::new(-hw + 1.0, hh - 6.5),
        Pt::new(hw - 1.0, hh - 6.5),
        Pt::new(hw - 1.0, hh - 1.0),
        Pt::new(-hw + 1.0, hh - 1.0),
    ];
    fill(
        &mut c,
        |p| polygon_depth(p, &plinth),
        1.2,
        edge,
        |p| shade([0.62, 0.72, 0.78], if p.y < hh - 4.5 { 1.2 } else { 1.0 }),
    );
    let (foot, neck) = (hh - 6.0, -hh + 12.0);
    let shaft = [
        Pt::new(-5.5, foot),
        Pt::new(-3.6, neck),
        Pt::new(3.6, neck),
        Pt::new(5.5, foot),
    ];
    fill(
        &mut c,
        |p| polygon_depth(p, &shaft),
        1.2,
        edge,
        |p| {
            let rune =
                p.x.abs() < 0.8 && ((p.y - neck) / 3.5).floor() as i32 % 2 == 1 && p.y < foot - 3.0;
            if rune {
                glow
            } else if p.x < -0.3 {
                [0.86, 0.97, 1.0]
            } else {
                [0.55, 0.7, 0.8]
            }
        },
    );
    let cap = [
        Pt::new(0.0, -hh + 1.0),
        Pt::new(4.2, neck + 0.5),
        Pt::new(-4.2, neck + 0.5),
    ];
    fill(
        &mut c,
        |p| polygon_depth(p, &cap),
        1.0,
        edge,
        |p| {
            if p.x < 0.0 { [0.92, 1.0, 1.0] } else { glow }
        },
    );
    c
}

/// A ward along a protected hex's rim: the hex outline's size (a hex plus an edge a side).
fn protected() -> Canvas {
    let (w, h) = (px(2.0 * HEX_SIZE + 2.0), px(3f32.sqrt() * HEX_SIZE + 2.0));
    let mut c = Canvas::new(w, h);
    let r = HEX_SIZE * TEXELS;
    let ward = [0.72, 0.95, 1.0];
    let bright = [0.9, 1.0, 1.0];
    c.paint(|p| {
        let d = hex_depth(p, r);
        if d < 0.0 {
            None
        } else if (1.5..4.0).contains(&d) {
            Some((bright, 0.85))
        } else if d < 14.0 {
            let t = 1.0 - d / 14.0;
            Some((ward, 0.5 * t * t))
        } else {
            None
        }
    });
    // A small diamond near each corner.
    for i in 0..6 {
        let at = clock(2 * i + 1) * (r - 11.0);
        let corners = [
            at + Pt::new(0.0, -4.0),
            at + Pt::new(3.0, 0.0),
            at + Pt::new(0.0, 4.0),
            at + Pt::new(-3.0, 0.0),
        ];
        let (lo, hi) = (at - Pt::new(5.0, 5.0), at + Pt::new(5.0, 5.0));
        c.paint_in(lo, hi, |p| {
            let d = polygon_depth(p, &corners);
            (d >= 0.0).then_some((if d < 0.8 { [0.3, 0.55, 0.65] } else { bright }, 0.9))
        });
    }
    c
}

/// An antlered lodge, as the station shape (0.38 hex sizes and an edge a side).
fn station() -> Canvas {
    let side = px(0.38 * HEX_SIZE + 2.0);
    let mut c = Canvas::new(side, side);
    let edge = [0.16, 0.09, 0.05];
    let wood = [0.93, 0.66, 0.34];
    let bone = [0.96, 0.92, 0.8];
    // Antlers behind the gable.
    let apex = Pt::new(0.0, -8.0);
    let tines = [
        (apex, Pt::new(-4.5, -12.5)),
        (Pt::new(-4.5, -12.5), Pt::new(-7.5, -12.0)),
        (Pt::new(-3.0, -11.0), Pt::new(-4.0, -14.0)),
        (apex, Pt::new(4.5, -12.5)),
        (Pt::new(4.5, -12.5), Pt::new(7.5, -12.0)),
        (Pt::new(3.0, -11.0), Pt::new(4.0, -14.0)),
    ];
    fill(
        &mut c,
        |p| {
            tines
                .iter()
                .map(|&(a, b)| 1.6 - to_segment(p, a, b))
                .fold(f32::MIN, f32::max)
        },
        0.7,
        edge,
        |_| bone,
    );
    let walls = [
        Pt::new(-10.0, -2.0),
        Pt::new(10.0, -2.0),
        Pt::new(10.0, 12.5),
        Pt::new(-10.0, 12.5),
    ];
    fill(
        &mut c,
        |p| polygon_depth(p, &walls),
        1.3,
        edge,
        |p| {
            let door = p.x.abs() < 2.8 && p.y > 4.5;
            let log = ((p.y + 2.0) / 3.0).fract() < 0.2;
            if door {
                [0.22, 0.13, 0.08]
            } else if log {
                shade(wood, 0.72)
            } else {
                shade(wood, if p.x > 4.0 { 0.88 } else { 1.0 })
            }
        },
    );
    let roof = [apex, Pt::new(13.5, 0.5), Pt::new(-13.5, 0.5)];
    fill(
        &mut c,
        |p| polygon_depth(p, &roof),
        1.3,
        edge,
        |p| shade([0.55, 0.27, 0.17], if p.x < 0.0 { 1.15 } else { 0.85 }),
    );
    c
}

/// Three planks side by side, as the boardwalk shape (0.6 by 0.24 hex sizes and an edge).
fn boardwalk() -> Canvas {
    let (w, h) = (px(0.6 * HEX_SIZE + 2.0), px(0.24 * HEX_SIZE + 2.0));
    let mut c = Canvas::new(w, h);
    let (hw, hh) = (w as f32 / 2.0, h as f32 / 2.0);
    let edge = [0.18, 0.1, 0.05];
    let wood = [0.66, 0.45, 0.26];
    let plank = (2.0 * hh - 1.0) / 3.0;
    let seed = seed_of("Boardwalk");
    for i in 0..3 {
        let y0 = -hh + 0.5 + i as f32 * plank;
        let stagger = [0.5, 2.0, 1.0][i];
        let body = [
            Pt::new(-hw + stagger, y0 + 0.3),
            Pt::new(hw - 2.5 + stagger, y0 + 0.3),
            Pt::new(hw - 2.5 + stagger, y0 + plank - 0.3),
            Pt::new(-hw + stagger, y0 + plank - 0.3),
        ];
        let tone = [1.0, 0.9, 1.06][i];
        fill(
            &mut c,
            |p| polygon_depth(p, &body),
            1.1,
            edge,
            |p| {
                let nail = [-hw + stagger + 3.5, hw - 6.0 + stagger]
                    .iter()
                    .any(|&x| (p - Pt::new(x, y0 + plank / 2.0)).len() < 0.9);
                let grain = fbm(Pt::new(p.x * 0.08, p.y * 0.9), seed ^ i as u32, 2);
                if nail {
                    [0.35, 0.3, 0.28]
                } else {
                    shade(wood, tone * (0.86 + 0.3 * grain))
                }
            },
        );
    }
    c
}

/// A full ring, as a lone token's arc: rounded, lit from the upper left, dark-edged.
fn token() -> Canvas {
    arc(1)
}

/// One of `n` equal arcs of the token ring, starting due North, clockwise, a small gap from its
/// neighbours (as `render::shapes`' arcs: the renderer turns the `i`-th by `i` arcs). A lone
/// token's full ring is lit from the upper left; arcs, which are turned, are lit evenly.
fn arc(n: u32) -> Canvas {
    use std::f32::consts::TAU;
    let side = px(2.0 * 0.86 * HEX_SIZE + 2.0);
    let mut c = Canvas::new(side, side);
    let (r0, r1) = (0.62 * HEX_SIZE * TEXELS, 0.86 * HEX_SIZE * TEXELS);
    let gap = 2.5 * TEXELS;
    let span = TAU / n as f32;
    fill(
        &mut c,
        |p| {
            let r = p.len();
            let along = if n == 1 {
                f32::INFINITY
            } else {
                // Clockwise from North, y down.
                let a = atan2(p.x, -p.y).rem_euclid(TAU);
                (a * r).min((span - a) * r) - gap
            };
            (r - r0).min(r1 - r).min(along)
        },
        EDGE,
        DARK,
        |p| {
            let t = (p.len() - r0) / (r1 - r0);
            let round = 1.0 - (2.0 * t - 1.0) * (2.0 * t - 1.0);
            let light = if n == 1 { lit(p, r1, 0.1) } else { 1.07 };
            [(0.74 + 0.2 * round) * light; 3]
        },
    );
    c
}

/// A four-pointed star, faceted, as the site shape (0.6 hex sizes and an edge).
fn star() -> Canvas {
    let side = px(0.6 * HEX_SIZE + 2.0);
    let mut c = Canvas::new(side, side);
    let (long, thin) = (0.3 * HEX_SIZE * TEXELS, 0.11 * HEX_SIZE * TEXELS);
    let diamond = |w: f32, h: f32| {
        [
            Pt::new(0.0, -h),
            Pt::new(w, 0.0),
            Pt::new(0.0, h),
            Pt::new(-w, 0.0),
        ]
    };
    let (upright, across) = (diamond(thin, long), diamond(long, thin));
    fill(
        &mut c,
        |p| polygon_depth(p, &upright).max(polygon_depth(p, &across)),
        // Thinner than the others' edge: the points are thin.
        EDGE * 0.7,
        DARK,
        // Facets: each point's halves lit apart.
        |p| if p.x * p.y < 0.0 { [1.0; 3] } else { [0.7; 3] },
    );
    c
}

/// A crown for the capital, 0.8 hex sizes across.
fn crown() -> Canvas {
    let side = px(0.8 * HEX_SIZE);
    let mut c = Canvas::new(side, side);
    let edge = [0.25, 0.14, 0.04];
    let gold = [0.96, 0.78, 0.3];
    let points = [
        [
            Pt::new(-17.0, 6.0),
            Pt::new(-14.0, -12.0),
            Pt::new(-5.0, 6.0),
        ],
        [Pt::new(-8.0, 6.0), Pt::new(0.0, -17.0), Pt::new(8.0, 6.0)],
        [Pt::new(5.0, 6.0), Pt::new(14.0, -12.0), Pt::new(17.0, 6.0)],
    ];
    let band = [
        Pt::new(-17.0, 3.0),
        Pt::new(17.0, 3.0),
        Pt::new(16.0, 14.0),
        Pt::new(-16.0, 14.0),
    ];
    let balls = [
        Pt::new(-14.0, -13.0),
        Pt::new(0.0, -18.5),
        Pt::new(14.0, -13.0),
    ];
    let shape = |p: Pt| {
        let mut d = polygon_depth(p, &band);
        for t in &points {
            d = d.max(polygon_depth(p, t));
        }
        for &b in &balls {
            d = d.max(disc(p, b, 3.0));
        }
        d
    };
    fill(&mut c, shape, 1.6, edge, |p| {
        let on_band = p.y > 3.0;
        let k = if on_band {
            0.9 + 0.15 * (1.0 - (p.y - 8.5).abs() / 5.5)
        } else {
            lit(p, 20.0, 0.25)
        };
        shade(gold, k)
    });
    let jewels = [
        (Pt::new(0.0, 8.5), [0.85, 0.12, 0.18]),
        (Pt::new(-9.5, 8.5), [0.2, 0.45, 0.9]),
        (Pt::new(9.5, 8.5), [0.2, 0.45, 0.9]),
    ];
    for (at, colour) in jewels {
        fill(
            &mut c,
            |p| disc(p, at, 2.6),
            0.8,
            edge,
            |p| {
                if (p - at + Pt::new(0.8, 0.8)).len() < 0.9 {
                    [1.0; 3]
                } else {
                    colour
                }
            },
        );
    }
    c
}

/// The emblem a seal bears, by words in its name.
fn emblem_depth(name: &str) -> fn(Pt) -> f32 {
    let name = name.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| name.contains(w));
    if has(&["cinder", "fire", "ember", "flame", "ash"]) {
        flame_depth
    } else if has(&["rime", "frost", "ice", "snow", "winter"]) {
        snowflake_depth
    } else if has(&["gloam", "dusk", "night", "moon", "shadow"]) {
        moon_depth
    } else {
        star_depth
    }
}

/// The emblem of fire seals: a flame.
fn flame_depth(p: Pt) -> f32 {
    // A flame: a round belly, a tall tongue and two short ones; a hollow inner flame.
    let belly = disc(p, Pt::new(0.0, 8.0), 10.5);
    let tongue = polygon_depth(
        p,
        &[Pt::new(-10.0, 6.0), Pt::new(3.0, -23.0), Pt::new(10.0, 6.0)],
    );
    let left = polygon_depth(
        p,
        &[
            Pt::new(-10.5, 8.0),
            Pt::new(-2.0, 2.0),
            Pt::new(-12.0, -9.0),
        ],
    );
    let right = polygon_depth(
        p,
        &[Pt::new(10.5, 8.0), Pt::new(2.0, 2.0), Pt::new(10.0, -7.0)],
    );
    let inner = disc(p, Pt::new(0.0, 11.0), 4.5).max(polygon_depth(
        p,
        &[Pt::new(-4.4, 10.0), Pt::new(1.0, -5.0), Pt::new(4.4, 10.0)],
    ));
    belly.max(tongue).max(left).max(right).min(-inner)
}

/// The emblem of frost seals: a snowflake.
fn snowflake_depth(p: Pt) -> f32 {
    // A snowflake: six arms with a pair of twigs each.
    let mut d = f32::MIN;
    for i in 0..6 {
        let dir = clock(2 * i);
        let tip = dir * 21.0;
        let fork = dir * 12.0;
        d = d.max(2.0 - to_segment(p, Pt::new(0.0, 0.0), tip));
        for side in [1, 11] {
            let twig = fork + clock((2 * i + side) % 12) * 7.0;
            d = d.max(1.6 - to_segment(p, fork, twig));
        }
    }
    d
}

/// The emblem of night seals: a crescent moon and a small star.
fn moon_depth(p: Pt) -> f32 {
    let moon = disc(p, Pt::new(-2.0, 0.0), 18.0).min(-disc(p, Pt::new(6.0, -5.0), 15.0));
    let star = polygon_depth(
        p,
        &[
            Pt::new(10.0, -4.0),
            Pt::new(13.0, 2.0),
            Pt::new(10.0, 8.0),
            Pt::new(7.0, 2.0),
        ],
    );
    moon.max(star)
}

/// The emblem of every other seal: a four-pointed star.
fn star_depth(p: Pt) -> f32 {
    let (long, thin) = (20.0, 6.0);
    polygon_depth(
        p,
        &[
            Pt::new(0.0, -long),
            Pt::new(thin, 0.0),
            Pt::new(0.0, long),
            Pt::new(-thin, 0.0),
        ],
    )
    .max(polygon_depth(
        p,
        &[
            Pt::new(-long, 0.0),
            Pt::new(0.0, -thin),
            Pt::new(long, 0.0),
            Pt::new(0.0, thin),
        ],
    ))
}

/// A wax seal in the seal's colour, 1.8 hex sizes across (the seal disc's size): a scalloped
/// rim, a raised ring, an emblem by its name (flame, snowflake, moon; a star otherwise).
fn seal(name: &str, colour: Rgb) -> Canvas {
    let side = px(1.8 * HEX_SIZE);
    let mut c = Canvas::new(side, side);
    let r = side as f32 / 2.0 - 2.0;
    let wax = seed_of(name);
    // Wax spreads unevenly: the rim wobbles.
    let shape = |p: Pt| r - 3.5 + 7.0 * (fbm(p * 0.07, wax, 2) - 0.5) - p.len();
    let edge = shade(colour, 0.3);
    let rim = r - 14.0;
    fill(&mut c, shape, 2.2, edge, |p| {
        let d = p.len();
        let k = lit(p, r, 0.2);
        let band = if (rim - 2.0..rim).contains(&d) {
            0.62
        } else if (rim..rim + 5.0).contains(&d) {
            1.15
        } else {
            1.0
        };
        shade(colour, k * band)
    });
    let emblem = emblem_depth(name);
    let raised = mix(shade(colour, 1.35), [1.0; 3], 0.25);
    let shadow = shade(colour, 0.5);
    c.paint(|p| {
        if emblem(p) >= 0.0 {
            Some((raised, 1.0))
        } else if emblem(p - Pt::new(1.5, 1.5)) >= 0.0 {
            Some((shadow, 1.0))
        } else {
            None
        }
    });
    c
}

/// An event's reservation: a disc 1.1 hex sizes across, bevelled, plain in the middle for the
/// glyph drawn over it.
fn event(colour: Rgb) -> Canvas {
    let side = px(1.1 * HEX_SIZE);
    let mut c = Canvas::new(side, side);
    let r = side as f32 / 2.0 - 1.0;
    fill(
        &mut c,
        |p| disc(p, Pt::new(0.0, 0.0), r),
        2.5,
        OUTLINE,
        |p| {
            let d = r - p.len();
            if d < 6.0 {
                shade(colour, lit(p, r, 0.25))
            } else {
                mix(colour, [1.0; 3], 0.18)
            }
        },
    );
    c
}

/// A modifier's reservation: a diamond (the marks' square turned 45°), 0.86 hex sizes a side
/// with the dark outline, bevelled, plain in the middle for the glyph.
fn modifier(colour: Rgb) -> Canvas {
    let side = px(0.86 * HEX_SIZE * SQRT_2);
    let mut c = Canvas::new(side, side);
    let h = 0.86 * HEX_SIZE * TEXELS / SQRT_2;
    let outline = (0.86 - 0.72) * HEX_SIZE * TEXELS / 2.0;
    let corners = [
        Pt::new(0.0, -h),
        Pt::new(h, 0.0),
        Pt::new(0.0, h),
        Pt::new(-h, 0.0),
    ];
    fill(
        &mut c,
        |p| polygon_depth(p, &corners),
        outline,
        OUTLINE,
        |p| {
            let d = polygon_depth(p, &corners) - outline;
            if d < 4.0 {
                // The bevel: faces up and left lit, down and right shaded.
                let k = if p.y < 0.0 && p.x < 0.0 {
                    1.0
                } else if p.y > 0.0 && p.x > 0.0 {
                    0.68
                } else {
                    0.84
                };
                shade(colour, k)
            } else {
                shade(colour, 0.95)
            }
        },
    );
    c
}
