//! Why `T1 < T2`, `T1 <= T2`, `T1 == T2` (and `>`, `>=`, `!=`) hold or not: which part of one
//! type falls outside the other (`Integer[1, 10]` is not within `Integer[5, 20]`: 1 < 5),
//! recursing into element, key, value and member types, with alias definitions. All of it is
//! prepl's own wording: the reference never explains assignability.
use super::display::quote;
use super::explanation::{Explanation, Note};
use super::instance::{member_is_optional, tuple_size, tuple_type_at};
use super::mismatch::base_name;
use super::{equal, is_assignable, IntRange, PType, StructMember};

/// A comparison operator on types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Comparison {
    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::Lt => "<",
            Comparison::Le => "<=",
            Comparison::Gt => ">",
            Comparison::Ge => ">=",
            Comparison::Eq => "==",
            Comparison::Ne => "!=",
        }
    }
}

const MAX_DEPTH: usize = 60;

/// Whether `a OP b` holds, and why.
pub fn explain_comparison(a: &PType, op: Comparison, b: &PType) -> Explanation {
    VISITING.with(|v| v.borrow_mut().clear());
    match op {
        Comparison::Le => within(a, b),
        Comparison::Ge => within(b, a),
        Comparison::Lt => strictly_within(a, b),
        Comparison::Gt => strictly_within(b, a),
        Comparison::Eq => equality(a, b, true),
        Comparison::Ne => equality(a, b, false),
    }
}

/// `small <= big`.
fn within(small: &PType, big: &PType) -> Explanation {
    if is_assignable(big, small) {
        let notes = if equal(small, big) {
            vec![Note::own(format!("{small} and {big} are equal"))]
        } else {
            Vec::new()
        };
        return Explanation {
            holds: true,
            headline: format!("every {small} is also {}", with_article(big)),
            notes,
        };
    }
    // Reasons that repeat the headline keep only what they add.
    let Note { text, children, .. } = headed(not_within(small, big), reasons(big, small));
    Explanation {
        holds: false,
        headline: text,
        notes: children,
    }
}

/// `small < big`.
fn strictly_within(small: &PType, big: &PType) -> Explanation {
    if equal(small, big) {
        return Explanation {
            holds: false,
            headline: format!(
                "{small} and {big} are equal, so neither is strictly within the other"
            ),
            notes: Vec::new(),
        };
    }
    if !is_assignable(big, small) {
        return within(small, big);
    }
    Explanation {
        holds: true,
        headline: format!(
            "every {small} is also {}, and {big} has more",
            with_article(big)
        ),
        notes: vec![headed(not_within(big, small), reasons(small, big))],
    }
}

fn equality(a: &PType, b: &PType, eq: bool) -> Explanation {
    let same = equal(a, b);
    if same {
        return Explanation {
            holds: eq,
            headline: format!("{a} and {b} are equal"),
            notes: if a.to_string() == b.to_string() {
                Vec::new()
            } else {
                vec![Note::own("each is within the other")]
            },
        };
    }
    // Types that are not equal: one of them does not accept the other.
    let first = if !is_assignable(a, b) {
        headed(not_within(b, a), reasons(a, b))
    } else {
        headed(not_within(a, b), reasons(b, a))
    };
    Explanation {
        holds: !eq,
        headline: format!("{a} and {b} differ"),
        notes: vec![first],
    }
}

/// Why `from` is not within `to` (`from` is known not to be).
pub fn reasons(to: &PType, from: &PType) -> Vec<Note> {
    let mut out = Vec::new();
    why(to, from, &mut out, 0);
    out
}

fn not_within(from: &PType, to: &PType) -> String {
    format!("{from} is not within {to}")
}

fn push_if_not(out: &mut Vec<Note>, to: &PType, from: &PType, label: String, d: usize) {
    if !is_assignable(to, from) {
        let mut inner = Vec::new();
        why(to, from, &mut inner, d);
        // `X is not within Y` over a lone `X is not within Y: reason`: one line.
        let head = not_within(from, to);
        if let [one] = inner.as_slice() {
            if let (true, Some(rest)) = (
                one.children.is_empty() && label.ends_with(&head),
                one.text.strip_prefix(&format!("{head}: ")),
            ) {
                out.push(Note::own(format!("{label}: {rest}")));
                return;
            }
        }
        out.push(Note::own(label).with(inner));
    }
}

/// A note `head` over its reasons, each without a repeated `head: ` prefix.
fn headed(head: String, reasons: Vec<Note>) -> Note {
    let prefix = format!("{head}: ");
    let reasons = reasons
        .into_iter()
        .map(|mut n| {
            if let Some(rest) = n.text.strip_prefix(&prefix) {
                n.text = rest.to_string();
            }
            n
        })
        .collect();
    Note::own(head).with(reasons)
}

fn with_article(t: &PType) -> String {
    let text = t.to_string();
    format!("{} {text}", super::size::article(&text))
}

fn why(to: &PType, from: &PType, out: &mut Vec<Note>, depth: usize) {
    if depth > MAX_DEPTH {
        out.push(Note::own(not_within(from, to)));
        return;
    }
    let d = depth + 1;
    // A pair of (recursive) aliases met again on the way down is not explained twice.
    if matches!(to, PType::Alias(_) | PType::Data | PType::RichData)
        || matches!(from, PType::Alias(_) | PType::Data | PType::RichData)
    {
        let pair = (to.clone(), from.clone());
        if VISITING.with(|v| v.borrow().contains(&pair)) {
            out.push(Note::own(format!("{} (as above)", not_within(from, to))));
            return;
        }
        VISITING.with(|v| v.borrow_mut().push(pair));
        why_unguarded(to, from, out, d);
        VISITING.with(|v| v.borrow_mut().pop());
        return;
    }
    why_unguarded(to, from, out, d)
}

thread_local! {
    /// The (to, from) pairs involving aliases being explained, outermost first.
    static VISITING: std::cell::RefCell<Vec<(PType, PType)>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn why_unguarded(to: &PType, from: &PType, out: &mut Vec<Note>, d: usize) {
    // Aliases first, shown with their definitions.
    if let PType::Alias(a) = from {
        let resolved = a.resolved();
        let mut inner = Vec::new();
        why(to, &resolved, &mut inner, d);
        out.push(Note::own(format!("where {} = {resolved}", a.name)).with(inner));
        return;
    }
    if let PType::Alias(a) = to {
        let resolved = a.resolved();
        let mut inner = Vec::new();
        why(&resolved, from, &mut inner, d);
        out.push(Note::own(format!("where {} = {resolved}", a.name)).with(inner));
        return;
    }
    match (to, from) {
        // Every member of a union on the right must fit.
        (_, PType::Variant(types)) => {
            for (i, t) in types.iter().enumerate() {
                push_if_not(out, to, t, format!("variant {i} {}", not_within(t, to)), d);
            }
        }
        (PType::Optional(_) | PType::Any, _) | (PType::NotUndef(_), PType::NotUndef(_)) => {
            why_to(to, from, out, d)
        }
        (_, PType::Optional(inner)) => {
            if !is_assignable(to, &PType::Undef) {
                out.push(Note::own(format!(
                    "{from} accepts undef, which {to} does not"
                )));
            }
            if let Some(inner) = inner {
                push_if_not(out, to, inner, not_within(inner, to), d);
            }
        }
        _ => why_to(to, from, out, d),
    }
}

fn why_to(to: &PType, from: &PType, out: &mut Vec<Note>, d: usize) {
    match (to, from) {
        (PType::Data | PType::RichData, _) => {
            let mut inner = Vec::new();
            why(&expanded(to), from, &mut inner, d);
            out.push(Note::own(format!("where {} = {}", to, expanded(to))).with(inner));
        }
        (_, PType::Data | PType::RichData) => why(to, &expanded(from), out, d),
        (PType::Variant(types), _) => {
            let members = types
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let mut inner = Vec::new();
                    why(t, from, &mut inner, d);
                    let prefix = format!("{}: ", not_within(from, t));
                    match inner.as_slice() {
                        [one] if one.children.is_empty() && one.text.starts_with(&prefix) => {
                            Note::own(format!("variant {i} {t}: {}", &one.text[prefix.len()..]))
                        }
                        _ => Note::own(format!("variant {i} {t}")).with(inner),
                    }
                })
                .collect();
            let head = if types.is_empty() {
                format!("{to} has no instances")
            } else {
                format!("{from} is within no variant of {to}")
            };
            out.push(Note::own(head).with(members));
        }
        (PType::Optional(Some(inner)), f) => {
            let f = match f {
                PType::Optional(Some(f)) => f,
                f => f,
            };
            why(inner, f, out, d)
        }
        (PType::NotUndef(inner), f) => {
            let inner = inner.as_deref().unwrap_or(super::ANY);
            let f = match f {
                PType::NotUndef(f) => f.as_deref().unwrap_or(super::ANY),
                f => {
                    if is_assignable(f, &PType::Undef) {
                        out.push(Note::own(format!("{f} accepts undef, which {to} does not")));
                    }
                    f
                }
            };
            push_if_not(out, inner, f, not_within(f, inner), d)
        }
        (PType::Integer(r), PType::Integer(r2)) => out.push(range_note(to, from, *r, *r2, "")),
        (PType::Float(lo, hi), PType::Float(l2, h2)) => {
            let mut parts = Vec::new();
            if l2 < lo {
                parts.push(format!("{} < {}", float_bound(*l2), float_bound(*lo)));
            }
            if h2 > hi {
                parts.push(format!("{} > {}", float_bound(*h2), float_bound(*hi)));
            }
            out.push(Note::own(format!(
                "{}: {}",
                not_within(from, to),
                parts.join(", ")
            )));
        }
        (
            PType::String { value: None, size },
            PType::String {
                value: None,
                size: s2,
            },
        ) => out.push(range_note(to, from, *size, *s2, "size ")),
        (
            PType::String {
                value: Some(want), ..
            },
            _,
        ) => out.push(Note::own(format!(
            "only the string {} is a {to}",
            quote(want)
        ))),
        (PType::String { size, .. }, PType::String { value: Some(s), .. }) => {
            out.push(Note::own(format!(
                "{}: its length {} is outside {}",
                not_within(from, to),
                s.chars().count(),
                range_text(*size)
            )))
        }
        (PType::String { size, .. }, PType::Enum { values, .. }) => {
            let bad: Vec<String> = values
                .iter()
                .filter(|v| !size.contains(v.chars().count() as i64))
                .map(|v| quote(v))
                .collect();
            out.push(Note::own(format!(
                "{}: the length of {} is outside {}",
                not_within(from, to),
                listing(&bad),
                range_text(*size)
            )))
        }
        (PType::String { .. }, PType::Pattern(_)) => out.push(Note::own(format!(
            "{}: a pattern's strings can have any length",
            not_within(from, to)
        ))),
        (
            PType::Enum {
                values,
                case_insensitive,
            },
            _,
        ) => enum_note(to, values, *case_insensitive, from, out),
        (PType::Pattern(res), _) => pattern_note(to, res, from, out),
        (PType::Array(elem, size), PType::Array(e2, s2)) => {
            size_note(out, to, from, *size, *s2);
            if s2.to != 0 {
                push_if_not(
                    out,
                    elem,
                    e2,
                    format!("element type: {}", not_within(e2, elem)),
                    d,
                );
            }
        }
        (PType::Array(elem, size), PType::Tuple(types, s2)) if !types.is_empty() => {
            size_note(out, to, from, *size, tuple_size(types, *s2));
            for (i, t) in types.iter().enumerate() {
                push_if_not(
                    out,
                    elem,
                    t,
                    format!("index {i}: {}", not_within(t, elem)),
                    d,
                );
            }
        }
        (PType::Hash(k, v, size), PType::Hash(k2, v2, s2)) => {
            size_note(out, to, from, *size, *s2);
            if s2.to != 0 {
                push_if_not(out, k, k2, format!("key type: {}", not_within(k2, k)), d);
                push_if_not(out, v, v2, format!("value type: {}", not_within(v2, v)), d);
            }
        }
        (PType::Hash(k, v, size), PType::Struct(members)) => {
            let members = members.as_deref().unwrap_or(&[]);
            size_note(out, to, from, *size, struct_size(members));
            for m in members {
                let key = PType::string_value(m.key.clone());
                let label = format!("key {}: {}", quote(&m.key), not_within(&PType::string(), k));
                if is_assignable(k, &key) {
                    // Within the key type, yet no instance of it (the unparameterized
                    // `Optional` accepts only undef).
                    let name = crate::values::Value::String(m.key.clone());
                    if !super::instance::is_instance(k, &name) {
                        let q = quote(&m.key);
                        out.push(Note::own(format!("key {q}: {q} does not match {k}")));
                    }
                }
                push_if_not(out, k, &key, label, d);
                push_if_not(
                    out,
                    v,
                    &m.value,
                    format!("entry {}: {}", quote(&m.key), not_within(&m.value, v)),
                    d,
                );
            }
        }
        (PType::Tuple(types, size), PType::Tuple(t2, s2))
            if !types.is_empty() && !t2.is_empty() =>
        {
            let (ts, fs) = (tuple_size(types, *size), tuple_size(t2, *s2));
            size_note(out, to, from, ts, fs);
            let n = fs.to.min(types.len().max(t2.len()) as i64).max(0) as usize;
            for i in 0..n {
                if let (Some(t), Some(f)) = (tuple_type_at(types, i), tuple_type_at(t2, i)) {
                    push_if_not(out, t, f, format!("index {i}: {}", not_within(f, t)), d);
                }
            }
        }
        (PType::Tuple(types, size), PType::Array(e, s)) if !types.is_empty() => {
            size_note(out, to, from, tuple_size(types, *size), *s);
            if s.to != 0 {
                let n = s.to.min(types.len() as i64).max(1) as usize;
                for i in 0..n {
                    if let Some(t) = tuple_type_at(types, i) {
                        push_if_not(out, t, e, format!("index {i}: {}", not_within(e, t)), d);
                    }
                }
            }
        }
        (PType::Struct(Some(members)), PType::Struct(m2)) => {
            struct_notes(members, m2.as_deref().unwrap_or(&[]), out, d)
        }
        (PType::Struct(Some(members)), PType::Hash(..)) => out.push(Note::own(format!(
            "{}: a Hash may have any keys{}",
            not_within(from, to),
            if members.iter().all(member_is_optional) {
                ""
            } else {
                ", or lack the required ones"
            }
        ))),
        (PType::Collection(size), f) if collection_size(f).is_some() => size_note(
            out,
            to,
            from,
            *size,
            collection_size(f).unwrap_or(IntRange::SIZE),
        ),
        (PType::Type(Some(_)), PType::Type(None)) => out.push(Note::own(format!(
            "{}: an unparameterized Type is wider than any Type[T]",
            not_within(from, to)
        ))),
        (PType::Type(Some(t)), PType::Type(Some(f)))
        | (PType::Sensitive(Some(t)), PType::Sensitive(Some(f)))
        | (PType::Iterator(Some(t)), PType::Iterator(Some(f))) => {
            push_if_not(out, t, f, not_within(f, t), d)
        }
        _ => {
            let (bt, bf) = (base_name(to), base_name(from));
            let base = |n: &str| super::names::by_name(n).unwrap_or(PType::Any);
            let (a_bf, a_bt) = (super::size::article(&bf), super::size::article(&bt));
            let text = if bt == bf {
                not_within(from, to)
            } else if !is_assignable(&base(&bt), from) && !is_assignable(&base(&bf), to) {
                format!("{}: {a_bf} {bf} is never {a_bt} {bt}", not_within(from, to))
            } else {
                format!("{}: not every {bf} is {a_bt} {bt}", not_within(from, to))
            };
            out.push(Note::own(text))
        }
    }
}

fn expanded(t: &PType) -> PType {
    super::names::data_definition(t).unwrap_or(t).clone()
}

fn bound(n: i64) -> String {
    match n {
        i64::MIN => "-infinity".into(),
        i64::MAX => "infinity".into(),
        n => n.to_string(),
    }
}

fn float_bound(x: f64) -> String {
    if x.is_infinite() {
        if x < 0.0 {
            "-infinity".into()
        } else {
            "infinity".into()
        }
    } else {
        super::display::ruby_float(x)
    }
}

/// `from .. to`.
fn range_text(r: IntRange) -> String {
    format!("{}..{}", bound(r.from), bound(r.to))
}

/// `Integer[1, 10] is not within Integer[5, 20]: 1 < 5`.
fn range_note(to: &PType, from: &PType, outer: IntRange, inner: IntRange, what: &str) -> Note {
    let mut parts = Vec::new();
    if inner.from < outer.from {
        parts.push(format!(
            "{what}{} < {}",
            bound(inner.from),
            bound(outer.from)
        ));
    }
    if inner.to > outer.to {
        parts.push(format!("{what}{} > {}", bound(inner.to), bound(outer.to)));
    }
    Note::own(format!("{}: {}", not_within(from, to), parts.join(", ")))
}

/// Sizes of collections: `its size can be 0, below the minimum 1`.
fn size_note(out: &mut Vec<Note>, to: &PType, from: &PType, outer: IntRange, inner: IntRange) {
    if outer.from <= inner.from && inner.to <= outer.to {
        return;
    }
    let mut parts = Vec::new();
    if inner.from < outer.from {
        parts.push(format!(
            "its size can be {}, below the minimum {}",
            inner.from, outer.from
        ));
    }
    if inner.to > outer.to {
        let size = if inner.to == i64::MAX {
            "unbounded".to_string()
        } else {
            format!("{}", inner.to)
        };
        parts.push(format!(
            "its size can be {size}, above the maximum {}",
            outer.to
        ));
    }
    out.push(Note::own(format!(
        "{}: {}",
        not_within(from, to),
        parts.join(", ")
    )));
}

fn listing(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn enum_note(to: &PType, values: &[std::rc::Rc<str>], ci: bool, from: &PType, out: &mut Vec<Note>) {
    let has = |s: &str| {
        values.iter().any(|v| {
            if ci {
                v.to_lowercase() == s.to_lowercase()
            } else {
                **v == *s
            }
        })
    };
    let outside = |items: Vec<&str>| -> Vec<String> {
        items.into_iter().filter(|s| !has(s)).map(quote).collect()
    };
    let text = match from {
        PType::String { value: Some(s), .. } => {
            let close = crate::suggest::did_you_mean(s, values.iter().map(|v| &**v));
            let note = Note::own(format!("{} is not one of the values of {to}", quote(s)));
            out.push(note.with(close.map(Note::own).into_iter().collect()));
            return;
        }
        PType::Enum { values: v2, .. } if !v2.is_empty() => {
            let bad = outside(v2.iter().map(|v| &**v).collect());
            format!(
                "{} {} not among the values of {to}",
                listing(&bad),
                if bad.len() == 1 { "is" } else { "are" }
            )
        }
        PType::String { .. } | PType::Pattern(_) | PType::Enum { .. } => format!(
            "{}: {from} holds strings other than the values of {to}",
            not_within(from, to)
        ),
        _ => format!("{}: only strings can be {to}", not_within(from, to)),
    };
    out.push(Note::own(text));
}

fn pattern_note(
    to: &PType,
    res: &[std::rc::Rc<crate::values::Regexp>],
    from: &PType,
    out: &mut Vec<Note>,
) {
    let patterns = || {
        listing(
            &res.iter()
                .map(|r| super::regexp_text(r.source()))
                .collect::<Vec<_>>(),
        )
    };
    let text = match from {
        PType::String { value: Some(s), .. } => format!("{} does not match {}", quote(s), patterns()),
        PType::Enum { values, .. } if !values.is_empty() => {
            let bad: Vec<String> = values
                .iter()
                .filter(|v| !res.iter().any(|r| r.matches(v)))
                .map(|v| quote(v))
                .collect();
            format!("{} {} not match {}", listing(&bad), if bad.len() == 1 { "does" } else { "do" }, patterns())
        }
        PType::Pattern(_) => format!(
            "{}: patterns are compared as sets of regular expressions, not by the strings they match",
            not_within(from, to)
        ),
        PType::String { .. } | PType::Enum { .. } => {
            format!("{}: {from} holds strings that do not match {}", not_within(from, to), patterns())
        }
        _ => format!("{}: only strings can match {to}", not_within(from, to)),
    };
    out.push(Note::own(text));
}

fn struct_notes(members: &[StructMember], m2: &[StructMember], out: &mut Vec<Note>, d: usize) {
    let known: Vec<&str> = members.iter().map(|m| &*m.key).collect();
    let keys = listing(&known.iter().map(|k| quote(k)).collect::<Vec<_>>());
    for f in m2 {
        match members.iter().find(|m| m.key == f.key) {
            None => {
                let hint = crate::suggest::did_you_mean(&f.key, known.iter().copied());
                out.push(
                    Note::own(format!(
                        "key {} is not allowed there (its keys: {keys})",
                        quote(&f.key)
                    ))
                    .with(hint.map(Note::own).into_iter().collect()),
                );
            }
            Some(m) => {
                if member_is_optional(f) && !member_is_optional(m) {
                    out.push(Note::own(format!(
                        "key {} is optional, but required there",
                        quote(&f.key)
                    )));
                }
                push_if_not(
                    out,
                    &m.value,
                    &f.value,
                    format!(
                        "entry {}: {}",
                        quote(&f.key),
                        not_within(&f.value, &m.value)
                    ),
                    d,
                );
            }
        }
    }
    for m in members {
        if !member_is_optional(m) && !m2.iter().any(|f| f.key == m.key) {
            out.push(Note::own(format!(
                "key {} is required there, but missing",
                quote(&m.key)
            )));
        }
    }
}

fn struct_size(members: &[StructMember]) -> IntRange {
    super::mismatch::struct_size(members)
}

fn collection_size(t: &PType) -> Option<IntRange> {
    match t {
        PType::Collection(s) | PType::Array(_, s) | PType::Hash(_, _, s) => Some(*s),
        PType::Tuple(types, s) => Some(if types.is_empty() {
            s.unwrap_or(IntRange::new(0, 0))
        } else {
            tuple_size(types, *s)
        }),
        PType::Struct(m) => Some(struct_size(m.as_deref().unwrap_or(&[]))),
        _ => None,
    }
}
