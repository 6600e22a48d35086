//! The environment a session compiles in: the machine it runs on (node name), the modules
//! of its modulepath, its facts and its Hiera data.
//!
//! - `node`: this machine's FQDN (the default node name).
//! - `modules`: finding modules and autoloading classes, defines, functions, type aliases,
//!   templates and files from them.
//! - `facts`: this machine's facts, gathered natively (the default fact set of the binaries).
//! - `facterdb`: fact sets of other systems from facterdb, chosen with a filter.
//! - `settings`: `$settings::x`, `$trusted` and `$server_facts`.
//! - `basemodulepath`: the global modules every environment's modulepath ends with.
//! - `hiera`: Hiera 5 data for `lookup()` and automatic parameter lookup.

pub(crate) mod alias_memo;
pub mod autoload;
pub mod basemodulepath;
pub mod custom_facts;
pub mod environment_conf;
pub mod fact_command;
pub mod facterdb;
pub mod facts;
pub mod facts_file;
pub mod fs;
pub mod hiera;
pub mod modules;
pub mod node;
pub(crate) mod parsed;
pub mod providers;
pub mod ruby_files;
pub mod ruby_title_patterns;
pub mod ruby_types;
pub mod settings;

use std::path::PathBuf;

/// Where a session finds Puppet code and data beyond what is typed into it.
#[derive(Debug, Clone, Default)]
pub struct Environment {
    /// The environment's name (`$environment`, `$server_facts['environment']`).
    pub name: String,
    /// The environment directory (a control repo: `environment.conf`, `manifests/`,
    /// `modules/`, `data/`, `hiera.yaml`), if any.
    pub dir: Option<PathBuf>,
    /// The directories holding modules, searched in order (the environment's `modules/`
    /// first when it has one and no `environment.conf` says otherwise).
    pub modulepath: Vec<PathBuf>,
}

impl Environment {
    /// The environment's main manifest: `manifests/site.pp`, or every `.pp` file of
    /// `manifests/` in alphabetical order (as the reference reads a manifest directory), or
    /// what `environment.conf` names (`manifest = ...`).
    pub fn main_manifests(&self) -> Vec<PathBuf> {
        let Some(dir) = &self.dir else {
            return Vec::new();
        };
        let conf = environment_conf::EnvironmentConf::read(dir);
        let path = match conf.get("manifest").map(str::to_string) {
            Some(p) if PathBuf::from(&p).is_absolute() => PathBuf::from(p),
            Some(p) => dir.join(p),
            None => dir.join("manifests"),
        };
        if path.is_file() {
            return vec![path];
        }
        let mut files: Vec<PathBuf> = std::fs::read_dir(&path)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "pp") && p.is_file())
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
    }

    /// The environment with no directory and no modules (what a bare session has).
    pub fn empty() -> Environment {
        Environment {
            name: "production".into(),
            dir: None,
            modulepath: Vec::new(),
        }
    }

    /// An environment directory, with its modulepath from `environment.conf`
    /// (`modulepath = modules:site:$basemodulepath`) or `modules/`, then `extra` directories.
    pub fn from_dir(dir: PathBuf, extra: Vec<PathBuf>) -> Environment {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "production".into());
        let conf = environment_conf::EnvironmentConf::read(&dir);
        let mut modulepath = Vec::new();
        // (`$basemodulepath` is placed by `basemodulepath::with_base`)
        match conf.modulepath() {
            Some(paths) => {
                for p in paths.into_iter().filter(|p| !p.starts_with('$')) {
                    let p = PathBuf::from(p);
                    modulepath.push(if p.is_absolute() { p } else { dir.join(p) });
                }
            }
            None => modulepath.push(dir.join("modules")),
        }
        modulepath.extend(extra);
        Environment {
            name,
            dir: Some(dir),
            modulepath,
        }
    }
}

/// What a directory is to prepl when it is started in it.
pub fn detect(dir: &std::path::Path) -> Option<(Environment, String)> {
    let is_dir = |p: &str| dir.join(p).is_dir();
    if dir.join("environment.conf").is_file() || (is_dir("manifests") && is_dir("modules")) {
        let env = Environment::from_dir(dir.to_path_buf(), Vec::new());
        let note = format!(
            "Using the environment in {} (modulepath {}).",
            dir.display(),
            join_paths(&env.modulepath)
        );
        return Some((env, note));
    }
    if dir.join("metadata.json").is_file() && is_dir("manifests") {
        return Some(module_environment(dir));
    }
    None
}

/// The environment of a module opened in its own directory: its parent directory holds it
/// (and its neighbours), `spec/fixtures/modules` its dependencies when rspec-puppet's
/// fixtures are there. A clone whose directory is not named after the module
/// (`puppetlabs-apache` for `apache`, from `metadata.json`) is reached through a link named
/// after it, as rspec-puppet's fixtures reach it.
fn module_environment(dir: &std::path::Path) -> (Environment, String) {
    let dir_name = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let name = metadata_module_name(dir).unwrap_or_else(|| dir_name.to_string());
    let mut modulepath = Vec::new();
    let mut linked = None;
    if name != dir_name && modules::is_module_name(&name) {
        match link_module(dir, &name) {
            Ok(link_dir) => {
                linked = Some(link_dir.join(&name));
                modulepath.push(link_dir);
            }
            Err(e) => linked = Some(PathBuf::from(format!("(not linked: {e})"))),
        }
    }
    let fixtures = dir.join("spec/fixtures/modules");
    if fixtures.is_dir() {
        modulepath.push(fixtures);
    }
    if let Some(parent) = dir.parent() {
        modulepath.push(parent.to_path_buf());
    }
    let through = linked
        .map(|l| format!(", linked as {}", l.display()))
        .unwrap_or_default();
    let note = format!(
        "Using the module {name} in {}{through} (modulepath {}).",
        dir.display(),
        join_paths(&modulepath)
    );
    let env = Environment {
        modulepath,
        ..Environment::empty()
    };
    (env, note)
}

/// The module name `metadata.json` gives (`"name": "puppetlabs-apache"` → `apache`).
fn metadata_module_name(dir: &std::path::Path) -> Option<String> {
    let text = fs::read_to_string(&dir.join("metadata.json")).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    let full = json.get("name")?.as_str()?;
    let name = full.rsplit(['-', '/']).next()?.to_ascii_lowercase();
    modules::is_module_name(&name).then_some(name)
}

/// A directory (one per module directory, under the temporary directory) holding a link
/// named `name` to the module's directory; made again if it points elsewhere.
fn link_module(dir: &std::path::Path, name: &str) -> std::io::Result<PathBuf> {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    dir.hash(&mut h);
    let link_dir = std::env::temp_dir()
        .join("prepl-module-links")
        .join(format!("{:016x}", h.finish()));
    std::fs::create_dir_all(&link_dir)?;
    let link = link_dir.join(name);
    if std::fs::read_link(&link).ok().as_deref() != Some(dir) {
        let _ = std::fs::remove_file(&link);
        make_link(dir, &link)?;
    }
    Ok(link_dir)
}

#[cfg(unix)]
fn make_link(target: &std::path::Path, link: &std::path::Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

#[cfg(not(unix))]
fn make_link(_: &std::path::Path, _: &std::path::Path) -> std::io::Result<()> {
    Err(std::io::Error::other("links are only made on Unix"))
}

/// The directory prepl was started in, as the shell names it (`$PWD`, which keeps the links
/// it went through: `/usr/share/puppet/modules/apache`, not the `modules.available/...` it
/// resolves to), when it is the same directory as the process's.
pub fn current_dir() -> Option<PathBuf> {
    let real = std::env::current_dir().ok()?;
    let logical = std::env::var_os("PWD").map(PathBuf::from);
    match logical {
        Some(l) if l.is_absolute() && l.canonicalize().ok() == real.canonicalize().ok() => Some(l),
        _ => Some(real),
    }
}

/// A modulepath as text (`a:b`).
pub fn join_paths(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(":")
}

/// A modulepath given as `DIR[:DIR...]`.
pub fn split_paths(text: &str) -> Vec<PathBuf> {
    text.split(':')
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_repos_and_modules_are_recognized() {
        let root = std::env::temp_dir().join(format!("prepl-env-{}", std::process::id()));
        let repo = root.join("production");
        std::fs::create_dir_all(repo.join("manifests")).unwrap();
        std::fs::create_dir_all(repo.join("site")).unwrap();
        std::fs::write(
            repo.join("environment.conf"),
            "modulepath = site:modules:$basemodulepath\n",
        )
        .unwrap();
        std::fs::write(repo.join("manifests/b.pp"), "").unwrap();
        std::fs::write(repo.join("manifests/a.pp"), "").unwrap();
        std::fs::write(repo.join("manifests/notes.txt"), "").unwrap();
        let (env, note) = detect(&repo).expect("a control repo");
        assert_eq!(
            env.main_manifests(),
            vec![repo.join("manifests/a.pp"), repo.join("manifests/b.pp")]
        );
        assert_eq!(env.name, "production");
        assert_eq!(
            env.modulepath,
            vec![repo.join("site"), repo.join("modules")]
        );
        assert!(note.starts_with("Using the environment in"));
        let module = root.join("mods").join("web");
        std::fs::create_dir_all(module.join("manifests")).unwrap();
        std::fs::write(module.join("metadata.json"), "{}").unwrap();
        let (env, _) = detect(&module).expect("a module");
        assert_eq!(env.modulepath, vec![root.join("mods")]);
        // A clone not named after its module is reached through a link; its fixtures hold
        // its dependencies.
        let clone = root.join("src").join("puppetlabs-web");
        std::fs::create_dir_all(clone.join("manifests")).unwrap();
        std::fs::create_dir_all(clone.join("spec/fixtures/modules")).unwrap();
        std::fs::write(clone.join("manifests/init.pp"), "class web {}").unwrap();
        // (complete metadata: a module whose metadata lacks `source`, `author`, ... is left
        // out of the environment, as by the reference)
        std::fs::write(
            clone.join("metadata.json"),
            r#"{"name": "puppetlabs-web", "version": "1.0.0", "author": "a", "license": "l",
                "source": "s", "dependencies": []}"#,
        )
        .unwrap();
        let (env, note) = detect(&clone).expect("a module");
        assert_eq!(env.modulepath.len(), 3, "{note}");
        assert_eq!(env.modulepath[1], clone.join("spec/fixtures/modules"));
        assert_eq!(env.modulepath[2], root.join("src"));
        assert!(
            env.modulepath[0].join("web/manifests/init.pp").is_file(),
            "{note}"
        );
        assert!(note.starts_with("Using the module web in "), "{note}");
        assert_eq!(
            modules::definition_file(&env, modules::Kind::Manifest, "web"),
            Some(env.modulepath[0].join("web/manifests/init.pp"))
        );
        assert!(detect(&root).is_none());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
