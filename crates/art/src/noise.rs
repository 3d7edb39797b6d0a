//! A tiny deterministic noise: integer hashes, value noise and cells, in plain arithmetic (no
//! calls into the system's maths library, whose last bits may differ between machines), so the
//! art comes out the same bytes everywhere.

use super::Pt;

/// A well-mixed 32-bit hash of a lattice point and a seed.
pub fn hash(x: i32, y: i32, seed: u32) -> u32 {
    let h = mix(seed ^ 0x9e37_79b9);
    let h = mix(h ^ x as u32);
    mix(h ^ (y as u32).wrapping_mul(0x85eb_ca6b))
}

fn mix(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x7feb_352d);
    h ^= h >> 15;
    h = h.wrapping_mul(0x846c_a68b);
    h ^ (h >> 16)
}

/// `hash` as a number in [0, 1).
pub fn unit(x: i32, y: i32, seed: u32) -> f32 {
    (hash(x, y, seed) >> 8) as f32 / (1u32 << 24) as f32
}

/// The `i`-th number in [0, 1) drawn from `h` (an item's hash).
pub fn pick(h: u32, i: u32) -> f32 {
    unit(h as i32, i as i32, 0x51ed_270b)
}

/// A seed from a name (FNV-1a), so each biome's tile has its own pattern.
pub fn seed_of(name: &str) -> u32 {
    name.bytes().fold(0x811c_9dc5, |h: u32, b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

fn smooth(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

/// Smooth value noise in [0, 1): one random value per whole lattice point, blended between.
pub fn value(p: Pt, seed: u32) -> f32 {
    let (x0, y0) = (p.x.floor(), p.y.floor());
    let (tx, ty) = (smooth(p.x - x0), smooth(p.y - y0));
    let (i, j) = (x0 as i32, y0 as i32);
    let a = unit(i, j, seed) + (unit(i + 1, j, seed) - unit(i, j, seed)) * tx;
    let b = unit(i, j + 1, seed) + (unit(i + 1, j + 1, seed) - unit(i, j + 1, seed)) * tx;
    a + (b - a) * ty
}

/// Value noise summed over `octaves`, each twice as fine and half as strong; in [0, 1).
pub fn fbm(p: Pt, seed: u32, octaves: u32) -> f32 {
    let (mut sum, mut weight, mut total, mut q) = (0.0, 1.0, 0.0, p);
    for o in 0..octaves {
        sum += value(q, seed.wrapping_add(o.wrapping_mul(0x2545_f491))) * weight;
        total += weight;
        weight *= 0.5;
        q = q * 2.0;
    }
    sum / total
}

/// The distances from `p` to the nearest and second-nearest of one random point per unit cell:
/// `f2 - f1` is small along the borders between cells (cracks, paving).
pub fn cells(p: Pt, seed: u32) -> (f32, f32) {
    let (cx, cy) = (p.x.floor() as i32, p.y.floor() as i32);
    let (mut f1, mut f2) = (f32::MAX, f32::MAX);
    for j in cy - 1..=cy + 1 {
        for i in cx - 1..=cx + 1 {
            let h = hash(i, j, seed);
            let at = Pt::new(i as f32 + pick(h, 0), j as f32 + pick(h, 1));
            let d = (at - p).len();
            if d < f1 {
                (f1, f2) = (d, f1);
            } else if d < f2 {
                f2 = d;
            }
        }
    }
    (f1, f2)
}

/// The sine, by range reduction and a polynomial (within 1e-4 of the true one).
pub fn sin(x: f32) -> f32 {
    use std::f32::consts::{PI, TAU};
    // To [-PI, PI], then by symmetry to [-PI/2, PI/2].
    let mut t = x - (x / TAU + 0.5).floor() * TAU;
    if t > PI / 2.0 {
        t = PI - t;
    } else if t < -PI / 2.0 {
        t = -PI - t;
    }
    let t2 = t * t;
    t * (1.0 - t2 / 6.0 * (1.0 - t2 / 20.0 * (1.0 - t2 / 42.0 * (1.0 - t2 / 72.0))))
}

pub fn cos(x: f32) -> f32 {
    sin(x + std::f32::consts::FRAC_PI_2)
}

/// The angle of (x, y) from the x axis toward the y axis, in [-PI, PI], by a polynomial (within
/// 1e-4 of the true one).
pub fn atan2(y: f32, x: f32) -> f32 {
    use std::f32::consts::{FRAC_PI_2, PI};
    if x == 0.0 && y == 0.0 {
        return 0.0;
    }
    let (ax, ay) = (x.abs(), y.abs());
    let z = ax.min(ay) / ax.max(ay);
    let z2 = z * z;
    let mut a = z
        * (0.999_977_3
            + z2 * (-0.332_623_5
                + z2 * (0.193_543_5
                    + z2 * (-0.116_432_9 + z2 * (0.052_653_3 - z2 * 0.011_721_2)))));
    if ay > ax {
        a = FRAC_PI_2 - a;
    }
    if x < 0.0 {
        a = PI - a;
    }
    if y < 0.0 { -a } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sine_is_close_to_the_libraries() {
        for i in -2000..2000 {
            let x = i as f32 * 0.01;
            assert!((sin(x) - x.sin()).abs() < 1e-4, "{x}");
            assert!((cos(x) - x.cos()).abs() < 1e-4, "{x}");
        }
    }

    #[test]
    fn the_arc_tangent_is_close_to_the_libraries() {
        for i in -60..60 {
            for j in -60..60 {
                let (y, x) = (i as f32 * 0.37, j as f32 * 0.53);
                if x != 0.0 || y != 0.0 {
                    assert!((atan2(y, x) - y.atan2(x)).abs() < 1e-4, "{y} {x}");
                }
            }
        }
    }

    #[test]
    fn noise_stays_in_its_range() {
        for i in 0..500 {
            let p = Pt::new(i as f32 * 0.37 - 90.0, i as f32 * 0.91 - 200.0);
            let v = fbm(p, 9, 4);
            assert!((0.0..1.0).contains(&v), "{v}");
            let (f1, f2) = cells(p, 3);
            assert!(f1 <= f2 && f1 < 1.5);
        }
    }
}
