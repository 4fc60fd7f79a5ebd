//! Files the judge writes into a build directory next to the submission's copy.

/// The task's C interface, so that a C or C++ module that includes `"mis.h"` builds (and gets
/// C linkage in C++).
pub(crate) const MIS_H: &str = "\
/* mis.h: the Pooh-Eeyore-sticks module interface, as the judge builds it. */
#ifndef MIS_H
#define MIS_H
#ifdef __cplusplus
extern \"C\" {
#endif
void poczatek(int p, int e, int peb);
void ruch_bolka(int p, int e, int *bp, int *be);
#ifdef __cplusplus
}
#endif
#endif
";

/// The Pascal unit a Pascal module is saved as (the statement's `mis.pas`).
pub(crate) const PASCAL_UNIT_FILE: &str = "mis.pas";

/// The library wrapped around a Pascal unit `mis`: it exports the unit's procedures under the
/// task's C names with the C calling convention (the `var` parameters become pointers).
pub(crate) const PASCAL_WRAPPER_FILE: &str = "duelmis.pas";

/// The source of [`PASCAL_WRAPPER_FILE`].
pub(crate) const PASCAL_WRAPPER: &str = "\
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
";

/// The unit loaded before a Pascal player's own units (fpc's `-Fa`).
pub(crate) const PASCAL_FLUSH_UNIT: &str = "duelflush";

/// The source of [`PASCAL_FLUSH_UNIT`]: Free Pascal flushes `Output` after every `Write` and
/// `Writeln` only when it is a terminal; this makes it do so on a pipe too, as the statement's
/// advice (`Writeln` and `Readln`, no `Flush`) assumes.
pub(crate) const PASCAL_FLUSH_SOURCE: &str = "\
unit duelflush;
{ Loaded first by the judge: Output is flushed after every Write and Writeln, even on a pipe. }
interface
implementation
initialization
  TextRec(Output).FlushFunc := TextRec(Output).InOutFunc;
end.
";

/// Python has nothing to build: this checks the syntax without writing anything.
pub(crate) const PYTHON_CHECK: &str =
    "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')";
