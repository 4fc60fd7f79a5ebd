{ mis.pas - your solution of the task MIS: the unit that plays Bolek.

  This skeleton only takes one stick each turn: a legal move, but it does not
  try to win. Replace the bodies below with your strategy. The unit may not
  open files nor use standard input or output. }
unit mis;

interface

procedure poczatek(p, e, peb : LongInt);
procedure ruch_bolka(p, e : LongInt; var bp, be : LongInt);

implementation

procedure poczatek(p, e, peb : LongInt);
begin
  { Your code: remember what you need about the game (peb is the PE-bound). }
end;

procedure ruch_bolka(p, e : LongInt; var bp, be : LongInt);
begin
  { Your code: choose Bolek's move in the pool (p, e). }
  if p > 0 then
  begin
    bp := 1;
    be := 0;
  end
  else
  begin
    bp := 0;
    be := 1;
  end;
end;

end.
