//! The terminal's debugger: where a breakpoint stops (`debug::break()`, `:break ...`), a
//! prompt naming the place reads expressions, evaluated in the stopped frame's scope, and
//! the debugging commands (`:whereami`, `:stack`, `:up`, `:down`, `:vars`, `:catalog`,
//! `:continue`, `:step`, `:next`, `:finish`, `:abort`). The breakpoint commands (`:break`,
//! `:breaks`, `:delete`, `:disable`, `:enable`) work at both prompts.

use crate::breakpoints::HELP;
use crate::highlight::highlight;
use crate::output::{layout, Palette, BOLD, DIM, YELLOW};
use crate::validate::{check, Verdict};
use prepl::eval::debug::commands::{self, Command};
use prepl::eval::debug::{Debugger, Resume, Stop, StopReason};
use prepl::types::infer_generalized;
use prepl::ErrorKind;
use rustyline::error::ReadlineError;
use std::cell::RefCell;
use std::fmt::Write;
use std::rc::Rc;
use unicode_width::UnicodeWidthStr;

/// What the debugger needs of the line editor it shares with the session's prompt
/// (implemented by the session's rustyline editor, in `helper`).
pub trait LineEditor {
    fn read_line(&mut self, prompt: &str) -> rustyline::Result<String>;
    /// The earlier lines of the input being continued (for highlighting).
    fn set_prefix(&mut self, prefix: String);
    /// The variables Tab completes; returns the ones before.
    fn set_variables(&mut self, variables: Vec<String>) -> Vec<String>;
    fn add_history(&mut self, text: &str);
    /// Whether the prompt is the debugger's (Tab completes its commands, not the session's).
    fn set_debugging(&mut self, on: bool);
    /// The terminal's width, if known.
    fn width(&mut self) -> Option<usize>;
}

/// The line editor, shared by the session's prompt and the debugger's.
pub type SharedEditor = Rc<RefCell<dyn LineEditor>>;

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

/// What `:vars` says of a frame whose variables were not kept.
pub const UNTRACKED: &str = "This frame's variables were not kept: it was entered while only class and define breakpoints were set (:step watches every frame from here on).";

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

    fn width(&self) -> usize {
        self.editor
            .borrow_mut()
            .width()
            .map_or(80, |cols| cols.max(20))
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
                None if !f.tracked => self.palette.paint(DIM, " (variables not kept)"),
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
        if !stop.frame_info().tracked {
            return UNTRACKED.into();
        }
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

    /// The completion names with the selected frame's variables (the ones before are
    /// returned).
    fn complete_frame_variables(&self, stop: &Stop<'_>) -> Vec<String> {
        let mut vars: Vec<String> = stop
            .visible_variable_names()
            .iter()
            .map(|n| n.to_string())
            .collect();
        vars.sort();
        vars.dedup();
        self.editor.borrow_mut().set_variables(vars)
    }

    /// Reads an input at the debugger's prompt (more lines while it is incomplete).
    fn read(&self, prompt: &str) -> Result<Option<String>, ReadlineError> {
        let mut editor = self.editor.borrow_mut();
        editor.set_prefix(String::new());
        let mut text = editor.read_line(prompt)?;
        let continuation = format!("{:>width$}> ", "...", width = prompt.width().max(5) - 2);
        while check(&text) == Verdict::NeedsMore {
            text.push('\n');
            editor.set_prefix(text.clone());
            match editor.read_line(&continuation) {
                Ok(line) => text.push_str(&line),
                Err(ReadlineError::Eof) => break,
                Err(e) => {
                    editor.set_prefix(String::new());
                    return Err(e);
                }
            }
        }
        editor.set_prefix(String::new());
        if !text.trim().is_empty() {
            editor.add_history(&text);
        }
        Ok(Some(text))
    }

    /// Runs a command at the debugger's prompt (read by the language crate's
    /// `debug::commands`, as the kernel's are); `Some` when it resumes evaluation.
    fn command(&mut self, stop: &mut Stop<'_>, text: &str) -> Option<Resume> {
        let command = match commands::parse(text) {
            Ok(c) => c,
            Err(message) => {
                self.report(&message);
                return None;
            }
        };
        match command {
            Command::Resume(r) => return Some(r),
            Command::Whereami(n) => {
                println!("{}", self.location(stop));
                self.say(&self.whereami(stop, n.unwrap_or(5)));
            }
            Command::Stack => self.say(&self.stack(stop)),
            Command::Select(m) => match stop.move_to(m) {
                Ok(target) => {
                    println!("#{target} {}", self.location(stop));
                    self.say(&self.whereami(stop, 2));
                    let _ = self.complete_frame_variables(stop);
                }
                Err(e) => self.report(&e),
            },
            Command::Vars => self.say(&self.vars(stop)),
            Command::Catalog(arg) => match crate::catalog_view::catalog_view(
                stop.catalog(),
                &arg,
                self.width(),
                &self.palette,
            ) {
                Ok(text) => self.say(&text),
                Err(e) => self.report(&e),
            },
            Command::Type(arg) => match stop.eval(&arg) {
                Ok(v) => println!("{}", prepl::types::infer(&v)),
                Err(e) => self.show_error(&e),
            },
            Command::Help(arg) => {
                if arg.is_empty() || arg == "debug" {
                    self.say(HELP);
                } else if let Some(b) = prepl::functions::find(&arg) {
                    println!("{}\n{}", self.palette.paint(BOLD, b.name), b.doc.trim_end());
                } else {
                    self.report(&format!(
                        "No function named '{arg}' (:help alone for the debugger's commands)."
                    ));
                }
            }
            Command::Breakpoints(b) => match b.run(stop.breakpoints(), ':') {
                Ok(text) => self.say(&text),
                Err(e) => self.report(&e),
            },
            Command::Quit => {
                self.report(
                    "Stopped at a breakpoint: :abort stops the compilation, :continue goes on.",
                );
            }
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

impl Debugger for Terminal {
    fn stop(&mut self, stop: &mut Stop<'_>) -> Resume {
        // Ctrl-C at the prompt arrives as a key (the terminal is in raw mode), and while an
        // expression is evaluated as SIGINT.
        self.announce(stop);
        let saved_names = self.complete_frame_variables(stop);
        self.editor.borrow_mut().set_debugging(true);
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
        self.editor.borrow_mut().set_variables(saved_names);
        self.editor.borrow_mut().set_debugging(false);
        resume
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prepl::Session;

    /// A line editor of a given width that reads nothing.
    struct Fixed(usize);

    impl LineEditor for Fixed {
        fn read_line(&mut self, _: &str) -> rustyline::Result<String> {
            Err(ReadlineError::Eof)
        }
        fn set_prefix(&mut self, _: String) {}
        fn set_variables(&mut self, v: Vec<String>) -> Vec<String> {
            v
        }
        fn add_history(&mut self, _: &str) {}
        fn set_debugging(&mut self, _: bool) {}
        fn width(&mut self) -> Option<usize> {
            Some(self.0)
        }
    }

    /// The terminal debugger's views never show a Sensitive value's text: `:vars` (on one
    /// line and wrapped on a narrow terminal), an expression evaluated at the stop, and the
    /// `:catalog` views (table, graph, DOT, selections) show `#<Sensitive [value
    /// redacted]>` as the reference prints a Sensitive (`%p`), in variables, hashes, arrays
    /// and resource parameters; `:catalog json` is the reference's catalog format, which
    /// holds the values.
    #[test]
    fn views_at_a_stop_redact_sensitive_values() {
        let shown: Rc<RefCell<Vec<String>>> = Rc::default();
        let mut s = Session::new();
        let seen = shown.clone();
        s.set_debugger(Some(Box::new(move |stop: &mut Stop<'_>| {
            let mut seen = seen.borrow_mut();
            for width in [200, 20] {
                let editor: SharedEditor = Rc::new(RefCell::new(Fixed(width)));
                let terminal = Terminal::new(editor, Palette::plain(), Palette::plain());
                seen.push(terminal.vars(stop));
                for expr in ["$s", "$h", "[$s, 1]"] {
                    seen.push(layout(&stop.eval(expr).unwrap(), width, 3));
                }
            }
            for view in ["", "graph", "dot", "File", "File['/tmp/x']", "/x/", "json"] {
                let c =
                    crate::catalog_view::catalog_view(stop.catalog(), view, 100, &Palette::plain());
                seen.push(c.unwrap());
            }
            Resume::Continue
        })));
        s.eval(
            "$s = Sensitive('hunter2') $h = { 'a' => Sensitive('hunter2'), 'b' => [$s] } \
             file { '/tmp/x': content => $s } notify { 'n': message => $h } debug::break()",
        )
        .unwrap();
        let shown = shown.borrow();
        assert_eq!(shown.len(), 2 * 4 + 7);
        let json = shown.len() - 1;
        for (n, text) in shown.iter().enumerate() {
            assert_eq!(text.contains("hunter2"), n == json, "{text}");
        }
        assert!(
            shown[0].contains("$s = #<Sensitive [value redacted]>  # Sensitive[String]"),
            "{}",
            shown[0]
        );
        assert!(
            shown[4].contains("#<Sensitive [value redacted]>"),
            "{}",
            shown[4]
        );
        assert!(
            shown[json].contains("\"sensitive_parameters\""),
            "{}",
            shown[json]
        );
    }
}
