//! A perfect Ioiwari player 1 in Rust: negamax over bank differences, memoised over 6^7 boards.
use std::io::{self, BufRead, Write};

type Board = [i32; 7];

/// Sows pit `from` (0..6); returns the mover's gain minus the opponent's gain.
fn sow(p: &mut Board, from: usize) -> i32 {
    let (mut hand, mut pit, mut mine, mut theirs) = (p[from], from, 0, 0);
    p[from] = 0;
    while hand > 0 {
        pit = (pit + 1) % 7;
        if hand > 1 {
            if p[pit] == 5 {
                p[pit] -= 1;
                mine += 1;
            } else {
                p[pit] += 1;
                hand -= 1;
            }
        } else {
            if (1..=4).contains(&p[pit]) {
                mine += p[pit] + 1;
                p[pit] = 0;
            } else {
                theirs += 1;
            }
            hand = 0;
        }
    }
    mine - theirs
}

fn value(p: &Board, memo: &mut Vec<Option<i8>>) -> i32 {
    if p.iter().all(|&x| x == 0) {
        return 0;
    }
    let index = p.iter().rev().fold(0usize, |acc, &x| acc * 6 + x as usize);
    if let Some(v) = memo[index] {
        return v as i32;
    }
    let mut best = -100;
    for i in 0..7 {
        if p[i] > 0 {
            let mut q = *p;
            let v = sow(&mut q, i) - value(&q, memo);
            best = best.max(v);
        }
    }
    memo[index] = Some(best as i8);
    best
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let first = lines.next().unwrap().unwrap();
    let mut board: Board = [0; 7];
    for (slot, word) in board.iter_mut().zip(first.split_whitespace()) {
        *slot = word.parse().unwrap();
    }
    let mut memo = vec![None; 279_936];
    let mut out = io::stdout();
    while board.iter().any(|&x| x > 0) {
        let (mut best, mut mine) = (-100, 0);
        for i in 0..7 {
            if board[i] > 0 {
                let mut q = board;
                let v = sow(&mut q, i) - value(&q, &mut memo);
                if v > best {
                    best = v;
                    mine = i;
                }
            }
        }
        writeln!(out, "{}", mine + 1).unwrap();
        out.flush().unwrap();
        sow(&mut board, mine);
        if board.iter().all(|&x| x == 0) {
            break;
        }
        let theirs: usize = lines.next().unwrap().unwrap().trim().parse().unwrap();
        sow(&mut board, theirs - 1);
    }
}
