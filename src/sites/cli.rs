//! `aeternus sites`: generates a world as `gen` does (or the storm map of cycle 0), rolls its
//! sites and writes one JSON line per site.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use serde::Serialize;

use super::{Placed, SiteRules, world};
use crate::cli::{CliError, RulesChoice, gen_world, load_rules, open_out};
use crate::hex::Coord;
use crate::storm::{CycleParams, StormMap};

#[derive(Args, Debug, Clone)]
pub struct SitesArgs {
    /// World seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Aeternus: generate what a player at the origin with this sight radius sees (default: the
    /// ruleset's sight radius). Storm: roll the cells within this distance of the Citadel.
    #[arg(long, value_parser = crate::cli::radius)]
    pub radius: Option<u32>,
    /// Ruleset: `aeternus` (the default), `storm`, or a rule file.
    #[arg(long, default_value = "aeternus")]
    pub rules: String,
    /// Site rules (default: the embedded assets/rules/sites.ron).
    #[arg(long)]
    pub sites: Option<PathBuf>,
    /// Output file (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// One JSON line.
#[derive(Serialize)]
struct SiteRow<'a> {
    x: i32,
    y: i32,
    z: i32,
    q: i32,
    r: i32,
    province_biome: &'a str,
    site: &'a str,
    rarity: u8,
    path: Option<&'a str>,
    step: &'a str,
}

pub fn run(args: &SitesArgs) -> Result<(), CliError> {
    let sites = match &args.sites {
        Some(p) => SiteRules::from_file(p)?,
        None => SiteRules::embedded(),
    };
    let mut out = open_out(&args.out)?;
    match load_rules(&args.rules)? {
        RulesChoice::Aeternus(rules) => {
            let terrain = sites.for_aeternus(&rules)?;
            let w = gen_world(&rules, args.seed, args.radius, None)?;
            let placed = world::aeternus(&sites, &terrain, &w);
            let biome = |p: &Placed| {
                let d = w.get(p.hex).expect("sites lie on generated hexes");
                w.rules.biome_name(d.biome)
            };
            write(&sites, &placed, biome, &mut out)?;
        }
        RulesChoice::Storm(rules) => {
            let terrain = sites.for_storm(&rules)?;
            let radius = args.radius.unwrap_or(rules.radius);
            if radius > rules.radius {
                return Err(CliError::BadInput(format!(
                    "--radius {radius}: the storm map holds the cells within {} of the Citadel",
                    rules.radius
                )));
            }
            let rules = Arc::new(rules);
            let map = StormMap::generate(rules.clone(), CycleParams::new(&rules, args.seed, 0));
            let placed = world::storm(&sites, &terrain, &map, radius);
            let biome = |p: &Placed| {
                let b = map.biome_at(p.hex).expect("sites lie on the map");
                rules.biome_of(b).name.as_str()
            };
            write(&sites, &placed, biome, &mut out)?;
        }
    }
    out.flush().map_err(CliError::output)
}

fn write<'a>(
    sites: &SiteRules,
    placed: &[Placed],
    biome: impl Fn(&Placed) -> &'a str,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    for p in placed {
        let c = Coord::from_hex(p.hex);
        let s = &sites.sites[p.site];
        let row = SiteRow {
            x: c.x,
            y: c.y,
            z: c.z,
            q: p.hex.x,
            r: p.hex.y,
            province_biome: biome(p),
            site: &s.name,
            rarity: s.rarity,
            path: sites.path_name(s),
            step: p.step.name(),
        };
        serde_json::to_writer(&mut *out, &row).map_err(|e| CliError::output(e.into()))?;
        out.write_all(b"\n").map_err(CliError::output)?;
    }
    Ok(())
}
