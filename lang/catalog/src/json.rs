//! The catalog as JSON, in the shape of the reference's JSON catalog encoder:
//! `{"name", "environment", "resources": [{"type", "title", "tags", "line", "exported",
//! "parameters"}], "edges": [{"source", "target"}], "classes": [...]}`.
//! Parameters are JSON data: resource references become `"Notify[a]"` strings.

use super::{Catalog, Resource, ResourceId};
use crate::format;
use crate::types::PType;
use crate::values::Value;
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Value as Json;
use std::rc::Rc;

/// The catalog the agent would get (virtual and exported resources left out).
pub fn to_json(catalog: &Catalog) -> Json {
    serde_json::to_value(Document(catalog)).expect("a catalog document has string keys")
}

/// The same document as indented JSON text, written straight from the catalog (no tree of
/// JSON values in between: 12,500 resources cost 230 M instructions that way), by
/// [`text::Writer`], byte for byte as `serde_json::to_string_pretty` writes
/// [`Document`] (serde's general machinery took twice the instructions).
pub fn to_json_text(catalog: &Catalog) -> String {
    let mut w = text::Writer::default();
    w.document(catalog);
    w.finish()
}

/// [`to_json_text`] written to `out` as it is made, never held whole (the text of a catalog
/// can be far larger than the catalog: 2,000 classes each including the next take 32 MB,
/// as each lists the tags of all those around it). Stops writing at the first error.
pub fn write_json_text(catalog: &Catalog, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut w = text::Writer::to_sink(out);
    w.document(catalog);
    w.finish_to_sink()
}

/// A parameter value as JSON data, as the reference's encoder writes it.
pub fn to_data(v: &Value) -> Json {
    serde_json::to_value(Data(v)).expect("JSON data has string keys")
}

/// The document: `{"name", "environment", "resources", "edges", "classes"}` (serde's
/// form of what `to_json_text` writes by hand).
pub struct Document<'a>(pub &'a Catalog);

impl Serialize for Document<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        let mut doc = s.serialize_map(Some(5))?;
        doc.serialize_entry("name", &*c.node_name)?;
        doc.serialize_entry("environment", &*c.environment)?;
        doc.serialize_entry("resources", &Resources(c))?;
        doc.serialize_entry("edges", &Edges(c))?;
        doc.serialize_entry("classes", &Strs(c.classes()))?;
        doc.end()
    }
}

struct Strs<'a>(&'a [Rc<str>]);

impl Serialize for Strs<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|t| &**t))
    }
}

struct Resources<'a>(&'a Catalog);

impl Serialize for Resources<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        s.collect_seq(c.resources().map(|(id, r)| ResourceDoc(c, id, r)))
    }
}

/// `{"type", "title", "tags", "file", "line", "exported", "parameters"}`
struct ResourceDoc<'a>(&'a Catalog, ResourceId, &'a Resource);

impl Serialize for ResourceDoc<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let ResourceDoc(catalog, id, r) = *self;
        let mut o = s.serialize_map(None)?;
        o.serialize_entry("type", &*r.type_name)?;
        o.serialize_entry("title", &*r.title)?;
        o.serialize_entry("tags", &Strs(&catalog.tags_of(id)))?;
        if let Some(f) = &r.file {
            o.serialize_entry("file", &**f)?;
        }
        if let Some(l) = r.line {
            o.serialize_entry("line", &l)?;
        }
        o.serialize_entry("exported", &r.exported)?;
        // Built-in types write their namevar as the reference does (`path` of a file
        // whose title has a trailing slash, `name => ...` as the namevar).
        match catalog.type_info(&r.type_name) {
            Some(info) if &*r.type_name != "Class" && r.line.is_some() => {
                let given: Vec<(&str, &Value)> =
                    r.written_parameters().map(|(k, v)| (&**k, v)).collect();
                let params = super::builtin_types::catalog_parameters(info, &r.title, &given);
                if !params.is_empty() {
                    o.serialize_entry("parameters", &Pairs(params.iter().map(|(k, v)| (&**k, v))))?;
                }
            }
            _ => {
                let pairs = r
                    .written_parameters()
                    .filter(|(k, v)| r.writes_parameter(k, v))
                    .map(|(k, v)| (&**k, v));
                if pairs.clone().next().is_some() {
                    o.serialize_entry("parameters", &Pairs(pairs))?;
                }
            }
        }
        let sensitive = sensitive_parameters(r);
        if !sensitive.is_empty() {
            o.serialize_entry("sensitive_parameters", &Strs(&sensitive))?;
        }
        o.end()
    }
}

/// The parameters whose value is `Sensitive`, in order: the reference's compiler unwraps
/// them and lists them under `sensitive_parameters`, so that the agent redacts them.
pub(crate) fn sensitive_parameters(r: &Resource) -> Vec<Rc<str>> {
    r.parameters
        .iter()
        .filter(|(_, v)| matches!(v, Value::Sensitive(_)))
        .map(|(k, _)| match param_name(k) {
            std::borrow::Cow::Borrowed(_) => k.clone(),
            std::borrow::Cow::Owned(lower) => Rc::from(lower),
        })
        .collect()
}

/// A parameter's name as the reference's catalog writes it: downcased, as
/// `Puppet::Resource` keeps every parameter (a class's `$purge_unmanaged_CAs` is
/// `purge_unmanaged_cas` there).
pub(crate) fn param_name(k: &str) -> std::borrow::Cow<'_, str> {
    if k.bytes().any(|b| b.is_ascii_uppercase()) {
        std::borrow::Cow::Owned(k.to_ascii_lowercase())
    } else {
        std::borrow::Cow::Borrowed(k)
    }
}

/// A JSON object of names and values (each name once).
struct Pairs<I>(I);

impl<'v, I: Iterator<Item = (&'v str, &'v Value)> + Clone> Serialize for Pairs<I> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.clone().map(|(k, v)| (param_name(k), Param(k, v))))
    }
}

/// A parameter's value as the reference's catalog holds it (`Puppet::Resource`'s copy of a
/// compiled resource): a relationship metaparameter's array flattened, `undef` dropped
/// (`before => [Package['a', 'b'], Service['c']]`, whose first element is an array of two
/// references, lists three); any other array holding a resource reference, at any depth
/// of arrays, flattened (empty arrays vanish, `undef` stays: `[[1], Notify['x'], []]` is
/// `[1, Notify['x']]`).
pub fn catalog_value<'v>(name: &str, v: &'v Value) -> std::borrow::Cow<'v, Value> {
    use std::borrow::Cow;
    // A sensitive value is unwrapped (and the parameter listed as sensitive).
    if let Value::Sensitive(inner) = v {
        return Cow::Borrowed(&**inner);
    }
    let Value::Array(a) = v else {
        return Cow::Borrowed(v);
    };
    if matches!(name, "before" | "require" | "notify" | "subscribe") {
        if !a
            .iter()
            .any(|x| matches!(x, Value::Array(_) | Value::Undef))
        {
            return Cow::Borrowed(v);
        }
        let mut flat = Vec::new();
        crate::flatten_array(a, &mut flat);
        flat.retain(|x| !x.is_undef());
        return Cow::Owned(Value::array(flat));
    }
    fn holds_reference(a: &[Value]) -> bool {
        a.iter().any(|x| match x {
            Value::Array(inner) => holds_reference(inner),
            Value::Type(t) => matches!(
                &**t,
                PType::Resource {
                    type_name: Some(_),
                    title: Some(_)
                } | PType::Class(Some(_))
            ),
            _ => false,
        })
    }
    if a.iter().any(|x| matches!(x, Value::Array(_))) && holds_reference(a) {
        let mut flat = Vec::new();
        crate::flatten_array(a, &mut flat);
        return Cow::Owned(Value::array(flat));
    }
    Cow::Borrowed(v)
}

/// A parameter's value, as [`catalog_value`] gives it.
struct Param<'v>(&'v str, &'v Value);

impl Serialize for Param<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Data(&catalog_value(self.0, self.1)).serialize(s)
    }
}

/// The containment edges: `{"source": "Class[main]", "target": "Notify[a]"}`.
struct Edges<'a>(&'a Catalog);

impl Serialize for Edges<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        let edges = c.containment_edges();
        let mut seq = s.serialize_seq(Some(edges.len()))?;
        for (source, target) in edges {
            seq.serialize_element(&Edge(c.get(source), c.get(target)))?;
        }
        seq.end()
    }
}

struct Edge<'a>(&'a Resource, &'a Resource);

impl Serialize for Edge<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut e = s.serialize_map(Some(2))?;
        e.serialize_entry("source", &Reference(self.0))?;
        e.serialize_entry("target", &Reference(self.1))?;
        e.end()
    }
}

/// `Notify[a]`, written without building the string.
struct Reference<'a>(&'a Resource);

impl Serialize for Reference<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{}[{}]", self.0.type_name, self.0.title))
    }
}

/// A value as JSON data: resource references become `"Notify[a]"` strings, other values
/// that JSON has no form for the reference's rich data (`{"__ptype": "Regexp", ...}`).
struct Data<'a>(&'a Value);

impl Serialize for Data<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Undef => s.serialize_unit(),
            Value::Boolean(b) => s.serialize_bool(*b),
            Value::Integer(i) => s.serialize_i64(*i),
            Value::Float(f) if f.is_finite() => s.serialize_f64(*f),
            Value::Float(_) => s.serialize_unit(),
            Value::String(t) => s.serialize_str(t),
            Value::Array(a) => s.collect_seq(a.iter().map(Data)),
            Value::Hash(h) if h.keys().all(|k| matches!(k, Value::String(_))) => s.collect_map(
                h.iter()
                    .map(|(k, v)| (k.as_str().unwrap_or_default(), Data(v))),
            ),
            // A hash with keys other than strings is written as the reference's rich data.
            Value::Hash(h) => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("__ptype", "Hash")?;
                let flat: Vec<Data> = h.iter().flat_map(|(k, v)| [Data(k), Data(v)]).collect();
                m.serialize_entry("__pvalue", &flat)?;
                m.end()
            }
            Value::Default => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("__ptype", "Default")?;
                m.end()
            }
            Value::Regexp(r) => rich(s, "Regexp", r.source()),
            Value::Uri(u) => rich(s, "URI", &u.to_string()),
            // An object: its type's name and the attributes that differ from their defaults
            // (`{"__ptype": "Deferred", "name": "f", "arguments": [1]}`).
            Value::Object(o) => {
                let mut m = s.serialize_map(None)?;
                m.serialize_entry("__ptype", &o.typ.label())?;
                for (k, v) in o.init_hash().iter() {
                    m.serialize_entry(&format::to_display(k), &Data(v))?;
                }
                m.end()
            }
            // The reference writes the secret itself into the catalog: a parameter's value
            // unwrapped (`catalog_value`, listed in `sensitive_parameters`), one inside a
            // collection as rich data.
            Value::Sensitive(inner) => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("__ptype", "Sensitive")?;
                m.serialize_entry("__pvalue", &Data(inner))?;
                m.end()
            }
            Value::Type(t) => match &**t {
                // (a class by `Resource['class', 'c']` is the class's reference, `Class[C]`)
                PType::Resource {
                    type_name: Some(tn),
                    title: Some(n),
                } if &**tn == "Class" => s.collect_str(&format_args!(
                    "Class[{}]",
                    crate::types::names::capitalize_segments(n)
                )),
                PType::Resource {
                    type_name: Some(tn),
                    title: Some(title),
                } => s.collect_str(&format_args!("{tn}[{title}]")),
                PType::Class(Some(n)) => s.collect_str(&format_args!(
                    "Class[{}]",
                    crate::types::names::capitalize_segments(n)
                )),
                _ => s.serialize_str(&format::to_display(self.0)),
            },
            other => match rich_label(other) {
                Some(label) => rich(s, label, &format::to_display(other)),
                None => s.serialize_str(&format::to_display(other)),
            },
        }
    }
}

/// The rich data type a value of a kind JSON has no form for is written as, with its
/// text (`{"__ptype": "Timespan", "__pvalue": "0-02:00:00.0"}`), as the reference's
/// catalog writes Timespans, Timestamps, versions, version ranges and Binaries.
pub(crate) fn rich_label(v: &Value) -> Option<&'static str> {
    match v {
        Value::Timespan(_) => Some("Timespan"),
        Value::Timestamp(_) => Some("Timestamp"),
        Value::SemVer(_) => Some("SemVer"),
        Value::SemVerRange(_) => Some("SemVerRange"),
        Value::Binary(_) => Some("Binary"),
        _ => None,
    }
}

/// `{"__ptype": "Regexp", "__pvalue": "a+"}`
fn rich<S: Serializer>(s: S, ptype: &str, value: &str) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(Some(2))?;
    m.serialize_entry("__ptype", ptype)?;
    m.serialize_entry("__pvalue", value)?;
    m.end()
}

mod text;

/// JSON data (facts, a parsed catalog) as a Puppet value: objects become hashes in order,
/// integers `Integer`, other numbers `Float`, `null` `undef`.
pub fn from_data(j: &Json) -> Value {
    match j {
        Json::Null => Value::Undef,
        Json::Bool(b) => Value::Boolean(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Json::String(s) => Value::string(s.as_str()),
        Json::Array(a) => Value::array(a.iter().map(from_data).collect()),
        // (a plain hash, the most common object, known without hashing `__ptype`: facts
        // have a few dozen)
        Json::Object(o) if !o.contains_key("__ptype") => plain_hash(o),
        Json::Object(o)
            if o.get("__ptype").and_then(Json::as_str) == Some("URI")
                && o.len() == 2
                && o.get("__pvalue").is_some_and(Json::is_string) =>
        {
            let text = o.get("__pvalue").and_then(Json::as_str).unwrap_or_default();
            match crate::values::uri::Uri::parse(text) {
                Ok(u) => Value::Uri(std::rc::Rc::new(u)),
                Err(_) => Value::string(text),
            }
        }
        Json::Object(o)
            if o.get("__ptype").and_then(Json::as_str) == Some("Sensitive")
                && o.len() == 2
                && o.contains_key("__pvalue") =>
        {
            let inner = o.get("__pvalue").map_or(Value::Undef, from_data);
            Value::Sensitive(std::rc::Rc::new(inner))
        }
        Json::Object(o)
            if o.get("__ptype")
                .and_then(Json::as_str)
                .is_some_and(|t| crate::types::pcore::by_name(t).is_some()) =>
        {
            rich_object(o)
        }
        Json::Object(o) => plain_hash(o),
    }
}

/// An object as a hash, keys in order.
fn plain_hash(o: &serde_json::Map<String, Json>) -> Value {
    Value::hash(
        o.iter()
            .map(|(k, v)| (Value::string(k.as_str()), from_data(v)))
            .collect(),
    )
}

/// `{"__ptype": "Deferred", ...}`: an instance of a built-in object type, or the hash as it
/// is when its attributes do not fit the type.
fn rich_object(o: &serde_json::Map<String, Json>) -> Value {
    let hash: crate::values::Map = o
        .iter()
        .filter(|(k, _)| k.as_str() != "__ptype")
        .map(|(k, v)| (Value::string(k.as_str()), from_data(v)))
        .collect();
    let name = o.get("__ptype").and_then(Json::as_str).unwrap_or_default();
    match crate::types::pcore::by_name(name)
        .and_then(|t| crate::types::object_instance::ObjectValue::from_init_hash(&t, &hash))
    {
        Some(v) => Value::Object(std::rc::Rc::new(v)),
        None => plain_hash(o),
    }
}
