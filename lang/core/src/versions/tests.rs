use super::*;
use std::rc::Rc;

fn ver(s: &str) -> Version {
    Version::parse(s).unwrap()
}
fn range(s: &str) -> SemVerRange {
    SemVerRange::parse(s).unwrap()
}
fn sv(s: &str) -> Value {
    Value::SemVer(Rc::new(ver(s)))
}
fn new_version(args: &[Value]) -> Result<String, String> {
    match semver_new(args) {
        Ok(Value::SemVer(v)) => Ok(semver_programmatic(&v)),
        Ok(other) => Err(format!("{other:?}")),
        Err(e) => Err(e.message),
    }
}
fn new_range(args: &[Value]) -> Result<String, String> {
    match semver_range_new(args) {
        Ok(Value::SemVerRange(r)) => Ok(semver_range_programmatic(&r)),
        Ok(other) => Err(format!("{other:?}")),
        Err(e) => Err(e.message),
    }
}
fn hash(entries: &[(&str, Value)]) -> Value {
    let mut m = crate::values::Map::default();
    for (k, v) in entries {
        m.insert(Value::from(*k), v.clone());
    }
    Value::hash(m)
}

#[test]
fn versions() {
    let i = Value::Integer;
    assert_eq!(new_version(&["1.2.3".into()]), Ok("SemVer('1.2.3')".into()));
    assert_eq!(
        new_version(&["1.2.3-rc.1+build.5".into()]),
        Ok("SemVer('1.2.3-rc.1+build.5')".into())
    );
    assert_eq!(
        new_version(&[i(1), i(2), i(3)]),
        Ok("SemVer('1.2.3')".into())
    );
    assert_eq!(
        new_version(&[i(1), i(2), i(3), "rc1".into()]),
        Ok("SemVer('1.2.3-rc1')".into())
    );
    assert_eq!(
        new_version(&[i(1), i(2), i(3), "rc1".into(), "b2".into()]),
        Ok("SemVer('1.2.3-rc1+b2')".into())
    );
    assert_eq!(
        new_version(&[hash(&[
            ("major", i(1)),
            ("minor", i(2)),
            ("patch", i(3)),
            ("prerelease", "x".into())
        ])]),
        Ok("SemVer('1.2.3-x')".into())
    );
    for bad in ["1.2", "v1.2.3", "01.2.3"] {
        assert_eq!(
            new_version(&[bad.into()]),
            Err(format!(
                "'new_Version' The string '{bad}' cannot be converted to a SemVer"
            ))
        );
    }
    let e = new_version(&[i(-1), i(2), i(3)]).unwrap_err();
    assert!(e.starts_with("The function 'new_Version' was called with arguments it does not accept. It expects one of:\n"));
    assert!(e.contains("    rejected: parameter 'major' expects a PositiveInteger = Integer[0] value, got Integer[-1, -1]\n"));
    let e = new_version(&[i(1), i(2), i(3), Value::Undef, "b2".into()]).unwrap_err();
    assert!(e.contains(r"    rejected: parameter 'prerelease' expects a match for SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/], got Undef"));
    let e = new_version(&[i(1), i(2), i(3), "a..b".into()]).unwrap_err();
    assert!(
        e.contains("got 'a..b'\n  (SemVerHash = Struct[{'major' => PositiveInteger = Integer[0], ")
    );
    assert!(e.ends_with("    rejected: expects 1 argument, got 4"));
}

#[test]
fn version_order_ignores_build() {
    use std::cmp::Ordering::*;
    assert_eq!(cmp_versions(&ver("1.2.3"), &ver("1.2.4")), Less);
    assert_eq!(cmp_versions(&ver("1.2.3-a"), &ver("1.2.3")), Less);
    assert_eq!(cmp_versions(&ver("1.2.3+a"), &ver("1.2.3+b")), Equal);
    assert_ne!(ver("1.2.3+a"), ver("1.2.3+b"));
    assert_eq!(
        cmp_versions(&ver("1.0.0-alpha.1"), &ver("1.0.0-alpha.beta")),
        Less
    );
    assert_eq!(cmp_versions(&ver("1.0.0-2"), &ver("1.0.0-10")), Less);
    assert_eq!(cmp_versions(&ver("1.0.0-rc.2"), &ver("1.0.0-rc.10")), Less);
    assert_eq!(
        compare_checked(&sv("1.0.0"), &"2.0.0".into(), "<").unwrap().unwrap_err().message,
        "Comparison of: Semver < String, is not possible. Caused by 'Versions not comparable to non Versions'."
    );
    assert_eq!(
        compare_checked(&sv("1.0.0"), &Value::Integer(1), "<").unwrap().unwrap_err().message,
        "Comparison of: Semver < Integer, is not possible. Caused by 'Versions not comparable to non Versions'."
    );
    assert_eq!(
        compare_checked(&"a".into(), &sv("1.0.0"), "<").unwrap().unwrap_err().message,
        "Comparison of: String < Semver, is not possible. Caused by 'A String is not comparable to a non String'."
    );
}

#[test]
fn range_texts_are_kept() {
    for s in [
        "~1.2",
        ">=1.0.0 <2.0.0",
        "1.x",
        "1.2.*",
        "^1.2.3",
        "^0.2.3",
        "^0.0.3",
        "^0",
        "^1.2",
        "1.2.3 - 2.3.4",
        "1.2 - 2.3",
        "1.2.3 || 2.0.0",
        "*",
        ">1",
        "<=1.2",
        "<1.2",
        ">=1.2",
        ">1.2",
        "1.2.3",
        "=1.2.3",
        "~1.2.3",
        "~1",
        "~>1.2",
        ">=1.2.3-beta <2",
        ">=1.2.3 >=1.5.0",
        ">=2.0.0 <1.0.0",
        "<1.0.0 >2.0.0",
        "1.2.3-alpha - 2",
        "x",
        "1.2.x-foo",
        ">= 1.2.3",
        "<2.0.0 >=1.0.0",
    ] {
        assert_eq!(new_range(&[s.into()]), Ok(format!("SemVerRange('{s}')")));
    }
    for bad in ["garbage", "  >=1.2.3   "] {
        assert_eq!(
            new_range(&[bad.into()]),
            Err(format!("Unparsable version range: \"{bad}\""))
        );
    }
    assert!(new_range(&["".into()]).unwrap_err().contains(
        "  (SemVerRangeString = String[1] str)\n    rejected: parameter 'str' expects a SemVerRangeString = String[1] value, got String\n"
    ));
    assert_eq!(range("1.2.3"), range("=1.2.3"));
}

#[test]
fn range_membership() {
    let cases: &[(&str, &str, bool)] = &[
        (">=1.0.0 <2.0.0", "1.5.0", true),
        (">=1.0.0 <2.0.0", "2.0.0-rc1", false),
        (">=1.0.0 <2.0.0", "1.5.0-rc1", false),
        (">=1.0.0-rc0 <2.0.0", "1.0.0-rc1", true),
        ("1.x", "1.5.0", true),
        ("1.x", "2.0.0", false),
        ("~1.2", "1.2.9", true),
        ("~1.2", "1.3.0", false),
        ("~1.2.3", "1.2.2", false),
        ("^1.2.3", "1.9.0", true),
        ("^1.2.3", "2.0.0", false),
        ("^0.2.3", "0.2.9", true),
        ("^0.2.3", "0.3.0", false),
        ("^0.0.3", "0.0.4", true),
        ("1.2.3 - 2.3.4", "2.3.4", true),
        ("1.2 - 2.3", "2.3.1", false),
        ("1.2.3 || 2.0.0", "2.0.0", true),
        ("1.2.3 || 2.0.0", "1.5.0", false),
        ("*", "1.0.0-rc1", true),
        (">1", "2.0.0", true),
        (">1", "1.9.9", false),
        (">1.2", "1.3.0", true),
        (">1.2", "1.2.9", false),
        ("<=1.2", "1.2.9", true),
        ("<=1.2", "1.3.0", false),
        (">=2.0.0 <1.0.0", "1.5.0", false),
        ("1.2.x-foo", "1.2.5", true),
        (">= 1.2.3", "1.2.3", true),
        ("=1.2.3", "1.2.3+build", false),
        (">=1.2.3", "1.2.3+build", true),
        ("1.2.3+b", "1.2.3", false),
    ];
    for (r, v, want) in cases {
        assert_eq!(range(r).includes(&ver(v)), *want, "{v} in {r}");
    }
    assert_eq!(range_matches(&range("1.x"), &"1.5.0".into()), Some(true));
    assert_eq!(range_matches(&range("1.x"), &"nope".into()), None);
}

#[test]
fn ranges_from_bounds() {
    // The reference prints these with min and max swapped; the ranges themselves are right.
    assert_eq!(
        new_range(&[sv("1.0.0"), sv("2.0.0")]),
        Ok("SemVerRange('1.0.0 - 2.0.0')".into())
    );
    assert_eq!(
        new_range(&[sv("1.0.0"), sv("2.0.0"), true.into()]),
        Ok("SemVerRange('>=1.0.0 <2.0.0')".into())
    );
    assert_eq!(
        new_range(&[Value::Default, sv("2.0.0")]),
        Ok("SemVerRange('<=2.0.0')".into())
    );
    assert_eq!(
        new_range(&[sv("1.0.0"), Value::Default]),
        Ok("SemVerRange('>=1.0.0')".into())
    );
    assert_eq!(
        new_range(&[hash(&[
            ("min", sv("1.0.0")),
            ("max", sv("2.0.0")),
            ("exclude_max", true.into())
        ])]),
        Ok("SemVerRange('>=1.0.0 <2.0.0')".into())
    );
    assert_eq!(
        new_range(&[hash(&[("min", sv("1.0.0"))])]),
        Ok("SemVerRange('>=1.0.0')".into())
    );
    let r = SemVerRange::from_bounds(Some(ver("1.0.0")), Some(ver("2.0.0")), true);
    assert!(r.includes(&ver("1.9.9")) && !r.includes(&ver("2.0.0")));
    assert_eq!(r, range(">=1.0.0 <2.0.0"));
}

#[test]
fn merging() {
    let texts = |rs: Vec<SemVerRange>| rs.iter().map(|r| r.text().to_string()).collect::<Vec<_>>();
    assert_eq!(
        texts(merge_ranges(vec![
            range(">=1.0.0 <2.0.0"),
            range(">=3.0.0 <4.0.0")
        ])),
        vec![">=1.0.0 <2.0.0", ">=3.0.0 <4.0.0"]
    );
    // The reference prints the merged range as '>=4.0.0 <1.0.0'.
    assert_eq!(
        texts(merge_ranges(vec![
            range(">=1.0.0 <2.0.0"),
            range(">=2.0.0 <4.0.0")
        ])),
        vec![">=1.0.0 <4.0.0"]
    );
    assert_eq!(
        texts(merge_ranges(vec![
            range(">=1.0.0 <2.0.0"),
            range(">=1.5.0 <4.0.0")
        ])),
        vec![">=1.0.0 <4.0.0"]
    );
    // Not adjacent: 1.2.4's prereleases lie between them (the reference agrees).
    assert_eq!(
        texts(merge_ranges(vec![range("1.2.3"), range("1.2.4")])),
        vec!["1.2.3", "1.2.4"]
    );
    assert_eq!(
        texts(merge_ranges(vec![range("<1.2.3"), range("1.2.3")])),
        vec!["<=1.2.3"]
    );
    assert_eq!(
        texts(merge_ranges(vec![range(">=3.0.0"), range("<1.0.0")])),
        vec![">=3.0.0", "<1.0.0"]
    );
    assert_eq!(
        texts(merge_ranges(vec![range("<2.0.0"), range(">=1.0.0")])),
        vec!["*"]
    );
    let i = range(">=1.0.0 <3.0.0").intersection(&range(">=2.0.0"));
    assert_eq!(i.text(), ">=2.0.0 <3.0.0");
    assert!(range(">=1.2.0 <1.3.0").is_covered_by(&range("1.x")));
    assert!(!range("1.x").is_covered_by(&range("~1.2")));
}

/// Membership cases recorded from the reference (`testdata/ranges.jsonl`).
#[test]
fn recorded_range_membership() {
    let data = include_str!("testdata/ranges.jsonl");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in data.lines().filter(|l| !l.is_empty()) {
        let r: serde_json::Value = serde_json::from_str(line).expect("valid test data");
        let (Some(rs), Some(vs), Some(want)) = (
            r["range"].as_str(),
            r["version"].as_str(),
            r["expect"].as_bool(),
        ) else {
            panic!("bad record {line}");
        };
        count += 1;
        if range(rs).includes(&ver(vs)) != want {
            failures.push(format!("{vs} in {rs}: want {want}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn range_edge_cases() {
    for bad in [
        "1.2.3.4",
        ">=",
        "~",
        "1.2.3 -",
        "- 1.2.3",
        "a || b",
        "v1.2.3",
        ">= v1.2.3",
    ] {
        assert_eq!(
            new_range(&[bad.into()]),
            Err(format!("Unparsable version range: \"{bad}\"")),
            "{bad}"
        );
    }
    assert_eq!(
        new_range(&["1.2.3 || ".into()]),
        Ok("SemVerRange('1.2.3 || ')".into())
    );
    assert_eq!(
        new_range(&[" || 1.2.3".into()]),
        Ok("SemVerRange(' || 1.2.3')".into())
    );
    assert_eq!(new_range(&["||".into()]), Ok("SemVerRange('*')".into()));
    assert_eq!(
        new_range(&["=v1.2.3".into()]),
        Ok("SemVerRange('=v1.2.3')".into())
    );
    let leading_zero =
        Err("Numeric pre-release identifiers MUST NOT contain leading zeroes".to_string());
    assert_eq!(new_range(&["1.2.3-01".into()]), leading_zero);
    assert_eq!(new_version(&["1.0.0-01".into()]), leading_zero);
    assert!(range(">=1.0.0 <2.0.0 || >=1.5.0 <3.0.0").includes(&ver("2.5.0")));
    assert!(range("<1.0.0 || >=1.0.0").includes(&ver("1.0.0")));
    assert!(!range(">x").includes(&ver("3.0.0")));
    assert!(!range("1.2.3 1.2.4").includes(&ver("1.0.0")));
    assert!(range("~x").includes(&ver("3.0.0")));
    assert!(!range("1.2.3+a").includes(&ver("1.2.3+b")));
    assert!(range(">=1.2.3-a <=1.2.3-a").includes(&ver("1.2.3-a")));
    assert_eq!(range(">=1.0.0 <2.0.0"), range("1.x"));
    assert_eq!(range("1.2.3 || 1.2.3"), range("1.2.3"));
    assert_ne!(range(">1.0.0 <2.0.0"), range(">=1.0.1 <2.0.0"));
    assert_eq!(range_matches(&range("1.x"), &Value::Integer(1)), None);
    let texts = |rs: Vec<SemVerRange>| rs.iter().map(|r| r.text().to_string()).collect::<Vec<_>>();
    assert_eq!(
        texts(merge_ranges(vec![range(">=1.0.0"), range("<0.5.0")])),
        vec![">=1.0.0", "<0.5.0"]
    );
    // The reference merges these too, but prints '>=3.0.0 <1.0.0' and '>=4.0.0 <1.0.0'.
    assert_eq!(
        texts(merge_ranges(vec![range("1.x"), range("2.x")])),
        vec![">=1.0.0 <3.0.0"]
    );
    assert_eq!(
        texts(merge_ranges(vec![range("1.x"), range("3.x"), range("2.x")])),
        vec![">=1.0.0 <4.0.0"]
    );
    assert_eq!(
        texts(merge_ranges(vec![range(">=2.0.0 <1.0.0"), range("1.x")])),
        vec![">=2.0.0 <1.0.0", "1.x"]
    );
}

#[test]
fn ranges_with_prerelease_bounds_are_not_merged() {
    // `>1.2.3-rc.1` lets in 1.2.3's prereleases, which `~> 1.2` does not: merged into one
    // interval they would be lost (`versions` area, seed 40).
    let merged = merge_ranges(vec![range(">1.2.3-rc.1"), range("~> 1.2")]);
    let texts: Vec<String> = merged.iter().map(|r| r.text().to_string()).collect();
    assert_eq!(texts, vec![">1.2.3-rc.1", "~> 1.2"]);
    assert!(merged.iter().any(|r| r.includes(&ver("1.2.3-rc.2"))));
}

#[test]
fn ranges_merge_across_a_range_with_a_prerelease_bound() {
    // `>=1.0.0-rc.1` sorts between `>1.0.0` and `<1.5.0`, whose union is `*` (which
    // admits every version: the prerelease range adds nothing); grammar area, session 49.
    let texts = |rs: Vec<SemVerRange>| rs.iter().map(|r| r.text().to_string()).collect::<Vec<_>>();
    assert_eq!(
        texts(merge_ranges(vec![
            range(">1.0.0"),
            range(">=1.0.0-rc.1"),
            range("<1.5.0")
        ])),
        vec!["*"]
    );
    assert_eq!(
        texts(merge_ranges(vec![
            range(">=1.0.0 <1.2.0"),
            range(">=1.1.0-rc.1 <1.1.5"),
            range(">=1.1.0 <2.0.0")
        ])),
        vec![">=1.1.0-rc.1 <1.1.5", ">=1.0.0 <2.0.0"]
    );
    // (a merged group comes where its last range was written, as the reference orders them)
    assert_eq!(
        texts(merge_ranges(vec![
            range("2.x"),
            range("~1.2"),
            range(">=3.0.0")
        ])),
        vec!["~1.2", ">=2.0.0"]
    );
}
