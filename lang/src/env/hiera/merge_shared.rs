//! A deep merge's key that the destination lacks: the `deep_merge` gem merges the value
//! into its own shallow copy (`deep_merge!(v, v.dup)`), so the hashes and arrays inside it
//! are then merged into themselves, the very same objects. Knocking an element out of such
//! an array deletes it from the array `delete_if` is walking, which skips the element after
//! it; a naked knockout prefix clears the array being merged. The reference's answers follow
//! those objects, so these do (found by the `hiera` differential area).

use super::merge::{knocked_out, overwrite_unmergeables, truthy, uniq, DeepOptions};
use super::ruby_sort;
use crate::error::Error;
use crate::values::Value;

/// `deep_merge!(v, v.dup)`: a hash's copy shares its values, which are then merged into
/// themselves; anything else is copied whole and merged as two values.
pub(super) fn into_copy(v: Value, o: &DeepOptions) -> Result<Value, Error> {
    match v {
        Value::Hash(h) => each_into_itself(&h, o),
        other => super::merge::deep_merge(other.clone(), other, o),
    }
}

/// A hash merged over a value that is no hash: the gem overwrites the destination with the
/// hash at its first key, and from there on the destination *is* the hash, so its other
/// keys' values are merged into themselves (`{a => [1, 1], b => [2, 2]}` over `'s'` is
/// `{a => [1, 1], b => [2]}`); an empty hash leaves the destination as it is.
pub(super) fn hash_over_unmergeable(
    src: &crate::values::Map,
    dest: Value,
    o: &DeepOptions,
) -> Result<Value, Error> {
    if src.is_empty() {
        return Ok(dest);
    }
    each_into_itself_after(src, 1, o)
}

/// A hash's values each merged into itself (`nil` and `false` are left: the gem takes the
/// missing-key path for them, which gives them back).
fn each_into_itself(h: &crate::values::Map, o: &DeepOptions) -> Result<Value, Error> {
    each_into_itself_after(h, 0, o)
}

/// [`each_into_itself`] from the key at `first` on (the ones before are left as they are).
fn each_into_itself_after(
    h: &crate::values::Map,
    first: usize,
    o: &DeepOptions,
) -> Result<Value, Error> {
    let mut out = h.clone();
    for (k, x) in h.iter().skip(first) {
        if truthy(x) {
            out.insert(k.clone(), into_itself(x.clone(), o)?);
        }
    }
    Ok(Value::hash(out))
}

/// `deep_merge!(v, v)` with source and destination the same object.
fn into_itself(v: Value, o: &DeepOptions) -> Result<Value, Error> {
    crate::limits::check_interrupt()?;
    match v {
        Value::Hash(h) => each_into_itself(&h, o),
        Value::Array(a) => {
            let mut items = a.to_vec();
            if let Some(ko) = &o.knockout_prefix {
                // (the naked prefix clears the destination: the array itself)
                if items
                    .iter()
                    .any(|x| matches!(x, Value::String(s) if **s == **ko))
                {
                    return Ok(Value::empty_array());
                }
                knock_out_walking(&mut items, ko);
            }
            let mut out =
                if o.merge_hash_arrays && items.iter().all(|x| matches!(x, Value::Hash(_))) {
                    items
                        .into_iter()
                        .map(|x| into_itself(x, o))
                        .collect::<Result<Vec<_>, _>>()?
                } else {
                    uniq(items.into_iter())?
                };
            if o.sort_merged_arrays {
                out = ruby_sort::sort(out)?;
            }
            Ok(Value::array(out))
        }
        other => Ok(overwrite_unmergeables(other, o)),
    }
}

/// Ruby's `items.delete_if { |x| ... }` whose block, for a knocked-out string, deletes the
/// string it names and the string itself from `items`, the array being walked.
fn knock_out_walking(items: &mut Vec<Value>, ko: &str) {
    let (mut read, mut write) = (0, 0);
    while read < items.len() {
        let v = items[read].clone();
        read += 1;
        if let Value::String(s) = &v {
            if let Some(named) = knocked_out(s, ko) {
                let named = Value::string(named);
                items.retain(|x| x != &named && x != &v);
                continue;
            }
        }
        items[write] = v;
        write += 1;
    }
    // (the walk's end: the elements not reached move up behind the kept ones)
    let len = items.len();
    if write < len && write < read {
        let tail = len.saturating_sub(read);
        for i in 0..tail {
            items[write + i] = items[read + i].clone();
        }
        items.truncate(write + tail);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<Value> {
        items.iter().map(|s| Value::string(*s)).collect()
    }

    /// `["alpha", "beta", "--gamma", "curl"]` merged into itself: deleting `--gamma` from
    /// the walked array skips `curl` (the reference's answer: `[alpha, beta]`).
    #[test]
    fn knocking_out_from_the_walked_array_skips_the_next() {
        let mut items = strings(&["alpha", "beta", "--gamma", "curl"]);
        knock_out_walking(&mut items, "--");
        assert_eq!(items, strings(&["alpha", "beta"]));
        // (Ruby 3.1's answers for these two)
        let mut items = strings(&["--a", "a", "b"]);
        knock_out_walking(&mut items, "--");
        assert_eq!(items, strings(&[]));
        let mut items = strings(&["x", "--y", "y", "z", "w"]);
        knock_out_walking(&mut items, "--");
        assert_eq!(items, strings(&["x", "w"]));
        let mut items = strings(&["x", "y"]);
        knock_out_walking(&mut items, "--");
        assert_eq!(items, strings(&["x", "y"]));
    }
}
