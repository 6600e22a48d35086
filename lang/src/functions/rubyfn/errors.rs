//! A function's Ruby errors as Puppet's errors, naming the file and line, and whether a
//! call failed on Ruby outside the subset.

use super::*;

thread_local! {
    /// Set when a call failed on Ruby outside the subset (or a syntax error, or an
    /// interruption) rather than on an exception the code raised.
    pub(super) static OUTSIDE_SUBSET: Cell<bool> = const { Cell::new(false) };
}

/// A Ruby error of a function as Puppet's error: an evaluation error with [`describe`]'s
/// message, or for a `ScriptError` (`LoadError`: `require` of a gem nobody has), which the
/// reference's wrappers do not rescue, that exception ([`crate::error::ErrorKind::Uncaught`]).
pub(super) fn ruby_error(name: &str, e: RubyError, sources: &[Source]) -> Error {
    match e {
        RubyError::Raised { class, message, .. }
            if ruby::error::is_script_error(&class) || escapes_wrappers(&class) =>
        {
            Error::uncaught(&class, message)
        }
        // (a lookup context's `not_found` the function did not catch: to the lookup)
        RubyError::Raised { class, message, .. }
            if class == "UncaughtThrowError" && message == Error::no_such_key().message =>
        {
            Error::no_such_key()
        }
        RubyError::Syntax {
            message,
            at,
            end,
            quote,
            also,
            ..
        } if source_of(sources, at).is_some() || (at == usize::MAX && !sources.is_empty()) => {
            // Ruby's SyntaxError (a ScriptError too), worded as Ruby's parser reports it:
            // the file's path and line, the line quoted with a caret under the token.
            OUTSIDE_SUBSET.set(true);
            let (s, line, mut snippet) = match source_of(sources, at) {
                Some(s) => {
                    let (line, snippet) =
                        crate::erb::generated::snippet(&s.text, at - s.base, end.max(at) - s.base);
                    (s, line, snippet)
                }
                // The end of the input (of the file being loaded, the last source): Ruby
                // names the last line, without quoting it when it ended with its newline
                // (the lexer had gone past it).
                None => {
                    let s = &sources[sources.len() - 1];
                    let (line, snippet) = match s.text.strip_suffix('\n') {
                        Some(before) => (before.split('\n').count(), String::new()),
                        None => {
                            let n = s.text.len();
                            crate::erb::generated::snippet(&s.text, n, n)
                        }
                    };
                    (s, line, snippet)
                }
            };
            if !quote {
                snippet.clear();
            }
            let path = s.path.display();
            let sep = if snippet.is_empty() { "" } else { "\n" };
            let mut m = format!("{path}:{line}: {message}{sep}{snippet}");
            if let Some(also) = also {
                m.push_str(&format!("{path}:{line}: {also}\n{snippet}"));
            }
            Error::uncaught("SyntaxError", m)
        }
        e => Error::eval(describe(name, e, sources)),
    }
}

/// Whether an exception a function raised is no `StandardError` (`raise Exception, '...'`,
/// voxpupuli-consul's `sorted_json` given what it cannot write), which the reference's
/// function call does not rescue and wrap: its message alone ends the compilation. (Not the
/// interpreter's own `NoMemoryError` and `SystemStackError`: the limits' errors.)
fn escapes_wrappers(class: &str) -> bool {
    !ruby::error::error_is_a(class, "StandardError")
        && !matches!(class, "NoMemoryError" | "SystemStackError")
}

/// A Ruby error that ended a function's (or its block's) run: the error located in Puppet
/// code that a call into Puppet raised, unchanged, when the code let that exception through
/// (the reference's `call_function` passes it through, and its wrappers do not wrap it
/// again); else as [`ruby_error`] makes it.
pub(super) fn function_error(host: &mut FunctionHost, e: RubyError) -> Error {
    if let RubyError::Raised { message, .. } = &e {
        if let Some(located) = host.inner.located_error(message) {
            return *located;
        }
    }
    ruby_error(host.function, e, &host.sources)
}

/// The source an offset is in (the last whose text holds it).
fn source_of(sources: &[Source], at: usize) -> Option<&Source> {
    sources
        .iter()
        .rev()
        .find(|s| s.base <= at && at - s.base <= s.text.len())
}

/// A Ruby error of a function as a message: the exception's message (the reference's),
/// or for a syntax error or Ruby outside the subset, what and where.
fn describe(name: &str, e: RubyError, sources: &[Source]) -> String {
    let at = e.at();
    let (file, line) = sources
        .iter()
        .rev()
        .find(|s| s.base <= at && at - s.base <= s.text.len())
        .map(|s| {
            (
                s.shown.to_string(),
                ruby::line_col(&s.text, at - s.base).0.to_string(),
            )
        })
        .unwrap_or_else(|| ("?".to_string(), "?".to_string()));
    if !matches!(e, RubyError::Raised { .. }) {
        OUTSIDE_SUBSET.set(true);
    }
    match e {
        RubyError::Raised { message, .. } => message,
        RubyError::Syntax { message, .. } => {
            format!("Could not load function '{name}': {file}:{line}: {message}")
        }
        RubyError::Unsupported { what, .. } => format!(
            "unsupported Ruby in function '{name}': {what} (prepl runs modules' Ruby functions with a subset of Ruby) ({file}:{line})"
        ),
        RubyError::Interrupted { .. } => "Interrupted".to_string(),
    }
}
