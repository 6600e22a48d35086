//! Dependency cycles, found as the reference's agent finds them before applying a catalog
//! (`Puppet::Graph::RelationshipGraph` and `SimpleGraph#report_cycles_in_graph`):
//!
//! - The graph has the relationship edges; then every container (class, define instance,
//!   stage) is replaced by two anchors, *admissible* and *completed*: its contents come after
//!   its admissible anchor and before its completed one, what came before the container comes
//!   before the admissible anchor, what came after it comes after the completed one. So a
//!   class's relationships apply to everything it contains.
//! - The cycles are its strongly connected components (Tarjan) of more than one vertex, or of
//!   one with an edge to itself; each is sorted by the vertices' references, and so is the
//!   list of cycles (an anchor's is `Whit[admissible_Class[A]]`).
//! - Each is reported with one path, found breadth-first from its first vertex; anchors show
//!   as their container: `(Notify[x] => Class[A] => Notify[z] => Notify[x])`.

use crate::{Catalog, ResourceId};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// One dependency cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    /// The resources in the cycle (containers through their anchors), in the reference's
    /// order, each once.
    pub resources: Vec<ResourceId>,
    /// The path the reference reports: it ends with a resource that appears earlier in it
    /// (usually the first).
    pub path: Vec<ResourceId>,
}

/// A vertex of the relationship graph the agent builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Vertex {
    Resource(ResourceId),
    Admissible(ResourceId),
    Completed(ResourceId),
}

impl Vertex {
    fn resource(self) -> ResourceId {
        match self {
            Vertex::Resource(id) | Vertex::Admissible(id) | Vertex::Completed(id) => id,
        }
    }

    /// What the reference sorts by (`Puppet::Type#ref`).
    fn sort_key(self, catalog: &Catalog) -> String {
        match self {
            Vertex::Resource(id) => catalog.get(id).reference(),
            Vertex::Admissible(id) => format!("Whit[admissible_{}]", catalog.get(id).reference()),
            Vertex::Completed(id) => format!("Whit[completed_{}]", catalog.get(id).reference()),
        }
    }
}

/// A directed graph whose adjacency lists keep the order edges were added in (as the
/// reference's hashes do).
#[derive(Default)]
struct Graph {
    vertices: Vec<Vertex>,
    index: HashMap<Vertex, usize>,
    out: Vec<Vec<usize>>,
    into: Vec<Vec<usize>>,
    /// The edges, to add each once without scanning an adjacency list (a class can
    /// contain thousands of resources).
    edges: HashSet<(usize, usize)>,
    removed: Vec<bool>,
}

impl Graph {
    fn add_vertex(&mut self, v: Vertex) -> usize {
        if let Some(&i) = self.index.get(&v) {
            return i;
        }
        let i = self.vertices.len();
        self.vertices.push(v);
        self.index.insert(v, i);
        self.out.push(Vec::new());
        self.into.push(Vec::new());
        self.removed.push(false);
        i
    }

    fn add_edge(&mut self, from: usize, to: usize) {
        if self.edges.insert((from, to)) {
            self.out[from].push(to);
            self.into[to].push(from);
        }
    }

    /// Removes an edge (the caller may have taken one of the two lists already).
    fn remove_edge(&mut self, from: usize, to: usize) {
        self.edges.remove(&(from, to));
        self.out[from].retain(|&t| t != to);
        self.into[to].retain(|&f| f != from);
    }

    fn remove_vertex(&mut self, v: usize) {
        for to in std::mem::take(&mut self.out[v]) {
            self.edges.remove(&(v, to));
            self.into[to].retain(|&f| f != v);
        }
        for from in std::mem::take(&mut self.into[v]) {
            self.edges.remove(&(from, v));
            self.out[from].retain(|&t| t != v);
        }
        self.removed[v] = true;
    }
}

/// Whether the agent treats a resource as a container: classes and stages always, and any
/// resource that contains others (define instances; an empty one behaves like a plain
/// resource, since its two anchors would simply follow each other).
fn containers(catalog: &Catalog) -> Vec<ResourceId> {
    let mut has_contents = vec![false; catalog.len()];
    for (container, _) in catalog.containment_edges() {
        has_contents[container.0 as usize] = true;
    }
    catalog
        .resources()
        .filter(|(id, r)| {
            has_contents[id.0 as usize] || &*r.type_name == "Class" || &*r.type_name == "Stage"
        })
        .map(|(id, _)| id)
        .collect()
}

/// The relationship graph of `RelationshipGraph#populate_from`: resources and relationship
/// edges, then containers replaced by their anchors.
fn relationship_graph(catalog: &Catalog) -> Graph {
    let mut g = Graph::default();
    let mut visible = vec![false; catalog.len()];
    for (id, _) in catalog.resources() {
        visible[id.0 as usize] = true;
        g.add_vertex(Vertex::Resource(id));
    }
    for rel in catalog.relationships() {
        if visible[rel.source.0 as usize] && visible[rel.target.0 as usize] {
            let s = g.index[&Vertex::Resource(rel.source)];
            let t = g.index[&Vertex::Resource(rel.target)];
            g.add_edge(s, t);
        }
    }
    let containers = containers(catalog);
    let mut is_container = vec![false; catalog.len()];
    for &x in &containers {
        is_container[x.0 as usize] = true;
        g.add_vertex(Vertex::Admissible(x));
        g.add_vertex(Vertex::Completed(x));
    }
    let admissible = |g: &Graph, v: usize| match g.vertices[v] {
        Vertex::Resource(id) if is_container[id.0 as usize] => g.index[&Vertex::Admissible(id)],
        _ => v,
    };
    let completed = |g: &Graph, v: usize| match g.vertices[v] {
        Vertex::Resource(id) if is_container[id.0 as usize] => g.index[&Vertex::Completed(id)],
        _ => v,
    };
    let mut contents: HashMap<ResourceId, Vec<ResourceId>> = HashMap::default();
    for (container, child) in catalog.containment_edges() {
        contents.entry(container).or_default().push(child);
    }
    for &x in &containers {
        let xv = g.index[&Vertex::Resource(x)];
        let (adm_x, comp_x) = (admissible(&g, xv), completed(&g, xv));
        let children = contents.get(&x).map(Vec::as_slice).unwrap_or(&[]);
        if children.is_empty() {
            g.add_edge(adm_x, comp_x);
        }
        for child in children {
            let cv = g.index[&Vertex::Resource(*child)];
            let (adm_c, comp_c) = (admissible(&g, cv), completed(&g, cv));
            g.add_edge(adm_x, adm_c);
            g.add_edge(comp_c, comp_x);
        }
        // The container's own edges move to its anchors (taken whole: a container can
        // have thousands).
        for source in std::mem::take(&mut g.into[xv]) {
            g.remove_edge(source, xv);
            let from = completed(&g, source);
            g.add_edge(from, adm_x);
        }
        for target in std::mem::take(&mut g.out[xv]) {
            g.remove_edge(xv, target);
            let to = admissible(&g, target);
            g.add_edge(comp_x, to);
        }
    }
    for &x in &containers {
        let xv = g.index[&Vertex::Resource(x)];
        g.remove_vertex(xv);
    }
    g
}

/// Whether the graph of [`relationship_graph`] has no cycle, found without building it: the
/// same edges, in compact adjacency lists (see [`topological_order`]), and Kahn's algorithm
/// (a catalog of 12,500 resources took 37 M instructions to build the graph for nothing;
/// most catalogs have no cycle).
fn is_acyclic(catalog: &Catalog) -> bool {
    topological_order(catalog).is_some()
}

/// The vertices of [`is_acyclic`]'s graph in an order that puts each edge's source before
/// its target (Kahn's); `None` when there is a cycle.
pub(super) struct TopologicalOrder {
    /// Vertex `i < n` is resource `i`'s own (a container's admissible anchor); vertex
    /// `n + k` the completed anchor of container `containers[k]`. The vertices no edge can
    /// touch are left out (a virtual resource's).
    pub order: Vec<u32>,
    /// Per resource: whether it is a container (a visible class or stage, or a visible
    /// resource that contains a visible one).
    pub is_container: Vec<bool>,
    /// The containers, in resource order: the owners of the completed anchors.
    pub containers: Vec<u32>,
}

/// See [`TopologicalOrder`]. (Numbered compactly: `n` plus one vertex per container, where
/// three per resource, `id`, `n + id` and `2n + id`, made the passes over the vertices
/// three times as long for two thirds of them unused; the edges are counted and then
/// placed, with no list of them in between; the relationships are read from the lists of
/// their resources, an edge perhaps twice, which Kahn's algorithm counts twice and takes
/// away twice, without the catalog's deduplicated list.)
pub(super) fn topological_order(catalog: &Catalog) -> Option<TopologicalOrder> {
    const NONE: u32 = u32::MAX;
    let n = catalog.len();
    let visible: Vec<bool> = catalog
        .all_resources()
        .map(|(_, r)| !r.is_virtual)
        .collect();
    // (the containment edges between visible resources, in any order: this is no list the
    // user sees, and sorting them as `containment_edges` does cost more than the search)
    let contained = || {
        catalog
            .all_containment_edges()
            .iter()
            .filter(|&&(c, r)| visible[c.0 as usize] && visible[r.0 as usize])
    };
    let mut has_children = vec![false; n];
    for &(x, _) in contained() {
        has_children[x.0 as usize] = true;
    }
    // Each container's completed anchor: `n + k` for the `k`th container.
    let mut completed_of = vec![NONE; n];
    let mut containers = Vec::new();
    for (id, r) in catalog.all_resources() {
        let i = id.0 as usize;
        if visible[i] && (has_children[i] || &*r.type_name == "Class" || &*r.type_name == "Stage") {
            completed_of[i] = (n + containers.len()) as u32;
            containers.push(i as u32);
        }
    }
    let completed = |i: usize| match completed_of[i] {
        NONE => i as u32,
        c => c,
    };
    // Every edge, given to `edge(from, to)`: a relationship leaves its source's completed
    // anchor for its target's admissible one; a container's admissible anchor goes to
    // each child, whose completed anchor goes to the container's; an empty container's
    // anchors follow each other.
    let each_edge = |edge: &mut dyn FnMut(u32, u32)| {
        for rel in catalog.relationships_with_repeats() {
            let (s, t) = (rel.source.0 as usize, rel.target.0 as usize);
            if visible[s] && visible[t] {
                edge(completed(s), t as u32);
            }
        }
        for &(x, child) in contained() {
            let (x, child) = (x.0 as usize, child.0 as usize);
            edge(x as u32, child as u32);
            edge(completed(child), completed_of[x]);
        }
        for &c in &containers {
            let c = c as usize;
            if !has_children[c] {
                edge(c as u32, completed_of[c]);
            }
        }
    };
    // Adjacency lists in one vector (compressed rows), in-degrees.
    let vertices = n + containers.len();
    let mut start = vec![0u32; vertices + 1];
    let mut in_degree = vec![0u32; vertices];
    each_edge(&mut |from, to| {
        start[from as usize + 1] += 1;
        in_degree[to as usize] += 1;
    });
    for v in 0..vertices {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut targets = vec![0u32; start[vertices] as usize];
    each_edge(&mut |from, to| {
        let at = &mut fill[from as usize];
        targets[*at as usize] = to;
        *at += 1;
    });
    drop(fill);
    // The vertices edges can touch: a visible resource's own vertex, a visible container's
    // completed anchor.
    let mut ready: Vec<u32> = Vec::new();
    let mut used = containers.len();
    for i in 0..n {
        if visible[i] {
            used += 1;
            if in_degree[i] == 0 {
                ready.push(i as u32);
            }
        }
    }
    for (v, &d) in in_degree.iter().enumerate().skip(n) {
        if d == 0 {
            ready.push(v as u32);
        }
    }
    let mut order = Vec::with_capacity(used);
    while let Some(v) = ready.pop() {
        order.push(v);
        let v = v as usize;
        for &t in &targets[start[v] as usize..start[v + 1] as usize] {
            let d = &mut in_degree[t as usize];
            *d -= 1;
            if *d == 0 {
                ready.push(t);
            }
        }
    }
    if order.len() != used {
        return None;
    }
    let is_container = completed_of.iter().map(|&c| c != NONE).collect();
    Some(TopologicalOrder {
        order,
        is_container,
        containers,
    })
}

/// The strongly connected components of the live vertices that are cycles: of more than one
/// vertex, or of one with an edge to itself (Tarjan's algorithm, iterative).
fn strongly_connected(g: &Graph) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let n = g.vertices.len();
    let mut index = vec![UNSEEN; n];
    let mut lowlink = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut components = Vec::new();
    let mut counter = 0;
    // (vertex, next child position)
    let mut work: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if g.removed[root] || index[root] != UNSEEN {
            continue;
        }
        work.push((root, 0));
        index[root] = counter;
        lowlink[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut next)) = work.last_mut() {
            if let Some(&child) = g.out[v].get(*next) {
                *next += 1;
                if index[child] == UNSEEN {
                    index[child] = counter;
                    lowlink[child] = counter;
                    counter += 1;
                    stack.push(child);
                    on_stack[child] = true;
                    work.push((child, 0));
                } else if on_stack[child] {
                    lowlink[v] = lowlink[v].min(index[child]);
                }
            } else {
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    lowlink[parent] = lowlink[parent].min(lowlink[v]);
                }
                if lowlink[v] == index[v] {
                    // A vertex alone is its own component: not a cycle unless it has an
                    // edge to itself (most are alone: no vector for them).
                    if stack.last() == Some(&v) {
                        stack.pop();
                        on_stack[v] = false;
                        if g.out[v].contains(&v) {
                            components.push(vec![v]);
                        }
                        continue;
                    }
                    let mut component = Vec::new();
                    loop {
                        let top = stack.pop().expect("the vertex is on the stack");
                        on_stack[top] = false;
                        component.push(top);
                        if top == v {
                            break;
                        }
                    }
                    components.push(component);
                }
            }
        }
    }
    components
}

/// The first path around a cycle, breadth-first from its first vertex, through the cycle's
/// vertices only (`SimpleGraph#paths_in_cycle` with one path). That search keeps a path
/// per walk, and the walks multiply where paths part and meet again (a ladder of 26 rungs
/// took 4 GB) or grow long (a cycle of 20,000 resources took seconds): past a budget of
/// work the path is found on the breadth-first tree instead ([`path_on_tree`]), in time
/// linear in the edges.
fn path_in_cycle(g: &Graph, cycle: &[usize]) -> Vec<usize> {
    /// Vertices copied into paths before the search gives way to the tree's.
    const BUDGET: usize = 1 << 20;
    let mut member = vec![false; g.vertices.len()];
    for &v in cycle {
        member[v] = true;
    }
    let mut spent = 0usize;
    let mut queue = std::collections::VecDeque::from([(cycle[0], Vec::new())]);
    while let Some((v, path)) = queue.pop_front() {
        if path.contains(&v) {
            let mut found: Vec<usize> = path;
            found.push(v);
            return found;
        }
        spent += path.len() + 1;
        for &to in g.out[v].iter().filter(|t| member[**t]) {
            spent += path.len() + 1;
            if spent > BUDGET {
                return path_on_tree(g, cycle[0], &member);
            }
            let mut next = path.clone();
            next.push(v);
            queue.push_back((to, next));
        }
    }
    Vec::new()
}

/// A path around a cycle from `start` through the `member` vertices: the tree path to the
/// first vertex, breadth-first, with an edge back to a vertex on its own tree path (which
/// one exists when the members are strongly connected: some vertex has an edge to `start`).
fn path_on_tree(g: &Graph, start: usize, member: &[bool]) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let n = g.vertices.len();
    // The breadth-first tree.
    let mut parent = vec![NONE; n];
    let mut order = vec![start];
    parent[start] = start;
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &to in &g.out[v] {
            if member[to] && parent[to] == NONE {
                parent[to] = v;
                order.push(to);
            }
        }
    }
    // Entry and exit times of a depth-first walk of the tree: `a` is an ancestor of `b`
    // (or `b` itself) when its interval holds `b`'s.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &v in &order[1..] {
        children[parent[v]].push(v);
    }
    let (mut enter, mut exit) = (vec![0usize; n], vec![0usize; n]);
    let mut clock = 0;
    let mut stack = vec![(start, 0usize)];
    enter[start] = clock;
    while let Some(&mut (v, ref mut next)) = stack.last_mut() {
        if let Some(&child) = children[v].get(*next) {
            *next += 1;
            clock += 1;
            enter[child] = clock;
            stack.push((child, 0));
        } else {
            clock += 1;
            exit[v] = clock;
            stack.pop();
        }
    }
    let ancestor = |a: usize, b: usize| enter[a] <= enter[b] && exit[b] <= exit[a];
    for &v in &order {
        if let Some(&back) = g.out[v].iter().find(|&&to| member[to] && ancestor(to, v)) {
            let mut path = vec![v];
            let mut at = v;
            while at != start {
                at = parent[at];
                path.push(at);
            }
            path.reverse();
            path.push(back);
            return path;
        }
    }
    Vec::new()
}

/// The dependency cycles of the catalog the agent gets, through relationships and
/// containment, in the order the reference reports them. Empty when it can be applied.
pub fn find_cycles(catalog: &Catalog) -> Vec<Cycle> {
    if is_acyclic(catalog) {
        return Vec::new();
    }
    let g = relationship_graph(catalog);
    let key = |v: usize| g.vertices[v].sort_key(catalog);
    let mut cycles: Vec<(Vec<String>, Vec<usize>)> = strongly_connected(&g)
        .into_iter()
        .map(|c| {
            let mut keyed: Vec<(String, usize)> = c.into_iter().map(|v| (key(v), v)).collect();
            keyed.sort();
            keyed.into_iter().unzip()
        })
        .collect();
    cycles.sort();
    cycles
        .into_iter()
        .map(|(_, vertices)| {
            let path = path_in_cycle(&g, &vertices)
                .into_iter()
                .map(|v| g.vertices[v].resource())
                .collect();
            let mut resources: Vec<ResourceId> = Vec::new();
            let mut seen: HashSet<ResourceId> = HashSet::default();
            for v in vertices {
                let id = g.vertices[v].resource();
                if seen.insert(id) {
                    resources.push(id);
                }
            }
            Cycle { resources, path }
        })
        .collect()
}

/// The error the reference's agent logs before refusing a catalog with cycles (`puppet
/// apply` logs it at level err, then fails with "One or more resource dependency cycles
/// detected in graph"), word for word, including the literal `\n` it writes between a
/// cycle and the next line:
///
/// ```text
/// Found 1 dependency cycle:
/// (Notify[a] => Notify[b] => Notify[a])\nTry the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz
/// ```
pub fn cycle_message(catalog: &Catalog, cycles: &[Cycle]) -> Option<String> {
    cycles_text(
        catalog,
        cycles,
        None,
        "\\n",
        "Try the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz",
    )
}

/// The warning prepl gives after an input that made cycles: the reference's first line and
/// cycles, each cycle on a line of its own (the agent's message has a literal `\n` between
/// them), then what to do in prepl instead of the agent's `--graph` advice. Bounded: the
/// first [`WARNING_EDGES`] edges of a cycle and the first [`WARNING_CYCLES`] cycles are
/// listed, with how many were left out.
pub fn cycle_warning(catalog: &Catalog, cycles: &[Cycle]) -> Option<String> {
    let bound = Some((WARNING_CYCLES, WARNING_EDGES));
    cycles_text(catalog, cycles, bound, "\n", CYCLE_ADVICE)
}

/// The cycles [`cycle_warning`] lists.
pub const WARNING_CYCLES: usize = 20;
/// The edges of a cycle [`cycle_warning`] lists.
pub const WARNING_EDGES: usize = 30;

/// "Found N dependency cycle(s):", each cycle followed by `after_cycle`, then `advice`;
/// `None` without cycles. `bound`: the cycles and the edges of each listed, if not all.
fn cycles_text(
    catalog: &Catalog,
    cycles: &[Cycle],
    bound: Option<(usize, usize)>,
    after_cycle: &str,
    advice: &str,
) -> Option<String> {
    if cycles.is_empty() {
        return None;
    }
    let mut message = if cycles.len() == 1 {
        "Found 1 dependency cycle:\n".to_string()
    } else {
        format!("Found {} dependency cycles:\n", cycles.len())
    };
    let (listed, edges) = bound.unwrap_or((usize::MAX, usize::MAX));
    for cycle in cycles.iter().take(listed) {
        message.push_str(&bounded_path_text(catalog, &cycle.path, edges));
        message.push_str(after_cycle);
    }
    if cycles.len() > listed {
        let left = cycles.len() - listed;
        message.push_str(&format!(
            "… {left} more cycle{}{after_cycle}",
            if left == 1 { "" } else { "s" }
        ));
    }
    message.push_str(advice);
    Some(message)
}

/// What [`cycle_warning`] advises.
pub const CYCLE_ADVICE: &str = "See the relationships with :catalog graph (%catalog graph in \
     Jupyter), or :catalog dot for Graphviz.";

/// `(Notify[a] => Notify[b] => Notify[a])`
pub fn path_text(catalog: &Catalog, path: &[ResourceId]) -> String {
    bounded_path_text(catalog, path, usize::MAX)
}

/// [`path_text`] with at most `edges` edges, then how many were left out:
/// `(Notify[a] => Notify[b] => … 19998 more edges)`.
fn bounded_path_text(catalog: &Catalog, path: &[ResourceId], edges: usize) -> String {
    let shown = path.len().min(edges.saturating_add(1));
    let refs: Vec<String> = path[..shown]
        .iter()
        .map(|id| catalog.get(*id).reference())
        .collect();
    let mut text = format!("({}", refs.join(" => "));
    if shown < path.len() {
        let left = path.len() - shown;
        let plural = if left == 1 { "" } else { "s" };
        text.push_str(&format!(" => … {left} more edge{plural}"));
    }
    text.push(')');
    text
}

#[cfg(test)]
mod tests {
    use super::super::test_catalog::*;
    use super::*;

    /// The CPU time this thread has used: a time limit on it holds on a loaded machine,
    /// where the wall clock of a test running beside others may be several times longer.
    fn thread_cpu() -> std::time::Duration {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `clock_gettime` writes the `timespec` it is given and reads nothing else.
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
    }

    fn message(c: &Catalog) -> String {
        // The quick check agrees with the graph's components.
        assert_eq!(
            is_acyclic(c),
            strongly_connected(&relationship_graph(c)).is_empty()
        );
        cycle_message(c, &find_cycles(c)).unwrap_or_default()
    }

    const TRY: &str =
        "\\nTry the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz";

    #[test]
    fn the_warning_has_each_cycle_on_a_line_and_prepl_s_advice() {
        let (mut c, main) = base();
        let [nc, nd, na, nb] = ["c", "d", "a", "b"].map(|t| add(&mut c, "Notify", t, main));
        before(&mut c, nd, nc);
        before(&mut c, nc, nd);
        before(&mut c, nb, na);
        before(&mut c, na, nb);
        let w = cycle_warning(&c, &find_cycles(&c)).unwrap();
        assert_eq!(
            w,
            format!(
                "Found 2 dependency cycles:\n(Notify[a] => Notify[b] => Notify[a])\n\
                 (Notify[c] => Notify[d] => Notify[c])\n{CYCLE_ADVICE}"
            )
        );
        assert!(!w.contains("\\n") && w.contains(":catalog graph"));
        assert_eq!(cycle_warning(&c, &[]), None);
    }

    #[test]
    fn the_warning_of_a_huge_cycle_and_of_many_cycles_is_bounded() {
        let (mut c, main) = base();
        let n = 20_000;
        let ids: Vec<ResourceId> = (0..n)
            .map(|i| add(&mut c, "Notify", &format!("n{i:05}"), main))
            .collect();
        for i in 0..n {
            before(&mut c, ids[i], ids[(i + 1) % n]);
        }
        let started = thread_cpu();
        let cycles = find_cycles(&c);
        let w = cycle_warning(&c, &cycles).unwrap();
        let used = thread_cpu() - started;
        assert!(used.as_secs() < 20, "{used:?}");
        assert!(w.len() < 2_000, "{} bytes", w.len());
        let expected: Vec<String> = (0..=WARNING_EDGES)
            .map(|i| format!("Notify[n{i:05}]"))
            .collect();
        let expected = format!(
            "Found 1 dependency cycle:\n({} => … {} more edges)\n",
            expected.join(" => "),
            n + 1 - (WARNING_EDGES + 1)
        );
        assert!(w.starts_with(&expected), "{w}");
        // The agent's message stays whole, as the reference writes it.
        let whole = cycle_message(&c, &cycles).unwrap();
        assert!(whole.contains("Notify[n19999] => Notify[n00000])"));

        let (mut c, main) = base();
        for i in 0..(WARNING_CYCLES + 5) {
            let a = add(&mut c, "Notify", &format!("a{i:02}"), main);
            let b = add(&mut c, "Notify", &format!("b{i:02}"), main);
            before(&mut c, a, b);
            before(&mut c, b, a);
        }
        let w = cycle_warning(&c, &find_cycles(&c)).unwrap();
        assert!(
            w.starts_with("Found 25 dependency cycles:\n(Notify[a00] => "),
            "{w}"
        );
        assert_eq!(w.lines().count(), 1 + WARNING_CYCLES + 2, "{w}");
        assert!(w.contains("\n… 5 more cycles\n"), "{w}");
    }

    #[test]
    fn no_cycle() {
        let (mut c, main) = base();
        let a = add(&mut c, "Notify", "a", main);
        let b = add(&mut c, "Notify", "b", main);
        before(&mut c, a, b);
        assert!(find_cycles(&c).is_empty());
        assert_eq!(cycle_message(&c, &[]), None);
    }

    // puppet apply -e 'notify{a: require => Notify[b]} notify{b: require => Notify[a]}'
    #[test]
    fn two_resources() {
        let (mut c, main) = base();
        let a = add(&mut c, "Notify", "a", main);
        let b = add(&mut c, "Notify", "b", main);
        before(&mut c, b, a);
        before(&mut c, a, b);
        let cycles = find_cycles(&c);
        assert_eq!(cycles.len(), 1);
        assert_eq!(cycles[0].resources, vec![a, b]);
        assert_eq!(cycles[0].path, vec![a, b, a]);
        assert_eq!(
            message(&c),
            format!("Found 1 dependency cycle:\n(Notify[a] => Notify[b] => Notify[a]){TRY}")
        );
    }

    // puppet apply -e 'notify{[c,d,a,b]:} Notify[d]->Notify[c]->Notify[d]
    //                  Notify[b]->Notify[a]->Notify[b]'
    #[test]
    fn two_cycles_sorted() {
        let (mut c, main) = base();
        let [nc, nd, na, nb] = ["c", "d", "a", "b"].map(|t| add(&mut c, "Notify", t, main));
        before(&mut c, nd, nc);
        before(&mut c, nc, nd);
        before(&mut c, nb, na);
        before(&mut c, na, nb);
        assert_eq!(
            message(&c),
            format!(
                "Found 2 dependency cycles:\n(Notify[a] => Notify[b] => Notify[a])\\n\
                 (Notify[c] => Notify[d] => Notify[c]){TRY}"
            )
        );
    }

    // puppet apply -e 'notify{[a,b,c]:} Notify[a]->Notify[b]->Notify[c]->Notify[a]
    //                  Notify[a] -> Notify[c]': the shortest path is reported.
    #[test]
    fn the_shortest_path_breadth_first() {
        let (mut c, main) = base();
        let [a, b, n] = ["a", "b", "c"].map(|t| add(&mut c, "Notify", t, main));
        before(&mut c, a, b);
        before(&mut c, b, n);
        before(&mut c, n, a);
        before(&mut c, a, n);
        let cycles = find_cycles(&c);
        assert_eq!(cycles[0].resources, vec![a, b, n]);
        assert_eq!(
            message(&c),
            format!("Found 1 dependency cycle:\n(Notify[a] => Notify[c] => Notify[a]){TRY}")
        );
    }

    // puppet apply -e 'class a { notify{x:} } class b { notify{y:} } include a, b
    //                  Class[a] -> Class[b] Notify[y] -> Notify[x]'
    #[test]
    fn through_class_relationships() {
        let (mut c, main) = base();
        let stage = c.find("Stage", "main").unwrap();
        let ca = add(&mut c, "Class", "A", stage);
        let x = add(&mut c, "Notify", "x", ca);
        let cb = add(&mut c, "Class", "B", stage);
        let y = add(&mut c, "Notify", "y", cb);
        let _ = main;
        before(&mut c, ca, cb);
        before(&mut c, y, x);
        assert_eq!(
            message(&c),
            format!(
                "Found 1 dependency cycle:\n\
                 (Notify[x] => Class[A] => Class[B] => Notify[y] => Notify[x]){TRY}"
            )
        );
        assert_eq!(find_cycles(&c)[0].resources, vec![x, y, cb, ca]);
    }

    // puppet apply -e 'class a { notify{x:} } include a  Class[a] -> Notify[z]
    //                  notify{z: before => Notify[x]}'
    #[test]
    fn a_class_before_what_comes_before_its_contents() {
        let (mut c, main) = base();
        let stage = c.find("Stage", "main").unwrap();
        let ca = add(&mut c, "Class", "A", stage);
        let x = add(&mut c, "Notify", "x", ca);
        let z = add(&mut c, "Notify", "z", main);
        before(&mut c, ca, z);
        before(&mut c, z, x);
        assert_eq!(
            message(&c),
            format!(
                "Found 1 dependency cycle:\n(Notify[x] => Class[A] => Notify[z] => Notify[x]){TRY}"
            )
        );
    }

    // puppet apply -e 'define foo { notify{inner: notify => Foo[one]} } foo{one:}'
    #[test]
    fn a_resource_before_its_own_container() {
        let (mut c, main) = base();
        let d = add(&mut c, "Foo", "one", main);
        let inner = add(&mut c, "Notify", "inner", d);
        notify(&mut c, inner, d);
        assert_eq!(
            message(&c),
            format!("Found 1 dependency cycle:\n(Notify[inner] => Foo[one] => Notify[inner]){TRY}")
        );
    }

    #[test]
    fn edges_are_added_once_and_can_come_back() {
        let mut g = Graph::default();
        let [a, b] = [ResourceId(0), ResourceId(1)].map(|id| g.add_vertex(Vertex::Resource(id)));
        g.add_edge(a, b);
        g.add_edge(a, b);
        assert_eq!(
            (g.out[a].as_slice(), g.into[b].as_slice()),
            (&[b][..], &[a][..])
        );
        g.remove_edge(a, b);
        assert!(g.out[a].is_empty() && g.into[b].is_empty());
        g.add_edge(a, b);
        g.add_edge(b, b);
        assert_eq!(g.out[a], vec![b]);
        g.remove_vertex(b);
        assert!(g.out[a].is_empty() && g.edges.is_empty());
    }

    // A class of many resources, two of them in a cycle.
    #[test]
    fn a_cycle_inside_a_big_class() {
        let (mut c, _main) = base();
        let stage = c.find("Stage", "main").unwrap();
        let class = add(&mut c, "Class", "Big", stage);
        let ids: Vec<ResourceId> = (0..500)
            .map(|i| add(&mut c, "Notify", &format!("n{i}"), class))
            .collect();
        for w in ids.windows(2) {
            before(&mut c, w[0], w[1]);
        }
        assert!(find_cycles(&c).is_empty());
        before(&mut c, ids[499], ids[0]);
        let cycles = find_cycles(&c);
        assert_eq!(cycles.len(), 1);
        assert_eq!(cycles[0].resources.len(), 500);
        assert_eq!(cycles[0].path.len(), 501);
    }

    /// A ladder (two resources a rung, each before both of the next rung, the last rung
    /// before the first) has 2^k paths: the breadth-first search of paths took 4 GB at
    /// k = 26. And a cycle of 20,000 resources took seconds (quadratic). Both now end in
    /// moments with a path that goes around the cycle.
    #[test]
    fn large_cycles_are_reported_fast() {
        let started = thread_cpu();
        let (mut c, main) = base();
        let rungs: Vec<[ResourceId; 2]> = (0..=26)
            .map(|i| {
                [
                    add(&mut c, "Notify", &format!("a{i}"), main),
                    add(&mut c, "Notify", &format!("b{i}"), main),
                ]
            })
            .collect();
        for w in rungs.windows(2) {
            for from in w[0] {
                for to in w[1] {
                    before(&mut c, from, to);
                }
            }
        }
        before(&mut c, rungs[26][0], rungs[0][0]);
        before(&mut c, rungs[26][1], rungs[0][0]);
        let cycles = find_cycles(&c);
        assert_eq!(cycles.len(), 1);
        let path = &cycles[0].path;
        assert_eq!(path.len(), 28, "{}", path_text(&c, path));
        assert_eq!(path.first(), path.last());

        let (mut c, main) = base();
        let ids: Vec<ResourceId> = (0..20_000)
            .map(|i| add(&mut c, "Notify", &format!("n{i}"), main))
            .collect();
        for w in ids.windows(2) {
            before(&mut c, w[0], w[1]);
        }
        before(&mut c, ids[19_999], ids[0]);
        let cycles = find_cycles(&c);
        assert_eq!(cycles[0].resources.len(), 20_000);
        assert_eq!(cycles[0].path.len(), 20_001);
        assert_eq!(cycles[0].path[0], ids[0]);
        assert_eq!(cycles[0].path[20_000], ids[0]);
        let used = thread_cpu() - started;
        assert!(used < std::time::Duration::from_secs(10), "{used:?}");
    }

    #[test]
    fn self_loops_and_virtual_resources() {
        let (mut c, main) = base();
        let a = add(&mut c, "Notify", "a", main);
        before(&mut c, a, a);
        assert_eq!(find_cycles(&c)[0].path, vec![a, a]);
        // Relationships with resources the agent does not get do not count.
        let (mut c, main) = base();
        let a = add(&mut c, "Notify", "a", main);
        let mut v = resource("Notify", "v", Some(main));
        v.is_virtual = true;
        let v = c.add(v);
        before(&mut c, a, v);
        before(&mut c, v, a);
        assert!(find_cycles(&c).is_empty());
    }

    // puppet apply -e 'define foo { notify{deep:} } class b { foo{d:} } class a { contain b }
    //   include a notify{z:} Class[a] -> Notify[z] Class[b] -> Notify[z] Notify[z] -> Foo[d]'
    #[test]
    fn containment_alone_makes_no_cycle() {
        let (mut c, main) = base();
        let stage = c.find("Stage", "main").unwrap();
        let ca = add(&mut c, "Class", "A", stage);
        let cb = add(&mut c, "Class", "B", ca);
        let d = add(&mut c, "Foo", "d", cb);
        add(&mut c, "Notify", "deep", d);
        let z = add(&mut c, "Notify", "z", main);
        before(&mut c, ca, z);
        before(&mut c, cb, z);
        assert!(find_cycles(&c).is_empty());
        before(&mut c, z, d);
        assert_eq!(
            message(&c),
            format!(
                "Found 1 dependency cycle:\n\
                 (Notify[deep] => Foo[d] => Class[B] => Notify[z] => Foo[d] => Notify[deep]){TRY}"
            )
        );
    }
}
