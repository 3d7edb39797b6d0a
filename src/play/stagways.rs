//! The stagways: from a hex with a Stag Station, travel to any other hex with one. It is not a
//! move (no hazards, no corruption, no move target generated; the viewer's sight follows as
//! always) and, as the seed says, it ends the player's actions for the phase.

use hexx::Hex;

use super::actions::Refusal;
use super::board::Board;
use super::log::PlayEvent;
use super::players::PlayerId;
use crate::hex::Coord;
use crate::rules::FeatureEffect;

pub(super) fn travel(board: &mut Board, player: PlayerId, to: Hex) -> Result<(), Refusal> {
    let mut a = board.actor(player)?;
    a.ready()?;
    let is_station = |e: &FeatureEffect| matches!(e, FeatureEffect::Stagway { .. });
    let station = board
        .feature_with(a.hex, is_station)
        .ok_or(Refusal::NoStationHere)?;
    if to == a.hex {
        return Err(Refusal::AlreadyThere);
    }
    board
        .feature_with(to, is_station)
        .ok_or(Refusal::NoStationThere(Coord::from_hex(to)))?;
    let FeatureEffect::Stagway { ends_actions } = board.rules().features[station.0 as usize].effect
    else {
        unreachable!("found by its effect")
    };
    let from = a.hex;
    a.hex = to;
    a.ended |= ends_actions;
    board.save(&a);
    board.log(PlayEvent::Travelled {
        player,
        from: Coord::from_hex(from),
        to: Coord::from_hex(to),
    });
    Ok(())
}
