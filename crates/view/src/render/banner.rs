//! The rules banner: a save of the rule file that was refused (a mistake in it, or a changed
//! list of biomes) is shown across the top of the map until a later save is taken.

use bevy::prelude::*;

use crate::ViewSystems;
use aeternus_core::mods::reload::{RulesRejected, RulesReloaded};

const PANEL: Color = Color::srgba(0.35, 0.04, 0.04, 0.94);
const WORDS: Color = Color::srgb(1.0, 0.9, 0.85);

/// The banner's row across the top; hidden while the rules are good.
#[derive(Component)]
struct Banner;

/// The banner's words.
#[derive(Component)]
struct BannerText;

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_message::<RulesReloaded>()
        .add_message::<RulesRejected>()
        .add_systems(Startup, spawn)
        .add_systems(Update, show.in_set(ViewSystems::Render));
}

/// The banner, hidden until a save of the rules is refused. Writes (spawns) the banner and its
/// words.
fn spawn(mut commands: Commands) {
    commands.spawn((
        Banner,
        Node {
            position_type: PositionType::Absolute,
            // Below the player's panel: the error shows over the map, not over the HUD.
            top: px(120),
            width: percent(100),
            justify_content: JustifyContent::Center,
            ..default()
        },
        // Over everything drawn: a refused save must be seen.
        GlobalZIndex(10),
        Visibility::Hidden,
        children![(
            BannerText,
            Node {
                max_width: px(760),
                padding: UiRect::all(px(8)),
                ..default()
            },
            BackgroundColor(PANEL),
            Text::default(),
            TextFont {
                font_size: FontSize::Px(15.0),
                ..default()
            },
            TextColor(WORDS),
        )],
    ));
}

/// The words for a refused save.
pub fn words(rejected: &RulesRejected) -> String {
    format!(
        "The rules were not reloaded; the game goes on with the rules it had.\n{}",
        rejected.error
    )
}

/// Shows a refused save's error until a later save is reloaded, then hides it. Reads
/// [`RulesRejected`] and [`RulesReloaded`]; writes the banner's visibility and words.
fn show(
    mut rejected: MessageReader<RulesRejected>,
    mut reloaded: MessageReader<RulesReloaded>,
    mut banner: Query<&mut Visibility, With<Banner>>,
    mut text: Query<&mut Text, With<BannerText>>,
) {
    // One poll a frame at most, so a frame holds a refusal or a reload, never both.
    let good = reloaded.read().count() > 0;
    let shown = match rejected.read().last() {
        Some(r) => Some(words(r)),
        None if good => None,
        None => return,
    };
    for mut v in &mut banner {
        *v = if shown.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
    if let Some(words) = shown {
        for mut t in &mut text {
            t.0.clone_from(&words);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aeternus_core::rules::RulesError;

    fn state(app: &mut App) -> (Visibility, String) {
        let v = *app
            .world_mut()
            .query_filtered::<&Visibility, With<Banner>>()
            .single(app.world())
            .unwrap();
        let t = app
            .world_mut()
            .query_filtered::<&Text, With<BannerText>>()
            .single(app.world())
            .unwrap();
        (v, t.0.clone())
    }

    #[test]
    fn a_refused_save_shows_until_a_good_one() {
        let mut app = App::new();
        app.add_plugins(plugin);
        app.update();
        assert_eq!(state(&mut app).0, Visibility::Hidden);
        let error = RulesError::at("mods/x.ron", 12, 5, "expected `,`");
        app.world_mut().write_message(RulesRejected { error });
        app.update();
        let (v, words) = state(&mut app);
        assert_eq!(v, Visibility::Inherited);
        assert!(words.contains("mods/x.ron:12:5: expected `,`"), "{words}");
        app.update();
        assert_eq!(state(&mut app).0, Visibility::Inherited, "it stays");
        app.world_mut().write_message(RulesReloaded {
            source: "mods/x.ron".into(),
        });
        app.update();
        assert_eq!(state(&mut app).0, Visibility::Hidden);
    }
}
