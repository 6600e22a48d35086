//! A Ruby block an ERB template gives a Puppet function (`scope.call_function('each',
//! [list]) { |x| ... }`), which the function calls as its lambda, as the 4.x function API's
//! `call_function` with a block does (`rubyfn`): each call runs the block in the template's
//! interpreter state with the evaluator as it is at that call (`erb::ruby`'s lent blocks),
//! so that output the block writes and locals it changes are the template's. An error the
//! block raises fails the function, and the template sees the block's own (class kept:
//! `rescue ArgumentError` around the call catches it).

use super::template::EvalHost;
use crate::erb::bridge::{to_puppet, to_ruby};
use crate::erb::ruby::{Lent, RValue};
use crate::erb::{HostError, RubyError};
use crate::error::Error;
use crate::eval::{EvalResult, Evaluator, NativeLambda};
use crate::values::Value;
use std::rc::Rc;

#[derive(Debug)]
struct TemplateLambda {
    block: Rc<dyn Lent>,
}

impl NativeLambda for TemplateLambda {
    fn call(&self, ev: &mut Evaluator, args: Vec<Value>) -> EvalResult {
        let args = args.iter().map(to_ruby).collect();
        let mut host = EvalHost::new(ev);
        let v = self.block.call(&mut host, args).map_err(|e| {
            Error::eval(match e {
                RubyError::Raised { message, .. } | RubyError::Syntax { message, .. } => message,
                RubyError::Unsupported { what, .. } => what,
                RubyError::Interrupted { .. } => "Interrupted".to_string(),
            })
        })?;
        Ok(to_puppet(&v).map_err(|e| {
            Error::eval(format!(
                "a block given to call_function in a template gave a value Puppet cannot take: {e}"
            ))
        })?)
    }
}

/// `scope.call_function(name, args) { block }` of a template.
pub(super) fn call(
    host: &mut EvalHost,
    name: &str,
    args: Vec<RValue>,
    block: Rc<dyn Lent>,
) -> Result<RValue, HostError> {
    let params = block.params();
    let closure = super::rubyfn::block_closure(params, Rc::new(TemplateLambda { block }));
    host.call_function_with_closure(name, args, &closure)
}
