//! Why no signature accepts a call, worded as the reference words it: one merged reason
//! (`'split' expects 2 arguments, got 1`) or a listing of each signature with its reasons.

use super::{lambda_range, shims, Signature, MANY};
use crate::eval::Closure;
use crate::types::PType;
use crate::values::Value;

/// One reason a signature rejects a call.
#[derive(Debug, Clone)]
enum Mismatch {
    /// Wrong number of arguments (`block`: of the lambda's parameters).
    Count {
        block: bool,
        expected: (usize, usize),
        actual: (usize, usize),
    },
    /// An argument of the wrong type; `expected` holds one type per merged signature.
    Type {
        param: String,
        expected: Vec<PType>,
        actual: Value,
    },
    MissingBlock,
    UnexpectedBlock,
}

impl Mismatch {
    fn text(&self) -> String {
        match self {
            Mismatch::Count {
                block,
                expected,
                actual,
            } => {
                let (min, max) = *expected;
                let plural = !((min == 1 && (max == 1 || max == MANY)) || (min == 0 && max == 1));
                format!(
                    "{} expects {} argument{}, got {}",
                    if *block { " block" } else { "" },
                    range_text(*expected, "no"),
                    if plural { "s" } else { "" },
                    range_text(*actual, "none")
                )
            }
            Mismatch::Type {
                param,
                expected,
                actual,
            } => {
                if expected.len() > 1 {
                    if let Some(text) =
                        crate::types::mismatch::merged_across_signatures(expected, actual)
                    {
                        return format!(" parameter '{param}' {text}");
                    }
                }
                let t = if expected.len() == 1 {
                    expected[0].clone()
                } else {
                    PType::Variant(expected.clone())
                };
                format!(
                    " parameter '{param}' {}",
                    shims::describe_mismatch(&t, actual)
                )
            }
            Mismatch::MissingBlock => " expects a block".to_string(),
            Mismatch::UnexpectedBlock => " does not expect a block".to_string(),
        }
    }

    /// The reason as listed under a signature: a value may be rejected for several reasons
    /// (keys of a Struct, members of a Variant), each on its own line, as the reference
    /// lists them.
    fn listed(&self) -> Vec<String> {
        if let Mismatch::Type {
            param,
            expected,
            actual,
        } = self
        {
            if let [t] = expected.as_slice() {
                let all = crate::types::describe_mismatches(t, actual);
                if all.len() > 1 {
                    return all
                        .iter()
                        .map(|m| format!(" parameter '{param}' {m}"))
                        .collect();
                }
            }
        }
        vec![self.text()]
    }

    /// The kind and location, for merging the same reason across signatures.
    fn same_place(&self, other: &Mismatch) -> bool {
        match (self, other) {
            (Mismatch::Count { block: a, .. }, Mismatch::Count { block: b, .. }) => a == b,
            (Mismatch::Type { param: a, .. }, Mismatch::Type { param: b, .. }) => a == b,
            (Mismatch::MissingBlock, Mismatch::MissingBlock)
            | (Mismatch::UnexpectedBlock, Mismatch::UnexpectedBlock) => true,
            _ => false,
        }
    }

    fn merge(self, other: &Mismatch) -> Mismatch {
        match (self, other) {
            (
                Mismatch::Count {
                    block,
                    expected: (a1, a2),
                    actual,
                },
                Mismatch::Count {
                    expected: (b1, b2), ..
                },
            ) => Mismatch::Count {
                block,
                expected: (a1.min(*b1), a2.max(*b2)),
                actual,
            },
            (
                Mismatch::Type {
                    param,
                    mut expected,
                    actual,
                },
                Mismatch::Type { expected: more, .. },
            ) => {
                for t in more {
                    if !expected.contains(t) {
                        expected.push(t.clone());
                    }
                }
                Mismatch::Type {
                    param,
                    expected,
                    actual,
                }
            }
            (m, _) => m,
        }
    }

    fn kind(&self) -> u8 {
        match self {
            Mismatch::Count { .. } => 0,
            Mismatch::MissingBlock => 1,
            Mismatch::UnexpectedBlock => 2,
            Mismatch::Type { .. } => 3,
        }
    }
}

pub(super) fn range_text((min, max): (usize, usize), zero: &str) -> String {
    if min == max {
        if min == 0 {
            zero.to_string()
        } else {
            min.to_string()
        }
    } else if min == 0 {
        if max == MANY {
            "unlimited".to_string()
        } else {
            format!("at most {max}")
        }
    } else if max == MANY {
        format!("at least {min}")
    } else {
        format!("between {min} and {max}")
    }
}

/// The first reason the arguments (without the block) do not fit a signature.
fn argument_mismatch(sig: &Signature, args: &[Value]) -> Option<Mismatch> {
    let expected = sig.count_range();
    if args.len() < expected.0 || args.len() > expected.1 {
        return Some(Mismatch::Count {
            block: false,
            expected,
            actual: (args.len(), args.len()),
        });
    }
    for (i, a) in args.iter().enumerate() {
        let p = sig.param_at(i)?;
        // (the reference describes a call by the arguments' inferred types: a value whose
        // type the parameter's takes is no reason, though the value itself was refused, as
        // `-1` for an `Iterable`)
        if !shims::is_instance(&p.ty, a)
            && !crate::types::is_assignable(&p.ty, &crate::types::infer(a))
        {
            return Some(Mismatch::Type {
                param: p.name.clone(),
                expected: vec![p.ty.clone()],
                actual: a.clone(),
            });
        }
    }
    None
}

fn block_mismatch(sig: &Signature, block: Option<&Closure>) -> Option<Mismatch> {
    match (block, &sig.block) {
        (None, Some(b)) if !b.optional => Some(Mismatch::MissingBlock),
        (None, _) => None,
        (Some(_), None) => Some(Mismatch::UnexpectedBlock),
        (Some(c), Some(b)) => {
            // (a Variant of Callables described by the span of its members' counts, as the
            // reference does: `expects between 1 and 2 arguments`)
            let (from, to) = b
                .also
                .iter()
                .fold(b.count?, |(f, t), &(a, z)| (f.min(a), t.max(z)));
            let actual = lambda_range(c);
            // (the reference describes a count only when the lambda's lies outside the
            // block type's: a lambda of one parameter for `Callable[1, 2]`, inside its count
            // but not taking two, has no reason, and the call is described by its signature
            // alone: `'f' expects (String s, Callable[1, 2] blk)`)
            if from <= actual.0 && actual.1 <= to {
                None
            } else {
                Some(Mismatch::Count {
                    block: true,
                    expected: (from, to),
                    actual,
                })
            }
        }
    }
}

/// Whether the type mismatches of every signature at one parameter merge into one (each a
/// single mismatch at the same place below it, as the reference merges them).
fn mergeable(same: &[&&Mismatch]) -> bool {
    let mut types = Vec::new();
    let mut value = None;
    for m in same {
        match m {
            Mismatch::Type {
                expected, actual, ..
            } => {
                types.extend(expected.iter().cloned());
                // (the first signature's value, which the merged mismatch names)
                value.get_or_insert(actual);
            }
            _ => return true,
        }
    }
    match value {
        Some(v) if types.len() > 1 => {
            crate::types::mismatch::merged_across_signatures(&types, v).is_some()
        }
        _ => true,
    }
}

/// Merges the reasons when every signature fails for the same reason at the same place.
fn merge(per_sig: &[Vec<Mismatch>]) -> Vec<Mismatch> {
    let all: Vec<&Mismatch> = per_sig.iter().flatten().collect();
    for kind in 0..4u8 {
        let same: Vec<&&Mismatch> = all.iter().filter(|m| m.kind() == kind).collect();
        if same.len() == per_sig.len() && !same.is_empty() {
            let first = same[0];
            if same.iter().all(|m| m.same_place(first)) && mergeable(&same) {
                let merged = same[1..]
                    .iter()
                    .fold((*first).clone(), |acc, m| acc.merge(m));
                return vec![merged];
            }
        }
    }
    // (the same reason under two signatures stays twice: the reference's reasons carry the
    // signature they come from, so an unmerged reason is listed under each)
    let mut unique: Vec<Mismatch> = Vec::new();
    for reasons in per_sig {
        let first = unique.len();
        for m in reasons {
            if !unique[first..].iter().any(|u| u.text() == m.text()) {
                unique.push(m.clone());
            }
        }
    }
    unique
}

/// The error message for a call no signature accepts.
pub fn describe(
    name: &str,
    sigs: &[&Signature],
    args: &[Value],
    block: Option<&Closure>,
) -> String {
    let mut reasons: Vec<Vec<Mismatch>> = sigs
        .iter()
        .map(|s| argument_mismatch(s, args).into_iter().collect())
        .collect();
    if !reasons.iter().all(|r: &Vec<Mismatch>| !r.is_empty()) {
        let blocks: Vec<Vec<Mismatch>> = sigs
            .iter()
            .map(|s| block_mismatch(s, block).into_iter().collect())
            .collect();
        let failing = blocks.iter().filter(|b| !b.is_empty()).count();
        if failing == blocks.len() {
            reasons = blocks;
        } else if failing > 0 {
            for (r, b) in reasons.iter_mut().zip(blocks) {
                if r.is_empty() {
                    *r = b;
                }
            }
        }
    }
    let label = format!("'{name}'");
    let merged = merge(&reasons);
    if let (
        [sig],
        [Mismatch::Type {
            param,
            expected,
            actual,
        }],
    ) = (sigs, merged.as_slice())
    {
        // A value that fails its one parameter type in several ways (each member of a
        // Variant): the signature, then one `rejected:` line per reason, as the reference.
        if let [t] = expected.as_slice() {
            let reasons = crate::types::mismatch::describe_signature_mismatches(t, actual);
            if reasons.len() > 1 {
                let rejected: String = reasons
                    .iter()
                    .map(|r| format!("\n  rejected: parameter '{param}' {r}"))
                    .collect();
                return format!("{label} expects ({}){rejected}", sig.display());
            }
        }
    }
    if merged.len() == 1 {
        return format!("{label}{}", merged[0].text());
    }
    let mut lines = Vec::new();
    if sigs.len() == 1 {
        lines.push(format!("{label} expects ({})", sigs[0].display()));
        for m in &reasons[0] {
            lines.push(format!("  rejected:{}", m.text()));
        }
    } else {
        lines.push(format!(
            "The function {label} was called with arguments it does not accept. It expects one of:"
        ));
        for (sig, rs) in sigs.iter().zip(&reasons) {
            lines.push(format!("  ({})", sig.display()));
            for m in rs {
                for text in m.listed() {
                    lines.push(format!("    rejected:{text}"));
                }
            }
        }
    }
    lines.join("\n")
}
