//! Where the history is kept: `$PREPL_HISTORY` when set, otherwise `prepl/history` under
//! the user's data directory (`$XDG_DATA_HOME`, or `~/.local/share`).

use std::io::Write;
use std::path::{Path, PathBuf};

/// How many inputs are kept.
pub const MAX_ENTRIES: usize = 10_000;

pub fn path() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    resolve(var("PREPL_HISTORY"), var("XDG_DATA_HOME"), var("HOME"))
}

fn resolve(
    explicit: Option<PathBuf>,
    data_home: Option<PathBuf>,
    home: Option<PathBuf>,
) -> Option<PathBuf> {
    if explicit.is_some() {
        return explicit;
    }
    let data = data_home
        .filter(|p| p.is_absolute())
        .or_else(|| home.map(|h| h.join(".local").join("share")))?;
    Some(data.join("prepl").join("history"))
}

/// Whether `path` can hold the history: a regular file, or nothing yet. Anything else is
/// never written, as the history is replaced by renaming a new file over it (and a lock
/// file made beside it): `/dev/null`, which users name to keep no history, a directory, a
/// FIFO.
pub fn is_usable(path: &Path) -> bool {
    std::fs::metadata(path).map_or(true, |m| m.is_file())
}

/// The first line of rustyline's history file format (which `load_history` reads).
const HEADER: &str = "#V2";

/// Adds an input to the history file, atomically: under a lock (two sessions at once each
/// add their inputs, none is lost), the file is read, the entry added (not twice in a
/// row), the oldest entries beyond [`MAX_ENTRIES`] dropped, and the result written to a
/// temporary file that then replaces the history (a crash leaves the old or the new file,
/// never a torn one).
pub fn append(path: &Path, entry: &str) -> std::io::Result<()> {
    if !is_usable(path) {
        return Err(std::io::Error::other("not a regular file"));
    }
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path.with_extension("lock"))?;
    lock.lock()?;
    let old = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    let mut lines: Vec<&str> = old.lines().filter(|l| *l != HEADER).collect();
    let escaped = escape(entry);
    if lines.last() != Some(&escaped.as_str()) {
        lines.push(&escaped);
    }
    let keep = &lines[lines.len().saturating_sub(MAX_ENTRIES)..];
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        let mut text = String::with_capacity(old.len() + escaped.len() + 8);
        text.push_str(HEADER);
        text.push('\n');
        for line in keep {
            text.push_str(line);
            text.push('\n');
        }
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    lock.unlock()?;
    written
}

/// An entry as one line of the file: `\` and line breaks escaped, as rustyline does.
fn escape(entry: &str) -> String {
    entry.replace('\\', "\\\\").replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("prepl-history-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn two_sessions_at_once_lose_no_entry_and_never_tear_the_file() {
        let dir = temp_dir("concurrent");
        let path = dir.join("history");
        let writers: Vec<_> = (0..2)
            .map(|w| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for i in 0..150 {
                        append(&path, &format!("$w{w} = {i}\n# two lines")).expect("append");
                    }
                })
            })
            .collect();
        // Every version a reader sees is whole: the header, then complete entries.
        for _ in 0..200 {
            if let Ok(text) = std::fs::read_to_string(&path) {
                assert!(
                    text.starts_with("#V2\n") && text.ends_with('\n'),
                    "{text:?}"
                );
            }
        }
        for w in writers {
            w.join().expect("writer");
        }
        let text = std::fs::read_to_string(&path).expect("history");
        assert_eq!(text.lines().count(), 301);
        assert!(text.contains("$w1 = 149\\n# two lines\n"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `PREPL_HISTORY=/dev/null` (or a directory) keeps no history: nothing is renamed over
    /// it and no lock file is made beside it.
    #[test]
    fn a_path_that_is_no_regular_file_is_never_replaced() {
        assert!(!is_usable(Path::new("/dev/null")));
        let dir = temp_dir("not-a-file");
        let path = dir.join("history");
        std::fs::create_dir_all(&path).expect("a directory");
        assert!(!is_usable(&path));
        assert!(append(&path, "1").is_err());
        assert!(path.is_dir() && !path.with_extension("lock").exists());
        assert!(is_usable(&dir.join("new")));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_history_is_capped_and_repeats_are_kept_once() {
        let dir = temp_dir("capped");
        let path = dir.join("history");
        let many: String = (0..MAX_ENTRIES + 5).map(|i| format!("{i}\n")).collect();
        std::fs::write(&path, format!("{HEADER}\n{many}")).expect("seed");
        append(&path, "last").expect("append");
        append(&path, "last").expect("append");
        let text = std::fs::read_to_string(&path).expect("history");
        assert_eq!(text.lines().count(), MAX_ENTRIES + 1);
        assert!(text.ends_with("\nlast\n") && !text.ends_with("last\nlast\n"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn precedence() {
        let p = |s: &str| Some(PathBuf::from(s));
        assert_eq!(resolve(p("/h"), p("/d"), p("/home/u")), p("/h"));
        assert_eq!(resolve(None, p("/d"), p("/home/u")), p("/d/prepl/history"));
        assert_eq!(
            resolve(None, p("rel"), p("/home/u")),
            p("/home/u/.local/share/prepl/history")
        );
        assert_eq!(resolve(None, None, None), None);
    }
}
