//! Calls without a receiver: the template object's own methods (`scope`) and the `Kernel`
//! methods templates use (`format`, `raise`, `Integer()`, ...).

use super::Call;
use super::M;
use crate::ast::Block;
use crate::error::RubyError;
use crate::eval::{raise, unsupported, Flow, Interp, R};
use crate::value::RStr;
use crate::value::RValue;
use crate::value::{RBool, RFloat};
use std::rc::Rc;

pub fn call(
    it: &mut Interp,
    id: M,
    name: &str,
    args: Vec<RValue>,
    block: Option<&Rc<Block>>,
    at: usize,
) -> R {
    let c = Call {
        id,
        name,
        args,
        block,
        at,
    };
    let r = call_with(it, &c);
    // (the argument list's room kept for the next call's: `Interp::list`)
    it.st.keep_args(c.args);
    r
}

fn call_with(it: &mut Interp, c: &Call) -> R {
    let (name, at) = (c.name, c.at);
    match c.id {
        M::scope => {
            c.arity(0, 0)?;
            Ok(RValue::Scope)
        }
        // `self.class` of the code's own `self` (the template, the function)
        M::class => {
            c.arity(0, 0)?;
            Ok(RValue::Class(RStr::from(it.host.self_class())))
        }
        // whether the code's own `self` has a method: one the code defined at its top
        M::respond_to_p => {
            c.arity(1, 2)?;
            let name = crate::show::to_s(&c.args[0]);
            Ok(RValue::Bool(RBool::new(
                it.st.top_methods.contains_key(&name),
            )))
        }
        M::format | M::sprintf => {
            c.arity(1, usize::MAX)?;
            super::string::format(it, &c.args[0], &c.args[1..], at)
        }
        M::raise | M::fail => {
            let (class, msg) = match c.args.first() {
                Some(RValue::Str(s)) => ("RuntimeError".to_string(), s.to_string()),
                Some(RValue::Class(k)) => (
                    k.to_string(),
                    c.args
                        .get(1)
                        .map(crate::show::to_s)
                        .unwrap_or_else(|| k.to_string()),
                ),
                Some(RValue::Module(m)) if m.is_a("Exception") => (
                    m.name.to_string(),
                    c.args
                        .get(1)
                        .map(crate::show::to_s)
                        .unwrap_or_else(|| m.name.to_string()),
                ),
                Some(RValue::Exception(e)) => (e.0.clone(), e.1.clone()),
                Some(other) => ("RuntimeError".to_string(), crate::show::to_s(other)),
                // in a `rescue` clause, the exception it handles (`$!`) again
                None => match &it.st.handled {
                    Some(RValue::Exception(e)) => (e.0.clone(), e.1.clone()),
                    // the reference shows an empty message
                    _ => ("RuntimeError".to_string(), String::new()),
                },
            };
            Err(Flow::from(RubyError::raised_as(class, msg, at)))
        }
        M::URI => super::uri::kernel(c),
        M::Integer => {
            c.arity(1, 2)?;
            let base = match c.args.get(1) {
                None | Some(RValue::Nil) => None,
                Some(RValue::Int(b)) if matches!(b, 2..=36) => Some(*b as u32),
                Some(RValue::Float(b)) if (2.0..37.0).contains(&b.get()) => Some(b.get() as u32),
                Some(RValue::Int(0)) => None,
                Some(RValue::Int(b)) => {
                    return raise_as("ArgumentError", format!("invalid radix {b}"), at)
                }
                Some(other) => {
                    return raise(crate::methods::no_implicit_conversion(other, "Integer"), at)
                }
            };
            if base.is_some() && !matches!(c.args[0], RValue::Str(_)) {
                return raise_as("ArgumentError", "base specified for non string value", at);
            }
            match &c.args[0] {
                RValue::Int(i) => Ok(RValue::Int(*i)),
                RValue::Float(f) if f.is_finite() => Ok(RValue::Int(f.trunc() as i64)),
                RValue::Str(s) => parse_integer(s, base).map(RValue::Int).map_or_else(
                    || {
                        raise(
                            format!("invalid value for Integer(): {}", crate::show::quote(s)),
                            at,
                        )
                    },
                    Ok,
                ),
                RValue::Nil => raise("can't convert nil into Integer", at),
                other => raise(
                    format!("can't convert {} into Integer", other.class_name()),
                    at,
                ),
            }
        }
        M::Float => {
            c.arity(1, 1)?;
            match &c.args[0] {
                RValue::Int(i) => Ok(RValue::Float(RFloat::new(*i as f64))),
                RValue::Float(f) => Ok(RValue::Float(*f)),
                RValue::Str(s) => s
                    .trim()
                    .replace('_', "")
                    .parse::<f64>()
                    .map(RValue::float)
                    .or_else(|_| {
                        raise(
                            format!("invalid value for Float(): {}", crate::show::quote(s)),
                            at,
                        )
                    }),
                RValue::Nil => raise("can't convert nil into Float", at),
                other => raise(
                    format!("can't convert {} into Float", other.class_name()),
                    at,
                ),
            }
        }
        M::String => {
            c.arity(1, 1)?;
            Ok(RValue::str(crate::show::to_s(&c.args[0])))
        }
        M::Array => {
            c.arity(1, 1)?;
            Ok(match &c.args[0] {
                RValue::Nil => RValue::array(smallvec::smallvec![]),
                RValue::Array(_) => c.args[0].clone(),
                RValue::Hash(h) => RValue::array(
                    h.borrow()
                        .iter()
                        .map(|(k, v)| RValue::array(smallvec::smallvec![k.clone(), v.clone()]))
                        .collect::<Vec<_>>(),
                ),
                // (a range's elements, as its `to_a`)
                RValue::Range(_) => RValue::array(super::enumerable::items(&c.args[0], at)?),
                other => RValue::array(smallvec::smallvec![other.clone()]),
            })
        }
        M::loop_ => {
            let Some(b) = c.block else {
                return unsupported("'loop' without a block", at);
            };
            loop {
                it.step(at)?;
                it.yield_block(b, [])?;
            }
        }
        M::catch => {
            let Some(b) = c.block else {
                return unsupported("'catch' without a block", at);
            };
            let tag = c.args.first().cloned().unwrap_or_default();
            it.st.catching.push(tag.clone());
            let r = it.yield_block(b, [tag.clone()]);
            it.st.catching.pop();
            match r {
                Err(f) if matches!(f.kind(), crate::eval::FlowKind::Throw(t, _) if t.equals(&tag)) => {
                    Ok(f.into_value())
                }
                other => other,
            }
        }
        M::throw => {
            c.arity(1, 2)?;
            let tag = c.args[0].clone();
            if !it.st.catching.iter().any(|t| t.equals(&tag)) {
                return Err(Flow::from(RubyError::raised_as(
                    "UncaughtThrowError",
                    format!("uncaught throw {}", crate::show::inspect(&tag)),
                    at,
                )));
            }
            let value = c.args.get(1).cloned().unwrap_or_default();
            Err(Flow::throw(tag, value))
        }
        M::has_variable_p => {
            c.arity(1, 1)?;
            let n = crate::show::to_s(&c.args[0]);
            Ok(RValue::Bool(RBool::new(it.host.has_variable(&n, false))))
        }
        // a custom fact's backticks: the host runs the command or refuses it
        M::op_backtick if it.host.custom_facts() => {
            c.arity(1, 1)?;
            let args = [RValue::str(crate::show::to_s(&c.args[0]))];
            match it.host.system_call("Kernel", "`", &args) {
                Some(r) => crate::eval::host_result(r, at),
                None => unsupported("running a command (`...` or %x())", at),
            }
        }
        M::op_backtick | M::system | M::exec | M::spawn | M::fork | M::syscall => unsupported(
            format!(
                "running a command ({})",
                if c.id == M::op_backtick {
                    "`...` or %x()"
                } else {
                    name
                }
            ),
            at,
        ),
        M::rand => {
            c.arity(0, 1)?;
            random(c.args.first(), at)
        }
        M::method => super::method_object::of_self(it, c),
        M::block_given_p => {
            c.arity(0, 0)?;
            Ok(RValue::Bool(RBool::new(it.block_given())))
        }
        M::eval | M::instance_eval | M::binding => {
            unsupported(format!("'{name}' (Ruby code from a string)"), at)
        }
        M::puts | M::print | M::p | M::pp | M::warn => super::output::kernel(it, c),
        M::require
        | M::load
        | M::open
        | M::srand
        | M::sleep
        | M::exit
        | M::abort
        | M::gets
        | M::instance_variable_get
        | M::instance_variables
        | M::send
        | M::__send__
        | M::public_send
        | M::define_method
        | M::caller
        | M::at_exit
        | M::trap
        | M::lambda
        | M::proc
        | M::tap
        | M::then
        | M::freeze
        | M::to_s
        | M::inspect
        | M::file
        | M::tags
        | M::classes
        | M::all_tags
        | M::string
        | M::result => unsupported(format!("'{name}'"), at),
        // `__FILE__`: the path of the file the code is in, where the host tells it (a
        // module's Ruby function: `require File.join(File.dirname(__FILE__), ...)`)
        _ if name == "__FILE__" && c.args.is_empty() => match it.host.source_file(at) {
            Some(path) => Ok(RValue::str(path)),
            None => unsupported("__FILE__", at),
        },
        // (a call with arguments cannot be a variable: Ruby's NoMethodError; `name()`
        // without arguments, read as a variable here, is the one it words otherwise)
        _ => {
            let what = if c.args.is_empty() && c.block.is_none() {
                "local variable or method"
            } else {
                "method"
            };
            let this = it.host.self_inspect();
            raise(format!("undefined {what} `{name}' for {this}"), at)
        }
    }
}

/// Whether a call without receiver in a class's code is `Kernel`'s (else `self`'s).
pub fn is_kernel(id: M) -> bool {
    matches!(
        id,
        M::format
            | M::URI
            | M::sprintf
            | M::raise
            | M::fail
            | M::Integer
            | M::Float
            | M::String
            | M::Array
            | M::loop_
            | M::catch
            | M::throw
            | M::block_given_p
            | M::lambda
            | M::proc
            | M::puts
            | M::print
            | M::p
            | M::pp
            | M::require
            | M::load
            | M::eval
            | M::system
            | M::exec
            | M::open
            | M::binding
            | M::rand
            | M::srand
            | M::sleep
            | M::exit
            | M::abort
            | M::gets
            | M::caller
            | M::at_exit
            | M::trap
            | M::warn
            | M::op_backtick
            | M::spawn
            | M::fork
            | M::syscall
            | M::instance_eval
    )
}

fn raise_as<T>(class: &str, message: impl Into<String>, at: usize) -> R<T> {
    Err(Flow::from(RubyError::raised_as(class, message, at)))
}

/// Ruby's strict `Integer("...")`: decimal, `0x`, `0b`, `0o`/`0` prefixes, underscores;
/// with a base (`Integer("12", 8)`), digits of that base and only its own prefix.
fn parse_integer(s: &str, base: Option<u32>) -> Option<i64> {
    let t = s.trim();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if t.is_empty() || t.starts_with('_') || t.ends_with('_') || t.contains("__") {
        return None;
    }
    let t = t.replace('_', "");
    let lower = t.to_ascii_lowercase();
    if let Some(base) = base {
        let prefix = match base {
            16 => "0x",
            8 => "0o",
            2 => "0b",
            _ => "",
        };
        let digits = match lower.strip_prefix(prefix) {
            Some(d) if !prefix.is_empty() => d,
            _ => &lower,
        };
        if digits.is_empty() || !digits.chars().all(|ch| ch.is_digit(base)) {
            return None;
        }
        let v = i64::from_str_radix(digits, base).ok()?;
        return Some(if neg { -v } else { v });
    }
    let v = if let Some(h) = lower.strip_prefix("0x") {
        i64::from_str_radix(h, 16).ok()?
    } else if let Some(b) = lower.strip_prefix("0b") {
        i64::from_str_radix(b, 2).ok()?
    } else if let Some(o) = lower.strip_prefix("0o") {
        i64::from_str_radix(o, 8).ok()?
    } else if lower.len() > 1 && lower.starts_with('0') {
        i64::from_str_radix(&lower[1..], 8).ok()?
    } else {
        lower.parse().ok()?
    };
    Some(if neg { -v } else { v })
}

thread_local! {
    /// The state of `rand`'s generator (xorshift64*, seeded from the process's hasher keys:
    /// random from run to run, as Ruby's).
    static RANDOM: std::cell::Cell<u64> = std::cell::Cell::new({
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(0x9e37_79b9_7f4a_7c15);
        h.finish() | 1
    });
}

fn next_random() -> u64 {
    RANDOM.with(|r| {
        let mut x = r.get();
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        r.set(x);
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    })
}

/// 32 random bits of `rand`'s generator (`Random.new` without a seed).
pub fn random_u32() -> u32 {
    (next_random() >> 32) as u32
}

/// `rand`, `rand(n)` (an integer below `n`; a float below a float `n`), `rand(range)`.
pub fn random(limit: Option<&RValue>, at: usize) -> R {
    let unit = || (next_random() >> 11) as f64 / (1u64 << 53) as f64;
    let below = |n: u64| if n == 0 { 0 } else { next_random() % n };
    Ok(match limit {
        None | Some(RValue::Nil) => RValue::Float(RFloat::new(unit())),
        Some(RValue::Int(0)) => RValue::Float(RFloat::new(unit())),
        Some(RValue::Int(n)) => RValue::Int(below(n.unsigned_abs()) as i64),
        Some(RValue::Float(f)) if *f != 0.0 => RValue::Float(RFloat::new(unit() * f.abs())),
        Some(RValue::Float(_)) => RValue::Float(RFloat::new(unit())),
        Some(RValue::Range(r)) => match (&r.0, &r.1) {
            (RValue::Int(a), RValue::Int(b)) => {
                let hi = if r.2 { *b - 1 } else { *b };
                if hi < *a {
                    RValue::Nil
                } else {
                    RValue::Int(a + below((hi - a) as u64 + 1) as i64)
                }
            }
            _ => return crate::eval::unsupported("rand with a range other than of integers", at),
        },
        Some(other) => return raise(crate::methods::no_implicit_conversion(other, "Integer"), at),
    })
}
