//! The bots' turns: the frame's pace of bots, and the decision of the bot to act, taken on the
//! settled world and sent as an [`Action`] (or to the [`Outbox`] of an online game).

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

use super::seating::Tries;
use super::{Bot, BotActions, Mover, Outlook};
use crate::per_game::PerGameApp;
use crate::play::Outbox;
use crate::play::ledger::Ledger;
use crate::play::vocabulary::{
    Action, ActionPoints, Advances, Faction, GameOver, Occupied, Phase, Player, PlayerIndex,
    Position, Resources, Turn, occupant,
};
use crate::sites::{Knowledge, SiteLayer};
use crate::world::HexWorld;
use crate::world::plugin::{HexIndex, Settling};
use crate::worldgen::stream::{Purpose, player_rng};

const BOT_DRAWS: Purpose = Purpose::Play(2);

/// Actions a bot may send in one phase before it must end its turn.
pub const MAX_TRIES: u32 = 64;

/// How the bot to act plays: `per_frame` actions at a time (headless games send many, each
/// decided on the world the last one left), at most once every `every` (a window slows bots
/// so a person can follow them). By default one action a frame.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotPace {
    pub per_frame: u32,
    pub every: Duration,
}

impl Default for BotPace {
    fn default() -> Self {
        Self {
            per_frame: 1,
            every: Duration::ZERO,
        }
    }
}

/// The actions bots may still send this frame.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BotBudget(pub u32);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BotPace>().init_per_game::<BotBudget>();
}

/// Gives the bots this frame's actions when their pace allows. Reads [`BotPace`] and the time;
/// writes [`BotBudget`].
pub(in crate::play) fn pace(
    pace: Res<BotPace>,
    time: Res<Time>,
    mut waited: Local<Duration>,
    mut budget: ResMut<BotBudget>,
) {
    *waited += time.delta();
    let due = *waited >= pace.every;
    if due {
        *waited = Duration::ZERO;
    }
    budget.set_if_neq(BotBudget(if due { pace.per_frame } else { 0 }));
}

/// The players as a bot reads them.
type Tokens<'w, 's> = Query<
    'w,
    's,
    (
        &'static Player,
        &'static ActionPoints,
        &'static Turn,
        &'static Faction,
        &'static Position,
        &'static Resources,
    ),
>;

/// Whether a bot may act now: the frame's [`BotBudget`], the settling of the pass, the
/// [`Phase`] and the game's end.
#[derive(SystemParam)]
pub(in crate::play) struct BotMoment<'w> {
    /// The actions bots may still send this frame; one is spent on each.
    budget: ResMut<'w, BotBudget>,
    /// Whether the world is settled; another pass is asked for to take the action.
    settling: ResMut<'w, Settling>,
    /// The phase, which [`Tries`] are counted in.
    phase: Res<'w, Phase>,
    /// Present once the game is over: bots send nothing.
    over: Option<Res<'w, GameOver>>,
    /// Present when decisions are sent elsewhere (see [`Outbox`]).
    outbox: Option<ResMut<'w, Outbox>>,
}

/// The players at the table, by id, and the bots among them with their counts.
#[derive(SystemParam)]
pub(in crate::play) struct BotTable<'w, 's> {
    /// Every player, as a bot reads them.
    players: Tokens<'w, 's>,
    /// The bots, with the actions they sent in all and this phase.
    bots: Query<'w, 's, (&'static Bot, &'static mut BotActions, &'static mut Tries)>,
    /// Player id -> entity.
    index: Res<'w, PlayerIndex>,
}

/// The world a bot decides on: the store, the site layer if any, and the flags on the hexes.
#[derive(SystemParam)]
pub(in crate::play) struct BotView<'w, 's> {
    /// The store, with the rules and the seed the bots' draws are keyed on.
    world: Res<'w, HexWorld>,
    /// The named sites, when the game has them (the greedy bot weighs hexes by them).
    sites: Option<Res<'w, SiteLayer>>,
    /// What each faction knows of the sites: a bot reads only its seat's.
    knowledge: Res<'w, Knowledge>,
    /// Hex -> entity, to find a hex's flag.
    index: Res<'w, HexIndex>,
    /// The flags up, on hex entities.
    flags: Query<'w, 's, &'static Occupied>,
    /// The factions' advances (the planner buys them).
    advances: Res<'w, Advances>,
    /// What each faction's flags earn, as any seat sees it (the planner weighs advances by it).
    ledger: Res<'w, Ledger>,
}

/// The bot to act, if it is one and the world is settled, decides one action on the world as
/// this pass left it and asks for another pass to take it. Reads the players, their bots, the
/// store, the flags, the site layer, [`Phase`] and [`GameOver`]; writes an [`Action`], the
/// bot's counts, [`BotBudget`] and [`Settling`] (and its own buffer of the players' tokens).
pub(in crate::play) fn decide(
    moment: BotMoment,
    table: BotTable,
    view: BotView,
    mut actions: MessageWriter<Action>,
    mut tokens: Local<Vec<(Faction, Hex)>>,
) {
    let BotMoment {
        mut budget,
        mut settling,
        phase,
        over,
        outbox,
    } = moment;
    let BotTable {
        players,
        mut bots,
        index: player_index,
    } = table;
    if budget.0 == 0 || over.is_some() || !settling.is_settled() {
        return;
    }
    let seats = players.iter().map(|(p, ap, t, ..)| (p.id, t.may_act(ap)));
    let Some(id) = crate::play::turns::to_act(phase.0, seats) else {
        return;
    };
    let Some(&entity) = player_index.get(&id) else {
        return;
    };
    let Ok((bot, mut count, mut tries)) = bots.get_mut(entity) else {
        return;
    };
    let Ok((_, ap, _, faction, at, held)) = players.get(entity) else {
        return;
    };
    budget.0 -= 1;
    let tried = tries.one_more(phase.0);
    let mut rng = player_rng(view.world.seed, id.0, count.0, BOT_DRAWS);
    count.0 = count.0.wrapping_add(1);
    let action = if tried > MAX_TRIES {
        Action::EndTurn { player: id }
    } else {
        let owner = |h: Hex| occupant(h, &view.index, &view.flags);
        // Kept from decision to decision: a bot decides many times a frame in a headless game.
        tokens.clear();
        tokens.extend((players.iter()).map(|(_, _, _, f, at, _)| (*f, at.0)));
        let outlook = Outlook {
            world: &view.world,
            sites: (view.sites.as_deref()).map(|s| s.known_by(&view.knowledge, faction.0)),
            owner: &owner,
            players: &tokens,
            phase: phase.0,
            advances: &view.advances,
            ledger: &view.ledger,
            mover: Mover {
                id,
                faction: *faction,
                at: at.0,
                ap: ap.0,
                held,
            },
        };
        bot.mind().decide(&outlook, &mut rng)
    };
    match outbox {
        Some(mut out) => out.0.push(action),
        None => {
            actions.write(action);
            settling.again();
        }
    }
}
