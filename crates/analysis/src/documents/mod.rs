//! The JSON shapes of the analyses, shared by the API and by `duel ... --json`, so a script gets
//! the same document from either. `API.md` beside `Cargo.toml` documents every field.

pub mod ioiwari;
pub mod mis;
