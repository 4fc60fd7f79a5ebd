/* Does not compile: a statement without its semicolon. */
#include <stdio.h>

int main(void) {
    printf("1\n")
    return 0;
}
