#!/bin/sh
# Runs a command inside a private D-Bus session with a throw-away, unlocked gnome-keyring,
# so keychain tests use a real Secret Service without touching the user's own keyring.
set -eu
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "The tests need dbus-run-session and gnome-keyring-daemon: run tools/install-system-packages.sh first." >&2
  exit 1
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/trackdesk-keyring-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
dbus-run-session -- sh -c 'printf throwaway | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' sh "$@"
