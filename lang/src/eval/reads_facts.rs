//! Whether a program may read the facts: a variable of the top scope (every fact is one, and
//! so is `$facts`), a catalog statement (a resource's default provider depends on the
//! facts), a function that reads its caller's scope, a template, a lookup. A session whose
//! facts are deferred (`Session::defer_facts`: a one-shot `prepl -e '...'`) gathers and
//! installs them, and resolves the modules' custom facts, only before the first input that
//! may; `prepl -e 'Integer[1, 2] < Integer'` needs none of that work (most of its start-up
//! when modules with custom facts are installed).
//!
//! The answer errs on the side of "may": any variable the program reads outside a lambda
//! (but one it assigned before, at the top), an assignment at the top of a name that may be
//! a fact's (assigning a fact's name fails with the facts installed: the caller answers
//! which names may be), any function call but those of
//! [`crate::functions::reads_no_facts`], any expression kind not listed below.

use crate::syntax::ast::{Expr, ExprKind, Lambda};
use std::rc::Rc;

/// Whether evaluating `body` may read the facts (see the module's documentation);
/// `may_be_fact` tells whether a name the top scope assigns may be a fact's.
pub(crate) fn may_read_facts(body: &[Expr], may_be_fact: &mut dyn FnMut(&str) -> bool) -> bool {
    let mut walk = Walk {
        bound: Vec::new(),
        lambdas: 0,
        may_be_fact,
    };
    body.iter().any(|e| walk.expr(e))
}

struct Walk<'a> {
    /// The names lambdas around the expression bind (their parameters and what they
    /// assigned before it), and the names the top scope assigned before it: no facts.
    bound: Vec<Rc<str>>,
    /// How many lambdas are around the expression.
    lambdas: usize,
    may_be_fact: &'a mut dyn FnMut(&str) -> bool,
}

impl Walk<'_> {
    fn in_lambda(&self) -> bool {
        self.lambdas != 0
    }

    fn expr(&mut self, e: &Expr) -> bool {
        crate::limits::deep(|| self.expr_here(e))
    }

    fn expr_here(&mut self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Variable(v) => {
                let name = &*v.name;
                // (match variables `$0`, `$1`, ... are no facts)
                let numeric = !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit());
                !(numeric || self.bound.iter().any(|b| **b == *name))
            }
            // Inside a lambda an assignment is to the lambda's own variable (the top
            // scope's stay "may": see above); `lambda` binds the name for what follows.
            ExprKind::Assign(lhs, rhs) if self.in_lambda() => {
                self.expr(rhs) || !assigned_names(lhs, &mut Vec::new())
            }
            // At the top, a name that is no fact's is the program's variable from here on
            // (an assignment in a branch that did not run leaves a later read unknown,
            // which is an error with the facts or without them).
            ExprKind::Assign(lhs, rhs) => {
                let mut names = Vec::new();
                if self.expr(rhs) || !assigned_names(lhs, &mut names) {
                    return true;
                }
                if names.iter().any(|n| (self.may_be_fact)(n)) {
                    return true;
                }
                self.bound.extend(names);
                false
            }
            ExprKind::Call { name, block, .. } => {
                !crate::functions::reads_no_facts(name)
                    || self.children(e)
                    || block.as_ref().is_some_and(|l| self.lambda(l))
            }
            ExprKind::CallType { block, .. } => {
                self.children(e) || block.as_ref().is_some_and(|l| self.lambda(l))
            }
            ExprKind::Lambda(l) => self.lambda(l),
            // Defining reads nothing; what is defined is called or declared by name, which
            // is a call or a catalog statement. (A node definition is not: the compilation
            // evaluates the one matching the node, at the end.)
            ExprKind::FunctionDef(_)
            | ExprKind::TypeAlias { .. }
            | ExprKind::ClassDef(_)
            | ExprKind::DefineDef(_) => false,
            ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Boolean(_)
            | ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::String(_)
            | ExprKind::Regex(_)
            | ExprKind::QualifiedName(_)
            | ExprKind::QualifiedReference(_) => false,
            // (an array or hash literal of constants reads nothing)
            ExprKind::Array(_, shared) | ExprKind::Hash(_, shared) if shared.is_constant() => false,
            ExprKind::Interpolated(_)
            | ExprKind::Heredoc { .. }
            | ExprKind::Array(..)
            | ExprKind::Hash(..)
            | ExprKind::Unary(..)
            | ExprKind::Binary(..)
            | ExprKind::Access(..)
            | ExprKind::Selector(..)
            | ExprKind::Paren(_)
            | ExprKind::If { .. }
            | ExprKind::Unless { .. }
            | ExprKind::Case { .. }
            | ExprKind::Block(_) => self.children(e),
            // Catalog statements, relationships, collectors.
            _ => true,
        }
    }

    fn children(&mut self, e: &Expr) -> bool {
        let mut found = false;
        e.for_each_child(&mut |child| found = found || self.expr(child));
        found
    }

    /// A lambda: its parameters' types and defaults as outside it, its body with its
    /// parameters bound.
    fn lambda(&mut self, l: &Lambda) -> bool {
        let params = l
            .params
            .iter()
            .flat_map(|p| p.type_expr.iter().chain(p.default.iter()));
        for x in params {
            if self.expr(x) {
                return true;
            }
        }
        if l.return_type.as_ref().is_some_and(|t| self.expr(t)) {
            return true;
        }
        let outer = self.bound.len();
        self.bound.extend(l.params.iter().map(|p| p.name.clone()));
        self.lambdas += 1;
        let mut found = false;
        for statement in &l.body {
            if self.expr(statement) {
                found = true;
                break;
            }
            // (an assignment among the body's statements: read after it, the name is the
            // lambda's; one inside a branch may not have run)
            if let ExprKind::Assign(lhs, _) = &statement.kind {
                let mut names = Vec::new();
                assigned_names(lhs, &mut names);
                self.bound.extend(names);
            }
        }
        self.bound.truncate(outer);
        self.lambdas -= 1;
        found
    }
}

/// The variables an assignment's left side names (`$a`, `[$a, $b]`); false for any other
/// form (left to the evaluator's error).
fn assigned_names(lhs: &Expr, names: &mut Vec<Rc<str>>) -> bool {
    match &lhs.kind {
        ExprKind::Variable(v) => {
            names.push(v.name.clone());
            true
        }
        ExprKind::Array(items, _) => items.iter().all(|i| assigned_names(i, names)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::may_read_facts;

    fn reads(src: &str) -> bool {
        let program = crate::syntax::parse(src).expect("parses");
        may_read_facts(&program.body, &mut |name| {
            ["os", "osfamily", "environment"].contains(&name)
        })
    }

    #[test]
    fn pure_expressions_read_no_facts() {
        for src in [
            "1",
            "Integer[1, 2] < Integer",
            "type_of([1, 'a', undef])",
            "[1, 2, 3].map |$x| { $x * 2 }",
            "{a => 1}.reduce(0) |$m, $kv| { $y = $kv[1] $m + $y }",
            "'abc' =~ /b/ and 'x' =~ Pattern[/x/]",
            "\"${1 + 2}\"",
            "case 3 { Integer: { 'int' } default: { 'other' } }",
            "Struct[{a => Stdlib::Port}]",
            "function f($x) { $x } type T = Integer class c { $y = $facts }",
            "[1, 2].each |$i| { notice($i) }",
            "if 'a' =~ /(a)/ { $1 }",
            "$x = 1",
            "$x = [1, 2] $x.map |$v| { $v + $x[0] }",
            "[$a, $b] = [1, 2] $a + $b",
            "if true { $t = 1 } $t",
        ] {
            assert!(!reads(src), "{src}");
        }
    }

    /// A deferred session makes its facts only for the first input that may read them, and
    /// then has them as if they had been set at the start.
    #[test]
    fn a_deferred_session_installs_the_facts_when_first_needed() {
        use crate::Value;
        use std::cell::Cell;
        use std::rc::Rc;
        let made = Rc::new(Cell::new(0));
        // A session whose facts count how often they are made.
        let deferred = |agent_facts: bool| {
            let mut session = crate::Session::new();
            let counter = made.clone();
            let facts = move || {
                counter.set(counter.get() + 1);
                crate::env::facts_file::parse_json(r#"{"kernel": "Linux"}"#).unwrap()
            };
            session.defer_facts(facts, agent_facts, false);
            session
        };
        let shown = |v: Value| crate::format::try_programmatic(&v).unwrap();
        let mut session = deferred(true);
        let pure = session.eval("[1, 2].map |$x| { $x * 2 }").unwrap();
        assert_eq!(shown(pure), "[2, 4]");
        let pure = session.eval("Integer[1, 2] < Integer").unwrap();
        assert_eq!(shown(pure), "true");
        assert!(session.facts_deferred() && made.get() == 0);
        assert_eq!(shown(session.eval("$kernel").unwrap()), "'Linux'");
        assert_eq!(made.get(), 1);
        assert!(!session.facts_deferred());
        // the agent's facts were added, as `set_facts_with` adds them
        let agent = session.eval("$facts['clientversion'] =~ String").unwrap();
        assert_eq!(shown(agent), "true");
        assert_eq!(made.get(), 1);
        // an input that fails still installed them for the next
        let mut session = deferred(false);
        assert!(session.eval("$kernel = 1").is_err());
        assert_eq!(shown(session.eval("$kernel").unwrap()), "'Linux'");
        assert_eq!(made.get(), 2);
        // a top-scope assignment of a name no fact has needs no facts installed (they are
        // gathered, once, to tell)
        let mut session = deferred(false);
        let program = session.eval("$x = [1, 2] $x.map |$v| { $v * 2 }").unwrap();
        assert_eq!(shown(program), "[2, 4]");
        assert!(session.facts_deferred() && made.get() == 3);
        assert_eq!(shown(session.eval("$x").unwrap()), "[1, 2]");
        assert!(!session.facts_deferred() && made.get() == 3);
    }

    /// A module's custom or external fact is a fact's name too: assigning it fails as with
    /// the facts installed (`Cannot reassign variable`).
    #[test]
    fn assigning_a_module_fact_installs_the_facts() {
        let root = std::env::temp_dir().join(format!("prepl-deferred-mf-{}", std::process::id()));
        crate::tests::write_file(
            &root,
            "m/lib/facter/f.rb",
            "Facter.add(:from_ruby) { setcode { 1 } }\n",
        );
        crate::tests::write_file(&root, "m/facts.d/f.txt", "from_data=2\n");
        for (name, expected) in [("from_ruby", "1"), ("from_data", "'2'")] {
            let mut session = crate::Session::new();
            session.set_environment(crate::env::Environment {
                name: "production".into(),
                dir: None,
                modulepath: vec![root.clone()],
            });
            let facts = || crate::env::facts_file::parse_json(r#"{"kernel": "Linux"}"#).unwrap();
            session.defer_facts(facts, true, true);
            let error = session.eval(&format!("${name} = 3")).unwrap_err();
            assert!(
                error.message.contains("Cannot reassign variable"),
                "{}",
                error.message
            );
            let value = session.eval(&format!("${name}")).unwrap();
            assert_eq!(crate::format::to_programmatic(&value), expected);
            let mut session = crate::Session::new();
            session.defer_facts(facts, true, true);
            assert!(session.eval(&format!("${name} = 3")).is_ok());
            assert!(session.facts_deferred());
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn variables_calls_and_catalog_statements_may() {
        for src in [
            "$facts",
            "$osfamily",
            "$os = 1",
            "$environment = 'x'",
            "[$a, $osfamily] = [1, 2]",
            "$x = $y",
            "notice($y) $y = 1",
            "\"${os}\"",
            "[1].map |$x| { $x + $y }",
            "[1].map |$x| { $z = $z }",
            "[1].map |$x| { if $x == 2 { $q = 1 } $q }",
            "[1].map |$x = $w| { $x }",
            "f(1)",
            "include foo",
            "lookup('a')",
            "inline_epp('<%= $x %>')",
            "notify { 'a': }",
            "File { mode => '0644' }",
            "File <| |>",
            "Notify['a'] -> Notify['b']",
            "node default { notify { 'a': } }",
            "[1].map |$x| { defined('$x') }",
            "[1].with |$x| { template('a/b.erb') }",
        ] {
            assert!(reads(src), "{src}");
        }
    }
}
