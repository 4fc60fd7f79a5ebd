//! What a sandbox's fault is worth: the one place where a stop the sandbox observed becomes a
//! verdict of the judge.

use crate::Verdict;
use duel_sandbox::FaultKind;

/// The verdict of a test the sandbox stopped with a fault of this kind.
///
/// Every kind is a fault of the program's: a limit (`time_limit`, `memory_limit`), its own
/// end (`runtime_error` for a crash or the process limit, `early_exit` for an end before the
/// game's), or output the judge cannot take (`protocol_error`). No kind is a game's result
/// (`win`, `draw`, `loss`), a move's (`illegal_move`) or a build's (`compile_error`): those
/// are the referees' and the compiler's to give.
///
/// ```
/// use duel_arena::judge::verdict_of;
/// use duel_arena::Verdict;
/// use duel_sandbox::FaultKind;
/// assert_eq!(verdict_of(FaultKind::WallTime), Verdict::TimeLimit);
/// assert_eq!(verdict_of(FaultKind::LineTooLong), Verdict::ProtocolError);
/// ```
pub fn verdict_of(kind: FaultKind) -> Verdict {
    match kind {
        FaultKind::CpuTime | FaultKind::WallTime => Verdict::TimeLimit,
        FaultKind::Memory => Verdict::MemoryLimit,
        FaultKind::Processes | FaultKind::Crashed => Verdict::RuntimeError,
        FaultKind::EndedEarly => Verdict::EarlyExit,
        FaultKind::LineTooLong | FaultKind::StillOpen | FaultKind::Refused => {
            Verdict::ProtocolError
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind the sandbox has, written out so that a new one fails to compile here
    /// until it is placed below.
    const KINDS: [FaultKind; 9] = [
        FaultKind::CpuTime,
        FaultKind::WallTime,
        FaultKind::Memory,
        FaultKind::Processes,
        FaultKind::Crashed,
        FaultKind::EndedEarly,
        FaultKind::LineTooLong,
        FaultKind::StillOpen,
        FaultKind::Refused,
    ];

    #[test]
    fn no_fault_of_the_sandbox_is_a_result_a_move_or_a_build() {
        for kind in KINDS {
            let verdict = verdict_of(kind);
            assert!(
                !matches!(
                    verdict,
                    Verdict::Win
                        | Verdict::Draw
                        | Verdict::Loss
                        | Verdict::IllegalMove
                        | Verdict::CompileError
                ),
                "{kind:?} became {verdict}"
            );
        }
    }

    #[test]
    fn each_fault_gets_the_verdict_its_documentation_names() {
        // The report schema's words for each verdict (duel-report's `Verdict` documentation):
        // time_limit "CPU time limit or the wall-clock limit", memory_limit "the memory
        // limit", runtime_error "a crash, a nonzero exit, or death by a signal", early_exit
        // "ended before the game did", protocol_error "output that isn't a move, such as a
        // line longer than the judge reads".
        let expected = [
            (FaultKind::CpuTime, "time_limit"),
            (FaultKind::WallTime, "time_limit"),
            (FaultKind::Memory, "memory_limit"),
            (FaultKind::Processes, "runtime_error"),
            (FaultKind::Crashed, "runtime_error"),
            (FaultKind::EndedEarly, "early_exit"),
            (FaultKind::LineTooLong, "protocol_error"),
            (FaultKind::StillOpen, "protocol_error"),
            (FaultKind::Refused, "protocol_error"),
        ];
        assert_eq!(expected.map(|(kind, _)| kind), KINDS);
        for (kind, name) in expected {
            assert_eq!(verdict_of(kind).name(), name, "{kind:?}");
        }
    }

    #[test]
    fn every_kind_is_listed() {
        // An exhaustive match: adding a kind to the sandbox breaks this until it is in KINDS.
        for kind in KINDS {
            let position = match kind {
                FaultKind::CpuTime => 0,
                FaultKind::WallTime => 1,
                FaultKind::Memory => 2,
                FaultKind::Processes => 3,
                FaultKind::Crashed => 4,
                FaultKind::EndedEarly => 5,
                FaultKind::LineTooLong => 6,
                FaultKind::StillOpen => 7,
                FaultKind::Refused => 8,
            };
            assert_eq!(KINDS[position], kind);
        }
    }
}
