//! Modules' external facts (`MODULE/facts.d/*`): `puppet apply` adds each module's
//! `facts.d` to Facter's external fact directories (the agent pluginsyncs them), so a
//! module's `.txt`, `.json` and `.yaml` files give facts like those of
//! `/etc/puppetlabs/facter/facts.d`. An external fact replaces a core fact of the same name
//! and wins over a custom fact (`lib/facter`), whose code sees it through `Facter.value`.
//! Files are read in name order, modules in modulepath order (the first module of a name);
//! within a module a later file's fact replaces an earlier one's, across modules the first
//! module's stays, and this machine's own `facts.d` directories win over all (Facter reads
//! them first). An executable fact script is not run (prepl runs no commands): it is noted
//! instead.

use super::{CustomFact, FactKind, Outcome};
use crate::env::Environment;
use crate::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The external facts of the modules of `env`'s modulepath, in the order Facter reads them,
/// and a note for each fact script left out.
pub(super) fn of_modules(env: &Environment) -> (Vec<CustomFact>, Vec<String>) {
    let mut facts: Vec<CustomFact> = Vec::new();
    let mut notes = Vec::new();
    for (dir, facts_d) in directories(&env.modulepath).iter() {
        let mut files: Vec<_> = crate::env::fs::list(facts_d).to_vec();
        files.sort();
        // (within a module a later file's fact replaces an earlier one's; across modules
        // the first module's stays, as Puppet 7.23's Facter answers)
        let mut of_module: Vec<CustomFact> = Vec::new();
        for file in files {
            read_file(dir, &file, &mut of_module, &mut notes);
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

fn read_file(dir: &Path, file: &Path, facts: &mut Vec<CustomFact>, notes: &mut Vec<String>) {
    if !crate::env::fs::is_file(file) {
        return;
    }
    let shown = super::shown_path(dir, file);
    let Some(format) = crate::env::facts::ExternalFormat::of(file) else {
        if is_executable(file) {
            notes.push(format!(
                "{shown}: an executable external fact, not run (prepl runs no commands)"
            ));
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
            ["xm/facts.d/run.sh: an executable external fact, not run (prepl runs no commands)"]
        );

        // another node's facts keep their values, and gain what they lack
        let (facts, _) = add_module_facts(&env, &given, "vm", false, false);
        assert_eq!(shown(&facts, "osfamily"), "'Debian'");
        assert_eq!(shown(&facts, "modfact"), "'from json'");
        assert_eq!(shown(&facts, "cf"), "'hello'");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
