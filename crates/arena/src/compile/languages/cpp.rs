//! C++, built by g++; modules find the task's `mis.h` (and its `extern "C"`) beside them.

use super::MIS_H;
use crate::compile::language::{Definition, Recipe};
use crate::compile::Language;

impl Language {
    /// C++ (`.cpp`, `.cc`, `.cxx`), built by g++.
    pub const CPP: Language = Language(&DEFINITION);
}

const DEFINITION: Definition = Definition {
    module: Some(Recipe::module(
        super::module_build(&duel_languages::CPP),
        &[MIS_H],
        "C++ gives it a mangled name unless it is declared extern \"C\" (include \"mis.h\")",
    )),
    ..Definition::of(&duel_languages::CPP)
};
