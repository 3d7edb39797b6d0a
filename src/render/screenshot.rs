//! `--screenshot FILE`: once the world has stopped generating and has been drawn for a while,
//! save the window to FILE and quit. Used by `tests/window.rs` and for the README picture.
//! "Generating" is any message of type `M`: hexes generated (Aeternus), a map drawn (storm).

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::AppSystems;

/// Frames to draw in all before the shot.
const MIN_FRAMES: u32 = 30;
/// Frames, and real time, without a newly generated hex before the shot. The time covers
/// pipelines still compiling in the background (slow under software rendering).
const QUIET_FRAMES: u32 = 10;
const QUIET_TIME: Duration = Duration::from_millis(1500);

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
    .add_systems(Update, take_when_settled::<M>.in_set(AppSystems::Render));
}

fn take_when_settled<M: Message>(
    mut commands: Commands,
    mut plan: ResMut<Plan>,
    mut generated: MessageReader<M>,
    time: Res<Time<Real>>,
) {
    if plan.taken {
        return;
    }
    plan.frames += 1;
    if generated.read().count() > 0 {
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
    let path = plan.path.clone();
    // A file left from an earlier run must not pass for this one.
    let _ = std::fs::remove_file(&path);
    info!("taking a screenshot to {}", path.display());
    let mut save = save_to_disk(path.clone());
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            save(captured);
            if path.exists() {
                exit.write(AppExit::Success);
            } else {
                // `save_to_disk` has logged why.
                exit.write(AppExit::error());
            }
        },
    );
}
