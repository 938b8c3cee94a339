"""The plugin on every platform, without interpreter setup: each hook's command in
hooks.json finds a real Python by itself (or exits 0 and, at session start, says what to
install), and the server's command in .mcp.json can be pointed at one.

Claude Code runs a hook's command through `sh -c` on macOS and Linux and through Git
Bash's `bash -c` on Windows, with ${CLAUDE_PLUGIN_ROOT} put in first. Here Git Bash is
simulated on Linux: MSYSTEM in the environment (bash itself sets OSTYPE, so it cannot be
faked), a folder named like `…/Microsoft/WindowsApps/` whose `python3` prints the Store's
message and exits 49, as the Store stub does under bash, and the real interpreter named
`python`, or only a `py` launcher that wants `-3`.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import unittest

import build_zipapp
import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import PYZ, REPO, TempDirTestCase, make_git_repo, run_main

SESSION = "5e55a1d0-0000-4000-8000-0000000f1a75"
STORE_MESSAGE = ("Python was not found; run without arguments to install from the Microsoft "
                 "Store, or disable this shortcut from Settings > Apps > Advanced app settings "
                 "> App execution aliases.")
SHELLS = [shell for shell in ("/bin/sh", "/bin/bash") if os.path.exists(shell)]
EVENTS = {name: hook.event for name, hook in checkpoint_mcp.HOOKS.items()}


def hook_commands():
    """hook -> its command in plugin/hooks/hooks.json."""
    with open(str(REPO / "plugin" / "hooks" / "hooks.json"), encoding="utf-8") as handle:
        config = json.load(handle)["hooks"]
    return {hook: [entry["command"] for group in config[event] for entry in group["hooks"]]
            for hook, event in EVENTS.items()}


def expand_like_claude_code(text, environ):
    """${VAR} and ${VAR:-default} put in as Claude Code does in an MCP server's command."""
    def value(match):
        return environ.get(match.group(1)) or (match.group(3) or "")
    return re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?\}", value, text)


def write_script(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + text, encoding="utf-8")
    path.chmod(0o755)


class PlatformTestCase(TempDirTestCase):

    def setUp(self):
        super().setUp()
        # The plugin's folder where a Windows user's is: under a name with a space.
        self.plugin = self.tmp / "Jo Smith" / "plugin"
        self.plugin.mkdir(parents=True)
        shutil.copy(str(PYZ), str(self.plugin / "checkpoint.pyz"))
        self.store = self.tmp / "AppData" / "Local" / "Microsoft" / "WindowsApps"
        self.tools = self.tmp / "tools"  # git, which a snapshot runs; nothing else
        self.tools.mkdir()
        os.symlink(shutil.which("git"), str(self.tools / "git"))
        make_git_repo(self.project, self.env, {"app.py": "print('hi')\n"})
        (self.project / "app.py").write_text("print('bye')\n", encoding="utf-8")
        self.transcript = self.tmp / "transcript.jsonl"
        lines = [
            {"type": "user", "message": {"role": "user", "content": "Change the greeting"}},
            {"type": "assistant", "message": {"role": "assistant", "content": [
                {"type": "tool_use", "id": "w1", "name": "Write",
                 "input": {"file_path": str(self.project / "app.py"), "content": "x"}}]}},
            {"type": "user", "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "w1", "content": "written"}]}},
        ]
        # (compact, as Claude Code writes it)
        self.transcript.write_text("".join(json.dumps(line, separators=(",", ":")) + "\n"
                                           for line in lines),
                                   encoding="utf-8")

    def store_stubs(self, *names):
        for name in names:
            write_script(self.store / name, "echo '%s' >&2\nexit 49\n" % STORE_MESSAGE)
        return self.store

    def real_python(self, name="python"):
        folder = self.tmp / ("bin-" + name)
        folder.mkdir(exist_ok=True)
        if not (folder / name).exists():
            os.symlink(sys.executable, str(folder / name))
        return folder

    def py_launcher(self):
        """A folder whose only interpreter is `py`, which runs Python 3 for `-3` alone and
        leaves a mark that it did."""
        folder = self.tmp / "bin-py"
        write_script(folder / "py", '[ "$1" = -3 ] || exit 9\nshift\n: > "%s"\nexec "%s" "$@"\n'
                     % (self.tmp / "py-was-run", sys.executable))
        return folder

    def hook_input(self, hook):
        hook_input = {"session_id": SESSION, "transcript_path": str(self.transcript),
                      "cwd": str(self.project), "hook_event_name": EVENTS[hook]}
        if hook == "session-start":
            hook_input["source"] = "startup"
        elif hook == "guard":
            hook_input.update(tool_name="mcp__plugin_session-checkpoint_session-checkpoint__"
                              "save_session_checkpoint", tool_input={"goal": "g"},
                              agent_id="a4e1c2d9", agent_type="general-purpose")
        elif hook == "pre-compact":
            hook_input.update(trigger="auto", custom_instructions=None)
        else:
            hook_input["reason"] = "clear"
        return json.dumps(hook_input).encode("utf-8")

    def run_hook(self, hook, shell, folders, **environ):
        """Run `hook`'s command from hooks.json as Claude Code does, with only `folders`
        on PATH; the finished process (5 seconds at most)."""
        command, = hook_commands()[hook]
        command = command.replace("${CLAUDE_PLUGIN_ROOT}", str(self.plugin))
        env = self.env_with(PATH=os.pathsep.join(str(folder) for folder in folders), **environ)
        return subprocess.run([shell, "-c", command], input=self.hook_input(hook), env=env,
                              cwd=str(self.project), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=5)

    def assert_hooks_work(self, shell, folders, **environ):
        """Every hook does what it does on Linux: the snapshots save, the nudge counts the
        checkpoint, the guard denies a subagent's save."""
        checkpoint = self.project / CHECKPOINT_DIR / (SESSION + ".json")
        for hook in ("pre-compact", "session-end", "session-start", "guard"):
            result = self.run_hook(hook, shell, folders, **environ)
            self.assertEqual((result.returncode, result.stderr), (0, b""), hook)
            if hook == "pre-compact":
                self.assertTrue(checkpoint.is_file())
            output = json.loads(result.stdout or b"{}")
            if hook == "session-start":
                context = output["hookSpecificOutput"]["additionalContext"]
                self.assertIn("has 1 saved session checkpoint", context)
            elif hook == "guard":
                self.assertEqual(output["hookSpecificOutput"]["permissionDecision"], "deny")
            else:
                self.assertEqual(result.stdout, b"")
        self.assertEqual(json.loads(checkpoint.read_text(encoding="utf-8"))["goal"]["primary"],
                         "Change the greeting")
        return output


class GitBashTest(PlatformTestCase):
    """Windows: Git Bash, where python3 is the Store's stub."""

    def test_the_hooks_skip_the_store_stub_and_run_on_python(self):
        for shell in SHELLS:
            with self.subTest(shell=shell):
                shutil.rmtree(str(self.project / CHECKPOINT_DIR), ignore_errors=True)
                folders = [self.store_stubs("python3"), self.real_python(), self.tools]
                self.assert_hooks_work(shell, folders, MSYSTEM="MINGW64")
                shutil.rmtree(str(folders[1]))

    def test_the_hooks_run_on_the_py_launcher_when_there_is_no_python(self):
        folders = [self.store_stubs("python3", "python"), self.py_launcher(), self.tools]
        self.assert_hooks_work("/bin/bash", folders, MSYSTEM="MINGW64")
        self.assertTrue((self.tmp / "py-was-run").exists())

    def store_package_python(self, mark):
        """WindowsApps's `python` as the Python install manager (or the Store's Python)
        provides it: an alias beside its package's folder; it leaves `mark` when run."""
        write_script(self.store / "python", ': > "%s"\nexec "%s" "$@"\n'
                     % (self.tmp / mark, sys.executable))
        package = self.store / "PythonSoftwareFoundation.PythonManager_3847v3x7pw1km"
        package.mkdir(parents=True)
        (package / "python.exe").write_bytes(b"")
        return self.store

    def test_the_hooks_run_on_a_python_the_install_manager_put_in_windows_apps(self):
        folders = [self.store_stubs("python3"), self.store_package_python("alias-was-run"),
                   self.tools]
        self.assert_hooks_work("/bin/bash", folders, MSYSTEM="MINGW64")
        self.assertTrue((self.tmp / "alias-was-run").exists())

    def test_an_interpreter_outside_windows_apps_comes_first(self):
        folders = [self.store_stubs("python3"), self.store_package_python("alias-was-run"),
                   self.py_launcher(), self.tools]
        self.assert_hooks_work("/bin/sh", folders, MSYSTEM="MINGW64")
        self.assertTrue((self.tmp / "py-was-run").exists())
        self.assertFalse((self.tmp / "alias-was-run").exists())

    def test_the_session_start_hook_says_when_the_servers_python3_is_the_stub(self):
        folders = [self.store_stubs("python3"), self.real_python(), self.tools]
        output = self.assert_hooks_work("/bin/bash", folders, MSYSTEM="MINGW64")
        self.assertNotIn("systemMessage", output)  # (the guard's)
        result = self.run_hook("session-start", "/bin/bash", folders, MSYSTEM="MINGW64")
        message = json.loads(result.stdout)["systemMessage"]
        self.assertIn("starts the session-checkpoint MCP server with `python3`, which is the "
                      "Microsoft Store stub", message)
        self.assertIn("SESSION_CHECKPOINT_PYTHON", message)
        self.assertIn("has 1 saved session checkpoint",
                      json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"])
        # Set as that message says, the server's interpreter is real: no message.
        result = self.run_hook("session-start", "/bin/bash", folders, MSYSTEM="MINGW64",
                               SESSION_CHECKPOINT_PYTHON=sys.executable)
        self.assertNotIn(b"systemMessage", result.stdout)
        self.assertIn(b"has 1 saved session checkpoint", result.stdout)

    def test_with_only_the_stub_every_hook_exits_0_and_session_start_says_what_to_install(self):
        folders = [self.store_stubs("python3", "python")]
        for shell in SHELLS:
            for hook in EVENTS:
                with self.subTest(shell=shell, hook=hook):
                    result = self.run_hook(hook, shell, folders, MSYSTEM="MINGW64")
                    self.assertEqual((result.returncode, result.stderr), (0, b""))
                    if hook == "session-start":
                        self.assertEqual(json.loads(result.stdout),
                                         {"systemMessage": checkpoint_mcp.NO_PYTHON["windows"]})
                        self.assertIn("winget install Python.Python.3", result.stdout.decode())
                    else:
                        self.assertEqual(result.stdout, b"")
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())


class ShTest(PlatformTestCase):
    """macOS and Linux: `sh -c`."""

    def test_the_hooks_run_on_python3(self):
        for shell in SHELLS:
            with self.subTest(shell=shell):
                shutil.rmtree(str(self.project / CHECKPOINT_DIR), ignore_errors=True)
                folders = [self.real_python("python3"), self.tools]
                self.assert_hooks_work(shell, folders)
                shutil.rmtree(str(folders[0]))

    def test_the_hooks_run_on_python_when_there_is_no_python3(self):
        self.assert_hooks_work("/bin/sh", [self.real_python(), self.tools])

    def test_python3_comes_first_under_sh(self):
        # A `python` that is not Python 3 (say Python 2, which refuses -I) is not run.
        folder = self.tmp / "bin-python2"
        write_script(folder / "python", "exit 2\n")
        self.assert_hooks_work("/bin/sh", [folder, self.real_python("python3"), self.tools])

    def test_with_no_python_every_hook_exits_0_and_session_start_says_what_to_install(self):
        empty = self.tmp / "empty"
        empty.mkdir()
        cases = [(shell, "posix", {}) for shell in SHELLS]
        # macOS's sh is bash, which sets OSTYPE; dash takes it from the environment.
        cases.append(("/bin/sh", "macos", {"OSTYPE": "darwin23"}))
        for shell, platform, environ in cases:
            for hook in EVENTS:
                with self.subTest(shell=shell, platform=platform, hook=hook):
                    result = self.run_hook(hook, shell, [empty], **environ)
                    self.assertEqual((result.returncode, result.stderr), (0, b""))
                    if hook == "session-start":
                        self.assertEqual(json.loads(result.stdout),
                                         {"systemMessage": checkpoint_mcp.NO_PYTHON[platform]})
                    else:
                        self.assertEqual(result.stdout, b"")

    @unittest.skipUnless(os.path.realpath("/bin/sh") != os.path.realpath("/bin/bash"),
                         "needs an sh that is not bash, whose OSTYPE can be set")
    def test_on_macos_the_hooks_run_on_an_interpreter_outside_usr_bin(self):
        self.assert_hooks_work("/bin/sh", [self.real_python("python3"), self.tools],
                               OSTYPE="darwin23")


class HookCommandsTest(unittest.TestCase):

    def test_hooks_json_holds_the_commands_the_build_writes(self):
        module = build_zipapp.load_module(build_zipapp.HERE)
        for hook, commands in hook_commands().items():
            self.assertEqual(commands, [build_zipapp.hook_command(module, hook)])
        with open(str(REPO / "plugin" / "hooks" / "hooks.json"), encoding="utf-8") as handle:
            self.assertEqual(handle.read(), build_zipapp.hooks_json())

    def test_only_the_session_start_hook_says_there_is_no_python(self):
        for hook, (command,) in hook_commands().items():
            self.assertEqual(command.count("systemMessage"), 3 if hook == "session-start" else 0)

    def test_where_python3_is_real_the_command_runs_no_subshell(self):
        for hook, (command,) in hook_commands().items():
            posix = command[command.index("*) command -v python3"):]
            self.assertNotIn("$(", posix)
            self.assertIn('exec python3 -I -S "$p" --hook %s;' % hook, posix)


class ServerCommandTest(PlatformTestCase):
    """.mcp.json's command: ${SESSION_CHECKPOINT_PYTHON:-python3}, expanded by Claude
    Code, then started with no shell."""

    def server_argv(self, environ):
        with open(str(REPO / "plugin" / ".mcp.json"), encoding="utf-8") as handle:
            server, = json.load(handle)["mcpServers"].values()
        environ = dict(environ, CLAUDE_PLUGIN_ROOT=str(self.plugin))
        return [expand_like_claude_code(word, environ)
                for word in [server["command"]] + server["args"]]

    def test_the_command_is_python3_unless_the_setting_names_another(self):
        self.assertEqual(self.server_argv({})[0], "python3")
        self.assertEqual(self.server_argv({"SESSION_CHECKPOINT_PYTHON": ""})[0], "python3")
        self.assertEqual(self.server_argv({"SESSION_CHECKPOINT_PYTHON": "C:/Python312/python.exe"}),
                         ["C:/Python312/python.exe", "-I", "-S",
                          str(self.plugin / "checkpoint.pyz")])

    def test_the_server_starts_on_the_interpreter_the_setting_names(self):
        environ = {"PATH": str(self.store_stubs("python3")),
                   "SESSION_CHECKPOINT_PYTHON": sys.executable}
        argv = self.server_argv(environ)
        request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}}
        result = subprocess.run(argv, input=json.dumps(request).encode() + b"\n",
                                env=self.env_with(**environ), cwd=str(self.project),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20)
        self.assertEqual(json.loads(result.stdout.splitlines()[0])["result"]["serverInfo"]
                         ["name"], "session-checkpoint")

    def test_the_bundle_runs_plain_python3_and_python_on_windows(self):
        manifest = build_zipapp.bundle_manifest()
        config = manifest["server"]["mcp_config"]
        self.assertEqual(config["command"], "python3")
        self.assertEqual(config["platform_overrides"], {"win32": {"command": "python"}})


class ResolveTest(PlatformTestCase):
    """doctor, the session-start hook and init resolve interpreters as a shell would."""

    def doctor_lines(self, folders, **environ):
        env = self.env_with(PATH=os.pathsep.join(str(folder) for folder in folders), **environ)
        result = run_main(["doctor"], env, cwd=self.project)
        return result.stdout.decode("utf-8").splitlines()

    def test_doctor_names_the_interpreters_and_flags_the_store_stub(self):
        store, python = self.store_stubs("python3"), self.real_python()
        lines = self.doctor_lines([store, python])
        self.assertIn("OK   hooks run on `python` (%s)" % (python / "python"), lines)
        server, = [line for line in lines if "MCP server" in line]
        self.assertTrue(server.startswith(
            "WARN Claude Code starts the session-checkpoint MCP server with `python3`, which is "
            "the Microsoft Store stub (%s)" % (store / "python3")), server)
        lines = self.doctor_lines([store, python], SESSION_CHECKPOINT_PYTHON=sys.executable)
        self.assertIn("OK   the plugin's server runs on `%s` (%s)"
                      % (sys.executable, sys.executable), lines)

    def test_doctor_takes_a_store_package_alias_for_a_real_interpreter(self):
        store = self.store_stubs("python3")
        (store / "PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0").mkdir()
        (store / "PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0" / "python3.exe").write_bytes(
            b"")
        lines = self.doctor_lines([store])
        self.assertIn("OK   the plugin's server runs on `python3` (%s)" % (store / "python3"),
                      lines)

    def test_doctor_says_what_to_install_when_there_is_no_python(self):
        lines = self.doctor_lines([self.store_stubs("python3", "python")])
        self.assertIn("WARN hooks: %s" % checkpoint_mcp.NO_PYTHON["posix"], lines)

    def test_macos_usr_bin_stubs_count_only_with_the_developer_tools(self):
        usr_bin = "/usr/bin/python3"
        with unittest.mock.patch("os.path.lexists", return_value=False):
            self.assertEqual(checkpoint_mcp.interpreter_problem(usr_bin, "macos"),
                             "a stub until the Command Line Tools are installed")
            self.assertIsNone(checkpoint_mcp.interpreter_problem(usr_bin, "posix"))
        with unittest.mock.patch("os.path.lexists", return_value=True):
            self.assertIsNone(checkpoint_mcp.interpreter_problem(usr_bin, "macos"))

    def test_init_writes_python3_when_it_is_real_else_the_running_interpreter(self):
        with_python3 = {"PATH": str(self.real_python("python3"))}
        self.assertEqual(checkpoint_mcp.client_interpreter(with_python3), "python3")
        stub_only = {"PATH": str(self.store_stubs("python3"))}
        self.assertEqual(checkpoint_mcp.client_interpreter(stub_only),
                         getattr(sys, "_base_executable", None) or sys.executable)


if __name__ == "__main__":
    unittest.main()
