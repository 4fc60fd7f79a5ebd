/* Dereferences a null pointer on its first move: a run-time error on every test. */
#include <stddef.h>

#include "mis.h"

static int *volatile nowhere = NULL;

void poczatek(int p, int e, int peb) {
    (void)p;
    (void)e;
    (void)peb;
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    *bp = *nowhere + p * 0;
    *be = e * 0;
}
