# Generates cases.jsonl (input for puppet-oracle --jsonl); the oracle's answers go to expected.jsonl.
import json, os
here = os.path.dirname(os.path.abspath(__file__))
env1 = os.path.join(here, "env1")
facts = {"os": {"family": "Debian", "name": "Debian"}, "fqdn": "node1.example.com", "extra_names": ["web", "db"]}
cases = [
 "lookup('plain')", "lookup('number')", "lookup('float')", "lookup('bool_yes')", "lookup('nothing')",
 "lookup('list')", "lookup('list', Array[String], 'unique')", "lookup('list', Data, 'first')",
 "lookup('merged_hash')", "lookup('merged_hash', Data, 'first')", "lookup('merged_hash', Data, 'hash')",
 "lookup('merged_hash', Data, 'deep')", "lookup('merged_hash', {merge => 'first'})",
 "lookup('regexp_list')", "lookup('knock')", "lookup('sorted')", "lookup('hash_arrays')",
 "lookup('greeting')", "lookup('interp_lookup')", "lookup('interp_hiera')", "lookup('aliased')", "lookup('aliased_hash')",
 "lookup('literal')", "lookup('scoped')", "lookup('cert')", "lookup('missing_var')",
 "lookup('recursive_a')", "lookup('bad_alias')", "lookup('bad_method')",
 "lookup('deep.key.with')", "lookup('deep.key.with.1')", "lookup('deep.key.nope')", "lookup('deep.key.nope', undef, undef, 'd')",
 "lookup('\"dotted.key\"')", "lookup('dotted.key')", "lookup('quoted_seg.\"a.b\"')", "lookup('plain.x')",
 "lookup('typed_int', Integer)", "lookup('number', String)", "lookup('nope')", "lookup(['nope', 'nope2'])",
 "lookup(['nope', 'plain'])", "lookup('nope', undef, undef, 'default')", "lookup('nope', Integer, Data, 'default')",
 "lookup('nope') |$k| { \"block ${k}\" }", "lookup(['a', 'b']) |$k| { $k }",
 "lookup({name => 'nope', default_value => 5})", "lookup({name => 'plain', default_value => 5})",
 "lookup('nope', {default_value => 6})", "lookup('plain', {override => {plain => 'ovr'}})",
 "lookup('nope', {default_values_hash => {nope => 'dvh'}})", "lookup({name => 'nope'}) |$k| { 'lam' }",
 "lookup('unique_scalar', Data, 'unique')", "lookup('plain', Data, 'unique')", "lookup('list', Data, 'hash')",
 "lookup('merged_hash', Data, {strategy => 'deep', knockout_prefix => '--'})", "lookup('list', Data, 'bogus')",
 "lookup('list', Data, {strategy => 'deep', sort_merged_arrays => true})",
 "lookup('users', Data, 'hash')", "lookup('users', Data, 'deep')", "lookup('users.bob.uid', Data, 'deep')", "lookup('users.bob.uid')",
 "lookup('json_key')", "lookup('plain_json')", "lookup('role_key')", "lookup('from_glob')", "lookup('mapped_only')",
 "lookup('empty_string')", "lookup('empty_interp')",
 "lookup('mymod::port')", "lookup('mymod::only_module')", "lookup('mymod::merged')", "lookup('mymod::opts')",
 "lookup('not_qualified')", "lookup('mymod::absent')", "lookup('lookup_options')", "lookup('lookup_options.plain')",
 "lookup('othermod::x')", "lookup('')", "lookup('a..b')",
 "hiera('plain')", "hiera('nope', 'dflt')", "hiera('nope')", "hiera_array('list')", "hiera_hash('merged_hash')", "hiera_hash('users')",
 "hiera('nope') |$k| { \"hb ${k}\" }", "hiera_array('unique_scalar')",
 "hiera('merged_hash')", "hiera('mymod::merged')", "hiera('regexp_list')", "lookup('regexp_list')",
 "[hiera('merged_hash'), lookup('merged_hash'), hiera_hash('merged_hash')]",
 "include mymod", "class { 'mymod': port => 1 }",
 "lookup('number', Integer, 'first', 0) + 1", "lookup(plain)",
 "lookup('secret')", "lookup('num_str')", "lookup('num_str', Integer)",
 "lookup('with_undef', Data, 'deep')", "lookup('with_undef', Data, 'hash')", "lookup('nested_arrays', Data, 'unique')", "lookup('nested_arrays', Data, 'deep')",
 "lookup('interp_key')", "lookup('missing_fact')", "lookup('alias_missing')", "lookup('lookup_missing')", "lookup('local_or_top')",
 "class lt { $fqdn = 'local' notice(lookup('local_or_top')) } include lt",
 "lookup('ko_hash', Data, {strategy => 'deep', knockout_prefix => '--'})", "lookup('not_hash_low', Data, 'hash')", "lookup('not_hash_low', Data, 'deep')",
 "lookup('int_list', Data, {strategy => 'deep', sort_merged_arrays => true})", "lookup('int_list', Data, {strategy => 'deep', bogus => true})",
 "lookup('int_list', Data, {strategy => 'unique'})", "lookup('number', Data, 'unique')", "lookup(['mymod::port', 'plain'])",
 "lookup('\"mymod::port\"')", "lookup('plain', Data, {merge => 'x'})", "lookup('int_list', Data, {strategy => 'deep', knockout_prefix => 1})",
]
with open(os.path.join(here, "cases.jsonl"), "w") as f:
    for i, src in enumerate(cases):
        c = {"id": f"env1-{i}", "src": src, "env_dir": env1, "facts": facts, "node": "node1.example.com"}
        if src.startswith("include") or src.startswith("class"):
            c["catalog"] = True
        f.write(json.dumps(c) + "\n")
    # the RedHat node, another node name
    for i, src in enumerate(["lookup('plain')", "lookup('list', Data, 'unique')", "lookup('greeting')"]):
        f.write(json.dumps({"id": f"rh-{i}", "src": src, "env_dir": env1, "facts": {"os": {"family": "RedHat"}, "fqdn": "rh.example.com", "extra_names": "web"}, "node": "rh.example.com"}) + "\n")

    # automatic parameter lookup and interpolation in class scope
    cls = "class mymod(Integer $port, String $only_module, String $absent = 'dflt', Optional[Hash] $merged = undef) { notice(\"port ${port} ${only_module} ${absent} ${merged}\") }"
    for i, src in enumerate([cls + " include mymod", cls + " class { 'mymod': port => 1 }", cls + " class { 'mymod': port => undef }",
                             "class mymod(String $port) { } include mymod", "class plain($x = 1) { notice(\"x ${x}\") } include plain"]):
        f.write(json.dumps({"id": f"apl-{i}", "src": src, "env_dir": env1, "facts": facts, "node": "node1.example.com"}) + "\n")
    e2 = os.path.join(here, "env2")
    for i, src in enumerate(["lookup('x')", "lookup('dh::main')", "lookup('dh::only_default')", "lookup('badopts::x')"]):
        f.write(json.dumps({"id": f"env2-{i}", "src": src, "env_dir": e2, "facts": {}, "node": "n2"}) + "\n")
    e3 = os.path.join(here, "env3")
    for i, src in enumerate(["lookup('key')", "$myvar = 'special' lookup('key')", "class c { $myvar = 'special' $r = lookup('key') notice($r) } include c",
                             "$myvar = 'none' class d { $localvar = 'L' notice(lookup('interp_local')) } include d", "$myvar = 'none' lookup('interp_local')",
                             "$myvar = 'none' lookup('Debian_key')", "$myvar = 'none' function f() { lookup('key') } f()",
                             "$myvar = 'none' class c1 { notice(c1) } class c2 { notice(c2) } hiera_include('classes')", "$myvar = 'none' hiera_include('nope', [])",
                             "$myvar = 'none' hiera_include('nope')"]):
        f.write(json.dumps({"id": f"env3-{i}", "src": src, "env_dir": e3, "facts": {"os": {"family": "Debian"}}, "node": "n3"}) + "\n")
    e4 = os.path.join(here, "env4")
    for i, src in enumerate(["lookup('x')"]):
        f.write(json.dumps({"id": f"env4-{i}", "src": src, "env_dir": e4, "facts": {}, "node": "n4"}) + "\n")
    e5 = os.path.join(here, "env5")
    for i, src in enumerate(["lookup('x')"]):
        f.write(json.dumps({"id": f"env5-{i}", "src": src, "env_dir": e5, "facts": {}, "node": "n5"}) + "\n")
    for name, srcs in [("envv4", ["lookup('x')", "lookup('y')", "lookup('z', undef, undef, 'd')"]), ("envv6", ["lookup('x')"]), ("envv3", ["lookup('x')"]), ("envhocon", ["lookup('x')", "lookup('app')", "lookup('app', Hash, 'deep')", "lookup('app.ports.1')", "lookup('msg')", "lookup('greeting')", "lookup('ratio')", "lookup('nothing', undef, undef, 'dflt')", "lookup('y')"]), ("envhoconbad", ["lookup('y')", "lookup('z')"])]:
        for i, src in enumerate(srcs):
            f.write(json.dumps({"id": f"{name}-{i}", "src": src, "env_dir": os.path.join(here, name), "facts": {"os": {"family": "Debian"}}, "node": "n"}) + "\n")
    # hiera.yaml files the reference refuses (its type's messages, lines of the text)
    for name in ["dup", "h3", "twofn", "twoloc", "reserved", "defhier", "mapped", "unknownkey", "badversion", "nohier_name", "defaults_bad"]:
        f.write(json.dumps({"id": f"badconf-{name}", "src": "lookup('k', undef, undef, 'dflt')", "env_dir": os.path.join(here, "badconf", name), "facts": {}, "node": "n"}) + "\n")
    nh = os.path.join(here, "nohiera")
    for i, src in enumerate(["lookup('plain')", "lookup('plain', undef, undef, 'd')", "hiera('plain', 'hd')"]):
        f.write(json.dumps({"id": f"nohiera-{i}", "src": src, "env_dir": nh, "facts": {}, "node": "n"}) + "\n")
# Regenerate: python3 cases.py && puppet-oracle --jsonl < cases.jsonl > out.jsonl && python3 cases.py --merge out.jsonl
# (the answers, with the inputs and paths made relative as @TESTDATA@, go to expected.jsonl)
import sys
if len(sys.argv) > 2 and sys.argv[1] == "--merge":
    inputs = {json.loads(l)["id"]: json.loads(l) for l in open(os.path.join(here, "cases.jsonl"))}
    out = []
    for l in open(sys.argv[2]):
        r = json.loads(l)
        for k in ("env_dir", "facts", "node"):
            r[k] = inputs[r["id"]][k]
        out.append(json.dumps(r).replace(here, "@TESTDATA@"))
    open(os.path.join(here, "expected.jsonl"), "w").write("\n".join(out) + "\n")
