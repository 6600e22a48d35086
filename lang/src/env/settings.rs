//! `$settings::x`: the basics of Puppet's settings a compilation can read, from the
//! session's environment and node name (the reference has several hundred settings; the
//! ones that describe the compilation are given here, with prepl's values).

use super::Environment;
use crate::{Strictness, Value};

/// The version of the reference whose behaviour prepl matches (`puppet --version` of the
/// Debian `puppet-agent` the conformance corpora were made with): `$clientversion` and
/// `$facts['puppetversion']`.
pub const PUPPET_VERSION: &str = "7.23.0";

/// The Facter version that reference runs with (`facter --version`):
/// `$facts['facterversion']`.
pub const FACTER_VERSION: &str = "4.3.0";

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

/// The facts the agent adds to every fact set, as `puppet apply` compiles with them:
/// - `puppetversion` and `agent_specified_environment`, which Puppet adds to Facter
///   (`puppet.rb`); the latter only when the environment was chosen (`--environment`), here
///   when the session uses an environment directory;
/// - `facterversion`, Facter's own;
/// - `clientcert` (the certname: the node name), `clientversion` and `clientnoop`
///   (`Puppet::Node::Facts#add_local_facts`); `clientnoop` is true, as prepl compiles as
///   `puppet apply --noop` does.
pub fn agent_facts(env: &Environment, node: &str) -> Vec<(&'static str, Value)> {
    let mut facts = vec![("puppetversion", Value::from(PUPPET_VERSION))];
    if env.dir.is_some() {
        facts.push((
            "agent_specified_environment",
            Value::from(env.name.as_str()),
        ));
    }
    facts.extend([
        ("facterversion", Value::from(FACTER_VERSION)),
        ("clientcert", Value::from(node)),
        ("clientversion", Value::from(PUPPET_VERSION)),
        ("clientnoop", Value::Boolean(true)),
    ]);
    facts
}

/// `facts` with the [`agent_facts`] it lacks added after its own (a fact set that has one,
/// from a facts file or facterdb, keeps its value).
pub fn with_agent_facts(facts: &Value, env: &Environment, node: &str) -> Value {
    let Value::Hash(h) = facts else {
        return facts.clone();
    };
    let missing: Vec<_> = agent_facts(env, node)
        .into_iter()
        .filter(|(k, _)| !h.contains_key(&Value::from(*k)))
        .collect();
    if missing.is_empty() {
        return facts.clone();
    }
    let mut m = (**h).clone();
    for (k, v) in missing {
        m.insert(Value::from(k), v);
    }
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

    /// What `puppet apply --noop` adds to Facter's facts (`puppet apply --noop -e
    /// 'notice([$clientcert, $clientversion, $clientnoop, $puppetversion, $facterversion])'`
    /// gives `[vm, 7.23.0, true, 7.23.0, 4.3.0]` on a node `vm`; `--environment dev` adds
    /// `$agent_specified_environment`), added to any fact set that lacks them.
    #[test]
    fn agent_facts_are_added_to_the_facts_given() {
        let env = Environment::empty();
        let given = crate::catalog::json::from_data(
            &serde_json::json!({"kernel": "Linux", "clientversion": "6.0.0"}),
        );
        assert_eq!(
            to_programmatic(&with_agent_facts(&given, &env, "vm")),
            "{'kernel' => 'Linux', 'clientversion' => '6.0.0', 'puppetversion' => '7.23.0', \
             'facterversion' => '4.3.0', 'clientcert' => 'vm', 'clientnoop' => true}"
        );
        let dev = Environment::from_dir("/srv/envs/dev".into(), Vec::new());
        assert!(
            agent_facts(&dev, "vm").contains(&("agent_specified_environment", Value::from("dev")))
        );
        assert!(!agent_facts(&env, "vm")
            .iter()
            .any(|(k, _)| *k == "agent_specified_environment"));

        let eval = |s: &mut crate::Session, src: &str| match s.eval(src) {
            Ok(v) => to_programmatic(&v),
            Err(e) => format!("error: {}", e.message),
        };
        // Off by default (the conformance oracle compiles with the given facts only).
        let mut s = crate::Session::new();
        s.set_facts(given.clone());
        assert_eq!(eval(&mut s, "$facts.keys"), "['kernel', 'clientversion']");
        // On: they follow the node name and the environment; the given facts stay apart.
        s.set_agent_facts(true);
        s.set_node_name("web01.example.com");
        assert_eq!(
            eval(
                &mut s,
                "[$clientcert, $clientversion, $clientnoop, $puppetversion, $facterversion, \
                  $facts['clientcert'], defined('$agent_specified_environment')]"
            ),
            "['web01.example.com', '6.0.0', true, '7.23.0', '4.3.0', 'web01.example.com', false]"
        );
        s.set_environment(dev);
        s.set_node_name("db01");
        assert_eq!(
            eval(
                &mut s,
                "[$agent_specified_environment, $facts['agent_specified_environment'], $clientcert]"
            ),
            "['dev', 'dev', 'db01']"
        );
        assert_eq!(to_programmatic(&s.given_facts()), to_programmatic(&given));
        s.set_facts(crate::catalog::json::from_data(
            &serde_json::json!({"clientnoop": false}),
        ));
        assert_eq!(
            eval(&mut s, "$kernel"),
            "error: Unknown variable: 'kernel'."
        );
        assert_eq!(
            eval(&mut s, "[$clientnoop, $clientcert]"),
            "[false, 'db01']"
        );
    }
}
