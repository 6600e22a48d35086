//! The reference's `basemodulepath`: the directories of global modules that `puppet apply`
//! adds to every environment's modulepath (after the environment's own `modules/`), so that
//! `puppet apply -e 'include ntp'` finds the system's packaged modules with no options.
//!
//! Where it comes from, first found wins:
//! - the front-end's option (`--basemodulepath DIRS`, `:set basemodulepath DIRS`; empty for
//!   none);
//! - the `PREPL_BASEMODULEPATH` environment variable (empty for none: what tests set to be
//!   independent of the machine's modules);
//! - `basemodulepath` in `puppet.conf` (section `[user]`, the run mode of `puppet apply`, then
//!   `[main]`; `$codedir` replaced), else the reference's default for its layout:
//!   Debian's package `$codedir/modules:/usr/share/puppet/modules` (codedir `/etc/puppet/code`,
//!   `~/.puppet/code` for other users than root, puppet.conf in `/etc/puppet`), Puppet's own
//!   packages (AIO) `$codedir/modules:/opt/puppetlabs/puppet/modules` (codedir
//!   `/etc/puppetlabs/code`, `~/.puppetlabs/etc/code`), each with its `vendormoduledir`
//!   (`/usr/share/puppet/vendor_modules`, `/opt/puppetlabs/puppet/vendor_modules`) last.
//!
//! Only directories that exist are kept, each once.

use super::Environment;
use std::path::PathBuf;

/// The environment variable that sets the base modulepath (`DIR[:DIR...]`, empty for none).
pub const VARIABLE: &str = "PREPL_BASEMODULEPATH";

/// One of the reference's layouts: where its `puppet.conf` is and its defaults.
struct Layout {
    /// `puppet.conf`, for root and for other users (`~` is the home directory).
    conf: [&'static str; 2],
    /// `codedir`, for root and for other users.
    codedir: [&'static str; 2],
    /// The default `basemodulepath` (with `$codedir`).
    base: &'static str,
    /// The default `vendormoduledir`.
    vendor: &'static str,
}

/// Debian's `puppet` package, then Puppet's own packages (AIO).
const LAYOUTS: [Layout; 2] = [
    Layout {
        conf: ["/etc/puppet/puppet.conf", "~/.puppet/etc/puppet.conf"],
        codedir: ["/etc/puppet/code", "~/.puppet/code"],
        base: "$codedir/modules:/usr/share/puppet/modules",
        vendor: "/usr/share/puppet/vendor_modules",
    },
    Layout {
        conf: [
            "/etc/puppetlabs/puppet/puppet.conf",
            "~/.puppetlabs/etc/puppet/puppet.conf",
        ],
        codedir: ["/etc/puppetlabs/code", "~/.puppetlabs/etc/code"],
        base: "$codedir/modules:/opt/puppetlabs/puppet/modules",
        vendor: "/opt/puppetlabs/puppet/vendor_modules",
    },
];

/// The base modulepath: `option` (`Some("")` for none), else [`VARIABLE`], else what the
/// reference installed on this machine uses; only existing directories.
pub fn resolve(option: Option<&str>) -> Vec<PathBuf> {
    let given = option
        .map(str::to_string)
        .or_else(|| std::env::var(VARIABLE).ok());
    let dirs = match given {
        Some(text) => super::split_paths(&text),
        None => from_reference(),
    };
    let mut out: Vec<PathBuf> = Vec::new();
    for d in dirs {
        if d.is_dir() && !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

/// What each of the reference's layouts on this machine gives.
fn from_reference() -> Vec<PathBuf> {
    let root = is_root();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let expand = |p: &str| -> Option<PathBuf> {
        match p.strip_prefix("~/") {
            Some(rest) => home.as_ref().map(|h| h.join(rest)),
            None => Some(PathBuf::from(p)),
        }
    };
    let which = usize::from(!root);
    let mut out = Vec::new();
    for layout in &LAYOUTS {
        let conf = expand(layout.conf[which])
            .and_then(|p| super::fs::read_to_string(&p).ok())
            .unwrap_or_default();
        let codedir = setting(&conf, "codedir")
            .or_else(|| expand(layout.codedir[which]).map(|p| p.display().to_string()))
            .unwrap_or_default();
        let base = setting(&conf, "basemodulepath").unwrap_or_else(|| layout.base.to_string());
        let vendor = setting(&conf, "vendormoduledir").unwrap_or_else(|| layout.vendor.into());
        let base = base.replace("$codedir", &codedir);
        out.extend(super::split_paths(&base));
        out.extend(super::split_paths(&vendor));
    }
    out
}

/// Whether this process runs as root (the reference then uses the system's directories).
fn is_root() -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// A setting of `puppet.conf` as `puppet apply` reads it: from `[user]`, else `[main]` (or
/// before any section).
fn setting(conf: &str, key: &str) -> Option<String> {
    let mut section = "main".to_string();
    let mut main = None;
    let mut user = None;
    for line in conf.lines() {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.trim().to_string();
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        if k.trim() != key {
            continue;
        }
        let v = Some(v.trim().to_string());
        match section.as_str() {
            "main" => main = v,
            "user" => user = v,
            _ => {}
        }
    }
    user.or(main)
}

/// The modulepath of `env` with `base` added, as the reference builds an environment's: where
/// its `environment.conf` names `$basemodulepath`, or after its own directories when it sets
/// no modulepath; an `environment.conf` modulepath without `$basemodulepath` has none of it.
pub fn with_base(env: &Environment, base: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = env.modulepath.clone();
    let Some(at) = base_position(env) else {
        return out;
    };
    let mut at = at.min(out.len());
    for d in base {
        if !out.contains(d) {
            out.insert(at, d.clone());
            at += 1;
        }
    }
    out
}

/// Where the base modulepath goes in an environment's modulepath (`None`: it has none of
/// it): after the directories `environment.conf` names before `$basemodulepath`; at the end
/// when it sets no modulepath (and for an environment without a directory).
fn base_position(env: &Environment) -> Option<usize> {
    let Some(dir) = env.dir.as_deref() else {
        return Some(env.modulepath.len());
    };
    let conf = super::environment_conf::EnvironmentConf::read(dir);
    let Some(entries) = conf.modulepath() else {
        return Some(env.modulepath.len());
    };
    let at = entries.iter().position(|e| *e == "$basemodulepath")?;
    Some(entries[..at].iter().filter(|e| !e.starts_with('$')).count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn puppet_conf_user_section_wins_over_main() {
        let conf = "# c\ncodedir = /c\n[main]\nbasemodulepath = /m\n[user]\nbasemodulepath = /u:$codedir/x\n[agent]\nbasemodulepath = /a\n";
        assert_eq!(
            setting(conf, "basemodulepath").as_deref(),
            Some("/u:$codedir/x")
        );
        assert_eq!(setting(conf, "codedir").as_deref(), Some("/c"));
        assert_eq!(
            setting("[main]\nbasemodulepath=/m", "basemodulepath").as_deref(),
            Some("/m")
        );
        assert_eq!(
            setting("[agent]\nbasemodulepath=/a", "basemodulepath"),
            None
        );
    }

    #[test]
    fn only_existing_directories_each_once() {
        let root = std::env::temp_dir().join(format!("prepl-base-{}", std::process::id()));
        let a = root.join("a");
        std::fs::create_dir_all(&a).unwrap();
        let text = format!("{0}:{1}:{0}", a.display(), root.join("missing").display());
        assert_eq!(resolve(Some(&text)), vec![a.clone()]);
        assert!(resolve(Some("")).is_empty());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn environment_conf_decides_whether_the_base_is_included() {
        let root = std::env::temp_dir().join(format!("prepl-base-env-{}", std::process::id()));
        let with = root.join("with");
        let without = root.join("without");
        std::fs::create_dir_all(&with).unwrap();
        std::fs::create_dir_all(&without).unwrap();
        std::fs::write(
            with.join("environment.conf"),
            "modulepath = modules:$basemodulepath\n",
        )
        .unwrap();
        std::fs::write(without.join("environment.conf"), "modulepath = modules\n").unwrap();
        let middle = root.join("middle");
        std::fs::create_dir_all(&middle).unwrap();
        std::fs::write(
            middle.join("environment.conf"),
            "modulepath = site:$basemodulepath:modules\n",
        )
        .unwrap();
        let base = vec![PathBuf::from("/base"), PathBuf::from("/base2")];
        let env = |dir: &Path| Environment::from_dir(dir.to_path_buf(), Vec::new());
        // (where `$basemodulepath` is written: Puppet interpolates the setting there)
        assert_eq!(
            with_base(&env(&middle), &base),
            vec![
                middle.join("site"),
                PathBuf::from("/base"),
                PathBuf::from("/base2"),
                middle.join("modules")
            ]
        );
        let base = vec![PathBuf::from("/base")];
        assert_eq!(
            with_base(&env(&with), &base),
            vec![with.join("modules"), PathBuf::from("/base")]
        );
        assert_eq!(
            with_base(&env(&without), &base),
            vec![without.join("modules")]
        );
        let bare = Environment {
            modulepath: vec![PathBuf::from("/mine"), PathBuf::from("/base")],
            ..Environment::empty()
        };
        assert_eq!(
            with_base(&bare, &base),
            vec![PathBuf::from("/mine"), PathBuf::from("/base")]
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
