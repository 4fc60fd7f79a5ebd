//! Python 3: nothing to build; the source is checked for syntax errors (without writing a
//! `.pyc`) and the copy is run by `python3`.

use super::PLAIN;
use crate::compile::definition::{ArtifactKind, Definition, Language, Setup};

impl Language {
    /// Python 3 (`.py`), checked for syntax errors and run by python3.
    pub const PYTHON: Language = Language(&duel_languages::PYTHON);
}

/// The check compiles the source without writing anything; the command is the same for every
/// target (a module is refused before).
pub(super) const DEFINITION: Definition = Definition {
    player: Setup {
        artifact: ArtifactKind::Script,
        ..Setup::PROGRAM
    },
    ..PLAIN
};
