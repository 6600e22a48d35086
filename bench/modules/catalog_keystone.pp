# Debian's packaged keystone module (/usr/share/puppet/modules), Debian 12 facts.
include keystone
