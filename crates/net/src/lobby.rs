//! The lobby, replicated by bevy_replicon from the server to every client: each seat (who plays
//! it, whether they are connected) and the table (started, the phase, whose turn, the turn
//! clock's time left). Only the lobby is replicated: the game itself is recomputed from the
//! actions.

use bevy::prelude::*;
use bevy_replicon::prelude::*;

pub use aeternus_core::play::lobby::{SeatView, TableView};

/// The lobby's replication rules (registered alike on the server and every client).
pub fn plugin(app: &mut App) {
    app.replicate::<SeatView>().replicate::<TableView>();
}

/// Spawns or updates the lobby's entities in a server's network world: one for each seat and
/// one for the table. A component is written only when it changed, so only changes travel.
pub fn show(world: &mut World, seats: &[SeatView], table: &TableView) {
    let mut shown = world.query::<(Entity, &SeatView)>();
    let have: Vec<(Entity, u32)> = (shown.iter(world)).map(|(e, s)| (e, s.seat)).collect();
    for seat in seats {
        match have.iter().find(|(_, s)| *s == seat.seat) {
            Some(&(e, _)) => {
                let mut view = world.get_mut::<SeatView>(e).expect("queried");
                if *view != *seat {
                    *view = seat.clone();
                }
            }
            None => {
                world.spawn((Replicated, seat.clone()));
            }
        }
    }
    let mut tables = world.query::<&mut TableView>();
    match tables.iter_mut(world).next() {
        Some(mut view) => {
            if *view != *table {
                *view = table.clone();
            }
        }
        None => {
            world.spawn((Replicated, table.clone()));
        }
    }
}

/// The lobby as a client's network world holds it: the seats in order, and the table.
pub fn read(world: &mut World) -> (Vec<SeatView>, Option<TableView>) {
    let mut seats: Vec<SeatView> = (world.query::<&SeatView>().iter(world)).cloned().collect();
    seats.sort_by_key(|s| s.seat);
    let table = world.query::<&TableView>().iter(world).next().cloned();
    (seats, table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::state::app::StatesPlugin;
    use bevy_replicon::test_app::ServerTestAppExt;

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            StatesPlugin,
            RepliconPlugins.set(ServerPlugin::new(PostUpdate)),
            plugin,
        ));
        app.finish();
        app
    }

    fn exchange(server: &mut App, client: &mut App) {
        server.update();
        server.exchange_with_client(client);
        client.update();
    }

    /// Seats and the table reach a client, and a change follows; no socket involved.
    #[test]
    fn the_lobby_reaches_a_client_and_follows_its_changes() {
        let (mut server, mut client) = (app(), app());
        server.connect_client(&mut client);
        let mut seats = vec![
            SeatView {
                seat: 0,
                kind: "human".into(),
                name: None,
                connected: false,
                ready: false,
                host: false,
            },
            SeatView {
                seat: 1,
                kind: "greedy".into(),
                name: None,
                connected: true,
                ready: false,
                host: false,
            },
        ];
        let mut table = TableView::default();
        show(server.world_mut(), &seats, &table);
        exchange(&mut server, &mut client);
        assert_eq!(
            read(client.world_mut()),
            (seats.clone(), Some(table.clone()))
        );
        seats[0].name = Some("Ada".into());
        seats[0].connected = true;
        seats[0].ready = true;
        seats[0].host = true;
        table.phases = 12;
        table.started = true;
        table.to_act = Some(0);
        table.rules = "Aeternus".into();
        table.offers = vec!["Aeternus".into(), "Quick".into()];
        show(server.world_mut(), &seats, &table);
        exchange(&mut server, &mut client);
        assert_eq!(read(client.world_mut()), (seats, Some(table)));
    }
}
