// A flawed Ioiwari player 1 in Go: always the lowest-numbered non-empty pit.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func sow(p *[7]int, from int) {
	hand, pit := p[from], from
	p[from] = 0
	for hand > 0 {
		pit = (pit + 1) % 7
		if hand > 1 {
			if p[pit] == 5 {
				p[pit]--
			} else {
				p[pit]++
				hand--
			}
		} else {
			if p[pit] >= 1 && p[pit] <= 4 {
				p[pit] = 0
			}
			hand = 0
		}
	}
}

func firstFull(p *[7]int) int {
	for i, x := range p {
		if x != 0 {
			return i
		}
	}
	return -1
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var p [7]int
	for i := range p {
		if _, err := fmt.Fscan(in, &p[i]); err != nil {
			os.Exit(1)
		}
	}
	for {
		mine := firstFull(&p)
		if mine < 0 {
			break
		}
		fmt.Fprintln(out, mine+1)
		out.Flush()
		sow(&p, mine)
		if firstFull(&p) < 0 {
			break
		}
		var theirs int
		if _, err := fmt.Fscan(in, &theirs); err != nil {
			os.Exit(1)
		}
		sow(&p, theirs-1)
	}
}
