//! How a submission judged from source was built, as its report records it.

use serde::{Deserialize, Serialize};

/// What a source is built into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// A program that plays over stdin/stdout (an Ioiwari player 1, a line-protocol Bolek).
    Player,
    /// A shared library exporting the task's `poczatek` and `ruch_bolka` (a Bolek module).
    Module,
}

/// How a submission was built, as its report records it.
///
/// ```
/// use duel_report::{BuildRecord, Target};
/// let json = r#"{"source": "p.c", "language": "c", "target": "player",
///                "command": "gcc ...", "succeeded": true, "output": []}"#;
/// let build: BuildRecord = serde_json::from_str(json)?;
/// assert_eq!((build.language.as_str(), build.target), ("c", Target::Player));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildRecord {
    /// The source file as given.
    pub source: String,
    /// Its language's name (`c`, `cpp`, `pascal`, `python`, `rust`, ...).
    pub language: String,
    /// A player or a module.
    pub target: Target,
    /// The compile command (its template: `{source}`, `{output}`, `{dir}`).
    pub command: String,
    /// Whether it built.
    pub succeeded: bool,
    /// The compiler's first lines, clipped.
    pub output: Vec<String>,
}
