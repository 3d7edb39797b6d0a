//! Marks drawn over tiles, and [`HexMarks`], the one way the map views keep them: by hex, so a
//! hex's marks are drawn anew when it changes. Here: a disc for a Town, a small dark hex for
//! Corrupted; they follow changes to a hex's landmark and features (corruption spreads), not just
//! its generation.

use std::borrow::Cow;
use std::marker::PhantomData;

use aeternus_core::play::restart::GameReset;
use bevy::ecs::system::SystemParam;
use bevy::platform::collections::{HashMap, HashSet};
use bevy::prelude::*;
use hexx::Hex;

use super::HEX_SIZE;
use super::art::TakeArt;
use super::textures::{Textures, hex_texture_size};
use super::tiles::DrawTiles;
use crate::ViewSystems;
use aeternus_core::hex::layout;
use aeternus_core::mods::reload::RulesReloaded;
use aeternus_core::rules::{FeatureSet, LandmarkId};
use aeternus_core::world::HexWorld;
use aeternus_core::world::plugin::{
    Features, HexEdited, HexGenerated, HexIndex, HexPos, Landmark, WorldRules,
};

const TOWN_COLOUR: Color = Color::srgb(1.0, 0.93, 0.72);
const CORRUPTED_COLOUR: Color = Color::srgba(0.38, 0.08, 0.45, 0.9);

/// Above the tiles (z = 0); towns above corruption.
const CORRUPTED_Z: f32 = 1.0;
const TOWN_Z: f32 = 2.0;

/// Hex -> the mark entities drawn on it, for one layer of marks `L` (each view and kind of
/// mark keeps its own).
#[derive(Resource)]
pub(crate) struct HexMarks<L> {
    by_hex: HashMap<Hex, Vec<Entity>>,
    /// Sprite marks taken off their hex, hidden, for [`HexMarks::redraw_sprites`] to draw again
    /// elsewhere: a panning view takes a chunk's marks away as it brings another's, and
    /// rewriting a sprite costs a fraction of despawning one and spawning another.
    spare: Vec<Entity>,
    layer: PhantomData<fn() -> L>,
}

/// Spare marks kept at most.
pub(super) const SPARE_MARKS: usize = 2048;

impl<L> Default for HexMarks<L> {
    fn default() -> Self {
        Self {
            by_hex: HashMap::default(),
            spare: Vec::new(),
            layer: PhantomData,
        }
    }
}

impl<L> HexMarks<L> {
    /// Despawns the marks of `hex` and keeps those `draw` spawns instead; `draw` gets the hex's
    /// centre in the world.
    pub(crate) fn redraw(
        &mut self,
        commands: &mut Commands,
        hex: Hex,
        draw: impl FnOnce(&mut Commands, Vec2) -> Vec<Entity>,
    ) {
        for e in self.by_hex.remove(&hex).unwrap_or_default() {
            commands.entity(e).despawn();
        }
        let spawned = draw(commands, layout(HEX_SIZE).hex_to_world_pos(hex));
        if !spawned.is_empty() {
            self.by_hex.insert(hex, spawned);
        }
    }

    /// Draws `sprites` (name, sprite, place: x and y from the hex's centre, and z) as the marks
    /// of `hex`, in place of those it had: the sprite marks of [`HexMarks::forget`] and
    /// [`HexMarks::redraw_sprites`] only, which are reused rather than despawned.
    pub(crate) fn redraw_sprites(
        &mut self,
        commands: &mut Commands,
        hex: Hex,
        sprites: impl IntoIterator<Item = (Cow<'static, str>, Sprite, Vec3)>,
    ) {
        self.forget(commands, hex);
        let centre = layout(HEX_SIZE).hex_to_world_pos(hex);
        let drawn: Vec<Entity> = (sprites.into_iter())
            .map(|(name, sprite, place)| {
                let bundle = mark(name, sprite, centre + place.truncate(), place.z);
                match self.spare.pop() {
                    Some(e) => {
                        commands.entity(e).insert((bundle, Visibility::Inherited));
                        e
                    }
                    None => commands.spawn(bundle).id(),
                }
            })
            .collect();
        if !drawn.is_empty() {
            self.by_hex.insert(hex, drawn);
        }
    }

    /// Takes the sprite marks of `hex` away (hidden and kept to draw others, or despawned).
    pub(crate) fn forget(&mut self, commands: &mut Commands, hex: Hex) {
        for e in self.by_hex.remove(&hex).unwrap_or_default() {
            self.spare_or_despawn(commands, e);
        }
    }

    /// Takes the sprite marks of every hex `gone` says away, as [`HexMarks::forget`] does: one
    /// pass over the marks drawn, however many hexes go.
    pub(crate) fn forget_where(&mut self, commands: &mut Commands, gone: impl Fn(Hex) -> bool) {
        let mut taken = Vec::new();
        self.by_hex.retain(|&hex, marks| {
            let keep = !gone(hex);
            if !keep {
                taken.append(marks);
            }
            keep
        });
        for e in taken {
            self.spare_or_despawn(commands, e);
        }
    }

    fn spare_or_despawn(&mut self, commands: &mut Commands, e: Entity) {
        if self.spare.len() < SPARE_MARKS {
            commands.entity(e).insert(Visibility::Hidden);
            self.spare.push(e);
        } else {
            commands.entity(e).despawn();
        }
    }

    /// Despawns every mark.
    pub(crate) fn clear(&mut self, commands: &mut Commands) {
        let spare = std::mem::take(&mut self.spare);
        for e in self
            .by_hex
            .drain()
            .flat_map(|(_, marks)| marks)
            .chain(spare)
        {
            commands.entity(e).despawn();
        }
    }
}

/// Despawns every mark of layer `L` once a new game replaced the world (the new hexes' marks
/// are drawn as they come).
pub(crate) fn clear_marks<L: Send + Sync + 'static>(
    mut commands: Commands,
    mut marks: ResMut<HexMarks<L>>,
) {
    marks.clear(&mut commands);
}

/// A mark's name, sprite and place: the parts every mark has.
pub(crate) fn mark(
    name: impl Into<Cow<'static, str>>,
    sprite: Sprite,
    at: Vec2,
    z: f32,
) -> impl Bundle {
    (
        Name::new(name),
        sprite,
        Transform::from_translation(at.extend(z)),
    )
}

/// The hexes whose marks are out of date this frame, by message: those just generated
/// ([`HexGenerated`]) or edited ([`HexEdited`]: built, corrupted, cleansed, a flag raised or
/// lost), and every hex after the rules were reloaded ([`RulesReloaded`]). Views follow these
/// instead of scanning every hex entity each frame.
#[derive(SystemParam)]
pub(crate) struct HexesToRedraw<'w, 's> {
    generated: MessageReader<'w, 's, HexGenerated>,
    edited: MessageReader<'w, 's, HexEdited>,
    reloaded: MessageReader<'w, 's, RulesReloaded>,
    index: Res<'w, HexIndex>,
    /// New sprites redraw every mark.
    art: Option<Res<'w, super::art::SpriteArt>>,
}

impl HexesToRedraw<'_, '_> {
    /// The entities of this frame's hexes to redraw, each once (every message is read).
    pub(crate) fn take(&mut self) -> Vec<Entity> {
        let mut seen = HashSet::new();
        let news: Vec<Hex> = (self.generated.read().map(|g| g.hex))
            .chain(self.edited.read().map(|e| e.hex))
            .filter(|&hex| seen.insert(hex))
            .collect();
        let new_art = self.art.as_ref().is_some_and(|a| a.is_changed());
        if self.reloaded.read().count() > 0 || new_art {
            return self.index.entities().collect();
        }
        news.into_iter()
            .filter_map(|hex| self.index.get(&hex).copied())
            .collect()
    }
}

/// The town and corruption marks.
struct Terrain;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<HexMarks<Terrain>>()
        .add_message::<RulesReloaded>()
        .add_systems(
            Update,
            (
                clear_marks::<Terrain>.run_if(on_message::<GameReset>),
                update_marks.after(TakeArt).after(DrawTiles),
            )
                .chain()
                .in_set(ViewSystems::Render),
        );
}

/// What the town and corruption marks are drawn from: the chunks shown, the hexes' landmarks
/// and features, the store, the rules, the textures and the sprites' art.
#[derive(SystemParam)]
struct TerrainSources<'w, 's> {
    chunks: Res<'w, super::tiles::Chunks>,
    states: Query<'w, 's, (&'static HexPos, &'static Landmark, &'static Features)>,
    rules: WorldRules<'w>,
    world: Res<'w, HexWorld>,
    textures: Res<'w, Textures>,
    art: Option<Res<'w, super::art::SpriteArt>>,
}

/// The town and corruption marks drawn: their entities and their index by hex.
#[derive(SystemParam)]
struct TerrainMarks<'w, 's> {
    commands: Commands<'w, 's>,
    marks: ResMut<'w, HexMarks<Terrain>>,
}

/// Redraws the marks of the hexes generated or edited this frame, and of every hex after a
/// reload (it may give the corruption to another feature), where the map is drawn as tiles: the
/// marks come and go with their chunk's tiles (`tiles::Chunks`), so a huge explored world keeps
/// marks only near the view (a chunk that comes near is read from the store; the sprites of one
/// that went are reused). Reads [`HexesToRedraw`] and what the marks are drawn from
/// ([`TerrainSources`]); writes the marks ([`TerrainMarks`]).
fn update_marks(mut redraw: HexesToRedraw, from: TerrainSources, drawn: TerrainMarks) {
    let TerrainSources {
        chunks,
        states,
        rules,
        world,
        textures,
        art,
    } = from;
    let TerrainMarks {
        mut commands,
        mut marks,
    } = drawn;
    let art = art.as_deref();
    let drawn = |name: &str, shape: Sprite| match art {
        Some(a) => {
            let size = shape.custom_size.unwrap_or(Vec2::splat(HEX_SIZE));
            a.sprite(name, shape, size, Color::WHITE)
        }
        None => shape,
    };
    if !chunks.hidden.is_empty() {
        let hidden = &chunks.hidden;
        marks.forget_where(&mut commands, |hex| {
            hidden.contains(&super::tiles::chunk_of(hex).0)
        });
    }
    let town = rules.landmark("Town");
    let mut draw = |hex: Hex, landmark: LandmarkId, features: &FeatureSet| {
        let corrupted = (rules.corruption.is_some_and(|c| features.contains(c))).then(|| {
            let shape = Sprite {
                image: textures.hex.clone(),
                color: CORRUPTED_COLOUR,
                custom_size: Some(hex_texture_size().as_vec2() * 0.5),
                ..default()
            };
            let z = Vec3::Z * CORRUPTED_Z;
            ("Corrupted mark".into(), drawn("corrupted", shape), z)
        });
        let town = (Some(landmark) == town).then(|| {
            let shape = Sprite {
                image: textures.disc.clone(),
                color: TOWN_COLOUR,
                custom_size: Some(Vec2::splat(0.75 * HEX_SIZE)),
                ..default()
            };
            ("Town mark".into(), drawn("town", shape), Vec3::Z * TOWN_Z)
        });
        marks.redraw_sprites(&mut commands, hex, corrupted.into_iter().chain(town));
    };
    for e in redraw.take() {
        if let Ok((hex, landmark, features)) = states.get(e)
            && chunks.shows(hex.0)
        {
            draw(hex.0, landmark.0, features);
        }
    }
    // A chunk come into view has no marks yet: its hexes are read from the store, and only
    // those with a mark drawn (the hex entities are not looked up one by one).
    let corruption = rules.corruption;
    for &chunk in &chunks.shown {
        for hex in super::tiles::hexes_of(chunk) {
            let Some(d) = world.get(hex) else { continue };
            if Some(d.landmark) == town || corruption.is_some_and(|c| d.features.contains(c)) {
                draw(hex, d.landmark, &d.features);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;

    use super::*;

    struct Test;

    fn names(app: &mut App) -> Vec<String> {
        let mut q = app.world_mut().query::<&Name>();
        let mut all: Vec<String> = q.iter(app.world()).map(|n| n.to_string()).collect();
        all.sort();
        all
    }

    #[test]
    fn a_hex_redrawn_keeps_only_its_new_marks_and_a_clear_leaves_none() {
        let mut app = App::new();
        app.init_resource::<HexMarks<Test>>();
        let draw = |names: &'static [&'static str], hex: Hex| {
            move |mut commands: Commands, mut marks: ResMut<HexMarks<Test>>| {
                marks.redraw(&mut commands, hex, |commands, at| {
                    assert_eq!(at, layout(HEX_SIZE).hex_to_world_pos(hex));
                    let sprite = Sprite::default();
                    (names.iter())
                        .map(|&n| commands.spawn(mark(n, sprite.clone(), at, 1.0)).id())
                        .collect()
                });
            }
        };
        let (a, b) = (Hex::ZERO, Hex::new(3, -1));
        app.world_mut()
            .run_system_once(draw(&["a1", "a2"], a))
            .unwrap();
        app.world_mut().run_system_once(draw(&["b1"], b)).unwrap();
        app.world_mut().run_system_once(draw(&["a3"], a)).unwrap();
        assert_eq!(names(&mut app), ["a3", "b1"]);
        app.world_mut()
            .run_system_once(|mut c: Commands, mut m: ResMut<HexMarks<Test>>| m.clear(&mut c))
            .unwrap();
        assert!(names(&mut app).is_empty());
    }
}
