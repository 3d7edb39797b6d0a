//! What every menu is made of: a panel of items, one of them selected. Keyboard: the arrows Up
//! and Down (or Tab) select, Enter or Space takes the item, Left and Right change a value,
//! Escape goes back. Mouse: pointing selects, a click takes (a click on a value steps it on).

use bevy::prelude::*;

use crate::ViewSystems;

use super::Menu;

/// What an item does when taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    NewGame,
    LoadMenu,
    Quit,
    Seed,
    RandomSeed,
    CopySeed,
    Players,
    /// Who plays the `i`-th seat (from 0).
    Seat(usize),
    Ruleset,
    Mod(usize),
    Start,
    Back,
    LoadSave(usize),
    Resume,
    SaveGame,
    Controls,
    QuitToTitle,
    /// The title's Join: the Join menu.
    JoinMenu,
    /// The title's Host: a server here, the host playing its first seat.
    Host,
    /// The address field of the Join menu.
    Address,
    /// Join the address typed.
    Join,
}

/// An item of the open menu, `index`-th from the top.
#[derive(Component, Debug, Clone, Copy)]
pub struct Item {
    pub index: usize,
    pub act: Act,
}

/// The label of an item whose text a menu rewrites (a value, the seed field).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label(pub Act);

/// A line of a menu that is no item: a message, a reason, the standings.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Note;

/// The selected item of the open menu.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Selected(pub usize);

/// An item taken in `menu`: `step` is 0 for Enter, +1 or -1 for Right or Left (a click steps
/// +1). A message lives two frames: the menu opened next must not take it for its own.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Take {
    pub menu: Menu,
    pub act: Act,
    pub step: i32,
}

/// The last item taken in `menu` this frame, if any.
pub fn taken_in(menu: Menu, taken: &mut MessageReader<Take>) -> Option<Take> {
    taken.read().filter(|t| t.menu == menu).last().copied()
}

pub const PANEL: Color = Color::srgba(0.05, 0.05, 0.08, 0.94);
pub const ITEM: Color = Color::srgb(0.16, 0.17, 0.22);
pub const CHOSEN: Color = Color::srgb(0.85, 0.62, 0.2);
pub const TEXT: Color = Color::srgb(0.92, 0.92, 0.9);
pub const WRONG: Color = Color::srgb(1.0, 0.45, 0.4);
pub const BACKDROP: Color = Color::srgba(0.02, 0.02, 0.03, 0.7);

pub(super) fn plugin(app: &mut App) {
    crate::view_sets(app);
    app.init_resource::<Selected>()
        .add_message::<Take>()
        // The window's own; added here too for the menus without a window (tests).
        .add_message::<bevy::window::CursorMoved>()
        .add_systems(
            Update,
            (keys, pointer, highlight)
                .chain()
                .run_if(not(in_state(Menu::None)))
                .in_set(ViewSystems::MenuInput),
        );
}

pub fn font(size: f32) -> TextFont {
    TextFont {
        font_size: FontSize::Px(size),
        ..default()
    }
}

/// A menu's root: over the whole window, its panel in the middle; gone when `menu` closes.
/// `opaque`: the title's own backdrop, else the map shows dimmed through it.
pub fn root(menu: Menu, opaque: bool) -> impl Bundle {
    (
        Name::new(format!("{menu:?} menu")),
        DespawnOnExit(menu),
        Node {
            width: percent(100),
            height: percent(100),
            position_type: PositionType::Absolute,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        GlobalZIndex(10),
        BackgroundColor(if opaque {
            crate::render::BACKGROUND
        } else {
            BACKDROP
        }),
    )
}

/// The panel the items sit in, top to bottom.
pub fn panel() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Stretch,
            row_gap: px(8),
            padding: UiRect::all(px(24)),
            min_width: px(420),
            ..default()
        },
        BackgroundColor(PANEL),
    )
}

/// A heading line.
pub fn heading(text: impl Into<String>, size: f32) -> impl Bundle {
    (
        Text::new(text),
        font(size),
        TextColor(TEXT),
        TextLayout::justify(Justify::Center),
    )
}

/// A line that is no item.
pub fn note(text: impl Into<String>, colour: Color) -> impl Bundle {
    (Note, Text::new(text), font(15.0), TextColor(colour))
}

/// An item: a button with its label.
pub fn item(index: usize, act: Act, label: impl Into<String>) -> impl Bundle {
    item_in(Node::default(), index, act, label)
}

/// A row of items two abreast, wrapping: a list of short values (the seats) in half the height.
pub fn pairs() -> impl Bundle {
    Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::SpaceBetween,
        row_gap: px(8),
        column_gap: px(8),
        width: px(600),
        ..default()
    }
}

/// An item half as wide as the row of [`pairs`] it sits in.
pub fn half_item(index: usize, act: Act, label: impl Into<String>) -> impl Bundle {
    let node = Node {
        width: percent(48),
        ..default()
    };
    item_in(node, index, act, label)
}

/// An item laid out as `node` says (its padding is every item's).
fn item_in(node: Node, index: usize, act: Act, label: impl Into<String>) -> impl Bundle {
    (
        Item { index, act },
        Button,
        Node {
            padding: UiRect::axes(px(14), px(7)),
            ..node
        },
        BackgroundColor(ITEM),
        children![(Label(act), Text::new(label), font(18.0), TextColor(TEXT))],
    )
}

/// The keys. Reads the keys pressed and the items; writes [`Selected`], [`Take`].
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    menu: Res<State<Menu>>,
    items: Query<&Item>,
    mut selected: ResMut<Selected>,
    mut take: MessageWriter<Take>,
) {
    let count = items.iter().map(|i| i.index + 1).max().unwrap_or(0);
    if count == 0 {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let mut step = |by: usize| selected.0 = (selected.0 % count + by) % count;
    for key in keys.get_just_pressed() {
        match key {
            KeyCode::ArrowDown => step(1),
            KeyCode::Tab if !shift => step(1),
            KeyCode::ArrowUp => step(count - 1),
            KeyCode::Tab => step(count - 1),
            _ => {}
        }
    }
    let act_of = |i: usize| items.iter().find(|it| it.index == i).map(|it| it.act);
    let Some(act) = act_of(selected.0.min(count - 1)) else {
        return;
    };
    for key in keys.get_just_pressed() {
        let step = match key {
            KeyCode::Enter | KeyCode::NumpadEnter => 0,
            KeyCode::ArrowRight => 1,
            KeyCode::ArrowLeft => -1,
            KeyCode::Escape => {
                take.write(Take {
                    menu: *menu.get(),
                    act: Act::Back,
                    step: 0,
                });
                continue;
            }
            _ => continue,
        };
        take.write(Take {
            menu: *menu.get(),
            act,
            step,
        });
    }
}

/// The mouse. Pointing selects only when the pointer moves: a menu that opens under a still
/// pointer keeps its own first choice (the first position a window hears of, as it opens under
/// the pointer, is where the pointer rests, not a move). Reads the items' interaction and the
/// pointer's moves; writes [`Selected`], [`Take`].
fn pointer(
    items: Query<(&Interaction, &Item)>,
    menu: Res<State<Menu>>,
    mut cursor: MessageReader<bevy::window::CursorMoved>,
    mut selected: ResMut<Selected>,
    mut take: MessageWriter<Take>,
    (mut was_pressed, mut rested): (Local<bool>, Local<Option<Vec2>>),
) {
    let mut moved = false;
    for c in cursor.read() {
        moved |= rested.is_some_and(|at| at != c.position);
        *rested = Some(c.position);
    }
    let mut pressed = false;
    for (interaction, item) in &items {
        match interaction {
            Interaction::Hovered if moved => selected.0 = item.index,
            // A press is taken once, when it begins.
            Interaction::Pressed if *was_pressed => pressed = true,
            Interaction::Pressed => {
                pressed = true;
                selected.0 = item.index;
                take.write(Take {
                    menu: *menu.get(),
                    act: item.act,
                    step: 1,
                });
            }
            Interaction::Hovered | Interaction::None => {}
        }
    }
    *was_pressed = pressed;
}

/// The selected item stands out. Reads [`Selected`]; writes the items' colours.
fn highlight(selected: Res<Selected>, mut items: Query<(&Item, &mut BackgroundColor)>) {
    for (item, mut colour) in &mut items {
        let want = if item.index == selected.0 {
            CHOSEN.with_alpha(0.55)
        } else {
            ITEM
        };
        if colour.0 != want {
            colour.0 = want;
        }
    }
}
