//! String methods.

use super::object::pattern;
use super::raise_index;
use super::Call;
use super::M;
use crate::error::HostError;
use crate::eval::{raise, regexp_failed, unsupported, Interp, R};
use crate::show::{quote, to_s};
use crate::value::RStr;
use crate::value::RValue;
use crate::value::{RBool, RFloat};
use crate::Regexp;
use std::rc::Rc;

pub fn call(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    let RValue::Str(whole) = recv else {
        return Ok(None);
    };
    let s: &str = whole;
    let st = |t: String| Ok(Some(RValue::str(t)));
    // (a slice of the receiver: the receiver itself when it is all of it)
    let part = |t: &str| Ok(Some(RValue::Str(crate::rcstr::part_of(whole, t))));
    match c.id {
        M::op_add if matches!(c.arg(0), Some(RValue::Bytes(_))) => {
            c.arity(1, 1)?;
            Ok(Some(super::binary::concat(recv, &c.args[0], c.at)?))
        }
        M::b | M::force_encoding | M::encode => super::binary::str_call(recv, c),
        M::op_add => {
            c.arity(1, 1)?;
            let o = c.str_arg(0)?;
            super::grow(s.len().saturating_add(o.len()), c.at)?;
            // (made in its shared form at once: no `String` first)
            Ok(Some(RValue::Str(crate::rcstr::concat(&[s, &o]))))
        }
        M::op_mul => {
            let n = c.int_arg(0)?;
            if n < 0 {
                return raise("negative argument", c.at);
            }
            if (n as u128) * (s.len() as u128) > MAX_STRING as u128 {
                return raise("argument too big", c.at);
            }
            super::grow(n as usize * s.len(), c.at)?;
            st(s.repeat(n as usize))
        }
        // `require 'shellwords'`'s String methods: `Shellwords.escape(s)`, `.split(s)`
        M::shellescape | M::shellsplit | M::shellwords => {
            c.arity(0, 0)?;
            return super::stdlib::class_call(it, "Shellwords", &c.with_receiver_as_argument(recv));
        }
        M::op_mod => {
            let args = match c.arg(0) {
                Some(RValue::Array(a)) => a.borrow().to_vec(),
                Some(v) => vec![v.clone()],
                None => vec![],
            };
            Ok(Some(format(it, recv, &args, c.at)?))
        }
        M::op_shl | M::concat => unsupported(
            "changing a string in place that no variable holds ('<<')",
            c.at,
        ),
        M::op_match | M::match_ | M::match_p => {
            c.arity(1, 2)?;
            let re = match &c.args[0] {
                RValue::Str(p) if c.id == M::op_match => {
                    return raise(
                        format!("wrong argument type String (expected Regexp): {}", quote(p)),
                        c.at,
                    )
                }
                // `match` compiles a string argument as a regexp (unescaped).
                RValue::Str(p) => Rc::new(crate::regexp::make_regexp(p, "", c.at)?),
                v => pattern(v, c.at)?,
            };
            Ok(Some(match_op(it, whole, &re, c.name, c.at)?))
        }
        M::op_eq | M::eql_p | M::op_eqq => Ok(Some(RValue::bool(
            matches!(c.arg(0), Some(RValue::Str(o)) if **o == *s),
        ))),
        M::length | M::size => Ok(Some(RValue::Int(s.chars().count() as i64))),
        M::unpack => Ok(Some(super::pack::unpack(s.as_bytes(), c)?)),
        M::unpack1 => {
            let all = super::pack::unpack(s.as_bytes(), c)?;
            Ok(Some(match all {
                RValue::Array(ref a) => a.borrow().first().cloned().unwrap_or_default(),
                other => other,
            }))
        }
        M::bytesize => Ok(Some(RValue::Int(s.len() as i64))),
        M::empty_p => Ok(Some(RValue::Bool(RBool::new(s.is_empty())))),
        M::upcase | M::downcase | M::capitalize | M::swapcase if !c.args.is_empty() => {
            case_options(&c.args, c.at)?;
            let plain = Call {
                id: c.id,
                name: c.name,
                args: Vec::new(),
                block: None,
                at: c.at,
            };
            call(it, recv, &plain)
        }
        // (ASCII text, the usual, without the Unicode tables)
        M::upcase if s.is_ascii() => Ok(Some(RValue::Str(crate::rcstr::ascii_case(s, true)))),
        M::downcase if s.is_ascii() => Ok(Some(RValue::Str(crate::rcstr::ascii_case(s, false)))),
        M::upcase => st(s.to_uppercase()),
        M::downcase => st(s.to_lowercase()),
        M::capitalize => {
            let mut ch = s.chars();
            st(match ch.next() {
                Some(f) => f.to_uppercase().collect::<String>() + &ch.as_str().to_lowercase(),
                None => String::new(),
            })
        }
        M::swapcase => st(s
            .chars()
            .map(|ch| {
                if ch.is_uppercase() {
                    ch.to_lowercase().collect::<String>()
                } else {
                    ch.to_uppercase().collect()
                }
            })
            .collect()),
        M::strip => part(s.trim_matches(|ch: char| ch.is_ascii_whitespace() || ch == '\0')),
        M::lstrip => part(s.trim_start_matches(|ch: char| ch.is_ascii_whitespace())),
        M::rstrip => part(s.trim_end_matches(|ch: char| ch.is_ascii_whitespace() || ch == '\0')),
        M::chomp => {
            let t = match c.arg(0) {
                Some(RValue::Str(suffix)) => s.strip_suffix(&**suffix).unwrap_or(s),
                _ => s
                    .strip_suffix("\r\n")
                    .or_else(|| s.strip_suffix('\n'))
                    .or_else(|| s.strip_suffix('\r'))
                    .unwrap_or(s),
            };
            part(t)
        }
        M::chop => st(s
            .strip_suffix("\r\n")
            .unwrap_or_else(|| s.char_indices().last().map_or(s, |(i, _)| &s[..i]))
            .to_string()),
        M::chars => {
            grow_chars(s, c.at)?;
            Ok(Some(RValue::array(
                s.chars()
                    .map(|ch| RValue::str(ch.to_string()))
                    .collect::<Vec<_>>(),
            )))
        }
        M::lines => Ok(Some(RValue::array(
            lines(s, c)?
                .into_iter()
                .map(RValue::str)
                .collect::<Vec<_>>(),
        ))),
        M::reverse => st(s.chars().rev().collect()),
        M::to_s | M::to_str => Ok(Some(recv.clone())),
        M::to_sym | M::intern => Ok(Some(RValue::sym(s))),
        M::to_i => {
            let base = if c.args.is_empty() { 10 } else { c.int_arg(0)? };
            let (base, digits) = match base {
                0 => radix_prefix(s),
                2..=36 => (base as u32, without_prefix(s, base as u32)),
                _ => return raise(format!("invalid radix {base}"), c.at),
            };
            Ok(Some(leading_integer(&digits, base)))
        }
        M::to_f => Ok(Some(RValue::Float(RFloat::new(leading_float(s))))),
        M::hex => Ok(Some(leading_integer(s.trim_start_matches("0x"), 16))),
        M::oct => {
            // (a prefix of another base is read as that base, as `to_i(0)` reads it)
            let t = s.trim_start();
            let digits = t.strip_prefix(['-', '+']).unwrap_or(t).to_ascii_lowercase();
            let (base, rest) = if ["0x", "0b", "0o"].iter().any(|p| digits.starts_with(p)) {
                radix_prefix(s)
            } else {
                (8, without_prefix(s, 8))
            };
            Ok(Some(leading_integer(&rest, base)))
        }
        M::dump => Ok(Some(RValue::str(prepl_core::format::quote::ruby_dump(s)))),
        // (the deduplicated frozen string: the same text)
        M::op_neg => Ok(Some(recv.clone())),
        M::ord => match s.chars().next() {
            Some(ch) => Ok(Some(RValue::Int(ch as i64))),
            None => raise("empty string", c.at),
        },
        M::start_with_p | M::end_with_p => {
            let mut hit = false;
            for a in &c.args {
                hit |= match a {
                    RValue::Str(p) => {
                        if c.id == M::start_with_p {
                            s.starts_with(&**p)
                        } else {
                            s.ends_with(&**p)
                        }
                    }
                    RValue::Regexp(re) if c.id == M::start_with_p => re
                        .first_match(s)
                        .map_err(regexp_failed(c.at))?
                        .and_then(|g| g[0])
                        .is_some_and(|(a, _)| a == 0),
                    other => {
                        return raise(
                            crate::methods::no_implicit_conversion(other, "String"),
                            c.at,
                        )
                    }
                };
            }
            Ok(Some(RValue::Bool(RBool::new(hit))))
        }
        M::include_p => {
            c.arity(1, 1)?;
            let o = c.str_arg(0)?;
            Ok(Some(RValue::Bool(RBool::new(s.contains(&*o)))))
        }
        M::index | M::rindex => {
            c.arity(1, 2)?;
            let last = c.id == M::rindex;
            // The start (`index`) or the last start (`rindex`) as a byte offset, a negative
            // one counted from the end; past either end, no match.
            let chars = s.chars().count() as i64;
            let from = match c.arg(1) {
                None => None,
                Some(_) => {
                    let n = c.int_arg(1)?;
                    let n = if n < 0 { n + chars } else { n };
                    if n < 0 || (!last && n > chars) {
                        return Ok(Some(RValue::Nil));
                    }
                    let n = n.min(chars) as usize;
                    Some(s.char_indices().nth(n).map_or(s.len(), |(b, _)| b))
                }
            };
            let found = match &c.args[0] {
                RValue::Str(p) if last => {
                    let end = from.map_or(s.len(), |f| (f + p.len()).min(s.len()));
                    // (the end may fall inside a character: search up to the next boundary)
                    let end = (end..=s.len())
                        .find(|e| s.is_char_boundary(*e))
                        .unwrap_or(s.len());
                    s[..end].rfind(&**p)
                }
                RValue::Str(p) => {
                    let f = from.unwrap_or(0);
                    s[f..].find(&**p).map(|b| b + f)
                }
                v @ (RValue::Int(_) | RValue::Float(_) | RValue::Nil | RValue::Bool(_)) => {
                    return raise(crate::methods::no_implicit_conversion(v, "String"), c.at)
                }
                v => {
                    let matches = pattern(v, c.at)?.find_all(s).map_err(regexp_failed(c.at))?;
                    let mut starts = matches.iter().filter_map(|g| g[0]).map(|(a, _)| a);
                    if last {
                        starts.rfind(|a| from.is_none_or(|f| *a <= f))
                    } else {
                        starts.find(|a| from.is_none_or(|f| *a >= f))
                    }
                }
            };
            Ok(Some(
                found
                    .map(|b| RValue::Int(s[..b].chars().count() as i64))
                    .unwrap_or_default(),
            ))
        }
        M::split => split(s, c).map(Some),
        M::gsub | M::sub => substitute(it, s, c).map(Some),
        M::tr | M::delete | M::squeeze | M::count => tr_family(s, c).map(Some),
        M::ljust | M::rjust | M::center => {
            c.arity(1, 2)?;
            let width = c.int_arg(0)?.max(0) as usize;
            if width > MAX_STRING {
                return raise("argument too big", c.at);
            }
            let pad: RStr = match c.arg(1) {
                Some(_) => c.str_arg(1)?,
                None => RStr::from(" "),
            };
            if pad.is_empty() {
                return super::raise_arg("zero width padding", c.at);
            }
            let len = s.chars().count();
            if width <= len {
                return st(s.to_string());
            }
            let total = width - len;
            // (the padding, the padded text and the value's copy of it)
            let longest = pad.chars().map(char::len_utf8).max().unwrap_or(1);
            super::grow(
                total
                    .saturating_mul(longest)
                    .saturating_add(s.len())
                    .saturating_mul(3),
                c.at,
            )?;
            let fill = |n: usize| pad.chars().cycle().take(n).collect::<String>();
            st(match c.id {
                M::ljust => format!("{s}{}", fill(total)),
                M::rjust => format!("{}{s}", fill(total)),
                _ => format!("{}{s}{}", fill(total / 2), fill(total - total / 2)),
            })
        }
        M::op_aref | M::slice => index(s, c).map(Some),
        M::each_line | M::each_char => {
            let parts: Vec<String> = if c.id == M::each_line {
                lines(s, c)?
            } else {
                grow_chars(s, c.at)?;
                s.chars().map(|ch| ch.to_string()).collect()
            };
            let Some(b) = c.block else {
                // (an array stands for the enumerator, as for the other `each_*`)
                return Ok(Some(RValue::array(
                    parts.into_iter().map(RValue::str).collect::<Vec<_>>(),
                )));
            };
            for p in parts {
                it.yield_block(b, [RValue::str(p)])?;
            }
            Ok(Some(recv.clone()))
        }
        M::casecmp_p => Ok(Some(RValue::Bool(RBool::new(
            s.to_lowercase() == to_s(c.arg(0).unwrap_or(&RValue::Nil)).to_lowercase(),
        )))),
        M::casecmp => Ok(Some(RValue::Int(
            s.to_lowercase()
                .cmp(&to_s(c.arg(0).unwrap_or(&RValue::Nil)).to_lowercase()) as i64,
        ))),
        M::succ | M::next => {
            c.arity(0, 0)?;
            // (its characters, four bytes each, and the result)
            super::grow(s.len().saturating_mul(6), c.at)?;
            st(succ(s))
        }
        M::upto => {
            c.arity(1, 2)?;
            let last = c.str_arg(0)?;
            let exclusive = c.arg(1).is_some_and(RValue::truthy);
            let range = RValue::Range(Rc::new((recv.clone(), RValue::Str(last), exclusive)));
            let all = super::enumerable::items(&range, c.at)?;
            match c.block {
                Some(b) => {
                    for v in all {
                        it.yield_block(b, [v])?;
                    }
                    Ok(Some(recv.clone()))
                }
                None => Ok(Some(RValue::array(all))),
            }
        }
        M::sum => {
            let bits = if c.args.is_empty() { 16 } else { c.int_arg(0)? };
            let total: u64 = s.bytes().map(u64::from).sum();
            let v = if bits > 0 && bits < 64 {
                total & ((1u64 << bits) - 1)
            } else {
                total
            };
            Ok(Some(RValue::Int(v as i64)))
        }
        M::bytes | M::each_byte => {
            super::grow_values(s.len(), c.at)?;
            let bytes: Vec<RValue> = s.bytes().map(|b| RValue::Int(b.into())).collect();
            match c.block {
                Some(b) if c.id == M::each_byte => {
                    for v in bytes {
                        it.yield_block(b, [v])?;
                    }
                    Ok(Some(recv.clone()))
                }
                _ => Ok(Some(RValue::array(bytes))),
            }
        }
        M::partition | M::rpartition => {
            c.arity(1, 1)?;
            let last = c.id == M::rpartition;
            let found: Option<(usize, usize)> = match &c.args[0] {
                RValue::Str(p) if last => s.rfind(&**p).map(|a| (a, a + p.len())),
                RValue::Str(p) => s.find(&**p).map(|a| (a, a + p.len())),
                v => {
                    let matches = pattern(v, c.at)?.find_all(s).map_err(regexp_failed(c.at))?;
                    let mut spans = matches.iter().filter_map(|g| g[0]);
                    if last {
                        spans.next_back()
                    } else {
                        spans.next()
                    }
                }
            };
            let parts = match found {
                Some((a, b)) => [&s[..a], &s[a..b], &s[b..]],
                None if last => ["", "", s],
                None => [s, "", ""],
            };
            Ok(Some(RValue::array(
                parts.into_iter().map(RValue::str).collect::<Vec<_>>(),
            )))
        }
        M::delete_prefix => {
            let p = c.str_arg(0)?;
            st(s.strip_prefix(&*p).unwrap_or(s).to_string())
        }
        M::delete_suffix => {
            let p = c.str_arg(0)?;
            st(s.strip_suffix(&*p).unwrap_or(s).to_string())
        }
        M::scan => super::scan::call(it, recv, whole, c),
        M::clamp => super::clamp(recv, &c.args, c.at).map(Some),
        M::op_lt | M::op_gt | M::op_le | M::op_ge | M::between_p => {
            let o = c.arg(0).cloned().unwrap_or_default();
            let Some(ord) = recv.compare(&o) else {
                return super::compare_failed(recv, &o, c.at);
            };
            use std::cmp::Ordering::*;
            Ok(Some(RValue::bool(match c.id {
                M::op_lt => ord == Less,
                M::op_gt => ord == Greater,
                M::op_le => ord != Greater,
                M::op_ge => ord != Less,
                _ => {
                    ord != Less
                        && recv
                            .compare(c.arg(1).unwrap_or(&RValue::Nil))
                            .is_some_and(|o| o != Greater)
                }
            })))
        }
        _ => Ok(None),
    }
}

/// `succ`: the rightmost letter or digit counts up, carrying to the letters and digits to
/// its left (`"az"` → `"ba"`, `"zz"` → `"aaa"`, `"1.9"` → `"2.0"`), but not across other
/// characters into one of the other kind (`"a-9"` → `"a-10"`); a string without letters and
/// digits counts up its last character.
pub fn succ(s: &str) -> String {
    let mut cs: Vec<char> = s.chars().collect();
    if !cs.iter().any(char::is_ascii_alphanumeric) {
        if let Some(last) = cs.last_mut() {
            *last = char::from_u32(*last as u32 + 1).unwrap_or(*last);
        }
        return cs.into_iter().collect();
    }
    // the last letter or digit that wrapped around, whether the one before was skipped
    let mut wrapped: Option<char> = None;
    let mut skipped = false;
    let mut carry = (0, '1');
    let mut i = cs.len();
    while i > 0 {
        i -= 1;
        let ch = cs[i];
        if let Some(w) = wrapped.filter(|_| skipped) {
            let other_kind = (w.is_ascii_alphabetic() && ch.is_ascii_digit())
                || (w.is_ascii_digit() && ch.is_ascii_alphabetic());
            if other_kind {
                break;
            }
        }
        if !ch.is_ascii_alphanumeric() {
            skipped = true;
            continue;
        }
        skipped = false;
        let (next, first) = match ch {
            'z' => ('a', 'a'),
            'Z' => ('A', 'A'),
            '9' => ('0', '1'),
            _ => {
                cs[i] = char::from_u32(ch as u32 + 1).unwrap_or(ch);
                return cs.into_iter().collect();
            }
        };
        cs[i] = next;
        wrapped = Some(next);
        carry = (i, first);
    }
    cs.insert(carry.0, carry.1);
    cs.into_iter().collect()
}

/// The longest string a method builds (a bound against exhausting memory).
const MAX_STRING: usize = 256 * 1024 * 1024;

/// `=~`, `match` and `match?` of a string and a regexp (`$~`'s text is the string's,
/// shared: a match copies no text for it).
pub fn match_op(it: &mut Interp, whole: &RStr, re: &Regexp, op: &str, at: usize) -> R {
    let s: &str = whole;
    let failed = regexp_failed(at);
    if op == "match?" {
        return Ok(RValue::Bool(RBool::new(re.is_match(s).map_err(failed)?)));
    }
    let found = re.first_match(s).map_err(failed)?;
    Ok(match found {
        Some(groups) => {
            let caps: Vec<Option<String>> = groups
                .iter()
                .map(|g| g.map(|(a, b)| s[a..b].to_string()))
                .collect();
            let start = groups[0].map_or(0, |(a, _)| a);
            let caps = Rc::new(caps);
            it.st.last_match = Some(caps.clone());
            let end = groups[0].map_or(0, |(_, b)| b);
            it.st.last_match_text = Some((whole.clone(), start, end));
            it.st.last_match_names = crate::eval::state::named_groups(re);
            if op == "=~" {
                RValue::Int(s[..start].chars().count() as i64)
            } else {
                let end = groups[0].map_or(0, |(_, b)| b);
                let info = crate::value::MatchInfo {
                    names: re.group_names(),
                    around: Some((RStr::from(&s[..start]), RStr::from(&s[end..]))),
                };
                RValue::Match(Rc::new(crate::value::MatchData { caps, info }))
            }
        }
        None => {
            it.st.last_match = None;
            it.st.last_match_text = None;
            RValue::Nil
        }
    })
}

/// `format`/`String#%`, through the host's `sprintf` (Puppet's is Ruby's `Kernel#format`).
pub fn format(it: &mut Interp, fmt: &RValue, args: &[RValue], at: usize) -> R {
    let mut all = Vec::with_capacity(args.len() + 1);
    all.push(fmt.clone());
    all.extend(args.iter().cloned());
    let r = it.host.call_function("sprintf", all);
    let r = match (r, args) {
        (Err(HostError::Raise(m)), [RValue::Hash(h)]) => Err(HostError::Raise(format!(
            "{m}{}",
            missing_key_suffix(&m, &h.borrow())
        ))),
        (Err(HostError::RaiseAs { class, message }), [RValue::Hash(h)]) => {
            let suffix = missing_key_suffix(&message, &h.borrow());
            Err(HostError::RaiseAs {
                class,
                message: format!("{message}{suffix}"),
            })
        }
        (r, _) => r,
    };
    crate::eval::host_result(r, at)
}

/// `KeyError`'s "Did you mean?" line of a format's missing `%{name}` (or `%<name>`): the
/// hash's keys near the name (Ruby's did_you_mean), as mysql's `normalise_and_deepmerge`
/// shows it.
fn missing_key_suffix(message: &str, h: &crate::value::RHash) -> String {
    let name = message
        .strip_prefix("key{")
        .and_then(|r| r.strip_suffix("} not found"))
        .or_else(|| {
            message
                .strip_prefix("key<")
                .and_then(|r| r.strip_suffix("> not found"))
        });
    let Some(name) = name else {
        return String::new();
    };
    let keys: Vec<RValue> = h.iter().map(|(k, _)| k.clone()).collect();
    super::did_you_mean::key_suffix(&keys, &RValue::sym(name))
}

/// `to_i(0)`: the base its prefix names (`0b`, `0o` or `0`, `0x`, `0d`), else 10; and the
/// text with the prefix dropped (the sign kept).
fn radix_prefix(s: &str) -> (u32, String) {
    let t = s.trim_start();
    let (sign, rest) = match t.strip_prefix(['-', '+']) {
        Some(r) => (&t[..1], r),
        None => ("", t),
    };
    let lower = rest.get(..2).map(str::to_ascii_lowercase);
    let (base, skip) = match lower.as_deref() {
        Some("0b") => (2, 2),
        Some("0o") => (8, 2),
        Some("0x") => (16, 2),
        Some("0d") => (10, 2),
        _ if rest.starts_with('0') => (8, 1),
        _ => (10, 0),
    };
    (base, format!("{sign}{}", &rest[skip..]))
}

/// The text without the prefix of its base (`"0x1f".to_i(16)` is 31, as `"1f"`).
fn without_prefix(s: &str, base: u32) -> String {
    let t = s.trim_start();
    let (sign, rest) = match t.strip_prefix(['-', '+']) {
        Some(r) => (&t[..1], r),
        None => ("", t),
    };
    let prefix = match base {
        2 => "0b",
        8 => "0o",
        16 => "0x",
        _ => return s.to_string(),
    };
    match rest.get(..2) {
        Some(p) if p.eq_ignore_ascii_case(prefix) => format!("{sign}{}", &rest[2..]),
        _ => s.to_string(),
    }
}

/// The leading integer in `base` as `to_i` reads it: a bignum beyond 64 bits.
fn leading_integer(s: &str, base: u32) -> RValue {
    let t = s.trim_start();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    super::bignum::Bignum::parse(t, base, neg)
}

fn leading_float(s: &str) -> f64 {
    let t = s.trim_start();
    let mut end = 0;
    let b = t.as_bytes();
    let mut seen_dot = false;
    let mut seen_e = false;
    while end < b.len() {
        let ch = b[end];
        let ok = ch.is_ascii_digit()
            || ch == b'_'
            || ((ch == b'-' || ch == b'+') && (end == 0 || matches!(b[end - 1], b'e' | b'E')))
            || (ch == b'.'
                && !seen_dot
                && !seen_e
                && end + 1 < b.len()
                && b[end + 1].is_ascii_digit())
            || ((ch == b'e' || ch == b'E') && !seen_e && end > 0 && end + 1 < b.len());
        if !ok {
            break;
        }
        seen_dot |= ch == b'.';
        seen_e |= ch == b'e' || ch == b'E';
        end += 1;
    }
    let mut txt: String = t[..end].chars().filter(|ch| *ch != '_').collect();
    while !txt.is_empty() && txt.parse::<f64>().is_err() {
        txt.pop();
    }
    txt.parse().unwrap_or(0.0)
}

/// What a piece of `split` costs besides its text: its `String` while the pieces are
/// collected, then its value and its shared string's counts.
const PIECE: usize = std::mem::size_of::<RValue>() + std::mem::size_of::<String>() + 16;

/// The lines of `lines` and `each_line`: split after each separator (`"\n"`, or the string
/// given; `""` splits into paragraphs and is not supported), without it with `chomp: true`
/// (for `"\n"`, also the `\r` before it).
fn lines(s: &str, c: &Call) -> R<Vec<String>> {
    let mut sep: RStr = RStr::from("\n");
    let mut chomp = false;
    for (i, a) in c.args.iter().enumerate() {
        match a {
            RValue::Str(p) if i == 0 => sep = p.clone(),
            RValue::Hash(h) => {
                for (k, v) in h.borrow().iter() {
                    match k {
                        RValue::Sym(k) if &**k == "chomp" => chomp = v.truthy(),
                        other => {
                            return super::raise_arg(
                                format!("unknown keyword: {}", crate::show::inspect(other)),
                                c.at,
                            )
                        }
                    }
                }
            }
            other => {
                return raise(
                    crate::methods::no_implicit_conversion(other, "String"),
                    c.at,
                )
            }
        }
    }
    if sep.is_empty() {
        return unsupported(format!("'{}' in paragraph mode (\"\")", c.name), c.at);
    }
    super::grow(s.len().saturating_mul(2), c.at)?;
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        let (line, next) = match rest.find(&*sep) {
            Some(n) => rest.split_at(n + sep.len()),
            None => (rest, ""),
        };
        let line = match line.strip_suffix(&*sep) {
            Some(l) if chomp && &*sep == "\n" => l.strip_suffix('\r').unwrap_or(l),
            Some(l) if chomp => l,
            _ => line,
        };
        out.push(line.to_string());
        rest = next;
    }
    Ok(out)
}

fn split(s: &str, c: &Call) -> R {
    c.arity(0, 2)?;
    let limit = if c.args.len() > 1 { c.int_arg(1)? } else { 0 };
    if s.is_empty() {
        // (whatever the separator and limit)
        return Ok(RValue::array(Vec::new()));
    }
    // the pieces' count known beforehand, checked against the memory limit (a pattern's
    // pieces are checked as they come)
    let pieces = match c.arg(0) {
        None | Some(RValue::Nil) => s.split_ascii_whitespace().count(),
        Some(RValue::Str(sep)) if &**sep == " " => s.split_ascii_whitespace().count(),
        Some(RValue::Str(sep)) if sep.is_empty() => s.chars().count(),
        Some(RValue::Str(sep)) => s.matches(&**sep).count() + 1,
        _ => 0,
    };
    super::grow(pieces.saturating_mul(PIECE).saturating_add(s.len()), c.at)?;
    let mut parts: Vec<String> = match c.arg(0) {
        None | Some(RValue::Nil) => split_whitespace(s, limit),
        Some(RValue::Str(sep)) if &**sep == " " => split_whitespace(s, limit),
        Some(RValue::Str(sep)) if sep.is_empty() => {
            let mut parts: Vec<String> = s.chars().map(|ch| ch.to_string()).collect();
            if limit > 0 && parts.len() > limit as usize {
                // (the last piece is the rest)
                let rest: String = parts.split_off(limit as usize - 1).concat();
                parts.push(rest);
            } else if !parts.is_empty() && (limit < 0 || limit > parts.len() as i64) {
                // (and an empty one after the end, which a limit keeps)
                parts.push(String::new());
            }
            parts
        }
        Some(RValue::Str(sep)) => {
            if limit > 0 {
                s.splitn(limit as usize, &**sep)
                    .map(str::to_string)
                    .collect()
            } else {
                s.split(&**sep).map(str::to_string).collect()
            }
        }
        Some(v) => {
            let re = pattern(v, c.at)?;
            let mut out = Vec::new();
            let mut last = 0;
            // (the limit counts the pieces, not the groups' captures between them)
            let mut pieces = 0;
            for g in re.find_all(s).map_err(regexp_failed(c.at))? {
                let Some((a, b)) = g[0] else { continue };
                if b == a && a == 0 {
                    continue;
                }
                if limit > 0 && pieces == limit - 1 {
                    break;
                }
                pieces += 1;
                if a == b && a >= s.len() {
                    break;
                }
                if out.len() % 4096 == 0 {
                    super::grow(4096 * PIECE, c.at)?;
                }
                out.push(s[last..a].to_string());
                for m in g.iter().skip(1).flatten() {
                    out.push(s[m.0..m.1].to_string());
                }
                last = b;
            }
            out.push(s[last..].to_string());
            out
        }
    };
    if limit == 0 {
        while parts.last().is_some_and(|p| p.is_empty()) {
            parts.pop();
        }
    }
    Ok(RValue::array(
        parts.into_iter().map(RValue::str).collect::<Vec<_>>(),
    ))
}

/// `split` on runs of whitespace (leading whitespace ignored); with a positive limit, the
/// last piece is the rest (from its first non-space), as Ruby's; a negative limit keeps a
/// trailing empty piece after trailing whitespace.
fn split_whitespace(s: &str, limit: i64) -> Vec<String> {
    let space = |ch: char| ch.is_ascii_whitespace() || ch == '\0';
    let mut out = Vec::new();
    let mut rest = s.trim_start_matches(space);
    while !rest.is_empty() {
        if limit > 0 && out.len() as i64 == limit - 1 {
            out.push(rest.to_string());
            return out;
        }
        let end = rest.find(space).unwrap_or(rest.len());
        out.push(rest[..end].to_string());
        let after = &rest[end..];
        rest = after.trim_start_matches(space);
        if rest.is_empty() && !after.is_empty() && limit < 0 {
            out.push(String::new());
        }
    }
    out
}

/// `gsub`/`sub` with a string or regexp pattern, and a replacement string (`\1`, `\0`,
/// `\\&`), a hash, or a block.
fn substitute(it: &mut Interp, s: &str, c: &Call) -> R {
    c.arity(1, 2)?;
    let re = pattern(&c.args[0], c.at)?;
    let global = c.id == M::gsub;
    let mut out = String::new();
    let mut last = 0;
    // With a named group, `\1`..`\9` in a replacement string are nothing (only `\k<name>`).
    let named =
        matches!(c.arg(1), Some(RValue::Str(_))) && re.group_names().iter().any(Option::is_some);
    // (`$~[:name]` in a block)
    let names = c.block.and_then(|_| crate::eval::state::named_groups(&re));
    for g in re.find_all(s).map_err(regexp_failed(c.at))? {
        let Some((a, b)) = g[0] else { continue };
        out.push_str(&s[last..a]);
        let caps: Vec<Option<String>> = g
            .iter()
            .map(|m| m.map(|(x, y)| s[x..y].to_string()))
            .collect();
        match c.arg(1) {
            Some(RValue::Str(rep)) => out.push_str(&expand(rep, &caps, &re, named)),
            Some(RValue::Hash(h)) => {
                let v = h
                    .borrow()
                    .get(&RValue::str(&s[a..b]))
                    .cloned()
                    .unwrap_or_default();
                out.push_str(&to_s(&v));
            }
            Some(other) => {
                return raise(
                    crate::methods::no_implicit_conversion(other, "String"),
                    c.at,
                )
            }
            None => {
                let Some(block) = c.block else {
                    return unsupported(
                        format!("'{}' without a replacement or block", c.name),
                        c.at,
                    );
                };
                it.st.last_match = Some(Rc::new(caps));
                it.st.last_match_text = None;
                it.st.last_match_names = names.clone();
                let v = it.yield_block(block, [RValue::str(&s[a..b])])?;
                out.push_str(&to_s(&v));
            }
        }
        last = b;
        if !global {
            break;
        }
    }
    out.push_str(&s[last..]);
    Ok(RValue::str(out))
}

fn expand(rep: &str, caps: &[Option<String>], re: &Regexp, named: bool) -> String {
    let mut out = String::new();
    let mut chars = rep.chars().peekable();
    while let Some(ch) = chars.next() {
        if ch != '\\' {
            out.push(ch);
            continue;
        }
        match chars.next() {
            Some('1'..='9') if named => {}
            Some(d) if d.is_ascii_digit() => {
                let i = d.to_digit(10).unwrap_or(0) as usize;
                out.push_str(caps.get(i).cloned().flatten().as_deref().unwrap_or(""));
            }
            Some('&') => out.push_str(caps.first().cloned().flatten().as_deref().unwrap_or("")),
            Some('k') if chars.peek() == Some(&'<') => {
                chars.next();
                let name: String = chars.by_ref().take_while(|c| *c != '>').collect();
                if let Some(i) = re.group_index(&name) {
                    out.push_str(caps.get(i).cloned().flatten().as_deref().unwrap_or(""));
                }
            }
            Some('\\') => out.push('\\'),
            Some(o) => {
                out.push('\\');
                out.push(o);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Expands a `tr` character set (`a-z`, `^` negation).
fn charset(spec: &str) -> (Vec<char>, bool) {
    let chars: Vec<char> = spec.chars().collect();
    let (neg, chars) = if chars.len() > 1 && chars[0] == '^' {
        (true, &chars[1..])
    } else {
        (false, &chars[..])
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len() && chars[i + 1] == '-' {
            let (a, b) = (chars[i] as u32, chars[i + 2] as u32);
            out.extend((a..=b).filter_map(char::from_u32));
            i += 3;
        } else {
            if chars[i] == '\\' && i + 1 < chars.len() {
                i += 1;
            }
            out.push(chars[i]);
            i += 1;
        }
    }
    (out, neg)
}

fn tr_family(s: &str, c: &Call) -> R {
    if c.id == M::tr {
        c.arity(2, 2)?;
    }
    if c.id == M::squeeze && c.args.is_empty() {
        let mut out = String::with_capacity(s.len());
        for ch in s.chars() {
            if !out.ends_with(ch) {
                out.push(ch);
            }
        }
        return Ok(RValue::str(out));
    }
    if c.args.is_empty() {
        return raise("wrong number of arguments (given 0, expected 1+)", c.at);
    }
    // `count`, `delete` and `squeeze` take the intersection of all their sets.
    let sets: Vec<(Vec<char>, bool)> = if c.id == M::tr {
        vec![charset(&c.str_arg(0)?)]
    } else {
        (0..c.args.len())
            .map(|i| c.str_arg(i).map(|a| charset(&a)))
            .collect::<R<_>>()?
    };
    let (set, neg) = sets[0].clone();
    let inset = |ch: char| sets.iter().all(|(set, neg)| set.contains(&ch) != *neg);
    Ok(match c.id {
        M::delete => RValue::str(s.chars().filter(|ch| !inset(*ch)).collect::<String>()),
        M::count => RValue::Int(s.chars().filter(|ch| inset(*ch)).count() as i64),
        M::squeeze => {
            let mut out = String::new();
            for ch in s.chars() {
                if out.ends_with(ch) && (c.args.is_empty() || inset(ch)) {
                    continue;
                }
                out.push(ch);
            }
            RValue::str(out)
        }
        _ => {
            let (to, _) = charset(&c.str_arg(1)?);
            if to.is_empty() {
                // (an empty replacement deletes, as `delete`)
                return Ok(RValue::str(
                    s.chars().filter(|ch| !inset(*ch)).collect::<String>(),
                ));
            }
            RValue::str(
                s.chars()
                    .map(|ch| {
                        if neg {
                            if inset(ch) {
                                to.last().copied().unwrap_or(ch)
                            } else {
                                ch
                            }
                        } else {
                            match set.iter().position(|x| *x == ch) {
                                Some(i) => to.get(i).or(to.last()).copied().unwrap_or(ch),
                                None => ch,
                            }
                        }
                    })
                    .collect::<String>(),
            )
        }
    })
}

fn index(s: &str, c: &Call) -> R {
    c.arity(1, 2)?;
    let chars: Vec<char> = s.chars().collect();
    let len = chars.len() as i64;
    let slice = |start: i64, n: i64| -> RValue {
        let start = if start < 0 { start + len } else { start };
        if start < 0 || start > len || n < 0 {
            return RValue::Nil;
        }
        let end = start.saturating_add(n).min(len);
        RValue::str(
            chars[start as usize..end as usize]
                .iter()
                .collect::<String>(),
        )
    };
    Ok(match (&c.args[0], c.arg(1)) {
        (RValue::Int(i), None) => {
            let i = if *i < 0 { i + len } else { *i };
            if i < 0 || i >= len {
                RValue::Nil
            } else {
                RValue::str(chars[i as usize].to_string())
            }
        }
        (RValue::Int(i), Some(_)) => slice(*i, c.int_arg(1)?),
        (RValue::Range(r), None) => match super::enumerable::range_bounds(r, len, c.at)? {
            Some((a, n)) => slice(a, n),
            None => RValue::Nil,
        },
        (RValue::Str(p), None) => {
            if s.contains(&**p) {
                RValue::Str(p.clone())
            } else {
                RValue::Nil
            }
        }
        (RValue::Regexp(re), group) => {
            let caps = re.captures(s).map_err(regexp_failed(c.at))?;
            let n = match group {
                None => 0,
                Some(RValue::Str(name)) | Some(RValue::Sym(name)) => match re.group_index(name) {
                    Some(n) => n as i64,
                    None => {
                        return raise_index(format!("undefined group name reference: {name}"), c.at)
                    }
                },
                Some(_) => c.int_arg(1)?,
            };
            caps.and_then(|g| {
                let n = if n < 0 { n + g.len() as i64 } else { n };
                usize::try_from(n)
                    .ok()
                    .and_then(|n| g.get(n).cloned().flatten())
            })
            .map(RValue::str)
            .unwrap_or_default()
        }
        (other, _) => {
            return raise(
                crate::methods::no_implicit_conversion(other, "Integer"),
                c.at,
            )
        }
    })
}

/// Checks the options of `upcase` and its kin as Ruby does (`:ascii`, or `:turkic` with
/// `:lithuanian`); for the strings templates hold they change nothing.
fn case_options(args: &[RValue], at: usize) -> R<()> {
    let name = |v: &RValue| match v {
        RValue::Sym(s) => Some(s.to_string()),
        _ => None,
    };
    let names: Vec<Option<String>> = args.iter().map(name).collect();
    let valid = |n: &Option<String>| {
        matches!(
            n.as_deref(),
            Some("ascii" | "turkic" | "lithuanian" | "fold")
        )
    };
    if names.len() > 2 {
        return raise("too many options", at);
    }
    if !names.iter().all(valid) {
        return raise("invalid option", at);
    }
    let ok = match names.len() {
        1 => true,
        2 => {
            let mut pair = [names[0].as_deref(), names[1].as_deref()];
            pair.sort();
            pair == [Some("lithuanian"), Some("turkic")]
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        raise("too many options", at)
    }
}

/// Checks that a value for each character of `s` fits in the memory limit: a string of one
/// character and its place in an array (`chars`, `each_char`, 24 times the text).
fn grow_chars(s: &str, at: usize) -> R<()> {
    let one = std::mem::size_of::<RValue>() + std::mem::size_of::<String>() + 16;
    super::grow(s.len().saturating_mul(one), at)
}
