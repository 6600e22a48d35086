//! Changing a string in place: `<<`, `concat`, `prepend`, `insert`, `replace`, `clear`,
//! `slice!`, `s[i] = t` and the bang methods (`gsub!`, `strip!`, `downcase!`, ...).
//!
//! Strings are values in the subset (`RValue::Str` is a shared, unchanging text), so a
//! string changes by its place getting the changed string: the variable, instance
//! variable or element (`h[k] << x`) the receiver was read from. What Ruby code sees is
//! Ruby's unless a second name holds the same string object (`y = x; y << "!"` leaves `x`
//! as it was; in Ruby both change): docs/ruby.md lists this under "Differences".
//! A string that no place holds changes only when nothing else can see it either (a
//! literal, or what a method that always makes a new string returned); any other
//! receiver is unsupported Ruby named as such.

use super::{raise, unsupported, Interp, R};
use crate::ast::{Block, Kind, Name, Node, Param, Part};
use crate::methods::{self, M};
use crate::value::RStr;
use crate::value::{RHash, RValue};
use std::cell::RefCell;
use std::rc::Rc;

/// A string a running block was given from an array or a hash, under its parameter's
/// name: changing it in place through the parameter (`words.each { |w| w.capitalize! }`)
/// changes the element too, as changing the one object does in Ruby.
#[derive(Debug)]
pub(crate) struct Yielded {
    name: Name,
    /// The string given (the parameter's value while the block has not assigned another).
    text: RStr,
    from: Source,
}

#[derive(Debug)]
enum Source {
    Element(Rc<RefCell<crate::value::RArray>>, usize),
    Value(Rc<RefCell<RHash>>, RValue),
}

/// What an iteration over `recv` gives its block at step `index` (`item`): an array's
/// string element, or a hash's pair whose value is a string (for `|k, v|`), tracked.
///
/// (Its tests inlined at each iteration's call: an item that is neither a string nor a
/// hash's pair, as most are, costs two compares, not a call; the tracking apart.)
#[inline(always)]
pub(crate) fn given(recv: &RValue, block: &Block, index: usize, item: &RValue) -> Option<Yielded> {
    match (recv, item) {
        (RValue::Array(_), RValue::Str(_)) | (RValue::Hash(_), RValue::Array(_)) => {
            given_tracked(recv, block, index, item)
        }
        _ => None,
    }
}

/// [`given`] of an item that may be tracked.
#[inline(never)]
fn given_tracked(recv: &RValue, block: &Block, index: usize, item: &RValue) -> Option<Yielded> {
    if block.params.is_empty() {
        return None;
    }
    match (recv, item) {
        (RValue::Array(a), RValue::Str(_)) => Yielded::element(block, a, index, item),
        (RValue::Hash(h), RValue::Array(pair)) if block.params.len() > 1 => {
            match &pair.borrow()[..] {
                [k, v @ RValue::Str(_)] => Yielded::value(block, h, k, v),
                _ => None,
            }
        }
        _ => None,
    }
}

impl Yielded {
    /// The `index`th element of an array given as the block's first parameter.
    fn element(
        block: &Block,
        array: &Rc<RefCell<crate::value::RArray>>,
        index: usize,
        v: &RValue,
    ) -> Option<Yielded> {
        Yielded::made(block, 0, v, || Source::Element(array.clone(), index))
    }

    /// The value of `key` in a hash, given as the block's second parameter (`|k, v|`).
    fn value(
        block: &Block,
        hash: &Rc<RefCell<RHash>>,
        key: &RValue,
        v: &RValue,
    ) -> Option<Yielded> {
        Yielded::made(block, 1, v, || Source::Value(hash.clone(), key.clone()))
    }

    /// The value of `key` in a hash, given alone (`each_value { |v| }`).
    pub(crate) fn value_alone(
        block: &Block,
        hash: &Rc<RefCell<RHash>>,
        key: &RValue,
        v: &RValue,
    ) -> Option<Yielded> {
        Yielded::made(block, 0, v, || Source::Value(hash.clone(), key.clone()))
    }

    fn made(block: &Block, param: usize, v: &RValue, from: impl Fn() -> Source) -> Option<Yielded> {
        let (RValue::Str(text), Some(Param::Name(name))) = (v, block.params.get(param)) else {
            return None;
        };
        Some(Yielded {
            name: name.clone(),
            text: text.clone(),
            from: from(),
        })
    }
}

/// A method that changes its string receiver.
#[derive(Clone, Copy)]
pub(super) enum Change {
    /// `<<`, `concat`: the arguments appended (an integer is a codepoint).
    Append,
    /// `prepend`: the arguments before it.
    Prepend,
    /// `insert(index, text)`.
    Insert,
    /// `replace(text)`.
    Replace,
    /// `clear`.
    Clear,
    /// `slice!(...)`: the part `slice` gives, taken out (and returned).
    SliceOut,
    /// A bang method: the string its plain method (the `M` given) makes; nil when that
    /// changed nothing.
    Bang(M),
}

impl Change {
    /// Whether the method returns its changed receiver (`slice!` returns the part taken
    /// out; a bang method returns nil when it changed nothing, and then the chain fails
    /// as Ruby's does, on nil).
    fn returns_receiver(self) -> bool {
        !matches!(self, Change::SliceOut)
    }

    /// The change a method on a string makes, or `None` for a method that leaves it.
    pub(super) fn of(id: M) -> Option<Change> {
        Some(match id {
            M::op_shl | M::concat => Change::Append,
            M::prepend => Change::Prepend,
            M::insert => Change::Insert,
            M::replace => Change::Replace,
            M::clear => Change::Clear,
            M::slice_bang => Change::SliceOut,
            _ => Change::Bang(plain_of_bang(id)?),
        })
    }
}

/// The method a string's bang method is the in-place form of.
fn plain_of_bang(id: M) -> Option<M> {
    Some(match id {
        M::gsub_bang => M::gsub,
        M::sub_bang => M::sub,
        M::strip_bang => M::strip,
        M::lstrip_bang => M::lstrip,
        M::rstrip_bang => M::rstrip,
        M::chomp_bang => M::chomp,
        M::chop_bang => M::chop,
        M::squeeze_bang => M::squeeze,
        M::upcase_bang => M::upcase,
        M::downcase_bang => M::downcase,
        M::capitalize_bang => M::capitalize,
        M::swapcase_bang => M::swapcase,
        M::tr_bang => M::tr,
        M::tr_s_bang => M::tr_s,
        M::delete_bang => M::delete,
        M::reverse_bang => M::reverse,
        M::succ_bang | M::next_bang => M::succ,
        M::delete_prefix_bang => M::delete_prefix,
        M::delete_suffix_bang => M::delete_suffix,
        _ => return None,
    })
}

impl Interp<'_> {
    /// `recv.name(args)` for a method that changes the string `s` (read from the node
    /// `recv`): the method's result, the place given the changed string.
    pub(super) fn change_string(
        &mut self,
        s: &RStr,
        recv: &Node,
        (change, name): (Change, &str),
        args: Vec<RValue>,
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> R {
        let place = self.string_place(recv);
        // (a string nothing else holds, whatever made it: what a lambda or method returned
        // that it had built, voxpupuli-consul's `sorted_pretty_generate.call(...) << "\n"`)
        if place.is_none() && !fresh_string(recv) && !RStr::is_unique(s) {
            return unsupported(
                format!(
                    "changing a string in place that no variable holds ('{}' on {}; strings \
                     are values in prepl's Ruby: assign the result of the method without '!')",
                    name,
                    describe(recv)
                ),
                at,
            );
        }
        let (changed, result) = self.changed_string(s, change, args, block, at)?;
        if let (Some(new), Some(place)) = (&changed, place) {
            self.assign(place, RValue::Str(new.clone()))?;
            if let Kind::LVar(name)
            | Kind::Call {
                name, vcall: true, ..
            } = &place.kind
            {
                self.change_yielded(name, s, new);
            }
        }
        Ok(result)
    }

    /// Calls `block` with `args`; `given`: a string among them that came from an array or
    /// hash (see [`Yielded`]).
    /// (Inlined: an untracked call goes straight to the block, the tracked one apart.)
    #[inline(always)]
    pub(crate) fn yield_tracked<const N: usize>(
        &mut self,
        block: &Block,
        args: [RValue; N],
        given: Option<Yielded>,
    ) -> R {
        match given {
            None => self.yield_block(block, args),
            Some(given) => self.yield_given_tracked(block, args, given),
        }
    }

    /// [`Interp::yield_tracked`] with a string to track.
    #[inline(never)]
    fn yield_given_tracked<const N: usize>(
        &mut self,
        block: &Block,
        args: [RValue; N],
        given: Yielded,
    ) -> R {
        let kept = self.st.yielded.len();
        self.st.yielded.push(given);
        let r = self.yield_block(block, args);
        self.st.yielded.truncate(kept);
        r
    }

    /// After the local `name` holding `old` got `new`: the element `old` was given from,
    /// when a running block was given it under that name and the element still holds it.
    fn change_yielded(&mut self, name: &Name, old: &RStr, new: &RStr) {
        let Some(y) = self
            .st
            .yielded
            .iter_mut()
            .rev()
            .find(|y| y.name == *name && RStr::ptr_eq(&y.text, old))
        else {
            return;
        };
        let same = |v: Option<&RValue>| matches!(v, Some(RValue::Str(t)) if RStr::ptr_eq(t, old));
        match &y.from {
            Source::Element(a, i) => {
                let mut a = a.borrow_mut();
                if same(a.get(*i)) {
                    a[*i] = RValue::Str(new.clone());
                }
            }
            Source::Value(h, k) => {
                let mut h = h.borrow_mut();
                if same(h.get(k)) {
                    h.insert(k.clone(), RValue::Str(new.clone()));
                }
            }
        }
        y.text = new.clone();
    }

    /// The string `change` makes of `s` (`None`: unchanged) and the method's result.
    fn changed_string(
        &mut self,
        s: &RStr,
        change: Change,
        args: Vec<RValue>,
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> R<(Option<RStr>, RValue)> {
        let new: RStr = match change {
            Change::Append | Change::Prepend => {
                let mut more = String::new();
                for a in &args {
                    more.push_str(&appended_text(a, at)?);
                }
                methods::grow(s.len().saturating_add(more.len()), at)?;
                match change {
                    Change::Append => format!("{s}{more}").into(),
                    _ => format!("{more}{s}").into(),
                }
            }
            Change::Insert => {
                let (index, text) = match args.as_slice() {
                    [RValue::Int(i), RValue::Str(t)] => (*i, t.clone()),
                    [_, _] => return raise("no implicit conversion into String", at),
                    _ => return arity(args.len(), "2", at),
                };
                let chars = s.chars().count() as i64;
                // (a negative index inserts after the character it names)
                let pos = if index < 0 { index + chars + 1 } else { index };
                if !(0..=chars).contains(&pos) {
                    return methods::raise_index(format!("index {index} out of string"), at);
                }
                let byte = byte_of_char(s, pos as usize);
                methods::grow(s.len().saturating_add(text.len()), at)?;
                format!("{}{text}{}", &s[..byte], &s[byte..]).into()
            }
            Change::Replace => match args.as_slice() {
                [RValue::Str(t)] => t.clone(),
                [_] => return raise("no implicit conversion into String", at),
                _ => return arity(args.len(), "1", at),
            },
            Change::Clear => {
                if !args.is_empty() {
                    return arity(args.len(), "0", at);
                }
                RStr::from("")
            }
            Change::SliceOut => {
                let Some((start, end)) = span(s, &args, at)? else {
                    return Ok((None, RValue::Nil));
                };
                let taken = RValue::str(&s[start..end]);
                let rest = format!("{}{}", &s[..start], &s[end..]);
                return Ok((Some(rest.into()), taken));
            }
            Change::Bang(plain) => {
                let pattern = args.first().cloned();
                let v = methods::call_id(self, RValue::Str(s.clone()), plain, args, block, at)?;
                let Ok(new) = v.into_str() else {
                    return Ok((None, RValue::Nil));
                };
                // `sub!`, `gsub!` and `tr!` change a string when they find something, even
                // when what they put back is the same text (`"aa".gsub!("a", "a")` is "aa"):
                // searched again only then
                let found = new != *s
                    || match (plain, pattern) {
                        (M::sub | M::gsub, Some(p)) => self.finds(s, p, at)?,
                        (M::tr | M::tr_s, Some(p)) => {
                            let n = methods::call_id(
                                self,
                                RValue::Str(s.clone()),
                                M::count,
                                vec![p],
                                None,
                                at,
                            )?;
                            !matches!(n, RValue::Int(0))
                        }
                        _ => false,
                    };
                if !found {
                    return Ok((None, RValue::Nil));
                }
                new
            }
        };
        Ok((Some(new.clone()), RValue::Str(new)))
    }

    /// Whether a `sub`/`gsub` pattern (a string or a regexp) occurs in `s`.
    fn finds(&mut self, s: &RStr, pattern: RValue, at: usize) -> R<bool> {
        let v = methods::call_id(
            self,
            RValue::Str(s.clone()),
            M::index,
            vec![pattern],
            None,
            at,
        )?;
        Ok(!matches!(v, RValue::Nil))
    }

    /// `s[index] = text` for a string `s` read from the node `recv`.
    pub(super) fn set_in_string(
        &mut self,
        s: &RStr,
        recv: &Node,
        mut args: Vec<RValue>,
        at: usize,
    ) -> R<()> {
        let Some(place) = self.string_place(recv) else {
            return unsupported(
                format!(
                    "changing a string in place that no variable holds ('[]=' on {})",
                    describe(recv)
                ),
                at,
            );
        };
        let text = match args.pop().map(RValue::into_str) {
            Some(Ok(t)) => t,
            Some(Err(_)) => return raise("no implicit conversion into String", at),
            None => return arity(0, "2..3", at),
        };
        let Some((start, end)) = span(s, &args, at)? else {
            let what = match args.as_slice() {
                [RValue::Str(_)] => "string not matched".to_string(),
                [RValue::Regexp(_)] => "regexp not matched".to_string(),
                [RValue::Int(i), ..] => format!("index {i} out of string"),
                _ => "index out of string".to_string(),
            };
            return methods::raise_index(what, at);
        };
        methods::grow(s.len().saturating_add(text.len()), at)?;
        let new = format!("{}{text}{}", &s[..start], &s[end..]);
        self.assign(place, RValue::str(new))
    }

    /// The place a string was read from that can be given the changed string: a local or
    /// instance variable, an element whose receiver and index are variables or literals
    /// (`h[k]`, `@parts[0]`), or the place at the start of a chain of appends
    /// (`out << a << b`).
    fn string_place<'n>(&self, r: &'n Node) -> Option<&'n Node> {
        match &r.kind {
            Kind::LVar(_) | Kind::IVar(_) => Some(r),
            Kind::Call {
                recv: Some(inner),
                name,
                args,
                block: None,
                ..
            } if &**name == "[]" => {
                (self.plain(inner) && args.iter().all(|a| self.plain(a))).then_some(r)
            }
            // (a method that changes its receiver and returns it)
            Kind::Call {
                recv: Some(inner),
                name,
                ..
            } if Change::of(name.id()).is_some_and(Change::returns_receiver) => {
                self.string_place(inner)
            }
            _ => None,
        }
    }

    /// A node evaluating which again has no effect and gives the same value.
    fn plain(&self, n: &Node) -> bool {
        match &n.kind {
            Kind::LVar(_) | Kind::IVar(_) | Kind::Int(_) | Kind::Nil | Kind::Const(_) => true,
            Kind::Str(parts) | Kind::Sym(parts) => parts.iter().all(|p| matches!(p, Part::Lit(_))),
            _ => false,
        }
    }
}

/// The byte range `s[args]` names (an index, an index and a length, a range, a
/// substring or a regexp), or `None` when it names nothing.
fn span(s: &str, args: &[RValue], at: usize) -> R<Option<(usize, usize)>> {
    let chars = s.chars().count() as i64;
    let by_chars = |start: i64, n: i64| -> Option<(usize, usize)> {
        let start = if start < 0 { start + chars } else { start };
        if start < 0 || start > chars || n < 0 {
            return None;
        }
        let end = start.saturating_add(n).min(chars);
        Some((
            byte_of_char(s, start as usize),
            byte_of_char(s, end as usize),
        ))
    };
    Ok(match args {
        [RValue::Int(i)] => by_chars(*i, 1).filter(|(a, b)| a < b),
        [RValue::Int(i), RValue::Int(n)] => by_chars(*i, *n),
        [RValue::Range(r)] => {
            methods::enumerable::range_bounds(r, chars, at)?.and_then(|(a, n)| by_chars(a, n))
        }
        [RValue::Str(p)] => s.find(&**p).map(|i| (i, i + p.len())),
        [RValue::Regexp(re)] => re
            .first_match(s)
            .map_err(super::regexp_failed(at))?
            .and_then(|g| g.first().copied().flatten()),
        [_] | [_, _] => return raise("no implicit conversion into Integer", at),
        _ => return arity(args.len(), "1..2", at),
    })
}

/// The text `<<` appends for an argument: a string, or an integer's character.
fn appended_text(v: &RValue, at: usize) -> R<RStr> {
    match v {
        RValue::Str(t) => Ok(t.clone()),
        RValue::Int(i) => match u32::try_from(*i).ok().and_then(char::from_u32) {
            Some(c) => Ok(RStr::from(c.to_string())),
            None => Err(super::Flow::from(crate::RubyError::raised_as(
                "RangeError",
                format!("{i} out of char range"),
                at,
            ))),
        },
        other => Err(super::Flow::from(crate::RubyError::raised_as(
            "TypeError",
            format!(
                "no implicit conversion of {} into String",
                conversion_name(other)
            ),
            at,
        ))),
    }
}

/// Whether a call's receiver is the constant `name` (`String.new`).
fn is_const(call: &Node, name: &str) -> bool {
    matches!(&call.kind, Kind::Call { recv: Some(r), .. } if matches!(&r.kind, Kind::Const(c) if &**c == name))
}

/// How Ruby names a value that does not convert (`nil`, `true`, or its class).
fn conversion_name(v: &RValue) -> String {
    match v {
        RValue::Nil => "nil".into(),
        RValue::Bool(b) => b.to_string(),
        other => other.class_name(),
    }
}

fn byte_of_char(s: &str, n: usize) -> usize {
    s.char_indices().nth(n).map_or(s.len(), |(i, _)| i)
}

fn arity<T>(given: usize, expected: &str, at: usize) -> R<T> {
    Err(super::Flow::from(crate::RubyError::raised_as(
        "ArgumentError",
        format!("wrong number of arguments (given {given}, expected {expected})"),
        at,
    )))
}

/// What a receiver is, for a message: a method's result or an expression.
fn describe(recv: &Node) -> String {
    match &recv.kind {
        Kind::Call { name, .. } => format!("the result of '{name}'"),
        _ => "an expression's value".to_string(),
    }
}

/// Whether an expression's string is one nothing else holds: a literal, or what a method
/// that always makes a new string returned (`s.gsub(a, b).gsub!(c, d)`): changing it in
/// place is unobservable.
fn fresh_string(n: &Node) -> bool {
    match &n.kind {
        Kind::Str(_) => true,
        // `'[' << a.join(',') << ']'`, `(indent * level).to_s << key`: what `<<` (or
        // `to_s`) returns is its receiver, fresh when that is (voxpupuli-consul's
        // `sorted_json` builds its JSON text so)
        Kind::Call {
            recv: Some(r),
            name,
            ..
        } if matches!(&**name, "<<" | "concat" | "to_s" | "to_str") && fresh_string(r) => true,
        Kind::Call {
            recv: Some(_),
            name,
            ..
        } => {
            matches!(
                &**name,
                "gsub"
                    | "sub"
                    | "strip"
                    | "lstrip"
                    | "rstrip"
                    | "chomp"
                    | "chop"
                    | "squeeze"
                    | "upcase"
                    | "downcase"
                    | "capitalize"
                    | "swapcase"
                    | "tr"
                    | "tr_s"
                    | "delete"
                    | "+"
                    | "*"
                    | "%"
                    | "center"
                    | "ljust"
                    | "rjust"
                    | "join"
                    | "inspect"
                    | "dup"
                    | "clone"
                    | "reverse"
                    | "to_json"
                    | "to_yaml"
                    | "pack"
                    | "succ"
            ) || (&**name == "new" && is_const(n, "String"))
                // (stdlib's `to_json_pretty`: `JSON.pretty_generate(data, opts) << "\n"`)
                || (matches!(&**name, "generate" | "pretty_generate" | "fast_generate" | "dump")
                    && (is_const(n, "JSON") || is_const(n, "::JSON")))
        }
        _ => false,
    }
}
