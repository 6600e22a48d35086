//! Ruby's `Struct`: `Struct.new(:a, :b, keyword_init: true) { def m ... end }` makes a class
//! whose instances hold the members: readers and writers, `new` by position (or by
//! keyword), `to_a`, `to_h`, `==`, `[]`, `[]=`, `each`, `each_pair`, `dig`, `inspect`, and
//! `Enumerable` over the values. A class inherits a struct class's members
//! (`class Point < Struct.new(:x, :y)`).

use super::defs::{DefTarget, ENUMERABLE};
use super::{unsupported, Flow, Interp, This, R};
use crate::ast::Block;
use crate::error::RubyError;
use crate::methods::{self, Call, M};
use crate::value::RBool;
use crate::value::RStr;
use crate::value::{Method, Object, RValue, StructLayout, UserClass};
use std::rc::Rc;

fn arg_error<T>(message: impl Into<String>, at: usize) -> R<T> {
    Err(Flow::from(RubyError::raised_as(
        "ArgumentError",
        message,
        at,
    )))
}

impl Interp<'_> {
    /// `Struct.new(:a, :b, keyword_init: true) { ... }`: the new (anonymous) class.
    pub(crate) fn struct_new(&mut self, c: &Call) -> R {
        let mut members: Vec<RStr> = Vec::new();
        let mut keyword_init = false;
        for (i, a) in c.args.iter().enumerate() {
            match a {
                RValue::Sym(s) => {
                    if members.contains(s) {
                        return arg_error(format!("duplicate member: {s}"), c.at);
                    }
                    members.push(s.clone());
                }
                RValue::Str(s) if i == 0 => {
                    return unsupported(format!("Struct.new naming the class Struct::{s}"), c.at)
                }
                RValue::Hash(h) if i + 1 == c.args.len() => {
                    keyword_init = h
                        .borrow()
                        .get(&RValue::sym("keyword_init"))
                        .is_some_and(RValue::truthy);
                }
                other => {
                    return Err(Flow::from(RubyError::raised_as(
                        "TypeError",
                        format!(
                            "{} is not a symbol nor a string",
                            crate::show::inspect(other)
                        ),
                        c.at,
                    )))
                }
            }
        }
        if members.is_empty() && !keyword_init {
            return arg_error("wrong number of arguments (given 0, expected 1+)", c.at);
        }
        let layout = StructLayout::new(members, keyword_init);
        let mut class = UserClass::new(RStr::from(""), false, None, Some(RStr::from("Struct")));
        {
            let mut methods = class.methods.borrow_mut();
            for (m, slot) in layout.members.iter().zip(&layout.slots) {
                methods.insert(m.to_string(), Method::Reader(slot.clone()));
                methods.insert(format!("{m}="), Method::Writer(slot.clone()));
            }
        }
        class.struct_layout = Some(Rc::new(layout));
        let class = Rc::new(class);
        self.st.classes.push(class.clone());
        if let Some(b) = c.block {
            self.class_body_block(&class, b, c.at)?;
        }
        Ok(RValue::Module(class))
    }

    /// The block of `Struct.new`, run as the class's body (`def` in it defines methods of
    /// the class).
    fn class_body_block(&mut self, class: &Rc<UserClass>, b: &Rc<Block>, at: usize) -> R<()> {
        let mut cref: Vec<Rc<UserClass>> = self.st.ctx.cref.to_vec();
        cref.push(class.clone());
        let frame = (
            This::Class(class.clone()),
            DefTarget::Instance(class.clone()),
            Rc::from(cref),
        );
        self.with_frame(frame, at, |it| {
            for n in &b.body {
                it.eval(n)?;
            }
            Ok(())
        })
    }

    /// A struct's own `initialize`: the members from the arguments.
    pub(crate) fn struct_init(
        &mut self,
        o: &Rc<Object>,
        layout: &StructLayout,
        args: Vec<RValue>,
        at: usize,
    ) -> R<()> {
        let mut ivars = o.ivars.borrow_mut();
        if layout.keyword_init {
            match args.as_slice() {
                [] => {}
                [RValue::Hash(h)] => {
                    let mut unknown = Vec::new();
                    for (k, v) in h.borrow().iter() {
                        let name = crate::show::to_s(k);
                        match layout.position(&name) {
                            Some(i) => ivars.set(&layout.slots[i], v.clone()),
                            None => unknown.push(name),
                        }
                    }
                    if !unknown.is_empty() {
                        return arg_error(format!("unknown keywords: {}", unknown.join(", ")), at);
                    }
                }
                more => {
                    return arg_error(
                        format!(
                            "wrong number of arguments (given {}, expected 0)",
                            more.len()
                        ),
                        at,
                    )
                }
            }
        } else {
            if args.len() > layout.members.len() {
                return arg_error("struct size differs", at);
            }
            let mut given = args.into_iter();
            for slot in &layout.slots {
                ivars.set(slot, given.next().unwrap_or_default());
            }
            return Ok(());
        }
        for slot in &layout.slots {
            if ivars.get(slot).is_none() {
                ivars.set(slot, RValue::Nil);
            }
        }
        Ok(())
    }

    /// The position of a member named by a symbol or string, or given by its position
    /// (`s[:x]`, `s[0]`, `s[-1]`).
    fn struct_member(layout: &StructLayout, key: &RValue, at: usize) -> R<usize> {
        let n = layout.members.len();
        match key {
            RValue::Int(i) => {
                let j = if *i < 0 { *i + n as i64 } else { *i };
                match usize::try_from(j).ok().filter(|&j| j < n) {
                    Some(j) => Ok(j),
                    None => Err(Flow::from(RubyError::raised_as(
                        "IndexError",
                        format!(
                            "offset {i} too {} for struct(size:{n})",
                            if *i < 0 { "small" } else { "large" }
                        ),
                        at,
                    ))),
                }
            }
            RValue::Sym(s) | RValue::Str(s) => match layout.position(s) {
                Some(j) => Ok(j),
                None => Err(Flow::from(RubyError::raised_as(
                    "NameError",
                    format!("no member '{s}' in struct"),
                    at,
                ))),
            },
            other => Err(Flow::from(RubyError::raised_as(
                "TypeError",
                format!(
                    "no implicit conversion of {} into Integer",
                    other.class_name()
                ),
                at,
            ))),
        }
    }

    /// `s[key]`: the value of the member `key` names.
    fn struct_get(o: &Object, layout: &StructLayout, key: &RValue, at: usize) -> R {
        let slot = &layout.slots[Self::struct_member(layout, key, at)?];
        Ok(o.ivars.borrow().get(slot).cloned().unwrap_or_default())
    }

    /// A struct instance's own methods (those its class does not define); `None` for
    /// another name.
    pub(crate) fn struct_method(
        &mut self,
        o: &Rc<Object>,
        layout: &StructLayout,
        name: &str,
        args: &mut Vec<RValue>,
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> R<Option<RValue>> {
        let values = || layout.values(o);
        let pairs = || {
            layout
                .members
                .iter()
                .zip(values())
                .map(|(m, v)| RValue::array(smallvec::smallvec![RValue::Sym(m.clone()), v]))
                .collect::<Vec<_>>()
        };
        Ok(Some(match name {
            "to_a" | "deconstruct" | "values" => RValue::array(values()),
            "members" => RValue::array(
                layout
                    .members
                    .iter()
                    .cloned()
                    .map(RValue::Sym)
                    .collect::<Vec<_>>(),
            ),
            "size" | "length" => RValue::Int(layout.members.len() as i64),
            "to_h" if block.is_none() => {
                let mut h = crate::value::RHash::new();
                for (m, v) in layout.members.iter().zip(values()) {
                    h.insert(RValue::Sym(m.clone()), v);
                }
                RValue::hash(h)
            }
            "[]" if args.len() == 1 => Self::struct_get(o, layout, &args[0], at)?,
            "[]=" if args.len() == 2 => {
                let slot = &layout.slots[Self::struct_member(layout, &args[0], at)?];
                let v = args[1].clone();
                o.ivars.borrow_mut().set(slot, v.clone());
                v
            }
            "==" | "eql?" if args.len() == 1 => RValue::bool(match &args[0] {
                RValue::Object(p) if Rc::ptr_eq(&p.class, &o.class) => {
                    let (a, b) = (values(), layout.values(p));
                    a.iter().zip(&b).all(|(x, y)| match name {
                        "==" => x.equals(y),
                        _ => x.eql(y),
                    })
                }
                _ => false,
            }),
            "dig" if !args.is_empty() => {
                let first = Self::struct_get(o, layout, &args[0], at)?;
                match (&first, args.len()) {
                    (_, 1) | (RValue::Nil, _) => first,
                    _ => methods::call_id(self, first, M::dig, args[1..].to_vec(), None, at)?,
                }
            }
            "each" => methods::each_or_items(self, block, values(), &RValue::Object(o.clone()))?,
            "each_pair" => {
                methods::each_or_items(self, block, pairs(), &RValue::Object(o.clone()))?
            }
            "inspect" | "to_s" => RValue::str(crate::show::struct_inspect(o, |v| self.inspect(v))),
            // `to_h` with a block, `values_at`, and `Enumerable`: over the values
            _ if name == "to_h" || name == "values_at" || ENUMERABLE.contains(&name) => {
                let recv = match name {
                    "to_h" => RValue::array(pairs()),
                    _ => RValue::array(values()),
                };
                let args = std::mem::take(args);
                methods::call(self, recv, M::of(name), name, args, block, at)?
            }
            _ => return Ok(None),
        }))
    }

    /// A struct class's own class methods: `members`, `[]` (as `new`), `keyword_init?`;
    /// `None` for another name.
    pub(crate) fn struct_class_method(
        &mut self,
        c: &Rc<UserClass>,
        layout: &StructLayout,
        name: &str,
        args: &mut Vec<RValue>,
        at: usize,
    ) -> R<Option<RValue>> {
        Ok(Some(match name {
            "members" => RValue::array(
                layout
                    .members
                    .iter()
                    .cloned()
                    .map(RValue::Sym)
                    .collect::<Vec<_>>(),
            ),
            "keyword_init?" => match layout.keyword_init {
                true => RValue::Bool(RBool::True),
                false => RValue::Nil,
            },
            "[]" => {
                let recv = RValue::Module(c.clone());
                let args = std::mem::take(args);
                methods::call_id(self, recv, M::new, args, None, at)?
            }
            _ => return Ok(None),
        }))
    }
}
