//! Modules' own Ruby functions, run from their source by prepl's Ruby subset (`prepl-ruby`)
//! where prepl has no native version of them (issue 34):
//!
//! - the 4.x API, `lib/puppet/functions/**/*.rb`: `Puppet::Functions.create_function(:name)
//!   do dispatch :m do param 'Type', :x; ... end; def m(x) ... end end`. The dispatches'
//!   types are Puppet type strings, checked by prepl's type system with the reference's
//!   argument-mismatch errors (`signature::dispatch_signatures`); a function without
//!   `dispatch` runs the method named as the function, its parameters typed `Any`;
//!   `call_function('f', ...)` calls Puppet functions, `yield` and `block.call` the lambda;
//! - the 3.x API, `lib/puppet/parser/functions/*.rb`: `newfunction(:name, type: :rvalue,
//!   arity: N) do |args| ... end`, whose `self` is the scope (`lookupvar`, `function_f([..])`);
//! - `require 'puppet_x/...'` loads the helper from a module's `lib` (other libraries are
//!   taken as loaded: what they would define is unsupported where it is used).
//!
//! A file is parsed and analysed once per thread (cached by its text); each call runs it in
//! a fresh interpreter. Ruby outside the subset is an error naming the construct, the
//! function and its file and line. The subset runs no commands and reads only the files of
//! the modules on the modulepath (`ruby_puppet`).

mod analysis;
mod calling;
mod convert;
mod errors;
mod host;
#[cfg(test)]
mod kept_tests;
mod legacy;
mod libraries;
#[cfg(test)]
mod loading_tests;
mod locate;
mod puppet_classes;
mod signatures;
mod strings;
#[cfg(test)]
mod tests;

pub use calling::{call, call_after_native_error, call_from_ruby};
pub(crate) use host::block_closure;
pub use libraries::library;
pub(crate) use libraries::required_file;
pub use locate::{find, find_3x, find_called};
pub(crate) use signatures::{dispatch_return_types, matching_return_type, source_count_range};

// What the submodules use of each other: they see it, and the imports below, through
// `use super::*`.
use analysis::parsed;
use convert::{arg_to_ruby, give_back_args, kept_as_ruby, ruby_list, to_ruby_3x};
use errors::{function_error, ruby_error, OUTSIDE_SUBSET};
use host::{FunctionHost, PuppetBlock};
use libraries::{known_library, remember_library};
use locate::shown_path;
use signatures::{
    built_in_types, implicit_signature, make_signature, return_type, with_local_types,
};

use crate::env::ruby_files::RubyFile;
use crate::erb::bridge::{to_puppet, to_ruby};
use crate::erb::ruby::ast::{Block, DefParam, Kind, MethodDef, Node, Param as BlockParamName};
use crate::erb::ruby::eval::BlockArg;
use crate::erb::ruby::{self, HostObject, RValue};
use crate::erb::{Host, HostError, RubyError};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::functions::signature::{self, Signature};
use crate::functions::template::EvalHost;
use crate::types::PType;
use crate::values::Value;
use rustc_hash::FxHashMap as HashMap;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// A module's Ruby function file, found for a function name.
pub struct Found {
    /// The file.
    pub path: Rc<Path>,
    /// As the reference shows it: relative to its modulepath directory.
    pub shown: Rc<str>,
    /// The file parsed and analysed, and what it and its helpers defined, once called in
    /// this evaluation (a `Found` lasts one evaluation, during which the files' answers
    /// are kept: `fs::probe`), so that further calls look up nothing.
    ready: RefCell<Option<Ready>>,
    /// Called by name after no `.pp` function of the name was found (`after_autoload`):
    /// later calls in this evaluation need not look for one again (`find_called`).
    called: Cell<bool>,
    /// The instance variables of the function's object, shared by its calls in this
    /// evaluation (the reference makes a function's instance once per loader: `@n ||= 0;
    /// @n += 1` counts the calls).
    instance: ruby::InstanceVars,
    /// Its last call's string result, as Ruby and Puppet strings (`strings::puppet_str`).
    last_string: strings::LastString,
}

impl Found {
    /// Marks the function as called after the autoloader found no `.pp` file for its name.
    pub fn after_autoload(&self) {
        self.called.set(true);
        locate::note_called();
    }
}

/// A function file, parsed and analysed, and what it defined when it was loaded.
struct Ready {
    file: Rc<RubyFile>,
    parsed: Rc<Parsed>,
    defined: Option<Known>,
    /// With what was defined: the function's file and its helpers, as errors show them
    /// (shared by the calls: none makes its own list).
    sources: Option<Rc<Vec<Source>>>,
    /// With what was defined: the methods the calls run, found once (`calling::methods_of`:
    /// a 4.x function's by its declarations, a 3.x function's block), not by name at
    /// each call.
    methods: Box<[Option<ruby::value::Method>]>,
}

/// What a function file and the helpers it required defined.
type Known = (Rc<ruby::Loaded>, Rc<[Required]>);

/// Which API a function is written for.
#[derive(Debug)]
enum Api {
    /// `create_function`: its dispatches in order (the method and its signature's
    /// declaration), or none (the method named as the function).
    V4 {
        dispatches: Vec<Dispatch>,
        /// `local_types do type 'Name = Type' end`: names and definitions, in order, with
        /// where each `type` call is (its error names the line).
        local_types: Vec<(String, String, usize)>,
        /// The block defines `call(scope, *args)` (stdlib's wrappers, the workaround of
        /// PUP-4438) to dispatch the scope and the arguments: the dispatches take the scope
        /// as their first argument.
        scope_first: bool,
    },
    /// `newfunction`: the arity (`None`: any), whether it is an rvalue.
    V3 { arity: Option<i64>, rvalue: bool },
}

#[derive(Debug)]
struct Dispatch {
    method: String,
    /// An `argument_mismatch` handler: tried when no dispatch takes the arguments; what its
    /// method returns is the error's message.
    mismatch: bool,
    /// Its parameters: type, name, marker (`?`, `*`, `+`, `&`, `&?`, or none).
    params: Vec<ParamDecl>,
    return_type: Option<String>,
    /// `scope_param` (an `InternalFunction`'s): the calling scope is given to the method
    /// among the arguments, at this position (how many parameters were declared before
    /// it), without being one of the signature's.
    scope_at: Option<usize>,
}

/// A dispatch's parameter: its type, name and marker (`?`, `*`, `+`, `&`, `&?`, or none).
type ParamDecl = (String, String, &'static str);

/// A function file, parsed and analysed.
#[derive(Debug)]
struct Parsed {
    api: Api,
    /// What runs before the call: the file's top-level code other than the definition, and
    /// the function's methods (for 3.x, the block as the method `METHOD_3X`).
    body: Vec<Node>,
    /// A 4.x function's dispatches as declarations (method, parameters, return type), made
    /// once: for a function without `dispatch`, its method named as the function (none
    /// when it has no such method).
    decls: Vec<Decl>,
    /// The signatures and return types, once made, when they depend on no session (every
    /// type built in, no local types: none is an alias the session defines).
    signatures: RefCell<Option<Rc<Signatures>>>,
}

/// A dispatch's method, parameters and return type.
type Decl = (String, Vec<ParamDecl>, Option<String>);

/// A 4.x function's signatures and each one's return type.
type Signatures = (Vec<Signature>, Vec<Option<PType>>);

/// A parsed function file and its analysis.
type Analysed = (Rc<RubyFile>, Rc<Parsed>);

/// The name of the method a 3.x function's block becomes.
const METHOD_3X: &str = ruby::eval::BLOCK_AS_METHOD;

/// What a function file's code defined, and the files it required then (their versions
/// and how errors show them).
struct Defined {
    file: Rc<RubyFile>,
    required: Rc<[Required]>,
    defs: Rc<ruby::Loaded>,
}

struct Required {
    file: Rc<RubyFile>,
    source: Source,
}

impl Defined {
    /// Whether the required files are unchanged.
    fn current(&self) -> bool {
        self.required.iter().all(|r| {
            crate::env::ruby_files::load(&r.source.path).is_ok_and(|f| Rc::ptr_eq(&f, &r.file))
        })
    }
}

/// A Ruby file's text, where its offsets start, and how it is shown.
#[derive(Clone)]
struct Source {
    base: usize,
    shown: Rc<str>,
    text: Rc<str>,
    /// The file (`require_relative` is relative to its directory).
    path: Rc<Path>,
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown)
    }
}
