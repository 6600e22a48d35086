//! Loading what a type name of a module denotes on first use (`Acme::User` in a type
//! expression or a type text).

use super::Evaluator;
use crate::env::modules::{self, Kind};
use crate::error::Error;
use std::rc::Rc;

/// The reference's `Puppet::AST` TypeSet (see `Evaluator::load_puppet_ast`).
const PUPPET_AST: &str = include_str!("puppet_ast.pp");

impl Evaluator {
    /// Loads the type alias or the define (or Ruby resource type) a lower-case type name
    /// denotes, if not known yet; returns whether one was loaded.
    ///
    /// The reference's loaders ask the Puppet 3 resource types (defines among them) before
    /// a module's type aliases, so a module with both a define `acme::user` and a type alias
    /// `Acme::User` resolves the name to the define. The define is looked for first only
    /// when the alias's file exists (the other names load as before: nothing more read),
    /// and its manifests are loaded as the reference's type loader does (the module's
    /// `init.pp`, then `acme/manifests/user.pp`).
    pub(crate) fn autoload_type_name(&mut self, lower: &str) -> Result<bool, Error> {
        if modules::definition_file(&self.env, Kind::TypeAlias, lower).is_some()
            && self.autoload(Kind::Manifest, lower)?
            && self.compilation.defines.contains_key(lower)
        {
            return Ok(true);
        }
        if lower == "puppet::ast" || lower.starts_with("puppet::ast::") {
            return self.load_puppet_ast(lower);
        }
        if self.autoload(Kind::TypeAlias, lower)? || self.resource_kind_loading(lower)?.is_some() {
            return Ok(true);
        }
        self.autoload_typeset_member(lower)
    }

    /// The reference's `Puppet::AST`, the TypeSet of its parser's model (`Puppet::AST::Nop`,
    /// `Puppet::AST::Locator`, ...), defined on first use from `puppet_ast.pp`: the
    /// reference's `puppet/pops/model/ast.pp` as its static loader has it (made from
    /// `ast.rb`: no `RubyMethod` annotations). Printed as the reference prints it, without a
    /// name authority.
    fn load_puppet_ast(&mut self, lower: &str) -> Result<bool, Error> {
        if self.aliases.contains_key("puppet::ast") {
            return Ok(false);
        }
        let path = std::path::Path::new("puppet/pops/model/ast.pp");
        let parsed = crate::env::parsed::parse(path, std::sync::Arc::from(PUPPET_AST.as_bytes()))?;
        let (source, program) = (parsed.source.clone(), parsed.program.clone());
        let saved = std::mem::replace(&mut self.source, source.clone());
        self.layouts.absorb(&parsed.layouts);
        self.forget_types();
        let hoisting = std::mem::replace(&mut self.alias_memo.hoisting_file, true);
        let r = self.hoist(&program.body);
        self.alias_memo.hoisting_file = hoisting;
        self.source = saved;
        self.loaded_programs.push(program);
        r.map_err(|e| e.in_source(&source))?;
        if let Some(alias) = self.aliases.get("puppet::ast") {
            if let crate::types::PType::TypeSetType(ref ts) = alias.resolved() {
                let ts = crate::types::typeset::TypeSet {
                    static_loader: true,
                    ..(**ts).clone()
                };
                alias.set_target(Some(crate::types::PType::TypeSetType(Rc::new(ts))));
            }
        }
        Ok(self.aliases.contains_key(lower))
    }

    /// `Acme::Set::Point`, a member of the TypeSet `Acme::Set` of a module's `types/set.pp`:
    /// the reference's loader finds a member through the TypeSet of the name's longest
    /// prefix that names one; loading the set defines its members.
    fn autoload_typeset_member(&mut self, lower: &str) -> Result<bool, Error> {
        let mut prefix = lower;
        while let Some((outer, _)) = crate::names::split_last(prefix) {
            prefix = outer;
            if !crate::names::is_qualified(prefix) {
                break;
            }
            if self.aliases.contains_key(prefix) || !self.autoload(Kind::TypeAlias, prefix)? {
                continue;
            }
            return Ok(self.aliases.contains_key(lower));
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use crate::env::Environment;
    use crate::format::to_programmatic;
    use crate::Session;

    use crate::tests::write_file as write;

    /// A module's define and type alias of one name: the name is the define's resource
    /// type, as in the reference (`puppet-oracle` with this modulepath answers `false`,
    /// `true`, `Acme::User['a']` and `false`); an alias alone is the alias. A class whose
    /// parameter's type is an alias of its own module loads (the define is looked for in the
    /// init.pp being loaded: it is not loaded again).
    #[test]
    fn a_define_wins_over_an_alias_of_its_name() {
        let root = std::env::temp_dir().join(format!("prepl-type-names-{}", std::process::id()));
        write(
            &root,
            "one/acme/manifests/user.pp",
            "define acme::user { }\n",
        );
        write(
            &root,
            "one/acme/types/user.pp",
            "type Acme::User = Integer\n",
        );
        write(
            &root,
            "two/acme/manifests/init.pp",
            "class acme { } define acme::user { }\n",
        );
        write(
            &root,
            "two/acme/types/user.pp",
            "type Acme::User = Integer\n",
        );
        write(
            &root,
            "two/acme/types/port.pp",
            "type Acme::Port = Integer[1, 65535]\n",
        );
        write(
            &root,
            "two/web/manifests/init.pp",
            "class web(Web::Level $level = 'info') { notice($level) }\n",
        );
        write(
            &root,
            "two/web/types/level.pp",
            "type Web::Level = Enum['info', 'debug']\n",
        );
        let session = |dir: &str| {
            let mut s = Session::new();
            s.set_environment(Environment {
                name: "production".into(),
                dir: None,
                modulepath: vec![root.join(dir)],
            });
            s
        };
        let value = |s: &mut Session, src: &str| to_programmatic(&s.eval(src).unwrap());
        let mut s = session("one");
        assert_eq!(value(&mut s, "5 =~ Acme::User"), "false");
        assert_eq!(value(&mut s, "Acme::User =~ Type[Resource]"), "true");
        assert_eq!(
            value(&mut s, "acme::user { a: } Acme::User[a]"),
            "Acme::User['a']"
        );
        let mut s = session("two");
        assert_eq!(value(&mut s, "5 =~ Acme::User"), "false");
        assert_eq!(value(&mut s, "80 =~ Acme::Port"), "true");
        let mut s = session("two");
        assert_eq!(value(&mut s, "include web $web::level"), "'info'");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
