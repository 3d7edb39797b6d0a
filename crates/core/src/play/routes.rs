//! Path-finding over the explored world: the cheapest way between two generated hexes that keeps
//! off Lakes and corrupted ground. Plain functions over the store, for walks, bots and tests.

use hexx::Hex;

use super::hexes::effects as movement_effects;
use crate::rules::Rules;
use crate::world::{GeneratedHex, HexWorld};

/// The cheapest way from `from` to `to` over generated hexes that do not block entry and are not
/// corrupted (entering one corrupts the hex left), `from` first; each step costs what leaving
/// its hex costs (1, more off a Perilous Pass). A corrupted `to` may still be walked onto.
/// `None` when no such way exists (or `to` is not generated).
pub fn route(world: &HexWorld, rules: &Rules, from: Hex, to: Hex) -> Option<Vec<Hex>> {
    route_with(world, rules, from, to, |_| 0)
}

/// [`route`], with `toll` added to the cost of each step onto a hex (a bot's wariness of known
/// hazards).
pub fn route_with(
    world: &HexWorld,
    rules: &Rules,
    from: Hex,
    to: Hex,
    toll: impl Fn(&GeneratedHex) -> u32,
) -> Option<Vec<Hex>> {
    let passable = |h: Hex| {
        world
            .get(h)
            .filter(|d| h == from || !movement_effects(rules, d).blocks_entry)
            .filter(|d| {
                h == from || h == to || rules.corruption.is_none_or(|c| !d.features.contains(c))
            })
    };
    hexx::algorithms::a_star(from, to, |a, b| {
        let entering = passable(b)?;
        let leaving = passable(a)?;
        let step = 1u32.saturating_add(movement_effects(rules, &leaving).leave_extra_ap);
        Some(step.saturating_add(toll(&entering)))
    })
}

/// For tests (the core's and the views'): a hex two steps from the origin whose route crosses no
/// chancy ground (no winds, no mire, no extra AP), with that route.
pub fn calm_target(world: &HexWorld, rules: &Rules) -> (Hex, Vec<Hex>) {
    let calm = |h: &Hex| {
        let m = rules.biomes[world.get(*h).unwrap().biome.0 as usize].movement;
        m.wind_chance == 0.0 && m.exit_other_mass_chance == 1.0 && m.leave_extra_ap == 0
    };
    crate::hex::ring(Hex::ZERO, 2)
        .filter(|h| world.is_generated(*h))
        .find_map(|h| {
            let path = route(world, rules, Hex::ZERO, h)?;
            (path.len() == 3 && path.iter().all(calm)).then_some((h, path))
        })
        .expect("a calm hex two steps from the origin")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::FeatureSet;
    use crate::world::Cause;

    #[test]
    fn routes_keep_off_corrupted_hexes_and_lakes_but_may_end_on_corruption() {
        let rules = Rules::aeternus();
        let mut w = HexWorld::new(rules.clone(), 7);
        for h in crate::hex::view_order(Hex::ZERO, 4) {
            w.generate(h, Cause::View).unwrap();
        }
        let to = Hex::new(2, 0);
        let path = route(&w, &rules, Hex::ZERO, to).expect("a way in the open");
        assert_eq!((path[0], *path.last().unwrap()), (Hex::ZERO, to));
        let middle = path[1];
        let corrupted = rules.corruption.expect("the seed's rules corrupt");
        let mut set = FeatureSet::EMPTY;
        set.insert(corrupted);
        let d = w.get(middle).unwrap();
        w.set_state(middle, d.landmark, set);
        let around = route(&w, &rules, Hex::ZERO, to).expect("another way");
        assert!(!around.contains(&middle), "{around:?}");
        // A corrupted hex may still be the goal.
        assert!(route(&w, &rules, Hex::ZERO, middle).is_some());
        // Every step of a route is onto a hex that does not block entry.
        for h in &around[1..] {
            assert!(!movement_effects(&rules, &w.get(*h).unwrap()).blocks_entry);
        }
    }
}
