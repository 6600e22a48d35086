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
    let (root, rest) = split_root(pattern);
    if let Some(segments) = super::glob_braces::segments(rest) {
        let segments = dedup_globstars(segments);
        let mut found = Vec::new();
        walk(&root, &segments, &mut Vec::new(), &mut found, &mut tick)?;
        // In the order of the expansions (of the first each file matches), then of the
        // walk, as Ruby lists them.
        found.sort_by(|a, b| a.0.cmp(&b.0));
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for (_, p) in found {
            if !p.is_dir() && seen.insert(p.clone()) {
                crate::limits::push(&mut out, p)?;
            }
        }
        return Ok(out);
    }
    expand_each(pattern, &mut tick)
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
        walk(
            &root,
            &dedup_globstars(parts),
            &mut Vec::new(),
            &mut found,
            tick,
        )?;
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

fn sorted_entries(dir: &Path) -> Vec<(String, PathBuf)> {
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
type Found = (Vec<u32>, PathBuf);

fn walk(
    dir: &Path,
    parts: &[Segment],
    key: &mut Vec<u32>,
    out: &mut Vec<Found>,
    tick: &mut Ticker,
) -> Result<(), Error> {
    tick.tick()?;
    let Some((first, rest)) = parts.split_first() else {
        return crate::limits::push(out, (key.clone(), dir.to_path_buf()));
    };
    let first = match first {
        Segment::Braced(b) => {
            for (name, path) in sorted_entries(dir) {
                let Some(choices) = b.key(&name) else {
                    continue;
                };
                let depth = key.len();
                key.extend(choices);
                if rest.is_empty() {
                    crate::limits::push(out, (key.clone(), path))?;
                } else if path.is_dir() {
                    walk(&path, rest, key, out, tick)?;
                }
                key.truncate(depth);
            }
            return Ok(());
        }
        Segment::Plain(p) => p.as_str(),
    };
    if first == "**" {
        // Zero directories, then each subdirectory (not hidden) at any depth.
        walk(dir, rest, key, out, tick)?;
        for (name, path) in sorted_entries(dir) {
            // Symbolic links are not followed by `**` (as in Ruby), so a cycle cannot loop.
            let real_dir = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
            if !name.starts_with('.') && real_dir {
                walk(&path, parts, key, out, tick)?;
            }
        }
        return Ok(());
    }
    if !is_pattern(first) {
        let next = dir.join(first);
        if rest.is_empty() {
            if next.exists() {
                crate::limits::push(out, (key.clone(), next))?;
            }
        } else if next.is_dir() {
            walk(&next, rest, key, out, tick)?;
        }
        return Ok(());
    }
    let Some(re) = segment_regex(first) else {
        return Ok(());
    };
    for (name, path) in sorted_entries(dir) {
        if name.starts_with('.') && !first.starts_with('.') {
            continue;
        }
        if re.is_match(&name) {
            if rest.is_empty() {
                crate::limits::push(out, (key.clone(), path))?;
            } else if path.is_dir() {
                walk(&path, rest, key, out, tick)?;
            }
        }
    }
    Ok(())
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
        let pattern = format!("/nonexistent-prepl/{}", "{a/,b/}".repeat(26));
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
    /// against `Dir.glob` for the first patterns.
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
        ] {
            let p = format!("{d}/{pattern}");
            assert_eq!(names(expand(&p).unwrap()), ruby, "{pattern}");
        }
        for pattern in [
            "{a,b}{1,b}.{yaml,json}",
            "**/{c,b,a}*.yaml",
            "{y,ab,x}/**/*{1,}.yaml",
            "{{b,a},{x,y}}/{a,b,c}*",
            "*/{z,a}*",
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
