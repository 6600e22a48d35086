//! The environment in the kernel: the modulepath or control repo code is loaded from (kernel
//! arguments `--modulepath DIRS`, `--environment DIR`; else the notebook's directory when it
//! is a control repo or a module), and the `%env` and `%modulepath` magics:
//! - `%env`, `%modulepath`: the environment in use;
//! - `%env DIR`: use the environment directory (control repo) DIR;
//! - `%modulepath DIR[:DIR...]`: load code from the modules in these directories.

use prepl::env::Environment;
use prepl::Session;
use std::path::PathBuf;
use std::sync::OnceLock;

pub const USAGE: &str = "Usage: %env [DIR] | %modulepath [DIR[:DIR...]]";

/// What the kernel's command line asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Start {
    pub modulepath: Option<String>,
    pub environment: Option<String>,
}

static START: OnceLock<Start> = OnceLock::new();

/// Records the kernel arguments (once, before the session starts).
pub fn set_start(start: Start) {
    let _ = START.set(start);
}

/// The environment a new session starts with, if any, and a note saying where it came from.
pub fn initial() -> Result<Option<(Environment, String)>, String> {
    let start = START.get().cloned().unwrap_or_default();
    let extra = start
        .modulepath
        .as_deref()
        .map(prepl::env::split_paths)
        .unwrap_or_default();
    if let Some(dir) = &start.environment {
        let env = Environment::from_dir(existing_dir(dir)?, extra);
        let note = describe(&env);
        return Ok(Some((env, note)));
    }
    if !extra.is_empty() {
        let env = Environment {
            modulepath: extra,
            ..Environment::empty()
        };
        let note = describe(&env);
        return Ok(Some((env, note)));
    }
    let here = std::env::current_dir().ok();
    Ok(here.as_deref().and_then(prepl::env::detect))
}

/// The directory as given (relative to the notebook's directory, where the kernel runs).
fn existing_dir(dir: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(dir);
    if !path.is_dir() {
        return Err(format!("{dir} is not a directory"));
    }
    Ok(path)
}

/// `environment production in /x, modulepath /x/modules.`
pub fn describe(env: &Environment) -> String {
    let dir = match &env.dir {
        Some(d) => format!("Environment {} in {}", env.name, d.display()),
        None => format!("Environment {} (no directory)", env.name),
    };
    let path = if env.modulepath.is_empty() {
        "no modulepath".to_string()
    } else {
        format!("modulepath {}", prepl::env::join_paths(&env.modulepath))
    };
    format!("{dir}, {path}.")
}

/// Whether a cell is an `%env` or `%modulepath` magic.
pub fn is_magic(code: &str) -> bool {
    matches!(code.split_whitespace().next(), Some("%env" | "%modulepath"))
}

/// Runs an `%env` or `%modulepath` cell: the text it shows, or an error.
pub fn run(session: &mut Session, code: &str) -> Result<String, String> {
    let code = code.trim();
    let (word, arg) = match code.split_once(char::is_whitespace) {
        Some((w, a)) => (w, a.trim().trim_matches(|c| c == '\'' || c == '"')),
        None => (code, ""),
    };
    if arg.is_empty() {
        return Ok(describe(session.environment()));
    }
    let env = match word {
        "%env" => Environment::from_dir(existing_dir(arg)?, Vec::new()),
        "%modulepath" => {
            let dirs = prepl::env::split_paths(arg);
            if let Some(missing) = dirs.iter().find(|d| !d.is_dir()) {
                return Err(format!("{} is not a directory", missing.display()));
            }
            Environment {
                modulepath: dirs,
                ..session.environment().clone()
            }
        }
        _ => return Err(USAGE.into()),
    };
    let text = describe(&env);
    session.set_environment(env);
    Ok(format!("Now using: {text}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magics_show_and_change_the_environment() {
        assert!(is_magic("%env") && is_magic(" %modulepath /x") && !is_magic("%facts"));
        let mut s = Session::new();
        assert_eq!(
            run(&mut s, "%env").unwrap(),
            "Environment production (no directory), no modulepath."
        );
        let dir = std::env::temp_dir();
        let shown = run(&mut s, &format!("%modulepath {}", dir.display())).unwrap();
        assert!(
            shown.starts_with("Now using: Environment production (no directory), modulepath"),
            "{shown}"
        );
        assert_eq!(s.environment().modulepath, vec![dir]);
        assert!(run(&mut s, "%env /no/such/dir")
            .unwrap_err()
            .contains("is not a directory"));
    }
}
