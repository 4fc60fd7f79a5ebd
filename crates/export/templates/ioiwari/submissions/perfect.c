/* Ioiwari player 1: memoised search over every board it reaches, playing a best pit. */
#include <stdio.h>
#include <string.h>

#define PITS 7

static signed char memo[279936];
static char known[279936];

static void sow(int *pits, int pit, int *mover, int *opponent) {
    int at = pit - 1, hand = pits[at];
    pits[at] = 0;
    for (;;) {
        at = (at + 1) % PITS;
        if (hand > 1) {
            if (pits[at] == 5) {
                pits[at]--;
                (*mover)++;
            } else {
                pits[at]++;
                hand--;
            }
        } else {
            if (pits[at] >= 1 && pits[at] <= 4) {
                *mover += pits[at] + 1;
                pits[at] = 0;
            } else {
                (*opponent)++;
            }
            return;
        }
    }
}

static int value(const int *pits);

static int move_value(const int *pits, int pit) {
    int next[PITS], mover = 0, opponent = 0;
    memcpy(next, pits, sizeof next);
    sow(next, pit, &mover, &opponent);
    return mover - opponent - value(next);
}

static int value(const int *pits) {
    int index = 0, best = -100;
    for (int i = PITS - 1; i >= 0; i--) index = index * 6 + pits[i];
    if (index == 0) return 0;
    if (known[index]) return memo[index];
    for (int pit = 1; pit <= PITS; pit++)
        if (pits[pit - 1] && move_value(pits, pit) > best) best = move_value(pits, pit);
    known[index] = 1;
    memo[index] = (signed char)best;
    return best;
}

static int empty(const int *pits) {
    for (int i = 0; i < PITS; i++)
        if (pits[i]) return 0;
    return 1;
}

int main(void) {
    int pits[PITS], one = 0, two = 0;
    for (int i = 0; i < PITS; i++)
        if (scanf("%d", &pits[i]) != 1) return 1;
    while (!empty(pits)) {
        int best = value(pits), choice = 0;
        for (int pit = PITS; pit >= 1; pit--)
            if (pits[pit - 1] && move_value(pits, pit) == best) choice = pit;
        printf("%d\n", choice);
        fflush(stdout);
        sow(pits, choice, &one, &two);
        if (empty(pits)) break;
        int reply;
        if (scanf("%d", &reply) != 1) return 1;
        sow(pits, reply, &two, &one);
    }
    return 0;
}
