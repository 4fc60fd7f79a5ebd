{ Ioiwari player 1: memoised search over every board it reaches, playing a best pit. }
program perfect;

type
  TBoard = array[1..7] of LongInt;

var
  memo: array[0..279935] of ShortInt;
  known: array[0..279935] of Boolean;
  board: TBoard;
  i, one, two, reply, choice, best: LongInt;

procedure Sow(var pits: TBoard; pit: LongInt; var mover, opponent: LongInt);
var
  at, hand: LongInt;
begin
  at := pit;
  hand := pits[pit];
  pits[pit] := 0;
  while True do
  begin
    at := at mod 7 + 1;
    if hand > 1 then
    begin
      if pits[at] = 5 then
      begin
        Dec(pits[at]);
        Inc(mover);
      end
      else
      begin
        Inc(pits[at]);
        Dec(hand);
      end;
    end
    else
    begin
      if (pits[at] >= 1) and (pits[at] <= 4) then
      begin
        mover := mover + pits[at] + 1;
        pits[at] := 0;
      end
      else
        Inc(opponent);
      Exit;
    end;
  end;
end;

function Index(const pits: TBoard): LongInt;
var
  j, k: LongInt;
begin
  k := 0;
  for j := 7 downto 1 do
    k := k * 6 + pits[j];
  Index := k;
end;

function Value(const pits: TBoard): LongInt; forward;

function MoveValue(const pits: TBoard; pit: LongInt): LongInt;
var
  next: TBoard;
  mover, opponent: LongInt;
begin
  next := pits;
  mover := 0;
  opponent := 0;
  Sow(next, pit, mover, opponent);
  MoveValue := mover - opponent - Value(next);
end;

function Value(const pits: TBoard): LongInt;
var
  k, pit, v, top: LongInt;
begin
  k := Index(pits);
  if k = 0 then
    Exit(0);
  if known[k] then
    Exit(memo[k]);
  top := -100;
  for pit := 1 to 7 do
    if pits[pit] > 0 then
    begin
      v := MoveValue(pits, pit);
      if v > top then
        top := v;
    end;
  known[k] := True;
  memo[k] := top;
  Value := top;
end;

begin
  for i := 1 to 7 do
    Read(board[i]);
  one := 0;
  two := 0;
  while Index(board) <> 0 do
  begin
    best := Value(board);
    choice := 0;
    for i := 7 downto 1 do
      if (board[i] > 0) and (MoveValue(board, i) = best) then
        choice := i;
    WriteLn(choice);
    Flush(Output);
    Sow(board, choice, one, two);
    if Index(board) = 0 then
      Break;
    Read(reply);
    Sow(board, reply, two, one);
  end;
end.
