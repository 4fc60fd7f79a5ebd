//! What the judge asks the host to do, as command-line arguments.

use duel_mis::{LolekKind, Position};
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
/// use duel_mis::{LolekKind, Position};
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
    pub fn from_args(args: &[OsString]) -> Result<HostRequest, String> {
        let usage = "usage: mis-host --check LIBRARY | mis-host LIBRARY P E B LOLEK";
        match args {
            [flag, library] if flag == "--check" => Ok(HostRequest {
                library: library.into(),
                game: None,
            }),
            [library, p, e, bound, lolek] => {
                let number = |arg: &OsString| {
                    arg.to_str()
                        .and_then(|s| s.parse::<u32>().ok())
                        .ok_or_else(|| format!("not a number: {arg:?}; {usage}"))
                };
                let start = Position::new(number(p)?, number(e)?, number(bound)?)
                    .map_err(|error| error.to_string())?;
                let lolek = lolek
                    .to_str()
                    .and_then(|text| text.parse::<LolekKind>().ok())
                    .ok_or_else(|| format!("unknown Lolek {lolek:?}; {usage}"))?;
                Ok(HostRequest {
                    library: library.into(),
                    game: Some((start, lolek)),
                })
            }
            _ => Err(usage.to_string()),
        }
    }
}
