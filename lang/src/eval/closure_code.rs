//! Compiled bodies of lambdas called one at a time (`call_closure`: an EPP template's body,
//! a lambda a built-in calls now and then), kept by the lambda across calls: a lambda
//! called more than a few times (from the same file) runs its body compiled (`compiled`)
//! from then on, when the body is one that compiles. (A lambda called over and over in one
//! iteration has its compiled body in its `lambda_frame` instead.)

use super::compiled::Code;
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
/// lambda takes its address).
#[derive(Default)]
pub struct ClosureCodes(HashMap<*const Lambda, Entry>);

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
        if let Some(e) = self.closure_codes.0.get_mut(&key) {
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
            if self.closure_codes.0.len() >= KEPT {
                self.closure_codes.0.clear();
            }
            self.closure_codes.0.insert(
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
        if let Some(e) = self.closure_codes.0.get_mut(&key) {
            e.code = Some(code.clone());
        }
        code
    }
}
