//! The languages, one file each, and the one list of them.
//!
//! Adding a language is its definition in `duel-languages` (names, compiler, commands, memory
//! allowance, self-test, names in contest systems), then one new file here (a
//! [`Definition`](super::language::Definition) of it under a `Language` constant, with what
//! only the judge needs, as `go.rs` shows) and two lines in this file: its `mod` and its place
//! in [`ALL`] (a test checks that it is the shared list's). Its tests judge a perfect and a flawed player from source
//! (`crates/cli/tests/sources/ioiwari/`, `judge_sources.rs`). Nothing else in the judge or the
//! command line names a language.

mod c;
mod cpp;
mod go;
mod pascal;
mod python;
mod rust;

use super::Language;

/// Every language, in the order the documentation lists them.
pub(super) const ALL: &[Language] = &[
    Language::C,
    Language::CPP,
    Language::PASCAL,
    Language::PYTHON,
    Language::RUST,
    Language::GO,
];

/// The task's C interface, the kit's own `mis.h` (duel-mis-abi owns it), so that a C or C++
/// module that includes `"mis.h"` builds (and gets C linkage in C++).
const MIS_H: (&str, &str) = ("mis.h", duel_mis_abi::MIS_H);

/// The module build of a language that builds modules (a definition's file calls it only
/// for one).
const fn module_build(
    language: &'static duel_languages::Language,
) -> &'static duel_languages::Build {
    match &language.module {
        Some(build) => build,
        None => panic!("a language without modules has no module build"),
    }
}

/// The hint of a module that does not export one of the task's functions, unless its
/// language has its own.
const UNEXPORTED_HINT: &str =
    "a module defines both poczatek and ruch_bolka, not static (see mis.h)";
