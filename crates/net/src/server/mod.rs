//! The authoritative server: the game's app (the same rules pipeline and bots as a local game)
//! beside a network app. A frame: take the network's messages, seat the clients who said hello,
//! check each intent (the sender's seat, the turn), feed the accepted ones to the pipeline, run
//! a frame of the game, journal every line it recorded and broadcast every action it played,
//! with the sites shown in that frame, and a checkpoint of the digest when the phase turns.
//! The game is veiled: the server alone knows its salt (kept in the journal's game line).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy_replicon::prelude::*;

use aeternus_core::headless::Fault;
use aeternus_core::play::{Action, Bot, GameOver, Phase, PlayerId, SeatKind, seat_bot, to_act_now};
use aeternus_core::save::digest::{digest, peer_save};
use aeternus_core::sim::format::{GameLine, Line};
use aeternus_core::sim::game::{self, Setup};
use aeternus_core::sim::replay::{Log, replay_keeping};
use aeternus_core::sim::{LoadedRules, MAX_PHASES};
use aeternus_core::sites::shown::newly_shown;
use aeternus_core::sites::{ShownSite, Veil};
use aeternus_core::world::plugin::HexWorld;

use crate::lobby::{SeatView, TableView};
use crate::protocol::{
    Checkpoint, Credentials, Denied, Desync, Hello, Intent, LobbyWord, MAX_RULES_TEXT,
    MAX_SNAPSHOT, RULES_PART, Ran, Role, RulesPart, SHOWN_PART, SNAPSHOT_PART, SeatKey, Shown,
    SnapshotPart, Welcome, checked_name, refuse_rules,
};
use crate::transport;

mod journal;
mod lobby;

use journal::{Journal, Resumed};
use lobby::check_offers;

/// The most intents a client may send in one frame; past it the client is disconnected.
pub const MAX_INTENTS_A_FRAME: usize = 32;

/// What a server is asked to run.
pub struct ServerOptions {
    pub setup: Setup,
    /// The rulesets the host may choose in the lobby, the setup's among them (its text is what
    /// the clients are sent); at most [`MAX_OFFERS`].
    pub offers: Vec<LoadedRules>,
    /// Where the server listens (port 0: any free port).
    pub addr: SocketAddr,
    /// The journal: the game's log, a line written as each is recorded.
    pub journal: Option<PathBuf>,
    /// Where the game is saved when it ends.
    pub save: Option<PathBuf>,
    /// How long a person's seat waits for them to come back before a greedy bot plays it
    /// (until they do).
    pub grace: Duration,
    /// How long a seat may take over its turn before the server ends it (an End Turn played
    /// and journaled as any other); none: no limit.
    pub turn_clock: Option<Duration>,
    /// Go on with the game this journal holds (a killed server's): its game line and actions
    /// win over `setup`'s seed and seats; it is written anew and continued as the journal.
    pub resume: Option<PathBuf>,
}

/// The most rulesets a server offers its host.
pub const MAX_OFFERS: usize = 16;

/// The rules' hash a client insists on (its credentials'), kept on its network entity.
#[derive(Component, Debug, Clone)]
struct Insists(String);

/// The least time between two snapshots sent to one client.
pub const SNAPSHOT_EVERY: Duration = Duration::from_secs(2);

/// How long a seat waits for its player by default.
pub const GRACE: Duration = Duration::from_secs(30);

/// A seat as the server keeps it.
#[derive(Debug, Clone)]
struct SeatState {
    /// A person's seat (the others are played by bots on the server).
    human: bool,
    key: Option<SeatKey>,
    /// The client playing it now.
    client: Option<Entity>,
    /// When its player left, while they are away.
    left: Option<Instant>,
    /// A bot plays it while its player is away.
    covered: bool,
    /// Its player said they are ready.
    ready: bool,
}

/// A client the server knows (a peer).
#[derive(Debug, Clone)]
struct Peer {
    name: String,
    role: Role,
    /// When it was last sent a snapshot.
    snapshot: Option<Instant>,
}

pub struct Server {
    pub net: App,
    game: App,
    /// The game as set up, for another ruleset the host chooses.
    setup: Setup,
    offers: Vec<LoadedRules>,
    /// The offer the game plays.
    chosen: usize,
    /// How many times the host chose the rules.
    epoch: u32,
    header: GameLine,
    seats: Vec<SeatState>,
    clients: BTreeMap<Entity, Peer>,
    /// Hellos from clients not yet through the protocol check: answered once they are.
    waiting: Vec<(Entity, Hello)>,
    ran: Vec<Action>,
    /// Sites shown since the last action broadcast: they go with the next.
    shown: Vec<ShownSite>,
    /// The sites known before the first action (for a resumed game, before its first action
    /// after the journal's), and those shown since, by the index of the action they were shown
    /// before: a client welcomed late replays the game's sites as they came, so its game is the
    /// others' at every checkpoint.
    start_shown: Vec<ShownSite>,
    history: BTreeMap<u32, Vec<ShownSite>>,
    /// How many actions the journal held when this server resumed it: the sites shown before
    /// them are all in `start_shown`, so no checkpoint up to there is checked by a late client.
    resumed_at: u32,
    checkpoint: Option<Checkpoint>,
    phase: u32,
    started: bool,
    over: bool,
    journal: Option<Journal>,
    save: Option<PathBuf>,
    grace: Duration,
    turn_clock: Option<Duration>,
    /// The seat to act and since when.
    turn: Option<(PlayerId, Instant)>,
    /// The host's seat: the first seat a client took.
    host: Option<usize>,
    /// Whether spectators' windows may show every site known.
    spectators_see_all: bool,
    pub addr: SocketAddr,
    /// Whether this frame broadcast anything yet to go out.
    unsent: bool,
    /// What the server did not take, with why: for the host's log.
    pub told: Vec<String>,
    /// For each intent played, the time from the frame that took it off the network to its
    /// action going out to every client (at most [`MAX_TIMES`] kept).
    pub intent_times: Vec<Duration>,
    /// When this frame's actions went out.
    sent_at: Option<Instant>,
}

/// The most intent times a server keeps.
pub const MAX_TIMES: usize = 1 << 20;

impl Server {
    /// Builds the game and opens the socket; nothing is played until every person's seat is
    /// taken (or the host starts it).
    pub fn new(options: ServerOptions) -> Result<Server, Fault> {
        let ServerOptions {
            setup,
            offers,
            addr,
            journal,
            save,
            grace,
            turn_clock,
            resume,
        } = options;
        check_offers(&offers)?;
        let resumed = match &resume {
            Some(path) => Some(Resumed::read(path, &offers)?),
            None => None,
        };
        let mut setup = resumed.as_ref().map_or(setup, |r| r.setup.clone());
        let chosen = (offers.iter().position(|o| o.hash == setup.rules_hash)).ok_or_else(|| {
            Fault::BadInput(format!(
                "the game's rules ({}) are not among those the server offers",
                setup.rules.name
            ))
        })?;
        // A secret, not a game draw: from the system's randomness, never from the seed.
        setup
            .veil
            .get_or_insert_with(|| Veil::salted(rand::random()));
        let mut net = transport::network_app();
        let addr = transport::listen(&mut net, addr)
            .map_err(|e| Fault::Io(format!("{addr}: cannot listen: {e}")))?;
        let header = setup.header();
        let keys = resumed.as_ref().map(|r| r.keys.clone()).unwrap_or_default();
        let seats = (header.seats.iter())
            .map(|s| SeatState {
                human: s.bot == SeatKind::Human.name(),
                key: keys.get(&s.player).copied(),
                client: None,
                left: resumed.as_ref().map(|_| Instant::now()),
                covered: false,
                ready: false,
            })
            .collect();
        let (mut game, ran, lines) = match resumed {
            Some(r) => (r.game, r.ran, r.lines),
            None => (
                setup.app(true),
                Vec::new(),
                vec![Line::Game(header.clone())],
            ),
        };
        // Broadcast what is played from here on (a resumed game's journal is played already).
        game::keep_played(&mut game);
        let journal = match &journal {
            Some(path) => Some(Journal::start(path, &lines)?),
            None => None,
        };
        // What is known before the first action (or was when the server was killed) goes to
        // each client with its welcome.
        let start_shown = newly_shown(game.world_mut());
        let resumed_at = ran.len() as u32;
        Ok(Server {
            start_shown,
            history: BTreeMap::new(),
            resumed_at,
            net,
            phase: game.world().resource::<Phase>().0,
            game,
            setup,
            offers,
            chosen,
            epoch: 0,
            header,
            seats,
            clients: BTreeMap::new(),
            waiting: Vec::new(),
            ran,
            shown: Vec::new(),
            checkpoint: None,
            started: resume.is_some(),
            over: false,
            journal,
            save,
            grace,
            turn_clock,
            turn: None,
            host: None,
            spectators_see_all: false,
            unsent: false,
            addr,
            told: Vec::new(),
            intent_times: Vec::new(),
            sent_at: None,
        })
    }

    /// Lets spectators' windows show every site some faction knows, or only what the seat to
    /// act knows (the default).
    pub fn let_spectators_see_all(&mut self, all: bool) {
        self.spectators_see_all = all;
    }

    /// Starts the game now, the seats nobody took going to greedy bots.
    pub fn start(&mut self) {
        for i in 0..self.seats.len() {
            if self.seats[i].human && self.seats[i].client.is_none() {
                self.seats[i].human = false;
                self.set_bot(i, Some(Bot::GREEDY));
            }
        }
        self.started = true;
    }

    /// Puts a bot on seat `i`'s player, or takes it off.
    fn set_bot(&mut self, i: usize, bot: Option<Bot>) {
        let Some(e) = game::player_entity(&self.game, i as u32) else {
            return;
        };
        seat_bot(&mut self.game.world_mut().entity_mut(e), bot, None);
    }

    /// A greedy bot for each seat whose player has been away past the grace period.
    fn cover_empty_seats(&mut self) {
        for i in 0..self.seats.len() {
            let seat = &self.seats[i];
            let away = seat.left.is_some_and(|t| t.elapsed() >= self.grace);
            if seat.human && seat.client.is_none() && !seat.covered && away {
                self.seats[i].covered = true;
                self.set_bot(i, Some(Bot::GREEDY));
                self.told.push(format!(
                    "seat {i}: a greedy bot plays it until its player returns"
                ));
            }
        }
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The actions played so far.
    pub fn actions(&self) -> usize {
        self.ran.len()
    }

    /// One frame of the server.
    pub fn step(&mut self) -> Result<(), Fault> {
        self.net.update();
        let received = Instant::now();
        self.forget_gone();
        self.let_in();
        self.greet();
        self.hear_lobby();
        self.cover_empty_seats();
        self.answer_desyncs();
        // Who may act as the frame begins: what intents are checked against, and the clock.
        let to_act = to_act_now(self.game.world_mut());
        let intents = self.take_intents(to_act);
        let taken = intents.len();
        if !self.started && self.seats.iter().all(|s| !s.human || s.client.is_some()) {
            self.started = true;
        }
        self.show_lobby();
        if self.started && !self.over {
            let ran_out = self.clock(to_act);
            for action in intents.into_iter().chain(ran_out) {
                self.game.world_mut().write_message(action);
            }
            self.game.update();
            self.stream()?;
        }
        // What this frame wrote goes out now rather than a frame later.
        if std::mem::take(&mut self.unsent) {
            self.net.update();
        }
        if taken > 0 && self.intent_times.len() + taken <= MAX_TIMES {
            let took = self.sent_at.unwrap_or_else(Instant::now) - received;
            self.intent_times.extend(std::iter::repeat_n(took, taken));
        }
        Ok(())
    }

    /// The turn clock: an End Turn for the seat to act once its time is up.
    fn clock(&mut self, now: Option<PlayerId>) -> Option<Action> {
        if now != self.turn.map(|t| t.0) {
            self.turn = now.map(|p| (p, Instant::now()));
        }
        let (player, since) = self.turn?;
        if since.elapsed() < self.turn_clock? {
            return None;
        }
        self.turn = Some((player, Instant::now()));
        self.told
            .push(format!("seat {}: its turn ran out", player.0));
        Some(Action::EndTurn { player })
    }

    /// Clients gone from the network leave their seats (which keep their keys).
    fn forget_gone(&mut self) {
        let gone: Vec<Entity> = (self.clients.keys())
            .copied()
            .filter(|&e| self.net.world().get_entity(e).is_err())
            .collect();
        for e in gone {
            self.forget(e);
        }
        let net = self.net.world();
        self.waiting.retain(|(e, _)| net.get_entity(*e).is_ok());
    }

    /// Forgets client `e`: its seat, if it held one, keeps its key for its player's return.
    fn forget(&mut self, e: Entity) {
        self.clients.remove(&e);
        for seat in &mut self.seats {
            if seat.client == Some(e) {
                seat.client = None;
                seat.left = Some(Instant::now());
            }
        }
    }

    /// Lets in the clients whose credentials match the server's; the others are told why and
    /// disconnected.
    fn let_in(&mut self) {
        let ours = Credentials::ours(
            Some(&self.header.rules_hash),
            *self.net.world().resource::<ProtocolHash>(),
        );
        let shown: Vec<FromClient<Credentials>> = self.drain();
        for c in shown {
            let ClientId::Client(e) = c.client_id else {
                continue;
            };
            if self.net.world().get_entity(e).is_err() {
                continue;
            }
            match ours.refuse(&c.message) {
                None => {
                    let mut client = self.net.world_mut().entity_mut(e);
                    client.insert(AuthorizedClient);
                    if let Some(hash) = c.message.rules_hash {
                        client.insert(Insists(hash));
                    }
                }
                Some(reason) => {
                    self.turn_away(e, &reason);
                }
            }
        }
    }

    /// Answers the hellos of clients that were let in.
    fn greet(&mut self) {
        let hellos: Vec<FromClient<Hello>> = self.drain();
        for h in hellos {
            if let ClientId::Client(e) = h.client_id {
                self.waiting.push((e, h.message));
            }
        }
        let (ready, wait): (Vec<_>, Vec<_>) = std::mem::take(&mut self.waiting)
            .into_iter()
            .partition(|(e, _)| self.net.world().get::<AuthorizedClient>(*e).is_some());
        self.waiting = wait;
        for (e, hello) in ready {
            if self.clients.contains_key(&e) {
                self.refuse(e, "this client has said hello already");
                continue;
            }
            match self.seat(e, &hello) {
                Ok(role) => self.welcome(e, hello.name(), role),
                Err(reason) => {
                    self.turn_away(e, &reason);
                }
            }
        }
    }

    /// The role a hello is given: a seat (its own back with its key, else a free one) or a
    /// spectator's.
    fn seat(&mut self, e: Entity, hello: &Hello) -> Result<Role, String> {
        checked_name(hello.name())?;
        let Hello::Play { key, .. } = hello else {
            return Ok(Role::Spectator);
        };
        let free = |s: &SeatState| s.human && s.client.is_none();
        let i = match key {
            Some(k) => (self.seats.iter())
                .position(|s| s.key == Some(*k))
                .ok_or("no seat has this key")?,
            None => (self.seats.iter())
                .position(|s| free(s) && s.key.is_none())
                .ok_or("every seat is taken")?,
        };
        let seat = &mut self.seats[i];
        if seat.client.is_some() {
            return Err("that seat is played from another client".into());
        }
        self.host.get_or_insert(i);
        let seat = &mut self.seats[i];
        // A secret, not a game draw: from the system's randomness, never from the seed.
        let fresh = seat.key.is_none();
        let key = *seat.key.get_or_insert_with(|| SeatKey(rand::random()));
        seat.client = Some(e);
        seat.left = None;
        if std::mem::take(&mut seat.covered) {
            self.set_bot(i, None);
        }
        if fresh && let Some(journal) = &self.journal {
            let keys = (self.seats.iter().enumerate())
                .filter_map(|(i, s)| Some((i as u32, s.key?)))
                .collect();
            journal
                .keep_keys(&keys)
                .map_err(|e| format!("the server cannot keep seat keys: {e}"))?;
        }
        Ok(Role::Seat {
            player: i as u32,
            key,
        })
    }

    /// Welcomes a client: its role, the game, and the actions played so far.
    fn welcome(&mut self, e: Entity, name: &str, role: Role) {
        let to = SendTargets::Single(ClientId::Client(e));
        self.clients.insert(
            e,
            Peer {
                name: name.to_string(),
                role,
                snapshot: None,
            },
        );
        let shown = &self.start_shown;
        let text = self.offers[self.chosen].text.as_bytes();
        let rules: Vec<&[u8]> = text.chunks(RULES_PART).collect();
        let epoch = self.epoch;
        let net = self.net.world_mut();
        net.write_message(ToClients {
            targets: to,
            message: Welcome {
                role,
                epoch,
                game: serde_json::to_string(&GameLine {
                    salt: None,
                    ..self.header.clone()
                })
                .expect("a game line serialises"),
                rules_parts: rules.len() as u32,
                shown: shown.len() as u32,
                sees_all: self.spectators_see_all,
            },
        });
        let parts = rules.len() as u32;
        for (part, bytes) in rules.into_iter().enumerate() {
            net.write_message(ToClients {
                targets: to,
                message: RulesPart {
                    epoch,
                    part: part as u32,
                    parts,
                    bytes: bytes.to_vec(),
                },
            });
        }
        for part in shown.chunks(SHOWN_PART) {
            net.write_message(ToClients {
                targets: to,
                message: Shown {
                    epoch,
                    sites: part.to_vec(),
                },
            });
        }
        for (index, action) in (0u32..).zip(&self.ran) {
            net.write_message(ToClients {
                targets: to,
                message: Ran {
                    index,
                    action: action.clone(),
                    shown: self.history.get(&index).cloned().unwrap_or_default(),
                    phases: (index == 0).then_some(self.header.phases),
                },
            });
        }
        // A checkpoint from before a resumption would find the late client's game holding the
        // sites known at the resumption already.
        if let Some(c) = self
            .checkpoint
            .as_ref()
            .filter(|c| c.after > self.resumed_at)
        {
            net.write_message(ToClients {
                targets: to,
                message: c.clone(),
            });
        }
    }

    /// Sends the game as it stands to each welcomed client whose digest differed (at most one
    /// snapshot a client every [`SNAPSHOT_EVERY`]: asking costs the server a save).
    fn answer_desyncs(&mut self) {
        let asked: Vec<FromClient<Desync>> = self.drain();
        for a in asked {
            let ClientId::Client(e) = a.client_id else {
                continue;
            };
            let Some(known) = self.clients.get_mut(&e) else {
                continue;
            };
            if known.snapshot.is_some_and(|t| t.elapsed() < SNAPSHOT_EVERY) {
                self.refuse(e, "a snapshot was sent a moment ago");
                continue;
            }
            known.snapshot = Some(Instant::now());
            let name = known.name.clone();
            let text = peer_save(self.game.world_mut()).to_ron();
            if text.len() > MAX_SNAPSHOT {
                self.refuse(e, "the game is too large to send as a snapshot");
                continue;
            }
            let after = self.ran.len() as u32;
            let chunks: Vec<&[u8]> = text.as_bytes().chunks(SNAPSHOT_PART).collect();
            let parts = chunks.len() as u32;
            self.told
                .push(format!("{name}: its game differed; sent a snapshot"));
            let net = self.net.world_mut();
            for (part, bytes) in chunks.into_iter().enumerate() {
                net.write_message(ToClients {
                    targets: SendTargets::Single(ClientId::Client(e)),
                    message: SnapshotPart {
                        after,
                        part: part as u32,
                        parts,
                        bytes: bytes.to_vec(),
                    },
                });
            }
        }
    }

    /// The intents that pass the server's checks, in the order they came; the others are
    /// refused to their senders.
    fn take_intents(&mut self, to_act: Option<PlayerId>) -> Vec<Action> {
        let intents: Vec<FromClient<Intent>> = self.drain();
        let mut counts: BTreeMap<Entity, usize> = BTreeMap::new();
        let mut taken = Vec::new();
        for i in intents {
            let ClientId::Client(e) = i.client_id else {
                continue;
            };
            let n = counts.entry(e).or_default();
            *n += 1;
            if *n == MAX_INTENTS_A_FRAME + 1 {
                self.disconnect(e, "more intents in a frame than a client may send");
            }
            if *n > MAX_INTENTS_A_FRAME {
                continue;
            }
            match self.check(e, &i.message.0, to_act) {
                Ok(()) => taken.push(i.message.0),
                Err(reason) => self.refuse(e, &reason),
            }
        }
        taken
    }

    /// Whether client `e` may play `action` now.
    fn check(&self, e: Entity, action: &Action, to_act: Option<PlayerId>) -> Result<(), String> {
        if !self.started {
            return Err("the game has not started".into());
        }
        if self.over {
            return Err("the game is over".into());
        }
        let Some(known) = self.clients.get(&e) else {
            return Err("say hello first".into());
        };
        let Role::Seat { player, .. } = known.role else {
            return Err("a spectator plays no seat".into());
        };
        if action.player().0 != player {
            return Err(format!(
                "you play seat {player}, not seat {}",
                action.player().0
            ));
        }
        if to_act != Some(PlayerId(player)) {
            return Err(match to_act {
                Some(p) => format!("it is player {}'s turn", p.0),
                None => "nobody may act now".into(),
            });
        }
        Ok(())
    }

    /// Journals the lines the game recorded, broadcasts the actions among them, and a
    /// checkpoint when the phase turned or the game ended.
    fn stream(&mut self) -> Result<(), Fault> {
        let lines = game::take_lines(&mut self.game);
        if let Some(journal) = &mut self.journal {
            journal.write(&lines)?;
        }
        self.shown.extend(newly_shown(self.game.world_mut()));
        let played = game::take_played(&mut self.game);
        self.sent_at = None;
        if !played.is_empty() {
            for aeternus_core::play::Played { action, .. } in played {
                let index = self.ran.len() as u32;
                self.ran.push(action.clone());
                let shown = std::mem::take(&mut self.shown);
                if !shown.is_empty() {
                    (self.history.entry(index).or_default()).extend(shown.iter().cloned());
                }
                let phases = (index == 0).then_some(self.header.phases);
                self.broadcast(Ran {
                    index,
                    action,
                    shown,
                    phases,
                });
            }
            // The actions go out before the checkpoint's digest is worked out (a save's worth
            // of work at each phase's turn).
            self.net.update();
            self.sent_at = Some(Instant::now());
        }
        let phase = self.game.world().resource::<Phase>().0;
        let over = self.game.world().get_resource::<GameOver>().is_some();
        if phase != self.phase || over {
            self.phase = phase;
            let salt = self
                .game
                .world()
                .get_resource::<Veil>()
                .and_then(Veil::salt);
            let c = Checkpoint {
                after: self.ran.len() as u32,
                phase,
                digest: digest(self.game.world_mut()).0,
                last: over,
                salt: salt.filter(|_| over),
                shown: std::mem::take(&mut self.shown),
            };
            if !c.shown.is_empty() {
                // Before the next action, for a late client (which checks only the last
                // checkpoint, with its own sites).
                (self.history.entry(c.after).or_default()).extend(c.shown.iter().cloned());
            }
            self.checkpoint = Some(c.clone());
            self.broadcast(c);
        }
        if over {
            self.finish()?;
        }
        Ok(())
    }

    /// The game is over: the journal's end line, and the save.
    fn finish(&mut self) -> Result<(), Fault> {
        self.over = true;
        if let Some(journal) = &mut self.journal {
            journal.write(&[Line::End(game::end_line(&self.game))])?;
        }
        if let Some(path) = &self.save {
            game::write_save(&mut self.game, path)?;
        }
        Ok(())
    }

    /// Sends `message` to every welcomed client.
    fn broadcast<M: Message + Clone>(&mut self, message: M) {
        self.unsent = true;
        let targets: Vec<Entity> = self.clients.keys().copied().collect();
        let net = self.net.world_mut();
        for e in targets {
            net.write_message(ToClients {
                targets: SendTargets::Single(ClientId::Client(e)),
                message: message.clone(),
            });
        }
    }

    fn refuse(&mut self, e: Entity, reason: &str) {
        let name = self.clients.get(&e).map_or("a client", |k| k.name.as_str());
        self.told.push(format!("refused {name}: {reason}"));
        self.net.world_mut().write_message(ToClients {
            targets: SendTargets::Single(ClientId::Client(e)),
            message: Denied::new(reason),
        });
    }

    /// Refuses client `e` with `reason` and disconnects it.
    fn turn_away(&mut self, e: Entity, reason: &str) {
        self.refuse(e, reason);
        self.disconnect(e, reason);
    }

    fn disconnect(&mut self, e: Entity, reason: &str) {
        self.told.push(format!("disconnected a client: {reason}"));
        self.net
            .world_mut()
            .write_message(DisconnectRequest { client: e });
    }

    /// Takes every message of a kind the network received.
    fn drain<M: Message>(&mut self) -> Vec<M> {
        transport::drain(&mut self.net)
    }

    /// The game's save text now (for tests and `--save`).
    pub fn save_text(&mut self) -> String {
        game::save_text(&mut self.game)
    }
}
