//! Motion: tokens glide along their moves, blows and stag travel instead of jumping, hex after
//! hex in the order the rules made them (their [`PlayEvent`]s), so a walk or a bot's turn can be
//! followed by eye. A view only: the rules moved the player already; a token that glides is
//! drawn between its last hexes until it catches up.

use std::collections::VecDeque;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;

use super::shared::PlaySystems;
use crate::ViewSystems;
use crate::render::HEX_SIZE;
use crate::render::screenshot::Animations;
use aeternus_core::hex::{Coord, layout};
use aeternus_core::per_game::PerGameApp;
use aeternus_core::play::{PlayEvent, PlayerId};

/// Tokens glide before they are placed.
pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_per_game::<Glides>().add_systems(
        Update,
        (follow, glide)
            .chain()
            .in_set(PlaySystems::Glide)
            .in_set(ViewSystems::Render),
    );
}

/// Seconds for one step onto a neighbour.
pub const STEP_SECS: f32 = 0.18;
/// Seconds for a stag journey, however far.
const TRAVEL_SECS: f32 = 0.6;
/// A token this many legs behind hurries (a bot's quick turn): it never lags for long.
const HURRY_BEYOND: usize = 4;

/// The tokens on their way: where each gliding player is drawn, by player.
#[derive(Resource, Default, Debug)]
pub struct Glides(HashMap<PlayerId, Glide>);

#[derive(Debug)]
struct Glide {
    /// The start of the leg under way.
    from: Vec2,
    /// The legs' ends, and each leg's length in seconds.
    legs: VecDeque<(Vec2, f32)>,
    /// How far along the first leg, 0 to 1.
    t: f32,
}

impl Glides {
    /// Where `player`'s token is drawn while it glides (`None`: on its hex).
    pub fn at(&self, player: PlayerId) -> Option<Vec2> {
        let g = self.0.get(&player)?;
        let &(to, _) = g.legs.front()?;
        // Eased in and out, so a step reads as one motion.
        let t = g.t.clamp(0.0, 1.0);
        Some(g.from.lerp(to, t * t * (3.0 - 2.0 * t)))
    }

    /// Whether any token is still on its way.
    pub fn moving(&self) -> bool {
        !self.0.is_empty()
    }
}

fn centre(c: Coord) -> Vec2 {
    layout(HEX_SIZE).hex_to_world_pos(c.to_hex())
}

/// Queues each move, blow and stag journey as a leg of its player's glide. Reads
/// [`PlayEvent`]s; writes [`Glides`].
fn follow(mut events: MessageReader<PlayEvent>, mut glides: ResMut<Glides>) {
    for e in events.read() {
        let (player, from, to, secs) = match *e {
            PlayEvent::Moved {
                player, from, to, ..
            }
            | PlayEvent::Blown { player, from, to } => (player, from, to, STEP_SECS),
            PlayEvent::Travelled { player, from, to } => (player, from, to, TRAVEL_SECS),
            _ => continue,
        };
        let glide = glides.0.entry(player).or_insert_with(|| Glide {
            from: centre(from),
            legs: VecDeque::new(),
            t: 0.0,
        });
        glide.legs.push_back((centre(to), secs));
    }
}

/// Moves each glide on by the frame's time; a glide that arrived ends. Reads the time; writes
/// [`Glides`] and, while a token is on its way, [`Animations`] (a screenshot waits for it).
fn glide(time: Res<Time>, mut glides: ResMut<Glides>, animations: Option<ResMut<Animations>>) {
    if let Some(mut a) = animations.filter(|_| glides.moving()) {
        a.keep();
    }
    let dt = time.delta_secs();
    glides.0.retain(|_, g| {
        let mut left = dt;
        while let Some(&(to, secs)) = g.legs.front() {
            let hurry = (g.legs.len() as f32 / HURRY_BEYOND as f32).max(1.0);
            let secs = secs / hurry;
            let need = (1.0 - g.t) * secs;
            if left < need {
                g.t += left / secs;
                break;
            }
            left -= need;
            g.from = to;
            g.t = 0.0;
            g.legs.pop_front();
        }
        !g.legs.is_empty()
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexx::Hex;

    fn step(from: Hex, to: Hex) -> PlayEvent {
        PlayEvent::Moved {
            player: PlayerId(1),
            from: Coord::from_hex(from),
            to: Coord::from_hex(to),
            ap: 1,
        }
    }

    /// Two steps glide through the middle hex and end on the last, then the glide is over.
    #[test]
    fn a_token_glides_hex_after_hex_and_ends_on_the_last() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<PlayEvent>()
            .init_resource::<Glides>()
            .add_systems(Update, (follow, glide).chain());
        let (a, b, c) = (Hex::ZERO, Hex::new(1, 0), Hex::new(2, 0));
        app.world_mut().write_message(step(a, b));
        app.world_mut().write_message(step(b, c));
        app.update();
        let glides = app.world().resource::<Glides>();
        assert!(glides.moving());
        let mut seen = Vec::new();
        let start = std::time::Instant::now();
        while app.world().resource::<Glides>().moving() {
            assert!(start.elapsed().as_secs() < 5, "the glide never ended");
            if let Some(p) = app.world().resource::<Glides>().at(PlayerId(1)) {
                seen.push(p);
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
            app.update();
        }
        let l = layout(HEX_SIZE);
        let (pa, pc) = (l.hex_to_world_pos(a), l.hex_to_world_pos(c));
        // Only forward, along the line from a to c, and never past c.
        assert!(seen.len() >= 4, "{seen:?}");
        assert!(seen.windows(2).all(|w| w[1].x >= w[0].x - 1e-3), "{seen:?}");
        assert!(
            seen.iter()
                .all(|p| p.x >= pa.x - 1e-3 && p.x <= pc.x + 1e-3)
        );
        assert!(
            seen.iter()
                .any(|p| (p.x - pa.x).abs() > 1.0 && (p.x - pc.x).abs() > 1.0)
        );
        assert_eq!(app.world().resource::<Glides>().at(PlayerId(1)), None);
    }
}
