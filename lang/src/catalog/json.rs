//! The catalog as JSON, in the shape of the reference's JSON catalog encoder:
//! `{"name", "environment", "resources": [{"type", "title", "tags", "line", "exported",
//! "parameters"}], "edges": [{"source", "target"}], "classes": [...]}`.
//! Parameters are JSON data: resource references become `"Notify[a]"` strings.

use super::Catalog;
use crate::format;
use crate::types::PType;
use crate::values::Value;
use serde_json::{json, Map, Value as Json};

/// The catalog the agent would get (virtual and exported resources left out).
pub fn to_json(catalog: &Catalog) -> Json {
    let resources: Vec<Json> = catalog
        .resources()
        .map(|(id, r)| {
            let mut o = Map::new();
            o.insert("type".into(), Json::from(&*r.type_name));
            o.insert("title".into(), Json::from(&*r.title));
            o.insert(
                "tags".into(),
                Json::Array(
                    catalog
                        .tags_of(id)
                        .iter()
                        .map(|t| Json::from(&**t))
                        .collect(),
                ),
            );
            if let Some(f) = &r.file {
                o.insert("file".into(), Json::from(&**f));
            }
            if let Some(l) = r.line {
                o.insert("line".into(), Json::from(l));
            }
            o.insert("exported".into(), Json::Bool(r.exported));
            // Built-in types write their namevar as the reference does (`path` of a file
            // whose title has a trailing slash, `name => ...` as the namevar).
            let params: Map<String, Json> = match catalog.type_info(&r.type_name) {
                Some(info) if &*r.type_name != "Class" && r.line.is_some() => {
                    let given: Vec<(&str, &Value)> =
                        r.parameters.iter().map(|(k, v)| (&**k, v)).collect();
                    super::builtin_types::catalog_parameters(info, &r.title, &given)
                        .into_iter()
                        .map(|(k, v)| (k, to_data(&v)))
                        .collect()
                }
                _ => r
                    .parameters
                    .iter()
                    .map(|(k, v)| (k.to_string(), to_data(v)))
                    .collect(),
            };
            if !params.is_empty() {
                o.insert("parameters".into(), Json::Object(params));
            }
            Json::Object(o)
        })
        .collect();
    let edges: Vec<Json> = catalog
        .containment_edges()
        .into_iter()
        .map(|(s, t)| {
            let mut e = Map::with_capacity(2);
            e.insert("source".into(), Json::String(catalog.get(s).reference()));
            e.insert("target".into(), Json::String(catalog.get(t).reference()));
            Json::Object(e)
        })
        .collect();
    // Built in place: `json!` would copy the arrays once more.
    let mut doc = Map::with_capacity(5);
    doc.insert("name".into(), Json::from(&*catalog.node_name));
    doc.insert("environment".into(), Json::from(&*catalog.environment));
    doc.insert("resources".into(), Json::Array(resources));
    doc.insert("edges".into(), Json::Array(edges));
    doc.insert(
        "classes".into(),
        Json::Array(catalog.classes().iter().map(|c| Json::from(&**c)).collect()),
    );
    Json::Object(doc)
}

/// A parameter value as JSON data, as the reference's encoder writes it.
pub fn to_data(v: &Value) -> Json {
    match v {
        Value::Undef => Json::Null,
        Value::Boolean(b) => Json::Bool(*b),
        Value::Integer(i) => Json::from(*i),
        Value::Float(f) => serde_json::Number::from_f64(*f)
            .map(Json::Number)
            .unwrap_or(Json::Null),
        Value::String(s) => Json::from(&**s),
        Value::Array(a) => Json::Array(a.iter().map(to_data).collect()),
        // A hash with keys other than strings is written as the reference's rich data.
        Value::Hash(h) if h.keys().all(|k| matches!(k, Value::String(_))) => Json::Object(
            h.iter()
                .map(|(k, v)| (format::to_display(k), to_data(v)))
                .collect(),
        ),
        Value::Hash(h) => json!({
            "__ptype": "Hash",
            "__pvalue": h.iter().flat_map(|(k, v)| [to_data(k), to_data(v)]).collect::<Vec<_>>(),
        }),
        Value::Default => json!({"__ptype": "Default"}),
        Value::Regexp(r) => json!({"__ptype": "Regexp", "__pvalue": r.source()}),
        Value::Uri(u) => json!({"__ptype": "URI", "__pvalue": u.to_string()}),
        // An object: its type's name and the attributes that differ from their defaults
        // (`{"__ptype": "Deferred", "name": "f", "arguments": [1]}`).
        Value::Object(o) => {
            let mut m = serde_json::Map::new();
            m.insert("__ptype".into(), Json::from(o.typ.label()));
            for (k, v) in o.init_hash().iter() {
                m.insert(format::to_display(k), to_data(v));
            }
            Json::Object(m)
        }
        // The reference writes the secret itself into the catalog.
        Value::Sensitive(inner) => to_data(inner),
        Value::Type(t) => match &**t {
            PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } => Json::from(format!("{tn}[{title}]")),
            PType::Class(Some(n)) => Json::from(format!(
                "Class[{}]",
                crate::types::names::capitalize_segments(n)
            )),
            _ => Json::from(format::to_display(v)),
        },
        other => Json::from(format::to_display(other)),
    }
}

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
            if o.get("__ptype")
                .and_then(Json::as_str)
                .is_some_and(|t| crate::types::pcore::by_name(t).is_some()) =>
        {
            rich_object(o)
        }
        Json::Object(o) => Value::hash(
            o.iter()
                .map(|(k, v)| (Value::string(k.as_str()), from_data(v)))
                .collect(),
        ),
    }
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
        None => Value::hash(
            o.iter()
                .map(|(k, v)| (Value::string(k.as_str()), from_data(v)))
                .collect(),
        ),
    }
}
