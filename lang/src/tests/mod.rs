//! Tests of the lower layers (types and conversions, `prepl-core`) that need a whole session
//! to run: programs compared with the reference's answers, explanations of `=~` and `<`.

mod convert_reference_cases;
mod types_explain;
mod types_reference_cases;
mod types_sessions;
