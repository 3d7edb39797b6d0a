//! `aeternus gen --rules storm`: one JSON line per cell of a cycle's map (or, with
//! `--settlement X,Y,Z`, per cell of that cell's settlement layer), and `--png` draws it.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use super::{GenArgs, png_path, seeds};
use aeternus_core::export::{MapExport, write_png};
use aeternus_core::headless::{Fault, open_out};
use aeternus_core::storm::map::{CycleParams, StormMap};
use aeternus_core::storm::settlement::Settlement;
use aeternus_core::storm::{SealId, StormRules};

pub fn run_gen(args: &GenArgs, rules: &StormRules) -> Result<(), Fault> {
    if args.radius.is_some() || args.hexes.is_some() {
        return Err(Fault::BadInput(format!(
            "--radius and --hexes belong to the Aeternus rules; the storm map is always every cell within {} of the Citadel",
            rules.radius
        )));
    }
    let rules = Arc::new(rules.clone());
    let seeds = seeds(args);
    let many = seeds.len() > 1;
    if let Some(at) = args.settlement {
        if args.storm.contracts.is_some() || args.storm.prestige || args.storm.trial {
            return Err(Fault::BadInput(
                "--settlement writes a cell's settlement layer, which depends on the seed and the cell only; drop --contracts, --prestige and --trial".into(),
            ));
        }
        if at.distance() > rules.radius {
            return Err(Fault::BadInput(format!(
                "--settlement {at}: the cell lies {} from the Citadel, outside the map's radius {}",
                at.distance(),
                rules.radius
            )));
        }
        let mut out = open_out(&args.out)?;
        for &seed in &seeds {
            let s = Settlement::generate(rules.clone(), seed, at.to_hex());
            emit(
                &s,
                &mut out,
                args.png.as_ref().map(|p| png_path(p, seed, many)),
            )?;
        }
        return flush(out);
    }
    let contracts = contracts(&rules, args.storm.contracts.as_deref())?;
    let mut out = open_out(&args.out)?;
    for &seed in &seeds {
        let params = CycleParams {
            seed,
            cycle: args.storm.cycle,
            contracts: contracts.clone(),
            prestige: args.storm.prestige,
            trial: args.storm.trial,
        };
        let map = StormMap::generate(rules.clone(), params);
        for s in &map.shortfalls {
            eprintln!(
                "seed {seed}, cycle {}: only {} of {} {}s found a valid cell",
                args.storm.cycle,
                s.placed,
                s.wanted,
                s.kind.name()
            );
        }
        emit(
            &map,
            &mut out,
            args.png.as_ref().map(|p| png_path(p, seed, many)),
        )?;
    }
    flush(out)
}

/// `--contracts` names to seal ids (case-insensitive); none given means all three.
pub fn contracts(rules: &StormRules, names: Option<&[String]>) -> Result<Vec<SealId>, Fault> {
    let Some(names) = names else {
        return Ok(rules.all_seals());
    };
    let known: Vec<&str> = rules.seals.iter().map(|s| s.name.as_str()).collect();
    let mut ids = Vec::new();
    for n in names {
        if n.trim().is_empty() {
            return Err(Fault::BadInput(format!(
                "--contracts: an empty seal name (known: {})",
                known.join(", ")
            )));
        }
        let id = rules.seal(n).ok_or_else(|| {
            Fault::BadInput(format!(
                "--contracts: unknown seal `{}` (known: {})",
                n.trim(),
                known.join(", ")
            ))
        })?;
        if ids.contains(&id) {
            return Err(Fault::BadInput(format!(
                "--contracts: `{}` is contracted twice",
                n.trim()
            )));
        }
        ids.push(id);
    }
    if !(1..=3).contains(&ids.len()) {
        return Err(Fault::BadInput(format!(
            "--contracts: {} seals; a run contracts one to three",
            ids.len()
        )));
    }
    Ok(ids)
}

fn emit(map: &dyn MapExport, out: &mut Box<dyn Write>, png: Option<PathBuf>) -> Result<(), Fault> {
    map.write_jsonl(out).map_err(Fault::output)?;
    if let Some(p) = png {
        write_png(&map.tiles(), &p).map_err(Fault::Io)?;
    }
    Ok(())
}

fn flush(mut out: Box<dyn Write>) -> Result<(), Fault> {
    out.flush().map_err(Fault::output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contract_names_are_checked() {
        let r = StormRules::embedded().unwrap();
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(contracts(&r, None).unwrap().len(), 3);
        assert_eq!(
            contracts(&r, Some(&names(&["rime"]))).unwrap(),
            vec![r.seal("Rime").unwrap()]
        );
        for (bad, msg) in [
            (&["Ember"][..], "unknown seal `Ember`"),
            (&["Rime", "rime"], "twice"),
            (&[""], "empty"),
        ] {
            let e = contracts(&r, Some(&names(bad))).unwrap_err();
            assert_eq!(e.exit_code(), 2);
            assert!(e.to_string().contains(msg), "{e}");
        }
    }
}
