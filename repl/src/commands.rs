//! The `:` commands. Names may be abbreviated to any unambiguous prefix (`:q`, `:fu`).

use crate::discover::{self, Listing};
use crate::output::{layout, BOLD, DIM};
use crate::session::Repl;
use prepl::syntax::vocabulary::{find_type, TYPES};
use prepl::types::{infer, infer_generalized, infer_reduced};
use std::fmt::Write;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandName {
    Help,
    Vars,
    Functions,
    Types,
    Classes,
    Defines,
    ResourceTypes,
    Type,
    Why,
    Load,
    Catalog,
    Facts,
    Lookup,
    Modulepath,
    Env,
    HieraConfig,
    Reset,
    Strict,
    Time,
    Set,
    Break,
    Breaks,
    Delete,
    Disable,
    Enable,
    Diff,
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
        "these commands, or the documentation of a function (NAME() for the function when a \
         resource type has the name too), type, resource type (parameters, as puppet describe \
         shows them), defined type or class (parameters with types and defaults, doc comments, \
         where it is defined) or command",
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
        "built-in types and type aliases, the modulepath's too (:types Stdlib::)",
    ),
    c(
        CommandName::Classes,
        "classes",
        "[FILTER]",
        "the classes of the session and the modulepath (loaded or not)",
    ),
    c(
        CommandName::Defines,
        "defines",
        "[FILTER]",
        "the defined types of the session and the modulepath (loaded or not)",
    ),
    c(
        CommandName::ResourceTypes,
        "resource_types",
        "[FILTER]",
        "every resource type: built in, of modules (Ruby) and defined types",
    ),
    c(
        CommandName::Type,
        "type",
        "EXPR",
        "the detailed, reduced and generalized type of a value",
    ),
    c(
        CommandName::Why,
        "why",
        "VALUE =~ TYPE | TYPE < TYPE",
        "why a value matches a type or not (every mismatch, path by path; which Variant member \
         matched), or why a comparison of types (<, <=, >, >=, ==, !=) holds or not",
    ),
    c(
        CommandName::Load,
        "load",
        "FILE",
        "evaluate a file into the session",
    ),
    c(
        CommandName::Catalog,
        "catalog",
        "[graph|dot|json|save NAME|TYPE|TYPE[TITLE]|/PATTERN/]",
        "the resources compiled so far, their relationship graph (text or DOT), the catalog as JSON, keep it as NAME for :diff, or the resources of a type, one resource (as Puppet code) or those whose reference matches",
    ),
    c(
        CommandName::Diff,
        "diff",
        "NAME | [prepl diff options]",
        "what changed in the catalog since :catalog save NAME, or prepl diff (--from REV, catalog files: :diff --help)",
    ),
    c(
        CommandName::Facts,
        "facts",
        "[NAME|FILE|for FILTER|set PATH=VALUE|local]",
        "show the facts as a table, or one (:facts os, :facts os.family; a module's custom fact with its file); set them from a YAML or JSON file, a facterdb fact set \
         ('for os.family=RedHat and os.release.major=9', 'for debian-11') or this machine; \
         change one ('set os.family=RedHat')",
    ),
    c(
        CommandName::Modulepath,
        "modulepath",
        "[DIR[:DIR...]]",
        "show the modulepath, or set it: classes, defines, functions and types load from its modules",
    ),
    c(
        CommandName::Env,
        "env",
        "[DIR]",
        "show the environment, or use the environment directory DIR (a control repo)",
    ),
    c(
        CommandName::HieraConfig,
        "hiera-config",
        "[FILE|none]",
        "show or set the global Hiera layer's hiera.yaml (searched before the environment's)",
    ),
    c(
        CommandName::Lookup,
        "lookup",
        "KEY [--explain] [--merge STRATEGY]",
        "the value of a key in the Hiera data, or how it is found (levels, files, merges)",
    ),
    c(
        CommandName::Reset,
        "reset",
        "",
        "start a fresh session (forget variables, functions, aliases and the catalog)",
    ),
    c(
        CommandName::Strict,
        "strict",
        "[off|warning|error]",
        "show or set the strictness: whether unknown variables (undef under off and \
         warning), string-to-number coercions and deprecated functions are errors, warnings \
         or silent",
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
        "width N|auto | exec on|off | module-functions on|off | integer-bounds spec|reference | print-limit N|off | memory-limit [SIZE] | basemodulepath [DIRS|none]",
        "wrap results at N columns (or the terminal's width); let generate() run commands; native module functions without their module; read Integer[n] as n or more (reference, the default) or as the exact value (spec); show at most N elements of a result (1000 by default; -e and files print whole values); show or set the memory limit; show or set the global modules every modulepath ends with (puppet apply's basemodulepath; none for none)",
    ),
    c(
        CommandName::Break,
        "break",
        "CLASS | DEFINE [TITLE] | FILE:LINE | function NAME | error | resource TYPE[TITLE]",
        "stop the compilation there (also debug::break() in code), explore it from inside and \
         step through it (:help debug)",
    ),
    c(
        CommandName::Breaks,
        "breaks",
        "",
        "the breakpoints: number, enabled or not, how often they stopped",
    ),
    c(CommandName::Delete, "delete", "N|all", "delete breakpoint N"),
    c(CommandName::Disable, "disable", "N", "disable breakpoint N"),
    c(CommandName::Enable, "enable", "N", "enable breakpoint N again"),
    c(CommandName::Quit, "quit", "", "leave (Ctrl-D does too)"),
];

/// Short forms with a fixed meaning, though other commands start with them too: `:c` the
/// catalog (`:continue` is `:c` only at the debugger's prompt, where something is stopped),
/// `:b` a breakpoint and `:h` help (as at the debugger's prompt), `:res` the resource types.
/// `:reset`, which forgets the session, never comes from a short form: from `:rese` on.
pub const SHORT_FORMS: &[(&str, CommandName)] = &[
    ("c", CommandName::Catalog),
    ("b", CommandName::Break),
    ("h", CommandName::Help),
    ("res", CommandName::ResourceTypes),
];

/// The command a (possibly abbreviated) word names.
pub fn resolve_name(word: &str) -> Result<CommandName, String> {
    if let Some(info) = COMMANDS.iter().find(|c| c.word == word) {
        return Ok(info.name);
    }
    if let Some((_, name)) = SHORT_FORMS.iter().find(|(w, _)| *w == word) {
        return Ok(*name);
    }
    let matches: Vec<&CommandInfo> = COMMANDS
        .iter()
        .filter(|c| !word.is_empty() && c.word.starts_with(word))
        .collect();
    match matches.as_slice() {
        [one] => Ok(one.name),
        // (a command of the debugger's prompt, typed where nothing is stopped)
        [] if prepl::eval::debug::commands::resolve(word)
            .is_ok_and(|w| !COMMANDS.iter().any(|c| c.word == w)) =>
        {
            let full = prepl::eval::debug::commands::resolve(word).unwrap_or_default();
            let named = match full == word {
                true => format!(":{word}"),
                false => format!(":{word} (:{full})"),
            };
            Err(format!(
                "{named} is a command of the debugger's prompt: nothing is stopped (:help debug)"
            ))
        }
        [] => {
            let words = COMMANDS.iter().map(|c| c.word);
            let close = prepl::suggest::nearest(word, words);
            let hint = prepl::suggest::hint(&close, |w| format!(":{w}"));
            Err(match hint {
                Some(h) => format!("Unknown command ':{word}' (see :help)\n{h}"),
                None => format!("Unknown command ':{word}' (see :help)"),
            })
        }
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
        CommandName::Help => {
            Ok(help_on_type_expression(repl, arg).unwrap_or_else(|| help(repl, arg)))
        }
        CommandName::Vars => Ok(vars(repl)),
        CommandName::Functions => Ok(functions(repl, arg)),
        CommandName::Types => Ok(types(repl, arg)),
        CommandName::Classes => Ok(listing(repl, Listing::Classes, arg)),
        CommandName::Defines => Ok(listing(repl, Listing::Defines, arg)),
        CommandName::ResourceTypes => Ok(listing(repl, Listing::ResourceTypes, arg)),
        CommandName::Type => type_of(repl, arg),
        CommandName::Why => why(repl, arg),
        CommandName::Load => load(repl, arg),
        CommandName::Catalog => catalog(repl, arg),
        CommandName::Facts => facts(repl, arg),
        CommandName::Lookup => lookup(repl, arg),
        CommandName::Modulepath => modulepath(repl, arg),
        CommandName::Env => environment(repl, arg),
        CommandName::HieraConfig => hiera_config(repl, arg),
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
        CommandName::Break
        | CommandName::Breaks
        | CommandName::Delete
        | CommandName::Disable
        | CommandName::Enable => {
            let word = COMMANDS
                .iter()
                .find(|c| c.name == name)
                .map_or("", |c| c.word);
            crate::breakpoints::breakpoint_command(repl.session.breakpoints_mut(), word, arg)
        }
        CommandName::Diff => diff(repl, arg),
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
        let mut out = discover::wrap(
            "Enter Puppet expressions; each value is shown as `=> value` and kept in $_.\n\
             An open bracket, string, heredoc or `if` continues on the next line.\n\
             Tab completes, Ctrl-R searches the history, Ctrl-C interrupts, Ctrl-D quits.\n\
             Breakpoints and the debugger's commands: :help debug.\n\
             A command may be shortened to a prefix naming only it (:fu, :mod); :c is \
             :catalog, :b :break, :h :help, :res :resource_types, and :reset is never \
             shorter than :rese.\n\nCommands:\n",
            repl.width(),
        );
        // Each command on its own lines: the usage, then the description wrapped to the
        // terminal's width at word boundaries.
        for c in COMMANDS {
            let usage = format!(":{} {}", c.word, c.args);
            let _ = writeln!(out, "  {}", bold(usage.trim_end()));
            let doc = discover::wrap(&format!("      {}", c.doc), repl.width());
            let _ = writeln!(out, "{doc}");
        }
        return out;
    }
    // `:help diff`: the command and the `prepl diff` it runs.
    if arg == "diff" {
        return format!(
            "{}\n\n{}",
            help(repl, ":diff"),
            crate::diff::USAGE.trim_end()
        );
    }
    if arg == "debug" || arg == "debugger" {
        return crate::breakpoints::HELP.to_string();
    }
    if let Some(word) = arg.strip_prefix(':').filter(|w| !w.starts_with(':')) {
        return match resolve_name(word) {
            Ok(name) => {
                let c = COMMANDS
                    .iter()
                    .find(|c| c.name == name)
                    .expect("every command is listed");
                command_help(repl, c)
            }
            Err(message) => message,
        };
    }
    // `:help file()`: the function, where a resource type has the name too.
    let function_only = arg.strip_suffix("()");
    if function_only.is_none() {
        if let Some(text) = discover::help(&repl.session, arg, repl.width()) {
            return text;
        }
    }
    let arg = function_only.unwrap_or(arg);
    if let Some(b) = prepl::functions::find(arg) {
        let mut doc = b.doc.trim_end().to_string();
        if let Some(module) = b.module {
            doc.push_str(&format!(
                "\n\n(A function of the module {module}: known when {module} is on the \
                 modulepath, or everywhere with :set module-functions on.)"
            ));
        }
        let doc = discover::wrap(&doc, repl.width());
        return format!("{}\n{}", bold(b.name), doc);
    }
    if let Some(text) = prepl::inventory::describe::describe_function(&repl.session, arg) {
        return discover::wrap(&text, repl.width());
    }
    if repl.session.function_names().iter().any(|f| &**f == arg) {
        return format!("{} is a function defined in this session.", bold(arg));
    }
    if let Some(t) = find_type(arg) {
        let head = format!("{}{}\n  {}", bold(t.name), t.params, t.doc);
        // A built-in object type (Deferred, Error): its attributes too.
        return match prepl::types::by_name(arg).and_then(|t| prepl::types::object::outline_type(&t))
        {
            Some(outline) => format!("{head}\n{outline}"),
            None => head,
        };
    }
    if let Some((name, target)) = repl
        .session
        .type_aliases()
        .into_iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(arg))
    {
        if let Some(outline) = prepl::types::object::outline_type(&target) {
            return outline;
        }
        return format!("{} is a type alias for {}", bold(&name), target);
    }
    if let Some(text) = prepl::inventory::describe::describe_type_alias(&repl.session, arg) {
        return discover::wrap(&text, repl.width());
    }
    if let Some(c) = COMMANDS.iter().find(|c| c.word == arg) {
        return command_help(repl, c);
    }
    format!("No function, type, resource type, class or command named '{arg}'.")
}

/// `:help Error['k']`, `:help Object[{...}]`, `:help Integer[1, 2]`, `:help P['a']`: a type
/// with parameters, evaluated in the session (its aliases known). An object type, plain or
/// parameterized (`Error['k']`, an alias of one), shows its outline (the parameters given,
/// attributes, type parameters, functions); another type its text and what `:help` says of
/// its name. `None` when `arg` is not such an expression or does not give a type.
fn help_on_type_expression(repl: &mut Repl, arg: &str) -> Option<String> {
    let (name, _) = arg.split_once('[')?;
    let name = name.trim();
    if !arg.trim_end().ends_with(']')
        || !name.starts_with(|c: char| c.is_ascii_uppercase())
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    {
        return None;
    }
    let prepl::Value::Type(t) = repl.session.eval_named(":help", arg).ok()? else {
        return None;
    };
    if let Some(outline) = prepl::types::object::outline_type(&t) {
        return Some(outline);
    }
    let about = help(repl, name);
    let bold = repl.palette.paint(BOLD, &t.to_string());
    Some(format!(
        "{bold} is the type {name} with parameters:\n\n{about}"
    ))
}

/// One command's usage (all its forms) and its description wrapped to the terminal.
fn command_help(repl: &Repl, c: &CommandInfo) -> String {
    let usage = repl.palette.paint(BOLD, &format!(":{} {}", c.word, c.args));
    format!(
        "{usage}\n{}",
        discover::wrap(&format!("  {}", c.doc), repl.width())
    )
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

fn listing(repl: &Repl, what: Listing, filter: &str) -> String {
    discover::list(&repl.session, what, filter, |s| repl.palette.paint(DIM, s))
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
    let known: Vec<String> = repl
        .session
        .type_aliases()
        .into_iter()
        .map(|(n, _)| n.to_string())
        .collect();
    for (name, module) in discover::module_type_aliases(&repl.session, filter) {
        if !known.contains(&name) {
            let _ = writeln!(
                out,
                "  {:<36} {}",
                name,
                repl.palette.paint(DIM, &format!("(module {module})"))
            );
        }
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
        prepl::types::alias_display(&infer(&value)),
        label("reduced:    "),
        infer_reduced(&value),
        label("generalized:"),
        infer_generalized(&value)
    ))
}

/// `:why VALUE =~ TYPE`, `:why T1 < T2`: the explanation as an indented list, the verdict
/// in bold and prepl's own notes (those the reference never prints) dimmed.
fn why(repl: &mut Repl, arg: &str) -> Result<String, String> {
    if arg.is_empty() {
        return Err(prepl::eval::why::USAGE.replacen("why", ":why", 1));
    }
    let session = &mut repl.session;
    let outcome = crate::interrupt::during(|| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| session.why(arg)))
    });
    let explanation = match outcome {
        Ok(Ok(e)) => e,
        Ok(Err(e)) => {
            repl.show_error(&e);
            return Ok(String::new());
        }
        Err(_) => return Err("Internal error while explaining (a bug in prepl)".into()),
    };
    let mut out = format!(
        "{} {}\n",
        repl.palette.paint(BOLD, &format!("{}:", explanation.holds)),
        explanation.headline
    );
    fn walk(repl: &Repl, notes: &[prepl::types::Note], depth: usize, out: &mut String) {
        for n in notes {
            let line = format!("{}- {}", "  ".repeat(depth), n.text);
            let shown = if n.reference {
                line
            } else {
                repl.palette.paint(DIM, &line)
            };
            let _ = writeln!(out, "{shown}");
            walk(repl, &n.children, depth + 1, out);
        }
    }
    walk(repl, &explanation.notes, 0, &mut out);
    Ok(out)
}

fn load(repl: &mut Repl, path: &str) -> Result<String, String> {
    if path.is_empty() {
        return Err("Usage: :load FILE".into());
    }
    let path = path.trim_matches(|c| c == '\'' || c == '"');
    let text = prepl::limits::read_source_file(path)
        .map_err(|e| format!("Could not read file {path}: {e}"))?;
    repl.eval_and_show(path, &text);
    Ok(String::new())
}

/// `:lookup KEY [--merge STRATEGY]` shows `lookup('KEY')`; with `--explain`, how the
/// lookup went, as `puppet lookup --explain` shows it.
fn lookup(repl: &mut Repl, arg: &str) -> Result<String, String> {
    use prepl::env::hiera::LookupCommand;
    let Some(command) = LookupCommand::parse(arg) else {
        return Err(format!("Usage: :lookup {}", LookupCommand::USAGE));
    };
    if command.explain {
        return Ok(command.explain(&mut repl.session));
    }
    repl.eval_and_show(":lookup", &command.source());
    Ok(String::new())
}

/// The session's catalog as `prepl diff` reads catalogs.
fn diff_view(repl: &Repl) -> Result<prepl::catalog::diff::View, String> {
    Ok(prepl::catalog::diff::View::from_catalog(
        repl.session.catalog(),
    ))
}

/// `:catalog [VIEW|SELECTION]` of the session's catalog, or `:catalog save NAME`.
fn catalog(repl: &mut Repl, arg: &str) -> Result<String, String> {
    if let Some(name) = arg
        .strip_prefix("save")
        .filter(|r| r.is_empty() || r.starts_with(' '))
    {
        let name = name.trim();
        if name.is_empty() {
            return Err("Usage: :catalog save NAME (then :diff NAME shows what changed)".into());
        }
        let view = diff_view(repl)?;
        let count = view.resources.len();
        repl.saved_catalogs.insert(name.to_string(), view);
        return Ok(format!(
            "Saved the catalog ({count} resources) as '{name}': :diff {name} shows what changes."
        ));
    }
    crate::catalog_view::catalog_view(repl.session.catalog(), arg, repl.width(), &repl.palette)
}

/// `:diff NAME`: the session's catalog against the one saved as NAME; `:diff ARGS`: the
/// `prepl diff` command (its output printed as it goes).
fn diff(repl: &mut Repl, arg: &str) -> Result<String, String> {
    use prepl::catalog::diff::{self, report};
    if arg.is_empty() {
        let names: Vec<&str> = repl.saved_catalogs.keys().map(String::as_str).collect();
        return Err(format!(
            "Usage: :diff NAME (a catalog kept by :catalog save NAME{}) or :diff [prepl diff options] (:diff --help)",
            if names.is_empty() { String::new() } else { format!("; saved: {}", names.join(", ")) }
        ));
    }
    if let Some(saved) = repl.saved_catalogs.get(arg) {
        let now = diff_view(repl)?;
        let d = diff::compare(saved, &now, &diff::Options::default());
        if d.is_empty() {
            return Ok(format!("No differences from '{arg}'."));
        }
        let colors = if repl.palette.enabled {
            report::Colors::ANSI
        } else {
            report::Colors::NONE
        };
        let mut text = format!("Since :catalog save {arg}:\n");
        report::difference_text(&mut text, &d, colors);
        return Ok(text);
    }
    if !arg.starts_with('-') && !arg.contains(".json") {
        return Err(format!(
            "No catalog was saved as '{arg}' (:catalog save {arg} keeps the current one)"
        ));
    }
    let args = prepl::fleet::split_args(arg).map_err(|e| format!(":diff: {e}"))?;
    let status = crate::diff::in_session(
        &args,
        repl.session.interrupt_handle(),
        repl.session.base_modulepath(),
    );
    Ok(format!("(exit status {status})"))
}

fn facts(repl: &mut Repl, arg: &str) -> Result<String, String> {
    if arg.is_empty() {
        return Ok(match repl.session.variable("facts") {
            Some(prepl::Value::Hash(h)) if !h.is_empty() => {
                let shown = discover::facts_table(&prepl::Value::Hash(h), repl.width());
                let mut shown = shown.trim_end().to_string();
                if !repl.setup.facts_origin.is_empty() {
                    shown.push_str(&format!("\n(from {})", repl.setup.facts_origin));
                }
                // (the fact files of the modules that gave no facts: scripts not run, code
                // that stopped)
                for note in &repl.session.custom_facts().file_errors {
                    shown.push_str(&format!("\n({note})"));
                }
                shown
            }
            _ => "No facts (set them with :facts FILE, :facts for FILTER or :facts local).".into(),
        });
    }
    let (word, rest) = match arg.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (arg, ""),
    };
    let (facts, origin) = match word {
        "for" => {
            if rest.is_empty() {
                return Err("Usage: :facts for FILTER (e.g. os.family=RedHat and os.release.major=9, debian-11)".into());
            }
            crate::facts::from_facterdb(rest)?
        }
        "local" if rest.is_empty() => crate::facts::local(),
        "set" => return set_fact(repl, rest),
        // `:facts os`, `:facts os.release.major`: that fact, as `facter os` shows it.
        name if rest.is_empty()
            && discover::is_fact_path(name)
            && !std::path::Path::new(name).exists() =>
        {
            let facts = repl
                .session
                .variable("facts")
                .unwrap_or(prepl::Value::Undef);
            let note = crate::facts::custom_note(&repl.session, name);
            return match (discover::fact(&facts, name), note) {
                (Some(v), None) => Ok(layout(&v, repl.width(), 0)),
                (Some(v), Some(note)) => Ok(format!("{}\n{note}", layout(&v, repl.width(), 0))),
                (None, note) => Err(format!(
                    "No fact '{name}' (:facts lists them; :facts FILE reads a fact file).{}",
                    note.map(|n| format!("\n{n}")).unwrap_or_default()
                )),
            };
        }
        _ => {
            let path = arg.trim_matches(|c| c == '\'' || c == '"');
            (crate::facts::load(path)?, path.to_string())
        }
    };
    let count = match &facts {
        prepl::Value::Hash(h) => h.len(),
        _ => 0,
    };
    repl.session.set_facts(facts.clone());
    repl.setup.facts = Some(facts);
    repl.setup.facts_origin = origin.clone();
    Ok(format!(
        "{count} fact{} from {origin}.",
        if count == 1 { "" } else { "s" }
    ))
}

/// What `:env` and `:modulepath` show: the environment, its whole modulepath, and which of
/// it is the base modulepath (the global modules every modulepath ends with).
fn describe_environment(session: &prepl::Session) -> String {
    let env = session.environment();
    let dir = match &env.dir {
        Some(d) => format!("environment {} in {}", env.name, d.display()),
        None => format!("environment {} (no directory)", env.name),
    };
    let path = if env.modulepath.is_empty() {
        "no modulepath".to_string()
    } else {
        format!("modulepath {}", prepl::env::join_paths(&env.modulepath))
    };
    format!("{dir}, {path}. {}", base_note(session))
}

/// Which directories are the base modulepath, and how to change it.
fn base_note(session: &prepl::Session) -> String {
    let base = session.base_modulepath();
    if base.is_empty() {
        "No base modulepath (:set basemodulepath DIRS).".into()
    } else {
        format!(
            "Base modulepath (global modules, as puppet apply's basemodulepath): {} (:set basemodulepath none for none).",
            prepl::env::join_paths(base)
        )
    }
}

/// Uses an environment from now on (and after `:reset`).
fn use_environment(repl: &mut Repl, env: prepl::env::Environment) -> String {
    repl.session.set_environment(env.clone());
    repl.setup.env = Some(env);
    format!("Now using the {}", describe_environment(&repl.session))
}

fn modulepath(repl: &mut Repl, arg: &str) -> Result<String, String> {
    if arg.is_empty() {
        return Ok(describe_environment(&repl.session));
    }
    let dirs = prepl::env::split_paths(arg.trim_matches(|c| c == '\'' || c == '"'));
    if let Some(missing) = dirs.iter().find(|d| !d.is_dir()) {
        return Err(format!("{} is not a directory", missing.display()));
    }
    let env = prepl::env::Environment {
        modulepath: dirs,
        ..repl.session.environment().clone()
    };
    Ok(use_environment(repl, env))
}

fn environment(repl: &mut Repl, arg: &str) -> Result<String, String> {
    if arg.is_empty() {
        return Ok(describe_environment(&repl.session));
    }
    let dir = std::path::PathBuf::from(arg.trim_matches(|c| c == '\'' || c == '"'));
    if !dir.is_dir() {
        return Err(format!("{} is not a directory", dir.display()));
    }
    let dir = dir.canonicalize().unwrap_or(dir);
    Ok(use_environment(
        repl,
        prepl::env::Environment::from_dir(dir, Vec::new()),
    ))
}

/// `:hiera-config [FILE|none]`: the global Hiera layer.
fn hiera_config(repl: &mut Repl, arg: &str) -> Result<String, String> {
    let arg = arg.trim_matches(|c| c == '\'' || c == '"');
    let path = match arg {
        "" => {
            return Ok(match repl.session.hiera_config() {
                Some(p) => format!("Global Hiera layer: {}", p.display()),
                None => "No global Hiera layer (set one with :hiera-config FILE).".into(),
            })
        }
        "none" => None,
        file => {
            let path = std::path::PathBuf::from(file);
            if !path.is_file() {
                return Err(format!("{file} is not a file"));
            }
            Some(path.canonicalize().unwrap_or(path))
        }
    };
    repl.session.set_hiera_config(path.clone());
    repl.setup.hiera_config = path.clone();
    Ok(match path {
        Some(p) => format!("Global Hiera layer: {}", p.display()),
        None => "No global Hiera layer.".into(),
    })
}

/// `:facts set os.family=RedHat`: changes one fact (a dotted path into the facts).
fn set_fact(repl: &mut Repl, arg: &str) -> Result<String, String> {
    let usage = "Usage: :facts set PATH=VALUE (e.g. os.family=RedHat, processors.count=4)";
    let (path, value) = arg.split_once('=').ok_or(usage)?;
    let path = path.trim();
    if path.is_empty() || path.split('.').any(str::is_empty) {
        return Err(usage.into());
    }
    let value = prepl::env::facts::parse_value(value);
    // The facts given (the agent's added ones follow the node and environment).
    let current = repl.session.given_facts();
    let facts = prepl::env::facts::set_path(&current, path, value.clone());
    repl.session.set_facts(facts.clone());
    repl.setup.facts = Some(facts);
    if !repl.setup.facts_origin.ends_with(", changed") && !repl.setup.facts_origin.is_empty() {
        repl.setup.facts_origin.push_str(", changed");
    }
    Ok(format!(
        "$facts['{}'] = {}",
        path.replace('.', "']['"),
        prepl::format::to_programmatic(&value)
    ))
}

fn strict(repl: &mut Repl, arg: &str) -> Result<String, String> {
    if !arg.is_empty() {
        let level = prepl::Strictness::parse(arg).ok_or("Usage: :strict off|warning|error")?;
        repl.set_strict(level);
    }
    Ok(format!(
        "Strictness is {}.",
        prepl::env::settings::strict_name(repl.strict)
    ))
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
        (Some("exec"), Some(word @ ("on" | "off")), None) => {
            let on = word == "on";
            repl.session.set_allow_exec(on);
            repl.setup.allow_exec = on;
            Ok(if on {
                "generate() runs commands.".into()
            } else {
                "generate() is refused.".into()
            })
        }
        (Some("module-functions"), Some(word @ ("on" | "off")), None) => {
            let on = word == "on";
            repl.session.set_module_functions_always(on);
            repl.setup.module_functions = on;
            Ok(if on {
                "Native module functions (stdlib's to_json, merge, ...) are available without their module.".into()
            } else {
                "Native module functions need their module on the modulepath, as in the reference."
                    .into()
            })
        }
        (Some("integer-bounds"), Some(word), None) => {
            let reading = prepl::SingleBound::parse(word)
                .ok_or("Usage: :set integer-bounds spec|reference")?;
            repl.session.set_single_bound(reading);
            repl.setup.single_bound = reading;
            Ok(reading.note().into())
        }
        (Some("integer-bounds"), None, None) => Ok(repl.session.single_bound().note().into()),
        (Some("print-limit"), Some("off"), None) => {
            repl.set_print_limit(None);
            Ok("Results are shown whole.".into())
        }
        (Some("print-limit"), Some(n), None) => match n.parse::<usize>() {
            Ok(n) if n > 0 => {
                repl.set_print_limit(Some(n));
                Ok(format!("Results show at most {n} elements."))
            }
            _ => Err("The print limit must be a number of elements (at least 1) or off.".into()),
        },
        (Some("print-limit"), None, None) => Ok(match repl.print_limit {
            Some(n) => format!("Results show at most {n} elements (:set print-limit N|off)."),
            None => "Results are shown whole (:set print-limit N|off).".into(),
        }),
        (Some("basemodulepath"), None, None) => Ok(base_note(&repl.session)),
        (Some("basemodulepath"), Some(_), _) => {
            // (the rest of the argument: '' for none)
            let dirs = arg["basemodulepath".len()..].trim();
            let base = match dirs.trim_matches(|c| c == '\'' || c == '"') {
                "none" => Vec::new(),
                dirs => prepl::env::split_paths(dirs),
            };
            if let Some(missing) = base.iter().find(|d| !d.is_dir()) {
                return Err(format!("{} is not a directory", missing.display()));
            }
            repl.session.set_base_modulepath(base.clone());
            repl.setup.base_modulepath = base;
            Ok(describe_environment(&repl.session))
        }
        (Some("memory-limit"), size, None) => {
            if let Some(size) = size {
                let bytes = prepl::limits::parse_size(size)
                    .ok_or("Usage: :set memory-limit SIZE (4G, 512M)")?;
                prepl::limits::set_memory_limit(bytes);
            }
            Ok(memory_limit_note())
        }
        _ => Err("Usage: :set width N|auto, :set exec on|off, :set module-functions on|off, :set integer-bounds spec|reference, :set print-limit N|off, :set memory-limit [SIZE], :set basemodulepath [DIRS|none]".into()),
    }
}

/// The memory limit in force and what set it.
fn memory_limit_note() -> String {
    // (first: it reads the process's limits again)
    let source = prepl::limits::memory_limit_source();
    let limit = prepl::limits::memory_limit();
    let shown = if limit >= 1 << 30 {
        format!("{:.1} GiB", limit as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} MiB", limit >> 20)
    };
    format!("The memory limit is {shown} ({source}).")
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
        assert_eq!(parse(":ca dot"), Ok((CommandName::Catalog, "dot")));
        // (a short form with a fixed meaning: see `short_forms_and_prefixes`)
        assert_eq!(parse(":c"), Ok((CommandName::Catalog, "")));
        let ambiguous = parse(":d").unwrap_err();
        assert!(ambiguous.contains(":defines") && ambiguous.contains(":diff"));
        assert_eq!(parse(":cl ntp"), Ok((CommandName::Classes, "ntp")));
        assert_eq!(parse(":reso"), Ok((CommandName::ResourceTypes, "")));
        assert!(parse(":f").unwrap_err().contains(":functions, :facts"));
        assert_eq!(parse(":fa"), Ok((CommandName::Facts, "")));
        assert!(parse(":bogus")
            .unwrap_err()
            .starts_with("Unknown command ':bogus'"));
    }

    #[test]
    fn unknown_commands_suggest_close_ones() {
        assert_eq!(
            parse(":wyh 1").unwrap_err(),
            "Unknown command ':wyh' (see :help)\nDid you mean :why?"
        );
        assert_eq!(
            parse(":zzzzzz").unwrap_err(),
            "Unknown command ':zzzzzz' (see :help)"
        );
    }

    #[test]
    fn why_explains_matches_and_comparisons() {
        let mut repl = repl();
        assert_eq!(
            parse(":why 1 =~ Integer"),
            Ok((CommandName::Why, "1 =~ Integer"))
        );
        assert_eq!(
            why(&mut repl, "[1, 'a'] =~ Array[Integer]").unwrap(),
            "false: [1, 'a'] does not match Array[Integer]\n- index 1 expects an Integer value, got String\n"
        );
        assert_eq!(
            why(&mut repl, "Integer[1, 10] < Integer[5, 20]").unwrap(),
            "false: Integer[1, 10] is not within Integer[5, 20]\n- 1 < 5\n"
        );
        repl.session
            .eval("$servers = {'web' => {'port' => 80}}")
            .unwrap();
        assert!(why(
            &mut repl,
            "$servers =~ Hash[String, Struct[{port => String}]]"
        )
        .unwrap()
        .contains("entry 'web' entry 'port' expects a String value, got Integer"));
        assert!(why(&mut repl, "").unwrap_err().starts_with("Usage: :why"));
        // Errors are shown (on stderr), not returned.
        assert_eq!(why(&mut repl, "1 =~ 2").unwrap(), "");
        assert_eq!(why(&mut repl, "$nosuch =~ Integer").unwrap(), "");
        assert!(help(&repl, ":why").contains("VALUE =~ TYPE"));
        assert_eq!(help(&repl, "why"), help(&repl, ":why"));
    }

    fn repl() -> Repl {
        let mut repl = Repl::with_setup(prepl::Strictness::Error, Default::default());
        repl.palette = crate::output::Palette::plain();
        repl
    }

    #[test]
    fn help_on_functions_types_and_commands() {
        let mut repl = repl();
        let words = |t: String| t.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(help(&repl, "").contains(":load FILE"));
        let d = help(&repl, "diff");
        assert!(
            d.starts_with(":diff NAME") && d.contains("Usage: prepl diff OLD.json NEW.json"),
            "{d}"
        );
        assert!(help(&repl, "notice").starts_with("notice\nnotice("));
        assert!(
            words(help(&repl, "type_of")).contains("The reference has it from the module stdlib")
        );
        // Wrapped to the width at word boundaries, every form of a command in its usage.
        let mut narrow = self::repl();
        narrow.fixed_width = Some(40);
        for text in [
            help(&narrow, ""),
            help(&narrow, ":set"),
            help(&narrow, "map"),
        ] {
            for line in text
                .lines()
                .filter(|l| l.trim().contains(' ') && !l.starts_with("  :") && !l.starts_with(':'))
            {
                assert!(line.width() <= 40, "{line:?} in\n{text}");
            }
        }
        assert!(help(&narrow, ":set").contains("print-limit N|off"));
        assert!(help(&narrow, ":catalog").contains("TYPE[TITLE]"));
        assert!(
            words(help(&repl, "range")).contains("(A function of the module stdlib: known when")
        );
        assert!(help(&repl, "file()").starts_with("file\nfile("));
        assert!(help(&repl, "file").starts_with("file\n====\n"));
        assert!(help(&repl, "::Package").starts_with("package\n=======\n"));
        // `:help template` documents the Ruby subset of ERB templates.
        let t = help(&repl, "template");
        assert!(
            t.contains("prepl renders ERB with its own interpreter"),
            "{t}"
        );
        assert!(t.contains("scope.call_function"), "{t}");
        assert!(words(help(&repl, "inline_template")).contains(":help template"));
        assert_eq!(
            help(&repl, "Integer"),
            "Integer[from, to]\n  integers in from..to"
        );
        assert_eq!(help(&repl, ":q"), ":quit \n  leave (Ctrl-D does too)");
        assert_eq!(
            help(&repl, "nothing"),
            "No function, type, resource type, class or command named 'nothing'."
        );
        assert!(repl.session.eval("function twice($x) { $x * 2 }").is_ok());
        assert_eq!(
            help(&repl, "twice"),
            "twice is a function defined in this session."
        );
        assert!(functions(&repl, "twi").contains("twice"));
    }

    /// `:help` of a parameterized object type (`Error['k']`, a user type's `P['a']`, an alias
    /// of one) shows the parameters given and the type's outline, its type parameters among
    /// it; other types with parameters their text and their name's help.
    #[test]
    fn help_on_parameterized_object_types() {
        let mut repl = repl();
        let e = help_on_type_expression(&mut repl, "Error['k']").unwrap();
        assert!(
            e.starts_with("Error['k']: the Object type Error with type parameters given"),
            "{e}"
        );
        assert!(
            e.contains("\n  kind => 'k'\n\nError: an Object type"),
            "{e}"
        );
        assert!(
            e.contains("type parameters (O[...] takes them in this order):\n    kind: "),
            "{e}"
        );
        assert!(repl
            .session
            .eval(
                "type P = Object[{type_parameters => {t => String}, attributes => {t => String, \
                 n => Integer}}] type C = Object[{parent => P, attributes => {m => Integer}}] \
                 type PA = P['a']"
            )
            .is_ok());
        let pa = help(&repl, "PA");
        assert!(pa.starts_with("P['a']: the Object type P"), "{pa}");
        assert!(pa.contains("\n  t => 'a'\n\nP: an Object type"), "{pa}");
        assert!(pa.contains("    n: Integer"), "{pa}");
        let c = help_on_type_expression(&mut repl, "C['b']").unwrap();
        assert!(c.contains("\n  t => 'b'\n"), "{c}");
        assert!(c.contains("    t: String  (from P)"), "{c}");
        let p = help(&repl, "P");
        assert!(
            p.contains("type parameters (O[...] takes them in this order):\n    t: String"),
            "{p}"
        );
        let o = help_on_type_expression(
            &mut repl,
            "Object[{name => 'Q', attributes => {a => Integer}}]",
        )
        .unwrap();
        assert!(
            o.starts_with("Q: an Object type\n  attributes:\n    a: Integer"),
            "{o}"
        );
        assert_eq!(
            help_on_type_expression(&mut repl, "Integer[1, 2]").unwrap(),
            "Integer[1, 2] is the type Integer with parameters:\n\nInteger[from, to]\n  integers in from..to"
        );
        assert_eq!(help_on_type_expression(&mut repl, "Nope[1]"), None);
        assert_eq!(help_on_type_expression(&mut repl, "Integer"), None);
        assert_eq!(help_on_type_expression(&mut repl, "$x[0]"), None);
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
    fn lookup_explains_the_hiera_data() {
        let mut repl = repl();
        assert!(lookup(&mut repl, "").is_err());
        let env = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../lang/src/env/hiera/testdata/env1");
        repl.session
            .set_environment(prepl::env::Environment::from_dir(env, Vec::new()));
        let facts = repl.session.eval("{'extra_names' => []}").unwrap();
        repl.session.set_facts(facts);
        assert!(lookup(&mut repl, "plain --merge bogus").is_err());
        let merged = lookup(&mut repl, "list --explain --merge unique").unwrap();
        assert!(merged.contains("Merge strategy unique"), "{merged}");
        let text = lookup(&mut repl, "plain --explain").unwrap();
        assert!(text.contains("Hierarchy entry \"Common data\""), "{text}");
        assert!(
            text.contains("Found key: \"plain\" value: \"common\""),
            "{text}"
        );
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
        assert_eq!(repl.print_limit, Some(prepl::elide::DEFAULT_LIMIT));
        assert!(set(&mut repl, "print-limit 5").is_ok() && repl.print_limit == Some(5));
        assert!(set(&mut repl, "print-limit")
            .unwrap()
            .contains("at most 5 elements"));
        assert!(set(&mut repl, "print-limit 0").is_err());
        assert!(set(&mut repl, "print-limit off").is_ok() && repl.print_limit.is_none());
        assert!(matches!(run(&mut repl, ":time"), Next::Continue) && repl.timing);
        assert_eq!(run(&mut repl, ":quit"), Next::Quit);
    }

    /// `:set basemodulepath DIRS` adds global modules after the environment's own, kept by
    /// `:reset` and shown by `:env`; `none` turns it off.
    #[test]
    fn base_modulepath_setting() {
        let root = std::env::temp_dir().join(format!("prepl-base-set-{}", std::process::id()));
        let (own, base) = (root.join("own"), root.join("base"));
        std::fs::create_dir_all(own.join("a/manifests")).unwrap();
        std::fs::create_dir_all(base.join("g/manifests")).unwrap();
        std::fs::write(
            base.join("g/manifests/init.pp"),
            "class g { notify { g: } }",
        )
        .unwrap();
        let mut repl = repl();
        assert!(set(&mut repl, "basemodulepath")
            .unwrap()
            .starts_with("No base modulepath"));
        assert!(repl.session.eval("include g").is_err());
        let shown = set(&mut repl, &format!("basemodulepath {}", base.display())).unwrap();
        assert!(
            shown.contains(&format!("modulepath {}.", base.display())),
            "{shown}"
        );
        modulepath(&mut repl, own.to_str().unwrap()).unwrap();
        let shown = environment(&mut repl, "").unwrap();
        assert!(
            shown.contains(&format!("modulepath {}:{}.", own.display(), base.display())),
            "{shown}"
        );
        assert!(shown.contains("Base modulepath (global modules"), "{shown}");
        repl.reset();
        assert!(repl.session.eval("include g").is_ok());
        assert!(set(&mut repl, "basemodulepath /nonexistent/dir").is_err());
        set(&mut repl, "basemodulepath none").unwrap();
        assert_eq!(repl.session.environment().modulepath, vec![own.clone()]);
        repl.reset();
        assert!(repl.session.eval("include g").is_err());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn integer_bounds_setting() {
        let mut repl = repl();
        let show = |repl: &mut Repl, src: &str| {
            prepl::format::to_programmatic(&repl.session.eval(src).unwrap())
        };
        // The reference's reading by default (the oracle: [Integer[1], true]).
        assert_eq!(repl.session.single_bound(), prepl::SingleBound::AtLeast);
        assert_eq!(
            show(&mut repl, "[Integer[1], 5 =~ Integer[1]]"),
            "[Integer[1], true]"
        );
        assert!(set(&mut repl, "integer-bounds")
            .unwrap()
            .contains("n or more"));
        assert!(set(&mut repl, "integer-bounds spec")
            .unwrap()
            .contains("exact value"));
        let spec = "[Integer[1, 1], false, Integer[1, default]]";
        let src = "[Integer[1], 5 =~ Integer[1], Integer[1, default]]";
        assert_eq!(show(&mut repl, src), spec);
        // `:reset` keeps the reading.
        repl.reset();
        assert_eq!(show(&mut repl, src), spec);
        assert!(set(&mut repl, "integer-bounds reference").is_ok());
        assert_eq!(show(&mut repl, src), "[Integer[1], true, Integer[1]]");
        assert!(set(&mut repl, "integer-bounds exact").is_err());
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
    fn saved_catalogs_show_sensitive_values_redacted() {
        let mut repl = repl();
        repl.session
            .eval("file { '/x': content => Sensitive('s3cret-1') }")
            .unwrap();
        catalog(&mut repl, "save before").unwrap();
        repl.reset();
        repl.session
            .eval("file { '/x': content => Sensitive('s3cret-2') }")
            .unwrap();
        let shown = diff(&mut repl, "before").unwrap();
        assert!(
            !shown.contains("s3cret")
                && shown.contains(
                    "content: #<Sensitive [value redacted]> -> #<Sensitive [value redacted]>"
                ),
            "{shown}"
        );
    }

    #[test]
    fn saved_catalogs_are_compared_with_the_session_s() {
        let mut repl = repl();
        repl.session
            .eval("notify { 'a': message => 'one' } file { '/x': mode => '0644' }")
            .unwrap();
        assert_eq!(
            catalog(&mut repl, "save before").unwrap(),
            "Saved the catalog (5 resources) as 'before': :diff before shows what changes."
        );
        assert!(catalog(&mut repl, "save").is_err());
        assert_eq!(
            diff(&mut repl, "before").unwrap(),
            "No differences from 'before'."
        );
        // Saved catalogs outlive :reset (edit, reload, compare).
        repl.reset();
        repl.session
            .eval("notify { 'a': message => \"two\nlines\" } file { '/x': mode => '0644' } notify { 'b': }")
            .unwrap();
        assert_eq!(
            diff(&mut repl, "before").unwrap(),
            "Since :catalog save before:
  + Notify[b] (line 2)
  ~ Notify[a] (line 1)
      message:
        --- old
        +++ new
        @@ -1 +1,2 @@
        -one
        \\ No newline at end of file
        +two
        +lines
        \\ No newline at end of file
  + edge Class[main] -> Notify[b]
"
        );
        assert!(diff(&mut repl, "after")
            .unwrap_err()
            .contains("No catalog was saved as 'after'"));
        assert!(diff(&mut repl, "").unwrap_err().contains("saved: before"));
    }

    #[test]
    fn catalog_views() {
        let mut repl = repl();
        repl.fixed_width = Some(100);
        // A fresh session's catalog: the main stage, the settings and main classes.
        let fresh = catalog(&mut repl, "").unwrap();
        assert_eq!(
            fresh,
            "\
Type   Title     Parameters      Tags             Contained in
─────  ────────  ──────────────  ───────────────  ────────────
Stage  main      name => 'main'  stage
Class  Settings                  class, settings  Stage[main]
Class  main      name => 'main'  class            Stage[main]
"
        );
        assert!(catalog(&mut repl, "graph")
            .unwrap()
            .starts_with("Relationships: none"));
        assert!(catalog(&mut repl, "d")
            .unwrap()
            .starts_with("digraph catalog {"));
        let json: serde_json::Value =
            serde_json::from_str(&catalog(&mut repl, "json").unwrap()).expect("pretty JSON");
        assert_eq!(json, repl.session.catalog_json());
        assert_eq!(
            catalog(&mut repl, "svg").unwrap_err(),
            "No resource in the catalog matches 'svg'."
        );
        assert_eq!(
            catalog(&mut repl, "9x").unwrap_err(),
            "'9x' is not a resource type, a reference (File['/etc/motd']) or a /pattern/\n\
             Usage: :catalog [graph|dot|json|TYPE|TYPE[TITLE]|/PATTERN/]"
        );
    }

    #[test]
    fn catalog_selections() {
        let mut repl = repl();
        repl.fixed_width = Some(100);
        let code = "notify { ['a', 'b']: } file { '/x': content => \"1\\n2\\n\" }";
        assert!(repl.session.eval(code).is_ok());
        let table = catalog(&mut repl, "notify").unwrap();
        assert!(table.starts_with("Type "), "{table}");
        assert!(
            table.contains("Notify  a") && table.contains("Notify  b"),
            "{table}"
        );
        assert!(!table.contains("File"), "{table}");
        assert_eq!(
            catalog(&mut repl, "File['/x']").unwrap(),
            "file { '/x':\n  content => @(END),\n    1\n    2\n    | END\n}\n\
             # tags: file, class\n# contained in: Class[main]\n# declared in In[1], line 1"
        );
        assert_eq!(
            catalog(&mut repl, "Notfy").unwrap_err(),
            "No resource in the catalog matches 'Notfy'.\nDid you mean 'Notify'?"
        );
    }

    #[test]
    fn catalog_table_of_the_session() {
        let mut repl = repl();
        repl.fixed_width = Some(100);
        assert!(repl
            .session
            .eval("notify { 'hi': message => 'hello' }")
            .is_ok());
        let table = catalog(&mut repl, "").unwrap();
        assert!(table.starts_with("Type "), "{table}");
        assert!(
            table
                .lines()
                .any(|l| l.starts_with("Notify ") && l.contains("message => 'hello'")),
            "{table}"
        );
        assert!(catalog(&mut repl, "graph")
            .unwrap()
            .contains("  └─ Class[main]\n     └─ Notify[hi]\n"));
        repl.reset();
        assert!(!catalog(&mut repl, "").unwrap().contains("Notify"));
    }

    #[test]
    fn a_custom_fact_shows_where_it_comes_from() {
        let dir = std::env::temp_dir().join(format!("prepl-cmd-cf-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("cf/lib/facter")).unwrap();
        std::fs::write(
            dir.join("cf/lib/facter/cf.rb"),
            "Facter.add(:cf_greeting) do\n  setcode { { 'to' => \"hello #{Facter.value(:kernel)}\" } }\nend\n\
             Facter.add(:cf_none) do\n  confine kernel: 'Plan9'\n  setcode { 'x' }\nend\n",
        )
        .unwrap();
        std::fs::create_dir_all(dir.join("cf/facts.d")).unwrap();
        std::fs::write(dir.join("cf/facts.d/site.yaml"), "cf_site: {dc: ams}\n").unwrap();
        let mut repl = repl();
        modulepath(&mut repl, dir.to_str().unwrap()).unwrap();
        let facts_file = dir.join("f.yaml");
        std::fs::write(&facts_file, "kernel: Linux\n").unwrap();
        facts(&mut repl, facts_file.to_str().unwrap()).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(
            facts(&mut repl, "cf_greeting.to").unwrap(),
            "'hello Linux'\n(custom fact cf_greeting from cf/lib/facter/cf.rb:1)"
        );
        assert_eq!(
            facts(&mut repl, "cf_site.dc").unwrap(),
            "'ams'\n(external fact cf_site from cf/facts.d/site.yaml)"
        );
        let none = facts(&mut repl, "cf_none").unwrap_err();
        assert!(
            none.ends_with(
                "\n(custom fact cf_none from cf/lib/facter/cf.rb:4: no value for these facts)"
            ),
            "{none}"
        );
        // A fact of the fact set itself: no note.
        assert_eq!(facts(&mut repl, "kernel").unwrap(), "'Linux'");
    }

    /// An executable external fact runs only when running commands is enabled; until then
    /// `:facts` notes it, then it names the script a fact came from.
    #[cfg(unix)]
    #[test]
    fn a_fact_script_runs_only_with_exec() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("prepl-cmd-fs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("fs/facts.d")).unwrap();
        let script = dir.join("fs/facts.d/site");
        std::fs::write(&script, "#!/bin/sh\necho fs_site=ams\n").unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let mut repl = repl();
        modulepath(&mut repl, dir.to_str().unwrap()).unwrap();
        let facts_file = dir.join("f.yaml");
        std::fs::write(&facts_file, "kernel: Linux\n").unwrap();
        facts(&mut repl, facts_file.to_str().unwrap()).unwrap();
        let listed = facts(&mut repl, "").unwrap();
        assert!(
            listed.ends_with("\n(fs/facts.d/site: an executable external fact, not run (running commands is enabled by prepl --allow-exec, :set exec on))"),
            "{listed}"
        );
        assert!(facts(&mut repl, "fs_site").is_err());
        repl.session.set_allow_exec(true);
        let shown = facts(&mut repl, "fs_site");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(
            shown.unwrap(),
            "'ams'\n(external fact fs_site from fs/facts.d/site (its output))"
        );
        assert!(!facts(&mut repl, "").unwrap().contains("not run"));
    }

    #[test]
    fn facts_from_files_survive_a_reset() {
        let mut repl = repl();
        // With no facts given, the session has those the agent adds to any fact set.
        let shown = facts(&mut repl, "").unwrap();
        assert!(
            shown.starts_with("  clientcert     '")
                && shown.contains("\n  puppetversion  '7.23.0'"),
            "{shown}"
        );
        let path =
            std::env::temp_dir().join(format!("prepl-cmd-facts-{}.yaml", std::process::id()));
        std::fs::write(&path, "kernel: Linux\nos:\n  family: Debian\n").unwrap();
        let shown = facts(&mut repl, path.to_str().unwrap());
        let _ = std::fs::remove_file(&path);
        assert_eq!(shown.unwrap(), format!("2 facts from {}.", path.display()));
        let shown = facts(&mut repl, "").unwrap();
        assert!(
            shown.contains("\n  kernel         'Linux'\n  os             {'family' => 'Debian'}\n  puppetversion  '7.23.0'\n"),
            "{shown}"
        );
        assert!(
            shown.ends_with(&format!("(from {})", path.display())),
            "{shown}"
        );
        // One fact, or a part of one.
        assert_eq!(facts(&mut repl, "os").unwrap(), "{'family' => 'Debian'}");
        assert_eq!(facts(&mut repl, "os.family").unwrap(), "'Debian'");
        assert!(facts(&mut repl, "os.nope")
            .unwrap_err()
            .starts_with("No fact 'os.nope'"));
        repl.reset();
        assert_eq!(
            prepl::format::to_programmatic(
                &repl
                    .session
                    .eval("\"${kernel} ${facts['os']['family']}\"")
                    .unwrap()
            ),
            "'Linux Debian'"
        );
        assert!(facts(&mut repl, "/nonexistent.yaml").is_err());
    }

    #[test]
    fn changing_one_fact_and_facterdb_sets() {
        let mut repl = repl();
        assert_eq!(
            facts(&mut repl, "set os.family=RedHat").unwrap(),
            "$facts['os']['family'] = 'RedHat'"
        );
        assert_eq!(
            facts(&mut repl, "set processors.count = 4").unwrap(),
            "$facts['processors']['count'] = 4"
        );
        let eval = |repl: &mut Repl, src: &str| {
            prepl::format::to_programmatic(&repl.session.eval(src).unwrap())
        };
        assert_eq!(
            eval(
                &mut repl,
                "[$facts['os']['family'], $os['family'], $processors['count']]"
            ),
            "['RedHat', 'RedHat', 4]"
        );
        repl.reset();
        assert_eq!(eval(&mut repl, "$os['family']"), "'RedHat'");
        assert!(facts(&mut repl, "set os.family")
            .unwrap_err()
            .starts_with("Usage"));
        assert!(facts(&mut repl, "set .x=1")
            .unwrap_err()
            .starts_with("Usage"));
        assert!(facts(&mut repl, "for").unwrap_err().starts_with("Usage"));
        let shown = facts(&mut repl, "local").unwrap();
        assert!(shown.contains(" facts from this machine ("), "{shown}");
        assert_eq!(eval(&mut repl, "$kernel"), "'Linux'");
        if !prepl::env::facterdb::directories().is_empty() {
            let shown = facts(&mut repl, "for os.family=RedHat and os.release.major=9").unwrap();
            assert!(shown.contains(" facts from facterdb "), "{shown}");
            assert_eq!(eval(&mut repl, "$os['family']"), "'RedHat'");
            assert!(facts(&mut repl, "for nosuch-1").is_err());
        }
    }

    /// Short forms have a fixed meaning; `:reset` never comes from an ambiguous or short
    /// prefix; a debugger command where nothing is stopped says so.
    #[test]
    fn short_forms_and_prefixes() {
        assert_eq!(resolve_name("c"), Ok(CommandName::Catalog));
        assert_eq!(resolve_name("cl"), Ok(CommandName::Classes));
        assert_eq!(resolve_name("b"), Ok(CommandName::Break));
        assert_eq!(resolve_name("h"), Ok(CommandName::Help));
        assert_eq!(resolve_name("res"), Ok(CommandName::ResourceTypes));
        assert_eq!(resolve_name("reso"), Ok(CommandName::ResourceTypes));
        assert_eq!(resolve_name("rese"), Ok(CommandName::Reset));
        for word in ["r", "re"] {
            let e = resolve_name(word).unwrap_err();
            assert!(
                e.starts_with(&format!("Ambiguous command ':{word}'")),
                "{e}"
            );
        }
        for (word, named) in [
            ("continue", ":continue"),
            ("n", ":n (:next)"),
            ("whereami", ":whereami"),
        ] {
            let e = resolve_name(word).unwrap_err();
            assert_eq!(
                e,
                format!("{named} is a command of the debugger's prompt: nothing is stopped (:help debug)")
            );
        }
        assert!(resolve_name("zzz")
            .unwrap_err()
            .starts_with("Unknown command"));
        let mut repl = repl();
        repl.session.eval("$kept = 1").unwrap();
        for word in [":r", ":re", ":res", ":c"] {
            assert_eq!(run(&mut repl, word), Next::Continue);
        }
        assert!(repl.session.eval("$kept").is_ok());
        let text = help(&repl, "").replace('\n', " ");
        assert!(text.contains(":c is :catalog"), "{text}");
    }

    #[test]
    fn every_command_is_documented_once() {
        for c in COMMANDS {
            assert_eq!(resolve_name(c.word), Ok(c.name));
            assert!(!c.doc.is_empty());
        }
    }
}
