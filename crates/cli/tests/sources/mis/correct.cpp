// A correct Bolek module in C++: it includes the task's mis.h, which gives the two functions C
// linkage.
//
// With m = B + 1, the position (p, e) is lost for the side to move exactly when
// (p mod m, e mod m) is a Wythoff pair (floor(k*phi), floor(k*phi) + k), in either order.
#include "mis.h"
#include <cstdint>

namespace {

using u64 = std::uint64_t;
u64 bound;

u64 isqrt(u64 n) {
    u64 lo = 0, hi = 3037000499ULL;
    while (lo < hi) {
        u64 mid = (lo + hi + 1) / 2;
        if (mid * mid <= n) lo = mid; else hi = mid - 1;
    }
    return lo;
}

u64 lower(u64 k) { return (k + isqrt(5 * k * k)) / 2; }

u64 partner(u64 n) {
    if (n == 0) return 0;
    u64 guess = n * 618034ULL / 1000000ULL;
    for (u64 k = guess > 3 ? guess - 3 : 1; k <= guess + 3; k++)
        if (lower(k) == n) return n + k;
    guess = n * 381966ULL / 1000000ULL;
    for (u64 k = guess > 3 ? guess - 3 : 1; k <= guess + 3; k++)
        if (k > 0 && lower(k) + k == n) return lower(k);
    return n;
}

bool losing(u64 p, u64 e) {
    u64 m = bound + 1;
    return partner(p % m) == e % m;
}

void winning_move(u64 p, u64 e, u64 &tp, u64 &te) {
    u64 m = bound + 1, a = p % m, b = e % m;
    u64 t = partner(b);
    if (t < m) {
        u64 k = (a + m - t) % m;
        if (k >= 1 && k <= p && losing(p - k, e)) { tp = k; te = 0; return; }
    }
    t = partner(a);
    if (t < m) {
        u64 k = (b + m - t) % m;
        if (k >= 1 && k <= e && losing(p, e - k)) { tp = 0; te = k; return; }
    }
    u64 d = (a + m - b) % m;
    u64 cand[2];
    int n = 0;
    if (d == 0) cand[n++] = 0;
    else {
        if (lower(d) + d < m) cand[n++] = lower(d) + d;
        if (lower(m - d) + (m - d) < m) cand[n++] = lower(m - d);
    }
    for (int i = 0; i < n; i++) {
        u64 k = (a + m - cand[i]) % m;
        if (k >= 1 && k <= p && k <= e && losing(p - k, e - k)) { tp = k; te = k; return; }
    }
    tp = p > 0;
    te = p > 0 ? 0 : 1;
}

}  // namespace

void poczatek(int p, int e, int peb) {
    (void)p;
    (void)e;
    bound = static_cast<u64>(peb);
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    u64 tp, te;
    winning_move(static_cast<u64>(p), static_cast<u64>(e), tp, te);
    *bp = static_cast<int>(tp);
    *be = static_cast<int>(te);
}
