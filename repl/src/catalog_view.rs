//! `:catalog ARG`: the views of a catalog (the session's, or the one a stopped compilation
//! has so far).

use crate::output::BOLD;

pub const CATALOG_USAGE: &str = "Usage: :catalog [graph|dot|json|TYPE|TYPE[TITLE]|/PATTERN/]";

/// The forms `:catalog` shows.
pub const CATALOG_VIEWS: &[&str] = &["graph", "dot", "json"];

/// `:catalog File`, `:catalog File['/etc/motd']`, `:catalog /ssl/`: the resources selected, as
/// a table, or the one selected whole, as Puppet code.
fn catalog_selection(
    catalog: &prepl::catalog::Catalog,
    arg: &str,
    width: usize,
) -> Result<String, String> {
    use prepl::catalog::render::{select, table};
    let selection = select::Selection::parse(arg).map_err(|e| format!("{e}\n{CATALOG_USAGE}"))?;
    match select::select(catalog, &selection).as_slice() {
        [] => Err(select::nothing_selected(catalog, arg, &selection)),
        [one] => Ok(select::resource_text(catalog, *one)),
        ids => Ok(table::table_of(&table::rows_of(catalog, ids), width)),
    }
}

/// `:catalog ARG` of a catalog (the session's, or the one a stopped compilation has so far).
pub fn catalog_view(
    catalog: &prepl::catalog::Catalog,
    arg: &str,
    width: usize,
    palette: &crate::output::Palette,
) -> Result<String, String> {
    use prepl::catalog::render;
    let view = match arg {
        "" => "",
        word => {
            let found: Vec<&&str> = CATALOG_VIEWS
                .iter()
                .filter(|v| v.starts_with(word))
                .collect();
            match found.as_slice() {
                [one] => **one,
                // Not a view: a type, a reference or a /pattern/ picks resources.
                _ => return catalog_selection(catalog, arg, width),
            }
        }
    };
    Ok(match view {
        "graph" => render::graph_text(catalog),
        "dot" => render::dot(catalog),
        "json" => prepl::catalog::json::to_json_text(catalog),
        _ => {
            let table = render::table(catalog, width);
            // The header line in bold (the table has one when it has a rule under it).
            match table.split_once('\n') {
                Some((head, rest)) if rest.starts_with('─') => {
                    format!("{}\n{rest}", palette.paint(BOLD, head))
                }
                _ => table,
            }
        }
    })
}
