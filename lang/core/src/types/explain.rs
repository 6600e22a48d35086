//! Why a value is, or is not, an instance of a type (`:why $v =~ T`, `explain_type(T, $v)`).
//!
//! A mismatch lists every reason, path by path (`index 1`, `entry 'port'`, `variant 0`), each
//! worded as the reference words the lines of its parameter errors (`mismatch.rs` gives the
//! wording), with prepl's own notes beneath: how far a number is out of range, the members of
//! a Variant tried one by one, an alias's definition, names close to a misspelt key or enum
//! value. A match says which member of each Variant or Optional matched.
use super::display::alias_display;
use super::display::quote;
use super::explanation::{shown, Explanation, Note};
use super::instance::{is_instance, member_is_optional, tuple_size, tuple_type_at};
use super::mismatch::{
    alias_mismatch, at, is_simple_mismatch, is_struct_key, key_text, keys_described,
    match_mismatch, match_mismatch_named, root_mismatch, size_mismatch, struct_size, AliasMismatch,
};
use super::{IntRange, PType, StructMember};
use crate::values::Value;

const MAX_DEPTH: usize = 100;
/// At most this many notes side by side (elements of a big collection), then a summary.
const MAX_SIBLINGS: usize = 50;

/// Whether `v` is an instance of `t`, and why.
pub fn explain_instance(t: &PType, v: &Value) -> Explanation {
    let value = shown(crate::format::to_programmatic(v));
    SHOWN.with(|s| s.borrow_mut().clear());
    let holds = is_instance(t, v);
    let mut notes = Vec::new();
    if holds {
        matched(t, v, "", &mut notes, 0);
        Explanation {
            holds,
            headline: format!("{value} matches {t}"),
            notes: Note::capped(notes, MAX_SIBLINGS),
        }
    } else {
        why_not(t, v, "", &mut notes, 0);
        Explanation {
            holds,
            headline: format!("{value} does not match {t}"),
            notes: Note::capped(notes, MAX_SIBLINGS),
        }
    }
}

thread_local! {
    /// The aliases whose definitions an explanation has shown (each is shown once).
    static SHOWN: std::cell::RefCell<Vec<std::rc::Rc<str>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `where Server = Struct[...]` the first time, then `Server`.
fn alias_label(name: &std::rc::Rc<str>, resolved: &PType) -> String {
    SHOWN.with(|s| {
        let mut shown = s.borrow_mut();
        if shown.contains(name) {
            name.to_string()
        } else {
            shown.push(name.clone());
            format!("where {name} = {resolved}")
        }
    })
}

/// `path: text`, or the text alone at the top.
fn labelled(path: &str, text: &str) -> String {
    if path.is_empty() {
        text.to_string()
    } else {
        format!("{path}: {text}")
    }
}

/// The reasons `v` is not a `t` (`v` is known not to be one).
fn why_not(t: &PType, v: &Value, path: &str, out: &mut Vec<Note>, depth: usize) {
    if depth > MAX_DEPTH {
        out.push(Note::reference(root_mismatch(t, v, path)));
        return;
    }
    let d = depth + 1;
    match t {
        PType::Alias(a) => {
            let resolved = a.resolved();
            match alias_mismatch(t, &resolved, v) {
                AliasMismatch::Root => {
                    // The definition's own mismatch, with paths from the alias's value.
                    let mut inner = Vec::new();
                    why_not(&resolved, v, "", &mut inner, d);
                    let mut inner = Note::all_own(inner);
                    let head = format!("where {} = {resolved}", a.name);
                    let definition = match inner.as_mut_slice() {
                        [one] if one.children.is_empty() => {
                            Note::own(format!("{head}: {}", one.text))
                        }
                        _ => Note::own(head).with(inner),
                    };
                    out.push(Note::reference(root_mismatch(t, v, path)).with(vec![definition]));
                }
                AliasMismatch::Match => out.push(
                    Note::reference(match_mismatch_named(&alias_display(t), v, path))
                        .with(close_enum_values(&resolved, v)),
                ),
                AliasMismatch::Definition(resolved) => {
                    // The reference describes the definition's mismatches in place of the alias.
                    let label = labelled(path, &alias_label(&a.name, &resolved));
                    let mut inner = Vec::new();
                    why_not(&resolved, v, path, &mut inner, d);
                    out.push(Note::own(label).with(inner));
                }
            }
        }
        PType::Optional(Some(inner))
            if matches!(**inner, PType::Enum { .. } | PType::Pattern(_)) =>
        {
            let got = match v {
                Value::String(s) => quote(s),
                other => super::mismatch::short_name(&super::infer(other)),
            };
            let line = at(
                path,
                &format!("expects an undef value or a match for {inner}, got {got}"),
            );
            out.push(Note::reference(line).with(close_enum_values(inner, v)));
        }
        PType::NotUndef(Some(inner)) if !v.is_undef() => why_not(inner, v, path, out, d),
        PType::NotUndef(Some(inner)) => {
            out.push(
                Note::reference(root_mismatch(inner, v, path))
                    .with(vec![Note::own(format!("{t} does not accept undef"))]),
            );
        }
        PType::Optional(Some(inner)) if !v.is_undef() && !is_simple_mismatch(inner, v) => {
            match &**inner {
                PType::Variant(types) => {
                    let mut all = vec![PType::Undef];
                    all.extend(types.iter().cloned());
                    why_not_variant(t, &all, v, path, out, d)
                }
                inner => why_not(inner, v, path, out, d),
            }
        }
        PType::Variant(types) => why_not_variant(t, types, v, path, out, d),
        PType::Enum { .. } => {
            out.push(Note::reference(match_mismatch(t, v, path)).with(close_enum_values(t, v)))
        }
        PType::Pattern(res) => {
            let mut note = Note::reference(match_mismatch(t, v, path));
            if res.len() > 1 {
                if let Value::String(s) = v {
                    note = note.with(
                        res.iter()
                            .map(|r| {
                                Note::own(format!(
                                    "{} does not match {}",
                                    quote(s),
                                    super::regexp_text(r.source())
                                ))
                            })
                            .collect(),
                    );
                }
            }
            out.push(note)
        }
        PType::Array(elem, size) => match v {
            Value::Array(a) => {
                if !size.contains(a.len() as i64) {
                    out.push(Note::reference(size_mismatch(*size, a.len(), path)));
                    return;
                }
                for (i, x) in a.iter().enumerate() {
                    if !is_instance(elem, x) {
                        why_not(elem, x, &at(path, &format!("index {i}")), out, d);
                    }
                }
            }
            _ => out.push(Note::reference(root_mismatch(t, v, path))),
        },
        PType::Tuple(types, size) if !types.is_empty() => match v {
            Value::Array(a) => {
                let range = tuple_size(types, *size);
                if !range.contains(a.len() as i64) {
                    out.push(Note::reference(size_mismatch(range, a.len(), path)));
                    return;
                }
                for (i, x) in a.iter().enumerate() {
                    if let Some(et) = tuple_type_at(types, i) {
                        if !is_instance(et, x) {
                            why_not(et, x, &at(path, &format!("index {i}")), out, d);
                        }
                    }
                }
            }
            _ => out.push(Note::reference(root_mismatch(t, v, path))),
        },
        PType::Hash(kt, vt, size) => match v {
            Value::Hash(h) => {
                if !size.contains(h.len() as i64) {
                    out.push(Note::reference(size_mismatch(*size, h.len(), path)));
                    return;
                }
                let bad_keys: Vec<&Value> = h.keys().filter(|k| !is_instance(kt, k)).collect();
                if !bad_keys.is_empty() && !keys_described(kt, h) {
                    // The reference names only the hash; prepl says which keys.
                    let mut keys = Vec::new();
                    for k in bad_keys {
                        let p = at(path, &format!("key {}", crate::format::to_programmatic(k)));
                        why_not(kt, k, &p, &mut keys, d);
                    }
                    out.push(Note::reference(root_mismatch(t, v, path)).with(Note::all_own(keys)));
                    return;
                }
                for (k, x) in h.iter() {
                    if !is_instance(kt, k) {
                        let p = at(path, &format!("key of entry {}", key_text(k)));
                        why_not(kt, k, &p, out, d);
                    }
                    if !is_instance(vt, x) {
                        why_not(vt, x, &at(path, &format!("entry {}", key_text(k))), out, d);
                    }
                }
            }
            _ => out.push(Note::reference(root_mismatch(t, v, path))),
        },
        PType::Struct(Some(members)) if !members.is_empty() => match v {
            Value::Hash(h) if h.is_empty() || h.keys().any(|k| !matches!(k, Value::String(_))) => {
                let size = struct_size(members);
                if size.contains(h.len() as i64) {
                    let keys = h
                        .keys()
                        .filter(|k| !matches!(k, Value::String(_)))
                        .map(|k| {
                            let k = crate::format::to_programmatic(k);
                            Note::own(format!("key {k} is not a String"))
                        })
                        .collect();
                    out.push(Note::reference(root_mismatch(t, v, path)).with(keys));
                } else {
                    out.push(Note::reference(size_mismatch(size, h.len(), path)));
                }
            }
            Value::Hash(h) => why_not_struct(members, h, path, out, d),
            _ => out.push(Note::reference(root_mismatch(t, v, path))),
        },
        PType::Collection(size) => match v {
            // The reference gives no detail here (only the signature).
            Value::Array(a) => out.push(Note::own(size_mismatch(*size, a.len(), path))),
            Value::Hash(h) => out.push(Note::own(size_mismatch(*size, h.len(), path))),
            _ => out.push(Note::reference(root_mismatch(t, v, path))),
        },
        _ => out.push(Note::reference(root_mismatch(t, v, path)).with(out_of_range(t, v))),
    }
}

fn why_not_struct(
    members: &[StructMember],
    h: &crate::values::Map,
    path: &str,
    out: &mut Vec<Note>,
    d: usize,
) {
    let known: Vec<&str> = members.iter().map(|m| &*m.key).collect();
    let missing: Vec<&str> = members
        .iter()
        .filter(|m| !member_is_optional(m) && !h.contains_key(&Value::String(m.key.clone())))
        .map(|m| &*m.key)
        .collect();
    // In the reference's order: the members (a missing key, or its entry), then the keys
    // the Struct does not have.
    for m in members {
        match h.get(&Value::String(m.key.clone())) {
            None if !member_is_optional(m) => out.push(Note::reference(at(
                path,
                &format!("expects a value for key {}", quote(&m.key)),
            ))),
            Some(x) if !is_instance(&m.value, x) => why_not(
                &m.value,
                x,
                &at(path, &format!("entry {}", quote(&m.key))),
                out,
                d,
            ),
            _ => {}
        }
    }
    for k in h.keys() {
        if is_struct_key(members, k) {
            continue;
        }
        let mut hints = Vec::new();
        if let Value::String(s) = k {
            // Keys the hash lacks come first among the suggestions.
            let mut close = crate::suggest::nearest(s, missing.iter().copied());
            if close.is_empty() {
                close = crate::suggest::nearest(s, known.iter().copied());
            }
            hints.extend(crate::suggest::hint(&close, quote).map(Note::own));
        }
        let line = at(path, &format!("unrecognized key {}", key_text(k)));
        out.push(Note::reference(line).with(hints));
    }
}

fn why_not_variant(
    t: &PType,
    types: &[PType],
    v: &Value,
    path: &str,
    out: &mut Vec<Note>,
    d: usize,
) {
    // The members, each with why it failed (prepl's own: the reference prints only some).
    let tried = |out_path: &dyn Fn(usize) -> String| -> Vec<Note> {
        types
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let mut why = Vec::new();
                why_not(m, v, &out_path(i), &mut why, d);
                Note::own(format!("variant {i} {m}")).with(why)
            })
            .collect()
    };
    let all = |f: fn(&PType) -> bool| !types.is_empty() && types.iter().all(f);
    let is_enum = |m: &PType| matches!(m, PType::Enum { .. });
    let is_pattern = |m: &PType| matches!(m, PType::Pattern(_));
    let is_match_type = |m: &PType| matches!(m, PType::Enum { .. } | PType::Pattern(_));
    if all(is_enum) || all(is_match_type) {
        // One merged "match" line, as the reference gives.
        let merged = if all(is_enum) {
            let mut values = Vec::new();
            for m in types {
                if let PType::Enum { values: vs, .. } = m {
                    values.extend(vs.iter().cloned());
                }
            }
            super::common::enum_of(values)
        } else if all(is_pattern) {
            let res = types
                .iter()
                .flat_map(|m| match m {
                    PType::Pattern(r) => r.clone(),
                    _ => Vec::new(),
                })
                .collect();
            PType::Pattern(res)
        } else {
            t.clone()
        };
        let values: Vec<std::rc::Rc<str>> = types
            .iter()
            .flat_map(|m| match m {
                PType::Enum { values, .. } => values.clone(),
                _ => Vec::new(),
            })
            .collect();
        let hints = close_enum_values(&super::common::enum_of(values), v);
        out.push(Note::reference(match_mismatch(&merged, v, path)).with(hints));
        return;
    }
    let detailed = types.iter().any(|m| !is_simple_mismatch(m, v));
    if !detailed {
        // The reference sums the members up in one line; prepl lists them.
        let members = tried(&|_| String::new())
            .into_iter()
            .map(|m| match m.children.as_slice() {
                [one] if one.children.is_empty() => Note::own(format!("{}: {}", m.text, one.text)),
                _ => m,
            })
            .collect();
        out.push(Note::reference(root_mismatch(t, v, path)).with(Note::all_own(members)));
        return;
    }
    let members = tried(&|i| at(path, &format!("variant {i}")));
    let head = if types.is_empty() {
        format!("{t} has no instances")
    } else {
        format!("no variant of {t} matches")
    };
    out.push(Note::own(labelled(path, &head)).with(members));
}

/// How a number, string length or time lies outside a range (prepl's own lines).
fn out_of_range(t: &PType, v: &Value) -> Vec<Note> {
    let note = match (t, v) {
        (PType::Integer(r), Value::Integer(i)) => {
            bounds(i128::from(*i), *r).map(|b| format!("{i} {b}"))
        }
        (PType::Float(lo, hi), Value::Float(x)) => {
            if x < lo {
                Some(format!(
                    "{} is below the minimum {}",
                    super::display::ruby_float(*x),
                    super::display::ruby_float(*lo)
                ))
            } else if x > hi {
                Some(format!(
                    "{} is above the maximum {}",
                    super::display::ruby_float(*x),
                    super::display::ruby_float(*hi)
                ))
            } else {
                None
            }
        }
        (PType::String { size, value: None }, Value::String(s)) => {
            let n = s.chars().count();
            bounds(n as i128, *size).map(|b| format!("its length {n} {b}"))
        }
        (
            PType::String {
                value: Some(want), ..
            },
            Value::String(_),
        ) => Some(format!("only the string {} is a {t}", quote(want))),
        (PType::Boolean(Some(b)), Value::Boolean(_)) => Some(format!("only {b} is a {t}")),
        _ => None,
    };
    note.map(Note::own).into_iter().collect()
}

/// `is below the minimum 5`, `is above the maximum 10`.
fn bounds(n: i128, r: IntRange) -> Option<String> {
    let (lo, hi) = if r.from <= r.to {
        (r.from, r.to)
    } else {
        (r.to, r.from)
    };
    if n < i128::from(lo) {
        Some(format!("is below the minimum {lo}"))
    } else if n > i128::from(hi) {
        Some(format!("is above the maximum {hi}"))
    } else {
        None
    }
}

/// For a string that is no value of an Enum: the values close to it.
fn close_enum_values(t: &PType, v: &Value) -> Vec<Note> {
    let (PType::Enum { values, .. }, Value::String(s)) = (t, v) else {
        return Vec::new();
    };
    let close = crate::suggest::nearest(s, values.iter().map(|v| &**v));
    crate::suggest::hint(&close, quote)
        .map(Note::own)
        .into_iter()
        .collect()
}

/// What matched: the member of each Variant and Optional, alias definitions, by path.
fn matched(t: &PType, v: &Value, path: &str, out: &mut Vec<Note>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let d = depth + 1;
    match t {
        PType::Alias(a) => {
            let resolved = a.resolved();
            let first = !SHOWN.with(|s| s.borrow().contains(&a.name));
            let label = labelled(path, &alias_label(&a.name, &resolved));
            let mut inner = Vec::new();
            matched(&resolved, v, path, &mut inner, d);
            if path.is_empty() || !inner.is_empty() {
                out.push(Note::own(label).with(inner));
            } else if first {
                // Not shown after all: the next mention shows the definition.
                SHOWN.with(|s| s.borrow_mut().retain(|n| n != &a.name));
            }
        }
        PType::Variant(types) => {
            if let Some((i, m)) = types.iter().enumerate().find(|(_, m)| is_instance(m, v)) {
                let mut inner = Vec::new();
                matched(m, v, path, &mut inner, d);
                out.push(Note::own(at(path, &format!("matches variant {i} {m}"))).with(inner));
            }
        }
        PType::Optional(inner) => {
            if v.is_undef() {
                out.push(Note::own(at(path, &format!("is undef, which {t} accepts"))));
            } else if let Some(inner) = inner {
                let mut notes = Vec::new();
                matched(inner, v, path, &mut notes, d);
                out.push(
                    Note::own(at(path, &format!("is not undef and matches {inner}"))).with(notes),
                );
            }
        }
        PType::NotUndef(Some(inner)) => matched(inner, v, path, out, d),
        PType::Array(elem, _) => {
            if let Value::Array(a) = v {
                for (i, x) in a.iter().enumerate() {
                    matched(elem, x, &at(path, &format!("index {i}")), out, d);
                }
            }
        }
        PType::Tuple(types, _) => {
            if let Value::Array(a) = v {
                for (i, x) in a.iter().enumerate() {
                    if let Some(et) = tuple_type_at(types, i) {
                        matched(et, x, &at(path, &format!("index {i}")), out, d);
                    }
                }
            }
        }
        PType::Hash(_, vt, _) => {
            if let Value::Hash(h) = v {
                for (k, x) in h.iter() {
                    matched(vt, x, &at(path, &format!("entry {}", key_text(k))), out, d);
                }
            }
        }
        PType::Struct(Some(members)) => {
            if let Value::Hash(h) = v {
                for m in members {
                    if let Some(x) = h.get(&Value::String(m.key.clone())) {
                        matched(
                            &m.value,
                            x,
                            &at(path, &format!("entry {}", quote(&m.key))),
                            out,
                            d,
                        );
                    }
                }
            }
        }
        _ => {}
    }
}
