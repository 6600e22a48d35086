//! The `:` commands. Names may be abbreviated to any unambiguous prefix (`:q`, `:fu`).

use crate::cli::parse_strictness;
use crate::output::{layout, BOLD, DIM};
use crate::session::Repl;
use prepl::complete::names::{find_type, TYPES};
use prepl::types::{infer, infer_generalized, infer_reduced};
use std::fmt::Write;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandName {
    Help,
    Vars,
    Functions,
    Types,
    Type,
    Load,
    Reset,
    Strict,
    Time,
    Set,
    Quit,
}

pub struct CommandInfo {
    pub name: CommandName,
    pub word: &'static str,
    pub args: &'static str,
    pub doc: &'static str,
}

const fn c(
    name: CommandName,
    word: &'static str,
    args: &'static str,
    doc: &'static str,
) -> CommandInfo {
    CommandInfo {
        name,
        word,
        args,
        doc,
    }
}

pub const COMMANDS: &[CommandInfo] = &[
    c(
        CommandName::Help,
        "help",
        "[NAME]",
        "these commands, or the documentation of a function, type or command",
    ),
    c(
        CommandName::Vars,
        "vars",
        "",
        "the variables in scope with their values and types",
    ),
    c(
        CommandName::Functions,
        "functions",
        "[FILTER]",
        "built-in and user-defined functions",
    ),
    c(
        CommandName::Types,
        "types",
        "[FILTER]",
        "built-in types and type aliases",
    ),
    c(
        CommandName::Type,
        "type",
        "EXPR",
        "the detailed, reduced and generalized type of a value",
    ),
    c(
        CommandName::Load,
        "load",
        "FILE",
        "evaluate a file into the session",
    ),
    c(
        CommandName::Reset,
        "reset",
        "",
        "start a fresh session (forget variables, functions and aliases)",
    ),
    c(
        CommandName::Strict,
        "strict",
        "[off|warning|error]",
        "show or set the strictness",
    ),
    c(
        CommandName::Time,
        "time",
        "",
        "toggle showing how long each input takes",
    ),
    c(
        CommandName::Set,
        "set",
        "width N|auto",
        "wrap results at N columns, or the terminal's width",
    ),
    c(CommandName::Quit, "quit", "", "leave (Ctrl-D does too)"),
];

/// The command a (possibly abbreviated) word names.
pub fn resolve_name(word: &str) -> Result<CommandName, String> {
    if let Some(info) = COMMANDS.iter().find(|c| c.word == word) {
        return Ok(info.name);
    }
    let matches: Vec<&CommandInfo> = COMMANDS
        .iter()
        .filter(|c| !word.is_empty() && c.word.starts_with(word))
        .collect();
    match matches.as_slice() {
        [one] => Ok(one.name),
        [] => Err(format!("Unknown command ':{word}' (see :help)")),
        many => Err(format!(
            "Ambiguous command ':{word}': {}",
            many.iter()
                .map(|c| format!(":{}", c.word))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Splits `:name rest` into the command and its argument text (trimmed).
pub fn parse(text: &str) -> Result<(CommandName, &str), String> {
    let body = text.trim().strip_prefix(':').unwrap_or(text.trim());
    let (word, arg) = match body.find(char::is_whitespace) {
        Some(i) => (&body[..i], body[i..].trim()),
        None => (body, ""),
    };
    Ok((resolve_name(word)?, arg))
}

/// What the loop does after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    Continue,
    Quit,
}

/// Runs a command line; reports problems on stderr.
pub fn run(repl: &mut Repl, text: &str) -> Next {
    let (name, arg) = match parse(text) {
        Ok(parsed) => parsed,
        Err(message) => {
            repl.report(&message);
            return Next::Continue;
        }
    };
    let result = match name {
        CommandName::Quit => return Next::Quit,
        CommandName::Help => Ok(help(repl, arg)),
        CommandName::Vars => Ok(vars(repl)),
        CommandName::Functions => Ok(functions(repl, arg)),
        CommandName::Types => Ok(types(repl, arg)),
        CommandName::Type => type_of(repl, arg),
        CommandName::Load => load(repl, arg),
        CommandName::Reset => {
            repl.reset();
            Ok("A fresh session.".to_string())
        }
        CommandName::Strict => strict(repl, arg),
        CommandName::Time => {
            repl.timing = !repl.timing;
            Ok(format!(
                "Timing is {}.",
                if repl.timing { "on" } else { "off" }
            ))
        }
        CommandName::Set => set(repl, arg),
    };
    match result {
        Ok(text) if text.is_empty() => {}
        Ok(text) => println!("{}", text.trim_end_matches('\n')),
        Err(message) => repl.report(&message),
    }
    Next::Continue
}

fn help(repl: &Repl, arg: &str) -> String {
    let bold = |s: &str| repl.palette.paint(BOLD, s);
    if arg.is_empty() {
        let mut out = String::from(
            "Enter Puppet expressions; each value is shown as `=> value` and kept in $_.\n\
             An open bracket, string, heredoc or `if` continues on the next line.\n\
             Tab completes, Ctrl-R searches the history, Ctrl-C interrupts, Ctrl-D quits.\n\nCommands:\n",
        );
        for c in COMMANDS {
            let usage = format!(":{} {}", c.word, c.args);
            let _ = writeln!(out, "  {}  {}", bold(&format!("{usage:<28}")), c.doc);
        }
        return out;
    }
    if let Some(word) = arg.strip_prefix(':') {
        return match resolve_name(word) {
            Ok(name) => {
                let c = COMMANDS
                    .iter()
                    .find(|c| c.name == name)
                    .expect("every command is listed");
                format!("{}\n  {}", bold(&format!(":{} {}", c.word, c.args)), c.doc)
            }
            Err(message) => message,
        };
    }
    if let Some(b) = prepl::functions::find(arg) {
        return format!("{}\n{}", bold(b.name), b.doc.trim_end());
    }
    if repl.session.function_names().iter().any(|f| &**f == arg) {
        return format!("{} is a function defined in this session.", bold(arg));
    }
    if let Some(t) = find_type(arg) {
        return format!("{}{}\n  {}", bold(t.name), t.params, t.doc);
    }
    if let Some((name, target)) = repl
        .session
        .type_aliases()
        .into_iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(arg))
    {
        return format!("{} is a type alias for {}", bold(&name), target);
    }
    format!("No function, type or command named '{arg}'.")
}

fn vars(repl: &Repl) -> String {
    let vars = repl.session.variables();
    if vars.is_empty() {
        return "No variables.".into();
    }
    let width = repl.width();
    let mut out = String::new();
    for (name, value) in vars {
        let head = format!("${name} = ");
        let comment = format!("# {}", infer_generalized(&value));
        let shown = layout(&value, width, head.width());
        let one_line = !shown.contains('\n');
        if one_line && head.width() + shown.width() + 2 + comment.width() <= width {
            let _ = writeln!(out, "{head}{shown}  {}", repl.palette.paint(DIM, &comment));
        } else {
            // The type on a line of its own, above the value.
            let _ = writeln!(out, "{}\n{head}{shown}", repl.palette.paint(DIM, &comment));
        }
    }
    out
}

fn matches_filter(name: &str, filter: &str) -> bool {
    filter.is_empty()
        || name
            .to_ascii_lowercase()
            .contains(&filter.to_ascii_lowercase())
}

fn functions(repl: &Repl, filter: &str) -> String {
    let mut out = String::new();
    for b in prepl::functions::all()
        .iter()
        .filter(|b| matches_filter(b.name, filter))
    {
        let summary = truncate(
            b.doc.lines().next().unwrap_or(""),
            repl.width().saturating_sub(28),
        );
        let _ = writeln!(
            out,
            "  {:<24} {}",
            b.name,
            repl.palette.paint(DIM, &summary)
        );
    }
    for f in repl
        .session
        .function_names()
        .iter()
        .filter(|f| matches_filter(f, filter))
    {
        let _ = writeln!(
            out,
            "  {:<24} {}",
            f,
            repl.palette.paint(DIM, "(defined in this session)")
        );
    }
    if out.is_empty() {
        out = format!("No function matches '{filter}'.");
    }
    out
}

/// `text` cut to `width` columns, with `…` when something was cut.
fn truncate(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

fn types(repl: &Repl, filter: &str) -> String {
    let mut out = String::new();
    for t in TYPES.iter().filter(|t| matches_filter(t.name, filter)) {
        let usage = format!("{}{}", t.name, t.params);
        let _ = writeln!(out, "  {:<36} {}", usage, repl.palette.paint(DIM, t.doc));
    }
    for (name, target) in repl
        .session
        .type_aliases()
        .into_iter()
        .filter(|(n, _)| matches_filter(n, filter))
    {
        let _ = writeln!(
            out,
            "  {:<36} {}",
            name,
            repl.palette.paint(DIM, &format!("= {target}"))
        );
    }
    if out.is_empty() {
        out = format!("No type matches '{filter}'.");
    }
    out
}

fn type_of(repl: &mut Repl, expr: &str) -> Result<String, String> {
    if expr.is_empty() {
        return Err("Usage: :type EXPR".into());
    }
    let Some(value) = repl.eval_quietly(":type", expr) else {
        return Ok(String::new());
    };
    let label = |s: &str| repl.palette.paint(DIM, s);
    Ok(format!(
        "{} {}\n{} {}\n{} {}",
        label("detailed:   "),
        infer(&value),
        label("reduced:    "),
        infer_reduced(&value),
        label("generalized:"),
        infer_generalized(&value)
    ))
}

fn load(repl: &mut Repl, path: &str) -> Result<String, String> {
    if path.is_empty() {
        return Err("Usage: :load FILE".into());
    }
    let path = path.trim_matches(|c| c == '\'' || c == '"');
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("Could not read file {path}: {e}"))?;
    repl.eval_and_show(path, &text);
    Ok(String::new())
}

fn strict(repl: &mut Repl, arg: &str) -> Result<String, String> {
    if !arg.is_empty() {
        let level = parse_strictness(arg).ok_or("Usage: :strict off|warning|error")?;
        repl.set_strict(level);
    }
    let name = match repl.strict {
        prepl::Strictness::Off => "off",
        prepl::Strictness::Warning => "warning",
        prepl::Strictness::Error => "error",
    };
    Ok(format!("Strictness is {name}."))
}

fn set(repl: &mut Repl, arg: &str) -> Result<String, String> {
    let mut words = arg.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some("width"), Some("auto"), None) => {
            repl.fixed_width = None;
            Ok(format!(
                "Results wrap at the terminal's width ({}).",
                repl.width()
            ))
        }
        (Some("width"), Some(n), None) => match n.parse::<usize>() {
            Ok(n) if n >= 10 => {
                repl.fixed_width = Some(n);
                Ok(format!("Results wrap at {n} columns."))
            }
            _ => Err("The width must be a number of columns (at least 10) or auto.".into()),
        },
        (Some("width"), None, None) => Ok(format!("Results wrap at {} columns.", repl.width())),
        _ => Err("Usage: :set width N|auto".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_abbreviations() {
        assert_eq!(parse(":help notice"), Ok((CommandName::Help, "notice")));
        assert_eq!(parse("  :q  "), Ok((CommandName::Quit, "")));
        assert_eq!(parse(":type  $x + 1 "), Ok((CommandName::Type, "$x + 1")));
        assert_eq!(parse(":types"), Ok((CommandName::Types, "")));
        assert_eq!(parse(":fu str"), Ok((CommandName::Functions, "str")));
        assert!(parse(":t").unwrap_err().contains(":types, :type, :time"));
        assert!(parse(":bogus")
            .unwrap_err()
            .starts_with("Unknown command ':bogus'"));
    }

    fn repl() -> Repl {
        let mut repl = Repl::new(prepl::Strictness::Error);
        repl.palette = crate::output::Palette::plain();
        repl
    }

    #[test]
    fn help_on_functions_types_and_commands() {
        let mut repl = repl();
        assert!(help(&repl, "").contains(":load FILE"));
        assert!(help(&repl, "notice").starts_with("notice\nnotice("));
        assert_eq!(
            help(&repl, "Integer"),
            "Integer[from, to]\n  integers in from..to"
        );
        assert_eq!(help(&repl, ":q"), ":quit \n  leave (Ctrl-D does too)");
        assert_eq!(
            help(&repl, "nothing"),
            "No function, type or command named 'nothing'."
        );
        assert!(repl.session.eval("function twice($x) { $x * 2 }").is_ok());
        assert_eq!(
            help(&repl, "twice"),
            "twice is a function defined in this session."
        );
        assert!(functions(&repl, "twi").contains("twice"));
    }

    #[test]
    fn long_summaries_are_cut() {
        assert_eq!(truncate("abcdef", 6), "abcdef");
        assert_eq!(truncate("abcdef", 4), "abc…");
        assert_eq!(truncate("日本語", 4), "日…");
        assert_eq!(truncate("abc", 0), "…");
    }

    #[test]
    fn listing_with_filters() {
        let repl = repl();
        let listed = types(&repl, "semver");
        assert_eq!(listed.lines().count(), 2, "{listed}");
        assert_eq!(types(&repl, "zzz"), "No type matches 'zzz'.");
        assert!(functions(&repl, "notic").contains("notice"));
    }

    #[test]
    fn settings() {
        let mut repl = repl();
        assert_eq!(
            strict(&mut repl, "warning"),
            Ok("Strictness is warning.".into())
        );
        assert_eq!(repl.strict, prepl::Strictness::Warning);
        assert!(strict(&mut repl, "loud").is_err());
        assert_eq!(
            set(&mut repl, "width 40"),
            Ok("Results wrap at 40 columns.".into())
        );
        assert_eq!(repl.width(), 40);
        assert!(set(&mut repl, "width 3").is_err());
        assert!(set(&mut repl, "colour on").is_err());
        assert!(matches!(run(&mut repl, ":time"), Next::Continue) && repl.timing);
        assert_eq!(run(&mut repl, ":quit"), Next::Quit);
    }

    #[test]
    fn variables_and_reset() {
        let mut repl = repl();
        assert_eq!(vars(&repl), "No variables.");
        assert!(repl.session.eval("$answer = 42").is_ok());
        assert_eq!(vars(&repl), "$answer = 42  # Integer\n");
        repl.fixed_width = Some(24);
        assert!(repl
            .session
            .eval("$long = 'abcdefghijklmnopqrstuvwxyz'")
            .is_ok());
        assert_eq!(
            vars(&repl),
            "$answer = 42  # Integer\n# String\n$long = 'abcdefghijklmnopqrstuvwxyz'\n"
        );
        repl.reset();
        assert_eq!(vars(&repl), "No variables.");
    }

    #[test]
    fn every_command_is_documented_once() {
        for c in COMMANDS {
            assert_eq!(resolve_name(c.word), Ok(c.name));
            assert!(!c.doc.is_empty());
        }
    }
}
