//! C, built by gcc; modules find the task's `mis.h` beside them.

use super::{MIS_H, UNEXPORTED_HINT};
use crate::compile::language::{Definition, Recipe};
use crate::compile::Language;

impl Language {
    /// C (`.c`), built by gcc.
    pub const C: Language = Language(&DEFINITION);
}

const DEFINITION: Definition = Definition {
    module: Some(Recipe::module(
        super::module_build(&duel_languages::C),
        &[MIS_H],
        UNEXPORTED_HINT,
    )),
    ..Definition::of(&duel_languages::C)
};
