//! Timestamp formatting with the directives of the reference's `strftime` (Ruby's):
//! `%[flags][width]X`, flags `-` (no padding), `_` (spaces), `0` (zeros), `^` (upper case),
//! `#` (change case), `:` (colons in `%z`).

use super::civil::Civil;
use super::zone::Zone;
use super::Timestamp;
use crate::error::Error;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// `strftime(timestamp, format[, timezone])`. Without a zone the time is shown in UTC.
pub fn format_timestamp(t: Timestamp, format: &str, tz: Option<&str>) -> Result<String, Error> {
    let zone = match tz {
        None | Some("") => Zone::Utc,
        Some(name) => Zone::parse(name)?,
    };
    format_in_zone(t, format, &zone)
}

/// Formats in an already resolved zone.
pub fn format_in_zone(t: Timestamp, format: &str, zone: &Zone) -> Result<String, Error> {
    let offset = zone.offset_at(t.nanos);
    let ctx = Ctx {
        c: Civil::from_nanos(t.nanos, offset),
        offset,
        zone,
        nanos: t.nanos,
    };
    let mut out = String::new();
    ctx.render(format, &mut out)
        .map_err(|_| Error::eval(format!("invalid format: {format}")))?;
    Ok(out)
}

struct Ctx<'a> {
    c: Civil,
    offset: i32,
    zone: &'a Zone,
    nanos: i128,
}

#[derive(Default, Clone, Copy)]
struct Spec {
    /// `Some('0')`, `Some(' ')`, or `None` for `-` (no padding); unset when `pad_set` is false.
    pad: Option<char>,
    pad_set: bool,
    upper: bool,
    swap: bool,
    colons: usize,
    width: Option<usize>,
}

impl Spec {
    fn pad_char(&self, default: char) -> Option<char> {
        if self.pad_set {
            self.pad
        } else {
            Some(default)
        }
    }
}

/// A malformed format (a trailing `%` with flags only).
struct Invalid;

impl Ctx<'_> {
    fn render(&self, format: &str, out: &mut String) -> Result<(), Invalid> {
        let chars: Vec<char> = format.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c != '%' {
                out.push(c);
                i += 1;
                continue;
            }
            let start = i;
            i += 1;
            let mut spec = Spec::default();
            // flags
            while i < chars.len() {
                match chars[i] {
                    '-' => {
                        spec.pad = None;
                        spec.pad_set = true
                    }
                    '_' => {
                        spec.pad = Some(' ');
                        spec.pad_set = true
                    }
                    '0' => {
                        spec.pad = Some('0');
                        spec.pad_set = true
                    }
                    '^' => spec.upper = true,
                    '#' => spec.swap = true,
                    _ => break,
                }
                i += 1;
            }
            // width
            let mut width: Option<usize> = None;
            while i < chars.len() && chars[i].is_ascii_digit() {
                let d = chars[i] as usize - '0' as usize;
                width = Some(
                    width
                        .unwrap_or(0)
                        .saturating_mul(10)
                        .saturating_add(d)
                        .min(1 << 16),
                );
                i += 1;
            }
            spec.width = width;
            while i < chars.len() && chars[i] == ':' {
                spec.colons += 1;
                i += 1;
            }
            let Some(&mut_conv) = chars.get(i) else {
                return Err(Invalid);
            };
            let mut conv = mut_conv;
            i += 1;
            // `E` and `O` modify some directives and are otherwise ignored.
            if let Some(&next) = chars.get(i) {
                let modifies = match conv {
                    'E' => "cCxXyY".contains(next),
                    'O' => "deHkIlmMSuUVwWy".contains(next),
                    _ => false,
                };
                if modifies {
                    conv = next;
                    i += 1;
                }
            }
            if spec.colons > 0 && conv != 'z' {
                out.extend(&chars[start..i]);
                continue;
            }
            if !self.directive(conv, spec, out)? {
                // Unknown directives are copied verbatim (`%q` prints `%q`).
                out.extend(&chars[start..i]);
            }
        }
        Ok(())
    }

    /// Appends one directive; `false` when the directive is unknown.
    fn directive(&self, conv: char, spec: Spec, out: &mut String) -> Result<bool, Invalid> {
        let c = &self.c;
        match conv {
            'Y' => {
                let w = if c.year < 0 { 5 } else { 4 };
                num(out, c.year, spec, w, '0')
            }
            'C' => num(out, c.year.div_euclid(100), spec, 2, '0'),
            'y' => num(out, c.year.rem_euclid(100), spec, 2, '0'),
            'm' => num(out, c.month as i128, spec, 2, '0'),
            'B' => name(out, MONTHS[c.month as usize - 1], spec, false),
            'b' | 'h' => name(out, &MONTHS[c.month as usize - 1][..3], spec, false),
            'd' => num(out, c.day as i128, spec, 2, '0'),
            'e' => num(out, c.day as i128, spec, 2, ' '),
            'j' => num(out, c.yday as i128, spec, 3, '0'),
            'H' => num(out, c.hour as i128, spec, 2, '0'),
            'k' => num(out, c.hour as i128, spec, 2, ' '),
            'I' => num(out, hour12(c.hour), spec, 2, '0'),
            'l' => num(out, hour12(c.hour), spec, 2, ' '),
            'P' => name(out, if c.hour < 12 { "am" } else { "pm" }, spec, false),
            'p' => name(out, if c.hour < 12 { "AM" } else { "PM" }, spec, true),
            'M' => num(out, c.minute as i128, spec, 2, '0'),
            'S' => num(out, c.second as i128, spec, 2, '0'),
            'L' => fraction(out, c.nanos, spec.width.unwrap_or(3)),
            'N' => fraction(out, c.nanos, spec.width.unwrap_or(9)),
            'z' => self.offset(out, spec),
            'Z' => {
                let abbr = self.zone.abbreviation_at(self.nanos);
                // (a zone given as an offset has no name: Ruby writes nothing, not even
                // the width's padding: `%11Z` of `UTC` in the reference is '')
                if abbr.is_empty() {
                    return Ok(true);
                }
                let mut s = if spec.swap { abbr.to_lowercase() } else { abbr };
                if spec.upper {
                    s = s.to_uppercase();
                }
                pad_str(out, &s, spec, ' ');
            }
            'A' => name(out, DAYS[c.wday as usize], spec, false),
            'a' => name(out, &DAYS[c.wday as usize][..3], spec, false),
            'u' => num(
                out,
                if c.wday == 0 { 7 } else { c.wday as i128 },
                spec,
                1,
                '0',
            ),
            'w' => num(out, c.wday as i128, spec, 1, '0'),
            'G' => {
                let y = c.iso_week().0;
                num(out, y, spec, if y < 0 { 5 } else { 4 }, '0')
            }
            'g' => num(out, c.iso_week().0.rem_euclid(100), spec, 2, '0'),
            'V' => num(out, c.iso_week().1 as i128, spec, 2, '0'),
            'U' => num(
                out,
                ((c.yday as i128 - 1) + 7 - c.wday as i128) / 7,
                spec,
                2,
                '0',
            ),
            'W' => num(
                out,
                ((c.yday as i128 - 1) + 7 - ((c.wday as i128 + 6) % 7)) / 7,
                spec,
                2,
                '0',
            ),
            's' => num(out, self.nanos.div_euclid(1_000_000_000), spec, 1, '0'),
            'n' => pad_str(out, "\n", spec, ' '),
            't' => pad_str(out, "\t", spec, ' '),
            '%' => pad_str(out, "%", spec, ' '),
            'c' => self.composite(out, "%a %b %e %H:%M:%S %Y", spec)?,
            'D' | 'x' => self.composite(out, "%m/%d/%y", spec)?,
            'F' => self.composite(out, "%Y-%m-%d", spec)?,
            'v' => self.composite(out, "%e-%^b-%4Y", spec)?,
            'X' | 'T' => self.composite(out, "%H:%M:%S", spec)?,
            'r' => self.composite(out, "%I:%M:%S %p", spec)?,
            'R' => self.composite(out, "%H:%M", spec)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn composite(&self, out: &mut String, format: &str, spec: Spec) -> Result<(), Invalid> {
        let mut s = String::new();
        self.render(format, &mut s)?;
        if spec.upper {
            s = s.to_uppercase();
        }
        pad_str(out, &s, spec, ' ');
        Ok(())
    }

    /// `%z` `+hhmm`, `%:z` `+hh:mm`, `%::z` `+hh:mm:ss`; a width pads the hours.
    fn offset(&self, out: &mut String, spec: Spec) {
        let off = self.offset;
        let abs = off.unsigned_abs();
        let (h, m, s) = (abs / 3600, abs / 60 % 60, abs % 60);
        let tail = match spec.colons {
            0 => format!("{m:02}"),
            1 => format!(":{m:02}"),
            _ => format!(":{m:02}:{s:02}"),
        };
        // The reference prints UTC's zero offset as negative under the `-` flag (Ruby's
        // "unknown local offset" of a UTC time; a zone given as `UTC` or `+00:00` is a
        // fixed offset, positive).
        let utc = matches!(self.zone, Zone::Utc);
        let sign = if off < 0 || (utc && spec.pad_set && spec.pad.is_none() && off == 0) {
            '-'
        } else {
            '+'
        };
        let hours_width = spec
            .width
            .map_or(2, |w| w.saturating_sub(1 + tail.len()))
            .max(2);
        let hours = h.to_string();
        if spec.pad_char('0') == Some(' ') {
            let body = format!("{sign}{hours}");
            let total = hours_width + 1;
            if body.len() < total {
                out.extend(std::iter::repeat_n(' ', total - body.len()));
            }
            out.push_str(&body);
        } else {
            // Zero padding; the `-` flag does not remove it in the reference either.
            out.push(sign);
            if hours.len() < hours_width {
                out.extend(std::iter::repeat_n('0', hours_width - hours.len()));
            }
            out.push_str(&hours);
        }
        out.push_str(&tail);
    }
}

fn hour12(h: u32) -> i128 {
    match h % 12 {
        0 => 12,
        x => x as i128,
    }
}

/// A number padded to `default_width` (or the given width) with its default pad character.
fn num(out: &mut String, v: i128, spec: Spec, default_width: usize, default_pad: char) {
    let Some(pad) = spec.pad_char(default_pad) else {
        out.push_str(&v.to_string());
        return;
    };
    let width = spec.width.unwrap_or(default_width);
    let digits = v.unsigned_abs().to_string();
    let len = digits.len() + usize::from(v < 0);
    if pad == '0' {
        if v < 0 {
            out.push('-');
        }
        if len < width {
            out.extend(std::iter::repeat_n('0', width - len));
        }
        out.push_str(&digits);
    } else {
        if len < width {
            out.extend(std::iter::repeat_n(' ', width - len));
        }
        if v < 0 {
            out.push('-');
        }
        out.push_str(&digits);
    }
}

/// A name: `^` upper-cases; `#` upper-cases (lower-cases for `%p`).
fn name(out: &mut String, s: &str, spec: Spec, lower_on_swap: bool) {
    let s = if spec.swap {
        if lower_on_swap {
            s.to_lowercase()
        } else {
            s.to_uppercase()
        }
    } else if spec.upper {
        s.to_uppercase()
    } else {
        s.to_string()
    };
    pad_str(out, &s, spec, ' ');
}

fn pad_str(out: &mut String, s: &str, spec: Spec, default_pad: char) {
    if let (Some(w), Some(pad)) = (spec.width, spec.pad_char(default_pad)) {
        let len = s.chars().count();
        if len < w {
            out.extend(std::iter::repeat_n(pad, w - len));
        }
    }
    out.push_str(s);
}

/// Fraction digits, truncated (never rounded) to `width`, zero-extended beyond nanoseconds.
fn fraction(out: &mut String, nanos: u32, width: usize) {
    let digits = format!("{nanos:09}");
    if width <= 9 {
        out.push_str(&digits[..width]);
    } else {
        out.push_str(&digits);
        out.extend(std::iter::repeat_n('0', width - 9));
    }
}

#[cfg(test)]
mod tests;
