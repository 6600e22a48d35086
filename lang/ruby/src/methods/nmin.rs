//! `min(n)`, `max(n)`, `min_by(n)`, `max_by(n)` as Ruby 3.1 finds them (`enum.c`
//! `rb_nmin_run`): the elements gathered in a buffer of `4 n`, cut to the `n` best by a
//! quickselect whenever it fills (its last pivot then bounds the elements kept), cut once
//! more at the end, then sorted stably (`merge_sort.rs`, glibc's, which `ruby_qsort` is) and
//! reversed for `max`. Equal elements come out in the order this leaves them:
//! `[[1, 'a'], [1, 'b'], [0, 'c'], [1, 'd']].max(3) { |x, y| x[0] <=> y[0] }` is
//! `[[1, 'd'], [1, 'a'], [1, 'b']]`.

use super::merge_sort::merge_sort_by;
use super::{compare_failed, ordering};
use crate::ast::Block;
use crate::eval::{Interp, R};
use crate::value::RValue;
use std::cmp::Ordering;

/// How two keys are compared: `<=>`, or the block given `min`/`max` (`nmin_block_cmp`).
struct Cmp<'a> {
    block: Option<&'a Block>,
    at: usize,
}

impl Cmp<'_> {
    fn cmp(&self, it: &mut Interp, a: &RValue, b: &RValue) -> R<Ordering> {
        match self.block {
            Some(b_) => {
                let o = it.yield_block(b_, [a.clone(), b.clone()])?;
                // (Ruby's `rb_cmpint(nil, a, b)` names the pair)
                if matches!(o, RValue::Nil) {
                    return compare_failed(a, b, self.at);
                }
                ordering(&o, self.at)
            }
            None => match it.compare_values(a, b, self.at)? {
                Some(o) => Ok(o),
                None => compare_failed(a, b, self.at),
            },
        }
    }
}

/// The `n` least (`rev`: greatest) of `entries` (each a key and its element: for `min` and
/// `max` the element itself), compared by `block` or `<=>`.
pub fn nmin_run(
    it: &mut Interp,
    entries: Vec<(RValue, RValue)>,
    n: usize,
    rev: bool,
    block: Option<&Block>,
    at: usize,
) -> R<Vec<RValue>> {
    if n == 0 {
        return Ok(Vec::new());
    }
    let cmp = Cmp { block, at };
    let bufmax = n.saturating_mul(4);
    let mut buf: Vec<(RValue, RValue)> = Vec::with_capacity(bufmax.min(entries.len()));
    let mut limit: Option<RValue> = None;
    for e in entries {
        if let Some(l) = &limit {
            let c = cmp.cmp(it, &e.0, l)?;
            let c = if rev { c.reverse() } else { c };
            if c != Ordering::Less {
                continue;
            }
        }
        buf.push(e);
        if buf.len() == bufmax {
            limit = Some(filter(it, &cmp, &mut buf, n, rev)?);
        }
        it.step(at)?;
    }
    filter(it, &cmp, &mut buf, n, rev)?;
    let mut sorted = buf;
    merge_sort_by(it, &mut sorted, |it, a, b| cmp.cmp(it, &a.0, &b.0))?;
    if rev {
        sorted.reverse();
    }
    Ok(sorted.into_iter().map(|(_, v)| v).collect())
}

/// `nmin_filter`: the `n` best of `buf` moved to its front by a quickselect with a
/// three-way partition, the rest dropped; gives the last pivot (the bound of later
/// elements). A buffer of `n` or fewer is left as it is.
fn filter(
    it: &mut Interp,
    cmp: &Cmp,
    buf: &mut Vec<(RValue, RValue)>,
    n: usize,
    rev: bool,
) -> R<RValue> {
    if buf.len() <= n {
        return Ok(buf.last().map(|e| e.0.clone()).unwrap_or_default());
    }
    // (signed, as the C: `right - num_pivots` may be one before the start)
    let n = n as isize;
    let (mut left, mut right) = (0isize, buf.len() as isize - 1);
    let store_index = loop {
        let pivot_index = left + (right - left) / 2;
        let mut num_pivots = 1;
        buf.swap(pivot_index as usize, right as usize);
        let pivot = right as usize;
        let mut store_index = left;
        let mut i = left;
        while i <= right - num_pivots {
            let c = cmp.cmp(it, &buf[i as usize].0, &buf[pivot].0)?;
            let c = if rev { c.reverse() } else { c };
            if c == Ordering::Equal {
                buf.swap(i as usize, (right - num_pivots) as usize);
                num_pivots += 1;
                continue;
            }
            if c == Ordering::Less {
                buf.swap(i as usize, store_index as usize);
                store_index += 1;
            }
            i += 1;
        }
        let mut j = store_index;
        let mut i = right;
        while right - num_pivots < i {
            if j <= i {
                buf.swap(j as usize, i as usize);
                j += 1;
            }
            i -= 1;
        }
        if store_index <= n && n <= store_index + num_pivots {
            break store_index as usize;
        }
        if n < store_index {
            right = store_index - 1;
        } else {
            left = store_index + num_pivots;
        }
    };
    let limit = buf[store_index].0.clone();
    buf.truncate(n as usize);
    Ok(limit)
}
