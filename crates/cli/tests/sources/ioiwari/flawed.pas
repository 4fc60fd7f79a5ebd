{ A flawed Ioiwari player 1 in Pascal (Writeln, then Flush(Output)): always the lowest-numbered
  non-empty pit. }
program flawed;
type
  TBoard = array[0..6] of LongInt;
var
  board: TBoard;
  i, mine, theirs: LongInt;

procedure sow(var p: TBoard; from: LongInt);
var hand, pit: LongInt;
begin
  hand := p[from]; pit := from;
  p[from] := 0;
  while hand > 0 do
  begin
    pit := (pit + 1) mod 7;
    if hand > 1 then
    begin
      if p[pit] = 5 then Dec(p[pit])
      else begin Inc(p[pit]); Dec(hand); end;
    end
    else
    begin
      if (p[pit] >= 1) and (p[pit] <= 4) then p[pit] := 0;
      hand := 0;
    end;
  end;
end;

function firstFull(const p: TBoard): LongInt;
var i: LongInt;
begin
  firstFull := -1;
  for i := 6 downto 0 do if p[i] <> 0 then firstFull := i;
end;

begin
  for i := 0 to 6 do Read(board[i]);
  Readln;
  while True do
  begin
    mine := firstFull(board);
    if mine < 0 then break;
    Writeln(mine + 1);
    Flush(Output);
    sow(board, mine);
    if firstFull(board) < 0 then break;
    Readln(theirs);
    sow(board, theirs - 1);
  end;
end.
