//! `String#scan`: every match of a pattern in the string, each as its text (a pattern
//! without groups) or the list of its groups' texts (`nil` for a group not in it).

use super::object::pattern;
use super::Call;
use crate::eval::{regexp_failed, Interp, R};
use crate::value::{push_limited, RArray, RStr, RValue};

/// `s.scan(re)`: the list of the matches; `s.scan(re) { |m| }`: each given to the block in
/// turn, the value the string.
pub fn call(it: &mut Interp, recv: &RValue, s: &RStr, c: &Call) -> R<Option<RValue>> {
    let re = pattern(c.arg(0).unwrap_or(&RValue::Nil), c.at)?;
    // (a text that is all of the string is the string, shared: no copy)
    let text = |m: &Option<(usize, usize)>| match *m {
        Some((a, b)) => RValue::Str(crate::rcstr::part_of(s, &s[a..b])),
        None => RValue::Nil,
    };
    // (each match made into its value as it is found: no list of the ranges)
    let mut items = RArray::new();
    re.for_each_match(s, |g| {
        let item = match g {
            [all] => text(all),
            // (two groups, stdlib `fact`'s: the list made whole, within the array's own
            // allocation)
            [_, a, b] => RValue::array(RArray::from_buf([text(a), text(b)])),
            _ => {
                // (pushed in turn: a `collect` went through `SmallVec`'s general `extend`,
                // ~0.15 k instructions a match of two groups)
                let mut groups = RArray::with_capacity(g.len() - 1);
                for m in &g[1..] {
                    groups.push(text(m));
                }
                RValue::array(groups)
            }
        };
        // (the memory budget asked only when the list must grow)
        if items.len() < items.capacity() {
            items.push(item);
            return Ok(());
        }
        push_limited(&mut items, item)
    })
    .map_err(regexp_failed(c.at))?;
    if let Some(b) = c.block {
        // (each match as the block's argument; the value is the string)
        for m in items {
            it.yield_block(b, [m])?;
        }
        return Ok(Some(recv.clone()));
    }
    Ok(Some(RValue::array(items)))
}
