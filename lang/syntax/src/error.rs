//! Errors: typed values with a span and a message worded the way the reference words it.

use crate::span::Span;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

/// What went wrong, at the level a caller may want to act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input ended before the construct was complete (unclosed bracket, string, ...).
    /// The REPL and the kernel's `is_complete` wait for more input on this one.
    Incomplete,
    /// Invalid syntax.
    Syntax,
    /// Rejected by validation before evaluation (e.g. assignment to `$0`).
    Validation,
    /// A runtime error (the reference's "Evaluation Error").
    Evaluation,
    /// `fail(...)` or an error raised explicitly by a function.
    Failed,
    /// The evaluation was interrupted (Ctrl-C, kernel interrupt).
    Interrupted,
    /// Recursion or nesting too deep, or another resource limit.
    Limit,
    /// A Ruby exception of a module's Ruby that is no `StandardError` (a `ScriptError`:
    /// `LoadError`, `NotImplementedError`), named by its class. The reference's wrappers
    /// rescue only `StandardError`s: such an error passes every "Error while evaluating"
    /// prefix and template wrapping, and shows as its bare message.
    Uncaught(Rc<str>),
    /// A Hiera backend function's `$context.not_found()` (the reference's
    /// `throw :no_such_key`) on its way to the lookup that called the function.
    NoSuchKey,
}

/// The source text an error points into.
#[derive(Debug)]
pub struct Source {
    /// A display name: `<stdin>`, `-e`, a file path, `In[3]`.
    pub name: String,
    /// (shared: a module file's text is the process's one copy of it, `env/parsed.rs`)
    pub text: Arc<str>,
    /// Where each line starts (byte offsets), built on first use: a catalog asks for the
    /// line of every resource. (Shared like the text: each session that loads a module
    /// file takes the process's index of it.)
    line_starts: std::cell::OnceCell<Arc<[u32]>>,
    /// `name` as a shared string, made on first use: each resource a file declares names
    /// its file (an allocation and a copy per resource before).
    shared_name: std::cell::OnceCell<Rc<str>>,
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> Rc<Source> {
        Rc::new(Source {
            name: name.into(),
            text: text.into(),
            line_starts: std::cell::OnceCell::new(),
            shared_name: std::cell::OnceCell::new(),
        })
    }

    /// A source whose line index was made before (`line_starts` of the same text).
    pub fn with_line_starts(
        name: impl Into<String>,
        text: Arc<str>,
        line_starts: Arc<[u32]>,
    ) -> Rc<Source> {
        let source = Source::new(name, text);
        let _ = source.line_starts.set(line_starts);
        source
    }

    /// Where each line of the text starts (byte offsets; made at the first call).
    pub fn line_starts(&self) -> &Arc<[u32]> {
        self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(newline_offsets(&self.text).map(|i| i as u32 + 1))
                .collect()
        })
    }

    /// `name` as a shared string (the same one at each call).
    pub fn shared_name(&self) -> Rc<str> {
        self.shared_name
            .get_or_init(|| Rc::from(self.name.as_str()))
            .clone()
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        let offset = floor_char_boundary(&self.text, offset);
        let line = self.line_at(offset);
        let line_start = self.line_starts()[line - 1] as usize;
        let col = self.text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    /// The 1-based line of a byte offset: [`Source::line_col`]'s line, without counting the
    /// characters of the column (each resource declared asks for its line).
    pub fn line(&self, offset: u32) -> usize {
        // (an offset inside a character is on that character's line: lines start after a
        // newline, at a character boundary)
        self.line_at((offset as usize).min(self.text.len()))
    }

    /// The last line starting at or before `offset` (at most the text's length).
    fn line_at(&self, offset: usize) -> usize {
        self.line_starts()
            .partition_point(|&s| s as usize <= offset)
    }

    /// The text of a 1-based line, without its line ending.
    pub fn line_text(&self, line: usize) -> &str {
        self.text
            .lines()
            .nth(line.saturating_sub(1))
            .unwrap_or("")
            .trim_end_matches('\r')
    }
}

/// (`memchr`: a byte-by-byte filter took 3.6% of the instructions of `include apache`.)
fn newline_offsets(text: &str) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(b'\n', text.as_bytes())
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[derive(Debug, Clone)]
pub struct Error {
    pub kind: ErrorKind,
    /// The message as the reference prints it after its "Evaluation Error: " prefix, e.g.
    /// `Operator '+' is not applicable to a String.`
    pub message: String,
    pub span: Option<Span>,
    pub source: Option<Rc<Source>>,
    /// Errors reported before this one gave up (the reference logs each validation error,
    /// then fails with "Language validation logged N errors. Giving up").
    pub logged: Vec<Error>,
    /// prepl's own help, shown on a line after the message (and its source excerpt), never
    /// in it: `Did you mean 'filter'?`.
    pub hint: Option<String>,
    /// The message quotes another error, location and all (`Failed to parse inline
    /// template: Evaluation Error: ... (line: 1, column: 16)`): a location at its end is
    /// that error's, and this one's own comes after it, as the reference's wrapper (a new
    /// error, located where the call failed) writes it.
    pub quotes_located: bool,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            span: None,
            source: None,
            logged: Vec::new(),
            hint: None,
            quotes_located: false,
        }
    }
    pub fn eval(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Evaluation, message)
    }
    pub fn syntax(message: impl Into<String>, span: Span) -> Error {
        Error::new(ErrorKind::Syntax, message).at(span)
    }
    pub fn incomplete(message: impl Into<String>, span: Span) -> Error {
        Error::new(ErrorKind::Incomplete, message).at(span)
    }
    pub fn validation(message: impl Into<String>, span: Span) -> Error {
        Error::new(ErrorKind::Validation, message).at(span)
    }
    /// A regexp literal Ruby cannot compile, refused by the lexer. The reference raises it
    /// from its lexer without the parser's wording, inside what loads the source (`include`,
    /// `epp()`, `Type()`), which wraps it as its own error: kept apart from syntax errors.
    pub fn bad_regexp(message: impl Into<String>, span: Span) -> Error {
        Error::new(ErrorKind::Failed, message).at(span)
    }
    /// Whether an error the lexer or parser returned is [`Error::bad_regexp`]'s (the only
    /// `Failed` error of this crate; after evaluation `Failed` is also `fail()`'s).
    pub fn is_bad_regexp(&self) -> bool {
        self.kind == ErrorKind::Failed
    }
    pub fn interrupted() -> Error {
        Error::new(ErrorKind::Interrupted, "Interrupted")
    }
    /// A Ruby exception of class `class` that the reference's wrappers do not catch
    /// ([`ErrorKind::Uncaught`]).
    pub fn uncaught(class: &str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Uncaught(Rc::from(class)), message)
    }

    /// A lookup context's `not_found()` ([`ErrorKind::NoSuchKey`]): the reference's
    /// message when nothing catches it.
    pub fn no_such_key() -> Error {
        Error::new(ErrorKind::NoSuchKey, "uncaught throw :no_such_key")
    }

    /// The Ruby class of an uncaught Ruby exception ([`ErrorKind::Uncaught`]).
    pub fn uncaught_class(&self) -> Option<&str> {
        match &self.kind {
            ErrorKind::Uncaught(class) => Some(class),
            _ => None,
        }
    }

    /// Sets the span if none is set yet (the innermost location wins).
    pub fn at(mut self, span: Span) -> Error {
        if self.span.is_none() {
            self.span = Some(span);
        }
        self
    }

    /// Adds a hint (when there is one and none is set yet).
    pub fn with_hint(mut self, hint: Option<String>) -> Error {
        if self.hint.is_none() {
            self.hint = hint;
        }
        self
    }

    /// Sets the source if none is set yet.
    pub fn in_source(mut self, source: &Rc<Source>) -> Error {
        if self.source.is_none() {
            self.source = Some(source.clone());
        }
        self
    }

    /// The message with the reference's prefix, as the oracle prints it:
    /// `Evaluation Error: ...`, `Syntax error at ...`, or a `fail()` message.
    pub fn full_message(&self) -> String {
        match self.kind {
            ErrorKind::Evaluation | ErrorKind::Limit => {
                format!("Evaluation Error: {}", self.message)
            }
            _ => self.message.clone(),
        }
    }

    /// [`Error::full_message`] with the location the reference's message ends with (its
    /// `to_s`): ` (line: L, column: C)`, or in a file ` (file: F, line: L, column: C)`,
    /// unless the message says where already. What a template or a Ruby function that
    /// quotes the error shows, and what the oracle's answer is made from.
    pub fn reference_message(&self) -> String {
        let message = self.full_message();
        let location = match self.kind {
            ErrorKind::Uncaught(_) => String::new(),
            _ => self.own_location_text(&message),
        };
        message + &location
    }

    /// The error's own location as the reference appends it to `message` (its full
    /// message): ` (file: F, line: L, column: C)` inside a file (a module's, a manifest,
    /// a REPL input), ` (line: L, column: C)` for `-e` and standard input; nothing when
    /// it has no location, or when the message ends with one of its own (a location at
    /// its end that is a quoted error's is not: [`Error::quotes_located`]).
    fn own_location_text(&self, message: &str) -> String {
        let (Some(src), Some((line, col))) = (&self.source, self.location()) else {
            return String::new();
        };
        if ends_with_location(message) && !self.quotes_located {
            String::new()
        } else if names_a_file(&src.name) {
            format!(" (file: {}, line: {line}, column: {col})", src.name)
        } else {
            format!(" (line: {line}, column: {col})")
        }
    }

    /// 1-based (line, column) when known.
    pub fn location(&self) -> Option<(usize, usize)> {
        match (&self.source, self.span) {
            (Some(src), Some(span)) => Some(src.line_col(span.start)),
            _ => None,
        }
    }

    /// `Error: message (file: F, line: L, column: C)` (the reference's form; `F` is the file,
    /// or the REPL input or notebook cell, `In[3]`; without a file for `-e` and standard
    /// input, as the reference's `(line: L, column: C)`) followed by the source line and a
    /// caret. A message that ends with a location of its own (the reference's `(file: F, line: L)`,
    /// kept from where the error was found) gets no second one; one that ends with a quoted
    /// error's does ([`Error::quotes_located`]).
    pub fn render(&self) -> String {
        let message = self.full_message();
        let mut out = format!("Error: {}", bounded_message(&message));
        // (a Ruby exception Puppet does not catch has no Puppet location in the reference)
        let location = match self.kind {
            ErrorKind::Uncaught(_) => None,
            _ => self.location(),
        };
        if let (Some(src), Some((line, col))) = (&self.source, location) {
            out.push_str(&self.own_location_text(&message));
            let (text, caret) = caret_window(src.line_text(line), col - 1);
            out.push('\n');
            out.push_str(&text);
            out.push('\n');
            // Keep tabs so the caret lines up under the same character.
            let pad: String = text
                .chars()
                .take(caret)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            out.push_str(&pad);
            out.push('^');
        }
        if let Some(hint) = &self.hint {
            out.push('\n');
            out.push_str(hint);
        }
        out
    }
}

/// Whether errors in a source of this name say `file: NAME`: a file, or a REPL input or
/// notebook cell (`In[3]`).
fn names_a_file(name: &str) -> bool {
    is_input_name(name) || name == INLINE_EPP_NAME || std::path::Path::new(name).is_file()
}

/// The name the reference gives an inline EPP template's text in its errors' locations,
/// `(file: inlined-epp-text, line: 2, column: 6)`, in a file or not.
pub const INLINE_EPP_NAME: &str = "inlined-epp-text";

/// Whether a source is a REPL input or notebook cell (`In[3]`): errors name it as they name
/// a file, `(file: In[3], line: 2)`, where `-e` and stdin say only `(line: 2)`.
pub fn is_input_name(name: &str) -> bool {
    name.starts_with("In[") && name.ends_with(']')
}

/// Whether a message ends with a location: `(line: L)`, `(line: L, column: C)`,
/// `(file: F, line: L...)`, or the file alone where there is no line to give, `(file: F)`.
pub fn ends_with_location(message: &str) -> bool {
    let m = message.trim_end();
    let Some(open) = m.rfind(" (") else {
        return false;
    };
    let tail = &m[open + 2..];
    if tail.ends_with(')') && tail.starts_with("file: ") && !tail.contains(", ") {
        return true;
    }
    tail.ends_with(')')
        && (tail.starts_with("line: ") || tail.starts_with("file: ") && tail.contains(", line: "))
        && tail[..tail.len() - 1]
            .rsplit(", ")
            .next()
            .is_some_and(|last| {
                last.strip_prefix("line: ")
                    .or_else(|| last.strip_prefix("column: "))
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
}

/// Characters of a long source line shown on each side of the caret.
const CARET_CONTEXT: usize = 60;

/// The longest message [`Error::render`] shows whole; a longer one (an error quoting a
/// megabyte lookup key, or nested template errors quoting each other) shows its start and
/// end around a note of what is left out.
pub const MAX_RENDERED_MESSAGE: usize = 16 << 10;

/// `message`, or its first 12 KiB and last 2 KiB (at character boundaries) around
/// `... (N bytes left out) ...` when longer than [`MAX_RENDERED_MESSAGE`].
pub fn bounded_message(message: &str) -> std::borrow::Cow<'_, str> {
    if message.len() <= MAX_RENDERED_MESSAGE {
        return message.into();
    }
    let mut head = 12 << 10;
    while !message.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = message.len() - (2 << 10);
    while !message.is_char_boundary(tail) {
        tail += 1;
    }
    format!(
        "{} ... ({} bytes left out) ... {}",
        &message[..head],
        tail - head,
        &message[tail..]
    )
    .into()
}

/// The part of a source line shown under an error: all of it when short, else a window of
/// [`CARET_CONTEXT`] characters on each side of column `at` (0-based), with `...` where
/// it was cut; and the caret's column in that text.
fn caret_window(line: &str, at: usize) -> (String, usize) {
    let len = line.chars().count();
    if len <= 2 * CARET_CONTEXT + 20 {
        return (line.to_string(), at);
    }
    let from = at.saturating_sub(CARET_CONTEXT);
    let to = (at + CARET_CONTEXT).min(len);
    let mut text = String::new();
    if from > 0 {
        text.push_str("...");
    }
    text.extend(line.chars().skip(from).take(to - from));
    if to < len {
        text.push_str("...");
    }
    (text, at - from + if from > 0 { 3 } else { 0 })
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.full_message())
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod location_tests {
    #[test]
    fn a_message_with_its_own_location_gets_no_second_one() {
        use super::ends_with_location as e;
        assert!(e("Could not find resource 'Service[nope]' in parameter 'before' (file: m/init.pp, line: 5)"));
        assert!(e("boom (line: 3)"));
        assert!(e("boom (line: 3, column: 4)"));
        assert!(e("boom (file: /x y/init.pp, line: 3, column: 4)"));
        assert!(e(
            "Syntax error at end of input (file: m/manifests/init.pp)"
        ));
        assert!(!e("boom (see the docs)"));
        assert!(!e("expects a value (line: x)"));
        assert!(!e("Unknown variable: 'x'"));
        let src = std::rc::Rc::new(super::Source::new(
            "In[1]".to_string(),
            "notify { 'a': }".to_string(),
        ));
        let err = super::Error::new(super::ErrorKind::Failed, "failed (line: 1)")
            .at(crate::span::Span::new(0, 6))
            .in_source(&src);
        assert_eq!(err.render(), "Error: failed (line: 1)\nnotify { 'a': }\n^");
        let err = super::Error::new(super::ErrorKind::Failed, "failed")
            .at(crate::span::Span::new(0, 6))
            .in_source(&src);
        assert_eq!(
            err.render(),
            "Error: failed (file: In[1], line: 1, column: 1)\nnotify { 'a': }\n^"
        );
        let e_src = std::rc::Rc::new(super::Source::new("-e".to_string(), "x".to_string()));
        let err = super::Error::new(super::ErrorKind::Failed, "failed")
            .at(crate::span::Span::new(0, 1))
            .in_source(&e_src);
        assert_eq!(err.render(), "Error: failed (line: 1, column: 1)\nx\n^");
    }

    /// An error quoting another (a template's failed call) ends with the quoted error's
    /// location, then its own, as the reference's (erb_errors-88).
    #[test]
    fn a_message_quoting_a_located_error_gets_its_own_location_after() {
        let src = std::rc::Rc::new(super::Source::new("-e".to_string(), "ab".to_string()));
        let mut err = super::Error::eval("Failed: Evaluation Error: inner (line: 1, column: 16)")
            .at(crate::span::Span::new(1, 2))
            .in_source(&src);
        assert_eq!(
            err.reference_message(),
            "Evaluation Error: Failed: Evaluation Error: inner (line: 1, column: 16)"
        );
        err.quotes_located = true;
        assert_eq!(
            err.reference_message(),
            "Evaluation Error: Failed: Evaluation Error: inner (line: 1, column: 16) (line: 1, column: 2)"
        );
        assert!(err
            .render()
            .starts_with(&format!("Error: {}\n", err.reference_message())));
    }
}

#[cfg(test)]
mod tests {

    /// A source's line of an offset is `line_col`'s line, for every offset (inside a
    /// character, at a newline, past the end) of texts with and without a final newline.
    #[test]
    fn line_is_line_cols_line() {
        for text in ["", "\n", "a", "ab\ncd", "é\n\nx€y\r\n", "\n\né", "x\n€"] {
            let source = Source::new("-e", text);
            for offset in 0..text.len() as u32 + 3 {
                assert_eq!(
                    source.line(offset),
                    source.line_col(offset).0,
                    "{text:?} at {offset}"
                );
            }
        }
    }

    /// A Ruby exception Puppet does not catch shows as its bare message, with no Puppet
    /// location (the reference's `cannot load such file -- redis`).
    #[test]
    fn uncaught_ruby_exceptions_render_bare() {
        let e = Error::uncaught("LoadError", "cannot load such file -- redis")
            .at(Span::new(0, 3))
            .in_source(&Source::new("-e", "f()"));
        assert_eq!(e.full_message(), "cannot load such file -- redis");
        assert_eq!(e.render(), "Error: cannot load such file -- redis");
        assert_eq!(e.uncaught_class(), Some("LoadError"));
        assert_eq!(Error::eval("x").uncaught_class(), None);
    }

    /// A message quoting a megabyte of input renders in a bounded window (it was echoed
    /// whole: 1 MB of stderr for a 1 MB lookup key).
    #[test]
    fn long_messages_render_bounded() {
        let key = "é".repeat(500_000);
        let e = Error::eval(format!("did not find a value for the name '{key}'"));
        let shown = e.render();
        assert!(shown.len() < MAX_RENDERED_MESSAGE + 100, "{}", shown.len());
        assert!(shown.starts_with("Error: Evaluation Error: did not find a value for the name 'éé"));
        assert!(shown.ends_with("éé'"));
        assert!(shown.contains(" bytes left out) ... "));
        let short = Error::eval("short");
        assert_eq!(short.render(), "Error: Evaluation Error: short");
    }
    use super::*;

    #[test]
    fn long_lines_show_a_window_around_the_caret() {
        let line = format!("{}$x{}", "[".repeat(100_000), "]".repeat(100_000));
        let e = Error::eval("boom")
            .at(Span::new(100_000, 100_002))
            .in_source(&Source::new("-e", line));
        let shown = e.render();
        assert!(shown.len() < 400, "{} bytes", shown.len());
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[1].find("$x"), lines[2].find('^'));
        assert!(lines[1].starts_with("...") && lines[1].ends_with("..."));
    }

    #[test]
    fn short_lines_are_shown_whole() {
        assert_eq!(caret_window("abc", 1), ("abc".to_string(), 1));
    }

    #[test]
    fn line_and_column_of_offsets() {
        let src = Source::new("t", "ab\nçd\n\nx");
        let at = |o| src.line_col(o);
        assert_eq!(at(0), (1, 1));
        assert_eq!(at(2), (1, 3)); // the newline itself
        assert_eq!(at(3), (2, 1));
        assert_eq!(at(5), (2, 2)); // after the two-byte ç: one character
        assert_eq!(at(4), (2, 1)); // inside ç: its start
        assert_eq!(at(6), (2, 3));
        assert_eq!(at(7), (3, 1));
        assert_eq!(at(8), (4, 1));
        assert_eq!(at(99), (4, 2)); // past the end: the end
        assert_eq!(Source::new("e", "").line_col(0), (1, 1));
    }
}
