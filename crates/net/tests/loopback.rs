//! Online games on real sockets (UDP on 127.0.0.1, any free port), each within a time limit.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use aeternus_core::play::Bot;
use aeternus_core::sim::format::Seat;
use aeternus_core::sim::game::save_text;
use aeternus_core::sim::game::{Setup, seat_faction};
use aeternus_core::sim::load_rules;
use aeternus_core::sim::replay::{Log, replay};
use aeternus_net::client::{Client, ClientOptions};
use aeternus_net::protocol::Hello;
use aeternus_net::server::{Server, ServerOptions};

/// The most a loopback game may take before the test fails.
const LIMIT: Duration = Duration::from_secs(120);

fn setup(seats: &[&str], phases: u32, seed: u64) -> Setup {
    let (mut rules, rules_hash) = load_rules("aeternus").unwrap();
    rules.play.goal.phases = phases;
    let seats = (seats.iter().enumerate())
        .map(|(i, bot)| Seat {
            player: i as u32,
            faction: seat_faction(&rules, i as u32),
            bot: bot.to_string(),
        })
        .collect();
    Setup {
        rules,
        rules_hash,
        seed,
        seats,
    }
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("aeternus-net-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn client(server: SocketAddr, hello: Hello, bot: Option<Bot>) -> Client {
    let (rules, rules_hash) = load_rules("aeternus").unwrap();
    Client::new(ClientOptions {
        server,
        hello,
        rules,
        rules_hash,
        bot,
    })
    .unwrap()
}

fn play(name: &str) -> Hello {
    Hello::Play {
        name: name.into(),
        key: None,
    }
}

/// Steps the server and the clients until `done`, failing past [`LIMIT`].
fn run(server: &mut Server, clients: &mut [Client], done: impl Fn(&Server, &[Client]) -> bool) {
    let start = Instant::now();
    while !done(server, clients) {
        assert!(
            start.elapsed() < LIMIT,
            "the game took over {LIMIT:?}: {:?}",
            server.told
        );
        server.step().unwrap();
        for c in clients.iter_mut() {
            c.step().unwrap();
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn two_bot_clients_and_a_spectator_play_to_the_end_alike() {
    let dir = folder("game");
    let journal = dir.join("game.jsonl");
    let s = setup(&["human", "human", "greedy"], 6, 11);
    let mut server = Server::new(ServerOptions {
        setup: s.clone(),
        addr: "127.0.0.1:0".parse().unwrap(),
        journal: Some(journal.clone()),
        save: None,
    })
    .unwrap();
    let at = server.addr;
    let mut clients = vec![
        client(at, play("Ada"), Some(Bot::Greedy)),
        client(at, play("Bo"), Some(Bot::Planner)),
        client(at, Hello::Watch { name: "Cy".into() }, None),
    ];
    run(&mut server, &mut clients, |s, cs| {
        s.is_over() && cs.iter().all(Client::is_over)
    });
    assert!(server.actions() > 20, "{} actions", server.actions());
    let save = server.save_text();
    for c in &mut clients {
        assert_eq!(c.mismatched, 0);
        assert!(c.matched >= 6, "{} checkpoints matched", c.matched);
        assert_eq!(c.save_text().as_deref(), Some(save.as_str()));
    }
    // The journal is a finished game's log: it replays to the same save.
    let log = Log::read(&journal).unwrap();
    let setup = log.setup(s.rules.clone(), &s.rules_hash).unwrap();
    let mut replayed = replay(&log, &setup).unwrap();
    assert_eq!(save_text(&mut replayed), save);
    std::fs::remove_dir_all(dir).ok();
}
