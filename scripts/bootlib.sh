# shellcheck shell=bash
# Shared by scripts/boot-check (sourced, never run): a Debian bookworm root made bootable, its
# disk image, the VM that boots it under qemu (TCG: no KVM here) and ssh into it over qemu's
# user-mode network, forwarded on 127.0.0.1 only.
#
# The caller sets ARCH, ROOT (the root's folder), WORK (beside the root: base, image, key,
# kernel), LOGS, SRC and NEW_USER, and sources checklib.sh first.

VM_PORT=""
VM_PID_FILE=""

# The packages of a fresh Raspberry Pi OS Lite that matter here (checklib's build_root), and
# what makes a root boot by itself under systemd with ssh and DHCP.
boot_packages() {
    local kernel=linux-image-amd64
    [ "$ARCH" = arm64 ] && kernel=linux-image-arm64
    echo "python3,git,sudo,ca-certificates,procps,systemd-sysv,udev,dbus,$kernel,initramfs-tools,openssh-server,iproute2"
}

# The base is built once and kept beside the root (--reuse-base): a tar of mmdebstrap's root.
build_base() {
    rm -f "$BASE.partial"
    # --format: the name ends in .partial, from which mmdebstrap would guess a directory.
    mmdebstrap --arch="$ARCH" --variant=minbase --format=tar --include="$(boot_packages)" \
        bookworm "$BASE.partial" "${MIRROR:-http://deb.debian.org/debian}" &&
        mv "$BASE.partial" "$BASE"
}

# A fresh root from the base, configured to boot: fstab, network, DNS, ssh key, the maker
# with sudo and the clone of the committed HEAD (checklib's new_user), the host's CAs.
bootable_root() {
    rm -rf "$ROOT" && mkdir -p "$ROOT" && tar -C "$ROOT" -xf "$BASE" || return 1
    echo mothership-vm >"$ROOT/etc/hostname"
    printf '127.0.0.1\tlocalhost\n127.0.1.1\tmothership-vm\n' >"$ROOT/etc/hosts"
    printf '/dev/vda\t/\text4\tdefaults,errors=remount-ro\t0\t1\n' >"$ROOT/etc/fstab"
    # systemd-networkd asks qemu's DHCP for an address; qemu's DNS is 10.0.2.3.
    mkdir -p "$ROOT/etc/systemd/network"
    printf '[Match]\nName=e*\n\n[Network]\nDHCP=yes\n' >"$ROOT/etc/systemd/network/20-wired.network"
    chroot "$ROOT" systemctl enable systemd-networkd.service ssh.service >/dev/null 2>&1 ||
        return 1
    # No root password and no login prompt to wait at: only the check's key gets in.
    ssh_key || return 1
    local home
    mount_root
    host_cas
    new_user "$NEW_USER" || { umount_root; return 1; }
    umount_root
    for home in root "home/$NEW_USER"; do
        install -d -m 0700 "$ROOT/$home/.ssh"
        install -m 0600 "$WORK-ssh/id_ed25519.pub" "$ROOT/$home/.ssh/authorized_keys"
    done
    chroot "$ROOT" chown -R "$NEW_USER:$NEW_USER" "/home/$NEW_USER/.ssh"
    rm -f "$ROOT/etc/resolv.conf"
    echo "nameserver 10.0.2.3" >"$ROOT/etc/resolv.conf"
    # The kernel and initrd boot the VM from outside the image (-kernel, -initrd).
    local kernels=("$ROOT"/boot/vmlinuz-*) initrds=("$ROOT"/boot/initrd.img-*)
    cp "${kernels[-1]}" "$WORK-vmlinuz" && cp "${initrds[-1]}" "$WORK-initrd" || return 1
    echo "kernel ${kernels[-1]##*/}"
    git -c safe.directory="*" -C "$ROOT/home/$NEW_USER/mothership" log --oneline -1
}

ssh_key() {
    mkdir -p "$WORK-ssh" && chmod 0700 "$WORK-ssh"
    [ -s "$WORK-ssh/id_ed25519" ] ||
        ssh-keygen -q -t ed25519 -N '' -C boot-check -f "$WORK-ssh/id_ed25519"
}

# The disk: the root copied into a sparse ext4 image (no mount, no loop device needed).
disk_image() {
    rm -f "$IMAGE"
    mkfs.ext4 -q -F -L mothership -d "$ROOT" "$IMAGE" "${IMAGE_SIZE:-10G}" || return 1
    du -h --apparent-size "$IMAGE" | sed 's/^/apparent size /'
    du -h "$IMAGE" | sed 's/^/on disk /'
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# DISPLAY_DEVICE: what gives the VM a DRM device (/dev/dri/card0) for kmsdrm, with no window.
qemu_command() {
    local console="$1"
    VM_PORT="${VM_PORT:-$(free_port)}"
    local net="user,id=net0,hostfwd=tcp:127.0.0.1:$VM_PORT-:22"
    if [ "$ARCH" = arm64 ]; then
        QEMU=(qemu-system-aarch64 -machine virt -cpu max -accel "tcg,thread=multi" -smp 2 -m 3G
            -kernel "$WORK-vmlinuz" -initrd "$WORK-initrd"
            -append "root=/dev/vda rw console=ttyAMA0 net.ifnames=0"
            -device virtio-gpu-pci)
    else
        QEMU=(qemu-system-x86_64 -accel "tcg,thread=multi" -smp 2 -cpu max -m 3G
            -kernel "$WORK-vmlinuz" -initrd "$WORK-initrd"
            -append "root=/dev/vda rw console=ttyS0,115200 net.ifnames=0"
            "${DISPLAY_DEVICE[@]}"
            # A sound card, so the service opens ALSA as on a Pi (its output goes nowhere).
            -audiodev "none,id=snd0" -device intel-hda -device "hda-duplex,audiodev=snd0")
    fi
    QEMU+=(-drive "file=$DISK,format=${DISK_FORMAT:-raw},if=virtio"
        -netdev "$net" -device "virtio-net-pci,netdev=net0"
        -device virtio-rng-pci -display none -monitor none
        -serial "file:$console" -pidfile "$VM_PID_FILE")
}

# vm_start NAME: boot the disk, the console kept in $LOGS/console-<boot>-NAME.log; wait for ssh.
vm_start() {
    local console="$LOGS/console-$1.log" started
    rm -f "$VM_PID_FILE"
    qemu_command "$console"
    echo "${QEMU[*]}"
    started=$(date +%s)
    # setsid: the VM outlives the step's shell (steps run in the background); stopped by
    # vm_stop or vm_power_cut, by its PID.
    setsid "${QEMU[@]}" </dev/null >"$LOGS/qemu-$1.log" 2>&1 &
    echo "$!" >"$VM_PID_FILE"  # qemu's -pidfile writes the same, later
    local waited=0
    while ! vm true 2>/dev/null; do
        if ! vm_running; then
            echo "qemu exited:"; cat "$LOGS/qemu-$1.log"; tail -n 20 "$console" 2>/dev/null
            return 1
        fi
        waited=$((waited + 5))
        [ "$waited" -gt "${BOOT_TIMEOUT:-900}" ] && { echo "no ssh after $waited s"; return 1; }
        sleep 5
    done
    echo "ssh answers after $(($(date +%s) - started)) s (qemu PID $(vm_pid), port $VM_PORT)"
    vm 'systemctl is-system-running --wait; uname -srm; systemd --version | head -1'
    return 0
}

vm_pid() { cat "$VM_PID_FILE" 2>/dev/null; }

vm_running() { [ -n "$(vm_pid)" ] && kill -0 "$(vm_pid)" 2>/dev/null; }

# The power cut: qemu killed, nothing flushed or shut down in the guest.
vm_power_cut() {
    local pid
    pid="$(vm_pid)"
    [ -n "$pid" ] || { echo "no VM to cut"; return 1; }
    kill -9 "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
    echo "qemu $pid killed with SIGKILL"
}

vm_stop() {
    vm_running || return 0
    vm 'systemctl poweroff' >/dev/null 2>&1
    local waited=0
    while vm_running && [ "$waited" -lt 120 ]; do sleep 1; waited=$((waited + 1)); done
    vm_running && kill -9 "$(vm_pid)"
    return 0
}

SSH_OPTIONS=(-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR
    -o ConnectTimeout=10 -o ServerAliveInterval=15 -o ServerAliveCountMax=8 -o BatchMode=yes)

# vm COMMAND: run it as root in the VM; vm_as USER COMMAND: as another user there.
vm() { ssh "${SSH_OPTIONS[@]}" -i "$WORK-ssh/id_ed25519" -p "$VM_PORT" root@127.0.0.1 "$@"; }
vm_as() {
    local user="$1"
    shift
    ssh "${SSH_OPTIONS[@]}" -i "$WORK-ssh/id_ed25519" -p "$VM_PORT" "$user@127.0.0.1" "$@"
}
vm_copy() { scp -q "${SSH_OPTIONS[@]}" -i "$WORK-ssh/id_ed25519" -P "$VM_PORT" "$@"; }
