//! The constructors' signatures (`Timespan.new`, `Timestamp.new`, `SemVer.new`,
//! `SemVerRange.new`) as typed parameters: which one takes a call's arguments, and the
//! reference's error when none does, each parameter's reasons the generic mismatch
//! descriptions (`types::mismatch`), as for every other function.

use crate::error::Error;
use crate::types::{self, PType};
use crate::values::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// One signature: as the reference prints it, its parameters (name and type, in the
/// signatures' type language, `types::typesrc`), and how many of them are required.
pub(crate) struct Signature {
    pub text: &'static str,
    pub params: &'static [(&'static str, &'static str)],
    pub min: usize,
}

impl Signature {
    fn max(&self) -> usize {
        self.params.len()
    }

    /// The parameters' types, parsed once per thread.
    fn types(&self) -> Rc<[PType]> {
        thread_local! {
            static TYPES: RefCell<rustc_hash::FxHashMap<&'static str, Rc<[PType]>>> =
                RefCell::default();
        }
        if let Some(t) = TYPES.with(|m| m.borrow().get(self.text).cloned()) {
            return t;
        }
        let parsed: Rc<[PType]> = self
            .params
            .iter()
            .map(|(_, src)| types::typesrc::parse_type(src).expect("a constructor's type"))
            .collect();
        TYPES.with(|m| m.borrow_mut().insert(self.text, parsed.clone()));
        parsed
    }

    fn takes(&self, args: &[Value]) -> bool {
        (self.min..=self.max()).contains(&args.len())
            && args
                .iter()
                .zip(self.types().iter())
                .all(|(a, t)| types::is_instance(t, a))
    }

    /// Why the signature refuses `args`: the count, else the first parameter's reasons.
    fn reasons(&self, args: &[Value]) -> Vec<String> {
        if let Some(r) = arity_reason(self, args.len()) {
            return vec![r];
        }
        let types = self.types();
        for ((name, _), (t, a)) in self.params.iter().zip(types.iter().zip(args)) {
            // (as the reference, by the argument's inferred type: one its type takes is
            // no reason)
            if types::is_instance(t, a) || types::is_assignable(t, &types::infer(a)) {
                continue;
            }
            let lines = types::mismatch::describe_mismatches(t, a);
            if !lines.is_empty() {
                return lines
                    .iter()
                    .map(|l| format!("parameter '{name}' {l}"))
                    .collect();
            }
        }
        Vec::new()
    }
}

/// The first signature that takes `args`, `None` when none does.
pub(crate) fn select(sigs: &[Signature], args: &[Value]) -> Option<usize> {
    sigs.iter().position(|s| s.takes(args))
}

/// `expects 1 argument, got 2`, or `None` when the count fits.
fn arity_reason(sig: &Signature, got: usize) -> Option<String> {
    let (min, max) = (sig.min, sig.max());
    if (min..=max).contains(&got) {
        return None;
    }
    Some(if min == max {
        match min {
            0 => format!("expects no arguments, got {got}"),
            1 => format!("expects 1 argument, got {got}"),
            n => format!("expects {n} arguments, got {got}"),
        }
    } else {
        format!("expects between {min} and {max} arguments, got {got}")
    })
}

/// The error listing every signature with why it refused the arguments. When every
/// signature refuses the argument count, the short form `'NAME' expects ...` is used.
pub(crate) fn mismatch(function: &str, sigs: &[Signature], args: &[Value]) -> Error {
    let got = args.len();
    if sigs.iter().all(|s| arity_reason(s, got).is_some()) {
        let min = sigs.iter().map(|s| s.min).min().unwrap_or(0);
        let max = sigs.iter().map(Signature::max).max().unwrap_or(0);
        let got_text = if got == 0 {
            "none".to_string()
        } else {
            got.to_string()
        };
        let range = match (min, max) {
            (0, max) => format!("at most {max}"),
            (min, max) if min == max => format!("{min}"),
            (min, max) => format!("between {min} and {max}"),
        };
        let noun = if max == 1 { "argument" } else { "arguments" };
        return Error::eval(format!(
            "'{function}' expects {range} {noun}, got {got_text}"
        ));
    }
    let mut msg = format!("The function '{function}' was called with arguments it does not accept. It expects one of:");
    for sig in sigs {
        msg.push_str(&format!("\n  ({})", sig.text));
        for r in sig.reasons(args) {
            msg.push_str(&format!("\n    rejected: {r}"));
        }
    }
    Error::eval(msg)
}
