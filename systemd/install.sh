#!/usr/bin/env bash
# Install, update or remove Mothership as a system service on Raspberry Pi OS / Debian.
#
#   sudo systemd/install.sh [install]   install (safe to run again)
#   sudo systemd/install.sh update      back up the score log, git pull this checkout, reinstall
#                                        with the pulled installer, restart; keeps the config
#                                        (/etc/mothership) and the store (/var/lib/mothership)
#   sudo systemd/install.sh uninstall   stop and remove the service; keeps the config and store
#   sudo systemd/install.sh packages    only the packages: apt, the venv, pip (with the pi extra)
#   systemd/install.sh --dry-run ...    print what would be done, change nothing (or DRY_RUN=1)
#
# `mothership install|update|uninstall [--dry-run]` run this script. How lgpio gets onto the Pi,
# and what each step does: docs/pi.md. Pi OS steps it relies on: `sudo raspi-config` -> Interface
# Options -> Serial Port: login shell NO, hardware port YES (for a serial tag reader).
#
# For tests and packaging, MOTHERSHIP_ROOT=DIR writes every file under DIR instead of / (the
# commands it runs, apt-get and useradd among them, are still the machine's), and
# MOTHERSHIP_USER names the service's user. Sourcing the script only defines its functions.
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${MOTHERSHIP_ROOT:-}"
PREFIX="$DEST${MOTHERSHIP_PREFIX:-/opt/mothership}"
UNIT="$DEST/etc/systemd/system/mothership.service"
COMMAND="$DEST/usr/local/bin/mothership"
CONF_DIR="$DEST/etc/mothership"
STATE_DIR="$DEST/var/lib/mothership"
USER_NAME="${MOTHERSHIP_USER:-mothership}"
GROUPS_WANTED=(gpio audio video input dialout render)
# libglib2.0-0: pygame's mixer links libgthread-2.0, which a fresh Pi OS Lite or Debian lacks
# (install-check found the service mute without it: "mixer module not available").
# libdrm2 ... libgl1-mesa-dri: what SDL's kmsdrm driver opens when the screen opens (the GPU's
# buffers, EGL, GLES and Mesa's driver for the GPU); Pi OS Lite lacks some of them.
APT_PACKAGES=(python3-venv espeak-ng socat alsa-utils libglib2.0-0
    libdrm2 libgbm1 libegl1 libgles2 libgl1-mesa-dri)
# One index, whatever /etc/pip.conf says (Pi OS adds piwheels there), so the same files install
# everywhere; MOTHERSHIP_PIP_INDEX points it at a mirror.
PIP_INDEX="${MOTHERSHIP_PIP_INDEX:-https://pypi.org/simple}"
DRY_RUN="${DRY_RUN:-0}"

say() { printf 'install.sh: %s\n' "$*"; }

# Every external command goes through `command`: a shell function can never stand in for one
# (an `install()` here once made `run install -m ...` restart the whole install, for ever).
run() {
    if [ "$DRY_RUN" = 1 ]; then printf '+ %s\n' "$*"; else command "$@"; fi
}

need_root() {
    if [ "$DRY_RUN" != 1 ] && [ -z "$DEST" ] && [ "$(id -u)" -ne 0 ]; then
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

# Another apt (the Pi's unattended upgrades, a package manager left open) may hold dpkg's lock;
# apt waits for it up to this long instead of failing at once.
APT_LOCK_WAIT=(-o DPkg::Lock::Timeout=600)

# Apt, the service's venv and the Python packages. lgpio comes as PyPI's wheel (it carries the
# C library); pip may never build its sdist, which needs Pi OS's liblgpio-dev and swig. A Python
# with no lgpio wheel (Pi OS trixie's 3.13) takes Pi OS's python3-lgpio, seen by the venv.
step_packages() {
    need_root
    run apt-get "${APT_LOCK_WAIT[@]}" update -qq
    run env DEBIAN_FRONTEND=noninteractive apt-get "${APT_LOCK_WAIT[@]}" install -y -qq \
        "${APT_PACKAGES[@]}"
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
        run env DEBIAN_FRONTEND=noninteractive apt-get "${APT_LOCK_WAIT[@]}" install -y -qq \
            python3-lgpio
        run python3 -m venv --system-site-packages --upgrade "$PREFIX/venv"
    fi
    # pip builds a local project inside its folder (build/, *.egg-info): from a copy, so no file
    # of root's is left in the checkout (arm64-check found its owner could not remove them).
    local stage=/tmp/mothership-source
    [ "$DRY_RUN" = 1 ] || stage="$(mktemp -d)"
    run sh -c "tar -C '$SRC' --exclude=./.git --exclude=./.venv --exclude=./build -cf - . | tar -xf - -C '$stage'"
    # pygame-ce replaced pygame (its SDL has kmsdrm). Both install the module `pygame`, so the old
    # one goes first: removing it after would take pygame-ce's files with it.
    if [ "$DRY_RUN" = 1 ] || "$PREFIX/venv/bin/python" -m pip show pygame >/dev/null 2>&1; then
        run "$PREFIX/venv/bin/python" -m pip uninstall -y -q pygame
    fi
    pip_install --upgrade --only-binary lgpio "$stage[pi]"
    run rm -rf "$stage"
}

# Only what differs from the shipped defaults: a release that renames a default key still starts.
minimal_config() {
    cat <<TOML
# Mothership on this device: only what differs from the shipped defaults.
# Every key, its default and what it does: ${PREFIX#"$DEST"}/defaults.toml
# (device/defaults.toml of the installed release) holds the device's own sections;
# "mothership config" prints them all, the games' sections too ([onenight], [rulings],
# [alienation]), with the values in effect. Unknown keys are errors.

[hardware]
backend = "pi"
TOML
}

step_config() {
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
step_docs() {
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

# `sudo mothership update` works from any shell: the command is on root's PATH.
step_link() {
    run mkdir -p "$(dirname "$COMMAND")"
    run ln -sfn "${PREFIX#"$DEST"}/venv/bin/mothership" "$COMMAND"
}

step_user() {
    for group in "${GROUPS_WANTED[@]}"; do
        getent group "$group" >/dev/null || run groupadd --system "$group"
    done
    if ! id "$USER_NAME" >/dev/null 2>&1; then
        run useradd --system --home-dir "${STATE_DIR#"$DEST"}" --shell /usr/sbin/nologin \
            "$USER_NAME"
    fi
    run usermod -a -G "$(IFS=,; echo "${GROUPS_WANTED[*]}")" "$USER_NAME"
}

# The service's state directory, as systemd's StateDirectory= makes it: the user's own, 0700.
step_state_dir() {
    run install -d -m 0700 -o "$USER_NAME" -g "$USER_NAME" "$STATE_DIR"
}

# A command of the installed release, run as the service's user from its state directory (as
# the unit runs it), so what it writes is the service's.
as_service() {
    run runuser -u "$USER_NAME" -- env -C "$STATE_DIR" STATE_DIRECTORY="$STATE_DIR" \
        "$PREFIX/venv/bin/mothership" --config "$CONF_DIR/config.toml" "$@"
}

# Render every line the games can say with the Piper voice, into the service's cache, so no night
# waits for a voice (minutes on a Pi; if cut short, the daemon finishes it in the background).
step_voice() {
    as_service voice prepare ||
        say "the voice is not fully prepared; the service finishes it in the background"
}

step_unit() {
    run mkdir -p "$(dirname "$UNIT")"
    run install -m 0644 "$SRC/systemd/mothership.service" "$UNIT"
    run systemctl daemon-reload
}

do_install() {
    need_root
    step_packages
    step_user
    step_config
    step_docs
    step_link
    step_state_dir
    step_voice
    step_unit
    run systemctl enable --now mothership.service
    say "installed. Logs: journalctl -u mothership -f; update: sudo mothership update"
}

do_update() {
    need_root
    local owner
    owner="$(stat -c %U "$SRC")"
    # A backup of the score log first, as the service's user (its files stay its own).
    if [ -f "$STATE_DIR/mothership.db" ] || [ "$DRY_RUN" = 1 ]; then
        as_service backup now
    fi
    # The checkout's owner pulls, so no file in it becomes root's.
    run runuser -u "$owner" -- git -C "$SRC" pull --ff-only
    # The rest is the pulled release's to do: its installer may differ from this one.
    if [ "$DRY_RUN" = 1 ]; then
        do_reinstall
    else
        exec bash "$SRC/systemd/install.sh" reinstall
    fi
}

# The second half of an update, run by the installer just pulled.
do_reinstall() {
    need_root
    step_packages
    step_user
    step_docs
    step_link
    # The release's new lines, before the restart: the first game after an update never waits
    # for them or hears them in the fallback voice (only new lines render; the cache stays).
    step_voice
    step_unit
    run systemctl restart mothership.service
    say "updated to $(git -C "$SRC" describe --always --dirty 2>/dev/null || echo '?');" \
        "kept ${CONF_DIR#"$DEST"} and ${STATE_DIR#"$DEST"}"
}

do_uninstall() {
    need_root
    run systemctl disable --now mothership.service || true
    run rm -f "$UNIT"
    run systemctl daemon-reload
    if [ "$(readlink "$COMMAND" 2>/dev/null)" = "${PREFIX#"$DEST"}/venv/bin/mothership" ]; then
        run rm -f "$COMMAND"
    fi
    run rm -rf "$PREFIX"
    say "removed the service and ${PREFIX#"$DEST"}; kept ${CONF_DIR#"$DEST"} and" \
        "${STATE_DIR#"$DEST"} (delete them by hand)"
}

main() {
    local action=install
    for arg in "$@"; do
        case "$arg" in
            --dry-run) DRY_RUN=1 ;;
            install|update|uninstall|packages|reinstall) action="$arg" ;;
            *) echo "usage: install.sh [install|update|uninstall|packages] [--dry-run]" >&2
               exit 2 ;;
        esac
    done
    [ "$DRY_RUN" = 1 ] && say "dry run: nothing is changed"
    case "$action" in
        packages) step_packages ;;
        *) "do_$action" ;;
    esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    main "$@"
fi
