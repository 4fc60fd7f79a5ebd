// graj.cpp - plays one game of Pooh-Eeyore-sticks against the module in mis.h.
//
// Lolek plays the kit's simple strategy (one poohstick if any, else one
// eeyorestick); Bolek's moves come from poczatek / ruch_bolka and are checked.
//
// Usage: graj P E B     (or the three numbers on standard input)
// Prints the result; exit code 0 iff Bolek wins, 1 if he loses or moves
// illegally, 2 on bad input.
#include <iostream>
#include <sstream>
#include <string>

#include "mis.h"

namespace {

const long kMaxPile = 10000000;
const long kMaxBound = 1000000;

// Why Bolek's move (bp, be) is illegal in pool (p, e) with bound b, or nullptr.
const char *IllegalMove(long p, long e, long b, long bp, long be) {
    if (bp < 0 || be < 0) return "a negative number of sticks";
    if (bp == 0 && be == 0) return "nothing taken";
    if (bp != 0 && be != 0 && bp != be) return "unequal nonzero amounts of both kinds";
    if (bp > b || be > b) return "more than the PE-bound of one kind";
    if (bp > p || be > e) return "more than the pool holds";
    return nullptr;
}

bool InRange(long value, long low, long high) { return value >= low && value <= high; }

}  // namespace

int main(int argc, char **argv) {
    long p = 0, e = 0, b = 0;
    std::string extra;
    bool ok;
    if (argc == 4) {
        std::istringstream args(std::string(argv[1]) + " " + argv[2] + " " + argv[3]);
        ok = static_cast<bool>(args >> p >> e >> b) && !(args >> extra);
    } else {
        ok = argc == 1 && static_cast<bool>(std::cin >> p >> e >> b);
    }
    if (!ok || !InRange(p, 1, kMaxPile) || !InRange(e, 1, kMaxPile) || !InRange(b, 1, kMaxBound)) {
        std::cerr << "usage: graj P E B   (1 <= P, E <= " << kMaxPile << ", 1 <= B <= "
                  << kMaxBound << ")\n";
        return 2;
    }

    poczatek(static_cast<int>(p), static_cast<int>(e), static_cast<int>(b));
    for (long moves = 1;; moves++) {
        int bp = -1, be = -1;
        ruch_bolka(static_cast<int>(p), static_cast<int>(e), &bp, &be);
        if (const char *why = IllegalMove(p, e, b, bp, be)) {
            std::cout << "illegal move by Bolek: " << bp << ' ' << be << " from " << p << ' '
                      << e << ": " << why << '\n';
            return 1;
        }
        p -= bp;
        e -= be;
        if (p == 0 && e == 0) {
            std::cout << "Bolek wins after " << moves << " moves\n";
            return 0;
        }
        if (p > 0) --p; else --e;  // Lolek
        moves++;
        if (p == 0 && e == 0) {
            std::cout << "Lolek wins after " << moves << " moves\n";
            return 1;
        }
    }
}
