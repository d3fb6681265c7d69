#!/usr/bin/env bash
# Create, cache and use a Debian root filesystem holding a real PyTorch (libtorch + python3-torch).
#
#   scripts/torch-rootfs.sh ensure VERSION          create the root filesystem for VERSION unless a complete one is cached
#   scripts/torch-rootfs.sh path VERSION            print where the root filesystem for VERSION lives
#   scripts/torch-rootfs.sh run VERSION [--bind DIR]... -- CMD...
#                                                   run CMD inside it (private mount namespace + chroot);
#                                                   the repository and every --bind DIR appear at their host paths
#   scripts/torch-rootfs.sh versions                list the supported torch lines
#
# VERSION is a torch line: 2.6 (Debian trixie ships torch 2.6.0) or 2.14 (Debian forky ships torch 2.14.1).
# A line with the suffix -plain (2.14-plain) is a plain Debian torch install: python3-torch, libtorch-dev and
# the build tools only, without the optional libgloo-dev and libfmt-dev; generated backends are tested there as
# a user following only the generated README would build them.
# The cache lives outside the repository, in $ACCELGEN_ROOTFS_CACHE (default /var/cache/accelgen/rootfs).
# A root filesystem counts as complete only when the stamp file written after a successful debootstrap and a
# successful `import torch` check is present; anything else (for example an interrupted debootstrap) is rebuilt.
# The package mirror is debootstrap's default; no mirror is named here.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache_root=${ACCELGEN_ROOTFS_CACHE:-/var/cache/accelgen/rootfs}
stamp_name=.accelgen-rootfs-complete

# VERSION (2.14 or 2.14-plain) -> its torch line (2.14).
torch_line() { echo "${1%-plain}"; }
is_plain() { [ "$1" != "$(torch_line "$1")" ]; }

# torch line -> Debian suite.
suite_for() {
  case "$(torch_line "$1")" in
    2.6) echo trixie ;;
    2.14) echo forky ;;
    *) echo "torch-rootfs: unsupported torch line '$1' (supported: 2.6, 2.14, 2.6-plain, 2.14-plain)" >&2; return 1 ;;
  esac
}

# The packages every root filesystem holds. Adding one here installs it into cached root filesystems on their
# next use (no rebuild): the stamp records the packages installed so far, and a root filesystem is current when
# it holds every package of this list (more is fine, so checkouts with different lists share one cache).
packages=(
  python3-torch libtorch-dev g++ cmake ninja-build make
  python3-dev python3-pytest python3-venv python3-pip python3-setuptools python3-wheel
  python3-expecttest iproute2 procps ca-certificates libgloo-dev libfmt-dev pybind11-dev
  pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers
)
# A plain root filesystem: what a user who installs Debian's torch and a compiler has, nothing optional.
plain_packages=(
  python3-torch libtorch-dev g++ cmake ninja-build make
  python3-dev python3-pytest python3-venv python3-pip python3-setuptools python3-wheel
)
# packages_for VERSION: the package list of that root filesystem, one a line.
packages_for() {
  if is_plain "$1"; then printf '%s\n' "${plain_packages[@]}"; else printf '%s\n' "${packages[@]}"; fi
}
packages_line() { packages_for "$1" | sort | tr '\n' ' ' | sed 's/ $//'; }

rootfs_dir() { echo "$cache_root/torch-$1"; }

is_complete() {
  local dir=$1 version=$2
  [ -f "$dir/$stamp_name" ] && grep -qx "torch=$(torch_line "$version")\..*" "$dir/$stamp_name"
}

has_current_packages() {
  local recorded p
  recorded=" $(sed -n 's/^packages=//p' "$1/$stamp_name") "
  for p in $(packages_for "$2"); do
    case "$recorded" in *" $p "*) ;; *) return 1 ;; esac
  done
}

# Installs packages added to the list since the root filesystem was made, then records the new list.
add_missing_packages() {
  local dir=$1 version=$2
  echo "torch-rootfs: installing packages added since $dir was made" >&2
  local list recorded
  list=$(packages_line "$version")
  run_in "$dir" -- bash -c "export DEBIAN_FRONTEND=noninteractive; apt-get -o Acquire::Check-Valid-Until=false update -qq && apt-get install -y -qq --no-install-recommends $list" >&2
  recorded=$(sed -n 's/^packages=//p' "$dir/$stamp_name")
  list=$(printf '%s\n' $recorded $list | sort -u | tr '\n' ' ' | sed 's/ $//')
  sed -i '/^packages=/d' "$dir/$stamp_name"
  echo "packages=$list" >>"$dir/$stamp_name"
}

with_lock() {
  mkdir -p "$cache_root"
  exec 9>"$cache_root/.lock-$1"
  flock 9
}

ensure() {
  local version=$1 suite dir
  suite=$(suite_for "$version")
  dir=$(rootfs_dir "$version")
  with_lock "$version"
  if is_complete "$dir" "$version"; then
    has_current_packages "$dir" "$version" || add_missing_packages "$dir" "$version"
    return 0
  fi
  if ! command -v debootstrap >/dev/null; then
    echo "torch-rootfs: installing debootstrap" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y debootstrap >&2
  fi
  if [ -e "$dir" ]; then
    echo "torch-rootfs: $dir is incomplete (no stamp); rebuilding it" >&2
    rm -rf --one-file-system "$dir"
  fi
  local partial="$dir.partial"
  rm -rf --one-file-system "$partial"
  mkdir -p "$partial"
  local include
  include=$(packages_line "$version" | tr ' ' ,)
  echo "torch-rootfs: debootstrap $suite into $dir (about 1.5 minutes, 2 to 2.5 GB)" >&2
  # An empty mirror argument keeps debootstrap's default mirror; "sid" is the script for every current suite.
  debootstrap --variant=minbase --include="$include" "$suite" "$partial" "" sid >&2
  local torch_version
  # The last line only: without /proc, libraries loaded by torch print warnings on stdout.
  torch_version=$(chroot "$partial" python3 -c 'import torch; print(torch.__version__)' 2>/dev/null | tail -n 1)
  case "$torch_version" in
    "$(torch_line "$version")".*) ;;
    *) echo "torch-rootfs: $suite ships torch $torch_version, not $(torch_line "$version").x" >&2; return 1 ;;
  esac
  printf 'torch=%s suite=%s\npackages=%s\n' "$torch_version" "$suite" "$(packages_line "$version")" \
    >"$partial/$stamp_name"
  mv "$partial" "$dir"
  echo "torch-rootfs: ready: $dir (torch $torch_version)" >&2
}

run() {
  local version=$1; shift
  local dir
  dir=$(rootfs_dir "$version")
  # ensure in a subshell: its lock (fd 9) is released before CMD runs, so a long CMD never blocks other users.
  { is_complete "$dir" "$version" && has_current_packages "$dir" "$version"; } || ( ensure "$version" )
  run_in "$dir" "$@"
}

# run_in DIR [--bind DIR]... -- CMD...: CMD inside the root filesystem DIR.
run_in() {
  local dir=$1; shift
  local binds=("$repo_root")
  while [ $# -gt 0 ]; do
    case "$1" in
      --bind) binds+=("$(cd "$2" && pwd)"); shift 2 ;;
      --) shift; break ;;
      *) break ;;
    esac
  done
  [ $# -gt 0 ] || { echo "torch-rootfs: run needs a command after --" >&2; return 2; }
  # Everything happens inside a private mount namespace: nothing stays mounted in the cache afterwards.
  unshare -m --propagation private -- bash -euo pipefail -c '
    dir=$1; shift
    nbinds=$1; shift
    # The system mounts first, the binds last: a repository or --bind path under /tmp must not be hidden by
    # the fresh /tmp.
    mount -t proc proc "$dir/proc"
    mount --rbind /dev "$dir/dev"
    mount --rbind /sys "$dir/sys"  # OpenCL (PoCL) reads the CPU topology from /sys
    mount -t tmpfs tmpfs "$dir/tmp"
    for ((i = 0; i < nbinds; i++)); do
      mkdir -p "$dir$1"
      mount --bind "$1" "$dir$1"
      shift
    done
    mkdir -p "$dir/dev/shm"
    mountpoint -q "$dir/dev/shm" || mount -t tmpfs tmpfs "$dir/dev/shm"
    cp /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
    exec chroot "$dir" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
      ${CMAKE_BUILD_PARALLEL_LEVEL:+CMAKE_BUILD_PARALLEL_LEVEL=$CMAKE_BUILD_PARALLEL_LEVEL} \
      bash -c "cd \"\$0\" && exec \"\$@\"" "$PWD" "$@"
  ' torch-rootfs "$dir" "${#binds[@]}" "${binds[@]}" "$@"
}

cmd=${1:-}
shift || true
case "$cmd" in
  ensure) [ $# -eq 1 ] || { echo "usage: $0 ensure VERSION" >&2; exit 2; }; ensure "$1" ;;
  path) [ $# -eq 1 ] || { echo "usage: $0 path VERSION" >&2; exit 2; }; suite_for "$1" >/dev/null; rootfs_dir "$1" ;;
  run) [ $# -ge 2 ] || { echo "usage: $0 run VERSION [--bind DIR]... -- CMD..." >&2; exit 2; }; run "$@" ;;
  versions) echo "2.6 2.14" ;;
  *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
