//! Autosave: when a phase ends, the game is written to a rotating set of [`AUTOSAVES`] files
//! beside the save file (`aeternus-save.ron` gives `aeternus-save-autosave-1.ron`, the newest,
//! then `-2` and `-3`, the oldest). The game is captured on the main thread (a copy of its
//! state); serialising and writing run on the IO task pool, so a large world never stalls a
//! frame. One write runs at a time; a phase that ends meanwhile waits for it (only the latest).
//!
//! Added by the window only ([`crate::playview`]), with an [`Autosave`] resource naming the save
//! file; headless runs never autosave.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, block_on};

use super::{SaveGame, capture, write_atomic};
use crate::play::Phase;
use crate::schedule::FrameSystems;

/// How many phases' autosaves are kept.
pub const AUTOSAVES: usize = 3;

/// Autosave beside this save file; without this resource nothing is autosaved.
#[derive(Resource, Debug, Clone)]
pub struct Autosave {
    pub beside: PathBuf,
}

/// The end of one autosave: the phase that ended, and the file written or why not.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Autosaved {
    pub phase: u32,
    pub result: Result<PathBuf, String>,
}

/// The autosave files beside `save`, newest first: `NAME-autosave-1.EXT` and on.
pub fn autosave_paths(save: &Path) -> [PathBuf; AUTOSAVES] {
    let stem = save.file_stem().unwrap_or_default().to_string_lossy();
    let ext = save
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    std::array::from_fn(|i| save.with_file_name(format!("{stem}-autosave-{}{ext}", i + 1)))
}

/// The write in flight, the capture waiting for it, and the phase last seen.
#[derive(Resource, Default)]
struct Writer {
    running: Option<(u32, Task<Result<PathBuf, String>>)>,
    waiting: Option<(u32, PathBuf, SaveGame)>,
    seen: Option<u32>,
}

pub fn plugin(app: &mut App) {
    app.add_message::<Autosaved>()
        .init_resource::<Writer>()
        .add_systems(
            Update,
            (capture_ended_phase, finish)
                .chain()
                .in_set(FrameSystems::Save)
                .run_if(resource_exists::<Autosave>),
        );
}

/// When the phase has moved on, captures the game (the rules are done with the frame) and
/// starts its write, or queues it behind the one in flight. Reads [`Phase`], [`Autosave`] and
/// the game ([`capture`]: players, flags, hexes, log); writes [`Writer`].
fn capture_ended_phase(world: &mut World) {
    let now = world.resource::<Phase>().0;
    let seen = world.resource_mut::<Writer>().seen.replace(now);
    let Some(ended) = seen.filter(|&s| s != now) else {
        return;
    };
    let beside = world.resource::<Autosave>().beside.clone();
    let save = capture(world);
    let mut writer = world.resource_mut::<Writer>();
    if writer.running.is_some() {
        writer.waiting = Some((ended, beside, save));
    } else {
        writer.running = Some((ended, spawn(beside, save)));
    }
}

/// Writes a captured game on the IO task pool, off the frame (not a system).
fn spawn(beside: PathBuf, save: SaveGame) -> Task<Result<PathBuf, String>> {
    IoTaskPool::get().spawn(async move { write_rotating(&beside, &save) })
}

/// Shifts the autosaves one older (the oldest goes) and writes the newest.
pub fn write_rotating(beside: &Path, save: &SaveGame) -> Result<PathBuf, String> {
    let paths = autosave_paths(beside);
    let text = save.to_ron();
    for i in (1..AUTOSAVES).rev() {
        match std::fs::rename(&paths[i - 1], &paths[i]) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(format!("cannot keep {}: {e}", paths[i - 1].display()));
            }
            _ => {}
        }
    }
    write_atomic(&paths[0], &text)
        .map(|()| paths[0].clone())
        .map_err(|e| format!("cannot write {}: {e}", paths[0].display()))
}

/// Reports a finished write and starts the one waiting. Reads [`Writer`] (its write done?);
/// writes [`Writer`] and [`Autosaved`].
fn finish(world: &mut World) {
    let mut writer = world.resource_mut::<Writer>();
    if !writer
        .running
        .as_ref()
        .is_some_and(|(_, t)| t.is_finished())
    {
        return;
    }
    let (phase, task) = writer.running.take().expect("checked above");
    if let Some((p, beside, save)) = writer.waiting.take() {
        writer.running = Some((p, spawn(beside, save)));
    }
    let result = block_on(task);
    match &result {
        Ok(path) => info!("phase {phase} autosaved to {}", path.display()),
        Err(e) => warn!("phase {phase} not autosaved: {e}"),
    }
    world.write_message(Autosaved { phase, result });
}

/// Whether an autosave is being written or waits (for tests and for quitting cleanly).
pub fn busy(world: &World) -> bool {
    world
        .get_resource::<Writer>()
        .is_some_and(|w| w.running.is_some() || w.waiting.is_some())
}
