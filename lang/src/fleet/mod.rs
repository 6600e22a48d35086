//! What a change does to every node's catalog (`prepl diff`, `:diff`, `%diff`): each node's
//! catalog compiled at two revisions of a control repo and compared, on all cores; or two
//! catalogs on file compared.
//!
//! - [`parse_args`] reads the options both front-ends take (`prepl diff ARGS`, `%diff ARGS`);
//!   [`split_args`] splits `:diff` and `%diff` lines into words as a shell would.
//! - [`run`] finds the nodes ([`nodes`]), the revisions' trees ([`git`]: `git archive` into
//!   a temporary directory, so the user's checkout is never touched; the working tree when
//!   `--to` is absent), compiles each node at both ([`compile`]: a fresh session per node
//!   and revision, on worker threads) and compares them.
//!
//! The comparison and the reports are `catalog::diff`'s (no evaluator there); the front-ends
//! print or render the [`NodeReport`]s.

mod compile;
pub mod git;
pub mod nodes;

use crate::catalog::diff::{self, NodeReport, Outcome, View};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};

pub const USAGE: &str = "\
Usage: prepl diff OLD.json NEW.json [OPTIONS]
       prepl diff --from REV [--to REV] [NODES] [OPTIONS]
       prepl diff --from-dir DIR [--to-dir DIR] [NODES] [OPTIONS]

Shows what a change does to catalogs: resources added, removed and changed (parameters,
with a unified diff of file contents; tags; relationships), containment edges, and
references the new catalog breaks. With two JSON catalogs (the reference's, PuppetDB's or
`prepl --catalog`'s), compares them; with --from, compiles each node's catalog at both
revisions of the control repo (the working tree when --to is absent) and compares those.
Exit status: 0 when no node differs, 1 when some differ, 2 on trouble.

Revisions:
      --from REV         the old revision (any git revision: HEAD~1, a branch, a tag)
      --to REV           the new revision (default: the working tree)
      --from-dir DIR     the old side is this environment directory as it is (no git;
                         octocatalog-diff's --bootstrapped-from-dir)
      --to-dir DIR       the new side is this environment directory as it is
      --environment DIR  the control repo (default: the current directory)
      --modulepath DIRS  more module directories (DIR[:DIR...]), after the environment's
      --basemodulepath DIRS  global modules every modulepath ends with, as for
                         --catalog ('' for none; default: PREPL_BASEMODULEPATH, else the
                         reference's basemodulepath on this machine)
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

/// The options [`parse_args`] reads (for completion).
pub const OPTIONS: &[&str] = &[
    "--from",
    "--to",
    "--from-dir",
    "--to-dir",
    "--environment",
    "--modulepath",
    "--basemodulepath",
    "--hiera-config",
    "--strict",
    "--facts",
    "--facts-for",
    "--node",
    "--jobs",
    "--ignore",
    "--ignore-param",
    "--ignore-tags",
    "--structured-content",
    "--no-file-text",
    "--summary",
    "--format",
    "--color",
    "--help",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// What to compare and how to show it: the options of `prepl diff`.
#[derive(Debug, Clone)]
pub struct Request {
    /// Two catalogs on file (old, new), or none (`--from`).
    pub files: Vec<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    /// The old and new sides as directories (no git).
    pub from_dir: Option<String>,
    pub to_dir: Option<String>,
    pub environment: Option<String>,
    pub modulepath: Option<String>,
    /// `--basemodulepath DIRS` (`Some("")` for none); `None`: `PREPL_BASEMODULEPATH`, else
    /// the reference's (`env::basemodulepath::resolve`).
    pub basemodulepath: Option<String>,
    pub hiera_config: Option<String>,
    pub strict: crate::Strictness,
    pub facts: Vec<String>,
    pub facts_for: Vec<String>,
    pub nodes: Vec<String>,
    pub jobs: usize,
    pub compare: diff::Options,
    /// Compare a `puppet:///modules/` source by the text it names.
    pub file_text: bool,
    pub summary: bool,
    pub format: Format,
    /// `--color`: `None` for auto.
    pub color: Option<bool>,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            files: Vec::new(),
            from: None,
            to: None,
            from_dir: None,
            to_dir: None,
            environment: None,
            modulepath: None,
            basemodulepath: None,
            hiera_config: None,
            strict: crate::Strictness::Error,
            facts: Vec::new(),
            facts_for: Vec::new(),
            nodes: Vec::new(),
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            compare: diff::Options::default(),
            file_text: true,
            summary: false,
            format: Format::Text,
            color: None,
        }
    }
}

/// The words of `:diff ARGS` / `%diff ARGS` as a POSIX shell splits a command line:
/// quotes (`--ignore 'File[/var/tmp/a b]'`), backslash escapes, `#` comments; an unclosed
/// quote or a trailing backslash is an error.
pub fn split_args(line: &str) -> Result<Vec<String>, String> {
    shlex::split(line).ok_or_else(|| {
        "the arguments end inside a quote or after a backslash (quote them as in a shell)"
            .to_string()
    })
}

/// Reads the options; `None` for `--help`.
pub fn parse_args(args: &[String]) -> Result<Option<Request>, String> {
    let mut o = Request::default();
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
            "--from-dir" => o.from_dir = Some(value(arg)?),
            "--to-dir" => o.to_dir = Some(value(arg)?),
            "--environment" => o.environment = Some(value(arg)?),
            "--modulepath" => o.modulepath = Some(value(arg)?),
            "--basemodulepath" => o.basemodulepath = Some(value(arg)?),
            "--hiera-config" => o.hiera_config = Some(value(arg)?),
            "--strict" => {
                let v = value(arg)?;
                o.strict = crate::Strictness::parse(&v)
                    .ok_or_else(|| format!("--strict: '{v}' is not off, warning or error"))?;
            }
            "--facts" => o.facts.push(value(arg)?),
            "--facts-for" => o.facts_for.push(value(arg)?),
            "--node" => {
                let name = value(arg)?;
                crate::env::node::check_certname(&name)?;
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
    if o.from.is_some() && o.from_dir.is_some() || o.to.is_some() && o.to_dir.is_some() {
        return Err("give a side as a revision or as a directory, not both".into());
    }
    let compiles = o.from.is_some() || o.from_dir.is_some();
    if o.to_dir.is_some() && !compiles {
        return Err("--to-dir needs --from REV or --from-dir DIR".into());
    }
    match (o.files.len(), compiles) {
        (2, false) | (0, true) => Ok(Some(o)),
        (_, true) => Err("give either two catalog files or --from REV, not both".into()),
        _ => Err("give two catalog files (OLD.json NEW.json), --from REV or --from-dir DIR".into()),
    }
}

/// How a run reports what it does and learns that it should stop.
#[derive(Default)]
pub struct Watch<'a> {
    /// Called with (nodes done, nodes in all) before the first node and as each node is
    /// compared.
    pub progress: Option<&'a mut dyn FnMut(usize, usize)>,
    /// Set to stop: nodes not started yet are not compiled (an interrupt).
    pub cancel: Option<Arc<AtomicBool>>,
}

/// Compares what the request names: two catalog files, or each node at two revisions.
pub fn run(req: &Request, watch: Watch<'_>) -> Result<Vec<NodeReport>, String> {
    if req.files.len() == 2 {
        compare_files(&req.files[0], &req.files[1], &req.compare)
    } else {
        compare_revisions(req, watch)
    }
}

/// Two catalogs on file.
pub fn compare_files(
    old: &str,
    new: &str,
    options: &diff::Options,
) -> Result<Vec<NodeReport>, String> {
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

/// What every compilation needs, shared by the worker threads.
struct Job {
    old_dir: PathBuf,
    new_dir: PathBuf,
    extra: Vec<PathBuf>,
    /// The global modules each revision's modulepath ends with (as `--catalog`'s).
    base_modulepath: Vec<PathBuf>,
    hiera_config: Option<PathBuf>,
    strict: crate::Strictness,
    compare: diff::Options,
    file_text: bool,
    /// The environment's name on both sides (`$environment`, the catalog's): the name of
    /// the new side's directory as the user has it (the control repo's, or `--to-dir`'s),
    /// not a revision's temporary directory's.
    env_name: String,
}

fn compare_revisions(req: &Request, watch: Watch<'_>) -> Result<Vec<NodeReport>, String> {
    let directory = |dir: &str| {
        PathBuf::from(dir)
            .canonicalize()
            .map_err(|e| format!("{dir}: {e}"))
    };
    let env_dir = || directory(req.environment.as_deref().unwrap_or("."));
    let old = match (&req.from_dir, &req.from) {
        (Some(dir), _) => git::Tree::working(directory(dir)?),
        (None, from) => git::tree_at(&env_dir()?, from.as_deref().unwrap_or("HEAD"))?,
    };
    let new = match (&req.to_dir, &req.to) {
        (Some(dir), _) => git::Tree::working(directory(dir)?),
        (None, Some(rev)) => git::tree_at(&env_dir()?, rev)?,
        (None, None) => git::Tree::working(env_dir()?),
    };
    let hiera_config = match &req.hiera_config {
        Some(f) if !Path::new(f).is_file() => {
            return Err(format!("--hiera-config: {f} is not a file"))
        }
        Some(f) => Some(PathBuf::from(f)),
        None => crate::env::hiera::default_global_config(),
    };
    let named = match &req.to_dir {
        Some(dir) => directory(dir)?,
        None => env_dir()?,
    };
    let env_name = crate::env::Environment::from_dir(named, Vec::new()).name;
    let nodes = nodes::nodes(req)?;
    let job = Arc::new(Job {
        old_dir: old.env_dir.clone(),
        new_dir: new.env_dir.clone(),
        extra: req
            .modulepath
            .as_deref()
            .map(crate::env::split_paths)
            .unwrap_or_default(),
        base_modulepath: crate::env::basemodulepath::resolve(req.basemodulepath.as_deref()),
        hiera_config,
        strict: req.strict,
        compare: req.compare.clone(),
        file_text: req.file_text,
        env_name,
    });
    let reports = run_all(nodes, job, req.jobs.max(1), watch);
    drop((old, new));
    Ok(reports)
}

/// Compiles every node on `jobs` threads, each taking the next node when it is done with
/// one; the reports in the nodes' order.
fn run_all(
    nodes: Vec<nodes::Node>,
    job: Arc<Job>,
    jobs: usize,
    watch: Watch<'_>,
) -> Vec<NodeReport> {
    let total = nodes.len();
    let queue: Arc<Mutex<Vec<(usize, nodes::Node)>>> =
        Arc::new(Mutex::new(nodes.into_iter().enumerate().rev().collect()));
    let cancel = watch.cancel.unwrap_or_default();
    let (tx, rx) = mpsc::channel::<(usize, NodeReport)>();
    let mut handles = Vec::new();
    for _ in 0..jobs.min(total) {
        let (queue, tx, job, cancel) = (queue.clone(), tx.clone(), job.clone(), cancel.clone());
        let spawned = crate::limits::evaluation_thread("prepl-diff").spawn(move || loop {
            if cancel.load(Ordering::Relaxed) {
                break;
            }
            let next = queue.lock().ok().and_then(|mut q| q.pop());
            let Some((i, node)) = next else { break };
            let report = compare_node(&node, &job);
            if tx.send((i, report)).is_err() {
                break;
            }
        });
        // (a thread that cannot start leaves its nodes to the others; with none, each
        // node says it was not compiled)
        if let Ok(h) = spawned {
            handles.push(h);
        }
    }
    drop(tx);
    let mut progress = watch.progress;
    if let Some(p) = progress.as_mut() {
        p(0, total);
    }
    let mut results: Vec<Option<NodeReport>> = vec![None; total];
    let mut done = 0;
    for (i, r) in rx {
        results[i] = Some(r);
        done += 1;
        if let Some(p) = progress.as_mut() {
            p(done, total);
        }
    }
    for h in handles {
        let _ = h.join();
    }
    let why = if cancel.load(Ordering::Relaxed) {
        "not compiled (interrupted)"
    } else {
        "not compiled (its thread stopped)"
    };
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            r.unwrap_or_else(|| NodeReport {
                node: format!("node {}", i + 1),
                outcome: Outcome::Failed {
                    old: Some(why.into()),
                    new: Some(why.into()),
                },
            })
        })
        .collect()
}

fn compare_node(node: &nodes::Node, job: &Job) -> NodeReport {
    // (the facts are read once for both revisions: a facts file is the same for both)
    let (old, new) = match node.facts.read() {
        Ok(facts) => (
            compile::compile(node, &facts, &job.old_dir, job),
            compile::compile(node, &facts, &job.new_dir, job),
        ),
        Err(e) => (Err(e.clone()), Err(e)),
    };
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

#[cfg(test)]
mod tests;
