//! Pascal, built by Free Pascal.
//!
//! - **A player** is built as the contest systems build it (`RULES.md`, G2): Free Pascal
//!   flushes `Output` after `Writeln` only on a terminal, so a player that relies on `Writeln`
//!   alone waits for ever on a pipe, as it does there. The judge writes its unit `duelflush`
//!   beside the copy all the same: [`Language::PASCAL_FLUSH_PLAYER`], the command
//!   `--pascal-flush` selects, loads it first (`-Faduelflush`) and `Output` is flushed after
//!   every `Write` and `Writeln` even on a pipe, as the IOI 2001 statement (`Writeln` and
//!   `Readln`, no `Flush`) assumed.
//! - **A module** is the statement's unit `mis` (saved as `mis.pas`); the judge wraps it in a
//!   library that exports `poczatek` and `ruch_bolka` with the C calling convention, and
//!   builds it position-independent (`-Cg`).
//!
//! The compiler sees its configuration `/etc/fpc.cfg` (and the files of `/etc` it leads to).

use super::PLAIN;
use crate::compile::definition::{Definition, Language, Setup, Tools};
use std::path::PathBuf;

impl Language {
    /// Pascal (`.pas`, `.pp`), built by Free Pascal.
    pub const PASCAL: Language = Language(&duel_languages::PASCAL);

    /// The command that builds a Pascal player as IOI 2001's judge did (`--pascal-flush`):
    /// the default one with the unit `duelflush` loaded first (`-Faduelflush`), which flushes
    /// `Output` after every `Write` and `Writeln` even on a pipe.
    ///
    /// ```
    /// use duel_arena::compile::{default_command, Language, Target};
    /// let plain = default_command(Language::PASCAL, Target::Player);
    /// assert_eq!(Language::PASCAL_FLUSH_PLAYER.replace(" -Faduelflush", ""), plain);
    /// ```
    pub const PASCAL_FLUSH_PLAYER: &'static str = FLUSH_PLAYER_COMMAND;
}

/// How a player is built with the unit `duelflush` loaded first (`--pascal-flush`).
const FLUSH_PLAYER_COMMAND: &str =
    "fpc -l- -v0 -O2 -Xs -Faduelflush -Fu{dir} -FU{dir} -FE{dir} -o{output} {source}";

/// The unit `duelflush`, loaded before a player's own units by
/// [`Language::PASCAL_FLUSH_PLAYER`] (fpc's `-Fa`): Free Pascal flushes `Output` after every
/// `Write` and `Writeln` only when it is a terminal; this makes it do so on a pipe too, as
/// IOI 2001's advice (`Writeln` and `Readln`, no `Flush`) assumed. Written beside every
/// Pascal player's copy, so that a command given with `--compile` may load it too.
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
begin
  { The library's own Output (what the unit writes) is flushed after every write, as the
    drivers flush theirs: RULES.md M1. }
  TextRec(Output).FlushFunc := TextRec(Output).InOutFunc;
end.
",
);

/// A player is built as the contest systems build it (the shared definition's command, with
/// nothing loaded first), with the flush unit beside it for `--pascal-flush`.
pub(super) const DEFINITION: Definition = Definition {
    player: Setup {
        files: &[FLUSH_SOURCE],
        ..Setup::PROGRAM
    },
    module: Setup {
        // The statement's unit `mis` must be in `mis.pas` for the wrapper to find it.
        copy_name: Some("mis.pas"),
        entry: Some(WRAPPER.0),
        ..Setup::module(&[WRAPPER], "the unit mis must declare it in its interface")
    },
    tools: Tools {
        paths: fpc_configuration,
        ..Tools::PLAIN
    },
    ..PLAIN
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
    fn the_player_is_built_without_the_flush_unit_and_the_flush_command_loads_it() {
        // The player's command is the shared definition's (the kits' and README's).
        let player = duel_languages::PASCAL.player.command;
        assert!(!player.contains("-Fa"), "{player}");
        assert!(FLUSH_PLAYER_COMMAND.contains(&format!(" -Fa{FLUSH_UNIT} ")));
        assert_eq!(
            FLUSH_PLAYER_COMMAND.replace(&format!(" -Fa{FLUSH_UNIT}"), ""),
            player
        );
        assert_eq!(DEFINITION.player.files, [FLUSH_SOURCE]);
        assert_eq!(FLUSH_SOURCE.0, format!("{FLUSH_UNIT}.pas"));
        assert!(FLUSH_SOURCE.1.starts_with(&format!("unit {FLUSH_UNIT};")));
        assert!(WRAPPER.1.starts_with("library duelmis;"));
    }
}
