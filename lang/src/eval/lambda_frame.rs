//! Calling one lambda over and over (`each`, `map`, `filter`, `reduce`, ...): its frame is
//! made once for the whole iteration and emptied before each call, instead of being pushed
//! and popped per element.
//!
//! Each call still starts as a call in a new frame would: every slot empty but the
//! parameters, the caller's match variables (restored after the call), interrupts checked.
//!
//! A lambda called more than a few times (counted over all its iterations, `closure_code`)
//! whose arguments bind straight into its slots runs its body compiled (`compiled`) from
//! then on, when the body is one that compiles.

use super::call::{Args, Closure};
use super::compiled::Body;
use super::{EvalResult, Evaluator};
use crate::values::Value;
use std::cell::OnceCell;
use std::rc::Rc;

/// The frame of a lambda called repeatedly, open for the duration of
/// [`Evaluator::with_lambda_frame`].
pub struct LambdaFrame<'c> {
    closure: &'c Closure,
    /// Its index in the frame stack and where its slots start.
    index: usize,
    base: usize,
    /// Arguments bind straight into the first slots (untyped parameters without defaults).
    plain: bool,
    /// `plain`, not native, and no return type: once compiled, a call with enough
    /// arguments is its slots set and its compiled body run (`call_in_frame`'s fast way).
    fast: bool,
    /// How many parameters take an argument, and the frame's slots.
    max: usize,
    slots: usize,
    /// The built-in iterating (the lambda's name in errors: `'each' block`).
    owner: &'static str,
    /// The compiled body, once compiled (`None` inside: it does not compile).
    compiled: OnceCell<Option<Rc<Body>>>,
}

impl Evaluator {
    /// Runs `body` with a frame for `c` open, for [`Evaluator::call_in_frame`].
    pub fn with_lambda_frame<T>(
        &mut self,
        c: &Closure,
        body: impl FnOnce(&mut Evaluator, &LambdaFrame) -> EvalResult<T>,
    ) -> EvalResult<T> {
        let base = self.slots.len();
        let owner = self.current_builtin;
        let caller = self.current;
        // The frame is made as a call's would be; between calls the caller's frame is the
        // current one again.
        self.with_frame(c.layout.clone(), base, c.frame, false, |ev, index| {
            let frame = LambdaFrame {
                closure: c,
                index,
                base,
                plain: c.layout.arity.plain,
                fast: c.layout.arity.plain && c.native.is_none() && c.lambda.return_type.is_none(),
                max: c.layout.arity.max,
                slots: c.layout.names.len(),
                owner,
                compiled: OnceCell::new(),
            };
            ev.current = caller;
            body(ev, &frame)
        })
    }

    /// Calls the lambda of `frame` with `args`, as [`Evaluator::call_closure_with`] would.
    /// Inlined into the iterations' loops: a compiled lambda whose arguments bind straight
    /// and whose value is not checked is called by setting its slots and running its body
    /// (the general way below, out of line, cost ~110 instructions a call).
    #[inline(always)]
    pub(super) fn call_in_frame(&mut self, frame: &LambdaFrame, mut args: Args) -> EvalResult {
        if let Some(Some(body)) = frame.compiled.get() {
            if frame.fast && args.len() >= frame.max && !self.debugging {
                self.check_interrupt()?;
                let slots = &mut self.slots[frame.base..frame.base + frame.slots];
                for (i, slot) in slots.iter_mut().enumerate() {
                    *slot = if i < frame.max { args.take(i) } else { None };
                }
                if body.reads_outer {
                    // (its frame is the current one while it runs: see below)
                    let caller = self.current.replace(frame.index);
                    let r = (body.code)(self, frame.base);
                    self.current = caller;
                    return r;
                }
                return (body.code)(self, frame.base);
            }
        }
        self.call_in_frame_generally(frame, args)
    }

    /// [`Evaluator::call_in_frame`] in every case.
    #[inline(never)]
    fn call_in_frame_generally(&mut self, frame: &LambdaFrame, mut args: Args) -> EvalResult {
        self.check_interrupt()?;
        let c = frame.closure;
        if let Some(n) = &c.native {
            return n.call(self, args.rest(0, args.len()));
        }
        let layout = &c.layout;
        let max = layout.arity.max;
        let plain = frame.plain && args.len() >= max;
        let slots = &mut self.slots[frame.base..frame.base + layout.names.len()];
        for (i, slot) in slots.iter_mut().enumerate() {
            *slot = if plain && i < max { args.take(i) } else { None };
        }
        if plain && !self.debugging {
            if let Some(body) = self.compiled_lambda(frame) {
                // (it sets no match variable; its frame is the current one while it runs
                // when it reads outer variables)
                let r = if body.reads_outer {
                    let caller = self.current.replace(frame.index);
                    let r = (body.code)(self, frame.base);
                    self.current = caller;
                    r
                } else if c.lambda.return_type.is_none() {
                    // (the result handed on as it is, not taken apart and made again)
                    return (body.code)(self, frame.base);
                } else {
                    (body.code)(self, frame.base)
                };
                if c.lambda.return_type.is_none() {
                    return r;
                }
                return self.lambda_result(c, r?);
            }
        }
        let caller = self.current.replace(frame.index);
        let matches = self.matches.clone();
        // (a lambda whose arguments bind straight has its compiled body in `frame`: see
        // above)
        let r = self.lambda_body(c, frame.index, plain, args, frame.owner, !plain);
        self.matches = matches;
        self.current = caller;
        self.lambda_result(c, r?)
    }

    /// The compiled body of `frame`'s lambda, from its `COMPILED_AFTER`th call on (counted
    /// over all its iterations: `closure_code`).
    fn compiled_lambda<'f>(&mut self, frame: &'f LambdaFrame) -> Option<&'f Body> {
        if let Some(body) = frame.compiled.get() {
            return body.as_deref();
        }
        let c = frame.closure;
        let body = self.frame_body(&c.lambda, &c.layout)?;
        frame.compiled.get_or_init(|| body).as_deref()
    }

    /// Calls the lambda of `frame` with copies of `args`.
    #[inline(always)]
    pub fn call_lambda(&mut self, frame: &LambdaFrame, args: &[Value]) -> EvalResult {
        self.call_in_frame(frame, Args::Shared(args))
    }

    /// Calls the lambda of `frame`, whose parameters take the values of `args` (leaving
    /// `undef`), as [`Evaluator::call_closure_owned`] does.
    #[inline(always)]
    pub fn call_lambda_owned(&mut self, frame: &LambdaFrame, args: &mut [Value]) -> EvalResult {
        self.call_in_frame(frame, Args::Owned(args))
    }
}

#[cfg(test)]
mod tests {
    /// Iterations calling their lambda in one frame, with the reference's answers: each call
    /// starts with only its parameters set (a variable assigned by an earlier call is
    /// unknown), sees the caller's match variables, and leaves by `next`, `break` or an
    /// error as a call in a frame of its own would.
    #[test]
    fn a_lambda_called_per_element_starts_afresh_each_time() {
        crate::test_support::check(&[
            (
                r#"[1, 2, 3].map |$x| { if $x == 1 { $y = 5 } [$x, $y] }"#,
                Err(r#"Evaluation Error: Unknown variable: 'y'."#),
            ),
            (
                r#"[1, 2].map |$x| { if $x == 2 { [$x, $z] } else { $z = 7; [$x, $z] } }"#,
                Err(r#"Evaluation Error: Unknown variable: 'z'."#),
            ),
            (
                r#"$r = 'abc' =~ /(b)/ [[1, 2].map |$x| { if $x == 1 { 'xyz' =~ /(y)/ } $1 }, $1]"#,
                Ok(r#"[['b', 'b'], 'b']"#),
            ),
            (
                r#"[[1, 2], [3, 4]].map |$p| { $p.map |$q| { $q * 10 + $p[0] } }"#,
                Ok(r#"[[11, 21], [33, 43]]"#),
            ),
            (
                r#"[1, 2, 3].map |Integer $x, $y = 3| { $x + $y }"#,
                Ok(r#"[1, 3, 5]"#),
            ),
            (
                r#"[1, 2, 3].map |$i, $x| { $i * 100 + $x }"#,
                Ok(r#"[1, 102, 203]"#),
            ),
            (
                r#"{a => 1, b => 2}.map |$k, $v| { "${k}${v}" }"#,
                Ok(r#"['a1', 'b2']"#),
            ),
            (
                r#"{a => 1, b => 2}.map |$pair| { $pair[1] }"#,
                Ok(r#"[1, 2]"#),
            ),
            (
                r#"[1, 2, 3, 4].map |$x| { if $x == 3 { next(30) } $x }"#,
                Ok(r#"[1, 2, 30, 4]"#),
            ),
            (
                r#"[1, 2, 3, 4].each |$x| { if $x == 3 { break() } notice($x) }"#,
                Ok(r#"[1, 2, 3, 4]"#),
            ),
            (
                r#"[1, 2, 3, 4].reduce |$m, $x| { if $x == 3 { break() } $m + $x }"#,
                Ok(r#"3"#),
            ),
            (
                r#"[1, 2, 3, 4].reduce(10) |$m, $x| { $m + $x }"#,
                Ok(r#"20"#),
            ),
            (r#"[1, 2, 3].filter |$x| { $x != 2 }"#, Ok(r#"[1, 3]"#)),
            (
                r#"[1, 'a', 3].map |Integer $x| { $x }"#,
                Err(
                    r#"Evaluation Error: Error while evaluating a Method call, block parameter 'x' expects an Integer value, got String"#,
                ),
            ),
            (
                r#"[1, 2].map |$x| >> Integer { if $x == 2 { 'two' } else { $x } }"#,
                Err(
                    r#"Evaluation Error: Error while evaluating a Method call, value returned from lambda has wrong type, expects an Integer value, got String"#,
                ),
            ),
            (
                r#"function f($n) { [1, 2].map |$x| { $x + $n } } [f(1), f(10)]"#,
                Ok(r#"[[2, 3], [11, 12]]"#),
            ),
            (
                r#"function g($n) { if $n == 0 { [] } else { [1, 2].map |$x| { [$n, $x] + g($n - 1) } } } g(2)"#,
                Ok(r#"[[2, 1, [1, 1], [1, 2]], [2, 2, [1, 1], [1, 2]]]"#),
            ),
            (
                r#"[1, 2, 3].map |$x| { [1, 2].reduce |$m, $y| { $m + $y + $x } }"#,
                Ok(r#"[4, 5, 6]"#),
            ),
            (
                r#"[3, 1, 2].sort |$a, $b| { compare($a, $b) }"#,
                Ok(r#"[1, 2, 3]"#),
            ),
            (r#"[1, 2, 3].any |$x| { $x == 2 }"#, Ok(r#"true"#)),
            (r#"[1, 2, 3].all |$x| { $x > 0 }"#, Ok(r#"true"#)),
            (r#"[1, 2, 3].index |$x| { $x == 3 }"#, Ok(r#"2"#)),
            (r#"[1, 2, 3].map |$x, $y| { $x }"#, Ok(r#"[0, 1, 2]"#)),
            (
                r#"[[1, 2], [3, 4]].map |$a, $b| { $a + $b }"#,
                Err(r#"Evaluation Error: The value '[1, 2]' cannot be converted to Numeric."#),
            ),
            (
                r#"[1, 2, 3].each |$x| { $v = $x * 2 notice($v) }"#,
                Ok(r#"[1, 2, 3]"#),
            ),
            (r#"$x = 5 [1, 2].map |$y| { $x + $y }"#, Ok(r#"[6, 7]"#)),
            (
                r#"[1, 2].map |$x| { [3, 4].map |$y| { $x * $y } }"#,
                Ok(r#"[[3, 4], [6, 8]]"#),
            ),
        ]);
    }
}
