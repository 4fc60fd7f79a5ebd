// Ioiwari player 1: a negamax over the boards it reaches, memoised in a hash map.
#include <array>
#include <iostream>
#include <unordered_map>

using Board = std::array<int, 7>;

struct Sown {
    Board board;
    int gain;  // the mover's beads banked minus the opponent's
};

static Sown sow(Board board, int pit) {
    int at = pit - 1, hand = board[at], gain = 0;
    board[at] = 0;
    while (true) {
        at = (at + 1) % 7;
        if (hand > 1) {
            if (board[at] == 5) {
                board[at]--;
                gain++;
            } else {
                board[at]++;
                hand--;
            }
        } else {
            if (board[at] >= 1 && board[at] <= 4) {
                gain += board[at] + 1;
                board[at] = 0;
            } else {
                gain--;
            }
            return {board, gain};
        }
    }
}

static std::unordered_map<long, int> memo;

static long key(const Board &board) {
    long k = 0;
    for (int beads : board) k = k * 6 + beads;
    return k;
}

static int value(const Board &board) {
    long k = key(board);
    if (k == 0) return 0;
    auto found = memo.find(k);
    if (found != memo.end()) return found->second;
    int best = -100;
    for (int pit = 1; pit <= 7; pit++) {
        if (board[pit - 1] == 0) continue;
        Sown next = sow(board, pit);
        best = std::max(best, next.gain - value(next.board));
    }
    memo[k] = best;
    return best;
}

int main() {
    Board board;
    for (int &beads : board)
        if (!(std::cin >> beads)) return 1;
    while (key(board) != 0) {
        int best = value(board), choice = 0;
        for (int pit = 1; pit <= 7 && choice == 0; pit++) {
            if (board[pit - 1] == 0) continue;
            Sown next = sow(board, pit);
            if (next.gain - value(next.board) == best) choice = pit;
        }
        std::cout << choice << std::endl;
        board = sow(board, choice).board;
        if (key(board) == 0) break;
        int reply;
        if (!(std::cin >> reply)) return 1;
        board = sow(board, reply).board;
    }
}
