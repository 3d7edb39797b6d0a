//! The storm map's art, from the same sources as the Aeternus map's (`render::art`): each storm
//! biome's tiles `art/tiles/storm/<biome>.png` and the sprites `art/sprites/storm/…` (the
//! capital, each seal, the two kinds of reservation) and the token. A new or saved tile image
//! restyles the cycle's tiles in place, a sprite its marks (`super::draw`); a missing one leaves
//! today's tinted shape, with a warning naming the file.

use bevy::asset::AssetLoadFailedEvent;
use bevy::prelude::*;

use super::play::CurrentMap;
use crate::ViewSystems;
use crate::render::art::{SpriteArt, TileArt, read_art};
use crate::render::art_loader::ArtImage;
use crate::render::textures::Textures;
use aeternus_core::mods::Sources;
use aeternus_core::mods::reload::RulesRejected;
use aeternus_core::storm::{Kind, StormRules};

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_message::<RulesRejected>()
        .add_systems(Startup, ask_for_art)
        .add_systems(Update, take_art.in_set(ViewSystems::Render));
}

/// The capital's sprite.
pub(super) const CAPITAL: &str = "storm/capital";

/// A seal's sprite, by its name.
pub(super) fn seal_sprite(name: &str) -> String {
    format!("storm/seal-{}", aeternus_core::mods::art_files::kebab(name))
}

/// A reservation's sprite, by its kind.
pub(super) fn reservation_sprite(kind: Kind) -> &'static str {
    match kind {
        Kind::Event => "storm/reservation-event",
        Kind::Modifier => "storm/reservation-modifier",
    }
}

/// Every sprite the storm map draws.
fn sprite_names(rules: &StormRules) -> Vec<String> {
    let mut names = vec!["token".to_string(), CAPITAL.to_string()];
    names.extend(rules.seals.iter().map(|s| seal_sprite(&s.name)));
    names.extend([Kind::Event, Kind::Modifier].map(|k| reservation_sprite(k).to_string()));
    names
}

/// Asks for the storm biomes' tiles and the map's sprites the game's sources hold. Reads the
/// map's rules, the sources and the textures; writes [`TileArt`] and [`SpriteArt`].
fn ask_for_art(
    mut commands: Commands,
    server: Res<AssetServer>,
    sources: Option<Res<Sources>>,
    map: Res<CurrentMap>,
    textures: Res<Textures>,
    images: Res<Assets<Image>>,
) {
    let rules = &map.0.rules;
    let names = rules.biomes.iter().map(|b| b.name.as_str());
    let white = textures.hex.clone();
    let sources = sources.as_deref();
    let tiles = TileArt::ask("storm", names, &server, sources, white, &images);
    let sprites = SpriteArt::ask(sprite_names(rules), &server, sources);
    commands.insert_resource(tiles);
    commands.insert_resource(sprites);
}

/// Takes each tile and sprite as it loads or is saved again; each art resource is marked
/// changed only when one of its images did (the tiles restyle, the marks redraw). Reads the
/// art's asset events and failed loads; writes the images, [`TileArt`], [`SpriteArt`] and
/// [`RulesRejected`].
fn take_art(
    (mut events, mut failed): (
        MessageReader<AssetEvent<ArtImage>>,
        MessageReader<AssetLoadFailedEvent<ArtImage>>,
    ),
    arts: Res<Assets<ArtImage>>,
    mut images: ResMut<Assets<Image>>,
    art: Option<(ResMut<TileArt>, ResMut<SpriteArt>)>,
    mut rejected: MessageWriter<RulesRejected>,
) {
    let Some((mut tiles, mut sprites)) = art else {
        return;
    };
    let (events, failed) = read_art(&mut events, &mut failed);
    let (i, r) = (&mut images, &mut rejected);
    if (tiles.bypass_change_detection()).take(&events, &failed, &arts, i, r) {
        tiles.set_changed();
    }
    if (sprites.bypass_change_detection()).take(&events, &failed, &arts, i, r) {
        sprites.set_changed();
    }
}
