//! prepl's data layer: the values of the Puppet language and everything that works on values
//! alone, without an evaluator: the type system, formatting, conversions, time, versions.
//! It uses only the syntax layer (`prepl-syntax`), re-exported here under the names the code
//! above uses (`crate::syntax`, `crate::error`, `crate::limits`, `crate::names`).
//!
//! - [`values`]: `Value` (reference-counted collections, insertion-ordered hashes), regexps,
//!   lazy iterators.
//! - [`types`]: `PType` and the type algebra (creation, instance checks, assignability,
//!   inference, common types, display, mismatch messages, explanations, Object types).
//! - [`format`]: `%p` and `%s` forms, `String(v, format)`, `sprintf`.
//! - [`convert`]: `T.new(...)`, conversions to each type.
//! - [`time`]: Timespan and Timestamp; [`versions`]: SemVer and SemVerRange.
//! - [`describe`]: how errors name a value's type; [`suggest`]: "Did you mean";
//!   [`expansion`]: the expanded size of values with shared parts, against the memory limit.
//! - [`msort`]: the merge sort of the reference's Ruby (glibc's `qsort_r`), which every
//!   sort that must order or fail as Ruby does uses.
//! - [`rcstr`]: strings made straight into their shared form (`Rc<str>`), in one allocation.
//!
//! Values hold types (`Type[T]` values) and types hold values (`Enum`, `Pattern`, `Struct`
//! keys, `Object` attributes' defaults), so `values` and `types` use each other; formatting
//! and conversion likewise (`String(v, fmt)` converts, conversions format): the modules of
//! this layer form one circle by design, and nothing outside them is in it.

pub use prepl_syntax as syntax;
pub use prepl_syntax::{error, limits, names};

pub mod convert;
pub mod cow;
pub mod describe;
pub mod expansion;
pub mod format;
pub mod msort;
pub mod rcstr;
pub mod suggest;
pub mod time;
pub mod types;
pub mod values;
pub mod versions;

pub use error::{Error, ErrorKind, Result, Source};
pub use types::create::SingleBound;
pub use values::Value;
