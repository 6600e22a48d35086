//! A catalog as the comparison sees it, read from the JSON catalog form: the reference's
//! (`puppet catalog find`, PuppetDB, octocatalog-diff's `--catalog-only`, optionally inside
//! a `{"data": ...}` wrapper) and prepl's own `--catalog` output have the same shape.

use rustc_hash::{FxHashMap, FxHashSet};
use serde_json::{Map, Value as Json};
use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

/// A resource's identity: its type (capitalized per segment) and title.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    pub type_name: String,
    pub title: String,
}

impl Key {
    pub fn new(type_name: &str, title: &str) -> Key {
        Key {
            type_name: type_name.to_string(),
            title: title.to_string(),
        }
    }

    /// `Notify[x]`, `Class[Apache::Params]` (as references are written in catalogs).
    pub fn parse(reference: &str) -> Option<Key> {
        let (type_name, title) = split_reference(reference)?;
        Some(Key::new(&capitalize_segments(type_name), title))
    }

    /// The form a lookup uses: types compare without case, and so do class titles.
    fn folded(&self) -> String {
        folded_key(&self.type_name, &self.title)
    }
}

/// A reference's type and title (`File[/x]`: `File`, `/x`).
fn split_reference(reference: &str) -> Option<(&str, &str)> {
    let open = reference.find('[')?;
    let title = reference[open + 1..].strip_suffix(']')?;
    let type_name = &reference[..open];
    (!type_name.is_empty()).then_some((type_name, title))
}

/// `type[title]` with the type in lower case, and the title too for classes: what the index
/// of a [`View`] is keyed by.
fn folded_key(type_name: &str, title: &str) -> String {
    let mut out = String::with_capacity(type_name.len() + title.len() + 2);
    out.extend(type_name.chars().map(|c| c.to_ascii_lowercase()));
    out.push('[');
    if type_name.eq_ignore_ascii_case("class") {
        out.extend(title.chars().map(|c| c.to_ascii_lowercase()));
    } else {
        out.push_str(title);
    }
    out.push(']');
    out
}

/// `Type[title]` (as `format!` would write it, without its formatting machinery: a
/// catalog has an edge or two for each resource).
fn reference(type_name: &str, title: &str) -> String {
    crate::reference_text(type_name, title)
}

/// A reference as the view writes it: the type capitalized per segment (`File[/x]`,
/// `Concat::Fragment[a]`); one already written so is copied as it is.
fn canonical_reference(reference: &str) -> String {
    match split_reference(reference) {
        Some((t, _)) if is_capitalized(t) => reference.to_string(),
        Some((t, title)) => format!("{}[{title}]", capitalize_segments(t)),
        None => reference.to_string(),
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.type_name, self.title)
    }
}

/// A type name capitalized per segment (`concat::fragment`: `Concat::Fragment`). Most names
/// come so already (every name of a catalog prepl compiles): those are only copied.
fn capitalize_segments(name: &str) -> String {
    if is_capitalized(name) {
        return name.to_string();
    }
    let mut out = String::with_capacity(name.len());
    for (i, seg) in name.split("::").enumerate() {
        if i > 0 {
            out.push_str("::");
        }
        let mut c = seg.chars();
        if let Some(first) = c.next() {
            out.extend(first.to_uppercase());
            out.push_str(c.as_str());
        }
    }
    out
}

/// Whether [`capitalize_segments`] would leave a name as it is.
fn is_capitalized(name: &str) -> bool {
    name.split("::").all(|seg| match seg.chars().next() {
        Some(c) if c.is_ascii() => !c.is_ascii_lowercase(),
        Some(c) => c.to_uppercase().eq(std::iter::once(c)),
        None => true,
    })
}

/// The metaparameters that make relationship edges.
pub const RELATIONSHIPS: [&str; 4] = ["before", "require", "notify", "subscribe"];

/// One resource: what the comparison looks at, and where it was declared.
#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    /// Parameters other than the relationship metaparameters, by name.
    pub parameters: BTreeMap<String, Json>,
    /// `before`/`require`/`notify`/`subscribe`: the references each names, sorted.
    pub relationships: BTreeMap<String, BTreeSet<String>>,
    pub tags: Tags,
    pub exported: bool,
    pub file: Option<String>,
    pub line: Option<u64>,
    /// The values of the parameters that are or hold `Sensitive` values, which
    /// `parameters` shows redacted ([`redacted`]): compared, never shown.
    pub secrets: BTreeMap<String, Secret>,
}

/// A resource's tags, sorted and each once. Each tag text is made once per view and shared
/// by the resources that have it (a resource has the tags of a few scopes around it; a
/// report with resources goes to another thread, so they are `Arc`s).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tags(Vec<Arc<str>>);

impl Tags {
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|t| &**t)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn contains(&self, tag: &str) -> bool {
        self.0.binary_search_by(|t| (**t).cmp(tag)).is_ok()
    }

    /// The tags of this set the other lacks, in order.
    pub fn difference<'a>(&'a self, other: &'a Tags) -> impl Iterator<Item = &'a str> + 'a {
        self.iter().filter(move |t| !other.contains(t))
    }
}

impl FromIterator<Arc<str>> for Tags {
    fn from_iter<I: IntoIterator<Item = Arc<str>>>(iter: I) -> Tags {
        let mut tags: Vec<Arc<str>> = iter.into_iter().collect();
        tags.sort_unstable();
        tags.dedup();
        Tags(tags)
    }
}

/// A parameter value that is or holds a `Sensitive` value: kept to tell whether it changed,
/// never shown (its `Debug` form too is redacted).
#[derive(Clone, PartialEq)]
pub struct Secret(Json);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

/// What a diff shows for a `Sensitive` value: the catalog's rich-data form with the value
/// left out, `{"__ptype": "Sensitive", "__pvalue": "[redacted]"}`, which prints as
/// `#<Sensitive [value redacted]>` (as `String(Sensitive(x), '%p')` does).
pub fn redacted() -> Json {
    let mut m = Map::new();
    m.insert("__ptype".into(), Json::String("Sensitive".into()));
    m.insert("__pvalue".into(), Json::String("[redacted]".into()));
    Json::Object(m)
}

/// A parameter's value as a diff may show it, and the value itself when that differs: the
/// whole value redacted for a parameter the catalog lists as sensitive
/// (`sensitive_parameters`), each `{"__ptype": "Sensitive", ...}` inside any other value.
fn redact(value: Json, sensitive: bool) -> (Json, Option<Secret>) {
    fn holds(v: &Json) -> bool {
        match v {
            Json::Object(o) if is_sensitive(o) => true,
            Json::Object(o) => o.values().any(holds),
            Json::Array(a) => a.iter().any(holds),
            _ => false,
        }
    }
    fn hide(v: &mut Json) {
        if matches!(&*v, Json::Object(o) if is_sensitive(o)) {
            *v = redacted();
            return;
        }
        match v {
            Json::Object(o) => o.values_mut().for_each(hide),
            Json::Array(a) => a.iter_mut().for_each(hide),
            _ => {}
        }
    }
    if sensitive {
        return (redacted(), Some(Secret(value)));
    }
    if !holds(&value) {
        return (value, None);
    }
    let mut shown = value.clone();
    hide(&mut shown);
    (shown, Some(Secret(value)))
}

fn is_sensitive(o: &Map<String, Json>) -> bool {
    o.get("__ptype").and_then(Json::as_str) == Some("Sensitive") && o.contains_key("__pvalue")
}

impl Resource {
    /// `file:line` where it was declared, when the catalog says.
    pub fn location(&self) -> Option<String> {
        match (&self.file, self.line) {
            (Some(f), Some(l)) => Some(format!("{f}:{l}")),
            (Some(f), None) => Some(f.clone()),
            (None, Some(l)) => Some(format!("line {l}")),
            (None, None) => None,
        }
    }
}

/// A catalog: its resources in catalog order and its containment edges.
#[derive(Debug, Clone, Default)]
pub struct View {
    pub name: Option<String>,
    pub resources: Vec<(Key, Resource)>,
    /// Containment edges `(source, target)` as written (`Class[A]`, `File[/x]`).
    pub edges: BTreeSet<(String, String)>,
    /// The position of each resource by its [`folded_key`], and the folded key of each.
    index: FxHashMap<String, usize>,
    folded: Vec<String>,
    /// The resources by the other names a reference may use (`alias`, `name`, `path`,
    /// `command`), folded: made the first time a reference does not name a title.
    other_names: OnceCell<FxHashSet<String>>,
}

impl View {
    /// Reads a JSON catalog document.
    pub fn from_json(doc: &Json) -> Result<View, String> {
        View::from_json_value(doc.clone())
    }

    /// Reads a JSON catalog document it takes: its parameter values and strings move into
    /// the view instead of being copied (a catalog's file contents are most of its size).
    pub fn from_json_value(doc: Json) -> Result<View, String> {
        let mut doc = match doc {
            Json::Object(mut o) if !o.contains_key("resources") => match o.remove("data") {
                Some(Json::Object(inner)) => inner,
                Some(other) => {
                    o.insert("data".to_string(), other);
                    o
                }
                None => o,
            },
            Json::Object(o) => o,
            _ => Map::new(),
        };
        let Some(Json::Array(resources)) = doc.remove("resources") else {
            return Err("not a catalog: no \"resources\" array".to_string());
        };
        let mut view = View {
            name: doc.get("name").and_then(Json::as_str).map(str::to_string),
            ..View::default()
        };
        for (i, r) in resources.into_iter().enumerate() {
            let mut r = match r {
                Json::Object(r) => r,
                _ => Map::new(),
            };
            let key = match (r.remove("type"), r.remove("title")) {
                (Some(Json::String(type_name)), Some(Json::String(title))) => Key {
                    type_name: capitalize_segments(&type_name),
                    title,
                },
                _ => return Err(format!("resource {} has no \"type\" or \"title\"", i + 1)),
            };
            let resource = read_resource(r);
            view.insert(key, resource);
        }
        for e in doc
            .get("edges")
            .and_then(Json::as_array)
            .into_iter()
            .flatten()
        {
            let end = |name: &str| match e.get(name) {
                Some(Json::String(s)) => Some(s.clone()),
                // PuppetDB's form: {"type": ..., "title": ...}
                Some(Json::Object(o)) => {
                    let t = o.get("type").and_then(Json::as_str)?;
                    let title = o.get("title").and_then(Json::as_str)?;
                    Some(Key::new(&capitalize_segments(t), title).to_string())
                }
                _ => None,
            };
            if let (Some(s), Some(t)) = (end("source"), end("target")) {
                view.edges.insert((s, t));
            }
        }
        Ok(view)
    }

    /// A compiled catalog as [`View::from_json`] reads its JSON form (`json::to_json`),
    /// made straight from it: the resources the agent would get, their tags, location and
    /// parameters (as the catalog's JSON holds them), the containment edges.
    pub fn from_catalog(catalog: &crate::Catalog) -> View {
        use crate::json::{catalog_value, to_data};
        let mut view = View {
            name: Some(catalog.node_name.to_string()),
            ..View::default()
        };
        // The view's text of each of the catalog's tags, by the catalog's (kept with it, so
        // that its address is not used again while the view is made).
        let mut tag_texts: FxHashMap<*const u8, (Arc<str>, Rc<str>)> = FxHashMap::default();
        for (id, r) in catalog.resources() {
            // (gathered, then made a map at once: cheaper than inserting one by one; a name
            // given twice keeps its last value, as inserting would)
            let mut parameters = Vec::with_capacity(r.parameters.len());
            let mut relationships = BTreeMap::new();
            let mut secrets = BTreeMap::new();
            let mut add = |name: &str, value: &crate::values::Value| {
                let data = to_data(&catalog_value(name, value));
                if RELATIONSHIPS.contains(&name) {
                    let mut refs = BTreeSet::new();
                    collect_references(&data, &mut refs);
                    relationships.insert(name.to_string(), refs);
                } else {
                    let sensitive = matches!(value, crate::values::Value::Sensitive(_));
                    let (shown, secret) = redact(data, sensitive);
                    if let Some(secret) = secret {
                        secrets.insert(name.to_string(), secret);
                    }
                    parameters.push((name.to_string(), shown));
                }
            };
            match catalog.type_info(&r.type_name) {
                Some(info) if &*r.type_name != "Class" && r.line.is_some() => {
                    let given: Vec<(&str, &crate::values::Value)> =
                        r.written_parameters().map(|(k, v)| (&**k, v)).collect();
                    for (k, v) in crate::builtin_types::catalog_parameters(info, &r.title, &given) {
                        add(&k, &v);
                    }
                }
                _ => r
                    .written_parameters()
                    .filter(|(k, v)| r.writes_parameter(k, v))
                    .for_each(|(k, v)| add(k, v)),
            }
            let resource = Resource {
                parameters: parameters.into_iter().collect(),
                relationships,
                tags: catalog
                    .tags_of(id)
                    .into_iter()
                    .map(|t| {
                        let shared = tag_texts
                            .entry(Rc::as_ptr(&t) as *const u8)
                            .or_insert_with(|| (Arc::from(&*t), t));
                        shared.0.clone()
                    })
                    .collect(),
                exported: r.exported,
                file: r.file.as_deref().map(str::to_string),
                line: r.line.map(u64::from),
                secrets,
            };
            let key = Key {
                type_name: capitalize_segments(&r.type_name),
                title: r.title.to_string(),
            };
            view.insert(key, resource);
        }
        for (source, target) in catalog.containment_edges() {
            let (s, t) = (catalog.get(source), catalog.get(target));
            view.edges.insert((
                reference(&s.type_name, &s.title),
                reference(&t.type_name, &t.title),
            ));
        }
        view
    }

    /// Reads a JSON catalog from its text.
    pub fn from_json_text(text: &str) -> Result<View, String> {
        let doc: Json = serde_json::from_str(text).map_err(|e| format!("invalid JSON: {e}"))?;
        View::from_json_value(doc)
    }

    fn insert(&mut self, key: Key, resource: Resource) {
        let folded = key.folded();
        match self.index.get(&folded) {
            Some(&i) => self.resources[i] = (key, resource),
            None => {
                self.index.insert(folded.clone(), self.resources.len());
                self.folded.push(folded);
                self.resources.push((key, resource));
            }
        }
        self.other_names = OnceCell::new();
    }

    /// The resource a key (or a reference's text) names, by title, case-insensitive type.
    pub fn get(&self, key: &Key) -> Option<&Resource> {
        self.index.get(&key.folded()).map(|&i| &self.resources[i].1)
    }

    /// The resource of `other` the resource at `i` of this view is (the same type and
    /// title), without folding its key again.
    pub fn counterpart<'o>(&self, i: usize, other: &'o View) -> Option<&'o Resource> {
        let folded = self.folded.get(i)?;
        other.index.get(folded).map(|&j| &other.resources[j].1)
    }

    /// Whether a reference (`File[/x]`) names a resource of this catalog: by title, by an
    /// `alias`, or by its namevar (`name`, `path` of files, `command` of execs).
    pub fn resolves(&self, reference: &str) -> bool {
        let Some((type_name, title)) = split_reference(reference) else {
            return false;
        };
        let want = folded_key(type_name, title);
        self.index.contains_key(&want)
            || self
                .other_names
                .get_or_init(|| self.other_names())
                .contains(&want)
    }

    /// The folded `type[name]` of every resource for each of its names other than its title
    /// (with and without a trailing `/`).
    fn other_names(&self) -> FxHashSet<String> {
        let mut out = FxHashSet::default();
        for (k, r) in &self.resources {
            for p in ["alias", "name", "path", "command"] {
                for n in names_of(r.parameters.get(p)) {
                    out.insert(folded_key(&k.type_name, n.trim_end_matches('/')));
                    out.insert(folded_key(&k.type_name, n));
                }
            }
        }
        out
    }

    /// Changes a file resource's `source => 'puppet:///modules/...'` into its text for the
    /// comparison (`content`), as octocatalog-diff's `--compare-file-text` does. `read`
    /// gives the text of a `puppet:///` URL, when it can be found.
    pub fn resolve_sources(&mut self, read: &dyn Fn(&str) -> Option<String>) {
        for (key, r) in &mut self.resources {
            if key.type_name != "File" || r.parameters.contains_key("content") {
                continue;
            }
            let url = match r.parameters.get("source") {
                Some(Json::String(s)) => Some(s.clone()),
                Some(Json::Array(a)) => a.first().and_then(Json::as_str).map(str::to_string),
                _ => None,
            };
            if let Some(text) = url
                .filter(|u| u.starts_with("puppet:///"))
                .and_then(|u| read(&u))
            {
                r.parameters
                    .insert("content".to_string(), Json::String(text));
            }
        }
    }
}

fn names_of(v: Option<&Json>) -> Vec<&str> {
    match v {
        Some(Json::String(s)) => vec![s],
        Some(Json::Array(a)) => a.iter().filter_map(Json::as_str).collect(),
        _ => Vec::new(),
    }
}

fn read_resource(mut r: Map<String, Json>) -> Resource {
    let params = match r.remove("parameters") {
        Some(Json::Object(params)) => params,
        _ => Map::new(),
    };
    // (the agent redacts these: the reference's compiler lists the parameters whose value
    // was Sensitive, and writes the values themselves)
    let sensitive: BTreeSet<String> = match r.remove("sensitive_parameters") {
        Some(Json::Array(names)) => names
            .into_iter()
            .filter_map(|n| match n {
                Json::String(n) => Some(n),
                _ => None,
            })
            .collect(),
        _ => BTreeSet::new(),
    };
    let mut parameters = BTreeMap::new();
    let mut relationships = BTreeMap::new();
    let mut secrets = BTreeMap::new();
    for (name, value) in params {
        if RELATIONSHIPS.contains(&name.as_str()) {
            let mut refs = BTreeSet::new();
            collect_references(&value, &mut refs);
            relationships.insert(name, refs);
        } else {
            let (shown, secret) = redact(value, sensitive.contains(&name));
            if let Some(secret) = secret {
                secrets.insert(name.clone(), secret);
            }
            parameters.insert(name, shown);
        }
    }
    let tags = match r.remove("tags") {
        Some(Json::Array(tags)) => tags
            .into_iter()
            .filter_map(|t| match t {
                Json::String(t) => Some(Arc::from(t)),
                _ => None,
            })
            .collect(),
        _ => Tags::default(),
    };
    Resource {
        parameters,
        relationships,
        tags,
        exported: r.get("exported").and_then(Json::as_bool).unwrap_or(false),
        file: match r.remove("file") {
            Some(Json::String(f)) => Some(f),
            _ => None,
        },
        line: r.get("line").and_then(Json::as_u64),
        secrets,
    }
}

/// The references a relationship value names: `"Notify[a]"`, arrays of them, and
/// PuppetDB's `{"type", "title"}` objects.
fn collect_references(v: &Json, out: &mut BTreeSet<String>) {
    match v {
        Json::String(s) => {
            out.insert(canonical_reference(s));
        }
        Json::Array(a) => a.iter().for_each(|x| collect_references(x, out)),
        Json::Object(o) => {
            if let (Some(t), Some(title)) = (
                o.get("type").and_then(Json::as_str),
                o.get("title").and_then(Json::as_str),
            ) {
                out.insert(Key::new(&capitalize_segments(t), title).to_string());
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_both_shapes_and_wrappers() {
        let doc = json!({"data": {"name": "n1", "resources": [
            {"type": "file", "title": "/x", "tags": ["file"], "line": 3, "file": "/m/init.pp",
             "parameters": {"mode": "0644", "require": ["Package[a]", {"type": "service", "title": "s"}]}},
            {"type": "Class", "title": "Apache::Params", "exported": false}
        ], "edges": [{"source": "Class[Apache::Params]", "target": "File[/x]"},
                     {"source": {"type": "class", "title": "main"}, "target": {"type": "file", "title": "/x"}}]}});
        let v = View::from_json(&doc).unwrap();
        assert_eq!(v.name.as_deref(), Some("n1"));
        let f = v.get(&Key::new("File", "/x")).unwrap();
        assert_eq!(f.parameters.len(), 1);
        assert_eq!(
            f.relationships["require"].iter().collect::<Vec<_>>(),
            ["Package[a]", "Service[s]"]
        );
        assert_eq!(f.location().as_deref(), Some("/m/init.pp:3"));
        assert!(v.get(&Key::new("class", "apache::params")).is_some());
        assert!(v.edges.contains(&("Class[main]".into(), "File[/x]".into())));
        assert!(View::from_json(&json!({"resources": 1})).is_err());
        assert!(View::from_json_text("{").is_err());
    }

    #[test]
    fn tags_are_sorted_once_each_and_compared_as_sets() {
        let tags = |t: &[&str]| t.iter().map(|t| Arc::from(*t)).collect::<Tags>();
        let a = tags(&["file", "class", "file", "apache"]);
        assert_eq!(a.iter().collect::<Vec<_>>(), ["apache", "class", "file"]);
        assert_eq!(a.len(), 3);
        assert!(a.contains("class") && !a.contains("cla"));
        let b = tags(&["node", "file", "class"]);
        assert_eq!(a, tags(&["class", "apache", "file"]));
        assert_ne!(a, b);
        assert_eq!(b.difference(&a).collect::<Vec<_>>(), ["node"]);
        assert_eq!(a.difference(&b).collect::<Vec<_>>(), ["apache"]);
        assert!(Tags::default().is_empty() && a.difference(&a).next().is_none());
        // (from the JSON form too)
        let v = View::from_json(&json!({"resources": [
            {"type": "File", "title": "/x", "tags": ["b", "a", "b", 1]}
        ]}))
        .unwrap();
        let r = v.get(&Key::new("File", "/x")).unwrap();
        assert_eq!(r.tags.iter().collect::<Vec<_>>(), ["a", "b"]);
    }

    #[test]
    fn references_resolve_by_title_alias_and_namevar() {
        let v = View::from_json(&json!({"resources": [
            {"type": "Notify", "title": "a", "parameters": {"alias": ["b"]}},
            {"type": "File", "title": "etc", "parameters": {"path": "/etc/"}},
            {"type": "Class", "title": "Foo::Bar"}
        ]}))
        .unwrap();
        for r in [
            "Notify[a]",
            "Notify[b]",
            "File[/etc]",
            "File[etc]",
            "Class[foo::bar]",
            "class[Foo::Bar]",
        ] {
            assert!(v.resolves(r), "{r}");
        }
        for r in ["Notify[c]", "File[/tmp]", "garbage"] {
            assert!(!v.resolves(r), "{r}");
        }
    }

    #[test]
    fn type_names_are_capitalized_per_segment() {
        assert_eq!(capitalize_segments("concat::fragment"), "Concat::Fragment");
        assert_eq!(capitalize_segments("Apache::Vhost"), "Apache::Vhost");
        assert_eq!(capitalize_segments("apache::Vhost"), "Apache::Vhost");
        assert_eq!(capitalize_segments("ßx"), "SSx");
        assert!(is_capitalized("File") && is_capitalized("A::B::C") && !is_capitalized("A::b"));
        assert_eq!(canonical_reference("file[/x]"), "File[/x]");
        assert_eq!(
            canonical_reference("Concat::Fragment[a]"),
            "Concat::Fragment[a]"
        );
        assert_eq!(canonical_reference("garbage"), "garbage");
        assert_eq!(
            folded_key("Class", "Foo::Bar"),
            folded_key("class", "foo::bar")
        );
        assert_ne!(folded_key("File", "/X"), folded_key("File", "/x"));
    }

    #[test]
    fn counterparts_and_names_added_later() {
        let mut v = View::from_json(&json!({"resources": [
            {"type": "Class", "title": "Foo"},
            {"type": "File", "title": "a", "parameters": {"path": "/a"}}
        ]}))
        .unwrap();
        let w = View::from_json(&json!({"resources": [
            {"type": "file", "title": "a"}, {"type": "class", "title": "foo"}
        ]}))
        .unwrap();
        assert!(v.counterpart(0, &w).is_some() && v.counterpart(1, &w).is_some());
        assert!(v.counterpart(2, &w).is_none());
        assert!(v.resolves("File[/a]") && !v.resolves("File[/b]"));
        // (the names other than titles are indexed again when a resource is added)
        v.insert(
            Key::new("File", "b"),
            read_resource(
                json!({"parameters": {"path": "/b"}})
                    .as_object()
                    .unwrap()
                    .clone(),
            ),
        );
        assert!(v.resolves("File[/b]"));
    }

    #[test]
    fn sources_become_content_when_they_can_be_read() {
        let mut v = View::from_json(&json!({"resources": [
            {"type": "File", "title": "/a", "parameters": {"source": "puppet:///modules/m/a"}},
            {"type": "File", "title": "/b", "parameters": {"source": "puppet:///modules/m/missing"}},
            {"type": "File", "title": "/c", "parameters": {"source": "/local", "content": "x"}}
        ]}))
        .unwrap();
        v.resolve_sources(&|url| (url == "puppet:///modules/m/a").then(|| "text\n".to_string()));
        assert_eq!(
            v.get(&Key::new("File", "/a")).unwrap().parameters["content"],
            "text\n"
        );
        assert!(!v
            .get(&Key::new("File", "/b"))
            .unwrap()
            .parameters
            .contains_key("content"));
        assert_eq!(
            v.get(&Key::new("File", "/c")).unwrap().parameters["content"],
            "x"
        );
    }
}
