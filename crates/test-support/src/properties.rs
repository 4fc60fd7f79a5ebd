//! The settings every property test shares.

use proptest::test_runner::Config;

/// `cases` cases a property, and no file of failures: a failure prints its minimal input,
/// and nothing is written into the source tree.
///
/// ```
/// let config = duel_test_support::properties::config(32);
/// assert_eq!(config.cases, 32);
/// assert!(config.failure_persistence.is_none());
/// ```
pub fn config(cases: u32) -> Config {
    Config {
        failure_persistence: None,
        ..Config::with_cases(cases)
    }
}
