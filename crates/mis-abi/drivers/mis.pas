{ mis.pas - the unit graj.pas uses, bound to the project's libmis (crate
  duel-mis-ffi) through the C ABI of mis.h: the perfect Bolek.

  Build graj.pas with it, with libmis.a in directory LIB:
      fpc -O2 -FlLIB graj.pas
  (the linklib directives below bring in what a Rust static library needs).
  A contestant's mis.pas is a unit with the same two procedures. }
unit mis;

interface

{$linklib mis}
{$linklib gcc_s}
{$linklib util}
{$linklib rt}
{$linklib pthread}
{$linklib m}
{$linklib dl}
{$linklib c}

{ The task's procedures: var parameters are C's int pointers. }
procedure poczatek(p, e, peb: LongInt); cdecl; external name 'poczatek';
procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt); cdecl; external name 'ruch_bolka';

implementation

end.
