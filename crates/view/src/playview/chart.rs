//! The score chart: each faction's points over the phases ([`ScoreHistory`]) as a line in its
//! colour, over axes labelled with the phases and the points, drawn with UI nodes (a thin
//! rotated node a segment). The standings panel (P) and the end-of-game screen both spawn it
//! with [`spawn`]; [`series`] is its geometry alone, for tests.

use bevy::prelude::*;

use crate::render::tokens::faction_colour;
use aeternus_core::play::{Faction, ScoreHistory};
use aeternus_core::rules::Rules;

/// The plot's size, in pixels.
pub const PLOT: Vec2 = Vec2::new(520.0, 220.0);
/// The most points a line is drawn through: a long game's rows are sampled evenly (the first
/// and the newest always), so the chart costs the same after 100 phases or 100,000.
pub const MAX_SAMPLES: usize = 260;
/// A line's thickness, in pixels.
const LINE: f32 = 2.0;
const AXIS: Color = Color::srgb(0.62, 0.62, 0.66);
const LABEL: Color = Color::srgb(0.8, 0.8, 0.82);
const PLOT_BACK: Color = Color::srgba(0.0, 0.0, 0.0, 0.35);

/// One faction's line: its points through the plot, in pixels from the plot's top left.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub faction: Faction,
    pub points: Vec<Vec2>,
}

/// The chart's scales: the phases along, the points up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scales {
    pub first_phase: u32,
    pub last_phase: u32,
    /// The top of the points axis (at least 1).
    pub top: u64,
}

/// A segment of a faction's line on the chart.
#[derive(Component, Debug, Clone, Copy)]
pub struct Segment;

/// The chart's scales for `history`.
pub fn scales(history: &ScoreHistory) -> Scales {
    let rows = history.rows();
    Scales {
        first_phase: rows.first().map_or(0, |r| r.phase),
        last_phase: rows.last().map_or(0, |r| r.phase),
        top: history.best().max(1),
    }
}

/// Each faction's line through a plot of `size`: x by phase (first row left, newest right), y
/// by points (0 at the bottom, the best score at the top), at most [`MAX_SAMPLES`] points.
pub fn series(history: &ScoreHistory, size: Vec2) -> Vec<Series> {
    let rows = history.rows();
    let s = scales(history);
    let span = s.last_phase.saturating_sub(s.first_phase).max(1) as f32;
    let at = |phase: u32, points: u64| {
        let x = (phase.saturating_sub(s.first_phase)) as f32 / span * size.x;
        let y = size.y - (points as f64 / s.top as f64) as f32 * size.y;
        Vec2::new(x, y)
    };
    let samples = sample(rows.len(), MAX_SAMPLES);
    let mut factions: Vec<Faction> = (rows.iter().flat_map(|r| &r.points))
        .map(|p| p.faction)
        .collect();
    factions.sort_by_key(|f| f.0);
    factions.dedup();
    (factions.into_iter())
        .map(|faction| Series {
            faction,
            points: (samples.iter().map(|&i| &rows[i]))
                .filter_map(|r| {
                    let p = r.points.iter().find(|p| p.faction == faction)?;
                    Some(at(r.phase, p.points))
                })
                .collect(),
        })
        .collect()
}

/// At most `most` indices of `len` rows, evenly spread, the first and the last among them.
fn sample(len: usize, most: usize) -> Vec<usize> {
    let most = most.max(2);
    if len <= most {
        return (0..len).collect();
    }
    let mut picked: Vec<usize> = (0..most).map(|k| k * (len - 1) / (most - 1)).collect();
    picked.dedup();
    picked
}

/// Spawns the chart under `parent`: a legend of the factions, the points axis with its top and
/// 0, the plot with a line a faction, the phases axis with its first and newest phase.
pub fn spawn(parent: &mut ChildSpawnerCommands, history: &ScoreHistory, rules: &Rules) {
    let s = scales(history);
    let lines = series(history, PLOT);
    let label = |text: String| {
        (
            Text::new(text),
            TextFont {
                font_size: FontSize::Px(13.0),
                ..default()
            },
            TextColor(LABEL),
        )
    };
    parent
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            ..default()
        })
        .with_children(|chart| {
            legend(chart, &lines, rules);
            chart.spawn(label("points".into()));
            chart
                .spawn(Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: px(6),
                    ..default()
                })
                .with_children(|row| {
                    row.spawn(Node {
                        flex_direction: FlexDirection::Column,
                        justify_content: JustifyContent::SpaceBetween,
                        align_items: AlignItems::FlexEnd,
                        min_width: px(44),
                        height: px(PLOT.y),
                        ..default()
                    })
                    .with_children(|axis| {
                        axis.spawn(label(s.top.to_string()));
                        axis.spawn(label("0".into()));
                    });
                    row.spawn(plot()).with_children(|plot| {
                        for line in &lines {
                            draw_line(plot, &line.points, faction_colour(rules, line.faction));
                        }
                    });
                });
            chart
                .spawn(Node {
                    justify_content: JustifyContent::SpaceBetween,
                    margin: UiRect::left(px(50)),
                    width: px(PLOT.x),
                    ..default()
                })
                .with_children(|axis| {
                    axis.spawn(label(s.first_phase.to_string()));
                    axis.spawn(label("phase".into()));
                    axis.spawn(label(s.last_phase.to_string()));
                });
        });
}

/// The plot's area: its size, the axes as its left and bottom borders.
fn plot() -> impl Bundle {
    (
        Node {
            width: px(PLOT.x),
            height: px(PLOT.y),
            border: UiRect {
                left: px(1),
                bottom: px(1),
                ..default()
            },
            ..default()
        },
        BorderColor::all(AXIS),
        BackgroundColor(PLOT_BACK),
    )
}

/// The factions' names, each in its colour, in a row.
fn legend(chart: &mut ChildSpawnerCommands, lines: &[Series], rules: &Rules) {
    chart
        .spawn(Node {
            column_gap: px(14),
            flex_wrap: FlexWrap::Wrap,
            ..default()
        })
        .with_children(|row| {
            for line in lines {
                row.spawn((
                    Text::new(rules.faction_name(line.faction.0)),
                    TextFont {
                        font_size: FontSize::Px(14.0),
                        ..default()
                    },
                    TextColor(faction_colour(rules, line.faction)),
                ));
            }
        });
}

/// A line through `points` in `colour`: a thin node from each point to the next, turned to
/// join them (a lone point: a dot).
fn draw_line(plot: &mut ChildSpawnerCommands, points: &[Vec2], colour: Color) {
    let pairs: Vec<(Vec2, Vec2)> = match points {
        [one] => vec![(*one, *one)],
        _ => points.windows(2).map(|w| (w[0], w[1])).collect(),
    };
    for (a, b) in pairs {
        plot.spawn(segment(a, b, colour));
    }
}

/// A segment from `a` to `b`: a node as long as the segment, centred on its middle and turned
/// clockwise (the UI's y grows downwards) by its angle.
pub fn segment(a: Vec2, b: Vec2, colour: Color) -> impl Bundle {
    let d = b - a;
    let length = d.length().max(LINE);
    let middle = (a + b) / 2.0;
    (
        Segment,
        Node {
            position_type: PositionType::Absolute,
            left: px(middle.x - length / 2.0),
            top: px(middle.y - LINE / 2.0),
            width: px(length),
            height: px(LINE),
            ..default()
        },
        UiTransform::from_rotation(Rot2::radians(d.y.atan2(d.x))),
        BackgroundColor(colour),
    )
}
