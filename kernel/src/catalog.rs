//! The catalog in the notebook: after a cell that added resources, a table of them
//! (`text/html` and `text/plain`); and the `%catalog` magic, a cell of its own:
//!
//! - `%catalog`: every resource the agent would get, as a table;
//! - `%catalog graph`: the relationship graph as SVG when Graphviz's `dot` runs, with the
//!   text graph as `text/plain` (the text graph alone when it does not);
//! - `%catalog dot`: the graph's DOT source;
//! - `%catalog json`: the catalog as the reference's JSON catalog (`application/json`);
//! - `%catalog TYPE`, `%catalog TYPE[TITLE]`, `%catalog /PATTERN/`: the resources of a type,
//!   one resource, the resources whose reference matches; one resource is shown whole, as
//!   Puppet code.

use crate::graphviz;
use crate::render::{escape, inline_html};
use prepl::catalog::render::{self as text, table::rows_of};
use prepl::catalog::{Catalog, ResourceId};
use prepl::Session;
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// The width of the `text/plain` tables.
const TEXT_WIDTH: usize = 100;
/// Rows shown before the rest is summarized.
const MAX_ROWS: usize = 500;

/// What `%catalog` shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum View {
    Table,
    Graph,
    Dot,
    Json,
    /// The resources a selection picks (its text, checked by `parse_magic`).
    Select(String),
}

pub const VIEWS: &[&str] = &["graph", "dot", "json"];
pub const USAGE: &str = "Usage: %catalog [graph|dot|json|TYPE|TYPE[TITLE]|/PATTERN/]";

/// Whether a cell is a magic (`%` first): the parser would refuse it anyway.
pub fn is_magic(code: &str) -> bool {
    code.trim_start().starts_with('%')
}

/// The view a magic cell asks for, or the usage message.
pub fn parse_magic(code: &str) -> Result<View, String> {
    let mut words = code.split_whitespace();
    if words.next() != Some("%catalog") {
        let word = code.split_whitespace().next().unwrap_or("%");
        let nearest = prepl::suggest::nearest(word, crate::magics::MAGICS.iter().copied());
        let close = prepl::suggest::hint(&nearest, |m| m.to_string()).map(|h| format!("\n{h}"));
        return Err(format!(
            "Unknown magic '{word}'. The magics: {}.{}",
            crate::magics::MAGICS.join(", "),
            close.unwrap_or_default()
        ));
    }
    let view = match (words.next(), words.next()) {
        (None, _) => View::Table,
        (Some("graph"), None) => View::Graph,
        (Some("dot"), None) => View::Dot,
        (Some("json"), None) => View::Json,
        _ => {
            // Everything after the magic: a title may have spaces (`File['/a b']`).
            let rest = code.trim().trim_start_matches("%catalog").trim();
            text::select::Selection::parse(rest).map_err(|e| format!("{e}\n{USAGE}"))?;
            View::Select(rest.to_string())
        }
    };
    Ok(view)
}

/// The MIME bundle a `%catalog` view shows.
pub fn view_bundle(session: &Session, view: View) -> Json {
    catalog_bundle(session.catalog(), view)
}

/// The MIME bundle of a view of `catalog` (the session's, or a stopped compilation's).
pub fn catalog_bundle(catalog: &Catalog, view: View) -> Json {
    match view {
        View::Table => {
            let ids: Vec<ResourceId> = catalog.resources().map(|(id, _)| id).collect();
            let mut html = table_html(catalog, &ids);
            left_out_html(&mut html, catalog);
            json!({"text/html": html, "text/plain": text::table(catalog, TEXT_WIDTH)})
        }
        View::Graph => {
            let plain = text::graph_text(catalog);
            match graphviz::svg(&text::dot(catalog)) {
                Some(svg) => json!({"image/svg+xml": svg, "text/plain": plain}),
                None => json!({"text/plain": plain}),
            }
        }
        View::Dot => json!({"text/plain": text::dot(catalog)}),
        View::Select(what) => select_bundle(catalog, &what),
        View::Json => json_bundle(catalog, crate::render::print_limit().map(|_| JSON_LIMIT)),
    }
}

/// The largest JSON catalog `%catalog json` sends (a notebook keeps every output in its
/// file, and the front-end parses it whole); `%set print-limit off` sends any.
const JSON_LIMIT: usize = 1 << 20;
/// The lines of a larger one shown, with the file it was written to.
const JSON_HEAD_LINES: usize = 200;

/// `%catalog json`: the document as `application/json` and text; one over `limit` bytes is
/// written to a file in the temporary directory as it is made (never held whole: the text
/// can be far larger than the catalog) and only its first lines are shown.
fn json_bundle(catalog: &Catalog, limit: Option<usize>) -> Json {
    let Some(limit) = limit else {
        let text = prepl::catalog::json::to_json_text(catalog);
        let doc = prepl::catalog::json::to_json(catalog);
        return json!({"application/json": doc, "text/plain": text});
    };
    let path = std::env::temp_dir().join(format!("prepl-catalog-{}.json", std::process::id()));
    let mut spill = Spill {
        limit,
        head: Vec::new(),
        file: None,
        path: &path,
        bytes: 0,
        newlines: 0,
        head_newlines: 0,
        last: None,
    };
    let written = prepl::catalog::json::write_json_text(catalog, &mut spill);
    let written = match spill.file.take() {
        None => {
            // (all of it fit: held, and sent)
            let text = String::from_utf8_lossy(&spill.head).into_owned();
            let doc = prepl::catalog::json::to_json(catalog);
            return json!({"application/json": doc, "text/plain": text});
        }
        Some(file) => written
            .and(file)
            .and_then(|mut f| std::io::Write::flush(&mut f)),
    };
    // (counted as `str::lines` counts them)
    let lines = spill.newlines + usize::from(spill.last.is_some_and(|b| b != b'\n'));
    let mut note = format!(
        "The catalog's JSON is {} bytes ({lines} lines, {} resources), more than %catalog json sends ({JSON_LIMIT} bytes; %set print-limit off sends it whole). ",
        spill.bytes,
        catalog.resources().count(),
    );
    match written {
        Ok(()) => note.push_str(&format!("Written whole to {}.", path.display())),
        Err(e) => note.push_str(&format!(
            "It could not be written to {}: {e}.",
            path.display()
        )),
    }
    let mut head: String = String::from_utf8_lossy(&spill.head)
        .lines()
        .take(JSON_HEAD_LINES)
        .flat_map(|l| [l, "\n"])
        .collect();
    head.push_str(&format!(
        "… {} more lines\n",
        lines.saturating_sub(JSON_HEAD_LINES)
    ));
    let mut html = String::from("<p>");
    escape(&mut html, &note);
    html.push_str("</p><pre>");
    escape(&mut html, &head);
    html.push_str("</pre>");
    json!({"text/html": html, "text/plain": format!("{note}\n{head}")})
}

/// Where `%catalog json` writes the document: held while it is at most `limit` bytes, and
/// once it is larger, all of it to the file at `path` and its first lines held; bytes and
/// lines counted.
struct Spill<'a> {
    limit: usize,
    head: Vec<u8>,
    /// The file once the document is over `limit` bytes (or the error opening or writing it:
    /// the rest is counted, not written).
    file: Option<std::io::Result<std::io::BufWriter<std::fs::File>>>,
    path: &'a std::path::Path,
    bytes: usize,
    newlines: usize,
    /// The lines in `head`.
    head_newlines: usize,
    last: Option<u8>,
}

impl std::io::Write for Spill<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let newlines = buf.iter().filter(|b| **b == b'\n').count();
        self.bytes += buf.len();
        self.newlines += newlines;
        self.last = buf.last().copied().or(self.last);
        let fits = self.file.is_none() && self.head.len() + buf.len() <= self.limit;
        if self.file.is_none() && !fits {
            let file = std::fs::File::create(self.path)
                .map(std::io::BufWriter::new)
                .and_then(|mut f| f.write_all(&self.head).map(|()| f));
            self.file = Some(file);
        }
        if let Some(Ok(f)) = &mut self.file {
            if let Err(e) = f.write_all(buf) {
                self.file = Some(Err(e));
            }
        }
        // (past the limit, what is shown: the first lines, within bounds)
        let shown = self.head_newlines < JSON_HEAD_LINES && self.head.len() < JSON_LIMIT;
        if fits || shown {
            self.head.extend_from_slice(buf);
            self.head_newlines += newlines;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The resources a selection picks: a table, one resource as Puppet code, or a line saying
/// that none matched.
fn select_bundle(catalog: &Catalog, what: &str) -> Json {
    use text::select;
    let Ok(selection) = select::Selection::parse(what) else {
        return json!({"text/plain": USAGE});
    };
    match select::select(catalog, &selection).as_slice() {
        [] => json!({"text/plain": select::nothing_selected(catalog, what, &selection)}),
        [one] => {
            let code = select::resource_text(catalog, *one);
            let mut html = String::from("<pre>");
            escape(&mut html, &code);
            html.push_str("</pre>");
            json!({"text/html": html, "text/plain": code})
        }
        ids => json!({
            "text/html": table_html(catalog, ids),
            "text/plain": text::table::table_of(&rows_of(catalog, ids), TEXT_WIDTH),
        }),
    }
}

/// The catalog before a cell, to tell which resources the cell added: how many resources
/// it had, and how many had been realized (virtual ones made part of it).
pub struct Before {
    len: usize,
    realized: usize,
}

/// The catalog before a cell (two counts: nothing proportional to the catalog).
pub fn visible(catalog: &Catalog) -> Before {
    Before {
        len: catalog.len(),
        realized: catalog.realized_since(0).1,
    }
}

/// A table of the resources that are in the catalog now and were not `before` (declared
/// by the cell, or realized by it), if there are any.
pub fn added_bundle(catalog: &Catalog, before: &Before) -> Option<Json> {
    let shown = |id: &ResourceId| !catalog.get(*id).is_virtual;
    // (those that were there, in declaration order)
    let mut realized: Vec<ResourceId> = catalog.realized_since(before.realized).0.to_vec();
    realized.retain(|id| (id.0 as usize) < before.len);
    realized.sort_unstable();
    realized.dedup();
    let new = (before.len..catalog.len()).map(|i| ResourceId(i as u32));
    let added: Vec<ResourceId> = realized.into_iter().chain(new.filter(shown)).collect();
    if added.is_empty() {
        return None;
    }
    let rows = rows_of(catalog, &added);
    Some(json!({
        "text/html": table_html(catalog, &added),
        "text/plain": text::table::table_of(&rows, TEXT_WIDTH),
    }))
}

const TABLE: &str = "<table style=\"border-collapse:collapse;font-family:monospace\">";
const CELL: &str =
    "style=\"text-align:left;vertical-align:top;border:1px solid #ccc;padding:2px 6px\"";
const STYLE_TYPE: &str = "color:#267f99;font-weight:bold";
const STYLE_DIM: &str = "color:#777";

/// The resources as an HTML table: resource, parameters (one per line, values coloured by
/// kind), tags, container.
fn table_html(catalog: &Catalog, ids: &[ResourceId]) -> String {
    let mut out = String::from(TABLE);
    out.push_str("<thead><tr>");
    for h in ["Resource", "Parameters", "Tags", "Contained in"] {
        let _ = write!(out, "<th {CELL}>{h}</th>");
    }
    out.push_str("</tr></thead><tbody>");
    let containers = text::shown_containers_of(catalog, &ids[..ids.len().min(MAX_ROWS)]);
    for &id in ids.iter().take(MAX_ROWS) {
        let r = catalog.get(id);
        out.push_str("<tr>");
        let _ = write!(out, "<td {CELL}><span style=\"{STYLE_TYPE}\">");
        escape(&mut out, &r.type_name);
        out.push_str("</span>[");
        escape(&mut out, &r.title);
        out.push_str("]</td>");
        let _ = write!(out, "<td {CELL}>");
        for (i, (name, value)) in r.parameters.iter().enumerate() {
            if i > 0 {
                out.push_str("<br>");
            }
            escape(&mut out, name);
            out.push_str(" =&gt; ");
            inline_html(&mut out, value);
        }
        let _ = write!(out, "</td><td {CELL}><span style=\"{STYLE_DIM}\">");
        let all_tags = catalog.tags_of(id);
        let tags: Vec<&str> = all_tags.iter().map(|t| &**t).collect();
        escape(&mut out, &tags.join(", "));
        let _ = write!(out, "</span></td><td {CELL}>");
        if let Some(&c) = containers.get(&id) {
            escape(&mut out, &catalog.get(c).reference());
        }
        out.push_str("</td></tr>");
    }
    if ids.len() > MAX_ROWS {
        let _ = write!(
            out,
            "<tr><td {CELL} colspan=\"4\">… {} more</td></tr>",
            ids.len() - MAX_ROWS
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// A line naming the virtual resources not realized and the exported ones.
fn left_out_html(out: &mut String, catalog: &Catalog) {
    let refs = |pick: fn(&prepl::catalog::Resource) -> bool| -> Vec<String> {
        catalog
            .all_resources()
            .filter(|(_, r)| pick(r))
            .map(|(_, r)| r.reference())
            .collect()
    };
    for (what, list) in [
        (
            "Virtual, not realized",
            refs(|r| r.is_virtual && !r.exported),
        ),
        ("Exported", refs(|r| r.exported)),
    ] {
        if !list.is_empty() {
            let _ = write!(
                out,
                "<div style=\"{STYLE_DIM}\">{what} (not in the catalog): "
            );
            escape(out, &list.join(", "));
            out.push_str("</div>");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An unknown magic suggests the nearest of every magic the kernel has.
    #[test]
    fn unknown_magics_suggest_any_magic() {
        for (typo, magic) in [
            ("%lokup", "%lookup"),
            ("%wyh", "%why"),
            ("%hiera-confg", "%hiera-config"),
        ] {
            let e = parse_magic(typo).expect_err(typo);
            assert!(e.ends_with(&format!("Did you mean {magic}?")), "{e}");
        }
    }

    fn session(code: &str) -> Session {
        let mut s = Session::new();
        s.eval(code).unwrap_or_else(|e| panic!("{}", e.render()));
        s
    }

    #[test]
    fn magics() {
        assert!(is_magic("  %catalog"));
        assert!(!is_magic("$x % 2"));
        assert_eq!(parse_magic("%catalog"), Ok(View::Table));
        assert_eq!(parse_magic("%catalog graph\n"), Ok(View::Graph));
        assert_eq!(parse_magic("%catalog  dot"), Ok(View::Dot));
        assert_eq!(parse_magic("%catalog json"), Ok(View::Json));
        assert_eq!(parse_magic("%catalog svg"), Ok(View::Select("svg".into())));
        assert_eq!(
            parse_magic("%catalog File['/a b']"),
            Ok(View::Select("File['/a b']".into()))
        );
        assert!(parse_magic("%catalog json x")
            .unwrap_err()
            .ends_with(&format!("\n{USAGE}")));
        let unknown = parse_magic("%time 1").unwrap_err();
        assert!(
            unknown.starts_with("Unknown magic '%time'. The magics: %break, "),
            "{unknown}"
        );
        for magic in crate::magics::MAGICS {
            assert!(unknown.contains(magic), "{unknown}");
        }
    }

    #[test]
    fn selections() {
        let s = session("notify { ['a', 'b']: } file { '/x': mode => '0644' }");
        let bundle =
            |what: &str| view_bundle(&s, parse_magic(&format!("%catalog {what}")).unwrap());
        let many = bundle("Notify");
        assert!(many["text/html"]
            .as_str()
            .unwrap()
            .contains("Notify</span>[b]"));
        assert!(!many["text/plain"].as_str().unwrap().contains("File"));
        let one = bundle("File['/x']");
        assert!(one["text/plain"]
            .as_str()
            .unwrap()
            .starts_with("file { '/x':\n  mode => '0644',\n}"));
        assert!(one["text/html"]
            .as_str()
            .unwrap()
            .starts_with("<pre>file { &#39;/x&#39;:"));
        assert_eq!(
            bundle("Fil")["text/plain"],
            "No resource in the catalog matches 'Fil'.\nDid you mean 'File'?"
        );
    }

    #[test]
    fn the_resources_a_cell_adds() {
        let mut s = session("notify { 'first': }");
        let before = visible(s.catalog());
        s.eval("@user { 'bob': uid => 1001 } notify { '<b>': message => 'hi' }")
            .unwrap();
        let bundle = added_bundle(s.catalog(), &before).expect("a table");
        let html = bundle["text/html"].as_str().unwrap();
        assert!(html.contains("&lt;b&gt;"), "{html}");
        assert!(!html.contains("first"), "{html}");
        assert!(!html.contains("bob"), "virtual: {html}");
        assert!(html.contains("message =&gt; <span"), "{html}");
        let plain = bundle["text/plain"].as_str().unwrap();
        assert_eq!(plain.lines().count(), 3, "{plain}");
        assert!(
            plain.lines().nth(2).unwrap().starts_with("Notify  <b>"),
            "{plain}"
        );
        // Realizing the virtual user later shows it then.
        let before = visible(s.catalog());
        s.eval("User <| |>").unwrap();
        let plain = added_bundle(s.catalog(), &before).unwrap()["text/plain"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(plain.contains("User  bob"), "{plain}");
        // A cell without resources shows none.
        let before = visible(s.catalog());
        s.eval("1 + 1").unwrap();
        assert_eq!(added_bundle(s.catalog(), &before), None);
    }

    #[test]
    fn containers_of_some_resources_are_those_of_the_whole_catalog() {
        let s = session(
            "class inner { notify { 'i': } } class outer { contain inner } include outer \
             define d() { notify { \"n${title}\": } } d { 'x': } @notify { 'v': }",
        );
        let all = text::shown_containers(s.catalog());
        let ids: Vec<ResourceId> = s.catalog().resources().map(|(id, _)| id).collect();
        let some = text::shown_containers_of(s.catalog(), &ids);
        for id in ids {
            assert_eq!(some.get(&id).copied(), all[id.0 as usize], "{id:?}");
        }
        let inner = s.catalog().find("Class", "Inner").unwrap();
        let outer = s.catalog().find("Class", "Outer").unwrap();
        assert_eq!(some[&inner], outer);
    }

    #[test]
    fn a_large_json_catalog_is_written_to_a_file() {
        let s = session("Integer[1, 300].each |$i| { notify { \"n${i}\": } }");
        let whole = prepl::catalog::json::to_json_text(s.catalog());
        let small = json_bundle(s.catalog(), None);
        assert_eq!(small["text/plain"], whole.as_str());
        assert!(small["application/json"].is_object());
        let cut = json_bundle(s.catalog(), Some(1000));
        assert!(cut.get("application/json").is_none());
        let plain = cut["text/plain"].as_str().unwrap();
        let note = plain.lines().next().unwrap();
        assert!(
            note.starts_with(&format!("The catalog's JSON is {} bytes (", whole.len())),
            "{note}"
        );
        let path = note.rsplit_once("Written whole to ").unwrap().1;
        let path = path.strip_suffix('.').unwrap();
        assert_eq!(std::fs::read_to_string(path).unwrap(), whole);
        assert_eq!(plain.lines().count(), 1 + JSON_HEAD_LINES + 1);
        assert!(plain.ends_with(" more lines\n"), "{plain}");
        // (the first lines of the document are shown, though more than the limit)
        let head: Vec<&str> = whole.lines().take(JSON_HEAD_LINES).collect();
        let shown: Vec<&str> = plain.lines().skip(1).take(JSON_HEAD_LINES).collect();
        assert_eq!(shown, head);
        let lines = whole.lines().count();
        assert!(note.contains(&format!("({lines} lines, ")), "{note}");
        // (one of exactly the limit is sent)
        let exact = json_bundle(s.catalog(), Some(whole.len()));
        assert_eq!(exact["text/plain"], whole.as_str());
        assert!(exact["application/json"].is_object());
        let over = json_bundle(s.catalog(), Some(whole.len() - 1));
        assert!(over.get("application/json").is_none());
    }

    #[test]
    fn views() {
        let s = session(
            "package { 'nginx': } -> service { 'nginx': } @@file { '/db': } @user { 'x': }",
        );
        let table = view_bundle(&s, View::Table);
        let html = table["text/html"].as_str().unwrap();
        assert!(html.contains("Stage</span>[main]"), "{html}");
        assert!(html.contains("Virtual, not realized (not in the catalog): User[x]</div>"));
        assert!(html.contains("Exported (not in the catalog): File[/db]</div>"));
        assert!(table["text/plain"].as_str().unwrap().starts_with("Type "));
        let dot = view_bundle(&s, View::Dot);
        assert!(dot["text/plain"]
            .as_str()
            .unwrap()
            .starts_with("digraph catalog {"));
        let json = view_bundle(&s, View::Json);
        assert_eq!(json["application/json"], s.catalog_json());
        let graph = view_bundle(&s, View::Graph);
        assert!(graph["text/plain"]
            .as_str()
            .unwrap()
            .starts_with("Relationships:\n  Package[nginx] -> Service[nginx]\n"));
    }
}
