/* Reads the board and answers a 1 followed by 300 zeros, then exits. */
#include <stdio.h>

int main(void) {
    if (scanf("%*d %*d %*d %*d %*d %*d %*d") == EOF) return 0;
    printf("1%0300d\n", 0);
    return 0;
}
