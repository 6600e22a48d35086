//! The fixture control repo with its own Ruby (tests/fixtures/ruby-repo/production: 4.x
//! functions with dispatches and a block, a 3.x `newfunction`, a `puppet_x` helper loaded by
//! `require`, custom facts in `lib/facter`, Hiera data keyed by a custom fact, node
//! definitions in `manifests/site.pp`): each node compiled by prepl, which resolves the
//! custom facts from their source over the node's fact file, against the reference's
//! catalog and custom facts (`tests/ruby_repo/expected.jsonl`, written by
//! `tests/ruby_repo/regen.py`).

use prepl::format::to_programmatic;
use prepl::Session;
use prepl_tests::{from_root, json_to_value, read_fact_file, CatalogView};
use serde_json::Value as Json;

const ENV: &str = "tests/fixtures/ruby-repo/production";

#[test]
fn nodes_compile_as_the_reference_compiles_them() {
    let expected = include_str!("ruby_repo/expected.jsonl");
    let site = std::fs::read_to_string(from_root(ENV).join("manifests/site.pp")).unwrap();
    let mut failures = Vec::new();
    let mut nodes = 0;
    for line in expected.lines() {
        let case: Json = serde_json::from_str(line).unwrap();
        let node = case["node"].as_str().unwrap();
        let mut session = Session::new();
        // The reference's compiler does not look for dependency cycles (its agent does).
        session.set_cycle_warnings(false);
        session.set_node_name(node);
        // As the oracle (Puppet::Pal) has it: the environment's modules/ only.
        let mut env = prepl::env::Environment::from_dir(from_root(ENV), Vec::new());
        env.modulepath = vec![from_root(ENV).join("modules")];
        session.set_environment(env);
        session.set_custom_facts(true);
        let mut facts = read_fact_file(case["facts_file"].as_str().unwrap()).unwrap();
        facts["clientcert"] = Json::from(node);
        session.set_facts(json_to_value(&facts));
        // The custom facts, as the reference's Facter resolved them.
        for (name, value) in case["custom_facts"].as_object().unwrap() {
            let got = session
                .eval(&format!("$facts['{name}']"))
                .map(|v| to_programmatic(&v))
                .map_err(|e| e.full_message());
            let want = to_programmatic(&json_to_value(value));
            if got.as_ref() != Ok(&want) {
                failures.push(format!("{node}: fact {name}: expected {want}, got {got:?}"));
            }
        }
        let undefined = session
            .eval("$facts['acme_windows_only']")
            .map(|v| to_programmatic(&v))
            .map_err(|e| e.full_message());
        assert_eq!(undefined, Ok("undef".to_string()), "{node}");
        match session.eval(&site) {
            Err(e) => failures.push(format!("{node}: {}", e.full_message())),
            Ok(_) => {
                let want = CatalogView::from_oracle(&case).expect("a catalog");
                let got = CatalogView::from_encoder(&session.catalog_json());
                if want != got {
                    failures.push(format!("{node}:\n{}", want.diff(&got)));
                }
            }
        }
        nodes += 1;
    }
    assert_eq!(nodes, 3);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
