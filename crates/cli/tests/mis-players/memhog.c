/* Allocates and touches memory a megabyte at a time until malloc fails, then uses the NULL it
 * got (as careless code does): it dies with its memory at the limit. */
#include <stdlib.h>
#include <string.h>
int main(void) {
    for (;;) {
        char *block = malloc(1 << 20);
        memset(block, 1, 1 << 20);
    }
}
