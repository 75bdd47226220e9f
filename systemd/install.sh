#!/usr/bin/env bash
# Install, update or remove Mothership as a system service on Raspberry Pi OS / Debian.
#
#   sudo systemd/install.sh [install]   install (safe to run again)
#   sudo systemd/install.sh update      back up the score log, git pull this checkout, reinstall,
#                                        restart; keeps the config (/etc/mothership) and the
#                                        store (/var/lib/mothership)
#   sudo systemd/install.sh uninstall   stop and remove the service; keeps the config and store
#   sudo systemd/install.sh packages    only the packages: apt, the venv, pip (with the pi extra)
#   systemd/install.sh --dry-run ...    print what would be done, change nothing (or DRY_RUN=1)
#
# `mothership install|update|uninstall [--dry-run]` run this script. How lgpio gets onto the Pi,
# and what each step does: docs/pi.md. Pi OS steps it relies on: `sudo raspi-config` -> Interface
# Options -> Serial Port: login shell NO, hardware port YES (for a serial tag reader).
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="${MOTHERSHIP_PREFIX:-/opt/mothership}"
UNIT=/etc/systemd/system/mothership.service
COMMAND=/usr/local/bin/mothership
CONF_DIR=/etc/mothership
STATE_DIR=/var/lib/mothership
USER_NAME=mothership
GROUPS_WANTED=(gpio audio video input dialout render)
APT_PACKAGES=(python3-venv espeak-ng socat alsa-utils)
# One index, whatever /etc/pip.conf says (Pi OS adds piwheels there), so the same files install
# everywhere; MOTHERSHIP_PIP_INDEX points it at a mirror.
PIP_INDEX="${MOTHERSHIP_PIP_INDEX:-https://pypi.org/simple}"
DRY_RUN="${DRY_RUN:-0}"

say() { printf 'install.sh: %s\n' "$*"; }

run() {
    if [ "$DRY_RUN" = 1 ]; then printf '+ %s\n' "$*"; else "$@"; fi
}

need_root() {
    if [ "$DRY_RUN" != 1 ] && [ "$(id -u)" -ne 0 ]; then
        echo "install.sh: run it with sudo (it installs packages and a system service)" >&2
        exit 1
    fi
}

pip_install() {
    run env PIP_CONFIG_FILE=/dev/null "$PREFIX/venv/bin/python" -m pip install -q \
        --index-url "$PIP_INDEX" "$@"
}

# Whether PyPI has an lgpio wheel for the venv's Python and machine (it downloads, not installs).
lgpio_wheel() {
    local folder status
    folder="$(mktemp -d)"
    env PIP_CONFIG_FILE=/dev/null "$PREFIX/venv/bin/python" -m pip download -q --no-deps \
        --only-binary :all: --index-url "$PIP_INDEX" -d "$folder" "lgpio>=0.2" >/dev/null 2>&1
    status=$?
    rm -rf "$folder"
    return "$status"
}

# Apt, the service's venv and the Python packages. lgpio comes as PyPI's wheel (it carries the
# C library); pip may never build its sdist, which needs Pi OS's liblgpio-dev and swig. A Python
# with no lgpio wheel (Pi OS trixie's 3.13) takes Pi OS's python3-lgpio, seen by the venv.
packages() {
    need_root
    run apt-get update -qq
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${APT_PACKAGES[@]}"
    run mkdir -p "$PREFIX"
    # A venv an interrupted install left without pip is made again.
    if ! "$PREFIX/venv/bin/python" -m pip --version >/dev/null 2>&1; then
        run rm -rf "$PREFIX/venv"
        run python3 -m venv "$PREFIX/venv"
    fi
    if [ "$DRY_RUN" = 1 ]; then
        printf '+ (without an lgpio wheel on PyPI for this Python: python3-lgpio from apt, seen '
        printf 'by the venv)\n'
    elif ! lgpio_wheel; then
        say "PyPI has no lgpio wheel for this Python: using python3-lgpio from apt (docs/pi.md)"
        if ! apt-cache show python3-lgpio >/dev/null 2>&1; then
            say "python3-lgpio is not in apt either: this needs Raspberry Pi OS (docs/pi.md)" >&2
            exit 1
        fi
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-lgpio
        run python3 -m venv --system-site-packages --upgrade "$PREFIX/venv"
    fi
    # pip builds a local project inside its folder (build/, *.egg-info): from a copy, so no file
    # of root's is left in the checkout (arm64-check found its owner could not remove them).
    local stage=/tmp/mothership-source
    [ "$DRY_RUN" = 1 ] || stage="$(mktemp -d)"
    run sh -c "tar -C '$SRC' --exclude=./.git --exclude=./.venv --exclude=./build -cf - . | tar -xf - -C '$stage'"
    pip_install --upgrade --only-binary lgpio "$stage[pi]"
    run rm -rf "$stage"
}

# Only what differs from the shipped defaults: a release that renames a default key still starts.
minimal_config() {
    cat <<TOML
# Mothership on this device: only what differs from the shipped defaults.
# Every key, its default and what it does: $PREFIX/defaults.toml
# (device/defaults.toml of the installed release). Unknown keys are errors.

[hardware]
backend = "pi"
TOML
}

write_config() {
    if [ -f "$CONF_DIR/config.toml" ]; then
        say "keeping $CONF_DIR/config.toml"
    elif [ "$DRY_RUN" = 1 ]; then
        printf '+ write %s (0644):\n' "$CONF_DIR/config.toml"
        minimal_config | sed 's/^/    /'
    else
        mkdir -p "$CONF_DIR"
        minimal_config >"$CONF_DIR/config.toml"
        chmod 0644 "$CONF_DIR/config.toml"
    fi
}

# What the unit's Documentation= points to, the defaults the config names, and where the
# checkout is (for `mothership update`).
install_docs() {
    run mkdir -p "$PREFIX/docs"
    run install -m 0644 "$SRC/README.md" "$PREFIX/README.md"
    run install -m 0644 "$SRC/device/defaults.toml" "$PREFIX/defaults.toml"
    run cp -r "$SRC/docs/." "$PREFIX/docs/"
    if [ "$DRY_RUN" = 1 ]; then
        printf '+ write %s: %s\n' "$PREFIX/source" "$SRC"
    else
        printf '%s\n' "$SRC" >"$PREFIX/source"
    fi
}

service_user() {
    for group in "${GROUPS_WANTED[@]}"; do
        getent group "$group" >/dev/null || run groupadd --system "$group"
    done
    if ! id "$USER_NAME" >/dev/null 2>&1; then
        run useradd --system --home-dir "$STATE_DIR" --shell /usr/sbin/nologin "$USER_NAME"
    fi
    run usermod -a -G "$(IFS=,; echo "${GROUPS_WANTED[*]}")" "$USER_NAME"
}

# Render every line the games can say with the Piper voice, into the service's cache, so no night
# waits for a voice (minutes on a Pi; if cut short, the daemon finishes it in the background).
prepare_voice() {
    run install -d -m 0750 -o "$USER_NAME" -g "$USER_NAME" "$STATE_DIR"
    run runuser -u "$USER_NAME" -- env STATE_DIRECTORY="$STATE_DIR" \
        "$PREFIX/venv/bin/mothership" --config "$CONF_DIR/config.toml" voice prepare ||
        say "the voice is not fully prepared; the service finishes it in the background"
}

install() {
    need_root
    packages
    service_user
    write_config
    install_docs
    run ln -sfn "$PREFIX/venv/bin/mothership" "$COMMAND"  # `sudo mothership update` works
    prepare_voice
    run install -m 0644 "$SRC/systemd/mothership.service" "$UNIT"
    run systemctl daemon-reload
    run systemctl enable --now mothership.service
    say "installed. Logs: journalctl -u mothership -f; update: sudo mothership update"
}

update() {
    need_root
    local owner
    owner="$(stat -c %U "$SRC")"
    # A backup of the score log first, as the service's user (its files stay its own).
    if [ -f "$STATE_DIR/mothership.db" ] || [ "$DRY_RUN" = 1 ]; then
        run runuser -u "$USER_NAME" -- env STATE_DIRECTORY="$STATE_DIR" \
            "$PREFIX/venv/bin/mothership" backup now
    fi
    # The checkout's owner pulls, so no file in it becomes root's.
    run runuser -u "$owner" -- git -C "$SRC" pull --ff-only
    packages
    install_docs
    run install -m 0644 "$SRC/systemd/mothership.service" "$UNIT"
    run systemctl daemon-reload
    run systemctl restart mothership.service
    say "updated to $(git -C "$SRC" describe --always --dirty 2>/dev/null || echo '?');" \
        "kept $CONF_DIR and $STATE_DIR"
}

uninstall() {
    need_root
    run systemctl disable --now mothership.service || true
    run rm -f "$UNIT"
    run systemctl daemon-reload
    if [ "$(readlink "$COMMAND" 2>/dev/null)" = "$PREFIX/venv/bin/mothership" ]; then
        run rm -f "$COMMAND"
    fi
    run rm -rf "$PREFIX"
    say "removed the service and $PREFIX; kept $CONF_DIR and $STATE_DIR (delete them by hand)"
}

action=install
for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        install|update|uninstall|packages) action="$arg" ;;
        *) echo "usage: install.sh [install|update|uninstall|packages] [--dry-run]" >&2; exit 2 ;;
    esac
done
[ "$DRY_RUN" = 1 ] && say "dry run: nothing is changed"
"$action"
