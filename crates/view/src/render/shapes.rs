//! Textures for the map views, drawn in code like `render::textures`: white shapes (tinted per
//! use) with dark edges so they read on light and dark biomes alike. Sizes are in hex sizes
//! (the hex's circumradius); textures have [`TEXELS`] per world unit, so they stay crisp zoomed in.

use std::f32::consts::TAU;

use bevy::prelude::*;

use crate::render::HEX_SIZE;
use crate::render::textures::draw;

/// Texels per world unit.
const TEXELS: f32 = 2.0;
/// A token's ring, in hex sizes: clear of the hex centre and of a point 0.55 below it (the
/// window test samples the biome there), close to the hex's rim (its apothem is 0.866).
pub const RING_INNER: f32 = 0.62;
pub const RING_OUTER: f32 = 0.86;
/// The current player's halo: just outside its ring.
pub const HALO_OUTER: f32 = 0.98;
/// Most players one hex shows apart (more share the last arc).
pub const MAX_ARCS: usize = 8;
/// The dark edge, in world units.
const EDGE: f32 = 1.3;
const DARK: f32 = 0.12;

/// A texture and the size, in world units, it is drawn at.
#[derive(Clone)]
pub(crate) struct Shape {
    pub image: Handle<Image>,
    pub size: Vec2,
}

impl Shape {
    pub fn sprite(&self, color: Color) -> Sprite {
        Sprite {
            image: self.image.clone(),
            color,
            custom_size: Some(self.size),
            ..default()
        }
    }
}

#[derive(Resource)]
pub(crate) struct Shapes {
    /// `arcs[n - 1]`: one of n equal arcs of a token ring, starting due North, clockwise.
    pub arcs: Vec<Shape>,
    /// `halos[n - 1]`: the band just outside the ring, as wide an arc.
    pub halos: Vec<Shape>,
    /// A hex's rim, for the hovered hex and highlighted ones; a bolder one for a chosen hex.
    pub outline: Shape,
    pub outline_bold: Shape,
    pub flag: Shape,
    pub pylon: Shape,
    pub station: Shape,
    pub boardwalk: Shape,
    /// A small four-pointed star: a hex with sites.
    pub site: Shape,
}

pub(crate) fn plugin(app: &mut App) {
    let mut images = app.world_mut().resource_mut::<Assets<Image>>();
    let mut add = |image: Image| Shape {
        size: image.size_f32() / TEXELS,
        image: images.add(image),
    };
    let arcs = (1..=MAX_ARCS)
        .map(|n| add(arc(n, RING_INNER, RING_OUTER, true)))
        .collect();
    let halos = (1..=MAX_ARCS)
        .map(|n| add(arc(n, RING_OUTER - 0.03, HALO_OUTER, false)))
        .collect();
    let shapes = Shapes {
        arcs,
        halos,
        outline: add(outline(2.5)),
        outline_bold: add(outline(5.0)),
        flag: add(flag()),
        pylon: add(pylon()),
        station: add(station()),
        boardwalk: add(boardwalk()),
        site: add(star()),
    };
    app.insert_resource(shapes);
}

/// Rasterises a shape given in world units around the texture's centre, y up.
fn shape(world: Vec2, f: impl Fn(Vec2) -> Option<f32>) -> Image {
    let size = (world * TEXELS).ceil().as_uvec2();
    draw(size, |p| f(Vec2::new(p.x, -p.y) / TEXELS))
}

/// Dark within `EDGE` of the shape's border, white inside; `depth` is the distance inside.
fn edged(depth: f32) -> Option<f32> {
    (depth >= 0.0).then_some(if depth < EDGE { DARK } else { 1.0 })
}

fn arc(n: usize, inner: f32, outer: f32, with_edge: bool) -> Image {
    let (r0, r1) = (inner * HEX_SIZE, outer * HEX_SIZE);
    // A small gap between neighbouring arcs, none around a lone token.
    let gap = if n == 1 { 0.0 } else { 2.5 };
    let span = TAU / n as f32;
    shape(Vec2::splat(2.0 * r1 + 2.0), |p| {
        let r = p.length();
        // Clockwise from North.
        let a = p.x.atan2(p.y).rem_euclid(TAU);
        let along = if n == 1 {
            f32::INFINITY
        } else {
            (a * r).min((span - a) * r) - gap
        };
        let depth = (r - r0).min(r1 - r).min(along);
        if with_edge {
            edged(depth)
        } else {
            (depth >= 0.0).then_some(1.0)
        }
    })
}

/// Distance inside a flat-topped hex of circumradius `r` (negative outside).
fn hex_depth(p: Vec2, r: f32) -> f32 {
    let edge =
        p.y.abs()
            .max(p.x.abs() * 3f32.sqrt() / 2.0 + p.y.abs() / 2.0);
    3f32.sqrt() / 2.0 * r - edge
}

/// The rim of a hex, `width` world units wide.
fn outline(width: f32) -> Image {
    let r = HEX_SIZE;
    shape(Vec2::new(2.0 * r + 2.0, 3f32.sqrt() * r + 2.0), |p| {
        let d = hex_depth(p, r);
        (0.0..width).contains(&d).then_some(1.0)
    })
}

/// Distance inside a convex polygon given counter-clockwise.
fn polygon_depth(p: Vec2, corners: &[Vec2]) -> f32 {
    let mut depth = f32::INFINITY;
    for (i, &a) in corners.iter().enumerate() {
        let b = corners[(i + 1) % corners.len()];
        let normal = (b - a).perp().normalize();
        depth = depth.min((p - a).dot(normal));
    }
    depth
}

/// A pennant on a dark pole: the pennant takes the owner's colour.
fn flag() -> Image {
    let s = 0.46 * HEX_SIZE;
    let pole_x = -0.4 * s;
    let pennant = [
        Vec2::new(pole_x, 0.45 * s),
        Vec2::new(pole_x, -0.05 * s),
        Vec2::new(0.5 * s, 0.2 * s),
    ];
    shape(Vec2::splat(s + 2.0), move |p| {
        let on_pole = (p.x - pole_x).abs() < 1.2 && p.y.abs() < 0.5 * s;
        let pennant = polygon_depth(p, &pennant);
        if pennant >= 0.0 {
            edged(pennant)
        } else {
            on_pole.then_some(DARK)
        }
    })
}

/// The corners of an upright diamond `2w` wide and `2h` tall, counter-clockwise from the bottom.
fn diamond(w: f32, h: f32) -> [Vec2; 4] {
    [
        Vec2::new(0.0, -h),
        Vec2::new(w, 0.0),
        Vec2::new(0.0, h),
        Vec2::new(-w, 0.0),
    ]
}

/// Two thin diamonds crossed: a four-pointed star.
fn star() -> Image {
    let (long, thin) = (0.3 * HEX_SIZE, 0.11 * HEX_SIZE);
    let (upright, across) = (diamond(thin, long), diamond(long, thin));
    shape(Vec2::splat(2.0 * long + 2.0), move |p| {
        edged(polygon_depth(p, &upright).max(polygon_depth(p, &across)))
    })
}

/// A tall diamond: an obelisk of purity.
fn pylon() -> Image {
    let (w, h) = (0.13 * HEX_SIZE, 0.3 * HEX_SIZE);
    let corners = diamond(w, h);
    shape(Vec2::new(2.0 * w + 2.0, 2.0 * h + 2.0), move |p| {
        edged(polygon_depth(p, &corners))
    })
}

/// A house with a pitched roof and a dark door: a way station.
fn station() -> Image {
    let s = 0.19 * HEX_SIZE;
    let corners = [
        Vec2::new(-s, -s),
        Vec2::new(s, -s),
        Vec2::new(s, 0.2 * s),
        Vec2::new(0.0, s),
        Vec2::new(-s, 0.2 * s),
    ];
    shape(Vec2::splat(2.0 * s + 2.0), move |p| {
        let door = p.x.abs() < 0.3 * s && p.y < -0.15 * s;
        edged(polygon_depth(p, &corners)).map(|v| if door { DARK } else { v })
    })
}

/// Three planks side by side.
fn boardwalk() -> Image {
    let (w, h) = (0.3 * HEX_SIZE, 0.24 * HEX_SIZE);
    let plank = h / 3.0;
    shape(Vec2::new(2.0 * w + 2.0, h + 2.0), move |p| {
        let across = w - p.x.abs();
        let row = (p.y + h / 2.0).rem_euclid(plank);
        let depth = across.min(row).min(plank - row).min(h / 2.0 - p.y.abs());
        edged(depth + 0.4)
    })
}
