/* Takes one poohstick more than the PE-bound allows: an illegal move. */
#include "mis.h"

static int bound;

void poczatek(int p, int e, int peb) {
    (void)p;
    (void)e;
    bound = peb;
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    (void)p;
    (void)e;
    *bp = bound + 1;
    *be = 0;
}
