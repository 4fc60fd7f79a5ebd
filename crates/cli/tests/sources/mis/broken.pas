{ Does not compile: ruch_bolka is declared but never written. }
unit mis;

interface

procedure poczatek(p, e, peb: LongInt);
procedure ruch_bolka(p, e: LongInt; var bp, be: LongInt);

implementation

procedure poczatek(p, e, peb: LongInt);
begin
end;

end.
