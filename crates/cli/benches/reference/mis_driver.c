/*
 * The yardstick of the module_games bench: one game of Pooh-Eeyore-sticks with the module
 * linked in statically (libmis.a), as the original grader ran it, with the checks graj makes:
 * every Bolek move is checked against the rules, and Lolek replies with the simple strategy
 * (one poohstick if any, else one eeyorestick) or the judge's adversarial one (a winning move
 * whenever there is one, else a cycle of six probes; see duel_mis::AdversarialLolek).
 *
 * Usage: mis_driver P E B simple|adversarial
 * Prints `result: win after N moves`, `result: loss after N moves` or
 * `result: illegal_move after N moves`, as graj --quiet does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mis.h"

typedef unsigned long long u64;

static const u64 INV_PHI_FIXED = 0x9E3779B97F4A7C16ULL;

/* floor(k / phi), exact for k <= 2^32. */
static u64 floor_div_phi(u64 k)
{
    return (u64)(((unsigned __int128)k * INV_PHI_FIXED) >> 64);
}

/* The other member of the Wythoff pair holding x. */
static u64 partner(u64 x)
{
    u64 j = floor_div_phi(x + 1);
    return j + floor_div_phi(j) == x ? x + j : j;
}

/* A winning move from residues (r, s), or 0 when (r, s) is a Wythoff pair. */
static int winning_take(long r, long s, long *take_r, long *take_s)
{
    int swapped = r > s;
    long low = swapped ? s : r, high = swapped ? r : s, a = 0, b = 0;
    u64 q = partner((u64)low);
    if (q == (u64)high) return 0;
    if (q < (u64)high) {
        b = high - (long)q;
    } else {
        long d = high - low;
        long both = low - (long)(d + floor_div_phi((u64)d));
        a = b = both;
    }
    *take_r = swapped ? b : a;
    *take_s = swapped ? a : b;
    return 1;
}

static long probes;

static void adversarial(long p, long e, long bound, long *tp, long *te)
{
    long m = bound + 1, r = p % m, s = e % m;
    if (winning_take(r, s, tp, te)) return;
    int larger_is_pooh = p >= e;
    long larger = larger_is_pooh ? p : e;
    long jump = bound < larger ? bound : larger;
    *tp = *te = 0;
    switch (probes++ % 6) {
    case 1:
        if (r) *tp = r;
        else if (s) *te = s;
        else if (larger_is_pooh) *tp = 1;
        else *te = 1;
        break;
    case 3:
        if (larger_is_pooh) *tp = jump; else *te = jump;
        break;
    case 5:
        if (p > 0 && e > 0) {
            long k = bound < p ? bound : p;
            *tp = *te = k < e ? k : e;
        } else if (larger_is_pooh) *tp = jump; else *te = jump;
        break;
    default:
        if (larger_is_pooh) *tp = 1; else *te = 1;
    }
}

static int legal(long p, long e, long b, long bp, long be)
{
    return bp >= 0 && be >= 0 && (bp > 0 || be > 0) && (bp == 0 || be == 0 || bp == be) &&
           bp <= b && be <= b && bp <= p && be <= e;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: mis_driver P E B simple|adversarial\n");
        return 2;
    }
    long p = atol(argv[1]), e = atol(argv[2]), b = atol(argv[3]), moves = 0;
    int smart = strcmp(argv[4], "adversarial") == 0;
    poczatek((int)p, (int)e, (int)b);
    for (;;) {
        int bp = 0, be = 0;
        ruch_bolka((int)p, (int)e, &bp, &be);
        if (!legal(p, e, b, bp, be)) {
            printf("result: illegal_move after %ld moves\n", moves);
            return 3;
        }
        p -= bp;
        e -= be;
        moves++;
        if (p == 0 && e == 0) break;
        long tp, te;
        if (smart) {
            adversarial(p, e, b, &tp, &te);
        } else {
            tp = p > 0;
            te = p > 0 ? 0 : 1;
        }
        p -= tp;
        e -= te;
        moves++;
        if (p == 0 && e == 0) {
            printf("result: loss after %ld moves\n", moves);
            return 1;
        }
    }
    printf("result: win after %ld moves\n", moves);
    return 0;
}
