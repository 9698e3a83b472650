//! What the unit tests share: a small generator of the same numbers on
//! every machine, for their generated inputs (no dependency, no seed from
//! the clock, so a failure repeats).

/// A 64-bit linear congruential generator (Knuth's MMIX constants); the
/// high bits of its state are its numbers.
pub(crate) struct Lcg(u64);

impl Lcg {
    pub(crate) fn new(seed: u64) -> Lcg {
        Lcg(seed)
    }

    /// The next number, below `n` (at least 1).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}
