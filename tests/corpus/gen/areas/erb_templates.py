"""`template()` over the fixture control repo's module `tpl`
(tests/fixtures/control-repo/production/modules/tpl/templates/*.erb), with catalogs: templates
rendered in a class (its parameters and variables), in a define (`$title`, `$name`, parameters),
several templates concatenated, a template calling another (`scope.function_template`), facts
and trusted data, files without a final newline or with CRLF line ends, and the errors a
template file gives (Ruby syntax error, NoMethodError, raise, a failing function, an unknown
template), which name the file and line. Also `inline_template` in a define body (evaluated
only when the catalog is compiled)."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from erb_helpers import q  # noqa: E402

COMPILE_CATALOG = True
ENV_DIR = "tests/fixtures/control-repo/production"
FACTS_FILE = "tests/fixtures/facts/web01.yaml"
NODE = "web01.example.com"

DB = {"node": "db01.example.com", "facts_file": "tests/fixtures/facts/db01.json"}

PROGRAMS = [
    # A class's templates (the file resources carry the rendered content).
    "include tpl",
    "class { 'tpl': servers => ['a.example.com'], comment => 'one server', enable_ssl => true }",
    "class { 'tpl': options => {} }",
    {"src": "include tpl", **DB},
    # The value of template() at top scope: the template sees top-scope variables.
    "$servers = ['x', 'y'] template('tpl/body.erb')",
    "template('tpl/header.erb')",
    "template('tpl/footer.erb')",
    "$servers = ['s'] template('tpl/header.erb', 'tpl/body.erb', 'tpl/footer.erb')",
    "template('tpl/no_newline.erb')",
    "template('tpl/crlf.erb')",
    "template('tpl/conf.d/item.erb')",
    "$item = 'given' template('tpl/conf.d/item.erb')",
    "$item = 'from partial' template('tpl/partial.erb')",
    "template('tpl/facts.erb')",
    {"src": "template('tpl/facts.erb')", **DB},
    "notice(template('tpl/header.erb'))",
    "template()",
    # Defines render templates in their bodies.
    "tpl::vhost { 'www.example.com': }",
    "tpl::vhost { 'shop': port => 8080, aliases => ['shop.example.com', 'store.example.com'] }",
    "tpl::vhost { 'docs': directories => { '/var/www/docs' => { 'options' => ['Indexes', 'FollowSymLinks'], 'allowoverride' => 'None' }, '/var/www/a' => { 'require' => 'all granted' } } }",
    "tpl::vhost { ['a', 'b']: port => 81 }",
    "define d($p = 'dflt') { notify { $title: message => inline_template('<%= @title %>:<%= @name %>:<%= @p %>') } } d { 'x': } d { 'y': p => 'given' }",
    "define d() { notify { $title: message => inline_template('<%= @title.upcase %> <%= scope[\"title\"] %>') } } d { 'n1': }",
    "class outer { $v = 'outer var' d { 'i': } } define d() { notify { $title: message => inline_template('<%= @v.inspect %> <%= scope[\"outer::v\"] %>') } } include outer",
    "define d($list) { notify { $title: message => inline_template('<% @list.each do |x| -%><%= x %>;<% end -%>') } } d { 'l': list => [1, 2, 3] }",
    "notify { 'facts': message => inline_template('<%= @fqdn %> <%= @os[\"family\"] %> <%= @trusted[\"certname\"] %>') }",
    {"src": "notify { 'facts': message => inline_template('<%= @fqdn %> <%= @os[\"family\"] %>') }", **DB},
    "notify { 'node': message => inline_template('<%= @clientcert %>') }",
    "node default { notify { 'in node': message => inline_template('<%= @title %>/<%= @name %>') } }",
    "file { '/tmp/x': content => inline_template('<%= [1, 2].map { |i| \"line #{i}\" }.join(\"\\n\") %>') }",
    # Errors of template files: the message names the file and the line.
    "template('tpl/syntax_error.erb')",
    "template('tpl/no_method.erb')",
    "template('tpl/raise.erb')",
    "template('tpl/nope.erb')",
    "template('nope/x.erb')",
    "template('tpl')",
    "template('tpl/header.erb', 'tpl/nope.erb')",
    "tpl::vhost { 'bad': aliases => undef }",
    "define d() { notify { $title: message => inline_template('<%= @title.nope %>') } } d { 'err': }",
    "notify { 'x': message => inline_template(" + q("<% if true %>") + ") }",
    # A template that appends to a define's parameter changes the resource's parameter
    # (Debian's apache vhost/_scriptalias.erb does so) and what it was given to.
    "define d($l = []) { $s = inline_template('<% @l << \"x\" %>') notify { $title: message => $l } }\nd { 'a': }\nd { 'b': l => ['y'] }",
]

# Programs left out, with the reason.
ORACLE_ARTIFACTS = [
    # an absolute path outside the repository: the file is the oracle machine's
    "template('/etc/hostname')",
]
REFERENCE_INTERNALS = [
    # the message quotes the reference's Ruby source line (Ruby's error_highlight)
    "template([])",
    # the error names the Ruby file of the reference's `fail` function as the file, and its line
    "template('tpl/fail.erb')",
]
