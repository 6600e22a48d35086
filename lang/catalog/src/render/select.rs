//! Picking resources out of a big catalog (`:catalog File`, `%catalog Concat::Fragment[x]`,
//! `:catalog /ssl/`) and showing one resource whole, as Puppet code.
//!
//! A selection is one of:
//! - a resource type (`File`, `file`, `Concat::Fragment`): every resource of that type;
//! - a reference (`File['/etc/motd']`, `Class[apache]`): that resource;
//! - a regular expression between slashes (`/ssl/`): every resource whose reference
//!   (`Concat::Fragment[default-ssl-ssl]`) it matches.
//!
//! The resources are those the agent gets, in the catalog's order.

use crate::format::to_programmatic;
use crate::values::{Regexp, Value};
use crate::{Catalog, Resource, ResourceId};
use std::fmt::Write;

/// Which resources to show.
#[derive(Debug)]
pub enum Selection {
    /// A resource type, lower case (`concat::fragment`).
    Type(String),
    /// One resource: its type (lower case) and title.
    Reference(String, String),
    /// The resources whose reference the pattern matches.
    Pattern(Box<Regexp>),
}

impl Selection {
    /// Reads a selection; the error says what was expected.
    pub fn parse(text: &str) -> Result<Selection, String> {
        let text = text.trim();
        if let Some(source) = text.strip_prefix('/').and_then(|t| t.strip_suffix('/')) {
            return Regexp::new_described(source).map(|r| Selection::Pattern(Box::new(r)));
        }
        let (type_part, title) = match text.split_once('[') {
            Some((t, rest)) => match rest.strip_suffix(']') {
                Some(title) => (t, Some(unquote(title.trim()))),
                None => return Err(format!("'{text}' is not a resource reference")),
            },
            None => (text, None),
        };
        let type_name = type_part.trim().trim_start_matches("::");
        let is_type_name = crate::names::is_segmented(
            type_name,
            |c| c.is_ascii_alphabetic(),
            |c| c.is_ascii_alphabetic(),
        );
        if !is_type_name {
            return Err(format!(
                "'{text}' is not a resource type, a reference (File['/etc/motd']) or a /pattern/"
            ));
        }
        let type_name = type_name.to_ascii_lowercase();
        Ok(match title {
            Some(title) => Selection::Reference(type_name, title.to_string()),
            None => Selection::Type(type_name),
        })
    }

    /// Whether a resource is selected.
    fn selects(&self, r: &Resource) -> bool {
        match self {
            Selection::Type(t) => r.type_name.eq_ignore_ascii_case(t),
            Selection::Reference(t, title) => {
                r.type_name.eq_ignore_ascii_case(t)
                    && match &*r.type_name {
                        // Class titles are capitalized per segment (`Apache::Params`).
                        "Class" | "Node" => {
                            r.title.eq_ignore_ascii_case(title.trim_start_matches("::"))
                        }
                        _ => *r.title == **title,
                    }
            }
            Selection::Pattern(re) => re.matches(&r.reference()),
        }
    }
}

fn unquote(s: &str) -> &str {
    for q in ['\'', '"'] {
        if let Some(inner) = s.strip_prefix(q).and_then(|s| s.strip_suffix(q)) {
            return inner;
        }
    }
    s
}

/// The resources of the catalog the agent gets that `selection` selects, in order.
pub fn select(catalog: &Catalog, selection: &Selection) -> Vec<ResourceId> {
    catalog
        .resources()
        .filter(|(_, r)| selection.selects(r))
        .map(|(id, _)| id)
        .collect()
}

/// What to say when nothing is selected: the line, and the type names of the catalog
/// closest to the one asked for (for "Did you mean").
pub fn nothing_selected(catalog: &Catalog, text: &str, selection: &Selection) -> String {
    let mut msg = format!("No resource in the catalog matches '{}'.", text.trim());
    if let Selection::Type(t) | Selection::Reference(t, _) = selection {
        let mut types: Vec<String> = catalog
            .resources()
            .map(|(_, r)| r.type_name.to_string())
            .collect();
        types.sort();
        types.dedup();
        let same_type = types.iter().any(|n| n.eq_ignore_ascii_case(t));
        if !same_type {
            let wanted = crate::names::segments(t)
                .map(capitalize)
                .collect::<Vec<_>>()
                .join("::");
            if let Some(hint) = crate::suggest::did_you_mean(&wanted, types.iter().map(|s| &**s)) {
                msg.push('\n');
                msg.push_str(&hint);
            }
        }
    }
    msg
}

fn capitalize(seg: &str) -> String {
    let mut c = seg.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// One resource as Puppet code that declares it again, nothing cut: its parameters in
/// programmatic form, aligned, multi-line strings as heredocs (`@(END)` text is taken
/// literally, so the text reads as the file it renders); then comments naming its tags, its
/// container and where it was declared.
pub fn resource_text(catalog: &Catalog, id: ResourceId) -> String {
    let r = catalog.get(id);
    let mut out = String::new();
    let title = if &*r.type_name == "Class" {
        r.title.to_ascii_lowercase()
    } else {
        r.title.to_string()
    };
    let _ = write!(
        out,
        "{} {{ {}:",
        r.type_name.to_ascii_lowercase(),
        to_programmatic(&Value::string(title.as_str()))
    );
    let width = r.parameters.keys().map(|k| k.chars().count()).max();
    for (name, value) in &r.parameters {
        let pad = width.unwrap_or(0) - name.chars().count();
        let _ = write!(out, "\n  {name}{} => ", " ".repeat(pad));
        match value {
            Value::String(s) if s.contains('\n') => heredoc(&mut out, s),
            other => {
                out.push_str(&to_programmatic(other));
                out.push(',');
            }
        }
    }
    out.push_str(if r.parameters.is_empty() { " }" } else { "\n}" });
    let tags = catalog.tags_of(id);
    if !tags.is_empty() {
        let tags: Vec<&str> = tags.iter().map(|t| &**t).collect();
        let _ = write!(out, "\n# tags: {}", tags.join(", "));
    }
    if let Some(&c) = super::shown_containers_of(catalog, &[id]).get(&id) {
        let _ = write!(out, "\n# contained in: {}", catalog.get(c).reference());
    }
    if let Some(origin) = &r.origin {
        let (line, _) = origin.source.line_col(origin.span.start);
        let _ = write!(out, "\n# declared in {}, line {line}", origin.source.name);
    }
    out
}

/// `@(END),` then the text, each line indented under a `| END` margin (`|-` when the text
/// does not end with a newline). The tag is one no line of the text ends with.
fn heredoc(out: &mut String, text: &str) {
    let mut tag = "END".to_string();
    let mut n = 0;
    while text.lines().any(|l| l.trim_end().ends_with(tag.as_str())) {
        n += 1;
        tag = format!("END{n}");
    }
    let _ = write!(out, "@({tag}),");
    let body = text.strip_suffix('\n');
    for line in body.unwrap_or(text).split('\n') {
        out.push('\n');
        if !line.is_empty() {
            out.push_str("    ");
            out.push_str(line);
        }
    }
    let trim = if body.is_some() { "" } else { "-" };
    let _ = write!(out, "\n    |{trim} {tag}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heredoc_tags_and_trailing_newlines() {
        let mut out = String::new();
        heredoc(&mut out, "a\nEND");
        assert_eq!(out, "@(END1),\n    a\n    END\n    |- END1");
    }
}
