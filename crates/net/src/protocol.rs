//! What travels between a server and its clients, and the bounds every message is checked
//! against before it is used. A client sends a [`Hello`] and then [`Intent`]s; the server
//! answers with a [`Welcome`] and the sites shown so far ([`Shown`]), then the game's stream:
//! every action it fed to the rules pipeline, in order, with its index and the sites some
//! faction came to know as it ran ([`Ran`]), a [`Checkpoint`] of the game's digest each time the
//! phase turns, and [`Denied`]s to the sender alone.
//!
//! The game is veiled ([`aeternus_core::sites::veil`]): its sites are rolled with a salt only
//! the server knows, told to the peers with the last checkpoint.
//!
//! The shared log holds only what the server fed to the pipeline: an intent the server refuses
//! (not the sender's seat, not its turn, from a spectator) goes back to its sender as a
//! [`Denied`] and into no log, while an action the pipeline refuses (a move into a lake) is
//! fed, broadcast and refused alike on every peer.

use bevy::prelude::*;
use bevy_replicon::bytes::Bytes;
use bevy_replicon::postcard_utils;
use bevy_replicon::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use aeternus_core::play::Action;
use aeternus_core::sim::format::GameLine;
use aeternus_core::sites::ShownSite;

/// The netcode protocol's id: the same for every version of the game. What differs between
/// builds and rules goes into replicon's protocol check instead ([`Protocol`]), which tells a
/// mismatch at once where a netcode mismatch only times out.
pub const PROTOCOL_ID: u64 = 0x4145_5445_524e_5553;
/// The longest name a player or spectator may give, in bytes.
pub const MAX_NAME: usize = 32;
/// The most bytes a client's message may take (a hello or an intent is a few dozen).
pub const MAX_CLIENT_MESSAGE: usize = 256;
/// The most bytes a server's message may take (a welcome names the seats: 64 at most).
pub const MAX_SERVER_MESSAGE: usize = 16 * 1024;
/// The longest reason a refusal gives, in bytes.
pub const MAX_REASON: usize = 200;

/// A seat's key: given to the player who takes the seat, asked back when they return. Never
/// written to a log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatKey(pub u64);

/// What a client is built and set up with, said first: the server lets it in only when its
/// version and build match the server's and the rules it insists on (if any) are the ones the
/// server plays, and otherwise says which differs.
#[derive(Message, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credentials {
    /// The game's version.
    pub version: String,
    /// The hash of the rules the client insists on playing (`sim::format::rules_hash`); none:
    /// whichever the server plays, which it sends.
    pub rules_hash: Option<String>,
    /// bevy_replicon's hash of the messages and replication rules registered.
    pub protocol: ProtocolHash,
}

impl Credentials {
    /// This build's, insisting on `rules_hash` (or not), for the network app's `protocol`.
    pub fn ours(rules_hash: Option<&str>, protocol: ProtocolHash) -> Credentials {
        Credentials {
            version: VERSION.to_string(),
            rules_hash: rules_hash.map(str::to_string),
            protocol,
        }
    }

    /// Why `theirs` may not join a server of these credentials (its rules' hash given), if it
    /// may not.
    pub fn refuse(&self, theirs: &Credentials) -> Option<String> {
        if theirs.version != self.version {
            return Some(format!(
                "the server runs version {}; this client runs {}",
                self.version, theirs.version
            ));
        }
        if theirs.protocol != self.protocol {
            return Some("the server's protocol differs from this client's (another build)".into());
        }
        match (&self.rules_hash, &theirs.rules_hash) {
            (Some(server), Some(client)) if server != client => Some(refuse_rules(server, client)),
            _ => None,
        }
    }
}

/// Why a client that insists on the rules hashed `client` may not play a server's of `server`.
pub fn refuse_rules(server: &str, client: &str) -> String {
    format!(
        "the server plays rules {server}; this client insists on {client}: join without --rules to play the server's"
    )
}

/// The game's version, as the credentials carry it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The first thing a client says: who it is and what it comes for.
#[derive(Message, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hello {
    /// To play: a free seat, or with `key` the seat it held before.
    Play { name: String, key: Option<SeatKey> },
    /// To watch.
    Watch { name: String },
}

impl Hello {
    pub fn name(&self) -> &str {
        match self {
            Hello::Play { name, .. } | Hello::Watch { name } => name,
        }
    }
}

pub use aeternus_core::play::lobby::LobbyWord;

/// An action a seated client asks the server to play for it.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Intent(pub Action);

/// What a client is at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// Plays seat `player` (its key, to come back with).
    Seat {
        player: u32,
        key: SeatKey,
    },
    Spectator,
}

/// The server's answer to a hello: the client's role and the game (seed, rules, seats; never
/// the salt): all a client needs to build the same game before the stream of actions, once it
/// holds the rules' text, which follows in `rules_parts` [`RulesPart`] messages, and the
/// `shown` sites shown so far, which follow in [`Shown`] messages. A client is welcomed anew
/// when the host chooses other rules before the game begins.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Welcome {
    pub role: Role,
    /// How many times the host chose the rules before this welcome: the rules' parts and the
    /// sites shown that follow carry it, so a client takes those of its latest welcome alone.
    pub epoch: u32,
    /// The game line as the log writes it (JSON: its optional fields are left out, which
    /// postcard cannot read back).
    pub game: String,
    pub rules_parts: u32,
    pub shown: u32,
    /// For a spectator: whether the server lets its window show every site known (else what
    /// the seat to act knows).
    pub sees_all: bool,
}

impl Welcome {
    /// The game line a welcome carries, or why it is not one.
    pub fn game_line(&self) -> std::result::Result<GameLine, String> {
        serde_json::from_str(&self.game).map_err(|e| format!("the welcome's game line: {e}"))
    }
}

/// The bytes of a rule file's text in one [`RulesPart`].
pub const RULES_PART: usize = 8 * 1024;
/// The longest rule file a server sends and a client takes, in bytes (the default's is 9 KB).
pub const MAX_RULES_TEXT: usize = 256 * 1024;

/// A part of the text of the rules the game is played by (the file as the server loaded it,
/// which the game line's rules hash is of), the `part`-th of `parts`.
#[derive(Message, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesPart {
    pub epoch: u32,
    pub part: u32,
    pub parts: u32,
    pub bytes: Vec<u8>,
}

/// The most sites a [`Shown`] message carries (each takes at most 16 bytes).
pub const SHOWN_PART: usize = 512;

/// Sites shown so far, for a client just welcomed: a part of them.
#[derive(Message, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shown {
    pub epoch: u32,
    pub sites: Vec<ShownSite>,
}

/// An action the server fed to the rules pipeline: the `index`-th of the game, and the sites
/// some faction came to know in the frame it ran in (on the first action of the frame). The
/// first action also carries the game's length, which the host may have chosen after the
/// welcome.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ran {
    pub index: u32,
    pub action: Action,
    pub shown: Vec<ShownSite>,
    pub phases: Option<u32>,
}

/// The game's digest once `after` actions have been played (sent when the phase turns, and at
/// the game's end with `last` and the salt), after the sites `shown` since the last action.
#[derive(Message, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    pub after: u32,
    pub phase: u32,
    pub digest: u64,
    /// The game is over: nothing follows.
    pub last: bool,
    /// The salt the sites were rolled with, told when the game is over.
    pub salt: Option<u64>,
    pub shown: Vec<ShownSite>,
}

/// A client's word that its game's digest differs from the server's: it asks for the game as
/// the server has it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Desync {
    pub after: u32,
}

/// The bytes of a save text in one snapshot part (under renet's slice of 1,200 bytes).
pub const SNAPSHOT_PART: usize = 1000;
/// The largest snapshot the server sends and a client takes, in bytes: within what the
/// server's channel to the client may hold at once (`transport::SERVER_CHANNEL_BYTES`).
pub const MAX_SNAPSHOT: usize = 4 * 1024 * 1024;

/// A part of the game as the server has it once `after` actions are played: the save's text in
/// `parts` parts, of which this is the `part`-th.
#[derive(Message, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SnapshotPart {
    pub after: u32,
    pub part: u32,
    pub parts: u32,
    pub bytes: Vec<u8>,
}

/// Why the server did not do what the client asked.
#[derive(Message, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Denied(pub String);

impl Denied {
    pub fn new(reason: impl Into<String>) -> Denied {
        let mut reason: String = reason.into();
        if reason.len() > MAX_REASON {
            let mut end = MAX_REASON;
            while !reason.is_char_boundary(end) {
                end -= 1;
            }
            reason.truncate(end);
        }
        Denied(reason)
    }
}

/// The protocol, registered alike on the server and every client. A client is let in by its
/// [`Credentials`] (the server authorizes it itself, replicon's `AuthMethod::Custom`), so one of
/// another version or another build, or insisting on other rules, is refused at connect with
/// the reason.
pub struct Protocol;

impl Plugin for Protocol {
    fn build(&self, app: &mut App) {
        // First, so a client of another build still reads and writes it alike.
        app.add_client_message_with(
            Channel::Ordered,
            write::<ClientSendCtx, Credentials>,
            read::<ServerReceiveCtx, Credentials, MAX_CLIENT_MESSAGE>,
        )
        .add_server_message_with(
            Channel::Ordered,
            write::<ServerSendCtx, Denied>,
            read::<ClientReceiveCtx, Denied, MAX_SERVER_MESSAGE>,
        )
        // A refusal reaches a client that is not let in.
        .make_message_independent::<Denied>()
        .add_client_message_with(
            Channel::Ordered,
            write::<ClientSendCtx, Hello>,
            read::<ServerReceiveCtx, Hello, MAX_CLIENT_MESSAGE>,
        )
        .add_client_message_with(
            Channel::Ordered,
            write::<ClientSendCtx, Intent>,
            read::<ServerReceiveCtx, Intent, MAX_CLIENT_MESSAGE>,
        )
        .add_client_message_with(
            Channel::Ordered,
            write::<ClientSendCtx, LobbyWord>,
            read::<ServerReceiveCtx, LobbyWord, MAX_CLIENT_MESSAGE>,
        )
        .add_client_message_with(
            Channel::Ordered,
            write::<ClientSendCtx, Desync>,
            read::<ServerReceiveCtx, Desync, MAX_CLIENT_MESSAGE>,
        )
        .add_server_message_with(
            Channel::Ordered,
            write::<ServerSendCtx, SnapshotPart>,
            read::<ClientReceiveCtx, SnapshotPart, MAX_SERVER_MESSAGE>,
        )
        .add_server_message_with(
            Channel::Ordered,
            write::<ServerSendCtx, Welcome>,
            read::<ClientReceiveCtx, Welcome, MAX_SERVER_MESSAGE>,
        )
        .add_server_message_with(
            Channel::Ordered,
            write::<ServerSendCtx, RulesPart>,
            read::<ClientReceiveCtx, RulesPart, MAX_SERVER_MESSAGE>,
        )
        .add_server_message_with(
            Channel::Ordered,
            write::<ServerSendCtx, Shown>,
            read::<ClientReceiveCtx, Shown, MAX_SERVER_MESSAGE>,
        )
        .add_server_message_with(
            Channel::Ordered,
            write::<ServerSendCtx, Ran>,
            read::<ClientReceiveCtx, Ran, MAX_SERVER_MESSAGE>,
        )
        .add_server_message_with(
            Channel::Ordered,
            write::<ServerSendCtx, Checkpoint>,
            read::<ClientReceiveCtx, Checkpoint, MAX_SERVER_MESSAGE>,
        );
        crate::lobby::plugin(app);
        let mut hasher = app.world_mut().resource_mut::<ProtocolHasher>();
        hasher.add_custom(env!("CARGO_PKG_VERSION"));
    }
}

use bevy_replicon::shared::message::ctx::{
    ClientReceiveCtx, ClientSendCtx, ServerReceiveCtx, ServerSendCtx,
};

fn write<C, M: Serialize>(_: &mut C, message: &M, out: &mut Vec<u8>) -> Result<()> {
    postcard_utils::to_extend_mut(message, out)?;
    Ok(())
}

/// Reads a message of at most `CAP` bytes; a longer one is refused before it is parsed.
fn read<C, M: DeserializeOwned, const CAP: usize>(_: &mut C, bytes: &mut Bytes) -> Result<M> {
    if bytes.len() > CAP {
        return Err(format!(
            "a message of {} bytes, over the limit of {CAP}",
            bytes.len()
        )
        .into());
    }
    Ok(postcard_utils::from_buf(bytes)?)
}

/// A name as the server keeps it: at most [`MAX_NAME`] bytes of printable characters, or
/// refused with the reason.
pub fn checked_name(name: &str) -> std::result::Result<String, String> {
    if name.is_empty() || name.len() > MAX_NAME {
        return Err(format!(
            "a name takes 1 to {MAX_NAME} bytes; this one has {}",
            name.len()
        ));
    }
    if name.chars().any(char::is_control) {
        return Err("a name holds no control characters".into());
    }
    Ok(name.to_string())
}
