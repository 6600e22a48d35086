//! Showing a catalog to a person: a text table of its resources and its relationship graph
//! (text and Graphviz DOT), and the dependency cycles the agent would refuse. Shared by the
//! REPL and the kernel.
//!
//! - `table`: one row per resource (type, title, parameters, tags, container), as data
//!   (`rows`, for the kernel's HTML table) and as a text table fitted to a width (`table`).
//! - `graph`: the relationships and the containment tree as text (`graph_text`) and as DOT
//!   (`dot`).
//! - `cycles`: dependency cycles through relationships and containment, found and reported
//!   the way the reference's agent does (`find_cycles`, `cycle_message`).
//! - `select`: the resources of a type, a reference or a pattern (`:catalog File`), and one
//!   resource whole as Puppet code (`resource_text`).

pub mod cycle_order;
pub mod cycles;
pub mod graph;
pub mod select;
pub mod table;

pub use cycles::{cycle_message, cycle_warning, find_cycles, Cycle, CYCLE_ADVICE};
pub use graph::{dot, graph_text};
pub use table::{rows, table, Row};

/// The container each resource is shown in: its own container, or the class that
/// `contain`s it (a contained class has both; the containment edge made later wins).
pub fn shown_containers(catalog: &crate::Catalog) -> Vec<Option<crate::ResourceId>> {
    let mut parent = vec![None; catalog.len()];
    let mut edges = catalog.containment_edges();
    // The resource's own container first, then the others (`contain`): the last wins.
    edges.sort_by_key(|&(c, r)| (r, c != catalog.get(r).container.unwrap_or(c)));
    for (container, contained) in edges {
        parent[contained.0 as usize] = Some(container);
    }
    parent
}

/// [`shown_containers`] of `ids` alone, in time proportional to them: the last of the
/// other containers (`contain`) if any, else its own; only resources the agent gets. A
/// resource without other containers has one containment edge, from its own container;
/// the edges of those with others are found in one pass over the containment edges,
/// made only when some of `ids` have them (the kernel shows each cell's new resources
/// this way: a pass for every cell made late cells of a big catalog dearer).
pub fn shown_containers_of(
    catalog: &crate::Catalog,
    ids: &[crate::ResourceId],
) -> rustc_hash::FxHashMap<crate::ResourceId, crate::ResourceId> {
    use crate::ResourceId;
    let listed = |id: ResourceId| !catalog.get(id).is_virtual;
    let mut shown: rustc_hash::FxHashMap<ResourceId, ResourceId> = Default::default();
    let mut others: rustc_hash::FxHashSet<ResourceId> = Default::default();
    for &r in ids {
        if catalog.has_other_containers(r) {
            others.insert(r);
        } else if let Some(c) = catalog.get(r).container.filter(|&c| listed(c) && listed(r)) {
            shown.insert(r, c);
        }
    }
    if others.is_empty() {
        return shown;
    }
    // The container and whether it is another than the resource's own.
    let mut found: rustc_hash::FxHashMap<ResourceId, (ResourceId, bool)> = Default::default();
    for &(c, r) in catalog.all_containment_edges() {
        if !others.contains(&r) || !listed(c) || !listed(r) {
            continue;
        }
        let other = catalog.get(r).container != Some(c);
        if !matches!(found.get(&r), Some((_, true)) if !other) {
            found.insert(r, (c, other));
        }
    }
    shown.extend(found.into_iter().map(|(r, (c, _))| (r, c)));
    shown
}

/// The number of terminal columns `text` takes: wide (East Asian, emoji) characters count
/// two, combining marks and zero-width characters none. Good enough to line up columns.
pub fn display_width(text: &str) -> usize {
    text.chars().map(char_width).sum()
}

pub(crate) fn char_width(c: char) -> usize {
    let u = c as u32;
    match u {
        0 => 0,
        0x0300..=0x036F | 0x200B..=0x200F | 0x20D0..=0x20FF | 0xFE00..=0xFE0F => 0,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x3FFFD => 2,
        _ => 1,
    }
}

#[cfg(test)]
pub(crate) mod test_catalog {
    //! Catalogs built by hand for the tests of this module.
    use crate::values::Value;
    use crate::{Catalog, RelationKind, Relationship, Resource, ResourceId};

    pub fn resource(type_name: &str, title: &str, container: Option<ResourceId>) -> Resource {
        let mut tags = vec![type_name.to_ascii_lowercase().into()];
        if type_name != "Class" && type_name != "Stage" {
            tags.push(title.to_ascii_lowercase().into());
        }
        Resource::new(type_name, title, tags, container)
    }

    /// A catalog with `Stage[main]` and `Class[main]`, as every compilation starts.
    pub fn base() -> (Catalog, ResourceId) {
        let mut c = Catalog::new("node.example.com", "production");
        let stage = c.add(resource("Stage", "main", None));
        let main = c.add(resource("Class", "main", Some(stage)));
        (c, main)
    }

    pub fn add(c: &mut Catalog, type_name: &str, title: &str, container: ResourceId) -> ResourceId {
        c.add(resource(type_name, title, Some(container)))
    }

    pub fn param(c: &mut Catalog, id: ResourceId, name: &str, value: Value) {
        c.get_mut(id).parameters.insert(name.into(), value);
    }

    pub fn before(c: &mut Catalog, source: ResourceId, target: ResourceId) {
        c.add_relationship(Relationship {
            source,
            target,
            kind: RelationKind::Before,
        });
    }

    pub fn notify(c: &mut Catalog, source: ResourceId, target: ResourceId) {
        c.add_relationship(Relationship {
            source,
            target,
            kind: RelationKind::Notify,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The containers of a few resources, found from them, are those of the whole catalog:
    /// own containers, `contain`ed classes (one container or several), classes declared
    /// with no container yet, virtual resources (not shown) and realized ones.
    #[test]
    fn containers_of_some_resources_are_those_of_the_whole_catalog() {
        use super::test_catalog::{add, base, resource};
        use crate::ResourceId;
        let (mut c, main) = base();
        let stage = c.find("Stage", "main").unwrap();
        let a = add(&mut c, "Class", "A", stage);
        let b = add(&mut c, "Class", "B", stage);
        let d = add(&mut c, "Class", "D", stage);
        c.add_containment(a, b);
        c.add_containment(a, d);
        c.add_containment(main, d);
        let loose = c.add(resource("Class", "Loose", None));
        let f = add(&mut c, "File", "/f", b);
        let v = add(&mut c, "Notify", "virtual", a);
        c.get_mut(v).is_virtual = true;
        let w = add(&mut c, "Notify", "realized", d);
        c.get_mut(w).is_virtual = true;
        c.get_mut(w).is_virtual = false;
        let in_virtual = add(&mut c, "Notify", "in a virtual one", v);
        let whole = shown_containers(&c);
        let all: Vec<ResourceId> = (0..c.len() as u32).map(ResourceId).collect();
        for ids in [
            all.clone(),
            vec![f, loose],
            vec![b],
            vec![d, w, in_virtual, v],
        ] {
            let some = shown_containers_of(&c, &ids);
            for id in ids {
                let expected = whole[id.0 as usize].filter(|_| !c.get(id).is_virtual);
                assert_eq!(
                    some.get(&id).copied(),
                    expected,
                    "{}",
                    c.get(id).reference()
                );
            }
        }
        assert_eq!(whole[d.0 as usize], Some(main));
        assert_eq!(whole[f.0 as usize], Some(b));
    }

    #[test]
    fn widths() {
        assert_eq!(display_width("abc"), 3);
        assert_eq!(display_width("日本"), 4);
        assert_eq!(display_width("e\u{301}"), 1);
    }
}
