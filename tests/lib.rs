//! Support for the workspace-level tests: running one corpus case through a fresh session.

pub mod module_cache;
pub mod site_cases;

use prepl::{format, Session, Value};
use serde_json::{Map as JsonMap, Value as Json};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One program of a corpus with the reference's result.
#[derive(Debug, Clone)]
pub struct Case {
    pub id: String,
    pub area: String,
    pub src: String,
    pub expected: Outcome,
    /// The node the catalog is compiled for (the oracle's default when `None`).
    pub node: Option<String>,
    /// The facts given to the compilation (`$facts`), when the case sets them (for a case
    /// with a `facts_file`, that file's facts with `clientcert` set to the node name).
    pub facts: Option<Json>,
    /// The fact file the facts come from (`facts_file`, relative to the repository root), if
    /// any.
    pub facts_file: Option<String>,
    /// The environment directory the case compiles in (`env_dir`, relative to the repository
    /// root or absolute), if any.
    pub env_dir: Option<String>,
    /// The modulepath of the case (`modulepath`), if it sets one: it replaces the environment
    /// directory's `modules/`, as in the oracle (Puppet::Pal).
    pub modulepath: Option<Vec<String>>,
    /// `"integer_bounds": "spec"` or `"reference"` (the default): how prepl reads
    /// `Integer[n]` (`--integer-bounds`); the oracle ignores the key.
    pub integer_bounds: Option<prepl::SingleBound>,
    /// `"custom_facts": [NAME...]`: facts of the environment's own modules
    /// (`lib/facter/*.rb`) that the oracle was given as the reference's Facter resolved them
    /// (the differential area `controlrepos`); prepl resolves them from the modules' source
    /// over the case's facts (without them) and adds those that resolve to a value. The
    /// oracle ignores the key.
    pub custom_facts: Option<Vec<String>>,
    /// The catalog the reference compiled, for cases run with `"catalog": true` that did not
    /// fail.
    pub catalog: Option<CatalogView>,
}

/// The node name the oracle compiles for unless a case names another.
pub const ORACLE_NODE_NAME: &str = "oracle.example.com";

/// A catalog in the oracle's form: resources in order and containment edges (`"A -> B"`).
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogView {
    pub resources: Vec<ResourceView>,
    pub edges: Vec<String>,
}

/// One resource as the oracle reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceView {
    pub type_name: String,
    pub title: String,
    pub exported: bool,
    /// JSON data, as the reference's catalog encoder writes it (empty when it has none).
    /// Compared as a map: the order of the keys is not checked.
    pub parameters: JsonMap<String, Json>,
    /// `None` when the case did not ask for tags.
    pub tags: Option<Vec<String>>,
}

impl ResourceView {
    /// From a resource of the oracle's form (`exported` only when true, `parameters` only
    /// when not empty, `tags` when asked for) or of the reference's JSON catalog encoder (as
    /// `Session::catalog_json` gives it: `exported` always, `line`, `file`).
    pub fn from_json(j: &Json) -> ResourceView {
        let s = |k: &str| {
            j.get(k)
                .and_then(Json::as_str)
                .unwrap_or_default()
                .to_string()
        };
        ResourceView {
            type_name: s("type"),
            title: s("title"),
            exported: j.get("exported").and_then(Json::as_bool).unwrap_or(false),
            parameters: j
                .get("parameters")
                .and_then(Json::as_object)
                .cloned()
                .unwrap_or_default(),
            tags: j.get("tags").and_then(Json::as_array).map(|a| {
                a.iter()
                    .map(|t| {
                        t.as_str()
                            .map(str::to_string)
                            .unwrap_or_else(|| t.to_string())
                    })
                    .collect()
            }),
        }
    }

    /// One line: `@@Type[title] {"param": value}  tags a,b`.
    pub fn render(&self) -> String {
        let mut line = format!(
            "{}{}[{}]",
            if self.exported { "@@" } else { "" },
            self.type_name,
            self.title
        );
        if !self.parameters.is_empty() {
            line.push(' ');
            line.push_str(&Json::Object(self.parameters.clone()).to_string());
        }
        if let Some(tags) = &self.tags {
            line.push_str("  tags ");
            line.push_str(&tags.join(","));
        }
        line
    }
}

impl CatalogView {
    /// The catalog of an expected line (`resources`, `edges`), if it has one.
    pub fn from_oracle(j: &Json) -> Option<CatalogView> {
        let resources = j.get("resources")?.as_array()?;
        Some(CatalogView {
            resources: resources.iter().map(ResourceView::from_json).collect(),
            edges: j
                .get("edges")
                .and_then(Json::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(|e| e.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default(),
        })
    }

    /// prepl's catalog (`Session::catalog_json`, the reference encoder's shape) in the
    /// oracle's form: edges `{"source", "target"}` become `"source -> target"`.
    pub fn from_encoder(j: &Json) -> CatalogView {
        CatalogView {
            resources: j
                .get("resources")
                .and_then(Json::as_array)
                .map(|a| a.iter().map(ResourceView::from_json).collect())
                .unwrap_or_default(),
            edges: j
                .get("edges")
                .and_then(Json::as_array)
                .map(|a| {
                    a.iter()
                        .map(|e| {
                            let end = |k: &str| {
                                e.get(k)
                                    .and_then(Json::as_str)
                                    .unwrap_or_default()
                                    .to_string()
                            };
                            format!("{} -> {}", end("source"), end("target"))
                        })
                        .collect()
                })
                .unwrap_or_default(),
        }
    }

    /// Whether the expected catalog lists tags (the case was run with `"tags": true`).
    pub fn has_tags(&self) -> bool {
        self.resources.iter().any(|r| r.tags.is_some())
    }

    /// The same catalog without tags (to compare with one that has none).
    pub fn without_tags(mut self) -> CatalogView {
        for r in &mut self.resources {
            r.tags = None;
        }
        self
    }

    /// A readable difference between `self` (expected) and `got`: the resource lines and edges
    /// that differ, `-` expected, `+` got, with a line of context around each change.
    pub fn diff(&self, got: &CatalogView) -> String {
        let lines = |c: &CatalogView| -> Vec<String> {
            c.resources.iter().map(ResourceView::render).collect()
        };
        let mut out = String::new();
        if self.resources != got.resources {
            out.push_str("  resources:\n");
            out.push_str(&line_diff(&lines(self), &lines(got)));
        }
        if self.edges != got.edges {
            out.push_str("  edges:\n");
            out.push_str(&line_diff(&self.edges, &got.edges));
        }
        out
    }
}

/// A line diff (longest common subsequence) of `a` (expected) and `b` (got): changed lines
/// with `-`/`+`, one unchanged line of context around changes, `...` for omitted runs.
pub fn line_diff(a: &[String], b: &[String]) -> String {
    let (n, m) = (a.len(), b.len());
    let mut lcs = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut ops: Vec<(char, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            ops.push((' ', &a[i]));
            i += 1;
            j += 1;
        } else if j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j]) {
            ops.push(('+', &b[j]));
            j += 1;
        } else {
            ops.push(('-', &a[i]));
            i += 1;
        }
    }
    let near_change = |k: usize| {
        ops[k.saturating_sub(1)..(k + 2).min(ops.len())]
            .iter()
            .any(|(c, _)| *c != ' ')
    };
    let mut out = String::new();
    let mut skipped = false;
    for (k, (c, line)) in ops.iter().enumerate() {
        if *c == ' ' && !near_change(k) {
            if !skipped {
                out.push_str("      ...\n");
                skipped = true;
            }
            continue;
        }
        skipped = false;
        out.push_str(&format!("    {c} {line}\n"));
    }
    out
}

/// A JSON value (facts) as a Puppet value.
pub fn json_to_value(j: &Json) -> Value {
    prepl::catalog::json::from_data(j)
}

/// `message` without the positions the reference appends (` (line: 1)`,
/// ` (line: 1, column: 5)`, ` (file: unknown, line: 1)`) and without a final ` on node NAME`.
pub fn without_positions(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    loop {
        let at = ["(line: ", "(file: "]
            .iter()
            .filter_map(|p| rest.find(p))
            .min();
        let Some(at) = at else {
            out.push_str(rest);
            break;
        };
        let Some(close) = rest[at..].find(')') else {
            out.push_str(rest);
            break;
        };
        let inner = &rest[at + 1..at + close];
        let is_position = inner.split(", ").all(|part| {
            part.strip_prefix("line: ")
                .or_else(|| part.strip_prefix("column: "))
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
                || part.starts_with("file: ")
        });
        if is_position {
            out.push_str(rest[..at].trim_end_matches(' '));
        } else {
            out.push_str(&rest[..at + close + 1]);
        }
        rest = &rest[at + close + 1..];
    }
    if let Some(at) = out.rfind(" on node ") {
        if !out[at + 9..].contains(' ') {
            out.truncate(at);
        }
    }
    out
}

/// An error's message (with the location the reference's ends with) as the oracle reports
/// it: without its first position with a column (` (line: 1, column: 5)`, ` (file: F, line:
/// 1, column: 5)`; an error quoting another keeps the second, its own) and ` on node NAME`.
pub fn as_the_oracle_reports(message: &str) -> String {
    static POSITION: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r" \((file: [^,]*, )?line: \d+, column: \d+\)").expect("pattern")
    });
    static NODE: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r" on node \S+").expect("pattern"));
    let message = POSITION.replace(message, "");
    NODE.replace(&message, "").into_owned()
}

/// What a program produced: a value (programmatic form) or an error message, plus log lines
/// (`notice: text`).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub value: Option<String>,
    pub error: Option<String>,
    pub log: Vec<String>,
}

impl Outcome {
    /// A one-line summary for failure reports.
    pub fn summary(&self) -> String {
        let main = match (&self.value, &self.error) {
            (Some(v), _) => v.clone(),
            (None, Some(e)) => format!("error: {e}"),
            _ => "(nothing)".into(),
        };
        if self.log.is_empty() {
            main
        } else {
            format!("{main}  log: {:?}", self.log)
        }
    }
}

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// The repository root (paths in corpus lines are relative to it).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// How a case's modulepath names the module sweep's cache of Debian's modules
/// ([`module_cache::modules_dir`]; its place differs between machines): the oracle's input is
/// given the cache's path (`corpus/gen/absolute_paths.py`), and answers name files in it with
/// this mark again.
pub const MODULE_CACHE_MARK: &str = "@MODULE_CACHE@";

/// `path` (relative to the repository root, or absolute, or [`MODULE_CACHE_MARK`]) as an
/// absolute path.
pub fn from_root(path: &str) -> PathBuf {
    if path == MODULE_CACHE_MARK {
        return module_cache::modules_dir();
    }
    let p = Path::new(path);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        repo_root().join(p)
    }
}

/// The facts of a YAML or JSON fact file (relative to the repository root, or absolute), as
/// JSON; `None` when it cannot be read.
pub fn read_fact_file(path: &str) -> Option<Json> {
    let text = std::fs::read_to_string(from_root(path)).ok()?;
    if path.ends_with(".json") {
        return serde_json::from_str(&text).ok();
    }
    let docs = yaml_rust2::YamlLoader::load_from_str(&text).ok()?;
    docs.first().map(yaml_to_json)
}

/// A YAML document as JSON data (keys in the document's order).
pub fn yaml_to_json(y: &yaml_rust2::Yaml) -> Json {
    use yaml_rust2::Yaml;
    match y {
        Yaml::Null | Yaml::BadValue | Yaml::Alias(_) => Json::Null,
        Yaml::Boolean(b) => Json::Bool(*b),
        Yaml::Integer(i) => Json::from(*i),
        Yaml::Real(r) => y
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map(Json::Number)
            .unwrap_or_else(|| Json::String(r.clone())),
        Yaml::String(s) => Json::String(s.clone()),
        Yaml::Array(a) => Json::Array(a.iter().map(yaml_to_json).collect()),
        Yaml::Hash(h) => Json::Object(
            h.iter()
                .map(|(k, v)| {
                    let key = match k {
                        Yaml::String(s) => s.clone(),
                        other => match yaml_to_json(other) {
                            Json::String(s) => s,
                            j => j.to_string(),
                        },
                    };
                    (key, yaml_to_json(v))
                })
                .collect(),
        ),
    }
}

/// What a program line sets up besides its source: node, facts, environment directory and
/// modulepath.
#[derive(Debug, Clone, Default)]
struct Setup {
    node: Option<String>,
    facts: Option<Json>,
    facts_file: Option<String>,
    env_dir: Option<String>,
    modulepath: Option<Vec<String>>,
    integer_bounds: Option<prepl::SingleBound>,
    custom_facts: Option<Vec<String>>,
}

impl Setup {
    /// From a program line. A `facts_file` gives the file's facts with `clientcert` set to the
    /// node name (as `puppet apply` adds it; the reference's `$trusted['certname']` comes from
    /// it), as the oracle got them (gen/absolute_paths.py).
    fn from_program(p: &Json) -> Setup {
        let node = p.get("node").and_then(Json::as_str).map(str::to_string);
        let mut facts = p.get("facts").cloned();
        if let Some(file) = p.get("facts_file").and_then(Json::as_str) {
            let mut f = read_fact_file(file).unwrap_or_else(|| {
                panic!(
                    "cannot read the fact file {file} of corpus case {:?}",
                    p.get("id")
                )
            });
            if let (Some(node), Some(obj)) = (&node, f.as_object_mut()) {
                obj.insert("clientcert".into(), Json::String(node.clone()));
            }
            facts = Some(f);
        }
        Setup {
            node,
            facts,
            facts_file: p
                .get("facts_file")
                .and_then(Json::as_str)
                .map(str::to_string),
            env_dir: p.get("env_dir").and_then(Json::as_str).map(str::to_string),
            integer_bounds: match p.get("integer_bounds").and_then(Json::as_str) {
                Some("spec") => Some(prepl::SingleBound::Exact),
                Some("reference") => Some(prepl::SingleBound::AtLeast),
                _ => None,
            },
            modulepath: p.get("modulepath").and_then(Json::as_array).map(|a| {
                a.iter()
                    .filter_map(|d| d.as_str().map(str::to_string))
                    .collect()
            }),
            custom_facts: p.get("custom_facts").and_then(Json::as_array).map(|a| {
                a.iter()
                    .filter_map(|d| d.as_str().map(str::to_string))
                    .collect()
            }),
        }
    }
}

/// Reads every `expected/*.jsonl` file of the corpus.
pub fn load_corpus(dir: &Path) -> Vec<Case> {
    let mut files: Vec<_> = std::fs::read_dir(dir.join("expected"))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let area = file
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let programs = dir.join("programs").join(format!("{area}.jsonl"));
        cases.extend(load_cases(&area, &programs, &file));
    }
    cases
}

/// The cases of one area: the programs (`programs`, one JSON line each, with the node, facts
/// and environment of each) and the oracle's answers (`expected`, line for line).
pub fn load_cases(area: &str, programs: &Path, expected: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    let area = area.to_string();
    // The oracle does not copy a program's node name, facts and environment to its
    // answer: they come from the program's line, by id.
    let setup: std::collections::HashMap<String, Setup> = std::fs::read_to_string(programs)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<Json>(l).ok())
        .filter_map(|p| {
            let id = p.get("id")?.as_str()?.to_string();
            Some((id, Setup::from_program(&p)))
        })
        .collect();
    let text = std::fs::read_to_string(expected).unwrap_or_default();
    for (n, line) in text.lines().enumerate() {
        let Ok(j) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let id = j
            .get("id")
            .and_then(Json::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| format!("{area}-{}", n + 1));
        let setup = setup.get(&id).cloned().unwrap_or_default();
        let s = |k: &str| j.get(k).and_then(|v| v.as_str()).map(str::to_string);
        let error = s("error");
        // A catalog compilation can fail after the program's value was taken (define
        // bodies, node definitions, relationships and parameters are checked at the end):
        // the oracle then reports both; prepl's `eval` fails, so only the error counts.
        let value = if error.is_some() { None } else { s("value") };
        let mut log: Vec<String> = j
            .get("log")
            .and_then(|l| l.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        // The oracle also logs the final error as an `err:` line (sometimes with " on node
        // <host>" appended, or with other positions); that is the error itself.
        if let Some(e) = &error {
            if log.last().is_some_and(|l| {
                l.starts_with(&format!("err: {e}"))
                    || l.strip_prefix("err: ")
                        .is_some_and(|l| without_positions(l).starts_with(&without_positions(e)))
            }) {
                log.pop();
            }
        }
        cases.push(Case {
            id,
            area: area.clone(),
            src: s("src").unwrap_or_default(),
            expected: Outcome { value, error, log },
            node: s("node").or(setup.node),
            facts: j.get("facts").cloned().or(setup.facts),
            facts_file: setup.facts_file,
            env_dir: setup.env_dir,
            modulepath: setup.modulepath,
            integer_bounds: setup.integer_bounds,
            custom_facts: setup.custom_facts,
            catalog: CatalogView::from_oracle(&j),
        });
    }
    cases
}

/// Evaluates `src` in a fresh session, as the oracle does, interrupting it after `limit`.
pub fn run_case(src: &str, limit: Duration, watchdog: &Watchdog) -> Outcome {
    let mut session = Session::new();
    // (modules' Ruby `puts` is no part of an answer, and would mix with diff-compare's)
    session.set_output_sink(|_, _| {});
    run_in(&mut session, src, limit, watchdog)
}

/// The environment a case compiles in, as the oracle (Puppet::Pal) sets it up: its
/// `env_dir` (named after the directory; its `modules/`, unless the case gives a modulepath,
/// which then replaces it), or a bare environment named `pal_env` with the case's modulepath.
/// `None` when the case sets neither.
pub fn case_environment(case: &Case) -> Option<prepl::env::Environment> {
    let modulepath: Option<Vec<PathBuf>> = case
        .modulepath
        .as_ref()
        .map(|dirs| dirs.iter().map(|d| from_root(d)).collect());
    match (&case.env_dir, modulepath) {
        (Some(dir), modulepath) => {
            let mut env = prepl::env::Environment::from_dir(from_root(dir), Vec::new());
            if let Some(mp) = modulepath {
                env.modulepath = mp;
            }
            Some(env)
        }
        (None, Some(modulepath)) => Some(prepl::env::Environment {
            name: "pal_env".into(),
            dir: None,
            modulepath,
        }),
        (None, None) => None,
    }
}

/// Runs a corpus case as the oracle does: a fresh session compiling for the case's node
/// (`oracle.example.com` unless it names one) with the case's facts, in the case's
/// environment (`env_dir`, `modulepath`). Also gives prepl's catalog, in the oracle's form,
/// when the case expects one and the evaluation succeeded.
pub fn run_corpus_case(
    case: &Case,
    limit: Duration,
    watchdog: &Watchdog,
) -> (Outcome, Option<CatalogView>) {
    let mut session = Session::new();
    session.set_output_sink(|_, _| {});
    // The reference's compiler does not look for dependency cycles (its agent does).
    session.set_cycle_warnings(false);
    session.set_node_name(case.node.as_deref().unwrap_or(ORACLE_NODE_NAME));
    if let Some(reading) = case.integer_bounds {
        session.set_single_bound(reading);
    }
    let env = case_environment(case);
    if let Some(env) = &env {
        session.set_environment(env.clone());
    }
    if let Some(facts) = &case.facts {
        let mut facts = json_to_value(facts);
        if let (Some(names), Some(env)) = (&case.custom_facts, &env) {
            facts = with_custom_facts(
                env,
                facts,
                names,
                case.node.as_deref().unwrap_or(ORACLE_NODE_NAME),
            );
        }
        session.set_facts(facts);
    }
    let mut outcome = run_in(&mut session, &case.src, limit, watchdog);
    let mut catalog = match &case.catalog {
        Some(_) if outcome.error.is_none() => {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| session.catalog_json()))
                .ok()
                .map(|j| CatalogView::from_encoder(&j))
        }
        _ => None,
    };
    // The expected answers name files relative to the repository root (regen.sh removes the
    // root the oracle ran in), and those of the module cache after its mark: so do prepl's.
    if case.env_dir.is_some() || case.modulepath.is_some() {
        let prefix = format!("{}/", repo_root().display());
        // (only for a case naming the cache by its mark: the sweeps write it otherwise)
        let names_cache = case
            .modulepath
            .iter()
            .flatten()
            .any(|d| d == MODULE_CACHE_MARK);
        let cache = format!("{}/", module_cache::modules_dir().display());
        let mark = format!("{MODULE_CACHE_MARK}/");
        let rel = |s: &str| match names_cache {
            true => s.replace(&cache, &mark).replace(&prefix, ""),
            false => s.replace(&prefix, ""),
        };
        outcome.value = outcome.value.as_deref().map(rel);
        outcome.error = outcome.error.as_deref().map(rel);
        outcome.log = outcome.log.iter().map(|l| rel(l)).collect();
        if let Some(c) = &mut catalog {
            for r in &mut c.resources {
                r.title = rel(&r.title);
                for v in r.parameters.values_mut() {
                    if names_cache {
                        relative_strings(v, &cache, &mark);
                    }
                    relative_strings(v, &prefix, "");
                }
            }
            c.edges = c.edges.iter().map(|e| rel(e)).collect();
        }
    }
    (outcome, catalog)
}

/// `facts` with the custom facts `names` of the environment's own modules (those of its
/// modulepath's directories inside its directory: a case's other modules are not the
/// program's) resolved by prepl over `facts` without them: what the reference's Facter gave
/// the oracle (`Case::custom_facts`).
fn with_custom_facts(
    env: &prepl::env::Environment,
    facts: Value,
    names: &[String],
    node: &str,
) -> Value {
    let Value::Hash(h) = &facts else {
        return facts;
    };
    let mut base = (**h).clone();
    for n in names {
        base.shift_remove(&Value::from(n.as_str()));
    }
    let base = Value::hash(base);
    let mut own = env.clone();
    if let Some(dir) = &env.dir {
        own.modulepath.retain(|d| d.starts_with(dir));
    }
    let report = prepl::env::custom_facts::resolve(&own, &base, node, false, false);
    let Value::Hash(h) = &base else {
        return base;
    };
    let mut out = (**h).clone();
    for n in names {
        if let Some(prepl::env::custom_facts::Outcome::Value(v)) = report.get(n).map(|f| &f.outcome)
        {
            out.insert(Value::from(n.as_str()), v.clone());
        }
    }
    Value::hash(out)
}

/// Replaces `prefix` by `by` in every string in `j`.
fn relative_strings(j: &mut Json, prefix: &str, by: &str) {
    match j {
        Json::String(s) if s.contains(prefix) => *s = s.replace(prefix, by),
        Json::Array(a) => a.iter_mut().for_each(|v| relative_strings(v, prefix, by)),
        Json::Object(o) => o.values_mut().for_each(|v| relative_strings(v, prefix, by)),
        _ => {}
    }
}

fn run_in(session: &mut Session, src: &str, limit: Duration, watchdog: &Watchdog) -> Outcome {
    watchdog.arm(session.interrupt_handle(), limit);
    // Named as the oracle's program (`-e`): messages locate by line only, where a REPL
    // input (`In[1]`) is named as a file is.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        session.eval_named("-e", src)
    }));
    watchdog.disarm();
    let log: Vec<String> = session
        .take_logs()
        .into_iter()
        .filter(|(level, _)| !matches!(level, prepl::LogLevel::Debug | prepl::LogLevel::Info))
        .map(|(level, m)| format!("{}: {m}", level.name()))
        .collect();
    match result {
        Ok(Ok(v)) => Outcome {
            value: Some(format::to_programmatic(&v)),
            error: None,
            log,
        },
        Ok(Err(e)) => Outcome {
            value: None,
            error: Some(as_the_oracle_reports(&e.reference_message())),
            log,
        },
        Err(_) => Outcome {
            value: None,
            error: Some("PANIC".into()),
            log,
        },
    }
}

/// The deadline of the running case and the flag that interrupts it.
type Armed = Arc<Mutex<Option<(Instant, Arc<AtomicBool>)>>>;

/// Interrupts a running evaluation that takes too long.
pub struct Watchdog {
    state: Armed,
}

impl Watchdog {
    pub fn start() -> Watchdog {
        let state: Armed = Arc::new(Mutex::new(None));
        let s = state.clone();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(50));
            if let Ok(guard) = s.lock() {
                if let Some((deadline, flag)) = &*guard {
                    if Instant::now() > *deadline {
                        flag.store(true, Ordering::Relaxed);
                    }
                }
            }
            if Arc::strong_count(&s) == 1 {
                return;
            }
        });
        Watchdog { state }
    }
    fn arm(&self, flag: Arc<AtomicBool>, limit: Duration) {
        if let Ok(mut g) = self.state.lock() {
            *g = Some((Instant::now() + limit, flag));
        }
    }
    fn disarm(&self) {
        if let Ok(mut g) = self.state.lock() {
            *g = None;
        }
    }
}

/// Runs `f` on a thread with a stack large enough for deep evaluation.
pub fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(512 * 1024 * 1024)
        .spawn(f)
        .expect("spawn test thread")
        .join()
        .expect("test thread panicked")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixture fact files read as the oracle reads them (PyYAML, JSON): quoted numbers
    /// stay strings, numbers are numbers.
    #[test]
    fn fixture_fact_files_are_read_with_their_types() {
        let web01 = read_fact_file("tests/fixtures/facts/web01.yaml").expect("web01.yaml");
        assert_eq!(web01["os"]["release"]["major"], Json::from("12"));
        assert_eq!(web01["kernelmajversion"], Json::from("6.1"));
        assert_eq!(web01["processors"]["count"], Json::from(2));
        assert_eq!(web01["is_virtual"], Json::from(true));
        assert_eq!(web01["macaddress"], Json::from("08:00:27:0e:e6:7a"));
        assert_eq!(web01["services"], serde_json::json!(["nginx", "webapp"]));
        let db01 = read_fact_file("tests/fixtures/facts/db01.json").expect("db01.json");
        assert_eq!(db01["os"]["family"], Json::from("RedHat"));
        assert_eq!(
            db01["memory"]["system"]["total_bytes"],
            Json::from(16778706944u64)
        );
    }
}
