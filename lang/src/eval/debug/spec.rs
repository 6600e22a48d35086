//! What breakpoints stop at (`:break SPEC`, `--break SPEC`, `Session::add_breakpoint`) and
//! the breakpoints of a session.

use super::StopReason;

/// What a breakpoint stops at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BreakSpec {
    /// A class or a define (by name, lower case), entering its body; for a define,
    /// optionally only instances whose title matches a pattern.
    Definition {
        name: String,
        title: Option<Pattern>,
    },
    /// The first statement starting on a line of a file (the file named by the end of its
    /// path: `init.pp`, `apache/manifests/init.pp`, `In[3]`).
    Line { file: String, line: usize },
    /// Entering a function written in Puppet, or calling a built-in one.
    Function(String),
    /// Where an error is raised, before it unwinds.
    Error,
    /// When a resource is declared: its type (lower case) and optionally a title pattern.
    Resource {
        type_name: String,
        title: Option<Pattern>,
    },
}

/// A title pattern: `*` and `?` as in file names, or a regular expression `/.../`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pattern {
    Glob(String),
    Regex(String),
}

impl Pattern {
    pub fn parse(text: &str) -> Result<Pattern, String> {
        if let Some(inner) = text
            .strip_prefix('/')
            .and_then(|t| t.strip_suffix('/'))
            .filter(|_| text.len() >= 2)
        {
            crate::values::Regexp::new_described(inner)?;
            return Ok(Pattern::Regex(inner.to_string()));
        }
        let unquoted = text
            .strip_prefix('\'')
            .and_then(|t| t.strip_suffix('\''))
            .or_else(|| text.strip_prefix('"').and_then(|t| t.strip_suffix('"')))
            .unwrap_or(text);
        Ok(Pattern::Glob(unquoted.to_string()))
    }

    pub fn matches(&self, text: &str) -> bool {
        match self {
            Pattern::Glob(g) => crate::syntax::glob::glob_match(g, text),
            Pattern::Regex(r) => crate::values::Regexp::new_described(r)
                .ok()
                .and_then(|re| re.is_match(text).ok())
                .unwrap_or(false),
        }
    }
}

impl std::fmt::Display for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pattern::Glob(g) => write!(f, "{g}"),
            Pattern::Regex(r) => write!(f, "/{r}/"),
        }
    }
}

impl BreakSpec {
    /// Reads a breakpoint as `:break` and `--break` take it: `CLASS`, `DEFINE [TITLE]`,
    /// `FILE:LINE`, `function NAME`, `error`, `resource TYPE[TITLE]` (or `TYPE`).
    pub fn parse(text: &str) -> Result<BreakSpec, String> {
        let text = text.trim();
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (text, ""),
        };
        match word {
            "" => Err("which breakpoint? (:help debug)".into()),
            "error" | "errors" if rest.is_empty() => Ok(BreakSpec::Error),
            "error" | "errors" => Err("expected: error (with nothing after it)".into()),
            "function" | "fn" => {
                if rest.is_empty() || rest.contains(char::is_whitespace) {
                    return Err("expected: function NAME".into());
                }
                Ok(BreakSpec::Function(
                    rest.trim_start_matches("::").to_string(),
                ))
            }
            "resource" => {
                let (type_name, title) = match rest.split_once('[') {
                    Some((t, title)) => {
                        let title = title
                            .strip_suffix(']')
                            .ok_or("expected: resource TYPE[TITLE]")?;
                        (t.trim(), Some(Pattern::parse(title.trim())?))
                    }
                    None => (rest, None),
                };
                if type_name.is_empty() || type_name.contains(char::is_whitespace) {
                    return Err("expected: resource TYPE[TITLE] or resource TYPE".into());
                }
                Ok(BreakSpec::Resource {
                    type_name: type_name.trim_start_matches("::").to_ascii_lowercase(),
                    title,
                })
            }
            _ => {
                if let Some((file, line)) = word.rsplit_once(':') {
                    if !file.is_empty()
                        && !file.ends_with(':')
                        && line.bytes().all(|b| b.is_ascii_digit())
                        && !line.is_empty()
                    {
                        if !rest.is_empty() {
                            return Err("expected: FILE:LINE".into());
                        }
                        let line: usize = line.parse().map_err(|_| "bad line number")?;
                        return Ok(BreakSpec::Line {
                            file: file.to_string(),
                            line,
                        });
                    }
                }
                let name = word.trim_start_matches("::").to_ascii_lowercase();
                if !name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':')
                {
                    return Err(format!(
                        "'{word}' is not a class or define name, FILE:LINE, function NAME, error or resource TYPE[TITLE]"
                    ));
                }
                let title = if rest.is_empty() {
                    None
                } else {
                    Some(Pattern::parse(rest)?)
                };
                Ok(BreakSpec::Definition { name, title })
            }
        }
    }
}

impl std::fmt::Display for BreakSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BreakSpec::Definition { name, title: None } => write!(f, "{name}"),
            BreakSpec::Definition {
                name,
                title: Some(t),
            } => write!(f, "{name} {t}"),
            BreakSpec::Line { file, line } => write!(f, "{file}:{line}"),
            BreakSpec::Function(n) => write!(f, "function {n}"),
            BreakSpec::Error => write!(f, "error"),
            BreakSpec::Resource {
                type_name,
                title: None,
            } => write!(
                f,
                "resource {}",
                crate::types::names::capitalize_segments(type_name)
            ),
            BreakSpec::Resource {
                type_name,
                title: Some(t),
            } => write!(
                f,
                "resource {}[{t}]",
                crate::types::names::capitalize_segments(type_name)
            ),
        }
    }
}

/// A breakpoint set without editing code (`:break`, `--break`, `Session::add_breakpoint`).
#[derive(Debug, Clone)]
pub struct Breakpoint {
    /// Its number (`:delete N`, `:disable N`), from 1.
    pub id: usize,
    pub spec: BreakSpec,
    pub enabled: bool,
    /// How many times it stopped.
    pub hits: usize,
}

/// The breakpoints of a session.
#[derive(Debug, Clone, Default)]
pub struct Breakpoints {
    list: Vec<Breakpoint>,
    next_id: usize,
}

impl Breakpoints {
    /// Adds a breakpoint; its number.
    pub fn add(&mut self, spec: BreakSpec) -> usize {
        self.next_id += 1;
        self.list.push(Breakpoint {
            id: self.next_id,
            spec,
            enabled: true,
            hits: 0,
        });
        self.next_id
    }

    pub fn list(&self) -> &[Breakpoint] {
        &self.list
    }

    /// Deletes breakpoint `id`; whether there was one.
    pub fn delete(&mut self, id: usize) -> bool {
        let before = self.list.len();
        self.list.retain(|b| b.id != id);
        self.list.len() != before
    }

    /// Enables or disables breakpoint `id`; whether there is one.
    pub fn set_enabled(&mut self, id: usize, on: bool) -> bool {
        match self.list.iter_mut().find(|b| b.id == id) {
            Some(b) => {
                b.enabled = on;
                true
            }
            None => false,
        }
    }

    pub fn clear(&mut self) {
        self.list.clear();
    }

    pub(super) fn any_enabled(&self) -> bool {
        self.list.iter().any(|b| b.enabled)
    }

    pub(super) fn enabled(&self) -> impl Iterator<Item = &Breakpoint> {
        self.list.iter().filter(|b| b.enabled)
    }

    /// The first enabled breakpoint whose spec `matches`, counted as hit: the reason to
    /// stop for it.
    pub(super) fn take_hit(&mut self, matches: impl Fn(&BreakSpec) -> bool) -> Option<StopReason> {
        let b = self
            .list
            .iter_mut()
            .find(|b| b.enabled && matches(&b.spec))?;
        b.hits += 1;
        Some(StopReason::Breakpoint(b.id, b.spec.clone()))
    }
}
