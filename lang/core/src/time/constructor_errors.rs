//! Constructor argument errors compared with the reference's full messages
//! (`testdata/constructor_errors.txt`: each case's source, then the value or `ERR message`).

use crate::values::Value;
use std::rc::Rc;
fn h(e: &[(&str, Value)]) -> Value {
    let mut m = crate::values::Map::default();
    for (k, v) in e {
        m.insert(Value::from(*k), v.clone());
    }
    Value::hash(m)
}
fn sv(s: &str) -> Value {
    Value::SemVer(Rc::new(semver::Version::parse(s).unwrap()))
}
type Constructor = fn(&[Value]) -> Result<Value, crate::Error>;

#[test]
fn constructor_errors_match_the_reference() {
    let i = Value::Integer;
    let cases: Vec<(&str, Vec<Value>, Constructor)> = vec![
        ("SemVer(1)", vec![i(1)], crate::versions::semver_new),
        (
            "SemVer('1.2.3', 1)",
            vec!["1.2.3".into(), i(1)],
            crate::versions::semver_new,
        ),
        (
            "SemVer({major=>1})",
            vec![h(&[("major", i(1))])],
            crate::versions::semver_new,
        ),
        (
            "SemVer({major=>1,minor=>2,patch=>3,foo=>1})",
            vec![h(&[
                ("major", i(1)),
                ("minor", i(2)),
                ("patch", i(3)),
                ("foo", i(1)),
            ])],
            crate::versions::semver_new,
        ),
        (
            "SemVer(1,2,'3')",
            vec![i(1), i(2), "3".into()],
            crate::versions::semver_new,
        ),
        (
            "SemVerRange(1)",
            vec![i(1)],
            crate::versions::semver_range_new,
        ),
        (
            "SemVerRange('1.0.0', '2.0.0')",
            vec!["1.0.0".into(), "2.0.0".into()],
            crate::versions::semver_range_new,
        ),
        (
            "SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'), 'x')",
            vec![sv("1.0.0"), sv("2.0.0"), "x".into()],
            crate::versions::semver_range_new,
        ),
        (
            "SemVerRange({max=>SemVer('1.0.0')})",
            vec![h(&[("max", sv("1.0.0"))])],
            crate::versions::semver_range_new,
        ),
        (
            "SemVerRange({min=>1})",
            vec![h(&[("min", i(1))])],
            crate::versions::semver_range_new,
        ),
        (
            "Timestamp(true)",
            vec![true.into()],
            crate::time::timestamp_new,
        ),
        (
            "Timestamp('x', 1)",
            vec!["x".into(), i(1)],
            crate::time::timestamp_new,
        ),
        (
            "Timestamp({string=>''})",
            vec![h(&[("string", "".into())])],
            crate::time::timestamp_new,
        ),
        (
            "Timestamp({format=>'%Y'})",
            vec![h(&[("format", "%Y".into())])],
            crate::time::timestamp_new,
        ),
        (
            "Timestamp(1,2,3,4)",
            vec![i(1), i(2), i(3), i(4)],
            crate::time::timestamp_new,
        ),
        (
            "Timespan(true)",
            vec![true.into()],
            crate::time::timespan_new,
        ),
        (
            "Timespan('1', 'x')",
            vec!["1".into(), "x".into()],
            crate::time::timespan_new,
        ),
        (
            "Timespan('1', [])",
            vec!["1".into(), Value::empty_array()],
            crate::time::timespan_new,
        ),
        (
            "Timespan({string=>'1', foo=>2})",
            vec![h(&[("string", "1".into()), ("foo", i(2))])],
            crate::time::timespan_new,
        ),
        (
            "Timespan(1,2,3,4,5,6,7,8)",
            vec![i(1), i(2), i(3), i(4), i(5), i(6), i(7), i(8)],
            crate::time::timespan_new,
        ),
        ("SemVer()", vec![], crate::versions::semver_new),
        ("SemVerRange()", vec![], crate::versions::semver_range_new),
        // (session 45: described by the generic mismatch descriptions)
        (
            "Timespan([])",
            vec![Value::empty_array()],
            crate::time::timespan_new,
        ),
        (
            "Timestamp('x', ['%Y', []])",
            vec![
                "x".into(),
                Value::array(vec!["%Y".into(), Value::empty_array()]),
            ],
            crate::time::timestamp_new,
        ),
        (
            "SemVer(1,2,3,4)",
            vec![i(1), i(2), i(3), i(4)],
            crate::versions::semver_new,
        ),
        (
            "SemVerRange({})",
            vec![h(&[])],
            crate::versions::semver_range_new,
        ),
    ];
    let mut out = String::new();
    for (src, args, f) in cases {
        out.push_str(&format!("=== {src}\n"));
        match f(&args) {
            Ok(v) => out.push_str(&format!("{v:?}\n")),
            Err(e) => out.push_str(&format!("ERR {}\n", e.message)),
        }
    }
    let want = include_str!("testdata/constructor_errors.txt");
    for (w, g) in want.lines().zip(out.lines()) {
        assert_eq!(g, w);
    }
    assert_eq!(out.lines().count(), want.lines().count());
}
