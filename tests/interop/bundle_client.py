"""Start the server of an unpacked MCP Bundle exactly as its manifest.json says, and check
that it answers over stdio: initialize, tools/list (the manifest's tools), and a
tools/call that shows the user_config project folder reached it as CHECKPOINT_PROJECT_ROOT.

    python3 tests/interop/bundle_client.py UNPACKED_BUNDLE_DIR

The command line is the manifest's mcp_config with its variables filled in the way an
MCPB host fills them (@anthropic-ai/mcpb's getMcpConfigForManifest): the platform's
override first, then ${__dirname} (the bundle's folder) and ${user_config.KEY} (here a
temp directory for the project folder). Standard library only; tests/test_bundle.py
imports it too.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

PROTOCOL = "2025-11-25"  # the initialize handshake, as Claude Desktop makes it


def read_manifest(bundle_dir):
    with open(os.path.join(bundle_dir, "manifest.json"), encoding="utf-8") as handle:
        return json.load(handle)


def substitute(value, variables):
    """`value` with every ${NAME} of `variables` replaced (unknown ones are left as they are,
    as the host leaves them)."""
    return re.sub(r"\$\{([^}]+)\}", lambda match: variables.get(match.group(1), match.group(0)),
                  value)


def server_command(manifest, bundle_dir, user_config, platform=sys.platform):
    """(argv, environment additions) that the manifest's mcp_config makes on `platform` for
    the bundle unpacked at `bundle_dir` (an absolute path)."""
    config = dict(manifest["server"]["mcp_config"])
    override = config.pop("platform_overrides", {}).get(platform, {})
    for key in ("command", "args", "env"):
        config[key] = override.get(key) or config.get(key)
    variables = {"__dirname": bundle_dir, "pathSeparator": os.sep, "/": os.sep}
    for key, option in manifest.get("user_config", {}).items():
        if key in user_config or "default" in option:
            variables["user_config." + key] = str(user_config.get(key, option.get("default")))
    argv = [substitute(part, variables) for part in [config["command"]] + (config["args"] or [])]
    env = {name: substitute(value, variables) for name, value in (config["env"] or {}).items()}
    return argv, env


def exchange(argv, env, cwd, timeout=60):
    """Send initialize, initialized, tools/list and a list_session_checkpoints call on one
    stdin; returns the responses by id (the server answers each, then sees the end)."""
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": PROTOCOL, "capabilities": {},
            "clientInfo": {"name": "bundle_client", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
         "params": {"name": "list_session_checkpoints", "arguments": {}}},
    ]
    stdin = "".join(json.dumps(message) + "\n" for message in messages).encode("utf-8")
    result = subprocess.run(argv, input=stdin, env=env, cwd=cwd, timeout=timeout,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode != 0:
        raise AssertionError("%s exited %d: %s" % (argv, result.returncode,
                                                   result.stderr.decode("utf-8", "replace")))
    responses = {}
    for line in result.stdout.decode("utf-8").splitlines():
        message = json.loads(line)
        responses[message.get("id")] = message
    return responses


def check_bundle(bundle_dir, project_dir, environ=None, command=None):
    """Run the bundle's server for `project_dir` and check its answers; returns a list of
    one-line findings. `command` replaces the manifest's command (the interpreter), if given."""
    bundle_dir = os.path.abspath(bundle_dir)
    manifest = read_manifest(bundle_dir)
    argv, additions = server_command(manifest, bundle_dir, {"project_root": project_dir})
    if command is not None:
        argv[0] = command
    env = dict(os.environ if environ is None else environ)
    env.update(additions)
    # The server's working directory is not the project: as in Claude Desktop, the folder
    # can only come from the user_config.
    responses = exchange(argv, env, cwd=tempfile.gettempdir())
    initialize = responses[1]["result"]
    if initialize["protocolVersion"] != PROTOCOL:
        raise AssertionError("initialize negotiated %s" % initialize["protocolVersion"])
    if initialize["serverInfo"]["version"] != manifest["version"]:
        raise AssertionError("server %s, manifest %s" % (
            initialize["serverInfo"]["version"], manifest["version"]))
    tools = [(tool["name"], tool["description"]) for tool in responses[2]["result"]["tools"]]
    declared = [(tool["name"], tool["description"]) for tool in manifest["tools"]]
    if tools != declared:
        raise AssertionError("tools/list %s, manifest %s" % (tools, declared))
    listing = responses[3]["result"]
    if listing.get("isError") or listing["structuredContent"]["path"] != project_dir:
        raise AssertionError("list_session_checkpoints did not work on %s: %s" % (
            project_dir, listing))
    return [
        "started %s" % " ".join(argv),
        "initialize: %s %s, protocol %s" % (
            initialize["serverInfo"]["name"], initialize["serverInfo"]["version"], PROTOCOL),
        "tools/list: %s (as the manifest lists them)" % ", ".join(name for name, _ in tools),
        "list_session_checkpoints worked on the user_config folder %s" % project_dir,
    ]


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: bundle_client.py UNPACKED_BUNDLE_DIR")
    with tempfile.TemporaryDirectory(prefix="ckpt-bundle-project.") as project:
        project = os.path.realpath(project)
        try:
            findings = check_bundle(argv[1], project)
        except (AssertionError, KeyError, ValueError, OSError,
                subprocess.TimeoutExpired) as error:
            print("FAIL %s" % error)
            return 1
    for finding in findings:
        print("ok   %s" % finding)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
