//! Regular expressions with Ruby's syntax: the `regex` crate where it can compile the
//! pattern, `fancy-regex` for look-around and back-references.

mod check;

use std::fmt;

pub struct Regexp {
    source: String,
    engine: Engine,
}

enum Engine {
    Fast(regex::Regex),
    Fancy(fancy_regex::Regex),
}

/// The captures of one match: group texts, `None` for groups that did not take part.
pub type Captures = Vec<Option<String>>;

impl Regexp {
    /// Compiles a pattern written in Ruby's regular expression syntax. The error is worded
    /// as Ruby words it, without the `: /source/` Ruby appends (`end pattern with unmatched
    /// parenthesis`); callers add that.
    pub fn new(source: &str) -> Result<Regexp, String> {
        if let Some(message) = check::ruby_syntax_error(source) {
            return Err(message);
        }
        let translated = translate_ruby(source);
        match regex::Regex::new(&translated) {
            Ok(re) => Ok(Regexp {
                source: source.to_string(),
                engine: Engine::Fast(re),
            }),
            Err(_) => match fancy_regex::Regex::new(&translated) {
                Ok(re) => Ok(Regexp {
                    source: source.to_string(),
                    engine: Engine::Fancy(re),
                }),
                Err(e) => Err(e
                    .to_string()
                    .lines()
                    .last()
                    .unwrap_or("invalid regular expression")
                    .trim()
                    .to_string()),
            },
        }
    }

    /// The pattern as written (between the slashes).
    pub fn source(&self) -> &str {
        &self.source
    }

    pub fn is_match(&self, text: &str) -> bool {
        match &self.engine {
            Engine::Fast(re) => re.is_match(text),
            Engine::Fancy(re) => re.is_match(text).unwrap_or(false),
        }
    }

    /// The captures of the first match (`[0]` is the whole match), or `None`.
    pub fn captures(&self, text: &str) -> Option<Captures> {
        match &self.engine {
            Engine::Fast(re) => re.captures(text).map(|c| {
                c.iter()
                    .map(|m| m.map(|m| m.as_str().to_string()))
                    .collect()
            }),
            Engine::Fancy(re) => re.captures(text).ok().flatten().map(|c| {
                c.iter()
                    .map(|m| m.map(|m| m.as_str().to_string()))
                    .collect()
            }),
        }
    }

    /// The index of a named capture group.
    pub fn group_index(&self, name: &str) -> Option<usize> {
        match &self.engine {
            Engine::Fast(re) => re.capture_names().position(|n| n == Some(name)),
            Engine::Fancy(re) => re.capture_names().position(|n| n == Some(name)),
        }
    }

    /// Byte ranges of all non-overlapping matches, each with its capture group ranges.
    pub fn find_all(&self, text: &str) -> Vec<Vec<Option<(usize, usize)>>> {
        match &self.engine {
            Engine::Fast(re) => re
                .captures_iter(text)
                .map(|c| c.iter().map(|m| m.map(|m| (m.start(), m.end()))).collect())
                .collect(),
            Engine::Fancy(re) => re
                .captures_iter(text)
                .filter_map(|c| c.ok())
                .map(|c| c.iter().map(|m| m.map(|m| (m.start(), m.end()))).collect())
                .collect(),
        }
    }
}

/// Rewrites the parts of Ruby's syntax that the Rust engines spell differently.
fn translate_ruby(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 8);
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                // Ruby's \A, \z are the same; \Z allows a final newline; \h is a hex digit.
                Some('Z') => out.push_str(r"(?=\n?\z)"),
                Some('h') => out.push_str("[0-9a-fA-F]"),
                Some('H') => out.push_str("[^0-9a-fA-F]"),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else if c == '(' && chars.peek() == Some(&'?') {
            // Ruby's named groups (?<name>...) are accepted by both engines as is.
            out.push(c);
        } else {
            out.push(c);
        }
    }
    // Ruby's ^ and $ match at line boundaries.
    format!("(?m){out}")
}

impl fmt::Debug for Regexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "/{}/", self.source)
    }
}

impl PartialEq for Regexp {
    fn eq(&self, other: &Regexp) -> bool {
        self.source == other.source
    }
}
impl Eq for Regexp {}

impl std::hash::Hash for Regexp {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.source.hash(state)
    }
}
