//! `$settings::x`: the basics of Puppet's settings a compilation can read, from the
//! session's environment and node name (the reference has several hundred settings; the
//! ones that describe the compilation are given here, with prepl's values).

use super::Environment;
use crate::{Strictness, Value};

/// The `settings` class scope's variables for `env`, the node `node` and the strictness in
/// force.
pub fn variables(env: &Environment, node: &str, strict: Strictness) -> Vec<(&'static str, Value)> {
    let modulepath: Vec<String> = env
        .modulepath
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let environmentpath = env
        .dir
        .as_ref()
        .and_then(|d| d.parent())
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let manifest = env
        .dir
        .as_ref()
        .map(|d| d.join("manifests").display().to_string())
        .unwrap_or_else(|| "no_manifest".into());
    vec![
        ("certname", Value::from(node)),
        ("node_name_value", Value::from(node)),
        ("environment", Value::from(env.name.as_str())),
        ("environmentpath", Value::from(environmentpath.as_str())),
        ("modulepath", Value::from(modulepath.join(":").as_str())),
        ("manifest", Value::from(manifest.as_str())),
        ("strict", Value::from(strict_name(strict))),
        // prepl's `error` is the reference's `strict = error` with `strict_variables = true`
        // (what `puppet-oracle` and Puppet 8 run with); `warning` and `off` leave
        // `strict_variables` off, as Puppet 7's `puppet apply` does by default.
        (
            "strict_variables",
            Value::Boolean(strict == Strictness::Error),
        ),
    ]
}

/// The value of the reference's `strict` setting: `off`, `warning` or `error`.
pub fn strict_name(strict: Strictness) -> &'static str {
    match strict {
        Strictness::Off => "off",
        Strictness::Warning => "warning",
        Strictness::Error => "error",
    }
}

/// `$settings::name`, if it is one of `variables`.
pub fn lookup(env: &Environment, node: &str, strict: Strictness, name: &str) -> Option<Value> {
    variables(env, node, strict)
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
}

/// `$trusted` as `puppet apply` gives it for the node `node` (no certificate: the facts
/// the agent's certificate would carry are empty; `authenticated` is `local`).
pub fn trusted(node: &str) -> Value {
    let (host, domain) = match node.split_once('.') {
        Some((h, d)) => (Value::from(h), Value::from(d)),
        None => (Value::from(node), Value::Undef),
    };
    let mut m = crate::values::Map::default();
    m.insert(Value::from("authenticated"), Value::from("local"));
    m.insert(Value::from("certname"), Value::from(node));
    m.insert(Value::from("extensions"), Value::hash(Default::default()));
    m.insert(Value::from("hostname"), host);
    m.insert(Value::from("domain"), domain);
    m.insert(Value::from("external"), Value::hash(Default::default()));
    Value::hash(m)
}

/// `$server_facts`: what `puppet apply` knows of its "server", the environment.
pub fn server_facts(env: &Environment) -> Value {
    let mut m = crate::values::Map::default();
    m.insert(Value::from("environment"), Value::from(env.name.as_str()));
    Value::hash(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::to_programmatic;

    #[test]
    fn settings_trusted_and_server_facts() {
        let mut env = Environment::from_dir("/srv/envs/dev".into(), vec!["/opt/mods".into()]);
        env.name = "dev".into();
        assert_eq!(
            to_programmatic(
                &lookup(&env, "web01.example.com", Strictness::Error, "modulepath").unwrap()
            ),
            "'/srv/envs/dev/modules:/opt/mods'"
        );
        assert_eq!(
            to_programmatic(&lookup(&env, "web01", Strictness::Error, "environmentpath").unwrap()),
            "'/srv/envs'"
        );
        assert_eq!(
            to_programmatic(&lookup(&env, "web01", Strictness::Error, "environment").unwrap()),
            "'dev'"
        );
        assert!(lookup(&env, "web01", Strictness::Error, "nosuch").is_none());
        assert_eq!(
            to_programmatic(&trusted("web01.example.com")),
            "{'authenticated' => 'local', 'certname' => 'web01.example.com', 'extensions' => {}, \
             'hostname' => 'web01', 'domain' => 'example.com', 'external' => {}}"
        );
        assert_eq!(
            to_programmatic(&trusted("db")),
            "{'authenticated' => 'local', 'certname' => 'db', 'extensions' => {}, \
             'hostname' => 'db', 'domain' => undef, 'external' => {}}"
        );
        assert_eq!(
            to_programmatic(&server_facts(&env)),
            "{'environment' => 'dev'}"
        );
    }

    #[test]
    fn sessions_have_the_runtime_variables() {
        let mut s = crate::Session::new();
        s.set_node_name("web01.example.com");
        let eval = |s: &mut crate::Session, src: &str| match s.eval(src) {
            Ok(v) => to_programmatic(&v),
            Err(e) => format!("error: {}", e.message),
        };
        assert_eq!(
            eval(
                &mut s,
                "[$trusted['certname'], $trusted['hostname'], $::trusted['domain']]"
            ),
            "['web01.example.com', 'web01', 'example.com']"
        );
        assert_eq!(
            eval(
                &mut s,
                "[$environment, $server_facts, $settings::environment]"
            ),
            "['production', {'environment' => 'production'}, 'production']"
        );
        assert_eq!(eval(&mut s, "$settings::certname"), "'web01.example.com'");
        assert_eq!(
            eval(&mut s, "$environment = 1"),
            "error: Cannot reassign variable '$environment'"
        );
        assert_eq!(
            eval(&mut s, "$trusted = 1"),
            "error: Attempt to assign to a reserved variable name: '$trusted'"
        );
        assert_eq!(
            eval(&mut s, "$settings::nosuch"),
            "error: Unknown variable: 'settings::nosuch'."
        );
        // A fact named like a runtime variable does not replace it; new facts keep them.
        let facts = crate::catalog::json::from_data(
            &serde_json::json!({"environment": "x", "trusted": 1, "kernel": "Linux"}),
        );
        s.set_facts(facts);
        assert_eq!(
            eval(
                &mut s,
                "[$environment, $kernel, $trusted['authenticated'], $facts['environment']]"
            ),
            "['production', 'Linux', 'local', 'x']"
        );
        s.set_facts(crate::catalog::json::from_data(&serde_json::json!({})));
        assert_eq!(eval(&mut s, "$environment"), "'production'");
        let mut env = Environment::empty();
        env.name = "dev".into();
        s.set_environment(env);
        assert_eq!(
            eval(&mut s, "[$environment, $server_facts['environment']]"),
            "['dev', 'dev']"
        );
        // A bare session has no facts but has the runtime variables.
        let mut bare = crate::Session::new();
        assert_eq!(eval(&mut bare, "$facts"), "{}");
        assert_eq!(eval(&mut bare, "$trusted['authenticated']"), "'local'");
    }
}
