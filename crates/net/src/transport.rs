//! renet over UDP, netcode's unsecure mode: the sockets, and the channels' limits set rather
//! than left at renet's defaults. Unsecure mode sends in clear and trusts what a client says of
//! itself: fine on a LAN, not across the internet (docs/online.md says what a secure setup
//! needs).

use std::net::{SocketAddr, UdpSocket};
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::netcode::{
    ClientAuthentication, NetcodeClientTransport, NetcodeServerTransport, ServerAuthentication,
    ServerConfig,
};
use bevy_replicon_renet::renet::ConnectionConfig;
use bevy_replicon_renet::{RenetChannelsExt, RenetClient, RenetServer};

use crate::protocol::PROTOCOL_ID;

/// What the server keeps of a client's channel before it disconnects the client: far above an
/// honest client's few intents in flight, far below what would hurt the server.
pub const CLIENT_CHANNEL_BYTES: usize = 64 * 1024;
/// What a client keeps of a server's channel: a late joiner's history of a long game.
pub const SERVER_CHANNEL_BYTES: usize = 8 * 1024 * 1024;
/// The most clients a server takes at once (players and spectators).
pub const MAX_CLIENTS: usize = 72;

/// The connection's channels, from the protocol's registrations (read after them).
fn connection(channels: &RepliconChannels) -> ConnectionConfig {
    let mut client = channels.client_configs();
    for c in &mut client {
        c.max_memory_usage_bytes = CLIENT_CHANNEL_BYTES;
    }
    let mut server = channels.server_configs();
    for c in &mut server {
        c.max_memory_usage_bytes = SERVER_CHANNEL_BYTES;
    }
    ConnectionConfig {
        server_channels_config: server,
        client_channels_config: client,
        ..default()
    }
}

fn now() -> Duration {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
}

/// Opens the server's socket on `addr` (port 0: any free port) in `app`; returns the address
/// it listens on.
pub fn listen(app: &mut App, addr: SocketAddr) -> std::io::Result<SocketAddr> {
    let socket = UdpSocket::bind(addr)?;
    let bound = socket.local_addr()?;
    let config = ServerConfig {
        current_time: now(),
        max_clients: MAX_CLIENTS,
        protocol_id: PROTOCOL_ID,
        public_addresses: vec![bound],
        authentication: ServerAuthentication::Unsecure,
    };
    let transport = NetcodeServerTransport::new(config, socket)?;
    let server = RenetServer::new(connection(app.world().resource::<RepliconChannels>()));
    app.insert_resource(server).insert_resource(transport);
    Ok(bound)
}

/// Connects `app` to the server at `server`, from a socket of its own on the same kind of
/// address.
pub fn connect(app: &mut App, server: SocketAddr) -> std::io::Result<()> {
    let local: SocketAddr = if server.is_ipv4() {
        "0.0.0.0:0".parse().expect("an address")
    } else {
        "[::]:0".parse().expect("an address")
    };
    let socket = UdpSocket::bind(local)?;
    // netcode ignores a second connection from a client id it knows: a random one each time.
    let auth = ClientAuthentication::Unsecure {
        protocol_id: PROTOCOL_ID,
        client_id: rand::random(),
        server_addr: server,
        user_data: None,
    };
    let transport = NetcodeClientTransport::new(now(), auth, socket)
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    let client = RenetClient::new(connection(app.world().resource::<RepliconChannels>()));
    app.insert_resource(client).insert_resource(transport);
    Ok(())
}

/// The plugins a network app runs on: headless, replicon over renet, the server's tick every
/// frame (the stream goes out the frame it is written).
pub fn network_app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        RepliconPlugins
            .set(ServerPlugin::new(PostUpdate))
            // The server lets clients in itself, by their credentials, saying why not.
            .set(RepliconSharedPlugin {
                auth_method: AuthMethod::Custom,
            }),
        bevy_replicon_renet::RepliconRenetPlugins,
        crate::protocol::Protocol,
    ));
    app.finish();
    app.cleanup();
    // Every schedule on one thread, as a headless game's: the network's systems have little to
    // run side by side, and waking the pool's threads each frame cost an idle client most of
    // its time (in the kernel's task switches).
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    }
    app
}

/// Takes every message of a kind a network app received.
pub fn drain<M: Message>(net: &mut App) -> Vec<M> {
    let mut messages = net
        .world_mut()
        .resource_mut::<bevy::ecs::message::Messages<M>>();
    messages.drain().collect()
}
