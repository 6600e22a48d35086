//! Property test: random mutations of the corpus programs never crash the parser or the
//! evaluator (no panic, no stack overflow, no hang): they give a value or an error.

use prepl_tests::*;
use std::time::Duration;

/// A small deterministic xorshift generator (no external crates needed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const FRAGMENTS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    "|",
    "$",
    "\"",
    "'",
    "@(END)",
    "\nEND\n",
    "${",
    "=>",
    "->",
    ",",
    ";",
    "*",
    "-",
    "+",
    "=~",
    "!",
    "?",
    ":",
    "::",
    ".",
    "/",
    "\\",
    "0x",
    "1e",
    "Integer[",
    "Struct[{",
    "undef",
    "default",
    "if ",
    "case ",
    "|$x|",
    "function f() {",
    "type T = ",
    "$0",
    "[[[[[[[[[[",
    "((((((((((",
    "\u{1F600}",
    "\t",
    "#",
    "/*",
];

fn mutate(rng: &mut Rng, src: &str) -> String {
    let mut chars: Vec<char> = src.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let pos = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 if !chars.is_empty() => {
                let end = (pos + 1 + rng.below(4)).min(chars.len());
                chars.drain(pos.min(chars.len())..end);
            }
            1 => {
                let frag = FRAGMENTS[rng.below(FRAGMENTS.len())];
                for (i, c) in frag.chars().enumerate() {
                    chars.insert(pos.min(chars.len()) + i, c);
                }
            }
            2 if chars.len() > 1 => {
                let a = rng.below(chars.len());
                let b = rng.below(chars.len());
                chars.swap(a, b);
            }
            _ => {
                let dup: String = chars.iter().take(pos).collect();
                chars.splice(0..0, dup.chars());
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_programs_never_crash() {
    with_big_stack(|| {
        let cases = load_corpus(&corpus_dir());
        assert!(!cases.is_empty());
        let watchdog = Watchdog::start();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let rounds: usize = std::env::var("FUZZ_ROUNDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(20000);
        for _ in 0..rounds {
            let case = &cases[rng.below(cases.len())];
            let src = mutate(&mut rng, &case.src);
            let got = run_case(&src, Duration::from_secs(5), &watchdog);
            assert_ne!(
                got.error.as_deref(),
                Some("PANIC"),
                "panic on mutated program: {src:?}"
            );
        }
    });
}

#[test]
fn deep_nesting_gives_an_error_not_a_crash() {
    with_big_stack(|| {
        let watchdog = Watchdog::start();
        for src in [
            "[".repeat(100_000),
            format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000)),
            format!("{}1{}", "(".repeat(50_000), ")".repeat(50_000)),
            "function f($n) { f($n + 1) } f(0)".to_string(),
            format!("{}1", "-".repeat(100_000)),
            format!("{}1", "!".repeat(100_000)),
        ] {
            let got = run_case(&src, Duration::from_secs(10), &watchdog);
            assert!(got.error.is_some() || got.value.is_some());
            assert_ne!(
                got.error.as_deref(),
                Some("PANIC"),
                "panic on {:?}",
                &src[..40.min(src.len())]
            );
        }
    });
}

/// What the libFuzzer targets run (fuzz/src/harness.rs), shared so that their inputs can be
/// replayed here without libFuzzer.
#[allow(dead_code)]
#[path = "../fuzz/src/harness.rs"]
mod harness;

/// Replays the inputs kept in fuzz/regressions/TARGET/ (crashes once found, and a sample of
/// what the fuzzers' corpora grew to) through the same code as the fuzz targets: each must
/// end, without a panic, within the evaluation budget. `kernel_wire` is replayed by the
/// kernel's own tests (kernel/src/wire.rs).
#[test]
fn fuzz_regressions_replay() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions");
    type Target = (&'static str, fn(&[u8]));
    let targets: [Target; 6] = [
        ("parse", harness::parse),
        ("eval", harness::eval),
        ("epp", harness::epp),
        ("format", harness::format),
        ("types", harness::types),
        ("versions_time", harness::versions_time),
    ];
    with_big_stack(move || {
        let mut replayed = 0;
        for (name, run) in targets {
            let mut files: Vec<_> = std::fs::read_dir(root.join(name))
                .map(|d| d.flatten().map(|e| e.path()).collect())
                .unwrap_or_default();
            files.sort();
            for file in files {
                let data = std::fs::read(&file).expect("readable");
                let started = std::time::Instant::now();
                run(&data);
                assert!(
                    started.elapsed() < Duration::from_secs(20),
                    "{} ran for {:?}",
                    file.display(),
                    started.elapsed()
                );
                replayed += 1;
            }
        }
        assert!(replayed > 0, "no fuzz inputs in {}", root.display());
    });
}
