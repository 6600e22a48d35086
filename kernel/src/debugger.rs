//! Breakpoints in a notebook. Where a cell's compilation stops (`debug::break()`, a
//! breakpoint of `%break`), the kernel asks for input through the protocol's stdin channel
//! (`input_request`/`input_reply`) when the front-end allows it, and the answers are the
//! REPL's debugging commands (`:step`, `:next`, `:stack`, `:vars`, ...) or expressions
//! evaluated in the stopped frame's scope; the location and `:whereami` show as highlighted
//! HTML. Without stdin (a notebook run by nbclient, `allow_stdin` false), the cell shows
//! where it stopped, the stack and the frame's variables, and goes on. An interrupt while
//! stopped stops the compilation (the cell fails; the session is as it was).

use crate::highlight::lines_html;
use crate::output::{emit, Event, StreamName};
use crate::render::{escape, inline_html};
use prepl::eval::debug::commands::{self, BreakCommand, Command};
use prepl::eval::debug::{Debugger, Resume, Stop, StopReason};
use prepl::format::to_programmatic;
use prepl::types::infer_generalized;
use prepl::Session;
use serde_json::{json, Value as Json};
use std::cell::Cell;
use std::fmt::Write;
use std::rc::Rc;
use std::time::Duration;

/// The magics that set and list breakpoints, each a cell of its own.
pub fn is_magic(code: &str) -> bool {
    matches!(
        code.split_whitespace().next(),
        Some("%break" | "%breaks" | "%delete" | "%disable" | "%enable")
    )
}

/// `%break SPEC`, `%breaks`, `%delete N|all`, `%disable N`, `%enable N`.
pub fn run_magic(session: &mut Session, code: &str) -> Result<String, String> {
    let code = code.trim().trim_start_matches('%');
    let (word, arg) = match code.split_once(char::is_whitespace) {
        Some((w, a)) => (w, a.trim()),
        None => (code, ""),
    };
    BreakCommand::parse(word, arg, '%')?.run(session.breakpoints_mut(), '%')
}

/// The notebook's debugger, installed on the session once; `allow_stdin` is set for each
/// cell from its execute request.
pub struct Notebook {
    pub allow_stdin: Rc<Cell<bool>>,
    last: Option<Resume>,
}

impl Notebook {
    pub fn new(allow_stdin: Rc<Cell<bool>>) -> Notebook {
        Notebook {
            allow_stdin,
            last: None,
        }
    }
}

fn say(text: &str) {
    let mut text = text.trim_end_matches('\n').to_string();
    text.push('\n');
    emit(Event::Stream {
        name: StreamName::Stdout,
        text,
    });
}

fn complain(text: &str) {
    emit(Event::Stream {
        name: StreamName::Stderr,
        text: format!("{}\n", text.trim_end_matches('\n')),
    });
}

fn display(text: String, html: String) {
    emit(Event::Display {
        data: json!({"text/plain": text, "text/html": html}),
    });
}

/// `Stopped at breakpoint 1 (web)`.
fn headline(stop: &Stop<'_>) -> String {
    match stop.reason() {
        StopReason::Call => "Stopped at debug::break()".into(),
        StopReason::Breakpoint(id, spec) => format!("Stopped at breakpoint {id} ({spec})"),
        StopReason::Step => "Stopped".into(),
        StopReason::Error(m) => format!("Stopped where an error is raised: {m}"),
    }
}

/// The selected frame's place and the source around its line: text and HTML.
fn location(stop: &Stop<'_>, head: &str, context: usize) -> (String, String) {
    let f = stop.frame_info();
    let (source, span) = stop.source();
    let (line, _) = source.line_col(span.start);
    let text = source.text.strip_suffix('\n').unwrap_or(&source.text);
    let count = text.split('\n').count();
    let first = line.saturating_sub(context).max(1);
    let last = (line + context).min(count);
    let width = last.to_string().len();
    let mut plain = format!("{head}: {} at {}:{}\n", f.description, f.file, f.line);
    let mut html = String::from("<div class=\"prepl-debug\"><div>");
    escape(&mut html, head);
    html.push_str(": <b><code>");
    escape(&mut html, &f.description);
    html.push_str("</code></b> at <code>");
    escape(&mut html, &format!("{}:{}", f.file, f.line));
    html.push_str("</code></div><pre style=\"margin:0.3em 0;line-height:1.3\">");
    let plain_lines: Vec<&str> = text.split('\n').collect();
    for (i, shown) in lines_html(text, first, last).into_iter().enumerate() {
        let n = first + i;
        let current = n == line;
        let marker = if current { "=>" } else { "  " };
        let _ = writeln!(
            plain,
            "{marker} {n:>width$} {}",
            plain_lines.get(n - 1).unwrap_or(&"")
        );
        if current {
            html.push_str("<span style=\"background:#fff3b0;display:inline-block;width:100%\">");
        }
        let _ = write!(
            html,
            "<span style=\"color:#999\">{marker} {n:>width$}</span> {shown}"
        );
        if current {
            html.push_str("</span>");
        }
        html.push('\n');
    }
    html.push_str("</pre></div>");
    (plain, html)
}

fn stack(stop: &Stop<'_>) -> (String, String) {
    let mut plain = String::new();
    let mut html = String::from(
        "<table class=\"prepl-stack\"><thead><tr><th></th><th>#</th><th style=\"text-align:left\">frame</th><th style=\"text-align:left\">at</th></tr></thead><tbody>",
    );
    for (i, f) in stop.frames().iter().enumerate() {
        let marker = if i == stop.selected() { "=>" } else { "" };
        let declared = match &f.declared {
            Some(d) => format!(" (declared at {d})"),
            None if !f.tracked => " (variables not kept)".to_string(),
            None => String::new(),
        };
        let _ = writeln!(
            plain,
            "{marker:>2} #{i} {} at {}:{}{declared}",
            f.description, f.file, f.line
        );
        let _ = write!(
            html,
            "<tr><td>{marker}</td><td>{i}</td><td style=\"text-align:left\"><code>"
        );
        escape(&mut html, &f.description);
        html.push_str("</code></td><td style=\"text-align:left\"><code>");
        escape(&mut html, &format!("{}:{}{declared}", f.file, f.line));
        html.push_str("</code></td></tr>");
    }
    html.push_str("</tbody></table>");
    (plain, html)
}

fn vars(stop: &Stop<'_>) -> (String, String) {
    if !stop.frame_info().tracked {
        let text = "This frame's variables were not kept: it was entered while only class and define breakpoints were set (:step watches every frame from here on).".to_string();
        return (text.clone(), format!("<div>{text}</div>"));
    }
    let vars = stop.variables();
    if vars.is_empty() {
        let none = "No variables in this frame.".to_string();
        return (none.clone(), format!("<div>{none}</div>"));
    }
    let mut plain = String::new();
    let mut html = String::from(
        "<table class=\"prepl-vars\"><thead><tr><th style=\"text-align:left\">variable</th><th style=\"text-align:left\">value</th><th style=\"text-align:left\">type</th></tr></thead><tbody>",
    );
    for v in vars {
        let t = infer_generalized(&v.value).to_string();
        let _ = writeln!(plain, "${} = {}  # {t}", v.name, to_programmatic(&v.value));
        let _ = write!(
            html,
            "<tr><td style=\"text-align:left\"><code>${}</code></td><td style=\"text-align:left\">",
            v.name
        );
        inline_html(&mut html, &v.value);
        html.push_str("</td><td style=\"text-align:left\"><code>");
        escape(&mut html, &t);
        html.push_str("</code></td></tr>");
    }
    html.push_str("</tbody></table>");
    (plain, html)
}

/// Asks the front-end for a line through the stdin channel; `None` when the cell is
/// interrupted (or the request cannot be answered).
fn ask(stop: &Stop<'_>, prompt: String) -> Option<String> {
    let (reply, mut answer) = tokio::sync::oneshot::channel();
    emit(Event::Input { prompt, reply });
    loop {
        match answer.try_recv() {
            Ok(line) => return Some(line),
            Err(tokio::sync::oneshot::error::TryRecvError::Empty) => {
                if stop.interrupted() {
                    return None;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(tokio::sync::oneshot::error::TryRecvError::Closed) => return None,
        }
    }
}

const HELP: &str = "\
At the debugger's prompt: an expression (evaluated in the selected frame's scope), or
  :whereami [N]  :stack  :up [N]  :down [N]  :frame N  :vars  :type EXPR
  :catalog [graph|dot|json|TYPE|TYPE[TITLE]|/PATTERN/]  (as %catalog)
  :continue (:c)  :step (:s)  :next (:n)  :finish (:f)  :abort
  :break SPEC  :breaks  :delete N  :disable N  :enable N
An empty answer repeats the last :step or :next; interrupting the kernel aborts.";

impl Debugger for Notebook {
    fn stop(&mut self, stop: &mut Stop<'_>) -> Resume {
        let head = headline(stop);
        if !self.allow_stdin.get() {
            // No input: where it stopped, the stack, the frame's variables; then on.
            let (p1, h1) = location(stop, &head, 3);
            let (p2, h2) = stack(stop);
            let (p3, h3) = vars(stop);
            display(
                format!("{p1}\nStack:\n{p2}\nVariables:\n{p3}(no input allowed here: going on)\n"),
                format!("{h1}<div><b>Stack</b></div>{h2}<div><b>Variables</b></div>{h3}<div><i>(no input allowed here: going on)</i></div>"),
            );
            return Resume::Continue;
        }
        let (p, h) = location(stop, &head, 3);
        display(p, h);
        loop {
            let f = stop.frame_info();
            let file = f.file.rsplit('/').next().unwrap_or(&f.file).to_string();
            let place = match f.kind {
                prepl::eval::debug::FrameKind::Main => String::new(),
                _ => format!("{} ", f.description),
            };
            let Some(text) = ask(stop, format!("debug {place}{file}:{}> ", f.line)) else {
                complain("Interrupted: the compilation stops.");
                return Resume::Abort;
            };
            let text = text.trim();
            if text.is_empty() {
                if let Some(again) = self.last {
                    return again;
                }
                continue;
            }
            if !text.starts_with(':') {
                match stop.eval(text) {
                    Ok(v) => emit(Event::Display {
                        data: crate::render::bundle(&v),
                    }),
                    Err(e) => complain(&e.render()),
                }
                continue;
            }
            // (the commands are read as the terminal's are: the language crate's)
            let command = match commands::parse(text) {
                Ok(c) => c,
                Err(e) => {
                    complain(&e);
                    continue;
                }
            };
            match command {
                Command::Resume(r) => {
                    self.last = matches!(r, Resume::Step | Resume::Next).then_some(r);
                    return r;
                }
                Command::Whereami(n) => {
                    let (p, h) = location(stop, "At", n.unwrap_or(5));
                    display(p, h);
                }
                Command::Stack => {
                    let (p, h) = stack(stop);
                    display(p, h);
                }
                Command::Vars => {
                    let (p, h) = vars(stop);
                    display(p, h);
                }
                Command::Select(m) => match stop.move_to(m) {
                    Ok(t) => {
                        let (p, h) = location(stop, &format!("#{t}"), 2);
                        display(p, h);
                    }
                    Err(e) => complain(&e),
                },
                // (the views of %catalog, of the catalog compiled so far)
                Command::Catalog(arg) => {
                    match crate::catalog::parse_magic(&format!("%catalog {arg}")) {
                        Ok(view) => emit(Event::Display {
                            data: crate::catalog::catalog_bundle(stop.catalog(), view),
                        }),
                        Err(e) => complain(&e),
                    }
                }
                Command::Type(arg) => match stop.eval(&arg) {
                    Ok(v) => say(&prepl::types::infer(&v).to_string()),
                    Err(e) => complain(&e.render()),
                },
                Command::Breakpoints(b) => match b.run(stop.breakpoints(), ':') {
                    Ok(t) => say(&t),
                    Err(e) => complain(&e),
                },
                Command::Help(_) => say(HELP),
                Command::Quit => complain(
                    "Stopped at a breakpoint: :abort stops the compilation, :continue goes on.",
                ),
            }
        }
    }
}

/// The magic cell's display data.
pub fn magic_data(text: String) -> Json {
    json!({ "text/plain": text })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    /// The debugger's views never show a Sensitive value's text: `:vars` (text and HTML),
    /// an expression evaluated at the stop, `:type`, and the `:catalog` views (table, graph,
    /// DOT, selections) show `#<Sensitive [value redacted]>` as the reference prints a
    /// Sensitive (`%p`; interpolated, `Sensitive [value redacted]`), in variables, hashes, arrays and resource parameters; `:catalog
    /// json` is the reference's catalog format, which holds the values.
    #[test]
    fn views_at_a_stop_redact_sensitive_values() {
        let shown: Rc<RefCell<Vec<String>>> = Rc::default();
        let mut s = Session::new();
        let seen = shown.clone();
        s.set_debugger(Some(Box::new(move |stop: &mut Stop<'_>| {
            let mut seen = seen.borrow_mut();
            let (plain, html) = vars(stop);
            seen.extend([plain, html]);
            for expr in ["$s", "$h", "[$s, 1]", "\"${s}\""] {
                let v = stop.eval(expr).unwrap();
                seen.push(to_programmatic(&v));
                seen.push(crate::render::bundle(&v).to_string());
                seen.push(prepl::types::infer(&v).to_string());
            }
            for view in ["", "json", "graph", "dot", "File", "File['/tmp/x']", "/x/"] {
                let view = crate::catalog::parse_magic(&format!("%catalog {view}")).unwrap();
                seen.push(crate::catalog::catalog_bundle(stop.catalog(), view).to_string());
            }
            Resume::Continue
        })));
        s.eval(
            "$s = Sensitive('hunter2') $h = { 'a' => Sensitive('hunter2'), 'b' => [$s] } \
             file { '/tmp/x': content => $s } notify { 'n': message => $h } debug::break()",
        )
        .unwrap();
        let shown = shown.borrow();
        assert_eq!(shown.len(), 2 + 4 * 3 + 7);
        // (but the `json` view, the catalog as the reference's agent gets it: the values
        // themselves, the parameters that were Sensitive listed in `sensitive_parameters`,
        // Sensitive values inside rich data as `__ptype`/`__pvalue`)
        let json = 2 + 4 * 3 + 1;
        for (n, text) in shown.iter().enumerate() {
            assert_eq!(text.contains("hunter2"), n == json, "{text}");
        }
        assert!(shown[json].contains(r#""sensitive_parameters":["content"]"#));
        assert!(
            shown[0].contains("$s = #<Sensitive [value redacted]>  # Sensitive[String]"),
            "{}",
            shown[0]
        );
        assert!(
            shown[1].contains("Sensitive [value redacted]"),
            "{}",
            shown[1]
        );
        assert_eq!(shown[2], "#<Sensitive [value redacted]>");
        assert_eq!(shown[11], "'Sensitive [value redacted]'");
    }
}
