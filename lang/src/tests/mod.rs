//! Tests of the lower layers (types and conversions, `prepl-core`; the catalog's JSON,
//! cycles and selections, `prepl-catalog`) that need a whole session to run: programs
//! compared with the reference's answers, explanations of `=~` and `<`, compiled catalogs;
//! and of what a session keeps when an input fails (`failed_inputs`).

mod catalog_cycles;
mod catalog_json;
mod catalog_select;
mod compiled_random;
mod convert_reference_cases;
mod failed_inputs;
mod types_explain;
mod types_reference_cases;
mod types_sessions;
