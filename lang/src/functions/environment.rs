//! Functions of the reference that depend on the node: `fqdn_rand` (bit for bit: Ruby's
//! MT19937 seeded with the MD5 of `"fqdn:max:seed"`, then `Random#rand(max)`),
//! `shellquote` and `digest`.

use super::{builtin, Builtin};
use crate::erb::ruby::methods::random::Mt19937;
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::format::to_display;
use crate::values::Value;
use md5::Digest;

/// Ruby's `String#to_i`: the leading integer, 0 when there is none.
fn ruby_to_i(v: &Value) -> i64 {
    match v {
        Value::Integer(i) => *i,
        Value::Float(f) => *f as i64,
        Value::String(s) => {
            let t = s.trim_start();
            let mut end = 0;
            for (i, c) in t.char_indices() {
                if c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+')) || (c == '_' && i > 0) {
                    end = i + c.len_utf8();
                } else {
                    break;
                }
            }
            t[..end].replace('_', "").parse().unwrap_or(0)
        }
        _ => 0,
    }
}

/// Ruby's `Array#join` of one element as the older function API hands it over: nested
/// arrays joined with the separator, a hash as its Ruby `inspect` (`{"a"=>nil, "r"=>"/b/"}`:
/// a regexp, a time value, a version are strings of their Puppet form, as at the top).
fn join_part(v: &Value) -> String {
    match v {
        Value::Undef => String::new(),
        Value::Array(a) => a.iter().map(join_part).collect::<Vec<_>>().join(":"),
        Value::Hash(_) => crate::format::ruby::inspect(v),
        other => to_display(other),
    }
}

/// `Random.new(md5(text).hex).rand(max)`.
pub fn deterministic_rand(text: &str, max: i64) -> Result<i64, Error> {
    if max <= 0 {
        return Err(Error::eval(format!("invalid argument - {max}")));
    }
    let digest = md5::Md5::digest(text.as_bytes());
    let n = u128::from_be_bytes(digest.into());
    let words = [
        n as u32,
        (n >> 32) as u32,
        (n >> 64) as u32,
        (n >> 96) as u32,
    ];
    let mut mt = Mt19937::ruby_seeded(&words);
    Ok(mt.limited(max as u64 - 1) as i64)
}

/// `Random.new(md5(seed).hex).rand(max)` (stdlib's `seeded_rand`).
pub fn rand_for_seed(seed: &str, max: i64) -> Result<i64, Error> {
    deterministic_rand(seed, max)
}

fn fqdn_rand(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    if args.is_empty() {
        return Err(Error::eval(format!(
            "fqdn_rand(): Wrong number of arguments given ({} for minimum 1)",
            args.len()
        ))
        .into());
    }
    let max = ruby_to_i(&args[0]);
    let seed = args.get(1).map(join_part).unwrap_or_default();
    // (a 3.x function: an undef argument reaches it as `''`, which Ruby takes for true)
    let downcase = args
        .get(2)
        .is_some_and(|v| !matches!(v, Value::Boolean(false)));
    let facts = ev.lookup_variable("::facts").unwrap_or(Value::Undef);
    let fqdn = match &facts {
        Value::Hash(h) => match h.get(&Value::from("networking")) {
            Some(Value::Hash(n)) => n.get(&Value::from("fqdn")).cloned(),
            _ => None,
        },
        _ => None,
    }
    .filter(|v| !v.is_undef());
    let fqdn = match (fqdn, downcase) {
        (None, true) => {
            return Err(Error::eval("undefined method `downcase' for nil:NilClass").into())
        }
        (None, false) => String::new(),
        (Some(f), true) => to_display(&f).to_lowercase(),
        (Some(f), false) => to_display(&f),
    };
    let text = format!("{fqdn}:{max}:{seed}");
    Ok(Value::Integer(deterministic_rand(&text, max)?))
}

fn shellquote(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    // (the older API: an undef argument is '', an undef inside an array nil)
    let args: Vec<Value> = args
        .iter()
        .map(|a| match a {
            Value::Undef => Value::from(""),
            other => other.clone(),
        })
        .collect();
    let mut words = Vec::new();
    super::collections::flatten_into(&mut words, &args);
    let safe = |c: char| c.is_ascii_alphanumeric() || "@%_+=:,./-".contains(c);
    let dangerous = |c: char| "!\"`$\\".contains(c);
    let quoted: Vec<String> = words
        .iter()
        .map(|w| {
            let w = shellquote_word(w)?;
            let quoted = if !w.is_empty() && w.chars().all(safe) {
                w
            } else if !w.chars().any(dangerous) {
                format!("\"{w}\"")
            } else if !w.contains('\'') {
                format!("'{w}'")
            } else {
                let mut r = String::from("\"");
                for c in w.chars() {
                    if dangerous(c) {
                        r.push('\\');
                    }
                    r.push(c);
                }
                r.push('"');
                r
            };
            Ok(quoted)
        })
        .collect::<Result<_, Error>>()?;
    Ok(Value::from(quoted.join(" ")))
}

/// A word of `shellquote` as the older API hands it over: a string, or a regexp, version,
/// time value or binary as its string (undef at the top is ''); anything else fails where
/// the reference's Ruby fails on it (no `length` for numbers, booleans and nil, a hash
/// added to a string, no `count` for the `default` symbol).
fn shellquote_word(w: &Value) -> Result<String, Error> {
    use crate::format::ruby::no_method_receiver;
    match w {
        Value::String(s) => Ok(s.to_string()),
        v if crate::format::ruby::handed_as_string(v) => Ok(to_display(v)),
        Value::Hash(_) => Err(Error::eval("no implicit conversion of Hash into String")),
        Value::Default => Err(Error::eval("undefined method `count' for :default:Symbol")),
        other => Err(Error::eval(format!(
            "undefined method `length' for {}",
            no_method_receiver(other)
        ))),
    }
}

fn digest(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    if args.len() != 1 {
        return Err(Error::eval(format!(
            "digest(): Wrong number of arguments given ({} for 1)",
            args.len()
        ))
        .into());
    }
    let text = to_display(&args[0]);
    let bytes = sha2::Sha256::digest(text.as_bytes());
    Ok(Value::from(
        bytes.iter().map(|b| format!("{b:02x}")).collect::<String>(),
    ))
}

const ANY: &[&str] = &["Any *$args"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("fqdn_rand", ANY, fqdn_rand, "fqdn_rand(Integer $max, Any $seed, Boolean $downcase) -> Integer\nA random integer below max that stays the same for this node's FQDN (`$facts['networking']['fqdn']`) and seed, as the reference computes it.\n\n    fqdn_rand(30)   # the minute of a cron job"),
        builtin("shellquote", ANY, shellquote, "shellquote(Any *$words) -> String\nThe words (arrays flattened) quoted for a Bourne shell and joined with spaces.\n\n    shellquote('a b', 'c')   # '\"a b\" c'"),
        builtin("digest", ANY, digest, "digest(String $string) -> String\nThe string's digest with the reference's digest_algorithm (sha256), in hexadecimal.\n\n    digest('x')"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values from Ruby: `Random.new(seed).rand(max)`.
    #[test]
    fn matches_rubys_random() {
        assert_eq!(Mt19937::ruby_seeded(&[5]).limited(99), 99);
        assert_eq!(Mt19937::ruby_seeded(&[0, 1]).limited(999), 684);
        assert_eq!(
            Mt19937::ruby_seeded(&[0, 0, 1, 0xffff_ffff]).limited(99),
            56
        );
        assert_eq!(deterministic_rand(":100:", 100).unwrap(), 79);
        assert_eq!(deterministic_rand(":100:seed", 100).unwrap(), 49);
        assert_eq!(
            deterministic_rand("web01.example.com:100:", 100).unwrap(),
            52
        );
    }
}
