//! The interactive session: prompts with an input counter, multi-line input with a
//! continuation prompt, results as `=> value`, coloured logs and errors, `$_`, timing,
//! persistent history and Ctrl-C handling.

use crate::cli::{Options, Setup};
use crate::commands::{self, Next};
use crate::complete::Names;
use crate::helper::PreplHelper;
use crate::output::{try_layout, Palette, DIM};
use crate::validate::{check, Verdict};
use crate::{history, interrupt};
use prepl::{ErrorKind, Session, Strictness, Value};
use rustyline::config::{Builder, CompletionType};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

/// Results wrap at this width when the terminal's is unknown.
const DEFAULT_WIDTH: usize = 80;

/// The state of an interactive session.
pub struct Repl {
    pub session: Session,
    /// Colours for stdout (results, command output).
    pub palette: Palette,
    /// Colours for stderr (logs, errors).
    pub err_palette: Palette,
    /// `:set width N`; `None` follows the terminal.
    pub fixed_width: Option<usize>,
    pub terminal_width: usize,
    pub timing: bool,
    pub strict: Strictness,
    /// The node name and facts every fresh session starts with (`--node`, `--facts`,
    /// `:facts FILE`).
    pub setup: Setup,
    /// The line editor, which the debugger's prompt shares (`None` before it exists).
    pub editor: Option<crate::debugger::SharedEditor>,
    /// `:set print-limit N|off`: how many elements of a result are shown (`None`: all).
    pub print_limit: Option<usize>,
    /// Catalogs kept by `:catalog save NAME`, for `:diff NAME`.
    pub saved_catalogs: std::collections::BTreeMap<String, prepl::catalog::diff::View>,
}

impl Repl {
    pub fn with_setup(strict: Strictness, setup: Setup) -> Repl {
        let palette = Palette::for_terminal(std::io::stdout().is_terminal());
        let err_palette = Palette::for_terminal(std::io::stderr().is_terminal());
        let mut repl = Repl {
            session: Session::new(),
            palette,
            err_palette,
            fixed_width: None,
            terminal_width: DEFAULT_WIDTH,
            timing: false,
            strict,
            setup,
            editor: None,
            print_limit: Some(prepl::elide::DEFAULT_LIMIT),
            saved_catalogs: Default::default(),
        };
        repl.reset();
        repl
    }

    /// Breakpoints stop at the debugger's prompt, on this editor.
    pub fn attach_editor(&mut self, editor: crate::debugger::SharedEditor) {
        self.editor = Some(editor);
        self.install_debugger();
    }

    fn install_debugger(&mut self) {
        if let Some(editor) = &self.editor {
            let terminal =
                crate::debugger::Terminal::new(editor.clone(), self.palette, self.err_palette);
            self.session.set_debugger(Some(Box::new(terminal)));
        }
    }

    /// Replaces the session by a fresh one (an empty catalog), with the node name and facts
    /// of the setup.
    pub fn reset(&mut self) {
        // (the breakpoints are kept, as settings are)
        let breakpoints = self.session.breakpoints().clone();
        // (and the Hiera files the thread keeps across sessions)
        prepl::env::hiera::forget_files();
        let mut session = Session::new();
        session.set_strict(self.strict);
        self.setup.apply(&mut session);
        if !breakpoints.list().is_empty() {
            *session.breakpoints_mut() = breakpoints;
        }
        interrupt::watch(session.interrupt_handle());
        self.session = session;
        self.install_log_sink();
        self.install_debugger();
        // `--site`: the main manifest again, as at the start.
        if let Err(e) = self.setup.run_site(&mut self.session) {
            eprintln!("{}", self.err_palette.error(&e.render()));
        }
    }

    /// Log lines on stderr, each cut to the print limit's characters.
    fn install_log_sink(&mut self) {
        let (palette, limit) = (self.err_palette, self.print_limit);
        self.session.set_log_sink(move |level, message| {
            let message = prepl::elide::elide_text(message, limit);
            eprintln!("{}", palette.log_line(level, &message))
        });
    }

    /// `:set print-limit N|off`: results, log lines and errors are cut to it.
    pub fn set_print_limit(&mut self, limit: Option<usize>) {
        self.print_limit = limit;
        self.install_log_sink();
    }

    pub fn set_strict(&mut self, strict: Strictness) {
        self.strict = strict;
        self.session.set_strict(strict);
    }

    pub fn width(&self) -> usize {
        self.fixed_width.unwrap_or(self.terminal_width)
    }

    /// A problem with a command, in the error colour.
    pub fn report(&self, message: &str) {
        eprintln!("{}", self.err_palette.error(message));
    }

    pub fn show_error(&self, error: &prepl::Error) {
        if error.kind == ErrorKind::Interrupted && error.message == prepl::eval::debug::ABORTED {
            eprintln!("{}", self.err_palette.error("Aborted."));
        } else if error.kind == ErrorKind::Interrupted {
            eprintln!("{}", self.err_palette.error("Interrupted."));
        } else {
            let text = error.render();
            let text = prepl::elide::elide_text(&text, self.print_limit);
            eprintln!("{}", self.err_palette.error(&text));
        }
    }

    /// Evaluates an input (Ctrl-C interrupts it), shows the value or the error, and keeps
    /// the value in `$_`.
    pub fn eval_and_show(&mut self, name: &str, text: &str) {
        let started = Instant::now();
        let result = self.evaluate(name, text);
        let elapsed = started.elapsed();
        match result {
            Some(Ok(value)) => {
                let (session, width) = (&self.session, self.width());
                // A huge value is shown elided (`:set print-limit`).
                let elided = prepl::elide::elide(&value, self.print_limit);
                // Printing a large value takes time too: Ctrl-C interrupts it.
                let shown = interrupt::during(|| {
                    let _interruptible = session.interruptible();
                    try_layout(&elided.value, width, 3).map(|text| {
                        let text = elided.finish(text);
                        prepl::elide::elide_text(&text, self.print_limit).into_owned()
                    })
                });
                match shown {
                    Ok(shown) => println!("{} {}", self.palette.paint(DIM, "=>"), shown),
                    Err(error) => self.show_error(&error),
                }
                self.session.set_variable("_", value);
            }
            Some(Err(error)) => self.show_error(&error),
            None => {}
        }
        if self.timing {
            println!(
                "{}",
                self.palette.paint(DIM, &format!("Time: {elapsed:.3?}"))
            );
        }
    }

    /// Evaluates an expression for a command (`:type`): errors are shown, `$_` is kept.
    pub fn eval_quietly(&mut self, name: &str, text: &str) -> Option<Value> {
        match self.evaluate(name, text)? {
            Ok(value) => Some(value),
            Err(error) => {
                self.show_error(&error);
                None
            }
        }
    }

    /// Evaluates with Ctrl-C interrupting. A panic in the evaluator (a bug) does not end
    /// the session: it is reported, and evaluation goes on in a fresh session that keeps
    /// the variables (`None` then).
    fn evaluate(&mut self, name: &str, text: &str) -> Option<Result<Value, prepl::Error>> {
        let session = &mut self.session;
        let outcome = interrupt::during(|| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                session.eval_named(name, text)
            }))
        });
        match outcome {
            Ok(result) => Some(result),
            Err(panic) => {
                let what = panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("unknown cause");
                let variables = self.session.variables();
                self.reset();
                for (name, value) in variables {
                    self.session.set_variable(&name, value);
                }
                self.report(&format!(
                    "Internal error (a bug in prepl): {what}. The session was restarted; its variables were kept."
                ));
                None
            }
        }
    }

    /// What completion needs to know, after an input changed the session.
    fn names(&self) -> Names {
        Names::of(&self.session, &[])
    }
}

fn banner() -> String {
    format!(
        "prepl {} — the Puppet language, interactively. :help for commands, Ctrl-D to quit.",
        env!("CARGO_PKG_VERSION")
    )
}

/// One input read from the terminal.
enum Input {
    Text(String, Verdict),
    /// Ctrl-C: the pending input is dropped.
    Cancelled,
    Eof,
}

/// Reads one input: the first line with the numbered prompt, then continuation lines while
/// the parser says the input is incomplete.
fn read_input(
    editor: &mut Editor<PreplHelper, DefaultHistory>,
    counter: usize,
) -> rustyline::Result<Input> {
    let prompt = format!("prepl[{counter}]> ");
    let continuation = format!("{:>width$}> ", "...", width = prompt.len() - 2);
    set_prefix(editor, String::new());
    let mut text = match editor.readline(&prompt) {
        Ok(line) => line,
        Err(ReadlineError::Interrupted) => return Ok(Input::Cancelled),
        Err(ReadlineError::Eof) => return Ok(Input::Eof),
        Err(e) => return Err(e),
    };
    let mut verdict = check(&text);
    while verdict == Verdict::NeedsMore {
        text.push('\n');
        set_prefix(editor, text.clone());
        match editor.readline(&continuation) {
            Ok(line) => {
                text.push_str(&line);
                verdict = check(&text);
            }
            Err(ReadlineError::Interrupted) => return Ok(Input::Cancelled),
            // Ctrl-D: evaluate what there is, so the parser says what is missing.
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e),
        }
    }
    set_prefix(editor, String::new());
    Ok(Input::Text(text, verdict))
}

fn set_prefix(editor: &mut Editor<PreplHelper, DefaultHistory>, prefix: String) {
    if let Some(helper) = editor.helper_mut() {
        helper.prefix = prefix;
    }
}

fn load_history(editor: &mut Editor<PreplHelper, DefaultHistory>) -> Option<PathBuf> {
    let path = history::path()?;
    if !history::is_usable(&path) {
        // (`/dev/null`, a device: the way to keep no history, said by nothing)
        let device = std::fs::metadata(&path)
            .is_ok_and(|m| std::os::unix::fs::FileTypeExt::is_char_device(&m.file_type()));
        if !device {
            eprintln!(
                "prepl: the history {} is not a regular file: this session's inputs are not kept",
                path.display()
            );
        }
        return None;
    }
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if path.exists() {
        if let Err(e) = editor.load_history(&path) {
            eprintln!("prepl: cannot read the history {}: {e}", path.display());
        }
    }
    Some(path)
}

/// Runs the interactive session; returns the exit status.
pub fn run(opts: &Options, setup: &Setup) -> i32 {
    let config = Builder::new()
        .max_history_size(history::MAX_ENTRIES)
        .and_then(|b| b.history_ignore_dups(true))
        .map(|b| {
            b.history_ignore_space(true)
                .completion_type(CompletionType::List)
                .auto_add_history(false)
                .build()
        });
    let config = match config {
        Ok(config) => config,
        Err(e) => {
            eprintln!("prepl: {e}");
            return 1;
        }
    };
    let editor: Editor<PreplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(editor) => editor,
        Err(e) => {
            eprintln!("prepl: cannot start the line editor: {e}");
            return 1;
        }
    };
    // The banner first: the environment's warnings (environment.conf) are logged when the
    // session below is set up, and belong after it.
    if !opts.quiet {
        println!("{}", banner());
        if !setup.facts_origin.is_empty() {
            println!(
                "Facts: {} (:facts to show or change them).",
                setup.facts_origin
            );
        }
    }
    if let Some(note) = &setup.env_note {
        println!("{note}");
    }
    if !opts.quiet && !setup.base_modulepath.is_empty() {
        println!(
            "Global modules (puppet apply's basemodulepath): {} (:set basemodulepath none for none).",
            prepl::env::join_paths(&setup.base_modulepath)
        );
    }
    let shared = std::rc::Rc::new(std::cell::RefCell::new(editor));
    interrupt::install();
    let mut repl = Repl::with_setup(opts.strict, setup.clone());
    let mut helper = PreplHelper::new(repl.palette.enabled);
    helper.names = repl.names();
    shared.borrow_mut().set_helper(Some(helper));
    repl.attach_editor(shared.clone());
    let history_path = load_history(&mut shared.borrow_mut());
    let mut counter = 1;
    loop {
        let dimensions = shared.borrow_mut().dimensions();
        if let Some((cols, _)) = dimensions {
            repl.terminal_width = cols.max(20);
        }
        let read = read_input(&mut shared.borrow_mut(), counter);
        let (text, verdict) = match read {
            Ok(Input::Text(text, verdict)) => (text, verdict),
            Ok(Input::Cancelled) => continue,
            Ok(Input::Eof) => break,
            Err(e) => {
                eprintln!("prepl: {e}");
                break;
            }
        };
        if verdict != Verdict::Empty {
            // Inputs starting with a space are kept out of the history, as are repeats.
            let added = shared
                .borrow_mut()
                .add_history_entry(text.as_str())
                .unwrap_or(false);
            if let (true, Some(path)) = (added, &history_path) {
                if let Err(e) = history::append(path, &text) {
                    eprintln!("prepl: cannot save the history {}: {e}", path.display());
                }
            }
        }
        match verdict {
            Verdict::Empty => continue,
            Verdict::Command => {
                if commands::run(&mut repl, &text) == Next::Quit {
                    break;
                }
            }
            Verdict::Ready | Verdict::NeedsMore
                if crate::discover::bare_command_hint(&text).is_some() =>
            {
                let hint = crate::discover::bare_command_hint(&text).unwrap_or_default();
                println!("{}", repl.palette.paint(crate::output::DIM, hint));
            }
            Verdict::Ready | Verdict::NeedsMore => {
                repl.eval_and_show(&format!("In[{counter}]"), &text);
                counter += 1;
            }
        }
        let names = repl.names();
        if let Some(helper) = shared.borrow_mut().helper_mut() {
            helper.names = names;
        }
    }
    0
}
