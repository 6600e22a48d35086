//! `obj.method(:name)`: a `Method` object (`call`, `[]`, `===`, `to_proc`, `arity`,
//! `&obj.method(:name)` as a block), kept as a host object that calls the method again
//! on its receiver at each call.

use super::Call;
use crate::error::{HostError, RubyError};
use crate::eval::{unsupported, Flow, Interp, R};
use crate::names::M;
use crate::value::RBool;
use crate::value::RStr;
use crate::value::{HostObject, RValue};

/// A method and what it is called on.
#[derive(Debug)]
pub struct MethodObject {
    /// The receiver; `None`: the code's own `self` (the template, the function), whose
    /// method (`def` at the top) the object calls.
    recv: Option<RValue>,
    name: RStr,
    /// Ruby's `arity` where the subset knows it (a `def`'s, an operator's).
    arity: Option<i64>,
    /// `to_proc` of a `Method`: the lambda `Proc` that calls it (answering as the method
    /// does, but a `Proc`: its class, `inspect`, `is_a?(Proc)`).
    lambda: bool,
}

impl HostObject for MethodObject {
    fn class_name(&self) -> String {
        match self.lambda {
            true => "Proc".to_string(),
            false => "Method".to_string(),
        }
    }
    fn to_s(&self) -> String {
        if self.lambda {
            return "#<Proc:(erb) (lambda)>".to_string();
        }
        match &self.recv {
            Some(r) => format!("#<Method: {}#{}>", r.class_name(), self.name),
            None => format!("#<Method: Object#{}>", self.name),
        }
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<MethodObject>()
            .is_some_and(|o| std::ptr::eq(o, self))
    }
    fn call(&self, _name: &str, _args: &[RValue]) -> Option<Result<RValue, HostError>> {
        None
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// Ruby's arity of a binary operator (`2.method(:+).arity` is 1); `None` for the other
/// core methods, whose arity the subset does not list.
fn operator_arity(name: &str) -> Option<i64> {
    matches!(
        name,
        "+" | "-"
            | "*"
            | "/"
            | "%"
            | "**"
            | "=="
            | "!="
            | "<"
            | "<="
            | ">"
            | ">="
            | "<=>"
            | "<<"
            | ">>"
            | "&"
            | "|"
            | "^"
            | "==="
            | "=~"
            | "eql?"
            | "equal?"
    )
    .then_some(1)
}

/// `recv.method(name)` of a core value: a `Method` when Ruby's class has the method (the
/// subset's index of them), else Ruby's `NameError`.
pub fn of_value(recv: &RValue, c: &Call) -> R {
    c.arity(1, 1)?;
    let name = crate::show::text(&c.args[0]);
    if !super::object::responds(recv, &name) {
        // (Ruby's `NameError`, though its message starts as a `NoMethodError`'s)
        let message = format!(
            "undefined method `{name}' for class `{}'",
            recv.class_name()
        );
        return match recv {
            RValue::Str(_)
            | RValue::Array(_)
            | RValue::Hash(_)
            | RValue::Int(_)
            | RValue::Float(_)
            | RValue::Nil => Err(Flow::from(RubyError::raised_as("NameError", message, c.at))),
            _ => unsupported(format!("method 'method' on {}", recv.class_name()), c.at),
        };
    }
    let arity = operator_arity(&name);
    Ok(RValue::host(MethodObject {
        recv: Some(recv.clone()),
        name: RStr::from(name),
        arity,
        lambda: false,
    }))
}

/// `method(name)` in the code's own `self`: its method defined at the top.
pub fn of_self(it: &mut Interp, c: &Call) -> R {
    c.arity(1, 1)?;
    let name = crate::show::text(&c.args[0]);
    let Some(arity) = it.top_method_arity(&name) else {
        return unsupported(
            format!("'method' of {name}, no method of the code's own"),
            c.at,
        );
    };
    Ok(RValue::host(MethodObject {
        recv: None,
        name: RStr::from(name),
        arity,
        lambda: false,
    }))
}

/// A call on a `Method` object; `None` when `recv` is none.
pub fn call(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    let RValue::Host(h) = recv else {
        return Ok(None);
    };
    let Some(m) = h.as_any().downcast_ref::<MethodObject>() else {
        return Ok(None);
    };
    Ok(Some(match c.id {
        M::call | M::op_aref | M::op_eqq | M::yield_ | M::op_call => {
            let id = M::of(&m.name);
            match &m.recv {
                Some(r) => super::call(it, r.clone(), id, &m.name, c.args.clone(), c.block, c.at)?,
                None => it.self_call(id, &m.name, c.args.clone(), c.block, c.at)?,
            }
        }
        M::arity => match m.arity {
            Some(n) => RValue::Int(n),
            None => return unsupported(format!("the arity of the core method {}", m.name), c.at),
        },
        M::name if !m.lambda => RValue::Sym(m.name.clone()),
        // (a lambda that calls the method, answering the same calls; a lambda's own
        // `to_proc` is itself)
        M::to_proc if m.lambda => recv.clone(),
        M::to_proc => RValue::host(MethodObject {
            recv: m.recv.clone(),
            name: m.name.clone(),
            arity: m.arity,
            lambda: true,
        }),
        M::lambda_p => RValue::Bool(RBool::True),
        _ => return Ok(None),
    }))
}
