//! The server's journal (the game's log, written as it is played, and the seat keys beside it)
//! and a killed server's game read back from it.

use super::*;

/// A killed server's game, read back from its journal.
pub(super) struct Resumed {
    pub(super) setup: Setup,
    pub(super) game: App,
    pub(super) ran: Vec<Action>,
    /// The journal's lines as the replay recorded them, the game line first.
    pub(super) lines: Vec<Line>,
    pub(super) keys: BTreeMap<u32, SeatKey>,
}

impl Resumed {
    /// Replays the journal at `path` (its lines checked) with `setup`'s rules; its bot seats
    /// get their bots back, each with the count of actions it had decided.
    pub(super) fn read(path: &Path, offers: &[LoadedRules]) -> Result<Resumed, Fault> {
        let log = Log::read(path)?;
        if log.end.is_some() {
            return Err(Fault::BadInput(format!(
                "{}: the journal's game is over: nothing to resume",
                path.display()
            )));
        }
        let rules = (offers.iter().find(|o| o.hash == log.game.rules_hash)).ok_or_else(|| {
            Fault::BadInput(format!(
                "{}: the journal's game plays the rules {:?} ({}), which the server does not offer (--rules or --offer them)",
                path.display(),
                log.game.rules,
                log.game.rules_hash
            ))
        })?;
        let setup = log.setup(rules.rules.clone(), &rules.hash)?;
        let (mut game, kept) = replay_keeping(&log, &setup)?;
        // The replay checked its lines against the journal's and played the journal's actions.
        let ran: Vec<Action> = (log.actions(&setup.rules)?.into_iter())
            .map(|(_, a)| a)
            .collect();
        for seat in &setup.seats {
            let Ok(bot) = seat.bot.parse::<Bot>() else {
                continue;
            };
            let decided = ran.iter().filter(|a| a.player().0 == seat.player).count();
            if let Some(e) = game::player_entity(&game, seat.player) {
                let decided = Some(decided as u32);
                seat_bot(&mut game.world_mut().entity_mut(e), Some(bot), decided);
            }
        }
        let mut lines = vec![Line::Game(setup.header())];
        lines.extend(kept);
        Ok(Resumed {
            keys: Journal::read_keys(path)?,
            setup,
            game,
            ran,
            lines,
        })
    }
}

/// The journal: the game's log, each line written whole as it is recorded, and beside it the
/// seat keys (`FILE.keys`: the server's secret, never a log).
pub(super) struct Journal {
    pub(super) file: File,
    pub(super) path: PathBuf,
}

impl Journal {
    /// Writes `lines` as the journal at `path` (atomically: a resumed journal is written anew
    /// with what its replay recorded), then keeps it open to go on.
    pub(super) fn start(path: &Path, lines: &[Line]) -> Result<Journal, Fault> {
        let io = |e: std::io::Error| Fault::Io(format!("{}: the journal: {e}", path.display()));
        let mut text = Vec::new();
        for line in lines {
            game::write_line(&mut text, line)?;
        }
        let text = String::from_utf8(text).expect("lines are JSON text");
        aeternus_core::save::write_atomic(path, &text).map_err(io)?;
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(io)?;
        Ok(Journal {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends `lines`, each in one write (a killed server leaves whole lines).
    pub(super) fn write(&mut self, lines: &[Line]) -> Result<(), Fault> {
        for line in lines {
            game::write_line(&mut self.file, line)?;
        }
        self.file
            .flush()
            .map_err(|e| Fault::Io(format!("{}: the journal: {e}", self.path.display())))
    }

    fn keys_path(path: &Path) -> PathBuf {
        let mut name = path.as_os_str().to_owned();
        name.push(".keys");
        PathBuf::from(name)
    }

    pub(super) fn keep_keys(&self, keys: &BTreeMap<u32, SeatKey>) -> std::io::Result<()> {
        let text = serde_json::to_string(keys).expect("keys serialise");
        aeternus_core::save::write_atomic(&Self::keys_path(&self.path), &text)
    }

    /// The seat keys kept beside a journal (none when there is no such file).
    pub(super) fn read_keys(path: &Path) -> Result<BTreeMap<u32, SeatKey>, Fault> {
        let keys = Self::keys_path(path);
        if !keys.exists() {
            return Ok(BTreeMap::new());
        }
        let bad = |e: String| Fault::BadInput(format!("{}: {e}", keys.display()));
        let text =
            aeternus_core::capped::read_capped(&keys, 64 * 1024).map_err(|e| bad(e.to_string()))?;
        serde_json::from_str(&text).map_err(|e| bad(e.to_string()))
    }
}
