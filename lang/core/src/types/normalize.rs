//! A Variant in the reference's normal form, as its type mismatch descriptions see it
//! (`Variant[Pattern[/a/], Undef, Pattern[/b/]]` is `Optional[Pattern[/a/, /b/]]`): nested
//! variants flattened, undef alternatives made one `Optional`, enums (and single strings)
//! merged into one `Enum` and patterns into one `Pattern` (each placed after the other
//! alternatives), overlapping or adjacent integer ranges merged (ranges first); a single
//! alternative left is the type itself. Aliases stay as they are.

use super::{IntRange, PType};
use std::rc::Rc;

/// The normal form of a type: Variants (also inside `Optional`) normalized.
pub fn normalize(t: &PType) -> PType {
    match t {
        PType::Variant(ts) if !ts.is_empty() => variant(ts),
        PType::Optional(Some(inner)) => {
            let inner = normalize(inner);
            match &inner {
                // (Optional of what accepts undef anyway is that type)
                PType::Optional(_) | PType::Undef | PType::Any => inner,
                PType::NotUndef(Some(x)) => normalize(&PType::Optional(Some(x.clone()))),
                _ => PType::Optional(Some(Box::new(inner))),
            }
        }
        // (NotUndef of what rejects undef anyway is that type)
        PType::NotUndef(Some(inner)) => {
            let inner = normalize(inner);
            match &inner {
                PType::Optional(Some(x)) => normalize(&PType::NotUndef(Some(x.clone()))),
                _ if !super::is_assignable(&inner, &PType::Undef) => inner,
                _ => PType::NotUndef(Some(Box::new(inner))),
            }
        }
        t => t.clone(),
    }
}

fn variant(ts: &[PType]) -> PType {
    let ts: Vec<PType> = ts.iter().map(normalize).collect();
    if ts.len() == 1 {
        return ts.into_iter().next().unwrap_or(PType::Any);
    }
    if ts
        .iter()
        .any(|t| matches!(t, PType::Undef | PType::Optional(_)))
    {
        // (an unparameterized `Optional` is as `Undef` here: unwrapping nothing, it would
        // make the same Variant again, without end)
        let rest: Vec<PType> = ts
            .into_iter()
            .filter(|t| !matches!(t, PType::Undef | PType::Optional(None)))
            .map(|t| match &t {
                PType::Optional(Some(x)) => (**x).clone(),
                _ => t,
            })
            .collect();
        return normalize(&PType::Optional(Some(Box::new(maybe_variant(rest)))));
    }
    let ts = flatten(ts);
    let ts = merge_enums(ts);
    let ts = merge_patterns(ts);
    let ts = merge_integers(ts);
    maybe_variant(ts)
}

/// One type, or the Variant of several (flattened, each once).
pub fn maybe_variant(ts: Vec<PType>) -> PType {
    let mut out: Vec<PType> = Vec::new();
    for t in flatten(ts) {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    if out.len() == 1 {
        out.pop().unwrap_or(PType::Any)
    } else {
        PType::Variant(out)
    }
}

fn flatten(ts: Vec<PType>) -> Vec<PType> {
    let mut out = Vec::with_capacity(ts.len());
    for t in ts {
        match &t {
            PType::Variant(inner) => out.extend(flatten(inner.clone())),
            _ => out.push(t),
        }
    }
    out
}

fn enum_values(t: &PType) -> Option<Vec<Rc<str>>> {
    match t {
        PType::Enum {
            values,
            case_insensitive: false,
        } if !values.is_empty() => Some(values.clone()),
        PType::String { value: Some(s), .. } => Some(vec![s.clone()]),
        _ => None,
    }
}

fn merge_enums(ts: Vec<PType>) -> Vec<PType> {
    if ts.iter().filter(|t| enum_values(t).is_some()).count() < 2 {
        return ts;
    }
    let (enums, mut others): (Vec<PType>, Vec<PType>) =
        ts.into_iter().partition(|t| enum_values(t).is_some());
    let mut values: Vec<Rc<str>> = enums.iter().filter_map(enum_values).flatten().collect();
    values.sort();
    values.dedup();
    others.push(PType::Enum {
        values,
        case_insensitive: false,
    });
    others
}

fn merge_patterns(ts: Vec<PType>) -> Vec<PType> {
    if ts.iter().filter(|t| matches!(t, PType::Pattern(_))).count() < 2 {
        return ts;
    }
    let (patterns, mut others): (Vec<PType>, Vec<PType>) =
        ts.into_iter().partition(|t| matches!(t, PType::Pattern(_)));
    let mut all: Vec<Rc<crate::values::Regexp>> = Vec::new();
    for p in patterns {
        if let PType::Pattern(rs) = &p {
            for r in rs.iter().cloned() {
                if !all.iter().any(|x| x.source() == r.source()) {
                    all.push(r);
                }
            }
        }
    }
    others.push(PType::Pattern(all));
    others
}

/// Integer ranges that overlap or touch merged into one, in their order, before the other
/// alternatives.
fn merge_integers(ts: Vec<PType>) -> Vec<PType> {
    if ts.iter().filter(|t| matches!(t, PType::Integer(_))).count() < 2 {
        return ts;
    }
    let (ints, others): (Vec<PType>, Vec<PType>) =
        ts.into_iter().partition(|t| matches!(t, PType::Integer(_)));
    let touch = |a: &IntRange, b: &IntRange| {
        a.from <= b.to.saturating_add(1) && b.from <= a.to.saturating_add(1)
    };
    let mut ranges: Vec<IntRange> = Vec::new();
    for t in ints {
        let PType::Integer(r) = &t else { continue };
        let mut r = *r;
        let mut at = ranges.len();
        while let Some(i) = ranges.iter().position(|q| touch(q, &r)) {
            let q = ranges.remove(i);
            r = IntRange::new(r.from.min(q.from), r.to.max(q.to));
            at = at.min(i);
        }
        ranges.insert(at.min(ranges.len()), r);
    }
    ranges
        .into_iter()
        .map(PType::Integer)
        .chain(others)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::normalize;
    use crate::types::typesrc::parse_type;

    fn n(src: &str) -> String {
        normalize(&parse_type(src).unwrap()).to_string()
    }

    #[test]
    fn variants_in_the_reference_s_normal_form() {
        assert_eq!(
            n("Variant[Pattern[/a/], Undef, Pattern[/b/]]"),
            "Optional[Pattern[/a/, /b/]]"
        );
        assert_eq!(n("Variant[Enum['b'], Enum['a']]"), "Enum['a', 'b']");
        assert_eq!(
            n("Variant[Pattern[/a/], Integer, Pattern[/b/]]"),
            "Variant[Integer, Pattern[/a/, /b/]]"
        );
        assert_eq!(
            n("Variant[String, Integer[1, 2], Integer[3, 6]]"),
            "Variant[Integer[1, 6], String]"
        );
        assert_eq!(
            n("Variant[Integer[1, 2], Integer[5, 6]]"),
            "Variant[Integer[1, 2], Integer[5, 6]]"
        );
        assert_eq!(
            n("Variant[Integer, Variant[String, Integer]]"),
            "Variant[Integer, String]"
        );
        assert_eq!(n("Optional[Variant[Undef, Integer]]"), "Optional[Integer]");
        // (an unparameterized Optional among them: was a recursion without end)
        assert_eq!(n("Variant[Integer, Optional]"), "Optional[Integer]");
        assert!(n("Variant[Optional, Undef]").starts_with("Optional"));
    }
}
