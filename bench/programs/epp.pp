# EPP rendering: one large template over 5,000 hosts, and 2,000 small ones.
$template = @(EOT)
<%- | Array[Hash] $hosts, String $domain = 'example.com' | -%>
# generated
<% $hosts.each |$h| { -%>
server <%= $h['name'] %>.<%= $domain %>:<%= $h['port'] %><% if $h['tls'] { %> tls<% } %>
<% } -%>
| EOT
$hosts = Integer[1, 5000].map |$i| { { 'name' => "h${i}", 'port' => 8000 + $i, 'tls' => $i % 2 == 0 } }
$big = inline_epp($template, { 'hosts' => $hosts })
$small = Integer[1, 2000].map |$i| { inline_epp('<%= $x %>-<%= $x * 2 %>', { 'x' => $i }) }
[$big.length, $small.join(',').length]
