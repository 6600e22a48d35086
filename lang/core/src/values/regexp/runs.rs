//! One-pass patterns of a plain shape matched without an engine: alternatives of literals,
//! single ASCII characters of a class, and greedy runs of a class (`+`, `*`), with groups
//! around them (`([^."]+)|"([^"]+)"`, stdlib `fact`'s `scan`; `(\w+)=(\w*)`; `(\d+)\.(\d+)`).
//!
//! The one-pass DFA ([`super::fast`]'s short tier) costs ~230 instructions a search and
//! ~100 a byte of the match (each byte of a run is a match state, where it copies the
//! groups' slots); here a run is a loop over a table of 256 booleans. A short text
//! ([`super::fast`]'s `SHORT_CAPTURES`) is matched by the steps on either tier, the
//! groups written as ranges at once (no slots to read them from, no engine's scratch
//! space).
//!
//! A pattern is taken only where matching step by step without backtracking gives what
//! the engines give: each alternative is tried in order at the start (leftmost-first);
//! within one, a run stops at the first byte outside its class, and what follows a run
//! must begin with a byte outside it (so no shorter run could let the rest match), or
//! nothing follows; no alternative matches the empty string. Classes are sets of bytes:
//! ASCII characters, and either all characters past ASCII or none (on UTF-8 text, a run
//! of such a class stops only at an ASCII byte or the end, so at a character boundary); a
//! single character outside a run must be ASCII.

use regex_syntax::hir::{Class, Hir, HirKind};

/// A byte set: whether each byte is in it.
type Bytes = [bool; 256];

/// One step of an alternative as the pattern is read: what it matches, or a group's
/// bounds.
#[derive(Debug)]
enum Step {
    /// These bytes.
    Literal(Box<[u8]>),
    /// One byte of the set (an ASCII one).
    One(Box<Bytes>),
    /// As many bytes of the set as there are, at least `min` (0 or 1).
    Run(Box<Bytes>, usize),
    /// A group begins (its index).
    Open(usize),
    /// A group ends.
    Close(usize),
}

/// What a step of a match consumes ([`Step`] without the groups' bounds).
#[derive(Debug)]
enum Consume {
    Literal(Box<[u8]>),
    One(Box<Bytes>),
    Run(Box<Bytes>, usize),
}

/// A step as it is matched: what it consumes, whether a group begins before it, and the
/// group that ends after it (0: none; the whole match's group is never one). Groups never
/// nest here and none is empty (an empty sub-pattern is not of the shape), so a group's
/// bounds ride on its first and last steps: `([^."]+)` is one step, where the steps as
/// read were three, each a turn of the loop and a jump by its kind
/// (docs/benchmarks.md, session 48).
#[derive(Debug)]
struct Matched {
    consume: Consume,
    open: bool,
    close: usize,
}

/// A pattern of that shape: its alternatives, its number of groups (the whole match's
/// included), and the bytes a match can begin with.
#[derive(Debug)]
pub(super) struct Runs {
    alternatives: Vec<Alternative>,
    groups: usize,
    first: Box<Bytes>,
}

/// One alternative: its steps, and the groups (past the whole match) outside it, which a
/// match by it leaves unset.
#[derive(Debug)]
struct Alternative {
    steps: Box<[Matched]>,
    unset: Box<[usize]>,
}

/// The most groups (the whole match's among them) a pattern taken here has: a match's
/// ranges are held on the stack.
pub(super) const MOST_GROUPS: usize = 8;

/// The group ranges of a match (`[0]` the whole match, `None` for a group not in it).
pub(super) type Ranges = [Option<(usize, usize)>; MOST_GROUPS];

impl Runs {
    /// The steps of a pattern of that shape; `None` for any other, or one of more than
    /// [`MOST_GROUPS`] groups.
    pub(super) fn new(hir: &Hir) -> Option<Runs> {
        let groups = hir.properties().explicit_captures_len() + 1;
        if groups > MOST_GROUPS {
            return None;
        }
        let branches: &[Hir] = match hir.kind() {
            HirKind::Alternation(alts) => alts,
            _ => std::slice::from_ref(hir),
        };
        let mut alternatives = Vec::with_capacity(branches.len());
        let mut first = Box::new([false; 256]);
        for branch in branches {
            let mut steps = Vec::new();
            flatten(branch, &mut steps, true)?;
            if !plain(&steps) {
                return None;
            }
            add_first_bytes(&steps, &mut first);
            let opened: Vec<usize> = steps
                .iter()
                .filter_map(|s| match s {
                    Step::Open(g) => Some(*g),
                    _ => None,
                })
                .collect();
            // (every group's index is within the ranges: none past `groups`)
            if opened.iter().any(|g| *g >= groups) {
                return None;
            }
            let unset = (1..groups).filter(|g| !opened.contains(g)).collect();
            let steps = matched(steps)?;
            alternatives.push(Alternative { steps, unset });
        }
        Some(Runs {
            alternatives,
            groups,
            first,
        })
    }

    /// Its number of groups, the whole match's included.
    pub(super) fn groups(&self) -> usize {
        self.groups
    }

    /// The match anchored at `at` (a character boundary of `text`), its groups' ranges in
    /// `groups` (the whole match's first; `None` for a group not in it): where it ends,
    /// if there is one (`groups` is left as it was, or half written, when there is none).
    #[inline]
    pub(super) fn match_at(&self, text: &[u8], at: usize, groups: &mut Ranges) -> Option<usize> {
        'alternatives: for alternative in &self.alternatives {
            let mut pos = at;
            // (groups do not nest: one is open at a time)
            let mut open = at;
            for step in alternative.steps.iter() {
                if step.open {
                    open = pos;
                }
                match &step.consume {
                    Consume::Run(set, min) => {
                        let run = text[pos..]
                            .iter()
                            .take_while(|&&b| set[usize::from(b)])
                            .count();
                        if run < *min {
                            continue 'alternatives;
                        }
                        pos += run;
                    }
                    Consume::Literal(bytes) => {
                        if !text[pos..].starts_with(bytes) {
                            continue 'alternatives;
                        }
                        pos += bytes.len();
                    }
                    Consume::One(set) => match text.get(pos) {
                        Some(&b) if set[usize::from(b)] => pos += 1,
                        _ => continue 'alternatives,
                    },
                }
                if step.close != 0 {
                    groups[step.close] = Some((open, pos));
                }
            }
            for &g in alternative.unset.iter() {
                groups[g] = None;
            }
            groups[0] = Some((at, pos));
            return Some(pos);
        }
        None
    }

    /// The first match that begins at or after `start` (a character boundary of `text`),
    /// in `groups`: where it ends, if there is one. The leftmost match is the anchored
    /// match at the first place one begins (each alternative tried in order there).
    #[inline]
    pub(super) fn find_at(&self, text: &str, start: usize, groups: &mut Ranges) -> Option<usize> {
        let bytes = text.as_bytes();
        let mut at = start;
        while at < bytes.len() {
            if self.first[usize::from(bytes[at])] {
                if let Some(end) = self.match_at(bytes, at, groups) {
                    return Some(end);
                }
            }
            at = super::next_char(text, at);
        }
        None
    }

    /// Calls `each` with every match's group ranges in turn (as the engines'
    /// `captures_iter` finds them: a match is never empty, so the next begins at or after
    /// the end of the last), stopping at its first error.
    pub(super) fn each_match<E>(
        &self,
        text: &str,
        mut each: impl FnMut(&[Option<(usize, usize)>]) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut groups: Ranges = [None; MOST_GROUPS];
        let mut at = 0;
        while let Some(end) = self.find_at(text, at, &mut groups) {
            each(&groups[..self.groups])?;
            at = end;
        }
        Ok(())
    }
}

/// The steps as matched: each group's bounds on its first and last steps; `None` if a
/// group is empty (not of the shape: `flatten` takes no empty sub-pattern, so this does
/// not happen) or one is the whole match's.
fn matched(steps: Vec<Step>) -> Option<Box<[Matched]>> {
    let mut out: Vec<Matched> = Vec::with_capacity(steps.len());
    let mut open = false;
    for step in steps {
        let consume = match step {
            Step::Literal(bytes) => Consume::Literal(bytes),
            Step::One(set) => Consume::One(set),
            Step::Run(set, min) => Consume::Run(set, min),
            Step::Open(_) => {
                open = true;
                continue;
            }
            Step::Close(g) => {
                let last = out.last_mut().filter(|l| !open && g != 0 && l.close == 0)?;
                last.close = g;
                continue;
            }
        };
        out.push(Matched {
            consume,
            open: std::mem::take(&mut open),
            close: 0,
        });
    }
    (!open).then_some(out.into_boxed_slice())
}

/// Adds the bytes an alternative's match can begin with: those of its steps up to the
/// first that must consume a byte.
fn add_first_bytes(steps: &[Step], first: &mut Bytes) {
    for step in steps {
        match step {
            Step::Literal(bytes) => {
                first[usize::from(bytes[0])] = true;
                return;
            }
            Step::One(set) | Step::Run(set, _) => {
                for (f, s) in first.iter_mut().zip(set.iter()) {
                    *f |= *s;
                }
                if matches!(step, Step::One(_) | Step::Run(_, 1..)) {
                    return;
                }
            }
            Step::Open(_) | Step::Close(_) => {}
        }
    }
}

/// Appends the steps of `hir` (part of an alternative); `None` when it is not of the shape.
/// (`groups`: whether a group may be opened here, not inside another.)
fn flatten(hir: &Hir, steps: &mut Vec<Step>, groups: bool) -> Option<()> {
    match hir.kind() {
        HirKind::Literal(lit) if !lit.0.is_empty() => steps.push(Step::Literal(lit.0.clone())),
        HirKind::Class(class) => {
            let (set, beyond_ascii) = byte_set(class)?;
            if beyond_ascii {
                return None;
            }
            steps.push(Step::One(Box::new(set)));
        }
        HirKind::Repetition(rep) if rep.greedy && rep.max.is_none() && rep.min <= 1 => {
            let HirKind::Class(class) = rep.sub.kind() else {
                return None;
            };
            let (set, _) = byte_set(class)?;
            steps.push(Step::Run(Box::new(set), rep.min as usize));
        }
        HirKind::Capture(cap) if groups => {
            let g = cap.index as usize;
            steps.push(Step::Open(g));
            flatten(&cap.sub, steps, false)?;
            steps.push(Step::Close(g));
        }
        HirKind::Concat(items) => {
            for item in items {
                flatten(item, steps, groups)?;
            }
        }
        _ => return None,
    }
    Some(())
}

/// The bytes of a class, and whether it has the characters past ASCII (then all of them);
/// `None` for a class with some of them only, or with bytes past ASCII (`(?-u)`).
fn byte_set(class: &Class) -> Option<(Bytes, bool)> {
    let mut set = [false; 256];
    let mut beyond = false;
    match class {
        Class::Unicode(c) => {
            for r in c.iter() {
                let (start, end) = (u32::from(r.start()), u32::from(r.end()));
                if end < 0x80 {
                    set[start as usize..=end as usize].fill(true);
                } else if start <= 0x80 && end == 0x10FFFF {
                    set[start as usize..0x80].fill(true);
                    set[0x80..].fill(true);
                    beyond = true;
                } else {
                    return None;
                }
            }
        }
        Class::Bytes(c) => {
            for r in c.iter() {
                if r.end() >= 0x80 {
                    return None;
                }
                set[usize::from(r.start())..=usize::from(r.end())].fill(true);
            }
        }
    }
    Some((set, beyond))
}

/// Whether an alternative's steps match as the engines do when taken in turn without
/// backtracking: it cannot match the empty string, and each run is followed by nothing or
/// by a step that consumes a byte outside the run's set first.
fn plain(steps: &[Step]) -> bool {
    let consumes = |s: &Step| match s {
        Step::Literal(_) | Step::One(_) => true,
        Step::Run(_, min) => *min > 0,
        Step::Open(_) | Step::Close(_) => false,
    };
    if !steps.iter().any(consumes) {
        return false;
    }
    for (i, step) in steps.iter().enumerate() {
        let Step::Run(set, _) = step else {
            continue;
        };
        let next = steps[i + 1..]
            .iter()
            .find(|s| !matches!(s, Step::Open(_) | Step::Close(_)));
        let clear = match next {
            None => true,
            Some(Step::Literal(bytes)) => !set[usize::from(bytes[0])],
            Some(Step::One(other)) | Some(Step::Run(other, 1)) => {
                !(0..256).any(|b| set[b] && other[b])
            }
            // (a run that may be empty: what follows it would have to be checked too)
            Some(_) => false,
        };
        if !clear {
            return false;
        }
    }
    true
}
