//! Enumerable methods shared by arrays, hashes and ranges (a hash yields `[key, value]`
//! pairs), and ranges' own methods.

use super::M;
use super::{merge_sort, ordering, sort_values, Call};
use crate::ast::Block;
use crate::eval::{raise, unsupported, Interp, R};
use crate::show::to_s;
use crate::value::RValue;
use crate::value::{RBool, RFloat};
use std::cell::RefCell;
use std::cmp::Ordering::{Greater, Less};

/// The elements an enumerable yields.
pub fn items(v: &RValue, at: usize) -> R<Vec<RValue>> {
    Ok(match v {
        RValue::Array(a) => a.borrow().to_vec(),
        RValue::Hash(h) => h
            .borrow()
            .iter()
            .map(|(k, v)| RValue::array(smallvec::smallvec![k.clone(), v.clone()]))
            .collect(),
        RValue::Range(r) => range_items(r, at)?,
        RValue::Nil => return raise("undefined method `each' for nil:NilClass", at),
        other => {
            return raise(
                format!("undefined method `each' for {}", other.class_name()),
                at,
            )
        }
    })
}

const MAX_RANGE: i64 = 10_000_000;

fn range_items(r: &(RValue, RValue, bool), at: usize) -> R<Vec<RValue>> {
    match (&r.0, &r.1) {
        (RValue::Int(a), RValue::Int(b)) => {
            let end = if r.2 { *b - 1 } else { *b };
            if end - a > MAX_RANGE {
                return unsupported("ranges of more than 10 million elements", at);
            }
            Ok((*a..=end).map(RValue::Int).collect())
        }
        (RValue::Str(a), RValue::Str(b)) if a.len() == 1 && b.len() == 1 => {
            let (x, y) = (
                a.chars().next().unwrap_or('a') as u32,
                b.chars().next().unwrap_or('a') as u32,
            );
            let end = if r.2 { y.saturating_sub(1) } else { y };
            Ok((x..=end)
                .filter_map(char::from_u32)
                .map(|ch| RValue::str(ch.to_string()))
                .collect())
        }
        (RValue::Str(a), RValue::Str(b)) => string_range(a, b, r.2, at),
        (RValue::Float(_), _) => raise("can't iterate from Float", at),
        (RValue::Host(_), RValue::Host(_)) => host_range(r, at),
        _ => unsupported("iterating this kind of range", at),
    }
}

/// A range of host objects that answer `succ` and compare (`IPAddr#to_range`: extlib's
/// `cidr_to_range`): each from the first, by `succ`, up to the last, as Ruby's `Range#each`.
fn host_range(r: &(RValue, RValue, bool), at: usize) -> R<Vec<RValue>> {
    let (RValue::Host(_), RValue::Host(last)) = (&r.0, &r.1) else {
        return unsupported("iterating this kind of range", at);
    };
    let mut out = Vec::new();
    let mut cur = r.0.clone();
    loop {
        let RValue::Host(h) = &cur else {
            return unsupported("iterating this kind of range", at);
        };
        let Some(order) = h.compare(&***last) else {
            return unsupported("iterating this kind of range", at);
        };
        if order == Greater || (order == std::cmp::Ordering::Equal && r.2) {
            break;
        }
        super::grow_values(out.len() + 1, at)?;
        if out.len() as i64 >= MAX_RANGE {
            return unsupported("ranges of more than 10 million elements", at);
        }
        let next = match h.call("succ", &[]) {
            Some(Ok(v)) => v,
            Some(Err(e)) => return crate::eval::host_result(Err(e), at),
            None => return unsupported("iterating this kind of range", at),
        };
        out.push(cur);
        if order == std::cmp::Ordering::Equal {
            break;
        }
        cur = next;
    }
    Ok(out)
}

/// The strings of a range of strings as Ruby's `String#upto` gives them: of digits only,
/// the numbers between, as wide as the first at least; else `succ` from the first until the
/// last, or until longer than the last (none when the first sorts after the last).
fn string_range(a: &str, b: &str, exclusive: bool, at: usize) -> R<Vec<RValue>> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    if digits(a) && digits(b) {
        if let (Ok(x), Ok(y)) = (a.parse::<i64>(), b.parse::<i64>()) {
            let end = if exclusive { y - 1 } else { y };
            if end.saturating_sub(x) > MAX_RANGE {
                return unsupported("ranges of more than 10 million elements", at);
            }
            let width = a.len();
            return Ok((x..=end)
                .map(|n| RValue::str(format!("{n:0width$}")))
                .collect());
        }
    }
    let mut out = Vec::new();
    match a.cmp(b) {
        std::cmp::Ordering::Greater => return Ok(out),
        std::cmp::Ordering::Equal if exclusive => return Ok(out),
        _ => {}
    }
    let mut cur = a.to_string();
    loop {
        if exclusive && cur == b {
            break;
        }
        let last = cur == b;
        let next = super::string::succ(&cur);
        out.push(RValue::str(std::mem::replace(&mut cur, next)));
        if last || cur.len() > b.len() || cur.is_empty() {
            break;
        }
        // (bounded in elements and in the text made, and interruptible)
        if out.len() as i64 > MAX_RANGE || (out.len() as u64) * (b.len() as u64) > 1 << 28 {
            return unsupported(
                "ranges of strings of more than 10 million elements or 256 MB",
                at,
            );
        }
        if out.len() % 4096 == 0 {
            if crate::limits::interrupted() {
                return Err(crate::RubyError::Interrupted { at }.into());
            }
            super::grow(4096 * (std::mem::size_of::<RValue>() + 16 + b.len()), at)?;
        }
    }
    Ok(out)
}

/// The values of `(a..b).step(x)` where one of them is a float: `a + i * x` (Ruby's count
/// of steps, with its allowance for rounding; the last value of an inclusive range is the
/// end itself).
pub fn float_steps(r: &(RValue, RValue, bool), by: &RValue, at: usize) -> R<Vec<RValue>> {
    let num = |v: &RValue| match v {
        RValue::Int(i) => Ok(*i as f64),
        RValue::Float(f) => Ok(f.get()),
        other => raise(format!("can't iterate from {}", other.class_name()), at),
    };
    let (beg, end, unit) = (num(&r.0)?, num(&r.1)?, num(by)?);
    let n = (end - beg) / unit;
    let err = ((beg.abs() + end.abs() + (end - beg).abs()) / unit.abs() * f64::EPSILON).min(0.5);
    let count = if unit.is_infinite() {
        f64::from(u8::from(if unit > 0.0 { beg <= end } else { beg >= end }))
    } else if r.2 {
        if n <= 0.0 {
            0.0
        } else {
            let mut n = if n < 1.0 { 0.0 } else { (n - err).floor() };
            let d = (n + 1.0) * unit + beg;
            if (beg < end && d < end) || (beg > end && d > end) {
                n += 1.0;
            }
            n + 1.0
        }
    } else if n < 0.0 {
        0.0
    } else {
        (n + err).floor() + 1.0
    };
    if count.is_nan() || count > MAX_RANGE as f64 {
        return unsupported("ranges of more than 10 million elements", at);
    }
    let count = count as usize;
    super::grow_values(count, at)?;
    Ok((0..count)
        .map(|i| {
            let d = i as f64 * unit + beg;
            let past = if unit >= 0.0 { end < d } else { d < end };
            RValue::float(if past { end } else { d })
        })
        .collect())
}

/// `sum` of values (the block's already): Ruby's order of work, which shows in its
/// answers: integers added first, then added to the start value; from the first float on,
/// floats and integers summed with Kahan-Babuska compensation (`[0.1, 0.2, 0.3].sum` is
/// `0.6`); from the first other value on, `+`.
fn sum(it: &mut Interp, init: RValue, values: Vec<RValue>, at: usize) -> R {
    let mut values = values.into_iter().peekable();
    let mut ints: i64 = 0;
    let mut any_int = false;
    while let Some(RValue::Int(i)) = values.peek() {
        let Some(n) = ints.checked_add(*i) else {
            return crate::eval::unsupported("integers beyond 64 bits", at);
        };
        ints = n;
        any_int = true;
        values.next();
    }
    let mut acc = if any_int && ints != 0 {
        super::call_id(it, RValue::Int(ints), M::op_add, vec![init], None, at)?
    } else {
        init
    };
    if matches!(values.peek(), Some(RValue::Float(_))) {
        let mut f = match &acc {
            RValue::Int(i) => *i as f64,
            RValue::Float(f) => (*f).get(),
            other => {
                return raise(
                    format!(
                        "no implicit conversion to float from {}",
                        other.class_name().to_lowercase()
                    ),
                    at,
                )
            }
        };
        let mut comp = 0.0;
        loop {
            let x = match values.peek() {
                Some(RValue::Float(x)) => x.get(),
                Some(RValue::Int(i)) => *i as f64,
                Some(_) => {
                    acc = RValue::Float(RFloat::new(f));
                    break;
                }
                None => return Ok(RValue::Float(RFloat::new(f + comp))),
            };
            values.next();
            if f.is_nan() {
                continue;
            }
            if x.is_nan() {
                f = x;
                continue;
            }
            if x.is_infinite() {
                f = if f.is_infinite() && x.is_sign_negative() != f.is_sign_negative() {
                    f64::NAN
                } else {
                    x
                };
                continue;
            }
            if f.is_infinite() {
                continue;
            }
            let t = f + x;
            comp += if f.abs() >= x.abs() {
                (f - t) + x
            } else {
                (x - t) + f
            };
            f = t;
        }
    }
    for v in values {
        acc = super::call_id(it, acc, M::op_add, vec![v], None, at)?;
    }
    Ok(acc)
}

/// `(a..b) === v`, `cover?`, `include?`.
pub fn range_covers(r: &(RValue, RValue, bool), v: &RValue, _at: usize) -> R<bool> {
    let lo = matches!(r.0, RValue::Nil)
        || r.0
            .compare(v)
            .is_some_and(|o| o != std::cmp::Ordering::Greater);
    let hi = matches!(r.1, RValue::Nil)
        || r.1.compare(v).is_some_and(|o| {
            if r.2 {
                o == std::cmp::Ordering::Greater
            } else {
                o != std::cmp::Ordering::Less
            }
        });
    Ok(lo && hi)
}

/// Start and length of a range used as an index into `len` elements, or `None`.
pub fn range_bounds(r: &(RValue, RValue, bool), len: i64, at: usize) -> R<Option<(i64, i64)>> {
    let a = match r.0 {
        RValue::Int(a) => a,
        RValue::Nil => 0,
        _ => return raise("no implicit conversion into Integer", at),
    };
    let b = match r.1 {
        RValue::Int(b) => b,
        RValue::Nil => -1,
        _ => return raise("no implicit conversion into Integer", at),
    };
    let a = if a < 0 { a + len } else { a };
    if a < 0 || a > len {
        return Ok(None);
    }
    let mut b = if b < 0 { b + len } else { b };
    if !r.2 || matches!(r.1, RValue::Nil) {
        b += 1;
    }
    Ok(Some((a, (b - a).max(0))))
}

pub fn range_call(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    let RValue::Range(r) = recv else {
        return Ok(None);
    };
    Ok(Some(match c.id {
        // `include?` of a range of strings asks whether the value is one of its elements
        // (`('a'..'c').include?('bb')` is false); `cover?` and `===` compare.
        M::include_p | M::member_p if matches!(r.0, RValue::Str(_)) => {
            let nil = RValue::Nil;
            let v = c.arg(0).unwrap_or(&nil);
            if !matches!(v, RValue::Str(_)) {
                RValue::Bool(RBool::False)
            } else {
                RValue::Bool(RBool::new(
                    range_items(r, c.at)?.iter().any(|x| x.equals(v)),
                ))
            }
        }
        M::include_p | M::member_p | M::cover_p | M::op_eqq => RValue::Bool(RBool::new(
            range_covers(r, c.arg(0).unwrap_or(&RValue::Nil), c.at)?,
        )),
        M::first | M::begin if c.args.is_empty() => r.0.clone(),
        // `first(n)` of an endless range of integers counts from its start
        M::first if matches!((&r.0, &r.1), (RValue::Int(_), RValue::Nil)) => {
            let n = c.int_arg(0)?;
            if n < 0 {
                return super::raise_arg("negative array size (or size too big)", c.at);
            }
            if n > MAX_RANGE {
                return unsupported("ranges of more than 10 million elements", c.at);
            }
            super::grow_values(n as usize, c.at)?;
            let a = match r.0 {
                RValue::Int(a) => a,
                _ => 0,
            };
            RValue::array(
                (0..n)
                    .map_while(|i| a.checked_add(i))
                    .map(RValue::Int)
                    .collect::<Vec<_>>(),
            )
        }
        M::last if !c.args.is_empty() => {
            let n = c.int_arg(0)?;
            if n < 0 {
                return super::raise_arg("negative array size", c.at);
            }
            let all = range_items(r, c.at)?;
            let from = all.len().saturating_sub(n as usize);
            RValue::array(all[from..].to_vec())
        }
        M::last | M::end if c.args.is_empty() => r.1.clone(),
        M::min if c.block.is_none() => r.0.clone(),
        M::max if c.block.is_none() && !r.2 => r.1.clone(),
        M::exclude_end_p => RValue::Bool(RBool::new(r.2)),
        M::size | M::count | M::length if c.block.is_none() && c.args.is_empty() => {
            RValue::Int(range_items(r, c.at)?.len() as i64)
        }
        M::step => {
            c.arity(0, 1)?;
            let by = c.arg(0).cloned().unwrap_or(RValue::Int(1));
            let picked: Vec<RValue> = match (&r.0, &r.1, &by) {
                (_, _, RValue::Int(0)) => return super::raise_arg("step can't be 0", c.at),
                (_, _, RValue::Float(f)) if *f == 0.0 => {
                    return super::raise_arg("step can't be 0", c.at)
                }
                (RValue::Float(_), _, _) | (_, RValue::Float(_), _) | (_, _, RValue::Float(_)) => {
                    float_steps(r, &by, c.at)?
                }
                // (Ruby's sequence of a negative step over an ascending range is empty)
                (_, _, RValue::Int(n)) if *n < 0 => Vec::new(),
                (_, _, RValue::Int(n)) => range_items(r, c.at)?
                    .into_iter()
                    .step_by(*n as usize)
                    .collect(),
                (_, _, other) => {
                    return raise(
                        crate::methods::no_implicit_conversion(other, "Integer"),
                        c.at,
                    )
                }
            };
            super::each_or_items(it, c.block, picked, recv)?
        }
        _ => return Ok(None),
    }))
}

/// Block methods and conversions every enumerable has.
/// The iterating methods an array has from Enumerable alone (neither `array::call` nor
/// `object::call` answers them): with a block, `methods::call` sends them here first.
pub(crate) fn array_iteration(id: M) -> bool {
    matches!(
        id,
        M::each
            | M::map
            | M::collect
            | M::select
            | M::filter
            | M::reject
            | M::inject
            | M::reduce
            | M::each_with_index
            | M::each_with_object
            | M::flat_map
            | M::find
            | M::detect
            | M::find_all
            | M::filter_map
            | M::sort_by
            | M::group_by
            | M::partition
            | M::min_by
            | M::max_by
            | M::any_p
            | M::all_p
            | M::none_p
    )
}

/// An array's `each`, `map` and `inject` with a block: the items read one at a time from
/// the live array, as Ruby's are (a block that changes the array sees the change: `a.each
/// { a.pop }` stops early), and without a copy of the array made first. `None`: another
/// method (or form), which iterates a copy (`items`). Out of line: `methods::call` runs it
/// first for an array's call with a block, past `generic`'s list of names and its frame.
#[inline(never)]
pub(crate) fn array_live(
    it: &mut Interp,
    a: &RefCell<crate::value::RArray>,
    recv: &RValue,
    c: &Call,
    b: &Block,
) -> R<Option<RValue>> {
    // (the array is not borrowed while the block runs: the block may change it)
    let item = |i: usize| a.borrow().get(i).cloned();
    let mut i = 0;
    Ok(Some(match c.id {
        // (a string element the block changes in place changes in the array: `given`)
        M::each => {
            while let Some(v) = item(i) {
                let given = crate::eval::given(recv, b, i, &v);
                it.yield_tracked(b, [v], given)?;
                i += 1;
            }
            recv.clone()
        }
        M::map | M::collect => {
            let mut out = crate::value::RArray::with_capacity(a.borrow().len());
            while let Some(v) = item(i) {
                let given = crate::eval::given(recv, b, i, &v);
                out.push(it.yield_tracked(b, [v], given)?);
                i += 1;
            }
            RValue::array(out)
        }
        M::inject | M::reduce if c.args.len() <= 1 => {
            let mut acc = match c.arg(0) {
                Some(init) => init.clone(),
                None => match item(0) {
                    Some(first) => {
                        i = 1;
                        first
                    }
                    None => return Ok(Some(RValue::Nil)),
                },
            };
            while let Some(v) = item(i) {
                acc = it.yield_block(b, [acc, v])?;
                i += 1;
            }
            acc
        }
        _ => return Ok(None),
    }))
}

pub fn generic(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    // (`[x, 'a'].max` of an array literal: `max`, its comparisons named the element first)
    let newarray = matches!(c.id, M::newarray_max | M::newarray_min);
    let literal;
    let c = if newarray {
        literal = Call {
            id: if c.id == M::newarray_max {
                M::max
            } else {
                M::min
            },
            name: c.name,
            args: Vec::new(),
            block: None,
            at: c.at,
        };
        &literal
    } else {
        c
    };
    let at = c.at;
    let needs_block = matches!(
        c.id,
        M::each
            | M::each_with_index
            | M::each_with_object
            | M::map
            | M::collect
            | M::flat_map
            | M::collect_concat
            | M::select
            | M::filter
            | M::reject
            | M::find
            | M::detect
            | M::find_all
            | M::partition
            | M::group_by
            | M::sort_by
            | M::min_by
            | M::max_by
            | M::each_slice
            | M::each_entry
            | M::filter_map
            | M::reverse_each
            | M::sum_by
            | M::each_pair
            | M::take_while
            | M::drop_while
            | M::find_index
            | M::inject
            | M::reduce
            | M::count
            | M::any_p
            | M::all_p
            | M::none_p
            | M::one_p
            | M::sum
            | M::min
            | M::max
            | M::sort
            | M::uniq
            | M::to_a
            | M::entries
            | M::first
            | M::include_p
            | M::member_p
            | M::zip
            | M::tally
            | M::to_h
            | M::each_cons
            | M::minmax
            | M::chunk_while
            | M::slice_when
            | M::lazy
            | M::cycle
            | M::to_set
            | M::grep
            | M::grep_v
    );
    if !needs_block {
        return Ok(None);
    }
    if let (RValue::Array(a), Some(b)) = (recv, c.block) {
        if let Some(v) = array_live(it, a, recv, c, b)? {
            return Ok(Some(v));
        }
    }
    let items = items(recv, at)?;
    let block = c.block;
    let call = |it: &mut Interp, v: RValue| -> R {
        match block {
            Some(b) => it.yield_block(b, [v]),
            None => Ok(v),
        }
    };
    let no_block = |name: &str| unsupported(format!("'{name}' without a block"), at);
    Ok(Some(match c.id {
        M::each | M::each_pair | M::each_entry => {
            let Some(b) = block else {
                return Ok(Some(RValue::array(items)));
            };
            for (i, v) in items.into_iter().enumerate() {
                let given = crate::eval::given(recv, b, i, &v);
                it.yield_tracked(b, [v], given)?;
            }
            recv.clone()
        }
        M::grep | M::grep_v => {
            c.arity(1, 1)?;
            let keep = c.id == M::grep;
            let mut out = Vec::new();
            for v in items {
                if super::case_eq(it, &c.args[0], &v, at)? == keep {
                    out.push(call(it, v)?);
                }
            }
            RValue::array(out)
        }
        M::reverse_each => {
            let Some(b) = block else {
                // (an array stands for the enumerator)
                return Ok(Some(RValue::array(
                    items.into_iter().rev().collect::<Vec<_>>(),
                )));
            };
            for v in items.into_iter().rev() {
                it.yield_block(b, [v])?;
            }
            recv.clone()
        }
        M::each_with_index => {
            let Some(b) = block else {
                let pairs = items
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| RValue::array(smallvec::smallvec![v, RValue::Int(i as i64)]));
                return Ok(Some(RValue::array(pairs.collect::<Vec<_>>())));
            };
            for (i, v) in items.into_iter().enumerate() {
                let given = crate::eval::given(recv, b, i, &v);
                it.yield_tracked(b, [v, RValue::Int(i as i64)], given)?;
            }
            recv.clone()
        }
        M::each_with_object => {
            let Some(b) = block else {
                return no_block(c.name);
            };
            let memo = c.arg(0).cloned().unwrap_or_default();
            for v in items {
                it.yield_block(b, [v, memo.clone()])?;
            }
            memo
        }
        // `chunk_while { |a, b| ... }`: runs of neighbours the block joins; `slice_when`:
        // cut where it says (an array stands for the enumerator both return)
        M::chunk_while | M::slice_when => {
            c.arity(0, 0)?;
            let Some(b) = block else {
                return no_block(c.name);
            };
            let cut_when = c.id == M::slice_when;
            let mut groups = Vec::new();
            let mut run: Vec<RValue> = Vec::new();
            for v in items {
                if let Some(last) = run.last() {
                    let joined = it.yield_block(b, [last.clone(), v.clone()])?.truthy();
                    if joined == cut_when {
                        groups.push(RValue::array(std::mem::take(&mut run)));
                    }
                }
                run.push(v);
            }
            if !run.is_empty() {
                groups.push(RValue::array(run));
            }
            RValue::array(groups)
        }
        M::each_slice | M::each_cons => {
            c.arity(1, 1)?;
            let n = c.int_arg(0)?;
            if n <= 0 {
                let what = if c.id == M::each_slice {
                    "invalid slice size"
                } else {
                    "invalid size"
                };
                return super::raise_arg(what, at);
            }
            let groups: Vec<RValue> = if c.id == M::each_slice {
                items
                    .chunks(n as usize)
                    .map(|ch| RValue::array(ch.to_vec()))
                    .collect()
            } else {
                items
                    .windows(n as usize)
                    .map(|ch| RValue::array(ch.to_vec()))
                    .collect()
            };
            match block {
                Some(b) => {
                    for g in groups {
                        it.yield_block(b, [g])?;
                    }
                    RValue::Nil
                }
                None => RValue::array(groups),
            }
        }
        M::map | M::collect | M::flat_map | M::collect_concat | M::filter_map => {
            // Without a block: the elements (an enumerator, for `.with_index`).
            let Some(b) = block else {
                return Ok(Some(RValue::array(items)));
            };
            let mut out = crate::value::RArray::with_capacity(items.len());
            for (i, v) in items.into_iter().enumerate() {
                let given = crate::eval::given(recv, b, i, &v);
                let r = it.yield_tracked(b, [v], given)?;
                match (c.id, r) {
                    (M::flat_map | M::collect_concat, RValue::Array(ref a)) => {
                        out.extend(a.borrow().iter().cloned())
                    }
                    (M::filter_map, r) if !r.truthy() => {}
                    (_, r) => out.push(r),
                }
            }
            RValue::array(out)
        }
        M::select | M::filter | M::find_all | M::reject | M::partition => {
            let Some(b) = block else {
                return no_block(c.name);
            };
            let (mut yes, mut no) = (Vec::new(), Vec::new());
            for v in items {
                if it.yield_block(b, [v.clone()])?.truthy() {
                    yes.push(v);
                } else {
                    no.push(v);
                }
            }
            match c.id {
                M::reject => RValue::array(no),
                M::partition => {
                    RValue::array(smallvec::smallvec![RValue::array(yes), RValue::array(no)])
                }
                _ => RValue::array(yes),
            }
        }
        M::find | M::detect => {
            let Some(b) = block else {
                return no_block(c.name);
            };
            for v in items {
                if it.yield_block(b, [v.clone()])?.truthy() {
                    return Ok(Some(v));
                }
            }
            RValue::Nil
        }
        M::find_index => {
            for (i, v) in items.into_iter().enumerate() {
                let hit = match (block, c.arg(0)) {
                    (_, Some(x)) => v.equals(x),
                    (Some(b), None) => it.yield_block(b, [v])?.truthy(),
                    (None, None) => return no_block(c.name),
                };
                if hit {
                    return Ok(Some(RValue::Int(i as i64)));
                }
            }
            RValue::Nil
        }
        M::take_while | M::drop_while => {
            let Some(b) = block else {
                return no_block(c.name);
            };
            let mut i = 0;
            while i < items.len() && it.yield_block(b, [items[i].clone()])?.truthy() {
                i += 1;
            }
            RValue::array(if c.id == M::take_while {
                items[..i].to_vec()
            } else {
                items[i..].to_vec()
            })
        }
        M::group_by => {
            let Some(b) = block else {
                return no_block(c.name);
            };
            let mut h = crate::value::RHash::default();
            for v in items {
                let k = it.yield_block(b, [v.clone()])?;
                match h.get_mut(&k) {
                    Some(RValue::Array(a)) => a.borrow_mut().push(v),
                    _ => h.insert(k, RValue::array(smallvec::smallvec![v])),
                }
            }
            RValue::hash(h)
        }
        M::tally => {
            let mut h = crate::value::RHash::default();
            for v in items {
                let n = match h.get(&v) {
                    Some(RValue::Int(n)) => n + 1,
                    _ => 1,
                };
                h.insert(v, RValue::Int(n));
            }
            RValue::hash(h)
        }
        M::sort_by | M::min_by | M::max_by => {
            let Some(b) = block else {
                return no_block(c.name);
            };
            let mut keyed = Vec::with_capacity(items.len());
            for v in items {
                keyed.push((it.yield_block(b, [v.clone()])?, v));
            }
            // (`min_by(nil)` is `min_by`)
            let n = c.arg(0).filter(|n| !matches!(n, RValue::Nil));
            if c.id != M::sort_by {
                let Some(n) = n else {
                    let want = if c.id == M::min_by { Less } else { Greater };
                    let best = best_index(&keyed, |(k, _)| k, want, false, at)?;
                    return Ok(Some(
                        best.map(|i| keyed.swap_remove(i).1).unwrap_or_default(),
                    ));
                };
                let n = nmin_size(n, at)?;
                let best = super::nmin::nmin_run(it, keyed, n, c.id == M::max_by, None, at)?;
                return Ok(Some(RValue::array(best)));
            }
            merge_sort::sort_by_spaceship(it, &mut keyed, |(k, _)| k, at)?;
            RValue::array(keyed.into_iter().map(|(_, v)| v).collect::<Vec<_>>())
        }
        M::sort => {
            let mut items = items;
            match block {
                Some(b) => {
                    merge_sort::merge_sort_by(it, &mut items, |it, x, y| {
                        let o = it.yield_block(b, [x.clone(), y.clone()])?;
                        // (a block's nil: Ruby's `rb_cmpint(nil, x, y)` names the pair)
                        if matches!(o, RValue::Nil) {
                            return super::compare_failed(x, y, at);
                        }
                        ordering(&o, at)
                    })?;
                    RValue::array(items)
                }
                None => {
                    sort_values(it, &mut items, at)?;
                    RValue::array(items)
                }
            }
        }
        // The n best (`min(2)`), by the block's comparisons or `<=>`.
        M::min | M::max if c.arg(0).is_some_and(|n| !matches!(n, RValue::Nil)) => {
            let n = nmin_size(c.arg(0).unwrap_or(&RValue::Nil), at)?;
            let entries = items.into_iter().map(|v| (v.clone(), v)).collect();
            RValue::array(super::nmin::nmin_run(
                it,
                entries,
                n,
                c.id == M::max,
                block.map(|b| &**b),
                at,
            )?)
        }
        // One best by the block's comparisons, as Ruby finds it: the first of equal ones
        // (`min(nil)` is `min`).
        M::min | M::max | M::minmax if block.is_some() => {
            let Some(b) = block else {
                return no_block(c.name);
            };
            match c.id {
                M::minmax => {
                    let (min, max) = minmax_by_block(it, b, items, at)?;
                    RValue::array(smallvec::smallvec![min, max])
                }
                id => {
                    let want = if id == M::min { Less } else { Greater };
                    let mut items = items.into_iter();
                    let mut best = items.next().unwrap_or_default();
                    for v in items {
                        let o = it.yield_block(b, [v.clone(), best.clone()])?;
                        // (a block's nil: Ruby's `rb_cmpint(nil, v, best)` names the pair)
                        if matches!(o, RValue::Nil) {
                            return super::compare_failed(&v, &best, at);
                        }
                        if ordering(&o, at)? == want {
                            best = v;
                        }
                    }
                    best
                }
            }
        }
        // (without a block: the arms above have the block's)
        M::min | M::max | M::minmax => {
            let mut items = items;
            if items.iter().any(|v| matches!(v, RValue::Object(_))) {
                // (objects of the template's classes: their `<=>` by the sort)
                sort_values(it, &mut items, at)?;
            } else {
                // (min and max compare each element with the best so far: an array's the
                // best first, Enumerable's and a literal array's the element, see
                // `best_index`; minmax is min, then max)
                let best_first = matches!(recv, RValue::Array(_)) && !newarray;
                let best = |want| best_index(&items, |v| v, want, best_first, at);
                let pick = |i: Option<usize>| i.map(|i| items[i].clone()).unwrap_or_default();
                return Ok(Some(match c.id {
                    M::min => pick(best(Less)?),
                    M::max => pick(best(Greater)?),
                    _ => {
                        let min = pick(best(Less)?);
                        RValue::array(smallvec::smallvec![min, pick(best(Greater)?)])
                    }
                }));
            }
            // (sorted stably: the greatest Ruby keeps is the first of the last equal ones)
            let max = || {
                let mut i = items.len().saturating_sub(1);
                while i > 0 && items[i - 1].compare(&items[i]) == Some(std::cmp::Ordering::Equal) {
                    i -= 1;
                }
                items.get(i).cloned().unwrap_or_default()
            };
            match c.id {
                M::min => items.first().cloned().unwrap_or_default(),
                M::max => max(),
                _ => RValue::array(smallvec::smallvec![
                    items.first().cloned().unwrap_or_default(),
                    max(),
                ]),
            }
        }
        M::sum => {
            let mut values = Vec::with_capacity(items.len());
            for v in items {
                values.push(call(it, v)?);
            }
            sum(it, c.arg(0).cloned().unwrap_or(RValue::Int(0)), values, at)?
        }
        M::inject | M::reduce => {
            let mut iter = items.into_iter();
            let (mut acc, op) = match (c.arg(0), c.arg(1), block) {
                (Some(RValue::Sym(op)), None, None) => {
                    (iter.next().unwrap_or_default(), Some(op.to_string()))
                }
                (Some(init), Some(RValue::Sym(op)), None) => (init.clone(), Some(op.to_string())),
                (Some(init), None, Some(_)) => (init.clone(), None),
                (None, None, Some(_)) => match iter.next() {
                    Some(v) => (v, None),
                    None => return Ok(Some(RValue::Nil)),
                },
                _ => return unsupported(format!("this form of '{}'", c.name), at),
            };
            for v in iter {
                acc = match (&op, block) {
                    (Some(op), _) => super::call(it, acc, M::of(op), op, vec![v], None, at)?,
                    (None, Some(b)) => it.yield_block(b, [acc, v])?,
                    _ => acc,
                };
            }
            acc
        }
        M::count => {
            if let Some(x) = c.arg(0) {
                RValue::Int(items.iter().filter(|v| v.equals(x)).count() as i64)
            } else if let Some(b) = block {
                let mut n = 0;
                for v in items {
                    if it.yield_block(b, [v])?.truthy() {
                        n += 1;
                    }
                }
                RValue::Int(n)
            } else {
                RValue::Int(items.len() as i64)
            }
        }
        M::any_p | M::all_p | M::none_p | M::one_p => {
            let mut hits = 0usize;
            let total = items.len();
            for v in items {
                let t = match (c.arg(0), block) {
                    (Some(p), _) => super::case_eq(it, p, &v, at)?,
                    (None, Some(b)) => it.yield_block(b, [v])?.truthy(),
                    (None, None) => v.truthy(),
                };
                if t {
                    hits += 1;
                    if c.id == M::any_p {
                        return Ok(Some(RValue::Bool(RBool::True)));
                    }
                } else if c.id == M::all_p {
                    return Ok(Some(RValue::Bool(RBool::False)));
                }
            }
            RValue::Bool(match c.id {
                M::any_p => RBool::new(false),
                M::all_p => RBool::new(hits == total),
                M::none_p => RBool::new(hits == 0),
                _ => RBool::new(hits == 1),
            })
        }
        M::uniq => {
            let mut out: Vec<RValue> = Vec::new();
            let mut keys: Vec<RValue> = Vec::new();
            for v in items {
                let k = call(it, v.clone())?;
                if !keys.iter().any(|x| x.eql(&k)) {
                    keys.push(k);
                    out.push(v);
                }
            }
            RValue::array(out)
        }
        M::to_a | M::entries => RValue::array(items),
        M::first => match c.arg(0) {
            None => items.into_iter().next().unwrap_or_default(),
            Some(_) => {
                let n = c.int_arg(0)?;
                if n < 0 {
                    return raise("negative array size", at);
                }
                RValue::array(items.into_iter().take(n as usize).collect::<Vec<_>>())
            }
        },
        M::include_p | M::member_p => RValue::bool(
            items
                .iter()
                .any(|v| v.equals(c.arg(0).unwrap_or(&RValue::Nil))),
        ),
        M::zip => {
            let others: Vec<Vec<RValue>> =
                c.args.iter().map(|a| items_of(a, at)).collect::<R<_>>()?;
            RValue::array(
                items
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let mut row = vec![v];
                        row.extend(others.iter().map(|o| o.get(i).cloned().unwrap_or_default()));
                        RValue::array(row)
                    })
                    .collect::<Vec<_>>(),
            )
        }
        M::to_h => {
            let mut h = crate::value::RHash::default();
            // (an array's messages say where; Enumerable's do not)
            let array = matches!(recv, RValue::Array(_));
            for (i, v) in items.into_iter().enumerate() {
                let pair = call(it, v)?;
                let place = if array {
                    format!(" at {i}")
                } else {
                    String::new()
                };
                let RValue::Array(p) = &pair else {
                    let class = pair.class_name();
                    let message = format!("wrong element type {class}{place} (expected array)");
                    return Err(crate::eval::Flow::from(crate::RubyError::raised_as(
                        "TypeError",
                        message,
                        at,
                    )));
                };
                let p = p.borrow();
                if p.len() != 2 {
                    let message = if array {
                        format!("wrong array length{place} (expected 2, was {})", p.len())
                    } else {
                        format!(
                            "element has wrong array length (expected 2, was {})",
                            p.len()
                        )
                    };
                    return super::raise_arg(message, at);
                }
                h.insert(p[0].clone(), p[1].clone());
            }
            RValue::hash(h)
        }
        _ => return unsupported(format!("method '{}' on {}", c.name, recv.class_name()), at),
    }))
}

fn items_of(v: &RValue, at: usize) -> R<Vec<RValue>> {
    match v {
        RValue::Array(_) | RValue::Hash(_) | RValue::Range(_) => items(v, at),
        other => Err(crate::eval::Flow::from(crate::RubyError::raised_as(
            "TypeError",
            format!(
                "wrong argument type {} (must respond to :each)",
                other.class_name()
            ),
            at,
        ))),
    }
}

/// Joins as `Array#join` does (nested arrays joined too, nil as empty).
pub fn join(items: &[RValue], sep: &str, at: usize, depth: usize) -> R<String> {
    if depth == 0 {
        // Measured before it is built: a structure holding one array many times joins to
        // far more text than it holds (`a = [a, a]` forty times: terabytes).
        let mut known = rustc_hash::FxHashMap::default();
        let mut open = Vec::new();
        let len = joined_len(items, sep.len(), &mut known, &mut open, None, at)?;
        super::grow(len, at)?;
    }
    let mut out = String::new();
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        match v {
            RValue::Array(a) => out.push_str(&crate::limits::deep(|| {
                join(&a.borrow(), sep, at, depth + 1)
            })?),
            other => out.push_str(&to_s(other)),
        }
    }
    Ok(out)
}

/// The length of `items.join(sep)` (`sep_len` bytes), each nested array measured once
/// (`known`, by address); an array inside itself (`open`: the arrays being measured) is
/// Ruby's "recursive array join". Saturates at `usize::MAX`.
fn joined_len(
    items: &[RValue],
    sep_len: usize,
    known: &mut rustc_hash::FxHashMap<usize, usize>,
    open: &mut Vec<usize>,
    this: Option<usize>,
    at: usize,
) -> R<usize> {
    if let Some(id) = this {
        if let Some(n) = known.get(&id) {
            return Ok(*n);
        }
        if open.contains(&id) {
            return super::raise_arg("recursive array join", at);
        }
        open.push(id);
    }
    let mut n = sep_len.saturating_mul(items.len().saturating_sub(1));
    for v in items {
        let len = match v {
            RValue::Array(a) => {
                let id = std::rc::Rc::as_ptr(a) as usize;
                crate::limits::deep(|| joined_len(&a.borrow(), sep_len, known, open, Some(id), at))?
            }
            RValue::Str(s) => s.len(),
            RValue::Hash(_) => crate::show::shown_len(v),
            other => to_s(other).len(),
        };
        n = n.saturating_add(len);
    }
    if let Some(id) = this {
        open.pop();
        known.insert(id, n);
    }
    Ok(n)
}

/// `minmax { |a, b| ... }` as Ruby's Enumerable finds it: the elements two at a time, the
/// lesser of each pair (the first when they are equal) against the least so far, the greater
/// against the greatest; an odd last one against both.
fn minmax_by_block(
    it: &mut Interp,
    b: &Block,
    items: Vec<RValue>,
    at: usize,
) -> R<(RValue, RValue)> {
    let cmp = |it: &mut Interp, x: &RValue, y: &RValue| -> R<std::cmp::Ordering> {
        let o = it.yield_block(b, [x.clone(), y.clone()])?;
        ordering(&o, at)
    };
    let mut best: Option<(RValue, RValue)> = None;
    let mut update = |it: &mut Interp, i: RValue, j: RValue| -> R<()> {
        match &mut best {
            None => best = Some((i, j)),
            Some((min, max)) => {
                if cmp(it, &i, min)? == Less {
                    *min = i;
                }
                if cmp(it, &j, max)? == Greater {
                    *max = j;
                }
            }
        }
        Ok(())
    };
    let mut items = items.into_iter();
    loop {
        let Some(first) = items.next() else { break };
        let Some(second) = items.next() else {
            update(it, first.clone(), first)?;
            break;
        };
        let (i, j) = match cmp(it, &first, &second)? {
            std::cmp::Ordering::Equal => (first.clone(), first),
            Less => (first, second),
            Greater => (second, first),
        };
        update(it, i, j)?;
    }
    Ok(best.unwrap_or_default())
}

/// The index of the best of `items` by their keys, in one pass (Ruby's `min`, `max`,
/// `min_by`, `max_by`): a key is better when it compares as `want` against the best so far,
/// so the first of equal keys is kept. A pair that does not compare is Ruby's "comparison
/// of X with Y failed", X the receiver of `<=>`: the new key (`key <=> best`) unless
/// `best_first` (`best <=> key`: `Array#min` and `#max`, whose loops after the first
/// element's type compare `vmax` with the element: `a = [1, 'x']; a.max` is "Integer with
/// String"; Enumerable's, a hash's, and `[x, 'a'].max` of an array literal, Ruby's
/// `opt_newarray_max`, name the new key first: "String with 1").
/// The size given `min(n)`, `max(n)`, `min_by(n)`, `max_by(n)`.
fn nmin_size(n: &RValue, at: usize) -> R<usize> {
    match n {
        RValue::Int(n) if *n < 0 => super::raise_arg(format!("negative size ({n})"), at),
        RValue::Int(n) => Ok(*n as usize),
        _ => raise("no implicit conversion into Integer", at),
    }
}

fn best_index<T>(
    items: &[T],
    key: impl Fn(&T) -> &RValue,
    want: std::cmp::Ordering,
    best_first: bool,
    at: usize,
) -> R<Option<usize>> {
    let mut best: Option<usize> = None;
    for (i, item) in items.iter().enumerate() {
        let k = key(item);
        let Some(b) = best.map(|b| key(&items[b])) else {
            best = Some(i);
            continue;
        };
        match k.compare(b) {
            Some(o) if o == want => best = Some(i),
            Some(_) => {}
            None if best_first => return super::compare_failed(b, k, at),
            None => return super::compare_failed(k, b, at),
        }
    }
    Ok(best)
}
