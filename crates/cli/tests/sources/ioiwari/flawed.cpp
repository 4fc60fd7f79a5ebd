// A flawed Ioiwari player 1 in C++: always the lowest-numbered non-empty pit.
#include <array>
#include <iostream>

using Board = std::array<int, 7>;

static void sow(Board &p, int from) {
    int hand = p[from], pit = from;
    p[from] = 0;
    while (hand > 0) {
        pit = (pit + 1) % 7;
        if (hand > 1) {
            if (p[pit] == 5) p[pit]--;
            else { p[pit]++; hand--; }
        } else {
            if (p[pit] >= 1 && p[pit] <= 4) p[pit] = 0;
            hand = 0;
        }
    }
}

static int first_full(const Board &p) {
    for (int i = 0; i < 7; i++) if (p[i]) return i;
    return -1;
}

int main() {
    Board p;
    for (int &x : p) if (!(std::cin >> x)) return 1;
    for (;;) {
        int mine = first_full(p);
        if (mine < 0) break;
        std::cout << mine + 1 << std::endl;
        sow(p, mine);
        if (first_full(p) < 0) break;
        int theirs;
        if (!(std::cin >> theirs)) return 1;
        sow(p, theirs - 1);
    }
    return 0;
}
