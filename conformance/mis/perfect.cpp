// Plays a winning move whenever there is one, in C++: wins every test.
#include <vector>

#include "mis.h"

namespace {
// won[p][e]: whether the player to move from p poohsticks and e eeyoresticks wins, solved by
// brute force from the rules for the pool of the test (the corpus's are small).
std::vector<std::vector<bool>> won;
int bound;

bool winning_move(int p, int e, int *bp, int *be) {
    for (int k = 1; k <= bound; k++) {
        const int moves[3][2] = {{k, 0}, {0, k}, {k, k}};
        for (const auto &m : moves)
            if (m[0] <= p && m[1] <= e && !won[p - m[0]][e - m[1]]) {
                *bp = m[0];
                *be = m[1];
                return true;
            }
    }
    return false;
}
}  // namespace

void poczatek(int p, int e, int peb) {
    int bp, be;
    bound = peb;
    won.assign(p + 1, std::vector<bool>(e + 1));
    for (int i = 0; i <= p; i++)
        for (int j = 0; j <= e; j++) won[i][j] = winning_move(i, j, &bp, &be);
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    if (!winning_move(p, e, bp, be)) {
        *bp = p > 0;
        *be = p == 0;
    }
}
