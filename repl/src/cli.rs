//! Command-line arguments and the non-interactive mode (`-e`, a file, piped stdin).

use crate::output::Palette;
use prepl::{Session, Strictness};
use std::io::{IsTerminal, Write};

const USAGE: &str = "\
Usage: prepl [OPTIONS] [FILE]
       prepl --check FILE...
       prepl diff ...          (what a change does to catalogs: prepl diff --help)

Evaluates Puppet language code. With no FILE and a terminal on standard input, starts
an interactive session; otherwise evaluates FILE, the -e SOURCE, or standard input and
prints the value of the last expression in programmatic form.

Options:
  -e, --execute SOURCE   evaluate SOURCE
      --catalog          print the catalog the code compiles to (JSON), not its value
      --node NAME        the name of the node the catalog is for
      --facts FILE       facts ($facts) from a YAML or JSON file (default: this machine's)
      --facts-for FILTER facts of another system from facterdb: 'os.family=RedHat and
                         os.release.major=9', 'debian-11', ... (the newest Facter version)
      --modulepath DIRS  directories of modules (DIR[:DIR...]) to load code from
      --basemodulepath DIRS  global modules every modulepath ends with, as puppet
                         apply's basemodulepath ('' for none; default: the
                         reference's, /usr/share/puppet/modules with Debian's
                         puppet, or PREPL_BASEMODULEPATH); only existing directories
      --hiera-config FILE  the global Hiera layer's hiera.yaml (default: the reference's
                         /etc/puppetlabs/puppet/hiera.yaml when it exists)
      --module-functions the native versions of modules' Ruby functions (stdlib's
                         to_json, merge, ...) without the module on the modulepath
      --allow-exec       let generate() and custom facts (lib/facter) run commands
      --integer-bounds READING  how Integer[n] (one bound; also Float, Timespan,
                         Timestamp) reads: reference (n or more, as Puppet reads it
                         and modules written for it expect; the default) or spec
                         (the exact value n, as the specification draft says)
      --site             first evaluate the environment's main manifest (manifests/site.pp)
      --environment DIR  an environment directory (a control repo: environment.conf,
                         manifests/, modules/, data/, hiera.yaml)
                         (default: the current directory, when it is a control repo
                         or a module)
      --check FILE...    parse and validate the files (as `puppet parser validate`),
                         report every error as FILE:LINE:COLUMN; exit 1 if any
  -q, --quiet            no banner in the interactive session
      --strict LEVEL     off, warning or error (the default): whether unknown
                         variables (undef under off and warning), string-to-number
                         coercions and deprecated functions are errors, warnings or
                         silent
      --memory-limit SIZE  heap an evaluation may grow to (4G, 512M; default three
                         quarters of the available memory, or PREPL_MEMORY_LIMIT)
      --break SPEC       a breakpoint (any number of them): CLASS, DEFINE [TITLE],
                         FILE:LINE, 'function NAME', error, 'resource TYPE[TITLE]';
                         the debugger stops there when standard input is a terminal
                         (prepl FILE, -e, the session), else it is a Notice line
                         (see :help debug)
      --time             print the evaluation time (parsing and evaluation, catalog
                         finishing with --catalog; no start-up, no JSON text, no
                         output) on stderr
      --repeat N         evaluate the program N times, each in a fresh session, one
                         after the other on one thread (as the REPL's :reset, the
                         kernel's %reset and a prepl diff worker's nodes run), and
                         print the last run's output (with --time, each run's time:
                         the later runs find the process warmed up, as the
                         reference's benchmark runs do)
      --fresh-threads    with --repeat: each run on a thread of its own (as the
                         first node of a new prepl diff worker)
  -h, --help             show this help
  -V, --version          show the version
";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    Help,
    Version,
    /// Evaluate source given on the command line.
    Execute(String),
    /// Evaluate a file.
    File(String),
    /// Evaluate standard input, or start the interactive session when it is a terminal.
    Stdin,
    /// `--check FILE...`: parse and validate the files.
    Check(Vec<String>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub mode: Mode,
    pub quiet: bool,
    pub strict: Strictness,
    /// `--catalog`: print the catalog as JSON instead of the value.
    pub catalog: bool,
    /// `--node NAME`
    pub node: Option<String>,
    /// `--facts FILE`
    pub facts: Option<String>,
    /// `--modulepath DIR[:DIR...]`
    pub modulepath: Option<String>,
    /// `--environment DIR`
    pub environment: Option<String>,
    /// `--basemodulepath DIR[:DIR...]` (`''` for none).
    pub basemodulepath: Option<String>,
    /// `--site`: evaluate the environment's main manifest first.
    pub site: bool,
    pub hiera_config: Option<String>,
    pub module_functions: bool,
    pub allow_exec: bool,
    /// `--integer-bounds spec|reference`
    pub single_bound: prepl::SingleBound,
    /// `--facts-for FILTER`
    pub facts_for: Option<String>,
    /// `--time`: print the evaluation time on stderr.
    pub time: bool,
    /// `--repeat N`: evaluate the program N times (at least 1).
    pub repeat: usize,
    /// `--fresh-threads`: `--repeat`'s runs each on a thread of its own (by default they
    /// run one after the other on one thread).
    pub fresh_threads: bool,
    /// `--break SPEC` (any number): breakpoints set from the start.
    pub breaks: Vec<prepl::eval::debug::BreakSpec>,
}

/// `--memory-limit SIZE`: applies to every evaluation of this process.
fn set_memory_limit(size: &str) -> Result<(), String> {
    let bytes = prepl::limits::parse_size(size)
        .ok_or_else(|| format!("--memory-limit expects a size such as 4G or 512M, not '{size}'"))?;
    prepl::limits::set_memory_limit(bytes);
    Ok(())
}

/// Parses the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut opts = Options {
        mode: Mode::Stdin,
        quiet: false,
        strict: Strictness::default(),
        catalog: false,
        node: None,
        facts: None,
        modulepath: None,
        environment: None,
        basemodulepath: None,
        site: false,
        hiera_config: None,
        module_functions: false,
        allow_exec: false,
        single_bound: prepl::SingleBound::AtLeast,
        facts_for: None,
        time: false,
        repeat: 1,
        fresh_threads: false,
        breaks: Vec::new(),
    };
    let mut it = args.iter();
    let mut only_files = false;
    while let Some(arg) = it.next() {
        let arg = arg.as_str();
        if let Mode::Check(files) = &mut opts.mode {
            if only_files || !arg.starts_with('-') {
                files.push(arg.to_string());
                continue;
            }
        }
        if only_files || !arg.starts_with('-') || arg == "-" {
            set_mode(&mut opts, Mode::File(arg.to_string()))?;
            continue;
        }
        match arg {
            "--" => only_files = true,
            "--check" => set_mode(&mut opts, Mode::Check(Vec::new()))?,
            "-h" | "--help" => {
                return Ok(Options {
                    mode: Mode::Help,
                    ..opts
                })
            }
            "-V" | "--version" => {
                return Ok(Options {
                    mode: Mode::Version,
                    ..opts
                })
            }
            "-q" | "--quiet" => opts.quiet = true,
            "--catalog" => opts.catalog = true,
            "--site" => opts.site = true,
            "--module-functions" => opts.module_functions = true,
            "--allow-exec" => opts.allow_exec = true,
            "--integer-bounds" => {
                let word = it
                    .next()
                    .ok_or("option --integer-bounds needs spec or reference")?;
                opts.single_bound = prepl::SingleBound::parse(word).ok_or_else(|| {
                    format!("--integer-bounds expects spec or reference, not '{word}'")
                })?;
            }
            "--hiera-config" => {
                let file = it
                    .next()
                    .ok_or("option --hiera-config needs a FILE argument")?;
                opts.hiera_config = Some(file.clone());
            }
            "--time" => opts.time = true,
            "--break" => {
                let spec = it
                    .next()
                    .ok_or("option --break needs a SPEC (:help debug)")?;
                opts.breaks.push(
                    prepl::eval::debug::BreakSpec::parse(spec)
                        .map_err(|e| format!("--break {spec}: {e}"))?,
                );
            }
            "--repeat" => {
                let n = it.next().ok_or("option --repeat needs a number N")?;
                opts.repeat = n.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                    format!("--repeat expects a number of runs (1 or more), not '{n}'")
                })?;
            }
            "--fresh-threads" => opts.fresh_threads = true,
            "--node" => {
                let name = it.next().ok_or("option --node needs a NAME argument")?;
                prepl::env::node::check_certname(name)?;
                opts.node = Some(name.clone());
            }
            "--facts" => {
                let file = it.next().ok_or("option --facts needs a FILE argument")?;
                opts.facts = Some(file.clone());
            }
            "--modulepath" => {
                let dirs = it
                    .next()
                    .ok_or("option --modulepath needs a DIR[:DIR...] argument")?;
                opts.modulepath = Some(dirs.clone());
            }
            "--basemodulepath" => {
                let dirs = it
                    .next()
                    .ok_or("option --basemodulepath needs a DIR[:DIR...] argument ('' for none)")?;
                opts.basemodulepath = Some(dirs.clone());
            }
            "--environment" => {
                let dir = it
                    .next()
                    .ok_or("option --environment needs a DIR argument")?;
                opts.environment = Some(dir.clone());
            }
            "--memory-limit" => {
                let size = it
                    .next()
                    .ok_or("option --memory-limit needs a SIZE argument")?;
                set_memory_limit(size)?;
            }
            "--facts-for" => {
                let filter = it
                    .next()
                    .ok_or("option --facts-for needs a FILTER argument")?;
                opts.facts_for = Some(filter.clone());
            }
            "-e" | "--execute" => {
                let source = it.next().ok_or("option -e needs a SOURCE argument")?;
                set_mode(&mut opts, Mode::Execute(source.clone()))?;
            }
            "--strict" => {
                let level = it.next().ok_or("option --strict needs a LEVEL argument")?;
                opts.strict = Strictness::parse(level).ok_or_else(|| {
                    format!("--strict expects off, warning or error, not '{level}'")
                })?;
            }
            other => {
                if let Some(level) = other.strip_prefix("--strict=") {
                    opts.strict = Strictness::parse(level).ok_or_else(|| {
                        format!("--strict expects off, warning or error, not '{level}'")
                    })?;
                } else if let Some(name) = other.strip_prefix("--node=") {
                    prepl::env::node::check_certname(name)?;
                    opts.node = Some(name.to_string());
                } else if let Some(file) = other.strip_prefix("--facts=") {
                    opts.facts = Some(file.to_string());
                } else if let Some(dirs) = other.strip_prefix("--modulepath=") {
                    opts.modulepath = Some(dirs.to_string());
                } else if let Some(dirs) = other.strip_prefix("--basemodulepath=") {
                    opts.basemodulepath = Some(dirs.to_string());
                } else if let Some(dir) = other.strip_prefix("--environment=") {
                    opts.environment = Some(dir.to_string());
                } else if let Some(size) = other.strip_prefix("--memory-limit=") {
                    set_memory_limit(size)?;
                } else if let Some(filter) = other.strip_prefix("--facts-for=") {
                    opts.facts_for = Some(filter.to_string());
                } else if let Some(spec) = other.strip_prefix("--break=") {
                    opts.breaks.push(
                        prepl::eval::debug::BreakSpec::parse(spec)
                            .map_err(|e| format!("--break {spec}: {e}"))?,
                    );
                } else if let Some(source) = other.strip_prefix("--execute=") {
                    set_mode(&mut opts, Mode::Execute(source.to_string()))?;
                } else {
                    return Err(format!("unknown option '{other}'"));
                }
            }
        }
    }
    if opts.mode == Mode::Check(Vec::new()) {
        return Err("option --check needs at least one FILE".into());
    }
    Ok(opts)
}

fn set_mode(opts: &mut Options, mode: Mode) -> Result<(), String> {
    if opts.mode != Mode::Stdin {
        return Err("give either -e SOURCE, one FILE, or --check FILE...".into());
    }
    opts.mode = mode;
    Ok(())
}

/// What every session starts with: the node name and the facts of the command line.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    pub node: Option<String>,
    pub facts: Option<prepl::Value>,
    /// With no `facts`: this machine's are gathered when a session needs them (a one-shot
    /// run that defers its facts), else a session has none.
    pub gather_local_facts: bool,
    /// The environment (modulepath, control repo) code is loaded from.
    pub env: Option<prepl::env::Environment>,
    /// Said at the start of an interactive session: where the environment came from.
    pub env_note: Option<String>,
    /// The global modules every modulepath ends with (`--basemodulepath`, the reference's
    /// `basemodulepath`): `prepl::env::basemodulepath`.
    pub base_modulepath: Vec<std::path::PathBuf>,
    /// `--site`: the main manifest files to evaluate first.
    pub site: Vec<std::path::PathBuf>,
    /// Where the facts come from (`this machine (...)`, a file, `facterdb ...`).
    pub facts_origin: String,
    /// `--module-functions`: native module functions without their module.
    pub module_functions: bool,
    /// `--allow-exec`: `generate()` and custom facts run commands.
    pub allow_exec: bool,
    /// `--integer-bounds`: how `Integer[n]` reads.
    pub single_bound: prepl::SingleBound,
    /// The global Hiera layer's `hiera.yaml` (`--hiera-config`, else the reference's default
    /// location when it exists).
    pub hiera_config: Option<std::path::PathBuf>,
    /// `--break SPEC`: breakpoints.
    pub breaks: Vec<prepl::eval::debug::BreakSpec>,
}

impl Setup {
    /// Evaluates the main manifest files (`--site`), each as an input of its own.
    pub fn run_site(&self, session: &mut Session) -> Result<(), prepl::Error> {
        for path in &self.site {
            let text = prepl::limits::read_source_file(path).map_err(|e| {
                prepl::Error::new(
                    prepl::ErrorKind::Failed,
                    format!("Could not read {}: {e}", path.display()),
                )
            })?;
            session.eval_named(&path.display().to_string(), &text)?;
        }
        Ok(())
    }

    pub fn apply(&self, session: &mut Session) {
        self.apply_settings(session);
        // Every fact set gets what `puppet apply` adds to Facter's ($clientcert, ...), and
        // the modules' custom facts. The node, environment and options are set first and
        // the facts installed once, last, over them (installed after each, the ~300 facts
        // were set five times, and the custom facts resolved twice with --allow-exec).
        session.set_facts_with(self.facts_value(), true, true);
    }

    /// The facts sessions start with: those given, this machine's when they are to be
    /// gathered at first use, else none.
    fn facts_value(&self) -> prepl::Value {
        match &self.facts {
            Some(facts) => facts.clone(),
            None if self.gather_local_facts => crate::facts::local().0,
            None => prepl::Value::hash(Default::default()),
        }
    }

    /// As `apply`, with the facts deferred (`Session::defer_facts`): this machine's facts
    /// gathered, the facts installed and the custom facts resolved only before the first
    /// input that may read them.
    pub fn apply_deferring_facts(&self, session: &mut Session) {
        self.apply_settings(session);
        let setup = self.clone();
        session.defer_facts(move || setup.facts_value(), true, true);
    }

    /// The node, the environment, the options and the breakpoints.
    fn apply_settings(&self, session: &mut Session) {
        if let Some(node) = &self.node {
            session.set_node_name(node);
        }
        session.set_base_modulepath(self.base_modulepath.clone());
        if let Some(env) = &self.env {
            session.set_environment(env.clone());
        }
        session.set_module_functions_always(self.module_functions);
        session.set_allow_exec(self.allow_exec);
        session.set_single_bound(self.single_bound);
        session.set_hiera_config(self.hiera_config.clone());
        for spec in &self.breaks {
            session.breakpoints_mut().add(spec.clone());
        }
    }
}

/// The environment the options give, or the current directory's when it is a control repo
/// or a module; with a note saying which.
pub fn environment_of(
    opts: &Options,
) -> Result<(Option<prepl::env::Environment>, Option<String>), String> {
    let extra = opts
        .modulepath
        .as_deref()
        .map(prepl::env::split_paths)
        .unwrap_or_default();
    if let Some(dir) = &opts.environment {
        let path = std::path::PathBuf::from(dir);
        if !path.is_dir() {
            return Err(format!("--environment: {dir} is not a directory"));
        }
        let path = path.canonicalize().unwrap_or(path);
        return Ok((Some(prepl::env::Environment::from_dir(path, extra)), None));
    }
    if !extra.is_empty() {
        let env = prepl::env::Environment {
            modulepath: extra,
            ..prepl::env::Environment::empty()
        };
        return Ok((Some(env), None));
    }
    let here = prepl::env::current_dir();
    Ok(match here.as_deref().and_then(prepl::env::detect) {
        Some((env, note)) => (Some(env), Some(note)),
        None => (None, None),
    })
}

/// A thread to evaluate on, named `prepl` (see `prepl::limits::evaluation_thread`).
pub fn evaluation_thread() -> prepl::limits::EvaluationThread {
    prepl::limits::evaluation_thread("prepl")
}

/// Runs the program; returns the exit status.
pub fn main(args: Vec<String>) -> i32 {
    if args.first().map(String::as_str) == Some("diff") {
        return crate::diff::main(&args[1..]);
    }
    let opts = match parse_args(&args) {
        Ok(opts) => opts,
        Err(message) => {
            eprintln!("prepl: {message}\n\n{USAGE}");
            return 2;
        }
    };
    match &opts.mode {
        // Checking files needs no session, facts or environment.
        Mode::Check(files) => return crate::check::run(files),
        Mode::Help => {
            print!("{USAGE}");
            return 0;
        }
        Mode::Version => {
            println!("prepl {}", env!("CARGO_PKG_VERSION"));
            return 0;
        }
        _ => {}
    }
    if is_interactive(&opts) {
        if opts.repeat > 1 {
            eprintln!("prepl: --repeat needs a program: FILE, -e SOURCE or standard input");
            return 2;
        }
        return match setup_of(&opts) {
            Ok(setup) => crate::session::run(&opts, &setup),
            Err(status) => status,
        };
    }
    let (name, text) = match &opts.mode {
        Mode::Execute(source) => ("-e", source.clone()),
        Mode::File(path) if path != "-" => match prepl::limits::read_program_file(path) {
            Ok(text) => (path.as_str(), text),
            Err(e) => {
                eprintln!("Error: Could not read file {path}: {e}");
                return 1;
            }
        },
        _ => match prepl::limits::read_source(std::io::stdin().lock()) {
            Ok(text) => ("<stdin>", text),
            Err(e) => {
                eprintln!("Error: Could not read standard input: {e}");
                return 1;
            }
        },
    };
    if opts.repeat == 1 {
        return match setup_of(&opts) {
            Ok(setup) => run_batch(&opts, &setup, name, &text, Output::Print),
            Err(status) => status,
        };
    }
    if opts.fresh_threads {
        for _ in 1..opts.repeat {
            let status = on_evaluation_thread(|| repeated_run(&opts, name, &text, Output::Drop));
            if status != 0 {
                return status;
            }
        }
        return on_evaluation_thread(|| repeated_run(&opts, name, &text, Output::Print));
    }
    on_evaluation_thread(|| {
        for _ in 1..opts.repeat {
            let status = repeated_run(&opts, name, &text, Output::Drop);
            if status != 0 {
                return status;
            }
        }
        repeated_run(&opts, name, &text, Output::Print)
    })
}

/// One of the runs of `--repeat`: a fresh session, set up as the command line says; the
/// output of all but the last is dropped.
fn repeated_run(opts: &Options, name: &str, text: &str, output: Output) -> i32 {
    match setup_of(opts) {
        Ok(setup) => run_batch(opts, &setup, name, text, output),
        Err(status) => status,
    }
}

/// Runs `f` on an evaluation thread of its own (`--repeat`'s runs: not on the thread that
/// read the arguments and the program, where a session took about twice as long, its
/// allocator's memory not yet mapped, docs/benchmarks.md, sessions 36 and 37).
fn on_evaluation_thread(f: impl FnOnce() -> i32 + Send) -> i32 {
    std::thread::scope(|scope| match evaluation_thread().spawn_scoped(scope, f) {
        Ok(handle) => handle.join().unwrap_or(101),
        Err(e) => {
            eprintln!("prepl: cannot start an evaluation thread: {e}");
            1
        }
    })
}

/// What the command line sets up for every session (node, facts, environment), or the
/// exit status after an error saying why it cannot.
fn setup_of(opts: &Options) -> Result<Setup, i32> {
    let fail = |message: String| {
        eprintln!("Error: {message}");
        1
    };
    let (env, env_note) = environment_of(opts).map_err(fail)?;
    let site = match (&env, opts.site) {
        (Some(e), true) => e.main_manifests(),
        (None, true) => {
            return Err(fail(
                "--site needs an environment (--environment DIR)".into(),
            ))
        }
        _ => Vec::new(),
    };
    let hiera_config = match &opts.hiera_config {
        Some(file) if !std::path::Path::new(file).is_file() => {
            return Err(fail(format!("--hiera-config: {file} is not a file")))
        }
        Some(file) => Some(std::path::PathBuf::from(file)),
        None => prepl::env::hiera::default_global_config(),
    };
    // This machine's facts unless --facts or --facts-for says otherwise (gathered when a
    // program may read them, in a one-shot run that defers them).
    let (facts, facts_origin) =
        if defers_facts(opts) && opts.facts.is_none() && opts.facts_for.is_none() {
            (None, "this machine".to_string())
        } else {
            let (facts, origin) =
                crate::facts::choose(opts.facts.as_deref(), opts.facts_for.as_deref())
                    .map_err(fail)?;
            (Some(facts), origin)
        };
    Ok(Setup {
        node: opts.node.clone(),
        gather_local_facts: facts.is_none(),
        facts,
        facts_origin,
        env,
        env_note,
        base_modulepath: prepl::env::basemodulepath::resolve(opts.basemodulepath.as_deref()),
        site,
        module_functions: opts.module_functions,
        allow_exec: opts.allow_exec,
        single_bound: opts.single_bound,
        hiera_config,
        breaks: opts.breaks.clone(),
    })
}

/// Whether a one-shot run (`-e`, a file, standard input) installs the facts only before
/// evaluating a program that may read them (`Session::defer_facts`): not with `--time` or
/// `--repeat`, whose measured evaluations start with the facts in place as the reference's
/// do, nor with breakpoints, whose prompt may evaluate anything.
fn defers_facts(opts: &Options) -> bool {
    !is_interactive(opts) && !opts.time && opts.repeat == 1 && opts.breaks.is_empty()
}

/// Whether the options start an interactive session: standard input from a terminal, no
/// `--catalog` (which compiles what it reads, from a terminal too).
fn is_interactive(opts: &Options) -> bool {
    opts.mode == Mode::Stdin && std::io::stdin().is_terminal() && !opts.catalog
}

/// The line `--time` prints: `Evaluation time: 0.012345 s (CPU 0.012001 s)`: wall-clock
/// time, and the CPU time of the process (steadier on a loaded machine).
fn timing_line(elapsed: std::time::Duration, cpu: Option<std::time::Duration>) -> String {
    let wall = format!("Evaluation time: {:.6} s", elapsed.as_secs_f64());
    match cpu {
        Some(cpu) => format!("{wall} (CPU {:.6} s)", cpu.as_secs_f64()),
        None => wall,
    }
}

/// The CPU time the process has used so far.
fn process_cpu_time() -> Option<std::time::Duration> {
    use nix::time::{clock_gettime, ClockId};
    clock_gettime(ClockId::CLOCK_PROCESS_CPUTIME_ID)
        .ok()
        .map(std::time::Duration::from)
}

/// What a run does with its output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Output {
    /// The value (or catalog) on stdout, log lines on stderr.
    Print,
    /// Nothing but an error and the time (`--repeat`'s earlier runs).
    Drop,
}

/// Evaluates one program: the value (or with `--catalog` the catalog as JSON) on stdout,
/// log lines and errors on stderr, no colours.
fn run_batch(opts: &Options, setup: &Setup, name: &str, text: &str, output: Output) -> i32 {
    let mut session = Session::new();
    session.set_strict(opts.strict);
    if defers_facts(opts) {
        setup.apply_deferring_facts(&mut session);
    } else {
        setup.apply(&mut session);
    }
    // A file or -e run from a terminal stops at its breakpoints on the terminal; without
    // one (and with --catalog, whose output is for programs) a breakpoint is a log line.
    if output == Output::Print && !opts.catalog && std::io::stdin().is_terminal() {
        let palette = Palette::for_terminal(std::io::stdout().is_terminal());
        let err_palette = Palette::for_terminal(std::io::stderr().is_terminal());
        if let Some(editor) = crate::helper::standalone_editor(palette.enabled) {
            let editor: crate::debugger::SharedEditor =
                std::rc::Rc::new(std::cell::RefCell::new(editor));
            let debugger = crate::debugger::Terminal::new(editor, palette, err_palette);
            session.set_debugger(Some(Box::new(debugger)));
        }
    }
    match output {
        Output::Print => session.set_log_sink(|level, message| {
            eprintln!("{}: {}", level.label(), message);
        }),
        Output::Drop => {
            session.set_log_sink(|_, _| {});
            session.set_output_sink(|_, _| {});
        }
    }
    let started = std::time::Instant::now();
    let cpu_started = process_cpu_time();
    let result = setup
        .run_site(&mut session)
        .and_then(|_| session.eval_named(name, text));
    // With --catalog the time covers compiling and finishing the catalog, not writing its
    // JSON text: the reference's time (bench/reference-time.rb) stops at the same point.
    if opts.time {
        let cpu = process_cpu_time()
            .zip(cpu_started)
            .map(|(end, start)| end - start);
        eprintln!("{}", timing_line(started.elapsed(), cpu));
    }
    if output == Output::Drop {
        return match result {
            Ok(_) => 0,
            Err(error) => {
                eprintln!("{}", Palette::plain().error(&error.render()));
                1
            }
        };
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if result.is_ok() && opts.catalog {
        // (written as it is made: the text can be far larger than the catalog)
        let written = prepl::catalog::json::write_json_text(session.catalog(), &mut out)
            .and_then(|()| writeln!(out))
            .and_then(|()| out.flush());
        std::mem::forget(session);
        return write_status(written);
    }
    let shown = result.and_then(|value| {
        let _interruptible = session.interruptible();
        prepl::format::try_programmatic(&value)
    });
    let status = match shown {
        Ok(shown) => write_status(writeln!(out, "{shown}").and_then(|()| out.flush())),
        Err(error) => {
            let _ = out.flush();
            eprintln!("{}", Palette::plain().error(&error.render()));
            1
        }
    };
    // The process ends next: its memory goes back at once, without walking the session's
    // values, catalog and code to free each part (6% of a big catalog's instructions).
    // (`--repeat`'s earlier runs free theirs: the next run uses that memory again.)
    std::mem::forget(session);
    status
}

/// The exit status of writing the result to stdout: a reader that stopped reading
/// (`prepl --catalog ... | head`) is no failure of ours; any other failure
/// (a full disk) is said on stderr.
fn write_status(written: std::io::Result<()>) -> i32 {
    match written {
        Ok(()) => 0,
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(error) => {
            eprintln!("prepl: cannot write the result: {error}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn execute_and_quiet() {
        let opts = parse_args(&args(&["-q", "-e", "1+1"])).unwrap();
        assert_eq!(opts.mode, Mode::Execute("1+1".into()));
        assert!(opts.quiet);
    }

    #[test]
    fn file_and_stdin() {
        assert_eq!(
            parse_args(&args(&["a.pp"])).unwrap().mode,
            Mode::File("a.pp".into())
        );
        assert_eq!(parse_args(&args(&[])).unwrap().mode, Mode::Stdin);
        assert_eq!(
            parse_args(&args(&["--", "-x.pp"])).unwrap().mode,
            Mode::File("-x.pp".into())
        );
    }

    #[test]
    fn check_takes_many_files() {
        assert_eq!(
            parse_args(&args(&["--check", "a.pp", "b.pp", "--", "-c.pp"]))
                .unwrap()
                .mode,
            Mode::Check(vec!["a.pp".into(), "b.pp".into(), "-c.pp".into()])
        );
        assert_eq!(
            parse_args(&args(&["--strict", "off", "--check", "a.pp"]))
                .unwrap()
                .mode,
            Mode::Check(vec!["a.pp".into()])
        );
        assert!(parse_args(&args(&["--check"])).is_err());
        assert!(parse_args(&args(&["x.pp", "--check", "a.pp"])).is_err());
    }

    #[test]
    fn strictness() {
        let opts = parse_args(&args(&["--strict", "warning"])).unwrap();
        assert_eq!(opts.strict, Strictness::Warning);
        assert_eq!(
            parse_args(&args(&["--strict=off"])).unwrap().strict,
            Strictness::Off
        );
        assert!(parse_args(&args(&["--strict", "loud"])).is_err());
    }

    #[test]
    fn catalog_node_and_facts() {
        let opts = parse_args(&args(&[
            "--catalog",
            "--node",
            "web01",
            "--facts=f.yaml",
            "-e",
            "1",
        ]))
        .unwrap();
        assert!(opts.catalog);
        assert_eq!(opts.node.as_deref(), Some("web01"));
        assert_eq!(opts.facts.as_deref(), Some("f.yaml"));
        assert_eq!(
            parse_args(&args(&["--node=db", "--facts", "x.json"]))
                .unwrap()
                .node
                .as_deref(),
            Some("db")
        );
        assert!(parse_args(&args(&["--node"])).is_err());
        // A certname the reference refuses (it would reach `data/nodes/../../x.yaml`).
        assert!(parse_args(&args(&["--node", "../../x"])).is_err());
        assert!(parse_args(&args(&["--node=/etc/x"])).is_err());
        assert!(parse_args(&args(&["--facts"])).is_err());
        let opts = parse_args(&args(&["--facts-for", "debian-11"])).unwrap();
        assert_eq!(opts.facts_for.as_deref(), Some("debian-11"));
        let opts = parse_args(&args(&["--facts-for=os.family=RedHat"])).unwrap();
        assert_eq!(opts.facts_for.as_deref(), Some("os.family=RedHat"));
        assert!(parse_args(&args(&["--facts-for"])).is_err());
    }

    #[test]
    fn time_option() {
        let opts = parse_args(&args(&["--time", "f.pp"])).unwrap();
        assert!(opts.time);
        assert_eq!(opts.mode, Mode::File("f.pp".into()));
        assert!(!parse_args(&args(&["f.pp"])).unwrap().time);
        let ms = std::time::Duration::from_micros;
        assert_eq!(timing_line(ms(12_345), None), "Evaluation time: 0.012345 s");
        assert_eq!(
            timing_line(ms(12_345), Some(ms(12_000))),
            "Evaluation time: 0.012345 s (CPU 0.012000 s)"
        );
        let before = process_cpu_time().unwrap();
        let mut x = 0u64;
        for i in 0..1_000_000u64 {
            x = std::hint::black_box(x.wrapping_add(i));
        }
        assert!(process_cpu_time().unwrap() > before, "{x}");
    }

    #[test]
    fn errors() {
        assert!(parse_args(&args(&["-e"])).is_err());
        assert!(parse_args(&args(&["-e", "1", "file.pp"])).is_err());
        assert!(parse_args(&args(&["--bogus"])).is_err());
        assert_eq!(parse_args(&args(&["-h", "x"])).unwrap().mode, Mode::Help);
    }
}
