//! The Pooh-Eeyore-sticks module (MIS) with the task's C ABI, playing Bolek perfectly.
//!
//! Built as `libmis.a` and `libmis.so` (`cargo build --release -p duel-mis-ffi`), it
//! links with the kit's drivers in C, C++ and Pascal exactly like a contestant's
//! `mis.c`; the prototypes are in `mis.h` (`duel-mis-abi`, `crates/mis-abi/include/mis.h`):
//!
//! ```c
//! void poczatek(int p, int e, int peb);
//! void ruch_bolka(int p, int e, int *bp, int *be);
//! ```
//!
//! The functions never unwind into C and never answer an illegal move when a legal
//! one exists, whatever they are given (see [`MisModule`] for the exact behaviour on
//! bad input). Game state lives in one atomic, so there is no lock to poison; a new
//! `poczatek` starts a new game.
//!
//! ```
//! use mis::{poczatek, ruch_bolka};
//! poczatek(7, 2, 3);
//! let (mut bp, mut be) = (0, 0);
//! // SAFETY: both pointers are valid for writes.
//! unsafe { ruch_bolka(7, 2, &mut bp, &mut be) };
//! assert_eq!((bp, be), (2, 0)); // to 5 and 2: residues (1, 2) modulo 4, lost for Lolek
//! ```

// The C ABI and the system calls this crate exists for: every unsafe block says why it is sound.
#![allow(unsafe_code)]

mod module;

pub use duel_mis::{Bolek, Move, Position};
pub use module::MisModule;

use std::ffi::c_int;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU32, Ordering};

/// The game in progress, as [`MisModule::to_bits`] encodes it.
static GAME: AtomicU32 = AtomicU32::new(MisModule::NotStarted.to_bits());

/// Starts a game with `p` poohsticks, `e` eeyoresticks and PE-bound `peb`.
/// Called once per game, before the first [`ruch_bolka`]; a later call starts a new game.
#[no_mangle]
pub extern "C" fn poczatek(p: c_int, e: c_int, peb: c_int) {
    // Cannot panic; the guard keeps that promise should the code ever change.
    let module = catch_unwind(|| MisModule::poczatek(p, e, peb)).unwrap_or(MisModule::NoLegalMove);
    GAME.store(module.to_bits(), Ordering::Relaxed);
}

/// Bolek's move when the pool holds `p` poohsticks and `e` eeyoresticks: stores the
/// numbers of poohsticks and eeyoresticks he takes in `*bp` and `*be`.
///
/// # Safety
///
/// Each of `bp`, `be` must be null (then it is skipped) or valid for writing a `c_int`.
#[no_mangle]
pub unsafe extern "C" fn ruch_bolka(p: c_int, e: c_int, bp: *mut c_int, be: *mut c_int) {
    let (take_p, take_e) = catch_unwind(AssertUnwindSafe(|| {
        let mut module = MisModule::from_bits(GAME.load(Ordering::Relaxed));
        module.ruch_bolka(p, e)
    }))
    .unwrap_or((0, 0));
    if !bp.is_null() {
        // SAFETY: non-null, and the caller promises it is valid for writes.
        unsafe { bp.write(take_p) };
    }
    if !be.is_null() {
        // SAFETY: as above.
        unsafe { be.write(take_e) };
    }
}
