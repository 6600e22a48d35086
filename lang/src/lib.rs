//! prepl's language crate: the Puppet language, from source text to values.
//!
//! - [`syntax`]: lexer, parser (winnow) and validation, to an AST with spans.
//! - [`eval`]: the evaluator and the persistent [`Session`].
//! - [`values`]: runtime values; [`types`]: the type system.
//! - [`functions`]: built-in functions; [`format`]: `String(value, format)`, `%p`, sprintf.
//! - [`time`]: Timespan/Timestamp; [`versions`]: SemVer/SemVerRange.

pub mod catalog;
pub mod complete;
pub mod convert;
pub mod env;
pub mod erb;
pub mod error;
pub mod eval;
pub mod format;
pub mod functions;
pub mod limits;
pub mod names;
pub mod suggest;
pub mod syntax;
#[cfg(test)]
mod test_support;
pub mod time;
pub mod types;
pub mod values;
pub mod versions;

pub use error::{Error, ErrorKind, Result, Source};
pub use eval::session::{LogLevel, Session, Strictness};
pub use types::create::SingleBound;
pub use values::Value;
