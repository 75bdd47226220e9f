#!/usr/bin/env bash
# Install (or uninstall) Mothership as a system service on Raspberry Pi OS / Debian.
#
#   sudo systemd/install.sh            install or update (safe to run again)
#   sudo systemd/install.sh uninstall  stop and remove the service, keep the state and config
#   DRY_RUN=1 systemd/install.sh       print what would be done, change nothing
#
# Pi OS steps it relies on: `sudo raspi-config` -> Interface Options -> Serial Port: login shell
# NO, hardware port YES (for a serial tag reader); the user's groups gpio/audio/video/input/dialout
# exist on Pi OS (they are created here when missing).
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX=/opt/mothership
UNIT=/etc/systemd/system/mothership.service
CONF_DIR=/etc/mothership
USER_NAME=mothership
GROUPS_WANTED=(gpio audio video input dialout render)

run() {
    if [ "${DRY_RUN:-0}" = 1 ]; then printf '+ %s\n' "$*"; else "$@"; fi
}

need_root() {
    if [ "${DRY_RUN:-0}" != 1 ] && [ "$(id -u)" -ne 0 ]; then
        echo "install.sh: run it with sudo (it creates a user and a system service)" >&2
        exit 1
    fi
}

install() {
    need_root
    run apt-get install -y -qq python3-venv espeak-ng socat alsa-utils
    for group in "${GROUPS_WANTED[@]}"; do
        getent group "$group" >/dev/null || run groupadd --system "$group"
    done
    if ! id "$USER_NAME" >/dev/null 2>&1; then
        run useradd --system --home-dir /var/lib/mothership --shell /usr/sbin/nologin "$USER_NAME"
    fi
    run usermod -a -G "$(IFS=,; echo "${GROUPS_WANTED[*]}")" "$USER_NAME"
    run mkdir -p "$PREFIX" "$CONF_DIR"
    [ -x "$PREFIX/venv/bin/python" ] || run python3 -m venv "$PREFIX/venv"
    run "$PREFIX/venv/bin/pip" install -q --upgrade "$SRC[pi]"
    if [ ! -f "$CONF_DIR/config.toml" ]; then
        # Start from the shipped defaults, with the Pi's GPIO backend switched on.
        run sh -c "sed 's/^backend = \"mock\"/backend = \"pi\"/' '$SRC/device/defaults.toml' > '$CONF_DIR/config.toml'"
    fi
    run install -m 0644 "$SRC/systemd/mothership.service" "$UNIT"
    run systemctl daemon-reload
    run systemctl enable --now mothership.service
    echo "Mothership is installed. Logs: journalctl -u mothership -f"
}

uninstall() {
    need_root
    run systemctl disable --now mothership.service || true
    run rm -f "$UNIT"
    run systemctl daemon-reload
    run rm -rf "$PREFIX"
    echo "Removed the service and $PREFIX; kept $CONF_DIR and /var/lib/mothership."
}

case "${1:-install}" in
    install) install ;;
    uninstall) uninstall ;;
    *) echo "usage: install.sh [install|uninstall]" >&2; exit 2 ;;
esac
