//! `prepl-kernel`: a Jupyter kernel for the Puppet language.
//!
//! - `prepl-kernel --connection-file FILE [--facts FILE | --facts-for FILTER]
//!   [--modulepath DIRS] [--basemodulepath DIRS] [--environment DIR] [--hiera-config FILE] [--allow-exec]
//!   [--module-functions] [--integer-bounds spec|reference] [--strict LEVEL]`: run the
//!   kernel (Jupyter starts it so), with this machine's facts unless told otherwise.
//! - `prepl-kernel install [--user|--sys-prefix|--prefix P]`: write the kernelspec.
//! - `prepl-kernel uninstall [--user|--sys-prefix|--prefix P]`: remove it.

mod builtins;
mod catalog;
mod complete;
mod connection;
mod debugger;
mod diff;
mod environment;
#[cfg(test)]
mod fact_output_tests;
mod facts;
mod graphviz;
#[cfg(test)]
mod growth_tests;
mod highlight;
mod history;
mod inspect;
mod install;
mod lsmagic;
mod magics;
mod output;
mod render;
#[cfg(test)]
mod sensitive_tests;
mod server;
mod why;
mod wire;
mod worker;

use std::process::ExitCode;

const USAGE: &str = "usage:
  prepl-kernel --connection-file FILE [--facts FILE | --facts-for FILTER]
                [--modulepath DIR[:DIR...]] [--environment DIR]
                [--basemodulepath DIR[:DIR...]|'']
                [--hiera-config FILE] [--allow-exec] [--module-functions]
                [--integer-bounds spec|reference] [--strict off|warning|error]
  prepl-kernel install [--user|--sys-prefix|--prefix DIR]
  prepl-kernel uninstall [--user|--sys-prefix|--prefix DIR]";

/// Counts the heap in use, so that a cell growing past the memory limit fails with an
/// error instead of aborting the kernel (`PREPL_MEMORY_LIMIT` sets the limit).
#[global_allocator]
static ALLOCATOR: prepl::limits::CountingAlloc = prepl::limits::CountingAlloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("install") => install::Target::from_args(&args[1..]).and_then(|t| {
            let exe = std::env::current_exe()
                .and_then(|p| p.canonicalize())
                .map_err(|e| format!("cannot find this executable: {e}"))?;
            let dir = install::install(&t, &exe)?;
            println!("Installed the Puppet kernelspec in {}", dir.display());
            Ok(())
        }),
        Some("uninstall") => install::Target::from_args(&args[1..]).and_then(|t| {
            let dir = install::uninstall(&t)?;
            println!("Removed the Puppet kernelspec from {}", dir.display());
            Ok(())
        }),
        Some("--connection-file") | Some("-f") => match args.get(1) {
            Some(path) => facts_options(&args[2..]).and_then(|()| run_kernel(path)),
            None => Err(USAGE.into()),
        },
        Some(a) if a.starts_with("--connection-file=") => {
            facts_options(&args[1..]).and_then(|()| run_kernel(&a["--connection-file=".len()..]))
        }
        Some("--help") | Some("-h") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(USAGE.into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("prepl-kernel: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `--facts FILE`, `--facts-for FILTER` after the connection file.
fn facts_options(args: &[String]) -> Result<(), String> {
    let mut start = facts::Start::default();
    let mut env = environment::Start::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--modulepath" => env.modulepath = Some(it.next().ok_or(USAGE)?.clone()),
            "--environment" => env.environment = Some(it.next().ok_or(USAGE)?.clone()),
            "--basemodulepath" => env.basemodulepath = Some(it.next().ok_or(USAGE)?.clone()),
            "--hiera-config" => env.hiera_config = Some(it.next().ok_or(USAGE)?.clone()),
            "--allow-exec" => env.allow_exec = true,
            "--module-functions" => env.module_functions = true,
            "--integer-bounds" => match it.next().map(String::as_str) {
                Some("reference") => env.single_bound = prepl::SingleBound::AtLeast,
                Some("spec") => env.single_bound = prepl::SingleBound::Exact,
                _ => {
                    return Err(format!(
                        "--integer-bounds expects spec or reference\n{USAGE}"
                    ))
                }
            },
            "--strict" => {
                env.strict = it
                    .next()
                    .and_then(|w| prepl::Strictness::parse(w))
                    .ok_or_else(|| format!("--strict expects off, warning or error\n{USAGE}"))?
            }
            "--facts" => start.file = Some(it.next().ok_or(USAGE)?.clone()),
            "--facts-for" => start.filter = Some(it.next().ok_or(USAGE)?.clone()),
            other => {
                if let Some(f) = other.strip_prefix("--facts=") {
                    start.file = Some(f.to_string());
                } else if let Some(f) = other.strip_prefix("--facts-for=") {
                    start.filter = Some(f.to_string());
                } else {
                    return Err(format!("unknown option '{other}'\n{USAGE}"));
                }
            }
        }
    }
    facts::set_start(start);
    environment::set_start(env);
    Ok(())
}

fn run_kernel(path: &str) -> Result<(), String> {
    let info = connection::ConnectionInfo::read(path)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("tokio: {e}"))?;
    runtime.block_on(server::run(info))?;
    // Background tasks (receivers blocked on sockets) end with the process.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    Ok(())
}
