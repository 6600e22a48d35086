"""What real modules fetched from the public code index showed in session 53
(tests/github_modules, helper github14), as our own minimized programs (fixture module
`ghx`, tests/fixtures/github_modules/modules): voxpupuli-otelcol writes its configuration
with stdlib 9's `stdlib::to_yaml`, whose Ruby calls `data.to_yaml(opts)` with the hash of
Psych options it was given (empty by default); prepl's Ruby took `to_yaml` without
arguments only ("undefined method `to_yaml' for #<Hash>")."""

ENV_DIR = "tests/fixtures/control-repo/production"
MODULEPATH = ["tests/fixtures/github_modules/modules"]

PROGRAMS = [
    # `to_yaml` given an empty hash of options, from a module function
    "ghx::yaml({ 'receivers' => { 'otlp' => { 'protocols' => { 'grpc' => undef, 'http' => { 'endpoint' => '0.0.0.0:4318' } } } } })",
    "ghx::yaml([1, 'two', { 'three' => [3.0, true] }], {})",
    "ghx::yaml({ 'b' => 1, 'a' => [] }, { 'sorted' => true })",
    "ghx::yaml('text: with colon')",
    "ghx::yaml(undef)",
    # and from a template
    "inline_template('<%= {\"a\" => [1, \"b\"], \"c\" => {}}.to_yaml({}) %>')",
    "inline_template('<%= [\"x\", nil].to_yaml({}) %>')",
]
