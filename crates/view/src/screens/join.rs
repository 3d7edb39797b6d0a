//! Online play from the title: Join (an address typed or pasted, then the game's window on that
//! server's game) and Host (a server in this process, the host playing its first seat). Both
//! start the process anew with the command line that does it (`join ADDR`, `serve --host`):
//! the network lives above the views.

use std::ffi::OsString;

use bevy::clipboard::Clipboard;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use super::start;
use super::typing::{self, Typed};
use super::widgets::{self, Act, Label, Note, Take, item, note};
use super::{Launch, Menu, open};

/// The longest address the field holds: a host name's 253 characters and a port.
pub const MAX_ADDRESS: usize = 253 + 6;

/// The port a hosted game listens on (`serve`'s default).
pub const HOST_PORT: u16 = 7878;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>()
        .add_systems(OnEnter(Menu::Join), spawn)
        .add_systems(
            Update,
            (type_address, take, show)
                .chain()
                .run_if(in_state(Menu::Join))
                .in_set(crate::ScreenSystems::Join),
        );
}

/// The address typed so far, and what went wrong last.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct JoinForm {
    pub address: String,
    pub message: Option<String>,
}

impl JoinForm {
    /// Typed or pasted text: printable characters only, up to [`MAX_ADDRESS`].
    pub fn type_text(&mut self, typed: &str) {
        for c in typed
            .chars()
            .filter(|c| !c.is_control() && !c.is_whitespace())
        {
            if self.address.chars().count() >= MAX_ADDRESS {
                break;
            }
            self.address.push(c);
        }
        self.message = None;
    }
}

/// `HOST:PORT`, checked as far as it can be without asking the network: a host and a port of
/// 1 to 65535.
pub fn checked_address(text: &str) -> Result<&str, String> {
    let (host, port) = text
        .rsplit_once(':')
        .ok_or("an address is HOST:PORT (192.168.1.5:7878)")?;
    if host.is_empty() {
        return Err("the address names no host".into());
    }
    match port.parse::<u16>() {
        Ok(p) if p > 0 => Ok(text),
        _ => Err(format!("{port:?} is no port (1 to 65535)")),
    }
}

/// The command line that joins `address` in a window: on the server's rules, which it sends.
pub fn join_args(address: &str) -> Vec<OsString> {
    vec!["join".into(), address.into()]
}

/// The command line that hosts a game here: a server for two people on [`HOST_PORT`], the
/// host playing the first seat in this window.
pub fn host_args(launch: &Launch) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec!["serve".into(), "--host".into()];
    args.extend(["--port".into(), HOST_PORT.to_string().into()]);
    args.extend(["--seats".into(), "human,human".into()]);
    if launch.rules != "aeternus" {
        args.extend(["--rules".into(), launch.rules.clone().into()]);
    }
    args
}

fn spawn(mut commands: Commands, mut form: ResMut<JoinForm>) {
    form.message = None;
    commands.spawn((
        widgets::root(Menu::Join, true),
        children![(
            widgets::panel(),
            children![
                widgets::heading("Join a game", 32.0),
                item(0, Act::Address, label(&form, Act::Address)),
                item(1, Act::Join, "Join"),
                item(2, Act::Back, "Back"),
                note(String::new(), widgets::TEXT),
            ],
        )],
    ));
}

fn label(form: &JoinForm, act: Act) -> String {
    match act {
        Act::Address => format!("Address: {}_", form.address),
        _ => String::new(),
    }
}

/// The keys typed into the address; Ctrl+V pastes. Reads [`KeyboardInput`] and the clipboard;
/// writes [`JoinForm`].
fn type_address(
    mut keys: MessageReader<KeyboardInput>,
    held: Res<ButtonInput<KeyCode>>,
    mut form: ResMut<JoinForm>,
    mut clipboard: Option<ResMut<Clipboard>>,
) {
    for t in typing::typed(&mut keys, &held) {
        match t {
            Typed::Paste => match typing::clipboard_text(clipboard.as_deref_mut()) {
                Ok(text) => {
                    form.address.clear();
                    form.type_text(text.trim());
                }
                Err(why) => form.message = Some(why),
            },
            Typed::Copy => {}
            Typed::Backspace => {
                form.address.pop();
            }
            Typed::Text(text) => form.type_text(&text),
        }
    }
}

/// Reads [`Take`]; writes [`JoinForm`] and the menu open, or starts the process anew joined to
/// the address.
fn take(
    mut taken: MessageReader<Take>,
    mut form: ResMut<JoinForm>,
    next: ResMut<NextState<Menu>>,
    selected: ResMut<widgets::Selected>,
) {
    let Some(t) = widgets::taken_in(Menu::Join, &mut taken) else {
        return;
    };
    match t.act {
        Act::Back => open(Menu::Main)(next, selected),
        Act::Join | Act::Address => match checked_address(form.address.trim()) {
            Ok(address) => {
                let why = start::relaunch(&join_args(address));
                form.message = Some(why);
            }
            Err(why) => form.message = Some(format!("Not joined: {why}")),
        },
        _ => {}
    }
}

/// The address's label and the note. Reads [`JoinForm`]; writes the label and the note.
fn show(
    form: Res<JoinForm>,
    mut labels: Query<(&Label, &mut Text), Without<Note>>,
    mut notes: Query<(&mut Text, &mut TextColor), With<Note>>,
) {
    if !form.is_changed() {
        return;
    }
    for (l, mut text) in &mut labels {
        if l.0 == Act::Address {
            text.0 = label(&form, Act::Address);
        }
    }
    let (words, colour) = match &form.message {
        Some(m) => (m.clone(), widgets::WRONG),
        None => (
            "Type or paste the server's address (Ctrl+V), then Join.".into(),
            widgets::TEXT.with_alpha(0.6),
        ),
    };
    for (mut text, mut c) in &mut notes {
        text.0 = words.clone();
        c.0 = colour;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_a_host_and_a_port() {
        assert_eq!(checked_address("192.168.1.5:7878"), Ok("192.168.1.5:7878"));
        assert_eq!(checked_address("[::1]:7878"), Ok("[::1]:7878"));
        assert!(
            checked_address("192.168.1.5")
                .unwrap_err()
                .contains("HOST:PORT")
        );
        assert!(checked_address(":7878").unwrap_err().contains("no host"));
        assert!(checked_address("host:0").unwrap_err().contains("no port"));
        assert!(
            checked_address("host:99999")
                .unwrap_err()
                .contains("no port")
        );
    }

    #[test]
    fn the_field_takes_printable_text_up_to_its_limit() {
        let mut form = JoinForm::default();
        form.type_text("a b\u{7}c\n");
        assert_eq!(form.address, "abc");
        form.type_text(&"x".repeat(1000));
        assert_eq!(form.address.chars().count(), MAX_ADDRESS);
    }
}
