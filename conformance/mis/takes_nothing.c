/* Takes nothing: an illegal move. */
#include "mis.h"

void poczatek(int p, int e, int peb) {
    (void)p;
    (void)e;
    (void)peb;
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    (void)p;
    (void)e;
    *bp = 0;
    *be = 0;
}
