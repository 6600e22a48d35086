//! Timespan formats: `%[flags][width]X` with X one of `D H M S L N` and flags `-` (no
//! padding) and `_` (space padding); zero padding is the default. The directive with the
//! highest magnitude present is "total" (may overflow: `%H` alone prints 30 for 30 hours).

mod matcher;

use super::Timespan;
use crate::error::Error;
use matcher::{Pattern, Run};
use rustc_hash::FxHashMap as HashMap;
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

const NS_PER_MS: i128 = 1_000_000;
const NS_PER_SEC: i128 = 1_000_000_000;
const NS_PER_MIN: i128 = 60 * NS_PER_SEC;
const NS_PER_HOUR: i128 = 60 * NS_PER_MIN;
const NS_PER_DAY: i128 = 24 * NS_PER_HOUR;

/// The default formats tried by `Timespan.new(string)`.
pub const DEFAULT_FORMATS: [&str; 8] = [
    "%D-%H:%M:%S.%-N",
    "%H:%M:%S.%-N",
    "%M:%S.%-N",
    "%S.%-N",
    "%D-%H:%M:%S",
    "%H:%M:%S",
    "%D-%H:%M",
    "%S",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Unit {
    Nano,
    Milli,
    Second,
    Minute,
    Hour,
    Day,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pad {
    /// `-`
    None,
    /// `_`
    Space,
    /// default, or `0`
    Zero,
}

#[derive(Debug, Clone)]
struct Field {
    unit: Unit,
    pad: Pad,
    width: Option<usize>,
    /// The highest-magnitude field: prints and parses the total, not the remainder.
    total: bool,
}

#[derive(Debug, Clone)]
enum Segment {
    Literal(String),
    Field(Field),
}

/// A compiled Timespan format.
#[derive(Debug, Clone)]
pub struct SpanFormat {
    source: String,
    segments: Vec<Segment>,
    /// Whether the parsing pattern compiles, told without building it where it can be.
    pattern: Pattern,
    /// The parsing pattern, built on first need (`None` if it cannot be built).
    regex: OnceCell<Option<regex::Regex>>,
    /// The group positions of the last match, kept for the next (no allocation a parse):
    /// each segment's span.
    groups: RefCell<Vec<(usize, usize)>>,
}

thread_local! {
    /// Compiled formats by their text, as the reference caches them.
    static CACHE: RefCell<HashMap<String, Rc<SpanFormat>>> = RefCell::new(HashMap::default());
}
const CACHE_LIMIT: usize = 256;

fn bad_specifier(format: &str, start: usize, position: usize) -> Error {
    let expr: String = format
        .chars()
        .skip(start)
        .take(position.saturating_sub(start))
        .collect();
    Error::eval(format!(
        "Bad format specifier '{expr}' in '{format}', at position {position}"
    ))
}

impl Field {
    fn default_width(&self) -> usize {
        match self.unit {
            Unit::Day => 1,
            Unit::Hour | Unit::Minute | Unit::Second => 2,
            Unit::Milli => 3,
            Unit::Nano => 9,
        }
    }

    fn is_fraction(&self) -> bool {
        matches!(self.unit, Unit::Milli | Unit::Nano)
    }

    /// Nanoseconds per unit of the parsed number (for `%N`, per its last digit).
    fn multiplier(&self) -> i128 {
        match self.unit {
            Unit::Day => NS_PER_DAY,
            Unit::Hour => NS_PER_HOUR,
            Unit::Minute => NS_PER_MIN,
            Unit::Second => NS_PER_SEC,
            Unit::Milli => NS_PER_MS,
            Unit::Nano => {
                let w = self.width.unwrap_or(9);
                if w < 9 {
                    10i128.pow((9 - w) as u32)
                } else {
                    1
                }
            }
        }
    }

    /// The number this field shows for a (non-negative) total of nanoseconds.
    fn value(&self, ns: i128) -> i128 {
        match self.unit {
            Unit::Day => ns / NS_PER_DAY,
            Unit::Hour => self.cut(ns / NS_PER_HOUR, 24),
            Unit::Minute => self.cut(ns / NS_PER_MIN, 60),
            Unit::Second => self.cut(ns / NS_PER_SEC, 60),
            Unit::Milli => self.cut(ns / NS_PER_MS, 1000),
            Unit::Nano => {
                let w = self.width.unwrap_or(9);
                if w < 9 {
                    self.cut(ns / 10i128.pow((9 - w) as u32), 10i128.pow(w as u32))
                } else {
                    self.cut(ns, NS_PER_SEC)
                }
            }
        }
    }

    fn cut(&self, v: i128, modulo: i128) -> i128 {
        if self.total {
            v
        } else {
            v % modulo
        }
    }

    fn append(&self, out: &mut String, ns: i128) {
        let n = self.value(ns);
        if self.is_fraction() && !self.total {
            self.append_fraction(out, n);
            return;
        }
        let text = n.to_string();
        let width = self.width.unwrap_or(self.default_width());
        if self.is_fraction() {
            // A fraction that is the highest magnitude prints its total, left-justified.
            out.push_str(&text);
            if self.pad != Pad::None && text.len() < width {
                out.extend(std::iter::repeat_n(' ', width - text.len()));
            }
            return;
        }
        match self.pad {
            Pad::None => out.push_str(&text),
            Pad::Space => pad_left(out, &text, width, ' '),
            Pad::Zero => pad_left(out, &text, width, '0'),
        }
    }

    /// Fraction digits: zero-padded on the left to their digit count, trailing zeros
    /// dropped unless zero padding is asked for, left-justified to the width.
    fn append_fraction(&self, out: &mut String, n: i128) {
        let digits = match self.unit {
            Unit::Milli => 3,
            _ => self.width.unwrap_or(9).clamp(1, 9),
        };
        let mut text = format!("{n:0digits$}");
        if self.unit == Unit::Nano && self.width.unwrap_or(9) > 9 {
            // More digits than nanoseconds: the extra ones are zeros.
            let extra = self.width.unwrap_or(9) - 9;
            text.extend(std::iter::repeat_n('0', extra));
        }
        if self.pad != Pad::Zero {
            let kept = text.trim_end_matches('0').len().max(1);
            text.truncate(kept);
        }
        out.push_str(&text);
        if self.pad != Pad::None {
            let width = self.width.unwrap_or(self.default_width());
            let len = text.chars().count();
            if len < width {
                out.extend(std::iter::repeat_n(' ', width - len));
            }
        }
    }

    /// Nanoseconds denoted by a parsed group of digits.
    fn parse_value(&self, digits: &str, source: &str, format: &str) -> Result<i128, Error> {
        if self.is_fraction() {
            if self.total {
                return Err(Error::eval(
                    "Format specifiers %L and %N denotes fractions and must be used together with a specifier of higher magnitude",
                ));
            }
            let n: i128 = digits.parse().map_err(|_| unparsable(source, format))?;
            let p = 9 - digits.len() as i64;
            return if p <= 0 {
                Ok(n)
            } else {
                n.checked_mul(10i128.pow(p as u32))
                    .ok_or_else(|| unparsable(source, format))
            };
        }
        let n: i128 = digits.parse().map_err(|_| unparsable(source, format))?;
        n.checked_mul(self.multiplier())
            .ok_or_else(|| unparsable(source, format))
    }
}

fn pad_left(out: &mut String, text: &str, width: usize, c: char) {
    let len = text.chars().count();
    if len < width {
        out.extend(std::iter::repeat_n(c, width - len));
    }
    out.push_str(text);
}

fn unparsable(source: &str, format: &str) -> Error {
    Error::eval(format!(
        "Unable to parse '{source}' using format '{format}'"
    ))
}

impl SpanFormat {
    /// Compiles a format; `Bad format specifier ...` errors as the reference words them.
    pub fn compile(format: &str) -> Result<SpanFormat, Error> {
        #[derive(PartialEq)]
        enum State {
            Literal,
            Pad,
            Width,
        }
        let mut segments: Vec<Segment> = Vec::new();
        let mut state = State::Literal;
        let mut pad = Pad::Zero;
        let mut width: Option<usize> = None;
        let mut start = 0;
        let mut position = 0;
        for (i, c) in format.chars().enumerate() {
            position = i;
            if state == State::Literal {
                if c == '%' {
                    state = State::Pad;
                    start = i;
                    pad = Pad::Zero;
                    width = None;
                } else {
                    push_literal(&mut segments, c);
                }
                continue;
            }
            let unit = match c {
                '%' => {
                    push_literal(&mut segments, c);
                    state = State::Literal;
                    continue;
                }
                '-' | '_' => {
                    if state != State::Pad {
                        return Err(bad_specifier(format, start, i));
                    }
                    pad = if c == '-' { Pad::None } else { Pad::Space };
                    state = State::Width;
                    continue;
                }
                'D' => Unit::Day,
                'H' => Unit::Hour,
                'M' => Unit::Minute,
                'S' => Unit::Second,
                'L' => Unit::Milli,
                'N' => Unit::Nano,
                '0'..='9' => {
                    if state == State::Pad && c == '0' {
                        pad = Pad::Zero;
                    } else {
                        let d = c as usize - '0' as usize;
                        width = Some(
                            width
                                .unwrap_or(0)
                                .saturating_mul(10)
                                .saturating_add(d)
                                .min(1 << 16),
                        );
                    }
                    state = State::Width;
                    continue;
                }
                _ => return Err(bad_specifier(format, start, i)),
            };
            segments.push(Segment::Field(Field {
                unit,
                pad,
                width,
                total: false,
            }));
            state = State::Literal;
        }
        if state != State::Literal {
            return Err(bad_specifier(format, start, position));
        }
        let highest = segments
            .iter()
            .filter_map(|s| match s {
                Segment::Field(f) => Some(f.unit),
                Segment::Literal(_) => None,
            })
            .max();
        if let Some(h) = highest {
            if let Some(Segment::Field(f)) = segments
                .iter_mut()
                .find(|s| matches!(s, Segment::Field(f) if f.unit == h))
            {
                f.total = true;
            }
        }
        Ok(SpanFormat {
            source: format.to_string(),
            pattern: Pattern::of(&segments),
            segments,
            regex: OnceCell::new(),
            groups: RefCell::new(Vec::new()),
        })
    }

    pub fn format(&self, t: Timespan) -> String {
        let mut out = String::new();
        if t.nanos < 0 {
            out.push('-');
        }
        let ns = t.nanos.unsigned_abs().min(i128::MAX as u128) as i128;
        for s in &self.segments {
            match s {
                Segment::Literal(l) => out.push_str(l),
                Segment::Field(f) => f.append(&mut out, ns),
            }
        }
        out
    }

    /// A compiled format, shared with earlier uses of the same text.
    pub fn cached(format: &str) -> Result<Rc<SpanFormat>, Error> {
        if let Some(f) = CACHE.with(|c| c.borrow().get(format).cloned()) {
            return Ok(f);
        }
        let f = Rc::new(SpanFormat::compile(format)?);
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            if c.len() >= CACHE_LIMIT {
                c.clear();
            }
            c.insert(format.to_string(), f.clone());
        });
        Ok(f)
    }

    fn build_regex(&self) -> Option<regex::Regex> {
        let mut pattern = String::from(r"\A-?");
        for seg in &self.segments {
            match seg {
                Segment::Literal(l) => {
                    pattern.push('(');
                    pattern.push_str(&regex::escape(l));
                    pattern.push(')');
                }
                Segment::Field(f) => pattern.push_str(&Run::of(f).pattern()),
            }
        }
        pattern.push_str(r"\z");
        regex::Regex::new(&pattern).ok()
    }

    pub fn parse(&self, s: &str) -> Result<Timespan, Error> {
        self.try_parse(s)
            .map_err(|e| e.unwrap_or_else(|| unparsable(s, &self.source)))
    }

    /// Whether `s` holds the format's literal texts in order, as its pattern requires (each
    /// found at its earliest place after the one before: a text that fails this cannot
    /// match).
    fn literals_in_order(&self, s: &str) -> bool {
        let mut rest = s;
        for seg in &self.segments {
            if let Segment::Literal(l) = seg {
                // (most literals are one ASCII punctuation character: found byte by byte,
                // exact in UTF-8 text, where no other character holds an ASCII byte; the
                // texts are short, where `memchr`'s setup costs more than its search)
                let at = match l.as_bytes() {
                    [b] => rest.bytes().position(|c| c == *b),
                    _ => rest.find(l.as_str()),
                };
                match at {
                    Some(i) => rest = &rest[i + l.len()..],
                    None => return false,
                }
            }
        }
        true
    }

    /// [`SpanFormat::parse`], with `Err(None)` where the text does not have the format:
    /// `parse_timespan_any` tries several formats and words no error for each that fails.
    fn try_parse(&self, s: &str) -> Result<Timespan, Option<Error>> {
        let regex = || self.regex.get_or_init(|| self.build_regex()).as_ref();
        match self.pattern {
            Pattern::Invalid => return Err(None),
            Pattern::Small => {}
            Pattern::Large => {
                regex().ok_or(None)?;
            }
        }
        // (A format that does not fit is told by its literal texts; most of a list do not.)
        if !self.literals_in_order(s) {
            return Err(None);
        }
        let mut groups = self.groups.borrow_mut();
        match matcher::find_groups(&self.segments, s, &mut groups) {
            Some(true) => {}
            Some(false) => return Err(None),
            None => {
                let re = regex().ok_or(None)?;
                let mut found = re.capture_locations();
                re.captures_read(&mut found, s).ok_or(None)?;
                groups.clear();
                groups.extend((0..self.segments.len()).map(|i| found.get(i + 1).unwrap_or((0, 0))));
            }
        }
        let mut nanos: i128 = 0;
        for (i, seg) in self.segments.iter().enumerate() {
            let Segment::Field(f) = seg else { continue };
            let (start, end) = groups[i];
            let group = s[start..end].trim_start();
            if group.is_empty() || !group.bytes().all(|b| b.is_ascii_digit()) {
                return Err(None);
            }
            let v = f.parse_value(group, s, &self.source)?;
            nanos = nanos.checked_add(v).ok_or(None)?;
        }
        Ok(Timespan {
            nanos: if s.starts_with('-') { -nanos } else { nanos },
        })
    }
}

fn push_literal(segments: &mut Vec<Segment>, c: char) {
    if let Some(Segment::Literal(l)) = segments.last_mut() {
        l.push(c);
    } else {
        segments.push(Segment::Literal(c.to_string()));
    }
}

/// `strftime(timespan, format)` and `String(timespan)`-style formatting.
pub fn format_timespan(t: Timespan, format: &str) -> Result<String, Error> {
    Ok(SpanFormat::cached(format)?.format(t))
}

/// Parses with one format.
pub fn parse_timespan(s: &str, format: &str) -> Result<Timespan, Error> {
    SpanFormat::cached(format)?.parse(s)
}

/// Texts up to this long that parsed with the default formats are kept, this many at most
/// (then forgotten all at once).
const MEMO_TEXT: usize = 64;
const MEMO_ENTRIES: usize = 256;

/// [`parse_timespan_any`] with the default formats, compiled once per thread. A text that
/// parsed before is answered from a memo: the same constant text is often converted in a
/// loop (`$t + Timespan('60-00:00:00')` in a `filter`), and trying the formats in turn
/// costs ~2,300 instructions where the memo's look-up costs ~100. (What a text parses to
/// depends on the text alone; a text that does not parse is not kept.)
pub fn parse_timespan_default(s: &str) -> Result<Timespan, Error> {
    thread_local! {
        static DEFAULTS: Vec<Rc<SpanFormat>> = DEFAULT_FORMATS
            .iter()
            .filter_map(|f| SpanFormat::cached(f).ok())
            .collect();
        static PARSED: RefCell<HashMap<Box<str>, Timespan>> = RefCell::default();
    }
    let kept = s.len() <= MEMO_TEXT;
    if kept {
        if let Some(t) = PARSED.with(|m| m.borrow().get(s).copied()) {
            return Ok(t);
        }
    }
    let parsed = DEFAULTS.with(|formats| formats.iter().find_map(|f| f.try_parse(s).ok()));
    match parsed {
        Some(t) => {
            if kept {
                PARSED.with(|m| {
                    let mut m = m.borrow_mut();
                    if m.len() >= MEMO_ENTRIES {
                        m.clear();
                    }
                    m.insert(s.into(), t);
                });
            }
            Ok(t)
        }
        None => parse_timespan_any(s, &DEFAULT_FORMATS),
    }
}

/// Parses trying each format in turn; `Unable to parse '...' using any of the formats ...`.
pub fn parse_timespan_any<S: AsRef<str>>(s: &str, formats: &[S]) -> Result<Timespan, Error> {
    for f in formats {
        // A bad format in a list is an error, as it is in the reference.
        if let Ok(t) = SpanFormat::cached(f.as_ref())?.try_parse(s) {
            return Ok(t);
        }
    }
    let list: Vec<&str> = formats.iter().map(|f| f.as_ref()).collect();
    Err(Error::eval(format!(
        "Unable to parse '{s}' using any of the formats {}",
        list.join(", ")
    )))
}

#[cfg(test)]
mod tests;
