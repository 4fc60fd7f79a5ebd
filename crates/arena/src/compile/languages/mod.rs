//! The judge's part of each language, one file each, and the one place each shared
//! definition meets it.
//!
//! Adding a language is its definition in `duel-languages` (names, compiler, commands, memory
//! allowance, self-test, names in contest systems, its [`Id`]), then one new file here (its
//! `Language` constant and a [`Definition`] with what only the judge needs, as `go.rs` shows)
//! and two lines in this file: its `mod` and its arm in [`definition`] (the compiler refuses a
//! language without one). The judge's list of languages is the shared one. Its tests judge a
//! perfect and a flawed player from source (`crates/cli/tests/sources/ioiwari/`,
//! `judge_sources.rs`). Nothing else in the judge or the command line names a language.

mod c;
mod cpp;
mod go;
mod pascal;
mod python;
mod rust;

use super::definition::{Definition, Language, Setup, Tools};
use duel_languages::Id;

/// What only the judge needs of the language `id`.
pub(super) const fn definition(id: Id) -> &'static Definition {
    match id {
        Id::C => &c::DEFINITION,
        Id::Cpp => &cpp::DEFINITION,
        Id::Pascal => &pascal::DEFINITION,
        Id::Python => &python::DEFINITION,
        Id::Rust => &rust::DEFINITION,
        Id::Go => &go::DEFINITION,
    }
}

/// Every language, in the order the documentation lists them: [`duel_languages::ALL`]'s.
pub(super) const ALL: &[Language] = &{
    let shared = duel_languages::ALL;
    let mut all = [Language(shared[0]); duel_languages::ALL.len()];
    let mut at = 1;
    while at < shared.len() {
        all[at] = Language(shared[at]);
        at += 1;
    }
    all
};

/// The judge's part of a language that needs nothing of its own: a player and a module
/// built from the copy alone (a module with the usual hint), every stem allowed, no
/// environment or files beyond the fixed ones. A language's file changes what it needs with
/// `..PLAIN`.
const PLAIN: Definition = Definition {
    player: Setup::PROGRAM,
    module: Setup::module(&[], UNEXPORTED_HINT),
    stem_allowed: None,
    tools: Tools::PLAIN,
};

/// The task's C interface, the kit's own `mis.h` (duel-mis-abi owns it), so that a C or C++
/// module that includes `"mis.h"` builds (and gets C linkage in C++).
const MIS_H: (&str, &str) = ("mis.h", duel_mis_abi::MIS_H);

/// The hint of a module that does not export one of the task's functions, unless its
/// language has its own.
const UNEXPORTED_HINT: &str =
    "a module defines both poczatek and ruch_bolka, not static (see mis.h)";
