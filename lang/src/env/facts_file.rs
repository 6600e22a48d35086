//! Facts files (`--facts FILE`, `:facts FILE`, the nodes of `prepl diff`): a hash of facts
//! in YAML or JSON, as `facter --yaml` / `facter --json` print them. The form `puppet facts
//! show` prints (the facts under `values`, next to `name` and `timestamp`) is accepted too.

use crate::values::Map;
use crate::values::Value;
use std::sync::{Arc, Mutex};

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
    let json = match last_json(text) {
        Some(json) => json,
        None => {
            let json: Arc<serde_json::Value> =
                Arc::new(serde_json::from_str(text).map_err(|e| e.to_string())?);
            if text.len() <= KEPT_JSON_BYTES {
                *kept_json() = Some((text.into(), json.clone()));
            }
            json
        }
    };
    Ok(crate::catalog::json::from_data(&json))
}

/// The last JSON facts text parsed and its data, kept for the process: every session set
/// up from the same facts (each `--repeat` run, a kernel's `%reset`, the two revisions of a
/// node in `prepl diff`) parsed the file's text again (0.5 M instructions of the 2.3 M a
/// fresh session's set-up took with the Debian 12 facts). The same text gives the same
/// data, so a file edited is parsed again: its text is another.
static KEPT_JSON: Mutex<Option<(Box<str>, Arc<serde_json::Value>)>> = Mutex::new(None);

/// The largest text [`KEPT_JSON`] keeps (a machine's facts are some tens of KiB).
const KEPT_JSON_BYTES: usize = 1 << 20;

fn kept_json() -> std::sync::MutexGuard<'static, Option<(Box<str>, Arc<serde_json::Value>)>> {
    // (each change replaces it whole: a panic elsewhere leaves it whole)
    KEPT_JSON.lock().unwrap_or_else(|e| e.into_inner())
}

/// The data of `text` if it is the text [`KEPT_JSON`] keeps.
fn last_json(text: &str) -> Option<Arc<serde_json::Value>> {
    kept_json()
        .as_ref()
        .filter(|(kept, _)| **kept == *text)
        .map(|(_, json)| json.clone())
}

/// YAML facts (the first document; none: no facts), read as Psych reads them, aliases
/// shared (a file of nested aliases took gigabytes when they were copied).
pub fn parse_yaml(text: &str) -> Result<Value, String> {
    match crate::env::hiera::yaml::parse_lenient(text)? {
        Value::Undef => Ok(Value::hash(Map::default())),
        v => Ok(v),
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
        // Nested aliases stay shared (issue 39: copied, 10^9 strings took 16 GB and ran on
        // past the memory limit); what the reference's safe loading refuses is read.
        let mut laughs = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..10 {
            let refs = vec![format!("*a{}", i - 1); 10].join(", ");
            laughs.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
        }
        let v = parse_yaml(&laughs).unwrap();
        let size = crate::expansion::expanded_size(&v, 1, usize::MAX).unwrap();
        assert!(size > 1_000_000_000, "{size}");
        let v = parse_yaml(
            "--- !ruby/object:Puppet::Node::Facts\nname: n\nvalues:\n  a: 1\n\
             timestamp: 2024-01-02 03:04:05.000000000 +00:00\n",
        )
        .unwrap();
        assert_eq!(
            to_programmatic(&v),
            "{'name' => 'n', 'values' => {'a' => 1}, 'timestamp' => '2024-01-02 03:04:05.000000000 +00:00'}"
        );
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

    /// A text parsed before gives the same facts (from the data kept), another text its
    /// own, whichever came last.
    #[test]
    fn json_texts_parsed_again_give_the_same_facts() {
        let a = r#"{"a": {"x": [1, 2.5, null, "s"]}, "b": true}"#;
        let b = r#"{"a": {"x": [1, 2.5, null, "t"]}, "b": true}"#;
        for text in [a, a, b, a, b, b] {
            let expected = to_programmatic(&crate::catalog::json::from_data(
                &serde_json::from_str(text).unwrap(),
            ));
            assert_eq!(to_programmatic(&parse_json(text).unwrap()), expected);
        }
        assert!(parse_json("{").is_err());
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
