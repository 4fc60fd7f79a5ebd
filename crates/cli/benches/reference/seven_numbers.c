/* The floor the `ioiwari` program's start is measured against: the least a player can do before
 * its first move (read the seven numbers of the start board, print one line). Built statically
 * (and dynamically, for comparison) by benches/ioiwari_process.rs. */
#include <stdio.h>

int main(void) {
    int pits[7];
    for (int i = 0; i < 7; i++) {
        if (scanf("%d", &pits[i]) != 1) return 1;
    }
    printf("%d\n", 1);
    fflush(stdout);
    return 0;
}
