/* Always plays pit 1, even once it is empty: an illegal move on every test. */
#include <stdio.h>

int main(void) {
    int pits[7], reply;
    for (int i = 0; i < 7; i++)
        if (scanf("%d", &pits[i]) != 1) return 1;
    do {
        printf("1\n");
        fflush(stdout);
    } while (scanf("%d", &reply) == 1);
    return 0;
}
