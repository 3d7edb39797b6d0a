//! A window that plays an online game: the network client (`aeternus_net::client`) steps in the
//! window's frame, before the menus and the keys. It takes what the server sent, sends this
//! window's actions (the [`Outbox`] the keys and walks fill, for the [`OnlineSeat`] alone) as
//! intents, and writes the server's actions, in order, for the frame's rules to play, checking
//! the server's digests as the game reaches them (a mismatch takes the server's snapshot). It
//! keeps the window's lobby board ([`LobbyBoard`]) and sends what its person says there; when
//! the host chooses other rules, the window opens anew on them (the seat back with its key).

use std::path::PathBuf;

use bevy::prelude::*;

use crate::cli::online::{JoinArgs, ServeArgs};
use crate::game::TestOptions;
use aeternus_core::headless::Fault;
use aeternus_core::play::lobby::{LobbyBoard, LobbySays};
use aeternus_core::play::{InFlight, OnlineSeat, Outbox};
use aeternus_core::save::SaveGame;
use aeternus_core::schedule::FrameSystems;
use aeternus_net::client::Client;
use aeternus_net::protocol::{Intent, Role};
use aeternus_view::ViewSystems;
use aeternus_view::playview::Notice;
use aeternus_view::screens::Screen;

/// What a window client is given once welcomed: the client, where to save the game at its end
/// and how to open the window anew.
pub struct OnlineWindow {
    pub client: Client,
    pub save_at_end: Option<PathBuf>,
    /// How to open the window anew on other rules.
    pub rejoin: Rejoin,
}

/// `join`'s arguments to open the window anew, and where the seat's key is kept for it. The
/// new window joins again and is sent the rules and the game by the server, as this one was:
/// only the seat's key passes through a file (`--key-file`, the one way `join` takes a key).
#[derive(Debug, Clone)]
pub struct Rejoin {
    pub args: Vec<std::ffi::OsString>,
    pub key_file: PathBuf,
    /// Where this process runs the server (`serve --host`), which replacing the process would
    /// end: the window closes, leaving the arguments here, and the process opens the new
    /// window as a child, serving on.
    pub serving: Option<Respawn>,
}

/// The arguments of a window to open as a child process, once this one has closed.
pub type Respawn = std::sync::Arc<std::sync::Mutex<Option<Vec<std::ffi::OsString>>>>;

/// Opens the game's window on an online game: `save` is the game as the client built it, on
/// the rules it checked from the server's text, both handed to the window in memory (the save
/// checked against the rules as any save is), and `client` plays on in the window's frame. `args` and `tests`: the command line's `join` and the window tests'
/// options (`--screenshot`, `--press`); `serving`: this process runs the server (where the
/// window's arguments go to open it anew).
pub fn open_window(
    client: Client,
    save: SaveGame,
    args: &JoinArgs,
    tests: &TestOptions,
    serving: Option<Respawn>,
) -> Result<(), Fault> {
    // The rules come with the game's length the server set.
    let rules = (client.setup().map(|s| s.rules.clone()))
        .ok_or_else(|| Fault::BadInput("the server: its game came before its rules".into()))?;
    let world = save.world(&rules, "the server's game")?;
    // Autosaves, F5 and the end's save go beside --save, apart from local games' saves.
    let save_path = (args.save.file.clone())
        .unwrap_or_else(|| aeternus_core::save::saves_folder().join("aeternus-online.ron"));
    let online = OnlineWindow {
        client,
        save_at_end: Some(save_path.clone()),
        rejoin: rejoin(args, &save_path, tests, serving),
    };
    // The window's game takes the save; the sites it shows are read from it once the window
    // holds its site layer.
    let game = save.clone();
    crate::game::run_game(game, world, save_path, tests, move |app| {
        online.install(app, &save)
    })
}

/// The arguments that join the same server anew in a window: the seat's key in `--key-file`
/// (the one given, else one in the system's temporary folder).
fn rejoin(
    args: &JoinArgs,
    save_path: &std::path::Path,
    tests: &TestOptions,
    serving: Option<Respawn>,
) -> Rejoin {
    let key_file = (args.key_file.clone()).unwrap_or_else(|| {
        std::env::temp_dir().join(format!("aeternus-join-{}.key", std::process::id()))
    });
    let mut argv: Vec<std::ffi::OsString> = vec![
        "join".into(),
        args.addr.clone().into(),
        "--name".into(),
        args.name.clone().into(),
        "--save".into(),
        save_path.into(),
    ];
    if args.spectate {
        argv.push("--spectate".into());
    } else {
        argv.extend(["--key-file".into(), key_file.clone().into()]);
    }
    if let Some(shot) = &tests.screenshot {
        argv.extend(["--screenshot".into(), shot.clone().into()]);
    }
    Rejoin {
        args: argv,
        key_file,
        serving,
    }
}

/// `serve --host`: the server in a thread of this process, and this machine's person joining
/// its first free seat in the game's window; the process ends with the window (with the
/// window opened anew as a child, when the host chose other rules, once that one ends).
pub fn host(args: &ServeArgs, tests: &TestOptions) -> Result<(), Fault> {
    let (tell, told) = std::sync::mpsc::channel();
    let serve = args.clone();
    std::thread::spawn(move || {
        if let Err(e) = crate::cli::online::run_serve(&serve, Some(tell)) {
            eprintln!("aeternus: the hosted game's server: {e}");
        }
    });
    let addr = told
        .recv_timeout(std::time::Duration::from_secs(30))
        .map_err(|_| Fault::Io("the hosted game's server did not start (said above)".into()))?;
    let join = JoinArgs {
        addr: format!("127.0.0.1:{}", addr.port()),
        name: "Host".into(),
        spectate: false,
        headless: false,
        bot: None,
        key_file: None,
        start: false,
        length: None,
        choose_rules: None,
        rules: None,
        save: args.save.clone(),
    };
    let respawn = Respawn::default();
    let window = respawn.clone();
    let played = crate::cli::online::run_join(&join, |client, save| {
        open_window(client, save, &join, tests, Some(window))
    });
    let again = respawn.lock().ok().and_then(|mut r| r.take());
    let Some(args) = again else {
        return played;
    };
    let exe = std::env::current_exe().map_err(|e| Fault::Io(format!("the game's program: {e}")))?;
    let status = std::process::Command::new(exe)
        .args(&args)
        .status()
        .map_err(|e| Fault::Io(format!("cannot open the window anew: {e}")))?;
    match status.success() {
        true => Ok(()),
        false => Err(Fault::Io(format!(
            "the window opened anew ended with {status}"
        ))),
    }
}

/// How this window opens anew on other rules.
#[derive(Resource, Debug)]
struct RejoinArgs(Rejoin);

/// Where the game is saved when it ends, and whether it was.
#[derive(Resource, Debug, Default)]
struct SaveAtEnd {
    path: Option<PathBuf>,
    done: bool,
}

impl OnlineWindow {
    /// Wires the client into the window's app (its game loaded from `save`): the seat its
    /// keys play, the outbox, the sites shown so far, and the frame's network step.
    pub fn install(self, app: &mut App, save: &SaveGame) -> Result<(), Fault> {
        let seat = match self.client.role {
            Some(Role::Seat { player, .. }) => Some(aeternus_core::play::PlayerId(player)),
            _ => None,
        };
        let shown = (save.shown_in(app.world(), "the server's game"))
            .map_err(|e| Fault::BadInput(e.to_string()))?;
        aeternus_core::sites::shown::show(app.world_mut(), &shown)
            .map_err(|e| Fault::BadInput(format!("the server: sites shown: {e}")))?;
        let sees_all = seat.is_none() && self.client.sees_all();
        let board = LobbyBoard {
            mine: seat.map(|p| p.0),
            ..default()
        };
        app.insert_resource(RejoinArgs(self.rejoin));
        app.insert_non_send(self.client)
            .insert_resource(board)
            .init_resource::<LobbySays>()
            .insert_resource(OnlineSeat(seat))
            .insert_resource(aeternus_core::play::SpectatorSeesAll(sees_all))
            .init_resource::<Outbox>()
            .init_resource::<InFlight>()
            .insert_resource(SaveAtEnd {
                path: self.save_at_end,
                done: false,
            })
            .add_systems(
                Update,
                step.after(FrameSystems::Reload)
                    .before(ViewSystems::MenuInput),
            );
        Ok(())
    }
}

/// The network's step in the window's frame (see the module's words). A fault (a server that
/// breaks the protocol) is told in the notice and ends the window's part in the game. `frames`:
/// the frames run so far (the first plays the loaded game's first sight alone, as the server's
/// first frame did).
fn step(world: &mut World, mut frames: Local<u32>) {
    let Some(mut client) = world.remove_non_send::<Client>() else {
        return;
    };
    *frames = frames.saturating_add(1);
    match step_client(world, &mut client, *frames) {
        Ok(()) => {
            world.insert_non_send(client);
        }
        // The window closes to open anew.
        Err(Fault::Closed) => {}
        Err(e) => {
            error!("the online game: {e}");
            world.resource_mut::<Notice>().0 = Some(format!("Left the online game: {e}"));
        }
    }
}

fn step_client(world: &mut World, client: &mut Client, frames: u32) -> Result<(), Fault> {
    client.receive()?;
    if client.rules_changed {
        return open_anew(world, client);
    }
    keep_board(world, client);
    let out = std::mem::take(&mut world.resource_mut::<Outbox>().0);
    let sent = !out.is_empty();
    for action in out {
        client.send(Intent(action));
    }
    if sent {
        // The intents go out now rather than a frame later.
        client.net.update();
    }
    // The rules run only in the game's screen: the actions wait while the menu is open (the
    // last checkpoint is checked once the game is over).
    let playing = world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| matches!(s.get(), Screen::Game | Screen::GameOver));
    if playing && frames > 1 {
        client.advance(world)?;
    }
    world.resource_mut::<InFlight>().0 = client.in_flight();
    if let Some(refused) = client.refusals.pop() {
        world.resource_mut::<Notice>().0 = Some(format!("The server refused: {refused}"));
    }
    if client.is_over() {
        save_at_end(world)?;
    }
    Ok(())
}

/// Copies the lobby the client last heard into the window's board (when it changed, so the
/// panel draws anew only then), and sends what the window's person said there.
fn keep_board(world: &mut World, client: &mut Client) {
    let (seats, table) = client.lobby();
    let mut board = world.resource_mut::<LobbyBoard>();
    if board.seats != seats || board.table != table {
        board.seats = seats;
        board.table = table;
    }
    for word in std::mem::take(&mut world.resource_mut::<LobbySays>().0) {
        client.say(word);
    }
}

/// The host chose other rules: the window opens anew on them, its seat taken back with its key
/// (the client leaves first, so the server frees the seat for it).
fn open_anew(world: &mut World, client: &mut Client) -> Result<(), Fault> {
    let Some(RejoinArgs(rejoin)) = world.remove_resource::<RejoinArgs>() else {
        return Err(Fault::BadInput("the window is opening anew already".into()));
    };
    if let Some(Role::Seat { key, .. }) = client.role {
        crate::cli::online::write_key(&rejoin.key_file, key)?;
    }
    client.leave();
    info!("the host chose other rules: the window opens anew on them");
    if let Some(respawn) = rejoin.serving {
        if let Ok(mut r) = respawn.lock() {
            *r = Some(rejoin.args);
        }
        world.write_message(AppExit::Success);
        return Err(Fault::Closed);
    }
    Err(Fault::Io(aeternus_view::screens::start::relaunch(
        &rejoin.args,
    )))
}

/// Saves the game once it is over, where `--save` said (the server's and every client's
/// saves are then the same, byte for byte).
fn save_at_end(world: &mut World) -> Result<(), Fault> {
    let Some(path) = world
        .resource::<SaveAtEnd>()
        .path
        .clone()
        .filter(|_| !world.resource::<SaveAtEnd>().done)
    else {
        return Ok(());
    };
    world.resource_mut::<SaveAtEnd>().done = true;
    let text = aeternus_core::save::capture(world).to_ron();
    aeternus_core::save::write_atomic(&path, &text)
        .map_err(|e| Fault::Io(format!("{}: cannot write the save: {e}", path.display())))
}
