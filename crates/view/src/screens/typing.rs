//! Typing into a menu's text field (the seed, an address): what each key pressed does, and the
//! clipboard's text for a paste.

use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

/// What a key pressed into a field does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// The text a key typed (the field keeps what it takes of it).
    Text(String),
    Backspace,
    /// Ctrl+C.
    Copy,
    /// Ctrl+V.
    Paste,
}

/// The keys pressed this frame, as a field takes them (Ctrl with any other key does nothing).
pub fn typed(keys: &mut MessageReader<KeyboardInput>, held: &ButtonInput<KeyCode>) -> Vec<Typed> {
    let ctrl = held.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let pressed = keys.read().filter(|k| k.state == ButtonState::Pressed);
    pressed
        .filter_map(|k| match k.key_code {
            KeyCode::KeyC if ctrl => Some(Typed::Copy),
            KeyCode::KeyV if ctrl => Some(Typed::Paste),
            _ if ctrl => None,
            _ if k.logical_key == Key::Backspace => Some(Typed::Backspace),
            _ => k.text.as_ref().map(|t| Typed::Text(t.to_string())),
        })
        .collect()
}

/// The clipboard's text, for a paste, or why there is none (said for the menu).
pub fn clipboard_text(clipboard: Option<&mut Clipboard>) -> Result<String, String> {
    let clipboard = clipboard.ok_or("Nothing pasted: no clipboard here")?;
    match clipboard.fetch_text() {
        ClipboardRead::Ready(Ok(text)) => Ok(text),
        ClipboardRead::Ready(Err(e)) => Err(format!("Nothing pasted: {e}")),
        _ => Err("Nothing pasted: the clipboard did not answer".into()),
    }
}
