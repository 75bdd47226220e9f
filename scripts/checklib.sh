# Shared by scripts/install-check and scripts/arm64-check (sourced, never run): steps that are
# timed, logged and shown while they run, a verdict even when the check is cut off, and a fresh
# Debian bookworm root to run them in.
#
# The caller sets ROOT (the root file system), LOGS (where each step's log goes) and CHECK (its
# name), then calls start_check.

# step NAME COMMAND...: run it with its output in $LOGS/NAME.log; every PROGRESS_EVERY seconds
# say how long it has run and its log's last line; then report its time and result.
PROGRESS_EVERY="${PROGRESS_EVERY:-30}"
CURRENT_STEP=""
STEP_PID=""
FAILED=0

report() { printf '%s\n' "$*" | tee -a "$SUMMARY"; }

minutes() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

step() {
    local name="$1" started status elapsed pid
    shift
    CURRENT_STEP="$name"
    started=$(date +%s)
    printf '== %s ...\n' "$name"
    "$@" >"$LOGS/$name.log" 2>&1 &
    pid=$!
    STEP_PID=$pid
    while ! wait_for "$pid" "$PROGRESS_EVERY"; do
        printf '   %s: %s so far; %s\n' "$name" "$(minutes $(($(date +%s) - started)))" \
            "$(tail -n 1 "$LOGS/$name.log" | tr -d '\r' | cut -c1-100)"
    done
    wait "$pid"
    status=$?
    elapsed=$(($(date +%s) - started))
    CURRENT_STEP=""
    if [ "$status" -eq 0 ]; then
        report "$(printf '%-24s ok    %9s' "$name" "$(minutes "$elapsed")")"
    else
        FAILED=1
        report "$(printf '%-24s FAIL  %9s  (exit %d, see %s)' "$name" "$(minutes "$elapsed")" \
            "$status" "$LOGS/$name.log")"
        tail -n 15 "$LOGS/$name.log" | sed 's/^/    /'
    fi
    return "$status"
}

# kill_tree PID: the process and everything it started (mmdebstrap, apt and pip run children of
# their own, which a plain kill of the step's shell leaves running).
kill_tree() {
    local child
    for child in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$child"; done
    kill "$1" 2>/dev/null
}

# wait_for PID SECONDS: true once PID has ended, false if it still runs after SECONDS.
wait_for() {
    local waited=0
    while kill -0 "$1" 2>/dev/null; do
        [ "$waited" -ge "$2" ] && return 1
        # `wait` on a background sleep, never a foreground one: a signal that comes while a
        # foreground child runs is dropped when that child exits normally, so a `kill -INT`
        # of the check would be lost; `wait` returns at once and the trap runs.
        sleep 1 &
        wait "$!"
        waited=$((waited + 1))
    done
    return 0
}

# note NAME COMMAND...: like step, for what the check cannot show (reported, never a failure).
note() {
    local name="$1" status
    shift
    "$@" >"$LOGS/$name.log" 2>&1
    status=$?
    report "$(printf '%-24s %s' "$name" "$([ "$status" -eq 0 ] && echo ok ||
        echo "fails (exit $status): $(tail -n 1 "$LOGS/$name.log")")")"
    return 0
}

# The verdict is written however the check ends: passed, failed, or cut off inside a step.
finish_check() {
    local status=$?
    trap - EXIT INT TERM
    if [ -n "$CURRENT_STEP" ]; then
        report "$CHECK: CUT OFF during $CURRENT_STEP after $(minutes $(($(date +%s) - CHECK_STARTED)))" \
            "(signal or exit $status): no verdict on the steps after it"
        [ -n "$STEP_PID" ] && kill_tree "$STEP_PID"
        FAILED=1
    elif [ "$FAILED" -eq 0 ] && [ "$status" -eq 0 ]; then
        report "$CHECK: all steps passed in $(minutes $(($(date +%s) - CHECK_STARTED)))"
    else
        report "$CHECK: FAILED"
        FAILED=1
    fi
    umount_root
    exit "$FAILED"
}

start_check() {
    mkdir -p "$LOGS"
    SUMMARY="$LOGS/summary.txt"
    : >"$SUMMARY"
    CHECK_STARTED=$(date +%s)
    trap finish_check EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    report "$CHECK $(date -u +%FT%TZ) on $(uname -m), root $ROOT, logs $LOGS"
}

# Host packages, waiting for another apt (the dpkg lock) instead of failing at once.
host_packages() {
    [ "$#" -gt 0 ] || return 0
    apt-get -o DPkg::Lock::Timeout=900 update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq "$@"
}

# build_root ARCH: a fresh Debian bookworm root with only what a fresh Pi OS Lite has that
# matters here (python3, git, sudo, certificates). The quick start and the installer must bring
# everything else themselves.
build_root() {
    rm -rf "$ROOT"
    mmdebstrap --arch="$1" --variant=minbase \
        --include=python3,git,sudo,ca-certificates,procps \
        bookworm "$ROOT" "${MIRROR:-http://deb.debian.org/debian}"
}

mount_root() {
    mount -t proc proc "$ROOT/proc"
    mount --rbind /sys "$ROOT/sys"
    mount --rbind /dev "$ROOT/dev"
    mount -t tmpfs tmpfs "$ROOT/tmp"
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
    grep -q "[[:space:]]$(hostname)\$" "$ROOT/etc/hosts" 2>/dev/null ||
        printf '127.0.1.1\t%s\n' "$(hostname)" >>"$ROOT/etc/hosts" # sudo looks itself up
}

umount_root() {
    [ -n "${ROOT:-}" ] || return 0
    for dir in tmp dev sys proc; do
        mountpoint -q "$ROOT/$dir" 2>/dev/null && umount -R -l "$ROOT/$dir"
    done
    return 0
}

# The host's extra certificate authorities (a proxy's, say) go into the root's trust store, so
# the root reaches PyPI as the host does; a Pi on an ordinary network needs none of this.
host_cas() {
    python3 - /etc/ssl/certs/ca-certificates.crt "$ROOT/etc/ssl/certs/ca-certificates.crt" \
        "$ROOT/usr/local/share/ca-certificates" <<'PY'
import pathlib, re, sys
def certs(path):
    return set(re.findall(r"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----",
                          pathlib.Path(path).read_text(), re.S))
extra = sorted(certs(sys.argv[1]) - certs(sys.argv[2]))
for number, cert in enumerate(extra):
    pathlib.Path(sys.argv[3], f"host-{number}.crt").write_text(cert + "\n")
print(f"{len(extra)} host certificate authorities added")
PY
    chroot "$ROOT" update-ca-certificates >/dev/null
}

origin_branch() {
    local branch
    branch="$(git -C "$SRC" branch --show-current 2>/dev/null)"
    echo "${branch:-main}"
}

# new_user NAME: a user with sudo, as on a fresh Pi OS Lite, with a clone of the committed
# project (no .venv, no caches) from an origin repository inside the root, /srv/mothership.git.
new_user() {
    local user="$1"
    chroot "$ROOT" sh -c "id $user >/dev/null 2>&1 || useradd -m -s /bin/bash $user"
    printf '%s ALL=(ALL) NOPASSWD: ALL\n' "$user" >"$ROOT/etc/sudoers.d/010_$user"
    chmod 0440 "$ROOT/etc/sudoers.d/010_$user"
    rm -rf "$ROOT/srv/mothership.git" "$ROOT/home/$user/mothership"
    git clone -q --bare "$SRC" "$ROOT/srv/mothership.git"
    git -C "$ROOT/srv/mothership.git" symbolic-ref HEAD "refs/heads/$(origin_branch)" 2>/dev/null
    # ORIGIN_START: the origin starts at an older release, to update from it later.
    if [ -n "${ORIGIN_START:-}" ]; then
        git -C "$ROOT/srv/mothership.git" update-ref "refs/heads/$(origin_branch)" \
            "$(git -C "$SRC" rev-parse --verify "$ORIGIN_START^{commit}")" || return 1
    fi
    chroot "$ROOT" chown -R "$user:$user" /srv/mothership.git
    chroot "$ROOT" su - "$user" -c \
        "git clone -q /srv/mothership.git mothership && git -C mothership log --oneline -1"
}

as_user() {
    chroot "$ROOT" su - "$NEW_USER" -c "cd mothership && $*"
}
