{ player.pas - your solution of the task Ioiwari: the program that plays player 1.

  It reads the start board (7 numbers), then, until all pits are empty, writes
  its pit with Writeln, flushes, and reads the opponent's pit with Readln. The
  board and the banks are kept up to date with the task's rules in Play.
  This skeleton plays the first non-empty pit: legal, but it does not try to
  win. Put your strategy in Choose. }
program player;

var
  pit: array[1..7] of LongInt;  { the beads in each pit }
  bank: array[1..2] of LongInt; { the beads in each player's bank }
  i, mine, theirs: LongInt;

{ Player who (1 or 2) plays pit from. }
procedure Play(from, who: LongInt);
var
  hand, at: LongInt;
begin
  hand := pit[from];
  pit[from] := 0;
  at := from;
  while True do
  begin
    at := at mod 7 + 1;
    if hand > 1 then
    begin
      if pit[at] = 5 then
      begin
        Dec(pit[at]); { a full pit gives one bead to the mover's bank }
        Inc(bank[who]);
      end
      else
      begin
        Inc(pit[at]);
        Dec(hand);
      end;
    end
    else
    begin
      if (pit[at] >= 1) and (pit[at] <= 4) then
      begin
        bank[who] := bank[who] + pit[at] + 1; { the last bead takes the pit's beads }
        pit[at] := 0;
      end
      else
        Inc(bank[3 - who]); { the last bead goes to the opponent's bank }
      Exit;
    end;
  end;
end;

function GameOver: Boolean;
var
  j: LongInt;
begin
  GameOver := True;
  for j := 1 to 7 do
    if pit[j] > 0 then GameOver := False;
end;

{ Your strategy: return a non-empty pit (1..7). }
function Choose: LongInt;
var
  j: LongInt;
begin
  Choose := 0;
  for j := 7 downto 1 do
    if pit[j] > 0 then Choose := j;
end;

begin
  bank[1] := 0;
  bank[2] := 0;
  for i := 1 to 7 do Read(pit[i]);
  ReadLn;
  while not GameOver do
  begin
    mine := Choose;
    Writeln(mine);
    Flush(Output); { Free Pascal does not flush a pipe by itself: the opponent would wait }
    Play(mine, 1);
    if GameOver then Break;
    {$I-} ReadLn(theirs); {$I+}
    if (IOResult <> 0) or (theirs < 1) or (theirs > 7) then Halt(1);
    if pit[theirs] = 0 then Halt(1);
    Play(theirs, 2);
  end;
end.
