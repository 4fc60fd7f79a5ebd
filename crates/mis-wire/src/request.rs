//! What the judge asks the host to do, as command-line arguments.

use duel_mis::{LolekKind, Position, PositionError};
use std::ffi::OsString;
use std::path::PathBuf;

/// One run of the module host: load `library` and, unless only checking, play a game.
///
/// On the command line: `mis-host --check LIBRARY` or `mis-host LIBRARY P E B LOLEK`, where
/// LOLEK is `simple`, `optimal`, `adversarial` or `random:SEED` (as
/// [`LolekKind`] prints itself).
///
/// ```
/// use duel_mis_wire::HostRequest;
/// use duel_mis::{LolekKind, Position, PositionError};
/// let request = HostRequest {
///     library: "/tmp/libmis.so".into(),
///     game: Some((Position::new(7, 2, 3).unwrap(), LolekKind::Random { seed: 5 })),
/// };
/// assert_eq!(HostRequest::from_args(&request.to_args()), Ok(request));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostRequest {
    /// The shared library exporting `poczatek` and `ruch_bolka`.
    pub library: PathBuf,
    /// The game to play; `None` only checks that the library loads.
    pub game: Option<(Position, LolekKind)>,
}

impl HostRequest {
    /// The arguments (after the program name) that encode this request.
    pub fn to_args(&self) -> Vec<OsString> {
        match &self.game {
            None => vec!["--check".into(), self.library.clone().into()],
            Some((start, lolek)) => vec![
                self.library.clone().into(),
                start.p().to_string().into(),
                start.e().to_string().into(),
                start.bound().to_string().into(),
                lolek.to_string().into(),
            ],
        }
    }

    /// Parses the arguments (after the program name).
    pub fn from_args(args: &[OsString]) -> Result<HostRequest, RequestError> {
        match args {
            [flag, library] if flag == "--check" => Ok(HostRequest {
                library: library.into(),
                game: None,
            }),
            [library, p, e, bound, lolek] => {
                let number = |arg: &OsString| {
                    arg.to_str()
                        .and_then(|s| s.parse::<u32>().ok())
                        .ok_or_else(|| RequestError::NotANumber(arg.clone()))
                };
                let start = Position::new(number(p)?, number(e)?, number(bound)?)?;
                let lolek = lolek
                    .to_str()
                    .and_then(|text| text.parse::<LolekKind>().ok())
                    .ok_or_else(|| RequestError::UnknownLolek(lolek.clone()))?;
                Ok(HostRequest {
                    library: library.into(),
                    game: Some((start, lolek)),
                })
            }
            _ => Err(RequestError::Usage),
        }
    }
}

/// How the host is called, the end of every message about its arguments.
const USAGE: &str = "usage: mis-host --check LIBRARY | mis-host LIBRARY P E B LOLEK";

/// Why arguments are no [`HostRequest`].
///
/// ```
/// use duel_mis_wire::{HostRequest, RequestError};
/// let error = HostRequest::from_args(&["lib.so".into()]).unwrap_err();
/// assert_eq!(error, RequestError::Usage);
/// assert!(error.to_string().starts_with("usage: mis-host --check LIBRARY"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// A pile or the bound is not a number.
    #[error("not a number: {0:?}; {USAGE}")]
    NotANumber(OsString),
    /// The numbers are no start of a game.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The last argument names no Lolek.
    #[error("unknown Lolek {0:?}; {USAGE}")]
    UnknownLolek(OsString),
    /// Neither form of the arguments.
    #[error("{USAGE}")]
    Usage,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_arguments_say_what_and_how_the_host_is_called() {
        let args = |words: &[&str]| words.iter().map(OsString::from).collect::<Vec<_>>();
        let message = |words: &[&str]| {
            HostRequest::from_args(&args(words))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            message(&["lib.so", "x", "1", "1", "simple"]),
            format!("not a number: \"x\"; {USAGE}")
        );
        assert_eq!(
            message(&["lib.so", "1", "1", "1", "clever"]),
            format!("unknown Lolek \"clever\"; {USAGE}")
        );
        assert_eq!(
            message(&["lib.so", "0", "1", "1", "simple"]),
            Position::new(0, 1, 1).unwrap_err().to_string()
        );
        assert_eq!(message(&["--check"]), USAGE);
    }
}
