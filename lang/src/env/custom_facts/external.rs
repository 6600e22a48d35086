//! Modules' external facts (`MODULE/facts.d/*`): `puppet apply` adds each module's
//! `facts.d` to Facter's external fact directories (the agent pluginsyncs them), so a
//! module's `.txt`, `.json` and `.yaml` files give facts like those of
//! `/etc/puppetlabs/facter/facts.d`. An external fact replaces a core fact of the same name
//! and wins over a custom fact (`lib/facter`), whose code sees it through `Facter.value`.
//! Files are read in name order, modules in modulepath order (the first module of a name);
//! within a module a later file's fact replaces an earlier one's, across modules the first
//! module's stays, and this machine's own `facts.d` directories win over all (Facter reads
//! them first). An executable fact script (a file with no data extension) is run only when
//! the session allows running commands (`prepl --allow-exec`, `:set exec on`), as Facter runs
//! it: its standard output read as YAML (or JSON) when that gives a hash, else as `key=value`
//! lines; otherwise it is noted instead (`:facts` lists the notes). So are the scripts of
//! this machine's own `facts.d` directories, for this machine's facts.

use super::{CustomFact, FactKind, Outcome};
use crate::env::Environment;
use crate::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The external facts of the modules of `env`'s modulepath, in the order Facter reads them,
/// and a note for each fact script left out (run when `allow_exec`).
pub(super) fn of_modules(env: &Environment, allow_exec: bool) -> (Vec<CustomFact>, Vec<String>) {
    let mut facts: Vec<CustomFact> = Vec::new();
    let mut notes = Vec::new();
    for (dir, facts_d) in directories(&env.modulepath).iter() {
        let mut files: Vec<_> = crate::env::fs::list(facts_d).to_vec();
        files.sort();
        // (within a module a later file's fact replaces an earlier one's; across modules
        // the first module's stays, as Puppet 7.23's Facter answers)
        let mut of_module: Vec<CustomFact> = Vec::new();
        for file in files {
            read_file(dir, &file, &mut of_module, &mut notes, allow_exec);
        }
        for fact in of_module {
            if !facts.iter().any(|f| f.name == fact.name) {
                facts.push(fact);
            }
        }
    }
    (facts, notes)
}

/// A module's `facts.d`, with its modulepath directory.
type FactsDir = (PathBuf, PathBuf);

/// The `facts.d` directories of a modulepath's modules (the first module of a name), kept
/// for the process while the directories stay the same: looking for each module's is ~3 k
/// instructions a module (300 k for Debian's 94 modules), and few modules have one.
fn directories(modulepath: &[PathBuf]) -> Arc<[FactsDir]> {
    static KEPT: crate::env::fs::StableMemo<Arc<[FactsDir]>> = crate::env::fs::StableMemo::new();
    let mut key = Vec::new();
    for dir in modulepath {
        key.extend_from_slice(crate::env::fs::key(dir));
        key.push(0);
    }
    KEPT.get_or_find(key, || {
        let listings: Vec<_> = modulepath.iter().map(|d| crate::env::fs::list(d)).collect();
        let mut seen = std::collections::HashSet::new();
        let mut found = Vec::new();
        for (dir, listing) in modulepath.iter().zip(&listings) {
            for module in listing.iter() {
                let Some(name) = module.file_name() else {
                    continue;
                };
                if !seen.insert(name) {
                    continue;
                }
                let facts_d = module.join("facts.d");
                if crate::env::fs::is_dir(&facts_d) {
                    found.push((dir.clone(), facts_d));
                }
            }
        }
        found.into()
    })
}

fn read_file(
    dir: &Path,
    file: &Path,
    facts: &mut Vec<CustomFact>,
    notes: &mut Vec<String>,
    allow_exec: bool,
) {
    if !crate::env::fs::is_file(file) {
        return;
    }
    let shown = super::shown_path(dir, file);
    let Some(format) = crate::env::facts::ExternalFormat::of(file) else {
        if is_executable(file) {
            script(file, &shown, facts, notes, allow_exec);
        }
        return;
    };
    let Ok(text) = crate::env::fs::read_to_string(file) else {
        return;
    };
    for (name, value) in format.facts(&text) {
        facts.retain(|f| f.name != name);
        facts.push(CustomFact {
            name,
            origin: shown.clone(),
            kind: FactKind::External,
            outcome: Outcome::Value(value),
        });
    }
}

/// An executable external fact (`shown` as notes name it): run when `allow_exec`, its facts
/// added to `facts`; else, or when it fails or gives no facts, a note.
fn script(
    file: &Path,
    shown: &str,
    facts: &mut Vec<CustomFact>,
    notes: &mut Vec<String>,
    allow_exec: bool,
) {
    if !allow_exec {
        notes.push(format!(
            "{shown}: an executable external fact, not run (running commands is enabled by prepl --allow-exec, :set exec on)"
        ));
        return;
    }
    // (Facter runs the file itself, its path quoted)
    let path = file.display().to_string();
    let command = format!("'{}'", path.replace('\'', "'\\''"));
    let output = match crate::env::fact_command::output(
        &command,
        crate::env::fact_command::DEFAULT_TIMEOUT,
        false,
    ) {
        Ok(output) => output,
        Err(e) => {
            let why = match e {
                crate::erb::HostError::Raise(m)
                | crate::erb::HostError::RaiseAs { message: m, .. }
                | crate::erb::HostError::Unsupported(m)
                | crate::erb::HostError::Throw(m) => m,
            };
            notes.push(format!("{shown}: {why}"));
            return;
        }
    };
    let found = script_facts(&output);
    if found.is_empty() {
        // (Facter's warning)
        notes.push(format!(
            "{shown}: Fact file {path} was parsed but no key=>value data was returned"
        ));
    }
    for (name, value) in found {
        facts.retain(|f| f.name != name);
        facts.push(CustomFact {
            name,
            origin: format!("{shown} (its output)"),
            kind: FactKind::External,
            outcome: Outcome::Value(value),
        });
    }
}

/// The facts of a fact script's output, as Facter reads it: YAML (JSON too) when that gives
/// a hash, else the `key=value` lines (`^(.+?)=(.+)$`, as they are); names in lower case.
pub(crate) fn script_facts(output: &str) -> Vec<(String, Value)> {
    let found: Vec<(String, Value)> = match crate::env::hiera::yaml::parse(output) {
        Ok(Value::Hash(h)) => h
            .iter()
            .map(|(k, v)| (crate::format::to_display(k), v.clone()))
            .collect(),
        _ => output
            .split_inclusive('\n')
            .filter_map(crate::env::facts::key_value)
            .collect(),
    };
    found
        .into_iter()
        .map(|(k, v)| (k.to_lowercase(), v))
        .collect()
}

/// The executable external facts of this machine's own `facts.d` directories (its data files
/// are in `facts::local()`), for this machine's facts: run when `allow_exec`, else noted.
pub(super) fn of_this_machine(allow_exec: bool) -> (Vec<CustomFact>, Vec<String>) {
    let mut facts = Vec::new();
    let mut notes = Vec::new();
    for file in crate::env::facts::system_fact_scripts() {
        if is_executable(&file) {
            let shown = file.display().to_string();
            script(&file, &shown, &mut facts, &mut notes, allow_exec);
        }
    }
    (facts, notes)
}

#[cfg(unix)]
fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(file).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(_file: &Path) -> bool {
    false
}

/// `facts` with the external facts applied: on this machine's facts they replace what the
/// fact set has (as Facter's do), except the facts of this machine's own `facts.d`
/// directories; another node's fact set (a facts file, facterdb) keeps its own values and
/// gains only the facts it lacks, as custom facts are added.
pub(super) fn applied_to(external: &[CustomFact], facts: &Value, this_machine: bool) -> Value {
    let Value::Hash(h) = facts else {
        return facts.clone();
    };
    if external.is_empty() {
        return facts.clone();
    }
    let systems = if this_machine {
        crate::env::facts::system_external_fact_names()
    } else {
        Vec::new()
    };
    let mut out = None;
    for f in external {
        let Outcome::Value(v) = &f.outcome else {
            continue;
        };
        let k = Value::from(f.name.as_str());
        let replaces = this_machine && !systems.contains(&f.name);
        if replaces || !h.contains_key(&k) {
            out.get_or_insert_with(|| (**h).clone())
                .insert(k, v.clone());
        }
    }
    out.map_or_else(|| facts.clone(), Value::hash)
}

#[cfg(test)]
mod tests {
    /// A script's `key=value` output read as Facter reads it (`=a=b` names `=a`, nothing
    /// trimmed, empty values left out).
    #[test]
    fn script_output_lines_as_facter_reads_them() {
        let facts: Vec<String> = super::script_facts("=a=b\nKey = v \nempty=\nx=1\r\n")
            .iter()
            .map(|(k, v)| format!("{k}|{}", crate::format::to_display(v)))
            .collect();
        assert_eq!(facts, ["=a|b", "key | v ", "x|1"]);
    }

    use super::super::add_module_facts;
    use super::*;
    use crate::tests::write_file;

    fn shown(facts: &Value, name: &str) -> String {
        match facts {
            Value::Hash(h) => h
                .get(&Value::from(name))
                .map_or("absent".into(), crate::format::to_programmatic),
            _ => "not a hash".into(),
        }
    }

    /// As `puppet apply` does (checked with Puppet 7.23 and Facter 4): modules' `facts.d`
    /// files give facts that replace this machine's core facts, win over custom facts of
    /// the same name and are seen by custom facts' `Facter.value`; another node's fact set
    /// keeps its own values.
    #[test]
    fn modules_external_facts() {
        let root =
            std::env::temp_dir().join(format!("prepl-module-facts-d-{}", std::process::id()));
        let (first, second) = (root.join("first"), root.join("second"));
        write_file(
            &first,
            "xm/facts.d/a.yaml",
            "modfact: from_module\nosfamily: Foo\nlist: [1, 2]\n",
        );
        write_file(&first, "xm/facts.d/b.txt", "ModTxt=hello\nnot a fact\n");
        write_file(
            &first,
            "xm/facts.d/c.json",
            r#"{"modjson": {"k": true}, "modfact": "from json"}"#,
        );
        write_file(&first, "xm/facts.d/run.sh", "#!/bin/sh\necho x=1\n");
        write_file(&first, "xm/facts.d/notes.md", "ignored=1\n");
        write_file(
            &first,
            "xm/lib/facter/x.rb",
            "Facter.add(:modfact) { setcode { 'custom' } }\nFacter.add(:cf) { setcode { Facter.value(:modtxt) } }\n",
        );
        // (the first module of a name is the one Puppet loads)
        write_file(&second, "xm/facts.d/a.yaml", "shadowed: yes\n");
        write_file(
            &second,
            "ym/facts.d/y.yaml",
            "modfact: from ym\nym_only: y\n",
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let script = first.join("xm/facts.d/run.sh");
            std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let env = Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![first.clone(), second.clone()],
        };
        let given = crate::env::facts_file::parse_json(
            r#"{"osfamily": "Debian", "os": {"family": "Debian"}}"#,
        )
        .unwrap();

        let (facts, report) = add_module_facts(&env, &given, "vm", true, false);
        assert_eq!(shown(&facts, "modfact"), "'from json'");
        assert_eq!(shown(&facts, "osfamily"), "'Foo'");
        assert_eq!(shown(&facts, "list"), "[1, 2]");
        assert_eq!(shown(&facts, "modtxt"), "'hello'");
        assert_eq!(shown(&facts, "modjson"), "{'k' => true}");
        assert_eq!(shown(&facts, "cf"), "'hello'");
        assert_eq!(shown(&facts, "shadowed"), "absent");
        assert_eq!(shown(&facts, "ignored"), "absent");
        let modfact = report.get("modfact").unwrap();
        assert_eq!(
            (modfact.kind, modfact.origin.as_str()),
            (FactKind::External, "xm/facts.d/c.json")
        );
        assert_eq!(shown(&facts, "ym_only"), "'y'");
        assert_eq!(report.get("cf").unwrap().kind, FactKind::Custom);
        #[cfg(unix)]
        assert_eq!(
            report.file_errors,
            ["xm/facts.d/run.sh: an executable external fact, not run (running commands is enabled by prepl --allow-exec, :set exec on)"]
        );
        assert_eq!(shown(&facts, "x"), "absent");

        // another node's facts keep their values, and gain what they lack
        let (facts, _) = add_module_facts(&env, &given, "vm", false, false);
        assert_eq!(shown(&facts, "osfamily"), "'Debian'");
        assert_eq!(shown(&facts, "modfact"), "'from json'");
        assert_eq!(shown(&facts, "cf"), "'hello'");
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// Executable external facts (`facts.d` files with no data extension) run only when
    /// running commands is enabled, as Facter runs them: their output read as YAML or JSON
    /// when that gives a hash, else as `key=value` lines; `:facts` names the script.
    #[cfg(unix)]
    #[test]
    fn fact_scripts_run_only_when_allowed() {
        use std::os::unix::fs::PermissionsExt;
        let root = std::env::temp_dir().join(format!("prepl-fact-scripts-{}", std::process::id()));
        let scripts = [
            (
                "a_kv",
                "#!/bin/sh\necho Kv_Fact=one\necho 'spaced = two'\necho 'novalue='\n",
            ),
            (
                "b_yaml",
                "#!/bin/sh\nprintf 'yfact: 3\\nylist: [a, b]\\n'\n",
            ),
            ("c_json", "#!/bin/sh\necho '{\"jfact\": {\"k\": true}}'\n"),
            ("d_empty", "#!/bin/sh\ntrue\n"),
            ("e with space", "#!/bin/sh\necho spaced_name=yes\n"),
        ];
        for (name, text) in scripts {
            write_file(&root, &format!("sm/facts.d/{name}"), text);
            let path = root.join("sm/facts.d").join(name);
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        // (an executable data file is read as data, not run; a script not executable is left)
        write_file(&root, "sm/facts.d/f.txt", "#!/bin/sh\ntxt_fact=data\n");
        let txt = root.join("sm/facts.d/f.txt");
        std::fs::set_permissions(&txt, std::fs::Permissions::from_mode(0o755)).unwrap();
        write_file(&root, "sm/facts.d/g_plain", "#!/bin/sh\necho plain=1\n");
        let env = Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        };
        let given = crate::env::facts_file::parse_json(r#"{"osfamily": "Debian"}"#).unwrap();

        // not allowed: nothing runs, each script noted
        let (facts, report) = add_module_facts(&env, &given, "vm", false, false);
        assert_eq!(shown(&facts, "kv_fact"), "absent");
        assert_eq!(shown(&facts, "txt_fact"), "'data'");
        assert_eq!(
            report.file_errors,
            ["a_kv", "b_yaml", "c_json", "d_empty", "e with space"]
                .map(|n| format!("sm/facts.d/{n}: an executable external fact, not run (running commands is enabled by prepl --allow-exec, :set exec on)"))
        );

        // allowed: each runs
        let (facts, report) = add_module_facts(&env, &given, "vm", false, true);
        assert_eq!(shown(&facts, "kv_fact"), "'one'");
        assert_eq!(shown(&facts, "spaced "), "' two'");
        assert_eq!(shown(&facts, "novalue"), "absent");
        assert_eq!(shown(&facts, "yfact"), "3");
        assert_eq!(shown(&facts, "ylist"), "['a', 'b']");
        assert_eq!(shown(&facts, "jfact"), "{'k' => true}");
        assert_eq!(shown(&facts, "spaced_name"), "'yes'");
        assert_eq!(shown(&facts, "plain"), "absent");
        let kv = report.get("kv_fact").unwrap();
        assert_eq!(
            (kv.kind, kv.origin.as_str()),
            (FactKind::External, "sm/facts.d/a_kv (its output)")
        );
        let empty = root.join("sm/facts.d/d_empty");
        assert_eq!(
            report.file_errors,
            [format!(
                "sm/facts.d/d_empty: Fact file {} was parsed but no key=>value data was returned",
                empty.display()
            )]
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
