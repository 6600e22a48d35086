//! A Timespan format's parsing pattern matched by hand.
//!
//! The pattern `SpanFormat::build_regex` writes is `\A-?`, then per segment a group: a
//! literal text, or a field's [`Run`] of digits (or digits and white space), then `\z`.
//! [`find_groups`] answers the groups the regex's match has: it tries the same choices in
//! the same order as a backtracking matcher (the optional `-` taken first, each run as
//! long as it can be first), which is the order that picks the regex's (leftmost-first)
//! match. A parse of a short text by the regex costs ~1,200 instructions in
//! `regex-automata`'s one-pass engine after its fast matcher; this walk costs a few
//! hundred. Texts whose walk would try too many choices (runs of digits side by side), long
//! texts and long formats are left to the regex.

use super::{Field, Pad, Segment};

/// What a field's group matches: `min..=max` characters, digits (`[0-9]`) or also white
/// space (`[0-9\s]`), after any white space when `lead` (`\s*([0-9]+)`, the total field
/// padded with spaces).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Run {
    pub spaces: bool,
    pub lead: bool,
    pub min: usize,
    /// `usize::MAX`: no bound (`+`).
    pub max: usize,
}

impl Run {
    pub fn of(f: &Field) -> Run {
        let dw = f.default_width();
        let (spaces, lead, min, max) = match (f.width, f.pad) {
            (None, Pad::None | Pad::Zero) if f.total => (false, false, 1, usize::MAX),
            (None, Pad::None | Pad::Zero) => (false, false, 1, dw),
            (None, Pad::Space) if f.total => (false, true, 1, usize::MAX),
            (None, Pad::Space) => (true, false, 1, dw),
            (Some(w), Pad::None) => (false, false, 1, w),
            (Some(w), Pad::Zero) => (false, false, w, w),
            (Some(w), Pad::Space) => (true, false, w, w),
        };
        Run {
            spaces,
            lead,
            min,
            max,
        }
    }

    /// The regular expression group of the run.
    pub fn pattern(&self) -> String {
        let lead = if self.lead { r"\s*" } else { "" };
        let class = if self.spaces { r"[0-9\s]" } else { "[0-9]" };
        let count = if self.max == usize::MAX {
            "+".to_string()
        } else if self.min == self.max {
            format!("{{{}}}", self.min)
        } else {
            format!("{{{},{}}}", self.min, self.max)
        };
        format!("{lead}({class}{count})")
    }

    fn admits(&self, c: char) -> bool {
        c.is_ascii_digit() || (self.spaces && c.is_whitespace())
    }
}

/// What is known of a format's regex without building it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pattern {
    /// It does not compile (a run of `{1,0}`, `%-0S`): no text parses.
    Invalid,
    /// It compiles: its runs are short (the regex crate's limits are far off).
    Small,
    /// It may not compile (long runs): build it to know.
    Large,
}

/// The most characters of bounded runs a [`Pattern::Small`] pattern has in all.
const SMALL_RUNS: usize = 1_000;

impl Pattern {
    pub fn of(segments: &[Segment]) -> Pattern {
        let mut bounded = 0usize;
        for seg in segments {
            if let Segment::Field(f) = seg {
                let run = Run::of(f);
                if run.min > run.max {
                    return Pattern::Invalid;
                }
                if run.max != usize::MAX {
                    bounded = bounded.saturating_add(run.max);
                }
            }
        }
        if bounded <= SMALL_RUNS {
            Pattern::Small
        } else {
            Pattern::Large
        }
    }
}

/// The choices a walk may try before it leaves the text to the regex.
const BUDGET: u32 = 2_000;

/// The most segments a walk takes on (it recurses once per segment).
const MAX_SEGMENTS: usize = 64;

/// The longest text a walk takes on (a run is scanned again for each choice before it).
const MAX_TEXT: usize = 256;

/// The span of each segment's group in `s` (by segment; `None` for none), as the format's
/// regex captures them: `Some(true)` on a match, `Some(false)` when the regex would not
/// match, `None` when the walk gave up (ask the regex).
pub(super) fn find_groups(
    segments: &[Segment],
    s: &str,
    groups: &mut Vec<(usize, usize)>,
) -> Option<bool> {
    if segments.len() > MAX_SEGMENTS || s.len() > MAX_TEXT {
        return None;
    }
    groups.clear();
    groups.resize(segments.len(), (0, 0));
    let mut walk = Walk {
        segments,
        s,
        groups,
        budget: BUDGET,
    };
    if s.starts_with('-') && walk.from(0, 1)? {
        return Some(true);
    }
    walk.from(0, 0)
}

struct Walk<'a> {
    segments: &'a [Segment],
    s: &'a str,
    groups: &'a mut Vec<(usize, usize)>,
    budget: u32,
}

impl Walk<'_> {
    /// Whether segments `i..` match the text from byte `at` to its end (`None`: gave up).
    fn from(&mut self, i: usize, at: usize) -> Option<bool> {
        self.budget = self.budget.checked_sub(1)?;
        let Some(segment) = self.segments.get(i) else {
            return Some(at == self.s.len());
        };
        let rest = &self.s[at..];
        match segment {
            Segment::Literal(l) => {
                if !rest.starts_with(l.as_str()) {
                    return Some(false);
                }
                self.groups[i] = (at, at + l.len());
                self.from(i + 1, at + l.len())
            }
            Segment::Field(f) => {
                let run = Run::of(f);
                let mut start = at;
                if run.lead {
                    // (`\s*` then a digit: no shorter run of space can be followed by one)
                    let spaces: usize = rest
                        .chars()
                        .take_while(|c| c.is_whitespace())
                        .map(char::len_utf8)
                        .sum();
                    start += spaces;
                }
                // The longest run first, then shorter ones, one character at a time.
                if !run.spaces {
                    // (digits: a byte each)
                    let longest = self.s.as_bytes()[start..]
                        .iter()
                        .take(run.max)
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    for count in (run.min..=longest).rev() {
                        self.groups[i] = (start, start + count);
                        if self.from(i + 1, start + count)? {
                            return Some(true);
                        }
                    }
                    return Some(false);
                }
                let (mut count, mut end) = (0, start);
                for c in self.s[start..].chars() {
                    if count == run.max || !run.admits(c) {
                        break;
                    }
                    count += 1;
                    end += c.len_utf8();
                }
                loop {
                    if count < run.min {
                        return Some(false);
                    }
                    self.groups[i] = (start, end);
                    if self.from(i + 1, end)? {
                        return Some(true);
                    }
                    let Some(last) = self.s[start..end].chars().next_back() else {
                        return Some(false);
                    };
                    end -= last.len_utf8();
                    count -= 1;
                }
            }
        }
    }
}
