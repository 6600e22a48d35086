//! A constant nobody defined: Ruby's `NameError` (`uninitialized constant X`), which code
//! rescues (`rescue NameError`) or tests (`defined?`), unless the reference's Ruby has the
//! constant and the subset lacks it: that stays unsupported Ruby, not a wrong answer.

use super::R;
use crate::error::RubyError;

/// The top-level constants of the reference's Ruby 3.1 once its standard libraries, Puppet,
/// Facter and the gems `require` finds are loaded (`ruby_libraries::LIBRARIES`), one a
/// line, sorted by bytes. Written by `Object.constants` after requiring each library that
/// loads here, then the names of the gems that do not (PuppetX, Semantic, Diffy, ...).
const REFERENCE_CONSTANTS: &str = include_str!("reference_constants.txt");

/// Whether the reference's Ruby has the top-level constant `name` (a path, `A::B`, is
/// not one: whether `B` is there is not known).
pub(super) fn in_reference(name: &str) -> bool {
    REFERENCE_CONSTANTS.lines().any(|l| l == name)
}

/// What the look-up of constant `first` (the first name of a constant path) that no class,
/// the top nor the core classes define gives: the core classes' answer `found` (an
/// unsupported one) when the reference's Ruby has `first`, else a `NameError` named as
/// Ruby names it (`K::X` in the code of class `K`).
pub(super) fn unknown(found: R, first: &str, class: Option<&str>, at: usize) -> R {
    match found {
        Err(f)
            if matches!(f.error(), Some(RubyError::Unsupported { .. })) && !in_reference(first) =>
        {
            let name = match class {
                Some(k) => format!("{k}::{first}"),
                None => first.to_string(),
            };
            super::raise(format!("uninitialized constant {name}"), at)
        }
        other => other,
    }
}
