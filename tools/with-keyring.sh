#!/bin/sh
# Runs a command inside a private D-Bus session with a throw-away, unlocked gnome-keyring,
# so keychain tests use a real Secret Service without touching the user's own keyring.
# The session's only Secret Service is that keyring, started by D-Bus on first use and unlocked by its
# throw-away password: if the daemon ever ends, the next call starts it again, unlocked, on the same keyring
# (the stock activation would start it locked, and every later call would wait for a password prompt).
set -eu
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "The tests need dbus-run-session and gnome-keyring-daemon: run tools/install-system-packages.sh first." >&2
  exit 1
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/trackdesk-keyring-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" "$scratch/services"
chmod 700 "$XDG_RUNTIME_DIR"

cat >"$scratch/keyring-daemon" <<SCRIPT
#!/bin/sh
export XDG_DATA_HOME="$XDG_DATA_HOME" XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR"
printf throwaway | exec gnome-keyring-daemon --unlock --foreground --components=secrets
SCRIPT
chmod 700 "$scratch/keyring-daemon"
for name in org.freedesktop.secrets org.gnome.keyring; do
  printf '[D-BUS Service]\nName=%s\nExec=%s\n' "$name" "$scratch/keyring-daemon" >"$scratch/services/$name.service"
done
cat >"$scratch/session.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:dir=$scratch/run</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$scratch/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
# Started before the command runs, so that the keychain is there from its first call.
exec dbus-run-session --config-file="$scratch/session.conf" -- sh -c \
  'dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.StartServiceByName string:org.freedesktop.secrets uint32:0 >/dev/null && exec "$@"' sh "$@"
