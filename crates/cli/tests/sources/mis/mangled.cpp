// A C++ module without extern "C": its functions get mangled names, so the judge cannot find
// poczatek and ruch_bolka.
void poczatek(int p, int e, int peb) { (void)p; (void)e; (void)peb; }
void ruch_bolka(int p, int e, int *bp, int *be) { (void)e; *bp = p > 0; *be = p > 0 ? 0 : 1; }
