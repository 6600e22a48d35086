//! The environment in the kernel: the modulepath or control repo code is loaded from (kernel
//! arguments `--modulepath DIRS`, `--environment DIR`; else the notebook's directory when it
//! is a control repo or a module), and the `%env` and `%modulepath` magics:
//! - `%env`, `%modulepath`: the environment in use;
//! - `%env DIR`: use the environment directory (control repo) DIR;
//! - `%modulepath DIR[:DIR...]`: load code from the modules in these directories;
//! - `%lookup KEY [--explain] [--merge STRATEGY]`: the value of a Hiera key (a cell that
//!   evaluates `lookup(...)`), or how it was searched (`puppet lookup --explain`);
//! - `%hiera-config [FILE|none]`: the global Hiera layer's `hiera.yaml`;
//! - `%set exec on|off` (`generate()` runs commands), `%set module-functions on|off` (native
//!   versions of modules' Ruby functions without their module), `%set strict
//!   off|warning|error` (the REPL's `:strict`).
//!
//! `%set basemodulepath [DIRS|none]` shows or sets the global modules every modulepath ends
//! with (the reference's `basemodulepath`; kernel argument `--basemodulepath DIRS|''`, else
//! `PREPL_BASEMODULEPATH`, else the reference's: `prepl::env::basemodulepath`).
//!
//! Kernel arguments: `--hiera-config FILE` (default: the reference's global `hiera.yaml` when
//! it exists), `--allow-exec`, `--module-functions`, `--strict LEVEL`.

use prepl::env::Environment;
use prepl::inventory::Listing;
use prepl::Session;
use std::path::PathBuf;
use std::sync::OnceLock;

pub const USAGE: &str = "Usage: %env [DIR] | %modulepath [DIR[:DIR...]] | %classes|%defines|%resource_types [FILTER] | %lookup KEY [--explain] | %hiera-config [FILE|none] | %set exec|module-functions on|off | %set integer-bounds spec|reference | %set strict off|warning|error | %set print-limit N|off | %set basemodulepath [DIRS|none]";

/// The usage of `%set`.
const SET_USAGE: &str = "Usage: %set exec on|off | %set module-functions on|off | %set integer-bounds spec|reference | %set strict off|warning|error | %set print-limit N|off | %set basemodulepath [DIRS|none]";

/// What the kernel's command line asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Start {
    pub modulepath: Option<String>,
    pub environment: Option<String>,
    /// `--basemodulepath DIRS` (`''` for none).
    pub basemodulepath: Option<String>,
    pub hiera_config: Option<String>,
    pub allow_exec: bool,
    pub module_functions: bool,
    /// `--integer-bounds spec|reference`: how `Integer[n]` reads (by default as n or more,
    /// the reference's reading).
    pub single_bound: prepl::SingleBound,
    /// `--strict LEVEL` (default `error`).
    pub strict: prepl::Strictness,
}

static START: OnceLock<Start> = OnceLock::new();

/// Records the kernel arguments (once, before the session starts).
pub fn set_start(start: Start) {
    let _ = START.set(start);
}

/// Applies the kernel arguments other than the environment (global Hiera layer, running
/// commands, native module functions) to a new session; a problem is for the kernel's log.
pub fn apply_options(session: &mut Session) -> Result<(), String> {
    let start = START.get().cloned().unwrap_or_default();
    session.set_allow_exec(start.allow_exec);
    session.set_module_functions_always(start.module_functions);
    session.set_single_bound(start.single_bound);
    session.set_strict(start.strict);
    session.set_base_modulepath(prepl::env::basemodulepath::resolve(
        start.basemodulepath.as_deref(),
    ));
    match &start.hiera_config {
        Some(file) if !std::path::Path::new(file).is_file() => {
            Err(format!("--hiera-config: {file} is not a file"))
        }
        Some(file) => {
            session.set_hiera_config(Some(PathBuf::from(file)));
            Ok(())
        }
        None => {
            session.set_hiera_config(prepl::env::hiera::default_global_config());
            Ok(())
        }
    }
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
    let here = prepl::env::current_dir();
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

/// Whether a cell is one of this module's magics.
pub fn is_magic(code: &str) -> bool {
    matches!(
        code.split_whitespace().next(),
        Some(
            "%env"
                | "%modulepath"
                | "%lookup"
                | "%hiera-config"
                | "%set"
                | "%classes"
                | "%defines"
                | "%resource_types"
        )
    )
}

/// The Puppet source a `%lookup KEY` cell (without `--explain`) evaluates, so that its value
/// shows as any cell's.
pub fn lookup_source(code: &str) -> Option<String> {
    let arg = code.trim().strip_prefix("%lookup")?;
    if !arg.is_empty() && !arg.starts_with(char::is_whitespace) {
        return None;
    }
    prepl::env::hiera::LookupCommand::parse(arg)
        .filter(|c| !c.explain)
        .map(|c| c.source())
}

/// `%classes [FILTER]`, `%defines [FILTER]`, `%resource_types [FILTER]`: what the session
/// and the modulepath define (loaded or not), as the REPL's `:classes` lists them.
fn listing(session: &Session, what: Listing, filter: &str) -> String {
    let filter = filter.to_ascii_lowercase();
    let shown: Vec<(String, String)> = prepl::inventory::listing(session, what)
        .into_iter()
        .filter(|(n, _)| n.to_ascii_lowercase().contains(&filter))
        .collect();
    if shown.is_empty() {
        return "Nothing matches (the modulepath: %modulepath).".into();
    }
    let column = shown
        .iter()
        .map(|(n, _)| n.len())
        .max()
        .unwrap_or(0)
        .min(40);
    let mut out: String = shown
        .iter()
        .map(|(n, origin)| format!("{n:<column$}  {origin}\n"))
        .collect();
    out.push_str(&format!(
        "{} in all; Shift-Tab on a name (or help) describes it.",
        shown.len()
    ));
    out
}

/// Runs a magic cell of this module: the text it shows, or an error.
pub fn run(session: &mut Session, code: &str) -> Result<String, String> {
    let code = code.trim();
    let (word, arg) = match code.split_once(char::is_whitespace) {
        Some((w, a)) => (w, a.trim().trim_matches(|c| c == '\'' || c == '"')),
        None => (code, ""),
    };
    match word {
        "%lookup" => {
            let usage = || format!("Usage: %lookup {}", prepl::env::hiera::LookupCommand::USAGE);
            let command = prepl::env::hiera::LookupCommand::parse(arg).ok_or_else(usage)?;
            if !command.explain {
                return Err(usage());
            }
            return Ok(command.explain(session));
        }
        "%hiera-config" => return hiera_config(session, arg),
        "%set" => return set(session, arg),
        "%classes" => return Ok(listing(session, Listing::Classes, arg)),
        "%defines" => return Ok(listing(session, Listing::Defines, arg)),
        "%resource_types" => return Ok(listing(session, Listing::ResourceTypes, arg)),
        _ => {}
    }
    if arg.is_empty() {
        return Ok(describe_session(session));
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
    session.set_environment(env);
    Ok(format!("Now using: {}", describe_session(session)))
}

/// The session's environment (its whole modulepath) and its base modulepath.
fn describe_session(session: &Session) -> String {
    let base = session.base_modulepath();
    let note = if base.is_empty() {
        "No base modulepath (%set basemodulepath DIRS).".to_string()
    } else {
        format!(
            "Base modulepath (global modules, as puppet apply's basemodulepath): {} (%set basemodulepath none for none).",
            prepl::env::join_paths(base)
        )
    };
    format!("{} {note}", describe(session.environment()))
}

/// `%hiera-config [FILE|none]`.
fn hiera_config(session: &mut Session, arg: &str) -> Result<String, String> {
    let shown = |p: Option<&std::path::Path>| match p {
        Some(p) => format!("Global Hiera layer: {}", p.display()),
        None => "No global Hiera layer.".to_string(),
    };
    match arg {
        "" => {}
        "none" => session.set_hiera_config(None),
        file => {
            let path = PathBuf::from(file);
            if !path.is_file() {
                return Err(format!("{file} is not a file"));
            }
            session.set_hiera_config(Some(path));
        }
    }
    Ok(shown(session.hiera_config()))
}

/// `%set exec on|off`, `%set module-functions on|off`, `%set integer-bounds spec|reference`,
/// `%set strict off|warning|error` (shown alone: the strictness in force).
fn set(session: &mut Session, arg: &str) -> Result<String, String> {
    let words: Vec<&str> = arg.split_whitespace().collect();
    match words.as_slice() {
        ["exec", w @ ("on" | "off")] => {
            session.set_allow_exec(*w == "on");
            Ok(if *w == "on" {
                "generate() runs commands.".into()
            } else {
                "generate() is refused.".into()
            })
        }
        ["module-functions", w @ ("on" | "off")] => {
            session.set_module_functions_always(*w == "on");
            Ok(if *w == "on" {
                "Native module functions (stdlib's to_json, merge, ...) are available without their module.".into()
            } else {
                "Native module functions need their module on the modulepath, as in the reference."
                    .into()
            })
        }
        ["integer-bounds", w @ ("spec" | "reference")] => {
            let reading = if *w == "spec" {
                prepl::SingleBound::Exact
            } else {
                prepl::SingleBound::AtLeast
            };
            session.set_single_bound(reading);
            Ok(reading.note().into())
        }
        ["print-limit", "off"] => {
            crate::render::set_print_limit(None);
            Ok("Results are shown whole.".into())
        }
        ["print-limit", n] => match n.parse::<usize>() {
            Ok(n) if n > 0 => {
                crate::render::set_print_limit(Some(n));
                Ok(format!("Results show at most {n} elements."))
            }
            _ => Err(SET_USAGE.into()),
        },
        ["basemodulepath"] => Ok(describe_session(session)),
        ["basemodulepath", dirs] => {
            let base = match *dirs {
                "none" => Vec::new(),
                dirs => prepl::env::split_paths(dirs),
            };
            if let Some(missing) = base.iter().find(|d| !d.is_dir()) {
                return Err(format!("{} is not a directory", missing.display()));
            }
            session.set_base_modulepath(base);
            Ok(describe_session(session))
        }
        ["strict"] => Ok(strictness_note(session.strict())),
        ["strict", w] => {
            let strict = prepl::Strictness::parse(w).ok_or(SET_USAGE)?;
            session.set_strict(strict);
            Ok(strictness_note(strict))
        }
        _ => Err(SET_USAGE.into()),
    }
}

/// `Strictness is warning.`, as the REPL's `:strict` says it.
fn strictness_note(strict: prepl::Strictness) -> String {
    format!(
        "Strictness is {}.",
        prepl::env::settings::strict_name(strict)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_of_classes_defines_and_resource_types() {
        assert!(is_magic("%classes") && is_magic("%resource_types file"));
        let mut s = Session::new();
        s.eval("class mine { } define mydef() { }").unwrap();
        let classes = run(&mut s, "%classes").unwrap();
        assert!(
            classes.starts_with("mine  this session\n1 in all"),
            "{classes}"
        );
        let types = run(&mut s, "%resource_types my").unwrap();
        assert!(
            types.starts_with("mydef  this session (defined type)\n"),
            "{types}"
        );
        let types = run(&mut s, "%resource_types").unwrap();
        assert!(
            types.contains("package  ") && types.contains("built in"),
            "{types}"
        );
        assert!(run(&mut s, "%defines zzz")
            .unwrap()
            .starts_with("Nothing matches"));
    }

    #[test]
    fn magics_show_and_change_the_environment() {
        assert!(is_magic("%env") && is_magic(" %modulepath /x") && !is_magic("%facts"));
        let mut s = Session::new();
        assert_eq!(
            run(&mut s, "%env").unwrap(),
            "Environment production (no directory), no modulepath. \
             No base modulepath (%set basemodulepath DIRS)."
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

    #[test]
    fn lookup_hiera_config_and_set_magics() {
        assert!(is_magic("%lookup a") && is_magic("%set exec on") && is_magic("%hiera-config"));
        assert_eq!(lookup_source("%lookup a::b"), Some("lookup('a::b')".into()));
        assert_eq!(
            lookup_source("%lookup a --merge deep"),
            Some("lookup('a', {merge => 'deep'})".into())
        );
        assert_eq!(lookup_source("%lookup a --explain"), None);
        assert_eq!(lookup_source("%lookupx"), None);
        let mut s = Session::new();
        let explained = run(&mut s, "%lookup nothing --explain").unwrap();
        assert!(
            explained.contains("did not find a value for the name 'nothing'"),
            "{explained}"
        );
        assert!(run(&mut s, "%lookup")
            .unwrap_err()
            .starts_with("Usage: %lookup"));
        assert_eq!(
            run(&mut s, "%hiera-config none").unwrap(),
            "No global Hiera layer."
        );
        assert!(run(&mut s, "%hiera-config /no/such.yaml").is_err());
        assert!(!s.allow_exec());
        run(&mut s, "%set exec on").unwrap();
        assert!(s.allow_exec());
        run(&mut s, "%set module-functions on").unwrap();
        assert!(s.module_functions_always());
        assert!(run(&mut s, "%set exec maybe").is_err());
        // The reference's reading by default; `%set integer-bounds spec` for the spec's.
        assert_eq!(s.single_bound(), prepl::SingleBound::AtLeast);
        let shown =
            |s: &mut Session, src: &str| prepl::format::to_programmatic(&s.eval(src).unwrap());
        // the oracle: [Integer[1], true]
        assert_eq!(
            shown(&mut s, "[Integer[1], 5 =~ Integer[1]]"),
            "[Integer[1], true]"
        );
        run(&mut s, "%set integer-bounds spec").unwrap();
        assert_eq!(s.single_bound(), prepl::SingleBound::Exact);
        assert_eq!(
            shown(&mut s, "[Integer[1], 5 =~ Integer[1], Integer[1, default]]"),
            "[Integer[1, 1], false, Integer[1, default]]"
        );
        run(&mut s, "%set integer-bounds reference").unwrap();
        assert_eq!(s.single_bound(), prepl::SingleBound::AtLeast);
        assert!(run(&mut s, "%set integer-bounds maybe").is_err());
        assert_eq!(run(&mut s, "%set strict").unwrap(), "Strictness is error.");
        assert_eq!(
            run(&mut s, "%set strict warning").unwrap(),
            "Strictness is warning."
        );
        assert_eq!(s.strict(), prepl::Strictness::Warning);
        let v = s
            .eval("[$nosuch, $settings::strict, $settings::strict_variables]")
            .unwrap();
        assert_eq!(
            prepl::format::to_programmatic(&v),
            "[undef, 'warning', false]"
        );
        assert_eq!(
            s.take_logs(),
            vec![(
                prepl::LogLevel::Warning,
                "Unknown variable: 'nosuch'. (file: In[3], line: 1, column: 2)".to_string()
            )]
        );
        run(&mut s, "%set strict off").unwrap();
        assert_eq!(s.strict(), prepl::Strictness::Off);
        assert_eq!(run(&mut s, "%set strict maybe").unwrap_err(), SET_USAGE);
    }

    /// `%set basemodulepath DIRS` adds global modules after the modulepath's own; `none`
    /// removes them; `%env` shows both.
    #[test]
    fn base_modulepath_magic() {
        let root = std::env::temp_dir().join(format!("prepl-kernel-base-{}", std::process::id()));
        let (own, base) = (root.join("own"), root.join("base"));
        std::fs::create_dir_all(&own).unwrap();
        std::fs::create_dir_all(base.join("g/manifests")).unwrap();
        std::fs::write(base.join("g/manifests/init.pp"), "class g {}").unwrap();
        let mut s = Session::new();
        assert!(run(&mut s, "%env").unwrap().contains("No base modulepath"));
        run(&mut s, &format!("%modulepath {}", own.display())).unwrap();
        let shown = run(&mut s, &format!("%set basemodulepath {}", base.display())).unwrap();
        let both = format!("modulepath {}:{}.", own.display(), base.display());
        assert!(shown.contains(&both), "{shown}");
        assert!(s.eval("include g").is_ok());
        assert!(run(&mut s, "%set basemodulepath /nonexistent/dir").is_err());
        run(&mut s, "%set basemodulepath none").unwrap();
        assert_eq!(s.environment().modulepath, vec![own.clone()]);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
