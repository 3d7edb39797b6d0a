//! The land part of the storm rules: biomes, the placed biomes, draw tables and smoothing.

use super::check::Check;
use crate::rules::RulesError;
use crate::storm::raw::RawStorm;
use crate::storm::rules::{Biome, BiomeId, Smoothing};

pub struct Land {
    pub biomes: Vec<Biome>,
    pub capital: BiomeId,
    pub sealed_forest: BiomeId,
    pub smoothing: Smoothing,
    pub draw_tables: Vec<Vec<(f64, BiomeId)>>,
}

pub fn land(c: &Check, raw: &RawStorm) -> Result<Land, RulesError> {
    let radius = raw.radius;
    if raw.biomes.is_empty() || raw.biomes.len() > 250 {
        return Err(c.err(
            "biomes",
            format!("lists {} biomes; 1 to 250 are allowed", raw.biomes.len()),
        ));
    }
    c.unique("biomes", raw.biomes.iter().map(|b| &b.name))?;
    let mut biomes = Vec::with_capacity(raw.biomes.len());
    for (i, b) in raw.biomes.iter().enumerate() {
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
    let names: Vec<&str> = biomes.iter().map(|b| b.name.as_str()).collect();
    let placed = |field: &str, name: &str| -> Result<BiomeId, RulesError> {
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
    };
    let capital = placed("capital", &raw.capital)?;
    let sealed_forest = placed("sealed_forest", &raw.sealed_forest)?;
    if capital == sealed_forest {
        return Err(c.err("sealed_forest", "is the capital's biome; they must differ"));
    }
    if !biomes[sealed_forest.0 as usize].accessible {
        return Err(c.err(
            "sealed_forest",
            "names a biome that is not accessible; a forest grown from a seal is walked into",
        ));
    }
    let draw_tables = draw_tables(c, &biomes, radius)?;

    let s = &raw.smoothing;
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
    Ok(Land {
        biomes,
        capital,
        sealed_forest,
        smoothing: Smoothing {
            passes: s.passes,
            threshold: s.threshold,
        },
        draw_tables,
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
