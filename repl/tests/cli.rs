//! The non-interactive mode: `-e`, a file argument and piped standard input print the value
//! of the last expression on stdout, log lines and errors on stderr, with no prompts or
//! colours. Expected values are the reference's (`puppet-oracle`).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn prepl(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_prepl"))
        .args(args)
        .env_remove("NO_COLOR")
        // (no global modules of this machine: the tests give their own)
        .env("PREPL_BASEMODULEPATH", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prepl runs");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("write stdin");
    drop(input);
    child.wait_with_output().expect("prepl ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn execute_prints_the_value() {
    let out = prepl(&["-e", "[1, 2].map |$x| { $x * 2 }"], None);
    assert_eq!(text(&out.stdout), "[2, 4]\n");
    assert_eq!(text(&out.stderr), "");
    assert!(out.status.success());
}

#[test]
fn logs_go_to_stderr() {
    let out = prepl(
        &["-e", "notice(\"hi\"); warning(\"careful\"); \"done\""],
        None,
    );
    assert_eq!(text(&out.stdout), "'done'\n");
    assert_eq!(text(&out.stderr), "Notice: hi\nWarning: careful\n");
}

#[test]
fn errors_exit_with_status_one() {
    let out = prepl(&["-e", "$nosuch"], None);
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "Error: Evaluation Error: Unknown variable: 'nosuch'. (line: 1, column: 1)\n$nosuch\n^\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// `-e` and stdin locate declarations by line only, as the reference's `puppet apply -e`;
/// a file by its name.
#[test]
fn locations_in_messages_of_e_stdin_and_files() {
    let src = "notify { n: }\nnotify { n: }";
    let duplicate = "already declared at (line: 1); cannot redeclare (line: 2)";
    let out = prepl(&["-e", src], None);
    assert!(
        text(&out.stderr).contains(duplicate),
        "{}",
        text(&out.stderr)
    );
    let out = prepl(&[], Some(src));
    assert!(
        text(&out.stderr).contains(duplicate),
        "{}",
        text(&out.stderr)
    );
    let path = scratch_file("locations.pp", src);
    let out = prepl(&[path.to_str().expect("utf-8 path")], None);
    let f = path.display();
    assert!(
        text(&out.stderr).contains(&format!(
            "at (file: {f}, line: 1); cannot redeclare (file: {f}, line: 2)"
        )),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn empty_input_is_undef() {
    assert_eq!(text(&prepl(&["-e", "  "], None).stdout), "undef\n");
}

#[test]
fn piped_stdin_and_files() {
    let src = "$a = {\"k\" => [1, \"two\"]}\n$a";
    let out = prepl(&[], Some(src));
    assert_eq!(text(&out.stdout), "{'k' => [1, 'two']}\n");
    let path = std::env::temp_dir().join(format!("prepl-cli-{}.pp", std::process::id()));
    std::fs::write(&path, src).expect("write the file");
    let out = prepl(&[path.to_str().expect("utf-8 path")], None);
    let _ = std::fs::remove_file(&path);
    assert_eq!(text(&out.stdout), "{'k' => [1, 'two']}\n");
    let out = prepl(&["/nonexistent/file.pp"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("Error: Could not read file /nonexistent/file.pp"));
}

/// The global modules (the reference's basemodulepath) come after the modulepath given, from
/// PREPL_BASEMODULEPATH or --basemodulepath ('' for none); only existing directories.
#[test]
fn base_modulepath_from_the_variable_and_the_option() {
    let root = std::env::temp_dir().join(format!("prepl-cli-base-{}", std::process::id()));
    let (own, base) = (root.join("own"), root.join("base"));
    for (dir, text) in [(&own, "own"), (&base, "base")] {
        std::fs::create_dir_all(dir.join("m/manifests")).expect("mkdir");
        std::fs::write(
            dir.join("m/manifests/init.pp"),
            format!("class m {{ notice('{text}') }}"),
        )
        .expect("write");
    }
    std::fs::create_dir_all(base.join("g/manifests")).expect("mkdir");
    std::fs::write(base.join("g/manifests/init.pp"), "class g { notice('g') }").expect("write");
    let run = |args: &[&str], variable: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_prepl"))
            .args(args)
            .env("PREPL_BASEMODULEPATH", variable)
            .output()
            .expect("prepl runs");
        (text(&out.stderr), out.status.code())
    };
    let base_text = format!("{}:{}", base.display(), root.join("missing").display());
    assert_eq!(
        run(&["-e", "include m, g"], &base_text),
        ("Notice: base\nNotice: g\n".into(), Some(0))
    );
    let own_text = own.to_str().expect("utf-8");
    assert_eq!(
        run(
            &["--modulepath", own_text, "-e", "include m, g"],
            &base_text
        ),
        ("Notice: own\nNotice: g\n".into(), Some(0))
    );
    let (err, status) = run(&["--basemodulepath", "", "-e", "include g"], &base_text);
    assert_eq!(status, Some(1));
    assert!(err.contains("Could not find class ::g"), "{err}");
    let (err, _) = run(&["--basemodulepath", &base_text, "-e", "include g"], "");
    assert_eq!(err, "Notice: g\n");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn help_version_and_bad_arguments() {
    let out = prepl(&["--help"], None);
    assert!(text(&out.stdout).starts_with("Usage: prepl"));
    let out = prepl(&["--version"], None);
    assert_eq!(
        text(&out.stdout),
        format!("prepl {}\n", env!("CARGO_PKG_VERSION"))
    );
    let out = prepl(&["--bogus"], None);
    assert_eq!(out.status.code(), Some(2));
}

// --- The catalog (`--catalog`, `--node`, `--facts`). Expected resources and edges are the
// reference's (`puppet-oracle --catalog`).

fn scratch_file(name: &str, content: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("prepl-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, content).expect("write the file");
    path
}

/// The whole of stdout as one JSON document.
fn catalog_of(out: &Output) -> serde_json::Value {
    serde_json::from_str(&text(&out.stdout)).unwrap_or_else(|e| {
        panic!(
            "stdout is not one JSON document ({e}):\n{}",
            text(&out.stdout)
        )
    })
}

/// The resources of a catalog as `Type[title] {parameters}` lines and its edges as
/// `Source -> Target`, as `puppet-oracle --catalog` prints them.
fn summary(catalog: &serde_json::Value) -> Vec<String> {
    let mut lines = Vec::new();
    for r in catalog["resources"].as_array().expect("resources") {
        let mut line = format!(
            "{}[{}]",
            r["type"].as_str().expect("type"),
            r["title"].as_str().expect("title")
        );
        if let Some(params) = r["parameters"].as_object().filter(|p| !p.is_empty()) {
            let ps: Vec<String> = params.iter().map(|(k, v)| format!("{k} => {v}")).collect();
            line.push_str(&format!(" {{ {} }}", ps.join(", ")));
        }
        lines.push(line);
    }
    for e in catalog["edges"].as_array().expect("edges") {
        lines.push(format!(
            "edge: {} -> {}",
            e["source"].as_str().expect("source"),
            e["target"].as_str().expect("target")
        ));
    }
    lines
}

#[test]
fn catalog_mode_prints_only_the_catalog() {
    let out = prepl(
        &[
            "--catalog",
            "--node",
            "web01.example.com",
            "-e",
            "$x = 1 + 1",
        ],
        None,
    );
    assert_eq!(text(&out.stderr), "");
    assert!(out.status.success());
    let catalog = catalog_of(&out);
    assert_eq!(catalog["name"], "web01.example.com");
    assert!(catalog["resources"].is_array(), "{catalog}");
    assert!(text(&out.stdout).starts_with("{\n  \""), "pretty JSON");
}

#[test]
fn catalog_mode_errors_exit_with_status_one() {
    let out = prepl(&["--catalog", "-e", "$nosuch"], None);
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "Error: Evaluation Error: Unknown variable: 'nosuch'. (line: 1, column: 1)\n$nosuch\n^\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn default_facts_are_this_machines_and_facterdb_sets_by_filter() {
    let out = prepl(
        &["--node", "web01.example.com", "-e", "[$kernel, $facts['kernel'], $os['family'] =~ String, $processorcount > 0, $trusted['certname'], $trusted['domain'], $environment]"],
        None,
    );
    assert_eq!(text(&out.stderr), "");
    assert_eq!(
        text(&out.stdout),
        "['Linux', 'Linux', true, true, 'web01.example.com', 'example.com', 'production']\n"
    );
    // A facterdb of its own (PREPL_FACTERDB), the newest Facter version chosen.
    let dir = std::env::temp_dir().join(format!("prepl-cli-facterdb-{}", std::process::id()));
    for (version, family) in [("3.14", "Debian"), ("4.2", "RedHat"), ("4.10", "RedHat")] {
        std::fs::create_dir_all(dir.join(version)).expect("mkdir");
        std::fs::write(
            dir.join(version).join(format!("{}-9-x86_64.facts", family.to_lowercase())),
            format!(r#"{{"osfamily": "{family}", "os": {{"family": "{family}", "release": {{"major": "9"}}}}, "facterversion": "{version}"}}"#),
        )
        .expect("write");
    }
    let run = |filter: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_prepl"))
            .args([
                "--facts-for",
                filter,
                "-e",
                "[$osfamily, $facts['facterversion']]",
            ])
            .env("PREPL_FACTERDB", &dir)
            .env("PREPL_BASEMODULEPATH", "")
            .output()
            .expect("prepl runs");
        (text(&out.stdout), text(&out.stderr))
    };
    assert_eq!(
        run("os.family=RedHat and os.release.major=9"),
        ("['RedHat', '4.10']\n".to_string(), String::new())
    );
    assert_eq!(
        run("debian-9"),
        ("['Debian', '3.14']\n".to_string(), String::new())
    );
    let (out, err) = run("os.family=Suse");
    assert_eq!(out, "");
    assert!(
        err.starts_with("Error: No facterdb fact set matches 'os.family=Suse'"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn facts_from_yaml_and_json_files() {
    let yaml = scratch_file(
        "facts.yaml",
        "---\nos:\n  family: Debian\n  release:\n    major: '12'\nprocessors:\n  count: 4\n",
    );
    let json = scratch_file(
        "facts.json",
        r#"{"os": {"family": "Debian", "release": {"major": "12"}}, "processors": {"count": 4}}"#,
    );
    let src = "\"${facts['os']['family']} ${os['release']['major']} ${$processors['count'] + 1}\"";
    for file in [&yaml, &json] {
        let out = prepl(&["--facts", file.to_str().expect("utf-8"), "-e", src], None);
        assert_eq!(text(&out.stderr), "");
        assert_eq!(text(&out.stdout), "'Debian 12 5'\n");
    }
    let _ = std::fs::remove_file(&yaml);
    let _ = std::fs::remove_file(&json);
    let bad = scratch_file("bad.yaml", "- just\n- a list\n");
    let out = prepl(&["--facts", bad.to_str().expect("utf-8"), "-e", "1"], None);
    let _ = std::fs::remove_file(&bad);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("must hold a hash of facts"));
    let out = prepl(&["--facts", "/nonexistent/facts.yaml", "-e", "1"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("Error: Could not read the facts file"));
}

#[test]
fn catalog_of_a_resource() {
    // puppet-oracle --catalog -e "notify { 'hi': message => 'hello' }"
    let out = prepl(
        &["--catalog", "-e", "notify { 'hi': message => 'hello' }"],
        None,
    );
    assert_eq!(text(&out.stderr), "");
    assert!(out.status.success());
    assert_eq!(
        summary(&catalog_of(&out)),
        [
            "Stage[main] { name => \"main\" }",
            "Class[Settings]",
            "Class[main] { name => \"main\" }",
            "Notify[hi] { message => \"hello\" }",
            "edge: Stage[main] -> Class[Settings]",
            "edge: Stage[main] -> Class[main]",
            "edge: Class[main] -> Notify[hi]",
        ]
    );
    // The same from standard input and from a file.
    let out = prepl(&["--catalog"], Some("notify { 'hi': message => 'hello' }"));
    assert_eq!(summary(&catalog_of(&out)).len(), 7);
    let file = scratch_file("hi.pp", "notify { 'hi': message => 'hello' }");
    let out = prepl(&["--catalog", file.to_str().expect("utf-8")], None);
    let _ = std::fs::remove_file(&file);
    assert_eq!(summary(&catalog_of(&out)).len(), 7);
}

#[test]
fn catalog_with_classes_and_relationships() {
    let src = "class web {
      package { 'nginx': ensure => installed }
      -> file { '/etc/nginx/nginx.conf': ensure => file }
      ~> service { 'nginx': ensure => running }
    }
    include web";
    let out = prepl(&["--catalog", "-e", src], None);
    assert_eq!(text(&out.stderr), "");
    assert_eq!(
        summary(&catalog_of(&out)),
        [
            "Stage[main] { name => \"main\" }",
            "Class[Settings]",
            "Class[main] { name => \"main\" }",
            "Class[Web]",
            "Package[nginx] { ensure => \"installed\", before => [\"File[/etc/nginx/nginx.conf]\"] }",
            "File[/etc/nginx/nginx.conf] { ensure => \"file\", notify => [\"Service[nginx]\"] }",
            "Service[nginx] { ensure => \"running\" }",
            "edge: Stage[main] -> Class[Settings]",
            "edge: Stage[main] -> Class[main]",
            "edge: Stage[main] -> Class[Web]",
            "edge: Class[Web] -> Package[nginx]",
            "edge: Class[Web] -> File[/etc/nginx/nginx.conf]",
            "edge: Class[Web] -> Service[nginx]",
        ]
    );
}

#[test]
fn catalog_for_a_node_with_facts() {
    let src = "node 'web01.example.com' { notify { \"in node on ${facts['os']['family']}\": } }
               node default { notify { 'default': } }";
    let facts = scratch_file("node-facts.yaml", "os:\n  family: Debian\n");
    let facts_arg = facts.to_str().expect("utf-8");
    let out = prepl(
        &[
            "--catalog",
            "--node",
            "web01.example.com",
            "--facts",
            facts_arg,
            "-e",
            src,
        ],
        None,
    );
    let other = prepl(&["--catalog", "--facts", facts_arg, "-e", src], None);
    let _ = std::fs::remove_file(&facts);
    assert_eq!(text(&out.stderr), "");
    let catalog = catalog_of(&out);
    assert_eq!(catalog["name"], "web01.example.com");
    assert_eq!(
        summary(&catalog),
        [
            "Stage[main] { name => \"main\" }",
            "Class[Settings]",
            "Class[main] { name => \"main\" }",
            "Node[web01.example.com]",
            "Notify[in node on Debian]",
            "edge: Stage[main] -> Class[Settings]",
            "edge: Stage[main] -> Class[main]",
            "edge: Class[main] -> Node[web01.example.com]",
            "edge: Node[web01.example.com] -> Notify[in node on Debian]",
        ]
    );
    assert!(summary(&catalog_of(&other)).contains(&"Notify[default]".to_string()));
}

#[test]
fn catalog_errors_print_no_catalog() {
    let out = prepl(&["--catalog", "-e", "notify { a: }\nnotify { a: }"], None);
    assert_eq!(text(&out.stdout), "");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("Error: Evaluation Error: Error while evaluating a Resource Statement, Duplicate declaration: Notify[a] is already declared at (line: 1); cannot redeclare (line: 2)"),
        "{err}"
    );
}

#[test]
fn values_nested_millions_deep_are_dropped_without_overflow() {
    // A value built by `reduce` nests as deep as the loop runs. Dropping it (here the
    // lambda's variable, at the end of the call) used to recurse once a level: 2,000,000
    // levels overflowed the evaluation thread's 512 MiB stack in a debug build, 12,000,000
    // in a release build. (The session's own variables are not dropped: the process ends.)
    let src = "[1].each |$_| { $d = Integer[1, 2500000].reduce([]) |$m, $i| { [$m] } }\n'ok'";
    let out = prepl(&["-e", src], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim_end(), "'ok'");
}

/// Hostile inputs end with short errors: an endless file, a binary file, a huge line, the
/// memory limit (issue 17).
#[test]
fn endless_binary_and_huge_inputs_are_short_errors() {
    let out = prepl(&["/dev/zero"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).trim(),
        "Error: Could not read file /dev/zero: the program is larger than 64 MiB (the limit for source text)"
    );
    let binary = std::env::temp_dir().join(format!("prepl-cli-{}-binary", std::process::id()));
    std::fs::write(&binary, b"notice(1)\n\xff\xfe\x00").expect("write the file");
    let out = prepl(&[binary.to_str().unwrap()], None);
    assert!(
        text(&out.stderr).contains("not UTF-8 text (invalid byte at offset 10)"),
        "{}",
        text(&out.stderr)
    );
    let deep = format!("{}$x{}", "[".repeat(200_000), "]".repeat(200_000));
    let file = scratch_file("deep.pp", &deep);
    let out = prepl(&[file.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stderr.len() < 1000,
        "{} bytes of errors",
        out.stderr.len()
    );
    let out = prepl(
        &[
            "--memory-limit",
            "64M",
            "-e",
            "Integer[1, 40].reduce('x') |$m, $x| { \"$m$m\" }",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("Out of memory"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn check_reports_every_error_with_its_position() {
    let good = scratch_file("check-good.pp", "class a(Integer $x = 1) { notice($x) }\n");
    let bad = scratch_file("check-bad.pp", "$a = 1\n$0 = 2\n$1 = 3\n");
    let broken = scratch_file("check-broken.pp", "$x = [1,\n");
    let (good, bad, broken) = (
        good.display().to_string(),
        bad.display().to_string(),
        broken.display().to_string(),
    );
    let out = prepl(&["--check", &good], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "1 file checked, 0 with errors (0 errors)\n"
    );
    let out = prepl(&["--check", &good, &bad, &broken], None);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "{bad}:2:1: error: Illegal attempt to assign to the numeric match result variable '$0'"
        )),
        "{err}"
    );
    assert!(err.contains(&format!("{bad}:3:1: error: ")), "{err}");
    assert!(
        err.contains(&format!(
            "{broken}:2:1: error: Syntax error at end of input"
        )),
        "{err}"
    );
    assert!(
        err.ends_with("3 files checked, 2 with errors (3 errors)\n"),
        "{err}"
    );
}

/// Every `.pp` file of Debian's packaged modules (`apt-get install puppet-module-*`) passes
/// `prepl --check`, in one process; skipped where they are not installed.
#[test]
fn check_passes_every_packaged_module_file() {
    let root = std::path::Path::new("/usr/share/puppet/modules");
    let mut files = Vec::new();
    fn walk(dir: &std::path::Path, files: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                walk(&p, files);
            } else if p.extension().is_some_and(|e| e == "pp") {
                files.push(p.display().to_string());
            }
        }
    }
    walk(root, &mut files);
    if files.is_empty() {
        eprintln!("no packaged modules under {}: skipped", root.display());
        return;
    }
    let mut args = vec!["--check"];
    args.extend(files.iter().map(String::as_str));
    let out = prepl(&args, None);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.ends_with(&format!(
            "{} files checked, 0 with errors (0 errors)\n",
            files.len()
        )),
        "{err}"
    );
}

#[test]
fn integer_bounds_option_chooses_the_reading_of_one_bound() {
    let src =
        "[Integer[1], 5 =~ Integer[1], Timespan[2] == Timespan[2, default], Integer[1, default]]";
    // The reference's reading by default, in -e, a file and standard input (the oracle:
    // [Integer[1], true, true, Integer[1]]).
    let reference = "[Integer[1], true, true, Integer[1]]";
    let default = prepl(&["-e", src], None);
    assert_eq!(text(&default.stdout).trim(), reference);
    let piped = prepl(&[], Some(src));
    assert_eq!(text(&piped.stdout).trim(), reference);
    let file = std::env::temp_dir().join(format!("prepl-bounds-{}.pp", std::process::id()));
    std::fs::write(&file, src).unwrap();
    let from_file = prepl(&[file.to_str().unwrap()], None);
    let _ = std::fs::remove_file(&file);
    assert_eq!(text(&from_file.stdout).trim(), reference);
    let explicit = prepl(&["--integer-bounds", "reference", "-e", src], None);
    assert_eq!(text(&explicit.stdout).trim(), reference);
    // The spec's: the exact value; the open range prints its `default`.
    let spec = prepl(&["--integer-bounds", "spec", "-e", src], None);
    assert_eq!(
        text(&spec.stdout).trim(),
        "[Integer[1, 1], false, false, Integer[1, default]]"
    );
    let bad = prepl(&["--integer-bounds", "loose", "-e", "1"], None);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("--integer-bounds expects spec or reference"));
}

/// Issue 17: nesting 10,000 levels deep evaluates and prints (the parser refused 500
/// before), 100,000 levels is a short error; long chains have no depth limit. As `-e`
/// (where the argument fits the kernel's 128 KiB limit), a file and standard input.
#[test]
fn deep_nesting_and_long_chains() {
    let n = 10_000;
    let cases = [
        (
            format!("{}1{}", "[".repeat(n), "]".repeat(n)),
            format!("{}1{}", "[".repeat(n), "]".repeat(n)),
        ),
        (
            format!("{}1{}", "{a => ".repeat(n), "}".repeat(n)),
            format!("{}1{}", "{'a' => ".repeat(n), "}".repeat(n)),
        ),
        (format!("{}1{}", "(".repeat(n), ")".repeat(n)), "1".into()),
        (
            format!("{}1{}", "if true { ".repeat(n), " }".repeat(n)),
            "1".into(),
        ),
        (
            format!("{}$x{}", "[1].map |$x| { ".repeat(n), " }".repeat(n)),
            format!("{}1{}", "[".repeat(n), "]".repeat(n)),
        ),
        (format!("1{}", " + 1".repeat(199_999)), "200000".into()),
        (format!("'a'{}", ".upcase".repeat(100_000)), "'A'".into()),
    ];
    for (i, (src, expected)) in cases.iter().enumerate() {
        let file = scratch_file(&format!("nested-{i}.pp"), src);
        let mut outs = vec![
            prepl(&[file.to_str().unwrap()], None),
            prepl(&[], Some(src)),
        ];
        if src.len() < 100_000 {
            outs.push(prepl(&["-e", src], None));
        }
        for out in outs {
            assert_eq!(out.status.code(), Some(0), "{i}: {}", text(&out.stderr));
            assert_eq!(text(&out.stdout).trim_end(), expected, "{i}");
        }
    }
    let too_deep = format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000));
    let out = prepl(&[], Some(&too_deep));
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("Expression nesting is too deep"), "{err}");
    assert!(err.len() < 1000, "{} bytes of errors", err.len());
}

#[test]
fn repeat_runs_the_program_in_fresh_sessions_and_prints_the_last_output() {
    // Each run starts afresh, whether the runs share one thread (by default) or each has
    // its own (--fresh-threads): a variable, function or class defined by one run is not
    // there in the next (defining it again would otherwise fail), and only the last run's
    // log lines and value are printed; with --time each run prints its time.
    for threads in [&[][..], &["--fresh-threads"][..]] {
        let mut args = vec![
            "--repeat",
            "3",
            "--time",
            "-e",
            "$x = 1 function f() { 2 } class c { notice(\"once ${f()}\") } include c $x + f()",
        ];
        args.extend_from_slice(threads);
        let out = prepl(&args, None);
        assert_eq!(text(&out.stdout), "3\n", "{threads:?}");
        let stderr = text(&out.stderr);
        assert_eq!(stderr.matches("Evaluation time: ").count(), 3, "{stderr}");
        assert_eq!(stderr.matches("Notice: once 2").count(), 1, "{stderr}");
        assert!(out.status.success());
        // Standard input is read once and evaluated each time.
        let mut args = vec!["--repeat", "2", "--catalog"];
        args.extend_from_slice(threads);
        let out = prepl(&args, Some("file { '/tmp/x': }"));
        assert!(text(&out.stdout).contains("File[/tmp/x]"), "{out:?}");
        assert!(out.status.success());
    }
}

#[test]
fn repeat_stops_at_the_first_failing_run() {
    for threads in [&[][..], &["--fresh-threads"][..]] {
        let mut args = vec!["--repeat", "3", "-e", "fail('no')"];
        args.extend_from_slice(threads);
        let out = prepl(&args, None);
        assert_eq!(text(&out.stdout), "");
        let stderr = text(&out.stderr);
        assert_eq!(stderr.matches("Evaluation Error").count(), 1, "{stderr}");
        assert_eq!(out.status.code(), Some(1));
    }
    let out = prepl(&["--repeat", "0", "-e", "1"], None);
    assert!(text(&out.stderr).contains("--repeat expects a number of runs"));
    assert_eq!(out.status.code(), Some(2));
}

/// Issue 37 §1: what `puppet apply` adds to Facter's facts is in every fact set: this
/// machine's, and a facts file's where it lacks them (a fact the file has keeps its value).
/// `puppet apply --noop --certname web01.example.com -e 'notice([$clientcert, $clientversion,
/// $clientnoop, $facts["puppetversion"], $facts["facterversion"]])'` gives
/// `[web01.example.com, 7.23.0, true, 7.23.0, 4.3.0]`; with `--environment dev`,
/// `$agent_specified_environment` is `dev`.
#[test]
fn the_facts_puppet_apply_adds_are_in_every_fact_set() {
    let src = "[$clientcert, $clientversion, $clientnoop, $facts['puppetversion'], \
               $facts['facterversion'], defined('$agent_specified_environment')]";
    let out = prepl(&["--node", "web01.example.com", "-e", src], None);
    assert_eq!(text(&out.stderr), "");
    assert_eq!(
        text(&out.stdout),
        "['web01.example.com', '7.23.0', true, '7.23.0', '4.3.0', false]\n"
    );
    let facts = scratch_file("agent-facts.yaml", "kernel: Linux\nclientversion: 6.28.0\n");
    let out = prepl(
        &[
            "--facts",
            facts.to_str().expect("utf-8"),
            "--node",
            "db01",
            "-e",
            src,
        ],
        None,
    );
    let _ = std::fs::remove_file(&facts);
    assert_eq!(text(&out.stderr), "");
    assert_eq!(
        text(&out.stdout),
        "['db01', '6.28.0', true, '7.23.0', '4.3.0', false]\n"
    );
    // An environment directory is an environment the agent was given.
    let env = std::env::temp_dir().join(format!("prepl-cli-agent-{}/dev", std::process::id()));
    std::fs::create_dir_all(env.join("modules/m/manifests")).expect("mkdir");
    // concat::fragment's use of $clientversion, which failed with default facts.
    std::fs::write(
        env.join("modules/m/manifests/init.pp"),
        "class m { notify { \"client ${clientversion} in ${agent_specified_environment}\": } }\n",
    )
    .expect("write");
    let out = prepl(
        &[
            "--environment",
            env.to_str().expect("utf-8"),
            "-e",
            "include m\n$facts['agent_specified_environment']",
        ],
        None,
    );
    let _ = std::fs::remove_dir_all(env.parent().expect("parent"));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(text(&out.stdout), "'dev'\n");
    // `include apache` with this machine's facts (Debian's packaged modules, when there).
    let modules = "/usr/share/puppet/modules";
    if std::path::Path::new(modules).join("apache").is_dir() {
        let out = prepl(
            &["--modulepath", modules, "--catalog", "-e", "include apache"],
            None,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        // (concat::fragment reads $clientversion)
        let lines = summary(&catalog_of(&out));
        assert!(lines.iter().any(|l| l.starts_with("Class[Apache] ")));
        assert!(lines.iter().any(|l| l.starts_with("Concat::Fragment[")));
    }
}

/// Issue 37 §2: `--strict warning` and `--strict off` are the reference's `strict = warning`
/// / `off` with `strict_variables = false`: an unknown variable is undef, warned about (as
/// `puppet apply --strict=warning -e 'notice($nosuch) notice([$nosuch, $settings::strict,
/// $settings::strict_variables])'` warns) or not.
#[test]
fn strict_warning_and_off_read_unknown_variables_as_undef() {
    let src = "notice($nosuch) [$nosuch, $settings::strict, $settings::strict_variables]";
    let out = prepl(&["--strict", "warning", "-e", src], None);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stderr),
        "Warning: Unknown variable: 'nosuch'. (line: 1, column: 8)\nNotice: \n\
         Warning: Unknown variable: 'nosuch'. (line: 1, column: 18)\n"
    );
    assert_eq!(text(&out.stdout), "[undef, 'warning', false]\n");
    let out = prepl(&["--strict", "off", "-e", src], None);
    assert_eq!(text(&out.stderr), "Notice: \n");
    assert_eq!(text(&out.stdout), "[undef, 'off', false]\n");
    let out = prepl(
        &["-e", "[$settings::strict, $settings::strict_variables]"],
        None,
    );
    assert_eq!(text(&out.stdout), "['error', true]\n");
}

/// Issue 33 §2 / 37 §1 / 34: a module's custom fact (`lib/facter/*.rb`) is resolved and
/// added to the facts, as `puppet apply` does; one prepl does not resolve (its code runs a
/// command, and `--allow-exec` was not given) is named so, with the reason (openstacklib's `os_service_default`, read by
/// keystone and nova).
#[test]
fn an_unknown_variable_that_is_a_custom_fact_names_its_module() {
    let root = std::env::temp_dir().join(format!("prepl-cli-custom-{}", std::process::id()));
    std::fs::create_dir_all(root.join("openstacklib/lib/facter")).expect("mkdir");
    std::fs::create_dir_all(root.join("keystone/manifests")).expect("mkdir");
    std::fs::write(
        root.join("openstacklib/lib/facter/prepl_test_custom_fact.rb"),
        "Facter.add('prepl_test_custom_fact') do\n  setcode { '<SERVICE DEFAULT>' }\nend\n\
         Facter.add('prepl_test_command_fact') do\n  \
         setcode { Facter::Core::Execution.execute('echo ran') }\nend\n",
    )
    .expect("write");
    std::fs::write(
        root.join("keystone/manifests/init.pp"),
        "class keystone(\n  $algorithm = $::prepl_test_command_fact,\n) {}\n",
    )
    .expect("write");
    let modulepath = root.to_str().expect("utf-8");
    let out = prepl(
        &[
            "--modulepath",
            modulepath,
            "-e",
            "$facts['prepl_test_custom_fact']",
        ],
        None,
    );
    assert_eq!(
        text(&out.stdout),
        "'<SERVICE DEFAULT>'\n",
        "{}",
        text(&out.stderr)
    );
    let out = prepl(
        &["--modulepath", modulepath, "-e", "include keystone"],
        None,
    );
    let init = root.join("keystone/manifests/init.pp");
    // With running commands allowed, the fact's command runs (this machine's facts).
    let allowed = prepl(
        &[
            "--modulepath",
            modulepath,
            "--allow-exec",
            "-e",
            "$::prepl_test_command_fact",
        ],
        None,
    );
    let _ = std::fs::remove_dir_all(&root);
    assert_eq!(
        text(&allowed.stdout),
        "'ran'\n",
        "{}",
        text(&allowed.stderr)
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "Error: Evaluation Error: Unknown variable: '::prepl_test_command_fact'. It is a custom \
             fact of module openstacklib (lib/facter/prepl_test_custom_fact.rb), which prepl did \
             not resolve: it needs running the command `echo ran` (enabled by prepl \
             --allow-exec, :set exec on) (openstacklib/lib/facter/prepl_test_custom_fact.rb:5) (file: {}, line: 2, column: 16)\n  \
             $algorithm = $::prepl_test_command_fact,\n\
             \x20              ^\nGive its value with :facts set prepl_test_command_fact=VALUE \
             (%facts set in Jupyter) or in a facts file (--facts FILE).\n",
            init.display()
        )
    );
    // Debian's packaged keystone, when there: its openstacklib installs the fact as an
    // external fact (/etc/facter/facts.d), which this machine's facts include.
    let modules = "/usr/share/puppet/modules";
    if std::path::Path::new(modules).join("keystone").is_dir() {
        let out = prepl(&["--modulepath", modules, "-e", "include keystone"], None);
        let err = text(&out.stderr);
        let external = std::path::Path::new("/etc/facter/facts.d/os_service_default.txt");
        if external.is_file() {
            assert!(!err.contains("os_service_default"), "{err}");
        } else {
            assert!(
                err.contains(
                    "It is a custom fact of module openstacklib (lib/facter/os_service_default.rb)"
                ),
                "{err}"
            );
        }
    }
}

/// Under an address-space limit (`prlimit --as`, `ulimit -v`) the default memory limit is
/// derived from it, so growth past it is an error of the input, not an abort (SIGABRT).
#[test]
fn an_address_space_limit_sets_the_memory_limit() {
    if Command::new("prlimit").arg("--version").output().is_err() {
        eprintln!("prlimit is not installed: skipped");
        return;
    }
    let out = Command::new("prlimit")
        .arg("--as=6000000000")
        .arg(env!("CARGO_BIN_EXE_prepl"))
        .args([
            "-e",
            "Integer[1, 40].reduce('x') |$m, $x| { \"$m$m\" }.length",
        ])
        .env_remove("PREPL_MEMORY_LIMIT")
        .env("PREPL_BASEMODULEPATH", "")
        .output()
        .expect("prlimit runs");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("Out of memory"), "{err}");
    // and a program that fits runs as usual
    let out = Command::new("prlimit")
        .arg("--as=3000000000")
        .arg(env!("CARGO_BIN_EXE_prepl"))
        .args(["-e", "[1, 2].map |$x| { $x * 2 }"])
        .env_remove("PREPL_MEMORY_LIMIT")
        .env("PREPL_BASEMODULEPATH", "")
        .output()
        .expect("prlimit runs");
    assert_eq!(text(&out.stdout), "[2, 4]\n", "{}", text(&out.stderr));
}

#[test]
fn one_shot_modes_print_whole_values_and_name_a_missing_module() {
    // The REPL's print limit elides huge results; -e prints them whole.
    let out = prepl(&["-e", "Array(Integer[1, 3000])"], None);
    let shown = text(&out.stdout);
    assert!(shown.starts_with("[1, 2, 3, ") && shown.ends_with(", 2999, 3000]\n"));
    assert!(!shown.contains("more"));
    // A module's function without its module: which module has it, and how to get it.
    let out = prepl(&["-e", "range(1, 3)"], None);
    let err = text(&out.stderr);
    assert!(
        err.starts_with(
            "Error: Evaluation Error: Unknown function: 'range'. (line: 1, column: 1)\n"
        ),
        "{err}"
    );
    assert!(
        err.contains("'range' is a function of the module stdlib, which is not on the modulepath"),
        "{err}"
    );
    // A dependency cycle: the warning has each cycle on a line, and prepl's advice.
    let out = prepl(&["-e", "notify { a: } -> notify { b: } -> Notify[a]"], None);
    assert_eq!(
        text(&out.stderr),
        "Warning: Found 1 dependency cycle:\n(Notify[a] => Notify[b] => Notify[a])\n\
         See the relationships with :catalog graph (%catalog graph in Jupyter), or :catalog dot for Graphviz.\n"
    );
}

#[test]
fn a_reader_that_stops_early_is_no_error_and_a_full_disk_is_said() {
    // `prepl --catalog ... | head`: the reader goes away after a few lines
    let mut child = Command::new(env!("CARGO_BIN_EXE_prepl"))
        .args([
            "--catalog",
            "-e",
            "Integer[1, 5000].each |$i| { notify { \"n${i}\": message => 'x' } }",
        ])
        .env("PREPL_BASEMODULEPATH", "")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prepl runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("prepl ends");
    assert_eq!(text(&out.stderr), "");
    assert!(out.status.success(), "{:?}", out.status);

    // stdout on a full device: the failure is said, status 1
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let cases: [&[&str]; 2] = [&["--catalog", "-e", "notify { 'x': }"], &["-e", "'x'"]];
    for args in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_prepl"))
            .args(args)
            .env("PREPL_BASEMODULEPATH", "")
            .stdin(Stdio::null())
            .stdout(full.try_clone().expect("dup"))
            .stderr(Stdio::piped())
            .output()
            .expect("prepl runs");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            text(&out.stderr).contains("cannot write the result: No space left on device"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// A one-shot run installs the facts (and resolves the modules' custom facts) only for a
/// program that may read them; what such a program sees is the same as with `--time`,
/// which installs them first. A facts file that cannot be read fails the run either way.
#[test]
fn facts_are_installed_for_programs_that_read_them() {
    let dir = std::env::temp_dir().join(format!("prepl-cli-deferred-{}", std::process::id()));
    let facter = dir.join("cf/lib/facter");
    std::fs::create_dir_all(&facter).unwrap();
    std::fs::write(
        facter.join("cf.rb"),
        "Facter.add(:cf_kernel) do\n  setcode { \"on #{Facter.value(:kernel)}\" }\nend\n",
    )
    .unwrap();
    let facts = scratch_file("deferred-facts.yaml", "kernel: Linux\n");
    let mp = dir.to_str().unwrap();
    let facts_arg = facts.to_str().unwrap();
    for timed in [false, true] {
        let mut args = vec!["--modulepath", mp, "--facts", facts_arg];
        if timed {
            args.push("--time");
        }
        let run = |src: &str| {
            let mut a = args.clone();
            a.extend(["-e", src]);
            let out = prepl(&a, None);
            (text(&out.stdout), out.status.code())
        };
        assert_eq!(
            run("[1, 2].map |$x| { $x + 1 }"),
            ("[2, 3]\n".into(), Some(0))
        );
        assert_eq!(
            run("[$cf_kernel, $facts['cf_kernel'], $kernel]"),
            ("['on Linux', 'on Linux', 'Linux']\n".into(), Some(0))
        );
        assert_eq!(
            run("[1].map |$x| { \"${x} ${cf_kernel}\" }"),
            ("['1 on Linux']\n".into(), Some(0))
        );
    }
    let out = prepl(&["--facts", "/no/such/facts.yaml", "-e", "1"], None);
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_file(&facts);
    let _ = std::fs::remove_dir_all(&dir);
}
