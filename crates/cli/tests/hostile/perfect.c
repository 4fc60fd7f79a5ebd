/* A perfect player 1: negamax over bank differences, memoised over the 6^7 boards. */
#include "ioiwari_rules.h"

static signed char value_of[279936];
static unsigned char known[279936];

static int index_of(const int *p) {
    int index = 0;
    for (int i = 6; i >= 0; i--) index = index * 6 + p[i];
    return index;
}

static int value(const int *p) {
    if (is_empty(p)) return 0;
    int index = index_of(p);
    if (known[index]) return value_of[index];
    int best = -100;
    for (int i = 0; i < 7; i++) {
        if (!p[i]) continue;
        int q[7];
        memcpy(q, p, sizeof q);
        int gain = sow(q, i);
        int v = gain - value(q);
        if (v > best) best = v;
    }
    known[index] = 1;
    value_of[index] = (signed char)best;
    return best;
}

static int choose(const int *p) {
    int best = -100, pit = -1;
    for (int i = 0; i < 7; i++) {
        if (!p[i]) continue;
        int q[7];
        memcpy(q, p, sizeof q);
        int gain = sow(q, i);
        int v = gain - value(q);
        if (v > best) { best = v; pit = i; }
    }
    return pit;
}

int main(int argc, char **argv) { return play(argc, argv, choose); }
