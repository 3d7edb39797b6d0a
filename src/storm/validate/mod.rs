//! Raw storm rules -> [`StormRules`]: resolves names, checks every number and list.

mod check;
mod land;

pub(super) use check::Check;

use super::raw::{RawKind, RawStorm};
use super::rules::*;
use super::template::Template;
use crate::rules::RulesError;

pub fn validate(raw: RawStorm, source: &str, template: Template) -> Result<StormRules, RulesError> {
    let c = Check { source };
    if raw.name.trim().is_empty() {
        return Err(c.err("name", "is empty"));
    }
    if !(1..=200).contains(&raw.radius) {
        return Err(c.err(
            "radius",
            format!("is {}; it must lie in 1..=200", raw.radius),
        ));
    }
    let radius = raw.radius;
    let land::Land {
        biomes,
        capital,
        sealed_forest,
        smoothing,
        draw_tables,
    } = land::land(&c, &raw)?;

    if raw.seals.len() != 3 {
        return Err(c.err(
            "seals",
            format!(
                "lists {} seals; the storm world has exactly three",
                raw.seals.len()
            ),
        ));
    }
    c.unique("seals", raw.seals.iter().map(|s| &s.name))?;
    let mut seals = Vec::new();
    for (i, s) in raw.seals.iter().enumerate() {
        let at = |f: &str| format!("seals[{i}].{f} (\"{}\")", s.name);
        if s.name.contains(',') {
            return Err(c.err(
                at("name"),
                "contains a comma, which `--contracts` uses to separate names",
            ));
        }
        if !(1..=radius).contains(&s.distance) {
            return Err(c.err(
                at("distance"),
                format!("is {}; it must lie in 1..={radius}", s.distance),
            ));
        }
        seals.push(Seal {
            name: s.name.clone(),
            distance: s.distance,
            colour: c.colour(at("colour"), &s.colour)?,
        });
    }

    let t = &raw.trial;
    if !(1..=8).contains(&t.copies) {
        return Err(c.err(
            "trial.copies",
            format!("is {}; it must lie in 1..=8", t.copies),
        ));
    }
    let band = c.range(
        "trial.min_distance..max_distance".into(),
        (t.min_distance, t.max_distance),
    )?;
    if *band.start() < 1 || *band.end() > radius {
        return Err(c.err(
            "trial.min_distance",
            format!("the band {band:?} must lie within 1..={radius}"),
        ));
    }
    let trial = TrialRules {
        copies: t.copies,
        min_distance: t.min_distance,
        max_distance: t.max_distance,
        spacing: t.spacing,
    };

    let kind = |name: &str, k: &RawKind| -> Result<KindRules, RulesError> {
        let spawn = c.range(
            format!("reservations.{name}.spawn_distance"),
            k.spawn_distance,
        )?;
        if *spawn.end() > radius {
            return Err(c.err(
                format!("reservations.{name}.spawn_distance"),
                format!("reaches {}, beyond the radius {radius}", spawn.end()),
            ));
        }
        Ok(KindRules {
            main: c.range(format!("reservations.{name}.main"), k.main)?,
            prestige: c.range(format!("reservations.{name}.prestige"), k.prestige)?,
            spawn_distance: spawn,
            mark: c.colour(format!("reservations.{name}.mark"), &k.mark)?,
        })
    };
    let reservations = Reservations {
        seal_clearance: raw.reservations.seal_clearance,
        events: kind("events", &raw.reservations.events)?,
        modifiers: kind("modifiers", &raw.reservations.modifiers)?,
    };
    let events = c.pool("events", &raw.events, 12)?;
    let modifiers = c.pool("modifiers", &raw.modifiers, 20)?;
    let st = &raw.settlement;
    let settlement = SettlementRules {
        template,
        glades: c.pool("settlement.glades", &st.glades, 1)?,
        resources: c.pool("settlement.resources", &st.resources, 1)?,
        ore: c.pool("settlement.ore", &st.ore, 1)?,
        springs: c.pool("settlement.springs", &st.springs, 1)?,
        rewards: c.pool("settlement.rewards", &st.rewards, 1)?,
        glade_events: c.pool("settlement.glade_events", &st.glade_events, 1)?,
    };
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
