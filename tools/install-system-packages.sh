#!/bin/sh
# Installs the Debian packages the tests need: Chromium for Playwright, a Secret Service
# (gnome-keyring on a private D-Bus session) for the keychain tests, Xvfb for headed windows,
# PostgreSQL server binaries for the throw-away test clusters (the system-wide cluster is never used).
set -eu
packages="chromium gnome-keyring dbus dbus-x11 libsecret-tools xvfb xauth postgresql"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && { echo "System packages present."; exit 0; }
run() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
echo "Installing Debian packages:$missing"
run apt-get update -q
DEBIAN_FRONTEND=noninteractive run apt-get install -y -q --no-install-recommends $missing
