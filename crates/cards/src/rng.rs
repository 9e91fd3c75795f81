use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The project's one random source: ChaCha8, seeded from a `u64`.
///
/// Every draw goes through methods implemented here (not through `rand`'s distributions, whose
/// algorithms may change between versions), so a seed means the same game forever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    pub fn from_seed(seed: u64) -> GameRng {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n` (`n > 0`), by Lemire's multiply-and-reject method.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "GameRng::below(0)");
        let mut m = self.0.next_u32() as u64 * n as u64;
        // The rejection threshold (2^32 mod n) is below n, so it is only needed when the low
        // half is too: this skips a division on almost every call.
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = self.0.next_u32() as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }

    /// A uniform index into a non-empty slice of length `len`.
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).expect("slice too long")) as usize
    }

    /// A uniform float in `[0, 1)`, from the top 53 bits of one draw.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// How far the stream has been read (in 32-bit words): with [`GameRng::seek`], a saved
    /// session's generator continues exactly where it stopped.
    pub fn position(&self) -> u128 {
        self.0.get_word_pos()
    }

    /// Moves to a position [`GameRng::position`] returned, for the same seed.
    pub fn seek(&mut self, position: u128) {
        self.0.set_word_pos(position);
    }

    /// An independent generator derived from this one (for a bot, a sampled world...).
    pub fn fork(&mut self) -> GameRng {
        GameRng::from_seed(self.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::from_seed(7);
        let mut b = GameRng::from_seed(7);
        let xs: Vec<u32> = (0..100).map(|_| a.below(52)).collect();
        let ys: Vec<u32> = (0..100).map(|_| b.below(52)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x < 52));
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = GameRng::from_seed(1);
        let mut hist = [0u32; 6];
        for _ in 0..60_000 {
            hist[r.below(6) as usize] += 1;
        }
        assert!(hist.iter().all(|&h| (9_000..11_000).contains(&h)), "{hist:?}");
    }

    /// Pins the stream: if this changes, every recorded seed would replay differently.
    #[test]
    fn stream_is_stable_across_versions() {
        let mut r = GameRng::from_seed(42);
        let first: Vec<u32> = (0..5).map(|_| r.below(1000)).collect();
        assert_eq!(first, STABLE_42);
    }

    const STABLE_42: [u32; 5] = [224, 681, 146, 950, 772];
}
