// mis.cpp - your solution of the task MIS: the module that plays Bolek.
//
// This skeleton only takes one stick each turn: a legal move, but it does not
// try to win. Replace the bodies below with your strategy. The module may not
// open files nor use standard input or output. Keep the #include "mis.h": it
// gives the two functions the C linkage graj.cpp and the judge look for.
#include "mis.h"

void poczatek(int p, int e, int peb) {
    // Your code: remember what you need about the game (peb is the PE-bound).
    (void)p;
    (void)e;
    (void)peb;
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    // Your code: choose Bolek's move in the pool (p, e).
    (void)e;
    if (p > 0) {
        *bp = 1;
        *be = 0;
    } else {
        *bp = 0;
        *be = 1;
    }
}
