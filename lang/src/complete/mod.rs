//! Completion of Puppet code, shared by the REPL and the Jupyter kernel: variables in scope
//! (`$x`, `$::x`, and bare names after `${` in a string), built-in and user functions (also
//! after `.`), type names and aliases (`Int` → `Integer`, any case as a fallback), keywords,
//! resource types; and where the context allows only one kind of name ([`contexts`]): the
//! keys of a hash (`$facts['os']['fam`), classes (`include ntp::`), a resource body's
//! attributes (`file { '/x': ens`). The modulepath's classes, defines, resource types and
//! type aliases count before any is loaded (`crate::inventory`).

mod contexts;

use crate::inventory;
use crate::syntax::vocabulary;
use crate::Session;

/// What completion knows about a session.
#[derive(Debug, Default, Clone)]
pub struct Names {
    /// Top-scope variable names, without `$`, sorted.
    pub variables: Vec<String>,
    /// Built-in and user-defined function names, sorted and unique.
    pub functions: Vec<String>,
    /// Built-in type names and type aliases, sorted and unique.
    pub types: Vec<String>,
    /// The attribute and function names of variables holding objects (`$p.` completes
    /// `x`, `y`), by variable name.
    pub members: Vec<(String, Vec<String>)>,
    /// The types of the resources in the session's catalog (`File`, `Concat::Fragment`),
    /// sorted and unique: what `:catalog TYPE` can pick.
    pub catalog_types: Vec<String>,
    /// The variables holding hashes, with their values (`$facts['os']['fam` completes the
    /// keys).
    pub hashes: Vec<(String, crate::Value)>,
    /// Classes of the session and of the modulepath, sorted and unique.
    pub classes: Vec<String>,
    /// Resource types: built-in, of modules (Ruby), defined types of the session and of
    /// the modulepath; sorted and unique.
    pub resource_types: Vec<String>,
    /// The parameters of the session's classes (`("class", name, params)`) and defines
    /// (`("define", ...)`).
    pub definition_params: Vec<(&'static str, String, Vec<String>)>,
    /// Where module definitions are found (attributes of a module's resource type).
    pub env: crate::env::Environment,
    /// The keys of the Hiera data files the hierarchies (global, environment, modules) pick
    /// for the session's node and facts (`lookup('` completes them).
    pub hiera_keys: Vec<String>,
}

impl Names {
    /// The names of a session: its variables, the built-in functions and `extra_functions`
    /// (a front end's own), the session's functions, the built-in types and its aliases.
    pub fn of(session: &Session, extra_functions: &[&str]) -> Names {
        let vars = session.variables();
        let members = vars
            .iter()
            .filter_map(|(n, v)| Some((n.to_string(), member_names(v)?)))
            .collect();
        let mut variables: Vec<String> = vars.into_iter().map(|(n, _)| n.to_string()).collect();
        variables.extend(
            ["facts", "trusted", "server_facts"]
                .iter()
                .filter(|r| session.variable(r).is_some())
                .map(|r| r.to_string()),
        );
        // Each fact is a top-scope variable too (`$os`, `$osfamily`).
        let facts = session.variable("facts");
        if let Some(crate::Value::Hash(h)) = &facts {
            variables.extend(h.iter().filter_map(|(k, _)| match k {
                crate::Value::String(s) => Some(s.to_string()),
                _ => None,
            }));
        }
        variables.sort();
        variables.dedup();
        let mut functions: Vec<String> = crate::functions::all()
            .iter()
            .map(|b| b.name.to_string())
            .collect();
        functions.extend(extra_functions.iter().map(|f| f.to_string()));
        functions.extend(session.function_names().iter().map(|f| f.to_string()));
        let mut types: Vec<String> = vocabulary::TYPES
            .iter()
            .map(|t| t.name.to_string())
            .collect();
        types.extend(
            session
                .type_aliases()
                .into_iter()
                .map(|(n, _)| n.to_string()),
        );
        let catalog_types = session
            .catalog()
            .resources()
            .map(|(_, r)| r.type_name.to_string())
            .collect();
        let hashes = vars_hashes(session);
        let env = session.environment().clone();
        let found = inventory::definitions(&env);
        let of_kind = |kind: inventory::Kind| {
            found
                .iter()
                .filter(move |d| d.kind == kind)
                .map(|d| d.name.clone())
        };
        types.extend(of_kind(inventory::Kind::TypeAlias));
        functions.extend(of_kind(inventory::Kind::Function));
        let compilation = &session.evaluator.compilation;
        let mut classes: Vec<String> = compilation.classes.keys().map(|k| k.to_string()).collect();
        classes.extend(of_kind(inventory::Kind::Class));
        let mut resource_types: Vec<String> = crate::catalog::builtin_types::all()
            .iter()
            .filter(|t| t.name != "component")
            .map(|t| t.name.to_string())
            .collect();
        resource_types.extend(compilation.defines.keys().map(|k| k.to_string()));
        resource_types.extend(of_kind(inventory::Kind::Define));
        resource_types.extend(of_kind(inventory::Kind::ResourceType));
        let param_names = |params: &[crate::syntax::ast::Param]| -> Vec<String> {
            params.iter().map(|p| p.name.to_string()).collect()
        };
        let mut definition_params: Vec<(&'static str, String, Vec<String>)> = compilation
            .classes
            .iter()
            .map(|(k, d)| ("class", k.to_string(), param_names(&d.def.params)))
            .collect();
        definition_params.extend(
            compilation
                .defines
                .iter()
                .map(|(k, d)| ("define", k.to_string(), param_names(&d.def.params))),
        );
        let hiera_keys = inventory::hiera_keys(&crate::env::hiera::data_files(&session.evaluator));
        Names {
            variables,
            functions: sorted_unique(functions),
            types: sorted_unique(types),
            members,
            catalog_types: sorted_unique(catalog_types),
            hashes,
            classes: sorted_unique(classes),
            resource_types: sorted_unique(resource_types),
            definition_params,
            env,
            hiera_keys,
        }
    }

    /// The attributes a resource body of `type_name` may set (for `class`, those of the
    /// class `title`), the metaparameters included; empty for an unknown type.
    fn attributes(&self, type_name: &str, title: Option<&str>) -> Vec<String> {
        let (kind, name) = match title {
            Some(t) => (
                "class",
                t.strip_prefix("::").unwrap_or(t).to_ascii_lowercase(),
            ),
            None => ("define", type_name.to_ascii_lowercase()),
        };
        let mut found: Vec<String> = if let Some((_, _, params)) = self
            .definition_params
            .iter()
            .find(|(k, n, _)| *k == kind && *n == name)
        {
            params.clone()
        } else if let (None, Some(info)) = (title, crate::catalog::builtin_types::lookup(&name)) {
            info.parameters.iter().map(|p| p.to_string()).collect()
        } else if let Some(info) = (title.is_none())
            .then(|| crate::env::ruby_types::type_file(&self.env, &name))
            .flatten()
            .and_then(|f| crate::env::ruby_types::load(&f))
        {
            info.parameters.iter().map(|p| p.to_string()).collect()
        } else {
            let kind = if title.is_some() {
                inventory::Kind::Class
            } else {
                inventory::Kind::Define
            };
            match inventory::describe::parameter_names(&self.env, kind, &name) {
                Some(params) => params,
                None => return Vec::new(),
            }
        };
        found.extend(
            crate::catalog::builtin_types::METAPARAMETERS
                .iter()
                .map(|m| m.to_string()),
        );
        sorted_unique(found)
    }
}

/// The session's variables that hold hashes (the facts, `$os`, ...).
fn vars_hashes(session: &Session) -> Vec<(String, crate::Value)> {
    let mut found: Vec<(String, crate::Value)> = session
        .variables()
        .into_iter()
        .filter(|(_, v)| matches!(v, crate::Value::Hash(_)))
        .map(|(n, v)| (n.to_string(), v))
        .collect();
    // (`$facts`, `$trusted` and the facts as variables are not among the variables a
    // session lists)
    for reserved in ["facts", "trusted", "server_facts"] {
        if let Some(v @ crate::Value::Hash(_)) = session.variable(reserved) {
            found.push((reserved.to_string(), v));
        }
    }
    if let Some(crate::Value::Hash(facts)) = session.variable("facts") {
        for (k, v) in facts.iter() {
            if let (crate::Value::String(name), crate::Value::Hash(_)) = (k, v) {
                if !found.iter().any(|(n, _)| **n == **name) {
                    found.push((name.to_string(), v.clone()));
                }
            }
        }
    }
    found
}

/// What `$v.` can name on an object (its attributes, constants and functions) or a URI (its
/// components).
fn member_names(v: &crate::Value) -> Option<Vec<String>> {
    match v {
        crate::Value::Object(o) => {
            Some(o.typ.member_names().iter().map(|n| n.to_string()).collect())
        }
        crate::Value::Uri(_) => Some(
            [
                "fragment", "host", "opaque", "path", "port", "query", "scheme", "userinfo",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        ),
        _ => None,
    }
}

/// What a completion is, for front ends that show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Variable,
    Function,
    Type,
    Keyword,
    /// An attribute of an object (after `$p.`).
    Attribute,
    /// A key of a hash (`$facts['o`).
    Key,
    Class,
    ResourceType,
    /// A parameter in a resource body (`file { '/x': ens`).
    Parameter,
}

impl Kind {
    pub fn label(self) -> &'static str {
        match self {
            Kind::Variable => "variable",
            Kind::Function => "function",
            Kind::Type => "type",
            Kind::Keyword => "keyword",
            Kind::Attribute => "attribute",
            Kind::Key => "key",
            Kind::Class => "class",
            Kind::ResourceType => "resource type",
            Kind::Parameter => "parameter",
        }
    }
}

/// The member names of the object variable just before a `.` (`$p.`), if it holds one.
fn object_before_dot<'a>(before: &str, names: &'a Names) -> Option<&'a Vec<String>> {
    let head = before.strip_suffix('.')?;
    let name_start = head
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word_char(c))
        .last()
        .map_or(head.len(), |(i, _)| i);
    let var = head[..].get(name_start..)?;
    let var = var
        .strip_prefix('$')
        .or_else(|| head[..name_start].ends_with('$').then_some(var))?;
    let var = var.strip_prefix("::").unwrap_or(var);
    names.members.iter().find(|(n, _)| n == var).map(|(_, m)| m)
}

/// Completions of the code before the cursor: the byte offset where the completed word
/// starts, and the candidates (sorted) that replace `before[start..]`.
pub fn complete_code(before: &str, names: &Names) -> (usize, Vec<(String, Kind)>) {
    if let Some((quote, start)) = contexts::open_string(before) {
        // (a `$name` in a double-quoted string is a variable)
        let interpolated = quote == '"' && before[start..].contains('$');
        if !interpolated {
            return contexts::in_string(before, quote, start, names);
        }
    }
    let start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word_char(c))
        .last()
        .map_or(before.len(), |(i, _)| i);
    // A `$` can only begin a variable reference.
    let start = match before[start..].rfind('$') {
        Some(i) => start + i,
        None => start,
    };
    // A lone `:` (as in `? :`) is not part of a name; `::name` is.
    let start = if before[start..].starts_with(':') && !before[start..].starts_with("::") {
        start + 1
    } else {
        start
    };
    let word = &before[start..];
    let tagged = |words: Vec<String>, kind: Kind| words.into_iter().map(move |w| (w, kind));
    let words: Vec<(String, Kind)> = if let Some(var) = word.strip_prefix('$') {
        let (sigil, name) = match var.strip_prefix("::") {
            Some(name) => ("$::", name),
            None => ("$", var),
        };
        // The session's variables, and the names the code before the word uses (a cell
        // completes `$zyx_v` to a `$zyx_value` it assigns a line earlier).
        let mut found: Vec<String> = names
            .variables
            .iter()
            .chain(code_variables(&before[..start]).iter())
            .filter(|v| v.starts_with(name))
            .map(|v| format!("{sigil}{v}"))
            .collect();
        found.sort();
        found.dedup();
        tagged(found, Kind::Variable).collect()
    } else if before[..start].ends_with("${") {
        // `"${na`: a variable, written without its `$`.
        let mut found = starting_with(&names.variables, word);
        found.extend(starting_with(&code_variables(&before[..start]), word));
        found.sort();
        found.dedup();
        tagged(found, Kind::Variable).collect()
    } else if let Some(members) = object_before_dot(&before[..start], names) {
        // `$p.` on an object: its members; functions when no member matches.
        let found = starting_with(members, word);
        if found.is_empty() {
            tagged(starting_with(&names.functions, word), Kind::Function).collect()
        } else {
            tagged(found, Kind::Attribute).collect()
        }
    } else if before[..start].ends_with('.') {
        tagged(starting_with(&names.functions, word), Kind::Function).collect()
    } else if contexts::takes_class(before[..start].trim_end()) {
        contexts::classes(word, names)
    } else if let Some((type_name, title)) = (!word.starts_with(|c: char| c.is_ascii_uppercase()))
        .then(|| contexts::resource_body(&before[..start]))
        .flatten()
    {
        let found = starting_with(&names.attributes(&type_name, title.as_deref()), word);
        tagged(found, Kind::Parameter).collect()
    } else if word.is_empty() {
        Vec::new()
    } else if word.starts_with(|c: char| c.is_ascii_uppercase()) {
        let exact = starting_with(&names.types, word);
        let found = if exact.is_empty() {
            // `INT` → `Integer`: fall back to any case.
            let lower = word.to_ascii_lowercase();
            names
                .types
                .iter()
                .filter(|t| t.to_ascii_lowercase().starts_with(&lower))
                .cloned()
                .collect()
        } else {
            exact
        };
        tagged(found, Kind::Type).collect()
    } else {
        let mut all: Vec<(String, Kind)> =
            tagged(starting_with(&names.functions, word), Kind::Function).collect();
        let keywords: Vec<String> = vocabulary::KEYWORDS
            .iter()
            .filter(|k| k.starts_with(word))
            .map(|k| k.to_string())
            .collect();
        all.extend(tagged(keywords, Kind::Keyword));
        all.extend(tagged(
            starting_with(&names.resource_types, word),
            Kind::ResourceType,
        ));
        all.sort();
        all.dedup_by(|a, b| a.0 == b.0);
        all
    };
    (start, words)
}

/// The variable names (without `$`) that `code` mentions: `$name`, `$::name`, `$a::b`,
/// `${name}`. A lexical scan: a `$` in a comment or a single-quoted string counts too, which
/// only ever offers one name more.
fn code_variables(code: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find('$') {
        rest = &rest[i + 1..];
        let body = rest.strip_prefix('{').unwrap_or(rest);
        let body = body.strip_prefix("::").unwrap_or(body);
        let len = body
            .char_indices()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map_or(body.len(), |(i, _)| i);
        let name = body[..len].trim_end_matches(':');
        if name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
            && !out.iter().any(|n| n == name)
        {
            out.push(name.to_string());
        }
    }
    out
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == ':' || c == '$'
}

fn starting_with(items: &[String], prefix: &str) -> Vec<String> {
    items
        .iter()
        .filter(|w| w.starts_with(prefix))
        .cloned()
        .collect()
}

fn sorted_unique(mut words: Vec<String>) -> Vec<String> {
    words.sort();
    words.dedup();
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Names {
        Names {
            variables: vec!["_".into(), "xs".into(), "xy".into(), "y".into()],
            functions: vec![
                "each".into(),
                "filter".into(),
                "notice".into(),
                "now".into(),
            ],
            types: vec![
                "Integer".into(),
                "Iterable".into(),
                "MyType".into(),
                "String".into(),
            ],
            members: vec![("xy".into(), vec!["x".into(), "y".into()])],
            catalog_types: Vec::new(),
            ..Names::default()
        }
    }

    #[test]
    fn members_of_an_object_after_a_dot() {
        assert_eq!(words("$xy."), (4, vec!["x".into(), "y".into()]));
        assert_eq!(words("notice($xy.e"), (11, vec!["each".into()]));
        assert_eq!(words("$xy.x"), (4, vec!["x".into()]));
        // Other variables complete functions only.
        assert_eq!(words("$xs.n"), (4, vec!["notice".into(), "now".into()]));
        let mut s = crate::Session::new();
        s.eval("type P = Object[{attributes => {x => Integer, y => Integer}}] $p = P(1, 2)")
            .unwrap();
        let n = Names::of(&s, &[]);
        let (_, found) = complete_code("$p.", &n);
        assert_eq!(found[0], ("x".to_string(), Kind::Attribute));
        assert_eq!(found[1], ("y".to_string(), Kind::Attribute));
        // An instance made by a parameterized object type (an alias of `Q['a']`,
        // `Error('m', 'k')`) is of the base type: its members.
        s.eval(
            "type Q = Object[{type_parameters => {t => String}, attributes => {t => String, \
             n => Integer}}] type QA = Q['a'] $q = QA('a', 1) $e = Error('m', 'k')",
        )
        .unwrap();
        let n = Names::of(&s, &[]);
        let members = |v: &str| {
            let (_, found) = complete_code(&format!("${v}."), &n);
            let mut found = found
                .into_iter()
                .filter(|(_, k)| *k == Kind::Attribute)
                .map(|(w, _)| w)
                .collect::<Vec<_>>();
            found.sort();
            found
        };
        assert_eq!(members("q"), ["n", "t"]);
        assert_eq!(
            members("e"),
            ["details", "issue_code", "kind", "message", "msg"]
        );
    }

    fn words(before: &str) -> (usize, Vec<String>) {
        let (start, found) = complete_code(before, &names());
        (start, found.into_iter().map(|(w, _)| w).collect())
    }

    #[test]
    fn variables_functions_types_keywords() {
        assert_eq!(words("$x"), (0, vec!["$xs".into(), "$xy".into()]));
        assert_eq!(words("1 + $::x"), (4, vec!["$::xs".into(), "$::xy".into()]));
        assert_eq!(words("[1].fil"), (4, vec!["filter".into()]));
        assert_eq!(words("Int"), (0, vec!["Integer".into()]));
        assert_eq!(words("INT"), (0, vec!["Integer".into()]));
        assert_eq!(
            words("no"),
            (0, vec!["node".into(), "notice".into(), "now".into()])
        );
        assert_eq!(words("unl"), (0, vec!["unless".into()]));
        assert_eq!(words("\"a ${x"), (5, vec!["xs".into(), "xy".into()]));
        assert_eq!(words("1 + "), (4, vec![]));
        assert_eq!(words("$x ? a :"), (8, vec![]));
    }

    #[test]
    fn names_the_code_before_uses() {
        // A notebook cell: `$zyx_value` is assigned a line before the cursor.
        assert_eq!(
            words("$zyx_value = 1\nnotice($zyx_v"),
            (22, vec!["$zyx_value".into()])
        );
        assert_eq!(
            words("$a::zz = 1 $b = \"${zz} ${::x\" + $x"),
            (32, vec!["$x".into(), "$xs".into(), "$xy".into()])
        );
        assert_eq!(words("[1].each |$item| { $it"), (19, vec!["$item".into()]));
        assert_eq!(words("$xq = 1; \"${xq"), (12, vec!["xq".into()]));
        assert_eq!(
            words("$ = 1 $A = 2 $"),
            (
                13,
                vec!["$_".into(), "$xs".into(), "$xy".into(), "$y".into()]
            )
        );
    }

    #[test]
    fn kinds_and_session_names() {
        let mut s = Session::new();
        s.set_variable("alpha", crate::Value::Integer(1));
        let names = Names::of(&s, &["display"]);
        assert!(names.functions.contains(&"display".to_string()));
        assert!(names.types.contains(&"Integer".to_string()));
        let (_, found) = complete_code("$al", &names);
        assert_eq!(found, vec![("$alpha".to_string(), Kind::Variable)]);
        let (_, found) = complete_code("Integ", &names);
        assert_eq!(found, vec![("Integer".to_string(), Kind::Type)]);
    }

    fn fixture_session() -> Session {
        let mut s = Session::new();
        let modules = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/control-repo/production/modules");
        s.set_environment(crate::env::Environment {
            modulepath: vec![modules],
            ..Default::default()
        });
        let facts = s
            .eval("{'os' => {'family' => 'Debian', 'name' => 'Debian'}, 'osfamily' => 'Debian'}")
            .unwrap();
        s.set_facts(facts);
        s.eval("define greet(String $who, $how = 1) { }").unwrap();
        s
    }

    fn found(before: &str, names: &Names) -> Vec<(String, Kind)> {
        complete_code(before, names).1
    }

    #[test]
    fn keys_of_hashes_in_strings_and_nothing_else_there() {
        let n = Names::of(&fixture_session(), &[]);
        assert_eq!(
            complete_code("$facts['o", &n),
            (
                8,
                vec![("os".into(), Kind::Key), ("osfamily".into(), Kind::Key)]
            )
        );
        assert_eq!(
            found("notice($::facts[\"os\"]['fa", &n),
            vec![("family".into(), Kind::Key)]
        );
        assert_eq!(found("$facts['os']['nope']['", &n), vec![]);
        // each fact is a variable too
        assert_eq!(
            found("$osf", &n),
            vec![("$osfamily".into(), Kind::Variable)]
        );
        assert_eq!(found("$::os['fa", &n), vec![("family".into(), Kind::Key)]);
        // never functions or keywords where only a key or a string can stand
        assert_eq!(found("$x = 'no", &n), vec![]);
        assert_eq!(found("lookup('ea", &n), vec![]);
        assert_eq!(
            found("lookup('webapp::ver", &n),
            vec![("webapp::version".into(), Kind::Key)]
        );
        // a variable in a double-quoted string still completes
        assert_eq!(found("\"$fac", &n), vec![("$facts".into(), Kind::Variable)]);
    }

    /// `lookup('` offers the keys of the files the hierarchies pick for this node and these
    /// facts only: the node's own file, its OS family's, the module's per its hiera.yaml.
    #[test]
    fn hiera_keys_of_the_files_the_hierarchy_picks() {
        let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/control-repo/production");
        let mut s = Session::new();
        s.set_environment(crate::env::Environment::from_dir(repo, Vec::new()));
        s.set_node_name("web01.example.com");
        let facts = s
            .eval("{'os' => {'family' => 'RedHat', 'name' => 'RedHat', 'release' => {'major' => '9'}}}")
            .unwrap();
        s.set_facts(facts);
        let keys = |s: &Session| Names::of(s, &[]).hiera_keys;
        let k = keys(&s);
        for key in [
            "common::node_only",      // nodes/web01.example.com.yaml
            "profile::db::engine",    // os/RedHat.yaml
            "common::os_only",        // os/RedHat.yaml
            "webapp::package_name",   // the module's os/RedHat.yaml and common.yaml
            "webapp::only_in_module", // the module's common.yaml
        ] {
            assert!(k.contains(&key.to_string()), "{key} in {k:?}");
        }
        for key in [
            "common::bad_port",     // nodes/db01.example.com.yaml
            "common::release_only", // os/Debian-12.yaml
            "common::webapp_only",  // services/webapp.yaml: no services fact
            "lookup_options",
        ] {
            assert!(!k.contains(&key.to_string()), "{key} in {k:?}");
        }
        // Another node, other facts: other files.
        s.set_node_name("db01.example.com");
        let facts = s
            .eval("{'os' => {'family' => 'Debian', 'name' => 'Debian', 'release' => {'major' => '12'}}, 'services' => ['webapp']}")
            .unwrap();
        s.set_facts(facts);
        let k = keys(&s);
        for key in [
            "common::bad_port",
            "common::release_only",
            "common::webapp_only",
        ] {
            assert!(k.contains(&key.to_string()), "{key} in {k:?}");
        }
        assert!(!k.contains(&"common::node_only".to_string()), "{k:?}");
        assert!(!k.contains(&"profile::db::engine".to_string()), "{k:?}");
    }

    #[test]
    fn resource_types_classes_attributes_and_module_types() {
        let n = Names::of(&fixture_session(), &[]);
        assert!(found("packa", &n).contains(&("package".into(), Kind::ResourceType)));
        assert!(found("gre", &n).contains(&("greet".into(), Kind::ResourceType)));
        assert!(found("webapp::vh", &n).contains(&("webapp::vhost".into(), Kind::ResourceType)));
        assert_eq!(
            found("include webapp::p", &n),
            vec![("webapp::params".into(), Kind::Class)]
        );
        assert_eq!(
            found("class { 'webapp::p", &n),
            vec![("webapp::params".into(), Kind::Class)]
        );
        assert_eq!(
            found("file { '/x': ens", &n),
            vec![("ensure".into(), Kind::Parameter)]
        );
        assert_eq!(
            found("greet { 'a':\n  who => 'me',\n  h", &n),
            vec![("how".into(), Kind::Parameter)]
        );
        assert_eq!(
            found("class { 'webapp': pac", &n),
            vec![("package_name".into(), Kind::Parameter)]
        );
        assert!(found("notify { 'a': ", &n).contains(&("message".into(), Kind::Parameter)));
        assert!(found("notify { 'a': ", &n).contains(&("before".into(), Kind::Parameter)));
        assert!(found("webapp::ur", &n).contains(&("webapp::url".into(), Kind::Function)));
        assert_eq!(
            found("Webapp::Po", &n),
            vec![("Webapp::Port".into(), Kind::Type)]
        );
    }
}
