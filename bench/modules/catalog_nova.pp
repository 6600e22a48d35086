# Debian's packaged nova module (/usr/share/puppet/modules), Debian 12 facts.
include nova
