//! Compiled bodies of lambdas called one at a time (`call_closure`: an EPP template's body,
//! a lambda a built-in calls now and then), kept by the lambda across calls: a lambda
//! called more than a few times (from the same file) runs its body compiled (`compiled`)
//! from then on, when the body is one that compiles. (A lambda called over and over in one
//! iteration has its compiled body in its `lambda_frame`, found here by lambda:
//! [`Evaluator::frame_body`].)

use super::compiled::{Body, Code};
use super::scope::Layout;
use super::Evaluator;
use crate::error::Source;
use crate::syntax::ast::Lambda;
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

/// The calls of a lambda after which its body is compiled.
const COMPILED_AFTER: u32 = 8;

/// The lambdas kept at most (the table is emptied when it is full).
const KEPT: usize = 256;

/// Lambdas called one at a time, by address (each kept alive by its entry, so that no other
/// lambda takes its address); and the bodies compiled for iterations, by lambda.
#[derive(Default)]
pub struct ClosureCodes {
    by_lambda: HashMap<*const Lambda, Entry>,
    frames: HashMap<*const Lambda, FrameEntry>,
}

/// The calls of a lambda in iterations (`lambda_frame`) and its body compiled for them,
/// for its iterations laid out the same, from the same file.
struct FrameEntry {
    _lambda: Rc<Lambda>,
    layout: Rc<Layout>,
    source: Rc<Source>,
    calls: u32,
    /// The compiled body, once compiled (`None` inside: it does not compile).
    body: Option<Option<Rc<Body>>>,
}

struct Entry {
    _lambda: Rc<Lambda>,
    /// The file the body was compiled for (its calls are made from it).
    source: Rc<Source>,
    calls: u32,
    /// The compiled body, once compiled (`None` inside: it does not compile).
    code: Option<Option<Rc<Code>>>,
}

impl Evaluator {
    /// The compiled body of `lambda` (its slots laid out by `layout`), called from the
    /// current file, from its [`COMPILED_AFTER`]th call on (`None` before, and when it does
    /// not compile).
    pub(super) fn closure_code(
        &mut self,
        lambda: &Rc<Lambda>,
        layout: &Layout,
    ) -> Option<Rc<Code>> {
        let key = Rc::as_ptr(lambda);
        if let Some(e) = self.closure_codes.by_lambda.get_mut(&key) {
            if !Rc::ptr_eq(&e.source, &self.source) {
                return None;
            }
            if let Some(code) = &e.code {
                return code.clone();
            }
            if e.calls < COMPILED_AFTER {
                e.calls += 1;
                return None;
            }
        } else {
            if self.closure_codes.by_lambda.len() >= KEPT {
                self.closure_codes.by_lambda.clear();
            }
            self.closure_codes.by_lambda.insert(
                key,
                Entry {
                    _lambda: lambda.clone(),
                    source: self.source.clone(),
                    calls: 1,
                    code: None,
                },
            );
            return None;
        }
        let code = self
            .compile(
                lambda.params.len(),
                true,
                &lambda.body,
                layout,
                &self.source,
            )
            .map(|b| Rc::new(b.code));
        if let Some(e) = self.closure_codes.by_lambda.get_mut(&key) {
            e.code = Some(code.clone());
        }
        code
    }
}

impl Evaluator {
    /// The compiled body of `lambda` (laid out by `layout`) for an iteration calling it,
    /// from its [`COMPILED_AFTER`]th call on, counted over all its iterations from the current
    /// file (an inner iteration run once per element of an outer one may call it only a few
    /// times each); `None` before; `Some(None)` when it does not compile.
    pub(super) fn frame_body(
        &mut self,
        lambda: &Rc<Lambda>,
        layout: &Rc<Layout>,
    ) -> Option<Option<Rc<Body>>> {
        let key = Rc::as_ptr(lambda);
        match self.closure_codes.frames.get_mut(&key) {
            Some(e) if Rc::ptr_eq(&e.layout, layout) && Rc::ptr_eq(&e.source, &self.source) => {
                if let Some(body) = &e.body {
                    return Some(body.clone());
                }
                e.calls += 1;
                if e.calls < COMPILED_AFTER {
                    return None;
                }
            }
            _ => {
                let frames = &mut self.closure_codes.frames;
                if frames.len() >= KEPT {
                    frames.clear();
                }
                frames.insert(
                    key,
                    FrameEntry {
                        _lambda: lambda.clone(),
                        layout: layout.clone(),
                        source: self.source.clone(),
                        calls: 1,
                        body: None,
                    },
                );
                return None;
            }
        }
        let body = self
            .compile(
                lambda.params.len(),
                true,
                &lambda.body,
                layout,
                &self.source,
            )
            .map(Rc::new);
        if let Some(e) = self.closure_codes.frames.get_mut(&key) {
            e.body = Some(body.clone());
        }
        Some(body)
    }
}

#[cfg(test)]
mod tests {
    use crate::Session;

    /// An inner iteration of a few elements, run once per element of an outer one, runs
    /// compiled once its lambda has been called often enough over all its iterations (the
    /// outer lambda, called 6 times, is not compiled).
    #[test]
    fn short_iterations_of_one_lambda_count_their_calls_together() {
        let mut s = Session::new();
        let v = s
            .eval("Integer[1, 6].map |$x| { [1, 2].map |$y| { $x * 10 + $y } }")
            .unwrap();
        assert_eq!(
            crate::format::to_programmatic(&v),
            "[[11, 12], [21, 22], [31, 32], [41, 42], [51, 52], [61, 62]]"
        );
        let frames = &s.evaluator.closure_codes.frames;
        let compiled = frames
            .values()
            .filter(|e| matches!(e.body, Some(Some(_))))
            .count();
        assert_eq!((frames.len(), compiled), (2, 1));
    }
}
