//! Construction (section 5.3.4, as the spec README reads it): a feature goes on the player's hex
//! or one within the ruleset's range, paid from the player's resources; never on a biome that
//! forbids building unless the feature names it (a Boardwalk on a Lake), never on a corrupted
//! hex, and at most one flag a hex.

use hexx::Hex;

use super::actions::Refusal;
use super::board::Board;
use super::corruption::corrupt;
use super::flags;
use super::log::PlayEvent;
use super::players::PlayerId;
use crate::hex::{Coord, distance};
use crate::rules::{FeatureEffect, FeatureId};

pub(super) fn build(
    board: &mut Board,
    player: PlayerId,
    hex: Hex,
    feature: FeatureId,
) -> Result<(), Refusal> {
    let mut a = board.actor(player)?;
    a.ready()?;
    let rules = board.rules();
    let f = (rules.features.get(feature.0 as usize)).ok_or(Refusal::UnknownFeature(feature))?;
    if f.cost.is_empty() {
        return Err(Refusal::NotConstructible(feature));
    }
    let range = rules.construction.range;
    let d = distance(a.hex, hex);
    if d > range {
        return Err(Refusal::OutOfRange { distance: d, range });
    }
    let data = board
        .hex(hex)
        .ok_or(Refusal::Indeterminate(Coord::from_hex(hex)))?;
    if !rules.biomes[data.biome.0 as usize].buildable && !f.builds_on.contains(&data.biome) {
        return Err(Refusal::BiomeForbids(data.biome));
    }
    if rules.construction.forbidden_on_corrupted && board.is_corrupted(hex) {
        return Err(Refusal::CorruptedHex);
    }
    let occupies = f.effect == FeatureEffect::Occupy;
    if occupies
        && board
            .feature_with(hex, |e| *e == FeatureEffect::Occupy)
            .is_some()
    {
        return Err(Refusal::FlagTaken);
    }
    if data.features.contains(feature) {
        return Err(Refusal::AlreadyBuilt(feature));
    }
    let need_ap = rules.play.build_ap;
    if a.ap < need_ap {
        return Err(Refusal::NotEnoughAp {
            need: need_ap,
            have: a.ap,
        });
    }
    let cost = f.cost.clone();
    let corrupts = matches!(f.effect, FeatureEffect::Corruption { .. });
    let mut purse = board.resources(&a);
    if let Some((name, &need)) = cost.iter().find(|(name, n)| purse.get(name) < **n) {
        return Err(Refusal::CannotAfford {
            resource: name.clone(),
            need,
            have: purse.get(name),
        });
    }
    for (name, n) in &cost {
        *purse.entry(name.clone()).or_insert(0) -= n;
    }
    a.ap -= need_ap;
    board.save(&a);
    board.log(PlayEvent::Built {
        player,
        hex: Coord::from_hex(hex),
        feature,
    });
    if corrupts {
        // A mod that sells corruption gets it by the corruption rule (pylons, flags and all).
        corrupt(board, hex, player);
        return Ok(());
    }
    let mut features = data.features;
    features.insert(feature);
    board.hexes.set_state(hex, data.landmark, features);
    if occupies {
        flags::raise(board, hex, a.faction);
    }
    Ok(())
}
