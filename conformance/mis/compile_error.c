/* Does not compile: ruch_bolka uses a name it never declares. */
#include "mis.h"

void poczatek(int p, int e, int peb) {
    (void)p;
    (void)e;
    (void)peb;
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    *bp = p;
    *be = e + undeclared;
}
