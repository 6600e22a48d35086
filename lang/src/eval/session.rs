//! The public API: a `Session` evaluates one input at a time and keeps variables,
//! functions and type aliases between inputs. `Evaluator` is the state it drives.

use super::resolve::{resolve_program, Layouts};
use super::scope::{Frame, Globals, MatchData};
use super::Flow;
use crate::cow::CowRc;
use crate::error::{Error, ErrorKind, Source};
use crate::functions::Builtin;
use crate::syntax::ast::{Expr, ExprKind, FunctionDef, Program};
use crate::types::{PType, TypeAlias};
use crate::values::{Regexp, Value};
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The prefix of an error of a type's parameters (`Integer[3, 1]`).
const IN_ACCESS: &str = "Error while evaluating a '[]' expression, ";

/// How many compiled patterns of strings (`=~ 'a.*'`, `split($s, ',')`) an evaluator keeps.
const REGEX_CACHE_LIMIT: usize = 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LogLevel {
    Debug,
    Info,
    Notice,
    Warning,
    Err,
    Alert,
    Emerg,
    Crit,
}

impl LogLevel {
    /// The capitalized name the reference prints before a log line (`Notice: ...`).
    pub fn label(self) -> &'static str {
        match self {
            LogLevel::Debug => "Debug",
            LogLevel::Info => "Info",
            LogLevel::Notice => "Notice",
            LogLevel::Warning => "Warning",
            LogLevel::Err => "Error",
            LogLevel::Alert => "Alert",
            LogLevel::Emerg => "Emergency",
            LogLevel::Crit => "Critical",
        }
    }
    /// The lower-case name the oracle prints (`notice: ...`).
    pub fn name(self) -> &'static str {
        match self {
            LogLevel::Debug => "debug",
            LogLevel::Info => "info",
            LogLevel::Notice => "notice",
            LogLevel::Warning => "warning",
            LogLevel::Err => "err",
            LogLevel::Alert => "alert",
            LogLevel::Emerg => "emerg",
            LogLevel::Crit => "crit",
        }
    }
}

/// How strictly questionable operations (string-to-number coercion, deprecated functions,
/// unknown variables...) are treated: the reference's `strict` setting (`error` also stands
/// for `strict_variables = true`; `warning` and `off` for `strict_variables = false`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strictness {
    Off,
    Warning,
    /// The reference's default.
    #[default]
    Error,
}

impl Strictness {
    /// `off`, `warning` or `error` (`--strict`, `:strict`, `%set strict`).
    pub fn parse(word: &str) -> Option<Strictness> {
        match word {
            "off" => Some(Strictness::Off),
            "warning" => Some(Strictness::Warning),
            "error" => Some(Strictness::Error),
            _ => None,
        }
    }
}

/// The facts of a session that installs them only when first needed
/// (`Session::defer_facts`).
pub(crate) enum DeferredFacts {
    /// Not gathered yet (this machine's facts are read from it by the function).
    Later(Box<dyn FnOnce() -> Value>),
    /// Gathered, to tell which names are facts (`Evaluator::may_be_fact`), not installed:
    /// the facts, and the names installing them may make top-scope variables.
    Gathered(Value, std::collections::HashSet<String>),
}

impl DeferredFacts {
    fn gathered(self) -> Value {
        match self {
            DeferredFacts::Later(gather) => gather(),
            DeferredFacts::Gathered(facts, _) => facts,
        }
    }
}

/// The deepest nesting of function and lambda calls before evaluation stops with an error.
pub const MAX_CALL_DEPTH: usize = 20_000;

pub type LogSink = Box<dyn FnMut(LogLevel, &str)>;

/// Where modules' Ruby writes its output (`puts`, `warn`: [`Session::set_output_sink`]).
pub type OutputSink = Box<dyn FnMut(prepl_ruby::Stream, &str)>;

pub struct Evaluator {
    pub(crate) globals: Globals,
    pub(crate) frames: Vec<Frame>,
    /// The running lambda or function frame; `None` at top level.
    pub(crate) current: Option<usize>,
    pub(crate) matches: MatchData,
    /// The top scope's match data as it was when it last declared a class or define: what
    /// a body whose parent is the top scope starts with (`NamedScope::matches` for the
    /// other scopes).
    pub(crate) top_matches: MatchData,
    pub(crate) layouts: Layouts,
    pub(crate) functions: super::user_function::Functions,
    pub(crate) builtins: super::builtins::Builtins,
    pub(crate) aliases: CowRc<HashMap<String, Rc<TypeAlias>>>,
    pub(crate) regex_cache: HashMap<Rc<str>, Rc<Regexp>>,
    /// Types of constant type expressions (`Integer`, `Array[String, 1]`), by the address of
    /// their AST node. Cleared for each input and whenever a type name changes meaning.
    /// The span is checked on each hit: a tree dropped (an EPP template rendered) may leave
    /// its addresses to a later one.
    pub(crate) type_cache: HashMap<usize, (crate::syntax::ast::Span, Rc<PType>)>,
    /// Counts the clearings of `type_cache`: types kept elsewhere (a function's parameter
    /// types) are good while it has not moved.
    pub(crate) type_generation: u64,
    /// A type name that named nothing was kept in `type_cache` as a lazy reference (in a
    /// type alias's definition) since the last clearing: a class or define defined later
    /// may be what it names.
    pub(crate) type_references_cached: bool,
    /// The last input's syntax tree, dropped when the next input starts rather than before
    /// its value is returned (a one-shot run ends without walking it to free it).
    retired_program: Option<Program>,
    /// The local variables of all running frames, each frame's after its caller's (and
    /// above them the arguments of a call being evaluated).
    pub(crate) slots: Vec<Option<Value>>,
    /// Deprecation warnings already shown (each is shown once per session).
    pub(crate) deprecations_shown: CowRc<rustc_hash::FxHashSet<String>>,
    /// The 3.x functions Ruby loaded through `Puppet::Parser::Functions.autoloader.load`
    /// (its `loaded?` answers from them: once per session, as once per process in the
    /// reference; `functions::legacy_autoloader`), shared with the Ruby objects it gives.
    pub(crate) legacy_autoloaded: crate::functions::legacy_autoloader::Loaded,
    pub(crate) interrupt: Arc<AtomicBool>,
    pub(crate) log_sink: Option<LogSink>,
    /// Where Ruby code's `puts` and `warn` go (`None`: the process's stdout and stderr).
    pub(crate) output_sink: Option<OutputSink>,
    pub(crate) logs: Vec<(LogLevel, String)>,
    /// How many lines were logged (a native module function's failure is answered from the
    /// module's source only when the native logged nothing: `eval/call.rs`).
    pub(crate) logged: u64,
    pub(crate) depth: usize,
    /// Whether functions whose bodies compile run compiled (`compiled`); off only to test
    /// that they answer as the tree walk does.
    pub(crate) compile_functions: bool,
    /// The compiled bodies of lambdas called one at a time (`closure_code`).
    pub(crate) closure_codes: super::closure_code::ClosureCodes,
    pub strict: Strictness,
    /// Counts inputs: an assignment in the same input as an earlier one is a reassignment.
    pub(crate) generation: u64,
    pub(crate) source: Rc<Source>,
    /// While binding parameters: the frame and the name of the parameter whose default is
    /// being evaluated (reading a parameter to its right is an error).
    pub(crate) binding: Option<(usize, Rc<str>, Rc<str>)>,
    /// The built-in function being run (names its lambda in error messages).
    pub(crate) current_builtin: &'static str,
    /// The signatures of the built-in being run (`signature::dispatch` reads them without
    /// looking the name up); empty while a lambda or template runs as one.
    pub(crate) current_signatures: &'static [&'static str],
    /// The signatures picked by recent calls of built-ins (`signature::dispatch`).
    pub(crate) dispatch_memo: crate::functions::signature::DispatchMemo,
    /// Set by a Ruby `function_NAME([...])` call for the next call of a built-in: its
    /// undef arguments stay undef (Ruby's nil), where a call from Puppet code gives a
    /// function of the older API `''`.
    pub(crate) args_from_ruby: bool,
    /// Where string interpolation writes before the text becomes a value (reused).
    pub(crate) interpolation_buffer: String,
    /// Where the last `break()`, `next()` or `return()` was called (for the error when it
    /// escapes to the top level).
    pub(crate) control_span: crate::syntax::ast::Span,
    /// Where the built-in function being run was called.
    pub(crate) call_span: crate::syntax::ast::Span,
    /// The function calls running, innermost last, as the reference's Puppet stack has them
    /// (stdlib's `deprecation` names the last two): the call's source and span, `None` for
    /// the main program's own frame (line 0). Empty while the catalog is finished.
    pub(crate) call_sites: super::call_sites::CallSites,
    /// The modulepath and environment directory code and data are loaded from.
    pub(crate) env: crate::env::Environment,
    /// The files the autoloader has loaded, each with what it was when loaded and what it
    /// defined (see `env::autoload`).
    pub(crate) autoloaded: CowRc<crate::env::autoload::Loaded>,
    /// Whether native versions of modules' Ruby functions (stdlib's `to_json`, ...) can be
    /// called without their module on the modulepath (the reference knows them only there).
    pub(crate) module_functions_always: bool,
    /// The global Hiera layer's `hiera.yaml`, if any.
    pub(crate) hiera_config: Option<std::path::PathBuf>,
    /// The contexts of Hiera backend functions (data_hash, lookup_key, data_dig of the
    /// user's own) for the input being evaluated.
    pub(crate) hiera_backends: crate::env::hiera::Backends,
    /// While a type alias's definition is evaluated: an unknown type name there is a lazy
    /// `TypeReference`, not an error.
    pub(crate) in_type_alias: bool,
    /// Aliases whose definitions hold `TypeReference`s, resolved when aliases of those names
    /// are defined.
    pub(crate) unresolved_aliases: Vec<Rc<TypeAlias>>,
    /// What the process's memo of module aliases needs to know of the session's
    /// (`env::alias_memo`).
    pub(crate) alias_memo: crate::env::alias_memo::AliasMemoState,
    /// Whether `generate()` may run commands (off by default).
    pub(crate) allow_exec: bool,
    /// Whether each native version of a module's function may be called: its module is on
    /// the modulepath, with the function in the version the native stands for (asked once
    /// per function and environment, `native_usable`).
    pub(crate) natives_usable: std::cell::RefCell<HashMap<&'static str, bool>>,
    /// Whether the module on the modulepath writes the function a native built-in stands
    /// for with the older (3.x) API (asked once per function and environment).
    pub(crate) legacy_api: std::cell::RefCell<HashMap<&'static str, bool>>,
    /// The module of each source file asked about (`module_of`), the last few: a define
    /// instance asks for two, and finding one takes a walk of the modulepath (~900
    /// instructions). By the source (kept alive here, so that its address names it).
    pub(crate) module_names: std::cell::RefCell<crate::env::autoload::ModuleNames>,
    /// The syntax trees of the files the autoloader has loaded.
    pub(crate) loaded_programs: Vec<Rc<Program>>,
    /// The facts as last set (`set_facts`), before the agent's facts are added.
    pub(crate) given_facts: Value,
    /// Whether the facts the agent adds to any fact set (`$clientcert`, `$clientversion`,
    /// `$facts['puppetversion']`, ...: `env::settings::agent_facts`) are added to the given
    /// ones, as `puppet apply` does. Off by default: the conformance oracle (Puppet::Pal)
    /// compiles with the given facts only.
    pub(crate) agent_facts: bool,
    /// Whether the modules' custom facts (`lib/facter/*.rb`) are resolved and added to the
    /// facts, as `puppet apply` does. Off by default, as `agent_facts`.
    pub(crate) custom_facts: bool,
    /// The custom facts resolved for the facts installed last (`:facts` shows them).
    pub(crate) custom_fact_report: Rc<crate::env::custom_facts::CustomFacts>,
    /// The facts of a session that installs them only before the first input that may
    /// read them (`Session::defer_facts`); `None` once installed (or never deferred).
    pub(crate) deferred_facts: Option<DeferredFacts>,
    /// Whether a catalog with dependency cycles is warned about (as `puppet apply` would).
    pub(crate) warn_cycles: bool,
    /// The file name resources declared now get instead of the source's (`create_resources`
    /// declares them in file `unknown`, as the reference does).
    pub(crate) file_override: Option<Rc<str>>,
    /// The line of the resource statement being evaluated (where it starts): the line of
    /// the resources it declares.
    pub(crate) statement_line: Option<u32>,
    /// Set while `create_resources` declares a resource whose title was not a string
    /// (an integer key): the reference does not tag such a resource with its title.
    pub(crate) title_not_string: bool,
    /// Set while an operand of a relationship arrow is evaluated: the resources it declares
    /// get room for the parameter the arrow adds (`before`, `notify`), which grew their
    /// parameter map otherwise (~200 instructions an arrow).
    pub(crate) arrow_operand: bool,
    /// How `Integer[n]` reads in this session (made the thread's reading for each input).
    pub(crate) single_bound: crate::types::create::SingleBound,
    /// Whether a single-bound range was read as its exact value in this session (for the
    /// hint on mismatches against `Integer[n, n]`).
    pub(crate) exact_single_bound_read: bool,
    /// The catalog compiled so far and what compiling it needs (grows across inputs).
    pub(crate) compilation: crate::compile::Compilation,
    /// The class, define or node body being evaluated; `None` at top scope (and in
    /// functions, which see only the top scope).
    pub(crate) scope: Option<Rc<crate::compile::NamedScope>>,
    /// Variables of class, define and node scopes that this input changed in place (a
    /// template that mutated a value they share, `eval::shared`): their values before, put
    /// back if the input fails (scopes are shared with the state kept from before it).
    pub(crate) scope_undo: Vec<(Rc<crate::compile::NamedScope>, Rc<str>, Value)>,
    /// Whether the debugger watches this input (breakpoints are set, or `debug::break` is
    /// called with a front-end installed): the one flag read where statements run and
    /// bodies are entered (see `eval::debug`).
    pub(crate) debugging: bool,
    /// Whether class, define and node bodies are watched (entered as frames of the Puppet
    /// stack, asked whether a breakpoint stops there): on while `debugging`, and while
    /// only class and define breakpoints are set, which need nothing more, so that they
    /// cost nothing to the code around them.
    pub(crate) watching: bool,
    /// Breakpoints, the front-end, and while debugging the Puppet stack.
    pub(crate) debug: Box<super::debug::DebugState>,
}

/// What an input may change, kept from before it and put back when it fails: the session
/// is then as it was (variables, definitions, what the autoloader loaded, the catalog).
/// Each part shares what it holds with the live state until one of them is written
/// (`CowRc`), so keeping it costs a few reference counts, and an input pays for copying
/// only the collections it changes.
struct Saved {
    globals: Globals,
    functions: super::user_function::Functions,
    aliases: CowRc<HashMap<String, Rc<TypeAlias>>>,
    /// The aliases waiting for types not defined yet, with their definitions (resolved in
    /// place when those are defined).
    unresolved_aliases: Vec<(Rc<TypeAlias>, Option<PType>)>,
    compilation: crate::compile::compilation::Mark,
    autoloaded: CowRc<crate::env::autoload::Loaded>,
    loaded_programs: usize,
    deprecations_shown: CowRc<rustc_hash::FxHashSet<String>>,
    legacy_autoloaded: rustc_hash::FxHashSet<String>,
    exact_single_bound_read: bool,
    annotations: crate::functions::annotate::Saved,
}

impl Evaluator {
    pub fn new() -> Evaluator {
        let mut globals = Globals::default();
        for (name, value) in super::scope::built_in_variables() {
            globals.set_built_in(name, value);
        }
        let builtins = crate::functions::all()
            .iter()
            .map(|b| (b.name, b))
            .collect();
        let mut ev = Evaluator {
            globals,
            frames: Vec::new(),
            current: None,
            matches: None,
            top_matches: None,
            layouts: Layouts::default(),
            functions: Default::default(),
            builtins,
            aliases: Default::default(),
            regex_cache: HashMap::default(),
            type_cache: HashMap::default(),
            type_generation: 0,
            type_references_cached: false,
            retired_program: None,
            slots: Vec::new(),
            deprecations_shown: Default::default(),
            legacy_autoloaded: Default::default(),
            interrupt: Arc::new(AtomicBool::new(false)),
            log_sink: None,
            output_sink: None,
            logs: Vec::new(),
            logged: 0,
            depth: 0,
            compile_functions: true,
            closure_codes: Default::default(),
            strict: Strictness::default(),
            generation: 0,
            source: Source::new("<input>", ""),
            binding: None,
            current_builtin: "",
            current_signatures: &[],
            dispatch_memo: Default::default(),
            args_from_ruby: false,
            interpolation_buffer: String::new(),
            control_span: Default::default(),
            call_span: Default::default(),
            call_sites: Default::default(),
            // This machine's FQDN unless told otherwise (`--node NAME`).
            compilation: crate::compile::Compilation::new(crate::env::node::machine_fqdn()),
            scope: None,
            file_override: None,
            statement_line: None,
            title_not_string: false,
            arrow_operand: false,
            single_bound: Default::default(),
            exact_single_bound_read: false,
            warn_cycles: true,
            env: crate::env::Environment::empty(),
            autoloaded: Default::default(),
            module_functions_always: false,
            allow_exec: false,
            in_type_alias: false,
            unresolved_aliases: Vec::new(),
            alias_memo: Default::default(),
            hiera_config: None,
            hiera_backends: Default::default(),
            natives_usable: Default::default(),
            legacy_api: Default::default(),
            module_names: Default::default(),
            loaded_programs: Vec::new(),
            given_facts: Value::hash(Default::default()),
            agent_facts: false,
            custom_facts: false,
            custom_fact_report: Default::default(),
            deferred_facts: None,
            scope_undo: Vec::new(),
            debugging: false,
            watching: false,
            debug: Default::default(),
        };
        ev.set_runtime_variables();
        ev.globals.put_in_reference_order();
        ev
    }

    /// `$trusted`, `$server_facts` and `$environment` for the node name and environment (set
    /// again whenever either changes).
    pub fn set_runtime_variables(&mut self) {
        let node = self.compilation.catalog.node_name.clone();
        self.globals
            .set_built_in("trusted", crate::env::settings::trusted(&node));
        self.globals.set_built_in(
            "server_facts",
            crate::env::settings::server_facts(&self.env),
        );
        // A program that assigns `$environment` reassigns it, as with a fact.
        self.globals.set_fact(
            &Rc::from("environment"),
            Value::from(self.env.name.as_str()),
        );
    }

    /// After the node name or the environment changed: the runtime variables, and the
    /// agent's facts that name them.
    fn runtime_changed(&mut self) {
        if self.agent_facts {
            self.install_facts();
        } else {
            self.set_runtime_variables();
        }
    }

    /// Ruby code's output (`puts`, `print`, `p`, `warn` of a module's function, template or
    /// fact) to the output sink, or where the reference's Ruby writes it, the process's
    /// standard output or error, when there is none.
    pub fn write_output(&mut self, stream: prepl_ruby::Stream, text: &str) {
        match &mut self.output_sink {
            Some(sink) => sink(stream, text),
            None => stream.write_process(text),
        }
    }

    /// Sends a log line to the sink (or keeps it for `take_logs` when there is none).
    pub fn log(&mut self, level: LogLevel, message: &str) {
        self.log_module_notes();
        self.logged += 1;
        match &mut self.log_sink {
            Some(sink) => sink(level, message),
            None => self.logs.push((level, message.to_string())),
        }
    }

    /// Logs what the modules' metadata read since the last call has to say (an error for a
    /// module left out, `env::modules::metadata`), each message once per session.
    pub(crate) fn log_module_notes(&mut self) {
        for (level, message) in crate::env::modules::metadata::take_notes() {
            if self.first_deprecation(&message) {
                self.log(level, &message);
            }
        }
    }

    /// Whether a deprecation warning is shown for the first time (and remembers that it was).
    pub(crate) fn first_deprecation(&mut self, message: &str) -> bool {
        !self.deprecations_shown.contains(message)
            && self.deprecations_shown.insert(message.to_string())
    }

    /// Logs a deprecation warning the way the reference does: once per session, followed by
    /// the location it could not determine.
    pub fn deprecation(&mut self, message: &str) {
        self.warn_once(message);
    }

    /// Logs a warning once per session, followed by the location it could not determine
    /// (the reference's `Puppet.warn_once` without a file and line).
    pub fn warn_once(&mut self, message: &str) {
        if self.first_deprecation(message) {
            self.log(
                LogLevel::Warning,
                &format!("{message}\n   (file & line not available)"),
            );
        }
    }

    /// Like `deprecation`, naming the line of the function call being run.
    pub fn deprecation_at_call(&mut self, message: &str) {
        if self.first_deprecation(message) {
            let line = self.source.line(self.call_span.start);
            // (the manifest's file, as the reference names it; `unknown` for code given as
            // text: `-e`, standard input, the REPL)
            let file = self.file_name();
            let file = file.as_deref().unwrap_or("unknown");
            self.log(
                LogLevel::Warning,
                &format!("{message}\n   (file: {file}, line: {line})"),
            );
        }
    }

    /// Sets `$facts` and each fact as a top-scope variable (as the reference does), replacing
    /// the facts set before; with `agent_facts`, the agent's facts they lack are added.
    pub fn set_facts(&mut self, facts: Value) {
        self.deferred_facts = None;
        self.given_facts = facts;
        self.install_facts();
    }

    /// Installs the facts `Session::defer_facts` deferred (gathering them first), if any.
    pub(crate) fn install_deferred_facts(&mut self) {
        if let Some(deferred) = self.deferred_facts.take() {
            self.given_facts = deferred.gathered();
            self.install_facts();
        }
    }

    /// Whether installing the deferred facts may make `name` a top-scope variable (a fact,
    /// one the agent adds, a runtime variable, a module's custom or external fact): then a
    /// program that assigns it needs them installed first, to fail as the reference does.
    /// The deferred facts are gathered (not installed) for the question: this machine's
    /// cost little; the custom facts' files are searched for the name, not run.
    pub(crate) fn may_be_fact(&mut self, name: &str) -> bool {
        if super::scope::RESERVED.contains(&name) || name == "environment" {
            return true;
        }
        match &self.deferred_facts {
            None => return true,
            Some(DeferredFacts::Gathered(_, names)) => return names.contains(name),
            Some(DeferredFacts::Later(_)) => {}
        }
        let Some(later) = self.deferred_facts.take() else {
            return true;
        };
        let facts = later.gathered();
        // (the names once, whatever the number of assignments: looking for each name in
        // the custom facts' files again made 300 assignments cost 60 M instructions)
        let mut names = std::collections::HashSet::new();
        if let Value::Hash(h) = &facts {
            names.extend(h.keys().filter_map(|k| k.as_str().map(str::to_string)));
        }
        if self.agent_facts {
            let node = &self.compilation.catalog.node_name;
            let agent = crate::env::settings::agent_facts(&self.env, node);
            names.extend(agent.into_iter().map(|(k, _)| k.to_string()));
        }
        if self.custom_facts {
            names.extend(crate::env::modules::custom_fact_names(&self.env));
            names.extend(crate::env::custom_facts::external_fact_names(&self.env));
        }
        let found = names.contains(name);
        self.deferred_facts = Some(DeferredFacts::Gathered(facts, names));
        found
    }

    /// Sets `$facts` and the top-scope facts from `given_facts` (again when the node name,
    /// the environment or `agent_facts` change what the agent adds).
    pub(crate) fn install_facts(&mut self) {
        if self.deferred_facts.is_some() {
            // (installed with whatever node and environment are set then)
            return;
        }
        let node = self.compilation.catalog.node_name.clone();
        let mut facts = if self.agent_facts {
            crate::env::settings::with_agent_facts(&self.given_facts, &self.env, &node)
        } else {
            self.given_facts.clone()
        };
        if self.custom_facts {
            // Code that reads the machine runs only for facts that describe it.
            let this_machine = crate::env::custom_facts::describes_this_machine(&facts);
            let (with_module_facts, report) = crate::env::custom_facts::add_module_facts(
                &self.env,
                &facts,
                &node,
                this_machine,
                self.allow_exec,
            );
            facts = with_module_facts;
            for (stream, text) in &report.output {
                self.write_output(*stream, text);
            }
            self.custom_fact_report = Rc::new(report);
        }
        if let Some(Value::Hash(old)) = self.globals.get("facts").cloned() {
            self.globals.remove_keys_of(&old);
        }
        if let Value::Hash(h) = &facts {
            for (k, v) in h.iter() {
                if let Value::String(name) = k {
                    if !super::scope::RESERVED.contains(&&**name)
                        && self.globals.get(name).is_none()
                    {
                        self.globals.set_fact(name, v.clone());
                    }
                }
            }
        }
        self.globals.set_built_in("facts", facts);
        // A fact of the same name as a runtime variable never replaces it.
        self.set_runtime_variables();
        self.globals.put_in_reference_order();
    }

    /// Fails with `Interrupted` once the interrupt flag is set (and clears it).
    pub fn check_interrupt(&self) -> Result<(), Error> {
        // (memory past the limit or refused by the system is seen by the budget checks,
        // the loops' ticks and the input's end, not here: one load more per call cost 1%
        // of range_map_reduce; limits/ceiling.rs)
        if self.interrupt.load(Ordering::Relaxed) {
            self.interrupt.store(false, Ordering::Relaxed);
            return Err(Error::interrupted());
        }
        Ok(())
    }

    pub fn builtin(&self, name: &str) -> Option<&'static Builtin> {
        self.builtins.get(name).copied()
    }

    /// A built-in function that a call by name reaches: a native version of a module's Ruby
    /// function only when that module is on the modulepath (or the session makes them
    /// always available), as the reference knows a module's functions only then, and when
    /// the module's source takes the arguments the native does (another version of the
    /// module, whose function changed, runs from its source).
    pub(crate) fn callable_builtin(&self, name: &str) -> Option<&'static Builtin> {
        let b = self.builtin(name)?;
        match b.module {
            Some(module) if !self.module_functions_always => {
                let known = self.natives_usable.borrow().get(b.name).copied();
                let usable = known.unwrap_or_else(|| {
                    let usable = self.native_usable(b, module);
                    self.natives_usable.borrow_mut().insert(b.name, usable);
                    usable
                });
                usable.then_some(b)
            }
            _ => Some(b),
        }
    }

    /// Whether the native `b` of a function of `module` stands for the module on the
    /// modulepath: the module is there, and its source's dispatches take as many arguments
    /// as the native's signatures (a source or a native that does not say is taken to agree).
    fn native_usable(&self, b: &'static Builtin, module: &str) -> bool {
        if crate::env::modules::module_dir(&self.env, module).is_none() {
            return false;
        }
        let Some(source) = crate::functions::rubyfn::source_count_range(self, b.name) else {
            return true;
        };
        let native = b
            .signatures
            .iter()
            .filter_map(|s| crate::functions::signature::Signature::parse(s).ok())
            .map(|s| s.count_range())
            .reduce(|(a, b), (c, d)| (a.min(c), b.max(d)));
        // (a native taking `Any *$args` checks its arguments itself: it does not say)
        native.is_none_or(|native| {
            native == (0, crate::functions::signature::MANY) || native == source
        })
    }

    /// Whether the native built-in `b` stands for a module function that the module on the
    /// modulepath writes with the older API (`lib/puppet/parser/functions/NAME.rb` and no
    /// `lib/puppet/functions/NAME.rb`): the reference passes such a function `''` for an
    /// `undef` argument.
    pub(crate) fn legacy_api(&self, b: &'static Builtin) -> bool {
        let Some(module) = b.module else {
            return false;
        };
        *self
            .legacy_api
            .borrow_mut()
            .entry(b.name)
            .or_insert_with(|| {
                let Some(dir) = crate::env::modules::module_dir(&self.env, module) else {
                    return false;
                };
                let file = format!("{}.rb", b.name);
                dir.join("lib/puppet/parser/functions")
                    .join(&file)
                    .is_file()
                    && !dir.join("lib/puppet/functions").join(&file).is_file()
            })
    }

    /// Whether the module a native built-in stands for has the function in both APIs
    /// (`lib/puppet/functions` and `lib/puppet/parser/functions`).
    pub(crate) fn has_both_apis(&self, b: &'static Builtin) -> bool {
        let Some(module) = b.module else {
            return false;
        };
        let Some(dir) = crate::env::modules::module_dir(&self.env, module) else {
            return false;
        };
        let file = format!("{}.rb", b.name);
        crate::env::fs::is_file(&dir.join("lib/puppet/parser/functions").join(&file))
            && crate::env::fs::is_file(&dir.join("lib/puppet/functions").join(&file))
    }

    /// A compiled regular expression for a literal, compiled once.
    pub(crate) fn regex(&mut self, source: &Rc<str>) -> Result<Rc<Regexp>, Error> {
        if let Some(r) = self.regex_cache.get(source) {
            return Ok(r.clone());
        }
        let re = Rc::new(Regexp::new_described(source).map_err(Error::eval)?);
        // Bounded: patterns built from data (`$x =~ "^${y}$"` in a loop) are many.
        if self.regex_cache.len() >= REGEX_CACHE_LIMIT {
            self.regex_cache.clear();
        }
        self.regex_cache.insert(source.clone(), re.clone());
        Ok(re)
    }

    /// Evaluates a parsed program: definitions first (type aliases and functions are
    /// hoisted), then the statements in order. Returns the value of the last one.
    fn run(&mut self, program: &Program) -> Result<Value, Error> {
        resolve_program(program, &mut self.layouts);
        // (each input: a dropped input's tree may leave its addresses to this one)
        self.forget_types();
        self.hoist(&program.body)?;
        let result = if self.watching {
            let name: Rc<str> = self.source.name.as_str().into();
            let span = program.body.first().map(|e| e.span).unwrap_or_default();
            self.debug_body(
                super::debug::FrameKind::Main,
                name,
                None,
                span,
                &program.body,
            )
        } else {
            self.eval_block(&program.body)
        };
        match result {
            Ok(v) => match self.finish_compilation() {
                Ok(()) => Ok(v),
                // (`:break error` stops at errors of the finishing steps too)
                Err(e) if self.debugging => Err(self.debug_error_outside(e, None)),
                Err(e) => Err(e),
            },
            Err(Flow::Error(e)) => Err(*e),
            Err(Flow::Return(_)) => Err(self.illegal_control("return")),
            Err(Flow::Next(_)) => Err(self.illegal_control("next")),
            Err(Flow::Break) => Err(self.illegal_control("break")),
        }
    }

    /// `break()`, `next()` or `return()` that escaped to the top level, worded as the reference
    /// words it (with its location in the message).
    fn illegal_control(&self, what: &str) -> Error {
        let (line, _) = self.source.line_col(self.control_span.start);
        Error::new(
            ErrorKind::Failed,
            format!("{what}() from context where this is illegal (file: unknown, line: {line})"),
        )
        .at(self.control_span)
    }

    /// Forgets the types of type expressions evaluated so far (a type name may now mean
    /// another type).
    pub(crate) fn forget_types(&mut self) {
        self.type_cache.clear();
        self.type_generation += 1;
        self.type_references_cached = false;
    }

    /// Whether defining what `body` defines may change what a type expression evaluated
    /// before denotes: an alias defined again or named as a define (or a type set's
    /// members), or a definition of a name a lazy type reference was kept for. A file of classes, defines and functions
    /// leaves every type as it was (the types found so far are kept: a module's files each
    /// cleared them, and the types of every parameter were evaluated again).
    pub(crate) fn definitions_change_types(&self, body: &[Expr]) -> bool {
        body.iter().any(|e| match &e.kind {
            ExprKind::TypeAlias { name, type_expr } => {
                let lower = name.to_ascii_lowercase();
                self.type_references_cached
                    || self.aliases.contains_key(&lower)
                    // (a define's name was a resource type)
                    || self.compilation.defines.contains_key(lower.as_str())
                    || matches!(&type_expr.kind, ExprKind::Access(base, _)
                        if matches!(&base.kind, ExprKind::QualifiedReference(n) if &**n == "TypeSet"))
            }
            ExprKind::ClassDef(_) | ExprKind::DefineDef(_) | ExprKind::NodeDef(_) => {
                self.type_references_cached
            }
            _ => false,
        })
    }

    /// Defines the type aliases and functions of a program before it runs (the caller
    /// forgets the types found so far when these definitions may change them).
    pub(crate) fn hoist(&mut self, body: &[Expr]) -> Result<(), Error> {
        let mut pending = Vec::new();
        let mut defined: HashMap<Rc<str>, crate::syntax::ast::Span> = HashMap::default();
        for e in body {
            match &e.kind {
                ExprKind::TypeAlias { name, type_expr } => {
                    let lower = name.to_ascii_lowercase();
                    let entity = format!("Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/{lower}'.");
                    if let Some(t) = crate::types::by_name(name) {
                        // (the types Pcore registers, `Annotation`, `RubyMethod`, `Deferred`,
                        // `Pcore::URI`, ..., have no location in the reference's loader)
                        let registered = name.starts_with("Pcore::")
                            || matches!(t, PType::ObjectType(_)) && &**name != "Error";
                        let message = if registered {
                            format!("{entity} Set at unknown location")
                        } else {
                            format!("{entity} Originally set by Puppet-Type-System/Static-Loader.")
                        };
                        return Err(Error::new(ErrorKind::Failed, message).at(e.span));
                    }
                    // A built-in resource type (`Service`, `File`) is a type too.
                    if crate::catalog::builtin_types::lookup(&lower).is_some() {
                        let message = format!("{entity} Set at unknown location");
                        return Err(Error::new(ErrorKind::Failed, message).at(e.span));
                    }
                    let key: Rc<str> = format!("type {lower}").into();
                    if let Some(first) = defined.get(&key) {
                        let (line, col) = self
                            .source
                            .line_col(name_offset(&self.source.text, first.start));
                        let message =
                            format!("{entity} Originally set at string:?line={line}&pos={col}.");
                        return Err(Error::new(ErrorKind::Failed, message).at(e.span));
                    }
                    defined.insert(key, e.span);
                    let alias = Rc::new(TypeAlias {
                        name: name.clone(),
                        target: Default::default(),
                        invalid: Default::default(),
                        remembered: Default::default(),
                    });
                    self.aliases
                        .insert(name.to_ascii_lowercase(), alias.clone());
                    pending.push((alias, type_expr, e.span));
                }
                ExprKind::DefineDef(_) | ExprKind::ClassDef(_) => {
                    self.define_catalog_type(e, "", &mut defined)?;
                }
                ExprKind::NodeDef(_) => self.define_catalog_type(e, "", &mut defined)?,
                ExprKind::FunctionDef(f) => {
                    if let Some(first) = defined.get(&f.name) {
                        let (line, col) = self.source.line_col(first.start);
                        let message = format!(
                            "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/function/{}'. \
                             Originally set at string:?line={line}&pos={col}.",
                            f.name
                        );
                        return Err(Error::new(ErrorKind::Failed, message).at(e.span));
                    }
                    defined.insert(f.name.clone(), e.span);
                    let function = super::user_function::UserFunction::new(
                        f.clone(),
                        self.layouts.of_function(f),
                        self.source.clone(),
                    );
                    if let Some(old) = self.functions.insert(function) {
                        if !Rc::ptr_eq(&old.def, f) {
                            self.layouts.forget_function(&old.def);
                        }
                    }
                }
                _ => {}
            }
        }
        let defined_aliases = !pending.is_empty();
        if defined_aliases && !self.alias_memo.hoisting_file {
            // (names may now resolve otherwise than in a session without them)
            self.alias_memo.own_aliases = true;
        }
        // Each definition is read as the reference reads it (no variables, operators or
        // calls); what it cannot read is an error where the alias is used, also through
        // another alias (`type X = Array[Y]` with an invalid Y fails where X is used).
        for (alias, type_expr, _) in &pending {
            if let Err(e) =
                crate::types::type_text::check_type_expression(&self.source.text, type_expr)
            {
                *alias.invalid.borrow_mut() = Some(e.message);
                alias.set_target(Some(PType::Any));
            }
        }
        for (alias, type_expr, span) in pending {
            if alias.invalid.borrow().is_some() {
                continue;
            }
            let outer = std::mem::replace(&mut self.in_type_alias, true);
            let r = self.alias_target(&alias.name, type_expr);
            self.in_type_alias = outer;
            let t = match r {
                Ok(Value::Type(t)) => (*t).clone(),
                Ok(_) => {
                    return Err(Error::eval(format!(
                        "The expression assigned to type alias '{}' is not a type",
                        alias.name
                    ))
                    .at(span))
                }
                // The reference's type parser reads a definition where the alias is first
                // used: a type it cannot make (`Float[-2.0, -2.5]`) fails there, as the
                // evaluation of a Type-Name.
                Err(Flow::Error(e)) if e.kind == ErrorKind::Evaluation => {
                    let why = e
                        .message
                        .strip_prefix(super::expr::IN_TYPE_NAME)
                        .or_else(|| e.message.strip_prefix(IN_ACCESS))
                        .unwrap_or(&e.message);
                    *alias.invalid.borrow_mut() = Some(why.to_string());
                    alias.set_target(Some(PType::Any));
                    continue;
                }
                Err(Flow::Error(e)) => return Err(*e),
                Err(_) => return Err(Error::eval("Illegal control flow in a type alias").at(span)),
            };
            // An object type is named after its alias (`type Point = Object[{...}]`).
            let t = match &t {
                PType::ObjectType(o) if o.name.is_none() => {
                    PType::ObjectType(Rc::new(crate::types::object::ObjectType {
                        name: Some(alias.name.clone()),
                        ..(**o).clone()
                    }))
                }
                _ => t,
            };
            if crate::types::references::has_references(&t) {
                self.unresolved_aliases.push(alias.clone());
            }
            alias.set_target(Some(t));
        }
        if defined_aliases {
            self.resolve_type_references();
        }
        self.check_parameter_types(body)
    }

    /// The parameter types of the classes and defines `body` defines, evaluated once when
    /// they are loaded, as the reference does: a type that names nothing fails there
    /// (`Resource type not found`), whether or not the class is ever declared (quagga's
    /// `Optional[Stdlib::Ip_address]` fails `include quagga::params`, which loads its
    /// init.pp). Types that cannot fail (`plain_types`) are not evaluated.
    fn check_parameter_types(&mut self, body: &[Expr]) -> Result<(), Error> {
        for e in body {
            // (a body without definitions is not read: a thawed one is made when it runs)
            let (params, inner): (&[crate::syntax::ast::Param], &[Expr]) = match &e.kind {
                ExprKind::ClassDef(c) if c.body.has_definitions() => (&c.params, &c.body),
                ExprKind::ClassDef(c) => (&c.params, &[]),
                ExprKind::DefineDef(d) => (&d.params, &[]),
                _ => continue,
            };
            for p in params {
                if let Some(te) = &p.type_expr {
                    let aliased = |n: &str| self.aliases.contains_key(n);
                    if super::plain_types::is_plain(te, &aliased) {
                        continue;
                    }
                    match self.eval(te) {
                        Ok(_) => {}
                        Err(Flow::Error(e)) => return Err(*e),
                        Err(_) => {}
                    }
                }
            }
            self.check_parameter_types(inner)?;
        }
        Ok(())
    }

    /// The value of a type alias's definition. `Object[{...}]` makes an object type named
    /// after the alias; errors in its definition are kept with it and reported when the
    /// type is first used, as the reference does.
    fn alias_target(&mut self, name: &Rc<str>, e: &Expr) -> super::EvalResult {
        use crate::types::object::{from_hash, ObjectType};
        if let ExprKind::Access(base, keys) = &e.kind {
            if let (ExprKind::QualifiedReference(n), [key]) = (&base.kind, keys.as_slice()) {
                if let (true, ExprKind::Hash(entries, _)) = (&**n == "TypeSet", &key.kind) {
                    return self.typeset(name, entries);
                }
            }
            if matches!(&base.kind, ExprKind::QualifiedReference(n) if &**n == "Object") {
                let mut keys = self.eval_list(keys)?;
                if let [Value::Hash(h)] = keys.as_slice() {
                    let o = match from_hash(h, name) {
                        Ok(o) => ObjectType {
                            name: Some(name.clone()),
                            ..o
                        },
                        Err(m) => ObjectType {
                            name: Some(name.clone()),
                            invalid: Some(m),
                            ..ObjectType::empty()
                        },
                    };
                    return Ok(Value::typ(PType::ObjectType(Rc::new(o))));
                }
                // (not flattened: the reference's type parser reads the definition)
                return crate::types::parameterize_as_written(&PType::Object, &mut keys)
                    .map_err(Flow::from);
            }
        }
        self.eval(e)
    }

    /// `type MyTypes = TypeSet[{..., types => {Point => Object[...], ...}}]`: the members are
    /// evaluated with their short names defined (so that they may refer to each other), then
    /// defined as `MyTypes::Point`.
    fn typeset(&mut self, name: &Rc<str>, entries: &[(Expr, Expr)]) -> super::EvalResult {
        use crate::types::typeset::{check_hash, TypeSet};
        let invalid =
            |m: String| Value::typ(PType::TypeSetType(Rc::new(TypeSet::invalid(name, m))));
        let mut hash = crate::values::Map::default();
        let mut members: Vec<(Rc<str>, &Expr)> = Vec::new();
        for (k, v) in entries {
            let key = self.eval(k)?;
            if key.as_str() == Some("types") {
                if let ExprKind::Hash(member_entries, _) = &v.kind {
                    for (mk, mv) in member_entries {
                        let member_name: Rc<str> = match &mk.kind {
                            ExprKind::QualifiedReference(n) | ExprKind::QualifiedName(n) => {
                                n.clone()
                            }
                            ExprKind::String(s) => s.clone(),
                            _ => crate::format::to_display(&self.eval(mk)?).into(),
                        };
                        members.push((member_name, mv));
                    }
                    hash.insert(key, Value::hash(Default::default()));
                    continue;
                }
            }
            let value = self.eval(v)?;
            hash.insert(key, value);
        }
        let names: Vec<Rc<str>> = members.iter().map(|(n, _)| n.clone()).collect();
        let mut ts = match check_hash(name, &hash, &names) {
            Ok(ts) => ts,
            Err(m) => return Ok(invalid(m)),
        };
        // The short names, for the members' definitions only (each alias named after the
        // member's full name, as the member prints outside the set), and the full names
        // (`parent => MyTypes::Point` refers to a fellow member as `parent => Point` does).
        let mut saved = Vec::new();
        let mut short = Vec::new();
        for n in &names {
            let alias = Rc::new(TypeAlias {
                name: format!("{name}::{n}").into(),
                target: Default::default(),
                invalid: Default::default(),
                remembered: Default::default(),
            });
            for key in [n.to_ascii_lowercase(), alias.name.to_ascii_lowercase()] {
                saved.push((key.clone(), self.aliases.insert(key, alias.clone())));
            }
            short.push(alias);
        }
        let mut failure = None;
        for ((n, expr), alias) in members.iter().zip(&short) {
            let qualified: Rc<str> = format!("{name}::{n}").into();
            match self.alias_target(&qualified, expr) {
                Ok(Value::Type(t)) => alias.set_target(Some((*t).clone())),
                Ok(other) => {
                    failure = Some(format!(
                        "The expression <{}> is not a valid type specification.",
                        crate::format::to_display(&other)
                    ));
                    break;
                }
                Err(Flow::Error(e)) => {
                    failure = Some(e.message);
                    break;
                }
                Err(_) => {
                    failure = Some("Illegal control flow in a type set".into());
                    break;
                }
            }
        }
        // (in reverse, so that a name given twice gets its first value back)
        for (key, old) in saved.into_iter().rev() {
            match old {
                Some(a) => self.aliases.insert(key, a),
                None => self.aliases.remove(&key),
            };
        }
        if let Some(m) = failure {
            return Ok(invalid(m));
        }
        for (n, alias) in names.iter().zip(&short) {
            // (an object type is its own; another member is its alias, as written in the
            // set's text: `Tree => Variant[Integer, Array[Tree]]`)
            let member = match alias.resolved() {
                t @ PType::ObjectType(_) => t,
                _ => PType::Alias(alias.clone()),
            };
            ts.types.push((n.clone(), member));
            self.aliases
                .insert(alias.name.to_ascii_lowercase(), alias.clone());
        }
        Ok(Value::typ(PType::TypeSetType(Rc::new(ts))))
    }

    /// Replaces the `TypeReference`s of earlier aliases that name aliases defined since.
    fn resolve_type_references(&mut self) {
        let aliases = &self.aliases;
        self.unresolved_aliases.retain(|alias| {
            let target = alias.resolved();
            let mut lookup = |name: &str| {
                aliases
                    .get(&name.to_ascii_lowercase())
                    .map(|a| PType::Alias(a.clone()))
            };
            let Some(t) = crate::types::references::resolve_references(&target, &mut lookup) else {
                return true;
            };
            let still = crate::types::references::has_references(&t);
            alias.set_target(Some(t));
            still
        });
    }

    /// What an input may change, to put back if it fails (see [`Saved`]).
    fn save(&mut self) -> Saved {
        Saved {
            globals: self.globals.clone(),
            functions: self.functions.clone(),
            aliases: self.aliases.clone(),
            unresolved_aliases: self
                .unresolved_aliases
                .iter()
                .map(|a| (a.clone(), a.target.borrow().clone()))
                .collect(),
            compilation: self.compilation.begin(),
            autoloaded: self.autoloaded.clone(),
            loaded_programs: self.loaded_programs.len(),
            deprecations_shown: self.deprecations_shown.clone(),
            legacy_autoloaded: self.legacy_autoloaded.borrow().clone(),
            exact_single_bound_read: self.exact_single_bound_read,
            annotations: crate::functions::annotate::save(),
        }
    }

    /// Puts back what [`Evaluator::save`] kept: the session is as it was before the input.
    fn restore(&mut self, saved: Saved) {
        for (scope, name, old) in std::mem::take(&mut self.scope_undo).into_iter().rev() {
            scope.vars.borrow_mut().insert(name, old);
        }
        self.globals = saved.globals;
        self.functions.restore(saved.functions);
        self.aliases = saved.aliases;
        for (alias, target) in &saved.unresolved_aliases {
            alias.set_target(target.clone());
        }
        self.unresolved_aliases = saved
            .unresolved_aliases
            .into_iter()
            .map(|(a, _)| a)
            .collect();
        self.compilation.roll_back(saved.compilation);
        self.autoloaded = saved.autoloaded;
        self.loaded_programs.truncate(saved.loaded_programs);
        self.deprecations_shown = saved.deprecations_shown;
        *self.legacy_autoloaded.borrow_mut() = saved.legacy_autoloaded;
        self.exact_single_bound_read = saved.exact_single_bound_read;
        crate::functions::annotate::restore(saved.annotations);
        // A type name may mean what it meant before.
        self.forget_types();
    }

    /// Clears the per-evaluation state after an input (also after an error).
    fn reset_run_state(&mut self) {
        self.frames.clear();
        self.slots.clear();
        self.current = None;
        self.depth = 0;
        self.binding = None;
        self.matches = None;
        self.scope = None;
        self.scope_undo.clear();
        self.debug_reset();
        self.hiera_backends.reset();
        self.interrupt.store(false, Ordering::Relaxed);
    }
}

/// The offset of the name in a definition starting at `start` (`type Name`, `function name`).
fn name_offset(text: &str, start: u32) -> u32 {
    let rest = text.get(start as usize..).unwrap_or("");
    let keyword = rest.find(char::is_whitespace).unwrap_or(0);
    let after = &rest[keyword..];
    start + (keyword + after.len() - after.trim_start().len()) as u32
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator::new()
    }
}

/// A persistent evaluation session: each `eval` call is one input (a REPL line, a notebook
/// cell, a file). Variables, functions and type aliases persist between inputs; within one
/// input the language rules apply (a variable cannot be assigned twice).
pub struct Session {
    pub evaluator: Evaluator,
    inputs: usize,
    /// The reference's `basemodulepath` (`env::basemodulepath`): added to the modulepath of
    /// every environment set (none by default; the front-ends set it).
    base_modulepath: Vec<std::path::PathBuf>,
    /// The modulepath of the environment as it was set, without the base modulepath.
    own_modulepath: Vec<std::path::PathBuf>,
}

impl Session {
    pub fn new() -> Session {
        Session {
            evaluator: Evaluator::new(),
            inputs: 0,
            base_modulepath: Vec::new(),
            own_modulepath: Vec::new(),
        }
    }

    /// Evaluates one input and returns the value of its last expression.
    pub fn eval(&mut self, text: &str) -> Result<Value, Error> {
        self.inputs += 1;
        let name = format!("In[{}]", self.inputs);
        self.eval_named(&name, text)
    }

    /// Like `eval`, naming the source (a file name, `-e`) for error messages.
    pub fn eval_named(&mut self, name: &str, text: &str) -> Result<Value, Error> {
        let source = Source::new(name, text);
        let _interruptible = crate::limits::interrupt_scope(&self.evaluator.interrupt);
        crate::limits::take_deferred_error();
        crate::limits::between_inputs();
        crate::env::fs::forget();
        let ev = &mut self.evaluator;
        crate::env::modules::metadata::set_strictness(ev.strict);
        ev.retired_program = None;
        ev.layouts.sweep();
        ev.generation += 1;
        ev.source = source.clone();
        crate::types::create::set_single_bound(ev.single_bound);
        // (ranges read between inputs, by `why` or a type shown)
        ev.exact_single_bound_read |= crate::types::create::take_exact_single_bound_read();
        ev.call_sites.clear();
        ev.call_sites.push(&source, None);
        ev.debug_saw_text(text);
        ev.debug_arm();
        let (parsed, warnings) = crate::syntax::parse_keeping_warnings(text);
        // (also for a program that fails validation, as the reference logs them first)
        for w in warnings {
            ev.log(LogLevel::Warning, &w.message);
        }
        let result = match parsed {
            Ok(program) => {
                if ev.deferred_facts.is_some()
                    && super::reads_facts::may_read_facts(&program.body, &mut |name| {
                        ev.may_be_fact(name)
                    })
                {
                    ev.install_deferred_facts();
                }
                // An input that fails leaves the session as it was before it.
                let before = ev.save();
                // Module files changed on disk since they were loaded are loaded again.
                ev.forget_changed_files();
                let mut r = ev.run(&program);
                // Work that cannot fail (comparison, inference) stops early when interrupted
                // and leaves the flag set: its answer is not to be trusted.
                if r.is_ok() && crate::limits::interrupted() {
                    r = Err(Error::interrupted());
                }
                // A regexp that gave up where no error could be returned (a type check):
                // it is the cause of any error that followed from the wrong answer too.
                if let Some(e) = crate::limits::take_deferred_error() {
                    r = Err(e);
                }
                // The value is printed next: where the reference's printing fails (a type
                // of a pattern Ruby cannot compile), the input fails.
                if let Some(e) = r.as_ref().ok().and_then(crate::format::printing_error) {
                    r = Err(e);
                }
                // An allocation the system refused (the ballast let the input go on to
                // here): whatever it answered, the input fails with the memory error.
                if let Some(e) = crate::limits::exhaustion() {
                    if !matches!(&r, Err(e) if e.kind == ErrorKind::Limit) {
                        r = Err(e);
                    }
                }
                // (the exact reading of a single bound by this input names the likely cause
                // of its error, and is forgotten with the rest if it fails)
                let exact_read = ev.exact_single_bound_read
                    | crate::types::create::take_exact_single_bound_read();
                if r.is_err() {
                    ev.restore(before);
                } else {
                    ev.compilation.commit();
                    ev.exact_single_bound_read = exact_read;
                }
                ev.retired_program = Some(program);
                r.map_err(|e| (e, exact_read))
            }
            Err(e) => Err((e, ev.exact_single_bound_read)),
        };
        ev.log_module_notes();
        ev.reset_run_state();
        // (the failed input's values are gone: the ballast can be mapped again)
        crate::limits::between_inputs();
        result.map_err(|(mut e, exact_read)| {
            if exact_read {
                let hint = super::hints::single_bound_hint(&e.message);
                e = e.with_hint(hint);
            }
            // Errors logged before giving up are log lines, as the reference prints them.
            for logged in std::mem::take(&mut e.logged) {
                ev.log(LogLevel::Err, &logged.full_message());
            }
            e.in_source(&source)
        })
    }

    /// Sends log lines (`notice` ...) to `sink` as they happen.
    /// The lines logged before, kept for `take_logs`, go to it first (the warnings about
    /// an environment set before the sink).
    pub fn set_log_sink(&mut self, sink: impl FnMut(LogLevel, &str) + 'static) {
        let mut sink: LogSink = Box::new(sink);
        for (level, message) in std::mem::take(&mut self.evaluator.logs) {
            sink(level, &message);
        }
        self.evaluator.log_sink = Some(sink);
    }

    /// Sends the output of modules' Ruby (`puts`, `print`, `p`, `warn`, `$stderr.puts`) to
    /// `sink` rather than the process's standard output and error (the reference's Ruby
    /// writes it there; a template's `puts` is no part of its text).
    pub fn set_output_sink(&mut self, sink: impl FnMut(prepl_ruby::Stream, &str) + 'static) {
        self.evaluator.output_sink = Some(Box::new(sink));
    }

    /// The log lines produced since the last call (when no sink is set).
    pub fn take_logs(&mut self) -> Vec<(LogLevel, String)> {
        std::mem::take(&mut self.evaluator.logs)
    }

    /// While the returned scope lives, this session's interrupt flag stops long work done
    /// outside `eval` on this thread too (printing a value, inferring its type).
    pub fn interruptible(&self) -> crate::limits::InterruptScope {
        crate::limits::interrupt_scope(&self.evaluator.interrupt)
    }

    /// A flag that interrupts a running evaluation when set (from another thread).
    pub fn interrupt_handle(&self) -> Arc<AtomicBool> {
        self.evaluator.interrupt.clone()
    }

    /// Makes `flag` this session's interrupt flag: a front-end that replaces its session
    /// (the kernel's `%reset`) keeps the flag its other threads set.
    pub fn share_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.evaluator.interrupt = flag;
    }

    pub fn set_strict(&mut self, strict: Strictness) {
        self.evaluator.strict = strict;
        crate::env::modules::metadata::set_strictness(strict);
    }

    /// How strictly questionable operations and unknown variables are treated.
    pub fn strict(&self) -> Strictness {
        self.evaluator.strict
    }

    /// Sets a top-scope variable (e.g. `$_`, the last result in the REPL).
    pub fn set_variable(&mut self, name: &str, value: Value) {
        let name: Rc<str> = name.into();
        self.evaluator.globals.remove(&name);
        let _ = self.evaluator.globals.set(&name, value, 0);
    }

    pub fn variable(&self, name: &str) -> Option<Value> {
        self.evaluator.globals.get(name).cloned()
    }

    /// All top-scope variables, sorted by name.
    pub fn variables(&self) -> Vec<(Rc<str>, Value)> {
        self.evaluator.globals.iter_sorted()
    }

    /// How many lambdas and function bodies the evaluator knows the layouts of.
    #[cfg(test)]
    pub(crate) fn layouts_len(&self) -> usize {
        self.evaluator.layouts.len()
    }

    /// Names of the user-defined functions, sorted.
    pub fn function_names(&self) -> Vec<Rc<str>> {
        let mut names: Vec<_> = self.evaluator.functions.keys().cloned().collect();
        names.sort();
        names
    }

    /// The definition of a user-defined function (the kernel shows its source text).
    pub fn function(&self, name: &str) -> Option<Rc<FunctionDef>> {
        self.evaluator.functions.get(name).map(|f| f.def.clone())
    }

    /// Adds (or replaces) a built-in function for this session only, e.g. the kernel's
    /// `display`.
    pub fn add_builtin(&mut self, builtin: &'static Builtin) {
        self.evaluator.builtins.insert(builtin.name, builtin);
    }

    /// The catalog compiled so far: every input adds to it.
    pub fn catalog(&self) -> &crate::catalog::Catalog {
        &self.evaluator.compilation.catalog
    }

    /// The catalog as the reference's JSON catalog encoder writes it (see `catalog::json`).
    pub fn catalog_json(&self) -> serde_json::Value {
        crate::catalog::json::to_json(&self.evaluator.compilation.catalog)
    }

    /// [`Session::catalog_json`] as indented text, written straight from the catalog.
    pub fn catalog_json_text(&self) -> String {
        crate::catalog::json::to_json_text(&self.evaluator.compilation.catalog)
    }

    /// The name of the node the catalog is compiled for (matched by `node` definitions,
    /// `$trusted['certname']`).
    pub fn set_node_name(&mut self, name: &str) {
        self.evaluator.compilation.catalog.node_name = name.into();
        self.evaluator.runtime_changed();
    }

    /// Sets the environment (modulepath, environment directory) that classes, defines,
    /// functions, type aliases, templates, files and Hiera data are loaded from.
    pub fn set_environment(&mut self, mut env: crate::env::Environment) {
        if let Some(dir) = &env.dir {
            // (once per session and file, as the reference warns once per process)
            let conf = crate::env::environment_conf::EnvironmentConf::read(dir);
            // (the reference's `Puppet.warn_once`: no file and line to give)
            for warning in conf.warnings() {
                self.evaluator.warn_once(&warning);
            }
            // The reference compiles nothing in an environment whose file it cannot read;
            // prepl says so and reads the rest (docs/deviations.md).
            if let Some(error) = conf.error() {
                if self.evaluator.first_deprecation(&error) {
                    self.evaluator.log(LogLevel::Err, &error);
                }
            }
        }
        self.own_modulepath = env.modulepath.clone();
        env.modulepath = crate::env::basemodulepath::with_base(&env, &self.base_modulepath);
        self.evaluator.env = env;
        self.evaluator.debug_environment_changed();
        self.evaluator.autoloaded.clear();
        self.evaluator.natives_usable.borrow_mut().clear();
        self.evaluator.legacy_api.borrow_mut().clear();
        self.evaluator.module_names.borrow_mut().clear();
        self.evaluator.runtime_changed();
    }

    /// Sets the base modulepath (the reference's `basemodulepath`: global modules), added to
    /// the environment's modulepath now and to every environment set later.
    pub fn set_base_modulepath(&mut self, dirs: Vec<std::path::PathBuf>) {
        self.base_modulepath = dirs;
        let env = crate::env::Environment {
            modulepath: self.own_modulepath.clone(),
            ..self.evaluator.env.clone()
        };
        self.set_environment(env);
    }

    /// The base modulepath (see `set_base_modulepath`).
    pub fn base_modulepath(&self) -> &[std::path::PathBuf] {
        &self.base_modulepath
    }

    /// The environment's modulepath as it was set, without the base modulepath.
    pub fn own_modulepath(&self) -> &[std::path::PathBuf] {
        &self.own_modulepath
    }

    /// Makes the native versions of modules' Ruby functions (stdlib's `to_json`, `merge`,
    /// ...) callable whether or not their module is on the modulepath (off by default: the
    /// reference knows them only with the module).
    pub fn set_module_functions_always(&mut self, on: bool) {
        self.evaluator.module_functions_always = on;
    }

    /// The global Hiera layer's `hiera.yaml` (searched before the environment's); `None`
    /// (the default) for no global layer.
    pub fn set_hiera_config(&mut self, path: Option<std::path::PathBuf>) {
        self.evaluator.hiera_config = path;
    }

    /// The global Hiera layer's `hiera.yaml`, if any.
    pub fn hiera_config(&self) -> Option<&std::path::Path> {
        self.evaluator.hiera_config.as_deref()
    }

    /// How `Integer[n]` and the other single-bound ranges read from now on: the reference's
    /// "n or more" (`SingleBound::AtLeast`, the default) or the spec draft's exact value
    /// (`SingleBound::Exact`). Types already made (aliases defined earlier) keep the reading
    /// they were made with; types print so that they read back as themselves in the
    /// session's reading (`Integer[1, default]` in the spec's).
    pub fn set_single_bound(&mut self, reading: crate::types::create::SingleBound) {
        self.evaluator.single_bound = reading;
        crate::types::create::set_single_bound(reading);
        self.evaluator.forget_types();
    }

    /// The reading of single-bound ranges.
    pub fn single_bound(&self) -> crate::types::create::SingleBound {
        self.evaluator.single_bound
    }

    /// Resolves the modules' custom facts (`lib/facter/*.rb` of the modulepath) and adds
    /// those the facts lack, as `puppet apply` does (off by default); again whenever the
    /// facts, the node or the environment change. Facts whose code reads the machine
    /// (`File`, `Dir`, `ENV`, `which`) are resolved only when the facts describe this
    /// machine (their FQDN is its); see `env::custom_facts`.
    pub fn set_custom_facts(&mut self, on: bool) {
        self.evaluator.custom_facts = on;
        self.evaluator.install_facts();
    }

    /// The custom facts resolved for the current facts: each one's file and value, or why
    /// it was not resolved.
    pub fn custom_facts(&self) -> Rc<crate::env::custom_facts::CustomFacts> {
        self.evaluator.custom_fact_report.clone()
    }

    /// Lets `generate()` and custom facts run commands, as the reference does (off by
    /// default); the custom facts are resolved again when it changes.
    pub fn set_allow_exec(&mut self, on: bool) {
        if self.evaluator.allow_exec != on {
            self.evaluator.allow_exec = on;
            if self.evaluator.custom_facts {
                self.evaluator.install_facts();
            }
        }
    }

    /// Whether `generate()` may run commands.
    pub fn allow_exec(&self) -> bool {
        self.evaluator.allow_exec
    }

    /// Whether native module functions are callable without their module.
    pub fn module_functions_always(&self) -> bool {
        self.evaluator.module_functions_always
    }

    /// The environment the session loads code and data from.
    pub fn environment(&self) -> &crate::env::Environment {
        &self.evaluator.env
    }

    /// Whether dependency cycles in the catalog are warned about after each input (on by
    /// default; the conformance tests turn it off, since the reference's compiler does not
    /// look for cycles).
    pub fn set_cycle_warnings(&mut self, on: bool) {
        self.evaluator.warn_cycles = on;
    }

    /// Sets the facts (`$facts`, and each fact as a top-scope variable), a hash.
    pub fn set_facts(&mut self, facts: Value) {
        self.evaluator.set_facts(facts);
    }

    /// `set_facts`, `set_agent_facts` and `set_custom_facts` at once: the facts installed
    /// (and the custom facts resolved) once instead of after each (`prepl diff` sets all
    /// three for every node and revision).
    pub fn set_facts_with(&mut self, facts: Value, agent_facts: bool, custom_facts: bool) {
        self.evaluator.deferred_facts = None;
        self.evaluator.given_facts = facts;
        self.evaluator.agent_facts = agent_facts;
        self.evaluator.custom_facts = custom_facts;
        self.evaluator.install_facts();
    }

    /// As `set_facts_with`, but the facts are made (`facts()`: this machine's are gathered)
    /// and installed, and the custom facts resolved, only before the first input that may
    /// read them (`eval::reads_facts`): a one-shot program such as `Integer[1, 2] <
    /// Integer` starts without that work. Until then `variable`, `variables`,
    /// `given_facts` and `custom_facts` answer without the facts (`install_deferred_facts`
    /// installs them at once); `set_facts` and `set_facts_with` replace the deferred ones.
    pub fn defer_facts(
        &mut self,
        facts: impl FnOnce() -> Value + 'static,
        agent_facts: bool,
        custom_facts: bool,
    ) {
        self.evaluator.agent_facts = agent_facts;
        self.evaluator.custom_facts = custom_facts;
        self.evaluator.deferred_facts = Some(DeferredFacts::Later(Box::new(facts)));
    }

    /// Installs the facts `defer_facts` deferred, now (nothing when there are none).
    pub fn install_deferred_facts(&mut self) {
        self.evaluator.install_deferred_facts();
    }

    /// Whether the facts are deferred and not installed yet (`defer_facts`).
    pub fn facts_deferred(&self) -> bool {
        self.evaluator.deferred_facts.is_some()
    }

    /// The facts as last given to `set_facts`, without the agent's (`$facts` has both).
    pub fn given_facts(&self) -> Value {
        self.evaluator.given_facts.clone()
    }

    /// Adds to every fact set the facts `puppet apply` adds to Facter's: `clientcert` (the
    /// node name), `clientversion`, `clientnoop`, `puppetversion`, `facterversion` and,
    /// with an environment directory, `agent_specified_environment`; a fact set that has
    /// one keeps its value (see `env::settings::agent_facts`). Off by default.
    pub fn set_agent_facts(&mut self, on: bool) {
        self.evaluator.agent_facts = on;
        self.evaluator.install_facts();
    }

    /// Installs the front-end that breakpoints stop in (a terminal prompt, a notebook's
    /// stdin); `None`: breakpoints reached are log lines and evaluation goes on (the
    /// default). See `eval::debug`.
    pub fn set_debugger(&mut self, debugger: Option<Box<dyn super::debug::Debugger>>) {
        self.evaluator.set_debugger(debugger);
    }

    /// Whether a debugger front-end is installed.
    pub fn has_debugger(&self) -> bool {
        self.evaluator.has_debugger()
    }

    /// The breakpoints set without editing code (`:break`, `--break`).
    pub fn breakpoints(&self) -> &super::debug::Breakpoints {
        self.evaluator.breakpoints()
    }

    /// The breakpoints, to add, delete, enable or disable.
    pub fn breakpoints_mut(&mut self) -> &mut super::debug::Breakpoints {
        self.evaluator.breakpoints_mut()
    }

    /// The user-defined type aliases with their resolved types, sorted by name.
    pub fn type_aliases(&self) -> Vec<(Rc<str>, PType)> {
        let mut all: Vec<_> = self
            .evaluator
            .aliases
            .values()
            .map(|a| (a.name.clone(), a.resolved()))
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        all
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

#[cfg(test)]
mod regex_cache_tests {
    /// Patterns built from data do not pile up: the cache of compiled patterns is bounded,
    /// and a pattern compiled again after it was emptied still matches.
    #[test]
    fn the_pattern_cache_is_bounded() {
        let mut s = super::Session::new();
        let v = s
            .eval("Integer[1, 3000].filter |$i| { \"a${i}b\" =~ \"^a${i}b$\" }.length")
            .unwrap();
        assert_eq!(crate::format::to_programmatic(&v), "3000");
        assert!(s.evaluator.regex_cache.len() <= super::REGEX_CACHE_LIMIT);
        let v = s.eval("['a1b' =~ '^a1b$', 'x' =~ '^a1b$']").unwrap();
        assert_eq!(crate::format::to_programmatic(&v), "[true, false]");
    }
}

#[cfg(test)]
mod deprecation_tests {
    /// A deprecation warning at a function call names the manifest's file, as the reference
    /// does (nova's compute.pp calls `empty()` with a number); code given as text is
    /// `unknown` there.
    #[test]
    fn deprecations_at_calls_name_the_file() {
        let mut s = super::Session::new();
        s.eval_named("/etc/x/site.pp", "\n$a = empty(1)").unwrap();
        let logs = s.take_logs();
        assert_eq!(
            logs.last().map(|(_, m)| m.as_str()),
            Some("Calling function empty() with Numeric value is deprecated.\n   (file: /etc/x/site.pp, line: 2)")
        );
        let mut s = super::Session::new();
        s.eval("$a = empty(1)").unwrap();
        assert!(s.take_logs()[0].1.ends_with("(file: unknown, line: 1)"));
    }
}
