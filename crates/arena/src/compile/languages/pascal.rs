//! Pascal, built by Free Pascal.
//!
//! - **A player** is built with a unit loaded first (`-Faduelflush`) that makes `Output` flush
//!   after every `Write`/`Writeln` even on a pipe: the statement tells Pascal players to use
//!   `Writeln` and `Readln` without `Flush`, which Free Pascal only honours on a terminal.
//! - **A module** is the statement's unit `mis` (saved as `mis.pas`); the judge wraps it in a
//!   library that exports `poczatek` and `ruch_bolka` with the C calling convention, and
//!   builds it position-independent (`-Cg`).
//!
//! The compiler sees its configuration `/etc/fpc.cfg` (and the files of `/etc` it leads to).

use crate::compile::language::{Definition, Recipe, Tools};
use crate::compile::Language;
use std::path::PathBuf;

impl Language {
    /// Pascal (`.pas`, `.pp`), built by Free Pascal.
    pub const PASCAL: Language = Language(&DEFINITION);
}

/// The unit `duelflush`, loaded before a player's own units (fpc's `-Fa` in the player's
/// command): Free Pascal flushes `Output` after every `Write` and
/// `Writeln` only when it is a terminal; this makes it do so on a pipe too, as the statement's
/// advice (`Writeln` and `Readln`, no `Flush`) assumes.
const FLUSH_SOURCE: (&str, &str) = (
    "duelflush.pas",
    "\
unit duelflush;
{ Loaded first by the judge: Output is flushed after every Write and Writeln, even on a pipe. }
interface
implementation
initialization
  TextRec(Output).FlushFunc := TextRec(Output).InOutFunc;
end.
",
);

/// The library wrapped around the unit `mis`: it exports the unit's procedures under the
/// task's C names with the C calling convention (the `var` parameters become pointers).
const WRAPPER: (&str, &str) = (
    "duelmis.pas",
    "\
library duelmis;
{ Built by the judge around the contestant's unit mis. }
uses mis;
procedure c_poczatek(p, e, peb: LongInt); cdecl;
begin
  poczatek(p, e, peb);
end;
procedure c_ruch_bolka(p, e: LongInt; bp, be: PLongInt); cdecl;
begin
  ruch_bolka(p, e, bp^, be^);
end;
exports
  c_poczatek name 'poczatek',
  c_ruch_bolka name 'ruch_bolka';
end.
",
);

const DEFINITION: Definition = Definition {
    player: Recipe {
        files: &[FLUSH_SOURCE],
        ..Recipe::program(&duel_languages::PASCAL.player)
    },
    module: Some(Recipe {
        // The statement's unit `mis` must be in `mis.pas` for the wrapper to find it.
        copy_name: Some("mis.pas"),
        entry: Some(WRAPPER.0),
        ..Recipe::module(
            super::module_build(&duel_languages::PASCAL),
            &[WRAPPER],
            "the unit mis must declare it in its interface",
        )
    }),
    tools: Tools {
        paths: fpc_configuration,
        ..Definition::of(&duel_languages::PASCAL).tools
    },
    ..Definition::of(&duel_languages::PASCAL)
};

/// `/etc/fpc.cfg` and `/etc/fpc`, and what they link to.
fn fpc_configuration() -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for entry in ["/etc/fpc.cfg", "/etc/fpc"] {
        let path = PathBuf::from(entry);
        if let Ok(target) = path.canonicalize() {
            paths.push(target);
        }
        paths.push(path);
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unit's name, in the player's command and in its file.
    const FLUSH_UNIT: &str = "duelflush";

    #[test]
    fn the_player_loads_the_flush_unit_the_judge_writes() {
        assert!(DEFINITION
            .player
            .command
            .contains(&format!(" -Fa{FLUSH_UNIT} ")));
        assert_eq!(FLUSH_SOURCE.0, format!("{FLUSH_UNIT}.pas"));
        assert!(FLUSH_SOURCE.1.starts_with(&format!("unit {FLUSH_UNIT};")));
        assert!(WRAPPER.1.starts_with("library duelmis;"));
    }
}
