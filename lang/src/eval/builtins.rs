//! The built-in functions an evaluator knows by name, with a count of the changes to the
//! set (EPP's hidden functions come and go with each template rendered, a session may add
//! its own): compiled code (`compiled`) that found a built-in under a name keeps it while
//! the count is the one it saw.

use crate::functions::Builtin;
use rustc_hash::FxHashMap as HashMap;

#[derive(Default)]
pub struct Builtins {
    map: HashMap<&'static str, &'static Builtin>,
    /// Changes made to the set since it was made.
    generation: u64,
}

impl Builtins {
    pub fn get(&self, name: &str) -> Option<&&'static Builtin> {
        self.map.get(name)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.map.contains_key(name)
    }

    /// Adds a built-in, or replaces the one of its name.
    pub fn insert(&mut self, name: &'static str, b: &'static Builtin) {
        self.generation += 1;
        self.map.insert(name, b);
    }

    pub fn remove(&mut self, name: &str) {
        self.generation += 1;
        self.map.remove(name);
    }

    /// A number that changes whenever the set does.
    pub fn generation(&self) -> u64 {
        self.generation
    }
}

impl FromIterator<(&'static str, &'static Builtin)> for Builtins {
    fn from_iter<I: IntoIterator<Item = (&'static str, &'static Builtin)>>(iter: I) -> Self {
        Builtins {
            map: iter.into_iter().collect(),
            generation: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Builtins;

    #[test]
    fn each_change_makes_a_new_generation() {
        let all = crate::functions::all();
        let mut b: Builtins = all.iter().map(|b| (b.name, b)).collect();
        let g0 = b.generation();
        assert!(b.get("abs").is_some());
        b.remove("abs");
        let g1 = b.generation();
        assert!(g1 != g0 && b.get("abs").is_none());
        b.insert("abs", &all[0]);
        assert!(b.generation() != g1);
        assert_eq!(b.get("abs").map(|f| f.name), Some(all[0].name));
    }
}
