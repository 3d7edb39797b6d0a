//! The HUD's words, built from the play state alone (no UI here, so tests read them directly).

use hexx::Hex;

use super::seat::Seated;
use super::shared::BUILD_KEYS;
use super::travel::Pick;
use aeternus_core::hex::Coord;
use aeternus_core::play::{
    Faction, FactionLedger, GameOver, PlayEvent, PlayerId, Score, StepSpread,
};
use aeternus_core::rules::{FeatureEffect, Rules};
use aeternus_core::world::HexWorld;

pub const HELP: &str = "QWE/ASD or click: move | 1-4 build | G gather | R search | U advances | \
T stagways | Space end turn | Tab next | V sites | P scores | F5 save | Esc menu";

/// The status panel: a heading, the current player (drawn in its faction's colour), details.
#[derive(Debug, Clone, PartialEq)]
pub struct StatusPanel {
    pub phase: String,
    pub who: String,
    pub details: String,
}

/// A faction's line of the standings: its name, score, income a phase and flags held, as
/// "Ashen Host  42 pts  +3 thread/phase  2 flags".
pub fn standing(line: &FactionLedger, rules: &Rules) -> String {
    let income: Vec<String> = (line.income.iter())
        .map(|(r, n)| format!("+{n} {r}"))
        .collect();
    let income = if income.is_empty() {
        "+0".to_string()
    } else {
        income.join(" ")
    };
    let flags = match line.flags {
        1 => "1 flag".to_string(),
        n => format!("{n} flags"),
    };
    format!(
        "{}  {} pts  {income}/phase  {flags}",
        rules.faction_name(line.faction.0),
        line.points
    )
}

/// The end of the game, in the status panel's three parts: when, who won, the standings.
pub fn game_over(over: &GameOver, standings: &[Score], rules: &Rules) -> StatusPanel {
    let who = match over.winner {
        Some(f) => format!("{} wins\n", rules.faction_name(f.0)),
        None => "A tie\n".into(),
    };
    let table: Vec<String> = (standings.iter().enumerate())
        .map(|(i, s)| {
            format!(
                "{}. {} {}",
                i + 1,
                rules.faction_name(s.faction.0),
                s.points
            )
        })
        .collect();
    StatusPanel {
        phase: format!("Game over after phase {}\n", over.phase),
        who,
        details: table.join("\n"),
    }
}

pub fn status(
    phase: u32,
    me: &Seated,
    rules: &Rules,
    world: &HexWorld,
    build_at: Hex,
    pick: Option<&Pick>,
) -> StatusPanel {
    let here = Coord::from_hex(me.hex);
    let biome = world.get(me.hex).map_or("", |d| rules.biome_name(d.biome));
    // The everyday resources always; the rarer ones (a site's essences) once held.
    let purse: Vec<String> = (rules.resources.iter())
        .filter(|r| rules.play.starting_resources.contains_key(*r) || me.resources.get(r) > 0)
        .map(|r| format!("{r} {}", me.resources.get(r)))
        .collect();
    let target = if build_at == me.hex {
        "here".to_string()
    } else {
        format!("{}", Coord::from_hex(build_at))
    };
    let mut details = format!(
        "{} of {} AP | at {here} {biome}\n{}\n1-4 build on: {target}",
        me.ap,
        rules.play.action_points,
        purse.join("  "),
    );
    if let Some(p) = pick {
        details += &format!(
            "\nStagways to {}, station {} of {}:\nEnter or a click travels, T the next, Esc cancels",
            Coord::from_hex(p.selected()),
            p.index + 1,
            p.stations.len()
        );
    }
    StatusPanel {
        // The seed is always in sight, so a player can share it.
        phase: format!("Phase {phase} | seed {}\n", world.seed),
        who: format!(
            "{} | {}\n",
            me.player.name,
            rules.faction_name(me.faction.0)
        ),
        details,
    }
}

/// What the hovered hex is: its coordinate, biome, landmark, features (the flag's `owner`
/// named), and who stands there.
pub fn hex_info(
    hex: Hex,
    world: &HexWorld,
    owner: Option<Faction>,
    here: &[&str],
    rules: &Rules,
) -> String {
    let at = Coord::from_hex(hex);
    let Some(d) = world.get(hex) else {
        return format!("{at} not generated yet");
    };
    let mut s = format!(
        "{at} {} | {}",
        rules.biome_name(d.biome),
        rules.landmark_name(d.landmark)
    );
    let features: Vec<String> = d
        .features
        .iter()
        .map(|f| {
            match (
                rules.features[f.0 as usize].effect == FeatureEffect::Occupy,
                owner,
            ) {
                (true, Some(owner)) => format!("Flag of {}", rules.faction_name(owner.0)),
                _ => rules.feature_name(f).to_string(),
            }
        })
        .collect();
    if !features.is_empty() {
        s += &format!("\n{}", features.join(", "));
    }
    if !here.is_empty() {
        s += &format!("\nHere: {}", here.join(", "));
    }
    s
}

/// What each of the keys 1 to 4 would build on `hex` for the player to act: its cost, and
/// whether the rules let it go there now or why not (the reason the action would be refused).
/// One line when every build is refused for the same reason (the hex out of reach).
pub fn build_lines(me: &Seated, world: &HexWorld, hex: Hex) -> String {
    let rules = &world.rules;
    let builds: Vec<(usize, &str, String, Result<(), String>)> = (BUILD_KEYS.iter())
        .enumerate()
        .filter_map(|(key, name)| {
            let feature = rules.feature(name)?;
            let f = &rules.features[feature.0 as usize];
            let mut cost: Vec<String> = (f.cost.iter()).map(|(r, n)| format!("{n} {r}")).collect();
            if rules.play.build_ap > 0 {
                cost.push(format!("{} AP", rules.play.build_ap));
            }
            let verdict =
                aeternus_core::play::build_check(world, me.hex, me.ap, me.resources, hex, feature)
                    .map(|_| ())
                    .map_err(|why| why.describe(rules));
            Some((key + 1, f.name.as_str(), cost.join(" + "), verdict))
        })
        .collect();
    if let Some((_, _, _, Err(first))) = builds.first()
        && builds.iter().all(|b| b.3.as_ref().err() == Some(first))
    {
        return format!("\nNo build: {first}");
    }
    let mut s = String::new();
    for (key, name, cost, verdict) in builds {
        let verdict = verdict.map_or_else(|why| why, |()| "can build".into());
        s += &format!("\n{key} {name} ({cost}): {verdict}");
    }
    s
}

/// What stepping from `from` onto the hovered `hex` would do to the hex left, when `hex` is a
/// neighbour and corrupted: a raze, naming what `from` loses (its flag's faction, from
/// `owner`, and what the flag pays a phase, `pays`), or a pylon's ward. Empty otherwise.
pub fn step_line(
    world: &HexWorld,
    from: Hex,
    hex: Hex,
    owner: Option<Faction>,
    pays: &aeternus_core::rules::Yield,
) -> String {
    if hex.unsigned_distance_to(from) != 1 {
        return String::new();
    }
    let left = Coord::from_hex(from);
    match aeternus_core::play::step_spread(world, from, hex) {
        None => String::new(),
        Some(StepSpread::Warded) => format!("\nStepping here: a pylon keeps {left} clean"),
        Some(StepSpread::Corrupts) => {
            format!(
                "\nStepping here corrupts {left}, the hex you leave: {}",
                losses(world, from, owner, pays)
            )
        }
    }
}

/// What a hex loses to corruption: its features, a flag named by its faction and its pay.
fn losses(
    world: &HexWorld,
    hex: Hex,
    owner: Option<Faction>,
    pays: &aeternus_core::rules::Yield,
) -> String {
    let rules = &world.rules;
    let Some(d) = world.get(hex) else {
        return String::new();
    };
    let lost: Vec<String> = (d.features.iter())
        .map(|f| match (&rules.features[f.0 as usize].effect, owner) {
            (FeatureEffect::Occupy, Some(o)) if pays.is_empty() => {
                format!("{}'s flag", rules.faction_name(o.0))
            }
            (FeatureEffect::Occupy, Some(o)) => {
                let pay: Vec<String> = pays.iter().map(|(r, n)| format!("{n} {r}")).collect();
                let faction = rules.faction_name(o.0);
                format!("{faction}'s flag, {} a phase", pay.join(", "))
            }
            _ => format!("its {}", rules.feature_name(f)),
        })
        .collect();
    if lost.is_empty() {
        "nothing is built there".into()
    } else {
        lost.join("; ")
    }
}

/// The hover panel's line for a hex's sites (empty when it has none).
pub fn sites_line<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    if names.is_empty() {
        String::new()
    } else {
        format!("\nSites: {}", names.join(", "))
    }
}

/// One line of the log panel.
#[derive(Debug, Clone, PartialEq)]
pub struct LogLine {
    pub text: String,
    /// Whose action it was, to colour the line.
    pub player: Option<PlayerId>,
    pub refused: bool,
}

/// The last `n` events, oldest first.
pub fn log_lines(log: &[PlayEvent], rules: &Rules, n: usize) -> Vec<LogLine> {
    log[log.len().saturating_sub(n)..]
        .iter()
        .map(|e| LogLine {
            text: e.describe(rules),
            player: actor(e),
            refused: matches!(e, PlayEvent::Refused { .. }),
        })
        .collect()
}

fn actor(e: &PlayEvent) -> Option<PlayerId> {
    use PlayEvent::*;
    match e {
        Moved { player, .. }
        | Blown { player, .. }
        | Blocked { player, .. }
        | Mired { player, .. }
        | Corrupted { player, .. }
        | Built { player, .. }
        | Travelled { player, .. }
        | TurnEnded { player }
        | Refused { player, .. } => Some(*player),
        _ => None,
    }
}
