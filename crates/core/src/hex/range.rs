//! The coordinate range every hex lies in: how far from the origin a hex may be, and a
//! coordinate from outside checked against it. Below the world, so every layer can check a hex.

use hexx::Hex;

use super::Coord;

/// How far out a hex may lie: at most this many steps from the origin, and each number of an
/// (x, y, z) triple as written at most this in size (so converting it never overflows).
pub const MAX_COORD: u32 = 1 << 24;

/// Whether `hex` lies within [`MAX_COORD`] steps of the origin.
#[inline]
pub fn in_range(hex: Hex) -> bool {
    // Hex distance is the largest of |q|, |r|, |q + r|; i64 so no input wraps. Each |v| <= m is
    // one unsigned compare (v + m in 0..=2m), the three and-ed without branches: every
    // generation asks.
    let (q, r) = (hex.x as i64, hex.y as i64);
    let m = MAX_COORD as i64;
    let within = |v: i64| (v + m) as u64 <= 2 * m as u64;
    within(q) & within(r) & within(q + r)
}

/// A coordinate from outside (a file, the command line) as a hex, checked against the range:
/// each number at most [`MAX_COORD`] in size as written, the hex at most that far out.
pub fn checked_hex(c: Coord) -> Result<Hex, String> {
    let too_big = [c.x, c.y, c.z].iter().any(|v| v.unsigned_abs() > MAX_COORD);
    let hex = (!too_big).then(|| c.to_hex()).filter(|&h| in_range(h));
    hex.ok_or_else(|| {
        format!(
            "({}, {}, {}) lies outside the world: each number at most {MAX_COORD} in size, at most {MAX_COORD} steps from the origin",
            c.x, c.y, c.z
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_is_the_distance_from_the_origin() {
        let m = MAX_COORD as i32;
        assert!(in_range(Hex::new(m, 0)));
        assert!(in_range(Hex::new(m, -m)));
        assert!(!in_range(Hex::new(m, 1)));
        assert!(!in_range(Hex::new(i32::MIN, 0)));
        assert!(checked_hex(Coord::new(m, 0, 0)).is_ok());
        assert!(
            checked_hex(Coord::new(m, 0, 1)).is_ok(),
            "Ashe then Mouth: m steps"
        );
        assert!(
            checked_hex(Coord::new(m, 0, -1)).is_err(),
            "m + 1 steps out"
        );
        let e = checked_hex(Coord::new(i32::MAX, 1, 0)).unwrap_err();
        assert!(e.contains("16777216"), "{e}");
        assert!(checked_hex(Coord::new(0, i32::MIN, 0)).is_err());
    }
}
