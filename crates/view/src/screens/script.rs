//! `--press KEYS` (hidden): keys pressed one after another once the window is up, as a player
//! would press them, so the window tests can start a game from the menus. The list is checked
//! like any input: known key names only, at most [`MAX_KEYS`].

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::render::screenshot::Animations;

/// The most keys a script presses.
pub const MAX_KEYS: usize = 64;
/// Frames before the first key (the window and the title are up by then).
pub const FIRST_FRAME: u32 = 12;
/// Frames from one key to the next.
pub const EVERY: u32 = 6;

/// A key to press: its code and the text it types, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Press {
    pub key: KeyCode,
    pub logical: Key,
    pub text: Option<String>,
}

impl Press {
    /// The key going down (with the text it types) or up, as the keyboard sends it to `window`.
    pub fn input(&self, state: ButtonState, window: Entity) -> KeyboardInput {
        KeyboardInput {
            key_code: self.key,
            logical_key: self.logical.clone(),
            state,
            text: (state == ButtonState::Pressed)
                .then(|| self.text.clone().map(Into::into))
                .flatten(),
            repeat: false,
            window,
        }
    }
}

/// Parses `Enter,Down,7,...`: the names `Enter`, `Escape`, `Up`, `Down`, `Left`, `Right`,
/// `Tab`, `Space`, `Backspace`, `F5`, a digit or a letter.
pub fn parse(keys: &str) -> Result<Vec<Press>, String> {
    let names: Vec<&str> = keys.split(',').map(str::trim).collect();
    if names.len() > MAX_KEYS {
        return Err(format!("--press: at most {MAX_KEYS} keys"));
    }
    names.into_iter().map(press).collect()
}

fn press(name: &str) -> Result<Press, String> {
    use KeyCode::*;
    let named = |key, logical| {
        Ok(Press {
            key,
            logical,
            text: None,
        })
    };
    match name {
        "Enter" => named(Enter, Key::Enter),
        "Escape" => named(Escape, Key::Escape),
        "Up" => named(ArrowUp, Key::ArrowUp),
        "Down" => named(ArrowDown, Key::ArrowDown),
        "Left" => named(ArrowLeft, Key::ArrowLeft),
        "Right" => named(ArrowRight, Key::ArrowRight),
        "Tab" => named(Tab, Key::Tab),
        "Backspace" => named(Backspace, Key::Backspace),
        "F5" => named(F5, Key::F5),
        "Space" => Ok(Press {
            key: Space,
            logical: Key::Space,
            text: Some(" ".into()),
        }),
        _ => {
            let mut chars = name.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(format!(
                    "--press: `{}` is no key",
                    super::saves::shown(name)
                ));
            };
            let key = match c.to_ascii_lowercase() {
                '0' => Digit0,
                '1' => Digit1,
                '2' => Digit2,
                '3' => Digit3,
                '4' => Digit4,
                '5' => Digit5,
                '6' => Digit6,
                '7' => Digit7,
                '8' => Digit8,
                '9' => Digit9,
                // An address typed into Join.
                '.' => Period,
                ':' => Semicolon,
                // The game's length in an online lobby.
                '=' => Equal,
                '-' => Minus,
                l @ 'a'..='z' => [
                    KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM,
                    KeyN, KeyO, KeyP, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
                ][(l as u8 - b'a') as usize],
                _ => {
                    return Err(format!(
                        "--press: `{}` is no key",
                        super::saves::shown(name)
                    ));
                }
            };
            let text = c.to_string();
            Ok(Press {
                key,
                logical: Key::Character(text.as_str().into()),
                text: Some(text),
            })
        }
    }
}

/// The keys still to press, and the frames counted.
#[derive(Resource, Debug)]
pub struct Script {
    pub keys: Vec<Press>,
    frame: u32,
}

impl Script {
    pub fn new(keys: Vec<Press>) -> Self {
        Self { keys, frame: 0 }
    }
}

pub fn plugin(app: &mut App) {
    crate::view_sets(app);
    // Before the input systems read the keyboard, as the window's own keys come.
    app.add_systems(First, play);
}

/// Presses the next key on its frame and lets it go on the next; until the last is let go,
/// `--screenshot` waits (as for an animation). Reads [`Script`]; writes the game window's focus,
/// [`KeyboardInput`] and [`Animations`].
fn play(
    mut script: ResMut<Script>,
    mut window: Option<Single<(Entity, &mut Window), With<PrimaryWindow>>>,
    mut input: MessageWriter<KeyboardInput>,
    animations: Option<ResMut<Animations>>,
) {
    script.frame += 1;
    let last = FIRST_FRAME + EVERY * script.keys.len() as u32;
    if let Some(mut a) = animations.filter(|_| script.frame <= last) {
        a.keep();
    }
    // The keys are the game window's, as a player's are when it has the focus (a bare X
    // server, as under Xvfb, gives no window the focus).
    if let Some((_, w)) = window.as_deref_mut()
        && !w.focused
    {
        w.focused = true;
    }
    let Some(since) = script.frame.checked_sub(FIRST_FRAME) else {
        return;
    };
    let (i, at) = ((since / EVERY) as usize, since % EVERY);
    let Some(p) = script.keys.get(i) else {
        return;
    };
    let window = window.map_or(Entity::PLACEHOLDER, |w| w.0);
    let state = match at {
        0 => ButtonState::Pressed,
        1 => ButtonState::Released,
        _ => return,
    };
    if state == ButtonState::Pressed {
        info!("pressing {:?}", p.key);
    }
    input.write(p.input(state, window));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_names_are_read_and_anything_else_refused() {
        let keys = parse("Enter, 7,Down,a,Escape").unwrap();
        assert_eq!(keys.len(), 5);
        assert_eq!(keys[1].key, KeyCode::Digit7);
        assert_eq!(keys[1].text.as_deref(), Some("7"));
        assert_eq!(keys[3].key, KeyCode::KeyA);
        for bad in ["", "Enterr", "7,,8", "ü", "\u{1b}", "F13", "Ctrl"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        assert!(parse(&vec!["1"; MAX_KEYS + 1].join(",")).is_err());
        assert!(parse(&vec!["1"; MAX_KEYS].join(",")).is_ok());
    }
}
