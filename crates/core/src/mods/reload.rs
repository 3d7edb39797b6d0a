//! Hot reload of the rules the game window runs on, by asset events: the rules are an asset
//! ([`AeternusRules`]) read through the game's asset sources, whose watchers report a saved file;
//! the asset server loads it again with the same loader and checks, and the game swaps a valid
//! ruleset into the world's rules (their one home, read through `world::plugin::WorldRules`), so
//! every later draw uses its numbers, announced as [`RulesReloaded`]; hexes already generated
//! keep their state. A file that fails to load, or whose biome, landmark or feature names differ
//! (ids are their positions), or that changes what a saved game is checked against (see
//! [`check_swap`]), is refused and the old rules stay.

use bevy::asset::AssetLoadFailedEvent;
use bevy::prelude::*;

use super::asset::AeternusRules;
use crate::rules::{FeatureEffect, Rules, RulesError};
use crate::schedule::FrameSystems;
use crate::world::plugin::HexWorld;

/// The rules the window runs on, as an asset; without this resource nothing is reloaded.
#[derive(Resource, Debug, Clone, Deref)]
pub struct RulesAsset(pub Handle<AeternusRules>);

/// The rules were replaced by the file's new content.
#[derive(Message, Debug, Clone)]
pub struct RulesReloaded {
    pub source: String,
}

/// A save that was refused; the old rules stay.
#[derive(Message, Debug, Clone)]
pub struct RulesRejected {
    pub error: RulesError,
}

/// Swaps the rules when their asset changes; acts only while a [`RulesAsset`] exists.
pub fn plugin(app: &mut App) {
    app.add_message::<RulesReloaded>()
        .add_message::<RulesRejected>()
        .add_systems(
            Update,
            apply_edits
                .run_if(resource_exists::<RulesAsset>)
                .in_set(FrameSystems::Reload),
        );
}

/// Refuses a ruleset whose lists of names differ from the running one: biomes, landmarks and
/// features are stored in the world by position, so a new list would re-label every hex. Refuses
/// too a change to what a saved game is checked against (see [`saved_change`]): the game's next
/// save would break it, and its loader would refuse it.
pub fn check_swap(old: &Rules, new: &Rules) -> Result<(), RulesError> {
    let (old_names, new_names) = (old.names(), new.names());
    for ((field, was), (_, now)) in old_names.lists().into_iter().zip(new_names.lists()) {
        let n = was.len().max(now.len());
        let Some(i) = (0..n).find(|&i| was.get(i) != now.get(i)) else {
            continue;
        };
        let change = match (was.get(i), now.get(i)) {
            (Some(a), Some(b)) => format!("`{a}` became `{b}`"),
            (Some(a), None) => format!("`{a}` is gone"),
            (_, Some(b)) => format!("`{b}` is new"),
            (None, None) => unreachable!("i < n"),
        };
        return Err(RulesError::new(
            &new.source,
            Some(field.into()),
            format!("{change}: restart to change the list of biomes, landmarks or features"),
        ));
    }
    match saved_change(old, new) {
        Some((field, what)) => Err(RulesError::new(
            &new.source,
            Some(field),
            format!(
                "is changed: restart the game to change {what}, which saved games are checked against"
            ),
        )),
        None => Ok(()),
    }
}

/// The first change between rulesets of the same names to what a save's loader checks: the
/// resources and factions, the origin's and the pocket's biome, what suppresses each biome,
/// whether it blocks entry and whether it is drawn at random (a fallback hex depends on it),
/// each feature's effect and, for a flag, whether it is rolled at generation, and whether
/// building on a corrupted hex is forbidden. Returns the field and what it is.
fn saved_change(old: &Rules, new: &Rules) -> Option<(String, String)> {
    let found = |field: &str, what: String| Some((field.to_string(), what));
    let factions = |r: &Rules| {
        r.play
            .factions
            .iter()
            .map(|f| f.name.clone())
            .collect::<Vec<_>>()
    };
    if old.resources != new.resources {
        return found("resources", "the resources".into());
    }
    if factions(old) != factions(new) {
        return found("play.factions", "the factions".into());
    }
    if old.origin.0 != new.origin.0 {
        return found("origin", "the origin's biome".into());
    }
    if old.pocket.0 != new.pocket.0 {
        return found("pocket", "the pocket's biome".into());
    }
    if old.construction.forbidden_on_corrupted != new.construction.forbidden_on_corrupted {
        return found(
            "construction.forbidden_on_corrupted",
            "whether building on a corrupted hex is forbidden".into(),
        );
    }
    for (i, (a, b)) in old.biomes.iter().zip(&new.biomes).enumerate() {
        let field = |f: &str| format!("biomes[{i}].{f} ({:?})", a.name);
        if a.suppressed_beside != b.suppressed_beside {
            return found(
                &field("suppressed_beside"),
                format!("what suppresses {}", a.name),
            );
        }
        if a.movement.blocks_entry != b.movement.blocks_entry {
            return found(
                &field("movement.blocks_entry"),
                format!("whether {} blocks entry", a.name),
            );
        }
        if (a.weight > 0.0) != (b.weight > 0.0) {
            return found(
                &field("weight"),
                format!(
                    "whether {} is drawn at random (a weight of 0 or above)",
                    a.name
                ),
            );
        }
    }
    for (i, (a, b)) in old.features.iter().zip(&new.features).enumerate() {
        let field = |f: &str| format!("features[{i}].{f} ({:?})", a.name);
        if a.effect != b.effect {
            return found(&field("effect"), format!("the effect of {}", a.name));
        }
        if a.effect == FeatureEffect::Occupy && (a.chance > 0.0) != (b.chance > 0.0) {
            return found(
                &field("chance"),
                format!(
                    "whether {} is rolled at generation (a chance of 0 or above)",
                    a.name
                ),
            );
        }
    }
    None
}

/// Swaps the rules' one home, the world's (`world.rules`), when their asset is loaded again.
/// Reads [`RulesAsset`], its asset events and failed loads; writes the [`HexWorld`]'s rules,
/// [`RulesReloaded`] or [`RulesRejected`].
fn apply_edits(
    handle: Res<RulesAsset>,
    (mut events, mut failed): (
        MessageReader<AssetEvent<AeternusRules>>,
        MessageReader<AssetLoadFailedEvent<AeternusRules>>,
    ),
    assets: Res<Assets<AeternusRules>>,
    mut world: ResMut<HexWorld>,
    mut reloaded: MessageWriter<RulesReloaded>,
    mut rejected: MessageWriter<RulesRejected>,
) {
    // A save can reach the watchers as more than one change: one reload a frame is enough.
    let modified = events.read().filter(|e| e.is_modified(&handle.0)).count() > 0;
    if modified && let Some(AeternusRules(new)) = assets.get(&handle.0) {
        match check_swap(&world.rules, new) {
            Ok(()) => {
                info!("rules reloaded from {}", new.source);
                reloaded.write(RulesReloaded {
                    source: new.source.clone(),
                });
                world.rules = new.clone();
            }
            Err(error) => {
                warn!("rules not reloaded: {error}");
                rejected.write(RulesRejected { error });
            }
        }
    }
    for error in load_errors(&mut failed, &handle.0) {
        warn!("rules not reloaded: {error}");
        rejected.write(RulesRejected { error });
    }
}

/// The errors of `handle`'s failed loads this frame, each once (a save can reach the watchers as
/// more than one change).
pub fn load_errors<A: Asset>(
    failed: &mut MessageReader<AssetLoadFailedEvent<A>>,
    handle: &Handle<A>,
) -> Vec<RulesError> {
    let mut errors: Vec<RulesError> = (failed.read())
        .filter(|f| f.id == handle.id())
        .map(|f| crate::mods::rules_error(&f.path.to_string(), &f.error))
        .collect();
    errors.dedup();
    errors
}

/// Runs a test app (the core's or the views') a few frames so that the assets it asked for are
/// loaded and the watchers are up.
pub fn settle_load(app: &mut App) {
    for _ in 0..20 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Runs a test app until the rules are reloaded or refused (within 10 s: the watchers wait for a
/// saved file to hold still), and a little more; returns what came. For tests.
pub fn outcome(app: &mut App) -> (Vec<RulesReloaded>, Vec<RulesRejected>) {
    let start = std::time::Instant::now();
    let (mut reloaded, mut rejected) = (Vec::new(), Vec::new());
    while start.elapsed() < std::time::Duration::from_secs(10) {
        app.update();
        let world = app.world_mut();
        reloaded.extend(world.resource_mut::<Messages<RulesReloaded>>().drain());
        rejected.extend(world.resource_mut::<Messages<RulesRejected>>().drain());
        if !reloaded.is_empty() || !rejected.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    (reloaded, rejected)
}

#[cfg(test)]
mod tests;
