//! Huge results shown elided, as IPython-like front ends do: the REPL and the kernel print
//! at most a number of elements of a value (arrays' and hashes' entries, counted in reading
//! order through nested collections), and where they stop, the count of what was left out
//! (`[1, 2, 3, … 999997 more]`). `prepl -e`, files and `--catalog` print whole values.
//!
//! [`elide`] makes a copy of the value's first elements with a marker entry where a
//! collection was cut (a string no program makes); the front end lays the copy out as any
//! value, then [`Elided::finish`] turns each marker's printed form into `… N more`.

use crate::format::to_programmatic;
use crate::values::{Map, Value};

/// The default number of elements shown (`:set print-limit`, `%set print-limit`).
pub const DEFAULT_LIMIT: usize = 1000;

/// A value cut to a number of elements, and the markers where it was cut.
pub struct Elided {
    pub value: Value,
    /// Each marker's printed form and the text that replaces it.
    markers: Vec<(String, String)>,
}

impl Elided {
    /// Whether something was left out.
    pub fn is_cut(&self) -> bool {
        !self.markers.is_empty()
    }

    /// The text of the laid-out copy with each marker as `… N more`.
    pub fn finish(&self, mut text: String) -> String {
        for (printed, shown) in &self.markers {
            text = text.replace(printed, shown);
        }
        text
    }
}

const MARK: &str = "\u{F8FF}prepl elided ";

/// `v` with at most `limit` elements (`None`: all of them).
pub fn elide(v: &Value, limit: Option<usize>) -> Elided {
    let Some(limit) = limit else {
        return Elided {
            value: v.clone(),
            markers: Vec::new(),
        };
    };
    let mut budget = limit;
    let mut markers = Vec::new();
    let value = cut(v, &mut budget, &mut markers, 0);
    Elided { value, markers }
}

fn marker(left: usize, in_hash: bool, markers: &mut Vec<(String, String)>) -> Value {
    let key = Value::string(format!("{MARK}{left} {}", markers.len()));
    let mut printed = to_programmatic(&key);
    if in_hash {
        printed.push_str(" => undef");
    }
    markers.push((printed, format!("… {left} more")));
    key
}

fn cut(v: &Value, budget: &mut usize, markers: &mut Vec<(String, String)>, depth: usize) -> Value {
    // (deep values are left whole below this depth: printing them is protected elsewhere)
    if depth > 100 {
        return v.clone();
    }
    match v {
        Value::Array(items) if items.len() > *budget || has_collections(v) => {
            let mut out = Vec::with_capacity(items.len().min(*budget + 1));
            for (i, item) in items.iter().enumerate() {
                if *budget == 0 {
                    out.push(marker(items.len() - i, false, markers));
                    break;
                }
                *budget -= 1;
                out.push(cut(item, budget, markers, depth + 1));
            }
            Value::array(out)
        }
        Value::Array(items) => {
            *budget -= items.len();
            v.clone()
        }
        Value::Hash(map) => {
            let mut out = Map::with_capacity(map.len().min(*budget + 1));
            for (i, (k, val)) in map.iter().enumerate() {
                if *budget == 0 {
                    out.insert(marker(map.len() - i, true, markers), Value::Undef);
                    break;
                }
                *budget -= 1;
                out.insert(k.clone(), cut(val, budget, markers, depth + 1));
            }
            Value::hash(out)
        }
        _ => v.clone(),
    }
}

/// The characters of a text (a log line, an error message, a printed value) shown per
/// element of the print limit: 100,000 for the default 1000.
pub const CHARS_PER_ELEMENT: usize = 100;

/// `text` cut to the print limit's characters (`None`: all of them), with the count of
/// what was left out: `abc… 999997 more characters`.
pub fn elide_text(text: &str, limit: Option<usize>) -> std::borrow::Cow<'_, str> {
    let Some(limit) = limit else {
        return text.into();
    };
    let keep = limit.saturating_mul(CHARS_PER_ELEMENT);
    // (bytes bound characters from above: most texts are shorter and not counted)
    if text.len() <= keep {
        return text.into();
    }
    match text.char_indices().nth(keep) {
        None => text.into(),
        Some((end, _)) => {
            let left = text[end..].chars().count();
            format!("{}… {left} more characters", &text[..end]).into()
        }
    }
}

fn has_collections(v: &Value) -> bool {
    match v {
        Value::Array(items) => items
            .iter()
            .any(|i| matches!(i, Value::Array(_) | Value::Hash(_))),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(code: &str, limit: Option<usize>) -> String {
        let v = crate::Session::new().eval(code).unwrap();
        let e = elide(&v, limit);
        e.finish(to_programmatic(&e.value))
    }

    #[test]
    fn collections_are_cut_with_the_count_left_out() {
        assert_eq!(
            shown("Array(Integer[1, 1000000])", Some(3)),
            "[1, 2, 3, … 999997 more]"
        );
        assert_eq!(shown("[1, 2, 3]", Some(3)), "[1, 2, 3]");
        assert_eq!(
            shown("{a => 1, b => 2, c => 3}", Some(2)),
            "{'a' => 1, 'b' => 2, … 1 more}"
        );
        // Counted in reading order through nested collections.
        assert_eq!(
            shown("[[1, 2, 3], [4, 5], 6]", Some(4)),
            "[[1, 2, 3], … 2 more]"
        );
        assert_eq!(
            shown("[[1, 2, 3], [4, 5], 6]", Some(3)),
            "[[1, 2, … 1 more], … 2 more]"
        );
        assert!(!shown("Array(Integer[1, 5000])", None).contains("more"));
        assert_eq!(elide_text("héllo", Some(0)), "… 5 more characters");
        assert_eq!(
            elide_text(&"é".repeat(250), Some(2)),
            format!("{}… 50 more characters", "é".repeat(200))
        );
        assert_eq!(elide_text(&"x".repeat(250), Some(3)), "x".repeat(250));
        assert_eq!(elide_text(&"x".repeat(250), None), "x".repeat(250));
        let whole = elide(&crate::Value::Integer(1), Some(0));
        assert!(!whole.is_cut());
    }
}
