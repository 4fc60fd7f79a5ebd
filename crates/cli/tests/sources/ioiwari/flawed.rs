//! A flawed Ioiwari player 1 in Rust: always the lowest-numbered non-empty pit.
use std::io::{self, BufRead, Write};

fn sow(p: &mut [i32; 7], from: usize) {
    let (mut hand, mut pit) = (p[from], from);
    p[from] = 0;
    while hand > 0 {
        pit = (pit + 1) % 7;
        if hand > 1 {
            if p[pit] == 5 {
                p[pit] -= 1;
            } else {
                p[pit] += 1;
                hand -= 1;
            }
        } else {
            if (1..=4).contains(&p[pit]) {
                p[pit] = 0;
            }
            hand = 0;
        }
    }
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let first = lines.next().unwrap().unwrap();
    let mut board = [0; 7];
    for (slot, word) in board.iter_mut().zip(first.split_whitespace()) {
        *slot = word.parse().unwrap();
    }
    let mut out = io::stdout();
    while let Some(mine) = board.iter().position(|&x| x > 0) {
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
