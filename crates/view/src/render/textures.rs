//! Textures drawn in code, so the game runs from any folder without loose asset files.
//! All are white (tinted per use) with anti-aliased edges.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::HEX_SIZE;

/// Grey level of a tile's rim: tinted, it becomes a darker shade of the biome, outlining each hex.
const RIM_SHADE: f32 = 0.78;
/// Rim width in texture pixels.
const RIM_WIDTH: f32 = 1.5;
/// Hexes are drawn this much larger than their cell, so neighbours overlap instead of
/// leaving a hairline of background between them.
const BLEED: f32 = 0.5;

#[derive(Resource)]
pub(crate) struct Textures {
    /// A flat-topped hex of circumradius `HEX_SIZE`, centred in [`hex_texture_size`].
    pub hex: Handle<Image>,
    /// A disc with a dark outline, for point marks such as towns.
    pub disc: Handle<Image>,
}

pub(crate) fn plugin(app: &mut App) {
    let mut images = app.world_mut().resource_mut::<Assets<Image>>();
    let textures = Textures {
        hex: images.add(hex_image()),
        disc: images.add(disc_image(32)),
    };
    app.insert_resource(textures);
}

/// The hex texture's size: as wide as the hex, as tall as it rounded up to whole pixels.
pub(crate) fn hex_texture_size() -> UVec2 {
    UVec2::new(
        (2.0 * HEX_SIZE).round() as u32,
        (3f32.sqrt() * HEX_SIZE).ceil() as u32,
    )
}

/// How far inside a flat-topped hex of circumradius `r` the point `p` (from its centre) is.
fn hex_depth(p: Vec2, r: f32) -> f32 {
    let apothem = 3f32.sqrt() / 2.0 * r;
    let edge =
        p.y.abs()
            .max(p.x.abs() * 3f32.sqrt() / 2.0 + p.y.abs() / 2.0);
    apothem - edge
}

fn hex_image() -> Image {
    let size = hex_texture_size();
    let r = HEX_SIZE + BLEED;
    draw(size, |p| {
        let d = hex_depth(p, r);
        (d >= 0.0).then_some(if d < RIM_WIDTH { RIM_SHADE } else { 1.0 })
    })
}

fn disc_image(side: u32) -> Image {
    let r = side as f32 / 2.0 - 1.0;
    draw(UVec2::splat(side), |p| {
        let d = r - p.length();
        (d >= 0.0).then_some(if d < 2.5 { 0.15 } else { 1.0 })
    })
}

/// Rasterises `shade` (None outside the shape) with 4x4 supersampling per pixel into sRGB RGBA.
pub(crate) fn draw(size: UVec2, shade: impl Fn(Vec2) -> Option<f32>) -> Image {
    const N: u32 = 4;
    let centre = size.as_vec2() / 2.0;
    let mut data = Vec::with_capacity((size.x * size.y * 4) as usize);
    for y in 0..size.y {
        for x in 0..size.x {
            let (mut covered, mut sum) = (0u32, 0.0f32);
            for sy in 0..N {
                for sx in 0..N {
                    let p = Vec2::new(
                        x as f32 + (sx as f32 + 0.5) / N as f32,
                        y as f32 + (sy as f32 + 0.5) / N as f32,
                    ) - centre;
                    if let Some(s) = shade(p) {
                        covered += 1;
                        sum += s;
                    }
                }
            }
            let grey = if covered == 0 {
                0.0
            } else {
                sum / covered as f32
            };
            let grey = (grey * 255.0).round() as u8;
            let alpha = (covered * 255 / (N * N)) as u8;
            data.extend_from_slice(&[grey, grey, grey, alpha]);
        }
    }
    Image::new(
        Extent3d {
            width: size.x,
            height: size.y,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        // The tilemap copies the texture into its own array on the GPU, so keep it in the main world.
        RenderAssetUsages::default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_texture_is_white_inside_and_clear_at_the_corners() {
        let img = hex_image();
        let s = hex_texture_size();
        let px = |x: u32, y: u32| img.pixel_bytes(UVec3::new(x, y, 0)).unwrap().to_vec();
        assert_eq!(px(s.x / 2, s.y / 2), vec![255, 255, 255, 255]);
        assert_eq!(px(0, 0)[3], 0);
        assert_eq!(px(s.x - 1, s.y - 1)[3], 0);
    }
}
