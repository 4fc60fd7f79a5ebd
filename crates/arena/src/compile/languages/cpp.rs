//! C++, built by g++; modules find the task's `mis.h` (and its `extern "C"`) beside them.

use super::{MIS_H, PLAIN};
use crate::compile::definition::{Definition, Language, Setup};

impl Language {
    /// C++ (`.cpp`, `.cc`, `.cxx`), built by g++.
    pub const CPP: Language = Language(&duel_languages::CPP);
}

pub(super) const DEFINITION: Definition = Definition {
    module: Setup::module(
        &[MIS_H],
        "C++ gives it a mangled name unless it is declared extern \"C\" (include \"mis.h\")",
    ),
    ..PLAIN
};
