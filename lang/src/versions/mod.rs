//! SemVer values (the `semver` crate's `Version`) and SemVerRange (npm range grammar).

/// A contiguous range of versions, as written in the npm range grammar.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SemVerRange {
    /// The normalized string form (`%s`).
    pub text: String,
}

impl SemVerRange {
    pub fn includes(&self, _v: &semver::Version) -> bool {
        false
    }
}
