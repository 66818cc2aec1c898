//! SplitMix64: a small, well-studied generator kept in-tree so a seed gives the same games on
//! every machine and with every dependency version. Every ruleset's self-play rolls with it.

/// The generator's state.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The generator for game number `game` of a run seeded `seed`: games are independent, so
    /// a seed gives the same games whatever the number of threads.
    pub(crate) fn new(seed: u64, game: u64) -> Rng {
        let mut rng = Rng(seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        rng.next();
        rng
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A fair six-sided die, by rejection so every face is exactly 1/6.
    pub(crate) fn die(&mut self) -> u8 {
        loop {
            let x = self.next() >> 61;
            if x < 6 {
                return x as u8 + 1;
            }
        }
    }

    pub(crate) fn dice(&mut self, n: u32) -> Vec<u8> {
        (0..n).map(|_| self.die()).collect()
    }

    /// A fair die of `sides` sides (1 to 2^32), by rejection: every face exactly 1/sides.
    pub(crate) fn roll(&mut self, sides: u32) -> u32 {
        let sides = u64::from(sides.max(1));
        let zone = u64::MAX - u64::MAX % sides;
        loop {
            let x = self.next();
            if x < zone {
                return (x % sides) as u32 + 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_of_a_d10_comes_up_about_equally() {
        let mut rng = Rng::new(7, 0);
        let mut counts = [0u32; 10];
        for _ in 0..100_000 {
            let face = rng.roll(10);
            assert!((1..=10).contains(&face));
            counts[face as usize - 1] += 1;
        }
        // 10,000 expected each; 5 standard deviations is about 475.
        assert!(
            counts.iter().all(|&c| c.abs_diff(10_000) < 475),
            "{counts:?}"
        );
    }
}
