//! `inline_epp` checked against the reference's recorded answers (`oracle.jsonl`: the value
//! in `%p` form, or the full error message as the reference logs it, and log lines).

use crate::format::to_programmatic;
use crate::Session;

struct Case {
    src: String,
    value: Option<String>,
    error: Option<String>,
    log: Vec<String>,
}

fn cases() -> Vec<Case> {
    include_str!("oracle.jsonl")
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|j| {
            let s = |k: &str| j.get(k).and_then(|v| v.as_str()).map(str::to_string);
            Case {
                src: s("src").unwrap_or_default(),
                value: s("value"),
                error: s("error"),
                log: j
                    .get("log")
                    .and_then(|l| l.as_array())
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default(),
            }
        })
        .collect()
}

fn run(src: &str) -> (Result<String, String>, Vec<String>) {
    let mut s = Session::new();
    let r = s
        .eval(src)
        .map(|v| to_programmatic(&v))
        .map_err(|e| e.full_message());
    let log = s
        .take_logs()
        .into_iter()
        .filter(|(l, _)| !matches!(l, crate::LogLevel::Debug | crate::LogLevel::Info))
        .map(|(l, m)| format!("{}: {m}", l.name()))
        .collect();
    (r, log)
}

#[test]
fn matches_the_reference() {
    let cases = cases();
    assert!(cases.len() >= 40);
    let mut failures = Vec::new();
    for c in &cases {
        let (got, log) = run(&c.src);
        let expected = match (&c.value, &c.error) {
            (Some(v), _) => Ok(v.clone()),
            (None, Some(e)) => Err(e.clone()),
            _ => continue,
        };
        if got != expected || log != c.log {
            failures.push(format!(
                "{}\n   expected {expected:?} {:?}\n   got      {got:?} {log:?}",
                c.src, c.log
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `epp(path)` with templates written to a temporary directory; expectations from the
/// reference (its answers for the same files under /tmp/epp, with the path replaced).
#[test]
fn epp_renders_files_by_absolute_path() {
    let dir = std::env::temp_dir().join(format!("prepl-epp-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().to_string()
    };
    let t = write("t.epp", "Hi <%= $n %>\n");
    let bad = write("bad.epp", "a <% 1 %> b");
    let p = write("p.epp", "<%- | String $n | -%>\n<%= $n %>\n<%= $nope %>");
    let d = dir.to_string_lossy().to_string();
    let none = format!("{d}/none.epp");
    let prefix = "Evaluation Error: Error while evaluating a Function Call, ";
    let cases: Vec<(String, Result<String, String>)> = vec![
        (format!("epp('{t}', {{n => 1}})"), Ok("\"Hi 1\\n\"".into())),
        (format!("epp('{none}')"), Err(format!("{prefix}Could not find template '{none}'"))),
        ("epp('t.epp', {n => 1})".into(), Err(format!("{prefix}Could not find template 't.epp'"))),
        (
            format!("epp('{bad}')"),
            Err(format!("{prefix}epp(): Invalid EPP: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form) (file: {bad}, line: 1, column: 6)")),
        ),
        (format!("epp('{p}', {{n => 'x'}})"), Err("Evaluation Error: Unknown variable: 'nope'.".into())),
        (format!("epp('{p}')"), Err(format!("{prefix}lambda: expects a value for parameter 'n'"))),
        (
            format!("epp('{p}', {{n => 1}})"),
            Err(format!("{prefix}lambda: parameter 'n' expects a String value, got Integer")),
        ),
        (format!("epp('{d}')"), Err(format!("{prefix}Is a directory @ io_fread - {d}"))),
        ("epp(1)".into(), Err(format!("{prefix}'epp' parameter 'path' expects a String value, got Integer"))),
        (
            format!("epp('{t}', {{'a b' => 1}})"),
            Err(format!("{prefix}'epp' parameter 'parameters' key of entry 'a b' expects a match for Pattern[/^\\w+$/], got 'a b'")),
        ),
        (
            format!("epp('{t}', {{n => 1}}, 2)"),
            Err(format!("{prefix}'epp' expects between 1 and 2 arguments, got 3")),
        ),
        (format!("epp('{t}')"), Err("Evaluation Error: Unknown variable: 'n'.".into())),
    ];
    let mut failures = Vec::new();
    for (src, expected) in cases {
        let (got, _) = run(&src);
        if got != expected {
            failures.push(format!(
                "{src}\n   expected {expected:?}\n   got      {got:?}"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn templates_are_reused_across_calls_and_sessions() {
    let src =
        "[1, 2, 3].map |$i| { inline_epp('<%- | Integer $n | -%><%= $n * 10 %>', {n => $i}) }";
    for _ in 0..2 {
        let (got, _) = run(src);
        assert_eq!(got, Ok("['10', '20', '30']".to_string()));
    }
    let (got, _) = run("$x = inline_epp('<%= $a %>', {a => 1}) $y = inline_epp('<%= $a %>', {a => 2}) \"${x}${y}\"");
    assert_eq!(got, Ok("'12'".to_string()));
}

/// One text given 300 different sets of parameters is compiled 300 times, and the cache
/// stays within its bound (each set is a variant of the text, counted as a template).
#[test]
fn a_text_with_many_parameter_sets_keeps_the_cache_bounded() {
    let (got, _) = run(
        "Integer[1, 300].map |$i| { inline_epp('<%= $x %>', { 'x' => $i, \"k${i}\" => 0 }) }[-1]",
    );
    assert_eq!(got, Ok("'300'".to_string()));
    let kept = super::compile::cached_templates();
    assert!(kept <= 128, "{kept} templates kept");
}

#[test]
fn long_loops_and_deep_nesting() {
    let (got, _) = run("inline_epp('<% Integer[1, 5000].each |$i| { %>x<% } %>').length");
    assert_eq!(got, Ok("5000".to_string()));
    // Templates calling templates stop at the evaluator's depth limit, without a crash.
    let deep =
        "function f($n) { if $n > 0 { inline_epp('<%= f($n - 1) %>') } else { 'end' } } f(100000)";
    let got = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || run(deep).0)
        .unwrap()
        .join()
        .unwrap();
    assert!(got.is_err_and(|e| e.contains("stack level too deep")));
}

#[test]
fn many_renders_of_one_template() {
    let start = std::time::Instant::now();
    let (got, _) = run("Integer[1, 3000].map |$i| { inline_epp('<%- | Integer $n | -%>n=<%= $n %>', {n => $i}) }[-1]");
    assert_eq!(got, Ok("'n=3000'".to_string()));
    eprintln!("3000 renders: {:?}", start.elapsed());
}

#[test]
fn runtime_errors_point_into_the_template() {
    let mut s = Session::new();
    let e = s.eval("$x = 1\ninline_epp('a\n<%= $nope %>')").unwrap_err();
    assert_eq!(e.message, "Unknown variable: 'nope'.");
    assert_eq!(
        e.source.as_ref().map(|s| s.name.as_str()),
        Some("inlined-epp-text")
    );
    assert_eq!(e.location(), Some((2, 5)));
    // (the reference's location names the text, from `-e` too: session 50, `puppet apply`)
    assert!(
        e.reference_message()
            .ends_with("(file: inlined-epp-text, line: 2, column: 5)"),
        "{}",
        e.reference_message()
    );
    assert!(
        e.render().ends_with("<%= $nope %>\n    ^"),
        "{}",
        e.render()
    );
}

/// A template compiled by a second thread is frozen for the process, with its lambdas'
/// frame layouts and its scan; a third thaws it and renders the same, its errors located
/// the same.
#[test]
fn compiled_once_per_process() {
    let template = "<%- | Array $xs, $sep = ',' | -%>\n<% $xs.each |$x| { -%><%= $x * 2 %><%= $sep %><% } -%>(shared test)\n<%= 1 + $xs[-1] %>\n";
    let src = |xs: &str| format!("inline_epp(@(EOT), {{ 'xs' => {xs} }})\n{template}| EOT\n");
    // (the value, or the error with its span in the template)
    let on_thread = |program: String| {
        std::thread::spawn(move || {
            Session::new()
                .eval(&program)
                .map(|v| to_programmatic(&v))
                .map_err(|e| format!("{} at {:?}", e.full_message(), e.span))
        })
        .join()
        .unwrap()
    };
    let runs = || {
        (
            on_thread(src("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]")),
            on_thread(src("['x']")),
        )
    };
    let first = runs();
    assert_eq!(
        first.0,
        Ok(r#""2,4,6,8,10,12,14,16,18,20,(shared test)\n11\n""#.to_string())
    );
    assert!(
        first
            .1
            .as_ref()
            .is_err_and(|e| e.contains("Numeric. at Some(")),
        "{first:?}"
    );
    // (the first thread noted it, the second froze it, the third thaws it; other tests
    // running beside this one can fill the process's table, which is then emptied: the
    // runs start again, a few times at most)
    let mut tries = 0;
    while super::shared::frozen(template) != Some(true) && tries < 5 {
        assert_eq!(runs(), first);
        tries += 1;
    }
    assert_eq!(super::shared::frozen(template), Some(true));
    assert!(super::shared::frozen_with_layouts(template));
    assert_eq!(runs(), first);
    // (the table may have been emptied since: a render keeps the scan again)
    let scan = super::shared::scan(template).or_else(|| {
        assert_eq!(runs(), first);
        super::shared::scan(template)
    });
    assert_eq!(
        scan.as_deref(),
        crate::syntax::epp::scan(template).ok().as_ref()
    );
}
