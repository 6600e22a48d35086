"""What real modules fetched from the public code index showed in session 52
(tests/github_modules, helper github13), as our own minimized programs: voxpupuli-nginx's
`conf.d/geo.erb` sorts a geo block's networks by `IPAddr.new(k).to_i`, which is beyond 64
bits for most IPv6 addresses; prepl's `IPAddr#to_i` refused those ("undefined method"), and
its sorting compared no integer beyond 64 bits with one within."""

ENV_DIR = "tests/fixtures/control-repo/production"

PROGRAMS = [
    # IPv6 networks among IPv4 ones, sorted by their address as an integer
    "notice(inline_template(\"<% require 'ipaddr' %><%= ['2001:db8::/32', '::1', 'fe80::/10', '10.0.0.0/8'].sort_by { |k| IPAddr.new(k.split('-').first).to_i }.join(' ') %>\"))",
    "notice(inline_template(\"<% require 'ipaddr' %><%= IPAddr.new('2001:db8::1').to_i %> <%= IPAddr.new('::ffff:ffff:ffff').to_i %> <%= IPAddr.new('ffff::').to_i > IPAddr.new('::2').to_i %>\"))",
    # integers beyond 64 bits sorted among others, their max and min
    "notice(inline_template('<%= [2**70, 1, -(2**65), 3].sort.join(\",\") %> <%= [2**64, 5].max %> <%= [1, 2**64, -3].min %>'))",
    "notice(inline_template('<%= [1, 2**64].sort_by { |x| -x }.inspect %>'))",
]
