{ A correct Bolek module in Pascal: the statement's unit mis with poczatek and ruch_bolka.
  With m = B + 1, the position (p, e) is lost for the side to move exactly when
  (p mod m, e mod m) is a Wythoff pair (floor(k*phi), floor(k*phi) + k), in either order. }
unit mis;

interface

procedure poczatek(p, e, peb: LongInt);
procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);

implementation

var
  bound: QWord;

function isqrt(n: QWord): QWord;
var lo, hi, mid: QWord;
begin
  lo := 0; hi := 3037000499;
  while lo < hi do
  begin
    mid := (lo + hi + 1) div 2;
    if mid * mid <= n then lo := mid else hi := mid - 1;
  end;
  isqrt := lo;
end;

function lower(k: QWord): QWord;
begin
  lower := (k + isqrt(5 * k * k)) div 2;
end;

function partner(n: QWord): QWord;
var guess, k, first: QWord;
begin
  partner := n;
  if n = 0 then begin partner := 0; exit; end;
  guess := n * 618034 div 1000000;
  if guess > 3 then first := guess - 3 else first := 1;
  for k := first to guess + 3 do
    if lower(k) = n then begin partner := n + k; exit; end;
  guess := n * 381966 div 1000000;
  if guess > 3 then first := guess - 3 else first := 1;
  for k := first to guess + 3 do
    if lower(k) + k = n then begin partner := lower(k); exit; end;
end;

function losing(p, e: QWord): Boolean;
var m: QWord;
begin
  m := bound + 1;
  losing := partner(p mod m) = e mod m;
end;

procedure winningMove(p, e: QWord; var tp, te: QWord);
var m, a, b, t, k, d: QWord; cand: array[0..1] of QWord; n, i: LongInt;
begin
  m := bound + 1; a := p mod m; b := e mod m;
  t := partner(b);
  if t < m then
  begin
    k := (a + m - t) mod m;
    if (k >= 1) and (k <= p) and losing(p - k, e) then begin tp := k; te := 0; exit; end;
  end;
  t := partner(a);
  if t < m then
  begin
    k := (b + m - t) mod m;
    if (k >= 1) and (k <= e) and losing(p, e - k) then begin tp := 0; te := k; exit; end;
  end;
  d := (a + m - b) mod m;
  n := 0;
  if d = 0 then begin cand[0] := 0; n := 1; end
  else
  begin
    if lower(d) + d < m then begin cand[n] := lower(d) + d; Inc(n); end;
    if lower(m - d) + (m - d) < m then begin cand[n] := lower(m - d); Inc(n); end;
  end;
  for i := 0 to n - 1 do
  begin
    k := (a + m - cand[i]) mod m;
    if (k >= 1) and (k <= p) and (k <= e) and losing(p - k, e - k) then
    begin tp := k; te := k; exit; end;
  end;
  if p > 0 then begin tp := 1; te := 0; end else begin tp := 0; te := 1; end;
end;

procedure poczatek(p, e, peb: LongInt);
begin
  bound := peb;
end;

procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);
var tp, te: QWord;
begin
  winningMove(p, e, tp, te);
  bp := tp;
  be := te;
end;

end.
