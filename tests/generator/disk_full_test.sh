#!/bin/sh
# Disk full during `generate`: the error names the path and the reason, and the tree is left exactly as it was;
# with space again, the same command succeeds. Runs on a small tmpfs in a private mount namespace (unshare -m);
# exits 77 (skipped) where that is not allowed.
#   tests/generator/disk_full_test.sh ACCELGEN_BINARY
set -eu
bin=$1
if [ "${ACCELGEN_DISK_FULL_INSIDE:-}" != 1 ]; then
  unshare -m true 2>/dev/null || { echo "skipped: unshare -m is not allowed here"; exit 77; }
  exec unshare -m env ACCELGEN_DISK_FULL_INSIDE=1 "$0" "$@"
fi
fail() { echo "FAIL: $*"; exit 1; }
mnt=$(mktemp -d)
mount -t tmpfs -o size=4m tmpfs "$mnt" || { rmdir "$mnt"; echo "skipped: cannot mount a tmpfs"; exit 77; }
trap 'umount "$mnt"; rmdir "$mnt"' EXIT
"$bin" init mydevice --torch 2.6 --dir "$mnt" >/dev/null
tree="$mnt/mydevice"
state() { (cd "$tree" && find . -type f ! -path ./.accelgen/lock -exec sha1sum {} + | sort); }
before=$(state)
# Fill the file system, then give back 16 KiB: too little to stage the 2.14 output.
dd if=/dev/zero of="$mnt/filler" bs=64k 2>/dev/null || true
truncate -s -16K "$mnt/filler"
if out=$("$bin" generate --torch 2.14 "$tree" 2>&1); then fail "generate succeeded on a full disk: $out"; fi
echo "$out"
echo "$out" | grep -q "No space left on device" || fail "the reason is not named"
echo "$out" | grep -q "$tree/" || fail "the path is not named"
[ "$(state)" = "$before" ] || fail "the tree changed"
[ ! -e "$tree/.accelgen/txn" ] || fail "the staging directory was left behind"
rm "$mnt/filler"
"$bin" generate --torch 2.14 "$tree" >/dev/null || fail "generate failed with space again"
[ "$(state)" != "$before" ] || fail "the tree was not updated"
echo "ok: disk full is reported and leaves the tree as it was"
