"""Blind hold-out corpus #94 for a secret-redaction engine.

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
Quantitative trading, brokers and market-data engineering: FIX sessions
(SenderCompID/TargetCompID, logon passwords in tag 554/925), broker APIs
(Interactive Brokers, Alpaca, Tradier, OANDA, Saxo, Zerodha Kite, Binance,
Coinbase Advanced, Kraken), market-data vendors (Bloomberg B-PIPE/SAPI,
Refinitiv/LSEG RDP, Polygon, Databento, IEX Cloud, Quandl/Nasdaq Data
Link), backtesting platforms (QuantConnect, Backtrader, Zipline), kdb+/q
and Kafka ticker plants, colo servers, risk and OMS/EMS systems, Jupyter
research notes and trading-desk chats; notes and chats in English,
Mandarin, Japanese, Hindi, French and Russian.

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
Blind, with the engine of the session that read it, before any rule from it: recall 0.952 (1,424 of
1,496) and false positives 0 of 950 (0.0%). Tuned on since by classes (a FIX logon's password by its
tag, in every framing and set in code; a kdb+ handle's password; ClickHouse's remote tables;
Terraform's planned value under a password's name; Japanese `シークレット`; TPIN): 0.980 (1,466) and 0.
"""
import base64 as _b64mod
import random
import re as _re
import string as _string

SEED = 4469017
_R = random.Random(SEED)

_UP = _string.ascii_uppercase
_LO = _string.ascii_lowercase
_DG = _string.digits
_AN = _UP + _LO + _DG
_LAN = _LO + _DG
_UAN = _UP + _DG
_HEX = "0123456789abcdef"
_HEXU = "0123456789ABCDEF"
_B64 = _AN + "+/"
_B64U = _AN + "-_"
_B32 = _UP + "234567"
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_SYM = "!#%*-_.@+=~^"


def _s(n, a=_AN):
    return "".join(_R.choice(a) for _ in range(n))


def _pick(seq):
    return seq[_R.randrange(len(seq))]


def _rb(n):
    return bytes(_R.randrange(256) for _ in range(n))


def _b64b(n):
    return _b64mod.b64encode(_rb(n)).decode()


def _b64u_text(s):
    return _b64mod.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def _dg(n):
    return str(_R.randint(1, 9)) + _s(n - 1, _DG)


def _uuid():
    h = _s(32, _HEX)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _pick("89ab"), h[17:20], h[20:])


# ---------------------------------------------------------------- secret shapes
def an(n, a=_AN):
    return lambda: _s(n, a)


def hx(n):
    return lambda: _s(n, _HEX)


def HX(n):
    return lambda: _s(n, _HEXU)


def up(n):
    return lambda: _s(n, _UAN)


def lo(n):
    return lambda: _s(n, _LAN)


def b64(nbytes):
    return lambda: _b64b(nbytes)


def pre(prefix, n, a=_AN):
    return lambda: prefix + _s(n, a)


def dg(n):
    return lambda: _dg(n)


def rp(n=14):
    def f():
        core = [_pick(_UP), _pick(_LO), _pick(_DG), _pick(_SYM)] + [_pick(_AN + _SYM) for _ in range(n - 4)]
        _R.shuffle(core)
        return "".join(core)
    return f


_WORDS = ["Tokyo", "Kabuto", "Nifty", "Sensex", "Ledger", "Hedge", "Gamma", "Vega", "Theta", "Sigma",
          "Falcon", "Orchid", "Bombay", "Marais", "Neva", "Volga", "Sakura", "Fuji", "Lotus", "Dragon",
          "Panda", "Tiger", "Monsoon", "Diwali", "Bourse", "Pelmeni", "Shanghai", "Pudong", "Nikkei",
          "Osaka", "Kyoto", "Lyon", "Riviera", "Baikal", "Ganges", "Mumbai", "Dalal", "Bullrun",
          "Candle", "Spread", "Basis", "Carry", "Vwap", "Iceberg", "Pegasus", "Quokka", "Mango",
          "Chai", "Masala", "Croissant", "Borscht", "Sputnik", "Katana", "Ramen", "Dimsum", "Jade",
          "Phoenix", "Walrus", "Copper", "Marmot", "Heron", "Juniper", "Saffron", "Tundra", "Comet"]
_LOWW = ["amber", "ledger", "quiet", "falcon", "river", "copper", "tulip", "orbit", "maple", "cinder",
         "velvet", "harbor", "pepper", "glacier", "meadow", "lantern", "saddle", "thistle", "walnut",
         "ember", "gravel", "indigo", "jasper", "kettle", "lagoon", "marble", "nectar", "oyster",
         "pebble", "quartz", "raven", "sorrel", "timber", "umber", "violet", "willow", "yonder", "zephyr"]
_PINYIN = ["zhangwei", "wangfang", "lijing", "liuyang", "chenjie", "yangmei", "huanglei", "zhoutao",
           "wuhao", "xuli", "sunhui", "maxiao"]
_TRANSLIT = ["Parol", "Moskva", "Medved", "Zvezda", "Solnce", "Sibir", "Kotik", "Rodina", "Vesna"]


def _hp():
    k = _R.randrange(9)
    w = _pick(_WORDS)
    d = str(_R.randint(10, 9999))
    s = _pick("!#@$%*&_.-+")
    if k == 0:
        return w + d + s
    if k == 1:
        return w.lower() + s + _pick(_WORDS) + str(_R.randint(10, 99))
    if k == 2:
        x = (w + _pick(_WORDS)).replace("a", "@").replace("o", "0").replace("e", "3")
        return x + str(_R.randint(1, 99))
    if k == 3:
        return w + "_" + str(_R.randint(1970, 2025)) + _pick(["", "!", "#"])
    if k == 4:
        return "-".join(_pick(_LOWW) for _ in range(4)) + "-" + str(_R.randint(2, 99))
    if k == 5:
        return _pick(_PINYIN) + str(_R.randint(100, 99999)) + _pick(["", "!", "."])
    if k == 6:
        return _pick(_TRANSLIT) + str(_R.randint(1000, 2025)) + _pick(["!", "$", "#", "_"])
    if k == 7:
        return s.join([w, _pick(_WORDS), d])
    return w[:1].lower() + w[1:] + _pick(["Q", "W", "Z", "X"]) + d + s + s


hp = lambda: _hp
pin6 = lambda: (lambda: _s(6, _DG))


# ---------------------------------------------------------------- compound shapes
def _jwt(alg="HS256", extra=None):
    hdr = '{"alg":"%s","typ":"JWT"}' % alg
    body = '{"sub":"%s","iat":%d,"exp":%d%s}' % (_s(10, _LAN), 1700000000 + _R.randrange(60000000),
                                                 1760000000 + _R.randrange(9000000), extra or "")
    sig = _s(86 if alg.startswith(("ES", "RS")) else 43, _B64U)
    return _b64u_text(hdr) + "." + _b64u_text(body) + "." + sig


jwt = lambda alg="HS256": (lambda: _jwt(alg))


def _wrap(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


def _pem_body(kind):
    if kind == "RSA":
        raw = "MIIEpAIBAAKCAQEA" + _s(1560, _B64)
    elif kind == "EC":
        raw = "MHcCAQEEI" + _s(110, _B64) + "=="
    elif kind == "PKCS8":
        raw = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + _s(1530, _B64) + "="
    elif kind == "ED25519":
        raw = "MC4CAQAwBQYDK2VwBCIEI" + _s(27, _B64) + "="
    else:  # OPENSSH
        raw = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW" + _s(310, _B64) + "="
        return _wrap(raw, 70)
    return _wrap(raw, 64)


_PEM_LABEL = {"RSA": "RSA PRIVATE KEY", "EC": "EC PRIVATE KEY", "PKCS8": "PRIVATE KEY",
              "ED25519": "PRIVATE KEY", "OPENSSH": "OPENSSH PRIVATE KEY"}


def _pem(kind):
    body = _pem_body(kind)
    lab = _PEM_LABEL[kind]
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (lab, body, lab), body


# ---------------------------------------------------------------- surrounding words
_FIRST = ["james", "priya", "wei", "yuki", "olga", "pierre", "arjun", "mei", "dmitri", "sophie", "kenji",
          "ananya", "li", "camille", "sergei", "rahul", "haruto", "natasha", "julien", "xin", "aiko",
          "vikram", "elena", "thomas", "sakura", "ravi", "irina", "lucas", "jun", "neha", "marco", "ines"]
_LAST = ["chen", "tanaka", "ivanov", "dubois", "sharma", "wang", "sato", "petrova", "martin", "patel",
         "liu", "suzuki", "smirnov", "bernard", "gupta", "zhang", "yamamoto", "kuznetsov", "moreau", "iyer",
         "huang", "kobayashi", "volkov", "lefevre", "reddy", "lin", "nakamura", "sokolov", "girard", "nair"]
_FA = ["Mer", "Kal", "Vos", "Tren", "Hal", "Ost", "Bry", "Quen", "Lio", "Sar", "Dor", "Fen", "Ixa", "Tam",
       "Zel", "Ner", "Cor", "Pel", "Aub", "Gal", "Wyn", "Rho"]
_FB = ["idale", "vane", "mont", "wick", "stead", "bury", "holt", "ora", "anex", "ith", "ford", "arro",
       "quist", "elle", "avik", "ton"]
_FC = ["Capital", "Quant", "Trading", "Markets", "Partners", "Securities", "Systematic", "Asset Management"]
_TLD = ["-cap.com", "-quant.io", "trading.net", "-markets.co.uk", "-am.fr", "-sec.co.jp", "-invest.in",
        "-fund.ru", "capital.cn", "-corp.internal", ".local", "-hk.com"]
_SITES = ["ny4", "ny5", "ld4", "ld5", "ty3", "fr2", "sg1", "hk1", "aur", "car2", "mah", "nj2", "bom1",
          "mos1", "par3", "sh2"]
_ROLES = ["fixgw", "mdfeed", "tp", "rdb", "hdb", "oms", "ems", "risk", "kdb", "tick", "algo", "sor",
          "pricer", "research", "gw", "dropcopy", "jupyter", "kafka", "zk", "ptp", "bt", "recon", "pnl"]


def _firmword():
    return _pick(_FA) + _pick(_FB)


def _firm():
    return _firmword() + " " + _pick(_FC)


def _dom():
    return _firmword().lower() + _pick(_TLD)


def _host():
    k = _R.randrange(4)
    if k == 0:
        return "%s%02d.%s.%s" % (_pick(_ROLES), _R.randint(1, 24), _pick(_SITES), _dom())
    if k == 1:
        return "%s-%s-%02d" % (_pick(_SITES), _pick(_ROLES), _R.randint(1, 40))
    if k == 2:
        return "%s-%s.%s" % (_pick(_ROLES), _pick(["uat", "prod", "sim", "dr", "qa"]), _dom())
    return "%s%d.%s" % (_pick(_ROLES), _R.randint(1, 9), _dom())


def _user():
    f, l = _pick(_FIRST), _pick(_LAST)
    k = _R.randrange(6)
    if k == 0:
        return f + "." + l
    if k == 1:
        return f[0] + l
    if k == 2:
        return l + "_" + f[0]
    if k == 3:
        return "svc_" + _pick(_ROLES)
    if k == 4:
        return "svc-" + _pick(_ROLES) + "-" + _pick(["prod", "uat", "ro", "rw"])
    return f + l[:2] + str(_R.randint(1, 99))


def _comp():
    base = (_pick(_FA) + _pick(_FB)).upper()[:_R.randint(4, 7)]
    return base + _pick(["", "_UAT", "_PROD", "_DC", "01", "_EQ", "_FX", "-ALGO", "_MD", "2"])


def _date():
    return "%d-%02d-%02d" % (_R.randint(2023, 2025), _R.randint(1, 12), _R.randint(1, 28))


def _ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randrange(1000))


def _lts():
    return "%s %02d:%02d:%02d,%03d" % (_date(), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randrange(1000))


def _fixts():
    return "%s-%02d:%02d:%02d.%03d" % (_date().replace("-", ""), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randrange(1000))


def _kts():
    return "%sD%02d:%02d:%02d.%09d" % (_date().replace("-", "."), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randrange(10 ** 9))


_SYMS = ["AAPL", "MSFT", "NVDA", "ESZ4", "NQH5", "CLF5", "7203.T", "6758.T", "RELIANCE.NS", "INFY.NS",
         "BTC-USD", "ETHUSDT", "EUR_USD", "USD_JPY", "600519.SS", "0700.HK", "MC.PA", "SBER.ME", "VOD.L",
         "NIFTY24NOVFUT", "BANKNIFTY", "SPY", "QQQ", "GC=F", "XBTUSD", "SOLUSDT"]

F = {
    "host": _host, "host2": _host, "dom": _dom, "firm": _firm, "user": _user, "user2": _user,
    "first": lambda: _pick(_FIRST).capitalize(), "last": lambda: _pick(_LAST).capitalize(),
    "ip": lambda: "10.%d.%d.%d" % (_R.randint(0, 254), _R.randint(0, 254), _R.randint(2, 254)),
    "port": lambda: str(_pick([5001, 5010, 5011, 5012, 9001, 9876, 4001, 4002, 7496, 7497, 8194, 9092, 9093,
                               5432, 1433, 6379, 8888, 443, 9443, 14000, 1521, 27017, 8123, 9000, 18000])),
    "sender": _comp, "target": _comp, "date": _date, "ts": _ts, "lts": _lts, "fixts": _fixts,
    "kts": _kts, "sym": lambda: _pick(_SYMS), "sym2": lambda: _pick(_SYMS),
    "n": lambda: str(_R.randint(2, 99)), "seq": lambda: str(_R.randint(1, 250000)),
    "ibacct": lambda: "U" + _dg(7), "duacct": lambda: "DU" + _dg(7),
    "oacct": lambda: "101-%03d-%s-%03d" % (_R.choice([1, 4, 11]), _dg(7), _R.randint(1, 9)),
    "ticket": lambda: _pick(["MD", "FIX", "OMS", "RISK", "QR", "INFRA", "TP", "ALGO", "OPS"]) + "-" + str(_R.randint(100, 9999)),
    "uuid": _uuid, "sha": lambda: _s(7, _HEX), "pid": lambda: str(_R.randint(1200, 65000)),
    "site": lambda: _pick(_SITES), "role": lambda: _pick(_ROLES),
    "env": lambda: _pick(["prod", "uat", "paper", "sim", "dr", "staging"]),
    "region": lambda: _pick(["us-east-1", "eu-west-2", "ap-northeast-1", "ap-south-1", "eu-central-1", "ap-southeast-1"]),
    "bucket": lambda: _pick(["tick", "md", "research", "eod", "fills", "risk"]) + "-" + _firmword().lower() + "-" + _pick(["raw", "archive", "prod", "parquet"]),
    "db": lambda: _pick(["oms", "risk", "positions", "refdata", "tca", "fills", "pnl", "marketdata", "secmaster"]),
    "acct": lambda: _pick(["ACC", "FUT", "EQ", "PB", "MM"]) + _dg(6),
    "clid": lambda: _uuid(),
    "ver": lambda: "%d.%d.%d" % (_R.randint(0, 12), _R.randint(0, 30), _R.randint(0, 40)),
    "mt": lambda: _dg(8), "cc": lambda: _pick(_UP) + _dg(6),
    "mail": lambda: "%s.%s@%s" % (_pick(_FIRST), _pick(_LAST), _dom().replace(".local", ".com").replace(".internal", ".com")),
    "py": lambda: _pick(["3.10", "3.11", "3.12"]), "line": lambda: str(_R.randint(12, 840)),
    "hexid": hx(12), "kid": hx(16), "fixver": lambda: _pick(["FIX.4.2", "FIX.4.4", "FIXT.1.1"]),
}

# ---------------------------------------------------------------- registry
CMD, OUT, CFG, SRC, LOG, NOTE, CI, VEN = ("command", "tool-output", "config-file", "source-code",
                                          "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token")
GROUPS = [CMD, OUT, CFG, SRC, LOG, NOTE, CI, VEN]
_REG = {g: [] for g in GROUPS}
_FMTS = []
_PH = _re.compile(r"\{([a-zA-Z][a-zA-Z0-9_]*)\}")


def _add(group, fmt, fn):
    if fmt in _FMTS:
        raise ValueError("duplicate format " + fmt)
    _FMTS.append(fmt)
    _REG[group].append((fmt, fn))


def T(group, fmt, tpl, sec, vis="", **kw):
    def fn():
        vals = {}

        def sub(m):
            k = m.group(1)
            if k in vals:
                return vals[k]
            if k == "S":
                vals[k] = sec() if callable(sec) else sec
            elif k in kw:
                vals[k] = kw[k]() if callable(kw[k]) else kw[k]
            elif k in F:
                vals[k] = F[k]()
            else:
                return m.group(0)
            return vals[k]
        text = _PH.sub(sub, tpl)
        v = _PH.sub(lambda m: vals.get(m.group(1), m.group(0)), vis)
        return text, vals["S"], v
    _add(group, fmt, fn)


def C(group, fmt):
    def deco(fn):
        _add(group, fmt, fn)
        return fn
    return deco


def V(k):
    """pull a fresh surrounding value by field name"""
    return F[k]()


# ================================================================ command
_kraken_priv = b64(64)
_alpk = pre("PK", 18, _UAN)
T(CMD, "sshpass-colo-tail", "sshpass -p '{S}' ssh -o StrictHostKeyChecking=no {user}@{host} 'tail -n 200 /var/log/quickfix/{fixver}-{sender}-{target}.messages.log'", hp(), "{host}")
T(CMD, "ipmitool-lanplus-password", "ipmitool -I lanplus -H {ip} -U ADMIN -P {S} chassis power cycle   # {host} hung after kernel bypass driver update", rp(12), "{ip}")
T(CMD, "mysql-inline-dash-p", 'mysql -h {host} -u {user} -p{S} {db} -e "select count(*) from orders where trade_date=curdate()"', hp(), "{user}")
T(CMD, "pgpassword-env-prefix", "PGPASSWORD='{S}' psql -h {host} -U {user} -d {db} -c \"\\copy (select * from fills where trade_date = '{date}') to fills.csv csv header\"", hp(), "{host}")
T(CMD, "kdb-passwd-file-append", 'echo "{user}:{S}" | sudo tee -a /opt/kdb/etc/tp.passwd && sudo systemctl restart kdb-tp@5010', rp(12), "{user}")
T(CMD, "curl-alpaca-key-headers", 'curl -s -H "APCA-API-KEY-ID: {K}" -H "APCA-API-SECRET-KEY: {S}" https://paper-api.alpaca.markets/v2/account | jq .buying_power', an(40), "paper-api.alpaca.markets", K=_alpk)
T(CMD, "curl-tradier-bearer-quotes", 'curl -s -H "Authorization: Bearer {S}" -H "Accept: application/json" "https://sandbox.tradier.com/v1/markets/quotes?symbols={sym}"', an(28), "sandbox.tradier.com")
T(CMD, "curl-oanda-v20-summary", "curl -s -H \"Authorization: Bearer {S}\" https://api-fxpractice.oanda.com/v3/accounts/{oacct}/summary", lambda: _s(32, _HEX) + "-" + _s(32, _HEX), "{oacct}")
T(CMD, "kafka-console-scram-jaas", "kafka-console-consumer.sh --bootstrap-server {host}:9093 --topic md.ticks.l1 --from-beginning --consumer-property security.protocol=SASL_SSL --consumer-property sasl.mechanism=SCRAM-SHA-512 --consumer-property 'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\"{user}\" password=\"{S}\";'", rp(18), "{user}")
T(CMD, "docker-login-dash-p", "docker login -u {user} -p {S} registry.{dom}", rp(16), "{user}")
T(CMD, "lean-login-api-token", "lean login --user-id {K} --api-token {S}", hx(64), "lean login", K=dg(6))
T(CMD, "export-polygon-then-run", "export POLYGON_API_KEY={S} && python backfill_aggs.py --from 2024-01-01 --to {date} --ticker {sym}", an(32), "backfill_aggs.py")
T(CMD, "databento-cli-key-flag", "python -m tools.dbn_pull --key {S} --dataset GLBX.MDP3 --schema mbp-10 --symbols ES.FUT --start {date}", pre("db-", 29), "GLBX.MDP3")
T(CMD, "windows-net-use-positional", r"net use \\{host}\eod$ /user:CORP\{user} {S} /persistent:no", hp(), "{user}")
T(CMD, "windows-cmdkey-pass", r"cmdkey /generic:TERMSRV/{host} /user:CORP\{user} /pass:{S}", hp(), "{host}")
T(CMD, "powershell-securestring-session", "$pw = ConvertTo-SecureString '{S}' -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential('CORP\\{user}', $pw); Enter-PSSession -ComputerName {host} -Credential $cred", hp(), "{host}")
T(CMD, "schtasks-run-password", r'schtasks /Create /TN "EOD Recon" /TR "C:\recon\run_recon.bat" /SC DAILY /ST 18:30 /RU CORP\{user} /RP {S}', hp(), "EOD Recon")
T(CMD, "psexec-user-password", r"psexec \\{host} -u CORP\{user} -p {S} -accepteula C:\Jts\ibgateway\restart_gateway.cmd", hp(), "{host}")
T(CMD, "ibc-gatewaystart-inline-pw", "/opt/ibc/gatewaystart.sh -inline --tws-path=/opt/ibgateway --ibc-ini=/home/{user}/ibc/config.ini --user={K} --pw={S} --mode=paper", hp(), "--mode=paper", K=lambda: _pick(_FIRST) + _s(3, _LO) + str(_R.randint(10, 99)))
T(CMD, "redis-cli-dash-a", "redis-cli -h {host} -p 6379 -a '{S}' --no-auth-warning XLEN md:ticks:{sym}", rp(20), "{host}")
T(CMD, "mongosh-uri-password", 'mongosh "mongodb://{user}:{S}@{host}:27017/arctic?authSource=admin"', rp(16), "{host}")
T(CMD, "sqlcmd-dash-capital-p", 'sqlcmd -S {host},1433 -U {user} -P "{S}" -d {db} -Q "EXEC dbo.usp_eod_positions @asof=\'{date}\'"', hp(), "{user}")
T(CMD, "sqlplus-slash-connect", "sqlplus {user}/{S}@//{host}:1521/RISKP @var_report.sql", hp(), "{user}")
T(CMD, "clickhouse-client-password", "clickhouse-client --host {host} --user {user} --password '{S}' --query \"SELECT count() FROM ticks WHERE date = today()\"", rp(16), "{host}")
T(CMD, "lftp-user-comma-password", 'lftp -u {user},{S} sftp://sftp.{dom} -e "mirror /outgoing/statements ./stmts; bye"', hp(), "{user}")
T(CMD, "curl-nexus-basic-upload", "curl -u {user}:{S} --upload-file dist/alphalib-{ver}.tar.gz https://nexus.{dom}/repository/pypi-internal/", rp(14), "{user}")
T(CMD, "pip-index-url-creds", "pip install --index-url https://{user}:{S}@artifactory.{dom}/api/pypi/pypi-local/simple quantlib-internal=={ver}", pre("AKCp8", 68), "{user}")
T(CMD, "git-clone-oauth2-glpat", "git clone https://oauth2:{S}@gitlab.{dom}/quant/strategies.git", pre("glpat-", 20, _B64U), "quant/strategies.git")
T(CMD, "git-remote-seturl-ghp", "git remote set-url origin https://{user}:{S}@github.com/{K}/ticker-plant.git", pre("ghp_", 36), "ticker-plant.git", K=lambda: _firmword().lower())
T(CMD, "aws-configure-set-secret", "aws configure set aws_secret_access_key {S} --profile research-{region}", an(40, _AN + "+/"), "research-")
T(CMD, "kubectl-secret-from-literal", "kubectl -n trading create secret generic kite-creds --from-literal=api_key={K} --from-literal=api_secret={S}", lo(32), "kite-creds", K=lo(16))
T(CMD, "vault-kv-put-value", "vault kv put secret/brokers/oanda/{env} token={S} account={oacct}", lambda: _s(32, _HEX) + "-" + _s(32, _HEX), "secret/brokers/oanda/")
T(CMD, "openssl-pkcs12-passin", "openssl pkcs12 -in bpipe_client_{env}.p12 -out client.pem -nodes -passin pass:{S}", rp(16), "bpipe_client_")
T(CMD, "keytool-srcstorepass", "keytool -importkeystore -srckeystore fix-client.p12 -srcstoretype PKCS12 -srcstorepass {S} -destkeystore fix-client.jks -deststoretype JKS", hp(), "fix-client.jks")
T(CMD, "wscat-kite-ticker-url", 'wscat -c "wss://ws.kite.trade?api_key={K}&access_token={S}"', an(32), "ws.kite.trade", K=lo(16))
T(CMD, "python-binance-flags", "python fetch_binance.py --api-key {K} --api-secret {S} --symbol {sym} --interval 1m", an(64), "fetch_binance.py", K=an(64))
T(CMD, "node-bot-positional-kraken", "node mm-bot.js kraken {K} {S} --pair XBT/USD --spread-bps 4", _kraken_priv, "mm-bot.js", K=b64(42))
T(CMD, "fixclient-password-flag", "./fixclient --sender {sender} --target {target} --host {host} --port 9876 --password {S} --reset-seq", rp(10), "{sender}")
T(CMD, "soupbin-replay-positional", "./soupbin_replay {ip} 14000 {K} {S} 1", up(10), "soupbin_replay", K=up(6))
T(CMD, "expect-ssh-send-password", "expect -c 'spawn ssh {user}@{host}; expect \"assword:\"; send \"{S}\\r\"; interact'", hp(), "{host}")
T(CMD, "sudo-stdin-echo", "echo '{S}' | sudo -S systemctl restart tickerplant@{n}", hp(), "tickerplant@")
T(CMD, "ssh-keygen-passphrase-flag", "ssh-keygen -y -f ~/.ssh/colo_deploy_ed25519 -P '{S}' > colo_deploy_ed25519.pub", hp(), "colo_deploy_ed25519.pub")
T(CMD, "gpg-batch-passphrase", "gpg --batch --yes --pinentry-mode loopback --passphrase '{S}' -d statements_{date}.csv.gpg > statements.csv", hp(), "statements.csv")
T(CMD, "7z-extract-dash-p", "7z x -p{S} broker_statements_{date}.7z -o./statements", hp(), "broker_statements_")
T(CMD, "zip-encrypt-dash-capital-p", "zip -P {S} -r positions_{date}.zip positions/ && scp positions_{date}.zip {user}@{host}:/inbound/", rp(12), "{host}")
T(CMD, "curl-rdp-password-grant", 'curl -s -X POST https://api.refinitiv.com/auth/oauth2/v1/token -d "grant_type=password&username={K}&password={S}&client_id={L}&scope=trapi&takeExclusiveSignOnControl=true"', hp(), "{K}", K=lambda: "GE-A-%s-3-%s" % (_dg(8), _dg(4)), L=hx(40))
T(CMD, "curl-polygon-apikey-query", 'curl -s "https://api.polygon.io/v2/aggs/ticker/{sym}/range/1/minute/2024-01-02/{date}?adjusted=true&limit=50000&apiKey={S}" -o aggs.json', an(32), "api.polygon.io")
T(CMD, "curl-alphavantage-apikey", 'curl "https://www.alphavantage.co/query?function=TIME_SERIES_INTRADAY&symbol={sym}&interval=5min&outputsize=full&apikey={S}"', up(16), "www.alphavantage.co")
T(CMD, "curl-tiingo-token-header", 'curl -H "Content-Type: application/json" -H "Authorization: Token {S}" "https://api.tiingo.com/iex/{sym}"', hx(40), "api.tiingo.com")
T(CMD, "curl-iex-secret-token-query", 'curl "https://cloud.iexapis.com/stable/stock/{sym}/quote?token={S}"', pre("sk_", 32, _HEX), "cloud.iexapis.com")
T(CMD, "curl-nasdaq-data-link-key", 'curl -o sep.csv "https://data.nasdaq.com/api/v3/datatables/SHARADAR/SEP.csv?ticker={sym}&api_key={S}"', an(20, _AN + "-_"), "data.nasdaq.com")
T(CMD, "curl-coinbase-exchange-passphrase", 'curl -s https://api-public.sandbox.exchange.coinbase.com/accounts -H "CB-ACCESS-KEY: {K}" -H "CB-ACCESS-PASSPHRASE: {S}" -H "CB-ACCESS-TIMESTAMP: $TS" -H "CB-ACCESS-SIGN: $SIG"', lo(11), "CB-ACCESS-TIMESTAMP", K=hx(32))
T(CMD, "curl-binance-signed-order", 'curl -s -X POST -H "X-MBX-APIKEY: $BINANCE_KEY" "https://testnet.binance.vision/api/v3/order?symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.001&recvWindow=5000&timestamp=17310{K}&signature={S}"', hx(64), "testnet.binance.vision", K=dg(8))
T(CMD, "openvpn-auth-user-pass-inline", "sudo openvpn --config colo-{site}.ovpn --auth-user-pass <(printf '%s\\n%s\\n' {user} '{S}')", hp(), "{user}")
T(CMD, "smbclient-user-percent-pass", r"smbclient //{host}/dropcopy -U 'CORP\{user}%{S}' -c 'get fills_{date}.csv'", hp(), "{user}")
T(CMD, "rsync-password-file-subshell", "rsync -av --password-file=<(echo {S}) rsync://{user}@{host}/hdb/{date}/ /data/hdb/{date}/", rp(14), "{user}")
T(CMD, "helm-set-bpipe-tls-password", "helm upgrade --install md-gateway ./charts/mdgw -n marketdata --set bpipe.appName={K}:MDGW --set bpipe.tlsPassword={S}", rp(18), "md-gateway", K=lambda: _firmword().upper())
T(CMD, "docker-run-env-alpaca", "docker run --rm -e ALPACA_KEY_ID={K} -e ALPACA_SECRET_KEY={S} -e ALPACA_PAPER=true ghcr.io/{L}/alpaca-mm:{ver}", an(40), "ALPACA_PAPER=true", K=_alpk, L=lambda: _firmword().lower())
T(CMD, "jupyter-lab-token-flag", "nohup jupyter lab --ServerApp.token={S} --ip 0.0.0.0 --port 8888 --no-browser > ~/jlab.log 2>&1 &", hx(48), "--port 8888")
T(CMD, "wireguard-set-private-key", "sudo wg set wg-colo private-key <(echo {S}) peer {K} endpoint {ip}:51820", b64(32), "wg-colo", K=b64(32))
T(CMD, "snmpwalk-community-string", "snmpwalk -v2c -c {S} {ip} IF-MIB::ifHCInOctets", lambda: _pick(["mon", "noc", "colo", "md"]) + "-" + _s(10, _AN), "{ip}")
T(CMD, "nats-sub-user-password", "nats sub 'md.l2.>' --user {user} --password '{S}' -s nats://{host}:4222", rp(16), "{user}")
T(CMD, "influx-query-token-flag", "influx query 'from(bucket:\"ticks\") |> range(start: -1h) |> filter(fn: (r) => r.sym == \"{sym}\")' --org quant --token {S}", lambda: _b64b(64).replace("+", "-").replace("/", "_"), "--org quant")
T(CMD, "gh-secret-set-body", 'gh secret set KRAKEN_API_SECRET --body "{S}" --repo {K}/mm-bot', _kraken_priv, "KRAKEN_API_SECRET", K=lambda: _firmword().lower())
T(CMD, "az-storage-account-key", 'az storage blob upload --account-name {K} --account-key "{S}" -c tickdata -f {date}.parquet -n l2/{date}.parquet', b64(64), "tickdata", K=lambda: _firmword().lower() + "tick")
T(CMD, "mc-alias-positional-keys", "mc alias set tickstore https://minio.{dom} {K} {S}", an(40), "tickstore", K=up(20))
T(CMD, "rclone-config-secret-key", "rclone config create wasabi s3 provider=Wasabi access_key_id={K} secret_access_key={S} endpoint=s3.ap-northeast-1.wasabisys.com", an(40), "provider=Wasabi", K=up(20))
T(CMD, "ansible-extra-vars-become-pass", 'ansible-playbook deploy_fixgw.yml -i inventories/colo-{site}.ini -l fixgw -e "ansible_become_pass={S}"', hp(), "deploy_fixgw.yml")
T(CMD, "bbg-dl-cli-client-secret", "python -m bbgdl.request --client-id {K} --client-secret {S} --catalog {L} --universe u_eod_px", hx(64), "u_eod_px", K=hx(32), L=dg(5))
T(CMD, "windows-setx-token", "setx KITE_ACCESS_TOKEN {S}", an(32), "KITE_ACCESS_TOKEN")
T(CMD, "powershell-env-assign-token", '$env:OANDA_TOKEN = "{S}"; python .\\scripts\\stream_prices.py --instruments EUR_USD,USD_JPY', lambda: _s(32, _HEX) + "-" + _s(32, _HEX), "stream_prices.py")
T(CMD, "curl-basic-user-colon-pass", "curl -s --user '{user}:{S}' http://{host}:8086/query --data-urlencode 'q=SHOW DATABASES'", hp(), "{user}")
T(CMD, "sc-config-service-password", r'sc.exe config "FixEngineSvc" obj= "CORP\{user}" password= "{S}"', hp(), "FixEngineSvc")
T(CMD, "mt5-terminal-login-args", r'"C:\Program Files\MetaTrader 5\terminal64.exe" /portable /login:{K} /password:{S} /server:{L}-Demo', hp(), "/portable", K=dg(8), L=lambda: _firmword())


# ================================================================ tool-output
_oanda = lambda: _s(32, _HEX) + "-" + _s(32, _HEX)
T(OUT, "env-grep-alpaca-block", "$ env | grep -i apca\nAPCA_API_BASE_URL=https://paper-api.alpaca.markets\nAPCA_API_KEY_ID={K}\nAPCA_API_SECRET_KEY={S}", an(40), "APCA_API_BASE_URL", K=_alpk)
T(OUT, "kubectl-jsonpath-decoded", "$ kubectl -n trading get secret kite-creds -o jsonpath='{.data.api_secret}' | base64 -d\n{S}", lo(32), "kite-creds")


@C(OUT, "kubectl-secret-yaml-base64-data")
def _f():
    raw = _hp()
    enc = _b64mod.b64encode(raw.encode()).decode()
    u = _user()
    t = ("apiVersion: v1\ndata:\n  password: %s\n  username: %s\nkind: Secret\nmetadata:\n  name: fix-lmax-logon\n"
         "  namespace: fix\ntype: Opaque" % (enc, _b64mod.b64encode(u.encode()).decode()))
    return t, enc, "fix-lmax-logon"


T(OUT, "docker-inspect-env-json", "$ docker inspect md-gateway --format '{{json .Config.Env}}'\n[\"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\",\"POLYGON_API_KEY={S}\",\"TZ=America/New_York\",\"LOG_LEVEL=info\"]", an(32), "TZ=America/New_York")
T(OUT, "git-config-list-remote-token", "$ git config --list --show-origin | grep url\nfile:.git/config        remote.origin.url=https://{user}:{S}@github.com/{K}/risk-engine.git", pre("ghp_", 36), "risk-engine.git", K=lambda: _firmword().lower())
T(OUT, "cat-pgpass-lines", "$ cat ~/.pgpass\n{host}:5432:{db}:{user}:{S}\nlocalhost:5432:*:postgres:*", hp(), "{host}")
T(OUT, "cat-netrc-machine", "$ cat ~/.netrc\nmachine sftp.{dom}\n  login {user}\n  password {S}", hp(), "{user}")
T(OUT, "pip-config-list-index", "$ pip config list\nglobal.index-url='https://{user}:{S}@pypi.{dom}/simple'\nglobal.trusted-host='pypi.{dom}'", rp(20), "{user}")
T(OUT, "cat-aws-credentials-profile", "$ cat ~/.aws/credentials\n[research]\naws_access_key_id = AKIA{K}\naws_secret_access_key = {S}\nregion = {region}", an(40, _AN + "+/"), "[research]", K=lambda: _s(16, _B32))
T(OUT, "systemctl-show-environment", "$ systemctl show ibgateway -p Environment\nEnvironment=DISPLAY=:1 TWS_USERID={user} TWS_PASSWORD={S} TRADING_MODE=live", hp(), "TRADING_MODE=live")
T(OUT, "ps-aux-java-sysprop", "$ ps aux | grep [f]ixgw\n{user}  {pid}  2.1  0.4 8123456 301244 ?  Ssl  06:58  12:41 /usr/bin/java -Xmx4g -Dfix.sender={sender} -Dfix.password={S} -jar /opt/fixgw/fixgw.jar", rp(12), "{sender}")
T(OUT, "crontab-l-db-pass", "$ crontab -l\n30 18 * * 1-5 /opt/recon/run_recon.sh --db-host {host} --db-pass '{S}' >> /var/log/recon.log 2>&1", hp(), "/opt/recon/run_recon.sh")
T(OUT, "shell-history-export", "$ history | tail -4\n 1040  cd ~/bots/grid\n 1041  vim config.json\n 1042  export BINANCE_API_SECRET={S}\n 1043  python grid.py --symbol {sym}", an(64), "grid.py")
T(OUT, "grep-rn-password-hit", "$ grep -rn -i password /opt/fixgw/conf/\n/opt/fixgw/conf/{K}.cfg:14:Password={S}\n/opt/fixgw/conf/{K}.cfg:15:ResetOnLogon=Y", rp(10), "ResetOnLogon=Y", K=lambda: _pick(["lmax", "currenex", "ebs", "integral", "hotspot", "fxall"]))
T(OUT, "cat-lean-credentials-json", '$ cat ~/.lean/credentials\n{\n    "user-id": "{K}",\n    "api-token": "{S}"\n}', hx(64), '"user-id"', K=dg(6))
T(OUT, "jupyter-server-list", "$ jupyter server list\nCurrently running servers:\nhttp://{host}:8888/?token={S} :: /home/{user}/research", hx(48), "/home/{user}/research")
T(OUT, "docker-compose-config-resolved", "$ docker compose config | grep -A3 environment\n    environment:\n      DATABENTO_API_KEY: {S}\n      DATASET: XNAS.ITCH\n      TZ: UTC", pre("db-", 29), "XNAS.ITCH")
T(OUT, "vault-kv-get-table", "$ vault kv get secret/brokers/saxo\n====== Data ======\nKey           Value\n---           -----\napp_key       {K}\napp_secret    {S}", hx(32), "app_key", K=hx(32))
T(OUT, "terraform-output-json", '$ terraform output -json\n{\n  "kafka_api_key": {"sensitive": false, "type": "string", "value": "{K}"},\n  "kafka_api_secret": {"sensitive": false, "type": "string", "value": "{S}"}\n}', an(64, _AN + "+/"), "kafka_api_key", K=up(16))
T(OUT, "confluent-api-key-create-table", "$ confluent api-key create --resource lkc-{L}\nIt may take a couple of minutes for the API key to be ready.\nSave the API key and secret. The secret is not retrievable later.\n+------------+------------------------------------------------------------------+\n| API Key    | {K}                                                 |\n| API Secret | {S} |\n+------------+------------------------------------------------------------------+", an(64, _AN + "+/"), "API Key", K=up(16), L=lo(6))
T(OUT, "gh-auth-token-echo", "$ gh auth token\n{S}", pre("gho_", 36), "gh auth token")
T(OUT, "proc-environ-dump", "$ sudo cat /proc/{pid}/environ | tr '\\0' '\\n' | grep KITE\nKITE_API_KEY={K}\nKITE_API_SECRET={S}\nKITE_REDIRECT=https://{host}/kite/callback", lo(32), "KITE_REDIRECT", K=lo(16))
T(OUT, "redis-config-get-requirepass", "{ip}:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"{S}\"", rp(24), "requirepass")
T(OUT, "curl-verbose-bearer-echo", "$ curl -v https://api.tradier.com/v1/user/profile -H \"Authorization: Bearer {S}\"\n*   Trying 52.{n}.14.{n}:443...\n> GET /v1/user/profile HTTP/2\n> Host: api.tradier.com\n> user-agent: curl/8.5.0\n> authorization: Bearer {S}\n< HTTP/2 200", an(28), "Host: api.tradier.com")


@C(OUT, "curl-verbose-basic-header")
def _f():
    u, p, h = _user(), _hp(), _host()
    enc = _b64mod.b64encode(("%s:%s" % (u, p)).encode()).decode()
    t = "> GET /api/v1/positions HTTP/1.1\n> Host: %s\n> Authorization: Basic %s\n> User-Agent: curl/7.81.0\n> Accept: */*\n< HTTP/1.1 200 OK" % (h, enc)
    return t, enc, h


T(OUT, "httpie-kraken-headers", "$ http --print=Hh POST https://api.kraken.com/0/private/Balance nonce=={n}\nPOST /0/private/Balance HTTP/1.1\nAPI-Key: {S}\nAPI-Sign: {K}\nContent-Type: application/x-www-form-urlencoded", b64(42), "api.kraken.com", K=b64(64))
T(OUT, "python-keyring-print", "$ python -c \"import keyring; print(keyring.get_password('saxo', 'app_secret'))\"\n{S}", hx(32), "keyring.get_password")
T(OUT, "op-read-password", "$ op read \"op://Trading/IBKR {K}/password\"\n{S}", hp(), "op://Trading/IBKR", K=F["ibacct"])
T(OUT, "macos-security-find-generic", "$ security find-generic-password -s \"TWS-{K}\" -a {user} -w\n{S}", hp(), "-a {user}", K=F["ibacct"])
T(OUT, "az-keyvault-secret-show-tsv", "$ az keyvault secret show --name fix-lmax-pw --vault-name kv-trading-{env} --query value -o tsv\n{S}", rp(14), "fix-lmax-pw")
T(OUT, "aws-secretsmanager-escaped-json", "$ aws secretsmanager get-secret-value --secret-id prod/md/polygon\n{\n    \"ARN\": \"arn:aws:secretsmanager:{region}:{K}:secret:prod/md/polygon-{L}\",\n    \"Name\": \"prod/md/polygon\",\n    \"SecretString\": \"{\\\"apiKey\\\":\\\"{S}\\\"}\",\n    \"VersionStages\": [\"AWSCURRENT\"]\n}", an(32), "prod/md/polygon", K=dg(12), L=an(6))
T(OUT, "gcloud-secrets-access", "$ gcloud secrets versions access latest --secret=databento-key --project={K}-research\n{S}", pre("db-", 29), "databento-key", K=lambda: _firmword().lower())
T(OUT, "kubectl-describe-pod-env", "$ kubectl describe pod md-ingest-7c9f{L}\n...\n    Environment:\n      POLYGON_API_KEY:   {S}\n      NATS_URL:          nats://{host}:4222\n    Mounts:", an(32), "NATS_URL", L=lo(5))
T(OUT, "docker-history-no-trunc-env", "$ docker history --no-trunc registry.{dom}/research/notebook:latest | grep ENV\n<missing>   3 weeks ago   /bin/sh -c #(nop)  ENV TIINGO_TOKEN={S}   0B", hx(40), "research/notebook:latest")
T(OUT, "strings-binary-grep", "$ strings -n 8 build/fixgw | grep -i logon\nlogon_user={user}\nlogon_password={S}\nlogon_timeout_ms=5000", rp(12), "logon_timeout_ms")
T(OUT, "sqlite-creds-row", "$ sqlite3 ~/.config/qcsync/settings.db 'select * from creds'\nquantconnect|{K}|{S}", hx(64), "quantconnect", K=dg(6))
T(OUT, "q-console-dict-pass", "q)cfg\nhost| `{K}\nport| 5010\nuser| `{user}\npass| \"{S}\"", hp(), "{user}", K=lambda: _pick(_ROLES) + "01")
T(OUT, "ipython-env-magic-dict", "In [3]: %env\nOut[3]:\n{'HOME': '/home/jovyan',\n 'JUPYTER_IMAGE': 'quant-research:{ver}',\n 'POLYGON_API_KEY': '{S}',\n 'SHELL': '/bin/bash'}", an(32), "quant-research:")
T(OUT, "ipython-out-environ", "In [7]: os.environ['OANDA_TOKEN']\nOut[7]: '{S}'", _oanda, "OANDA_TOKEN")
T(OUT, "python-print-config-dict", ">>> print(cfg)\n{'broker': 'saxo', 'env': 'sim', 'app_key': '{K}', 'app_secret': '{S}', 'redirect_uri': 'http://localhost:8765/cb'}", hx(32), "redirect_uri", K=hx(32))
T(OUT, "cat-dotenv-head", "$ head -5 .env\nBROKER=alpaca\nALPACA_ENDPOINT=https://api.alpaca.markets\nALPACA_KEY={K}\nALPACA_SECRET={S}\nLOG_LEVEL=DEBUG", an(40), "LOG_LEVEL=DEBUG", K=pre("AK", 18, _UAN))
T(OUT, "cat-npmrc-authtoken", "$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken={S}\n@{K}:registry=https://npm.pkg.github.com", pre("npm_", 36), "npm.pkg.github.com", K=lambda: _firmword().lower())
T(OUT, "ansible-vault-view", "$ ansible-vault view group_vars/colo/vault.yml\nVault password:\nvault_fix_logon_password: {S}\nvault_ipmi_password: \"{K}\"", hp(), "vault_fix_logon_password", K=rp(12))
T(OUT, "sops-decrypt-yaml", "$ sops -d secrets/{env}.enc.yaml\nrdp:\n    username: {K}\n    password: {S}\n    app_key: {L}", hp(), "rdp:", K=lambda: "GE-A-%s-3-%s" % (_dg(8), _dg(4)), L=hx(40))
T(OUT, "helm-get-values", "$ helm get values md-gateway -n marketdata\nUSER-SUPPLIED VALUES:\nbpipe:\n  appName: {K}:MDGW\n  host: {host}\n  tlsPassword: {S}", rp(18), "USER-SUPPLIED VALUES", K=lambda: _firmword().upper())
T(OUT, "kubectl-configmap-misplaced-pw", "$ kubectl get cm fixgw-cfg -o yaml\napiVersion: v1\ndata:\n  session.cfg: |\n    [SESSION]\n    SenderCompID={sender}\n    TargetCompID={target}\n    Password={S}\nkind: ConfigMap", rp(10), "{target}")
T(OUT, "git-diff-password-line", "$ git diff conf/lmax-{env}.cfg\n@@ -11,7 +11,7 @@ SocketConnectPort=443\n HeartBtInt=30\n-Password=CHANGEME\n+Password={S}\n ResetOnLogon=Y", hp(), "SocketConnectPort=443")
T(OUT, "git-log-patch-added-secret", "$ git log -p -1 -- .env.example\ncommit {K}\nAuthor: {first} {last} <{mail}>\n\n+KITE_API_KEY={L}\n+KITE_API_SECRET={S}", lo(32), "commit {K}", K=hx(40), L=lo(16))
T(OUT, "git-show-prod-yaml", "$ git show HEAD~3:config/prod.yaml | sed -n 20,26p\nbroker:\n  name: tradier\n  account: {K}\n  access_token: {S}\n  sandbox: false", an(28), "name: tradier", K=lambda: "6YA" + _dg(5))
T(OUT, "ip-xfrm-state-enc-key", "$ sudo ip xfrm state\nsrc {ip} dst 172.16.{n}.1\n\tproto esp spi 0x{K} reqid 1 mode tunnel\n\treplay-window 0 flag af-unspec\n\tauth-trunc hmac(sha256) 0x{S} 128\n\tenc cbc(aes) 0x{L}", hx(64), "proto esp", K=hx(8), L=hx(32))
T(OUT, "wg-showconf-private-key", "$ sudo wg showconf wg-colo\n[Interface]\nListenPort = 51820\nPrivateKey = {S}\n\n[Peer]\nPublicKey = {K}\nAllowedIPs = 10.{n}.0.0/16\nEndpoint = {ip}:51820", b64(32), "ListenPort = 51820", K=b64(32))
T(OUT, "arista-show-run-snmp", "{K}#show running-config | section snmp\nsnmp-server contact noc@{dom}\nsnmp-server location {site} cage 4 rack 12\nsnmp-server community {S} ro MGMT-ACL", lambda: "c0lo" + _s(8, _AN), "snmp-server location", K=lambda: _pick(_SITES) + "-leaf" + str(_R.randint(1, 9)))
T(OUT, "cisco-tacacs-key-type7", "{K}#show run | i tacacs\ntacacs-server host {ip} key 7 {S}\nip tacacs source-interface Mgmt0", HX(22), "tacacs-server host", K=lambda: _pick(_SITES) + "-core1")
T(OUT, "pass-show-entry", "$ pass show trading/kraken/{env}\n{S}\napi_key: {K}\nurl: https://www.kraken.com", _kraken_priv, "url: https://www.kraken.com", K=b64(42))
T(OUT, "bitwarden-get-password", "$ bw get password \"Saxo OpenAPI {env}\"\n{S}", hp(), "Saxo OpenAPI")
T(OUT, "conda-config-token-channel", "$ conda config --show channels\nchannels:\n  - https://conda.{dom}/t/{S}/quant-internal\n  - conda-forge", lambda: _s(2, _LO) + "-" + _uuid(), "conda-forge")
T(OUT, "docker-exec-cat-run-secret", "$ docker exec fixgw cat /run/secrets/lmax_logon\n{S}", rp(12), "/run/secrets/lmax_logon")
T(OUT, "psql-user-mappings-umoptions", " srvname  | usename  |                 umoptions\n----------+----------+--------------------------------------------\n legacy_oms | {user} | {user=svc_oms_ro,password={S}}", hp(), "legacy_oms")
T(OUT, "clickhouse-show-create-mysql-engine", "SHOW CREATE TABLE oms_orders\n\nCREATE TABLE default.oms_orders (...)\nENGINE = MySQL('{host}:3306', 'oms', 'orders', '{user}', '{S}')", hp(), "{host}:3306")
T(OUT, "kafka-connect-config-jq", "$ curl -s localhost:8083/connectors/fills-jdbc-sink/config | jq\n{\n  \"connector.class\": \"io.confluent.connect.jdbc.JdbcSinkConnector\",\n  \"connection.url\": \"jdbc:postgresql://{host}:5432/{db}\",\n  \"connection.user\": \"{user}\",\n  \"connection.password\": \"{S}\",\n  \"topics\": \"fills.v2\"\n}", hp(), "fills.v2")
T(OUT, "airflow-connections-get-json", "$ airflow connections get md_postgres -o json\n[{\"id\": \"12\", \"conn_id\": \"md_postgres\", \"conn_type\": \"postgres\", \"host\": \"{host}\", \"schema\": \"{db}\", \"login\": \"{user}\", \"password\": \"{S}\", \"port\": \"5432\"}]", hp(), "md_postgres")
T(OUT, "prefect-config-view-secrets", "$ prefect config view --show-secrets\nPREFECT_PROFILE='research'\nPREFECT_API_KEY='{S}' (from profile)\nPREFECT_API_URL='https://api.prefect.cloud/api/accounts/{uuid}/workspaces/{clid}' (from profile)", pre("pnu_", 36), "PREFECT_PROFILE")
T(OUT, "systemctl-cat-environment-line", "$ systemctl cat tickerplant@5010\n# /etc/systemd/system/tickerplant@.service\n[Service]\nEnvironment=\"KDB_USER={user}\" \"KDB_PASS={S}\"\nExecStart=/opt/kdb/l64/q tick.q sym /data/tplog -p %i", hp(), "tick.q sym")
T(OUT, "mt5-journal-accounts-ini", "$ type \"%APPDATA%\\MetaQuotes\\Terminal\\{K}\\config\\accounts.ini\"\n[Account]\nLogin={L}\nPassword={S}\nServer={M}-Live", hp(), "Login={L}", K=HX(32), L=dg(8), M=lambda: _firmword())
T(OUT, "env-dump-ci-like-sorted", "$ env | sort | sed -n 18,22p\nHOSTNAME={K}\nIBKR_FLEX_QUERY_ID={L}\nIBKR_FLEX_TOKEN={S}\nLANG=C.UTF-8", dg(24), "IBKR_FLEX_QUERY_ID", K=lambda: _pick(_ROLES) + "-" + _s(5, _LAN), L=dg(6))
T(OUT, "nmcli-show-secrets-vpn", "$ nmcli --show-secrets connection show colo-{site} | grep vpn.secrets\nvpn.secrets:                            password = {S}", hp(), "vpn.secrets")
T(OUT, "mongo-getparameter-uri", "rs0:PRIMARY> db.getSiblingDB('config').settings.findOne()\n{ \"_id\" : \"arcticUri\", \"value\" : \"mongodb://{user}:{S}@{host}:27017/?replicaSet=rs0\" }", rp(16), "arcticUri")
T(OUT, "tshark-fix-logon-decode", "$ tshark -r logon.pcap -Y fix -T fields -e fix.SenderCompID -e fix.Password\n{sender}\t{S}", rp(10), "{sender}")
T(OUT, "ibgateway-jts-ini-print", "$ cat ~/Jts/jts.ini | grep -v '^#'\n[IBGateway]\nWriteDebug=false\nTrustedIPs=127.0.0.1\nLocalServerPort=4002\n[Logon]\nUseRemoteSettings=no\nLocale=en\nIbLoginId={user}\nIbPassword={S}", hp(), "LocalServerPort=4002")


# ================================================================ config-file
_rdpuser = lambda: "GE-A-%s-3-%s" % (_dg(8), _dg(4))
T(CFG, "quickfixj-keystore-password", "# conf/{K}.cfg\n[default]\nConnectionType=initiator\nHeartBtInt=30\nSocketUseSSL=Y\nSocketKeyStore=/etc/fix/keys/{K}.jks\nSocketKeyStorePassword={S}\n\n[session]\nBeginString={fixver}\nSenderCompID={sender}\nTargetCompID={target}\nSocketConnectHost={host}", rp(14), "{sender}", K=lambda: _pick(["lmax", "cboefx", "ebs", "currenex"]))
T(CFG, "quickfix-session-custom-password", "[SESSION]\nBeginString=FIX.4.4\nSenderCompID={sender}\nTargetCompID={target}\nSocketConnectHost={ip}\nSocketConnectPort=443\nUsername={user}\nPassword={S}\nResetOnLogon=Y", rp(10), "{target}")
T(CFG, "quickfixj-jdbc-store-password", "JdbcDriver=org.postgresql.Driver\nJdbcURL=jdbc:postgresql://{host}:5432/fixstore\nJdbcUser={user}\nJdbcPassword={S}\nJdbcStoreMessagesTableName=messages", hp(), "JdbcStoreMessagesTableName")
T(CFG, "ibc-config-ini-login", "# ~/ibc/config.ini\nFIX=no\nIbLoginId={user}\nIbPassword={S}\nTradingMode=live\nAcceptNonBrokerageAccountWarning=yes\nExistingSessionDetectedAction=primary", hp(), "TradingMode=live")
T(CFG, "ibc-config-ini-fix-credentials", "FIX=yes\nFIXLoginId={user}\nFIXPassword={S}\nIbAutoClosedown=no\nClosedownAt=Friday 22:00", hp(), "ClosedownAt")
T(CFG, "dotenv-alpaca-live", "# .env.live  (do not commit)\nAPCA_API_BASE_URL=https://api.alpaca.markets\nAPCA_API_KEY_ID={K}\nAPCA_API_SECRET_KEY={S}\nMAX_NOTIONAL=250000", an(40), "MAX_NOTIONAL", K=pre("AK", 18, _UAN))
T(CFG, "freqtrade-exchange-json", '"exchange": {\n    "name": "binance",\n    "key": "{K}",\n    "secret": "{S}",\n    "ccxt_config": {},\n    "pair_whitelist": ["BTC/USDT", "ETH/USDT", "SOL/USDT"]\n}', an(64), "pair_whitelist", K=an(64))
T(CFG, "lseg-data-config-json", '{\n  "sessions": {\n    "default": "platform.rdp",\n    "platform": {\n      "rdp": {\n        "app-key": "{K}",\n        "username": "{L}",\n        "password": "{S}"\n      }\n    }\n  }\n}', hp(), '"default": "platform.rdp"', K=hx(40), L=_rdpuser)
T(CFG, "rto-client-credentials-yaml", "lseg:\n  rto:\n    client_id: {K}\n    client_secret: {S}\n    endpoint: wss://{host}:443/WebSocket\n    service: ELEKTRON_DD", _uuid, "ELEKTRON_DD", K=_rdpuser)
T(CFG, "bpipe-ini-tls-password", "[bpipe]\nhosts = {host}:8194,{host2}:8194\nauth_options = AuthenticationMode=APPLICATION_ONLY;ApplicationAuthenticationType=APPNAME_AND_KEY;ApplicationName={K}:MDFEED\ntls_client_pk12 = /etc/bbg/{K}.p12\ntls_client_pk12_password = {S}", rp(16), "ApplicationName={K}:MDFEED", K=lambda: _firmword().upper())
T(CFG, "bbg-dl-credential-file", '{"client_id":"{K}","client_secret":"{S}","name":"{L}-dl-prod","scopes":["eap","beapData","reportingapi"],"expiration_date":17{M},"created_date":16{N}}', hx(64), '"client_id":"{K}"', K=hx(32), L=lambda: _firmword().lower(), M=dg(11), N=dg(11))
T(CFG, "kdb-u-passwd-plain", "# /opt/kdb/etc/tp.passwd  (-u file for tickerplant)\nsvc_rdb:{K}\n{user}:{S}\nreadonly:{L}", rp(12), "# /opt/kdb/etc/tp.passwd", K=rp(12), L=rp(12))
T(CFG, "torq-passwords-default-txt", "# TorQ config/passwords/default.txt\n{user}:{S}", hp(), "config/passwords/default.txt")
T(CFG, "kafka-client-properties-plain", "bootstrap.servers={host}:9093\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{user}\" password=\"{S}\";", rp(18), "SASL_SSL")
T(CFG, "kafka-server-ssl-key-password", "listeners=SSL://{host}:9093\nssl.keystore.location=/var/private/ssl/kafka.server.keystore.jks\nssl.keystore.password={K}\nssl.key.password={S}\nssl.truststore.location=/var/private/ssl/kafka.server.truststore.jks", rp(16), "ssl.truststore.location", K=rp(16))
T(CFG, "librdkafka-ccloud-sasl-password", "bootstrap.servers=pkc-{K}.{region}.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanisms=PLAIN\nsasl.username={L}\nsasl.password={S}", an(64, _AN + "+/"), "sasl.username={L}", K=lo(5), L=up(16))
T(CFG, "schema-registry-basic-auth-info", "schema.registry.url=https://psrc-{K}.{region}.aws.confluent.cloud\nbasic.auth.credentials.source=USER_INFO\nbasic.auth.user.info={L}:{S}", an(64, _AN + "+/"), "{L}", K=lo(5), L=up(16))
T(CFG, "settings-toml-sqlalchemy-url", '[database]\nurl = "postgresql+psycopg2://{user}:{S}@{host}:5432/{db}"\npool_size = 10', hp(), "{host}")
T(CFG, "spring-datasource-yaml", "spring:\n  datasource:\n    url: jdbc:postgresql://{host}:5432/{db}\n    username: {user}\n    password: {S}\n    hikari:\n      maximum-pool-size: 20", hp(), "maximum-pool-size")
T(CFG, "appsettings-sqlserver-connstring", '{\n  "ConnectionStrings": {\n    "Oms": "Server={host},1433;Database={db};User Id={user};Password={S};TrustServerCertificate=True"\n  },\n  "Ems": { "Venue": "{target}" }\n}', hp(), "TrustServerCertificate=True")
T(CFG, "hibernate-cfg-xml-password", '<property name="hibernate.connection.url">jdbc:oracle:thin:@//{host}:1521/RISKP</property>\n<property name="hibernate.connection.username">{user}</property>\n<property name="hibernate.connection.password">{S}</property>', hp(), "hibernate.connection.username")
T(CFG, "tomcat-context-resource-attr", '<Resource name="jdbc/PositionsDB" auth="Container" type="javax.sql.DataSource"\n          username="{user}" password="{S}"\n          driverClassName="org.postgresql.Driver" url="jdbc:postgresql://{host}:5432/{db}"/>', hp(), "jdbc/PositionsDB")
T(CFG, "pgbouncer-userlist-plain", '"{user}" "{S}"\n"svc_risk_ro" "md5{K}"', hp(), "svc_risk_ro", K=hx(32))
T(CFG, "my-cnf-client-password", "[client]\nhost={host}\nuser={user}\npassword=\"{S}\"\ndefault-character-set=utf8mb4", hp(), "default-character-set")
T(CFG, "odbc-ini-pwd", "[RiskDSN]\nDriver=ODBC Driver 18 for SQL Server\nServer={host}\nDatabase={db}\nUID={user}\nPWD={S}\nEncrypt=yes", hp(), "[RiskDSN]")
T(CFG, "redis-conf-requirepass-masterauth", "bind 0.0.0.0\nport 6379\nrequirepass {S}\nmasterauth {S}\nmaxmemory 24gb", rp(24), "maxmemory 24gb")
T(CFG, "arctic-yaml-mongo-uri", "arctic:\n  uri: mongodb://{user}:{S}@{host}:27017,{host2}:27017/?replicaSet=arctic\n  library: eq.ticks", rp(16), "eq.ticks")
T(CFG, "arcticdb-s3-uri-secret", 'ARCTIC_URI = "s3s://s3.{region}.amazonaws.com:{bucket}?access=AKIA{K}&secret={S}&path_prefix=l2"', an(40, _AN + "+/"), "path_prefix=l2", K=lambda: _s(16, _B32))
T(CFG, "s3cfg-secret-key", "[default]\naccess_key = {K}\nsecret_key = {S}\nhost_base = s3.wasabisys.com\nhost_bucket = %(bucket)s.s3.wasabisys.com", an(40), "host_base", K=up(20))
T(CFG, "rclone-conf-section", "[tickarchive]\ntype = s3\nprovider = Ceph\naccess_key_id = {K}\nsecret_access_key = {S}\nendpoint = https://ceph.{dom}", an(40), "provider = Ceph", K=up(20))


@C(CFG, "docker-config-json-auth-b64")
def _f():
    u, p = _user(), rp(16)()
    enc = _b64mod.b64encode(("%s:%s" % (u, p)).encode()).decode()
    reg = "registry." + _dom()
    return '{\n  "auths": {\n    "%s": {\n      "auth": "%s"\n    }\n  }\n}' % (reg, enc), enc, reg


T(CFG, "npmrc-github-packages-token", "@{K}:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={S}\nalways-auth=true", pre("ghp_", 36), "always-auth=true", K=lambda: _firmword().lower())
T(CFG, "pip-conf-index-creds", "[global]\nindex-url = https://{user}:{S}@pypi.{dom}/simple\ntimeout = 60", rp(18), "timeout = 60")
T(CFG, "pypirc-token-password", "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = {S}", lambda: "pypi-AgEIcHlwaS5vcmc" + _s(120, _B64U), "username = __token__")
T(CFG, "nginx-proxy-set-bearer", "location /md/ {\n    proxy_pass https://api.polygon.io/;\n    proxy_set_header Authorization \"Bearer {S}\";\n    proxy_set_header Host api.polygon.io;\n}", an(32), "location /md/")
T(CFG, "haproxy-set-header-apikey", "backend databento\n    http-request set-header X-Api-Key {S}\n    server hist hist.databento.com:443 ssl verify required", pre("db-", 29), "backend databento")
T(CFG, "grafana-ini-admin-password", "[security]\nadmin_user = admin\nadmin_password = {S}\nsecret_key = {K}", hp(), "admin_user", K=an(20))
T(CFG, "grafana-datasource-securejson", "datasources:\n  - name: kdb-rdb\n    type: postgres\n    url: {host}:5432\n    user: {user}\n    secureJsonData:\n      password: \"{S}\"", hp(), "kdb-rdb")
T(CFG, "prometheus-basic-auth-scrape", "scrape_configs:\n  - job_name: fixgw\n    basic_auth:\n      username: {user}\n      password: {S}\n    static_configs:\n      - targets: ['{host}:9100']", rp(16), "job_name: fixgw")
T(CFG, "alertmanager-slack-webhook", "receivers:\n  - name: trading-desk\n    slack_configs:\n      - api_url: https://hooks.slack.com/services/T{K}/B{L}/{S}\n        channel: '#md-alerts'", an(24), "#md-alerts", K=up(8), L=up(10))
T(CFG, "telegraf-influx-token", "[[outputs.influxdb_v2]]\n  urls = [\"http://{host}:8086\"]\n  token = \"{S}\"\n  organization = \"quant\"\n  bucket = \"latency\"", lambda: _b64b(64).replace("+", "-").replace("/", "_"), "bucket = \"latency\"")
T(CFG, "supervisord-environment-line", "[program:rdb]\ncommand=/opt/kdb/l64/q r.q {host}:5010 -p 5011\nenvironment=KDB_USER=\"{user}\",KDB_PASS=\"{S}\"\nautorestart=true", hp(), "[program:rdb]")
T(CFG, "systemd-dropin-fix-password", "# /etc/systemd/system/fixgw.service.d/override.conf\n[Service]\nEnvironment=FIX_SENDER={sender}\nEnvironment=FIX_PASSWORD={S}", rp(10), "FIX_SENDER={sender}")
T(CFG, "jupyter-server-config-token", "# ~/.jupyter/jupyter_server_config.py\nc.ServerApp.ip = '0.0.0.0'\nc.ServerApp.token = '{S}'\nc.ServerApp.open_browser = False", hx(48), "c.ServerApp.ip")
T(CFG, "jupyterhub-service-api-token", "c.JupyterHub.services = [\n    {'name': 'idle-culler', 'api_token': '{S}', 'admin': True},\n]", hx(32), "idle-culler")
T(CFG, "strongswan-ipsec-secrets-psk", "# /etc/ipsec.secrets\n{ip} %any : PSK \"{S}\"", rp(32), "/etc/ipsec.secrets")
T(CFG, "wireguard-conf-preshared", "[Peer]\nPublicKey = {K}\nPresharedKey = {S}\nAllowedIPs = 10.{n}.0.0/16\nPersistentKeepalive = 25", b64(32), "PersistentKeepalive", K=b64(32))
T(CFG, "openvpn-auth-txt-two-lines", "# /etc/openvpn/client/colo-{site}.auth\n{user}\n{S}", hp(), "{user}")
T(CFG, "arista-startup-secret-0", "username admin privilege 15 role network-admin secret 0 {S}\nusername noc privilege 1 nopassword\nmanagement api http-commands\n   no shutdown", hp(), "management api http-commands")
T(CFG, "chrony-keys-sha256", "# /etc/chrony.keys\n1 SHA256 HEX:{S}", HX(64), "/etc/chrony.keys")
T(CFG, "snmpd-createuser-v3", "createUser monitor SHA \"{S}\" AES \"{K}\"\nrouser monitor priv", hp(), "rouser monitor priv", K=rp(14))
T(CFG, "rithmic-ini-credentials", "[rithmic]\nsystem_name = Rithmic Paper Trading\ngateway = Chicago Area\nuser = {user}\npassword = {S}\napp_name = {K}:mm", hp(), "system_name", K=lambda: _firmword().lower())
T(CFG, "kite-toml-totp-secret", "[kite]\napi_key = \"{K}\"\napi_secret = \"{L}\"\nuser_id = \"{M}\"\ntotp_secret = \"{S}\"", lambda: _s(32, _B32), "user_id", K=lo(16), L=lo(32), M=lambda: _s(2, _UP) + _dg(4))
T(CFG, "tpqoa-oanda-cfg", "[oanda]\naccount_id = {oacct}\naccess_token = {S}\naccount_type = practice", _oanda, "account_type = practice")
T(CFG, "lean-config-ib-password", '  "ib-account": "{duacct}",\n  "ib-user-name": "{user}",\n  "ib-password": "{S}",\n  "ib-trading-mode": "paper",', hp(), '"ib-trading-mode": "paper"')
T(CFG, "lean-config-oanda-token", '  "oanda-environment": "Practice",\n  "oanda-access-token": "{S}",\n  "oanda-account-id": "{oacct}",', _oanda, "oanda-environment")
T(CFG, "ccxt-keys-json", '{\n  "kraken": {"apiKey": "{K}", "secret": "{S}"},\n  "bitstamp": {"apiKey": "", "secret": ""}\n}', _kraken_priv, '"bitstamp"', K=b64(42))
T(CFG, "okx-yaml-passphrase", "okx:\n  api_key: {K}\n  secret_key: {L}\n  passphrase: \"{S}\"\n  simulated: true", hp(), "simulated: true", K=_uuid, L=HX(32))
T(CFG, "deribit-toml-client-secret", "[deribit]\nclient_id = \"{K}\"\nclient_secret = \"{S}\"\ntestnet = true", an(43, _B64U), "testnet = true", K=an(8))
T(CFG, "dotenv-wallet-private-key", "RPC_URL=https://eth-mainnet.{dom}/v2/\nWALLET_ADDRESS=0x{K}\nWALLET_PRIVATE_KEY=0x{S}", hx(64), "WALLET_ADDRESS", K=hx(40))


@C(CFG, "gcp-service-account-json-key")
def _f():
    body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + _s(1530, _B64) + "="
    body = "\\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    proj = _firmword().lower() + "-research"
    t = ('{\n  "type": "service_account",\n  "project_id": "%s",\n  "private_key_id": "%s",\n'
         '  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n'
         '  "client_email": "bq-loader@%s.iam.gserviceaccount.com"\n}' % (proj, _s(40, _HEX), body, proj))
    return t, body, '"type": "service_account"'


@C(CFG, "symphony-bot-yaml-inline-pem")
def _f():
    pem, body = _pem("PKCS8")
    ind = "\n".join("      " + l for l in pem.split("\n"))
    t = "host: %s.symphony.com\nbot:\n  username: trading-desk-bot\n  privateKey:\n    content: |\n%s" % (_firmword().lower(), ind)
    b = "\n".join("      " + l for l in body.split("\n")).lstrip()
    return t, b, "trading-desk-bot"


@C(CFG, "filezilla-sitemanager-b64-pass")
def _f():
    p = _hp()
    enc = _b64mod.b64encode(p.encode()).decode()
    h = "sftp." + _dom()
    t = "<Server>\n  <Host>%s</Host>\n  <Port>22</Port>\n  <Protocol>1</Protocol>\n  <User>%s</User>\n  <Pass encoding=\"base64\">%s</Pass>\n  <Name>Clearing EOD</Name>\n</Server>" % (h, _user(), enc)
    return t, enc, h


T(CFG, "winscp-ini-obfuscated-password", "[Sessions\\clearing-sftp]\nHostName=sftp.{dom}\nUserName={user}\nPassword={S}", HX(58), "HostName=sftp.")
T(CFG, "telegram-alert-bot-yaml", "alerts:\n  telegram:\n    bot_token: \"{K}:{S}\"\n    chat_id: -100{L}", lambda: "AA" + _s(33, _B64U), "chat_id", K=dg(10), L=dg(10))
T(CFG, "logstash-es-output-password", "output {\n  elasticsearch {\n    hosts => [\"https://{host}:9200\"]\n    user => \"{user}\"\n    password => \"{S}\"\n    index => \"fix-%{+YYYY.MM.dd}\"\n  }\n}", hp(), "index =>")
T(CFG, "fluentbit-http-passwd", "[OUTPUT]\n    Name         es\n    Match        fixlog.*\n    Host         {host}\n    HTTP_User    {user}\n    HTTP_Passwd  {S}", rp(16), "fixlog.*")
T(CFG, "vector-toml-datadog-key", "[sinks.dd_latency]\ntype = \"datadog_metrics\"\ninputs = [\"tick_to_trade\"]\ndefault_api_key = \"{S}\"", hx(32), "tick_to_trade")
T(CFG, "datadog-agent-yaml-api-key", "api_key: {S}\nsite: datadoghq.eu\nhostname: {host}\ntags:\n  - desk:delta-one", hx(32), "desk:delta-one")
T(CFG, "toml-polygon-section-key", "[polygon]\nkey = \"{S}\"\nrate_limit_per_min = 5\n\n[storage]\nroot = \"/data/polygon\"", an(32), "rate_limit_per_min")
T(CFG, "airflow-cfg-fernet-and-conn", "[core]\nexecutor = CeleryExecutor\nfernet_key = {S}\n\n[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:{K}@{host}/airflow", lambda: _b64mod.urlsafe_b64encode(_rb(32)).decode(), "executor = CeleryExecutor", K=hp())


# ================================================================ source-code
_mnem = lambda: " ".join(_pick(_LOWW + ["abandon", "cable", "donkey", "exile", "fossil", "grape", "hybrid", "island", "jungle", "kidney", "lunar", "mirror", "noble", "orphan", "planet", "rocket", "salad", "tenant", "unveil", "vivid", "wagon"]) for _ in range(12))
T(SRC, "py-alpaca-tradingclient-positional", "from alpaca.trading.client import TradingClient\n\ntrading_client = TradingClient(\"{K}\", \"{S}\", paper=True)", an(40), "paper=True", K=_alpk)
T(SRC, "py-ib-insync-flexreport", "from ib_insync import FlexReport\nreport = FlexReport(token='{S}', queryId='{K}')\ndf = report.df('Trade')", dg(24), "report.df('Trade')", K=dg(6))
T(SRC, "py-kite-generate-session", "kite = KiteConnect(api_key=\"{K}\")\nprint(kite.login_url())\ndata = kite.generate_session(request_token, api_secret=\"{S}\")\nkite.set_access_token(data[\"access_token\"])", lo(32), "kite.login_url()", K=lo(16))
T(SRC, "py-pyotp-base32-seed", "import pyotp\n# zerodha 2FA for headless login\ntwofa = pyotp.TOTP(\"{S}\").now()", lambda: _s(32, _B32), "headless login")
T(SRC, "py-oandapyv20-api-token", "from oandapyV20 import API\napi = API(access_token=\"{S}\", environment=\"practice\")\nr = accounts.AccountSummary(\"{oacct}\")", _oanda, "{oacct}")
T(SRC, "py-saxo-bearer-header-dict", "SAXO_BASE = \"https://gateway.saxobank.com/sim/openapi\"\nheaders = {\"Authorization\": \"Bearer {S}\"}\nr = requests.get(SAXO_BASE + \"/port/v1/balances/me\", headers=headers)", jwt("ES256"), "gateway.saxobank.com")
T(SRC, "py-binance-client-testnet", "from binance.client import Client\nclient = Client(\"{K}\", \"{S}\", testnet=True)\nprint(client.get_account()['balances'][:3])", an(64), "testnet=True", K=an(64))
T(SRC, "py-ccxt-kraken-dict", "ex = ccxt.kraken({\n    'apiKey': '{K}',\n    'secret': '{S}',\n    'enableRateLimit': True,\n})", _kraken_priv, "enableRateLimit", K=b64(42))


@C(SRC, "py-coinbase-cdp-escaped-ec-pem")
def _f():
    body = "MHcCAQEEI" + _s(110, _B64) + "=="
    body = "\\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    t = ('from coinbase.rest import RESTClient\n\napi_key = "organizations/%s/apiKeys/%s"\n'
         'api_secret = "-----BEGIN EC PRIVATE KEY-----\\n%s\\n-----END EC PRIVATE KEY-----\\n"\n'
         'client = RESTClient(api_key=api_key, api_secret=api_secret)' % (_uuid(), _uuid(), body))
    return t, body, "RESTClient(api_key=api_key"


T(SRC, "py-polygon-restclient-positional", "from polygon import RESTClient\nclient = RESTClient(\"{S}\")\naggs = client.get_aggs(\"{sym}\", 1, \"minute\", \"2024-01-02\", \"{date}\")", an(32), "get_aggs")
T(SRC, "py-databento-historical-positional", "import databento as db\nclient = db.Historical(\"{S}\")\ndata = client.timeseries.get_range(dataset=\"XNAS.ITCH\", schema=\"trades\", symbols=[\"{sym}\"], start=\"{date}\")", pre("db-", 29), "XNAS.ITCH")
T(SRC, "py-nasdaqdatalink-apiconfig", "import nasdaqdatalink\nnasdaqdatalink.ApiConfig.api_key = \"{S}\"\nsep = nasdaqdatalink.get_table('SHARADAR/SEP', ticker='{sym}')", an(20, _AN + "-_"), "SHARADAR/SEP")
T(SRC, "py-quandl-legacy-apiconfig", "import quandl\nquandl.ApiConfig.api_key = '{S}'\nwti = quandl.get('EIA/PET_RWTC_D')", an(20, _AN + "-_"), "EIA/PET_RWTC_D")
T(SRC, "py-zipline-environ-quandl", "import os\nos.environ[\"QUANDL_API_KEY\"] = \"{S}\"\nfrom zipline.data import bundles\nbundles.ingest(\"quandl\")", an(20, _AN + "-_"), "bundles.ingest")
T(SRC, "py-backtrader-oandastore-kw", "store = bt.stores.OandaStore(token='{S}', account='{oacct}', practice=True)\ncerebro.broker = store.getbroker()", _oanda, "cerebro.broker")
T(SRC, "py-quantconnect-api-token-const", "USER_ID = {K}\nAPI_TOKEN = \"{S}\"\ntimestamp = str(int(time.time()))\nhashed = sha256(f\"{API_TOKEN}:{timestamp}\".encode()).hexdigest()", hx(64), "USER_ID = {K}", K=dg(6))
T(SRC, "py-blpapi-tls-createfromfiles", "tls = blpapi.TlsOptions.createFromFiles(\"/etc/bbg/{K}.p12\", \"{S}\", \"/etc/bbg/bloomberg-root.pk7\")\nopts.setTlsOptions(tls)", rp(16), "bloomberg-root.pk7", K=lambda: _firmword().lower())
T(SRC, "py-eikon-set-app-key", "import eikon as ek\nek.set_app_key('{S}')\ndf, err = ek.get_data(['VOD.L', 'BARC.L'], ['TR.PriceClose'])", hx(40), "TR.PriceClose")
T(SRC, "py-refinitiv-grantpassword", "session = rd.session.platform.Definition(\n    app_key=APP_KEY,\n    grant=rd.session.platform.GrantPassword(username=\"{K}\", password=\"{S}\"),\n).get_session()", hp(), "{K}", K=_rdpuser)
T(SRC, "q-hopen-symbol-creds", "/ connect to rdb from gateway\nh:hopen `:{host}:5011:{user}:{S}\nh\"count trade\"", rp(12), "{user}")
T(SRC, "q-zpw-inline-check", ".z.pw:{[u;p] $[u~`{user};p~\"{S}\";u in `svc_rdb`svc_hdb]}", hp(), ".z.pw")
T(SRC, "q-setenv-aws-secret", "setenv[`AWS_ACCESS_KEY_ID;\"AKIA{K}\"]\nsetenv[`AWS_SECRET_ACCESS_KEY;\"{S}\"]\n.Q.l `$\":s3://{bucket}/hdb\"", an(40, _AN + "+/"), "AWS_ACCESS_KEY_ID", K=lambda: _s(16, _B32))
T(SRC, "cpp-quickfix-toadmin-password", "void Application::toAdmin(FIX::Message& msg, const FIX::SessionID&) {\n  if (msg.getHeader().getField(FIX::FIELD::MsgType) == FIX::MsgType_Logon) {\n    msg.setField(FIX::Username(\"{user}\"));\n    msg.setField(FIX::Password(\"{S}\"));\n  }\n}", rp(10), "{user}")
T(SRC, "java-quickfixj-setstring-554", "@Override\npublic void toAdmin(Message message, SessionID sessionId) {\n    if (MsgType.LOGON.equals(message.getHeader().getString(MsgType.FIELD))) {\n        message.setString(553, \"{user}\");\n        message.setString(554, \"{S}\");\n    }\n}", rp(10), "553, \"{user}\"")
T(SRC, "csharp-quickfixn-password-field", "public void ToAdmin(Message msg, SessionID sessionID) {\n    if (msg.Header.GetString(Tags.MsgType) == MsgType.LOGON)\n        msg.SetField(new QuickFix.Fields.Password(\"{S}\"));\n}", rp(12), "ToAdmin")
T(SRC, "go-const-binance-secret", "const (\n\tapiKey    = \"{K}\"\n\tapiSecret = \"{S}\"\n)\n\nclient := binance.NewClient(apiKey, apiSecret)", an(64), "binance.NewClient", K=an(64))
T(SRC, "rust-kraken-hmac-secret", "let secret = \"{S}\";\nlet mut mac = HmacSha512::new_from_slice(&general_purpose::STANDARD.decode(secret)?)?;", _kraken_priv, "HmacSha512")
T(SRC, "ts-alpaca-constructor-object", "const alpaca = new Alpaca({ keyId: '{K}', secretKey: '{S}', paper: true });", an(40), "paper: true", K=_alpk)
T(SRC, "js-axios-mbx-header", "const { data } = await axios.get(`${BASE}/api/v3/openOrders`, {\n  headers: { 'X-MBX-APIKEY': '{S}' },\n});", an(64), "openOrders")
T(SRC, "r-sys-setenv-tiingo", "Sys.setenv(RIINGO_TOKEN = \"{S}\")\nlibrary(riingo)\nspy <- riingo_prices(\"{sym}\", start_date = \"2020-01-01\")", hx(40), "riingo_prices")
T(SRC, "r-quandl-api-key-call", "library(Quandl)\nQuandl.api_key(\"{S}\")\nvix <- Quandl(\"CHRIS/CBOE_VX1\")", an(20, _AN + "-_"), "CHRIS/CBOE_VX1")
T(SRC, "r-dbconnect-postgres", "con <- dbConnect(RPostgres::Postgres(), host = \"{host}\", user = \"{user}\", password = \"{S}\", dbname = \"{db}\")", hp(), "{host}")
T(SRC, "julia-env-assign-alphavantage", "ENV[\"ALPHA_VANTAGE_API_KEY\"] = \"{S}\"\nusing AlphaVantage\nprices = time_series_daily(\"{sym}\")", up(16), "time_series_daily")
T(SRC, "mql5-input-string-secret", "input string InpBridgeUrl    = \"https://{host}/signals\";\ninput string InpBridgeSecret = \"{S}\";\ninput double InpLots         = 0.10;", rp(20), "InpBridgeUrl")
T(SRC, "kotlin-hikari-apply-password", "val ds = HikariDataSource().apply {\n    jdbcUrl = \"jdbc:postgresql://{host}:5432/{db}\"\n    username = \"{user}\"\n    password = \"{S}\"\n}", hp(), "{db}")
T(SRC, "scala-spark-jdbc-option", "val fills = spark.read.format(\"jdbc\")\n  .option(\"url\", \"jdbc:sqlserver://{host}:1433;databaseName={db}\")\n  .option(\"user\", \"{user}\")\n  .option(\"password\", \"{S}\")\n  .load()", hp(), "{user}")
T(SRC, "sql-create-user-mapping", "CREATE USER MAPPING FOR {user} SERVER legacy_oms\n  OPTIONS (user 'svc_oms_ro', password '{S}');", hp(), "legacy_oms")
T(SRC, "sql-create-login-nprefix", "CREATE LOGIN [{user}] WITH PASSWORD = N'{S}', CHECK_POLICY = OFF;\nALTER SERVER ROLE [bulkadmin] ADD MEMBER [{user}];", hp(), "bulkadmin")
T(SRC, "sql-clickhouse-identified-by", "CREATE USER IF NOT EXISTS {user} IDENTIFIED WITH sha256_password BY '{S}' DEFAULT DATABASE ticks;", rp(16), "DEFAULT DATABASE ticks")
T(SRC, "bash-script-var-then-flag", "#!/usr/bin/env bash\nset -euo pipefail\nFIX_PW=\"{S}\"\nexec ./fixclient --sender {sender} --target {target} --password \"$FIX_PW\"", rp(10), "{sender}")
T(SRC, "ps1-script-securestring", "$User = 'CORP\\{user}'\n$Password = '{S}' | ConvertTo-SecureString -AsPlainText -Force\n$Cred = [pscredential]::new($User, $Password)\nInvoke-Command -ComputerName {host} -Credential $Cred -ScriptBlock { Restart-Service FixEngineSvc }", hp(), "FixEngineSvc")
T(SRC, "py-smtplib-login", "with smtplib.SMTP_SSL(\"smtp.{dom}\", 465) as s:\n    s.login(\"confirms@{dom}\", \"{S}\")\n    s.send_message(msg)", hp(), "send_message")
T(SRC, "py-paramiko-connect-password", "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"{host}\", username=\"{user}\", password=\"{S}\")", hp(), "{host}")
T(SRC, "py-pysftp-connection", "with pysftp.Connection('sftp.{dom}', username='{user}', password='{S}', cnopts=cnopts) as sftp:\n    sftp.get(f'/outgoing/trades_{d}.csv')", hp(), "{user}")
T(SRC, "py-psycopg2-dsn-string", "conn = psycopg2.connect(\"host={host} dbname={db} user={user} password={S} sslmode=require\")", hp(), "sslmode=require")
T(SRC, "py-sqlalchemy-mssql-url", "engine = create_engine(\"mssql+pyodbc://{user}:{S}@RiskDSN?driver=ODBC+Driver+18+for+SQL+Server\")", hp(), "RiskDSN")
T(SRC, "py-pymongo-srv-uri", "client = MongoClient(\"mongodb+srv://{user}:{S}@cluster0.{K}.mongodb.net/?retryWrites=true&w=majority\")", rp(16), "retryWrites=true", K=lo(5))
T(SRC, "py-redis-password-kwarg", "r = redis.Redis(host=\"{host}\", port=6379, db=2, password=\"{S}\", decode_responses=True)", rp(24), "decode_responses")
T(SRC, "py-confluent-producer-conf", "p = Producer({\n    'bootstrap.servers': 'pkc-{K}.{region}.aws.confluent.cloud:9092',\n    'security.protocol': 'SASL_SSL',\n    'sasl.mechanisms': 'PLAIN',\n    'sasl.username': '{L}',\n    'sasl.password': '{S}',\n})", an(64, _AN + "+/"), "'sasl.username': '{L}'", K=lo(5), L=up(16))
T(SRC, "py-kafka-python-plain-password", "consumer = KafkaConsumer('md.ticks', bootstrap_servers='{host}:9093', security_protocol='SASL_SSL',\n                         sasl_mechanism='SCRAM-SHA-256', sasl_plain_username='{user}', sasl_plain_password='{S}')", rp(18), "md.ticks")
T(SRC, "py-requests-rdp-token-data", "resp = requests.post(TOKEN_URL, data={\n    \"grant_type\": \"password\",\n    \"username\": \"{K}\",\n    \"password\": \"{S}\",\n    \"client_id\": APP_KEY,\n    \"scope\": \"trapi\",\n})", hp(), "{K}", K=_rdpuser)
T(SRC, "py-hmac-bytes-literal", "SECRET = b\"{S}\"\nsig = hmac.new(SECRET, query.encode(), hashlib.sha256).hexdigest()", an(64), "hexdigest")
T(SRC, "py-b64decode-kraken-secret", "API_SECRET = base64.b64decode(\"{S}\")\nmac = hmac.new(API_SECRET, message, hashlib.sha512)", _kraken_priv, "hashlib.sha512")
T(SRC, "py-django-secret-key", "# riskdash/settings.py\nSECRET_KEY = '{S}'\nDEBUG = False\nALLOWED_HOSTS = ['riskdash.{dom}']", lambda: "django-insecure-" + _s(50, _LAN + "!@#%^&*(-_=+)"), "ALLOWED_HOSTS")
T(SRC, "py-flask-config-secret", "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"{S}\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True", hx(32), "SESSION_COOKIE_SECURE")
T(SRC, "py-dash-auth-basic-dict", "VALID_USERNAME_PASSWORD_PAIRS = {\"{user}\": \"{S}\"}\nauth = dash_auth.BasicAuth(app, VALID_USERNAME_PASSWORD_PAIRS)", hp(), "dash_auth.BasicAuth")
T(SRC, "ipynb-json-source-line", "   \"source\": [\n    \"import os\\n\",\n    \"os.environ['POLYGON_API_KEY'] = '{S}'\\n\",\n    \"from polygon import RESTClient\"\n   ]", an(32), "from polygon import RESTClient")
T(SRC, "py-telegram-bot-token-full", "bot = telegram.Bot(token=\"{S}\")\nawait bot.send_message(chat_id=-100{K}, text=f\"fill {sym} ok\")", lambda: _dg(10) + ":AA" + _s(33, _B64U), "send_message", K=dg(10))
T(SRC, "py-slack-webclient-token", "from slack_sdk import WebClient\nslack = WebClient(token=\"{S}\")\nslack.chat_postMessage(channel=\"#risk-breaches\", text=msg)", lambda: "xoxb-%s-%s-%s" % (_dg(12), _dg(13), _s(24)), "#risk-breaches")
T(SRC, "py-openai-client-key", "client = OpenAI(api_key=\"{S}\")\nsummary = client.chat.completions.create(model=MODEL, messages=msgs)", lambda: "sk-proj-" + _s(48, _B64U) + "T3BlbkFJ" + _s(48, _B64U), "chat.completions.create")
T(SRC, "java-kafka-props-escaped-jaas", "props.put(\"sasl.jaas.config\", \"org.apache.kafka.common.security.plain.PlainLoginModule required username=\\\"{user}\\\" password=\\\"{S}\\\";\");", rp(18), "sasl.jaas.config")
T(SRC, "cpp-constexpr-api-secret", "namespace cfg {\nconstexpr const char* kApiKey    = \"{K}\";\nconstexpr const char* kApiSecret = \"{S}\";\n}  // namespace cfg", an(64), "namespace cfg", K=an(64))
T(SRC, "go-clickhouse-dsn", "dsn := \"clickhouse://{user}:{S}@{host}:9000/ticks?dial_timeout=200ms\"\nconn, err := sql.Open(\"clickhouse\", dsn)", rp(16), "dial_timeout")
T(SRC, "rust-postgres-url-literal", "let url = \"postgres://{user}:{S}@{host}/{db}\";\nlet pool = PgPoolOptions::new().max_connections(8).connect(url).await?;", hp(), "PgPoolOptions")
T(SRC, "csharp-sqlconnection-string", "using var conn = new SqlConnection(\"Data Source={host};Initial Catalog={db};User ID={user};Password={S};Encrypt=True\");", hp(), "Initial Catalog={db}")
T(SRC, "java-drivermanager-positional", "Connection c = DriverManager.getConnection(\"jdbc:oracle:thin:@{host}:1521:RISK\", \"{user}\", \"{S}\");", hp(), "jdbc:oracle:thin")
T(SRC, "py-simplefix-append-554", "msg = simplefix.FixMessage()\nmsg.append_pair(8, \"FIX.4.4\")\nmsg.append_pair(35, \"A\")\nmsg.append_pair(553, \"{user}\")\nmsg.append_pair(554, \"{S}\")", rp(10), "append_pair(35")
T(SRC, "py-simplefix-append-925", "# broker forces rotation every 90d\nmsg.append_pair(554, current_pw)\nmsg.append_pair(925, \"{S}\")", hp(), "rotation every 90d")
T(SRC, "py-web3-account-from-key", "from eth_account import Account\nacct = Account.from_key(\"0x{S}\")\nprint(acct.address)", hx(64), "acct.address")
T(SRC, "py-mnemonic-wallet", "acct = Account.from_mnemonic(\"{S}\", account_path=\"m/44'/60'/0'/0/0\")", _mnem, "account_path")
T(SRC, "py-schwab-easy-client", "c = schwab.auth.easy_client(api_key=\"{K}\", app_secret=\"{S}\", callback_url=\"https://127.0.0.1:8182\", token_path=\"/tmp/token.json\")", an(16), "callback_url", K=an(32))
T(SRC, "py-pyetrade-oauth-positional", "oauth = pyetrade.ETradeOAuth(\"{K}\", \"{S}\")\nprint(oauth.get_request_token())", hx(64), "get_request_token", K=hx(32))
T(SRC, "py-smartapi-generate-session", "obj = SmartConnect(api_key=\"{K}\")\ndata = obj.generateSession(\"{L}\", \"{S}\", pyotp.TOTP(TOTP_SEED).now())", hp(), "SmartConnect", K=an(8), L=lambda: _pick(_UP) + _dg(6))
T(SRC, "py-fyers-session-model", "session = fyersModel.SessionModel(client_id=\"{K}-100\", secret_key=\"{S}\", redirect_uri=REDIRECT, response_type=\"code\", grant_type=\"authorization_code\")", up(10), "authorization_code", K=up(10))
T(SRC, "py-dhanhq-positional-jwt", "dhan = dhanhq(\"{K}\", \"{S}\")\nprint(dhan.get_positions())", jwt("HS512"), "get_positions", K=dg(10))
T(SRC, "py-breeze-generate-session", "breeze = BreezeConnect(api_key=\"{K}\")\nbreeze.generate_session(api_secret=\"{S}\", session_token=\"{L}\")", lambda: _s(8, _DG) + _s(4, _UP) + "~" + _s(6, _DG) + _s(5, _LO), "BreezeConnect", K=an(22), L=dg(8))


# ================================================================ stack-trace-or-log
def _fixpw(n=10):
    core = [_pick(_UP), _pick(_LO), _pick(_DG), _pick("!#%*-_@+=~")] + [_pick(_AN + "!#*-_@") for _ in range(n - 4)]
    _R.shuffle(core)
    return "".join(core)


def _fix_logon(sep, user, pw, sender, target, extra=""):
    body = sep.join(["35=A", "34=1", "49=" + sender, "52=" + _fixts(), "56=" + target, "98=0", "108=30", "141=Y",
                     "553=" + user, "554=" + pw] + ([extra] if extra else []))
    return sep.join(["8=FIX.4.4", "9=%d" % (len(body) + 1), body, "10=%03d" % _R.randrange(256)]) + sep


@C(LOG, "quickfixj-messages-log-pipe")
def _f():
    s, t, pw = _comp(), _comp(), _fixpw(10)
    return "%s: %s" % (_fixts(), _fix_logon("|", _user(), pw, s, t)), pw, "49=" + s


@C(LOG, "fix-messages-raw-soh")
def _f():
    s, t, pw = _comp(), _comp(), _hp()
    return "%s: %s" % (_fixts(), _fix_logon("\x01", _user(), pw, s, t)), pw, "56=" + t


@C(LOG, "fix-event-log-caret-a")
def _f():
    s, t, pw = _comp(), _comp(), _fixpw(12)
    return "[FA] Session '%s-%s': sending Logon: %s" % (s, t, _fix_logon("^A", _user(), pw, s, t)), pw, "sending Logon"


@C(LOG, "fix-logon-newpassword-925")
def _f():
    s, t, old, new = _comp(), _comp(), _fixpw(10), _fixpw(10)
    m = _fix_logon("|", _user(), old, s, t, "925=" + new)
    return "%s OUT %s\n%s IN  8=FIX.4.4|35=A|49=%s|56=%s|1409=0|10=071|" % (_fixts(), m, _fixts(), t, s), new, "1409=0"


@C(LOG, "fix-logon-rawdata-96")
def _f():
    s, t, pw = _comp(), _comp(), _fixpw(16)
    body = "35=A|49=%s|56=%s|34=1|52=%s|98=0|108=30|95=%d|96=%s" % (s, t, _fixts(), len(pw), pw)
    return "<outgoing> 8=FIX.4.2|9=%d|%s|10=%03d|" % (len(body), body, _R.randrange(256)), pw, "<outgoing>"


@C(LOG, "tcpdump-ascii-fix-dots")
def _f():
    s, t, pw = _comp(), _comp(), _fixpw(10)
    m = _fix_logon(".", _user(), pw, s, t)
    return "13:45:01.123456 IP %s.51234 > %s.9876: Flags [P.], length %d\nE..........@.@.\n%s" % (V("ip"), V("ip"), len(m) + 40, m), pw, "Flags [P.]"


@C(LOG, "strace-write-fix-escaped-soh")
def _f():
    s, t, pw = _comp(), _comp(), _fixpw(10)
    m = _fix_logon("\\001", _user(), pw, s, t)
    return 'write(7, "%s", %d) = %d' % (m, len(m), len(m)), pw, "write(7"


T(LOG, "requests-httperror-apikey-url", "Traceback (most recent call last):\n  File \"backfill_aggs.py\", line {line}, in fetch\n    r.raise_for_status()\nrequests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url: https://api.polygon.io/v2/aggs/ticker/{sym}/range/1/minute/2024-01-02/{date}?adjusted=true&apiKey={S}", an(32), "429 Client Error")
T(LOG, "urllib3-maxretry-token-url", "urllib3.exceptions.MaxRetryError: HTTPSConnectionPool(host='cloud.iexapis.com', port=443): Max retries exceeded with url: /stable/stock/{sym}/quote?token={S} (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f3a2c1d0>: Failed to establish a new connection: [Errno 110] Connection timed out'))", pre("sk_", 32, _HEX), "HTTPSConnectionPool(host='cloud.iexapis.com'")
T(LOG, "aiohttp-clientresponseerror-url", "aiohttp.client_exceptions.ClientResponseError: 401, message='Unauthorized', url=URL('https://data.nasdaq.com/api/v3/datatables/QUOTEMEDIA/PRICES?ticker={sym}&api_key={S}')", an(20, _AN + "-_"), "message='Unauthorized'")
T(LOG, "spring-bind-properties-value", "***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\nFailed to bind properties under 'fix.session' to com.{K}.fix.SessionProperties:\n\n    Property: fix.session.password\n    Value: \"{S}\"\n    Origin: System Environment Property \"FIX_SESSION_PASSWORD\"", rp(10), "APPLICATION FAILED TO START", K=lambda: _firmword().lower())
T(LOG, "urllib3-debug-get-token-query", "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.tiingo.com:443\nDEBUG:urllib3.connectionpool:https://api.tiingo.com:443 \"GET /tiingo/daily/{sym}/prices?startDate=2019-01-02&token={S} HTTP/1.1\" 200 None", hx(40), "api.tiingo.com:443")
T(LOG, "axios-error-config-headers", "AxiosError: Request failed with status code 403\n    at settle (node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://api.alpaca.markets/v2/orders',\n    method: 'post',\n    headers: {\n      'APCA-API-KEY-ID': '{K}',\n      'APCA-API-SECRET-KEY': '{S}',\n    },", an(40), "Request failed with status code 403", K=pre("AK", 18, _UAN))
T(LOG, "go-log-nats-url-creds", "{date} 13:45:01 md-fanout: connecting to nats://{user}:{S}@{host}:4222\n{date} 13:45:03 md-fanout: nats: authorization violation", rp(16), "authorization violation")
T(LOG, "torq-log-hopen-string", "{kts}|{host}|gateway1|gw|ERR|conn|failed to open handle to `:{host2}:5011:{user}:{S} : 'access", rp(12), "gateway1")
T(LOG, "ibc-debug-password-field", "{lts} IBC: Login dialog WINDOW_OPENED; event=Activated\n{lts} IBC: Setting user name: {user}\n{lts} IBC: [debug] text field 'Password' <- '{S}'", hp(), "Login dialog WINDOW_OPENED")
T(LOG, "alpaca-stream-auth-frame", "{ts} DEBUG alpaca.stream > {\"action\":\"auth\",\"key\":\"{K}\",\"secret\":\"{S}\"}\n{ts} DEBUG alpaca.stream < [{\"T\":\"success\",\"msg\":\"authenticated\"}]", an(40), "authenticated", K=_alpk)
T(LOG, "kraken-ws-subscribe-token", "{ts} ws-auth > {\"event\":\"subscribe\",\"subscription\":{\"name\":\"ownTrades\",\"token\":\"{S}\"}}", lambda: _s(22, _B64) + "/" + _s(8, _B64), "ownTrades")
T(LOG, "coinbase-ws-user-channel-jwt", "{ts} INFO cbadv.ws sending {\"type\":\"subscribe\",\"product_ids\":[\"BTC-USD\"],\"channel\":\"user\",\"jwt\":\"{S}\"}", jwt("ES256"), "\"channel\":\"user\"")
T(LOG, "httpclient-debuglevel-send-bytes", "send: b'GET /v3/accounts/{oacct}/pricing/stream?instruments=EUR_USD%2CUSD_JPY HTTP/1.1\\r\\nHost: stream-fxpractice.oanda.com\\r\\nAuthorization: Bearer {S}\\r\\nAccept-Encoding: identity\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'", _oanda, "stream-fxpractice.oanda.com")
T(LOG, "saxo-refresh-token-info", "{lts} INFO saxo.auth refreshed access token for {K}: {S} (expires_in=1200)", jwt("ES256"), "expires_in=1200", K=lambda: "AppKey-" + _s(6, _HEX))
T(LOG, "kite-debug-request-token-header", "{lts} DEBUG kiteconnect Request: GET https://api.kite.trade/portfolio/positions {'X-Kite-Version': '3', 'User-Agent': 'Kiteconnect-python/5.0.1', 'Authorization': 'token {K}:{S}'}", an(32), "X-Kite-Version", K=lo(16))
T(LOG, "bpipe-session-start-tls-password", "{lts} INFO  MdFeed - starting B-PIPE session hosts=[{host}:8194] app={K}:MDFEED tls_pk12=/etc/bbg/{L}.p12 tls_password={S}", rp(16), "app={K}:MDFEED", K=lambda: _firmword().upper(), L=lambda: _firmword().lower())
T(LOG, "rdp-debug-token-request-body", "{lts} DEBUG rdp.auth POST https://api.refinitiv.com/auth/oauth2/v1/token body=grant_type=password&username={K}&password={S}&client_id={L}&scope=trapi", hp(), "{K}", K=_rdpuser, L=hx(40))
T(LOG, "polygon-ws-auth-frame", "{ts} [ws] connected wss://socket.polygon.io/stocks\n{ts} [ws] > {\"action\":\"auth\",\"params\":\"{S}\"}\n{ts} [ws] < [{\"ev\":\"status\",\"status\":\"auth_success\"}]", an(32), "auth_success")
T(LOG, "lean-config-trace-value", "20241107 13:45:01.123 TRACE:: Config.Get(): ib-account = {duacct}\n20241107 13:45:01.124 TRACE:: Config.Get(): ib-password = {S}", hp(), "ib-account = {duacct}")
T(LOG, "container-startup-env-echo", "{ts} md-ingest | Starting with config:\n{ts} md-ingest |   DATASET=GLBX.MDP3\n{ts} md-ingest |   DATABENTO_API_KEY={S}\n{ts} md-ingest |   SCHEMA=mbp-1", pre("db-", 29), "GLBX.MDP3")
T(LOG, "nginx-access-log-access-token", "{ip} - - [07/Nov/2024:13:45:01 +0000] \"GET /v1/markets/quotes?symbols={sym}&access_token={S} HTTP/1.1\" 200 512 \"-\" \"python-requests/2.31.0\"", an(28), "python-requests/2.31.0")
T(LOG, "alb-log-userinfo-url", "https {ts} app/md-proxy/{K} {ip}:51234 10.0.3.7:8080 0.001 0.034 0.000 200 200 312 1433 \"GET https://{user}:{S}@md-proxy.{dom}:443/snapshot?sym={sym} HTTP/1.1\" \"curl/8.5.0\"", hp(), "app/md-proxy/", K=hx(16))
T(LOG, "haproxy-captured-auth-header", "{date}T13:45:01 {host} haproxy[{pid}]: {ip}:40112 [07/Nov/2024:13:45:01.123] fe_md be_databento/hist1 0/0/3/41/44 200 1822 - - ---- 3/3/0/0/0 0/0 {Bearer {S}} \"GET /v0/timeseries.get_range HTTP/1.1\"", pre("db-", 29), "be_databento/hist1")
T(LOG, "airflow-bashoperator-set-x", "[2024-11-07, 13:45:01 UTC] {subprocess.py:93} INFO - + curl -sf -H 'Authorization: Bearer {S}' https://sandbox.tradier.com/v1/accounts/{K}/orders\n[2024-11-07, 13:45:02 UTC] {subprocess.py:97} INFO - Command exited with return code 0", an(28), "Command exited with return code 0", K=lambda: "VA" + _dg(8))
T(LOG, "bash-xtrace-mysql-p", "+ echo 'loading fills for {date}'\nloading fills for {date}\n+ mysql -h {host} -u {user} -p{S} {db} -e 'LOAD DATA LOCAL INFILE \"fills.csv\" INTO TABLE fills'", hp(), "loading fills for")
T(LOG, "journald-fixgw-logon-kv", "Nov 07 13:45:01 {host} fixgw[{pid}]: logon sent 35=A 553={user} 554={S} 108=30", rp(10), "fixgw[")
T(LOG, "pydantic-plain-settings-repr", "INFO:root:Loaded settings: Settings(env='{env}', db_url='postgresql://{user}:{S}@{host}:5432/{db}', kafka_bootstrap='{host2}:9093')", hp(), "kafka_bootstrap")
T(LOG, "rich-traceback-locals-panel", "│ ❱ 88 │   │   resp = self._session.post(url, json=payload, timeout=5)          │\n│                                                                        │\n│ ╭──────────────────── locals ─────────────────────╮                   │\n│ │ api_secret = '{S}' │                   │\n│ │        url = 'https://api.bybit.com/v5/order/create'             │", an(36), "api.bybit.com")
T(LOG, "pytest-showlocals-headers", "    def test_place_order(client):\n>       assert resp.status_code == 200\nE       assert 401 == 200\n\nclient     = <BrokerClient base='https://sandbox.tradier.com'>\nheaders    = {'Authorization': 'Bearer {S}', 'Accept': 'application/json'}\nresp       = <Response [401]>", an(28), "test_place_order")
T(LOG, "java-tostring-config-dump", "{lts} ERROR [main] c.q.oms.Bootstrap - failed to start: BrokerConfig{host='{host}', port=9876, user='{user}', password='{S}', heartbeat=30}", hp(), "failed to start")
T(LOG, "dotnet-exception-connstring", "System.InvalidOperationException: Cannot open database \"{db}\" requested by the login.\n   at Ems.Data.Repo.Open() in C:\\src\\ems\\Data\\Repo.cs:line {line}\n   ConnectionString: Server={host};Database={db};User Id={user};Password={S};", hp(), "Cannot open database")
T(LOG, "logrus-json-api-secret", "{\"level\":\"error\",\"msg\":\"okx auth failed\",\"api_key\":\"{K}\",\"api_secret\":\"{S}\",\"passphrase_set\":true,\"time\":\"{ts}\"}", HX(32), "okx auth failed", K=_uuid)
T(LOG, "rust-debug-struct-config", "{ts} DEBUG md_gateway::config: loaded Config { host: \"{host}\", port: 9092, username: \"{user}\", password: \"{S}\", topic: \"md.l2\" }", rp(18), "md_gateway::config")
T(LOG, "structlog-kv-ws-connect", "{ts} [info     ] ws_connect   url=wss://stream.data.alpaca.markets/v2/sip key_id={K} secret={S} feed=sip", an(40), "feed=sip", K=_alpk)
T(LOG, "elastic-json-doc-header-field", "{\"@timestamp\":\"{ts}\",\"service.name\":\"md-proxy\",\"http.request.method\":\"GET\",\"http.request.headers.x-api-key\":\"{S}\",\"url.path\":\"/v2/last/trade/{sym}\"}", an(32), "service.name")
T(LOG, "lambda-log-env-dict", "START RequestId: {uuid} Version: $LATEST\n[INFO]\t{ts}\t{uuid}\tenv: {'DATABENTO_API_KEY': '{S}', 'DATASET': 'OPRA.PILLAR'}", pre("db-", 29), "OPRA.PILLAR")
T(LOG, "oms-audit-reset-password", "{lts} AUDIT oms-admin user={user} action=RESET_PASSWORD target={K} new_password={S} ip={ip}", hp(), "action=RESET_PASSWORD", K=lambda: _pick(_FIRST) + "." + _pick(_LAST))
T(LOG, "ilink3-session-key-debug", "{lts} DEBUG ilink3 session {K}: AccessKeyID={L} SecretKey={S} firm={M}", an(43, _B64U), "AccessKeyID={L}", K=up(3), L=up(20), M=up(3))
T(LOG, "soupbintcp-login-request-debug", "{lts} TX LoginRequest username={K} password={S} requested_session=          requested_seq=1", up(10), "requested_seq=1", K=up(6))
T(LOG, "eurex-eti-logon-request-repr", "{lts} ETI > LogonRequest(MsgSeqNum=1, HeartBtInt=30000, PartyIDSessionID={K}, DefaultCstmApplVerID='11.1', Password='{S}', ApplUsageOrders='A')", rp(12), "PartyIDSessionID={K}", K=dg(8))
T(LOG, "ccxt-verbose-kraken-request-headers", "fetch Request: kraken POST https://api.kraken.com/0/private/Balance RequestHeaders: {'API-Key': '{S}', 'API-Sign': '{K}', 'Content-Type': 'application/x-www-form-urlencoded'} RequestBody: nonce={n}", b64(42), "fetch Request: kraken", K=b64(64))
T(LOG, "ccxt-verbose-binance-apikey-header", "fetch Request: binance GET https://api.binance.com/api/v3/account?timestamp=17310{K}&recvWindow=10000&signature={L} RequestHeaders: {'X-MBX-APIKEY': '{S}'}", an(64), "fetch Request: binance", K=dg(8), L=hx(64))
T(LOG, "uvicorn-access-ws-token", "INFO:     {ip}:51234 - \"GET /ws/positions?token={S} HTTP/1.1\" 101", jwt(), "/ws/positions")
T(LOG, "jupyter-serverapp-startup-url", "[I {date} 13:45:01.123 ServerApp] Jupyter Server 2.14.2 is running at:\n[I {date} 13:45:01.123 ServerApp] http://{host}:8888/lab?token={S}\n[I {date} 13:45:01.123 ServerApp]     http://127.0.0.1:8888/lab?token={S}", hx(48), "Jupyter Server 2.14.2")
T(LOG, "celery-received-task-kwargs", "[{date} 18:30:00,004: INFO/MainProcess] Task risk.tasks.sync_broker[{uuid}] received\n[{date} 18:30:02,311: ERROR/ForkPoolWorker-3] Task risk.tasks.sync_broker[{uuid}] raised unexpected: AuthError('401') kwargs={'account': '{ibacct}', 'password': '{S}'}", hp(), "risk.tasks.sync_broker")
T(LOG, "python-logging-dict-creds", "{lts} - md.vendor - INFO - vendor config: {'name': 'twelvedata', 'apikey': '{S}', 'ratelimit': 55}", hx(32), "twelvedata")
T(LOG, "k8s-init-container-echo", "{ts} init-creds + echo 'export FINNHUB_TOKEN={S}' >> /shared/env.sh\n{ts} init-creds done", lo(20), "init-creds done")
T(LOG, "supervisor-stderr-traceback-url", "  File \"/opt/md/fmp_pull.py\", line {line}, in <module>\n    df = pd.read_json(f\"https://financialmodelingprep.com/api/v3/historical-price-full/{sym}?apikey={S}\")\nurllib.error.HTTPError: HTTP Error 403: Forbidden", an(32), "HTTP Error 403: Forbidden")
T(LOG, "cpp-spdlog-hmac-key-warn", "[{date} 13:45:01.123] [sor] [warning] signing key from env BYBIT_SECRET={S} has no rotation date", an(36), "[sor] [warning]")
T(LOG, "mt5-expert-log-webrequest", "2024.11.07 13:45:01.123\tSignalBridge (EURUSD,M1)\tWebRequest POST https://{host}/signals?secret={S} -> 200", rp(20), "SignalBridge (EURUSD,M1)")
T(LOG, "zerodha-autologin-trace", "{lts} INFO autologin: user_id={K} password={S} twofa=******\n{lts} INFO autologin: request_token received", hp(), "request_token received", K=lambda: _s(2, _UP) + _dg(4))
T(LOG, "deribit-auth-response-token", "{ts} < {\"jsonrpc\":\"2.0\",\"id\":9929,\"result\":{\"access_token\":\"{S}\",\"expires_in\":900,\"refresh_token\":\"{K}\",\"scope\":\"trade:read_write\",\"token_type\":\"bearer\"}}", lambda: _dg(13) + "." + _s(8, _AN) + "." + _s(80, _B64U), "trade:read_write", K=lambda: _dg(13) + "." + _s(8, _AN) + "." + _s(80, _B64U))
T(LOG, "ssh-debug-sshpass-cmdline", "debug1: Executing proxy command: exec sshpass -p {S} ssh -W %h:%p jump@{host}\ndebug1: identity file /home/{user}/.ssh/id_ed25519 type 3", hp(), "Executing proxy command")
T(LOG, "windows-eventlog-cmdline-4688", "Log Name: Security\nEvent ID: 4688\nProcess Command Line: net use Z: \\\\{host}\\eod /user:CORP\\{user} {S}\nCreator Process Name: C:\\Windows\\System32\\cmd.exe", hp(), "Event ID: 4688")
T(LOG, "schwab-token-refresh-response", "{lts} DEBUG schwab.auth token response: {\"expires_in\": 1800, \"token_type\": \"Bearer\", \"scope\": \"api\", \"refresh_token\": \"{S}\", \"access_token\": \"I0.{K}@\"}", lambda: _s(60, _B64U) + "@", "token_type", K=an(60))
T(LOG, "questdb-pg-wire-auth-fail-dump", "{ts} E i.q.c.p.PGConnectionContext [{n}] auth failed [user={user}, received='{S}', expected=<hidden>]", hp(), "PGConnectionContext")


# ================================================================ note-or-chat
_ZH = lambda: _pick(["王伟", "李静", "张磊", "刘洋", "陈杰", "杨敏", "黄涛", "周婷", "老吴", "小徐"])
_JA = lambda: _pick(["田中", "佐藤", "鈴木", "高橋", "渡辺", "山本", "中村", "小林"])
_HI = lambda: _pick(["राहुल", "प्रिया", "अर्जुन", "नेहा", "विक्रम", "अनन्या", "रवि"])
_RU = lambda: _pick(["Дмитрий", "Ольга", "Сергей", "Наталья", "Ирина", "Алексей", "Павел"])
_FR = lambda: _pick(["Julien", "Camille", "Sophie", "Thomas", "Inès", "Lucas", "Chloé"])
_hm = lambda: "%02d:%02d" % (_R.randint(7, 19), _R.randint(0, 59))
T(NOTE, "goal-fix-uat-broker-creds", "Goal: get the {K} UAT session logging on today. Broker gave us SenderCompID={sender}, TargetCompID={target}, password {S}. Move it to vault before EOD.", rp(10), "SenderCompID={sender}", K=lambda: _firmword().upper())
T(NOTE, "running-note-slash-pair", "- IB paper login is {user} / {S} (shared desk account, ask {first} before changing)\n- TWS API port 7497, clientId 11 reserved for the hedger", hp(), "{user}")
T(NOTE, "decision-keep-key-in-dotenv", "Decision: keep the Polygon key ({S}) in .env on the research box for now; rotate once the 2015-2024 minute-bar backfill finishes.", an(32), "minute-bar backfill")
T(NOTE, "slack-paste-ipmi-creds", "[{hm}] {first}: colo ipmi for {host} is ADMIN / {S}, pls don't power cycle during the open", rp(12), "{host}", hm=_hm)
T(NOTE, "chat-new-fix-pw-effective", "{first} [{hm}]: new FIX pw from the broker is {S} (effective Monday). old one still works till Fri close", rp(10), "effective Monday", hm=_hm)
T(NOTE, "chat-tradier-token-reissued", "heads up the Tradier sandbox token expired, new one: {S}\nsame account {K}", an(28), "same account {K}", K=lambda: "VA" + _dg(8))
T(NOTE, "teams-backtick-databento-key", "{first}: can you try the databento key `{S}`? mine hit the monthly limit on OPRA", pre("db-", 29), "OPRA")
T(NOTE, "todo-rotate-notebook-token", "TODO(rotate): OANDA practice token {S} is pasted in notebooks/03_fx_carry.ipynb cell 4 - clear outputs and purge history", _oanda, "03_fx_carry.ipynb")
T(NOTE, "forwarded-email-temp-password", "---------- Forwarded message ---------\nFrom: Saxo Bank Onboarding <noreply@{dom}>\nSubject: Your SIM environment access\n\nYour temporary password for the Saxo SIM environment is: {S}\nPlease change it at first login.", hp(), "Saxo SIM environment")
T(NOTE, "broker-onboarding-email-block", "Dear Client,\n\nPlease find your FIX UAT connectivity details below:\n  Host: {host}  Port: 9876\n  SenderCompID: {sender}\n  TargetCompID: {target}\n  Password: {S}\n\nKind regards,\nClient Connectivity", rp(12), "Client Connectivity")
T(NOTE, "agent-note-rdp-401", "tried logging in to RDP with {K} / {S} -> 401 invalid_grant, maybe the password expired (LSEG forces 90d)", hp(), "invalid_grant", K=_rdpuser)
T(NOTE, "symphony-shared-terminal-pwd", "{first}: pwd for the shared bbg terminal login is {S}, same as before but with the year bumped", hp(), "shared bbg terminal")
T(NOTE, "note-kite-totp-seed", "Kite TOTP seed (for the headless autologin script, user {K}): {S}", lambda: _s(32, _B32), "headless autologin", K=lambda: _s(2, _UP) + _dg(4))
T(NOTE, "ibkr-mobile-pin-note", "IBKR Mobile PIN for the desk phone (2FA for {ibacct}): {S}", pin6(), "{ibacct}")
T(NOTE, "cdsl-tpin-chat", "{first}: CDSL TPIN for the prop demat is {S}, needed to authorise the sell on RELIANCE today", pin6(), "RELIANCE")
T(NOTE, "gpg-passphrase-spaces-note", "the gpg passphrase for the clearing statements is '{S}' (with the spaces, all lowercase)", lambda: " ".join(_pick(_LOWW) for _ in range(4)), "clearing statements")
T(NOTE, "handover-kdb-u-creds", "Handover: tp on {host} runs with -u /opt/kdb/etc/tp.passwd; rdb connects as {user}:{S}. HDB reload at 00:05.", rp(12), "HDB reload")
T(NOTE, "jupyter-markdown-data-access", "## Data access\n\nUse Tiingo key `{S}` ({first}'s account, 10k req/hr). Don't run the full universe pull during US hours.", hx(40), "## Data access")
T(NOTE, "incident-note-committed-secret", "INC-{n}{n}: Binance API secret {S} was committed in {sha} on the grid-bot repo. Key disabled 14:02, new key pending.", an(64), "grid-bot repo")
T(NOTE, "zh-fix-password-chat", "{zh}：券商 UAT 的 FIX 密码是 {S}，SenderCompID 用 {sender}，明天开盘前测一下。", rp(10), "{sender}", zh=_ZH)
T(NOTE, "zh-server-root-password", "服务器 {host} 的 root 密码：{S}，别外传", hp(), "{host}")
T(NOTE, "zh-binance-secret-paste", "{zh}: 币安的 API Secret 我放这里了：{S}，测试完记得删掉", an(64), "测试完记得删掉", zh=_ZH)
T(NOTE, "zh-kdb-gateway-kouling", "kdb 网关的口令改成 {S} 了，账号还是 {user}", rp(12), "{user}")
T(NOTE, "zh-joinquant-phone-login", "聚宽账号 1{K} 密码 {S}，回测额度快用完了", hp(), "回测额度", K=dg(10))
T(NOTE, "zh-wind-terminal-account", "Wind 终端账号：{user}，密码：{S}（研究部共用）", hp(), "{user}")
T(NOTE, "zh-ctp-trading-password", "CTP 期货账号 {K} 交易密码 {S}，资金密码另发", rp(10), "资金密码另发", K=dg(8))
T(NOTE, "zh-tushare-token", "{zh}：tushare 的 token 是 {S}，积分够用了", hx(56), "积分够用了", zh=_ZH)
T(NOTE, "ja-fix-password-desu", "{ja}さん、検証環境のFIXパスワードは {S} です。SenderCompIDは {sender} のままで大丈夫です。", rp(10), "{sender}", ja=_JA)
T(NOTE, "ja-rakuten-shared-login", "楽天証券のログインパスワード：{S}（共有用、変更禁止）", hp(), "共有用")
T(NOTE, "ja-kabu-station-api-pw", "kabuステーションAPIのパスワードは {S} に変更しました。ポートは18080です。", rp(12), "ポートは18080")
T(NOTE, "ja-torihiki-anshou-bangou", "{ja}: 取引暗証番号は {S} です、発注テストの時だけ使ってください", pin6(), "発注テスト", ja=_JA)
T(NOTE, "ja-colo-bmc-password", "コロケ({site})のBMCパスワード、{S} でした。ユーザーは ADMIN。", rp(12), "ユーザーは ADMIN")
T(NOTE, "ja-polygon-key-kochira", "Polygon の API キーはこちら：{S}\n無料枠なので 5 req/min です。", an(32), "5 req/min")
T(NOTE, "hi-zerodha-password-hai", "{hi}: भाई, Zerodha का पासवर्ड {S} है, TOTP मैं अलग से भेजता हूँ", hp(), "TOTP", hi=_HI)
T(NOTE, "hi-kite-secret-dont-share", "Kite API secret: {S} — इसे किसी से शेयर मत करना", lo(32), "Kite API secret")
T(NOTE, "hinglish-angel-password", "bro angel one ka MPIN nahi chahiye, login password hai {S}, client code {K}", hp(), "client code {K}", K=lambda: _pick(_UP) + _dg(6))
T(NOTE, "hi-upstox-secret-ye-raha", "Upstox API secret ये रहा: {S} (redirect http://127.0.0.1:5000/callback)", lo(10), "redirect http://127.0.0.1:5000/callback")
T(NOTE, "hi-server-login-password", "सर्वर {host} का लॉगिन {user} और पासवर्ड {S} है", hp(), "{user}")
T(NOTE, "hinglish-dhan-token", "Dhan access token (30 din valid hai): {S}", jwt("HS512"), "30 din valid")
T(NOTE, "fr-saxo-demo-mdp", "Salut {fr}, le mot de passe du compte de démo Saxo est {S}, à changer après le test.", hp(), "compte de démo Saxo", fr=_FR)
T(NOTE, "fr-mdp-fix-uat-short", "mdp FIX UAT : {S} (SenderCompID {sender})", rp(10), "{sender}")
T(NOTE, "fr-colo-identifiant-mdp", "Pour le serveur de colo à PA3 : identifiant {user}, mot de passe {S}.", hp(), "{user}")
T(NOTE, "fr-kraken-cle-privee", "La clé privée API Kraken : {S} — ne surtout pas la mettre dans Git !", _kraken_priv, "ne surtout pas")
T(NOTE, "fr-securid-code-pin", "{fr} : le code PIN de mon jeton SecurID pour le VPN est {S}, je suis en congé demain", lambda: _s(_R.randint(6, 8), _DG), "jeton SecurID", fr=_FR)
T(NOTE, "fr-jeton-databento-equipe", "le jeton Databento de l'équipe : {S} (quota partagé, merci de ne pas lancer OPRA en entier)", pre("db-", 29), "quota partagé")
T(NOTE, "ru-test-fix-parol", "Пароль от тестового FIX-сервера: {S}", rp(10), "FIX-сервера")
T(NOTE, "ru-quik-login-parol", "{ru}: логин {user}, пароль {S} — это для QUIK, не для личного кабинета", hp(), "{user}", ru=_RU)
T(NOTE, "ru-tinvest-token", "Токен Т-Инвестиций (readonly, песочница): {S}", lambda: "t." + _s(86, _B64U), "песочница")
T(NOTE, "ru-finam-trade-api-token", "Финам Trade API токен: {S}, счёт {K}", lambda: _s(60, _B64U), "счёт {K}", K=dg(7))
T(NOTE, "ru-binance-secret-ne-svety", "{ru}: ключ от Binance, secret {S}, не свети его в общем чате", an(64), "общем чате", ru=_RU)
T(NOTE, "ru-ipmi-parol-host", "пароль от IPMI на {host}: {S}", rp(12), "{host}")
T(NOTE, "ru-moex-algopack-login", "MOEX AlgoPack: логин {mail}, пароль {S}", hp(), "MOEX AlgoPack")
T(NOTE, "decision-temp-service-account", "Decision: risk batch keeps using svc_md with password {S} until IT provisions the LDAP group (ticket {ticket}).", hp(), "{ticket}")
T(NOTE, "goal-coinbase-401-passphrase", "Goal: reproduce the Coinbase Exchange 401. Using key {K} and passphrase {S} from the sandbox profile.", lo(11), "sandbox profile", K=hx(32))
T(NOTE, "call-notes-dropcopy-reset", "Notes from call with prime broker: they reset our drop copy session password to {S}; seq nums reset to 1 at tomorrow's SOD.", rp(10), "drop copy session")
T(NOTE, "markdown-table-venue-creds", "| venue | user | password |\n|---|---|---|\n| LMAX UAT | {user} | {S} |\n| Currenex UAT | {user2} | (see vault) |", rp(10), "Currenex UAT")


@C(NOTE, "chat-secret-wrapped-line-break")
def _f():
    s = _s(64, _AN)
    cut = _R.randint(28, 40)
    wrapped = s[:cut] + "\n" + s[cut:]
    t = "%s: here's the bybit secret, slack wrapped it:\n%s\n(join the two lines)" % (_pick(_FIRST).capitalize(), wrapped)
    return t, wrapped, "join the two lines"


T(NOTE, "quote-reply-jupyterhub-admin", "> what's the jupyterhub admin pw?\nit's {S}, but use your own account for anything long running", hp(), "jupyterhub admin")
T(NOTE, "binance-2fa-backup-key", "Binance 2FA backup key for the treasury sub-account: {S} (also printed in the safe)", lambda: _s(16, _B32), "treasury sub-account")
T(NOTE, "confluent-key-slash-secret-chat", "Confluent API key {K} / secret {S} for the md-prod cluster, scoped to topic md.*", an(64, _AN + "+/"), "md-prod cluster", K=up(16))
T(NOTE, "quantconnect-org-token-eq", "QuantConnect token (org) = {S}\nuser id = {K}", hx(64), "user id = {K}", K=dg(6))
T(NOTE, "voicemail-transcript-ems-pw", "Voicemail from {first} ({hm}): \"...password for the Tokyo EMS test box is {S}, same user as last time...\"", hp(), "Tokyo EMS test box", hm=_hm)
T(NOTE, "bloomberg-anywhere-login-note", "Bloomberg Anywhere login {user}, pw {S} - the B-Unit is in {first}'s top drawer", hp(), "B-Unit")
T(NOTE, "workspace-email-slash-pw", "Refinitiv Workspace: {mail} / {S}", hp(), "Refinitiv Workspace")
T(NOTE, "zh-kafka-sasl-yonghu-mima", "Kafka SASL 用户 {user} 密码 {S}，只开了 md.* 的读权限", rp(18), "{user}")
T(NOTE, "ja-slack-aws-secret", "{ja}: 検証用のAWSシークレット貼っておきます {S} 終わったら無効化します", an(40, _AN + "+/"), "無効化します", ja=_JA)
T(NOTE, "en-passphrase-in-prose-quoted", "For the ssh key on the jump host the passphrase is \"{S}\" - I know, I'll change it.", hp(), "jump host")


# ================================================================ ci-and-deploy
_ghts = lambda: "%sT%02d:%02d:%02d.%07dZ" % (_date(), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randrange(10 ** 7))
T(CI, "gha-job-env-hardcoded", "jobs:\n  backfill:\n    runs-on: ubuntu-latest\n    env:\n      POLYGON_API_KEY: {S}\n      START_DATE: '2024-01-01'\n    steps:\n      - uses: actions/checkout@v4", an(32), "START_DATE")
T(CI, "gha-run-curl-bearer", "      - name: Smoke test Tradier sandbox\n        run: |\n          curl -sf -H \"Authorization: Bearer {S}\" https://sandbox.tradier.com/v1/user/profile", an(28), "Smoke test Tradier sandbox")
T(CI, "gha-docker-login-action-with", "      - uses: docker/login-action@v3\n        with:\n          registry: registry.{dom}\n          username: {user}\n          password: {S}", rp(20), "docker/login-action@v3")
T(CI, "gitlab-ci-variables-block", "variables:\n  KITE_API_KEY: \"{K}\"\n  KITE_API_SECRET: \"{S}\"\n  PYTHON_VERSION: \"3.11\"", lo(32), "PYTHON_VERSION", K=lo(16))
T(CI, "gitlab-ci-script-mysql-p", "integration:\n  stage: test\n  services: [mysql:8.0]\n  script:\n    - mysql -h mysql -u root -p{S} -e 'create database oms_test'\n    - pytest tests/integration", hp(), "pytest tests/integration")
T(CI, "jenkinsfile-sh-curl-basic", "stage('Publish') {\n    steps {\n        sh \"curl -u {user}:{S} --upload-file dist/riskcalc-${env.BUILD_NUMBER}.tar.gz https://nexus.{dom}/repository/raw-releases/\"\n    }\n}", hp(), "stage('Publish')")
T(CI, "jenkinsfile-environment-literal", "pipeline {\n    agent { label 'colo-{site}' }\n    environment {\n        FIX_SENDER   = '{sender}'\n        FIX_PASSWORD = '{S}'\n    }", rp(10), "FIX_SENDER")
T(CI, "dockerfile-env-token", "FROM python:{py}-slim\nENV TIINGO_TOKEN={S}\nCOPY requirements.txt .\nRUN pip install -r requirements.txt", hx(40), "requirements.txt")
T(CI, "dockerfile-arg-default-index-url", "ARG PIP_INDEX_URL=https://{user}:{S}@pypi.{dom}/simple\nRUN pip install --index-url $PIP_INDEX_URL quantlib-internal", rp(18), "quantlib-internal")
T(CI, "dockerfile-run-git-clone-ghs", "RUN git clone --depth 1 https://x-access-token:{S}@github.com/{K}/signals-core.git /opt/signals", pre("ghs_", 36), "signals-core.git", K=lambda: _firmword().lower())
T(CI, "compose-environment-list-item", "services:\n  md-ingest:\n    image: registry.{dom}/md-ingest:{ver}\n    environment:\n      - DATABENTO_API_KEY={S}\n      - DATASET=GLBX.MDP3", pre("db-", 29), "DATASET=GLBX.MDP3")
T(CI, "compose-postgres-password", "  timescale:\n    image: timescale/timescaledb:latest-pg16\n    environment:\n      POSTGRES_USER: ticks\n      POSTGRES_PASSWORD: {S}\n    ports: [\"5432:5432\"]", hp(), "POSTGRES_USER")
T(CI, "k8s-secret-stringdata", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: oanda-token\n  namespace: fx\ntype: Opaque\nstringData:\n  token: {S}", _oanda, "oanda-token")
T(CI, "k8s-deployment-env-value", "        env:\n          - name: BINANCE_API_KEY\n            value: \"{K}\"\n          - name: BINANCE_API_SECRET\n            value: \"{S}\"", an(64), "BINANCE_API_KEY", K=an(64))
T(CI, "helm-values-kafka-sasl", "kafka:\n  bootstrap: {host}:9093\n  sasl:\n    mechanism: SCRAM-SHA-512\n    username: {user}\n    password: \"{S}\"", rp(18), "SCRAM-SHA-512")
T(CI, "terraform-aws-provider-keys", "provider \"aws\" {\n  region     = \"{region}\"\n  access_key = \"AKIA{K}\"\n  secret_key = \"{S}\"\n}", an(40, _AN + "+/"), "provider \"aws\"", K=lambda: _s(16, _B32))
T(CI, "tfvars-confluent-secret", "confluent_cloud_api_key    = \"{K}\"\nconfluent_cloud_api_secret = \"{S}\"\nenvironment_id             = \"env-{L}\"", an(64, _AN + "+/"), "environment_id", K=up(16), L=lo(5))
T(CI, "terraform-kubernetes-secret-data", "resource \"kubernetes_secret\" \"saxo\" {\n  metadata { name = \"saxo-app\" }\n  data = {\n    app_key    = \"{K}\"\n    app_secret = \"{S}\"\n  }\n}", hx(32), "saxo-app", K=hx(32))
T(CI, "ansible-group-vars-plain", "# group_vars/fixgw.yml\nfix_sender_comp_id: {sender}\nfix_logon_password: \"{S}\"\nfix_heartbeat: 30", rp(10), "fix_heartbeat")
T(CI, "ansible-inventory-ssh-pass", "[colo_{site}]\n{host} ansible_user={user} ansible_ssh_pass={S} ansible_become=true", hp(), "ansible_become=true")
T(CI, "circleci-environment-map", "jobs:\n  backtest:\n    docker:\n      - image: cimg/python:{py}\n    environment:\n      QC_USER_ID: \"{K}\"\n      QC_API_TOKEN: {S}", hx(64), "QC_USER_ID", K=dg(6))
T(CI, "azure-pipelines-variables", "variables:\n  buildConfiguration: 'Release'\n  emsDbPassword: '{S}'\n\nsteps:\n- task: DotNetCoreCLI@2", hp(), "buildConfiguration")
T(CI, "bitbucket-pipelines-script-export", "pipelines:\n  default:\n    - step:\n        script:\n          - export ALPHAVANTAGE_KEY={S}\n          - python -m pytest -q", up(16), "python -m pytest -q")
T(CI, "buildkite-step-env", "steps:\n  - label: \":chart_with_upwards_trend: nightly backtest\"\n    command: make backtest\n    env:\n      NASDAQ_DATA_LINK_API_KEY: \"{S}\"", an(20, _AN + "-_"), "nightly backtest")
T(CI, "argo-workflow-parameter-value", "  arguments:\n    parameters:\n      - name: symbol\n        value: {sym}\n      - name: eodhd-token\n        value: \"{S}\"", lambda: _s(14, _HEX) + "." + _dg(8), "name: symbol")
T(CI, "gha-log-decoded-token-echo", "{K} Run echo \"token=$(echo $RAW_TOKEN | base64 -d)\"\n{K} token={S}\n{K} ##[group]Run python scripts/pull_positions.py", lambda: _dg(10) + ":AA" + _s(33, _B64U), "pull_positions.py", K=_ghts)
T(CI, "gitlab-job-log-cut-secret", "$ echo \"debug: secret prefix $(echo $KRAKEN_SECRET | cut -c1-100)\"\ndebug: secret prefix {S}\n$ python -m mmbot.healthcheck", _kraken_priv, "mmbot.healthcheck")
T(CI, "jenkins-console-set-x-curl", "[Pipeline] sh\n+ curl -sf -u deploy:{S} https://nexus.{dom}/service/rest/v1/status\n[Pipeline] }", hp(), "[Pipeline] sh")
T(CI, "ci-log-poetry-http-basic", "$ poetry config http-basic.internal {user} {S}\n$ poetry install --no-interaction --with dev\nInstalling dependencies from lock file", rp(16), "Installing dependencies from lock file")
T(CI, "docker-build-log-env-step", "Step 7/12 : ENV FMP_API_KEY={S}\n ---> Running in {K}\n ---> {L}", an(32), "Step 7/12", K=hx(12), L=hx(12))
T(CI, "terraform-plan-output-var", "  # aws_ssm_parameter.fix_password will be created\n  + resource \"aws_ssm_parameter\" \"fix_password\" {\n      + name  = \"/fix/{env}/lmax/password\"\n      + type  = \"String\"\n      + value = \"{S}\"\n    }", rp(10), "aws_ssm_parameter.fix_password")
T(CI, "helm-template-rendered-secret", "---\n# Source: mdgw/templates/secret.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: mdgw-bpipe\nstringData:\n  tlsPassword: \"{S}\"", rp(18), "mdgw/templates/secret.yaml")
T(CI, "kustomize-secretgenerator-literal", "secretGenerator:\n  - name: fixgw-creds\n    literals:\n      - FIX_SENDER={sender}\n      - FIX_PASSWORD={S}", rp(10), "fixgw-creds")
T(CI, "nomad-template-env-literal", "      template {\n        destination = \"secrets/env\"\n        env         = true\n        data        = \"KDB_PASS={S}\"\n      }", rp(12), "secrets/env")
T(CI, "packer-ssh-password-var", "source \"vsphere-iso\" \"colo-base\" {\n  ssh_username = \"packer\"\n  ssh_password = \"{S}\"\n  vcenter_server = \"{host}\"\n}", hp(), "vsphere-iso")
T(CI, "cloud-init-chpasswd-list", "#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    root:{S}\n    {user}:RANDOM", hp(), "#cloud-config")
T(CI, "serverless-yml-provider-env", "provider:\n  name: aws\n  runtime: python{py}\n  environment:\n    FINNHUB_TOKEN: {S}\n    STAGE: ${sls:stage}", lo(20), "runtime: python")
T(CI, "cloudformation-param-default", "Parameters:\n  RiskDbPassword:\n    Type: String\n    NoEcho: true\n    Default: \"{S}\"", hp(), "NoEcho: true")
T(CI, "gha-services-postgres-env", "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: {S}\n        ports: ['5432:5432']", hp(), "image: postgres:16")
T(CI, "makefile-deploy-password-flag", "deploy-uat:\n\t./scripts/deploy.sh --env uat --host {host} --fix-password {S}", rp(10), "deploy-uat:")
T(CI, "tox-ini-setenv-secret", "[testenv:live]\nsetenv =\n    ALPACA_KEY_ID = {K}\n    ALPACA_SECRET = {S}\ncommands = pytest -m live", an(40), "pytest -m live", K=_alpk)
T(CI, "argocd-repo-secret-yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-strategies\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://gitlab.{dom}/quant/strategies.git\n  username: argocd\n  password: {S}", pre("glpat-", 20, _B64U), "repo-strategies")
T(CI, "gha-build-arg-gh-token", "      - run: docker build --build-arg GH_TOKEN={S} -t ghcr.io/{K}/backtester:${{ github.sha }} .", pre("ghp_", 36), "backtester", K=lambda: _firmword().lower())
T(CI, "cloudbuild-substitutions", "substitutions:\n  _REGION: {region}\n  _DB_PASS: '{S}'\nsteps:\n  - name: gcr.io/cloud-builders/gcloud", hp(), "_REGION")
T(CI, "octopus-ps-deploy-password", "# Deploy.ps1 (Octopus step)\n& .\\Install-EmsService.ps1 -ServiceAccount 'CORP\\{user}' -Password '{S}' -Environment UAT", hp(), "Install-EmsService.ps1")
T(CI, "gha-windows-cmdkey-step", "      - name: Map EOD share\n        shell: cmd\n        run: cmdkey /add:{host} /user:CORP\\{user} /pass:{S}", hp(), "Map EOD share")
T(CI, "ci-log-checkout-token-url", "Error: fatal: unable to access 'https://x-access-token:{S}@github.com/{K}/risk-models.git/': The requested URL returned error: 403", pre("ghs_", 36), "risk-models.git", K=lambda: _firmword().lower())
T(CI, "fly-secrets-set-script", "fly secrets set KITE_API_SECRET={S} KITE_API_KEY={K} -a kite-autologin", lo(32), "kite-autologin", K=lo(16))
T(CI, "deploy-sh-docker-registry-secret", "kubectl create secret docker-registry regcred --docker-server=registry.{dom} --docker-username={user} --docker-password='{S}' -n research", rp(20), "regcred")
T(CI, "gitlab-ci-docker-login-hardcoded", "build:\n  script:\n    - docker login -u deploy -p {S} $CI_REGISTRY\n    - docker build -t $CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA .", pre("glpat-", 20, _B64U), "$CI_REGISTRY_IMAGE")
T(CI, "ansible-task-postgresql-user", "- name: create risk reader\n  community.postgresql.postgresql_user:\n    db: {db}\n    name: risk_ro\n    password: \"{S}\"\n    priv: \"CONNECT\"", hp(), "create risk reader")
T(CI, "puppet-hiera-yaml-password", "profile::fixgw::sender_comp_id: '{sender}'\nprofile::fixgw::logon_password: '{S}'", rp(10), "profile::fixgw::sender_comp_id")
T(CI, "chef-data-bag-json", "{\n  \"id\": \"kdb\",\n  \"tp_user\": \"{user}\",\n  \"tp_password\": \"{S}\"\n}", rp(12), "\"id\": \"kdb\"")
T(CI, "salt-pillar-sls", "oms:\n  db:\n    host: {host}\n    user: {user}\n    password: {S}", hp(), "oms:")
T(CI, "concourse-resource-params", "- name: md-image\n  type: registry-image\n  source:\n    repository: registry.{dom}/md-image\n    username: concourse\n    password: {S}", rp(20), "type: registry-image")
T(CI, "travis-env-global-plain", "env:\n  global:\n    - QUANDL_API_KEY={S}\n    - PYTHONHASHSEED=0", an(20, _AN + "-_"), "PYTHONHASHSEED=0")
T(CI, "ci-log-set-x-export-token", "+ export OANDA_TOKEN={S}\n+ python -m fxcarry.live --dry-run\n{lts} INFO fxcarry: connected to practice account", _oanda, "fxcarry.live")
T(CI, "k8s-cronjob-args-password", "          containers:\n            - name: eod-recon\n              image: registry.{dom}/recon:{ver}\n              args: [\"--db-host\", \"{host}\", \"--db-password\", \"{S}\"]", hp(), "eod-recon")
T(CI, "docker-secret-create-echo", "echo \"{S}\" | docker secret create fix_lmax_pw -\ndocker service update --secret-add fix_lmax_pw fixgw", rp(12), "docker service update")
T(CI, "gha-secrets-file-heredoc", "      - run: |\n          cat > ~/.lean/credentials <<EOF\n          {\"user-id\": \"{K}\", \"api-token\": \"{S}\"}\n          EOF", hx(64), "~/.lean/credentials", K=dg(6))
T(CI, "systemd-unit-template-ansible", "# roles/kdb/templates/rdb.service.j2\n[Service]\nUser=kdb\nEnvironment=KDB_TP_PASS={S}\nExecStart=/opt/kdb/l64/q r.q -p {{ rdb_port }}", rp(12), "rdb.service.j2")
T(CI, "gha-log-pytest-env-dump", "{K} ============ ENV ============\n{K} CI=true\n{K} IEX_TOKEN={S}\n{K} RUNNER_OS=Linux", pre("sk_", 32, _HEX), "RUNNER_OS=Linux", K=_ghts)
T(CI, "renovate-config-hostrules", "{\n  \"hostRules\": [\n    {\"matchHost\": \"pypi.{dom}\", \"username\": \"renovate\", \"password\": \"{S}\"}\n  ]\n}", rp(20), "\"hostRules\"")
T(CI, "goreleaser-env-token", "env:\n  - GITHUB_TOKEN={S}\nbuilds:\n  - main: ./cmd/md-fanout", lambda: "github_pat_" + _s(22) + "_" + _s(59), "./cmd/md-fanout")


# ================================================================ vendor-token
T(VEN, "alpaca-paper-secret-env", "APCA_API_SECRET_KEY={S}", an(40), "APCA_API_SECRET_KEY")
T(VEN, "alpaca-live-pair-colon", "alpaca live: {K}:{S}", an(40), "alpaca live", K=pre("AK", 18, _UAN))
T(VEN, "tradier-access-token-json", "{\"access_token\":\"{S}\",\"expires_in\":86399,\"scope\":\"read write trade market stream\"}", an(28), "\"expires_in\":86399")
T(VEN, "oanda-v20-personal-token", "OANDA_V20_TOKEN={S}", _oanda, "OANDA_V20_TOKEN")
T(VEN, "saxo-app-secret-kv", "saxo.app_secret = {S}", hx(32), "saxo.app_secret")
T(VEN, "saxo-24h-token-bearer", "Authorization: Bearer {S}", jwt("ES256"), "Authorization")
T(VEN, "kite-api-secret-lowercase32", "KITE_API_SECRET=\"{S}\"", lo(32), "KITE_API_SECRET")
T(VEN, "kite-authorization-token-pair", "Authorization: token {K}:{S}", an(32), "Authorization: token", K=lo(16))
T(VEN, "binance-secret-64-alnum", "binance_api_secret: {S}", an(64), "binance_api_secret")
T(VEN, "binance-mbx-apikey-header", "X-MBX-APIKEY: {S}", an(64), "X-MBX-APIKEY")


@C(VEN, "coinbase-cdp-ec-pem-block")
def _f():
    pem, body = _pem("EC")
    return "name: organizations/%s/apiKeys/%s\nprivateKey: |\n%s" % (_uuid(), _uuid(), pem), body, "privateKey: |"


T(VEN, "coinbase-exchange-passphrase-header", "CB-ACCESS-PASSPHRASE: {S}", lo(11), "CB-ACCESS-PASSPHRASE")
T(VEN, "kraken-private-key-88b64", "KRAKEN_PRIVATE_KEY={S}", _kraken_priv, "KRAKEN_PRIVATE_KEY")
T(VEN, "kraken-api-key-header", "API-Key: {S}", b64(42), "API-Key")
T(VEN, "polygon-apikey-query-param", "?apiKey={S}", an(32), "apiKey")
T(VEN, "databento-db-prefix-key", "DATABENTO_API_KEY={S}", pre("db-", 29), "DATABENTO_API_KEY")
T(VEN, "iex-cloud-sk-token", "IEX_TOKEN={S}", pre("sk_", 32, _HEX), "IEX_TOKEN")
T(VEN, "iex-sandbox-tsk-token", "iex_sandbox_token = '{S}'", pre("Tsk_", 32, _HEX), "iex_sandbox_token")
T(VEN, "nasdaq-data-link-20char", "NASDAQ_DATA_LINK_API_KEY={S}", an(20, _AN + "-_"), "NASDAQ_DATA_LINK_API_KEY")
T(VEN, "quantconnect-api-token-hex64", "qc api-token: {S}", hx(64), "qc api-token")
T(VEN, "tiingo-token-hex40", "TIINGO_API_KEY={S}", hx(40), "TIINGO_API_KEY")
T(VEN, "alphavantage-key-upper16", "apikey={S}&function=GLOBAL_QUOTE", up(16), "function=GLOBAL_QUOTE")
T(VEN, "finnhub-token-header", "X-Finnhub-Token: {S}", lo(20), "X-Finnhub-Token")
T(VEN, "twelvedata-apikey-hex32", "TWELVEDATA_API_KEY={S}", hx(32), "TWELVEDATA_API_KEY")
T(VEN, "fmp-apikey-32", "fmp_key: \"{S}\"", an(32), "fmp_key")
T(VEN, "eodhd-dotted-token", "api_token={S}&fmt=json", lambda: _s(14, _HEX) + "." + _dg(8), "fmt=json")
T(VEN, "bbg-dl-client-secret-hex64", "BBG_DL_CLIENT_SECRET={S}", hx(64), "BBG_DL_CLIENT_SECRET")
T(VEN, "refinitiv-app-key-hex40", "RDP_APP_KEY={S}", hx(40), "RDP_APP_KEY")
T(VEN, "confluent-cloud-api-secret", "CONFLUENT_CLOUD_API_SECRET={S}", an(64, _AN + "+/"), "CONFLUENT_CLOUD_API_SECRET")
T(VEN, "aws-secret-access-key-40", "aws_secret_access_key={S}", an(40, _AN + "+/"), "aws_secret_access_key")
T(VEN, "github-classic-pat", "GH_TOKEN={S}", pre("ghp_", 36), "GH_TOKEN")
T(VEN, "github-fine-grained-pat", "token: {S}", lambda: "github_pat_" + _s(22) + "_" + _s(59), "token:")
T(VEN, "gitlab-glpat-token", "PRIVATE-TOKEN: {S}", pre("glpat-", 20, _B64U), "PRIVATE-TOKEN")
T(VEN, "slack-bot-xoxb", "SLACK_BOT_TOKEN={S}", lambda: "xoxb-%s-%s-%s" % (_dg(12), _dg(13), _s(24)), "SLACK_BOT_TOKEN")
T(VEN, "slack-webhook-path-secret", "https://hooks.slack.com/services/T{K}/B{L}/{S}", an(24), "hooks.slack.com", K=up(8), L=up(10))
T(VEN, "telegram-bot-token-env", "TELEGRAM_BOT_TOKEN={S}", lambda: _dg(10) + ":AA" + _s(33, _B64U), "TELEGRAM_BOT_TOKEN")
T(VEN, "discord-webhook-token-path", "https://discord.com/api/webhooks/{K}/{S}", an(68, _B64U), "discord.com/api/webhooks", K=dg(19))
T(VEN, "datadog-api-key-hex32", "DD_API_KEY={S}", hx(32), "DD_API_KEY")
T(VEN, "twilio-auth-token-with-sid", "TWILIO_ACCOUNT_SID=AC{K}\nTWILIO_AUTH_TOKEN={S}", hx(32), "TWILIO_ACCOUNT_SID", K=hx(32))
T(VEN, "sendgrid-sg-key", "SENDGRID_API_KEY={S}", lambda: "SG." + _s(22, _B64U) + "." + _s(43, _B64U), "SENDGRID_API_KEY")
T(VEN, "npm-automation-token", "NPM_TOKEN={S}", pre("npm_", 36), "NPM_TOKEN")
T(VEN, "dockerhub-pat", "DOCKERHUB_TOKEN={S}", pre("dckr_pat_", 27, _B64U), "DOCKERHUB_TOKEN")
T(VEN, "vault-service-token-hvs", "VAULT_TOKEN={S}", lambda: "hvs.CAESI" + _s(86, _B64U), "VAULT_TOKEN")
T(VEN, "huggingface-hf-token", "HF_TOKEN={S}", pre("hf_", 34), "HF_TOKEN")
T(VEN, "anthropic-api-key", "ANTHROPIC_API_KEY={S}", lambda: "sk-ant-api03-" + _s(93, _B64U) + "AA", "ANTHROPIC_API_KEY")
T(VEN, "wandb-api-key-hex40", "WANDB_API_KEY={S}", hx(40), "WANDB_API_KEY")
T(VEN, "grafana-service-account-glsa", "GRAFANA_TOKEN={S}", lambda: "glsa_" + _s(32) + "_" + _s(8, _HEX), "GRAFANA_TOKEN")
T(VEN, "azure-storage-connstring-key", "DefaultEndpointsProtocol=https;AccountName={K};AccountKey={S};EndpointSuffix=core.windows.net", b64(64), "AccountName={K}", K=lambda: _firmword().lower() + "ticks")
T(VEN, "google-api-key-aiza", "GOOGLE_API_KEY={S}", lambda: "AIza" + _s(35, _B64U), "GOOGLE_API_KEY")
T(VEN, "okx-secret-and-passphrase", "OKX_SECRET_KEY={K}\nOKX_PASSPHRASE={S}", hp(), "OKX_PASSPHRASE", K=HX(32))
T(VEN, "bybit-api-secret-36", "BYBIT_API_SECRET={S}", an(36), "BYBIT_API_SECRET")
T(VEN, "deribit-client-secret-b64url", "deribit client_secret={S}", an(43, _B64U), "deribit client_secret")
T(VEN, "bitfinex-api-secret-43", "BFX_API_SECRET={S}", an(43), "BFX_API_SECRET")
T(VEN, "kucoin-passphrase-header", "KC-API-PASSPHRASE: {S}", hp(), "KC-API-PASSPHRASE")
T(VEN, "gemini-secret-base58", "GEMINI_API_SECRET={S}", an(28, _B58), "GEMINI_API_SECRET")
T(VEN, "eth-private-key-0x-hex", "PRIVATE_KEY=0x{S}", hx(64), "PRIVATE_KEY")
T(VEN, "schwab-app-secret-16", "SCHWAB_APP_SECRET={S}", an(16), "SCHWAB_APP_SECRET")
T(VEN, "etrade-consumer-secret-hex64", "etrade.consumer_secret={S}", hx(64), "etrade.consumer_secret")
T(VEN, "fyers-secret-key-upper10", "FYERS_SECRET_KEY={S}", up(10), "FYERS_SECRET_KEY")
T(VEN, "dhan-access-token-jwt", "DHAN_ACCESS_TOKEN={S}", jwt("HS512"), "DHAN_ACCESS_TOKEN")
T(VEN, "tt-rest-app-key-secret-pair", "TT_APP_KEY={K}:{S}", _uuid, "TT_APP_KEY", K=_uuid)
T(VEN, "cme-ilink3-secret-key", "ILINK3_SECRET_KEY={S}", an(43, _B64U), "ILINK3_SECRET_KEY")
T(VEN, "xignite-token-upper-hex", "_token={S}", HX(32), "_token")
T(VEN, "barchart-ondemand-apikey", "BARCHART_API_KEY={S}", hx(32), "BARCHART_API_KEY")
T(VEN, "intrinio-api-key-44", "INTRINIO_API_KEY={S}", lambda: "O" + _s(43), "INTRINIO_API_KEY")
T(VEN, "newrelic-license-nral", "NEW_RELIC_LICENSE_KEY={S}", lambda: _s(36, _HEX) + "NRAL", "NEW_RELIC_LICENSE_KEY")
T(VEN, "splunk-hec-uuid-header", "Authorization: Splunk {S}", _uuid, "Authorization: Splunk")
T(VEN, "artifactory-api-key-akcp", "X-JFrog-Art-Api: {S}", pre("AKCp8", 68), "X-JFrog-Art-Api")
T(VEN, "jfrog-reference-token", "JFROG_ACCESS_TOKEN={S}", lambda: "cmVmdGtuOjAxOjE3" + _s(48, _AN), "JFROG_ACCESS_TOKEN")
T(VEN, "airflow-fernet-key-44", "AIRFLOW__CORE__FERNET_KEY={S}", lambda: _b64mod.urlsafe_b64encode(_rb(32)).decode(), "AIRFLOW__CORE__FERNET_KEY")
T(VEN, "wireguard-private-key-44", "PrivateKey = {S}", b64(32), "PrivateKey")
T(VEN, "questrade-refresh-token", "refresh_token={S}", an(33, _AN + "-_"), "refresh_token")
T(VEN, "ibkr-flex-token-digits", "IBKR_FLEX_TOKEN={S}", dg(24), "IBKR_FLEX_TOKEN")
T(VEN, "tushare-token-hex56", "ts.set_token('{S}')", hx(56), "ts.set_token")
T(VEN, "tinvest-t-dot-token", "INVEST_TOKEN={S}", lambda: "t." + _s(86, _B64U), "INVEST_TOKEN")
T(VEN, "prefect-pnu-key", "PREFECT_API_KEY={S}", pre("pnu_", 36), "PREFECT_API_KEY")
T(VEN, "openai-project-key", "OPENAI_API_KEY={S}", lambda: "sk-proj-" + _s(48, _B64U) + "T3BlbkFJ" + _s(48, _B64U), "OPENAI_API_KEY")
T(VEN, "pypi-upload-token", "TWINE_PASSWORD={S}", lambda: "pypi-AgEIcHlwaS5vcmc" + _s(140, _B64U), "TWINE_PASSWORD")
T(VEN, "okta-api-token-00", "Authorization: SSWS {S}", lambda: "00" + _s(40, _B64U), "SSWS")


# ================================================================ benign look-alikes
def _h(n):
    return _s(n, _HEX)


def _b64t(s):
    return _b64mod.b64encode(s.encode()).decode()


def _venue():
    return _pick(["lmax", "currenex", "ebs", "cboefx", "hotspot", "integral", "cme", "eurex", "jpx", "nse"])


_MSGS = ["fix resend request gap fill handling", "bump blpapi to 3.24", "tp: roll logs at midnight ET",
         "rdb: drop partitions older than 2d", "oms: reject orders with qty 0", "risk: add DV01 to limits",
         "kite: handle token expiry at 6am IST", "md: dedupe polygon trades by sequence", "colo: pin irq to core 3",
         "backtest: fix lookahead in vwap signal", "kafka: raise fetch.max.bytes", "ci: cache pip wheels"]
_BEN = [
    lambda: "commit %s\nAuthor: %s <%s>\nDate:   %s\n\n    %s" % (_h(40), _firm().split()[0], V("mail"), V("ts"), _pick(_MSGS)),
    lambda: "%s (HEAD -> main, origin/main) %s" % (_h(7), _pick(_MSGS)),
    lambda: "%s  databento-0.%d.%d-py3-none-any.whl" % (_h(64), _R.randint(30, 50), _R.randint(0, 9)),
    lambda: "polygon-api-client==1.%d.%d \\\n    --hash=sha256:%s" % (_R.randint(10, 14), _R.randint(0, 9), _h(64)),
    lambda: "MD5 (trades_%s.csv.gz) = %s" % (V("date"), _h(32)),
    lambda: "8=FIX.4.4|9=%d|35=8|34=%d|49=%s|56=%s|52=%s|11=%s|17=%s|150=F|39=2|55=%s|54=1|32=100|31=%d.%02d|10=%03d|" % (_R.randint(180, 260), _R.randint(2, 90000), _comp(), _comp(), _fixts(), _uuid(), _h(24).upper(), V("sym"), _R.randint(10, 900), _R.randint(0, 99), _R.randrange(256)),
    lambda: "8=FIX.4.4|9=%d|35=0|34=%d|49=%s|56=%s|52=%s|10=%03d|" % (_R.randint(50, 70), _R.randint(2, 90000), _comp(), _comp(), _fixts(), _R.randrange(256)),
    lambda: "%s OUT 8=FIX.4.4|35=A|49=%s|56=%s|98=0|108=30|553=%s|554=********|10=%03d|" % (_fixts(), _comp(), _comp(), _user(), _R.randrange(256)),
    lambda: "\tsasl.jaas.config = [hidden]\n\tsasl.mechanism = SCRAM-SHA-512\n\tssl.key.password = null\n\tssl.keystore.location = /var/private/ssl/%s.jks" % _pick(_ROLES),
    lambda: "traceparent: 00-%s-%s-01" % (_h(32), _h(16)),
    lambda: "X-Request-Id: %s" % _uuid(),
    lambda: "account %s NAV %s,%03d,%03d.%02d USD, margin used %d%%" % (V("oacct"), _R.randint(1, 90), _R.randrange(1000), _R.randrange(1000), _R.randrange(100), _R.randint(2, 60)),
    lambda: "Positions for %s: %d lines, unrealized PnL %+d" % (V("duacct"), _R.randint(1, 40), _R.randint(-90000, 90000)),
    lambda: "registry.%s/md-ingest@sha256:%s" % (_dom(), _h(64)),
    lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (_s(43, _B64), _user(), _host()),
    lambda: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s deploy@%s" % (_s(340, _B64), _pick(_SITES)),
    lambda: "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE%s\n%s==\n-----END PUBLIC KEY-----" % (_s(28, _B64), _s(58, _B64)),
    lambda: "ED25519 key fingerprint is SHA256:%s." % _s(43, _B64),
    lambda: "gpg: Signature made %s\ngpg:                using RSA key %s" % (V("date"), _s(40, _HEXU)),
    lambda: "pub   rsa4096/%s %s [SC] [expires: 2027-01-01]\nuid   Clearing Statements <ops@%s>" % (_s(16, _HEXU), V("date"), _dom()),
    lambda: "SHA256 Fingerprint=" + ":".join(_s(2, _HEXU) for _ in range(32)),
    lambda: "APCA_API_SECRET_KEY=" + "*" * 40,
    lambda: "%s: password: ******** (len=%d)" % (_pick(["fixgw", "oms", "riskdb", "ems"]), _R.randint(10, 24)),
    lambda: "IEX_TOKEN=sk_%s%s" % ("*" * 28, _h(4)),
    lambda: "databento key db-…%s (last 4 shown, full key in vault)" % _s(4, _AN),
    lambda: "POLYGON_API_KEY=<your-polygon-key>  # get one at polygon.io/dashboard",
    lambda: "%s: ${%s}" % (_pick(["password", "api_secret", "token", "passphrase"]), _pick(["FIX_PASSWORD", "KITE_API_SECRET", "OANDA_TOKEN", "OKX_PASSPHRASE", "RDP_PASSWORD"]) + ("" if _R.random() < .5 else "_" + _pick(["UAT", "PROD", "SIM"]))),
    lambda: (lambda k: "      %s: ${{ secrets.%s_%s }}" % (k, k, _pick(["PROD", "CI", "RO", "V2", "UAT"])))(_pick(["POLYGON_API_KEY", "KITE_API_SECRET", "BINANCE_SECRET", "TIINGO_TOKEN", "DD_API_KEY"])),
    lambda: "Password=CHANGEME   # replaced at deploy time by ansible from vault (%s)" % V("ticket"),
    lambda: "token: REPLACE_WITH_%s_TOKEN  # template, real value injected by CI" % _pick(["TRADIER", "OANDA", "SAXO", "DHAN", "TINVEST"]),
    lambda: "APCA_API_SECRET_KEY=" + "x" * 40 + "  # placeholder, see README section %d" % _R.randint(2, 9),
    lambda: "vault kv get -field=token secret/brokers/%s/%s" % (_pick(["oanda", "tradier", "saxo", "kite", "alpaca"]), V("env")),
    lambda: "aws secretsmanager get-secret-value --secret-id %s/fix/%s --query SecretString --output text" % (V("env"), _venue()),
    lambda: "password_file = /etc/fix/%s-%s.pw   # 0400 root:fix" % (_venue(), V("env")),
    lambda: "op read \"op://Trading/%s %s/password\"" % (_pick(["IBKR", "Saxo", "Kraken", "LMAX"]), V("env")),
    lambda: "        valueFrom:\n          secretKeyRef:\n            name: %s-creds\n            key: %s" % (_pick(["kite", "oanda", "fix", "bpipe", "rdp"]), _pick(["api_secret", "token", "password", "tlsPassword"])),
    lambda: "FIX_PASSWORD_FILE=file:/run/secrets/%s_logon_%s" % (_venue(), V("env")),
    lambda: "secret = keyring.get_password(%r, %r)" % (_pick(["saxo", "kite", "rdp", "bbg-dl"]), _pick(["app_secret", "api_secret", "password", "client_secret"])),
    lambda: "token = os.environ[%r]  # set by the systemd unit, never hard-code" % _pick(["DATABENTO_API_KEY", "OANDA_TOKEN", "POLYGON_API_KEY", "TIINGO_TOKEN", "IEX_TOKEN"]),
    lambda: "%s: FIX logon passwords must be rotated every %d days and be at least %d characters; the broker rejects reuse of the last %d." % (V("ticket"), _pick([30, 60, 90]), _pick([8, 10, 12, 16]), _pick([3, 5, 10])),
    lambda: "密码规则：至少%d位，包含大小写字母和数字，每%d天更换一次，不得与前%d次相同。" % (_pick([8, 10, 12]), _pick([30, 60, 90]), _pick([3, 5])),
    lambda: "パスワードは%d文字以上、英大文字・小文字・数字を含めてください。%d日ごとに変更が必要です。" % (_pick([8, 10, 12]), _pick([30, 60, 90])),
    lambda: "पासवर्ड कम से कम %d अक्षरों का होना चाहिए और हर %d दिन में बदलना होगा। पासवर्ड चैट में मत भेजिए।" % (_pick([8, 10, 12]), _pick([30, 60, 90])),
    lambda: "Le mot de passe doit contenir au moins %d caractères et être changé tous les %d jours ; ne jamais l'envoyer par chat." % (_pick([8, 10, 12]), _pick([30, 60, 90])),
    lambda: "Пароль должен содержать не менее %d символов и меняться каждые %d дней; не пересылайте его в чате." % (_pick([8, 10, 12]), _pick([30, 60, 90])),
    lambda: "payload=%s" % _b64t(_pick(["snapshot complete for ", "replay finished for ", "gap detected on ", "book rebuilt for "]) + V("sym") + " at " + V("ts")),
    lambda: "data: %s" % _b64t('{"sym":"%s","bid":%d.%02d,"ask":%d.%02d,"seq":%d}' % (V("sym"), _R.randint(10, 900), _R.randrange(100), _R.randint(10, 900), _R.randrange(100), _R.randint(1, 10 ** 7))),
    lambda: "%s/%s/%s" % (_pick(["/opt/kdb/q/l64", "/data/hdb", "/var/lib/fixgw/store", "/srv/tplog"]), V("date").replace("-", "."), _pick(["q", "trade/", "quote/", "FIX.4.4-%s-%s.body" % (_comp(), _comp())])),
    lambda: "%s==%s" % (_pick(["ibapi", "ib_insync", "alpaca-py", "kiteconnect", "databento", "blpapi", "refinitiv-data", "quickfix", "ccxt", "zipline-reloaded", "backtrader"]), V("ver")),
    lambda: "quickfixj-core-2.3.%d.jar sha1=%s" % (_R.randint(0, 3), _h(40)),
    lambda: "ISIN %s%s%d  CUSIP %s%d" % (_pick(["US", "JP", "IN", "FR", "GB", "DE"]), _s(9, _UAN), _R.randint(0, 9), _s(8, _UAN), _R.randint(0, 9)),
    lambda: "FIGI BBG00%s  composite BBG00%s" % (_s(7, "BCDFGHJKLMNPQRSTVWXYZ0123456789"), _s(7, "BCDFGHJKLMNPQRSTVWXYZ0123456789")),
    lambda: "LEI %s%s  (%s)" % (_s(18, _UAN), _dg(2), _firm()),
    lambda: "orderId=%s clientOrderId=x-%s%s status=FILLED" % (_dg(11), _s(8, _UAN), _dg(10)),
    lambda: "Kite order_id %s placed: %s %d @ MARKET" % ("24" + _dg(13), _pick(["RELIANCE", "INFY", "TCS", "HDFCBANK", "NIFTY24NOVFUT"]), _R.randint(1, 500)),
    lambda: "alpaca order %s filled %d %s" % (_uuid(), _R.randint(1, 900), V("sym")),
    lambda: "withdrawal to 0x%s, tx 0x%s confirmed in block %d" % (_h(40), _h(64), _R.randint(18000000, 21000000)),
    lambda: "deposit address bc1q%s (public, safe to share)" % _s(38, _LO[:-4] + "023456789"),
    lambda: "consumer group md-rdb-%s lag=%d partition=%d offset=%d" % (V("site"), _R.randint(0, 5000), _R.randint(0, 31), _R.randint(10 ** 6, 10 ** 9)),
    lambda: "cluster lkc-%s in env-%s, bootstrap pkc-%s.%s.aws.confluent.cloud:9092" % (_s(5, _LAN), _s(5, _LAN), _s(5, _LAN), V("region")),
    lambda: "arn:aws:secretsmanager:%s:%s:secret:%s/fix/%s-%s" % (V("region"), _dg(12), V("env"), _venue(), _s(6, _AN)),
    lambda: "uid: %s\nresourceVersion: \"%d\"" % (_uuid(), _R.randint(10 ** 6, 10 ** 8)),
    lambda: "h:hopen `:%s:%d   / no creds: this tp runs without -u on the research VLAN" % (_host(), _pick([5010, 5011, 5012, 5013])),
    lambda: "\\p %d\n\\l tick/%s.q\n.u.tick[`%s;`:/data/tplog]" % (_pick([5010, 5011]), _pick(["sym", "fx", "crypto"]), _pick(["sym", "fx"])),
    lambda: "kernel-%s.json" % _uuid(),
    lambda: "auth ok for %s (password from vault, len=%d, rotated %s)" % (_user(), _R.randint(10, 24), V("date")),
    lambda: "Authorization: Bearer ***  (masked by logger, request id %s)" % _h(16),
    lambda: "%s ##[debug]%s: ***" % (V("ts"), _pick(["POLYGON_API_KEY", "KITE_API_SECRET", "IEX_TOKEN", "FIX_PASSWORD"])),
    lambda: "integrity sha512-%s==" % _s(86, _B64),
    lambda: "%s  %s%d%s%s%08d" % (_pick(["OCC", "opt"]), _pick(["AAPL  ", "SPY   ", "NVDA  ", "QQQ   "]), _R.randint(24, 26), "%02d%02d" % (_R.randint(1, 12), _R.randint(1, 28)), _pick("CP"), _R.randint(1, 900) * 1000),
    lambda: "NIFTY%dN%d%dCE lot %d" % (_R.randint(24, 25), _R.randint(10, 28), _R.randint(200, 260) * 100, _pick([25, 50, 75])),
    lambda: "34=%d 43=Y 122=%s resend range %d-%d" % (_R.randint(100, 90000), _fixts(), _R.randint(1, 500), _R.randint(501, 900)),
    lambda: "Sentry event %s captured (release md-gateway@%s)" % (_h(32), V("ver")),
    lambda: "span_id=%s trace_id=%s service=%s" % (_h(16), _h(32), _pick(_ROLES)),
    lambda: "version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (_h(64), _R.randint(10 ** 5, 10 ** 9)),
    lambda: "\"lineage\": \"%s\", \"serial\": %d" % (_uuid(), _R.randint(1, 900)),
    lambda: "S-1-5-21-%s-%s-%s-%d" % (_dg(10), _dg(10), _dg(10), _R.randint(1000, 9000)),
    lambda: "{%s}" % _uuid().upper(),
    lambda: "backtest %s (project %d) finished: Sharpe %.2f" % (_h(32), _R.randint(10 ** 7, 2 * 10 ** 7), _R.uniform(-1, 3)),
    lambda: "   \"id\": \"%s\",\n   \"cell_type\": \"code\"," % _h(8),
    lambda: "[SESSION]\nSenderCompID=%s\nTargetCompID=%s\nPassword=\n# password supplied at runtime from vault" % (_comp(), _comp()),
    lambda: "password: null   # %s uses client-cert auth" % _pick(["kafka", "redis", "postgres", "clickhouse"]),
    lambda: "%s：%s" % (_ZH(), _pick(["密码在 vault 里 secret/fix/", "口令放在 1Password 的交易库 ", "token 在 k8s secret "]) + _venue() + "，不要发群里"),
    lambda: "%sさん、パスワードは1Passwordの「%s %s」に入っています。チャットには貼らないでください。" % (_JA(), _pick(["IBKR", "Saxo", "kabu"]), V("env")),
    lambda: "%s: पासवर्ड vault में है (secret/fix/%s), यहाँ मत डालो" % (_HI(), _venue()),
    lambda: "%s : le mot de passe est dans le coffre Vault sous secret/fix/%s, pas dans Slack." % (_FR(), _venue()),
    lambda: "%s: пароль лежит в Vault: secret/fix/%s, в чат не кидай" % (_RU(), _venue()),
    lambda: "the token is db-****%s, DM me if you need the full thing" % _s(3, _AN),
    lambda: "api_key = %r  # dummy value, tests mock the HTTP layer (%s)" % (_pick(["test", "dummy", "fake-key", "not-a-real-key"]), V("ticket")),
    lambda: "signature method: HMAC-SHA%d, recvWindow=%d" % (_pick([256, 384, 512]), _pick([5000, 10000, 60000])),
    lambda: "$ANSIBLE_VAULT;1.1;AES256\n%s\n%s" % (_h(80), _h(80)),
    lambda: "password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (_s(24, _B64), _s(43, _B64) + "=", _s(22, _B64) + "=="),
    lambda: "  encryptedData:\n    password: AgB%s" % _s(120, _B64),
    lambda: "password authentication failed for user \"%s\"" % _user(),
    lambda: "echo \"$CR_PAT\" | docker login ghcr.io -u %s --password-stdin" % _user(),
    lambda: "PGPASSFILE=/home/%s/.pgpass" % _user(),
    lambda: "0000: %s" % " ".join(_s(2, _HEX) for _ in range(16)),
    lambda: "build %s-%d finished on %s in %ds" % (_h(10), _R.randint(100, 9999), _host(), _R.randint(30, 900)),
    lambda: "%s: token expired at %s, refreshing via stored refresh flow" % (_pick(["schwab", "saxo", "kite", "dhan"]), V("ts")),
    lambda: "Bloomberg %s %s, RIC %s.%s, MIC %s" % (_pick(["ESZ4", "NQH5", "7203 JT", "VOD LN", "RELIANCE IN"]), _pick(["Index", "Equity", "Comdty"]), _s(4, _UP), _pick(["L", "T", "NS", "PA"]), _pick(["XNAS", "XLON", "XTKS", "XNSE", "XPAR", "MISX"])),
    lambda: "MsgSeqNum gap: expected %d got %d on %s->%s" % (_R.randint(1000, 9000), _R.randint(9001, 9999), _comp(), _comp()),
    lambda: "CRC32C=%s bytes=%d file=%s.dbn.zst" % (_s(8, _HEX), _R.randint(10 ** 6, 10 ** 9), V("date")),
    lambda: "SenderCompID=%s TargetCompID=%s HeartBtInt=30 ResetOnLogon=Y" % (_comp(), _comp()),
    lambda: "ssh %s@%s -i ~/.ssh/colo_%s  # key auth only, password login disabled" % (_user(), _host(), V("site")),
    lambda: "KITE_API_SECRET is unset; export it from `vault kv get -field=api_secret secret/kite/%s`" % V("env"),
    lambda: "x-amz-request-id: %s\nx-amz-id-2: %s" % (_s(16, _UAN), _s(76, _B64)),
    lambda: "ETag: \"%s\"" % _h(32),
    lambda: "Tiingo rate limit: %d/%d requests used this hour (key ****%s)" % (_R.randint(1, 9999), 10000, _h(4)),
]


# ================================================================ assembly
def _build_secrets(per_group=187):
    out = []
    for g in GROUPS:
        rows = []
        for _round in range(3):
            for fmt, fn in _REG[g]:
                if len(rows) >= per_group:
                    break
                text, secret, visible = fn()
                rows.append((g, fmt, text, secret, visible))
        out.extend(rows)
    return out


def _build_benign(n=950):
    out, seen = [], set()
    while len(out) < n:
        for gen in _BEN:
            if len(out) >= n:
                break
            s = gen()
            if s not in seen:
                seen.add(s)
                out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign()
