//! From a scanned template to the Puppet source of its lambda, with a map back to the
//! template for error messages.

use super::{Segment, Template, CHECK, DONE, RENDER};
use crate::error::Error;

/// What a piece of generated source stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Template code copied verbatim from this template offset.
    Code(usize),
    /// Generated for the closing `%>` at this template offset.
    Close(usize),
    /// Generated for text or a tag starting at this template offset.
    Other(usize),
}

/// Maps offsets of the generated source back to the template.
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    /// (start in the generated source, origin), sorted by start.
    pieces: Vec<(usize, Origin)>,
}

impl SourceMap {
    /// The template offset of a generated offset, and whether it is a closing tag.
    pub fn origin(&self, generated: usize) -> Origin {
        let i = self.pieces.partition_point(|(s, _)| *s <= generated);
        match i.checked_sub(1).map(|k| self.pieces[k]) {
            Some((s, Origin::Code(at))) => Origin::Code(at + (generated - s)),
            Some((_, o)) => o,
            None => Origin::Other(0),
        }
    }
    /// The template offset of a generated offset.
    pub fn offset(&self, generated: usize) -> usize {
        match self.origin(generated) {
            Origin::Code(at) | Origin::Close(at) | Origin::Other(at) => at,
        }
    }
}

/// A parameter as the lambda is to declare it: its name and, when the caller gives no value,
/// its default expression (template range).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LambdaParam {
    pub name: String,
    pub default: Option<(usize, usize)>,
    /// The type expression (template range), checked at the start of the body.
    pub check_type: Option<(usize, usize)>,
    /// The parameter's position in the template's declaration (checks are in this order).
    pub declared: usize,
    /// Where its `$` is in the template (errors of its name point there), if declared there.
    pub at: Option<usize>,
}

/// Generated Puppet source and its map back to the template.
pub struct Generated {
    pub source: String,
    pub map: SourceMap,
    /// Where the template body starts and ends in the generated source.
    pub body_start: usize,
    pub body_end: usize,
}

struct Writer<'a> {
    t: &'a str,
    out: String,
    map: SourceMap,
}

impl Writer<'_> {
    fn synthetic(&mut self, s: &str, origin: Origin) {
        self.map.pieces.push((self.out.len(), origin));
        self.out.push_str(s);
    }
    fn code(&mut self, start: usize, end: usize) {
        self.map.pieces.push((self.out.len(), Origin::Code(start)));
        self.out.push_str(&self.t[start..end]);
    }
}

/// The source `epp_template() |PARAMS| { BODY }` of the template's lambda. With `run`, the
/// body is wrapped so that completing it can be told from leaving it by `next()`:
/// `if true { BODY } prepl_epp::done()`; without, it is as the reference's validation sees it.
pub fn translate(t: &str, template: &Template, params: &[LambdaParam], run: bool) -> Generated {
    let mut w = Writer {
        t,
        out: String::with_capacity(t.len() * 2 + 64),
        map: SourceMap::default(),
    };
    let param_at = template.params.map_or(0, |p| p.0);
    w.synthetic("epp_template() |", Origin::Other(param_at));
    for (k, p) in params.iter().enumerate() {
        if k > 0 {
            w.synthetic(", ", Origin::Other(param_at));
        }
        w.synthetic(
            &format!("${}", p.name),
            Origin::Other(p.at.unwrap_or(param_at)),
        );
        if let Some((s, e)) = p.default {
            w.synthetic(" = ", Origin::Other(s));
            w.code(s, e);
        }
    }
    w.synthetic("| {\n", Origin::Other(0));
    // (to run, the untyped parameters are checked too, as `Any`: a `Deferred` value is
    // checked by its function's return type, the reference's warning when it declares none)
    let mut typed: Vec<&LambdaParam> = params
        .iter()
        .filter(|p| p.check_type.is_some() || run && p.at.is_some())
        .collect();
    if !typed.is_empty() {
        typed.sort_by_key(|p| p.declared);
        w.synthetic(&format!("{CHECK}("), Origin::Other(param_at));
        for (k, p) in typed.iter().enumerate() {
            let sep = if k == 0 { "" } else { ", " };
            let Some((s, e)) = p.check_type else {
                let at = p.at.unwrap_or(param_at);
                w.synthetic(
                    &format!("{sep}'{}', Any, ${}", p.name, p.name),
                    Origin::Other(at),
                );
                continue;
            };
            w.synthetic(&format!("{sep}'{}', (", p.name), Origin::Other(s));
            w.code(s, e);
            // (the value only to run: validating, the parameter's name is checked once, where
            // it is declared)
            match run {
                true => w.synthetic(&format!("), ${}", p.name), Origin::Other(s)),
                false => w.synthetic(")", Origin::Other(s)),
            }
        }
        w.synthetic(")\n", Origin::Other(param_at));
    }
    // The body is in an `if` so that `next()` can be told from completing.
    if run {
        w.synthetic("if true {\n", Origin::Other(0));
    }
    let body_start = w.out.len();
    let segments = &template.segments;
    let mut i = 0;
    while i < segments.len() {
        match &segments[i] {
            Segment::Code { start, end } => {
                w.code(*start, *end);
                w.synthetic("\n", Origin::Close(*end));
                i += 1;
            }
            // To run, the texts and values between two code tags are rendered by one call
            // (`render('a ', ($x\n), ' b')`: one call of the renderer rather than one per
            // piece); as the reference's validation sees it, one call each.
            _ if run => {
                let run_end = segments[i..]
                    .iter()
                    .position(|s| matches!(s, Segment::Code { .. }))
                    .map_or(segments.len(), |n| i + n);
                // (texts left empty by trimming render nothing: left out, unless nothing
                // else is there)
                let pieces: Vec<Segment> = segments[i..run_end]
                    .iter()
                    .filter(|s| !matches!(s, Segment::Text { text, .. } if text.is_empty()))
                    .cloned()
                    .collect();
                match pieces.is_empty() {
                    true => render_call(&mut w, &segments[i..i + 1]),
                    false => render_call(&mut w, &pieces),
                }
                i = run_end;
            }
            seg => {
                render_call(&mut w, std::slice::from_ref(seg));
                i += 1;
            }
        }
    }
    let body_end = w.out.len();
    if run {
        w.synthetic(&format!("}}\n{DONE}()\n"), Origin::Other(t.len()));
    }
    w.synthetic("}\n", Origin::Other(t.len()));
    Generated {
        source: w.out,
        map: w.map,
        body_start,
        body_end,
    }
}

/// One call of [`RENDER`] with the texts (as string literals) and the values (`(EXPR\n)`,
/// the line break ending a comment the expression may end with) of `pieces`, in order.
fn render_call(w: &mut Writer<'_>, pieces: &[Segment]) {
    let mut close = Origin::Other(0);
    for (k, piece) in pieces.iter().enumerate() {
        let open = if k == 0 { "(" } else { ", " };
        match piece {
            Segment::Text { text, at } => {
                let lit = single_quoted(text);
                w.synthetic(
                    &format!("{}{open}{lit}", if k == 0 { RENDER } else { "" }),
                    Origin::Other(*at),
                );
                close = Origin::Other(*at);
            }
            Segment::Render { start, end } => {
                w.synthetic(
                    &format!("{}{open}(", if k == 0 { RENDER } else { "" }),
                    Origin::Other(*start),
                );
                w.code(*start, *end);
                w.synthetic("\n)", Origin::Close(*end));
                close = Origin::Close(*end);
            }
            Segment::Code { .. } => {}
        }
    }
    w.synthetic(")\n", close);
}

/// `'text'` with `\` and `'` escaped.
fn single_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        if c == '\\' || c == '\'' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('\'');
    out
}

/// A template's text, the file it was read from (`inlined-epp-text` for `inline_epp`) and the
/// function rendering it, for error messages.
#[derive(Debug, Clone, Copy)]
pub struct TemplateSource<'a> {
    pub text: &'a str,
    pub file: &'a str,
    pub function: &'static str,
}

impl TemplateSource<'_> {
    /// `f(): Invalid EPP: MESSAGE (file: F, line: L, column: C)`, as the reference words an
    /// error in a template.
    pub fn invalid(&self, message: &str, at: Option<usize>) -> Error {
        let file = self.file;
        let location = match at {
            Some(at) => {
                let (line, col) = line_col(self.text, at);
                format!(" (file: {file}, line: {line}, column: {col})")
            }
            None => format!(" (file: {file})"),
        };
        Error::eval(format!(
            "{}(): Invalid EPP: {message}{location}",
            self.function
        ))
    }
}

/// 1-based line and column (in characters) of a byte offset of the template.
pub fn line_col(t: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(t.len());
    while !t.is_char_boundary(at) {
        at -= 1;
    }
    let before = &t[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}
