{ A perfect Ioiwari player 1 in Pascal, following the statement: Writeln, then Flush(Output). }
program perfect;
type
  TBoard = array[0..6] of LongInt;
var
  memo: array[0..279935] of ShortInt;
  known: array[0..279935] of Boolean;
  board: TBoard;
  i, mine, theirs: LongInt;

{ Sows pit `from` (0..6); returns the mover's gain minus the opponent's gain. }
function sow(var p: TBoard; from: LongInt): LongInt;
var hand, pit, mine, theirs: LongInt;
begin
  hand := p[from]; pit := from; mine := 0; theirs := 0;
  p[from] := 0;
  while hand > 0 do
  begin
    pit := (pit + 1) mod 7;
    if hand > 1 then
    begin
      if p[pit] = 5 then begin Dec(p[pit]); Inc(mine); end
      else begin Inc(p[pit]); Dec(hand); end;
    end
    else
    begin
      if (p[pit] >= 1) and (p[pit] <= 4) then begin mine := mine + p[pit] + 1; p[pit] := 0; end
      else Inc(theirs);
      hand := 0;
    end;
  end;
  sow := mine - theirs;
end;

function isEmpty(const p: TBoard): Boolean;
var i: LongInt;
begin
  isEmpty := True;
  for i := 0 to 6 do if p[i] <> 0 then isEmpty := False;
end;

function value(const p: TBoard): LongInt;
var i, index, best, v: LongInt; q: TBoard;
begin
  if isEmpty(p) then begin value := 0; exit; end;
  index := 0;
  for i := 6 downto 0 do index := index * 6 + p[i];
  if known[index] then begin value := memo[index]; exit; end;
  best := -100;
  for i := 0 to 6 do
    if p[i] <> 0 then
    begin
      q := p;
      v := sow(q, i);
      v := v - value(q);
      if v > best then best := v;
    end;
  known[index] := True;
  memo[index] := best;
  value := best;
end;

function choose(const p: TBoard): LongInt;
var i, best, v: LongInt; q: TBoard;
begin
  best := -100; choose := -1;
  for i := 0 to 6 do
    if p[i] <> 0 then
    begin
      q := p;
      v := sow(q, i);
      v := v - value(q);
      if v > best then begin best := v; choose := i; end;
    end;
end;

begin
  for i := 0 to 6 do Read(board[i]);
  Readln;
  while not isEmpty(board) do
  begin
    mine := choose(board);
    Writeln(mine + 1);
    Flush(Output);
    sow(board, mine);
    if isEmpty(board) then break;
    Readln(theirs);
    sow(board, theirs - 1);
  end;
end.
