use super::*;
use serde_json::{json, Value as Json};
use std::fmt::Write;

fn facts(json: serde_json::Value) -> Value {
    crate::catalog::json::from_data(&json)
}

/// Other nodes' fact sets (facterdb's): the reference's choices, from
/// `scripts/provider-compare` (the machine's confines taken to hold, as prepl takes them).
#[test]
fn the_references_defaults_for_other_nodes() {
    let mut checked = 0;
    for line in include_str!("testdata.jsonl").lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let facts = facts(case["facts"].clone());
        let node = Node {
            facts: &facts,
            this_machine: false,
        };
        for t in ["package", "service", "exec", "file"] {
            assert_eq!(
                node.default_provider(t),
                case[t].as_str(),
                "{t} of {}",
                case["name"]
            );
        }
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
}

/// A Facter 4 set without legacy facts: they are derived from the structured ones.
#[test]
fn legacy_facts_from_structured_ones() {
    let facts = facts(serde_json::json!({
        "os": {"name": "CentOS", "family": "RedHat", "release": {"major": "7", "full": "7.9"}},
    }));
    let node = Node {
        facts: &facts,
        this_machine: false,
    };
    assert_eq!(node.default_provider("package"), Some("yum"));
    assert_eq!(node.default_provider("service"), Some("systemd"));
    assert_eq!(node.default_provider("file"), Some("posix"));
    assert_eq!(node.default_provider("cron"), None);
}

/// This machine (a Debian system, as the reference's `puppet facts show` gives it here):
/// the commands are looked for, and process 1 decides between systemd and init scripts.
#[test]
fn this_machines_defaults() {
    let facts = crate::env::facts::local();
    let node = Node {
        facts: &facts,
        this_machine: true,
    };
    if node.fact("osfamily") != "debian" || !Path::new("/usr/bin/apt-get").exists() {
        return;
    }
    assert_eq!(node.default_provider("package"), Some("apt"));
    let systemd = std::fs::read_to_string("/proc/1/comm").is_ok_and(|c| c.contains("systemd"));
    let expected = if systemd { "systemd" } else { "debian" };
    if Path::new("/usr/sbin/update-rc.d").exists() && Path::new("/bin/systemctl").exists() {
        assert_eq!(node.default_provider("service"), Some(expected));
    }
}

/// `table.rs` is `data.json`: its tables, written back as JSON, are the file. After
/// `scripts/gen-provider-data` rewrote data.json,
/// `PREPL_BLESS=1 cargo test -p prepl-lang --lib providers` rewrites table.rs from it (and
/// this test passes from the next run on).
#[test]
fn table_is_data_json() {
    let data: Json = serde_json::from_str(include_str!("data.json")).unwrap();
    if std::env::var_os("PREPL_BLESS").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/env/providers/table.rs");
        std::fs::write(path, render(&data)).unwrap();
    }
    assert_eq!(
        tables_as_json(),
        data,
        "table.rs is not data.json: rewrite it with PREPL_BLESS=1"
    );
}

/// A regexp in a filter becomes an index into `PATTERNS`.
#[test]
fn render_keeps_regexps() {
    let data = json!({
        "puppet": "7", "features": {},
        "types": {"package": [{"name": "p", "ancestors": 1,
            "defaults": [[["operatingsystemrelease", ["7", {"regexp": "^8\\."}]]]],
            "notdefaults": [], "confines": []}]},
    });
    let text = render(&data);
    assert!(text.contains(r#"[Value("7"), Pattern(0)]"#), "{text}");
    assert!(
        text.contains(
            r#"PATTERNS: &[&str] = &[
    "^8\\.",
];"#
        ),
        "{text}"
    );
}

fn tables_as_json() -> Json {
    let wanted = |w: &Wanted| match w {
        Wanted::Value(v) => json!(v),
        Wanted::Pattern(i) => json!({ "regexp": table::PATTERNS[*i] }),
    };
    let filters = |list: &[Filter]| -> Json {
        let pairs = |f: &Filter| -> Json {
            let pair = |(fact, values): &(&str, &[Wanted])| {
                json!([fact, values.iter().map(wanted).collect::<Vec<_>>()])
            };
            f.iter().map(pair).collect()
        };
        list.iter().map(pairs).collect()
    };
    let confine = |c: &Confine| match c {
        Confine::Fact { fact, values } => json!({ "fact": fact, "values": values }),
        Confine::Exists { path, binary } => json!({ "exists": path, "binary": binary }),
        Confine::Feature(name) => json!({ "feature": name }),
        Confine::Boolean {
            expect,
            check,
            here,
        } => {
            let check = match check {
                Check::InitIsSystemd => "init_is_systemd",
                Check::Here => "here",
            };
            json!({ "boolean": expect, "check": check, "here": here })
        }
    };
    let provider = |p: &Provider| {
        json!({
            "name": p.name,
            "ancestors": p.ancestors,
            "defaults": filters(p.defaults),
            "notdefaults": filters(p.notdefaults),
            "confines": p.confines.iter().map(confine).collect::<Vec<_>>(),
        })
    };
    let features: serde_json::Map<String, Json> = table::FEATURES
        .iter()
        .map(|(name, has)| (name.to_string(), json!(has)))
        .collect();
    let types: serde_json::Map<String, Json> = table::TYPES
        .iter()
        .map(|(name, list)| (name.to_string(), list.iter().map(provider).collect()))
        .collect();
    json!({ "puppet": table::PUPPET, "features": features, "types": types })
}

/// table.rs's text for data.json (one provider a line; rustfmt leaves the file alone).
fn render(data: &Json) -> String {
    let mut patterns: Vec<String> = Vec::new();
    let mut out = String::from(
        "//! Generated from data.json by `PREPL_BLESS=1 cargo test -p prepl-lang --lib providers`;\n\
         //! do not edit (tests.rs checks that the two agree).\n\n\
         use super::{Check::*, Confine::*, Provider, Wanted::*};\n\n",
    );
    let str_list = |j: &Json| -> Vec<String> {
        let list = j.as_array().unwrap();
        list.iter()
            .map(|v| format!("{:?}", v.as_str().unwrap()))
            .collect()
    };
    let mut filters = |j: &Json| -> String {
        let mut text = Vec::new();
        for f in j.as_array().unwrap() {
            let mut pairs = Vec::new();
            for pair in f.as_array().unwrap() {
                let mut values = Vec::new();
                for v in pair[1].as_array().unwrap() {
                    match v {
                        Json::String(s) => values.push(format!("Value({s:?})")),
                        _ => {
                            patterns.push(v["regexp"].as_str().unwrap().to_string());
                            values.push(format!("Pattern({})", patterns.len() - 1));
                        }
                    }
                }
                let fact = pair[0].as_str().unwrap();
                pairs.push(format!("({fact:?}, &[{}])", values.join(", ")));
            }
            text.push(format!("&[{}]", pairs.join(", ")));
        }
        format!("&[{}]", text.join(", "))
    };
    let mut types = String::new();
    for (name, list) in data["types"].as_object().unwrap() {
        writeln!(types, "    ({name:?}, &[").unwrap();
        for p in list.as_array().unwrap() {
            let mut confines = Vec::new();
            for c in p["confines"].as_array().unwrap() {
                confines.push(if let Some(fact) = c.get("fact") {
                    let values = str_list(&c["values"]).join(", ");
                    format!("Fact {{ fact: {fact}, values: &[{values}] }}")
                } else if let Some(path) = c.get("exists") {
                    format!("Exists {{ path: {path}, binary: {} }}", c["binary"])
                } else if let Some(name) = c.get("feature") {
                    format!("Feature({name})")
                } else {
                    let check = match c["check"].as_str().unwrap() {
                        "init_is_systemd" => "InitIsSystemd",
                        _ => "Here",
                    };
                    format!(
                        "Boolean {{ expect: {}, check: {check}, here: {} }}",
                        c["boolean"], c["here"]
                    )
                });
            }
            writeln!(
                types,
                "        Provider {{ name: {}, ancestors: {}, defaults: {}, notdefaults: {}, confines: &[{}] }},",
                p["name"],
                p["ancestors"],
                filters(&p["defaults"]),
                filters(&p["notdefaults"]),
                confines.join(", ")
            )
            .unwrap();
        }
        types.push_str("    ]),\n");
    }
    writeln!(
        out,
        "#[cfg(test)]\npub(super) static PUPPET: &str = {};\n",
        data["puppet"]
    )
    .unwrap();
    out.push_str("pub(super) static FEATURES: &[(&str, bool)] = &[\n");
    for (name, has) in data["features"].as_object().unwrap() {
        writeln!(out, "    ({name:?}, {has}),").unwrap();
    }
    out.push_str("];\n\npub(super) static PATTERNS: &[&str] = &[\n");
    for p in &patterns {
        writeln!(out, "    {p:?},").unwrap();
    }
    out.push_str("];\n\npub(super) static TYPES: &[(&str, &[Provider])] = &[\n");
    out.push_str(&types);
    out.push_str("];\n");
    out
}
