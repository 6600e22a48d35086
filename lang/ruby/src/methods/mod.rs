//! Core methods of the Ruby subset, by receiver class. Each class's module answers
//! `Some(result)` for the methods it has and `None` otherwise; what no module has is a
//! `NoMethodError` (a method Ruby does not have) or an unsupported-Ruby error (one it has
//! but the subset does not implement). A method is matched by its id ([`M`], `names.rs`
//! says how a new one is added), its text (`Call::name`) kept for messages.

pub mod array;
pub mod bignum;
pub mod binary;
pub mod did_you_mean;
pub mod digest;
pub mod dir;
pub mod enumerable;
pub mod facter;
pub(crate) mod fresh;
pub mod gem_version;
pub mod hash;
pub mod hocon;
pub mod ipaddr;
pub mod json;
// (in prepl-syntax: the heredoc JSON checker words its errors the same way)
pub use prepl_core::syntax::json_syntax;
pub mod kernel;
pub mod math;
pub mod merge_sort;
pub mod method_object;
mod nmin;
pub mod number;
pub mod object;
pub mod openssl;
pub mod output;
pub mod pack;
pub mod pson;
pub mod quick;
pub mod random;
pub mod scan;
pub mod scope;
pub mod secure_random;
pub mod stdlib;
pub mod string;
pub mod time;
pub mod uri;

use crate::ast::Block;
use crate::error::RubyError;
use crate::eval::{raise, regexp_failed, unsupported, Flow, Interp, R};
use crate::show::inspect;
use crate::value::RValue;
use std::rc::Rc;

pub use crate::names::M;

/// What a method gets besides its receiver.
pub struct Call<'a> {
    /// The method's id ([`M::Other`] for a name no core method has).
    pub id: M,
    pub name: &'a str,
    pub args: Vec<RValue>,
    pub block: Option<&'a Rc<Block>>,
    pub at: usize,
}

impl<'a> Call<'a> {
    /// The same call with the receiver as its argument (`s.shellescape` is
    /// `Shellwords.escape(s)`).
    pub fn with_receiver_as_argument(&self, recv: &RValue) -> Call<'a> {
        Call {
            id: self.id,
            name: self.name,
            args: vec![recv.clone()],
            block: None,
            at: self.at,
        }
    }
    pub fn arg(&self, i: usize) -> Option<&RValue> {
        self.args.get(i)
    }
    /// Checks the argument count as Ruby does (`wrong number of arguments (given 1,
    /// expected 0)`).
    #[inline]
    pub fn arity(&self, min: usize, max: usize) -> R<()> {
        let n = self.args.len();
        if n < min || n > max {
            return self.wrong_arity(min, max);
        }
        Ok(())
    }

    /// The error of [`Call::arity`] (out of line: every method checks its arguments).
    #[cold]
    #[inline(never)]
    fn wrong_arity(&self, min: usize, max: usize) -> R<()> {
        let n = self.args.len();
        let expected = if min == max {
            min.to_string()
        } else if max == usize::MAX {
            format!("{min}+")
        } else {
            format!("{min}..{max}")
        };
        raise(
            format!("wrong number of arguments (given {n}, expected {expected})"),
            self.at,
        )
    }
    pub fn int_arg(&self, i: usize) -> R<i64> {
        match self.args.get(i) {
            Some(RValue::Int(n)) => Ok(*n),
            Some(RValue::Float(f)) => Ok(f.get() as i64),
            Some(RValue::Nil) | None => {
                raise("no implicit conversion from nil to integer", self.at)
            }
            Some(other) => raise(
                crate::methods::no_implicit_conversion(other, "Integer"),
                self.at,
            ),
        }
    }
    pub fn str_arg(&self, i: usize) -> R<crate::value::RStr> {
        match self.args.get(i) {
            Some(RValue::Str(s)) => Ok(s.clone()),
            Some(RValue::Nil) | None => raise("no implicit conversion of nil into String", self.at),
            Some(RValue::Bytes(_)) => unsupported(
                format!("a binary string (not UTF-8) given to String#{}", self.name),
                self.at,
            ),
            Some(other) => raise(
                crate::methods::no_implicit_conversion(other, "String"),
                self.at,
            ),
        }
    }
    pub fn block(&self) -> Option<&Block> {
        self.block.map(|b| &**b)
    }
}

/// Calls method `name` (whose id is `id`: `M::of(name)`) on `recv`.
pub fn call(
    it: &mut Interp,
    recv: RValue,
    id: M,
    name: &str,
    args: Vec<RValue>,
    block: Option<&Rc<Block>>,
    at: usize,
) -> R {
    let mut c = Call {
        id,
        name,
        args,
        block,
        at,
    };
    call_made(it, recv, &mut c)
}

/// [`call`] of a call made by the caller, its arguments evaluated into it in place
/// (compiled calls: a list moved into the call just after its last argument was pushed
/// was read with a 16-byte load of words just written one by one, which the processor
/// does not forward from those stores; docs/benchmarks.md, session 45).
pub fn call_made(it: &mut Interp, recv: RValue, c: &mut Call) -> R {
    let r = call_with(it, recv, c);
    // (the argument list's room kept for the next call's: `Interp::list`)
    it.st.keep_args(std::mem::take(&mut c.args));
    r
}

fn call_with(it: &mut Interp, recv: RValue, c: &mut Call) -> R {
    let (name, block, at) = (c.name, c.block, c.at);
    if matches!(recv, RValue::Object(_) | RValue::Module(_)) {
        if let Some(v) = it.call_user(&recv, name, &mut c.args, block, at)? {
            return Ok(v);
        }
        if let RValue::Module(m) = &recv {
            if it.st.facter.installed() {
                if let Some(v) = facter::call(it, &m.name, name, &c.args, block, at)? {
                    return Ok(v);
                }
            }
        }
    }
    if matches!(recv, RValue::Host(_)) {
        if let Some(v) = method_object::call(it, &recv, c)? {
            return Ok(v);
        }
    }
    if matches!(recv, RValue::Host(_)) && it.host.owns_object(&recv) {
        if let Some(v) = it.host_object_call(&recv, name, c.args.clone(), block, at)? {
            return Ok(v);
        }
    }
    if matches!(recv, RValue::Host(_))
        && matches!(c.id, M::call | M::op_call | M::yield_ | M::op_aref)
    {
        if let Some(r) = it.host.call_block(&recv, c.args.clone()) {
            return crate::eval::host_result(r, at);
        }
    }
    let c = &*c;
    // A new array made from an array nothing else holds: made in its place (`fresh`).
    let recv = match recv {
        RValue::Array(_) => match fresh::call(it, recv, c)? {
            Ok(v) => return Ok(v),
            Err(recv) => recv,
        },
        recv => recv,
    };
    // An array's iteration with a block is Enumerable's (`array::call` and `object::call`
    // have none of these): there first, past their two look-ups; `each`, `map` and `inject`
    // from the live array at once, without `generic`'s list of names and its frame.
    if let (RValue::Array(a), Some(b)) = (&recv, c.block) {
        if enumerable::array_iteration(c.id) {
            if let Some(v) = enumerable::array_live(it, a, &recv, c, b)? {
                return Ok(v);
            }
            if let Some(v) = enumerable::generic(it, &recv, c)? {
                return Ok(v);
            }
        }
    }
    let found = match &recv {
        RValue::Class(k) => match output::stream_of(k) {
            Some(stream) => output::io_call(it, stream, c)?,
            None => stdlib::class_call(it, k, c)?,
        },
        RValue::Str(_) => string::call(it, &recv, c)?,
        RValue::Bytes(_) => binary::call(it, &recv, c)?,
        RValue::Int(_) | RValue::Float(_) => number::call(it, &recv, c)?,
        RValue::Array(_) => array::call(it, &recv, c)?,
        RValue::Hash(_) => hash::call(it, &recv, c)?,
        RValue::Range(_) => enumerable::range_call(it, &recv, c)?,
        RValue::Scope => scope::call(it, c)?,
        RValue::Host(h) => hocon::call(h, c)?,
        _ => None,
    };
    if let Some(v) = found {
        return Ok(v);
    }
    if let Some(v) = object::call(it, &recv, c)? {
        return Ok(v);
    }
    if matches!(recv, RValue::Array(_) | RValue::Hash(_) | RValue::Range(_)) {
        if let Some(v) = enumerable::generic(it, &recv, c)? {
            return Ok(v);
        }
    }
    if let RValue::Class(k) = &recv {
        if let Some(v) = facter::class_call(it, k, c)? {
            return Ok(v);
        }
    }
    no_method(&recv, name, at)
}

/// Calls a listed method by its id (`call_id(it, v, M::op_aref, ...)` is `v[...]`).
pub fn call_id(
    it: &mut Interp,
    recv: RValue,
    id: M,
    args: Vec<RValue>,
    block: Option<&Rc<Block>>,
    at: usize,
) -> R {
    call(it, recv, id, id.text(), args, block, at)
}

/// Fails with `NoMemoryError` (no `StandardError`: a bare `rescue` does not catch it)
/// naming the memory limit unless `bytes` more fit in it: checked before a string or
/// collection is built whose size is known beforehand (`s * n`, `a + b`, `Array.new(n)`).
pub fn grow(bytes: usize, at: usize) -> R<()> {
    crate::limits::reserve(bytes)
        .map_err(|e| Flow::from(RubyError::raised_as("NoMemoryError", e.message, at)))
}

/// Appends to a string being built, as [`grow`] checks it when the string must grow.
pub fn push_checked(s: &mut String, x: &str, at: usize) -> R<()> {
    if s.capacity() - s.len() < x.len() {
        grow(s.capacity().max(x.len()), at)?;
    }
    s.push_str(x);
    Ok(())
}

/// Checks that the text of an array or hash (`inspect`, `to_s`, `<%= %>`) fits in the
/// memory limit before building it (see `show::shown_len`).
pub fn grow_shown(v: &RValue, at: usize) -> R<()> {
    if matches!(v, RValue::Array(_) | RValue::Hash(_)) {
        grow(crate::show::shown_len(v), at)?;
    }
    Ok(())
}

/// As [`grow`], for `n` values (array elements, hash entries).
pub fn grow_values(n: usize, at: usize) -> R<()> {
    grow(n.saturating_mul(std::mem::size_of::<RValue>()), at)
}

/// What an iterating method without its own result gives: with a block, each item yielded
/// in turn and the receiver; without one, the items (an array stands for the enumerator).
pub fn each_or_items(
    it: &mut Interp,
    block: Option<&Rc<Block>>,
    items: Vec<RValue>,
    recv: &RValue,
) -> R {
    match block {
        Some(b) => {
            for v in items {
                it.yield_block(b, [v])?;
            }
            Ok(recv.clone())
        }
        None => Ok(RValue::array(items)),
    }
}

/// Raises `ArgumentError`.
pub fn raise_arg<T>(message: impl Into<String>, at: usize) -> R<T> {
    Err(Flow::from(RubyError::raised_as(
        "ArgumentError",
        message,
        at,
    )))
}

/// Raises `IndexError`.
pub fn raise_index<T>(message: impl Into<String>, at: usize) -> R<T> {
    Err(Flow::from(RubyError::raised_as("IndexError", message, at)))
}

/// `NoMethodError`, or an unsupported-Ruby error for a method Ruby has.
pub fn no_method(recv: &RValue, name: &str, at: usize) -> R {
    let class = recv.class_name();
    if !matches!(recv, RValue::Nil) && object::ruby_has(&class, name) {
        return unsupported(format!("method '{name}' on {class}"), at);
    }
    raise(no_method_message(recv, name), at)
}

/// Kernel's private instance methods (Ruby 3.1): every object has them, none can be called
/// with an explicit receiver.
const KERNEL_PRIVATE: &[&str] = &[
    "Array",
    "Complex",
    "Float",
    "Hash",
    "Integer",
    "Rational",
    "String",
    "__callee__",
    "__dir__",
    "__method__",
    "`",
    "abort",
    "at_exit",
    "autoload",
    "autoload?",
    "binding",
    "block_given?",
    "caller",
    "caller_locations",
    "catch",
    "eval",
    "exec",
    "exit",
    "exit!",
    "fail",
    "fork",
    "format",
    "gets",
    "global_variables",
    "iterator?",
    "lambda",
    "load",
    "local_variables",
    "loop",
    "open",
    "p",
    "pp",
    "print",
    "printf",
    "proc",
    "putc",
    "puts",
    "raise",
    "rand",
    "readline",
    "readlines",
    "require",
    "require_relative",
    "select",
    "set_trace_func",
    "sleep",
    "spawn",
    "sprintf",
    "srand",
    "syscall",
    "system",
    "test",
    "throw",
    "trace_var",
    "trap",
    "untrace_var",
    "warn",
];

/// The message of Ruby's `NoMethodError` for `recv.name`.
pub fn no_method_message(recv: &RValue, name: &str) -> String {
    let class = recv.class_name();
    let shown = match recv {
        RValue::Nil => "nil".to_string(),
        RValue::Bool(b) => b.to_string(),
        RValue::Scope => "Scope(Class[main])".to_string(),
        RValue::Class(c) => c.to_string(),
        RValue::Module(m) => m.name.to_string(),
        other => {
            let s = inspect(other);
            if s.len() > 65 {
                format!("#<{class}>")
            } else {
                s
            }
        }
    };
    // (Kernel's private methods, which every object has: called with a receiver, Ruby says
    // so rather than that the method is undefined)
    let what = if KERNEL_PRIVATE.contains(&name) {
        format!("private method `{name}' called for")
    } else {
        format!("undefined method `{name}' for")
    };
    let class = match recv {
        RValue::Class(_) => "Class".to_string(),
        RValue::Object(_) => return format!("{what} {shown}"),
        _ => class,
    };
    if KERNEL_PRIVATE.contains(&name) {
        return if shown.starts_with('#') {
            format!("{what} {shown}")
        } else {
            format!("{what} {shown}:{class}")
        };
    }
    // (Ruby's did_you_mean suggestions, for the core classes whose methods are known)
    let suggested = did_you_mean::suffix(&class, name);
    // Ruby names the class only after a receiver not shown as `#<...>`
    // (`#<Sensitive [value redacted]>`)
    if shown.starts_with('#') {
        return format!("undefined method `{name}' for {shown}{suggested}");
    }
    format!("undefined method `{name}' for {shown}:{class}{suggested}")
}

/// `pattern === value` (as `case`/`when` and `grep` test).
pub fn case_eq(it: &mut Interp, pattern: &RValue, value: &RValue, at: usize) -> R<bool> {
    Ok(match pattern {
        RValue::Class(c) => it.value_is_a(value, c),
        RValue::Module(m) => it.value_is_a_module(value, m),
        RValue::Regexp(re) => match value {
            RValue::Str(s) | RValue::Sym(s) => match re.captures(s).map_err(regexp_failed(at))? {
                Some(c) => {
                    it.st.last_match = Some(std::rc::Rc::new(c));
                    it.st.last_match_text = None;
                    it.st.last_match_names = crate::eval::state::named_groups(re);
                    true
                }
                None => false,
            },
            _ => false,
        },
        RValue::Range(r) => enumerable::range_covers(r, value, at)?,
        other => other.equals(value),
    })
}

/// Ruby's "comparison of X with Y failed".
pub fn compare_failed<T>(a: &RValue, b: &RValue, at: usize) -> R<T> {
    raise(
        format!(
            "comparison of {} with {} failed",
            a.class_name(),
            b.compare_name()
        ),
        at,
    )
}

/// `Comparable#clamp(min, max)` of a string or a number: `min` and `max` compared first
/// (`comparison of String with -5 failed`, `min argument must be smaller than max
/// argument`), then the receiver with each.
pub fn clamp(recv: &RValue, args: &[RValue], at: usize) -> R<RValue> {
    use std::cmp::Ordering::*;
    let [lo, hi] = args else {
        return raise_arg(
            format!(
                "wrong number of arguments (given {}, expected 2)",
                args.len()
            ),
            at,
        );
    };
    match lo.compare(hi) {
        None => return compare_failed(lo, hi, at),
        Some(Greater) => {
            return raise_arg("min argument must be smaller than max argument", at);
        }
        _ => {}
    }
    match recv.compare(lo) {
        None => return compare_failed(recv, lo, at),
        Some(Equal) => return Ok(recv.clone()),
        Some(Less) => return Ok(lo.clone()),
        Some(Greater) => {}
    }
    match recv.compare(hi) {
        None => compare_failed(recv, hi, at),
        Some(Greater) => Ok(hi.clone()),
        _ => Ok(recv.clone()),
    }
}

/// Sorts values with `<=>` as Ruby's `sort` does, raising for incomparable ones (objects of
/// the template's classes with their class's `<=>`).
pub fn sort_values(it: &mut Interp, items: &mut [RValue], at: usize) -> R<()> {
    merge_sort::sort_by_spaceship(it, items, |v| v, at)
}

/// The result of calling a block that must give a comparison (`sort { |a, b| ... }`).
pub fn ordering(v: &RValue, at: usize) -> R<std::cmp::Ordering> {
    match v {
        RValue::Int(i) => Ok(i.cmp(&0)),
        RValue::Float(f) => Ok(f.partial_cmp(&0.0).unwrap_or(std::cmp::Ordering::Equal)),
        _ => raise(
            format!("comparison of {} with 0 failed", v.class_name()),
            at,
        ),
    }
}

/// Ruby's TypeError message for a value given where a `into` is expected and that has no
/// implicit conversion to it: `nil`, `true` and `false` by name, others by class (`no
/// implicit conversion of false into String`, `... of Integer into String`).
pub(crate) fn no_implicit_conversion(v: &RValue, into: &str) -> String {
    let what = match v {
        RValue::Nil => "nil".to_string(),
        RValue::Bool(b) => b.to_string(),
        v => v.class_name().to_string(),
    };
    format!("no implicit conversion of {what} into {into}")
}
