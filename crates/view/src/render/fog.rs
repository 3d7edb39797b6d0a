//! The frontier: indeterminate hexes beside a generated one, drawn as fog so a player sees
//! where the known world ends. Kept from [`HexGenerated`] messages alone, never by a scan of
//! every hex: a hex generated leaves the fog and its indeterminate neighbours enter it.

use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use hexx::Hex;

use aeternus_core::hex::neighbours;
use aeternus_core::world::HexWorld;

/// Fog's colour over the white hex: a pale veil, so the background still shows through it.
pub const FOG_COLOUR: Color = Color::srgba(0.62, 0.66, 0.74, 0.28);

/// The indeterminate hexes that border the generated world.
#[derive(Resource, Default, Debug)]
pub(crate) struct Fog(HashSet<Hex>);

impl Fog {
    pub(crate) fn contains(&self, hex: Hex) -> bool {
        self.0.contains(&hex)
    }

    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Follows the generation of `hex` in `world` (which already holds it): it leaves the fog,
    /// and each neighbour still indeterminate enters it. Calls `changed` with every hex whose
    /// fog state changed (the hex itself first).
    pub(crate) fn generated(&mut self, world: &HexWorld, hex: Hex, mut changed: impl FnMut(Hex)) {
        self.0.remove(&hex);
        changed(hex);
        for n in neighbours(hex) {
            if !world.is_generated(n) && self.0.insert(n) {
                changed(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aeternus_core::hex::{ring, view_order};
    use aeternus_core::rules::Rules;
    use aeternus_core::world::Cause;

    /// Generates `hexes` in `world` and follows each in `fog`, as the game does.
    fn grow(world: &mut HexWorld, fog: &mut Fog, hexes: impl IntoIterator<Item = Hex>) {
        for hex in hexes {
            if world.is_generated(hex) {
                continue;
            }
            let made = world.generate(hex, Cause::View).unwrap();
            for o in made {
                fog.generated(world, world.hex_of_order(o), |_| {});
            }
        }
    }

    #[test]
    fn the_fog_is_the_ring_around_a_disc() {
        let mut world = HexWorld::new(Rules::aeternus(), 5);
        let mut fog = Fog::default();
        grow(&mut world, &mut fog, [Hex::ZERO]);
        fog.generated(&world, Hex::ZERO, |_| {});
        grow(&mut world, &mut fog, view_order(Hex::ZERO, 6));
        let want: HashSet<Hex> = ring(Hex::ZERO, 7).collect();
        assert_eq!(fog.0, want);
        assert_eq!(fog.len(), 42);
    }

    #[test]
    fn a_hex_generated_in_the_fog_leaves_it_and_pushes_the_frontier_out() {
        let mut world = HexWorld::new(Rules::aeternus(), 5);
        let mut fog = Fog::default();
        grow(&mut world, &mut fog, view_order(Hex::ZERO, 2));
        fog.generated(&world, Hex::ZERO, |_| {});
        let step = Hex::new(3, 0);
        assert!(fog.contains(step));
        let mut changed = Vec::new();
        world.generate(step, Cause::MoveTarget).unwrap();
        fog.generated(&world, step, |h| changed.push(h));
        assert!(!fog.contains(step));
        assert_eq!(changed[0], step);
        // Its neighbours outside the disc enter; those already generated never do.
        for n in neighbours(step) {
            assert_eq!(fog.contains(n), !world.is_generated(n), "{n:?}");
        }
        assert_eq!(changed.len(), 1 + 3, "three new fog hexes: {changed:?}");
        // Every fog hex is indeterminate and touches the generated world.
        for &h in &fog.0 {
            assert!(!world.is_generated(h));
            assert!(neighbours(h).iter().any(|&n| world.is_generated(n)));
        }
    }
}
