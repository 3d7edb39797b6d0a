//! `aeternus sites`: generates a world as `gen` does (or the storm map of cycle 0), rolls its
//! sites and writes one JSON line per site.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use serde::Serialize;

use aeternus_core::headless::{Fault, RulesChoice, gen_world, load_rules, open_out};
use aeternus_core::hex::Coord;
use aeternus_core::sites::{Placed, SiteRules, world};
use aeternus_core::storm::{CycleParams, StormMap};

#[derive(Args, Debug, Clone)]
pub struct SitesArgs {
    /// World seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Aeternus: generate what a player at the origin with this sight radius sees (default: the
    /// ruleset's sight radius). Storm: roll the cells within this distance of the Citadel.
    #[arg(long, value_parser = crate::cli::radius)]
    pub radius: Option<u32>,
    #[command(flatten)]
    pub rules: super::shared::RulesArg,
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

pub fn run(args: &SitesArgs) -> Result<(), Fault> {
    let sites = match &args.sites {
        Some(p) => SiteRules::from_file(p)?,
        None => SiteRules::embedded(),
    };
    let mut out = open_out(&args.out)?;
    match load_rules(&args.rules.name)? {
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
                return Err(Fault::BadInput(format!(
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
    out.flush().map_err(Fault::output)
}

fn write<'a>(
    sites: &SiteRules,
    placed: &[Placed],
    biome: impl Fn(&Placed) -> &'a str,
    out: &mut dyn Write,
) -> Result<(), Fault> {
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
        serde_json::to_writer(&mut *out, &row).map_err(|e| Fault::output(e.into()))?;
        out.write_all(b"\n").map_err(Fault::output)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::run as run_sites;
    use crate::cli::{Cli, Command};
    use aeternus_core::headless::Fault;

    fn sites(args: &[&str]) -> Result<(), Fault> {
        let cli = Cli::try_parse_from(["aeternus", "sites"].iter().chain(args)).unwrap();
        match cli.command {
            Some(Command::Sites(a)) => run_sites(&a),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_command_writes_one_json_line_per_site() {
        let out = std::env::temp_dir().join(format!("aeternus-sites-{}.jsonl", std::process::id()));
        let o = out.to_str().unwrap();
        for rules in ["aeternus", "storm"] {
            sites(&["--seed", "3", "--radius", "6", "--rules", rules, "--out", o]).unwrap();
            let text = std::fs::read_to_string(&out).unwrap();
            assert!(text.lines().count() > 10);
            for line in text.lines() {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                for f in [
                    "x",
                    "y",
                    "z",
                    "q",
                    "r",
                    "province_biome",
                    "site",
                    "rarity",
                    "path",
                ] {
                    assert!(v.get(f).is_some(), "{line} lacks {f}");
                }
                assert!(["path", "roll"].contains(&v["step"].as_str().unwrap()));
            }
            sites(&["--seed", "3", "--radius", "6", "--rules", rules, "--out", o]).unwrap();
            assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
        }
        std::fs::remove_file(&out).ok();
    }

    #[test]
    fn bad_arguments_exit_with_two() {
        let broken = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/rules/broken-sites");
        let bad_file = std::fs::read_dir(broken)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        for args in [
            vec!["--rules", "storm", "--radius", "31"],
            vec!["--rules", "no/such/rules.ron"],
            vec!["--sites", "no/such/sites.ron"],
            vec!["--sites", bad_file.to_str().unwrap()],
        ] {
            let err = sites(&args).unwrap_err();
            assert_eq!(err.exit_code(), 2, "{args:?}: {err}");
        }
    }
}
