//! Corruption spreads to the hex a player leaves for a corrupted one; a Pylon of Purity keeps it
//! off its own hex and those within its radius, and cleanses any of them that is corrupted.

use bevy::prelude::*;
use hexx::Hex;

use super::board::Board;
use super::flags;
use super::log::PlayEvent;
use super::players::PlayerId;
use crate::hex::Coord;
use crate::rules::{FeatureEffect, FeatureId, FeatureSet};
use crate::world::plugin::{Features, HexEditor, HexPos};

/// Corrupts `hex` (left by `player`) unless it already is or a pylon protects it: its landmark
/// becomes the corruption's and every other feature goes, a flag with them.
pub(super) fn corrupt(board: &mut Board, hex: Hex, player: PlayerId) {
    let Some(c) = board.rules().corruption else {
        return;
    };
    let FeatureEffect::Corruption { landmark } = board.rules().features[c.0 as usize].effect else {
        return;
    };
    if board.is_corrupted(hex) || board.hex(hex).is_none() {
        return;
    }
    let at = Coord::from_hex(hex);
    if board.hexes.world().purified(hex) {
        board.log(PlayEvent::Warded { hex: at });
        return;
    }
    let mut features = FeatureSet::EMPTY;
    features.insert(c);
    board.hexes.set_state(hex, landmark, features);
    board.log(PlayEvent::Corrupted { hex: at, player });
    flags::lose(board, hex);
}

/// Runs on every hex whose features changed (built, corrupted, or just generated): a corrupted
/// hex a pylon covers, and every corrupted hex a new pylon covers, stops being corrupted.
pub(super) fn cleanse(
    changed: Query<&HexPos, Changed<Features>>,
    mut hexes: HexEditor,
    mut log: MessageWriter<PlayEvent>,
) {
    let rules = &hexes.world().rules;
    let Some(c) = rules.corruption.filter(|_| !changed.is_empty()) else {
        return;
    };
    let pylons: Vec<(FeatureId, u32)> = rules.pylons().collect();
    let world = hexes.world();
    let corrupted = |h: Hex| world.get(h).is_some_and(|d| d.features.contains(c));
    let mut found = Vec::new();
    for pos in &changed {
        let Some(d) = world.get(pos.0) else { continue };
        if d.features.contains(c) && world.purified(pos.0) {
            found.push(pos.0);
        }
        for &(pylon, radius) in &pylons {
            if d.features.contains(pylon) {
                found.extend(pos.0.range(radius).filter(|&h| corrupted(h)));
            }
        }
    }
    found.sort_unstable_by_key(|h| world.get(*h).map(|d| d.order));
    found.dedup();
    for hex in found {
        let d = hexes.world().get(hex).expect("found among generated hexes");
        let mut features = d.features;
        features.remove(c);
        hexes.set_state(hex, d.landmark, features);
        log.write(PlayEvent::Cleansed {
            hex: Coord::from_hex(hex),
        });
    }
}
