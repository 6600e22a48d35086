//! What the modulepath offers, whether or not a session has loaded it yet: the classes,
//! defined types, resource types (Ruby, `lib/puppet/type/*.rb`), type aliases and functions
//! of every module, for the REPL's `:classes`, `:defines`, `:resource_types`, `:types`, for
//! completion (`include ntp::`, `Stdlib::Po`, `packa`) and for `:help NAME`
//! ([`describe`]).
//!
//! Manifests are not evaluated: a file's definitions are found by scanning its lines for a
//! `class NAME`, `define NAME`, `type NAME =` or `function NAME` at the start of a line (as
//! Puppet code is written), each file read once while its modification time and length stay
//! the same.

pub mod describe;
pub mod ruby_doc;

use crate::env::Environment;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::path::{Path, PathBuf};

/// What a definition is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Class,
    Define,
    /// A resource type written in Ruby (`lib/puppet/type/NAME.rb`).
    ResourceType,
    TypeAlias,
    /// A function written in Puppet (`functions/`) or Ruby (`lib/puppet/functions/`,
    /// `lib/puppet/parser/functions/`).
    Function,
}

impl Kind {
    pub fn label(self) -> &'static str {
        match self {
            Kind::Class => "class",
            Kind::Define => "defined type",
            Kind::ResourceType => "resource type",
            Kind::TypeAlias => "type alias",
            Kind::Function => "function",
        }
    }
}

/// One definition found on the modulepath.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition {
    pub kind: Kind,
    /// As written: `ntp`, `apache::vhost`, `Stdlib::Port`, `concat_file`, `stdlib::ensure`.
    pub name: String,
    pub module: String,
    pub file: PathBuf,
    /// 1-based line of the definition (1 for Ruby files).
    pub line: usize,
}

/// Every definition of the modulepath, in modulepath order (the first module of a name
/// wins, as for the autoloader), then by kind and name.
pub fn definitions(env: &Environment) -> Vec<Definition> {
    let mut seen_modules = std::collections::HashSet::new();
    let mut out = Vec::new();
    for dir in &env.modulepath {
        for module in sorted_entries(dir) {
            let Some(name) = module.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if !crate::env::modules::is_module_name(name) || !module.is_dir() {
                continue;
            }
            if !seen_modules.insert(name.to_string()) {
                continue;
            }
            scan_module(name, &module, &mut out);
        }
    }
    out.sort_by(|a, b| (a.kind, &a.name).cmp(&(b.kind, &b.name)));
    out.dedup_by(|a, b| a.kind == b.kind && a.name == b.name);
    out
}

/// The classes (`Kind::Class`) or defined types (`Kind::Define`) the session has defined
/// or loaded so far, by lower-case name, sorted.
pub fn session_names(session: &crate::Session, kind: Kind) -> Vec<String> {
    let compilation = &session.evaluator.compilation;
    let mut names: Vec<String> = match kind {
        Kind::Class => compilation.classes.keys().map(|k| k.to_string()).collect(),
        Kind::Define => compilation.defines.keys().map(|k| k.to_string()).collect(),
        _ => Vec::new(),
    };
    names.sort();
    names
}

/// What a listing (`:classes`, `:defines`, `:resource_types`, and the kernel's magics)
/// lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    Classes,
    Defines,
    /// Built-in types, modules' Ruby types and defined types.
    ResourceTypes,
}

/// The names a listing shows, each with where it comes from (`built in`, `module ntp`,
/// `module inifile (Ruby)`, `this session`), sorted by name.
pub fn listing(session: &crate::Session, what: Listing) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    if what == Listing::ResourceTypes {
        for t in crate::catalog::builtin_types::all() {
            if t.name != "component" {
                out.push((t.name.to_string(), "built in".into()));
            }
        }
    }
    let kinds: &[Kind] = match what {
        Listing::Classes => &[Kind::Class],
        Listing::Defines => &[Kind::Define],
        Listing::ResourceTypes => &[Kind::ResourceType, Kind::Define],
    };
    for d in definitions(session.environment())
        .into_iter()
        .filter(|d| kinds.contains(&d.kind))
    {
        let origin = match d.kind {
            Kind::ResourceType => format!("module {} (Ruby)", d.module),
            Kind::Define if what == Listing::ResourceTypes => {
                format!("module {} (defined type)", d.module)
            }
            _ => format!("module {}", d.module),
        };
        out.push((d.name, origin));
    }
    let own = session_names(
        session,
        if what == Listing::Classes {
            Kind::Class
        } else {
            Kind::Define
        },
    );
    for name in own {
        if !out.iter().any(|(n, _)| *n == name) {
            let origin = if what == Listing::ResourceTypes {
                "this session (defined type)"
            } else {
                "this session"
            };
            out.push((name, origin.into()));
        }
    }
    out.sort();
    out.dedup_by(|a, b| a.0 == b.0);
    out
}

/// The definitions of one kind, names only (sorted).
pub fn names(env: &Environment, kind: Kind) -> Vec<String> {
    definitions(env)
        .into_iter()
        .filter(|d| d.kind == kind)
        .map(|d| d.name)
        .collect()
}

/// The definition of a name (classes and defines by their lower-case name, type aliases in
/// any case, resource types and functions by name).
pub fn find(env: &Environment, kind: Kind, name: &str) -> Option<Definition> {
    let name = name.strip_prefix("::").unwrap_or(name);
    definitions(env)
        .into_iter()
        .find(|d| d.kind == kind && d.name.eq_ignore_ascii_case(name))
}

fn scan_module(module: &str, dir: &Path, out: &mut Vec<Definition>) {
    for file in pp_files(&dir.join("manifests")) {
        out.extend(scan_file(module, &file, &[Kind::Class, Kind::Define]));
    }
    for file in pp_files(&dir.join("types")) {
        out.extend(scan_file(module, &file, &[Kind::TypeAlias]));
    }
    for file in pp_files(&dir.join("functions")) {
        out.extend(scan_file(module, &file, &[Kind::Function]));
    }
    let types = dir.join("lib/puppet/type");
    for file in sorted_entries(&types) {
        if let Some(name) = rb_name(&file) {
            out.push(Definition {
                kind: Kind::ResourceType,
                name,
                module: module.to_string(),
                file,
                line: 1,
            });
        }
    }
    // 4.x functions: `lib/puppet/functions/stdlib/to_json.rb` is `stdlib::to_json`.
    let functions = dir.join("lib/puppet/functions");
    for file in rb_files(&functions) {
        let Ok(rest) = file.strip_prefix(&functions) else {
            continue;
        };
        let name = rest
            .with_extension("")
            .iter()
            .filter_map(|s| s.to_str())
            .collect::<Vec<_>>()
            .join("::");
        out.push(Definition {
            kind: Kind::Function,
            name,
            module: module.to_string(),
            file,
            line: 1,
        });
    }
    for file in sorted_entries(&dir.join("lib/puppet/parser/functions")) {
        if let Some(name) = rb_name(&file) {
            out.push(Definition {
                kind: Kind::Function,
                name,
                module: module.to_string(),
                file,
                line: 1,
            });
        }
    }
}

fn rb_name(file: &Path) -> Option<String> {
    (file.extension()? == "rb")
        .then(|| file.file_stem()?.to_str().map(str::to_string))
        .flatten()
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    entries.sort();
    entries
}

/// The files under `dir` (recursively, at most 8 levels) with the extension `ext`.
fn files_with(dir: &Path, ext: &str, depth: usize, out: &mut Vec<PathBuf>) {
    for entry in sorted_entries(dir) {
        if entry.is_dir() {
            if depth < 8 {
                files_with(&entry, ext, depth + 1, out);
            }
        } else if entry.extension().is_some_and(|e| e == ext) {
            out.push(entry);
        }
    }
}

fn pp_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    files_with(dir, "pp", 0, &mut out);
    out
}

fn rb_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    files_with(dir, "rb", 0, &mut out);
    out
}

/// The keys of the Hiera data files `files` (`hiera::data_files`: those the hierarchies pick
/// for the session's node and facts), for completion in `lookup('`: each file's top-level
/// keys, in a module's files only those of its namespace (`mod::x`: the module layer answers
/// no others); `lookup_options` is no key to look up. Sorted, unique.
pub fn hiera_keys(files: &[crate::env::hiera::DataFile]) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for (file, module) in files {
        let prefix = module.as_ref().map(|m| format!("{m}::"));
        keys.extend(data_keys(file).into_iter().filter(|k| {
            k != "lookup_options" && prefix.as_ref().is_none_or(|p| k.starts_with(p.as_str()))
        }));
    }
    keys.sort();
    keys.dedup();
    keys
}

thread_local! {
    /// Each data file's top-level keys, while its stamp stays the same.
    static DATA_KEYS: RefCell<HashMap<PathBuf, (Stamp, Vec<String>)>> = RefCell::default();
}

fn data_keys(file: &Path) -> Vec<String> {
    let now = stamp(file);
    DATA_KEYS.with(|d| {
        let mut d = d.borrow_mut();
        if let Some((then, keys)) = d.get(file) {
            if *then == now {
                return keys.clone();
            }
        }
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let value = if file.extension().is_some_and(|e| e == "json") {
            serde_json::from_str::<serde_json::Value>(&text)
                .ok()
                .and_then(|v| v.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()))
                .unwrap_or_default()
        } else {
            match crate::env::hiera::yaml::parse(&text) {
                Ok(crate::Value::Hash(h)) => h
                    .iter()
                    .filter_map(|(k, _)| match k {
                        crate::Value::String(s) => Some(s.to_string()),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            }
        };
        d.insert(file.to_path_buf(), (now, value.clone()));
        value
    })
}

type Stamp = Option<(std::time::SystemTime, u64)>;

/// The definitions a file's lines start (kind, name, line).
type Found = Vec<(Kind, String, usize)>;

thread_local! {
    /// Each scanned file's definitions, while its stamp stays the same.
    static SCANNED: RefCell<HashMap<PathBuf, (Stamp, Found)>> = RefCell::default();
}

fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

fn scan_file(module: &str, file: &Path, kinds: &[Kind]) -> Vec<Definition> {
    let now = stamp(file);
    let found = SCANNED.with(|s| {
        let mut s = s.borrow_mut();
        if let Some((then, found)) = s.get(file) {
            if *then == now {
                return found.clone();
            }
        }
        let text = std::fs::read(file)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default();
        let found = scan_text(&text);
        s.insert(file.to_path_buf(), (now, found.clone()));
        found
    });
    found
        .into_iter()
        .filter(|(k, _, _)| kinds.contains(k))
        .map(|(kind, name, line)| Definition {
            kind,
            name,
            module: module.to_string(),
            file: file.to_path_buf(),
            line,
        })
        .collect()
}

/// The definitions a file's lines start: `class NAME`, `define NAME`, `type NAME =`,
/// `function NAME`, with their 1-based lines.
pub fn scan_text(text: &str) -> Found {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_start();
        let (kind, rest) = if let Some(r) = line.strip_prefix("class ") {
            (Kind::Class, r)
        } else if let Some(r) = line.strip_prefix("define ") {
            (Kind::Define, r)
        } else if let Some(r) = line.strip_prefix("type ") {
            (Kind::TypeAlias, r)
        } else if let Some(r) = line.strip_prefix("function ") {
            (Kind::Function, r)
        } else {
            continue;
        };
        let rest = rest.trim_start();
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let name = rest[..end].trim_start_matches("::");
        let after = rest[end..].trim_start();
        let well_formed = !name.is_empty()
            && !name.ends_with(':')
            && match kind {
                Kind::TypeAlias => {
                    after.starts_with('=') && name.starts_with(|c: char| c.is_ascii_uppercase())
                }
                _ => {
                    name.starts_with(|c: char| c.is_ascii_lowercase())
                        && (after.is_empty()
                            || after.starts_with('(')
                            || after.starts_with('{')
                            || after.starts_with("inherits")
                            || after.starts_with(">>"))
                }
            };
        if well_formed {
            out.push((kind, name.to_string(), i + 1));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_that_start_definitions() {
        let text = "# class not_this\nclass ntp (\n  $x = 1,\n) {\n  class ntp::inner { }\n}\n\
                    define ntp::thing($a) { }\ntype Ntp::Key = Integer[1, 65535]\n\
                    function ntp::f(Integer $x) >> Integer { $x }\nclass_x = 1\nclass a inherits b {}\n";
        assert_eq!(
            scan_text(text),
            vec![
                (Kind::Class, "ntp".into(), 2),
                (Kind::Class, "ntp::inner".into(), 5),
                (Kind::Define, "ntp::thing".into(), 7),
                (Kind::TypeAlias, "Ntp::Key".into(), 8),
                (Kind::Function, "ntp::f".into(), 9),
                (Kind::Class, "a".into(), 11),
            ]
        );
    }

    #[test]
    fn a_module_s_definitions_by_kind() {
        let root = std::env::temp_dir().join(format!("prepl-inventory-{}", std::process::id()));
        let m = root.join("mymod");
        for d in [
            "manifests/sub",
            "types",
            "functions",
            "lib/puppet/type",
            "lib/puppet/functions/mymod",
        ] {
            std::fs::create_dir_all(m.join(d)).unwrap();
        }
        std::fs::write(m.join("manifests/init.pp"), "class mymod($a = 1) {}\n").unwrap();
        std::fs::write(
            m.join("manifests/sub/thing.pp"),
            "define mymod::sub::thing() {}\n",
        )
        .unwrap();
        std::fs::write(m.join("types/port.pp"), "type Mymod::Port = Integer\n").unwrap();
        std::fs::write(m.join("functions/f.pp"), "function mymod::f() { 1 }\n").unwrap();
        std::fs::write(
            m.join("lib/puppet/type/my_res.rb"),
            "Puppet::Type.newtype(:my_res) do\nend\n",
        )
        .unwrap();
        std::fs::write(m.join("lib/puppet/functions/mymod/g.rb"), "").unwrap();
        std::fs::create_dir_all(root.join("Not-a-module")).unwrap();
        let env = Environment {
            modulepath: vec![root.clone()],
            ..Environment::default()
        };
        std::fs::create_dir_all(m.join("data/os")).unwrap();
        std::fs::write(
            m.join("data/common.yaml"),
            "---\nmymod::port: 80\nmymod::user: 'x'\nother::x: 1\nlookup_options: {}\n",
        )
        .unwrap();
        std::fs::write(m.join("data/os/Debian.json"), "{\"mymod::pkg\": \"a\"}").unwrap();
        std::fs::write(m.join("data/broken.yaml"), "::: [").unwrap();
        let module = Some("mymod".to_string());
        let files = [
            (m.join("data/common.yaml"), module.clone()),
            (m.join("data/os/Debian.json"), module),
            (m.join("data/broken.yaml"), None),
        ];
        assert_eq!(
            hiera_keys(&files),
            ["mymod::pkg", "mymod::port", "mymod::user"]
        );
        // (outside a module every key counts)
        assert_eq!(
            hiera_keys(&[(m.join("data/common.yaml"), None)]),
            ["mymod::port", "mymod::user", "other::x"]
        );
        let found: Vec<(Kind, String)> = definitions(&env)
            .into_iter()
            .map(|d| (d.kind, d.name))
            .collect();
        assert_eq!(
            found,
            vec![
                (Kind::Class, "mymod".into()),
                (Kind::Define, "mymod::sub::thing".into()),
                (Kind::ResourceType, "my_res".into()),
                (Kind::TypeAlias, "Mymod::Port".into()),
                (Kind::Function, "mymod::f".into()),
                (Kind::Function, "mymod::g".into()),
            ]
        );
        let d = find(&env, Kind::Define, "::MyMod::Sub::Thing").unwrap();
        assert_eq!((d.module.as_str(), d.line), ("mymod", 1));
        assert!(d.file.ends_with("manifests/sub/thing.pp"));
        let _ = std::fs::remove_dir_all(&root);
    }
}
