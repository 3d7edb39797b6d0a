//! The advances panel: U shows the rules' advances for the faction to act and hides them; while
//! it is shown the digit keys buy advances instead of building.

use bevy::prelude::*;

use super::*;
use crate::playview::research::{self, AdvancesPanel};
use crate::playview::shared::AdvancesShown;
use aeternus_core::play::{Advances, Faction, Resources};
use aeternus_core::rules::AdvanceId;

/// The panel's lines, in order.
fn panel_lines(app: &mut App) -> Vec<String> {
    let mut panels = app
        .world_mut()
        .query_filtered::<Entity, With<AdvancesPanel>>();
    let Some(root) = panels.iter(app.world()).next() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        let entity = app.world().entity(e);
        if let Some(t) = entity.get::<Text>() {
            out.push(t.0.clone());
        }
        if let Some(children) = entity.get::<Children>() {
            stack.extend(children.iter().rev());
        }
    }
    out
}

#[test]
fn u_shows_the_advances_and_the_digits_buy_them() {
    let mut app = table(Some(2));
    app.add_plugins(research::plugin);
    app.update();
    assert!(panel_lines(&mut app).is_empty());
    press(&mut app, KeyCode::KeyU);
    assert!(app.world().resource::<AdvancesShown>().0);
    assert_eq!(sent(&mut app), [], "U is no action");
    let lines = panel_lines(&mut app);
    assert_eq!(lines[0], "Advances of Verdant Court");
    assert!(
        lines[1].starts_with("1 Wayfinding: 3 Gale essence; +1 sight"),
        "{lines:?}"
    );
    assert!(lines[4].contains("(needs Wayfinding)"), "{lines:?}");
    // Player 1 can afford Wayfinding: 1 buys it, not a Flag.
    let mut players = app.world_mut().query::<(&Player, &mut Resources)>();
    for (p, mut r) in players.iter_mut(app.world_mut()) {
        if p.id == PlayerId(1) {
            r.insert("Gale essence".into(), 5);
        }
    }
    press(&mut app, KeyCode::Digit1);
    assert_eq!(
        sent(&mut app),
        [Action::Advance {
            player: PlayerId(1),
            advance: AdvanceId(0)
        }]
    );
    app.update();
    let held = app.world().resource::<Advances>();
    assert_eq!(held.of(Faction(0)), [AdvanceId(0)]);
    // Hidden again, 1 builds a Flag.
    press(&mut app, KeyCode::KeyU);
    assert!(panel_lines(&mut app).is_empty());
    press(&mut app, KeyCode::Digit1);
    assert!(matches!(sent(&mut app)[..], [Action::Build { .. }]));
}
