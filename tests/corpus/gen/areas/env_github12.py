"""What real modules fetched from the public code index showed in session 51
(tests/github_modules, helper github12), as our own minimized programs (fixture module
`ghx`, tests/fixtures/github_modules/modules): voxpupuli-consul's `consul::sorted_json`
(a lambda with optional parameters before a required one, `'[' << ... << ']'` on new
strings, `raise Exception` of what it cannot write), its `consul::validate_checks`
(`raise Puppet::ParseError.new(...)`) and its 3.x `consul_sorted_json` (helper methods in a
3.x function file: the reference refuses the file)."""

ENV_DIR = "tests/fixtures/control-repo/production"
MODULEPATH = ["tests/fixtures/github_modules/modules"]

PROGRAMS = [
    # block parameters with defaults
    "ghx::defaults('two')",
    "ghx::defaults('three')",
    "ghx::defaults('four')",
    "ghx::defaults('one')",
    "ghx::defaults('arity')",
    "ghx::defaults('proc')",
    "ghx::defaults('each')",
    # Puppet's exception classes made with new
    "ghx::raise_new('parse')",
    "ghx::raise_new('error')",
    "ghx::raise_new('rescued')",
    # an exception that is no StandardError: not wrapped
    "ghx::raise_new('exception')",
    # `<<` on new strings
    "ghx::concat(['a', 1, true], 2)",
    "ghx::concat([], 0)",
    # 3.x function files defining methods, called from Puppet code
    "ghx_helper_def(3)",
    "ghx_module_def('x')",
]
