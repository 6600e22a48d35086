//! The reference's check of a 3.x function file before it loads it from Puppet code
//! (`RubyLegacyFunctionInstantiator.assert_code`): a method definition anywhere in the file
//! (`def helper`, `def self.helper`, inside the `newfunction` block or around it) makes
//! it refuse the file with a `SecurityError`, which no wrapper rescues (found by
//! voxpupuli-consul's `consul_sorted_json`, which reopens `JSON` with helper methods).

use super::*;
use crate::erb::ruby::token::{Tok, Token};

/// The reference's error for a 3.x function file (`lib/puppet/parser/functions`) that
/// defines a method, when Puppet code calls the function; `None` for a file without one (or
/// one the lexer refuses: the load reports that).
pub(super) fn illegal_def(path: &Path, text: &str) -> Option<Error> {
    if !is_legacy_location(path) {
        return None;
    }
    let (name, column) = first_def(text)?;
    Some(Error::uncaught(
        "SecurityError",
        format!(
            "Illegal method definition of method '{name}' in source {} on line {column} in legacy function. See https://puppet.com/docs/puppet/latest/functions_refactor_legacy.html for more information",
            path.display()
        ),
    ))
}

/// Whether the file is where the 3.x API's functions live (`.../parser/functions/x.rb`).
fn is_legacy_location(path: &Path) -> bool {
    let mut dirs = path.parent().into_iter().flat_map(|p| p.iter().rev());
    dirs.next().is_some_and(|d| d == "functions") && dirs.next().is_some_and(|d| d == "parser")
}

/// The first method definition's name and where the reference says it is: the name's
/// column (Ripper's `[line, column]` read at index 1: its message calls it the line), both
/// `<unknown>` when the name is no identifier (`def ==`, `def Name`).
fn first_def(text: &str) -> Option<(String, String)> {
    let mut toks = Vec::new();
    // (class variables, outside the subset's lexer, read as instance variables: the same
    // length, the offsets kept)
    let lexed = text.replace("@@", "@_");
    crate::erb::ruby::lexer::lex(&lexed, 0, &mut toks).ok()?;
    let unknown = || ("<unknown>".to_string(), "<unknown>".to_string());
    for (i, t) in toks.iter().enumerate() {
        if !matches!(&t.tok, Tok::Ident(d) if d == "def") {
            continue;
        }
        // (`x.def`, `x::def`: a call of a method named def)
        if i > 0 && matches!(toks[i - 1].tok, Tok::Op("." | "&." | "::")) {
            continue;
        }
        let mut n = i + 1;
        // `def self.name`, `def obj.name`: the name after the dot
        if matches!(toks.get(n + 1).map(|t| &t.tok), Some(Tok::Op("."))) {
            n += 2;
        }
        return Some(match toks.get(n) {
            Some(Token {
                tok: Tok::Ident(name),
                at,
                ..
            }) => {
                let line_start = text[..*at].rfind('\n').map_or(0, |p| p + 1);
                (name.clone(), (at - line_start).to_string())
            }
            _ => unknown(),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_definition_and_its_column() {
        let text = "module Puppet::Parser::Functions\n  newfunction(:f, :type => :rvalue) do |args|\n    def helper(x)\n      x\n    end\n  end\nend\n";
        assert_eq!(first_def(text), Some(("helper".into(), "8".into())));
        let text =
            "module JSON\n  class << self\n    @@n = 0\n    def self.gen(o) o end\n  end\nend\n";
        assert_eq!(first_def(text), Some(("gen".into(), "13".into())));
        assert_eq!(
            first_def("def ==(o)\nend\n"),
            Some(("<unknown>".into(), "<unknown>".into()))
        );
        assert_eq!(first_def("x.def(1)\n:def\n{ def: 1 }\n"), None);
    }

    #[test]
    fn only_3x_files_are_checked() {
        assert!(is_legacy_location(Path::new(
            "/m/lib/puppet/parser/functions/f.rb"
        )));
        assert!(!is_legacy_location(Path::new(
            "/m/lib/puppet/functions/m/f.rb"
        )));
        assert!(illegal_def(Path::new("/m/lib/puppet/functions/f.rb"), "def f\nend\n").is_none());
        let e = illegal_def(
            Path::new("/m/lib/puppet/parser/functions/f.rb"),
            "def f\nend\n",
        );
        assert!(e.is_some_and(|e| e.message.starts_with(
            "Illegal method definition of method 'f' in source /m/lib/puppet/parser/functions/f.rb on line 4 in legacy function."
        )));
    }
}
