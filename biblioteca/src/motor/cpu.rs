//! The two compiled copies of the engine's hot code, and the one place that picks one for
//! the processor.
//!
//! The release binary is built for any x86-64, so the move generator and the counts use
//! only SSE2 unless they are compiled into a function built for more. Perft, the
//! evaluation, the mid-game search and the exact solver therefore exist twice: a
//! portable copy ([`Portatil`]), and one compiled for AVX2, BMI1, BMI2, LZCNT and POPCNT
//! (x86-64-v3: Intel since 2013, AMD since 2015) that takes its moves and flips from
//! `jugadas_avx2` and `volteos_avx2`, the generator written in AVX2 instructions
//! ([`Avx2`]). Both visit the same nodes and give the same answers; the tests compare them.
//!
//! The code is written once, generic over a [`Copia`]: what differs between the copies
//! (the generator). A function of a hot module is an `#[inline(always)]` generic body;
//! those compiled on their own (the recursive ones, and those kept out of line) are the
//! methods of a trait that [`copias!`] declares and implements for both copies, the
//! AVX2 one with `#[target_feature]`, so that its body and all it inlines are compiled for
//! those features. (A generic function compiled on its own gets no target features from
//! its caller: each such function needs its own copy.) The entry points pick the copy
//! with [`en_la_copia!`].

#[cfg(target_arch = "x86_64")]
use crate::reglas::bitboard::{jugadas_avx2, volteos_avx2};
use crate::reglas::bitboard::{jugadas_u64, volteos_u64};

/// What differs between the compiled copies: the move generator. A value is a token:
/// the copy it names may run on this processor.
pub(super) trait Copia: Copy {
    /// The valid moves of the owner of `p` against `o`.
    fn jugadas(self, p: u64, o: u64) -> u64;

    /// The pieces of `o` that a piece of the owner of `p` on square `x` would flip (empty
    /// if the move is not valid). `x` must be empty.
    fn volteos(self, p: u64, o: u64, x: u32) -> u64;
}

/// The copy for any processor, with the crate's generator.
#[derive(Clone, Copy, Debug)]
pub(super) struct Portatil;

impl Copia for Portatil {
    #[inline(always)]
    fn jugadas(self, p: u64, o: u64) -> u64 {
        jugadas_u64(p, o)
    }

    #[inline(always)]
    fn volteos(self, p: u64, o: u64, x: u32) -> u64 {
        volteos_u64(p, o, x as u8)
    }
}

/// The copy for x86-64-v3 processors. Only [`Avx2::detectar`] makes one, so holding a
/// value proves that the processor has every feature the copy is compiled for: that is
/// what makes calling into it safe.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2(());

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// The copy, if the processor has AVX2, BMI1, BMI2, LZCNT and POPCNT (the standard
    /// library caches the answer).
    #[inline]
    pub(super) fn detectar() -> Option<Avx2> {
        (std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt"))
        .then_some(Avx2(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl Copia for Avx2 {
    #[inline(always)]
    fn jugadas(self, p: u64, o: u64) -> u64 {
        // SAFETY: `self` proves that the processor has AVX2 (see `Avx2::detectar`).
        unsafe { jugadas_avx2(p, o) }
    }

    #[inline(always)]
    fn volteos(self, p: u64, o: u64, x: u32) -> u64 {
        // SAFETY: `self` proves that the processor has AVX2 (see `Avx2::detectar`).
        unsafe { volteos_avx2(p, o, x as u8) }
    }
}

/// Declares a trait of the functions of a module that are compiled on their own in each
/// copy, and implements it for both: each method runs the module's generic function of
/// the same name (an `#[inline(always)]` body whose first argument is the copy), for
/// [`Avx2`] inside a function compiled with its target features. The attributes given
/// to a method (`#[inline]`) go to the function of each copy.
macro_rules! copias {
    (
        $(#[$doc:meta])*
        $vis:vis trait $rasgo:ident: $base:path {
            $(
                $(#[$atributo:meta])*
                fn $nombre:ident $(<const $k:ident: $t:ty>)? ($($arg:ident: $tipo:ty),* $(,)?) $(-> $salida:ty)?;
            )*
        }
    ) => {
        $(#[$doc])*
        #[allow(clippy::too_many_arguments)]
        $vis trait $rasgo: $base {
            $(
                #[doc = concat!("`", stringify!($nombre), "`, in this copy.")]
                fn $nombre $(<const $k: $t>)? (self, $($arg: $tipo),*) $(-> $salida)?;
            )*
        }

        impl $rasgo for $crate::motor::cpu::Portatil {
            $(
                $(#[$atributo])*
                fn $nombre $(<const $k: $t>)? (self, $($arg: $tipo),*) $(-> $salida)? {
                    $nombre::<_ $(, $k)?>(self, $($arg),*)
                }
            )*
        }

        #[cfg(target_arch = "x86_64")]
        impl $rasgo for $crate::motor::cpu::Avx2 {
            $(
                #[inline(always)]
                fn $nombre $(<const $k: $t>)? (self, $($arg: $tipo),*) $(-> $salida)? {
                    #[allow(clippy::too_many_arguments)]
                    $(#[$atributo])*
                    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
                    fn copia $(<const $k: $t>)? (
                        c: $crate::motor::cpu::Avx2,
                        $($arg: $tipo),*
                    ) $(-> $salida)? {
                        $nombre::<_ $(, $k)?>(c, $($arg),*)
                    }
                    // SAFETY: `self` proves that the processor has these features (see
                    // `Avx2::detectar`).
                    unsafe { copia $(::<$k>)? (self, $($arg),*) }
                }
            )*
        }
    };
}
pub(super) use copias;

/// Evaluates `$llamada` with `$c` bound to the copy for this processor: [`Avx2`] where
/// the processor has its features, else [`Portatil`]. The engine's one choice of copy.
#[cfg(target_arch = "x86_64")]
macro_rules! en_la_copia {
    ($c:ident => $llamada:expr) => {
        match $crate::motor::cpu::Avx2::detectar() {
            Some($c) => $llamada,
            None => {
                let $c = $crate::motor::cpu::Portatil;
                $llamada
            }
        }
    };
}

/// Evaluates `$llamada` with `$c` bound to the copy for this processor: off x86-64,
/// always [`Portatil`].
#[cfg(not(target_arch = "x86_64"))]
macro_rules! en_la_copia {
    ($c:ident => $llamada:expr) => {{
        let $c = $crate::motor::cpu::Portatil;
        $llamada
    }};
}
pub(super) use en_la_copia;
