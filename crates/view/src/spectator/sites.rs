//! The spectator's sites: a star on every hex with sites that the spectator's chosen knowledge
//! holds — every site rolled, or what one faction at the table knows — drawn for the spectator
//! window's camera alone (its own render layer), so the game window keeps the seat to act's
//! view. F11 in the game window moves the choice on: every site, then each faction at the
//! table in turn, then every site again. It is drawn anew only when the choice, the layer or
//! what the factions know changed, and only the stars that changed come or go.

use bevy::camera::visibility::RenderLayers;
use bevy::ecs::system::SystemParam;
use bevy::platform::collections::{HashMap, HashSet};
use bevy::prelude::*;
use hexx::Hex;

use super::SpectatorWindow;
use crate::playview::seat::Table;
use crate::render::HEX_SIZE;
use crate::render::input::Command;
use crate::render::shapes::Shapes;
use aeternus_core::hex::layout;
use aeternus_core::play::restart::GameReset;
use aeternus_core::sites::{Knowledge, KnownSites, SiteLayer};

/// The spectator's own render layer: its camera sees it, the game window's does not.
pub const SPECTATOR_LAYER: usize = 2;
/// Above the tiles and marks, as the game window's stars.
const STAR_Z: f32 = 4.0;
/// Where on its hex the star stands, in hex sizes from the centre (as the game window's).
const SPOT: Vec2 = Vec2::new(-0.42, 0.3);

/// Whose knowledge of the sites the spectator sees: `None`, every site; `Some(f)`, what faction
/// `f` knows.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SpectatorKnowledge(pub Option<u32>);

impl SpectatorKnowledge {
    /// The next choice: every site, then each of `factions` in order, then every site again.
    pub fn next(self, factions: &[u32]) -> Self {
        let at = self.0.and_then(|f| factions.iter().position(|&g| g == f));
        Self(match at {
            None => factions.first().copied(),
            Some(i) => factions.get(i + 1).copied(),
        })
    }

    /// "every site" or "Ashen Host's": for the status line.
    pub fn describe(self, rules: &aeternus_core::rules::Rules) -> String {
        match self.0 {
            None => "every site".into(),
            Some(f) => format!("{}'s sites", rules.faction_name(f)),
        }
    }
}

/// The stars drawn, by hex.
#[derive(Resource, Default)]
struct SpectatorStars(HashMap<Hex, Entity>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SpectatorKnowledge>()
        .init_resource::<SpectatorStars>()
        .add_systems(
            Update,
            choose
                .run_if(crate::render::input::commanded(Command::SpectatorSites))
                // Before a save reads the game (it takes the whole world).
                .before(crate::playview::saving::save_game)
                .in_set(crate::ViewSystems::Commands),
        )
        .add_systems(
            Update,
            (
                drop_stars.run_if(on_message::<GameReset>),
                draw.run_if(resource_exists::<SiteLayer>.and_eager(resource_exists::<Shapes>)),
            )
                .chain()
                .in_set(crate::ViewSystems::Render),
        );
}

/// F11 moves the choice on through the factions at the table. Reads the players; writes
/// [`SpectatorKnowledge`].
fn choose(table: Table, mut chosen: ResMut<SpectatorKnowledge>) {
    let mut factions: Vec<u32> = table.in_order().iter().map(|s| s.faction.0).collect();
    factions.sort_unstable();
    factions.dedup();
    *chosen = chosen.next(&factions);
}

/// The hexes with sites that `known` holds: of the layer's hexes, or of those the faction
/// looked over, whichever it is.
fn starred(layer: &SiteLayer, knowledge: &Knowledge, chosen: SpectatorKnowledge) -> HashSet<Hex> {
    match chosen.0 {
        None => layer.placed.iter().map(|p| p.hex).collect(),
        Some(f) => {
            let known: KnownSites = layer.known_by(knowledge, f);
            (knowledge.of(f).into_iter())
                .flat_map(|k| k.hexes().map(|(h, _)| h))
                .filter(|&h| known.has_sites(h))
                .collect()
        }
    }
}

/// What the stars are drawn from: the knowledge chosen, the layer, what each faction knows and
/// the star's shape.
#[derive(SystemParam)]
struct StarSources<'w> {
    chosen: Res<'w, SpectatorKnowledge>,
    layer: Res<'w, SiteLayer>,
    knowledge: Res<'w, Knowledge>,
    shapes: Res<'w, Shapes>,
}

/// Brings the stars to what the choice holds now, when the choice, the layer or the factions'
/// knowledge changed or the window opened: the stars no longer held go, the new ones come.
/// None is kept while the window is closed: a star a site costs a sprite entity, and a world of
/// a million hexes holds most of a million sites. Reads [`SpectatorKnowledge`], the
/// [`SiteLayer`], [`Knowledge`], the shapes and whether the window is open; writes the stars.
fn draw(
    from: StarSources,
    window: Query<(), With<SpectatorWindow>>,
    mut was_open: Local<bool>,
    mut stars: ResMut<SpectatorStars>,
    mut commands: Commands,
) {
    let StarSources {
        chosen,
        layer,
        knowledge,
        shapes,
    } = from;
    let open = !window.is_empty();
    let opened = open && !std::mem::replace(&mut *was_open, open);
    if !open {
        if !stars.0.is_empty() {
            clear(&mut stars, &mut commands);
        }
        return;
    }
    if !(opened || chosen.is_changed() || layer.is_changed() || knowledge.is_changed()) {
        return;
    }
    let want = starred(&layer, &knowledge, *chosen);
    stars.0.retain(|hex, e| {
        let keep = want.contains(hex);
        if !keep {
            commands.entity(*e).despawn();
        }
        keep
    });
    let known = match chosen.0 {
        Some(f) => layer.known_by(&knowledge, f),
        None => layer.all_known(),
    };
    let layout = layout(HEX_SIZE);
    for hex in want {
        if stars.0.contains_key(&hex) {
            continue;
        }
        let Some(site) = known.sites_at(hex).next() else {
            continue;
        };
        let colour = crate::playview::path_colour(site.path);
        let at = layout.hex_to_world_pos(hex) + SPOT * HEX_SIZE;
        let e = commands
            .spawn((
                Name::new(format!("{} (spectator)", site.name)),
                shapes.site.sprite(colour),
                Transform::from_translation(at.extend(STAR_Z)),
                RenderLayers::layer(SPECTATOR_LAYER),
            ))
            .id();
        stars.0.insert(hex, e);
    }
}

/// A new game: the old game's stars go (the new layer's are drawn from its start). Writes the
/// stars.
fn drop_stars(mut stars: ResMut<SpectatorStars>, mut commands: Commands) {
    clear(&mut stars, &mut commands);
}

/// Despawns every star.
fn clear(stars: &mut SpectatorStars, commands: &mut Commands) {
    for (_, e) in stars.0.drain() {
        commands.entity(e).despawn();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aeternus_core::rules::Rules;
    use aeternus_core::sites::{STOOD_ON, SiteRules};

    #[test]
    fn f11_goes_from_every_site_through_each_faction_and_back() {
        let factions = [0, 2, 3];
        let mut k = SpectatorKnowledge::default();
        let mut seen = Vec::new();
        for _ in 0..5 {
            k = k.next(&factions);
            seen.push(k.0);
        }
        assert_eq!(seen, [Some(0), Some(2), Some(3), None, Some(0)]);
        assert_eq!(SpectatorKnowledge(None).next(&[]), SpectatorKnowledge(None));
    }

    /// A layer of two Mints, on `a` (seen by faction 1, not found) and `b` (stood on by it).
    fn two_mints() -> (SiteLayer, Knowledge, Hex, Hex) {
        let sites = SiteRules::from_str(
            r#"Sites(name: "two", base_frequency: 0, era: Middle,
            aeternus: (
                biomes: {"Meadow": (flags: ["plains"]), "Deceased Dunes": (flags: ["waste"]),
                    "Forest": (flags: ["forest"]), "Perilous Pass": (flags: ["mountains"]),
                    "Swamp": (flags: ["swamp"]), "Lake": (flags: ["sea"])},
                landmarks: {"Barren": (), "Town": (flags: ["farm"])},
            ),
            sites: [(name: "Mint", rarity: 0, find: 60, loc: ["plains"], lore: "Hidden.")])"#,
            "one.ron",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let mut layer = SiteLayer::new(sites, &Rules::aeternus()).unwrap();
        let (a, b) = (Hex::new(1, 0), Hex::new(-2, 1));
        layer.place(a, 0);
        layer.place(b, 0);
        let mut knowledge = Knowledge::default();
        knowledge.faction_mut(1).look(a, 0);
        knowledge.faction_mut(1).look(b, STOOD_ON);
        (layer, knowledge, a, b)
    }

    /// Every site, or only those a faction knows: a hidden site it has not found is no star.
    #[test]
    fn a_faction_shows_only_the_sites_it_knows() {
        let (layer, knowledge, a, b) = two_mints();
        let every = starred(&layer, &knowledge, SpectatorKnowledge(None));
        assert_eq!(every, [a, b].into_iter().collect());
        let ones = starred(&layer, &knowledge, SpectatorKnowledge(Some(1)));
        assert_eq!(ones, [b].into_iter().collect(), "a seen, not found");
        assert!(starred(&layer, &knowledge, SpectatorKnowledge(Some(0))).is_empty());
    }

    /// The stars cost a sprite a site: none is kept while the spectator window is closed (the
    /// game window's memory a hex), and they come with the window and go with it.
    #[test]
    fn stars_are_drawn_only_while_the_spectator_window_is_open() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Assets<Image>>();
        crate::render::shapes::plugin(&mut app);
        let (layer, knowledge, ..) = two_mints();
        app.insert_resource(layer)
            .insert_resource(knowledge)
            .init_resource::<SpectatorKnowledge>()
            .init_resource::<SpectatorStars>()
            .add_systems(Update, draw);
        let stars = |app: &mut App| {
            let mut q = app.world_mut().query_filtered::<(), With<Sprite>>();
            (
                app.world().resource::<SpectatorStars>().0.len(),
                q.iter(app.world()).count(),
            )
        };
        app.update();
        assert_eq!(stars(&mut app), (0, 0), "closed: no star");
        let window = app.world_mut().spawn(SpectatorWindow).id();
        app.update();
        assert_eq!(stars(&mut app), (2, 2), "open: a star a site known");
        app.world_mut().entity_mut(window).despawn();
        app.update();
        assert_eq!(stars(&mut app), (0, 0), "closed again: the stars went");
    }
}
