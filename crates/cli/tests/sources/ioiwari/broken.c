/* Does not compile: a missing semicolon. */
#include <stdio.h>

int main(void) {
    printf("1\n")
    return 0;
}
