//! Player tokens: a ring in the faction's colour near the hex's rim, hollow so the hex stays
//! visible. Players sharing a hex split the ring into arcs, clockwise from North in id order.
//! The current player's arc has a pulsing white halo just outside it.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;

use super::seat::{Table, faction_colour};
use super::shapes::{MAX_ARCS, Shapes};
use crate::AppSystems;
use crate::hex::layout;
use crate::play::{Player, PlayerId};
use crate::render::HEX_SIZE;
use crate::render::camera::{MainCamera, scale_of};
use crate::rules::Rules;

/// Above tiles, town and feature marks.
const TOKEN_Z: f32 = 10.0;
/// World units per pixel beyond which tokens grow, so they stay easy to find zoomed out.
const GROWS_BEYOND: f32 = 3.0;
const PULSE_HZ: f32 = 1.2;

/// On a player's entity: its token sprite and halo.
#[derive(Component)]
struct Token {
    ring: Entity,
    halo: Entity,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (give_tokens, place_tokens)
            .chain()
            .in_set(AppSystems::Render),
    );
}

fn give_tokens(
    mut commands: Commands,
    new: Query<(Entity, &Player), Without<Token>>,
    shapes: Res<Shapes>,
) {
    for (entity, player) in &new {
        let mut part = |name: &str, sprite: Sprite| {
            commands
                .spawn((Name::new(format!("{name} of {}", player.name)), sprite))
                .id()
        };
        let ring = part("Token", shapes.arcs[0].sprite(Color::WHITE));
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

fn place_tokens(
    table: Table,
    tokens: Query<&Token>,
    mut sprites: Query<(&mut Sprite, &mut Transform, &mut Visibility)>,
    shapes: Res<Shapes>,
    rules: Res<Rules>,
    camera: Single<&Projection, With<MainCamera>>,
    time: Res<Time>,
) {
    let players = table.in_order();
    let current = players.iter().find(|s| s.may_act()).map(|s| s.id());
    let places: Vec<_> = players.iter().map(|s| (s.id(), s.hex)).collect();
    let arcs = arcs(&places);
    let grow = (scale_of(&camera) / GROWS_BEYOND).max(1.0);
    let pulse = 0.65 + 0.35 * (time.elapsed_secs() * PULSE_HZ * std::f32::consts::TAU).sin();
    let layout = layout(HEX_SIZE);
    for s in &players {
        let Ok(token) = tokens.get(s.entity) else {
            continue;
        };
        let (i, n) = arcs[&s.id()];
        let turn = Quat::from_rotation_z(-(i as f32) * std::f32::consts::TAU / n as f32);
        let at = layout.hex_to_world_pos(s.hex);
        let colour = faction_colour(&rules, s.faction);
        let mine = Some(s.id()) == current;
        for (part, shape, colour, z, shown) in [
            (token.ring, &shapes.arcs[n - 1], colour, TOKEN_Z, true),
            (
                token.halo,
                &shapes.halos[n - 1],
                Color::WHITE.with_alpha(pulse),
                TOKEN_Z - 0.5,
                mine,
            ),
        ] {
            let Ok((mut sprite, mut transform, mut visibility)) = sprites.get_mut(part) else {
                continue;
            };
            *sprite = shape.sprite(colour);
            *transform = Transform::from_translation(at.extend(z + i as f32 * 0.01))
                .with_rotation(turn)
                .with_scale(Vec3::splat(grow));
            visibility.set_if_neq(if shown {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            });
        }
    }
}
