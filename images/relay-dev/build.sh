#!/usr/bin/env bash
# Builds relay's reference image for docker sessions: Debian bookworm, git, zsh and Claude Code (Dockerfile here).
#
#   images/relay-dev/build.sh [--tag NAME] [--claude PATH] [--debootstrap]
#
#   --tag NAME      the image's name (default relay-dev:latest; add it to docker_allowed_images)
#   --claude PATH   Claude Code's native binary to put in (default: `claude` on PATH, links followed)
#   --debootstrap   make the Debian base on this machine (debootstrap, as root) instead of pulling
#                   debian:bookworm-slim: for a machine whose engine reaches no registry
#
# It prints the image's name when done; an error says which step failed.
set -euo pipefail

tag=relay-dev:latest
claude=
debootstrap=0
while (($#)); do
    case $1 in
        --tag) tag=${2:?--tag needs a name}; shift 2 ;;
        --claude) claude=${2:?--claude needs a path}; shift 2 ;;
        --debootstrap) debootstrap=1; shift ;;
        -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

if [[ -z $claude ]]; then
    claude=$(command -v claude) || {
        echo "build.sh: no \`claude\` on PATH; install Claude Code or give --claude /path/to/claude" >&2
        exit 1
    }
fi
claude=$(readlink -f -- "$claude")
if ! [[ -x $claude ]] || ! "$claude" --version >/dev/null 2>&1; then
    echo "build.sh: $claude is not a working Claude Code binary (\`$claude --version\` failed)" >&2
    exit 1
fi

here=$(cd -- "$(dirname -- "$0")" && pwd)
context=$(mktemp -d -t relay-dev-image.XXXXXX)
trap 'rm -rf -- "$context"' EXIT
cp -- "$here/Dockerfile" "$context/Dockerfile"
cp -- "$claude" "$context/claude"
chmod 0755 -- "$context/claude"

base=debian:bookworm-slim
if ((debootstrap)); then
    command -v debootstrap >/dev/null || {
        echo "build.sh: --debootstrap needs debootstrap (apt-get install debootstrap)" >&2
        exit 1
    }
    base=relay-dev-base:bookworm
    if ! docker image inspect "$base" >/dev/null 2>&1; then
        root="$context/rootfs"
        echo "build.sh: making the Debian base with debootstrap (about a minute)"
        debootstrap --variant=minbase --include=git,zsh,ca-certificates bookworm "$root" \
            http://deb.debian.org/debian >"$context/debootstrap.log" 2>&1 || {
            tail -n 20 -- "$context/debootstrap.log" >&2
            echo "build.sh: debootstrap failed (its log is above)" >&2
            exit 1
        }
        rm -rf -- "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"*
        tar -C "$root" -c . | docker import -c 'ENV PATH=/usr/local/bin:/usr/bin:/bin' - "$base" >/dev/null
        rm -rf -- "$root"
    fi
fi

# The classic builder: it builds FROM a local image without asking a registry.
DOCKER_BUILDKIT=0 docker build --quiet --build-arg "BASE=$base" -t "$tag" "$context" >/dev/null \
    2>"$context/build.log" || {
    cat -- "$context/build.log" >&2
    echo "build.sh: docker build failed (its output is above)" >&2
    exit 1
}
echo "$tag"
