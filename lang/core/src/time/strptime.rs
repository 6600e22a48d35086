//! Timestamp parsing with the directives the reference's parser (Ruby's `_strptime`)
//! understands: whitespace in the format matches any run of whitespace, literals match
//! exactly, numbers read at most their field width when another number follows.

use super::civil::days_from_civil;
use super::zone::{designator_offset, illegal, Zone};
use super::{Timestamp, NANOS_PER_SEC};
use crate::error::Error;

/// The default formats of `Timestamp.new(string)` without a time zone argument.
pub const DEFAULT_FORMATS: [&str; 10] = [
    "%FT%T.%N %Z",
    "%FT%T %Z",
    "%F %T.%N %Z",
    "%F %T %Z",
    "%F %Z",
    "%FT%T.%N",
    "%FT%T",
    "%F %T.%N",
    "%F %T",
    "%F",
];
/// The default formats when a time zone argument is given.
pub const DEFAULT_FORMATS_WITHOUT_ZONE: [&str; 5] =
    ["%FT%T.%N", "%FT%T", "%F %T.%N", "%F %T", "%F"];

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];
const DAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

/// The fields found in a string.
#[derive(Debug, Default, Clone)]
struct Fields {
    year: Option<i128>,
    century: Option<i128>,
    month: Option<i64>,
    day: Option<i64>,
    yday: Option<i64>,
    hour: Option<i64>,
    minute: Option<i64>,
    second: Option<i64>,
    /// Nanoseconds of the fraction of a second.
    fraction: Option<i128>,
    /// 0 for AM, 12 for PM.
    meridian: Option<i64>,
    epoch_seconds: Option<i128>,
    zone: Option<String>,
}

struct Parser<'a> {
    input: &'a [u8],
    pos: usize,
    f: Fields,
}

/// `Timestamp.new(string[, format[, timezone]])` with one format, or the default list.
pub fn parse_timestamp(
    s: &str,
    format: Option<&str>,
    tz: Option<&str>,
) -> Result<Timestamp, Error> {
    match format {
        Some(fmt) => parse_one(s, fmt, tz),
        None if tz.is_some() => parse_timestamp_any(s, &DEFAULT_FORMATS_WITHOUT_ZONE, tz),
        None => parse_timestamp_any(s, &DEFAULT_FORMATS, tz),
    }
}

fn parse_one(s: &str, fmt: &str, tz: Option<&str>) -> Result<Timestamp, Error> {
    let fields = scan(s, fmt)
        .ok_or_else(|| Error::eval(format!("Unable to parse '{s}' using format '{fmt}'")))?;
    if tz.is_some() && fields.zone.is_some() {
        return Err(Error::eval(
            "Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument",
        ));
    }
    build(&fields, tz)
}

/// Tries each format in turn (a format that finds a zone is skipped when a zone is given).
pub fn parse_timestamp_any<S: AsRef<str>>(
    s: &str,
    formats: &[S],
    tz: Option<&str>,
) -> Result<Timestamp, Error> {
    for fmt in formats {
        if let Some(fields) = scan(s, fmt.as_ref()) {
            if tz.is_some() && fields.zone.is_some() {
                continue;
            }
            return build(&fields, tz);
        }
    }
    let list: Vec<&str> = formats.iter().map(|f| f.as_ref()).collect();
    Err(Error::eval(format!(
        "Unable to parse '{s}' using any of the formats {}",
        list.join(", ")
    )))
}

fn scan(s: &str, fmt: &str) -> Option<Fields> {
    let mut p = Parser {
        input: s.as_bytes(),
        pos: 0,
        f: Fields::default(),
    };
    p.run(fmt.as_bytes(), 0)?;
    (p.pos == p.input.len()).then_some(p.f)
}

/// Whether the format continues with something that reads digits (Ruby's `NUM_PATTERN_P`).
fn number_follows(fmt: &[u8], i: usize) -> bool {
    match fmt.get(i) {
        Some(c) if c.is_ascii_digit() => true,
        Some(b'%') => {
            let mut j = i + 1;
            if matches!(fmt.get(j), Some(b'E' | b'O')) {
                j += 1;
            }
            matches!(fmt.get(j), Some(c) if b"CDdeFGgHIjkLlMmNQRrSsTUuVvWwXxYy".contains(c))
        }
        _ => false,
    }
}

impl Parser<'_> {
    fn run(&mut self, fmt: &[u8], depth: u8) -> Option<()> {
        if depth > 4 {
            return None;
        }
        let mut i = 0;
        while i < fmt.len() {
            let c = fmt[i];
            if c.is_ascii_whitespace() {
                self.skip_space();
                i += 1;
                continue;
            }
            if c != b'%' {
                if self.input.get(self.pos) != Some(&c) {
                    return None;
                }
                self.pos += 1;
                i += 1;
                continue;
            }
            i += 1;
            let mut conv = *fmt.get(i)?;
            i += 1;
            if matches!(conv, b'E' | b'O') {
                conv = *fmt.get(i)?;
                i += 1;
            }
            let num_next = number_follows(fmt, i);
            self.directive(conv, num_next, depth)?;
        }
        Some(())
    }

    fn directive(&mut self, conv: u8, num_next: bool, depth: u8) -> Option<()> {
        let f = |p: &mut Self, s: &str| p.run(s.as_bytes(), depth + 1);
        match conv {
            b'A' | b'a' => self.f_name(&DAYS).map(|_| ())?,
            b'B' | b'b' | b'h' => {
                let m = self.f_name(&MONTHS)?;
                self.f.month = Some(m as i64 + 1);
            }
            b'C' => self.f.century = Some(self.signed(if num_next { 2 } else { usize::MAX })?),
            b'c' => f(self, "%a %b %e %H:%M:%S %Y")?,
            b'D' | b'x' => f(self, "%m/%d/%y")?,
            b'F' => f(self, "%Y-%m-%d")?,
            b'T' | b'X' => f(self, "%H:%M:%S")?,
            b'R' => f(self, "%H:%M")?,
            b'r' => f(self, "%I:%M:%S %p")?,
            b'v' => f(self, "%e-%b-%Y")?,
            b'd' | b'e' => self.f.day = Some(self.spaced(1, 31)?),
            b'H' | b'k' => self.f.hour = Some(self.spaced(0, 24)?),
            b'I' | b'l' => self.f.hour = Some(self.spaced(1, 12)?),
            b'j' => self.f.yday = Some(self.ranged(3, 1, 366)?),
            b'M' => self.f.minute = Some(self.ranged(2, 0, 59)?),
            b'm' => self.f.month = Some(self.ranged(2, 1, 12)?),
            b'S' => self.f.second = Some(self.ranged(2, 0, 60)?),
            b'L' | b'N' => {
                let start = self.pos;
                let n = self.digits(usize::MAX)?;
                let _ = n;
                let text = std::str::from_utf8(&self.input[start..self.pos]).ok()?;
                let nine: String = text.chars().chain(std::iter::repeat('0')).take(9).collect();
                self.f.fraction = Some(nine.parse().ok()?);
            }
            b'G' => {
                self.signed(if num_next { 4 } else { usize::MAX })?;
            }
            b'g' => {
                self.ranged(2, 0, 99)?;
            }
            b'U' | b'W' => {
                self.ranged(2, 0, 53)?;
            }
            b'V' => {
                self.ranged(2, 1, 53)?;
            }
            b'u' => {
                self.ranged(1, 1, 7)?;
            }
            b'w' => {
                self.ranged(1, 0, 6)?;
            }
            b'n' | b't' => self.skip_space(),
            b'P' | b'p' => self.f.meridian = Some(self.meridian()?),
            b's' => self.f.epoch_seconds = Some(self.signed(usize::MAX)?),
            b'Y' => self.f.year = Some(self.signed(if num_next { 4 } else { usize::MAX })?),
            b'y' => {
                let y = self.ranged(2, 0, 99)? as i128;
                self.f.year = Some(y);
                if self.f.century.is_none() {
                    self.f.century = Some(if y >= 69 { 19 } else { 20 });
                }
            }
            b'Z' | b'z' => self.f.zone = Some(self.zone()?),
            b'%' => {
                if self.input.get(self.pos) != Some(&b'%') {
                    return None;
                }
                self.pos += 1;
            }
            _ => return None,
        }
        Some(())
    }

    fn skip_space(&mut self) {
        while self
            .input
            .get(self.pos)
            .is_some_and(|c| c.is_ascii_whitespace())
        {
            self.pos += 1;
        }
    }

    /// Up to `max` digits.
    fn digits(&mut self, max: usize) -> Option<i128> {
        let start = self.pos;
        let mut n: i128 = 0;
        while self.pos - start < max {
            match self.input.get(self.pos) {
                Some(c) if c.is_ascii_digit() => {
                    n = n.checked_mul(10)?.checked_add((c - b'0') as i128)?;
                    self.pos += 1;
                }
                _ => break,
            }
        }
        (self.pos > start).then_some(n)
    }

    fn signed(&mut self, max: usize) -> Option<i128> {
        let neg = match self.input.get(self.pos) {
            Some(b'-') => {
                self.pos += 1;
                true
            }
            Some(b'+') => {
                self.pos += 1;
                false
            }
            _ => false,
        };
        let n = self.digits(max)?;
        Some(if neg { -n } else { n })
    }

    fn ranged(&mut self, max: usize, lo: i64, hi: i64) -> Option<i64> {
        let n = self.digits(max)? as i64;
        (lo..=hi).contains(&n).then_some(n)
    }

    /// A number that may be preceded by one space instead of its first digit (`%e`, `%k`).
    fn spaced(&mut self, lo: i64, hi: i64) -> Option<i64> {
        let max = if self.input.get(self.pos) == Some(&b' ') {
            self.pos += 1;
            1
        } else {
            2
        };
        self.ranged(max, lo, hi)
    }

    /// A full or abbreviated name, case-insensitive; the index in `names`.
    fn f_name(&mut self, names: &[&str]) -> Option<usize> {
        let rest = &self.input[self.pos..];
        for (i, name) in names.iter().enumerate() {
            if rest.len() >= name.len() && rest[..name.len()].eq_ignore_ascii_case(name.as_bytes())
            {
                self.pos += name.len();
                return Some(i);
            }
        }
        for (i, name) in names.iter().enumerate() {
            if rest.len() >= 3 && rest[..3].eq_ignore_ascii_case(&name.as_bytes()[..3]) {
                self.pos += 3;
                return Some(i);
            }
        }
        None
    }

    fn meridian(&mut self) -> Option<i64> {
        let rest = &self.input[self.pos..];
        for (text, v) in [("a.m.", 0), ("p.m.", 12), ("am", 0), ("pm", 12)] {
            if rest.len() >= text.len() && rest[..text.len()].eq_ignore_ascii_case(text.as_bytes())
            {
                self.pos += text.len();
                return Some(v);
            }
        }
        None
    }

    /// A zone designator: an offset (`+09:00`, `GMT+2`) or a word (`PST`, `EDT dst`).
    fn zone(&mut self) -> Option<String> {
        let rest = std::str::from_utf8(&self.input[self.pos..]).ok()?;
        let lower = rest.to_ascii_lowercase();
        let after_prefix = ["gmt", "utc", "ut"]
            .iter()
            .find_map(|p| lower.strip_prefix(p))
            .unwrap_or(&lower);
        let prefix_len = lower.len() - after_prefix.len();
        let b = after_prefix.as_bytes();
        let len =
            if matches!(b.first(), Some(b'+' | b'-')) && b.get(1).is_some_and(u8::is_ascii_digit) {
                let mut j = 1;
                while b.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
                if matches!(b.get(j), Some(b',' | b'.' | b':'))
                    && b.get(j + 1).is_some_and(u8::is_ascii_digit)
                {
                    j += 1;
                    while b.get(j).is_some_and(u8::is_ascii_digit) {
                        j += 1;
                    }
                    if b.get(j) == Some(&b':') && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
                        j += 1;
                        while b.get(j).is_some_and(u8::is_ascii_digit) {
                            j += 1;
                        }
                    }
                }
                prefix_len + j
            } else {
                let b = lower.as_bytes();
                let mut j = 0;
                while b.get(j).is_some_and(u8::is_ascii_alphabetic) {
                    j += 1;
                }
                if j == 0 {
                    return None;
                }
                if lower[j..].starts_with(" dst")
                    && !b.get(j + 4).is_some_and(u8::is_ascii_alphanumeric)
                {
                    j += 4;
                }
                if b.get(j)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
                {
                    return None;
                }
                j
            };
        self.pos += len;
        Some(rest[..len].to_string())
    }
}

/// Turns the found fields into a timestamp.
fn build(f: &Fields, tz: Option<&str>) -> Result<Timestamp, Error> {
    let fraction = f.fraction.unwrap_or(0);
    let zone_offset = |local: i128| -> Result<i128, Error> {
        let secs = match (tz, &f.zone) {
            (Some(name), _) => Zone::parse(name)?.offset_for_local(local),
            (None, Some(z)) => designator_offset(z).ok_or_else(|| illegal(z))?,
            (None, None) => 0,
        };
        Ok(secs as i128 * NANOS_PER_SEC)
    };
    if let Some(epoch) = f.epoch_seconds {
        let nanos = epoch
            .checked_mul(NANOS_PER_SEC)
            .and_then(|n| n.checked_add(fraction))
            .ok_or_else(overflow)?;
        return Ok(Timestamp { nanos });
    }
    let Some(mut year) = f.year else {
        return Err(Error::eval("no implicit conversion of nil into Integer"));
    };
    if let Some(c) = f.century {
        year = c
            .checked_mul(100)
            .and_then(|c| c.checked_add(year))
            .ok_or_else(overflow)?;
    }
    let year = i64::try_from(year).map_err(|_| overflow())?;
    if year.unsigned_abs() > 1 << 40 {
        return Err(overflow());
    }
    let days = match (f.month, f.day, f.yday) {
        (None, None, Some(yd)) => days_from_civil(year, 1, 1) + (yd as i128 - 1),
        (m, d, _) => days_from_civil(year, m.unwrap_or(1), d.unwrap_or(1)),
    };
    let mut hour = f.hour.unwrap_or(0);
    if let Some(m) = f.meridian {
        hour = hour % 12 + m;
    }
    let secs = ((days * 24 + hour as i128) * 60 + f.minute.unwrap_or(0) as i128) * 60
        + f.second.unwrap_or(0) as i128;
    let local = secs * NANOS_PER_SEC + fraction;
    Ok(Timestamp {
        nanos: local - zone_offset(local)?,
    })
}

fn overflow() -> Error {
    Error::eval("Timestamp out of range")
}

#[cfg(test)]
mod tests;
