//! What a cell costs the kernel does not grow with the session's catalog (issue 39).

use crate::output::Event;
use crate::worker::{ExecuteJob, Job, Worker};
use serde_json::Map;

/// The CPU time this thread has used, in milliseconds.
fn thread_cpu_ms() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` writes the `timespec` it is given and reads nothing else.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 * 1000.0 + t.tv_nsec as f64 / 1e6
}

/// Runs one cell as the shell channel does; whether it succeeded.
fn cell(worker: &mut Worker, n: usize, code: &str) -> bool {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    worker.run(Job::Execute(ExecuteJob {
        code: code.to_string(),
        name: format!("In[{n}]"),
        silent: false,
        allow_stdin: false,
        user_expressions: Map::new(),
        events: tx,
    }));
    let mut ok = None;
    while let Ok(event) = rx.try_recv() {
        if let Event::Done(outcome) = event {
            ok = Some(matches!(outcome, crate::output::Outcome::Ok { .. }));
        }
    }
    ok.expect("the cell ended")
}

const SITE: &str = r#"
define site(Integer $port) {
  file { "/srv/${title}": ensure => directory }
  file { "/srv/${title}/conf": content => "port ${port}", require => File["/srv/${title}"] }
  service { "svc-${title}": subscribe => File["/srv/${title}/conf"] }
  notify { "n-${title}": }
}
class base { package { 'base': } }
include base
"#;

/// The median CPU time of the cells of `rounds` rounds: a site declared (its resources
/// shown as a table), one declared by a cell that then fails, a virtual resource declared
/// then realized (shown), a value shown.
fn median_cell_ms(w: &mut Worker, tag: &str, rounds: usize) -> f64 {
    let mut times = Vec::new();
    for k in 0..rounds {
        let cells = [
            (format!("site {{ '{tag}{k}': port => {k} }}"), true),
            (
                format!("site {{ '{tag}f{k}': port => {k} }} fail('taken back')"),
                false,
            ),
            (
                format!("@notify {{ '{tag}v{k}': }} realize(Notify['{tag}v{k}'])"),
                true,
            ),
            (format!("[{k}, '{tag}'] + [Notify['n-{tag}{k}']]"), true),
        ];
        for (code, ok) in cells {
            let started = thread_cpu_ms();
            let done = cell(w, k, &code);
            times.push(thread_cpu_ms() - started);
            assert_eq!(done, ok, "{code}");
        }
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// A cell costs the kernel what it did when the catalog was 9 times smaller: the table
/// of the resources a cell added is made from them alone (it used to pass over every
/// containment edge of the catalog, twice: 2.3 to 3.1 ms a vhost cell over 300 of them).
#[test]
fn cells_cost_what_they_did_as_the_catalog_grows() {
    let mut w = Worker::new();
    assert!(cell(&mut w, 0, SITE));
    let grow = |w: &mut Worker, from: usize, count: usize| {
        let code = format!(
            "Integer[{from}, {}].each |$i| {{ site {{ \"bulk${{i}}\": port => $i }} }}",
            from + count - 1
        );
        assert!(cell(w, 0, &code));
    };
    grow(&mut w, 0, 500);
    let small = w.session.catalog().len();
    let early = median_cell_ms(&mut w, "early", 15);
    grow(&mut w, 500, 4000);
    let large = w.session.catalog().len();
    // (a loaded machine can slow every cell for a while, the thread's CPU time too: a
    // late median over the bound is measured again, twice at most, before it fails)
    let mut late = f64::INFINITY;
    for round in 0..3 {
        late = late.min(median_cell_ms(&mut w, &format!("late{round}-"), 15));
        if late < 1.5 * early + 0.3 {
            break;
        }
    }
    eprintln!("median cell CPU ms: {early:.2} at {small} resources, {late:.2} at {large}");
    assert!(large > 8 * small, "{small} → {large}");
    assert!(
        late < 1.5 * early + 0.3,
        "a cell cost {early:.2} ms at {small} resources, {late:.2} ms at {large}"
    );
}

#[test]
#[ignore]
fn apache_vhosts_by_hand() {
    let mut w = worker_with_apache();
    let n = cells_from_env(300);
    let mut costs = Vec::new();
    // (FAIL=all: every cell fails, taking back what it declared)
    let all_fail = std::env::var("FAIL").is_ok_and(|v| v == "all");
    let fails = |i: usize| all_fail || i % 5 == 4;
    for i in 0..n {
        let code = format!(
            "apache::vhost {{ 'g{i}.example.com': port => {}, docroot => '/var/www/g{i}' }}{}",
            8000 + i,
            if fails(i) {
                if all_fail {
                    " -> Notify['nope']"
                } else {
                    " fail('taken back')"
                }
            } else {
                ""
            }
        );
        let t = thread_cpu_ms();
        assert_eq!(cell(&mut w, i + 1, &code), !fails(i));
        costs.push(thread_cpu_ms() - t);
        if i % 100 == 0 {
            eprintln!(
                "cell {i}: RSS {} KiB, {} resources",
                rss_kib(),
                w.session.catalog().len()
            );
        }
    }
    eprintln!("end: RSS {} KiB", rss_kib());
    assert!(cell(&mut w, n + 1, "%reset"));
    eprintln!("after %reset: RSS {} KiB", rss_kib());
    let med = |s: &[f64]| {
        let mut v = s.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    eprintln!(
        "cells {n}: median first 30 {:.2} ms, last 30 {:.2} ms, resources {}",
        med(&costs[..30]),
        med(&costs[n - 30..]),
        w.session.catalog().len()
    );
}

#[test]
#[ignore]
fn apache_vhosts_phases_by_hand() {
    let mut w = worker_with_apache();
    let n = cells_from_env(300);
    let mut costs = vec![Vec::new(); 4];
    for i in 0..n {
        let code = format!(
            "apache::vhost {{ 'g{i}.example.com': port => {}, docroot => '/var/www/g{i}' }}",
            8000 + i,
        );
        let t0 = thread_cpu_ms();
        let before = crate::catalog::visible(w.session.catalog());
        let t1 = thread_cpu_ms();
        let r = w.session.eval_named("x", &code);
        let t2 = thread_cpu_ms();
        let b = crate::catalog::added_bundle(w.session.catalog(), &before);
        let t3 = thread_cpu_ms();
        let v = crate::render::bundle(&r.unwrap());
        let t4 = thread_cpu_ms();
        assert!(b.is_some() && !v.is_null());
        for (k, d) in [t1 - t0, t2 - t1, t3 - t2, t4 - t3].into_iter().enumerate() {
            costs[k].push(d);
        }
    }
    let med = |s: &[f64]| {
        let mut v = s.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    for (k, c) in costs.iter().enumerate() {
        eprintln!(
            "phase {k}: median first 30 {:.3} ms, last 30 {:.3} ms",
            med(&c[..30]),
            med(&c[n - 30..])
        );
    }
}

/// A kernel worker whose session has the packaged modules and has included `apache` (cell 0).
fn worker_with_apache() -> Worker {
    let mut w = Worker::new();
    w.session.set_environment(prepl::env::Environment {
        modulepath: vec!["/usr/share/puppet/modules".into()],
        ..prepl::env::Environment::empty()
    });
    assert!(cell(&mut w, 0, "include apache"));
    w
}

/// The number of cells a by-hand test runs: `CELLS`, else `default`.
fn cells_from_env(default: usize) -> usize {
    std::env::var("CELLS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn rss_kib() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4
}

#[test]
#[ignore]
fn memory_of_cells_that_add_nothing_by_hand() {
    let mut w = Worker::new();
    let n = cells_from_env(3000);
    for i in 0..n {
        let kind = std::env::var("KIND")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(i % 6);
        let code = match kind {
            0 => format!("[1, 2, {i}].map |$v| {{ $v * 2 }}"),
            1 => format!("fail('no {i}')"),
            2 => format!("notice(\"x{i}\") Integer[1, {i}]"),
            3 => format!("inline_epp('<%= $x %> {i}', {{ 'x' => {i} }})"),
            4 => format!("$nope{i}.length"),
            _ => format!("String({{ 'a{i}' => [{i}, 'x'] }}, '%p')"),
        };
        cell(&mut w, i + 1, &code);
        if i % 500 == 0 || i == n - 1 {
            eprintln!("cell {i}: RSS {} KiB", rss_kib());
        }
    }
}
