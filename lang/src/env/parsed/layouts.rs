//! A file's frame layouts frozen beside its tree (`syntax::frozen`), so that a thread that
//! thaws the tree takes them too instead of resolving the tree again (the resolver's scope
//! names and liveness walks were a third of what a thawed file cost).
//!
//! A layout names variable references by address (`Layout::movable`, `late_moves`), and
//! the table finds layouts by the address of their lambda or function. Frozen, a layout
//! is kept by the number `Frozen::freeze_numbered` gave its lambda or function, and its
//! variable references are numbers in the order of `syntax::frozen::order` within that
//! node. Thawing the tree tells each lambda and function it makes with its number
//! (`Frozen::thaw_numbered`); their layouts are thawed when one is first looked for
//! ([`Late`]), walking only those nodes again to find their references. A class's or
//! define's body is thawed when first read (`ast::Body`): walking the whole thawed tree
//! for its layouts, as was done, made every body of the file and visited every node of
//! those that run (`include collectd`: 172 k instructions a session). Names are indexes
//! into the frozen tree's texts, thawed into the same `Rc`s as the tree's. A compiled EPP
//! template's layouts are kept frozen the same way (`functions/epp/shared.rs`).

use crate::eval::resolve::Layouts;
use crate::eval::scope::{Arity, Layout};
use crate::syntax::ast::{Program, VarRef};
use crate::syntax::frozen::{order, Frozen, Numbered, Sink};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// The layouts of a file's lambdas and function bodies, frozen.
pub(crate) struct FrozenLayouts {
    /// By the number of their lambda or function (empty: the tree has none).
    layouts: Arc<[FrozenLayout]>,
    /// Names the tree's texts lack (`new`, what a call of a type calls), numbered after
    /// them.
    extra: Arc<[Box<str>]>,
}

struct FrozenLayout {
    /// Text numbers.
    names: Box<[u32]>,
    arity: Arity,
    /// Per slot: 1 + the number of a variable reference of the node, or 0 for none.
    movable: Box<[u32]>,
    late_moves: Box<[u32]>,
    /// Text numbers.
    calls: Box<[u32]>,
}

/// The variable references of a lambda or function, nested lambdas' included.
struct Vars(Vec<*const VarRef>);

impl order::Visit for Vars {
    fn var(&mut self, v: &VarRef) {
        self.0.push(v);
    }
    fn lambda(&mut self, _: &Rc<crate::syntax::ast::Lambda>) {}
    fn function(&mut self, _: &Rc<crate::syntax::ast::FunctionDef>) {}
}

impl Vars {
    fn of(node: &Numbered) -> Vars {
        let mut vars = Vars(Vec::new());
        order::walk_numbered(node, &mut vars);
        vars
    }
}

/// Freezes layouts: texts and variable references by number.
struct Freezer<'a> {
    texts: FxHashMap<&'a str, u32>,
    extra: Vec<Box<str>>,
    /// The variable references of the node being frozen.
    vars: FxHashMap<usize, u32>,
}

impl Freezer<'_> {
    fn text(&mut self, s: &str) -> u32 {
        if let Some(&n) = self.texts.get(s) {
            return n;
        }
        let n = (self.texts.len() + self.extra.len()) as u32;
        self.extra.push(s.into());
        n
    }

    /// 1 + the number of the reference at `address`, 0 for none; `None` when the node has
    /// no such reference.
    fn var(&self, address: usize) -> Option<u32> {
        match address {
            0 => Some(0),
            a => self.vars.get(&a).map(|n| n + 1),
        }
    }

    fn layout(&mut self, l: &Layout) -> Option<FrozenLayout> {
        let vars = |f: &Self, addresses: &[usize]| -> Option<Box<[u32]>> {
            addresses.iter().map(|&a| f.var(a)).collect()
        };
        Some(FrozenLayout {
            movable: vars(self, &l.movable)?,
            late_moves: vars(self, &l.late_moves)?,
            names: l.names.iter().map(|n| self.text(n)).collect(),
            arity: l.arity,
            calls: l.calls.iter().map(|n| self.text(n)).collect(),
        })
    }
}

impl FrozenLayouts {
    /// The layouts of a tree's lambdas and function bodies (`numbered`, as
    /// `Frozen::freeze_numbered` numbered them; `layouts`, what resolving the tree made), by
    /// the numbers of `frozen`'s texts; `None` when one is missing or names a reference
    /// outside its node.
    pub(crate) fn freeze(
        numbered: &[Numbered],
        layouts: &Layouts,
        frozen: &Frozen,
    ) -> Option<FrozenLayouts> {
        let mut f = Freezer {
            texts: frozen.texts().zip(0..).collect(),
            extra: Vec::new(),
            vars: FxHashMap::default(),
        };
        let frozen_layouts = (numbered.iter())
            .map(|node| {
                let layout = match node {
                    Numbered::Lambda(l) => layouts.lambda_layout(l)?,
                    Numbered::Function(d) => layouts.function_layout(d)?,
                };
                f.vars = (Vars::of(node).0.iter().map(|&v| v as usize))
                    .zip(0..)
                    .collect();
                f.layout(layout)
            })
            .collect::<Option<_>>()?;
        Some(FrozenLayouts {
            layouts: frozen_layouts,
            extra: f.extra.into(),
        })
    }

    /// A new tree from `tree`, and the layouts of its lambdas and functions when `frozen`
    /// are those frozen with it (thawed as they are looked for: [`Late`]); `None`: resolve
    /// the tree.
    pub(crate) fn thaw_tree(
        tree: &Frozen,
        frozen: Option<&FrozenLayouts>,
    ) -> (Rc<Program>, Option<Layouts>) {
        let Some(frozen) = frozen else {
            return (Rc::new(tree.thaw()), None);
        };
        if frozen.layouts.is_empty() {
            // (most manifests: no lambda, no function)
            return (Rc::new(tree.thaw()), Some(Layouts::default()));
        }
        let sink = Sink::default();
        let (program, texts) = tree.thaw_numbered(Some(sink.clone()));
        let program = Rc::new(program);
        let mut layouts = Layouts::default();
        layouts.add_late(Rc::new(Late {
            layouts: frozen.layouts.clone(),
            texts,
            extra: frozen.extra.iter().map(|s| Rc::from(&**s)).collect(),
            sink,
            program: program.clone(),
            made: RefCell::new(Layouts::default()),
            resolved: std::cell::Cell::new(false),
        }));
        (program, Some(layouts))
    }

    /// About how many bytes these hold (for the bounds of the process's cache).
    pub(crate) fn size(&self) -> usize {
        let one = |l: &FrozenLayout| {
            64 + 4 * (l.names.len() + l.movable.len() + l.late_moves.len() + l.calls.len())
        };
        self.layouts.iter().map(one).sum::<usize>()
            + self.extra.iter().map(|s| s.len() + 16).sum::<usize>()
    }
}

/// The layouts of a thawed tree's lambdas and functions, thawed when one is looked for
/// (shared by the evaluators of a thread that loaded the tree: layouts depend on the tree
/// alone).
pub(crate) struct Late {
    layouts: Arc<[FrozenLayout]>,
    texts: Rc<Vec<Rc<str>>>,
    extra: Vec<Rc<str>>,
    /// The tree's lambdas and functions made since the last look.
    sink: Sink,
    /// The tree (resolved again, whole, should a node not be the frozen one's copy).
    program: Rc<Program>,
    /// The layouts thawed so far.
    made: RefCell<Layouts>,
    /// Whether `made` is the whole tree's, resolved again.
    resolved: std::cell::Cell<bool>,
}

impl Late {
    /// The layout of `l`, when it is one of this tree's lambdas.
    pub(crate) fn lambda(&self, l: &Rc<crate::syntax::ast::Lambda>) -> Option<Rc<Layout>> {
        if let Some(layout) = self.made.borrow().lambda_layout(l) {
            return Some(layout.clone());
        }
        self.thaw_made();
        self.made.borrow().lambda_layout(l).cloned()
    }

    /// The layout of `f`'s body, when it is one of this tree's functions.
    pub(crate) fn function(&self, f: &Rc<crate::syntax::ast::FunctionDef>) -> Option<Rc<Layout>> {
        if let Some(layout) = self.made.borrow().function_layout(f) {
            return Some(layout.clone());
        }
        self.thaw_made();
        self.made.borrow().function_layout(f).cloned()
    }

    /// Thaws the layouts of the nodes made since the last look (walking one may make a
    /// case's arm, whose nodes come then).
    fn thaw_made(&self) {
        loop {
            let made = std::mem::take(&mut *self.sink.borrow_mut());
            if made.is_empty() || self.resolved.get() {
                return;
            }
            for (n, node) in made {
                let Some(layout) = self.thaw(n, &node) else {
                    // (not the frozen tree's copy: resolved again, all of it)
                    let mut resolved = Layouts::default();
                    crate::eval::resolve::resolve_program(&self.program, &mut resolved);
                    *self.made.borrow_mut() = resolved;
                    self.resolved.set(true);
                    self.sink.borrow_mut().clear();
                    return;
                };
                let mut made = self.made.borrow_mut();
                match &node {
                    Numbered::Lambda(l) => made.insert_lambda(l, layout),
                    Numbered::Function(f) => made.insert_function(f, layout),
                }
            }
        }
    }

    fn text(&self, n: u32) -> Option<Rc<str>> {
        let n = n as usize;
        (self.texts.get(n))
            .or_else(|| self.extra.get(n.checked_sub(self.texts.len())?))
            .cloned()
    }

    /// The layout of the node numbered `n`.
    fn thaw(&self, n: u32, node: &Numbered) -> Option<Rc<Layout>> {
        let f = self.layouts.get(n as usize)?;
        let vars = Vars::of(node).0;
        let var = |n: &u32| -> Option<usize> {
            match *n {
                0 => Some(0),
                n => vars.get(n as usize - 1).map(|&v| v as usize),
            }
        };
        Some(Rc::new(Layout {
            names: f
                .names
                .iter()
                .map(|&n| self.text(n))
                .collect::<Option<_>>()?,
            arity: f.arity,
            movable: f.movable.iter().map(var).collect::<Option<_>>()?,
            late_moves: f.late_moves.iter().map(var).collect::<Option<_>>()?,
            calls: f
                .calls
                .iter()
                .map(|&n| self.text(n))
                .collect::<Option<_>>()?,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::FrozenLayouts;
    use crate::eval::resolve::{resolve_program, Layouts};
    use crate::eval::scope::Layout;
    use crate::syntax::ast::{ExprKind, FunctionDef, Lambda, Program, VarRef};
    use crate::syntax::frozen::{order, Frozen};
    use std::rc::Rc;

    /// The nodes of a whole tree (every body made).
    #[derive(Default)]
    struct Nodes {
        vars: Vec<*const VarRef>,
        lambdas: Vec<Rc<Lambda>>,
        functions: Vec<Rc<FunctionDef>>,
    }

    impl order::Visit for Nodes {
        fn var(&mut self, v: &VarRef) {
            self.vars.push(v);
        }
        fn lambda(&mut self, l: &Rc<Lambda>) {
            self.lambdas.push(l.clone());
        }
        fn function(&mut self, f: &Rc<FunctionDef>) {
            self.functions.push(f.clone());
        }
    }

    /// Each layout of a tree, with variable references by number: what must be the same
    /// for a tree and its thawed copy (makes every body).
    fn described(program: &Program, layouts: &Layouts) -> String {
        let mut nodes = Nodes::default();
        order::walk(&program.body, &mut nodes);
        let var = |a: &usize| match *a {
            0 => "-".to_string(),
            a => match nodes.vars.iter().position(|&v| v as usize == a) {
                Some(n) => n.to_string(),
                None => format!("elsewhere {a:x}"),
            },
        };
        let one = |l: &Layout| {
            format!(
                "{:?} {:?} moves {:?} late {:?} calls {:?}\n",
                l.names,
                l.arity,
                l.movable.iter().map(var).collect::<Vec<_>>(),
                l.late_moves.iter().map(var).collect::<Vec<_>>(),
                l.calls,
            )
        };
        let mut text = String::new();
        for l in &nodes.lambdas {
            text += &layouts.find_lambda(l).map_or("none\n".into(), |l| one(&l));
        }
        for f in &nodes.functions {
            text += &layouts
                .find_function(f)
                .map_or("none\n".into(), |l| one(&l));
        }
        text
    }

    /// Whether each class's and define's body at the top level of `program` is made.
    fn made(program: &Program) -> Vec<bool> {
        (program.body.iter())
            .filter_map(|e| match &e.kind {
                ExprKind::ClassDef(c) => Some(c.body.is_made()),
                ExprKind::DefineDef(d) => Some(d.body.is_made()),
                _ => None,
            })
            .collect()
    }

    /// Parses, resolves and freezes `text` with its layouts, and thaws both.
    fn thawed(text: &str) -> Option<(Program, Layouts, Rc<Program>, Layouts)> {
        let program = crate::syntax::parse(text).ok()?;
        let mut layouts = Layouts::default();
        resolve_program(&program, &mut layouts);
        let (frozen, numbered) = Frozen::freeze_numbered(&program)?;
        let frozen_layouts = FrozenLayouts::freeze(&numbered, &layouts, &frozen).expect("frozen");
        let (thawed, thawed_layouts) = FrozenLayouts::thaw_tree(&frozen, Some(&frozen_layouts));
        Some((program, layouts, thawed, thawed_layouts.expect("layouts")))
    }

    /// The layouts thawed are those resolving the thawed tree gives; thawing them makes no
    /// class or define body.
    fn round_trip(text: &str) -> Option<String> {
        let (program, layouts, thawed, thawed_layouts) = thawed(text)?;
        assert!(made(&thawed).iter().all(|&m| !m), "{text}");
        let before = described(&program, &layouts);
        assert_eq!(described(&thawed, &thawed_layouts), before, "{text}");
        let mut resolved = Layouts::default();
        resolve_program(&thawed, &mut resolved);
        assert_eq!(described(&thawed, &resolved), before, "{text}");
        Some(before)
    }

    #[test]
    fn thawed_layouts_are_those_of_resolving() {
        let before = round_trip(
            "function f($a, $b = [1].map |$x| { $x }) >> Integer { $c = $a + $b; $c }\n\
             class k { $r = [1].reduce({}) |$m, $x| { $m + { $x => $m[$x] } }\n\
             [1].each |$v| { $w = $v; [2].map |$y| { $w + $y } } }\n\
             [1].map |$e| { Integer[1, 2]('3') } \n\
             $q = [1].map |$z| { getvar('z') }",
        )
        .unwrap();
        // movable reads, a late move and the calls are there to compare
        let numbered = |part: &str| {
            before.lines().any(|l| {
                let after = l.split(part).nth(1).unwrap_or("");
                let list = after.split(']').next().unwrap_or("");
                list.chars().any(|c| c.is_ascii_digit())
            })
        };
        assert!(numbered("moves [") && numbered("late ["), "{before}");
        assert!(before.contains("\"new\""), "{before}");
        assert!(before.contains("\"getvar\""), "{before}");
    }

    /// A class's or define's layouts are thawed when one of its lambdas is looked for,
    /// which makes no other body: lambdas in bodies nested in bodies, in case arms (made
    /// when the lambda around them is walked), in defaults of parameters.
    #[test]
    fn a_body_s_layouts_are_thawed_when_it_is_made() {
        let text = "class a { notice(1) }\n\
                    class b($p = [1].map |$x| { $x + 1 }) {\n\
                    class inner { $i = [3].map |$y| { $z = $y; $z * 2 } }\n\
                    [5].each |$e| { case $e { 5: { $n = [4].filter |$f| { $f > $e } } default: {} } }\n\
                    }\n\
                    define c($q) { [$q].each |$k, $v| { notice(\"${k}${v}\") } }\n\
                    define d { file { '/d': } }";
        let (program, layouts, thawed, thawed_layouts) = thawed(text).unwrap();
        assert_eq!(made(&thawed), [false, false, false, false]);
        // the parameter's default
        let ExprKind::ClassDef(b) = &thawed.body[1].kind else {
            panic!("no class");
        };
        let Some(ExprKind::Call { block: Some(l), .. }) =
            b.params[0].default.as_ref().map(|d| &d.kind)
        else {
            panic!("no default");
        };
        assert!(thawed_layouts.find_lambda(l).is_some());
        assert_eq!(made(&thawed), [false, false, false, false]);
        // a define's body made: its lambda's layout found, no other body made
        let ExprKind::DefineDef(c) = &thawed.body[2].kind else {
            panic!("no define");
        };
        let ExprKind::Call { block: Some(l), .. } = &c.body[0].kind else {
            panic!("no call");
        };
        assert!(thawed_layouts.find_lambda(l).is_some());
        assert_eq!(made(&thawed), [false, false, true, false]);
        let before = described(&program, &layouts);
        assert_eq!(described(&thawed, &thawed_layouts), before);
        assert!(!before.contains("none"), "{before}");
        assert_eq!(before.lines().count(), 5, "{before}");
    }

    /// Every manifest of the installed modules (when present) thaws into its layouts.
    #[test]
    fn installed_modules_thaw_into_their_layouts() {
        let files =
            crate::syntax::manifests_under(std::path::Path::new("/usr/share/puppet/modules"));
        let mut with_layouts = 0;
        for path in files {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            if round_trip(&text).is_some_and(|d| !d.is_empty()) {
                with_layouts += 1;
            }
        }
        eprintln!("{with_layouts} manifests with lambdas or functions");
    }
}
