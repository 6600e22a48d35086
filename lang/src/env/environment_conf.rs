//! An environment directory's `environment.conf`, read as the reference reads it (an ini
//! file of Puppet's settings syntax): `key = value` lines (the value to the end of the line,
//! trimmed: no comments after it), `# comment` and blank lines, `[section]` headers. Only
//! the `main` section counts (the lines before any header are in it); the reference warns
//! about other sections and about settings an environment does not have, and refuses a line
//! of another form.

use std::path::{Path, PathBuf};

/// The settings an `environment.conf` may have.
const VALID_SETTINGS: [&str; 7] = [
    "modulepath",
    "manifest",
    "config_version",
    "environment_timeout",
    "environment_data_provider",
    "static_catalogs",
    "rich_data",
];

/// What an `environment.conf` says (empty when the directory has none).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EnvironmentConf {
    /// The file (`None`: there is none).
    pub path: Option<PathBuf>,
    /// The `main` section's settings, in their order.
    settings: Vec<(String, String)>,
    /// The other sections' names, in their order.
    other_sections: Vec<String>,
    /// The lines of no form the reference reads: their number and text.
    unmatched: Vec<(usize, String)>,
}

impl EnvironmentConf {
    /// Reads `DIR/environment.conf`.
    pub fn read(dir: &Path) -> EnvironmentConf {
        let path = dir.join("environment.conf");
        match super::fs::read_to_string(&path) {
            Ok(text) => EnvironmentConf {
                path: Some(path),
                ..EnvironmentConf::parse(&text)
            },
            Err(_) => EnvironmentConf::default(),
        }
    }

    /// The settings of a text.
    pub fn parse(text: &str) -> EnvironmentConf {
        let mut conf = EnvironmentConf::default();
        let mut section = "main".to_string();
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Some(name) = trimmed
                .strip_prefix('[')
                .and_then(|rest| rest.strip_suffix(']'))
                .filter(|name| is_word(name))
            {
                section = name.to_string();
                if section != "main" && !conf.other_sections.contains(&section) {
                    conf.other_sections.push(section.clone());
                }
                continue;
            }
            match trimmed.split_once('=') {
                Some((key, value)) if is_word(key.trim()) => {
                    if section == "main" {
                        conf.settings
                            .push((key.trim().to_string(), value.trim().to_string()));
                    }
                }
                _ => conf.unmatched.push((i + 1, line.to_string())),
            }
        }
        conf
    }

    /// A setting of the `main` section (the first, if given twice).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The modulepath's entries as written (`modules`, `$basemodulepath`, ...), if set.
    pub fn modulepath(&self) -> Option<Vec<&str>> {
        self.get("modulepath")
            .map(|v| v.split(':').filter(|p| !p.is_empty()).collect())
    }

    /// The reference's warnings about the file: other sections, unknown settings.
    pub fn warnings(&self) -> Vec<String> {
        let Some(path) = &self.path else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if !self.other_sections.is_empty() {
            out.push(format!(
                "Invalid sections in environment.conf at '{}'. Environment conf may not have sections. The following sections are being ignored: '{}'",
                path.display(),
                self.other_sections.join(",")
            ));
        }
        let unknown: Vec<&str> = self
            .settings
            .iter()
            .map(|(k, _)| k.as_str())
            .filter(|k| !VALID_SETTINGS.contains(k))
            .collect();
        if !unknown.is_empty() {
            out.push(format!(
                "Invalid settings in environment.conf at '{}'. The following unknown setting(s) are being ignored: {}",
                path.display(),
                unknown.join(", ")
            ));
        }
        out
    }

    /// The reference's error for the first line it cannot read (it then compiles nothing).
    pub fn error(&self) -> Option<String> {
        let path = self.path.as_ref()?;
        let (line, text) = self.unmatched.first()?;
        Some(format!(
            "Could not match line {text} (file: {}, line: {line})",
            path.display()
        ))
    }
}

/// Whether `s` is a name of word characters (the reference's `[[:word:]]+`).
fn is_word(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_section_settings_sections_and_unknown_settings() {
        let conf = EnvironmentConf::parse(
            "# a comment\nmodulepath = site:modules:$basemodulepath\nbogus = 1\n\n  other=2 # kept\n[foo]\nmanifest = x\n[main]\nmanifest = m.pp\n",
        );
        assert_eq!(
            conf.modulepath(),
            Some(vec!["site", "modules", "$basemodulepath"])
        );
        assert_eq!(conf.get("other"), Some("2 # kept"));
        assert_eq!(conf.get("manifest"), Some("m.pp"));
        let conf = EnvironmentConf {
            path: Some(PathBuf::from("/e/environment.conf")),
            ..conf
        };
        assert_eq!(
            conf.warnings(),
            [
                "Invalid sections in environment.conf at '/e/environment.conf'. Environment conf may not have sections. The following sections are being ignored: 'foo'",
                "Invalid settings in environment.conf at '/e/environment.conf'. The following unknown setting(s) are being ignored: bogus, other",
            ]
        );
        assert_eq!(conf.error(), None);
        let bad = EnvironmentConf {
            path: Some(PathBuf::from("/e/environment.conf")),
            ..EnvironmentConf::parse("modulepath = a\ngarbage line\n")
        };
        assert_eq!(
            bad.error().as_deref(),
            Some("Could not match line garbage line (file: /e/environment.conf, line: 2)")
        );
    }

    /// A session warns once about its environment's file, as the reference warns once per
    /// process, and a log sink set later gets the warnings.
    #[test]
    fn a_session_warns_about_its_environment_conf() {
        let dir = std::env::temp_dir().join(format!("prepl-env-conf-{}", std::process::id()));
        crate::tests::write_file(
            &dir,
            "environment.conf",
            "modulepath = modules\nbogus = 1\n",
        );
        let mut session = crate::Session::new();
        let env = crate::env::Environment::from_dir(dir.clone(), Vec::new());
        session.set_environment(env.clone());
        session.set_environment(env);
        let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let kept = seen.clone();
        session.set_log_sink(move |level, message| {
            kept.borrow_mut()
                .push(format!("{}: {message}", level.name()))
        });
        assert_eq!(
            *seen.borrow(),
            [format!(
                "warning: Invalid settings in environment.conf at '{}'. The following unknown setting(s) are being ignored: bogus\n   (file & line not available)",
                dir.join("environment.conf").display()
            )]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
