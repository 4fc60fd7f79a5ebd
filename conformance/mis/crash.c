/* Dereferences a null pointer in its first move: a crash. */
#include "mis.h"

/* won[p][e]: whether the player to move from p poohsticks and e eeyoresticks wins, for pools
   up to 63 of each (the corpus's tests), solved by brute force from the rules. */
static char won[64][64];
static int bound;

/* Finds a move from (p, e) to a lost position, if there is one. */
static int winning_move(int p, int e, int *bp, int *be) {
    for (int k = 1; k <= bound; k++) {
        int moves[3][2] = {{k, 0}, {0, k}, {k, k}};
        for (int m = 0; m < 3; m++)
            if (moves[m][0] <= p && moves[m][1] <= e && !won[p - moves[m][0]][e - moves[m][1]]) {
                *bp = moves[m][0];
                *be = moves[m][1];
                return 1;
            }
    }
    return 0;
}

void poczatek(int p, int e, int peb) {
    int bp, be;
    bound = peb;
    for (int i = 0; i <= p && i < 64; i++)
        for (int j = 0; j <= e && j < 64; j++) won[i][j] = (char)winning_move(i, j, &bp, &be);
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    volatile int *nowhere = 0;
    *nowhere = 1;
    if (p >= 64 || e >= 64 || !winning_move(p, e, bp, be)) {
        *bp = p > 0;
        *be = p == 0;
    }
}
