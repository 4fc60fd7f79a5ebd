/*
 * graj.c - plays one game of Pooh-Eeyore-sticks against the module in mis.h.
 *
 * Lolek plays the kit's simple strategy (one poohstick if any, else one
 * eeyorestick); Bolek's moves come from poczatek / ruch_bolka and are checked.
 *
 * Usage: graj P E B     (or the three numbers on standard input)
 * Prints the result; exit code 0 iff Bolek wins, 1 if he loses or moves
 * illegally, 2 on bad input.
 */
#include <stdio.h>
#include <stdlib.h>

#include "mis.h"

#define MAX_PILE 10000000L
#define MAX_BOUND 1000000L

/* Why Bolek's move (bp, be) is illegal in pool (p, e) with bound b, or NULL. */
static const char *illegal_move(long p, long e, long b, long bp, long be)
{
    if (bp < 0 || be < 0) return "a negative number of sticks";
    if (bp == 0 && be == 0) return "nothing taken";
    if (bp != 0 && be != 0 && bp != be) return "unequal nonzero amounts of both kinds";
    if (bp > b || be > b) return "more than the PE-bound of one kind";
    if (bp > p || be > e) return "more than the pool holds";
    return NULL;
}

static int read_number(const char *text, long low, long high, long *out)
{
    char *end;
    long value = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || value < low || value > high) return 0;
    *out = value;
    return 1;
}

int main(int argc, char **argv)
{
    long p, e, b, moves = 0;
    if (argc == 4) {
        if (!read_number(argv[1], 1, MAX_PILE, &p) || !read_number(argv[2], 1, MAX_PILE, &e)
            || !read_number(argv[3], 1, MAX_BOUND, &b)) {
            fprintf(stderr, "graj: expected P E B with 1 <= P, E <= %ld, 1 <= B <= %ld\n",
                    MAX_PILE, MAX_BOUND);
            return 2;
        }
    } else if (argc != 1 || scanf("%ld %ld %ld", &p, &e, &b) != 3 || p < 1 || p > MAX_PILE
               || e < 1 || e > MAX_PILE || b < 1 || b > MAX_BOUND) {
        fprintf(stderr, "usage: graj P E B   (or P E B on standard input)\n");
        return 2;
    }

    poczatek((int)p, (int)e, (int)b);
    for (;;) {
        int bp = -1, be = -1;
        const char *why;
        ruch_bolka((int)p, (int)e, &bp, &be);
        why = illegal_move(p, e, b, bp, be);
        if (why != NULL) {
            printf("illegal move by Bolek: %d %d from %ld %ld: %s\n", bp, be, p, e, why);
            return 1;
        }
        p -= bp;
        e -= be;
        moves++;
        if (p == 0 && e == 0) {
            printf("Bolek wins after %ld moves\n", moves);
            return 0;
        }
        if (p > 0) p--; else e--; /* Lolek */
        moves++;
        if (p == 0 && e == 0) {
            printf("Lolek wins after %ld moves\n", moves);
            return 1;
        }
    }
}
