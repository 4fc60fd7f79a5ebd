// Plays plain Wythoff's game on the whole piles, forgetting the PE-bound: its moves take
// more than B sticks, or leave Lolek a win, whenever the piles exceed B.
#include <cmath>

#include "mis.h"

void poczatek(int, int, int) {}

void ruch_bolka(int p, int e, int *bp, int *be) {
    const double phi = (1 + std::sqrt(5.0)) / 2;
    int low = p < e ? p : e, high = p < e ? e : p;
    int take_low = 0, take_high = 0;
    int d = high - low, a = (int)std::floor(d * phi);
    if (a < low) {
        take_low = take_high = low - a;
    } else {
        // Shrink the larger pile to the partner of the smaller one, when there is one.
        int k = (int)std::ceil(low / phi / phi);
        int partner = low;
        for (int j = k > 1 ? k - 1 : 0; j <= k + 1; j++) {
            if ((int)std::floor(j * phi) == low) partner = low + j;
            if ((int)std::floor(j * phi) + j == low) partner = (int)std::floor(j * phi);
        }
        take_high = high - partner > 0 ? high - partner : 1;
    }
    *bp = p < e ? take_low : take_high;
    *be = p < e ? take_high : take_low;
}
