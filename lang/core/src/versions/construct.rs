//! `SemVer.new` and `SemVerRange.new` with the reference's signatures and errors.

use super::range::SemVerRange;
use crate::error::Error;
use crate::time::construct::entry;
use crate::time::dispatch::{mismatch, select, Signature};
use crate::values::Value;
use semver::{BuildMetadata, Prerelease, Version};
use std::rc::Rc;

static VERSION_SIGS: [Signature; 3] = [
    Signature {
        text: r"SemVerPattern = Pattern[/\A(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\Z/] str",
        params: &[("str", "SemVerPattern")],
        min: 1,
    },
    Signature {
        text: r"PositiveInteger = Integer[0] major, PositiveInteger = Integer[0] minor, PositiveInteger = Integer[0] patch, SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/] prerelease?, SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/] build?",
        params: &[
            ("major", "PositiveInteger"),
            ("minor", "PositiveInteger"),
            ("patch", "PositiveInteger"),
            ("prerelease", "SemVerQualifier"),
            ("build", "SemVerQualifier"),
        ],
        min: 3,
    },
    Signature {
        text: r"SemVerHash = Struct[{'major' => PositiveInteger = Integer[0], 'minor' => PositiveInteger = Integer[0], 'patch' => PositiveInteger = Integer[0], Optional['prerelease'] => SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/], Optional['build'] => SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/]}] hash_args",
        params: &[("hash_args", "SemVerHash")],
        min: 1,
    },
];

/// The reference's `SemVerQualifier` pattern and the one prepl checks (`types::typesrc`):
/// Onigmo's call of the group `part` written out, the same language.
const QUALIFIER: (&str, &str) = (
    r"(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*",
    r"(?<part>[0-9A-Za-z-]+)(?:\.[0-9A-Za-z-]+)*",
);

static RANGE_SIGS: [Signature; 3] = [
    Signature {
        text: "SemVerRangeString = String[1] str",
        params: &[("str", "SemVerRangeString")],
        min: 1,
    },
    Signature {
        text: "Variant[Default, SemVer] min, Variant[Default, SemVer] max, Boolean exclude_max?",
        params: &[
            ("min", "Variant[Default, SemVer]"),
            ("max", "Variant[Default, SemVer]"),
            ("exclude_max", "Boolean"),
        ],
        min: 2,
    },
    Signature {
        text: "SemVerRangeHash = Struct[{'min' => Variant[Default, SemVer], Optional['max'] => Variant[Default, SemVer], Optional['exclude_max'] => Boolean}] hash_args",
        params: &[("hash_args", "SemVerRangeHash")],
        min: 1,
    },
];

fn number(v: Option<&Value>) -> u64 {
    v.and_then(Value::as_int).unwrap_or(0) as u64
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

/// `SemVer.new(string)`, `SemVer.new(major, minor, patch[, prerelease[, build]])`,
/// `SemVer.new({major =>, minor =>, patch =>, prerelease =>, build =>})`.
pub fn semver_new(args: &[Value]) -> Result<Value, Error> {
    let version = match args {
        [Value::String(s)] => super::parse_version(s).ok_or_else(|| super::version_error(s))?,
        _ => match select(&VERSION_SIGS, args) {
            Some(1) => version_from(
                number(args.first()),
                number(args.get(1)),
                number(args.get(2)),
                args.get(3).and_then(Value::as_str),
                args.get(4).and_then(Value::as_str),
            )?,
            Some(_) => version_from(
                number(entry(args, "major")),
                number(entry(args, "minor")),
                number(entry(args, "patch")),
                entry(args, "prerelease").and_then(Value::as_str),
                entry(args, "build").and_then(Value::as_str),
            )?,
            None => {
                let e = mismatch("new_Version", &VERSION_SIGS, args);
                return Err(Error::eval(e.message.replace(QUALIFIER.1, QUALIFIER.0)));
            }
        },
    };
    Ok(Value::SemVer(Rc::new(version)))
}

fn bound(v: Option<&Value>) -> Option<Version> {
    match v {
        Some(Value::SemVer(v)) => Some((**v).clone()),
        _ => None,
    }
}

/// `SemVerRange.new(string)`, `SemVerRange.new(min, max[, exclude_max])`,
/// `SemVerRange.new({min =>, max =>, exclude_max =>})`; `default` ends are unbounded.
pub fn semver_range_new(args: &[Value]) -> Result<Value, Error> {
    let range = match select(&RANGE_SIGS, args) {
        Some(0) => SemVerRange::parse(args[0].as_str().unwrap_or_default())?,
        Some(1) => SemVerRange::from_bounds(
            bound(args.first()),
            bound(args.get(1)),
            matches!(args.get(2), Some(Value::Boolean(true))),
        ),
        Some(_) => SemVerRange::from_bounds(
            bound(entry(args, "min")),
            bound(entry(args, "max")),
            matches!(entry(args, "exclude_max"), Some(Value::Boolean(true))),
        ),
        None => return Err(mismatch("new_VersionRange", &RANGE_SIGS, args)),
    };
    Ok(Value::SemVerRange(Rc::new(range)))
}
