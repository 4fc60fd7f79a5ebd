// A perfect Ioiwari player 1 in C++: negamax over bank differences, memoised over the 6^7 boards.
#include <array>
#include <iostream>
#include <vector>

using Board = std::array<int, 7>;

// Sows pit `from` (0..6); returns the mover's gain minus the opponent's gain.
static int sow(Board &p, int from) {
    int hand = p[from], pit = from, mine = 0, theirs = 0;
    p[from] = 0;
    while (hand > 0) {
        pit = (pit + 1) % 7;
        if (hand > 1) {
            if (p[pit] == 5) { p[pit]--; mine++; }
            else { p[pit]++; hand--; }
        } else {
            if (p[pit] >= 1 && p[pit] <= 4) { mine += p[pit] + 1; p[pit] = 0; }
            else theirs++;
            hand = 0;
        }
    }
    return mine - theirs;
}

static bool empty(const Board &p) {
    for (int x : p) if (x) return false;
    return true;
}

static std::vector<signed char> memo(279936, -128);

static int value(const Board &p) {
    if (empty(p)) return 0;
    int index = 0;
    for (int i = 6; i >= 0; i--) index = index * 6 + p[i];
    if (memo[index] != -128) return memo[index];
    int best = -100;
    for (int i = 0; i < 7; i++) {
        if (!p[i]) continue;
        Board q = p;
        int v = sow(q, i) - value(q);
        if (v > best) best = v;
    }
    memo[index] = static_cast<signed char>(best);
    return best;
}

int main() {
    Board p;
    for (int &x : p) if (!(std::cin >> x)) return 1;
    while (!empty(p)) {
        int best = -100, mine = -1;
        for (int i = 0; i < 7; i++) {
            if (!p[i]) continue;
            Board q = p;
            int v = sow(q, i) - value(q);
            if (v > best) { best = v; mine = i; }
        }
        std::cout << mine + 1 << std::endl;
        sow(p, mine);
        if (empty(p)) break;
        int theirs;
        if (!(std::cin >> theirs)) return 1;
        sow(p, theirs - 1);
    }
    return 0;
}
