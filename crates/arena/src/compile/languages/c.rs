//! C, built by gcc; modules find the task's `mis.h` beside them.

use super::{MIS_H, PLAIN, UNEXPORTED_HINT};
use crate::compile::definition::{Definition, Language, Setup};

impl Language {
    /// C (`.c`), built by gcc.
    pub const C: Language = Language(&duel_languages::C);
}

pub(super) const DEFINITION: Definition = Definition {
    module: Setup::module(&[MIS_H], UNEXPORTED_HINT),
    ..PLAIN
};
