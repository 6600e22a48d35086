//! Facts files (`--facts FILE`, `:facts FILE`, the nodes of `prepl diff`): a hash of facts
//! in YAML or JSON, as `facter --yaml` / `facter --json` print them. The form `puppet facts
//! show` prints (the facts under `values`, next to `name` and `timestamp`) is accepted too.

use crate::values::Map;
use crate::values::Value;
use yaml_rust2::{Yaml, YamlLoader};

/// Reads the facts in `path`: JSON when the name ends in `.json`, else YAML (which also
/// reads JSON).
pub fn load(path: &str) -> Result<Value, String> {
    // (a regular file, as far as the memory left: not a FIFO or /dev/zero)
    let text = crate::env::fs::read_to_string(std::path::Path::new(path))
        .map_err(|e| format!("Could not read the facts file {path}: {e}"))?;
    // (a byte-order mark is not part of the first fact's name)
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let value = if path.to_ascii_lowercase().ends_with(".json") {
        parse_json(text)
    } else {
        parse_yaml(text)
    }
    .map_err(|e| format!("Could not parse the facts file {path}: {e}"))?;
    match unwrap_facts_document(value) {
        v @ Value::Hash(_) => Ok(v),
        other => Err(format!(
            "The facts file {path} must hold a hash of facts, not {}",
            crate::types::infer_generalized(&other)
        )),
    }
}

/// `{"name" => ..., "values" => {facts}}` (`puppet facts show`) gives its `values`.
fn unwrap_facts_document(value: Value) -> Value {
    if let Value::Hash(h) = &value {
        let values = h.get(&Value::from("values"));
        if h.contains_key(&Value::from("name")) && matches!(values, Some(Value::Hash(_))) {
            return values.cloned().expect("checked");
        }
    }
    value
}

/// JSON facts, keys in the order of the file.
pub fn parse_json(text: &str) -> Result<Value, String> {
    let json: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    Ok(crate::catalog::json::from_data(&json))
}

/// YAML facts (the first document; none: no facts).
pub fn parse_yaml(text: &str) -> Result<Value, String> {
    let docs = YamlLoader::load_from_str(text).map_err(|e| e.to_string())?;
    match docs.into_iter().next() {
        Some(doc) => Ok(from_yaml(&doc)),
        None => Ok(Value::hash(Map::default())),
    }
}

fn from_yaml(yaml: &Yaml) -> Value {
    match yaml {
        Yaml::Null | Yaml::BadValue | Yaml::Alias(_) => Value::Undef,
        Yaml::Boolean(b) => Value::Boolean(*b),
        Yaml::Integer(i) => Value::Integer(*i),
        Yaml::Real(r) => match yaml.as_f64() {
            Some(f) => Value::Float(f),
            None => Value::from(r.as_str()),
        },
        Yaml::String(s) => Value::from(s.as_str()),
        Yaml::Array(a) => Value::array(a.iter().map(from_yaml).collect()),
        Yaml::Hash(h) => {
            let map: Map = h
                .iter()
                .map(|(k, v)| (from_yaml(k), from_yaml(v)))
                .collect();
            Value::hash(map)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::to_programmatic;

    #[test]
    fn yaml_facts() {
        let v = parse_yaml(
            "---\nos:\n  family: Debian\n  release:\n    major: '12'\n    full: 12.5\n\
             processorcount: 4\nis_virtual: true\nnothing: ~\nlist: [a, 1]\n",
        )
        .unwrap();
        assert_eq!(
            to_programmatic(&v),
            "{'os' => {'family' => 'Debian', 'release' => {'major' => '12', 'full' => 12.5}}, \
             'processorcount' => 4, 'is_virtual' => true, 'nothing' => undef, 'list' => ['a', 1]}"
        );
        assert!(parse_yaml("a: [1, 2").is_err());
    }

    #[test]
    fn json_facts() {
        let v = parse_json(r#"{"b": 1, "a": {"x": [1.5, null, "s"]}}"#).unwrap();
        assert_eq!(
            to_programmatic(&v),
            "{'b' => 1, 'a' => {'x' => [1.5, undef, 's']}}"
        );
        assert!(parse_json("{").is_err());
    }

    #[test]
    fn files() {
        let dir = std::env::temp_dir().join(format!("prepl-facts-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let yaml = dir.join("facts.yaml");
        std::fs::write(&yaml, "kernel: Linux\n").unwrap();
        let json = dir.join("facts.json");
        std::fs::write(
            &json,
            r#"{"name": "web01", "values": {"kernel": "Linux"}, "timestamp": "x"}"#,
        )
        .unwrap();
        let list = dir.join("list.yaml");
        std::fs::write(&list, "- 1\n").unwrap();
        let expected = "{'kernel' => 'Linux'}";
        assert_eq!(
            to_programmatic(&load(yaml.to_str().unwrap()).unwrap()),
            expected
        );
        assert_eq!(
            to_programmatic(&load(json.to_str().unwrap()).unwrap()),
            expected
        );
        let err = load(list.to_str().unwrap()).unwrap_err();
        assert!(
            err.ends_with("must hold a hash of facts, not Array[Integer]"),
            "{err}"
        );
        assert!(load("/nonexistent/facts.yaml")
            .unwrap_err()
            .starts_with("Could not read the facts file /nonexistent/facts.yaml"));
        // A byte-order mark is not part of the first fact's name, in YAML or JSON.
        let bom = dir.join("bom.yaml");
        std::fs::write(&bom, "\u{feff}kernel: Linux\n").unwrap();
        assert_eq!(
            to_programmatic(&load(bom.to_str().unwrap()).unwrap()),
            expected
        );
        let bom = dir.join("bom.json");
        std::fs::write(&bom, "\u{feff}{\"kernel\": \"Linux\"}").unwrap();
        assert_eq!(
            to_programmatic(&load(bom.to_str().unwrap()).unwrap()),
            expected
        );
        // Neither /dev/zero nor a FIFO is read (the FIFO would wait for a writer).
        assert_eq!(
            load("/dev/zero").unwrap_err(),
            "Could not read the facts file /dev/zero: not a regular file (a character device)"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
