#!/usr/bin/env bash
# Interop check: the Claude Desktop bundle (session-checkpoint.mcpb) against the real MCPB
# tools (the @anthropic-ai/mcpb npm package, pinned), offline once installed.
#
#   bash tests/interop/mcpb_check.sh [REPO_DIR]      (default: this script's repo)
#
# Steps (one line each, non-zero exit on any failure):
#   install   npm-installs @anthropic-ai/mcpb once into a cache outside the repo and reuses it:
#             ${SESSION_CHECKPOINT_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/session-checkpoint-ci}/mcpb-<version>
#   unpack    `mcpb unpack` into a temp dir; its checkpoint.pyz is plugin/checkpoint.pyz, byte for byte.
#   validate  `mcpb validate` on the unpacked manifest.json (schema and icon) -> passes; and fails
#             on a copy with a wrong server.type, so that a pass means something.
#   info      `mcpb info` on the bundle.
#   start     tests/interop/bundle_client.py: the server started as the manifest's mcp_config says
#             (${__dirname} the unpacked folder, the project folder a temp dir) answers initialize,
#             tools/list (the manifest's tools) and a call on that folder.
#
# Environment:
#   MCPB_VERSION                  npm version to install (default below)
#   SESSION_CHECKPOINT_CI_CACHE   cache root (default above)
set -u -o pipefail

# Pinned so that a new release cannot turn CI red overnight; bump on purpose (and then
# MANIFEST_VERSION in build_zipapp.py, if the new release has a newer manifest version).
DEFAULT_MCPB_VERSION=2.1.2
repo="$(cd "${1:-$(dirname "${BASH_SOURCE[0]}")/../..}" && pwd)"
bundle="$repo/session-checkpoint.mcpb"
version="${MCPB_VERSION:-$DEFAULT_MCPB_VERSION}"
cache_root="${SESSION_CHECKPOINT_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/session-checkpoint-ci}"
dest="$cache_root/mcpb-$version"
mcpb="$dest/node_modules/.bin/mcpb"

work="$(mktemp -d "${TMPDIR:-/tmp}/ckpt-mcpb-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
passed=0
report() {  # report STATUS MESSAGE [OUTPUT]
    if [ "$1" = 0 ]; then passed=$((passed + 1)); printf 'ok   %s\n' "$2"; return; fi
    printf 'FAIL %s\n' "$2"
    [ -n "${3:-}" ] && printf '%s\n' "$3" | sed 's/^/    | /'
    printf 'mcpb: %d passed, 1 failed\n' "$passed"
    exit 1
}

[ -f "$bundle" ] || report 1 "no bundle at $bundle (run python3 build_zipapp.py)"

# ------------------------------------------------------------------------------ install
note="reused $dest"
if [ "$("$mcpb" --version 2>/dev/null)" != "$version" ]; then
    command -v npm >/dev/null || report 1 "install: npm not found"
    mkdir -p "$cache_root" || report 1 "install: cannot create $cache_root"
    installed=1
    for attempt in 1 2 3; do
        staging="$(mktemp -d "$cache_root/.mcpb-install.XXXXXX")" || break
        # Bounded retries and timeouts: a dead registry fails in about a minute.
        npm install --prefix "$staging" --no-audit --no-fund --no-save --loglevel=error \
            --fetch-retries=1 --fetch-timeout=120000 "@anthropic-ai/mcpb@$version" \
            >"$work/npm.log" 2>&1
        if [ "$("$staging/node_modules/.bin/mcpb" --version 2>/dev/null)" = "$version" ]; then
            rm -rf "$dest" && mv "$staging" "$dest" && installed=0 && break
        fi
        rm -rf "$staging"
        echo "npm install of @anthropic-ai/mcpb@$version failed (attempt $attempt of 3)" >&2
        sleep $((attempt * 5))
    done
    [ "$installed" = 0 ] || report 1 "install: @anthropic-ai/mcpb@$version from npm" "$(tail -n 20 "$work/npm.log")"
    note="npm-installed into $dest"
fi
report 0 "install: mcpb $version ($note)"

# ------------------------------------------------------------------------------ unpack
out="$(timeout 120 "$mcpb" unpack "$bundle" "$work/bundle" 2>&1)"
report $? "unpack: mcpb unpack $(basename "$bundle")" "$out"
cmp -s "$work/bundle/checkpoint.pyz" "$repo/plugin/checkpoint.pyz"
report $? "unpack: the bundle's checkpoint.pyz is plugin/checkpoint.pyz, byte for byte"

# ------------------------------------------------------------------------------ validate
out="$(timeout 120 "$mcpb" validate "$work/bundle/manifest.json" 2>&1)"
status=$?
case "$out" in *"Manifest schema validation passes!"*) ;; *) status=1 ;; esac
report "$status" "validate: mcpb validate manifest.json" "$out"
printf '%s\n' "$out" | sed 's/^/    | /'
mkdir "$work/broken" && cp "$work/bundle/icon.png" "$work/broken/"
python3 - "$work/bundle/manifest.json" "$work/broken/manifest.json" <<'EOF'
import json, sys
manifest = json.load(open(sys.argv[1], encoding="utf-8"))
manifest["server"]["type"] = "ruby"
json.dump(manifest, open(sys.argv[2], "w", encoding="utf-8"))
EOF
out="$(timeout 120 "$mcpb" validate "$work/broken/manifest.json" 2>&1)"
[ $? != 0 ]
report $? "validate: and rejects a manifest with server.type \"ruby\"" "$out"

# ------------------------------------------------------------------------------ info
out="$(timeout 120 "$mcpb" info "$bundle" 2>&1)"
report $? "info: mcpb info" "$out"
printf '%s\n' "$out" | sed 's/^/    | /'

# ------------------------------------------------------------------------------ start
out="$(timeout 120 python3 "$repo/tests/interop/bundle_client.py" "$work/bundle" 2>&1)"
report $? "start: the server as the manifest's mcp_config says" "$out"
printf '%s\n' "$out" | sed 's/^/    | /'
printf 'mcpb: %d passed, 0 failed\n' "$passed"
