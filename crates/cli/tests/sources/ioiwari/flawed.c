/* A flawed Ioiwari player 1 in C: always the lowest-numbered non-empty pit. */
#include <stdio.h>

static void sow(int *p, int from) {
    int hand = p[from], pit = from;
    p[from] = 0;
    while (hand > 0) {
        pit = (pit + 1) % 7;
        if (hand > 1) {
            if (p[pit] == 5) p[pit]--;
            else { p[pit]++; hand--; }
        } else {
            if (p[pit] >= 1 && p[pit] <= 4) p[pit] = 0;
            hand = 0;
        }
    }
}

static int first_full(const int *p) {
    for (int i = 0; i < 7; i++) if (p[i]) return i;
    return -1;
}

int main(void) {
    int p[7];
    for (int i = 0; i < 7; i++) if (scanf("%d", &p[i]) != 1) return 1;
    for (;;) {
        int mine = first_full(p);
        if (mine < 0) break;
        printf("%d\n", mine + 1);
        fflush(stdout);
        sow(p, mine);
        if (first_full(p) < 0) break;
        int theirs;
        if (scanf("%d", &theirs) != 1) return 1;
        sow(p, theirs - 1);
    }
    return 0;
}
