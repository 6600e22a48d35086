//! Deep nesting and long chains (issue 17): expressions nested 10,000 levels deep evaluate
//! and print, 100,000 levels give the nesting error and the session goes on; chains of
//! left-associative operators have no depth limit; user functions recurse far deeper than
//! the reference allows (under 300 calls). All on a thread with an ordinary 8 MiB stack:
//! the evaluator grows its stack on demand (`prepl::limits::deep`).
//!
//! Before the stack grew on demand, the parser refused nesting past 500 levels and chains
//! past 500 terms, and calls past 1,000.

use prepl::{ErrorKind, Session};

/// Each kind of nesting, `n` levels deep, and the value it has printed.
fn shapes(n: usize) -> Vec<(&'static str, String, String)> {
    let nested_array = format!("{}1{}", "[".repeat(n), "]".repeat(n));
    let heredocs = format!(
        "{}1{}\n{}",
        (0..n).map(|i| format!("[@(E{i}), ")).collect::<String>(),
        "]".repeat(n),
        (0..n)
            .map(|i| format!("  h\n  |-E{i}\n"))
            .collect::<String>()
    );
    let heredocs_value = format!("{}1{}", "['h', ".repeat(n), "]".repeat(n));
    vec![
        ("arrays", nested_array.clone(), nested_array.clone()),
        (
            "hashes",
            format!("{}1{}", "{a => ".repeat(n), "}".repeat(n)),
            format!("{}1{}", "{'a' => ".repeat(n), "}".repeat(n)),
        ),
        (
            "parentheses",
            format!("{}1{}", "(".repeat(n), ")".repeat(n)),
            "1".into(),
        ),
        (
            "if",
            format!("{}1{}", "if true { ".repeat(n), " }".repeat(n)),
            "1".into(),
        ),
        (
            "lambdas",
            format!("{}$x{}", "[1].map |$x| { ".repeat(n), " }".repeat(n)),
            nested_array,
        ),
        (
            "unary operators",
            format!("{}true", "!".repeat(n)),
            n.is_multiple_of(2).to_string(),
        ),
        ("heredocs", heredocs, heredocs_value),
    ]
}

fn on_thread(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(f)
        .expect("thread")
        .join()
        .expect("no panic, no overflow");
}

fn value(s: &mut Session, src: &str) -> String {
    match s.eval(src) {
        Ok(v) => prepl::format::try_programmatic(&v).expect("printable"),
        Err(e) => panic!("{}: {}", &src[..src.len().min(40)], e.message),
    }
}

#[test]
fn ten_thousand_levels_of_each_kind_evaluate_and_print() {
    on_thread(|| {
        let mut s = Session::new();
        for (kind, src, expected) in shapes(10_000) {
            assert!(value(&mut s, &src) == expected, "{kind}");
        }
    });
}

#[test]
fn a_hundred_thousand_levels_are_an_error_and_the_session_survives() {
    on_thread(|| {
        let mut s = Session::new();
        s.eval("$kept = 42").expect("setup");
        for (kind, src, _) in shapes(100_000) {
            let e = s.eval(&src).expect_err(kind);
            assert_eq!(e.kind, ErrorKind::Limit, "{kind}: {}", e.message);
            assert!(e.message.contains("too deep"), "{kind}: {}", e.message);
        }
        assert_eq!(value(&mut s, "$kept + 1"), "43");
    });
}

#[test]
fn chains_of_left_associative_operators_have_no_depth_limit() {
    on_thread(|| {
        let n = 100_000;
        let mut s = Session::new();
        let plus = format!("1{}", " + 1".repeat(n - 1));
        assert_eq!(value(&mut s, &plus), n.to_string());
        let and = format!("true{}", " and true".repeat(n - 1));
        assert_eq!(value(&mut s, &and), "true");
        let or = format!("false{} or 'x' == 'X'", " or false".repeat(n - 2));
        assert_eq!(value(&mut s, &or), "true");
        let methods = format!("'a'{}", ".upcase.downcase".repeat(n / 2));
        assert_eq!(value(&mut s, &methods), "'a'");
        let access = format!("'abc'{}", "[0]".repeat(n));
        assert_eq!(value(&mut s, &access), "'a'");
        // an error at the end of a chain is placed as the reference places it: at the
        // start of the chain (the span of the failing `+`)
        let failing = format!("1{} + 'x'", " + 1".repeat(n));
        let e = s.eval(&failing).expect_err("'x' is no number");
        assert_eq!(e.message, "The value 'x' cannot be converted to Numeric.");
        assert_eq!(
            e.span.map(|sp| (sp.start, sp.end as usize)),
            Some((0, failing.len()))
        );
    });
}

#[test]
fn user_functions_recurse_deeper_than_the_reference() {
    on_thread(|| {
        let mut s = Session::new();
        s.eval("function f($n) { if $n == 0 { 0 } else { f($n - 1) + 1 } }")
            .expect("definition");
        // the reference stops between 200 and 300 calls ("stack level too deep")
        assert_eq!(value(&mut s, "f(5000)"), "5000");
        let e = s.eval("f(100000)").expect_err("too deep");
        assert_eq!(e.message, "stack level too deep");
        assert_eq!(value(&mut s, "f(3)"), "3");
    });
}

/// The text of `String(src)`.
fn text(s: &mut Session, src: &str) -> String {
    match s.eval(&format!("String({src})")) {
        Ok(prepl::Value::String(text)) => text.to_string(),
        other => panic!("{src}: {:?}", other.map_err(|e| e.message)),
    }
}

#[test]
fn types_ten_thousand_levels_deep_are_inferred_printed_and_matched() {
    // Before, inference, printing and matching of types stopped at 500 levels: the type of
    // a deeper value was cut off with `Any` (`$v =~ type($v)` was false) and printed `...`.
    // The expected texts are the reference's (checked at 1,000 levels).
    on_thread(|| {
        let n = 10_000;
        let mut s = Session::new();
        let nest = |open: &str, inner: &str, close: &str| {
            format!("{}{inner}{}", open.repeat(n), close.repeat(n))
        };
        for (name, src) in [
            ("v", nest("[", "1", "]")),
            ("x", nest("[", "'x'", "]")),
            ("h", nest("{a => ", "1", "}")),
            ("t", nest("Array[", "Integer", "]")),
            ("u", nest("Array[", "Numeric", "]")),
        ] {
            value(&mut s, &format!("${name} = {src}"));
        }
        let detailed = nest("Tuple[", "Integer[1, 1]", "]");
        assert!(text(&mut s, "type($v)") == detailed);
        assert!(value(&mut s, "type($v)") == detailed);
        assert!(text(&mut s, "type($v, 'reduced')") == nest("Array[", "Integer[1, 1]", ", 1, 1]"));
        assert!(text(&mut s, "type($v, 'generalized')") == nest("Array[", "Integer", "]"));
        assert!(text(&mut s, "type($h)") == nest("Struct[{'a' => ", "Integer[1, 1]", "}]"));
        assert!(
            text(&mut s, "type($h, 'reduced')")
                == nest("Hash[String, ", "Integer[1, 1]", ", 1, 1]")
        );
        assert!(text(&mut s, "type($h, 'generalized')") == nest("Hash[String, ", "Integer", "]"));
        assert!(text(&mut s, "$t") == nest("Array[", "Integer", "]"));
        assert!(value(&mut s, "type($t)") == format!("Type[{}]", nest("Array[", "Integer", "]")));
        for (program, expected) in [
            ("$v =~ type($v)", "true"),
            ("$v =~ type($v, 'reduced')", "true"),
            ("$v =~ type($v, 'generalized')", "true"),
            ("$h =~ type($h)", "true"),
            ("$h =~ type($h, 'generalized')", "true"),
            ("$x =~ type($v)", "false"),
            ("$x =~ type($v, 'generalized')", "false"),
            ("$v =~ $t", "true"),
            ("$x =~ $t", "false"),
            ("$v =~ $u", "true"),
            ("$v =~ Data", "true"),
            ("$x =~ RichData", "true"),
            ("$t < $u", "true"),
            ("$u < $t", "false"),
            ("$t == type($v, 'generalized')", "true"),
            ("type($v) < $t", "true"),
            ("type($x) < $t", "false"),
            ("type($h) < Data", "true"),
            ("case $v { $t: { 'yes' } default: { 'no' } }", "'yes'"),
            (
                "assert_type($u, $x) |$e, $a| { 'mismatch' } =~ String",
                "true",
            ),
        ] {
            assert_eq!(value(&mut s, program), expected, "{program}");
        }
        value(
            &mut s,
            &format!(
                "function f({} $a) {{ 'called' }}",
                nest("Array[", "Integer", "]")
            ),
        );
        assert_eq!(value(&mut s, "f($v)"), "'called'");
        let e = s.eval("f($x)").expect_err("a mismatch");
        assert!(e.message.contains("expects"), "{}", e.message);
    });
}

#[test]
fn aliases_that_refer_to_themselves_stay_bounded() {
    on_thread(|| {
        let mut s = Session::new();
        value(&mut s, "type A = Variant[Integer, A]");
        value(&mut s, "type Tree = Variant[Integer, Array[Tree]]");
        assert_eq!(value(&mut s, "'x' =~ A"), "false");
        assert_eq!(value(&mut s, "3 =~ A"), "true");
        let tree = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(value(&mut s, &format!("{tree} =~ Tree")), "true");
        assert_eq!(value(&mut s, "Integer < A"), "false");
        assert_eq!(value(&mut s, "Array[Integer] < Array[Tree]"), "true");
    });
}

#[test]
fn values_nested_deeper_than_types_follow_are_errors_not_wrong_types() {
    // A value nested by iteration past limits::MAX_VALUE_DEPTH (100,000 levels): type()
    // and matching it against Data fail with an error instead of answering with a type cut
    // off with `Any` or a wrong `false`. (This needed a 256 MiB stack while dropping such a
    // value, or its type, recursed on the thread's stack.)
    on_thread(|| {
        let mut s = Session::new();
        value(
            &mut s,
            "$d = Integer[1, 100001].reduce([1]) |$m, $i| { [$m] }",
        );
        for program in ["type($d)", "type($d, 'reduced')", "type($d, 'generalized')"] {
            let e = s.eval(program).expect_err("too deep");
            assert!(
                e.message.ends_with(
                    "The value is nested too deeply to infer its type (more than 100000 levels)"
                ),
                "{program}: {}",
                e.message
            );
        }
        for program in ["$d =~ Data", "$d =~ RichData"] {
            let e = s.eval(program).expect_err("too deep");
            assert!(
                e.message.ends_with(
                    "The value is nested too deeply to match a type (more than 100000 levels)"
                ),
                "{program}: {}",
                e.message
            );
        }
        assert_eq!(value(&mut s, "$d =~ Array"), "true");
        let shallower = "Integer[1, 99990].reduce([1]) |$m, $i| { [$m] }";
        assert_eq!(value(&mut s, &format!("{shallower} =~ Data")), "true");
        assert_eq!(
            value(
                &mut s,
                &format!("String(type({shallower}, 'generalized')).length")
            ),
            // 99,991 arrays: `Array[` and `]` each, around `Integer`
            (99_991 * 7 + 7).to_string()
        );
    });
}

/// Values nested by iteration, one level a step: the first value, the step (`$m` is the
/// value so far) and how many levels. Each depth overflowed the 8 MiB stack of `on_thread`
/// in a debug build when dropping recursed (arrays from about 50,000 levels, types from
/// about 200,000).
const ITERATED: [(&str, &str, &str, usize); 8] = [
    ("arrays", "[]", "[$m]", 100_000),
    ("hashes", "{}", "{a => $m}", 100_000),
    ("hash keys", "{}", "{[$m] => $i}", 50_000),
    ("Sensitive arrays", "1", "Sensitive([$m])", 50_000),
    (
        "Sensitive hashes",
        "1",
        "Sensitive({a => $m, b => $i})",
        50_000,
    ),
    ("objects", "1", "Node({next => $m})", 50_000),
    ("types", "Integer", "Array[$m]", 300_000),
    (
        "mixed",
        "[]",
        "[{s => Sensitive([$m, $i])}, Node({next => $i})]",
        50_000,
    ),
];

#[test]
fn values_nested_by_iteration_are_dropped_without_recursion() {
    // Built by `reduce`, a value nests as deep as the loop runs (literals stop at 30,000
    // levels). Dropping it used to recurse once a level on the thread's stack, and
    // overflowed (a few million levels overflowed even the binaries' 512 MiB stacks).
    // Dropped as a lambda's variable at the end of the call, as a temporary, and with the
    // session: a million levels of arrays, the binaries' case (about 4 s in a debug build).
    on_thread(|| {
        let mut s = Session::new();
        value(&mut s, "type Node = Object[{attributes => {next => Any}}]");
        let build = |start: &str, step: &str, n: usize| {
            format!("Integer[1, {n}].reduce({start}) |$m, $i| {{ {step} }}")
        };
        for (kind, start, step, n) in ITERATED {
            let local = format!(
                "[1].each |$_| {{ $local = {} }}\n'dropped'",
                build(start, step, n)
            );
            assert_eq!(value(&mut s, &local), "'dropped'", "{kind}");
        }
        for (kind, start, step, n) in &ITERATED[..2] {
            let temporary = format!("{} =~ Any", build(start, step, *n));
            assert_eq!(value(&mut s, &temporary), "true", "{kind}");
        }
        value(
            &mut s,
            &format!("$kept = {}", build("[]", "[$m]", 1_000_000)),
        );
        assert_eq!(value(&mut s, "$kept =~ Array[Array]"), "true");
        drop(s);
    });
}

#[test]
fn lazy_iterators_nested_by_iteration_are_built_in_linear_time() {
    // `reverse_each` and `step` check that their argument is `Iterable`; for an iterator,
    // that check used to infer the element type down the whole chain of iterators and
    // the array at its end: 100,000 levels took 85 s in a release build. The check no
    // longer looks inside an iterator, so this takes well under a second.
    on_thread(|| {
        let mut s = Session::new();
        let started = std::time::Instant::now();
        let chain = "$it = Integer[1, 100000].reduce([1, 2, 3]) |$m, $i| { \
                     if $i % 2 == 0 { $m.reverse_each } else { $m.step(1) } }\n\
                     [$it =~ Iterator, $it =~ Iterable]";
        assert_eq!(value(&mut s, chain), "[true, true]");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "built in {:?}",
            started.elapsed()
        );
        // The element type is still the source's, through the whole chain.
        assert_eq!(value(&mut s, "$it =~ Iterator[Integer]"), "true");
        assert_eq!(value(&mut s, "$it =~ Iterator[String]"), "false");
        assert_eq!(value(&mut s, "type($it)"), "Iterator[Integer[1, 3]]");
    });
}
