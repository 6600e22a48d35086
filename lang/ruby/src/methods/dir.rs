//! `Dir.glob` / `Dir[]` as Ruby 3's: read-only listing of the paths a pattern (or an array
//! of them) names, where the host lets the code list directories (`Host::read_dirs`: a
//! module's function, whose reference lists them so too; custom facts on this machine).
//!
//! Ruby's rules: braces expand first (each alternative's matches in turn); `*`, `?`, `[...]`
//! and `\` escapes match within one path segment, not a leading dot unless the segment
//! begins with one (`.*` matches `.`, never `..`); `**/` matches any number of directories,
//! not hidden ones nor symbolic links; a trailing `/` matches directories only (their paths
//! end in `/`); literal segments are not listed, the path's existence checked (`lstat`: a
//! broken link counts). Each directory's entries are read in byte order and each entry's
//! own matches come before those inside it.

use super::Call;
use crate::error::RubyError;
use crate::eval::{host_result, Interp, R};
use crate::value::RValue;
use std::path::Path;

/// `Dir.glob(pattern)` / `Dir[pattern, ...]`; `None` for another method.
pub fn class_call(it: &mut Interp, c: &Call) -> R<Option<RValue>> {
    if !matches!(c.name, "glob" | "[]") {
        return Ok(None);
    }
    host_result(it.host.read_dirs(&format!("Dir.{}", c.name)), c.at)?;
    let mut patterns = Vec::new();
    let given: &[RValue] = if c.name == "glob" {
        c.arity(1, 2)?;
        if let Some(flags) = c.arg(1) {
            if !matches!(flags, RValue::Int(0)) {
                return crate::eval::unsupported("Dir.glob with flags or base:", c.at);
            }
        }
        &c.args[..1]
    } else {
        &c.args
    };
    for g in given {
        match g {
            RValue::Array(items) => {
                for p in items.borrow().iter() {
                    patterns.push(
                        super::binary::bytes_arg(Some(p), c.at).map(|_| crate::show::to_s(p))?,
                    );
                }
            }
            p => patterns
                .push(super::binary::bytes_arg(Some(p), c.at).map(|_| crate::show::to_s(p))?),
        }
    }
    let mut out = Vec::new();
    for p in &patterns {
        let mut alts = Vec::new();
        expand_braces(p, &mut alts, c.at)?;
        for alt in alts {
            glob_one(&alt, &mut out, c.at)?;
        }
    }
    Ok(Some(RValue::array(
        out.into_iter().map(RValue::str).collect::<Vec<_>>(),
    )))
}

/// One segment of a pattern.
#[derive(Debug, PartialEq)]
enum Seg {
    /// No wildcard (escapes removed).
    Literal(String),
    Magic(String),
    /// `**` followed by `/`.
    Recursive,
    /// The empty segment after a trailing `/`.
    DirOnly,
}

fn has_magic(s: &str) -> bool {
    let mut escaped = false;
    for ch in s.chars() {
        match ch {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '*' | '?' | '[' => return true,
            _ => {}
        }
    }
    false
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(ch) = chars.next() {
        match ch {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// `{a,b}` alternatives expanded (nested ones too), in order, appended to `out` (their
/// number, which grows as the product of the groups' sizes, within the memory limit).
fn expand_braces(p: &str, out: &mut Vec<String>, at: usize) -> R<()> {
    let b = p.as_bytes();
    let mut depth = 0;
    let mut open = None;
    let mut commas = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'{' => {
                if depth == 0 {
                    open = Some(i);
                    commas.clear();
                }
                depth += 1;
            }
            b',' if depth == 1 => commas.push(i),
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    let start = open.unwrap_or(0);
                    let (head, tail) = (&p[..start], &p[i + 1..]);
                    let mut bounds = vec![start];
                    bounds.extend(&commas);
                    bounds.push(i);
                    for w in bounds.windows(2) {
                        let alt = &p[w[0] + 1..w[1]];
                        if crate::limits::interrupted() {
                            return Err(RubyError::Interrupted { at }.into());
                        }
                        let next = format!("{head}{alt}{tail}");
                        crate::limits::deep(|| expand_braces(&next, out, at))?;
                    }
                    return Ok(());
                }
            }
            _ => {}
        }
        i += 1;
    }
    super::grow(p.len() + std::mem::size_of::<String>(), at)?;
    out.push(p.to_string());
    Ok(())
}

fn segments(pattern: &str) -> Vec<Seg> {
    let parts: Vec<&str> = pattern.split('/').collect();
    let n = parts.len();
    parts
        .iter()
        .enumerate()
        .map(|(i, s)| match *s {
            "" if i == n - 1 => Seg::DirOnly,
            "**" if i + 1 < n => Seg::Recursive,
            "**" => Seg::Magic("*".into()),
            s if has_magic(s) => Seg::Magic(s.to_string()),
            s => Seg::Literal(unescape(s)),
        })
        .collect()
}

/// The matches of one pattern (braces expanded), appended to `out`.
fn glob_one(pattern: &str, out: &mut Vec<String>, at: usize) -> R<()> {
    if pattern.is_empty() {
        return Ok(());
    }
    let (start, rest) = match pattern.strip_prefix('/') {
        Some(rest) => ("/", rest),
        None => ("", pattern),
    };
    let segs = segments(rest);
    let mut seen = 0usize;
    walk(start, &segs, vec![0], out, &mut seen, at)
}

fn join(path: &str, name: &str) -> String {
    match path {
        "" => name.to_string(),
        "/" => format!("/{name}"),
        p => format!("{p}/{name}"),
    }
}

/// The states `states` (indices into `segs`) with each `**` also standing for zero
/// directories.
fn closure(segs: &[Seg], states: Vec<usize>) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for mut s in states {
        loop {
            if !out.contains(&s) {
                out.push(s);
            }
            if segs.get(s) == Some(&Seg::Recursive) {
                s += 1;
            } else {
                break;
            }
        }
    }
    out
}

fn walk(
    path: &str,
    segs: &[Seg],
    states: Vec<usize>,
    out: &mut Vec<String>,
    seen: &mut usize,
    at: usize,
) -> R<()> {
    *seen += 1;
    if seen.is_multiple_of(1024) {
        if crate::limits::interrupted() {
            return Err(RubyError::Interrupted { at }.into());
        }
        super::grow_values(1024, at)?;
    }
    let states = closure(segs, states);
    let shown = if path.is_empty() { "." } else { path };
    if states.contains(&segs.len()) && !path.is_empty() && std::fs::symlink_metadata(path).is_ok() {
        out.push(path.to_string());
    }
    if states.iter().any(|&s| segs.get(s) == Some(&Seg::DirOnly)) && Path::new(shown).is_dir() {
        out.push(format!("{path}/"));
    }
    let live: Vec<usize> = states
        .into_iter()
        .filter(|&s| {
            matches!(
                segs.get(s),
                Some(Seg::Literal(_) | Seg::Magic(_) | Seg::Recursive)
            )
        })
        .collect();
    if live.is_empty() {
        return Ok(());
    }
    if live.iter().all(|&s| matches!(segs[s], Seg::Literal(_))) {
        // (literal segments: no listing)
        let mut done: Vec<&str> = Vec::new();
        for &s in &live {
            let Seg::Literal(name) = &segs[s] else {
                continue;
            };
            if done.contains(&name.as_str()) {
                continue;
            }
            done.push(name);
            let next: Vec<usize> = live
                .iter()
                .filter(|&&t| matches!(&segs[t], Seg::Literal(n) if n == name))
                .map(|t| t + 1)
                .collect();
            let path = join(path, name);
            crate::limits::deep(|| walk(&path, segs, next, out, seen, at))?;
        }
        return Ok(());
    }
    let Ok(read) = std::fs::read_dir(shown) else {
        return Ok(());
    };
    let mut entries: Vec<(String, bool)> = read
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let real_dir = e.file_type().is_ok_and(|t| t.is_dir());
            Some((name, real_dir))
        })
        .collect();
    // (`.` is an entry that a pattern beginning with a dot matches)
    entries.push((".".into(), false));
    entries.sort();
    for (name, real_dir) in entries {
        let mut next = Vec::new();
        for &s in &live {
            match &segs[s] {
                Seg::Recursive => {
                    if real_dir && !name.starts_with('.') {
                        next.push(s);
                    }
                }
                Seg::Literal(l) => {
                    if *l == name && name != "." {
                        next.push(s + 1);
                    }
                }
                Seg::Magic(p) => {
                    if (!name.starts_with('.') || p.starts_with('.')) && fnmatch(p, &name) {
                        next.push(s + 1);
                    }
                }
                Seg::DirOnly => {}
            }
        }
        if !next.is_empty() {
            let path = join(path, &name);
            crate::limits::deep(|| walk(&path, segs, next, out, seen, at))?;
        }
    }
    Ok(())
}

/// Whether `name` matches one segment's pattern (`*`, `?`, `[...]` with `!`/`^` and ranges,
/// `\` escapes).
fn fnmatch(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    // iterative matching with one backtrack point for the last `*`
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        let step = match p.get(pi) {
            Some('*') => {
                star = Some((pi, ni));
                pi += 1;
                continue;
            }
            Some('?') => Some(pi + 1),
            Some('[') => class_match(&p, pi, n[ni]),
            Some('\\') if pi + 1 < p.len() => (p[pi + 1] == n[ni]).then_some(pi + 2),
            Some(&c) => (c == n[ni]).then_some(pi + 1),
            None => None,
        };
        match step {
            Some(next) => {
                pi = next;
                ni += 1;
            }
            None => match star {
                Some((sp, sn)) => {
                    pi = sp + 1;
                    ni = sn + 1;
                    star = Some((sp, sn + 1));
                }
                None => return false,
            },
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// A bracket class at `p[start]` against `c`: the index after it when it matches.
fn class_match(p: &[char], start: usize, c: char) -> Option<usize> {
    let mut i = start + 1;
    let negate = matches!(p.get(i), Some('!' | '^'));
    if negate {
        i += 1;
    }
    let mut matched = false;
    let mut first = true;
    loop {
        let ch = *p.get(i)?;
        if ch == ']' && !first {
            break;
        }
        first = false;
        let lo = if ch == '\\' {
            i += 1;
            *p.get(i)?
        } else {
            ch
        };
        if p.get(i + 1) == Some(&'-') && p.get(i + 2).is_some_and(|&x| x != ']') {
            let hi = p[i + 2];
            if lo <= c && c <= hi {
                matched = true;
            }
            i += 3;
        } else {
            if lo == c {
                matched = true;
            }
            i += 1;
        }
    }
    (matched != negate).then_some(i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_and_fnmatch() {
        let braces = |p: &str| {
            let mut out = Vec::new();
            expand_braces(p, &mut out, 0).unwrap();
            out
        };
        assert_eq!(braces("a{b,c{d,e}}f"), ["abf", "acdf", "acef"]);
        assert_eq!(braces("x"), ["x"]);
        assert!(fnmatch("*.conf", "a.conf"));
        assert!(!fnmatch("*.conf", "a.confx"));
        assert!(fnmatch("[ab].c", "b.c"));
        assert!(fnmatch("[!a].c", "b.c"));
        assert!(!fnmatch("[!a].c", "a.c"));
        assert!(fnmatch("?-[0-9]*", "x-5yz"));
        assert!(fnmatch("\\*", "*"));
        assert!(!fnmatch("\\*", "a"));
    }

    /// The answers of Ruby 3.1's `Dir.glob` on the same tree.
    #[test]
    fn globs_as_ruby() {
        let root = std::env::temp_dir().join(format!("prepl-dir-glob-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let d = root.join("d");
        for dir in ["sub/.hid", "B", "c.conf"] {
            std::fs::create_dir_all(d.join(dir)).unwrap();
        }
        std::fs::create_dir_all(root.join("real")).unwrap();
        for f in [
            "a.conf",
            "b.conf",
            "B/x.conf",
            "sub/y.conf",
            "sub/.hid/z.conf",
            ".dot.conf",
            "c.conf/in.conf",
        ] {
            std::fs::write(d.join(f), "").unwrap();
        }
        std::fs::write(root.join("real/r.conf"), "").unwrap();
        std::os::unix::fs::symlink("../real", d.join("link")).unwrap();
        std::os::unix::fs::symlink("nowhere", d.join("broken.conf")).unwrap();
        let top = d.display().to_string();
        let run = |p: &str| {
            let (mut alts, mut out) = (Vec::new(), Vec::new());
            expand_braces(&format!("{top}/{p}"), &mut alts, 0).unwrap();
            for alt in alts {
                glob_one(&alt, &mut out, 0).unwrap();
            }
            out.iter()
                .map(|s| s.strip_prefix(&top).unwrap().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            run("**/*.conf"),
            "/B/x.conf /a.conf /b.conf /broken.conf /c.conf /c.conf/in.conf /sub/y.conf"
        );
        assert_eq!(
            run("*"),
            "/B /a.conf /b.conf /broken.conf /c.conf /link /sub"
        );
        assert_eq!(run(".*"), "/. /.dot.conf");
        assert_eq!(run("*/"), "/B/ /c.conf/ /link/ /sub/");
        assert_eq!(run("{sub,B}/*.conf"), "/sub/y.conf /B/x.conf");
        assert_eq!(run("link/*"), "/link/r.conf");
        assert_eq!(run("**/"), "/ /B/ /c.conf/ /sub/");
        assert_eq!(run("[ab].conf"), "/a.conf /b.conf");
        assert_eq!(run("a.conf"), "/a.conf");
        assert_eq!(run("nope"), "");
        assert_eq!(run("/a.conf"), "//a.conf");
        assert_eq!(run("**/z.conf"), "");
        assert_eq!(run("**/.hid/*"), "/sub/.hid/z.conf");
        assert_eq!(run("?.conf"), "/a.conf /b.conf /c.conf");
        assert_eq!(run("[!a].conf"), "/b.conf /c.conf");
        assert_eq!(run("{a,a}.conf"), "/a.conf /a.conf");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
