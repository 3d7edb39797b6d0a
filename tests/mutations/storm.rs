//! Mutated storm rules and settlement templates, loaded as `--rules FILE` loads them (the
//! template found through the rules' `settlement.template`, relative to the rule file); an
//! accepted pair draws the maps of every mode, the next cycle, reveals, settlements and sites.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use hexx::Hex;

use super::text::{Kind, lex};
use super::{CaseOutcome, Scratch, cases, disc, run, shipped, site_rules, sweep};
use aeternus_core::export::MapExport;
use aeternus_core::hex::Direction;
use aeternus_core::storm::token::{TokenTrail, under_new_rules};
use aeternus_core::storm::{CycleParams, Settlement, StormMap, StormRules};

const RULES: &str = "assets/rules/storm.ron";
/// The largest map the rules may ask for (their radius at most 200).
const MAX_CELLS: usize = disc(200);

/// Where the shipped storm rules say their template is, relative to the rule file.
fn template_ref(rules: &[u8]) -> String {
    let tokens = lex(rules);
    let at = tokens
        .windows(3)
        .find(|w| {
            &rules[w[0].start..w[0].end] == b"template"
                && &rules[w[1].start..w[1].end] == b":"
                && w[2].kind == Kind::Str
        })
        .expect("the storm rules name their settlement template");
    let quoted = &rules[at[2].start + 1..at[2].end - 1];
    String::from_utf8(quoted.to_vec()).unwrap()
}

/// The shipped rules and template, laid out in `scratch` as in the repository; returns the
/// rules' path there and the template's path relative to the scratch folder.
fn lay_out(scratch: &Scratch) -> (Vec<u8>, Vec<u8>, PathBuf, PathBuf) {
    let rules = shipped(RULES);
    let reference = template_ref(&rules);
    let template_at = Path::new(RULES).parent().unwrap().join(&reference);
    let template = shipped(template_at.to_str().unwrap());
    let path = scratch.write(RULES, &rules);
    scratch.write(&template_at, &template);
    (rules, template, path, template_at)
}

/// The shipped rules' first map with the token walked a while: what a reload meets.
fn running() -> &'static (StormMap, TokenTrail) {
    static RUNNING: OnceLock<(StormMap, TokenTrail)> = OnceLock::new();
    RUNNING.get_or_init(|| {
        let rules = Arc::new(StormRules::embedded().unwrap());
        let map = StormMap::generate(rules.clone(), CycleParams::new(&rules, 3, 0));
        let mut journey = TokenTrail::start();
        walk(&map, &mut journey, 24);
        (map, journey)
    })
}

/// `steps` moves of the token, each in the first direction (turning clockwise from one that
/// changes every step) the map allows; reservations reached are revealed.
fn walk(map: &StormMap, journey: &mut TokenTrail, steps: usize) {
    for k in 0..steps {
        for d in 0..6 {
            let to = journey.cell + Direction::ALL[(k / 3 + d) % 6].offset();
            if journey.step(map, to).is_ok() {
                break;
            }
        }
    }
}

/// Settlements of a few cells, as the settlement view and `gen --settlement` make them.
fn settlements(rules: &Arc<StormRules>, seed: u64, cells: &[Hex]) {
    let template = &rules.settlement.template;
    assert!(template.radius <= aeternus_core::storm::template::MAX_TEMPLATE_RADIUS);
    assert!(template.cells.len() <= disc(template.radius));
    for &cell in cells {
        let s = Settlement::generate(rules.clone(), seed, cell);
        assert!(s.filled().count() <= template.slots.len());
        s.write_jsonl(&mut std::io::sink()).unwrap();
        let _ = s.tiles();
    }
}

/// Loads the rules at `path` and, when accepted, uses them: the maps when `maps`, else only
/// settlements (a template's mutation changes nothing else).
fn case(path: &Path, maps: bool) -> CaseOutcome {
    let Ok(rules) = StormRules::from_file(path) else {
        return CaseOutcome::refused();
    };
    assert!(rules.radius <= 200, "a map of radius {}", rules.radius);
    let seed = 3;
    if maps {
        // The storm window saved the file while a game ran: the cycle is redrawn under it.
        let (map, journey) = running();
        let (next, mut journey) = under_new_rules(map, journey, rules.clone());
        walk(&next, &mut journey, 24);
    }
    let rules = Arc::new(rules);
    if !maps {
        settlements(
            &rules,
            seed,
            &[Hex::ZERO, Hex::new(4, -2), Hex::new(-30, 15)],
        );
        return CaseOutcome {
            accepted: true,
            hexes: rules.settlement.template.cells.len(),
        };
    }
    let main = CycleParams::new(&rules, seed, 0);
    let modes = [
        main.clone(),
        CycleParams {
            prestige: true,
            cycle: u32::MAX,
            ..main.clone()
        },
        CycleParams {
            trial: true,
            contracts: main.contracts.iter().copied().take(1).collect(),
            ..main.clone()
        },
    ];
    let mut cells = 0;
    for params in modes {
        let map = StormMap::generate(rules.clone(), params);
        assert!(map.disc.len() <= MAX_CELLS && map.biomes.len() == map.disc.len());
        cells = cells.max(map.disc.len());
        if map.params.cycle == u32::MAX {
            // The last cycle number repeats.
            let next = map.next_cycle();
            assert_eq!(
                (next.params.cycle, next.disc.len()),
                (u32::MAX, map.disc.len())
            );
        }
        walk(&map, &mut TokenTrail::start(), 24);
        let reserved: Vec<Hex> = map.reservations().map(|(h, _)| h).take(8).collect();
        for &cell in &reserved {
            if let Some(content) = map.reveal(cell) {
                let _ = content.entry(&rules);
            }
        }
        map.write_jsonl(&mut std::io::sink()).unwrap();
        let _ = map.tiles();
        settlements(&rules, seed, &reserved[..reserved.len().min(1)]);
        if let Ok(terrain) = site_rules().for_storm(&rules) {
            let placed = aeternus_core::sites::world::storm(site_rules(), &terrain, &map, 3);
            assert!(placed.len() <= 9 * disc(3));
        }
    }
    CaseOutcome {
        accepted: true,
        hexes: cells,
    }
}

#[test]
fn mutated_storm_rules_never_panic() {
    let scratch = Scratch::new("storm");
    let (rules, _, path, _) = lay_out(&scratch);
    assert!(case(&path, true).accepted, "the shipped storm rules load");
    run(RULES, 0x5EED_0003, cases(400), rules, |m| {
        scratch.write(RULES, &m.bytes);
        case(&path, true)
    });
}

#[test]
fn mutated_settlement_templates_never_panic() {
    let scratch = Scratch::new("template");
    let (_, template, path, template_at) = lay_out(&scratch);
    assert!(case(&path, false).accepted, "the shipped template loads");
    let name = template_at.display().to_string();
    run(&name, 0x5EED_0004, cases(800), template, |m| {
        scratch.write(&template_at, &m.bytes);
        case(&path, false)
    });
}

#[test]
#[ignore = "an exhaustive sweep of a few minutes"]
fn every_number_of_the_storm_rules_and_template_at_every_extreme() {
    let scratch = Scratch::new("sweep-storm");
    let (rules, template, path, template_at) = lay_out(&scratch);
    sweep(RULES, &rules, |b| {
        scratch.write(RULES, b);
        case(&path, true)
    });
    scratch.write(RULES, &rules);
    sweep(&template_at.display().to_string(), &template, |b| {
        scratch.write(&template_at, b);
        case(&path, false)
    });
}
