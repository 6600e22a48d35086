//! Where the history is kept: `$PREPL_HISTORY` when set, otherwise `prepl/history` under
//! the user's data directory (`$XDG_DATA_HOME`, or `~/.local/share`).

use std::path::PathBuf;

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

#[cfg(test)]
mod tests {
    use super::*;

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
