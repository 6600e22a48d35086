//! Parsing of Timespan and Timestamp strings given as type parameters (`Timespan['1-00:00:00']`,
//! `Timestamp['2020-01-01']`), with the reference's default formats.
//!
//! TODO(timever): replace with `crate::time::parse_timespan` / `parse_timestamp` (which
//! support every directive) once they exist; this covers the default format lists only.
use crate::time::{Timespan, Timestamp};

const NANOS: i128 = 1_000_000_000;

/// The reference's default Timespan formats, tried in order.
pub const TIMESPAN_FORMATS: &str =
    "%D-%H:%M:%S.%-N, %H:%M:%S.%-N, %M:%S.%-N, %S.%-N, %D-%H:%M:%S, %H:%M:%S, %D-%H:%M, %S";

/// The reference's default Timestamp formats, tried in order.
pub const TIMESTAMP_FORMATS: &str =
    "%FT%T.%N %Z, %FT%T %Z, %F %T.%N %Z, %F %T %Z, %F %Z, %FT%T.%N, %FT%T, %F %T.%N, %F %T, %F";

fn digits(s: &str) -> Option<i128> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 30 {
        return None;
    }
    s.parse().ok()
}

/// A fraction of a second (`25` in `1.25`) in nanoseconds.
fn fraction(s: &str) -> Option<i128> {
    if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.parse::<i128>().ok()? * 10i128.pow(9 - s.len() as u32))
}

/// `[-]D-H:M:S[.N]`, `H:M:S[.N]`, `M:S[.N]`, `S[.N]`, `D-H:M`.
pub fn parse_timespan(text: &str) -> Option<Timespan> {
    let (neg, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (main, frac) = match body.split_once('.') {
        Some((m, f)) => (m, Some(fraction(f)?)),
        None => (body, None),
    };
    let (days, clock) = match main.split_once('-') {
        Some((d, c)) => (Some(digits(d)?), c),
        None => (None, main),
    };
    let parts: Vec<i128> = clock.split(':').map(digits).collect::<Option<_>>()?;
    let secs = match (days, parts.as_slice(), frac) {
        (Some(d), [h, m, s], _) => ((d * 24 + h) * 60 + m) * 60 + s,
        (Some(d), [h, m], None) => ((d * 24 + h) * 60 + m) * 60,
        (None, [h, m, s], _) => (h * 60 + m) * 60 + s,
        (None, [m, s], _) => m * 60 + s,
        (None, [s], _) => *s,
        _ => return None,
    };
    let nanos = secs.checked_mul(NANOS)?.checked_add(frac.unwrap_or(0))?;
    Some(Timespan {
        nanos: if neg { -nanos } else { nanos },
    })
}

/// `YYYY-MM-DD[(T| )HH:MM:SS[.N]][ Zone]`.
pub fn parse_timestamp(text: &str) -> Option<Timestamp> {
    let (main, zone) = match text.split_once(' ') {
        Some((a, b)) if a.len() == 10 && b.len() >= 8 && b.as_bytes()[2] == b':' => {
            match b.split_once(' ') {
                Some((time, zone)) => (format!("{a}T{time}"), Some(zone)),
                None => (format!("{a}T{b}"), None),
            }
        }
        Some((a, zone)) => (a.to_string(), Some(zone)),
        None => (text.to_string(), None),
    };
    let (date, time) = match main.split_once('T') {
        Some((d, t)) => (d, Some(t)),
        None => (main.as_str(), None),
    };
    let ymd: Vec<i128> = date.split('-').map(digits).collect::<Option<_>>()?;
    let [y, mo, d] = ymd.as_slice() else {
        return None;
    };
    let (hms, frac) = match time {
        Some(t) => {
            let (clock, frac) = match t.split_once('.') {
                Some((c, f)) => (c, fraction(f)?),
                None => (t, 0),
            };
            let parts: Vec<i128> = clock.split(':').map(digits).collect::<Option<_>>()?;
            let [h, m, s] = parts.as_slice() else {
                return None;
            };
            ([*h, *m, *s], frac)
        }
        None => ([0, 0, 0], 0),
    };
    let dt = jiff::civil::DateTime::new(
        i16::try_from(*y).ok()?,
        i8::try_from(*mo).ok()?,
        i8::try_from(*d).ok()?,
        i8::try_from(hms[0]).ok()?,
        i8::try_from(hms[1]).ok()?,
        i8::try_from(hms[2]).ok()?,
        i32::try_from(frac).ok()?,
    )
    .ok()?;
    let tz = match zone {
        None | Some("UTC") | Some("Z") => jiff::tz::TimeZone::UTC,
        Some(name) => jiff::tz::TimeZone::get(name).ok()?,
    };
    let zoned = dt.to_zoned(tz).ok()?;
    Some(Timestamp {
        nanos: zoned.timestamp().as_nanosecond(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::display::{timespan_text, timestamp_text};

    #[test]
    fn timespans() {
        let t = |s: &str| parse_timespan(s).map(timespan_text);
        assert_eq!(t("1-01:01:01.5").as_deref(), Some("1-01:01:01.5"));
        assert_eq!(t("30").as_deref(), Some("0-00:00:30.0"));
        assert_eq!(t("02:30").as_deref(), Some("0-00:02:30.0"));
        assert_eq!(t("-0-00:00:01.25").as_deref(), Some("-0-00:00:01.25"));
        assert_eq!(t("2-03:04").as_deref(), Some("2-03:04:00.0"));
        assert_eq!(t("a"), None);
    }

    #[test]
    fn timestamps() {
        let t = |s: &str| parse_timestamp(s).map(timestamp_text);
        assert_eq!(
            t("2020-01-01").as_deref(),
            Some("2020-01-01T00:00:00.000000000 UTC")
        );
        assert_eq!(
            t("2020-01-01T10:20:30.5").as_deref(),
            Some("2020-01-01T10:20:30.500000000 UTC")
        );
        assert_eq!(
            t("2020-01-01 10:20:30 UTC").as_deref(),
            Some("2020-01-01T10:20:30.000000000 UTC")
        );
        assert_eq!(
            t("2016-09-06T08:34:59.000000000 UTC").as_deref(),
            Some("2016-09-06T08:34:59.000000000 UTC")
        );
        assert_eq!(t("nope"), None);
    }
}
