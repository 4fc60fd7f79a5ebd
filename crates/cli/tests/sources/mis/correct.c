/* A correct Bolek module in C, as a contestant writes it (the judge builds it as a shared
 * object).
 *
 * The rule (checked by brute force when this file was written): with m = B + 1, the position
 * (p, e) is lost for the side to move exactly when (p mod m, e mod m) is a Wythoff pair
 * (floor(k*phi), floor(k*phi) + k), in either order, (0, 0) included. */
#include <stdio.h>

typedef unsigned long long u64;

static u64 bound;

static u64 isqrt(u64 n) {
    u64 lo = 0, hi = 3037000499ULL; /* floor(sqrt(2^63)) */
    while (lo < hi) {
        u64 mid = (lo + hi + 1) / 2;
        if (mid * mid <= n) lo = mid; else hi = mid - 1;
    }
    return lo;
}

/* floor(k * phi) = floor((k + sqrt(5 k^2)) / 2) */
static u64 lower(u64 k) { return (k + isqrt(5 * k * k)) / 2; }

/* The other member of n's Wythoff pair (0 for 0). */
static u64 partner(u64 n) {
    if (n == 0) return 0;
    u64 guess = n * 618034ULL / 1000000ULL; /* about n / phi */
    for (u64 k = guess > 3 ? guess - 3 : 1; k <= guess + 3; k++)
        if (lower(k) == n) return n + k;
    guess = n * 381966ULL / 1000000ULL; /* about n / phi^2 */
    for (u64 k = guess > 3 ? guess - 3 : 1; k <= guess + 3; k++)
        if (k > 0 && lower(k) + k == n) return lower(k);
    return n; /* unreachable */
}

static int losing(u64 p, u64 e) {
    u64 m = bound + 1;
    return partner(p % m) == e % m;
}

static void winning_move(u64 p, u64 e, u64 *tp, u64 *te) {
    u64 m = bound + 1, a = p % m, b = e % m;
    /* one pile: bring a to partner(b) (or b to partner(a)) within one period */
    u64 t = partner(b);
    if (t < m) {
        u64 k = (a + m - t) % m;
        if (k >= 1 && k <= p && losing(p - k, e)) { *tp = k; *te = 0; return; }
    }
    t = partner(a);
    if (t < m) {
        u64 k = (b + m - t) % m;
        if (k >= 1 && k <= e && losing(p, e - k)) { *tp = 0; *te = k; return; }
    }
    /* both piles: the difference a - b (mod m) is kept, so at most two pairs qualify */
    u64 d = (a + m - b) % m;
    u64 cand[2]; int n = 0;
    if (d == 0) cand[n++] = 0;
    else {
        if (lower(d) + d < m) cand[n++] = lower(d) + d;     /* (b_d, a_d): x - y = d */
        if (lower(m - d) + (m - d) < m) cand[n++] = lower(m - d); /* (a_j, b_j), j = m - d */
    }
    for (int i = 0; i < n; i++) {
        u64 k = (a + m - cand[i]) % m;
        if (k >= 1 && k <= p && k <= e && losing(p - k, e - k)) { *tp = k; *te = k; return; }
    }
    *tp = p > 0; *te = p > 0 ? 0 : 1; /* a losing position: one stick */
}

void poczatek(int p, int e, int peb) { (void)p; (void)e; bound = (u64)peb; }

void ruch_bolka(int p, int e, int *bp, int *be) {
    u64 tp, te;
    winning_move((u64)p, (u64)e, &tp, &te);
    *bp = (int)tp;
    *be = (int)te;
}
