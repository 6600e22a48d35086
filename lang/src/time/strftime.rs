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
        // The reference prints a zero offset as negative under the `-` flag.
        let sign = if off < 0 || (spec.pad_set && spec.pad.is_none() && off == 0) {
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
mod tests {
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
        let z = |tz: &str| {
            format_timestamp(Timestamp::from_secs(0), f, Some(tz)).map_err(|e| e.message)
        };
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
}
