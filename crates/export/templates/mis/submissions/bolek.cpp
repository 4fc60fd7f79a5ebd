// Bolek with a table: the Wythoff pairs below B + 1 are built once, in O(B), then every
// move is O(1): move the residues modulo B + 1 to a pair.
#include <vector>

#include "mis.h"

static int m;
static std::vector<int> partner_of;  // partner_of[x] for x <= B, or -1 when above B
static std::vector<int> lower_of;    // lower_of[d]: the lower member of the pair with difference d

void poczatek(int, int, int peb) {
    m = peb + 1;
    partner_of.assign(m, -1);
    lower_of.assign(m, -1);
    // Greedy construction: the k-th pair takes the smallest number not yet used, plus k.
    std::vector<bool> used(m, false);
    int k = 0;
    for (int a = 0; a < m; a++) {
        if (used[a]) continue;
        int b = a + k;
        used[a] = true;
        lower_of[k] = a;
        if (b < m) {
            used[b] = true;
            partner_of[a] = b;
            partner_of[b] = a;
        }
        k++;
    }
}

void ruch_bolka(int p, int e, int *bp, int *be) {
    int r = p % m, s = e % m;
    bool swapped = r > s;
    int low = swapped ? s : r, high = swapped ? r : s;
    int q = partner_of[low];
    int take_low = 0, take_high = 0;
    if (q != -1 && q < high) {
        take_high = high - q;
    } else if (q != high) {
        take_low = take_high = low - lower_of[high - low];
    } else {
        take_high = 1;  // a lost position, never given
    }
    *bp = swapped ? take_high : take_low;
    *be = swapped ? take_low : take_high;
    if (*bp == 0 && *be == 0) *bp = 1;
}
