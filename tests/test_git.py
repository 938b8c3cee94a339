"""The git section against real temporary repositories: the save-time scan, blob hashes,
drift on load, and every way git can be absent or slow."""
import os
import shutil
import subprocess
import time
import sys
import unittest
from unittest import mock

from tests.support import TempDirTestCase, git, git_subcommand, make_git_repo

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR


class GitTestCase(TempDirTestCase):
    """The shared temp dirs; os.environ is the clean env for the whole test
    (TempDirTestCase), which matters because the module's git calls inherit os.environ."""

    def setUp(self):
        super().setUp()
        self.repo = self.project

    def make_repo(self, files=None, commit=True):
        return make_git_repo(self.repo, self.env, files, commit=commit)

    def git(self, *args, cwd=None):
        return git(cwd or self.repo, *args, env=self.env)

    def write(self, rel, data, base=None):
        target = (base or self.repo) / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, str):
            data = data.encode("utf-8")
        target.write_bytes(data)
        return target

    def scan(self, agent_paths=(), limit=None, root=None):
        return checkpoint_mcp.scan_git(str(root or self.repo), agent_paths, limit)

    def files_by_path(self, scan):
        return {entry["path"]: entry for entry in scan["files"]}

    def hash_object(self, rel):
        return self.git("hash-object", "--", rel).strip()

    def slow_git_dir(self):
        """A directory whose only `git` sleeps longer than any timeout we set."""
        fake = self.tmp / "slow-bin"
        fake.mkdir(exist_ok=True)
        (fake / "git").write_text("#!/bin/sh\nexec %s 5\n" % shutil.which("sleep"))
        (fake / "git").chmod(0o755)
        return str(fake)

    def empty_path_dir(self):
        empty = self.tmp / "empty-bin"
        empty.mkdir(exist_ok=True)
        return str(empty)


class ScanTest(GitTestCase):

    def test_modified_file_is_recorded_with_its_blob_hash(self):
        self.make_repo({"a.txt": "one\n"})
        self.write("a.txt", "two\n")
        scan = self.scan()
        self.assertEqual(scan["files"], [
            {"path": "a.txt", "status": "M", "source": "git", "hash": self.hash_object("a.txt")}])
        self.assertEqual(scan["git"]["branch"], "main")
        self.assertEqual(scan["git"]["head"], self.git("rev-parse", "HEAD").strip())
        self.assertTrue(scan["git"]["dirty"])
        self.assertEqual((scan["omitted"], scan["warnings"]), (0, []))

    def test_clean_repository_is_not_dirty(self):
        self.make_repo()
        scan = self.scan()
        self.assertEqual(scan["files"], [])
        self.assertFalse(scan["git"]["dirty"])

    def test_staged_new_file_is_added(self):
        self.make_repo()
        self.write("new.txt", "fresh\n")
        self.git("add", "new.txt")
        self.write("new.txt", "fresh, then edited\n")
        entry = self.files_by_path(self.scan())["new.txt"]
        self.assertEqual(entry["status"], "A")
        self.assertEqual(entry["hash"], self.hash_object("new.txt"))

    def test_deleted_files_have_no_hash(self):
        self.make_repo({"gone.txt": "x\n", "staged-gone.txt": "y\n"})
        (self.repo / "gone.txt").unlink()
        self.git("rm", "-q", "staged-gone.txt")
        files = self.files_by_path(self.scan())
        self.assertEqual(files["gone.txt"], {"path": "gone.txt", "status": "D", "source": "git"})
        self.assertEqual(files["staged-gone.txt"]["status"], "D")
        self.assertNotIn("hash", files["staged-gone.txt"])

    def test_rename_records_the_old_and_new_path(self):
        self.make_repo({"old name.txt": "content that is long enough to be matched\n"})
        self.git("mv", "old name.txt", "new name.txt")
        scan = self.scan()
        self.assertEqual(scan["files"], [{
            "path": "new name.txt", "status": "R", "source": "git",
            "hash": self.hash_object("new name.txt"), "renamedFrom": "old name.txt"}])

    def test_files_in_an_untracked_directory_are_listed_one_by_one(self):
        self.make_repo()
        self.write("fresh/deep/one.txt", "1\n")
        self.write("fresh/two.txt", "2\n")
        files = self.files_by_path(self.scan())
        self.assertEqual(sorted(files), ["fresh/deep/one.txt", "fresh/two.txt"])
        self.assertEqual(files["fresh/two.txt"]["status"], "??")
        self.assertEqual(files["fresh/two.txt"]["hash"], self.hash_object("fresh/two.txt"))

    def test_awkward_paths_survive_exactly(self):
        self.make_repo()
        names = ["with space.txt", 'quote"d.txt', "it's.txt", "ünïcødé/文件.txt",
                 "new\nline.txt", "tab\there.txt", "back\\slash.txt"]
        for name in names:
            self.write(name, name + "\n")
        files = self.files_by_path(self.scan())
        self.assertEqual(sorted(files), sorted(names))
        for name in names:
            self.assertEqual(files[name]["hash"], self.hash_object(name), name)

    @unittest.skipIf(sys.platform == "win32", "needs a file system that accepts any bytes")
    def test_name_that_is_not_utf8_is_recorded_without_a_hash(self):
        self.make_repo()
        with open(os.path.join(os.fsencode(str(self.repo)), b"caf\xe9.txt"), "wb") as f:
            f.write(b"x")
        [entry] = self.scan()["files"]
        self.assertEqual(entry["path"], "caf\ufffd.txt")
        self.assertNotIn("hash", entry)

    @unittest.skipUnless(hasattr(os, "symlink"), "no symlinks")
    def test_symlink_is_hashed_as_git_stores_it(self):
        self.make_repo({"target.txt": "the target\n"})
        os.symlink("target.txt", str(self.repo / "link"))
        scan_hash = self.files_by_path(self.scan())["link"]["hash"]
        self.git("add", "link")
        staged = self.git("ls-files", "-s", "link").split()[1]
        self.assertEqual(scan_hash, staged)

    def test_submodule_is_recorded_without_hashing_a_directory(self):
        library = make_git_repo(self.tmp / "library", self.env, {"lib.txt": "v1\n"})
        self.make_repo()
        self.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(library), "lib")
        self.git("commit", "-qm", "add submodule")
        self.write("lib/lib.txt", "v2\n")
        # Its commit moved: status does not look inside a submodule (its config is its own).
        self.git("commit", "-qam", "v2", cwd=self.repo / "lib")
        files = self.files_by_path(self.scan())
        self.assertEqual(files["lib"], {"path": "lib", "status": "M", "source": "git"})

    def test_untracked_nested_repository_is_listed_without_a_hash(self):
        self.make_repo()
        make_git_repo(self.repo / "vendor", self.env, {"v.txt": "v\n"})
        files = self.files_by_path(self.scan())
        self.assertEqual(files["vendor"], {"path": "vendor", "status": "??", "source": "git"})

    def test_detached_head_has_a_null_branch(self):
        self.make_repo()
        self.git("checkout", "-q", "--detach")
        facts = self.scan()["git"]
        self.assertIsNone(facts["branch"])
        self.assertEqual(facts["head"], self.git("rev-parse", "HEAD").strip())

    def test_repository_without_commits_has_no_git_facts(self):
        self.make_repo(commit=False)
        scan = self.scan()
        self.assertIsNone(scan["git"])
        self.assertEqual(scan["warnings"], [])
        self.assertEqual(self.files_by_path(scan)["README.md"]["status"], "??")

    def test_directory_outside_any_repository_has_no_git_facts(self):
        self.write("a.txt", "x\n")
        self.assertEqual(self.scan(), {"git": None, "files": [], "omitted": 0, "warnings": []})

    def test_missing_git_is_not_an_error(self):
        self.make_repo()
        self.write("README.md", "changed\n")
        with mock.patch.dict(os.environ, {"PATH": self.empty_path_dir()}):
            self.assertEqual(self.scan(), {"git": None, "files": [], "omitted": 0, "warnings": []})

    @unittest.skipIf(sys.platform == "win32", "uses a shell script as git")
    def test_slow_git_gives_a_warning_and_no_facts(self):
        self.make_repo()
        with mock.patch.dict(os.environ, {"PATH": self.slow_git_dir()}), \
                mock.patch.dict(checkpoint_mcp.LIMITS, {"gitTimeout": 0.1}):
            scan = self.scan()
        self.assertIsNone(scan["git"])
        self.assertEqual(scan["files"], [])
        self.assertEqual(len(scan["warnings"]), 1)
        self.assertTrue(scan["warnings"][0].startswith("git did not answer within 0.1 s"))

    def test_limit_keeps_agent_paths_first_then_the_newest(self):
        self.make_repo()
        for number in range(150):
            target = self.write("f%03d.txt" % number, "%d\n" % number)
            os.utime(str(target), (1000000 + number, 1000000 + number))
        scan = self.scan(agent_paths=["f005.txt", "./f001.txt", "not-changed.txt"], limit=100)
        paths = [entry["path"] for entry in scan["files"]]
        self.assertEqual(scan["omitted"], 50)
        newest = ["f%03d.txt" % number for number in range(52, 150)]
        self.assertEqual(paths, ["f001.txt", "f005.txt"] + newest)
        self.assertTrue(all("hash" in entry for entry in scan["files"]))

    def test_deleted_file_ranks_by_its_directory_when_choosing(self):
        self.make_repo({"old/a.txt": "a\n", "recent/gone.txt": "g\n"})
        self.write("old/a.txt", "changed\n")
        os.utime(str(self.repo / "old" / "a.txt"), (1000000, 1000000))
        (self.repo / "recent" / "gone.txt").unlink()
        self.write("recent/keep.txt", "keeps the directory\n")
        os.utime(str(self.repo / "recent" / "keep.txt"), (1000000, 1000000))
        scan = self.scan(limit=1)
        self.assertEqual(scan["files"], [
            {"path": "recent/gone.txt", "status": "D", "source": "git"}])

    def test_conflicted_file_is_modified_with_a_hash(self):
        self.make_repo({"a.txt": "base\n"})
        self.git("checkout", "-q", "-b", "theirs")
        self.write("a.txt", "theirs\n")
        self.git("commit", "-qam", "theirs")
        self.git("checkout", "-q", "main")
        self.write("a.txt", "ours\n")
        self.git("commit", "-qam", "ours")
        subprocess.run(["git", "merge", "-q", "theirs"], cwd=str(self.repo),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        [entry] = self.scan()["files"]
        self.assertEqual(entry, {"path": "a.txt", "status": "M", "source": "git",
                                 "hash": self.hash_object("a.txt")})

    def test_default_limit_comes_from_the_limits_table(self):
        self.make_repo()
        for number in range(5):
            self.write("f%d.txt" % number, "x\n")
        with mock.patch.dict(checkpoint_mcp.LIMITS, {"modifiedFiles": 3}):
            scan = self.scan()
        self.assertEqual((len(scan["files"]), scan["omitted"]), (3, 2))

    def test_only_recorded_files_are_hashed(self):
        self.make_repo()
        for number in range(10):
            self.write("f%d.txt" % number, "x\n")
        real_hash = checkpoint_mcp.hash_blob
        with mock.patch.object(checkpoint_mcp, "hash_blob", side_effect=real_hash) as hashed:
            self.scan(limit=4)
        self.assertEqual(hashed.call_count, 4)

    def test_checkpoint_files_are_left_out(self):
        self.make_repo()
        self.write(CHECKPOINT_DIR + "/abc.json", "{}")
        self.write(".claude-checkpoint", "{}")
        self.write(".claude-checkpoint.prev", "{}")
        scan = self.scan()
        self.assertEqual(scan["files"], [])
        self.assertFalse(scan["git"]["dirty"])

    def test_project_in_a_subdirectory_sees_its_own_files_relative_to_itself(self):
        self.make_repo({"top.txt": "t\n", "app/inner.txt": "i\n"})
        self.write("top.txt", "changed\n")
        self.write("app/inner.txt", "changed\n")
        self.write("app/src/new.txt", "new\n")
        scan = self.scan(root=self.repo / "app")
        self.assertEqual(sorted(self.files_by_path(scan)), ["inner.txt", "src/new.txt"])
        self.assertEqual(self.files_by_path(scan)["src/new.txt"]["hash"],
                         self.hash_object("app/src/new.txt"))

    def test_scan_runs_exactly_one_git_process(self):
        self.make_repo({"a.txt": "1\n", "b.txt": "2\n"})
        self.write("a.txt", "changed\n")
        self.write("c.txt", "new\n")
        self.git("mv", "b.txt", "d.txt")
        real_popen = subprocess.Popen
        with mock.patch("subprocess.Popen", side_effect=real_popen) as popen:
            self.scan()
        self.assertEqual(popen.call_count, 1)
        self.assertEqual(os.path.basename(popen.call_args[0][0][0]), "git")
        self.assertEqual(git_subcommand(popen.call_args[0][0]), "status")


class HashTest(GitTestCase):

    def test_hash_equals_git_hash_object_for_every_kind_of_file(self):
        self.make_repo()
        contents = {
            "empty": b"",
            "binary.bin": bytes(range(256)) * 40 + b"\0\0\xff",
            "crlf.txt": b"one\r\ntwo\r\n",
            "no-newline.txt": b"last line",
            "large.bin": os.urandom(5 * 1024 * 1024 + 17),
        }
        for name, data in contents.items():
            self.write(name, data)
        unset = subprocess.run(["git", "config", "core.autocrlf"], cwd=str(self.repo),
                               stdout=subprocess.PIPE).returncode
        self.assertEqual(unset, 1, "core.autocrlf must be unset for CRLF to hash raw")
        for name in contents:
            self.assertEqual(checkpoint_mcp.hash_blob(str(self.repo / name)),
                             self.hash_object(name), name)
        files = self.files_by_path(self.scan())
        for name in contents:
            self.assertEqual(files[name]["hash"], self.hash_object(name), name)

    def test_large_file_is_streamed(self):
        import tracemalloc
        self.write("big.bin", b"\x01" * (20 * 1024 * 1024), base=self.tmp)
        tracemalloc.start()
        try:
            checkpoint_mcp.hash_blob(str(self.tmp / "big.bin"))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        self.assertLess(peak, 4 * 1024 * 1024)

    def test_missing_file_and_directory_have_no_hash(self):
        self.assertIsNone(checkpoint_mcp.hash_blob(str(self.tmp / "nothing")))
        self.assertIsNone(checkpoint_mcp.hash_blob(str(self.tmp)))

    def test_hash_accepts_bytes_paths(self):
        self.write("a.txt", "x\n", base=self.tmp)
        self.assertEqual(checkpoint_mcp.hash_blob(os.fsencode(str(self.tmp / "a.txt"))),
                         checkpoint_mcp.hash_blob(str(self.tmp / "a.txt")))


class ChangedPathMemoryTest(GitTestCase):
    """A server remembers which paths a scan had to rank, to stat them early next time;
    the mtimes it ranks by are always read during the scan."""

    def setUp(self):
        super().setUp()
        self.make_repo()
        self.memory = checkpoint_mcp.ChangedPathMemory()
        for number in range(150):
            self.touch("f%03d.txt" % number, 1000000 + number)

    def touch(self, rel, mtime):
        target = self.write(rel, "%s\n" % rel)
        os.utime(str(target), (mtime, mtime))

    def scan_with_memory(self, limit=100):
        status = checkpoint_mcp.StatusScan(str(self.repo), self.memory)
        return checkpoint_mcp.scan_git(str(self.repo), (), limit, status), status

    def paths(self, scan):
        return [entry["path"] for entry in scan["files"]]

    def test_a_scan_that_ranks_remembers_its_changes_and_the_next_reads_them_early(self):
        first, status = self.scan_with_memory()
        self.assertIsNone(status.thread)  # nothing remembered yet
        raw_root = os.fsencode(str(self.repo))
        self.assertEqual(len(self.memory.recall(raw_root)), 150)
        status = checkpoint_mcp.StatusScan(str(self.repo), self.memory)
        status.thread.join()  # let it read them all before the scan stops it
        self.assertEqual(len(status.known_times), 150)
        second = checkpoint_mcp.scan_git(str(self.repo), (), 100, status)
        self.assertEqual(self.paths(second), self.paths(first))
        self.assertEqual(self.paths(second), ["f%03d.txt" % n for n in range(50, 150)])

    def test_mtimes_come_from_this_scan_not_the_last(self):
        self.scan_with_memory()
        self.touch("f000.txt", 2000000)  # the oldest is now the newest
        self.touch("new.txt", 2000001)   # and a path the memory does not know
        (self.repo / "f149.txt").unlink()  # an untracked file gone: no longer a change
        status = checkpoint_mcp.StatusScan(str(self.repo), self.memory)
        status.thread.join()
        scan = checkpoint_mcp.scan_git(str(self.repo), (), 100, status)
        paths = self.paths(scan)
        self.assertIn("f000.txt", paths)
        self.assertIn("new.txt", paths)
        self.assertNotIn("f149.txt", paths)
        self.assertNotIn("f050.txt", paths)  # pushed out by the two newer ones
        self.assertEqual(scan["omitted"], 50)

    def test_however_far_the_thread_got_the_choice_is_the_same(self):
        baseline = self.paths(self.scan(limit=100))
        self.scan_with_memory()
        for _ in range(5):
            status = checkpoint_mcp.StatusScan(str(self.repo), self.memory)
            status.mtimes_read()  # stops the thread wherever it is
            scan = checkpoint_mcp.scan_git(str(self.repo), (), 100, status)
            self.assertEqual(self.paths(scan), baseline)

    def test_agent_paths_first_then_known_and_fresh_mtimes_alike(self):
        changes = [checkpoint_mcp.GitChange(b"1", b".M", False, ("f%d" % n).encode(), None)
                   for n in range(6)]
        for n in range(6):
            self.touch("f%d" % n, 1000000 + n)
        known = {b"f0": 2000000.0, b"f2": 1000002.0}  # f0 read as newest, f2 as on disk
        raw_root = os.fsencode(str(self.repo))
        chosen = checkpoint_mcp.choose_changes(raw_root, changes, ["f1"], 3, known)
        self.assertEqual(chosen, [1, 0, 5])  # the agent's, then by mtime whatever its source

    def test_a_scan_that_does_not_rank_forgets_the_root(self):
        self.scan_with_memory()
        self.scan_with_memory(limit=200)
        self.assertEqual(self.memory.recall(os.fsencode(str(self.repo))), ())

    def test_the_memory_is_bounded(self):
        with mock.patch.dict(checkpoint_mcp.LIMITS, rememberedRoots=2, rememberedPaths=3):
            for name in (b"/a", b"/b", b"/c"):
                self.memory.remember(name, [b"x", b"y", b"z", b"w"])
            self.assertEqual(list(self.memory.paths), [b"/b", b"/c"])
            self.assertEqual(self.memory.recall(b"/c"), [b"x", b"y", b"z"])


class GitRunTest(GitTestCase):

    @unittest.skipIf(sys.platform == "win32", "uses a shell script as git")
    def test_a_run_nobody_asked_about_is_stopped_when_its_block_ends(self):
        with mock.patch.dict(os.environ, {"PATH": self.slow_git_dir()}):
            with checkpoint_mcp.GitRun(str(self.tmp), ["status"]) as run:
                self.assertIsNone(run.process.poll())
        self.assertIsNotNone(run.process.returncode)
        self.assertTrue(run.process.stdout.closed)

    def test_a_run_that_ended_unasked_has_its_pipe_closed_too(self):
        with checkpoint_mcp.GitRun(str(self.tmp), ["--version"]) as run:
            run.process.wait()
        self.assertTrue(run.process.stdout.closed)

    @unittest.skipIf(sys.platform == "win32", "uses a shell script as git")
    def test_a_slow_git_times_out_and_is_killed(self):
        with mock.patch.dict(os.environ, {"PATH": self.slow_git_dir()}), \
                mock.patch.dict(checkpoint_mcp.LIMITS, {"gitTimeout": 0.1}):
            with checkpoint_mcp.GitRun(str(self.tmp), ["status"]) as run:
                with self.assertRaises(checkpoint_mcp.GitTimeout):
                    run.answer()
                self.assertIsNotNone(run.process.returncode)

    @unittest.skipIf(sys.platform == "win32", "flock")
    def test_a_save_that_fails_leaves_no_git_running(self):
        import fcntl
        self.make_repo()
        started = []

        class RecordedGitRun(checkpoint_mcp.GitRun):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                started.append(self)

        session = "held"
        lock_path = self.repo / CHECKPOINT_DIR / (session + ".json.lock")
        lock_path.parent.mkdir()
        # An ignore file of the user's own: whether git ignores the checkpoint is git's to say.
        (lock_path.parent / checkpoint_mcp.FOLDER_IGNORE_FILE).write_text("*\n# mine\n")
        holder = open(str(lock_path), "w")
        self.addCleanup(holder.close)
        fcntl.flock(holder, fcntl.LOCK_EX)
        context = checkpoint_mcp.ToolContext(dict(os.environ), str(self.repo))
        with mock.patch.object(checkpoint_mcp, "GitRun", RecordedGitRun), \
                mock.patch.dict(checkpoint_mcp.LIMITS, {"lockTimeout": 0.1}):
            with self.assertRaises(checkpoint_mcp.CallerError):
                checkpoint_mcp.save_tool({"goal": "g", "projectRoot": str(self.repo),
                                          "session": session}, context)
        self.assertTrue(started)  # the ignore check was under way when the lock failed
        for run in started:
            self.assertIsNotNone(run.process.returncode)
            self.assertTrue(run.process.stdout.closed)

    def test_an_answered_run_keeps_its_answer(self):
        self.make_repo()
        with checkpoint_mcp.GitRun(str(self.repo), ["rev-parse", "--is-inside-work-tree"]) as run:
            answer = run.answer()
        self.assertEqual((answer.returncode, answer.stdout), (0, b"true\n"))


class IgnoreTest(GitTestCase):

    def is_ignored(self, relpath):
        return checkpoint_mcp.is_git_ignored(
            checkpoint_mcp.start_ignore_check(str(self.repo), relpath))

    def test_ignored_and_not_ignored_paths(self):
        self.make_repo({".gitignore": ".claude-checkpoint*\n"})
        self.assertTrue(self.is_ignored(CHECKPOINT_DIR + "/x.json"))
        self.assertFalse(self.is_ignored("src/main.py"))

    def test_outside_a_repository_or_without_git_nobody_knows(self):
        self.assertIsNone(self.is_ignored("a.txt"))
        self.make_repo()
        with mock.patch.dict(os.environ, {"PATH": self.empty_path_dir()}):
            self.assertIsNone(self.is_ignored("a.txt"))


class DriftTest(GitTestCase):

    def save(self, agent_paths=()):
        scan = self.scan(agent_paths)
        return scan["git"], scan["files"]

    def drift(self, saved):
        return checkpoint_mcp.git_drift(str(self.repo), saved[0], saved[1])

    def test_only_files_edited_after_the_save_are_flagged(self):
        # The example checkpoint's story: callback.ts is committed unchanged after the
        # save, then session.ts is edited; only session.ts needs a re-read.
        self.make_repo({"src/auth/session.ts": "a\n", "src/auth/callback.ts": "b\n"})
        self.git("checkout", "-q", "-b", "feat/github-oauth")
        self.write("src/auth/session.ts", "a, with cookie options\n")
        self.write("src/auth/callback.ts", "b, finished\n")
        self.write("src/auth/session.spec.ts", "spec\n")
        saved = self.save()
        self.git("add", "src/auth/callback.ts")
        self.git("commit", "-qm", "callback")
        self.write("src/auth/session.ts", "a, edited by a teammate\n")
        drift, warnings = self.drift(saved)
        short = self.git("rev-parse", "--short", "HEAD").strip()
        self.assertEqual(drift, {"branchChanged": False, "currentBranch": "feat/github-oauth",
                                 "commitsSince": 1, "changedSince": ["src/auth/session.ts"],
                                 "history": "ahead",
                                 "commits": [{"id": short, "subject": "callback"}],
                                 "commitFiles": ["src/auth/callback.ts"],
                                 "deletedSince": [], "untrackedSince": [],
                                 "untrackedSinceTotal": 0})
        self.assertEqual(warnings, [])

    def test_nothing_changed(self):
        self.make_repo()
        self.write("README.md", "edited\n")
        saved = self.save()
        self.assertEqual(self.drift(saved), ({"branchChanged": False, "currentBranch": "main",
                                              "commitsSince": 0, "changedSince": [],
                                              "history": "same", "deletedSince": [],
                                              "untrackedSince": [], "untrackedSinceTotal": 0},
                                             []))

    def test_branch_change_is_reported(self):
        self.make_repo()
        saved = self.save()
        self.git("checkout", "-q", "-b", "other")
        drift, _ = self.drift(saved)
        self.assertTrue(drift["branchChanged"])
        self.assertEqual(drift["currentBranch"], "other")

    def test_detached_head_after_the_save_is_a_branch_change(self):
        self.make_repo()
        saved = self.save()
        self.git("checkout", "-q", "--detach")
        drift, _ = self.drift(saved)
        self.assertEqual((drift["branchChanged"], drift["currentBranch"]), (True, None))

    def test_saved_detached_head_written_as_HEAD_is_understood(self):
        self.make_repo()
        self.git("checkout", "-q", "--detach")
        facts, files = self.save()
        facts = dict(facts, branch="HEAD")
        drift, _ = checkpoint_mcp.git_drift(str(self.repo), facts, files)
        self.assertFalse(drift["branchChanged"])

    def test_rewritten_history_warns_to_reread_flagged_files(self):
        self.make_repo({"a.txt": "1\n"})
        self.write("a.txt", "2\n")
        self.git("commit", "-qam", "second")
        self.write("a.txt", "3\n")
        saved = self.save()
        self.git("reset", "-q", "--hard", "HEAD~1")
        self.write("b.txt", "b\n")
        self.git("add", "b.txt")
        self.git("commit", "-qm", "rewritten")
        drift, warnings = self.drift(saved)
        self.assertEqual(drift["changedSince"], ["a.txt"])
        self.assertEqual(drift["commitsSince"], 1)
        self.assertEqual(drift["history"], "diverged")
        self.assertEqual([commit["subject"] for commit in drift["commits"]], ["rewritten"])
        self.assertEqual(warnings, [])  # the brief's drift section says it

    def test_head_moved_back_says_so(self):
        self.make_repo({"a.txt": "1\n"})
        self.write("a.txt", "2\n")
        self.git("commit", "-qam", "second")
        saved = self.save()
        self.git("reset", "-q", "--hard", "HEAD~1")
        drift, warnings = self.drift(saved)
        self.assertEqual((drift["history"], drift["commitsSince"]), ("behind", 0))
        self.assertNotIn("commits", drift)
        self.assertEqual(warnings, [])

    def test_the_newest_commits_are_named_with_their_subjects_redacted(self):
        self.make_repo()
        saved = self.save()
        token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
        for number in range(7):
            self.git("commit", "-q", "--allow-empty", "-m",
                     "step %d GITHUB_TOKEN=%s" % (number, token))
        drift, _ = self.drift(saved)
        self.assertEqual(drift["commitsSince"], 7)
        self.assertEqual(len(drift["commits"]), checkpoint_mcp.LIMITS["driftCommits"])
        self.assertTrue(drift["commits"][0]["subject"].startswith("step 6 "))
        for commit in drift["commits"]:
            self.assertNotIn(token, commit["subject"])
            self.assertIn(checkpoint_mcp.REDACTED, commit["subject"])

    def test_commit_files_are_the_recorded_ones_the_commits_changed(self):
        self.make_repo({"a.txt": "1\n", "b.txt": "1\n"})
        self.write("a.txt", "2\n")
        saved = self.save()
        self.write("b.txt", "2\n")  # not recorded: committed, but not one of ours
        self.git("commit", "-qam", "both")
        drift, _ = self.drift(saved)
        self.assertEqual(drift["commitFiles"], ["a.txt"])
        self.assertEqual(drift["changedSince"], [])

    def test_deleted_recorded_files_are_called_deleted(self):
        self.make_repo({"a.txt": "1\n", "b.txt": "1\n"})
        self.write("a.txt", "2\n")
        self.write("b.txt", "2\n")
        saved = self.save()
        (self.repo / "a.txt").unlink()
        self.write("b.txt", "3\n")
        drift, _ = self.drift(saved)
        self.assertEqual(sorted(drift["changedSince"]), ["a.txt", "b.txt"])
        self.assertEqual(drift["deletedSince"], ["a.txt"])

    def test_untracked_files_new_since_the_save_are_named(self):
        self.make_repo({".gitignore": "*.log\n"})
        self.write("old.txt", "there at the save\n")
        saved = self.save()
        self.write("new.txt", "new\n")
        self.write("debug.log", "ignored\n")
        drift, _ = self.drift(saved)
        self.assertEqual((drift["untrackedSince"], drift["untrackedSinceTotal"]),
                         (["new.txt"], 1))

    def test_a_save_that_left_files_out_tells_new_untracked_files_by_their_time(self):
        self.make_repo()
        self.write("old.txt", "there at the save\n")
        os.utime(str(self.repo / "old.txt"), (1000, 1000))
        facts, _ = self.save()
        self.write("new.txt", "new\n")
        drift, _ = checkpoint_mcp.git_drift(str(self.repo), facts, [], time.time() - 60,
                                            complete=False)
        self.assertEqual(drift["untrackedSince"], ["new.txt"])

    def test_too_many_untracked_files_to_look_at_are_said_to_be_so(self):
        self.make_repo()
        facts, _ = self.save()
        for number in range(5):
            self.write("new%d.txt" % number, "new\n")
        with mock.patch.dict(checkpoint_mcp.LIMITS, driftUntrackedStats=2):
            drift, warnings = checkpoint_mcp.git_drift(str(self.repo), facts, [],
                                                       time.time() - 60, complete=False)
        self.assertEqual(drift["untrackedSinceTotal"], 2)
        self.assertTrue(any("among 2 of the untracked ones only" in w for w in warnings))

    def test_a_subject_that_holds_the_separators_forges_no_commit(self):
        self.make_repo()
        saved = self.save()
        self.git("commit", "-q", "--allow-empty", "-m", "real\x1ebogus\x1fforged")
        drift, _ = self.drift(saved)
        self.assertEqual(drift["commitsSince"], 1)
        self.assertEqual([commit["id"] for commit in drift["commits"]],
                         [self.git("rev-parse", "--short", "HEAD").strip()])

    def test_in_a_subdirectory_only_its_commits_are_named(self):
        self.make_repo({"app/a.txt": "1\n", "other/b.txt": "1\n"})
        app = str(self.repo / "app")
        facts = checkpoint_mcp.scan_git(app)["git"]
        self.write("other/b.txt", "2\n")
        self.git("commit", "-qam", "elsewhere")
        self.write("app/a.txt", "2\n")
        self.git("commit", "-qam", "in the app")
        drift, _ = checkpoint_mcp.git_drift(app, facts, [])
        self.assertEqual(drift["commitsSince"], 2)
        self.assertEqual([commit["subject"] for commit in drift["commits"]], ["in the app"])

    def test_a_slow_untracked_listing_keeps_the_rest_of_the_drift(self):
        self.make_repo()
        saved = self.save()
        self.git("commit", "-q", "--allow-empty", "-m", "more")
        real = checkpoint_mcp.GitRun

        class SlowOthers(real):
            def __init__(self, root, args, accept=(0,)):
                self.slow = "--others" in args
                real.__init__(self, root, args, accept)

            def answer(self):
                if self.slow:
                    self.stop()
                    raise checkpoint_mcp.GitTimeout()
                return real.answer(self)
        with mock.patch.object(checkpoint_mcp, "GitRun", SlowOthers):
            drift, warnings = self.drift(saved)
        self.assertEqual(drift["commitsSince"], 1)
        self.assertEqual(drift["untrackedSince"], [])
        self.assertTrue(any("new untracked files were not looked for" in w for w in warnings))

    def test_saved_commit_that_no_longer_exists_warns(self):
        self.make_repo()
        facts, files = self.save()
        facts = dict(facts, head="0123456789" * 4)
        drift, warnings = checkpoint_mcp.git_drift(str(self.repo), facts, files)
        self.assertEqual((drift["commitsSince"], drift["history"]), (0, "missing"))
        self.assertEqual(warnings, [])

    def test_saved_head_that_is_not_a_commit_id_never_reaches_git(self):
        self.make_repo()
        facts, files = self.save()
        facts = dict(facts, head="--output=%s" % (self.tmp / "pwned"))
        real_popen = subprocess.Popen
        with mock.patch("subprocess.Popen", side_effect=real_popen) as popen:
            drift, warnings = checkpoint_mcp.git_drift(str(self.repo), facts, files)
        self.assertEqual(popen.call_count, 2)  # rev-parse and ls-files, not the saved head
        self.assertFalse(any("--output" in " ".join(call[0][0]) for call in popen.call_args_list))
        self.assertEqual(drift["commitsSince"], 0)
        self.assertEqual((warnings, drift["history"]), ([], "missing"))
        self.assertFalse((self.tmp / "pwned").exists())

    def test_deleted_recorded_file_counts_as_changed(self):
        self.make_repo({"a.txt": "1\n"})
        self.write("a.txt", "2\n")
        saved = self.save()
        (self.repo / "a.txt").unlink()
        self.assertEqual(self.drift(saved)[0]["changedSince"], ["a.txt"])

    def test_file_recorded_deleted_that_is_back_counts_as_changed(self):
        self.make_repo({"a.txt": "1\n", "b.txt": "2\n"})
        (self.repo / "a.txt").unlink()
        (self.repo / "b.txt").unlink()
        saved = self.save()
        self.write("a.txt", "back\n")
        self.assertEqual(self.drift(saved)[0]["changedSince"], ["a.txt"])

    def test_agent_files_with_a_hash_are_compared_too(self):
        self.make_repo({"a.txt": "1\n"})
        facts, _ = self.save()
        recorded = [{"path": "a.txt", "status": "M", "source": "agent",
                     "hash": checkpoint_mcp.hash_blob(str(self.repo / "a.txt"))},
                    {"path": "../outside.txt", "status": "M", "source": "agent", "hash": "0" * 40}]
        self.write("a.txt", "2\n")
        drift, _ = checkpoint_mcp.git_drift(str(self.repo), facts, recorded)
        self.assertEqual(drift["changedSince"], ["a.txt"])

    def test_no_saved_git_facts_means_no_drift(self):
        self.make_repo()
        self.assertEqual(checkpoint_mcp.git_drift(str(self.repo), None, []), (None, []))

    def test_not_a_repository_now_means_no_drift(self):
        self.make_repo()
        saved = self.save()
        shutil.rmtree(str(self.repo / ".git"))
        self.assertEqual(self.drift(saved), (None, []))

    def test_missing_git_means_no_drift(self):
        self.make_repo()
        saved = self.save()
        with mock.patch.dict(os.environ, {"PATH": self.empty_path_dir()}):
            self.assertEqual(self.drift(saved), (None, []))

    @unittest.skipIf(sys.platform == "win32", "uses a shell script as git")
    def test_slow_git_gives_a_warning_and_no_drift(self):
        self.make_repo()
        saved = self.save()
        with mock.patch.dict(os.environ, {"PATH": self.slow_git_dir()}), \
                mock.patch.dict(checkpoint_mcp.LIMITS, {"gitTimeout": 0.1}):
            drift, warnings = self.drift(saved)
        self.assertIsNone(drift)
        self.assertIn("did not answer within 0.1 s", warnings[0])

    def test_drift_uses_two_git_calls_when_head_did_not_move_and_four_when_it_did(self):
        self.make_repo()
        saved = self.save()
        real_popen = subprocess.Popen
        with mock.patch("subprocess.Popen", side_effect=real_popen) as popen:
            self.drift(saved)
        self.assertEqual([git_subcommand(call[0][0]) for call in popen.call_args_list],
                         ["ls-files", "rev-parse"])
        self.git("commit", "-q", "--allow-empty", "-m", "more")
        with mock.patch("subprocess.Popen", side_effect=real_popen) as popen:
            drift, _ = self.drift(saved)
        self.assertEqual(sorted(git_subcommand(call[0][0]) for call in popen.call_args_list),
                         ["log", "ls-files", "rev-list", "rev-parse"])
        self.assertEqual(drift["commitsSince"], 1)


if __name__ == "__main__":
    unittest.main()
