//! The server's lobby: what it shows every client of the seats and the table, and the words of
//! seated players it hears (ready; the host's length, rules and start).

use super::*;

impl Server {
    /// The lobby as it stands, for bevy_replicon to send to every client.
    pub(super) fn show_lobby(&mut self) {
        let seats: Vec<SeatView> = (self.seats.iter().zip(&self.header.seats))
            .enumerate()
            .map(|(i, (state, seat))| SeatView {
                seat: seat.player,
                kind: if state.covered || !state.human && seat.bot == SeatKind::Human.name() {
                    Bot::GREEDY.name().to_string()
                } else {
                    seat.bot.clone()
                },
                name: (state.client)
                    .and_then(|e| self.clients.get(&e))
                    .map(|k| k.name.clone()),
                connected: state.client.is_some() || !state.human,
                ready: state.ready,
                host: self.host == Some(i),
            })
            .collect();
        // In whole seconds, rounded up: the table changes, and travels, once a second.
        let turn_left_s = match (self.turn, self.turn_clock) {
            (Some((_, since)), Some(clock)) => {
                let left = clock.saturating_sub(since.elapsed()).as_millis();
                Some(u32::try_from(left.div_ceil(1000)).unwrap_or(u32::MAX))
            }
            _ => None,
        };
        let table = TableView {
            started: self.started,
            over: self.over,
            phases: self.header.phases,
            phase: self.phase,
            to_act: self.turn.map(|t| t.0.0),
            turn_left_s,
            rules: self.header.rules.clone(),
            offers: self.offers.iter().map(|o| o.rules.name.clone()).collect(),
        };
        crate::lobby::show(self.net.world_mut(), &seats, &table);
    }

    /// The lobby's words of seated clients: ready or not, and the host starting the game now.
    pub(super) fn hear_lobby(&mut self) {
        let words: Vec<FromClient<LobbyWord>> = self.drain();
        for w in words {
            let ClientId::Client(e) = w.client_id else {
                continue;
            };
            let Some(i) = self.seats.iter().position(|s| s.client == Some(e)) else {
                self.refuse(e, "only a seated player speaks in the lobby");
                continue;
            };
            match w.message {
                LobbyWord::Ready(ready) => self.seats[i].ready = ready,
                LobbyWord::Start if self.host != Some(i) => {
                    self.refuse(e, "only the host starts the game");
                }
                LobbyWord::Start | LobbyWord::Phases(_) | LobbyWord::Rules(_) if self.started => {
                    self.refuse(e, "the game has started")
                }
                LobbyWord::Phases(_) | LobbyWord::Rules(_) if self.host != Some(i) => {
                    self.refuse(e, "only the host chooses the game's length and rules");
                }
                LobbyWord::Phases(p) => {
                    if let Err(why) = self.choose_phases(p) {
                        self.refuse(e, &why);
                    }
                }
                LobbyWord::Rules(r) => {
                    if let Err(why) = self.choose_rules(r) {
                        self.refuse(e, &why);
                    }
                }
                LobbyWord::Start => {
                    self.told
                        .push(format!("seat {i}, the host, started the game"));
                    self.start();
                }
            }
        }
    }

    /// The host's choice of the game's length, before the game starts: the game's rules, the
    /// game line and the journal say it; the first action broadcast carries it to the clients.
    fn choose_phases(&mut self, phases: u32) -> Result<(), String> {
        if !(1..=MAX_PHASES).contains(&phases) {
            return Err(format!(
                "a game lasts 1 to {MAX_PHASES} phases, not {phases}"
            ));
        }
        if !self.ran.is_empty() {
            return Err("the game has begun".into());
        }
        self.header.phases = phases;
        self.setup.rules.play.goal.phases = phases;
        (self.game.world_mut().resource_mut::<HexWorld>())
            .rules
            .play
            .goal
            .phases = phases;
        self.restart_journal()?;
        self.told
            .push(format!("the host chose a game of {phases} phases"));
        Ok(())
    }

    /// The host's choice of the rules, before the game begins: one the server offers. The game
    /// is set up anew with them (its seed, seats, salt and length kept), the journal begun
    /// anew, and every client welcomed anew (the rules' text with it); a client that insisted on
    /// other rules is told why and let go.
    fn choose_rules(&mut self, offer: u32) -> Result<(), String> {
        let i = offer as usize;
        let Some(rules) = self.offers.get(i) else {
            return Err(format!(
                "the server offers {} rulesets, numbered from 0; not {offer}",
                self.offers.len()
            ));
        };
        if !self.ran.is_empty() {
            return Err("the game has begun".into());
        }
        let mut rules = rules.clone();
        rules.rules.play.goal.phases = self.header.phases;
        let kinds: Vec<SeatKind> = (self.setup.seats.iter())
            .map(|s| s.bot.parse().unwrap_or(SeatKind::Human))
            .collect();
        self.setup.seats = game::seats_of(&rules.rules, &kinds);
        self.setup.rules = rules.rules;
        self.setup.rules_hash = rules.hash;
        self.chosen = i;
        self.epoch = self.epoch.wrapping_add(1);
        self.game = self.setup.app(true);
        game::keep_played(&mut self.game);
        self.start_shown = newly_shown(self.game.world_mut());
        self.history.clear();
        self.shown.clear();
        for s in 0..self.seats.len() {
            if self.seats[s].covered {
                self.set_bot(s, Some(Bot::GREEDY));
            }
        }
        self.header = GameLine {
            phases: self.header.phases,
            ..self.setup.header()
        };
        self.restart_journal()?;
        self.told.push(format!(
            "the host chose the rules {:?}",
            self.setup.rules.name
        ));
        self.let_go_of_insisting();
        let clients: Vec<(Entity, Peer)> = (self.clients.iter())
            .map(|(e, k)| (*e, k.clone()))
            .collect();
        for (e, known) in clients {
            self.welcome(e, &known.name, known.role);
        }
        Ok(())
    }

    /// Turns away the clients that insist on rules other than the game's.
    fn let_go_of_insisting(&mut self) {
        let ours = self.setup.rules_hash.clone();
        let mut insisting = self.net.world_mut().query::<(Entity, &Insists)>();
        let away: Vec<(Entity, String)> = (insisting.iter(self.net.world()))
            .filter(|(_, i)| i.0 != ours)
            .map(|(e, i)| (e, refuse_rules(&ours, &i.0)))
            .collect();
        for (e, why) in away {
            self.forget(e);
            self.turn_away(e, &why);
        }
    }

    /// Writes the journal anew with the game line alone (the host changed the game before its
    /// first action).
    fn restart_journal(&mut self) -> Result<(), String> {
        if let Some(journal) = &mut self.journal {
            let path = journal.path.clone();
            *journal = Journal::start(&path, &[Line::Game(self.header.clone())])
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// Offers a server can send: one at least, at most [`MAX_OFFERS`], each text within what a
/// client takes.
pub(super) fn check_offers(offers: &[LoadedRules]) -> Result<(), Fault> {
    if offers.is_empty() || offers.len() > MAX_OFFERS {
        return Err(Fault::BadInput(format!(
            "a server offers 1 to {MAX_OFFERS} rulesets, not {}",
            offers.len()
        )));
    }
    match offers.iter().find(|o| o.text.len() > MAX_RULES_TEXT) {
        Some(o) => Err(Fault::BadInput(format!(
            "the rules {:?} take {} bytes; a server sends at most {MAX_RULES_TEXT}",
            o.rules.name,
            o.text.len()
        ))),
        None => Ok(()),
    }
}
