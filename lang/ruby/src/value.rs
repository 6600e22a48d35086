//! Ruby values of the subset. Arrays and hashes are shared and mutable, as in Ruby.

use crate::ast::MethodDef;
use crate::error::HostError;
use crate::Regexp;
use rustc_hash::FxHashMap as HashMap;
use std::any::Any;
use std::cell::Cell;
use std::cell::RefCell;
use std::fmt::Debug;
use std::rc::Rc;

pub type Captures = prepl_core::values::regexp::Captures;

/// A Ruby array's elements: up to two in the array's own allocation (most arrays code
/// makes are that small: a match's groups, a pair, an argument list), a list of its own
/// past that.
pub type RArray = smallvec::SmallVec<[RValue; 2]>;

/// Two words: the tag and one word of payload (anything larger is behind one thin pointer:
/// `RStr`, `RBytes`, `Rc<ProcData>`, `Rc<MatchData>`, `Rc<Box<dyn HostObject>>`), so that a
/// value and `R<RValue>` are returned in two registers, never through memory
/// (docs/benchmarks.md, session 43).
///
/// (`repr(u64)`: the tag is a whole word and every variant's fields start at offset 8, so
/// that a value is moved as words at the offsets it was written at. With Rust's default
/// layout a `bool` sat at offset 1 (`Bool`, and `Proc`'s flag), and each move of a value
/// (every result of the evaluator's closures) copied its bytes 1 to 24 with a 16-byte load
/// at offset 1, which the processor cannot forward from the two stores that wrote the
/// value: the load waited for them to reach the cache. docs/benchmarks.md, session 42.)
///
/// The variants whose payload needs no drop come first, [`RValue::Nil`] to
/// [`RValue::Scope`]; every variant after them holds one pointer to an allocation whose
/// first word is its count (an `RStr`'s, an `Rc`'s strong count), so that a clone and a
/// drop tell the two apart by one compare of the tag and change the count without a jump
/// through a table by variant (`value/counted.rs`; docs/benchmarks.md, session 48).
#[derive(Debug)]
#[repr(u64)]
pub enum RValue {
    Nil,
    Bool(RBool),
    Int(i64),
    Float(RFloat),
    /// The template's `scope`.
    Scope,
    Str(RStr),
    /// A binary string (Ruby's `ASCII-8BIT` encoding) that holds a byte past ASCII or a
    /// control character (a digest, packed integers): its methods count bytes
    /// (`methods::binary`). Any other is a `Str` (the two behave the same), see
    /// [`RValue::bytes`].
    Bytes(RBytes),
    Sym(RStr),
    Array(Rc<RefCell<RArray>>),
    Hash(Rc<RefCell<RHash>>),
    Range(Rc<(RValue, RValue, bool)>),
    Regexp(Rc<Regexp>),
    /// The result of a successful match: the groups' texts, and their names and the text
    /// around the match.
    Match(Rc<MatchData>),
    /// A class (`String`, `Integer`, `Puppet::Pops::Types::PIntegerType`): its name.
    Class(RStr),
    /// A proc (`proc { }`, a block taken as `&b`), and where it was made: the frame (its
    /// locals are that frame's while it runs), the scopes of locals around it there (those
    /// it sees, the blocks' kept).
    Proc(Rc<ProcData>),
    /// A lambda (`->(x) { }`, `lambda { }`: arity checked), as a proc. (Two variants, not a
    /// flag in `ProcData`: the flag is the tag.)
    Lambda(Rc<ProcData>),
    /// A class or module the template defines.
    Module(Rc<UserClass>),
    /// An instance of a class the template defines.
    Object(Rc<Object>),
    /// A rescued exception: its class and message.
    Exception(Rc<(String, String)>),
    /// A host's value with no Ruby counterpart in the subset (Puppet's types, Sensitive,
    /// timespans): it prints as the host says and goes back to the host unchanged.
    Host(Rc<Box<dyn HostObject>>),
}

/// A proc's or a lambda's block and where it was made (`RValue::Proc`, `RValue::Lambda`).
#[derive(Debug)]
pub struct ProcData {
    pub block: Rc<crate::ast::Block>,
    pub home: Rc<crate::eval::ProcHome>,
}

/// A match's groups (shared with `$~`) and what else it knows (`RValue::Match`).
#[derive(Debug)]
pub struct MatchData {
    pub caps: Rc<Captures>,
    pub info: MatchInfo,
}

/// `nil`: what `Option::unwrap_or_default` gives for a missing value. (`unwrap_or(RValue::Nil)`
/// drops its unused `nil` when there is a value: a call of `drop_in_place`'s general match,
/// ~14 instructions, at each `a[i]` and `h[k]`.)
impl Default for RValue {
    #[inline]
    fn default() -> RValue {
        RValue::Nil
    }
}

/// What a match (`RValue::Match`) knows besides the groups' texts.
#[derive(Default, Debug)]
pub struct MatchInfo {
    /// The groups' names, by index (`None`: a numbered group).
    pub names: Vec<Option<String>>,
    /// The text before and after the match (`pre_match`, `post_match`); `None` for `$~`,
    /// which keeps the groups alone.
    pub around: Option<(RStr, RStr)>,
}

/// Appends to an array, checking the memory budget when it must grow (`limits::push`).
pub fn push_limited(v: &mut RArray, x: RValue) -> Result<(), prepl_core::Error> {
    if v.len() == v.capacity() {
        prepl_core::limits::reserve_for::<RValue>(v.capacity().max(4))?;
    }
    v.push(x);
    Ok(())
}

mod counted;
mod rhash;
pub mod rstr;
mod scalar;
pub use rhash::{HashDefault, RHash};
pub use rstr::{RBytes, RStr};
pub use scalar::{RBool, RFloat};

impl RValue {
    pub fn str(s: impl Into<RStr>) -> RValue {
        RValue::Str(s.into())
    }
    /// A binary string: `Str` when its bytes are ASCII that a UTF-8 string shows alike
    /// (`inspect` writes `\x01` in a binary string, `\u0001` in a UTF-8 one), else `Bytes`.
    pub fn bytes(b: Vec<u8>) -> RValue {
        let plain = |c: &u8| (0x20..0x7f).contains(c) || b"\t\n\r\x1b\x07\x08\x0b\x0c".contains(c);
        if b.iter().all(plain) {
            // (ASCII is UTF-8)
            RValue::Str(RStr::from(String::from_utf8(b).unwrap_or_default()))
        } else {
            RValue::Bytes(RBytes::from(b))
        }
    }
    /// The bytes of a string (`Str` or `Bytes`).
    pub fn string_bytes(&self) -> Option<&[u8]> {
        match self {
            RValue::Str(s) => Some(s.as_bytes()),
            RValue::Bytes(b) => Some(b),
            _ => None,
        }
    }
    pub fn sym(s: impl Into<RStr>) -> RValue {
        RValue::Sym(s.into())
    }
    #[inline(always)]
    pub fn bool(b: bool) -> RValue {
        RValue::Bool(RBool::new(b))
    }
    #[inline(always)]
    pub fn float(f: f64) -> RValue {
        RValue::Float(RFloat::new(f))
    }
    pub fn array(items: impl Into<RArray>) -> RValue {
        RValue::Array(Rc::new(RefCell::new(items.into())))
    }
    pub fn hash(h: RHash) -> RValue {
        RValue::Hash(Rc::new(RefCell::new(h)))
    }
    /// A host's object.
    pub fn host(o: impl HostObject + 'static) -> RValue {
        RValue::Host(Rc::new(Box::new(o)))
    }
    /// A proc (`lambda` false) or a lambda of `block` made at `home`.
    pub fn proc(
        block: Rc<crate::ast::Block>,
        home: Rc<crate::eval::ProcHome>,
        lambda: bool,
    ) -> RValue {
        let p = Rc::new(ProcData { block, home });
        match lambda {
            true => RValue::Lambda(p),
            false => RValue::Proc(p),
        }
    }
    pub fn truthy(&self) -> bool {
        !matches!(self, RValue::Nil | RValue::Bool(RBool::False))
    }

    /// The class name, as `x.class` prints it.
    pub fn class_name(&self) -> String {
        self.class_str().into_owned()
    }

    /// The name of the value's class, copied only for a host's object.
    pub fn class_str(&self) -> std::borrow::Cow<'_, str> {
        use std::borrow::Cow;
        Cow::Borrowed(match self {
            RValue::Nil => "NilClass",
            RValue::Bool(RBool::True) => "TrueClass",
            RValue::Bool(RBool::False) => "FalseClass",
            RValue::Int(_) => "Integer",
            RValue::Float(_) => "Float",
            RValue::Str(_) | RValue::Bytes(_) => "String",
            RValue::Sym(_) => "Symbol",
            RValue::Array(_) => "Array",
            RValue::Hash(_) => "Hash",
            RValue::Range(_) => "Range",
            RValue::Regexp(_) => "Regexp",
            RValue::Match(..) => "MatchData",
            RValue::Class(_) => "Class",
            RValue::Scope => "Puppet::Parser::Scope",
            RValue::Proc(..) | RValue::Lambda(..) => "Proc",
            RValue::Module(m) if m.module => "Module",
            RValue::Module(_) => "Class",
            RValue::Object(o) => &o.class.name,
            RValue::Exception(e) => &e.0,
            RValue::Host(o) => return Cow::Owned(o.class_name()),
        })
    }

    /// The classes and modules the value is an instance of (for `is_a?` and `===`).
    pub fn is_a(&self, class: &str) -> bool {
        if self.class_str() == class || matches!(class, "Object" | "BasicObject" | "Kernel") {
            return true;
        }
        match self {
            RValue::Int(_) | RValue::Float(_) => matches!(class, "Numeric" | "Comparable"),
            RValue::Str(_) | RValue::Bytes(_) => class == "Comparable",
            RValue::Array(_) | RValue::Hash(_) | RValue::Range(_) => class == "Enumerable",
            RValue::Class(_) => class == "Module",
            RValue::Module(_) => class == "Module",
            RValue::Object(o) => o.class.is_a(class),
            RValue::Exception(e) => crate::error::error_is_a(&e.0, class),
            RValue::Host(o) => o.is_a(class),
            _ => false,
        }
    }

    /// `is_a?` of a class or module the code defines: an object's by the class's identity
    /// (its ancestors walked, not their names compared); a rescued exception's, whose
    /// class is kept by name, by name.
    pub fn is_a_module(&self, m: &Rc<UserClass>) -> bool {
        match self {
            RValue::Object(o) => o.class.inherits(m),
            _ => self.is_a(&m.name),
        }
    }

    /// `eql?`: the same class and value (hash keys compare so: `1` and `1.0` differ).
    pub fn eql(&self, other: &RValue) -> bool {
        self.eql_in(other, &mut Vec::new())
    }

    fn eql_in(&self, other: &RValue, open: &mut Vec<(usize, usize)>) -> bool {
        match (self, other) {
            (RValue::Int(a), RValue::Int(b)) => a == b,
            (RValue::Float(a), RValue::Float(b)) => a == b,
            (RValue::Int(_), RValue::Float(_)) | (RValue::Float(_), RValue::Int(_)) => false,
            (RValue::Array(a), RValue::Array(b)) => same_pair_or(a, b, open, |open| {
                let (a, b) = (a.borrow(), b.borrow());
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.eql_in(y, open))
            }),
            _ => self.equals_in(other, open),
        }
    }

    /// `==`.
    /// Ruby's `equal?`: the same object. Immediates (nil, booleans, integers, floats,
    /// symbols) are one object when they are equal; anything else when it is one
    /// allocation (`a = [1]; a.equal?(a)`, not `[1].equal?([1])`).
    pub fn identical(&self, other: &RValue) -> bool {
        use RValue as V;
        match (self, other) {
            (V::Nil, V::Nil) | (V::Scope, V::Scope) => true,
            (V::Bool(a), V::Bool(b)) => a == b,
            (V::Int(a), V::Int(b)) => a == b,
            (V::Float(a), V::Float(b)) => a.to_bits() == b.to_bits(),
            (V::Sym(a), V::Sym(b)) | (V::Class(a), V::Class(b)) => a == b,
            (V::Str(a), V::Str(b)) => RStr::ptr_eq(a, b),
            (V::Bytes(a), V::Bytes(b)) => RBytes::ptr_eq(a, b),
            (V::Array(a), V::Array(b)) => Rc::ptr_eq(a, b),
            (V::Hash(a), V::Hash(b)) => Rc::ptr_eq(a, b),
            (V::Range(a), V::Range(b)) => Rc::ptr_eq(a, b),
            (V::Regexp(a), V::Regexp(b)) => Rc::ptr_eq(a, b),
            (V::Match(a), V::Match(b)) => Rc::ptr_eq(&a.caps, &b.caps),
            // (a lambda and a proc of one block made in one frame: the same, as before the
            // two were variants)
            (V::Proc(a) | V::Lambda(a), V::Proc(b) | V::Lambda(b)) => a.same(b),
            (V::Module(a), V::Module(b)) => Rc::ptr_eq(a, b),
            (V::Object(a), V::Object(b)) => Rc::ptr_eq(a, b),
            (V::Exception(a), V::Exception(b)) => Rc::ptr_eq(a, b),
            (V::Host(a), V::Host(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }

    pub fn equals(&self, other: &RValue) -> bool {
        self.equals_in(other, &mut Vec::new())
    }

    fn equals_in(&self, other: &RValue, open: &mut Vec<(usize, usize)>) -> bool {
        match (self, other) {
            (RValue::Nil, RValue::Nil) => true,
            (RValue::Bool(a), RValue::Bool(b)) => a == b,
            (RValue::Int(a), RValue::Int(b)) => a == b,
            (RValue::Float(a), RValue::Float(b)) => a == b,
            (RValue::Int(a), RValue::Float(b)) | (RValue::Float(b), RValue::Int(a)) => {
                (*a as f64) == b.get()
            }
            (RValue::Str(a), RValue::Str(b)) => a == b,
            (RValue::Bytes(a), RValue::Bytes(b)) => a == b,
            // (a string past ASCII of another encoding is a different string)
            (RValue::Bytes(a), RValue::Str(b)) | (RValue::Str(b), RValue::Bytes(a)) => {
                **a == *b.as_bytes() && a.is_ascii()
            }
            (RValue::Sym(a), RValue::Sym(b)) => a == b,
            (RValue::Array(a), RValue::Array(b)) => same_pair_or(a, b, open, |open| {
                let (a, b) = (a.borrow(), b.borrow());
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.equals_in(y, open))
            }),
            (RValue::Hash(a), RValue::Hash(b)) => same_pair_or(a, b, open, |open| {
                let (a, b) = (a.borrow(), b.borrow());
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, v)| b.get(k).is_some_and(|w| v.equals_in(w, open)))
            }),
            (RValue::Range(a), RValue::Range(b)) => {
                a.0.equals(&b.0) && a.1.equals(&b.1) && a.2 == b.2
            }
            (RValue::Regexp(a), RValue::Regexp(b)) => a.source() == b.source(),
            (RValue::Class(a), RValue::Class(b)) => a == b,
            (RValue::Scope, RValue::Scope) => true,
            (RValue::Host(a), RValue::Host(b)) => a.equals(&***b),
            (RValue::Module(a), RValue::Module(b)) => Rc::ptr_eq(a, b),
            (RValue::Object(a), RValue::Object(b)) => Rc::ptr_eq(a, b),
            // (a proc equals itself: `l == l`; was false for every pair)
            (RValue::Proc(a) | RValue::Lambda(a), RValue::Proc(b) | RValue::Lambda(b)) => a.same(b),
            _ => false,
        }
    }

    /// `<=>`, or `None` where Ruby's gives nil.
    pub fn compare(&self, other: &RValue) -> Option<std::cmp::Ordering> {
        self.compare_in(other, &mut Vec::new())
    }

    fn compare_in(
        &self,
        other: &RValue,
        open: &mut Vec<(usize, usize)>,
    ) -> Option<std::cmp::Ordering> {
        match (self, other) {
            (RValue::Int(a), RValue::Int(b)) => Some(a.cmp(b)),
            (RValue::Float(a), RValue::Float(b)) => a.partial_cmp(b),
            (RValue::Int(a), RValue::Float(b)) => (*a as f64).partial_cmp(b),
            (RValue::Float(a), RValue::Int(b)) => a.partial_cmp(&(*b as f64)),
            (RValue::Str(a), RValue::Str(b)) => Some(a.as_bytes().cmp(b.as_bytes())),
            (RValue::Str(_) | RValue::Bytes(_), RValue::Str(_) | RValue::Bytes(_)) => {
                Some(self.string_bytes()?.cmp(other.string_bytes()?))
            }
            (RValue::Sym(a), RValue::Sym(b)) => Some(a.as_bytes().cmp(b.as_bytes())),
            (RValue::Array(a), RValue::Array(b)) => {
                let pair = (Rc::as_ptr(a) as usize, Rc::as_ptr(b) as usize);
                if Rc::ptr_eq(a, b) {
                    return Some(std::cmp::Ordering::Equal);
                }
                if open.contains(&pair) {
                    return None;
                }
                open.push(pair);
                let (a, b) = (a.borrow(), b.borrow());
                let r = crate::limits::deep(|| {
                    for (x, y) in a.iter().zip(b.iter()) {
                        match x.compare_in(y, open)? {
                            std::cmp::Ordering::Equal => {}
                            o => return Some(o),
                        }
                    }
                    Some(a.len().cmp(&b.len()))
                });
                open.pop();
                r
            }
            (RValue::Host(a), RValue::Host(b)) => a.compare(&***b),
            // (an `Integer` beyond 64 bits with one within)
            (RValue::Int(_), RValue::Host(_)) | (RValue::Host(_), RValue::Int(_))
                if crate::methods::bignum::Bignum::compare_integers(self, other).is_some() =>
            {
                crate::methods::bignum::Bignum::compare_integers(self, other)
            }
            _ if self.equals_in(other, open) => Some(std::cmp::Ordering::Equal),
            _ => None,
        }
    }

    /// How a value is named in "comparison of X with Y failed".
    pub fn compare_name(&self) -> String {
        match self {
            RValue::Nil => "nil".into(),
            RValue::Bool(b) => b.to_string(),
            RValue::Int(i) => i.to_string(),
            RValue::Float(f) => crate::ruby_float_to_s((*f).get()),
            RValue::Sym(_) => crate::show::inspect(self),
            _ => self.class_name(),
        }
    }
}

impl ProcData {
    /// One proc: a lambda and a proc of one block made in one frame are the same, as before
    /// the two were variants.
    pub fn same(&self, other: &ProcData) -> bool {
        Rc::ptr_eq(&self.block, &other.block) && self.home.frame() == other.home.frame()
    }
}

/// A host's value with no Ruby counterpart in the subset (for Puppet: types, `Sensitive`,
/// timespans): Ruby code can print it, compare it and call the methods the host gives it,
/// and it goes back to the host unchanged.
pub trait HostObject: Debug {
    /// Its Ruby class name, as `x.class` prints it.
    fn class_name(&self) -> String;
    /// Whether it is an instance of `class` besides its own class and `Object`.
    fn is_a(&self, _class: &str) -> bool {
        false
    }
    fn to_s(&self) -> String;
    fn inspect(&self) -> String {
        self.to_s()
    }
    fn equals(&self, other: &dyn HostObject) -> bool;
    /// `<=>` with another host object (`sort`, `max`); `None` when they do not compare.
    fn compare(&self, _other: &dyn HostObject) -> Option<std::cmp::Ordering> {
        None
    }
    /// A method of its own; `None` when it has no such method.
    fn call(&self, _name: &str, _args: &[RValue]) -> Option<Result<RValue, HostError>> {
        None
    }
    /// Whether `respond_to?(name)` of a method of its own (`call`'s) is true.
    fn responds_to(&self, _name: &str) -> bool {
        false
    }
    /// For the host to find its own value again.
    fn as_any(&self) -> &dyn Any;
}

/// A class or module a template defines (`class Point ... end`), reopened by a second
/// definition of the same name.
#[derive(Debug)]
pub struct UserClass {
    /// The full name (`Outer::Inner`).
    pub name: RStr,
    pub module: bool,
    pub superclass: Option<Rc<UserClass>>,
    /// A core class it inherits from (an exception class: `class MyError < StandardError`).
    pub core_super: Option<RStr>,
    /// The modules it includes, the last included first in the method lookup.
    pub includes: RefCell<Vec<Include>>,
    /// Instance methods.
    pub methods: RefCell<HashMap<String, Method>>,
    /// Methods of the class itself (`def self.name`).
    pub singleton: RefCell<HashMap<String, Method>>,
    pub constants: RefCell<HashMap<String, RValue>>,
    /// The class's own instance variables (`@x` in its body or its `self.` methods).
    pub ivars: RefCell<Ivars>,
    /// After `module_function` (or `extend self`): its methods are the module's too.
    pub module_function: Cell<bool>,
    /// The members of a class `Struct.new` made (a subclass finds its superclass's).
    pub struct_layout: Option<Rc<StructLayout>>,
}

/// What `Struct.new(:a, :b, keyword_init: true)` made a class of.
#[derive(Debug)]
pub struct StructLayout {
    pub members: Vec<RStr>,
    /// The instance variable each member is kept in, in order: a name no `@x` can read
    /// (members are no instance variables in Ruby).
    pub slots: Vec<RStr>,
    /// `new` takes the members by keyword (`new(a: 1)`), not by position.
    pub keyword_init: bool,
}

impl StructLayout {
    pub fn new(members: Vec<RStr>, keyword_init: bool) -> StructLayout {
        let slots = members
            .iter()
            .map(|m| RStr::from(format!("\u{0}{m}")))
            .collect();
        StructLayout {
            members,
            slots,
            keyword_init,
        }
    }

    /// The position of member `name`.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.members.iter().position(|m| **m == *name)
    }

    /// The members' values of `o`, in order (nil for one not set).
    pub fn values(&self, o: &Object) -> Vec<RValue> {
        let ivars = o.ivars.borrow();
        let value = |slot: &RStr| ivars.get(slot).cloned().unwrap_or_default();
        self.slots.iter().map(value).collect()
    }
}

/// A module a class includes.
#[derive(Debug, Clone)]
pub enum Include {
    User(Rc<UserClass>),
    /// `Comparable`, `Enumerable`, `Kernel`.
    Core(RStr),
}

/// An ancestor as `UserClass::find_ancestor` shows it.
#[derive(Clone, Copy)]
pub enum Ancestor<'a> {
    User(&'a Rc<UserClass>),
    Core(&'a str),
}

/// A method of a class a template defines.
#[derive(Debug, Clone)]
pub enum Method {
    /// `def`, with the classes it was defined in, innermost last (constants are looked up
    /// there first).
    Def(Rc<MethodDef>, Rc<[Rc<UserClass>]>),
    /// `attr_reader :name`: the instance variable's value.
    Reader(RStr),
    /// `attr_writer :name`: sets the instance variable.
    Writer(RStr),
}

impl UserClass {
    pub fn new(
        name: RStr,
        module: bool,
        superclass: Option<Rc<UserClass>>,
        core_super: Option<RStr>,
    ) -> UserClass {
        UserClass {
            name,
            module,
            superclass,
            core_super,
            includes: RefCell::default(),
            methods: RefCell::default(),
            singleton: RefCell::default(),
            constants: RefCell::default(),
            ivars: RefCell::default(),
            module_function: Cell::new(false),
            struct_layout: None,
        }
    }

    /// The same class under a name: an anonymous class (`Struct.new`'s) named by the
    /// constant it is first assigned to, as Ruby names it.
    pub fn renamed(&self, name: RStr) -> UserClass {
        UserClass {
            name,
            module: self.module,
            superclass: self.superclass.clone(),
            core_super: self.core_super.clone(),
            includes: RefCell::new(self.includes.borrow().clone()),
            methods: RefCell::new(self.methods.borrow().clone()),
            singleton: RefCell::new(self.singleton.borrow().clone()),
            constants: RefCell::new(self.constants.borrow().clone()),
            ivars: RefCell::new(Ivars(self.ivars.borrow().0.clone())),
            module_function: Cell::new(self.module_function.get()),
            struct_layout: self.struct_layout.clone(),
        }
    }

    /// The struct members of the class or of the struct class it inherits from.
    pub fn struct_layout(&self) -> Option<&Rc<StructLayout>> {
        match &self.struct_layout {
            Some(l) => Some(l),
            None => self.superclass.as_ref().and_then(|s| s.struct_layout()),
        }
    }

    /// The class, its included modules and its superclasses, in Ruby's lookup order.
    pub fn ancestors(self: &Rc<Self>) -> Vec<Include> {
        let mut out = Vec::new();
        let mut k = Some(self.clone());
        while let Some(c) = k {
            out.push(Include::User(c.clone()));
            for inc in c.includes.borrow().iter().rev() {
                match inc {
                    Include::User(m) => {
                        for a in m.ancestors() {
                            out.push(a);
                        }
                    }
                    core => out.push(core.clone()),
                }
            }
            if let Some(core) = &c.core_super {
                out.push(Include::Core(core.clone()));
            }
            k = c.superclass.clone();
        }
        out
    }

    /// The first of the ancestors (in `ancestors`' order) for which `f` answers, without
    /// making their list.
    pub fn find_ancestor<T>(
        self: &Rc<Self>,
        f: &mut impl FnMut(Ancestor<'_>) -> Option<T>,
    ) -> Option<T> {
        let mut k = self;
        loop {
            if let Some(v) = f(Ancestor::User(k)) {
                return Some(v);
            }
            for inc in k.includes.borrow().iter().rev() {
                let found = match inc {
                    Include::User(m) => m.find_ancestor(f),
                    Include::Core(n) => f(Ancestor::Core(n)),
                };
                if found.is_some() {
                    return found;
                }
            }
            if let Some(core) = &k.core_super {
                if let Some(v) = f(Ancestor::Core(core)) {
                    return Some(v);
                }
            }
            match &k.superclass {
                Some(s) => k = s,
                None => return None,
            }
        }
    }

    /// An instance method, looked up along the ancestors.
    pub fn find_method(self: &Rc<Self>, name: &str) -> Option<(Method, Rc<UserClass>)> {
        self.find_ancestor(&mut |a| match a {
            Ancestor::User(c) => {
                let m = c.methods.borrow().get(name).cloned();
                m.map(|m| (m, c.clone()))
            }
            Ancestor::Core(_) => None,
        })
    }

    /// Whether instances are instances of `class` too: it is the class or one of its
    /// ancestors (by identity).
    pub fn inherits(self: &Rc<Self>, class: &Rc<UserClass>) -> bool {
        self.find_ancestor(&mut |a| match a {
            Ancestor::User(c) if Rc::ptr_eq(c, class) => Some(()),
            _ => None,
        })
        .is_some()
    }

    /// A method of the class itself, looked up along its superclasses (a module's own
    /// methods are not inherited by the classes that include it).
    pub fn find_singleton(self: &Rc<Self>, name: &str) -> Option<(Method, Rc<UserClass>)> {
        let mut k = Some(self.clone());
        while let Some(c) = k {
            if let Some(m) = c.singleton.borrow().get(name).cloned() {
                return Some((m, c.clone()));
            }
            k = c.superclass.clone();
        }
        None
    }

    /// Whether instances are `class` (by name): the class, its ancestors, `Object`.
    pub fn is_a(self: &Rc<Self>, class: &str) -> bool {
        matches!(class, "Object" | "BasicObject" | "Kernel")
            || self
                .find_ancestor(&mut |a| {
                    let hit = match a {
                        Ancestor::User(c) => *c.name == *class,
                        Ancestor::Core(n) => {
                            n == class
                                || (crate::error::is_error_class(n)
                                    && crate::error::error_is_a(n, class))
                        }
                    };
                    hit.then_some(())
                })
                .is_some()
    }

    /// Whether it includes the core module `name` (`Comparable`, `Enumerable`).
    pub fn includes_core(self: &Rc<Self>, name: &str) -> bool {
        self.find_ancestor(&mut |a| match a {
            Ancestor::Core(n) if n == name => Some(()),
            _ => None,
        })
        .is_some()
    }

    /// Forgets its methods, constants and variables (they may hold the class itself: a
    /// render's classes are cleared when it ends, so that they are freed).
    pub fn clear(&self) {
        self.includes.borrow_mut().clear();
        self.methods.borrow_mut().clear();
        self.singleton.borrow_mut().clear();
        self.constants.borrow_mut().clear();
        self.ivars.borrow_mut().0.clear();
    }
}

/// An instance of a class a template defines.
#[derive(Debug)]
pub struct Object {
    pub class: Rc<UserClass>,
    pub ivars: RefCell<Ivars>,
}

/// Instance variables, in the order they were first set (as `inspect` shows them).
#[derive(Debug, Default)]
pub struct Ivars(pub Vec<(String, RValue)>);

impl Ivars {
    pub fn get(&self, name: &str) -> Option<&RValue> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
    pub fn set(&mut self, name: &str, v: RValue) {
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = v,
            None => self.0.push((name.to_string(), v)),
        }
    }
}

/// Equality of two containers that may hold themselves: the same one, or a pair already
/// being compared further up (a comparison that comes back to the pair it is in), is equal,
/// as in Ruby; otherwise `contents` decides, one level deeper.
fn same_pair_or<T>(
    a: &Rc<T>,
    b: &Rc<T>,
    open: &mut Vec<(usize, usize)>,
    contents: impl FnOnce(&mut Vec<(usize, usize)>) -> bool,
) -> bool {
    let pair = (Rc::as_ptr(a) as usize, Rc::as_ptr(b) as usize);
    if Rc::ptr_eq(a, b) || open.contains(&pair) {
        return true;
    }
    open.push(pair);
    let equal = crate::limits::deep(|| contents(open));
    open.pop();
    equal
}

#[cfg(test)]
mod tests {
    use super::RValue;

    /// A value is two words, and so are the evaluator's results (`R`: the error's kinds
    /// fit in the tag's unused values), with or without `Option` around them.
    #[test]
    fn a_value_is_two_words() {
        use crate::eval::{Flow, R};
        assert_eq!(std::mem::size_of::<RValue>(), 16);
        assert_eq!(std::mem::size_of::<Option<RValue>>(), 16);
        assert_eq!(std::mem::size_of::<Flow>(), 8);
        assert_eq!(std::mem::size_of::<R<RValue>>(), 16);
        assert_eq!(std::mem::size_of::<Option<R<RValue>>>(), 16);
        // (a core method's answer: a value, or none when it has no such method)
        assert_eq!(std::mem::size_of::<R<Option<RValue>>>(), 16);
        assert_eq!(std::mem::size_of::<R<()>>(), 8);
    }
}
