//! `prepl diff`: what a change to Puppet code does to every node's catalog.
//!
//! - `prepl diff OLD.json NEW.json`: two catalogs on file.
//! - `prepl diff --from REV [--to REV]`: the environment (a control repo in git) compiled
//!   for each node at both revisions (the working tree when `--to` is absent), on all cores;
//!   a revision's tree is taken with `git archive` into a temporary directory, so the
//!   user's checkout is never touched.
//!
//! The comparison and the reports are `prepl::catalog::diff`'s; this module finds the nodes,
//! the revisions' trees, and compiles.

use prepl::catalog::diff::{self, report, NodeReport, Outcome, View};
use prepl::env::Environment;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{mpsc, Arc, Mutex};

pub const USAGE: &str = "\
Usage: prepl diff OLD.json NEW.json [OPTIONS]
       prepl diff --from REV [--to REV] [NODES] [OPTIONS]

Shows what a change does to catalogs: resources added, removed and changed (parameters,
with a unified diff of file contents; tags; relationships), containment edges, and
references the new catalog breaks. With two JSON catalogs (the reference's, PuppetDB's or
`prepl --catalog`'s), compares them; with --from, compiles each node's catalog at both
revisions of the control repo (the working tree when --to is absent) and compares those.
Exit status: 0 when no node differs, 1 when some differ, 2 on trouble.

Revisions:
      --from REV         the old revision (any git revision: HEAD~1, a branch, a tag)
      --to REV           the new revision (default: the working tree)
      --environment DIR  the control repo (default: the current directory)
      --modulepath DIRS  more module directories (DIR[:DIR...]), after the environment's
      --hiera-config FILE  the global Hiera layer's hiera.yaml
      --strict LEVEL     off, warning or error (the default): under warning and off an
                         unknown variable is undef, as puppet apply's strict_variables=false
Nodes (one catalog each; default: this machine, with its own facts):
      --facts PATH       a facts file (YAML or JSON), or a directory of them: one node a
                         file, named by the file's name without its extension (repeatable)
      --facts-for FILTER a facterdb fact set ('os.family=RedHat', 'debian-12'; repeatable)
      --node NAME        a node of this name (repeatable): with exactly one fact set, every
                         --node uses it; otherwise each has this machine's facts
  -j, --jobs N           compile on N threads (default: the number of cores)
Comparison:
      --ignore PATTERN   leave out resources: Type[title], * any run (File[/var/tmp/*])
      --ignore-param P   leave out a parameter: Type::param or param (File::mode)
      --ignore-tags      do not compare tags
      --structured-content  compare a content that is JSON or YAML as data
      --no-file-text     compare a file's source URL, not the text it names
Output:
      --summary          a table: node, resources added/removed/changed, status
      --format FORMAT    text (default) or json (a stable schema, docs/diff.md)
      --color WHEN       auto (default), always or never
  -h, --help             show this help
";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

/// Where a node's facts come from (read on the thread that compiles it: values are not
/// `Send`).
#[derive(Debug, Clone)]
enum Facts {
    File(String),
    Facterdb(String),
    Local,
}

#[derive(Debug, Clone)]
struct Node {
    name: String,
    facts: Facts,
}

#[derive(Debug)]
struct Options {
    files: Vec<String>,
    from: Option<String>,
    to: Option<String>,
    environment: Option<String>,
    modulepath: Option<String>,
    hiera_config: Option<String>,
    strict: prepl::Strictness,
    facts: Vec<String>,
    facts_for: Vec<String>,
    nodes: Vec<String>,
    jobs: usize,
    compare: diff::Options,
    file_text: bool,
    summary: bool,
    format: Format,
    color: Option<bool>,
}

fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut o = Options {
        files: Vec::new(),
        from: None,
        to: None,
        environment: None,
        modulepath: None,
        hiera_config: None,
        strict: prepl::Strictness::Error,
        facts: Vec::new(),
        facts_for: Vec::new(),
        nodes: Vec::new(),
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        compare: diff::Options::default(),
        file_text: true,
        summary: false,
        format: Format::Text,
        color: None,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--from" => o.from = Some(value(arg)?),
            "--to" => o.to = Some(value(arg)?),
            "--environment" => o.environment = Some(value(arg)?),
            "--modulepath" => o.modulepath = Some(value(arg)?),
            "--hiera-config" => o.hiera_config = Some(value(arg)?),
            "--strict" => {
                let v = value(arg)?;
                o.strict = prepl::Strictness::parse(&v)
                    .ok_or_else(|| format!("--strict: '{v}' is not off, warning or error"))?;
            }
            "--facts" => o.facts.push(value(arg)?),
            "--facts-for" => o.facts_for.push(value(arg)?),
            "--node" => {
                let name = value(arg)?;
                prepl::env::node::check_certname(&name)?;
                o.nodes.push(name);
            }
            "-j" | "--jobs" => {
                let v = value(arg)?;
                o.jobs = v
                    .parse::<usize>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| format!("--jobs: '{v}' is not a positive number"))?;
            }
            "--ignore" => o
                .compare
                .ignore
                .push(diff::ResourcePattern::parse(&value(arg)?)?),
            "--ignore-param" => o
                .compare
                .ignore_params
                .push(diff::ParamPattern::parse(&value(arg)?)?),
            "--ignore-tags" => o.compare.ignore_tags = true,
            "--structured-content" => o.compare.structured_content = true,
            "--no-file-text" => o.file_text = false,
            "--summary" => o.summary = true,
            "--format" => {
                o.format = match value(arg)?.as_str() {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    other => return Err(format!("--format: '{other}' is not text or json")),
                }
            }
            "--color" | "--colour" => {
                o.color = match value(arg)?.as_str() {
                    "auto" => None,
                    "always" => Some(true),
                    "never" => Some(false),
                    other => {
                        return Err(format!("--color: '{other}' is not auto, always or never"))
                    }
                }
            }
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            file => o.files.push(file.to_string()),
        }
    }
    match (o.files.len(), &o.from) {
        (2, None) | (0, Some(_)) => Ok(Some(o)),
        (_, Some(_)) => Err("give either two catalog files or --from REV, not both".into()),
        _ => Err("give two catalog files (OLD.json NEW.json) or --from REV".into()),
    }
}

/// Runs `prepl diff ARGS`; returns the exit status.
pub fn main(args: &[String]) -> i32 {
    let opts = match parse_args(args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            print!("{USAGE}");
            return 0;
        }
        Err(e) => {
            eprintln!("prepl diff: {e}\n\n{USAGE}");
            return 2;
        }
    };
    let reports = if opts.files.len() == 2 {
        compare_files(&opts.files[0], &opts.files[1], &opts.compare)
    } else {
        compare_revisions(&opts)
    };
    match reports {
        Ok(reports) => {
            print_reports(&reports, &opts);
            report::exit_status(&reports)
        }
        Err(e) => {
            eprintln!("prepl diff: {e}");
            2
        }
    }
}

fn print_reports(reports: &[NodeReport], opts: &Options) {
    let colors = match opts
        .color
        .unwrap_or_else(|| std::io::stdout().is_terminal())
    {
        true => report::Colors::ANSI,
        false => report::Colors::NONE,
    };
    let out = match opts.format {
        Format::Json => {
            let mut t = serde_json::to_string_pretty(&report::to_json(reports)).unwrap_or_default();
            t.push('\n');
            t
        }
        Format::Text if opts.summary => report::summary(reports, colors),
        Format::Text => report::text(reports, colors),
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(out.as_bytes());
}

fn compare_files(old: &str, new: &str, options: &diff::Options) -> Result<Vec<NodeReport>, String> {
    let read = |path: &str| -> Result<View, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        View::from_json_text(&text).map_err(|e| format!("{path}: {e}"))
    };
    let (a, b) = (read(old)?, read(new)?);
    let node = b
        .name
        .clone()
        .or_else(|| a.name.clone())
        .unwrap_or_else(|| "catalog".to_string());
    Ok(vec![NodeReport {
        node,
        outcome: Outcome::Compared(diff::compare(&a, &b, options)),
    }])
}

/// A revision's tree on disk, removed when dropped (the working tree is used in place).
struct Tree {
    env_dir: PathBuf,
    temporary: Option<PathBuf>,
}

impl Drop for Tree {
    fn drop(&mut self) {
        if let Some(t) = &self.temporary {
            let _ = std::fs::remove_dir_all(t);
        }
    }
}

fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim_end().to_string())
}

/// The environment directory of `rev`: `git archive` of the commit, unpacked into a
/// temporary directory (the object store read, the checkout untouched).
fn tree_at(env_dir: &Path, rev: &str) -> Result<Tree, String> {
    let commit = git(
        env_dir,
        &["rev-parse", "--verify", &format!("{rev}^{{commit}}")],
    )?;
    let prefix = git(env_dir, &["rev-parse", "--show-prefix"])?;
    let top = git(env_dir, &["rev-parse", "--show-toplevel"])?;
    let dir = std::env::temp_dir().join(format!(
        "prepl-diff-{}-{}",
        std::process::id(),
        &commit[..commit.len().min(12)]
    ));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let tree = Tree {
        env_dir: dir.join(&prefix),
        temporary: Some(dir.clone()),
    };
    let archive = Command::new("git")
        .arg("-C")
        .arg(&top)
        .args(["archive", "--format=tar", &commit])
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !archive.status.success() {
        return Err(format!(
            "git archive {rev}: {}",
            String::from_utf8_lossy(&archive.stderr).trim()
        ));
    }
    let mut tar = Command::new("tar")
        .arg("-x")
        .arg("-C")
        .arg(&dir)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run tar: {e}"))?;
    if let Some(mut stdin) = tar.stdin.take() {
        stdin
            .write_all(&archive.stdout)
            .map_err(|e| format!("tar: {e}"))?;
    }
    let status = tar.wait().map_err(|e| format!("tar: {e}"))?;
    if !status.success() {
        return Err(format!("tar could not unpack {rev}"));
    }
    Ok(tree)
}

/// The nodes the options name.
fn nodes(opts: &Options) -> Result<Vec<Node>, String> {
    let mut sets: Vec<(String, Facts)> = Vec::new();
    for path in &opts.facts {
        let p = Path::new(path);
        if p.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{path}: {e}"))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| {
                    f.is_file()
                        && f.extension().and_then(|x| x.to_str()).is_some_and(|x| {
                            matches!(
                                x.to_ascii_lowercase().as_str(),
                                "json" | "yaml" | "yml" | "facts"
                            )
                        })
                })
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(format!("{path}: no facts files (*.json, *.yaml)"));
            }
            for f in files {
                sets.push((stem(&f), Facts::File(f.display().to_string())));
            }
        } else if p.is_file() {
            sets.push((stem(p), Facts::File(path.clone())));
        } else {
            return Err(format!("--facts {path}: no such file or directory"));
        }
    }
    for filter in &opts.facts_for {
        sets.push((filter.clone(), Facts::Facterdb(filter.clone())));
    }
    let mut nodes: Vec<Node> = if opts.nodes.is_empty() {
        sets.into_iter()
            .map(|(name, facts)| Node { name, facts })
            .collect()
    } else if sets.len() == 1 {
        let facts = sets.remove(0).1;
        opts.nodes
            .iter()
            .map(|n| Node {
                name: n.clone(),
                facts: facts.clone(),
            })
            .collect()
    } else {
        let mut all: Vec<Node> = sets
            .into_iter()
            .map(|(name, facts)| Node { name, facts })
            .collect();
        all.extend(opts.nodes.iter().map(|n| Node {
            name: n.clone(),
            facts: Facts::Local,
        }));
        all
    };
    if nodes.is_empty() {
        nodes.push(Node {
            name: prepl::env::node::machine_fqdn().to_string(),
            facts: Facts::Local,
        });
    }
    let mut seen = std::collections::HashSet::new();
    for n in &nodes {
        if !seen.insert(n.name.clone()) {
            return Err(format!("two nodes are named {}", n.name));
        }
    }
    Ok(nodes)
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// What every compilation needs, shared by the worker threads.
struct Job {
    old_dir: PathBuf,
    new_dir: PathBuf,
    extra: Vec<PathBuf>,
    hiera_config: Option<PathBuf>,
    strict: prepl::Strictness,
    compare: diff::Options,
    file_text: bool,
}

fn compare_revisions(opts: &Options) -> Result<Vec<NodeReport>, String> {
    let env_dir = PathBuf::from(opts.environment.as_deref().unwrap_or("."));
    let env_dir = env_dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", env_dir.display()))?;
    let from = opts.from.as_deref().unwrap_or("HEAD");
    let old = tree_at(&env_dir, from)?;
    let new = match &opts.to {
        Some(rev) => tree_at(&env_dir, rev)?,
        None => Tree {
            env_dir: env_dir.clone(),
            temporary: None,
        },
    };
    let hiera_config = match &opts.hiera_config {
        Some(f) if !Path::new(f).is_file() => {
            return Err(format!("--hiera-config: {f} is not a file"))
        }
        Some(f) => Some(PathBuf::from(f)),
        None => prepl::env::hiera::default_global_config(),
    };
    let nodes = nodes(opts)?;
    let job = Arc::new(Job {
        old_dir: old.env_dir.clone(),
        new_dir: new.env_dir.clone(),
        extra: opts
            .modulepath
            .as_deref()
            .map(prepl::env::split_paths)
            .unwrap_or_default(),
        hiera_config,
        strict: opts.strict,
        compare: opts.compare.clone(),
        file_text: opts.file_text,
    });
    let reports = run_all(nodes, job, opts.jobs.max(1));
    drop((old, new));
    Ok(reports)
}

/// Compiles every node on `jobs` threads, each taking the next node when it is done with
/// one; the reports in the nodes' order. A progress line on a terminal.
fn run_all(nodes: Vec<Node>, job: Arc<Job>, jobs: usize) -> Vec<NodeReport> {
    let total = nodes.len();
    let queue: Arc<Mutex<Vec<(usize, Node)>>> =
        Arc::new(Mutex::new(nodes.into_iter().enumerate().rev().collect()));
    let (tx, rx) = mpsc::channel::<(usize, NodeReport)>();
    let mut handles = Vec::new();
    for _ in 0..jobs.min(total) {
        let (queue, tx, job) = (queue.clone(), tx.clone(), job.clone());
        let spawned = prepl::limits::evaluation_thread("prepl-diff").spawn(move || loop {
            let next = queue.lock().ok().and_then(|mut q| q.pop());
            let Some((i, node)) = next else { break };
            let report = compare_node(&node, &job);
            if tx.send((i, report)).is_err() {
                break;
            }
        });
        match spawned {
            Ok(h) => handles.push(h),
            Err(e) => eprintln!("prepl diff: cannot start a thread: {e}"),
        }
    }
    drop(tx);
    let progress = std::io::stderr().is_terminal();
    let mut results: Vec<Option<NodeReport>> = vec![None; total];
    let mut done = 0;
    for (i, r) in rx {
        results[i] = Some(r);
        done += 1;
        if progress {
            let width = 30;
            let filled = done * width / total.max(1);
            eprint!(
                "\r[{}{}] {done}/{total} nodes",
                "=".repeat(filled),
                " ".repeat(width - filled)
            );
        }
    }
    if progress {
        eprint!("\r{}\r", " ".repeat(50));
    }
    for h in handles {
        let _ = h.join();
    }
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            r.unwrap_or_else(|| NodeReport {
                node: format!("node {}", i + 1),
                outcome: Outcome::Failed {
                    old: Some("not compiled (its thread stopped)".into()),
                    new: Some("not compiled (its thread stopped)".into()),
                },
            })
        })
        .collect()
}

fn compare_node(node: &Node, job: &Job) -> NodeReport {
    let old = compile(node, &job.old_dir, job, job.file_text);
    let new = compile(node, &job.new_dir, job, job.file_text);
    let outcome = match (old, new) {
        (Ok(a), Ok(b)) => Outcome::Compared(diff::compare(&a, &b, &job.compare)),
        (a, b) => Outcome::Failed {
            old: a.err(),
            new: b.err(),
        },
    };
    NodeReport {
        node: node.name.clone(),
        outcome,
    }
}

/// One node's catalog in the environment at `dir`: its main manifests evaluated in a fresh
/// session, as `prepl --site --catalog` would.
fn compile(node: &Node, dir: &Path, job: &Job, file_text: bool) -> Result<View, String> {
    let facts = match &node.facts {
        Facts::File(path) => crate::facts::load(path)?,
        Facts::Facterdb(filter) => crate::facts::from_facterdb(filter)?.0,
        Facts::Local => crate::facts::local().0,
    };
    let env = Environment::from_dir(dir.to_path_buf(), job.extra.clone());
    let mut session = prepl::Session::new();
    session.set_log_sink(|_, _| {});
    session.set_strict(job.strict);
    session.set_agent_facts(true);
    session.set_node_name(&node.name);
    session.set_environment(env.clone());
    session.set_facts(facts);
    session.set_hiera_config(job.hiera_config.clone());
    for path in env.main_manifests() {
        let text = prepl::limits::read_source_file(&path)
            .map_err(|e| format!("Could not read {}: {e}", path.display()))?;
        session
            .eval_named(&path.display().to_string(), &text)
            .map_err(|e| first_line(&e.render(), dir))?;
    }
    let json = prepl::catalog::json::to_json(session.catalog());
    let mut view = View::from_json(&json)?;
    // Files named relative to the environment: the two revisions' trees are in different
    // directories, and a temporary one means nothing to the reader.
    for (_, r) in &mut view.resources {
        if let Some(f) = &r.file {
            if let Ok(rel) = Path::new(f).strip_prefix(dir) {
                r.file = Some(rel.display().to_string());
            }
        }
    }
    if file_text {
        view.resolve_sources(&|url| read_module_file(&env, url));
    }
    Ok(view)
}

/// An error's first line, with file names relative to the environment directory.
fn first_line(rendered: &str, dir: &Path) -> String {
    let line = rendered.lines().next().unwrap_or_default();
    let prefix = format!("{}/", dir.display().to_string().trim_end_matches('/'));
    line.replace(&prefix, "")
}

/// The text of `puppet:///modules/MODULE/PATH`: the module's `files/PATH` on the
/// environment's modulepath (at most 16 MiB).
fn read_module_file(env: &Environment, url: &str) -> Option<String> {
    let rest = url.strip_prefix("puppet:///modules/")?;
    let (module, path) = rest.split_once('/')?;
    if path.split('/').any(|seg| seg == "..") || module.contains("..") {
        return None;
    }
    env.modulepath.iter().find_map(|dir| {
        let file = dir.join(module).join("files").join(path);
        let meta = std::fs::metadata(&file).ok()?;
        if !meta.is_file() || meta.len() > 16 << 20 {
            return None;
        }
        std::fs::read_to_string(file).ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(o.strict, prepl::Strictness::Warning);
        assert!(parse_args(&args("--help")).unwrap().is_none());
        for bad in [
            "a.json",
            "a.json b.json --from X",
            "--from",
            "--from X -j 0",
            "--from X --format yaml",
            "--from X --bogus",
        ] {
            assert!(parse_args(&args(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn node_names() {
        let o = parse_args(&args("--from X --node web1 --node web2"))
            .unwrap()
            .unwrap();
        let n = nodes(&o).unwrap();
        assert_eq!(
            n.iter().map(|n| n.name.as_str()).collect::<Vec<_>>(),
            ["web1", "web2"]
        );
        assert!(matches!(n[0].facts, Facts::Local));
        let o = parse_args(&args("--from X --node a --node a"))
            .unwrap()
            .unwrap();
        assert!(nodes(&o).is_err());
        let o = parse_args(&args("--from X --facts /nonexistent/x.json"))
            .unwrap()
            .unwrap();
        assert!(nodes(&o).is_err());
    }
}
