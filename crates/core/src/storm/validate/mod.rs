//! Raw storm rules -> [`StormRules`]: resolves names, checks every number and list.

mod check;
mod land;

pub(super) use check::Check;

use super::raw::{RawKind, RawReservations, RawSeal, RawSettlement, RawStorm, RawTrial};
use super::rules::*;
use super::template::Template;
use crate::rules::RulesError;

/// The widest storm map: 3·R·(R+1)+1 cells, 120,601 at 200, so a cycle stays in milliseconds.
pub const MAX_STORM_RADIUS: u32 = 200;
/// A seal's clearance: the cells within it are read one by one around every seal copy (3,169 at
/// 32), and it is far wider than any map needs.
pub const MAX_CLEARANCE: u32 = 32;
/// Smoothing passes: each reads the whole map.
pub const MAX_PASSES: u32 = 16;
/// Copies of each contracted seal in the trial.
pub const MAX_TRIAL_COPIES: u32 = 8;

/// How many cells a map of `radius` holds.
pub fn cells(radius: u32) -> u32 {
    crate::hex::hexes_within(radius).min(u32::MAX as u64) as u32
}

pub fn validate(raw: RawStorm, source: &str, template: Template) -> Result<StormRules, RulesError> {
    let c = Check { source };
    c.name("name", &raw.name)?;
    let radius = c.within("radius", raw.radius, 1..=MAX_STORM_RADIUS)?;
    let land::Land {
        biomes,
        capital,
        sealed_forest,
        smoothing,
        draw_tables,
    } = land::land(&c, &raw)?;
    let seals = seals(&c, &raw.seals, radius)?;
    let trial = trial(&c, &raw.trial, radius)?;
    let reservations = reservations(&c, &raw.reservations, radius)?;
    let events = c.pool("events", &raw.events, 12)?;
    let modifiers = c.pool("modifiers", &raw.modifiers, 20)?;
    let settlement = settlement(&c, &raw.settlement, template)?;
    Ok(StormRules {
        name: raw.name,
        source: source.to_string(),
        radius,
        biomes,
        capital,
        sealed_forest,
        smoothing,
        seals,
        trial,
        reservations,
        events,
        modifiers,
        settlement,
        draw_tables,
    })
}

/// The three seals, uniquely named, each within the map and nameable in `--contracts`.
fn seals(c: &Check, raw: &[RawSeal], radius: u32) -> Result<Vec<Seal>, RulesError> {
    if raw.len() != 3 {
        return Err(c.err(
            "seals",
            format!(
                "lists {} seals; the storm world has exactly three",
                raw.len()
            ),
        ));
    }
    c.unique("seals", raw.iter().map(|s| &s.name))?;
    let mut seals = Vec::new();
    for (i, s) in raw.iter().enumerate() {
        let at = |f: &str| format!("seals[{i}].{f} (\"{}\")", s.name);
        if s.name.contains(',') {
            return Err(c.err(
                at("name"),
                "contains a comma, which `--contracts` uses to separate names",
            ));
        }
        c.within(at("distance"), s.distance, 1..=radius)?;
        seals.push(Seal {
            name: s.name.clone(),
            distance: s.distance,
            colour: c.colour(at("colour"), &s.colour)?,
        });
    }
    Ok(seals)
}

/// The trial's copies and the distances they are placed at, all within the map.
fn trial(c: &Check, t: &RawTrial, radius: u32) -> Result<TrialRules, RulesError> {
    c.within("trial.copies", t.copies, 1..=MAX_TRIAL_COPIES)?;
    c.within("trial.min_distance", t.min_distance, 1..=radius)?;
    c.within("trial.max_distance", t.max_distance, 1..=radius)?;
    c.range(
        "trial.min_distance..max_distance".into(),
        (t.min_distance, t.max_distance),
    )?;
    // No two cells of any storm map lie farther apart than the widest map's diameter.
    c.within("trial.spacing", t.spacing, 0..=2 * MAX_STORM_RADIUS)?;
    Ok(TrialRules {
        copies: t.copies,
        min_distance: t.min_distance,
        max_distance: t.max_distance,
        spacing: t.spacing,
    })
}

/// The seals' clearance and the event and modifier reservations a map of `radius` can hold.
fn reservations(c: &Check, raw: &RawReservations, radius: u32) -> Result<Reservations, RulesError> {
    Ok(Reservations {
        seal_clearance: c.within(
            "reservations.seal_clearance",
            raw.seal_clearance,
            0..=MAX_CLEARANCE,
        )?,
        events: kind(c, "events", &raw.events, radius)?,
        modifiers: kind(c, "modifiers", &raw.modifiers, radius)?,
    })
}

/// One kind of reservation (`name`): how many, how far out they spawn, and their mark.
fn kind(c: &Check, name: &str, k: &RawKind, radius: u32) -> Result<KindRules, RulesError> {
    // A map holds at most one reservation a cell.
    let most = cells(radius);
    let spawn = c.range(
        format!("reservations.{name}.spawn_distance"),
        k.spawn_distance,
    )?;
    if *spawn.end() > radius {
        return Err(c.err(
            format!("reservations.{name}.spawn_distance"),
            format!(
                "reaches {}, beyond the radius {radius}: both numbers must lie in 0..={radius}",
                spawn.end()
            ),
        ));
    }
    Ok(KindRules {
        main: c.range_within(format!("reservations.{name}.main"), k.main, 0..=most)?,
        prestige: c.range_within(
            format!("reservations.{name}.prestige"),
            k.prestige,
            0..=most,
        )?,
        spawn_distance: spawn,
        mark: c.colour(format!("reservations.{name}.mark"), &k.mark)?,
    })
}

/// The settlement layer: the template and the pools its slots draw from.
fn settlement(
    c: &Check,
    st: &RawSettlement,
    template: Template,
) -> Result<SettlementRules, RulesError> {
    Ok(SettlementRules {
        template,
        glades: c.pool("settlement.glades", &st.glades, 1)?,
        resources: c.pool("settlement.resources", &st.resources, 1)?,
        ore: c.pool("settlement.ore", &st.ore, 1)?,
        springs: c.pool("settlement.springs", &st.springs, 1)?,
        rewards: c.pool("settlement.rewards", &st.rewards, 1)?,
        glade_events: c.pool("settlement.glade_events", &st.glade_events, 1)?,
    })
}
