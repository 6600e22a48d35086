//! Timespan and Timestamp values (nanosecond precision), their parsing and formatting.
//!
//! - [`span_format`]: the Timespan format directives (`%D %H %M %S %L %N`), both ways.
//! - [`strftime`] / [`strptime`]: the Timestamp format directives, both ways.
//! - [`zone`]: time zone designators (`UTC`, `+02:00`, `PST`, `Europe/Stockholm`).
//! - [`construct`]: `Timespan.new` and `Timestamp.new`.
//! - [`arith`]: the arithmetic and comparison operators on time values.

pub mod arith;
pub mod civil;
pub mod coerce;
pub mod construct;
#[cfg(test)]
mod constructor_errors;
#[cfg(test)]
mod data_tests;
pub(crate) mod dispatch;
#[cfg(test)]
mod robustness;
pub mod span_format;
pub mod strftime;
pub mod strptime;
pub mod zone;

use crate::error::Error;

pub use arith::{add, compare, compare_checked, div, modulo, mul, neg, shift, sub};
pub use coerce::{range_order_error, timespan_from_value, timestamp_from_value};
pub use construct::{timespan_new, timestamp_new};
pub use span_format::{format_timespan, parse_timespan};
pub use strftime::format_timestamp;
pub use strptime::parse_timestamp;

pub const NANOS_PER_SEC: i128 = 1_000_000_000;

/// A duration in nanoseconds.
///
/// Both time types are aligned on 8 bytes, not i128's 16, so that `Value` stays 24 bytes
/// (an array of a million integers: 24 MB, not 32). Their field is read by value (no
/// reference to it can be taken).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(C, packed(8))]
pub struct Timespan {
    pub nanos: i128,
}

/// A point in time: nanoseconds since 1970-01-01T00:00:00 UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(C, packed(8))]
pub struct Timestamp {
    pub nanos: i128,
}

/// The format of `String(timespan)` and of the `%p` form's quoted string.
pub const TIMESPAN_DEFAULT_FORMAT: &str = "%D-%H:%M:%S.%-N";
/// The format of `String(timestamp)` and of the `%p` form's quoted string.
pub const TIMESTAMP_DEFAULT_FORMAT: &str = "%FT%T.%N %Z";

impl Timespan {
    pub fn from_nanos(nanos: i128) -> Timespan {
        Timespan { nanos }
    }

    /// A timespan of `secs` seconds.
    pub fn from_secs(secs: i64) -> Timespan {
        Timespan {
            nanos: secs as i128 * NANOS_PER_SEC,
        }
    }

    /// A timespan from seconds with fraction; an error when not finite or out of range.
    pub fn from_secs_f64(secs: f64) -> Result<Timespan, Error> {
        nanos_from_f64(secs).map(Timespan::from_nanos)
    }

    /// Whole seconds, the fraction truncated toward zero (saturating at the i64 range).
    pub fn secs(&self) -> i64 {
        clamp_i64(self.nanos / NANOS_PER_SEC)
    }

    /// Seconds with fraction.
    pub fn secs_f64(&self) -> f64 {
        nanos_to_f64(self.nanos)
    }
}

impl Timestamp {
    pub fn from_nanos(nanos: i128) -> Timestamp {
        Timestamp { nanos }
    }

    /// The timestamp `secs` seconds after the epoch.
    pub fn from_secs(secs: i64) -> Timestamp {
        Timestamp {
            nanos: secs as i128 * NANOS_PER_SEC,
        }
    }

    /// A timestamp from seconds (with fraction) since the epoch.
    pub fn from_secs_f64(secs: f64) -> Result<Timestamp, Error> {
        nanos_from_f64(secs).map(Timestamp::from_nanos)
    }

    /// The current time.
    pub fn now() -> Timestamp {
        let d = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        match d {
            Ok(d) => Timestamp {
                nanos: d.as_nanos() as i128,
            },
            Err(e) => Timestamp {
                nanos: -(e.duration().as_nanos() as i128),
            },
        }
    }

    /// Whole seconds since the epoch, truncated toward zero (saturating at the i64 range).
    pub fn secs(&self) -> i64 {
        clamp_i64(self.nanos / NANOS_PER_SEC)
    }

    /// Seconds since the epoch with fraction.
    pub fn secs_f64(&self) -> f64 {
        nanos_to_f64(self.nanos)
    }
}

impl std::fmt::Display for Timespan {
    /// The `%s` form: `0-00:00:13.5`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match span_format::SpanFormat::cached(TIMESPAN_DEFAULT_FORMAT) {
            Ok(fmt) => f.write_str(&fmt.format(*self)),
            Err(_) => Err(std::fmt::Error),
        }
    }
}

impl std::fmt::Display for Timestamp {
    /// The `%s` form: `2016-09-06T08:34:59.000000000 UTC`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match format_timestamp(*self, TIMESTAMP_DEFAULT_FORMAT, None) {
            Ok(s) => f.write_str(&s),
            Err(_) => Err(std::fmt::Error),
        }
    }
}

/// The `%p` form: `Timespan('0-00:00:13.5')`.
pub fn timespan_programmatic(t: Timespan) -> String {
    format!("Timespan('{t}')")
}

/// The `%p` form: `Timestamp('2016-09-06T08:34:59.000000000 UTC')`.
pub fn timestamp_programmatic(t: Timestamp) -> String {
    format!("Timestamp('{t}')")
}

fn clamp_i64(v: i128) -> i64 {
    v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

/// Seconds with fraction as the reference's `to_f` gives them, Ruby's
/// `nanos.fdiv(1_000_000_000)`: both sides divided by their greatest common divisor, then
/// divided as doubles (`Float(Timestamp('2021-03-04T05:06:07.890 UTC'))` is
/// `1614834367.89`, where `nanos as f64 / 1e9` is `1614834367.8899999`).
fn nanos_to_f64(nanos: i128) -> f64 {
    let (mut a, mut b) = (nanos.unsigned_abs(), NANOS_PER_SEC as u128);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let gcd = a.max(1) as i128;
    (nanos / gcd) as f64 / (NANOS_PER_SEC / gcd) as f64
}

/// `(secs * 1e9).to_i` as the reference computes it, with an error instead of a
/// non-finite or unrepresentable result.
pub(crate) fn nanos_from_f64(secs: f64) -> Result<i128, Error> {
    let n = secs * 1e9;
    if !n.is_finite() || n.abs() >= 1.0e38 {
        return Err(Error::eval(format!(
            "The value {secs:?} is out of range for a time value"
        )));
    }
    Ok(n.trunc() as i128)
}

#[cfg(test)]
mod to_f_tests {
    use super::*;

    /// Ruby's `Integer#fdiv` of the nanoseconds (the reference's `to_f`).
    #[test]
    fn seconds_with_fraction_are_rubys_fdiv() {
        let ts = Timestamp::from_nanos(1_614_834_367_890_000_000);
        assert_eq!(ts.secs_f64().to_string(), "1614834367.89");
        let ts = Timestamp::from_nanos(1_473_150_899_250_000_000);
        assert_eq!(ts.secs_f64(), 1_473_150_899.25);
        assert_eq!(Timespan::from_nanos(-1_500_000_000).secs_f64(), -1.5);
        assert_eq!(Timespan::from_nanos(0).secs_f64(), 0.0);
        assert_eq!(Timespan::from_nanos(1).secs_f64(), 1e-9);
        assert_eq!(
            Timespan::from_nanos(i128::from(i64::MAX)).secs_f64(),
            9_223_372_036.854_776
        );
    }
}
