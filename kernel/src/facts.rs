//! Facts in the kernel: the facts a session starts with (this machine's, or those of the
//! kernel arguments `--facts FILE` / `--facts-for FILTER`), and the `%facts` magic:
//! - `%facts`: the facts, as a table;
//! - `%facts FILE`: facts from a YAML or JSON file;
//! - `%facts NAME` (`os.release.major`): one fact, with where a module's custom fact came
//!   from (`MODULE/lib/facter/FILE.rb:LINE`) or why it has no value;
//! - `%facts for FILTER`: a facterdb fact set (`os.family=RedHat and os.release.major=9`,
//!   `debian-11`), the newest Facter version;
//! - `%facts set PATH=VALUE`: changes one fact (`os.family=RedHat`);
//! - `%facts local`: this machine's facts again.

use prepl::{Session, Value};
use serde_json::{json, Value as Json};
use std::sync::OnceLock;

// The facts files reader is the REPL's (YAML or JSON).
#[path = "../../repl/src/facts.rs"]
#[allow(dead_code)]
mod file;

pub const USAGE: &str = "Usage: %facts [NAME | FILE | for FILTER | set PATH=VALUE | local]";

/// What the kernel's command line asks for (`--facts FILE`, `--facts-for FILTER`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Start {
    pub file: Option<String>,
    pub filter: Option<String>,
}

static START: OnceLock<Start> = OnceLock::new();

/// Records the kernel arguments (once, before the session starts).
pub fn set_start(start: Start) {
    let _ = START.set(start);
}

/// The facts a new session starts with and where they come from; on a problem with the
/// arguments, this machine's facts and the problem.
pub fn initial() -> (Value, String, Option<String>) {
    let start = START.get().cloned().unwrap_or_default();
    match file::choose(start.file.as_deref(), start.filter.as_deref()) {
        Ok((facts, origin)) => (facts, origin, None),
        Err(problem) => {
            let (facts, origin) = file::local();
            (facts, origin, Some(problem))
        }
    }
}

/// Whether a cell is a `%facts` magic.
pub fn is_magic(code: &str) -> bool {
    code.split_whitespace().next() == Some("%facts")
}

/// Runs a `%facts` cell: the MIME bundle it shows, or a usage or loading error.
pub fn run(session: &mut Session, origin: &mut String, code: &str) -> Result<Json, String> {
    let arg = code.trim().strip_prefix("%facts").unwrap_or("").trim();
    if arg.is_empty() {
        let facts = session
            .variable("facts")
            .unwrap_or_else(|| Value::hash(Default::default()));
        let mut bundle = crate::render::bundle(&facts);
        if let Some(Json::String(text)) = bundle.get_mut("text/plain") {
            text.push_str(&format!("\n(from {origin})"));
            // (the fact files of the modules that gave no facts: scripts not run, as `:facts`)
            for note in &session.custom_facts().file_errors {
                text.push_str(&format!("\n({note})"));
            }
        }
        return Ok(bundle);
    }
    let (word, rest) = match arg.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (arg, ""),
    };
    let (facts, from) = match word {
        "for" if !rest.is_empty() => file::from_facterdb(rest)?,
        "for" => return Err(USAGE.into()),
        "local" if rest.is_empty() => file::local(),
        "set" => {
            let (path, value) = rest.split_once('=').ok_or(USAGE)?;
            let path = path.trim();
            if path.is_empty() || path.split('.').any(str::is_empty) {
                return Err(USAGE.into());
            }
            let value = prepl::env::facts::parse_value(value);
            // The facts given (the agent's added ones follow the node and environment).
            let current = session.given_facts();
            session.set_facts(prepl::env::facts::set_path(&current, path, value.clone()));
            if !origin.ends_with(", changed") {
                origin.push_str(", changed");
            }
            let text = format!(
                "$facts['{}'] = {}",
                path.replace('.', "']['"),
                prepl::format::to_programmatic(&value)
            );
            return Ok(json!({ "text/plain": text }));
        }
        // `%facts os.family`: that fact, and where a custom fact's value came from
        name if rest.is_empty()
            && file::is_fact_path(name)
            && !std::path::Path::new(name).exists() =>
        {
            let facts = session.variable("facts").unwrap_or(Value::Undef);
            let note = file::custom_note(session, name);
            return match (file::fact(&facts, name), note) {
                (Some(v), note) => {
                    let mut bundle = crate::render::bundle(&v);
                    if let (Some(Json::String(text)), Some(note)) =
                        (bundle.get_mut("text/plain"), note)
                    {
                        text.push('\n');
                        text.push_str(&note);
                    }
                    Ok(bundle)
                }
                (None, note) => Err(format!(
                    "No fact '{name}' (%facts lists them; %facts FILE reads a fact file).{}",
                    note.map(|n| format!("\n{n}")).unwrap_or_default()
                )),
            };
        }
        _ => {
            let path = arg.trim_matches(|c| c == '\'' || c == '"');
            (file::load(path)?, path.to_string())
        }
    };
    let count = match &facts {
        Value::Hash(h) => h.len(),
        _ => 0,
    };
    session.set_facts(facts);
    *origin = from;
    let text = format!(
        "{count} fact{} from {origin}.",
        if count == 1 { "" } else { "s" }
    );
    Ok(json!({ "text/plain": text }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(r: Result<Json, String>) -> String {
        match r {
            Ok(j) => j["text/plain"].as_str().unwrap_or("").to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn one_fact_and_where_a_custom_fact_comes_from() {
        let dir = std::env::temp_dir().join(format!("prepl-kernel-cf-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("cf/lib/facter")).unwrap();
        std::fs::write(
            dir.join("cf/lib/facter/cf.rb"),
            "Facter.add(:cf_greeting) do\n  setcode { { 'to' => \"hello #{Facter.value(:kernel)}\" } }\nend\n\
             Facter.add(:cf_none) do\n  confine kernel: 'Plan9'\n  setcode { 'x' }\nend\n",
        )
        .unwrap();
        let mut s = Session::new();
        s.set_environment(prepl::env::Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![dir.clone()],
        });
        s.set_custom_facts(true);
        let mut origin = String::from("this machine");
        run(&mut s, &mut origin, "%facts set kernel=Linux").unwrap();
        let greeting = text(run(&mut s, &mut origin, "%facts cf_greeting.to"));
        let none = text(run(&mut s, &mut origin, "%facts cf_none"));
        let kernel = text(run(&mut s, &mut origin, "%facts kernel"));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(
            greeting,
            "'hello Linux'\n(custom fact cf_greeting from cf/lib/facter/cf.rb:1)"
        );
        assert!(
            none.ends_with(
                "\n(custom fact cf_none from cf/lib/facter/cf.rb:4: no value for these facts)"
            ),
            "{none}"
        );
        assert!(none.starts_with("error: No fact 'cf_none'"), "{none}");
        // A fact of the fact set itself: no note.
        assert_eq!(kernel, "'Linux'");
    }

    #[test]
    fn the_facts_magic() {
        assert!(is_magic("%facts"));
        assert!(is_magic("  %facts for debian-11"));
        assert!(!is_magic("%factsx"));
        assert!(!is_magic("%catalog"));
        let mut s = Session::new();
        let mut origin = String::from("this machine");
        assert_eq!(
            text(run(&mut s, &mut origin, "%facts set os.family=RedHat")),
            "$facts['os']['family'] = 'RedHat'"
        );
        assert_eq!(origin, "this machine, changed");
        assert_eq!(
            text(run(&mut s, &mut origin, "%facts")),
            "{'os' => {'family' => 'RedHat'}}\n(from this machine, changed)"
        );
        assert_eq!(
            prepl::format::to_programmatic(&s.eval("$os['family']").unwrap()),
            "'RedHat'"
        );
        assert_eq!(
            text(run(&mut s, &mut origin, "%facts set x")),
            format!("error: {USAGE}")
        );
        assert_eq!(
            text(run(&mut s, &mut origin, "%facts for")),
            format!("error: {USAGE}")
        );
        assert!(text(run(&mut s, &mut origin, "%facts /nonexistent.yaml"))
            .starts_with("error: Could not read the facts file"));
        let shown = text(run(&mut s, &mut origin, "%facts local"));
        assert!(shown.contains(" facts from this machine ("), "{shown}");
        assert_eq!(
            prepl::format::to_programmatic(&s.eval("$kernel").unwrap()),
            "'Linux'"
        );
        if !prepl::env::facterdb::directories().is_empty() {
            let shown = text(run(&mut s, &mut origin, "%facts for redhat-8"));
            assert!(shown.contains(" facts from facterdb "), "{shown}");
            assert_eq!(
                prepl::format::to_programmatic(&s.eval("$osfamily").unwrap()),
                "'RedHat'"
            );
        }
    }

    #[test]
    fn the_starting_facts() {
        let (facts, origin, problem) = initial();
        assert!(origin.starts_with("this machine"), "{origin}");
        assert!(problem.is_none());
        assert!(matches!(facts, Value::Hash(h) if !h.is_empty()));
    }
}
