//! "Did you mean ...?": the known names nearest to an unknown one, as rustc and starlark
//! suggest them. Distance is the optimal string alignment distance (an edit, or swapping two
//! neighbours, counts one) of the lower-cased names; a name is close enough when at most a
//! third of it (at least one character) differs. A name differing only in case is always
//! suggested.

/// At most this many suggestions.
const MAX: usize = 3;

/// The candidates nearest to `name`, when close enough: those at the smallest distance, the
/// most alike first (at most three).
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let wanted = name.to_lowercase();
    let len = wanted.chars().count();
    if len == 0 {
        return Vec::new();
    }
    let limit = (len / 3).max(1);
    let mut found: Vec<(usize, String)> = Vec::new();
    for c in candidates {
        if c == name || found.iter().any(|(_, f)| f == c) {
            continue;
        }
        let lower = c.to_lowercase();
        // Cheap length test first: the distance is at least the length difference.
        if lower.chars().count().abs_diff(len) > limit {
            continue;
        }
        let d = strsim::osa_distance(&wanted, &lower);
        if d <= limit {
            found.push((d, c.to_string()));
        }
    }
    // Only the nearest; among equally near ones, the most alike (Jaro-Winkler) first.
    let best = found.iter().map(|(d, _)| *d).min().unwrap_or(0);
    let mut nearest: Vec<(f64, String)> = found
        .into_iter()
        .filter(|(d, _)| *d == best)
        .map(|(_, c)| (strsim::jaro_winkler(&wanted, &c.to_lowercase()), c))
        .collect();
    nearest.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    nearest.truncate(MAX);
    nearest.into_iter().map(|(_, c)| c).collect()
}

/// `Did you mean 'filter'?`, `Did you mean 'a' or 'b'?`, `Did you mean 'a', 'b' or 'c'?`,
/// each name shown by `show` (quoted, or with a `$`); `None` when nothing is close.
pub fn hint(names: &[String], show: impl Fn(&str) -> String) -> Option<String> {
    let shown: Vec<String> = names.iter().map(|n| show(n)).collect();
    match shown.as_slice() {
        [] => None,
        [one] => Some(format!("Did you mean {one}?")),
        [init @ .., last] => Some(format!("Did you mean {} or {last}?", init.join(", "))),
    }
}

/// `Did you mean 'x'?` for the candidates nearest to `name`, names in single quotes.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    hint(&nearest(name, candidates), |n| format!("'{n}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_names_are_suggested_nearest_first() {
        let names = ["filter", "flatten", "map", "filter_map", "find_file"];
        assert_eq!(nearest("fliter", names), vec!["filter"]);
        assert_eq!(nearest("mpa", names), vec!["map"]);
        assert_eq!(nearest("Filter", names), vec!["filter"]);
        assert_eq!(
            did_you_mean("fliter", names).as_deref(),
            Some("Did you mean 'filter'?")
        );
    }

    #[test]
    fn nothing_close_gives_nothing() {
        let names = ["filter", "flatten", "map"];
        assert!(nearest("reduce", names).is_empty());
        assert!(nearest("", names).is_empty());
        assert!(
            nearest("filter", names).is_empty(),
            "the name itself is no suggestion"
        );
        assert_eq!(did_you_mean("xyz", names), None);
    }

    #[test]
    fn several_are_listed_and_capped() {
        let names = ["port", "post", "part", "pork", "sort"];
        let got = nearest("pxrt", names);
        assert_eq!(got, vec!["part", "port"]);
        assert_eq!(nearest("porx", names), vec!["pork", "port"], "nearest only");
        assert_eq!(
            hint(&["a".into(), "b".into(), "c".into()], |n| format!("${n}")).as_deref(),
            Some("Did you mean $a, $b or $c?")
        );
        assert_eq!(
            nearest("pot", ["port", "post", "pork", "pit", "pat", "put"]).len(),
            3
        );
    }
}
