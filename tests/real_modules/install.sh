#!/usr/bin/env bash
# Install what the real-module measure needs (Debian/Ubuntu, as root): Debian's packaged Puppet
# modules (with their dependencies, under /usr/share/puppet/modules) and, to regenerate the
# expected catalogs and fact sets, the reference (puppet-agent) and facterdb.
#   tests/real_modules/install.sh            # modules only
#   WITH_REFERENCE=1 tests/real_modules/install.sh
set -euo pipefail
pkgs=(
  puppet-module-puppetlabs-stdlib puppet-module-puppetlabs-apache puppet-module-puppetlabs-concat
  puppet-module-puppetlabs-mysql puppet-module-puppetlabs-ntp puppet-module-puppetlabs-firewall
  puppet-module-puppetlabs-apt puppet-module-camptocamp-systemd puppet-module-nova
  puppet-module-keystone puppet-module-puppetlabs-rabbitmq puppet-module-puppetlabs-xinetd
  puppet-module-ironic
)
if [ "${WITH_REFERENCE:-0}" = 1 ]; then pkgs+=(puppet-agent facterdb); fi
if [ "$(id -u)" != 0 ]; then
  echo "install.sh: run as root (apt-get install -y ${pkgs[*]})" >&2
  exit 1
fi
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y "${pkgs[@]}"
