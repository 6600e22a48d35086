//! Parses every `.pp` file under a directory, for profiling the lexer and parser.
//!
//! `parse_bench DIR [N]` parses each file N times (default 1) and prints the best wall time
//! of one pass; `parse_bench --hash DIR` prints, per file, the FNV-1a hash of the `Debug`
//! form of what `parse_with_warnings` returns (see `tests/module_asts.rs`).

use std::path::PathBuf;
use std::time::Instant;

/// The allocator the binaries install (allocation costs as in `prepl`).
#[global_allocator]
static ALLOCATOR: prepl_syntax::limits::CountingAlloc = prepl_syntax::limits::CountingAlloc;

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf29ce484222325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100000001b3)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let hash = args.first().is_some_and(|a| a == "--hash");
    let args = if hash { &args[1..] } else { &args[..] };
    let dir = PathBuf::from(args.first().expect("usage: parse_bench [--hash] DIR [N]"));
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let files = prepl_syntax::manifests_under(&dir);
    let sources: Vec<(String, String)> = files
        .iter()
        .map(|p| {
            let rel = p.strip_prefix(&dir).unwrap_or(p).display().to_string();
            (rel, std::fs::read_to_string(p).unwrap_or_default())
        })
        .collect();
    if hash {
        for (rel, src) in &sources {
            let result = prepl_syntax::parse_with_warnings(src);
            println!("{:016x} {rel}", fnv(&format!("{result:?}")));
        }
        return;
    }
    let bytes: usize = sources.iter().map(|(_, s)| s.len()).sum();
    let tokens: usize = sources
        .iter()
        .map(|(_, s)| prepl_syntax::lexer::lex(s).tokens.len())
        .sum();
    let mut best = f64::MAX;
    let mut failed = 0;
    for _ in 0..n {
        failed = 0;
        let start = Instant::now();
        for (_, src) in &sources {
            failed += usize::from(prepl_syntax::parse_with_warnings(src).is_err());
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{} files, {bytes} bytes, {tokens} tokens, {failed} not parsed; best of {n}: {:.2} ms",
        sources.len(),
        best * 1e3
    );
}
