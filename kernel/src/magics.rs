//! The magics a cell may start with: their names, for completion and for the suggestion
//! after an unknown one. Each magic runs in its own module (`catalog`, `facts`,
//! `environment`, `why`, `debugger`), dispatched by the session worker.

/// Every magic a cell may start with (completion, and the suggestion for an unknown one).
pub const MAGICS: &[&str] = &[
    "%break",
    "%breaks",
    "%catalog",
    "%classes",
    "%defines",
    "%delete",
    "%diff",
    "%disable",
    "%enable",
    "%env",
    "%facts",
    "%hiera-config",
    "%lookup",
    "%lsmagic",
    "%modulepath",
    "%reset",
    "%resource_types",
    "%set",
    "%why",
];
