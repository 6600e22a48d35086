//! Command-line arguments and the non-interactive mode (`-e`, a file, piped stdin).

use crate::output::Palette;
use prepl::{Session, Strictness};
use std::io::{IsTerminal, Read, Write};

const USAGE: &str = "\
Usage: prepl [OPTIONS] [FILE]

Evaluates Puppet language code. With no FILE and a terminal on standard input, starts
an interactive session; otherwise evaluates FILE, the -e SOURCE, or standard input and
prints the value of the last expression in programmatic form.

Options:
  -e, --execute SOURCE   evaluate SOURCE
  -q, --quiet            no banner in the interactive session
      --strict LEVEL     off, warning or error (the default)
  -h, --help             show this help
  -V, --version          show the version
";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    Help,
    Version,
    /// Evaluate source given on the command line.
    Execute(String),
    /// Evaluate a file.
    File(String),
    /// Evaluate standard input, or start the interactive session when it is a terminal.
    Stdin,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub mode: Mode,
    pub quiet: bool,
    pub strict: Strictness,
}

pub fn parse_strictness(word: &str) -> Option<Strictness> {
    match word {
        "off" => Some(Strictness::Off),
        "warning" => Some(Strictness::Warning),
        "error" => Some(Strictness::Error),
        _ => None,
    }
}

/// Parses the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut opts = Options {
        mode: Mode::Stdin,
        quiet: false,
        strict: Strictness::default(),
    };
    let mut it = args.iter();
    let mut only_files = false;
    while let Some(arg) = it.next() {
        let arg = arg.as_str();
        if only_files || !arg.starts_with('-') || arg == "-" {
            set_mode(&mut opts, Mode::File(arg.to_string()))?;
            continue;
        }
        match arg {
            "--" => only_files = true,
            "-h" | "--help" => {
                return Ok(Options {
                    mode: Mode::Help,
                    ..opts
                })
            }
            "-V" | "--version" => {
                return Ok(Options {
                    mode: Mode::Version,
                    ..opts
                })
            }
            "-q" | "--quiet" => opts.quiet = true,
            "-e" | "--execute" => {
                let source = it.next().ok_or("option -e needs a SOURCE argument")?;
                set_mode(&mut opts, Mode::Execute(source.clone()))?;
            }
            "--strict" => {
                let level = it.next().ok_or("option --strict needs a LEVEL argument")?;
                opts.strict = parse_strictness(level).ok_or_else(|| {
                    format!("--strict expects off, warning or error, not '{level}'")
                })?;
            }
            other => {
                if let Some(level) = other.strip_prefix("--strict=") {
                    opts.strict = parse_strictness(level).ok_or_else(|| {
                        format!("--strict expects off, warning or error, not '{level}'")
                    })?;
                } else if let Some(source) = other.strip_prefix("--execute=") {
                    set_mode(&mut opts, Mode::Execute(source.to_string()))?;
                } else {
                    return Err(format!("unknown option '{other}'"));
                }
            }
        }
    }
    Ok(opts)
}

fn set_mode(opts: &mut Options, mode: Mode) -> Result<(), String> {
    if opts.mode != Mode::Stdin {
        return Err("give either -e SOURCE or one FILE".into());
    }
    opts.mode = mode;
    Ok(())
}

/// Runs the program; returns the exit status.
pub fn main(args: Vec<String>) -> i32 {
    let opts = match parse_args(&args) {
        Ok(opts) => opts,
        Err(message) => {
            eprintln!("prepl: {message}\n\n{USAGE}");
            return 2;
        }
    };
    match &opts.mode {
        Mode::Help => {
            print!("{USAGE}");
            0
        }
        Mode::Version => {
            println!("prepl {}", env!("CARGO_PKG_VERSION"));
            0
        }
        Mode::Execute(source) => run_batch(&opts, "-e", source),
        Mode::File(path) if path == "-" => run_stdin(&opts),
        Mode::File(path) => match std::fs::read_to_string(path) {
            Ok(text) => run_batch(&opts, path, &text),
            Err(e) => {
                eprintln!("Error: Could not read file {path}: {e}");
                1
            }
        },
        Mode::Stdin if std::io::stdin().is_terminal() => crate::session::run(&opts),
        Mode::Stdin => run_stdin(&opts),
    }
}

fn run_stdin(opts: &Options) -> i32 {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("Error: Could not read standard input: {e}");
        return 1;
    }
    run_batch(opts, "<stdin>", &text)
}

/// Evaluates one program: the value on stdout, log lines and errors on stderr, no colours.
fn run_batch(opts: &Options, name: &str, text: &str) -> i32 {
    let mut session = Session::new();
    session.set_strict(opts.strict);
    session.set_log_sink(|level, message| {
        eprintln!("{}: {}", level.label(), message);
    });
    let result = session.eval_named(name, text);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match result {
        Ok(value) => {
            let _ = writeln!(out, "{}", prepl::format::to_programmatic(&value));
            let _ = out.flush();
            0
        }
        Err(error) => {
            let _ = out.flush();
            eprintln!("{}", Palette::plain().error(&error.render()));
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn execute_and_quiet() {
        let opts = parse_args(&args(&["-q", "-e", "1+1"])).unwrap();
        assert_eq!(opts.mode, Mode::Execute("1+1".into()));
        assert!(opts.quiet);
    }

    #[test]
    fn file_and_stdin() {
        assert_eq!(
            parse_args(&args(&["a.pp"])).unwrap().mode,
            Mode::File("a.pp".into())
        );
        assert_eq!(parse_args(&args(&[])).unwrap().mode, Mode::Stdin);
        assert_eq!(
            parse_args(&args(&["--", "-x.pp"])).unwrap().mode,
            Mode::File("-x.pp".into())
        );
    }

    #[test]
    fn strictness() {
        let opts = parse_args(&args(&["--strict", "warning"])).unwrap();
        assert_eq!(opts.strict, Strictness::Warning);
        assert_eq!(
            parse_args(&args(&["--strict=off"])).unwrap().strict,
            Strictness::Off
        );
        assert!(parse_args(&args(&["--strict", "loud"])).is_err());
    }

    #[test]
    fn errors() {
        assert!(parse_args(&args(&["-e"])).is_err());
        assert!(parse_args(&args(&["-e", "1", "file.pp"])).is_err());
        assert!(parse_args(&args(&["--bogus"])).is_err());
        assert_eq!(parse_args(&args(&["-h", "x"])).unwrap().mode, Mode::Help);
    }
}
