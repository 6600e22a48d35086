//! prepl's language crate (`prepl-lang`, lib `prepl`): the Puppet language, from source text
//! to values and catalogs. The one language crate the REPL and the kernel depend on.
//!
//! It is the top of the language's layers (see docs/architecture.md), each a crate under
//! `lang/` that can only use the ones below it:
//! `prepl-syntax` (AST, parser, errors, limits) → `prepl-core` (values, types, formatting,
//! conversions, time, versions) → `prepl-catalog` (the catalog data model, JSON, rendering)
//! → this crate; beside the catalog, `prepl-ruby` (the Ruby subset of ERB templates, on
//! `prepl-core` alone, knowing nothing of Puppet's values). Their modules are re-exported
//! here under their own names (`prepl::syntax`, `prepl::values`, `prepl::catalog`, ...;
//! the Ruby crate as `prepl::erb::ruby`).
//!
//! This crate's own modules:
//! - [`eval`]: the evaluator and the persistent [`Session`].
//! - [`compile`]: compiling the catalog (classes, defines, nodes, resource expressions,
//!   collectors, the finishing steps).
//! - [`functions`]: built-in functions and their signatures.
//! - [`env`]: the environment (modulepath, autoloading, facts, settings, Hiera).
//! - [`erb`]: ERB templates (scanning, the Puppet ↔ Ruby bridge, rendering with
//!   `prepl-ruby`); [`complete`]: code completion.

pub use prepl_catalog as catalog;
pub use prepl_core::{
    convert, cow, describe, expansion, format, msort, suggest, time, types, values, versions,
};
pub use prepl_syntax as syntax;
pub use prepl_syntax::{error, limits, names};

pub mod compile;
pub mod complete;
pub mod elide;
pub mod env;
pub mod erb;
pub mod eval;
pub mod fleet;
pub mod functions;
pub mod inventory;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;

pub use error::{Error, ErrorKind, Result, Source};
pub use eval::session::{LogLevel, Session, Strictness};
pub use types::create::SingleBound;
pub use values::Value;
