//! The frames a stack kept only for class and define breakpoints lacks. While only those
//! are set, function and lambda bodies are not watched (so that the code around a define
//! costs nothing more), and the Puppet stack holds only class, define and node frames. At a
//! stop, the calls running (the evaluator's call sites, kept for every call) tell what is
//! between two of those frames: a call made in a frame's code runs the body of the
//! function it names, or the lambda of the built-in it names. Those frames are made up for
//! the stop (where they are, what runs them; their variables were not kept) and taken away
//! before evaluation goes on.

use super::{DebugFrame, FrameKind};
use crate::eval::Evaluator;
use crate::syntax::ast::ExprKind;
use std::rc::Rc;

impl Evaluator {
    /// Inserts the frames missing between the stack's frames; whether it made any.
    pub(super) fn fill_in_frames(&mut self) -> bool {
        let mut made = false;
        let mut i = 1;
        while i < self.debug.stack.len() {
            let (outer, inner) = (&self.debug.stack[i - 1], &self.debug.stack[i]);
            if inner.tracked || inner.calls <= outer.calls + 1 || inner.made_up {
                i += 1;
                continue;
            }
            let (from, to) = (outer.calls, inner.calls);
            let scope = outer.scope.clone();
            let mut frames = Vec::new();
            // Site `k` runs in the body that the call at site `k - 1` entered.
            for k in from + 1..to {
                let (Some((source, Some(at))), Some((caller_source, Some(caller)))) =
                    (self.call_sites.get(k), self.call_sites.get(k - 1))
                else {
                    continue;
                };
                let callee = callee_name(caller_source, caller);
                let (kind, scope) = match &callee {
                    Some(name) if self.functions.contains_key(name) => (FrameKind::Function, None),
                    _ => (FrameKind::Lambda, scope.clone()),
                };
                frames.push(DebugFrame {
                    kind,
                    name: callee.map_or_else(|| Rc::from("a call"), |n| Rc::from(n.as_str())),
                    title: None,
                    source: source.clone(),
                    at,
                    declared: None,
                    calls: k,
                    scope,
                    current: None,
                    tracked: true,
                    made_up: true,
                });
            }
            let n = frames.len();
            made |= n > 0;
            self.debug.stack.splice(i..i, frames);
            i += n + 1;
        }
        made
    }
}

/// The function a call names, read back from its source text: `each` of `$xs.each |$x|
/// {...}`, `f` of `f(1)`, `include` of `include web`.
fn callee_name(source: &crate::error::Source, at: crate::syntax::ast::Span) -> Option<String> {
    let text = source.text.get(at.start as usize..at.end as usize)?;
    let program = crate::syntax::parse(text).ok()?;
    match &program.body.first()?.kind {
        ExprKind::Call { name, .. } => Some(name.trim_start_matches("::").to_string()),
        _ => None,
    }
}
