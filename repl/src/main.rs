//! `prepl`: the Puppet language on the command line (`-e`, a file, piped standard input)
//! and as an interactive session.
//!
//! Modules by concern: `cli` (arguments and the non-interactive mode), `diff` (`prepl
//! diff`: catalogs compared across revisions), `session` (the interactive loop), `commands`
//! (the `:` commands), `discover` (`:classes`, `:defines`, `:resource_types`, `:help` for types and classes), `debugger` (breakpoints: the prompt where a compilation stopped), `facts` (facts files), `complete`, `highlight`, `validate`
//! (multi-line input), `helper` (the rustyline glue), `output` (colours and value layout),
//! `history`, `interrupt` (Ctrl-C during evaluation), `check` (`--check FILE...`).

mod breakpoints;
mod catalog_view;
mod check;
mod cli;
mod commands;
mod complete;
mod debugger;
mod diff;
mod discover;
mod facts;
mod helper;
mod highlight;
mod history;
mod interrupt;
mod output;
mod session;
mod validate;

/// Counts the heap in use, so that an evaluation growing past the memory limit fails with
/// an error instead of aborting the process.
#[global_allocator]
static ALLOCATOR: prepl::limits::CountingAlloc = prepl::limits::CountingAlloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let worker = cli::evaluation_thread().spawn(move || cli::main(args));
    let code = match worker.map(|handle| handle.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => 101,
        Err(e) => {
            eprintln!("prepl: cannot start the evaluation thread: {e}");
            1
        }
    };
    std::process::exit(code);
}
