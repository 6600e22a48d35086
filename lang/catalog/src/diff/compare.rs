//! What differs between two catalogs of one node: resources added and removed, parameters,
//! tags and relationships changed, containment edges added and removed, and references the
//! new catalog cannot resolve.

use super::view::{Key, Resource, View};
use serde_json::Value as Json;
use std::collections::BTreeSet;

/// What the comparison leaves out or reads differently (octocatalog-diff's options).
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `--ignore 'File[/var/tmp/*]'`: resources whose type and title match (`*` any run).
    pub ignore: Vec<ResourcePattern>,
    /// `--ignore-param 'File::mode'` (or `mode` for every type).
    pub ignore_params: Vec<ParamPattern>,
    /// `--ignore-tags`: tags are not compared.
    pub ignore_tags: bool,
    /// `--structured-content`: a `content` that parses as JSON or YAML on both sides is
    /// compared as data (white space, key order and quoting do not count).
    pub structured_content: bool,
}

/// `Type[title]` with `*` wildcards in either part (`File[/var/tmp/*]`, `*[*]`), or a bare
/// type (`Exec`) for all of its resources.
#[derive(Debug, Clone, PartialEq)]
pub struct ResourcePattern {
    type_glob: String,
    title_glob: String,
}

impl ResourcePattern {
    pub fn parse(text: &str) -> Result<ResourcePattern, String> {
        let text = text.trim();
        let (t, title) = match text.find('[') {
            Some(i) => match text[i + 1..].strip_suffix(']') {
                Some(title) => (&text[..i], title),
                None => return Err(format!("'{text}': expected Type[title]")),
            },
            None => (text, "*"),
        };
        if t.is_empty() {
            return Err(format!("'{text}': expected Type[title]"));
        }
        Ok(ResourcePattern {
            type_glob: t.to_ascii_lowercase(),
            title_glob: title.to_string(),
        })
    }

    pub fn matches(&self, key: &Key) -> bool {
        glob(&self.type_glob, &key.type_name.to_ascii_lowercase())
            && glob(&self.title_glob, &key.title)
    }
}

/// `Type::param` (`File::mode`) or `param` alone, for every type.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamPattern {
    type_glob: Option<String>,
    param: String,
}

impl ParamPattern {
    pub fn parse(text: &str) -> Result<ParamPattern, String> {
        let text = text.trim();
        let (t, p) = match text.rfind("::") {
            Some(i) => (Some(text[..i].to_ascii_lowercase()), &text[i + 2..]),
            None => (None, text),
        };
        if p.is_empty() || t.as_deref() == Some("") {
            return Err(format!("'{text}': expected Type::parameter or parameter"));
        }
        Ok(ParamPattern {
            type_glob: t,
            param: p.to_string(),
        })
    }

    pub fn matches(&self, key: &Key, param: &str) -> bool {
        glob(&self.param, param)
            && self
                .type_glob
                .as_ref()
                .is_none_or(|t| glob(t, &key.type_name.to_ascii_lowercase()))
    }
}

/// `*` matches any run of characters; everything else itself.
fn glob(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || !text[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(i) => rest = &rest[i + mid.len()..],
            None => return false,
        }
    }
    true
}

/// One parameter (or relationship metaparameter) that differs: absent on a side is `None`.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamChange {
    pub name: String,
    pub old: Option<Json>,
    pub new: Option<Json>,
}

/// A resource in both catalogs that differs.
#[derive(Debug, Clone, PartialEq)]
pub struct Changed {
    pub key: Key,
    /// Where the new catalog declares it.
    pub location: Option<String>,
    pub parameters: Vec<ParamChange>,
    /// `before`/`require`/`notify`/`subscribe`: references added and removed, per name.
    pub relationships: Vec<(String, Vec<String>, Vec<String>)>,
    pub tags_added: Vec<String>,
    pub tags_removed: Vec<String>,
}

/// A reference of the new catalog that names no resource of it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Broken {
    pub from: String,
    pub parameter: String,
    pub target: String,
}

/// The differences of one node's two catalogs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Difference {
    pub added: Vec<(Key, Resource)>,
    pub removed: Vec<(Key, Resource)>,
    pub changed: Vec<Changed>,
    pub edges_added: Vec<(String, String)>,
    pub edges_removed: Vec<(String, String)>,
    /// References broken in the new catalog that were not broken in the old one.
    pub broken: Vec<Broken>,
}

impl Difference {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.changed.is_empty()
            && self.edges_added.is_empty()
            && self.edges_removed.is_empty()
            && self.broken.is_empty()
    }
}

/// Compares two catalogs of one node.
pub fn compare(old: &View, new: &View, options: &Options) -> Difference {
    let ignored = |k: &Key| options.ignore.iter().any(|p| p.matches(k));
    let mut d = Difference::default();
    for (i, (key, r)) in new.resources.iter().enumerate() {
        if ignored(key) {
            continue;
        }
        match new.counterpart(i, old) {
            None => d.added.push((key.clone(), r.clone())),
            Some(before) => {
                if let Some(c) = changed(key, before, r, options) {
                    d.changed.push(c);
                }
            }
        }
    }
    for (i, (key, r)) in old.resources.iter().enumerate() {
        if !ignored(key) && old.counterpart(i, new).is_none() {
            d.removed.push((key.clone(), r.clone()));
        }
    }
    let edge_ignored = |(s, t): &(String, String)| {
        !options.ignore.is_empty()
            && [s, t]
                .iter()
                .any(|e| Key::parse(e).is_some_and(|k| ignored(&k)))
    };
    d.edges_added = new
        .edges
        .difference(&old.edges)
        .filter(|e| !edge_ignored(e))
        .cloned()
        .collect();
    d.edges_removed = old
        .edges
        .difference(&new.edges)
        .filter(|e| !edge_ignored(e))
        .cloned()
        .collect();
    let was_broken: BTreeSet<Broken> = broken_references(old).into_iter().collect();
    d.broken = broken_references(new)
        .into_iter()
        .filter(|b| !was_broken.contains(b))
        .filter(|b| options.ignore.is_empty() || Key::parse(&b.from).is_none_or(|k| !ignored(&k)))
        .collect();
    d
}

fn changed(key: &Key, old: &Resource, new: &Resource, options: &Options) -> Option<Changed> {
    let param_ignored = |p: &str| options.ignore_params.iter().any(|i| i.matches(key, p));
    let names: BTreeSet<&String> = old.parameters.keys().chain(new.parameters.keys()).collect();
    let mut parameters = Vec::new();
    for name in names {
        if param_ignored(name) {
            continue;
        }
        let (a, b) = (old.parameters.get(name), new.parameters.get(name));
        let same = match (a, b) {
            // (a Sensitive value is shown redacted on both sides: its own value decides)
            (Some(x), Some(y))
                if old.secrets.contains_key(name) || new.secrets.contains_key(name) =>
            {
                x == y && old.secrets.get(name) == new.secrets.get(name)
            }
            (Some(x), Some(y)) => {
                x == y || options.structured_content && name == "content" && same_data(x, y)
            }
            (None, None) => true,
            _ => false,
        };
        if !same {
            parameters.push(ParamChange {
                name: name.clone(),
                old: a.cloned(),
                new: b.cloned(),
            });
        }
    }
    let mut relationships = Vec::new();
    for name in super::view::RELATIONSHIPS {
        if param_ignored(name) {
            continue;
        }
        let empty = BTreeSet::new();
        let a = old.relationships.get(name).unwrap_or(&empty);
        let b = new.relationships.get(name).unwrap_or(&empty);
        if a != b {
            relationships.push((
                name.to_string(),
                b.difference(a).cloned().collect(),
                a.difference(b).cloned().collect(),
            ));
        }
    }
    let (tags_added, tags_removed) = if options.ignore_tags {
        (Vec::new(), Vec::new())
    } else {
        (
            new.tags.difference(&old.tags).map(str::to_string).collect(),
            old.tags.difference(&new.tags).map(str::to_string).collect(),
        )
    };
    let exported_changed = old.exported != new.exported && !param_ignored("exported");
    if exported_changed {
        parameters.push(ParamChange {
            name: "exported".to_string(),
            old: Some(Json::Bool(old.exported)),
            new: Some(Json::Bool(new.exported)),
        });
    }
    if parameters.is_empty()
        && relationships.is_empty()
        && tags_added.is_empty()
        && tags_removed.is_empty()
    {
        return None;
    }
    Some(Changed {
        key: key.clone(),
        location: new.location(),
        parameters,
        relationships,
        tags_added,
        tags_removed,
    })
}

/// Whether two texts are the same JSON or YAML data.
fn same_data(a: &Json, b: &Json) -> bool {
    let (Json::String(a), Json::String(b)) = (a, b) else {
        return false;
    };
    let parse = |s: &str| -> Option<Json> {
        if let Ok(j) = serde_json::from_str::<Json>(s) {
            return Some(j);
        }
        super::yaml::to_json(s)
    };
    match (parse(a), parse(b)) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// The relationship references of a catalog that name no resource of it.
pub fn broken_references(view: &View) -> Vec<Broken> {
    let mut out = Vec::new();
    for (key, r) in &view.resources {
        for (name, refs) in &r.relationships {
            for target in refs {
                if !view.resolves(target) {
                    out.push(Broken {
                        from: key.to_string(),
                        parameter: name.clone(),
                        target: target.clone(),
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn view(resources: Json) -> View {
        View::from_json(&json!({ "resources": resources })).unwrap()
    }

    #[test]
    fn globs() {
        assert!(glob("/var/tmp/*", "/var/tmp/a/b"));
        assert!(glob("*", ""));
        assert!(glob("a*b*c", "axxbyyc"));
        assert!(!glob("a*b*c", "axxbyy"));
        assert!(!glob("/var/tmp/*", "/var/tmpx"));
        assert!(glob("exact", "exact") && !glob("exact", "exact2"));
        let p = ResourcePattern::parse("file[/var/tmp/*]").unwrap();
        assert!(p.matches(&Key::new("File", "/var/tmp/x")));
        assert!(!p.matches(&Key::new("Exec", "/var/tmp/x")));
        assert!(ResourcePattern::parse("Exec")
            .unwrap()
            .matches(&Key::new("Exec", "x")));
        assert!(ResourcePattern::parse("File[x").is_err());
        let q = ParamPattern::parse("File::mode").unwrap();
        assert!(q.matches(&Key::new("File", "/x"), "mode"));
        assert!(!q.matches(&Key::new("Exec", "/x"), "mode"));
        assert!(ParamPattern::parse("mode")
            .unwrap()
            .matches(&Key::new("Exec", "x"), "mode"));
        assert!(ParamPattern::parse("Apache::Vhost::port")
            .unwrap()
            .matches(&Key::new("Apache::Vhost", "x"), "port"));
        assert!(ParamPattern::parse("File::").is_err());
    }

    #[test]
    fn finds_every_kind_of_difference() {
        let old = view(json!([
            {"type": "File", "title": "/a", "tags": ["file", "x"], "parameters": {"mode": "0644", "content": "a\n", "require": "Package[p]"}},
            {"type": "Package", "title": "p"},
            {"type": "Notify", "title": "gone"}
        ]));
        let new = view(json!([
            {"type": "File", "title": "/a", "tags": ["file", "y"], "file": "init.pp", "line": 4,
             "parameters": {"mode": "0600", "content": "a\n", "owner": "root", "require": ["Package[p]", "Service[nope]"]}},
            {"type": "Package", "title": "p"},
            {"type": "Notify", "title": "new"}
        ]));
        let d = compare(&old, &new, &Options::default());
        assert_eq!(d.added.len(), 1);
        assert_eq!(d.added[0].0.to_string(), "Notify[new]");
        assert_eq!(d.removed[0].0.to_string(), "Notify[gone]");
        let c = &d.changed[0];
        assert_eq!(c.key.to_string(), "File[/a]");
        assert_eq!(c.location.as_deref(), Some("init.pp:4"));
        let names: Vec<_> = c.parameters.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["mode", "owner"]);
        assert_eq!(c.parameters[1].old, None);
        assert_eq!(
            c.relationships,
            [(
                "require".to_string(),
                vec!["Service[nope]".to_string()],
                vec![]
            )]
        );
        assert_eq!(
            (c.tags_added.clone(), c.tags_removed.clone()),
            (vec!["y".into()], vec!["x".into()])
        );
        assert_eq!(
            d.broken,
            [Broken {
                from: "File[/a]".into(),
                parameter: "require".into(),
                target: "Service[nope]".into()
            }]
        );
        assert!(compare(&new, &new, &Options::default()).is_empty());
    }

    #[test]
    fn options_leave_things_out() {
        let old = view(json!([
            {"type": "File", "title": "/var/tmp/a", "parameters": {"mode": "1"}},
            {"type": "File", "title": "/etc/a", "tags": ["t"], "parameters": {"mode": "1", "content": "{\"a\": 1, \"b\": [1, 2]}"}}
        ]));
        let new = view(json!([
            {"type": "File", "title": "/var/tmp/a", "parameters": {"mode": "2"}},
            {"type": "File", "title": "/etc/a", "tags": ["u"], "parameters": {"mode": "2", "content": "b:\n  - 1\n  - 2\na: 1\n"}}
        ]));
        let options = Options {
            ignore: vec![ResourcePattern::parse("File[/var/tmp/*]").unwrap()],
            ignore_params: vec![ParamPattern::parse("File::mode").unwrap()],
            ignore_tags: true,
            structured_content: true,
        };
        assert!(compare(&old, &new, &options).is_empty());
        let d = compare(
            &old,
            &new,
            &Options {
                structured_content: false,
                ..options
            },
        );
        assert_eq!(d.changed[0].parameters[0].name, "content");
    }
}
