//! The engine's pseudo-random numbers for its tests and its weight-fitting tools: the
//! same on every machine and every run, so that a random position or game can be named by
//! its seed.

/// Marsaglia's xorshift generator (shifts 13, 7 and 17): tiny, fast, and good enough to
/// pick moves and positions. Not for anything a person could exploit.
#[derive(Clone, Debug)]
pub(crate) struct Xorshift(u64);

impl Xorshift {
    /// A generator started at `semilla`, which must not be 0 (it would stay 0).
    pub(crate) fn nuevo(semilla: u64) -> Xorshift {
        Xorshift(semilla)
    }

    /// The next number.
    pub(crate) fn siguiente(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}
