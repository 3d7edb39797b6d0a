//! The site layer in the game: every hex is rolled for sites as it is generated, in generation
//! order, so the game's sites are the ones `aeternus sites` writes for the same world. Unique
//! sites go to the first hex that draws them.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;

use super::roll::roll_province;
use super::veil::Veil;
use super::{AeternusTerrain, Placed, Site, SiteRules, Uniques};
use crate::rules::{Rules, RulesError, Yield, sum_yields};
use crate::schedule::RuleStages;
use crate::world::plugin::HexWorld;

/// The sites rolled so far and what the next rolls need.
#[derive(Resource, Debug)]
pub struct SiteLayer {
    pub rules: SiteRules,
    terrain: AeternusTerrain,
    used: Uniques,
    /// Hexes rolled so far: the first `rolled` in generation order.
    rolled: u32,
    /// Every site placed, in the order rolled (a veiled game's peer: in the order shown).
    pub placed: Vec<Placed>,
    /// Each placed site's rank: its index in the order rolled, which orders a hex's sites (a
    /// peer's shown sites keep their keeper's ranks).
    ranks: Vec<u32>,
    /// Sites put on hexes generated before (shown to a peer, or placed by hand): only then
    /// can a hex with a flag gain a site.
    pub late: u32,
    /// Hex -> the first and the last of its sites, as indices into `placed`; `next` links each
    /// site to the next on its hex. A list of its own for every hex with sites cost more than
    /// the sites themselves in a world of a million hexes.
    at: HashMap<Hex, (u32, u32)>,
    next: Vec<u32>,
}

/// The end of a hex's list of sites in [`SiteLayer`]'s `next`.
const LAST: u32 = u32::MAX;

/// Adds `placed[i]`, the last site placed, to `hex`'s list.
fn link(at: &mut HashMap<Hex, (u32, u32)>, next: &mut Vec<u32>, hex: Hex, i: usize) {
    let i = i as u32;
    next.push(LAST);
    match at.get_mut(&hex) {
        Some((_, last)) => {
            next[*last as usize] = i;
            *last = i;
        }
        None => {
            at.insert(hex, (i, i));
        }
    }
}

impl SiteLayer {
    /// Binds the site rules to a ruleset (every biome and landmark needs its terrain).
    pub fn new(rules: SiteRules, world_rules: &Rules) -> Result<Self, RulesError> {
        let terrain = rules.for_aeternus(world_rules)?;
        Ok(Self {
            rules,
            terrain,
            used: Uniques::default(),
            rolled: 0,
            placed: Vec::new(),
            ranks: Vec::new(),
            late: 0,
            at: HashMap::default(),
            next: Vec::new(),
        })
    }

    /// `hex`'s sites as indices into `placed`, in the order placed.
    fn indices_at(&self, hex: Hex) -> impl Iterator<Item = usize> + '_ {
        let mut i = self.at.get(&hex).map_or(LAST, |&(first, _)| first);
        std::iter::from_fn(move || {
            (i != LAST).then(|| {
                let now = i as usize;
                i = self.next[now];
                now
            })
        })
    }

    /// The names of `hex`'s sites, in the order rolled.
    pub fn names_at(&self, hex: Hex) -> impl Iterator<Item = &str> {
        self.indices_at(hex)
            .map(|i| self.rules.sites[self.placed[i].site].name.as_str())
    }

    /// Puts site number `site` of the rules on `hex`, past the rolls (scenarios and tests).
    pub fn place(&mut self, hex: Hex, site: usize) {
        let rank = self.placed.len() as u32;
        self.place_ranked(hex, site, rank);
    }

    /// Puts site number `site` on `hex` in `rank`'s place among the hex's sites (nothing when
    /// the hex holds a site of that rank already).
    pub(super) fn place_ranked(&mut self, hex: Hex, site: usize, rank: u32) {
        assert!(site < self.rules.sites.len(), "a site of the rules");
        if self.indices_at(hex).any(|i| self.ranks[i] == rank) {
            return;
        }
        let i = self.placed.len() as u32;
        self.placed.push(Placed {
            hex,
            site,
            step: super::Step::Roll,
        });
        self.ranks.push(rank);
        self.late = self.late.wrapping_add(1);
        self.next.push(LAST);
        let Some(&(first, last)) = self.at.get(&hex) else {
            self.at.insert(hex, (i, i));
            return;
        };
        let rank_of = |j: u32| self.ranks[j as usize];
        if rank < rank_of(first) {
            self.next[i as usize] = first;
            self.at.insert(hex, (i, last));
            return;
        }
        let mut p = first;
        while self.next[p as usize] != LAST && rank_of(self.next[p as usize]) < rank {
            p = self.next[p as usize];
        }
        self.next[i as usize] = self.next[p as usize];
        self.next[p as usize] = i;
        if p == last {
            self.at.insert(hex, (first, i));
        }
    }

    /// `hex`'s sites with their ranks, in rank order.
    pub fn ranked_at(&self, hex: Hex) -> impl Iterator<Item = (u32, &Placed)> {
        self.indices_at(hex)
            .map(|i| (self.ranks[i], &self.placed[i]))
    }

    /// The rank of placed site `i`.
    pub fn rank(&self, i: usize) -> u32 {
        self.ranks[i]
    }

    /// `hex`'s sites, in the order rolled.
    pub fn sites_at(&self, hex: Hex) -> impl Iterator<Item = &Site> {
        self.indices_at(hex)
            .map(|i| &self.rules.sites[self.placed[i].site])
    }

    /// What `hex`'s sites pay its flag each phase, resource by resource.
    pub fn yields_at(&self, hex: Hex) -> Yield {
        sum_yields(self.sites_at(hex).map(|s| &s.yields))
    }

    /// What `hex`'s sites add to a gathering there.
    pub fn gather_at(&self, hex: Hex) -> Yield {
        sum_yields(self.sites_at(hex).map(|s| &s.gather))
    }

    /// How much further a player on `hex` sees.
    pub fn sight_at(&self, hex: Hex) -> u32 {
        self.sites_at(hex)
            .fold(0u32, |n, s| n.saturating_add(s.sight))
    }

    /// Whether `hex` holds any site.
    pub fn has_sites(&self, hex: Hex) -> bool {
        self.at.contains_key(&hex)
    }
}

/// Rolls new hexes for sites while a [`SiteLayer`] resource exists, in the pass that generates
/// them.
pub fn plugin(app: &mut App) {
    app.add_systems(
        crate::world::plugin::Resolve,
        roll_new_hexes
            .run_if(resource_exists::<SiteLayer>)
            .in_set(RuleStages::Generate)
            .after(crate::world::plugin::generate_hexes),
    );
}

/// Rolls the hexes generated since the last pass for sites, in generation order. Reads the
/// [`HexWorld`]; writes the [`SiteLayer`].
/// A veiled game rolls with its salt, and a peer's layer rolls nothing: its sites are shown to
/// it ([`super::veil`]).
fn roll_new_hexes(world: Res<HexWorld>, veil: Option<Res<Veil>>, mut layer: ResMut<SiteLayer>) {
    let seed = match veil.as_deref() {
        None => Some(world.seed),
        Some(veil) => veil.roll_seed(world.seed),
    };
    let SiteLayer {
        rules,
        terrain,
        used,
        rolled,
        placed,
        ranks,
        at,
        next,
        ..
    } = &mut *layer;
    if let Some(seed) = seed {
        for order in *rolled..world.len() as u32 {
            let d = world.data_of_order(order);
            let first = placed.len();
            roll_province(rules, seed, d.hex, terrain.of(&d), used, placed);
            for i in first..placed.len() {
                ranks.push(i as u32);
                link(at, next, d.hex, i);
            }
        }
    }
    *rolled = world.len() as u32;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::plugin::Viewer;

    #[test]
    fn the_game_rolls_the_sites_the_generator_writes_for_the_same_world() {
        let rules = Rules::aeternus();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.add_plugins(crate::CorePlugin {
            rules: rules.clone(),
            seed: 7,
        });
        app.insert_resource(SiteLayer::new(SiteRules::embedded(), &rules).unwrap())
            .add_plugins(plugin);
        app.world_mut().spawn(Viewer {
            hex: Hex::ZERO,
            radius: 12,
        });
        app.update();
        app.update();
        let world = app.world().resource::<HexWorld>();
        assert_eq!(world.len(), 469, "radius 12 and the origin");
        let layer = app.world().resource::<SiteLayer>();
        let site_rules = SiteRules::embedded();
        let terrain = site_rules.for_aeternus(&rules).unwrap();
        let expected = super::super::world::aeternus(&site_rules, &terrain, world);
        assert!(!expected.is_empty());
        assert_eq!(layer.placed.len(), expected.len());
        for (got, want) in layer.placed.iter().zip(&expected) {
            assert_eq!((got.hex, got.site), (want.hex, want.site));
        }
        // The index by hex agrees with the list.
        let first = expected[0].hex;
        let names: Vec<&str> = layer.names_at(first).collect();
        let want: Vec<&str> = expected
            .iter()
            .filter(|p| p.hex == first)
            .map(|p| site_rules.sites[p.site].name.as_str())
            .collect();
        assert_eq!(names, want);
        assert!(layer.has_sites(first));
    }

    #[test]
    fn a_ruleset_whose_biomes_the_site_rules_do_not_know_is_refused_by_name() {
        let mut rules = Rules::aeternus();
        rules.biomes[0].name = "Glass Waste".into();
        let err = SiteLayer::new(SiteRules::embedded(), &rules).unwrap_err();
        assert!(err.to_string().contains("Glass Waste"), "{err}");
    }
}
