/* The two C programs of benches/mis_round_trip.rs, with one reading loop (one read() and one
 * write() per line when lines come one at a time):
 * - built with -DECHO, the other side of the pipe ping-pong: every line goes straight back;
 * - built without, a fast line-protocol Bolek for positions with B = 1: there the losing
 *   positions are those with both piles even, so Bolek takes one stick of each odd pile. Its
 *   first line (p e B) is skipped. It reads only the piles' last digits and writes its answer
 *   by hand (no strtol, no printf), so that its own work per move stays close to the echo's
 *   and the bench measures the judge's share of a round trip. */
#include <string.h>
#include <unistd.h>

/* Answers one complete line (without its newline, at `line`, `length` bytes); 0 on failure. */
static int answer(char *line, size_t length) {
#ifdef ECHO
    line[length] = '\n';
    return write(1, line, length + 1) == (ssize_t)(length + 1);
#else
    static int setup_line = 1;
    if (setup_line) {
        setup_line = 0;
        return 1;
    }
    /* A pile's parity is its last digit's: the digits before the space and before the end. */
    char *space = memchr(line, ' ', length);
    if (space == NULL || space == line || length < 3) return 0;
    char move[4] = {(char)('0' + (space[-1] & 1)), ' ', (char)('0' + (line[length - 1] & 1)), '\n'};
    return write(1, move, sizeof move) == (ssize_t)sizeof move;
#endif
}

int main(void) {
    char buffer[4096];
    size_t held = 0;
    for (;;) {
        ssize_t got = read(0, buffer + held, sizeof buffer - held);
        if (got <= 0) return 0;
        held += (size_t)got;
        char *line = buffer, *end;
        while ((end = memchr(line, '\n', held - (size_t)(line - buffer))) != NULL) {
            if (!answer(line, (size_t)(end - line))) return 1;
            line = end + 1;
        }
        held -= (size_t)(line - buffer);
        memmove(buffer, line, held);
        if (held == sizeof buffer) return 1;
    }
}
