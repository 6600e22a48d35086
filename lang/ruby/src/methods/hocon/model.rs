//! HOCON values before and after resolution, merging (`with_fallback`) and concatenation, as
//! the `hocon` gem does them.

use super::Error;

/// A substitution `${path}` / `${?path}`; `id` tells two apart (the gem marks each one it is
/// resolving to find cycles).
#[derive(Debug, Clone, PartialEq)]
pub struct Ref {
    pub path: Vec<String>,
    pub optional: bool,
    pub id: usize,
    /// The line it is on (its errors name it).
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    /// Fields in order.
    Obj(Vec<(String, Val)>),
    List(Vec<Val>),
    /// A string, and whether it was quoted (unquoted text after a list or object in a
    /// concatenation is dropped).
    Str(String, bool),
    /// An integral number and its text in the source.
    Int(i64, String),
    /// An integer beyond 64 bits: its decimal digits and its text in the source.
    Big(String, String),
    Float(f64, String),
    Bool(bool),
    Null,
    Ref(Ref),
    /// Values written one after another (`${a} b`, `[1] [2]`).
    Concat(Vec<Val>),
    /// A value over the ones it overrides (the first wins), kept until resolution because
    /// one of them is unresolved (`a = {x: 1}, a = ${b}`).
    Merge(Vec<Val>),
    /// An object over an unresolved value, made by merging two objects (`x { a = ${b} },
    /// x { a {} }`): the gem never resolves it (`ConfigNotResolvedError` when the result is
    /// read).
    Stuck(Vec<Val>),
}

impl Val {
    pub fn resolved(&self) -> bool {
        match self {
            Val::Ref(_) | Val::Concat(_) | Val::Merge(_) | Val::Stuck(_) => false,
            Val::Obj(fields) => crate::limits::deep(|| fields.iter().all(|(_, v)| v.resolved())),
            Val::List(items) => crate::limits::deep(|| items.iter().all(Val::resolved)),
            _ => true,
        }
    }
    /// About the bytes a copy of the value takes (checked against the memory limit before
    /// a resolved value is copied: substitutions can double a value at each step).
    pub fn weight(&self) -> usize {
        let node = std::mem::size_of::<Val>();
        match self {
            Val::Obj(fields) => crate::limits::deep(|| {
                fields.iter().fold(node, |n, (k, v)| {
                    n.saturating_add(k.len()).saturating_add(v.weight())
                })
            }),
            Val::List(items) | Val::Concat(items) | Val::Merge(items) | Val::Stuck(items) => {
                crate::limits::deep(|| items.iter().fold(node, |n, v| n.saturating_add(v.weight())))
            }
            Val::Str(s, _) => node + s.len(),
            Val::Int(_, t) | Val::Float(_, t) => node + t.len(),
            Val::Big(d, t) => node + d.len() + t.len(),
            _ => node,
        }
    }
    /// A reference, concatenation or delayed merge (the gem's `Unmergeable`).
    fn unmergeable(&self) -> bool {
        matches!(
            self,
            Val::Ref(_) | Val::Concat(_) | Val::Merge(_) | Val::Stuck(_)
        )
    }

    /// `self.with_fallback(fallback)`: an object merges with an object under it; another
    /// resolved value hides what is under it; an unresolved one waits (a merge stack).
    ///
    /// The gem's class for an object waiting so (`ConfigDelayedMergeObject`) is loaded only
    /// with its class for other values waiting (`ConfigDelayedMerge`): until a value other
    /// than an object has waited in the process, an object over an unresolved value is
    /// Ruby's `NameError` for that class (what the reference gives in a fresh process).
    pub fn with_fallback(self, fallback: Val) -> Result<Val, Error> {
        Ok(match self {
            Val::Obj(fields) => match fallback {
                Val::Obj(under) => Val::Obj(merge_fields(fields, under)?),
                f if f.unmergeable() => {
                    if !MERGE_LOADED.get() {
                        return Err(Error::raised("NameError", UNLOADED));
                    }
                    Val::Merge(push_stack(vec![Val::Obj(fields)], f))
                }
                // (an object hides a value that is no object)
                _ => Val::Obj(fields),
            },
            Val::Ref(_) | Val::Concat(_) => {
                MERGE_LOADED.set(true);
                Val::Merge(push_stack(vec![self], fallback))
            }
            Val::Stuck(stack) => Val::Stuck(push_stack(stack, fallback)),
            Val::Merge(stack) => match stack.last() {
                // (an object at the bottom that is resolved merges on)
                Some(Val::Obj(_)) | Some(Val::Ref(_)) | Some(Val::Concat(_)) => {
                    Val::Merge(push_stack(stack, fallback))
                }
                _ => Val::Merge(stack),
            },
            other => other,
        })
    }

    /// The text of a scalar as a concatenation writes it (numbers as in the source).
    pub fn transform_to_string(&self) -> Option<String> {
        Some(match self {
            Val::Str(s, _) => s.clone(),
            Val::Int(_, text) | Val::Big(_, text) | Val::Float(_, text) => text.clone(),
            Val::Bool(b) => b.to_string(),
            Val::Null => "null".into(),
            _ => return None,
        })
    }

    /// The gem's `to_s` of a value (`SimpleConfigList([1])`, `Quoted("x")`).
    pub fn describe(&self) -> String {
        let class = match self {
            Val::Obj(_) => "SimpleConfigObject",
            Val::List(_) => "SimpleConfigList",
            Val::Str(_, true) => "Quoted",
            Val::Str(_, false) => "Unquoted",
            Val::Int(..) | Val::Big(..) => "ConfigInt",
            Val::Float(..) => "ConfigDouble",
            Val::Bool(_) => "ConfigBoolean",
            Val::Null => "ConfigNull",
            Val::Ref(_) => "ConfigReference",
            Val::Concat(_) => "ConfigConcatenation",
            Val::Merge(_) => "ConfigDelayedMerge",
            Val::Stuck(_) => "ConfigDelayedMergeObject",
        };
        let mut out = String::new();
        render(self, &mut out);
        format!("{class}({out})")
    }
}

thread_local! {
    /// Whether the gem's delayed-merge classes are loaded (in this thread: a session's).
    static MERGE_LOADED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Ruby's `NameError` for the gem's unloaded class, with error_highlight's and
/// did_you_mean's lines.
const UNLOADED: &str = "uninitialized constant Hocon::Impl::ConfigDelayedMergeObject\n\n    Hocon::Impl::ConfigDelayedMergeObject.new(origin, stack)\n               ^^^^^^^^^^^^^^^^^^^^^^^^^^\nDid you mean?  Hocon::Impl::ConfigNodeObject";

/// `stack` with `fallback` under it (a merge stack's own values go in one by one).
fn push_stack(mut stack: Vec<Val>, fallback: Val) -> Vec<Val> {
    match fallback {
        Val::Merge(under) | Val::Stuck(under) => stack.extend(under),
        f => stack.push(f),
    }
    stack
}

/// Two objects' fields merged: the first's keys in order, then the second's others; a key
/// both have merges its values.
fn merge_fields(
    over: Vec<(String, Val)>,
    mut under: Vec<(String, Val)>,
) -> Result<Vec<(String, Val)>, Error> {
    let mut out = Vec::with_capacity(over.len() + under.len());
    for (k, v) in over {
        match under.iter().position(|(u, _)| *u == k) {
            Some(i) => {
                let (_, u) = under.remove(i);
                out.push((
                    k,
                    match v.with_fallback(u)? {
                        Val::Merge(stack) if matches!(stack.first(), Some(Val::Obj(_))) => {
                            Val::Stuck(stack)
                        }
                        m => m,
                    },
                ));
            }
            None => out.push((k, v)),
        }
    }
    out.extend(under);
    Ok(out)
}

/// Joins a concatenation's pieces as the gem does (`None`: no pieces). Strings and other
/// scalars join as text, lists append, objects merge (the right one over the left); an
/// unresolved piece stays apart.
pub fn concatenate(pieces: Vec<Val>, line: usize) -> Result<Option<Val>, Error> {
    let mut out: Vec<Val> = Vec::new();
    for piece in pieces {
        let piece = match piece {
            Val::Concat(inner) => inner,
            p => vec![p],
        };
        for right in piece {
            let Some(left) = out.pop() else {
                out.push(right);
                continue;
            };
            match (left, right) {
                (Val::Obj(l), Val::Obj(r)) => out.push(Val::Obj(r).with_fallback(Val::Obj(l))?),
                (Val::List(mut l), Val::List(r)) => {
                    Error::reserve(r.iter().map(Val::weight).sum())?;
                    l.extend(r);
                    out.push(Val::List(l));
                }
                (l @ (Val::List(_) | Val::Obj(_)), Val::Str(_, false)) => out.push(l),
                (l, r) if l.unmergeable() || r.unmergeable() => {
                    out.push(l);
                    out.push(r);
                }
                (l, r) => match (l.transform_to_string(), r.transform_to_string()) {
                    (Some(a), Some(b)) => {
                        Error::reserve(a.len() + b.len())?;
                        out.push(Val::Str(a + &b, true))
                    }
                    _ => {
                        return Err(Error::wrong_type(
                            line,
                            format!(
                                "Cannot concatenate object or list with a non-object-or-list, {} and {} are not compatible",
                                l.describe(),
                                r.describe()
                            ),
                        ))
                    }
                },
            }
        }
    }
    Ok(match out.len() {
        0 => None,
        1 => out.pop(),
        _ => Some(Val::Concat(out)),
    })
}

/// The gem's concise rendering (JSON-like; substitutions as `${path}`).
fn render(v: &Val, out: &mut String) {
    match v {
        Val::Obj(fields) => {
            out.push('{');
            for (i, (k, v)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&json_string(k));
                out.push(':');
                render(v, out);
            }
            out.push('}');
        }
        Val::List(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                render(v, out);
            }
            out.push(']');
        }
        Val::Str(s, _) => out.push_str(&json_string(s)),
        Val::Int(i, _) => out.push_str(&i.to_string()),
        Val::Big(d, _) => out.push_str(d),
        Val::Float(f, _) => out.push_str(&crate::ruby_float_to_s(*f)),
        Val::Bool(b) => out.push_str(&b.to_string()),
        Val::Null => out.push_str("null"),
        Val::Ref(r) => out.push_str(&ref_text(r)),
        Val::Concat(items) | Val::Merge(items) | Val::Stuck(items) => {
            for v in items {
                render(v, out);
            }
        }
    }
}

/// `${a.b}` / `${?a.b}`, the path rendered as the gem renders paths.
pub fn ref_text(r: &Ref) -> String {
    format!(
        "${{{}{}}}",
        if r.optional { "?" } else { "" },
        render_path(&r.path)
    )
}

/// A path as the gem renders it: an element that is empty or holds other than letters,
/// digits, `-` and `_` in JSON quotes.
pub fn render_path(path: &[String]) -> String {
    let funky = |s: &str| {
        s.is_empty()
            || s.chars()
                .any(|c| !(c.is_alphanumeric() || c == '-' || c == '_'))
    };
    path.iter()
        .map(|e| if funky(e) { json_string(e) } else { e.clone() })
        .collect::<Vec<_>>()
        .join(".")
}

/// The gem's `render_json_string`.
pub fn json_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
