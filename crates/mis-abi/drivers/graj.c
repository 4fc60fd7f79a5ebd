/*
 * graj.c - plays one game of Pooh-Eeyore-sticks against the module of mis.h.
 *
 * Bolek's moves come from poczatek / ruch_bolka and every one is checked;
 * Lolek plays the kit's simple strategy: one poohstick if any, else one
 * eeyorestick. Build it with a module, for example a contestant's:
 *     gcc -std=gnu11 -O2 -pipe -o graj graj.c mis.c -lm
 *
 * Usage: graj [-q] P E B     (or the three numbers on standard input)
 * Prints every move (only the result with -q or --quiet) and the result line:
 *     result: win after N moves
 *     result: loss after N moves: Lolek took the last stick
 *     result: illegal_move after N moves: move K: Bolek takes ...: REASON
 * Exit status: 0 Bolek won, 1 Bolek lost, 3 Bolek moved illegally,
 * 2 bad input or usage.
 *
 * The module is called, never run (duel's rules of play, RULES.md M1 to M4): graj prints
 * the game through a copy of its standard output, and before the first call makes the
 * module's standard output its standard error (unbuffered) and its standard input empty;
 * main is its one external name; once the game is over graj ends at once, running none of
 * the module's exit handlers; a module that ends the process before (exit) ends the game, as
 * early_exit (status 0) or runtime_error, with exit status 3 (not on Windows).
 */
#ifndef _WIN32
#define _DEFAULT_SOURCE /* dup, dup2, fdopen, pipe and on_exit, also in a strict C mode */
#endif
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <io.h>
#define mis_pipe(fds) _pipe(fds, 16, _O_BINARY)
#else
#include <unistd.h>
#define mis_pipe(fds) pipe(fds)
#endif

#include "mis.h"

#define MAX_PILE 10000000L
#define MAX_BOUND 1000000L

static const char *noun(long count, const char *one, const char *many)
{
    return count == 1 ? one : many;
}

static const char *moves_word(long count)
{
    return noun(count, "move", "moves");
}

/* Writes why Bolek's move (bp, be) is illegal in pool (p, e) with bound b into
 * why, or returns 0 when the move is legal. */
static int illegal_move(long p, long e, long b, long bp, long be, char *why, size_t size)
{
    if (bp < 0 || be < 0) {
        snprintf(why, size, "a negative number of sticks");
    } else if (bp == 0 && be == 0) {
        snprintf(why, size, "the move takes no stick");
    } else if (bp != 0 && be != 0 && bp != be) {
        snprintf(why, size,
                 "the move takes %ld %s and %ld %s: both kinds must be taken in equal numbers",
                 bp, noun(bp, "poohstick", "poohsticks"), be,
                 noun(be, "eeyorestick", "eeyoresticks"));
    } else if (bp > b) {
        snprintf(why, size, "the move takes %ld %s, over the PE-bound %ld", bp,
                 noun(bp, "poohstick", "poohsticks"), b);
    } else if (be > b) {
        snprintf(why, size, "the move takes %ld %s, over the PE-bound %ld", be,
                 noun(be, "eeyorestick", "eeyoresticks"), b);
    } else if (bp > p) {
        snprintf(why, size, "the move takes %ld %s but the pool holds only %ld", bp,
                 noun(bp, "poohstick", "poohsticks"), p);
    } else if (be > e) {
        snprintf(why, size, "the move takes %ld %s but the pool holds only %ld", be,
                 noun(be, "eeyorestick", "eeyoresticks"), e);
    } else {
        return 0;
    }
    return 1;
}

static int read_number(const char *text, long low, long high, long *out)
{
    char *end;
    long value = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || value < low || value > high) return 0;
    *out = value;
    return 1;
}

/* The game's stream (a copy of standard output), once the module's standard output is its
 * standard error and its standard input an empty pipe, at its end. */
static FILE *set_apart(void)
{
    int empty[2], out = dup(1);
    FILE *game = out >= 0 ? fdopen(out, "w") : NULL;
    if (!game) return NULL;
    fflush(stdout);
    if (dup2(2, 1) < 0) close(1);
    if (mis_pipe(empty) == 0) {
        close(empty[1]);
        if (empty[0] != 0) {
            dup2(empty[0], 0);
            close(empty[0]);
        }
    } else {
        close(0);
    }
    setvbuf(stdout, NULL, _IONBF, 0);
    return game;
}

static int usage(void)
{
    fprintf(stderr,
            "graj: usage: graj [-q] P E B (or P E B on standard input), "
            "with 1 <= P, E <= %ld and 1 <= B <= %ld\n",
            MAX_PILE, MAX_BOUND);
    return 2;
}

/* The moves made, for the exit handler. */
static long played;

#ifdef __GLIBC__
/* The module ended the process with exit(status) before the game was over. */
static void module_ended(int status, void *game)
{
    if (status == 0)
        fprintf((FILE *)game,
                "result: early_exit after %ld %s: move %ld: exited with status 0 before the "
                "game was over\n",
                played, moves_word(played), played + 1);
    else
        fprintf((FILE *)game, "result: runtime_error after %ld %s: move %ld: exited with status %d\n",
                played, moves_word(played), played + 1, status);
    fflush((FILE *)game);
    _Exit(3);
}
#endif

/* Ends graj at once with status: the game printed, no exit handler of the module run. */
static void finish(FILE *game, int status)
{
    fflush(game);
    _Exit(status);
}

int main(int argc, char **argv)
{
    long p, e, b, moves = 0;
    int quiet = 0, first = 1, lp, le, in;
    char why[200];
    FILE *start, *game;
    if (argc > 1 && (strcmp(argv[1], "-q") == 0 || strcmp(argv[1], "--quiet") == 0)) {
        quiet = 1;
        first = 2;
    }
    if (argc - first == 3) {
        if (!read_number(argv[first], 1, MAX_PILE, &p)
            || !read_number(argv[first + 1], 1, MAX_PILE, &e)
            || !read_number(argv[first + 2], 1, MAX_BOUND, &b))
            return usage();
    } else {
        /* The numbers are read through a copy of standard input: the module's stays unread. */
        in = argc == first ? dup(0) : -1;
        start = in >= 0 ? fdopen(in, "r") : NULL;
        if (!start || fscanf(start, "%ld %ld %ld", &p, &e, &b) != 3 || p < 1 || p > MAX_PILE
            || e < 1 || e > MAX_PILE || b < 1 || b > MAX_BOUND)
            return usage();
        fclose(start);
    }
    game = set_apart();
    if (!game) {
        fprintf(stderr, "graj: cannot set its output apart from the module's\n");
        return 2;
    }
#ifdef __GLIBC__
    on_exit(module_ended, game);
#endif

    if (!quiet) fprintf(game, "start: p=%ld e=%ld B=%ld\n", p, e, b);
    poczatek((int)p, (int)e, (int)b);
    for (;;) {
        int bp = -1, be = -1;
        ruch_bolka((int)p, (int)e, &bp, &be);
        if (illegal_move(p, e, b, bp, be, why, sizeof why)) {
            fprintf(game,
                    "result: illegal_move after %ld %s: move %ld: Bolek takes p=%d e=%d at p=%ld "
                    "e=%ld: %s\n",
                    moves, moves_word(moves), moves + 1, bp, be, p, e, why);
            finish(game, 3);
        }
        p -= bp;
        e -= be;
        played = ++moves;
        if (!quiet)
            fprintf(game, "%ld. Bolek takes p=%d e=%d, leaving p=%ld e=%ld\n", moves, bp, be, p,
                    e);
        if (p == 0 && e == 0) {
            fprintf(game, "result: win after %ld %s\n", moves, moves_word(moves));
            finish(game, 0);
        }
        /* Lolek: one poohstick if any, else one eeyorestick. */
        lp = p > 0 ? 1 : 0;
        le = 1 - lp;
        p -= lp;
        e -= le;
        played = ++moves;
        if (!quiet)
            fprintf(game, "%ld. Lolek takes p=%d e=%d, leaving p=%ld e=%ld\n", moves, lp, le, p,
                    e);
        if (p == 0 && e == 0) {
            fprintf(game, "result: loss after %ld %s: Lolek took the last stick\n", moves,
                    moves_word(moves));
            finish(game, 1);
        }
    }
}
