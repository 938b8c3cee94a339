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
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (HOOK_EVENTS, LOAD, SAVE, CheckpointTestCase, Transcript,
                           captured_hook_input, git, make_git_repo, run_main)

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
        checkpoint = self.project / CHECKPOINT_DIR / "s1.json"
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


class ConfiguredCommandsTest(HostileGitTestCase):
    """The table's settings in a plain repository, in each place a repository's config can
    come from: a witness per setting, so that a failure names it."""

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {
            ".gitignore": ".claude-checkpoint*\n", "a.txt": "one\n", "b.txt": "one\n",
            ".gitattributes": "a.txt filter=clean diff=textconv\n"
                              "b.txt filter=process diff=command\n"})
        head = git(self.project, "rev-parse", "HEAD", env=self.env).strip()
        for kind in SIGNATURES:
            head = self.forge_signed_commit(head, kind)
        self.signed_head = head
        # The same size, another mtime: status must read them (through their filters).
        for name in ("a.txt", "b.txt"):
            (self.project / name).write_text("two\n", encoding="utf-8")
        for hook in ("post-index-change", "reference-transaction", "post-checkout",
                     "pre-auto-gc", "fsmonitor-watchman", "post-rewrite"):
            shutil.copy(self.command("hook-" + hook),
                        str(self.project / ".git" / "hooks" / hook))
        alternate = make_git_repo(self.tmp / "alternate", self.env)
        (self.project / ".git" / "objects" / "info" / "alternates").write_text(
            str(alternate / ".git" / "objects") + "\n", encoding="utf-8")

    def settings(self):
        """(key, value) for every setting of the table that a plain repository can hold."""
        return [
            ("core.fsmonitor", self.command("core.fsmonitor")),
            ("filter.clean.clean", self.command("filter.clean", "exec cat")),
            ("filter.clean.smudge", self.command("filter.smudge", "exec cat")),
            ("filter.process.process", self.command("filter.process")),
            ("filter.process.required", "false"),
            ("diff.external", self.command("diff.external")),
            ("diff.textconv.textconv", self.command("diff.textconv", "exec cat")),
            ("diff.command.command", self.command("diff.command")),
            ("core.pager", self.command("core.pager", "exec cat")),
            ("pager.status", self.command("pager.status", "exec cat")),
            ("pager.log", self.command("pager.log", "exec cat")),
            ("log.showSignature", "true"),
            ("gpg.program", self.command("gpg.program")),
            ("gpg.ssh.program", self.command("gpg.ssh.program")),
            ("gpg.ssh.allowedSignersFile", os.devnull),  # or ssh signatures go unchecked
            ("gpg.x509.program", self.command("gpg.x509.program")),
            ("credential.helper", "!" + self.command("credential.helper")),
            ("core.askPass", self.command("core.askPass")),
            ("core.editor", self.command("core.editor")),
            ("sequence.editor", self.command("sequence.editor")),
            ("merge.clean.driver", self.command("merge.driver")),
            ("core.alternateRefsCommand", self.command("core.alternateRefsCommand")),
            ("uploadpack.packObjectsHook", self.command("uploadpack.packObjectsHook")),
            ("status.submoduleSummary", "true"),
            # A remote's commands, in a repository that is no partial clone.
            ("remote.origin.url", str(self.tmp / "alternate")),
            ("remote.origin.uploadpack", self.command("remote.uploadpack")),
            ("remote.origin.receivepack", self.command("remote.receivepack")),
            ("core.sshCommand", self.command("core.sshCommand")),
        ]

    def test_in_the_repository_config(self):
        self.write_config(self.project / ".git" / "config", self.settings())
        self.run_everything(self.signed_head)
        self.assertEqual(self.ran(), [])

    def test_in_a_file_the_config_includes(self):
        included = self.tmp / "included"
        self.write_config(included, self.settings())
        self.write_config(self.project / ".git" / "config", [("include.path", str(included))])
        self.run_everything(self.signed_head)
        self.assertEqual(self.ran(), [])

    def test_in_a_file_the_config_includes_for_this_directory(self):
        included = self.tmp / "included-if"
        self.write_config(included, self.settings())
        self.write_config(self.project / ".git" / "config", [
            ('includeIf.gitdir:%s/.path' % self.project, str(included))])
        self.run_everything(self.signed_head)
        self.assertEqual(self.ran(), [])

    def test_in_the_worktree_config(self):
        self.write_config(self.project / ".git" / "config", [
            ("extensions.worktreeConfig", "true")])
        self.write_config(self.project / ".git" / "config.worktree", self.settings())
        self.run_everything(self.signed_head)
        self.assertEqual(self.ran(), [])

    def test_a_filter_whose_name_holds_an_equals_sign(self):
        # `-c filter.a=b.clean=` would set `filter.a` instead: no override can name it.
        (self.project / ".gitattributes").write_text("a.txt filter=a=b\n", encoding="utf-8")
        self.write_config(self.project / ".git" / "config", [
            ("filter.a=b.clean", self.command("filter.a=b", "exec cat"))])
        self.run_everything()
        self.assertEqual(self.ran(), [])

    def test_in_the_environment_we_inherit(self):
        steering = {"GIT_EXTERNAL_DIFF": self.command("GIT_EXTERNAL_DIFF"),
                    "GIT_PAGER": self.command("GIT_PAGER", "exec cat"),
                    "GIT_EDITOR": self.command("GIT_EDITOR"),
                    "GIT_ASKPASS": self.command("GIT_ASKPASS"),
                    "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.fsmonitor",
                    "GIT_CONFIG_VALUE_0": self.command("GIT_CONFIG_COUNT"),
                    "GIT_CONFIG_PARAMETERS": "'filter.clean.clean'='%s'"
                                             % self.command("GIT_CONFIG_PARAMETERS", "exec cat")}
        with mock.patch.dict(os.environ, steering):
            self.run_everything(self.signed_head, hooks=())
        self.assertEqual(self.ran(), [])


class ConfigElsewhereTest(HostileGitTestCase):
    """Config that git reads from somewhere other than the project's .git/config."""

    def test_the_config_a_commondir_file_names(self):
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n",
                                               ".gitattributes": "* filter=evil\n",
                                               "a.txt": "one\n"})
        common = self.tmp / "common"
        shutil.copytree(str(self.project / ".git"), str(common))
        self.write_config(common / "config", [
            ("filter.evil.clean", self.command("filter.evil", "exec cat"))])
        (self.project / ".git" / "commondir").write_text(str(common) + "\n", encoding="utf-8")
        (self.project / "a.txt").write_text("two\n", encoding="utf-8")
        self.run_everything()
        self.assertEqual(self.ran(), [])

    def test_a_bare_repository_layout_in_the_project(self):
        # The project holds a repository's files next to a bare repository's layout whose
        # config points its work tree back at them: git would find and use it.
        git(self.tmp, "init", "-q", "--bare", "-b", "main", str(self.project), env=self.env)
        self.write_config(self.project / "config", [
            ("core.bare", "false"), ("core.worktree", str(self.project))])
        (self.project / ".gitattributes").write_text("a.txt filter=evil\n", encoding="utf-8")
        (self.project / "a.txt").write_text("one\n", encoding="utf-8")
        git(self.project, "add", "a.txt", ".gitattributes", env=self.env)
        git(self.project, "commit", "-qm", "initial", env=self.env)
        self.write_config(self.project / "config", [
            ("filter.evil.clean", self.command("filter.evil", "exec cat"))])
        (self.project / "a.txt").write_text("two\n", encoding="utf-8")
        self.run_everything()
        self.assertEqual(self.ran(), [])


class LazyFetchTest(HostileGitTestCase):
    """A partial clone fetches a missing object from its promisor remote on demand, and
    the fetch runs what the remote's settings name."""

    def partial_clone(self, url, settings=()):
        """The project as a partial clone of `url` whose newest commit's tree is missing:
        the save's status and the load's log both need it. Returns that commit."""
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n",
                                               "a.txt": "one\n"})
        (self.project / "a.txt").write_text("two\n", encoding="utf-8")
        git(self.project, "commit", "-qam", "two", env=self.env)
        head = git(self.project, "rev-parse", "HEAD", env=self.env).strip()
        tree = git(self.project, "rev-parse", "HEAD^{tree}", env=self.env).strip()
        git(self.project, "reset", "-q", "--hard", "HEAD~1", env=self.env)
        self.write_config(self.project / ".git" / "config", [
            ("core.repositoryFormatVersion", "1"), ("extensions.partialClone", "origin"),
            ("remote.origin.url", url), ("remote.origin.promisor", "true")]
            + list(settings))
        return head, self.project / ".git" / "objects" / tree[:2] / tree[2:]

    def assert_nothing_fetched(self, url, settings=()):
        head, missing_tree = self.partial_clone(url, settings)
        with self.claude() as server:
            self.ok(server, SAVE, {"goal": "g"})
            missing_tree.unlink()
            (self.project / ".git" / "refs" / "heads" / "main").write_text(
                head + "\n", encoding="ascii")
            self.ok(server, SAVE, {"goal": "g", "mode": "merge"})
            self.ok(server, LOAD, {})
        self.assertEqual(self.ran(), [])

    def test_core_ssh_command(self):
        self.assert_nothing_fetched("ssh://example.invalid/repo", [
            ("core.sshCommand", self.command("core.sshCommand")),
            ("protocol.ssh.allow", "always")])

    def test_ssh_commands_in_the_environment_we_inherit(self):
        with mock.patch.dict(os.environ, {
                "GIT_SSH_COMMAND": self.command("GIT_SSH_COMMAND"),
                "GIT_SSH": self.command("GIT_SSH")}):
            self.assert_nothing_fetched("ssh://example.invalid/repo")

    def test_the_upload_pack_of_a_path_remote(self):
        remote = self.tmp / "remote.git"
        git(self.tmp, "init", "-q", "--bare", str(remote), env=self.env)
        self.assert_nothing_fetched(str(remote), [
            ("remote.origin.uploadpack", self.command("remote.uploadpack")),
            ("protocol.file.allow", "always")])

    def test_an_ext_remote(self):
        self.assert_nothing_fetched("ext::sh -c touch%% %s" % (self.witnesses / "ext"), [
            ("protocol.ext.allow", "always")])

    def test_the_proxy_of_a_git_remote(self):
        # A program, not a shell command: a script that came with the repository, say.
        self.assert_nothing_fetched("git://example.invalid/repo", [
            ("core.gitProxy", self.command("core.gitProxy")),
            ("protocol.git.allow", "always")])

    def test_an_installed_remote_helper(self):
        helpers = self.tmp / "helpers"
        helpers.mkdir()
        os.symlink(self.command("git-remote-evil"), str(helpers / "git-remote-evil"))
        with mock.patch.dict(os.environ, {
                "PATH": str(helpers) + os.pathsep + os.environ["PATH"]}):
            self.assert_nothing_fetched("evil::example", [("protocol.evil.allow", "always")])

    def status_without(self, variable):
        """Our status in a partial clone whose HEAD tree is missing, run with our
        environment but for `variable`; returns git's stderr."""
        head, missing_tree = self.partial_clone("ssh://example.invalid/repo", [
            ("core.sshCommand", self.command("core.sshCommand")),
            ("protocol.ssh.allow", "always")])
        missing_tree.unlink()
        (self.project / ".git" / "refs" / "heads" / "main").write_text(head + "\n",
                                                                       encoding="ascii")
        env = checkpoint_mcp.git_environment(os.environ)
        del env[variable]
        return subprocess.run(
            ["git"] + checkpoint_mcp.GIT_SAFETY + list(checkpoint_mcp.GIT_STATUS_ARGS),
            cwd=str(self.project), env=env, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE).stderr

    def test_the_transports_stay_shut_for_a_git_that_fetches_anyway(self):
        # A git older than 2.39.4 knows no GIT_NO_LAZY_FETCH: its fetch goes nowhere.
        self.assertIn(b"not allowed", self.status_without("GIT_NO_LAZY_FETCH"))
        self.assertEqual(self.ran(), [])

    def test_a_git_that_knows_it_does_not_fetch_at_all(self):
        stderr = self.status_without("GIT_ALLOW_PROTOCOL")
        if b"lazy fetching disabled" not in stderr:
            self.skipTest("this git predates GIT_NO_LAZY_FETCH")
        self.assertEqual(self.ran(), [])


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
                ("filter.process.process", self.command(where + "-filter.process")),
                ("core.fsmonitor", self.command(where + "-core.fsmonitor"))])
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


class GitOfTheProjectTest(HostileGitTestCase):
    """Git starts in the project: a PATH entry that is empty or relative would find a
    `git` the project holds."""

    def test_a_git_in_the_project_never_runs(self):
        make_git_repo(self.project, self.env, {"a.txt": "one\n"})
        witness = self.tmp / "witness"
        planted = self.project / "git"
        planted.write_text("#!/bin/sh\ntouch %s\n" % witness, encoding="utf-8")
        planted.chmod(0o755)
        for path in (os.pathsep + os.environ["PATH"], "." + os.pathsep + os.environ["PATH"]):
            with self.subTest(path=path), mock.patch.dict(os.environ, PATH=path):
                with self.claude() as server:
                    self.ok(server, SAVE, {"goal": "g"})
                self.assertFalse(witness.exists())
                self.assertEqual(self.stored()["git"]["branch"], "main")  # the real git ran


class SlowGitConfigTest(HostileGitTestCase):
    """`git config` runs before status when the repository's config mentions a filter or
    an include; when it does not answer, or fails, the save still happens."""

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n",
                                               "a.txt": "one\n",
                                               ".gitattributes": "* filter=clean\n"})
        self.write_config(self.project / ".git" / "config", [
            ("filter.clean.clean", self.command("filter.clean", "exec cat"))])
        (self.project / "a.txt").write_text("two\n", encoding="utf-8")

    def git_config_that(self, does):
        """A PATH whose `git` runs `does` (shell) for `git config`, and is git otherwise."""
        fake = self.tmp / "fake-git"
        fake.mkdir()
        (fake / "git").write_text(
            '#!/bin/sh\nfor argument; do [ "$argument" = config ] && %s; done\n'
            'exec %s "$@"\n' % (does, REAL_GIT), encoding="utf-8")
        (fake / "git").chmod(0o755)
        return {"PATH": str(fake) + os.pathsep + os.environ["PATH"]}

    def assert_saved_without_git_facts(self, path):
        with mock.patch.dict(self.env, path), \
                mock.patch.dict(checkpoint_mcp.LIMITS, {"gitTimeout": 1.0}):
            with self.claude() as server:
                result = self.ok(server, SAVE, {"goal": "g"})
            self.assertIsNone(self.stored()["git"])
            self.assertTrue(self.snapshot("pre-compact", self.env_with(**path)))
            self.assertIsNone(self.stored()["git"])
        self.assertEqual(self.ran(), [])
        return result

    def test_a_slow_git_config_costs_the_git_facts_not_the_save(self):
        result = self.assert_saved_without_git_facts(
            self.git_config_that("exec %s 5" % shutil.which("sleep")))
        self.assertTrue(any("did not answer within 1 s" in warning
                            for warning in result.get("warnings", [])), result)

    def test_a_failing_git_config_costs_the_git_facts_not_the_save(self):
        self.assert_saved_without_git_facts(self.git_config_that("exit 128"))

    def test_the_filters_of_every_scope_come_from_one_git_config(self):
        real_popen = subprocess.Popen
        with mock.patch("subprocess.Popen", side_effect=real_popen) as popen:
            overrides = checkpoint_mcp.repository_filter_overrides(str(self.project))
        self.assertEqual(overrides, ["-c", "filter.clean.clean="])
        self.assertEqual(popen.call_count, 1)


if __name__ == "__main__":
    unittest.main()
