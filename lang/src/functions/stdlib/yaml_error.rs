//! A YAML syntax error worded as Psych's (`Psych::SyntaxError`, over libyaml): `(<unknown>):
//! PROBLEM CONTEXT at line L column C`, where the position is libyaml's context mark (the
//! start of the collection or scalar being parsed; the problem's own position when there is
//! no context). The YAML reader (`yaml-rust2`, a port of libyaml) words its errors
//! `CONTEXT, PROBLEM` at the problem's position, with a few texts of its own.

use yaml_rust2::scanner::{Marker, ScanError};

/// A collection open when the error came: where it starts and whether it is a mapping.
pub(super) struct Opened {
    pub mark: Marker,
    pub mapping: bool,
    /// Where its first entry starts (a block mapping's own mark is its first `:`, libyaml's
    /// context mark its first key).
    pub first: Option<Marker>,
}

/// Psych's message for `e`, met in `text` with the collections `open` (outermost first).
pub(super) fn psych_message(e: &ScanError, text: &str, open: &[Opened]) -> String {
    let info = e.info();
    let (context, problem) = match info.split_once(", ") {
        Some((c, p)) if c.starts_with("while ") => (Some(c), p),
        _ => (None, info),
    };
    // (whether a collection starts with a flow indicator; a mark's index counts characters)
    let chars: Vec<char> = match open.is_empty() {
        true => Vec::new(),
        false => text.chars().collect(),
    };
    let flow = |o: &Opened| matches!(chars.get(o.mark.index()), Some('[' | '{'));
    let innermost = |mapping: bool, flow_wanted: bool| {
        open.iter()
            .rev()
            .find(|o| o.mapping == mapping && flow(o) == flow_wanted)
            .map(|o| o.mark)
    };
    let mut mark = Some(*e.marker());
    let (context, problem): (Option<String>, String) = match (context, problem) {
        (Some("while parsing a node"), p) => {
            let in_flow = open.last().is_some_and(flow);
            let kind = if in_flow { "flow" } else { "block" };
            (Some(format!("while parsing a {kind} node")), p.to_string())
        }
        (Some(c @ "while parsing a flow sequence"), p) => {
            mark = innermost(false, true).or(mark);
            let p = p.strip_prefix("expected ").map_or(p.to_string(), |rest| {
                format!("did not find expected {rest}")
            });
            (Some(c.to_string()), p)
        }
        (Some(c @ "while parsing a flow mapping"), p) => {
            mark = innermost(true, true).or(mark);
            (Some(c.to_string()), p.to_string())
        }
        (Some(c @ "while parsing a block mapping"), p) => {
            let block = open.iter().rev().find(|o| o.mapping && !flow(o));
            mark = block.map(|o| o.first.unwrap_or(o.mark)).or(mark);
            (Some(c.to_string()), p.to_string())
        }
        (Some(c @ "while parsing a block collection"), p) => {
            mark = innermost(false, false).or(mark);
            (Some(c.to_string()), p.to_string())
        }
        // (libyaml's words where the reader's differ)
        (Some("while scanning a verbatim tag"), p) => {
            (Some("while scanning a tag".to_string()), p.to_string())
        }
        (Some(c @ "while scanning an anchor or alias"), p) => {
            let what = match chars_at(text, e.marker().index()) {
                Some('*') => "while scanning an alias",
                Some('&') => "while scanning an anchor",
                _ => c,
            };
            (Some(what.to_string()), p.to_string())
        }
        (Some(c), "did not find expected hexadecimal number") => (
            Some(c.to_string()),
            "did not find expected hexdecimal number".to_string(),
        ),
        (Some(c @ "while scanning a plain scalar"), "found a tab") => (
            Some(c.to_string()),
            "found a tab character that violates indentation".to_string(),
        ),
        (Some(c), p) => (Some(c.to_string()), p.to_string()),
        (None, "a block scalar content cannot start with a tab") => (
            Some("while scanning a block scalar".to_string()),
            "found a tab character where an indentation space is expected".to_string(),
        ),
        // (an implicit mapping of a flow sequence over two lines: libyaml's simple key
        // does not span lines, and the sequence finds a `:` where it wants `,` or `]`)
        (None, "illegal placement of ':' indicator") => {
            mark = innermost(false, true).or(mark);
            (
                Some("while parsing a flow sequence".to_string()),
                "did not find expected ',' or ']'".to_string(),
            )
        }
        (None, p) if p.starts_with("unexpected character: ") => (
            Some("while scanning for the next token".to_string()),
            "found character that cannot start any token".to_string(),
        ),
        // (libyaml's parser errors without a context: its context mark is never set)
        (None, "duplicate version directive") => {
            mark = None;
            (None, "found duplicate %YAML directive".to_string())
        }
        (None, p) => (None, p.to_string()),
    };
    let (line, column) = mark.map_or((1, 1), |m| (m.line(), m.col() + 1));
    let what = match context {
        Some(c) => format!("{problem} {c}"),
        None => problem,
    };
    format!("(<unknown>): {what} at line {line} column {column}")
}

/// The character at index `at` (in characters) of `text`.
fn chars_at(text: &str, at: usize) -> Option<char> {
    text.chars().nth(at)
}
