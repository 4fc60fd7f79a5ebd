{ graj.pas - plays one game of Pooh-Eeyore-sticks against the unit mis.

  Bolek's moves come from poczatek / ruch_bolka and every one is checked;
  Lolek plays the kit's simple strategy: one poohstick if any, else one
  eeyorestick. Build it next to the module mis.pas, for example a contestant's:
      fpc -O2 -ograj graj.pas

  Usage: graj [-q] P E B     (or the three numbers on standard input)
  Prints every move (only the result with -q or --quiet) and the result line:
      result: win after N moves
      result: loss after N moves: Lolek took the last stick
      result: illegal_move after N moves: move K: Bolek takes ...: REASON
  Exit status: 0 Bolek won, 1 Bolek lost, 3 Bolek moved illegally,
  2 bad input or usage.

  The module is called, never run (duel's rules of play, RULES.md M1 to M4): graj prints
  the game on standard output through a file of its own, and before the first call makes
  the module's Output write to standard error (flushed after every write) and its Input read
  nothing; the unit's names never clash with the program's; a module that ends the process
  before the game is over (Halt) ends the game, as early_exit (exit code 0) or
  runtime_error, with exit status 3. }
program graj;

{$mode objfpc}

uses SysUtils, mis;

const
  MaxPile = 10000000;
  MaxBound = 1000000;

{ '1 poohstick', '2 poohsticks'. }
function Count(n: LongInt; const one: string): string;
begin
  Count := IntToStr(n) + ' ' + one;
  if n <> 1 then Count := Count + 's';
end;

{ Why Bolek's move (bp, be) is illegal in pool (p, e) with bound b, or ''. }
function IllegalMove(p, e, b, bp, be: LongInt): string;
begin
  if (bp < 0) or (be < 0) then IllegalMove := 'a negative number of sticks'
  else if (bp = 0) and (be = 0) then IllegalMove := 'the move takes no stick'
  else if (bp <> 0) and (be <> 0) and (bp <> be) then
    IllegalMove := 'the move takes ' + Count(bp, 'poohstick') + ' and '
      + Count(be, 'eeyorestick') + ': both kinds must be taken in equal numbers'
  else if bp > b then
    IllegalMove := 'the move takes ' + Count(bp, 'poohstick') + ', over the PE-bound '
      + IntToStr(b)
  else if be > b then
    IllegalMove := 'the move takes ' + Count(be, 'eeyorestick') + ', over the PE-bound '
      + IntToStr(b)
  else if bp > p then
    IllegalMove := 'the move takes ' + Count(bp, 'poohstick') + ' but the pool holds only '
      + IntToStr(p)
  else if be > e then
    IllegalMove := 'the move takes ' + Count(be, 'eeyorestick') + ' but the pool holds only '
      + IntToStr(e)
  else IllegalMove := '';
end;

function InRange(value, low, high: LongInt): Boolean;
begin
  InRange := (value >= low) and (value <= high);
end;

var
  { The game's stream: a copy of standard output. }
  game: Text;
  { The moves made, and whether the game is over, for the exit procedure. }
  moves: LongInt = 0;
  over: Boolean = False;

procedure PrintMove(number: LongInt; const who: string; tp, te, p, e: LongInt);
begin
  WriteLn(game, number, '. ', who, ' takes p=', tp, ' e=', te, ', leaving p=', p, ' e=', e);
end;

{ Input's reader once graj has read the numbers: nothing, the end at once. }
procedure ReadNothing(var t: TextRec);
begin
  t.BufPos := 0;
  t.BufEnd := 0;
end;

{ game becomes standard output; the module's Output writes to standard error, flushed after
  every write, and its Input reads nothing (what it held beyond the numbers is dropped). }
procedure SetApart;
begin
  Assign(game, '');
  Rewrite(game);
  Flush(Output);
  TextRec(Output).Handle := StdErrorHandle;
  TextRec(Output).FlushFunc := TextRec(Output).InOutFunc;
  TextRec(Input).BufPos := TextRec(Input).BufEnd;
  TextRec(Input).InOutFunc := @ReadNothing;
end;

{ The module ended the process (Halt, or a run-time error) before the game was over. }
procedure ModuleEnded;
begin
  if over then
    Exit;
  if ExitCode = 0 then
    WriteLn(game, 'result: early_exit after ', Count(moves, 'move'), ': move ', moves + 1,
      ': exited with status 0 before the game was over')
  else
    WriteLn(game, 'result: runtime_error after ', Count(moves, 'move'), ': move ', moves + 1,
      ': exited with status ', ExitCode);
  Flush(game);
  ErrorAddr := nil;
  ExitCode := 3;
end;

{ Ends graj with status, the game printed. }
procedure Finish(status: LongInt);
begin
  over := True;
  Flush(game);
  Halt(status);
end;

var
  p, e, b, bp, be, lp, le, first: LongInt;
  why: string;
  ok, quiet: Boolean;
begin
  p := 0; e := 0; b := 0;
  first := 1;
  quiet := (ParamCount >= 1) and ((ParamStr(1) = '-q') or (ParamStr(1) = '--quiet'));
  if quiet then first := 2;
  if ParamCount - first + 1 = 3 then
    ok := TryStrToInt(ParamStr(first), p) and TryStrToInt(ParamStr(first + 1), e)
          and TryStrToInt(ParamStr(first + 2), b)
  else if ParamCount - first + 1 = 0 then
  begin
    {$I-} Read(p, e, b); {$I+}
    ok := IOResult = 0;
  end
  else
    ok := False;
  if not ok or not InRange(p, 1, MaxPile) or not InRange(e, 1, MaxPile)
     or not InRange(b, 1, MaxBound) then
  begin
    WriteLn(StdErr, 'graj: usage: graj [-q] P E B (or P E B on standard input), with 1 <= P, E <= ',
      MaxPile, ' and 1 <= B <= ', MaxBound);
    Halt(2);
  end;

  SetApart;
  AddExitProc(@ModuleEnded);
  if not quiet then WriteLn(game, 'start: p=', p, ' e=', e, ' B=', b);
  poczatek(p, e, b);
  moves := 0;
  while True do
  begin
    bp := -1; be := -1;
    ruch_bolka(p, e, bp, be);
    why := IllegalMove(p, e, b, bp, be);
    if why <> '' then
    begin
      WriteLn(game, 'result: illegal_move after ', Count(moves, 'move'), ': move ', moves + 1,
        ': Bolek takes p=', bp, ' e=', be, ' at p=', p, ' e=', e, ': ', why);
      Finish(3);
    end;
    p := p - bp;
    e := e - be;
    Inc(moves);
    if not quiet then PrintMove(moves, 'Bolek', bp, be, p, e);
    if (p = 0) and (e = 0) then
    begin
      WriteLn(game, 'result: win after ', Count(moves, 'move'));
      Finish(0);
    end;
    { Lolek: one poohstick if any, else one eeyorestick. }
    if p > 0 then lp := 1 else lp := 0;
    le := 1 - lp;
    p := p - lp;
    e := e - le;
    Inc(moves);
    if not quiet then PrintMove(moves, 'Lolek', lp, le, p, e);
    if (p = 0) and (e = 0) then
    begin
      WriteLn(game, 'result: loss after ', Count(moves, 'move'), ': Lolek took the last stick');
      Finish(1);
    end;
  end;
end.
