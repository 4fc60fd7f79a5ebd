/* Ioiwari rules for the test players, written from the task statement (independently of the
 * Rust crates): a board is 7 pit counts, pits 0..6 here (1..7 in the protocol). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sows pit `from` on `p`; returns the mover's gain minus the opponent's gain. */
static int sow(int *p, int from) {
    int hand = p[from], pit = from, mine = 0, theirs = 0;
    p[from] = 0;
    while (hand > 0) {
        pit = (pit + 1) % 7;
        if (hand > 1) {
            if (p[pit] == 5) { p[pit]--; mine++; }  /* a full pit pays one bead, hand keeps its beads */
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

/* Reads the start board from argv (8 args) or from the first line of stdin. */
static int read_start(int argc, char **argv, int *p) {
    if (argc == 8) {
        for (int i = 0; i < 7; i++) p[i] = atoi(argv[i + 1]);
        return 1;
    }
    for (int i = 0; i < 7; i++) if (scanf("%d", &p[i]) != 1) return 0;
    return 1;
}

/* Plays player 1 with `choose` until the board is empty. */
static int play(int argc, char **argv, int (*choose)(const int *)) {
    int p[7];
    if (!read_start(argc, argv, p)) return 1;
    for (;;) {
        if (is_empty(p)) return 0;
        int mine = choose(p);
        printf("%d\n", mine + 1);
        fflush(stdout);
        sow(p, mine);
        if (is_empty(p)) return 0;
        int theirs;
        if (scanf("%d", &theirs) != 1 || theirs < 1 || theirs > 7) return 1;
        sow(p, theirs - 1);
    }
}
