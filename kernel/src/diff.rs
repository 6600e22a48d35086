//! `%catalog save NAME` and `%diff NAME`: the session's catalog kept under a name, and what
//! changed in it since, as an HTML table with a collapsible section per changed resource and
//! coloured unified diffs (the text form is `prepl diff`'s).
//!
//! `%diff --from REV [--to REV] [options]` (or `%diff OLD.json NEW.json`): `prepl diff` over
//! a fleet, run by the language crate's `fleet` (the REPL's too): a summary table, one row a
//! group of nodes with identical differences, each with a collapsible section of them.

use crate::output::{emit, Event};
use crate::render::escape;
use prepl::catalog::diff::{self, report, Difference, NodeReport, Outcome, View};
use prepl::fleet;
use prepl::Session;
use serde_json::{json, Value as Json};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub const USAGE: &str = "Usage: %catalog save NAME, then %diff NAME (what changed in the catalog since); \
     %diff --from REV [--to REV] [--facts DIR] [--node NAME] [--summary] ... (each node's catalog at two \
     revisions of the environment; %diff --help)";

/// Catalogs kept by `%catalog save NAME`.
#[derive(Default)]
pub struct Saved(BTreeMap<String, View>);

/// Whether a cell is `%diff ...`.
pub fn is_magic(code: &str) -> bool {
    code.split_whitespace().next() == Some("%diff")
}

/// The name of `%catalog save NAME`, when the cell is one (`Some("")` without a name).
pub fn save_name(code: &str) -> Option<&str> {
    let rest = code.trim().strip_prefix("%catalog")?.trim_start();
    let name = rest.strip_prefix("save")?;
    (name.is_empty() || name.starts_with(char::is_whitespace)).then(|| name.trim())
}

fn view_of(session: &Session) -> Result<View, String> {
    Ok(View::from_catalog(session.catalog()))
}

impl Saved {
    /// `%catalog save NAME`.
    pub fn save(&mut self, session: &Session, name: &str) -> Result<Json, String> {
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(USAGE.to_string());
        }
        let view = view_of(session)?;
        let text = format!(
            "Saved the catalog ({} resources) as '{name}': %diff {name} shows what changes.",
            view.resources.len()
        );
        self.0.insert(name.to_string(), view);
        Ok(json!({"text/plain": text}))
    }

    /// `%diff NAME`, or `%diff` with `prepl diff`'s arguments (with the nodes' progress
    /// shown as they finish when `show_progress`).
    pub fn diff(&self, session: &Session, code: &str, show_progress: bool) -> Result<Json, String> {
        let name = code.trim().trim_start_matches("%diff").trim();
        if is_fleet(name) && !self.0.contains_key(name) {
            return fleet_diff(session, name, show_progress);
        }
        let Some(saved) = self.0.get(name) else {
            let names: Vec<&str> = self.0.keys().map(String::as_str).collect();
            return Err(match names.as_slice() {
                [] => USAGE.to_string(),
                _ if name.is_empty() => format!("{USAGE}; saved: {}", names.join(", ")),
                _ => format!(
                    "No catalog was saved as '{name}' (saved: {})",
                    names.join(", ")
                ),
            });
        };
        let d = diff::compare(saved, &view_of(session)?, &diff::Options::default());
        if d.is_empty() {
            return Ok(json!({"text/plain": format!("No differences from '{name}'.")}));
        }
        let mut text = format!("Since %catalog save {name}:\n");
        report::difference_text(&mut text, &d, report::Colors::NONE);
        Ok(json!({"text/html": html(&d, name), "text/plain": text}))
    }
}

/// Whether `%diff ARGS` is `prepl diff`'s (options, or catalog files) rather than a name.
fn is_fleet(args: &str) -> bool {
    args.starts_with('-') || args.contains(".json")
}

/// `%diff ARGS` as `prepl diff ARGS`: the environment is the session's unless
/// `--environment` says otherwise; an interrupt stops before the nodes not started yet.
pub fn fleet_diff(session: &Session, args: &str, show_progress: bool) -> Result<Json, String> {
    let words = fleet::split_args(args).map_err(|e| format!("%diff: {e}"))?;
    let Some(mut req) = fleet::parse_args(&words)? else {
        return Ok(json!({ "text/plain": fleet::USAGE.replace("prepl diff", "%diff") }));
    };
    // (the global modules are the session's unless --basemodulepath says otherwise)
    if req.basemodulepath.is_none() {
        req.basemodulepath = Some(prepl::env::join_paths(session.base_modulepath()));
    }
    // (the environment is needed unless both sides are directories or files)
    let needs_environment =
        req.files.is_empty() && (req.from_dir.is_none() || req.to_dir.is_none());
    if req.environment.is_none() && needs_environment {
        match &session.environment().dir {
            Some(dir) => req.environment = Some(dir.display().to_string()),
            None => return Err(
                "%diff --from: no environment (%env DIR sets the session's, or --environment DIR)"
                    .into(),
            ),
        }
    }
    let cancel = session.interrupt_handle();
    cancel.store(false, std::sync::atomic::Ordering::Relaxed);
    let mut progress = Progress::new();
    let mut report_progress = |done: usize, total: usize| progress.step(done, total);
    let watch = fleet::Watch {
        progress: show_progress.then_some(&mut report_progress as &mut dyn FnMut(usize, usize)),
        cancel: Some(cancel.clone()),
    };
    let reports = fleet::run(&req, watch)?;
    if cancel.swap(false, std::sync::atomic::Ordering::Relaxed) {
        return Err("Interrupted: some nodes were not compiled.".into());
    }
    let text = match (req.format, req.summary) {
        (fleet::Format::Json, _) => {
            return Ok(json!({
                "application/json": report::to_json(&reports),
                "text/plain": serde_json::to_string_pretty(&report::to_json(&reports)).unwrap_or_default(),
            }))
        }
        (_, true) => report::summary(&reports, report::Colors::NONE),
        (_, false) => report::text(&reports, report::Colors::NONE),
    };
    let text = if text.trim().is_empty() {
        format!("No differences ({} nodes).", reports.len())
    } else {
        text
    };
    Ok(json!({"text/html": fleet_html(&reports), "text/plain": text}))
}

/// The progress of `%diff` over a fleet: one display, shown when the nodes are known and
/// updated in place as they finish (at most every [`Progress::EVERY`], and at the end).
struct Progress {
    display_id: String,
    started: Instant,
    shown: Option<Instant>,
}

impl Progress {
    const EVERY: Duration = Duration::from_millis(150);

    fn new() -> Progress {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        Progress {
            display_id: format!(
                "prepl-diff-progress-{}-{}",
                std::process::id(),
                COUNT.fetch_add(1, Ordering::Relaxed)
            ),
            started: Instant::now(),
            shown: None,
        }
    }

    fn step(&mut self, done: usize, total: usize) {
        let update = self.shown.is_some();
        if done < total && self.shown.is_some_and(|t| t.elapsed() < Self::EVERY) {
            return;
        }
        self.shown = Some(Instant::now());
        emit(Event::LiveDisplay {
            display_id: self.display_id.clone(),
            data: progress_bundle(done, total, self.started.elapsed()),
            update,
        });
    }
}

/// "[=====     ] 12/200 nodes" (a `<progress>` bar in HTML); at the end, how long it took.
fn progress_bundle(done: usize, total: usize, elapsed: Duration) -> Json {
    let text = if done >= total {
        format!(
            "Compiled and compared {total} node{} in {:.1} s.",
            if total == 1 { "" } else { "s" },
            elapsed.as_secs_f64()
        )
    } else {
        let width = 30;
        let filled = done * width / total.max(1);
        format!(
            "[{}{}] {done}/{total} nodes",
            "=".repeat(filled),
            " ".repeat(width - filled)
        )
    };
    let html = if done >= total {
        format!("<div class=\"prepl-diff-progress\">{text}</div>")
    } else {
        format!(
            "<div class=\"prepl-diff-progress\"><progress value=\"{done}\" max=\"{total}\"></progress> {done}/{total} nodes</div>"
        )
    };
    json!({"text/plain": text, "text/html": html})
}

/// The fleet's report as HTML: a table with a row per group of nodes whose outcomes are
/// identical (added, removed, changed, status), each with a collapsible section of its
/// differences (or errors).
pub fn fleet_html(reports: &[NodeReport]) -> String {
    let groups = report::groups(reports);
    let differ = reports.iter().filter(|r| r.differs()).count();
    let failed = reports.iter().filter(|r| r.trouble()).count();
    let mut h = format!(
        "<div class=\"prepl-diff\"><p>{} nodes: {differ} differ, {failed} failed on both sides, {} the same</p>\
         <table><tr><th style=\"text-align:left\">nodes</th><th>added</th><th>removed</th><th>changed</th><th style=\"text-align:left\">status</th></tr>",
        reports.len(),
        reports.len() - differ - failed
    );
    for (nodes, outcome) in groups {
        let (added, removed, changed, status, style) = match outcome {
            Outcome::Compared(d) if d.is_empty() => (0, 0, 0, "same".to_string(), ""),
            Outcome::Compared(d) => (
                d.added.len(),
                d.removed.len(),
                d.changed.len(),
                "differs".to_string(),
                CHANGED,
            ),
            Outcome::Failed { old, new } => (
                0,
                0,
                0,
                match (old, new) {
                    (Some(_), Some(_)) => "failed (both)",
                    (Some(_), None) => "failed (old)",
                    _ => "failed (new)",
                }
                .to_string(),
                REMOVED,
            ),
        };
        let label = match nodes.as_slice() {
            [one] => one.to_string(),
            many => format!("{} nodes: {}", many.len(), many.join(", ")),
        };
        h.push_str("<tr><td style=\"text-align:left\">");
        let body = match outcome {
            Outcome::Compared(d) if d.is_empty() => String::new(),
            Outcome::Compared(d) => difference_table(d),
            Outcome::Failed { old, new } => {
                let mut b = String::from("<pre>");
                for (side, e) in [("old", old), ("new", new)] {
                    if let Some(e) = e {
                        b.push_str(&format!("<span style=\"{REMOVED}\">{side}: "));
                        escape(&mut b, e);
                        b.push_str("</span>\n");
                    }
                }
                b.push_str("</pre>");
                b
            }
        };
        if body.is_empty() {
            escape(&mut h, &label);
        } else {
            h.push_str("<details><summary>");
            escape(&mut h, &label);
            h.push_str("</summary>");
            h.push_str(&body);
            h.push_str("</details>");
        }
        h.push_str(&format!(
            "</td><td>{added}</td><td>{removed}</td><td>{changed}</td><td style=\"text-align:left;{style}\">{status}</td></tr>"
        ));
    }
    h.push_str("</table></div>");
    h
}

const ADDED: &str = "color:#22863a";
const REMOVED: &str = "color:#cb2431";
const CHANGED: &str = "color:#b08800";

/// The differences as HTML: a row a resource (added, removed, changed), the changes of a
/// changed one in a `<details>` section, multi-line values as coloured unified diffs.
pub fn html(d: &Difference, name: &str) -> String {
    let mut h = String::from("<div class=\"prepl-diff\"><p>Since <code>%catalog save ");
    escape(&mut h, name);
    let _ = std::fmt::Write::write_fmt(
        &mut h,
        format_args!(
            "</code>: {} added, {} removed, {} changed</p>",
            d.added.len(),
            d.removed.len(),
            d.changed.len()
        ),
    );
    h.push_str(&difference_table(d));
    h.push_str("</div>");
    h
}

/// One catalog's differences as a table: a row a resource (added, removed, changed), the
/// changes of a changed one in a `<details>` section, multi-line values as coloured
/// unified diffs; then the containment edges.
fn difference_table(d: &Difference) -> String {
    let mut h = String::from("<table><tr><th></th><th style=\"text-align:left\">resource</th><th style=\"text-align:left\">declared at</th></tr>");
    let row =
        |h: &mut String, mark: &str, style: &str, key: &str, at: Option<String>, body: &str| {
            h.push_str(&format!(
            "<tr><td style=\"{style};font-weight:bold\">{mark}</td><td style=\"text-align:left\">"
        ));
            if body.is_empty() {
                escape(h, key);
            } else {
                h.push_str("<details><summary>");
                escape(h, key);
                h.push_str("</summary>");
                h.push_str(body);
                h.push_str("</details>");
            }
            h.push_str("</td><td style=\"text-align:left\">");
            escape(h, &at.unwrap_or_default());
            h.push_str("</td></tr>");
        };
    for (key, r) in &d.added {
        let mut body = String::from("<pre>");
        for (p, v) in &r.parameters {
            escape(&mut body, &format!("{p} => {}\n", report::show(v)));
        }
        body.push_str("</pre>");
        let body = if r.parameters.is_empty() {
            String::new()
        } else {
            body
        };
        row(&mut h, "+", ADDED, &key.to_string(), r.location(), &body);
    }
    for (key, r) in &d.removed {
        row(&mut h, "-", REMOVED, &key.to_string(), r.location(), "");
    }
    for c in &d.changed {
        let mut text = String::new();
        report::difference_text(
            &mut text,
            &Difference {
                changed: vec![c.clone()],
                ..Difference::default()
            },
            report::Colors::NONE,
        );
        // The lines under the resource's own line, coloured by their first mark.
        let mut body = String::from("<pre>");
        for line in text.lines().skip(1) {
            let t = line.trim_start();
            let style = if t.starts_with("+++") || t.starts_with("---") {
                ""
            } else if t.starts_with('+') {
                ADDED
            } else if t.starts_with('-') {
                REMOVED
            } else if t.starts_with("@@") {
                "color:#6a737d"
            } else {
                ""
            };
            body.push_str(&format!("<span style=\"{style}\">"));
            escape(&mut body, line.get(6..).unwrap_or(line));
            body.push_str("</span>\n");
        }
        body.push_str("</pre>");
        row(
            &mut h,
            "~",
            CHANGED,
            &c.key.to_string(),
            c.location.clone(),
            &body,
        );
    }
    h.push_str("</table>");
    let edges = d.edges_added.len() + d.edges_removed.len();
    if edges > 0 {
        h.push_str("<details><summary>containment edges</summary><pre>");
        for (a, b) in &d.edges_added {
            h.push_str(&format!("<span style=\"{ADDED}\">+ "));
            escape(&mut h, &format!("{a} -> {b}"));
            h.push_str("</span>\n");
        }
        for (a, b) in &d.edges_removed {
            h.push_str(&format!("<span style=\"{REMOVED}\">- "));
            escape(&mut h, &format!("{a} -> {b}"));
            h.push_str("</span>\n");
        }
        h.push_str("</pre></details>");
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_then_diff() {
        assert_eq!(save_name("%catalog save before"), Some("before"));
        assert_eq!(save_name("%catalog save"), Some(""));
        assert_eq!(save_name("%catalog saved"), None);
        assert_eq!(save_name("%catalog File"), None);
        assert!(is_magic("%diff x") && !is_magic("%different"));
        let mut saved = Saved::default();
        let mut s = Session::new();
        s.eval("file { '/etc/motd': content => \"a\\nb\\n\" } notify { 'gone': }")
            .unwrap();
        assert!(saved.save(&s, "").is_err());
        let shown = saved.save(&s, "before").unwrap();
        assert!(shown["text/plain"]
            .as_str()
            .unwrap()
            .starts_with("Saved the catalog (5 resources) as 'before'"));
        assert_eq!(
            saved.diff(&s, "%diff before", false).unwrap()["text/plain"],
            "No differences from 'before'."
        );
        let mut s = Session::new();
        s.eval("file { '/etc/motd': content => \"a\\nc\\n\", mode => '0600' } notify { 'new': }")
            .unwrap();
        let bundle = saved.diff(&s, "%diff before", false).unwrap();
        let text = bundle["text/plain"].as_str().unwrap();
        assert!(
            text.contains("  + Notify[new]") && text.contains("  - Notify[gone]"),
            "{text}"
        );
        let html = bundle["text/html"].as_str().unwrap();
        assert!(html.contains("1 added, 1 removed, 1 changed"), "{html}");
        assert!(
            html.contains("<details><summary>File[/etc/motd]</summary>"),
            "{html}"
        );
        assert!(
            html.contains("<span style=\"color:#cb2431\">  -b</span>"),
            "{html}"
        );
        assert!(
            html.contains("<span style=\"color:#22863a\">  +c</span>"),
            "{html}"
        );
        assert!(
            html.contains("mode: &#39;0644&#39;")
                || html.contains("mode: (unset) -&gt; &#39;0600&#39;")
                || html.contains("mode: (unset) -&gt; '0600'"),
            "{html}"
        );
        assert!(saved
            .diff(&s, "%diff after", false)
            .unwrap_err()
            .contains("saved: before"));
        assert!(saved
            .diff(&s, "%diff", false)
            .unwrap_err()
            .contains("saved: before"));
    }

    /// Sensitive values are compared, never shown: `%diff NAME` and a fleet's HTML.
    #[test]
    fn sensitive_values_are_redacted() {
        let mut saved = Saved::default();
        let mut s = Session::new();
        s.eval("file { '/etc/pw': content => Sensitive(\"s3cret-one\\nx\\n\") }")
            .unwrap();
        saved.save(&s, "before").unwrap();
        let mut s = Session::new();
        s.eval("file { '/etc/pw': content => Sensitive(\"s3cret-two\\nx\\n\") } notify { 'n': message => [Sensitive('s3cret-three')] }")
            .unwrap();
        let bundle = saved.diff(&s, "%diff before", false).unwrap();
        for out in [&bundle["text/plain"], &bundle["text/html"]] {
            let out = out.as_str().unwrap();
            assert!(!out.contains("s3cret"), "{out}");
            // (escaped in HTML)
            assert!(out.contains("Sensitive [value redacted]"), "{out}");
        }
        let catalog = |pw: &str| {
            View::from_json(&json!({"resources": [{"type": "User", "title": "u",
                "sensitive_parameters": ["password"], "parameters": {"password": pw}}]}))
            .unwrap()
        };
        let reports = vec![NodeReport {
            node: "web1".into(),
            outcome: prepl::catalog::diff::Outcome::Compared(prepl::catalog::diff::compare(
                &catalog("s3cret-old"),
                &catalog("s3cret-new"),
                &Default::default(),
            )),
        }];
        let html = fleet_html(&reports);
        assert!(
            !html.contains("s3cret") && html.contains("User[u]"),
            "{html}"
        );
    }

    #[test]
    fn a_fleet_at_two_revisions() {
        let fixture =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/diff");
        let dirs = format!(
            "--from-dir {} --to-dir {} --facts {}",
            fixture.join("rev1").display(),
            fixture.join("rev2").display(),
            fixture.join("facts").display()
        );
        let saved = Saved::default();
        let s = Session::new();
        let bundle = saved.diff(&s, &format!("%diff {dirs}"), false).unwrap();
        let text = bundle["text/plain"].as_str().unwrap();
        assert!(
            text.starts_with("db1\n") && text.contains("\nweb2\n"),
            "{text}"
        );
        assert!(
            text.contains("db1") && text.contains("Service[postgresql]"),
            "{text}"
        );
        let html = bundle["text/html"].as_str().unwrap();
        assert!(
            html.contains("3 nodes: 3 differ, 0 failed on both sides, 0 the same"),
            "{html}"
        );
        assert!(html.contains("<details><summary>web1</summary>"), "{html}");
        // Nodes with identical differences share a row.
        let one = fixture.join("facts/web1.json");
        let grouped = saved
            .diff(
                &s,
                &format!(
                    "%diff {} --facts {} --node a --node b",
                    &dirs[..dirs.find(" --facts").unwrap()],
                    one.display()
                ),
                false,
            )
            .unwrap();
        let html = grouped["text/html"].as_str().unwrap();
        assert!(
            html.contains("<details><summary>2 nodes: a, b</summary>"),
            "{html}"
        );
        assert!(html.contains("<span style=\"color:#22863a\">"), "{html}");
        let summary = saved
            .diff(&s, &format!("%diff {dirs} --summary"), false)
            .unwrap();
        assert!(summary["text/plain"].as_str().unwrap().starts_with("node"));
        let json = saved
            .diff(&s, &format!("%diff {dirs} --format json"), false)
            .unwrap();
        assert_eq!(
            json["application/json"]["nodes"].as_array().unwrap().len(),
            3
        );
        // The session's environment is the default; without one, a clear error.
        let e = saved.diff(&s, "%diff --from HEAD~1", false).unwrap_err();
        assert!(e.contains("no environment"), "{e}");
        let usage = saved.diff(&s, "%diff --help", false).unwrap();
        assert!(usage["text/plain"]
            .as_str()
            .unwrap()
            .contains("%diff --from REV"));
        assert!(saved
            .diff(&s, "%diff --bogus", false)
            .unwrap_err()
            .contains("unknown option --bogus"));
    }
}
