"""Modules' Ruby functions as real modules fetched from the public code index use them
(tests/github_modules, session 50): voxpupuli-extlib's `has_module` rescues the
`Puppet::ParseError` of stdlib's 3.x `get_module_path` (fixture: a 3.x `get_module_path`
of a stand-in `stdlib`, `tests/fixtures/rubyfn_legacy/modules`, which prepl answers with its
own built-in; `getparam`'s raises an `ArgumentError`): a built-in standing for a module's 3.x
function raises as 3.x functions do, `Puppet::ParseError` unless its source's `raise` names
another class."""

ENV_DIR = "tests/fixtures/control-repo/production"
MODULEPATH = ["tests/fixtures/rubyfn/modules", "tests/fixtures/rubyfn_legacy/modules"]

PROGRAMS = [
    "rfn::error_class('parse', 'get_module_path', 'nosuch')",
    "rfn::error_class('class', 'get_module_path', 'nosuch')",
    "rfn::error_class('ancestors', 'get_module_path', 'nosuch')",
    "rfn::error_class('class', 'get_module_path')",
    "get_module_path('nosuch')",
    # (a 3.x function's own `raise(ArgumentError, ...)`: its class, not `Puppet::ParseError`)
    "rfn::error_class('class', 'getparam')",
    "rfn::error_class('parse', 'getparam', Notify['x'])",
    # (stdlib's 3.x `delete` raises a `TypeError`; `parsejson` and `parseyaml` raise their
    # library's error again: `Puppet::Util::Json::ParseError`, a `StandardError`, and
    # `Psych::SyntaxError`, a `RuntimeError`; the stand-in has stdlib's own files)
    "rfn::error_class('class', 'delete', 1, 'a')",
    "rfn::error_class('class', 'delete', true, 'a')",
    "rfn::error_class('ancestors', 'delete', 1, 'a')",
    "rfn::error_class('class', 'delete', ['a', 'b'], 'a')",
    "rfn::error_class('class', 'parsejson', '{x')",
    "rfn::error_class('ancestors', 'parsejson', '{x')",
    "rfn::error_class('class', 'parsejson', '')",
    "rfn::error_class('class', 'parsejson', '{x', 'd')",
    "rfn::error_class('class', 'parsejson', 1)",
    "rfn::error_class('ancestors', 'parseyaml', 'a: b: c')",
    "rfn::error_class('runtime', 'parseyaml', 'a: b: c')",
]
