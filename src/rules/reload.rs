//! Hot reload of the rule file the game window was opened on: a small watcher polls the file's
//! modification time and size, and when they change (and then hold still for one more poll, so
//! a half-written file is not read) parses and validates it as at startup. A valid ruleset
//! replaces the world's rules (their one home, read through `world::plugin::WorldRules`), so
//! every later draw uses its numbers, and is announced as [`RulesReloaded`]; hexes already
//! generated keep their state. An invalid one, or one whose biome, landmark or
//! feature names differ (ids are their positions), or that changes what a saved game is checked
//! against (see [`check_swap`]), is refused and the old rules stay.

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use bevy::prelude::*;

use super::{FeatureEffect, Rules, RulesError};
use crate::AppSystems;
use crate::world::plugin::HexWorld;

/// How often the file is looked at.
pub const POLL: Duration = Duration::from_millis(500);

/// What tells a change: modification time and size (a save may keep the size).
type Stamp = (SystemTime, u64);

/// A file watched by polling its modification time and size: a change is reported once it has
/// held still for one more poll, so a half-written file is not read.
#[derive(Debug)]
pub struct FileWatch {
    pub path: PathBuf,
    pub every: Duration,
    waited: Duration,
    seen: Option<Stamp>,
    pending: Option<Stamp>,
}

impl FileWatch {
    /// Watches `path` from its present state (it was just read).
    pub fn new(path: impl Into<PathBuf>) -> Self {
        let path = path.into();
        let seen = stamp(&path);
        Self {
            path,
            every: POLL,
            waited: Duration::ZERO,
            seen,
            pending: None,
        }
    }

    /// Counts `delta` of time; true when a poll is due and finds a change that has settled.
    pub fn poll(&mut self, delta: Duration) -> bool {
        self.waited += delta;
        if self.waited < self.every {
            return false;
        }
        self.waited = Duration::ZERO;
        self.settled_change()
    }

    /// Whether the file changed and has held still since the last poll.
    fn settled_change(&mut self) -> bool {
        let Some(now) = stamp(&self.path) else {
            // Gone for a moment (an editor that saves by renaming): wait for it.
            return false;
        };
        if Some(now) == self.seen {
            self.pending = None;
            return false;
        }
        if self.pending != Some(now) {
            self.pending = Some(now);
            return false;
        }
        self.seen = Some(now);
        self.pending = None;
        true
    }
}

/// The Aeternus rule file to watch; without this resource nothing is watched (the embedded rules).
#[derive(Resource, Debug, Deref, DerefMut)]
pub struct RulesFile(pub FileWatch);

impl RulesFile {
    pub fn new(path: impl Into<PathBuf>) -> Self {
        Self(FileWatch::new(path))
    }
}

fn stamp(path: &std::path::Path) -> Option<Stamp> {
    let m = std::fs::metadata(path).ok()?;
    Some((m.modified().ok()?, m.len()))
}

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

/// The watcher; it acts only while a [`RulesFile`] resource exists.
pub fn plugin(app: &mut App) {
    app.add_message::<RulesReloaded>()
        .add_message::<RulesRejected>()
        .add_systems(
            Update,
            watch
                .run_if(resource_exists::<RulesFile>)
                .in_set(AppSystems::Reload),
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

/// Swaps the rules' one home, the world's (`map.rules`), when the watched file is saved. Reads
/// the [`RulesFile`] and the time; writes the [`HexWorld`]'s rules, [`RulesReloaded`] or
/// [`RulesRejected`].
fn watch(
    time: Res<Time>,
    mut file: ResMut<RulesFile>,
    mut map: ResMut<HexWorld>,
    mut reloaded: MessageWriter<RulesReloaded>,
    mut rejected: MessageWriter<RulesRejected>,
) {
    if !file.poll(time.delta()) {
        return;
    }
    let new =
        Rules::from_file(&file.path).and_then(|new| check_swap(&map.rules, &new).map(|_| new));
    match new {
        Ok(new) => {
            info!("rules reloaded from {}", new.source);
            reloaded.write(RulesReloaded {
                source: new.source.clone(),
            });
            map.rules = new;
        }
        Err(error) => {
            warn!("rules not reloaded: {error}");
            rejected.write(RulesRejected { error });
        }
    }
}

/// Writes `text` to `path` with its own modification time (`n` seconds after a fixed moment), so
/// that every save in a test is a change even on a file system with coarse times.
#[cfg(test)]
pub(crate) fn save_stamped(path: &std::path::Path, text: &str, n: u64) {
    std::fs::write(path, text).unwrap();
    let when = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000 + n);
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(when)
        .unwrap();
}

#[cfg(test)]
mod tests;
