/* A perfect Ioiwari player 1 in C: negamax over bank differences, memoised over the 6^7 boards. */
#include <stdio.h>
#include <string.h>

static signed char value_of[279936];
static unsigned char known[279936];

/* Sows pit `from` (0..6); returns the mover's gain minus the opponent's gain. */
static int sow(int *p, int from) {
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

static int is_empty(const int *p) {
    for (int i = 0; i < 7; i++) if (p[i]) return 0;
    return 1;
}

static int value(const int *p) {
    if (is_empty(p)) return 0;
    int index = 0;
    for (int i = 6; i >= 0; i--) index = index * 6 + p[i];
    if (known[index]) return value_of[index];
    int best = -100;
    for (int i = 0; i < 7; i++) {
        if (!p[i]) continue;
        int q[7];
        memcpy(q, p, sizeof q);
        int v = sow(q, i) - value(q);
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
        int v = sow(q, i) - value(q);
        if (v > best) { best = v; pit = i; }
    }
    return pit;
}

int main(void) {
    int p[7];
    for (int i = 0; i < 7; i++) if (scanf("%d", &p[i]) != 1) return 1;
    while (!is_empty(p)) {
        int mine = choose(p);
        printf("%d\n", mine + 1);
        fflush(stdout);
        sow(p, mine);
        if (is_empty(p)) break;
        int theirs;
        if (scanf("%d", &theirs) != 1) return 1;
        sow(p, theirs - 1);
    }
    return 0;
}
