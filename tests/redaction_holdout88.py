"""Blind hold-out corpus #88 for a secret-redaction engine.

What it is
----------
A labelled test corpus for an engine that strips credentials out of the
working state a coding agent (Claude Code, Codex, Gemini CLI) persists:
goals, running notes, shell commands it ran, tool output, excerpts of files
it opened, decisions, teammates' chat messages pasted in, log lines and CI
configuration.  Each positive example names the exact substring that must
not survive redaction and, where it makes sense, a nearby substring that
must stay readable.  Negative examples are strings with no credential in
them that still look "secret-ish" to a naive scanner.

Theme
-----
Semiconductor, EDA and hardware engineering labs: FlexLM/RLM licence
servers, Cadence, Synopsys and Siemens EDA flows, FPGA toolchains (Vivado,
Quartus, Libero), lab instruments over SCPI/LXI/VISA, JTAG and debug probes,
test floors and ATE, fab MES and recipe servers, PCB design and
manufacturing portals, secure-boot key provisioning and HSM signing; notes
in English, Korean, Japanese, Traditional Chinese and Hebrew.

Provenance
----------
Written blind, from general knowledge only: no engine rules, no other
corpus and no web material were consulted.  Where a vendor's real
credential shape is known it is imitated (prefixes, lengths, alphabets);
where it is not known a plausible shape was invented.  All hosts,
organisations, people, account names and values are fictitious
and randomly generated; none of them is a live credential.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible)
         group    one of: command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (equal shares)
         format   kebab-case name of the shape; each format is used at
                  most three times, so the corpus favours breadth
         text     the fragment as an agent would have recorded it
         secret   exact substring of text that must not survive redaction
                  (only the key body for PEM keys, only the signature for
                  signed URLs, only the password for user:password pairs)
         visible  substring of text that must remain readable, or ""
BENIGN   list of distinct strings with no credential in them that look
         secret-ish: commit SHAs, checksums, UUIDs, trace ids, public keys
         and fingerprints, public key ids, placeholders, masked values,
         references to where a secret lives, base64 of ordinary text,
         paths, versions, prose and policy text about passwords, etc.

Determinism
-----------
Every random value is drawn from _R = random.Random(SEED) at import time,
in a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, with the engine of the session that read it, before any rule from it: recall 0.898
(1,344 of 1,496) and false positives 10 of 950 (1.1%). Tuned on since by classes (jtagconfig,
J-Link, ykman and PKCS#11 PINs, FTP's PASS in traces, SCPI passwords, FlexLM seeds, key arrays and
hex keys, Perforce tickets, .cvspass, Redis HGETALL pairs, .dockerconfigjson, Korean, Japanese and
Chinese PINs and passwords): 0.971 (1,453) and 10 (1.1%).
"""
import base64 as _b64
import json as _json
import random
import re as _re
import string as _s

SEED = 8699652
_CUR_ORG = [None]
_R = random.Random(SEED)
_PER_GROUP = 187
_N_BENIGN = 950

_ALPH = {
    "h": "0123456789abcdef",
    "H": "0123456789ABCDEF",
    "a": _s.ascii_letters + _s.digits,
    "l": _s.ascii_lowercase + _s.digits,
    "u": _s.ascii_uppercase + _s.digits,
    "d": _s.digits,
    "b": _s.ascii_letters + _s.digits + "+/",
    "B": _s.ascii_letters + _s.digits + "-_",
    "Z": "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
    "z": "abcdefghijklmnopqrstuvwxyz234567",
    "L": _s.ascii_lowercase,
    "U": _s.ascii_uppercase,
    "s": _s.ascii_letters + _s.digits + "!#*-_.+=^~",
    "g": "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
    "G": "qpzry9x8gf2tvdw0s3jn54khce6mua7l",
}


def _c(seq):
    return seq[_R.randrange(len(seq))]


def _rs(alpha, n):
    return "".join(_c(alpha) for _ in range(n))


_PW_WORDS = ["Wafer", "Probe", "Litho", "Etch", "Anneal", "Reticle", "Silicon",
             "Photon", "Dopant", "Boule", "Ingot", "Kumamoto", "Hsinchu",
             "Pangyo", "Haifa", "Sakura", "Tamna", "Yamato", "Negev", "Galil",
             "Maple", "Falcon", "Copper", "Cobalt", "Gallium", "Indium",
             "Tiger", "Dragon", "Hanok", "Ramen", "Shalom", "Marina", "Summit",
             "Harbor", "Taichung", "Kaohsiung", "Suwon", "Icheon", "Tainan",
             "Nagoya", "Rehovot", "Yokneam", "Bluebird", "Sunrise", "Mango"]
_KO_TYPED = ["dkssud", "tkfkdgo", "rkawk", "qkqhdi", "dlrjs", "wjsgh",
             "gksrmf", "dudgml", "thdlq"]
_PHRASE = ["copper", "tiger", "anneal", "ridge", "quartz", "lantern", "orbit",
           "velvet", "harbor", "pepper", "cobalt", "meadow", "signal", "basalt",
           "juniper", "walnut", "photon", "saffron", "glacier", "ember",
           "tundra", "mosaic", "falcon", "violet", "canyon", "pebble"]
_SYM = "!#.*-_+"


def _pw(_n=0):
    k = _R.randrange(9)
    w = _c(_PW_WORDS)
    if k == 0:
        r = w + _rs(_s.digits, _R.randint(2, 4)) + _c(_SYM)
    elif k == 1:
        r = w + _c(_SYM) + str(_R.randint(2016, 2025))
    elif k == 2:
        r = w.lower() + _c(_PW_WORDS).lower() + _rs(_s.digits, 2)
    elif k == 3:
        r = w + _c(_PW_WORDS) + _c(_SYM) + _rs(_s.digits, _R.randint(1, 3))
    elif k == 4:
        t = str.maketrans("aeio", "4310")
        r = w.translate(t) + _c(_SYM) + _c(_PW_WORDS).translate(t)
    elif k == 5:
        r = _c(_KO_TYPED) + _rs(_s.digits, _R.randint(3, 4)) + _c(_SYM)
    elif k == 6:
        r = w.lower() + str(_R.randint(1, 12)).zfill(2) + _c(["!!", "#1", "*", ".."])
    elif k == 7:
        r = _c(_PW_WORDS) + "_" + _c(_PW_WORDS).lower() + str(_R.randint(10, 99))
    else:
        r = _rs(_s.ascii_uppercase, 1) + _rs(_s.ascii_lowercase, 5) + _rs(_s.digits, 3) + _c(_SYM)
    while len(r) < 8:
        r += _c(_s.digits)
    return r


def _phrase(_n=0):
    n = _R.randint(3, 5)
    return _c([" ", "-", " "]).join(_c(_PHRASE) for _ in range(n))


def _pem_body(n):
    lines = [_rs(_ALPH["b"], 64) for _ in range(n)]
    pad = _c(["", "=", "=="])
    tail = _rs(_ALPH["b"], _R.randrange(8, 60, 4) - len(pad)) + pad
    return "\n".join(lines + [tail])


def _b64s(raw):
    return _b64.b64encode(raw.encode()).decode()


def _b64u(raw):
    return _b64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def _jwt(_n=0):
    hdr = {"alg": _c(["RS256", "HS256", "ES256"]), "typ": "JWT"}
    if _R.random() < 0.5:
        hdr["kid"] = _rs(_ALPH["h"], 16)
    body = {"iss": "https://id." + (_CUR_ORG[0] or _org()) + ".internal", "sub": _user(),
            "aud": _c(["mes-api", "yield-portal", "lic-proxy", "fpga-farm"]),
            "iat": 1700000000 + _R.randrange(40000000)}
    body["exp"] = body["iat"] + _c([900, 3600, 86400])
    sig = _rs(_ALPH["B"], _c([43, 86, 342]))
    return _b64u(_json.dumps(hdr, separators=(",", ":"))) + "." + \
        _b64u(_json.dumps(body, separators=(",", ":"))) + "." + sig


def _basic(_n=0):
    return _b64s(_user() + ":" + _pw())


def _plain(_n=0):
    return _b64s("\0" + _user() + "\0" + _pw())


def _carr(n):
    return ", ".join("0x%02x" % _R.randrange(256) for _ in range(n))


def _colhex(n):
    b = ["%02x" % _R.randrange(256) for _ in range(n)]
    return ":\n    ".join(":".join(b[i:i + 15]) for i in range(0, n, 15))


_SPECIAL = {"p": _pw, "P": _phrase, "k": _pem_body, "j": _jwt, "Y": _basic,
            "T": _plain, "C": _carr, "c": _colhex}
_TOK = _re.compile(r"%(%|[A-Za-z])(\d*)")


def _x(spec):
    def rep(m):
        ch, n = m.group(1), m.group(2)
        if ch == "%":
            return "%" + n
        n = int(n) if n else 0
        if ch in _SPECIAL:
            return _SPECIAL[ch](n)
        return _rs(_ALPH[ch], n)
    return _TOK.sub(rep, spec)


_ORG_A = ["nuvo", "kest", "hanbit", "tsuru", "ofir", "luma", "yeon", "ridge",
          "zen", "aster", "corvo", "peli", "kiri", "sora", "tamar", "hsin",
          "miru", "galim", "daon", "akane", "yuan", "boram", "hikari", "noga"]
_ORG_B = ["ra-semi", "lith", "micro", "silicon", "chips", "logic", "devices",
          "fab", "-asic", "wave", "-photonics", "-analog", "tek", "-mems"]
_TLD = [".internal", ".lan", ".corp", ".intra", ".test", ".example"]
_SITES = ["hsc", "ich", "kmt", "hfa", "pgy", "yok", "tnn", "krk", "ptk", "tlv",
          "sjc", "gum", "ksm", "tcg"]
_ROLES = ["lic", "flexlm", "rlm", "mes", "rcp", "eap", "yield", "ate", "jtag",
          "hsm", "sign", "git", "nexus", "art", "vault", "ci", "jenkins",
          "grafana", "db", "pg", "ora", "nas", "stdf", "lab", "scope", "ldap",
          "mqtt", "opc", "farm", "lsf", "plm", "edm", "smtp", "wafermap"]


def _org(_n=0):
    return _c(_ORG_A) + _c(_ORG_B)


def _host(role=None):
    role = role or _c(_ROLES)
    h = "%s%02d" % (role, _R.randint(1, 24))
    if _R.random() < 0.65:
        h += "." + _c(_SITES)
    org = _CUR_ORG[0] if (_CUR_ORG[0] and _R.random() < 0.85) else _org()
    return h + "." + org + _c(_TLD)


def _ip(_n=0):
    k = _R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randint(0, 254), _R.randint(0, 254), _R.randint(2, 250))
    if k == 1:
        return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 254), _R.randint(2, 250))
    return "192.168.%d.%d" % (_R.randint(0, 254), _R.randint(2, 250))


_GIVEN = ["jiho", "seoyeon", "minjun", "yuna", "haewon", "donghyun", "haeun",
          "seungwoo", "haruto", "yui", "ren", "aoi", "sota", "hina", "daiki",
          "mio", "weiting", "yuhsuan", "chihhao", "peishan", "tsunghan",
          "yawen", "chiahung", "shufen", "noa", "yossi", "tamar", "avi",
          "shira", "eitan", "maya", "omer", "dana", "marco", "priya", "lukas",
          "grace", "tom", "ines", "rahul"]
_FAMILY = ["kim", "park", "lee", "choi", "jung", "kang", "yoon", "han", "sato",
           "suzuki", "takahashi", "tanaka", "watanabe", "ito", "nakamura",
           "kobayashi", "chen", "lin", "huang", "chang", "wu", "tsai", "liu",
           "hsu", "levi", "cohen", "mizrahi", "peretz", "biton", "friedman",
           "azulay", "dahan", "whitfield", "bellini", "raman", "brandt",
           "okafor", "hallberg"]
_SVC = ["svc_lic", "svc_mes", "mes_ro", "mes_rw", "eap", "recipe", "ate",
        "tester", "yield_etl", "calibre_rw", "vmgr", "ci", "deploy", "fpga",
        "stdf", "svc_sign", "labadmin", "infodba", "edm_svc", "jtag"]


def _user(_n=0):
    k = _R.randrange(5)
    g, f = _c(_GIVEN), _c(_FAMILY)
    if k == 0:
        return g[0] + f
    if k == 1:
        return g + "." + f
    if k == 2:
        return f + "_" + g[:2]
    if k == 3:
        return _c(_SVC)
    return f + g[0] + str(_R.randint(1, 9))


def _person(_n=0):
    return _c(_GIVEN).capitalize() + " " + _c(_FAMILY).capitalize()


_NKO = ["김지호", "박서연", "이민준", "최유나", "정해원", "강동현", "윤하은", "한승우"]
_NJA = ["佐藤", "鈴木", "高橋", "田中", "渡辺", "伊藤", "中村", "小林"]
_NZH = ["陳威廷", "林宇軒", "黃志豪", "張佩珊", "吳宗翰", "蔡雅雯", "劉家宏", "許淑芬"]
_NHE = ["נועה", "יוסי", "תמר", "אבי", "שירה", "איתן", "מאיה", "עומר"]
_PROJ = ["ARGUS", "KESTREL", "ORCA", "HALCYON", "TAMNA", "SORA", "PELICAN",
         "BORA", "KIRIN", "NAMSAN", "HAYATE", "CARMEL", "TAROKO", "JEJU",
         "MIZU", "ALMOG", "YUSHAN", "HALLA"]
_WORDS = ["etch", "litho", "cmp", "implant", "diffusion", "probe", "final-test",
          "burn-in", "metrology", "pvd", "cvd", "wet-bench", "sort", "bump"]


def _proj(_n=0):
    return _c(_PROJ) + _c(["", "2", "3", "-A0", "-B1", "_N5", "_28HPC", "-lite"])


def _date(_n=0):
    return "2%03d-%02d-%02d" % (_R.randint(22, 25), _R.randint(1, 12), _R.randint(1, 28))


def _time(_n=0):
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _ts(_n=0):
    return _date() + "T" + _time() + "." + _rs(_s.digits, 3) + "Z"


def _uuid(_n=0):
    h = _rs(_ALPH["h"], 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _c("89ab"), h[17:20], h[20:])


def _lot(_n=0):
    return _rs(_s.ascii_uppercase, 1) + _rs(_s.digits, 1) + _rs(_s.ascii_uppercase, 1) + \
        _rs(_s.digits, 3) + "." + str(_R.randint(1, 9))


_POOLS = {
    "host": _host, "ip": _ip, "user": _user, "name": _person, "org": _org,
    "proj": _proj, "date": _date, "time": _time, "ts": _ts, "uuid": _uuid,
    "lot": _lot,
    "port": lambda: str(_R.randint(1025, 65000)),
    "n": lambda: str(_R.randint(2, 99)),
    "nn": lambda: "%02d" % _R.randint(1, 40),
    "sha": lambda: _rs(_ALPH["h"], 40),
    "short": lambda: _rs(_ALPH["h"], 7),
    "hex8": lambda: _rs(_ALPH["h"], 8),
    "email": lambda: _user().replace("_", ".") + "@" + (_CUR_ORG[0] or _org()) + _c(_TLD),
    "nko": lambda: _c(_NKO), "nja": lambda: _c(_NJA),
    "nzh": lambda: _c(_NZH), "nhe": lambda: _c(_NHE),
    "site": lambda: _c(_SITES), "area": lambda: _c(_WORDS),
    "tool": lambda: "%s%02d" % (_c(["ETCH", "CVD", "PVD", "CMP", "IMP", "LITH", "DIFF", "MET"]),
                                _R.randint(1, 30)),
    "tester": lambda: "%s-%02d" % (_c(["UF3K", "V93K", "J750", "T2K", "MAGNUM", "ETS88"]),
                                   _R.randint(1, 24)),
    "serial": lambda: _c(["MY", "SG", "CN", "US"]) + _rs(_s.digits, 8),
    "jsn": lambda: str(_R.randint(50000000, 999999999)),
    "region": lambda: _c(["ap-northeast-2", "ap-northeast-1", "ap-east-1", "il-central-1",
                          "us-west-2", "eu-central-1"]),
    "acct": lambda: _rs(_s.digits, 12),
    "ver": lambda: "%d.%d.%d" % (_R.randint(1, 9), _R.randint(0, 20), _R.randint(0, 30)),
    "ns": lambda: _c(["eda", "fab-mes", "yield", "lab", "fpga-farm", "signing", "ate"]),
    "dom": lambda: _c(["FAB", "EDA", "LAB", "CORP", "TEST"]),
    "jobid": lambda: str(_R.randint(100000, 9999999)),
    "pid": lambda: str(_R.randint(300, 65000)),
    "ticket": lambda: _c(["FPGA", "EDA", "MES", "ATE", "HSM", "PCB", "LAB"]) + "-" + str(_R.randint(100, 9999)),
    "aki": lambda: "AKIA" + _rs(_ALPH["Z"][:26] + "234567", 16),
    "cid": lambda: _rs(_ALPH["a"], 24),
}

_PH = _re.compile(r"<<(\w*)(?:=(.*?))?>>")


def _fill(tpl, secret):
    _CUR_ORG[0] = _org()
    cache = {"S": secret, "org": _CUR_ORG[0]}

    def rep(m):
        name, spec = m.group(1), m.group(2)
        if spec is not None:
            if name and name in cache:
                return cache[name]
            val = _x(spec)
            if name:
                cache[name] = val
            return val
        if name not in cache:
            base = name if name in _POOLS else name.rstrip("0123456789")
            if base.startswith("h_"):
                cache[name] = _host(base[2:])
            else:
                cache[name] = _POOLS[base]()
        return cache[name]
    text = _PH.sub(rep, tpl)
    _CUR_ORG[0] = None
    return text, cache


def _make(group, fmt, tpl, spec, vis):
    secret = _x(spec)
    text, cache = _fill(tpl, secret)
    if vis.startswith("="):
        visible = vis[1:]
    elif vis:
        visible = cache.get(vis, "")
    else:
        visible = ""
    if visible and (visible not in text or visible in secret or secret in visible):
        visible = ""
    return (group, fmt, text, secret, visible)


def _build(group, table):
    out = []
    while len(out) < _PER_GROUP:
        for fmt, tpl, spec, vis in table:
            if len(out) >= _PER_GROUP:
                break
            out.append(_make(group, fmt, tpl, spec, vis))
    return out


_CMD = [
    ("mysql-dash-p-attached", "mysql -h <<h_mes>> -u mes_ro -p<<S>> mesdb -e \"select lot_id,step from wip where hold_flag='Y' limit 20\"", "%p", "h_mes"),
    ("pgpassword-env-prefix", "PGPASSWORD='<<S>>' psql -h <<h_pg>> -U vmgr -d vmanager -c '\\dt regr.*'", "%s18", "h_pg"),
    ("sqlplus-user-slash-pass-at", "sqlplus recipe_adm/<<S>>@//<<h_ora>>:1521/RCPPRD @dump_recipes.sql", "%p", "h_ora"),
    ("curl-user-colon-pass", "curl -sk -u <<user>>:<<S>> 'https://<<h_mes>>/api/v2/lots?status=HOLD&area=<<area>>' | jq .", "%a16", "user"),
    ("curl-bearer-header-inline", "curl -s -H \"Authorization: Bearer <<S>>\" https://<<h_yield>>/api/wafers/<<lot>>/bins", "%a40", "lot"),
    ("sshpass-p-quoted", "sshpass -p '<<S>>' ssh -o StrictHostKeyChecking=no ate@<<ip>> 'ls -lt /opt/igxl/datalogs | head'", "%p", "ip"),
    ("jtagconfig-addserver-positional", "jtagconfig --addserver <<h_jtag>> <<S>>\njtagconfig", "%p", "h_jtag"),
    ("jtagconfig-enableremote-positional", "sudo /opt/intelFPGA_pro/<<ver>>/quartus/bin/jtagconfig --enableremote <<S>>", "%a12", "ver"),
    ("pkcs11-tool-login-pin", "pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --login --pin <<S>> --list-objects --type privkey", "%d8", "=--list-objects"),
    ("softhsm2-init-token-so-pin", "softhsm2-util --init-token --free --label \"<<proj>>-rot\" --so-pin <<S>> --pin 1234", "%d10", "proj"),
    ("openssl-passin-pass-prefix", "openssl rsa -in keys/srk<<n>>_priv.pem -passin pass:<<S>> -pubout -out keys/srk<<n>>_pub.pem", "%s20", "=-pubout"),
    ("openssl-genpkey-pass-prefix", "openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -aes256 -pass pass:<<S>> -out fw_sign_p384.pem", "%P", "=fw_sign_p384.pem"),
    ("echo-hex-into-xxd-keyfile", "echo <<S>> | xxd -r -p > build/flash_encryption_key.bin && espsecure.py encrypt_flash_data --keyfile build/flash_encryption_key.bin --address 0x10000 -o app.enc app.bin", "%h64", "=espsecure.py"),
    ("stm32prog-lockrdp-two-words", "STM32_Programmer_CLI -c port=SWD sn=<<=%H24>> -lockRDP1 <<S>>", "0x%H8 0x%H8", "=STM32_Programmer_CLI"),
    ("ykman-piv-change-pin", "ykman --device <<jsn>> piv access change-pin --pin 123456 --new-pin <<S>>", "%d8", "jsn"),
    ("yubihsm-shell-p-password", "yubihsm-shell --connector=http://<<ip>>:12345 -a get-public-key -i 0x<<=%h4>> -p <<S>>", "%p", "ip"),
    ("lunacm-partition-login", "lunacm:> slot set -slot 0\nlunacm:> partition login -password <<S>>\n\n\tCommand Result : No Error", "%s16", "=partition login"),
    ("cloudhsm-loginhsm-positional", "aws-cloudhsm > loginHSM CU <<user>> <<S>>\nloginHSM success on server 0(<<ip>>)", "%p", "user"),
    ("ps-convertto-securestring", "$pw = ConvertTo-SecureString '<<S>>' -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential('<<dom>>\\svc_ate', $pw)", "%p", "=svc_ate"),
    ("net-use-positional-password", "net use Z: \\\\<<h_nas>>\\stdf$ /user:<<dom>>\\svc_stdf <<S>> /persistent:no", "%p", "h_nas"),
    ("cmdkey-generic-pass", "cmdkey /generic:<<h_lab>> /user:<<user>> /pass:<<S>>", "%s14", "user"),
    ("smbclient-user-percent-pass", "smbclient //<<h_nas>>/recipes -U '<<dom>>\\eqp_eng%<<S>>' -c 'ls ETCH*'", "%a14", "h_nas"),
    ("mount-cifs-password-option", "sudo mount -t cifs //<<h_nas>>/wafermap /mnt/wm -o username=<<user>>,password=<<S>>,vers=3.0,uid=1000", "%p", "h_nas"),
    ("docker-login-dash-p", "docker login -u <<user>> -p <<S>> <<h_nexus>>:8443", "%a20", "h_nexus"),
    ("git-clone-oauth2-url", "git clone https://oauth2:<<S>>@<<h_git>>/asic/<<proj>>-rtl.git", "glpat-%B20", "=asic/"),
    ("vivado-tcl-encryption-key0", "Vivado% set_property BITSTREAM.ENCRYPTION.ENCRYPT YES [current_design]\nVivado% set_property BITSTREAM.ENCRYPTION.KEY0 256'h<<S>> [current_design]", "%H64", "=BITSTREAM.ENCRYPTION.ENCRYPT"),
    ("jlink-remote-server-tunnel-pw", "JLinkRemoteServerCLExe -Port 19020 -select USB=<<jsn>> -UseTunnel -TunnelServer <<h_jtag>> -TunnelPW <<S>>", "%a16", "jsn"),
    ("vault-kv-put-inline", "vault kv put secret/eda/solvnet username=<<user>> password=<<S>>", "%p", "user"),
    ("kubectl-create-secret-from-literal", "kubectl -n <<ns>> create secret generic lic-proxy --from-literal=LIC_PROXY_TOKEN=<<S>>", "%a32", "ns"),
    ("htpasswd-batch-plain", "sudo htpasswd -b /etc/nginx/.htpasswd-wafermap <<user>> <<S>>", "%p", "user"),
    ("echo-pipe-chpasswd", "echo '<<user>>:<<S>>' | sudo chpasswd", "%p", "user"),
    ("redis-cli-dash-a", "redis-cli -h <<h_mes>> -p 6379 -a <<S>> --no-auth-warning keys 'lot:*:hold'", "%a24", "h_mes"),
    ("mongosh-uri-userinfo", "mongosh \"mongodb://<<user>>:<<S>>@<<h_yield>>:27017/yield?authSource=admin\"", "%a18", "h_yield"),
    ("mosquitto-pub-cap-p", "mosquitto_pub -h <<h_mqtt>> -u eap_<<tool>> -P <<S>> -t fab/<<area>>/<<tool>>/state -m RUN", "%s16", "tool"),
    ("lftp-user-comma-pass", "lftp -u recipe,<<S>> ftp://<<h_rcp>> -e 'mirror /ETCH ./etch_recipes; quit'", "%p", "h_rcp"),
    ("wget-user-password-flags", "wget --user=<<user>> --password=<<S>> https://<<h_art>>/fpga-ip/ddr4_phy_<<ver>>.zip", "%p", "user"),
    ("plink-pw-flag", "plink -ssh -pw <<S>> root@<<ip>> \"/etc/init.d/scpi-server restart\"", "%p", "ip"),
    ("ipmitool-cap-p", "ipmitool -I lanplus -H <<ip>> -U ADMIN -P <<S>> chassis power cycle", "%u10", "ip"),
    ("sqlcmd-cap-p-quoted", "sqlcmd -S <<h_db>>,1433 -U yield_etl -P \"<<S>>\" -d YieldDW -Q \"EXEC dbo.load_stdf '<<lot>>'\"", "%s16", "lot"),
    ("teamcenter-utility-dash-p-equals", "plmxml_export -u=infodba -p=<<S>> -g=dba -item=<<proj>>-PCB-001 -rev=B -xml_file=pcb_b.xml", "%p", "proj"),
    ("cov-commit-defects-password", "cov-commit-defects --dir idir --host <<h_ci>> --https-port 8443 --user <<user>> --password <<S>> --stream bootrom-main", "%p", "user"),
    ("ssh-keygen-empty-n-flag", "ssh-keygen -t ed25519 -N '<<S>>' -C 'ate-deploy@<<site>>' -f ~/.ssh/ate_deploy", "%P", "=ate_deploy"),
    ("gpg-loopback-passphrase", "gpg --batch --pinentry-mode loopback --passphrase '<<S>>' --local-user release@<<org>>.internal --detach-sign bootrom_<<ver>>.bin", "%P", "ver"),
    ("signtool-pfx-p", "signtool sign /fd SHA256 /f C:\\keys\\probe_driver.pfx /p <<S>> /tr http://ts.<<org>>.internal /td SHA256 jtagusb.sys", "%s14", "=jtagusb.sys"),
    ("keytool-storepass-flag", "keytool -list -v -keystore mes-client.jks -storepass <<S>> | grep Alias", "%p", "=mes-client.jks"),
    ("openssl-pkcs12-export-passout", "openssl pkcs12 -export -in sign.crt -inkey sign.key -out sign.p12 -passout pass:<<S>>", "%a16", "=sign.p12"),
    ("aws-configure-set-secret", "aws configure set aws_secret_access_key <<S>> --profile fab-data", "%b40", "=fab-data"),
    ("az-login-service-principal-p", "az login --service-principal -u <<uuid>> -p <<S>> --tenant <<uuid2>>", "%a3%d1Q~%B34", "uuid"),
    ("helm-set-nested-password", "helm upgrade --install yieldhub ./charts/yieldhub -n <<ns>> --set postgresql.auth.password=<<S>>", "%a20", "ns"),
    ("ansible-extra-vars-become-pass", "ansible-playbook -i inventories/test_floor ate_fleet.yml -e \"ansible_become_pass=<<S>>\" --limit <<tester>>", "%p", "tester"),
    ("echo-pipe-sudo-s", "echo <<S>> | sudo -S systemctl restart lmgrd-snpslmd", "%p", "=lmgrd-snpslmd"),
    ("xfreerdp-p-slash", "xfreerdp /v:<<h_ate>> /u:tester /p:'<<S>>' /cert:ignore /dynamic-resolution", "%p", "h_ate"),
    ("vncpasswd-herestring", "vncpasswd -f <<< '<<S>>' > ~/.vnc/passwd && chmod 600 ~/.vnc/passwd", "%a8", "=~/.vnc/passwd"),
    ("scpi-cal-secure-off-nc", "echo 'CAL:SEC:STAT OFF,<<S>>' | nc -q1 <<ip>> 5025", "%u8", "ip"),
    ("curl-digest-instrument", "curl --digest -u admin:<<S>> http://<<ip>>/lxi/identification -o idn.xml", "%p", "ip"),
    ("psexec-u-p-flags", "psexec \\\\<<h_ate>> -u <<dom>>\\svc_tester -p <<S>> cmd /c \"C:\\IG-XL\\bin\\restart_tester.bat\"", "%p", "h_ate"),
    ("pip-index-url-token-userinfo", "pip install --index-url https://__token__:<<S>>@<<h_nexus>>/repository/pypi-eda/simple/ eda-flowlib==<<ver>>", "%a32", "ver"),
    ("conan-remote-login-p", "conan remote login fab-conan <<user>> -p <<S>>", "%p", "user"),
    ("jf-config-add-password", "jf c add fab-art --url https://<<h_art>>/ --user <<user>> --password <<S>> --interactive=false", "%a24", "user"),
    ("ldapsearch-bind-w", "ldapsearch -x -H ldaps://<<h_ldap>> -D \"cn=svc_lic,ou=services,dc=<<site>>,dc=corp\" -w '<<S>>' '(memberOf=cn=cadence-users*)' uid", "%p", "h_ldap"),
    ("snmpwalk-v2c-community", "snmpwalk -v2c -c <<S>> <<ip>> 1.3.6.1.2.1.33.1.2", "%L4%d3%L3", "ip"),
    ("snmpget-v3-auth-a", "snmpget -v3 -u ups_mon -l authNoPriv -a SHA -A '<<S>>' <<ip>> upsBatteryStatus.0", "%p", "ip"),
    ("openssl-enc-k-passphrase", "openssl enc -aes-256-cbc -pbkdf2 -k '<<S>>' -in recipe_bundle_<<date>>.tar -out recipe_bundle.enc", "%P", "date"),
    ("zip-encrypt-tapeout-p", "zip -P <<S>> gds_tapeout_<<proj>>.zip top.gds.gz layermap.txt", "%p", "proj"),
    ("sevenzip-p-attached", "7z a -p<<S>> -mhe=on <<proj>>_netlist.7z netlist/", "%s18", "proj"),
    ("sshpass-e-env-sftp", "SSHPASS='<<S>>' sshpass -e sftp -oBatchMode=no -b put_gds.txt tapeout@<<h_nas>>", "%p", "h_nas"),
    ("curl-json-body-password", "curl -s -X POST https://<<h_mes>>/api/auth/login -H 'Content-Type: application/json' -d '{\"username\":\"<<user>>\",\"password\":\"<<S>>\"}'", "%p", "user"),
    ("curl-form-client-secret", "curl -s https://identity.<<org>>.internal/connect/token -d grant_type=client_credentials -d client_id=<<cid>> -d client_secret=<<S>>", "%a40", "cid"),
    ("rsync-password-env", "RSYNC_PASSWORD=<<S>> rsync -av --remove-source-files stdf/ rsync://ate@<<h_stdf>>/stdf_in/", "%a14", "h_stdf"),
    ("export-single-quoted-env", "export CDS_LIC_PROXY_PASSWORD='<<S>>'\nvirtuoso -log /tmp/virt_<<user>>.log &", "%p", "user"),
    ("bash-continuation-split-token", "curl -sf -X POST https://<<h_ci>>/api/v4/projects/<<n>>/trigger/pipeline \\\n  -F token=<<S>> \\\n  -F ref=main", "glptt-%h22\\\n%h18", "=ref=main"),
]


_TOOL = [
    ("printenv-dump-mixed", "$ printenv | sort\nCDS_LIC_FILE=5280@<<h_lic>>\nHOME=/home/<<user>>\nLM_LICENSE_FILE=27020@<<h_lic2>>\nMES_DB_PASSWORD=<<S>>\nPATH=/tools/cadence/SPECTRE231/bin:/usr/bin", "%p", "h_lic"),
    ("docker-inspect-env-array", "$ docker inspect yield-etl --format '{{json .Config.Env}}'\n[\"PGHOST=<<h_pg>>\",\"PGUSER=yield_etl\",\"PGPASSWORD=<<S>>\",\"TZ=Asia/Taipei\"]", "%a20", "h_pg"),
    ("kubectl-jsonpath-base64-decoded", "$ kubectl -n <<ns>> get secret mes-db -o jsonpath='{.data.password}' | base64 -d\n<<S>>", "%s22", "ns"),
    ("kubectl-describe-pod-env-value", "Containers:\n  eap-bridge:\n    Environment:\n      OPCUA_ENDPOINT:   opc.tcp://<<ip>>:4840\n      RECIPE_API_KEY:   <<S>>\n      TZ:               Asia/Seoul", "%a32", "ip"),
    ("git-config-list-remote-userinfo", "$ git config -l | grep url\nremote.origin.url=https://<<user>>:<<S>>@<<h_git>>/fpga/<<proj>>_top.git", "%p", "user"),
    ("vault-kv-get-table", "$ vault kv get secret/eda/calibre-db\n====== Data ======\nKey         Value\n---         -----\npassword    <<S>>\nusername    calibre_rw", "%s20", "=calibre_rw"),
    ("aws-sts-assume-role-json", "{\n    \"Credentials\": {\n        \"AccessKeyId\": \"ASIA<<=%U16>>\",\n        \"SecretAccessKey\": \"<<S>>\",\n        \"Expiration\": \"<<ts>>\"\n    }\n}", "%b40", "=Expiration"),
    ("cat-netrc-single-line", "$ cat ~/.netrc\nmachine <<h_art>> login <<user>> password <<S>>", "%a24", "h_art"),
    ("cat-pgpass-colon-fields", "$ cat ~/.pgpass\n<<h_pg>>:5432:mes:mes_app:<<S>>", "%p", "h_pg"),
    ("systemctl-show-environment-line", "$ systemctl show lmadmin --property=Environment\nEnvironment=LM_ADMIN_USER=admin LM_ADMIN_PASS=<<S>> LM_LICENSE_FILE=27000@<<h_lic>>", "%p", "h_lic"),
    ("ps-aux-cmdline-password", "$ ps aux | grep sync\n<<user>>  <<pid>>  0.3  1.2 845120 40212 ?  Sl  09:14  0:12 python3 recipe_sync.py --host <<h_rcp>> --password <<S>> --interval 300", "%p", "h_rcp"),
    ("nmcli-show-secrets-psk", "$ nmcli --show-secrets connection show LAB-INSTR | grep psk\n802-11-wireless-security.psk:            <<S>>", "%p", "=LAB-INSTR"),
    ("netsh-wlan-key-clear", "Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : <<S>>", "%p", "=WPA2-Personal"),
    ("docker-compose-config-rendered", "$ docker compose config\nservices:\n  mes-db:\n    environment:\n      POSTGRES_DB: mes\n      POSTGRES_PASSWORD: <<S>>\n      POSTGRES_USER: mes", "%a24", "=POSTGRES_USER: mes"),
    ("terraform-output-json-sensitive", "$ terraform output -json\n{\n  \"db_admin_password\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"<<S>>\"\n  }\n}", "%s24", "=db_admin_password"),
    ("helm-get-values-output", "$ helm get values wafermap -n <<ns>>\nUSER-SUPPLIED VALUES:\nauth:\n  adminUser: admin\n  adminPassword: <<S>>", "%p", "ns"),
    ("pip-config-list-extra-index", "$ pip config list\nglobal.extra-index-url='https://<<user>>:<<S>>@<<h_nexus>>/repository/pypi-eda/simple'", "%a20", "h_nexus"),
    ("env-grep-i-pass", "$ env | grep -i pass\nSYNOPSYS_SOLVNET_PASS=<<S>>\nPASSWORD_STORE_DIR=/home/<<user>>/.password-store", "%p", "user"),
    ("windows-set-findstr", "C:\\Users\\<<user>>> set | findstr /i key\nALTIUM365_API_KEY=<<S>>\nKEYSIGHT_IO_LIBS=C:\\Program Files\\Keysight\\IO Libraries Suite", "%a40", "user"),
    ("ps-env-table-row", "PS C:\\> Get-ChildItem Env: | Where-Object Name -like '*ATE*'\n\nName                           Value\n----                           -----\nATE_SVC_PASSWORD               <<S>>\nATE_STATION                    <<tester>>", "%p", "tester"),
    ("reg-query-reg-sz", "C:\\> reg query HKLM\\SOFTWARE\\<<org>>\\StdfUploader\n\nHKEY_LOCAL_MACHINE\\SOFTWARE\\<<org>>\\StdfUploader\n    Server    REG_SZ    <<h_stdf>>\n    DbPassword    REG_SZ    <<S>>", "%p", "h_stdf"),
    ("curl-verbose-basic-header", "> GET /api/v1/recipes/<<tool>> HTTP/1.1\n> Host: <<h_rcp>>\n> Authorization: Basic <<S>>\n> User-Agent: curl/8.5.0", "%Y", "h_rcp"),
    ("oauth-token-response-json", "{\"access_token\":\"<<S>>\",\"token_type\":\"Bearer\",\"expires_in\":3600,\"scope\":\"parts.read\"}", "%j", "=parts.read"),
    ("mysql-select-plaintext-column", "mysql> select login, pwd, station from ate_accounts;\n+---------+------------------+-----------+\n| login   | pwd              | station   |\n+---------+------------------+-----------+\n| tester  | <<S>> | <<tester>> |", "%p", "tester"),
    ("sqlite-dump-insert-row", "sqlite> .dump instruments\nINSERT INTO instruments VALUES(3,'<<ip>>','admin','<<S>>','DSOX3034T');", "%p", "ip"),
    ("xxd-plain-keyfile", "$ xxd -p keys/efuse_aes_<<proj>>.key\n<<S>>", "%h64", "proj"),
    ("openssl-pkey-text-priv-colon", "$ openssl pkey -in dbg_auth.pem -text -noout\nPrivate-Key: (256 bit)\npriv:\n    <<S>>\npub:\n    04:7f:1a:...", "%c32", "=dbg_auth.pem"),
    ("cat-ec-private-key-pem", "$ cat keys/hab_csf1.key\n-----BEGIN EC PRIVATE KEY-----\n<<S>>\n-----END EC PRIVATE KEY-----", "MHcCAQEEI%b55\n%b64\n%b34==", "=hab_csf1.key"),
    ("gh-auth-status-show-token", "$ gh auth status -t\n<<h_git>>\n  ✓ Logged in to <<h_git>> account <<user>> (keyring)\n  - Token: <<S>>", "gho_%a36", "user"),
    ("cat-docker-config-auths", "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"<<h_nexus>>:8443\": {\n\t\t\t\"auth\": \"<<S>>\"\n\t\t}\n\t}\n}", "%Y", "h_nexus"),
    ("mes-cli-login-echo-token", "$ mescli login --user <<user>>\nPassword: \nLogged in to <<h_mes>> as <<user>>\nSession token: <<S>> (valid 8h)", "%H48", "h_mes"),
    ("python-repr-settings-object", ">>> settings\nSettings(mes_url='https://<<h_mes>>', db_url='postgresql://yield:<<S>>@<<h_pg>>:5432/yield', debug=True)", "%a18", "h_pg"),
    ("jupyter-cell-output-dict", "Out[7]: {'host': '<<ip>>', 'port': 5025, 'user': 'admin', 'password': '<<S>>', 'model': 'N9020B'}", "%p", "ip"),
    ("scpi-query-response-quoted", ">> :SYST:COMM:LAN:WEB:PASS?\n<< \"<<S>>\"\n>> *IDN?\n<< Rohde&Schwarz,FSV-7,<<=%d6>>/007,3.40", "%p", "=*IDN?"),
    ("expect-log-send-password", "spawn telnet <<ip>>\nTrying <<ip>>...\nlogin: admin\nsend: sending \"<<S>>\\r\" to { exp4 }\nPassword:\nWelcome to ETS-88 host", "%p", "ip"),
    ("history-grep-mysql", "$ history | grep mysql\n  512  mysql -uroot -p<<S>> -h <<h_db>> recipes\n  513  history | grep mysql", "%p", "h_db"),
    ("configmap-yaml-smtp-password", "$ kubectl get cm alert-config -o yaml\napiVersion: v1\ndata:\n  SMTP_HOST: <<h_smtp>>\n  SMTP_PASSWORD: <<S>>\nkind: ConfigMap", "%p", "h_smtp"),
    ("secret-yaml-data-base64", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: scope-web\ndata:\n  password: <<S>>\n  username: YWRtaW4=", "%b20=", "=scope-web"),
    ("consul-kv-get-raw", "$ consul kv get fab/eap/<<tool>>/opcua_password\n<<S>>", "%s16", "tool"),
    ("etcdctl-get-print-value", "$ etcdctl get /lab/instruments/<<serial>>/web_pass --print-value-only\n<<S>>", "%p", "serial"),
    ("redis-hgetall-pairs", "127.0.0.1:6379> HGETALL eap:<<tool>>\n1) \"opcua_user\"\n2) \"eap\"\n3) \"opcua_pass\"\n4) \"<<S>>\"", "%a16", "tool"),
    ("az-ad-sp-create-output", "{\n  \"appId\": \"<<uuid>>\",\n  \"displayName\": \"fpga-farm-ci\",\n  \"password\": \"<<S>>\",\n  \"tenant\": \"<<uuid2>>\"\n}", "%a3%d1Q~%B34", "uuid"),
    ("aws-iam-create-access-key-json", "{\n    \"AccessKey\": {\n        \"UserName\": \"stdf-uploader\",\n        \"AccessKeyId\": \"<<aki>>\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"<<S>>\"\n    }\n}", "%b40", "aki"),
    ("gcloud-print-access-token", "$ gcloud auth print-access-token --impersonate-service-account=yield-ml@<<org>>.iam\n<<S>>", "ya29.%B150", "=print-access-token"),
    ("nginx-t-proxy-auth-header", "$ nginx -T | grep -n Authorization\n58:        proxy_set_header Authorization \"Basic <<S>>\";", "%Y", "=proxy_set_header"),
    ("uboot-printenv-console", "=> printenv\nbaudrate=115200\nbootcmd=run distro_bootcmd\nethaddr=<<=%h2>>:0a:35:<<=%h2>>:11:02\nwifi_psk=<<S>>\nwifi_ssid=LAB-IOT-<<nn>>", "%p", "=bootcmd=run distro_bootcmd"),
    ("fw-printenv-board-linux", "root@zcu102:~# fw_printenv | grep -E 'token|pass'\nota_token=<<S>>", "%a32", "=zcu102"),
    ("grep-rn-password-hit", "$ grep -rn PASS flows/\nflows/calibre/run_drc.py:14:    DB_PASS = \"<<S>>\"\nflows/calibre/run_lvs.py:9:from common import DB_USER", "%p", "=flows/calibre/run_drc.py"),
    ("git-log-p-added-key", "commit <<sha>>\nAuthor: <<name>> <<<email>>>\n\n    wire yieldhub uploader\n\ndiff --git a/uploader.yaml b/uploader.yaml\n+  api_key: <<S>>", "%h40", "sha"),
    ("git-show-removed-env-line", "@@ -3,4 +3,3 @@\n LM_LICENSE_FILE=27020@<<h_lic>>\n-SOLVNET_PASSWORD=<<S>>\n SOLVNET_USER=<<user>>", "%p", "user"),
    ("docker-history-build-arg", "$ docker history --no-trunc ate-tools:latest | grep ARG\n<missing>  3 weeks ago  /bin/sh -c #(nop)  ARG NEXUS_PASSWORD=<<S>>  0B", "%a20", "=ate-tools:latest"),
    ("jq-extract-token-quoted", "$ jq .credentials.token ~/.config/nexar/session.json\n\"<<S>>\"", "%j", "=.credentials.token"),
    ("airflow-connections-get-uri", "$ airflow connections get mes_oracle -o plain\nconn_id  conn_type  host          login   password\nmes_oracle oracle   <<h_ora>>  mes_ro  <<S>>", "%p", "h_ora"),
    ("lsf-bjobs-l-command", "Job <<<jobid>>>, User <<<user>>>, Project <<<proj>>>, Status <RUN>, Queue <normal>,\n Command <run_calibre.sh --db-user calibre_rw --db-pass <<S>>>", "%p", "jobid"),
    ("openssl-x509-p12-info-pass", "$ openssl pkcs12 -info -in sign.p12 -passin pass:<<S>> -noout\nMAC: sha256, Iteration 2048", "%s14", "=sign.p12"),
    ("pyvisa-shell-session", "(visa) open TCPIP0::<<ip>>::hislip0::INSTR\nTCPIP0::<<ip>>::hislip0::INSTR has been opened.\n(visa) write :SYST:SEC:PASS \"<<S>>\"", "%p", "ip"),
    ("ansible-debug-var-output", "TASK [debug] ********\nok: [<<tester>>] => {\n    \"ate_db_password\": \"<<S>>\"\n}", "%p", "tester"),
    ("winscp-console-open", "winscp> open sftp://recipe:<<S>>@<<h_rcp>>/ -hostkey=\"ssh-ed25519 255 <<=%B43>>\"\nSearching for host...\nAuthenticating...", "%p", "h_rcp"),
    ("serial-console-wpa-cli", "> wpa_cli -i wlan0 set_network 0 psk '\"<<S>>\"'\nOK", "%p", "=wlan0"),
    ("nvram-show-output", "# nvram show | grep pass\nhttp_passwd=<<S>>\nsize: 31245 bytes (34291 left)", "%p", "=size: 31245"),
    ("cat-vault-token-file", "$ cat ~/.vault-token\n<<S>>", "hvs.CAESI%B86", "=~/.vault-token"),
    ("pkcs11-spy-c-login-trace", "5: C_Login\n[in] hSession = 0x1\n[in] userType = CKU_USER\n[in] pPin[ulPinLen] 0x7ffd<<=%h8>> / 8\n    00000000  <<S>>", "%d8", "=C_Login"),
    ("mesctl-whoami-json", "$ mesctl whoami -o json\n{\"user\":\"<<user>>\",\"site\":\"<<site>>\",\"apiKey\":\"<<S>>\",\"roles\":[\"eng\",\"recipe-edit\"]}", "mes_%a32", "user"),
    ("lmadmin-export-config-xml", "$ lmadmin -export /tmp/lmadmin_cfg\n$ grep -i pass /tmp/lmadmin_cfg/server.xml\n  <user name=\"admin\" password=\"<<S>>\" role=\"admin\"/>", "%p", "=lmadmin -export"),
    ("keyring-get-cli-output", "$ keyring get solvnetplus <<user>>\n<<S>>", "%p", "user"),
    ("secret-tool-lookup", "$ secret-tool lookup service altium365 account <<email>>\n<<S>>", "%p", "email"),
    ("osxkeychain-find-w", "$ security find-generic-password -a <<user>> -s siemens-supportcenter -w\n<<S>>", "%p", "user"),
    ("op-read-output", "$ op read op://Lab/ate-jtag-server/password\n<<S>>", "%s18", "=op://Lab/ate-jtag-server/password"),
]


_CFG = [
    ("flexlm-lm-code-encryption-seed", "/* lm_code.h -- vendor daemon <<=%L6>>d, do not commit */\n#define VENDOR_NAME \"<<org>>d\"\n#define ENCRYPTION_SEED1 <<S>>\n#define LM_STRENGTH LM_STRENGTH_DEFAULT", "0x%h8", "=LM_STRENGTH_DEFAULT"),
    ("flexlm-lm-code-vendor-key", "#define VENDOR_KEY1 <<S>>\n#define VENDOR_KEY5 0x0 /* unused */\n#define LM_SEED_CHECK 1", "0x%H8", "=LM_SEED_CHECK"),
    ("odbc-ini-pwd-field", "[MES_PROD]\nDriver=Oracle 19 ODBC driver\nServerName=<<h_ora>>:1521/MESPRD\nUID=mes_ro\nPWD=<<S>>", "%p", "h_ora"),
    ("maven-settings-server-password", "<servers>\n  <server>\n    <id>fab-nexus</id>\n    <username><<user>></username>\n    <password><<S>></password>\n  </server>\n</servers>", "%a20", "=fab-nexus"),
    ("pip-conf-index-url-userinfo", "[global]\nindex-url = https://<<user>>:<<S>>@<<h_nexus>>/repository/pypi-all/simple\ntimeout = 60", "%p", "h_nexus"),
    ("npmrc-nexus-npmtoken", "registry=https://<<h_nexus>>/repository/npm-group/\n//<<h_nexus>>/repository/npm-group/:_authToken=<<S>>\nalways-auth=true", "NpmToken.%h8-%h4-%h4-%h4-%h12", "=always-auth=true"),
    ("netrc-multi-machine", "machine <<h_art>>\n  login ci-reader\n  password <<S>>\nmachine <<h_git>>\n  login <<user>>\n  password ${GIT_TOKEN}", "%a24", "h_art"),
    ("my-cnf-client-quoted", "[client]\nhost=<<h_db>>\nuser=recipe_rw\npassword=\"<<S>>\"\ndatabase=recipes", "%p", "h_db"),
    ("dotenv-plain-assignment", "# .env for wafermap-viewer\nDB_HOST=<<h_pg>>\nDB_USER=wm\nDB_PASSWORD=<<S>>\nLOG_LEVEL=info", "%s18", "h_pg"),
    ("dotenv-quoted-with-trailing-comment", "RECIPE_SRV_USER=recipe\nRECIPE_SRV_PASS=\"<<S>>\"  # rotated <<date>>\nRECIPE_SRV_HOST=<<h_rcp>>", "%p", "h_rcp"),
    ("yaml-nested-mes-auth", "mes:\n  endpoint: https://<<h_mes>>/camstar/api\n  auth:\n    user: svc_mes\n    password: '<<S>>'\n  timeout_s: 30", "%p", "h_mes"),
    ("toml-instrument-web-password", "[instrument.scope<<n>>]\naddress = \"TCPIP0::<<ip>>::hislip0::INSTR\"\nweb_user = \"admin\"\nweb_password = \"<<S>>\"", "%p", "ip"),
    ("ini-ate-station-database", "[Station]\nName=<<tester>>\nHandler=HT-9045\n\n[Database]\nServer=<<h_yield>>\nUser=yld_w\nPassword=<<S>>", "%p", "tester"),
    ("xml-connectionstring-attribute", "<connectionStrings>\n  <add name=\"YieldDb\" connectionString=\"Server=<<h_db>>;Database=YieldDW;User Id=yld_app;Password=<<S>>;Encrypt=True\" />\n</connectionStrings>", "%s16", "h_db"),
    ("appsettings-json-connection", "{\n  \"ConnectionStrings\": {\n    \"Mes\": \"Host=<<h_pg>>;Username=mes_api;Password=<<S>>;Database=mes\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Warning\" } }\n}", "%a22", "h_pg"),
    ("bootgen-nky-key0", "Device xczu9eg;\n\nKey 0 <<S>>;\nIV 0 <<=%H24>>;", "%H64", "=xczu9eg"),
    ("pem-rsa-private-key-file", "-----BEGIN RSA PRIVATE KEY-----\n<<S>>\n-----END RSA PRIVATE KEY-----\n", "MIIEpAIBAAKCAQEA%b48\n%k24", "=RSA PRIVATE KEY"),
    ("pem-pkcs8-private-key-file", "-----BEGIN PRIVATE KEY-----\n<<S>>\n-----END PRIVATE KEY-----", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC%b32\n%k24", "=-----END PRIVATE KEY-----"),
    ("openssh-private-key-file", "-----BEGIN OPENSSH PRIVATE KEY-----\n<<S>>\n-----END OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n%k4", "=OPENSSH PRIVATE KEY"),
    ("kubeconfig-user-token", "users:\n- name: fpga-farm-ci\n  user:\n    token: <<S>>\ncontexts:\n- context: {cluster: farm-<<site>>, user: fpga-farm-ci}", "%j", "=fpga-farm-ci"),
    ("kubeconfig-client-key-data", "- name: <<user>>@lab-k8s\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t<<=%b120>>\n    client-key-data: <<S>>", "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo%b180=", "user"),
    ("wpa-supplicant-network-psk", "network={\n    ssid=\"LAB-INSTR-<<site>>\"\n    key_mgmt=WPA-PSK\n    psk=\"<<S>>\"\n}", "%p", "=key_mgmt=WPA-PSK"),
    ("opcua-client-xml-useridentity", "<ServerConfig Endpoint=\"opc.tcp://<<ip>>:4840\">\n  <UserIdentity>\n    <UserName>eap_<<tool>></UserName>\n    <Password><<S>></Password>\n  </UserIdentity>\n</ServerConfig>", "%s14", "tool"),
    ("ansible-inventory-ini-password", "[ate_hosts]\n<<tester>> ansible_host=<<ip>> ansible_user=tester ansible_password=<<S>>", "%p", "ip"),
    ("group-vars-become-password", "# group_vars/test_floor.yml\nansible_become: true\nansible_become_password: \"<<S>>\"\nntp_server: <<ip>>", "%p", "ip"),
    ("cifs-credentials-file", "# /etc/cifs/stdf.cred\nusername=svc_stdf\npassword=<<S>>\ndomain=<<dom>>", "%p", "=svc_stdf"),
    ("fstab-cifs-inline-password", "//<<h_nas>>/stdf  /mnt/stdf  cifs  username=svc_stdf,password=<<S>>,uid=ate,_netdev  0 0", "%p", "h_nas"),
    ("rclone-conf-obscured-pass", "[recipe-sftp]\ntype = sftp\nhost = <<h_rcp>>\nuser = recipe\npass = <<S>>", "%B42", "h_rcp"),
    ("s3cfg-secret-key", "[default]\naccess_key = <<aki>>\nhost_base = s3.<<site>>.<<org>>.internal\nsecret_key = <<S>>", "%b40", "aki"),
    ("aws-credentials-profile-ini", "[fab-data]\naws_access_key_id = <<aki>>\naws_secret_access_key = <<S>>\nregion = <<region>>", "%b40", "aki"),
    ("git-credentials-store-line", "https://<<user>>:<<S>>@<<h_git>>\nhttps://ci-bot:${CI_TOKEN}@<<h_git2>>", "%a20", "user"),
    ("svn-simple-auth-cache", "K 8\npasswordtype\nV 6\nsimple\nK 8\npassword\nV 14\n<<S>>\nK 15\nsvn:realmstring\nV 42\n<https://<<h_git>>:443> Layout Repo", "%p", "=svn:realmstring"),
    ("cvspass-scrambled-entry", "/1 :pserver:<<user>>@<<h_git>>:2401/cvsroot/analog A<<S>>", "%a12", "user"),
    ("p4tickets-line", "<<h_plm>>:1666=<<user>>:<<S>>", "%H32", "user"),
    ("p4config-p4passwd", "P4PORT=ssl:<<h_plm>>:1666\nP4USER=<<user>>\nP4CLIENT=<<user>>_<<proj>>\nP4PASSWD=<<S>>", "%p", "user"),
    ("vmanager-server-properties", "vmgr.db.url=jdbc:postgresql://<<h_pg>>:5432/vmgr\nvmgr.db.user=vmgr\nvmgr.db.password=<<S>>\nvmgr.http.port=8080", "%p", "h_pg"),
    ("spring-datasource-password-prop", "spring.datasource.url=jdbc:oracle:thin:@<<h_ora>>:1521/MESPRD\nspring.datasource.username=mes_api\nspring.datasource.password=<<S>>", "%s20", "h_ora"),
    ("hibernate-cfg-property", "<property name=\"hibernate.connection.username\">recipe</property>\n<property name=\"hibernate.connection.password\"><<S>></property>", "%p", "=hibernate.connection.username"),
    ("msmtprc-account-password", "account lab-alerts\nhost <<h_smtp>>\nport 587\nauth on\nuser alerts@<<org>>.internal\npassword <<S>>", "%p", "h_smtp"),
    ("postfix-sasl-passwd-map", "[<<h_smtp>>]:587    alerts@<<org>>.internal:<<S>>", "%a16", "h_smtp"),
    ("nginx-proxy-bearer-header", "location /api/ {\n    proxy_pass https://<<h_yield>>;\n    proxy_set_header Authorization \"Bearer <<S>>\";\n}", "%a40", "h_yield"),
    ("haproxy-stats-auth", "listen stats\n    bind :8404\n    stats enable\n    stats auth admin:<<S>>", "%p", "=bind :8404"),
    ("grafana-ini-admin-password", "[security]\nadmin_user = admin\nadmin_password = <<S>>\nsecret_key = ${GF_SECRET_KEY}", "%p", "=admin_user = admin"),
    ("prometheus-basic-auth-block", "- job_name: tester-exporters\n  basic_auth:\n    username: prom\n    password: <<S>>\n  static_configs:\n  - targets: ['<<ip>>:9182']", "%a20", "ip"),
    ("telegraf-influxdb-v2-token", "[[outputs.influxdb_v2]]\n  urls = [\"http://<<h_yield>>:8086\"]\n  token = \"<<S>>\"\n  organization = \"fab-<<site>>\"", "%B86==", "h_yield"),
    ("snmpd-conf-rocommunity", "sysLocation  cleanroom-<<site>> bay 4\nrocommunity <<S>> 10.0.0.0/8", "%L5%d4", "=sysLocation"),
    ("nut-upsd-users-password", "[upsmon]\n    password = <<S>>\n    upsmon primary", "%p", "=upsmon primary"),
    ("winscp-ini-obfuscated-password", "[Sessions\\recipe@<<h_rcp>>]\nHostName=<<h_rcp>>\nUserName=recipe\nPassword=<<S>>", "A35C%H64", "h_rcp"),
    ("filezilla-sitemanager-base64-pass", "<Server>\n  <Host><<h_rcp>></Host>\n  <Port>21</Port>\n  <User>recipe</User>\n  <Pass encoding=\"base64\"><<S>></Pass>\n</Server>", "%b16=", "h_rcp"),
    ("vscode-sqltools-connection", "\"sqltools.connections\": [\n  {\n    \"name\": \"yield-dw\",\n    \"server\": \"<<h_db>>\",\n    \"username\": \"yld_ro\",\n    \"password\": \"<<S>>\"\n  }\n]", "%p", "h_db"),
    ("tomcat-users-xml-attr", "<tomcat-users>\n  <user username=\"manager\" password=\"<<S>>\" roles=\"manager-gui,manager-script\"/>\n</tomcat-users>", "%p", "=manager-gui"),
    ("rabbitmq-conf-default-pass", "listeners.tcp.default = 5672\ndefault_user = eap\ndefault_pass = <<S>>", "%a20", "=default_user = eap"),
    ("mosquitto-bridge-remote-password", "connection fab<<nn>>-bridge\naddress <<h_mqtt>>:8883\nremote_username bridge\nremote_password <<S>>\ntopic fab/# out 1", "%s18", "h_mqtt"),
    ("pkcs11-uri-pin-value", "SIGN_KEY_URI=\"pkcs11:token=fw-sign;object=rot-key-0;type=private?pin-value=<<S>>\"", "%d8", "=fw-sign"),
    ("nxp-cst-key-pass-txt", "$ cat keys/key_pass.txt\n<<S>>\n<<S>>", "%p", "=key_pass.txt"),
    ("zephyr-prj-conf-wifi-password", "CONFIG_WIFI=y\nCONFIG_WIFI_CREDENTIALS_STATIC=y\nCONFIG_WIFI_CREDENTIALS_STATIC_SSID=\"LAB-IOT-<<nn>>\"\nCONFIG_WIFI_CREDENTIALS_STATIC_PASSWORD=\"<<S>>\"", "%p", "=CONFIG_WIFI=y"),
    ("esp-idf-sdkconfig-wifi", "CONFIG_ESP_WIFI_SSID=\"PROBE-ROOM\"\nCONFIG_ESP_WIFI_PASSWORD=\"<<S>>\"\nCONFIG_ESP_MAXIMUM_RETRY=5", "%p", "=PROBE-ROOM"),
    ("platformio-espota-auth", "[env:sensor_node]\nplatform = espressif32\nupload_protocol = espota\nupload_port = <<ip>>\nupload_flags = --auth=<<S>>", "%a12", "ip"),
    ("yocto-local-conf-signing-pass", "INHERIT += \"sign_rpm\"\nRPM_GPG_NAME = \"<<=%H16>>\"\nRPM_GPG_PASSPHRASE = \"<<S>>\"", "%P", "=sign_rpm"),
    ("lmadmin-server-xml-user", "<users>\n  <user name=\"admin\" password=\"<<S>>\" roles=\"admin\" passwordChangeRequired=\"false\"/>\n</users>", "%p", "=passwordChangeRequired"),
    ("nexar-client-json", "{\n  \"client_id\": \"<<uuid>>\",\n  \"client_secret\": \"<<S>>\",\n  \"scope\": \"supply.domain design.domain\"\n}", "%B48", "uuid"),
    ("digikey-api-dotenv", "DIGIKEY_CLIENT_ID=<<cid>>\nDIGIKEY_CLIENT_SECRET=<<S>>\nDIGIKEY_SANDBOX=false", "%a16", "cid"),
    ("calibre-drc-runset-db-login", "*drcRulesFile: /pdk/<<proj>>/calibre/drc.rul\n*drcResultsDbUser: calibre_rw\n*drcResultsDbPassword: <<S>>", "%p", "proj"),
    ("xpedition-edm-server-ini", "[EDMServer]\nHost=<<h_edm>>\nPort=15000\nServiceAccount=edm_svc\nServicePassword=<<S>>", "%p", "h_edm"),
    ("rlm-web-admin-pw-file", "# rlm web admin (rlm.pw)\nadmin:<<S>>:admin", "%p", "=rlm web admin"),
    ("hsm-pin-env-file", "# /etc/signing/hsm.env\nHSM_SLOT=0\nHSM_TOKEN_LABEL=fw-sign-<<proj>>\nHSM_USER_PIN=<<S>>", "%d8", "proj"),
    ("jlink-script-dbg-auth-key", "// JLinkScript for secure debug unlock\nint InitTarget(void) {\n  JLINK_SYS_Report(\"unlock\");\n  _UnlockKey = \"<<S>>\";\n  return 0;\n}", "%H32", "=InitTarget"),
    ("libero-security-upk1-tcl", "configure_security -upk1 <<S>> -security_level 2\nexport_bitstream_file -file_name <<proj>>_sec -format {STP}", "%H32", "proj"),
]


_SRC = [
    ("py-paramiko-connect-password-kw", "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"<<ip>>\", username=\"root\", password=\"<<S>>\")  # scope runs embedded linux", "%p", "ip"),
    ("py-psycopg2-connect-kwargs", "conn = psycopg2.connect(host=\"<<h_pg>>\", dbname=\"yield\", user=\"yield_etl\", password=\"<<S>>\")", "%s18", "h_pg"),
    ("py-sqlalchemy-oracle-url", "engine = create_engine(\n    \"oracle+oracledb://mes_ro:<<S>>@<<h_ora>>:1521/?service_name=MESPRD\",\n    pool_pre_ping=True,\n)", "%p", "h_ora"),
    ("py-oracledb-positional-args", "con = oracledb.connect(\"mes_ro\", \"<<S>>\", \"<<h_ora>>/MESPRD\")", "%p", "h_ora"),
    ("py-pymysql-positional-args", "db = pymysql.connect(\"<<h_db>>\", \"recipe\", \"<<S>>\", \"recipes\")", "%a14", "h_db"),
    ("py-requests-auth-tuple", "r = requests.get(f\"https://<<h_mes>>/api/lots/{lot}\", auth=(\"<<user>>\", \"<<S>>\"), timeout=10)", "%p", "user"),
    ("py-headers-dict-x-api-key", "HEADERS = {\n    \"Accept\": \"application/json\",\n    \"X-API-Key\": \"<<S>>\",\n}", "%H40", "=application/json"),
    ("py-ftplib-login-positional", "ftp = ftplib.FTP(\"<<h_rcp>>\")\nftp.login(\"recipe\", \"<<S>>\")\nftp.cwd(\"/ETCH/<<tool>>\")", "%p", "tool"),
    ("py-smtplib-login-positional", "with smtplib.SMTP(\"<<h_smtp>>\", 587) as s:\n    s.starttls()\n    s.login(\"yield-alerts@<<org>>.internal\", \"<<S>>\")", "%p", "h_smtp"),
    ("py-ldap3-connection-positional", "conn = Connection(server, \"cn=svc_lic,ou=services,dc=corp\", \"<<S>>\", auto_bind=True)", "%p", "=cn=svc_lic"),
    ("py-pika-plaincredentials", "creds = pika.PlainCredentials(\"eap\", \"<<S>>\")\nparams = pika.ConnectionParameters(\"<<h_mqtt>>\", 5672, \"/fab\", creds)", "%a18", "h_mqtt"),
    ("py-paho-username-pw-set", "client = mqtt.Client(client_id=\"eap-<<tool>>\")\nclient.username_pw_set(\"eap_<<tool>>\", \"<<S>>\")", "%s16", "tool"),
    ("py-opcua-set-password", "client = Client(\"opc.tcp://<<ip>>:4840\")\nclient.set_user(\"eap\")\nclient.set_password(\"<<S>>\")", "%p", "ip"),
    ("py-hvac-client-token-kw", "vault = hvac.Client(url=\"https://<<h_vault>>:8200\", token=\"<<S>>\")", "hvs.CAESI%B86", "h_vault"),
    ("py-boto3-client-explicit-keys", "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"<<aki>>\",\n    aws_secret_access_key=\"<<S>>\",\n)", "%b40", "aki"),
    ("py-pkcs11-token-open-user-pin", "lib = pkcs11.lib(\"/usr/lib/libCryptoki2_64.so\")\ntoken = lib.get_token(token_label=\"fw-sign\")\nwith token.open(user_pin=\"<<S>>\") as session:", "%d8", "=fw-sign"),
    ("py-pykcs11-login-positional-pin", "session = pkcs11.openSession(slot, CKF_SERIAL_SESSION | CKF_RW_SESSION)\nsession.login(\"<<S>>\")", "%d6", "=CKF_SERIAL_SESSION"),
    ("py-load-pem-key-password-bytes", "key = serialization.load_pem_private_key(\n    open(\"keys/csf1.pem\", \"rb\").read(), password=b\"<<S>>\")", "%P", "=keys/csf1.pem"),
    ("py-bytes-fromhex-aes-key", "# eFuse AES key for <<proj>> engineering samples\nEFUSE_AES_KEY = bytes.fromhex(\"<<S>>\")", "%h64", "proj"),
    ("py-hmac-key-bytes-literal", "HMAC_KEY = b\"<<S>>\"\nsig = hmac.new(HMAC_KEY, payload, hashlib.sha256).hexdigest()", "%a32", "=hashlib.sha256"),
    ("py-nested-config-dict", "CONFIG = {\n    \"mes\": {\"host\": \"<<h_mes>>\", \"user\": \"svc_mes\", \"password\": \"<<S>>\"},\n    \"poll_s\": 30,\n}", "%p", "h_mes"),
    ("py-environ-get-fallback-default", "RECIPE_PASS = os.environ.get(\"RECIPE_PASS\", \"<<S>>\")", "%p", "=RECIPE_PASS"),
    ("py-argparse-default-password", "ap.add_argument(\"--password\", default=\"<<S>>\", help=\"instrument web password\")", "%p", "=instrument web password"),
    ("py-pytest-fixture-instrument", "@pytest.fixture\ndef dmm():\n    return Keysight34465A(\"<<ip>>\", cal_code=\"<<S>>\")", "%u8", "ip"),
    ("py-telnetlib-write-bytes", "tn.read_until(b\"Password: \")\ntn.write(b\"<<S>>\\n\")", "%p", "=Password: "),
    ("py-pexpect-sendline", "child = pexpect.spawn(\"ssh ate@<<ip>>\")\nchild.expect(\"assword:\")\nchild.sendline(\"<<S>>\")", "%p", "ip"),
    ("py-jwt-encode-positional-secret", "token = jwt.encode({\"sub\": station_id}, \"<<S>>\", algorithm=\"HS256\")", "%a32", "=station_id"),
    ("py-flask-secret-key-config", "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"<<S>>\"", "%h48", "=Flask(__name__)"),
    ("py-django-settings-secret-key", "SECRET_KEY = '<<S>>'\nDEBUG = False\nALLOWED_HOSTS = ['<<h_wafermap>>']", "%l50", "h_wafermap"),
    ("c-define-wifi-pass", "#define WIFI_SSID \"LAB-IOT-<<nn>>\"\n#define WIFI_PASS \"<<S>>\"", "%p", "=WIFI_SSID"),
    ("c-uint8-aes-key-array", "static const uint8_t otp_aes_key[32] = {\n    <<S>>\n};", "%C32", "=otp_aes_key"),
    ("c-uint32-debug-unlock-words", "const uint32_t dbg_unlock_key[4] = { <<S>> };", "0x%H8u, 0x%H8u, 0x%H8u, 0x%H8u", "=dbg_unlock_key"),
    ("c-mqtt-connect-options-password", "conn_opts.username = \"eap_<<tool>>\";\nconn_opts.password = \"<<S>>\";", "%s16", "tool"),
    ("c-curlopt-userpwd", "curl_easy_setopt(curl, CURLOPT_URL, \"https://<<h_stdf>>/upload\");\ncurl_easy_setopt(curl, CURLOPT_USERPWD, \"uploader:<<S>>\");", "%p", "h_stdf"),
    ("csharp-sqlconnection-string", "using var cn = new SqlConnection(\"Data Source=<<h_db>>;Initial Catalog=YieldDW;User ID=yld_app;Password=<<S>>\");", "%p", "h_db"),
    ("csharp-networkcredential-positional", "var cred = new NetworkCredential(\"svc_ate\", \"<<S>>\", \"<<dom>>\");", "%p", "=svc_ate"),
    ("java-drivermanager-positional", "Connection c = DriverManager.getConnection(\"jdbc:oracle:thin:@<<h_ora>>:1521/MESPRD\", \"mes\", \"<<S>>\");", "%p", "h_ora"),
    ("java-static-final-token", "private static final String RECIPE_API_TOKEN = \"<<S>>\";", "%a40", "=RECIPE_API_TOKEN"),
    ("go-struct-literal-password", "cfg := eap.Config{\n\tEndpoint: \"opc.tcp://<<ip>>:4840\",\n\tUser:     \"eap\",\n\tPassword: \"<<S>>\",\n}", "%p", "ip"),
    ("go-const-api-key", "const lotAPIKey = \"<<S>>\" // TODO move to vault", "%h32", "=TODO move to vault"),
    ("rust-hex-macro-seed", "const SIGNING_SEED: [u8; 32] = hex!(\"<<S>>\");", "%h64", "=SIGNING_SEED"),
    ("js-fetch-template-bearer", "const res = await fetch(`https://<<h_yield>>/api/bins/${lot}`, {\n  headers: { Authorization: `Bearer <<S>>` },\n});", "%a48", "h_yield"),
    ("ts-export-config-object", "export const octopart = {\n  endpoint: \"https://api.nexar.com/graphql\",\n  apiKey: \"<<S>>\",\n};", "%h32", "=api.nexar.com"),
    ("xdc-encryption-constraints", "set_property BITSTREAM.ENCRYPTION.ENCRYPT YES [current_design]\nset_property BITSTREAM.ENCRYPTION.KEYFILE ./<<proj>>.nky [current_design]\nset_property BITSTREAM.ENCRYPTION.HKEY0 <<S>> [current_design]", "%H64", "proj"),
    ("tcl-http-geturl-basic-header", "set tok [http::geturl $url -headers [list Authorization \"Basic <<S>>\"]]", "%Y", "=http::geturl"),
    ("tcl-expect-send-cr", "spawn ssh root@$ip\nexpect \"assword:\"\nsend \"<<S>>\\r\"\nexpect \"# \"", "%p", "=spawn ssh"),
    ("skill-cdsinit-global-password", "; .cdsinit -- PLM bridge\ncdsPlmUser = \"<<user>>\"\ncdsPlmPassword = \"<<S>>\"\nload(\"~/skill/plm_bridge.il\")", "%p", "user"),
    ("perl-dbi-connect-positional", "my $dbh = DBI->connect(\"dbi:Oracle:host=<<h_ora>>;sid=MES\", \"mes_rw\", \"<<S>>\", { RaiseError => 1 });", "%p", "h_ora"),
    ("perl-net-ftp-login", "my $ftp = Net::FTP->new(\"<<h_rcp>>\") or die;\n$ftp->login(\"recipe\", '<<S>>') or die $ftp->message;", "%p", "h_rcp"),
    ("bash-script-single-quoted-var", "#!/bin/bash\nset -euo pipefail\nLIC_ADMIN_PW='<<S>>'\nlmutil lmreread -c 27020@<<h_lic>>", "%p", "h_lic"),
    ("batch-set-and-use", "@echo off\nset ATE_PASS=<<S>>\nnet use \\\\<<h_nas>>\\stdf %ATE_PASS% /user:<<dom>>\\svc_ate", "%p", "h_nas"),
    ("ps1-plaintext-assignment", "$Server = '<<h_db>>'\n$Password = \"<<S>>\"\nInvoke-Sqlcmd -ServerInstance $Server -Username yld_app -Password $Password -Query $q", "%p", "h_db"),
    ("makefile-conditional-assign", "SIGN_KEY  ?= keys/fw_sign.pem\nSIGN_PASS ?= <<S>>\nsign: build/fw.bin\n\timgtool sign --key $(SIGN_KEY) $< $@", "%P", "=keys/fw_sign.pem"),
    ("cmake-cache-string-psk", "set(OTA_PSK \"<<S>>\" CACHE STRING \"OTA pre-shared key\")", "%h32", "=OTA pre-shared key"),
    ("verilog-parameter-debug-key", "module dbg_auth #(\n  parameter [127:0] DBG_AUTH_KEY = 128'h<<S>>\n) (input clk_i, input rst_ni);", "%h32", "=dbg_auth"),
    ("sv-localparam-unlock-token", "localparam logic [255:0] TEST_UNLOCK_TOKEN = 256'h<<S>>;", "%h64", "=TEST_UNLOCK_TOKEN"),
    ("vhdl-constant-aes-key", "constant C_AES_KEY : std_logic_vector(127 downto 0) := x\"<<S>>\";", "%H32", "=C_AES_KEY"),
    ("matlab-ftp-positional", "v = visadev(\"TCPIP0::<<ip>>::inst0::INSTR\");\nf = ftp(\"<<ip>>\", \"admin\", \"<<S>>\");\nmget(f, \"*.csv\");", "%p", "ip"),
    ("py-yieldhub-client-api-key", "client = YieldHubClient(base_url=\"https://<<h_yield>>\", api_key=\"<<S>>\")", "%a40", "h_yield"),
    ("arduino-secrets-header", "// arduino_secrets.h\n#define SECRET_SSID \"PROBE-ROOM\"\n#define SECRET_PASS \"<<S>>\"", "%p", "=SECRET_SSID"),
    ("sql-oracle-create-user-identified", "CREATE USER mes_etl IDENTIFIED BY \"<<S>>\"\n  DEFAULT TABLESPACE mes_data QUOTA 10G ON mes_data;", "%p", "=mes_etl"),
    ("sql-mssql-alter-login", "ALTER LOGIN yield_ro WITH PASSWORD = '<<S>>', CHECK_POLICY = OFF;", "%p", "=yield_ro"),
    ("sql-postgres-create-role-password", "CREATE ROLE wafermap LOGIN PASSWORD '<<S>>' VALID UNTIL '2026-01-01';", "%s18", "=wafermap"),
    ("ruby-net-ssh-password-kw", "Net::SSH.start(\"<<ip>>\", \"ate\", password: \"<<S>>\") do |ssh|\n  puts ssh.exec!(\"uptime\")\nend", "%p", "ip"),
    ("lua-nodemcu-wifi-config", "wifi.setmode(wifi.STATION)\nwifi.sta.config({ssid=\"LAB-IOT\", pwd=\"<<S>>\"})", "%p", "=wifi.STATION"),
    ("micropython-wlan-connect", "wlan = network.WLAN(network.STA_IF)\nwlan.active(True)\nwlan.connect(\"CLEANROOM-SENS\", \"<<S>>\")", "%p", "=CLEANROOM-SENS"),
    ("py-b64decode-obfuscated-password", "PASSWORD = base64.b64decode(\"<<S>>\").decode()  # not plaintext :)", "%b16==", "=not plaintext"),
    ("py-implicit-concat-split-token", "API_TOKEN = (\"<<S>>\")", "%a24\"\n             \"%a20", "=API_TOKEN"),
    ("csharp-ate-teststation-login", "var yld = new YieldDbClient(\"<<h_yield>>\");\nyld.Login(\"yld_w\", \"<<S>>\");", "%p", "h_yield"),
]


_LOG = [
    ("py-traceback-sqlalchemy-url", "Traceback (most recent call last):\n  File \"/opt/yield/etl/load.py\", line 41, in <module>\n    engine.connect()\nsqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not connect to server\n[SQL: postgresql://yield_etl:<<S>>@<<h_pg>>:5432/yield]", "%p", "h_pg"),
    ("java-sqlexception-jdbc-url", "java.sql.SQLRecoverableException: IO Error: The Network Adapter could not establish the connection (url=jdbc:oracle:thin:mes/<<S>>@<<h_ora>>:1521/MESPRD)\n\tat oracle.jdbc.driver.T4CConnection.logon(T4CConnection.java:854)", "%p", "h_ora"),
    ("requests-maxretry-query-apikey", "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='<<h_yield>>', port=443): Max retries exceeded with url: /api/v1/lots?lot=<<lot>>&api_key=<<S>> (Caused by NewConnectionError('Failed to establish a new connection'))", "%h32", "h_yield"),
    ("nginx-access-log-query-token", "<<ip>> - - [12/Mar/2025:<<time>> +0900] \"GET /wafermap/export?lot=<<lot>>&token=<<S>> HTTP/1.1\" 200 48211 \"-\" \"python-requests/2.31.0\"", "%a32", "lot"),
    ("squid-access-log-userinfo", "1710213911.482    231 <<ip>> TCP_MISS/200 1822 GET http://admin:<<S>>@<<ip2>>/lxi/identification - HIER_DIRECT/<<ip2>> text/xml", "%p", "ip2"),
    ("sshd-failed-password-as-username", "sshd[<<pid>>]: Failed password for invalid user <<S>> from <<ip>> port <<port>> ssh2", "%p", "ip"),
    ("mes-debug-request-body-json", "<<ts>> DEBUG [MesClient] POST https://<<h_mes>>/auth body={\"user\":\"svc_mes\",\"password\":\"<<S>>\",\"site\":\"<<site>>\"}", "%p", "h_mes"),
    ("urllib3-send-bytes-header", "send: b'GET /api/recipes HTTP/1.1\\r\\nHost: <<h_rcp>>\\r\\nAuthorization: Bearer <<S>>\\r\\nAccept: */*\\r\\n\\r\\n'", "%a40", "h_rcp"),
    ("eap-log-opcua-userinfo-url", "<<ts>> INFO  EAP[<<tool>>] connecting to opc.tcp://eap:<<S>>@<<ip>>:4840 (attempt 3/5)", "%s16", "tool"),
    ("dotnet-log-connection-string-dump", "<<ts>> [INF] StdfUploader starting, db=\"Provider=OraOLEDB.Oracle;Data Source=YLD;User Id=yld_w;Password=<<S>>;\"", "%p", "=StdfUploader"),
    ("py-logging-config-dict", "<<ts>> INFO loader: config loaded: {'host': '<<ip>>', 'port': 5025, 'user': 'admin', 'password': '<<S>>'}", "%p", "ip"),
    ("structlog-json-line", "{\"level\":\"debug\",\"ts\":\"<<ts>>\",\"event\":\"instrument_login\",\"ip\":\"<<ip>>\",\"user\":\"admin\",\"password\":\"<<S>>\"}", "%p", "ip"),
    ("auditd-execve-args", "type=EXECVE msg=audit(1710213911.482:<<pid>>): argc=5 a0=\"mysql\" a1=\"-uroot\" a2=\"-p<<S>>\" a3=\"-h\" a4=\"<<h_db>>\"", "%p", "h_db"),
    ("bash-xtrace-curl-user", "+ curl -sf -u deploy:<<S>> -T build/<<proj>>.bit https://<<h_art>>/fpga-bitstreams/", "%a20", "proj"),
    ("make-echo-recipe-command", "make[2]: Entering directory '/work/<<proj>>/sign'\nimgtool sign --key keys/root.pem --password <<S>> build/app.bin build/app.signed.bin\nmake[2]: Leaving directory", "%P", "proj"),
    ("spring-boot-bind-failure-value", "***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nFailed to bind properties under 'spring.datasource.password' to java.lang.String:\n\n    Property: spring.datasource.password\n    Value: \"<<S>>\"\n    Origin: class path resource [application.properties] - 7:28", "%p", "=spring.datasource.password"),
    ("axios-error-config-dump", "AxiosError: Request failed with status code 502\n    at settle (node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://<<h_yield>>/api/bins',\n    headers: { Accept: 'application/json', Authorization: 'Bearer <<S>>' }\n  }", "%a48", "h_yield"),
    ("go-panic-struct-dump", "panic: dial opc.tcp://<<ip>>:4840: i/o timeout\n\ngoroutine 1 [running]:\nmain.connect(0xc0001a2000, {Host:<<ip>> User:eap Password:<<S>>})\n\t/src/eap/main.go:88 +0x1a5", "%p", "ip"),
    ("sqlclient-exception-connstring", "System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'yld_app'.\n   ConnectionString='Server=<<h_db>>;Database=YieldDW;User Id=yld_app;Password=<<S>>'", "%s16", "h_db"),
    ("curl-ftp-verbose-pass", "> USER recipe\n< 331 Please specify the password.\n> PASS <<S>>\n< 230 Login successful.", "%p", "=331 Please specify the password."),
    ("smtplib-debug-auth-plain", "send: 'ehlo ate-<<nn>>\\r\\n'\nreply: b'250-AUTH PLAIN LOGIN\\r\\n'\nsend: 'AUTH PLAIN <<S>>\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'", "%T", "=235 2.7.0"),
    ("visa-io-trace-write", "<<time>>.<<=%d3>>  viWrite (TCPIP0::<<ip>>::inst0::INSTR (0x0000000D), \":SYST:SEC:PASS '<<S>>'\\n\", 32, 32)", "%p", "ip"),
    ("ansible-failed-module-args", "fatal: [<<tester>>]: FAILED! => {\"changed\": false, \"invocation\": {\"module_args\": {\"login_host\": \"<<h_db>>\", \"login_password\": \"<<S>>\", \"login_user\": \"root\"}}, \"msg\": \"unable to connect\"}", "%p", "tester"),
    ("terraform-debug-http-basic", "<<ts>> [DEBUG] provider.terraform-provider-grafana: GET /api/folders HTTP/1.1\n  Host: <<h_grafana>>\n  Authorization: Basic <<S>>", "%Y", "h_grafana"),
    ("airflow-hook-uri-log", "[<<ts>>] {base.py:83} INFO - Using connection to: oracle://mes_ro:<<S>>@<<h_ora>>:1521/MESPRD", "%p", "h_ora"),
    ("kombu-operational-error-amqp", "kombu.exceptions.OperationalError: [Errno 111] Connection refused while connecting to amqp://eap:<<S>>@<<h_mqtt>>:5672//", "%a20", "h_mqtt"),
    ("redis-auth-error-url", "redis.exceptions.AuthenticationError: invalid username-password pair (url=redis://:<<S>>@<<h_mes>>:6379/2)", "%a24", "h_mes"),
    ("mongo-server-selection-uri", "pymongo.errors.ServerSelectionTimeoutError: <<h_yield>>:27017: timed out, uri=mongodb://yield:<<S>>@<<h_yield>>:27017/?authSource=admin", "%p", "h_yield"),
    ("pytest-captured-stdout-creds", "----------------------------- Captured stdout call -----------------------------\nconnecting to <<ip>> as admin/<<S>>\nE   TimeoutError: no response to *IDN?", "%p", "ip"),
    ("gdb-backtrace-pin-arg", "#0  0x00007ffff7a3c4e1 in C_Login () from /usr/lib/libCryptoki2_64.so\n#1  0x0000555555556a2c in hsm_login (slot=0, pin=0x7fffffffe3a0 \"<<S>>\") at hsm.c:88\n#2  0x0000555555556c10 in main () at signer.c:212", "%d8", "=hsm.c:88"),
    ("windows-4688-process-cmdline", "EventID: 4688\nNew Process Name: C:\\Windows\\System32\\net.exe\nProcess Command Line: net use \\\\<<h_nas>>\\stdf$ /user:<<dom>>\\svc_stdf <<S>>", "%p", "h_nas"),
    ("powershell-transcript-securestring", "**********************\nPS C:\\ATE> $sec = ConvertTo-SecureString \"<<S>>\" -AsPlainText -Force\nPS C:\\ATE> Start-Process igxl.exe -Credential $cred", "%p", "=igxl.exe"),
    ("mes-audit-recipe-download-url", "<<ts>> RECIPE_DL tool=<<tool>> recipe=POLY_ETCH_v<<n>> src=ftp://recipe:<<S>>@<<h_rcp>>/ETCH/ user=<<user>>", "%p", "tool"),
    ("teamcenter-syslog-login", "<<ts>> Login attempt: user=infodba password=<<S>> group=dba role=DBA host=<<h_plm>>", "%p", "h_plm"),
    ("ipython-traceback-source-line", "----> 12 conn = psycopg2.connect(\"host=<<h_pg>> dbname=yield user=analyst password=<<S>>\")\n     13 df = pd.read_sql(q, conn)\n\nOperationalError: FATAL:  password authentication failed", "%p", "h_pg"),
    ("py-traceback-call-positional-creds", "Traceback (most recent call last):\n  File \"cal/upload.py\", line 57, in <module>\n    client.login(\"caladmin\", \"<<S>>\")\nmetrology.errors.AuthError: 401 Unauthorized", "%p", "=cal/upload.py"),
    ("uart-console-psk-debug", "[    4.812003] wlan0: RTL8822CS: set_psk ssid=LAB-IOT-<<nn>> psk=<<S>>\n[    4.901233] wlan0: associated", "%p", "=wlan0: associated"),
    ("ate-station-log-db-connect", "[<<tester>>] <<time>> DB connect: Provider=MSOLEDBSQL;Server=<<h_yield>>;UID=yld_w;PWD=<<S>>;", "%p", "tester"),
    ("eap-xml-login-message", "<<ts>> TX -> MES <Login><User>eap_<<tool>></User><Pwd><<S>></Pwd><Tool><<tool>></Tool></Login>", "%s14", "tool"),
    ("soap-wsse-password-text", "<soapenv:Header><wsse:Security><wsse:UsernameToken><wsse:Username>svc_mes</wsse:Username><wsse:Password Type=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText\"><<S>></wsse:Password></wsse:UsernameToken></wsse:Security></soapenv:Header>", "%p", "=svc_mes"),
    ("http-request-dump-cookie-session", "GET /mes/wip/<<lot>> HTTP/1.1\nHost: <<h_mes>>\nCookie: lang=ko; mes_session=<<S>>; theme=dark", "%h64", "h_mes"),
    ("set-cookie-response-header", "HTTP/1.1 302 Found\nSet-Cookie: PCBPORTALSESSID=<<S>>; Path=/; Secure; HttpOnly\nLocation: /orders", "%l32", "=/orders"),
    ("signing-server-debug-pin", "<<ts>> DEBUG signer: sign request key=fw-rot-0 slot=0 pin=<<S>> digest=sha384", "%d8", "=fw-rot-0"),
    ("strace-write-pass", "write(3, \"PASS <<S>>\\r\\n\", <<n>>) = <<n>>", "%p", "=write(3,"),
    ("tcpdump-ascii-ftp-pass", "<<time>>.518231 IP <<ip>>.51022 > <<ip2>>.21: Flags [P.], length 18: FTP: PASS <<S>>", "%p", "ip2"),
    ("wireshark-http-basic-credentials", "Hypertext Transfer Protocol\n    GET /lxi/identification HTTP/1.1\\r\\n\n    Authorization: Basic <<=%b24>>\\r\\n\n        Credentials: admin:<<S>>", "%p", "=Credentials: admin"),
    ("slurm-scontrol-command-token", "JobId=<<jobid>> JobName=sync_pdk\n   Command=/tools/bin/sync_pdk.sh --token <<S>> --pdk <<proj>>", "%a32", "jobid"),
    ("lsf-job-output-env-dump", "Sender: LSF System <lsfadmin@<<h_lsf>>>\nJob <sta_<<proj>>> was submitted from host <<h_lsf2>>\n...\nSNPS_CLOUD_PASS=<<S>>\nLSB_JOBID=<<jobid>>", "%p", "jobid"),
    ("slack-webhook-post-log", "<<ts>> WARN alerting: posting yield excursion to https://hooks.slack.com/services/T<<=%U10>>/B<<=%U10>>/<<S>>", "%a24", "=yield excursion"),
    ("celery-worker-error-broker-url", "[<<ts>>: ERROR/MainProcess] consumer: Cannot connect to amqp://yield:<<S>>@<<h_mqtt>>:5672//: [Errno 104] Connection reset by peer.", "%p", "h_mqtt"),
    ("jenkins-build-log-groovy-map", "[Pipeline] echo\n[deploy:{host=<<h_ate>>, user=ate, password=<<S>>}]", "%p", "h_ate"),
    ("java-props-dump-on-start", "<<ts>> INFO  [main] c.f.r.RecipeServer - effective config: rcp.ftp.host=<<h_rcp>>, rcp.ftp.user=recipe, rcp.ftp.password=<<S>>, rcp.poll=30s", "%p", "h_rcp"),
    ("nodejs-unhandled-rejection-mysql", "Error: ER_ACCESS_DENIED_ERROR: Access denied for user 'wm'@'<<ip>>'\n    at Handshake.Sequence._packetToError\n  config: { host: '<<h_db>>', user: 'wm', password: '<<S>>', database: 'wafermap' }", "%s14", "h_db"),
    ("rust-debug-struct-log", "<<ts>> ERROR fab_gw: login failed: Credentials { user: \"eap\", password: \"<<S>>\" }", "%p", "=fab_gw"),
    ("k8s-pod-log-env-echo", "+ echo \"starting with DB_URL=postgres://wm:<<S>>@<<h_pg>>/wafermap\"\nstarting with DB_URL=postgres://wm:<<S>>@<<h_pg>>/wafermap", "%a20", "h_pg"),
    ("hsm-client-debug-partition-pw", "<<ts>> luna-client[<<pid>>]: DEBUG partition_login slot=1 label=fw-sign pw=<<S>>", "%s16", "=fw-sign"),
    ("smartest-session-log-ftp", "<<time>> [SmarTest] datalog transfer ftp://dl:<<S>>@<<h_stdf>>/incoming/<<lot>>.stdf started", "%p", "lot"),
    ("igxl-vba-immediate-window", "? TheExec.DataManager.InstanceName\n\"Final_Test_<<proj>>\"\n? gDbPassword\n\"<<S>>\"", "%p", "proj"),
    ("cadence-vmanager-server-log", "<<ts>> INFO [vmgr-server] Connecting DB jdbc:postgresql://<<h_pg>>:5432/vmgr user=vmgr password=<<S>>", "%p", "h_pg"),
    ("calibre-lm-debug-proxy-auth", "// Calibre license debug: proxy http://<<user>>:<<S>>@proxy.<<site>>.<<org>>.internal:3128", "%p", "user"),
    ("jtagd-log-server-password", "<<date>> <<time>> jtagd: remote client <<ip>> authenticated with password '<<S>>'", "%a12", "ip"),
    ("openocd-log-tcl-cmd-key", "Info : accepting 'tcl' connection on tcp/6666\nDebug: 418 3012 command.c:155 script_debug(): command - nxp_dbg_unlock 0x<<S>>", "%H32", "=accepting 'tcl' connection"),
    ("git-credential-helper-debug", "<<time>>.<<=%d6>> run-command.c:659 trace: run_command: 'git credential-store get'\nprotocol=https\nhost=<<h_git>>\nusername=<<user>>\npassword=<<S>>", "%a20", "user"),
    ("pcb-portal-api-log-header", "<<ts>> DEBUG pcbquote: POST https://api.<<org>>.example/v2/quote headers={'appKey': '<<cid>>', 'appSecret': '<<S>>'}", "%a32", "cid"),
    ("syslog-ng-logger-cred-leak", "<<date>>T<<time>> <<h_ate>> ate_watchdog[<<pid>>]: retry login tester/<<S>> to <<h_yield>>", "%p", "h_ate"),
    ("httpd-error-log-basic-decoded", "[auth_basic:error] [pid <<pid>>] [client <<ip>>:<<port>>] AH01617: user ci: authentication failure for \"/stdf\": Password Mismatch (tried '<<S>>')", "%p", "ip"),
]


_NOTE = [
    ("en-handoff-prose-slash-pair", "Handoff: the lmadmin web console on <<h_lic>>:8090 is admin / <<S>> until IT rotates it next week.", "%p", "h_lic"),
    ("en-chat-wifi-pw-abbrev", "[10:42] <<name>>: wifi in the probe room is LAB-PROBE-<<nn>>, pw <<S>>", "%p", "name"),
    ("en-todo-rotate-shared-login", "TODO: rotate the SolvNetPlus shared login (<<user>> / <<S>>) after the <<proj>> tapeout.", "%p", "user"),
    ("en-meeting-minutes-bullet", "Minutes <<date>>\n- Calibre results DB moved to <<h_pg>>\n- user calibre_rw, password is <<S>> (same as staging)\n- AI: <<name>> to update runsets", "%p", "h_pg"),
    ("en-hsm-user-pin-sentence", "HSM user PIN is <<S>>, SO PIN is in the safe in the signing room.", "%d8", "=signing room"),
    ("en-passphrase-quoted-words", "FYI the release signing key passphrase is '<<S>>' - please don't put it in the wiki.", "%P", "=release signing key"),
    ("en-email-quoted-temp-password", "> From: noreply@pcb-portal.<<org>>.example\n> Your temporary password for the partner portal is: <<S>>\n> Please change it after first login.", "%p", "=partner portal"),
    ("en-agent-decision-record", "Decision: keep using the shared JTAG server password <<S>> for bring-up week; rotate on <<date>>.", "%a12", "date"),
    ("en-runbook-numbered-step", "3. RDP into <<h_ate>> as tester, password <<S>>\n4. Start IG-XL and load Final_Test_<<proj>>.igxl", "%p", "h_ate"),
    ("en-issue-comment-inline-code", "works for me with `export NEXAR_TOKEN=<<S>>` then `python bom_check.py`", "%j", "=bom_check.py"),
    ("en-terse-label-user-pass-positional", "<<tester>> creds: tester <<S>>", "%p", "tester"),
    ("en-calibration-code-note", "Cal security code on the 34465A (<<serial>>) is <<S>> - don't change it, metrology lab owns it.", "%u8", "serial"),
    ("en-rdp-unlock-password-note", "RDP level 1 regression password for the H5 eval boards: <<S>>", "0x%H8 0x%H8", "=H5 eval boards"),
    ("en-vault-down-raw-token", "Vault was down so I used the raw token <<S>> directly for the lic-proxy restart.", "hvs.CAESI%B86", "=lic-proxy"),
    ("en-standup-update", "yesterday: got hw_server working through the bastion, tunnel pw <<S>> works. today: timing closure on <<proj>>.", "%a14", "proj"),
    ("en-jira-comment-parenthetical", "Reproduced on <<tester>> with the operator creds (ate_op/<<S>>). Log attached to <<ticket>>.", "%p", "ticket"),
    ("en-commit-message-leak", "fix(cal): drop hardcoded pw <<S>> from cal_upload.py, read from env instead", "%p", "=cal_upload.py"),
    ("en-chat-inline-mysql-cmd", "<<name>>: try `mysql -umes -p<<S>> -h <<h_db>>` from the jump box", "%p", "h_db"),
    ("en-running-note-keystore", "Running note: keystore password for mes-client.jks turned out to be <<S>> (found on the old Confluence page).", "%p", "=mes-client.jks"),
    ("en-goal-statement-embedded", "Goal: get Quartus to program the Agilex dev kit over jtagd on <<h_jtag>> (server password <<S>>).", "%a12", "h_jtag"),
    ("en-yubikey-pin-digits", "YubiKey PIN for the code-signing slot: <<S>>", "%d6", "=code-signing slot"),
    ("en-markdown-table-creds", "| system | user | pass |\n|---|---|---|\n| lmadmin | admin | <<S>> |\n| grafana | viewer | (SSO) |", "%p", "=lmadmin"),
    ("en-bulleted-url-user-pass", "* URL: https://<<h_wafermap>>\n* user: <<user>>\n* pass: <<S>>", "%p", "h_wafermap"),
    ("en-quoted-reply-thanks", "> password: <<S>>\nThanks, that worked for the recipe server.", "%p", "=recipe server"),
    ("en-pairing-chat-split-lines", "<<name>>: user is eap_<<tool>>\n<<name>>: and the pass\n<<name>>: <<S>>", "%s14", "tool"),
    ("en-shift-log-instrument", "Shift log <<date>>: scope in bay 3 rebooted, web UI back. login admin, pass <<S>> (was reset to this by vendor).", "%p", "date"),
    ("en-sms-style-short", "pcbway acct: <<email>> pw <<S>> - order #<<jobid>>", "%p", "email"),
    ("en-api-key-for-vendor-portal", "Mouser API key for the BOM script: <<S>>", "%h8-%h4-%h4-%h4-%h12", "=BOM script"),
    ("ko-admin-password-sentence", "라이선스 서버 <<h_lic>> 관리자 비밀번호는 <<S>> 입니다.", "%p", "h_lic"),
    ("ko-chat-wifi-bibeon", "[오후 3:12] <<nko>>: 측정실 와이파이 비번 <<S>> 에요", "%p", "nko"),
    ("ko-handover-account-password", "인수인계: MES DB 계정 mes_ro / 비밀번호 <<S>>", "%p", "=mes_ro"),
    ("ko-hsm-pin-parenthetical", "서명용 HSM PIN은 <<S>> (보안팀만 공유)", "%d8", "=HSM"),
    ("ko-gitlab-token-share", "깃랩 토큰 여기 있어요: <<S>>", "glpat-%B20", "=깃랩"),
    ("ko-tester-login-pair", "테스터 <<tester>> 로그인: tester / <<S>>", "%p", "tester"),
    ("ko-remote-jtag-amho", "원격 JTAG 서버 암호: <<S>>", "%a12", "=원격 JTAG"),
    ("ko-kakao-temp-password", "카톡으로 받은 임시 비밀번호: <<S>> 로그인 후 바로 변경하세요", "%p", "=카톡"),
    ("ko-email-api-key", "안녕하세요, <<nko>>입니다.\n요청하신 부품 API 키 전달드립니다: <<S>>\n감사합니다.", "%h32", "nko"),
    ("ko-en-mixed-solvnet", "FYI SolvNet 계정 <<user>> pw: <<S>>", "%p", "user"),
    ("ja-admin-password-kagikakko", "ライセンスサーバ<<h_lic>>の管理者パスワードは「<<S>>」です。", "%p", "h_lic"),
    ("ja-chat-wifi-password", "<<nja>>: 計測室のWi-Fiパスワードは <<S>> です", "%p", "nja"),
    ("ja-handover-ftp-fullwidth-colon", "引き継ぎ：レシピサーバのFTPアカウント recipe／パスワード：<<S>>", "%p", "=recipe"),
    ("ja-signing-token-pin", "署名用トークンのPINは<<S>>です（口外禁止）", "%d8", "=署名用トークン"),
    ("ja-arrow-api-key", "部品APIのキー → <<S>>", "%h32", "=部品API"),
    ("ja-temp-password-first-login", "仮パスワード <<S>> で初回ログインしてください。", "%p", "=初回ログイン"),
    ("ja-email-access-key", "<<nja>>様\nお世話になっております。\n検査装置ポータルのアクセスキー：<<S>>\nよろしくお願いいたします。", "%a32", "nja"),
    ("ja-en-mixed-jenkins-token", "Jenkinsのtoken: <<S>> （ビルドサーバ<<h_jenkins>>用）", "11%h32", "h_jenkins"),
    ("zhtw-admin-password-sentence", "授權伺服器 <<h_lic>> 的管理員密碼是 <<S>>", "%p", "h_lic"),
    ("zhtw-line-chat-wifi", "<<nzh>>：量測室 Wi-Fi 密碼 <<S>>", "%p", "nzh"),
    ("zhtw-handover-fullwidth-comma", "交接：MES 資料庫帳號 mes_ro，密碼：<<S>>", "%p", "=mes_ro"),
    ("zhtw-gitlab-token-warning", "GitLab 存取權杖：<<S>>，請勿外流", "glpat-%B20", "=GitLab"),
    ("zhtw-hsm-pin-ma", "HSM 使用者 PIN 碼為 <<S>>", "%d8", "=HSM"),
    ("zhtw-remote-jtag-password", "遠端 JTAG 伺服器密碼：<<S>>（<<h_jtag>>）", "%a12", "h_jtag"),
    ("zhtw-eap-login-fab", "機台 EAP 登入 eap / <<S>>（<<site>> 廠 <<tool>>）", "%s14", "tool"),
    ("zhtw-email-account-password", "您好，\n晶圓測試平台帳號：<<user>>\n密碼：<<S>>\n請於首次登入後變更。", "%p", "user"),
    ("he-license-server-password", "הסיסמה לשרת הרישיונות <<h_lic>> היא <<S>>", "%p", "h_lic"),
    ("he-chat-lab-wifi", "<<nhe>>: הסיסמה לוויפי במעבדה: <<S>>", "%p", "nhe"),
    ("he-shift-handover-user-pass", "העברת משמרת: משתמש tester, סיסמה <<S>>", "%p", "=tester"),
    ("he-token-pin-code", "קוד PIN של הטוקן: <<S>>", "%d8", "=PIN"),
    ("he-vendor-api-token", "הטוקן ל-API של הספק: <<S>>", "%a40", "=API"),
    ("he-rtl-label-do-not-share", "סיסמה: <<S>> (לא לשתף)", "%p", "=לא לשתף"),
    ("he-email-api-key", "שלום <<nhe>>,\nמפתח API לפורטל ה-PCB: <<S>>\nתודה", "%h32", "nhe"),
    ("en-decision-log-shared-secret", "DECISION <<date>>: fpga-farm webhooks are signed with shared secret <<S>>; verify HMAC-SHA256 on receipt.", "%h40", "date"),
    ("en-note-jtag-response-key", "i.MX secure JTAG response key for the <<proj>> boards is <<S>> (56-bit, fused on rev B)", "0x%H14", "proj"),
    ("en-note-vnc-password-scope", "VNC to the Tek MSO on <<ip>> - password <<S>>", "%a8", "ip"),
    ("en-chat-emoji-wrapped", "<<name>>: 🔑 <<S>> 🔑 (that's the new recipe-server pw, don't lose it)", "%p", "name"),
    ("en-note-ssh-key-passphrase", "ssh key for the bring-up board has passphrase <<S>>, key is on the shared drive under /bringup/keys", "%P", "=/bringup/keys"),
    ("en-note-split-across-lines", "new api key (wrapped by the chat client):\n<<S>>", "%a30\n%a20", "=new api key"),
    ("en-note-sql-password-reset", "Reset yield_ro on <<h_db>> to <<S>> per <<ticket>>.", "%p", "ticket"),
]


_CI = [
    ("gha-workflow-env-inline", "jobs:\n  synth:\n    runs-on: [self-hosted, vivado]\n    env:\n      XILINXD_LICENSE_FILE: 2100@<<h_lic>>\n      NEXUS_PASSWORD: <<S>>", "%a20", "h_lic"),
    ("gha-run-step-curl-user", "      - name: upload bitstream\n        run: curl -sf -u ci:<<S>> -T build/top.bit https://<<h_art>>/fpga/<<proj>>/", "%p", "proj"),
    ("gitlab-ci-variables-block", "variables:\n  LM_LICENSE_FILE: \"27020@<<h_lic>>\"\n  LIC_PROXY_TOKEN: \"<<S>>\"", "%a32", "h_lic"),
    ("gitlab-script-docker-login-p", "build-image:\n  script:\n    - docker login -u ci-bot -p <<S>> <<h_nexus>>:8443\n    - docker build -t <<h_nexus>>:8443/eda/flow:$CI_COMMIT_SHORT_SHA .", "%a24", "h_nexus"),
    ("jenkinsfile-environment-block", "pipeline {\n  agent { label 'lsf' }\n  environment {\n    MES_USER = 'svc_mes'\n    MES_PASS = '<<S>>'\n  }", "%p", "=svc_mes"),
    ("jenkinsfile-sh-sshpass-scp", "stage('deploy') {\n  steps {\n    sh \"sshpass -p '<<S>>' scp build/<<proj>>.stdf ate@<<h_stdf>>:/incoming/\"\n  }\n}", "%p", "h_stdf"),
    ("jenkins-console-jfrog-header", "[Pipeline] sh\n+ curl -sf -H 'X-JFrog-Art-Api: <<S>>' -T <<proj>>_ip.zip https://<<h_art>>/artifactory/fpga-ip/", "AKCp%a69", "h_art"),
    ("gha-log-unmasked-token-arg", "Run ./scripts/publish.sh --token <<S>>\n  ./scripts/publish.sh --token <<S>>\n  shell: /usr/bin/bash -e {0}", "%a40", "=shell: /usr/bin/bash"),
    ("azure-pipelines-variable-value", "variables:\n- name: sqlUser\n  value: yld_deploy\n- name: sqlPassword\n  value: '<<S>>'", "%p", "=yld_deploy"),
    ("circleci-docker-env-postgres", "    docker:\n      - image: cimg/python:3.12\n      - image: cimg/postgres:16.2\n        environment:\n          POSTGRES_PASSWORD: <<S>>", "%a16", "=cimg/postgres:16.2"),
    ("bitbucket-pipe-variables-password", "- pipe: atlassian/scp-deploy:1.4.0\n  variables:\n    USER: ate\n    SERVER: <<h_ate>>\n    PASSWORD: '<<S>>'", "%p", "h_ate"),
    ("drone-plugin-settings-password", "- name: publish\n  image: plugins/docker\n  settings:\n    registry: <<h_nexus>>\n    username: drone\n    password: <<S>>", "%a20", "h_nexus"),
    ("compose-environment-list-item", "services:\n  mes-db:\n    image: mysql:8.0\n    environment:\n      - MYSQL_ROOT_PASSWORD=<<S>>\n      - MYSQL_DATABASE=mes", "%p", "=MYSQL_DATABASE=mes"),
    ("dockerfile-env-instruction", "FROM python:3.12-slim\nENV RECIPE_API_URL=https://<<h_rcp>>/api \\\n    RECIPE_API_KEY=<<S>>", "%h40", "h_rcp"),
    ("dockerfile-arg-default-index-url", "ARG PIP_EXTRA_INDEX_URL=https://ci:<<S>>@<<h_nexus>>/repository/pypi-eda/simple\nRUN pip install eda-flowlib", "%a20", "h_nexus"),
    ("dockerfile-run-echo-netrc", "RUN echo \"machine <<h_git>> login ci-bot password <<S>>\" > /root/.netrc && \\\n    pip install git+https://<<h_git>>/eda/pdk-utils.git", "%a24", "h_git"),
    ("k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: lic-proxy\n  namespace: <<ns>>\ntype: Opaque\nstringData:\n  password: <<S>>", "%s20", "ns"),
    ("k8s-secret-data-token-base64", "kind: Secret\nmetadata:\n  name: yieldhub-api\ndata:\n  token: <<S>>", "%b44", "=yieldhub-api"),
    ("k8s-deployment-env-value-quoted", "        env:\n        - name: DB_USER\n          value: wm\n        - name: DB_PASSWORD\n          value: \"<<S>>\"", "%p", "=DB_USER"),
    ("helm-values-postgres-password", "postgresql:\n  enabled: true\n  auth:\n    username: wafermap\n    postgresPassword: <<S>>\n    database: wafermap", "%a22", "=username: wafermap"),
    ("terraform-tfvars-assignment", "region      = \"<<region>>\"\ndb_username = \"mesadmin\"\ndb_password = \"<<S>>\"", "%s20", "region"),
    ("terraform-vault-provider-token", "provider \"vault\" {\n  address = \"https://<<h_vault>>:8200\"\n  token   = \"<<S>>\"\n}", "hvs.CAESI%B86", "h_vault"),
    ("terraform-db-instance-password", "resource \"aws_db_instance\" \"yield\" {\n  engine         = \"postgres\"\n  username       = \"yieldadmin\"\n  password       = \"<<S>>\"\n}", "%p", "=yieldadmin"),
    ("ansible-password-hash-filter", "- name: create tester account\n  ansible.builtin.user:\n    name: tester\n    password: \"{{ '<<S>>' | password_hash('sha512') }}\"", "%p", "=create tester account"),
    ("ansible-vault-password-process-sub", "ansible-playbook site.yml --vault-password-file <(echo <<S>>) -l <<tester>>", "%P", "tester"),
    ("packer-hcl-ssh-password", "source \"vsphere-iso\" \"ate-win\" {\n  communicator = \"winrm\"\n  winrm_username = \"Administrator\"\n  winrm_password = \"<<S>>\"\n}", "%p", "=winrm_username"),
    ("vagrantfile-ssh-password", "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"centos/7\"\n  config.ssh.username = \"eda\"\n  config.ssh.password = \"<<S>>\"\nend", "%p", "=centos/7"),
    ("cloud-init-chpasswd-list", "#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    tester:<<S>>", "%p", "=#cloud-config"),
    ("kickstart-rootpw-plaintext", "lang en_US.UTF-8\nkeyboard us\nrootpw --plaintext <<S>>\ntimezone Asia/Seoul", "%p", "=timezone Asia/Seoul"),
    ("debian-preseed-root-password", "d-i passwd/root-login boolean true\nd-i passwd/root-password password <<S>>\nd-i passwd/root-password-again password <<S>>", "%p", "=passwd/root-login"),
    ("windows-unattend-admin-password", "<UserAccounts>\n  <AdministratorPassword>\n    <Value><<S>></Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>", "%p", "=UserAccounts"),
    ("salt-pillar-sls", "mes:\n  db_host: <<h_ora>>\n  db_user: mes_rw\n  db_pass: <<S>>", "%p", "h_ora"),
    ("puppet-hiera-class-param", "profile::flexlm::admin_user: 'admin'\nprofile::flexlm::admin_password: '<<S>>'", "%p", "=profile::flexlm::admin_user"),
    ("argocd-repository-secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://<<h_git>>/infra/fab-apps.git\n  username: argocd\n  password: <<S>>", "glpat-%B20", "h_git"),
    ("gha-docker-login-action-with", "      - uses: docker/login-action@v3\n        with:\n          registry: <<h_nexus>>\n          username: ci\n          password: <<S>>", "%a24", "h_nexus"),
    ("gha-log-group-docker-login", "##[group]Run docker login -u ci -p <<S>> <<h_nexus>>\ndocker login -u ci -p <<S>> <<h_nexus>>\n##[endgroup]\nWARNING! Using --password via the CLI is insecure.", "%a24", "h_nexus"),
    ("gitlab-job-log-export-echo", "$ export SNPS_CLOUD_TOKEN=<<S>>\n$ snps-cloud submit --flow primetime --design <<proj>>", "%B40", "proj"),
    ("jenkins-groovy-credentials-ctor", "def c = new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL, \"nexus-ci\", \"nexus deploy\", \"ci\", \"<<S>>\")\nstore.addCredentials(Domain.global(), c)", "%p", "=nexus-ci"),
    ("teamcity-kotlin-param", "params {\n    param(\"env.MES_USER\", \"svc_mes\")\n    param(\"env.MES_PASS\", \"<<S>>\")\n}", "%p", "=env.MES_USER"),
    ("makefile-deploy-target-curl", "deploy: $(BIT)\n\tcurl -T $(BIT) -u fpga:<<S>> https://<<h_art>>/fpga-bitstreams/$(notdir $(BIT))", "%a16", "h_art"),
    ("fpga-farm-job-yaml", "board: vcu118-<<nn>>\nhw_server: <<h_farm>>:3121\nhw_server_password: <<S>>\nbitstream: build/<<proj>>.bit", "%a12", "h_farm"),
    ("systemd-unit-environment-line", "[Service]\nEnvironment=\"LM_LICENSE_FILE=27020@<<h_lic>>\"\nEnvironment=\"LM_ADMIN_PASS=<<S>>\"\nExecStart=/opt/flexnet/lmadmin -allowStopServer no", "%p", "h_lic"),
    ("supervisor-program-environment", "[program:eap_bridge]\ncommand=/opt/eap/bin/bridge --tool <<tool>>\nenvironment=EAP_USER=\"eap\",EAP_PASS=\"<<S>>\"", "%s14", "tool"),
    ("crontab-line-dash-p", "0 2 * * * /opt/yield/bin/stdf_sync.sh -u yld_w -p <<S>> >> /var/log/stdf_sync.log 2>&1", "%p", "=/var/log/stdf_sync.log"),
    ("ci-var-indented-openssh-key", "DEPLOY_KEY: |\n  -----BEGIN OPENSSH PRIVATE KEY-----\n  <<S>>\n  -----END OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n  %b70\n  %b70\n  %b40", "=DEPLOY_KEY"),
    ("nomad-job-env-stanza", "task \"uploader\" {\n  driver = \"docker\"\n  env {\n    STDF_DB_PASS = \"<<S>>\"\n  }\n}", "%p", "=uploader"),
    ("docker-run-e-flag", "docker run -d --name mes-db -e POSTGRES_PASSWORD=<<S>> -p 5432:5432 postgres:16", "%a20", "=mes-db"),
    ("docker-build-arg-npm-token", "docker build --build-arg NPM_TOKEN=<<S>> -t wafermap-ui:<<ver>> .", "npm_%a36", "ver"),
    ("pulumi-stack-config-plaintext", "config:\n  aws:region: <<region>>\n  fab:dbUser: mesadmin\n  fab:dbPassword: <<S>>", "%p", "region"),
    ("gha-log-base64-echo-bypass", "Run echo \"$NEXUS_TOKEN\" | base64 -w0\n  echo \"$NEXUS_TOKEN\" | base64 -w0\n  shell: /usr/bin/bash -e {0}\n<<S>>", "%b44", "=NEXUS_TOKEN"),
    ("gitlab-include-remote-private-token", "include:\n  - remote: 'https://<<h_git>>/api/v4/projects/42/repository/files/ci%2Fvivado.yml/raw?ref=main&private_token=<<S>>'", "glpat-%B20", "h_git"),
    ("renovate-hostrules-token", "{\n  \"hostRules\": [\n    { \"matchHost\": \"<<h_git>>\", \"token\": \"<<S>>\" }\n  ]\n}", "glpat-%B20", "h_git"),
    ("dependabot-registry-password", "registries:\n  nexus-pypi:\n    type: python-index\n    url: https://<<h_nexus>>/repository/pypi/simple\n    username: dependabot\n    password: <<S>>", "%a20", "h_nexus"),
    ("sonar-project-login-prop", "sonar.projectKey=<<proj>>-fw\nsonar.host.url=https://<<h_ci>>\nsonar.login=<<S>>", "squ_%h40", "h_ci"),
    ("mvn-deploy-d-password", "mvn -B deploy -DaltDeploymentRepository=fab::default::https://<<h_nexus>>/repository/maven-releases -Dnexus.user=ci -Dnexus.password=<<S>>", "%p", "h_nexus"),
    ("gradle-properties-artifactory", "artifactoryUrl=https://<<h_art>>/artifactory\nartifactoryUser=ci\nartifactoryPassword=<<S>>", "AKCp%a69", "h_art"),
    ("twine-upload-u-p", "twine upload --repository-url https://<<h_nexus>>/repository/pypi-internal/ -u ci -p <<S>> dist/*", "%p", "h_nexus"),
    ("lsf-bsub-env-option", "bsub -q eda_long -n 16 -env \"all, MES_PW=<<S>>\" ./run_sta.sh <<proj>>", "%p", "proj"),
    ("codebuild-buildspec-variables", "version: 0.2\nenv:\n  variables:\n    DB_USER: mesadmin\n    DB_PASS: \"<<S>>\"", "%p", "=version: 0.2"),
    ("cloudbuild-substitution-key", "substitutions:\n  _PARTS_API_KEY: <<S>>\n  _REGION: asia-east1", "%a32", "=_REGION"),
    ("env-production-file-deploy", "# .env.production (copied to <<h_wafermap>>)\nNODE_ENV=production\nSESSION_SECRET=<<S>>", "%h64", "h_wafermap"),
    ("compose-healthcheck-mysqladmin", "    healthcheck:\n      test: [\"CMD\", \"mysqladmin\", \"ping\", \"-uroot\", \"-p<<S>>\"]\n      interval: 10s", "%p", "=interval: 10s"),
    ("k8s-exec-probe-redis-cli", "        livenessProbe:\n          exec:\n            command: [\"sh\", \"-c\", \"redis-cli -a <<S>> ping\"]", "%a24", "=livenessProbe"),
    ("k8s-dockerconfigjson-data", "type: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: <<S>>", "eyJhdXRocyI6eyJ%b120=", "=kubernetes.io/dockerconfigjson"),
    ("gha-dispatch-input-default-token", "on:\n  workflow_dispatch:\n    inputs:\n      token:\n        description: 'lic proxy token'\n        default: '<<S>>'", "%a32", "=lic proxy token"),
    ("quartus-pgm-ci-step-addserver", "- name: program board\n  run: |\n    jtagconfig --addserver <<h_jtag>> <<S>>\n    quartus_pgm -c \"USB-BlasterII on <<h_jtag>> [1-3]\" -m jtag -o \"p;out/<<proj>>.sof\"", "%a12", "h_jtag"),
]


_VT = [
    ("aws-secret-next-to-key-id", "AWS_ACCESS_KEY_ID=<<aki>>\nAWS_SECRET_ACCESS_KEY=<<S>>\nAWS_DEFAULT_REGION=<<region>>", "%b40", "aki"),
    ("github-classic-pat", "git remote set-url origin https://<<user>>:<<S>>@github.com/<<org>>/<<proj>>-fw.git", "ghp_%a36", "user"),
    ("github-oauth-token-hosts-yml", "github.com:\n    user: <<user>>\n    oauth_token: <<S>>\n    git_protocol: https", "gho_%a36", "user"),
    ("github-fine-grained-pat", "GH_TOKEN=<<S>> gh release create v<<ver>> build/*.bit", "github_pat_11%u9%a11_%a59", "ver"),
    ("github-app-installation-token", "Authorization: token <<S>>", "ghs_%a36", "=Authorization: token"),
    ("github-refresh-token-json", "{\"access_token\":\"ghu_<<=%a36>>\",\"refresh_token\":\"<<S>>\",\"expires_in\":28800}", "ghr_%a76", "=expires_in"),
    ("gitlab-personal-access-token", "GITLAB_TOKEN=<<S>> glab mr list -R asic/<<proj>>", "glpat-%B20", "proj"),
    ("gitlab-runner-auth-token-toml", "[[runners]]\n  name = \"vivado-runner-<<nn>>\"\n  url = \"https://<<h_git>>\"\n  token = \"<<S>>\"\n  executor = \"shell\"", "glrt-%B20", "h_git"),
    ("gitlab-deploy-token", "helm repo add pdk https://<<h_git>>/api/v4/projects/<<n>>/packages/helm/stable --username gitlab+deploy-token-<<n>> --password <<S>>", "gldt-%B20", "h_git"),
    ("slack-bot-token", "SLACK_BOT_TOKEN=<<S>>  # #fab-excursions alerts", "xoxb-%d12-%d13-%a24", "=#fab-excursions"),
    ("slack-user-token", "slack_sdk.WebClient(token=\"<<S>>\").chat_postMessage(channel=\"#tapeout\", text=msg)", "xoxp-%d12-%d12-%d13-%h32", "=#tapeout"),
    ("slack-webhook-url-secret-part", "WEBHOOK=https://hooks.slack.com/services/T<<=%U10>>/B<<=%U10>>/<<S>>", "%a24", "=hooks.slack.com"),
    ("discord-webhook-token-part", "https://discord.com/api/webhooks/<<=%d19>>/<<S>>", "%B68", "=discord.com/api/webhooks"),
    ("stripe-live-secret-key", "stripe.api_key = \"<<S>>\"  # pcb sample-order checkout", "sk_live_51%a22%a74", "=pcb sample-order checkout"),
    ("stripe-restricted-key", "STRIPE_RK=<<S>>", "rk_live_51%a96", "=STRIPE_RK"),
    ("google-api-key-aiza", "<script src=\"https://maps.googleapis.com/maps/api/js?key=<<S>>&callback=initFabMap\"></script>", "AIza%B35", "=initFabMap"),
    ("google-oauth-client-secret-gocspx", "{\"installed\":{\"client_id\":\"<<=%d12>>-<<=%l32>>.apps.googleusercontent.com\",\"client_secret\":\"<<S>>\"}}", "GOCSPX-%B28", "=apps.googleusercontent.com"),
    ("google-refresh-token-1slash", "refresh_token: <<S>>", "1//0%B8-%B60", "=refresh_token"),
    ("gcp-sa-json-escaped-private-key", "{\n  \"type\": \"service_account\",\n  \"client_email\": \"yield-ml@<<org>>.iam.gserviceaccount.com\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n<<S>>\\n-----END PRIVATE KEY-----\\n\"\n}", "MIIEvgIBADANBgkqhkiG9w0BAQEFAASC%b32\\n%b64\\n%b64\\n%b64\\n%b40==", "=service_account"),
    ("openai-project-key", "OPENAI_API_KEY=<<S>>", "sk-proj-%B74T3BlbkFJ%B74", "=OPENAI_API_KEY"),
    ("anthropic-api-key", "export ANTHROPIC_API_KEY=\"<<S>>\"", "sk-ant-api03-%B93AA", "=ANTHROPIC_API_KEY"),
    ("huggingface-user-token", "huggingface-cli login --token <<S>>", "hf_%U2%a32", "=huggingface-cli login"),
    ("npm-automation-token", "//registry.npmjs.org/:_authToken=<<S>>", "npm_%a36", "=registry.npmjs.org"),
    ("pypi-api-token", "[pypi]\n  username = __token__\n  password = <<S>>", "pypi-AgEIcHlwaS5vcmc%B150", "=__token__"),
    ("docker-hub-pat", "echo <<S>> | docker login -u <<user>> --password-stdin", "dckr_pat_%B27", "user"),
    ("jfrog-reference-token", "JFROG_ACCESS_TOKEN=<<S>>", "cmVmdGtuOjAxOj%a50", "=JFROG_ACCESS_TOKEN"),
    ("vault-batch-token", "X-Vault-Token: <<S>>", "hvb.AAAAAQ%B130", "=X-Vault-Token"),
    ("terraform-cloud-atlasv1", "credentials \"app.terraform.io\" {\n  token = \"<<S>>\"\n}", "%a14.atlasv1.%a67", "=app.terraform.io"),
    ("azure-storage-account-key-connstr", "DefaultEndpointsProtocol=https;AccountName=<<=%L8>>wafer;AccountKey=<<S>>;EndpointSuffix=core.windows.net", "%b86==", "=EndpointSuffix=core.windows.net"),
    ("azure-sas-url-signature", "https://<<=%L8>>stdf.blob.core.windows.net/stdf/<<lot>>.stdf?sv=2022-11-02&ss=b&srt=o&sp=rwl&se=<<date>>T00:00:00Z&spr=https&sig=<<S>>", "%a30%%2B%a8%%2F%a2%%3D", "lot"),
    ("azure-devops-pat", "git clone https://pat:<<S>>@dev.azure.com/<<org>>/Firmware/_git/bootrom", "%z52", "=dev.azure.com"),
    ("azure-ad-client-secret-json", "{\n  \"tenantId\": \"<<uuid>>\",\n  \"clientId\": \"<<uuid2>>\",\n  \"clientSecret\": \"<<S>>\"\n}", "%a3%d1Q~%B34", "uuid2"),
    ("sendgrid-api-key", "SENDGRID_API_KEY='<<S>>'", "SG.%B22.%B43", "=SENDGRID_API_KEY"),
    ("mailgun-legacy-key", "requests.post(url, auth=(\"api\", \"<<S>>\"), data=msg)", "key-%h32", "=auth=(\"api\""),
    ("twilio-auth-token-with-sid", "TWILIO_ACCOUNT_SID=<<sid=AC%h32>>\nTWILIO_AUTH_TOKEN=<<S>>", "%h32", "sid"),
    ("twilio-api-key-secret", "client = Client(\"<<kid=SK%h32>>\", \"<<S>>\", account_sid)", "%a32", "kid"),
    ("digitalocean-pat", "doctl auth init -t <<S>>", "dop_v1_%h64", "=doctl auth init"),
    ("shopify-admin-token", "X-Shopify-Access-Token: <<S>>", "shpat_%h32", "=X-Shopify-Access-Token"),
    ("atlassian-cloud-api-token", "curl -u <<email>>:<<S>> https://<<org>>.atlassian.net/rest/api/3/issue/<<ticket>>", "ATATT3xFfGF0%B180=%H8", "ticket"),
    ("bitbucket-app-password", "BITBUCKET_APP_PASSWORD=<<S>>", "ATBB%a28%H8", "=BITBUCKET_APP_PASSWORD"),
    ("linear-api-key", "LINEAR_API_KEY=<<S>>", "lin_api_%a40", "=LINEAR_API_KEY"),
    ("notion-integration-token", "notion = Client(auth=\"<<S>>\")", "ntn_%d11%a35", "=notion = Client"),
    ("figma-personal-token", "X-Figma-Token: <<S>>", "figd_%B40", "=X-Figma-Token"),
    ("postman-api-key", "postman login --with-api-key <<S>>", "PMAK-%h24-%h34", "=postman login"),
    ("sentry-org-auth-token", "SENTRY_AUTH_TOKEN=<<S>>", "sntrys_eyJpYXQiOjE3%a90_%a43", "=SENTRY_AUTH_TOKEN"),
    ("grafana-service-account-token", "Authorization: Bearer <<S>>\nHost: <<h_grafana>>", "glsa_%a32_%h8", "h_grafana"),
    ("grafana-cloud-access-policy-token", "GRAFANA_CLOUD_TOKEN=<<S>>", "glc_eyJvIjoi%a100=", "=GRAFANA_CLOUD_TOKEN"),
    ("newrelic-user-api-key", "NEW_RELIC_API_KEY=<<S>>", "NRAK-%U27", "=NEW_RELIC_API_KEY"),
    ("datadog-api-and-app-key", "DD_SITE=datadoghq.eu\nDD_API_KEY=<<S>>", "%h32", "=DD_SITE=datadoghq.eu"),
    ("okta-ssws-token", "Authorization: SSWS <<S>>", "00%B40", "=Authorization: SSWS"),
    ("cloudflare-api-token-unprefixed", "CLOUDFLARE_API_TOKEN=<<S>>", "%B40", "=CLOUDFLARE_API_TOKEN"),
    ("doppler-service-token", "DOPPLER_TOKEN=<<S>> doppler run -- ./start_mes_bridge.sh", "dp.st.prd.%a40", "=start_mes_bridge.sh"),
    ("pulumi-access-token", "PULUMI_ACCESS_TOKEN=<<S>>", "pul-%h40", "=PULUMI_ACCESS_TOKEN"),
    ("flyio-deploy-token", "flyctl deploy --access-token <<S>>", "fo1_%B43", "=flyctl deploy"),
    ("supabase-access-token", "supabase login --token <<S>>", "sbp_%h40", "=supabase login"),
    ("replicate-api-token", "REPLICATE_API_TOKEN=<<S>>", "r8_%a37", "=REPLICATE_API_TOKEN"),
    ("groq-api-key", "client = Groq(api_key=\"<<S>>\")", "gsk_%a52", "=Groq("),
    ("telegram-bot-token", "https://api.telegram.org/bot<<S>>/sendMessage?chat_id=-100<<=%d10>>&text=lot+hold", "%d10:AA%B33", "=sendMessage"),
    ("discord-bot-token", "client.run(\"<<S>>\")", "M%B25.%B6.%B38", "=client.run"),
    ("mapbox-secret-token", "MAPBOX_DOWNLOADS_TOKEN=<<S>>", "sk.eyJ1IjoiZmFi%a60.%B22", "=MAPBOX_DOWNLOADS_TOKEN"),
    ("age-secret-key", "# created: <<ts>>\n# public key: age1<<=%G58>>\n<<S>>", "AGE-SECRET-KEY-1%g58", "=# public key"),
    ("tailscale-auth-key", "tailscale up --authkey=<<S>> --hostname=<<tester>>", "tskey-auth-k%a11-%a32", "tester"),
    ("buildkite-agent-token", "BUILDKITE_AGENT_TOKEN=<<S>>", "bkua_%h40", "=BUILDKITE_AGENT_TOKEN"),
    ("circleci-personal-token", "curl -H \"Circle-Token: <<S>>\" https://circleci.com/api/v2/me", "CCIPAT_%a22_%h40", "=circleci.com/api/v2/me"),
    ("snyk-token-uuid-shape", "SNYK_TOKEN=<<S>> snyk test --all-projects", "%h8-%h4-%h4-%h4-%h12", "=snyk test"),
    ("contentful-cma-token", "CONTENTFUL_MANAGEMENT_TOKEN=<<S>>", "CFPAT-%B43", "=CONTENTFUL_MANAGEMENT_TOKEN"),
    ("rubygems-api-key", ":rubygems_api_key: <<S>>", "rubygems_%h48", "=:rubygems_api_key:"),
    ("nuget-api-key", "dotnet nuget push bin/Release/Fab.Instruments.<<ver>>.nupkg --api-key <<S>> --source https://api.nuget.org/v3/index.json", "oy2%l43", "ver"),
    ("alibaba-accesskey-secret", "accessKeyId: <<kid=LTAI%a20>>\naccessKeySecret: <<S>>", "%a30", "kid"),
    ("tencent-cloud-secretkey", "TENCENTCLOUD_SECRET_ID=<<kid=AKID%a32>>\nTENCENTCLOUD_SECRET_KEY=<<S>>", "%a32", "kid"),
    ("naver-cloud-secret-key", "NCLOUD_ACCESS_KEY=<<kid=ncp_iam_%a20>>\nNCLOUD_SECRET_KEY=<<S>>", "ncp_iam_%a40", "kid"),
    ("line-channel-access-token", "LINE_CHANNEL_ACCESS_TOKEN=<<S>>", "%b171=", "=LINE_CHANNEL_ACCESS_TOKEN"),
    ("kakao-rest-api-key", "Authorization: KakaoAK <<S>>", "%h32", "=Authorization: KakaoAK"),
    ("jenkins-user-api-token", "curl -X POST -u <<user>>:<<S>> https://<<h_jenkins>>/job/<<proj>>-nightly/build", "11%h32", "h_jenkins"),
    ("jira-dc-personal-access-token", "Authorization: Bearer <<S>>\nX-Atlassian-Token: no-check", "Nz%a42", "=X-Atlassian-Token"),
    ("firebase-fcm-server-key", "Authorization: key=<<S>>", "AAAA%B7:APA91b%B134", "=Authorization: key"),
    ("square-access-token", "SQUARE_ACCESS_TOKEN=<<S>>", "EAAA%B60", "=SQUARE_ACCESS_TOKEN"),
    ("planetscale-service-token", "PLANETSCALE_SERVICE_TOKEN=<<S>>", "pscale_tkn_%B43", "=PLANETSCALE_SERVICE_TOKEN"),
    ("heroku-api-key-hrku", "HEROKU_API_KEY=<<S>>", "HRKU-AA%B58", "=HEROKU_API_KEY"),
    ("coverity-auth-key-file", "{\"type\":\"auth-key\",\"user\":\"<<user>>\",\"key\":\"<<S>>\",\"server\":\"<<h_ci>>\"}", "%B120", "user"),
    ("blackduck-api-token", "BLACKDUCK_API_TOKEN=<<S>>", "%b86==", "=BLACKDUCK_API_TOKEN"),
    ("octopart-legacy-short-apikey", "https://octopart.com/api/v3/parts/match?apikey=<<S>>&queries=[{\"mpn\":\"<<=%U3>><<=%d4>>\"}]", "%h8", "=octopart.com"),
    ("vercel-token-flag", "vercel deploy --prod --token <<S>>", "%a24", "=vercel deploy"),
]


_PLAIN = ["wafer map export complete", "lot moved to final test", "probe card PC-114 needs cleaning",
          "retest bin 7 after handler jam", "recipe ETCH_POLY approved by PE", "timing met at 1.2 GHz",
          "DRC clean except density waivers", "tapeout checklist signed off", "burn-in oven 3 alarm cleared",
          "bitstream built from main", "instrument calibration due next month", "yield report for week 12",
          "shift handover: nothing open", "scope screenshot attached", "LVS passed on second run",
          "hold released by QA", "ATE program rev C loaded", "JTAG chain shows 2 devices"]
_POOLS["b64txt"] = lambda: _b64s(_c(_PLAIN))
_POOLS["plain"] = lambda: _c(_PLAIN)
_POOLS["sha256"] = lambda: _rs(_ALPH["h"], 64)
_POOLS["md5"] = lambda: _rs(_ALPH["h"], 32)
_POOLS["sshpub"] = lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _rs(_ALPH["b"], 43)
_POOLS["fp"] = lambda: "SHA256:" + _rs(_ALPH["b"], 43)
_POOLS["gpgfp"] = lambda: " ".join(_rs(_ALPH["H"], 4) for _ in range(10))
_POOLS["mac"] = lambda: _rs(_ALPH["h"], 12)
_POOLS["part"] = lambda: _c(["XCVU9P-2FLGA2104E", "XCZU9EG-2FFVB1156I", "10AX115S2F45I1SG",
                            "AGFB014R24B2E2V", "MPF300TS-1FCG1152I", "LFE5U-85F-8BG381C",
                            "XC7A200T-2FBG676C", "5CSEMA5F31C6N", "M2S150TS-1FCG1152",
                            "STM32H563ZIT6", "MIMXRT1176DVMAA", "ESP32-S3-WROOM-1-N16R8"])
_POOLS["feat"] = lambda: _c(["VCSRuntime_Net", "Virtuoso_Schematic_Editor_XL", "Spectre_APS",
                            "calibre_drc", "calibre_lvs", "Design_Compiler", "PrimeTime",
                            "Xcelium_Single_Core", "Innovus_Impl_System", "ICCompilerII",
                            "Vivado_HLS", "Questa_Prime", "Tessent_Shell", "Allegro_PCB_Designer"])

_BEN = [
    "commit <<sha>>\nAuthor: <<name>> <<<email>>>\nDate:   <<date>>\n\n    <<plain>>",
    "HEAD is now at <<short>> fix hold-time violation on <<proj>> core clock",
    "Merge: <<short>> <<short2>>",
    " <<sha>> pdk/<<proj>> (v<<ver>>)",
    "git bisect: first bad commit is <<sha>>",
    "Cherry-picked <<short>> onto release/<<proj>>",
    "<<sha256>>  Xilinx_Unified_2023.2_1013_2256.tar.gz",
    "<<md5>>  <<proj>>_top.gds.gz",
    "sha256sum: <<sha256>> *quartus-<<ver>>-linux.run",
    "Bitstream CRC: 0x<<=%H8>> (matches golden)",
    "SOF checksum 0x<<=%H8>>, JIC checksum 0x<<=%H8>>",
    "Run ID: <<uuid>>  status=PASSED  design=<<proj>>",
    "metadata.uid: <<uuid>>",
    "Altium project GUID {<<=%H8>>-<<=%H4>>-<<=%H4>>-<<=%H4>>-<<=%H12>>}",
    "traceparent: 00-<<=%h32>>-<<=%h16>>-01",
    "X-Request-ID: <<uuid>>",
    "x-amzn-trace-id: Root=1-<<=%h8>>-<<=%h24>>",
    "span_id=<<=%h16>> trace_id=<<=%h32>> service=mes-gateway",
    "<<sshpub>> <<user>>@<<site>>-bringup",
    "Host key fingerprint is <<fp>>",
    "ED25519 key fingerprint is <<fp>>.",
    "gpg: using RSA key <<=%H40>>",
    "Primary key fingerprint: <<gpgfp>>",
    "pub   rsa4096/0x<<=%H16>> <<date>> [SC]\n      Key fingerprint = <<gpgfp>>\nuid   <<org>> Release Signing <release@<<org>>.internal>",
    "SHA1 Fingerprint=<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE<<=%b28>>\n<<=%b56>>==\n-----END PUBLIC KEY-----",
    "SRK_HASH[0..7] = 0x<<=%H8>> 0x<<=%H8>> 0x<<=%H8>> 0x<<=%H8>> 0x<<=%H8>> 0x<<=%H8>> 0x<<=%H8>> 0x<<=%H8>>",
    "PPK0 hash programmed: <<sha256>>",
    "root of trust public key hash (ROTPK): <<sha256>>",
    "kid: <<=%h16>>  alg: ES256  use: sig  (public JWK)",
    "KMS key id: arn:aws:kms:<<region>>:<<acct>>:key/<<uuid>>",
    "password: <your-password-here>",
    "MES_DB_PASSWORD=${MES_DB_PASSWORD}",
    "export LIC_ADMIN_PASS=\"$(cat /run/secrets/lic_admin_pass)\"",
    "password: \"{{ vault_lmadmin_password }}\"",
    "set ATE_PASS=%ATE_PASS%",
    "db_password = var.db_password",
    "password: changeme   # template default, real value injected by Ansible from Vault",
    "PASSWORD=REPLACE_WITH_VAULT_VALUE",
    "token: <token>",
    "Authorization: Bearer <ACCESS_TOKEN>",
    "api_key = \"YOUR_API_KEY\"",
    "--password <pw>     password for the instrument web UI (see --help)",
    "client_secret: ${{ secrets.NEXAR_CLIENT_SECRET }}",
    "password: ${{ secrets.NEXUS_PASSWORD }}",
    "MES_PASS: $MES_PASS   # masked CI/CD variable",
    "password: ********",
    "DB password: ******** (hidden)",
    "token=***",
    "Authorization: Bearer ****",
    "AWS Secret Access Key [****************<<=%U4>>]:",
    "aws_access_key_id     ****************<<=%U4>> shared-credentials-file",
    "=> Send header: Authorization: Basic <redacted>",
    "Looking in indexes: https://deploy:****@<<h_nexus>>/repository/pypi-eda/simple",
    ".> transport:   amqp://eap:**@<<h_mqtt>>:5672//",
    "postgresql://yield_etl:***@<<h_pg>>:5432/yield",
    "GH_TOKEN=ghp_************************************",
    "token: glpat-xxxxxxxxxxxxxxxxxxxx (placeholder in README)",
    "valueFrom:\n  secretKeyRef:\n    name: mes-db\n    key: password",
    "vault kv get -field=password secret/eda/solvnet",
    "aws secretsmanager get-secret-value --secret-id fab/<<site>>/mes/db --query SecretString",
    "az keyvault secret show --vault-name kv-<<site>>-fab --name lmadmin-password --query value",
    "op://Lab/<<tester>>-operator/password",
    "credentialsId: 'nexus-ci'",
    "withCredentials([usernamePassword(credentialsId: 'mes-svc', usernameVariable: 'U', passwordVariable: 'P')])",
    "PKCS11_PIN_SOURCE=file:/etc/hsm/pin",
    "--password-file /etc/ate/db.pw",
    "pin-source=file:/run/secrets/hsm_pin",
    "keystore: file:/opt/mes/conf/mes-client.jks (password from MES_KEYSTORE_PASS)",
    "Secret 'lic-proxy' in namespace '<<ns>>' updated",
    "Credentials are stored in the Windows Credential Manager under target <<h_lab>>",
    "key file: keys/srk<<n>>_priv.pem (offline, in HSM room safe)",
    "Passwords must be at least 14 characters and rotated every 90 days.",
    "Never paste the HSM PIN in chat; use the sealed envelope procedure.",
    "Rotate the JTAG server password after each bring-up week.",
    "비밀번호는 90일마다 변경해야 합니다.",
    "비밀번호는 채팅에 올리지 마세요. Vault 경로만 공유하세요.",
    "パスワードは12文字以上で、英数字と記号を含めてください。",
    "パスワードはチャットに書かないでください。保管場所だけ共有してください。",
    "密碼須每 90 天更換一次，且不得與前五次相同。",
    "請勿在群組貼上密碼，請提供 Vault 路徑。",
    "הסיסמה חייבת לכלול לפחות 12 תווים.",
    "אין לשלוח סיסמאות בצ'אט, רק את הנתיב ב-Vault.",
    "payload: <<b64txt>>",
    "echo <<b64txt>> | base64 -d",
    "X-Comment: <<b64txt>>",
    "note_b64=\"<<b64txt>>\"",
    "/opt/cadence/installs/SPECTRE<<=%d2>>1/tools/bin/spectre",
    "C:\\intelFPGA_pro\\<<ver>>\\quartus\\bin64\\quartus_pgm.exe",
    "/tools/synopsys/vcs/U-2023.03-SP<<=%d1>>/bin/vcs",
    "/home/<<user>>/.ssh/id_ed25519.pub",
    "keys/fw_sign_p384.pem",
    "Vivado v2023.2 (64-bit)\nSW Build 4029153 on Fri Oct 13 20:13:54 MDT 2023",
    "Quartus Prime Shell\nVersion 23.4.0 Build 79 11/22/2023 SC Pro Edition",
    "Calibre v2023.4_16.9  Tue Oct 24 2023",
    "Libero SoC v2024.1 (Release v2024.1.0.3)",
    "Users of <<feat>>:  (Total of <<n>> licenses issued;  Total of <<n2>> licenses in use)",
    "SERVER <<h_lic>> <<mac>> 27020\nVENDOR snpslmd\nUSE_SERVER",
    "HOSTID=<<mac>>",
    "LM_LICENSE_FILE=27020@<<h_lic>>:27020@<<h_lic2>>",
    "RLM_LICENSE=5053@<<h_lic>>",
    "lmgrd -c /opt/flexlm/licenses/<<org>>.lic -l +/var/log/lmgrd.log",
    "KEYSIGHT TECHNOLOGIES,DSOX3034T,<<serial>>,07.50.2021102830",
    "Rohde&Schwarz,RTO2044,1332.<<=%d4>>K44/<<=%d6>>,5.10.1.0",
    "TCPIP0::<<ip>>::hislip0::INSTR",
    "USB0::0x2A8D::0x1301::<<serial>>::0::INSTR",
    "GPIB0::<<n>>::INSTR",
    "*IDN? -> TEKTRONIX,MSO64,C0<<=%d5>>,CF:91.1CT FV:1.40.2.1",
    "IDCODE 0x<<=%h8>> (device 1 of 2)",
    "Device DNA: 0x<<=%H15>>",
    "Found J-Link S/N <<jsn>> (V11), FW compiled Feb 20 2024",
    "Cortex-M33 r0p4, Little endian. DPIDR 0x<<=%h8>>",
    "efuse USER0 = 0x00000000, USER1 = 0x00000000",
    "Lot <<lot>> wafer <<n>> moved to <<area>>",
    "FOUP F<<=%d6>> at load port 2, <<tool>>",
    "STDF file <<lot>>_<<tester>>_<<date>>.stdf uploaded (<<n>> MB)",
    "S6F11 CEID=<<=%d4>> RPTID=<<=%d3>> from <<tool>>",
    "Recipe ETCH_POLY_v<<n>>_<<hex8>> downloaded to <<tool>>",
    "Reticle R<<=%d6>>-<<=%U2>> in stocker slot <<n>>",
    "ticket <<ticket>>: <<plain>>",
    "INC<<=%d7>> closed: <<plain>>",
    "Part number <<part>>, date code 24<<nn>>",
    "ordered 5 pcs <<part>> (Digi-Key <<=%d6>>-ND)",
    "image: <<h_nexus>>:8443/eda/flow@sha256:<<sha256>>",
    "\"integrity\": \"sha512-<<=%b86>>==\"",
    "github.com/<<org>>/scpi v<<ver>> h1:<<=%b43>>=",
    "<<=%h8>>-<<=%h4>>-<<=%h4>>-<<=%h4>>-<<=%h12>>.stdf",
    "PasswordAuthentication no",
    "password_min_length = 14",
    "if not password:\n    raise ValueError(\"password required\")",
    "echo \"$CI_REGISTRY_PASSWORD\" | docker login -u \"$CI_REGISTRY_USER\" --password-stdin \"$CI_REGISTRY\"",
    "def login(self, user: str, password: str) -> Session:",
    "Password:",
    "Enter PEM pass phrase:",
    "Enter HSM user PIN for slot 0:",
    "Access denied for user 'mes_ro'@'<<ip>>' (using password: YES)",
    "FATAL:  password authentication failed for user \"yield_etl\"",
    "authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost=<<ip>> user=tester",
    "Failed password for tester from <<ip>> port <<port>> ssh2",
    "AWS_ACCOUNT_ID=<<acct>>",
    "AZURE_CLIENT_ID=<<uuid>>",
    "AZURE_TENANT_ID=<<uuid>>",
    "client_id: <<cid>>  (public client, no secret)",
    "Wi-Fi SSID: LAB-INSTR-<<site>> (WPA2-Enterprise, use your AD login)",
    "snmp community is configured in Ansible vars (vault encrypted)",
    "X.509 serial: <<=%h2>>:<<=%h2>>:<<=%h2>>:<<=%h2>>:<<=%h2>>:<<=%h2>>:<<=%h2>>:<<=%h2>>",
    "Certificate thumbprint <<=%H40>>",
    "Subject Key Identifier: <<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>:<<=%H2>>",
    "$ANSIBLE_VAULT;1.1;AES256 header found in group_vars/test_floor/vault.yml (file is encrypted, key held by ops)",
    "vivado -mode batch -source build.tcl -tclargs --part <<part>>",
    "quartus_sh --flow compile <<proj>> -c <<proj>>_top",
    "bsub -q eda_long -n 16 -R \"rusage[mem=64000]\" ./run_sta.sh <<proj>>",
    "Job <<<jobid>>> is submitted to queue <eda_long>.",
    "lmstat -a -c 27020@<<h_lic>> | grep -A2 <<feat>>",
    "hw_server -s tcp::3121 -e \"set auto-open-servers xilinx-xvc:<<ip>>:2542\"",
    "openocd -f interface/cmsis-dap.cfg -f target/stm32h5x.cfg -c \"adapter serial <<=%U24>>\"",
    "JLinkExe -device STM32H563ZI -if SWD -speed 4000 -SelectEmuBySN <<jsn>>",
    "pkcs11-tool --module /usr/lib/libCryptoki2_64.so --list-slots",
    "imgtool sign --key keys/root-ec-p256.pem --version <<ver>> build/app.bin build/app.signed.bin",
    "espefuse.py --port /dev/ttyUSB0 summary",
    "cst --input hab4.csf --output csf.bin",
    "tpm2_getcap properties-fixed",
    "HSM slot 0 label fw-sign-<<proj>> serial <<=%d10>>",
    "Signing key id: rot-key-<<n>> (ECDSA P-384), key material never leaves the HSM",
    "The signing PIN is entered on the PED keypad, never typed on the host.",
    "Token label: <<proj>>-rot, model: SoftHSM v2, serial: <<=%h16>>",
    "<<ts>> INFO lot <<lot>> moved from <<area>> to final-test by <<user>>",
    "<<ts>> WARN <<tool>> chamber pressure high (<<n>>.<<n2>> mTorr)",
    "<<ts>> INFO login ok user=<<user>> method=kerberos",
    "<<ts>> DEBUG request_id=<<uuid>> duration_ms=<<n>>",
    "<<ts>> INFO token refreshed for client <<cid>> (expires in 3600s)",
    "<<ts>> INFO password changed for user <<user>> (policy: 90d)",
    "session id <<=%h16>> closed after 30m idle",
    "build #<<jobid>> finished: SUCCESS (artifact sha256 <<sha256>>)",
    "##[group]Run actions/checkout@v4\nwith:\n  token: ***\n##[endgroup]",
    "[MASKED] value was hidden by GitLab",
    "Masking secret NEXUS_PASSWORD in log output",
    "Release <<proj>> v<<ver>> (tag v<<ver>>, commit <<short>>)",
    "docker pull <<h_nexus>>:8443/eda/calibre-runner:<<ver>>",
    "NuGet package Fab.Instruments <<ver>> sha512 <<=%b86>>==",
    "JWT header: eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 (decoded: alg RS256, no payload shown)",
    "The reset token is single-use and was already consumed.",
    "Keep passwords out of shell history: prefix the command with a space or use read -s.",
    "Use --password-stdin instead of -p when logging in to the registry.",
    "The default lmadmin password must be changed at first login (it is printed on the install sheet).",
    "Store the calibration security code in the metrology safe, not in the instrument notes.",
    "SolvNetPlus access is via SSO; there is no shared password anymore.",
    "ライセンスサーバ<<h_lic>>の再起動は毎週日曜 02:00 です。",
    "라이선스 서버 <<h_lic>> 점검은 일요일 새벽 2시입니다.",
    "授權伺服器 <<h_lic>> 每週日 02:00 重新啟動。",
    "שרת הרישיונות <<h_lic>> מופעל מחדש בכל יום ראשון ב-02:00.",
    "<<nko>>: 로트 <<lot>> 홀드 해제했습니다",
    "<<nja>>: ロット<<lot>>のホールドを解除しました",
    "<<nzh>>：批號 <<lot>> 已解除暫停",
    "<<nhe>>: שחררתי את המנה <<lot>>",
    "<<name>>: the password is in Vault under secret/eda/solvnet, ask ops for access",
    "<<name>>: token expired again, I requested a new one via the portal",
    "<<name>>: PIN is on the sealed envelope in the signing room",
    "<<name>>: don't paste the key here, use the vault path",
    "비밀번호는 Vault secret/lab/wifi 에 있어요",
    "パスワードはVaultの secret/lab/recipe に入っています",
    "密碼放在 Vault 的 secret/fab/eap 路徑",
    "הסיסמה נמצאת ב-Vault תחת secret/lab/ate",
    "serial number <<serial>>, asset tag A<<=%d6>>",
    "MAC 00:0a:35:<<=%h2>>:<<=%h2>>:<<=%h2>>",
    "IPv6 fe80::<<=%h4>>:<<=%h4>>:<<=%h4>>:<<=%h4>>",
    "wafer id <<lot>>-W<<nn>>, die (<<n>>,<<n2>>) bin 1",
    "NVM key slot 2: REVOKED (public key hash <<=%h16>>...)",
    "flash encryption: ENABLED (key in eFuse BLOCK_KEY0, read-protected)",
    "secure boot v2 digest: <<sha256>>",
    "CSF verified, HAB status 0xF0 (HAB_SUCCESS)",
    "AES key loaded from BBRAM; key value not readable back",
    "UPK1 is stored in Libero project security settings (exported .spm is encrypted)",
    "RDP level 1 set; OEM key provisioning pending (see <<ticket>>)",
]


_BEN += [
    "INCREMENT <<feat>> <<=%L6>>d 2025.06 30-jun-2025 <<n>> SIGN=<masked>",
    "FEATURE <<feat>> cdslmd 24.0 permanent uncounted HOSTID=<<mac>> SIGN=\"<removed for ticket>\"",
    "lmutil lmhostid -ether\nThe FlexNet host ID of this machine is \"<<mac>>\"",
    "rlmhostid ether\n<<mac>>",
    "license checkout OK: <<feat>> (<<n>> of <<n2>> in use) from 27020@<<h_lic>>",
    "lmdown -c 27020@<<h_lic>> -vendor snpslmd -q",
    "Vendor daemon status (on <<h_lic>>): cdslmd: UP v11.19.4",
    "OPTIONS file: INCLUDE <<feat>> GROUP <<proj>>_team\nGROUP <<proj>>_team <<user>> <<user2>>",
    "XILINXD_LICENSE_FILE=2100@<<h_lic>>",
    "SNPSLMD_LICENSE_FILE=27020@<<h_lic>>",
    "MGLS_LICENSE_FILE=1717@<<h_lic>>",
    "CDS_LIC_FILE=5280@<<h_lic>>",
    "set_property PACKAGE_PIN <<=%U1>><<=%d2>> [get_ports {led[<<n>>]}]",
    "create_clock -period 3.333 -name sys_clk [get_ports sys_clk_p]",
    "set_property BITSTREAM.ENCRYPTION.ENCRYPT NO [current_design]",
    "set_property BITSTREAM.ENCRYPTION.KEYFILE ./keys/<<proj>>.nky [current_design]  ;# key file kept out of git",
    "write_cfgmem -format mcs -size 64 -interface SPIx4 -loadbit {up 0x0 build/<<proj>>.bit} -file build/<<proj>>.mcs",
    "INFO: [Labtools 27-2285] Connecting to hw_server url TCP:<<h_farm>>:3121",
    "INFO: [Labtools 27-3164] End of startup status: HIGH",
    "Info (209060): Started Programmer operation at <<date>>",
    "Info: Command: quartus_pgm -c 1 -m JTAG -o p;<<proj>>.sof",
    "1) USB-BlasterII [1-3]\n  <<=%H8>>   AGFB014R24A(.|R1|R2)/..\n  020F40DD   10M50DA(.|ES)/10M50DC",
    "Programming <<part>> with <<proj>>_top.job (FlashPro5 <<=%U8>>)",
    "design DRC: 0 errors, 14 warnings (see <<proj>>_drc.rpt)",
    "Slack (MET) :             0.<<=%d3>>ns  (required time - arrival time)",
    "WNS=-0.0<<=%d2>> TNS=-0.<<=%d3>> failing endpoints=<<n>>",
    "LVS: CORRECT  <<proj>>_top vs <<proj>>_top.cdl",
    "xrun -64bit -uvm -access +rwc tb_top.sv -seed <<=%d9>>",
    "vcs -full64 -sverilog -ntb_opts uvm-1.2 +vcs+lic+wait -f files.f -l comp.log",
    "random seed = <<=%d10>>",
    "UVM_INFO @ <<n>>ns: uvm_test_top [RNTST] Running test dma_smoke_test...",
    "tb_top.dut.u_aes.key_reg = 128'h00000000000000000000000000000000 (reset value)",
    "parameter [31:0] CHIP_ID = 32'h<<=%h8>>;",
    "localparam logic [63:0] BUILD_HASH = 64'h<<=%h16>>;  // git describe of RTL",
    "#define FW_VERSION_HASH \"<<short>>\"",
    "static const char build_id[] = \"<<sha>>\";",
    "const uint32_t crc32_table_seed = 0xEDB88320u;",
    "#define FLASH_BASE 0x08000000UL",
    "uint8_t dev_uid[12]; /* read from 0x1FFF7590 at boot */",
    "tester_id = \"<<tester>>\"  # not secret, printed on the frame",
    "TEST_PROGRAM=<<proj>>_FT_rev<<=%U1>>  HANDLER=HT-9045  SITES=4",
    "Bin summary lot <<lot>>: bin1=<<=%d4>> bin7=<<n>> bin12=<<n2>>",
    "Yield <<lot>>: <<n>>.<<n2>>% (target 92%)",
    "STDF: MIR.LOT_ID=<<lot>> MIR.NODE_NAM=<<tester>> MIR.JOB_NAM=<<proj>>_FT",
    "PTR test_num=<<=%d6>> result=1.<<=%d3>> lo=1.10 hi=1.30 units=V",
    "EAP <<tool>> state: IDLE -> PROCESSING (recipe POLY_ETCH_v<<n>>)",
    "SECS-II: S1F13 Establish Communications Request, MDLN='<<tool>>', SOFTREV='<<ver>>'",
    "HSMS SELECT.req session id 0x<<=%h4>> from <<ip>>:5000",
    "OPC UA endpoint opc.tcp://<<ip>>:4840 SecurityPolicy=Basic256Sha256 Mode=SignAndEncrypt (cert auth)",
    "Recipe checksum (body only): <<md5>>",
    "Camstar txn id <<uuid>> committed",
    "Gerber set <<proj>>_rev<<=%U1>>.zip md5 <<md5>>",
    "PCB order #<<jobid>> status: in production (6 layers, ENIG, 1.6 mm)",
    "BOM line 14: <<part>> qty <<n>> (Mouser P/N 556-<<=%U6>>)",
    "Altium 365 workspace: https://<<org>>.365.altium.com (SSO)",
    "Octopart part id <<=%d9>> (public, from search URL)",
    "GitLab project id <<=%d4>>, pipeline #<<=%d6>>, job #<<=%d7>>",
    "Jenkins build number <<=%d4>>, agent lsf-<<nn>>",
    "runner id <<=%d5>> (vivado-runner-<<nn>>), token is stored in /etc/gitlab-runner/config.toml (root only)",
    "Docker image id sha256:<<sha256>>",
    "kubectl get secret mes-db -n <<ns>>\nNAME     TYPE     DATA   AGE\nmes-db   Opaque   2      41d",
    "kubectl create secret generic lic-proxy --from-file=token=./lic_proxy.token",
    "Secret data (base64) intentionally omitted from this note.",
    "vault kv metadata get secret/eda/calibre-db\ncurrent_version 7\ncreated_time <<ts>>",
    "Key Vault reference: @Microsoft.KeyVault(SecretUri=https://kv-<<site>>.vault.azure.net/secrets/mes-db/)",
    "secretsmanager ARN arn:aws:secretsmanager:<<region>>:<<acct>>:secret:fab/mes/db-<<=%a6>>",
    "ssh-keygen -lf ~/.ssh/ate_deploy.pub\n256 <<fp>> ate-deploy (ED25519)",
    "Known hosts entry: <<h_ate>> <<sshpub>>",
    "authorized_keys: <<sshpub>> ci@<<h_ci>>",
    "age public key: age1<<=%G58>>",
    "recipient: age1<<=%G58>> (public, safe to share)",
    "minisign public key: RW<<=%b54>>",
    "TPM EK public hash: <<sha256>>",
    "ESP32 MAC <<mac>>, chip rev v0.2, flash encryption key not readable (R/-)",
    "otp_ctrl: SECRET2 partition locked (digest 0x<<=%h16>>)",
    "Debug auth: challenge nonce <<=%h32>> (random per session, not a key)",
    "SHA-256 of signed image: <<sha256>>",
    "ECDSA signature verified with public key <<=%h16>>... OK",
    "password hash algorithm: argon2id (m=65536, t=3, p=4)",
    "Password expiry for tester on <<tester>>: 90 days",
    "New password must differ from the last 5 passwords.",
    "Reset link sent to <<email>> (valid 30 minutes)",
    "2FA enabled for <<user>> (TOTP app)",
    "SSO login via Okta for <<user>>@<<org>>",
    "Kerberos ticket cache: FILE:/tmp/krb5cc_<<=%d4>>",
    "smbclient //<<h_nas>>/stdf -k -c 'ls'  # kerberos, no password",
    "ssh -i ~/.ssh/ate_deploy ate@<<h_ate>>",
    "sshpass is not installed on the ATE hosts by policy",
    "curl -n https://<<h_art>>/api/system/ping  # credentials from ~/.netrc",
    "docker login <<h_nexus>>:8443 --username ci --password-stdin < /run/secrets/nexus",
    "mysql --defaults-extra-file=/etc/mes/ro.cnf -e 'select 1'",
    "PGPASSFILE=/etc/yield/pgpass psql -h <<h_pg>> -U yield_etl yield",
    "helm upgrade yieldhub ./charts/yieldhub --set-file postgresql.auth.existingSecret=mes-db",
    "ansible-playbook ate_fleet.yml --ask-vault-pass",
    "ansible-vault encrypt_string --name ansible_become_password",
    "terraform plan -var-file=secrets.auto.tfvars  # file is git-ignored",
    "password_policy { minimum_length = 14 require_symbols = true }",
    "validate: password.length >= 14 && /[0-9]/.test(password)",
    "Zeroize the key buffer after use: memset_s(key, sizeof key, 0, sizeof key);",
    "EVP_PKEY *pk = load_key_from_hsm(\"pkcs11:object=rot-key-0\");",
    "session.login(read_pin_from_ped())",
    "token = os.environ[\"NEXAR_TOKEN\"]",
    "password = getpass.getpass(\"Instrument web password: \")",
    "$cred = Get-Credential -UserName '<<dom>>\\svc_ate' -Message 'ATE service account'",
    "Read-Host -AsSecureString -Prompt 'HSM PIN'",
    "wafermap_<<lot>>_<<date>>.png",
    "<<proj>>_top_<<date>>_<<short>>.bit",
    "bootrom_<<ver>>_<<short>>.signed.bin",
]

SECRETS = []
for _g, _t in (("command", _CMD), ("tool-output", _TOOL), ("config-file", _CFG),
               ("source-code", _SRC), ("stack-trace-or-log", _LOG),
               ("note-or-chat", _NOTE), ("ci-and-deploy", _CI),
               ("vendor-token", _VT)):
    SECRETS.extend(_build(_g, _t))


def _benign():
    out, seen = [], set()
    rounds = 0
    while len(out) < _N_BENIGN and rounds < 60:
        for tpl in _BEN:
            text = _fill(tpl, "")[0]
            if text not in seen:
                seen.add(text)
                out.append(text)
                if len(out) >= _N_BENIGN:
                    break
        rounds += 1
    return out


BENIGN = _benign()
