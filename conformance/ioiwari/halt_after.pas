{ Plays the game it wins, then ends with Halt(2): an exit status other than 0 after the game. }
program halt_after;

const
  { The game from each of the corpus's boards, as lines.py derives it from the rules: the
    board's pits, then both players' pits in turn, this player's first. }
  Games: array[1..3] of string = ('4442222 1645253456', '3433322 15243476137', '3423332 245167214');

var
  board, moves: string;
  i, beads, reply: LongInt;

begin
  board := '';
  for i := 1 to 7 do
  begin
    Read(beads);
    board := board + Chr(Ord('0') + beads);
  end;
  moves := '';
  for i := 1 to 3 do
    if Copy(Games[i], 1, 7) = board then
      moves := Copy(Games[i], 9, 255);
  for i := 1 to Length(moves) do
    if Odd(i) then
    begin
      Writeln(moves[i]);
      Flush(Output);
    end
    else
      Read(reply); { player 2's move }
  Halt(2);
end.
