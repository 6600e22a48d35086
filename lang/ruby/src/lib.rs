//! prepl's Ruby subset (`prepl-ruby`): the Ruby that ERB templates use, interpreted without a
//! Ruby runtime. A template's tokens (text, code, `<%= %>` output) are parsed into one AST
//! with offsets and run by an evaluator against a [`Host`], the embedder, which gives the
//! variables (`@x`, `scope['x']`, `scope.lookupvar`), calls its functions
//! (`scope.call_function`, `scope.function_NAME`) and may hand in values of its own
//! ([`HostObject`]: they print and compare as the host says).
//!
//! - `lexer`, `token`: code into tokens;
//! - `parser`, `ast`: tokens (of a whole template) into statements; `frozen`: a parsed tree
//!   in a form threads share, from which each thread makes its own;
//! - `rcstr`: strings made straight into their shared form (`RStr`, `value::rstr`);
//! - `names`: method names as ids (`M`), looked up once when the code is parsed;
//! - `eval`: the evaluator (`Interp`); `value`, `show`: Ruby values and their `to_s` and
//!   `inspect` forms; `methods`: core methods by receiver class; `regexp`: Ruby regexp
//!   literals; `error`: syntax errors, unsupported Ruby and exceptions; `host`: the
//!   embedder's interface.
//!
//! This crate does not know Puppet's values. From prepl's data layer (`prepl-core`) it uses
//! only what is Ruby's already: `Regexp` (Ruby regexp syntax), Ruby's float and string
//! `inspect` forms, and the interrupt flag of `limits`.

pub mod ast;
pub mod error;
pub mod eval;
pub mod frozen;
pub mod host;
pub mod lexer;
pub mod methods;
pub mod names;
pub mod parser;
/// Strings made straight into their shared form (`RStr`).
pub mod rcstr {
    pub use crate::value::rstr::{ascii_case, concat, part_of};
}
pub mod regexp;
pub mod show;
pub mod token;
pub mod value;

pub use error::{line_col, HostError, RubyError};
pub use eval::{InstanceVars, Interp, Loaded, SharedVars};
pub use host::{Host, Lent, Required, Stream, YamlOptions};
pub use value::{HostObject, RArray, RBool, RBytes, RFloat, RHash, RStr, RValue};

pub(crate) use prepl_core::format::{float::ruby_float_to_s, quote::ruby_inspect};
pub(crate) use prepl_core::limits;
pub use prepl_core::values::Regexp;
