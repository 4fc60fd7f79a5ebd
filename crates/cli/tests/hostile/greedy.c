/* The one-move look-ahead player of the official notes: the first pit with the best immediate
 * gain difference. */
#include "ioiwari_rules.h"

static int choose(const int *p) {
    int best = -100, pit = -1;
    for (int i = 0; i < 7; i++) {
        if (!p[i]) continue;
        int q[7];
        memcpy(q, p, sizeof q);
        int gain = sow(q, i);
        if (gain > best) { best = gain; pit = i; }
    }
    return pit;
}

int main(int argc, char **argv) { return play(argc, argv, choose); }
