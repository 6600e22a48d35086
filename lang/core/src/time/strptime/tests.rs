use super::*;

fn p(s: &str, f: Option<&str>, tz: Option<&str>) -> Result<String, String> {
    parse_timestamp(s, f, tz)
        .map(|t| t.to_string())
        .map_err(|e| e.message)
}

#[test]
fn default_formats() {
    assert_eq!(
        p("2016-09-06", None, None),
        Ok("2016-09-06T00:00:00.000000000 UTC".into())
    );
    assert_eq!(
        p("2016-09-06T08:34:59.123 UTC", None, None),
        Ok("2016-09-06T08:34:59.123000000 UTC".into())
    );
    assert_eq!(
        p("2016-09-06T08:34:59.123456789123 UTC", None, None),
        Ok("2016-09-06T08:34:59.123456789 UTC".into())
    );
    assert_eq!(
        p("2016-09-06T08:34:59.123 +02:00", None, None),
        Ok("2016-09-06T06:34:59.123000000 UTC".into())
    );
    assert_eq!(
        p("2016-09-06 08:34:59 PST", None, None),
        Ok("2016-09-06T16:34:59.000000000 UTC".into())
    );
    assert_eq!(
        p("2016-09-06T08:34:59 CEST", None, None),
        Ok("2016-09-06T06:34:59.000000000 UTC".into())
    );
    assert_eq!(
        p("2016-09-06T08:34:59 +0530", None, None),
        Ok("2016-09-06T03:04:59.000000000 UTC".into())
    );
    assert_eq!(
        p("2016-09-06T08:34:59 +5", None, None),
        Ok("2016-09-06T03:34:59.000000000 UTC".into())
    );
    assert_eq!(
        p("2016-09-06", None, Some("EST")),
        Ok("2016-09-06T05:00:00.000000000 UTC".into())
    );
    assert_eq!(
        p("garbage", None, None),
        Err("Unable to parse 'garbage' using any of the formats %FT%T.%N %Z, %FT%T %Z, %F %T.%N %Z, %F %T %Z, %F %Z, %FT%T.%N, %FT%T, %F %T.%N, %F %T, %F".into())
    );
}

#[test]
fn explicit_formats() {
    let ok = |s: &str, f: &str, want: &str| {
        assert_eq!(p(s, Some(f), None), Ok(want.to_string()), "{s} {f}")
    };
    ok("2015", "%Y", "2015-01-01T00:00:00.000000000 UTC");
    ok(
        "Wed Aug 24 12:13:14 2016",
        "%c",
        "2016-08-24T12:13:14.000000000 UTC",
    );
    ok(
        "Wed Aug 24 12:13:14 2016 PDT",
        "%c %Z",
        "2016-08-24T19:13:14.000000000 UTC",
    );
    ok(
        "2016-09-06T08:34",
        "%FT%R",
        "2016-09-06T08:34:00.000000000 UTC",
    );
    ok("08/24/16", "%D", "2016-08-24T00:00:00.000000000 UTC");
    ok("08/24/16", "%x", "2016-08-24T00:00:00.000000000 UTC");
    ok("24-AUG-2016", "%v", "2016-08-24T00:00:00.000000000 UTC");
    ok(
        "12:13:14 PM 2016-01-01",
        "%r %F",
        "2016-01-01T12:13:14.000000000 UTC",
    );
    ok(
        "12:13:14 AM 2016-01-01",
        "%r %F",
        "2016-01-01T00:13:14.000000000 UTC",
    );
    ok(
        "2016-01-01 13pm",
        "%F %H%p",
        "2016-01-01T13:00:00.000000000 UTC",
    );
    ok("20160906", "%Y%m%d", "2016-09-06T00:00:00.000000000 UTC");
    ok(
        "2016-09-06  10",
        "%F %H",
        "2016-09-06T10:00:00.000000000 UTC",
    );
    ok(
        "2016-09-06 10",
        "%F  %H",
        "2016-09-06T10:00:00.000000000 UTC",
    );
    ok(
        "2016-sep-06",
        "%Y-%b-%d",
        "2016-09-06T00:00:00.000000000 UTC",
    );
    ok(
        "2016-SEPTEMBER-06",
        "%Y-%B-%d",
        "2016-09-06T00:00:00.000000000 UTC",
    );
    ok("-0001-01-01", "%F", "-0001-01-01T00:00:00.000000000 UTC");
    ok("12016-01-01", "%F", "12016-01-01T00:00:00.000000000 UTC");
    ok(
        "2016-01-01 20",
        "%F %C",
        "4016-01-01T00:00:00.000000000 UTC",
    );
    ok(
        "2016-09-06 08:34:60",
        "%F %T",
        "2016-09-06T08:35:00.000000000 UTC",
    );
    ok(
        "2016-09-06 24:00:00",
        "%F %T",
        "2016-09-07T00:00:00.000000000 UTC",
    );
    ok(
        "2016-09-06 00:00:00.123456",
        "%F %T.%L",
        "2016-09-06T00:00:00.123456000 UTC",
    );
    ok(
        "Tuesday 6 September 2016 8pm",
        "%A %d %B %Y %l%P",
        "2016-09-06T20:00:00.000000000 UTC",
    );
    ok(
        "2016-9-6 8:4:9",
        "%Y-%m-%d %H:%M:%S",
        "2016-09-06T08:04:09.000000000 UTC",
    );
    ok("2016-02-30", "%F", "2016-03-01T00:00:00.000000000 UTC");
    ok("2016-09-06", "  %F", "2016-09-06T00:00:00.000000000 UTC");
    ok("2016-09-06 %", "%F %%", "2016-09-06T00:00:00.000000000 UTC");
    ok("2016 9 6", "%Y %e %d", "2016-01-06T00:00:00.000000000 UTC");
    ok("2016-09-06 z", "%F %Z", "2016-09-06T00:00:00.000000000 UTC");
    ok(
        "2016-09-06 GMT+5",
        "%F %Z",
        "2016-09-05T19:00:00.000000000 UTC",
    );
    ok(
        "2016-09-06 +05:30:15",
        "%F %z",
        "2016-09-05T18:29:45.000000000 UTC",
    );
    ok("16/09/06", "%y/%m/%d", "2016-09-06T00:00:00.000000000 UTC");
    // Extensions beyond the reference: %s and %j (the spec lists both).
    ok("1473150899", "%s", "2016-09-06T08:34:59.000000000 UTC");
    ok("2016 250", "%Y %j", "2016-09-06T00:00:00.000000000 UTC");
    let bad = |s: &str, f: &str| {
        assert_eq!(
            p(s, Some(f), None),
            Err(format!("Unable to parse '{s}' using format '{f}'"))
        )
    };
    bad("2016-09-06", "%Q");
    bad("2016-09-06x", "%F");
    bad("2016-09-06 10", "%F%H");
    bad("2016-09-06t10", "%FT%H");
    bad("2016-13-01", "%F");
    bad("  2016-09-06", "%F");
    bad("2016-09-06T25:00:00", "%FT%T");
    bad("2016-09-06 00:00:00.123", "%F %T.%3N");
    bad("Xyz 2016-09-06", "%a %F");
    bad("2016-09-06 EST5EDT", "%F %Z");
    assert_eq!(
        p("2016-09-06 xyz", Some("%F %Z"), None),
        Err("Illegal timezone 'xyz'".into())
    );
    assert_eq!(
        p("2016-09-06 zulu", Some("%F %Z"), None),
        Err("Illegal timezone 'zulu'".into())
    );
    assert_eq!(
        p("2016-09-06", Some("%F"), Some("+02:00")),
        Ok("2016-09-05T22:00:00.000000000 UTC".into())
    );
    assert_eq!(
        p("2016-09-06", Some("%F"), Some("Europe/Stockholm")),
        Ok("2016-09-05T22:00:00.000000000 UTC".into())
    );
    assert_eq!(
        p("2016-09-06 +01:00", Some("%F %z"), Some("+02:00")),
        Err("Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument".into())
    );
    assert_eq!(
        p("2016-09-06 +01:00", Some("%F %z"), None),
        Ok("2016-09-05T23:00:00.000000000 UTC".into())
    );
    assert_eq!(
        parse_timestamp_any("x", &["%F", "%D"], None)
            .unwrap_err()
            .message,
        "Unable to parse 'x' using any of the formats %F, %D"
    );
    assert_eq!(
        parse_timestamp_any("2016-09-06", &["%Q", "%F"], None)
            .unwrap()
            .to_string(),
        "2016-09-06T00:00:00.000000000 UTC"
    );
}

#[test]
fn named_zones_follow_daylight_saving() {
    // IANA names are an extension: the reference only knows offsets and abbreviations.
    assert_eq!(
        p("2016-07-01 12:00", Some("%F %R"), Some("Europe/Stockholm")),
        Ok("2016-07-01T10:00:00.000000000 UTC".into())
    );
    assert_eq!(
        p("2016-01-01 12:00", Some("%F %R"), Some("Europe/Stockholm")),
        Ok("2016-01-01T11:00:00.000000000 UTC".into())
    );
    let t = parse_timestamp("2016-07-01T10:00:00 UTC", None, None).unwrap();
    assert_eq!(
        crate::time::format_timestamp(t, "%F %T %z %Z", Some("Europe/Stockholm")).unwrap(),
        "2016-07-01 12:00:00 +0200 CEST"
    );
}
