//! The painted art (`aeternus-art`) against what the renderer draws: a tile is the white hex
//! texture's size and shape, a sprite the size of the shape it stands for.

use std::sync::OnceLock;

use aeternus_art::{HEX_SIZE, Piece, pieces, tile_size};
use bevy::prelude::*;

/// The art, painted once for all the tests.
fn art() -> &'static [Piece] {
    static ART: OnceLock<Vec<Piece>> = OnceLock::new();
    ART.get_or_init(pieces)
}

fn tiles() -> impl Iterator<Item = &'static Piece> {
    art().iter().filter(|p| p.path.starts_with("tiles/"))
}

fn decode(piece: &Piece) -> image::RgbaImage {
    image::load_from_memory(&piece.png).unwrap().to_rgba8()
}

fn sprite(name: &str) -> &'static Piece {
    let path = format!("sprites/{name}.png");
    (art().iter().find(|p| p.path == path)).unwrap_or_else(|| panic!("no {path}"))
}

#[test]
fn tiles_are_all_the_white_hex_textures_size_and_shape() {
    let mut app = App::new();
    app.init_resource::<Assets<Image>>();
    crate::render::textures::plugin(&mut app);
    let hex = app
        .world()
        .resource::<crate::render::textures::Textures>()
        .hex
        .clone();
    let images = app.world().resource::<Assets<Image>>();
    let texture = images.get(&hex).unwrap();
    let size = crate::render::textures::hex_texture_size();
    assert_eq!(tile_size(), (size.x, size.y));
    assert_eq!(HEX_SIZE, crate::render::HEX_SIZE);
    let alpha: Vec<u8> = texture
        .data
        .as_ref()
        .unwrap()
        .chunks(4)
        .map(|p| p[3])
        .collect();
    for piece in tiles() {
        let img = decode(piece);
        assert_eq!((img.width(), img.height()), tile_size(), "{}", piece.path);
        let mine: Vec<u8> = img.pixels().map(|p| p[3]).collect();
        assert!(mine == alpha, "{}: not the hex texture's mask", piece.path);
        assert_eq!(img.get_pixel(0, 0)[3], 0, "{}: clear corners", piece.path);
    }
}

#[test]
fn sprites_are_the_size_of_the_shapes_they_stand_for() {
    assert_eq!(
        aeternus_art::sprites::MAX_ARCS as usize,
        crate::render::shapes::MAX_ARCS
    );
    let mut app = App::new();
    app.init_resource::<Assets<Image>>();
    crate::render::shapes::plugin(&mut app);
    let shapes = app.world().resource::<crate::render::shapes::Shapes>();
    let images = app.world().resource::<Assets<Image>>();
    let size = |s: &crate::render::shapes::Shape| {
        let v = images.get(&s.image).unwrap().size();
        (v.x, v.y)
    };
    for (name, shape) in [
        ("flag", &shapes.flag),
        ("pylon", &shapes.pylon),
        ("station", &shapes.station),
        ("boardwalk", &shapes.boardwalk),
        ("site", &shapes.site),
        ("token", &shapes.arcs[0]),
        ("token-2", &shapes.arcs[1]),
        ("token-8", &shapes.arcs[7]),
        ("protected", &shapes.outline),
    ] {
        let p = sprite(name);
        assert_eq!((p.width, p.height), size(shape), "{name}");
        assert_eq!(p.world, (shape.size.x, shape.size.y), "{name}");
    }
    // The marks' custom sizes.
    let town = sprite("town");
    assert_eq!(town.world, (0.75 * HEX_SIZE, 0.75 * HEX_SIZE));
    let corrupted = sprite("corrupted");
    let half = crate::render::textures::hex_texture_size().as_vec2() * 0.5;
    assert_eq!(corrupted.world, (half.x, half.y));
    let event = sprite("storm/reservation-event");
    assert!((event.world.0 - 1.1 * HEX_SIZE).abs() < 0.5);
    for p in art().iter().filter(|p| p.path.contains("/seal-")) {
        assert!((p.world.0 - 1.8 * HEX_SIZE).abs() < 0.5, "{}", p.path);
    }
}
