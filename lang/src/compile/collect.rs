//! Collectors: `Type <| query |>` realizes the virtual resources of a type that match the
//! query (and overrides attributes of every match with `{ ... }`); `<<| |>>` collects
//! exported resources, which need storeconfigs (not available: a warning, as the
//! reference gives).

use super::compilation::Collector;
use super::declare::OverrideSite;
use crate::catalog::{Resource, ResourceId};
use crate::error::Error;
use crate::eval::matching::array_includes;
use crate::eval::operators::equals;
use crate::eval::{EvalResult, Evaluator};
use crate::syntax::ast::{AttributeOp, BinOp, Expr, ExprKind};
use crate::types::PType;
use crate::values::Value;
use std::rc::Rc;

/// A collector's query, its values evaluated when the collector was.
#[derive(Debug, Clone)]
pub enum Query {
    All,
    Eq(Rc<str>, Value),
    /// `tag == v`: the resource has one of these (lower-case) tags.
    Tagged(Vec<String>),
    Ne(Rc<str>, Value),
    And(Box<Query>, Box<Query>),
    Or(Box<Query>, Box<Query>),
}

impl Query {
    /// Whether resource `r` matches; `has_tag` tells whether it has a (lower-case) tag.
    pub fn matches(&self, r: &Resource, has_tag: &dyn Fn(&str) -> bool) -> bool {
        match self {
            Query::All => true,
            Query::Eq(name, v) => attribute_matches(r, name, v),
            Query::Tagged(tags) => tags.iter().any(|t| has_tag(t)),
            Query::Ne(name, v) => !attribute_equals(r, name, v),
            Query::And(a, b) => a.matches(r, has_tag) && b.matches(r, has_tag),
            Query::Or(a, b) => a.matches(r, has_tag) || b.matches(r, has_tag),
        }
    }
}

/// The negation of `name != v`: the title or a parameter (`tag` too: the parameter, not
/// the resource's tags) equal to `v` as a whole, as the reference compares for `!=` (an
/// array parameter holding `v` is not equal to it: `[undef, 'm'] != undef` holds, `[] !=
/// []` does not).
fn attribute_equals(r: &Resource, name: &str, v: &Value) -> bool {
    match name {
        "title" => attribute_matches(r, name, v),
        _ => match r.parameters.get(name) {
            Some(x) => equals(x, v),
            None => v.is_undef(),
        },
    }
}

/// `name == v`: the title or a parameter equal to `v`, or an array parameter that
/// includes `v` as `in` has it (the reference's `include?`: a string is matched by each
/// element as by a case option, so `message == '10'` takes a message holding `String[1]`
/// or `/^1/`). (`tag == v` is [`Query::Tagged`].)
fn attribute_matches(r: &Resource, name: &str, v: &Value) -> bool {
    match name {
        "title" => equals(&Value::String(r.title.clone()), v),
        _ => match r.parameters.get(name) {
            Some(Value::Array(items)) => {
                array_includes(items, v, &mut |re, s| re.is_match(s)).unwrap_or(false)
            }
            Some(x) => equals(x, v),
            None => v.is_undef(),
        },
    }
}

/// The tags `tag == v` looks for: `v`, or each element of an array, as text in lower case
/// (`true` is `'true'`, undef the empty text no resource has); a number is the reference's
/// error.
fn query_tags(v: &Value) -> Result<Vec<String>, &'static str> {
    let one = |v: &Value| match v {
        Value::Integer(_) | Value::Float(_) => Err("Cannot transform a number to a tag"),
        Value::Undef => Ok(Some(String::new())),
        // (Ruby's `to_s` of a nested array or hash is no tag's text: matched by none)
        Value::Array(_) | Value::Hash(_) => Ok(None),
        v => Ok(Some(crate::format::to_display(v).to_lowercase())),
    };
    let mut tags = Vec::new();
    match v {
        Value::Array(items) => {
            for item in items.iter() {
                tags.extend(one(item)?);
            }
        }
        v => tags.extend(one(v)?),
    }
    Ok(tags)
}

impl Evaluator {
    /// Evaluates a collector expression: remembers it for the finishing steps, which
    /// realize what it matches. Its value names it, as the reference's does.
    pub(crate) fn eval_collector(
        &mut self,
        type_ref: &Expr,
        exported: bool,
        query: Option<&Expr>,
        attributes: &[AttributeOp],
    ) -> EvalResult {
        // Warned first, before the type is checked, as the reference does.
        if exported {
            self.log(
                crate::LogLevel::Warning,
                "You cannot collect exported resources without storeconfigs being set; the collection will be ignored",
            );
        }
        // The query's kind names the errors, as the reference's evaluator names them.
        let in_query = if exported {
            "Error while evaluating an Exported Query, "
        } else {
            "Error while evaluating a Virtual Query, "
        };
        let type_name: Rc<str> = match &type_ref.kind {
            ExprKind::QualifiedReference(n) => {
                if n.eq_ignore_ascii_case("class") {
                    return Err(
                        Error::eval(format!("{in_query}Classes cannot be collected")).into(),
                    );
                }
                if self.resource_kind_loading(n)?.is_none() {
                    return Err(Error::eval(format!(
                        "{in_query}Resource type {} doesn't exist",
                        n.to_ascii_lowercase()
                    ))
                    .into());
                }
                crate::types::names::capitalize_segments(n).into()
            }
            _ => match self.eval(type_ref)? {
                Value::Type(pt) => match &*pt {
                    PType::Resource {
                        type_name: Some(n),
                        title: None,
                    } => n.clone(),
                    _ => {
                        return Err(
                            Error::eval(format!("{in_query}Illegal collector type {pt}")).into(),
                        )
                    }
                },
                _ => return Err(Error::eval(format!("{in_query}Illegal collector type")).into()),
            },
        };
        let query = match query {
            Some(q) => self.eval_query(q, in_query)?,
            None => Query::All,
        };
        let overrides = self.eval_attributes(attributes)?;
        let at = self.location_text(Some(self.line_of(type_ref.span))).into();
        self.compilation.collectors.push(Collector {
            type_name: type_name.clone(),
            exported,
            query,
            overrides,
            scope: self.scope.clone(),
            at,
            overridden: Default::default(),
            collected: Default::default(),
        });
        let kind = if exported { "Exported" } else { "Catalog" };
        Ok(Value::string(format!("{kind}-Collector[{type_name}]")))
    }

    /// A query's tree, its operands evaluated now, as the reference's query transformer
    /// does. `in_query` begins its errors (`Error while evaluating a Virtual Query, `).
    fn eval_query(&mut self, q: &Expr, in_query: &str) -> EvalResult<Query> {
        Ok(match &q.kind {
            ExprKind::Paren(x) => self.eval_query(x, in_query)?,
            ExprKind::Binary(op @ (BinOp::And | BinOp::Or), a, b) => {
                let a = Box::new(self.eval_query(a, in_query)?);
                let b = Box::new(self.eval_query(b, in_query)?);
                if *op == BinOp::And {
                    Query::And(a, b)
                } else {
                    Query::Or(a, b)
                }
            }
            ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) => {
                let name = self.query_attribute_name(a)?;
                let value = self.eval(b)?;
                if *op == BinOp::Eq {
                    if &*name == "tag" {
                        return Ok(Query::Tagged(
                            query_tags(&value)
                                .map_err(|m| Error::eval(format!("{in_query}{m}")).at(b.span))?,
                        ));
                    }
                    Query::Eq(name, value)
                } else {
                    Query::Ne(name, value)
                }
            }
            _ => return Err(Error::eval("Illegal query expression").at(q.span).into()),
        })
    }

    /// The attribute a comparison in a query names: a bare word, or what a string,
    /// variable or access gives (`$p == 'x'` with `$p = 'message'`), as the reference's
    /// transformer evaluates the left operand.
    fn query_attribute_name(&mut self, a: &Expr) -> EvalResult<Rc<str>> {
        match &a.kind {
            ExprKind::QualifiedName(n) => Ok(n.clone()),
            ExprKind::Paren(x) => self.query_attribute_name(x),
            ExprKind::String(_)
            | ExprKind::Interpolated(_)
            | ExprKind::Variable(_)
            | ExprKind::Access(..) => match self.eval(a)? {
                Value::String(s) => Ok(s),
                _ => Err(Error::eval("Illegal query expression").at(a.span).into()),
            },
            _ => Err(Error::eval("Illegal query expression").at(a.span).into()),
        }
    }

    /// Runs every collector once: realizes the virtual resources it matches and applies its
    /// overrides to each match not overridden yet. Returns whether anything changed.
    pub(crate) fn run_collectors(&mut self) -> Result<bool, Error> {
        let mut changed = false;
        for i in 0..self.compilation.collectors.len() {
            let matched = self.collector_matches(i);
            for id in matched {
                changed |= self.compilation.catalog.realize(id);
                let c = &self.compilation.collectors[i];
                let to_override = !c.overrides.is_empty() && !c.overridden.contains(&id);
                if c.collected.contains(&id) && !to_override {
                    continue;
                }
                let c = &mut self.compilation.collectors[i];
                c.collected.insert(id);
                if to_override {
                    c.overridden.insert(id);
                    let mut attrs = c.overrides.clone();
                    let scope = c.scope.clone();
                    let at = c.at.clone();
                    // The override block with the resource defaults of the collector's
                    // scope (those in effect now, declared after the collector too).
                    let type_name = c.type_name.clone();
                    for (d, _) in self.defaults_in(&scope, &type_name) {
                        if !attrs.iter().any(|a| a.name == d.name) {
                            attrs.push(d);
                        }
                    }
                    let saved = std::mem::replace(&mut self.scope, scope);
                    let r = self.apply_override(id, &attrs, OverrideSite::Collector(&at));
                    self.scope = saved;
                    r?;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// The resources collector `i` matches (none for exported collectors).
    pub(crate) fn collector_matches(&self, i: usize) -> Vec<ResourceId> {
        let c = &self.compilation.collectors[i];
        if c.exported {
            return Vec::new();
        }
        self.compilation
            .catalog
            .all_resources()
            .filter(|(id, r)| {
                r.type_name == c.type_name
                    && c.query
                        .matches(r, &|tag| self.compilation.catalog.has_tag(*id, tag))
            })
            .map(|(id, _)| id)
            .collect()
    }
}
