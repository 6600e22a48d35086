//! How error messages name the type of a value: `an Integer`, `an Undef Value`, `a String`.

use crate::values::Value;

/// The type label the reference uses in operator and comparison errors (a type as its
/// value prints: an alias with its definition, `A = Boolean-Type`; a resource reference
/// `Notify['x'] Resource-Reference`).
pub fn label_of(v: &Value) -> String {
    match v {
        Value::Type(t) => match &**t {
            crate::types::PType::Resource { title: Some(_), .. } => {
                format!("{} Resource-Reference", crate::types::alias_display(t))
            }
            _ => format!("{}-Type", crate::types::alias_display(t)),
        },
        Value::SemVer(_) => "Semver".to_string(),
        Value::SemVerRange(_) => "SemverRange".to_string(),
        other => simple_label(other).to_string(),
    }
}

/// The label of a value's kind, without type parameters (`Type` for any type; `default`,
/// a Ruby symbol to the reference, is an `Object`).
pub fn simple_label(v: &Value) -> &'static str {
    match v {
        Value::Undef => "Undef Value",
        Value::Default => "Object",
        other => crate::types::kind_name(other),
    }
}

/// The label with its article, as the reference's label provider gives it: `an Integer`,
/// `a String`, `an Undef Value`, `an Object` (`default`), `a Semver`, a type as it prints
/// (`an Integer[1, 2]-Type`).
pub fn a_an(v: &Value) -> String {
    article(&label_of(v))
}

/// `a`/`an` before a word.
pub fn article(word: &str) -> String {
    let an = word
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {word}", if an { "an" } else { "a" })
}
