//! `prepl diff` (and `:diff ARGS`): what a change to Puppet code does to every node's
//! catalog. The options, the nodes, the revisions' trees, the compilations on all cores and
//! the comparison are the language crate's (`prepl::fleet`, shared with the kernel's
//! `%diff`); this module prints the reports, with a progress bar on a terminal.

use prepl::catalog::diff::{report, NodeReport};
use prepl::fleet::{self, Format, Request};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub use prepl::fleet::USAGE;

/// Runs `prepl diff ARGS`; returns the exit status.
pub fn main(args: &[String]) -> i32 {
    run(args, None, None)
}

/// `:diff ARGS` in a session: Ctrl-C sets the session's interrupt flag, `flag`, and the
/// nodes not started yet are not compiled. The global modules are the session's
/// (`base_modulepath`) unless `--basemodulepath` says otherwise.
pub fn in_session(
    args: &[String],
    flag: Arc<AtomicBool>,
    base_modulepath: &[std::path::PathBuf],
) -> i32 {
    flag.store(false, Ordering::Relaxed);
    let base = prepl::env::join_paths(base_modulepath);
    let status = crate::interrupt::during(|| run(args, Some(flag.clone()), Some(base)));
    if flag.swap(false, Ordering::Relaxed) {
        eprintln!("Interrupted: the nodes not started were not compiled.");
    }
    status
}

fn run(args: &[String], cancel: Option<Arc<AtomicBool>>, base: Option<String>) -> i32 {
    let mut req = match fleet::parse_args(args) {
        Ok(Some(r)) => r,
        Ok(None) => {
            print!("{USAGE}");
            return 0;
        }
        Err(e) => {
            eprintln!("prepl diff: {e}\n\n{USAGE}");
            return 2;
        }
    };
    if req.basemodulepath.is_none() {
        req.basemodulepath = base;
    }
    let show_progress = std::io::stderr().is_terminal();
    let mut bar = |done: usize, total: usize| {
        let width = 30;
        let filled = done * width / total.max(1);
        eprint!(
            "\r[{}{}] {done}/{total} nodes",
            "=".repeat(filled),
            " ".repeat(width - filled)
        );
        if done == total {
            eprint!("\r{}\r", " ".repeat(50));
        }
    };
    let watch = fleet::Watch {
        progress: show_progress.then_some(&mut bar as &mut dyn FnMut(usize, usize)),
        cancel,
    };
    match fleet::run(&req, watch) {
        Ok(reports) => {
            print_reports(&reports, &req);
            report::exit_status(&reports)
        }
        Err(e) => {
            eprintln!("prepl diff: {e}");
            2
        }
    }
}

fn print_reports(reports: &[NodeReport], req: &Request) {
    let colors = match req.color.unwrap_or_else(|| std::io::stdout().is_terminal()) {
        true => report::Colors::ANSI,
        false => report::Colors::NONE,
    };
    let out = match req.format {
        Format::Json => {
            let mut t = serde_json::to_string_pretty(&report::to_json(reports)).unwrap_or_default();
            t.push('\n');
            t
        }
        Format::Text if req.summary => report::summary(reports, colors),
        Format::Text => report::text(reports, colors),
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(out.as_bytes());
}
