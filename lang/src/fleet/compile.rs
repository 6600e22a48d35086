//! One node's catalog in one revision's environment, as `prepl --site --catalog` compiles
//! it, read as the diff's [`View`].

use super::nodes::Node;
use super::Job;
use crate::catalog::diff::View;
use crate::env::Environment;
use crate::values::Value;
use std::path::Path;

/// The catalog of `node` (with `facts`, read once for both revisions) in the environment at
/// `dir`: its main manifests evaluated in a fresh session.
pub(super) fn compile(node: &Node, facts: &Value, dir: &Path, job: &Job) -> Result<View, String> {
    let mut env = Environment::from_dir(dir.to_path_buf(), job.extra.clone());
    env.name = job.env_name.clone();
    let mut session = crate::Session::new();
    session.set_log_sink(|_, _| {});
    session.set_strict(job.strict);
    session.set_node_name(&node.name);
    session.set_base_modulepath(job.base_modulepath.clone());
    session.set_environment(env);
    session.set_hiera_config(job.hiera_config.clone());
    // The facts with the agent's and the modules' custom facts, as `prepl --facts FILE` adds
    // them (installed once, the node and environment set: custom facts resolved over the
    // node's facts; code reading the machine only where they describe this machine).
    session.set_facts_with(facts.clone(), true, true);
    for path in session.environment().main_manifests() {
        let text = crate::limits::read_source_file(&path)
            .map_err(|e| format!("Could not read {}: {e}", path.display()))?;
        session
            .eval_named(&path.display().to_string(), &text)
            .map_err(|e| first_line(&e.render(), dir))?;
    }
    let mut view = View::from_catalog(session.catalog());
    // Files named relative to the environment: the two revisions' trees are in different
    // directories, and a temporary one means nothing to the reader.
    for (_, r) in &mut view.resources {
        if let Some(f) = &r.file {
            if let Ok(rel) = Path::new(f).strip_prefix(dir) {
                r.file = Some(rel.display().to_string());
            }
        }
    }
    if job.file_text {
        // (the modulepath with the global modules, as the session's)
        let env = session.environment();
        view.resolve_sources(&|url| read_module_file(env, url));
    }
    Ok(view)
}

/// An error's first line, with file names relative to the environment directory.
fn first_line(rendered: &str, dir: &Path) -> String {
    let line = rendered.lines().next().unwrap_or_default();
    let prefix = format!("{}/", dir.display().to_string().trim_end_matches('/'));
    line.replace(&prefix, "")
}

/// The text of `puppet:///modules/MODULE/PATH`: the module's `files/PATH` on the
/// environment's modulepath (at most 16 MiB).
fn read_module_file(env: &Environment, url: &str) -> Option<String> {
    let rest = url.strip_prefix("puppet:///modules/")?;
    let (module, path) = rest.split_once('/')?;
    if path.split('/').any(|seg| seg == "..") || module.contains("..") {
        return None;
    }
    env.modulepath.iter().find_map(|dir| {
        let file = dir.join(module).join("files").join(path);
        let meta = std::fs::metadata(&file).ok()?;
        if !meta.is_file() || meta.len() > 16 << 20 {
            return None;
        }
        std::fs::read_to_string(file).ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_files_stay_in_their_module() {
        let dir = std::env::temp_dir().join(format!("prepl-fleet-files-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("modules/m/files")).unwrap();
        std::fs::write(dir.join("modules/m/files/a.txt"), "text\n").unwrap();
        let env = Environment::from_dir(dir.clone(), Vec::new());
        assert_eq!(
            read_module_file(&env, "puppet:///modules/m/a.txt").as_deref(),
            Some("text\n")
        );
        assert_eq!(
            read_module_file(&env, "puppet:///modules/m/../m/a.txt"),
            None
        );
        assert_eq!(read_module_file(&env, "puppet:///modules/m/b.txt"), None);
        assert_eq!(read_module_file(&env, "file:///etc/passwd"), None);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(
            first_line(
                "Error: x (file: /e/nv/manifests/site.pp, line 2)\nmore",
                Path::new("/e/nv/")
            ),
            "Error: x (file: manifests/site.pp, line 2)"
        );
    }
}
