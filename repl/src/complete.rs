//! Tab completion: variables in scope (`$x`, `$::x`), built-in and user functions (also
//! after `.`), type names (`Int` → `Integer`), keywords, `:` commands and their arguments
//! (`:catalog` views and the catalog's resource types, file names for `:load` and `:facts`).

use crate::commands::{self, CommandName};
use crate::highlight::{tokenize, Kind};
pub use prepl::complete::Names;

/// Where to complete and with what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Completion {
    /// Replace `line[start..cursor]` by one of the words.
    Words { start: usize, words: Vec<String> },
    /// Complete a file path (`:load FILE`, `:facts FILE`).
    Path,
}

fn starting_with<'a>(items: impl IntoIterator<Item = &'a str>, prefix: &str) -> Vec<String> {
    items
        .into_iter()
        .filter(|w| w.starts_with(prefix))
        .map(str::to_string)
        .collect()
}

fn sorted_unique(mut words: Vec<String>) -> Vec<String> {
    words.sort();
    words.dedup();
    words
}

/// The variables named in `text` (assigned or used earlier in the input being typed, lambda
/// parameters), without `$` or a leading `::`.
pub fn variables_in(text: &str) -> Vec<String> {
    let words = tokenize(text)
        .into_iter()
        .filter(|t| t.kind == Kind::Variable)
        .map(|t| {
            let word = &text[t.start..t.end];
            let word = word.strip_prefix('$').unwrap_or(word);
            word.trim_start_matches("::").to_string()
        })
        .filter(|w| !w.is_empty())
        .collect();
    sorted_unique(words)
}

/// Completes `line` at byte offset `cursor`. `first_line` is false on the continuation
/// lines of a multi-line input (where `:` does not start a command).
pub fn complete(line: &str, cursor: usize, first_line: bool, names: &Names) -> Completion {
    let cursor = floor_boundary(line, cursor.min(line.len()));
    let before = &line[..cursor];
    if first_line {
        let trimmed = before.trim_start();
        if let Some(rest) = trimmed.strip_prefix(':') {
            return complete_command(before, rest, names);
        }
    }
    complete_code(before, names)
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn complete_command(before: &str, rest: &str, names: &Names) -> Completion {
    let Some(space) = rest.find(char::is_whitespace) else {
        // Completing the command name itself.
        let start = before.len() - rest.len() - 1;
        let words = commands::COMMANDS
            .iter()
            .filter(|c| c.word.starts_with(rest))
            .map(|c| format!(":{}", c.word))
            .collect();
        return Completion::Words {
            start,
            words: sorted_unique(words),
        };
    };
    let word = &rest[..space];
    let Ok(command) = commands::resolve_name(word) else {
        return Completion::Words {
            start: before.len(),
            words: Vec::new(),
        };
    };
    let arg_start = before.len() - rest.len() + space;
    let arg = &before[arg_start..];
    let arg_trimmed = arg.trim_start();
    let start = before.len() - arg_trimmed.len();
    let prefix = arg_trimmed;
    let words = match command {
        CommandName::Load
        | CommandName::Facts
        | CommandName::Modulepath
        | CommandName::Env
        | CommandName::HieraConfig => return Completion::Path,
        CommandName::Catalog => {
            let views = crate::catalog_view::CATALOG_VIEWS.iter().copied();
            let types = names.catalog_types.iter().map(String::as_str);
            starting_with(views.chain(types), prefix)
        }
        CommandName::Type | CommandName::Why => return complete_code(before, names),
        CommandName::Diff => starting_with(prepl::fleet::OPTIONS.iter().copied(), prefix),
        CommandName::Help => {
            let mut all = starting_with(names.functions.iter().map(String::as_str), prefix);
            all.extend(starting_with(
                names.types.iter().map(String::as_str),
                prefix,
            ));
            all.extend(starting_with(
                names.resource_types.iter().map(String::as_str),
                prefix,
            ));
            all.extend(starting_with(
                names.classes.iter().map(String::as_str),
                prefix,
            ));
            all.extend(
                commands::COMMANDS
                    .iter()
                    .map(|c| format!(":{}", c.word))
                    .filter(|w| w.starts_with(prefix)),
            );
            all.extend(starting_with(["debug"], prefix));
            sorted_unique(all)
        }
        CommandName::Functions => starting_with(names.functions.iter().map(String::as_str), prefix),
        CommandName::Types => starting_with(names.types.iter().map(String::as_str), prefix),
        CommandName::Classes => starting_with(names.classes.iter().map(String::as_str), prefix),
        CommandName::Defines | CommandName::ResourceTypes => {
            starting_with(names.resource_types.iter().map(String::as_str), prefix)
        }
        CommandName::Strict => starting_with(["off", "warning", "error"], prefix),
        CommandName::Set => {
            if prefix.contains(char::is_whitespace) {
                Vec::new()
            } else {
                starting_with(
                    [
                        "width",
                        "exec",
                        "module-functions",
                        "integer-bounds",
                        "print-limit",
                        "memory-limit",
                        "basemodulepath",
                    ],
                    prefix,
                )
            }
        }
        CommandName::Lookup => {
            let mut all = starting_with(names.hiera_keys.iter().map(String::as_str), prefix);
            all.extend(starting_with(["--explain"], prefix));
            all
        }
        CommandName::Break => {
            // The kinds of breakpoint, then class and define names are the user's.
            starting_with(["function", "error", "resource"], prefix)
        }
        CommandName::Breaks | CommandName::Delete | CommandName::Disable | CommandName::Enable => {
            Vec::new()
        }
        CommandName::Vars | CommandName::Reset | CommandName::Time | CommandName::Quit => {
            Vec::new()
        }
    };
    if prefix.contains(char::is_whitespace) && command != CommandName::Set {
        return Completion::Words {
            start: before.len(),
            words: Vec::new(),
        };
    }
    Completion::Words { start, words }
}

/// Puppet code: the language crate's completer (shared with the Jupyter kernel).
fn complete_code(before: &str, names: &Names) -> Completion {
    let (start, found) = prepl::complete::complete_code(before, names);
    Completion::Words {
        start,
        words: found.into_iter().map(|(w, _)| w).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Names {
        Names {
            variables: vec!["_".into(), "xs".into(), "xy".into(), "y".into()],
            functions: vec![
                "each".into(),
                "filter".into(),
                "notice".into(),
                "now".into(),
            ],
            types: vec![
                "Integer".into(),
                "Iterable".into(),
                "MyType".into(),
                "String".into(),
            ],
            members: Vec::new(),
            catalog_types: vec!["File".into(), "Stage".into()],
            ..Names::default()
        }
    }

    fn words(line: &str) -> (usize, Vec<String>) {
        match complete(line, line.len(), true, &names()) {
            Completion::Words { start, words } => (start, words),
            Completion::Path => panic!("path completion for {line}"),
        }
    }

    #[test]
    fn variables() {
        assert_eq!(words("$x"), (0, vec!["$xs".into(), "$xy".into()]));
        assert_eq!(words("1 + $::y"), (4, vec!["$::y".into()]));
        assert_eq!(
            words("[$xs,$"),
            (
                5,
                vec!["$_".into(), "$xs".into(), "$xy".into(), "$y".into()]
            )
        );
    }

    #[test]
    fn functions_keywords_and_types() {
        assert_eq!(
            words("no"),
            (0, vec!["node".into(), "notice".into(), "now".into()])
        );
        assert_eq!(words("$xs.f"), (4, vec!["filter".into()]));
        assert_eq!(words("[1].").1.len(), 4);
        assert_eq!(words("Int"), (0, vec!["Integer".into()]));
        assert_eq!(
            words("Array[I"),
            (6, vec!["Integer".into(), "Iterable".into()])
        );
        assert_eq!(words("STR"), (0, vec!["String".into()]));
        assert_eq!(words("1 + "), (4, vec![]));
    }

    #[test]
    fn commands_and_arguments() {
        assert_eq!(words(":ty"), (0, vec![":type".into(), ":types".into()]));
        assert_eq!(words("  :q"), (2, vec![":quit".into()]));
        assert_eq!(words(":strict w"), (8, vec!["warning".into()]));
        assert_eq!(words(":help not"), (6, vec!["notice".into()]));
        assert_eq!(words(":help :v"), (6, vec![":vars".into()]));
        assert_eq!(words(":type $x"), (6, vec!["$xs".into(), "$xy".into()]));
        assert_eq!(words(":types It"), (7, vec!["Iterable".into()]));
        assert_eq!(words(":set w"), (5, vec!["width".into()]));
        assert_eq!(complete(":load sr", 8, true, &names()), Completion::Path);
        assert_eq!(complete(":facts f", 8, true, &names()), Completion::Path);
        assert_eq!(words(":cat"), (0, vec![":catalog".into()]));
        assert_eq!(
            words(":catalog "),
            (
                9,
                ["graph", "dot", "json", "File", "Stage"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert_eq!(words(":catalog g"), (9, vec!["graph".into()]));
        assert_eq!(words(":catalog F"), (9, vec!["File".into()]));
    }

    #[test]
    fn continuation_lines_have_no_commands() {
        assert_eq!(
            complete(":no", 3, false, &names()),
            Completion::Words {
                start: 1,
                words: vec!["node".into(), "notice".into(), "now".into()]
            }
        );
    }

    #[test]
    fn variables_of_the_input_being_typed() {
        assert_eq!(
            variables_in("$a = 1\n[$b].map |$item| { $::a + \"${c}\" }"),
            vec!["a".to_string(), "b".into(), "c".into(), "item".into()]
        );
    }

    #[test]
    fn cursor_inside_a_multibyte_character() {
        let _ = complete("é", 1, true, &names());
    }
}
