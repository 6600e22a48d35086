//! The documentation of a resource type written in Ruby (`lib/puppet/type/NAME.rb`), read
//! from its source without running it: the type's `@doc` (or a `desc` before its first
//! attribute), and each attribute's `desc`, in the order `newparam` / `newproperty` /
//! `ensurable` declare them. The strings may be quoted (`'...'`, `"..."`, across lines) or
//! heredocs (`<<-DOC`, `<<~DOC`, `<<DOC`).

/// What a Ruby type file documents.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TypeDoc {
    pub doc: String,
    /// Each attribute: its name, whether it is a property, its description (maybe empty).
    pub attributes: Vec<Attribute>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute {
    pub name: String,
    pub property: bool,
    pub namevar: bool,
    pub doc: String,
}

/// Reads the documentation of a Ruby resource type's source.
pub fn read(text: &str) -> TypeDoc {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = TypeDoc::default();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_start();
        if let Some(rest) = line.strip_prefix("@doc") {
            if let Some(rest) = rest.trim_start().strip_prefix('=') {
                let (s, next) = string_at(&lines, i, rest);
                out.doc = s;
                i = next;
                continue;
            }
        }
        let declared = if let Some(rest) = line.strip_prefix("newparam") {
            attribute_name(rest).map(|n| (n, false, rest.contains("namevar: true")))
        } else if let Some(rest) = line.strip_prefix("newproperty") {
            attribute_name(rest).map(|n| (n, true, false))
        } else if line == "ensurable" || line.starts_with("ensurable do") {
            Some(("ensure".to_string(), true, false))
        } else {
            None
        };
        if let Some((name, property, namevar)) = declared {
            out.attributes.push(Attribute {
                name,
                property,
                namevar,
                doc: String::new(),
            });
        } else if let Some(rest) = line.strip_prefix("desc") {
            if rest.starts_with([' ', '(', '\'', '"']) {
                let (s, next) = string_at(&lines, i, rest);
                match out.attributes.last_mut() {
                    Some(a) if a.doc.is_empty() => a.doc = s,
                    Some(_) => {}
                    None if out.doc.is_empty() => out.doc = s,
                    None => {}
                }
                i = next;
                continue;
            }
        } else if line.starts_with("isnamevar") {
            if let Some(a) = out.attributes.last_mut() {
                a.namevar = true;
            }
        }
        i += 1;
    }
    out
}

/// `(:name, ...)` / ` :name do` → `name`.
fn attribute_name(rest: &str) -> Option<String> {
    let rest = rest.trim_start().trim_start_matches('(').trim_start();
    let rest = rest.strip_prefix(':')?;
    let rest = rest.trim_start_matches(['\'', '"']);
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| rest[..end].to_string())
}

/// The string that starts in `rest` (on line `i`): its text, de-indented, and the line after
/// it.
fn string_at(lines: &[&str], i: usize, rest: &str) -> (String, usize) {
    let rest = rest.trim_start().trim_start_matches('(').trim_start();
    if let Some(h) = rest.strip_prefix("<<") {
        let h = h.trim_start_matches(['-', '~']);
        let id: String = h
            .trim_matches(['\'', '"'])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if id.is_empty() {
            return (String::new(), i + 1);
        }
        let mut body = Vec::new();
        let mut j = i + 1;
        while j < lines.len() && lines[j].trim() != id {
            body.push(lines[j]);
            j += 1;
        }
        return (dedent(&body, false), j + 1);
    }
    let Some(quote) = rest.chars().next().filter(|c| *c == '\'' || *c == '"') else {
        return (String::new(), i + 1);
    };
    let mut text = String::new();
    let mut current = &rest[1..];
    let mut j = i;
    loop {
        let mut escaped = false;
        for (k, c) in current.char_indices() {
            if escaped {
                escaped = false;
                if quote == '"' && c == 'n' {
                    text.push('\n');
                } else {
                    text.push(c);
                }
                continue;
            }
            if c == '\\' {
                escaped = true;
                continue;
            }
            if c == quote {
                let _ = k;
                let body: Vec<&str> = text.lines().collect();
                return (dedent(&body, true), j + 1);
            }
            text.push(c);
        }
        text.push('\n');
        j += 1;
        if j >= lines.len() {
            let body: Vec<&str> = text.lines().collect();
            return (dedent(&body, true), j);
        }
        current = lines[j];
    }
}

/// Lines without their common indentation (with `after_quote`, the first line's aside: a
/// quoted string's first line follows its quote), trimmed of blank lines around them.
fn dedent(lines: &[&str], after_quote: bool) -> String {
    let indent = lines
        .iter()
        .skip(usize::from(after_quote))
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(n, l)| {
            let l = l.trim_end();
            if n == 0 && after_quote {
                l.trim_start().to_string()
            } else {
                l.get(indent.min(l.len() - l.trim_start().len())..)
                    .unwrap_or("")
                    .to_string()
            }
        })
        .collect();
    while out.first().is_some_and(|l| l.trim().is_empty()) {
        out.remove(0);
    }
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_of_the_type_and_its_attributes() {
        let src = "Puppet::Type.newtype(:thing) do\n  @doc = <<-DOC\n    @summary\n      Makes things.\n  DOC\n\n  \
                   ensurable do\n    desc <<-EOT\n      Whether it exists.\n    EOT\n  end\n\n  \
                   newparam(:name, namevar: true) do\n    desc 'The name.'\n  end\n\n  \
                   newproperty(:size) do\n    desc \"How big,\n      in bytes.\"\n  end\n  newparam(:quiet)\nend\n";
        let doc = read(src);
        assert_eq!(doc.doc, "@summary\n  Makes things.");
        let attrs: Vec<(&str, bool, bool, &str)> = doc
            .attributes
            .iter()
            .map(|a| (a.name.as_str(), a.property, a.namevar, a.doc.as_str()))
            .collect();
        assert_eq!(
            attrs,
            vec![
                ("ensure", true, false, "Whether it exists."),
                ("name", false, true, "The name."),
                ("size", true, false, "How big,\nin bytes."),
                ("quiet", false, false, ""),
            ]
        );
    }

    #[test]
    fn a_desc_before_any_attribute_is_the_type_s() {
        let doc = read("newtype(:x) do\n  desc 'Manages x.'\n  newparam(:name) do\n    isnamevar\n  end\nend\n");
        assert_eq!(doc.doc, "Manages x.");
        assert!(doc.attributes[0].namevar);
    }

    #[test]
    fn unterminated_strings_end_with_the_file() {
        let doc = read("  @doc = \"never closed\n  more");
        assert_eq!(doc.doc, "never closed\nmore");
        assert_eq!(read("desc <<-DOC\nnot closed").doc, "not closed");
    }
}
