//! A client without a window: a bot playing a seat, or a spectator. It builds the game the
//! server's welcome describes, on the rules' text the server sends (checked against the
//! welcome's hash, and against the rules the client insists on, if any), plays every action the server
//! broadcasts through the same rules pipeline, in order, and checks its game's digest at every
//! checkpoint. A bot decides on that copy of the game and sends its decision as an intent.
//! The game is veiled: the client's site layer holds only the sites the server showed.

use std::collections::{BTreeMap, VecDeque};
use std::net::SocketAddr;

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::RenetClient;

use aeternus_core::headless::Fault;
use aeternus_core::play::{Action, Bot, BotPace, Outbox, PlayerId, seat_bot, to_act_now};
use aeternus_core::rules::Rules;
use aeternus_core::save::SaveGame;
use aeternus_core::save::digest::digest;
use aeternus_core::sim::format::GameLine;
use aeternus_core::sim::game::{self, Setup};
use aeternus_core::sim::replay::{FEED, checked_setup};
use aeternus_core::sim::rules_of_text;
use aeternus_core::sites::{ShownSite, Veil};

use crate::protocol::{
    Checkpoint, Credentials, Denied, Desync, Hello, Intent, MAX_RULES_TEXT, MAX_SNAPSHOT,
    RULES_PART, Ran, Role, RulesPart, SNAPSHOT_PART, Shown, SnapshotPart, Welcome,
};
use crate::transport::{self, drain};

/// How far ahead of the actions played a broadcast action may be numbered: past it the stream
/// is not the server's and is refused.
pub const MAX_AHEAD: u32 = 1 << 20;
/// The most round trips a client keeps.
pub const MAX_TIMES: usize = 1 << 20;
/// How long a client waits for a snapshot it asked for before it asks again.
const ASK_AGAIN: std::time::Duration = std::time::Duration::from_secs(3);

/// What a client is asked to do.
pub struct ClientOptions {
    pub server: SocketAddr,
    pub hello: Hello,
    /// The hash of the rules this client insists on (the server's must be the same); none:
    /// the server's, whichever they are.
    pub insist: Option<String>,
    /// The bot that plays the client's seat (none: a person, or a spectator).
    pub bot: Option<Bot>,
}

pub struct Client {
    pub net: App,
    game: Option<App>,
    insist: Option<String>,
    /// The latest welcome's game and epoch, and the parts of its rules' text come so far.
    welcome: Option<(GameLine, u32, u32)>,
    rules_parts: Parts,
    /// The text of the rules the game plays (once it has all come).
    rules_text: Option<String>,
    /// Whether the host chose other rules once the window held the game: the window opens anew.
    pub rules_changed: bool,
    hello: Hello,
    said_hello: bool,
    bot: Option<Bot>,
    pub role: Option<Role>,
    /// Broadcast actions not yet played, by index, each with the sites shown as it ran (and,
    /// for the first, the game's length).
    pending: BTreeMap<u32, (Action, Vec<ShownSite>, Option<u32>)>,
    /// Sites shown with the welcome not yet put in the game (it may not be built yet), how
    /// many came since this client connected, and how many more the welcome said would come.
    shown: Vec<ShownSite>,
    shown_got: u32,
    shown_due: u32,
    applied: u32,
    checkpoints: VecDeque<Checkpoint>,
    /// The actions of this client's seat played so far: its bot's count of decisions, so a
    /// bot that comes back decides as it would have.
    mine: u32,
    /// The checkpoints whose digest this game matched, and those it did not.
    pub matched: u32,
    pub mismatched: u32,
    /// Each intent's round trip: from its sending to its action played here (at most
    /// [`MAX_TIMES`] kept).
    pub round_trips: Vec<std::time::Duration>,
    sent_at: Option<std::time::Instant>,
    /// The snapshots taken after a mismatch.
    pub resynced: u32,
    /// Waiting for the server's snapshot since: nothing is played meanwhile.
    resyncing: Option<std::time::Instant>,
    snapshot: Parts,
    /// The actions played in the game the snapshot's parts so far hold.
    snapshot_after: u32,
    /// The game's setup, for a snapshot.
    setup: Option<Setup>,
    pub refusals: Vec<String>,
    over: bool,
    /// Intents sent and not yet played back or refused.
    sent: u32,
    /// The game is a window's, handed over ([`Client::hand_over`]): the client builds none.
    external: bool,
    /// A snapshot for a window's game, put in by the next [`Client::advance`].
    restored: Option<SaveGame>,
    /// The server lets a spectator's window show every site known.
    sees_all: bool,
    /// The server has welcomed this connection (a reconnection is welcomed anew): before it, an
    /// intent would reach a server that has not let the client in, which drops it unheard.
    welcomed: bool,
}

impl Client {
    pub fn new(options: ClientOptions) -> Result<Client, Fault> {
        let mut net = transport::network_app();
        transport::connect(&mut net, options.server)
            .map_err(|e| Fault::Io(format!("{}: cannot connect: {e}", options.server)))?;
        Ok(Client {
            net,
            game: None,
            insist: options.insist,
            welcome: None,
            rules_parts: Parts::default(),
            rules_text: None,
            rules_changed: false,
            hello: options.hello,
            said_hello: false,
            bot: options.bot,
            role: None,
            pending: BTreeMap::new(),
            shown: Vec::new(),
            shown_got: 0,
            shown_due: 0,
            applied: 0,
            checkpoints: VecDeque::new(),
            mine: 0,
            matched: 0,
            mismatched: 0,
            round_trips: Vec::new(),
            sent_at: None,
            resynced: 0,
            resyncing: None,
            snapshot: Parts::default(),
            snapshot_after: 0,
            setup: None,
            refusals: Vec::new(),
            over: false,
            sent: 0,
            external: false,
            restored: None,
            sees_all: false,
            welcomed: false,
        })
    }

    /// Whether the game has ended (the server's last checkpoint played and checked).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Where the client stands, in words (for a host's log and a failing test).
    pub fn progress(&self) -> String {
        format!(
            "{:?}: {} played, {} waiting, {} sites due, {} checkpoints waiting{}",
            self.role,
            self.applied,
            self.pending.len(),
            self.shown_due,
            self.checkpoints.len(),
            if self.resyncing.is_some() {
                ", resyncing"
            } else {
                ""
            }
        )
    }

    pub fn is_connected(&self) -> bool {
        *self.net.world().resource::<State<ClientState>>() == ClientState::Connected
    }

    /// The lobby as the server last sent it: the seats and the table.
    pub fn lobby(&mut self) -> (Vec<crate::lobby::SeatView>, Option<crate::lobby::TableView>) {
        crate::lobby::read(self.net.world_mut())
    }

    /// The game's save text (once welcomed).
    pub fn save_text(&mut self) -> Option<String> {
        self.game.as_mut().map(game::save_text)
    }

    /// The save the game's digest covers (once welcomed; to find where a game differs).
    pub fn peer_save(&mut self) -> Option<SaveGame> {
        (self.game.as_mut()).map(|app| aeternus_core::save::digest::peer_save(app.world_mut()))
    }

    /// Sends an intent of the caller's (a person's action; the tests' hostile ones).
    pub fn send(&mut self, intent: Intent) {
        self.sent = self.sent.saturating_add(1);
        self.net.world_mut().write_message(intent);
    }

    /// Says a word in the lobby: ready, or (the host) start the game now.
    pub fn say(&mut self, word: crate::protocol::LobbyWord) {
        self.net.world_mut().write_message(word);
    }

    /// Leaves the server (the seat stays for whoever comes back with its key).
    pub fn leave(&mut self) {
        if let Some(mut c) = self.net.world_mut().get_resource_mut::<RenetClient>() {
            c.disconnect();
        }
        self.net.update();
    }

    /// Connects again, to `server` (the same server, or one resumed from its journal): the
    /// seat back with its key, the game going on from the actions already played.
    pub fn reconnect(&mut self, server: SocketAddr) -> Result<(), Fault> {
        self.net.world_mut().remove_resource::<RenetClient>();
        self.net
            .world_mut()
            .remove_resource::<bevy_replicon_renet::netcode::NetcodeClientTransport>();
        self.net.update();
        transport::connect(&mut self.net, server)
            .map_err(|e| Fault::Io(format!("{server}: cannot connect: {e}")))?;
        if let (Some(Role::Seat { key, .. }), Hello::Play { name, .. }) = (self.role, &self.hello) {
            self.hello = Hello::Play {
                name: name.clone(),
                key: Some(key),
            };
        }
        self.said_hello = false;
        // What the last server never answered is not awaited from this one.
        self.sent = 0;
        self.shown_got = 0;
        self.welcomed = false;
        Ok(())
    }

    /// One frame of the client.
    pub fn step(&mut self) -> Result<(), Fault> {
        self.receive()?;
        self.play()?;
        self.decide();
        Ok(())
    }

    /// The network's part of a frame: says hello once connected, takes the welcome, the sites
    /// shown, the actions, checkpoints, refusals and snapshot parts the server sent.
    pub fn receive(&mut self) -> Result<(), Fault> {
        self.net.update();
        if self.is_connected() && !self.said_hello {
            self.said_hello = true;
            let protocol = *self.net.world().resource::<ProtocolHash>();
            let credentials = Credentials::ours(self.insist.as_deref(), protocol);
            self.net.world_mut().write_message(credentials);
            self.net.world_mut().write_message(self.hello.clone());
        }
        for w in drain::<Welcome>(&mut self.net) {
            self.welcome(w)?;
        }
        for r in drain::<Denied>(&mut self.net) {
            self.sent = self.sent.saturating_sub(1);
            self.refusals.push(r.0);
        }
        for part in drain::<RulesPart>(&mut self.net) {
            self.take_rules_part(part)?;
        }
        let epoch = self.welcome.as_ref().map(|w| w.1);
        for Shown { epoch: e, sites } in drain::<Shown>(&mut self.net) {
            if Some(e) != epoch {
                continue;
            }
            let n = sites.len() as u32;
            self.shown_got = self.shown_got.saturating_add(n);
            self.shown_due = self.shown_due.saturating_sub(n);
            self.shown.extend(sites);
        }
        self.show_welcome_sites()?;
        for Ran {
            index,
            action,
            shown,
            phases,
        } in drain::<Ran>(&mut self.net)
        {
            if index < self.applied || index - self.applied > MAX_AHEAD {
                continue;
            }
            self.pending.insert(index, (action, shown, phases));
        }
        self.checkpoints.extend(drain::<Checkpoint>(&mut self.net));
        for part in drain::<SnapshotPart>(&mut self.net) {
            self.take_part(part)?;
        }
        self.ask_again();
        Ok(())
    }

    /// Hands the game over to a window that plays it from now on ([`Client::advance`]): its save
    /// as the client built it, once welcomed and shown every site so far; the client keeps no
    /// game of its own after.
    pub fn hand_over(&mut self) -> Option<SaveGame> {
        let mut app = self.game.take()?;
        self.external = true;
        Some(aeternus_core::save::digest::peer_save(app.world_mut()))
    }

    /// The game's setup, once welcomed.
    pub fn setup(&self) -> Option<&Setup> {
        self.setup.as_ref()
    }

    /// Whether the server lets this spectator's window show every site known.
    pub fn sees_all(&self) -> bool {
        self.sees_all
    }

    /// How many of the server's actions this client has played.
    pub fn played(&self) -> u32 {
        self.applied
    }

    /// Whether this client's seat is the one to act in its game.
    pub fn to_act(&mut self) -> bool {
        let (Some(Role::Seat { player, .. }), Some(app)) = (self.role, self.game.as_mut()) else {
            return false;
        };
        to_act_now(app.world_mut()) == Some(PlayerId(player))
    }

    /// How many intents sent are not yet played back or refused.
    pub fn in_flight(&self) -> u32 {
        self.sent
    }

    /// The text of the rules the game plays, once it has all come.
    pub fn rules_text(&self) -> Option<&str> {
        self.rules_text.as_deref()
    }

    /// Takes a welcome: the client's role and the game, built once the rules' text has come.
    /// Welcomed anew on the game it holds (coming back), it goes on with it; welcomed anew on
    /// other rules (the host chose them before the first action), it drops its game.
    fn welcome(&mut self, w: Welcome) -> Result<(), Fault> {
        let game = w
            .game_line()
            .map_err(|e| Fault::BadInput(format!("the server: {e}")))?;
        if !(1..=MAX_RULES_TEXT.div_ceil(RULES_PART) as u32).contains(&w.rules_parts) {
            return Err(Fault::BadInput(format!(
                "the server: rules in {} parts",
                w.rules_parts
            )));
        }
        self.sees_all = w.sees_all;
        self.welcomed = true;
        self.role = Some(w.role);
        let same = (self.setup.as_ref()).is_some_and(|s| s.rules_hash == game.rules_hash);
        if same && (self.game.is_some() || self.external) {
            // The sites shown so far come first, on coming back too: the actions missed
            // meanwhile are resent without them.
            self.shown_due = w.shown.saturating_sub(self.shown_got);
            self.welcome = Some((game, w.epoch, 0));
            return Ok(());
        }
        if self.applied > 0 {
            return Err(Fault::BadInput(
                "the server's game changed its rules once begun".into(),
            ));
        }
        self.rules_changed |= self.external;
        self.game = None;
        self.setup = None;
        self.rules_text = None;
        self.rules_parts = Parts::default();
        self.shown.clear();
        self.shown_got = 0;
        self.shown_due = w.shown;
        self.welcome = Some((game, w.epoch, w.rules_parts));
        Ok(())
    }

    /// Keeps a part of the rules' text of the latest welcome (another's is passed over); with
    /// the last, sets the game up on them.
    fn take_rules_part(&mut self, part: RulesPart) -> Result<(), Fault> {
        let Some((_, epoch, parts)) = &self.welcome else {
            return Err(Fault::BadInput("the server: rules before a welcome".into()));
        };
        if part.epoch != *epoch || self.rules_text.is_some() {
            return Ok(());
        }
        let out_of_place = || {
            Fault::BadInput(format!(
                "the server: a part of the rules out of place ({} of {})",
                part.part, part.parts
            ))
        };
        if part.parts != *parts {
            return Err(out_of_place());
        }
        let (at, of) = (part.part, part.parts);
        match self
            .rules_parts
            .take(at, of, part.bytes, RULES_PART, MAX_RULES_TEXT)
        {
            Some(Some(text)) => self.set_up(text),
            Some(None) => Ok(()),
            None => Err(out_of_place()),
        }
    }

    /// Sets the welcome's game up on the rules the server sent, `text`.
    fn set_up(&mut self, text: Vec<u8>) -> Result<(), Fault> {
        let source = "the server's rules";
        let text =
            String::from_utf8(text).map_err(|e| Fault::BadInput(format!("{source}: {e}")))?;
        let loaded = rules_of_text(text, source)?;
        if let Some(insist) = self.insist.as_deref().filter(|h| *h != loaded.hash) {
            return Err(Fault::BadInput(crate::protocol::refuse_rules(
                &loaded.hash,
                insist,
            )));
        }
        let (game, ..) = self.welcome.as_ref().expect("welcomed");
        let mut setup = checked_setup(game, loaded.rules, &loaded.hash, "the server")?;
        setup.veil = Some(Veil::Shown { salt: None });
        self.setup = Some(setup);
        self.rules_text = Some(loaded.text);
        Ok(())
    }

    /// Puts the sites shown with the welcome in the game; builds the game first once they have
    /// all come (its first frame learns from them, as the server's did).
    fn show_welcome_sites(&mut self) -> Result<(), Fault> {
        let shown = std::mem::take(&mut self.shown);
        if let Some(app) = self.game.as_mut() {
            return show(app.world_mut(), &shown);
        }
        if self.external {
            return Ok(());
        }
        match &self.setup {
            Some(setup) if self.shown_due == 0 => {
                let mut app = (setup.app_showing(&shown))
                    .map_err(|e| Fault::BadInput(format!("the server: sites shown: {e}")))?;
                ready_seat(&mut app, self.role, self.bot);
                self.game = Some(app);
            }
            _ => self.shown = shown,
        }
        Ok(())
    }

    /// Plays an action the server never sent, as a faulty client would: the next checkpoint
    /// finds the game changed and the client takes the server's snapshot (the tests use it).
    pub fn play_stray(&mut self, action: Action) {
        if let Some(app) = self.game.as_mut() {
            app.world_mut().write_message(action);
            app.update();
        }
    }

    /// Asks the server for its game: this one's digest differed.
    fn ask_for_snapshot(&mut self) {
        self.resyncing = Some(std::time::Instant::now());
        self.snapshot = Parts::default();
        self.net.world_mut().write_message(Desync {
            after: self.applied,
        });
    }

    /// Asks again when a snapshot is long in coming (the server refuses one asked too soon).
    fn ask_again(&mut self) {
        if self.resyncing.is_some_and(|t| t.elapsed() > ASK_AGAIN) {
            self.ask_for_snapshot();
        }
    }

    /// Keeps a part of the server's snapshot; with the last, goes on from the game it holds.
    fn take_part(&mut self, part: SnapshotPart) -> Result<(), Fault> {
        let (at, of) = (part.part, part.parts);
        let out_of_place = Fault::BadInput(format!(
            "the server: a snapshot part out of place ({at} of {of})"
        ));
        let fits = self.snapshot.got == 0 || part.after == self.snapshot_after;
        if self.resyncing.is_none() || !fits {
            return Err(out_of_place);
        }
        self.snapshot_after = part.after;
        match self
            .snapshot
            .take(at, of, part.bytes, SNAPSHOT_PART, MAX_SNAPSHOT)
        {
            Some(Some(bytes)) => self.resume_from_snapshot(bytes),
            Some(None) => Ok(()),
            None => Err(out_of_place),
        }
    }

    fn resume_from_snapshot(&mut self, bytes: Vec<u8>) -> Result<(), Fault> {
        let after = self.snapshot_after;
        let bad = |e: String| Fault::BadInput(format!("the server's snapshot: {e}"));
        let text = String::from_utf8(bytes).map_err(|e| bad(e.to_string()))?;
        let save =
            SaveGame::from_ron(&text, "the server's snapshot").map_err(|e| bad(e.to_string()))?;
        let setup = self.setup.as_ref().expect("a game before a snapshot");
        if self.external {
            // A window's game: put in its world by the next advance.
            self.restored = Some(save);
        } else {
            let mut app = setup.app_of_save(save, "the server's snapshot")?;
            ready_seat(&mut app, self.role, self.bot);
            self.game = Some(app);
        }
        self.applied = after;
        self.pending.retain(|&i, _| i >= after);
        self.checkpoints.retain(|c| c.after >= after);
        self.resyncing = None;
        self.sent = 0;
        self.resynced += 1;
        Ok(())
    }

    /// Plays the broadcast actions in order, up to each checkpoint, and checks it.
    fn play(&mut self) -> Result<(), Fault> {
        let Some(mut app) = self.game.take() else {
            return Ok(());
        };
        let played = loop {
            match self.advance(app.world_mut()) {
                Ok(true) => app.update(),
                Ok(false) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        self.game = Some(app);
        played
    }

    /// One step of the game in `world` (this client's own, or a window's): checks the
    /// checkpoint its last frame reached, then writes the next broadcast actions, up to the next
    /// checkpoint, as [`Action`] messages for its next frame to play; whether it wrote any. A
    /// window's game takes the server's snapshot here too, after a mismatch.
    pub fn advance(&mut self, world: &mut World) -> Result<bool, Fault> {
        if let (Some(save), Some(setup)) = (self.restored.take(), &self.setup) {
            restore(world, save, &setup.rules)?;
        }
        if self.resyncing.is_some() || self.shown_due > 0 {
            return Ok(false);
        }
        if !self.check(world) {
            self.ask_for_snapshot();
            return Ok(false);
        }
        let until = self.checkpoints.front().map_or(u32::MAX, |c| c.after);
        let mut fed = 0;
        while self.applied < until && fed < FEED {
            let Some((action, shown, phases)) = self.pending.remove(&self.applied) else {
                break;
            };
            show(world, &shown)?;
            if let Some(p) = phases {
                self.set_phases(world, p)?;
            }
            if let Some(Role::Seat { player, .. }) = self.role
                && action.player().0 == player
            {
                self.sent = self.sent.saturating_sub(1);
                self.mine += 1;
                if let Some(t) = self.sent_at.take()
                    && self.round_trips.len() < MAX_TIMES
                {
                    self.round_trips.push(t.elapsed());
                }
            }
            world.write_message(action);
            self.applied += 1;
            fed += 1;
        }
        Ok(fed > 0)
    }

    /// The game's length as the host chose it (carried by the first action): the game's rules
    /// and the setup a snapshot is built on.
    fn set_phases(&mut self, world: &mut World, phases: u32) -> Result<(), Fault> {
        if !(1..=aeternus_core::sim::MAX_PHASES).contains(&phases) {
            return Err(Fault::BadInput(format!(
                "the server: a game of {phases} phases"
            )));
        }
        if let Some(setup) = &mut self.setup {
            setup.rules.play.goal.phases = phases;
        }
        if let Some(mut hexes) = world.get_resource_mut::<aeternus_core::world::HexWorld>() {
            hexes.rules.play.goal.phases = phases;
        }
        Ok(())
    }

    /// Checks the checkpoints the game has reached (a stale one is passed over); false on a
    /// mismatch.
    fn check(&mut self, world: &mut World) -> bool {
        while let Some(c) = self.checkpoints.front() {
            if c.after > self.applied {
                break;
            }
            let c = self.checkpoints.pop_front().expect("a checkpoint in front");
            if c.after < self.applied {
                continue;
            }
            if show(world, &c.shown).is_err() || digest(world).0 != c.digest {
                self.mismatched += 1;
                return false;
            }
            self.matched += 1;
            self.over |= c.last;
            if let Some(salt) = c.salt.filter(|_| c.last) {
                world.insert_resource(Veil::Shown { salt: Some(salt) });
            }
        }
        true
    }

    /// A bot's seat, caught up and with no intent in flight: its bot decides on this game and
    /// the decision goes to the server.
    fn decide(&mut self) {
        if self.bot.is_none()
            || !self.welcomed
            || self.sent > 0
            || self.over
            || self.resyncing.is_some()
            || !self.pending.is_empty()
        {
            return;
        }
        // Not before the server starts the game (it would refuse the intent); a game already
        // played from is started, whatever the lobby last said.
        let started = self.applied > 0
            || crate::lobby::read(self.net.world_mut())
                .1
                .is_some_and(|t| t.started);
        if !started {
            return;
        }
        // A frame of the game only on this seat's turn: the bot would decide nothing else.
        if !self.to_act() {
            return;
        }
        let (Some(Role::Seat { player, .. }), Some(app)) = (self.role, self.game.as_mut()) else {
            return;
        };
        if let Some(e) = game::player_entity(app, player) {
            seat_bot(
                &mut app.world_mut().entity_mut(e),
                self.bot,
                Some(self.mine),
            );
        }
        app.insert_resource(BotPace {
            per_frame: 1,
            ..default()
        });
        app.update();
        app.insert_resource(BotPace {
            per_frame: 0,
            ..default()
        });
        let decided = app
            .world_mut()
            .get_resource_mut::<Outbox>()
            .map(|mut o| std::mem::take(&mut o.0))
            .unwrap_or_default();
        let sent = !decided.is_empty();
        for action in decided {
            self.sent_at = Some(std::time::Instant::now());
            self.send(Intent(action));
        }
        // The intent goes out now rather than a frame later.
        if sent {
            self.net.update();
        }
    }
}

/// A text that comes in numbered parts (the rules' text, a snapshot), taken in order.
#[derive(Debug, Default)]
struct Parts {
    bytes: Vec<u8>,
    got: u32,
    of: u32,
}

impl Parts {
    /// Takes the `part`-th of `of` parts, each of at most `size` bytes and `total` in all:
    /// the whole text with the last, nothing yet before it; none when the part is out of place
    /// (not the next, of another count than the first's, too many, too large).
    fn take(
        &mut self,
        part: u32,
        of: u32,
        bytes: Vec<u8>,
        size: usize,
        total: usize,
    ) -> Option<Option<Vec<u8>>> {
        let fits = self.got == 0 || of == self.of;
        let most = total.div_ceil(size) as u32;
        if !fits || part != self.got || of > most || bytes.len() > size {
            return None;
        }
        self.of = of;
        self.bytes.extend(bytes);
        self.got += 1;
        Some((self.got == of).then(|| std::mem::take(self).bytes))
    }
}

/// Puts sites the server showed in a client's game; a site not of the rules is the server's
/// fault, refused.
fn show(world: &mut World, sites: &[ShownSite]) -> Result<(), Fault> {
    aeternus_core::sites::shown::show(world, sites)
        .map_err(|e| Fault::BadInput(format!("the server: sites shown: {e}")))
}

/// Puts a server's snapshot into a window's game in place of its own.
fn restore(world: &mut World, save: SaveGame, rules: &Rules) -> Result<(), Fault> {
    let source = "the server's snapshot";
    let bad = |e: aeternus_core::rules::RulesError| Fault::BadInput(e.to_string());
    let hexes = save.world(rules, source).map_err(bad)?;
    let shown = save.shown_in(world, source).map_err(bad)?;
    save.restore(world, hexes);
    world.insert_resource(Veil::Shown { salt: None });
    show(world, &shown)
}

/// Readies a client's game: the client's bot on its seat, its decisions going to the outbox (the
/// server plays them), and no decision taken but when the client asks for one.
fn ready_seat(app: &mut App, role: Option<Role>, bot: Option<Bot>) {
    if let (Some(Role::Seat { player, .. }), Some(bot)) = (role, bot)
        && let Some(e) = game::player_entity(app, player)
    {
        seat_bot(&mut app.world_mut().entity_mut(e), Some(bot), None);
        app.insert_resource(Outbox::default());
    }
    app.insert_resource(BotPace {
        per_frame: 0,
        ..default()
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use aeternus_core::sim::load_rules_text;

    /// A client that never hears its server: the messages a test feeds it are all it knows.
    fn client(insist: Option<String>) -> Client {
        Client::new(ClientOptions {
            server: "127.0.0.1:9".parse().unwrap(),
            hello: Hello::Watch { name: "Cy".into() },
            insist,
            bot: None,
        })
        .unwrap()
    }

    fn welcome(rules_hash: &str, epoch: u32, rules_parts: u32) -> Welcome {
        let loaded = load_rules_text("aeternus").unwrap();
        let setup = Setup {
            seats: game::seats(&loaded.rules, &[Bot::GREEDY; 2]),
            rules: loaded.rules,
            rules_hash: rules_hash.into(),
            seed: 3,
            veil: None,
        };
        Welcome {
            role: Role::Spectator,
            epoch,
            game: serde_json::to_string(&setup.header()).unwrap(),
            rules_parts,
            shown: 0,
            sees_all: false,
        }
    }

    fn parts(text: &[u8], epoch: u32) -> Vec<RulesPart> {
        let chunks: Vec<&[u8]> = text.chunks(RULES_PART).collect();
        let parts = chunks.len() as u32;
        (0u32..)
            .zip(chunks)
            .map(|(part, bytes)| RulesPart {
                epoch,
                part,
                parts,
                bytes: bytes.to_vec(),
            })
            .collect()
    }

    /// Feeds a welcome of the default rules' hash and then `parts`; the first fault, if any.
    fn feed(c: &mut Client, w: Welcome, parts: Vec<RulesPart>) -> Result<(), String> {
        c.welcome(w).map_err(|e| e.to_string())?;
        for p in parts {
            c.take_rules_part(p).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// The server's rules, sent in parts, set the game up; each way a hostile server could
    /// send them otherwise is refused with the reason, before anything is built on them.
    #[test]
    fn the_rules_a_server_sends_are_checked_before_the_game_is_set_up() {
        let ours = load_rules_text("aeternus").unwrap();
        let n = parts(ours.text.as_bytes(), 0).len() as u32;
        let mut c = client(None);
        feed(
            &mut c,
            welcome(&ours.hash, 0, n),
            parts(ours.text.as_bytes(), 0),
        )
        .unwrap();
        assert_eq!(c.rules_text(), Some(ours.text.as_str()));
        assert!(c.setup().is_some());
        let fails = |w: Welcome, p: Vec<RulesPart>, insist: Option<String>, why: &str| {
            let e = feed(&mut client(insist), w, p).unwrap_err();
            assert!(e.contains(why), "{e:?} does not say {why:?}");
        };
        let mut swapped = parts(ours.text.as_bytes(), 0);
        swapped.swap(0, 1);
        fails(welcome(&ours.hash, 0, n), swapped, None, "out of place");
        let big = vec![RulesPart {
            epoch: 0,
            part: 0,
            parts: n,
            bytes: vec![b' '; RULES_PART + 1],
        }];
        fails(welcome(&ours.hash, 0, n), big, None, "out of place");
        fails(
            welcome(&ours.hash, 0, 0),
            Vec::new(),
            None,
            "rules in 0 parts",
        );
        fails(
            welcome(&ours.hash, 0, 1000),
            Vec::new(),
            None,
            "rules in 1000 parts",
        );
        fails(
            welcome(&ours.hash, 0, 1),
            parts(&[0xff, 0xfe], 0),
            None,
            "utf-8",
        );
        let storm = aeternus_core::storm::DEFAULT_STORM;
        let storm_parts = parts(storm.as_bytes(), 0);
        let k = storm_parts.len() as u32;
        fails(welcome(&ours.hash, 0, k), storm_parts, None, "storm");
        // Rules other than the welcome's game line names.
        let other = ours.text.replace("Meadow", "Meadows");
        let other_parts = parts(other.as_bytes(), 0);
        let k = other_parts.len() as u32;
        fails(welcome(&ours.hash, 0, k), other_parts, None, "rules_hash");
        // A client that insists on other rules takes none of the server's.
        let insist = Some("fnv1a64:0000000000000000".to_string());
        let all = parts(ours.text.as_bytes(), 0);
        fails(welcome(&ours.hash, 0, n), all, insist, "insists on");
        // Parts of an earlier welcome are passed over.
        let mut c = client(None);
        let stale = parts(b"not rules", 0);
        feed(&mut c, welcome(&ours.hash, 1, n), stale).unwrap();
        assert!(c.setup().is_none());
    }
}
