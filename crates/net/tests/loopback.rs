//! Online games on real sockets (UDP on 127.0.0.1, any free port), each within a time limit.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use aeternus_core::play::Bot;
use aeternus_core::sim::format::Seat;
use aeternus_core::sim::game::save_text;
use aeternus_core::sim::game::{Setup, seat_faction};
use aeternus_core::sim::replay::{Log, replay};
use aeternus_core::sim::{LoadedRules, load_rules, load_rules_text};
use aeternus_net::client::{Client, ClientOptions};
use aeternus_net::protocol::{Hello, Role, SeatKey};
use aeternus_net::server::{GRACE, Server, ServerOptions};

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
        veil: None,
    }
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("aeternus-net-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The rulesets a test server offers: the default's alone.
fn offers() -> Vec<LoadedRules> {
    vec![load_rules_text("aeternus").unwrap()]
}

fn client(server: SocketAddr, hello: Hello, bot: Option<Bot>) -> Client {
    Client::new(ClientOptions {
        server,
        hello,
        insist: None,
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

/// Steps the server and the clients until `done` (which may read a client's lobby), failing
/// past [`LIMIT`].
fn run(server: &mut Server, clients: &mut [Client], done: impl Fn(&Server, &mut [Client]) -> bool) {
    let start = Instant::now();
    while !done(server, clients) {
        assert!(
            start.elapsed() < LIMIT,
            "the game took over {LIMIT:?}: {} actions; {:?}; {:?}; the table as a client sees it: {:?}",
            server.actions(),
            clients.iter().map(Client::progress).collect::<Vec<_>>(),
            server.told,
            clients.first_mut().map(|c| c.lobby())
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
        journal: Some(journal.clone()),
        ..options(&s)
    })
    .unwrap();
    let at = server.addr;
    let mut clients = vec![
        client(at, play("Ada"), Some(Bot::GREEDY)),
        client(at, play("Bo"), Some(Bot::PLANNER)),
        client(at, Hello::Watch { name: "Cy".into() }, None),
    ];
    // The lobby reaches the spectator: who took each seat, and the server's bot.
    let named = |c: &mut Client| {
        let (seats, table) = c.lobby();
        let names: Vec<Option<String>> = seats.iter().map(|s| s.name.clone()).collect();
        let mut people: Vec<String> = names.iter().flatten().cloned().collect();
        people.sort();
        people == ["Ada", "Bo"]
            && seats.len() == 3
            && seats[2].kind == "greedy"
            && table.is_some_and(|t| t.started)
    };
    run(&mut server, &mut clients, |_, cs| named(&mut cs[2]));
    // A spectator who comes late replays the sites as they were shown: its game is the
    // others' at the last checkpoint before it came and at every one after.
    // A spectator who comes once sites were shown since the last checkpoint replays the
    // game's sites as they came (the server keeps which action each came before), so its game
    // is the others' at that checkpoint and at every one after.
    let shown = |c: &mut Client| {
        c.peer_save()
            .and_then(|s| s.veil)
            .map_or(0, |v| v.shown.len())
    };
    let (checked, at_checkpoint) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
    run(&mut server, &mut clients, |_, cs| {
        let n = shown(&mut cs[2]);
        if cs[2].matched != checked.get() {
            checked.set(cs[2].matched);
            at_checkpoint.set(n);
        }
        checked.get() > 0 && n > at_checkpoint.get()
    });
    clients.push(client(at, Hello::Watch { name: "Di".into() }, None));
    run(&mut server, &mut clients, |s, cs| {
        s.is_over() && cs.iter().all(Client::is_over)
    });
    assert!(server.actions() > 20, "{} actions", server.actions());
    assert!(
        !clients[2].sees_all(),
        "by default a spectator sees what the seat to act knows"
    );
    let save = server.save_text();
    for (i, c) in clients.iter_mut().enumerate() {
        assert_eq!(c.mismatched, 0, "client {i}");
        let least = if i >= 3 { 1 } else { 6 };
        assert!(c.matched >= least, "{} checkpoints matched", c.matched);
        assert_eq!(c.save_text().as_deref(), Some(save.as_str()));
    }
    // The journal is a finished game's log: it replays to the same save.
    let log = Log::read(&journal).unwrap();
    let setup = log.setup(s.rules.clone(), &s.rules_hash).unwrap();
    let mut replayed = replay(&log, &setup).unwrap();
    assert_eq!(save_text(&mut replayed), save);
    std::fs::remove_dir_all(dir).ok();
}

/// A server of `s` on any free port of 127.0.0.1, offering the default rules, with no journal.
fn options(s: &Setup) -> ServerOptions {
    ServerOptions {
        setup: s.clone(),
        offers: offers(),
        addr: "127.0.0.1:0".parse().unwrap(),
        journal: None,
        save: None,
        grace: GRACE,
        turn_clock: None,
        resume: None,
    }
}

fn serve(s: &Setup, grace: Duration) -> Server {
    Server::new(ServerOptions {
        grace,
        ..options(s)
    })
    .unwrap()
}

fn key_of(c: &Client) -> SeatKey {
    match c.role {
        Some(Role::Seat { key, .. }) => key,
        other => panic!("not seated: {other:?}"),
    }
}

#[test]
fn a_client_that_drops_rejoins_with_its_key_and_loses_nothing() {
    let s = setup(&["human", "greedy"], 5, 12);
    let mut server = serve(&s, GRACE);
    let at = server.addr;
    let mut clients = vec![client(at, play("Ada"), Some(Bot::GREEDY))];
    run(&mut server, &mut clients, |s, _| s.actions() > 15);
    let key = key_of(&clients[0]);
    clients[0].leave();
    let gone = clients.pop().unwrap();
    drop(gone);
    // Another client without the key finds no free seat.
    let mut stranger = vec![client(at, play("Eve"), Some(Bot::GREEDY))];
    run(&mut server, &mut stranger, |_, cs| {
        !cs[0].refusals.is_empty()
    });
    assert!(
        stranger[0].refusals[0].contains("every seat is taken"),
        "{:?}",
        stranger[0].refusals
    );
    let hello = Hello::Play {
        name: "Ada".into(),
        key: Some(key),
    };
    let mut back = vec![client(at, hello, Some(Bot::GREEDY))];
    run(&mut server, &mut back, |s, cs| {
        s.is_over() && cs[0].is_over()
    });
    assert_eq!(key_of(&back[0]), key);
    assert_eq!(back[0].mismatched, 0);
    assert_eq!(back[0].save_text(), Some(server.save_text()));
}

/// A client that stops reading (its process hung: never stepped again) costs only itself: the
/// server drops it when netcode hears nothing from it, a greedy bot plays its seat after the
/// grace period, and the game ends for the others, alike.
#[test]
fn a_client_that_never_reads_costs_only_itself() {
    let s = setup(&["human", "human", "greedy"], 4, 19);
    let mut server = serve(&s, Duration::from_millis(500));
    let at = server.addr;
    let mut clients = vec![
        client(at, play("Ada"), Some(Bot::GREEDY)),
        client(at, play("Hung"), Some(Bot::GREEDY)),
    ];
    run(&mut server, &mut clients, |s, _| s.actions() > 5);
    // From now on the second client is never stepped: it reads nothing and answers nothing.
    let hung = clients.pop().unwrap();
    run(&mut server, &mut clients, |s, cs| {
        s.is_over() && cs[0].is_over()
    });
    assert!(
        (server.told.iter()).any(|t| t.contains("a greedy bot plays it")),
        "{:?}",
        server.told
    );
    assert_eq!(clients[0].mismatched, 0);
    assert_eq!(clients[0].save_text(), Some(server.save_text()));
    drop(hung);
}

#[test]
fn hostile_intents_cost_only_their_sender() {
    use aeternus_core::play::{Action, PlayerId};
    use aeternus_net::protocol::Intent;
    let s = setup(&["human", "human"], 4, 13);
    // Bo's seat goes to a bot soon after the flood costs him his connection.
    let mut server = serve(&s, Duration::from_millis(200));
    let at = server.addr;
    let mut clients = vec![
        client(at, play("Ada"), Some(Bot::GREEDY)),
        client(at, play("Bo"), None),
        client(at, Hello::Watch { name: "Cy".into() }, None),
    ];
    run(&mut server, &mut clients, |_, cs| {
        cs.iter().all(|c| c.role.is_some())
    });
    let bo = match clients[1].role {
        Some(Role::Seat { player, .. }) => player,
        _ => panic!("Bo is seated"),
    };
    let other = 1 - bo;
    // For another seat, and from a spectator: refused, never played.
    clients[1].send(Intent(Action::EndTurn {
        player: PlayerId(other),
    }));
    clients[2].send(Intent(Action::EndTurn {
        player: PlayerId(bo),
    }));
    run(&mut server, &mut clients, |_, cs| {
        !cs[1].refusals.is_empty() && !cs[2].refusals.is_empty()
    });
    assert!(
        clients[1].refusals[0].contains(&format!("you play seat {bo}")),
        "{:?}",
        clients[1].refusals
    );
    assert!(
        clients[2].refusals[0].contains("a spectator plays no seat"),
        "{:?}",
        clients[2].refusals
    );
    // Bo plays his seat by hand: an end of turn whenever it is his turn, and a flood once.
    for _ in 0..100 {
        clients[1].send(Intent(Action::EndTurn {
            player: PlayerId(bo),
        }));
    }
    run(&mut server, &mut clients, |s, _| s.is_over());
    assert!(
        server
            .told
            .iter()
            .any(|t| t.contains("more intents in a frame")),
        "{:?}",
        server.told
    );
    // The flood cost Bo his connection; the game went on and ended for the others.
    assert!(!clients[1].is_connected());
    run(&mut server, &mut clients[..1], |_, cs| cs[0].is_over());
    assert_eq!(clients[0].save_text(), Some(server.save_text()));
}

#[test]
fn a_client_of_other_rules_is_refused_at_connect() {
    let s = setup(&["human"], 2, 14);
    let mut server = serve(&s, GRACE);
    let mut other = Client::new(ClientOptions {
        server: server.addr,
        hello: play("Mal"),
        insist: Some("fnv1a64:0000000000000000".into()),
        bot: Some(Bot::GREEDY),
    })
    .unwrap();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(3) {
        server.step().unwrap();
        other.step().unwrap();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(other.role.is_none(), "let in with other rules");
    assert!(
        other
            .refusals
            .iter()
            .any(|r| r.contains("the server plays rules")),
        "{:?}",
        other.refusals
    );
    assert_eq!(server.actions(), 0);
}

/// Plays `s` with two bot clients from the start; `kill_after`: the server is dropped once it
/// has played that many actions and a new one resumes from its journal, the clients coming
/// back to it. Returns the final save.
fn game_with_a_kill(s: &Setup, kill_after: Option<usize>, name: &str) -> String {
    let dir = folder(name);
    let journal = dir.join("game.jsonl");
    let resuming = |resume: Option<PathBuf>| ServerOptions {
        journal: Some(journal.clone()),
        resume,
        ..options(s)
    };
    let mut server = Server::new(resuming(None)).unwrap();
    let at = server.addr;
    let mut clients = vec![
        client(at, play("Ada"), Some(Bot::GREEDY)),
        client(at, play("Bo"), Some(Bot::PLANNER)),
    ];
    if let Some(n) = kill_after {
        run(&mut server, &mut clients, |s, _| s.actions() >= n);
        drop(server);
        server = Server::new(resuming(Some(journal.clone()))).unwrap();
        assert!(server.actions() >= n);
        for c in &mut clients {
            c.reconnect(server.addr).unwrap();
        }
    }
    run(&mut server, &mut clients, |s, cs| {
        s.is_over() && cs.iter().all(Client::is_over)
    });
    let save = server.save_text();
    for c in &mut clients {
        assert_eq!(c.mismatched, 0);
        assert_eq!(c.save_text().as_deref(), Some(save.as_str()));
    }
    let log = Log::read(&journal).unwrap();
    assert!(log.end.is_some());
    let setup = log.setup(s.rules.clone(), &s.rules_hash).unwrap();
    assert_eq!(save_text(&mut replay(&log, &setup).unwrap()), save);
    std::fs::remove_dir_all(dir).ok();
    save
}

#[test]
fn a_killed_server_resumed_from_its_journal_finishes_the_same_game() {
    let mut s = setup(&["human", "greedy", "human"], 6, 15);
    // Each server draws its own salt unless given one: the same salt, the same sites.
    s.veil = Some(aeternus_core::sites::Veil::salted(15));
    let whole = game_with_a_kill(&s, None, "whole");
    let resumed = game_with_a_kill(&s, Some(25), "killed");
    assert_eq!(resumed, whole);
}

#[test]
fn a_client_whose_game_differs_takes_the_servers_snapshot() {
    use aeternus_core::play::{Action, PlayerId};
    let s = setup(&["human", "greedy"], 5, 16);
    let mut server = serve(&s, GRACE);
    let at = server.addr;
    let mut clients = vec![
        client(at, play("Ada"), Some(Bot::GREEDY)),
        client(at, Hello::Watch { name: "Cy".into() }, None),
    ];
    run(&mut server, &mut clients, |s, _| s.actions() > 10);
    // The spectator's game takes a step nobody took.
    clients[1].play_stray(Action::EndTurn {
        player: PlayerId(1),
    });
    run(&mut server, &mut clients, |s, cs| {
        s.is_over() && cs.iter().all(Client::is_over)
    });
    assert!(clients[1].mismatched >= 1);
    assert!(clients[1].resynced >= 1);
    let save = server.save_text();
    for c in &mut clients {
        assert_eq!(c.save_text().as_deref(), Some(save.as_str()));
    }
}

/// What an action costs on the wire: the `Ran` message's payload (postcard) with the sites shown
/// as it ran, over a 100-phase veiled game of four greedy bots, streamed as the server streams
/// it (the sites shown before the first action go with the welcome). The target is 16 bytes an
/// action on average.
#[test]
fn a_played_action_takes_a_few_bytes() {
    use aeternus_core::play::GameOver;
    use aeternus_core::sim::format::Line;
    use aeternus_core::sim::game;
    use aeternus_core::sites::Veil;
    use aeternus_core::sites::shown::newly_shown;
    use aeternus_net::protocol::Ran;
    let (rules, rules_hash) = load_rules("aeternus").unwrap();
    let s = Setup {
        seats: game::seats(&rules, &[Bot::GREEDY; 4]),
        veil: Some(Veil::salted(0x5eed)),
        rules,
        rules_hash,
        seed: 1,
    };
    let mut app = s.app(true);
    let at_welcome = newly_shown(app.world_mut()).len();
    let (mut actions, mut bytes, mut sites) = (0usize, 0usize, 0usize);
    let mut shown = Vec::new();
    while app.world().get_resource::<GameOver>().is_none() {
        app.update();
        shown.extend(newly_shown(app.world_mut()));
        for line in game::take_lines(&mut app) {
            let Line::Action(a) = line else { continue };
            let Some(action) = a.action(&s.rules).unwrap() else {
                continue;
            };
            let ran = Ran {
                index: actions as u32,
                action,
                shown: std::mem::take(&mut shown),
                phases: (actions == 0).then_some(100),
            };
            sites += ran.shown.len();
            let mut out = Vec::new();
            bevy_replicon::postcard_utils::to_extend_mut(&ran, &mut out).unwrap();
            bytes += out.len();
            actions += 1;
        }
    }
    let mean = bytes as f64 / actions as f64;
    println!(
        "{actions} actions, {bytes} bytes, {mean:.2} bytes an action; {sites} sites shown in the stream, {at_welcome} with the welcome"
    );
    assert!(sites > 0, "sites are shown as the game goes");
    assert!(mean <= 16.0, "{mean} bytes an action");
}

#[test]
fn the_turn_clock_ends_a_turn_that_runs_out() {
    let s = setup(&["human", "greedy"], 3, 17);
    let mut server = Server::new(ServerOptions {
        turn_clock: Some(Duration::from_millis(30)),
        ..options(&s)
    })
    .unwrap();
    // A person who never acts.
    let mut clients = vec![client(server.addr, play("Idle"), None)];
    run(&mut server, &mut clients, |s, cs| {
        s.is_over() && cs.iter().all(Client::is_over)
    });
    let ran_out = (server.told.iter())
        .filter(|t| t.contains("seat 0: its turn ran out"))
        .count();
    assert_eq!(ran_out, 3, "{:?}", server.told);
    assert_eq!(clients[0].save_text(), Some(server.save_text()));
}

/// Resident memory of this process, in bytes (Linux; 0 elsewhere).
fn resident() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = (statm.split_whitespace().nth(1))
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

fn p99(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times
        .get(times.len().saturating_sub(1) * 99 / 100)
        .copied()
        .unwrap_or_default()
}

/// Steps every room and client once a round until `done`; returns the time taken.
fn soak_rounds(
    rooms: &mut [Server],
    clients: &mut [Client],
    done: impl Fn(&[Server]) -> bool,
) -> Duration {
    let start = Instant::now();
    while !done(rooms) {
        for r in rooms.iter_mut() {
            r.step().unwrap();
        }
        for c in clients.iter_mut() {
            c.step().unwrap();
        }
    }
    start.elapsed()
}

/// The soak run (`cargo test --test loopback soak -- --ignored --nocapture`; every server and
/// client in this one thread): one server with 8 remote bots and 2 spectators (one late) over
/// 5,000 actions, then 50 rooms of 4 remote bots at once. Prints actions a second, the 99th
/// percentile of an intent's round trip, and memory a room.
#[test]
#[ignore]
fn soak() {
    let humans = ["human"; 8];
    let s = setup(&humans, 1000, 21);
    let mut room = vec![serve(&s, GRACE)];
    let at = room[0].addr;
    let mut clients: Vec<Client> = (0..8)
        .map(|i| client(at, play(&format!("Bot{i}")), Some(Bot::GREEDY)))
        .collect();
    clients.push(client(
        at,
        Hello::Watch {
            name: "Early".into(),
        },
        None,
    ));
    soak_rounds(&mut room, &mut clients, |r| r[0].actions() >= 2_500);
    clients.push(client(
        at,
        Hello::Watch {
            name: "Late".into(),
        },
        None,
    ));
    let took = soak_rounds(&mut room, &mut clients, |r| r[0].actions() >= 5_000);
    let trips: Vec<Duration> = clients.iter().flat_map(|c| c.round_trips.clone()).collect();
    println!(
        "one room, 8 bots, 2 spectators: {} actions, {:.0} actions/s over the second half, round trip p99 {:?}, on the server intent to broadcast p99 {:?}, mismatches {}",
        room[0].actions(),
        2_500.0 / took.as_secs_f64(),
        p99(trips),
        p99(room[0].intent_times.clone()),
        clients.iter().map(|c| c.mismatched).sum::<u32>()
    );
    drop(clients);
    drop(room);
    let before = resident();
    let s = setup(&["human"; 4], 1000, 22);
    let mut rooms: Vec<Server> = (0..50).map(|_| serve(&s, GRACE)).collect();
    let mut clients: Vec<Client> = (rooms.iter())
        .flat_map(|r| (0..4).map(|i| client(r.addr, play(&format!("B{i}")), Some(Bot::GREEDY))))
        .collect();
    let took = soak_rounds(&mut rooms, &mut clients, |r| {
        r.iter().all(|r| r.actions() >= 200)
    });
    let actions: usize = rooms.iter().map(Server::actions).sum();
    let trips: Vec<Duration> = clients.iter().flat_map(|c| c.round_trips.clone()).collect();
    let on_server: Vec<Duration> = rooms.iter().flat_map(|r| r.intent_times.clone()).collect();
    println!(
        "50 rooms of 4 bots: {actions} actions in {took:?}, {:.0} actions/s, round trip p99 {:?}, on the server intent to broadcast p99 {:?}, {:.1} MB a room (its server and 4 clients)",
        actions as f64 / took.as_secs_f64(),
        p99(trips),
        p99(on_server),
        (resident().saturating_sub(before)) as f64 / 50.0 / 1e6
    );
}

/// Garbage datagrams at the server's port and a hello past the size cap cost nothing but
/// their senders: the game is played to its end for the others.
#[test]
fn malformed_packets_and_oversized_messages_are_dropped() {
    let s = setup(&["human", "greedy"], 3, 18);
    let mut server = serve(&s, GRACE);
    let at = server.addr;
    let huge = Hello::Play {
        name: "x".repeat(4096),
        key: None,
    };
    let mut clients = [
        client(at, huge, Some(Bot::GREEDY)),
        client(at, play("Ada"), Some(Bot::GREEDY)),
    ];
    let noise = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let start = Instant::now();
    while !(server.is_over() && clients[1].is_over()) {
        assert!(start.elapsed() < LIMIT, "{:?}", server.told);
        for _ in 0..8 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (seed >> 33) as usize % 1600;
            let bytes: Vec<u8> = (0..len).map(|i| (seed >> (i % 56)) as u8).collect();
            noise.send_to(&bytes, at).ok();
        }
        server.step().unwrap();
        for c in clients.iter_mut() {
            c.step().unwrap();
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(clients[0].role.is_none(), "the oversized hello was taken");
    assert_eq!(clients[1].save_text(), Some(server.save_text()));
}

/// The lobby's words: a seated player says they are ready (the lobby shows it), the host (the
/// first seated) chooses a game of 2 phases where the server offered 3, a player who is not the
/// host cannot start the game, and the host starts it before every seat is taken: the empty
/// seat goes to a greedy bot and the game of 2 phases is played to its end alike everywhere.
#[test]
fn the_host_starts_the_game_before_every_seat_is_taken() {
    use aeternus_net::protocol::LobbyWord;
    let s = setup(&["human", "human", "human"], 3, 23);
    let mut server = serve(&s, GRACE);
    server.let_spectators_see_all(true);
    let at = server.addr;
    let mut clients = vec![
        client(at, play("Ada"), Some(Bot::GREEDY)),
        client(at, Hello::Watch { name: "Cy".into() }, None),
    ];
    run(&mut server, &mut clients, |_, cs| cs[0].role.is_some());
    clients.push(client(at, play("Bo"), Some(Bot::GREEDY)));
    run(&mut server, &mut clients, |_, cs| cs[2].role.is_some());
    clients[0].say(LobbyWord::Ready(true));
    clients[0].say(LobbyWord::Phases(2));
    clients[2].say(LobbyWord::Start);
    let shown = |c: &mut Client| {
        let (seats, table) = c.lobby();
        seats.len() == 3
            && seats[0].ready
            && seats[0].host
            && !seats[1].host
            && table.is_some_and(|t| !t.started && t.phases == 2)
    };
    run(&mut server, &mut clients, |_, cs| {
        !cs[2].refusals.is_empty()
    });
    assert!(clients[2].refusals[0].contains("only the host"));
    run(&mut server, &mut clients, |_, cs| shown(&mut cs[1]));
    clients[0].say(LobbyWord::Start);
    run(&mut server, &mut clients, |s, cs| {
        s.is_over() && cs.iter().all(Client::is_over)
    });
    assert!(server.told.iter().any(|t| t.contains("the host, started")));
    assert!(
        !server.told.iter().any(|t| t.contains("has not started")),
        "the bots wait for the game to start: {:?}",
        server.told
    );
    assert!(
        clients[1].sees_all(),
        "the server lets spectators see every site"
    );
    let (seats, _) = clients[1].lobby();
    assert_eq!(seats[2].kind, "greedy", "the seat nobody took");
    let save = server.save_text();
    assert!(server.told.iter().any(|t| t.contains("a game of 2 phases")));
    assert!(
        save.contains("end: phases") && save.contains("phase: 2,"),
        "a game of 2 phases"
    );
    for c in &mut clients {
        assert_eq!(c.save_text().as_deref(), Some(save.as_str()));
    }
}

/// The host chooses a mod's rules in the lobby: the clients welcomed on the default rules are
/// welcomed anew on the mod's (their text sent by the server), a client that insists on the
/// default rules is let go with the reason, one who joins after the choice is welcomed on the
/// mod's at once, and the game is played to its end alike everywhere on the mod's rules; its
/// journal names them and replays with them.
#[test]
fn the_host_chooses_a_mods_rules_in_the_lobby() {
    use aeternus_net::protocol::LobbyWord;
    let fire = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/mods/example");
    let fire = load_rules_text(fire).unwrap();
    let dir = folder("rules");
    let journal = dir.join("game.jsonl");
    let s = setup(&["human", "human", "greedy"], 3, 29);
    let mut server = Server::new(ServerOptions {
        offers: vec![load_rules_text("aeternus").unwrap(), fire.clone()],
        journal: Some(journal.clone()),
        ..options(&s)
    })
    .unwrap();
    let at = server.addr;
    let mut stiff = Client::new(ClientOptions {
        server: at,
        hello: Hello::Watch { name: "Di".into() },
        insist: Some(s.rules_hash.clone()),
        bot: None,
    })
    .unwrap();
    let mut clients = vec![
        client(at, play("Ada"), Some(Bot::GREEDY)),
        client(at, Hello::Watch { name: "Cy".into() }, None),
    ];
    let offered = |c: &mut Client| c.lobby().1.is_some_and(|t| t.offers.len() == 2);
    run(&mut server, &mut clients, |_, cs| {
        cs.iter().all(|c| c.setup().is_some()) && offered(&mut cs[0])
    });
    let named = |c: &mut Client| c.lobby().1.map(|t| t.rules);
    assert_eq!(named(&mut clients[0]), Some(s.rules.name.clone()));
    for _ in 0..200 {
        stiff.step().unwrap();
        server.step().unwrap();
        if stiff.role.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(
        stiff.role.is_some(),
        "a client insisting on the game's rules is let in"
    );
    // A ruleset the server does not offer is refused; the one it offers second is taken.
    clients[0].say(LobbyWord::Rules(7));
    clients[0].say(LobbyWord::Rules(1));
    let start = Instant::now();
    while !stiff.refusals.iter().any(|r| r.contains("insists on")) {
        assert!(start.elapsed() < LIMIT, "{:?}", stiff.refusals);
        server.step().unwrap();
        stiff.step().unwrap();
        for c in clients.iter_mut() {
            c.step().unwrap();
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    clients.push(client(at, play("Bo"), Some(Bot::PLANNER)));
    run(&mut server, &mut clients, |s, cs| {
        s.is_over() && cs.iter().all(Client::is_over)
    });
    assert_eq!(named(&mut clients[1]), Some(fire.rules.name.clone()));
    assert!(
        (clients[0].refusals.iter())
            .any(|r| r.contains("offers 2 rulesets, numbered from 0; not 7")),
        "{:?}",
        clients[0].refusals
    );
    let save = server.save_text();
    for c in &mut clients {
        assert_eq!(c.rules_text(), Some(fire.text.as_str()));
        assert_eq!(c.mismatched, 0);
        assert_eq!(c.save_text().as_deref(), Some(save.as_str()));
    }
    let log = Log::read(&journal).unwrap();
    assert_eq!(log.game.rules_hash, fire.hash);
    assert_eq!(log.game.phases, 3, "the game's length is kept");
    let setup = log.setup(fire.rules.clone(), &fire.hash).unwrap();
    let mut replayed = replay(&log, &setup).unwrap();
    assert_eq!(save_text(&mut replayed), save);
    std::fs::remove_dir_all(dir).ok();
}
