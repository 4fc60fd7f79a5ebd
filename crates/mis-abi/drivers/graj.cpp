// graj.cpp - plays one game of Pooh-Eeyore-sticks against the module of mis.h.
//
// Bolek's moves come from poczatek / ruch_bolka and every one is checked;
// Lolek plays the kit's simple strategy: one poohstick if any, else one
// eeyorestick. Build it with a module, for example a contestant's:
//     g++ -std=gnu++17 -O2 -pipe -o graj graj.cpp mis.cpp
//
// Usage: graj [-q] P E B     (or the three numbers on standard input)
// Prints every move (only the result with -q or --quiet) and the result line:
//     result: win after N moves
//     result: loss after N moves: Lolek took the last stick
//     result: illegal_move after N moves: move K: Bolek takes ...: REASON
// Exit status: 0 Bolek won, 1 Bolek lost, 3 Bolek moved illegally,
// 2 bad input or usage.
//
// The module is called, never run (duel's rules of play, RULES.md M1 to M4): graj prints
// the game through a copy of its standard output, and before the first call makes the
// module's standard output its standard error (unbuffered) and its standard input empty;
// main is its one external name; once the game is over graj ends at once, running none of
// the module's exit handlers; a module that ends the process before (exit) ends the game, as
// early_exit (status 0) or runtime_error, with exit status 3 (not on Windows).
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>

#include <sstream>
#include <string>
#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

#include "mis.h"

namespace {

// The game's stream, a copy of standard output.
FILE *game = nullptr;

// The moves made, for the exit handler.
long played = 0;

// Writes text on the game's stream.
void Say(const std::string &text) { fputs(text.c_str(), game); }

// Ends graj at once with status: the game printed, no exit handler of the module run.
void Finish(int status) {
    fflush(game);
    _Exit(status);
}

// An empty pipe, at its end.
int EmptyPipe(int fds[2]) {
#ifdef _WIN32
    return _pipe(fds, 16, _O_BINARY);
#else
    return pipe(fds);
#endif
}

// Makes game a copy of standard output, then the module's standard output standard error
// (unbuffered) and its standard input an empty pipe; false if there is no standard output.
bool SetApart() {
    int out = dup(1);
    game = out >= 0 ? fdopen(out, "w") : nullptr;
    if (!game) return false;
    fflush(stdout);
    if (dup2(2, 1) < 0) close(1);
    int empty[2];
    if (EmptyPipe(empty) == 0) {
        close(empty[1]);
        if (empty[0] != 0) {
            dup2(empty[0], 0);
            close(empty[0]);
        }
    } else {
        close(0);
    }
    setvbuf(stdout, nullptr, _IONBF, 0);
    return true;
}

// Reads the three numbers from a copy of standard input: the module's stays unread.
bool ReadStart(long *p, long *e, long *b) {
    int in = dup(0);
    FILE *start = in >= 0 ? fdopen(in, "r") : nullptr;
    if (!start) return false;
    bool ok = fscanf(start, "%ld %ld %ld", p, e, b) == 3;
    fclose(start);
    return ok;
}

const long kMaxPile = 10000000;
const long kMaxBound = 1000000;

// "1 poohstick", "2 poohsticks".
std::string Count(long count, const std::string &one) {
    return std::to_string(count) + ' ' + one + (count == 1 ? "" : "s");
}

std::string Moves(long count) { return Count(count, "move"); }

// Why Bolek's move (bp, be) is illegal in pool (p, e) with bound b, or "" when legal.
std::string IllegalMove(long p, long e, long b, long bp, long be) {
    if (bp < 0 || be < 0) return "a negative number of sticks";
    if (bp == 0 && be == 0) return "the move takes no stick";
    if (bp != 0 && be != 0 && bp != be) {
        return "the move takes " + Count(bp, "poohstick") + " and " + Count(be, "eeyorestick") +
               ": both kinds must be taken in equal numbers";
    }
    const std::string bound = ", over the PE-bound " + std::to_string(b);
    if (bp > b) return "the move takes " + Count(bp, "poohstick") + bound;
    if (be > b) return "the move takes " + Count(be, "eeyorestick") + bound;
    const std::string only = " but the pool holds only ";
    if (bp > p) return "the move takes " + Count(bp, "poohstick") + only + std::to_string(p);
    if (be > e) return "the move takes " + Count(be, "eeyorestick") + only + std::to_string(e);
    return "";
}

bool InRange(long value, long low, long high) { return value >= low && value <= high; }

#ifdef __GLIBC__
// The module ended the process with exit(status) before the game was over.
void ModuleEnded(int status, void *) {
    const std::string move = ": move " + std::to_string(played + 1) + ": exited with status ";
    if (status == 0) {
        Say("result: early_exit after " + Moves(played) + move + "0 before the game was over\n");
    } else {
        Say("result: runtime_error after " + Moves(played) + move + std::to_string(status) + "\n");
    }
    Finish(3);
}
#endif

// Parses exactly three numbers from text.
bool ReadGame(const std::string &text, long *p, long *e, long *b) {
    std::istringstream in(text);
    std::string extra;
    return static_cast<bool>(in >> *p >> *e >> *b) && !(in >> extra);
}

void PrintMove(long number, const char *who, long tp, long te, long p, long e) {
    Say(std::to_string(number) + ". " + who + " takes p=" + std::to_string(tp) +
        " e=" + std::to_string(te) + ", leaving p=" + std::to_string(p) +
        " e=" + std::to_string(e) + "\n");
}

}  // namespace

int main(int argc, char **argv) {
    long p = 0, e = 0, b = 0;
    int first = 1;
    bool quiet = false;
    if (argc > 1 && (std::string(argv[1]) == "-q" || std::string(argv[1]) == "--quiet")) {
        quiet = true;
        first = 2;
    }
    bool ok;
    if (argc - first == 3) {
        ok = ReadGame(std::string(argv[first]) + " " + argv[first + 1] + " " + argv[first + 2], &p,
                      &e, &b);
    } else {
        ok = argc == first && ReadStart(&p, &e, &b);
    }
    if (!ok || !InRange(p, 1, kMaxPile) || !InRange(e, 1, kMaxPile) || !InRange(b, 1, kMaxBound)) {
        fprintf(stderr,
                "graj: usage: graj [-q] P E B (or P E B on standard input), with 1 <= P, E <= "
                "%ld and 1 <= B <= %ld\n",
                kMaxPile, kMaxBound);
        return 2;
    }
    if (!SetApart()) {
        fprintf(stderr, "graj: cannot set its output apart from the module's\n");
        return 2;
    }
#ifdef __GLIBC__
    on_exit(ModuleEnded, nullptr);
#endif

    if (!quiet)
        Say("start: p=" + std::to_string(p) + " e=" + std::to_string(e) +
            " B=" + std::to_string(b) + "\n");
    poczatek(static_cast<int>(p), static_cast<int>(e), static_cast<int>(b));
    for (long moves = 0;;) {
        int bp = -1, be = -1;
        ruch_bolka(static_cast<int>(p), static_cast<int>(e), &bp, &be);
        const std::string why = IllegalMove(p, e, b, bp, be);
        if (!why.empty()) {
            Say("result: illegal_move after " + Moves(moves) + ": move " +
                std::to_string(moves + 1) + ": Bolek takes p=" + std::to_string(bp) +
                " e=" + std::to_string(be) + " at p=" + std::to_string(p) +
                " e=" + std::to_string(e) + ": " + why + "\n");
            Finish(3);
        }
        p -= bp;
        e -= be;
        played = ++moves;
        if (!quiet) PrintMove(moves, "Bolek", bp, be, p, e);
        if (p == 0 && e == 0) {
            Say("result: win after " + Moves(moves) + "\n");
            Finish(0);
        }
        // Lolek: one poohstick if any, else one eeyorestick.
        const long lp = p > 0 ? 1 : 0, le = 1 - lp;
        p -= lp;
        e -= le;
        played = ++moves;
        if (!quiet) PrintMove(moves, "Lolek", lp, le, p, e);
        if (p == 0 && e == 0) {
            Say("result: loss after " + Moves(moves) + ": Lolek took the last stick\n");
            Finish(1);
        }
    }
}
