/* A wrong Bolek module in C: one poohstick if any, else one eeyorestick. */
#include "mis.h"

void poczatek(int p, int e, int peb) { (void)p; (void)e; (void)peb; }

void ruch_bolka(int p, int e, int *bp, int *be) {
    (void)e;
    *bp = p > 0;
    *be = p > 0 ? 0 : 1;
}
