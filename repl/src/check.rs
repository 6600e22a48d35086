//! `prepl --check FILE...`: parses and validates many files in one process, as
//! `puppet parser validate` does, and reports every error (and warning) with
//! `FILE:LINE:COLUMN`. Exit status 1 if any file has an error (or cannot be read).

use std::io::Write;

/// What checking one file found: its errors and warnings, as report lines.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
}

/// Checks the source `text` of the file `name`.
pub fn check_text(name: &str, text: &str) -> Report {
    let source = prepl::Source::new(name, text);
    let at = |span: Option<prepl::syntax::ast::Span>| match span {
        Some(span) => {
            let (line, col) = source.line_col(span.start);
            format!("{name}:{line}:{col}")
        }
        None => name.to_string(),
    };
    let mut report = Report::default();
    let parsed = std::panic::catch_unwind(|| prepl::syntax::parse_with_warnings(text))
        .unwrap_or_else(|_| {
            Err(prepl::Error::new(
                prepl::ErrorKind::Syntax,
                "internal error while parsing",
            ))
        });
    match parsed {
        Ok((_, warnings)) => {
            for w in warnings {
                report
                    .warnings
                    .push(format!("{}: warning: {}", at(Some(w.span)), w.message));
            }
        }
        Err(e) => {
            // Validation reports every problem it found, then gives up with a summary
            // ("Language validation logged N errors. Giving up"): the problems are the
            // errors.
            let all: Vec<&prepl::Error> = if e.logged.is_empty() {
                vec![&e]
            } else {
                e.logged.iter().collect()
            };
            for e in all {
                report
                    .errors
                    .push(format!("{}: error: {}", at(e.span), e.full_message()));
            }
        }
    }
    report
}

/// Checks every file; prints the errors and warnings on stderr and a summary line; returns
/// the exit status.
pub fn run(files: &[String]) -> i32 {
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    let (mut failed, mut errors) = (0usize, 0usize);
    for file in files {
        // (regular files only, as far as the limit for source text: a FIFO or /dev/zero
        // would hang or grow without end)
        let read =
            prepl::limits::files::open_regular(std::path::Path::new(file)).and_then(|(f, meta)| {
                let max = prepl::limits::MAX_SOURCE as usize;
                prepl::limits::files::read_at_most(f, meta.len(), max)
            });
        let report = match read {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => check_text(file, &text),
                Err(_) => Report {
                    errors: vec![format!("{file}: error: the file is not UTF-8 text")],
                    warnings: Vec::new(),
                },
            },
            Err(e) if e.kind() == std::io::ErrorKind::OutOfMemory => Report {
                errors: vec![format!(
                    "{file}: error: Could not read file: the program is larger than {} (the \
                     limit for source text)",
                    prepl::limits::human(prepl::limits::MAX_SOURCE as usize)
                )],
                warnings: Vec::new(),
            },
            Err(e) => Report {
                errors: vec![format!("{file}: error: Could not read file: {e}")],
                warnings: Vec::new(),
            },
        };
        for line in report.warnings.iter().chain(&report.errors) {
            let _ = writeln!(err, "{line}");
        }
        if !report.errors.is_empty() {
            failed += 1;
            errors += report.errors.len();
        }
    }
    let _ = writeln!(
        err,
        "{} file{} checked, {failed} with errors ({errors} error{})",
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        if errors == 1 { "" } else { "s" },
    );
    i32::from(failed > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_valid_file_has_no_errors() {
        assert_eq!(
            check_text("a.pp", "class a { notice(1) }\n"),
            Report::default()
        );
    }

    #[test]
    fn errors_have_file_line_and_column() {
        let r = check_text("m/init.pp", "$x = 1\n$y = [1,\n");
        assert_eq!(r.errors.len(), 1);
        assert!(r.errors[0].starts_with("m/init.pp:"), "{:?}", r.errors);
        let r = check_text("b.pp", "\n  $0 = 1\n");
        assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
        assert!(
            r.errors[0].starts_with("b.pp:2:3: error: "),
            "{:?}",
            r.errors
        );
    }

    #[test]
    fn every_validation_error_is_reported() {
        let r = check_text("c.pp", "$0 = 1\n$1 = 2\n");
        assert!(r.errors.len() >= 2, "{:?}", r.errors);
        assert!(r.errors.iter().any(|e| e.starts_with("c.pp:1:")));
        assert!(r.errors.iter().any(|e| e.starts_with("c.pp:2:")));
    }

    #[test]
    fn warnings_are_reported_apart() {
        let r = check_text("d.pp", "\"\\q\"\n");
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.warnings.len(), 1, "{:?}", r.warnings);
        assert!(r.warnings[0].starts_with("d.pp:1:"), "{:?}", r.warnings);
    }
}
