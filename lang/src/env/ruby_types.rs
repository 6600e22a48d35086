//! Resource types that modules define in Ruby (`<module>/lib/puppet/type/<name>.rb`), read
//! statically, without running Ruby, the way `puppet generate types` records them: the
//! type's parameters (`newparam`), properties (`newproperty`, and `ensure` for `ensurable`
//! types) and namevar (`namevar: true`, `isnamevar`, else `name`). A helper method of a
//! required file that the type calls (`extend PuppetX::KeystoneConfig::IniSetting` then
//! `create_parameters`, keystone's `*_config` types) is read in its place; a loop over a
//! list of names declaring a parameter for each (`[:user, :project].each do |p|`) declares
//! them all; `def self.title_patterns` is read by `ruby_title_patterns`.

use super::Environment;
use crate::catalog::builtin_types::{TitlePattern, TypeInfo};
use rustc_hash::FxHashMap as HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Mutex, OnceLock};

mod located;

/// The file that defines the resource type `name` on the modulepath, if any.
pub fn type_file(env: &Environment, name: &str) -> Option<PathBuf> {
    let name = name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase();
    if !super::modules::is_module_name(&name) {
        return None;
    }
    // (where the process found it before, while the modules are the same: `located`)
    let listings = located::listings(&env.modulepath);
    if let Some(found) = located::before(&env.modulepath, &listings, &name) {
        return Some(found);
    }
    // Each module's file asked for directly, as the reference's autoloader does: one
    // `statx` a module (kept for the evaluation), where listing each module's
    // `lib/puppet/type` took an open, two reads of the directory and a close, plus a path
    // for each entry, sorted (a tenth of `include collectd`, for `file_line`).
    let file = format!("lib/puppet/type/{name}.rb");
    let found = listings.iter().find_map(|modules| {
        modules
            .iter()
            .map(|m| m.join(&file))
            .find(|p| super::fs::is_file(p))
    })?;
    located::remember(&env.modulepath, listings, &name, &found);
    Some(found)
}

/// What a file was (its modification time and length; `None`: nothing there) when it was
/// read.
type Stamp = Option<(std::time::SystemTime, u64)>;

fn stamp(path: &Path) -> Stamp {
    super::fs::probe(path).map(|p| p.stamp)
}

/// The files a type was read from (the type file, the files it requires), each with its
/// [`Stamp`] then: the type is read again once one of them has changed.
type ReadFrom = Vec<(PathBuf, Stamp)>;

/// The type a Ruby file defines, read once per process while the file (and those it
/// requires) stay the same (the table lives as long as the process, like the built-in
/// types).
pub fn load(path: &Path) -> Option<&'static TypeInfo> {
    type Read = (ReadFrom, Option<&'static TypeInfo>);
    // (by the path's bytes: hashing a `Path` walks its components)
    static CACHE: OnceLock<Mutex<super::fs::PathMap<Read>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((read_from, found)) = cache.get(super::fs::key(path)) {
        if read_from.iter().all(|(file, then)| stamp(file) == *then) {
            return *found;
        }
    }
    let mut read_from = vec![(path.to_path_buf(), stamp(path))];
    let info = super::fs::read_to_string(path)
        .ok()
        .and_then(|text| {
            let files = required_files(path, &text);
            read_from.extend(files.iter().map(|file| (file.clone(), stamp(file))));
            let required: Vec<Methods> = files.iter().map(|file| methods_of(file)).collect();
            // (searched from the last: a later definition replaces an earlier one)
            let mut t = read_with(&text, |line| {
                required
                    .iter()
                    .rev()
                    .flat_map(|methods| methods.iter().rev())
                    .find(|(name, _)| name == line)
                    .map(|(_, body)| &**body)
            })?;
            if text.contains("title_patterns") {
                let helpers: Vec<super::ruby_title_patterns::Method> = files
                    .iter()
                    .filter_map(|file| super::fs::read_to_string(file).ok())
                    .flat_map(|source| super::ruby_title_patterns::methods(&source))
                    .collect();
                t.title_patterns =
                    super::ruby_title_patterns::read(&text, &helpers).unwrap_or_default();
            }
            Some(t)
        })
        .map(|mut t| {
            if has_providers(path, &t.name) && !t.parameters.iter().any(|p| p == "provider") {
                // The reference gives a type a `provider` parameter once a provider of it
                // is loaded: after the key attributes, as `allattrs` lists it.
                let at = t
                    .parameters
                    .iter()
                    .rposition(|p| t.namevars.contains(p))
                    .map_or(0, |i| i + 1);
                t.parameters.insert(at, "provider".into());
            }
            let leak = |v: Vec<String>| -> &'static [&'static str] {
                let items: Vec<&'static str> = v
                    .into_iter()
                    .map(|s| &*Box::leak(s.into_boxed_str()))
                    .collect();
                Box::leak(items.into_boxed_slice())
            };
            let title_patterns: Vec<TitlePattern> = t
                .title_patterns
                .into_iter()
                .map(|p| TitlePattern {
                    regex: Box::leak(p.regex.into_boxed_str()),
                    params: leak(p.params),
                })
                .collect();
            &*Box::leak(Box::new(TypeInfo {
                name: Box::leak(t.name.into_boxed_str()),
                parameters: leak(t.parameters),
                namevars: leak(t.namevars),
                title_patterns: Box::leak(title_patterns.into_boxed_slice()),
            }))
        });
    cache.insert(super::fs::key(path).into(), (read_from, info));
    info
}

/// Whether the module of a type file (`<module>/lib/puppet/type/<name>.rb`) has providers for
/// it (`<module>/lib/puppet/provider/<name>/*.rb`).
fn has_providers(type_file: &Path, name: &str) -> bool {
    let Some(lib_puppet) = type_file.parent().and_then(Path::parent) else {
        return false;
    };
    std::fs::read_dir(lib_puppet.join("provider").join(name)).is_ok_and(|entries| {
        entries
            .filter_map(Result::ok)
            .any(|e| e.path().extension().is_some_and(|x| x == "rb"))
    })
}

/// The files a type file requires, in the module's `lib/`: `require 'puppet_x/a/b'` and
/// `require File.expand_path(File.join(File.dirname(__FILE__), '..', '..', 'puppet_x', 'b'))`.
fn required_files(type_file: &Path, text: &str) -> Vec<PathBuf> {
    let dir = type_file.parent().unwrap_or(Path::new("."));
    let lib = dir.parent().and_then(Path::parent).unwrap_or(dir);
    let quoted = |s: &str| -> Vec<String> {
        s.split(['\'', '"'])
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    let mut files = Vec::new();
    let mut code = lines(text).map(|l| l.split('#').next().unwrap_or("").trim());
    while let Some(line) = code.next() {
        let Some(rest) = line.strip_prefix("require") else {
            continue;
        };
        let mut rest = rest.to_string();
        // `require File.expand_path(File.join(` may go on over a few lines.
        while rest.matches('(').count() > rest.matches(')').count() {
            match code.next() {
                Some(more) => rest.push_str(more),
                None => break,
            }
        }
        let path = match rest.split_once("__FILE__") {
            Some((_, after)) => {
                let mut p = dir.to_path_buf();
                quoted(after).iter().for_each(|seg| p.push(seg));
                p
            }
            None => match quoted(&rest).first() {
                Some(name) => lib.join(name),
                None => continue,
            },
        };
        files.push(path.with_extension("rb"));
    }
    files
}

/// The methods of a Ruby file: each name with its body (read in place of a line of a type
/// that only calls it, `create_parameters`).
type Methods = Rc<[(String, Rc<str>)]>;

/// The methods a Ruby file defines (`def name` up to the `end` indented as the `def`), read
/// once per file while it stays the same: several types of a module require the same
/// helpers.
fn methods_of(file: &Path) -> Methods {
    thread_local! {
        static READ: std::cell::RefCell<HashMap<PathBuf, (Stamp, Methods)>> =
            Default::default();
    }
    let now = stamp(file);
    let known = READ.with(|r| r.borrow().get(file).cloned());
    if let Some((then, found)) = known {
        if then == now {
            return found;
        }
    }
    let mut methods = Vec::new();
    if let Ok(source) = super::fs::read_to_string(file) {
        let lines: Vec<&str> = lines(&source).collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(name) = line.trim_start().strip_prefix("def ") else {
                continue;
            };
            let name = name.trim();
            if !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let indent = line.len() - line.trim_start().len();
            let body: Vec<&str> = lines[i + 1..]
                .iter()
                .take_while(|l| !(l.trim() == "end" && l.len() - l.trim_start().len() <= indent))
                .copied()
                .collect();
            methods.push((name.to_string(), Rc::from(body.join("\n"))));
        }
    }
    let methods: Methods = methods.into();
    READ.with(|r| {
        r.borrow_mut()
            .insert(file.to_path_buf(), (now, methods.clone()))
    });
    methods
}

/// What the static reading of a type file found.
#[derive(Debug, PartialEq, Eq)]
pub struct RubyType {
    pub name: String,
    pub parameters: Vec<String>,
    pub namevars: Vec<String>,
    /// `def self.title_patterns`, where it can be read.
    pub title_patterns: Vec<super::ruby_title_patterns::Pattern>,
}

/// Reads `Puppet::Type.newtype(:name) do ... end` from Ruby source.
pub fn read(text: &str) -> Option<RubyType> {
    read_with(text, |_| None)
}

/// Reads a type from Ruby source where a line that only calls a helper method (a name that
/// `helper` knows) stands for that method's body.
fn read_with<'t>(text: &'t str, helper: impl Fn(&str) -> Option<&'t str>) -> Option<RubyType> {
    let name = symbol_after(text, "newtype(")?;
    let mut parameters: Vec<String> = Vec::new();
    let mut namevars: Vec<String> = Vec::new();
    // The parameters `newparam` of the last one declared (several in a loop).
    let mut last: Vec<String> = Vec::new();
    // `[:user, :project].each do |p|` ... `end`: its indentation, variable and names.
    let mut loops: Vec<(usize, String, Vec<String>)> = Vec::new();
    let expanded = lines(text).flat_map(|line| {
        let called = helper(line.trim());
        let (own, body) = match called {
            Some(body) => (None, Some(lines(body))),
            None => (Some(line), None),
        };
        own.into_iter().chain(body.into_iter().flatten())
    });
    for line in expanded {
        let code = line.trim_start();
        // (Only lines that start with one of the words below, or a loop over a list, matter:
        // the rest are skipped before looking for a comment.)
        if !matches!(
            code.as_bytes().first(),
            Some(b'e' | b'n' | b'i' | b'[' | b'%')
        ) {
            continue;
        }
        let indent = line.len() - code.len();
        let code = code.split('#').next().unwrap_or("").trim_end();
        if let Some(names) = list_loop(code) {
            loops.push((indent, names.0, names.1));
            continue;
        }
        if code == "end" && loops.last().is_some_and(|(at, _, _)| *at >= indent) {
            loops.pop();
            continue;
        }
        if code.starts_with("ensurable") && !parameters.iter().any(|p| p == "ensure") {
            parameters.push("ensure".into());
            continue;
        }
        for keyword in ["newparam", "newproperty"] {
            let Some(rest) = code.strip_prefix(keyword) else {
                continue;
            };
            let rest = rest.trim_start_matches(['(', ' ']);
            let word = |r: &str| -> String {
                r.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect()
            };
            // `newparam(:name)`, or `newparam(p)` in a loop over names.
            let params: Vec<String> = match rest.strip_prefix(':') {
                Some(r) => vec![word(r)],
                None => {
                    let var = word(rest);
                    match loops.iter().rev().find(|(_, v, _)| *v == var) {
                        Some((_, _, names)) if !var.is_empty() => names.clone(),
                        _ => continue,
                    }
                }
            };
            if params.iter().any(String::is_empty) {
                continue;
            }
            for param in &params {
                if rest.contains("namevar: true") || rest.contains(":namevar => true") {
                    namevars.push(param.clone());
                }
                if !parameters.contains(param) {
                    parameters.push(param.clone());
                }
            }
            last = params;
        }
        if code == "isnamevar" {
            for p in &last {
                if !namevars.contains(p) {
                    namevars.push(p.clone());
                }
            }
        }
    }
    if namevars.is_empty() {
        namevars.push("name".into());
    }
    Some(RubyType {
        name,
        parameters,
        namevars,
        title_patterns: Vec::new(),
    })
}

/// `[:user, :project].each do |p|` (or `%i[user project]`, `%w[...]`): the block's
/// variable and the names.
fn list_loop(code: &str) -> Option<(String, Vec<String>)> {
    let (list, rest) = code.split_once(".each")?;
    let rest = rest.trim_start();
    let rest = rest
        .strip_prefix("do")
        .or_else(|| rest.strip_prefix('{'))?
        .trim_start();
    let var = rest
        .strip_prefix('|')?
        .split('|')
        .next()?
        .trim()
        .to_string();
    let names: Vec<String> = if let Some(inner) = list.strip_prefix('[') {
        inner
            .strip_suffix(']')?
            .split(',')
            .map(|n| n.trim().strip_prefix(':').map(str::to_string))
            .collect::<Option<_>>()?
    } else {
        let inner = list
            .strip_prefix("%i[")
            .or_else(|| list.strip_prefix("%w["))?
            .strip_suffix(']')?;
        inner.split_whitespace().map(str::to_string).collect()
    };
    let word = |s: &String| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_');
    (word(&var) && !names.is_empty() && names.iter().all(word)).then_some((var, names))
}

/// The lines of a text, as `str::lines` gives them (without `\n` or `\r\n`), found with
/// `memchr` (`str::lines` starts a new search at each line: reading types was 1.3% of
/// `include apache`).
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    let ends = memchr::memchr_iter(b'\n', text.as_bytes()).chain(
        // the last line, unless the text ends with a newline (or is empty)
        (!text.is_empty() && !text.ends_with('\n')).then_some(text.len()),
    );
    ends.map(move |end| {
        let line = &text[start..end];
        start = end + 1;
        match end < text.len() {
            true => line.strip_suffix('\r').unwrap_or(line),
            false => line,
        }
    })
}

/// The symbol after `prefix` (`newtype(:file_line)` → `file_line`).
fn symbol_after(text: &str, prefix: &str) -> Option<String> {
    let at = text.find(prefix)? + prefix.len();
    let rest = text[at..].trim_start().strip_prefix(':')?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_those_of_str_lines() {
        for text in [
            "",
            "a",
            "a\n",
            "a\nb",
            "a\r\nb\r\n",
            "\n\n",
            "a\r",
            "x\r\ny\r",
            "\r\n",
        ] {
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                text.lines().collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn types_are_read_as_puppet_generate_types_records_them() {
        let src = r#"
Puppet::Type.newtype(:file_line) do
  desc 'Ensures a line'
  ensurable do
    defaultvalues
  end
  newparam(:name, namevar: true) do
  end
  newparam(:match) do
  end
  newproperty(:line) do
  end
  # newparam(:commented)
end
"#;
        let t = read(src).unwrap();
        assert_eq!(t.name, "file_line");
        assert_eq!(t.parameters, ["ensure", "name", "match", "line"]);
        assert_eq!(t.namevars, ["name"]);
        let old_style = "Puppet::Type.newtype(:nova_config) do\n  ensurable\n  newparam(:name, :namevar => true) do\n  end\n  newproperty(:value, :array_matching => :all) do\n  end\nend\n";
        let t = read(old_style).unwrap();
        assert_eq!(t.parameters, ["ensure", "name", "value"]);
        let isnamevar =
            "Puppet::Type.newtype(:x) do\n  newparam(:path) do\n    isnamevar\n  end\nend\n";
        assert_eq!(read(isnamevar).unwrap().namevars, ["path"]);
        assert!(read("class Foo; end").is_none());
        // keystone_user_role: parameters declared in a loop over names.
        let looped = "Puppet::Type.newtype(:r) do\n  newparam(:name, :namevar => true)\n  [:user, :project].each do |p|\n    newparam(p) do\n      isnamevar\n    end\n  end\n  %i[a b].each do |q|\n    newproperty(q) do\n    end\n  end\n  newparam(:domain) do\n    isnamevar\n  end\nend\n";
        let t = read(looped).unwrap();
        assert_eq!(
            t.parameters,
            ["name", "user", "project", "a", "b", "domain"]
        );
        assert_eq!(t.namevars, ["name", "user", "project", "domain"]);
    }

    /// keystone's `*_config` types call a method of a required file for their parameters.
    #[test]
    fn helper_methods_of_required_files_are_read() {
        let root = std::env::temp_dir().join(format!("prepl-ruby-mixin-{}", std::process::id()));
        let lib = root.join("m/lib");
        std::fs::create_dir_all(lib.join("puppet/type")).unwrap();
        std::fs::create_dir_all(lib.join("puppet_x/cfg")).unwrap();
        let helper = "module PuppetX\n  module Cfg\n    def create_parameters\n      ensurable\n\
                      \n      newparam(:name, :namevar => true) do\n      end\n      newproperty(:value) do\n\
                      \n        def is_to_s(v)\n        end\n      end\n    end\n\n    def other\n\
                      \n      newparam(:not_this)\n    end\n  end\nend\n";
        std::fs::write(lib.join("puppet_x/cfg/ini.rb"), helper).unwrap();
        for (name, require) in [
            (
                "joined",
                "require File.expand_path(File.join(\n    File.dirname(__FILE__), '..', '..',\n    'puppet_x', 'cfg', 'ini'))",
            ),
            ("plain", "require 'puppet_x/cfg/ini'"),
        ] {
            let text = format!(
                "Puppet::Type.newtype(:{name}) do\n  {require}\n  extend PuppetX::Cfg\n\n  create_parameters\n  newparam(:extra)\nend\n"
            );
            std::fs::write(lib.join(format!("puppet/type/{name}.rb")), text).unwrap();
            let t = load(&lib.join(format!("puppet/type/{name}.rb"))).unwrap();
            assert_eq!(t.parameters, ["ensure", "name", "value", "extra"], "{name}");
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A type with providers in its module has `provider` (mysql::db sets it on
    /// `mysql_database`); one without has not.
    #[test]
    fn types_with_providers_have_a_provider_parameter() {
        let root = std::env::temp_dir().join(format!("prepl-ruby-types-{}", std::process::id()));
        let lib = root.join("m/lib/puppet");
        std::fs::create_dir_all(lib.join("type")).unwrap();
        std::fs::create_dir_all(lib.join("provider/with_p")).unwrap();
        std::fs::write(lib.join("provider/with_p/ruby.rb"), "").unwrap();
        let body = "do\n  ensurable\n  newparam(:name, namevar: true)\n  newproperty(:size)\nend\n";
        for name in ["with_p", "without_p"] {
            let text = format!("Puppet::Type.newtype(:{name}) {body}");
            std::fs::write(lib.join(format!("type/{name}.rb")), text).unwrap();
        }
        let with = load(&lib.join("type/with_p.rb")).unwrap();
        assert_eq!(with.parameters, ["ensure", "name", "provider", "size"]);
        let without = load(&lib.join("type/without_p.rb")).unwrap();
        assert_eq!(without.parameters, ["ensure", "name", "size"]);
        assert_eq!(
            crate::catalog::builtin_types::display_type_name(with),
            "With_p"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A type's file is found in the first module of the first modulepath directory that
    /// has one (modules in name order); a directory entry of that name, a module without
    /// `lib/`, a qualified or unknown name find nothing.
    #[test]
    fn type_files_are_found_in_modulepath_order() {
        let root = std::env::temp_dir().join(format!("prepl-type-file-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let write = |rel: &str| {
            let path = root.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "").unwrap();
        };
        write("a/nolib/manifests/init.pp");
        write("a/zed/lib/puppet/type/shared.rb");
        write("a/beta/lib/puppet/type/shared.rb");
        write("a/beta/lib/puppet/type/only_beta.rb");
        write("b/alpha/lib/puppet/type/shared.rb");
        write("b/alpha/lib/puppet/type/later.rb");
        std::fs::create_dir_all(root.join("a/beta/lib/puppet/type/dir.rb")).unwrap();
        write("a/not_a_module.rb");
        let env = Environment {
            modulepath: vec![root.join("a"), root.join("b")],
            ..Environment::empty()
        };
        super::super::fs::forget();
        let found = |name: &str| type_file(&env, name);
        assert_eq!(
            found("shared"),
            Some(root.join("a/beta/lib/puppet/type/shared.rb"))
        );
        assert_eq!(
            found("Only_Beta"),
            Some(root.join("a/beta/lib/puppet/type/only_beta.rb"))
        );
        assert_eq!(
            found("::later"),
            Some(root.join("b/alpha/lib/puppet/type/later.rb"))
        );
        for name in ["dir", "missing", "beta::shared", "", "../shared"] {
            assert_eq!(found(name), None, "{name}");
        }
        std::fs::remove_dir_all(&root).unwrap();
        super::super::fs::forget();
    }
}
