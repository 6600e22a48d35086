//! A file's frame layouts frozen beside its tree (`syntax::frozen`), so that a thread that
//! thaws the tree takes them too instead of resolving the tree again (the resolver's scope
//! names and liveness walks were a third of what a thawed file cost).
//!
//! A layout names variable references by address (`Layout::movable`, `late_moves`), and
//! the table finds layouts by the address of their lambda or function: frozen, those are
//! numbers in the order of `syntax::frozen::order`, which the thawed tree is walked in again
//! to find the new nodes of the same numbers. Names are indexes into the frozen tree's
//! texts, thawed into the same `Rc`s as the tree's. A compiled EPP template's layouts are
//! kept frozen the same way (`functions/epp/shared.rs`).

use crate::eval::resolve::Layouts;
use crate::eval::scope::{Arity, Layout};
use crate::syntax::ast::{FunctionDef, Lambda, Program, VarRef};
use crate::syntax::frozen::{order, Frozen};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The layouts of a file's lambdas and function bodies, frozen.
pub(crate) struct FrozenLayouts {
    /// In the order of `syntax::frozen::order`.
    lambdas: Box<[FrozenLayout]>,
    functions: Box<[FrozenLayout]>,
    /// Names the tree's texts lack (`new`, what a call of a type calls), numbered after
    /// them.
    extra: Box<[Box<str>]>,
}

struct FrozenLayout {
    /// Text numbers.
    names: Box<[u32]>,
    arity: Arity,
    /// Per slot: 1 + the number of a variable reference, or 0 for none.
    movable: Box<[u32]>,
    late_moves: Box<[u32]>,
    /// Text numbers.
    calls: Box<[u32]>,
}

/// The nodes a walk of a tree numbers.
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

impl Nodes {
    fn of(program: &Program) -> Nodes {
        let mut nodes = Nodes::default();
        order::walk(&program.body, &mut nodes);
        nodes
    }
}

/// Freezes layouts: texts and variable references by number.
struct Freezer<'a> {
    texts: FxHashMap<&'a str, u32>,
    extra: Vec<Box<str>>,
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

    /// 1 + the number of the reference at `address`, 0 for none; `None` when the tree has
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
    /// The layouts of `program`'s lambdas and function bodies (`layouts`, what resolving it
    /// made), by the numbers of `frozen`'s texts; `None` when one is missing.
    pub(crate) fn freeze(
        program: &Program,
        layouts: &Layouts,
        frozen: &Frozen,
    ) -> Option<FrozenLayouts> {
        if layouts.is_empty() {
            // (most manifests: no lambda, no function, nothing to number)
            return Some(FrozenLayouts {
                lambdas: Box::new([]),
                functions: Box::new([]),
                extra: Box::new([]),
            });
        }
        let nodes = Nodes::of(program);
        let mut f = Freezer {
            texts: frozen.texts().zip(0..).collect(),
            extra: Vec::new(),
            vars: (nodes.vars.iter().map(|&v| v as usize)).zip(0..).collect(),
        };
        let lambdas = (nodes.lambdas.iter())
            .map(|l| f.layout(layouts.lambda_layout(l)?))
            .collect::<Option<_>>()?;
        let functions = (nodes.functions.iter())
            .map(|d| f.layout(layouts.function_layout(d)?))
            .collect::<Option<_>>()?;
        Some(FrozenLayouts {
            lambdas,
            functions,
            extra: f.extra.into(),
        })
    }

    /// The layouts of `program`, thawed from the tree these were frozen with, whose texts
    /// thawed into `texts`; `None` when the tree is not that one's copy.
    pub(crate) fn thaw(&self, program: &Program, texts: &[Rc<str>]) -> Option<Layouts> {
        if self.lambdas.is_empty() && self.functions.is_empty() {
            // (most manifests: nothing to walk the tree for)
            return Some(Layouts::default());
        }
        let nodes = Nodes::of(program);
        if nodes.lambdas.len() != self.lambdas.len()
            || nodes.functions.len() != self.functions.len()
        {
            return None;
        }
        let extra: Vec<Rc<str>> = self.extra.iter().map(|s| Rc::from(&**s)).collect();
        let text = |n: &u32| -> Option<Rc<str>> {
            let n = *n as usize;
            texts
                .get(n)
                .or_else(|| extra.get(n.checked_sub(texts.len())?))
                .cloned()
        };
        let var = |n: &u32| -> Option<usize> {
            match *n {
                0 => Some(0),
                n => nodes.vars.get(n as usize - 1).map(|&v| v as usize),
            }
        };
        let layout = |f: &FrozenLayout| -> Option<Rc<Layout>> {
            Some(Rc::new(Layout {
                names: f.names.iter().map(text).collect::<Option<_>>()?,
                arity: f.arity,
                movable: f.movable.iter().map(var).collect::<Option<_>>()?,
                late_moves: f.late_moves.iter().map(var).collect::<Option<_>>()?,
                calls: f.calls.iter().map(text).collect::<Option<_>>()?,
            }))
        };
        let mut layouts = Layouts::default();
        for (l, f) in nodes.lambdas.iter().zip(self.lambdas.iter()) {
            layouts.insert_lambda(l, layout(f)?);
        }
        for (d, f) in nodes.functions.iter().zip(self.functions.iter()) {
            layouts.insert_function(d, layout(f)?);
        }
        Some(layouts)
    }

    /// About how many bytes these hold (for the bounds of the process's cache).
    pub(crate) fn size(&self) -> usize {
        let one = |l: &FrozenLayout| {
            64 + 4 * (l.names.len() + l.movable.len() + l.late_moves.len() + l.calls.len())
        };
        self.lambdas
            .iter()
            .chain(self.functions.iter())
            .map(one)
            .sum::<usize>()
            + self.extra.iter().map(|s| s.len() + 16).sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::{FrozenLayouts, Nodes};
    use crate::eval::resolve::{resolve_program, Layouts};
    use crate::eval::scope::Layout;
    use crate::syntax::ast::Program;
    use crate::syntax::frozen::Frozen;

    /// Each layout of a tree, with variable references by number: what must be the same
    /// for a tree and its thawed copy.
    fn described(program: &Program, layouts: &Layouts) -> String {
        let nodes = Nodes::of(program);
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
            text += &layouts.lambda_layout(l).map_or("none\n".into(), |l| one(l));
        }
        for f in &nodes.functions {
            text += &layouts
                .function_layout(f)
                .map_or("none\n".into(), |l| one(l));
        }
        text
    }

    /// Parses and resolves `text`, freezes it with its layouts and thaws both: the layouts
    /// thawed are those resolving the thawed tree gives.
    fn round_trip(text: &str) -> Option<String> {
        let program = crate::syntax::parse(text).ok()?;
        let mut layouts = Layouts::default();
        resolve_program(&program, &mut layouts);
        let frozen = Frozen::freeze(&program)?;
        let frozen_layouts = FrozenLayouts::freeze(&program, &layouts, &frozen).expect("frozen");
        let before = described(&program, &layouts);
        let (thawed, texts) = frozen.thaw_with_texts();
        let thawed_layouts = frozen_layouts.thaw(&thawed, &texts).expect("thawed");
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
