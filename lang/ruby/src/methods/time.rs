//! Ruby's `Time`: `Time.now` / `Time.new` (the current time, or the local time of the civil
//! parts given), `Time.at(seconds)`, `Time.utc` / `gm`, `Time.local` / `mktime`; a time's
//! parts, `to_i` / `to_f`, `strftime` (prepl-core's, which has Ruby's directives), `to_s`,
//! `inspect`, `iso8601` / `xmlschema`, `utc` / `localtime`, `+` / `-` of seconds, the
//! difference of two times and their comparisons. Local time is this machine's zone, as the
//! reference's.

use super::Call;
use crate::error::HostError;
use crate::eval::{raise, unsupported, R};
use crate::value::{HostObject, RValue};
use crate::value::{RBool, RFloat};
use prepl_core::time::civil::{days_from_civil, Civil};
use prepl_core::time::strftime::format_in_zone;
use prepl_core::time::zone::Zone;
use prepl_core::time::Timestamp;

const NANOS: i128 = 1_000_000_000;

/// A time: nanoseconds since the epoch, and the zone it is shown in (UTC, or local).
#[derive(Debug, Clone)]
pub struct Time {
    nanos: i128,
    utc: bool,
}

/// This machine's zone.
fn local_zone() -> Zone {
    Zone::parse("current").unwrap_or(Zone::Utc)
}

impl Time {
    fn zone(&self) -> Zone {
        if self.utc {
            Zone::Utc
        } else {
            local_zone()
        }
    }
    fn offset(&self) -> i32 {
        self.zone().offset_at(self.nanos)
    }
    fn civil(&self) -> Civil {
        Civil::from_nanos(self.nanos, self.offset())
    }
    fn format(&self, f: &str) -> Result<String, HostError> {
        format_in_zone(Timestamp { nanos: self.nanos }, f, &self.zone())
            .map_err(|e| HostError::Raise(e.message))
    }
    fn value(self) -> RValue {
        RValue::host(self)
    }
}

/// Seconds (an Integer or a Float) as nanoseconds.
fn nanos_of(v: &RValue) -> Option<i128> {
    match v {
        RValue::Int(i) => (*i as i128).checked_mul(NANOS),
        RValue::Float(f) if f.is_finite() && f.abs() < 1e15 => {
            let f = f.get();
            // (whole seconds apart: a float's fraction is exact, its product with 1e9 not)
            let whole = f.floor();
            Some(whole as i128 * NANOS + ((f - whole) * 1e9).round() as i128)
        }
        _ => None,
    }
}

fn now() -> i128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i128)
}

/// A class method of `Time`; `None` for another one.
pub fn class_call(c: &Call) -> R<Option<RValue>> {
    Ok(Some(match c.name {
        "now" => {
            c.arity(0, 0)?;
            Time {
                nanos: now(),
                utc: false,
            }
            .value()
        }
        "new" if c.args.is_empty() => Time {
            nanos: now(),
            utc: false,
        }
        .value(),
        "new" | "local" | "mktime" | "utc" | "gm" => {
            c.arity(1, 7)?;
            if c.name == "new" && c.args.len() == 7 {
                return unsupported("Time.new with a zone", c.at);
            }
            let mut parts = [1i64, 1, 1, 0, 0, 0];
            for (i, a) in c.args.iter().take(6).enumerate() {
                parts[i] = match a {
                    RValue::Int(n) => *n,
                    RValue::Str(s) => match s.trim().parse() {
                        Ok(n) => n,
                        Err(_) => {
                            return raise(
                                format!("invalid value for Integer(): {}", crate::show::inspect(a)),
                                c.at,
                            )
                        }
                    },
                    RValue::Nil if i > 0 => parts[i],
                    other => {
                        return raise(
                            format!("can't convert {} into an exact number", other.class_name()),
                            c.at,
                        )
                    }
                };
            }
            let [y, mo, d, h, mi, s] = parts;
            let range = !(1..=31).contains(&d)
                || !(0..=24).contains(&h)
                || !(0..=59).contains(&mi)
                || !(0..=60).contains(&s);
            if !(1..=12).contains(&mo) || range {
                return Err(crate::eval::Flow::from(crate::error::RubyError::raised_as(
                    "ArgumentError",
                    if (1..=12).contains(&mo) {
                        "argument out of range"
                    } else {
                        "mon out of range"
                    },
                    c.at,
                )));
            }
            let local =
                (days_from_civil(y, mo, d) * 86_400 + (h * 3600 + mi * 60 + s) as i128) * NANOS;
            let utc = matches!(c.name, "utc" | "gm");
            let offset = if utc {
                0
            } else {
                local_zone().offset_for_local(local)
            };
            Time {
                nanos: local - offset as i128 * NANOS,
                utc,
            }
            .value()
        }
        "at" => {
            c.arity(1, 1)?;
            let nanos = match &c.args[0] {
                RValue::Host(o) if o.as_any().downcast_ref::<Time>().is_some() => {
                    o.as_any().downcast_ref::<Time>().map_or(0, |t| t.nanos)
                }
                v => match nanos_of(v) {
                    Some(n) => n,
                    None => {
                        return raise(
                            format!("can't convert {} into an exact number", v.class_name()),
                            c.at,
                        )
                    }
                },
            };
            Time { nanos, utc: false }.value()
        }
        "parse" | "strptime" | "iso8601" | "rfc2822" | "httpdate" => {
            return unsupported(format!("Time.{}", c.name), c.at)
        }
        _ => return Ok(None),
    }))
}

impl HostObject for Time {
    fn class_name(&self) -> String {
        "Time".into()
    }
    fn is_a(&self, class: &str) -> bool {
        class == "Comparable"
    }
    /// `2026-11-28 16:22:00 +0000` (`UTC` for a UTC time).
    fn to_s(&self) -> String {
        let f = if self.utc {
            "%Y-%m-%d %H:%M:%S UTC"
        } else {
            "%Y-%m-%d %H:%M:%S %z"
        };
        self.format(f).unwrap_or_default()
    }
    /// As `to_s`, with the fraction of the second when it has one.
    fn inspect(&self) -> String {
        let sub = self.nanos.rem_euclid(NANOS);
        if sub == 0 {
            return self.to_s();
        }
        let frac = format!("{sub:09}");
        let frac = frac.trim_end_matches('0');
        let zone = if self.utc {
            "UTC".to_string()
        } else {
            self.format("%z").unwrap_or_default()
        };
        format!(
            "{}.{frac} {zone}",
            self.format("%Y-%m-%d %H:%M:%S").unwrap_or_default()
        )
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<Time>()
            .is_some_and(|o| o.nanos == self.nanos)
    }
    fn compare(&self, other: &dyn HostObject) -> Option<std::cmp::Ordering> {
        let o = other.as_any().downcast_ref::<Time>()?;
        Some(self.nanos.cmp(&o.nanos))
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        let c = self.civil();
        let int = |n: i128| Ok(RValue::Int(n as i64));
        let other_time = || {
            args.first().and_then(|v| match v {
                RValue::Host(o) => o.as_any().downcast_ref::<Time>().cloned(),
                _ => None,
            })
        };
        Some(match name {
            "to_i" | "tv_sec" => int(self.nanos.div_euclid(NANOS)),
            "to_f" => Ok(RValue::Float(RFloat::new(self.nanos as f64 / 1e9))),
            "year" => int(c.year),
            "month" | "mon" => int(c.month.into()),
            "day" | "mday" => int(c.day.into()),
            "hour" => int(c.hour.into()),
            "min" => int(c.minute.into()),
            "sec" => int(c.second.into()),
            "usec" | "tv_usec" => int((c.nanos / 1000).into()),
            "nsec" | "tv_nsec" => int(c.nanos.into()),
            "wday" => int(c.wday.into()),
            "yday" => int(c.yday.into()),
            "utc_offset" | "gmt_offset" | "gmtoff" => int(self.offset().into()),
            "utc?" | "gmt?" => Ok(RValue::Bool(RBool::new(self.utc))),
            "zone" => Ok(RValue::str(self.zone().abbreviation_at(self.nanos))),
            "utc" | "gmtime" | "getutc" | "getgm" => Ok(Time {
                nanos: self.nanos,
                utc: true,
            }
            .value()),
            "localtime" | "getlocal" if args.is_empty() => Ok(Time {
                nanos: self.nanos,
                utc: false,
            }
            .value()),
            "to_s" => Ok(RValue::str(self.to_s())),
            "inspect" => Ok(RValue::str(self.inspect())),
            "strftime" => match args {
                [RValue::Str(f)] => self.format(f).map(RValue::str),
                [other] => Err(HostError::Raise(crate::methods::no_implicit_conversion(
                    other, "String",
                ))),
                _ => Err(HostError::Raise(format!(
                    "wrong number of arguments (given {}, expected 1)",
                    args.len()
                ))),
            },
            "iso8601" | "xmlschema" if args.is_empty() => self
                .format(if self.utc {
                    "%Y-%m-%dT%H:%M:%SZ"
                } else {
                    "%Y-%m-%dT%H:%M:%S%:z"
                })
                .map(RValue::str),
            "+" | "-" => match (name, other_time(), args.first().and_then(nanos_of)) {
                ("-", Some(o), _) => Ok(RValue::Float(RFloat::new(
                    self.nanos.saturating_sub(o.nanos) as f64 / 1e9,
                ))),
                (_, _, Some(d)) => Ok(Time {
                    nanos: if name == "+" {
                        self.nanos.saturating_add(d)
                    } else {
                        self.nanos.saturating_sub(d)
                    },
                    utc: self.utc,
                }
                .value()),
                _ => Err(HostError::Raise(format!(
                    "can't convert {} into an exact number",
                    args.first().map_or("nil".into(), RValue::class_name)
                ))),
            },
            "<=>" => Ok(other_time().map_or(RValue::Nil, |o| {
                RValue::Int(self.nanos.cmp(&o.nanos) as i64)
            })),
            "==" | "eql?" => Ok(RValue::Bool(RBool::new(
                other_time().is_some_and(|o| o.nanos == self.nanos),
            ))),
            "<" | "<=" | ">" | ">=" => match other_time() {
                Some(o) => {
                    let ord = self.nanos.cmp(&o.nanos);
                    Ok(RValue::bool(match name {
                        "<" => ord.is_lt(),
                        "<=" => ord.is_le(),
                        ">" => ord.is_gt(),
                        _ => ord.is_ge(),
                    }))
                }
                None => Err(HostError::Raise(format!(
                    "comparison of Time with {} failed",
                    args.first().map_or("nil".into(), RValue::compare_name)
                ))),
            },
            _ => return None,
        })
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_forms() {
        let t = Time {
            nanos: 1_700_000_000 * NANOS + 250_000_000,
            utc: true,
        };
        assert_eq!(t.to_s(), "2023-11-14 22:13:20 UTC");
        assert_eq!(t.inspect(), "2023-11-14 22:13:20.25 UTC");
        assert_eq!(
            t.format("%s %Y%m%d %j %a").unwrap(),
            "1700000000 20231114 318 Tue"
        );
    }
}
