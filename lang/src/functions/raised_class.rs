//! The Ruby class of the exception a call into Puppet raises in Ruby code (a module
//! function's `call_function`, a template's `scope.call_function`), as the reference's:
//! what the code's `rescue Puppet::ParseError => e` catches and `e.class` shows.

use crate::error::{Error, ErrorKind};

/// The class of the exception for error `e` of a call of function `name`; `located` when the
/// error is located in Puppet code (it passes through as itself). `None`: the class Ruby's
/// own message gives (`ruby::error`'s rule: `RuntimeError` unless the message is Ruby's own,
/// such as `invalid value for Integer(): "x"`, an `ArgumentError`).
///
/// From the oracle (Puppet 8): an error located in Puppet code is a
/// `Puppet::PreformattedError`, `fail` a `Puppet::ParseError`, a failed `assert_type` a
/// `Puppet::Pops::Types::TypeAssertionError`, a lookup that finds nothing a
/// `Puppet::DataBinding::LookupError`, a call's argument mismatch or an unknown function an
/// `ArgumentError`, a template or file that fails or is not found a `Puppet::ParseError`,
/// an unknown class a `Puppet::Error`; a pattern that does not compile (`regsubst`,
/// `match`, `split`, `Regexp.new`) Ruby's `RegexpError`. Any other error of a built-in
/// (`builtin`: the function called is prepl's) whose message is not one of Ruby's own
/// classes is what the reference's function raises: an `ArgumentError` for Puppet's
/// (`sprintf`'s `Kernel#format`, conversions, `Timestamp`'s parsing, `abs`), a
/// `Puppet::ParseError` for a module's (stdlib's functions: `pick`, `member`,
/// `deep_merge`, `validate_legacy`).
pub(crate) fn raised_class(
    name: &str,
    e: &Error,
    located: bool,
    builtin: Option<&super::Builtin>,
) -> Option<&'static str> {
    if located {
        return Some(PREFORMATTED);
    }
    // (the message as the call's Ruby sees it, without the prefix Puppet's call adds)
    let m = super::template::strip_prefix(&e.message);
    if m.starts_with("Function lookup() did not find a value") {
        return Some("Puppet::DataBinding::LookupError");
    }
    // (`fail` called directly: its error reaches here wrapped by the call, an evaluation
    // error again)
    if e.kind == ErrorKind::Failed || name == "fail" {
        return Some(PARSE_ERROR);
    }
    if name == "assert_type" && m.starts_with("assert_type(): ") {
        return Some("Puppet::Pops::Types::TypeAssertionError");
    }
    if is_mismatch(name, m) || m == super::template::unknown_function_text(name) {
        return Some("ArgumentError");
    }
    const PARSE_ERRORS: &[&str] = &[
        "Failed to parse inline template: ",
        "Failed to parse template ",
        "Could not find template ",
        "Could not find any files from ",
    ];
    if PARSE_ERRORS.iter().any(|p| m.starts_with(p)) {
        return Some(PARSE_ERROR);
    }
    if m.starts_with("Could not find class ") {
        return Some("Puppet::Error");
    }
    // (stdlib's `deprecation` under `strict = error`, a bare `raise` of its text)
    if m.starts_with("deprecation. ") {
        return Some("RuntimeError");
    }
    if crate::syntax::ruby_regexp::is_regexp_error_message(m) {
        return Some("RegexpError");
    }
    // (Ruby's own messages keep the class Ruby gives them: `invalid value for Integer()`,
    // `comparison of Integer with String failed`, `too few arguments`)
    let ruby = ruby_class(m);
    match builtin {
        Some(b) if ruby == "RuntimeError" && b.module.is_some() => Some(PARSE_ERROR),
        Some(_) if ruby == "RuntimeError" => Some("ArgumentError"),
        _ => None,
    }
}

/// The class of error `e` of a call of function `name` made from Ruby, when the error is not
/// located in Puppet code: [`raised_class`]'s, or for a module's built-in (`builtin`) other
/// than a `fail`, the class its 3.x source raises the message with ([`legacy_raised_class`])
/// where it has one.
pub(crate) fn call_raised_class(
    env: &crate::env::Environment,
    name: &str,
    e: &Error,
    builtin: Option<&super::Builtin>,
) -> Option<&'static str> {
    let class = raised_class(name, e, false, builtin);
    let module_builtin = builtin.is_some_and(|b| b.module.is_some());
    match class {
        Some(c) if !module_builtin || e.kind == ErrorKind::Failed => Some(c),
        c => {
            let message = super::template::strip_prefix(&e.message);
            legacy_raised_class(env, name, message).or(c)
        }
    }
}

/// The class of an error of a built-in standing for a module's 3.x function (stdlib's
/// `get_module_path`, `base64`, `getparam`, ...: one whose file on the modulepath is under
/// `lib/puppet/parser/functions`, not shadowed by a 4.x one): the class the function's own
/// `raise` of that message names in its source (`raise(ArgumentError, 'Must specify a
/// reference')`), else `Puppet::ParseError`, as 3.x functions raise their errors
/// (voxpupuli-extlib's `has_module` rescues `get_module_path`'s so).
fn legacy_raised_class(
    env: &crate::env::Environment,
    name: &str,
    message: &str,
) -> Option<&'static str> {
    super::find(name)?.module?;
    let file = crate::env::modules::ruby_function_file(env, name)?;
    if !file.components().any(|c| c.as_os_str() == "parser") {
        return None;
    }
    let source = env
        .modulepath
        .iter()
        .find_map(|dir| std::fs::read_to_string(dir.join(&file)).ok())
        .unwrap_or_default();
    match raise_class_in(&source, message).or_else(|| reraised_class_in(&source, message)) {
        Some(class) => Some(class),
        // (a message of Ruby's own keeps its class: `parsejson(1)`'s `no implicit conversion
        // of Integer into String` is a TypeError)
        None if ruby_class(message) != "RuntimeError" => None,
        None => Some(PARSE_ERROR),
    }
}

/// The class Ruby gives its own message (`RuntimeError` for any other).
fn ruby_class(message: &str) -> String {
    match crate::erb::RubyError::raised(message, 0) {
        crate::erb::RubyError::Raised { class, .. } => class,
        _ => String::new(),
    }
}

/// The class of a library's error that Ruby `source` rescues and raises again (stdlib's
/// `parsejson` and `parseyaml`: `rescue StandardError => e; raise e unless arguments[1]`):
/// the error of the library call the source makes, when `message` is that library's.
fn reraised_class_in(source: &str, message: &str) -> Option<&'static str> {
    // (the call, whether a message is its error's, the error's class)
    type LibraryError = (&'static str, fn(&str) -> bool, &'static str);
    const LIBRARY_ERRORS: &[LibraryError] = &[
        (
            "Puppet::Util::Json.load(",
            is_json_parse_message,
            "Puppet::Util::Json::ParseError",
        ),
        (
            "YAML.load(",
            |m| m.starts_with("(<unknown>): "),
            "Psych::SyntaxError",
        ),
    ];
    if !source
        .lines()
        .any(|l| l.trim_start().starts_with("raise e"))
    {
        return None;
    }
    LIBRARY_ERRORS
        .iter()
        .find(|(call, is_its, _)| source.contains(call) && is_its(message))
        .map(|(_, _, class)| *class)
}

/// Whether `message` is the JSON parser's (`859: unexpected token at 'x'`: the line of
/// its C source, then the text).
fn is_json_parse_message(message: &str) -> bool {
    message
        .split_once(": ")
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The class named by the `raise` line of Ruby `source` whose literal message (up to its
/// first interpolation) starts `message`: `ArgumentError`, `TypeError` or
/// `Puppet::ParseError`.
fn raise_class_in(source: &str, message: &str) -> Option<&'static str> {
    source
        .lines()
        .filter(|l| l.contains("raise"))
        .find(|l| {
            let text = l.split(['\'', '"']).nth(1).unwrap_or_default();
            let literal = text.split("#{").next().unwrap_or_default();
            literal.len() >= 4 && message.starts_with(literal)
        })
        .and_then(|l| {
            if l.contains("ArgumentError") {
                Some("ArgumentError")
            } else if l.contains("TypeError") {
                Some("TypeError")
            } else if l.contains("Puppet::ParseError") {
                Some(PARSE_ERROR)
            } else {
                None
            }
        })
}

const PREFORMATTED: &str = "Puppet::PreformattedError";
const PARSE_ERROR: &str = "Puppet::ParseError";

/// Whether a message is the reference's for a call of `name` its signatures refuse
/// (`'split' parameter 'str' expects a String value, got Integer`, `'each' expects a block`,
/// `'f' expects 2 arguments, got none`, `'new' The string 'x' cannot be converted to
/// Integer`): its dispatcher's `ArgumentError`.
fn is_mismatch(name: &str, m: &str) -> bool {
    m.strip_prefix('\'')
        .and_then(|r| r.strip_prefix(name))
        .is_some_and(|r| r.starts_with("' "))
        || m.strip_prefix("The function '")
            .and_then(|r| r.strip_prefix(name))
            .is_some_and(|r| r.starts_with("' was called with arguments it does not accept"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(name: &str, kind: ErrorKind, m: &str) -> Option<&'static str> {
        raised_class(name, &Error::new(kind, m), false, None)
    }

    #[test]
    fn a_legacy_functions_raise_names_its_class() {
        let source = "  raise(ArgumentError, 'Must specify a reference') unless reference\n\
                      raise(Puppet::ParseError, \"Could not find module #{m} in #{e}\")\n\
                      raise ArgumentError, \"count(): Wrong number (#{n})\"\n";
        assert_eq!(
            raise_class_in(source, "Must specify a reference"),
            Some("ArgumentError")
        );
        assert_eq!(
            raise_class_in(source, "Could not find module x in production"),
            Some(PARSE_ERROR)
        );
        assert_eq!(
            raise_class_in(source, "count(): Wrong number (3)"),
            Some("ArgumentError")
        );
        assert_eq!(raise_class_in(source, "something else"), None);
        // (stdlib's `delete`)
        let source = "raise(TypeError, \"delete(): First argument must be an Array, String, \
                      or Hash. Given an argument of class #{collection.class}.\")";
        assert_eq!(
            raise_class_in(
                source,
                "delete(): First argument must be an Array, String, or Hash. \
                 Given an argument of class Integer."
            ),
            Some("TypeError")
        );
    }

    /// stdlib's `parsejson` and `parseyaml` raise their library's error again.
    #[test]
    fn a_rescued_library_error_raised_again_keeps_its_class() {
        let json = "begin\n  Puppet::Util::Json.load(arguments[0]) || arguments[1]\n\
                    rescue StandardError => e\n  raise e unless arguments[1]\n";
        let yaml = "begin\n  YAML.load(arguments[0]) || arguments[1]\n\
                    rescue StandardError, Psych::SyntaxError => e\n  raise e unless arguments[1]\n";
        let m = "859: unexpected token at '{x'";
        assert_eq!(
            reraised_class_in(json, m),
            Some("Puppet::Util::Json::ParseError")
        );
        assert_eq!(reraised_class_in(json, "Wrong number of arguments."), None);
        assert_eq!(reraised_class_in(yaml, m), None);
        let m = "(<unknown>): mapping values are not allowed in this context at line 1 column 5";
        assert_eq!(reraised_class_in(yaml, m), Some("Psych::SyntaxError"));
        // (a source that does not raise it again)
        assert_eq!(reraised_class_in("YAML.load(x) rescue nil", m), None);
    }

    #[test]
    fn classes_as_the_reference_raises_them() {
        use ErrorKind::{Evaluation, Failed};
        assert_eq!(
            raised_class("f", &Error::eval("Division by 0"), true, None),
            Some(PREFORMATTED)
        );
        assert_eq!(class("fail", Failed, "boom"), Some(PARSE_ERROR));
        assert_eq!(
            class(
                "fail",
                Evaluation,
                "Error while evaluating a Function Call, boom"
            ),
            Some(PARSE_ERROR)
        );
        assert_eq!(
            class(
                "split",
                Evaluation,
                "Error while evaluating a Function Call, 'split' expects 2 arguments, got 1"
            ),
            Some("ArgumentError")
        );
        assert_eq!(
            class(
                "assert_type",
                Evaluation,
                "assert_type(): expects an Integer value, got String"
            ),
            Some("Puppet::Pops::Types::TypeAssertionError")
        );
        assert_eq!(
            class(
                "split",
                Evaluation,
                "'split' parameter 'str' expects a String value, got Integer"
            ),
            Some("ArgumentError")
        );
        assert_eq!(
            class("each", Evaluation, "'each' expects a block"),
            Some("ArgumentError")
        );
        // (another function's mismatch, quoted by this one's message, is not this call's)
        assert_eq!(class("f", Evaluation, "'g' expects a block"), None);
        assert_eq!(class("fo", Evaluation, "'f' expects a block"), None);
        assert_eq!(
            class("nosuch", Evaluation, "Unknown function 'nosuch'"),
            Some("ArgumentError")
        );
        assert_eq!(
            class("file", Evaluation, "Could not find any files from x"),
            Some(PARSE_ERROR)
        );
        assert_eq!(
            class(
                "lookup",
                Evaluation,
                "Function lookup() did not find a value for the name 'k'"
            ),
            Some("Puppet::DataBinding::LookupError")
        );
        assert_eq!(
            class("sprintf", Evaluation, "invalid value for Integer(): \"x\""),
            None
        );
    }

    /// From the oracle (a module function's `call_function(...)` rescuing `e.class`).
    #[test]
    fn built_ins_raise_the_reference_functions_classes() {
        let b = |name: &str, m: &str| {
            let f = crate::functions::find(name).expect(name);
            raised_class(name, &Error::eval(m), false, Some(f))
        };
        let m = "end pattern with unmatched parenthesis: /(/";
        assert_eq!(b("regsubst", m), Some("RegexpError"));
        assert_eq!(
            class("match", ErrorKind::Evaluation, m),
            Some("RegexpError")
        );
        assert_eq!(b("sprintf", "too few arguments"), Some("ArgumentError"));
        assert_eq!(
            b("sprintf", "malformed format string - %z"),
            Some("ArgumentError")
        );
        // (Ruby's own messages: the class Ruby gives them, `ArgumentError`)
        assert_eq!(b("sprintf", "invalid value for Integer(): \"x\""), None);
        assert_eq!(b("sort", "comparison of Integer with String failed"), None);
        assert_eq!(
            b(
                "regsubst",
                "The function 'regsubst' was called with arguments it does not accept. It expects one of:"
            ),
            Some("ArgumentError")
        );
        // (a module's function: stdlib's `pick`)
        assert_eq!(
            b("pick", "pick(): must receive at least one non empty value"),
            Some(PARSE_ERROR)
        );
        assert_eq!(
            b(
                "validate_re",
                "deprecation. validate_re. This method is deprecated"
            ),
            Some("RuntimeError")
        );
        // (not a built-in: Ruby's class by the message)
        assert_eq!(class("f", ErrorKind::Evaluation, "too few arguments"), None);
    }
}
