//! The library against the gem itself: `gem_cases.jsonl` holds HOCON texts with what
//! `Hocon::ConfigFactory.parse_string(text).resolve.root.unwrapped` gave in the reference's
//! Ruby (`value`: its `inspect`; `error`: `Class: message`), written by
//!
//! ```text
//! ruby -rhocon/config_factory -rjson -ne 's = JSON.parse($_); begin
//!   v = Hocon::ConfigFactory.parse_string(s).resolve.root.unwrapped
//!   puts JSON.generate({"src" => s, "value" => v.inspect}); rescue Exception => e
//!   puts JSON.generate({"src" => s, "error" => "#{e.class}: #{e.message}"}) end'
//! ```
//!
//! (one JSON string of HOCON text a line in; one process, in order: the gem loads a class
//! on first use, see `Val::with_fallback`). 200 of the cases are random documents on which
//! prepl agreed with the gem: `HOCON_GEM_CASES=FILE` runs another file of cases instead,
//! `HOCON_GEM_AGREEING=1` prints those that agree (`cargo test -p prepl-ruby --lib
//! hocon::tests::agrees -- --nocapture`). The parsehocon table
//! (tests/ruby_differential/hocon.py) checks the same through Puppet and the oracle.

use super::*;

/// What prepl gives for a text, as the cases write it.
fn outcome(text: &str) -> String {
    let done = parse::parse(text).and_then(|root| resolve::resolve(&root));
    match done {
        Ok(v) => match unwrapped(&v, 0) {
            Ok(v) => crate::show::inspect(&v),
            Err(_) => "unwrap failed".into(),
        },
        Err(e) if e.unsupported => format!("unsupported: {}", e.message),
        Err(e) => format!("{}: {}", e.class, e.message),
    }
}

#[test]
fn agrees_with_the_gem() {
    let mut failed = Vec::new();
    // (HOCON_GEM_CASES: another file of such cases, to try more)
    let more = std::env::var("HOCON_GEM_CASES").map(std::fs::read_to_string);
    let cases = match &more {
        Ok(Ok(text)) => text.as_str(),
        _ => include_str!("gem_cases.jsonl"),
    };
    for line in cases.lines() {
        let j: serde_json::Value = serde_json::from_str(line).expect("case");
        let src = j["src"].as_str().expect("src");
        let expected = j["value"]
            .as_str()
            .or(j["error"].as_str())
            .expect("value or error");
        let got = outcome(src);
        // (an object's address in a message: any)
        let address = |s: &str| {
            let mut out = String::new();
            let mut rest = s;
            while let Some(i) = rest.find("0x") {
                out.push_str(&rest[..i + 2]);
                rest = rest[i + 2..].trim_start_matches(|c: char| c.is_ascii_hexdigit());
            }
            out + rest
        };
        if std::env::var("HOCON_GEM_AGREEING").is_ok() && address(&got) == address(expected) {
            println!("AGREE {line}");
        }
        if address(&got) != address(expected) {
            failed.push(format!(
                "{src:?}\n    expected: {expected}\n    got:      {got}"
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} differ:\n{}",
        failed.len(),
        cases.lines().count(),
        failed.join("\n")
    );
}

#[test]
fn refusals() {
    assert!(outcome("include file(\"/etc/hosts\")").starts_with("unsupported: HOCON `include file"));
    // (integers beyond 64 bits are the subset's bignums)
    assert_eq!(
        outcome("a = 99999999999999999999, b = -0777777777777777777777777, c = 1e21, 1e21 = x"),
        "{\"a\"=>99999999999999999999, \"b\"=>-4722366482869645213695, \"c\"=>1000000000000000000000, \"1e21\"=>\"x\"}"
    );
    assert_eq!(
        outcome("a = \"\\ud800\""),
        "unsupported: a surrogate code point in a HOCON \\u escape (not UTF-8)"
    );
}

#[test]
fn deep_nesting_is_an_error() {
    // (prepl evaluates on a thread with a large stack; parsing and resolving move to new
    // stack segments as they go deeper, but dropping a value 2,000 deep does not)
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(deep_nesting)
        .expect("thread")
        .join()
        .expect("no panic");
}

fn deep_nesting() {
    let deep = format!("a = {}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert_eq!(outcome(&deep), "SystemStackError: stack level too deep");
    let deep = format!("a = {}{}", "{b = ".repeat(100_000), "}".repeat(100_000));
    assert_eq!(outcome(&deep), "SystemStackError: stack level too deep");
    let ok = format!("a = {}{}", "[".repeat(2000), "]".repeat(2000));
    assert!(outcome(&ok).starts_with("{\"a\"=>[[[["));
    let chain: String = (0..6000)
        .map(|i| format!("a{i} = ${{a{}}}\n", i + 1))
        .collect();
    assert_eq!(
        outcome(&format!("{chain}a6000 = 1")),
        "SystemStackError: stack level too deep"
    );
}

#[test]
fn an_object_over_an_unresolved_value_needs_the_gems_class_loaded() {
    // (a fresh thread: the gem's classes as a fresh process has them)
    std::thread::spawn(|| {
        let text = "a = ${b}, a {x: 1}, b = {y: 2}";
        assert!(
            outcome(text).starts_with(
                "NameError: uninitialized constant Hocon::Impl::ConfigDelayedMergeObject"
            ),
            "{}",
            outcome(text)
        );
        // (a value other than an object waiting for a merge loads it)
        assert_eq!(outcome("z = 1, z = ${z} 2"), "{\"z\"=>\"1 2\"}");
        assert_eq!(
            outcome(text),
            "{\"a\"=>{\"x\"=>1, \"y\"=>2}, \"b\"=>{\"y\"=>2}}"
        );
        // (made by merging two objects, the gem never resolves it)
        assert_eq!(
            outcome("x { a = ${b} }, x { a {} }, b = 1"),
            "Hocon::ConfigError::ConfigNotResolvedError: need to Config#resolve() before using this object, see the API docs for Config#resolve()"
        );
    })
    .join()
    .expect("no panic");
}

#[test]
fn random_text_never_panics() {
    // (seeded xorshift: the same texts every run)
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let pieces = [
        "a", "b.c", "=", ":", "+=", "+", "{", "}", "[", "]", ",", "\n", " ", "\t", "1", "-",
        "2.5e", "08", "\"", "\"\"\"", "\\", "\\u12", "${", "${?", "}", "$", "#", "//", "/",
        "include", "file(", ")", "true", "null", ".", "..", "é", "\u{a0}", "\u{0}", "@",
    ];
    for _ in 0..20_000 {
        let n = (next() % 16) as usize;
        let text: String = (0..n)
            .map(|_| pieces[(next() % pieces.len() as u64) as usize])
            .collect();
        let _ = outcome(&text);
    }
}
