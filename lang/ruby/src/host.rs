//! The embedder's side of the interpreter: a template's host gives the variables it reads
//! and runs the functions it calls (its objects are `value::HostObject`s).

use crate::ast::Node;
use crate::error::{HostError, RubyError};
use std::rc::Rc;

/// A standard stream Ruby code writes to (`puts`, `warn`, `$stderr.write`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

impl Stream {
    /// Writes `text` to the process's own stream (errors of the stream ignored, as a closed
    /// pipe's are no error of the code).
    pub fn write_process(self, text: &str) {
        use std::io::Write;
        let _ = match self {
            Stream::Stdout => {
                let mut out = std::io::stdout().lock();
                out.write_all(text.as_bytes()).and_then(|()| out.flush())
            }
            Stream::Stderr => std::io::stderr().lock().write_all(text.as_bytes()),
        };
    }
}

/// What `require` runs (see `Host::require`).
pub enum Required {
    /// Nothing: a library the host stands for, or a file loaded already.
    Nothing,
    /// A file's statements, or the error its parsing stopped at.
    Code(Result<Rc<Vec<Node>>, RubyError>),
}
use crate::value::RValue;

/// A block of the code lent to a host function (`call_function(name, args) { block }`:
/// the interpreter's `eval::LentBlock`), which the host calls as a lambda.
pub trait Lent: std::fmt::Debug {
    /// The number of parameters the block has (each optional, as the reference reads a
    /// Ruby block's parameters: `|a, b|` takes 0 to 2 arguments).
    fn params(&self) -> usize;
    /// Calls the block with `args`, `host` answering what it asks of its host. An error
    /// the block raises is its `RubyError`; `break`, `return` or `throw` out of it is
    /// unsupported (it would leave the host's function).
    fn call(&self, host: &mut dyn Host, args: Vec<RValue>) -> Result<RValue, RubyError>;
}

/// What a template needs from the program that renders it.
pub trait Host {
    /// The Ruby value of a variable visible where the template is rendered (`name` may be
    /// qualified: `mod::x`); `None` when there is no such variable. The interpreter asks once
    /// per variable and render chain, and keeps the object (see `SharedVars`).
    fn variable(&mut self, name: &str) -> Option<RValue>;
    /// The Ruby object of a variable the host keeps itself, the same object at every read
    /// for as long as the variable cannot change (a module function's
    /// `closure_scope['facts']`: the top scope's `facts`, `trusted` and `server_facts`
    /// during an evaluation), asked by `scope['name']` and `lookupvar` before the
    /// interpreter's map of variables read; `None` for any other (then `variable` is asked,
    /// which answers the same object for these).
    fn kept_variable(&mut self, _name: &str) -> Option<RValue> {
        None
    }
    /// Whether `variable` reads `name` though `scope.to_hash` does not list it (the
    /// reference's parameter scope, while defaults are evaluated): a template's `@name`
    /// is nil.
    fn unlisted_variable(&mut self, _name: &str) -> bool {
        false
    }
    /// Whether the variable exists (`scope.include?`, `has_variable?`), or, with
    /// `with_value`, exists and has a value other than nil (`defined?(@x)`).
    fn has_variable(&mut self, name: &str, with_value: bool) -> bool;
    /// `scope['name']` of a variable that does not exist: the message of the error to raise
    /// (the reference with `strict = error`), or `None` for `nil` (`strict = warning` or
    /// `off`; the host warns as it should).
    fn undefined_variable(&mut self, name: &str) -> Option<String> {
        Some(format!("Undefined variable '{name}'; "))
    }
    /// Calls a host function (`scope.call_function('name', [args])`, `format`).
    fn call_function(&mut self, name: &str, args: Vec<RValue>) -> Result<RValue, HostError>;
    /// Calls a function as `scope.function_NAME([args])` does (by default as
    /// `call_function`).
    fn call_legacy_function(&mut self, name: &str, args: Vec<RValue>) -> Result<RValue, HostError> {
        self.call_function(name, args)
    }
    /// Whether a function can be called as `scope.function_NAME` (an error for a function
    /// that exists but cannot be called so).
    fn has_function(&mut self, name: &str) -> Result<bool, String>;
    /// The namespace the template's classes are defined in (`Puppet::Parser::TemplateWrapper`
    /// in Puppet: `Point.name` is `Puppet::Parser::TemplateWrapper::Point`).
    fn class_namespace(&self) -> Option<&str> {
        None
    }
    /// The class of the code's own `self` (`self.class`): the template object's in Puppet.
    fn self_class(&self) -> &str {
        "Puppet::Parser::TemplateWrapper"
    }
    /// The code's own `self` as a value (a module's function object, given to Puppet's
    /// `Iterable.asserted_iterable(self, x)`); `None` when `self` stays beyond the subset
    /// (a template object).
    fn self_value(&mut self) -> Option<RValue> {
        None
    }
    /// The code's own `self` as Ruby's `NoMethodError` names it (`#<Puppet::Parser::
    /// TemplateWrapper>`, without the object's address and variables the reference shows).
    fn self_inspect(&mut self) -> String {
        format!("#<{}>", self.self_class())
    }
    /// `scope.to_hash`'s keys: the names of the variables visible where the template is
    /// rendered, each once, in the order of the reference's hash; `None` when the host has
    /// no scope. The interpreter reads each value as `@x` reads it (the same Ruby object
    /// for the render chain, see `SharedVars`, as the reference's hash holds the scope's
    /// objects) and leaves out nil ones.
    fn scope_names(&mut self) -> Option<std::rc::Rc<[std::rc::Rc<str>]>> {
        None
    }
    /// Whether `name` is one of `scope_names`' (a host can tell without listing them);
    /// `None` when the host has no scope.
    fn scope_has_name(&mut self, name: &str) -> Option<bool> {
        self.scope_names()
            .map(|names| names.iter().any(|n| &**n == name))
    }
    /// `__FILE__` at the code's offset `at`: the path of the file it is in; `None` when the
    /// host does not tell (a template).
    fn source_file(&mut self, _at: usize) -> Option<String> {
        None
    }
    /// `value.to_yaml(options)` (Psych's output, as the host writes YAML for the stdlib
    /// function); `None` when the host cannot.
    fn to_yaml(
        &mut self,
        _value: &RValue,
        _options: &YamlOptions,
    ) -> Option<Result<String, HostError>> {
        None
    }
    /// `YAML.safe_load(text)` (Psych's reading of plain data: the first document);
    /// `None` when the host cannot.
    fn parse_yaml(&mut self, _text: &str) -> Option<Result<RValue, HostError>> {
        None
    }
    /// Ruby code's output (`puts`, `p`, `warn`, `$stdout.write`, `methods::output`): by
    /// default the process's standard output or error, where the reference's Ruby writes it.
    fn write_output(&mut self, stream: Stream, text: &str) {
        stream.write_process(text)
    }
    /// `scope.setvar(name, value)`: sets a variable where the template is rendered.
    fn set_variable(&mut self, name: &str, _value: &RValue) -> Result<(), HostError> {
        Err(HostError::Raise(format!(
            "Cannot reassign variable '${name}'"
        )))
    }
    /// Whether `self` is the scope (a 3.x function's code: `lookupvar('x')`,
    /// `function_NAME([...])` without receiver).
    fn self_is_scope(&self) -> bool {
        false
    }
    /// A call without receiver that neither the code's methods nor the subset answer
    /// (a Puppet function's `call_function('f', ...)`, `function_NAME([...])`,
    /// `lookupvar('x')`); `None` when the host has no such method either.
    fn self_call(&mut self, _name: &str, _args: &[RValue]) -> Option<Result<RValue, HostError>> {
        None
    }
    /// `call_function(name, args) { block }`: calls the function with the code's block,
    /// which it may call as a lambda (`Lent::call`, with a host of the moment);
    /// `None` when the host takes no block (an unsupported call).
    fn call_function_with_block(
        &mut self,
        _name: &str,
        _args: Vec<RValue>,
        _block: Rc<dyn Lent>,
    ) -> Option<Result<RValue, HostError>> {
        None
    }
    /// Calls a block the host gave a method (`yield`, `block.call(...)`); `None` when `block`
    /// is none of the host's blocks.
    fn call_block(
        &mut self,
        _block: &RValue,
        _args: Vec<RValue>,
    ) -> Option<Result<RValue, HostError>> {
        None
    }
    /// Whether a method call on `object` (a host object) is the host's to answer
    /// ([`Host::object_call`]): the interpreter lends it the call's block then.
    fn owns_object(&self, _object: &RValue) -> bool {
        false
    }
    /// `object.name(args) { block }` on an object the host owns ([`Host::owns_object`]):
    /// `None` when it has no such method (the object's own methods are asked next).
    fn object_call(
        &mut self,
        _object: &RValue,
        _name: &str,
        _args: Vec<RValue>,
        _block: Option<Rc<dyn Lent>>,
    ) -> Option<Result<RValue, HostError>> {
        None
    }
    /// `require 'path'`: `None` when the host does not load code (a template: unsupported);
    /// else what to run: nothing (a library the host stands for, a file loaded already),
    /// or a file's code, parsed by the host with offsets of its own (so that it can tell
    /// its errors' files apart), or the syntax error the file has.
    fn require(&mut self, _path: &str) -> Option<Result<Required, HostError>> {
        None
    }
    /// `require_relative 'path'` in the code at offset `at`: as `require`, the path taken
    /// from the directory of the file `at` is in.
    fn require_relative(&mut self, _path: &str, _at: usize) -> Option<Result<Required, HostError>> {
        None
    }
    /// Whether the code is a module's custom facts (`lib/facter/*.rb`): Facter's API
    /// (`Facter.add`, `Facter.value`, `Facter::Core::Execution`) and the classes that reach
    /// the machine (`File`, `Dir`, `ENV`) exist, their calls answered by `system_call`.
    fn custom_facts(&self) -> bool {
        false
    }
    /// Whether the class `File` exists for the code though it is no custom fact (a module's
    /// function reading a module's file, as datacat's `template_body` reads the template
    /// `Puppet::Parser::Files.find_template` found): its path methods are the subset's, the
    /// others go to `system_call`.
    fn module_files(&self) -> bool {
        false
    }
    /// Whether the code may list directories (`Dir.glob`, read-only, the paths the code
    /// gives: what the reference's code lists too); `Err` says why not (`what`: the call).
    fn read_dirs(&mut self, what: &str) -> Result<(), HostError> {
        Err(HostError::Unsupported(what.to_string()))
    }
    /// `Facter.value(name)` of a fact that no custom fact of the code adds: the fact set
    /// the custom facts are resolved over (`None`: no such fact).
    fn fact(&mut self, _name: &str) -> Option<RValue> {
        None
    }
    /// A call on a class that reaches the machine or Puppet (`File.exist?`, `Dir.glob`,
    /// `ENV['PATH']`, `Facter::Core::Execution.which` / `execute`, `Puppet[:vardir]`,
    /// `Puppet::Util::Package.versioncmp`); `None` when the host does not answer it (the
    /// call is unsupported Ruby).
    fn system_call(
        &mut self,
        _class: &str,
        _name: &str,
        _args: &[RValue],
    ) -> Option<Result<RValue, HostError>> {
        None
    }
}

/// Psych's dump options that change the text, as `to_yaml(indentation: 4, line_width: -1)`
/// gives them (Symbol keys: Psych ignores others).
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct YamlOptions {
    pub indentation: Option<i64>,
    pub line_width: Option<i64>,
}
