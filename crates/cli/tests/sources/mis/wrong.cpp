// A wrong Bolek module in C++ (extern "C" written out): takes as many poohsticks as allowed,
// else eeyoresticks, never both.
static int bound;

extern "C" void poczatek(int p, int e, int peb) {
    (void)p;
    (void)e;
    bound = peb;
}

extern "C" void ruch_bolka(int p, int e, int *bp, int *be) {
    if (p > 0) {
        *bp = p < bound ? p : bound;
        *be = 0;
    } else {
        *bp = 0;
        *be = e < bound ? e : bound;
    }
}
