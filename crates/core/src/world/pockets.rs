//! Enclosed pockets. Invariant: the indeterminate hexes form one infinite region. A newly generated
//! hex can break it only by closing a loop of generated hexes; then each gap around it that the loop
//! may have separated is searched in lockstep (searches that meet anyway are merged), and a search
//! that runs dry has found a finite pocket. It stops when one search is left (that one is the infinite outside), so the cost
//! is in proportion to the pockets found, never to the world.

use bevy::platform::collections::HashMap;
use hexx::Hex;

use crate::hex::neighbours;

struct Search {
    queue: std::collections::VecDeque<Hex>,
    /// Hexes this search discovered, in order.
    found: Vec<Hex>,
    /// Merged into another search (same region).
    merged_into: Option<usize>,
    done: bool,
}

#[derive(Default)]
pub struct Searcher {
    owner: HashMap<Hex, usize>,
}

impl Searcher {
    /// The indeterminate hexes cut off from the outside, searching from each of `gaps` (the
    /// indeterminate neighbours of a just generated hex, one per separated gap), in the order the
    /// searches found them; `None` when they would be more than `max`. Gaps are pairwise
    /// separated, so at most one search is the infinite outside: once two searches have each
    /// found more than `max`, a finite one is too large, and the search stops there. The work is
    /// so bounded by the gaps times `max`.
    pub fn enclosed(
        &mut self,
        gaps: &[Hex],
        is_generated: impl Fn(Hex) -> bool,
        max: usize,
    ) -> Option<Vec<Hex>> {
        let mut searches = self.start(gaps);
        let mut pocket = Vec::new();
        let mut active = searches.len();
        while active > 1 {
            for i in 0..searches.len() {
                if active <= 1 {
                    break;
                }
                if searches[i].done || searches[i].merged_into.is_some() {
                    continue;
                }
                let Some(h) = searches[i].queue.pop_front() else {
                    // Ran dry: everything it (and whatever merged into it) found is enclosed.
                    searches[i].done = true;
                    active -= 1;
                    pocket.append(&mut searches[i].found);
                    if pocket.len() > max {
                        return None;
                    }
                    continue;
                };
                active -= self.spread(&mut searches, i, h, &is_generated);
            }
            if two_too_large(&searches, max) {
                return None;
            }
        }
        Some(pocket)
    }

    /// One search from each gap, a gap already taken by another skipped.
    #[inline]
    fn start(&mut self, gaps: &[Hex]) -> Vec<Search> {
        self.owner.clear();
        let mut searches: Vec<Search> = Vec::with_capacity(gaps.len());
        for &h in gaps {
            if self.owner.contains_key(&h) {
                continue;
            }
            self.owner.insert(h, searches.len());
            searches.push(Search {
                queue: [h].into(),
                found: vec![h],
                merged_into: None,
                done: false,
            });
        }
        searches
    }

    /// Search `i` takes in the indeterminate neighbours of `h`, folding itself into any search
    /// it meets (the same region); how many searches so stopped.
    #[inline]
    fn spread(
        &mut self,
        searches: &mut [Search],
        i: usize,
        h: Hex,
        is_generated: &impl Fn(Hex) -> bool,
    ) -> usize {
        let mut merged = 0;
        let mut cur = i;
        for n in neighbours(h) {
            if is_generated(n) {
                continue;
            }
            match self.owner.get(&n) {
                None => {
                    self.owner.insert(n, cur);
                    searches[cur].queue.push_back(n);
                    searches[cur].found.push(n);
                }
                Some(&o) => {
                    let ro = root(searches, o);
                    if ro != cur {
                        // Same region: fold this search into the other one.
                        let mut q = std::mem::take(&mut searches[cur].queue);
                        let mut f = std::mem::take(&mut searches[cur].found);
                        searches[ro].queue.append(&mut q);
                        searches[ro].found.append(&mut f);
                        searches[cur].merged_into = Some(ro);
                        merged += 1;
                        cur = ro;
                    }
                }
            }
        }
        merged
    }
}

/// The search that search `i` was merged into, at the end of the chain (itself if none).
#[inline]
fn root(s: &[Search], mut i: usize) -> usize {
    while let Some(j) = s[i].merged_into {
        i = j;
    }
    i
}

/// Two searches still going have each found more than `max`: one is the outside, the other a
/// finite pocket too large.
#[inline]
fn two_too_large(searches: &[Search], max: usize) -> bool {
    let over = searches
        .iter()
        .filter(|s| !s.done && s.merged_into.is_none() && s.found.len() > max)
        .count();
    over >= 2
}
