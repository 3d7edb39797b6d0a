//! The boxes the HUD and the centred panels (standings, advances, lobby) are drawn in.

use bevy::prelude::*;

/// A HUD panel: the map under it is neither hovered nor clicked (see `pointer::hover`).
#[derive(Component)]
pub(super) struct Panel;

/// The screen-wide root of a panel shown in the middle of the window (standings, advances):
/// the window around the panel lets the pointer through to the map and the HUD beneath.
pub(super) fn centred(name: &'static str) -> impl Bundle {
    (
        Name::new(name),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        GlobalZIndex(5),
        bevy::ui::FocusPolicy::Pass,
    )
}

/// The box of a centred panel: a column of rows `gap` apart, hiding the map beneath it.
pub(super) fn column_panel(gap: f32, colour: Color) -> impl Bundle {
    (
        Panel,
        Interaction::default(),
        Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(gap),
            padding: UiRect::all(px(16)),
            ..default()
        },
        BackgroundColor(colour),
    )
}
