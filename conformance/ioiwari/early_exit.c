/* Exits with status 0 after its second move, the game unfinished. */
#include <stdio.h>
#include <string.h>

/* The game from each of the corpus's boards, as lines.py derives it from the rules: the
   board's pits, then both players' pits in turn, this player's first. */
static const char *GAMES[] = {"4442222 1645253456", "3433322 15243476137", "3423332 245167214"};

/* The moves of the game from the board on standard input ("" for another board). */
static const char *moves_for_board(void) {
    char board[8] = "";
    for (int i = 0; i < 7; i++) {
        int beads;
        if (scanf("%d", &beads) != 1) return "";
        board[i] = (char)('0' + beads);
    }
    for (int g = 0; g < 3; g++)
        if (strncmp(GAMES[g], board, 7) == 0) return GAMES[g] + 8;
    return "";
}

int main(void) {
    const char *moves = moves_for_board();
    for (int i = 0; moves[i] != '\0'; i++) {
        char pit = moves[i];
        if (i == 4) return 0;
        if (i % 2 == 0) {
            printf("%c\n", pit);
            fflush(stdout);
        } else if (scanf("%*d") == EOF) { /* player 2's move, or the judge's end */
            return 0;
        }
    }
    return 0;
}
