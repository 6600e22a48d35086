use super::*;
use crate::time::strptime::parse_timestamp;

fn ts(s: &str) -> Timestamp {
    parse_timestamp(s, None, None).unwrap()
}

#[test]
fn every_directive() {
    let t = ts("2016-08-24T12:13:14.123456789 UTC");
    let f = "%Y|%C|%y|%m|%B|%b|%h|%d|%e|%j|%H|%k|%I|%l|%P|%p|%M|%S|%L|%N|%3N|%6N|%12N|%z|%:z|%::z|%Z|%A|%a|%u|%w|%G|%g|%V|%U|%W|%s|%n|%t|%%|%c|%D|%F|%v|%x|%X|%r|%R|%T";
    assert_eq!(
        format_timestamp(t, f, None).unwrap(),
        "2016|20|16|08|August|Aug|Aug|24|24|237|12|12|12|12|pm|PM|13|14|123|123456789|123|123456|123456789000|+0000|+00:00|+00:00:00|UTC|Wednesday|Wed|3|3|2016|16|34|34|34|1472040794|\n|\t|%|Wed Aug 24 12:13:14 2016|08/24/16|2016-08-24|24-AUG-2016|08/24/16|12:13:14|12:13:14 PM|12:13|12:13:14"
    );
}

#[test]
fn flags_and_widths() {
    let t = ts("2016-01-03T01:02:03 UTC");
    let f = "%-d|%_m|%05d|%^B|%#B|%#p|%^a|%10A|%-10A|%3Y|%-Y|%_5m|%-H|%_H|%-I|%^p|%#P|%-j|%10z|%-z|%_z|%_10z|%3N|%-N|%_N|%0e|%-e|%^c|%#c|%q|%Q|%E|%+|%8s|%-s";
    assert_eq!(
        format_timestamp(t, f, None).unwrap(),
        "3| 1|00003|JANUARY|JANUARY|am|SUN|    Sunday|Sunday|2016|2016|    1|1| 1|1|AM|AM|3|+000000000|-0000| +000|      +000|000|000000000|000000000|03|3|SUN JAN  3 01:02:03 2016|Sun Jan  3 01:02:03 2016|%q|%Q|%E|%+|1451782923|1451782923"
    );
    let t = Timestamp::from_secs(1);
    let cases = [
        ("%-:z|%_:z|%10:z|%:10z", "-00:00| +0:00|+000000:00|%:10z"),
        (
            "%s|%10s|%-10s|%_10s|%5N|%_5L|%-3L|%10L",
            "1|0000000001|1|         1|00000|00000|000|0000000000",
        ),
        (
            "%_10Y|%010B|%_10p|%^10b|%-10d|%_3j|%-y|%03e|%3%",
            "      1970|000January|        AM|       JAN|1|  1|70|001|  %",
        ),
        ("%^Z|%#Z|%10Z|%^P", "UTC|utc|       UTC|AM"),
        ("%E%O%Ey%Oy%EC", "%E%O707019"),
    ];
    for (f, want) in cases {
        assert_eq!(format_timestamp(t, f, None).unwrap(), want, "{f}");
    }
}

#[test]
fn weeks() {
    let cases = [
        ("2021-01-01", "2020 20 53 00 00 001 5 5"),
        ("2020-12-31", "2020 20 53 52 52 366 4 4"),
        ("2019-12-30", "2020 20 01 52 52 364 1 1"),
        ("2016-01-03", "2015 15 53 01 00 003 7 0"),
        ("2016-01-04", "2016 16 01 01 01 004 1 1"),
    ];
    for (d, want) in cases {
        assert_eq!(
            format_timestamp(ts(d), "%G %g %V %U %W %j %u %w", None).unwrap(),
            want,
            "{d}"
        );
    }
}

#[test]
fn zones_and_extremes() {
    let f = "%Y-%m-%d %H:%M:%S %z %Z";
    let z =
        |tz: &str| format_timestamp(Timestamp::from_secs(0), f, Some(tz)).map_err(|e| e.message);
    assert_eq!(z("+02:00"), Ok("1970-01-01 02:00:00 +0200 ".into()));
    assert_eq!(z("PDT"), Ok("1969-12-31 17:00:00 -0700 ".into()));
    assert_eq!(z("-0530"), Ok("1969-12-31 18:30:00 -0530 ".into()));
    assert_eq!(z("xyz"), Err("Illegal timezone 'xyz'".into()));
    assert_eq!(
        z("Europe/Stockholm"),
        Ok("1970-01-01 01:00:00 +0100 CET".into())
    );
    let e = |f: &str| {
        format_timestamp(Timestamp::from_secs(0), f, None)
            .unwrap_err()
            .message
    };
    assert_eq!(e("abc%"), "invalid format: abc%");
    assert_eq!(e("%-"), "invalid format: %-");
    let y = |s: i64| format_timestamp(Timestamp::from_secs(s), "%Y|%C|%y|%G", None).unwrap();
    assert_eq!(y(-62167219200 - 86400), "-0001|-1|99|-0001");
    assert_eq!(
        format_timestamp(Timestamp::from_secs(253402300800), "%Y|%C|%y|%c", None).unwrap(),
        "10000|100|00|Sat Jan  1 00:00:00 10000"
    );
    assert_eq!(
        format_timestamp(Timestamp::from_secs(-1), "%F %T.%N %s", None).unwrap(),
        "1969-12-31 23:59:59.000000000 -1"
    );
}
