# Debian's packaged mysql module's server class (/usr/share/puppet/modules), Debian 12 facts.
include mysql::server
