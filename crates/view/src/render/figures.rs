//! Frame figures for the map's benchmark (`tools/view-figures.sh`), off unless the environment
//! asks: with `AETERNUS_FIGURES=still` (or `pan`) the window waits until the world has stopped
//! generating, then times [`FRAMES`] frames — the game's own systems (the `Update` schedule,
//! every stage of `FrameSystems` and `ViewSystems`, as a Bevy diagnostic) and the whole frame
//! (Bevy's frame time diagnostic) — with the camera still (or panning at a steady speed), prints
//! the figures and quits. Never used by tests: timings are not asserted anywhere.

use std::time::Instant;

use bevy::diagnostic::{
    Diagnostic, DiagnosticPath, Diagnostics, DiagnosticsStore, FrameTimeDiagnosticsPlugin,
    RegisterDiagnostic,
};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::camera::{MainCamera, scale_of};
use crate::ViewSystems;
use aeternus_core::schedule::FrameSystems;
use aeternus_core::world::HexWorld;
use aeternus_core::world::plugin::HexGenerated;

/// Frames timed.
pub const FRAMES: usize = 300;
/// Frames with no hex generated before the timing starts (the first view's pictures and
/// pipelines settle).
const SETTLE_FRAMES: u32 = 120;
/// Panning speed in window pixels a frame (600 a second at 60 frames a second): a frame's
/// share of the streaming is then the same whatever the renderer's frame rate, so a slower
/// whole frame does not make the game's systems stream more a frame.
const PAN: f32 = 10.0;

/// The time of the game's own systems in a frame: `Update`, from its first stage to its last.
pub const SYSTEMS: DiagnosticPath = DiagnosticPath::const_new("aeternus/systems_ms");

#[derive(Resource)]
struct Figures {
    pan: bool,
    quiet: u32,
    started: Option<(Instant, f64)>,
    systems: Vec<f64>,
    /// The systems' CPU time (the thread's own, so the software renderer's threads sharing the
    /// cores do not count): the game runs `Update` on one thread (`game::window_plugins`).
    cpu: Vec<f64>,
    frames: Vec<f64>,
}

/// The calling thread's CPU time in milliseconds.
fn thread_cpu_ms() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    if ok {
        t.tv_sec as f64 * 1000.0 + t.tv_nsec as f64 / 1e6
    } else {
        f64::NAN
    }
}

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    let Ok(mode) = std::env::var("AETERNUS_FIGURES") else {
        return;
    };
    let pan = match mode.as_str() {
        "still" => false,
        "pan" => true,
        other => {
            warn!("AETERNUS_FIGURES={other}: `still` or `pan`; no figures");
            return;
        }
    };
    if !app.is_plugin_added::<FrameTimeDiagnosticsPlugin>() {
        app.add_plugins(FrameTimeDiagnosticsPlugin::new(FRAMES));
    }
    app.register_diagnostic(
        Diagnostic::new(SYSTEMS)
            .with_suffix("ms")
            .with_max_history_length(FRAMES),
    )
    .insert_resource(Figures {
        pan,
        quiet: 0,
        started: None,
        systems: Vec::new(),
        cpu: Vec::new(),
        frames: Vec::new(),
    })
    .add_systems(Update, start_clock.before(FrameSystems::Reload))
    .add_systems(Update, stop_clock.after(ViewSystems::Render));
}

/// Reads nothing; writes the clock's start.
fn start_clock(mut figures: ResMut<Figures>) {
    figures.started = Some((Instant::now(), thread_cpu_ms()));
}

/// The figures' records and Bevy's: the figures kept, the systems' diagnostic written, the
/// diagnostics read and the real time.
#[derive(SystemParam)]
struct Records<'w, 's> {
    figures: ResMut<'w, Figures>,
    diagnostics: Diagnostics<'w, 's>,
    store: Res<'w, DiagnosticsStore>,
    time: Res<'w, Time<Real>>,
}

/// What the figures tell of the world drawn: the hexes generated this frame, the store, the
/// fog, the tile chunks shown and the chunk pictures.
#[derive(SystemParam)]
struct WorldDrawn<'w, 's> {
    generated: MessageReader<'w, 's, HexGenerated>,
    world: Res<'w, HexWorld>,
    fog: Res<'w, super::fog::Fog>,
    chunks: Res<'w, super::tiles::Chunks>,
    overview: Res<'w, super::overview::Overview>,
}

/// The window, for its size, and the main camera, panned while the frames are timed.
#[derive(SystemParam)]
struct Viewing<'w, 's> {
    window: Option<Single<'w, 's, &'static Window, With<PrimaryWindow>>>,
    camera: Option<Single<'w, 's, (&'static mut Transform, &'static Projection), With<MainCamera>>>,
}

/// Records this frame's figures once the world is quiet, pans, and after [`FRAMES`] prints them
/// and quits. Reads [`HexGenerated`], the store and what was drawn ([`WorldDrawn`]), the
/// diagnostics and the window; writes the diagnostic ([`Records`]), the main camera's place
/// ([`Viewing`]) and [`AppExit`].
fn stop_clock(
    mut records: Records,
    mut world: WorldDrawn,
    view: Viewing,
    mut exit: MessageWriter<AppExit>,
) {
    let figures = &mut records.figures;
    let (systems, cpu) = figures.started.map_or((0.0, 0.0), |(t, c)| {
        (t.elapsed().as_secs_f64() * 1000.0, thread_cpu_ms() - c)
    });
    records.diagnostics.add_measurement(&SYSTEMS, || systems);
    if world.generated.read().count() > 0 {
        figures.quiet = 0;
        return;
    }
    figures.quiet += 1;
    if figures.quiet <= SETTLE_FRAMES {
        return;
    }
    figures.systems.push(systems);
    figures.cpu.push(cpu);
    figures.frames.push(records.time.delta_secs_f64() * 1000.0);
    if figures.pan
        && let Some(camera) = view.camera
    {
        let (mut transform, projection) = camera.into_inner();
        // Right for half the frames, then back.
        let way = if figures.frames.len() <= FRAMES / 2 {
            1.0
        } else {
            -1.0
        };
        transform.translation.x += way * PAN * scale_of(projection);
    }
    if figures.frames.len() < FRAMES {
        return;
    }
    let frame_diagnostic = (records.store)
        .get(&FrameTimeDiagnosticsPlugin::FRAME_TIME)
        .and_then(|d| d.average())
        .unwrap_or(f64::NAN);
    let size = view.window.map_or(Vec2::ZERO, |w| w.size());
    figures.print(&world, size, frame_diagnostic);
    exit.write(AppExit::Success);
}

impl Figures {
    /// Prints the figures of the frames timed and what was drawn: `size` is the window's,
    /// `frame_diagnostic` Bevy's average frame time.
    fn print(&self, world: &WorldDrawn, size: Vec2, frame_diagnostic: f64) {
        println!(
            "figures: {} hexes, {} frames {}, window {}x{}, {} fog hexes, {} tile chunks shown, {} chunk pictures; \
             systems mean {:.3} ms, median {:.3} ms (CPU mean {:.3} ms, median {:.3} ms); \
             frame mean {:.3} ms, median {:.3} ms (Bevy's frame time average {:.3} ms)",
            world.world.len(),
            FRAMES,
            if self.pan { "panning" } else { "still" },
            size.x,
            size.y,
            world.fog.len(),
            world.chunks.len(),
            world.overview.len(),
            mean(&self.systems),
            median(&self.systems),
            mean(&self.cpu),
            median(&self.cpu),
            mean(&self.frames),
            median(&self.frames),
            frame_diagnostic,
        );
    }
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    s.get(s.len() / 2).copied().unwrap_or(f64::NAN)
}
