//! (en preparación)
