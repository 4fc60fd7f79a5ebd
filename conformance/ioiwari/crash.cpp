// Plays two moves of the game it wins, then dereferences a null pointer: a crash mid-game.
#include <iostream>
#include <string>

// The game from each of the corpus's boards, as lines.py derives it from the rules: the
// board's pits, then both players' pits in turn, this player's first.
static const std::string GAMES[] = {"4442222 1645253456", "3433322 15243476137", "3423332 245167214"};

int main() {
    std::string board;
    for (int i = 0, beads; i < 7 && std::cin >> beads; i++) board += char('0' + beads);
    std::string moves;
    for (const std::string &game : GAMES)
        if (game.compare(0, 7, board) == 0) moves = game.substr(8);
    for (std::size_t i = 0; i < moves.size(); i++) {
        int reply;
        if (i == 4) {
            volatile int *nowhere = nullptr;
            *nowhere = 1;
        }
        if (i % 2 == 0)
            std::cout << moves[i] << std::endl;
        else if (!(std::cin >> reply))  // player 2's move, or the judge's end
            return 0;
    }
    return 0;
}
