//! Facts files (`--facts FILE`, `:facts FILE`): a hash of facts in YAML or JSON, as
//! `facter --yaml` / `facter --json` print them. The form `puppet facts show` prints (the
//! facts under `values`, next to `name` and `timestamp`) is accepted too.

use prepl::Value;

pub use prepl::env::facts_file::load;

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

/// `:facts NAME`: one fact, or a part of one by a dotted path (`os.release.major`), as
/// `facter os.release.major` picks it.
pub fn fact(facts: &prepl::Value, path: &str) -> Option<prepl::Value> {
    let mut value = facts.clone();
    for segment in path.split('.') {
        value = match &value {
            prepl::Value::Hash(h) => h
                .iter()
                .find(|(k, _)| matches!(k, prepl::Value::String(s) if &**s == segment))?
                .1
                .clone(),
            prepl::Value::Array(a) => a.get(segment.parse::<usize>().ok()?)?.clone(),
            _ => return None,
        };
    }
    Some(value)
}

/// Whether a `:facts` argument names a fact rather than a file: a dotted path of fact
/// names (no `/`, no file extension of a fact file).
pub fn is_fact_path(arg: &str) -> bool {
    !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '-')
        && !arg.ends_with(".yaml")
        && !arg.ends_with(".yml")
        && !arg.ends_with(".json")
}

/// For `:facts NAME` (`NAME` may be a path, `os.family`): where the custom fact its first
/// segment names comes from (`MODULE/lib/facter/FILE.rb:LINE`, `MODULE/facts.d/FILE`) when a
/// module's custom or external fact gave its value (the fact set itself has none), or why that custom fact has no value.
pub fn custom_note(session: &prepl::Session, path: &str) -> Option<String> {
    use prepl::env::custom_facts::Outcome;
    let top = path.split('.').next().unwrap_or(path);
    let report = session.custom_facts();
    let fact = report.get(top)?;
    let given =
        matches!(session.given_facts(), Value::Hash(h) if h.contains_key(&Value::from(top)));
    let what = fact.kind.label();
    match &fact.outcome {
        Outcome::Value(_) if given => None,
        Outcome::Value(_) => Some(format!("({what} {top} from {})", fact.origin)),
        Outcome::Absent => Some(format!(
            "({what} {top} from {}: no value for these facts)",
            fact.origin
        )),
        Outcome::Skipped(why) => Some(format!(
            "({what} {top} from {}: not resolved, {why})",
            fact.origin
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prepl::env::facts_file::parse_json;

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
}
