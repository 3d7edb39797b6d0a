//! Player tokens: a ring in the faction's colour near the hex's rim, hollow so the hex stays
//! visible. Players sharing a hex split the ring into arcs, clockwise from North in id order.
//! The current player's arc has a pulsing white halo just outside it.

use aeternus_core::play::restart::GameReset;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;

use super::motion::Glides;
use super::seat::Table;
use super::shared::{OffCamera, PlaySystems};
use crate::ViewSystems;
use crate::render::art::{SpriteArt, TakeArt};
use crate::render::camera::MainCamera;
use crate::render::camera::SpectatorCamera;
use crate::render::shapes::{MAX_ARCS, Shapes};
use crate::render::tokens::faction_colour;
use crate::render::tokens::{token_sprite, token_transform};
use aeternus_core::play::{Player, PlayerId};
use aeternus_core::world::plugin::WorldRules;

const PULSE_HZ: f32 = 1.2;

/// On a player's entity: its token sprite and halo.
#[derive(Component)]
pub(super) struct Token {
    ring: Entity,
    halo: Entity,
}

/// A part of a token (its ring or halo): each its own entity, beside its player's.
#[derive(Component)]
struct TokenPart;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_systems(
        Update,
        (
            drop_tokens.run_if(on_message::<GameReset>),
            give_tokens,
            place_tokens,
        )
            .chain()
            .after(TakeArt)
            .in_set(PlaySystems::Tokens)
            .in_set(ViewSystems::Render),
    );
}

/// A new game replaced the world, and its players: the old tokens go. Writes (despawns) the
/// token parts.
fn drop_tokens(mut commands: Commands, parts: Query<Entity, With<TokenPart>>) {
    for e in &parts {
        commands.entity(e).despawn();
    }
}

/// Gives each new player its token (ring, halo). Reads the players without one and the
/// shapes; writes the token entities.
fn give_tokens(
    mut commands: Commands,
    new: Query<(Entity, &Player), Without<Token>>,
    shapes: Res<Shapes>,
    art: Option<Res<SpriteArt>>,
) {
    for (entity, player) in &new {
        let mut part = |name: &str, sprite: Sprite| {
            commands
                .spawn((
                    Name::new(format!("{name} of {}", player.name)),
                    TokenPart,
                    sprite,
                ))
                .id()
        };
        let ring = part(
            "Token",
            token_sprite(&shapes, art.as_deref(), 1, Color::WHITE),
        );
        let halo = part("Halo", shapes.halos[0].sprite(Color::WHITE));
        commands.entity(entity).insert(Token { ring, halo });
    }
}

/// Each player's place in the ring of its hex: (its index, how many share the hex).
pub fn arcs(players: &[(PlayerId, Hex)]) -> HashMap<PlayerId, (usize, usize)> {
    let mut by_hex: HashMap<Hex, Vec<PlayerId>> = HashMap::default();
    for &(id, hex) in players {
        by_hex.entry(hex).or_default().push(id);
    }
    let mut out = HashMap::default();
    for ids in by_hex.values_mut() {
        ids.sort();
        // Past MAX_ARCS, the last arcs are shared: rare, and the HUD still lists everyone.
        let n = ids.len().min(MAX_ARCS);
        for (i, &id) in ids.iter().enumerate() {
            out.insert(id, (i.min(n - 1), n));
        }
    }
    out
}

/// Reads the players, the shapes, the rules, the camera's zoom and the time (the halo's pulse);
/// writes the token sprites.
fn place_tokens(
    table: Table,
    tokens: Query<&Token>,
    mut sprites: Query<(&mut Sprite, &mut Transform, &mut Visibility), OffCamera>,
    (shapes, art): (Res<Shapes>, Option<Res<SpriteArt>>),
    rules: WorldRules,
    camera: Single<&Projection, (With<MainCamera>, Without<SpectatorCamera>)>,
    (time, glides): (Res<Time>, Res<Glides>),
) {
    let players = table.in_order();
    let current = players.iter().find(|s| s.may_act()).map(|s| s.id());
    let places: Vec<_> = players.iter().map(|s| (s.id(), s.hex)).collect();
    let arcs = arcs(&places);
    let pulse = 0.65 + 0.35 * (time.elapsed_secs() * PULSE_HZ * std::f32::consts::TAU).sin();
    for s in &players {
        let Ok(token) = tokens.get(s.entity) else {
            continue;
        };
        let (i, n) = arcs[&s.id()];
        let colour = faction_colour(&rules, s.faction);
        let mine = Some(s.id()) == current;
        let halo = shapes.halos[n - 1].sprite(Color::WHITE.with_alpha(pulse));
        for (part, look, z, shown) in [
            (
                token.ring,
                token_sprite(&shapes, art.as_deref(), n, colour),
                0.0,
                true,
            ),
            (token.halo, halo, -0.5, mine),
        ] {
            let Ok((mut sprite, mut transform, mut visibility)) = sprites.get_mut(part) else {
                continue;
            };
            *sprite = look;
            *transform = token_transform(s.hex, i, n, z, &camera);
            // On its way: drawn where its glide is.
            if let Some(at) = glides.at(s.id()) {
                transform.translation = at.extend(transform.translation.z);
            }
            visibility.set_if_neq(if shown {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            });
        }
    }
}
