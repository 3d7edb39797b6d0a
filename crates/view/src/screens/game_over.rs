//! The end of the game: the winner and the standings (`play::goals`), the chart of the scores
//! over the phases (`playview::chart`, as the standings panel draws it), then Quit to title or
//! Quit.

use bevy::prelude::*;

use super::widgets::{self, Act, Take, item};
use super::{Menu, Screen};
use aeternus_core::play::{End, EndedBy, GameOver, ScoreHistory, Standings};
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

/// How the game ended, when the flags or the target ended it before its last phase: "Ended by
/// a lead held\n".
fn ended_by(by: Option<&EndedBy>) -> String {
    match by.map(|b| b.0) {
        Some(end) if end != End::Phases => format!("Ended {}\n", end.told()),
        _ => String::new(),
    }
}

/// Writes the screen's entities. Reads [`GameOver`], [`EndedBy`], [`Standings`], the
/// [`ScoreHistory`] and the rules.
fn spawn(
    mut commands: Commands,
    over: Res<GameOver>,
    by: Option<Res<EndedBy>>,
    standings: Res<Standings>,
    history: Res<ScoreHistory>,
    rules: WorldRules,
) {
    let mut words = crate::playview::text::game_over(&over, &standings.0, &rules);
    words.who += &ended_by(by.as_deref());
    info!(
        "{}{}{}",
        words.phase,
        words.who,
        words.details.replace('\n', ", ")
    );
    commands
        .spawn(widgets::root(Menu::GameOver, false))
        .with_children(|root| {
            root.spawn(widgets::panel()).with_children(|panel| {
                panel.spawn(widgets::heading("The game is over", 30.0));
                panel.spawn((
                    Text::new(format!("{}{}\n{}", words.phase, words.who, words.details)),
                    widgets::font(18.0),
                    TextColor(widgets::TEXT),
                ));
                crate::playview::chart::spawn(panel, &history, &rules);
                panel.spawn(item(0, Act::QuitToTitle, "Quit to title"));
                panel.spawn(item(1, Act::Quit, "Quit"));
            });
        });
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

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;

    use super::*;
    use crate::playview::chart::Segment;
    use aeternus_core::play::{Faction, Score, ScoreRow};

    /// The end-of-game screen draws the chart of the scores, as the standings panel does.
    #[test]
    fn the_end_of_the_game_shows_the_chart_of_the_scores() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_plugins(aeternus_core::CorePlugin {
                rules: aeternus_core::rules::Rules::aeternus(),
                seed: 1,
            });
        let world = app.world_mut();
        world.insert_resource(GameOver {
            winner: Some(Faction(1)),
            phase: 3,
        });
        world.insert_resource(EndedBy(End::Lead));
        let mut history = ScoreHistory::default();
        for phase in 0..=3 {
            let points = (0..2)
                .map(|f| Score {
                    faction: Faction(f),
                    points: (phase * f) as u64,
                })
                .collect();
            history.record(ScoreRow { phase, points }, 10);
        }
        world.insert_resource(history);
        world.run_system_once(spawn).unwrap();
        let segments = world
            .query_filtered::<(), With<Segment>>()
            .iter(world)
            .count();
        assert_eq!(segments, 2 * 3, "a line of three segments a faction");
        let words: Vec<String> = (world.query::<&Text>().iter(world))
            .map(|t| t.0.clone())
            .collect();
        for label in ["points", "phase", "Verdant Court", "Ashen Host", "3", "0"] {
            assert!(words.iter().any(|w| w == label), "{label}: {words:?}");
        }
        // The flags ended it: the screen says how.
        assert!(
            words
                .iter()
                .any(|w| w.contains("Ashen Host wins\nEnded by a lead held\n")),
            "{words:?}"
        );
    }

    /// The screen tells an ending before the last phase, and leaves the last phase to its phase
    /// line.
    #[test]
    fn the_end_of_the_game_tells_how_the_game_ended() {
        assert_eq!(
            ended_by(Some(&EndedBy(End::LastStanding))),
            "Ended with one faction left holding flags\n"
        );
        assert_eq!(
            ended_by(Some(&EndedBy(End::Target))),
            "Ended at the target score\n"
        );
        assert_eq!(ended_by(Some(&EndedBy(End::Phases))), "");
        assert_eq!(ended_by(None), "");
    }
}
