//! Raw rules -> [`Rules`]: resolves names to ids and checks every number.

use std::collections::BTreeMap;

use super::check::Check;
use super::check::MAX_AMOUNT;
use super::check::aeternus::*;

use super::raw::{FeatureEffect, RawFeatureEffect, RawRules};
use super::*;

fn lookup<T: Copy>(
    check: &Check,
    field: String,
    what: &str,
    name: &str,
    find: impl Fn(&str) -> Option<T>,
    known: &[String],
) -> Result<T, RulesError> {
    find(name).ok_or_else(|| {
        check.err(
            field,
            format!("unknown {what} `{name}` (known: {})", known.join(", ")),
        )
    })
}

pub fn validate(raw: RawRules, source: &str) -> Result<Rules, RulesError> {
    let c = Check { source };
    let biome_names: Vec<String> = raw.biomes.iter().map(|b| b.name.clone()).collect();
    let landmark_names: Vec<String> = raw.landmarks.iter().map(|l| l.name.clone()).collect();

    c.name("name", &raw.name)?;
    if raw.biomes.is_empty() {
        return Err(c.err("biomes", "lists no biome"));
    }
    c.count("biomes", raw.biomes.len(), 1..=MAX_BIOMES)?;
    if raw.landmarks.is_empty() {
        return Err(c.err("landmarks", "lists no landmark"));
    }
    c.count("landmarks", raw.landmarks.len(), 1..=MAX_LANDMARKS)?;
    c.count("features", raw.features.len(), 0..=MAX_FEATURES)?;
    c.count("resources", raw.resources.len(), 0..=MAX_RESOURCES)?;
    c.within("sight_radius", raw.sight_radius, 0..=MAX_SIGHT)?;
    c.within("construction.range", raw.construction.range, 0..=MAX_REACH)?;
    c.unique("biomes", raw.biomes.iter().map(|b| &b.name))?;
    c.unique("landmarks", raw.landmarks.iter().map(|b| &b.name))?;
    c.unique("features", raw.features.iter().map(|b| &b.name))?;
    c.unique("resources", raw.resources.iter())?;

    let find_biome = |n: &str| {
        biome_names
            .iter()
            .position(|b| b == n)
            .map(|i| BiomeId(i as u8))
    };
    let find_landmark = |n: &str| {
        landmark_names
            .iter()
            .position(|b| b == n)
            .map(|i| LandmarkId(i as u8))
    };

    let default_bias = c.weight("default_bias".into(), raw.default_bias)?;
    let random_entry_weight = c.weight("random_entry_weight".into(), raw.random_entry_weight)?;

    let mut biomes = Vec::with_capacity(raw.biomes.len());
    for (i, b) in raw.biomes.iter().enumerate() {
        let at = |f: &str| format!("biomes[{i}].{f} (\"{}\")", b.name);
        let weight = c.weight(at("weight"), b.weight)?;
        let bias = match b.bias {
            Some(v) => c.weight(at("bias"), v)?,
            None => default_bias,
        };
        c.count(
            at("suppressed_beside"),
            b.suppressed_beside.len(),
            0..=MAX_BIOMES,
        )?;
        let mut suppressed_beside = Vec::new();
        for (j, s) in b.suppressed_beside.iter().enumerate() {
            let f = at(&format!("suppressed_beside[{j}]"));
            suppressed_beside.push(lookup(&c, f, "biome", s, find_biome, &biome_names)?);
        }
        let m = &b.movement;
        c.within(at("movement.leave_extra_ap"), m.leave_extra_ap, 0..=MAX_AP)?;
        c.chance(at("movement.wind_chance"), m.wind_chance)?;
        c.chance(
            at("movement.exit_other_mass_chance"),
            m.exit_other_mass_chance,
        )?;
        biomes.push(Biome {
            name: b.name.clone(),
            weight,
            bias,
            colour: c.colour(at("colour"), &b.colour)?,
            suppressed_beside,
            buildable: b.buildable,
            movement: *m,
        });
    }
    if biomes.iter().all(|b| b.weight == 0.0) {
        return Err(c.err(
            "biomes[..].weight",
            "every biome has weight 0, so the random pool is empty",
        ));
    }

    let mut landmarks = Vec::with_capacity(raw.landmarks.len());
    for (i, l) in raw.landmarks.iter().enumerate() {
        let at = |f: &str| format!("landmarks[{i}].{f} (\"{}\")", l.name);
        let weight = c.weight(at("weight"), l.weight)?;
        let mut weight_on = BTreeMap::new();
        for (bn, w) in &l.weight_on {
            let f = at(&format!("weight_on[\"{bn}\"]"));
            let id = lookup(&c, f.clone(), "biome", bn, find_biome, &biome_names)?;
            weight_on.insert(id, c.weight(f, *w)?);
        }
        landmarks.push(Landmark {
            name: l.name.clone(),
            weight,
            weight_on,
        });
    }

    let mut features = Vec::with_capacity(raw.features.len());
    let mut corruption = None;
    for (i, f) in raw.features.iter().enumerate() {
        let at = |x: &str| format!("features[{i}].{x} (\"{}\")", f.name);
        let chance = c.chance(at("chance"), f.chance)?;
        for (r, &n) in &f.cost {
            c.within(at(&format!("cost[\"{r}\"]")), n, 0..=MAX_AMOUNT)?;
            if !raw.resources.contains(r) {
                return Err(c.err(
                    at(&format!("cost[\"{r}\"]")),
                    format!(
                        "unknown resource `{r}` (known: {})",
                        raw.resources.join(", ")
                    ),
                ));
            }
        }
        c.count(at("builds_on"), f.builds_on.len(), 0..=MAX_BIOMES)?;
        let mut builds_on = Vec::new();
        for (j, s) in f.builds_on.iter().enumerate() {
            let field = at(&format!("builds_on[{j}]"));
            builds_on.push(lookup(&c, field, "biome", s, find_biome, &biome_names)?);
        }
        let effect = match &f.effect {
            RawFeatureEffect::Corruption { landmark } => {
                if corruption.is_some() {
                    return Err(c.err(
                        at("effect"),
                        "a second Corruption feature; only one may corrupt",
                    ));
                }
                corruption = Some(FeatureId(i as u8));
                let field = at("effect.landmark");
                let l = lookup(
                    &c,
                    field,
                    "landmark",
                    landmark,
                    find_landmark,
                    &landmark_names,
                )?;
                FeatureEffect::Corruption { landmark: l }
            }
            RawFeatureEffect::Occupy => FeatureEffect::Occupy,
            RawFeatureEffect::Purify { radius } => FeatureEffect::Purify {
                radius: c.within(at("effect.radius"), *radius, 0..=MAX_REACH)?,
            },
            RawFeatureEffect::Stagway { ends_actions } => FeatureEffect::Stagway {
                ends_actions: *ends_actions,
            },
            RawFeatureEffect::CancelMovementEffects => FeatureEffect::CancelMovementEffects,
            RawFeatureEffect::Decoration => FeatureEffect::Decoration,
        };
        features.push(Feature {
            name: f.name.clone(),
            chance,
            cost: f.cost.clone(),
            effect,
            builds_on,
        });
    }

    let spec = |which: &str, s: &raw::RawHexSpec| -> Result<(BiomeId, LandmarkId), RulesError> {
        Ok((
            lookup(
                &c,
                format!("{which}.biome"),
                "biome",
                &s.biome,
                find_biome,
                &biome_names,
            )?,
            lookup(
                &c,
                format!("{which}.landmark"),
                "landmark",
                &s.landmark,
                find_landmark,
                &landmark_names,
            )?,
        ))
    };
    let origin = spec("origin", &raw.origin)?;
    let pocket = spec("pocket", &raw.pocket)?;

    let mut play = validate_play(&c, &raw.play, &raw.resources)?;
    let g = &raw.play.gather;
    // Gathering always costs AP, so a phase holds a bounded number of them.
    c.within("play.gather.ap", g.ap, 1..=MAX_AP)?;
    let yields = |field: &str, what: &str, table: &BTreeMap<String, Yield>, names: &[String]| {
        let mut by_id = vec![Yield::new(); names.len()];
        for (name, y) in table {
            let field = format!("play.gather.{field}[\"{name}\"]");
            let Some(id) = names.iter().position(|n| n == name) else {
                let known = names.join(", ");
                return Err(c.err(field, format!("unknown {what} `{name}` (known: {known})")));
            };
            for (r, &n) in y {
                c.within(format!("{field}[\"{r}\"]"), n, 0..=MAX_AMOUNT)?;
                if !raw.resources.contains(r) {
                    return Err(c.err(
                        format!("{field}[\"{r}\"]"),
                        format!(
                            "unknown resource `{r}` (known: {})",
                            raw.resources.join(", ")
                        ),
                    ));
                }
            }
            by_id[id] = y.clone();
        }
        Ok(by_id)
    };
    play.goal = validate_goal(
        &c,
        &raw.play.goal,
        &landmark_names,
        &raw.features,
        &raw.resources,
    )?;
    play.gather = Gathering {
        ap: g.ap,
        biomes: yields("biomes", "biome", &g.biomes, &biome_names)?,
        landmarks: yields("landmarks", "landmark", &g.landmarks, &landmark_names)?,
    };

    let mut rules = Rules {
        name: raw.name,
        source: source.to_string(),
        sight_radius: raw.sight_radius,
        default_bias,
        random_entry_weight,
        origin,
        pocket,
        biomes,
        landmarks,
        features,
        resources: raw.resources,
        construction: Construction {
            range: raw.construction.range,
            forbidden_on_corrupted: raw.construction.forbidden_on_corrupted,
        },
        play,
        suppressors: Box::new([0; 256]),
        suppressible: Vec::new(),
        weights: Box::new([0.0; 256]),
        biases: Box::new([0.0; 256]),
        random_total: 0.0,
        chances: Vec::new(),
        landmark_totals: Box::new([0.0; 256]),
        landmark_weights: Vec::new(),
        corruption,
    };
    rules.derive_tables();
    // Weights are checked non-negative above, so a zero total means every weight is zero.
    if let Some(b) = rules.landmark_totals[..rules.biomes.len()]
        .iter()
        .position(|t| *t == 0.0)
    {
        return Err(c.err(
            "landmarks[..].weight",
            format!("every landmark has weight 0 on `{}`", rules.biomes[b].name),
        ));
    }
    Ok(rules)
}

fn validate_play(
    c: &Check,
    raw: &raw::RawPlay,
    resources: &[String],
) -> Result<PlayRules, RulesError> {
    // A phase must give every player at least 1 action point.
    c.within("play.action_points", raw.action_points, 1..=MAX_AP)?;
    c.within("play.build_ap", raw.build_ap, 0..=MAX_AP)?;
    for (r, &n) in &raw.starting_resources {
        c.within(
            format!("play.starting_resources[\"{r}\"]"),
            n,
            0..=MAX_AMOUNT,
        )?;
        if !resources.contains(r) {
            return Err(c.err(
                format!("play.starting_resources[\"{r}\"]"),
                format!("unknown resource `{r}` (known: {})", resources.join(", ")),
            ));
        }
    }
    c.count("play.factions", raw.factions.len(), 0..=MAX_FACTIONS)?;
    c.unique("play.factions", raw.factions.iter().map(|f| &f.name))?;
    let mut factions = Vec::with_capacity(raw.factions.len());
    for (i, f) in raw.factions.iter().enumerate() {
        let colour = c.colour(
            format!("play.factions[{i}].colour (\"{}\")", f.name),
            &f.colour,
        )?;
        factions.push(FactionSpec {
            name: f.name.clone(),
            colour,
        });
    }
    Ok(PlayRules {
        action_points: raw.action_points,
        starting_resources: raw.starting_resources.clone(),
        blocked_move_costs_ap: raw.blocked_move_costs_ap,
        build_ap: raw.build_ap,
        gather: Gathering::default(),
        goal: Goal::default(),
        factions,
    })
}

/// The goal's numbers in range and its names the rules' own.
fn validate_goal(
    c: &Check,
    raw: &raw::RawGoal,
    landmarks: &[String],
    features: &[raw::RawFeature],
    resources: &[String],
) -> Result<Goal, RulesError> {
    c.within("play.goal.phases", raw.phases, 1..=MAX_PHASES)?;
    c.within("play.goal.target", raw.target, 0..=MAX_SCORE)?;
    c.within("play.goal.points.flag", raw.points.flag, 0..=MAX_POINTS)?;
    c.within("play.goal.points.site", raw.points.site, 0..=MAX_POINTS)?;
    let by_name = |what: &str, table: &BTreeMap<String, u32>, names: &[&str]| {
        let mut by_id = vec![0; names.len()];
        for (name, &n) in table {
            let field = format!("play.goal.points.{what}s[\"{name}\"]");
            c.within(field.clone(), n, 0..=MAX_POINTS)?;
            let Some(i) = names.iter().position(|k| k == name) else {
                let known = names.join(", ");
                return Err(c.err(field, format!("unknown {what} `{name}` (known: {known})")));
            };
            by_id[i] = n;
        }
        Ok(by_id)
    };
    let landmark_names: Vec<&str> = landmarks.iter().map(String::as_str).collect();
    let feature_names: Vec<&str> = features.iter().map(|f| f.name.as_str()).collect();
    let resource_names: Vec<&str> = resources.iter().map(String::as_str).collect();
    Ok(Goal {
        phases: raw.phases,
        target: raw.target,
        flag: raw.points.flag,
        site: raw.points.site,
        landmarks: by_name("landmark", &raw.points.landmarks, &landmark_names)?,
        features: by_name("feature", &raw.points.features, &feature_names)?,
        resources: by_name("resource", &raw.points.resources, &resource_names)?,
    })
}
