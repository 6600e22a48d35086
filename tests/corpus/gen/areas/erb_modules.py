"""Real templates: the text of small ERB templates of Debian's puppet-module-* packages
(/usr/share/puppet/modules/<module>/templates/..., copied here verbatim so that the corpus does
not need the packages), each rendered with `inline_template` under a few settings of the
variables it reads, as the module's classes would set them. Module functions a template calls
(`apache::bool2httpd`) and classes whose variables it reads (`mysql::server`) are defined in
the program."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from erb_helpers import it  # noqa: E402

TEMPLATES = {
    # apache/templates/listen.erb
    'listen': '<%# Listen should always be one of:\n  - <port>\n  - <ipv4>:<port>\n  - [<ipv6]:<port>\n-%>\nListen <%= @listen_addr_port %>\n',
    # apache/templates/mod/load.erb
    'load': '<% if @loadfiles -%>\n<% Array(@loadfiles).each do |loadfile| -%>\nLoadFile <%= loadfile %>\n<% end -%>\n\n<% end -%>\nLoadModule <%= @_id %> <%= @_path %>\n',
    # apache/templates/namevirtualhost.erb
    'namevirtualhost': '<%# NameVirtualHost should always be one of:\n  - *\n  - *:<port>\n  - _default_:<port>\n  - <ip>\n  - <ip>:<port>\n-%>\nNameVirtualHost <%= @addr_port %>\n',
    # apache/templates/vhost/_docroot.erb
    'docroot': '\n  ## Vhost docroot\n<% if @virtual_docroot -%>\n  VirtualDocumentRoot "<%= @virtual_docroot %>"\n<% elsif @docroot -%>\n  DocumentRoot "<%= @docroot %>"\n<% end -%>\n',
    # apache/templates/vhost/_serveralias.erb
    'serveralias': '<% if @serveraliases and ! @serveraliases.empty? -%>\n\n  ## Server aliases\n  <%- Array(@serveraliases).each do |serveralias| -%>\n  ServerAlias <%= serveralias %>\n  <%- end -%>\n<% end -%>\n',
    # apache/templates/mod/deflate.conf.erb
    'deflate': '<%- @types.sort.each do |type| -%>\nAddOutputFilterByType DEFLATE <%= type %>\n<%- end -%>\n\n<%- @notes.sort.each do |type,note| -%>\nDeflateFilterNote <%= type %> <%=note %>\n<%- end -%>\n',
    # apache/templates/mod/_allow.erb
    'allow': '    Order deny,allow\n    Deny from all\n<% if @allow_from != nil and ! @allow_from.empty? -%>\n    Allow from <%= Array(@allow_from).join(" ") %>\n<% else -%>\n    Allow from <%= Array(@allow_defaults).join(" ") %>\n<% end -%>\n',
    # apache/templates/vhost/_additional_includes.erb
    'additional_includes': '<% Array(@additional_includes).each do |include| -%>\n\n  ## Load additional static includes\n<%- if scope.function_versioncmp([@apache_version, \'2.4\']) >= 0 && @use_optional_includes -%>\n  IncludeOptional "<%= include %>"\n<%- else -%>\n  Include "<%= include %>"\n<%- end -%>\n<% end -%>\n',
    # apache/templates/vhost/_header.erb
    'header': "<% if @headers and ! @headers.empty? -%>\n\n  ## Header rules\n  ## as per http://httpd.apache.org/docs/2.2/mod/mod_headers.html#header\n  <%- Array(@headers).each do |header_statement| -%>\n    <%- if header_statement != '' -%>\n  Header <%= header_statement %>\n    <%- end -%>\n  <%- end -%>\n<% end -%>\n",
    # apache/templates/vhost/_error_document.erb
    'error_document': '<% if @error_documents and ! @error_documents.empty? -%>\n  <%- [@error_documents].flatten.compact.each do |error_document| -%>\n    <%- if error_document["error_code"] != \'\' and error_document["document"] != \'\' -%>\n  ErrorDocument <%= error_document["error_code"] %> <%= error_document["document"] %>\n    <%- end -%>\n  <%- end -%>\n<% end -%>\n',
    # apache/templates/vhost/_setenv.erb
    'setenv': '<% if @setenv and ! @setenv.empty? -%>\n\n  ## SetEnv/SetEnvIf for environment variables\n  <%- Array(@setenv).each do |envvar| -%>\n  SetEnv <%= envvar %>\n  <%- end -%>\n<% end -%>\n<% if @setenvif and ! @setenvif.empty? -%>\n  <%- Array(@setenvif).each do |envifvar| -%>\n  SetEnvIf <%= envifvar %>\n  <%- end -%>\n<% end -%>\n<% if @setenvifnocase and ! @setenvifnocase.empty? -%>\n  <%- Array(@setenvifnocase).each do |envifncvar| -%>\n  SetEnvIfNoCase <%= envifncvar %>\n  <%- end -%>\n<% end -%>\n',
    # apache/templates/vhost/_logging.erb
    'logging': '<% if @error_log or @log_level -%>\n\n  ## Logging\n<% end -%>\n<% if @error_log -%>\n  ErrorLog "<%= @error_log_destination %>"\n<% end -%>\n<% if @log_level -%>\n  LogLevel <%= @log_level %>\n<% end -%>\n<% if @error_log_format24 -%>\n  <%- @error_log_format24.each do |lfmt| -%>\n    <%- if lfmt.is_a?(Hash) -%>\n      <%- lfmt.each do |fmt, flag| -%>\n  ErrorLogFormat <%= flag %> "<%= fmt %>"\n      <%- end -%>\n    <%- else -%>\n  ErrorLogFormat "<%= lfmt %>"\n    <%- end -%>\n  <%- end -%>\n<% end -%>\n',
    # apache/templates/mod/expires.conf.erb
    'expires': 'ExpiresActive <%= scope.call_function(\'apache::bool2httpd\', [@expires_active]) %>\n<%- if ! @expires_default.nil? and ! @expires_default.empty? -%>\nExpiresDefault "<%= @expires_default %>"\n<%- end -%>\n<%- if ! @expires_by_type.nil? and ! @expires_by_type.empty? -%>\n<%-   [@expires_by_type].flatten.each do |line| -%>\n<%-     line.map do |type, seconds| -%>\nExpiresByType <%= type %> "<%= seconds -%>"\n<%-     end -%>\n<%-   end -%>\n<%- end -%>\n',
    # systemd/templates/limits.erb
    'systemd_limits': '# This file managed by Puppet - DO NOT EDIT\n[Service]\n<%\n  @limits.keys.sort.each do |k|\n\n    # Handles the Path and Option entries\n    if @limits[k].is_a?(Array)\n      output = @limits[k].map{|x|\n        x = %(#{k}=#{x.to_a.flatten.join(\' \')})\n      }.join("\\n")\n   else\n     output = %(#{k}=#{@limits[k]})\n   end\n-%>\n<%= output %>\n<% end -%>\n',
    # mysql/templates/my.cnf.pass.erb
    'mysql_pass': "### MANAGED BY PUPPET ###\n\n<% %w(mysql client mysqldump mysqladmin mysqlcheck).each do |section| %>\n[<%= section -%>]\nuser=root\nhost=localhost\n<% unless scope.lookupvar('mysql::server::root_password') == 'UNSET' -%>\npassword='<%= scope.lookupvar('mysql::server::root_password') %>'\n<% end -%>\nsocket=<%= @options['client']['socket'] %>\n<% end %>\n",
    # mysql/templates/my.cnf.erb
    'mysql_cnf': "### MANAGED BY PUPPET ###\n\n<% @options.sort.map do |k,v| -%>\n<%   if v.is_a?(Hash) -%>\n[<%=   k %>]\n<%     v.sort.map do |ki, vi| -%>\n<%       if ki == 'ssl-disable' or (ki =~ /^ssl/ and v['ssl-disable'] == true) or (ki =~ /^ssl-/ and v['ssl'] == false) -%>\n<%         next %>\n<%       elsif vi == true or vi == '' -%>\n<%=        ki %>\n<%       elsif vi.is_a?(Array) -%>\n<%         vi.each do |vii| -%>\n<%=          ki %> = <%= vii %>\n<%         end -%>\n<%       elsif ![nil, '', :undef].include?(vi) -%>\n<%=        ki %> = <%= vi %>\n<%       end -%>\n<%     end -%>\n<%   end %>\n<% end -%>\n\n<% if @includedir and @includedir != '' %>\n!includedir <%= @includedir %>\n<% end %>\n",
    # rabbitmq/templates/rabbitmq-env.conf.erb
    'rabbitmq_env': '<% @environment_variables.sort.each do |key, value| -%>\n  <%- unless value.nil? -%>\n<%= key %>=<%= value %>\n  <%- end -%>\n<% end -%>\n',
    # rabbitmq/templates/rabbitmqadmin.conf.erb
    'rabbitmqadmin': '[default]\n<% if @ssl && @management_ssl -%>\nssl = True\nssl_ca_cert_file = <%= @ssl_cacert %>\nssl_cert_file = <%= @ssl_cert %>\nssl_key_file = <%= @ssl_key %>\nport = <%= @ssl_management_port %>\n<% unless @management_hostname -%>\nhostname = <%= @fqdn %>\n<% end -%>\n<% else -%>\nport = <%= @management_port %>\n<% end -%>\n<% if @management_hostname %>\nhostname = <%= @management_hostname %>\n<% end -%>\n',
    # rabbitmq/templates/inetrc.erb
    'inetrc': '%% This file managed by Puppet\n%% Template Path: <%= @module_name %>/templates/inetrc\n<%- if @ipv6 -%>\n{inet6, true}.\n<%- end -%>\n',
    # ironic/templates/dnsmasq_tftp_server.erb
    'dnsmasq_tftp': '# Configuration for a dnsmasq based TFTP service\nport=0\nbind-interfaces\nenable-tftp\ntftp-root=<%= @tftp_root_real %>\n<% if @tftp_bind_host -%>\nlisten-address=<%= @tftp_bind_host %>\n<% end -%>\n<% if ! @dnsmasq_log_facility.nil? -%>\nlog-facility=<%= @dnsmasq_log_facility %>\n<% end -%>\n',
    # nova/templates/provider.yaml.erb
    'nova_provider': "meta:\n  schema_version: '<%= @schema_version %>'\nproviders:\n  # for details check https://docs.openstack.org/nova/latest/admin/managing-resource-providers.html\n<% @custom_inventories.each do |provider| -%>\n  - identification:\n<% if provider['name'] -%>\n      name: '<%= provider['name'] %>'\n<% elsif provider['uuid'] -%>\n      uuid: '<%= provider['uuid'] %>'\n<% else -%>\n      uuid: '$COMPUTE_NODE'\n<% end -%>\n<% unless provider['inventories'].nil? -%>\n    inventories:\n      additional:\n<% provider['inventories'].each do |key,inventory| -%>\n        - <%= key %>:\n<% inventory.each do |key,value| -%>\n            <%= key %>: <%= value %>\n<% end -%>\n<% end -%>\n<% end -%>\n<% unless provider['traits'].nil? -%>\n    traits:\n      additional:\n<% provider['traits'].each do |trait| -%>\n        - '<%= trait %>'\n<% end -%>\n<% end -%>\n<% end -%>\n",
}

# apache::bool2httpd as the apache module defines it (a Puppet-language version).
BOOL2HTTPD = (
    "function apache::bool2httpd($arg) { "
    "if $arg == true { 'On' } elsif $arg == false or $arg == undef { 'Off' } else { \"${arg}\" } }"
)


def t(name, pre=""):
    """The program rendering the real template `name` after the Puppet code `pre`."""
    return it(TEMPLATES[name], pre)


PROGRAMS = [
    t("listen", "$listen_addr_port = '80'"),
    t("listen", "$listen_addr_port = '[::1]:8080'"),
    t("load", "$_id = 'rewrite_module' $_path = '/usr/lib/apache2/modules/mod_rewrite.so'"),
    t("load", "$loadfiles = ['/usr/lib/libxml2.so', '/usr/lib/liblua.so'] $_id = 'proxy_html_module' $_path = 'mod_proxy_html.so'"),
    t("load", "$loadfiles = '/usr/lib/single.so' $_id = 'x_module' $_path = 'mod_x.so'"),
    t("namevirtualhost", "$addr_port = '*:80'"),
    t("docroot", "$docroot = '/var/www/html'"),
    t("docroot", "$virtual_docroot = '/var/www/%0' $docroot = '/ignored'"),
    t("docroot", "$docroot = false"),
    t("serveralias", "$serveraliases = ['www.example.com', 'example.org']"),
    t("serveralias", "$serveraliases = 'single.example.com'"),
    t("serveralias", "$serveraliases = []"),
    t("serveralias"),
    t("deflate", "$types = ['text/html', 'text/css', 'application/json'] $notes = {'Ratio' => 'ratio', 'Input' => 'instream', 'Output' => 'outstream'}"),
    t("deflate", "$types = [] $notes = {}"),
    t("allow", "$allow_from = ['127.0.0.1', '::1'] $allow_defaults = ['10.0.0.0/8']"),
    t("allow", "$allow_from = [] $allow_defaults = '192.168.0.0/16'"),
    t("allow", "$allow_from = undef $allow_defaults = ['127.0.0.1']"),
    t("additional_includes", "$additional_includes = ['/etc/apache2/a.conf', '/etc/apache2/b.conf'] $apache_version = '2.4' $use_optional_includes = true"),
    t("additional_includes", "$additional_includes = '/etc/httpd/x.conf' $apache_version = '2.2' $use_optional_includes = true"),
    t("additional_includes", "$additional_includes = [] $apache_version = '2.4'"),
    t("header", "$headers = ['set X-Frame-Options DENY', '', 'always set Strict-Transport-Security \"max-age=63072000\"']"),
    t("header", "$headers = undef"),
    t("error_document", "$error_documents = [{'error_code' => '404', 'document' => '/404.html'}, {'error_code' => '', 'document' => '/x'}, [{'error_code' => '500', 'document' => '/500.html'}]]"),
    t("error_document", "$error_documents = {'error_code' => '503', 'document' => '/maint.html'}"),
    t("setenv", "$setenv = ['SPECIAL_PATH /foo/bin'] $setenvif = 'Request_URI \"\\.gif$\" object_is_image=gif' $setenvifnocase = ['Host example\\.org site=example']"),
    t("setenv", "$setenv = [] $setenvif = []"),
    t("logging", "$error_log = true $error_log_destination = '/var/log/apache2/x_error.log' $log_level = 'warn' $error_log_format24 = ['[%t] %M', {'[%{u}t]' => 'connection', '%M' => 'request'}]"),
    t("logging", "$error_log = false"),
    t("logging", "$log_level = 'debug'"),
    t("expires", f"{BOOL2HTTPD} $expires_active = true $expires_default = 'access plus 1 month' $expires_by_type = [{{'text/json' => 'access plus 1 month'}}, {{'text/html' => 'access plus 2 days', 'image/png' => 'modification plus 1 hour'}}]"),
    t("expires", f"{BOOL2HTTPD} $expires_active = false $expires_default = undef $expires_by_type = undef"),
    t("expires", f"{BOOL2HTTPD} $expires_active = 'custom' $expires_default = '' $expires_by_type = {{'text/css' => 'access plus 1 day'}}"),
    t("systemd_limits", "$limits = {'LimitNOFILE' => 65535, 'LimitCORE' => 'infinity', 'IOReadBandwidthMax' => [{'/dev/sda' => '10M'}, {'/dev/sdb' => '20M'}]}"),
    t("systemd_limits", "$limits = {}"),
    t("mysql_pass", "class mysql::server($root_password = 'UNSET') { } include mysql::server $options = {'client' => {'socket' => '/run/mysqld/mysqld.sock'}}"),
    t("mysql_pass", "class mysql::server($root_password = 's3cret') { } include mysql::server $options = {'client' => {'socket' => '/tmp/mysql.sock'}}"),
    t("mysql_cnf", "$options = {'mysqld' => {'bind-address' => '127.0.0.1', 'skip-name-resolve' => true, 'ssl' => false, 'ssl-ca' => '/ca.pem', 'replicate-do-db' => ['a', 'b'], 'empty' => '', 'unset' => undef}, 'client' => {'port' => 3306, 'socket' => '/run/mysqld.sock'}, 'plain' => 'not a hash'} $includedir = '/etc/mysql/conf.d/'"),
    t("mysql_cnf", "$options = {'mysqld' => {'ssl-disable' => true, 'ssl-key' => '/k.pem', 'port' => 3307}} $includedir = ''"),
    t("mysql_cnf", "$options = {}"),
    t("rabbitmq_env", "$environment_variables = {'RABBITMQ_NODENAME' => 'rabbit@localhost', 'HOME' => '/var/lib/rabbitmq', 'UNSET' => undef, 'ERL_EPMD_PORT' => 4369}"),
    t("rabbitmq_env", "$environment_variables = {}"),
    t("rabbitmqadmin", "$ssl = true $management_ssl = true $ssl_cacert = '/ca.pem' $ssl_cert = '/cert.pem' $ssl_key = '/key.pem' $ssl_management_port = 15671 $fqdn = 'rmq.example.com'"),
    t("rabbitmqadmin", "$ssl = false $management_port = 15672 $management_hostname = 'mgmt.example.com'"),
    t("rabbitmqadmin", "$ssl = true $management_ssl = true $ssl_cacert = '/ca.pem' $ssl_cert = '/cert.pem' $ssl_key = '/key.pem' $ssl_management_port = 15671 $management_hostname = 'm.example.com'"),
    t("inetrc", "$ipv6 = true"),
    t("inetrc", "$ipv6 = false"),
    t("inetrc", "class rabbitmq($ipv6 = true) { $out = inline_template(@(ERB))\n" + TEMPLATES["inetrc"] + "ERB\nnotice($out) } include rabbitmq"),
    t("dnsmasq_tftp", "$tftp_root_real = '/tftpboot' $tftp_bind_host = '192.0.2.1' $dnsmasq_log_facility = '/var/log/dnsmasq.log'"),
    t("dnsmasq_tftp", "$tftp_root_real = '/srv/tftp'"),
    t("nova_provider", "$schema_version = '1.0' $custom_inventories = [{'name' => 'EXAMPLE_RESOURCE_PROVIDER', 'inventories' => {'CUSTOM_EXAMPLE_RESOURCE_CLASS' => {'total' => 100, 'reserved' => 0, 'min_unit' => 1}}, 'traits' => ['CUSTOM_P_STATE_ENABLED', 'CUSTOM_C_STATE_ENABLED']}, {'uuid' => '5213b75d-9260-42a6-b236-f39b0fd10561'}, {}]"),
    t("nova_provider", "$schema_version = '1.0' $custom_inventories = []"),
]

# Programs left out: none.
REFERENCE_INTERNALS = []
