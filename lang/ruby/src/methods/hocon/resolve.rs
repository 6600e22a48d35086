//! `Config#resolve`: substitutions replaced by the values they name (paths from the root),
//! as the `hocon` gem resolves them. A field that refers to itself (`a = ${a} x`, `+=`) sees
//! the value it overrides; an optional substitution of nothing (`${?x}`) leaves nothing (a
//! field without it is dropped); a cycle is the gem's error, naming the substitutions on
//! the way (`${a} was part of a cycle of substitutions involving ${b}, ${a}, ${b}`).

use super::model::{concatenate, ref_text, Ref, Val};
use super::Error;
use rustc_hash::FxHashMap as HashMap;

/// Values in resolution inside each other past which resolution stops (Ruby's stack
/// overflows in the gem too).
const MAX_DEPTH: usize = 5000;

enum Fail {
    /// A cycle, and the substitutions being resolved when it was found.
    Cycle(String),
    Error(Error),
}

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail::Error(e)
    }
}

type Res<T> = Result<T, Fail>;

/// A merge stack's layer being resolved: a substitution of `path` (or inside it) sees the
/// layers under it.
#[derive(Clone, Copy)]
struct Below<'a> {
    path: &'a [String],
    under: &'a [Val],
}

struct Resolver<'a> {
    root: &'a Val,
    /// The values being resolved (substitutions' texts; `None` for other values).
    trace: Vec<Option<String>>,
    /// Ids of the substitutions being resolved.
    marked: Vec<usize>,
    memo: HashMap<Vec<String>, Option<Val>>,
    /// The paths whose values are being resolved: a lookup of one of them (or of a path
    /// inside or around one) from inside it is a self-reference, which the final value
    /// remembered in `memo` must not answer.
    active: Vec<Vec<String>>,
}

pub fn resolve(root: &Val) -> Result<Val, Error> {
    let mut r = Resolver {
        root,
        trace: Vec::new(),
        marked: Vec::new(),
        memo: HashMap::default(),
        active: Vec::new(),
    };
    match r.value(root, &mut Vec::new(), None) {
        Ok(v) => Ok(v.unwrap_or(Val::Obj(Vec::new()))),
        // (a cycle is caught by the substitution that met it)
        Err(Fail::Cycle(trace)) => Err(Error::unresolved(1, trace)),
        Err(Fail::Error(e)) => Err(e),
    }
}

impl Resolver<'_> {
    fn value(&mut self, v: &Val, path: &mut Vec<String>, below: Option<Below>) -> Res<Option<Val>> {
        crate::limits::deep(|| self.value_here(v, path, below))
    }

    fn value_here(
        &mut self,
        v: &Val,
        path: &mut Vec<String>,
        below: Option<Below>,
    ) -> Res<Option<Val>> {
        if self.trace.len() > MAX_DEPTH {
            return Err(Error::raised("SystemStackError", "stack level too deep").into());
        }
        Ok(Some(match v {
            Val::Obj(fields) => {
                let mut out = Vec::with_capacity(fields.len());
                for (k, child) in fields {
                    path.push(k.clone());
                    let top = below.is_none() && path.len() == 1;
                    let r = match (top, self.memo.get(path.as_slice())) {
                        (true, Some(done)) => copy(done),
                        // (a field inside a layer is another path: its substitutions
                        // are no self-references of the layer's)
                        _ => {
                            self.active.push(path.clone());
                            let r = self.value(child, path, None);
                            self.active.pop();
                            r
                        }
                    };
                    if top {
                        if let Ok(done) = &r {
                            self.memo.insert(path.clone(), done.clone());
                        }
                    }
                    path.pop();
                    if let Some(c) = r? {
                        out.push((k.clone(), c));
                    }
                }
                Val::Obj(out)
            }
            Val::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    match self.value(item, path, None) {
                        Ok(Some(v)) => out.push(v),
                        Ok(None) => {}
                        Err(Fail::Cycle(t)) => return Err(Fail::Cycle(t)),
                        // (the gem wraps whatever a list's element raised)
                        Err(Fail::Error(e)) if e.is_hocon() && !e.not_resolved_error() => {
                            return Err(Error::bug("unexpected exception").into())
                        }
                        Err(e) => return Err(e),
                    }
                }
                Val::List(out)
            }
            Val::Ref(r) => return self.reference(r, below),
            Val::Concat(pieces) => {
                self.trace.push(None);
                let mut out = Vec::with_capacity(pieces.len());
                for p in pieces {
                    match self.value(p, path, below) {
                        Ok(Some(v)) => out.push(v),
                        Ok(None) => {}
                        Err(e) => {
                            self.trace.pop();
                            return Err(e);
                        }
                    }
                }
                self.trace.pop();
                return Ok(concatenate(out, 1)?);
            }
            Val::Merge(stack) => return self.merge(stack, path),
            // (left unresolved by the gem: the error reading the result gives)
            Val::Stuck(_) => return Err(Error::not_resolved().into()),
            scalar => scalar.clone(),
        }))
    }

    /// A merge stack: each layer over the ones under it, until one that is no object.
    fn merge(&mut self, stack: &[Val], path: &mut Vec<String>) -> Res<Option<Val>> {
        let mut acc: Option<Val> = None;
        for (i, layer) in stack.iter().enumerate() {
            if acc.as_ref().is_some_and(|a| !matches!(a, Val::Obj(_))) {
                break;
            }
            let here = path.clone();
            let below = Below {
                path: &here,
                under: &stack[i + 1..],
            };
            let Some(v) = self.value(layer, path, Some(below))? else {
                continue;
            };
            acc = Some(match acc {
                None => v,
                Some(a @ Val::Obj(_)) if matches!(v, Val::Obj(_)) => a.with_fallback(v)?,
                Some(a) => {
                    acc = Some(a);
                    break;
                }
            });
        }
        Ok(acc)
    }

    fn reference(&mut self, r: &Ref, below: Option<Below>) -> Res<Option<Val>> {
        let text = ref_text(r);
        self.trace.push(Some(text.clone()));
        if self.marked.contains(&r.id) {
            let trace = self.trace_string();
            self.trace.pop();
            return Err(Fail::Cycle(trace));
        }
        self.marked.push(r.id);
        let found = self.lookup(&r.path, below);
        self.marked.pop();
        self.trace.pop();
        match found {
            Ok(Some(v)) => Ok(Some(v)),
            Ok(None) if r.optional => Ok(None),
            Ok(None) => Err(Error::unresolved(r.line, text).into()),
            Err(Fail::Cycle(_)) if r.optional => Ok(None),
            Err(Fail::Cycle(trace)) => Err(Error::unresolved(
                r.line,
                format!("{text} was part of a cycle of substitutions involving {trace}"),
            )
            .into()),
            Err(e) => Err(e),
        }
    }

    fn trace_string(&self) -> String {
        self.trace
            .iter()
            .flatten()
            .cloned()
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The resolved value at `path` (`None`: nothing there).
    fn lookup(&mut self, path: &[String], below: Option<Below>) -> Res<Option<Val>> {
        if let Some(b) = below {
            if path.starts_with(b.path) {
                // (the field's own value before this definition)
                let mut here = b.path.to_vec();
                let previous = match b.under {
                    [] => None,
                    [one] => self.value(one, &mut here, None)?,
                    under => self.merge(under, &mut here)?,
                };
                return Ok(previous.and_then(|v| descend(v, &path[b.path.len()..])));
            }
        }
        let inside = self
            .active
            .iter()
            .any(|a| a.starts_with(path) || path.starts_with(a));
        if !inside {
            if let Some(done) = self.memo.get(path) {
                return copy(done);
            }
        }
        // Walk down from the root, resolving what stands in the way.
        let mut node = self.root;
        let owned: Option<Val>;
        for (i, key) in path.iter().enumerate() {
            let Val::Obj(fields) = node else {
                if node.resolved() {
                    return Ok(None);
                }
                let mut here = path[..i].to_vec();
                owned = self.value(node, &mut here, None)?;
                return Ok(owned.and_then(|v| descend(v, &path[i..])));
            };
            match fields.iter().find(|(k, _)| k == key) {
                Some((_, child)) => node = child,
                None => return Ok(None),
            }
        }
        let mut here = path.to_vec();
        self.active.push(path.to_vec());
        let r = self.value(node, &mut here, None);
        self.active.pop();
        owned = r?;
        if !inside {
            let kept = copy(&owned)?;
            self.memo.insert(path.to_vec(), kept);
        }
        Ok(owned)
    }
}

/// A copy of a resolved value, if it fits in the memory limit.
fn copy(v: &Option<Val>) -> Res<Option<Val>> {
    if let Some(v) = v {
        Error::reserve(v.weight())?;
    }
    Ok(v.clone())
}

/// The value at `path` inside a resolved value.
fn descend(v: Val, path: &[String]) -> Option<Val> {
    let mut v = v;
    for key in path {
        let Val::Obj(fields) = v else {
            return None;
        };
        v = fields.into_iter().find(|(k, _)| k == key)?.1;
    }
    Some(v)
}
