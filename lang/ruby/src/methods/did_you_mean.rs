//! Ruby's `did_you_mean` suffix of a `NoMethodError` message (`undefined method `to_a' for
//! "b":String` + `\nDid you mean?  to_f\n               to_i ...`): the receiver's method
//! names (the reference's lists, `method_names.txt`, in Ruby's order) that DidYouMean's
//! spell checker picks, in its order. Only for the core classes whose lists are known (no
//! suggestion otherwise, nor for `nil`, whose own methods Ruby leaves out).

use std::collections::HashMap;
use std::sync::OnceLock;

/// Each class's method names, in the order `obj.methods` gives them.
fn dictionary(class: &str) -> Option<&'static [&'static str]> {
    static LISTS: OnceLock<HashMap<&'static str, Vec<&'static str>>> = OnceLock::new();
    LISTS
        .get_or_init(|| {
            include_str!("method_names.txt")
                .lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| l.split_once(": "))
                .map(|(class, names)| (class, names.split(' ').collect()))
                .collect()
        })
        .get(class)
        .map(Vec::as_slice)
}

/// The message suffix for an undefined method `name` of an instance of `class` (empty when
/// there is nothing to suggest).
pub fn suffix(class: &str, name: &str) -> String {
    let Some(dictionary) = dictionary(class) else {
        return String::new();
    };
    // (a writer's suggestions are writers, a reader's readers)
    let setter = name.ends_with('=');
    let words: Vec<&str> = dictionary
        .iter()
        .copied()
        .filter(|w| w.ends_with('=') == setter)
        .collect();
    let corrections: Vec<&str> = correct(&words, name)
        .into_iter()
        .map(|i| words[i])
        .collect();
    formatted(&corrections)
}

/// The suffix of a `KeyError` (`fetch` of a missing key) from the hash's keys: a key whose
/// `to_s` is the (string) key looked up, else the spell checker's picks, each inspected.
pub fn key_suffix(keys: &[crate::value::RValue], key: &crate::value::RValue) -> String {
    use crate::show::{inspect, to_s};
    let words: Vec<String> = keys.iter().map(to_s).collect();
    let exact: Vec<String> = match key {
        crate::value::RValue::Str(k) => keys
            .iter()
            .zip(&words)
            .filter(|(_, w)| **w == **k)
            .map(|(k, _)| inspect(k))
            .collect(),
        _ => Vec::new(),
    };
    if !exact.is_empty() {
        return formatted(&exact);
    }
    let word_refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let picked: Vec<String> = correct(&word_refs, &to_s(key))
        .into_iter()
        .map(|i| inspect(&keys[i]))
        .collect();
    formatted(&picked)
}

fn formatted<S: AsRef<str>>(corrections: &[S]) -> String {
    if corrections.is_empty() {
        return String::new();
    }
    let parts: Vec<&str> = corrections.iter().map(AsRef::as_ref).collect();
    format!("\nDid you mean?  {}", parts.join("\n               "))
}

fn normalize(s: &str) -> Vec<char> {
    s.to_lowercase().chars().filter(|&c| c != '@').collect()
}

/// DidYouMean::SpellChecker#correct: the indexes of the words picked, in its order.
fn correct(dictionary: &[&str], input: &str) -> Vec<usize> {
    let normalized = normalize(input);
    let threshold = if normalized.len() > 3 { 0.834 } else { 0.77 };
    let mut words: Vec<usize> = (0..dictionary.len())
        .filter(|&i| jaro_winkler(&normalize(dictionary[i]), &normalized) >= threshold)
        .filter(|&i| dictionary[i] != input)
        .collect();
    // (Ruby's sort_by! sorts with glibc's stable merge sort, then reverse!)
    let key = |i: usize| jaro_winkler(&dictionary[i].chars().collect::<Vec<_>>(), &normalized);
    words.sort_by(|&a, &b| key(a).total_cmp(&key(b)));
    words.reverse();
    let limit = (normalized.len() as f64 * 0.25).ceil() as usize;
    let mistypes: Vec<usize> = words
        .iter()
        .copied()
        .filter(|&i| levenshtein(&normalize(dictionary[i]), &normalized) <= limit)
        .collect();
    if !mistypes.is_empty() {
        return mistypes;
    }
    words
        .into_iter()
        .filter(|&i| {
            let w = normalize(dictionary[i]);
            levenshtein(&w, &normalized) < normalized.len().min(w.len())
        })
        .take(1)
        .collect()
}

/// DidYouMean::Jaro.distance.
fn jaro(a: &[char], b: &[char]) -> f64 {
    let (s1, s2) = if a.len() > b.len() { (b, a) } else { (a, b) };
    let (len1, len2) = (s1.len(), s2.len());
    let range = (len2 / 2).saturating_sub(1);
    let mut flags1 = vec![false; len1];
    let mut flags2 = vec![false; len2 + range + 1];
    let mut m = 0.0;
    for i in 0..len1 {
        let last = i + range;
        let mut j = i.saturating_sub(range);
        while j <= last {
            if !flags2[j] && s2.get(j) == Some(&s1[i]) {
                flags2[j] = true;
                flags1[i] = true;
                m += 1.0;
                break;
            }
            j += 1;
        }
    }
    let mut t = 0.0;
    let mut k = 0;
    for i in 0..len1 {
        if flags1[i] {
            let mut index = k;
            let mut j = k;
            while j < len2 {
                index = j;
                if flags2[j] {
                    k = j + 1;
                    break;
                }
                j += 1;
            }
            if s2.get(index) != Some(&s1[i]) {
                t += 1.0;
            }
        }
    }
    let t = (t / 2.0_f64).floor();
    if m == 0.0 {
        0.0
    } else {
        (m / len1 as f64 + m / len2 as f64 + (m - t) / m) / 3.0
    }
}

/// DidYouMean::JaroWinkler.distance.
fn jaro_winkler(a: &[char], b: &[char]) -> f64 {
    let d = jaro(a, b);
    if d <= 0.7 {
        return d;
    }
    let prefix = a
        .iter()
        .zip(b.iter())
        .take(4)
        .take_while(|(x, y)| x == y)
        .count();
    d + prefix as f64 * 0.1 * (1.0 - d)
}

/// DidYouMean::Levenshtein.distance.
fn levenshtein(a: &[char], b: &[char]) -> usize {
    if a.is_empty() {
        return b.len();
    }
    if b.is_empty() {
        return a.len();
    }
    let mut d: Vec<usize> = (0..=b.len()).collect();
    let mut x = 0;
    for (i, ca) in a.iter().enumerate() {
        let mut left = i + 1;
        for j in 0..b.len() {
            let cost = usize::from(*ca != b[j]);
            x = (d[j + 1] + 1).min(left + 1).min(d[j] + cost);
            d[j] = left;
            left = x;
        }
        d[b.len()] = x;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::suffix;

    /// The reference's messages (Ruby 3.1's did_you_mean with Puppet loaded).
    #[test]
    fn suggestions_are_ruby_s() {
        assert_eq!(
            suffix("String", "to_a"),
            "\nDid you mean?  to_f\n               to_i\n               to_s\n               to_c\n               to_r"
        );
        assert_eq!(
            suffix("Array", "to_i"),
            "\nDid you mean?  to_s\n               to_a\n               to_h"
        );
        assert_eq!(
            suffix("String", "each_with_index"),
            "\nDid you mean?  each_line"
        );
        assert_eq!(suffix("String", "each"), "");
        assert_eq!(suffix("Array", "split"), "");
        assert_eq!(suffix("NilClass", "upcase"), "");
        assert_eq!(suffix("Integer", "upcase"), "");
        assert_eq!(suffix("Hash", "join"), "");
    }

    #[test]
    fn key_suggestions_are_ruby_s() {
        use super::key_suffix;
        use crate::value::RValue;
        let s = |x: &str| RValue::str(x);
        assert_eq!(
            key_suffix(&[RValue::sym("a")], &s("a")),
            "\nDid you mean?  :a"
        );
        assert_eq!(
            key_suffix(&[s("abc"), s("abd")], &s("abx")),
            "\nDid you mean?  \"abd\"\n               \"abc\""
        );
        assert_eq!(key_suffix(&[s("x")], &s("y")), "");
        assert_eq!(key_suffix(&[RValue::sym("a")], &RValue::sym("b")), "");
    }
}
