//! The block `Enumerable` gives a class's `each` to collect its elements, as a value: what
//! a `def each(&block)` binds, so that `@items.each(&block)` passes it on.

use crate::error::HostError;
use crate::value::RBool;
use crate::value::{HostObject, RValue};
use std::cell::RefCell;
use std::rc::Rc;

/// Calling it (`call`, `yield`, `()`, `[]`) collects its argument (several: as an array).
#[derive(Debug)]
pub struct Collector(pub Rc<RefCell<crate::value::RArray>>);

impl HostObject for Collector {
    fn class_name(&self) -> String {
        "Proc".to_string()
    }
    fn to_s(&self) -> String {
        "#<Proc (Enumerable)>".to_string()
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<Collector>()
            .is_some_and(|o| Rc::ptr_eq(&o.0, &self.0))
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        match name {
            "call" | "yield" | "()" | "[]" | "===" => {
                let v = match args {
                    [one] => one.clone(),
                    more => RValue::array(more.to_vec()),
                };
                self.0.borrow_mut().push(v);
                Some(Ok(RValue::Nil))
            }
            "arity" => Some(Ok(RValue::Int(-1))),
            "lambda?" => Some(Ok(RValue::Bool(RBool::False))),
            _ => None,
        }
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
