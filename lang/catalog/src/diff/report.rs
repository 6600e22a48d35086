//! The differences of a fleet, for people and for programs: text grouped by node then by
//! resource (nodes whose differences are identical share one group), a summary table, and
//! JSON (schema in docs/diff.md).

use super::compare::{Changed, Difference, ParamChange};
use super::view::{Key, Resource};
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// What happened to one node.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Both sides compiled.
    Compared(Difference),
    /// One side or both failed to compile: the error of each that failed.
    Failed {
        old: Option<String>,
        new: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct NodeReport {
    pub node: String,
    pub outcome: Outcome,
}

impl NodeReport {
    pub fn differs(&self) -> bool {
        match &self.outcome {
            Outcome::Compared(d) => !d.is_empty(),
            Outcome::Failed { old, new } => old.is_some() != new.is_some(),
        }
    }

    /// Failed on both sides: nothing can be said of what the change does.
    pub fn trouble(&self) -> bool {
        matches!(
            &self.outcome,
            Outcome::Failed {
                old: Some(_),
                new: Some(_)
            }
        )
    }
}

/// The exit status: 0 when no node differs, 1 when some differ, 2 when some could not be
/// compared on either side.
pub fn exit_status(reports: &[NodeReport]) -> i32 {
    if reports.iter().any(NodeReport::trouble) {
        2
    } else if reports.iter().any(NodeReport::differs) {
        1
    } else {
        0
    }
}

/// ANSI colours, or none.
#[derive(Debug, Clone, Copy)]
pub struct Colors {
    pub added: &'static str,
    pub removed: &'static str,
    pub changed: &'static str,
    pub dim: &'static str,
    pub bold: &'static str,
    pub reset: &'static str,
}

impl Colors {
    pub const NONE: Colors = Colors {
        added: "",
        removed: "",
        changed: "",
        dim: "",
        bold: "",
        reset: "",
    };
    pub const ANSI: Colors = Colors {
        added: "\x1b[32m",
        removed: "\x1b[31m",
        changed: "\x1b[33m",
        dim: "\x1b[2m",
        bold: "\x1b[1m",
        reset: "\x1b[0m",
    };
}

/// Groups of nodes with identical outcomes, in the order their first node came.
pub fn groups(reports: &[NodeReport]) -> Vec<(Vec<&str>, &Outcome)> {
    let mut out: Vec<(Vec<&str>, &Outcome)> = Vec::new();
    for r in reports {
        match out.iter_mut().find(|(_, o)| **o == r.outcome) {
            Some((nodes, _)) => nodes.push(&r.node),
            None => out.push((vec![&r.node], &r.outcome)),
        }
    }
    out
}

/// The text report: for each group of nodes that differ or failed, its resources.
pub fn text(reports: &[NodeReport], c: Colors) -> String {
    let mut s = String::new();
    for (nodes, outcome) in groups(reports) {
        let same = match outcome {
            Outcome::Compared(d) => d.is_empty(),
            Outcome::Failed { .. } => false,
        };
        if same {
            continue;
        }
        let _ = writeln!(s, "{}{}{}", c.bold, nodes_line(&nodes), c.reset);
        match outcome {
            Outcome::Compared(d) => difference_text(&mut s, d, c),
            Outcome::Failed { old, new } => {
                for (side, e) in [("old", old), ("new", new)] {
                    match e {
                        Some(e) => {
                            let _ = writeln!(s, "  {}{side}: {e}{}", c.removed, c.reset);
                        }
                        None => {
                            let _ = writeln!(s, "  {side}: compiles");
                        }
                    }
                }
            }
        }
        s.push('\n');
    }
    let same = reports
        .iter()
        .filter(|r| !r.differs() && !r.trouble())
        .count();
    let failed = match reports.iter().filter(|r| r.trouble()).count() {
        0 => String::new(),
        n => format!(", {n} failed on both sides"),
    };
    let _ = writeln!(
        s,
        "{} node{}: {} differ{failed}, {same} the same",
        reports.len(),
        plural(reports.len()),
        reports.iter().filter(|r| r.differs()).count(),
    );
    s
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn nodes_line(nodes: &[&str]) -> String {
    match nodes {
        [one] => (*one).to_string(),
        _ if nodes.len() <= 4 => format!("{} nodes: {}", nodes.len(), nodes.join(", ")),
        _ => format!(
            "{} nodes: {}, ... ({} more)",
            nodes.len(),
            nodes[..3].join(", "),
            nodes.len() - 3
        ),
    }
}

/// One node's differences as text, indented under its heading.
pub fn difference_text(s: &mut String, d: &Difference, c: Colors) {
    for (key, r) in &d.added {
        resource_line(s, '+', c.added, key, r.location().as_deref(), c);
        for (name, v) in &r.parameters {
            let _ = writeln!(s, "      {name} => {}", show(v));
        }
        for (name, refs) in &r.relationships {
            let list: Vec<&str> = refs.iter().map(String::as_str).collect();
            let _ = writeln!(s, "      {name} => [{}]", list.join(", "));
        }
    }
    for (key, r) in &d.removed {
        resource_line(s, '-', c.removed, key, r.location().as_deref(), c);
    }
    for ch in &d.changed {
        changed_text(s, ch, c);
    }
    for (mark, color, edges) in [
        ('+', c.added, &d.edges_added),
        ('-', c.removed, &d.edges_removed),
    ] {
        for (a, b) in edges {
            let _ = writeln!(s, "  {color}{mark} edge {a} -> {b}{}", c.reset);
        }
    }
    for b in &d.broken {
        let _ = writeln!(
            s,
            "  {}! {} {} => {}: no such resource{}",
            c.removed, b.from, b.parameter, b.target, c.reset
        );
    }
}

fn resource_line(s: &mut String, mark: char, color: &str, key: &Key, at: Option<&str>, c: Colors) {
    let at = at
        .map(|a| format!(" {}({a}){}", c.dim, c.reset))
        .unwrap_or_default();
    let _ = writeln!(s, "  {color}{mark} {key}{}{at}", c.reset);
}

fn changed_text(s: &mut String, ch: &Changed, c: Colors) {
    resource_line(s, '~', c.changed, &ch.key, ch.location.as_deref(), c);
    for p in &ch.parameters {
        param_text(s, p, c);
    }
    for (name, added, removed) in &ch.relationships {
        let mut parts: Vec<String> = added
            .iter()
            .map(|r| format!("{}+ {r}{}", c.added, c.reset))
            .collect();
        parts.extend(
            removed
                .iter()
                .map(|r| format!("{}- {r}{}", c.removed, c.reset)),
        );
        let _ = writeln!(s, "      {name}: {}", parts.join(", "));
    }
    if !ch.tags_added.is_empty() || !ch.tags_removed.is_empty() {
        let mut parts: Vec<String> = ch
            .tags_added
            .iter()
            .map(|t| format!("{}+ {t}{}", c.added, c.reset))
            .collect();
        parts.extend(
            ch.tags_removed
                .iter()
                .map(|t| format!("{}- {t}{}", c.removed, c.reset)),
        );
        let _ = writeln!(s, "      tags: {}", parts.join(", "));
    }
}

fn param_text(s: &mut String, p: &ParamChange, c: Colors) {
    let multiline = |v: &Option<Json>| matches!(v, Some(Json::String(t)) if t.contains('\n'));
    if multiline(&p.old) || multiline(&p.new) {
        let text = |v: &Option<Json>| match v {
            Some(Json::String(t)) => t.clone(),
            Some(other) => show(other),
            None => String::new(),
        };
        let (old, new) = (text(&p.old), text(&p.new));
        let _ = writeln!(s, "      {}:", p.name);
        let diff = similar::TextDiff::from_lines(&old, &new);
        let unified = diff
            .unified_diff()
            .context_radius(3)
            .header("old", "new")
            .to_string();
        for line in unified.lines() {
            let color = match line.as_bytes().first() {
                Some(b'+') => c.added,
                Some(b'-') => c.removed,
                Some(b'@') => c.dim,
                _ => "",
            };
            let reset = if color.is_empty() { "" } else { c.reset };
            let _ = writeln!(s, "        {color}{line}{reset}");
        }
        return;
    }
    let side = |v: &Option<Json>| {
        v.as_ref()
            .map(show)
            .unwrap_or_else(|| "(unset)".to_string())
    };
    let _ = writeln!(
        s,
        "      {}: {}{}{} -> {}{}{}",
        p.name,
        c.removed,
        side(&p.old),
        c.reset,
        c.added,
        side(&p.new),
        c.reset
    );
}

/// A JSON value in Puppet's programmatic form (`'a'`, `[1, 'b']`, `{'k' => true}`, `undef`),
/// as `String(value, '%p')` prints the value it reads back as.
pub fn show(v: &Json) -> String {
    crate::format::to_programmatic(&crate::json::from_data(v))
}

/// The summary table: one row a node (added, removed, changed, error).
pub fn summary(reports: &[NodeReport], c: Colors) -> String {
    let width = reports
        .iter()
        .map(|r| r.node.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut s = format!(
        "{}{:<width$}  {:>5}  {:>7}  {:>7}  status{}\n",
        c.bold, "node", "added", "removed", "changed", c.reset
    );
    for r in reports {
        let (a, rm, ch, status) = match &r.outcome {
            Outcome::Compared(d) => (
                d.added.len(),
                d.removed.len(),
                d.changed.len()
                    + usize::from(!d.edges_added.is_empty() || !d.edges_removed.is_empty()),
                if d.is_empty() {
                    "same".to_string()
                } else {
                    format!("{}differs{}", c.changed, c.reset)
                },
            ),
            Outcome::Failed { old, new } => (
                0,
                0,
                0,
                format!(
                    "{}failed ({}){}",
                    c.removed,
                    match (old, new) {
                        (Some(_), Some(_)) => "both",
                        (Some(_), None) => "old",
                        _ => "new",
                    },
                    c.reset
                ),
            ),
        };
        let _ = writeln!(s, "{:<width$}  {a:>5}  {rm:>7}  {ch:>7}  {status}", r.node);
    }
    s
}

/// The JSON report (docs/diff.md).
pub fn to_json(reports: &[NodeReport]) -> Json {
    let nodes: Vec<Json> = reports.iter().map(node_json).collect();
    json!({
        "format": 1,
        "nodes": nodes,
        "summary": {
            "nodes": reports.len(),
            "differ": reports.iter().filter(|r| r.differs()).count(),
            "failed_both": reports.iter().filter(|r| r.trouble()).count(),
        },
    })
}

fn node_json(r: &NodeReport) -> Json {
    match &r.outcome {
        Outcome::Failed { old, new } => json!({
            "node": r.node,
            "status": if r.trouble() { "failed" } else { "differs" },
            "errors": { "old": old, "new": new },
        }),
        Outcome::Compared(d) => json!({
            "node": r.node,
            "status": if d.is_empty() { "same" } else { "differs" },
            "added": d.added.iter().map(|(k, r)| resource_json(k, r)).collect::<Vec<_>>(),
            "removed": d.removed.iter().map(|(k, r)| resource_json(k, r)).collect::<Vec<_>>(),
            "changed": d.changed.iter().map(changed_json).collect::<Vec<_>>(),
            "edges": {
                "added": d.edges_added.iter().map(|(a, b)| json!([a, b])).collect::<Vec<_>>(),
                "removed": d.edges_removed.iter().map(|(a, b)| json!([a, b])).collect::<Vec<_>>(),
            },
            "broken": d.broken.iter().map(|b| json!({
                "resource": b.from, "parameter": b.parameter, "target": b.target,
            })).collect::<Vec<_>>(),
        }),
    }
}

fn resource_json(k: &Key, r: &Resource) -> Json {
    let mut params = serde_json::Map::new();
    for (name, v) in &r.parameters {
        params.insert(name.clone(), v.clone());
    }
    for (name, refs) in &r.relationships {
        params.insert(name.clone(), json!(refs));
    }
    json!({
        "resource": k.to_string(),
        "file": r.file,
        "line": r.line,
        "parameters": params,
    })
}

fn changed_json(ch: &Changed) -> Json {
    json!({
        "resource": ch.key.to_string(),
        "location": ch.location,
        "parameters": ch.parameters.iter().map(|p| json!({
            "name": p.name, "old": p.old, "new": p.new,
        })).collect::<Vec<_>>(),
        "relationships": ch.relationships.iter().map(|(n, a, r)| json!({
            "name": n, "added": a, "removed": r,
        })).collect::<Vec<_>>(),
        "tags": { "added": ch.tags_added, "removed": ch.tags_removed },
    })
}

#[cfg(test)]
mod tests {
    use super::super::compare::{compare, Options};
    use super::super::view::View;
    use super::*;

    fn node(name: &str, old: Json, new: Json) -> NodeReport {
        let (a, b) = (
            View::from_json(&old).unwrap(),
            View::from_json(&new).unwrap(),
        );
        NodeReport {
            node: name.into(),
            outcome: Outcome::Compared(compare(&a, &b, &Options::default())),
        }
    }

    #[test]
    fn text_groups_identical_nodes_and_diffs_multiline_strings() {
        let old = json!({"resources": [{"type": "File", "title": "/m", "parameters": {"content": "a\nb\nc\n", "mode": "0644"}}]});
        let new = json!({"resources": [
            {"type": "File", "title": "/m", "line": 2, "file": "site.pp", "parameters": {"content": "a\nB\nc\n", "mode": "0600"}},
            {"type": "Notify", "title": "n", "parameters": {"message": "it's"}}
        ]});
        let reports = vec![
            node("web1", old.clone(), new.clone()),
            node("web2", old.clone(), new.clone()),
            node("db1", old.clone(), old.clone()),
            NodeReport {
                node: "db2".into(),
                outcome: Outcome::Failed {
                    old: None,
                    new: Some("Evaluation Error: boom (file: site.pp, line: 3)".into()),
                },
            },
        ];
        let t = text(&reports, Colors::NONE);
        assert_eq!(
            t,
            "2 nodes: web1, web2
  + Notify[n]
      message => 'it\\'s'
  ~ File[/m] (site.pp:2)
      content:
        --- old
        +++ new
        @@ -1,3 +1,3 @@
         a
        -b
        +B
         c
      mode: '0644' -> '0600'

db2
  old: compiles
  new: Evaluation Error: boom (file: site.pp, line: 3)

4 nodes: 3 differ, 1 the same
"
        );
        assert_eq!(exit_status(&reports), 1);
        assert_eq!(exit_status(&reports[2..3]), 0);
        let both = NodeReport {
            node: "x".into(),
            outcome: Outcome::Failed {
                old: Some("e".into()),
                new: Some("e".into()),
            },
        };
        assert_eq!(exit_status(&[reports[0].clone(), both]), 2);
        let s = summary(&reports, Colors::NONE);
        assert!(
            s.starts_with("node  added  removed  changed  status\n"),
            "{s}"
        );
        assert!(
            s.contains("web1      1        0        1  differs\n"),
            "{s}"
        );
        assert!(
            s.contains("db2       0        0        0  failed (new)\n"),
            "{s}"
        );
        let j = to_json(&reports);
        assert_eq!(j["summary"]["differ"], 3);
        assert_eq!(j["nodes"][0]["changed"][0]["parameters"][1]["new"], "0600");
        assert_eq!(j["nodes"][2]["status"], "same");
        assert_eq!(j["nodes"][3]["errors"]["old"], Json::Null);
    }

    #[test]
    fn long_groups_are_shortened() {
        assert_eq!(
            nodes_line(&["a", "b", "c", "d", "e", "f"]),
            "6 nodes: a, b, c, ... (3 more)"
        );
        assert_eq!(
            show(&json!({"a": [1, null, true]})),
            "{'a' => [1, undef, true]}"
        );
    }

    /// A Sensitive value appears in no output: a parameter the catalog lists as sensitive
    /// and one inside another value are shown redacted, a changed one as changed.
    #[test]
    fn sensitive_values_are_never_shown() {
        let catalog = |pw: &str, token: &str, extra: bool| {
            let mut resources = vec![
                json!({"type": "User", "title": "u", "sensitive_parameters": ["password"],
                       "parameters": {"password": pw, "shell": "/bin/sh"}}),
                json!({"type": "Notify", "title": "n", "parameters": {"message":
                       {"user": "u", "token": {"__ptype": "Sensitive", "__pvalue": token}}}}),
                json!({"type": "File", "title": "/same", "sensitive_parameters": ["content"],
                       "parameters": {"content": "same-secret\nline\n"}}),
            ];
            if extra {
                resources.push(
                    json!({"type": "File", "title": "/new", "sensitive_parameters": ["content"],
                       "parameters": {"content": "added-secret\n", "mode": "0600"}}),
                );
            }
            json!({ "resources": resources })
        };
        let reports = vec![node(
            "web1",
            catalog("old-password", "old-token", false),
            catalog("new-password", "new-token", true),
        )];
        let Outcome::Compared(d) = &reports[0].outcome else {
            panic!()
        };
        let changed: Vec<String> = d.changed.iter().map(|c| c.key.to_string()).collect();
        assert_eq!(changed, ["User[u]", "Notify[n]"]);
        assert_eq!(d.added.len(), 1);
        let json = to_json(&reports).to_string();
        let outputs = [
            text(&reports, Colors::NONE),
            text(&reports, Colors::ANSI),
            summary(&reports, Colors::NONE),
            json.clone(),
            format!("{d:?}"),
        ];
        for out in &outputs {
            for secret in ["password", "token", "same-secret", "added-secret"] {
                for side in ["old-", "new-", ""] {
                    let s = format!("{side}{secret}");
                    assert!(
                        !out.contains(&s) || s == "password" || s == "token",
                        "{s} in {out}"
                    );
                }
            }
        }
        let shown = &outputs[0];
        assert!(
            shown.contains(
                "password: #<Sensitive [value redacted]> -> #<Sensitive [value redacted]>"
            ),
            "{shown}"
        );
        assert!(
            shown.contains("'token' => #<Sensitive [value redacted]>"),
            "{shown}"
        );
        assert!(json.contains(r#""__pvalue":"[redacted]""#), "{json}");
        assert!(summary(&reports, Colors::NONE).contains("web1"));
        // The same secrets on both sides: no difference.
        let same = node("web2", catalog("pw", "t", false), catalog("pw", "t", false));
        assert!(!same.differs());
    }
}
