/* Reads the board and never answers: it runs out of time on every test. */
#include <stdio.h>

int main(void) {
    int pits[7];
    for (int i = 0; i < 7; i++)
        if (scanf("%d", &pits[i]) != 1) return 1;
    volatile unsigned long spins = 0;
    for (;;) spins++;
}
