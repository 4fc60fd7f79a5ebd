//! Python 3: nothing to build; the source is checked for syntax errors (without writing a
//! `.pyc`) and the copy is run by `python3`.

use crate::compile::language::{ArtifactKind, Definition, Recipe};
use crate::compile::Language;

impl Language {
    /// Python 3 (`.py`), checked for syntax errors and run by python3.
    pub const PYTHON: Language = Language(&DEFINITION);
}

/// The check compiles the source without writing anything; the command is the same for every
/// target (a module is refused before).
const DEFINITION: Definition = Definition {
    player: Recipe {
        artifact: ArtifactKind::Script,
        ..Recipe::program(&duel_languages::PYTHON.player)
    },
    ..Definition::of(&duel_languages::PYTHON)
};
