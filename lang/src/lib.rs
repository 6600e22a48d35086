//! prepl's language crate: the Puppet language, from source text to values.
//!
//! - [`syntax`]: lexer, parser (winnow) and validation, to an AST with spans.
//! - [`eval`]: the evaluator and the persistent [`Session`].
//! - [`values`]: runtime values; [`types`]: the type system.
//! - [`functions`]: built-in functions; [`format`]: `String(value, format)`, `%p`, sprintf.
//! - [`time`]: Timespan/Timestamp; [`versions`]: SemVer/SemVerRange.

pub use prepl_catalog as catalog;
pub use prepl_core::{
    convert, describe, expansion, format, suggest, time, types, values, versions,
};
pub use prepl_syntax as syntax;
pub use prepl_syntax::{error, limits, names};

pub mod compile;
pub mod complete;
pub mod env;
pub mod erb;
pub mod eval;
pub mod functions;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;

pub use error::{Error, ErrorKind, Result, Source};
pub use eval::session::{LogLevel, Session, Strictness};
pub use types::create::SingleBound;
pub use values::Value;
