//! The terminal's debugger: where a breakpoint stops (`debug::break()`, `:break ...`), a
//! prompt naming the place reads expressions, evaluated in the stopped frame's scope, and
//! the debugging commands (`:whereami`, `:stack`, `:up`, `:down`, `:vars`, `:catalog`,
//! `:continue`, `:step`, `:next`, `:finish`, `:abort`). The breakpoint commands (`:break`,
//! `:breaks`, `:delete`, `:disable`, `:enable`) work at both prompts.

use crate::helper::PreplHelper;
use crate::highlight::highlight;
use crate::output::{layout, Palette, BOLD, DIM, YELLOW};
use crate::validate::{check, Verdict};
use prepl::eval::debug::{BreakSpec, Breakpoints, Debugger, Resume, Stop, StopReason};
use prepl::types::infer_generalized;
use prepl::ErrorKind;
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;
use std::cell::RefCell;
use std::fmt::Write;
use std::rc::Rc;
use unicode_width::UnicodeWidthStr;

/// The line editor, shared by the session's prompt and the debugger's.
pub type SharedEditor = Rc<RefCell<Editor<PreplHelper, DefaultHistory>>>;

/// `:help debug`.
pub const HELP: &str = "\
Breakpoints stop a compilation so that you can look at it from inside.

In code:   debug::break()                      stop here (puppet-debugger's name)
           debug::break($x > 3)                only when the condition is true
           debug::break({'if' => $x > 3})      the same
Without editing code (here or at the debugger's prompt; --break SPEC on the command line):
  :break CLASS                 entering the class
  :break DEFINE [TITLE]        entering an instance of the define (TITLE: a glob with * and ?,
                               or /regexp/)
  :break FILE:LINE             the first statement starting on that line (FILE: the end of
                               the path, manifests/init.pp, or In[3] for an input)
  :break function NAME         entering a function written in Puppet, calling a built-in
  :break error                 where an error is raised, in the scope that raises it,
                               before it unwinds (why did `include` fail?)
  :break resource TYPE[TITLE]  when such a resource is declared (TYPE alone: any title)
  :breaks                      list them (number, enabled, hits)
  :delete N, :disable N, :enable N

While stopped, the prompt names the place (debug Class[apache] init.pp:12>). Any expression
evaluates in the selected frame's scope (its parameters and variables, $title, $name, the
class's variables, facts, lookup() with the module's Hiera data); Tab completes its variables.
  :whereami [N]     the source around the current line (N lines each side; also :w)
  :stack            the Puppet stack: classes, defines (with their titles), functions and
                    lambdas, with file:line (also :bt)
  :up [N], :down [N]  select an outer / inner frame (:frame N selects frame N)
  :vars             the selected frame's variables with their types
  :catalog [...]    the catalog so far (as :catalog takes it)
  :type EXPR        the type of a value
  :continue   (:c)  go on until the next breakpoint
  :step       (:s)  to the next statement, entering calls, classes and defines
  :next       (:n)  to the next statement of this frame
  :finish     (:f)  until this frame returns
  :abort            stop the compilation: the input fails, the session is as before it
An empty line repeats the last :step or :next. Ctrl-C drops the line being typed, twice in
a row aborts; Ctrl-C while an expression runs interrupts it; Ctrl-D continues.
Without a terminal (prepl FILE < input, --catalog), a breakpoint reached is a Notice line
saying where, and evaluation goes on.";

/// What the breakpoint commands do to the breakpoints, as text.
pub fn breakpoint_command(
    breakpoints: &mut Breakpoints,
    word: &str,
    arg: &str,
) -> Result<String, String> {
    let number = || {
        arg.trim()
            .parse::<usize>()
            .map_err(|_| format!("expected a breakpoint number: :{word} N (see :breaks)"))
    };
    match word {
        "break" => {
            if arg.is_empty() {
                return Ok(list(breakpoints));
            }
            let spec = BreakSpec::parse(arg)?;
            let shown = spec.to_string();
            let id = breakpoints.add(spec);
            Ok(format!("Breakpoint {id}: {shown}"))
        }
        "breaks" => Ok(list(breakpoints)),
        "delete" => {
            if arg.trim() == "all" || arg.trim() == "*" {
                breakpoints.clear();
                return Ok("Deleted every breakpoint.".into());
            }
            let n = number()?;
            match breakpoints.delete(n) {
                true => Ok(format!("Deleted breakpoint {n}.")),
                false => Err(format!("No breakpoint {n} (see :breaks).")),
            }
        }
        "disable" | "enable" => {
            let n = number()?;
            let on = word == "enable";
            match breakpoints.set_enabled(n, on) {
                true => Ok(format!("Breakpoint {n} {word}d.")),
                false => Err(format!("No breakpoint {n} (see :breaks).")),
            }
        }
        _ => Err(format!("unknown breakpoint command :{word}")),
    }
}

fn list(breakpoints: &Breakpoints) -> String {
    if breakpoints.list().is_empty() {
        return "No breakpoints (:break SPEC sets one; :help debug).".into();
    }
    let mut out = String::new();
    for b in breakpoints.list() {
        let _ = writeln!(
            out,
            "{:>3}  {:<8}  {}{}",
            b.id,
            if b.enabled { "enabled" } else { "disabled" },
            b.spec,
            match b.hits {
                0 => String::new(),
                1 => "  (stopped once)".into(),
                n => format!("  (stopped {n} times)"),
            }
        );
    }
    out
}

/// The source lines around `line` (1-based), `context` each side, highlighted, with a
/// marker on `line`.
pub fn whereami(text: &str, line: usize, context: usize, palette: &Palette) -> String {
    let lines: Vec<&str> = text
        .strip_suffix('\n')
        .unwrap_or(text)
        .split('\n')
        .collect();
    if lines.is_empty() || line == 0 {
        return String::new();
    }
    let first = line.saturating_sub(context).max(1);
    let last = (line + context).min(lines.len());
    let width = last.to_string().len();
    let mut out = String::new();
    // (each line highlighted with the text before it: a string or heredoc opened earlier
    // colours it right)
    let mut offset: usize = lines[..first - 1].iter().map(|l| l.len() + 1).sum();
    for (n, text_line) in lines.iter().enumerate().take(last).skip(first - 1) {
        let number = n + 1;
        let shown = if palette.enabled {
            highlight(&text[..offset], text_line, 0, false)
        } else {
            text_line.to_string()
        };
        offset += text_line.len() + 1;
        let gutter = format!("{number:>width$}");
        if number == line {
            let _ = writeln!(
                out,
                "{} {} {shown}",
                palette.paint(YELLOW, "=>"),
                palette.paint(BOLD, &gutter)
            );
        } else {
            let _ = writeln!(out, "   {} {shown}", palette.paint(DIM, &gutter));
        }
    }
    out
}

/// The debugger of an interactive terminal session.
pub struct Terminal {
    editor: SharedEditor,
    palette: Palette,
    err_palette: Palette,
    /// The last `:step` or `:next`, repeated by an empty line.
    last: Option<Resume>,
}

/// What Ctrl-C at the debugger's prompt says the first time (the second aborts).
const CTRL_C_AGAIN: &str =
    "(Ctrl-C again or :abort stops the compilation; :continue goes on; :help for more)";

impl Terminal {
    pub fn new(editor: SharedEditor, palette: Palette, err_palette: Palette) -> Terminal {
        Terminal {
            editor,
            palette,
            err_palette,
            last: None,
        }
    }

    /// A debugger with an editor of its own (a file or `-e` run from a terminal), with
    /// highlighting and completion when the terminal has colours.
    pub fn standalone() -> Option<Terminal> {
        use std::io::IsTerminal;
        let mut editor: Editor<PreplHelper, DefaultHistory> = Editor::new().ok()?;
        let palette = Palette::for_terminal(std::io::stdout().is_terminal());
        let err_palette = Palette::for_terminal(std::io::stderr().is_terminal());
        let mut helper = PreplHelper::new(palette.enabled);
        helper.names.functions = prepl::functions::all()
            .iter()
            .map(|b| b.name.to_string())
            .collect();
        editor.set_helper(Some(helper));
        Some(Terminal::new(
            Rc::new(RefCell::new(editor)),
            palette,
            err_palette,
        ))
    }

    fn width(&self) -> usize {
        self.editor
            .borrow_mut()
            .dimensions()
            .map_or(80, |(cols, _)| cols.max(20))
    }

    fn say(&self, text: &str) {
        let text = text.trim_end_matches('\n');
        if !text.is_empty() {
            println!("{text}");
        }
    }

    fn report(&self, text: &str) {
        eprintln!("{}", self.err_palette.error(text));
    }

    /// Where the selected frame is: `Class[web] at /path/init.pp:3`.
    fn location(&self, stop: &Stop<'_>) -> String {
        let f = stop.frame_info();
        format!(
            "{} at {}:{}",
            self.palette.paint(BOLD, &f.description),
            f.file,
            f.line
        )
    }

    fn prompt(&self, stop: &Stop<'_>) -> String {
        let f = stop.frame_info();
        let file = f.file.rsplit('/').next().unwrap_or(&f.file);
        let place = match f.kind {
            prepl::eval::debug::FrameKind::Main => String::new(),
            _ => format!("{} ", f.description),
        };
        format!("debug {place}{file}:{}> ", f.line)
    }

    fn whereami(&self, stop: &Stop<'_>, context: usize) -> String {
        let (source, span) = stop.source();
        let (line, _) = source.line_col(span.start);
        whereami(&source.text, line, context, &self.palette)
    }

    fn stack(&self, stop: &Stop<'_>) -> String {
        let mut out = String::new();
        for (i, f) in stop.frames().iter().enumerate() {
            let marker = if i == stop.selected() { "=>" } else { "  " };
            let declared = match &f.declared {
                Some(at) => self.palette.paint(DIM, &format!(" (declared at {at})")),
                None => String::new(),
            };
            let _ = writeln!(
                out,
                "{} #{i} {} at {}:{}{declared}",
                self.palette.paint(YELLOW, marker),
                self.palette.paint(BOLD, &f.description),
                f.file,
                f.line
            );
        }
        out
    }

    fn vars(&self, stop: &Stop<'_>) -> String {
        let vars = stop.variables();
        if vars.is_empty() {
            return "No variables in this frame.".into();
        }
        let width = self.width();
        let mut out = String::new();
        for v in vars {
            let head = format!("${} = ", v.name);
            let comment = format!("# {}", infer_generalized(&v.value));
            let shown = layout(&v.value, width, head.width());
            if !shown.contains('\n') && head.width() + shown.width() + 2 + comment.width() <= width
            {
                let _ = writeln!(out, "{head}{shown}  {}", self.palette.paint(DIM, &comment));
            } else {
                let _ = writeln!(out, "{}\n{head}{shown}", self.palette.paint(DIM, &comment));
            }
        }
        out
    }

    /// Shows where it stopped and why.
    fn announce(&self, stop: &Stop<'_>) {
        let why = match stop.reason() {
            StopReason::Call => "Stopped at debug::break()".to_string(),
            StopReason::Breakpoint(id, spec) => format!("Stopped at breakpoint {id} ({spec})"),
            StopReason::Step => "Stopped".to_string(),
            StopReason::Error(message) => {
                self.report(&format!("Error raised: {message}"));
                "Stopped where the error is raised".to_string()
            }
        };
        println!("{why}: {}", self.location(stop));
        self.say(&self.whereami(stop, 3));
    }

    /// The completion names with the selected frame's variables.
    fn complete_frame_variables(&self, stop: &Stop<'_>) {
        if let Some(helper) = self.editor.borrow_mut().helper_mut() {
            let mut vars: Vec<String> = stop
                .visible_variable_names()
                .iter()
                .map(|n| n.to_string())
                .collect();
            vars.sort();
            vars.dedup();
            helper.names.variables = vars;
        }
    }

    /// Reads an input at the debugger's prompt (more lines while it is incomplete).
    fn read(&self, prompt: &str) -> Result<Option<String>, ReadlineError> {
        let mut editor = self.editor.borrow_mut();
        if let Some(h) = editor.helper_mut() {
            h.prefix.clear();
        }
        let mut text = editor.readline(prompt)?;
        let continuation = format!("{:>width$}> ", "...", width = prompt.width().max(5) - 2);
        while check(&text) == Verdict::NeedsMore {
            text.push('\n');
            if let Some(h) = editor.helper_mut() {
                h.prefix = text.clone();
            }
            match editor.readline(&continuation) {
                Ok(line) => text.push_str(&line),
                Err(ReadlineError::Eof) => break,
                Err(e) => {
                    if let Some(h) = editor.helper_mut() {
                        h.prefix.clear();
                    }
                    return Err(e);
                }
            }
        }
        if let Some(h) = editor.helper_mut() {
            h.prefix.clear();
        }
        if !text.trim().is_empty() {
            let _ = editor.add_history_entry(text.as_str());
        }
        Ok(Some(text))
    }

    /// Runs a command at the debugger's prompt; `Some` when it resumes evaluation.
    fn command(&mut self, stop: &mut Stop<'_>, text: &str) -> Option<Resume> {
        let body = text.trim().trim_start_matches(':');
        let (word, arg) = match body.find(char::is_whitespace) {
            Some(i) => (&body[..i], body[i..].trim()),
            None => (body, ""),
        };
        let word = match resolve(word) {
            Ok(w) => w,
            Err(message) => {
                self.report(&message);
                return None;
            }
        };
        let count = || arg.parse::<usize>().unwrap_or(1);
        match word {
            "continue" => return Some(Resume::Continue),
            "step" => return Some(Resume::Step),
            "next" => return Some(Resume::Next),
            "finish" => return Some(Resume::Finish),
            "abort" => return Some(Resume::Abort),
            "whereami" => {
                let n = arg.parse::<usize>().unwrap_or(5);
                println!("{}", self.location(stop));
                self.say(&self.whereami(stop, n));
            }
            "stack" => self.say(&self.stack(stop)),
            "up" | "down" | "frame" => {
                let target = match word {
                    "up" => stop.selected() + count(),
                    "down" => match stop.selected().checked_sub(count()) {
                        Some(i) => i,
                        None => {
                            self.report("Already at the innermost frame.");
                            return None;
                        }
                    },
                    _ => match arg.parse::<usize>() {
                        Ok(i) => i,
                        Err(_) => {
                            self.report("expected a frame number: :frame N (see :stack)");
                            return None;
                        }
                    },
                };
                if stop.select(target) {
                    println!("#{target} {}", self.location(stop));
                    self.say(&self.whereami(stop, 2));
                    self.complete_frame_variables(stop);
                } else {
                    self.report("Already at the outermost frame.");
                }
            }
            "vars" => self.say(&self.vars(stop)),
            "catalog" => match crate::commands::catalog_view(
                stop.catalog(),
                arg,
                self.width(),
                &self.palette,
            ) {
                Ok(text) => self.say(&text),
                Err(e) => self.report(&e),
            },
            "type" => match stop.eval(arg) {
                Ok(v) => println!("{}", prepl::types::infer(&v)),
                Err(e) => self.show_error(&e),
            },
            "help" => {
                if arg.is_empty() || arg == "debug" {
                    self.say(HELP);
                } else if let Some(b) = prepl::functions::find(arg) {
                    println!("{}\n{}", self.palette.paint(BOLD, b.name), b.doc.trim_end());
                } else {
                    self.report(&format!("No function named '{arg}' (:help alone for the debugger's commands)."));
                }
            }
            "break" | "breaks" | "delete" | "disable" | "enable" => {
                match breakpoint_command(stop.breakpoints(), word, arg) {
                    Ok(text) => self.say(&text),
                    Err(e) => self.report(&e),
                }
            }
            "quit" => {
                self.report("Stopped at a breakpoint: :abort stops the compilation, :continue goes on.");
            }
            other => self.report(&format!(
                "Not while stopped: :{other} (:continue or :abort first; :help for the debugger's commands)"
            )),
        }
        None
    }

    fn show_error(&self, e: &prepl::Error) {
        if e.kind == ErrorKind::Interrupted {
            self.report("Interrupted.");
        } else {
            self.report(&e.render());
        }
    }
}

/// The debugger's command words; the short forms first.
const WORDS: &[&str] = &[
    "continue", "step", "next", "finish", "abort", "whereami", "stack", "up", "down", "frame",
    "vars", "catalog", "type", "help", "break", "breaks", "delete", "disable", "enable", "quit",
];

/// The command a word at the debugger's prompt names (`c`, `s`, `n`, `f`, `bt`, `w` are
/// short forms; otherwise any unambiguous prefix).
fn resolve(word: &str) -> Result<&'static str, String> {
    let short = match word {
        "c" | "cont" => Some("continue"),
        "s" => Some("step"),
        "n" => Some("next"),
        "f" => Some("finish"),
        "bt" | "where" | "backtrace" => Some("stack"),
        "w" => Some("whereami"),
        "b" => Some("break"),
        "q" => Some("quit"),
        _ => None,
    };
    if let Some(s) = short {
        return Ok(s);
    }
    if let Some(exact) = WORDS.iter().find(|w| **w == word) {
        return Ok(exact);
    }
    let found: Vec<&&str> = WORDS.iter().filter(|w| w.starts_with(word)).collect();
    match found.as_slice() {
        [one] => Ok(one),
        [] => Err(format!(
            "Unknown command ':{word}' at the debugger's prompt (:help for its commands)"
        )),
        many => Err(format!(
            "Ambiguous command ':{word}': {}",
            many.iter()
                .map(|w| format!(":{w}"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

impl Debugger for Terminal {
    fn stop(&mut self, stop: &mut Stop<'_>) -> Resume {
        // Ctrl-C at the prompt arrives as a key (the terminal is in raw mode), and while an
        // expression is evaluated as SIGINT.
        let saved_names = self
            .editor
            .borrow()
            .helper()
            .map(|h| h.names.variables.clone());
        self.announce(stop);
        self.complete_frame_variables(stop);
        let mut interrupts = 0;
        let resume = loop {
            let prompt = self.prompt(stop);
            let read = crate::interrupt::paused(|| self.read(&prompt));
            if !matches!(read, Err(ReadlineError::Interrupted)) {
                interrupts = 0;
            }
            let text = match read {
                Ok(Some(text)) => text,
                Ok(None) => continue,
                Err(ReadlineError::Interrupted) => {
                    // (the line is dropped; twice in a row, the compilation stops)
                    interrupts += 1;
                    if interrupts >= 2 {
                        break Resume::Abort;
                    }
                    println!("{}", self.palette.paint(DIM, CTRL_C_AGAIN));
                    continue;
                }
                Err(ReadlineError::Eof) => break Resume::Continue,
                Err(e) => {
                    self.report(&format!("prepl: {e}"));
                    break Resume::Continue;
                }
            };
            match check(&text) {
                Verdict::Empty => {
                    if let Some(again) = self.last {
                        break again;
                    }
                }
                Verdict::Command => {
                    if let Some(resume) = self.command(stop, &text) {
                        break resume;
                    }
                }
                Verdict::Ready | Verdict::NeedsMore => match stop.eval(&text) {
                    Ok(value) => {
                        let shown = layout(&value, self.width(), 3);
                        println!("{} {shown}", self.palette.paint(DIM, "=>"));
                    }
                    Err(e) => self.show_error(&e),
                },
            }
        };
        self.last = matches!(resume, Resume::Step | Resume::Next).then_some(resume);
        if resume == Resume::Abort {
            self.report("Aborting the compilation.");
        }
        if let (Some(vars), Some(h)) = (saved_names, self.editor.borrow_mut().helper_mut()) {
            h.names.variables = vars;
        }
        resume
    }
}
