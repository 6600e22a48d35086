//! How large a value becomes when it is expanded into text or a type: collections may share
//! parts (`[$m, $m]` built up 40 times is small in memory but prints as 2^40 elements), so
//! printing, interpolation and `type()` first measure what they would build.

use crate::error::Error;
use crate::limits::{in_use, memory_error, memory_limit, Ticker};
use crate::values::Value;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The bytes a value expands to, at least: each element at least `per_node` bytes, each
/// string its length, shared parts counted each time they appear (but measured once).
/// Counting stops past `cap` (the result is then above `cap`); the walk checks the
/// interrupt flag.
pub fn expanded_size(v: &Value, per_node: usize, cap: usize) -> Result<usize, Error> {
    // Most values measured are small (a record given to `type()`, a string's parts):
    // a plain walk, without the step stack and the table of shared parts.
    if let Some(size) = small_size(v, per_node, &mut { SMALL_WALK }) {
        return Ok(size);
    }
    // Sizes of containers shared by several parents, by address.
    let mut measured: FxHashMap<usize, usize> = FxHashMap::default();
    // The sizes of the containers being measured, innermost last.
    let mut open: Vec<usize> = vec![0];
    let mut counted = 0usize;
    let mut steps = vec![Step::Enter(v)];
    let mut ticker = Ticker::default();
    while let Some(step) = steps.pop() {
        ticker.tick()?;
        let add = match step {
            Step::Exit(key) => {
                let size = open.pop().unwrap_or(0);
                if let Some(key) = key {
                    measured.insert(key, size);
                }
                if let Some(parent) = open.last_mut() {
                    *parent = parent.saturating_add(size);
                }
                continue;
            }
            Step::Enter(v) => {
                let shared = match v {
                    Value::Array(a) => (Rc::strong_count(a) > 1).then_some(Rc::as_ptr(a) as usize),
                    Value::Hash(h) => (Rc::strong_count(h) > 1).then_some(Rc::as_ptr(h) as usize),
                    _ => None,
                };
                match (v, shared.and_then(|k| measured.get(&k))) {
                    (_, Some(size)) => *size,
                    (Value::Array(items), None) => {
                        steps.push(Step::Exit(shared));
                        open.push(0);
                        enter_elements(items.iter(), &mut steps, per_node)
                    }
                    (Value::Hash(h), None) => {
                        steps.push(Step::Exit(shared));
                        open.push(0);
                        enter_elements(h.iter().flat_map(|(k, e)| [k, e]), &mut steps, per_node)
                    }
                    (v, _) => leaf_size(v, per_node),
                }
            }
        };
        if let Some(size) = open.last_mut() {
            *size = size.saturating_add(add);
        }
        counted = counted.saturating_add(add);
        if counted > cap {
            return Ok(counted);
        }
    }
    Ok(open.first().copied().unwrap_or(0))
}

/// How many elements (each time they appear) [`small_size`] walks before it gives up.
const SMALL_WALK: usize = 512;

/// [`expanded_size`] of a value of at most `budget` elements, counted as the general walk
/// counts them; `None` for a larger one.
fn small_size(v: &Value, per_node: usize, budget: &mut usize) -> Option<usize> {
    *budget = budget.checked_sub(1)?;
    small_contents(v, per_node, budget)
}

/// [`small_size`] of a value whose own node is counted: a collection's elements are
/// taken from the budget together before they are measured (the walk fails exactly when
/// the count passes the budget, whatever the order of counting), a leaf measured without
/// a call.
fn small_contents(v: &Value, per_node: usize, budget: &mut usize) -> Option<usize> {
    let element = |e: &Value, budget: &mut usize| match e {
        Value::Array(_) | Value::Hash(_) => small_contents(e, per_node, budget),
        e => Some(leaf_size(e, per_node)),
    };
    let mut size = per_node;
    match v {
        Value::Array(items) => {
            *budget = budget.checked_sub(items.len())?;
            for e in items.iter() {
                size = size.saturating_add(element(e, budget)?);
            }
        }
        Value::Hash(h) => {
            *budget = budget.checked_sub(2 * h.len())?;
            for (k, e) in h.iter() {
                size = size.saturating_add(element(k, budget)?);
                size = size.saturating_add(element(e, budget)?);
            }
        }
        v => size = leaf_size(v, per_node),
    }
    Some(size)
}

/// A step of [`expanded_size`]'s walk.
enum Step<'a> {
    Enter(&'a Value),
    /// A container is measured (with its address when it is shared).
    Exit(Option<usize>),
}

/// The size of a value that is no array or hash.
#[inline(always)]
fn leaf_size(v: &Value, per_node: usize) -> usize {
    match v {
        Value::String(s) => s.len().max(per_node),
        Value::Binary(b) => b.len().saturating_mul(2).max(per_node),
        _ => per_node,
    }
}

/// How many elements (each time they appear) [`small_size`] walks in one element of a
/// large value before that element is left to the general walk.
const SMALL_ELEMENT: usize = 32;

/// A container's own node and its elements that are no containers or small ones (a
/// 50,000-entry hash of records), counted at once; its other containers are left to
/// enter one by one. (A small element shared by many parents is walked each time it is
/// met, as the count grows by its size each time: the time stays in proportion to the
/// count, which stops at the cap.)
fn enter_elements<'a>(
    items: impl Iterator<Item = &'a Value>,
    steps: &mut Vec<Step<'a>>,
    per_node: usize,
) -> usize {
    let mut size = per_node;
    for item in items {
        if matches!(item, Value::Array(_) | Value::Hash(_)) {
            // (most elements of a large collection are small records of leaves: summed
            // here, as `small_size` would sum them)
            if let Some(n) = leaves_size(item, per_node) {
                size = size.saturating_add(n);
                continue;
            }
            match small_size(item, per_node, &mut { SMALL_ELEMENT }) {
                Some(n) => size = size.saturating_add(n),
                None => steps.push(Step::Enter(item)),
            }
        } else {
            size = size.saturating_add(leaf_size(item, per_node));
        }
    }
    size
}

/// [`small_size`] of an array or hash of leaves only that it measures (at most
/// [`SMALL_ELEMENT`] elements, keys included, with its own node), without its budget and
/// recursion; `None` for any other value.
#[inline]
fn leaves_size(v: &Value, per_node: usize) -> Option<usize> {
    let leaf = |e: &Value| match e {
        Value::Array(_) | Value::Hash(_) => None,
        e => Some(leaf_size(e, per_node)),
    };
    let mut size = per_node;
    match v {
        Value::Array(items) if items.len() < SMALL_ELEMENT => {
            for e in items.iter() {
                size = size.saturating_add(leaf(e)?);
            }
        }
        Value::Hash(h) if 2 * h.len() < SMALL_ELEMENT => {
            for (k, e) in h.small_entries()? {
                size = size.saturating_add(leaf(k)?).saturating_add(leaf(e)?);
            }
        }
        _ => return None,
    }
    Some(size)
}

/// Fails with the memory error when expanding `v` (printing it, inferring its type) would
/// need more memory than the limit leaves, `per_node` bytes for each element at least.
pub fn check_expansion(v: &Value, per_node: usize) -> Result<(), Error> {
    if !matches!(v, Value::Array(_) | Value::Hash(_)) {
        return Ok(());
    }
    let room = memory_limit().saturating_sub(in_use());
    let size = expanded_size(v, per_node, room)?;
    if size > room {
        return Err(memory_error(size));
    }
    // (a reservation: under a hard limit, room for the text and the value's copy of it)
    crate::limits::reserve(size)
}

/// Fails unless `factor` times the text of `v` (its strings, at least `per_node` bytes an
/// element) fits in the memory limit: for writers that copy what they write several times
/// (a `Vec<char>` of each string, the text, the value's copy of it).
pub fn reserve_text(v: &Value, per_node: usize, factor: usize) -> Result<(), Error> {
    let room = memory_limit().saturating_sub(in_use());
    let size = expanded_size(v, per_node, room)?;
    crate::limits::reserve(size.saturating_mul(factor))
}

/// Checks an array or hash just built from a literal: when the same array or hash
/// appears twice in it (`[$m, $m]`), walks over it (printing, flattening, comparing,
/// sorting, serializing) cost as much as its expanded form, and doubling it 40 times
/// would make them run for days. Past the memory limit (16 bytes an element, as if it
/// were not shared), building it fails. A literal without a repeated collection costs
/// one pass over its elements.
pub fn check_repeats(v: &Value) -> Result<(), Error> {
    // (one part cannot repeat: most literals made in loops are `[$x]`, `{ $k => $v }`)
    let any = match v {
        Value::Array(a) if a.len() > 1 => repeated(a.iter()),
        Value::Hash(h) if h.len() > 1 => repeated(h.values()),
        _ => false,
    };
    if any {
        check_expansion(v, 16)?;
    }
    Ok(())
}

/// Whether an array or hash appears twice among `items` (within their first 16
/// collections). (A loop of its own for each kind of elements: through a `dyn Iterator`,
/// a call per element.)
fn repeated<'a>(items: impl Iterator<Item = &'a Value>) -> bool {
    // The addresses of the first collections met (no allocation: literals are many).
    let mut seen = [0usize; 16];
    let mut n = 0;
    for v in items {
        let key = match v {
            Value::Array(a) => Rc::as_ptr(a) as usize,
            Value::Hash(h) => Rc::as_ptr(h) as usize,
            _ => continue,
        };
        if seen[..n].contains(&key) {
            return true;
        }
        if n < seen.len() {
            seen[n] = key;
            n += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doubled(levels: usize) -> Value {
        let mut v = Value::empty_array();
        for _ in 0..levels {
            v = Value::array(vec![v.clone(), v]);
        }
        v
    }

    #[test]
    fn shared_parts_count_each_time() {
        assert_eq!(expanded_size(&doubled(3), 1, usize::MAX).ok(), Some(15));
        let s = Value::string("x".repeat(100));
        let v = Value::array(vec![s.clone(), s]);
        assert_eq!(expanded_size(&v, 2, usize::MAX).ok(), Some(202));
    }

    /// Small values, measured by the plain walk, measure as the general walk measures them.
    #[test]
    fn small_values_measure_as_large_ones() {
        let s = Value::string("x".repeat(100));
        let mut m = crate::values::Map::new();
        m.insert(
            Value::string("key"),
            Value::array(vec![s.clone(), 1.into()]),
        );
        m.insert(Value::array(vec![]), s.clone());
        let h = Value::hash(m);
        let mut v = Value::array(vec![h.clone(), s, h, Value::Undef, doubled(4)]);
        for per_node in [1, 16, 64] {
            let small = expanded_size(&v, per_node, usize::MAX).unwrap();
            let general = {
                // the same value grown past the plain walk's budget, less what was added
                let big = Value::array(vec![Value::Integer(0); SMALL_WALK]);
                let both = Value::array(vec![v.clone(), big.clone()]);
                expanded_size(&both, per_node, usize::MAX).unwrap()
                    - expanded_size(&big, per_node, usize::MAX).unwrap()
                    - per_node
            };
            assert_eq!(small, general, "per_node {per_node}");
        }
        assert_eq!(small_size(&doubled(10), 1, &mut { SMALL_WALK }), None);
        v = doubled(8);
        assert_eq!(expanded_size(&v, 1, usize::MAX).ok(), Some(511));
    }

    /// The plain walk answers for a value of exactly its budget of elements and gives up
    /// on one more, however they nest.
    #[test]
    fn records_of_leaves_measure_as_the_plain_walk_measures_them() {
        let leaf = |i: usize| match i % 4 {
            0 => Value::Integer(i as i64),
            1 => Value::string("x".repeat(i * 7)),
            2 => Value::Undef,
            _ => Value::Boolean(true),
        };
        let mut values = Vec::new();
        for n in 0..40 {
            values.push(Value::array((0..n).map(leaf).collect()));
            let mut m = crate::values::Map::new();
            for i in 0..n.min(20) {
                m.insert(Value::string(format!("k{i}")), leaf(i));
            }
            values.push(Value::hash(m));
        }
        values.push(Value::array(vec![1.into(), Value::array(vec![])]));
        let mut measured = 0;
        for v in &values {
            for per_node in [1, 16, 64] {
                if let Some(n) = leaves_size(v, per_node) {
                    measured += 1;
                    assert_eq!(Some(n), small_size(v, per_node, &mut { SMALL_ELEMENT }));
                }
            }
        }
        assert!(measured > 100, "{measured}");
        // (and a large array of them, measured by the general walk, as one by one)
        let big = Value::array(values.clone());
        let one_by_one: usize = values
            .iter()
            .map(|v| expanded_size(v, 64, usize::MAX).unwrap())
            .sum();
        assert_eq!(
            expanded_size(&big, 64, usize::MAX).ok(),
            Some(one_by_one + 64)
        );
    }

    #[test]
    fn the_plain_walk_stops_past_its_budget() {
        let leaves = |n: usize| vec![Value::Integer(1); n];
        // the root, a nested array of 9, a hash of 100 entries, and leaves to fill
        let nested = |extra: usize| {
            let mut m = crate::values::Map::new();
            for i in 0..100 {
                m.insert(Value::Integer(i), Value::string("s"));
            }
            let mut items = leaves(SMALL_WALK - 1 - 10 - 201 + extra);
            items.insert(3, Value::array(leaves(9)));
            items.push(Value::hash(m));
            Value::array(items)
        };
        assert_eq!(
            small_size(&nested(0), 1, &mut { SMALL_WALK }),
            Some(SMALL_WALK)
        );
        assert_eq!(small_size(&nested(1), 1, &mut { SMALL_WALK }), None);
        let flat = Value::array(leaves(SMALL_WALK - 1));
        assert_eq!(
            small_size(&flat, 2, &mut { SMALL_WALK }),
            Some(2 * SMALL_WALK)
        );
        assert_eq!(
            small_size(&Value::array(leaves(SMALL_WALK)), 2, &mut { SMALL_WALK }),
            None
        );
    }

    /// A large value of small elements (shared or not, counted each time) measures as the
    /// sum of its parts.
    #[test]
    fn large_values_of_small_elements_measure_as_their_parts() {
        let record = |i: i64| {
            let mut m = crate::values::Map::new();
            m.insert(Value::string("n"), Value::Integer(i));
            m.insert(Value::string("s"), Value::string("x".repeat(40)));
            m.insert(Value::string("l"), Value::array(vec![Value::Integer(i); 3]));
            Value::hash(m)
        };
        let one = expanded_size(&record(0), 16, usize::MAX).unwrap();
        let shared = record(1);
        let mut items: Vec<Value> = (0..2000).map(record).collect();
        items.extend(std::iter::repeat_n(shared, 2000));
        items.push(doubled(6));
        let whole = Value::array(items);
        assert_eq!(
            expanded_size(&whole, 16, usize::MAX).ok(),
            Some(16 + 4000 * one + 127 * 16)
        );
    }

    #[test]
    fn literals_with_repeated_collections_are_measured() {
        assert!(check_repeats(&doubled(10)).is_ok());
        assert!(check_repeats(&doubled(62)).is_err());
        let big = Value::array(vec![Value::Integer(1); 1000]);
        assert!(check_repeats(&Value::array(vec![big.clone(), big])).is_ok());
    }

    #[test]
    fn counting_stops_past_the_cap() {
        let size = expanded_size(&doubled(60), 2, 1 << 20).expect("no interrupt");
        assert!(size > 1 << 20);
        assert_eq!(
            expanded_size(&doubled(20), 1, usize::MAX).ok(),
            Some((1 << 21) - 1)
        );
        assert!(check_expansion(&doubled(60), 2).is_err());
        assert!(check_expansion(&doubled(5), 2).is_ok());
    }
}
