//! `--screenshot FILE`: once the world has stopped generating and has been drawn for a while,
//! save the window to FILE and quit. Used by `tests/window.rs` and for the README picture.
//! "Generating" is any message of type `M`: hexes generated (Aeternus), a map drawn (storm);
//! and while any animation runs ([`Animations`]) the shot waits too.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::ViewSystems;

/// Frames to draw in all before the shot.
const MIN_FRAMES: u32 = 30;
/// Frames, and real time, without a newly generated hex before the shot. The time covers
/// pipelines still compiling in the background (slow under software rendering).
const QUIET_FRAMES: u32 = 10;
const QUIET_TIME: Duration = Duration::from_millis(1500);

/// Whether an animation ran this frame: each animating system calls [`Animations::keep`] on
/// every frame it still moves something (a tile fading in, a token gliding, a cue at a hex), and
/// `--screenshot` waits until none has for a while. Only the shot clears it.
#[derive(Resource, Debug, Default)]
pub struct Animations {
    running: bool,
}

impl Animations {
    /// Something is still animating this frame.
    pub fn keep(&mut self) {
        self.running = true;
    }

    /// Whether anything animated since the last call; clears it.
    pub(crate) fn take(&mut self) -> bool {
        std::mem::take(&mut self.running)
    }
}

#[derive(Resource)]
struct Plan {
    path: PathBuf,
    frames: u32,
    quiet_frames: u32,
    last_generated: Duration,
    taken: bool,
}

pub(crate) fn plugin<M: Message>(app: &mut App, path: PathBuf) {
    app.insert_resource(Plan {
        path,
        frames: 0,
        quiet_frames: 0,
        last_generated: Duration::ZERO,
        taken: false,
    })
    .init_resource::<Animations>()
    .add_systems(Update, take_when_settled::<M>.in_set(ViewSystems::Render));
}

/// Once nothing has been generated and nothing has animated for a while, shoots every window
/// once; the last file saved quits the game. Reads [`Plan`], the `M` messages, the real time and
/// the windows with a [`ShotSuffix`]; writes [`Plan`], [`Animations`], [`Pending`], the
/// screenshots' files and [`AppExit`].
fn take_when_settled<M: Message>(
    mut commands: Commands,
    mut plan: ResMut<Plan>,
    mut generated: MessageReader<M>,
    time: Res<Time<Real>>,
    others: Query<(Entity, &ShotSuffix)>,
    mut animations: ResMut<Animations>,
) {
    if plan.taken {
        return;
    }
    plan.frames += 1;
    let animating = animations.take();
    if generated.read().count() > 0 || animating {
        plan.quiet_frames = 0;
        plan.last_generated = time.elapsed();
    } else {
        plan.quiet_frames += 1;
    }
    let settled = plan.frames >= MIN_FRAMES
        && plan.quiet_frames >= QUIET_FRAMES
        && time.elapsed() >= plan.last_generated + QUIET_TIME;
    if !settled {
        return;
    }
    plan.taken = true;
    // The game window to FILE, each other window with a suffix to FILE-suffix.png.
    let mut shots = vec![(Screenshot::primary_window(), plan.path.clone())];
    for (window, suffix) in &others {
        shots.push((Screenshot::window(window), suffixed(&plan.path, suffix.0)));
    }
    commands.insert_resource(Pending(shots.len()));
    for (shot, path) in shots {
        // A file left from an earlier run must not pass for this one.
        let _ = std::fs::remove_file(&path);
        info!("taking a screenshot to {}", path.display());
        let mut save = save_to_disk(path.clone());
        commands.spawn(shot).observe(
            move |captured: On<ScreenshotCaptured>,
                  mut pending: ResMut<Pending>,
                  mut exit: MessageWriter<AppExit>| {
                save(captured);
                if !path.exists() {
                    // `save_to_disk` has logged why.
                    exit.write(AppExit::error());
                    return;
                }
                pending.0 -= 1;
                if pending.0 == 0 {
                    exit.write(AppExit::Success);
                }
            },
        );
    }
}

/// On a window other than the game's: `--screenshot FILE` also saves it to `FILE-suffix.png`.
#[derive(Component, Debug, Clone, Copy)]
pub struct ShotSuffix(pub &'static str);

/// Screenshots asked for and not yet saved.
#[derive(Resource)]
struct Pending(usize);

/// `shot.png` with `spectator` -> `shot-spectator.png`.
pub fn suffixed(path: &std::path::Path, suffix: &str) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{suffix}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{suffix}"),
    };
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_windows_save_beside_the_game_windows_picture() {
        let p = std::path::Path::new("out/shot.png");
        assert_eq!(
            suffixed(p, "spectator"),
            PathBuf::from("out/shot-spectator.png")
        );
        assert_eq!(
            suffixed(std::path::Path::new("shot"), "x"),
            PathBuf::from("shot-x")
        );
    }
}
