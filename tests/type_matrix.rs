//! The type system's reference matrix, run end to end (source text through the parser and
//! evaluator): instance-of and assignability of ~60 types against each other in both
//! directions, type equality, `type()` in all three fidelities over ~90 values, type
//! creation and printing. The expectations are the reference's answers, recorded in
//! `lang/core/src/types/testdata/*.jsonl`; `type_matrix_known.txt` lists the deliberate deviations
//! (see docs/deviations.md) and the cases not yet in agreement.

use prepl_tests::*;
use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

const FILES: &[&str] = &[
    "assignable",
    "equal",
    "instance",
    "infer",
    "display",
    "create",
];

fn load(file: &Path) -> Vec<(String, Outcome)> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|j| {
            let s = |k: &str| j.get(k).and_then(|v| v.as_str()).map(str::to_string);
            (
                s("src").unwrap_or_default(),
                Outcome {
                    value: s("value"),
                    error: s("error"),
                    log: Vec::new(),
                },
            )
        })
        .collect()
}

#[test]
fn type_matrix_agrees_with_the_reference() {
    with_big_stack(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let data = root.join("../lang/core/src/types/testdata");
        let known: BTreeSet<String> = std::fs::read_to_string(root.join("type_matrix_known.txt"))
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect();
        let watchdog = Watchdog::start();
        let (mut total, mut failures, mut failing) = (0, Vec::new(), Vec::new());
        for name in FILES {
            for (src, expected) in load(&data.join(format!("{name}.jsonl"))) {
                total += 1;
                let mut got = run_case(&src, Duration::from_secs(10), &watchdog);
                got.log.clear();
                if got != expected {
                    failing.push(src.clone());
                }
                if got != expected && !known.contains(&src) {
                    failures.push(format!(
                        "{src}\n  expected: {}\n  got:      {}",
                        expected.summary(),
                        got.summary()
                    ));
                }
            }
        }
        assert!(total > 15_000, "only {total} cases found");
        if std::env::var("TYPE_MATRIX_WRITE_KNOWN").is_ok() {
            let header = "# Type matrix cases that differ from the reference: deliberate deviations\n\
                          # (docs/deviations.md) and cases not yet in agreement. Regenerate with\n\
                          # TYPE_MATRIX_WRITE_KNOWN=1 cargo test -p prepl-tests --test type_matrix\n";
            let body: String = failing.iter().map(|s| format!("{s}\n")).collect();
            std::fs::write(
                root.join("type_matrix_known.txt"),
                format!("{header}{body}"),
            )
            .expect("write known list");
            return;
        }
        assert!(
            failures.is_empty(),
            "{} of {total} cases differ:\n{}",
            failures.len(),
            failures.join("\n")
        );
    });
}

#[test]
fn huge_and_deep_values_are_typed_quickly() {
    with_big_stack(|| {
        let watchdog = Watchdog::start();
        let start = Instant::now();
        let cases = [
            ("type(Integer[1, 100000].map |$i| { $i }, 'reduced')", "Array[Integer[1, 100000], 100000, 100000]"),
            ("type(Integer[1, 100000].map |$i| { \"s${i}\" }, 'generalized')", "Array[String[2, 7]]"),
            ("Integer[1, 100000].map |$i| { [$i, 'a'] } =~ Array[Tuple[Integer, String]]", "true"),
            ("$a = Integer[1, 2000].reduce([]) |$m, $i| { [$m] } type($a, 'generalized') =~ Type", "true"),
            ("type Tree = Array[Variant[Integer, Tree]] [1, [2, [3, [4]]]] =~ Tree", "true"),
            ("type A = Variant[Integer, Array[B]] type B = Variant[String, Array[A]] ['a', [1, ['b']]] =~ A", "true"),
        ];
        for (src, expected) in cases {
            let got = run_case(src, Duration::from_secs(20), &watchdog);
            assert_eq!(
                got.value.as_deref(),
                Some(expected),
                "{src}: {}",
                got.summary()
            );
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "took {:?}",
            start.elapsed()
        );
    });
}
