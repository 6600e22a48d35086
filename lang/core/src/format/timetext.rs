//! The default text forms of Timespan (`%D-%H:%M:%S` and the fraction as the reference
//! prints it) and Timestamp (`%FT%T.%N UTC`).

use crate::time::{Timespan, Timestamp};

const NANOS_PER_SEC: i128 = 1_000_000_000;

/// `0-00:00:13.5`, `-1-01:01:01.123456789`. The fraction is the nanosecond count without
/// leading zeros and with trailing zeros removed (so 1 ms prints as `.1`, as the reference
/// does).
pub fn timespan(t: &Timespan) -> String {
    let sign = if t.nanos < 0 { "-" } else { "" };
    let n = t.nanos.unsigned_abs();
    let secs = n / NANOS_PER_SEC as u128;
    let frac = n % NANOS_PER_SEC as u128;
    let (d, h, m, s) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    let frac = frac.to_string();
    let frac = frac.trim_end_matches('0');
    let frac = if frac.is_empty() { "0" } else { frac };
    format!("{sign}{d}-{h:02}:{m:02}:{s:02}.{frac}")
}

/// `2016-09-06T08:34:59.000000000 UTC`.
pub fn timestamp(t: &Timestamp) -> String {
    let secs = t.nanos.div_euclid(NANOS_PER_SEC);
    let nanos = t.nanos.rem_euclid(NANOS_PER_SEC);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, mo, d) = civil_from_days(days);
    format!(
        "{y:04}-{mo:02}-{d:02}T{:02}:{:02}:{:02}.{nanos:09} UTC",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(z: i128) -> (i128, i128, i128) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i128::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timespans_print_as_the_reference() {
        let ts = |secs: f64| {
            timespan(&Timespan {
                nanos: (secs * 1e9).round() as i128,
            })
        };
        assert_eq!(ts(13.5), "0-00:00:13.5");
        assert_eq!(ts(-13.5), "-0-00:00:13.5");
        assert_eq!(ts(0.0), "0-00:00:00.0");
        assert_eq!(ts(1_000_000.0), "11-13:46:40.0");
        assert_eq!(ts(0.001), "0-00:00:00.1");
        assert_eq!(
            timespan(&Timespan {
                nanos: 90_061_123_456_789
            }),
            "1-01:01:01.123456789"
        );
    }

    #[test]
    fn timestamps_print_as_the_reference() {
        let at = |nanos: i128| timestamp(&Timestamp { nanos });
        assert_eq!(at(0), "1970-01-01T00:00:00.000000000 UTC");
        assert_eq!(at(1_500_000_000), "1970-01-01T00:00:01.500000000 UTC");
        assert_eq!(at(-1_000_000_000), "1969-12-31T23:59:59.000000000 UTC");
        assert_eq!(
            at(1_473_150_899_123_000_000),
            "2016-09-06T08:34:59.123000000 UTC"
        );
    }
}
