//! Fact sets of other systems from facterdb (Debian's `facterdb` package ships ~1,700 of
//! them as JSON, `facts/<facter version>/<os>-<release>-<arch>.facts`), chosen with a
//! filter as puppet-debugger's `--facterdb-filter` and rspec-puppet-facts take it:
//!
//! - `os.family=RedHat and os.release.major=9`: dotted paths into the facts, `=` or `!=`,
//!   joined by `and` (values compared as text, ignoring case);
//! - `debian-11`, `ubuntu-20.04`, `redhat-9-x86_64`: the start of a fact set's file name.
//!
//! Among the matches the newest Facter version wins (then `x86_64`, then the name).

use crate::Value;
use serde_json::Value as Json;
use std::path::{Path, PathBuf};

/// Where facterdb's `facts/` directories are: `$PREPL_FACTERDB` (a `facts` directory), then
/// the gem directories Debian and `gem install` use.
pub fn directories() -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(dir) = std::env::var_os("PREPL_FACTERDB") {
        out.push(PathBuf::from(dir));
    }
    let mut gem_dirs = vec![PathBuf::from("/usr/share/rubygems-integration/all/gems")];
    for base in [
        "/var/lib/gems",
        "/usr/local/lib/ruby/gems",
        "/usr/lib/ruby/gems",
    ] {
        if let Ok(rd) = std::fs::read_dir(base) {
            for e in rd.flatten() {
                gem_dirs.push(e.path().join("gems"));
            }
        }
    }
    let mut found = Vec::new();
    for gems in gem_dirs {
        if let Ok(rd) = std::fs::read_dir(&gems) {
            for e in rd.flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                if let Some(v) = name.strip_prefix("facterdb-") {
                    found.push((version_key(v), e.path().join("facts")));
                }
            }
        }
    }
    // The newest facterdb first.
    found.sort_by(|a, b| b.0.cmp(&a.0));
    out.extend(found.into_iter().map(|(_, p)| p));
    out.retain(|p| p.is_dir());
    out
}

fn version_key(v: &str) -> Vec<u64> {
    v.split(['.', '-'])
        .map(|p| p.parse().unwrap_or(0))
        .collect()
}

/// One condition of a filter.
#[derive(Debug, Clone, PartialEq)]
enum Cond {
    /// `path=value` (`negated`: `path!=value`).
    Fact {
        path: Vec<String>,
        value: String,
        negated: bool,
    },
    /// A file name prefix (`debian-11`).
    Name(String),
}

fn parse_filter(filter: &str) -> Result<Vec<Cond>, String> {
    let mut out = Vec::new();
    let words: Vec<&str> = filter.split_whitespace().collect();
    // Split on the word `and` (any case); `&&` too.
    let mut parts: Vec<String> = vec![String::new()];
    for w in words {
        if w.eq_ignore_ascii_case("and") || w == "&&" {
            parts.push(String::new());
        } else {
            let last = parts.last_mut().expect("never empty");
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(w);
        }
    }
    for part in parts {
        if part.is_empty() {
            return Err(format!(
                "The facterdb filter '{filter}' has an empty condition"
            ));
        }
        let (lhs, rhs, negated) = if let Some((l, r)) = part.split_once("!=") {
            (l, r, true)
        } else if let Some((l, r)) = part.split_once('=') {
            (l, r.strip_prefix('=').unwrap_or(r), false)
        } else {
            out.push(Cond::Name(part.to_ascii_lowercase()));
            continue;
        };
        let lhs = lhs.trim();
        if lhs.is_empty() {
            return Err(format!(
                "The facterdb filter '{filter}': '{part}' names no fact"
            ));
        }
        out.push(Cond::Fact {
            path: lhs.split('.').map(str::to_string).collect(),
            value: rhs.trim().trim_matches(['\'', '"']).to_string(),
            negated,
        });
    }
    Ok(out)
}

fn text_of(v: &Json) -> Option<String> {
    match v {
        Json::String(s) => Some(s.clone()),
        Json::Number(n) => Some(n.to_string()),
        Json::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn matches(conds: &[Cond], stem: &str, facts: Option<&Json>) -> bool {
    conds.iter().all(|c| match c {
        Cond::Name(prefix) => {
            let stem = stem.to_ascii_lowercase();
            stem == *prefix || stem.starts_with(&format!("{prefix}-"))
        }
        Cond::Fact {
            path,
            value,
            negated,
        } => {
            let Some(mut v) = facts else { return false };
            for k in path {
                v = match v.get(k) {
                    Some(x) => x,
                    None => return *negated,
                };
            }
            let equal = text_of(v).is_some_and(|t| t.eq_ignore_ascii_case(value));
            equal != *negated
        }
    })
}

/// The fact sets under `dir` (`<version>/<name>.facts`), newest Facter version first.
fn fact_files(dir: &Path) -> Vec<(Vec<u64>, PathBuf)> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let version = e.file_name().to_string_lossy().into_owned();
            if !version.starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            if let Ok(files) = std::fs::read_dir(e.path()) {
                for f in files.flatten() {
                    let p = f.path();
                    if p.extension().is_some_and(|x| x == "facts") {
                        out.push((version_key(&version), p));
                    }
                }
            }
        }
    }
    out.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then_with(|| is_x86_64(&b.1).cmp(&is_x86_64(&a.1)))
            .then_with(|| a.1.cmp(&b.1))
    });
    out
}

/// Text and numbers apart, numbers compared as numbers.
fn natural_key(name: &str) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut n = c.to_digit(10).unwrap_or(0) as u64;
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(d as u64);
                chars.next();
            }
            out.push((std::mem::take(&mut text), n));
        } else {
            text.push(c);
        }
    }
    out.push((text, 0));
    out
}

fn is_x86_64(p: &Path) -> bool {
    p.to_string_lossy().ends_with("x86_64.facts")
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Finds the fact set for `filter` in `dir` (a facterdb `facts` directory).
pub fn find_in(dir: &Path, filter: &str) -> Result<(PathBuf, Value), String> {
    let conds = parse_filter(filter)?;
    if conds.is_empty() {
        return Err("The facterdb filter is empty".into());
    }
    let needs_facts = conds.iter().any(|c| matches!(c, Cond::Fact { .. }));
    let files = fact_files(dir);
    for (_, path) in &files {
        let name = stem(path);
        // A name condition that fails needs no reading.
        if !matches(
            &conds
                .iter()
                .filter(|c| matches!(c, Cond::Name(_)))
                .cloned()
                .collect::<Vec<_>>(),
            &name,
            None,
        ) {
            continue;
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("Could not read {}: {e}", path.display()))?;
        let json: Json = match serde_json::from_str(&text) {
            Ok(j) => j,
            Err(_) if needs_facts => continue,
            Err(e) => return Err(format!("Could not parse {}: {e}", path.display())),
        };
        if matches(&conds, &name, Some(&json)) {
            return Ok((path.clone(), crate::catalog::json::from_data(&json)));
        }
    }
    // Say what there is for the systems named.
    let mut names: Vec<String> = files.iter().map(|(_, p)| stem(p)).collect();
    // debian-9 before debian-10.
    names.sort_by_key(|n| natural_key(n));
    names.dedup();
    let hint_os = conds.iter().find_map(|c| match c {
        Cond::Name(n) => n.split('-').next().map(str::to_string),
        _ => None,
    });
    let mut message = format!(
        "No facterdb fact set matches '{filter}' (in {})",
        dir.display()
    );
    if let Some(os) = hint_os {
        let similar: Vec<&String> = names
            .iter()
            .filter(|n| n.starts_with(&format!("{os}-")))
            .collect();
        if !similar.is_empty() {
            let list: Vec<&str> = similar.iter().map(|s| s.as_str()).collect();
            message.push_str(&format!("; there are {}", list.join(", ")));
        }
    }
    Err(message)
}

/// Finds the fact set for `filter` in the installed facterdb (see `directories`): the path
/// of the chosen file and its facts.
pub fn find(filter: &str) -> Result<(PathBuf, Value), String> {
    let dirs = directories();
    let Some(dir) = dirs.first() else {
        return Err(
            "facterdb is not installed (apt-get install facterdb, or set PREPL_FACTERDB to its facts directory)"
                .into(),
        );
    };
    find_in(dir, filter)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::to_programmatic;

    fn fixture() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("prepl-facterdb-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let write = |v: &str, name: &str, body: &str| {
            let d = dir.join(v);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join(format!("{name}.facts")), body).unwrap();
        };
        let facts = |os: &str, family: &str, major: &str, fv: &str| {
            format!(
                r#"{{"facterversion": "{fv}", "os": {{"name": "{os}", "family": "{family}", "release": {{"major": "{major}"}}}}, "processorcount": 2}}"#
            )
        };
        write(
            "3.14",
            "debian-11-x86_64",
            &facts("Debian", "Debian", "11", "3.14.0"),
        );
        write(
            "4.2",
            "debian-11-x86_64",
            &facts("Debian", "Debian", "11", "4.2.5"),
        );
        write(
            "4.2",
            "debian-11-i386",
            &facts("Debian", "Debian", "11", "4.2.5"),
        );
        write(
            "4.10",
            "debian-10-x86_64",
            &facts("Debian", "Debian", "10", "4.10.0"),
        );
        write(
            "4.2",
            "redhat-9-x86_64",
            &facts("RedHat", "RedHat", "9", "4.2.5"),
        );
        write(
            "4.2",
            "ubuntu-20.04-x86_64",
            &facts("Ubuntu", "Debian", "20.04", "4.2.5"),
        );
        write(
            "3.14",
            "debian-9-x86_64",
            &facts("Debian", "Debian", "9", "3.14.0"),
        );
        std::fs::write(dir.join("Gemfile"), "").unwrap();
        dir
    }

    fn found(dir: &Path, filter: &str) -> String {
        let (path, facts) = find_in(dir, filter).unwrap();
        let rel = path.strip_prefix(dir).unwrap().display().to_string();
        let Value::Hash(h) = facts else {
            panic!("not a hash")
        };
        format!(
            "{rel} {}",
            to_programmatic(h.get(&Value::from("facterversion")).unwrap())
        )
    }

    #[test]
    fn filters_choose_the_newest_facter_version() {
        let dir = fixture();
        assert_eq!(
            found(&dir, "debian-11"),
            "4.2/debian-11-x86_64.facts '4.2.5'"
        );
        assert_eq!(
            found(&dir, "Debian-11-i386"),
            "4.2/debian-11-i386.facts '4.2.5'"
        );
        // 4.10 is newer than 4.2.
        assert_eq!(
            found(&dir, "debian"),
            "4.10/debian-10-x86_64.facts '4.10.0'"
        );
        assert_eq!(
            found(&dir, "os.family=RedHat and os.release.major=9"),
            "4.2/redhat-9-x86_64.facts '4.2.5'"
        );
        assert_eq!(
            found(&dir, "os.family=Debian AND os.name!=Debian"),
            "4.2/ubuntu-20.04-x86_64.facts '4.2.5'"
        );
        assert_eq!(
            found(&dir, "os.release.major=11 and facterversion=3.14.0"),
            "3.14/debian-11-x86_64.facts '3.14.0'"
        );
        assert_eq!(
            found(&dir, "processorcount=2 and ubuntu"),
            "4.2/ubuntu-20.04-x86_64.facts '4.2.5'"
        );
        assert_eq!(
            found(&dir, "ubuntu-20.04"),
            "4.2/ubuntu-20.04-x86_64.facts '4.2.5'"
        );
        let err = find_in(&dir, "debian-12").unwrap_err();
        assert!(
            err.starts_with("No facterdb fact set matches 'debian-12'")
                && err.ends_with(
                    "there are debian-9-x86_64, debian-10-x86_64, debian-11-i386, debian-11-x86_64"
                ),
            "{err}"
        );
        assert!(find_in(&dir, "os.family=RedHat and").is_err());
        assert!(find_in(&dir, "=x").is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_installed_facterdb() {
        // Only where Debian's facterdb package is installed.
        if directories().is_empty() {
            return;
        }
        let (path, facts) = find("os.family=RedHat and os.release.major=9").unwrap();
        assert!(path.to_string_lossy().ends_with(".facts"), "{path:?}");
        let s = to_programmatic(&facts);
        assert!(s.contains("'family' => 'RedHat'"), "{s}");
    }
}
