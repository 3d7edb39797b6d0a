//! The HUD: the current player's status (top left, its name in its faction's colour) and under
//! it the standings (every faction's score, income a phase and flags, a line each in its
//! colour), the hovered hex (top right), the last log lines (bottom left, refusals in red) and
//! the keys.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

use super::panel::Panel;
use super::seat::{Seated, Table};
use super::shared::{Hovered, HudText, Notice, build_target};
use super::text::{self, HELP, StatusPanel};
use super::travel::StationPick;
use crate::ViewSystems;
use crate::render::tokens::faction_colour;
use aeternus_core::play::{
    Faction, GameOver, Ledger, MAX_SEATS, Occupied, Phase, PlayLog, Standings, occupant,
};
use aeternus_core::sites::{Knowledge, KnownSites, SiteLayer};
use aeternus_core::world::plugin::{HexIndex, HexWorld, WorldRules};

/// Log lines shown.
pub const LOG_LINES: usize = 6;
const PANEL: Color = Color::srgba(0.05, 0.05, 0.07, 0.88);
const PLAIN: Color = Color::srgb(0.88, 0.88, 0.88);
const REFUSED: Color = Color::srgb(1.0, 0.45, 0.4);
const NO_HOVER: &str = "Point at a hex to read it";
const NOTICE: Color = Color::srgb(1.0, 0.85, 0.4);

/// The parts of the HUD that change.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Phase,
    Who,
    Details,
    Notice,
    Hover,
    Log(usize),
}

/// A line of the standings in the status panel: the `i`-th faction of the [`Ledger`].
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub struct StandingLine(pub usize);

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.add_systems(Startup, spawn).add_systems(
        Update,
        (
            update,
            show_standings
                .after(update)
                .run_if(resource_changed::<Ledger>),
        )
            .in_set(HudText)
            .in_set(ViewSystems::Render),
    );
}

/// A panel that hides the map beneath it.
fn panel(at: Node) -> impl Bundle {
    (text_panel(at), Panel, Interaction::default())
}

/// A panel the pointer passes through: the hover panel, whose size follows the hovered hex
/// (blocking there would flicker between hovering the hex and the panel).
fn text_panel(at: Node) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            padding: UiRect::all(px(6)),
            ..at
        },
        BackgroundColor(PANEL),
    )
}

/// Spawns the HUD: status, hover, log and help panels. Reads nothing; writes their entities.
fn spawn(mut commands: Commands) {
    let font = TextFont {
        font_size: FontSize::Px(15.0),
        ..default()
    };
    let span = {
        let font = font.clone();
        move |part: Part| (part, TextSpan::default(), font.clone(), TextColor(PLAIN))
    };
    let corner = |top, left, width| Node {
        top: if top { px(8) } else { auto() },
        bottom: if top { auto() } else { px(30) },
        left: if left { px(8) } else { auto() },
        right: if left { auto() } else { px(8) },
        max_width: px(width),
        ..default()
    };
    commands
        .spawn((
            panel(corner(true, true, 520)),
            Text::default(),
            font.clone(),
            Part::Phase,
            children![span(Part::Who), span(Part::Details), span(Part::Notice)],
        ))
        .with_children(|status| {
            for i in 0..MAX_SEATS as usize {
                status.spawn((
                    StandingLine(i),
                    TextSpan::default(),
                    font.clone(),
                    TextColor(PLAIN),
                ));
            }
        });
    commands.spawn((
        text_panel(corner(true, false, 420)),
        Text::default(),
        font.clone(),
        Part::Hover,
    ));
    commands.spawn((
        panel(corner(false, true, 800)),
        Text::default(),
        font.clone(),
        Children::spawn(SpawnIter((0..LOG_LINES).map(move |i| span(Part::Log(i))))),
    ));
    commands.spawn((
        Text::new(HELP),
        TextFont {
            font_size: FontSize::Px(13.0),
            ..default()
        },
        TextColor(PLAIN),
        panel(Node {
            bottom: px(4),
            left: px(8),
            padding: UiRect::axes(px(6), px(2)),
            ..default()
        }),
    ));
}

/// What the HUD reads of the game: the players, the phase, the log and the end of the game,
/// and the rules and the world with its flags and sites.
#[derive(SystemParam)]
pub(super) struct GameShown<'w, 's> {
    table: Table<'w, 's>,
    phase: Res<'w, Phase>,
    log: Res<'w, PlayLog>,
    over: Option<Res<'w, GameOver>>,
    standings: Res<'w, Standings>,
    rules: WorldRules<'w>,
    world: Res<'w, HexWorld>,
    index: Res<'w, HexIndex>,
    flags: Query<'w, 's, &'static Occupied>,
    sites: Option<Res<'w, SiteLayer>>,
    /// What each faction knows of the sites: the HUD shows the seat to act's.
    knowledge: Res<'w, Knowledge>,
    /// In an online game, the lobby: who plays each seat, and the turn clock.
    lobby: Option<Res<'w, aeternus_core::play::lobby::LobbyBoard>>,
}

/// What this window adds for the HUD: the hovered hex, the station being picked and the
/// notice.
#[derive(SystemParam)]
pub(super) struct WindowShown<'w> {
    hovered: Res<'w, Hovered>,
    pick: Res<'w, StationPick>,
    notice: Res<'w, Notice>,
}

impl GameShown<'_, '_> {
    /// The status panel and the faction its name is coloured for: once the game is over the
    /// end of the game (winner and standings), else the status of `me`, who is to act.
    fn status(
        &self,
        me: Option<&Seated>,
        window: &WindowShown,
    ) -> (Option<StatusPanel>, Option<Faction>) {
        match self.over.as_deref() {
            Some(over) => (
                Some(text::game_over(over, &self.standings.0, &self.rules)),
                over.winner,
            ),
            None => (
                me.map(|me| {
                    let range = self.rules.construction.range;
                    let at = build_target(me.hex, window.hovered.0, range);
                    let pick = window.pick.0.as_ref();
                    let mut status =
                        text::status(self.phase.0, me, &self.rules, &self.world, at, pick);
                    let online = self.lobby.as_ref().and_then(|l| l.player_line(me.id().0));
                    if let Some(line) = online {
                        status.who = format!("{} ({line})\n", status.who.trim_end());
                    }
                    status
                }),
                me.map(|me| me.faction),
            ),
        }
    }

    /// The sites as `me`'s faction knows them; once nobody is to act (the game is over),
    /// every site.
    fn known(&self, me: Option<&Seated>) -> Option<KnownSites<'_>> {
        let layer = self.sites.as_deref()?;
        Some(match me {
            // An online spectator the server lets see every site known.
            Some(_) if self.table.sees_all() => layer.all_known(),
            Some(me) => layer.known_by(&self.knowledge, me.faction.0),
            None => layer.all_known(),
        })
    }

    /// The hover panel's text: the hovered hex, who stands there and the sites there that
    /// `me`'s faction knows, and while the game goes on what a build there would cost for `me`.
    fn hover(&self, players: &[Seated], me: Option<&Seated>, hovered: Option<Hex>) -> String {
        hovered.map_or(NO_HOVER.into(), |hex| {
            let here: Vec<&str> = players
                .iter()
                .filter(|s| s.hex == hex)
                .map(|s| s.player.name.as_str())
                .collect();
            let owner = occupant(hex, &self.index, &self.flags);
            let info = text::hex_info(hex, &self.world, owner, &here, &self.rules);
            let known = self.known(me);
            let info = match known {
                Some(sites) => info + &text::sites_line(sites.names_at(hex)),
                None => info,
            };
            // What a step there would raze, what a build there would cost, and why the rules
            // would refuse it.
            match (me, &self.over) {
                (Some(me), None) => {
                    let left = occupant(me.hex, &self.index, &self.flags);
                    let pays = known.map_or_else(Default::default, |s| s.yields_at(me.hex));
                    let step = text::step_line(&self.world, me.hex, hex, left, &pays);
                    info + &step + &text::build_lines(me, &self.world, hex)
                }
                _ => info,
            }
        })
    }
}

/// The HUD's texts: the status of who is to act, the notice, the hovered hex and the log. Reads
/// what the HUD shows of the game ([`GameShown`]) and of this window ([`WindowShown`]); writes
/// the texts and their colours.
fn update(
    game: GameShown,
    window: WindowShown,
    mut texts: Query<(
        &Part,
        Option<&mut Text>,
        Option<&mut TextSpan>,
        &mut TextColor,
    )>,
) {
    let players = game.table.in_order();
    let shown = game.table.shown();
    let me = players.iter().find(|s| Some(s.id()) == shown);
    let (status, who) = game.status(me, &window);
    let hover = game.hover(&players, me, window.hovered.0);
    let rules = &game.rules;
    let lines = text::log_lines(&game.log, rules, LOG_LINES);
    let colour_of = |id| {
        let s = players.iter().find(|s| s.id() == id)?;
        Some(faction_colour(rules, s.faction).mix(&Color::WHITE, 0.45))
    };
    for (part, text, span, mut colour) in &mut texts {
        let (want, tint) = match *part {
            Part::Phase => (status.as_ref().map_or("", |s| &s.phase).to_string(), PLAIN),
            Part::Who => match (&status, who) {
                (Some(s), Some(f)) => (s.who.clone(), faction_colour(rules, f)),
                (Some(s), None) => (s.who.clone(), PLAIN),
                _ => (String::new(), PLAIN),
            },
            Part::Details => (
                status.as_ref().map_or("", |s| &s.details).to_string(),
                PLAIN,
            ),
            Part::Notice => match &window.notice.0 {
                Some(n) => (format!("\n{n}"), NOTICE),
                None => (String::new(), NOTICE),
            },
            Part::Hover => (hover.clone(), PLAIN),
            Part::Log(0) if lines.is_empty() => ("Nothing has happened yet.".into(), PLAIN),
            Part::Log(i) => match lines.get(i) {
                Some(l) if l.refused => (line(i, &l.text), REFUSED),
                Some(l) => (
                    line(i, &l.text),
                    l.player.and_then(colour_of).unwrap_or(PLAIN),
                ),
                None => (String::new(), PLAIN),
            },
        };
        colour.set_if_neq(TextColor(tint));
        if let Some(mut t) = text
            && t.0 != want
        {
            t.0 = want;
        } else if let Some(mut t) = span
            && t.0 != want
        {
            t.0 = want;
        }
    }
}

/// The standings under the status, a line a faction in its colour, after a blank line: written
/// only when the [`Ledger`] changed. Reads the ledger and the rules (names and colours); writes
/// the standings' lines.
fn show_standings(
    ledger: Res<Ledger>,
    rules: WorldRules,
    mut lines: Query<(&StandingLine, &mut TextSpan, &mut TextColor)>,
) {
    for (&StandingLine(i), mut span, mut colour) in &mut lines {
        let (want, tint) = match ledger.0.get(i) {
            Some(l) => {
                let gap = if i == 0 { "\n\n" } else { "\n" };
                let text = format!("{gap}{}", text::standing(l, &rules));
                (text, faction_colour(&rules, l.faction))
            }
            None => (String::new(), PLAIN),
        };
        colour.set_if_neq(TextColor(tint));
        if span.0 != want {
            span.0 = want;
        }
    }
}

/// Log lines after the first start on a new line.
fn line(i: usize, text: &str) -> String {
    if i == 0 {
        text.to_string()
    } else {
        format!("\n{text}")
    }
}
