{ graj.pas - plays one game of Pooh-Eeyore-sticks against the MIS module.

  Lolek plays the kit's simple strategy (one poohstick if any, else one
  eeyorestick); Bolek's moves come from poczatek / ruch_bolka and are checked.

  The module is libmis (crate duel-mis-ffi), linked through the C ABI of mis.h.
  Build, with libmis.a in directory LIB:
    fpc -FlLIB graj.pas
  (the linklib directives below bring in what a Rust static library needs).

  Usage: graj P E B     (or the three numbers on standard input)
  Prints the result; exit code 0 iff Bolek wins, 1 if he loses or moves
  illegally, 2 on bad input. }
program graj;

{$mode objfpc}
{$linklib mis}
{$linklib gcc_s}
{$linklib util}
{$linklib rt}
{$linklib pthread}
{$linklib m}
{$linklib dl}
{$linklib c}

uses SysUtils;

const
  MaxPile = 10000000;
  MaxBound = 1000000;

{ The module's procedures, as in the task: var parameters are C's int pointers. }
procedure poczatek(p, e, peb: LongInt); cdecl; external name 'poczatek';
procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt); cdecl; external name 'ruch_bolka';

{ Why Bolek's move (bp, be) is illegal in pool (p, e) with bound b, or ''. }
function IllegalMove(p, e, b, bp, be: LongInt): string;
begin
  if (bp < 0) or (be < 0) then IllegalMove := 'a negative number of sticks'
  else if (bp = 0) and (be = 0) then IllegalMove := 'nothing taken'
  else if (bp <> 0) and (be <> 0) and (bp <> be) then
    IllegalMove := 'unequal nonzero amounts of both kinds'
  else if (bp > b) or (be > b) then IllegalMove := 'more than the PE-bound of one kind'
  else if (bp > p) or (be > e) then IllegalMove := 'more than the pool holds'
  else IllegalMove := '';
end;

function InRange(value, low, high: LongInt): Boolean;
begin
  InRange := (value >= low) and (value <= high);
end;

var
  p, e, b, bp, be: LongInt;
  moves: Int64;
  why: string;
  ok: Boolean;
begin
  p := 0; e := 0; b := 0;
  if ParamCount = 3 then
    ok := TryStrToInt(ParamStr(1), p) and TryStrToInt(ParamStr(2), e)
          and TryStrToInt(ParamStr(3), b)
  else if ParamCount = 0 then
  begin
    {$I-} Read(p, e, b); {$I+}
    ok := IOResult = 0;
  end
  else
    ok := False;
  if not ok or not InRange(p, 1, MaxPile) or not InRange(e, 1, MaxPile)
     or not InRange(b, 1, MaxBound) then
  begin
    WriteLn(StdErr, 'usage: graj P E B   (1 <= P, E <= ', MaxPile, ', 1 <= B <= ', MaxBound, ')');
    Halt(2);
  end;

  poczatek(p, e, b);
  moves := 0;
  while True do
  begin
    bp := -1; be := -1;
    ruch_bolka(p, e, bp, be);
    why := IllegalMove(p, e, b, bp, be);
    if why <> '' then
    begin
      WriteLn('illegal move by Bolek: ', bp, ' ', be, ' from ', p, ' ', e, ': ', why);
      Halt(1);
    end;
    p := p - bp;
    e := e - be;
    Inc(moves);
    if (p = 0) and (e = 0) then
    begin
      WriteLn('Bolek wins after ', moves, ' moves');
      Halt(0);
    end;
    if p > 0 then Dec(p) else Dec(e); { Lolek }
    Inc(moves);
    if (p = 0) and (e = 0) then
    begin
      WriteLn('Lolek wins after ', moves, ' moves');
      Halt(1);
    end;
  end;
end.
