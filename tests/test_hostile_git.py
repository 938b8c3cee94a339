"""A repository the user does not control (a clone, a pull request's branch, an archive, a
shared folder) runs none of the programs its git config names, through any git call of a
save, a load or a snapshot hook: each setting of the Git section's table is set here to
leave a witness file behind, and none may. A `git config` that is slow or fails costs the
git facts, never the save."""
import json
import os
import shutil
import subprocess
import unittest
from unittest import mock

import checkpoint_mcp
from tests.support import git, make_git_repo, run_main
from tests.test_autosnap import HOOK_EVENTS, Transcript, captured_hook_input
from tests.test_checkpoints import LOAD, SAVE, CheckpointTestCase

POSIX = os.name != "nt"
REAL_GIT = shutil.which("git")
SIGNATURES = {  # what a forged signature header starts with, by the program that checks it
    "openpgp": "-----BEGIN PGP SIGNATURE-----",
    "ssh": "-----BEGIN SSH SIGNATURE-----",
    "x509": "-----BEGIN SIGNED MESSAGE-----",
}


@unittest.skipUnless(POSIX, "shell commands in git config")
class HostileGitTestCase(CheckpointTestCase):

    def setUp(self):
        super().setUp()
        self.witnesses = self.tmp / "ran"
        self.witnesses.mkdir()

    def command(self, name, then="exit 1"):
        """A program for a config value (a script, which also does as a shell command):
        it leaves the witness `name`, then runs `then`."""
        path = self.tmp / "commands" / name
        path.parent.mkdir(exist_ok=True)
        path.write_text("#!/bin/sh\ntouch '%s'\n%s\n" % (self.witnesses / name, then),
                        encoding="utf-8")
        path.chmod(0o755)
        return str(path)

    def ran(self):
        return sorted(os.listdir(str(self.witnesses)))

    def write_config(self, path, settings):
        """`settings` ([(key, value)]) added to the config file at `path` by a git that runs
        outside any repository (so that nothing of the hostile one runs now)."""
        for key, value in settings:
            git(self.tmp, "config", "--file", str(path), "--add", key, value, env=self.env)

    def forge_signed_commit(self, parent, kind):
        """A commit on `parent`, same tree, whose header carries a signature of `kind`: a
        log showing signatures hands it to that kind's program."""
        tree = git(self.project, "rev-parse", parent + "^{tree}", env=self.env).strip()
        body = ("tree %s\nparent %s\nauthor A <a@example.com> 1700000000 +0000\n"
                "committer A <a@example.com> 1700000000 +0000\ngpgsig %s\n forged\n"
                " -----END-----\n\nsigned (%s)\n" % (tree, parent, SIGNATURES[kind], kind))
        return subprocess.run(
            ["git", "hash-object", "-t", "commit", "-w", "--stdin"], cwd=str(self.project),
            env=self.env, input=body.encode(), stdout=subprocess.PIPE, check=True,
        ).stdout.decode().strip()

    def snapshot(self, hook, env=None):
        """Run the snapshot `hook` on a short transcript of session s1; returns whether it
        wrote the session's checkpoint."""
        checkpoint = self.project / ".claude-checkpoints" / "s1.json"
        before = checkpoint.stat().st_mtime_ns if checkpoint.exists() else None
        hook_input = captured_hook_input(HOOK_EVENTS[hook])
        hook_input.update(session_id="s1", cwd=str(self.project), transcript_path=str(
            Transcript("s1").prompt("Fix the greeting").reply("On it.").write(
                self.tmp / "t.jsonl")))
        result = run_main(["--hook", hook], env or self.env, cwd=self.project,
                          stdin=json.dumps(hook_input).encode())
        self.assertEqual(result.returncode, 0, result.stderr)
        return checkpoint.exists() and checkpoint.stat().st_mtime_ns != before

    def run_everything(self, head_after_save=None, hooks=("pre-compact", "session-end")):
        """Every way a session runs git on the project: a save, a second one after the
        changed files were touched (git re-reads them), a load once HEAD moved on to
        `head_after_save` (written to the ref, not by git, which would run the repository's
        commands for the test), and the snapshot hooks."""
        with self.claude() as server:
            self.ok(server, SAVE, {"goal": "g", "modifiedFiles": [{"path": "a.txt"}]})
            for name in ("a.txt", "b.txt"):
                if (self.project / name).exists():
                    os.utime(str(self.project / name))
            self.ok(server, SAVE, {"goal": "g", "mode": "merge"})
            if head_after_save:
                (self.project / ".git" / "refs" / "heads" / "main").write_text(
                    head_after_save + "\n", encoding="ascii")
            self.ok(server, LOAD, {})
        for hook in hooks:
            self.assertTrue(self.snapshot(hook), hook)


class SubmoduleConfigTest(HostileGitTestCase):
    """A submodule's own config (.git/modules/<name>/config, or <path>/.git/config for a
    repository added in place) is the repository's too; status would run `git status` in
    the submodule, where that config's filters apply."""

    def setUp(self):
        super().setUp()
        library = make_git_repo(self.tmp / "library", self.env, {
            "l.txt": "one\n", "m.txt": "one\n",
            ".gitattributes": "l.txt filter=clean\nm.txt filter=process\n"})
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n",
                                               "a.txt": "one\n"})
        git(self.project, "-c", "protocol.file.allow=always", "submodule", "add", "-q",
            str(library), "lib", env=self.env)
        make_git_repo(self.project / "vendor", self.env, {
            "l.txt": "one\n", "m.txt": "one\n",
            ".gitattributes": "l.txt filter=clean\nm.txt filter=process\n"})
        git(self.project, "add", "vendor", env=self.env)
        git(self.project, "commit", "-qm", "submodules", env=self.env)
        for where, config in (("lib", self.project / ".git" / "modules" / "lib" / "config"),
                              ("vendor", self.project / "vendor" / ".git" / "config")):
            self.write_config(config, [
                ("filter.clean.clean", self.command(where + "-filter.clean", "exec cat")),
                ("filter.process.process", self.command(where + "-filter.process", "exit 1")),
                ("core.fsmonitor", self.command(where + "-core.fsmonitor", "exit 1"))])
            for name in ("l.txt", "m.txt"):
                (self.project / where / name).write_text("two\n", encoding="utf-8")
        # What would have status recurse whatever the command line says, were it to decide.
        self.write_config(self.project / ".git" / "config", [
            ("submodule.lib.ignore", "none"), ("diff.ignoreSubmodules", "none"),
            ("submodule.recurse", "true"), ("status.submoduleSummary", "true")])

    def test_a_save_a_load_and_the_snapshot_hooks_run_nothing(self):
        self.run_everything()
        self.assertEqual(self.ran(), [])

    def test_a_submodule_whose_commit_moved_is_still_listed(self):
        for where in ("lib", "vendor"):
            git(self.project / where, "-c", "filter.clean.clean=cat",
                "-c", "filter.process.process=", "-c", "core.fsmonitor=false",
                "commit", "-qam", "moved", env=self.env)
        scan = checkpoint_mcp.scan_git(str(self.project))
        self.assertEqual({entry["path"]: entry["status"] for entry in scan["files"]},
                         {"lib": "M", "vendor": "M"})
        self.assertEqual(self.ran(), [])


if __name__ == "__main__":
    unittest.main()
