{ Bolek in Pascal: the Wythoff pairs below B + 1 are built once, then every move is O(1). }
unit mis;

interface

procedure poczatek(p, e, peb: LongInt);
procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);

implementation

var
  m: LongInt;
  partnerOf: array of LongInt;
  lowerOf: array of LongInt;

procedure poczatek(p, e, peb: LongInt);
var
  used: array of Boolean;
  a, b, k: LongInt;
begin
  m := peb + 1;
  SetLength(partnerOf, m);
  SetLength(lowerOf, m);
  SetLength(used, m);
  for a := 0 to m - 1 do
  begin
    partnerOf[a] := -1;
    used[a] := False;
  end;
  k := 0;
  for a := 0 to m - 1 do
    if not used[a] then
    begin
      used[a] := True;
      lowerOf[k] := a;
      b := a + k;
      if b < m then
      begin
        used[b] := True;
        partnerOf[a] := b;
        partnerOf[b] := a;
      end;
      Inc(k);
    end;
end;

procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);
var
  r, s, low, high, q, takeLow, takeHigh: LongInt;
  swapped: Boolean;
begin
  r := p mod m;
  s := e mod m;
  swapped := r > s;
  if swapped then begin low := s; high := r; end else begin low := r; high := s; end;
  q := partnerOf[low];
  takeLow := 0;
  takeHigh := 0;
  if (q <> -1) and (q < high) then
    takeHigh := high - q
  else if q <> high then
  begin
    takeLow := low - lowerOf[high - low];
    takeHigh := takeLow;
  end
  else
    takeHigh := 1;
  if swapped then begin bp := takeHigh; be := takeLow; end
  else begin bp := takeLow; be := takeHigh; end;
  if (bp = 0) and (be = 0) then bp := 1;
end;

end.
