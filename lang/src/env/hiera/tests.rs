//! Lookups in the fixture environments of `testdata/` compared with the reference's
//! answers (`testdata/expected.jsonl`, made by `puppet-oracle` from `testdata/cases.py`).

use crate::env::Environment;
use crate::Session;
use std::path::PathBuf;

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/env/hiera/testdata")
}

fn session_for(case: &serde_json::Value) -> Session {
    let dir = testdata().display().to_string();
    let mut s = Session::new();
    match case["env_dir"].as_str() {
        Some(env_dir) => {
            let env_dir = env_dir.replace("@TESTDATA@", &dir);
            s.set_environment(Environment::from_dir(PathBuf::from(env_dir), Vec::new()));
        }
        None => {
            let modulepath = case["modulepath"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| PathBuf::from(p.as_str().unwrap()))
                .collect();
            s.set_environment(Environment {
                modulepath,
                ..Environment::empty()
            });
        }
    }
    s.set_facts(crate::catalog::json::from_data(&case["facts"]));
    if let Some(n) = case["node"].as_str() {
        s.set_node_name(n);
    }
    // `$trusted` as the reference's script compiler (Puppet::Pal) has it: no certname.
    let trusted = s
        .eval("{'authenticated' => 'local', 'certname' => undef, 'extensions' => {}, 'hostname' => undef, 'domain' => undef, 'external' => {}}")
        .unwrap();
    s.set_variable("trusted", trusted);
    s
}

/// Deprecation warnings are shown once per process by the reference, so whether a case has
/// one depends on the cases before it.
fn is_deprecation(line: &str) -> bool {
    line.contains("is deprecated in favor of using 'lookup'")
        || line.contains("is deprecated. It should be converted to version 5")
}

/// Cases that need what other parts of the work provide (autoloading classes from modules),
/// and argument errors that name the reference's local type aliases (`NameType = ...`).
fn skipped(src: &str) -> bool {
    src.starts_with("include ")
        || src.starts_with("class ")
        || src == "lookup('nope', Integer, Data, 'default')"
}

#[test]
fn lookups_match_the_reference() {
    check_cases(include_str!("testdata/expected.jsonl"), 80);
}

/// Module data of Debian's packaged modules (ntp, systemd), where they are installed.
#[test]
fn packaged_module_data_matches_the_reference() {
    if !std::path::Path::new("/usr/share/puppet/modules/ntp/hiera.yaml").exists() {
        eprintln!("skipped: Debian's puppet modules are not installed");
        return;
    }
    check_cases(include_str!("testdata/modules_expected.jsonl"), 10);
}

fn check_cases(expected: &str, at_least: usize) {
    let dir = testdata().display().to_string();
    let mut failures = Vec::new();
    let mut count = 0;
    for line in expected.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let src = case["src"].as_str().unwrap();
        if skipped(src) {
            continue;
        }
        count += 1;
        let mut s = session_for(&case);
        let r = s.eval(src);
        let fix = |t: &str| t.replace("@TESTDATA@", &dir);
        let want_value = case["value"].as_str().map(fix);
        let want_error = case["error"].as_str().map(fix);
        let mut want_log: Vec<String> = case["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| fix(l.as_str().unwrap()))
            .filter(|l| !is_deprecation(l))
            .map(|l| l.split("\n   (file").next().unwrap().to_string())
            .collect();
        if want_error.is_some() {
            want_log.pop();
        }
        let log: Vec<String> = s
            .take_logs()
            .into_iter()
            .filter(|(l, _)| !matches!(l, crate::LogLevel::Debug | crate::LogLevel::Info))
            .map(|(l, m)| format!("{}: {m}", l.name()))
            .filter(|l| !is_deprecation(l))
            .map(|l| l.split("\n   (file").next().unwrap().to_string())
            .collect();
        let (value, error) = match r {
            Ok(v) => (Some(crate::format::to_programmatic(&v)), None),
            Err(e) => (None, Some(e.full_message())),
        };
        // YAML syntax errors are worded by the YAML library (libyaml's words differ).
        let brief = |e: &Option<String>| {
            e.as_ref()
                .map(|e| e.split("): ").next().unwrap_or(e).to_string())
        };
        let (error, want_error) = match &want_error {
            Some(w) if w.starts_with("Unable to parse (") => (brief(&error), brief(&want_error)),
            _ => (error, want_error),
        };
        if value != want_value || error != want_error || log != want_log {
            failures.push(format!(
                "{src}\n  expected: {want_value:?} {want_error:?} {want_log:?}\n  got:      {value:?} {error:?} {log:?}"
            ));
        }
    }
    assert!(count > at_least, "{count} cases");
    assert!(
        failures.is_empty(),
        "{} of {count} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn keys_split_like_the_reference() {
    use super::{split_key, Segment};
    assert_eq!(
        split_key("a.b.0"),
        Some(vec![
            Segment::Key("a".into()),
            Segment::Key("b".into()),
            Segment::Index(0)
        ])
    );
    assert_eq!(
        split_key("a.'b.c'"),
        Some(vec![Segment::Key("a".into()), Segment::Key("b.c".into())])
    );
    assert_eq!(split_key("a..b"), None);
    assert_eq!(split_key("a."), None);
    assert_eq!(split_key(".a"), None);
    assert_eq!(
        split_key("mod::x"),
        Some(vec![Segment::Key("mod::x".into())])
    );
}

#[test]
fn explain_names_levels_and_paths() {
    let case: serde_json::Value = serde_json::from_str(
        include_str!("testdata/expected.jsonl")
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    let mut s = session_for(&case);
    let text = super::explain(&mut s, "plain", None);
    assert!(text.contains("Searching for \"plain\""), "{text}");
    assert!(
        text.contains("Environment Data Provider (hiera configuration version 5)"),
        "{text}"
    );
    assert!(
        text.contains("Hierarchy entry \"Per-OS defaults\""),
        "{text}"
    );
    assert!(
        text.contains("Original path: \"os/%{facts.os.family}.yaml\""),
        "{text}"
    );
    assert!(
        text.contains("Found key: \"plain\" value: \"debian\""),
        "{text}"
    );
    assert!(text.contains("Path not found"), "{text}");
    let merged = super::explain(&mut s, "merged_hash", None);
    assert!(
        merged.contains("Using merge options from \"lookup_options\" hash"),
        "{merged}"
    );
    assert!(merged.contains("Merge strategy deep"), "{merged}");
    assert!(merged.contains("Merged result: {"), "{merged}");
}

#[test]
fn merges_as_deep_merge_does() {
    use super::merge::Strategy;
    let v = |src: &str| {
        let mut s = Session::new();
        s.eval(src).unwrap()
    };
    let deep =
        Strategy::from_value(Some(&v("{strategy => 'deep', knockout_prefix => '--'}"))).unwrap();
    let r = deep
        .merge(
            v("{a => ['--x', 'y'], b => '--'}"),
            v("{a => ['x', 'z'], b => 1, c => 2}"),
        )
        .unwrap();
    assert_eq!(
        crate::format::to_programmatic(&r),
        "{'a' => ['z', 'y'], 'b' => '', 'c' => 2}"
    );
    let unique = Strategy::from_value(Some(&v("'unique'"))).unwrap();
    let r = unique.merge(v("[1, [2]]"), v("[2, 3]")).unwrap();
    assert_eq!(crate::format::to_programmatic(&r), "[1, 2, 3]");
    assert!(Strategy::from_value(Some(&v("'nope'"))).is_err());
}

/// `puppet lookup --explain KEY` in `testdata/env1` (with `testdata/explain/facts.yaml`),
/// in `testdata/explain/KEY.txt` (`::` written `__`).
#[test]
fn explanations_match_puppet_lookup() {
    let dir = testdata().display().to_string();
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(testdata().join("explain")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let expected = std::fs::read_to_string(&path)
            .unwrap()
            .replace("@TESTDATA@", &dir);
        let key = path
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .replace("__", "::");
        let mut s = Session::new();
        s.set_environment(Environment::from_dir(testdata().join("env1"), Vec::new()));
        let facts = std::fs::read_to_string(testdata().join("explain/facts.yaml")).unwrap();
        s.set_facts(super::yaml::parse(&facts).unwrap());
        let trusted = s.eval("{'certname' => 'node1.example.com'}").unwrap();
        s.set_variable("trusted", trusted);
        let got = super::explain(&mut s, &key, None);
        if got != expected {
            let diff: Vec<String> = expected
                .lines()
                .zip(got.lines())
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .take(3)
                .map(|(i, (a, b))| format!("line {}:\n  expected: {a}\n  got:      {b}", i + 1))
                .collect();
            failures.push(format!(
                "{key} ({} lines expected, {} got)\n{}",
                expected.lines().count(),
                got.lines().count(),
                diff.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The global layer (`testdata/global/hiera.yaml`) comes before the environment's, and its
/// `lookup_options` win over the environment's. The expected values are the reference's
/// (`puppet-oracle` with that file as its `hiera_config`, over the fixture control repo).
#[test]
fn the_global_layer_comes_first() {
    let repo =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/control-repo/production");
    let mut s = Session::new();
    s.set_environment(Environment::from_dir(repo, Vec::new()));
    s.set_facts(crate::catalog::json::from_data(
        &serde_json::json!({"os": {"family": "Debian"}}),
    ));
    let src = "[lookup('common::message'), lookup('global::only'), lookup('profile::base::packages'), lookup('webapp::port', undef, undef, 0)]";
    let show = |s: &mut Session| {
        s.eval(src)
            .map(|v| crate::format::to_programmatic(&v))
            .map_err(|e| e.message)
    };
    assert!(show(&mut s).is_err(), "global::only without a global layer");
    s.set_hiera_config(Some(testdata().join("global/hiera.yaml")));
    assert_eq!(
        show(&mut s),
        Ok("['from global', 42, ['apt-transport-https', 'vim'], 0]".into())
    );
    let explained = super::explain(&mut s, "global::only", None);
    assert!(
        explained.contains("Global Data Provider (hiera configuration version 5)")
            && explained.contains("global/hiera.yaml"),
        "{explained}"
    );
}

/// The `%{...}` found by a byte search are those of the reference's `%\{([^\}]*)\}`.
#[test]
fn interpolations_are_found_as_the_reference_finds_them() {
    let re = regex::Regex::new(r"%\{([^\}]*)\}").unwrap();
    for subject in [
        "",
        "plain",
        "%{facts.os.family}",
        "nodes/%{trusted.certname}.yaml",
        "%{a}%{b}x%{ c }",
        "%{%{a}}",
        "%{unclosed",
        "%{a} then %{unclosed",
        "%{}%{::}",
        "%{lookup('k')}é%{ß}",
        "%%{x}}%{\n}",
    ] {
        let want: Vec<(usize, &str, usize)> = re
            .captures_iter(subject)
            .map(|c| {
                let whole = c.get(0).unwrap();
                (whole.start(), c.get(1).unwrap().as_str(), whole.end())
            })
            .collect();
        let mut got = Vec::new();
        let mut at = 0;
        while let Some(found) = super::interpolate::next_interpolation(subject, at) {
            at = found.2;
            got.push(found);
        }
        assert_eq!(got, want, "{subject:?}");
    }
}

/// A `hiera.yaml` that is a directory is the reference's error, not a layer without one
/// (it was ignored: lookups then found nothing, silently).
#[test]
fn a_hiera_yaml_directory_is_an_error() {
    let root = std::env::temp_dir().join(format!("prepl-hiera-dir-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("hiera.yaml")).unwrap();
    let mut s = Session::new();
    s.set_environment(Environment::from_dir(root.clone(), Vec::new()));
    let e = s.eval("lookup('x')").unwrap_err();
    assert_eq!(
        e.message,
        format!(
            "Error while evaluating a Function Call, Is a directory @ io_fread - {}",
            root.join("hiera.yaml").display()
        )
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// JSON data nested more than 100 deep is the reference's error (serde_json read up to
/// 128 levels).
#[test]
fn json_data_nested_past_100_is_refused() {
    let root = std::env::temp_dir().join(format!("prepl-hiera-json-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("data")).unwrap();
    std::fs::write(
        root.join("hiera.yaml"),
        "version: 5\nhierarchy:\n  - name: common\n    path: common.json\n    data_hash: json_data\n",
    )
    .unwrap();
    let nested = |n: usize| {
        format!(
            "{{\"a\": \"[{{\", \"b\": {}{}}}",
            "[".repeat(n),
            "]".repeat(n)
        )
    };
    let mut s = Session::new();
    s.set_environment(Environment::from_dir(root.clone(), Vec::new()));
    std::fs::write(root.join("data/common.json"), nested(99)).unwrap();
    assert_eq!(
        crate::format::to_programmatic(&s.eval("lookup('a')").unwrap()),
        "'[{'"
    );
    std::fs::write(root.join("data/common.json"), nested(100)).unwrap();
    let mut s = Session::new();
    s.set_environment(Environment::from_dir(root.clone(), Vec::new()));
    let e = s.eval("lookup('a')").unwrap_err();
    assert_eq!(
        e.message,
        format!(
            "Unable to parse ({}): nesting of 101 is too deep",
            root.join("data/common.json").display()
        )
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// An environment in a temporary directory with `data/common.yaml` holding `data`.
fn yaml_environment(name: &str, data: &str) -> (PathBuf, Session) {
    let root = std::env::temp_dir().join(format!("prepl-hiera-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("data")).unwrap();
    std::fs::write(
        root.join("hiera.yaml"),
        "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
    )
    .unwrap();
    std::fs::write(root.join("data/common.yaml"), data).unwrap();
    let mut s = Session::new();
    s.set_environment(Environment::from_dir(root.clone(), Vec::new()));
    (root, s)
}

/// A key whose value holds a Ruby symbol is the reference's error when looked up (the
/// other keys of the file are found; symbol keys are names); a Ruby class is the file's
/// error (issue 39: both were read as strings).
#[test]
fn symbols_and_ruby_classes_are_refused_as_the_reference_refuses_them() {
    let (root, mut s) = yaml_environment("symbols", "a: 1\n:b: 2\nc: [1, :x]\nd: !ruby/symbol y\n");
    let v = s.eval("[lookup('a'), lookup('b')]").unwrap();
    assert_eq!(crate::format::to_programmatic(&v), "[1, 2]");
    let path = root.join("data/common.yaml");
    for (key, t) in [("c", "Array[Any, 2, 2]"), ("d", "Runtime[ruby, 'Symbol']")] {
        let e = s.eval(&format!("lookup('{key}')")).unwrap_err();
        assert_eq!(
            e.message,
            format!(
                "Value for key '{key}', in hash returned from data_hash function 'yaml_data', when using location '{}', has wrong type, expects Puppet::LookupValue, got {t}",
                path.display()
            )
        );
    }
    std::fs::write(&path, "a: 1\nb: !!set {x, y}\n").unwrap();
    let e = s.eval("lookup('a')").unwrap_err();
    assert_eq!(
        e.message,
        format!(
            "Unable to parse ({}): Tried to load unspecified class: Psych::Set",
            path.display()
        )
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// Keys each interpolating the next: 999 levels are found, the 1,000th is the reference's
/// `stack level too deep` (100,000 overflowed the stack after 21 s).
#[test]
fn lookups_nested_through_interpolation_stop_at_a_thousand() {
    let chain = |n: usize| {
        let mut text: String = (0..n)
            .map(|i| format!("k{i}: \"%{{lookup('k{}')}}x\"\n", i + 1))
            .collect();
        text.push_str(&format!("k{n}: end\n"));
        text
    };
    let (root, mut s) = yaml_environment("chain", &chain(999));
    let v = s.eval("lookup('k0').length").unwrap();
    assert_eq!(crate::format::to_programmatic(&v), "1002");
    std::fs::write(root.join("data/common.yaml"), chain(100_000)).unwrap();
    let started = std::time::Instant::now();
    let e = s.eval("lookup('k0')").unwrap_err();
    assert_eq!(e.message, "stack level too deep");
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    std::fs::remove_dir_all(&root).unwrap();
}

/// Hierarchy paths are kept once interpolated, but only while the variables they read are
/// the same: a class's own `$role`, then the top scope's, then another session's facts on
/// the same thread (answers from the oracle).
#[test]
fn kept_paths_follow_the_variables_they_read() {
    let dir = std::env::temp_dir().join(format!("prepl-hiera-paths-{}", std::process::id()));
    for (file, text) in [
        (
            "hiera.yaml",
            "version: 5\nhierarchy:\n  - name: role\n    path: \"roles/%{role}.yaml\"\n  - name: os\n    path: \"os/%{facts.os.family}.yaml\"\n  - name: common\n    path: common.yaml\n",
        ),
        ("data/roles/web.yaml", "k: web\n"),
        ("data/roles/db.yaml", "k: db\n"),
        ("data/os/Debian.yaml", "k: debian\n"),
        ("data/common.yaml", "k: common\n"),
    ] {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let src = r#"$role = "none" class a { $role = "web" $v = lookup("k") } class b { $role = "db" $v = lookup("k") } include a include b [$a::v, $b::v, lookup("k")]"#;
    for (family, want) in [
        ("Debian", "['web', 'db', 'debian']"),
        ("RedHat", "['web', 'db', 'common']"),
        ("Debian", "['web', 'db', 'debian']"),
    ] {
        let mut s = Session::new();
        s.set_environment(Environment::from_dir(dir.clone(), Vec::new()));
        s.set_facts(crate::catalog::json::from_data(
            &serde_json::json!({"os": {"family": family}}),
        ));
        let got = s.eval(src).map(|v| crate::format::to_programmatic(&v));
        assert_eq!(got.map_err(|e| e.message), Ok(want.to_string()), "{family}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--explain` (REPL `:lookup KEY --explain`, kernel `%lookup KEY --explain`) never shows
/// a Sensitive value's text: one interpolated (`%{secret}`, `%{scope('secret')}`) is
/// `Sensitive [value redacted]`, as the reference interpolates it (the oracle: `$secret =
/// Sensitive('hunter2') lookup('k')` is `'pre-Sensitive [value redacted]-post'`); a value
/// `convert_to: Sensitive` makes Sensitive is found as the plain text the data file holds,
/// then converted, as `puppet lookup --explain` shows it (its lines). (A data provider
/// function returning Sensitive values, which the reference shows as `#<Sensitive [value
/// redacted]>`, is not supported by prepl.)
#[test]
fn explanations_redact_sensitive_values_as_puppet_lookup_does() {
    let env = std::env::temp_dir().join(format!("prepl-explain-sensitive-{}", std::process::id()));
    std::fs::create_dir_all(env.join("data")).unwrap();
    std::fs::write(
        env.join("hiera.yaml"),
        "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
    )
    .unwrap();
    std::fs::write(
        env.join("data/common.yaml"),
        "---\nlookup_options:\n  secret:\n    convert_to: Sensitive\nsecret: hunter2\n\
         k: \"pre-%{secret}-post\"\nh: \"%{scope('secret')}\"\n",
    )
    .unwrap();
    let mut s = Session::new();
    s.set_environment(Environment::from_dir(env.clone(), Vec::new()));
    s.eval("$secret = Sensitive('s3cret')").unwrap();
    let text = super::explain(&mut s, "k", None);
    assert!(
        text.contains("Found key: \"k\" value: \"pre-Sensitive [value redacted]-post\"\n"),
        "{text}"
    );
    let text = super::explain(&mut s, "h", None);
    assert!(
        text.contains("Found key: \"h\" value: \"Sensitive [value redacted]\"\n"),
        "{text}"
    );
    assert!(!text.contains("s3cret"), "{text}");
    let text = super::explain(&mut s, "secret", None);
    assert!(
        text.contains("        Found key: \"secret\" value: \"hunter2\"\n")
            && text.contains("Applying convert_to lookup_option with arguments [Sensitive]"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&env);
}

/// A hierarchy level's files are kept for the evaluation (`paths.rs`): a path that reads a
/// variable of the calling scope finds each scope's own file, and a data file written
/// between two inputs of a session is found by the next.
#[test]
fn kept_locations_follow_variables_and_inputs() {
    let dir = std::env::temp_dir().join(format!("prepl-hiera-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(
        dir.join("hiera.yaml"),
        "version: 5\nhierarchy:\n  - name: role\n    path: \"%{role}.yaml\"\n  - name: common\n    path: common.yaml\n",
    )
    .unwrap();
    std::fs::write(dir.join("data/web.yaml"), "k: web\n").unwrap();
    std::fs::write(dir.join("data/common.yaml"), "k: common\n").unwrap();
    let mut s = Session::new();
    s.set_environment(Environment::from_dir(dir.clone(), Vec::new()));
    let got = s
        .eval(
            "$role = 'top'
             class a { $role = 'web' $k = lookup('k') }
             class b { $role = 'db' $k = lookup('k') }
             include a, b
             [$a::k, $b::k, lookup('k')]",
        )
        .unwrap();
    assert_eq!(
        crate::format::to_programmatic(&got),
        "['web', 'common', 'common']"
    );
    std::fs::write(dir.join("data/db.yaml"), "k: db\n").unwrap();
    let got = s
        .eval("class c { $role = 'db' $k = lookup('k') } include c $c::k")
        .unwrap();
    assert_eq!(crate::format::to_programmatic(&got), "'db'");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A class's parameters are searched in Hiera only when a layer has a hierarchy level: with
/// data they are found, with `hierarchy: []` the defaults stay (the searches are skipped),
/// and a `hiera.yaml` that is a directory is still the error of the declaration.
#[test]
fn class_parameters_are_searched_where_a_layer_has_levels() {
    let (root, mut s) = yaml_environment("levels", "k::p: from data\n");
    let src = "class k(String $p = 'default', String $q = 'q') {}\ninclude k\n[$k::p, $k::q]";
    let run = |s: &mut Session| {
        s.eval(src)
            .map(|v| crate::format::to_programmatic(&v))
            .map_err(|e| e.message)
    };
    assert_eq!(run(&mut s), Ok("['from data', 'q']".into()));
    std::fs::write(root.join("hiera.yaml"), "version: 5\nhierarchy: []\n").unwrap();
    let mut s = Session::new();
    s.set_environment(Environment::from_dir(root.clone(), Vec::new()));
    assert_eq!(run(&mut s), Ok("['default', 'q']".into()));
    std::fs::remove_file(root.join("hiera.yaml")).unwrap();
    std::fs::create_dir(root.join("hiera.yaml")).unwrap();
    let mut s = Session::new();
    s.set_environment(Environment::from_dir(root.clone(), Vec::new()));
    let e = run(&mut s).unwrap_err();
    assert!(e.contains("Is a directory @ io_fread"), "{e}");
    std::fs::remove_dir_all(&root).unwrap();
}

/// `convert_to` given as a string is a type written as text, read as the reference reads it
/// (no evaluation; a name of no type is a reference). The expected answers are the oracle's.
#[test]
fn convert_to_types_are_read_as_text() {
    let (root, mut s) = yaml_environment(
        "convert-to-text",
        "---\nlookup_options:\n  a:\n    convert_to: 'Integer'\n  b:\n    convert_to: 'Integer[$x]'\n  \
         c:\n    convert_to: 'Foo::Bar'\n  d:\n    convert_to: ['Array[Integer]', true]\n\
         a: '12'\nb: '12'\nc: '12'\nd: 12\n",
    );
    let mut answer = |key: &str| match s.eval(&format!("lookup('{key}')")) {
        Ok(v) => crate::format::to_programmatic(&v),
        Err(e) => e.message,
    };
    assert_eq!(answer("a"), "12");
    assert_eq!(
        answer("b"),
        "Invalid data type in lookup_options for key 'b' could not parse 'Integer[$x]', error: \
         'The expression <$x> is not a valid type specification."
    );
    assert_eq!(
        answer("c"),
        "The convert_to lookup_option for key 'c' raised error: Creation of new instance of \
         type 'TypeReference['Foo::Bar']' is not supported"
    );
    assert_eq!(answer("d"), "[12]");
    let _ = std::fs::remove_dir_all(&root);
}

/// An interpolation during a class's automatic parameter lookup names a variable of the
/// class itself: the class is not evaluated yet (the reference registers its scope after
/// the lookup); in its body, and after it, the variable has its value (`testdata/envapl`,
/// answers of `puppet-oracle`; found by the `hiera` differential area).
#[test]
fn a_class_is_not_evaluated_during_its_own_parameter_lookup() {
    let env = testdata().join("envapl").display().to_string();
    let not_evaluated = "Evaluation Error: Error while evaluating a Function Call, Undefined variable 'app::who'; class app has not been evaluated";
    for (src, want, log) in [
        ("include app", Err(not_evaluated), vec![]),
        ("include app::nogreet", Err(not_evaluated), vec![]),
        (
            "class { 'app': greeting => 'g' }",
            Ok("[Class['App']]"),
            vec!["notice: world again"],
        ),
        (
            "class { 'app': greeting => 'g' } notice(lookup('app::greeting'))",
            Ok("undef"),
            vec!["notice: world again", "notice: hello world"],
        ),
    ] {
        let mut s = session_for(&serde_json::json!({"env_dir": env, "facts": {}}));
        let got = s
            .eval(src)
            .map(|v| crate::format::to_programmatic(&v))
            .map_err(|e| e.full_message());
        assert_eq!(
            got,
            want.map(str::to_string).map_err(str::to_string),
            "{src}"
        );
        let lines: Vec<String> = s
            .take_logs()
            .into_iter()
            .map(|(l, m)| format!("{}: {m}", l.name()))
            .collect();
        assert_eq!(lines, log, "{src}");
    }
}

/// A deep merge's key the lower level lacks: the gem merges the value into its shallow copy,
/// so arrays inside are merged into themselves (`testdata/envko`, answers of
/// `puppet-oracle`; found by the `hiera` differential area).
#[test]
fn knockouts_merged_into_the_same_array_as_the_gem_does() {
    let env = testdata().join("envko").display().to_string();
    let nested = "{'other' => 1, 'log' => {'mode' => {'--port' => ['alpha', 'beta']}}, 'list' => ['b', 'a']}";
    let opts = "{'opts' => [3, 'vim'], 'naked' => ['x']}";
    for (key, extra, want) in [
        ("nested", "", nested),
        ("nested", ", merge_hash_arrays => true", nested),
        (
            "nested",
            ", sort_merged_arrays => true",
            "{'other' => 1, 'log' => {'mode' => {'--port' => ['alpha', 'beta']}}, 'list' => ['a', 'b']}",
        ),
        ("opts", "", opts),
        ("opts", ", sort_merged_arrays => true", opts),
        ("opts", ", merge_hash_arrays => true", opts),
    ] {
        let src =
            format!("lookup('{key}', {{merge => {{strategy => deep, knockout_prefix => '--'{extra}}}}})");
        let mut s = session_for(&serde_json::json!({"env_dir": env, "facts": {}}));
        let got = s.eval(&src).map(|v| crate::format::to_programmatic(&v));
        assert_eq!(got.map_err(|e| e.full_message()), Ok(want.to_string()), "{src}");
    }
}

/// A hash merged deeply over a level's value that is no hash: the gem's destination becomes
/// the hash at its first key, and its other keys' values are merged into themselves (arrays
/// made unique and knocked out as they are walked, `'--'` strings knocked out); an empty
/// hash leaves the value (`testdata/envhashover`, answers of `puppet-oracle`; found by the
/// `hiera` differential area, seed 7).
#[test]
fn a_hash_over_a_value_that_is_no_hash_is_merged_into_itself_after_its_first_key() {
    let env = testdata().join("envhashover").display().to_string();
    for (src, want) in [
        (
            "lookup('k1', {merge => {strategy => deep, knockout_prefix => '--'}})",
            "{'x' => '--', 'y' => ['p'], 'z' => '', 'w' => {'v' => ''}}",
        ),
        ("lookup('k2', {merge => deep})", "'kept'"),
        ("lookup('k3', {merge => deep})", "{'a' => [1, 1, 2]}"),
        (
            "lookup('k4', {merge => {strategy => deep, sort_merged_arrays => true}})",
            "{'a' => [1, 1, 2], 'b' => [3]}",
        ),
    ] {
        let mut s = session_for(&serde_json::json!({"env_dir": env, "facts": {}}));
        let got = s.eval(src).map(|v| crate::format::to_programmatic(&v));
        assert_eq!(
            got.map_err(|e| e.full_message()),
            Ok(want.to_string()),
            "{src}"
        );
    }
}
