//! The official MIS test set: big enough, within the task's limits, every position winnable for
//! Bolek (by duel-mis, and by brute force where the piles are small), and covering the kinds
//! of wrong solution it is meant to catch.

use duel_arena::mis::{official_tests, parse_tests, MisTest, OFFICIAL_TESTS};
use duel_mis::{MAX_BOUND, MAX_PILE};
use duel_test_support::sticks;

fn tests() -> Vec<MisTest> {
    let tests = official_tests();
    // official_tests() must not hide a parse failure of the embedded file.
    assert_eq!(parse_tests(OFFICIAL_TESTS).unwrap(), tests);
    tests
}

#[test]
fn there_are_at_least_30_numbered_tests_each_with_a_comment() {
    let tests = tests();
    assert!(tests.len() >= 30, "{}", tests.len());
    for (i, test) in tests.iter().enumerate() {
        assert_eq!(test.number, i + 1);
        assert!(
            test.note.as_deref().is_some_and(|n| n.len() > 10),
            "test {} lacks a comment",
            test.number
        );
    }
    let mut starts: Vec<_> = tests.iter().map(|t| t.start).collect();
    starts.sort_by_key(|s| (s.p(), s.e(), s.bound()));
    starts.dedup();
    assert_eq!(starts.len(), tests.len(), "no test twice");
}

#[test]
fn every_test_is_within_the_limits_and_winnable_for_bolek() {
    for test in tests() {
        let start = test.start;
        assert!((1..=MAX_PILE).contains(&start.p()) && (1..=MAX_PILE).contains(&start.e()));
        assert!((1..=MAX_BOUND).contains(&start.bound()));
        assert!(
            start.is_win(),
            "test {}: {start} is lost for Bolek",
            test.number
        );
        let winning = start.winning_move().expect("a winning move");
        assert!(!start.play(winning).unwrap().is_win());
    }
}

#[test]
fn small_tests_are_winnable_by_brute_force_too() {
    let mut checked = 0;
    for test in tests() {
        let (p, e, bound) = (
            test.start.p() as usize,
            test.start.e() as usize,
            test.start.bound() as usize,
        );
        if p.max(e) < 60 {
            let wins = sticks::wins(bound.min(60), p.max(e) + 1);
            assert!(wins[p][e], "test {}: {}", test.number, test.start);
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn the_set_covers_what_the_issue_asks_for() {
    let tests = tests();
    assert_eq!(
        tests[0].start.to_string(),
        "7 2 3",
        "the statement's example comes first"
    );
    let any = |what: &str, f: &dyn Fn(u32, u32, u32) -> bool| {
        assert!(
            tests
                .iter()
                .any(|t| f(t.start.p(), t.start.e(), t.start.bound())),
            "no test with {what}"
        );
    };
    any("both piles below B+1", &|p, e, b| p <= b && e <= b);
    any("a pile a multiple of B+1", &|p, e, b| {
        p % (b + 1) == 0 || e % (b + 1) == 0
    });
    any("B = 1 and 10^7 sticks in a pile", &|p, e, b| {
        b == 1 && p.max(e) == MAX_PILE
    });
    any("B = 1 and 2*10^7 - 1 sticks", &|p, e, b| {
        b == 1 && p + e == 2 * MAX_PILE - 1
    });
    any("B = 10^6", &|_, _, b| b == MAX_BOUND);
    any("B = 10^6 and full piles", &|p, e, b| {
        b == MAX_BOUND && p == MAX_PILE && e == MAX_PILE
    });
    any("p much smaller than e", &|p, e, _| {
        u64::from(p) * 1000 < u64::from(e)
    });
    any("e much smaller than p", &|p, e, _| {
        u64::from(e) * 1000 < u64::from(p)
    });
    any("B = 2", &|_, _, b| b == 2);
    any("a power-of-two bound", &|_, _, b| {
        b.is_power_of_two() && b > 1000
    });
    // A single winning move of each kind, by the rules alone (small bound, brute force).
    for (kind, pick) in [("poohsticks", 0), ("eeyoresticks", 1), ("both", 2)] {
        assert!(
            tests.iter().any(|t| {
                let (p, e, b) = (
                    t.start.p() as usize,
                    t.start.e() as usize,
                    t.start.bound() as usize,
                );
                if p.max(e) >= 40 || b > 40 {
                    return false;
                }
                let wins = sticks::wins(b, p.max(e) + 1);
                let winning: Vec<(usize, usize)> = (1..=b)
                    .flat_map(|k| [(k, 0), (0, k), (k, k)])
                    .filter(|&(a, c)| a <= p && c <= e && !wins[p - a][e - c])
                    .collect();
                winning.len() == 1
                    && match pick {
                        0 => winning[0].1 == 0,
                        1 => winning[0].0 == 0,
                        _ => winning[0].0 == winning[0].1,
                    }
            }),
            "no small test whose only winning move takes {kind}"
        );
    }
}

#[test]
fn test_files_are_checked_line_by_line() {
    let error = parse_tests("7 2 3\n\n# comment\n2 2 1 # lost\n").unwrap_err();
    assert_eq!(error.line, 4);
    assert!(error.message.contains("lost for Bolek"), "{error}");
    let error = parse_tests("7 2 3\n7 2 0\n").unwrap_err();
    assert_eq!(error.line, 2);
    let error = parse_tests("7 2\n").unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("line 1: expected three numbers"),
        "{error}"
    );
    assert!(parse_tests("# only comments\n\n").is_err());
    let tests = parse_tests("  10 7 5   # the only win takes 2 poohsticks\n").unwrap();
    assert_eq!(
        tests[0].note.as_deref(),
        Some("the only win takes 2 poohsticks")
    );
}
