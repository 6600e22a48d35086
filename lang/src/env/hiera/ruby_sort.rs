//! `sort_merged_arrays`: the deep merge sorts a merged array with Ruby's `Array#sort`, so by
//! Ruby's `<=>` (strings by their bytes, numbers by value, arrays element by element), and a
//! pair Ruby cannot compare fails the lookup (`comparison of String with 1 failed`). Which
//! pair fails first depends on the order the sort compares them: Ruby sorts with the C
//! library's `qsort_r`, glibc's merge sort (halves of `n / 2` and the rest, each sorted,
//! then merged comparing the left's head with the right's: `prepl_core::msort`).

use crate::error::Error;
use crate::format::float::ruby_float_to_s;
use crate::values::Value;
use std::cmp::Ordering;

/// The array sorted as Ruby sorts it, or Ruby's error for the first pair it cannot compare.
pub fn sort(items: Vec<Value>) -> Result<Vec<Value>, Error> {
    merge_sort(items).map_err(|(a, b)| {
        Error::eval(format!(
            "comparison of {} with {} failed",
            class_name(&a),
            shown_as_argument(&b)
        ))
    })
}

type Failed = (Value, Value);

fn merge_sort(mut items: Vec<Value>) -> Result<Vec<Value>, Failed> {
    crate::msort::merge_sort_by(&mut items, |a, b| {
        compare(a, b).ok_or_else(|| (a.clone(), b.clone()))
    })?;
    Ok(items)
}

/// Ruby's `a <=> b` for data from Hiera; `None` where Ruby answers `nil`.
fn compare(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::String(x), Value::String(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Value::Integer(x), Value::Integer(y)) => Some(x.cmp(y)),
        (Value::Integer(x), Value::Float(y)) => (*x as f64).partial_cmp(y),
        (Value::Float(x), Value::Integer(y)) => x.partial_cmp(&(*y as f64)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                match compare(p, q)? {
                    Ordering::Equal => {}
                    other => return Some(other),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        // (`Object#<=>`: equal values are 0, others not comparable)
        _ => (a == b && std::mem::discriminant(a) == std::mem::discriminant(b))
            .then_some(Ordering::Equal),
    }
}

fn class_name(v: &Value) -> &'static str {
    match v {
        Value::Undef => "NilClass",
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::String(_) => "String",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        _ => "Object",
    }
}

/// How Ruby's comparison error names its argument: an immediate value (nil, true, false, a
/// small integer) or a float by its inspect, anything else by its class.
fn shown_as_argument(v: &Value) -> String {
    const FIXNUM: std::ops::RangeInclusive<i64> = -(1 << 62)..=(1 << 62) - 1;
    match v {
        Value::Undef => "nil".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) if FIXNUM.contains(i) => i.to_string(),
        Value::Float(f) => ruby_float_to_s(*f),
        other => class_name(other).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(items: &[Value]) -> Vec<Value> {
        items.to_vec()
    }

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    /// The reference's answers (`lookup` with `sort_merged_arrays` over two levels).
    #[test]
    fn sorts_and_fails_as_ruby_does() {
        let sorted = sort(a(&[s("a"), s("B"), s("b"), s("A")])).unwrap();
        assert_eq!(sorted, a(&[s("A"), s("B"), s("a"), s("b")]));
        let nums = sort(a(&[
            Value::Integer(3),
            Value::Integer(10),
            Value::Float(2.5),
        ]));
        assert_eq!(
            nums.unwrap(),
            a(&[Value::Float(2.5), Value::Integer(3), Value::Integer(10)])
        );
        let message = |items: &[Value]| sort(items.to_vec()).unwrap_err().message;
        assert_eq!(
            message(&[s("y"), s("x"), Value::Integer(1)]),
            "comparison of String with 1 failed"
        );
        let h = Value::hash(Default::default());
        assert_eq!(
            message(&[s("y"), h.clone(), s("x")]),
            "comparison of Hash with String failed"
        );
        assert_eq!(
            message(&[Value::Boolean(false), Value::Boolean(true)]),
            "comparison of FalseClass with true failed"
        );
        let pair = |x: Value, y: Value| Value::array(vec![x, y]);
        assert_eq!(
            message(&[
                pair(Value::Integer(1), Value::Integer(2)),
                pair(Value::Integer(1), s("x"))
            ]),
            "comparison of Array with Array failed"
        );
        let arrays = sort(a(&[
            pair(Value::Integer(1), s("b")),
            Value::array(vec![Value::Integer(0)]),
            pair(Value::Integer(1), s("a")),
        ]));
        assert_eq!(
            arrays.unwrap(),
            a(&[
                Value::array(vec![Value::Integer(0)]),
                pair(Value::Integer(1), s("a")),
                pair(Value::Integer(1), s("b")),
            ])
        );
    }
}
