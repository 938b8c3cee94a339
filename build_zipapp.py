"""Pack checkpoint_mcp.py into checkpoint.pyz, a zipapp the same source always makes byte for
byte, and that pyz into session-checkpoint.mcpb, the Claude Desktop bundle, just as reproducibly.

    python3 build_zipapp.py            # writes checkpoint.pyz, plugin/checkpoint.pyz,
                                       # session-checkpoint.mcpb, the hooks' commands in
                                       # plugin/hooks/hooks.json and plugin/icon.png
    python3 build_zipapp.py --check    # exit 1 if plugin/checkpoint.pyz, the bundle,
                                       # hooks.json or the plugin's icon is not a fresh build

The archive is what `zipapp.create_archive` makes (an interpreter line, then a zip with a
`__main__.py`), but written here entry by entry with fixed timestamps, modes and order,
because `create_archive` stamps each file's mtime and follows directory order. The bundle
(an MCP Bundle, https://github.com/anthropics/mcpb) is a zip written the same way.
"""
import argparse
import hashlib
import importlib.util
import io
import json
import os
import re
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = "checkpoint_mcp.py"
INTERPRETER = "/usr/bin/env python3"
OUTPUTS = ("checkpoint.pyz", os.path.join("plugin", "checkpoint.pyz"))
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip entry can carry

# The Claude Desktop bundle: at the repository's top, not in plugin/ (what Claude Code
# installs). Its metadata comes from the files that already hold it: the version and the
# tools from the module, name, author, license and keywords from the plugin's plugin.json,
# the title and the one-line description from server.json (the server's registry entry),
# and the command line from the plugin's .mcp.json with ${CLAUDE_PLUGIN_ROOT} made
# ${__dirname}.
BUNDLE = "session-checkpoint.mcpb"
# LATEST_MANIFEST_VERSION of @anthropic-ai/mcpb 2.1.2 (the version CI validates with).
MANIFEST_VERSION = "0.4"
PLUGIN_JSON = os.path.join("plugin", ".claude-plugin", "plugin.json")
PLUGIN_MCP_JSON = os.path.join("plugin", ".mcp.json")
SERVER_JSON = "server.json"
ICON = os.path.join("mcpb", "icon.png")  # drawn by mcpb/make_icon.py
# The same icon for Claude Code, which shows the one plugin.json names ("./icon.png"): a
# plugin's paths stay inside its folder, so the plugin carries a copy, kept fresh here.
PLUGIN_ICON = os.path.join("plugin", "icon.png")
PROJECT_ROOT_OPTION = "project_root"
LONG_DESCRIPTION = (
    "The same server as the session-checkpoint plugin for Claude Code, the very same "
    "`checkpoint.pyz`, run by your own `python3` (3.8 or later; no dependencies).\n\n"
    "Claude Desktop has no project folder of its own, so you pick one at install: the tools "
    "save and load that folder's checkpoints (`.claude-checkpoints/` in it) unless a call "
    "names another with `projectRoot`.")

# A zipapp cannot keep bytecode beside its source, so without a cache every start would
# compile the whole module (tens of milliseconds, more than the interpreter's own start).
# The archive's STARTER loads the module from a code object cached in the user's cache
# directory, in a file named for a hash of the module's source and of the archive's
# start-up code (filled in at build time) and for the interpreter's cache tag, and checked
# against the interpreter's magic number and a checksum. Any cache problem falls back to
# the source in the archive, so the cache can be missing, foreign, damaged or unwritable
# but never stale.
# A start reads only the file's head: the module's code with a stand-in in place of each
# large function (CACHE_WRITER's split_module says which), and the code of load_module,
# which runs it. On its first call a stand-in reads its function's code from the rest of
# the file, checks it against the checksum the head holds for it, and puts it in its own
# place (the function object stays the same: only its __code__ changes); code that does
# not check out is compiled from the source instead, once, and the cache written again.
# Until then the function's signature, __doc__ and __code__ are its stand-in's: the module
# reads none of its own functions' (its docstrings are for its readers).
# What nothing that can run once the module is names waits whole: a class, and a plain
# `def` (no default, annotation or decorator) at the top. Its statement's instructions in
# the module's code are no-ops, and a part apart makes it in the module's namespace, once
# (a class from its statement's code, the functions all together from their stand-ins'
# codes or their own): before a function or a part that names it runs or is made, or when
# the module is asked for it as an attribute (a module __getattr__; __dir__ lists it).
# Until then it is not in the module's namespace. This assumes what a test checks of the
# module's source: it looks nothing up by a computed name (no globals(), eval or import
# *), and its class statements are plain (constants, names, defs with the usual
# decorators, a few builtins; no class hooks), so that, made later, they read what they
# would have read at import; split_module also keeps at import a class whose statement
# reads a name bound twice, and what a class statement reads.
# Within the module, every name is reached through what needs it, under one lock; a name
# read straight from the module's dict by another thread while its part is being made
# may be there before what it needs.
# So a start unmarshals the functions it runs and makes the classes it uses, not the
# redaction, recovery and command line code it does not (the head is a seventh of the file),
# and a server reads a tool's code at its first call. The file stays open for that: on Windows, where an open file
# cannot be replaced, a damaged cache file is written again only once no server holds it.
# What runs at every start is compiled at every start, so it is the hit path alone, and it
# imports only what running a zipapp has already loaded (runpy loads `os` and
# `importlib.util`; `_imp`, `gc` and `marshal` are built in). runpy compiles `__main__.py`
# twice (zipimport's get_filename compiles it, then get_code again), so BOOTSTRAP, the
# archive's `__main__.py`, is three lines that compile STARTER once. While the module
# loads, the cyclic garbage collector is off: none of the thousands of objects it makes is
# garbage, and the collections that their number sets off would only walk them; once it
# is loaded, gc.freeze() moves them out of every later collection's way, the exit's too
# (which then finalizes none of them: none holds a file or anything else to close; a
# program that runs the pyz in its own process, as the tests' watchers do, flushes its own
# files). A miss imports CACHE_WRITER to compile the module, run it whole and store it,
# and to remove the interpreter's cache files of other sources once they are a day old.
# All three are Python 3.8 syntax.
STARTER_NAME = "checkpoint_start.py"
CHECKSUM_KEY = 0x5ECC  # the key of the cache's checksum (_imp.source_hash, SipHash)
BOOTSTRAP = '''\
"""Run %(starter)s (it loads checkpoint_mcp; build_zipapp.py says why it is apart)."""
import os
path = os.path.join(os.path.dirname(__file__), "%(starter)s")
exec(compile(__loader__.get_data(path), path, "exec", dont_inherit=True))
'''

STARTER = '''\
"""Load checkpoint_mcp from its bytecode cache (made by build_zipapp.py) and run it."""
import _imp
import gc
import os
import sys
from importlib.util import MAGIC_NUMBER

gc.disable()
HEADER = MAGIC_NUMBER + b"%(cache_sha256)s"
SOURCE = os.path.join(os.path.dirname(__file__), "checkpoint_mcp.py")
base = os.environ.get("LOCALAPPDATA" if os.name == "nt" else "XDG_CACHE_HOME", "")
if not os.path.isabs(base) and os.name != "nt":  # XDG: ignore a relative one
    base = os.path.join(os.environ.get("HOME", ""), ".cache")
tag = sys.implementation.cache_tag
cache = found = handle = None
if tag is not None and os.path.isabs(base):
    if sys.flags.optimize:
        tag += ".opt-%%d" %% sys.flags.optimize
    cache = os.path.join(base, "session-checkpoint", "checkpoint_mcp-%(cache_sha256_32)s-%%s.pyc"
                         %% tag)
    try:  # the header, the head's checksum and size, then the head alone
        handle = open(cache, "rb")
        start = handle.read(len(HEADER) + 12)
        head = handle.read(int.from_bytes(start[-4:], "little"))
        if start[:-4] == HEADER + _imp.source_hash(%(checksum_key)d, head):
            import marshal
            found = marshal.loads(head)
            load = type(lambda: None)(found[0], {"__builtins__": __builtins__})
    except Exception:  # whatever is wrong with the cache, the source is there
        found = None
if found is None:
    if handle is not None:
        handle.close()
    from checkpoint_cache import compile_module, load_module as load
    found, handle = compile_module(__loader__, SOURCE, cache, HEADER, %(checksum_key)d), None
sys.exit(load(found[1:], handle, SOURCE, __loader__, (cache, HEADER, %(checksum_key)d))
         .run_as_program())
'''

CACHE_WRITER = '''\
"""The bytecode cache of checkpoint_mcp: written on a miss (compile_module), and run on a
hit by load_module, which reads each large function's code on its first call (see
build_zipapp.py)."""
import os
import sys

# Another source's cache file is removed once it is this old (seconds): one from before an
# upgrade is not left behind for good, and a version still in use (a session started
# before the upgrade) writes its file again at most once a day instead of at every start.
STALE_AFTER = 86400
# The global through which a stand-in asks load_module for its function's code (written
# out in load_module too, which runs without this file's globals).
LAZY = "__checkpoint_lazy__"
STAND_IN = "def stand_in(*args, **kwargs):\\n    return %s(-1)(*args, **kwargs)\\n" % LAZY
# A function whose code takes fewer bytes than this stays in the head: its stand-in would
# save little, and cost its first call a read.
LAZY_AT_LEAST = 400
# What a server runs from its start to its answer to tools/list (and to its end when its
# input then ends), and the module's body at import: in the head, since every start reads
# them at once (a read each would cost more than the unmarshalling they spare). A test
# runs such a start and checks the list.
START_PATH = frozenset((
    "main", "run_as_program", "serve_stdio", "RunEnvironment.__enter__", "Record.__init__",
    "McpServer.__init__", "keeps_one_server_per_session", "McpServer.serve", "read_lines",
    "wait_readable", "McpServer.handle_line", "json_loads", "McpServer.handle_message",
    "is_modern_request", "McpServer.initialize", "McpServer.handle_notification",
    "McpServer.list_tools", "advertised_tools", "McpServer.answer", "McpServer.send",
    "json_dumps", "encode_json_text", "RunEnvironment.__exit__", "RunEnvironment.__init__",
    "ClientMemory.__init__", "is_valid_id", "McpServer.finish"))


def compile_module(loader, source_path, cache_path, header, checksum_key):
    """(None, the module's code, then an index of no function or part that waits:
    read_index's): compiled from the archive, and cached when possible."""
    source = read_source(loader, source_path)
    code = compile(source, source_path, "exec", dont_inherit=True)
    if cache_path is not None and not sys.dont_write_bytecode:
        try:
            write_cache(cache_path, header, checksum_key, *split_module(source, code))
            remove_stale_caches(cache_path)
        except Exception:  # an unwritable cache only costs the next start a compile
            pass
    return None, code, (), b"", (), b"", b""


def read_source(loader, source_path):
    if loader is not None and hasattr(loader, "get_data"):
        return loader.get_data(source_path)
    with open(source_path, "rb") as handle:
        return handle.read()


def split_module(source, code):
    """(the module's code, [(class name or None, name, code, parts)] of the functions a
    stand-in takes the place of, in the order of the numbers their stand-ins pass,
    [(names, code, before, after)] of the parts of the module that wait). `parts`,
    `before` and `after` hold numbers of parts that wait: those a function's code names
    (made before it runs), those a part's statement reads as it runs (made before it), and
    those its methods or functions name (made after it, before any of them runs).
    A stand-in takes a function's place if its `def` line (`source`'s line where its code
    starts) stands at the start of a line, or at the least indent of the body of a class
    that does: so no decorator wraps it, and it is made once, at import (not in a loop,
    under a condition, or in a function). Its code must also be a plain function's (a
    stand-in is one: not a generator's or a coroutine's) with no free variable, it must
    not be on the START_PATH, and it must take LAZY_AT_LEAST bytes or more. A stand-in has
    the function's name, line and __qualname__.
    What nothing that can run once the module is names waits until it is named: each class
    at the top of the module (its `class` line at the start of a line, its name bound
    nowhere else), a part of its own, the code of a module that runs its statement (with
    stand-ins for its large methods); and, all in one part, the functions at the top whose
    `def` gives them nothing but their code (no default, annotation or decorator) and whose
    name is bound nowhere else: their stand-ins' codes, or their own. What can run once the
    module is: its body, the bodies of the classes that do not wait, and the functions
    that keep their code in the head (a fixpoint). In the module's code, the statements of
    what waits become no-ops. A part is made in the module's namespace when a function that
    names it first runs, when a part that names it is made, or when the module is asked
    for one of its names as an attribute."""
    import dis
    import marshal
    lines = source.split(b"\\n")
    template = [value for value in compile(STAND_IN, code.co_filename, "exec",
                                           dont_inherit=True).co_consts
                if type(value) is type(code)][0]
    scoped = 0x01 | 0x02  # CO_OPTIMIZED | CO_NEWLOCALS: a function's, not a class body's
    # CO_GENERATOR | CO_COROUTINE | CO_ITERABLE_COROUTINE | CO_ASYNC_GENERATOR
    not_plain = 0x20 | 0x80 | 0x100 | 0x200
    lazy = []

    def line_of(value):
        return lines[value.co_firstlineno - 1] if 0 < value.co_firstlineno <= len(lines) else b""

    def is_class_body(value):  # (of a class statement at the top of the module)
        return not value.co_flags & scoped and line_of(value).startswith(b"class ")

    def can_wait(value, owner):  # (owner: None at the top, a top class's name, or False)
        qualname = value.co_name if owner is None else "%s.%s" % (owner, value.co_name)
        return (owner is not False and value.co_flags & scoped
                and value.co_name.isidentifier()  # (not a lambda's, on a def's line)
                and line_of(value).startswith(b"def " if owner is None
                                              else indents.get(owner, b"\\0") + b"def ")
                and not value.co_flags & not_plain and not value.co_freevars
                and qualname not in START_PATH  # (its size, wherever the source is:)
                and len(marshal.dumps(value)) - len(value.co_filename) >= LAZY_AT_LEAST)

    def named(container, owner):
        """The names `container`'s code and the code it makes may use (a superset of those
        they read), but for the functions a stand-in takes the place of and, in the
        module's, the bodies of its classes (each apart)."""
        found = set(container.co_names)
        for value in container.co_consts:
            if (type(value) is type(code) and not (owner is None and is_class_body(value))
                    and not can_wait(value, owner)):
                found |= named(value, False)
        return found

    def needs(names):
        return tuple(sorted({part_of[name] for name in names if name in part_of}))

    def standing_in(real, owner):  # its stand-in, numbered and noted
        changes = {"co_name": real.co_name, "co_firstlineno": real.co_firstlineno,
                   "co_consts": tuple(len(lazy) if type(value) is int and value == -1
                                      else value for value in template.co_consts)}
        if hasattr(real, "co_qualname"):  # 3.11+: where a function's __qualname__ comes from
            changes["co_qualname"] = real.co_qualname
        lazy.append((owner, real.co_name, real, needs(named(real, False))))
        return template.replace(**changes)

    def replaced(container, owner):
        constants = list(container.co_consts)
        for position, value in enumerate(constants):
            if type(value) is not type(code):
                continue
            if owner is None and is_class_body(value):
                constants[position] = replaced(value, value.co_name)
            elif can_wait(value, owner):
                constants[position] = standing_in(value, owner)
        return container.replace(co_consts=tuple(constants))

    def read_as_made(body):
        """The names a class's body reads as the class is made: in its own code (not what
        it binds) and in the code that runs then (comprehensions, generators, classes
        within), not in its methods."""
        store, read = dis.opmap["STORE_NAME"], {dis.opmap.get(name) for name in (
            "LOAD_NAME", "LOAD_FROM_DICT_OR_GLOBALS")}  # (each argument: its name's index)
        stored, loaded, prefix, raw = set(), set(), 0, body.co_code
        for at in range(0, len(raw), 2):
            if raw[at] == dis.EXTENDED_ARG:
                prefix = (prefix | raw[at + 1]) << 8
                continue
            if raw[at] == store or raw[at] in read:
                (stored if raw[at] == store else loaded).add(body.co_names[prefix | raw[at + 1]])
            prefix = 0
        found = set(body.co_names) - (stored - loaded)  # (`handler = handler` reads one)
        for value in body.co_consts:
            if type(value) is type(code) and not (value.co_flags & scoped
                                                  and value.co_name.isidentifier()):
                found |= named(value, False)
        return found

    bodies = {value.co_name: value for value in code.co_consts
              if type(value) is type(code) and is_class_body(value)}
    indents = {}  # each top class's: the least indent of its body's lines (its methods')
    for name, body in bodies.items():
        least, number = None, body.co_firstlineno
        while number < len(lines):  # (until a line at the margin)
            line, number = lines[number], number + 1
            if line.strip() and not line.lstrip().startswith(b"#"):
                indent = line[:len(line) - len(line.lstrip(b" \\t"))]
                if not indent:
                    break
                least = indent if least is None or len(indent) < len(least) else least
        if least:
            indents[name] = least

    # The module's own instructions (each with the EXTENDED_ARG before it, if any): the
    # span of each statement of a class at the top (its LOAD_BUILD_CLASS, after a PUSH_NULL
    # if there is one, to the STORE_NAME of its name, with nothing between that jumps,
    # binds or returns: a name that a function declares global is bound with STORE_GLOBAL)
    # and the names it uses; the span of each plain `def` at the top (its code,
    # MAKE_FUNCTION with nothing more, and the STORE_NAME of its name); the names the
    # other instructions use; how often each name is bound.
    body_ids = {id(body) for body in bodies.values()}
    listed, starts, prefix = [], [], None
    for instruction in dis.get_instructions(code):
        if instruction.opname == "EXTENDED_ARG":
            prefix = instruction.offset if prefix is None else prefix
            continue
        listed.append(instruction)
        starts.append(instruction.offset if prefix is None else prefix)
        prefix = None
    starts.append(len(code.co_code))

    def class_span(first):  # (its last instruction, the names it uses) or None
        position = first + (listed[first].opname == "PUSH_NULL")
        if listed[position].opname != "LOAD_BUILD_CLASS":
            return None
        body, names = None, set()
        for later in range(position + 1, len(listed)):
            each = listed[later]
            if type(each.argval) is type(code):
                if body is not None or id(each.argval) not in body_ids:
                    return None
                body = each.argval
            elif (each.opname == "STORE_NAME" and body is not None
                  and each.argval == body.co_name):
                return later, names
            elif (each.opcode in dis.hasjrel or each.opcode in dis.hasjabs
                  or each.opname.startswith(("STORE_", "DELETE_", "IMPORT_", "RETURN_"))
                  or each.opname == "LOAD_BUILD_CLASS"):
                return None
            elif each.opcode in dis.hasname:
                names.add(each.argval)
        return None

    def def_span(first):  # (its last instruction, no name) or None
        function = listed[first].argval
        if (listed[first].opname != "LOAD_CONST" or type(function) is not type(code)
                or not function.co_flags & scoped or not line_of(function).startswith(b"def ")):
            return None
        later = first + 1 + (type(listed[first + 1].argval) is str)  # (3.8-3.10: its name)
        if (listed[later].opname == "MAKE_FUNCTION" and listed[later].arg in (0, None)
                and listed[later + 1].opname == "STORE_NAME"
                and listed[later + 1].argval == function.co_name):
            return later + 1, set()
        return None

    spans, header_names, functions, used, bound = {}, {}, {}, set(), {}
    position = 0
    while position < len(listed):
        span = class_span(position) or def_span(position)
        if span is not None:
            last, names = span
            name = listed[last].argval
            spans[name], header_names[name] = (starts[position], starts[last + 1]), names
            if listed[position].opname == "LOAD_CONST":
                functions[name] = listed[position].argval
            bound[name] = bound.get(name, 0) + 1
            position = last + 1
            continue
        instruction = listed[position]
        if "IMPORT_STAR" in instruction.opname + instruction.argrepr:  # (names unnamed)
            bound["*"] = 1
        elif instruction.opcode in dis.hasname:
            if instruction.opname.startswith(("STORE_", "DELETE_")):
                bound[instruction.argval] = bound.get(instruction.argval, 0) + 1
            else:
                used.add(instruction.argval)
        position += 1
    stores = {dis.opmap[name] for name in ("STORE_GLOBAL", "DELETE_GLOBAL")}
    inner = [value for value in code.co_consts if type(value) is type(code)]
    while inner:  # (a name a function binds with `global`, the module binds twice)
        value = inner.pop()
        inner.extend(each for each in value.co_consts if type(each) is type(code))
        if stores.intersection(value.co_code[::2]):
            for each in dis.get_instructions(value):
                if each.opcode in stores:
                    bound[each.argval] = bound.get(each.argval, 0) + 2
    spanned = {id(function) for function in functions.values()}
    for value in code.co_consts:  # what else can run once the module is: functions, bodies
        if type(value) is not type(code) or can_wait(value, None) or id(value) in spanned:
            continue
        if not is_class_body(value):
            used |= named(value, False)
        elif value.co_name not in spans:
            used |= named(value, value.co_name)
    # What a class statement reads as it runs (its header and its body's own code), and
    # what its methods with their code in it name; what a function with its code names.
    classes = {name: (header_names[name] | read_as_made(bodies[name]), named(bodies[name], name))
               for name in spans if name not in functions}
    runs = {name: creating | methods for name, (creating, methods) in classes.items()}
    runs.update((name, set() if can_wait(function, None) else named(function, False))
                for name, function in functions.items())
    # What waits: what the module names that nothing able to run once the module is names
    # (a fixpoint: a class made at import, and a function with its code there, make what
    # they name able to run too). Not a class whose statement reads a name bound more than
    # once (made later, it could read another value), or whose header cannot be compiled
    # apart; not a function a class statement reads (a class is made after what it reads,
    # and a function that waits may need the class). Nothing, if the module binds names
    # some other way (`import *`) or answers for missing names itself.
    eager = {name for name in runs if bound[name] != 1}
    eager |= {name for name, (creating, _) in classes.items()
              if any(bound.get(each, 0) > 1 for each in creating)}
    used |= set(functions) & set().union(*[creating for creating, _ in classes.values()])
    if "*" in bound or "__getattr__" in bound or "__dir__" in bound:
        eager |= set(runs)
    makers, more = {}, set(eager)
    while True:
        eager |= more
        for name in more:
            used |= runs[name]
        more = used & set(runs) - eager
        if not more:  # (then what cannot be made apart, and what that names)
            for name in set(classes) - eager - set(makers):
                makers[name] = class_statement(lines, bodies[name], code.co_filename)
                if makers[name] is None:
                    more.add(name)
            if not more:
                break
    waiting = [name for name in bodies if name in classes and name not in eager]
    rest = [name for name in functions if name not in eager]
    part_of = {name: number for number, name in enumerate(waiting)}
    part_of.update((name, len(waiting)) for name in rest)
    instructions = bytearray(code.co_code)
    for name in part_of:
        start, end = spans[name]
        instructions[start:end] = bytes((dis.opmap["NOP"], 0)) * ((end - start) // 2)
    gone = {id(bodies[name]) for name in waiting} | {id(functions[name]) for name in rest}
    module_code = replaced(code.replace(co_code=bytes(instructions), co_consts=tuple(
        None if id(value) in gone else value for value in code.co_consts)), None)
    parts = []  # (names, code, what is made before it, what is made after it)
    for name in waiting:
        creating, methods = classes[name]
        parts.append(((name,), replaced(makers[name], None), needs(creating - {name}),
                      needs(methods - creating - {name})))
    if rest:  # (a function's stand-in, or its code: then made after what it names)
        parts.append((tuple(rest), tuple(
            standing_in(functions[name], None) if can_wait(functions[name], None)
            else functions[name] for name in rest), tuple(
                each for each in needs(set().union(*[runs[name] for name in rest]))
                if each != len(waiting)), ()))
    return module_code, lazy, parts


def class_statement(lines, body, filename):
    """The code of a module that runs the statement of the class whose body's code is
    `body` (a class statement at the top of the module whose source's lines are `lines`):
    its header (its lines up to the first of its body) compiled with that code for its
    body, on the same lines, after the module's first two lines if they are comments (an
    encoding's declaration is one). None if the header does not compile apart."""
    import dis
    first = body.co_firstlineno
    later = [line for _, line in dis.findlinestarts(body) if line is not None and line > first]
    if not later:
        return None
    above = [line if line.lstrip().startswith(b"#") else b"" for line in lines[:2]]
    if len(above) == 2 and lines[0].strip() and not above[0]:
        above[1] = b""  # (a second line declares the encoding only after a comment or blank)
    above = above[:first - 1]
    try:
        made = compile(b"\\n".join(above) + b"\\n" * (first - 1 - len(above) + bool(above))
                       + b"\\n".join(lines[first - 1:min(later) - 1]) + b"\\n pass\\n",
                       filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    made_body = [value for value in made.co_consts if type(value) is type(body)]
    if [(each.co_name, each.co_firstlineno) for each in made_body] != [(body.co_name, first)]:
        return None
    return made.replace(co_consts=tuple(body if type(value) is type(body) else value
                                        for value in made.co_consts))


def part_code(loader, source_path, names, code):
    """The code of the part that makes `names` (a class, or functions, at the top of the
    module whose code, compiled whole, is `code`), whole: a class statement's, or the
    functions' codes."""
    lines = read_source(loader, source_path).split(b"\\n")
    found = {value.co_name: value for value in code.co_consts if type(value) is type(code)}
    if len(names) == 1 and lines[found[names[0]].co_firstlineno - 1].startswith(b"class "):
        made = class_statement(lines, found[names[0]], source_path)
        if made is not None:
            return made
        raise LookupError("the class %s cannot be made apart" % names[0])
    return tuple(found[name] for name in names)


def function_code(code, owner, name, line):
    """The code of the function `name` defined at `line` in the module whose code is `code`
    (owner None) or in its class `owner`."""
    scopes = [code]
    if owner is not None:
        scopes = [value for value in code.co_consts
                  if type(value) is type(code) and value.co_name == owner]
    for scope in scopes:
        for value in scope.co_consts:
            if type(value) is type(code) and (value.co_name, value.co_firstlineno) == (name, line):
                return value
    raise LookupError("no function %s at line %d in %s" % (name, line, owner or "the module"))


def write_cache(path, header, checksum_key, code, lazy, parts):
    """Write the cache file atomically (a temp file, then a rename), private to the user:
    the header, the head's checksum and size, the head (load_module's code, the module's
    code and, for each function and each part that waits, where its code is, its checksum
    and the parts it needs: read_index's), then their codes. The index is mostly bytes,
    which unmarshal with no object for each number in them."""
    import _imp
    import marshal

    pieces, offset = [], 0

    def placed(code):
        nonlocal offset
        piece = marshal.dumps(code)
        pieces.append(piece)
        offset += len(piece)
        return offset - len(piece), len(piece), _imp.source_hash(checksum_key, piece)

    lists = bytearray()

    def listed(numbers):  # where the list of part numbers is in `lists`
        lists.extend(len(numbers).to_bytes(2, "little"))
        for number in numbers:
            lists.extend(number.to_bytes(2, "little"))
        return (len(lists) - 2 - 2 * len(numbers)).to_bytes(4, "little")

    def record(code, *numbers):
        offset, size, checksum = placed(code)
        return (offset.to_bytes(4, "little") + size.to_bytes(4, "little") + checksum
                + b"".join(listed(each) for each in numbers))

    names = tuple(each for owner, name, _, _ in lazy for each in (owner, name))
    functions = b"".join(record(function, needs) for _, _, function, needs in lazy)
    part_names = tuple(part[0] for part in parts)
    parts = b"".join(record(made, before, after) for _, made, before, after in parts)
    head = marshal.dumps((load_module.__code__, code, names, functions, part_names, parts,
                          bytes(lists)))
    directory = os.path.dirname(path)
    os.makedirs(directory, mode=0o700, exist_ok=True)
    temporary = os.path.join(directory, ".%s.%d.tmp" % (os.path.basename(path), os.getpid()))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    descriptor = os.open(temporary, flags, 0o600)
    try:
        with open(descriptor, "wb") as handle:
            handle.write(header + _imp.source_hash(checksum_key, head)
                         + len(head).to_bytes(4, "little") + head + b"".join(pieces))
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


# An entry of the index: where its code is past the head, its size and its checksum, then
# where the lists of the part numbers it needs are: one list for a function, two for a
# part (before and after). (load_module, which runs without this file's globals, writes
# the sizes out.)
ENTRY_SIZES = 20, 24


def read_index(head):
    """([(class name or None, name, offset, size, checksum, parts it needs)] of the
    functions, [(names, offset, size, checksum, before, after)] of the parts) of a head's
    index (for a reader of the cache; load_module reads an entry only when it needs it)."""
    names, functions, part_names, parts, lists = head[2:]

    def numbers(at):
        return tuple(int.from_bytes(lists[each:each + 2], "little")
                     for each in range(at + 2, at + 2 + 2 * int.from_bytes(lists[at:at + 2], "little"), 2))

    def entries(table, size):
        return [(int.from_bytes(table[at:at + 4], "little"), int.from_bytes(table[at + 4:at + 8], "little"),
                 table[at + 8:at + 16]) + tuple(numbers(int.from_bytes(table[each:each + 4], "little"))
                                                 for each in range(at + 16, at + size, 4))
                for at in range(0, len(table), size)]
    return (tuple((names[2 * number], names[2 * number + 1]) + entry
                  for number, entry in enumerate(entries(functions, ENTRY_SIZES[0]))),
            tuple((part_names[number],) + entry
                  for number, entry in enumerate(entries(parts, ENTRY_SIZES[1]))))


def load_module(head, handle, source, loader, cache):
    """checkpoint_mcp, run from `head` with the collector off, its objects then frozen.
    `head` is the module's code and the index (read_index): for each stand-in in the code,
    (class name or None, name, offset, size, checksum, parts it needs), and for each part
    that waits, (its names, offset, size, checksum, parts it reads as it is made, parts it
    needs after); an entry is read from it when it is needed. A stand-in, on its first
    call, reads its function's code from `handle` (`offset` bytes past the head), makes
    the parts it needs and puts the code in its own place. A part is made once, from its
    code read the same way (a class statement's, run in the module's namespace, or
    functions' codes, each made a function there), when a function or a part that needs
    it is, or when the module is asked for one of its names as an attribute; an interrupt
    while it is made leaves what it had made, and the rest for the next need (a class
    already made, with what its methods name still to make, waits for a function or part
    that needs that). Should a code not check out, the source is compiled instead, once
    for all (which writes the cache again). `cache` is (cache file, header, checksum key). On a hit this runs from
    the cache, without this file's globals: it names only builtins and what it imports."""
    import _imp
    import gc
    import marshal
    import sys
    from _thread import RLock

    code, names, functions, part_names, parts, lists = head
    module = sys.modules["checkpoint_mcp"] = type(sys)("checkpoint_mcp")
    module.__file__ = source
    module.__loader__ = loader
    namespace = module.__dict__
    fix_filename = getattr(_imp, "_fix_co_filename", None)
    if fix_filename is not None:
        fix_filename(code, source)  # the archive may have moved since
    if functions or parts:
        # (re-entrant: a signal's handler may call a function while one is being read)
        base, lock, loaded, compiled = handle.tell(), RLock(), {}, []
        made, ran, running, extra = {}, set(), set(), {}

        decoded, part_entries = {}, {}
        # (as 32-bit words where the machine's order is the file's: read without a call)
        fwords, pwords = ((memoryview(functions).cast("I"), memoryview(parts).cast("I"))
                          if sys.byteorder == "little" else (None, None))

        def entry(table, words, number, size):  # (offset, size, checksum, where its lists are)
            at = number * size
            if words is not None:
                word = at // 4
                return (words[word], words[word + 1], table[at + 8:at + 16], words[word + 4]) + (
                    (words[word + 5],) if size == 24 else ())
            return (int.from_bytes(table[at:at + 4], "little"), int.from_bytes(table[at + 4:at + 8], "little"),
                    table[at + 8:at + 16], int.from_bytes(table[at + 16:at + 20], "little")) + (
                (int.from_bytes(table[at + 20:at + 24], "little"),) if size == 24 else ())

        def part(number):  # a part's entry, its lists read (once)
            found = part_entries.get(number)
            if found is None:
                offset, size, checksum, before, after = entry(parts, pwords, number, 24)
                found = part_entries[number] = offset, size, checksum, numbers(before), numbers(after)
            return found

        def numbers(at):  # the list of part numbers at `at` in `lists` (read once)
            found = decoded.get(at)
            if found is None:
                found = decoded[at] = tuple(memoryview(lists[at + 2:at + 2 + 2 * int.from_bytes(
                    lists[at:at + 2], "little")]).cast("H")) if sys.byteorder == "little" else tuple(
                    int.from_bytes(lists[each:each + 2], "little")
                    for each in range(at + 2, at + 2 + 2 * int.from_bytes(lists[at:at + 2], "little"), 2))
            return found

        def cached_code(offset, size, checksum):
            try:
                handle.seek(base + offset)
                data = handle.read(size)
                if _imp.source_hash(cache[2], data) == checksum:
                    real = marshal.loads(data)
                    codes = real if type(real) is tuple else (real,)
                    if all(type(each) is type(code) for each in codes):
                        for each in codes:
                            if fix_filename is not None:
                                fix_filename(each, source)
                        return real
            except (OSError, ValueError, EOFError, TypeError):
                pass
            return None

        def whole():  # the module compiled from its source (which writes the cache again)
            if not compiled:
                from checkpoint_cache import compile_module
                compiled.append(compile_module(loader, source, *cache)[1])
            return compiled[0]

        def holder(stand_in):
            # The function was bound elsewhere since it was made (decorated, renamed):
            # the one function that holds the stand-in is among its referrers, once what
            # gc.freeze() took out of the collector's generations is back in them.
            gc.unfreeze()
            for referrer in gc.get_referrers(stand_in):
                if type(referrer) is type(load) and referrer.__code__ is stand_in:
                    return referrer
            raise RuntimeError("no function of %s holds the stand-in of %s"
                               % (source, stand_in.co_name))

        def run_statement(number):
            # A part's statement runs once those of the parts it reads have (what a class
            # statement reads; what functions with their code name): such reads never loop,
            # as a module that Python can import shows.
            if number in ran or number in running:
                return
            try:
                running.add(number)
                offset, size, checksum, before, _ = part(number)
                for each in before:
                    run_statement(each)
                if not all(name in namespace for name in part_names[number]):  # (else run, not noted)
                    real = None if compiled else cached_code(offset, size, checksum)
                    if real is None:  # (whole: what their stand-ins would need, too)
                        from checkpoint_cache import part_code
                        real = part_code(loader, source, part_names[number], whole())
                        extra[number] = tuple(
                            each for function in range(len(names) // 2)
                            if names[2 * function] in part_names[number] or (
                                names[2 * function] is None and names[2 * function + 1] in part_names[number])
                            for each in numbers(entry(functions, fwords, function, 20)[3]))
                        if type(real) is tuple:
                            for each in extra[number]:
                                run_statement(each)
                    if type(real) is tuple:  # functions' codes
                        for each in real:
                            if each.co_name not in namespace:
                                namespace[each.co_name] = type(load)(each, namespace)
                    else:  # a class statement's
                        exec(real, namespace)
                ran.add(number)
            finally:
                running.discard(number)

        def make(number):
            # A part is made once its statement has run and so have those of all the parts
            # it and they need, before or after (what methods and functions name, which
            # run only later): a walk, so that no chain of parts is too long for it.
            with lock:
                if number in made:
                    return
                pending, seen = [number], {number}
                while pending:
                    each = pending.pop()
                    run_statement(each)
                    for other in part(each)[3] + part(each)[4] + extra.get(each, ()):
                        if other not in seen:
                            seen.add(other)
                            pending.append(other)
                for each in seen:
                    made[each] = True

        def load(number, stand_in=None):  # (stand_in: the caller's code if not given)
            stand_in = stand_in or sys._getframe(1).f_code
            with lock:
                if number not in loaded:
                    owner, name = names[2 * number], names[2 * number + 1]
                    offset, size, checksum, needs = entry(functions, fwords, number, 20)
                    scope = namespace.get(owner) if owner is not None else module
                    function = getattr(scope, "__dict__", {}).get(name)
                    if getattr(function, "__code__", None) is not stand_in:
                        function = holder(stand_in)
                    for each in numbers(needs):
                        make(each)
                    real = None if compiled else cached_code(offset, size, checksum)
                    if real is None:
                        from checkpoint_cache import function_code
                        real = function_code(whole(), owner, name, stand_in.co_firstlineno)
                    # Noted before it is put in place: a signal between the two leaves the
                    # next call to finish it.
                    loaded[number] = function, real
                function, real = loaded[number]
                if function.__code__ is not real:
                    function.__code__ = real
                    if (function.__doc__ is None and real.co_consts  # as a function made from
                            and type(real.co_consts[0]) is str  # it (3.14 flags a docstring)
                            and (sys.version_info < (3, 14) or real.co_flags & 0x4000000)):
                        function.__doc__ = real.co_consts[0]
                return function

        waiting = {name: number for number, each in enumerate(part_names) for name in each}

        def __getattr__(name):  # a name that waits, asked for from outside: made once
            number = waiting.get(name)
            if number is not None and number not in made:  # (made, then deleted: stays so)
                make(number)
                if name in namespace:
                    return namespace[name]
            raise AttributeError("module 'checkpoint_mcp' has no attribute %r" % name)

        def __dir__():
            return sorted((set(namespace) | set(waiting))
                          - {"__checkpoint_lazy__", "__getattr__", "__dir__"})
        namespace["__checkpoint_lazy__"] = load  # LAZY
        if parts:
            namespace["__getattr__"], namespace["__dir__"] = __getattr__, __dir__
    try:
        exec(code, namespace)
    except BaseException:
        del sys.modules["checkpoint_mcp"]
        raise
    gc.freeze()
    gc.enable()
    return module


def remove_stale_caches(path):
    """Remove the cache files beside `path` that this interpreter made for other sources
    and has not rewritten for STALE_AFTER seconds, and its temp files that old (writes
    that never finished). Other interpreters' files (another cache tag) are theirs to
    keep; a file that cannot be removed is left."""
    import time

    directory, name = os.path.split(path)
    stem, _, tagged = name.split("-", 2)  # checkpoint_mcp, source hash, "<tag>.pyc"
    cutoff = time.time() - STALE_AFTER
    with os.scandir(directory) as entries:
        for entry in entries:
            cache_name = entry.name
            if cache_name.startswith(".") and cache_name.endswith(".tmp"):
                cache_name = cache_name[1:].rsplit(".", 2)[0]  # ".<name>.<pid>.tmp"
            elif cache_name == name:
                continue
            parts = cache_name.split("-", 2)
            if len(parts) != 3 or (parts[0], parts[2]) != (stem, tagged):
                continue
            try:
                if entry.stat(follow_symlinks=False).st_mtime < cutoff:
                    os.unlink(entry.path)
            except OSError:
                pass
'''


class BuildError(Exception):
    """The build cannot go on; the message says why."""


# The plugin's hooks: plugin/hooks/hooks.json is hand-written but for each hook's command,
# which the build writes from this one template and the module's tables (HOOK_INTERPRETERS,
# MACOS_DEVELOPER_TOOLS, NO_PYTHON). Claude Code puts the plugin's folder in for
# ${CLAUDE_PLUGIN_ROOT} and runs the result with `sh -c` (macOS, Linux) or Git Bash's
# `bash -c` (Windows), so it is POSIX sh, and what it runs where `python3` is real is
# builtins and an exec: no subshell, no other process. Git Bash has $MSYSTEM in its
# environment (and bash sets $OSTYPE to msys or cygwin): there the first command on PATH
# outside WindowsApps wins, else the first alias in WindowsApps that a PythonSoftwareFoundation
# package folder beside it provides (the Store's stub has none); on macOS (bash sets $OSTYPE
# to darwin...) a /usr/bin stub counts only with the developer tools. With no interpreter the hook exits 0, and the
# session-start hook alone tells the user what to install (once a session, not four times).
# Under PowerShell (Windows without Git for Windows) the `for ... do` does not parse, so
# nothing runs: Claude Code reports a failed hook that blocks nothing.
HOOKS_JSON = os.path.join("plugin", "hooks", "hooks.json")
HOOK_TEMPLATE = (
    'p="${CLAUDE_PLUGIN_ROOT}/checkpoint.pyz"; '
    'case ${MSYSTEM:+msys}$OSTYPE in '
    "msys*|cygwin*) w=; for c in %(windows)s; do set -- $c; f=$(command -v $1) || continue; "
    "case $f in */WindowsApps/*) n=${f##*/}; "
    'for g in "${f%%/*}"/PythonSoftwareFoundation.*/"${n%%.exe}".exe; do '
    '[ -z "$w" ] && { [ -e "$g" ] || [ -h "$g" ]; } && w=$c; done;; '
    '*) exec "$@" -I -S "$p" --hook %(hook)s;; esac; done; '
    '[ -n "$w" ] && exec $w -I -S "$p" --hook %(hook)s;%(tell_windows)s; '
    "darwin*) for c in %(macos)s; do case $(command -v $c) in '') ;; "
    '/usr/bin/*) { %(developer_tools)s; } && exec $c -I -S "$p" --hook %(hook)s;; '
    '*) exec $c -I -S "$p" --hook %(hook)s;; esac; done;%(tell_macos)s; '
    "*) %(posix)s;%(tell_posix)s; "
    "esac; exit 0")
HOOK_TELLS = "session-start"  # the one hook that says when there is no Python
SAFE_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./ ")


def hook_command(module, hook):
    """The shell command that runs `--hook hook` on the first real interpreter."""
    interpreters = module.HOOK_INTERPRETERS
    words = [hook] + [name for names in interpreters.values() for name in names]
    words += module.MACOS_DEVELOPER_TOOLS
    if not all(set(word) <= SAFE_WORD for word in words):
        raise BuildError("a hook name, interpreter or path is not a plain word: %r" % words)
    fields = {
        "hook": hook,
        "windows": " ".join("'%s'" % name if " " in name else name
                            for name in interpreters["windows"]),
        "macos": " ".join(interpreters["macos"]),
        "developer_tools": " || ".join("[ -e %s ]" % path
                                       for path in module.MACOS_DEVELOPER_TOOLS),
        "posix": "; ".join('command -v %s >/dev/null && exec %s -I -S "$p" --hook %s'
                           % (name, name, hook) for name in interpreters["posix"]),
    }
    for platform, message in module.NO_PYTHON.items():
        tell = ""
        if hook == HOOK_TELLS:
            output = json.dumps({"systemMessage": message}, ensure_ascii=True)
            if "'" in output:
                raise BuildError("NO_PYTHON[%r] holds a quote mark" % platform)
            tell = " printf '%%s\\n' '%s';" % output
        fields["tell_" + platform] = tell
    return HOOK_TEMPLATE % fields


def hooks_json(source_dir=HERE, module=None):
    """The text of plugin/hooks/hooks.json with every hook's command as hook_command makes
    it; the rest (events, matchers, timeouts, the description) is kept as written."""
    module = module or load_module(source_dir)
    config = read_json(source_dir, HOOKS_JSON)
    events = {hook.event: name for name, hook in module.HOOKS.items()}
    for event, groups in config.get("hooks", {}).items():
        if event not in events:
            raise BuildError("%s registers %s, which no --hook handles" % (HOOKS_JSON, event))
        for group in groups:
            for hook in group["hooks"]:
                hook["command"] = hook_command(module, events[event])
    return json.dumps(config, indent=2, ensure_ascii=False) + "\n"


def build_archive(source_dir=HERE):
    """The bytes of checkpoint.pyz for the module in `source_dir`."""
    try:
        with open(os.path.join(source_dir, MODULE), "rb") as handle:
            module = handle.read()
    except OSError as error:
        raise BuildError("cannot read %s: %s" % (MODULE, error.strerror)) from None
    # The cache file is named for what makes and reads it: the module, the writer that
    # lays it out, the starter and bootstrap that read it and call its load_module, the key.
    cache_sha256 = hashlib.sha256(("%s\0%s\0%s\0%d\0" % (
        BOOTSTRAP, STARTER, CACHE_WRITER, CHECKSUM_KEY)).encode("utf-8") + module).hexdigest()
    starter = STARTER % {"cache_sha256": cache_sha256, "cache_sha256_32": cache_sha256[:32],
                         "checksum_key": CHECKSUM_KEY}
    entries = sorted({
        "__main__.py": (BOOTSTRAP % {"starter": STARTER_NAME}).encode("utf-8"),
        STARTER_NAME: starter.encode("utf-8"),
        "checkpoint_cache.py": CACHE_WRITER.encode("utf-8"),
        MODULE: module,
    }.items())
    buffer = io.BytesIO()
    buffer.write(b"#!" + INTERPRETER.encode("utf-8") + b"\n")
    # Stored, not deflated: reading a deflated entry makes every start import zlib.
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # Unix, whatever machine builds it
            archive.writestr(info, data)
    return buffer.getvalue()


def read_file(source_dir, relative):
    try:
        with open(os.path.join(source_dir, relative), "rb") as handle:
            return handle.read()
    except OSError as error:
        raise BuildError("cannot read %s: %s" % (relative, error.strerror)) from None


def read_json(source_dir, relative):
    try:
        return json.loads(read_file(source_dir, relative).decode("utf-8"))
    except ValueError as error:
        raise BuildError("%s is not valid JSON: %s" % (relative, error)) from None


def load_module(source_dir):
    """checkpoint_mcp as found in `source_dir`, imported for its metadata and then forgotten
    (sys.modules keeps only what it had)."""
    name = "_checkpoint_mcp_for_build"
    spec = importlib.util.spec_from_file_location(name, os.path.join(source_dir, MODULE))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        raise BuildError("cannot import %s: %s" % (MODULE, error)) from None
    finally:
        del sys.modules[name]
    return module


def bundle_command(source_dir):
    """The mcp_config command and args: the plugin's, run from the bundle's folder."""
    servers = read_json(source_dir, PLUGIN_MCP_JSON).get("mcpServers") or {}
    if len(servers) != 1:
        raise BuildError("%s should configure exactly one server" % PLUGIN_MCP_JSON)
    server, = servers.values()
    args = [arg.replace("${CLAUDE_PLUGIN_ROOT}", "${__dirname}") for arg in server["args"]]
    if "${__dirname}/checkpoint.pyz" not in args:
        raise BuildError("%s does not run ${CLAUDE_PLUGIN_ROOT}/checkpoint.pyz" % PLUGIN_MCP_JSON)
    # Claude Code expands ${VAR:-default} in the command; a bundle expands only its own
    # ${...} names, so it gets the default.
    command = re.sub(r"^\$\{[A-Z_]+:-(.+)\}$", r"\1", server["command"])
    if "$" in command:
        raise BuildError("%s's command %r is neither a command nor ${VAR:-command}"
                         % (PLUGIN_MCP_JSON, server["command"]))
    return command, args


def bundle_manifest(source_dir=HERE):
    """The bundle's manifest.json, as a dict (see the MANIFEST_VERSION spec)."""
    module = load_module(source_dir)
    plugin = read_json(source_dir, PLUGIN_JSON)
    server = read_json(source_dir, SERVER_JSON)
    command, args = bundle_command(source_dir)
    return {
        "manifest_version": MANIFEST_VERSION,
        "name": plugin["name"],
        "display_name": server["title"],
        "version": module.__version__,
        "description": server["description"],
        "long_description": LONG_DESCRIPTION,
        "author": plugin["author"],
        "license": plugin["license"],
        "keywords": plugin["keywords"],
        "icon": "icon.png",
        "server": {
            "type": "python",
            "entry_point": "checkpoint.pyz",
            "mcp_config": {
                "command": command,
                "args": args,
                "env": {"CHECKPOINT_PROJECT_ROOT": "${user_config.%s}" % PROJECT_ROOT_OPTION},
                # The python.org installer for Windows puts `python` on PATH, not `python3`.
                "platform_overrides": {"win32": {"command": "python"}},
            },
        },
        "tools": [{"name": tool["name"], "description": tool["description"]}
                  for tool in module.advertised_tools()],
        "compatibility": {
            "platforms": ["darwin", "linux", "win32"],
            "runtimes": {"python": ">=3.8"},
        },
        "user_config": {
            PROJECT_ROOT_OPTION: {
                "type": "directory",
                "title": "Project folder",
                "description": (
                    "The folder whose checkpoints the tools save and load (in its "
                    ".claude-checkpoints/) when a call names no other with projectRoot. "
                    "The server gets it as CHECKPOINT_PROJECT_ROOT."),
                # Required: without it the server would fall back to Claude Desktop's own
                # working directory, which is no project.
                "required": True,
            },
        },
    }


def build_bundle(pyz, source_dir=HERE):
    """The bytes of session-checkpoint.mcpb holding `pyz` (the bytes of checkpoint.pyz)."""
    manifest = json.dumps(bundle_manifest(source_dir), indent=2, ensure_ascii=False) + "\n"
    entries = sorted({
        "LICENSE": (read_file(source_dir, "LICENSE"), 0o644),
        "checkpoint.pyz": (pyz, 0o755),
        "icon.png": (read_file(source_dir, ICON), 0o644),
        "manifest.json": (manifest.encode("utf-8"), 0o644),
    }.items())
    buffer = io.BytesIO()
    # Stored, not deflated: deflate's bytes depend on the zlib build (zlib-ng differs), and
    # the pyz, nearly all of the bundle, is stored in the pyz's own zip for speed anyway.
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, (data, mode) in entries:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = mode << 16
            info.create_system = 3
            archive.writestr(info, data)
    return buffer.getvalue()


def plugin_icon(source_dir=HERE):
    """The bytes of the plugin's icon: the bundle's, at the path plugin.json gives it."""
    named = read_json(source_dir, PLUGIN_JSON).get("icon")
    if named != "./" + os.path.basename(PLUGIN_ICON):
        raise BuildError("%s names the icon %r, not ./%s" % (
            PLUGIN_JSON, named, os.path.basename(PLUGIN_ICON)))
    return read_file(source_dir, ICON)


def build_all(source_dir=HERE):
    """{output path relative to the repository: its bytes} for every build output."""
    pyz = build_archive(source_dir)
    outputs = {relative: pyz for relative in OUTPUTS}
    outputs[BUNDLE] = build_bundle(pyz, source_dir)
    outputs[HOOKS_JSON] = hooks_json(source_dir).encode("utf-8")
    outputs[PLUGIN_ICON] = plugin_icon(source_dir)
    return outputs


def write_outputs(outputs, target_dir=HERE):
    for relative, data in outputs.items():
        path = os.path.join(target_dir, relative)
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)
        os.chmod(path, 0o755 if relative.endswith(".pyz") else 0o644)


def is_current(data, target_dir=HERE, relative=OUTPUTS[-1]):
    try:
        with open(os.path.join(target_dir, relative), "rb") as handle:
            return handle.read() == data
    except OSError:
        return False


def main(args=None):
    parser = argparse.ArgumentParser(
        description="Build checkpoint.pyz and session-checkpoint.mcpb reproducibly.")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if plugin/checkpoint.pyz, %s or %s is "
                        "stale" % (", ".join((BUNDLE, HOOKS_JSON)), PLUGIN_ICON))
    options = parser.parse_args(args)
    try:
        outputs = build_all()
    except BuildError as error:
        sys.exit("build_zipapp.py: %s" % error)
    if options.check:
        # The top-level checkpoint.pyz is not committed (.gitignore): only these are.
        stale = [relative for relative in (OUTPUTS[-1], BUNDLE, HOOKS_JSON, PLUGIN_ICON)
                 if not is_current(outputs[relative], relative=relative)]
        if stale:
            sys.exit("%s not a fresh build of %s and its metadata: run "
                     "`python3 build_zipapp.py` and commit the result."
                     % (" and ".join(stale) + (" are" if len(stale) > 1 else " is"), MODULE))
        print("%s, %s, %s and %s are up to date" % (OUTPUTS[-1], BUNDLE, HOOKS_JSON, PLUGIN_ICON))
        return
    write_outputs(outputs)
    for relative, data in outputs.items():
        print("wrote %s (%d bytes)" % (relative, len(data)))


if __name__ == "__main__":
    main()
