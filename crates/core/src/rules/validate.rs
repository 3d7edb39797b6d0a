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

/// Resource amounts in range, each of a resource the rules name.
fn amounts(
    c: &Check,
    field: impl Fn(&str) -> String,
    table: &BTreeMap<String, u32>,
    resources: &[String],
) -> Result<(), RulesError> {
    for (r, &n) in table {
        c.within(field(r), n, 0..=MAX_AMOUNT)?;
        if !resources.contains(r) {
            return Err(c.err(
                field(r),
                format!("unknown resource `{r}` (known: {})", resources.join(", ")),
            ));
        }
    }
    Ok(())
}

pub fn validate(raw: RawRules, source: &str) -> Result<Rules, RulesError> {
    let c = Check { source };
    check_lists(&c, &raw)?;
    let known = Names {
        c: &c,
        biome_names: raw.biomes.iter().map(|b| b.name.clone()).collect(),
        landmark_names: raw.landmarks.iter().map(|l| l.name.clone()).collect(),
        resources: &raw.resources,
    };
    let default_bias = c.weight("default_bias".into(), raw.default_bias)?;
    let random_entry_weight = c.weight("random_entry_weight".into(), raw.random_entry_weight)?;
    let biomes = known.biomes(&raw.biomes, default_bias)?;
    let landmarks = known.landmarks(&raw.landmarks)?;
    let features = known.features(&raw.features)?;
    let corruption = features
        .iter()
        .position(|f| matches!(f.effect, FeatureEffect::Corruption { .. }))
        .map(|i| FeatureId(i as u8));
    let origin = known.hex_spec("origin", &raw.origin)?;
    let pocket = known.hex_spec("pocket", &raw.pocket)?;
    let play = known.play(&raw.play, &raw.features)?;

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
    check_landmark_totals(&c, &rules)?;
    Ok(rules)
}

/// The ruleset's name and the lengths and uniqueness of its lists, before any entry is read.
fn check_lists(c: &Check, raw: &RawRules) -> Result<(), RulesError> {
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
    Ok(())
}

/// Every biome needs a landmark it can draw: a zero total on a biome leaves nothing to draw.
fn check_landmark_totals(c: &Check, rules: &Rules) -> Result<(), RulesError> {
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
    Ok(())
}

/// The rules' own biome, landmark and resource names, which every later entry must use.
struct Names<'a> {
    c: &'a Check<'a>,
    biome_names: Vec<String>,
    landmark_names: Vec<String>,
    resources: &'a [String],
}

impl Names<'_> {
    /// The id of the biome `name`, or an error at `field` listing the known biomes.
    fn biome_id(&self, field: String, name: &str) -> Result<BiomeId, RulesError> {
        let find = |n: &str| {
            self.biome_names
                .iter()
                .position(|b| b == n)
                .map(|i| BiomeId(i as u8))
        };
        lookup(self.c, field, "biome", name, find, &self.biome_names)
    }

    /// The id of the landmark `name`, or an error at `field` listing the known landmarks.
    fn landmark_id(&self, field: String, name: &str) -> Result<LandmarkId, RulesError> {
        let find = |n: &str| {
            self.landmark_names
                .iter()
                .position(|b| b == n)
                .map(|i| LandmarkId(i as u8))
        };
        lookup(self.c, field, "landmark", name, find, &self.landmark_names)
    }

    /// The biomes, with their weights, suppressors and movement in range; one must be drawable.
    fn biomes(&self, raw: &[raw::RawBiome], default_bias: f64) -> Result<Vec<Biome>, RulesError> {
        let c = self.c;
        let mut biomes = Vec::with_capacity(raw.len());
        for (i, b) in raw.iter().enumerate() {
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
                suppressed_beside.push(self.biome_id(at(&format!("suppressed_beside[{j}]")), s)?);
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
        Ok(biomes)
    }

    /// The landmarks, with their weights overall and on named biomes.
    fn landmarks(&self, raw: &[raw::RawLandmark]) -> Result<Vec<Landmark>, RulesError> {
        let mut landmarks = Vec::with_capacity(raw.len());
        for (i, l) in raw.iter().enumerate() {
            let at = |f: &str| format!("landmarks[{i}].{f} (\"{}\")", l.name);
            let weight = self.c.weight(at("weight"), l.weight)?;
            let mut weight_on = BTreeMap::new();
            for (bn, w) in &l.weight_on {
                let f = at(&format!("weight_on[\"{bn}\"]"));
                let id = self.biome_id(f.clone(), bn)?;
                weight_on.insert(id, self.c.weight(f, *w)?);
            }
            landmarks.push(Landmark {
                name: l.name.clone(),
                weight,
                weight_on,
            });
        }
        Ok(landmarks)
    }

    /// The features, with their chances, costs, biomes and effects; at most one corrupts.
    fn features(&self, raw: &[raw::RawFeature]) -> Result<Vec<Feature>, RulesError> {
        let c = self.c;
        let mut features: Vec<Feature> = Vec::with_capacity(raw.len());
        for (i, f) in raw.iter().enumerate() {
            let at = |x: &str| format!("features[{i}].{x} (\"{}\")", f.name);
            let chance = c.chance(at("chance"), f.chance)?;
            amounts(
                c,
                |r| at(&format!("cost[\"{r}\"]")),
                &f.cost,
                self.resources,
            )?;
            c.count(at("builds_on"), f.builds_on.len(), 0..=MAX_BIOMES)?;
            let mut builds_on = Vec::new();
            for (j, s) in f.builds_on.iter().enumerate() {
                builds_on.push(self.biome_id(at(&format!("builds_on[{j}]")), s)?);
            }
            let effect = self.feature_effect(&f.effect, &features, &at)?;
            features.push(Feature {
                name: f.name.clone(),
                chance,
                cost: f.cost.clone(),
                effect,
                builds_on,
            });
        }
        Ok(features)
    }

    /// A feature's effect, its landmark or radius checked; `earlier` are the features before it.
    fn feature_effect(
        &self,
        raw: &RawFeatureEffect,
        earlier: &[Feature],
        at: &dyn Fn(&str) -> String,
    ) -> Result<FeatureEffect, RulesError> {
        Ok(match raw {
            RawFeatureEffect::Corruption { landmark } => {
                let corrupts = |f: &Feature| matches!(f.effect, FeatureEffect::Corruption { .. });
                if earlier.iter().any(corrupts) {
                    return Err(self.c.err(
                        at("effect"),
                        "a second Corruption feature; only one may corrupt",
                    ));
                }
                FeatureEffect::Corruption {
                    landmark: self.landmark_id(at("effect.landmark"), landmark)?,
                }
            }
            RawFeatureEffect::Occupy => FeatureEffect::Occupy,
            RawFeatureEffect::Purify { radius } => FeatureEffect::Purify {
                radius: self.c.within(at("effect.radius"), *radius, 0..=MAX_REACH)?,
            },
            RawFeatureEffect::Stagway { ends_actions } => FeatureEffect::Stagway {
                ends_actions: *ends_actions,
            },
            RawFeatureEffect::CancelMovementEffects => FeatureEffect::CancelMovementEffects,
            RawFeatureEffect::Decoration => FeatureEffect::Decoration,
        })
    }

    /// A hex the rules name (`origin`, `pocket`): its biome and landmark ids.
    fn hex_spec(
        &self,
        which: &str,
        s: &raw::RawHexSpec,
    ) -> Result<(BiomeId, LandmarkId), RulesError> {
        Ok((
            self.biome_id(format!("{which}.biome"), &s.biome)?,
            self.landmark_id(format!("{which}.landmark"), &s.landmark)?,
        ))
    }

    /// The play rules whole: action points and factions, then gathering and the goal.
    fn play(
        &self,
        raw: &raw::RawPlay,
        features: &[raw::RawFeature],
    ) -> Result<PlayRules, RulesError> {
        let c = self.c;
        let mut play = validate_play(c, raw, self.resources)?;
        let g = &raw.gather;
        // Gathering always costs AP, so a phase holds a bounded number of them.
        c.within("play.gather.ap", g.ap, 1..=MAX_AP)?;
        play.goal = validate_goal(c, &raw.goal, &self.landmark_names, features, self.resources)?;
        play.advances = validate_advances(c, &raw.advances, self.resources)?;
        play.gather = Gathering {
            ap: g.ap,
            biomes: self.yields("biomes", "biome", &g.biomes, &self.biome_names)?,
            landmarks: self.yields("landmarks", "landmark", &g.landmarks, &self.landmark_names)?,
        };
        Ok(play)
    }

    /// What gathering on each biome or landmark (`what`, listed in `field`) yields, by id.
    fn yields(
        &self,
        field: &str,
        what: &str,
        table: &BTreeMap<String, Yield>,
        names: &[String],
    ) -> Result<Vec<Yield>, RulesError> {
        let mut by_id = vec![Yield::new(); names.len()];
        for (name, y) in table {
            let field = format!("play.gather.{field}[\"{name}\"]");
            let find = |n: &str| names.iter().position(|k| k == n);
            let id = lookup(self.c, field.clone(), what, name, find, names)?;
            amounts(self.c, |r| format!("{field}[\"{r}\"]"), y, self.resources)?;
            by_id[id] = y.clone();
        }
        Ok(by_id)
    }
}

fn validate_play(
    c: &Check,
    raw: &raw::RawPlay,
    resources: &[String],
) -> Result<PlayRules, RulesError> {
    // A phase must give every player at least 1 action point.
    c.within("play.action_points", raw.action_points, 1..=MAX_AP)?;
    c.within("play.build_ap", raw.build_ap, 0..=MAX_AP)?;
    // A search always costs AP, so a phase holds a bounded number of them.
    c.within("play.search_ap", raw.search_ap, 1..=MAX_AP)?;
    let field = |r: &str| format!("play.starting_resources[\"{r}\"]");
    amounts(c, field, &raw.starting_resources, resources)?;
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
        search_ap: raw.search_ap,
        gather: Gathering::default(),
        goal: Goal::default(),
        factions,
        advances: Vec::new(),
    })
}

/// The advances: named once each, their costs in the rules' resources and at least 1 each,
/// each needing one listed before it (so the needs hold no loop), their gains in range.
fn validate_advances(
    c: &Check,
    raw: &[raw::RawAdvance],
    resources: &[String],
) -> Result<Vec<Advance>, RulesError> {
    use super::advances::{MAX_ADVANCE_SIGHT, MAX_ADVANCES, MAX_PERCENT};
    c.count("play.advances", raw.len(), 0..=MAX_ADVANCES)?;
    c.unique("play.advances", raw.iter().map(|a| &a.name))?;
    let mut advances: Vec<Advance> = Vec::with_capacity(raw.len());
    for (i, a) in raw.iter().enumerate() {
        let at = |f: &str| format!("play.advances[{i}].{f} (\"{}\")", a.name);
        c.count(at("cost"), a.cost.len(), 1..=MAX_RESOURCES)?;
        let cost = |r: &str| at(&format!("cost[\"{r}\"]"));
        for (r, &n) in &a.cost {
            c.within(cost(r), n, 1..=MAX_AMOUNT)?;
        }
        amounts(c, cost, &a.cost, resources)?;
        let needs = match &a.needs {
            None => None,
            Some(n) => {
                let find = |n: &str| advances.iter().position(|b| b.name == n);
                let known: Vec<String> = advances.iter().map(|b| b.name.clone()).collect();
                let id = lookup(
                    c,
                    at("needs"),
                    "advance (listed before this one)",
                    n,
                    find,
                    &known,
                )?;
                Some(AdvanceId(id as u8))
            }
        };
        let g = &a.gains;
        c.within(at("gains.action_points"), g.action_points, 0..=MAX_AP)?;
        c.within(at("gains.sight"), g.sight, 0..=MAX_ADVANCE_SIGHT)?;
        c.within(at("gains.gather"), g.gather, 0..=MAX_PERCENT)?;
        c.within(at("gains.income"), g.income, 0..=MAX_PERCENT)?;
        c.text(at("lore"), &a.lore)?;
        advances.push(Advance {
            name: a.name.clone(),
            cost: a.cost.clone(),
            needs,
            gains: Gains {
                action_points: g.action_points,
                sight: g.sight,
                gather: g.gather,
                income: g.income,
            },
            lore: a.lore.clone(),
        });
    }
    Ok(advances)
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
    let lead = raw.lead.as_ref().map(|l| validate_lead(c, l)).transpose()?;
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
        lead,
        last_standing: raw.last_standing,
        flag: raw.points.flag,
        site: raw.points.site,
        landmarks: by_name("landmark", &raw.points.landmarks, &landmark_names)?,
        features: by_name("feature", &raw.points.features, &feature_names)?,
        resources: by_name("resource", &raw.points.resources, &resource_names)?,
    })
}

/// The decisive lead's share a majority (so one faction at most holds it) and its phases a
/// game's length at most.
fn validate_lead(c: &Check, raw: &raw::RawLead) -> Result<Lead, RulesError> {
    c.within("play.goal.lead.share", raw.share, MIN_LEAD_SHARE..=100)?;
    c.within("play.goal.lead.phases", raw.phases, 1..=MAX_PHASES)?;
    Ok(Lead {
        share: raw.share,
        phases: raw.phases,
    })
}
