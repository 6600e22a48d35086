//! `prepl-kernel install` / `uninstall`: the kernelspec directory `kernels/puppet` under a
//! Jupyter data directory.

use serde_json::json;
use std::path::{Path, PathBuf};

/// The kernelspec name (the directory under `kernels/`).
pub const KERNEL_NAME: &str = "puppet";

const LOGO_32: &[u8] = include_bytes!("../assets/logo-32x32.png");
const LOGO_64: &[u8] = include_bytes!("../assets/logo-64x64.png");
const LOGO_SVG: &[u8] = include_bytes!("../assets/logo-svg.svg");

/// Where to install, as chosen on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// The user's Jupyter data directory (the default).
    User,
    /// The running Python environment (`$VIRTUAL_ENV`, `$CONDA_PREFIX`, or `sys.prefix`).
    SysPrefix,
    Prefix(PathBuf),
}

impl Target {
    /// Parses `[--user|--sys-prefix|--prefix P]`.
    pub fn from_args(args: &[String]) -> Result<Target, String> {
        let mut target = Target::User;
        let mut it = args.iter();
        while let Some(a) = it.next() {
            target = match a.as_str() {
                "--user" => Target::User,
                "--sys-prefix" => Target::SysPrefix,
                "--prefix" => match it.next() {
                    Some(p) => Target::Prefix(p.into()),
                    None => return Err("--prefix needs a directory".into()),
                },
                other => match other.strip_prefix("--prefix=") {
                    Some(p) => Target::Prefix(p.into()),
                    None => return Err(format!("unknown option '{other}'")),
                },
            };
        }
        Ok(target)
    }

    /// The `kernels` directory of this target.
    pub fn kernels_dir(&self) -> Result<PathBuf, String> {
        let data = match self {
            Target::User => user_data_dir()?,
            Target::SysPrefix => sys_prefix()?.join("share").join("jupyter"),
            Target::Prefix(p) => p.join("share").join("jupyter"),
        };
        Ok(data.join("kernels"))
    }
}

fn user_data_dir() -> Result<PathBuf, String> {
    if let Some(d) = std::env::var_os("JUPYTER_DATA_DIR") {
        return Ok(d.into());
    }
    let home = std::env::var_os("HOME").ok_or("HOME is not set")?;
    let home = PathBuf::from(home);
    if cfg!(target_os = "macos") {
        return Ok(home.join("Library").join("Jupyter"));
    }
    match std::env::var_os("XDG_DATA_HOME") {
        Some(x) if !x.is_empty() => Ok(PathBuf::from(x).join("jupyter")),
        _ => Ok(home.join(".local").join("share").join("jupyter")),
    }
}

fn sys_prefix() -> Result<PathBuf, String> {
    for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
        if let Some(p) = std::env::var_os(var) {
            if !p.is_empty() {
                return Ok(p.into());
            }
        }
    }
    let out = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.prefix)"])
        .output()
        .map_err(|e| format!("cannot find the Python prefix (no VIRTUAL_ENV, python3: {e})"))?;
    let prefix = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if !out.status.success() || prefix.is_empty() {
        return Err("cannot find the Python prefix".into());
    }
    Ok(prefix.into())
}

/// The contents of `kernel.json` for the kernel binary at `exe`.
pub fn kernel_json(exe: &Path) -> serde_json::Value {
    json!({
        "argv": [exe.to_string_lossy(), "--connection-file", "{connection_file}"],
        "display_name": "Puppet",
        "language": "puppet",
        "interrupt_mode": "message",
        "metadata": {"debugger": false},
    })
}

/// Writes the kernelspec; returns its directory.
pub fn install(target: &Target, exe: &Path) -> Result<PathBuf, String> {
    let dir = target.kernels_dir()?.join(KERNEL_NAME);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let spec = serde_json::to_string_pretty(&kernel_json(exe)).expect("JSON");
    let files: [(&str, &[u8]); 4] = [
        ("kernel.json", spec.as_bytes()),
        ("logo-32x32.png", LOGO_32),
        ("logo-64x64.png", LOGO_64),
        ("logo-svg.svg", LOGO_SVG),
    ];
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(dir)
}

/// Removes the kernelspec; returns the directory it was in.
pub fn uninstall(target: &Target) -> Result<PathBuf, String> {
    let dir = target.kernels_dir()?.join(KERNEL_NAME);
    if !dir.join("kernel.json").exists() {
        return Err(format!("no Puppet kernelspec in {}", dir.display()));
    }
    std::fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_targets() {
        assert_eq!(Target::from_args(&[]).unwrap(), Target::User);
        assert_eq!(
            Target::from_args(&args(&["--sys-prefix"])).unwrap(),
            Target::SysPrefix
        );
        assert_eq!(
            Target::from_args(&args(&["--prefix", "/x"])).unwrap(),
            Target::Prefix("/x".into())
        );
        assert!(Target::from_args(&args(&["--prefix"])).is_err());
        assert!(Target::from_args(&args(&["--bogus"])).is_err());
    }

    #[test]
    fn install_and_uninstall_under_a_prefix() {
        let tmp = std::env::temp_dir().join(format!("prepl-kernel-test-{}", std::process::id()));
        let target = Target::Prefix(tmp.clone());
        let dir = install(&target, Path::new("/bin/prepl-kernel")).unwrap();
        assert_eq!(dir, tmp.join("share/jupyter/kernels/puppet"));
        let spec: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("kernel.json")).unwrap())
                .unwrap();
        assert_eq!(
            spec["argv"],
            json!([
                "/bin/prepl-kernel",
                "--connection-file",
                "{connection_file}"
            ])
        );
        assert_eq!(spec["display_name"], "Puppet");
        assert_eq!(spec["interrupt_mode"], "message");
        assert!(dir.join("logo-64x64.png").exists());
        uninstall(&target).unwrap();
        assert!(!dir.exists());
        assert!(uninstall(&target).is_err());
        let _ = std::fs::remove_dir_all(tmp);
    }
}
