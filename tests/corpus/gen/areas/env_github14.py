"""What real modules fetched from the public code index showed in session 53
(tests/github_modules, helper github14), as our own minimized programs (fixture module
`ghx`, tests/fixtures/github_modules/modules): voxpupuli-otelcol writes its configuration
with stdlib 9's `stdlib::to_yaml`, whose Ruby calls `data.to_yaml(opts)` with the hash of
Psych options it was given (empty by default); prepl's Ruby took `to_yaml` without
arguments only ("undefined method `to_yaml' for #<Hash>"). Psych's `indentation` option
(the one stdlib's doc comment shows, `{indentation => 4}`) was then left out by prepl's
YAML writer, in the Ruby and in stdlib's `to_yaml` alike: nested blocks go that much deeper,
a dash before a nested collection is padded to it, libyaml takes 2 to 9 (else 2)."""

ENV_DIR = "tests/fixtures/control-repo/production"
MODULEPATH = ["tests/fixtures/github_modules/modules"]

PROGRAMS = [
    # `to_yaml` given an empty hash of options, from a module function
    "ghx::yaml({ 'receivers' => { 'otlp' => { 'protocols' => { 'grpc' => undef, 'http' => { 'endpoint' => '0.0.0.0:4318' } } } } })",
    "ghx::yaml([1, 'two', { 'three' => [3.0, true] }], {})",
    "ghx::yaml({ 'b' => 1, 'a' => [] }, { 'sorted' => true })",
    "ghx::yaml('text: with colon')",
    "ghx::yaml(undef)",
    # Psych's indentation
    "ghx::yaml({ 'a' => [[1, 2], { 'b' => 'x', 'c' => [3] }], 'd' => { 'e' => { 'f' => \"multi\\nline\\n\" } }, 'g' => [{ 'h' => 1 }] }, { 'indentation' => 4 })",
    "ghx::yaml([[1, [2]], \"a\\nb\\n\", { 'k' => \"a\\nb\" }], { 'indentation' => 3 })",
    "ghx::yaml({ 'k' => Integer[1, 60].map |$i| { 'y' }.join(' ') }, { 'indentation' => 4 })",
    "ghx::yaml({ 'a' => { 'b' => 1 } }, { 'indentation' => 10 })",
    "ghx::yaml({ 'a' => { 'b' => [{ 'c' => 1 }] } }, { 'indentation' => 1 })",
    "ghx::yaml({ 'a' => { 'b' => [{ 'c' => 1 }] } }, { 'indentation' => 4.7 })",
    "ghx::yaml(\"a\\nb\\n\", { 'indentation' => 4 })",
    # and from a template
    "inline_template('<%= {\"a\" => [1, \"b\"], \"c\" => {}}.to_yaml({}) %>')",
    "inline_template('<%= [\"x\", nil].to_yaml({}) %>')",
    "inline_template('<%= {\"a\" => {\"b\" => [[1]]}}.to_yaml(indentation: 5) %>')",
    "inline_template('<%= {\"a\" => {\"b\" => [[1]]}}.to_yaml(:indentation => 2) %>')",
]
