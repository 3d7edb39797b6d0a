//! Cues: a short mark where a rule acted, beside its log line, so a hazard is seen where it
//! happens — a gust along the winds' blow, ripples where a Swamp held a player back, a red rim
//! where a Lake blocked the way, a violet burst where corruption spread, a bright ring where a
//! pylon cleansed or warded a hex, a deep red burst where a player razed a flag, a gold rim
//! where a flag was reclaimed. Each grows and fades in a second or so, then is gone.

use bevy::prelude::*;

use super::shared::PlaySystems;
use crate::ViewSystems;
use crate::render::HEX_SIZE;
use crate::render::screenshot::Animations;
use crate::render::shapes::Shapes;
use crate::render::textures::Textures;
use aeternus_core::hex::{Coord, layout};
use aeternus_core::play::PlayEvent;

/// Cues come and age over the tokens, once they are placed.
pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_systems(
        Update,
        (spawn_cues, age_cues)
            .chain()
            .in_set(PlaySystems::OverTokens)
            .in_set(ViewSystems::Render),
    );
}

/// Above the marks and tokens, under the hover outline.
const CUE_Z: f32 = 6.5;
const GUST: Color = Color::srgb(0.96, 0.9, 0.7);
const MIRE: Color = Color::srgb(0.55, 0.75, 0.45);
const BLOCK: Color = Color::srgb(0.95, 0.25, 0.2);
const BLIGHT: Color = Color::srgb(0.7, 0.2, 0.85);
const WARD: Color = Color::srgb(0.8, 0.97, 1.0);
const RAZE: Color = Color::srgb(0.85, 0.08, 0.08);
const RECLAIM: Color = Color::srgb(1.0, 0.82, 0.25);

/// One cue's life: its age and length in seconds, how much it grows, its colour and size at
/// full. Only its sprite changes as it ages (its place is set once), so it shares no data with
/// the systems that place things.
#[derive(Component, Debug)]
pub struct Cue {
    age: f32,
    life: f32,
    grow: f32,
    colour: Color,
    size: Vec2,
}

/// The kinds of cue, each from the event that makes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Gust,
    Mire,
    Block,
    Blight,
    Ward,
    /// A player's step razed a rival's (or its own faction's) flag.
    Raze,
    /// A flag went up again on a razed hex.
    Reclaim,
}

/// The cue an event makes, and where (a gust runs from `from` to `at`).
pub fn cue_of(e: &PlayEvent) -> Option<(Kind, Coord, Coord)> {
    Some(match *e {
        PlayEvent::Blown { from, to, .. } => (Kind::Gust, from, to),
        PlayEvent::Mired { at, .. } => (Kind::Mire, at, at),
        PlayEvent::Blocked { toward, .. } => (Kind::Block, toward, toward),
        PlayEvent::Corrupted { hex, .. } => (Kind::Blight, hex, hex),
        PlayEvent::Cleansed { hex } | PlayEvent::Warded { hex } => (Kind::Ward, hex, hex),
        PlayEvent::Razed { hex, .. } => (Kind::Raze, hex, hex),
        PlayEvent::Reclaimed { hex, .. } => (Kind::Reclaim, hex, hex),
        _ => return None,
    })
}

/// Spawns a cue for each event that has one. Reads [`PlayEvent`]s, the shapes and textures;
/// writes (spawns) the cues.
fn spawn_cues(
    mut commands: Commands,
    mut events: MessageReader<PlayEvent>,
    shapes: Res<Shapes>,
    textures: Res<Textures>,
) {
    let l = layout(HEX_SIZE);
    for (kind, from, at) in events.read().filter_map(cue_of) {
        let (a, b) = (
            l.hex_to_world_pos(from.to_hex()),
            l.hex_to_world_pos(at.to_hex()),
        );
        let on_hex = Transform::from_translation(b.extend(CUE_Z));
        let (sprite, transform, life, grow, colour) = match kind {
            // A streak along the blow, from the hex left to the hex reached.
            Kind::Gust => {
                let d = b - a;
                let streak = Sprite::from_color(GUST, Vec2::new(d.length(), 0.16 * HEX_SIZE));
                let turn = Quat::from_rotation_z(d.y.atan2(d.x));
                let t = Transform::from_translation(((a + b) / 2.0).extend(CUE_Z));
                (streak, t.with_rotation(turn), 0.7, 0.0, GUST)
            }
            // A rim on the hex, grown a little or much.
            Kind::Mire | Kind::Ward | Kind::Block | Kind::Reclaim => {
                let (colour, life, grow) = match kind {
                    Kind::Mire => (MIRE, 0.8, 0.5),
                    Kind::Ward => (WARD, 0.8, 0.5),
                    Kind::Reclaim => (RECLAIM, 1.2, 0.8),
                    _ => (BLOCK, 0.7, 0.15),
                };
                let rim = shapes.outline_bold.sprite(colour);
                (rim, on_hex, life, grow, colour)
            }
            Kind::Blight | Kind::Raze => {
                let (colour, life) = if kind == Kind::Raze {
                    (RAZE, 1.4)
                } else {
                    (BLIGHT, 0.9)
                };
                let burst = Sprite {
                    image: textures.disc.clone(),
                    color: colour,
                    custom_size: Some(Vec2::splat(0.9 * HEX_SIZE)),
                    ..default()
                };
                (burst, on_hex, life, 1.2, colour)
            }
        };
        commands.spawn((
            Name::new(format!("{kind:?} cue")),
            Cue {
                age: 0.0,
                life,
                grow,
                colour,
                size: sprite.custom_size.unwrap_or(Vec2::splat(HEX_SIZE)),
            },
            sprite,
            transform,
        ));
    }
}

/// Grows and fades each cue by the frame's time; despawns the spent ones. Reads the time;
/// writes the cues, their sprites and, while one shows, [`Animations`].
fn age_cues(
    mut commands: Commands,
    time: Res<Time>,
    mut cues: Query<(Entity, &mut Cue, &mut Sprite)>,
    animations: Option<ResMut<Animations>>,
) {
    if let Some(mut a) = animations.filter(|_| !cues.is_empty()) {
        a.keep();
    }
    for (e, mut cue, mut sprite) in &mut cues {
        cue.age += time.delta_secs();
        let t = cue.age / cue.life;
        if t >= 1.0 {
            commands.entity(e).despawn();
            continue;
        }
        sprite.color = cue.colour.with_alpha(1.0 - t * t);
        sprite.custom_size = Some(cue.size * (1.0 + cue.grow * t));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aeternus_core::play::{Faction, PlayerId};
    use hexx::Hex;

    #[test]
    fn each_hazard_and_pylon_event_has_its_cue_at_its_hex() {
        let (a, b) = (Coord::from_hex(Hex::ZERO), Coord::from_hex(Hex::new(1, 0)));
        let player = PlayerId(1);
        let blown = PlayEvent::Blown {
            player,
            from: a,
            to: b,
        };
        assert_eq!(cue_of(&blown), Some((Kind::Gust, a, b)));
        let mired = PlayEvent::Mired {
            player,
            at: a,
            toward: b,
            ap: 1,
        };
        assert_eq!(cue_of(&mired), Some((Kind::Mire, a, a)));
        let blocked = PlayEvent::Blocked {
            player,
            at: a,
            toward: b,
            blown: false,
            ap: 0,
        };
        assert_eq!(cue_of(&blocked), Some((Kind::Block, b, b)));
        let spread = PlayEvent::Corrupted { hex: a, player };
        assert_eq!(cue_of(&spread), Some((Kind::Blight, a, a)));
        assert_eq!(
            cue_of(&PlayEvent::Cleansed { hex: b }),
            Some((Kind::Ward, b, b))
        );
        let moved = PlayEvent::Moved {
            player,
            from: a,
            to: b,
            ap: 1,
        };
        assert_eq!(cue_of(&moved), None);
        let faction = Faction(0);
        let razed = PlayEvent::Razed {
            player,
            hex: a,
            faction,
        };
        assert_eq!(cue_of(&razed), Some((Kind::Raze, a, a)));
        let reclaimed = PlayEvent::Reclaimed { hex: b, faction };
        assert_eq!(cue_of(&reclaimed), Some((Kind::Reclaim, b, b)));
    }
}
