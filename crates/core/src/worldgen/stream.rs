//! Per-hex random streams keyed on (world seed, hex, purpose), mixed with SplitMix64 so nearby
//! hexes and purposes never share draws.

use hexx::Hex;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

/// What a draw is for; each has its own stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Biome,
    Landmark,
    Feature(u8),
    /// Play: the Dunes winds, the Swamp exit, and other per-move draws, numbered by the caller.
    Play(u32),
}

impl Purpose {
    fn code(self) -> u64 {
        match self {
            Purpose::Biome => 1,
            Purpose::Landmark => 2,
            Purpose::Feature(i) => 0x100 + i as u64,
            Purpose::Play(n) => 0x1_0000_0000 + n as u64,
        }
    }
}

/// Spreads a draw's purpose code over the key's bits (an odd 64-bit constant).
const DRAW_MUL: u64 = 0xD1B5_4A32_D192_ED03;

/// SplitMix64's finaliser.
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The streams of one hex: (world seed, hex) mixed once, each purpose folded in after, so the
/// three draws of a generation share the costly part of the key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HexStreams(u64);

impl HexStreams {
    #[inline]
    pub fn new(seed: u64, hex: Hex) -> Self {
        Self::keyed(mix(seed), hex)
    }

    /// As [`HexStreams::new`] with the world's seed already mixed (`mix(seed)`), which a world
    /// keeps so each hex costs one round less.
    #[inline]
    pub fn keyed(seed_key: u64, hex: Hex) -> Self {
        let packed = ((hex.x as u32 as u64) << 32) | hex.y as u32 as u64;
        Self(mix(seed_key ^ packed))
    }

    #[inline]
    pub fn key(self, purpose: Purpose) -> u64 {
        mix(self.0 ^ purpose.code())
    }

    /// The `n`-th uniform number in [0, 1) of a purpose's stream: one SplitMix64 round of the
    /// hex's mixed key with the purpose and index folded in (the finaliser spreads any change of
    /// either over every bit), the cheapest draw for the few numbers generation needs (`rng`
    /// gives a full generator).
    #[inline]
    pub fn uniform(self, purpose: Purpose, n: u64) -> f64 {
        let x = mix(self.0
            ^ purpose
                .code()
                .wrapping_mul(DRAW_MUL)
                .wrapping_add(n.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        (x >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    #[inline]
    pub fn rng(self, purpose: Purpose) -> Pcg64Mcg {
        from_key(self.key(purpose))
    }
}

/// The stream's key for (world seed, hex, purpose).
#[inline]
pub fn key(seed: u64, hex: Hex, purpose: Purpose) -> u64 {
    HexStreams::new(seed, hex).key(purpose)
}

/// A PCG stream whose 128-bit state comes straight from a mixed key: no seeding rounds, which
/// would cost more than the draws on the generation path.
#[inline]
pub fn from_key(k: u64) -> Pcg64Mcg {
    Pcg64Mcg::new(((k as u128) << 64) | (k.rotate_left(29) ^ 0xA076_1D64_78BD_642F) as u128)
}

#[inline]
pub fn rng(seed: u64, hex: Hex, purpose: Purpose) -> Pcg64Mcg {
    from_key(key(seed, hex, purpose))
}

/// Folded into a player stream's key so it never shares a key with a hex stream of its world.
const PLAYER_DOMAIN: u64 = 0x506C_6179_6572_0001;

/// A player's stream for one move, keyed on (world seed, player, the player's move number,
/// purpose): a player's draws depend neither on other players nor on what was generated.
#[inline]
pub fn player_rng(seed: u64, player: u32, move_number: u32, purpose: Purpose) -> Pcg64Mcg {
    let mut k = mix(seed ^ PLAYER_DOMAIN);
    k = mix(k ^ player as u64);
    k = mix(k ^ move_number as u64);
    from_key(mix(k ^ purpose.code()))
}

/// Uniform in [0, 1).
#[inline]
pub fn uniform(rng: &mut Pcg64Mcg) -> f64 {
    rng.random::<f64>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbouring_keys_differ_and_repeat() {
        let mut seen = std::collections::HashSet::new();
        for h in Hex::ZERO.range(10) {
            for p in [Purpose::Biome, Purpose::Landmark, Purpose::Feature(0)] {
                assert!(seen.insert(key(7, h, p)));
                assert_eq!(key(7, h, p), key(7, h, p));
            }
        }
        assert_ne!(
            key(7, Hex::ZERO, Purpose::Biome),
            key(8, Hex::ZERO, Purpose::Biome)
        );
    }

    #[test]
    fn player_streams_differ_by_player_move_and_purpose_and_repeat() {
        let first = |s, p, m, q| uniform(&mut player_rng(s, p, m, Purpose::Play(q)));
        let mut seen = std::collections::HashSet::new();
        for p in 0..4 {
            for m in 0..50 {
                for q in 0..3 {
                    assert!(seen.insert(first(7, p, m, q).to_bits()));
                    assert_eq!(first(7, p, m, q), first(7, p, m, q));
                }
            }
        }
        assert_ne!(first(7, 0, 0, 0), first(8, 0, 0, 0));
    }

    #[test]
    fn hex_draws_are_uniform_across_hexes_and_purposes() {
        // 10 buckets over 40,401 hexes x 3 draws: each expects 12,120 (sd about 104); 6 sd allowed.
        let mut buckets = [0u32; 10];
        for h in Hex::ZERO.range(116) {
            let s = HexStreams::new(3, h);
            for (p, n) in [
                (Purpose::Biome, 0),
                (Purpose::Biome, 1),
                (Purpose::Landmark, 0),
            ] {
                let u = s.uniform(p, n);
                assert!((0.0..1.0).contains(&u));
                buckets[(u * 10.0) as usize] += 1;
            }
        }
        let expected = buckets.iter().sum::<u32>() as f64 / 10.0;
        for b in buckets {
            assert!(
                (b as f64 - expected).abs() < 6.0 * expected.sqrt(),
                "{buckets:?}"
            );
        }
    }
}
