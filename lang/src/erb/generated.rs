//! The Ruby source that the reference's ERB compiler (trim mode `-`) generates for a
//! template, with a map from template offsets to offsets in it. prepl never runs it: Ruby's
//! syntax errors quote a line of it with a caret, and prepl reports syntax errors the same
//! way (`Generated::snippet`).
//!
//! ERB's compiler: text becomes `_erbout.<< "TEXT".freeze` (the text `String#dump`ed, then
//! as many newlines as it held), `<%= x %>` becomes `_erbout.<<(( x ).to_s)`, `<% x %>` the
//! code itself; the commands of a line are joined with `; `, and `-%>` before a newline ends
//! the generated line. It starts with `_erbout = +''` and ends with `_erbout`.

/// ERB's generated code (without its `#coding:` line, so that lines count from 1).
#[derive(Debug)]
pub struct Generated {
    pub src: String,
    /// Code copied from the template: (template offset, generated offset, length).
    spans: Vec<(usize, usize, usize)>,
}

/// Code copied from the template: (template offset, offset in its command, length).
type Copied = (usize, usize, usize);

#[derive(Clone, Copy, PartialEq)]
enum Stag {
    Code,
    Output,
    Comment,
}

struct Builder {
    script: String,
    spans: Vec<(usize, usize, usize)>,
    /// The commands of the current line, each with its copied span (template offset,
    /// offset in the command, length).
    line: Vec<(String, Option<Copied>)>,
}

impl Builder {
    fn push(&mut self, cmd: String, span: Option<Copied>) {
        self.line.push((cmd, span));
    }
    fn flush(&mut self) {
        for (i, (cmd, span)) in std::mem::take(&mut self.line).into_iter().enumerate() {
            if i > 0 {
                self.script.push_str("; ");
            }
            if let Some((tpl, rel, len)) = span {
                self.spans.push((tpl, self.script.len() + rel, len));
            }
            self.script.push_str(&cmd);
        }
    }
    fn cr(&mut self) {
        self.flush();
        self.script.push('\n');
    }
    fn put(&mut self, content: &mut String) {
        if !content.is_empty() {
            let n = content.matches('\n').count();
            let cmd = format!("_erbout.<< {}.freeze{}", dump(content), "\n".repeat(n));
            self.push(cmd, None);
            content.clear();
        }
    }
}

/// Generates ERB's Ruby code for a template.
pub fn generate(text: &str) -> Generated {
    let mut b = Builder {
        script: String::new(),
        spans: Vec::new(),
        line: Vec::new(),
    };
    b.push("_erbout = +''".into(), None);
    let mut content = String::new();
    // Where the code of the open tag starts in the template (contiguous code only).
    let mut code_at = 0;
    let mut stag: Option<Stag> = None;
    let mut pos = 0;
    while pos < text.len() {
        match stag {
            None => {
                let (at, tag_end, kind) = next_stag(text, pos);
                content.push_str(&text[pos..at]);
                pos = tag_end;
                match kind {
                    Some(None) => content.push_str("<%"),
                    Some(Some(k)) => {
                        b.put(&mut content);
                        stag = Some(k);
                        code_at = pos;
                    }
                    None => {}
                }
            }
            Some(k) => {
                let (at, tag_end, dash) = match next_etag(text, pos) {
                    Some(found) => found,
                    None => {
                        content.push_str(&text[pos..]);
                        break;
                    }
                };
                content.push_str(&text[pos..at]);
                pos = tag_end;
                if at + 3 == tag_end && !dash {
                    content.push_str("%>");
                    continue;
                }
                close(&mut b, k, &mut content, code_at);
                stag = None;
                if dash {
                    if text[pos..].starts_with('\n') {
                        pos += 1;
                        b.cr();
                    } else if text[pos..].starts_with("\r\n") {
                        pos += 2;
                        b.cr();
                    } else if pos == text.len() {
                        b.cr();
                    }
                }
            }
        }
    }
    b.put(&mut content);
    b.push("_erbout".into(), None);
    b.flush();
    Generated {
        src: b.script,
        spans: b.spans,
    }
}

/// The code of a tag that closes.
fn close(b: &mut Builder, k: Stag, content: &mut String, code_at: usize) {
    let code = std::mem::take(content);
    match k {
        Stag::Code => {
            if let Some(chopped) = code.strip_suffix('\n') {
                let len = chopped.len();
                b.push(chopped.to_string(), Some((code_at, 0, len)));
                b.cr();
            } else {
                let len = code.len();
                b.push(code, Some((code_at, 0, len)));
            }
        }
        Stag::Output => {
            let len = code.len();
            b.push(
                format!("_erbout.<<(({code}).to_s)"),
                Some((code_at, 12, len)),
            );
        }
        Stag::Comment => {}
    }
}

/// The next start tag from `pos`: its offset, the offset after it, and what it opens
/// (`Some(None)` for `<%%`, `None` at the end of the text).
fn next_stag(text: &str, pos: usize) -> (usize, usize, Option<Option<Stag>>) {
    let bytes = text.as_bytes();
    let mut p = pos;
    while p < bytes.len() {
        let line_start = p == 0 || bytes[p - 1] == b'\n';
        if line_start {
            let indent = text[p..].len() - text[p..].trim_start_matches([' ', '\t']).len();
            if indent > 0 && text[p + indent..].starts_with("<%-") {
                return (p, p + indent + 3, Some(Some(Stag::Code)));
            }
        }
        let rest = &text[p..];
        if rest.starts_with("<%-") {
            return (p, p + 3, Some(Some(Stag::Code)));
        }
        if rest.starts_with("<%%") {
            return (p, p + 3, Some(None));
        }
        if rest.starts_with("<%=") {
            return (p, p + 3, Some(Some(Stag::Output)));
        }
        if rest.starts_with("<%#") {
            return (p, p + 3, Some(Some(Stag::Comment)));
        }
        if rest.starts_with("<%") {
            return (p, p + 2, Some(Some(Stag::Code)));
        }
        p += text[p..].chars().next().map_or(1, char::len_utf8);
    }
    (text.len(), text.len(), None)
}

/// The next end tag from `pos` (`-%>`, `%%>` or `%>`): its offset, the offset after it, and
/// whether it is `-%>`.
fn next_etag(text: &str, pos: usize) -> Option<(usize, usize, bool)> {
    let mut p = pos;
    while p < text.len() {
        let rest = &text[p..];
        if rest.starts_with("-%>") {
            return Some((p, p + 3, true));
        }
        if rest.starts_with("%%>") {
            return Some((p, p + 3, false));
        }
        if rest.starts_with("%>") {
            return Some((p, p + 2, false));
        }
        p += text[p..].chars().next().map_or(1, char::len_utf8);
    }
    None
}

/// Ruby's `String#dump` of the template's text as bytes.
fn dump(s: &str) -> String {
    let mut out = String::from("\"");
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => out.push_str("\\#"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            '\x08' => out.push_str("\\b"),
            '\x07' => out.push_str("\\a"),
            '\x1b' => out.push_str("\\e"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02X}", c as u32))
            }
            c if c.is_ascii() => out.push(c),
            // ERB compiles the template's bytes (`String#b`): each byte of a character
            c => {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("\\x{b:02X}"));
                }
            }
        }
    }
    out.push('"');
    out
}

impl Generated {
    /// The generated offset of a template offset: inside (or at the end of) copied code,
    /// the same place in the generated code; elsewhere the generated code's end.
    pub fn offset(&self, at: usize) -> usize {
        self.spans
            .iter()
            .find(|(tpl, _, len)| at >= *tpl && at <= tpl + len)
            .map_or(self.src.len(), |(tpl, gen, _)| gen + (at - tpl))
    }

    /// The code copied from the template that starts last at or before the generated
    /// offset `at`: (template offset, generated offset, length).
    pub fn copied_before(&self, at: usize) -> Option<(usize, usize, usize)> {
        self.spans
            .iter()
            .copied()
            .filter(|(_, gen, _)| *gen <= at)
            .max_by_key(|s| s.1)
    }

    /// Ruby's report of a syntax error from `start` to `end` (generated offsets): the
    /// 1-based line, and the line quoted around the error with a caret under it (empty for
    /// a line of 4 characters or fewer), as Ruby 3.1's parser shows it.
    pub fn snippet(&self, start: usize, end: usize) -> (usize, String) {
        snippet(&self.src, start, end)
    }
}

/// [`Generated::snippet`] of any Ruby source (a module's function file).
pub fn snippet(src: &str, start: usize, end: usize) -> (usize, String) {
    const MARGIN: usize = 30;
    let mut end = end.min(src.len());
    while !src.is_char_boundary(end) {
        end -= 1;
    }
    let mut start = start.min(end);
    while !src.is_char_boundary(start) {
        start -= 1;
    }
    let line_no = src[..end].matches('\n').count() + 1;
    let lbeg = src[..end].rfind('\n').map_or(0, |n| n + 1);
    let lend = src[end..].find('\n').map_or(src.len(), |n| end + n);
    let line = &src[lbeg..lend];
    let pt = end - lbeg;
    let pb = start.saturating_sub(lbeg).min(pt);
    let mut ptr = pt.saturating_sub(MARGIN);
    let mut ptr_end = (pt + MARGIN).min(line.len());
    if ptr_end - ptr <= 4 {
        return (line_no, String::new());
    }
    let (mut pre, mut post) = ("", "");
    if ptr > 0 {
        ptr = prev_char(line, ptr);
        if ptr > 0 {
            pre = "...";
        }
    }
    if ptr_end < line.len() {
        ptr_end = prev_char(line, ptr_end);
        if ptr_end < line.len() {
            post = "...";
        }
    }
    let pb = pb.max(ptr);
    let mut out = format!("{pre}{}{post}\n", &line[ptr..ptr_end]);
    out.push_str(pre);
    out.push_str(&" ".repeat(line[ptr..pb].chars().count()));
    out.push('^');
    let width = line[pb..pt.max(pb)].chars().count();
    out.push_str(&"~".repeat(width.saturating_sub(1)));
    out.push('\n');
    (line_no, out)
}

fn prev_char(s: &str, at: usize) -> usize {
    let mut p = at.saturating_sub(1);
    while p > 0 && !s.is_char_boundary(p) {
        p -= 1;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generates_what_erb_generates() {
        // ERB.new(t, trim_mode: '-').src of Ruby 3.1, without its `#coding:` line
        let t = "a\nb <%= x %>\n<% if y -%>\n  z <%- q -%>\nw<%# c %><%% %%>\n<% end %>\n";
        assert_eq!(
            generate(t).src,
            "_erbout = +''; _erbout.<< \"a\\nb \".freeze\n; _erbout.<<(( x ).to_s); \
             _erbout.<< \"\\n\".freeze\n;  if y \n_erbout.<< \"  z \".freeze;  q \n\
             _erbout.<< \"w\".freeze; _erbout.<< \"<% %%>\\n\".freeze\n;  end ; \
             _erbout.<< \"\\n\".freeze\n; _erbout"
        );
    }

    #[test]
    fn multibyte_text_does_not_split_characters() {
        let g = generate("é<%= x é %>ü-é");
        assert_eq!(
            g.src,
            "_erbout = +''; _erbout.<< \"\\xC3\\xA9\".freeze; _erbout.<<(( x é ).to_s); \
             _erbout.<< \"\\xC3\\xBC-\\xC3\\xA9\".freeze; _erbout"
        );
        let end = g.src.len();
        assert!(!g.snippet(end, end).1.is_empty());
    }

    #[test]
    fn maps_code_offsets() {
        let g = generate("ab<%= 1 2 %>");
        // `2` is at 8 in the template
        let at = g.offset(8);
        assert_eq!(&g.src[at..at + 1], "2");
        assert_eq!(g.offset(100), g.src.len());
    }

    #[test]
    fn quotes_the_line_as_ruby_does() {
        let g = generate("<% end %>");
        let at = g.offset(3);
        assert_eq!(
            g.snippet(at, at + 3),
            (
                1,
                "_erbout = +'';  end ; _erbout\n                ^~~\n".to_string()
            )
        );
        let g = generate("<% if true %>no end");
        let end = g.src.len();
        assert_eq!(
            g.snippet(end, end).1,
            "...out.<< \"no end\".freeze; _erbout\n...                               ^\n"
        );
        let g = generate("<%= ) %>");
        let at = g.src.rfind(')').unwrap();
        assert_eq!(
            g.snippet(at, at + 1).1,
            "...t = +''; _erbout.<<(( ) ).to_s); _erbout\n...                              ^\n"
        );
    }
}
