use super::*;

fn secs(f: f64) -> Timespan {
    Timespan::from_secs_f64(f).unwrap()
}

#[test]
fn formats_like_the_reference() {
    let t = secs(3600.0 * 30.0 + 61.25);
    let cases = [
        ("%D-%H:%M:%S.%L", "1-06:01:01.250"),
        ("%H:%M:%S", "30:01:01"),
        ("%M", "1801"),
        (
            "%S %N %-N %3N %_5N %05L %_L %-L",
            "108061 250000000 25 250 25    250   25  25",
        ),
        ("%%%H", "%30"),
    ];
    for (f, want) in cases {
        assert_eq!(format_timespan(t, f).unwrap(), want, "{f}");
    }
    assert_eq!(
        format_timespan(secs(-61.25), "%H:%M:%S").unwrap(),
        "-00:01:01"
    );
    assert_eq!(
        format_timespan(secs(61.25), "%_H:%-M:%3S|%5D|%_5D|%-D").unwrap(),
        " 0:1:001|00000|    0|0"
    );
    assert_eq!(secs(13.5).to_string(), "0-00:00:13.5");
    assert_eq!(secs(0.0).to_string(), "0-00:00:00.0");
    assert_eq!(secs(-13.5).to_string(), "-0-00:00:13.5");
    assert_eq!(
        Timespan::from_nanos(93_784_005_006_007).to_string(),
        "1-02:03:04.005006007"
    );
    // The reference drops the leading zeros of the fraction here ('.5'); we keep them.
    assert_eq!(secs(0.05).to_string(), "0-00:00:00.05");
}

#[test]
fn bad_formats() {
    let msg = |f: &str| format_timespan(secs(1.0), f).unwrap_err().message;
    assert_eq!(msg("%X"), "Bad format specifier '%' in '%X', at position 1");
    assert_eq!(msg("%"), "Bad format specifier '' in '%', at position 0");
    assert_eq!(
        msg("%-_H"),
        "Bad format specifier '%-' in '%-_H', at position 2"
    );
}

#[test]
fn parses_like_the_reference() {
    let p = |s: &str, f: &str| {
        parse_timespan(s, f)
            .map(|t| t.to_string())
            .map_err(|e| e.message)
    };
    assert_eq!(p("1:2", "%H:%M"), Ok("0-01:02:00.0".into()));
    assert_eq!(p(" 1:2", "%_H:%M"), Ok("0-01:02:00.0".into()));
    assert_eq!(p("-1:2", "%H:%M"), Ok("-0-01:02:00.0".into()));
    assert_eq!(p("100:02", "%H:%M"), Ok("4-04:02:00.0".into()));
    assert_eq!(p("1:70", "%H:%M"), Ok("0-02:10:00.0".into()));
    assert_eq!(p("1:02.123456", "%M:%S.%N"), Ok("0-00:01:02.123456".into()));
    assert_eq!(p("10:03.5", "%M:%S.%L"), Ok("0-00:10:03.5".into()));
    assert_eq!(
        p("1:02.123456", "%M:%S.%3N"),
        Err("Unable to parse '1:02.123456' using format '%M:%S.%3N'".into())
    );
    assert_eq!(
        p("123", "%L"),
        Err("Format specifiers %L and %N denotes fractions and must be used together with a specifier of higher magnitude".into())
    );
    let any = |s: &str| {
        parse_timespan_any(s, &DEFAULT_FORMATS)
            .map(|t| t.to_string())
            .map_err(|e| e.message)
    };
    assert_eq!(any("1-02:03"), Ok("1-02:03:00.0".into()));
    assert_eq!(any("02:03.5"), Ok("0-00:02:03.5".into()));
    assert_eq!(any("7.25"), Ok("0-00:00:07.25".into()));
    assert_eq!(
        any("13:20"),
        Err("Unable to parse '13:20' using any of the formats %D-%H:%M:%S.%-N, %H:%M:%S.%-N, %M:%S.%-N, %S.%-N, %D-%H:%M:%S, %H:%M:%S, %D-%H:%M, %S".into())
    );
}

/// A format keeps its group positions from one parse to the next: parses of the same
/// format in turn, failing ones between, each read their own text.
#[test]
fn a_format_parses_text_after_text() {
    let f = SpanFormat::cached("%D-%H:%M:%S").unwrap();
    let parse = |s: &str| f.parse(s).map(|t| t.to_string()).map_err(|e| e.message);
    for _ in 0..2 {
        assert_eq!(parse("1-02:03:04"), Ok("1-02:03:04.0".into()));
        assert_eq!(
            parse("1-02:03"),
            Err("Unable to parse '1-02:03' using format '%D-%H:%M:%S'".into())
        );
        assert_eq!(parse("-20-00:00:01"), Ok("-20-00:00:01.0".into()));
        assert_eq!(parse("0-00:70:00"), Ok("0-01:10:00.0".into()));
    }
}

/// The default formats, compiled once, parse as the list given by text; formats whose
/// literal texts a text lacks are passed over without the matcher, and give what they gave.
#[test]
fn the_default_formats_parse_as_the_list_by_text() {
    let texts = [
        "1-02:03",
        "02:03.5",
        "7.25",
        "13:20",
        "60-00:00:00",
        "-1-02:03:04.5",
        "1:2:3",
        "",
        "-",
        "1-",
        "a-b:c",
        "1.2.3",
        "1--2:3:4",
        "00:00:00.000000000001",
        " 1:02",
        "1-2:3:4.",
        "99999999999999999999",
        "1-02:03:04",
        "12:34:56",
        "1.5",
        ".5",
        "-:-",
    ];
    for s in texts {
        let any = parse_timespan_any(s, &DEFAULT_FORMATS)
            .map(|t| t.to_string())
            .map_err(|e| e.message);
        let default = parse_timespan_default(s)
            .map(|t| t.to_string())
            .map_err(|e| e.message);
        assert_eq!(default, any, "{s:?}");
        // (the second time from the memo)
        let again = parse_timespan_default(s)
            .map(|t| t.to_string())
            .map_err(|e| e.message);
        assert_eq!(again, any, "{s:?} again");
        for f in DEFAULT_FORMATS {
            let f = SpanFormat::cached(f).unwrap();
            let by_matcher = f.regex.get_or_init(|| f.build_regex()).as_ref().unwrap();
            if by_matcher.is_match(s) {
                assert!(f.literals_in_order(s), "{s:?} {}", f.source);
            }
        }
    }
}

/// The walk of `matcher` finds the groups the format's regex captures, on every text made
/// of a few pieces, for formats with fields side by side, literal digits and spaces, every
/// padding and width: a match, no match or a walk that gives up (then the regex answers).
#[test]
fn the_walk_captures_as_the_regex() {
    let formats = [
        "%D-%H:%M:%S.%-N",
        "%H:%M:%S.%-N",
        "%D-%H:%M",
        "%S",
        "%H%M%S",
        "%D%H",
        "%M0%S",
        "%_H:%_M",
        "%_D %_S",
        "%-H:%-3M",
        "%3S",
        "%0S",
        "%_2S%_2N",
        "%-D%2H",
        "%D %% %S.%L",
        "-%S",
        "%_S",
        "%L%S",
        "%M:%1N",
    ];
    let pieces = [
        "1",
        "0",
        "12",
        "345",
        " ",
        "-",
        ":",
        ".",
        "%",
        "0-",
        "\u{a0}",
        "\u{2003}7",
        "x",
    ];
    let mut texts = vec![String::new()];
    for _ in 0..4 {
        let longer: Vec<String> = texts
            .iter()
            .flat_map(|t| pieces.iter().map(move |p| format!("{t}{p}")))
            .collect();
        texts.extend(longer);
    }
    texts.sort();
    texts.dedup();
    let mut groups = Vec::new();
    let mut walked = 0;
    for f in formats {
        let f = SpanFormat::compile(f).unwrap();
        let re = f.build_regex().unwrap();
        for s in &texts {
            let by_regex = re.captures(s).map(|c| {
                (1..=f.segments.len())
                    .map(|i| c.get(i).map_or((0, 0), |m| (m.start(), m.end())))
                    .collect::<Vec<_>>()
            });
            match matcher::find_groups(&f.segments, s, &mut groups) {
                Some(true) => assert_eq!(by_regex.as_ref(), Some(&groups), "{s:?} {}", f.source),
                Some(false) => assert_eq!(by_regex, None, "{s:?} {}", f.source),
                None => continue,
            }
            walked += 1;
        }
    }
    assert!(walked > formats.len() * texts.len() * 9 / 10, "{walked}");
}

/// A long text, a long format and a walk with too many choices are left to the regex.
#[test]
fn the_walk_gives_up_where_it_would_be_slow() {
    let mut groups = Vec::new();
    let f = SpanFormat::compile("%D%H").unwrap();
    assert_eq!(
        matcher::find_groups(&f.segments, &"1".repeat(300), &mut groups),
        None
    );
    let f = SpanFormat::compile(&"%H".repeat(12)).unwrap();
    let digits = format!("{}x", "1".repeat(30));
    assert_eq!(
        matcher::find_groups(&f.segments, &digits, &mut groups),
        None
    );
    let f = SpanFormat::compile(&"%H:".repeat(40)).unwrap();
    assert_eq!(matcher::find_groups(&f.segments, "1:", &mut groups), None);
    let f = SpanFormat::cached("%D%H").unwrap();
    let t = f.parse(&format!("{}1", "0".repeat(300))).unwrap();
    assert_eq!(t.to_string(), "0-01:00:00.0");
}

/// What a format's pattern is known to be without building it holds: `Invalid` ones do not
/// compile, `Small` ones do (the longest of them too).
#[test]
fn a_pattern_is_known_without_its_regex() {
    let cases = [
        ("%-0S", matcher::Pattern::Invalid),
        ("%H:%-0M", matcher::Pattern::Invalid),
        ("%00S", matcher::Pattern::Small),
        ("%_0S", matcher::Pattern::Small),
        ("%D-%H:%M:%S.%-N", matcher::Pattern::Small),
        ("%_1000S", matcher::Pattern::Small),
        ("%_500H %_500M", matcher::Pattern::Small),
        ("%_1001S", matcher::Pattern::Large),
        ("%_65536S", matcher::Pattern::Large),
    ];
    for (format, want) in cases {
        let f = SpanFormat::compile(format).unwrap();
        assert_eq!(f.pattern, want, "{format}");
        let compiles = f.build_regex().is_some();
        match want {
            matcher::Pattern::Invalid => assert!(!compiles, "{format}"),
            matcher::Pattern::Small => assert!(compiles, "{format}"),
            matcher::Pattern::Large => {}
        }
    }
    let small = format!("{}%D", "%_15H:".repeat(66));
    let f = SpanFormat::compile(&small).unwrap();
    assert_eq!(
        (f.pattern, f.build_regex().is_some()),
        (matcher::Pattern::Small, true)
    );
    assert!(SpanFormat::compile("%-0S").unwrap().parse("1").is_err());
}
