// A perfect Ioiwari player 1 in Go: negamax over bank differences, memoised over the 6^7 boards.
package main

import (
	"bufio"
	"fmt"
	"os"
)

type board [7]int

var valueOf [279936]int8
var known [279936]bool

// sow sows pit from (0..6); it returns the mover's gain minus the opponent's gain.
func sow(p *board, from int) int {
	hand, pit, mine, theirs := p[from], from, 0, 0
	p[from] = 0
	for hand > 0 {
		pit = (pit + 1) % 7
		if hand > 1 {
			if p[pit] == 5 {
				p[pit]--
				mine++
			} else {
				p[pit]++
				hand--
			}
		} else {
			if p[pit] >= 1 && p[pit] <= 4 {
				mine += p[pit] + 1
				p[pit] = 0
			} else {
				theirs++
			}
			hand = 0
		}
	}
	return mine - theirs
}

func isEmpty(p *board) bool {
	for _, x := range p {
		if x != 0 {
			return false
		}
	}
	return true
}

func value(p *board) int {
	if isEmpty(p) {
		return 0
	}
	index := 0
	for i := 6; i >= 0; i-- {
		index = index*6 + p[i]
	}
	if known[index] {
		return int(valueOf[index])
	}
	best := -100
	for i := 0; i < 7; i++ {
		if p[i] == 0 {
			continue
		}
		q := *p
		if v := sow(&q, i) - value(&q); v > best {
			best = v
		}
	}
	known[index] = true
	valueOf[index] = int8(best)
	return best
}

func choose(p *board) int {
	best, pit := -100, -1
	for i := 0; i < 7; i++ {
		if p[i] == 0 {
			continue
		}
		q := *p
		if v := sow(&q, i) - value(&q); v > best {
			best, pit = v, i
		}
	}
	return pit
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var p board
	for i := range p {
		if _, err := fmt.Fscan(in, &p[i]); err != nil {
			os.Exit(1)
		}
	}
	for !isEmpty(&p) {
		mine := choose(&p)
		fmt.Fprintln(out, mine+1)
		out.Flush()
		sow(&p, mine)
		if isEmpty(&p) {
			break
		}
		var theirs int
		if _, err := fmt.Fscan(in, &theirs); err != nil {
			os.Exit(1)
		}
		sow(&p, theirs-1)
	}
}
