//! The core's system sets and their order: the frame's stages in `Update` ([`FrameSystems`]) and,
//! inside its `Rules` stage, the stages of one pass of the rules ([`RuleStages`], in the
//! [`Resolve`] schedule). Every core system goes into one of them. Layers above (the views)
//! define their own sets and order them against these from above; nothing here names them.

use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;

/// The rules' schedule: one pass of every rule stage, run by `world::plugin::settle` until
/// settled.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Resolve;

/// The core's stages of the frame (`Update`), in this order. The views put their own stages
/// between them (menus and input after `Reload`, before `Bots`; framing and drawing after
/// `Save`).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FrameSystems {
    /// A saved rule file swaps the rules (`mods::reload`), before anything of the frame reads
    /// them.
    Reload,
    /// Bots get this frame's budget of actions, at their pace (`play::bots`).
    Bots,
    /// Standing orders into actions: the next step of each walk (`play::walk`).
    Walk,
    /// The rules: `world::plugin::settle` runs the passes of [`Resolve`] (the storm map's
    /// commands run here too).
    Rules,
    /// The log takes what the rules did (`play::log`).
    Record,
    /// Saves, taken between whole actions once the frame's rules are settled (`save::autosave`).
    Save,
}

/// The stages of one pass of the rules ([`Resolve`]), in this order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleStages {
    /// One action, when the world is settled: checked (player, turn, AP) and passed on as a
    /// move attempt or an order (`play::actions`).
    Act,
    /// The one generation system: move targets, and the views asked for in the last pass
    /// (`world::plugin`); the site layer rolls the new hexes.
    Generate,
    /// Construction, stag travel, the end of a turn (`play::construction`, `play::stagways`,
    /// `play::actions`).
    Orders,
    /// Pylons keep their rings clean: a corrupted hex just generated inside one, or the rings of a
    /// pylon just built, before any later system reads a hex (`play::corruption`); corruption
    /// never spreads into a ring, so none is ever seen there.
    Cleanse,
    /// Movement hazards, one system each: a Lake blocks, a Swamp holds back, then the step
    /// (`play::hazards`, `play::movement`).
    Hazards,
    /// Arrival: corruption spreads to the hex left for a corrupted one (`play::corruption`).
    Arrive,
    /// Flags follow their hexes: raised when built, lost when corrupted (`play::flags`).
    Flags,
    /// The winds of the hex entered: a blow is a move attempt for the next pass
    /// (`play::hazards`).
    Winds,
    /// Viewers follow players and ask for their sight, generated in the next pass
    /// (`play::players`, `world::plugin`).
    Sight,
    /// The phase turns once nobody can act (`play::phase`); the factions are scored and the
    /// game ends when the goal says so (`play::goals`).
    Phase,
    /// The bot to act, if the world is settled and the frame's budget allows, decides its next
    /// action on the world as this pass left it (`play::bots`), taken by the next pass.
    Decide,
}

/// Adds [`CoreSetsPlugin`] unless the app has it: what [`crate::CorePlugin`] and every view
/// plugin call, so an app orders the stages once.
pub fn core_sets(app: &mut App) {
    if !app.is_plugin_added::<CoreSetsPlugin>() {
        app.add_plugins(CoreSetsPlugin);
    }
}

/// Orders the core's stages; in every app, windowed or headless. No two systems of the game may
/// run in no stated order while touching the same data (the view's schedule check errors on
/// any): a pair that truly cannot conflict would be allowed here, with `ignore_ambiguity` and
/// its reason. There is none.
pub struct CoreSetsPlugin;

impl Plugin for CoreSetsPlugin {
    fn build(&self, app: &mut App) {
        configure(app);
    }
}

fn configure(app: &mut App) {
    app.configure_sets(
        Update,
        (
            FrameSystems::Reload,
            FrameSystems::Bots,
            FrameSystems::Walk,
            FrameSystems::Rules,
            FrameSystems::Record,
            FrameSystems::Save,
        )
            .chain(),
    );
    app.configure_sets(
        Resolve,
        (
            RuleStages::Act,
            RuleStages::Generate,
            RuleStages::Orders,
            RuleStages::Cleanse,
            RuleStages::Hazards,
            RuleStages::Arrive,
            RuleStages::Flags,
            RuleStages::Winds,
            RuleStages::Sight,
            RuleStages::Phase,
            RuleStages::Decide,
        )
            .chain(),
    );
}
