//! Built features drawn over their hex, each in its own spot inside the token ring so several
//! fit on one hex and the hex's colour still shows: a flag in its owner's colour (top), a Pylon
//! of Purity (left), a Stag Station (right), a Boardwalk (bottom); an occupied hex also gets a
//! rim in its owner's colour. Chosen by the feature's effect, so a mod's renamed features draw
//! too. Every hex a Pylon of Purity protects shows a pale ward along its rim, so the ring reads
//! at a glance. Corruption has its own mark (`render::marks`).

use aeternus_core::play::restart::GameReset;
use bevy::platform::collections::HashSet;
use bevy::prelude::*;

use crate::ViewSystems;
use crate::render::HEX_SIZE;
use crate::render::art::{SpriteArt, TakeArt};
use crate::render::marks::{HexMarks, HexesToRedraw, clear_marks, mark};
use crate::render::shapes::{Shape, Shapes};
use crate::render::tokens::faction_colour;
use aeternus_core::mods::reload::RulesReloaded;
use aeternus_core::play::Occupied;
use aeternus_core::rules::FeatureEffect;
use aeternus_core::world::plugin::{Features, HexPos, HexWorld, WorldRules};

/// Above the town mark (2) and below the tokens.
const FEATURE_Z: f32 = 4.0;
const PYLON: Color = Color::srgb(0.78, 0.97, 1.0);
const STATION: Color = Color::srgb(0.93, 0.68, 0.36);
const BOARDWALK: Color = Color::srgb(0.62, 0.42, 0.24);
/// A flag nobody owns (a mod that generates flags).
const UNOWNED: Color = Color::srgb(0.85, 0.85, 0.85);
/// The ward's fallback outline.
const WARD: Color = Color::srgba(0.78, 0.97, 1.0, 0.6);
/// Above the tiles, under corruption (1) and towns (2).
const WARD_Z: f32 = 0.5;

/// The built features' marks.
struct Built;

/// The wards of the hexes pylons protect.
struct Warded;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<HexMarks<Built>>()
        .init_resource::<HexMarks<Warded>>()
        .add_message::<RulesReloaded>()
        .add_systems(
            Update,
            (
                (clear_marks::<Built>, clear_marks::<Warded>).run_if(on_message::<GameReset>),
                (update_marks, update_wards),
            )
                .chain()
                .after(TakeArt)
                .in_set(ViewSystems::Render),
        );
}

/// Where on its hex, in hex sizes from the centre, a feature of this effect is drawn.
fn spot(effect: &FeatureEffect) -> Option<Vec2> {
    Some(match effect {
        FeatureEffect::Occupy => Vec2::new(0.04, 0.3),
        FeatureEffect::Purify { .. } => Vec2::new(-0.32, -0.02),
        FeatureEffect::Stagway { .. } => Vec2::new(0.32, -0.04),
        FeatureEffect::CancelMovementEffects => Vec2::new(0.0, -0.36),
        FeatureEffect::Corruption { .. } | FeatureEffect::Decoration => return None,
    })
}

/// Redraws the marks of the hexes generated or edited this frame (a flag raised or lost comes
/// with an edit of its hex), and of every hex after a reload (faction colours may have
/// changed). Reads [`HexesToRedraw`], the hexes' features and owners, the rules and the shapes;
/// writes the marks.
fn update_marks(
    mut commands: Commands,
    mut redraw: HexesToRedraw,
    states: Query<(&HexPos, &Features, Option<&Occupied>)>,
    rules: WorldRules,
    shapes: Res<Shapes>,
    art: Option<Res<SpriteArt>>,
    mut marks: ResMut<HexMarks<Built>>,
) {
    let redraw = redraw.take().into_iter().filter_map(|e| states.get(e).ok());
    for (hex, features, owner) in redraw {
        marks.redraw(&mut commands, hex.0, |commands, centre| {
            let mut spawned = Vec::new();
            for f in features.0.iter() {
                let feature = &rules.features[f.0 as usize];
                let Some(spot) = spot(&feature.effect) else {
                    continue;
                };
                // The flag's image is grey: it takes its owner's colour; the others are
                // painted in their own.
                let (shape, colour, file, tint): (&Shape, Color, &str, Color) = match feature.effect
                {
                    FeatureEffect::Occupy => {
                        let c = owner.map_or(UNOWNED, |o| faction_colour(&rules, o.0));
                        (&shapes.flag, c, "flag", c)
                    }
                    FeatureEffect::Purify { .. } => (&shapes.pylon, PYLON, "pylon", Color::WHITE),
                    FeatureEffect::Stagway { .. } => {
                        (&shapes.station, STATION, "station", Color::WHITE)
                    }
                    _ => (&shapes.boardwalk, BOARDWALK, "boardwalk", Color::WHITE),
                };
                let at = centre + spot * HEX_SIZE;
                let name = format!("{} mark", feature.name);
                let sprite = match art.as_deref() {
                    Some(a) => a.sprite(file, shape.sprite(colour), shape.size, tint),
                    None => shape.sprite(colour),
                };
                spawned.push(commands.spawn(mark(name, sprite, at, FEATURE_Z)).id());
            }
            // An occupied hex is also rimmed in its owner's colour: territory reads at any zoom.
            if let Some(owner) = owner {
                let rim = shapes.outline_bold.sprite(faction_colour(&rules, owner.0));
                spawned.push(
                    commands
                        .spawn(mark("Occupied rim", rim, centre, FEATURE_Z - 0.5))
                        .id(),
                );
            }
            spawned
        });
    }
}

/// Draws the ward on each hex a pylon protects, following the hexes redrawn this frame: a hex
/// generated or edited is checked, and so is every hex within the radius of a pylon on it (a
/// pylon just built wards its ring). Reads [`HexesToRedraw`], the hexes' features, the store and
/// the shapes; writes the wards.
fn update_wards(
    mut commands: Commands,
    mut redraw: HexesToRedraw,
    hexes: Query<(&HexPos, &Features)>,
    world: Res<HexWorld>,
    shapes: Res<Shapes>,
    art: Option<Res<SpriteArt>>,
    mut marks: ResMut<HexMarks<Warded>>,
) {
    let pylons: Vec<_> = world.rules.pylons().collect();
    let mut check = HashSet::new();
    for (hex, features) in redraw.take().into_iter().filter_map(|e| hexes.get(e).ok()) {
        check.insert(hex.0);
        for &(pylon, radius) in &pylons {
            if features.0.contains(pylon) {
                check.extend(hex.0.range(radius));
            }
        }
    }
    let shape = &shapes.outline;
    for hex in check {
        let warded = world.is_generated(hex) && world.purified(hex);
        marks.redraw(&mut commands, hex, |commands, centre| {
            if !warded {
                return Vec::new();
            }
            let sprite = match art.as_deref() {
                Some(a) => a.sprite("protected", shape.sprite(WARD), shape.size, Color::WHITE),
                None => shape.sprite(WARD),
            };
            vec![commands.spawn(mark("Ward", sprite, centre, WARD_Z)).id()]
        });
    }
}

#[cfg(test)]
mod tests {
    use hexx::Hex;

    use super::*;
    use aeternus_core::play::Faction;
    use aeternus_core::rules::Rules;
    use aeternus_core::world::plugin::{HexEdited, HexWorld};

    /// The colour of the one occupied rim drawn, if any.
    fn rim_colour(app: &mut App) -> Option<Color> {
        let mut q = app.world_mut().query::<(&Name, &Sprite)>();
        let rims: Vec<Color> = q
            .iter(app.world())
            .filter(|(n, _)| n.as_str() == "Occupied rim")
            .map(|(_, s)| s.color)
            .collect();
        assert!(rims.len() <= 1, "old rims left behind: {rims:?}");
        rims.first().copied()
    }

    #[test]
    fn flags_take_their_factions_new_colour_when_the_rules_are_reloaded() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<Assets<Image>>();
        app.add_plugins(aeternus_core::CorePlugin {
            rules: Rules::aeternus(),
            seed: 7,
        });
        app.add_plugins((crate::render::shapes::plugin, plugin));
        app.update();
        let hex = app
            .world_mut()
            .query::<(Entity, &HexPos)>()
            .iter(app.world())
            .find(|(_, h)| h.0 == Hex::ZERO)
            .map(|(e, _)| e)
            .expect("the origin is generated");
        // A flag raised, by hand: the feature in the store and on the hex, its owner, and the
        // edit of the hex that comes with them (without the feature, flags would take it down).
        let mut world = app.world_mut().resource_mut::<HexWorld>();
        let flag = world.rules.feature("Flag").unwrap();
        let d = world.get(Hex::ZERO).unwrap();
        let mut features = d.features;
        features.insert(flag);
        world.set_state(Hex::ZERO, d.landmark, features);
        (app.world_mut().entity_mut(hex)).insert((Features(features), Occupied(Faction(0))));
        app.world_mut().write_message(HexEdited { hex: Hex::ZERO });
        app.update();
        let was = rim_colour(&mut app).expect("an occupied hex has a rim");
        assert_eq!(was, faction_colour(&Rules::aeternus(), Faction(0)));

        let mut world = app.world_mut().resource_mut::<HexWorld>();
        world.rules.play.factions[0].colour = [1, 2, 3];
        app.world_mut().write_message(RulesReloaded {
            source: "mod.ron".into(),
        });
        app.update();
        app.update();
        assert_eq!(rim_colour(&mut app), Some(Color::srgb_u8(1, 2, 3)));
    }

    /// A pylon built by hand wards every generated hex within its radius, and no other.
    #[test]
    fn a_pylon_wards_its_ring() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<Assets<Image>>();
        app.add_plugins(aeternus_core::CorePlugin {
            rules: Rules::aeternus(),
            seed: 7,
        });
        app.add_plugins((crate::render::shapes::plugin, plugin));
        app.world_mut().spawn(aeternus_core::world::plugin::Viewer {
            hex: Hex::ZERO,
            radius: 4,
        });
        app.update();
        app.update();
        let wards = |app: &mut App| {
            let mut q = app.world_mut().query::<(&Name, &Transform)>();
            q.iter(app.world())
                .filter(|(n, _)| n.as_str() == "Ward")
                .count()
        };
        assert_eq!(wards(&mut app), 0);
        let mut world = app.world_mut().resource_mut::<HexWorld>();
        let (pylon, radius) = world.rules.pylons().next().unwrap();
        let d = world.get(Hex::ZERO).unwrap();
        let mut features = d.features;
        features.insert(pylon);
        world.set_state(Hex::ZERO, d.landmark, features);
        let ring = Hex::ZERO
            .range(radius)
            .filter(|&h| world.is_generated(h))
            .count();
        let origin = (app.world_mut().query::<(Entity, &HexPos)>())
            .iter(app.world())
            .find(|(_, h)| h.0 == Hex::ZERO)
            .map(|(e, _)| e)
            .unwrap();
        app.world_mut()
            .entity_mut(origin)
            .insert(Features(features));
        app.world_mut().write_message(HexEdited { hex: Hex::ZERO });
        app.update();
        assert!(ring >= 7);
        assert_eq!(wards(&mut app), ring);

        // A new game in place of this one: the old world's wards go with it.
        let fresh = HexWorld::new(Rules::aeternus(), 8);
        aeternus_core::play::restart::restart(app.world_mut(), fresh);
        app.update();
        app.update();
        assert_eq!(wards(&mut app), 0);
    }
}
