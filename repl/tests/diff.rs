//! `prepl diff` end to end, on the fixture control repo of `tests/fixtures/diff` (two
//! revisions, three nodes): a git repository is made of `rev1/` then `rev2/`, and what
//! `prepl diff --from HEAD~1 --to HEAD` finds must be what `prepl diff` finds between the
//! reference's catalogs of both revisions (`expected/`, from puppet-oracle by `generate.py`).

use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/diff")
}

fn prepl(dir: &Path, args: &[&str]) -> Output {
    // (no global modules of this machine: the fixtures have their own)
    prepl_with_base(dir, args, "")
}

/// `prepl diff ARGS` with `PREPL_BASEMODULEPATH` set to `base`.
fn prepl_with_base(dir: &Path, args: &[&str], base: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_prepl"))
        .arg("diff")
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env("PREPL_BASEMODULEPATH", base)
        .output()
        .expect("prepl runs")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn git(dir: &Path, args: &[&str]) {
    let ok = Command::new("git")
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
        .expect("git runs")
        .status
        .success();
    assert!(ok, "git {args:?}");
}

/// A git repository with rev1 committed, then rev2; `None` where git is missing.
fn repository(name: &str) -> Option<PathBuf> {
    if Command::new("git").arg("--version").output().is_err() {
        eprintln!("git is not installed: skipped");
        return None;
    }
    let dir = std::env::temp_dir().join(format!("prepl-diff-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&fixture().join("rev1"), &dir);
    git(&dir, &["init", "-q"]);
    git(&dir, &["add", "-A"]);
    git(&dir, &["commit", "-q", "-m", "rev1"]);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() != ".git" {
            let p = entry.path();
            if p.is_dir() {
                std::fs::remove_dir_all(p).unwrap();
            } else {
                std::fs::remove_file(p).unwrap();
            }
        }
    }
    copy_dir(&fixture().join("rev2"), &dir);
    git(&dir, &["add", "-A"]);
    git(&dir, &["commit", "-q", "-m", "rev2"]);
    Some(dir)
}

/// The report without what catalogs from the reference's compiler do not carry (files and
/// lines of declarations).
fn without_locations(mut v: Json) -> Json {
    fn strip(v: &mut Json) {
        match v {
            Json::Object(o) => {
                o.remove("file");
                o.remove("line");
                o.remove("location");
                o.values_mut().for_each(strip);
            }
            Json::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

fn json_of(out: &Output) -> Json {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[test]
fn revisions_differ_as_the_reference_catalogs_do() {
    let Some(repo) = repository("agree") else {
        return;
    };
    let facts = fixture().join("facts");
    let out = prepl(
        &repo,
        &[
            "--from",
            "HEAD~1",
            "--to",
            "HEAD",
            "--facts",
            facts.to_str().unwrap(),
            "--format",
            "json",
            "--no-file-text",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ours = without_locations(json_of(&out));
    let nodes = ours["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 3);
    for node in nodes {
        let name = node["node"].as_str().unwrap();
        let expected = fixture().join("expected");
        let old = expected.join("rev1").join(format!("{name}.json"));
        let new = expected.join("rev2").join(format!("{name}.json"));
        let theirs = prepl(
            &repo,
            &[
                old.to_str().unwrap(),
                new.to_str().unwrap(),
                "--format",
                "json",
                "--no-file-text",
            ],
        );
        let theirs = without_locations(json_of(&theirs));
        assert_eq!(node, &theirs["nodes"][0], "node {name}");
        assert_eq!(node["status"], "differs", "{name}");
    }
    let _ = std::fs::remove_dir_all(repo);
}

#[test]
fn a_revision_with_itself_is_empty_and_the_working_tree_is_the_default() {
    let Some(repo) = repository("same") else {
        return;
    };
    let facts = fixture().join("facts");
    let facts = facts.to_str().unwrap();
    for args in [
        vec!["--from", "HEAD", "--to", "HEAD", "--facts", facts],
        vec!["--from", "HEAD", "--facts", facts, "-j", "1"],
    ] {
        let out = prepl(&repo, &args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "3 nodes: 0 differ, 3 the same\n"
        );
    }
    // The working tree is read as it is, uncommitted changes too; the checkout is untouched.
    let site = repo.join("manifests/site.pp");
    let text = std::fs::read_to_string(&site).unwrap();
    std::fs::write(&site, text.replace("'web node'", "'changed'")).unwrap();
    let out = prepl(&repo, &["--from", "HEAD", "--facts", facts, "--summary"]);
    assert_eq!(out.status.code(), Some(1));
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(
        summary.contains("web1      0        0        1  differs"),
        "{summary}"
    );
    assert!(
        summary.contains("db1       0        0        0  same"),
        "{summary}"
    );
    assert_eq!(
        std::fs::read_to_string(&site).unwrap(),
        text.replace("'web node'", "'changed'")
    );
    let _ = std::fs::remove_dir_all(repo);
}

#[test]
fn file_text_filters_and_errors() {
    let Some(repo) = repository("text") else {
        return;
    };
    let facts = fixture().join("facts/web1.json");
    let facts = facts.to_str().unwrap();
    // A file's source is compared by the text it names.
    let out = prepl(
        &repo,
        &[
            "--from", "HEAD~1", "--to", "HEAD", "--facts", facts, "--color", "never",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "  ~ File[/etc/web/mime.types] (modules/web/manifests/init.pp:12)\n      content:\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("        -text/html html\n        +text/html html htm\n"),
        "{text}"
    );
    // Filters leave things out.
    let out = prepl(
        &repo,
        &[
            "--from",
            "HEAD~1",
            "--to",
            "HEAD",
            "--facts",
            facts,
            "--ignore",
            "File[*]",
            "--ignore",
            "Web::Vhost",
            "--ignore-param",
            "Class::vhosts",
            "--ignore-param",
            "port",
            "--ignore-tags",
            "--ignore-param",
            "tag",
            "--ignore-param",
            "Service::subscribe",
            "--ignore-param",
            "Notify::message",
        ],
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1 node: 0 differ, 1 the same\n"
    );
    assert_eq!(out.status.code(), Some(0));
    // A node that fails on one side shows the error with its file and line.
    let init = repo.join("modules/web/manifests/init.pp");
    let code = std::fs::read_to_string(&init).unwrap();
    std::fs::write(
        &init,
        code.replace("  service {", "  fail('broken')\n  service {"),
    )
    .unwrap();
    let out = prepl(&repo, &["--from", "HEAD", "--facts", facts]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text.starts_with("web1\n  old: compiles\n  new: Error: "),
        "{text}"
    );
    assert!(text.contains("modules/web/manifests/init.pp"), "{text}");
    assert!(!text.contains("/tmp/"), "{text}");
    // Trouble: a bad revision, bad arguments.
    let out = prepl(&repo, &["--from", "no-such-rev", "--facts", facts]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-rev"));
    let out = prepl(&repo, &["one.json"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(repo);
}

/// What octocatalog-diff's text report names: resources added (`+ Type[title]`), removed
/// (`- Type[title]`) and changed (`  Type[title] =>`), each sorted.
fn octocatalog_changes(text: &str) -> [Vec<String>; 3] {
    let mut sets: [Vec<String>; 3] = Default::default();
    for line in text.lines() {
        if let Some(r) = line.strip_prefix("+ ") {
            sets[0].push(r.trim().to_string());
        } else if let Some(r) = line.strip_prefix("- ") {
            sets[1].push(r.trim().to_string());
        } else if let Some(r) = line.strip_prefix("  ").and_then(|l| l.strip_suffix(" =>")) {
            if !r.starts_with(' ') {
                sets[2].push(r.to_string());
            }
        }
    }
    sets.iter_mut().for_each(|s| s.sort());
    sets
}

/// The same resources added, removed and changed as octocatalog-diff reports between the
/// fixture's revisions (its reports committed in `octocatalog/`, made by `generate.sh`
/// there with the installed reference): file text compared, tags included, classes left
/// out as octocatalog-diff does by default. Containment edges, which octocatalog-diff does
/// not report, are left aside.
#[test]
fn the_same_changes_as_octocatalog_diff() {
    let dir = std::env::temp_dir();
    let (rev1, rev2, facts) = (
        fixture().join("rev1"),
        fixture().join("rev2"),
        fixture().join("facts"),
    );
    let out = prepl(
        &dir,
        &[
            "--from-dir",
            rev1.to_str().unwrap(),
            "--to-dir",
            rev2.to_str().unwrap(),
            "--facts",
            facts.to_str().unwrap(),
            "--format",
            "json",
            // (octocatalog-diff leaves classes out by default: "only what they do")
            "--ignore",
            "Class",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ours = json_of(&out);
    let nodes = ours["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 3);
    for node in nodes {
        let name = node["node"].as_str().unwrap();
        let text =
            std::fs::read_to_string(fixture().join(format!("octocatalog/{name}.txt"))).unwrap();
        let theirs = octocatalog_changes(&text);
        let keys = |field: &str| {
            let mut v: Vec<String> = node[field]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["resource"].as_str().unwrap().to_string())
                .collect();
            v.sort();
            v
        };
        assert_eq!(
            [keys("added"), keys("removed"), keys("changed")],
            theirs,
            "node {name}"
        );
    }
}

/// Sensitive values (listed in `sensitive_parameters` as the reference's catalogs do, or
/// inside a value as rich data) appear in no output: text, --summary, --format json.
#[test]
fn sensitive_values_are_redacted_in_every_output() {
    let dir = std::env::temp_dir().join(format!("prepl-diff-sensitive-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, secret) in [("old.json", "s3cret-old"), ("new.json", "s3cret-new")] {
        let catalog = serde_json::json!({"name": "web1", "resources": [
            {"type": "User", "title": "deploy", "sensitive_parameters": ["password"],
             "parameters": {"password": secret, "shell": "/bin/sh"}},
            {"type": "Notify", "title": "n", "parameters": {"message":
                [{"__ptype": "Sensitive", "__pvalue": format!("{secret}\nline 2\n")}]}}
        ]});
        std::fs::write(dir.join(name), catalog.to_string()).unwrap();
    }
    for extra in [
        &[][..],
        &["--summary"],
        &["--format", "json"],
        &["--color", "always"],
    ] {
        let mut args = vec!["old.json", "new.json"];
        args.extend_from_slice(extra);
        let out = prepl(&dir, &args);
        let shown = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {shown}");
        assert!(!shown.contains("s3cret"), "{extra:?}: {shown}");
        assert!(
            shown.contains("User[deploy]") || shown.contains("web1"),
            "{extra:?}: {shown}"
        );
    }
    let out = prepl(&dir, &["old.json", "new.json", "--color", "never"]);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.contains(
            "      password: #<Sensitive [value redacted]> -> #<Sensitive [value redacted]>\n"
        ),
        "{shown}"
    );
    assert!(
        shown.contains(
            "      message: [#<Sensitive [value redacted]>] -> [#<Sensitive [value redacted]>]\n"
        ),
        "{shown}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each side's modulepath ends with the global modules, as for `--catalog`:
/// PREPL_BASEMODULEPATH, overridden by --basemodulepath ('' for none).
#[test]
fn the_base_modulepath_is_on_each_side() {
    let dir = std::env::temp_dir().join(format!("prepl-diff-base-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (rev, message) in [("rev1", "one"), ("rev2", "two")] {
        std::fs::create_dir_all(dir.join(rev).join("manifests")).unwrap();
        std::fs::write(
            dir.join(rev).join("manifests/site.pp"),
            format!("class {{ 'globalmod': message => '{message}' }}\n"),
        )
        .unwrap();
    }
    std::fs::create_dir_all(dir.join("base/globalmod/manifests")).unwrap();
    std::fs::write(
        dir.join("base/globalmod/manifests/init.pp"),
        "class globalmod($message) { notify { 'g': message => $message } }\n",
    )
    .unwrap();
    let base = dir.join("base").display().to_string();
    let args = [
        "--from-dir",
        "rev1",
        "--to-dir",
        "rev2",
        "--node",
        "n1",
        "--color",
        "never",
    ];
    let out = prepl_with_base(&dir, &args, &base);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("message: 'one' -> 'two'"), "{text}");
    let mut none = args.to_vec();
    none.extend(["--basemodulepath", ""]);
    let out = prepl_with_base(&dir, &none, &base);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Could not find class") || text.contains("globalmod"),
        "{text}"
    );
    assert!(!text.contains("message: 'one' -> 'two'"), "{text}");
    let mut given = args.to_vec();
    given.extend(["--basemodulepath", &base]);
    let out = prepl_with_base(&dir, &given, "");
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}
