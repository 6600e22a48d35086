use super::*;
use crate::catalog::diff::report;

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

#[test]
fn arguments() {
    let o = parse_args(&args(
        "a.json b.json --ignore File[/tmp/*] --ignore-param mode --summary",
    ))
    .unwrap()
    .unwrap();
    assert_eq!(o.files, ["a.json", "b.json"]);
    assert!(o.summary);
    assert_eq!(o.compare.ignore.len(), 1);
    let o = parse_args(&args(
        "--from HEAD~1 --to HEAD --node a --node b -j 3 --format json --strict warning",
    ))
    .unwrap()
    .unwrap();
    assert_eq!(
        (o.from.as_deref(), o.to.as_deref(), o.jobs),
        (Some("HEAD~1"), Some("HEAD"), 3)
    );
    assert_eq!(o.format, Format::Json);
    assert_eq!(o.strict, crate::Strictness::Warning);
    assert!(parse_args(&args("--help")).unwrap().is_none());
    for bad in [
        "a.json",
        "a.json b.json --from X",
        "--from",
        "--from X -j 0",
        "--from X --format yaml",
        "--from X --bogus",
        "--from X --from-dir Y",
        "--to-dir Y",
        "a.json b.json --from-dir Y",
    ] {
        assert!(parse_args(&args(bad)).is_err(), "{bad}");
    }
}

#[test]
fn node_names() {
    let o = parse_args(&args("--from X --node web1 --node web2"))
        .unwrap()
        .unwrap();
    let n = nodes::nodes(&o).unwrap();
    assert_eq!(
        n.iter().map(|n| n.name.as_str()).collect::<Vec<_>>(),
        ["web1", "web2"]
    );
    assert_eq!(n[0].facts, nodes::Facts::Local);
    let o = parse_args(&args("--from X --node a --node a"))
        .unwrap()
        .unwrap();
    assert!(nodes::nodes(&o).is_err());
    let o = parse_args(&args("--from X --facts /nonexistent/x.json"))
        .unwrap()
        .unwrap();
    assert!(nodes::nodes(&o).is_err());
}

fn git(dir: &Path, args: &[&str]) -> bool {
    std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "-c",
            "user.name=prepl",
            "-c",
            "user.email=prepl@example.com",
        ])
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A repository whose last commit changes one notify of `site.pp` (another names the
/// environment, the same in both); `None` without git.
fn repository(name: &str) -> Option<PathBuf> {
    let dir = std::env::temp_dir().join(format!("prepl-fleet-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("manifests")).unwrap();
    let site = dir.join("manifests/site.pp");
    std::fs::write(
        &site,
        "notify { 'a': message => 'one' }\nnotify { \"on ${trusted['certname']}\": }\nnotify { \"in ${environment}\": }\n",
    )
    .unwrap();
    if !git(&dir, &["init", "-q"]) {
        eprintln!("git is not usable here: skipped");
        return None;
    }
    assert!(git(&dir, &["add", "-A"]) && git(&dir, &["commit", "-q", "-m", "one"]));
    std::fs::write(
        &site,
        "notify { 'a': message => 'two' }\nnotify { \"on ${trusted['certname']}\": }\nnotify { \"in ${environment}\": }\n",
    )
    .unwrap();
    assert!(git(&dir, &["commit", "-q", "-a", "-m", "two"]));
    Some(dir)
}

#[test]
fn a_fleet_compiled_at_two_revisions() {
    let Some(dir) = repository("two") else { return };
    let mut req = parse_args(&args(
        "--from HEAD~1 --to HEAD --node n1 --node n2 --node n3 -j 2",
    ))
    .unwrap()
    .unwrap();
    req.environment = Some(dir.display().to_string());
    let mut seen = Vec::new();
    let mut progress = |done: usize, total: usize| seen.push((done, total));
    let reports = run(
        &req,
        Watch {
            progress: Some(&mut progress),
            cancel: None,
        },
    )
    .unwrap();
    assert_eq!(seen, [(0, 3), (1, 3), (2, 3), (3, 3)]);
    assert_eq!(
        reports.iter().map(|r| r.node.as_str()).collect::<Vec<_>>(),
        ["n1", "n2", "n3"]
    );
    let text = report::text(&reports, report::Colors::NONE);
    assert!(
        text.contains("3 nodes") && text.contains("Notify[a]"),
        "{text}"
    );
    assert!(
        text.contains("message: 'one' -> 'two'") || text.contains("'one'"),
        "{text}"
    );
    assert_eq!(report::exit_status(&reports), 1);
    // Both revisions' environments have the name of the user's (not their temporary
    // directories'), so `$environment` changes nothing.
    assert!(!text.contains("Notify[in "), "{text}");
    // The working tree is the default new side, and a revision with itself is empty.
    req.to = None;
    req.from = Some("HEAD".into());
    let same = run(&req, Watch::default()).unwrap();
    assert_eq!(
        report::exit_status(&same),
        0,
        "{}",
        report::text(&same, report::Colors::NONE)
    );
    // Cancelled before it starts: no node compiled, each says so.
    let stop = Arc::new(AtomicBool::new(true));
    let none = run(
        &req,
        Watch {
            progress: None,
            cancel: Some(stop),
        },
    )
    .unwrap();
    assert!(
        matches!(&none[0].outcome, Outcome::Failed { old: Some(m), .. } if m.contains("interrupted"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_directories_without_git() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/diff");
    let req = parse_args(&[
        "--from-dir".into(),
        fixture.join("rev1").display().to_string(),
        "--to-dir".into(),
        fixture.join("rev2").display().to_string(),
        "--facts".into(),
        fixture.join("facts").display().to_string(),
        // (the reference's catalogs on file name a `source`, not its text)
        "--no-file-text".into(),
    ])
    .unwrap()
    .unwrap();
    let reports = run(&req, Watch::default()).unwrap();
    assert_eq!(
        reports.iter().map(|r| r.node.as_str()).collect::<Vec<_>>(),
        ["db1", "web1", "web2"]
    );
    assert_eq!(report::exit_status(&reports), 1);
    // The same as the reference's catalogs of both revisions say (tests/fixtures/diff).
    for node in ["db1", "web1", "web2"] {
        let expected = compare_files(
            &fixture
                .join(format!("expected/rev1/{node}.json"))
                .display()
                .to_string(),
            &fixture
                .join(format!("expected/rev2/{node}.json"))
                .display()
                .to_string(),
            &req.compare,
        )
        .unwrap();
        let ours = reports.iter().find(|r| r.node == node).unwrap();
        let (Outcome::Compared(a), Outcome::Compared(b)) = (&ours.outcome, &expected[0].outcome)
        else {
            panic!("{node}: {:?}", ours.outcome);
        };
        let keys = |d: &diff::Difference| {
            (
                d.added
                    .iter()
                    .map(|(k, _)| k.to_string())
                    .collect::<Vec<_>>(),
                d.removed
                    .iter()
                    .map(|(k, _)| k.to_string())
                    .collect::<Vec<_>>(),
                d.changed
                    .iter()
                    .map(|c| c.key.to_string())
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(keys(a), keys(b), "{node}");
    }
}

#[test]
fn errors_of_revisions() {
    assert!(run(
        &parse_args(&args("--from nosuchrev")).unwrap().unwrap(),
        Watch::default()
    )
    .is_err());
    assert!(run(
        &parse_args(&args("--from-dir /nonexistent/env"))
            .unwrap()
            .unwrap(),
        Watch::default()
    )
    .is_err());
}

/// A node compiles with the modules' custom facts over its own fact set, as a session given
/// the same facts does: pure facts resolved from the node's facts, those reading the machine
/// left out for another machine's facts.
#[test]
fn custom_facts_of_a_node() {
    let dir = std::env::temp_dir().join(format!("prepl-fleet-facts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("manifests")).unwrap();
    std::fs::create_dir_all(dir.join("modules/cf/lib/facter")).unwrap();
    std::fs::write(
        dir.join("modules/cf/lib/facter/cf.rb"),
        "Facter.add(:cf_greeting) do\n  setcode { \"hello #{Facter.value(:hostname)}\" }\nend\n\
         Facter.add(:cf_machine) do\n  setcode { File.exist?('/') ? 'here' : 'not' }\nend\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("manifests/site.pp"),
        "notify { \"g=${facts['cf_greeting']}\": }\nnotify { \"m=${facts['cf_machine']}\": }\n\
         notify { \"c=${facts['clientcert']} ${clientcert} ${hostname}\": }\n",
    )
    .unwrap();
    let facts = dir.join("web9.json");
    std::fs::write(
        &facts,
        r#"{"hostname": "web9", "fqdn": "web9.invalid.example", "kernel": "Linux"}"#,
    )
    .unwrap();
    let node = nodes::Node {
        name: "web9".into(),
        facts: nodes::Facts::File(facts.display().to_string()),
    };
    let job = Job {
        old_dir: dir.clone(),
        new_dir: dir.clone(),
        extra: Vec::new(),
        base_modulepath: Vec::new(),
        hiera_config: None,
        strict: crate::Strictness::Warning,
        compare: diff::Options::default(),
        file_text: false,
        env_name: "production".into(),
    };
    let facts = node.facts.read().unwrap();
    let view = compile::compile(&node, &facts, &dir, &job).unwrap();
    let titles: Vec<String> = view
        .resources
        .iter()
        .filter(|(k, _)| k.type_name == "Notify")
        .map(|(k, _)| k.title.clone())
        .collect();
    // (with the agent's facts, each a top-scope variable too)
    assert_eq!(
        titles,
        ["g=hello web9", "m=", "c=web9 web9 web9"],
        "{titles:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn arguments_split_as_a_shell_does() {
    assert_eq!(
        split_args(r#"--from HEAD~1 --ignore 'File[/var/tmp/a b]' --node "x y" a\ b"#).unwrap(),
        [
            "--from",
            "HEAD~1",
            "--ignore",
            "File[/var/tmp/a b]",
            "--node",
            "x y",
            "a b"
        ]
    );
    assert_eq!(split_args("  a   b\t").unwrap(), ["a", "b"]);
    assert_eq!(
        split_args(r#"--ignore-param "File::mode""#).unwrap(),
        ["--ignore-param", "File::mode"]
    );
    assert!(split_args("").unwrap().is_empty());
    for bad in ["--ignore 'File[x]", r#"--node "a"#, "a\\"] {
        assert!(split_args(bad).is_err(), "{bad}");
    }
    let o = parse_args(&split_args("a.json b.json --ignore 'File[/var/tmp/a b]'").unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(o.files, ["a.json", "b.json"]);
    assert_eq!(o.compare.ignore.len(), 1);
}

/// Each revision's modulepath ends with the global modules of the base modulepath, as for
/// `--catalog` (`--basemodulepath`, '' for none); Sensitive values compiled into the
/// catalogs are compared but shown redacted in every report.
#[test]
fn global_modules_and_sensitive_values() {
    let dir = std::env::temp_dir().join(format!("prepl-fleet-base-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (rev, secret) in [("old", "s3cret-one"), ("new", "s3cret-two")] {
        std::fs::create_dir_all(dir.join(rev).join("manifests")).unwrap();
        std::fs::write(
            dir.join(rev).join("manifests/site.pp"),
            format!(
                "include globalmod\nfile {{ '/etc/pw': content => Sensitive('{secret}') }}\n\
                 notify {{ 'n': message => {{ 'k' => Sensitive('{secret}') }} }}\n"
            ),
        )
        .unwrap();
    }
    std::fs::create_dir_all(dir.join("base/globalmod/manifests")).unwrap();
    std::fs::write(
        dir.join("base/globalmod/manifests/init.pp"),
        "class globalmod { notify { 'from the base': } }\n",
    )
    .unwrap();
    let request = |base: &Path| {
        let words: Vec<String> = [
            "--from-dir",
            &dir.join("old").display().to_string(),
            "--to-dir",
            &dir.join("new").display().to_string(),
            "--node",
            "n1",
            "--strict",
            "warning",
            "--basemodulepath",
            &base.display().to_string(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        parse_args(&words).unwrap().unwrap()
    };
    let req = request(&dir.join("base"));
    assert_eq!(
        req.basemodulepath.as_deref(),
        Some(&*dir.join("base").display().to_string())
    );
    let reports = run(&req, Watch::default()).unwrap();
    let Outcome::Compared(d) = &reports[0].outcome else {
        panic!("{:?}", reports[0].outcome)
    };
    let changed: Vec<String> = d.changed.iter().map(|c| c.key.to_string()).collect();
    assert_eq!(changed, ["File[/etc/pw]", "Notify[n]"]);
    for out in [
        report::text(&reports, report::Colors::NONE),
        report::summary(&reports, report::Colors::NONE),
        report::to_json(&reports).to_string(),
        format!("{reports:?}"),
    ] {
        assert!(!out.contains("s3cret"), "{out}");
        assert!(out.contains("File[/etc/pw]") || out.contains("n1"), "{out}");
    }
    let text = report::text(&reports, report::Colors::NONE);
    assert!(
        text.contains("content: #<Sensitive [value redacted]> -> #<Sensitive [value redacted]>"),
        "{text}"
    );
    // Without the global modules, `globalmod` is not found.
    let reports = run(&request(Path::new("")), Watch::default()).unwrap();
    assert!(
        matches!(&reports[0].outcome, Outcome::Failed { old: Some(m), .. } if m.contains("globalmod")),
        "{:?}",
        reports[0].outcome
    );
    let _ = std::fs::remove_dir_all(&dir);
}
