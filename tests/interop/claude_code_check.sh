#!/usr/bin/env bash
# Interop check: Claude Code itself (the @anthropic-ai/claude-code npm package) against
# this repo's server and plugin, offline, with throwaway HOMEs. No model, no login needed:
# `claude mcp list` really starts each configured server and connects to it.
#
#   bash tests/interop/claude_code_check.sh [REPO_DIR]      (default: this script's repo)
#
# Steps (each timed, one line each, non-zero exit on any failure):
#   install  npm-installs Claude Code once into a cache outside the repo and reuses it:
#            ${SESSION_CHECKPOINT_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/session-checkpoint-ci}/claude-code-<version>
#   a        `claude mcp add -s user checkpoint -- python3 -I -S <abs pyz>`, `claude mcp list` in a temp
#            git repo -> "✔ Connected"; the era Claude Code negotiated is read from its MCP log and
#            must be modern (2026-07-28); then again with MCP_PROTOCOL_NEGOTIATION=legacy -> legacy.
#   b        `claude plugin validate` on plugin/ and on .claude-plugin/marketplace.json -> passed.
#   c        `claude plugin marketplace add <repo>`, `claude plugin install <plugin>@<marketplace>`,
#            `claude mcp list` in a temp git repo -> the plugin's server connected (modern).
#   d        the same from a marketplace holding a copy of plugin/ alone (what a git install gets),
#            proving that the plugin needs nothing outside plugin/.
#   e        the plugin's server command, ${SESSION_CHECKPOINT_PYTHON:-python3}: on a PATH whose
#            python3 is a Microsoft Store stub (says "Python was not found", exits 49) it does not
#            connect; with SESSION_CHECKPOINT_PYTHON naming a real interpreter it does.
#
# Environment:
#   CLAUDE_CODE_VERSION   npm version to install (default below; "latest" resolves once and is cached
#                         under the resolved number)
#   CLAUDE_BIN            use this claude executable instead of installing one
#   SESSION_CHECKPOINT_CI_CACHE   cache root (default above)
set -u -o pipefail

DEFAULT_CLAUDE_CODE_VERSION=2.1.332
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "${1:-$here/../..}" && pwd)"
pyz="$repo/plugin/checkpoint.pyz"
version="${CLAUDE_CODE_VERSION:-$DEFAULT_CLAUDE_CODE_VERSION}"
cache_root="${SESSION_CHECKPOINT_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/session-checkpoint-ci}"

passed=0
failed=0
work="$(mktemp -d "${TMPDIR:-/tmp}/ckpt-cc-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT

now() { printf '%s' "${EPOCHREALTIME/,/.}"; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2fs", b - a }'; }
ok() { passed=$((passed + 1)); printf 'ok   %s\n' "$*"; }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
indent() { sed 's/^/    | /'; }

die() {
    fail "$*"
    printf 'claude: %d passed, %d failed\n' "$passed" "$failed"
    exit 1
}

[ -f "$pyz" ] || die "no server at $pyz"
command -v python3 >/dev/null || die "no python3 on PATH"

# --------------------------------------------------------------------------- install (cached)

install_claude() {
    local want="$1" dest tmp attempt t0
    if [ "$want" = latest ]; then
        want="$(npm view @anthropic-ai/claude-code@latest version 2>/dev/null)" || want=""
        [ -n "$want" ] || { echo "npm view @anthropic-ai/claude-code failed" >&2; return 1; }
    fi
    dest="$cache_root/claude-code-$want"
    if [ -x "$dest/node_modules/.bin/claude" ] \
        && "$dest/node_modules/.bin/claude" --version 2>/dev/null | grep -q "^$want "; then
        claude="$dest/node_modules/.bin/claude"
        install_note="reused $dest"
        return 0
    fi
    mkdir -p "$cache_root" || return 1
    t0="$(now)"
    for attempt in 1 2 3; do
        tmp="$(mktemp -d "$cache_root/.install.XXXXXX")" || return 1
        # --prefer-online: a stale cached package document can otherwise pin an old version.
        # Bounded retries and timeouts: a dead registry fails in about a minute, not ten.
        if npm install --prefix "$tmp" --no-audit --no-fund --no-save --prefer-online --loglevel=error \
                --fetch-retries=1 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=10000 \
                --fetch-timeout=120000 \
                "@anthropic-ai/claude-code@$want" >"$tmp.log" 2>&1 \
            && "$tmp/node_modules/.bin/claude" --version >/dev/null 2>&1; then
            rm -rf "$dest" && mv "$tmp" "$dest" && rm -f "$tmp.log"
            claude="$dest/node_modules/.bin/claude"
            install_note="npm-installed into $dest in $(elapsed "$t0")"
            return 0
        fi
        echo "npm install of @anthropic-ai/claude-code@$want failed (attempt $attempt):" >&2
        tail -n 20 "$tmp.log" >&2
        rm -rf "$tmp" "$tmp.log"
        sleep $((attempt * 5))
    done
    return 1
}

t0="$(now)"
if [ -n "${CLAUDE_BIN:-}" ]; then
    claude="$CLAUDE_BIN"
    install_note="CLAUDE_BIN=$CLAUDE_BIN"
else
    command -v npm >/dev/null || die "install: npm not found"
    install_claude "$version" || die "install: could not install @anthropic-ai/claude-code@$version from the npm registry"
fi
cc_version="$("$claude" --version 2>&1 | head -n 1)"
ok "install: Claude Code $cc_version ($install_note; $(elapsed "$t0"))"

# --------------------------------------------------------------------------- helpers

# A throwaway HOME with the offline switches; the cache root was computed above from the real HOME.
new_home() {
    local h
    h="$(mktemp -d "$work/home.XXXXXX")"
    printf '%s' "$h"
}

cc() {  # cc HOME CWD args... : run claude offline in a throwaway HOME, 120 s at most
    local h="$1" cwd="$2"
    shift 2
    (cd "$cwd" && env -u CLAUDE_CODE_SESSION_ID -u CHECKPOINT_PROJECT_ROOT -u CHECKPOINT_SESSION_IDS \
        -u ANTHROPIC_API_KEY -u CLAUDECODE -u CLAUDE_CODE_ENTRYPOINT \
        HOME="$h" XDG_CONFIG_HOME="$h/.config" XDG_CACHE_HOME="$h/.cache" XDG_DATA_HOME="$h/.local/share" \
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 \
        DISABLE_ERROR_REPORTING=1 CI=1 \
        timeout 120 "$claude" "$@" </dev/null 2>&1)
}

new_git_repo() {
    local d
    d="$(mktemp -d "$work/project.XXXXXX")"
    git -C "$d" init -q && printf '%s' "$d"
}

# era_from_logs HOME SERVER-LOG-DIR-NAME -> "modern 2026-07-28" / "legacy 2025-11-25" of the newest connect
era_from_logs() {
    local f
    f="$(ls -t "$1"/.cache/claude-cli-nodejs/*/"$2"/*.jsonl 2>/dev/null | head -n 1)"
    [ -n "$f" ] || return 1
    python3 - "$f" <<'PY'
import json, re, sys
era = ver = None
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    try:
        debug = json.loads(line).get("debug", "")
    except ValueError:
        continue
    m = re.search(r'"protocolEra":"(\w+)","negotiatedProtocolVersion":"([^"]+)"', debug)
    if m:
        era, ver = m.groups()
print("%s %s" % (era, ver) if era else "unknown")
PY
}

# expect_connected OUTPUT NAME-REGEX LABEL T0 HOME
expect_connected() {
    local out="$1" name="$2" label="$3" t0="$4" h="$5" line log
    line="$(printf '%s\n' "$out" | grep -E "^${name}: " | head -n 1)"
    if printf '%s' "$line" | grep -q '✔ Connected'; then
        ok "$label: ${line} ($(elapsed "$t0"))"
        return 0
    fi
    fail "$label: not connected ($(elapsed "$t0"))"
    printf '%s\n' "$out" | indent
    log="$(ls -t "$h"/.cache/claude-cli-nodejs/*/mcp-logs-*/*.jsonl 2>/dev/null | head -n 1)"
    if [ -n "$log" ]; then
        echo "    | --- Claude Code's MCP log ($log), last lines:"
        tail -n 15 "$log" | indent
    fi
    return 1
}

expect_era() {  # expect_era HOME LOGDIR WANTED LABEL
    local got
    got="$(era_from_logs "$1" "$2")" || got="no MCP log found"
    if [ "${got%% *}" = "$3" ]; then
        ok "$4: Claude Code negotiated $got"
    else
        fail "$4: expected the $3 era, Claude Code's MCP log says: $got"
        ls -t "$1"/.cache/claude-cli-nodejs/*/"$2"/*.jsonl 2>/dev/null | head -n 1 | xargs -r cat | indent
    fi
}

# --------------------------------------------------------------------------- (a) manual `claude mcp add`

h="$(new_home)"
proj="$(new_git_repo)"
t0="$(now)"
out="$(cc "$h" "$proj" mcp add -s user checkpoint -- python3 -I -S "$pyz")"
if [ $? -eq 0 ]; then ok "a: claude mcp add -s user checkpoint -- python3 -I -S $pyz ($(elapsed "$t0"))"
else fail "a: claude mcp add failed"; printf '%s\n' "$out" | indent; fi

t0="$(now)"
out="$(cc "$h" "$proj" mcp list)"
expect_connected "$out" checkpoint "a: claude mcp list" "$t0" "$h" && expect_era "$h" mcp-logs-checkpoint modern "a: default negotiation"

rm -f "$h/.claude/state/mcp-discover-verdicts.json"
t0="$(now)"
out="$(MCP_PROTOCOL_NEGOTIATION=legacy cc "$h" "$proj" mcp list)"
expect_connected "$out" checkpoint "a: MCP_PROTOCOL_NEGOTIATION=legacy claude mcp list" "$t0" "$h" \
    && expect_era "$h" mcp-logs-checkpoint legacy "a: forced legacy negotiation"

# --------------------------------------------------------------------------- (b) plugin validate

h="$(new_home)"
for target in "$repo/plugin" "$repo/.claude-plugin/marketplace.json"; do
    t0="$(now)"
    out="$(cc "$h" "$repo" plugin validate "$target")"
    rc=$?
    if [ $rc -eq 0 ] && printf '%s' "$out" | grep -q 'Validation passed'; then
        ok "b: claude plugin validate ${target#"$repo"/}: $(printf '%s\n' "$out" | grep 'Validation passed' | tail -n 1 | sed 's/^[^A-Za-z]*//') ($(elapsed "$t0"))"
        printf '%s\n' "$out" | grep -E '^\s*(⚠|✘|❯)' | indent
    else
        fail "b: claude plugin validate ${target#"$repo"/} (exit $rc)"
        printf '%s\n' "$out" | indent
    fi
done

# --------------------------------------------------------------------------- (c) marketplace + install

read -r mp_name plugin_name plugin_source < <(python3 - "$repo/.claude-plugin/marketplace.json" <<'PY'
import json, sys
try:
    m = json.load(open(sys.argv[1], encoding="utf-8"))
    p = m["plugins"][0]
    src = p["source"] if isinstance(p["source"], str) else "?"
    print(m["name"], p["name"], src)
except Exception as exc:
    print("? ? ?")
PY
)

plugin_check() {  # plugin_check LABEL MARKETPLACE-DIR
    local label="$1" mp="$2" h proj t0 out rc
    h="$(new_home)"
    proj="$(new_git_repo)"
    t0="$(now)"
    out="$(cc "$h" "$proj" plugin marketplace add "$mp")"
    rc=$?
    if [ $rc -eq 0 ]; then ok "$label: claude plugin marketplace add $mp ($(elapsed "$t0"))"
    else fail "$label: claude plugin marketplace add $mp (exit $rc)"; printf '%s\n' "$out" | indent; return; fi
    t0="$(now)"
    out="$(cc "$h" "$proj" plugin install "$plugin_name@$mp_name")"
    rc=$?
    if [ $rc -eq 0 ]; then ok "$label: claude plugin install $plugin_name@$mp_name ($(elapsed "$t0"))"
    else fail "$label: claude plugin install $plugin_name@$mp_name (exit $rc)"; printf '%s\n' "$out" | indent; return; fi
    t0="$(now)"
    out="$(cc "$h" "$proj" mcp list)"
    if expect_connected "$out" "plugin:$plugin_name:[^:]+" "$label: claude mcp list" "$t0" "$h"; then
        local logdir
        logdir="$(find "$h/.cache/claude-cli-nodejs" -mindepth 2 -maxdepth 2 -type d \
            -name "mcp-logs-plugin-$plugin_name-*" 2>/dev/null | head -n 1)"
        expect_era "$h" "${logdir##*/}" modern "$label: plugin server negotiation"
        if printf '%s\n' "$out" | grep -E "^plugin:$plugin_name:" | grep -v -q '✔ Connected'; then
            fail "$label: another server of the plugin did not connect"
        fi
    fi
}

if [ "$mp_name" = "?" ]; then
    fail "c: cannot read name/plugins[0] from $repo/.claude-plugin/marketplace.json"
else
    plugin_check "c" "$repo"
    # (d) a marketplace that holds plugin/ alone, as a git install would copy it
    mp_copy="$work/marketplace-copy"
    mkdir -p "$mp_copy/.claude-plugin"
    cp "$repo/.claude-plugin/marketplace.json" "$mp_copy/.claude-plugin/"
    if [ "$plugin_source" != "?" ] && cp -R "$repo/${plugin_source#./}" "$mp_copy/${plugin_source#./}" 2>/dev/null; then
        plugin_check "d (plugin/ alone)" "$mp_copy"
    else
        fail "d: cannot copy the plugin source '$plugin_source' named in marketplace.json"
    fi
fi

# --------------------------------------------------------------------------- (e) the server's interpreter

python_setting_check() {
    local h proj t0 out real stub tools tool line
    real="$(python3 -c 'import sys; print(sys.executable)')"
    stub="$work/AppData/Local/Microsoft/WindowsApps"
    tools="$work/tools"  # what cc and Claude Code need on PATH, and no python
    mkdir -p "$stub" "$tools"
    printf '#!/bin/sh\necho "Python was not found; run without arguments to install from the Microsoft Store, or disable this shortcut from Settings > Apps > Advanced app settings > App execution aliases." >&2\nexit 49\n' >"$stub/python3"
    chmod +x "$stub/python3"
    for tool in env timeout node git sh bash; do
        command -v "$tool" >/dev/null && ln -sf "$(command -v "$tool")" "$tools/$tool"
    done
    h="$(new_home)"
    proj="$(new_git_repo)"
    out="$(cc "$h" "$proj" plugin marketplace add "$repo")" \
        && out="$(cc "$h" "$proj" plugin install "$plugin_name@$mp_name")" \
        || { fail "e: installing the plugin failed"; printf '%s\n' "$out" | indent; return; }
    t0="$(now)"
    out="$(PATH="$stub:$tools" cc "$h" "$proj" mcp list)"
    line="$(printf '%s\n' "$out" | grep -E "^plugin:$plugin_name:" | head -n 1)"
    if [ -n "$line" ] && ! printf '%s' "$line" | grep -q '✔ Connected'; then
        ok "e: python3 the Store stub, no setting: not connected, as expected ($(elapsed "$t0"))"
    else
        fail "e: python3 the Store stub, no setting: expected a server that does not connect"
        printf '%s\n' "$out" | indent
    fi
    t0="$(now)"
    out="$(PATH="$stub:$tools" SESSION_CHECKPOINT_PYTHON="$real" cc "$h" "$proj" mcp list)"
    expect_connected "$out" "plugin:$plugin_name:[^:]+" \
        "e: python3 the Store stub, SESSION_CHECKPOINT_PYTHON=$real: claude mcp list" "$t0" "$h"
}

if [ "$mp_name" != "?" ]; then
    python_setting_check
fi

printf 'claude: %d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
