/* The reference the `ioiwari` program's start-up is measured against: player 1 written as the
 * official solution notes describe it, a memoized recursion from the start board over boards
 * encoded as 7-digit base-6 numbers. Used only by benches/ioiwari_process.rs. */
#include <stdio.h>
#include <stdlib.h>

#define PITS 7
#define BOARDS 279936

static signed char value[BOARDS];
static unsigned char known[BOARDS];

static int encode(const int *p) {
    int code = 0;
    for (int i = PITS - 1; i >= 0; i--) code = code * 6 + p[i];
    return code;
}

/* Sows pit `pit` (0-based) of p; returns the mover's gain minus the opponent's. */
static int sow(int *p, int pit) {
    int hand = p[pit], i = pit, gain = 0;
    p[pit] = 0;
    while (hand > 0) {
        i = (i + 1) % PITS;
        if (hand > 1) {
            if (p[i] == 5) { p[i]--; gain++; } else { p[i]++; hand--; }
        } else {
            if (p[i] >= 1 && p[i] <= 4) { gain += p[i] + 1; p[i] = 0; } else { gain--; }
            hand = 0;
        }
    }
    return gain;
}

static int solve(const int *p, int *best_pit) {
    int code = encode(p);
    if (known[code] && !best_pit) return value[code];
    int best = -100, empty = 1;
    for (int pit = 0; pit < PITS; pit++) {
        if (!p[pit]) continue;
        empty = 0;
        int q[PITS];
        for (int i = 0; i < PITS; i++) q[i] = p[i];
        int v = sow(q, pit) - solve(q, NULL);
        if (v > best) { best = v; if (best_pit) *best_pit = pit; }
    }
    if (empty) best = 0;
    known[code] = 1;
    value[code] = (signed char)best;
    return best;
}

static int empty(const int *p) {
    for (int i = 0; i < PITS; i++) if (p[i]) return 0;
    return 1;
}

int main(void) {
    int p[PITS];
    for (int i = 0; i < PITS; i++) if (scanf("%d", &p[i]) != 1) return 1;
    while (!empty(p)) {
        int pit = 0;
        solve(p, &pit);
        printf("%d\n", pit + 1);
        fflush(stdout);
        sow(p, pit);
        if (empty(p)) break;
        int theirs;
        if (scanf("%d", &theirs) != 1 || theirs < 1 || theirs > PITS || !p[theirs - 1]) return 1;
        sow(p, theirs - 1);
    }
    return 0;
}
