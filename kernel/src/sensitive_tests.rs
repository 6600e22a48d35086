//! No output of the kernel reveals a Sensitive value (issue 39): the value of a cell, the
//! table of the resources it added, log lines, errors, templates, the `%catalog` views
//! other than its JSON (the reference's catalog format, which carries the values), `%why`,
//! `%lookup --explain`, `%diff`, and the inspection of a variable.

use crate::output::{Event, Outcome};
use crate::worker::{ExecuteJob, Job, Worker};
use serde_json::{json, Map};

const SECRET: &str = "s3cr3t-v4lue";

/// Everything a cell sends: its events and its outcome, as text.
fn run(worker: &mut Worker, code: &str) -> (bool, String) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let mut user_expressions = Map::new();
    user_expressions.insert("u".into(), json!("$s"));
    worker.run(Job::Execute(ExecuteJob {
        code: code.to_string(),
        name: "In[1]".into(),
        silent: false,
        allow_stdin: false,
        user_expressions,
        events: tx,
    }));
    let (mut ok, mut text) = (false, String::new());
    while let Ok(event) = rx.try_recv() {
        text.push_str(&match event {
            Event::Stream { text, .. } => text,
            Event::Display { data } | Event::LiveDisplay { data, .. } => data.to_string(),
            Event::Done(Outcome::Ok {
                result,
                payload,
                user_expressions,
            }) => {
                ok = true;
                format!("{result:?} {payload:?} {user_expressions}")
            }
            Event::Done(Outcome::Error(e)) => format!("{e:?}"),
            other => format!("{other:?}"),
        });
        text.push('\n');
    }
    (ok, text)
}

#[test]
fn no_kernel_output_reveals_a_sensitive_value() {
    let mut w = Worker::new();
    let cells = [
        format!("$s = Sensitive('{SECRET}')"),
        "$s".to_string(),
        "[$s, { 'k' => $s }]".to_string(),
        "notify { 'n': message => $s }".to_string(),
        "file { '/tmp/sensitive': content => $s, mode => '0600' }".to_string(),
        "@notify { 'v': message => $s } realize(Notify['v'])".to_string(),
        "notice($s) warning(\"${s}\") info([$s])".to_string(),
        "String($s) + sprintf('%s %p', $s, $s)".to_string(),
        "inline_epp('<%= $s %>', { 's' => $s })".to_string(),
        "inline_template('<%= @s %> <%= [@s].inspect %>')".to_string(),
        "type($s, 'detailed')".to_string(),
        "%catalog".to_string(),
        "%catalog graph".to_string(),
        "%catalog dot".to_string(),
        "%catalog Notify".to_string(),
        "%catalog Notify[n]".to_string(),
        "%catalog /sensitive/".to_string(),
        "%catalog save before".to_string(),
        format!("notify {{ 'm': message => Sensitive('{SECRET}-2') }}"),
        "%diff before".to_string(),
        "%why $s =~ Sensitive[Integer]".to_string(),
        "%why $s =~ String".to_string(),
        "%lookup nothing_here --explain".to_string(),
    ];
    for code in &cells {
        let (_, text) = run(&mut w, code);
        assert!(!text.contains(SECRET), "{code} shows the value: {text}");
    }
    // Errors: a type mismatch, a failure, an access error.
    for code in [
        "Integer($s)",
        "fail($s)",
        "$s[0]",
        "notify { 'n': message => 'again' }",
        "$s ? { 1 => 2 }",
        "assert_type(Integer, $s)",
        "[1][$s]",
    ] {
        let (ok, text) = run(&mut w, code);
        assert!(!ok, "{code}");
        assert!(!text.contains(SECRET), "{code} shows the value: {text}");
    }
    // Inspecting the variable (shift-tab).
    let (tx, rx) = tokio::sync::oneshot::channel();
    w.run(Job::Inspect {
        code: "$s".into(),
        cursor: 2,
        reply: tx,
    });
    let reply = rx.blocking_recv().unwrap().to_string();
    assert!(!reply.contains(SECRET), "inspection: {reply}");
    // (what the cells send is all seen: `unwrap` shows the value)
    let (_, text) = run(&mut w, "$s.unwrap");
    assert!(text.contains(SECRET), "{text}");
    // The catalog's JSON is the reference's format: the value, marked sensitive.
    let (_, text) = run(&mut w, "%catalog json");
    assert!(text.contains("sensitive_parameters"), "{text}");
}
