//! File name globs for `glob`/`globs` hierarchy levels, as Ruby's `Dir.glob` expands them:
//! `*`, `?`, `[...]`, `{a,b}` and `**` (any depth); hidden files only when asked for; results
//! sorted within each directory; directories left out.

use super::glob_braces::Segment;
use crate::error::Error;
use crate::limits::Ticker;
use std::path::{Path, PathBuf};

/// The files matching an absolute pattern. Brace groups inside one path segment are matched
/// there as a whole, in one walk (`glob_braces`: 26 groups `{a,b}` are one regular
/// expression, not 2^26 patterns); other brace groups are expanded one alternative at a
/// time (made all at once, 2^26 took 4 GB), each walk interruptible. Repeated `**`
/// segments walk as one.
pub fn expand(pattern: &str) -> Result<Vec<PathBuf>, Error> {
    let mut tick = Ticker::default();
    if let Some(found) = expand_spanning(pattern, &mut tick) {
        return in_expansion_order(found?);
    }
    let (root, rest) = split_root(pattern);
    if let Some(segments) = super::glob_braces::segments(rest) {
        let segments = dedup_globstars(segments);
        let mut found = Vec::new();
        let mut at = At {
            key: &mut Vec::new(),
            recursive: false,
        };
        walk(&root, &segments, &mut at, &mut found, &mut tick)?;
        return in_expansion_order(found);
    }
    expand_each(pattern, &mut tick)
}

/// The files found, in the order of the expansions (of the first each file matches), then
/// of the walk, as Ruby lists them; directories left out.
fn in_expansion_order(mut found: Vec<Found>) -> Result<Vec<PathBuf>, Error> {
    found.sort_by(|a, b| a.0.cmp(&b.0));
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (_, p) in found {
        if !p.is_dir() && seen.insert(p.clone()) {
            crate::limits::push(&mut out, p)?;
        }
    }
    Ok(out)
}

/// A pattern with brace groups holding a `/` (`{a/b,c/d}/*.yaml`), walked once
/// (`glob_spanning`) from the directories its literal segments name; `None` for other
/// patterns and those the automaton does not read as Ruby does (then expanded).
fn expand_spanning(pattern: &str, tick: &mut Ticker) -> Option<Result<Vec<Found>, Error>> {
    let (mut root, mut rest) = split_root(pattern);
    while let Some((seg, after)) = rest.split_once('/') {
        if seg.contains(['{', '*', '?', '[']) {
            break;
        }
        root.push(seg);
        rest = after;
    }
    let items = super::glob_braces::parse(rest);
    if !super::glob_braces::has_spanning_group(&items)
        || super::glob_spanning::may_name_dot_segments(rest)
    {
        return None;
    }
    let prog = super::glob_spanning::compile(&items)?;
    let mut found = Vec::new();
    Some(
        prog.walk(&root, &prog.start(), &mut found, tick)
            .map(|()| found),
    )
}

/// The files matching a pattern, each expansion of its brace groups walked in turn.
fn expand_each(pattern: &str, tick: &mut Ticker) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    each_brace_alternative(pattern, &mut |p| {
        let (root, rest) = split_root(p);
        let parts = rest
            .split('/')
            .filter(|s| !s.is_empty())
            .map(|s| Segment::Plain(s.to_string()))
            .collect();
        let mut found = Vec::new();
        let mut at = At {
            key: &mut Vec::new(),
            recursive: false,
        };
        walk(&root, &dedup_globstars(parts), &mut at, &mut found, tick)?;
        for (_, p) in found {
            if !p.is_dir() && seen.insert(p.clone()) {
                crate::limits::push(&mut out, p)?;
            }
        }
        Ok(())
    })?;
    Ok(out)
}

/// Where a pattern's walk starts (`/`, or `.` for a relative one) and the rest.
fn split_root(p: &str) -> (PathBuf, &str) {
    match p.strip_prefix('/') {
        Some(r) => (PathBuf::from("/"), r),
        None => (PathBuf::from("."), p),
    }
}

/// `**/**` matches what `**` matches: walked as written it is exponential.
fn dedup_globstars(mut parts: Vec<Segment>) -> Vec<Segment> {
    let globstar = |s: &Segment| matches!(s, Segment::Plain(p) if p == "**");
    parts.dedup_by(|a, b| globstar(a) && globstar(b));
    parts
}

/// Calls `f` with each expansion of the brace groups of `p` in order (`a{b,c}d` → `abd`,
/// `acd`; nested groups too), one at a time.
fn each_brace_alternative(
    p: &str,
    f: &mut dyn FnMut(&str) -> Result<(), Error>,
) -> Result<(), Error> {
    crate::limits::check_interrupt()?;
    let Some(open) = p.find('{') else {
        return f(p);
    };
    let mut depth = 0;
    let mut close = None;
    let mut commas = Vec::new();
    for (i, c) in p[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            ',' if depth == 1 => commas.push(open + i),
            _ => {}
        }
    }
    let Some(close) = close else {
        return f(p);
    };
    let mut bounds = vec![open];
    bounds.extend(commas);
    bounds.push(close);
    for w in bounds.windows(2) {
        let alt = &p[w[0] + 1..w[1]];
        let one = format!("{}{}{}", &p[..open], alt, &p[close + 1..]);
        crate::limits::deep(|| each_brace_alternative(&one, f))?;
    }
    Ok(())
}

#[cfg(test)]
fn braces(p: &str) -> Vec<String> {
    let mut out = Vec::new();
    each_brace_alternative(p, &mut |one| {
        out.push(one.to_string());
        Ok(())
    })
    .expect("no limit");
    out
}

fn is_pattern(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

fn segment_regex(s: &str) -> Option<regex::Regex> {
    let mut re = String::from("^");
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' => re.push_str(".*"),
            '?' => re.push('.'),
            '[' => {
                re.push('[');
                for c in chars.by_ref() {
                    if c == ']' {
                        break;
                    }
                    if c == '\\' {
                        re.push_str("\\\\");
                    } else {
                        re.push(c);
                    }
                }
                re.push(']');
            }
            c => re.push_str(&regex::escape(&c.to_string())),
        }
    }
    re.push('$');
    regex::Regex::new(&re).ok()
}

pub(super) fn sorted_entries(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut v: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// A file found, with the choices of the brace groups that matched it.
pub(super) type Found = (Vec<u32>, PathBuf);

/// Where a walk is: the choices of the brace groups decided, and whether a `**` was passed
/// (then Ruby matches a group in each name, in the directory's order, without expanding it).
struct At<'a> {
    key: &'a mut Vec<u32>,
    recursive: bool,
}

fn walk(
    dir: &Path,
    parts: &[Segment],
    at: &mut At,
    out: &mut Vec<Found>,
    tick: &mut Ticker,
) -> Result<(), Error> {
    tick.tick()?;
    let Some((first, rest)) = parts.split_first() else {
        return crate::limits::push(out, (at.key.clone(), dir.to_path_buf()));
    };
    match first {
        Segment::Plain(p) if p == "**" => {
            if rest.is_empty() {
                crate::limits::push(out, (at.key.clone(), dir.to_path_buf()))?;
            }
            let recursive = std::mem::replace(&mut at.recursive, true);
            let re = first_regex(rest);
            // Each entry as Ruby's walk takes it, in order: matched by what follows `**`
            // (zero directories), then, when it is a directory (not hidden, not a symbolic
            // link: a cycle cannot loop), walked by `**` again.
            for (rank, (name, path)) in sorted_entries(dir).into_iter().enumerate() {
                if !rest.is_empty() {
                    visit(&name, &path, rank, rest, re.as_ref(), at, out, tick)?;
                }
                let real_dir = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
                if !name.starts_with('.') && real_dir {
                    walk(&path, parts, at, out, tick)?;
                }
            }
            at.recursive = recursive;
            Ok(())
        }
        Segment::Plain(p) if !is_pattern(p) => {
            let next = dir.join(p);
            if rest.is_empty() {
                if next.exists() {
                    crate::limits::push(out, (at.key.clone(), next))?;
                }
            } else if next.is_dir() {
                walk(&next, rest, at, out, tick)?;
            }
            Ok(())
        }
        _ => {
            let re = first_regex(parts);
            for (rank, (name, path)) in sorted_entries(dir).into_iter().enumerate() {
                visit(&name, &path, rank, parts, re.as_ref(), at, out, tick)?;
            }
            Ok(())
        }
    }
}

/// The regular expression of the first of `parts` when it is a plain pattern.
fn first_regex(parts: &[Segment]) -> Option<regex::Regex> {
    match parts.first() {
        Some(Segment::Plain(p)) if is_pattern(p) => segment_regex(p),
        _ => None,
    }
}

/// Matches one entry of a directory (its `rank`-th, sorted) by the first of `parts` (`re`:
/// its regular expression when it is a plain pattern), then what follows below it.
#[allow(clippy::too_many_arguments)]
fn visit(
    name: &str,
    path: &Path,
    rank: usize,
    parts: &[Segment],
    re: Option<&regex::Regex>,
    at: &mut At,
    out: &mut Vec<Found>,
    tick: &mut Ticker,
) -> Result<(), Error> {
    let Some((first, rest)) = parts.split_first() else {
        return Ok(());
    };
    let depth = at.key.len();
    match first {
        Segment::Braced(b) => {
            let Some(choices) = b.key(name) else {
                return Ok(());
            };
            if !at.recursive {
                at.key.extend(choices);
            }
        }
        Segment::Plain(p) if p == "**" => return Ok(()),
        Segment::Plain(p) => {
            if !is_pattern(p) {
                if name != p {
                    return Ok(());
                }
            } else {
                if name.starts_with('.') && !p.starts_with('.') {
                    return Ok(());
                }
                if !re.is_some_and(|re| re.is_match(name)) {
                    return Ok(());
                }
                // Ruby expands the groups where its walk meets the first of them: the
                // directories walked before that come first in the order.
                let groups_ahead = rest.iter().any(|s| matches!(s, Segment::Braced(_)));
                if groups_ahead && !at.recursive {
                    at.key.push(rank as u32);
                }
            }
        }
    }
    let result = if rest.is_empty() {
        crate::limits::push(out, (at.key.clone(), path.to_path_buf()))
    } else if path.is_dir() {
        walk(path, rest, at, out, tick)
    } else {
        Ok(())
    };
    at.key.truncate(depth);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_expand() {
        assert_eq!(braces("a{b,c}d"), vec!["abd", "acd"]);
        assert_eq!(braces("x"), vec!["x"]);
        assert_eq!(
            braces("{a,{b,c}}{1,2}"),
            ["a1", "a2", "b1", "b2", "c1", "c2"]
        );
    }

    /// 2^26 brace alternatives that do not fit one segment are walked one at a time, in
    /// little memory, until the interrupt (made all at once they took 4 GB); inside one
    /// segment they are one regular expression (`glob_braces`), walked once.
    #[test]
    fn brace_groups_expand_one_at_a_time_and_stop_on_interrupt() {
        let started = std::time::Instant::now();
        let one_segment = format!("/nonexistent-prepl/{}", "{a,b}".repeat(26));
        assert_eq!(expand(&one_segment).unwrap(), Vec::<PathBuf>::new());
        assert!(started.elapsed() < std::time::Duration::from_secs(5));

        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let _scope = crate::limits::interrupt_scope(&flag);
        // (groups holding `/` are one walk too, `glob_spanning`; with `[...]` expanded)
        let spanning = format!("/nonexistent-prepl/{}", "{a/,b/}".repeat(26));
        assert_eq!(expand(&spanning).unwrap(), Vec::<PathBuf>::new());
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        let pattern = format!("/nonexistent-prepl/{}[xy]", "{a/,b/}".repeat(26));
        let waker = {
            let flag = flag.clone();
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(300));
                flag.store(true, std::sync::atomic::Ordering::SeqCst);
            })
        };
        let before = crate::limits::in_use();
        let started = std::time::Instant::now();
        let e = expand(&pattern).unwrap_err();
        waker.join().unwrap();
        assert_eq!(e.kind, crate::error::ErrorKind::Interrupted);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert!(crate::limits::in_use() < before + (1 << 20));
    }

    /// Brace groups matched in one walk find what walking each expansion finds, in the same
    /// order (Ruby's: by the first expansion a file matches, then by the walk); checked
    /// against `Dir.glob` (Ruby 3.1, the reference's) for the first patterns, which include
    /// where Ruby does not expand first: the directories walked before the first group, and
    /// groups after `**`.
    #[test]
    fn brace_groups_in_one_walk_find_what_each_expansion_finds() {
        let dir = std::env::temp_dir().join(format!("prepl-glob-braces-{}", std::process::id()));
        for d in ["x", "y/z", "ab", ".h"] {
            std::fs::create_dir_all(dir.join(d)).unwrap();
        }
        for f in [
            "a1.yaml",
            "b1.yaml",
            "ab.yaml",
            ".ah.yaml",
            "x/a.yaml",
            "y/b.yaml",
            "y/z/c.yaml",
            "ab/a1.yaml",
            ".h/a.yaml",
            "b2.json",
        ] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        let d = dir.display();
        let names = |v: Vec<PathBuf>| -> Vec<String> {
            v.iter()
                .map(|p| p.strip_prefix(&dir).unwrap().display().to_string())
                .collect()
        };
        for (pattern, ruby) in [
            ("{b,a}*.yaml", &["b1.yaml", "a1.yaml", "ab.yaml"][..]),
            ("*{b,1}.yaml", &["ab.yaml", "a1.yaml", "b1.yaml"]),
            ("{.a,a}*.yaml", &[".ah.yaml", "a1.yaml", "ab.yaml"]),
            ("{y,x}/*.yaml", &["y/b.yaml", "x/a.yaml"]),
            ("{*,.}a*.yaml", &["a1.yaml", "ab.yaml", ".ah.yaml"]),
            // (the walk before the first group comes first; after `**` a group matches
            // each name in the directory's order; `**` lists an entry, then what is below)
            ("*/{z,a}*", &["ab/a1.yaml", "x/a.yaml"]),
            (
                "**/{c,b,a}*.yaml",
                &[
                    "a1.yaml",
                    "ab/a1.yaml",
                    "ab.yaml",
                    "b1.yaml",
                    "x/a.yaml",
                    "y/b.yaml",
                    "y/z/c.yaml",
                ],
            ),
            (
                "**/*.yaml",
                &[
                    "a1.yaml",
                    "ab/a1.yaml",
                    "ab.yaml",
                    "b1.yaml",
                    "x/a.yaml",
                    "y/b.yaml",
                    "y/z/c.yaml",
                ],
            ),
        ] {
            let p = format!("{d}/{pattern}");
            assert_eq!(names(expand(&p).unwrap()), ruby, "{pattern}");
        }
        for pattern in [
            "{a,b}{1,b}.{yaml,json}",
            "{y,ab,x}/**/*{1,}.yaml",
            "{{b,a},{x,y}}/{a,b,c}*",
            "{.h,x}/a.yaml",
            "{a,b}?.yaml",
        ] {
            let p = format!("{d}/{pattern}");
            assert!(
                super::super::glob_braces::segments(&p).is_some(),
                "{pattern}"
            );
            let mut tick = Ticker::default();
            assert_eq!(
                names(expand(&p).unwrap()),
                names(expand_each(&p, &mut tick).unwrap()),
                "{pattern}"
            );
        }
        // 26 groups in an existing directory: one walk.
        let started = std::time::Instant::now();
        let p = format!("{d}/{}.yaml", "{a,b,1}".repeat(2) + &"{,}".repeat(24));
        assert_eq!(
            names(expand(&p).unwrap()),
            ["ab.yaml", "a1.yaml", "b1.yaml"]
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Brace groups holding `/` in one walk: the files and their order as the reference
    /// lists them (`lookup(k, Array, 'unique')` over a `glob` level whose files each hold
    /// their own name, through the oracle).
    #[test]
    fn brace_groups_holding_slashes_in_one_walk_as_the_reference_orders_them() {
        let dir = std::env::temp_dir().join(format!("prepl-glob-span-{}", std::process::id()));
        for f in [
            ".h/b/1.yaml",
            "a/.b/1.yaml",
            "a/b.yaml",
            "a/b/1.yaml",
            "a/b/2.yaml",
            "c/1.yaml",
            "c/d/1.yaml",
            "c/d/z/3.yaml",
            "x/p/q/1.yaml",
            "x/p/q/deep/2.yaml",
            "x/r/.h/5.yaml",
            "x/r/1.yaml",
            "x/r/s/t/2.yaml",
            "y/p/q/3.yaml",
            "y/r/4.yaml",
            "o/b.yaml",
            "o/a/x.yaml",
            "o/c/y.yaml",
            "o/d.yaml",
        ] {
            std::fs::create_dir_all(dir.join(f).parent().unwrap()).unwrap();
            std::fs::write(dir.join(f), "").unwrap();
        }
        let d = dir.display();
        let names = |v: Vec<PathBuf>| -> Vec<String> {
            v.iter()
                .map(|p| p.strip_prefix(&dir).unwrap().display().to_string())
                .collect()
        };
        for (pattern, reference) in [
            (
                "{a/b,c/d}/*.yaml",
                &["a/b/1.yaml", "a/b/2.yaml", "c/d/1.yaml"][..],
            ),
            (
                "{c/d,a/b}/*.yaml",
                &["c/d/1.yaml", "a/b/1.yaml", "a/b/2.yaml"],
            ),
            (
                "{x,y}/{p/q,r}/**/*.yaml",
                &[
                    "x/p/q/1.yaml",
                    "x/p/q/deep/2.yaml",
                    "x/r/1.yaml",
                    "x/r/s/t/2.yaml",
                    "y/p/q/3.yaml",
                    "y/r/4.yaml",
                ],
            ),
            (
                "{y,x}/{r,p/q}/**/*.yaml",
                &[
                    "y/r/4.yaml",
                    "y/p/q/3.yaml",
                    "x/r/1.yaml",
                    "x/r/s/t/2.yaml",
                    "x/p/q/1.yaml",
                    "x/p/q/deep/2.yaml",
                ],
            ),
            (
                "{a,c}{/b,/d,}/*.yaml",
                &[
                    "a/b/1.yaml",
                    "a/b/2.yaml",
                    "a/b.yaml",
                    "c/d/1.yaml",
                    "c/1.yaml",
                ],
            ),
            ("{a/,c/}*.yaml", &["a/b.yaml", "c/1.yaml"]),
            (
                "{a/b/,c/}{1,2}.yaml",
                &["a/b/1.yaml", "a/b/2.yaml", "c/1.yaml"],
            ),
            ("{*/b,c}/*.yaml", &["a/b/1.yaml", "a/b/2.yaml", "c/1.yaml"]),
            (
                "{.h/b,a/.b,a/b}/1.yaml",
                &[".h/b/1.yaml", "a/.b/1.yaml", "a/b/1.yaml"],
            ),
            ("{a/b/,}*.yaml", &["a/b/1.yaml", "a/b/2.yaml"]),
            (
                "{a,{c/d,x/r}}/*.yaml",
                &["a/b.yaml", "c/d/1.yaml", "x/r/1.yaml"],
            ),
            (
                "x/{r/s/t,p/q/deep}/*.yaml",
                &["x/r/s/t/2.yaml", "x/p/q/deep/2.yaml"],
            ),
            (
                "{a/b/2,c/d/1,a/b/1}.yaml",
                &["a/b/2.yaml", "c/d/1.yaml", "a/b/1.yaml"],
            ),
            (
                "{x/r,o}/**/*.yaml",
                &[
                    "x/r/1.yaml",
                    "x/r/s/t/2.yaml",
                    "o/a/x.yaml",
                    "o/b.yaml",
                    "o/c/y.yaml",
                    "o/d.yaml",
                ],
            ),
            (
                "{o/a,o/c,o}/*.yaml",
                &["o/a/x.yaml", "o/c/y.yaml", "o/b.yaml", "o/d.yaml"],
            ),
            (
                "{x/{r,p/q},{a/b,c}}/1.yaml",
                &["x/r/1.yaml", "x/p/q/1.yaml", "a/b/1.yaml", "c/1.yaml"],
            ),
            (
                "{a/,c/}{d/,b/}{1,2}.yaml",
                &["a/b/1.yaml", "a/b/2.yaml", "c/d/1.yaml"],
            ),
            ("*/{d/,b/}1.yaml", &["a/b/1.yaml", "c/d/1.yaml"]),
        ] {
            let p = format!("{d}/{pattern}");
            let mut tick = Ticker::default();
            assert!(expand_spanning(&p, &mut tick).is_some(), "{pattern}");
            assert_eq!(names(expand(&p).unwrap()), reference, "{pattern}");
        }
        // 2^26 expansions over directories that exist: one walk.
        let started = std::time::Instant::now();
        let p = format!("{d}/{}*.yaml", "{a/,b/,c/,.h/,x/}".repeat(26));
        let mut tick = Ticker::default();
        assert!(expand_spanning(&p, &mut tick).is_some());
        assert_eq!(expand(&p).unwrap(), Vec::<PathBuf>::new());
        // (4^26: `a/b/1.yaml` first by `a/`, `b/` and 24 empty ones, `c/1.yaml` by `c/`)
        let p = format!("{d}/{}1.yaml", "{a/,b/,c/,}".repeat(26));
        assert_eq!(names(expand(&p).unwrap()), ["a/b/1.yaml", "c/1.yaml"]);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn globs_find_files_sorted() {
        let dir = std::env::temp_dir().join(format!("prepl-glob-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a/b")).unwrap();
        for f in ["z.yaml", "a.yaml", "a/b/c.yaml", ".h.yaml"] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        let found = expand(&format!("{}/*.yaml", dir.display())).unwrap();
        assert_eq!(found, vec![dir.join("a.yaml"), dir.join("z.yaml")]);
        let deep = expand(&format!("{}/**/*.yaml", dir.display())).unwrap();
        assert_eq!(deep.len(), 3);
        // Repeated `**` is one (it was exponential in their number).
        let started = std::time::Instant::now();
        let many = format!("{}/{}*.yaml", dir.display(), "**/".repeat(40));
        assert_eq!(expand(&many).unwrap(), deep);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
