//! Time zone designators: what the reference accepts (`UTC`, `Z`, `+02:00`, `+0530`, `+5`,
//! `GMT+2`, abbreviations like `PST` and `CEST`, military letters, `current`), plus IANA
//! names such as `Europe/Stockholm` (which the reference rejects).

use crate::error::Error;

/// A resolved time zone.
#[derive(Debug, Clone)]
pub enum Zone {
    /// No zone given: UTC, printed as `UTC` by `%Z`.
    Utc,
    /// A fixed offset in seconds east of UTC; `%Z` prints nothing (as the reference does).
    Fixed(i32),
    /// A named zone with rules (an IANA name).
    Named(jiff::tz::TimeZone),
}

impl Zone {
    /// Resolves a time zone argument; `Illegal timezone '...'` when unknown.
    pub fn parse(name: &str) -> Result<Zone, Error> {
        if name.eq_ignore_ascii_case("current") {
            // (the reference's `current` is the system zone's offset now, as a fixed offset:
            // the same for an instant in another season, and `%Z` prints nothing for it)
            let now = jiff::tz::TimeZone::system().to_offset(jiff::Timestamp::now());
            return Ok(Zone::Fixed(now.seconds()));
        }
        if let Some(secs) = designator_offset(name) {
            return Ok(Zone::Fixed(secs));
        }
        if name.contains('/') {
            if let Ok(tz) = jiff::tz::TimeZone::get(name) {
                return Ok(Zone::Named(tz));
            }
        }
        Err(illegal(name))
    }

    /// The offset from UTC, in seconds, at the given instant.
    pub fn offset_at(&self, nanos: i128) -> i32 {
        match self {
            Zone::Utc => 0,
            Zone::Fixed(s) => *s,
            Zone::Named(tz) => tz.to_offset(jiff_timestamp(nanos)).seconds(),
        }
    }

    /// What `%Z` prints at the given instant.
    pub fn abbreviation_at(&self, nanos: i128) -> String {
        match self {
            Zone::Utc => "UTC".into(),
            Zone::Fixed(_) => String::new(),
            Zone::Named(tz) => tz
                .to_offset_info(jiff_timestamp(nanos))
                .abbreviation()
                .to_string(),
        }
    }

    /// The offset that applies to a local (wall clock) time given as nanoseconds since the
    /// epoch as if it were UTC.
    pub fn offset_for_local(&self, local_nanos: i128) -> i32 {
        match self {
            Zone::Utc => 0,
            Zone::Fixed(s) => *s,
            Zone::Named(tz) => {
                // Two rounds settle the offset except in gaps and folds, where the earlier
                // offset wins.
                let first = tz.to_offset(jiff_timestamp(local_nanos)).seconds();
                let guess = local_nanos - first as i128 * 1_000_000_000;
                tz.to_offset(jiff_timestamp(guess)).seconds()
            }
        }
    }
}

pub(crate) fn illegal(name: &str) -> Error {
    Error::eval(format!("Illegal timezone '{name}'"))
}

/// A jiff timestamp for an instant, clamped to the range jiff supports.
fn jiff_timestamp(nanos: i128) -> jiff::Timestamp {
    let min = jiff::Timestamp::MIN.as_nanosecond();
    let max = jiff::Timestamp::MAX.as_nanosecond();
    jiff::Timestamp::from_nanosecond(nanos.clamp(min, max)).unwrap_or(jiff::Timestamp::UNIX_EPOCH)
}

/// The offset in seconds of a zone designator the reference understands, or `None`.
pub fn designator_offset(s: &str) -> Option<i32> {
    let lower = s.to_ascii_lowercase();
    let lower = lower.as_str();
    if let Some(secs) = numeric_offset(lower) {
        return Some(secs);
    }
    let (word, dst) = match lower.strip_suffix(" dst") {
        Some(w) => (w.trim_end(), 3600),
        None => (lower, 0),
    };
    abbreviation_offset(word).map(|o| o + dst)
}

/// `[gmt|utc|ut]+HH[:MM[:SS]]`, `+HHMM[SS]`, `+H`, `+H.F` (fraction of an hour).
fn numeric_offset(s: &str) -> Option<i32> {
    let rest = s
        .strip_prefix("gmt")
        .or_else(|| s.strip_prefix("utc"))
        .or_else(|| s.strip_prefix("ut"))
        .unwrap_or(s);
    let (sign, body) = match rest.as_bytes().first()? {
        b'+' => (1, &rest[1..]),
        b'-' => (-1, &rest[1..]),
        _ => return None,
    };
    let lead = body.bytes().take_while(u8::is_ascii_digit).count();
    if lead == 0 {
        return None;
    }
    let digits = &body[..lead];
    let tail = &body[lead..];
    let num = |t: &str| -> Option<i32> { t.parse::<i32>().ok() };
    let secs = if tail.is_empty() {
        match digits.len() {
            1 | 2 => num(digits)? * 3600,
            3 => num(&digits[..1])? * 3600 + num(&digits[1..])? * 60,
            4 => num(&digits[..2])? * 3600 + num(&digits[2..])? * 60,
            5 => num(&digits[..1])? * 3600 + num(&digits[1..3])? * 60 + num(&digits[3..])?,
            6 => num(&digits[..2])? * 3600 + num(&digits[2..4])? * 60 + num(&digits[4..])?,
            _ => return None,
        }
    } else if let Some(frac) = tail.strip_prefix('.').or_else(|| tail.strip_prefix(',')) {
        if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return None;
        }
        let f: f64 = format!("0.{frac}").parse().ok()?;
        num(digits)? * 3600 + (f * 3600.0).round() as i32
    } else if let Some(min_sec) = tail.strip_prefix(':') {
        let mut parts = min_sec.split(':');
        let m = parts.next()?;
        let sec = parts.next();
        if parts.next().is_some()
            || m.is_empty()
            || !m.bytes().all(|b| b.is_ascii_digit())
            || digits.len() > 2
        {
            return None;
        }
        let sec = match sec {
            Some(x) if !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()) => num(x)?,
            Some(_) => return None,
            None => 0,
        };
        num(digits)? * 3600 + num(m)? * 60 + sec
    } else {
        return None;
    };
    Some(sign * secs)
}

/// Offsets of the zone abbreviations the reference knows (lower case).
fn abbreviation_offset(word: &str) -> Option<i32> {
    const H: i32 = 3600;
    let o = match word {
        "ut" | "utc" | "gmt" | "z" | "wet" => 0,
        "est" | "cdt" | "cot" | "pet" | "ect" => -5 * H,
        "edt" | "ast" | "clt" | "vet" | "bot" | "fkt" => -4 * H,
        "cst" | "mdt" => -6 * H,
        "mst" => -7 * H,
        "pst" | "ydt" | "akdt" => -8 * H,
        "pdt" => -7 * H,
        "akst" | "hadt" | "yst" | "hdt" => -9 * H,
        "hst" | "hast" | "ahst" => -10 * H,
        "adt" | "brt" | "art" | "uyt" | "gft" | "srt" => -3 * H,
        "nst" => -(3 * H + 1800),
        "ndt" => -(2 * H + 1800),
        "at" | "brst" => -2 * H,
        "nt" | "sst" => -11 * H,
        "idlw" => -12 * H,
        "west" | "bst" | "cet" | "met" | "mewt" | "mez" | "wat" | "fwt" => H,
        "cest" | "mest" | "mesz" | "eet" | "cat" | "sast" | "fst" | "wast" => 2 * H,
        "eest" | "msk" | "eat" | "bt" => 3 * H,
        "msd" => 4 * H,
        "irst" => 3 * H + 1800,
        "aft" => 4 * H + 1800,
        "pkt" | "yekt" => 5 * H,
        "ist" => 5 * H + 1800,
        "npt" => 5 * H + 2700,
        "omst" => 6 * H,
        "cct" => 6 * H + 1800,
        "wib" | "ict" | "krat" => 7 * H,
        "hkt" | "sgt" | "awst" | "pht" | "wita" | "ulat" | "irkt" | "wadt" => 8 * H,
        "jst" | "kst" | "wit" | "yakt" => 9 * H,
        "acst" => 9 * H + 1800,
        "aest" | "gst" | "chst" | "vlat" => 10 * H,
        "acdt" | "lhst" => 10 * H + 1800,
        "aedt" | "magt" | "sret" | "nft" | "lhdt" => 11 * H,
        "nzst" | "nzt" | "idle" | "pett" => 12 * H,
        "chast" => 12 * H + 2700,
        "nzdt" => 13 * H,
        "chadt" => 13 * H + 2700,
        _ => return military(word),
    };
    Some(o)
}

/// Military single-letter zones: A..I = +1..+9, K..M = +10..+12, N..Y = -1..-12, Z = 0.
fn military(word: &str) -> Option<i32> {
    let b = match word.as_bytes() {
        [b] => *b,
        _ => return None,
    };
    let hours = match b {
        b'a'..=b'i' => (b - b'a' + 1) as i32,
        b'k'..=b'm' => (b - b'k' + 10) as i32,
        b'n'..=b'y' => -((b - b'n' + 1) as i32),
        b'z' => 0,
        _ => return None,
    };
    Some(hours * 3600)
}

#[cfg(test)]
mod tests;
