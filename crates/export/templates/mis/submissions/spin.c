/* Thinks forever on its first move: over the time limit on every test. */
#include "mis.h"

void poczatek(int p, int e, int peb) {
    (void)p;
    (void)e;
    (void)peb;
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    volatile unsigned long spins = 0;
    for (;;) spins++;
    *bp = p;
    *be = e;
}
