//! The token's rules on the storm map, free of rendering: one step to an adjacent cell that is on
//! the map and of an accessible biome; arriving on a reservation reveals what it holds (drawn by
//! the core's `StormMap::reveal`, so the answer does not depend on the path taken).

use bevy::prelude::Resource;
use hexx::Hex;

use crate::hex::distance;
use std::sync::Arc;

use crate::storm::{BiomeId, Content, CycleParams, SealId, StormMap, StormRules};

/// Why a move did not happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocked {
    /// Only the six neighbours are one move away.
    NotAdjacent(Hex),
    /// Beyond the map's edge.
    OffMap(Hex),
    /// A biome the ruleset marks as not accessible.
    Inaccessible(Hex, BiomeId),
}

/// What the token found where it arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrival {
    pub cell: Hex,
    /// The reservation's content, when the cell holds one.
    pub content: Option<Content>,
    /// True the first time this cycle the cell's reservation is reached.
    pub first_reveal: bool,
    pub seal: Option<SealId>,
}

/// The token on one cycle's map, and the reservations it has opened this cycle.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct TokenTrail {
    pub cell: Hex,
    /// Reached reservations and what they held, in the order reached.
    pub revealed: Vec<(Hex, Content)>,
}

impl TokenTrail {
    /// At the capital, the map's centre; nothing revealed.
    pub fn start() -> TokenTrail {
        TokenTrail::at(Hex::ZERO)
    }

    /// On `cell`, nothing revealed.
    pub fn at(cell: Hex) -> TokenTrail {
        TokenTrail {
            cell,
            revealed: Vec::new(),
        }
    }

    pub fn content_at(&self, cell: Hex) -> Option<Content> {
        self.revealed
            .iter()
            .find(|(h, _)| *h == cell)
            .map(|(_, c)| *c)
    }

    /// Moves one cell if the rules allow it and reveals what the new cell holds.
    pub fn step(&mut self, map: &StormMap, to: Hex) -> Result<Arrival, Blocked> {
        check_move(map, self.cell, to)?;
        self.cell = to;
        let content = map.reveal(to);
        let first_reveal = content.is_some() && self.content_at(to).is_none();
        if let (true, Some(c)) = (first_reveal, content) {
            self.revealed.push((to, c));
        }
        Ok(Arrival {
            cell: to,
            content,
            first_reveal,
            seal: map.seal_at(to),
        })
    }
}

/// Whether a token on `from` may move to `to`.
pub fn check_move(map: &StormMap, from: Hex, to: Hex) -> Result<(), Blocked> {
    if distance(from, to) != 1 {
        return Err(Blocked::NotAdjacent(to));
    }
    let biome = map.biome_at(to).ok_or(Blocked::OffMap(to))?;
    if !map.rules.biome_of(biome).accessible {
        return Err(Blocked::Inaccessible(to, biome));
    }
    Ok(())
}

/// The same cycle under new rules (a saved rule file): the map regenerated from the same seed,
/// cycle and mode; the contracted seals kept by name (all of the new ones when none is left);
/// the token stays on its cell while that is on the map and accessible, else returns to the
/// capital; every reservation is closed again, since what it holds may have changed.
pub fn under_new_rules(
    map: &StormMap,
    journey: &TokenTrail,
    rules: StormRules,
) -> (StormMap, TokenTrail) {
    let kept: Vec<SealId> = rules
        .seals
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            map.params
                .contracts
                .iter()
                .any(|c| map.rules.seals[c.0 as usize].name == s.name)
        })
        .map(|(i, _)| SealId(i as u8))
        .collect();
    let contracts = if kept.is_empty() {
        rules.all_seals()
    } else {
        kept
    };
    let params = CycleParams {
        contracts,
        ..map.params.clone()
    };
    let next = StormMap::generate(Arc::new(rules), params);
    let stays = next
        .biome_at(journey.cell)
        .is_some_and(|b| next.rules.biome_of(b).accessible);
    let start = if stays {
        TokenTrail::at(journey.cell)
    } else {
        TokenTrail::start()
    };
    (next, start)
}

/// The next cycle: the map regenerated from (seed, cycle + 1), the token back at the capital.
pub fn next_cycle(map: &StormMap) -> (StormMap, TokenTrail) {
    (map.next_cycle(), TokenTrail::start())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::hex::{Direction, neighbours};
    use crate::storm::{CycleParams, StormRules};

    fn map(seed: u64) -> StormMap {
        let rules = Arc::new(StormRules::embedded().unwrap());
        let params = CycleParams::new(&rules, seed, 0);
        StormMap::generate(rules, params)
    }

    /// A reserved cell with an accessible neighbour to step from.
    fn reservation_with_approach(m: &StormMap) -> (Hex, Hex) {
        m.reservations()
            .find_map(|(cell, _)| {
                neighbours(cell)
                    .into_iter()
                    .find(|&n| {
                        m.biome_at(n)
                            .is_some_and(|b| m.rules.biome_of(b).accessible)
                    })
                    .map(|n| (n, cell))
            })
            .expect("some reservation has an accessible neighbour")
    }

    #[test]
    fn new_rules_redraw_the_cycle_keep_seals_by_name_and_keep_the_token_where_it_may_stand() {
        let old = map(4);
        let mut rules = (*old.rules).clone();
        // Contract only the second seal; the new rules list the seals the other way round.
        let old = StormMap::generate(
            old.rules.clone(),
            CycleParams {
                contracts: vec![SealId(1)],
                ..old.params.clone()
            },
        );
        rules.seals.reverse();
        let journey = TokenTrail::at(Hex::ZERO);
        let (new, start) = under_new_rules(&old, &journey, rules);
        assert_eq!(
            (new.params.seed, new.params.cycle),
            (old.params.seed, old.params.cycle)
        );
        let names = |m: &StormMap| -> Vec<String> {
            m.params
                .contracts
                .iter()
                .map(|c| m.rules.seal_of(*c).name.clone())
                .collect()
        };
        assert_eq!(names(&new), names(&old));
        // The capital is always accessible: the token stays, with nothing revealed.
        assert_eq!(start, TokenTrail::at(Hex::ZERO));
    }

    #[test]
    fn moves_go_one_accessible_cell_on_the_map() {
        let m = map(3);
        let mut j = TokenTrail::start();
        let far = Hex::new(2, 0);
        assert_eq!(j.step(&m, far), Err(Blocked::NotAdjacent(far)));
        assert_eq!(j.step(&m, Hex::ZERO), Err(Blocked::NotAdjacent(Hex::ZERO)));
        // Off the edge: a border cell's outer neighbour.
        let r = m.rules.radius as i32;
        let mut edge = TokenTrail::at(Hex::new(0, -r));
        let out = Hex::new(0, -r - 1);
        assert_eq!(edge.step(&m, out), Err(Blocked::OffMap(out)));
        assert_eq!(edge.cell, Hex::new(0, -r));
        // Every neighbour of the capital: moved exactly when its biome is accessible.
        for d in Direction::ALL {
            let mut j = TokenTrail::start();
            let to = d.offset();
            let b = m.biome_at(to).unwrap();
            match j.step(&m, to) {
                Ok(a) => assert!(m.rules.biome_of(b).accessible && a.cell == to),
                Err(e) => assert_eq!(e, Blocked::Inaccessible(to, b)),
            }
        }
        // A blocked cell somewhere on the map, approached from a neighbour on the map.
        let i = (m.biomes.iter()).position(|b| !m.rules.biome_of(*b).accessible);
        let wall = m
            .disc
            .hex(i.expect("the storm rules have impassable biomes"));
        let from = neighbours(wall)
            .into_iter()
            .find(|&n| m.biome_at(n).is_some())
            .unwrap();
        assert!(matches!(
            check_move(&m, from, wall),
            Err(Blocked::Inaccessible(..))
        ));
    }

    #[test]
    fn arriving_on_a_reservation_reveals_it_once() {
        let m = map(3);
        let (from, cell) = reservation_with_approach(&m);
        let mut j = TokenTrail::at(from);
        let a = j.step(&m, cell).unwrap();
        assert_eq!(a.content, m.reveal(cell));
        assert!(a.first_reveal && a.content.is_some());
        assert_eq!(a.content.unwrap().kind, m.reservation_at(cell).unwrap());
        assert_eq!(j.content_at(cell), a.content);
        // Back and forth: the same content, not revealed a second time.
        j.step(&m, from).unwrap();
        let again = j.step(&m, cell).unwrap();
        assert_eq!((again.content, again.first_reveal), (a.content, false));
        assert_eq!(j.revealed.len(), 1);
    }

    #[test]
    fn the_next_cycle_regenerates_and_resets_the_token() {
        let m = map(3);
        let (from, cell) = reservation_with_approach(&m);
        let mut j = TokenTrail::at(from);
        j.step(&m, cell).unwrap();
        let (next, j2) = next_cycle(&m);
        assert_eq!(next.params.cycle, 1);
        assert_eq!(next.params.seed, 3);
        assert_eq!(j2, TokenTrail::start());
        assert_ne!(next.biomes, m.biomes);
        assert_eq!(
            next.biome_at(Hex::ZERO),
            Some(m.rules.capital),
            "the token restarts on the capital"
        );
    }
}
