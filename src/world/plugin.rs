//! The world as ECS: each generated hex is an entity, [`HexIndex`] maps hexes to entities, and one
//! system performs every generation requested through [`GenerateHex`].

use bevy::ecs::system::SystemParam;
use bevy::ecs::system::SystemState;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;

use super::{Cause, HexWorld};
use crate::AppSystems;
use crate::hex::view_order;
use crate::rules::{BiomeId, FeatureSet, LandmarkId, Rules};

/// The world store and its rules, as a resource.
#[derive(Resource, Deref, DerefMut)]
pub struct WorldMap(pub HexWorld);

/// A hex's position; every hex entity has one.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash, Deref)]
pub struct HexPos(pub Hex);

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Deref)]
pub struct Biome(pub BiomeId);

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Deref)]
pub struct Landmark(pub LandmarkId);

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Deref)]
pub struct Features(pub FeatureSet);

/// When and why the hex was generated.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generated {
    pub order: u32,
    pub cause: Cause,
}

/// Hex -> entity, for every generated hex.
#[derive(Resource, Default, Deref)]
pub struct HexIndex(pub HashMap<Hex, Entity>);

/// A request to generate a hex (ignored when it is already generated).
#[derive(Message, Debug, Clone, Copy)]
pub struct GenerateHex {
    pub hex: Hex,
    pub cause: Cause,
}

/// Sent for a request the world refused: the hex stays indeterminate.
#[derive(Message, Debug, Clone, Copy)]
pub struct GenerationRefused {
    pub hex: Hex,
    pub cause: Cause,
    pub error: super::limits::LimitError,
}

/// Sent for every hex generated, the pocket lakes included.
#[derive(Message, Debug, Clone, Copy)]
pub struct HexGenerated {
    pub hex: Hex,
    pub entity: Entity,
    pub cause: Cause,
}

/// Something that sees: hexes within `radius` of it are generated as they come into view,
/// nearest first, then clockwise from North.
#[derive(Component, Debug, Clone, Copy)]
pub struct Viewer {
    pub hex: Hex,
    pub radius: u32,
}

/// Builds the world for a ruleset and seed.
pub struct WorldPlugin {
    pub rules: Rules,
    pub seed: u64,
}

impl Plugin for WorldPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.rules.clone())
            .insert_resource(WorldMap(HexWorld::new(self.rules.clone(), self.seed)))
            .init_resource::<HexIndex>()
            .add_message::<GenerateHex>()
            .add_message::<HexGenerated>()
            .add_message::<GenerationRefused>()
            .add_systems(Startup, spawn_existing)
            .add_systems(
                Update,
                (request_view, generate_hexes)
                    .chain()
                    .in_set(AppSystems::Generate),
            );
    }
}

/// Generates and edits hexes from any system while keeping the store and the hex entities
/// alike: the store changes at once (later reads in the same system see it), the entities when
/// the system's commands are applied. Play rules that must see a hex before the Generate stage
/// (a move target) generate through this; every change of landmark or features goes through it.
#[derive(SystemParam)]
pub struct HexEditor<'w, 's> {
    pub commands: Commands<'w, 's>,
    map: ResMut<'w, WorldMap>,
    index: ResMut<'w, HexIndex>,
    generated: MessageWriter<'w, HexGenerated>,
    refused: MessageWriter<'w, GenerationRefused>,
}

impl HexEditor<'_, '_> {
    pub fn world(&self) -> &HexWorld {
        &self.map
    }

    /// The hex's entity (also for one spawned by this system, whose commands are pending).
    pub fn entity(&self, hex: Hex) -> Option<Entity> {
        self.index.get(&hex).copied()
    }

    /// Generates `hex` if indeterminate, and any pocket it closes; spawns their entities. A hex
    /// the world's limits refuse stays indeterminate (and is announced as refused).
    pub fn generate(
        &mut self,
        hex: Hex,
        cause: Cause,
    ) -> Result<std::ops::Range<u32>, super::limits::LimitError> {
        let made = self.map.generate(hex, cause).inspect_err(|&error| {
            self.refused.write(GenerationRefused { hex, cause, error });
        })?;
        spawn_range(
            &mut self.commands,
            &self.map,
            &mut self.index,
            made.clone(),
            &mut self.generated,
        );
        Ok(made)
    }

    /// Sets a generated hex's landmark and features in the store and on its entity.
    pub fn set_state(&mut self, hex: Hex, landmark: LandmarkId, features: FeatureSet) {
        self.map.set_state(hex, landmark, features);
        if let Some(e) = self.entity(hex) {
            self.commands
                .entity(e)
                .insert((Landmark(landmark), Features(features)));
        }
    }
}

fn spawn_range(
    commands: &mut Commands,
    world: &HexWorld,
    index: &mut HexIndex,
    orders: std::ops::Range<u32>,
    out: &mut MessageWriter<HexGenerated>,
) {
    for o in orders {
        let bundle = hex_bundle(world, o);
        let (hex, cause) = (bundle.0.0, bundle.4.cause);
        let e = commands.spawn(bundle).id();
        index.0.insert(hex, e);
        out.write(HexGenerated {
            hex,
            entity: e,
            cause,
        });
    }
}

/// The components of the hex generated `order`-th.
fn hex_bundle(world: &HexWorld, order: u32) -> (HexPos, Biome, Landmark, Features, Generated) {
    let d = world.data_of_order(order);
    (
        HexPos(d.hex),
        Biome(d.biome),
        Landmark(d.landmark),
        Features(d.features),
        Generated {
            order,
            cause: world.cause(order),
        },
    )
}

/// Spawns entities for what the store already holds (the origin).
fn spawn_existing(
    mut commands: Commands,
    world: Res<WorldMap>,
    mut index: ResMut<HexIndex>,
    mut out: MessageWriter<HexGenerated>,
) {
    let n = world.len() as u32;
    spawn_range(&mut commands, &world, &mut index, 0..n, &mut out);
}

/// Viewers that appeared or moved ask for every hex in their view, in view order.
fn request_view(
    viewers: Query<&Viewer, Changed<Viewer>>,
    world: Res<WorldMap>,
    mut requests: MessageWriter<GenerateHex>,
) {
    for v in &viewers {
        for hex in view_order(v.hex, v.radius) {
            if !world.is_generated(hex) {
                requests.write(GenerateHex {
                    hex,
                    cause: Cause::View,
                });
            }
        }
    }
}

/// The one system that generates hexes: in request order, each followed by any pocket it closes.
/// Exclusive, so a frame's new hexes are spawned in one batch (the fast path for many entities).
pub fn generate_hexes(world: &mut World, requests: &mut SystemState<MessageReader<GenerateHex>>) {
    let asked: Vec<GenerateHex> = match requests.get_mut(world) {
        Ok(mut reader) => reader.read().copied().collect(),
        Err(_) => return,
    };
    if asked.is_empty() {
        return;
    }
    world.resource_scope(|world, mut map: Mut<WorldMap>| {
        let first = map.len() as u32;
        let mut refused = Vec::new();
        for r in &asked {
            if let Err(error) = map.generate(r.hex, r.cause) {
                refused.push(GenerationRefused {
                    hex: r.hex,
                    cause: r.cause,
                    error,
                });
            }
        }
        world.write_message_batch(refused);
        let made = first..map.len() as u32;
        let bundles: Vec<_> = made.clone().map(|o| hex_bundle(&map, o)).collect();
        let entities: Vec<Entity> = world.spawn_batch(bundles).collect();
        let mut index = world.resource_mut::<HexIndex>();
        index.0.reserve(entities.len());
        let mut news = Vec::with_capacity(entities.len());
        for (o, e) in made.zip(entities) {
            let hex = map.hex_of_order(o);
            index.0.insert(hex, e);
            news.push(HexGenerated {
                hex,
                entity: e,
                cause: map.cause(o),
            });
        }
        world.write_message_batch(news);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app(seed: u64) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        (crate::core_plugins(Rules::aeternus(), seed))(&mut app);
        app
    }

    #[test]
    fn a_viewer_generates_its_view_as_entities() {
        let mut app = app(9);
        app.world_mut().spawn(Viewer {
            hex: Hex::ZERO,
            radius: 3,
        });
        app.update();
        app.update();
        let n = app.world_mut().query::<&HexPos>().iter(app.world()).count();
        assert_eq!(n, 37);
        assert_eq!(app.world().resource::<HexIndex>().len(), 37);
        let origin = app.world().resource::<HexIndex>()[&Hex::ZERO];
        let rules = app.world().resource::<Rules>().clone();
        let e = app.world().entity(origin);
        assert_eq!(e.get::<Biome>().unwrap().0, rules.biome("Meadow").unwrap());
        assert_eq!(e.get::<Generated>().unwrap().cause, Cause::Origin);
        // The entities mirror the store.
        let rows: Vec<(HexPos, Biome, Generated)> = app
            .world_mut()
            .query::<(&HexPos, &Biome, &Generated)>()
            .iter(app.world())
            .map(|(p, b, g)| (*p, *b, *g))
            .collect();
        let map = app.world().resource::<WorldMap>();
        for (pos, b, g) in rows {
            let d = map.get(pos.0).unwrap();
            assert_eq!((d.biome, d.order), (b.0, g.order));
        }
    }

    #[test]
    fn a_request_that_closes_a_ring_spawns_the_lake() {
        let mut app = app(4);
        let centre = Hex::new(7, 3);
        for h in crate::hex::ring(centre, 1) {
            app.world_mut().write_message(GenerateHex {
                hex: h,
                cause: Cause::MoveTarget,
            });
        }
        app.update();
        let index = app.world().resource::<HexIndex>();
        let e = index[&centre];
        let g = *app.world().entity(e).get::<Generated>().unwrap();
        assert_eq!(g.cause, Cause::Pocket);
        assert_eq!(app.world().resource::<HexIndex>().len(), 8);
    }
}
