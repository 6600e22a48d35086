//! YAML text as JSON data, for comparing file contents as data (`--structured-content`).
//! Only small documents without aliases are read (an alias is copied where it is used, so a
//! few lines of aliases can stand for billions of nodes): anything else is compared as text.

use serde_json::{Map, Value as Json};
use yaml_rust2::{Yaml, YamlLoader};

/// The largest text read as data.
const MAX_TEXT: usize = 256 * 1024;

/// One YAML document as JSON, or `None` (not YAML, several documents, aliases, too large).
pub fn to_json(text: &str) -> Option<Json> {
    if text.len() > MAX_TEXT || has_alias(text) {
        return None;
    }
    let mut docs = YamlLoader::load_from_str(text).ok()?;
    if docs.len() != 1 {
        return None;
    }
    convert(docs.pop()?)
}

/// Whether the text may hold an alias (`*name` after a blank or flow punctuation).
fn has_alias(text: &str) -> bool {
    let b = text.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        c == b'*'
            && (i == 0
                || matches!(
                    b[i - 1],
                    b' ' | b'\t' | b'\n' | b'[' | b',' | b'{' | b':' | b'-'
                ))
            && b.get(i + 1)
                .is_some_and(|n| n.is_ascii_alphanumeric() || *n == b'_')
    })
}

fn convert(y: Yaml) -> Option<Json> {
    Some(match y {
        Yaml::Real(s) => Json::from(s.parse::<f64>().ok()?),
        Yaml::Integer(i) => Json::from(i),
        Yaml::String(s) => Json::String(s),
        Yaml::Boolean(b) => Json::Bool(b),
        Yaml::Null => Json::Null,
        Yaml::Array(a) => Json::Array(a.into_iter().map(convert).collect::<Option<_>>()?),
        Yaml::Hash(h) => {
            let mut m = Map::new();
            for (k, v) in h {
                let key = match k {
                    Yaml::String(s) | Yaml::Real(s) => s,
                    Yaml::Integer(i) => i.to_string(),
                    Yaml::Boolean(b) => b.to_string(),
                    _ => return None,
                };
                m.insert(key, convert(v)?);
            }
            Json::Object(m)
        }
        Yaml::Alias(_) | Yaml::BadValue => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn documents_become_data() {
        assert_eq!(
            to_json("a: 1\nb: [x, 2.5, true, ~]\n"),
            Some(json!({"a": 1, "b": ["x", 2.5, true, null]}))
        );
        assert_eq!(to_json("- 1\n- 2\n"), Some(json!([1, 2])));
        assert_eq!(to_json("a: &x [1]\nb: *x\n"), None);
        assert_eq!(to_json("a: [\n"), None);
        assert_eq!(to_json("--- 1\n--- 2\n"), None);
        assert_eq!(
            to_json("note: 2 * 3 = 6\n"),
            Some(json!({"note": "2 * 3 = 6"}))
        );
    }
}
