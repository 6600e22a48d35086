//! File name globs for `glob`/`globs` hierarchy levels, as Ruby's `Dir.glob` expands them:
//! `*`, `?`, `[...]`, `{a,b}` and `**` (any depth); hidden files only when asked for; results
//! sorted within each directory; directories left out.

use std::path::{Path, PathBuf};

/// The files matching an absolute pattern.
pub fn expand(pattern: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in braces(pattern) {
        let (root, rest) = if let Some(r) = p.strip_prefix('/') {
            (PathBuf::from("/"), r.to_string())
        } else {
            (PathBuf::from("."), p.clone())
        };
        let parts: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
        walk(&root, &parts, &mut out);
    }
    out.retain(|p| !p.is_dir());
    let mut seen = std::collections::HashSet::new();
    out.retain(|p| seen.insert(p.clone()));
    out
}

/// `a{b,c}d` → `abd`, `acd` (nested braces expanded too).
fn braces(p: &str) -> Vec<String> {
    let Some(open) = p.find('{') else {
        return vec![p.to_string()];
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
        return vec![p.to_string()];
    };
    let mut bounds = vec![open];
    bounds.extend(commas);
    bounds.push(close);
    let mut out = Vec::new();
    for w in bounds.windows(2) {
        let alt = &p[w[0] + 1..w[1]];
        for rest in braces(&format!("{}{}{}", &p[..open], alt, &p[close + 1..])) {
            out.push(rest);
        }
    }
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

fn walk(dir: &Path, parts: &[&str], out: &mut Vec<PathBuf>) {
    let Some((first, rest)) = parts.split_first() else {
        out.push(dir.to_path_buf());
        return;
    };
    if *first == "**" {
        // Zero directories, then each subdirectory (not hidden) at any depth.
        walk(dir, rest, out);
        for (name, path) in sorted_entries(dir) {
            // Symbolic links are not followed by `**` (as in Ruby), so a cycle cannot loop.
            let real_dir = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
            if !name.starts_with('.') && real_dir {
                walk(&path, parts, out);
            }
        }
        return;
    }
    if !is_pattern(first) {
        let next = dir.join(first);
        if rest.is_empty() {
            if next.exists() {
                out.push(next);
            }
        } else if next.is_dir() {
            walk(&next, rest, out);
        }
        return;
    }
    let Some(re) = segment_regex(first) else {
        return;
    };
    for (name, path) in sorted_entries(dir) {
        if name.starts_with('.') && !first.starts_with('.') {
            continue;
        }
        if re.is_match(&name) {
            if rest.is_empty() {
                out.push(path);
            } else if path.is_dir() {
                walk(&path, rest, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_expand() {
        assert_eq!(braces("a{b,c}d"), vec!["abd", "acd"]);
        assert_eq!(braces("x"), vec!["x"]);
    }

    #[test]
    fn globs_find_files_sorted() {
        let dir = std::env::temp_dir().join(format!("prepl-glob-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a/b")).unwrap();
        for f in ["z.yaml", "a.yaml", "a/b/c.yaml", ".h.yaml"] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        let found = expand(&format!("{}/*.yaml", dir.display()));
        assert_eq!(found, vec![dir.join("a.yaml"), dir.join("z.yaml")]);
        let deep = expand(&format!("{}/**/*.yaml", dir.display()));
        assert_eq!(deep.len(), 3);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
