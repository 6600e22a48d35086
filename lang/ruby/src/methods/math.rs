//! Ruby's `Math` module: its functions of floats and its constants `PI` and `E`.

use super::{Call, M};
use crate::error::RubyError;
use crate::eval::{Flow, R};
use crate::value::RFloat;
use crate::value::RValue;

/// `Math::PI`, `Math::E`.
pub fn constant(name: &str) -> Option<RValue> {
    match name {
        "Math::PI" => Some(RValue::Float(RFloat::new(std::f64::consts::PI))),
        "Math::E" => Some(RValue::Float(RFloat::new(std::f64::consts::E))),
        _ => None,
    }
}

/// `Math.name(x)`; `None` for a function it does not have.
pub fn class_call(c: &Call) -> R<Option<RValue>> {
    let one = |f: fn(f64) -> f64| -> R<Option<RValue>> {
        c.arity(1, 1)?;
        Ok(Some(RValue::Float(RFloat::new(f(float(
            &c.args[0], c.at,
        )?)))))
    };
    let two = |f: fn(f64, f64) -> f64| -> R<Option<RValue>> {
        c.arity(2, 2)?;
        let (a, b) = (float(&c.args[0], c.at)?, float(&c.args[1], c.at)?);
        Ok(Some(RValue::Float(RFloat::new(f(a, b)))))
    };
    let domain = |name: &str, x: f64, ok: bool| -> R<()> {
        match ok || x.is_nan() {
            true => Ok(()),
            false => Err(Flow::from(RubyError::raised_as(
                "Math::DomainError",
                format!("Numerical argument is out of domain - {name}"),
                c.at,
            ))),
        }
    };
    match c.id {
        M::sqrt => {
            c.arity(1, 1)?;
            let x = float(&c.args[0], c.at)?;
            domain("sqrt", x, x >= 0.0)?;
            Ok(Some(RValue::Float(RFloat::new(x.sqrt()))))
        }
        M::log | M::log2 | M::log10 => {
            c.arity(1, 2)?;
            let x = float(&c.args[0], c.at)?;
            domain(c.name, x, x >= 0.0)?;
            Ok(Some(RValue::float(match (c.id, c.args.get(1)) {
                (M::log, Some(base)) => x.ln() / float(base, c.at)?.ln(),
                (M::log, None) => x.ln(),
                (M::log2, _) => x.log2(),
                _ => x.log10(),
            })))
        }
        M::exp => one(f64::exp),
        M::cbrt => one(f64::cbrt),
        M::sin => one(f64::sin),
        M::cos => one(f64::cos),
        M::tan => one(f64::tan),
        M::atan => one(f64::atan),
        M::atan2 => two(f64::atan2),
        M::hypot => two(f64::hypot),
        _ => Ok(None),
    }
}

/// A numeric argument as a float (`TypeError` for anything else, as Ruby's
/// `Math.sqrt('4')`: "can't convert String into Float").
fn float(v: &RValue, at: usize) -> R<f64> {
    match v {
        RValue::Int(i) => Ok(*i as f64),
        RValue::Float(f) => Ok((*f).get()),
        RValue::Nil => Err(Flow::from(RubyError::raised_as(
            "TypeError",
            "can't convert nil into Float",
            at,
        ))),
        other => Err(Flow::from(RubyError::raised_as(
            "TypeError",
            format!("can't convert {} into Float", other.class_name()),
            at,
        ))),
    }
}
