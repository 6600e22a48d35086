//! Finding things as a Puppet user expects: `:classes`, `:defines`, `:resource_types` (what
//! the session and the modulepath define, loaded or not), `:help` for a resource type, a
//! defined type or a class (the language crate's `inventory`), text wrapped to the terminal
//! at word boundaries. It takes the session, not the REPL's state, so that it stays out of
//! the interactive modules' circle.

use prepl::inventory::{self, Kind};
use prepl::Session;
use std::fmt::Write;
use unicode_width::UnicodeWidthStr;

pub use prepl::inventory::Listing;

/// `:classes [FILTER]`, `:defines [FILTER]`, `:resource_types [FILTER]`: the names (with a
/// filter: those containing it, any case) and where each comes from, in columns.
pub fn list(
    session: &Session,
    what: Listing,
    filter: &str,
    dim: impl Fn(&str) -> String,
) -> String {
    let filter = filter.to_ascii_lowercase();
    let shown: Vec<(String, String)> = inventory::listing(session, what)
        .into_iter()
        .filter(|(n, _)| n.to_ascii_lowercase().contains(&filter))
        .collect();
    let (one, plural) = match what {
        Listing::Classes => ("class", "classes"),
        Listing::Defines => ("defined type", "defined types"),
        Listing::ResourceTypes => ("resource type", "resource types"),
    };
    if shown.is_empty() {
        let where_ = if session.environment().modulepath.is_empty() {
            " (the modulepath is empty: :modulepath DIR)"
        } else {
            ""
        };
        return if filter.is_empty() {
            format!("No {plural}{where_}.")
        } else {
            format!("No {plural} match '{filter}'{where_}.")
        };
    }
    let column = shown
        .iter()
        .map(|(n, _)| n.width())
        .max()
        .unwrap_or(0)
        .min(40);
    let mut out = String::new();
    for (name, origin) in &shown {
        let _ = writeln!(out, "  {name:<column$}  {}", dim(origin));
    }
    let noun = if shown.len() == 1 { one } else { plural };
    let _ = write!(out, "{} {noun}; :help NAME describes one.", shown.len());
    out
}

/// `:help NAME` for a resource type, defined type or class, wrapped to `width`.
pub fn help(session: &Session, name: &str, width: usize) -> Option<String> {
    let text = inventory::describe::describe(session, name)?;
    let mut text = wrap(&text, width);
    if prepl::functions::find(&name.to_ascii_lowercase()).is_some() {
        let _ = write!(text, "\n(The function: :help {name}().)");
    }
    Some(text)
}

/// The type aliases of the modulepath's modules (loaded or not) whose names contain
/// `filter`, with their module.
pub fn module_type_aliases(session: &Session, filter: &str) -> Vec<(String, String)> {
    let filter = filter.to_ascii_lowercase();
    inventory::definitions(session.environment())
        .into_iter()
        .filter(|d| d.kind == Kind::TypeAlias && d.name.to_ascii_lowercase().contains(&filter))
        .map(|d| (d.name, d.module))
        .collect()
}

// (in facts.rs, which the kernel shares)
pub use crate::facts::{fact, is_fact_path};

/// `:facts`: every top-level fact on a line of its own, its value on one line cut to the
/// width (`:facts NAME` shows one whole).
pub fn facts_table(facts: &prepl::Value, width: usize) -> String {
    let prepl::Value::Hash(h) = facts else {
        return String::new();
    };
    let mut rows: Vec<(String, String)> = h
        .iter()
        .map(|(k, v)| {
            let name = match k {
                prepl::Value::String(s) => s.to_string(),
                other => prepl::format::to_programmatic(other),
            };
            (name, prepl::format::to_programmatic(v))
        })
        .collect();
    rows.sort();
    let column = rows
        .iter()
        .map(|(n, _)| n.width())
        .max()
        .unwrap_or(0)
        .min(28);
    let mut out = String::new();
    for (name, value) in rows {
        let room = width.saturating_sub(column + 4).max(10);
        let _ = writeln!(out, "  {name:<column$}  {}", cut(&value, room));
    }
    out
}

/// `text` on one line cut to `width` columns, with `…` when something was cut.
fn cut(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for c in text.chars() {
        if out.width() + 2 > width {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

/// A bare `help`, `exit`, `quit`, `vars` (puppet-debugger's commands), typed as Puppet code,
/// would evaluate to a string: the `:` command meant, instead.
pub fn bare_command_hint(input: &str) -> Option<&'static str> {
    Some(match input.trim() {
        "help" => "Commands start with ':' here: :help lists them (help is a bare word in Puppet).",
        "exit" | "quit" => "To leave, type :quit or press Ctrl-D.",
        "vars" => "Commands start with ':' here: :vars lists the variables.",
        "whereami" | "ls" | "krt" | "classes" | "facts" => {
            "Commands start with ':' here (:help lists them; :classes, :resource_types, :facts)."
        }
        _ => return None,
    })
}

/// `text` with each line longer than `width` broken at word boundaries; a broken line's
/// continuation keeps its indentation (of a list item's text: `- x` continues under `x`) and
/// flows into the next line when that one continues the same paragraph (same indentation,
/// not a list item).
pub fn wrap(text: &str, width: usize) -> String {
    let width = width.max(20);
    let mut out = String::new();
    // Words a broken line left over, with their indentation.
    let mut carry: Option<(usize, String)> = None;
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        let body = line.trim_start();
        let continues = !body.is_empty()
            && !body.starts_with("- ")
            && !body.starts_with("* ")
            && carry.as_ref().is_some_and(|(i, _)| *i == indent);
        let line = match carry.take() {
            Some((_, words)) if continues => format!("{}{words} {body}", " ".repeat(indent)),
            Some((hang, words)) => {
                let rest = format!("{}{words}", " ".repeat(hang));
                out.push_str(&fill(&rest, width, Some(hang), None));
                line.to_string()
            }
            None => line.to_string(),
        };
        out.push_str(&fill(&line, width, None, Some(&mut carry)));
    }
    if let Some((hang, words)) = carry {
        let rest = format!("{}{words}", " ".repeat(hang));
        out.push_str(&fill(&rest, width, Some(hang), None));
    }
    if !text.ends_with('\n') {
        out.pop();
    }
    out
}

/// One line filled to `width`, each row ending with a new line. The words beyond the first
/// row go on rows indented by `hang` (by default the line's own indentation, or its list
/// item's text's); or, when `carry` is given and they would be indented as the line is, they
/// are left there to flow into the next line.
fn fill(
    line: &str,
    width: usize,
    hang: Option<usize>,
    carry: Option<&mut Option<(usize, String)>>,
) -> String {
    let indent = line.len() - line.trim_start().len();
    let body = line.trim_start();
    let hang = hang.unwrap_or(if body.starts_with("- ") || body.starts_with("* ") {
        indent + 2
    } else {
        indent
    });
    if line.width() <= width {
        return format!("{}\n", line.trim_end());
    }
    let mut out = String::new();
    let mut current = line[..indent].to_string();
    let mut at_start = true;
    let words: Vec<&str> = body.split(' ').filter(|w| !w.is_empty()).collect();
    for (n, word) in words.iter().enumerate() {
        if !at_start && current.width() + 1 + word.width() > width {
            out.push_str(current.trim_end());
            out.push('\n');
            let rest = words[n..].join(" ");
            match carry {
                Some(slot) if hang == indent => *slot = Some((hang, rest)),
                _ => {
                    let rest = format!("{}{rest}", " ".repeat(hang));
                    out.push_str(&fill(&rest, width, Some(hang), None));
                }
            }
            return out;
        }
        if !at_start {
            current.push(' ');
        }
        current.push_str(word);
        at_start = false;
    }
    out.push_str(current.trim_end());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_one_by_path_and_all_as_a_table() {
        let mut s = Session::new();
        let facts = s
            .eval("{'os' => {'family' => 'Debian', 'release' => {'major' => '12'}}, 'ips' => ['a', 'b'], 'kernel' => 'Linux'}")
            .unwrap();
        let shown = |v: Option<prepl::Value>| v.map(|v| prepl::format::to_programmatic(&v));
        assert_eq!(
            shown(fact(&facts, "os.release.major")).as_deref(),
            Some("'12'")
        );
        assert_eq!(shown(fact(&facts, "ips.1")).as_deref(), Some("'b'"));
        assert_eq!(shown(fact(&facts, "os.nope")), None);
        assert!(is_fact_path("os.family") && !is_fact_path("f.yaml") && !is_fact_path("/x/f"));
        assert_eq!(
            facts_table(&facts, 40),
            "  ips     ['a', 'b']\n  kernel  'Linux'\n  os      {'family' => 'Debian', 'relea…\n"
        );
        assert!(bare_command_hint(" help ").unwrap().contains(":help"));
        assert!(bare_command_hint("quit").unwrap().contains(":quit"));
        assert_eq!(bare_command_hint("'help'"), None);
    }

    #[test]
    fn listings_count_in_the_singular_and_plural() {
        let mut s = Session::new();
        s.eval("class listed_once {} class listed_twice_a {} class listed_twice_b {}")
            .unwrap();
        let plain = |t: &str| t.to_string();
        assert!(list(&s, Listing::Classes, "listed_once", plain)
            .ends_with("\n1 class; :help NAME describes one."));
        assert!(list(&s, Listing::Classes, "listed_twice", plain)
            .ends_with("\n2 classes; :help NAME describes one."));
    }

    #[test]
    fn wrapping_at_word_boundaries() {
        assert_eq!(wrap("short", 40), "short");
        assert_eq!(
            wrap("  one two three four five six seven", 20),
            "  one two three four\n  five six seven"
        );
        assert_eq!(
            wrap("- **x** a long description of it", 20),
            "- **x** a long\n  description of it"
        );
        // the rest of a broken line flows into the next line of its paragraph
        assert_eq!(
            wrap("one two three four five\nsix\n\nseven", 20),
            "one two three four\nfive six\n\nseven"
        );
        assert_eq!(
            wrap("  - item one two three four\n  next", 20),
            "  - item one two\n    three four\n  next"
        );
        // a word longer than the width stays whole
        assert_eq!(
            wrap("abcdefghijklmnopqrstuvwxyz1234 b", 20),
            "abcdefghijklmnopqrstuvwxyz1234\nb"
        );
    }

    #[test]
    fn listings_of_the_session_and_the_modulepath() {
        let mut s = Session::new();
        let modules = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/control-repo/production/modules");
        s.set_environment(prepl::env::Environment {
            modulepath: vec![modules],
            ..Default::default()
        });
        s.eval("class mine { } define here::thing() { }").unwrap();
        let plain = |t: &str| t.to_string();
        let classes = list(&s, Listing::Classes, "", plain);
        assert!(classes.contains("  mine "), "{classes}");
        assert!(classes.contains("this session"), "{classes}");
        assert!(classes.contains("webapp::params"), "{classes}");
        assert!(classes.contains("module webapp"), "{classes}");
        let vhost = list(&s, Listing::Defines, "webapp::VHOST", plain);
        assert!(
            vhost.starts_with("  webapp::vhost  module webapp\n1 defined type;"),
            "{vhost}"
        );
        let types = list(&s, Listing::ResourceTypes, "", plain);
        assert!(types.contains("  package "), "{types}");
        assert!(types.contains("here::thing"), "{types}");
        assert!(
            types.contains("webapp::vhost") && types.contains("(defined type)"),
            "{types}"
        );
        assert_eq!(
            list(&s, Listing::Classes, "zzz", plain),
            "No classes match 'zzz'."
        );
        let aliases = module_type_aliases(&s, "webapp::po");
        assert_eq!(
            aliases,
            [("Webapp::Port".to_string(), "webapp".to_string())]
        );
        let h = help(&s, "webapp", 80).unwrap();
        assert!(h.starts_with("webapp (class)\n"), "{h}");
        assert!(h.contains("webapp/manifests/init.pp:2"), "{h}");
        assert!(
            h.contains("The webapp: package, configuration (EPP) and service."),
            "{h}"
        );
        assert!(h.contains("- **port** `Webapp::Port` = `8080`"), "{h}");
        assert!(
            h.contains(
                "- **version** `String` (no default in the code: from Hiera, else required)"
            ),
            "{h}"
        );
        let session_help = |name: &str| prepl::inventory::describe::describe_type_alias(&s, name);
        assert!(session_help("Webapp::Port")
            .unwrap()
            .contains("type Webapp::Port = Integer[1, 65535]"));
        let file = help(&s, "file", 60).unwrap();
        assert!(file.ends_with("(The function: :help file().)"), "{file}");
        let too_long: Vec<&str> = file
            .lines()
            .filter(|l| l.width() > 60 && l.trim().contains(' '))
            .collect();
        assert!(too_long.is_empty(), "{too_long:?}");
    }
}
