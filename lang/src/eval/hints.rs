//! "Did you mean ...?" hints for unknown names: functions, variables, types, resource
//! types, classes and parameters. Computed only when the error happens; the message itself
//! stays the reference's (the hint is [`Error::hint`](crate::Error), shown on a line of its
//! own).
use super::session::Evaluator;
use crate::suggest::{did_you_mean, hint, nearest};

impl Evaluator {
    /// Built-in and user-defined functions.
    pub(crate) fn function_hint(&self, name: &str) -> Option<String> {
        if let Some(module) = crate::functions::find(name).and_then(|b| b.module) {
            return Some(module_function_hint(name, module));
        }
        let builtins = crate::functions::all().iter().map(|b| b.name);
        let user = self.functions.keys().map(|k| &**k);
        let close = did_you_mean(name, builtins.chain(user));
        let module = crate::names::split_first(name).map(|(m, _)| m);
        let missing_module = module.filter(|m| {
            *m != "environment" && crate::env::modules::module_dir(&self.env, m).is_none()
        });
        match (close, missing_module) {
            (Some(close), _) => Some(close),
            (None, Some(m)) => Some(format!(
                "No module '{m}' is on the modulepath{}: its functions are known once it is \
                 (--modulepath DIR, :modulepath DIR, %modulepath DIR in Jupyter).",
                if self.env.modulepath.is_empty() {
                    " (it is empty)"
                } else {
                    ""
                }
            )),
            (None, None) => None,
        }
    }

    /// Variables visible from frame `start`, then the scope's and the top scope's.
    pub(crate) fn variable_hint(&self, start: Option<usize>, name: &str) -> Option<String> {
        let mut names: Vec<&str> = Vec::new();
        let mut f = start;
        while let Some(i) = f {
            let frame = &self.frames[i];
            for (idx, n) in frame.layout.names.iter().enumerate() {
                if self.slots[frame.base + idx].is_some() {
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
        let mut names: Vec<String> = crate::syntax::vocabulary::TYPES
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

/// For a function of a module (a Ruby function prepl has natively) called without its
/// module on the modulepath: which module has it, and how to make it available.
pub(crate) fn module_function_hint(name: &str, module: &str) -> String {
    format!(
        "'{name}' is a function of the module {module}, which is not on the modulepath: \
         put it there (--modulepath DIR, :modulepath DIR, %modulepath DIR in Jupyter), or make \
         module functions available without their modules (--module-functions, :set \
         module-functions on, %set module-functions on)."
    )
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
    crate::names::segments(name)
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

/// For a mismatch against a range with equal bounds (`expects an Integer[1, 1] value`) in a
/// session that reads `Integer[1]` as the exact value (`--integer-bounds spec`): code written
/// for the reference means "1 or more" there, and the session can be told to read it so.
pub(crate) fn single_bound_hint(message: &str) -> Option<String> {
    let expected_exact_range = message.lines().any(|line| {
        let Some(start) = line.find("expects") else {
            return false;
        };
        let end = line
            .rfind(", got ")
            .filter(|&e| e > start)
            .unwrap_or(line.len());
        has_exact_range(&line[start..end])
    });
    expected_exact_range.then(|| {
        "Note: this session reads a single bound as the exact value (Integer[1] is \
         Integer[1, 1]), as the specification draft says; the reference, and code written for \
         it, reads Integer[1] as 1 or more. `:set integer-bounds reference` (Jupyter: `%set \
         integer-bounds reference`, command line: `--integer-bounds reference`, the default) \
         switches to the reference's reading."
            .to_string()
    })
}

/// Whether `text` names an Integer, Float, Timespan or Timestamp range with equal bounds.
fn has_exact_range(text: &str) -> bool {
    ["Integer[", "Float[", "Timespan[", "Timestamp["]
        .iter()
        .any(|open| {
            text.match_indices(open).any(|(i, _)| {
                let args = &text[i + open.len()..];
                let Some(close) = args.find(']') else {
                    return false;
                };
                matches!(args[..close].split_once(", "), Some((a, b)) if a == b)
            })
        })
}

#[cfg(test)]
mod tests {
    use crate::Session;

    /// The error's message (the reference's, unchanged) and its hint.
    fn error(code: &str) -> (String, Option<String>) {
        let mut s = Session::new();
        let e = s.eval(code).expect_err(code);
        (e.message, e.hint)
    }

    fn hint(code: &str) -> Option<String> {
        error(code).1
    }

    #[test]
    fn functions_of_modules_that_are_not_there() {
        // `range` is stdlib's: without stdlib the error says so and how to get it.
        let (message, h) = error("range(1, 10)");
        assert_eq!(message, "Unknown function: 'range'.");
        let h = h.unwrap();
        assert!(
            h.starts_with(
                "'range' is a function of the module stdlib, which is not on the modulepath"
            ),
            "{h}"
        );
        assert!(h.contains("--module-functions"), "{h}");
        // A namespaced function of a module that is not there.
        let h = hint("nosuchmod::frob(1)").unwrap();
        assert!(
            h.starts_with("No module 'nosuchmod' is on the modulepath (it is empty)"),
            "{h}"
        );
        // `type_of` stays available without any module.
        assert!(Session::new().eval("type_of(1)").is_ok());
    }

    #[test]
    fn single_bounds_read_exactly() {
        // In a session that reads single bounds as the spec does (`--integer-bounds spec`), a
        // mismatch against a single-bound range says how to read it as the reference does.
        let spec_hint = |code: &str| {
            let mut s = Session::new();
            s.set_single_bound(crate::types::create::SingleBound::Exact);
            s.eval(code).expect_err(code).hint
        };
        let note =
            |code: &str| spec_hint(code).is_some_and(|h| h.contains("integer-bounds reference"));
        assert!(note("class c(Integer[1] $n = 6) {} include c"));
        assert!(note("assert_type(Integer[1], 5)"));
        assert!(note("function f(Float[0.5] $x) { $x } f(2.0)"));
        // Not when the range was written with two bounds, nor for other mismatches.
        assert!(!note("assert_type(Integer[1, 1], 5)"));
        assert!(!note("$x = Integer[1] assert_type(String, 5)"));
        // Nor in the reference's reading (the default).
        assert!(hint("assert_type(Integer[7], 5)").is_none());
    }

    #[test]
    fn unknown_functions() {
        assert_eq!(
            error("fliter([1]) |$x| { true }"),
            (
                "Unknown function: 'fliter'.".to_string(),
                Some("Did you mean 'filter'?".to_string())
            )
        );
        assert_eq!(
            hint("[1].fliter |$x| { true }").as_deref(),
            Some("Did you mean 'filter'?")
        );
        assert_eq!(
            hint("function greeting($n) { $n } greting('a')").as_deref(),
            Some("Did you mean 'greeting'?")
        );
        assert_eq!(
            hint("call('fliter', [1]) |$x| { true }").as_deref(),
            Some("Did you mean 'filter'?")
        );
        assert_eq!(hint("zzzzzz(1)"), None);
    }

    #[test]
    fn unknown_variables() {
        assert_eq!(
            error("$servers = 1 notice($servres)"),
            (
                "Unknown variable: 'servres'.".to_string(),
                Some("Did you mean 'servers'?".to_string())
            )
        );
        assert_eq!(
            hint("[1].each |$value| { notice($valeu) }").as_deref(),
            Some("Did you mean 'value'?")
        );
        assert_eq!(
            hint("class c { $port = 1 notice($prot) } include c").as_deref(),
            Some("Did you mean 'port'?")
        );
        assert_eq!(hint("notice($qqqqqqq)"), None);
    }

    #[test]
    fn unknown_type_names() {
        assert_eq!(
            error("1 =~ Integr"),
            (
                "Resource type not found: Integr".to_string(),
                Some("Did you mean 'Integer'?".to_string())
            )
        );
        assert_eq!(
            hint("type Port = Integer[1, 65535] 1 =~ Prot").as_deref(),
            Some("Did you mean 'Port'?")
        );
        assert_eq!(
            hint("Notfy['x']").as_deref(),
            Some("Did you mean 'Notify'?")
        );
        assert_eq!(
            hint("function f(Strng $x) { } f(1)").as_deref(),
            Some("Did you mean 'String'?")
        );
        assert_eq!(
            hint("assert_type('Array[Integr]', [1])").as_deref(),
            Some("Did you mean 'Integer'?")
        );
        assert_eq!(hint("1 =~ Qqqqqqqq"), None);
    }

    #[test]
    fn unknown_resource_types() {
        assert_eq!(
            error("packge { 'ntp': }"),
            (
                "Error while evaluating a Resource Statement, Unknown resource type: 'packge'"
                    .to_string(),
                Some("Did you mean 'package'?".to_string())
            )
        );
        assert_eq!(
            hint("define web::site() {} web::stie { 'x': }").as_deref(),
            Some("Did you mean 'web::site'?")
        );
        assert_eq!(hint("qqqqqqq { 'x': }"), None);
    }

    #[test]
    fn unknown_parameters() {
        assert_eq!(
            error("notify { 'x': mesage => 'hi' }"),
            (
                "no parameter named 'mesage' (file: In[1], line: 1) on Notify[x] (file: In[1], line: 1)"
                    .to_string(),
                Some("Did you mean 'message'?".to_string())
            )
        );
        assert_eq!(
            hint("file { '/x': ensure => file, onwer => 'root' }").as_deref(),
            Some("Did you mean 'owner'?")
        );
        assert_eq!(
            hint("define d($path) {} d { 'x': pth => 1 }").as_deref(),
            Some("Did you mean 'path'?")
        );
        assert_eq!(
            hint("class c($port = 1) {} class { 'c': prot => 1 }").as_deref(),
            Some("Did you mean 'port'?")
        );
        assert_eq!(
            hint("notify { 'x': befor => Notify['y'] } notify { 'y': }").as_deref(),
            Some("Did you mean 'before'?"),
            "metaparameters"
        );
        assert_eq!(hint("notify { 'x': qqqqqqq => 1 }"), None);
    }

    #[test]
    fn unknown_classes() {
        let (message, hint) = error("class ntp {} include ntpp");
        assert!(message.starts_with(
            "Error while evaluating a Function Call, Could not find class ::ntpp for "
        ));
        assert_eq!(hint.as_deref(), Some("Did you mean 'ntp'?"));
        assert_eq!(self::hint("class ntp {} include qqqqqqq"), None);
    }

    #[test]
    fn the_hint_is_a_line_after_the_message_and_its_excerpt() {
        let mut s = Session::new();
        let e = s.eval("fliter(1)").unwrap_err();
        assert_eq!(
            e.render(),
            "Error: Evaluation Error: Unknown function: 'fliter'. (file: In[1], line: 1, column: 1)\nfliter(1)\n^\nDid you mean 'filter'?"
        );
        assert_eq!(
            e.full_message(),
            "Evaluation Error: Unknown function: 'fliter'."
        );
        // A method call's caret is under the method's name.
        let e = s.eval("[1, 2, 3].fliter |$x| { $x }").unwrap_err();
        assert_eq!(
            e.render(),
            "Error: Evaluation Error: Unknown function: 'fliter'. (file: In[2], line: 1, column: 11)\n[1, 2, 3].fliter |$x| { $x }\n          ^\nDid you mean 'filter'?"
        );
        let e = s.eval("$fliter = [1]\n$fliter\n  . fliter()").unwrap_err();
        assert_eq!(e.location(), Some((3, 5)));
    }
}
