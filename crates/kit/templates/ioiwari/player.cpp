// player.cpp - your solution of the task Ioiwari: the program that plays player 1.
//
// It reads the start board (7 numbers), then, until all pits are empty, writes
// its pit on a line of its own, flushes, and reads the opponent's pit. The board
// and the banks are kept up to date with the task's rules in Play().
// This skeleton plays the first non-empty pit: legal, but it does not try to
// win. Put your strategy in Choose().
#include <iostream>

namespace {

int pit[8];   // pit[1..7]: the beads in each pit
int bank[3];  // bank[1], bank[2]: the beads in each player's bank

// Player `who` (1 or 2) plays pit `from`.
void Play(int from, int who) {
    int hand = pit[from], at = from;
    pit[from] = 0;
    for (;;) {
        at = at % 7 + 1;
        if (hand > 1) {
            if (pit[at] == 5) {
                pit[at]--;  // a full pit gives one bead to the mover's bank
                bank[who]++;
            } else {
                pit[at]++;
                hand--;
            }
        } else {
            if (pit[at] >= 1 && pit[at] <= 4) {
                bank[who] += pit[at] + 1;  // the last bead takes the pit's beads
                pit[at] = 0;
            } else {
                bank[3 - who]++;  // the last bead goes to the opponent's bank
            }
            return;
        }
    }
}

bool GameOver() {
    for (int i = 1; i <= 7; i++)
        if (pit[i] > 0) return false;
    return true;
}

// Your strategy: return a non-empty pit (1..7).
int Choose() {
    for (int i = 1; i <= 7; i++)
        if (pit[i] > 0) return i;
    return 0;
}

}  // namespace

int main() {
    for (int i = 1; i <= 7; i++)
        if (!(std::cin >> pit[i])) return 1;
    while (!GameOver()) {
        int mine = Choose();
        std::cout << mine << std::endl;  // std::endl flushes: the opponent sees the move
        Play(mine, 1);
        if (GameOver()) break;
        int theirs;
        if (!(std::cin >> theirs) || theirs < 1 || theirs > 7 || pit[theirs] == 0) return 1;
        Play(theirs, 2);
    }
    return 0;
}
