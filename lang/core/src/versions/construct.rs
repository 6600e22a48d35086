//! `SemVer.new` and `SemVerRange.new` with the reference's signatures and errors.

use super::range::SemVerRange;
use crate::error::Error;
use crate::time::dispatch::{arity_reason, expects, got, mismatch, struct_reasons, Signature};
use crate::values::{Map, Value};
use semver::{BuildMetadata, Prerelease, Version};
use std::rc::Rc;

const PATTERN: &str = r"SemVerPattern = Pattern[/\A(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\Z/]";
const QUALIFIER: &str = r"SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/]";
const POSITIVE: &str = "PositiveInteger = Integer[0]";

const VERSION_SIGS: [Signature; 3] = [
    Signature {
        text: r"SemVerPattern = Pattern[/\A(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\Z/] str",
        min: 1,
        max: 1,
    },
    Signature {
        text: r"PositiveInteger = Integer[0] major, PositiveInteger = Integer[0] minor, PositiveInteger = Integer[0] patch, SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/] prerelease?, SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/] build?",
        min: 3,
        max: 5,
    },
    Signature {
        text: r"SemVerHash = Struct[{'major' => PositiveInteger = Integer[0], 'minor' => PositiveInteger = Integer[0], 'patch' => PositiveInteger = Integer[0], Optional['prerelease'] => SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/], Optional['build'] => SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/]}] hash_args",
        min: 1,
        max: 1,
    },
];

const RANGE_SIGS: [Signature; 3] = [
    Signature { text: "SemVerRangeString = String[1] str", min: 1, max: 1 },
    Signature { text: "Variant[Default, SemVer] min, Variant[Default, SemVer] max, Boolean exclude_max?", min: 2, max: 3 },
    Signature {
        text: "SemVerRangeHash = Struct[{'min' => Variant[Default, SemVer], Optional['max'] => Variant[Default, SemVer], Optional['exclude_max'] => Boolean}] hash_args",
        min: 1,
        max: 1,
    },
];

fn is_qualifier(s: &str) -> bool {
    !s.is_empty()
        && s.split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
}

fn positive(v: &Value) -> Result<u64, String> {
    match v {
        Value::Integer(i) if *i >= 0 => Ok(*i as u64),
        Value::Integer(i) => Err(format!("a {POSITIVE} value, got Integer[{i}, {i}]")),
        other => Err(format!("a {POSITIVE} value, got {}", got(other))),
    }
}

fn qualifier(v: &Value) -> Result<&str, String> {
    match v {
        Value::String(s) if is_qualifier(s) => Ok(s),
        Value::String(s) => Err(format!("a match for {QUALIFIER}, got '{s}'")),
        Value::Undef => Err(format!("a match for {QUALIFIER}, got Undef")),
        other => Err(format!("a {QUALIFIER} value, got {}", got(other))),
    }
}

fn version_from(
    major: u64,
    minor: u64,
    patch: u64,
    pre: Option<&str>,
    build: Option<&str>,
) -> Result<Version, Error> {
    let bad = |s: &str| {
        Error::eval(format!(
            "'new_Version' The string '{s}' cannot be converted to a SemVer"
        ))
    };
    let pre = match pre {
        Some(p) => Prerelease::new(p).map_err(|_| bad(p))?,
        None => Prerelease::EMPTY,
    };
    let build = match build {
        Some(b) => BuildMetadata::new(b).map_err(|_| bad(b))?,
        None => BuildMetadata::EMPTY,
    };
    Ok(Version {
        major,
        minor,
        patch,
        pre,
        build,
    })
}

fn hash_reasons(h: &Map) -> Vec<String> {
    struct_reasons(
        "hash_args",
        h,
        &["major", "minor", "patch"],
        &["major", "minor", "patch", "prerelease", "build"],
        &|key, v| match key {
            "major" | "minor" | "patch" => expects(positive(v)),
            _ => expects(qualifier(v)),
        },
    )
}

/// `SemVer.new(string)`, `SemVer.new(major, minor, patch[, prerelease[, build]])`,
/// `SemVer.new({major =>, minor =>, patch =>, prerelease =>, build =>})`.
pub fn semver_new(args: &[Value]) -> Result<Value, Error> {
    let version = match args {
        [Value::String(s)] => super::parse_version(s).ok_or_else(|| super::version_error(s))?,
        [Value::Hash(h)] if hash_reasons(h).is_empty() => {
            let num = |k: &str| h.get(&Value::from(k)).and_then(Value::as_int).unwrap_or(0) as u64;
            let text = |k: &str| h.get(&Value::from(k)).and_then(Value::as_str);
            version_from(
                num("major"),
                num("minor"),
                num("patch"),
                text("prerelease"),
                text("build"),
            )?
        }
        [a, b, c, rest @ ..] if rest.len() <= 2 => {
            let nums: Result<Vec<u64>, String> = [a, b, c].into_iter().map(positive).collect();
            let quals: Result<Vec<&str>, String> = rest.iter().map(qualifier).collect();
            match (nums, quals) {
                (Ok(n), Ok(q)) => {
                    version_from(n[0], n[1], n[2], q.first().copied(), q.get(1).copied())?
                }
                _ => return Err(version_mismatch(args)),
            }
        }
        _ => return Err(version_mismatch(args)),
    };
    Ok(Value::SemVer(Rc::new(version)))
}

fn version_mismatch(args: &[Value]) -> Error {
    let n = args.len();
    let first = args.first();
    let mut reasons = Vec::new();
    reasons.push(
        arity_reason(&VERSION_SIGS[0], n)
            .or_else(|| {
                first.map(|a| {
                    format!(
                        "parameter 'str' expects a match for {PATTERN}, got {}",
                        got(a)
                    )
                })
            })
            .into_iter()
            .collect::<Vec<_>>(),
    );
    let names = ["major", "minor", "patch", "prerelease", "build"];
    reasons.push(
        arity_reason(&VERSION_SIGS[1], n)
            .or_else(|| {
                args.iter()
                    .zip(names)
                    .enumerate()
                    .find_map(|(i, (a, name))| {
                        let why = if i < 3 {
                            positive(a).err()
                        } else {
                            qualifier(a).err()
                        };
                        why.map(|w| format!("parameter '{name}' expects {w}"))
                    })
            })
            .into_iter()
            .collect(),
    );
    reasons.push(match (arity_reason(&VERSION_SIGS[2], n), first) {
        (Some(r), _) => vec![r],
        (None, Some(Value::Hash(h))) => hash_reasons(h),
        (None, Some(other)) => vec![format!(
            "parameter 'hash_args' expects a {} value, got {}",
            VERSION_SIGS[2].text.trim_end_matches(" hash_args"),
            got(other)
        )],
        (None, None) => Vec::new(),
    });
    mismatch("new_Version", &VERSION_SIGS, args, &reasons)
}

fn bound(v: &Value) -> Result<Option<Version>, String> {
    match v {
        Value::Default => Ok(None),
        Value::SemVer(v) => Ok(Some((**v).clone())),
        other => Err(format!(
            "a value of type Default or SemVer, got {}",
            got(other)
        )),
    }
}

fn exclude(v: &Value) -> Result<bool, String> {
    match v {
        Value::Boolean(b) => Ok(*b),
        other => Err(format!("a Boolean value, got {}", got(other))),
    }
}

fn range_hash_reasons(h: &Map) -> Vec<String> {
    struct_reasons(
        "hash_args",
        h,
        &["min"],
        &["min", "max", "exclude_max"],
        &|key, v| match key {
            "exclude_max" => expects(exclude(v)),
            _ => expects(bound(v)),
        },
    )
}

/// `SemVerRange.new(string)`, `SemVerRange.new(min, max[, exclude_max])`,
/// `SemVerRange.new({min =>, max =>, exclude_max =>})`; `default` ends are unbounded.
pub fn semver_range_new(args: &[Value]) -> Result<Value, Error> {
    let range = match args {
        [Value::String(s)] if !s.is_empty() => SemVerRange::parse(s)?,
        [Value::Hash(h)] if range_hash_reasons(h).is_empty() => {
            let get = |k: &str| h.get(&Value::from(k));
            let min = get("min").map(bound).transpose().ok().flatten().flatten();
            let max = get("max").map(bound).transpose().ok().flatten().flatten();
            let excl = get("exclude_max")
                .map(exclude)
                .transpose()
                .ok()
                .flatten()
                .unwrap_or(false);
            SemVerRange::from_bounds(min, max, excl)
        }
        [min, max, rest @ ..] if rest.len() <= 1 => match (
            bound(min),
            bound(max),
            rest.first().map(exclude).transpose(),
        ) {
            (Ok(min), Ok(max), Ok(excl)) => {
                SemVerRange::from_bounds(min, max, excl.unwrap_or(false))
            }
            _ => return Err(range_mismatch(args)),
        },
        _ => return Err(range_mismatch(args)),
    };
    Ok(Value::SemVerRange(Rc::new(range)))
}

fn range_mismatch(args: &[Value]) -> Error {
    let n = args.len();
    let first = args.first();
    let reasons = vec![
        arity_reason(&RANGE_SIGS[0], n)
            .or_else(|| {
                first.map(|a| {
                    format!(
                        "parameter 'str' expects a SemVerRangeString = String[1] value, got {}",
                        got(a)
                    )
                })
            })
            .into_iter()
            .collect::<Vec<_>>(),
        arity_reason(&RANGE_SIGS[1], n)
            .or_else(|| {
                args.iter()
                    .zip(["min", "max", "exclude_max"])
                    .enumerate()
                    .find_map(|(i, (a, name))| {
                        let why = if i < 2 {
                            bound(a).err()
                        } else {
                            exclude(a).err()
                        };
                        why.map(|w| format!("parameter '{name}' expects {w}"))
                    })
            })
            .into_iter()
            .collect(),
        match (arity_reason(&RANGE_SIGS[2], n), first) {
            (Some(r), _) => vec![r],
            (None, Some(Value::Hash(h))) => range_hash_reasons(h),
            (None, Some(other)) => vec![format!(
                "parameter 'hash_args' expects a {} value, got {}",
                RANGE_SIGS[2].text.trim_end_matches(" hash_args"),
                got(other)
            )],
            (None, None) => Vec::new(),
        },
    ];
    mismatch("new_VersionRange", &RANGE_SIGS, args, &reasons)
}
