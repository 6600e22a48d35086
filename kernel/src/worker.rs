//! The session thread: `prepl::Session` is not `Send`, so it lives on one dedicated thread
//! with a large stack, and the async side talks to it with jobs and events.

use crate::builtins;
use crate::catalog;
use crate::inspect::Definitions;
use crate::output::{self, emit, ErrorReport, Event, Outcome, StreamName};
use crate::render;
use prepl::syntax::{completeness, Completeness};
use prepl::{Error, ErrorKind, LogLevel, Session};
use serde_json::{json, Map, Value as Json};
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc as std_mpsc, Arc};
use tokio::sync::{mpsc, oneshot};

pub struct ExecuteJob {
    pub code: String,
    /// The source name for error messages (`In[3]`).
    pub name: String,
    pub silent: bool,
    /// Whether the front-end answers `input_request`s (the debugger asks through them).
    pub allow_stdin: bool,
    pub user_expressions: Map<String, Json>,
    pub events: mpsc::UnboundedSender<Event>,
}

pub enum Job {
    Execute(ExecuteJob),
    Complete {
        code: String,
        cursor: usize,
        reply: oneshot::Sender<Json>,
    },
    Inspect {
        code: String,
        cursor: usize,
        reply: oneshot::Sender<Json>,
    },
    IsComplete {
        code: String,
        reply: oneshot::Sender<Json>,
    },
}

fn stream_of(level: LogLevel) -> StreamName {
    match level {
        LogLevel::Debug | LogLevel::Info | LogLevel::Notice => StreamName::Stdout,
        _ => StreamName::Stderr,
    }
}

/// The handle the async side keeps: the job queue and the interrupt flag.
pub struct WorkerHandle {
    pub jobs: std_mpsc::Sender<Job>,
    pub interrupt: Arc<AtomicBool>,
}

/// Starts the session thread.
pub fn spawn() -> std::io::Result<WorkerHandle> {
    let (jobs, rx) = std_mpsc::channel::<Job>();
    let (flag_tx, flag_rx) = std_mpsc::channel();
    prepl::limits::evaluation_thread("prepl-session").spawn(move || {
        let mut worker = Worker::new();
        let _ = flag_tx.send(worker.session.interrupt_handle());
        while let Ok(job) = rx.recv() {
            worker.run(job);
        }
    })?;
    let interrupt = flag_rx
        .recv()
        .map_err(|_| std::io::Error::other("the session thread did not start"))?;
    Ok(WorkerHandle { jobs, interrupt })
}

pub struct Worker {
    pub session: Session,
    /// Where the session's facts come from (`%facts` shows it).
    facts_origin: String,
    definitions: Definitions,
    /// The function definitions already seen, by address, to find new ones after a cell.
    seen: HashMap<String, usize>,
    /// Whether the running cell's front-end answers input requests (the debugger's).
    allow_stdin: std::rc::Rc<std::cell::Cell<bool>>,
    /// Catalogs kept by `%catalog save NAME` for `%diff NAME`.
    saved_catalogs: crate::diff::Saved,
}

impl Worker {
    pub fn new() -> Worker {
        let mut session = Session::new();
        let allow_stdin = std::rc::Rc::new(std::cell::Cell::new(false));
        attach(&mut session, &allow_stdin);
        // This machine's facts unless the kernel arguments say otherwise, with what
        // `puppet apply` adds to any fact set ($clientcert, $clientversion, ...).
        session.set_agent_facts(true);
        let (facts, facts_origin, problem) = crate::facts::initial();
        session.set_facts(facts);
        if let Some(problem) = problem {
            // Before any cell: the kernel's log.
            eprintln!("prepl-kernel: {problem}; using this machine's facts");
        }
        if let Err(problem) = crate::environment::apply_options(&mut session) {
            eprintln!("prepl-kernel: {problem}");
        }
        // The environment of the kernel arguments, or the notebook's directory's.
        match crate::environment::initial() {
            Ok(Some((env, note))) => {
                eprintln!("prepl-kernel: {note}");
                session.set_environment(env);
            }
            Ok(None) => {}
            Err(problem) => eprintln!("prepl-kernel: {problem}"),
        }
        // The modules' custom facts, resolved once over the facts and modules chosen.
        session.set_custom_facts(true);
        Worker {
            session,
            facts_origin,
            definitions: Definitions::new(),
            seen: HashMap::new(),
            allow_stdin,
            saved_catalogs: Default::default(),
        }
    }

    /// `%reset`: a fresh session with the settings, environment, facts and breakpoints of
    /// the current one (and its interrupt flag); the catalog, variables, definitions and
    /// what was loaded are freed, with the Hiera files the thread keeps across sessions.
    /// Catalogs kept by `%catalog save` stay, as after the REPL's `:reset`.
    fn reset(&mut self) -> String {
        let old = &self.session;
        let mut session = Session::new();
        session.share_interrupt(old.interrupt_handle());
        attach(&mut session, &self.allow_stdin);
        session.set_strict(old.strict());
        session.set_allow_exec(old.allow_exec());
        session.set_module_functions_always(old.module_functions_always());
        session.set_single_bound(old.single_bound());
        session.set_hiera_config(old.hiera_config().map(std::path::Path::to_path_buf));
        session.set_agent_facts(true);
        session.set_facts(old.given_facts());
        session.set_environment(old.environment().clone());
        if !old.breakpoints().list().is_empty() {
            *session.breakpoints_mut() = old.breakpoints().clone();
        }
        // The old session goes first: what it holds is freed before the new one loads.
        drop(std::mem::replace(&mut self.session, Session::new()));
        prepl::env::hiera::forget_files();
        session.set_custom_facts(true);
        self.session = session;
        self.definitions = Definitions::new();
        self.seen.clear();
        "The session was reset: an empty catalog, no variables or definitions; settings, environment and facts kept.".into()
    }

    pub fn run(&mut self, job: Job) {
        match job {
            Job::Execute(job) => self.execute(job),
            Job::Complete {
                code,
                cursor,
                reply,
            } => {
                let r = guarded(|| crate::complete::complete(&self.session, &code, cursor));
                let _ = reply.send(r.unwrap_or_else(|e| json!({"status": "error", "ename": "InternalError", "evalue": e, "traceback": []})));
            }
            Job::Inspect {
                code,
                cursor,
                reply,
            } => {
                let r = guarded(|| {
                    crate::inspect::inspect(&self.session, &self.definitions, &code, cursor)
                });
                let _ = reply.send(r.unwrap_or_else(|e| json!({"status": "error", "ename": "InternalError", "evalue": e, "traceback": []})));
            }
            Job::IsComplete { code, reply } => {
                let r = guarded(|| is_complete(&code));
                let _ = reply.send(r.unwrap_or_else(|_| json!({"status": "unknown"})));
            }
        }
    }

    fn execute(&mut self, mut job: ExecuteJob) {
        // `%lookup KEY` is a cell that evaluates `lookup('KEY')`.
        if let Some(source) = crate::environment::lookup_source(&job.code) {
            job.code = source;
        }
        output::begin(job.events.clone());
        self.allow_stdin.set(job.allow_stdin && !job.silent);
        if let Some(magic) = session_magic(&job.code) {
            let result = match magic {
                SessionMagic::Reset => Ok(self.reset()),
                SessionMagic::List => Ok(crate::lsmagic::text()),
                SessionMagic::Usage(usage) => Err(usage.to_string()),
            };
            let result = result.map(|text| json!({ "text/plain": text }));
            let outcome = self.magic_outcome(&job, Ok(result), "UsageError");
            output::end();
            let _ = job.events.send(Event::Done(outcome));
            return;
        }
        if crate::debugger::is_magic(&job.code) {
            let session = &mut self.session;
            let result = guarded(|| {
                crate::debugger::run_magic(session, &job.code).map(crate::debugger::magic_data)
            });
            let outcome = self.magic_outcome(&job, result, "BreakpointError");
            output::end();
            let _ = job.events.send(Event::Done(outcome));
            return;
        }
        if crate::facts::is_magic(&job.code) {
            let outcome = self.facts_magic(&job);
            output::end();
            let _ = job.events.send(Event::Done(outcome));
            return;
        }
        if crate::environment::is_magic(&job.code) {
            let session = &mut self.session;
            let result = guarded(|| {
                crate::environment::run(session, &job.code).map(|text| json!({"text/plain": text}))
            });
            let outcome = self.magic_outcome(&job, result, "EnvironmentError");
            output::end();
            let _ = job.events.send(Event::Done(outcome));
            return;
        }
        if crate::why::is_magic(&job.code) {
            let session = &mut self.session;
            let outcome = match guarded(|| crate::why::run(session, &job.code)) {
                Ok(Ok(data)) => self.magic_outcome(&job, Ok(Ok(data)), "WhyError"),
                Ok(Err(e)) => Outcome::Error(error_report(&e)),
                Err(panic) => Outcome::Error(internal_error(&panic)),
            };
            output::end();
            let _ = job.events.send(Event::Done(outcome));
            return;
        }
        if crate::diff::is_magic(&job.code) || crate::diff::save_name(&job.code).is_some() {
            let result = match crate::diff::save_name(&job.code) {
                Some(name) => self.saved_catalogs.save(&self.session, name),
                None => self
                    .saved_catalogs
                    .diff(&self.session, &job.code, !job.silent),
            };
            let outcome = match result {
                Ok(data) => {
                    if !job.silent {
                        emit(Event::Display { data });
                    }
                    Outcome::Ok {
                        result: None,
                        payload: Vec::new(),
                        user_expressions: self.user_expressions(&job.user_expressions),
                    }
                }
                Err(message) => Outcome::Error(ErrorReport {
                    ename: "UsageError".into(),
                    evalue: message.clone(),
                    traceback: vec![format!("\x1b[0;31mUsageError\x1b[0m: {message}")],
                }),
            };
            output::end();
            let _ = job.events.send(Event::Done(outcome));
            return;
        }
        if catalog::is_magic(&job.code) {
            let outcome = self.magic(&job);
            output::end();
            let _ = job.events.send(Event::Done(outcome));
            return;
        }
        let before = catalog::visible(self.session.catalog());
        let result = guarded(|| self.session.eval_named(&job.name, &job.code));
        self.record_definitions(&job.code);
        if !job.silent && matches!(result, Ok(Ok(_))) {
            // The resources the cell added, as a table before its value.
            if let Some(data) = catalog::added_bundle(self.session.catalog(), &before) {
                emit(Event::Display { data });
            }
        }
        let outcome = match result {
            Ok(Ok(value)) => {
                let result = (!job.silent && !value.is_undef()).then(|| render::bundle(&value));
                let user_expressions = self.user_expressions(&job.user_expressions);
                Outcome::Ok {
                    result,
                    payload: output::take_payload(),
                    user_expressions,
                }
            }
            Ok(Err(e)) => Outcome::Error(error_report(&e)),
            Err(panic) => Outcome::Error(internal_error(&panic)),
        };
        output::end();
        let _ = job.events.send(Event::Done(outcome));
    }

    /// A `%facts` cell: shows or changes the facts.
    fn facts_magic(&mut self, job: &ExecuteJob) -> Outcome {
        let origin = &mut self.facts_origin;
        let session = &mut self.session;
        let result = guarded(|| crate::facts::run(session, origin, &job.code));
        self.magic_outcome(job, result, "FactsError")
    }

    /// The outcome of a `%facts` or `%env` cell: its display data, or its error, named
    /// `ename`.
    fn magic_outcome(
        &mut self,
        job: &ExecuteJob,
        result: Result<Result<Json, String>, String>,
        ename: &str,
    ) -> Outcome {
        match result {
            Ok(Ok(data)) => {
                if !job.silent {
                    emit(Event::Display { data });
                }
                Outcome::Ok {
                    result: None,
                    payload: Vec::new(),
                    user_expressions: self.user_expressions(&job.user_expressions),
                }
            }
            Ok(Err(message)) => Outcome::Error(ErrorReport {
                ename: ename.into(),
                evalue: message.clone(),
                traceback: vec![format!("\x1b[0;31m{ename}\x1b[0m: {message}")],
            }),
            Err(panic) => Outcome::Error(internal_error(&panic)),
        }
    }

    /// A `%catalog` cell: its view as display data, or a usage error.
    fn magic(&mut self, job: &ExecuteJob) -> Outcome {
        let view = match catalog::parse_magic(&job.code) {
            Ok(view) => view,
            Err(message) => {
                return Outcome::Error(ErrorReport {
                    ename: "UsageError".into(),
                    evalue: message.clone(),
                    traceback: vec![format!("\x1b[0;31mUsageError\x1b[0m: {message}")],
                })
            }
        };
        match guarded(|| catalog::view_bundle(&self.session, view)) {
            Ok(data) => {
                if !job.silent {
                    emit(Event::Display { data });
                }
                Outcome::Ok {
                    result: None,
                    payload: Vec::new(),
                    user_expressions: self.user_expressions(&job.user_expressions),
                }
            }
            Err(panic) => Outcome::Error(internal_error(&panic)),
        }
    }

    fn user_expressions(&mut self, exprs: &Map<String, Json>) -> Json {
        let mut out = Map::new();
        for (name, expr) in exprs {
            let code = expr.as_str().unwrap_or("");
            let r = match guarded(|| self.session.eval_named("<user_expression>", code)) {
                Ok(Ok(v)) => json!({"status": "ok", "data": render::bundle(&v), "metadata": {}}),
                Ok(Err(e)) => report_json(&error_report(&e)),
                Err(p) => report_json(&internal_error(&p)),
            };
            out.insert(name.clone(), r);
        }
        Json::Object(out)
    }

    /// Remembers the source text of functions defined by the last cell (for `inspect`).
    fn record_definitions(&mut self, code: &str) {
        for name in self.session.function_names() {
            let Some(def) = self.session.function(&name) else {
                continue;
            };
            let addr = std::rc::Rc::as_ptr(&def) as usize;
            if self.seen.get(&*name) == Some(&addr) {
                continue;
            }
            self.seen.insert(name.to_string(), addr);
            let (start, end) = (def.span.start as usize, def.span.end as usize);
            if let Some(text) = code.get(start..end) {
                self.definitions.insert(name.to_string(), text.to_string());
            }
        }
    }
}

/// What every session of the kernel has: the log lines as stream output, the kernel's own
/// functions, breakpoints stopping in the notebook (see `debugger`).
fn attach(session: &mut Session, allow_stdin: &std::rc::Rc<std::cell::Cell<bool>>) {
    session.set_log_sink(|level, msg| {
        emit(Event::Stream {
            name: stream_of(level),
            text: format!("{}: {}\n", level.label(), render::bounded(msg)),
        })
    });
    // (modules' Ruby `puts` and `warn`: the cell's stdout and stderr, as a process's)
    session.set_output_sink(|stream, text| {
        emit(Event::Stream {
            name: match stream {
                prepl::erb::ruby::Stream::Stdout => StreamName::Stdout,
                prepl::erb::ruby::Stream::Stderr => StreamName::Stderr,
            },
            text: text.to_string(),
        })
    });
    for b in builtins::all() {
        session.add_builtin(b);
    }
    session.set_debugger(Some(Box::new(crate::debugger::Notebook::new(
        allow_stdin.clone(),
    ))));
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

/// The magics about the session itself.
enum SessionMagic {
    Reset,
    List,
    Usage(&'static str),
}

fn session_magic(code: &str) -> Option<SessionMagic> {
    let mut words = code.split_whitespace();
    let magic = match words.next()? {
        "%reset" => SessionMagic::Reset,
        "%lsmagic" => SessionMagic::List,
        _ => return None,
    };
    Some(match (magic, words.next()) {
        (magic, None) => magic,
        (SessionMagic::Reset, Some(_)) => SessionMagic::Usage("Usage: %reset"),
        (_, Some(_)) => SessionMagic::Usage("Usage: %lsmagic"),
    })
}

fn report_json(r: &ErrorReport) -> Json {
    json!({"status": "error", "ename": r.ename, "evalue": r.evalue, "traceback": r.traceback})
}

/// Runs `f`, turning a panic into an error message (a bug must not kill the kernel).
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        p.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into())
    })
}

fn internal_error(panic: &str) -> ErrorReport {
    ErrorReport {
        ename: "InternalError".into(),
        evalue: format!("internal error: {panic}"),
        traceback: vec![format!("\x1b[0;31mInternal error\x1b[0m: {panic}")],
    }
}

/// The error name shown in the notebook for each kind of error.
pub fn error_name(kind: &ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Incomplete | ErrorKind::Syntax => "SyntaxError",
        ErrorKind::Validation => "ValidationError",
        ErrorKind::Evaluation => "EvaluationError",
        ErrorKind::Failed => "Failure",
        ErrorKind::Interrupted => "Interrupted",
        ErrorKind::Limit => "LimitError",
        ErrorKind::Uncaught(_) => "ScriptError",
        ErrorKind::NoSuchKey => "UncaughtThrowError",
    }
}

/// ename, evalue and a traceback showing the source line with a caret under the error.
pub fn error_report(e: &Error) -> ErrorReport {
    let rendered = e.render();
    let rendered = render::bounded(&rendered);
    let mut lines = rendered.lines().map(str::to_string);
    let mut traceback = Vec::new();
    if let Some(first) = lines.next() {
        traceback.push(format!("\x1b[0;31m{first}\x1b[0m"));
    }
    traceback.extend(lines);
    if e.hint.is_some() {
        // The "Did you mean" line, in bold in the output's own text colour: readable on the
        // error background of light and dark themes alike (JupyterLab's ANSI cyan is
        // #60c6c8, about 1.9:1 against the light theme's #fdd error background).
        if let Some(last) = traceback.last_mut() {
            *last = format!("\x1b[1m{last}\x1b[0m");
        }
    }
    ErrorReport {
        ename: error_name(&e.kind).into(),
        evalue: render::bounded(&e.full_message()).into_owned(),
        traceback,
    }
}

/// The `is_complete_reply` content. A magic (`%catalog`) is one line.
pub fn is_complete(code: &str) -> Json {
    if catalog::is_magic(code) || crate::facts::is_magic(code) || crate::environment::is_magic(code)
    {
        return json!({"status": "complete"});
    }
    match completeness(code) {
        Completeness::Complete => json!({"status": "complete"}),
        Completeness::Invalid => json!({"status": "invalid"}),
        Completeness::Incomplete => json!({"status": "incomplete", "indent": indent_after(code)}),
    }
}

/// The indentation for the next line: the last line's, one level deeper after an opener.
fn indent_after(code: &str) -> String {
    let last = code.lines().last().unwrap_or("");
    let mut indent: String = last.chars().take_while(|c| c.is_whitespace()).collect();
    let trimmed = last.trim_end();
    if trimmed.ends_with(['{', '[', '(', '|']) || trimmed.ends_with("=>") {
        indent.push_str("  ");
    }
    indent
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indentation_follows_openers() {
        assert_eq!(indent_after("if true {"), "  ");
        assert_eq!(indent_after("if true {\n  $x = ["), "    ");
        assert_eq!(indent_after("  $x = 1 +"), "  ");
    }

    #[test]
    fn error_reports_carry_kind_and_caret() {
        let src = prepl::Source::new("In[1]", "1 +\n  $x");
        let e = Error::eval("Unknown variable: '$x'")
            .at(prepl::syntax::ast::Span { start: 6, end: 8 })
            .in_source(&src);
        let r = error_report(&e);
        assert_eq!(r.ename, "EvaluationError");
        assert_eq!(r.evalue, "Evaluation Error: Unknown variable: '$x'");
        assert!(
            r.traceback[0].contains("(file: In[1], line: 2, column: 3)"),
            "{:?}",
            r.traceback
        );
        assert_eq!(r.traceback[1], "  $x");
        assert_eq!(r.traceback[2], "  ^");
    }

    #[test]
    fn panics_become_errors() {
        assert_eq!(guarded(|| -> i32 { panic!("boom") }).unwrap_err(), "boom");
    }
}
