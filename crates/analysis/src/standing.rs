//! [`Standing`]: how a game ends for one side.

use std::fmt;

use duel_ioiwari::remoteness::Prospect;
use serde::{Deserialize, Serialize};

/// How the game ends for one side: in JSON `"win"`, `"draw"` or `"loss"`.
///
/// ```
/// use duel_analysis::Standing;
///
/// assert_eq!(serde_json::to_string(&Standing::Draw)?, r#""draw""#);
/// assert_eq!(serde_json::from_str::<Standing>(r#""loss""#)?, Standing::Loss);
/// assert_eq!(Standing::from_margin(-2), Standing::Loss);
/// assert_eq!(Standing::Win.to_string(), "win");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Standing {
    /// This side ends ahead.
    Win,
    /// Both sides end level.
    Draw,
    /// This side ends behind.
    Loss,
}

impl Standing {
    /// The standing of a side whose final margin (own minus opponent's) is `margin`.
    pub const fn from_margin(margin: i32) -> Standing {
        if margin > 0 {
            Standing::Win
        } else if margin < 0 {
            Standing::Loss
        } else {
            Standing::Draw
        }
    }

    /// `win`, `draw` or `loss`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Standing::Win => "win",
            Standing::Draw => "draw",
            Standing::Loss => "loss",
        }
    }
}

impl fmt::Display for Standing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<Prospect> for Standing {
    fn from(standing: Prospect) -> Standing {
        match standing {
            Prospect::Winning => Standing::Win,
            Prospect::Drawing => Standing::Draw,
            Prospect::Losing => Standing::Loss,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_solver_and_its_text() {
        for margin in -3..=3 {
            let ours = Standing::from_margin(margin);
            let solver = Prospect::from_margin(margin);
            assert_eq!(Standing::from(solver), ours);
            assert_eq!(ours.to_string(), solver.to_string());
            let json = serde_json::to_string(&ours).unwrap();
            assert_eq!(json, format!("\"{ours}\""));
        }
    }
}
