//! Loading what a type name of a module denotes on first use (`Acme::User` in a type
//! expression or a type text).

use super::Evaluator;
use crate::env::modules::{self, Kind};
use crate::error::Error;

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
        Ok(self.autoload(Kind::TypeAlias, lower)? || self.resource_kind_loading(lower)?.is_some())
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
