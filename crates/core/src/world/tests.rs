//! The world rules as written: exact checks, and statistical ones with a stated tolerance
//! (all seeded, so they never flake).

use std::collections::{HashSet, VecDeque};

use hexx::Hex;

use super::*;
use crate::export::MapExport;
use crate::hex::{Direction, neighbours, ring, view_order};

fn rules() -> Rules {
    Rules::aeternus()
}

fn spiral(seed: u64, radius: u32) -> HexWorld {
    let mut w = HexWorld::new(rules(), seed);
    for h in view_order(Hex::ZERO, radius) {
        w.generate(h, Cause::View).unwrap();
    }
    w
}

fn biome(w: &HexWorld, name: &str) -> BiomeId {
    w.rules.biome(name).unwrap()
}

#[test]
fn origin_is_meadow_with_barren() {
    let w = HexWorld::new(rules(), 1);
    let o = w.get(Hex::ZERO).unwrap();
    assert_eq!(o.biome, biome(&w, "Meadow"));
    assert_eq!(o.landmark, w.rules.landmark("Barren").unwrap());
    assert!(o.features.is_empty());
    assert_eq!(w.cause(0), Cause::Origin);
}

/// The spec README's worked example: {Meadow: 12, random: 3}, so Meadow with 12/15 + 3/15 * 7/24.
#[test]
fn north_of_origin_is_meadow_at_0_8583() {
    let n = 10_000;
    let north = Direction::North.offset();
    let meadows = (0..n)
        .filter(|&s| {
            let mut w = HexWorld::new(rules(), s);
            w.generate(north, Cause::View).unwrap();
            w.get(north).unwrap().biome == biome(&w, "Meadow")
        })
        .count();
    let p = meadows as f64 / n as f64;
    let expected = 12.0 / 15.0 + 3.0 / 15.0 * 7.0 / 24.0;
    // sd = sqrt(p(1-p)/n) = 0.0035; tolerance about 4 sd.
    assert!(
        (p - expected).abs() < 0.015,
        "Meadow rate {p}, expected {expected}"
    );
}

fn flood_mass_size(w: &HexWorld, start: Hex) -> u32 {
    let b = w.get(start).unwrap().biome;
    let mut seen = HashSet::from([start]);
    let mut q = VecDeque::from([start]);
    while let Some(h) = q.pop_front() {
        for n in neighbours(h) {
            if !seen.contains(&n) && w.get(n).is_some_and(|d| d.biome == b) {
                seen.insert(n);
                q.push_back(n);
            }
        }
    }
    seen.len() as u32
}

#[test]
fn no_dunes_beside_swamp_and_masses_are_exact() {
    for seed in 0..500 {
        let w = spiral(seed, 8);
        assert_eq!(w.len(), 217);
        let (dunes, swamp) = (biome(&w, "Deceased Dunes"), biome(&w, "Swamp"));
        for h in w.order() {
            let d = w.get(h).unwrap();
            if d.biome == dunes {
                for n in neighbours(h) {
                    assert!(
                        w.get(n).is_none_or(|x| x.biome != swamp),
                        "seed {seed}: Dunes at {h:?} beside Swamp"
                    );
                }
            }
            assert_eq!(
                w.mass_size(h).unwrap(),
                flood_mass_size(&w, h),
                "seed {seed} {h:?}"
            );
        }
    }
}

#[test]
fn corruption_and_town_rates() {
    let w0 = HexWorld::new(rules(), 0);
    let corrupted = w0.rules.corruption.unwrap();
    let (barren, town) = (
        w0.rules.landmark("Barren").unwrap(),
        w0.rules.landmark("Town").unwrap(),
    );
    let meadow = biome(&w0, "Meadow");
    let (mut total, mut bad) = (0u32, 0u32);
    let (mut meadow_n, mut meadow_town, mut other_n, mut other_town) = (0u32, 0u32, 0u32, 0u32);
    for seed in 0..200 {
        let w = spiral(seed, 12);
        for o in 1..w.len() as u32 {
            let d = w.data_of_order(o);
            total += 1;
            if d.features.contains(corrupted) {
                bad += 1;
                assert_eq!(d.landmark, barren);
                assert_eq!(d.features.iter().count(), 1, "only Corrupted");
                continue;
            }
            if d.biome == meadow {
                meadow_n += 1;
                meadow_town += (d.landmark == town) as u32;
            } else {
                other_n += 1;
                other_town += (d.landmark == town) as u32;
            }
        }
    }
    let rate = bad as f64 / total as f64;
    // n = 93,600: sd 0.0007; tolerance about 7 sd.
    assert!((rate - 0.05).abs() < 0.005, "corrupted rate {rate}");
    let m = meadow_town as f64 / meadow_n as f64;
    let e = other_town as f64 / other_n as f64;
    // Each n is over 30,000: sd under 0.0017; tolerance about 5 sd.
    assert!(
        (m - 2.0 / 22.0).abs() < 0.008,
        "Town on Meadow {m} of {meadow_n}"
    );
    assert!(
        (e - 1.0 / 21.0).abs() < 0.008,
        "Town elsewhere {e} of {other_n}"
    );
}

fn generate_all(w: &mut HexWorld, hexes: impl IntoIterator<Item = Hex>) {
    for h in hexes {
        w.generate(h, Cause::View).unwrap();
    }
}

#[test]
fn a_ring_of_six_closes_its_centre_into_a_lake() {
    let centre = Hex::new(20, -7);
    let mut w = HexWorld::new(rules(), 3);
    generate_all(&mut w, ring(centre, 1));
    let d = w.get(centre).expect("the centre is generated");
    assert_eq!(d.biome, biome(&w, "Lake"));
    assert_eq!(d.landmark, w.rules.landmark("Barren").unwrap());
    // Its features are the hex's own draw, as for any generated hex.
    assert_eq!(d.features, pocket_draw(&w, centre));
    assert_eq!(w.cause(d.order), Cause::Pocket);
    assert_eq!(w.len(), 1 + 6 + 1);
}

/// The features (and landmark) a pocket Lake at `hex` rolls in `w` with no pylon near.
fn pocket_draw(w: &HexWorld, hex: Hex) -> FeatureSet {
    let mut landmark = w.rules.pocket.1;
    let streams = HexStreams::keyed(crate::worldgen::stream::mix(w.seed), hex);
    worldgen::draw_features(&w.rules, streams, &mut landmark, || false)
}

/// A ring of six Meadows placed around `centre`, closing it into a pocket Lake; `pylon` puts a
/// Pylon of Purity on the ring's North hex.
fn ring_around(w: &mut HexWorld, centre: Hex, pylon: bool) -> GeneratedHex {
    let (meadow, barren) = (biome(w, "Meadow"), w.rules.landmark("Barren").unwrap());
    let mut guard = FeatureSet::EMPTY;
    guard.insert(w.rules.feature("Pylon of Purity").unwrap());
    for (i, h) in ring(centre, 1).enumerate() {
        let f = if pylon && i == 0 {
            guard
        } else {
            FeatureSet::EMPTY
        };
        w.place(h, meadow, barren, f);
    }
    let d = w.get(centre).expect("the ring closes its centre");
    assert_eq!(
        (d.biome, w.cause(d.order)),
        (biome(w, "Lake"), Cause::Pocket)
    );
    d
}

/// A pocket Lake rolls its features like any generated hex: 5% are Corrupted (Barren, nothing
/// else), over 20,000 rings across 40 seeds.
#[test]
fn five_percent_of_pocket_lakes_are_corrupted() {
    let (mut corrupted, mut n) = (0, 0);
    for seed in 0..40 {
        let mut w = HexWorld::new(rules(), seed);
        let c = w.rules.corruption.unwrap();
        let barren = w.rules.landmark("Barren").unwrap();
        for i in 0..500 {
            // Six apart: the rings never touch, so each closes its own pocket of one.
            let centre = Hex::new(6 * (i % 25) - 70, 6 * (i / 25) + 10);
            let before = w.len();
            let d = ring_around(&mut w, centre, false);
            assert_eq!(w.len(), before + 7);
            assert_eq!(d.landmark, barren);
            assert_eq!(d.features, pocket_draw(&w, centre));
            n += 1;
            if d.features.contains(c) {
                assert_eq!(d.features.0, 1 << c.0, "corruption leaves nothing else");
                corrupted += 1;
            }
        }
        // Corrupted pocket Lakes keep every invariant the saves are checked against.
        assert_eq!(
            invariants::check(&w, &[Hex::ZERO], &[]),
            Ok(()),
            "seed {seed}"
        );
    }
    let p = corrupted as f64 / n as f64;
    // n = 20,000: sd = sqrt(0.05 * 0.95 / n) = 0.00154; tolerance 4 sd.
    assert!((p - 0.05).abs() < 0.0062, "corrupted pocket Lakes {p}");
}

/// A pylon covering a pocket Lake keeps its 5% off, as for any generated hex.
#[test]
fn a_pylon_keeps_a_pocket_lake_clean() {
    let c = rules().corruption.unwrap();
    let (seed, centre) = (0..)
        .flat_map(|s| (0..200).map(move |i| (s, Hex::new(i + 5, -3 * i))))
        .find(|&(s, h)| pocket_draw(&HexWorld::new(rules(), s), h).contains(c))
        .unwrap();
    let mut w = HexWorld::new(rules(), seed);
    assert!(ring_around(&mut w, centre, false).features.contains(c));
    let mut w = HexWorld::new(rules(), seed);
    let d = ring_around(&mut w, centre, true);
    assert!(d.features.is_empty(), "{d:?}");
    assert_eq!(d.landmark, w.rules.landmark("Barren").unwrap());
}

#[test]
fn a_ring_around_a_distance_2_hexagon_makes_19_lakes() {
    let centre = Hex::new(-30, 11);
    let mut w = HexWorld::new(rules(), 4);
    generate_all(&mut w, ring(centre, 3));
    let lake = biome(&w, "Lake");
    for h in centre.range(2) {
        let d = w.get(h).expect("inner hex generated");
        assert_eq!(d.biome, lake);
        assert_eq!(w.cause(d.order), Cause::Pocket);
    }
    assert_eq!(w.len(), 1 + 18 + 19);
    // The 19 lakes are one mass.
    assert_eq!(w.mass_size(centre), Some(19));
}

#[test]
fn an_open_c_shape_makes_no_lake() {
    let centre = Hex::new(9, 9);
    let mut w = HexWorld::new(rules(), 5);
    let mut c: Vec<Hex> = ring(centre, 3).collect();
    c.remove(7);
    generate_all(&mut w, c);
    assert!(
        w.order()
            .all(|h| w.cause(w.get(h).unwrap().order) != Cause::Pocket)
    );
    assert!(!w.is_generated(centre));
    assert_eq!(w.len(), 1 + 17);
}

#[test]
fn two_pockets_closed_by_one_hex() {
    // Two rings of six sharing the hex generated last: both centres become lakes at once.
    let (a, b) = (Hex::new(40, 0), Hex::new(42, -1));
    let shared: HashSet<Hex> = ring(a, 1).filter(|h| ring(b, 1).any(|x| x == *h)).collect();
    assert!(!shared.is_empty());
    let last = *shared.iter().next().unwrap();
    let mut w = HexWorld::new(rules(), 6);
    let all: Vec<Hex> = ring(a, 1)
        .chain(ring(b, 1))
        .filter(|h| *h != last)
        .collect();
    generate_all(&mut w, all);
    assert!(!w.is_generated(a) && !w.is_generated(b));
    let made = w.generate(last, Cause::View).unwrap();
    assert_eq!(made.len(), 3, "the hex and both centres");
    assert!(w.get(a).is_some() && w.get(b).is_some());
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    let out = |seed| {
        let mut buf = Vec::new();
        spiral(seed, 10).write_jsonl(&mut buf).unwrap();
        buf
    };
    assert_eq!(out(11), out(11));
    assert_ne!(out(11), out(12));
}

#[test]
fn a_far_hex_generated_first_changes_nothing_near_the_origin() {
    let plain = spiral(21, 8);
    let mut far_first = HexWorld::new(rules(), 21);
    far_first
        .generate(Hex::new(500, -200), Cause::MoveTarget)
        .unwrap();
    far_first
        .generate(Hex::new(501, -200), Cause::MoveTarget)
        .unwrap();
    for h in view_order(Hex::ZERO, 8) {
        far_first.generate(h, Cause::View).unwrap();
    }
    for h in view_order(Hex::ZERO, 8) {
        let (a, b) = (plain.get(h).unwrap(), far_first.get(h).unwrap());
        assert_eq!(
            (a.biome, a.landmark, a.features),
            (b.biome, b.landmark, b.features)
        );
    }
}

#[test]
fn pocket_searches_stay_local_in_a_big_world() {
    // A 3-hex pocket closed inside a large world finds exactly 3 lakes.
    let mut w = spiral(2, 40);
    let centre = Hex::new(100, 0);
    let pocket = [
        centre,
        centre + Direction::North.offset(),
        centre + Direction::Ashe.offset(),
    ];
    let wall: HashSet<Hex> = pocket
        .iter()
        .flat_map(|h| neighbours(*h))
        .filter(|h| !pocket.contains(h))
        .collect();
    let mut wall: Vec<Hex> = wall.into_iter().collect();
    wall.sort_by_key(|h| (h.x, h.y));
    let before = w.len();
    generate_all(&mut w, wall.iter().copied());
    assert_eq!(w.len(), before + wall.len() + 3);
    for h in pocket {
        assert_eq!(w.cause(w.get(h).unwrap().order), Cause::Pocket);
    }
}

#[test]
fn a_loop_touching_a_separate_group_searches_only_what_it_encloses() {
    // A long wall (its own group) touches the hex that closes a small ring: the gaps on either
    // side of the wall are one region, so the search does not walk around the wall.
    let mut w = HexWorld::new(rules(), 8);
    let centre = Hex::new(0, -60);
    let ring: Vec<Hex> = ring(centre, 1).collect();
    let last = ring[2]; // Mouth of the centre
    generate_all(&mut w, ring.iter().copied().filter(|h| *h != last));
    // A wall going Mouth-ward from beside `last`, not touching the ring.
    let start = last + Direction::Mouth.offset();
    let wall: Vec<Hex> = (0..2000)
        .map(|i| start + Direction::Mouth.offset() * i)
        .collect();
    generate_all(&mut w, wall.iter().copied());
    let before = w.len();
    let made = w.generate(last, Cause::View).unwrap();
    assert_eq!(made.len(), 2, "the hex and the lake at the centre");
    assert_eq!(w.len(), before + 2);
    assert_eq!(w.get(centre).unwrap().biome, biome(&w, "Lake"));
}

/// Random walks with view generation, checked against a from-scratch reading: every
/// indeterminate hex near the explored area is connected to far away (no unfilled pocket), and
/// every pocket lake is enclosed.
#[test]
fn random_exploration_leaves_no_enclosed_indeterminate_hex() {
    use rand::{RngExt, SeedableRng};
    for seed in 0..40u64 {
        let mut w = HexWorld::new(rules(), seed);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut pos = Hex::ZERO;
        for _ in 0..150 {
            pos += Direction::ALL[rng.random_range(0..6)].offset();
            for h in view_order(pos, rng.random_range(0..3)) {
                w.generate(h, Cause::View).unwrap();
            }
            // Sometimes a lone far hex, making separate groups.
            if rng.random_bool(0.1) {
                let far = pos + Hex::new(rng.random_range(-6..7), rng.random_range(-6..7));
                w.generate(far, Cause::MoveTarget).unwrap();
            }
        }
        // Flood the indeterminate hexes from far outside the explored box; none inside may be missed.
        let (mut lo, mut hi) = (Hex::new(i32::MAX, i32::MAX), Hex::new(i32::MIN, i32::MIN));
        for h in w.order() {
            lo = Hex::new(lo.x.min(h.x), lo.y.min(h.y));
            hi = Hex::new(hi.x.max(h.x), hi.y.max(h.y));
        }
        let inside =
            |h: Hex| h.x >= lo.x - 1 && h.x <= hi.x + 1 && h.y >= lo.y - 1 && h.y <= hi.y + 1;
        let start = Hex::new(lo.x - 1, lo.y - 1);
        let mut seen = HashSet::from([start]);
        let mut q = VecDeque::from([start]);
        while let Some(h) = q.pop_front() {
            for n in neighbours(h) {
                if inside(n) && !w.is_generated(n) && seen.insert(n) {
                    q.push_back(n);
                }
            }
        }
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                let h = Hex::new(x, y);
                assert!(
                    w.is_generated(h) || seen.contains(&h),
                    "seed {seed}: {h:?} is enclosed but indeterminate"
                );
            }
        }
        // Every pocket lake has no indeterminate neighbour reachable from outside.
        for (o, h) in w.order().enumerate() {
            if w.cause(o as u32) == Cause::Pocket {
                assert!(
                    neighbours(h)
                        .iter()
                        .all(|n| w.is_generated(*n) || !seen.contains(n))
                );
            }
        }
    }
}

/// `place` sets a hex as given and keeps masses and pockets as generation does.
#[test]
fn placed_hexes_join_masses_and_close_pockets() {
    let mut w = HexWorld::new(rules(), 1);
    let (swamp, barren) = (biome(&w, "Swamp"), w.rules.landmark("Barren").unwrap());
    let centre = Hex::new(5, 5);
    for h in ring(centre, 1) {
        w.place(h, swamp, barren, FeatureSet::EMPTY);
    }
    assert_eq!(w.mass_size(centre + Direction::North.offset()), Some(6));
    assert_eq!(w.get(centre).unwrap().biome, biome(&w, "Lake"));
    assert_eq!(w.cause(w.get(centre).unwrap().order), Cause::Pocket);
}

#[test]
fn runs_of_neighbours_start_after_a_gap_and_a_full_ring_is_one() {
    use super::{bits, run_starts};
    assert_eq!(run_starts(0), 0);
    assert_eq!(run_starts(0b11_1111), 1);
    // North, Ashe | South | Weast wraps round to North: runs start at South and Weast.
    assert_eq!(run_starts(0b10_1011), 0b10_1000);
    assert_eq!(run_starts(0b01_0101), 0b01_0101);
    assert_eq!(bits(0b10_1001).collect::<Vec<_>>(), vec![0, 3, 5]);
}

#[test]
fn every_cause_is_kept_in_its_own_two_bits() {
    for (i, c) in Cause::ALL.into_iter().enumerate() {
        assert_eq!(c.bits() as usize, i, "{c:?}");
    }
}

#[test]
fn a_world_restored_from_its_hexes_in_order_is_the_same_world() {
    use super::HexState;
    let mut w = HexWorld::new(Rules::aeternus(), 11);
    for h in crate::hex::view_order(Hex::ZERO, 9) {
        w.generate(h, Cause::View).unwrap();
    }
    // A ring closed far away makes a pocket lake: restored as listed, not searched again.
    let centre = Hex::new(40, -5);
    generate_all(&mut w, ring(centre, 1));
    let saved: Vec<_> = (0..w.len() as u32)
        .map(|o| {
            let d = w.data_of_order(o);
            let s = HexState {
                biome: d.biome,
                landmark: d.landmark,
                features: d.features,
            };
            (d.hex, s, w.cause(o))
        })
        .collect();
    let r = HexWorld::restore(Rules::aeternus(), 11, saved.clone()).unwrap();
    assert_eq!(r.len(), w.len());
    assert_eq!(r.mass_ids(), w.mass_ids());
    for o in 0..w.len() as u32 {
        assert_eq!(r.data_of_order(o), w.data_of_order(o));
        assert_eq!(r.cause(o), w.cause(o));
        assert_eq!(r.mass_size_of_order(o), w.mass_size_of_order(o));
    }
    // Both go on alike.
    let (mut a, mut b) = (w, r);
    for h in crate::hex::view_order(Hex::new(8, 2), 4) {
        assert_eq!(
            a.generate(h, Cause::View).unwrap(),
            b.generate(h, Cause::View).unwrap()
        );
    }
    assert_eq!(a.mass_ids(), b.mass_ids());
    // A hex listed twice is refused.
    let mut twice = saved;
    twice.push(twice[3]);
    let dup = twice[3].0;
    assert_eq!(
        HexWorld::restore(Rules::aeternus(), 11, twice).err(),
        Some(RestoreError::Twice(dup))
    );
}

/// A world with small limits, for tests that reach them.
fn small(max_hexes: u32, max_chunks: u32, max_pocket: u32) -> HexWorld {
    let limits = Limits {
        max_hexes,
        max_chunks,
        max_pocket,
    };
    HexWorld::with_limits(rules(), 3, 0, limits)
}

#[test]
fn a_hex_outside_the_range_is_refused_and_stays_indeterminate() {
    let mut w = HexWorld::new(rules(), 1);
    let far = Hex::new(limits::MAX_COORD as i32, 1);
    assert_eq!(
        w.generate(far, Cause::View),
        Err(LimitError::OutOfRange { hex: far })
    );
    assert!(!w.is_generated(far));
    let edge = Hex::new(limits::MAX_COORD as i32, 0);
    assert_eq!(w.generate(edge, Cause::View).map(|r| r.len()), Ok(1));
    assert_eq!(w.len(), 2);
}

#[test]
fn a_full_world_refuses_the_next_hex() {
    let mut w = small(10, 100, 100);
    let mut refused = None;
    for h in view_order(Hex::ZERO, 3) {
        if let Err(e) = w.generate(h, Cause::View) {
            refused = Some((h, e));
            break;
        }
    }
    let (h, e) = refused.expect("37 hexes do not fit 10");
    // A refused hex in a chunk of its own leaves no chunk behind.
    let chunks = w.store.chunk_count();
    let far = Hex::new(500, 500);
    assert_eq!(
        w.generate(far, Cause::View),
        Err(LimitError::Hexes { limit: 10 })
    );
    assert_eq!(w.store.chunk_count(), chunks);
    assert!(w.store.get(far) == store::Cell::EMPTY);
    assert_eq!(e, LimitError::Hexes { limit: 10 });
    assert!(e.to_string().contains("at most 10 hexes"), "{e}");
    assert_eq!(w.len(), 10);
    assert!(!w.is_generated(h));
    // Generated hexes are still answered.
    assert_eq!(w.generate(Hex::ZERO, Cause::View), Ok(10..10));
}

#[test]
fn hexes_scattered_past_the_chunk_limit_are_refused() {
    let mut w = small(1000, 3, 100);
    for i in 1..3 {
        w.generate(Hex::new(100 * i, 0), Cause::View).unwrap();
    }
    let e = w.generate(Hex::new(300, 0), Cause::View).unwrap_err();
    assert_eq!(e, LimitError::Chunks { limit: 3 });
    assert!(e.to_string().contains("at most 3 chunks"), "{e}");
    // Within the chunks made, hexes still come.
    assert!(w.generate(Hex::new(101, 0), Cause::View).is_ok());
}

/// Generates the ring of `radius` around `centre` but its last hex; returns that hex.
fn ring_but_one(w: &mut HexWorld, centre: Hex, radius: u32) -> Hex {
    let mut wall: Vec<Hex> = ring(centre, radius).collect();
    let last = wall.pop().unwrap();
    generate_all(w, wall);
    last
}

#[test]
fn a_pocket_past_the_pocket_limit_is_refused_and_nothing_changes() {
    // A ring of radius 30 encloses 3*29*30+1 = 2611 hexes; the limit is 1000.
    let mut w = small(100_000, 1000, 1000);
    let centre = Hex::new(0, 0);
    let last = ring_but_one(&mut w, centre, 30);
    let (n, chunks) = (w.len(), w.store.chunk_count());
    let e = w.generate(last, Cause::View).unwrap_err();
    assert_eq!(
        e,
        LimitError::Pocket {
            hex: last,
            limit: 1000
        }
    );
    assert!(e.to_string().contains("more than 1000 hexes"), "{e}");
    assert_eq!((w.len(), w.store.chunk_count()), (n, chunks));
    assert!(!w.is_generated(last) && !w.is_generated(Hex::new(5, 5)));
    // A pocket within the limit still closes (a ring of radius 10: 271 hexes inside).
    let mut w = small(100_000, 1000, 1000);
    let last = ring_but_one(&mut w, Hex::new(200, 0), 10);
    assert_eq!(w.generate(last, Cause::View).map(|r| r.len()), Ok(272));
}

#[test]
fn a_pocket_past_the_room_left_is_refused_as_a_full_world() {
    // 60 wall hexes and the origin; the 271 inside do not fit in 100.
    let mut w = small(100, 1000, 1000);
    let last = ring_but_one(&mut w, Hex::new(100, 0), 10);
    assert_eq!(
        w.generate(last, Cause::View),
        Err(LimitError::Hexes { limit: 100 })
    );
    assert!(!w.is_generated(last));
}

#[test]
fn a_ring_wider_than_the_pocket_limit_is_refused_in_bounded_work() {
    // The world's own limits: a ring of radius 600 encloses about 1.08 M hexes > 2^16.
    let mut w = HexWorld::new(rules(), 5);
    let last = ring_but_one(&mut w, Hex::new(0, 0), 600);
    let e = w.generate(last, Cause::View).unwrap_err();
    assert_eq!(
        e,
        LimitError::Pocket {
            hex: last,
            limit: limits::MAX_POCKET
        }
    );
    assert_eq!(w.len(), 1 + 6 * 600 - 1);
}

#[test]
fn a_saved_world_past_the_range_is_refused() {
    let state = HexState {
        biome: BiomeId(0),
        landmark: LandmarkId(0),
        features: FeatureSet::EMPTY,
    };
    let far = Hex::new(0, limits::MAX_COORD as i32 + 1);
    let hexes = [(Hex::ZERO, state, Cause::Origin), (far, state, Cause::View)];
    let e = HexWorld::restore(rules(), 1, hexes).err().unwrap();
    assert_eq!(e, RestoreError::Limit(LimitError::OutOfRange { hex: far }));
    let twice = [
        (Hex::ZERO, state, Cause::Origin),
        (Hex::ZERO, state, Cause::View),
    ];
    let e = HexWorld::restore(rules(), 1, twice).err().unwrap();
    assert_eq!(e, RestoreError::Twice(Hex::ZERO));
}
