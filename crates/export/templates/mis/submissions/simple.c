/* The kit's simple strategy played by Bolek: one poohstick if any, else one eeyorestick.
 * The adversarial Lolek punishes it on almost every test. */
#include "mis.h"

void poczatek(int p, int e, int peb) {
    (void)p;
    (void)e;
    (void)peb;
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    (void)e;
    *bp = p > 0 ? 1 : 0;
    *be = p > 0 ? 0 : 1;
}
