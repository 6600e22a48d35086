# Debian's packaged apache module (/usr/share/puppet/modules), Debian 12 facts.
include apache
