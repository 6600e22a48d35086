//! Facts files (`--facts FILE`, `:facts FILE`): a hash of facts in YAML or JSON, as
//! `facter --yaml` / `facter --json` print them. The form `puppet facts show` prints (the
//! facts under `values`, next to `name` and `timestamp`) is accepted too.

use prepl::values::Map;
use prepl::Value;
use yaml_rust2::{Yaml, YamlLoader};

/// Reads the facts in `path`: JSON when the name ends in `.json`, else YAML (which also
/// reads JSON).
pub fn load(path: &str) -> Result<Value, String> {
    // (a regular file, as far as the memory left: not a FIFO or /dev/zero)
    let text = prepl::env::fs::read_to_string(std::path::Path::new(path))
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
            prepl::types::infer_generalized(&other)
        )),
    }
}

/// The facts a session starts with, and where they come from (for the banner and
/// `:facts`): the file of `--facts FILE`, the facterdb fact set of `--facts-for FILTER`, or
/// this machine's facts.
pub fn choose(file: Option<&str>, filter: Option<&str>) -> Result<(Value, String), String> {
    match (file, filter) {
        (Some(_), Some(_)) => Err("give either --facts FILE or --facts-for FILTER".into()),
        (Some(path), None) => Ok((load(path)?, path.to_string())),
        (None, Some(filter)) => from_facterdb(filter),
        (None, None) => Ok(local()),
    }
}

/// This machine's facts, gathered natively.
pub fn local() -> (Value, String) {
    let facts = prepl::env::facts::local();
    let origin = format!("this machine ({})", describe(&facts));
    (facts, origin)
}

/// The facterdb fact set `filter` chooses.
pub fn from_facterdb(filter: &str) -> Result<(Value, String), String> {
    let (path, facts) = prepl::env::facterdb::find(filter)?;
    let mut parts: Vec<String> = path
        .iter()
        .rev()
        .take(2)
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    parts.reverse();
    Ok((facts, format!("facterdb {}", parts.join("/"))))
}

/// `Debian 12.11, vm.example.com`: the system and node the facts describe.
pub fn describe(facts: &Value) -> String {
    let get = |path: &[&str]| -> Option<String> {
        let mut v = facts;
        for k in path {
            match v {
                Value::Hash(h) => v = h.get(&Value::from(*k))?,
                _ => return None,
            }
        }
        match v {
            Value::String(s) => Some(s.to_string()),
            _ => None,
        }
    };
    let os = [get(&["os", "name"]), get(&["os", "release", "full"])]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    [
        Some(os).filter(|s| !s.is_empty()),
        get(&["networking", "fqdn"]),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(", ")
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
    Ok(prepl::catalog::json::from_data(&json))
}

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
    use prepl::format::to_programmatic;

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
    fn choosing_the_facts() {
        let (facts, origin) = choose(None, None).unwrap();
        assert!(origin.starts_with("this machine ("), "{origin}");
        assert!(matches!(facts, Value::Hash(h) if h.contains_key(&Value::from("os"))));
        assert!(choose(Some("a"), Some("b")).unwrap_err().contains("either"));
        let facts = parse_json(
            r#"{"os": {"name": "Debian", "release": {"full": "12.5"}}, "networking": {"fqdn": "a.b"}}"#,
        )
        .unwrap();
        assert_eq!(describe(&facts), "Debian 12.5, a.b");
        assert_eq!(describe(&parse_json("{}").unwrap()), "");
    }

    #[test]
    fn files() {
        let dir = std::env::temp_dir().join(format!("prepl-facts-{}", std::process::id()));
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
