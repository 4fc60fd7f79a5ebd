/* Allocates and touches 1 MB after 1 MB, never checking for NULL: under the memory limit the
 * allocation fails and the program crashes on the NULL pointer. */
#include <stdlib.h>
#include <string.h>

int main(void) {
    for (;;) {
        char *block = malloc(1 << 20);
        memset(block, 1, 1 << 20);
    }
}
