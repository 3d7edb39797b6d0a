//! What happened, for a HUD, a log or a save: every rule that changes the game writes a
//! [`PlayEvent`], with hexes as Aeternus coordinates; [`PlayLog`] keeps the newest
//! [`MAX_LOG`](super::MAX_LOG) of them.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::actions::{Action, Refusal};
use super::ids::{Faction, PlayerId};
use super::standing::{End, Score};
use crate::hex::Coord;
use crate::rules::{FeatureId, Rules};

#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum PlayEvent {
    /// A Traverse: the player stepped onto the adjacent hex for `ap` action points.
    Moved {
        player: PlayerId,
        from: Coord,
        to: Coord,
        ap: u32,
    },
    /// The Dunes winds carried the player onto an adjacent hex, for no action points.
    Blown {
        player: PlayerId,
        from: Coord,
        to: Coord,
    },
    /// The player did not move: `toward` blocks entry (a Lake). `blown`: the winds pushed.
    Blocked {
        player: PlayerId,
        at: Coord,
        toward: Coord,
        blown: bool,
        ap: u32,
    },
    /// Leaving a Swamp for another mass failed; the player stays.
    Mired {
        player: PlayerId,
        at: Coord,
        toward: Coord,
        ap: u32,
    },
    /// The hex a player left for a corrupted hex became corrupted.
    Corrupted {
        hex: Coord,
        player: PlayerId,
    },
    /// Corruption would have spread onto a hex a pylon protects; it did not.
    Warded {
        hex: Coord,
    },
    /// A pylon cleansed a corrupted hex.
    Cleansed {
        hex: Coord,
    },
    Built {
        player: PlayerId,
        hex: Coord,
        feature: FeatureId,
    },
    /// A flag went up: the hex is occupied by the faction.
    Occupied {
        hex: Coord,
        faction: Faction,
    },
    /// Corruption took the hex's flag: the faction no longer occupies it.
    FlagLost {
        hex: Coord,
        faction: Faction,
    },
    /// A raze: the player stepped onto corruption from the hex, which took the faction's flag
    /// there (a flag lost to a player's step; [`PlayEvent::FlagLost`] is one lost otherwise).
    Razed {
        player: PlayerId,
        hex: Coord,
        faction: Faction,
    },
    /// A reclaim: a flag went up again on a hex whose flag was razed (cleansed since); the hex
    /// is occupied by the faction.
    Reclaimed {
        hex: Coord,
        faction: Faction,
    },
    /// The stagways took the player from one station to another (not a move).
    Travelled {
        player: PlayerId,
        from: Coord,
        to: Coord,
    },
    /// The player gathered what its hex yields (resource -> amount).
    Gathered {
        player: PlayerId,
        hex: Coord,
        yields: std::collections::BTreeMap<String, u32>,
    },
    /// The player searched its hex and the hexes around it, and found these sites (by name,
    /// hex by hex, in the order rolled; none: nothing new).
    Searched {
        player: PlayerId,
        hex: Coord,
        found: Vec<String>,
    },
    /// The player bought an advance for its faction.
    Advanced {
        player: PlayerId,
        faction: Faction,
        advance: crate::rules::AdvanceId,
    },
    /// The player's share of what the sites under its faction's flags yield this phase.
    Paid {
        player: PlayerId,
        yields: std::collections::BTreeMap<String, u32>,
    },
    TurnEnded {
        player: PlayerId,
    },
    PhaseStarted {
        phase: u32,
    },
    /// The game is over: the winner (none on a tie), the last phase, the standings, and why it
    /// ended (a save written before endings were told holds none: the last phase).
    GameEnded {
        winner: Option<Faction>,
        phase: u32,
        standings: Vec<Score>,
        #[serde(default)]
        end: End,
    },
    /// Hexes in view stayed indeterminate: the world's limits refused them.
    Unseen {
        limit: crate::world::limits::Limit,
    },
    /// The action was not allowed; nothing changed.
    Refused {
        player: PlayerId,
        action: Action,
        refusal: Refusal,
    },
}

/// "2 wood, 1 gold".
fn amounts(yields: &std::collections::BTreeMap<String, u32>) -> String {
    let got: Vec<String> = yields.iter().map(|(r, n)| format!("{n} {r}")).collect();
    got.join(", ")
}

impl PlayEvent {
    /// The line of a step, a blow, a block or a mire; none for any other event.
    fn journey(&self) -> Option<String> {
        use PlayEvent::*;
        Some(match self {
            Moved {
                player,
                from,
                to,
                ap,
            } => format!("{player} moves from {from} to {to} ({ap} AP)"),
            Blown { player, from, to } => format!("the winds blow {player} from {from} to {to}"),
            Blocked {
                player,
                at,
                toward,
                blown,
                ap,
            } => {
                let how = if *blown { "is blown" } else { "moves" };
                format!("{player} at {at} {how} toward {toward}, which blocks the way ({ap} AP)")
            }
            Mired {
                player,
                at,
                toward,
                ap,
            } => format!("{player} cannot leave the swamp at {at} for {toward} ({ap} AP)"),
            _ => return None,
        })
    }

    /// One line for a log or a HUD.
    pub fn describe(&self, rules: &Rules) -> String {
        use PlayEvent::*;
        let faction = |f: &Faction| rules.faction_name(f.0);
        match self {
            Moved { .. } | Blown { .. } | Blocked { .. } | Mired { .. } => {
                self.journey().unwrap_or_default()
            }
            Corrupted { hex, player } => format!("{hex} is corrupted as {player} leaves it"),
            Warded { hex } => format!("a pylon keeps corruption from {hex}"),
            Cleansed { hex } => format!("a pylon cleanses {hex}"),
            Built {
                player,
                hex,
                feature,
            } => format!(
                "{player} builds a {} on {hex}",
                rules.feature_name(*feature)
            ),
            Occupied { hex, faction: f } => format!("{} occupies {hex}", faction(f)),
            FlagLost { hex, faction: f } => format!("{} loses its flag on {hex}", faction(f)),
            Razed {
                player,
                hex,
                faction: f,
            } => format!("{player} razes {}'s flag on {hex}", faction(f)),
            Reclaimed { hex, faction: f } => format!("{} reclaims {hex}", faction(f)),
            Travelled { player, from, to } => {
                format!("{player} travels the stagways from {from} to {to}")
            }
            Gathered {
                player,
                hex,
                yields,
            } => {
                format!("{player} gathers {} on {hex}", amounts(yields))
            }
            Searched { player, hex, found } if found.is_empty() => {
                format!("{player} searches around {hex} and finds nothing new")
            }
            Searched { player, hex, found } => {
                format!(
                    "{player} searches around {hex} and finds {}",
                    found.join(", ")
                )
            }
            Paid { player, yields } => {
                format!("{player}'s flags pay {}", amounts(yields))
            }
            Advanced {
                player,
                faction: f,
                advance,
            } => format!(
                "{player} buys {} for {}",
                rules.advance_name(*advance),
                faction(f)
            ),
            TurnEnded { player } => format!("{player} ends the turn"),
            PhaseStarted { phase } => format!("phase {phase} begins"),
            GameEnded {
                winner,
                standings,
                end,
                ..
            } => game_ended(*winner, standings, *end, rules),
            Unseen { limit } => format!("hexes in view stay indeterminate: {}", limit.describe()),
            Refused {
                player, refusal, ..
            } => format!("{player} cannot: {}", refusal.describe(rules)),
        }
    }
}

/// "the game is over after its last phase: Ashen Host wins (Ashen Host 12, Verdant Court 9)",
/// or a tie.
fn game_ended(winner: Option<Faction>, standings: &[Score], end: End, rules: &Rules) -> String {
    let table: Vec<String> = (standings.iter())
        .map(|s| format!("{} {}", rules.faction_name(s.faction.0), s.points))
        .collect();
    let how = end.told();
    match winner {
        Some(w) => format!(
            "the game is over {how}: {} wins ({})",
            rules.faction_name(w.0),
            table.join(", ")
        ),
        None => format!("the game is over {how}, a tie ({})", table.join(", ")),
    }
}

/// The events so far, in order (a few per action), at most [`MAX_LOG`](super::MAX_LOG) of them.
#[derive(Resource, Debug, Default, Deref)]
pub struct PlayLog(pub Vec<PlayEvent>);

/// Writes the refusal of `action` to the log.
pub fn refuse(log: &mut MessageWriter<PlayEvent>, action: &Action, refusal: Refusal) {
    log.write(PlayEvent::Refused {
        player: action.player(),
        action: action.clone(),
        refusal,
    });
}

/// An action the rules took, with what it did: the events of its pass, a refusal among them
/// (the winds' blows that follow are passes of their own). Written once for every action taken,
/// in the order taken: what the recorder, a server's broadcast and its journal read.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct Played {
    pub action: Action,
    pub events: Vec<PlayEvent>,
}
