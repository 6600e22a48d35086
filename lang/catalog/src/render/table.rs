//! The resources of a catalog as rows (type, title, parameters, tags, container) and as a
//! text table fitted to a terminal's width.

use super::{char_width, display_width};
use crate::format::to_programmatic;
use crate::{Catalog, ResourceId};
use std::fmt::Write;

/// One resource, ready to show: parameter values in programmatic form (`%p`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub id: ResourceId,
    pub type_name: String,
    pub title: String,
    /// `(name, value)`, in the order they were set.
    pub parameters: Vec<(String, String)>,
    pub tags: Vec<String>,
    /// The reference of the class, define instance or stage that contains the resource.
    pub container: Option<String>,
}

/// The row of one resource, `container` the one it is shown in (`shown_containers`).
fn row(catalog: &Catalog, id: ResourceId, container: Option<ResourceId>) -> Row {
    let r = catalog.get(id);
    Row {
        id,
        type_name: r.type_name.to_string(),
        title: r.title.to_string(),
        parameters: r
            .parameters
            .iter()
            .map(|(k, v)| (k.to_string(), to_programmatic(v)))
            .collect(),
        tags: catalog.tags_of(id).iter().map(|t| t.to_string()).collect(),
        container: container.map(|c| catalog.get(c).reference()),
    }
}

/// The rows of some resources. A class declared with `contain` is shown in the class that
/// contains it.
pub fn rows_of(catalog: &Catalog, ids: &[ResourceId]) -> Vec<Row> {
    let containers = super::shown_containers_of(catalog, ids);
    ids.iter()
        .map(|&id| row(catalog, id, containers.get(&id).copied()))
        .collect()
}

/// The rows of the resources the agent gets, in declaration order.
pub fn rows(catalog: &Catalog) -> Vec<Row> {
    let ids: Vec<ResourceId> = catalog.resources().map(|(id, _)| id).collect();
    rows_of(catalog, &ids)
}

const HEADERS: [&str; 5] = ["Type", "Title", "Parameters", "Tags", "Contained in"];
/// Columns are not narrowed below these widths (unless their content is narrower); the
/// Tags column keeps room for its longest tag and a comma, up to `MAX_TAGS_MIN`.
const MIN_WIDTHS: [usize; 5] = [14, 16, 24, 12, 16];
const MAX_TAGS_MIN: usize = 24;
const GAP: &str = "  ";
/// A parameter value longer than this many lines (once wrapped) is cut.
const MAX_PARAMETER_LINES: usize = 4;

/// The whole catalog as a table `width` columns wide: the resources the agent gets, then a
/// line naming the virtual resources not realized and the exported ones, if any.
pub fn table(catalog: &Catalog, width: usize) -> String {
    let rows = rows(catalog);
    let mut out = if rows.is_empty() {
        "The catalog has no resources.\n".to_string()
    } else {
        table_of(&rows, width)
    };
    let left_out = |pick: fn(&crate::Resource) -> bool| -> Vec<String> {
        catalog
            .all_resources()
            .filter(|(_, r)| pick(r))
            .map(|(_, r)| r.reference())
            .collect()
    };
    let not_realized = left_out(|r| r.is_virtual && !r.exported);
    let exported = left_out(|r| r.exported);
    for (what, refs) in [
        ("Virtual, not realized", not_realized),
        ("Exported", exported),
    ] {
        if !refs.is_empty() {
            let line = format!("{what} (not in the catalog): {}", refs.join(", "));
            for l in wrap(&line, width.max(20), 2) {
                let _ = writeln!(out, "{l}");
            }
        }
    }
    out
}

/// Rows as a text table at most `width` columns wide (when the columns can be narrowed
/// that far): a header, a rule, then each resource, its parameters one per line; long
/// cells are wrapped.
pub fn table_of(rows: &[Row], width: usize) -> String {
    // Each cell as logical lines, before wrapping.
    let cells: Vec<[Vec<String>; 5]> = rows
        .iter()
        .map(|r| {
            [
                vec![r.type_name.clone()],
                r.title.split('\n').map(str::to_string).collect(),
                r.parameters
                    .iter()
                    .map(|(k, v)| format!("{k} => {v}"))
                    .collect(),
                if r.tags.is_empty() {
                    Vec::new()
                } else {
                    vec![r.tags.join(", ")]
                },
                r.container.iter().cloned().collect(),
            ]
        })
        .collect();
    let mut widths = [0; 5];
    for (i, h) in HEADERS.iter().enumerate() {
        widths[i] = display_width(h);
    }
    for row in &cells {
        for (i, cell) in row.iter().enumerate() {
            for line in cell {
                widths[i] = widths[i].max(display_width(line));
            }
        }
    }
    let longest_tag = rows
        .iter()
        .flat_map(|r| r.tags.iter().map(|t| display_width(t)))
        .max()
        .unwrap_or(0);
    let mut mins = MIN_WIDTHS;
    mins[3] = (longest_tag + 1).clamp(MIN_WIDTHS[3], MAX_TAGS_MIN);
    if !fit(&mut widths, &mins, width) {
        return records(rows, width);
    }

    let mut out = String::new();
    let header: Vec<Vec<String>> = HEADERS.iter().map(|h| vec![h.to_string()]).collect();
    emit_row(&mut out, &header, &widths);
    let rule: Vec<Vec<String>> = widths.iter().map(|w| vec!["─".repeat(*w)]).collect();
    emit_row(&mut out, &rule, &widths);
    for row in &cells {
        let wrapped: Vec<Vec<String>> = row
            .iter()
            .enumerate()
            .map(|(i, cell)| {
                let mut lines = Vec::new();
                for logical in cell {
                    let mut parts = wrap(logical, widths[i], if i == 2 { 4 } else { 0 });
                    if i == 2 && parts.len() > MAX_PARAMETER_LINES {
                        parts.truncate(MAX_PARAMETER_LINES);
                        let last = parts.last_mut().expect("at least one line");
                        *last = cut(last, widths[i]);
                    }
                    lines.extend(parts);
                }
                lines
            })
            .collect();
        emit_row(&mut out, &wrapped, &widths);
    }
    out
}

/// Narrows columns until the table fits `width`: first the widest of Parameters and Tags
/// (they wrap well), then of Title and Contained in, then Type, each down to its minimum.
/// False when even the minimums do not fit.
fn fit(widths: &mut [usize; 5], min_widths: &[usize; 5], width: usize) -> bool {
    let total = |w: &[usize; 5]| w.iter().sum::<usize>() + GAP.len() * (w.len() - 1);
    let mins: Vec<usize> = widths
        .iter()
        .zip(*min_widths)
        .zip(HEADERS)
        .map(|((w, m), h)| (*w).min(m.max(display_width(h))))
        .collect();
    for group in [&[2, 3][..], &[1, 4], &[0]] {
        while total(widths) > width {
            let widest = group
                .iter()
                .copied()
                .filter(|&i| widths[i] > mins[i])
                .max_by_key(|&i| (widths[i] - mins[i], i));
            match widest {
                Some(i) => widths[i] -= 1,
                None => break,
            }
        }
    }
    total(widths) <= width
}

fn emit_row(out: &mut String, cells: &[Vec<String>], widths: &[usize; 5]) {
    let height = cells.iter().map(Vec::len).max().unwrap_or(0).max(1);
    for line in 0..height {
        let mut text = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i > 0 {
                text.push_str(GAP);
            }
            let part = cell.get(line).map(String::as_str).unwrap_or("");
            text.push_str(part);
            let pad = widths[i].saturating_sub(display_width(part));
            text.extend(std::iter::repeat_n(' ', pad));
        }
        let _ = writeln!(out, "{}", text.trim_end());
    }
}

/// For a terminal too narrow for the table: each resource as a small block,
///
/// ```text
/// File[/etc/motd]  in Class[Motd]
///   ensure => 'file'
///   tags: file, /etc/motd, class, motd
/// ```
fn records(rows: &[Row], width: usize) -> String {
    let mut out = String::new();
    for r in rows {
        let mut head = format!("{}[{}]", r.type_name, r.title);
        if let Some(c) = &r.container {
            head = format!("{head}  in {c}");
        }
        let mut lines = wrap(&head, width, 2);
        for (k, v) in &r.parameters {
            let mut parts = wrap(&format!("  {k} => {v}"), width, 6);
            if parts.len() > MAX_PARAMETER_LINES {
                parts.truncate(MAX_PARAMETER_LINES);
                let last = parts.last_mut().expect("at least one line");
                *last = cut(last, width);
            }
            lines.extend(parts);
        }
        if !r.tags.is_empty() {
            lines.extend(wrap(&format!("  tags: {}", r.tags.join(", ")), width, 4));
        }
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
    }
    out
}

/// Wraps one line to `width` columns, preferring to break after a space, a comma, a slash
/// or an opening bracket;
/// continuation lines are indented by `indent`.
pub fn wrap(line: &str, width: usize, indent: usize) -> Vec<String> {
    let width = width.max(1);
    let indent = if indent + 4 > width { 0 } else { indent };
    let mut out = Vec::new();
    let mut rest: &str = line;
    let mut first = true;
    loop {
        let room = if first { width } else { width - indent };
        if display_width(rest) <= room {
            out.push(continued(rest, first, indent));
            return out;
        }
        // The longest prefix that fits, and the last good break point in it.
        let mut used = 0;
        let mut end = 0;
        let mut last_break = None;
        for (i, c) in rest.char_indices() {
            let w = char_width(c);
            if used + w > room {
                break;
            }
            used += w;
            end = i + c.len_utf8();
            if matches!(c, ' ' | ',' | '/' | '[') && end < rest.len() {
                last_break = Some(end);
            }
        }
        if end == 0 {
            // Not even one character fits: take one anyway.
            end = rest.chars().next().map_or(rest.len(), char::len_utf8);
        }
        let split = last_break.unwrap_or(end);
        out.push(continued(rest[..split].trim_end(), first, indent));
        rest = rest[split..].trim_start();
        first = false;
        if rest.is_empty() {
            return out;
        }
    }
}

fn continued(text: &str, first: bool, indent: usize) -> String {
    if first {
        text.to_string()
    } else {
        format!("{}{text}", " ".repeat(indent))
    }
}

/// `text` cut to fit `width` columns with a `…` at the end.
fn cut(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = char_width(c);
        if used + w + 1 > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::super::test_catalog::*;
    use super::*;
    use crate::values::Value;

    fn sample() -> Catalog {
        let (mut c, main) = base();
        let stage = c.find("Stage", "main").unwrap();
        let class = add(&mut c, "Class", "Nginx", stage);
        let pkg = add(&mut c, "Package", "nginx", class);
        param(&mut c, pkg, "ensure", Value::String("installed".into()));
        let file = add(&mut c, "File", "/etc/nginx/nginx.conf", class);
        param(&mut c, file, "ensure", Value::String("file".into()));
        param(&mut c, file, "mode", Value::String("0644".into()));
        let n = add(&mut c, "Notify", "hi", main);
        param(&mut c, n, "message", Value::String("hello".into()));
        c
    }

    #[test]
    fn rows_carry_what_the_agent_gets() {
        let mut c = sample();
        let mut v = resource("User", "bob", c.find("Class", "main"));
        v.is_virtual = true;
        c.add(v);
        let rows = rows(&c);
        assert_eq!(rows.len(), 6);
        let file = &rows[4];
        assert_eq!(file.type_name, "File");
        assert_eq!(
            file.parameters,
            vec![
                ("ensure".to_string(), "'file'".to_string()),
                ("mode".to_string(), "'0644'".to_string())
            ]
        );
        assert_eq!(file.container.as_deref(), Some("Class[Nginx]"));
        assert_eq!(rows[0].container, None);
    }

    #[test]
    fn a_contained_class_is_shown_in_its_container() {
        let (mut c, _) = base();
        let stage = c.find("Stage", "main").unwrap();
        let a = add(&mut c, "Class", "A", stage);
        let b = add(&mut c, "Class", "B", stage);
        c.add_containment(a, b);
        let rows = rows(&c);
        assert_eq!(rows[3].container.as_deref(), Some("Class[A]"));
        assert_eq!(rows[2].container.as_deref(), Some("Stage[main]"));
        let graph = super::super::graph_text(&c);
        assert!(
            graph.ends_with("  └─ Class[A]\n     └─ Class[B]\n"),
            "{graph}"
        );
    }

    #[test]
    fn a_wide_table() {
        let c = sample();
        let t = table(&c, 100);
        for line in t.lines() {
            assert!(display_width(line) <= 100, "{line:?}");
        }
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(
            lines[0],
            "Type     Title                  Parameters             Tags                         Contained in"
        );
        assert!(lines[1].starts_with("───────  ────"));
        assert_eq!(
            lines[5],
            "Package  nginx                  ensure => 'installed'  package, nginx               Class[Nginx]"
        );
        assert_eq!(
            lines[6],
            "File     /etc/nginx/nginx.conf  ensure => 'file'       file, /etc/nginx/nginx.conf  Class[Nginx]"
        );
        assert_eq!(lines[7], "                                mode => '0644'");
        assert_eq!(
            lines[8],
            "Notify   hi                     message => 'hello'     notify, hi                   Class[main]"
        );
        assert_eq!(lines.len(), 9);
    }

    #[test]
    fn a_narrow_table_wraps_within_the_width() {
        let mut c = sample();
        let file = c.find("File", "/etc/nginx/nginx.conf").unwrap();
        param(
            &mut c,
            file,
            "content",
            Value::String(
                "server { listen 80; root /var/www/html; } "
                    .repeat(20)
                    .into(),
            ),
        );
        for width in [40, 60, 72, 90] {
            let t = table(&c, width);
            for line in t.lines() {
                assert!(display_width(line) <= width, "{width}: {line:?}\n{t}");
            }
            assert!(t.contains("Class[Nginx]"), "{t}");
            // Too narrow for the table: one block per resource.
            assert_eq!(t.starts_with("Type "), width >= 90, "{t}");
            // The long content is cut after a few lines.
            assert!(t.contains('…'), "{t}");
            assert!(t.lines().count() < 30, "{t}");
        }
    }

    #[test]
    fn resources_left_out_are_named() {
        let (mut c, main) = base();
        let mut v = resource("User", "bob", Some(main));
        v.is_virtual = true;
        c.add(v);
        let mut e = resource("Host", "db", Some(main));
        e.exported = true;
        e.is_virtual = true;
        c.add(e);
        let t = table(&c, 80);
        assert!(
            t.ends_with(
                "Virtual, not realized (not in the catalog): User[bob]\n\
                 Exported (not in the catalog): Host[db]\n"
            ),
            "{t}"
        );
        assert_eq!(
            table(&Catalog::new("n", "production"), 80),
            "The catalog has no resources.\n"
        );
    }

    #[test]
    fn wrapping() {
        assert_eq!(wrap("abc", 5, 0), vec!["abc"]);
        assert_eq!(wrap("a, b, c, d", 5, 0), vec!["a, b,", "c, d"]);
        assert_eq!(wrap("abcdefgh", 3, 0), vec!["abc", "def", "gh"]);
        assert_eq!(
            wrap("name => 'a long value'", 12, 2),
            vec!["name => 'a", "  long", "  value'"]
        );
        assert_eq!(wrap("日本語", 3, 0), vec!["日", "本", "語"]);
        assert_eq!(cut("abcdef", 4), "abc…");
    }
}
