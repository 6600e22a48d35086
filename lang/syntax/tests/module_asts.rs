//! Every manifest of the packaged modules parses to the same result as when the hash list
//! was made (`tests/data/module_ast_hashes.txt`: the FNV-1a hash of the `Debug` form of
//! `parse_with_warnings`'s result, tree and spans, warnings or error, per file). A change of
//! the lexer or parser meant to be invisible (a faster scan) must leave it unchanged; a
//! change of the syntax tree's types or of what is parsed regenerates it, with
//!
//!     cargo run --release -p prepl-syntax --example parse_bench -- \
//!         --hash /usr/share/puppet/modules > lang/syntax/tests/data/module_ast_hashes.txt
//!
//! and says so in its commit.

use std::path::Path;

const MODULES: &str = "/usr/share/puppet/modules";

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf29ce484222325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100000001b3)
    })
}

#[test]
fn packaged_modules_parse_as_recorded() {
    let dir = Path::new(MODULES);
    if !dir.is_dir() {
        eprintln!("skipped: no {MODULES}");
        return;
    }
    let files = prepl_syntax::manifests_under(dir);
    let mut got = String::new();
    for path in &files {
        let source = std::fs::read_to_string(path).unwrap();
        let result = prepl_syntax::parse_with_warnings(&source);
        let rel = path.strip_prefix(dir).unwrap().display();
        got.push_str(&format!("{:016x} {rel}\n", fnv(&format!("{result:?}"))));
    }
    let want = include_str!("data/module_ast_hashes.txt");
    let differing: Vec<&str> = got
        .lines()
        .zip(want.lines())
        .filter(|(g, w)| g != w)
        .map(|(g, _)| g)
        .collect();
    assert!(
        differing.is_empty() && got.lines().count() == want.lines().count(),
        "{} of {} files parse differently (or the file list changed), e.g. {:?}",
        differing.len(),
        files.len(),
        &differing[..differing.len().min(5)]
    );
}
