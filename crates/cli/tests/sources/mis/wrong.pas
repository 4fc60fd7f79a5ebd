{ A wrong Bolek module in Pascal (the unit mis): one poohstick if any, else one eeyorestick. }
unit mis;

interface

procedure poczatek(p, e, peb: LongInt);
procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);

implementation

procedure poczatek(p, e, peb: LongInt);
begin
end;

procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);
begin
  if p > 0 then begin bp := 1; be := 0; end
  else begin bp := 0; be := 1; end;
end;

end.
