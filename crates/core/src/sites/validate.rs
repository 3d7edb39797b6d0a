//! Raw site rules -> [`SiteRules`]: names resolved, numbers checked; each error names the file
//! and the field.

use std::collections::HashSet;

use super::raw::{Entries, RawSite, RawSites, RawTerrain};
use super::terrain::{Loc, Terrain};
use super::{Site, SiteRules};
use crate::rules::check::{Check, MAX_AMOUNT, MAX_LIST};
use crate::rules::{RulesError, Yield};

/// Path flags live in a `u32`; Dominions' own masks stop well before that.
const MAX_PATHS: usize = 32;

/// The most a site adds to a player's sight.
pub const MAX_SITE_SIGHT: u32 = 8;

/// The hardest a site is to find: a search never finds it, only a player standing on its hex.
pub const MAX_FIND: u32 = 100;

pub fn validate(raw: RawSites, source: &str) -> Result<SiteRules, RulesError> {
    let c = Check { source };
    c.name("name", &raw.name)?;
    // The base site frequency is a percentage.
    c.within("base_frequency", raw.base_frequency, 0..=100)?;
    c.count("paths", raw.paths.len(), 0..=MAX_PATHS)?;
    let mut seen = HashSet::new();
    for (i, p) in raw.paths.iter().enumerate() {
        c.name(format!("paths[{i}]"), p)?;
        if !seen.insert(p.to_lowercase()) {
            return Err(c.err(
                format!("paths[{i}]"),
                format!("`{p}` is named twice in `paths`"),
            ));
        }
    }
    let paths = &raw.paths;
    let terrains = |field: &str, e: &Entries<RawTerrain>| {
        c.count(field, e.0.len(), 0..=MAX_LIST)?;
        let mut seen = HashSet::new();
        e.0.iter()
            .map(|(name, t)| {
                let at = format!("{field}[\"{name}\"]");
                if !seen.insert(name.as_str()) {
                    return Err(c.err(at, format!("`{name}` is given twice")));
                }
                Ok((name.clone(), terrain(&c, &at, t, paths)?))
            })
            .collect::<Result<Vec<_>, _>>()
    };
    let aeternus_biomes = terrains("aeternus.biomes", &raw.aeternus.biomes)?;
    let aeternus_landmarks = terrains("aeternus.landmarks", &raw.aeternus.landmarks)?;
    let storm_biomes = terrains("storm.biomes", &raw.storm.biomes)?;

    c.count("sites", raw.sites.len(), 0..=MAX_LIST)?;
    c.unique("sites", raw.sites.iter().map(|s| &s.name))?;
    let sites = raw
        .sites
        .iter()
        .enumerate()
        .map(|(i, s)| site(&c, &format!("sites[{i}]"), s, paths))
        .collect::<Result<Vec<_>, _>>()?;
    if sites.is_empty() {
        return Err(c.err("sites", "is empty; list at least one site"));
    }
    Ok(SiteRules {
        name: raw.name,
        source: source.to_string(),
        base_frequency: raw.base_frequency,
        era: raw.era,
        paths: raw.paths,
        aeternus_biomes,
        aeternus_landmarks,
        storm_biomes,
        sites,
    })
}

fn path_id(c: &Check, field: String, name: &str, paths: &[String]) -> Result<u8, RulesError> {
    paths
        .iter()
        .position(|p| p == name)
        .map(|i| i as u8)
        .ok_or_else(|| {
            c.err(
                field,
                format!(
                    "`{name}` is not a path; the paths are: {}",
                    paths.join(", ")
                ),
            )
        })
}

fn terrain(c: &Check, at: &str, t: &RawTerrain, paths: &[String]) -> Result<Terrain, RulesError> {
    let mut out = Terrain::default();
    for (i, f) in t.flags.iter().enumerate() {
        let bit = Terrain::NAMES.iter().find(|(n, _)| n == f).ok_or_else(|| {
            let names: Vec<_> = Terrain::NAMES.iter().map(|(n, _)| *n).collect();
            c.err(
                format!("{at}.flags[{i}]"),
                format!(
                    "`{f}` is not a terrain flag; the flags are: {}",
                    names.join(", ")
                ),
            )
        })?;
        out.flags |= bit.1;
    }
    for (i, p) in t.paths.iter().enumerate() {
        out = out.with_path(path_id(c, format!("{at}.paths[{i}]"), p, paths)?);
    }
    Ok(out)
}

fn site(c: &Check, at: &str, s: &RawSite, paths: &[String]) -> Result<Site, RulesError> {
    if s.rarity > 2 {
        return Err(c.err(
            format!("{at}.rarity"),
            format!("is {}; a rarity is 0, 1 or 2: must lie in 0..=2", s.rarity),
        ));
    }
    let path = match &s.path {
        Some(p) => Some(path_id(c, format!("{at}.path"), p, paths)?),
        None => None,
    };
    let mut loc = Loc::default();
    for (i, name) in s.loc.iter().enumerate() {
        let by_name = Loc::NAMES.iter().find(|(n, _)| n == name).map(|x| x.1);
        let by_number = name
            .parse::<u32>()
            .ok()
            .filter(|v| Loc::NAMES.iter().any(|(_, b)| b == v));
        let bit = by_name.or(by_number).ok_or_else(|| {
            let names: Vec<_> = Loc::NAMES.iter().map(|(n, _)| *n).collect();
            c.err(
                format!("{at}.loc[{i}]"),
                format!(
                    "`{name}` is not a location flag; the flags are: {}",
                    names.join(", ")
                ),
            )
        })?;
        loc.0 |= bit;
    }
    if !loc.can_appear() {
        return Err(c.err(
            format!("{at}.loc"),
            "lets the site appear nowhere: name a terrain (plains, forest, ...) or `caves only`, and leave at least one era",
        ));
    }
    let amounts = |field: &str, y: &Yield| {
        c.count(format!("{at}.{field}"), y.len(), 0..=MAX_LIST)?;
        for (r, &n) in y {
            c.name(format!("{at}.{field}"), r)?;
            c.within(format!("{at}.{field}[\"{r}\"]"), n, 0..=MAX_AMOUNT)?;
        }
        Ok::<Yield, RulesError>(
            y.iter()
                .filter(|(_, n)| **n > 0)
                .map(|(r, n)| (r.clone(), *n))
                .collect(),
        )
    };
    let yields = amounts("yields", &s.yields)?;
    let gather = amounts("gather", &s.gather)?;
    c.within(format!("{at}.sight"), s.sight, 0..=MAX_SITE_SIGHT)?;
    c.text(format!("{at}.lore"), &s.lore)?;
    c.within(format!("{at}.find"), s.find, 0..=MAX_FIND)?;
    if yields.is_empty() && gather.is_empty() && s.sight == 0 && s.lore.trim().is_empty() {
        return Err(c.err(
            at.to_string(),
            "does nothing: give it `yields`, `gather`, `sight` or at least `lore`",
        ));
    }
    Ok(Site {
        name: s.name.clone(),
        rarity: s.rarity as u8,
        path,
        loc,
        yields,
        gather,
        sight: s.sight,
        lore: s.lore.clone(),
        find: s.find as u8,
    })
}
