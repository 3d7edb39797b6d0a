//! Mutated saves of a real game, loaded as `--load FILE` loads them; an accepted one is put into
//! a headless game that shows its HUD words, plays a round and is saved and loaded again.

use std::sync::OnceLock;

use super::play::{self, SIGHT};
use super::{CaseOutcome, Scratch, cases, disc, run, sweep};
use aeternus_core::rules::Rules;
use aeternus_core::save::{SaveGame, capture, write_atomic};

const SEED: u64 = 12;

/// A real save: two players, a few phases of moves, builds and travels.
fn real_save() -> &'static str {
    static SAVE: OnceLock<String> = OnceLock::new();
    SAVE.get_or_init(|| {
        let mut app = play::new_game(Rules::aeternus(), SEED);
        play::rounds(&mut app, &[1, 2], 4);
        let save = capture(app.world_mut());
        assert!(save.phase > 1 && !save.flags.is_empty() && !save.log.is_empty());
        save.to_ron()
    })
}

fn case(scratch: &Scratch, bytes: &[u8]) -> CaseOutcome {
    let path = scratch.write("save.ron", bytes);
    let source = path.display().to_string();
    let Ok(save) = SaveGame::read(&path) else {
        return CaseOutcome::refused();
    };
    let rules = Rules::aeternus();
    let Ok(world) = save.world(&rules, &source) else {
        return CaseOutcome::refused();
    };
    let saved = world.len();
    let ids: Vec<u32> = save.players.iter().map(|p| p.id).take(3).collect();
    let players = save.players.len();
    let mut app = play::app(rules, save.seed);
    save.install(&mut app, world);
    app.update();
    play::hud(&mut app);
    play::rounds(&mut app, &ids, 1);
    play::hud(&mut app);
    play::walks(&mut app, &ids);
    let n = play::hexes(&app);
    // Each player sees and walks around where it stands; nothing else is generated.
    let bound = saved + players * disc(play::reach(1) + SIGHT);
    assert!(n <= bound, "{n} hexes from a save of {saved}");
    // What the game goes on to save (as F5 writes it) loads again.
    let again = scratch.0.join("again.ron");
    write_atomic(&again, &capture(app.world_mut()).to_ron()).unwrap();
    let reloaded = SaveGame::read(&again).expect("a game's own save parses");
    reloaded
        .world(&Rules::aeternus(), "again.ron")
        .expect("a game's own save loads");
    CaseOutcome {
        accepted: true,
        hexes: n,
    }
}

#[test]
fn mutated_saves_never_panic() {
    let scratch = Scratch::new("save");
    let base = real_save().as_bytes().to_vec();
    assert!(case(&scratch, &base).accepted, "the real save loads");
    run("a saved game", 0x5EED_0006, cases(1000), base, |m| {
        case(&scratch, &m.bytes)
    });
}

#[test]
#[ignore = "an exhaustive sweep of a few minutes"]
fn every_number_of_a_save_at_every_extreme() {
    let scratch = Scratch::new("sweep-save");
    sweep("a saved game", real_save().as_bytes(), |b| {
        case(&scratch, b)
    });
}
