//! Compiled bodies against the tree walk on random programs: each program of a file
//! (`PREPL_COMPILED_PROGRAMS`, one JSON string per line, as the differential area `functions`
//! writes them: `tests/differential/areas/functions.py --write N FILE`) is evaluated in a
//! fresh session with compiling on and off; the values, logs and errors (with their spans)
//! must be the same. Needs no reference, so it sees a compiled form's divergence where the
//! reference fails too. Run on demand:
//!
//! ```sh
//! python3 tests/differential/areas/functions.py --write 4500 /tmp/progs.jsonl
//! PREPL_COMPILED_PROGRAMS=/tmp/progs.jsonl cargo test -p prepl-lang --lib compiled_random -- --ignored --nocapture
//! ```

use crate::format::to_programmatic;
use crate::Session;

/// The outcome of `src` and how many of its functions `f0`..`f2` ran compiled.
fn outcome(compile: bool, src: &str) -> (String, usize) {
    let mut s = Session::new();
    s.evaluator.compile_functions = compile;
    let result = match s.eval(src) {
        Ok(v) => to_programmatic(&v),
        Err(e) => format!("error {} at {:?}", e.message, e.span),
    };
    let logs = std::mem::take(&mut s.evaluator.logs);
    let compiled = ["f0", "f1", "f2"]
        .iter()
        .filter(|n| s.evaluator.functions.get(n).and_then(|f| f.is_compiled()) == Some(true))
        .count();
    (format!("{result} {logs:?}"), compiled)
}

#[test]
#[ignore = "on demand: needs PREPL_COMPILED_PROGRAMS (see the module doc)"]
fn compiled_random_programs_answer_as_the_tree_walk() {
    let path = std::env::var("PREPL_COMPILED_PROGRAMS")
        .expect("PREPL_COMPILED_PROGRAMS: a file of programs (see the module doc)");
    let text = std::fs::read_to_string(&path).expect("the programs' file");
    let (mut differing, mut compiled, mut total) = (Vec::new(), 0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let src: String = serde_json::from_str(line).expect("a JSON string per line");
        total += 1;
        let (with, n) = outcome(true, &src);
        let (without, _) = outcome(false, &src);
        compiled += n;
        if with != without {
            differing.push(format!("{src}\n  compiled: {with}\n  walked:   {without}"));
        }
    }
    eprintln!(
        "{total} programs, {compiled} functions compiled, {} differing",
        differing.len()
    );
    assert!(
        compiled > 0,
        "no function ran compiled: the programs test nothing"
    );
    assert!(differing.is_empty(), "{}", differing.join("\n\n"));
}
