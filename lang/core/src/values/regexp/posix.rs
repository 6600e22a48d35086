//! Onigmo's POSIX classes (`[[:alpha:]]`, `[[:^word:]]`) and the properties of the same
//! names (`\p{Alnum}`, `\p{^Word}`, `\P{XDigit}`), as the Rust engines' class items. For
//! UTF-8 text Onigmo's are Unicode classes; each definition below was checked against Ruby
//! over every code point (session 46): `alpha` is the `Alphabetic` property (not letters and
//! marks: U+0301 is no `alpha`, U+2160 is), `punct` adds the ASCII symbols `$+<=>^`|~`
//! to `\p{P}` (the property `\p{Punct}` does not), `graph` is everything but white space,
//! controls, unassigned and surrogates.

/// The class items of the POSIX class `name` (`alpha`, ...), to write inside a class.
pub(super) fn class_items(name: &str) -> Option<&'static str> {
    Some(match name {
        "alpha" => r"\p{Alphabetic}",
        "alnum" => r"\p{Alphabetic}\p{Nd}",
        "word" => r"\p{Alphabetic}\p{M}\p{Nd}\p{Pc}",
        "upper" => r"\p{Uppercase}",
        "lower" => r"\p{Lowercase}",
        "digit" => r"\p{Nd}",
        "punct" => r"\p{P}\x24\x2B\x3C\x3D\x3E\x5E\x60\x7C\x7E",
        "space" => r"\p{White_Space}",
        "blank" => r"\p{Zs}\t",
        "cntrl" => r"\p{Cc}",
        "graph" => r"[^\p{White_Space}\p{Cc}\p{Cn}\p{Cs}]",
        "print" => r"[^\p{White_Space}\p{Cc}\p{Cn}\p{Cs}]\p{Zs}",
        "xdigit" => "0-9a-fA-F",
        "ascii" => r"\x00-\x7F",
        _ => return None,
    })
}

/// A POSIX bracket as written (`[:alpha:]`, `[:^digit:]`) as class items: the class's
/// items, or for a negated one a nested negated class. `None` for other names (left for
/// the syntax check, which refuses them).
pub(super) fn bracket(text: &str) -> Option<String> {
    let name = text.strip_prefix("[:")?.strip_suffix(":]")?;
    let (negated, name) = match name.strip_prefix('^') {
        Some(name) => (true, name),
        None => (false, name),
    };
    let items = class_items(name)?;
    Some(if negated {
        format!("[^{items}]")
    } else {
        items.to_string()
    })
}

/// `\p{Name}` (`negated`: `\p{^Name}` or `\P{Name}`) for the property names Onigmo shares
/// with the POSIX classes where the Rust engines lack the name or read it otherwise
/// (`Alnum`, `Word`, `XDigit`, `Graph`, `Print`, `Blank`, `Cntrl`; Onigmo ignores case,
/// spaces, `-` and `_` in a name): a class, nested in a class (`in_class`). `None` for
/// other properties (the engines' own, `\p{Alpha}` as Onigmo's).
pub(super) fn property(name: &str, negated: bool, in_class: bool) -> Option<String> {
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let items = match key.as_str() {
        "alnum" | "word" | "xdigit" | "graph" | "print" | "blank" | "cntrl" => class_items(&key)?,
        _ => return None,
    };
    Some(match (negated, in_class) {
        (false, true) => items.to_string(),
        (false, false) => format!("[{items}]"),
        (true, _) => format!("[^{items}]"),
    })
}

#[cfg(test)]
mod tests {
    use super::super::Regexp;

    /// Found by the corpus area `regexp_onigmo`: Onigmo's POSIX classes are Unicode ones
    /// (`alpha` is `Alphabetic`: a combining mark alone is none), negated ones too, and
    /// its properties of the same names compile.
    #[test]
    fn posix_classes_and_properties_read_as_onigmo() {
        let m = |p: &str, t: &str| Regexp::new(p).unwrap().matches(t);
        assert!(m(r"\A[[:alpha:]]\z", "é"));
        assert!(!m(r"\A[[:alpha:]]\z", "\u{301}"));
        assert!(m(r"\A[[:word:]]+\z", "e\u{301}x_1"));
        assert!(!m(r"\A[[:^alpha:]]\z", "é"));
        assert!(m(r"\A[[:^alpha:]]\z", "1"));
        assert!(m(r"\A[[:punct:]]\z", "$"));
        assert!(!m(r"\A\p{Punct}\z", "$"));
        assert!(m(r"\A[[:graph:]]+\z", "é!"));
        assert!(!m(r"\A[[:graph:]]\z", " "));
        assert!(m(r"\A[[:print:]]\z", " "));
        assert!(m(r"\A[[:alnum:][:punct:]]+\z", "a1-é"));
        assert!(m(r"\A\p{Alnum}+\z", "Ω1"));
        assert!(m(r"\A\p{^Alnum}\z", "-"));
        assert!(m(r"\A\P{XDigit}\z", "g"));
        assert!(!m(r"\A\p{XDigit}\z", "g"));
        assert!(m(r"\A[\p{Word}-]+\z", "a_é-"));
    }
}
