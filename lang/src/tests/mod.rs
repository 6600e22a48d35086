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

/// Writes `text` to `file` under `root`, making its directories (module fixtures of tests).
pub(crate) fn write_file(root: &std::path::Path, file: &str, text: &str) {
    let path = root.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}
