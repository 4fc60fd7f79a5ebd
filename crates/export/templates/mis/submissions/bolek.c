/* Bolek, perfect in O(1) a move: the residues modulo B + 1 are played as Wythoff's game.
 * floor(k / phi) is computed exactly with 64-bit fixed point. */
#include "mis.h"

#include <stdint.h>

static int64_t m;

static uint64_t floor_div_phi(uint64_t k) {
    const uint64_t c = 0x9E3779B97F4A7C16ULL; /* ceil((phi - 1) * 2^64) */
    return (k * (c >> 32) + ((k * (c & 0xffffffffULL)) >> 32)) >> 32;
}

static int64_t partner(int64_t x) {
    int64_t j = (int64_t)floor_div_phi((uint64_t)x + 1);
    return j + (int64_t)floor_div_phi((uint64_t)j) == x ? x + j : j;
}

void poczatek(int p, int e, int peb) {
    (void)p;
    (void)e;
    m = (int64_t)peb + 1;
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    int64_t r = p % m, s = e % m;
    int64_t low = r < s ? r : s, high = r < s ? s : r, q = partner(low);
    int64_t take_low = 0, take_high = 0;
    if (q < high) {
        take_high = high - q;
    } else if (q > high) {
        int64_t d = high - low;
        take_low = take_high = low - (d + (int64_t)floor_div_phi((uint64_t)d));
    } else {
        /* A lost position (never given): take one stick and hope. */
        if (p > 0) *bp = 1, *be = 0;
        else *bp = 0, *be = 1;
        return;
    }
    if (r <= s) *bp = (int)take_low, *be = (int)take_high;
    else *bp = (int)take_high, *be = (int)take_low;
}
