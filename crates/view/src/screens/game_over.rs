//! The end of the game: the winner and the standings (`play::goals`), then Quit to title or Quit.

use bevy::prelude::*;

use super::widgets::{self, Act, Take, item};
use super::{Menu, Screen};
use aeternus_core::play::{GameOver, Standings};
use aeternus_core::world::plugin::WorldRules;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        end.run_if(in_state(Screen::Game).and_then(resource_exists::<GameOver>))
            .in_set(crate::ScreenSystems::End),
    )
    .add_systems(OnEnter(Menu::GameOver), spawn)
    .add_systems(
        Update,
        take.run_if(in_state(Menu::GameOver))
            .in_set(crate::ScreenSystems::GameOver),
    );
}

/// The game has ended: its screen. Writes the screen.
fn end(mut screen: ResMut<NextState<Screen>>) {
    screen.set(Screen::GameOver);
}

/// Writes the screen's entities. Reads [`GameOver`], [`Standings`] and the rules.
fn spawn(
    mut commands: Commands,
    over: Res<GameOver>,
    standings: Res<Standings>,
    rules: WorldRules,
) {
    let words = crate::playview::text::game_over(&over, &standings.0, &rules);
    info!(
        "{}{}{}",
        words.phase,
        words.who,
        words.details.replace('\n', ", ")
    );
    commands.spawn((
        widgets::root(Menu::GameOver, false),
        children![(
            widgets::panel(),
            children![
                widgets::heading("The game is over", 30.0),
                (
                    Text::new(format!("{}{}\n{}", words.phase, words.who, words.details)),
                    widgets::font(18.0),
                    TextColor(widgets::TEXT),
                ),
                item(0, Act::QuitToTitle, "Quit to title"),
                item(1, Act::Quit, "Quit"),
            ],
        )],
    ));
}

/// Reads [`Take`]; quits, or goes back to the title (the ended game drawn behind it until
/// another replaces it). Writes [`NextState<Screen>`] and [`AppExit`].
fn take(
    mut taken: MessageReader<Take>,
    mut screen: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(t) = widgets::taken_in(Menu::GameOver, &mut taken) else {
        return;
    };
    match t.act {
        Act::QuitToTitle => screen.set(Screen::Title),
        Act::Quit => {
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}
