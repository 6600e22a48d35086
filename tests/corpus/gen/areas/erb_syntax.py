"""ERB syntax as Puppet configures ERB (trim_mode '-'): `<%= %>`, `<% %>`, `<%# %>`, `<%%`,
trim modes `-%>` and `<%-`, newlines exactly, multi-line code, blocks with `do ... end` and
braces spanning tags. Every program renders a template with `inline_template`; the value is the
rendered String (see gen/erb_helpers.py for how the template text is quoted)."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from erb_helpers import it, nt  # noqa: E402

PROGRAMS = [
    # Plain text, no tags.
    it(""),
    it("plain text"),
    it("line 1\nline 2\n"),
    it("line 1\nline 2"),
    it("\n\n"),
    it("  indented\n\ttabbed\n"),
    it("100% sure, 50%> half"),
    it("% not a percent line\n%% neither\n"),
    it("a > b < c & d \"quoted\" 'single'"),
    it("unicode: åäö € 😀"),
    it("back\\slash and \\n stays"),
    # <%= %> output.
    it("<%= 1 %>"),
    it("<%= 'a' %>"),
    it("x<%= 1 + 2 %>y"),
    it("<%=1%>"),
    it("<%=   'spaced'   %>"),
    it("<%= nil %>"),
    it("[<%= nil %>]"),
    it("<%= false %>,<%= true %>"),
    it("<%= %>"),
    it("<%= 1 %><%= 2 %><%= 3 %>"),
    it("<%= 'a' %> <%= 'b' %>\n"),
    it("<%= \"%\" %>"),
    it("<%= '<' + '%' %>"),
    it("<%= :sym %>"),
    it("<%= [1, 2] %>"),
    it("<%= {'a' => 1} %>"),
    it("<%= 1.5 %>"),
    it("<%= 'multi\nline' %>"),
    it("<%=\n  1 +\n  2\n%>"),
    # <% %> code: the newline after the tag stays without -%>.
    it("<% x = 1 %>\n<%= x %>\n"),
    it("<% x = 1 %><%= x %>"),
    it("a\n<% %>\nb\n"),
    it("<% x = 1; y = 2 %><%= x + y %>"),
    it("<%\n  x = 1\n  y = 2\n%><%= x * y %>"),
    it("<% x = 5 # a Ruby comment\n%><%= x %>"),
    it("<%# a comment %>text"),
    it("a<%# a comment %>b\n"),
    it("<%# a\nmulti-line\ncomment %>after\n"),
    it("<%# comment -%>\nafter\n"),
    it("  <%# comment -%>\nafter\n"),
    it("<%#= not output %>x"),
    # <%% and %%>: literal tags.
    it("<%% literal %>"),
    it("<%%= not evaluated %>"),
    it("a <%% b %%> c"),
    it("<%%\n"),
    it("%%> alone"),
    it("<%= '<%%' %>"),
    # Trim mode '-': -%> removes the newline right after the tag.
    it("<% if true -%>\nyes\n<% end -%>\n"),
    it("<% if true %>\nyes\n<% end %>\n"),
    it("<%= 1 -%>\n<%= 2 -%>\n"),
    it("<%= 1 -%>\n\n<%= 2 -%>"),
    it("<%= 1 -%>  \nnext"),
    it("<%= 1 -%>x\n"),
    it("<% x = 1 -%>"),
    it("<% x = 1 -%>\n"),
    it("a<% -%>\nb"),
    it("<% x = 1 -%>\r\nnext"),
    # <%- removes the indentation before the tag.
    it("  <%- x = 1 -%>\nnext\n"),
    it("\t<%- x = 1 -%>\nnext\n"),
    it(" \t <%- if true -%>\n  yes\n  <%- end -%>\n"),
    it("text  <%- x = 1 -%>\nnext\n"),
    it("  <%- x = 1 %>\nnext\n"),
    it("  <% x = 1 -%>\nnext\n"),
    it("<%- x = 1 -%>\nstart\n"),
    it("  <%-= 'out' %>\n"),
    it("  <%= 'kept' -%>\n  <%= 'indent' %>\n"),
    it("a\n    <%- [1, 2].each do |i| -%>\n  item <%= i %>\n    <%- end -%>\nb\n"),
    # Conditionals and loops across tags.
    it("<% if 1 > 2 %>big<% else %>small<% end %>"),
    it("<% unless false %>shown<% end %>"),
    it("<% [1, 2, 3].each do |i| %><%= i %>,<% end %>"),
    it("<% [1, 2, 3].each { |i| %><%= i %>;<% } %>"),
    it("<% 3.times do |i| -%>\nline <%= i %>\n<% end -%>\n"),
    it("<% {'a' => 1, 'b' => 2}.each do |k, v| -%>\n<%= k %>=<%= v %>\n<% end -%>\n"),
    it("<% [[1, 2], [3, 4]].each do |a, b| -%>\n<%= a %>:<%= b %>\n<% end -%>\n"),
    it("<% ['x', 'y'].each_with_index do |v, i| -%>\n<%= i %>. <%= v %>\n<% end -%>\n"),
    it("<%= [1, 2].map do |x| x * 10 end.join('+') %>"),
    it("<%= [1, 2].map { |x| x * 10 }.join('+') %>"),
    it("<% [1, 2].each do |i| %>\n  <% [3, 4].each do |j| %>\n<%= i * j %>\n  <% end %>\n<% end %>\n"),
    it("<% [1, 2].each do |i| -%>\n  <%- [3, 4].each do |j| -%>\n<%= i * j %>\n  <%- end -%>\n<% end -%>\n"),
    it("<% if true -%>\n  <% if false -%>\n  no\n  <% else -%>\n  inner else\n  <% end -%>\n<% end -%>\n"),
    it("<%\n[1, 2].each do |i|\n  x = i * 2\n-%>\nv=<%= x %>\n<%\nend\n-%>\n"),
    it("<% x = [1, 2, 3].select do |i|\n  i.odd?\nend -%>\n<%= x.inspect %>\n"),
    it("<% for i in 1..3 do -%>\n<%= i %>\n<% end -%>\n"),
    it("<% i = 0; while i < 3 -%>\n<%= i %>\n<% i += 1; end -%>\n"),
    # Whole files in the style of real modules.
    it("# Managed by Puppet\n<% ['a.example.com', 'b.example.com'].each do |server| -%>\nserver <%= server %> iburst\n<% end -%>\n\ndriftfile /var/lib/ntp/drift\n"),
    it("[main]\n<% {'log' => 'info', 'port' => 80}.sort.each do |k, v| -%>\n  <%= k.ljust(6) %> = <%= v %>\n<% end -%>\n"),
    it("<VirtualHost *:80>\n  ServerName <%= 'www.example.com' %>\n<% if true -%>\n  SSLEngine on\n<% end -%>\n</VirtualHost>\n"),
    it("<%- ['a', 'b'].each do |n| -%>\n<%- if n == 'a' -%>\nfirst <%= n %>\n<%- else -%>\nother <%= n %>\n<%- end -%>\n<%- end -%>\n"),
    # notice of the rendered text.
    nt("<%= 'logged' %>"),
    nt("a\n<% if true -%>\nb\n<% end -%>\n"),
    # A tag never closed is text without its opening.
    it("a <%= 1 + 1"),
    it("a <% x = 1"),
    it("a <%# c"),
    it("a <%- x"),
    it("a <%= 1 %>\n<%= 2"),
]

# Programs left out: none yet.
REFERENCE_INTERNALS = []
