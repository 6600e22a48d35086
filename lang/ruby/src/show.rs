//! Ruby's `to_s` and `inspect` forms of the subset's values.

use crate::value::RValue;
use std::rc::Rc;

pub fn float_to_s(f: f64) -> String {
    crate::ruby_float_to_s(f)
}

/// `to_s` of a value, borrowed where it is a string or a symbol's text (a name given to
/// `respond_to?`, `scope['x']`), made otherwise.
pub fn text(v: &RValue) -> std::borrow::Cow<'_, str> {
    match v {
        RValue::Str(s) | RValue::Sym(s) => std::borrow::Cow::Borrowed(s),
        _ => std::borrow::Cow::Owned(to_s(v)),
    }
}

/// `to_s` (what `<%= %>` and `#{}` print).
pub fn to_s(v: &RValue) -> String {
    match v {
        RValue::Nil => String::new(),
        RValue::Bool(b) => b.to_string(),
        RValue::Int(i) => i.to_string(),
        RValue::Float(f) => float_to_s((*f).get()),
        RValue::Str(s) | RValue::Sym(s) | RValue::Class(s) => s.to_string(),
        RValue::Bytes(b) => latin1(b),
        RValue::Array(_) | RValue::Hash(_) => inspect(v),
        RValue::Range(r) => format!(
            "{}{}{}",
            to_s(&r.0),
            if r.2 { "..." } else { ".." },
            to_s(&r.1)
        ),
        RValue::Regexp(re) => {
            let (src, flags) = crate::regexp::ruby_source(re);
            let src = escape_slashes(src);
            let off: String = "mix".chars().filter(|c| !flags.contains(*c)).collect();
            if off.is_empty() {
                format!("(?{flags}:{src})")
            } else {
                format!("(?{flags}-{off}:{src})")
            }
        }
        RValue::Match(m) => m.caps.first().cloned().flatten().unwrap_or_default(),
        RValue::Scope => "Scope()".into(),
        RValue::Proc(..) => proc_to_s(false),
        RValue::Lambda(..) => proc_to_s(true),
        RValue::Module(m) => m.name.to_string(),
        RValue::Object(o) if o.class.struct_layout().is_some() => inspect(v),
        RValue::Object(o) => format!("#<{}>", o.class.name),
        RValue::Exception(e) => e.1.clone(),
        RValue::Host(o) => o.to_s(),
    }
}

/// Each byte as the character of its code point.
pub fn latin1(b: &[u8]) -> String {
    b.iter().map(|&b| b as char).collect()
}

/// `inspect` of a binary string: `"a\xA7"` (non-ASCII bytes as `\xHH`).
pub fn bytes_inspect(b: &[u8]) -> String {
    let mut out = String::with_capacity(b.len() + 2);
    out.push('"');
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            0x1b => out.push_str("\\e"),
            0x07 => out.push_str("\\a"),
            0x08 => out.push_str("\\b"),
            0x0b => out.push_str("\\v"),
            0x0c => out.push_str("\\f"),
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'#' if matches!(b.get(i + 1), Some(b'{' | b'$' | b'@')) => out.push_str("\\#"),
            c if !(0x20..0x7f).contains(&c) => out.push_str(&format!("\\x{c:02X}")),
            c => out.push(c as char),
        }
    }
    out.push('"');
    out
}

/// A lower bound of the length of `inspect` of `v` (and of `to_s` of an array or hash),
/// found without building it: each array or hash is measured once, however often the
/// structure holds it, so that `a = [a, a]` forty times is measured in forty steps (its
/// text would be terabytes). Saturates at `usize::MAX`.
pub fn shown_len(v: &RValue) -> usize {
    type Known = rustc_hash::FxHashMap<usize, usize>;
    fn sum<'a>(it: impl Iterator<Item = &'a RValue>, known: &mut Known) -> usize {
        it.fold(2usize, |n, x| {
            n.saturating_add(2)
                .saturating_add(crate::limits::deep(|| measure(x, known)))
        })
    }
    fn measure(v: &RValue, known: &mut Known) -> usize {
        match v {
            RValue::Str(s) | RValue::Sym(s) => s.len() + 2,
            RValue::Bytes(b) => b.len() + 2,
            RValue::Array(a) => {
                let id = Rc::as_ptr(a) as usize;
                if let Some(n) = known.get(&id) {
                    return *n;
                }
                // (while it is measured: itself inside shows `[...]`)
                known.insert(id, 5);
                let n = sum(a.borrow().iter(), known);
                known.insert(id, n);
                n
            }
            RValue::Hash(h) => {
                let id = Rc::as_ptr(h) as usize;
                if let Some(n) = known.get(&id) {
                    return *n;
                }
                known.insert(id, 5);
                let h = h.borrow();
                let n = sum(h.iter().flat_map(|(k, v)| [k, v]), known);
                known.insert(id, n);
                n
            }
            _ => 1,
        }
    }
    measure(v, &mut rustc_hash::FxHashMap::default())
}

/// `inspect`.
pub fn inspect(v: &RValue) -> String {
    inspect_in(v, &mut Vec::new())
}

/// `inspect` of a value inside the arrays and hashes `open` (by address): one that contains
/// itself shows `[...]` or `{...}` there, as Ruby's does.
fn inspect_in(v: &RValue, open: &mut Vec<usize>) -> String {
    match v {
        RValue::Nil => "nil".into(),
        RValue::Str(s) => quote(s),
        RValue::Bytes(b) => bytes_inspect(b),
        RValue::Sym(s) => {
            if is_plain_symbol(s) {
                format!(":{s}")
            } else {
                format!(":{}", quote(s))
            }
        }
        RValue::Array(a) => {
            let id = Rc::as_ptr(a) as usize;
            if open.contains(&id) {
                return "[...]".into();
            }
            open.push(id);
            let items: Vec<String> =
                crate::limits::deep(|| a.borrow().iter().map(|i| inspect_in(i, open)).collect());
            open.pop();
            format!("[{}]", items.join(", "))
        }
        RValue::Hash(h) => {
            let id = Rc::as_ptr(h) as usize;
            if open.contains(&id) {
                return "{...}".into();
            }
            let h = h.borrow();
            if h.is_empty() {
                return "{}".into();
            }
            open.push(id);
            let items: Vec<String> = crate::limits::deep(|| {
                h.iter()
                    .map(|(k, v)| format!("{}=>{}", inspect_in(k, open), inspect_in(v, open)))
                    .collect()
            });
            open.pop();
            format!("{{{}}}", items.join(", "))
        }
        // (an endless or beginless range leaves its nil out: `1..`, `..1`, `nil..nil`)
        RValue::Range(r) => {
            let nil = |v: &RValue| matches!(v, RValue::Nil);
            let shown =
                |v: &RValue, left_out: bool| if left_out { String::new() } else { inspect(v) };
            format!(
                "{}{}{}",
                shown(&r.0, nil(&r.0) && !nil(&r.1)),
                if r.2 { "..." } else { ".." },
                shown(&r.1, nil(&r.1) && !nil(&r.0))
            )
        }
        RValue::Regexp(re) => {
            let (src, flags) = crate::regexp::ruby_source(re);
            let flags: String = "mix".chars().filter(|c| flags.contains(*c)).collect();
            format!("/{}/{flags}", escape_slashes(src))
        }
        RValue::Match(m) => {
            let (c, names) = (&m.caps, &m.info);
            let mut s = format!(
                "#<MatchData {}",
                quote(&c.first().cloned().flatten().unwrap_or_default())
            );
            for (i, g) in c.iter().enumerate().skip(1) {
                let label = match names.names.get(i).cloned().flatten() {
                    Some(n) => n,
                    None => i.to_string(),
                };
                match g {
                    Some(t) => s.push_str(&format!(" {label}:{}", quote(t))),
                    None => s.push_str(&format!(" {label}:nil")),
                }
            }
            s.push('>');
            s
        }
        RValue::Host(o) => o.inspect(),
        RValue::Exception(e) => format!("#<{}: {}>", e.0, e.1),
        RValue::Object(o) if o.class.struct_layout().is_some() => struct_inspect(o, inspect),
        RValue::Object(o) => {
            let ivars = o.ivars.borrow();
            if ivars.0.is_empty() {
                return format!("#<{}>", o.class.name);
            }
            let items: Vec<String> = ivars
                .0
                .iter()
                .map(|(n, v)| format!("@{n}={}", inspect(v)))
                .collect();
            format!("#<{} {}>", o.class.name, items.join(", "))
        }
        _ => to_s(v),
    }
}

fn is_plain_symbol(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if !(first.is_alphabetic() || first == '_') {
        return matches!(
            s,
            "+" | "-"
                | "*"
                | "/"
                | "=="
                | "<=>"
                | "[]"
                | "<"
                | ">"
                | "<="
                | ">="
                | "%"
                | "!"
                | "**"
        );
    }
    let body = s.trim_end_matches(['?', '!', '=']);
    s.len() - body.len() <= 1 && body.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Ruby's `String#inspect`.
pub fn quote(s: &str) -> String {
    crate::ruby_inspect(s)
}

/// A proc as Ruby shows it, without the object address Ruby adds (it differs per run).
fn proc_to_s(lambda: bool) -> String {
    if lambda {
        "#<Proc:(erb) (lambda)>".into()
    } else {
        "#<Proc:(erb)>".into()
    }
}

/// A struct's `inspect` (and `to_s`): `#<struct Point x=1, y=nil>` (an anonymous struct
/// class's without its name), each value shown by `show`.
pub fn struct_inspect(o: &crate::value::Object, mut show: impl FnMut(&RValue) -> String) -> String {
    let Some(layout) = o.class.struct_layout() else {
        return format!("#<{}>", o.class.name);
    };
    let shown: Vec<String> = layout
        .members
        .iter()
        .zip(layout.values(o))
        .map(|(m, v)| format!("{m}={}", show(&v)))
        .collect();
    match o.class.name.is_empty() {
        true => format!("#<struct {}>", shown.join(", ")),
        false => format!("#<struct {} {}>", o.class.name, shown.join(", ")),
    }
}

/// A regexp's source as `Regexp#inspect` and `#to_s` show it: a `/` not escaped gets a
/// backslash (`Regexp.new('a/b').inspect` is `/a\/b/`).
fn escape_slashes(src: &str) -> std::borrow::Cow<'_, str> {
    if !src.contains('/') {
        return std::borrow::Cow::Borrowed(src);
    }
    let mut out = String::with_capacity(src.len() + 2);
    let mut escaped = false;
    for c in src.chars() {
        if c == '/' && !escaped {
            out.push('\\');
        }
        escaped = c == '\\' && !escaped;
        out.push(c);
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_forms() {
        let a = RValue::array(smallvec::smallvec![
            RValue::Int(1),
            RValue::str("a"),
            RValue::Nil
        ]);
        assert_eq!(to_s(&a), r#"[1, "a", nil]"#);
        assert_eq!(to_s(&RValue::Nil), "");
        assert_eq!(to_s(&RValue::float(1e20)), "1.0e+20");
        assert_eq!(inspect(&RValue::sym("a b")), r#":"a b""#);
        assert_eq!(inspect(&RValue::sym("ok?")), ":ok?");
        assert_eq!(quote("a\"b#{"), r#""a\"b\#{""#);
    }
}
