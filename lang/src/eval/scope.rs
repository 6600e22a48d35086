//! Variables: the persistent top scope (by name), local frames (by slot), match variables.

use crate::cow::CowRc;
use crate::values::Value;
use std::rc::Rc;

/// The names of the local slots of one lambda or function body, in slot order.
#[derive(Debug, Default)]
pub struct Layout {
    pub names: Vec<Rc<str>>,
    /// The argument counts the parameters accept, computed once.
    pub arity: Arity,
    /// Per slot: the address of the one variable reference whose read may move the value
    /// out of the slot (see `liveness`), or 0.
    pub movable: Vec<usize>,
    /// Per slot: the address of the variable reference, the left operand of a binary
    /// operator, whose value may be moved out once the right operand is evaluated (see
    /// `liveness`), or 0.
    pub late_moves: Vec<usize>,
    /// The functions called anywhere in the body, nested lambdas included.
    pub calls: Vec<Rc<str>>,
}

/// Argument counts accepted by a parameter list.
#[derive(Debug, Default, Clone, Copy)]
pub struct Arity {
    /// Parameters without a default (and not capturing the rest).
    pub required: usize,
    /// `usize::MAX` when the last parameter captures the rest.
    pub max: usize,
    /// A required parameter after an optional one (an error when called).
    pub misplaced: Option<usize>,
    /// No parameter has a type, a default or captures the rest: arguments bind as given.
    pub plain: bool,
}

impl Arity {
    pub fn of(params: &[crate::syntax::ast::Param]) -> Arity {
        let rest = params.last().is_some_and(|p| p.captures_rest);
        let required = params
            .iter()
            .filter(|p| p.default.is_none() && !p.captures_rest)
            .count();
        let max = if rest { usize::MAX } else { params.len() };
        // A parameter with a default, or one capturing the rest, makes the ones after it
        // optional too: a required one there is an error of each call.
        let misplaced = params
            .iter()
            .position(|p| p.default.is_some() || p.captures_rest)
            .and_then(|first| {
                params[first..]
                    .iter()
                    .position(|p| p.default.is_none() && !p.captures_rest)
                    .map(|i| first + i)
            });
        let plain = params
            .iter()
            .all(|p| p.type_expr.is_none() && p.default.is_none() && !p.captures_rest);
        Arity {
            required,
            max,
            misplaced,
            plain,
        }
    }
}

impl Layout {
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| &**n == name)
    }
}

/// The local variables of one running lambda or function: the slots
/// `base..base + layout.names.len()` of the evaluator's slot stack.
pub struct Frame {
    pub base: usize,
    pub layout: Rc<Layout>,
    /// The lexically enclosing frame (for lambdas); `None` means the top scope.
    pub parent: Option<usize>,
    /// A lambda's frame: the address of the class or define scope it runs in (0 for a
    /// function's frame or a lambda outside any): `$c::x` reads the parameters and variables
    /// of class `c`'s lambdas that are running, as the reference's local scopes do.
    pub named_scope: usize,
}

#[derive(Clone)]
struct GlobalVar {
    value: Value,
    /// The input that assigned it: a second assignment in the same input is an error, a later
    /// input may replace it (so that notebook cells can be re-run).
    generation: u64,
}

/// A variable was assigned twice in the same input.
#[derive(Debug)]
pub enum Reassigned {
    /// Assigned earlier in the same input.
    Variable,
    /// One of the variables the runtime provides (`$name`, `$title`, ...).
    BuiltIn,
}

/// Marks the variables the runtime provides: they can never be assigned.
const BUILT_IN: u64 = u64::MAX;
/// Marks facts set as top-scope variables.
const FACT: u64 = u64::MAX - 1;

/// The variables the reference provides at top scope outside any node or class.
pub fn built_in_variables() -> Vec<(&'static str, Value)> {
    vec![
        ("name", Value::from("main")),
        ("title", Value::from("main")),
        ("module_name", Value::from("")),
        ("facts", Value::hash(Default::default())),
    ]
}

/// Names that no program may assign.
pub const RESERVED: &[&str] = &["trusted", "facts", "server_facts"];

/// The top scope. Persists across inputs; a clone is cheap (shared, copied when written:
/// the session keeps one from before each input).
#[derive(Default, Clone)]
pub struct Globals {
    vars: CowRc<indexmap::IndexMap<Rc<str>, GlobalVar, rustc_hash::FxBuildHasher>>,
}

impl Globals {
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.vars.get(strip_top(name)).map(|v| &v.value)
    }

    /// [`get`](Self::get) of a name not starting with `::`, hashed with `FxBuildHasher`.
    pub fn get_hashed(&self, name: &str, hash: u64) -> Option<&Value> {
        use indexmap::map::RawEntryApiV1;
        let entry = self.vars.raw_entry_v1().from_key_hashed_nocheck(hash, name);
        entry.map(|(_, v)| &v.value)
    }

    /// Assigns `name`; `Err(Reassigned)` if it was already assigned during `generation`.
    pub fn set(&mut self, name: &Rc<str>, value: Value, generation: u64) -> Result<(), Reassigned> {
        let key: Rc<str> = if name.starts_with("::") {
            strip_top(name).into()
        } else {
            name.clone()
        };
        if let Some(var) = self.vars.get(&key) {
            if var.generation == BUILT_IN {
                return Err(Reassigned::BuiltIn);
            }
            if var.generation == FACT || var.generation == generation {
                return Err(Reassigned::Variable);
            }
        }
        // (looked at before writing: a write copies the variables shared with the state
        // kept from before the input)
        self.vars.insert(key, GlobalVar { value, generation });
        Ok(())
    }

    /// Defines a fact as a top-scope variable: assigning it is a reassignment.
    pub fn set_fact(&mut self, name: &Rc<str>, value: Value) {
        self.vars.insert(
            name.clone(),
            GlobalVar {
                value,
                generation: FACT,
            },
        );
    }

    /// Defines a variable the runtime provides.
    pub fn set_built_in(&mut self, name: &str, value: Value) {
        self.vars.insert(
            name.into(),
            GlobalVar {
                value,
                generation: BUILT_IN,
            },
        );
    }

    pub fn remove(&mut self, name: &str) {
        if self.vars.contains_key(name) {
            self.vars.shift_remove(name);
        }
    }

    /// Removes the variables named by the string keys of `names` (a fact set's), keeping
    /// the others in their order: one pass over the variables (removing each name on its
    /// own moved every later variable, ~300 facts at each set-up step).
    pub fn remove_keys_of(&mut self, names: &crate::values::Map) {
        let named = |k: &Rc<str>| names.get_string(k).is_some();
        // (looked at before writing: a write copies the variables shared with the state
        // kept from before the input)
        if !names.is_empty() && self.vars.keys().any(named) {
            self.vars.retain(|k, _| !named(k));
        }
    }

    /// Replaces each variable's value for which `f` gives a new one (to replace a shared
    /// value, `eval::shared`).
    pub fn replace_values(&mut self, mut f: impl FnMut(&Value) -> Option<Value>) {
        let replaced: Vec<(Rc<str>, Value)> = self
            .vars
            .iter()
            .filter_map(|(k, var)| f(&var.value).map(|new| (k.clone(), new)))
            .collect();
        for (k, new) in replaced {
            if let Some(var) = self.vars.get_mut(&k) {
                var.value = new;
            }
        }
    }

    /// Puts the variables in the order the reference's top scope has them (what
    /// `scope.to_hash` in a template lists): the facts, then the runtime's variables
    /// (`environment`, `trusted`, `server_facts`, `facts`, `module_name`, `title`, `name`),
    /// then the program's, each group in the order it was assigned.
    pub fn put_in_reference_order(&mut self) {
        const RUNTIME: [&str; 7] = [
            "environment",
            "trusted",
            "server_facts",
            "facts",
            "module_name",
            "title",
            "name",
        ];
        let rank = |name: &str, var: &GlobalVar| match RUNTIME.iter().position(|r| *r == name) {
            Some(i) => 1 + i,
            None if var.generation == FACT => 0,
            None => RUNTIME.len() + 1,
        };
        let in_order = self.vars.iter().map(|(k, v)| rank(k, v)).is_sorted();
        if !in_order {
            // (each rank found once: ~300 facts compared by rank in a sort were 7 string
            // comparisons a rank, twice a comparison)
            self.vars.sort_by_cached_key(|k, v| rank(k, v));
        }
    }

    /// Every variable's name (facts and built-ins too), in the order they were assigned.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.vars.keys().map(|k| &**k)
    }

    /// The variables the session assigned (not the runtime's built-ins), sorted by name.
    pub fn iter_sorted(&self) -> Vec<(Rc<str>, Value)> {
        let mut all: Vec<_> = self
            .vars
            .iter()
            .filter(|(_, v)| v.generation < FACT)
            .map(|(k, v)| (k.clone(), v.value.clone()))
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        all
    }
}

/// `$::x` is the top-scope `$x`.
pub fn strip_top(name: &str) -> &str {
    name.strip_prefix("::").unwrap_or(name)
}

/// The result of the last regular expression match in the current match scope.
pub type MatchData = Option<Rc<Vec<Option<String>>>>;
