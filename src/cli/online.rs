//! `aeternus serve` and `aeternus join`: the command line over online play
//! (`aeternus_net`): a headless server, and headless clients (a bot playing a seat, or a
//! spectator).

use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;

use super::shared::{RulesArg, SaveArg, SeatArgs};
use aeternus_core::headless::Fault;
use aeternus_core::play::{Bot, default_seats};
use aeternus_core::sim::format::Seat;
use aeternus_core::sim::game::{self, Setup};
use aeternus_core::sim::{LoadedRules, MAX_PHASES, load_rules_text};
use aeternus_net::client::{Client, ClientOptions};
use aeternus_net::protocol::{Hello, LobbyWord, Role, SeatKey};
use aeternus_net::server::{Server, ServerOptions};

/// The port a server listens on unless `--port` says otherwise.
pub const DEFAULT_PORT: u16 = 7878;
/// How long a server goes on after the game's end so its clients hear the last of it.
const LINGER: Duration = Duration::from_secs(5);
/// How long a client waits to be let in.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);
/// A frame of a headless server or client.
const FRAME: Duration = Duration::from_millis(2);
/// The wait between a headless client's steps while others play.
const IDLE: Duration = Duration::from_millis(100);

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The UDP port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Play the first person's seat in the game's window on this machine, the server in this
    /// process (the title's Host).
    #[arg(long, conflicts_with_all = ["rooms", "resume"])]
    pub host: bool,
    /// Let spectators' windows show every site some faction knows (else what the seat to act
    /// knows).
    #[arg(long)]
    pub spectators_see_all: bool,
    /// The address to listen on (default: every interface).
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: std::net::IpAddr,
    /// World seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Who plays each seat: `human` seats wait for people who join, bot seats play on the
    /// server (default: every seat human).
    #[command(flatten)]
    pub seats: SeatArgs,
    /// The game's length in phases, 1 to 1000000 (default: the rules' `play.goal.phases`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_PHASES as i64))]
    pub phases: Option<u32>,
    /// Serve this many games side by side, on consecutive ports from `--port`, seeds from
    /// `--seed` (1 to 64).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub rooms: u32,
    /// How long a seat may take over a turn, 1 to 86400 seconds, before the server ends it
    /// (default: no limit).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub turn_seconds: Option<u64>,
    /// The journal: the game's log, a line written as each action is played.
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
    /// Go on with the unfinished game of a killed server's journal (its seed and seats win);
    /// the journal goes on in the same file unless `--journal` names another.
    #[arg(long, value_name = "JOURNAL")]
    pub resume: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Another ruleset the host may choose in the lobby (`aeternus`, a mod's folder or a rule
    /// file; repeatable). The default rules and the installed mods' are offered too.
    #[arg(long = "offer", value_name = "RULES")]
    pub offers: Vec<String>,
    #[command(flatten)]
    pub save: SaveArg,
}

#[derive(Args, Debug, Clone)]
pub struct JoinArgs {
    /// The server: `HOST:PORT`.
    pub addr: String,
    /// The name the table knows you by (1 to 32 bytes).
    #[arg(long, default_value = "player")]
    pub name: String,
    /// Watch the game instead of playing a seat.
    #[arg(long)]
    pub spectate: bool,
    /// With `--spectate`: no window.
    #[arg(long, requires = "spectate")]
    pub headless: bool,
    /// Play the seat with this bot, headless.
    #[arg(long, value_name = "KIND", conflicts_with = "spectate", value_parser = super::shared::bot_values())]
    pub bot: Option<Bot>,
    /// Keep the seat's key in FILE: a key there takes its seat back (after a restart of this
    /// client or of the server), and the key the server gives is written there.
    #[arg(long, value_name = "FILE", conflicts_with = "spectate")]
    pub key_file: Option<PathBuf>,
    /// As the host (the first to take a seat), start the game at once: the seats nobody took go
    /// to greedy bots.
    #[arg(long, conflicts_with = "spectate")]
    pub start: bool,
    /// As the host, choose the game's length before it starts (1 to 1,000,000 phases).
    #[arg(long = "phases", value_name = "PHASES", conflicts_with = "spectate",
          value_parser = clap::value_parser!(u32).range(1..=MAX_PHASES as i64))]
    pub length: Option<u32>,
    /// As the host, choose the rules before the game starts: the name of a ruleset the server
    /// offers (the lobby lists them).
    #[arg(
        long = "choose-rules",
        value_name = "NAME",
        conflicts_with = "spectate"
    )]
    pub choose_rules: Option<String>,
    /// Play only these rules (`aeternus`, a mod's folder or a rule file): a server of others
    /// refuses the client, saying so (default: the server's, which it sends).
    #[arg(long = "rules", value_name = "RULES")]
    pub rules: Option<String>,
    #[command(flatten)]
    pub save: SaveArg,
}

/// The rulesets a server offers its host: `--rules` first (the game's until the host chooses),
/// then each `--offer`, the installed mods' Aeternus rules and the default, each once (by the
/// hash of its text), at most `server::MAX_OFFERS`.
fn offers(args: &ServeArgs) -> Result<Vec<LoadedRules>, Fault> {
    let most = aeternus_net::server::MAX_OFFERS;
    if 1 + args.offers.len() > most {
        return Err(Fault::BadInput(format!(
            "--offer: a server offers at most {most} rulesets"
        )));
    }
    let mut offers: Vec<LoadedRules> = Vec::new();
    let mut add = |o: LoadedRules| {
        if !offers.iter().any(|k| k.hash == o.hash) {
            offers.push(o);
        }
    };
    add(load_rules_text(&args.rules.name)?);
    for offer in &args.offers {
        add(load_rules_text(offer).map_err(|e| Fault::BadInput(format!("--offer: {e}")))?);
    }
    let installed = aeternus_core::mods::installed(&aeternus_core::mods::install_folders());
    for (folder, _) in installed {
        if folder.join("rules/aeternus.ron").is_file()
            && let Ok(o) = load_rules_text(&folder.to_string_lossy())
        {
            add(o);
        }
    }
    add(load_rules_text("aeternus")?);
    offers.truncate(most);
    Ok(offers)
}

/// The seats of a served game: `--seats` as given (people and bots), else every seat a person's.
fn served_seats(args: &ServeArgs, rules: &aeternus_core::rules::Rules) -> Result<Vec<Seat>, Fault> {
    let n = args.seats.count().unwrap_or_else(|| default_seats(rules));
    let table = args
        .seats
        .table(n, false, aeternus_core::sim::MAX_PLAYERS)?;
    Ok(game::seats_of(rules, &table))
}

/// `aeternus serve`: one room, or `--rooms N` side by side in this process, each a server of
/// its own on its own port.
pub fn run_serve(
    args: &ServeArgs,
    listening: Option<std::sync::mpsc::Sender<SocketAddr>>,
) -> Result<(), Fault> {
    let offers = offers(args)?;
    let (mut rules, rules_hash) = (offers[0].rules.clone(), offers[0].hash.clone());
    if let Some(p) = args.phases {
        rules.play.goal.phases = p;
    }
    let seats = served_seats(args, &rules)?;
    if args.rooms > 1 && args.resume.is_some() {
        return Err(Fault::BadInput(
            "--resume: resumes one room; serve each room's journal on its own".into(),
        ));
    }
    // Every room's port first, so a bad range is refused before any socket opens.
    let ports: Vec<u16> = (0..args.rooms)
        .map(|i| match args.port {
            0 => Ok(0),
            p => p.checked_add(i as u16).ok_or_else(|| {
                Fault::BadInput(format!(
                    "--rooms {}: the ports from {p} pass 65535",
                    args.rooms
                ))
            }),
        })
        .collect::<Result<_, _>>()?;
    let mut rooms = Vec::new();
    for (i, port) in (0u32..).zip(ports) {
        let named = |f: &Option<PathBuf>| f.as_ref().map(|f| room_file(f, i, args.rooms));
        let mut server = Server::new(ServerOptions {
            setup: Setup {
                rules: rules.clone(),
                rules_hash: rules_hash.clone(),
                seed: args.seed.wrapping_add(u64::from(i)),
                seats: seats.clone(),
                veil: None,
            },
            offers: offers.clone(),
            addr: SocketAddr::new(args.bind, port),
            journal: named(&args.journal.clone().or_else(|| args.resume.clone())),
            save: named(&args.save.file),
            grace: aeternus_net::server::GRACE,
            turn_clock: args.turn_seconds.map(Duration::from_secs),
            resume: args.resume.clone(),
        })?;
        server.let_spectators_see_all(args.spectators_see_all);
        eprintln!("serving on {}", server.addr);
        if let Some(tell) = &listening {
            tell.send(server.addr).ok();
        }
        rooms.push(server);
    }
    let mut ended: Option<Instant> = None;
    loop {
        for (i, server) in rooms.iter_mut().enumerate() {
            server.step()?;
            for told in server.told.drain(..) {
                eprintln!("room {i}: {told}");
            }
        }
        if rooms.iter().all(Server::is_over) {
            let at = *ended.get_or_insert_with(Instant::now);
            if at.elapsed() > LINGER {
                break;
            }
        }
        std::thread::sleep(FRAME);
    }
    for (i, server) in rooms.iter().enumerate() {
        eprintln!(
            "room {i}: the game is over after {} actions",
            server.actions()
        );
    }
    let mut times: Vec<Duration> = rooms.iter().flat_map(|r| r.intent_times.clone()).collect();
    times.sort_unstable();
    if let (Some(p50), Some(p99)) = (
        times.get(times.len() / 2),
        times.get(times.len() * 99 / 100),
    ) {
        eprintln!(
            "{} intents played: from the frame that took one to its action sent, median {p50:?}, 99th percentile {p99:?}",
            times.len()
        );
    }
    Ok(())
}

/// A room's file: `FILE` for one room, `STEM-room-I.EXT` for each of several.
fn room_file(file: &std::path::Path, i: u32, rooms: u32) -> PathBuf {
    if rooms == 1 {
        return file.to_path_buf();
    }
    let stem = file
        .file_stem()
        .map_or("room".into(), |s| s.to_string_lossy());
    let name = match file.extension() {
        Some(ext) => format!("{stem}-room-{i}.{}", ext.to_string_lossy()),
        None => format!("{stem}-room-{i}"),
    };
    file.with_file_name(name)
}

/// `aeternus join`: as a bot or a spectator without a window, or in the game's window (a person
/// playing their seat, or a spectator watching).
pub fn run_join(
    args: &JoinArgs,
    window: impl FnOnce(Client, aeternus_core::save::SaveGame) -> Result<(), Fault>,
) -> Result<(), Fault> {
    let server = resolve(&args.addr)?;
    let insist = match &args.rules {
        Some(r) => Some(
            load_rules_text(r)
                .map_err(|e| Fault::BadInput(format!("--rules: {e}")))?
                .hash,
        ),
        None => None,
    };
    let name = aeternus_net::protocol::checked_name(&args.name)
        .map_err(|e| Fault::BadInput(format!("--name: {e}")))?;
    let key = match &args.key_file {
        Some(path) if path.exists() => Some(read_key(path)?),
        _ => None,
    };
    let hello = match args.spectate {
        true => Hello::Watch { name },
        false => Hello::Play { name, key },
    };
    let mut client = Client::new(ClientOptions {
        server,
        hello,
        insist,
        bot: args.bot,
    })?;
    let mut joining = Joining {
        server,
        start: Instant::now(),
        key_file: args.key_file.clone(),
        kept: key,
        seated: false,
        start_now: args.start,
        length: args.length,
        choose_rules: args.choose_rules.clone(),
    };
    if !(args.headless || args.bot.is_some()) {
        return join_in_window(client, joining, window);
    }
    // A client steps every `FRAME` while its seat is to act or its intents are in flight, and
    // otherwise every `IDLE` (what others played meanwhile is played in one step), so many
    // of them share a machine.
    while !client.is_over() {
        client.step()?;
        joining.check(&mut client)?;
        let busy = client.in_flight() > 0 || client.to_act();
        std::thread::sleep(if busy { FRAME } else { IDLE });
    }
    eprintln!(
        "the game is over: {} checkpoints matched, {} did not",
        client.matched, client.mismatched
    );
    if let (Some(path), Some(text)) = (&args.save.file, client.save_text()) {
        aeternus_core::save::write_atomic(path, &text)
            .map_err(|e| Fault::Io(format!("{}: cannot write the save: {e}", path.display())))?;
    }
    Ok(())
}

/// A client on its way in: refused, timed out, or given a seat key to keep.
struct Joining {
    server: SocketAddr,
    start: Instant,
    key_file: Option<PathBuf>,
    kept: Option<SeatKey>,
    /// Whether the lobby has heard this seat is ready.
    seated: bool,
    /// `--start`: the host starts the game once seated.
    start_now: bool,
    /// `--phases`: the game's length the host chooses.
    length: Option<u32>,
    /// `--choose-rules`: the ruleset the host chooses, by name, once the lobby lists them.
    choose_rules: Option<String>,
}

impl Joining {
    /// After a step: fails when the server refused the client or did not let it in in time;
    /// keeps a new seat key; prints a later refusal.
    fn check(&mut self, client: &mut Client) -> Result<(), Fault> {
        let server = self.server;
        if client.role.is_none() && self.start.elapsed() > CONNECT_TIMEOUT {
            return Err(Fault::Io(format!(
                "{server}: not let in within {CONNECT_TIMEOUT:?} (no server there, or one of another version or rules)"
            )));
        }
        if let Some(r) = client.refusals.pop() {
            if client.role.is_none() {
                // Not let in: the reason is the answer.
                return Err(Fault::BadInput(format!(
                    "{server}: the server refused: {r}"
                )));
            }
            eprintln!("the server refused: {r}");
        }
        if matches!(client.role, Some(Role::Seat { .. })) && !self.seated {
            // A player who joined is ready; the host may start at once.
            self.seated = true;
            client.say(LobbyWord::Ready(true));
            if let Some(p) = self.length {
                client.say(LobbyWord::Phases(p));
            }
        }
        // The host starts the game once its choice of rules is said.
        if self.seated && self.choose(client)? && std::mem::take(&mut self.start_now) {
            client.say(LobbyWord::Start);
        }
        if let (Some(path), Some(Role::Seat { key, .. })) = (&self.key_file, client.role)
            && self.kept != Some(key)
        {
            write_key(path, key)?;
            self.kept = Some(key);
        }
        Ok(())
    }
}

impl Joining {
    /// `--choose-rules`: says the host's choice once the lobby lists the offers; whether it is
    /// said (or nothing is to be chosen). A name the server does not offer is refused, listing
    /// those it does.
    fn choose(&mut self, client: &mut Client) -> Result<bool, Fault> {
        let Some(name) = &self.choose_rules else {
            return Ok(true);
        };
        let Some(table) = client.lobby().1.filter(|t| !t.offers.is_empty()) else {
            return Ok(false);
        };
        let Some(i) = table.offers.iter().position(|o| o == name) else {
            return Err(Fault::BadInput(format!(
                "--choose-rules: the server offers {}; not {name:?}",
                table.offers.join(", ")
            )));
        };
        client.say(LobbyWord::Rules(i as u32));
        self.choose_rules = None;
        Ok(true)
    }
}

/// Joins in the game's window: once welcomed (and shown the sites known so far), `window` opens
/// the game as the client built it and plays on from there (the window's wiring lives above
/// the command line: `crate::online`).
fn join_in_window(
    mut client: Client,
    mut joining: Joining,
    window: impl FnOnce(Client, aeternus_core::save::SaveGame) -> Result<(), Fault>,
) -> Result<(), Fault> {
    let save = loop {
        client.receive()?;
        joining.check(&mut client)?;
        if let Some(save) = client.hand_over() {
            break save;
        }
        std::thread::sleep(FRAME);
    };
    window(client, save)
}

/// The most bytes a key file holds: a key's 16 hex digits and a line's end, with room to spare.
const MAX_KEY_FILE: u64 = 64;

/// The seat key kept in `path`: 16 hex digits (a line's end allowed), or why not, naming the
/// file.
fn read_key(path: &std::path::Path) -> Result<SeatKey, Fault> {
    let bad = |why: String| Fault::BadInput(format!("{}: --key-file: {why}", path.display()));
    let text = aeternus_core::capped::read_capped(path, MAX_KEY_FILE).map_err(bad)?;
    let digits = text.trim_end_matches(['\n', '\r']);
    if digits.len() != 16 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad(format!(
            "holds {:?}; a seat key is 16 hex digits",
            digits.chars().take(20).collect::<String>()
        )));
    }
    u64::from_str_radix(digits, 16)
        .map(SeatKey)
        .map_err(|e| bad(e.to_string()))
}

/// Keeps `key` in `path`, written whole (readable by its owner alone where the system says so).
pub fn write_key(path: &std::path::Path, key: SeatKey) -> Result<(), Fault> {
    let io = |e: std::io::Error| Fault::Io(format!("{}: --key-file: {e}", path.display()));
    aeternus_core::save::write_atomic(path, &format!("{:016x}\n", key.0)).map_err(io)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).map_err(io)?;
    }
    Ok(())
}

/// `HOST:PORT` as an address, or why not.
fn resolve(addr: &str) -> Result<SocketAddr, Fault> {
    let bad = |why: String| Fault::BadInput(format!("join: the server `{addr}`: {why}"));
    let mut found = addr.to_socket_addrs().map_err(|e| bad(e.to_string()))?;
    found.next().ok_or_else(|| bad("names no address".into()))
}
