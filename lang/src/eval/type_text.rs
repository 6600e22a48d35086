//! Types written as text in a session (`Type('Integer[1]')`, `assert_type('My::T', $v)`, a
//! Ruby function's `param 'Enum[a, b]', :x`): read by `types::type_text` as the reference
//! reads them (no evaluation: no variables, no calls), the names other than built-in ones
//! resolved as type names in code are (aliases, resource types, loaded on first use).

use super::Evaluator;
use crate::error::Error;
use crate::types::type_text::parse_type_text;
use crate::types::PType;

impl Evaluator {
    /// The type `text` denotes in this session.
    pub(crate) fn type_from_text(&mut self, text: &str) -> Result<PType, Error> {
        parse_type_text(text, |name| self.type_of_text_name(name))
    }

    /// The type a name of a type text denotes (an alias, a resource type or define, a Pcore
    /// type), loading a module's alias or type on first use; `None` for no type (the text
    /// reads it as a reference, where code fails with "Resource type not found").
    fn type_of_text_name(&mut self, name: &str) -> Result<Option<PType>, Error> {
        let lower = name.to_ascii_lowercase();
        // (an alias whose definition is no type: a reference to its name, as the
        // reference's text reader leaves it)
        if self.is_invalid_alias(&lower) {
            return Ok(None);
        }
        let found = match self.find_type_named(name)? {
            Some(t) => Some(t),
            None => {
                let loaded = self.autoload_type_name(&lower)?;
                match loaded {
                    true => self.find_type_named(name)?,
                    false => None,
                }
            }
        };
        // A resource type is named in any case (`NOTIFY` is `Notify`).
        Ok(found.map(|t| match t {
            PType::Resource {
                type_name: Some(_),
                title: None,
            } => crate::types::names::resource_type(&lower),
            t => t,
        }))
    }
}
