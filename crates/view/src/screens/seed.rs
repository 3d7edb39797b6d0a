//! The seed field: what a player types is text until it reads as a seed, and is shown as
//! invalid (never a crash) until then.

/// The most characters the field holds (a seed has at most 20 digits).
pub const MAX_SEED_TEXT: usize = 24;

/// Random seeds stay below this: nine digits are easy to read out and share.
pub const RANDOM_SEEDS: u64 = 1_000_000_000;

/// The text of the field, or why it is no seed.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("type a seed, or R for a random one".into());
    }
    if !t.chars().all(|c| c.is_ascii_digit()) {
        return Err("a seed is digits only".into());
    }
    t.parse()
        .map_err(|_| format!("a seed is at most {}", u64::MAX))
}

/// A seed nobody chose: the clock and the process mixed.
pub fn random_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    aeternus_core::worldgen::stream::mix(t ^ (u64::from(std::process::id()) << 32)) % RANDOM_SEEDS
}

/// The seed field: its text, and whether the player has typed in it yet (the first key
/// replaces the seed offered).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedField {
    pub text: String,
    pub fresh: bool,
}

impl SeedField {
    pub fn offering(seed: u64) -> Self {
        Self {
            text: seed.to_string(),
            fresh: true,
        }
    }

    /// Typed text: printable characters only, up to [`MAX_SEED_TEXT`].
    pub fn type_text(&mut self, typed: &str) {
        let typed: String = typed.chars().filter(|c| !c.is_control()).collect();
        if typed.is_empty() {
            return;
        }
        if self.fresh {
            self.text.clear();
            self.fresh = false;
        }
        for c in typed.chars() {
            if self.text.chars().count() >= MAX_SEED_TEXT {
                break;
            }
            self.text.push(c);
        }
    }

    /// Pasted text (the clipboard's: anything at all) replaces the field, checked as typed text.
    pub fn paste(&mut self, text: &str) {
        self.text.clear();
        self.fresh = false;
        self.type_text(text.trim());
    }

    pub fn backspace(&mut self) {
        self.fresh = false;
        self.text.pop();
    }

    pub fn seed(&self) -> Result<u64, String> {
        parse_seed(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_a_seed_and_anything_else_is_said_to_be_none() {
        assert_eq!(parse_seed(" 42 "), Ok(42));
        assert_eq!(parse_seed("18446744073709551615"), Ok(u64::MAX));
        assert!(parse_seed("18446744073709551616").is_err());
        assert!(parse_seed("").is_err());
        assert!(parse_seed("-1").is_err());
        assert!(parse_seed("4 2").is_err());
        assert!(parse_seed("seven").is_err());
        assert!(
            parse_seed("٤٢").is_err(),
            "digits of other scripts are no seed"
        );
        assert!(parse_seed("1e9").is_err());
    }

    #[test]
    fn the_field_is_bounded_and_keeps_no_control_characters() {
        let mut f = SeedField::offering(123);
        f.type_text("7");
        assert_eq!(f.text, "7", "the first key replaces the seed offered");
        f.type_text("\u{8}\n\t\u{1b}");
        assert_eq!(f.text, "7");
        f.type_text(&"9".repeat(1000));
        assert_eq!(f.text.chars().count(), MAX_SEED_TEXT);
        assert!(f.seed().is_err(), "24 digits are past u64");
        f.type_text("x");
        assert_eq!(f.text.chars().count(), MAX_SEED_TEXT);
        for _ in 0..30 {
            f.backspace();
        }
        assert_eq!(f.text, "");
        f.type_text("ü̈ß");
        assert!(f.seed().is_err());
    }

    #[test]
    fn random_seeds_are_short() {
        assert!(random_seed() < RANDOM_SEEDS);
    }

    #[test]
    fn a_paste_of_anything_is_checked_as_typed_text() {
        let mut f = SeedField::offering(5);
        f.paste(" 123\n");
        assert_eq!(f.seed(), Ok(123));
        // A huge paste, control characters, escapes, other scripts: the field keeps at most
        // its length of printable characters and says it is no seed.
        let huge = "9".repeat(1 << 20);
        for bad in [huge.as_str(), "\u{1b}[2J42", "\u{202e}42", "42 seed"] {
            f.paste(bad);
            assert!(f.text.chars().count() <= MAX_SEED_TEXT, "{}", f.text.len());
            assert!(f.text.chars().all(|c| !c.is_control()));
            assert!(f.seed().is_err(), "{bad:?} read as {:?}", f.seed());
        }
        f.paste("4\u{0}2");
        assert_eq!(f.seed(), Ok(42), "control characters are dropped, as typed");
        f.paste("");
        assert_eq!(f.text, "", "an empty paste empties the field");
    }
}
