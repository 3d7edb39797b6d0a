//! The land part of the storm rules: biomes, the placed biomes, draw tables and smoothing.

use super::check::Check;
use crate::rules::RulesError;
use crate::storm::raw::{RawBiome, RawSmoothing, RawStorm};
use crate::storm::rules::{Biome, BiomeId, Smoothing};

pub struct Land {
    pub biomes: Vec<Biome>,
    pub capital: BiomeId,
    pub sealed_forest: BiomeId,
    pub smoothing: Smoothing,
    pub draw_tables: Vec<Vec<(f64, BiomeId)>>,
}

pub fn land(c: &Check, raw: &RawStorm) -> Result<Land, RulesError> {
    let biomes = biomes(c, &raw.biomes, raw.radius)?;
    let capital = placed(c, &biomes, "capital", &raw.capital)?;
    let sealed_forest = placed(c, &biomes, "sealed_forest", &raw.sealed_forest)?;
    if capital == sealed_forest {
        return Err(c.err("sealed_forest", "is the capital's biome; they must differ"));
    }
    if !biomes[sealed_forest.0 as usize].accessible {
        return Err(c.err(
            "sealed_forest",
            "names a biome that is not accessible; a forest grown from a seal is walked into",
        ));
    }
    let draw_tables = draw_tables(c, &biomes, raw.radius)?;
    Ok(Land {
        smoothing: smoothing(c, &raw.smoothing)?,
        biomes,
        capital,
        sealed_forest,
        draw_tables,
    })
}

/// The biomes, uniquely named, each drawable within the map and holding modifiers only where
/// players can walk.
fn biomes(c: &Check, raw: &[RawBiome], radius: u32) -> Result<Vec<Biome>, RulesError> {
    if raw.is_empty() || raw.len() > 250 {
        return Err(c.err(
            "biomes",
            format!("lists {} biomes; 1 to 250 are allowed", raw.len()),
        ));
    }
    c.unique("biomes", raw.iter().map(|b| &b.name))?;
    let mut biomes = Vec::with_capacity(raw.len());
    for (i, b) in raw.iter().enumerate() {
        let at = |f: &str| format!("biomes[{i}].{f} (\"{}\")", b.name);
        let weight = c.weight(at("weight"), b.weight)?;
        if b.min_distance > radius {
            return Err(c.err(
                at("min_distance"),
                format!(
                    "is {}, beyond the map's radius {radius}: it must lie in 0..={radius}",
                    b.min_distance
                ),
            ));
        }
        if b.allows_modifiers && !b.accessible {
            return Err(c.err(
                at("allows_modifiers"),
                "is true on a biome that is not accessible; nobody could reach its reservations",
            ));
        }
        biomes.push(Biome {
            name: b.name.clone(),
            weight,
            min_distance: b.min_distance,
            colour: c.colour(at("colour"), &b.colour)?,
            allows_modifiers: b.allows_modifiers,
            accessible: b.accessible,
        });
    }
    Ok(biomes)
}

/// The id of a biome the map places (the capital, the sealed forest) rather than draws.
fn placed(c: &Check, biomes: &[Biome], field: &str, name: &str) -> Result<BiomeId, RulesError> {
    let names: Vec<&str> = biomes.iter().map(|b| b.name.as_str()).collect();
    let i = names.iter().position(|n| *n == name).ok_or_else(|| {
        c.err(
            field,
            format!("unknown biome `{name}` (known: {})", names.join(", ")),
        )
    })?;
    if biomes[i].weight != 0.0 {
        return Err(c.err(
            field,
            format!("`{name}` is placed, not drawn, so its weight must be 0"),
        ));
    }
    Ok(BiomeId(i as u8))
}

/// The smoothing passes, and a threshold that makes the majority among neighbours unique.
fn smoothing(c: &Check, s: &RawSmoothing) -> Result<Smoothing, RulesError> {
    c.within("smoothing.passes", s.passes, 0..=super::MAX_PASSES)?;
    // Below four, two biomes could tie among six neighbours and "the most frequent" is undefined.
    if !(4..=6).contains(&s.threshold) {
        return Err(c.err(
            "smoothing.threshold",
            format!(
                "is {}; it must lie in 4..=6 so the majority is unique",
                s.threshold
            ),
        ));
    }
    Ok(Smoothing {
        passes: s.passes,
        threshold: s.threshold,
    })
}

/// Cumulative weights of the drawable biomes at each distance; every distance needs one,
/// the centre included (smoothing reads its drawn biome before the capital replaces it).
fn draw_tables(
    c: &Check,
    biomes: &[Biome],
    radius: u32,
) -> Result<Vec<Vec<(f64, BiomeId)>>, RulesError> {
    (0..=radius)
        .map(|d| {
            let mut total = 0.0;
            let table: Vec<(f64, BiomeId)> = biomes
                .iter()
                .enumerate()
                .filter(|(_, b)| b.weight > 0.0 && b.min_distance <= d)
                .map(|(i, b)| {
                    total += b.weight;
                    (total, BiomeId(i as u8))
                })
                .collect();
            if table.is_empty() {
                return Err(c.err(
                    "biomes[..].min_distance",
                    format!("no biome with a positive weight may be drawn at distance {d}"),
                ));
            }
            Ok(table)
        })
        .collect()
}
