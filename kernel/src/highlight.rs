//! Puppet source as highlighted HTML (the debugger's location and `:whereami`), with the
//! tolerant tokenizer of `prepl::syntax::highlight` (it accepts any text, a line cut out of
//! a file too).

use crate::render::escape;

use prepl::syntax::highlight::{tokenize, Kind};

fn style(kind: Kind) -> Option<&'static str> {
    Some(match kind {
        Kind::Keyword => "color:#0000ff;font-weight:bold",
        Kind::Variable => "color:#001080",
        Kind::String => "color:#a31515",
        Kind::Interpolation | Kind::Number => "color:#098658",
        Kind::TypeName => "color:#267f99;font-weight:bold",
        Kind::Function => "color:#795e26",
        Kind::Regex => "color:#811f3f",
        Kind::Comment => "color:#008000;font-style:italic",
        Kind::Name | Kind::Bracket | Kind::Operator => return None,
    })
}

/// The lines `first..=last` (1-based) of `text` as HTML, each line's spans closed on it.
pub fn lines_html(text: &str, first: usize, last: usize) -> Vec<String> {
    let tokens = tokenize(text);
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    let mut out = Vec::new();
    for n in first..=last {
        let Some(&start) = starts.get(n - 1) else {
            break;
        };
        let end = starts.get(n).map_or(text.len(), |&s| s - 1);
        let mut html = String::new();
        let mut at = start;
        for t in tokens.iter().filter(|t| t.end > start && t.start < end) {
            let (s, e) = (t.start.max(start), t.end.min(end));
            escape(&mut html, &text[at..s]);
            match style(t.kind) {
                Some(st) => {
                    html.push_str(&format!("<span style=\"{st}\">"));
                    escape(&mut html, &text[s..e]);
                    html.push_str("</span>");
                }
                None => escape(&mut html, &text[s..e]),
            }
            at = e;
        }
        escape(&mut html, &text[at.min(end)..end]);
        out.push(html);
    }
    out
}
