//! The environment a session compiles in: the machine it runs on (node name), the modules
//! of its modulepath, its facts and its Hiera data.
//!
//! - `node`: this machine's FQDN (the default node name).
//! - `modules`: finding modules and autoloading classes, defines, functions, type aliases,
//!   templates and files from them.
//! - `facts`: this machine's facts, gathered natively (the default fact set of the binaries).
//! - `facterdb`: fact sets of other systems from facterdb, chosen with a filter.
//! - `settings`: `$settings::x`, `$trusted` and `$server_facts`.

pub mod facterdb;
pub mod facts;
pub mod modules;
pub mod node;
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
        let conf = std::fs::read_to_string(dir.join("environment.conf")).unwrap_or_default();
        let mut modulepath = Vec::new();
        let configured = conf.lines().find_map(|l| {
            let (k, v) = l.split_once('=')?;
            (k.trim() == "modulepath").then(|| v.trim().to_string())
        });
        match configured {
            Some(paths) => {
                for p in paths
                    .split(':')
                    .filter(|p| !p.is_empty() && !p.starts_with('$'))
                {
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
