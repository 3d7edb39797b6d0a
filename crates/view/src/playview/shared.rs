//! What the play view's files share: the hovered hex, the notice, the camera's focus, whether
//! the advances panel is shown, what the build keys build and where, and the sets their systems
//! are ordered by. It imports none of them, so each may import it; a system orders against
//! another file's through [`PlaySystems`], never by naming it.

use bevy::prelude::*;
use hexx::Hex;

use crate::ViewSystems;
use crate::render::camera::{MainCamera, SpectatorCamera};
use aeternus_core::hex::distance;

/// The hex under the mouse, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hovered(pub Option<Hex>);

/// A word for the player from the view itself (not the rules), shown until the next command.
#[derive(Resource, Debug, Default)]
pub struct Notice(pub Option<String>);

/// Asks the camera to glide to a hex.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FocusOn(pub Hex);

/// Whether the advances panel is shown (the digit keys then buy advances).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct AdvancesShown(pub bool);

/// The features keys 1 to 4 build, by name in the ruleset.
pub const BUILD_KEYS: [&str; 4] = ["Flag", "Pylon of Purity", "Stag Station", "Boardwalk"];

/// Where a build goes: the hovered hex when it is another within building range, else the
/// player's own.
pub fn build_target(at: Hex, hovered: Option<Hex>, range: u32) -> Hex {
    hovered
        .filter(|&h| h != at && distance(at, h) <= range)
        .unwrap_or(at)
}

/// A filter for sprites on the map: never either window's camera, so drawing them never
/// contends with moving a camera.
pub(super) type OffCamera = (Without<MainCamera>, Without<SpectatorCamera>);

/// The game window's HUD text, which other windows' text is ordered after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HudText;

/// The play view's steps within the views' stages, each run by one file, in the order
/// [`plugin`] gives them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlaySystems {
    /// In [`ViewSystems::Commands`]: the keys a panel takes before the player's act (U, P, V,
    /// and the host's in the lobby).
    Panels,
    /// The commands into the player's actions (`input`).
    Act,
    /// F5 saves, once the frame's keys are taken (`saving`: it reads the whole world).
    Save,
    /// In [`ViewSystems::Render`]: the tokens glide on (`motion`).
    Glide,
    /// The tokens are placed, where their glides have them (`tokens`).
    Tokens,
    /// What is drawn over the tokens: the hovered hex's outline, the cues.
    OverTokens,
    /// Why a walk stopped, told in the notice (`walk`).
    WalkEnds,
    /// Where the game autosaved, told in the notice after a walk's end and before the HUD
    /// shows it (`saving`).
    Autosaves,
}

/// What the play view's files share, and the order of their steps.
pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<Hovered>()
        .init_resource::<Notice>()
        .init_resource::<AdvancesShown>()
        .add_message::<FocusOn>()
        .configure_sets(
            Update,
            (PlaySystems::Panels, PlaySystems::Act, PlaySystems::Save)
                .chain()
                .in_set(ViewSystems::Commands),
        )
        .configure_sets(
            Update,
            (
                (
                    PlaySystems::Glide,
                    PlaySystems::Tokens,
                    PlaySystems::OverTokens,
                )
                    .chain(),
                (PlaySystems::WalkEnds, PlaySystems::Autosaves).chain(),
            )
                .in_set(ViewSystems::Render),
        )
        .configure_sets(Update, PlaySystems::Autosaves.before(HudText));
}
