//! Modules' custom facts (`lib/facter/*.rb`), resolved over a fact set as `puppet apply`
//! adds them to Facter's: every module of the modulepath (the first of a name) has its
//! `lib/facter/*.rb` files loaded in name order by the Ruby subset with Facter's API
//! (`prepl-ruby`'s `methods::facter`), then each fact they add is resolved. `Facter.value`
//! of a fact no file adds is the fact set's.
//!
//! No command runs unless the session allows it (`allow_exec`: `prepl --allow-exec`,
//! `:set exec on`), and then only for this machine's facts (`fact_command`).
//! `Facter::Core::Execution.which` looks along `PATH` (a program that is not found runs
//! nothing in Facter either: `exec` gives nil); otherwise a command whose program exists is
//! refused, and the fact is skipped with a note, except where a rule answers it without
//! running anything (`getent passwd NAME`: `/etc/passwd`). `File`,
//! `Dir` and `ENV` read this machine, and only when the facts are this machine's: for
//! another node's facts (a facts file, facterdb) a fact that reads the machine is skipped.
//! `Puppet[:name]` gives prepl's settings (Debian's defaults for the paths).

use super::Environment;
use crate::erb::bridge::{to_puppet, to_ruby};
use crate::erb::ruby::{self, RValue};
use crate::erb::{Host, HostError, RubyError};
use crate::Value;
use std::path::{Path, PathBuf};
use std::rc::Rc;

mod data;
mod external;
mod kept;
use kept::Asked;

/// A module's fact: where it is added, and what resolving it gave.
#[derive(Debug, Clone, PartialEq)]
pub struct CustomFact {
    pub name: String,
    /// Its file as `MODULE/lib/facter/FILE.rb:LINE` (its first `Facter.add`), or
    /// `MODULE/facts.d/FILE` for an external fact.
    pub origin: String,
    pub kind: FactKind,
    pub outcome: Outcome,
}

/// How a module adds a fact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FactKind {
    /// Ruby code (`lib/facter/*.rb`, `Facter.add`).
    Custom,
    /// A data file of `facts.d` (`.txt`, `.json`, `.yaml`).
    External,
}

impl FactKind {
    /// How the fact is named in notes: `custom fact` or `external fact`.
    pub fn label(self) -> &'static str {
        match self {
            FactKind::Custom => "custom fact",
            FactKind::External => "external fact",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Value(Value),
    /// No resolution's confines hold, or each gave nil: the fact does not exist.
    Absent,
    /// Not resolved, and why (a command, Ruby outside the subset, an exception its code
    /// raised, the machine's files for another node's facts).
    Skipped(String),
}

/// Whether a fact set describes this machine: its FQDN (`networking.fqdn`, else `fqdn`) is
/// this machine's.
pub fn describes_this_machine(facts: &Value) -> bool {
    let Value::Hash(h) = facts else {
        return false;
    };
    let networking = match h.get(&Value::from("networking")) {
        Some(Value::Hash(n)) => n.get(&Value::from("fqdn")).cloned(),
        _ => None,
    };
    match networking.or_else(|| h.get(&Value::from("fqdn")).cloned()) {
        Some(Value::String(fqdn)) => &*fqdn == super::node::machine_fqdn(),
        _ => false,
    }
}

/// A Ruby file's text, where its offsets start, and how it is shown.
struct Source {
    base: usize,
    shown: String,
    text: Rc<str>,
}

/// The files loaded: the facts files and what they `require`.
type Sources = Rc<std::cell::RefCell<Vec<Source>>>;

/// `FILE:LINE` of an offset.
fn locate(sources: &Sources, at: usize) -> String {
    sources
        .borrow()
        .iter()
        .rev()
        .find(|s| s.base <= at && at - s.base <= s.text.len())
        .map(|s| format!("{}:{}", s.shown, ruby::line_col(&s.text, at - s.base).0))
        .unwrap_or_else(|| "?".to_string())
}

/// The custom facts of a modulepath, resolved.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CustomFacts {
    /// In the order they were first added.
    pub facts: Vec<CustomFact>,
    /// The files whose code stopped with an error while loading (the facts it added
    /// before stay), and why; and the external fact scripts not run (`:facts` lists them).
    pub file_errors: Vec<String>,
    /// What their code wrote (`puts`, `warn`) while loading and resolving, in order: the
    /// session writes it to its output (`Session::set_output_sink`) each time it installs
    /// the facts, as the reference's Facter writes it at each run.
    pub output: Vec<(ruby::Stream, String)>,
}

impl CustomFacts {
    pub fn get(&self, name: &str) -> Option<&CustomFact> {
        self.facts.iter().find(|f| f.name == name)
    }

    /// `facts` with the resolved custom facts it lacks added after its own (a fact set that
    /// has a fact keeps its value: a facts file made on the node has its custom facts).
    pub fn added_to(&self, facts: &Value) -> Value {
        let Value::Hash(h) = facts else {
            return facts.clone();
        };
        let mut added = None;
        for f in &self.facts {
            if let Outcome::Value(v) = &f.outcome {
                let k = Value::from(f.name.as_str());
                if !h.contains_key(&k) {
                    added
                        .get_or_insert_with(|| (**h).clone())
                        .insert(k, v.clone());
                }
            }
        }
        added.map_or_else(|| facts.clone(), Value::hash)
    }
}

/// `facts` with the facts of the modules of `env`'s modulepath: their external facts
/// (`facts.d`, see `external`), then their custom facts resolved over the facts with the
/// external ones (see `resolve`). The report lists the external facts first.
pub fn add_module_facts(
    env: &Environment,
    facts: &Value,
    node: &str,
    this_machine: bool,
    allow_exec: bool,
) -> (Value, CustomFacts) {
    let (mut external, mut notes) = external::of_modules(env, allow_exec);
    let facts = external::applied_to(&external, facts, this_machine);
    let mut report = resolve(env, &facts, node, this_machine, allow_exec);
    let mut facts = report.added_to(&facts);
    // This machine's fact scripts (its `facts.d` data files are in its facts already): their
    // facts win over all, as those files' do.
    if this_machine {
        let (scripts, script_notes) = external::of_this_machine(allow_exec);
        if let (Value::Hash(h), false) = (&facts, scripts.is_empty()) {
            let mut h = (**h).clone();
            for f in &scripts {
                if let Outcome::Value(v) = &f.outcome {
                    h.insert(Value::from(f.name.as_str()), v.clone());
                }
            }
            facts = Value::hash(h);
        }
        external.retain(|f| !scripts.iter().any(|s| s.name == f.name));
        external.splice(0..0, scripts);
        notes.splice(0..0, script_notes);
    }
    if !external.is_empty() || !notes.is_empty() {
        report.facts.splice(0..0, external);
        report.file_errors.splice(0..0, notes);
    }
    (facts, report)
}

/// The names of the external facts of the modules of `env`'s modulepath (`facts.d`).
pub fn external_fact_names(env: &Environment) -> Vec<String> {
    external::of_modules(env, false)
        .0
        .into_iter()
        .map(|f| f.name)
        .collect()
}

/// The custom facts of the modules of `env`'s modulepath, resolved over `facts` (a hash:
/// the facts the agent would have before custom facts). `this_machine`: whether `facts` are
/// this machine's (else code that reads the machine is not run); `allow_exec`: whether
/// their commands may run (on this machine only). Another node's facts resolved again over
/// the same files and facts give the resolution of before (`kept`).
pub fn resolve(
    env: &Environment,
    facts: &Value,
    node: &str,
    this_machine: bool,
    allow_exec: bool,
) -> CustomFacts {
    // (facts of this machine: their code may read it, and what it reads changes)
    let setting = |name: &str| setting_value(env, node, name);
    if !this_machine {
        if let Some(known) = kept::find_unchanged(facts, allow_exec, env, &setting) {
            return known;
        }
    }
    // (the files, and what their code asked, found again: all kept answers in one epoch
    // tell the next session that nothing of it changed while the epoch lasts)
    let steady = super::fs::Steady::start();
    let files = fact_files(env);
    if files.is_empty() {
        return CustomFacts::default();
    }
    let files: Vec<kept::FactFile> = files
        .into_iter()
        .map(|(dir, file)| {
            let stamp = kept::stamp(&file);
            (dir, file, stamp)
        })
        .collect();
    if !this_machine {
        if let Some(known) = kept::find(&files, facts, allow_exec, env, &setting, steady) {
            return known;
        }
    }
    let sources: Sources = Rc::default();
    let mut host = FactsHost {
        facts,
        env,
        node,
        this_machine,
        allow_exec,
        sources: sources.clone(),
        loaded: Vec::new(),
        asked: Vec::new(),
        output: Vec::new(),
    };
    let mut load_errors: Vec<String> = Vec::new();
    let mut out = Vec::new();
    {
        let mut it = ruby::Interp::new(&mut host);
        it.install_facter();
        it.define_module("PuppetX");
        for (dir, file, stamp) in &files {
            let Some(parsed) = stamp.and_then(|_| super::ruby_files::load(file).ok()) else {
                continue;
            };
            sources.borrow_mut().push(Source {
                base: parsed.base,
                shown: shown_path(dir, file),
                text: parsed.text.clone(),
            });
            let result = parsed.body.clone().and_then(|body| it.load_facts(&body));
            if let Err(e) = result {
                load_errors.push(describe_error(e));
            }
        }
        for name in it.fact_names() {
            let at = it.fact_at(&name).unwrap_or(0);
            let outcome = match it.resolve_fact(&name) {
                Ok(ruby::methods::facter::FactOutcome::Value(v)) => match to_puppet(&v) {
                    Ok(v) => Outcome::Value(v),
                    Err(e) => Outcome::Skipped(format!("its value is not data: {e}")),
                },
                Ok(ruby::methods::facter::FactOutcome::Nil) => Outcome::Absent,
                Ok(ruby::methods::facter::FactOutcome::Failed(e))
                | Ok(ruby::methods::facter::FactOutcome::Skipped(e)) => {
                    Outcome::Skipped(describe_error(e))
                }
                Err(e) => Outcome::Skipped(describe_error(e)),
            };
            out.push((name, at, outcome));
        }
    }
    let resolved = out
        .into_iter()
        .map(|(name, at, outcome)| CustomFact {
            origin: locate(&sources, at),
            kind: FactKind::Custom,
            name,
            outcome: locate_note(&sources, outcome),
        })
        .collect();
    let file_errors = load_errors
        .into_iter()
        .map(|e| match locate_note(&sources, Outcome::Skipped(e)) {
            Outcome::Skipped(note) => note,
            _ => String::new(),
        })
        .collect();
    let result = CustomFacts {
        facts: resolved,
        file_errors,
        output: std::mem::take(&mut host.output),
    };
    if !this_machine {
        kept::keep(files, facts, allow_exec, host.asked, &result);
    }
    result
}

/// `Puppet[:name]` as prepl's settings answer it (`None`: Debian's default, if any).
fn setting_value(env: &Environment, node: &str, name: &str) -> Option<Value> {
    super::settings::lookup(env, node, crate::Strictness::Error, name)
}

/// A note with the file and line of the error it describes (`@AT@` marks the offset).
fn locate_note(sources: &Sources, outcome: Outcome) -> Outcome {
    match outcome {
        Outcome::Skipped(note) => match note.rsplit_once("@AT@") {
            Some((text, at)) => {
                let at = at.parse().unwrap_or(0);
                Outcome::Skipped(format!("{text} ({})", locate(sources, at)))
            }
            None => Outcome::Skipped(note),
        },
        other => other,
    }
}

/// An error of a fact's code as a note (its offset after `@AT@`, made a file and line by
/// `locate_note`).
fn describe_error(e: RubyError) -> String {
    let at = e.at();
    let text = match e {
        RubyError::Raised { message, class, .. } => {
            format!("its code raised {class}: {message}")
        }
        RubyError::Syntax { message, .. } => format!("syntax error: {message}"),
        RubyError::Unsupported { what, .. } => format!("it needs {what}"),
        RubyError::Interrupted { .. } => "interrupted".to_string(),
    };
    format!("{text}@AT@{at}")
}

/// The `lib/facter/*.rb` files of the modules of the modulepath (the first module of each
/// name), by module and file name, with their modulepath directory.
fn fact_files(env: &Environment) -> Vec<(PathBuf, PathBuf)> {
    // (the names borrowed from the listings, and one path made again for each module: an
    // allocation or two a module before)
    let listings: Vec<_> = env.modulepath.iter().map(|d| super::fs::list(d)).collect();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut facter = PathBuf::new();
    for (dir, listing) in env.modulepath.iter().zip(&listings) {
        for module in listing.iter() {
            let Some(name) = module.file_name() else {
                continue;
            };
            if !super::fs::is_dir(module) || !seen.insert(name) {
                continue;
            }
            // (`lib` first: the answer for a path below a missing directory is not kept
            // by the process, `lib`'s is, so a module without `lib` is asked nothing more)
            facter.clear();
            facter.push(module);
            facter.push("lib");
            if !super::fs::is_dir(&facter) {
                continue;
            }
            facter.push("facter");
            for f in super::fs::list(&facter).iter() {
                if f.extension().is_some_and(|e| e == "rb") && super::fs::is_file(f) {
                    out.push((dir.clone(), f.clone()));
                }
            }
        }
    }
    out
}

fn shown_path(dir: &Path, file: &Path) -> String {
    // (by bytes: taking both paths apart into components was 3 k instructions a file,
    // ~45 files at every set-up)
    match super::modules::below(dir, file) {
        Some(rest) => rest.to_string(),
        None => file.strip_prefix(dir).unwrap_or(file).display().to_string(),
    }
}

/// The host of custom facts' code: the fact set, this machine (when the facts are its),
/// the settings, and `require` of modules' `lib` files.
struct FactsHost<'a> {
    facts: &'a Value,
    env: &'a Environment,
    node: &'a str,
    this_machine: bool,
    /// Whether commands may run.
    allow_exec: bool,
    sources: Sources,
    /// The files `require` loaded.
    loaded: Vec<PathBuf>,
    /// What the code asked of the environment, and the answers (a resolution is used again
    /// only where they are the same: `kept`).
    asked: Vec<Asked>,
    /// What the code wrote (`puts`, `warn`).
    output: Vec<(ruby::Stream, String)>,
}

impl FactsHost<'_> {
    fn machine(&self, what: &str) -> Result<(), HostError> {
        if self.this_machine {
            Ok(())
        } else {
            Err(HostError::Unsupported(format!(
                "{what} (the facts are not this machine's)"
            )))
        }
    }

    /// `Puppet[:name]`: prepl's settings, and Debian's defaults for the directories.
    fn setting(&mut self, name: &str) -> RValue {
        let found = setting_value(self.env, self.node, name);
        self.asked
            .push(Asked::Setting(name.to_string(), found.clone()));
        match found {
            Some(Value::String(s)) if s.is_empty() => {}
            Some(v) => return to_ruby(&v),
            None => {}
        }
        match name {
            "vardir" => RValue::str("/var/cache/puppet"),
            "confdir" => RValue::str("/etc/puppet"),
            "codedir" => RValue::str("/etc/puppet/code"),
            "server" => RValue::str("puppet"),
            "environmentpath" => RValue::str("/etc/puppet/code/environments"),
            _ => RValue::Nil,
        }
    }

    /// `Puppet::Type.type(:name)`: the type with its default provider for these facts.
    fn puppet_type(&self, name: &str) -> Result<RValue, HostError> {
        if let Some(why) = super::providers::unknown_type(name, self.this_machine) {
            return Err(HostError::Unsupported(why));
        }
        let node = super::providers::Node {
            facts: self.facts,
            this_machine: self.this_machine,
        };
        Ok(RValue::host(super::providers::PuppetType {
            name: name.to_string(),
            default: node.default_provider(name),
        }))
    }

    fn file(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        let path = PathBuf::from(args.first().map(ruby::show::to_s).unwrap_or_default());
        let meta = std::fs::metadata(&path).ok();
        let bool = |b: bool| Ok(RValue::bool(b));
        Some(match name {
            "exist?" | "exists?" => bool(meta.is_some()),
            "file?" => bool(meta.as_ref().is_some_and(|m| m.is_file())),
            "directory?" => bool(meta.as_ref().is_some_and(|m| m.is_dir())),
            "symlink?" => {
                bool(std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()))
            }
            "executable?" => bool(meta.as_ref().is_some_and(is_executable)),
            "readable?" => bool(std::fs::File::open(&path).is_ok()),
            "size" => match &meta {
                Some(m) => Ok(RValue::Int(m.len() as i64)),
                None => Err(no_such_file(&path)),
            },
            "size?" => Ok(meta
                .filter(|m| m.len() > 0)
                .map_or(RValue::Nil, |m| RValue::Int(m.len() as i64))),
            "zero?" | "empty?" => bool(meta.is_some_and(|m| m.len() == 0)),
            "mtime" => match meta.and_then(|m| m.modified().ok()) {
                Some(t) => Ok(RValue::Int(
                    t.duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs() as i64),
                )),
                None => Err(no_such_file(&path)),
            },
            "read" | "readlines" => match read_bounded(&path) {
                Ok(text) if name == "read" => Ok(RValue::str(text)),
                Ok(text) => Ok(RValue::array(
                    text.split_inclusive('\n')
                        .map(RValue::str)
                        .collect::<Vec<_>>(),
                )),
                Err(e) => Err(e),
            },
            _ => return None,
        })
    }
}

fn no_such_file(path: &Path) -> HostError {
    HostError::Raise(format!(
        "No such file or directory @ rb_sysopen - {}",
        path.display()
    ))
}

/// A file's text, up to 1 MiB (what a fact reads is small: a configuration file, a stamp).
fn read_bounded(path: &Path) -> Result<String, HostError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|_| no_such_file(path))?;
    let mut bytes = Vec::new();
    file.take(1 << 20)
        .read_to_end(&mut bytes)
        .map_err(|e| HostError::Raise(format!("{e} @ io_fread - {}", path.display())))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn is_executable(m: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    m.is_file() && m.permissions().mode() & 0o111 != 0
}

/// Where `program` is along `PATH` (a path with a `/` is itself), as Facter's `which`.
pub(crate) fn which(program: &str) -> Option<PathBuf> {
    if program.is_empty() {
        return None;
    }
    let runnable = |p: &Path| std::fs::metadata(p).is_ok_and(|m| is_executable(&m));
    if program.contains('/') {
        let p = PathBuf::from(program);
        return (p.is_absolute() && runnable(&p)).then_some(p);
    }
    let path = std::env::var("PATH").unwrap_or_default();
    path.split(':')
        .filter(|d| !d.is_empty())
        .map(|d| Path::new(d).join(program))
        .find(|p| runnable(p))
}

/// A command answered without running it, where a rule can: `getent passwd NAME` (the
/// user's line of `/etc/passwd`).
fn command_rule(command: &str) -> Option<RValue> {
    let words: Vec<&str> = command.split_whitespace().collect();
    match words.as_slice() {
        ["getent", "passwd", user] => {
            let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
            let line = passwd
                .lines()
                .find(|l| l.split(':').next() == Some(*user))
                .map_or(RValue::Nil, |l| RValue::str(l.to_string()));
            Some(line)
        }
        _ => None,
    }
}

impl Host for FactsHost<'_> {
    fn variable(&mut self, _name: &str) -> Option<RValue> {
        None
    }
    fn write_output(&mut self, stream: ruby::Stream, text: &str) {
        self.output.push((stream, text.to_string()));
    }
    fn has_variable(&mut self, _name: &str, _with_value: bool) -> bool {
        false
    }
    fn call_function(&mut self, name: &str, _args: Vec<RValue>) -> Result<RValue, HostError> {
        Err(HostError::Unsupported(format!(
            "the Puppet function '{name}' (custom facts run before compilation)"
        )))
    }
    fn has_function(&mut self, _name: &str) -> Result<bool, String> {
        Ok(false)
    }
    fn custom_facts(&self) -> bool {
        true
    }
    fn read_dirs(&mut self, what: &str) -> Result<(), HostError> {
        self.machine(what)
    }
    fn fact(&mut self, name: &str) -> Option<RValue> {
        match self.facts {
            Value::Hash(h) => h.get(&Value::from(name)).map(to_ruby),
            _ => None,
        }
    }
    fn system_call(
        &mut self,
        class: &str,
        name: &str,
        args: &[RValue],
    ) -> Option<Result<RValue, HostError>> {
        let arg = |i: usize| args.get(i).map(ruby::show::to_s).unwrap_or_default();
        Some(match (class, name) {
            ("Puppet::Util::Package", "versioncmp") => {
                let o = crate::functions::strings::versioncmp_str(&arg(0), &arg(1), false);
                Ok(RValue::Int(o as i64))
            }
            ("Puppet", "[]") => Ok(self.setting(&arg(0))),
            ("Puppet::Type", "type") => self.puppet_type(&arg(0)),
            ("Facter::Core::Execution", "which") => {
                self.machine("Facter::Core::Execution.which").map(|()| {
                    which(&arg(0)).map_or(RValue::Nil, |p| RValue::str(p.display().to_string()))
                })
            }
            ("Facter::Core::Execution", "execute") => {
                let command = arg(0);
                match self
                    .machine("running a command")
                    .map(|()| command_rule(&command))
                {
                    Ok(Some(v)) => Ok(v),
                    Ok(None) if self.allow_exec => {
                        let timeout = match args.get(1) {
                            Some(RValue::Int(s)) if *s > 0 => {
                                std::time::Duration::from_secs(*s as u64)
                            }
                            _ => super::fact_command::DEFAULT_TIMEOUT,
                        };
                        let raise = !matches!(args.get(2), Some(RValue::Bool(ruby::RBool::False)));
                        super::fact_command::run(&command, timeout, raise).map(RValue::str)
                    }
                    Ok(None) => Err(HostError::Unsupported(format!(
                        "running the command `{command}` (enabled by prepl --allow-exec, :set exec on)"
                    ))),
                    Err(e) => Err(e),
                }
            }
            // backticks: Ruby runs the command and gives its whole output
            ("Kernel", "`") => {
                let command = arg(0);
                match self.machine("running a command") {
                    Ok(()) if self.allow_exec => super::fact_command::output(
                        &command,
                        super::fact_command::DEFAULT_TIMEOUT,
                        true,
                    )
                    .map(RValue::str),
                    Ok(()) => Err(HostError::Unsupported(format!(
                        "running the command `{command}` (enabled by prepl --allow-exec, :set exec on)"
                    ))),
                    Err(e) => Err(e),
                }
            }
            ("File", _) => {
                if let Err(e) = self.machine(&format!("File.{name}")) {
                    return Some(Err(e));
                }
                return self.file(name, args);
            }
            ("Dir", "exist?") => self
                .machine("Dir.exist?")
                .map(|()| RValue::bool(Path::new(&arg(0)).is_dir())),
            ("ENV", "[]" | "fetch") => self.machine("ENV").map(|()| {
                std::env::var(arg(0))
                    .map_or_else(|_| args.get(1).cloned().unwrap_or(RValue::Nil), RValue::str)
            }),
            _ => return None,
        })
    }

    fn require(&mut self, path: &str) -> Option<Result<ruby::Required, HostError>> {
        // (the answer of an earlier `require` of the path: the environment is the same
        // throughout a resolution, and most fact files `require 'facter'`)
        let asked_before = self.asked.iter().find_map(|a| match a {
            Asked::Require(p, found, _) if p == path => Some(found.clone()),
            _ => None,
        });
        let found = match asked_before {
            Some(found) => found,
            None => {
                let found = crate::functions::rubyfn::required_file(&self.env.modulepath, path);
                let stamp = match &found {
                    Ok(Some((_, file))) => kept::stamp(file),
                    _ => None,
                };
                self.asked
                    .push(Asked::Require(path.to_string(), found.clone(), stamp));
                found
            }
        };
        let (dir, file) = match found {
            Ok(Some(found)) => found,
            // (a library of Ruby's, Facter's or Puppet's, or LoadError)
            Ok(None) => return Some(crate::functions::rubyfn::library(path)),
            Err(e) => return Some(Err(e)),
        };
        if self.loaded.contains(&file) {
            return Some(Ok(ruby::Required::Nothing));
        }
        let parsed = match super::ruby_files::load(&file) {
            Ok(parsed) => parsed,
            Err(e) => {
                return Some(Err(HostError::Raise(format!(
                    "cannot load such file -- {path} ({e})"
                ))))
            }
        };
        self.loaded.push(file.clone());
        self.sources.borrow_mut().push(Source {
            base: parsed.base,
            shown: shown_path(&dir, &file),
            text: parsed.text.clone(),
        });
        Some(Ok(ruby::Required::Code(parsed.body.clone())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> Environment {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/rubyfn/modules");
        Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![dir],
        }
    }

    fn shown(r: &CustomFacts, name: &str) -> String {
        match &r.get(name).expect(name).outcome {
            Outcome::Value(v) => crate::format::to_programmatic(v),
            Outcome::Absent => "absent".into(),
            Outcome::Skipped(note) => format!("skipped: {note}"),
        }
    }

    /// The fixture's facts over another node's facts (answers from the reference's `puppet
    /// facts show --modulepath tests/fixtures/rubyfn/modules` for the same fact values).
    #[test]
    fn the_fixture_modules_facts() {
        let facts = crate::catalog::json::from_data(&serde_json::json!({
            "kernel": "Linux", "osfamily": "Debian",
            "os": {"release": {"major": "12"}}, "processors": {"count": 8},
        }));
        let r = resolve(&fixture(), &facts, "vm", false, false);
        let file = "rfn/lib/facter/rfn_facts.rb";
        assert_eq!(r.get("rfn_workers").unwrap().origin, format!("{file}:14"));
        assert_eq!(shown(&r, "rfn_workers"), "4");
        assert_eq!(shown(&r, "rfn_family"), "'debian-12'");
        assert_eq!(shown(&r, "rfn_pick"), "'linux'");
        assert_eq!(shown(&r, "rfn_each_a"), "'each a 1'");
        assert_eq!(shown(&r, "rfn_each_b"), "'each b 2'");
        assert_eq!(shown(&r, "rfn_helper"), "'DEBIAN-12!'");
        assert_eq!(shown(&r, "rfn_confined_away"), "absent");
        assert_eq!(shown(&r, "rfn_fact_object"), "'Linux/debian-12/nil'");
        assert_eq!(
            shown(&r, "rfn_union"),
            r#"'["(?-mix: Debian-Security:)|a\\.b|(?i-mx:x)", true, true, true, "a|b"]'"#
        );
        assert_eq!(
            shown(&r, "rfn_structured"),
            "{'a' => {'x' => 1, 'y' => 2}, 'list' => [1, 2]}"
        );
        // Nothing reads the machine for another node's facts, nor runs a command.
        assert_eq!(
            shown(&r, "rfn_missing_program"),
            format!("skipped: it needs Facter::Core::Execution.which (the facts are not this machine's) ({file}:64)")
        );
        assert_eq!(
            shown(&r, "rfn_raises"),
            format!("skipped: its code raised ArgumentError: no good ({file}:76)")
        );
        assert_eq!(
            shown(&r, "rfn_recursion"),
            format!("skipped: its code raised RuntimeError: Caught recursion on rfn_recursion ({file}:80)")
        );
        assert!(r.file_errors.is_empty(), "{:?}", r.file_errors);
        // Added to the facts, after them; a fact the set has keeps its value.
        let given = crate::catalog::json::from_data(&serde_json::json!({"rfn_pick": "given"}));
        let with = r.added_to(&given);
        let Value::Hash(h) = &with else { panic!() };
        assert_eq!(h.get(&Value::from("rfn_pick")), Some(&Value::from("given")));
        assert_eq!(h.get(&Value::from("rfn_workers")), Some(&Value::Integer(4)));
        assert!(!h.contains_key(&Value::from("rfn_confined_away")));
    }

    /// This machine's facts: `which` looks along PATH (a program that is not there runs
    /// nothing, as in Facter), a command whose program exists is refused, with a note, and
    /// so is every fact that reads it.
    #[test]
    fn commands_are_not_run() {
        let facts = crate::env::facts::local();
        assert!(describes_this_machine(&facts));
        let r = resolve(&fixture(), &facts, "vm", true, false);
        let file = "rfn/lib/facter/rfn_facts.rb";
        assert_eq!(shown(&r, "rfn_missing_program"), "absent");
        assert_eq!(
            shown(&r, "rfn_runs_a_command"),
            format!("skipped: it needs running the command `sh -c \"echo hi\"` (enabled by prepl --allow-exec, :set exec on) ({file}:68)")
        );
        assert_eq!(
            shown(&r, "rfn_needs_the_command"),
            format!("skipped: it needs the fact 'rfn_runs_a_command', which needs running the command `sh -c \"echo hi\"` (enabled by prepl --allow-exec, :set exec on) ({file}:68)")
        );
        let other =
            crate::catalog::json::from_data(&serde_json::json!({"fqdn": "elsewhere.example"}));
        assert!(!describes_this_machine(&other));
    }

    /// stdlib's `package_provider`/`service_provider` code and the other ways of asking
    /// for a default provider, over a Debian 12 node's facts (the reference's answers for
    /// them, with this machine's, in `puppet facts show`: apt, debian, debian, x, posix).
    #[test]
    fn default_providers() {
        let facts = crate::catalog::json::from_data(&serde_json::json!({
            "puppetversion": "7.23.0", "kernel": "Linux",
            "os": {"name": "Debian", "family": "Debian", "release": {"major": "12", "full": "12.5"}},
        }));
        let r = resolve(&fixture(), &facts, "vm", false, false);
        assert_eq!(shown(&r, "rfn_package_provider"), "'apt'");
        assert_eq!(shown(&r, "rfn_service_provider"), "'systemd'");
        assert_eq!(shown(&r, "rfn_default_service_provider"), "'systemd'");
        assert_eq!(shown(&r, "rfn_given_provider"), "'x'");
        assert_eq!(shown(&r, "rfn_file_provider"), "'posix'");
        assert_eq!(
            shown(&r, "rfn_user_provider"),
            "skipped: it needs Puppet::Type.type(:user) for another node's facts (the commands it has decide its provider) (rfn/lib/facter/rfn_providers.rb:44)"
        );
        let redhat = crate::catalog::json::from_data(&serde_json::json!({
            "os": {"name": "RedHat", "family": "RedHat", "release": {"major": "9", "full": "9.2"}},
        }));
        let r = resolve(&fixture(), &redhat, "vm", false, false);
        assert_eq!(shown(&r, "rfn_service_provider"), "'systemd'");
        assert_eq!(shown(&r, "rfn_given_provider"), "'x'");
        let r = resolve(&fixture(), &crate::env::facts::local(), "vm", true, false);
        assert_eq!(shown(&r, "rfn_file_provider"), "'posix'");
    }

    /// With running commands allowed, this machine's facts run theirs (the reference's
    /// `puppet facts show` gives the same values); another node's facts still do not.
    #[test]
    fn commands_run_when_allowed() {
        let facts = crate::env::facts::local();
        let r = resolve(&fixture(), &facts, "vm", true, true);
        assert_eq!(shown(&r, "rfn_runs_a_command"), "'hi'");
        assert_eq!(shown(&r, "rfn_needs_the_command"), "'got hi'");
        assert_eq!(shown(&r, "rfn_setcode_string"), "'from setcode'");
        assert_eq!(shown(&r, "rfn_backticks"), "'[\"one\\n\", \"two\\n\"]'");
        assert_eq!(shown(&r, "rfn_timed_out"), "''");
        assert_eq!(shown(&r, "rfn_missing_program"), "absent");
        let r = resolve(&fixture(), &facts, "vm", true, false);
        assert!(shown(&r, "rfn_setcode_string")
            .starts_with("skipped: it needs running the command `echo from setcode`"));
        assert!(shown(&r, "rfn_backticks").starts_with(
            "skipped: it needs running the command `echo one` (enabled by prepl --allow-exec"
        ));
        let other = crate::catalog::json::from_data(&serde_json::json!({"kernel": "Linux"}));
        let r = resolve(&fixture(), &other, "vm", false, true);
        let note = shown(&r, "rfn_runs_a_command");
        assert!(note.starts_with("skipped: it needs Facter::Core::Execution.which (the facts are not this machine's)"), "{note}");
    }

    /// `Dir.glob` in a custom fact lists this machine's directories (Ruby's rules), only
    /// when the facts are this machine's; `require` of a library the reference lacks is
    /// Ruby's LoadError.
    #[test]
    fn dir_glob_and_missing_libraries() {
        let root = std::env::temp_dir().join(format!("prepl-facts-glob-{}", std::process::id()));
        let facter = root.join("m/lib/facter");
        let data = root.join("data");
        std::fs::create_dir_all(&facter).unwrap();
        std::fs::create_dir_all(data.join("sub")).unwrap();
        for f in ["b.list", "a.list", "sub/c.list", ".hidden.list"] {
            std::fs::write(data.join(f), "").unwrap();
        }
        std::fs::write(
            facter.join("globs.rb"),
            format!(
                "Facter.add(:m_lists) do\n  setcode do\n    Dir.glob('{}/**/*.list').map {{ |p| \
                 File.basename(p) }}.join(',')\n  end\nend\nFacter.add(:m_pry) do\n  setcode do\n    \
                 begin\n      require 'pry'\n      'loaded'\n    rescue LoadError => e\n      \
                 e.message\n    end\n  end\nend\n",
                data.display()
            ),
        )
        .unwrap();
        let env = Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        };
        let facts = crate::env::facts::local();
        let r = resolve(&env, &facts, "vm", true, false);
        assert_eq!(shown(&r, "m_lists"), "'a.list,b.list,c.list'");
        assert_eq!(shown(&r, "m_pry"), "'cannot load such file -- pry'");
        let other = crate::catalog::json::from_data(&serde_json::json!({"kernel": "Linux"}));
        let r = resolve(&env, &other, "vm", false, false);
        let note = shown(&r, "m_lists");
        assert!(
            note.starts_with("skipped: it needs Dir.glob (the facts are not this machine's)"),
            "{note}"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A resolution is used again for the same fact files, facts and answers to what its
    /// code asked (`kept`): a setting that reads the environment's directory, a required
    /// file; any of them changed resolves again.
    /// `require` looks in each module's `lib` only when its listing has the path's first
    /// name, and sees a file made later, in a new directory of `lib` too.
    #[test]
    fn required_files_found_through_each_libs_listing() {
        let root = std::env::temp_dir().join(format!("prepl-facts-req-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let mods = root.join("mods");
        std::fs::create_dir_all(mods.join("a/lib/x")).unwrap();
        std::fs::create_dir_all(mods.join("b/manifests")).unwrap();
        std::fs::create_dir_all(mods.join("c/lib/y")).unwrap();
        std::fs::write(mods.join("c/lib/y/z.rb"), "").unwrap();
        std::fs::write(mods.join("c/lib/top.rb"), "").unwrap();
        // (directories changed an hour ago: their listings are kept while unchanged)
        let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        for d in ["a/lib", "a", "b", "c/lib", "c", ""] {
            let dir = std::fs::File::open(mods.join(d)).unwrap();
            dir.set_modified(an_hour_ago).unwrap();
        }
        let path = [mods.clone()];
        let find = |p: &str| {
            crate::functions::rubyfn::required_file(&path, p)
                .unwrap()
                .map(|(_, f)| f)
        };
        crate::env::fs::forget();
        assert_eq!(find("y/z"), Some(mods.join("c/lib/y/z.rb")));
        assert_eq!(find("top.rb"), Some(mods.join("c/lib/top.rb")));
        assert_eq!(find("./top"), Some(mods.join("c/lib/./top.rb")));
        assert_eq!(find("x/none"), None);
        assert_eq!(find("w/v"), None);
        // made later in `a/lib`: a new first name, and a file in a directory it had
        std::fs::create_dir_all(mods.join("a/lib/w")).unwrap();
        std::fs::write(mods.join("a/lib/w/v.rb"), "").unwrap();
        std::fs::write(mods.join("a/lib/x/none.rb"), "").unwrap();
        crate::env::fs::forget();
        assert_eq!(find("w/v"), Some(mods.join("a/lib/w/v.rb")));
        assert_eq!(find("x/none"), Some(mods.join("a/lib/x/none.rb")));
        // Puppet's own file is Puppet's (its `lib` precedes the modules' on Ruby's load
        // path), even where a module has one; a module's other `puppet/` file is found
        std::fs::create_dir_all(mods.join("c/lib/puppet/type")).unwrap();
        std::fs::write(mods.join("c/lib/puppet/type/service.rb"), "").unwrap();
        std::fs::write(mods.join("c/lib/puppet/type/mine.rb"), "").unwrap();
        crate::env::fs::forget();
        assert_eq!(find("puppet/type/service"), None);
        assert_eq!(
            find("puppet/type/mine"),
            Some(mods.join("c/lib/puppet/type/mine.rb"))
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn resolutions_kept_while_their_inputs_are_the_same() {
        let root = std::env::temp_dir().join(format!("prepl-facts-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let facter = root.join("mods/m/lib/facter");
        std::fs::create_dir_all(facter.join("util")).unwrap();
        std::fs::write(
            facter.join("k.rb"),
            "require 'facter/util/khelp'\nFacter.add(:k_path) { setcode { Puppet[:environmentpath] + '|' + KHelp.word + '|' + Facter.value(:kernel) } }\n",
        )
        .unwrap();
        let helper = facter.join("util/khelp.rb");
        std::fs::write(
            &helper,
            "module KHelp\n  def self.word\n    'one'\n  end\nend\n",
        )
        .unwrap();
        let env = |name: &str| Environment::from_dir(root.join(name), vec![root.join("mods")]);
        let facts = |kernel: &str| {
            crate::catalog::json::from_data(&serde_json::json!({ "kernel": kernel }))
        };
        let made = || kept::MADE.with(|m| m.get());
        let before = made();
        let value = |r: &CustomFacts| shown(r, "k_path");
        let root_shown = root.display().to_string();
        let a = resolve(&env("envs/a"), &facts("Linux"), "n", false, false);
        assert_eq!(value(&a), format!("'{root_shown}/envs|one|Linux'"));
        // a sibling environment: the same environmentpath, the same answers
        let b = resolve(&env("envs/b"), &facts("Linux"), "n", false, false);
        assert_eq!(b, a);
        assert_eq!(made(), before + 1);
        // another environmentpath
        let c = resolve(&env("other/c"), &facts("Linux"), "n", false, false);
        assert_eq!(value(&c), format!("'{root_shown}/other|one|Linux'"));
        // other facts
        let d = resolve(&env("envs/a"), &facts("Darwin"), "n", false, false);
        assert_eq!(value(&d), format!("'{root_shown}/envs|one|Darwin'"));
        assert_eq!(made(), before + 3);
        // the required file changed
        std::fs::write(
            &helper,
            "module KHelp\n  def self.word\n    'three'\n  end\nend\n",
        )
        .unwrap();
        crate::env::fs::forget();
        let e = resolve(&env("envs/a"), &facts("Linux"), "n", false, false);
        assert_eq!(value(&e), format!("'{root_shown}/envs|three|Linux'"));
        assert_eq!(made(), before + 4);
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A resolution is kept for the process: a fresh thread (a fresh session, as `--repeat`
    /// and a kernel's `%reset` make) with the same inputs gets equal facts without running
    /// the files; a fact file changed on disk, or other facts, resolve again there.
    #[test]
    fn resolutions_kept_for_every_thread() {
        let root = std::env::temp_dir().join(format!("prepl-facts-threads-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let facter = root.join("mods/m/lib/facter");
        std::fs::create_dir_all(&facter).unwrap();
        let file = facter.join("t.rb");
        std::fs::write(
            &file,
            "Facter.add(:t_kernel) { setcode { Facter.value(:kernel) + '!' } }\n\
             Facter.add(:t_list) { setcode { [1, 2.5, nil, {'a' => true}] } }\n\
             Facter.add(:t_none) { setcode { nil } }\n\
             Facter.add(:t_raises) { setcode { raise 'no' } }\n",
        )
        .unwrap();
        let env = Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.join("mods")],
        };
        // (in a thread of its own: what it resolved (shown), and whether it ran the files)
        let in_thread = |kernel: &'static str| {
            let env = env.clone();
            std::thread::spawn(move || {
                let facts =
                    crate::catalog::json::from_data(&serde_json::json!({ "kernel": kernel }));
                let made = kept::MADE.with(|m| m.get());
                let r = resolve(&env, &facts, "n", false, false);
                let shown: Vec<String> = ["t_kernel", "t_list", "t_none", "t_raises"]
                    .iter()
                    .map(|n| format!("{}: {}", r.get(n).unwrap().origin, shown(&r, n)))
                    .collect();
                (format!("{r:?}"), shown, kept::MADE.with(|m| m.get()) > made)
            })
            .join()
            .unwrap()
        };
        let (first, shown_first, ran) = in_thread("Linux");
        assert!(ran);
        assert_eq!(
            shown_first,
            [
                "m/lib/facter/t.rb:1: 'Linux!'",
                "m/lib/facter/t.rb:2: [1, 2.5, undef, {'a' => true}]",
                "m/lib/facter/t.rb:3: absent",
                "m/lib/facter/t.rb:4: skipped: its code raised RuntimeError: no (m/lib/facter/t.rb:4)",
            ]
        );
        // (other sessions' resolutions of other fact files meanwhile, as other tests make
        // in parallel, do not push this one out)
        for i in 0..kept::LIMIT {
            let other = root.join(format!("other{i}"));
            let dir = other.join("m/lib/facter");
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("o.rb"), "Facter.add(:o) { setcode { 1 } }\n").unwrap();
            let env = Environment {
                modulepath: vec![other],
                ..env.clone()
            };
            std::thread::spawn(move || {
                let facts = crate::catalog::json::from_data(&serde_json::json!({}));
                resolve(&env, &facts, "n", false, false);
            })
            .join()
            .unwrap();
        }
        let (again, shown_again, ran) = in_thread("Linux");
        assert!(!ran, "kept for the process");
        assert_eq!(again, first);
        assert_eq!(shown_again, shown_first);
        let (_, other, ran) = in_thread("Darwin");
        assert!(ran);
        assert_eq!(other[0], "m/lib/facter/t.rb:1: 'Darwin!'");
        // the file changed (a new length: its stamp differs whatever the clock's resolution)
        std::fs::write(
            &file,
            "Facter.add(:t_kernel) { setcode { 'changed' } }\n\
             Facter.add(:t_list) { setcode { [] } }\n\
             Facter.add(:t_none) { setcode { 1 } }\n\
             Facter.add(:t_raises) { setcode { 2 } }\n",
        )
        .unwrap();
        let (_, changed, ran) = in_thread("Linux");
        assert!(ran);
        assert_eq!(changed[0], "m/lib/facter/t.rb:1: 'changed'");
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A resolution found the same from answers the process keeps is used by the next
    /// sessions without finding the files again while the file system's epoch lasts; a
    /// required file changed, a fact file added, a module added, each is seen by the next
    /// session all the same.
    #[test]
    fn resolutions_found_unchanged_are_used_until_a_file_changes() {
        let root = std::env::temp_dir().join(format!("prepl-facts-steady-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let facter = root.join("mods/m/lib/facter");
        std::fs::create_dir_all(facter.join("util")).unwrap();
        std::fs::create_dir_all(root.join("mods/nolib/manifests")).unwrap();
        std::fs::write(
            facter.join("s.rb"),
            "require 'facter/util/shelp'\nFacter.add(:s_word) { setcode { SHelp.word } }\n",
        )
        .unwrap();
        let helper = facter.join("util/shelp.rb");
        let word = |w: &str| format!("module SHelp\n  def self.word\n    '{w}'\n  end\nend\n");
        std::fs::write(&helper, word("one")).unwrap();
        let env = Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.join("mods")],
        };
        // (in a thread of its own, as a fresh session: the facts it resolved, and whether it
        // used a resolution found unchanged)
        let in_thread = || {
            let env = env.clone();
            std::thread::spawn(move || {
                let facts = crate::catalog::json::from_data(&serde_json::json!({ "kernel": "L" }));
                let used = kept::UNCHANGED.with(|u| u.get());
                let r = resolve(&env, &facts, "n", false, false);
                let mut shown: Vec<String> = r
                    .facts
                    .iter()
                    .map(|f| format!("{} {}", f.name, shown(&r, &f.name)))
                    .collect();
                shown.sort();
                (shown, kept::UNCHANGED.with(|u| u.get()) > used)
            })
            .join()
            .unwrap()
        };
        // (the watch keeps a path's answer from its second question on, and a change
        // another test makes forgets all: asked until used, when inotify is here)
        let until_used = |expected: &[&str]| {
            let mut used = false;
            for _ in 0..20 {
                let (shown, u) = in_thread();
                assert_eq!(shown, expected);
                used |= u;
                if used {
                    break;
                }
            }
            used
        };
        let watching = crate::env::fs::epoch().is_some();
        assert!(until_used(&["s_word 'one'"]) || !watching, "used unchanged");
        // the required file changed (no fact file did)
        std::fs::write(&helper, word("three")).unwrap();
        assert_eq!(in_thread().0, ["s_word 'three'"]);
        assert!(until_used(&["s_word 'three'"]) || !watching);
        // a fact file added
        std::fs::write(
            facter.join("t.rb"),
            "Facter.add(:t_added) { setcode { 1 } }\n",
        )
        .unwrap();
        assert_eq!(in_thread().0, ["s_word 'three'", "t_added 1"]);
        assert!(until_used(&["s_word 'three'", "t_added 1"]) || !watching);
        // a module added, and `lib/facter` made in the module that had no `lib`
        let other = root.join("mods/a/lib/facter");
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(other.join("a.rb"), "Facter.add(:a_new) { setcode { 2 } }\n").unwrap();
        assert_eq!(in_thread().0, ["a_new 2", "s_word 'three'", "t_added 1"]);
        std::fs::create_dir_all(root.join("mods/nolib/lib/facter")).unwrap();
        std::fs::write(
            root.join("mods/nolib/lib/facter/n.rb"),
            "Facter.add(:n_new) { setcode { 3 } }\n",
        )
        .unwrap();
        assert_eq!(
            in_thread().0,
            ["a_new 2", "n_new 3", "s_word 'three'", "t_added 1"]
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn commands_answered_by_rules() {
        assert!(
            matches!(command_rule("getent passwd root"), Some(RValue::Str(ref s)) if s.starts_with("root:"))
        );
        assert!(command_rule("getent group root").is_none());
        assert!(command_rule("rm -rf /").is_none());
    }
}
