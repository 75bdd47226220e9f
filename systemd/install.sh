#!/usr/bin/env bash
# Install, update or remove Mothership as a system service on Raspberry Pi OS / Debian.
#
#   sudo systemd/install.sh [install]   install (safe to run again)
#   sudo systemd/install.sh update      back up the score log, git pull this checkout, build the
#                                        pulled release beside the running one, switch to it and
#                                        restart; keeps the config (/etc/mothership) and the
#                                        store (/var/lib/mothership)
#   sudo systemd/install.sh uninstall   stop and remove the service; keeps the config and store
#        ... uninstall --purge          and the config, the store, the voice cache, the backups,
#                                        and the user and groups the installer created
#   sudo systemd/install.sh packages    only apt and a release (venv, pip with the pi extra)
#   --voice-later                       (install, update) leave the voice to the service, which
#                                        renders missing lines in the background; the same as
#                                        MOTHERSHIP_PREPARE_VOICE=0
#   systemd/install.sh --dry-run ...    print what would be done, change nothing (or DRY_RUN=1)
#
# Layout: /opt/mothership/releases/<commit>/ holds a release (venv/, docs/, README.md,
# defaults.toml and the `release` file, written last: a directory without it is half built);
# /opt/mothership/current links to the running one and is switched with one rename. Why every
# moment of an update leaves the old or the new release whole: docs/pi.md.
#
# `mothership install|update|uninstall [--dry-run]` run this script. How lgpio gets onto the Pi,
# and what each step does: docs/pi.md. Pi OS steps it relies on: `sudo raspi-config` -> Interface
# Options -> Serial Port: login shell NO, hardware port YES (for a serial tag reader).
#
# For tests and packaging, MOTHERSHIP_ROOT=DIR writes every file under DIR instead of / (the
# commands it runs, apt-get and useradd among them, are still the machine's), MOTHERSHIP_USER
# names the service's user, and MOTHERSHIP_COMMIT names the release when the source has no .git.
# Sourcing the script only defines its functions.
set -euo pipefail
# Everything under /opt is read by the service's user, whatever umask sudo passed on.
umask 022

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${MOTHERSHIP_ROOT:-}"
PREFIX_PATH="${MOTHERSHIP_PREFIX:-/opt/mothership}"  # as the running system sees it
PREFIX="$DEST$PREFIX_PATH"
RELEASES="$PREFIX/releases"
CURRENT="$PREFIX/current"
UNIT="$DEST/etc/systemd/system/mothership.service"
COMMAND="$DEST/usr/local/bin/mothership"
CONF_DIR="$DEST/etc/mothership"
STATE_DIR="$DEST/var/lib/mothership"
# What the installer made itself, so --purge removes only that (a plain uninstall keeps them).
CREATED_GROUPS="$CONF_DIR/created-groups"
CREATED_USER="$CONF_DIR/created-user"
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
PURGE=0
REL=""  # the release being built: set by step_release

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

# write FILE MODE: standard input into FILE under a temporary name, then renamed over it, so a
# cut leaves the old file or the new one, never half of one.
write() {
    if [ "$DRY_RUN" = 1 ]; then
        printf '+ write %s (%s):\n' "$1" "$2"
        sed 's/^/    /'
    else
        mkdir -p "$(dirname "$1")"
        cat >"$1.new"
        chmod "$2" "$1.new"
        # Its data on the disk before the rename: a power cut right after an install left
        # /opt/mothership/source renamed in but empty (the booted check), and update then
        # found no installer.
        sync "$1.new"
        mv -T "$1.new" "$1"
        sync "$(dirname "$1")"
    fi
}

# link TARGET NAME: NAME points to TARGET, switched with one rename (never missing meanwhile).
link() {
    run ln -sfn "$1" "$2.new"
    run mv -T "$2.new" "$2"
}

# The commit and its date ("abc1234 2026-11-28") the source was checked out at, if it says.
source_commit() {
    if [ -n "${MOTHERSHIP_COMMIT:-}" ]; then
        printf '%s %s\n' "$MOTHERSHIP_COMMIT" "${MOTHERSHIP_COMMIT_DATE:-$(date -u +%F)}"
    elif [ -e "$SRC/.git" ]; then
        # Root reads a checkout of the maker's: git would refuse it as another user's.
        git -c safe.directory="$SRC" -C "$SRC" log -1 --format='%h %cs' 2>/dev/null || true
    fi
}

# The release `current` points to (its name in releases/), if any.
active_release() {
    local target
    target="$(readlink "$CURRENT" 2>/dev/null)" || return 0
    case "$target" in releases/*) echo "${target#releases/}" ;; esac
}

previous_release() {
    local target
    target="$(readlink "$PREFIX/previous" 2>/dev/null)" || return 0
    case "$target" in releases/*) echo "${target#releases/}" ;; esac
}

# The installed release's directory: current, or a venv of the layout before releases.
installed_release() {
    if [ -L "$CURRENT" ]; then echo "$CURRENT"
    elif [ -d "$PREFIX/venv" ]; then echo "$PREFIX"
    fi
}

# A Pi installed before releases existed has /opt/mothership/venv and a unit that runs it.
# `current` pointing at /opt/mothership itself makes that layout a release like any other: the
# new unit runs it until the switch, and the old venv goes only after it.
step_old_layout() {
    if [ -d "$PREFIX/venv" ] && [ ! -L "$CURRENT" ]; then
        say "the layout before releases: its venv keeps running until the switch"
        link . "$CURRENT"
    fi
}

# Apt: another apt (the Pi's unattended upgrades, a package manager left open) may hold dpkg's
# lock; apt waits for it up to this long instead of failing at once.
APT_LOCK_WAIT=(-o DPkg::Lock::Timeout=600)

step_apt() {
    need_root
    # First, before apt and pip run for minutes: a 32-bit userland gets no wheels of the voice's
    # engine (device/commands/userland.py, stdlib only, says why and what to install instead).
    python3 "$SRC/device/commands/userland.py" || exit 1
    run apt-get "${APT_LOCK_WAIT[@]}" update -qq
    run env DEBIAN_FRONTEND=noninteractive apt-get "${APT_LOCK_WAIT[@]}" install -y -qq \
        "${APT_PACKAGES[@]}"
}

pip_install() {
    run env PIP_CONFIG_FILE=/dev/null "$REL/venv/bin/python" -m pip install -q \
        --index-url "$PIP_INDEX" "$@"
}

# Whether PyPI has an lgpio wheel for the venv's Python and machine (it downloads, not installs).
lgpio_wheel() {
    local folder status
    folder="$(mktemp -d)"
    env PIP_CONFIG_FILE=/dev/null "$REL/venv/bin/python" -m pip download -q --no-deps \
        --only-binary :all: --index-url "$PIP_INDEX" -d "$folder" "lgpio>=0.2" >/dev/null 2>&1
    status=$?
    rm -rf "$folder"
    return "$status"
}

# Half-built releases (no `release` file) that a cut run left: never the active or previous one.
clean_half_built() {
    local dir name
    for dir in "$RELEASES"/*; do
        [ -d "$dir" ] || continue
        name="$(basename "$dir")"
        if [ ! -f "$dir/release" ] && [ "$name" != "$(active_release)" ] &&
            [ "$name" != "$(previous_release)" ]; then
            say "removing $name, a release a cut run left half built"
            run rm -rf "$dir"
        fi
    done
}

# A new release in releases/<commit>, beside the running one, which it never touches: a venv of
# its own with the project and its `pi` extra at the versions in constraints.txt, the docs, and
# last the `release` file that marks it whole. The same commit installed again builds
# <commit>-2 (and then <commit> again), never over the release that runs.
step_release() {
    need_root
    local commit="" date="" name
    read -r commit date <<<"$(source_commit)" || true
    name="${commit:-local}"
    [ "$name" = "$(active_release)" ] && name="$name-2"
    REL="$RELEASES/$name"
    say "building release $name in ${REL#"$DEST"}"
    run mkdir -p "$RELEASES"
    clean_half_built
    if [ -e "$REL" ]; then run rm -rf "$REL"; fi  # an older build of this commit, not running
    run mkdir -p "$REL"
    run python3 -m venv "$REL/venv"
    # pip builds a local project inside its folder (build/, *.egg-info): from a copy, so no file
    # of root's is left in the checkout (arm64-check found its owner could not remove them).
    local stage=/tmp/mothership-source
    [ "$DRY_RUN" = 1 ] || stage="$(mktemp -d)"
    run sh -c "tar -C '$SRC' --exclude=./.git --exclude=./.venv --exclude=./build -cf - . | tar -xf - -C '$stage'"
    # The copy has no .git: `mothership --version` reads the commit from this file.
    if [ -n "$commit" ]; then
        printf 'commit = "%s"\ndate = "%s"\n' "$commit" "$date" |
            write "$stage/device/commit.toml" 0644
    fi
    # lgpio comes as PyPI's wheel (it carries the C library); pip may never build its sdist,
    # which needs Pi OS's liblgpio-dev and swig. A Python with no lgpio wheel (Pi OS trixie's
    # 3.13) takes Pi OS's python3-lgpio, seen by the venv, at whatever version apt has.
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
        run python3 -m venv --system-site-packages --upgrade "$REL/venv"
        run sed -i '/^lgpio==/d' "$stage/constraints.txt"
    fi
    # The exact versions the suite passed with (constraints.txt), on the Pi as in the checkout.
    pip_install --only-binary lgpio -c "$stage/constraints.txt" "${stage}[pi]"
    run rm -rf "$stage"
    # What the unit's Documentation= points to, and the defaults the config names.
    run mkdir -p "$REL/docs"
    run install -m 0644 "$SRC/README.md" "$REL/README.md"
    run install -m 0644 "$SRC/device/defaults.toml" "$REL/defaults.toml"
    run cp -r "$SRC/docs/." "$REL/docs/"
    # The release starts (a venv that cannot is never switched to), and says what it is.
    local version="mothership (dry run)"
    if [ "$DRY_RUN" = 1 ]; then
        printf '+ %s --version\n' "$REL/venv/bin/mothership"
    else
        version="$("$REL/venv/bin/mothership" --version)"
    fi
    # Its files reach the disk before the file that marks it whole, and before any switch.
    run sync
    printf '%s\ncommit=%s\ndate=%s\nsource=%s\nbuilt=%s\n' "$version" "${commit:-unknown}" \
        "$date" "$SRC" "$(date -u +%FT%TZ)" | write "$REL/release" 0644
}

# `packages`: apt and a release, made current (no user, config or unit; a unit of the layout
# before releases keeps its venv).
do_packages() {
    step_apt
    step_old_layout
    step_release
    step_switch
    step_prune
}

# Only what differs from the shipped defaults: a release that renames a default key still starts.
minimal_config() {
    cat <<TOML
# Mothership on this device: only what differs from the shipped defaults.
# Every key, its default and what it does: $PREFIX_PATH/defaults.toml
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
    else
        minimal_config | write "$CONF_DIR/config.toml" 0644
    fi
}

# record FILE WORD: note what the installer made, before it makes it (a cut between the two
# leaves a note of something that does not exist, which --purge skips, never the other way).
record() {
    if [ "$DRY_RUN" = 1 ]; then
        printf '+ record %s in %s\n' "$2" "$1"
    elif ! grep -qxF "$2" "$1" 2>/dev/null; then
        mkdir -p "$(dirname "$1")"
        printf '%s\n' "$2" >>"$1"
    fi
}

step_user() {
    for group in "${GROUPS_WANTED[@]}"; do
        if ! getent group "$group" >/dev/null; then
            record "$CREATED_GROUPS" "$group"
            run groupadd --system "$group"
        fi
    done
    if ! getent passwd "$USER_NAME" >/dev/null; then
        record "$CREATED_USER" "$USER_NAME"
        run useradd --system --home-dir "${STATE_DIR#"$DEST"}" --shell /usr/sbin/nologin \
            "$USER_NAME"
    fi
    run usermod -a -G "$(IFS=,; echo "${GROUPS_WANTED[*]}")" "$USER_NAME"
}

# The service's state directory, as systemd's StateDirectory= makes it: the user's own, 0700.
step_state_dir() {
    run install -d -m 0700 -o "$USER_NAME" -g "$USER_NAME" "$STATE_DIR"
}

# as_service RELEASE ARGS...: a command of that release, run as the service's user from its
# state directory (as the unit runs it), so what it writes is the service's.
as_service() {
    local release="$1"
    shift
    run runuser -u "$USER_NAME" -- env -C "$STATE_DIR" STATE_DIRECTORY="$STATE_DIR" \
        "$release/venv/bin/mothership" --config "$CONF_DIR/config.toml" "$@"
}

# Render lines with the new release's Piper voice, into the service's cache, while the running
# service keeps its own release. `step_voice first` (an install): only what the first game of
# the default preset needs, about 7 minutes on a Pi 4 against 45 for every line; the service
# renders the rest behind the game, niced. `step_voice` (an update): every line not in the cache
# yet, which is only the release's new ones. Cut short, the service finishes it in the
# background. MOTHERSHIP_PREPARE_VOICE=0 (--voice-later) leaves all of it to the service.
step_voice() {
    if [ "${MOTHERSHIP_PREPARE_VOICE:-1}" = 0 ]; then
        say "not preparing the voice now (MOTHERSHIP_PREPARE_VOICE=0): the service renders" \
            "the missing lines in the background once it runs"
        return 0
    fi
    local which=()
    [ "${1:-}" = first ] && which=(--first)
    as_service "$REL" voice prepare "${which[@]}" ||
        say "the voice is not fully prepared; the service finishes it in the background"
}

# The unit under a temporary name, then renamed over the old one: systemd reads a whole file.
step_unit() {
    run mkdir -p "$(dirname "$UNIT")"
    run install -m 0644 "$SRC/systemd/mothership.service" "$UNIT.new"
    run mv -T "$UNIT.new" "$UNIT"
    run systemctl daemon-reload
}

# The one moment an update changes which release runs: `current` is renamed over, then synced so
# no power cut can bring the old link back once the old release is pruned. The links that go
# through it, and the checkout to update from, follow.
step_switch() {
    local old
    old="$(active_release)"
    link "releases/$(basename "$REL")" "$CURRENT"
    run sync
    if [ -n "$old" ] && [ "$old" != "$(basename "$REL")" ]; then
        link "releases/$old" "$PREFIX/previous"
    fi
    # The layout before releases keeps its own defaults.toml until it goes (a rollback to it
    # finds it there).
    [ -d "$PREFIX/venv" ] || link current/defaults.toml "$PREFIX/defaults.toml"
    run mkdir -p "$(dirname "$COMMAND")"
    # `sudo mothership update` works from any shell: the command is on root's PATH.
    link "$PREFIX_PATH/current/venv/bin/mothership" "$COMMAND"
    printf '%s\n' "$SRC" | write "$PREFIX/source" 0644
    run sync  # the links above too, before the restart
}

# Every release but the active and the previous one goes.
step_prune() {
    local dir name
    for dir in "$RELEASES"/*; do
        [ -d "$dir" ] || continue
        name="$(basename "$dir")"
        if [ "$name" != "$(active_release)" ] && [ "$name" != "$(previous_release)" ]; then
            run rm -rf "$dir"
        fi
    done
}

# The layout before releases goes once the unit runs `current` and `current` is a release (a
# dry run shows it while `current` is not switched yet).
step_prune_old_layout() {
    local old
    [ -n "$(active_release)" ] || [ "$DRY_RUN" = 1 ] || return 0
    [ -d "$PREFIX/venv" ] || return 0
    for old in venv docs README.md; do
        if [ -e "$PREFIX/$old" ]; then run rm -rf "${PREFIX:?}/$old"; fi
    done
    link current/defaults.toml "$PREFIX/defaults.toml"
}

# restart BEFORE: the new release (systemctl waits for its READY=1); if it does not start,
# `current` goes back to BEFORE (where it pointed before the switch) and that starts again,
# and the installer fails. A first install has nothing to go back to.
step_restart() {
    local before="$1"
    if run systemctl restart mothership.service; then return 0; fi
    if [ -z "$before" ] || [ "$before" = "$(readlink "$CURRENT")" ]; then exit 1; fi
    say "release $(basename "$REL") did not start (journalctl -u mothership): back to $before" >&2
    link "$before" "$CURRENT"
    run sync
    run systemctl restart mothership.service || true
    exit 1
}

do_install() {
    need_root
    step_apt
    step_user
    step_config
    step_old_layout
    step_release
    step_state_dir
    step_voice first
    step_unit
    local before
    before="$(readlink "$CURRENT" 2>/dev/null || true)"
    step_switch
    run systemctl enable mothership.service
    # A second install runs the release it just built; a first one starts the service.
    step_restart "$before"
    step_prune
    step_prune_old_layout
    say "installed $(basename "$REL"). Logs: journalctl -u mothership -f; update: sudo mothership update"
}

do_update() {
    need_root
    local owner release
    owner="$(stat -c %U "$SRC")"
    release="$(installed_release)"
    # A backup of the score log first, as the service's user (its files stay its own).
    if [ "$DRY_RUN" = 1 ] || { [ -f "$STATE_DIR/mothership.db" ] && [ -n "$release" ]; }; then
        as_service "${release:-$CURRENT}" backup now
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

# The second half of an update, run by the installer just pulled. The running service keeps its
# release until the restart; what each moment leaves after a cut: docs/pi.md.
do_reinstall() {
    need_root
    step_apt
    step_user
    step_old_layout
    step_release
    # The release's new lines, before the restart: the first game after an update never waits
    # for them or hears them in the fallback voice (only new lines render; the cache stays).
    step_voice
    step_unit
    local before
    before="$(readlink "$CURRENT" 2>/dev/null || true)"
    step_switch
    step_restart "$before"
    step_prune
    step_prune_old_layout
    say "updated to $(basename "$REL"); kept ${CONF_DIR#"$DEST"} and ${STATE_DIR#"$DEST"}"
}

do_uninstall() {
    need_root
    # Quiet when it is gone already ("uninstall" then "uninstall --purge" said "Failed to
    # disable unit: Unit file mothership.service does not exist.").
    run systemctl disable --now mothership.service 2>/dev/null || true
    run rm -f "$UNIT"
    # A temporary name an installer cut short left.
    if [ -e "$UNIT.new" ]; then run rm -f "$UNIT.new"; fi
    run systemctl daemon-reload
    local link
    for link in "$COMMAND" "$COMMAND.new"; do
        case "$(readlink "$link" 2>/dev/null)" in
            "$PREFIX_PATH"/*) run rm -f "$link" ;;
        esac
    done
    run rm -rf "$PREFIX"
    if [ "$PURGE" = 1 ]; then
        purge
    else
        say "removed the service and $PREFIX_PATH; kept ${CONF_DIR#"$DEST"} and" \
            "${STATE_DIR#"$DEST"} (uninstall --purge removes them)"
    fi
}

# The user and the groups the installer made (as it noted), then the store, the voice cache,
# onnxruntime's files and the backups (all in the state directory, the user's home), then the
# config with those notes: a purge cut short and run again still knows what to remove.
purge() {
    local made_user="" group
    local made_groups=()
    [ -f "$CREATED_USER" ] && made_user="$(head -n 1 "$CREATED_USER")"
    [ -f "$CREATED_GROUPS" ] && mapfile -t made_groups <"$CREATED_GROUPS"
    if [ "$made_user" = "$USER_NAME" ] && getent passwd "$USER_NAME" >/dev/null; then
        run userdel "$USER_NAME"
        # Debian's userdel takes the user's own group along; elsewhere it may stay.
        if [ "$DRY_RUN" = 1 ] || getent group "$USER_NAME" >/dev/null; then
            run groupdel "$USER_NAME"
        fi
    elif getent passwd "$USER_NAME" >/dev/null; then
        say "keeping the user $USER_NAME: the installer did not create it"
    fi
    for group in "${made_groups[@]}"; do
        if getent group "$group" >/dev/null; then run groupdel "$group"; fi
    done
    # The maker's drop-ins for the unit (a plain uninstall keeps them, with the config).
    if [ -e "$UNIT.d" ]; then
        run rm -rf "$UNIT.d"
        run systemctl daemon-reload
    fi
    run rm -rf "$STATE_DIR"
    run rm -rf "$CONF_DIR"
    say "purged: the service, $PREFIX_PATH, ${CONF_DIR#"$DEST"}, ${STATE_DIR#"$DEST"}" \
        "and what the installer created (${made_user:-no user}; groups: ${made_groups[*]:-none})"
}

# One installer at a time: two updates at once would build and switch over each other. The
# pulled installer an update hands over to holds the same lock (its file descriptor).
lock() {
    if [ "$DRY_RUN" = 1 ] || [ -n "${MOTHERSHIP_INSTALL_LOCKED:-}" ]; then return 0; fi
    local file="$DEST/run/lock/mothership-install.lock"
    mkdir -p "$(dirname "$file")"
    exec 9>>"$file"
    if ! flock -n 9; then
        echo "install.sh: another install.sh is running (it holds $file)" >&2
        exit 1
    fi
    export MOTHERSHIP_INSTALL_LOCKED=1
}

main() {
    local action=install
    for arg in "$@"; do
        case "$arg" in
            --dry-run) DRY_RUN=1 ;;
            --voice-later) export MOTHERSHIP_PREPARE_VOICE=0 ;;  # the pulled installer too
            --purge) PURGE=1 ;;
            install|update|uninstall|packages|reinstall) action="$arg" ;;
            *) echo "usage: install.sh [install|update|uninstall|packages] [--dry-run]" \
                   "[--voice-later] [--purge]" >&2
               exit 2 ;;
        esac
    done
    if [ "$PURGE" = 1 ] && [ "$action" != uninstall ]; then
        echo "install.sh: --purge goes with uninstall" >&2
        exit 2
    fi
    [ "$DRY_RUN" = 1 ] && say "dry run: nothing is changed"
    need_root
    lock
    "do_$action"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    main "$@"
fi
