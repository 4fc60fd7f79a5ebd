// Plays the game it wins with the fast-input idiom (C++ streams unsynchronised from C's,
// std::cin untied from std::cout) and each move ended by '\n' alone: nothing flushes, so the
// moves wait in the stream's buffer.
#include <iostream>
#include <string>

// The game from each of the corpus's boards, as lines.py derives it from the rules: the
// board's pits, then both players' pits in turn, this player's first.
static const std::string GAMES[] = {"4442222 1645253456", "3433322 15243476137", "3423332 245167214"};

int main() {
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    std::string board;
    for (int i = 0, beads; i < 7 && std::cin >> beads; i++) board += char('0' + beads);
    std::string moves;
    for (const std::string &game : GAMES)
        if (game.compare(0, 7, board) == 0) moves = game.substr(8);
    for (std::size_t i = 0; i < moves.size(); i++) {
        int reply;
        if (i % 2 == 0)
            std::cout << moves[i] << '\n';
        else if (!(std::cin >> reply))  // player 2's move, or the judge's end
            return 0;
    }
    return 0;
}
