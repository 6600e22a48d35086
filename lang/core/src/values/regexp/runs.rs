//! One-pass patterns of a plain shape matched without an engine: alternatives of literals,
//! single ASCII characters of a class, and greedy runs of a class (`+`, `*`), with groups
//! around them (`([^."]+)|"([^"]+)"`, stdlib `fact`'s `scan`; `(\w+)=(\w*)`; `(\d+)\.(\d+)`).
//!
//! The one-pass DFA ([`super::fast`]'s short tier) costs ~230 instructions a search and
//! ~100 a byte of the match (each byte of a run is a match state, where it copies the
//! groups' slots); here a run is a loop over a table of 256 booleans.
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

/// One step of an alternative.
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

/// A pattern of that shape: its alternatives' steps, and its number of groups (the whole
/// match's included).
#[derive(Debug)]
pub(super) struct Runs {
    alternatives: Vec<Vec<Step>>,
    groups: usize,
}

impl Runs {
    /// The steps of a pattern of that shape with `groups` groups; `None` for any other.
    pub(super) fn new(hir: &Hir, groups: usize) -> Option<Runs> {
        let branches: &[Hir] = match hir.kind() {
            HirKind::Alternation(alts) => alts,
            _ => std::slice::from_ref(hir),
        };
        let mut alternatives = Vec::with_capacity(branches.len());
        for branch in branches {
            let mut steps = Vec::new();
            flatten(branch, &mut steps, true)?;
            if !plain(&steps) {
                return None;
            }
            alternatives.push(steps);
        }
        // (every group's slots are within the list: no index past `groups`)
        let in_range = alternatives.iter().flatten().all(|s| match s {
            Step::Open(g) | Step::Close(g) => *g < groups,
            _ => true,
        });
        in_range.then_some(Runs {
            alternatives,
            groups,
        })
    }

    /// Its number of groups, the whole match's included.
    pub(super) fn groups(&self) -> usize {
        self.groups
    }

    /// The match anchored at `at` (a character boundary of `text`), its groups' ranges in
    /// `slots` (two a group, the whole match's first; `None` for a group not in it, as the
    /// engines' slots): whether there is one.
    pub(super) fn match_at(
        &self,
        text: &[u8],
        at: usize,
        slots: &mut [Option<regex_automata::util::primitives::NonMaxUsize>],
    ) -> bool {
        use regex_automata::util::primitives::NonMaxUsize;
        let slots = &mut slots[..2 * self.groups];
        'alternatives: for steps in &self.alternatives {
            slots.iter_mut().for_each(|s| *s = None);
            let mut pos = at;
            for step in steps {
                match step {
                    Step::Literal(bytes) => {
                        if !text[pos..].starts_with(bytes) {
                            continue 'alternatives;
                        }
                        pos += bytes.len();
                    }
                    Step::One(set) => match text.get(pos) {
                        Some(&b) if set[usize::from(b)] => pos += 1,
                        _ => continue 'alternatives,
                    },
                    Step::Run(set, min) => {
                        let begin = pos;
                        while pos < text.len() && set[usize::from(text[pos])] {
                            pos += 1;
                        }
                        if pos - begin < *min {
                            continue 'alternatives;
                        }
                    }
                    Step::Open(g) => slots[2 * g] = NonMaxUsize::new(pos),
                    Step::Close(g) => slots[2 * g + 1] = NonMaxUsize::new(pos),
                }
            }
            slots[0] = NonMaxUsize::new(at);
            slots[1] = NonMaxUsize::new(pos);
            return true;
        }
        false
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
