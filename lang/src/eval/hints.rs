//! "Did you mean ...?" hints for unknown names: functions, variables, types, resource
//! types, classes and parameters. Computed only when the error happens; the message itself
//! stays the reference's (the hint is [`Error::hint`](crate::Error), shown on a line of its
//! own).
use super::session::Evaluator;
use crate::suggest::{did_you_mean, hint, nearest};

impl Evaluator {
    /// Built-in and user-defined functions.
    pub(crate) fn function_hint(&self, name: &str) -> Option<String> {
        let builtins = crate::functions::all().iter().map(|b| b.name);
        let user = self.functions.keys().map(|k| &**k);
        did_you_mean(name, builtins.chain(user))
    }

    /// Variables visible from frame `start`, then the scope's and the top scope's.
    pub(crate) fn variable_hint(&self, start: Option<usize>, name: &str) -> Option<String> {
        let mut names: Vec<&str> = Vec::new();
        let mut f = start;
        while let Some(i) = f {
            let frame = &self.frames[i];
            for (idx, n) in frame.layout.names.iter().enumerate() {
                if frame.slots.get(idx).is_some_and(|s| s.is_some()) {
                    names.push(n);
                }
            }
            f = frame.parent;
        }
        let scoped = self
            .scope
            .as_ref()
            .map(|s| s.variable_names())
            .unwrap_or_default();
        names.extend(scoped.iter().map(|n| &**n));
        names.extend(self.globals.names());
        hint(&nearest(name, names), |n| format!("'{n}'"))
    }

    /// Type names: built-in types, type aliases and resource types (capitalized).
    pub(crate) fn type_hint(&self, name: &str) -> Option<String> {
        let mut names: Vec<String> = crate::complete::names::TYPES
            .iter()
            .map(|t| t.name.to_string())
            .collect();
        names.extend(self.aliases.values().map(|a| a.name.to_string()));
        names.extend(self.resource_type_names().iter().map(|n| capitalize(n)));
        did_you_mean(name, names.iter().map(|n| n.as_str()))
    }

    /// Resource types: built-in, of modules, defined types (lower case).
    pub(crate) fn resource_type_hint(&self, name: &str) -> Option<String> {
        let names = self.resource_type_names();
        did_you_mean(&name.to_ascii_lowercase(), names.iter().map(|n| n.as_str()))
    }

    /// Classes defined so far.
    pub(crate) fn class_hint(&self, name: &str) -> Option<String> {
        did_you_mean(name, self.compilation.classes.keys().map(|k| &**k))
    }

    fn resource_type_names(&self) -> Vec<String> {
        let mut names: Vec<String> = crate::catalog::builtin_types::all()
            .iter()
            .filter(|t| t.name != "component")
            .map(|t| t.name.to_string())
            .collect();
        names.extend(self.compilation.catalog.module_type_names());
        names.extend(self.compilation.defines.keys().map(|k| k.to_string()));
        names
    }
}

/// A parameter of a resource, class or define (metaparameters included).
pub fn parameter_hint<'a>(name: &str, params: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let meta = crate::catalog::builtin_types::METAPARAMETERS
        .iter()
        .copied();
    did_you_mean(name, params.into_iter().chain(meta))
}

/// `apache::vhost` as a type name: `Apache::Vhost`.
fn capitalize(name: &str) -> String {
    name.split("::")
        .map(|seg| {
            let mut c = seg.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("::")
}
