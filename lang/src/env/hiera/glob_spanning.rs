//! Brace groups whose alternatives hold a `/` (`{a/b,c/d}/*.yaml`, `{x,y}/{p/q,r}/**/*.yaml`)
//! matched in one walk, without expanding them.
//!
//! Ruby's `Dir.glob` expands such a pattern and walks each expansion in turn, so a file's
//! place is given by the first expansion that matches it. Here the pattern is a small
//! automaton over the characters of a path (`/` included); its threads carry the choices of
//! the groups they went through, a thread's choices are a prefix of its expansion's (groups
//! are passed in the order the expansion decides them), and where two threads meet the
//! smaller choices win. The walk keeps, for each directory, the threads that reached it:
//! each directory is listed once, however many expansions lead to it, and 2^26 expansions
//! are as many threads as the pattern has positions.
//!
//! Ruby expands the groups where its walk meets the first of them (`*/{d/,b/}1.yaml` lists
//! `a/b/1.yaml` before `c/d/1.yaml`): the directories walked before that come first in the
//! order. Within one expansion the order is the walk's: the entries of a directory sorted,
//! each followed by what was found below it (`**/*.yaml`: `a/x.yaml` before `b.yaml`).
//! Patterns this does not read as Ruby does (`[...]`, a `**` next to a group or before the
//! first, `.` or `..` segments) are left to the expansion ([`compile`] gives `None`).

use super::glob_braces::Item;
use crate::error::Error;
use crate::limits::Ticker;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One step of the automaton.
#[derive(Debug, Clone, PartialEq)]
enum Inst {
    /// A character (not `/`).
    Char(char),
    /// `?`: any character.
    Any,
    /// `*`: any characters (stays here, or goes on without consuming).
    Star,
    /// `/` between segments.
    Sep,
    /// `**/`: any number of directories (not hidden ones, not symbolic links).
    GlobStar,
    /// A group: the first instruction of each alternative, with its index.
    Split(Vec<(usize, u32)>),
    Jmp(usize),
    Match,
}

/// A pattern's automaton, and where its first group starts.
pub(super) struct Program(Vec<Inst>, usize);

/// Threads: instruction → the smallest choices that reached it.
type Threads = BTreeMap<usize, Vec<u32>>;

/// The automaton of `items` (a pattern relative to its walk's root, its groups parsed), or
/// `None` where it would not read the pattern as Ruby does.
pub(super) fn compile(items: &[Item]) -> Option<Program> {
    let mut prog = Vec::new();
    emit(items, &mut prog, true)?;
    prog.push(Inst::Match);
    let first_group = prog.iter().position(|i| matches!(i, Inst::Split(_)))?;
    // (after `**`, Ruby matches a group in each name, in the directory's order, and an
    // alternative holding `/` never: left to the expansion)
    if prog[..first_group].contains(&Inst::GlobStar) {
        return None;
    }
    Some(Program(prog, first_group))
}

fn emit(items: &[Item], prog: &mut Vec<Inst>, top: bool) -> Option<()> {
    for (n, item) in items.iter().enumerate() {
        match item {
            Item::Lit(s) => {
                let (first, last) = (top && n == 0, top && n + 1 == items.len());
                literal(s, first, last, prog)?
            }
            Item::Group(alts) => {
                let split = prog.len();
                prog.push(Inst::Split(Vec::new()));
                let (mut starts, mut jumps) = (Vec::new(), Vec::new());
                for (k, alt) in alts.iter().enumerate() {
                    starts.push((prog.len(), k as u32));
                    crate::limits::deep(|| emit(alt, prog, false))?;
                    jumps.push(prog.len());
                    prog.push(Inst::Jmp(0));
                }
                let end = prog.len();
                for j in jumps {
                    prog[j] = Inst::Jmp(end);
                }
                prog[split] = Inst::Split(starts);
            }
        }
    }
    Some(())
}

/// A literal part: `first`/`last` when it starts/ends the whole pattern (a `**` at its edge
/// is a whole segment only there; next to a group it depends on the expansion).
fn literal(s: &str, first: bool, last: bool, prog: &mut Vec<Inst>) -> Option<()> {
    let parts: Vec<&str> = s.split('/').collect();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            prog.push(Inst::Sep);
        }
        let bounded_before = i > 0 || first;
        let followed = i + 1 < parts.len();
        if *part == "**" {
            match (bounded_before, followed, i + 1 == parts.len() && last) {
                (true, true, _) => {
                    prog.push(Inst::GlobStar);
                    continue;
                }
                // (`a/**` at the pattern's end: Ruby's `*`)
                (true, false, true) => {}
                _ => return None,
            }
        }
        if part.contains('[') {
            return None;
        }
        for c in part.chars() {
            prog.push(match c {
                '*' => Inst::Star,
                '?' => Inst::Any,
                c => Inst::Char(c),
            });
        }
    }
    Some(())
}

/// Whether a pattern's text can make a `.` or `..` segment in some expansion (a period
/// between a segment's possible edges), which the walk cannot list: then it is expanded.
pub(super) fn may_name_dot_segments(p: &str) -> bool {
    let b = p.as_bytes();
    p.contains("..")
        || b.iter().enumerate().any(|(i, &c)| {
            let edge = |x: Option<&u8>| x.is_none_or(|x| b"/{},".contains(x));
            c == b'.' && edge(i.checked_sub(1).and_then(|j| b.get(j))) && edge(b.get(i + 1))
        })
}

impl Program {
    /// Adds `pc` with `choices` and what it reaches without consuming a character.
    /// `seg_start`: at a segment's start (where empty segments, `//`, are skipped);
    /// `hidden`: at the start of a name with a leading period (only a literal `.` matches
    /// it: no `*`, even an empty one, as in Ruby's expansions).
    fn add(&self, pc: usize, choices: Vec<u32>, seg_start: bool, hidden: bool, to: &mut Threads) {
        let mut work = vec![(pc, choices, seg_start)];
        while let Some((pc, choices, seg_start)) = work.pop() {
            if to.get(&pc).is_some_and(|c| *c <= choices) {
                continue;
            }
            match &self.0[pc] {
                Inst::Split(alts) => {
                    for (start, k) in alts.iter().rev() {
                        let mut c = choices.clone();
                        c.push(*k);
                        work.push((*start, c, seg_start));
                    }
                    continue;
                }
                Inst::Jmp(to) => {
                    work.push((*to, choices, seg_start));
                    continue;
                }
                Inst::Star if hidden => continue,
                // (an empty `*` does not make its segment empty)
                Inst::Star => work.push((pc + 1, choices.clone(), false)),
                Inst::Sep if seg_start => {
                    work.push((pc + 1, choices, true));
                    continue;
                }
                // (no directory: its `/` is skipped)
                Inst::GlobStar => work.push((pc + 1, choices.clone(), true)),
                _ => {}
            }
            to.insert(pc, choices);
        }
    }

    /// The threads at a segment's start from its seeds.
    fn open(&self, seeds: &Threads, hidden: bool) -> Threads {
        let mut t = Threads::new();
        for (pc, c) in seeds {
            self.add(*pc, c.clone(), true, hidden, &mut t);
        }
        t
    }

    /// The threads after `name`, from those at its segment's start.
    fn step_name(&self, open: &Threads, name: &str) -> Threads {
        let mut now = open.clone();
        for ch in name.chars() {
            let mut next = Threads::new();
            for (pc, c) in &now {
                let go = match &self.0[*pc] {
                    Inst::Char(x) => *x == ch,
                    Inst::Any => true,
                    Inst::Star => {
                        self.add(*pc, c.clone(), false, false, &mut next);
                        false
                    }
                    _ => false,
                };
                if go {
                    self.add(pc + 1, c.clone(), false, false, &mut next);
                }
            }
            if next.is_empty() {
                return next;
            }
            now = next;
        }
        now
    }

    /// Walks `dir` with the seeds of its entries' segment (threads before their closure),
    /// pushing each path a thread matches with its choices.
    pub(super) fn walk(
        &self,
        dir: &Path,
        seeds: &Threads,
        out: &mut Vec<(Vec<u32>, PathBuf)>,
        tick: &mut Ticker,
    ) -> Result<(), Error> {
        tick.tick()?;
        let open = self.open(seeds, false);
        let mut open_hidden = None;
        for (rank, (name, path)) in super::glob::sorted_entries(dir).into_iter().enumerate() {
            // (each entry is matched through every thread: a pattern of many groups is
            // interruptible within a directory too)
            tick.tick()?;
            let after = if name.starts_with('.') {
                // (a leading period: only a literal `.` matches it; `?` does not either)
                let open = open_hidden.get_or_insert_with(|| {
                    let mut t = self.open(seeds, true);
                    t.retain(|pc, _| matches!(self.0[*pc], Inst::Char('.')));
                    t
                });
                self.step_name(open, &name)
            } else {
                self.step_name(&open, &name)
            };
            let mut below = Threads::new();
            let mut matched: Option<&Vec<u32>> = None;
            for (pc, c) in &after {
                match self.0[*pc] {
                    Inst::Match => matched = Some(matched.map_or(c, |m| m.min(c))),
                    Inst::Sep => {
                        // Ruby expands the groups where the walk meets the first; the
                        // directories before it are in the walk's order.
                        let mut c = c.clone();
                        if *pc < self.1 {
                            c.push(rank as u32);
                        }
                        below.insert(pc + 1, c);
                    }
                    _ => {}
                }
            }
            if let Some(c) = matched {
                crate::limits::push(out, (c.clone(), path.clone()))?;
            }
            // `**` goes on into directories that are not hidden nor symbolic links.
            let real_dir = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
            if !name.starts_with('.') && real_dir {
                for (pc, c) in &open {
                    if self.0[*pc] == Inst::GlobStar && below.get(pc).is_none_or(|b| c < b) {
                        below.insert(*pc, c.clone());
                    }
                }
            }
            if !below.is_empty() && path.is_dir() {
                crate::limits::deep(|| self.walk(&path, &below, out, tick))?;
            }
        }
        Ok(())
    }

    /// The seeds at the pattern's start.
    pub(super) fn start(&self) -> Threads {
        Threads::from([(0, Vec::new())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::hiera::glob_braces::parse;

    #[test]
    fn what_is_left_to_the_expansion() {
        for p in [
            "{a,b}/[xy]",
            "{a,b}**/x",
            "{a/**,b}/x",
            "a/../{b/c,d}",
            "**/{a/b,c}/x",
        ] {
            assert!(
                compile(&parse(p)).is_none() || may_name_dot_segments(p),
                "{p}"
            );
        }
        for p in ["{.,a}/x", "{a/,}./x", "x{/.,/b}", "{a,b}/.."] {
            assert!(may_name_dot_segments(p), "{p}");
        }
        for p in [
            "{a/b,c}/*.yaml",
            ".h/{a/b,c}",
            "{a,b}.yaml",
            "{x/y,z}/**/*.yaml",
            "x**{/a,/b}",
        ] {
            assert!(!may_name_dot_segments(p), "{p}");
            assert!(compile(&parse(p)).is_some(), "{p}");
        }
    }

    #[test]
    fn names_and_periods() {
        let sep = |prog: &Program, t: &Threads| t.keys().any(|pc| prog.0[*pc] == Inst::Sep);
        let prog = compile(&parse("{*,.}a*/{b/c,d}")).unwrap();
        // `*` does not match a leading period, even empty; `.` does.
        let hidden = prog.open(&prog.start(), true);
        assert!(sep(&prog, &prog.step_name(&hidden, ".ax")));
        let prog = compile(&parse("*.x/{b/c,d}")).unwrap();
        let hidden = prog.open(&prog.start(), true);
        assert!(!sep(&prog, &prog.step_name(&hidden, ".x")));
        let open = prog.open(&prog.start(), false);
        assert!(sep(&prog, &prog.step_name(&open, "a.x")));
        // `*` alone is not an empty segment
        let prog = compile(&parse("a/*/{b,c/d}")).unwrap();
        let open = prog.open(&prog.start(), false);
        let after_a = prog.step_name(&open, "a");
        let below: Threads = after_a
            .iter()
            .filter(|(pc, _)| prog.0[**pc] == Inst::Sep)
            .map(|(pc, c)| (pc + 1, c.clone()))
            .collect();
        let open = prog.open(&below, false);
        assert!(!prog
            .step_name(&open, "b")
            .keys()
            .any(|pc| prog.0[*pc] == Inst::Match));
    }
}
