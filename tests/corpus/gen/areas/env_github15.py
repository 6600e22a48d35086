"""What real modules and a control repository fetched from the public code index showed in
session 54 (tests/github_modules, helper github15), as our own minimized programs (fixture
environment `env15` and module `ghx`, tests/fixtures/github_modules):

- a control repository's own Ruby functions (`<env>/lib/puppet/functions/NAME.rb`,
  16c7x/puppet-control-repo's `get_participant`): the reference's environment loader finds
  them; prepl knew only the environment's `.pp` functions ("Unknown function").
- its `environment.conf` with a setting that is none (`manifests`): the reference warns
  with `Puppet.warn_once`, whose line ends "(file & line not available)"; prepl's did not.
- a module file with a bare word above its class (`t#`, a typo of a comment, in the same
  repository's `profile::rbac_profile`): the reference's checker reports it both as
  "unacceptable as a top level construct" and as having no effect, logs each and gives up
  ("Language validation logged 2 errors. Giving up (file: F)"); prepl gave the second alone.
  Likewise several location issues of one file (other statements, misnamed definitions).
- voxpupuli-elasticsearch's 3.x functions put their module's `lib` on `$LOAD_PATH` before
  they `require 'puppet_x/elastic/...'`: prepl's Ruby refused the global variable."""

ENV_DIR = "tests/fixtures/github_modules/env15"
MODULEPATH = ["tests/fixtures/github_modules/modules"]

PROGRAMS = [
    # the environment's own Ruby functions
    "notice(ghx_env_label('a'))",
    "notice(ghx_env_label('a', 3))",
    "notice(environment::ghx_twice(21))",
    "notice(ghx_env_label(1))",
    "notice(ghx_participant())",
    "notice([1, 2].map |$x| { environment::ghx_twice($x) })",
    # a module's puppet_x file required after `$LOAD_PATH.unshift`
    "notice(ghx_implode({'top' => {'sub' => [1]}, 'top.sub' => [2]}))",
    "notice(ghx_implode({'a' => {'b' => {'c' => 1, 'd' => [1, 2]}, 'b.d' => [3]}, 'a.b.c' => 2, 'x' => 'y'}))",
    "notice(ghx_implode(['a']))",
    "notice(inline_template('<%= $LOAD_PATH.unshift(\"/x\").include?(\"/x\") %>'))",
    # module files with several issues
    "include ghx::typo",
    "include ghx::junk",
    "include ghx::misnamed",
    "include ghx::fine",
]
