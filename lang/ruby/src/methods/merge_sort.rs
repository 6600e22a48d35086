//! The sorts of the Ruby subset's `sort`, `sort!`, `sort_by`, `min(n)`, `max(n)` and their
//! kin, all by `prepl_core::msort` (glibc's merge sort, which Ruby 3.1's `ruby_qsort` is
//! on Linux): a block's comparisons are called in Ruby's order, and the pair named by
//! `comparison of String with 3 failed` is the first one Ruby meets.
//!
//! [`sort_by_spaceship`] is the common case of `<=>` on plain values: Rust's stable sort
//! (the same order for a consistent comparison), the merge sort only for objects of the
//! template's classes (their `<=>` is Ruby code) and to find the failing pair.

use super::compare_failed;
use crate::eval::{Interp, R};
use crate::value::RValue;
use prepl_core::msort;
use std::cmp::Ordering;

/// Sorts `items` stably by `cmp` in Ruby's order of comparisons; the first error of `cmp`
/// stops it (and leaves `items` as they were).
pub fn merge_sort_by<T>(
    it: &mut Interp,
    items: &mut [T],
    mut cmp: impl FnMut(&mut Interp, &T, &T) -> R<Ordering>,
) -> R<()> {
    msort::merge_sort_by(items, |a, b| cmp(it, a, b))
}

/// Sorts `items` by `<=>` of their `key`s (the items themselves for `sort`, the block's
/// answers for `sort_by`), raising Ruby's `comparison of A with B failed` for the pair
/// Ruby meets first.
pub fn sort_by_spaceship<T>(
    it: &mut Interp,
    items: &mut [T],
    key: impl Fn(&T) -> &RValue,
    at: usize,
) -> R<()> {
    if !items.iter().any(|v| matches!(key(v), RValue::Object(_))) {
        // (positions sorted, so that on a failure the items are still in their order)
        let mut order: Vec<usize> = (0..items.len()).collect();
        let mut failed = false;
        order.sort_by(|&a, &b| match key(&items[a]).compare(key(&items[b])) {
            Some(o) => o,
            None => {
                failed = true;
                Ordering::Equal
            }
        });
        if !failed {
            msort::permute(items, order);
            return Ok(());
        }
    }
    merge_sort_by(it, items, |it, a, b| {
        let (a, b) = (key(a), key(b));
        match it.compare_values(a, b, at)? {
            Some(o) => Ok(o),
            None => compare_failed(a, b, at),
        }
    })
}
