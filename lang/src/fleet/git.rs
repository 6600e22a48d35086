//! A revision's tree of a control repo on disk, read-only: `git archive` of the commit
//! unpacked into a temporary directory (the object store read, the user's checkout never
//! touched).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A revision's environment directory, removed when dropped (the working tree is used in
/// place).
pub struct Tree {
    pub env_dir: PathBuf,
    temporary: Option<PathBuf>,
}

impl Tree {
    /// The working tree itself.
    pub fn working(env_dir: PathBuf) -> Tree {
        Tree {
            env_dir,
            temporary: None,
        }
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        if let Some(t) = &self.temporary {
            let _ = std::fs::remove_dir_all(t);
            // (the process's directory of trees, once its last tree is gone)
            if let Some(parent) = t.parent() {
                let _ = std::fs::remove_dir(parent);
            }
        }
    }
}

fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim_end().to_string())
}

/// The environment directory `env_dir` (in a git repository) at revision `rev`.
pub fn tree_at(env_dir: &Path, rev: &str) -> Result<Tree, String> {
    let commit = git(
        env_dir,
        &["rev-parse", "--verify", &format!("{rev}^{{commit}}")],
    )?;
    let prefix = git(env_dir, &["rev-parse", "--show-prefix"])?;
    let top = git(env_dir, &["rev-parse", "--show-toplevel"])?;
    // (a name of its own per tree: two sessions of one process may diff at once; the
    // trees of a process side by side in one directory, as a server's environments are in
    // its environmentpath: `$settings::environmentpath`, and stdlib's fact of it, are then
    // the same for both revisions of a control repo at the top of its git repository)
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = std::env::temp_dir()
        .join(format!("prepl-diff-{}", std::process::id()))
        .join(format!(
            "{}-{}",
            COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            &commit[..commit.len().min(12)]
        ));
    // (again when another tree's removal took the shared directory away in between)
    let mut made = std::fs::create_dir_all(&dir);
    for _ in 0..3 {
        if made.is_ok() {
            break;
        }
        made = std::fs::create_dir_all(&dir);
    }
    made.map_err(|e| format!("{}: {e}", dir.display()))?;
    let tree = Tree {
        env_dir: dir.join(&prefix),
        temporary: Some(dir.clone()),
    };
    let archive = Command::new("git")
        .arg("-C")
        .arg(&top)
        .args(["archive", "--format=tar", &commit])
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !archive.status.success() {
        return Err(format!(
            "git archive {rev}: {}",
            String::from_utf8_lossy(&archive.stderr).trim()
        ));
    }
    let mut tar = Command::new("tar")
        .arg("-x")
        .arg("-C")
        .arg(&dir)
        .stdin(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run tar: {e}"))?;
    if let Some(mut stdin) = tar.stdin.take() {
        stdin
            .write_all(&archive.stdout)
            .map_err(|e| format!("tar: {e}"))?;
    }
    let status = tar.wait().map_err(|e| format!("tar: {e}"))?;
    if !status.success() {
        return Err(format!("tar could not unpack {rev}"));
    }
    Ok(tree)
}
