/*
 * player.c - your solution of the task Ioiwari: the program that plays player 1.
 *
 * It reads the start board (7 numbers), then, until all pits are empty, writes
 * its pit on a line of its own, flushes, and reads the opponent's pit. The board
 * and the banks are kept up to date with the task's rules in play().
 * This skeleton plays the first non-empty pit: legal, but it does not try to
 * win. Put your strategy in choose().
 */
#include <stdio.h>

static int pit[8];  /* pit[1..7]: the beads in each pit */
static int bank[3]; /* bank[1], bank[2]: the beads in each player's bank */

/* Player `who` (1 or 2) plays pit `from`. */
static void play(int from, int who)
{
    int hand = pit[from], at = from;
    pit[from] = 0;
    for (;;) {
        at = at % 7 + 1;
        if (hand > 1) {
            if (pit[at] == 5) {
                pit[at]--; /* a full pit gives one bead to the mover's bank */
                bank[who]++;
            } else {
                pit[at]++;
                hand--;
            }
        } else {
            if (pit[at] >= 1 && pit[at] <= 4) {
                bank[who] += pit[at] + 1; /* the last bead takes the pit's beads */
                pit[at] = 0;
            } else {
                bank[3 - who]++; /* the last bead goes to the opponent's bank */
            }
            return;
        }
    }
}

static int game_over(void)
{
    int i;
    for (i = 1; i <= 7; i++)
        if (pit[i] > 0) return 0;
    return 1;
}

/* Your strategy: return a non-empty pit (1..7). */
static int choose(void)
{
    int i;
    for (i = 1; i <= 7; i++)
        if (pit[i] > 0) return i;
    return 0;
}

int main(void)
{
    int i, mine, theirs;
    for (i = 1; i <= 7; i++)
        if (scanf("%d", &pit[i]) != 1) return 1;
    while (!game_over()) {
        mine = choose();
        printf("%d\n", mine);
        fflush(stdout); /* the opponent only sees the move once it is flushed */
        play(mine, 1);
        if (game_over()) break;
        if (scanf("%d", &theirs) != 1 || theirs < 1 || theirs > 7 || pit[theirs] == 0) return 1;
        play(theirs, 2);
    }
    return 0;
}
