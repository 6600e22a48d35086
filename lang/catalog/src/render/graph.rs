//! The relationship graph of a catalog: as text (one edge per line, then the containment
//! tree and the dependency cycles) and as Graphviz DOT (containers as nested clusters,
//! `~>` edges coloured and labelled).

use super::cycles::{find_cycles, path_text};
use crate::{Catalog, RelationKind, Relationship, ResourceId};
use std::fmt::Write;

/// The arrow of a relationship kind, as the language writes it.
pub fn arrow(kind: RelationKind) -> &'static str {
    match kind {
        RelationKind::Before => "->",
        RelationKind::Notify => "~>",
    }
}

/// The relationships between resources the agent gets, grouped by source (in declaration
/// order), each source's edges in the order they were made.
pub fn edges(catalog: &Catalog) -> Vec<Relationship> {
    let visible = visible(catalog);
    let mut edges: Vec<Relationship> = catalog
        .relationships()
        .iter()
        .filter(|r| visible[r.source.0 as usize] && visible[r.target.0 as usize])
        .copied()
        .collect();
    edges.sort_by_key(|r| r.source);
    edges
}

fn visible(catalog: &Catalog) -> Vec<bool> {
    let mut visible = vec![false; catalog.len()];
    for (id, _) in catalog.resources() {
        visible[id.0 as usize] = true;
    }
    visible
}

/// Containment as a tree: each resource under one container, the roots (not contained in a
/// resource the agent gets) in declaration order. A class declared with `contain` is
/// contained both by its stage and by the class that contains it: it is shown under the
/// latter (the edge made last).
struct Tree {
    children: Vec<Vec<ResourceId>>,
    roots: Vec<ResourceId>,
    parent: Vec<Option<ResourceId>>,
}

impl Tree {
    fn of(catalog: &Catalog) -> Tree {
        let parent = super::shown_containers(catalog);
        let mut children = vec![Vec::new(); catalog.len()];
        let mut roots = Vec::new();
        for (id, _) in catalog.resources() {
            match parent[id.0 as usize] {
                Some(c) => children[c.0 as usize].push(id),
                None => roots.push(id),
            }
        }
        Tree {
            children,
            roots,
            parent,
        }
    }

    fn children(&self, id: ResourceId) -> &[ResourceId] {
        &self.children[id.0 as usize]
    }

    /// Whether `id` is `ancestor` or inside it.
    fn within(&self, mut id: ResourceId, ancestor: ResourceId) -> bool {
        // Bounded, should containment ever loop.
        for _ in 0..=self.parent.len() {
            if id == ancestor {
                return true;
            }
            match self.parent[id.0 as usize] {
                Some(p) => id = p,
                None => return false,
            }
        }
        false
    }
}

/// The graph as text:
///
/// ```text
/// Relationships:
///   Package[nginx] -> File[/etc/nginx/nginx.conf]
///   File[/etc/nginx/nginx.conf] ~> Service[nginx]
///
/// Containment:
///   Stage[main]
///   └─ Class[Nginx]
///      ├─ Package[nginx]
///      ...
/// ```
///
/// followed by the dependency cycles, if there are any.
pub fn graph_text(catalog: &Catalog) -> String {
    let mut out = String::new();
    let edges = edges(catalog);
    if edges.is_empty() {
        out.push_str("Relationships: none\n");
    } else {
        out.push_str("Relationships:\n");
        for e in &edges {
            let _ = writeln!(
                out,
                "  {} {} {}",
                catalog.get(e.source).reference(),
                arrow(e.kind),
                catalog.get(e.target).reference()
            );
        }
    }
    let tree = Tree::of(catalog);
    if tree.roots.is_empty() {
        out.push_str("\nContainment: none\n");
    } else {
        out.push_str("\nContainment:\n");
        for &root in &tree.roots {
            let _ = writeln!(out, "  {}", catalog.get(root).reference());
            subtree(&mut out, catalog, &tree, root, "  ");
        }
    }
    let cycles = find_cycles(catalog);
    if !cycles.is_empty() {
        let _ = writeln!(
            out,
            "\nDependency cycle{}:",
            if cycles.len() == 1 { "" } else { "s" }
        );
        for c in &cycles {
            let _ = writeln!(out, "  {}", path_text(catalog, &c.path));
        }
    }
    out
}

fn subtree(out: &mut String, catalog: &Catalog, tree: &Tree, id: ResourceId, indent: &str) {
    let children = tree.children(id);
    for (i, &child) in children.iter().enumerate() {
        let last = i + 1 == children.len();
        let _ = writeln!(
            out,
            "{indent}{}{}",
            if last { "└─ " } else { "├─ " },
            catalog.get(child).reference()
        );
        let deeper = format!("{indent}{}", if last { "   " } else { "│  " });
        subtree(out, catalog, tree, child, &deeper);
    }
}

const NOTIFY_COLOR: &str = "#c0392b";
const CYCLE_COLOR: &str = "#e74c3c";

/// A DOT string literal.
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The graph in Graphviz's DOT language: one node per resource the agent gets, labelled
/// `Type[title]`; containers (stages, classes, define instances with contents) as nested
/// clusters; `->` edges black, `~>` edges red and labelled `~>`; resources in a dependency
/// cycle outlined in red. An edge to or from a container is drawn to its cluster's border.
pub fn dot(catalog: &Catalog) -> String {
    let tree = Tree::of(catalog);
    let in_cycle: std::collections::HashSet<ResourceId> = find_cycles(catalog)
        .into_iter()
        .flat_map(|c| c.resources)
        .collect();
    let mut out = String::from(
        "digraph catalog {\n  \
           rankdir=LR;\n  \
           compound=true;\n  \
           fontname=\"Helvetica\";\n  \
           node [shape=box, style=\"rounded,filled\", fillcolor=\"#f4f6f8\", color=\"#5d6d7e\", fontname=\"Helvetica\", fontsize=11];\n  \
           edge [color=\"#34495e\", fontname=\"Helvetica\", fontsize=10];\n",
    );
    let ctx = Dot {
        catalog,
        tree: &tree,
        in_cycle: &in_cycle,
    };
    for &root in &tree.roots {
        ctx.node(&mut out, root, 1);
    }
    let edges = edges(catalog);
    if edges.is_empty() {
        compact(&mut out, &tree, &ctx);
    }
    for e in edges {
        let mut attrs = Vec::new();
        if ctx.is_cluster(e.source) && !tree.within(e.target, e.source) {
            attrs.push(format!("ltail=cluster_{}", e.source.0));
        }
        if ctx.is_cluster(e.target) && !tree.within(e.source, e.target) {
            attrs.push(format!("lhead=cluster_{}", e.target.0));
        }
        if e.kind == RelationKind::Notify {
            attrs.push(format!("color={}", quote(NOTIFY_COLOR)));
            attrs.push(format!("fontcolor={}", quote(NOTIFY_COLOR)));
            attrs.push("label=\"~>\"".into());
        }
        let attrs = if attrs.is_empty() {
            String::new()
        } else {
            format!(" [{}]", attrs.join(", "))
        };
        let _ = writeln!(out, "  r{} -> r{}{attrs};", e.source.0, e.target.0);
    }
    out.push_str("}\n");
    out
}

/// Without relationships, every resource would be in the first rank: one long column. The
/// resources (in containment order) are laid out as a grid instead, about as wide as high,
/// by invisible edges from each resource to the one a row further.
fn compact(out: &mut String, tree: &Tree, ctx: &Dot) {
    fn leaves(tree: &Tree, ctx: &Dot, id: ResourceId, out: &mut Vec<ResourceId>) {
        if ctx.is_cluster(id) {
            for &child in tree.children(id) {
                leaves(tree, ctx, child, out);
            }
        } else {
            out.push(id);
        }
    }
    let mut all = Vec::new();
    for &root in &tree.roots {
        leaves(tree, ctx, root, &mut all);
    }
    let row = (all.len() as f64).sqrt().ceil().max(1.0) as usize;
    for pair in all.iter().zip(all.iter().skip(row)) {
        let _ = writeln!(out, "  r{} -> r{} [style=invis];", pair.0 .0, pair.1 .0);
    }
}

struct Dot<'a> {
    catalog: &'a Catalog,
    tree: &'a Tree,
    in_cycle: &'a std::collections::HashSet<ResourceId>,
}

impl Dot<'_> {
    fn is_cluster(&self, id: ResourceId) -> bool {
        !self.tree.children(id).is_empty()
    }

    fn node(&self, out: &mut String, id: ResourceId, depth: usize) {
        let indent = "  ".repeat(depth);
        let r = self.catalog.get(id);
        let label = quote(&r.reference());
        let cycle = if self.in_cycle.contains(&id) {
            format!(", color={}, penwidth=2", quote(CYCLE_COLOR))
        } else {
            String::new()
        };
        let container_kind = &*r.type_name == "Class" || &*r.type_name == "Stage";
        if !self.is_cluster(id) {
            let style = if container_kind {
                ", style=\"rounded,dashed\""
            } else {
                ""
            };
            let _ = writeln!(out, "{indent}r{} [label={label}{style}{cycle}];", id.0);
            return;
        }
        let _ = writeln!(out, "{indent}subgraph cluster_{} {{", id.0);
        let _ = writeln!(
            out,
            "{indent}  label={label}; style=\"rounded,dashed\"; color={}; fontcolor=\"#5d6d7e\";",
            if cycle.is_empty() {
                quote("#95a5a6")
            } else {
                quote(CYCLE_COLOR)
            }
        );
        // The container's own node, where its edges end (clipped at the cluster's border).
        let _ = writeln!(
            out,
            "{indent}  r{} [label=\"\", shape=point, width=0.05, style=invis];",
            id.0
        );
        for &child in self.tree.children(id) {
            self.node(out, child, depth + 1);
        }
        let _ = writeln!(out, "{indent}}}");
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_catalog::*;
    use super::*;

    /// class nginx { package{nginx:} -> file{'/etc/nginx/nginx.conf':} ~> service{nginx:} }
    /// include nginx; notify{hi: require => Class[nginx]}
    fn web() -> Catalog {
        let (mut c, main) = base();
        let stage = c.find("Stage", "main").unwrap();
        let class = add(&mut c, "Class", "Nginx", stage);
        let pkg = add(&mut c, "Package", "nginx", class);
        let file = add(&mut c, "File", "/etc/nginx/nginx.conf", class);
        let svc = add(&mut c, "Service", "nginx", class);
        let hi = add(&mut c, "Notify", "hi \"there\"", main);
        notify(&mut c, file, svc);
        before(&mut c, pkg, file);
        before(&mut c, class, hi);
        c
    }

    #[test]
    fn text() {
        assert_eq!(
            graph_text(&web()),
            "\
Relationships:
  Class[Nginx] -> Notify[hi \"there\"]
  Package[nginx] -> File[/etc/nginx/nginx.conf]
  File[/etc/nginx/nginx.conf] ~> Service[nginx]

Containment:
  Stage[main]
  ├─ Class[main]
  │  └─ Notify[hi \"there\"]
  └─ Class[Nginx]
     ├─ Package[nginx]
     ├─ File[/etc/nginx/nginx.conf]
     └─ Service[nginx]
"
        );
    }

    #[test]
    fn text_with_cycles_and_nothing() {
        let (mut c, main) = base();
        let a = add(&mut c, "Notify", "a", main);
        let b = add(&mut c, "Notify", "b", main);
        before(&mut c, a, b);
        notify(&mut c, b, a);
        let t = graph_text(&c);
        assert!(
            t.starts_with("Relationships:\n  Notify[a] -> Notify[b]\n  Notify[b] ~> Notify[a]\n")
        );
        assert!(
            t.ends_with("\nDependency cycle:\n  (Notify[a] => Notify[b] => Notify[a])\n"),
            "{t}"
        );
        assert_eq!(
            graph_text(&Catalog::new("n", "e")),
            "Relationships: none\n\nContainment: none\n"
        );
    }

    #[test]
    fn dot_without_relationships_is_a_grid() {
        let (mut c, main) = base();
        let ids: Vec<ResourceId> = (0..9)
            .map(|i| add(&mut c, "Notify", &format!("n{i}"), main))
            .collect();
        let d = dot(&c);
        // 9 resources (Stage[main] and Class[main] are clusters): rows of 3, each resource
        // tied to the one a row further.
        let invisible: Vec<&str> = d
            .lines()
            .filter(|l| l.ends_with("[style=invis];"))
            .collect();
        assert_eq!(invisible.len(), 6, "{d}");
        assert!(
            invisible
                .contains(&format!("  r{} -> r{} [style=invis];", ids[0].0, ids[3].0).as_str()),
            "{d}"
        );
        // With a relationship, the layout follows it alone.
        before(&mut c, ids[0], ids[1]);
        assert!(!dot(&c).contains("[style=invis];"));
    }

    #[test]
    fn dot_clusters_and_edges() {
        let d = dot(&web());
        assert!(d.starts_with("digraph catalog {\n"), "{d}");
        assert!(d.ends_with("}\n"));
        // Stage[main] contains Class[main] and Class[Nginx]: nested clusters.
        assert!(
            d.contains("  subgraph cluster_0 {\n    label=\"Stage[main]\";"),
            "{d}"
        );
        assert!(
            d.contains("    subgraph cluster_2 {\n      label=\"Class[Nginx]\";"),
            "{d}"
        );
        assert!(d.contains("      r3 [label=\"Package[nginx]\"];"), "{d}");
        // Labels are quoted and escaped.
        assert!(
            d.contains("r6 [label=\"Notify[hi \\\"there\\\"]\"];"),
            "{d}"
        );
        // -> plain, ~> red and labelled, an edge from a class ends at its cluster.
        assert!(d.contains("  r3 -> r4;\n"), "{d}");
        assert!(
            d.contains("  r4 -> r5 [color=\"#c0392b\", fontcolor=\"#c0392b\", label=\"~>\"];\n")
        );
        assert!(d.contains("  r2 -> r6 [ltail=cluster_2];\n"), "{d}");
        // Braces balance.
        assert_eq!(d.matches('{').count(), d.matches('}').count());
    }

    #[test]
    fn dot_marks_cycles_and_keeps_lhead_out_of_its_own_cluster() {
        let (mut c, main) = base();
        let d = add(&mut c, "Foo", "one", main);
        let inner = add(&mut c, "Notify", "inner", d);
        notify(&mut c, inner, d);
        let g = dot(&c);
        assert!(g.contains("  r3 -> r2 [color="), "{g}");
        assert!(!g.contains("lhead"), "{g}");
        assert!(
            g.contains("r3 [label=\"Notify[inner]\", color=\"#e74c3c\", penwidth=2];"),
            "{g}"
        );
    }
}
