use super::*;

#[test]
fn designators_as_the_reference_reads_them() {
    let cases: &[(&str, Option<i32>)] = &[
        ("UTC", Some(0)),
        ("utc", Some(0)),
        ("Z", Some(0)),
        ("+02:00", Some(7200)),
        ("-0530", Some(-19800)),
        ("+9", Some(32400)),
        ("GMT+2", Some(7200)),
        ("+5:30", Some(19800)),
        ("+053015", Some(19815)),
        ("+5.5", Some(19800)),
        ("CET", Some(3600)),
        ("CEST", Some(7200)),
        ("PDT", Some(-25200)),
        ("IST", Some(19800)),
        ("A", Some(3600)),
        ("M", Some(43200)),
        ("N", Some(-3600)),
        ("Y", Some(-43200)),
        ("J", None),
        ("EDT dst", Some(-10800)),
        ("xyz", None),
        ("zulu", None),
    ];
    for (s, want) in cases {
        assert_eq!(designator_offset(s), *want, "{s}");
    }
}

#[test]
fn iana_names_and_errors() {
    let z = Zone::parse("Europe/Stockholm").unwrap();
    assert_eq!(z.offset_at(0), 3600);
    assert_eq!(z.abbreviation_at(0), "CET");
    assert_eq!(
        Zone::parse("xyz").unwrap_err().message,
        "Illegal timezone 'xyz'"
    );
}
