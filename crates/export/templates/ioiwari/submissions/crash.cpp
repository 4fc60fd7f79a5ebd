// Reads the board and stops with a failure status before moving: a run-time error.
#include <cstdlib>
#include <iostream>

int main() {
    int pits[7];
    for (int &beads : pits) std::cin >> beads;
    std::abort();
}
