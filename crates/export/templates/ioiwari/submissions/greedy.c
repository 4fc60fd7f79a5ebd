/* Ioiwari player 1 with one move of look-ahead: the pit that banks the most right now.
 * It loses or draws the official tests, all of which were chosen to defeat it. */
#include <stdio.h>

static int gain_of(const int *board, int pit, int *after) {
    int at = pit - 1, hand = board[at], gain = 0;
    for (int i = 0; i < 7; i++) after[i] = board[i];
    after[at] = 0;
    for (;;) {
        at = (at + 1) % 7;
        if (hand > 1) {
            if (after[at] == 5) {
                after[at]--;
                gain++;
            } else {
                after[at]++;
                hand--;
            }
        } else {
            if (after[at] >= 1 && after[at] <= 4) {
                gain += after[at] + 1;
                after[at] = 0;
            } else {
                gain--;
            }
            return gain;
        }
    }
}

static int empty(const int *board) {
    for (int i = 0; i < 7; i++)
        if (board[i]) return 0;
    return 1;
}

int main(void) {
    int board[7], after[7];
    for (int i = 0; i < 7; i++)
        if (scanf("%d", &board[i]) != 1) return 1;
    while (!empty(board)) {
        int choice = 0, best = -100;
        for (int pit = 1; pit <= 7; pit++)
            if (board[pit - 1] && gain_of(board, pit, after) > best) {
                best = gain_of(board, pit, after);
                choice = pit;
            }
        printf("%d\n", choice);
        fflush(stdout);
        gain_of(board, choice, after);
        for (int i = 0; i < 7; i++) board[i] = after[i];
        if (empty(board)) break;
        int reply;
        if (scanf("%d", &reply) != 1) return 1;
        gain_of(board, reply, after);
        for (int i = 0; i < 7; i++) board[i] = after[i];
    }
    return 0;
}
