/* Takes one poohstick while there are any, else one eeyorestick: from the corpus's tests this
   leaves Lolek a winning position at once (lines.py checks it), so it loses every test. */
#include "mis.h"

void poczatek(int p, int e, int peb) {
    (void)p;
    (void)e;
    (void)peb;
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    (void)e;
    *bp = p > 0;
    *be = p == 0;
}
