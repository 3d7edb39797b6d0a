//! Coordinates: known conversions between the Aeternus triple and `hexx`, directions, parsing
//! and the view order.

use super::*;

#[test]
fn known_vectors() {
    // (spelling, canonical)
    let table = [
        ((1, 0, 1), (0, 1, 0)),
        ((0, 0, 0), (0, 0, 0)),
        ((1, -1, 1), (0, 0, 0)),
        ((1, -1, 0), (0, 0, -1)),
        ((2, 0, -1), (2, 0, -1)),
        ((2, 0, 2), (0, 2, 0)),
        ((-1, 0, -1), (0, -1, 0)),
        ((0, 1, -1), (1, 0, 0)),
        ((3, 3, 3), (0, 6, 0)),
        ((1, 1, 1), (0, 2, 0)),
        ((-2, 1, 0), (-1, 0, 1)),
    ];
    for ((x, y, z), (cx, cy, cz)) in table {
        let c = Coord::new(x, y, z).canonical();
        assert_eq!(c, Coord::new(cx, cy, cz), "canonical of ({x},{y},{z})");
        assert_eq!(Coord::new(x, y, z).to_hex(), c.to_hex());
    }
}

#[test]
fn directions_match_the_seed_and_run_clockwise() {
    let vectors = [
        (0, 0, 1),
        (0, 1, 0),
        (1, 0, 0),
        (0, 0, -1),
        (0, -1, 0),
        (-1, 0, 0),
    ];
    for (d, (x, y, z)) in Direction::ALL.iter().zip(vectors) {
        assert_eq!(d.vector(), Coord::new(x, y, z));
        assert_eq!(d.vector().to_hex(), d.offset(), "{}", d.name());
        assert_eq!(Coord::from_hex(Hex::ZERO + d.offset()), d.vector());
        assert_eq!(d.opposite().offset(), -d.offset());
    }
    // Clockwise on screen: each next direction's drawn angle turns right (clockwise) by 60 degrees.
    let l = layout(1.0);
    for d in Direction::ALL {
        let a = l.hex_to_world_pos(d.offset());
        let b = l.hex_to_world_pos(d.clockwise().offset());
        let cross = a.x * b.y - a.y * b.x;
        assert!(
            cross < 0.0,
            "{} -> {} is not clockwise",
            d.name(),
            d.clockwise().name()
        );
    }
    let north = l.hex_to_world_pos(Direction::North.offset());
    assert!(
        north.x.abs() < 1e-5 && north.y > 0.0,
        "North is drawn straight up"
    );
}

#[test]
fn mouth_then_north_is_ashe() {
    let h = Hex::ZERO + Direction::Mouth.offset() + Direction::North.offset();
    assert_eq!(h, Direction::Ashe.offset());
    let c = Direction::Mouth.vector() + Direction::North.vector();
    assert_eq!(c.canonical(), Direction::Ashe.vector());
}

#[test]
fn round_trips_within_20() {
    for h in Hex::ZERO.range(20) {
        let c = Coord::from_hex(h);
        assert_eq!(c, c.canonical());
        assert_eq!(c.to_hex(), h);
        assert!([c.x, c.y, c.z].iter().filter(|v| **v != 0).count() <= 2);
        assert_eq!(c.distance(), distance(Hex::ZERO, h));
        assert_eq!(c.distance() as i32, Hex::ZERO.distance_to(h));
        let printed = c.to_string();
        assert_eq!(printed.parse::<Coord>().unwrap(), c);
        // Every neighbour is one step away in both systems.
        for (d, n) in Direction::ALL.iter().zip(neighbours(h)) {
            assert_eq!((c + d.vector()).to_hex(), n);
            assert_eq!(distance(h, n), 1);
        }
    }
}

#[test]
fn parsing_any_spelling() {
    assert_eq!(
        "1,0,1".parse::<Coord>().unwrap().canonical(),
        Coord::new(0, 1, 0)
    );
    assert_eq!(
        "(1, 0, 1)".parse::<Coord>().unwrap().to_string(),
        "(0, 1, 0)"
    );
    assert_eq!(" -3 ,2, 0 ".parse::<Coord>().unwrap(), Coord::new(-3, 2, 0));
    assert!("1,2".parse::<Coord>().is_err());
    assert!("a,b,c".parse::<Coord>().is_err());
    assert!("1,2,3,4".parse::<Coord>().is_err());
}

#[test]
fn view_order_is_nearest_first_then_clockwise_from_north() {
    let order: Vec<Hex> = view_order(Hex::ZERO, 2).collect();
    assert_eq!(order.len(), 19);
    assert_eq!(order[0], Hex::ZERO);
    let first_ring: Vec<Hex> = Direction::ALL.iter().map(|d| d.offset()).collect();
    assert_eq!(&order[1..7], &first_ring[..]);
    assert_eq!(order[7], Direction::North.offset() * 2);
    let l = layout(1.0);
    for r in 1..=6u32 {
        let ring: Vec<Hex> = ring(Hex::ZERO, r).collect();
        assert_eq!(ring.len(), 6 * r as usize);
        let mut last = -1.0f32;
        for h in ring {
            assert_eq!(distance(Hex::ZERO, h), r);
            let p = l.hex_to_world_pos(h);
            // Clockwise angle from straight up, in [0, 2pi).
            let mut a = p.x.atan2(p.y);
            if a < -1e-4 {
                a += std::f32::consts::TAU;
            }
            assert!(a > last, "ring {r} not clockwise at {h:?}");
            last = a;
        }
    }
    let unique: std::collections::HashSet<Hex> = view_order(Hex::ZERO, 10).collect();
    assert_eq!(unique.len(), 331);
}
