use super::*;

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
