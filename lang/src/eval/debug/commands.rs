//! The debugger's commands, read and run the same way by every front-end (the terminal's
//! prompt, a notebook's stdin channel): [`parse`] turns a line typed while stopped into a
//! [`Command`]; the front-end runs it, showing the result its own way (text, HTML). The
//! breakpoint commands (`:break`, `:breaks`, `:delete`, `:disable`, `:enable`), also typed
//! where nothing is stopped (the REPL's prompt, the kernel's `%break` magics), change the
//! breakpoints here ([`BreakCommand::run`]).

use super::{BreakSpec, Breakpoints, Resume, Stop};
use std::fmt::Write;

/// The command words at the debugger's prompt, for completion and prefix matching.
pub const WORDS: &[&str] = &[
    "continue", "step", "next", "finish", "abort", "whereami", "stack", "up", "down", "frame",
    "vars", "catalog", "type", "help", "break", "breaks", "delete", "disable", "enable", "quit",
];

/// A command typed while stopped (after its `:`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `:continue`, `:step`, `:next`, `:finish`, `:abort`.
    Resume(Resume),
    /// `:whereami [N]`: the source around the current line, N lines each side.
    Whereami(Option<usize>),
    /// `:stack`.
    Stack,
    /// `:up [N]`, `:down [N]`, `:frame N`: select another frame.
    Select(Move),
    /// `:vars`.
    Vars,
    /// `:catalog [ARGS]`.
    Catalog(String),
    /// `:type EXPR`.
    Type(String),
    /// `:help [NAME]`.
    Help(String),
    Breakpoints(BreakCommand),
    /// `:quit` (not while stopped: the front-end says how to go on).
    Quit,
}

/// Which frame to select.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Up(usize),
    Down(usize),
    To(usize),
}

/// The command a word at the debugger's prompt names (`c`, `s`, `n`, `f`, `bt`, `w`, `b`,
/// `q` are short forms; otherwise any unambiguous prefix).
pub fn resolve(word: &str) -> Result<&'static str, String> {
    let short = match word {
        "c" | "cont" => Some("continue"),
        "s" => Some("step"),
        "n" => Some("next"),
        "f" => Some("finish"),
        "bt" | "where" | "backtrace" => Some("stack"),
        "w" => Some("whereami"),
        "b" => Some("break"),
        "h" => Some("help"),
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

/// Reads a command typed at the debugger's prompt (`:step`, `:up 2`, `:break web`; the `:`
/// may be left out).
pub fn parse(text: &str) -> Result<Command, String> {
    let body = text.trim();
    let body = body.strip_prefix(':').unwrap_or(body);
    let (word, arg) = match body.find(char::is_whitespace) {
        Some(i) => (&body[..i], body[i..].trim()),
        None => (body, ""),
    };
    let count = |what: &str| -> Result<usize, String> {
        match arg {
            "" => Ok(1),
            n => n
                .parse::<usize>()
                .map_err(|_| format!("expected a number of frames: :{what} N")),
        }
    };
    Ok(match resolve(word)? {
        "continue" => Command::Resume(Resume::Continue),
        "step" => Command::Resume(Resume::Step),
        "next" => Command::Resume(Resume::Next),
        "finish" => Command::Resume(Resume::Finish),
        "abort" => Command::Resume(Resume::Abort),
        "whereami" => Command::Whereami(match arg {
            "" => None,
            n => Some(
                n.parse::<usize>()
                    .map_err(|_| "expected a number of lines: :whereami N".to_string())?,
            ),
        }),
        "stack" => Command::Stack,
        "up" => Command::Select(Move::Up(count("up")?)),
        "down" => Command::Select(Move::Down(count("down")?)),
        "frame" => {
            Command::Select(Move::To(arg.parse::<usize>().map_err(|_| {
                "expected a frame number: :frame N (see :stack)".to_string()
            })?))
        }
        "vars" => Command::Vars,
        "catalog" => Command::Catalog(arg.to_string()),
        "type" if arg.is_empty() => return Err("expected an expression: :type EXPR".into()),
        "type" => Command::Type(arg.to_string()),
        "help" => Command::Help(arg.to_string()),
        "quit" => Command::Quit,
        word => Command::Breakpoints(BreakCommand::parse(word, arg, ':')?),
    })
}

impl Stop<'_> {
    /// Selects the frame `m` names; its number, or why there is none.
    pub fn move_to(&mut self, m: Move) -> Result<usize, String> {
        let target = match m {
            Move::Up(n) => self.selected() + n,
            Move::Down(n) => self
                .selected()
                .checked_sub(n)
                .ok_or("Already at the innermost frame.")?,
            Move::To(n) => n,
        };
        match self.select(target) {
            true => Ok(target),
            false if matches!(m, Move::Up(_)) => Err("Already at the outermost frame.".into()),
            false => Err(format!("No frame {target} (see :stack).")),
        }
    }
}

/// A breakpoint command: `break SPEC`, `breaks` (or `break` alone), `delete N|all`,
/// `disable N`, `enable N`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BreakCommand {
    Add(BreakSpec),
    List,
    Delete(usize),
    DeleteAll,
    Enable(usize, bool),
}

impl BreakCommand {
    /// Reads the command `word` with its argument; `sigil` is how the front-end writes its
    /// commands (`:` at a prompt, `%` for the kernel's magics), for the messages.
    pub fn parse(word: &str, arg: &str, sigil: char) -> Result<BreakCommand, String> {
        let arg = arg.trim();
        let number = || {
            arg.parse::<usize>().map_err(|_| {
                format!("expected a breakpoint number: {sigil}{word} N (see {sigil}breaks)")
            })
        };
        Ok(match word {
            "break" if arg.is_empty() => BreakCommand::List,
            "break" => BreakCommand::Add(BreakSpec::parse(arg)?),
            "breaks" => BreakCommand::List,
            "delete" if arg == "all" || arg == "*" => BreakCommand::DeleteAll,
            "delete" => BreakCommand::Delete(number()?),
            "disable" => BreakCommand::Enable(number()?, false),
            "enable" => BreakCommand::Enable(number()?, true),
            _ => return Err(format!("unknown breakpoint command {sigil}{word}")),
        })
    }

    /// Changes (or lists) the breakpoints; what to say, or why it cannot.
    pub fn run(self, breakpoints: &mut Breakpoints, sigil: char) -> Result<String, String> {
        let missing = |n: usize| format!("No breakpoint {n} (see {sigil}breaks).");
        match self {
            BreakCommand::Add(spec) => {
                let shown = spec.to_string();
                Ok(format!("Breakpoint {}: {shown}", breakpoints.add(spec)))
            }
            BreakCommand::List => Ok(list(breakpoints, sigil)),
            BreakCommand::DeleteAll => {
                breakpoints.clear();
                Ok("Deleted every breakpoint.".into())
            }
            BreakCommand::Delete(n) => match breakpoints.delete(n) {
                true => Ok(format!("Deleted breakpoint {n}.")),
                false => Err(missing(n)),
            },
            BreakCommand::Enable(n, on) => match breakpoints.set_enabled(n, on) {
                true => Ok(format!(
                    "Breakpoint {n} {}.",
                    if on { "enabled" } else { "disabled" }
                )),
                false => Err(missing(n)),
            },
        }
    }
}

/// The breakpoints, a line each: number, enabled or not, what it stops at, how often it
/// stopped.
pub fn list(breakpoints: &Breakpoints, sigil: char) -> String {
    if breakpoints.list().is_empty() {
        return format!("No breakpoints ({sigil}break SPEC sets one).");
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

/// Completes a command typed at the debugger's prompt: `line` up to the cursor, when it
/// is a command (`:wh` → `:whereami`; `:break ` → the kinds of breakpoint); the start of
/// the word replaced and the candidates, or `None` when the line is code.
pub fn complete(line: &str) -> Option<(usize, Vec<String>)> {
    let trimmed = line.trim_start();
    let rest = trimmed.strip_prefix(':')?;
    let start = line.len() - rest.len() - 1;
    let Some(space) = rest.find(char::is_whitespace) else {
        let mut words: Vec<String> = WORDS
            .iter()
            .filter(|w| w.starts_with(rest))
            .map(|w| format!(":{w}"))
            .collect();
        words.sort();
        return Some((start, words));
    };
    let arg = rest[space..].trim_start();
    let arg_start = line.len() - arg.len();
    let options: &[&str] = match resolve(&rest[..space]) {
        Ok("break") => &["function", "error", "resource"],
        Ok("delete") => &["all"],
        Ok("catalog") => &["graph", "dot", "json"],
        Ok("help") => &["debug"],
        _ => &[],
    };
    let words = if arg.contains(char::is_whitespace) {
        Vec::new()
    } else {
        options
            .iter()
            .filter(|w| w.starts_with(arg))
            .map(|w| w.to_string())
            .collect()
    };
    Some((arg_start, words))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_alike_everywhere() {
        assert_eq!(parse(":c"), Ok(Command::Resume(Resume::Continue)));
        assert_eq!(parse(":fin"), Ok(Command::Resume(Resume::Finish)));
        assert_eq!(parse("step"), Ok(Command::Resume(Resume::Step)));
        assert_eq!(parse(":w 7"), Ok(Command::Whereami(Some(7))));
        assert_eq!(parse(":whereami"), Ok(Command::Whereami(None)));
        assert_eq!(parse(":bt"), Ok(Command::Stack));
        assert_eq!(parse(":up"), Ok(Command::Select(Move::Up(1))));
        assert_eq!(parse(":down 2"), Ok(Command::Select(Move::Down(2))));
        assert_eq!(parse(":frame 3"), Ok(Command::Select(Move::To(3))));
        assert!(parse(":frame").is_err() && parse(":up x").is_err());
        assert_eq!(parse(":catalog File"), Ok(Command::Catalog("File".into())));
        assert_eq!(parse(":type $x + 1"), Ok(Command::Type("$x + 1".into())));
        assert!(parse(":type").is_err());
        assert_eq!(
            parse(":break web"),
            Ok(Command::Breakpoints(BreakCommand::Add(
                BreakSpec::Definition {
                    name: "web".into(),
                    title: None
                }
            )))
        );
        assert_eq!(parse(":b"), Ok(Command::Breakpoints(BreakCommand::List)));
        assert_eq!(
            parse(":delete all"),
            Ok(Command::Breakpoints(BreakCommand::DeleteAll))
        );
        assert_eq!(
            parse(":disable 2"),
            Ok(Command::Breakpoints(BreakCommand::Enable(2, false)))
        );
        assert!(parse(":d")
            .unwrap_err()
            .starts_with("Ambiguous command ':d': :down, :delete"));
        assert!(parse(":zz")
            .unwrap_err()
            .starts_with("Unknown command ':zz'"));
        assert_eq!(
            BreakCommand::parse("delete", "x", '%').unwrap_err(),
            "expected a breakpoint number: %delete N (see %breaks)"
        );
    }

    #[test]
    fn breakpoint_commands_change_the_breakpoints() {
        let mut b = Breakpoints::default();
        let run = |b: &mut Breakpoints, line: &str| match parse(line)? {
            Command::Breakpoints(c) => c.run(b, ':'),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            run(&mut b, ":breaks").unwrap(),
            "No breakpoints (:break SPEC sets one)."
        );
        assert_eq!(run(&mut b, ":break web").unwrap(), "Breakpoint 1: web");
        assert_eq!(run(&mut b, ":break error").unwrap(), "Breakpoint 2: error");
        assert_eq!(run(&mut b, ":disable 1").unwrap(), "Breakpoint 1 disabled.");
        assert_eq!(
            run(&mut b, ":breaks").unwrap(),
            "  1  disabled  web\n  2  enabled   error\n"
        );
        assert_eq!(
            run(&mut b, ":enable 9").unwrap_err(),
            "No breakpoint 9 (see :breaks)."
        );
        assert_eq!(run(&mut b, ":delete 1").unwrap(), "Deleted breakpoint 1.");
        assert_eq!(
            run(&mut b, ":delete all").unwrap(),
            "Deleted every breakpoint."
        );
        assert!(b.list().is_empty());
    }

    #[test]
    fn command_words_complete() {
        assert_eq!(complete(":wh"), Some((0, vec![":whereami".to_string()])));
        let (_, all) = complete(":").unwrap();
        assert_eq!(all.len(), WORDS.len());
        assert_eq!(
            complete(":d"),
            Some((
                0,
                vec![":delete".to_string(), ":disable".into(), ":down".into()]
            ))
        );
        assert_eq!(
            complete("  :s"),
            Some((2, vec![":stack".to_string(), ":step".into()]))
        );
        assert_eq!(complete(":break e"), Some((7, vec!["error".to_string()])));
        assert_eq!(complete(":b r"), Some((3, vec!["resource".to_string()])));
        assert_eq!(complete(":vars x"), Some((6, vec![])));
        assert_eq!(complete("$x + 1"), None);
    }
}
