"""Blind hold-out corpus #92 for a secret-redaction engine.

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
Online gambling, sports betting, lottery and casino operators: sportsbook
and odds-feed APIs (Betradar/Sportradar, Genius Sports, OpticOdds, The Odds
API), casino game aggregators and RGS integrations, iGaming platforms and
back offices, payment and payout providers (Skrill, Neteller, Paysafecard,
Trustly, crypto cashiers), KYC/AML and age-verification vendors (Sumsub,
Onfido, Jumio, GBG), geolocation compliance (GeoComply), affiliate
trackers, regulator reporting feeds, promotions engines, player support
chats; notes and chats in English, Maltese-English, Swedish, Greek,
Spanish, Portuguese (Brazil) and Filipino.

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
Blind, with the engine of the session that read it, before any rule from it: recall 0.953 (1,426 of
1,496) and false positives 45 of 950 (4.7%). Tuned on since by classes (a signature its label's
aside calls public, a JOSE header alone, a mask showing both ends and so marked, a time after a
secret's word; a client's one positional
literal with keywords after it, Rust's `&str`, Skrill's `SECRET_WORD`, openssl's `-hmac`, recovery
codes of letters, a token as a URL's user, `user / password` with two symbols, Swedish and Filipino
PIN words, the licence word): 0.978 (1,463) and 13 (1.4%).
"""

import base64 as _b64
import json as _json
import random as _random
import string as _string

SEED = 7315203
_R = _random.Random(SEED)

_LO = _string.ascii_lowercase
_UP = _string.ascii_uppercase
_DG = _string.digits
_AN = _LO + _UP + _DG
_LN = _LO + _DG
_UN = _UP + _DG
_HX = "0123456789abcdef"
_B64A = _AN + "+/"
_B64UA = _AN + "-_"
_B32 = _UP + "234567"


def _rs(alpha, n, m=None):
    if m is not None:
        n = _R.randint(n, m)
    return "".join(_R.choice(alpha) for _ in range(n))


def _mk(alpha):
    def fac(n, m=None):
        return lambda: _rs(alpha, n, m)
    return fac


A = _mk(_AN)      # mixed-case alphanumeric
L = _mk(_LN)      # lowercase alphanumeric
U = _mk(_UN)      # uppercase alphanumeric
H = _mk(_HX)      # lowercase hex
HU = _mk(_HX.upper())
B = _mk(_B64A)    # base64 alphabet, no padding
BU = _mk(_B64UA)  # base64url alphabet
D = _mk(_DG)      # digits
B32 = _mk(_B32)


def _val(x):
    if callable(x):
        return x()
    if isinstance(x, (list, tuple)):
        return _val(_R.choice(x))
    return x


def C(*parts):
    """Concatenate literal strings and generators."""
    return lambda: "".join(_val(p) for p in parts)


def ch(*opts):
    """Pick one of several generators or literals."""
    return lambda: _val(_R.choice(opts))


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def B64R(nbytes):
    """Real base64 (with padding) of random bytes."""
    return lambda: _b64.b64encode(_rbytes(nbytes)).decode()


def B64UR(nbytes):
    return lambda: _b64.urlsafe_b64encode(_rbytes(nbytes)).decode().rstrip("=")


def _uuid():
    h = _rs(_HX, 32)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


UUID = _uuid

# --- word pools -----------------------------------------------------------
_PW_WORDS = [
    # English
    "Jackpot", "Roulette", "Blackjack", "Summer", "Football", "Liverpool",
    "Dragon", "Sunshine", "Tiger", "Lucky", "Poker", "Winner", "Falcon",
    # Maltese
    "Valletta", "Sliema", "Gozo", "Pastizzi", "Marsaxlokk", "Mdina", "Birgu",
    "Qormi", "Fenkata", "Hobz", "Kinnie", "Luzzu", "Xlendi",
    # Swedish
    "Sommar", "Kanelbulle", "Hammarby", "Midsommar", "Fjallen", "Blabar",
    "Vinter", "Solsken", "Smorgas", "Lingon", "Kottbulle", "Allsvenskan",
    # Greek (transliterated)
    "Kalimera", "Olympiakos", "Souvlaki", "Thessaloniki", "Mykonos", "Agapi",
    "Thalassa", "Ouzo", "Spanakopita", "Meltemi", "Athina",
    # Spanish
    "Futbol", "Sevilla", "Paella", "Corazon", "Mariposa", "Estrella",
    "Tortilla", "Girasol", "Verano", "Chiringuito",
    # Portuguese (Brazil)
    "Flamengo", "Corinthians", "Palmeiras", "Saudade", "Feijoada", "Mengao",
    "Cachaca", "Brigadeiro", "Saopaulo", "Timao", "Pipoca",
    # Filipino
    "Mahal", "Sinigang", "Adobo", "Kalamansi", "Bayani", "Mabuhay", "Tadhana",
    "Bahaghari", "Ginebra", "Halohalo", "Lechon", "Pandesal", "Sampaguita",
]
_SYMS = "!@#$%&*?.-_+="
_LEET = {"a": "4", "e": "3", "o": "0", "i": "1", "s": "5"}


def P():
    """A human-chosen password: words, years, digits, a symbol."""
    w1 = _R.choice(_PW_WORDS)
    w2 = _R.choice(_PW_WORDS)
    k = _R.randint(0, 7)
    if k == 0:
        s = w1 + str(_R.randint(2015, 2026)) + _R.choice(_SYMS)
    elif k == 1:
        s = w1.lower() + w2 + str(_R.randint(1, 99))
    elif k == 2:
        s = "".join(_LEET.get(c, c) for c in w1) + _R.choice(_SYMS) + str(_R.randint(10, 9999))
    elif k == 3:
        s = w1 + _R.choice("@#.!") + w2 + str(_R.randint(100, 999))
    elif k == 4:
        s = w1.lower() + "_" + w2.lower() + "_" + str(_R.randint(1, 2026))
    elif k == 5:
        s = _R.choice(_SYMS) + w1 + str(_R.randint(10, 99)) + w2[:3].lower()
    elif k == 6:
        s = w1 + w2 + _R.choice(_SYMS) + _R.choice(_SYMS)
    else:
        s = w1[0].lower() + w1[1:].upper() + str(_R.randint(1000, 99999))
    while len(s) < 8:
        s += str(_R.randint(0, 9))
    return s


def PP():
    """A passphrase of several words."""
    n = _R.randint(3, 5)
    sep = _R.choice(["-", " ", ".", "_", "-"])
    ws = [_R.choice(_PW_WORDS).lower() for _ in range(n)]
    if _R.random() < 0.5:
        ws.append(str(_R.randint(1, 99)))
    return sep.join(ws)


def PIN(n=6, m=None):
    return D(n, m)


def RND():
    """A strong random password from a generator (symbols included)."""
    alpha = _AN + "!#%&*+-=?@^_~"
    return _rs(alpha, 16, 28)


def JWT(alg=None):
    def g():
        a = alg or _R.choice(["HS256", "RS256", "ES256", "HS512"])
        hd = _json.dumps({"alg": a, "typ": "JWT"}, separators=(",", ":"))
        pl = {"sub": _R.choice(["player", "svc", "op", "aff", "agent"]) + "-" + _rs(_DG, 6, 9),
              "iat": 1700000000 + _R.randint(0, 90000000)}
        pl["exp"] = pl["iat"] + _R.choice([900, 3600, 86400, 604800])
        if _R.random() < 0.6:
            pl["iss"] = "https://" + _host()
        if _R.random() < 0.5:
            pl["scope"] = _R.choice(["wallet:debit", "odds:read", "kyc:write", "bo:admin", "promo:grant"])
        pe = _json.dumps(pl, separators=(",", ":"))
        e = lambda s: _b64.urlsafe_b64encode(s.encode()).decode().rstrip("=")
        sl = 43 if a.endswith("256") and a.startswith("HS") else (86 if a == "HS512" or a == "ES256" else 342)
        return e(hd) + "." + e(pe) + "." + _rs(_B64UA, sl)
    return g


_PEM_PREFIX = {
    "RSA PRIVATE KEY": "MIIEowIBAAKCAQEA",
    "PRIVATE KEY": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ",
    "EC PRIVATE KEY": "MHcCAQEEI",
    "OPENSSH PRIVATE KEY": "b3BlbnNzaC1rZXktdjEAAAAA",
    "ENCRYPTED PRIVATE KEY": "MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI",
}


def PEMB(kind):
    def g():
        if kind == "EC PRIVATE KEY":
            total = _R.randint(160, 170)
        elif kind == "OPENSSH PRIVATE KEY":
            total = _R.randint(380, 420)
        else:
            total = _R.randint(600, 1100)
        body = _PEM_PREFIX[kind] + _rs(_B64A, total)
        w = 70 if kind == "OPENSSH PRIVATE KEY" else 64
        lines = [body[i:i + w] for i in range(0, len(body), w)]
        return "\n".join(lines)
    return g


def PEM(kind):
    """Full PEM text with the body as {S}; used via format strings."""
    return "-----BEGIN " + kind + "-----\n{S}\n-----END " + kind + "-----"

# --- fictitious organisations, people and hosts ------------------------------
_SYL = ["vel", "mor", "kes", "tra", "zan", "dor", "lu", "mi", "ra", "sko", "ne",
        "vik", "thal", "ori", "qen", "bax", "ély", "pra", "xo", "ulm", "cas",
        "fen", "gri", "ha", "jun", "kal", "nox", "pel", "rud", "tav", "wen", "yor"]
_BSUF = ["bet", "play", "casino", "spins", "odds", "lotto", "win", "games", "slots", "jack"]
_TLD = [".com", ".io", ".mt", ".se", ".gr", ".es", ".com.br", ".ph", ".bet",
        ".casino", ".net", ".eu", ".co.uk", ".games", ".tech"]
_SVC = ["api", "bo", "backoffice", "rgs", "wallet", "pam", "odds", "feed", "kyc",
        "cashier", "promo", "aff", "reports", "sportsbook", "lotto", "geo", "chat",
        "admin", "gw", "payments", "risk", "trading", "bonus", "crm", "live", "jackpot"]
_ENV = ["prod", "stg", "uat", "dev", "qa", "sandbox", "staging", "preprod"]
_FIRST = ["Karl", "Maria", "Jean", "Ryan", "Daniela", "Luke", "Graziella", "Clayton",
          "Linnea", "Oskar", "Elin", "Johan", "Maja", "Henrik", "Giorgos", "Eleni",
          "Nikos", "Katerina", "Dimitra", "Yannis", "Lucia", "Javier", "Carmen",
          "Alejandro", "Joao", "Thiago", "Camila", "Larissa", "Rafael", "Beatriz",
          "Jomar", "Kristine", "Mark", "Ana", "Rhea", "Paolo", "Joy", "Carlo"]
_LAST = ["Borg", "Camilleri", "Vella", "Farrugia", "Zammit", "Galea", "Grech",
         "Lindqvist", "Berg", "Nystrom", "Holm", "Sandberg", "Papadopoulos",
         "Georgiou", "Nikolaou", "Kostas", "Garcia", "Moreno", "Ruiz", "Navarro",
         "Silva", "Oliveira", "Souza", "Costa", "Pereira", "Santos", "Reyes",
         "Bautista", "Mendoza", "Villanueva", "Aquino", "Dizon"]
_SPORTS = ["soccer", "tennis", "basketball", "ice-hockey", "esports", "horse-racing",
           "volleyball", "handball", "mma", "cricket", "table-tennis", "baseball"]
_CUR = ["EUR", "SEK", "BRL", "PHP", "GBP", "USD", "USDT", "BTC", "MXN", "CAD"]
_GAMES = ["book-of-ra-deluxe", "sweet-bonanza", "lightning-roulette", "starburst",
          "gates-of-olympus", "crazy-time", "aviator", "mega-moolah", "big-bass",
          "blackjack-vip", "sic-bo", "dragon-tiger", "plinko", "mines", "keno-10"]


def _brandw():
    s = "".join(_R.choice(_SYL) for _ in range(_R.randint(2, 3))).replace("é", "e")
    return s + _R.choice(_BSUF)


def _dom():
    return _brandw() + _R.choice(_TLD)


def _host():
    k = _R.randint(0, 3)
    if k == 0:
        return _R.choice(_SVC) + "." + _dom()
    if k == 1:
        return _R.choice(_SVC) + "." + _R.choice(_ENV) + "." + _dom()
    if k == 2:
        return _R.choice(_SVC) + "-" + _R.choice(_ENV) + "." + _dom()
    return _R.choice(_SVC) + "." + _R.choice(_ENV) + ".internal"


def _user():
    f, l = _R.choice(_FIRST).lower(), _R.choice(_LAST).lower()
    k = _R.randint(0, 5)
    if k == 0:
        return f[0] + l
    if k == 1:
        return f + "." + l
    if k == 2:
        return "svc_" + _R.choice(_SVC) + ("_" + _R.choice(_ENV) if _R.random() < .5 else "")
    if k == 3:
        return f + l[0] + str(_R.randint(1, 99))
    if k == 4:
        return _R.choice(["bo_", "ops_", "rpt_", "etl_", "app_"]) + _R.choice(_SVC)
    return l + "_" + f[:3]


def _ip():
    k = _R.randint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(1, 254))
    return "192.168.%d.%d" % (_R.randint(0, 255), _R.randint(1, 254))


def _dt():
    return "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        _R.randint(1, 12), _R.randint(1, 28), _R.randint(0, 23),
        _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999))


def _logts():
    return "2025-%02d-%02d %02d:%02d:%02d,%03d" % (
        _R.randint(1, 12), _R.randint(1, 28), _R.randint(0, 23),
        _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999))


G = {
    "h": _host,
    "h2": _host,
    "dom": _dom,
    "brand": lambda: _brandw().capitalize(),
    "u": _user,
    "u2": _user,
    "n": lambda: _R.choice(_FIRST),
    "n2": lambda: _R.choice(_FIRST),
    "fn": lambda: _R.choice(_FIRST) + " " + _R.choice(_LAST),
    "em": lambda: _R.choice(_FIRST).lower() + "." + _R.choice(_LAST).lower() + "@" + _dom(),
    "ip": _ip,
    "port": lambda: str(_R.choice([5432, 3306, 6379, 27017, 9092, 8443, 8080, 1433, 5672, 9200, 443, 8000])),
    "db": lambda: _R.choice(["pam", "wallet", "bets", "sportsbook", "kyc", "bonus", "ledger",
                             "affiliates", "reporting", "risk", "lottery", "casino"]) + _R.choice(["", "_prod", "_db", "_stg", "_ro"]),
    "pid": lambda: _rs(_DG, 6, 10),
    "tid": lambda: _R.choice(["OPS", "PAY", "KYC", "SB", "CAS", "AFF", "RISK", "INC", "BO", "CRM"]) + "-" + str(_R.randint(100, 9999)),
    "dt": _dt,
    "lt": _logts,
    "ts": lambda: str(1730000000 + _R.randint(0, 40000000)),
    "env": lambda: _R.choice(_ENV),
    "reg": lambda: _R.choice(["eu-west-1", "eu-central-1", "eu-south-1", "eu-north-1",
                              "sa-east-1", "ap-southeast-1", "us-east-1"]),
    "uuid": _uuid,
    "uuid2": _uuid,
    "sha7": lambda: _rs(_HX, 7),
    "sha40": lambda: _rs(_HX, 40),
    "amt": lambda: "%d.%02d" % (_R.randint(1, 25000), _R.randint(0, 99)),
    "cur": lambda: _R.choice(_CUR),
    "mid": lambda: _rs(_DG, 5, 9),
    "num": lambda: str(_R.randint(2, 999)),
    "pct": lambda: str(_R.randint(1, 100)),
    "ver": lambda: "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 40), _R.randint(0, 30)),
    "ns": lambda: _R.choice(["sportsbook", "casino", "payments", "kyc", "platform", "lottery",
                             "affiliates", "crm", "risk", "odds-feed"]),
    "sv": lambda: _R.choice(["odds-ingest", "wallet-api", "cashier", "kyc-bridge", "bonus-engine",
                             "rgs-gateway", "bet-settlement", "aff-postback", "geo-guard",
                             "reg-reporter", "lotto-draw", "chat-bridge", "payout-worker"]),
    "sport": lambda: _R.choice(_SPORTS),
    "game": lambda: _R.choice(_GAMES),
    "cc": lambda: _R.choice(["MT", "SE", "GR", "ES", "BR", "PH", "GB", "DE", "CA", "MX"]),
    "acct": lambda: _rs(_DG, 12),
    "oid": lambda: _rs(_HX, 24),
}

_F = _string.Formatter()
TEMPLATES = {g: [] for g in ["command", "tool-output", "config-file", "source-code",
                             "stack-trace-or-log", "note-or-chat", "ci-and-deploy",
                             "vendor-token"]}
_FMTS = set()


def add(group, fmt, text, S, vis="", **gens):
    assert fmt not in _FMTS, fmt
    _FMTS.add(fmt)
    TEMPLATES[group].append((fmt, text, S, vis, gens))


def adder(group):
    return lambda fmt, text, S, vis="", **gens: add(group, fmt, text, S, vis, **gens)


def _render(text, S, vis, gens):
    if isinstance(text, (list, tuple)):
        text = _R.choice(text)
    vals = {}
    for _lit, field, _spec, _conv in _F.parse(text):
        if field is None or field in vals:
            continue
        if field == "S":
            vals["S"] = S()
        elif field in gens:
            vals[field] = _val(gens[field])
        else:
            vals[field] = G[field]()
    out = text.format(**vals)
    v = ""
    if vis:
        v = vals.get(vis, vis)
    return out, vals["S"], v

# --- group: command ------------------------------------------------------------
_c = adder("command")
_c("psql-uri-inline-password", 'psql "postgresql://{u}:{S}@{h}:5432/{db}?sslmode=require" -c "select count(*) from bets where settled_at is null"', P, "h")
_c("mysql-p-attached-password", 'mysql -h {h} -u {u} -p{S} {db} -e "SELECT player_id, balance FROM bonus_wallet LIMIT 5"', P, "h")
_c("curl-x-api-key-odds-proxy", 'curl -s "https://odds-proxy.{dom}/v4/sports/{sport}/odds?regions=eu&markets=h2h" -H "x-api-key: {S}" | jq \'.[0]\'', H(32), "regions=eu")
_c("curl-oddsapi-query-apikey", 'curl "https://{h}/v4/sports/soccer_epl/odds/?apiKey={S}&regions=uk&markets=h2h,spreads&oddsFormat=decimal"', H(32), "oddsFormat=decimal")
_c("curl-u-user-colon-password", 'curl -u {u}:{S} "https://{h}/api/v1/reports/ggr?date=2025-05-01&brand={brand}"', P, "u")
_c("curl-bearer-jwt-wallet-debit", 'curl -X POST https://{h}/wallet/debit -H "Authorization: Bearer {S}" -H "Content-Type: application/json" -d \'{{"playerId":"{pid}","amount":{amt}}}\'', JWT(), "pid")
_c("export-sumsub-secret-key", ["export SUMSUB_SECRET_KEY={S}", "export SUMSUB_SECRET_KEY='{S}' && npm run kyc:webhook-test"], A(32), "SUMSUB_SECRET_KEY")
_c("export-sumsub-app-token", 'export SUMSUB_APP_TOKEN="{S}"', C(ch("prd:", "sbx:"), A(24), ".", A(32)), "SUMSUB_APP_TOKEN")
_c("cmd-setx-machine-password", 'setx TRUSTLY_API_PASSWORD "{S}" /M', P, "TRUSTLY_API_PASSWORD")
_c("powershell-env-assign", ["$env:SKRILL_MQI_PASSWORD = '{S}'", '$Env:NETELLER_CLIENT_SECRET="{S}"; .\\run-payouts.ps1 -Brand {brand}'], ch(P, A(40)), "")
_c("powershell-securestring-plaintext", "$pw = ConvertTo-SecureString '{S}' -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential('CORP\\{u}', $pw)", P, "u")
_c("cmd-net-use-positional", "net use Z: \\\\{h}\\reports /user:CORP\\{u} {S} /persistent:no", P, "u")
_c("docker-login-dash-p", "docker login registry.{dom} -u {u} -p {S}", ch(P, C("dckr_pat_", BU(27))), "u")
_c("kubectl-secret-from-literal", "kubectl -n {ns} create secret generic geocomply-license --from-literal=license={S} --dry-run=client -o yaml | kubectl apply -f -", B64R(96), "geocomply-license")
_c("redis-cli-dash-a", "redis-cli -h {h} -p 6379 -a {S} --no-auth-warning --scan --pattern 'session:*' | head", A(32), "h")
_c("mongosh-srv-uri-password", 'mongosh "mongodb+srv://{u}:{S}@{h}/{db}?retryWrites=true&w=majority"', P, "u")
_c("sshpass-p-quoted", "sshpass -p '{S}' ssh -o StrictHostKeyChecking=no {u}@{ip} 'tail -n 200 /var/log/rgs/spin.log'", P, "ip")
_c("aws-configure-set-secret", "aws configure set aws_secret_access_key {S} --profile igaming-{env}", B(40), "aws_secret_access_key")
_c("git-clone-oauth2-glpat", "git clone https://oauth2:{S}@gitlab.{dom}/platform/bonus-engine.git", C("glpat-", BU(20)), "platform/bonus-engine.git")
_c("git-remote-set-url-ghp", "git remote set-url origin https://{u}:{S}@git.{dom}/{brand}/odds-normaliser.git", C("ghp_", A(36)), "u")
_c("npm-config-set-authtoken", "npm config set //npm.{dom}/:_authToken {S}", C("npm_", A(36)), "_authToken")
_c("pip-index-url-password", "pip install --index-url https://{u}:{S}@pypi.{dom}/simple/ rgs-sdk=={ver}", P, "rgs-sdk")
_c("helm-set-db-password", "helm upgrade --install wallet ./charts/wallet -n {ns} --set db.host={h} --set db.password={S} --atomic", P, "h")
_c("terraform-var-passphrase", 'terraform apply -var="trustly_key_passphrase={S}" -var-file=envs/{env}.tfvars', PP, "trustly_key_passphrase")
_c("openssl-pkcs12-passin", "openssl pkcs12 -in trustly-merchant.p12 -passin pass:{S} -nodes -out /tmp/merchant.pem", P, "trustly-merchant.p12")
_c("keytool-srcstorepass", "keytool -importkeystore -srckeystore gs-feed.jks -srcstorepass {S} -destkeystore gs-feed.p12 -deststoretype PKCS12", P, "gs-feed.jks")
_c("sqlcmd-dash-P", "sqlcmd -S {h},1433 -U {u} -P \"{S}\" -d {db} -Q \"EXEC dbo.usp_DailyGGR '2025-05-01'\"", P, "u")
_c("pgpassword-env-prefix", "PGPASSWORD='{S}' psql -h {h} -U {u} -d {db} -f sql/settle_fix_{num}.sql", P, "h")
_c("mysqldump-password-equals", "mysqldump --host={h} --user={u} --password='{S}' --single-transaction {db} > /tmp/{db}.sql", P, "u")
_c("rabbitmqctl-add-user", 'rabbitmqctl add_user {u} \'{S}\' && rabbitmqctl set_permissions -p /sportsbook {u} ".*" ".*" ".*"', P, "u")
_c("htpasswd-batch-bcrypt", "htpasswd -bB /etc/nginx/.htpasswd-bo {u} '{S}'", P, "u")
_c("wget-http-password", "wget --http-user={u} --http-password={S} https://{h}/exports/affiliates_{num}.csv", P, "u")
_c("curl-client-credentials-form", "curl -s https://{h}/oauth2/token -d grant_type=client_credentials -d client_id={cid} -d client_secret={S} | jq -r .access_token", A(40, 64), "cid", cid=L(20, 26))
_c("curl-skrill-mqi-password-md5", 'curl "https://{h}/app/query.pl?action=status_trn&email={em}&password={S}&mb_trn_id={mid}"', H(32), "em")
_c("httpie-authorization-bearer", 'http POST https://{h}/v2/payouts Authorization:"Bearer {S}" amount={amt} currency={cur}', A(48), "currency")
_c("gh-secret-set-body", 'gh secret set ODDS_API_KEY --body "{S}" --repo {brand}/odds-ingest', H(32), "ODDS_API_KEY")
_c("vault-kv-put-client-secret", "vault kv put secret/payments/neteller client_id={cid} client_secret={S}", A(32, 48), "cid", cid=C("nt_", L(16)))
_c("echo-append-dotenv", 'echo "JUMIO_API_SECRET={S}" >> .env.local', A(32), "JUMIO_API_SECRET")
_c("python-flag-feed-token", "python scripts/replay_bets.py --feed-token {S} --from 2025-04-30 --sport {sport}", A(20, 26), "sport")
_c("node-positional-api-key", "node tools/push-promo.js {h} {S} --campaign WELCOME-{num} --dry-run", C("ft_", ch("live_", "prod_"), A(32)), "h")
_c("ssh-keygen-N-passphrase", 'ssh-keygen -t ed25519 -N \'{S}\' -f ~/.ssh/deploy_bo -C "deploy@{h}"', PP, "deploy_bo")
_c("7z-dash-p-attached", "7z a -p{S} -mhe=on kyc_export_{num}.7z ./kyc/batch_{num}/", P, "kyc_export_")
_c("zip-P-password", "zip -P {S} -r aml_report_q1.zip reports/aml/", P, "aml_report_q1.zip")
_c("gpg-batch-passphrase", "gpg --batch --pinentry-mode loopback --passphrase '{S}' -d regulator_feed_{num}.csv.gpg > feed.csv", PP, "regulator_feed_")
_c("smbclient-user-percent-pass", "smbclient //{ip}/finance -U '{u}%{S}' -c 'get ggr_may.xlsx'", P, "u")
_c("lftp-u-user-comma-pass", "lftp -u {u},{S} sftp://{h} -e 'cd outbound/regulator; mput *.xml; bye'", P, "u")
_c("curl-ftp-url-creds-upload", "curl -T daily_tx_{num}.xml ftp://{u}:{S}@{h}/incoming/", P, "u")
_c("kafka-cli-jaas-property", "kafka-console-consumer --bootstrap-server {h}:9093 --topic odds.raw --consumer-property security.protocol=SASL_SSL --consumer-property sasl.mechanism=PLAIN --consumer-property 'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{u}\" password=\"{S}\";'", A(16, 24), "u")
_c("az-login-service-principal", "az login --service-principal -u {uuid} -p {S} --tenant {uuid2}", C(A(3), "8Q~", _mk(_AN + "._~-")(34)), "uuid")
_c("doctl-auth-init-token", "doctl auth init --context {brand} -t {S}", C("dop_v1_", H(64)), "")
_c("stripe-cli-api-key", "stripe listen --api-key {S} --forward-to localhost:8000/webhooks/stripe", C(ch("sk_live_", "rk_live_"), A(24, 99)), "localhost:8000/webhooks/stripe")
_c("env-prefix-twilio-auth-token", "TWILIO_ACCOUNT_SID=AC{H32} TWILIO_AUTH_TOKEN={S} python send_otp.py --to +35679{num}", H(32), "send_otp.py", H32=H(32))
_c("wp-cli-user-pass", "wp user create aff_manager {em} --role=editor --user_pass='{S}' --path=/var/www/affiliates", P, "em")
_c("ldapsearch-dash-w", 'ldapsearch -H ldaps://{h} -D "cn={u},ou=svc,dc=corp,dc=local" -w \'{S}\' -b "ou=people,dc=corp,dc=local" "(mail=*)"', P, "u")
_c("psexec-user-password", 'psexec \\\\{ip} -u CORP\\{u} -p {S} cmd /c "sc query GameServerSvc"', P, "u")
_c("cmdkey-add-pass", "cmdkey /add:{h} /user:CORP\\{u} /pass:{S}", P, "u")
_c("mongoexport-password-flag", 'mongoexport --uri="mongodb://{h}:27017/{db}" --username {u} --password {S} --collection applicants --out applicants.json', P, "u")
_c("influx-write-token", "influx write -b odds-latency -o {brand} -t {S} -f latency.lp", C(BU(86), "=="), "odds-latency")
_c("clickhouse-client-password", 'clickhouse-client --host {h} --secure --user {u} --password \'{S}\' --query "SELECT sum(stake) FROM bets_dist WHERE dt = today()"', P, "u")
_c("curl-x-auth-token-rgs", "curl -H 'X-Auth-Token: {S}' 'https://{h}/rgs/v1/games?provider=evo&currency={cur}'", H(40), "provider=evo")
_c("openssl-dgst-hmac-key", 'echo -n "${{TS}}POST/resources/applicants?levelName=basic-kyc-level" | openssl dgst -sha256 -hmac "{S}"', A(32), "levelName=basic-kyc-level")
_c("sed-inplace-replace-key", "sed -i 's/^GEOCOMPLY_API_KEY=.*/GEOCOMPLY_API_KEY={S}/' /etc/geo-guard/env", A(40), "/etc/geo-guard/env")
_c("docker-run-e-env-token", "docker run -d --name odds-ingest -e BETRADAR_ACCESS_TOKEN={S} -e UOF_ENV=integration registry.{dom}/odds-ingest:{ver}", A(20, 28), "UOF_ENV=integration")
_c("psql-conninfo-keyword-password", 'psql "host={h} port=5432 dbname={db} user={u} password={S} sslmode=verify-full"', P, "h")
_c("curl-basic-b64-jumio", 'curl -X POST https://{h}/api/v4/initiate -H "Authorization: Basic {S}" -H "User-Agent: {brand} KYC/1.0"', lambda: _b64.b64encode((_uuid() + ":" + _rs(_AN, 32)).encode()).decode(), "User-Agent")
_c("curl-onfido-token-header", 'curl https://{h}/v3.6/applicants -H "Authorization: Token token={S}"', C(ch("api_live.", "api_live_eu."), BU(11), ".", BU(32)), "v3.6/applicants")
_c("printf-git-credentials", "printf 'https://{u}:{S}@git.{dom}\\n' >> ~/.git-credentials", C("glpat-", BU(20)), "u")
_c("printf-openvpn-auth-file", "printf '{u}\\n{S}\\n' > /etc/openvpn/pagcor-feed.auth && chmod 600 /etc/openvpn/pagcor-feed.auth", P, "pagcor-feed.auth")
_c("mc-alias-set-positional", "mc alias set kyc-docs https://{h} {ak} {S}", A(40), "ak", ak=U(20))
_c("curl-telegram-bot-path", 'curl -s "https://api.telegram.org/bot{S}/sendMessage" -d chat_id=-100{mid} -d text="settlement lag > 5m"', C(D(9, 10), ":AA", BU(33)), "sendMessage")
_c("echo-netrc-machine", 'echo "machine {h} login {u} password {S}" >> ~/.netrc', P, "u")
_c("crontab-curl-query-key", '*/5 * * * * curl -fsS "https://{h}/cron/settle-open-bets?key={S}" > /dev/null 2>&1', H(24, 40), "settle-open-bets")
_c("pm2-set-slack-webhook", "pm2 set pm2-slack:slack_url https://hooks.slack.com/services/T{t8}/B{b8}/{S}", A(24), "pm2-slack:slack_url", t8=U(8, 10), b8=U(8, 10))
_c("sqlplus-user-slash-password", "sqlplus {u}/{S}@//{h}:1521/LOTTOPDB @draw_results.sql", P, "u")
_c("java-system-property-password", "java -Dspring.datasource.password={S} -Dspring.profiles.active={env} -jar bet-settlement.jar", P, "bet-settlement.jar")
_c("curl-paysafecard-basic-user", 'curl -u "{S}:" https://{h}/v1/payments -H "Content-Type: application/json"', C("psc_", A(32)), "v1/payments")
_c("bitgo-cli-access-token", "BITGO_ACCESS_TOKEN={S} node scripts/sweep-hot-wallet.js --coin tbtc --wallet {oid}", C("v2x", H(64)), "oid")
_c("runas-savecred-echo", 'echo {S}| runas /user:CORP\\{u} "powershell -File C:\\ops\\rotate-rgs-certs.ps1"', P, "u")

# --- group: tool-output ------------------------------------------------------
G["bl"] = _brandw
G["akid"] = lambda: _R.choice(["AKIA", "AKIA", "ASIA"]) + _rs(_B32, 16)
G["cid"] = lambda: _rs(_LN, 20, 26)


def b64of(gen, sep=None):
    return lambda: _b64.b64encode(_val(gen).encode()).decode()


def _pem_escaped(kind):
    body = PEMB(kind)
    return lambda: body().replace("\n", "\\n")


_t = adder("tool-output")
_t("cat-dotenv-output", "$ cat .env\nAPP_ENV={env}\nDB_HOST={h}\nDB_PASSWORD={S}\nREDIS_URL=redis://{h2}:6379/0", P, "h")
_t("printenv-grep-output", "$ printenv | grep -i sumsub\nSUMSUB_BASE_URL=https://kyc-gw.{dom}\nSUMSUB_APP_TOKEN={S}\nSUMSUB_LEVEL=basic-kyc-level", C("prd:", A(24), ".", A(32)), "SUMSUB_LEVEL=basic-kyc-level")
_t("kubectl-secret-yaml-b64-data", "apiVersion: v1\ndata:\n  password: {S}\n  username: {ub}\nkind: Secret\nmetadata:\n  name: wallet-db\n  namespace: {ns}\ntype: Opaque", b64of(P), "wallet-db", ub=b64of(_user))
_t("docker-inspect-env-array", '"Env": [\n    "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",\n    "GENIUS_CLIENT_SECRET={S}",\n    "NODE_ENV=production"\n],', A(48, 64), "NODE_ENV=production")
_t("vault-kv-get-table", "====== Secret Path ======\nsecret/data/payments/skrill\n\n====== Data ======\nKey            Value\n---            -----\nmerchant_id    {mid}\nsecret_word    {S}", P, "mid")
_t("aws-secretsmanager-secretstring", '{{\n    "ARN": "arn:aws:secretsmanager:{reg}:{acct}:secret:prod/payments/trustly-{r6}",\n    "Name": "prod/payments/trustly",\n    "SecretString": "{{\\"username\\":\\"{u}\\",\\"password\\":\\"{S}\\"}}",\n    "VersionStages": ["AWSCURRENT"]\n}}', P, "prod/payments/trustly", r6=A(6))
_t("aws-iam-create-access-key-json", '{{\n    "AccessKey": {{\n        "UserName": "{u}",\n        "AccessKeyId": "{akid}",\n        "Status": "Active",\n        "SecretAccessKey": "{S}",\n        "CreateDate": "{dt}"\n    }}\n}}', B(40), "akid")
_t("az-sp-credential-reset-json", '{{\n  "appId": "{uuid}",\n  "password": "{S}",\n  "tenant": "{uuid2}"\n}}', C(A(3), "8Q~", _mk(_AN + "._~-")(34)), "uuid")
_t("gcp-sa-key-json-escaped-pem", '{{\n  "type": "service_account",\n  "project_id": "{bl}-data-{env}",\n  "private_key_id": "{pkid}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n{S}\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "looker-export@{bl}-data-{env}.iam.gserviceaccount.com"\n}}', _pem_escaped("PRIVATE KEY"), "pkid", pkid=H(40))
_t("curl-verbose-request-bearer", "> GET /api/v2/fixtures?sport={sport} HTTP/2\n> Host: {h}\n> User-Agent: curl/8.5.0\n> Authorization: Bearer {S}\n> Accept: */*\n>\n< HTTP/2 200", A(40, 56), "h")
_t("oauth-token-response-json", '{{"access_token":"{S}","token_type":"Bearer","expires_in":3600,"scope":"fixtures odds"}}', ch(JWT(), A(64)), "token_type")
_t("sumsub-access-token-response", '{{"token":"{S}","userId":"{pid}"}}', C("_act-", ch("sbx-", "prd-"), "jwt-", JWT("HS256")), "pid")
_t("ps-aux-process-args", "root     {num}  0.3  1.2 4081232 412440 ?  Sl   May02  41:07 /usr/bin/java -jar feed-consumer.jar --uof.token={S} --uof.env=production", A(20, 28), "feed-consumer.jar")
_t("bash-history-output", "  512  cd /srv/cashier\n  513  export NETELLER_API_KEY={S}\n  514  ./gradlew bootRun --args='--spring.profiles.active={env}'", A(32, 40), "/srv/cashier")
_t("git-log-patch-added-password", 'commit {sha40}\nAuthor: {fn} <{em}>\n\n    wip trustly sandbox\n\ndiff --git a/config/trustly.yml b/config/trustly.yml\n@@ -3,2 +3,3 @@ trustly:\n   username: {u}\n+  password: "{S}"', P, "sha40")
_t("grep-rn-match-line", 'src/payments/skrill.py:14:SKRILL_SECRET_WORD = "{S}"\nsrc/payments/skrill.py:15:SKRILL_MERCHANT_ID = {mid}', P, "src/payments/skrill.py")
_t("terraform-output-raw", '$ terraform output -raw db_master_password\n{S}\n$ terraform output rds_endpoint\n"{h}"', RND, "h")
_t("docker-compose-config-output", "services:\n  rgs-gateway:\n    environment:\n      RGS_HMAC_SECRET: {S}\n      RGS_PROVIDER: pragmatic\n    image: registry.{dom}/rgs-gateway:{ver}", H(64), "RGS_PROVIDER")
_t("kubectl-describe-pod-env", "    Environment:\n      SPRING_PROFILES_ACTIVE:  {env}\n      KAFKA_SASL_PASSWORD:     {S}\n      KAFKA_BOOTSTRAP:         {h}:9093", A(24, 32), "h")
_t("cat-pgpass-line", "$ cat ~/.pgpass\n{h}:5432:{db}:{u}:{S}", P, "u")
_t("cat-netrc-multiline", "$ cat ~/.netrc\nmachine {h}\n  login {u}\n  password {S}", P, "u")
_t("cat-npmrc-scoped-token", "$ cat ~/.npmrc\n@{bl}:registry=https://npm.{dom}/\n//npm.{dom}/:_authToken={S}\nalways-auth=true", C("npm_", A(36)), "always-auth=true")
_t("git-config-list-url-creds", "user.name={fn}\nremote.origin.url=https://{u}:{S}@git.{dom}/sportsbook/pricing.git\nbranch.main.remote=origin", P, "sportsbook/pricing.git")
_t("mysql-table-api-secret-column", "+----+-------------+----------------------------------+\n| id | provider    | api_secret                       |\n+----+-------------+----------------------------------+\n|  3 | evolution   | {S} |\n+----+-------------+----------------------------------+\n1 row in set (0.01 sec)", H(32), "evolution")
_t("psql-select-webhook-secret", " id |   name    |          webhook_secret\n----+-----------+------------------------------------------\n  7 | cellxpert | {S}\n(1 row)", C("whsec_", A(32)), "cellxpert")
_t("redis-cli-get-token-value", '127.0.0.1:6379> GET oauth:genius:access_token\n"{S}"\n127.0.0.1:6379> TTL oauth:genius:access_token\n(integer) 2841', JWT("RS256"), "oauth:genius:access_token")
_t("systemctl-cat-environment", '# /etc/systemd/system/payout-worker.service\n[Service]\nEnvironment="COINPAYMENTS_PRIVATE_KEY={S}"\nExecStart=/opt/payout/bin/worker --coin USDT', H(64), "payout-worker.service")
_t("crontab-l-sftp-pass", "# m h dom mon dow command\n15 3 * * * /opt/reports/send_mga.sh --sftp-user {u} --sftp-pass '{S}' >> /var/log/mga.log 2>&1", P, "send_mga.sh")
_t("doppler-secrets-get-plain", "$ doppler secrets get OPTICODDS_API_KEY --plain\n{S}", UUID, "OPTICODDS_API_KEY")
_t("jq-config-json-output", '$ jq .auth ~/.config/rgs-cli/config.json\n{{\n  "operator_id": "{mid}",\n  "secret": "{S}"\n}}', A(40), "mid")
_t("sqlite3-select-row-pipe", "sqlite> select * from oauth_tokens;\n1|genius|{S}|2025-06-01 12:00:00", A(48, 64), "genius")
_t("http-response-set-cookie", "HTTP/1.1 302 Found\nLocation: /backoffice/dashboard\nSet-Cookie: BO_SESSION={S}; Path=/; HttpOnly; Secure; SameSite=Lax", A(32, 48), "/backoffice/dashboard")
_t("wp-option-get-output", "$ wp option get cellxpert_api_key --path=/var/www/affiliates\n{S}", A(32), "cellxpert_api_key")
_t("env-output-database-url", "PORT=8080\nDATABASE_URL=postgres://{u}:{S}@{h}:5432/{db}\nLOG_LEVEL=info", P, "h")
_t("docker-history-env-layer", "<missing>      3 weeks ago   /bin/sh -c #(nop)  ENV PAYSAFECARD_API_KEY={S}   0B\n<missing>      3 weeks ago   /bin/sh -c #(nop)  WORKDIR /app   0B", C("psc_", A(32)), "WORKDIR /app")
_t("ansible-vault-view-output", "$ ansible-vault view group_vars/prod/vault.yml\nVault password:\nvault_geocomply_user: {u}\nvault_geocomply_api_password: {S}", P, "u")
_t("sops-decrypt-output", "$ sops -d secrets/{env}.enc.yaml\ntrustly:\n    username: {u}\n    password: {S}\n    endpoint: https://{h}/api/1", RND, "u")
_t("kubectl-jsonpath-b64-decoded", "$ kubectl get secret sumsub -n kyc -o jsonpath='{{.data.secret-key}}' | base64 -d\n{S}", A(32), "jsonpath")
_t("helm-get-values-output", "USER-SUPPLIED VALUES:\nimage:\n  tag: {ver}\nredis:\n  auth:\n    enabled: true\n    password: {S}", P, "USER-SUPPLIED VALUES")
_t("pytest-assertion-headers-dict", "E       AssertionError: unexpected headers\nE         {{'Authorization': 'Bearer {S}', 'X-Operator': '{brand}'}}", A(40), "brand")
_t("python-repl-settings-dump", ">>> settings.GENIUS\n{{'client_id': '{cid}', 'client_secret': '{S}', 'audience': 'fixtures-api'}}", A(48), "cid")
_t("node-console-log-config", "{{\n  wallet: {{ url: 'https://{h}', hmacKey: '{S}' }},\n  retries: 3\n}}", H(64), "h")
_t("aws-ssm-get-parameter-decrypted", '{{\n    "Parameter": {{\n        "Name": "/prod/odds/betradar_token",\n        "Type": "SecureString",\n        "Value": "{S}",\n        "Version": {num}\n    }}\n}}', A(24), "/prod/odds/betradar_token")
_t("gcloud-secrets-access-output", "$ gcloud secrets versions access latest --secret=onfido-api-token --project={bl}-kyc\n{S}", C("api_live.", BU(11), ".", BU(32)), "onfido-api-token")
_t("az-keyvault-secret-show", '{{\n  "attributes": {{ "enabled": true }},\n  "id": "https://kv-{bl}.vault.azure.net/secrets/jumio-api-secret/{h32}",\n  "value": "{S}"\n}}', A(32), "jumio-api-secret", h32=H(32))
_t("kubectl-configmap-properties", "data:\n  application.properties: |\n    spring.datasource.url=jdbc:postgresql://{h}:5432/{db}\n    spring.datasource.username={u}\n    spring.datasource.password={S}", P, "u")
_t("api-key-created-response", '{{"id":"{uuid}","name":"affiliate-postback","key":"{S}","created_at":"{dt}"}}', C("ak_live_", A(40)), "uuid")
_t("pandas-df-head-api-key", "   operator_id          brand                           api_key\n0  {mid}  {brand}  {S}", H(40), "brand")
_t("stripe-webhook-endpoint-output", '{{\n  "id": "we_{a24}",\n  "object": "webhook_endpoint",\n  "secret": "{S}",\n  "url": "https://{h}/hooks/stripe"\n}}', C("whsec_", A(32)), "h", a24=A(24))
_t("git-diff-env-example-filled", "--- a/.env.example\n+++ b/.env.example\n@@ -4 +4 @@\n-OPTICODDS_KEY=\n+OPTICODDS_KEY={S}", UUID, ".env.example")
_t("docker-exec-cat-run-secrets", "$ docker exec wallet cat /run/secrets/db_password\n{S}", RND, "/run/secrets/db_password")
_t("rclone-config-show", "$ rclone config show kyc-archive\n[kyc-archive]\ntype = s3\nprovider = Minio\naccess_key_id = {ak}\nsecret_access_key = {S}\nendpoint = https://{h}", A(40), "ak", ak=U(20))
_t("cat-aws-credentials-profile", "$ cat ~/.aws/credentials\n[igaming-{env}]\naws_access_key_id = {akid}\naws_secret_access_key = {S}\nregion = {reg}", B(40), "akid")
_t("docker-config-json-auths", '{{\n  "auths": {{\n    "registry.{dom}": {{\n      "auth": "{S}"\n    }}\n  }}\n}}', b64of(C(_user, ":", P)), "dom")
_t("pip-config-list-output", "$ pip config list\nglobal.index-url='https://{u}:{S}@nexus.{dom}/repository/pypi-group/simple'\nglobal.timeout='60'", P, "u")
_t("kubectl-exec-env-grep", "$ kubectl exec deploy/{sv} -n {ns} -- env | grep TOKEN\nSLACK_BOT_TOKEN={S}", C("xoxb-", D(11), "-", D(13), "-", A(24)), "SLACK_BOT_TOKEN")
_t("sentry-cli-info-output", "Sentry Server: https://sentry.{dom}\nDefault Organization: {bl}\nDefault Project: cashier-web\nAuthentication Info:\n  Method: Auth Token\n  Token: {S}", C("sntryu_", H(64)), "cashier-web")
_t("go-test-log-key-echo", '--- FAIL: TestGeoComplyDecrypt (0.00s)\n    geo_test.go:41: decrypting with key "{S}" for env {env}: cipher: message authentication failed', A(32), "geo_test.go:41")
_t("sqlcmd-result-secret-column", "ProviderCode  SecretKey\n------------  ------------------------------------\nPLAYNGO       {S}\n\n(1 rows affected)", lambda: _uuid().upper(), "PLAYNGO")
_t("gitleaks-finding-output", "Finding:     password: \"{S}\"\nSecret:      {S}\nRuleID:      generic-api-key\nEntropy:     3.91\nFile:        deploy/values-prod.yaml\nLine:        88", P, "deploy/values-prod.yaml")
_t("cmd-set-findstr-output", "C:\\> set | findstr /i PASS\nMSSQL_SA_PASSWORD={S}\nPASSWORD_MAX_AGE_DAYS=90", P, "PASSWORD_MAX_AGE_DAYS=90")
_t("powershell-env-table-output", "PS> Get-ChildItem Env:GBG*\n\nName                           Value\n----                           -----\nGBG_PASSWORD                   {S}\nGBG_USERNAME                   {u}", P, "u")
_t("wg-showconf-private-key", "[Interface]\nListenPort = 51820\nPrivateKey = {S}\n\n[Peer]\nPublicKey = {pub}\nAllowedIPs = 10.44.0.0/16", B64R(32), "pub", pub=B64R(32))
_t("casino-launch-url-response", '{{"launchUrl":"https://{h}/launch?token={S}&game={game}&lang=en","expiresAt":"{dt}"}}', H(32), "game")
_t("kubectl-config-view-raw-token", "users:\n- name: {bl}-admin\n  user:\n    token: {S}", JWT("RS256"), "users:")
_t("ftp-session-echoed-password", "Connected to {h}.\n220 FileZilla Server 1.7.3\nName ({h}:root): {u}\n331 Please, specify the password.\nPassword: {S}\n230 Login successful.", P, "u")
_t("redis-config-get-requirepass", '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "{S}"', A(24, 40), "CONFIG GET requirepass")
_t("elastic-setup-passwords-output", "Initiating the setup of passwords for reserved users elastic,kibana_system.\nChanged password for user [elastic]\nPASSWORD elastic = {S}", A(20), "[elastic]")
_t("jenkins-initial-admin-password", "$ sudo cat /var/lib/jenkins/secrets/initialAdminPassword\n{S}", H(32), "initialAdminPassword")
_t("argocd-initial-password-output", "$ argocd admin initial-password -n argocd\n{S}\n\n This password must be only used for first time login. We strongly recommend you update the password using `argocd account update-password`.", A(16), "argocd account update-password")
_t("heroku-config-get-output", "$ heroku config:get MAILGUN_API_KEY -a {bl}-affiliates\n{S}", C("key-", H(32)), "MAILGUN_API_KEY")
_t("mongosh-find-integration", "{bl}> db.integrations.findOne({{provider: 'jumio'}})\n{{\n  _id: ObjectId('{oid}'),\n  provider: 'jumio',\n  apiToken: '{uuid}',\n  apiSecret: '{S}'\n}}", A(32), "uuid")
_t("curl-i-www-authenticate-echo", "$ curl -i https://{h}/admin -H 'X-Admin-Key: {S}'\nHTTP/2 403\nwww-authenticate: Key realm=\"bo\"", A(40), "h")
_t("ssh-cat-authorized-pem", "$ cat deploy/keys/rgs_signing.pem\n" + PEM("RSA PRIVATE KEY"), PEMB("RSA PRIVATE KEY"), "rgs_signing.pem")
_t("nats-context-show", "NATS Configuration Context \"{ns}\"\n\n      Server URLs: tls://{h}:4222\n         Username: {u}\n         Password: {S}", P, "u")

# --- group: config-file --------------------------------------------------------
def _pem_indented(kind, ind):
    body = PEMB(kind)
    return lambda: body().replace("\n", "\n" + " " * ind)


def _split_value(gen, joiner="\\\n"):
    def g():
        s = _val(gen)
        k = _R.randint(len(s) // 3, 2 * len(s) // 3)
        return s[:k] + joiner + s[k:]
    return g


_k = adder("config-file")
_k("dotenv-db-pass-double-quoted", "# .env.production\nDB_HOST={h}\nDB_USER={u}\nDB_PASS=\"{S}\"\nDB_POOL=20", P, "h")
_k("dotenv-sportradar-api-key", "SPORTRADAR_API_KEY={S}\nSPORTRADAR_ACCESS_LEVEL=trial\nSPORTRADAR_LANG=en", ch(L(24), A(40)), "SPORTRADAR_ACCESS_LEVEL=trial")
_k("yaml-spring-datasource-password", "spring:\n  datasource:\n    url: jdbc:mysql://{h}:3306/{db}\n    username: {u}\n    password: {S}\n    hikari:\n      maximum-pool-size: 30", P, "u")
_k("yaml-rgs-provider-secret-key", "providers:\n  pragmatic:\n    operatorId: {mid}\n    secretKey: {S}\n    apiUrl: https://{h}/IntegrationService/v3", A(16, 24), "mid")
_k("yaml-uof-access-token", "uof:\n  accessToken: {S}\n  nodeId: {num}\n  environment: Integration\n  bookmakerId: {mid}\n  defaultLanguage: en", A(20, 26), "mid")
_k("yaml-genius-client-secret", "genius:\n  auth:\n    clientId: {cid}\n    clientSecret: {S}\n    apiKey: <from vault: kv/genius/api_key>", A(48, 64), "cid")
_k("yaml-sumsub-app-token-env-ref", "sumsub:\n  base_url: https://kyc-gw.{dom}\n  app_token: {S}\n  secret_key: ${{SUMSUB_SECRET_KEY}}\n  level: basic-kyc-level", C(ch("prd:", "sbx:"), A(24), ".", A(32)), "level: basic-kyc-level")
_k("yaml-geocomply-license-folded", "geocomply:\n  installerId: {mid}\n  licenseKey: >-\n    {S}\n  reasonCodes: strict", B64R(120), "mid")
_k("toml-trustly-password", '[payments.trustly]\nusername = "{u}"\npassword = "{S}"\nendpoint = "https://{h}/api/1"', P, "u")
_k("toml-skrill-secret-word", "[skrill]\npay_to_email = \"{em}\"\nsecret_word = '{S}'\nmqi_enabled = true", P, "em")
_k("ini-mycnf-client-password", "[client]\nuser={u}\npassword={S}\nhost={h}\nport=3306", P, "u")
_k("ini-odbc-pwd", "[LottoDW]\nDriver=ODBC Driver 18 for SQL Server\nServer=tcp:{h},1433\nDatabase={db}\nUID={u}\nPWD={S}", P, "u")
_k("xml-webconfig-connection-string", '<connectionStrings>\n  <add name="Wallet" connectionString="Server={h};Database={db};User Id={u};Password={S};TrustServerCertificate=True" providerName="System.Data.SqlClient" />\n</connectionStrings>', P, "u")
_k("xml-tomcat-context-resource", '<Resource name="jdbc/bets" auth="Container" type="javax.sql.DataSource" username="{u}" password="{S}" driverClassName="org.postgresql.Driver" url="jdbc:postgresql://{h}:5432/{db}"/>', P, "u")
_k("xml-maven-settings-server", "<servers>\n  <server>\n    <id>{bl}-releases</id>\n    <username>{u}</username>\n    <password>{S}</password>\n  </server>\n</servers>", P, "u")
_k("xml-nuget-cleartextpassword", '<packageSourceCredentials>\n  <{bl}Feed>\n    <add key="Username" value="{u}" />\n    <add key="ClearTextPassword" value="{S}" />\n  </{bl}Feed>\n</packageSourceCredentials>', L(52), "u")
_k("properties-kafka-keystore-password", "ssl.keystore.location=/etc/kafka/secrets/odds.keystore.jks\nssl.keystore.password={S}\nssl.keystore.type=JKS", P, "odds.keystore.jks")
_k("properties-spring-mail-password", "spring.mail.host=smtp.{dom}\nspring.mail.port=587\nspring.mail.username=noreply@{dom}\nspring.mail.password={S}", P, "spring.mail.host")
_k("json-appsettings-onfido-token", '{{\n  "Onfido": {{\n    "ApiToken": "{S}",\n    "Region": "EU",\n    "WebhookUrl": "https://{h}/hooks/onfido"\n  }}\n}}', C("api_live.", BU(11), ".", BU(32)), "h")
_k("json-coinspaid-key-secret", '{{"coinspaid": {{"key": "{k}", "secret": "{S}", "base": "https://{h}"}}}}', A(64), "k", k=A(32))
_k("hcl-tfvars-cloudflare-token", 'zone_id              = "{z}"\ncloudflare_api_token = "{S}"\nwaf_mode             = "block"', BU(40), "z", z=H(32))
_k("hcl-provider-datadog-api-key", 'provider "datadog" {{\n  api_key = "{S}"\n  app_key = var.datadog_app_key\n  api_url = "https://api.datadoghq.eu/"\n}}', H(32), "var.datadog_app_key")
_k("nginx-proxy-set-header-key", "location /odds/ {{\n    proxy_pass https://{h};\n    proxy_set_header x-api-key \"{S}\";\n    proxy_set_header Host $proxy_host;\n}}", H(32), "h")
_k("apache-requestheader-basic", 'ProxyPass /regfeed/ https://{h}/upload/\nRequestHeader set Authorization "Basic {S}"', b64of(C(_user, ":", P)), "ProxyPass")
_k("php-wpconfig-define-password", "define( 'DB_NAME', '{db}' );\ndefine( 'DB_USER', '{u}' );\ndefine( 'DB_PASSWORD', '{S}' );\ndefine( 'DB_HOST', '{h}' );", P, "u")
_k("laravel-env-sendgrid-mail", "MAIL_MAILER=smtp\nMAIL_HOST=smtp.{dom}\nMAIL_PORT=587\nMAIL_USERNAME=apikey\nMAIL_PASSWORD={S}", C("SG.", BU(22), ".", BU(43)), "MAIL_USERNAME=apikey")
_k("erb-env-fetch-default-password", "production:\n  adapter: postgresql\n  host: {h}\n  database: {db}\n  username: {u}\n  password: <%= ENV.fetch('DB_PASSWORD', '{S}') %>", P, "u")
_k("rails-secret-key-base", "# config/secrets.yml\nproduction:\n  secret_key_base: {S}", H(128), "production:")
_k("pypirc-token-password", "[distutils]\nindex-servers = internal\n\n[internal]\nrepository = https://pypi.{dom}/\nusername = __token__\npassword = {S}", C("pypi-AgEI", BU(70, 90)), "__token__")
_k("gem-credentials-rubygems-key", "---\n:rubygems_api_key: {S}", C("rubygems_", H(48)), ":rubygems_api_key:")
_k("yarnrc-npm-auth-token", 'npmScopes:\n  {bl}:\n    npmRegistryServer: "https://npm.{dom}"\n    npmAuthToken: "{S}"', C("npm_", A(36)), "npmRegistryServer")
_k("cargo-credentials-registry-token", '[registries.{bl}]\ntoken = "{S}"', C("cio", A(32)), "[registries.")
_k("terraformrc-credentials-token", 'credentials "app.terraform.io" {{\n  token = "{S}"\n}}', C(A(14), ".atlasv1.", A(67)), "app.terraform.io")
_k("s3cfg-secret-key", "[default]\naccess_key = {ak}\nsecret_key = {S}\nhost_base = {h}\nuse_https = True", A(40), "ak", ak=U(20))
_k("kubeconfig-client-key-data", "users:\n- name: ops@{bl}-prod\n  user:\n    client-certificate-data: {cert}\n    client-key-data: {S}", C("LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF", B(900, 1200), "=="), "cert", cert=C("LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSU", B(300), "="))
_k("pgbouncer-userlist-plain", '; /etc/pgbouncer/userlist.txt\n"{u}" "{S}"', P, "u")
_k("redis-conf-requirepass", "bind 0.0.0.0\nprotected-mode yes\nrequirepass {S}\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru", A(32, 48), "maxmemory 2gb")
_k("rabbitmq-conf-default-pass", "listeners.tcp.default = 5672\ndefault_vhost = /sportsbook\ndefault_user = {u}\ndefault_pass = {S}", P, "u")
_k("jaas-conf-scram-password", 'KafkaClient {{\n  org.apache.kafka.common.security.scram.ScramLoginModule required\n  username="{u}"\n  password="{S}";\n}};', A(20, 32), "u")
_k("prometheus-scrape-basic-auth", "- job_name: wallet\n  scheme: https\n  basic_auth:\n    username: {u}\n    password: {S}\n  static_configs:\n    - targets: ['{h}:9100']", P, "u")
_k("alertmanager-slack-api-url", "receivers:\n- name: trading-alerts\n  slack_configs:\n  - api_url: https://hooks.slack.com/services/T{t}/B{b}/{S}\n    channel: '#trading-alerts'", A(24), "#trading-alerts", t=U(8, 10), b=U(8, 10))
_k("grafana-ini-admin-password", "[security]\nadmin_user = admin\nadmin_password = {S}\ndisable_gravatar = true", P, "admin_user = admin")
_k("logstash-output-es-password", 'output {{\n  elasticsearch {{\n    hosts => ["https://{h}:9200"]\n    user => "{u}"\n    password => "{S}"\n    index => "bets-%{{+YYYY.MM.dd}}"\n  }}\n}}', A(20), "u")
_k("filebeat-cloud-auth", 'cloud.id: "{bl}:{cloudid}"\ncloud.auth: "elastic:{S}"', A(20, 24), "cloud.id", cloudid=B64R(60))
_k("fluentd-forward-shared-key", "<match kyc.**>\n  @type forward\n  <security>\n    self_hostname {h}\n    shared_key {S}\n  </security>\n</match>", A(24, 32), "h")
_k("supervisord-program-environment", '[program:odds-ingest]\ncommand=/opt/odds/bin/ingest --markets h2h,totals\nenvironment=ODDS_API_KEY="{S}",ODDS_REGION="eu"', H(32), 'ODDS_REGION="eu"')
_k("php-fpm-pool-env-directive", "[www]\nenv[PAYSAFECARD_KEY] = {S}\nenv[APP_ENV] = {env}\npm.max_children = 40", C("psc_", A(32)), "[www]")
_k("haproxy-stats-auth", "listen stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats auth {u}:{S}", P, "u")
_k("ovpn-inline-key-block", "remote {h} 1194 udp\n<key>\n-----BEGIN PRIVATE KEY-----\n{S}\n-----END PRIVATE KEY-----\n</key>", PEMB("PRIVATE KEY"), "h")
_k("wpa-supplicant-psk", 'network={{\n    ssid="{brand}-Office-5G"\n    psk="{S}"\n    key_mgmt=WPA-PSK\n}}', P, "-Office-5G")
_k("netplan-wifi-password", 'network:\n  wifis:\n    wlan0:\n      access-points:\n        "{brand}-Ops":\n          password: "{S}"', P, "-Ops")
_k("ansible-inventory-host-vars", "[rgs]\n{ip} ansible_user={u} ansible_password={S} ansible_connection=winrm", P, "ip")
_k("ansible-group-vars-plaintext", "# group_vars/payments.yml\nneteller_client_id: {cid}\nneteller_client_secret: \"{S}\"\nneteller_env: live", A(32, 48), "cid")
_k("serverless-yml-env-key", "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    OPTIMOVE_API_KEY: {S}\n    STAGE: ${{opt:stage}}", A(32), "STAGE:")
_k("compose-env-list-token-secret", "services:\n  kyc-bridge:\n    image: registry.{dom}/kyc-bridge:{ver}\n    environment:\n      - JUMIO_API_TOKEN={uuid}\n      - JUMIO_API_SECRET={S}", A(32), "uuid")
_k("k8s-secret-stringdata", 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: fasttrack-crm\ntype: Opaque\nstringData:\n  FASTTRACK_API_KEY: "{S}"', A(40), "fasttrack-crm")
_k("helm-values-external-db", 'externalDatabase:\n  host: {h}\n  user: {u}\n  password: "{S}"\n  database: {db}', P, "h")
_k("postman-environment-value", '{{\n  "key": "intercom_token",\n  "value": "{S}",\n  "type": "secret",\n  "enabled": true\n}}', C("dG9rOj", B(50), "="), "intercom_token")
_k("rest-client-http-file-bearer", "### get player\nGET https://{h}/api/players/{pid}\nAuthorization: Bearer {S}\nX-Brand: {bl}", A(40, 64), "pid")
_k("vscode-rest-client-env-vars", '"rest-client.environmentVariables": {{\n  "stg": {{\n    "host": "https://{h}",\n    "zendeskToken": "{S}"\n  }}\n}}', A(40), "h")
_k("caddyfile-header-up-key", "{h} {{\n  reverse_proxy /aff/* {ip}:8080 {{\n    header_up X-Cellxpert-Key {S}\n  }}\n}}", A(32, 40), "ip")
_k("traefik-custom-request-header", 'http:\n  middlewares:\n    aff-auth:\n      headers:\n        customRequestHeaders:\n          X-Api-Token: "{S}"', A(40), "aff-auth")
_k("kong-keyauth-credential", "consumers:\n- username: {u}\n  keyauth_credentials:\n  - key: {S}", A(32), "u")
_k("freeradius-client-secret", "client bo_vpn {{\n    ipaddr = {ip}\n    secret = {S}\n    nas_type = other\n}}", P, "ip")
_k("samba-credentials-file", "# /etc/samba/creds-finance\nusername={u}\npassword={S}\ndomain=CORP", P, "u")
_k("msmtprc-account-password", "account mga\nhost smtp.{dom}\nport 587\ntls on\nuser {em}\npassword {S}\nfrom {em}", P, "em")
_k("jboss-datasource-security", "<datasource jndi-name=\"java:/LottoDS\" pool-name=\"LottoDS\">\n  <security>\n    <user-name>{u}</user-name>\n    <password>{S}</password>\n  </security>\n</datasource>", P, "u")
_k("log4j2-smtp-appender-password", '<SMTP name="Mail" subject="[settlement] ERROR" to="oncall@{dom}" smtpHost="smtp.{dom}" smtpUsername="{u}" smtpPassword="{S}" bufferSize="50"/>', P, "u")
_k("hibernate-cfg-password-property", '<property name="hibernate.connection.url">jdbc:mysql://{h}/{db}</property>\n<property name="hibernate.connection.username">{u}</property>\n<property name="hibernate.connection.password">{S}</property>', P, "u")
_k("quartz-datasource-password", "org.quartz.dataSource.lotto.URL = jdbc:mysql://{h}/{db}\norg.quartz.dataSource.lotto.user = {u}\norg.quartz.dataSource.lotto.password = {S}", P, "u")
_k("appsettings-npgsql-connection-string", '"ConnectionStrings": {{\n  "Ledger": "Host={h};Port=5432;Database={db};Username={u};Password={S}"\n}}', P, "h")
_k("toml-smartico-api-secret", '[promo.smartico]\nlabel_key = "{lk}"\nbrand_key = "{bk}"\napi_secret = "{S}"', H(40), "lk", lk=H(8), bk=H(8))
_k("ini-income-access-password", "[income_access]\nbase_url = https://{h}/api\nusername = {u}\npassword = {S}\ntimeout = 30", P, "u")
_k("xml-spring-sftp-bean", '<bean id="sftpSessionFactory" class="org.springframework.integration.sftp.session.DefaultSftpSessionFactory">\n  <property name="host" value="{h}"/>\n  <property name="user" value="{u}"/>\n  <property name="password" value="{S}"/>\n</bean>', P, "h")
_k("yaml-block-scalar-openssh-key", "regulator:\n  spelinspektionen:\n    sftp_host: {h}\n    sftp_private_key: |\n      -----BEGIN OPENSSH PRIVATE KEY-----\n      {S}\n      -----END OPENSSH PRIVATE KEY-----", _pem_indented("OPENSSH PRIVATE KEY", 6), "spelinspektionen")
_k("dotenv-backslash-continued-value", 'GEOCOMPLY_LICENSE="{S}"\nGEOCOMPLY_ENV=production', _split_value(B64R(90)), "GEOCOMPLY_ENV=production")
_k("env-file-single-quoted-hash-pw", "# kyc.env\nGBG_USERNAME={em}\nGBG_PASSWORD='{S}'", C(P, "#", D(2)), "em")
_k("ini-dgoj-sftp-section", "; reporting to DGOJ (ES)\n[dgoj_sftp]\nhost = {h}\nuser = {u}\npass = {S}\nremote_dir = /CNJ/entrada", P, "u")

# --- group: source-code --------------------------------------------------------
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_MN_WORDS = ["orbit", "velvet", "harbor", "crane", "fossil", "lemon", "tunnel", "marble",
             "quarter", "whisper", "cactus", "ribbon", "glacier", "pepper", "saddle",
             "lantern", "meadow", "hollow", "copper", "violin", "anchor", "pilot",
             "rescue", "timber", "oyster", "walnut", "bronze", "canvas", "donkey",
             "ember", "falcon", "gravel", "hazard", "island", "jungle", "kidney",
             "ladder", "mosquito", "napkin", "olive", "puzzle", "rocket", "salmon",
             "thunder", "umbrella", "vendor", "wagon", "yellow", "zebra", "census"]


def _mnemonic():
    return " ".join(_R.choice(_MN_WORDS) for _ in range(_R.choice([12, 12, 24])))


def _app_pw():
    return " ".join(_rs(_LO, 4) for _ in range(4))


def _discord():
    uid = str(_R.randint(10 ** 17, 10 ** 18 - 1))
    return (_b64.b64encode(uid.encode()).decode().rstrip("=") + "." + _rs(_B64UA, 6)
            + "." + _rs(_B64UA, 27, 38))


def _py_split():
    s = _rs(_AN, 48)
    return s[:24] + '"\n              "' + s[24:]


_s = adder("source-code")
_s("py-jwt-encode-positional-key", 'token = jwt.encode({{"sub": player_id, "brand": "{bl}"}}, "{S}", algorithm="HS256")', A(32, 40), 'algorithm="HS256"')
_s("py-hmac-new-bytes-literal", "def sign(body: bytes) -> str:\n    return hmac.new(b\"{S}\", body, hashlib.sha256).hexdigest()", A(32), "hashlib.sha256")
_s("py-client-positional-first-arg", 'odds = OddsApiClient("{S}", region="eu", timeout=10)', H(32), 'region="eu"')
_s("py-sumsub-client-secret-kwarg", 'client = SumsubClient(app_token=os.environ["SUMSUB_APP_TOKEN"], secret_key="{S}")', A(32), "SUMSUB_APP_TOKEN")
_s("py-requests-auth-tuple", 'r = requests.get(f"https://{h}/api/affiliates/{{aff_id}}/stats", auth=("{u}", "{S}"), timeout=30)', P, "u")
_s("py-headers-dict-api-key", 'HEADERS = {{"X-Api-Key": "{S}", "Accept": "application/json"}}', H(32), "Accept")
_s("py-psycopg2-connect-kwargs", 'conn = psycopg2.connect(host="{h}", dbname="{db}", user="{u}", password="{S}")', P, "h")
_s("py-redis-client-password-kwarg", 'r = redis.Redis(host="{h}", port=6379, db=2, password="{S}", ssl=True)', A(32), "h")
_s("py-boto3-secret-access-key-kwarg", 's3 = boto3.client("s3", region_name="{reg}", aws_access_key_id="{akid}", aws_secret_access_key="{S}")', B(40), "akid")
_s("py-twilio-client-sid-token", 'client = Client("{sid}", "{S}")\nclient.messages.create(to=msisdn, from_="{brand}", body=f"Your code is {{otp}}")', H(32), "sid", sid=C("AC", H(32)))
_s("py-telebot-positional-token", 'bot = telebot.TeleBot("{S}", parse_mode="HTML")', C(D(9, 10), ":AA", BU(33)), 'parse_mode="HTML"')
_s("py-django-secret-key", "# settings/production.py\nSECRET_KEY = '{S}'\nDEBUG = False", _mk(_LN + "!@#$%^&*-_=+")(50), "DEBUG = False")
_s("py-django-databases-dict", 'DATABASES = {{"default": {{"ENGINE": "django.db.backends.postgresql", "NAME": "{db}", "USER": "{u}", "PASSWORD": "{S}", "HOST": "{h}"}}}}', P, "h")
_s("py-environ-get-default-secret", 'GEO_KEY = os.environ.get("GEOCOMPLY_API_KEY", "{S}")', A(40), "GEOCOMPLY_API_KEY")
_s("py-sqlalchemy-url-password", 'engine = create_engine("mysql+pymysql://{u}:{S}@{h}:3306/{db}?charset=utf8mb4", pool_pre_ping=True)', P, "u")
_s("py-pytest-fixture-creds", '@pytest.fixture\ndef skrill_creds():\n    return {{"email": "{em}", "secret_word": "{S}"}}', P, "em")
_s("py-paramiko-connect-password", 'ssh.connect("{ip}", username="{u}", password="{S}", look_for_keys=False)', P, "ip")
_s("py-ftplib-login-positional", 'ftp = FTP_TLS("{h}")\nftp.login("{u}", "{S}")\nftp.prot_p()', P, "u")
_s("py-smtplib-app-password", 'server = smtplib.SMTP_SSL("smtp.{dom}", 465)\nserver.login("{em}", "{S}")', _app_pw, "em")
_s("py-web3-from-key-hex", 'acct = Account.from_key("{S}")\nprint(acct.address)', C("0x", H(64)), "Account.from_key")
_s("py-bip39-mnemonic-constant", 'MNEMONIC = "{S}"  # hot wallet seed, USDT payouts', _mnemonic, "USDT payouts")
_s("js-const-odds-api-key", "const ODDS_API_KEY = '{S}';\nconst BASE = 'https://{h}/v4';", H(32), "ODDS_API_KEY")
_s("js-axios-defaults-bearer", "axios.defaults.headers.common['Authorization'] = 'Bearer {S}';", A(40), "axios.defaults.headers.common")
_s("js-fetch-headers-object-key", "const res = await fetch(`https://{h}/v1/bonus/grant`, {{ method: 'POST', headers: {{ 'X-FT-Api-Key': '{S}', 'Content-Type': 'application/json' }} }});", A(32, 40), "h")
_s("js-crypto-createhmac-secret", "const sig = crypto.createHmac('sha256', '{S}').update(rawBody).digest('hex');", A(32), "rawBody")
_s("js-mysql-createpool-object", "const pool = mysql.createPool({{ host: '{h}', user: '{u}', password: '{S}', database: '{db}' }});", P, "h")
_s("js-new-client-user-password-positional", "const trustly = new TrustlyClient('{u}', '{S}', fs.readFileSync('./keys/merchant.pem'));", P, "u")
_s("ts-class-private-readonly-secret", "export class CellxpertService {{\n  private readonly baseUrl = 'https://{h}';\n  private readonly apiSecret = '{S}';\n}}", A(32), "h")
_s("ts-angular-environment-key", "export const environment = {{\n  production: true,\n  intercomAppId: '{appid}',\n  backofficeApiKey: '{S}'\n}};", A(40), "appid", appid=L(8))
_s("js-env-or-fallback-literal", "const secret = process.env.JUMIO_SECRET || '{S}';", A(32), "process.env.JUMIO_SECRET")
_s("js-jwt-sign-positional-secret", "const t = jwt.sign({{ playerId, brand: '{bl}' }}, '{S}', {{ expiresIn: '15m' }});", A(32, 48), "expiresIn")
_s("js-nodemailer-auth-pass", "const transport = nodemailer.createTransport({{ host: 'smtp.{dom}', port: 587, auth: {{ user: '{em}', pass: '{S}' }} }});", P, "em")
_s("js-discord-client-login", "client.login('{S}');", _discord, "client.login")
_s("java-static-final-api-key", 'private static final String GENIUS_API_KEY = "{S}";', A(32, 40), "GENIUS_API_KEY")
_s("java-drivermanager-positional", 'Connection c = DriverManager.getConnection("jdbc:postgresql://{h}:5432/{db}", "{u}", "{S}");', P, "u")
_s("java-base64-basic-credentials", 'String auth = Base64.getEncoder().encodeToString(("{u}:{S}").getBytes(StandardCharsets.UTF_8));', P, "u")
_s("java-props-jaas-escaped-quotes", 'props.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\\"{u}\\" password=\\"{S}\\";");', A(24), "u")
_s("kotlin-val-string-secret", 'val paysafecardKey = "{S}"\nval pscEnv = "PRODUCTION"', C("psc_", A(32)), "paysafecardKey")
_s("kotlin-okhttp-credentials-basic", '.addHeader("Authorization", Credentials.basic("{u}", "{S}"))', P, "u")
_s("csharp-private-const-string", 'private const string SkrillMqiPassword = "{S}";', P, "SkrillMqiPassword")
_s("csharp-networkcredential-ctor", 'var cred = new NetworkCredential("{u}", "{S}", "CORP");', P, "u")
_s("csharp-sqlconnection-literal", 'using var conn = new SqlConnection("Data Source={h};Initial Catalog={db};User ID={u};Password={S};Encrypt=True");', P, "u")
_s("csharp-default-request-header", 'http.DefaultRequestHeaders.Add("X-GBG-Token", "{S}");', A(40), "X-GBG-Token")
_s("go-header-set-bearer", 'req.Header.Set("Authorization", "Bearer {S}")', A(40), "req.Header.Set")
_s("go-sql-open-dsn", 'db, err := sql.Open("mysql", "{u}:{S}@tcp({h}:3306)/{db}?parseTime=true")', P, "u")
_s("go-const-block-token", "const (\n\tbetradarToken = \"{S}\"\n\tnodeID        = {num}\n)", A(20, 26), "nodeID")
_s("go-struct-literal-license", 'cfg := geocomply.Config{{\n\tLicense:     "{S}",\n\tInstallerID: "{mid}",\n}}', B64R(72), "mid")
_s("php-variable-secret-word", "$skrillSecretWord = '{S}';\n$payToEmail = '{em}';", P, "em")
_s("php-array-config-key", "'paysafecard' => [\n    'key' => '{S}',\n    'env' => 'PRODUCTION',\n],", C("psc_", A(32)), "'env' => 'PRODUCTION'")
_s("php-pdo-positional-password", '$pdo = new PDO("mysql:host={h};dbname={db}", "{u}", "{S}");', P, "u")
_s("php-curlopt-userpwd", 'curl_setopt($ch, CURLOPT_USERPWD, "{u}:{S}");', P, "u")
_s("ruby-configure-block-secret", 'Sumsub.configure do |config|\n  config.app_token = ENV["SUMSUB_APP_TOKEN"]\n  config.secret_key = "{S}"\nend', A(32), "SUMSUB_APP_TOKEN")
_s("ruby-net-http-basic-auth", 'req = Net::HTTP::Get.new(uri)\nreq.basic_auth "{u}", "{S}"', P, "u")
_s("rust-const-str-key", 'const OPTIC_ODDS_KEY: &str = "{S}";', UUID, "OPTIC_ODDS_KEY")
_s("rust-reqwest-bearer-auth", "let resp = client.get(url).bearer_auth(\"{S}\").send().await?;", A(48), "send().await")
_s("scala-val-db-password", 'val dbPassword: String = "{S}"\nval dbUser = "{u}"', P, "u")
_s("elixir-config-client-secret", 'config :cashier, Cashier.Neteller,\n  client_id: "{cid}",\n  client_secret: "{S}"', A(40), "cid")
_s("swift-let-onfido-token", 'let onfidoToken = "{S}"', C("api_sandbox.", BU(11), ".", BU(32)), "onfidoToken")
_s("dart-const-string-token", "const String liveChatToken = '{S}';", C(ch("dal:", "fra:"), BU(27)), "liveChatToken")
_s("lua-local-secret", 'local RGS_SECRET = "{S}"  -- provider HMAC', H(40), "provider HMAC")
_s("perl-dbi-connect-positional", 'my $dbh = DBI->connect("DBI:mysql:database={db};host={h}", "{u}", "{S}", {{ RaiseError => 1 }});', P, "u")
_s("r-sys-setenv-key", 'Sys.setenv(ODDS_API_KEY = "{S}")\nodds <- fromJSON(paste0(base, "/odds"))', H(32), "Sys.setenv")
_s("sql-create-user-identified-by", "CREATE USER '{u}'@'%' IDENTIFIED BY '{S}';\nGRANT SELECT ON {db}.* TO '{u}'@'%';", P, "u")
_s("sql-alter-role-password", "ALTER ROLE {u} WITH LOGIN PASSWORD '{S}' VALID UNTIL '2026-01-01';", P, "u")
_s("sql-insert-provider-credentials", "INSERT INTO provider_credentials (provider, api_key, api_secret) VALUES ('hacksaw', '{k}', '{S}');", H(40), "k", k=L(12))
_s("bash-script-token-var", '#!/usr/bin/env bash\nset -euo pipefail\nAPI_TOKEN="{S}"\ncurl -sf -H "Authorization: Token $API_TOKEN" "https://{h}/api/v2/report"', A(40), "h")
_s("ps1-hashtable-bearer-header", "$headers = @{{ 'Authorization' = 'Bearer {S}'; 'Accept' = 'application/json' }}\nInvoke-RestMethod -Uri \"https://{h}/api/withdrawals\" -Headers $headers", A(48), "h")
_s("ipynb-cell-source-escaped", '"source": [\n    "import requests\\n",\n    "KEY = \\"{S}\\"\\n",\n    "odds = requests.get(URL, params={{\'apiKey\': KEY}}).json()"\n  ]', H(32), "import requests")
_s("c-define-hsm-pin", '#define LOTTO_HSM_SLOT 2\n#define LOTTO_HSM_PIN "{S}"', D(6, 8), "LOTTO_HSM_SLOT")
_s("cpp-static-std-string-token", 'static const std::string kFeedToken = "{S}";', A(24, 32), "kFeedToken")
_s("groovy-def-sonar-token", 'def sonarToken = "{S}"\nsh "sonar-scanner -Dsonar.token=${{sonarToken}}"', C("squ_", H(40)), "sonarToken")
_s("js-ethers-wallet-private-key", "const wallet = new ethers.Wallet('{S}', provider);", C("0x", H(64)), "provider")
_s("py-bitcoin-wif-key", 'key = Key("{S}")  # BTC hot wallet', C(ch("K", "L"), _mk(_B58)(51)), "BTC hot wallet")
_s("py-implicit-concat-split-secret", 'API_SECRET = ("{S}")', _py_split, "API_SECRET")
_s("java-escaped-json-body-password", 'String body = "{{\\"merchantId\\":\\"{mid}\\",\\"password\\":\\"{S}\\"}}";', P, "mid")
_s("py-amqp-url-in-fstring", 'url = f"amqp://{u}:{S}@{h}:5672/%2Fsportsbook"', P, "u")
_s("py-dataclass-default-api-key", '@dataclass\nclass FastTrackConfig:\n    base_url: str = "https://{h}"\n    api_key: str = "{S}"', A(40), "h")
_s("js-nullish-coalescing-fallback", "const config = {{ gbg: {{ username: '{u}', password: process.env.GBG_PASSWORD ?? '{S}' }} }};", P, "u")

# --- group: stack-trace-or-log --------------------------------------------------
G["ip2"] = _ip
G["jid"] = lambda: _rs(_HX, 24)

_l = adder("stack-trace-or-log")
_l("py-httperror-url-userinfo", 'Traceback (most recent call last):\n  File "/app/cashier/trustly.py", line 88, in deposit\n    resp.raise_for_status()\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://{u}:{S}@{h}/api/1', P, "h")
_l("engine-debug-url-echo", "{lt} DEBUG [reporting.db] engine created: postgresql+psycopg2://{u}:{S}@{h}:5432/{db} pool_size=10", P, "h")
_l("psql-exception-caused-by-url", "org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"{u}\"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\nCaused by: datasource url=jdbc:postgresql://{h}:5432/{db}?user={u}&password={S}", P, "h")
_l("spring-config-dump-line", "{lt}  INFO 1 --- [           main] c.o.sportsbook.ConfigDump                : genius.clientSecret={S}", A(48, 64), "ConfigDump")
_l("axios-error-config-headers", "AxiosError: Request failed with status code 403\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {{\n    url: 'https://{h}/v3/fixtures',\n    headers: {{ Accept: 'application/json', 'x-api-key': '{S}' }}\n  }}", UUID, "h")
_l("nginx-access-log-launch-token", '{ip} - - [12/May/2025:10:11:12 +0000] "GET /launch?game={game}&token={S}&lang=en HTTP/1.1" 302 0 "-" "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"', H(32), "game")
_l("apache-access-log-query-pass", '{ip} - - [12/May/2025:03:00:04 +0200] "GET /reports/export.csv?user={u}&pass={S} HTTP/1.1" 200 88123', P, "u")
_l("json-log-outgoing-headers", '{{"level":"debug","ts":"{dt}","msg":"outgoing request","method":"POST","url":"https://{h}/payouts","headers":{{"Authorization":"Bearer {S}"}}}}', A(40, 64), "h")
_l("logfmt-access-token-field", 'time={dt} level=info msg="uof connected" node_id={num} access_token={S} env=production', A(20, 26), "uof connected")
_l("sshd-invalid-user-is-password", "May 12 03:14:07 bo-jump-01 sshd[{num}]: Invalid user {S} from {ip} port 52311\nMay 12 03:14:07 bo-jump-01 sshd[{num}]: Connection closed by invalid user {S} {ip} port 52311 [preauth]", P, "ip")
_l("mysql-general-log-set-password", "{dt}\t   42 Query\tSET PASSWORD FOR '{u}'@'%' = '{S}'", P, "u")
_l("postgres-log-statement-alter-user", "{lt} UTC [3121] LOG:  statement: ALTER USER {u} PASSWORD '{S}';", P, "u")
_l("django-debug-settings-unmasked", "Settings\nUsing settings module sportsbook.settings.staging\nSetting\tValue\nGEOCOMPLY_LICENSE\t'{S}'\nLANGUAGE_CODE\t'en-gb'", B64R(60), "GEOCOMPLY_LICENSE")
_l("php-stack-trace-pdo-args", "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '{u}'@'{ip}' (using password: YES) in /var/www/aff/db.php:12\nStack trace:\n#0 /var/www/aff/db.php(12): PDO->__construct('mysql:host={h};...', '{u}', '{S}')\n#1 {{main}}", P, "h")
_l("rails-log-parameters-pin", 'Started POST "/api/wallet/withdraw" for {ip} at 2025-05-12 10:11:12 +0000\nProcessing by WithdrawalsController#create as JSON\n  Parameters: {{"email"=>"{em}", "withdrawal_pin"=>"{S}", "amount"=>"{amt}"}}', D(6, 8), "em")
_l("ldap-bind-exception-echo", "javax.naming.AuthenticationException: [LDAP: error code 49 - 80090308: LdapErr: DSID-0C09044E, comment: AcceptSecurityContext error, data 52e, v4563]\n\tat com.sun.jndi.ldap.LdapCtx.mapErrorCode(LdapCtx.java:3261)\n\tbindDN=cn={u},ou=svc,dc=corp,dc=local bindPassword={S}", P, "u")
_l("kafka-producerconfig-jaas-echo", "[{lt}] INFO ProducerConfig values:\n\tsasl.jaas.config = org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{u}\" password=\"{S}\";\n\tsasl.mechanism = PLAIN", A(24, 32), "sasl.mechanism = PLAIN")
_l("redis-url-empty-user-error", "Error: connect ECONNREFUSED {ip}:6379 while connecting to redis://:{S}@{h}:6379/0\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)", A(32), "h")
_l("go-panic-struct-dump", "panic: dial tcp {ip}:5432: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustDB({{Host:{h} User:{u} Password:{S} Name:{db}}})\n\t/src/cmd/settle/main.go:48 +0x1c5", P, "u")
_l("py-logging-dict-repr-secret", "{lt} DEBUG [cashier.neteller] token request payload: {{'grant_type': 'client_credentials', 'client_id': '{cid}', 'client_secret': '{S}'}}", A(40), "cid")
_l("celery-task-kwargs-secret", "[{lt}: INFO/MainProcess] Task payouts.send_crypto[{uuid}] received: args=('{pid}', '{amt}', 'USDT'), kwargs={{'api_secret': '{S}'}}", A(64), "uuid")
_l("sentry-breadcrumb-access-token-url", "breadcrumb category=httplib level=info GET https://{h}/v1/applicants?access_token={S} [200]", A(40), "h")
_l("lambda-start-event-header", 'START RequestId: {uuid} Version: $LATEST\n{{"headers": {{"x-geocomply-key": "{S}", "host": "{h}"}}}}', A(40), "uuid")
_l("iis-w3c-log-query-key", "2025-05-12 09:14:02 {ip} GET /api/cashier/callback merchant={mid}&key={S} 443 - {ip2} okhttp/4.12.0 200 0 0 31", H(32), "mid")
_l("haproxy-captured-authorization", 'haproxy[201]: {ip}:51234 [12/May/2025:10:11:12.345] fe_api be_wallet/w1 0/0/1/12/13 200 512 - - ---- 12/12/0/0/0 0/0 {{Basic {S}}} "POST /wallet/credit HTTP/1.1"', b64of(C(_user, ":", P)), "be_wallet/w1")
_l("dotnet-sqlexception-connstring", "Unhandled exception. System.Data.SqlClient.SqlException (0x80131904): Login failed for user '{u}'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\nConnectionString: Server={h};Database={db};User Id={u};Password={S};", P, "h")
_l("journald-startup-env-echo", "May 12 10:11:12 rgs-01 start.sh[812]: starting rgs-gateway with RGS_SECRET={S} PROVIDER=relax", H(40), "PROVIDER=relax")
_l("compose-service-log-config-print", "odds-ingest-1  | [config] OPTICODDS_KEY={S} (len 36)\nodds-ingest-1  | [feed] subscribed to 148 fixtures", UUID, "odds-ingest-1")
_l("winston-json-meta-password", '{{"level":"error","message":"Trustly Deposit failed","meta":{{"username":"{u}","password":"{S}","method":"Deposit"}},"timestamp":"{dt}"}}', P, "u")
_l("log4j-line-token-secret-pair", "{lt} ERROR [http-nio-8080-exec-4] c.o.kyc.JumioClient - auth failed token={uuid} secret={S}", A(32), "uuid")
_l("logstash-es-resurrect-url", '[{lt}][ERROR][logstash.outputs.elasticsearch] Attempted to resurrect connection to dead ES instance, but got an error {{:url=>"https://{u}:{S}@{h}:9200/", :exception=>Manticore::SocketException}}', A(20), "h")
_l("redis-monitor-auth-command", '1715500000.123456 [0 {ip}:53314] "AUTH" "{S}"\n1715500000.124001 [0 {ip}:53314] "SELECT" "2"', A(32), "SELECT")
_l("mongodb-json-log-uri", '{{"t":{{"$date":"{dt}"}},"s":"I","c":"NETWORK","id":4333208,"msg":"Connecting","attr":{{"uri":"mongodb://{u}:{S}@{h}:27017/{db}?authSource=admin"}}}}', P, "h")
_l("laravel-log-context-password", '[2025-05-12 10:11:12] production.ERROR: Skrill MQI call failed {{"url":"https://{h}/app/query.pl","email":"{em}","password":"{S}"}}', H(32), "em")
_l("http-client-send-debug-body", "send: b'POST /oauth/token HTTP/1.1\\r\\nHost: {h}\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n\\r\\ngrant_type=password&username={u}&password={S}'", P, "u")
_l("urllib3-debug-apikey-query", 'DEBUG:urllib3.connectionpool:https://{h}:443 "GET /v4/sports/upcoming/odds?apiKey={S}&regions=eu HTTP/1.1" 200 None', H(32), "urllib3.connectionpool")
_l("okhttp-logging-interceptor-header", "--> POST https://{h}/resources/accessTokens?userId={pid}\nX-App-Token: {S}\nX-App-Access-Ts: {ts}\n--> END POST (0-byte body)", C("prd:", A(24), ".", A(32)), "pid")
_l("grpc-outgoing-metadata-map", "grpc: outgoing metadata: map[authorization:[Bearer {S}] x-brand:[{bl}]]", A(40), "bl")
_l("node-pg-error-client-config", "error: password authentication failed for user \"{u}\"\n    at Parser.parseErrorMessage (/app/node_modules/pg-protocol/dist/parser.js:283:98)\n  client config: {{ host: '{h}', user: '{u}', password: '{S}', port: 5432 }}", P, "h")
_l("airflow-task-log-conn-uri", "[{lt}] {{base.py:83}} INFO - Using connection ID 'mga_sftp' for task execution.\n[{lt}] {{sftp.py:112}} DEBUG - uri=sftp://{u}:{S}@{h}:22", P, "mga_sftp")
_l("terraform-debug-request-headers", "{dt} [DEBUG] provider.terraform-provider-cloudflare: request headers: Authorization=[Bearer {S}] User-Agent=[terraform]", BU(40), "terraform-provider-cloudflare")
_l("bash-xtrace-curl-user-password", "From: root@{h} (Cron Daemon)\nSubject: Cron <svc@rgs-01> /opt/reg/upload.sh\n\n+ curl -sS -u {u}:{S} -T /tmp/report_{num}.xml sftp://{h2}/in/\ncurl: (67) Authentication failure", P, "u")
_l("ansible-verbose-module-args", 'ok: [{ip}] => {{"changed": false, "invocation": {{"module_args": {{"login_password": "{S}", "login_user": "{u}", "name": "{db}"}}}}}}', P, "u")
_l("powershell-transcript-newpassword", "**********************\nPS>Set-ADAccountPassword -Identity {u} -Reset -NewPassword (ConvertTo-SecureString -AsPlainText \"{S}\" -Force)\nPS>Unlock-ADAccount -Identity {u}", P, "u")
_l("windows-4688-command-line", "Process Command Line:\t\"C:\\Program Files\\Ops\\sync.exe\" /server:{h} /user:{u} /password:{S}", P, "u")
_l("vault-audit-raw-response", '{{"type":"response","request":{{"path":"database/creds/readonly"}},"response":{{"data":{{"password":"{S}","username":"v-token-readonly-{r}"}}}}}}', _mk(_AN + "-")(20), "database/creds/readonly", r=L(8))
_l("graphql-log-variables-password", 'POST /graphql 200 87ms op=LoginAgent vars={{"email":"{em}","password":"{S}"}}', P, "em")
_l("lambda-config-variables-dump", '"Environment": {{"Variables": {{"ODDS_FEED_TOKEN": "{S}", "LOG_LEVEL": "info"}}}}', A(24, 32), "LOG_LEVEL")
_l("pm2-log-provider-key-prose", "0|rgs-gat | {dt}: using provider key {S} for evoplay (operator {mid})", H(32), "evoplay")
_l("serilog-structured-gbg-request", '[10:11:12 INF] Calling GBG ID3global with {{"Username": "{u}", "Password": "{S}", "ProfileID": "{uuid}"}}', P, "uuid")
_l("hibernate-bind-parameter-value", "Hibernate: update operator_users set api_password=? where id=?\nbinding parameter [1] as [VARCHAR] - [{S}]\nbinding parameter [2] as [BIGINT] - [{num}]", P, "binding parameter [1]")
_l("nginx-error-upstream-userinfo", '2025/05/12 10:11:12 [error] 22#22: *1931 upstream prematurely closed connection, client: {ip}, server: bo, request: "GET /api/ HTTP/1.1", upstream: "http://{u}:{S}@{ip2}:8080/api/"', P, "u")
_l("buildkit-step-log-authtoken", "#7 [builder 3/9] RUN npm config set //npm.{dom}/:_authToken={S} && npm ci\n#7 2.114 added 1288 packages in 41s", C("npm_", A(36)), "#7 [builder 3/9]")
_l("sidekiq-job-positional-args", '{dt} pid=7 tid=2xk class=AffiliatePostbackJob jid={jid} INFO: args=["{u}", "{S}", {num}]', A(32), "jid")
_l("rabbitmq-reconnect-amqp-url", "2025-05-12 10:11:12.345 [info] <0.3412.0> accepting AMQP connection ({ip}:50812 -> {ip2}:5672)\n[bet-settlement] reconnect attempt 3 to amqp://{u}:{S}@{h}/sportsbook", P, "u")
_l("game-client-log-session-id", "[RGS] init session sid={S} player={pid} currency={cur} game={game}", H(32), "pid")
_l("pytest-captured-log-token", "------------------------------ Captured log call -------------------------------\nDEBUG    kyc.onfido:client.py:41 using token {S}", C("api_sandbox.", BU(11), ".", BU(32)), "Captured log call")
_l("crashloop-env-dump-log", "env: SPRING_DATASOURCE_USERNAME={u}\nenv: SPRING_DATASOURCE_PASSWORD={S}\nError: Unable to access jarfile /app/app.jar", P, "u")
_l("rust-panic-debug-struct", "thread 'main' panicked at src/feed.rs:77:10:\ncalled `Result::unwrap()` on an `Err` value: Auth {{ user: \"{u}\", token: \"{S}\" }}", A(40), "u")
_l("ecto-connection-error-opts", '** (DBConnection.ConnectionError) tcp connect ({h}:5432): connection refused - :econnrefused\n    opts: [username: "{u}", password: "{S}", database: "{db}"]', P, "u")
_l("modsecurity-audit-request-body", "--a1b2c3d4-B--\nPOST /bo/login HTTP/1.1\nHost: {h}\nContent-Type: application/x-www-form-urlencoded\n\n--a1b2c3d4-C--\nusername={u}&password={S}&otp=", P, "u")
_l("node-process-env-inspect", "{{ ..., FASTTRACK_API_KEY: '{S}', NODE_ENV: 'production', PORT: '8080' }}", A(40), "NODE_ENV")
_l("actuator-env-json-unmasked", '{{"name":"systemEnvironment","properties":{{"GEOCOMPLY_LICENSE":{{"value":"{S}","origin":"System Environment Property \\"GEOCOMPLY_LICENSE\\""}}}}}}', B64R(72), "systemEnvironment")
_l("bunyan-request-operator-token", '{{"name":"wallet","hostname":"wallet-7d9f","req":{{"method":"POST","url":"/credit","headers":{{"x-operator-token":"{S}","content-type":"application/json"}}}},"msg":"request start"}}', H(48), "request start")
_l("jvm-arguments-keystore-password", "{lt} INFO  JVM arguments: [-Xmx4g, -Djavax.net.ssl.keyStorePassword={S}, -Dspring.profiles.active={env}]", P, "-Xmx4g")
_l("mariadb-audit-create-user", "20250512 10:11:12,db-01,{u},{ip},4412,88,QUERY,{db},'CREATE USER reporting IDENTIFIED BY \\'{S}\\'',0", P, "u")
_l("git-push-output-token-url", "To https://{u}:{S}@git.{dom}/payments/cashier.git\n ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs", C("glpat-", BU(20)), "main -> main")
_l("curl-verbose-proxy-userinfo", "* Uses proxy env variable https_proxy == 'http://{u}:{S}@proxy.{dom}:3128'\n* CONNECT tunnel failed, response 407", P, "u")
_l("supervisor-stderr-invalid-license", "geoproxy stderr | {lt} fatal: license rejected by server: {S}", B64R(48), "geoproxy")
_l("rich-traceback-locals-payload", "│ ❱ 52 │   resp = sess.post(url, json=payload)\n│ ╭──────── locals ────────╮\n│ │ payload = {{'merchant': '{mid}', 'api_password': '{S}'}}", P, "mid")
_l("sqlagent-job-history-step", "Executed as user: CORP\\svc_sql. Running: sqlcmd -S {h} -U {u} -P {S} -i D:\\jobs\\ggr_export.sql. Process Exit Code 1.  The step failed.", P, "u")
_l("openresty-lua-loaded-key", "2025/05/12 10:11:12 [notice] 12#12: *88 [lua] init.lua:12: init_worker(): loaded upstream key \"{S}\" for promo-engine", A(40), "promo-engine")
_l("java-npe-with-tostring-secret", "java.lang.IllegalStateException: wallet callback rejected for OperatorConfig(id={mid}, name={brand}, hmacSecret={S})\n\tat com.op.wallet.CallbackVerifier.verify(CallbackVerifier.java:71)", H(64), "brand")
_l("k8s-probe-failure-url", 'Warning  Unhealthy  3m (x12 over 9m)  kubelet  Readiness probe failed: Get "http://{ip}:8080/health?token={S}": context deadline exceeded', A(32), "Readiness probe failed")

# --- group: note-or-chat -------------------------------------------------------
def _recovery_codes():
    return " ".join(_rs(_LN, 4) + "-" + _rs(_LN, 4) for _ in range(_R.randint(4, 8)))


def _wrapped(gen):
    def g():
        s = _val(gen)
        k = _R.randint(len(s) // 3, 2 * len(s) // 3)
        return s[:k] + "\n" + s[k:]
    return g


_n = adder("note-or-chat")
# English
_n("chat-en-login-slash-password", "[{n}] 10:42 the uat bo login is {u} / {S} — don't put it in jira pls", P, "u")
_n("note-en-goal-with-trial-key", "Goal: reproduce odds drift on {sport} markets. Using OpticOdds key {S} (the trial one, expires Friday).", UUID, "sport")
_n("note-en-decision-old-secret", "Decision: rotate the Skrill secret word after the incident. Old one was {S}, new one is in 1Password under Payments/Skrill.", P, "Payments/Skrill")
_n("chat-en-office-wifi-password", "{n}: pw for the wifi in the Sliema office is {S}", P, "Sliema office")
_n("chat-en-forwarded-client-secret", "> forwarded from {n}: here's the Genius client secret for stg `{S}` — client id is {cid}", A(48), "cid")
_n("note-en-todo-hardcoded-key", "TODO: remove hardcoded geocomply key ({S}) from geo-guard before the MGA audit", A(40), "MGA audit")
_n("chat-en-backtick-user-pass", "can someone try `{u}:{S}` on the reporting replica? I keep getting auth failed", P, "u")
_n("note-en-hsm-user-pin", "HSM for the lotto RNG: slot 2, user PIN {S}, SO PIN is with {n2}", D(6, 8), "slot 2")
_n("chat-en-temp-password-reset", "I reset {n}'s backoffice account, temp password {S} — he has to change it on first login", P, "first login")
_n("note-en-vendor-dashboard-login", "Sumsub dashboard: {em} / {S} (2FA on {n2}'s phone)", P, "em")
_n("slack-code-block-env-line", "```\nSKRILL_MQI_PASSWORD={S}\n```\n^ that's prod, be careful", P, "that's prod")
_n("note-en-incident-timeline", "14:05 {n} pasted the Trustly key passphrase ({S}) in #payments-ops; message deleted 14:07, rotation ticket {tid}", PP, "tid")
_n("note-en-handover-account", "Handover: GBG account {u}, password {S}. Renewal due in June.", P, "u")
_n("chat-en-quoted-question-answer", "> what's the redis pass for stg?\n{S}\n(same as last quarter lol)", A(24, 32), "same as last quarter")
_n("email-en-vendor-credentials", "Dear {n},\n\nYour API credentials for the Integration environment are:\nUsername: {u}\nPassword: {S}\n\nBest regards,\nIntegration Support", RND, "u")
_n("note-en-bullet-host-user-pass", "- host: {h}\n- user: {u}\n- pass: {S}\n- port: {port}", P, "h")
_n("chat-en-gpg-passphrase-quoted", 'passphrase for the regulator GPG key is "{S}" (all lowercase, with the spaces)', lambda: " ".join(_R.choice(_PW_WORDS).lower() for _ in range(4)), "regulator GPG key")
_n("note-en-running-note-tried-key", "Running notes: tried key {S} against /v4/sports — 401, then swapped to the prod key from vault and got 200.", H(32), "/v4/sports")
_n("chat-en-url-userinfo-browser", "try opening https://{u}:{S}@{h}/grafana/ in the browser, it should skip the login", P, "h")
_n("note-en-goal-api-key-from", "Goal for today: get Fast Track CRM webhooks working. API key from {n}: {S}", A(40), "Fast Track CRM")
_n("chat-en-recovery-codes-list", "2FA recovery codes for the Onfido admin: {S}", _recovery_codes, "Onfido admin")
_n("note-en-skrill-secret-word", "Skrill secret word (merchant {mid}): {S}", P, "mid")
_n("chat-en-mailbox-passphrase", 'kyc@ mailbox pw: "{S}"', PP, "kyc@")
_n("note-en-markdown-creds-table", "| system | user | password |\n|---|---|---|\n| {h} | {u} | {S} |", P, "h")
_n("chat-en-discord-bot-token", "@here new Discord bot token for the odds alerts bot: {S}", _discord, "odds alerts bot")
_n("chat-en-leak-apology", "oops I just pasted the wallet HMAC secret {S} in the public channel, rotating now", H(64), "public channel")
_n("chat-en-json-body-snippet", '{n}: use this body\n{{"apiKey":"{S}","brand":"{bl}"}}', A(32), "bl")
_n("jira-comment-bold-creds", "[~{u2}] creds for the Income Access sandbox: *{u}* / *{S}*", P, "u")
_n("email-en-password-reset-notice", "Hi team, the Neteller merchant portal password was reset to {S} by {fn} on {dt}.", P, "fn")
_n("chat-en-id-then-secret-terse", "api id {k} secret {S}", A(40), "k", k=D(5, 7))
_n("note-en-agent-observation-committed", "Observation: .env in repo root contains ODDS_API_KEY={S}; it is committed — flagging to security.", H(32), "flagging to security")
_n("chat-en-token-wrapped-lines", "here's the token, it wrapped in my terminal:\n{S}", _wrapped(A(64)), "wrapped in my terminal")
_n("chat-en-telegram-export-arrow", "[12.05.25 10:11] {fn}: crypto cashier API secret → {S}", A(64), "fn")
_n("note-en-meeting-recap-reissued", "Recap w/ GeoComply: they re-issued our licence key: {S}. Old one revoked 12/05.", B64R(48), "Old one revoked")
_n("chat-en-emoji-key-arrow", "🔑 {S} ← CoinsPaid secret, prod", A(64), "CoinsPaid secret")
_n("chat-en-all-one-word", "the password is {S} — all one word, capital first letter", P, "all one word")
# Maltese-English
_n("chat-mt-password-hija", "{n}: il-password tal-{h} hija {S}, don't share ha", P, "h")
_n("chat-mt-uza-din-key", "ghandek il-key tal-Betradar? Uza din: {S} — ibghatli jekk ma tahdimx", A(20, 26), "Betradar")
_n("chat-mt-login-u-password", "kollox ok, il-login tal-bo huwa {u} u l-password {S}. Grazzi!", P, "u")
_n("note-mt-ftakar-webhook-secret", "Ftakar: is-secret tal-webhook ta' Cellxpert hu {S}, mhux dak l-antik", A(32), "Cellxpert")
_n("note-mt-vpn-tal-ufficcju", "VPN tal-uffiċċju: username {u}, password {S} (ibdilha malajr)", P, "u")
_n("chat-mt-pin-tas-safe", "il-PIN tas-safe fil-kamra tas-servers: {S}", D(6, 8), "kamra tas-servers")
# Swedish
_n("chat-sv-losenordet-till", "Lösenordet till {h} är {S} (byt efter releasen)", P, "h")
_n("chat-sv-api-nyckeln-sandbox", "Här är API-nyckeln för Trustly-sandboxen: {S} — användarnamn {u}", A(32), "u")
_n("note-sv-kom-ihag-sftp", "Kom ihåg: Spelpaus-rapporten laddas upp med {u}/{S} via SFTP", P, "u")
_n("chat-sv-pinkod-kassaskap", "pinkoden till kassaskåpet med HSM-korten är {S}", D(6, 8), "HSM-korten")
_n("chat-sv-anvandare-losen-lines", "Användare: {u}\nLösen: {S}\nMiljö: stage", P, "u")
_n("note-sv-beslut-gamla-losenordet", "Beslut: vi roterar Trustly-nyckeln. Gamla lösenordet var {S}.", P, "Trustly-nyckeln")
# Greek
_n("chat-el-kodikos-einai", "ο κωδικός για το {h} είναι {S}", P, "h")
_n("chat-el-kleidi-api-sportradar", "Στείλε μου το κλειδί API του Sportradar... εντάξει, είναι {S}", L(24), "Sportradar")
_n("note-el-xristis-synthimatiko", "Σύνδεση στο backoffice: χρήστης {u}, συνθηματικό {S}", P, "u")
_n("chat-el-greeklish-wifi", "o kwdikos tou wifi sto grafeio einai {S}", P, "grafeio")
_n("chat-el-greeklish-jumio", "{n}: to password tou Jumio sandbox einai {S}, to token {uuid}", A(32), "uuid")
_n("note-el-pin-kartas-hsm", "PIN κάρτας HSM: {S}", D(6, 8), "HSM")
# Spanish
_n("chat-es-contrasena-back-office", "la contraseña del back office de {brand} es {S}, no la compartas", P, "brand")
_n("chat-es-clave-api-jumio", "te paso la clave de la API de Jumio: {S} (el token es {uuid})", A(32), "uuid")
_n("note-es-acceso-sftp-dgoj", "Acceso SFTP DGOJ: usuario {u}, contraseña {S}. Subir el RUD antes de las 10.", P, "u")
_n("chat-es-pin-tarjeta", "el PIN de la tarjeta de la caja fuerte es {S}", D(6, 8), "tarjeta")
_n("chat-es-usuario-clave-pruebas", "Usuario: {u} / Clave: {S} — es la de pruebas, tranquilo", P, "u")
_n("note-es-decision-clave-vieja", "Decisión: dejamos de usar la clave vieja de Paysafecard ({S}) a partir del lunes", C("psc_", A(32)), "Paysafecard")
_n("chat-es-token-optimove", "oye, ¿me pasas el token de Optimove? — ahí va: {S}", A(40), "Optimove")
# Portuguese (Brazil)
_n("chat-pt-senha-do-painel", "a senha do painel é {S}, usuário {u}", P, "u")
_n("chat-pt-chave-api-pix", "chave da API do gateway Pix: {S} — não commita isso pfv", C(ch("live_", "sk_"), A(40)), "gateway Pix")
_n("note-pt-acesso-sigap", "Acesso ao SIGAP (relatório SPA/MF): login {u} senha {S}", P, "u")
_n("chat-pt-zap-token-sportradar", "{n}: mano, o token da Sportradar é {S} kkkk esqueci de avisar", A(40), "Sportradar")
_n("chat-pt-login-senha-lines", "login: {u}\nsenha: {S}", P, "u")
_n("note-pt-decisao-trocar-chave", "Decisão: trocar a chave secreta do webhook da Sumsub ({S}) depois do go-live", A(32), "Sumsub")
_n("chat-pt-pin-do-cofre", "o PIN do cofre é {S}, não anota em lugar nenhum", D(6, 8), "cofre")
# Filipino
_n("chat-fil-password-ay", "yung password sa {h} ay {S}, pa-change na lang after", P, "h")
_n("chat-fil-taglish-api-key", "Pre, eto yung api key ng PAGCOR reporting: {S}. Wag mo i-share ha", A(32), "PAGCOR reporting")
_n("note-fil-login-merchant-portal", "Login ng GCash merchant portal: {em} / {S}", P, "em")
_n("chat-fil-pin-ewallet", "Ang PIN ng e-wallet natin ay {S}, wag ipagkalat", D(6), "e-wallet")
_n("chat-fil-eto-yung-creds", "eto yung creds sa staging DB: {u} / {S} — salamat!", P, "u")
_n("note-fil-paalala-palitan", "Paalala: palitan ang password ng admin ({S}) bago mag-go-live sa PAGCOR", P, "PAGCOR")
_n("chat-fil-passphrase-wallet-backup", 'yung passphrase ng wallet backup: "{S}"', PP, "wallet backup")

# --- group: ci-and-deploy ------------------------------------------------------
def _dockerconfigjson():
    auth = _b64.b64encode((_user() + ":" + P()).encode()).decode()
    js = '{"auths":{"registry.%s":{"auth":"%s"}}}' % (_dom(), auth)
    return _b64.b64encode(js.encode()).decode()


_d = adder("ci-and-deploy")
_d("gha-job-env-hardcoded-key", "jobs:\n  odds-sync:\n    runs-on: ubuntu-latest\n    env:\n      ODDS_API_KEY: {S}\n    steps:\n      - uses: actions/checkout@v4", H(32), "odds-sync")
_d("gha-run-slack-webhook-url", "      - name: Notify Slack\n        run: curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deployed {sv}\"}}' https://hooks.slack.com/services/T{t}/B{b}/{S}", A(24), "Notify Slack", t=U(8, 10), b=U(8, 10))
_d("gha-docker-login-action-password", "      - uses: docker/login-action@v3\n        with:\n          registry: registry.{dom}\n          username: {u}\n          password: {S}", P, "u")
_d("gha-step-env-fly-token", "      - uses: superfly/flyctl-actions/setup-flyctl@master\n      - run: flyctl deploy --remote-only\n        env:\n          FLY_API_TOKEN: {S}", C("fo1_", BU(43)), "flyctl deploy --remote-only")
_d("gitlab-ci-variables-literal", 'variables:\n  DOCKER_DRIVER: overlay2\n  SUMSUB_SECRET_KEY: "{S}"', A(32), "DOCKER_DRIVER: overlay2")
_d("gitlab-ci-trigger-token-curl", "deploy_stg:\n  stage: deploy\n  script:\n    - curl -X POST -F token={S} -F ref=main https://gitlab.{dom}/api/v4/projects/{num}/trigger/pipeline", C("glptt-", H(40)), "deploy_stg")
_d("jenkinsfile-environment-literal", "pipeline {{\n  agent any\n  environment {{\n    GENIUS_CLIENT_SECRET = '{S}'\n    DEPLOY_ENV = '{env}'\n  }}", A(48), "DEPLOY_ENV")
_d("jenkinsfile-sh-maven-password", 'sh "mvn -B deploy -Dnexus.user={u} -Dnexus.password={S} -DskipTests"', P, "u")
_d("circleci-docker-auth-password", "    docker:\n      - image: cimg/node:20.11\n        auth:\n          username: {u}\n          password: {S}", P, "u")
_d("bitbucket-pipelines-export-aws", "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export AWS_SECRET_ACCESS_KEY={S}\n            - aws s3 sync dist/ s3://{bl}-promo-assets", B(40), "aws s3 sync dist/")
_d("azure-pipelines-variables-list", "variables:\n  - name: buildConfiguration\n    value: Release\n  - name: trustlyPassword\n    value: '{S}'", P, "buildConfiguration")
_d("travis-env-global-list", "env:\n  global:\n    - GBG_PASSWORD={S}\n    - NODE_ENV=test", P, "NODE_ENV=test")
_d("drone-plugin-settings-password", "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.{dom}/{sv}\n    username: {u}\n    password: {S}", P, "u")
_d("dockerfile-env-api-key", "FROM node:20-alpine\nWORKDIR /app\nENV CELLXPERT_API_KEY={S}\nCOPY . .\nCMD [\"node\", \"server.js\"]", A(32), "WORKDIR /app")
_d("dockerfile-arg-default-npm-token", 'ARG NPM_TOKEN={S}\nRUN echo "//npm.{dom}/:_authToken=${{NPM_TOKEN}}" > .npmrc && npm ci', C("npm_", A(36)), "npm ci")
_d("k8s-deployment-env-value", '        env:\n        - name: GEOCOMPLY_API_KEY\n          value: "{S}"\n        - name: GEO_MODE\n          value: strict', A(40), "GEO_MODE")
_d("argocd-helm-parameters-value", "spec:\n  source:\n    repoURL: https://git.{dom}/platform/charts.git\n    helm:\n      parameters:\n      - name: wallet.hmacSecret\n        value: {S}", H(64), "wallet.hmacSecret")
_d("helmfile-set-value", "releases:\n- name: kyc-bridge\n  chart: ./charts/kyc-bridge\n  set:\n  - name: onfido.apiToken\n    value: {S}", C("api_live.", BU(11), ".", BU(32)), "kyc-bridge")
_d("terraform-kubernetes-secret-data", 'resource "kubernetes_secret" "trustly" {{\n  metadata {{ name = "trustly" }}\n  data = {{\n    password = "{S}"\n  }}\n}}', P, '"kubernetes_secret"')
_d("terraform-rds-master-password", 'resource "aws_db_instance" "ledger" {{\n  identifier = "ledger-{env}"\n  username   = "{u}"\n  password   = "{S}"\n}}', RND, "u")
_d("ansible-playbook-vars-sa-password", '- hosts: rgs\n  vars:\n    mssql_sa_password: "{S}"\n  roles:\n    - mssql', P, "- mssql")
_d("ci-log-echo-unmasked-key", '$ echo "deploying with key $GEOCOMPLY_KEY"\ndeploying with key {S}', A(40), "deploying with key")
_d("ci-log-xtrace-export", "+ export PAYSAFECARD_API_KEY={S}\n+ ./gradlew test --no-daemon", C("psc_", A(32)), "./gradlew test")
_d("gha-log-run-env-block", "Run ./scripts/smoke.sh\n  ./scripts/smoke.sh\n  shell: /usr/bin/bash -e {{0}}\n  env:\n    WALLET_URL: https://{h}\n    WALLET_TOKEN: {S}", A(40), "h")
_d("jenkins-console-curl-user", "[Pipeline] sh\n+ curl -s -u {u}:{S} https://{h}/job/promo-engine/build\n[Pipeline] }}", P, "[Pipeline] sh")
_d("gitlab-runner-registration-token", "gitlab-runner register --non-interactive --url https://gitlab.{dom}/ --registration-token {S} --executor docker", C("GR1348941", BU(20)), "--executor docker")
_d("gh-runner-config-token", "./config.sh --url https://git.{dom}/{bl}/platform --token {S} --labels self-hosted,linux,rgs", U(29), "self-hosted,linux,rgs")
_d("vercel-env-add-piped", "echo -n '{S}' | vercel env add STRIPE_SECRET_KEY production", C("sk_live_", A(99)), "STRIPE_SECRET_KEY")
_d("netlify-toml-context-env", '[context.production.environment]\n  AFF_POSTBACK_SECRET = "{S}"\n  NODE_VERSION = "20"', A(32), "NODE_VERSION")
_d("fly-toml-env-section", '[env]\n  PRIMARY_REGION = "ams"\n  OPTIMOVE_SECRET = "{S}"', A(40), "PRIMARY_REGION")
_d("compose-prod-environment-map", "  cashier:\n    image: registry.{dom}/cashier:{ver}\n    environment:\n      NETELLER_CLIENT_SECRET: {S}\n      NETELLER_ENV: live", A(40), "NETELLER_ENV: live")
_d("k8s-configmap-holding-secret", 'kind: ConfigMap\nmetadata:\n  name: promo-engine-config\ndata:\n  SMARTICO_API_SECRET: "{S}"\n  SMARTICO_LABEL: "{bl}"', H(40), "promo-engine-config")
_d("kustomize-secretgenerator-literal", "secretGenerator:\n- name: rgs-credentials\n  literals:\n  - RGS_API_SECRET={S}", A(32), "rgs-credentials")
_d("buildkite-step-env-token", 'steps:\n  - label: ":rocket: deploy"\n    command: ./deploy.sh\n    env:\n      SENTRY_AUTH_TOKEN: {S}', C("sntrys_", B64UR(90)), ":rocket: deploy")
_d("gitlab-before-script-docker-login", "before_script:\n  - docker login -u {u} -p {S} registry.{dom}", P, "u")
_d("jcasc-username-password-credential", "credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              id: mga-sftp\n              username: {u}\n              password: \"{S}\"", P, "u")
_d("teamcity-param-env-password", '<param name="env.GBG_API_PASSWORD" value="{S}" />', P, "env.GBG_API_PASSWORD")
_d("serverless-deploy-param-secret", 'npx serverless deploy --stage prod --param="sumsubSecret={S}"', A(32), "--stage prod")
_d("gcloud-run-set-env-vars", "gcloud run deploy aff-postback --image {reg}-docker.pkg.dev/{bl}/apps/aff-postback:{ver} --set-env-vars=INCOME_ACCESS_KEY={S},LOG_LEVEL=info", A(32), "LOG_LEVEL=info")
_d("ecs-taskdef-environment-value", '"environment": [\n  {{ "name": "PAYOUT_SIGNING_KEY", "value": "{S}" }},\n  {{ "name": "AWS_REGION", "value": "{reg}" }}\n]', H(64), "reg")
_d("az-webapp-appsettings-set", "az webapp config appsettings set -g rg-{bl}-{env} -n {bl}-bo --settings JUMIO_API_SECRET={S} WEBSITES_PORT=8080", A(32), "WEBSITES_PORT=8080")
_d("heroku-config-set-token", "heroku config:set TWILIO_AUTH_TOKEN={S} -a {bl}-otp", H(32), "heroku config:set")
_d("kubectl-set-env-deployment", "kubectl set env deployment/{sv} -n {ns} GENIUS_API_KEY={S}", A(32, 40), "ns")
_d("compose-override-postgres-password", "# docker-compose.prod.yml\n  postgres:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: {S}\n      POSTGRES_DB: {db}", P, "POSTGRES_DB")
_d("gha-services-postgres-env", "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_USER: {u}\n          POSTGRES_PASSWORD: {S}", P, "u")
_d("semantic-release-log-token", "[semantic-release] › ℹ  Running semantic-release version 23.0.2\n[semantic-release] › ✘  Invalid GitHub token {S} for repository https://git.{dom}/{bl}/rgs-sdk", C("ghs_", A(36)), "[semantic-release]")
_d("jenkinsfile-withenv-literal", "withEnv([\"SUMSUB_APP_TOKEN={S}\"]) {{\n  sh 'npm run e2e:kyc'\n}}", C("sbx:", A(24), ".", A(32)), "npm run e2e:kyc")
_d("tekton-pipelinerun-param-value", "  params:\n  - name: registry-user\n    value: {u}\n  - name: registry-password\n    value: {S}", P, "registry-password")
_d("gitlab-include-remote-private-token", "include:\n  - remote: 'https://gitlab.{dom}/api/v4/projects/{num}/repository/files/ci%2Fdeploy.yml/raw?ref=main&private_token={S}'", C("glpat-", BU(20)), "ci%2Fdeploy.yml")
_d("pulumi-config-set-plaintext", "pulumi config set trustly:password {S}   # TODO add --secret", P, "trustly:password")
_d("ci-echo-base64-kubeconfig", "  echo {S} | base64 -d > kubeconfig\n  kubectl --kubeconfig kubeconfig rollout status deploy/{sv}", B64R(210), "base64 -d > kubeconfig")
_d("azure-devops-pat-clone-url", "git clone https://{S}@dev.azure.com/{bl}/Sportsbook/_git/pricing-engine", L(52), "_git/pricing-engine")
_d("fastlane-match-password-env", "MATCH_PASSWORD={S} bundle exec fastlane ios beta", PP, "fastlane ios beta")
_d("gradle-signing-store-password", "signingConfigs {{\n    release {{\n        storeFile file('casino-release.jks')\n        storePassword '{S}'\n        keyAlias 'casino'\n    }}\n}}", P, "casino-release.jks")
_d("ci-echo-p8-private-key", 'echo "-----BEGIN PRIVATE KEY-----\n{S}\n-----END PRIVATE KEY-----" > AuthKey_{kid}.p8', PEMB("EC PRIVATE KEY"), "kid", kid=U(10))
_d("sonar-properties-login-token", "sonar.projectKey={bl}_wallet\nsonar.host.url=https://sonar.{dom}\nsonar.login={S}", C("squ_", H(40)), "sonar.projectKey")
_d("gha-snyk-token-env", "      - run: snyk test --severity-threshold=high\n        env:\n          SNYK_TOKEN: {S}", UUID, "--severity-threshold=high")
_d("codecov-cli-token-flag", "codecov -t {S} -F unit -f coverage/lcov.info", UUID, "-F unit")
_d("gha-ssh-agent-inline-key", "      - uses: webfactory/ssh-agent@v0.9.0\n        with:\n          ssh-private-key: |\n            -----BEGIN OPENSSH PRIVATE KEY-----\n            {S}\n            -----END OPENSSH PRIVATE KEY-----", _pem_indented("OPENSSH PRIVATE KEY", 12), "webfactory/ssh-agent@v0.9.0")
_d("ansible-vault-pass-file-echo", "echo '{S}' > .vault_pass && ansible-playbook -i inventories/prod site.yml --vault-password-file .vault_pass", PP, "inventories/prod")
_d("deploy-sshpass-scp-war", 'sshpass -p "{S}" scp build/rgs.war deploy@{ip}:/opt/tomcat/webapps/', P, "ip")
_d("nomad-task-env-block", 'env {{\n  ODDS_TOKEN = "{S}"\n  REGION     = "eu"\n}}', A(24), "REGION")
_d("consul-kv-put-value", "consul kv put config/promo-engine/fasttrack_key {S}", A(40), "config/promo-engine/fasttrack_key")
_d("docker-build-log-arg-step", "Step 6/14 : ARG SKRILL_SECRET={S}\n ---> Running in {cid12}", P, "Step 6/14", cid12=H(12))
_d("approle-secret-id-env-prefix", "VAULT_SECRET_ID={S} vault write auth/approle/login role_id=$VAULT_ROLE_ID secret_id=$VAULT_SECRET_ID", UUID, "auth/approle/login")
_d("helm-repo-add-password-flag", "helm repo add {bl} https://charts.{dom} --username {u} --password {S}", P, "u")
_d("gha-dispatch-input-default-key", "on:\n  workflow_dispatch:\n    inputs:\n      api_key:\n        description: OpticOdds key\n        default: '{S}'", UUID, "workflow_dispatch")
_d("circleci-log-env-grep", "#!/bin/bash -eo pipefail\nenv | grep -i optimove\nOPTIMOVE_API_KEY={S}", A(40), "pipefail")
_d("cloudbuild-step-env-list", "steps:\n- name: gcr.io/cloud-builders/docker\n  env:\n  - 'SUMSUB_SECRET={S}'\n  args: ['build', '-t', 'kyc-bridge', '.']", A(32), "cloud-builders/docker")
_d("gha-sentry-release-env", "      - run: sentry-cli releases new {ver}\n        env:\n          SENTRY_AUTH_TOKEN: {S}\n          SENTRY_ORG: {bl}", C("sntryu_", H(64)), "SENTRY_ORG")
_d("pipeline-log-curl-query-secret", '+ curl -fsS -X POST "https://deploy.{dom}/hooks/release?secret={S}&env={env}"', H(40), "hooks/release")
_d("gha-write-github-env", 'echo "GEOCOMPLY_LICENSE={S}" >> $GITHUB_ENV', B64R(66), "$GITHUB_ENV")
_d("k8s-dockerconfigjson-data", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\ndata:\n  .dockerconfigjson: {S}\ntype: kubernetes.io/dockerconfigjson", _dockerconfigjson, "kubernetes.io/dockerconfigjson")
_d("octopus-variable-json-value", '{{\n  "Name": "Skrill.MqiPassword",\n  "Value": "{S}",\n  "IsSensitive": false\n}}', P, "Skrill.MqiPassword")
_d("spinnaker-pipeline-trigger-header", '"trigger": {{ "type": "webhook", "payloadConstraints": {{}}, "source": "{sv}", "secret": "{S}" }}', A(32), "webhook")

# --- group: vendor-token -------------------------------------------------------
def _loqate():
    return "-".join(_rs(_UN, 4) for _ in range(4))


def _nowpay():
    return "-".join(_rs(_UN, 7) for _ in range(4))


def _urlenc_b64(nbytes):
    def g():
        s = _b64.b64encode(_rbytes(nbytes)).decode()
        return s.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    return g


_v = adder("vendor-token")
_v("sumsub-app-token-prd-sbx", ["Sumsub App Token: {S}", "sumsub app token ({env}) = {S}"], C(ch("prd:", "sbx:"), A(24), ".", A(32)), "")
_v("sumsub-secret-key-labelled", "Sumsub secret key for {brand}: {S}", A(32), "brand")
_v("onfido-api-token-live-region", "Authorization: Token token={S}", C(ch("api_live.", "api_live_us.", "api_live_ca."), BU(11), ".", BU(32)), "Authorization")
_v("onfido-webhook-signing-token", "Onfido webhook token: {S} (X-SHA2-Signature verification)", BU(32), "X-SHA2-Signature verification")
_v("jumio-token-secret-pair", "Jumio API token {uuid} / API secret {S}", A(32), "uuid")
_v("loqate-gbg-key-groups", "Loqate (GBG) key: {S}", _loqate, "Loqate (GBG) key")
_v("geocomply-license-blob", "GeoComply license string:\n{S}", B64R(192), "GeoComply license string")
_v("sportradar-api-key-query", "https://{h}/soccer/trial/v4/en/schedules/live/summaries.json?api_key={S}", ch(L(24), A(40)), "summaries.json")
_v("betradar-uof-token-header", "x-access-token: {S}", A(20, 26), "x-access-token")
_v("genius-sports-api-key-header", "Genius Sports fixtures API key (x-api-key): {S}", A(40), "fixtures API key")
_v("opticodds-key-uuid", "OpticOdds API key → {S}", UUID, "OpticOdds API key")
_v("the-odds-api-key-hex", "the-odds-api apiKey={S}", H(32), "the-odds-api")
_v("skrill-secret-word-md5-upper", "md5(secret word) for merchant {mid}: {S}", HU(32), "mid")
_v("paysafe-api-key-basic-b64", "Paysafe API key (Base64 user:pass): {S}", b64of(C("private-", D(6), ":B-p1-0-", H(8), "-0-", A(40))), "Paysafe API key")
_v("paysafecard-psc-key-bare", "paysafecard key {S}", C("psc_", A(32)), "paysafecard key")
_v("trustly-merchant-rsa-pem", "trustly_merchant_private.pem\n" + PEM("RSA PRIVATE KEY"), PEMB("RSA PRIVATE KEY"), "trustly_merchant_private.pem")
_v("coinspaid-secret-bare", "CoinsPaid API secret: {S}", A(64), "CoinsPaid")
_v("bitgo-access-token-v2x", "BitGo token {S}", C("v2x", H(64)), "BitGo token")
_v("nowpayments-key-dash-groups", "x-api-key: {S}  (NOWPayments)", _nowpay, "(NOWPayments)")
_v("nowpayments-ipn-secret", "NOWPayments IPN secret: {S}", A(32), "IPN secret")
_v("coinbase-commerce-key-header", "X-CC-Api-Key: {S}", UUID, "X-CC-Api-Key")
_v("binance-api-secret-64", "binance api key {k}\nsecret {S}", A(64), "k", k=A(64))
_v("fireblocks-api-key-uuid", "Fireblocks X-API-Key: {S}", UUID, "Fireblocks")
_v("cellxpert-api-key-bare", "cellxpert affiliate api key = {S}", A(32), "cellxpert affiliate api key")
_v("everflow-api-key-header", "X-Eflow-API-Key: {S}", A(22), "X-Eflow-API-Key")
_v("fasttrack-crm-api-key", "Fast Track integration key: {S}", C(A(8), "-", A(4), "-", A(4), "-", A(12)), "Fast Track integration key")
_v("optimove-api-key-header", "X-API-KEY: {S}", C(A(8), ch("", "-"), A(24)), "X-API-KEY")
_v("smartico-api-secret-hex", "smartico label {lk} api secret {S}", H(40), "lk", lk=D(3, 4))
_v("zendesk-email-token-basic", "{em}/token:{S}", A(40), "em")
_v("intercom-access-token-b64", "Intercom access token: {S}", C("dG9rOj", B(50), "="), "Intercom access token")
_v("livechat-pat-region-prefix", "LiveChat PAT: {S}", C(ch("dal:", "fra:"), BU(27)), "LiveChat PAT")
_v("freshdesk-api-key-20", "freshdesk key {S}:X", A(20), "freshdesk key")
_v("twilio-sid-auth-token-pair", "{sid}:{S}", H(32), "sid", sid=C("AC", H(32)))
_v("twilio-api-key-sk-secret", "Twilio API key {sk} secret {S}", A(32), "sk", sk=C("SK", H(32)))
_v("sendgrid-sg-key", "SendGrid: {S}", C("SG.", BU(22), ".", BU(43)), "SendGrid")
_v("mailgun-key-prefix", "api:{S}", C("key-", H(32)), "api:")
_v("postmark-server-token-header", "X-Postmark-Server-Token: {S}", UUID, "X-Postmark-Server-Token")
_v("slack-bot-token-xoxb", "{S}", C("xoxb-", D(11, 13), "-", D(12, 13), "-", A(24)), "")
_v("slack-user-token-xoxp", "slack user token {S}", C("xoxp-", D(11, 13), "-", D(11, 13), "-", D(12, 13), "-", H(32)), "slack user token")
_v("slack-app-level-xapp", "socket mode token: {S}", C("xapp-1-A", U(10), "-", D(13), "-", H(64)), "socket mode token")
_v("discord-webhook-url-token", "https://discord.com/api/webhooks/{wid}/{S}", BU(68), "wid", wid=D(18, 19))
_v("telegram-bot-token-bare", "{S}", C(D(9, 10), ":AA", BU(33)), "")
_v("stripe-secret-live-bare", "{S}", C("sk_live_", A(24, 99)), "")
_v("stripe-restricted-key", "restricted key for payouts: {S}", C("rk_live_", A(24, 99)), "restricted key for payouts")
_v("stripe-webhook-secret-whsec", "Signing secret {S}", C("whsec_", A(32)), "Signing secret")
_v("adyen-api-key-aqe", "X-API-Key: {S}", C("AQE", _mk(_AN + "+/=")(100, 140)), "X-API-Key")
_v("checkout-secret-key-sbox", "Authorization: {S}", C(ch("sk_sbox_", "sk_"), L(26)), "Authorization")
_v("paypal-client-secret-e", "PayPal client {cid} secret {S}", C("E", BU(79)), "cid", cid=C("A", BU(79)))
_v("braintree-private-key-hex", "braintree merchant {mid} private key {S}", H(32), "mid")
_v("aws-key-pair-slash", "{akid} / {S}", B(40), "akid")
_v("gcp-api-key-aiza", "key={S}", C("AIza", BU(35)), "")
_v("github-fine-grained-pat", "{S}", C("github_pat_", A(22), "_", A(59)), "")
_v("github-oauth-gho", "gh auth token → {S}", C("gho_", A(36)), "gh auth token")
_v("gitlab-deploy-token-gldt", "deploy token {S}", C("gldt-", BU(20)), "deploy token")
_v("npm-granular-token-bare", "NPM_TOKEN={S}", C("npm_", A(36)), "NPM_TOKEN")
_v("pypi-token-macaroon", "__token__ / {S}", C("pypi-AgEIcHlwaS5vcmc", BU(120, 160)), "__token__")
_v("dockerhub-pat-dckr", "dockerhub {u} {S}", C("dckr_pat_", BU(27)), "u")
_v("datadog-api-app-key-pair", "DD api key {k} / app key {S}", H(40), "k", k=H(32))
_v("newrelic-user-key-nrak", "{S}", C("NRAK-", U(27)), "")
_v("newrelic-license-key-nral", "license_key: {S}", C(H(36), "NRAL"), "license_key")
_v("pagerduty-routing-key", "PagerDuty routing key {S}", H(32), "PagerDuty routing key")
_v("opsgenie-genie-key", "Authorization: GenieKey {S}", UUID, "Authorization")
_v("cloudflare-global-api-key", "X-Auth-Email: {em}\nX-Auth-Key: {S}", H(37), "em")
_v("vault-service-token-hvs", "VAULT_TOKEN={S}", C("hvs.", BU(90, 100)), "VAULT_TOKEN")
_v("doppler-service-token", "{S}", C("dp.st.", ch("prd.", "stg.", "dev."), A(40, 43)), "")
_v("onepassword-service-account", "OP_SERVICE_ACCOUNT_TOKEN={S}", C("ops_eyJ", BU(400, 600)), "OP_SERVICE_ACCOUNT_TOKEN")
_v("okta-ssws-api-token", "Authorization: SSWS {S}", C("00", BU(40)), "Authorization")
_v("auth0-client-secret-64", "auth0 {cid} :: {S}", BU(64), "cid", cid=A(32))
_v("mapbox-secret-sk-eyj", "mapbox {S}", C("sk.eyJ1Ijoi", BU(50, 60), ".", BU(22)), "")
_v("shopify-admin-shpat", "X-Shopify-Access-Token: {S}", C("shpat_", H(32)), "X-Shopify-Access-Token")
_v("hubspot-private-app-pat", "Bearer {S}", C("pat-", ch("eu1", "na1"), "-", UUID), "")
_v("mailchimp-key-dc-suffix", "mailchimp: {S}", C(H(32), "-", ch("us14", "us21", "us6")), "")
_v("fcm-legacy-server-key", "key={S}", C("AAAA", A(7), ":APA91b", BU(134)), "")
_v("google-oauth-gocspx", "client_secret={S}", C("GOCSPX-", BU(28)), "client_secret")
_v("azure-storage-account-key", "DefaultEndpointsProtocol=https;AccountName={bl}kyc;AccountKey={S};EndpointSuffix=core.windows.net", B64R(64), "EndpointSuffix=core.windows.net")
_v("azure-sas-url-signature", "https://{bl}kyc.blob.core.windows.net/docs/passport_{pid}.jpg?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-06-01T00:00:00Z&spr=https&sig={S}", _urlenc_b64(32), "sv=2022-11-02")
_v("s3-presigned-x-amz-signature", "https://{bl}-kyc-docs.s3.{reg}.amazonaws.com/selfies/{pid}.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={akid}%2F20250512%2F{reg}%2Fs3%2Faws4_request&X-Amz-Date=20250512T101112Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature={S}", H(64), "X-Amz-Expires=900")
_v("gcs-signed-url-goog-signature", "https://storage.googleapis.com/{bl}-reg-reports/mga_{num}.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=reporter%40{bl}.iam.gserviceaccount.com%2F20250512%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250512T101112Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature={S}", H(512), "X-Goog-Expires=3600")
_v("cloudfront-signed-url-signature", "https://cdn.{dom}/promo/video_{num}.mp4?Expires=1767225600&Signature={S}&Key-Pair-Id={kp}", _mk(_AN + "-_~")(172), "kp", kp=C("K", U(13)))

# --- BENIGN templates: look secret-ish, hold no credential -------------------
G.update({
    "h64": H(64), "h32": H(32), "h16": H(16), "h12": H(12), "h8": H(8),
    "H16": HU(16), "d3": D(3), "d4": D(4), "d5": D(5), "d8": D(8), "d10": D(10),
    "d19": D(19), "u6": U(6), "u10": U(10), "b43": B(43), "l8": L(8),
    "last4": A(4), "nm": lambda: _R.choice(_FIRST),
})
_BT = []


def _b(text, **gens):
    _BT.append((text, gens))


def _b64txt(*choices):
    return lambda: _b64.b64encode(_val(choices).encode()).decode()


def _gpgfp():
    h = _rs(_HX.upper(), 40)
    return " ".join(h[i:i + 4] for i in range(0, 40, 4))


def _pub_pem():
    body = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _rs(_B64A, 300) + "IDAQAB"
    return "\n".join(body[i:i + 64] for i in range(0, len(body), 64))


def _cert_pem():
    body = "MIID" + _rs(_B64A, 700) + "=="
    return "\n".join(body[i:i + 64] for i in range(0, len(body), 64))


# commits, checksums, digests
_b("git checkout {sha40}")
_b("Merge commit '{sha7}' into release/{ver}")
_b("commit {sha40}\nAuthor: {fn} <{em}>\nDate:   Mon May 12 10:11:12 2025 +0200\n\n    fix(odds): handle suspended markets on {sport}")
_b("{h64}  rgs-gateway-{ver}-linux-amd64.tar.gz")
_b("SHA256 (geo-guard-{ver}.dmg) = {h64}")
_b("{h32}  kyc_export_2025-05-{dd}.csv", dd=lambda: "%02d" % _R.randint(1, 28))
_b("image: registry.{dom}/wallet-api@sha256:{h64}")
_b("      - uses: actions/checkout@{sha40} # v4.1.1")
_b('"integrity": "sha512-{i88}"', i88=B64R(64))
_b("version https://git-lfs.github.com/spec/v1\noid sha256:{h64}\nsize {d8}")
_b("CONTAINER ID   IMAGE                       STATUS\n{h12}   {sv}:{ver}   Up 3 hours (healthy)")
_b("Successfully built {h12}\nSuccessfully tagged {sv}:{ver}")
_b("git rev-parse HEAD → {sha40}")
_b("cherry-picked {sha7}..{sha7b} onto hotfix/{tid}", sha7b=H(7))
# ids from the field
_b("bet_id={uuid} market=sr:match:{d8} selection=1X2:home status=settled payout={amt} {cur}")
_b("urn: sr:match:{d8}  competitor: sr:competitor:{d5}  tournament: sr:tournament:{d3}")
_b("X-Request-Id: {uuid}")
_b("traceparent: 00-{h32}-{h16}-01")
_b("dd.trace_id={d19} dd.span_id={d19b} service={sv}", d19b=D(19))
_b("round_id={h24} game={game} provider=pragmatic bet={amt} win=0.00 {cur}", h24=H(24))
_b("applicantId: {oid}  reviewAnswer: GREEN  levelName: basic-kyc-level")
_b("Onfido check {uuid} completed: result=clear, sub_result=clear")
_b("Jumio scan reference {uuid}, status APPROVED_VERIFIED")
_b("Trustly notification: method=credit orderid={d10} amount={amt} currency={cur}")
_b("Skrill status_url callback: transaction_id={d10} mb_transaction_id={d10b} status=2", d10b=D(10))
_b("paysafecard payment id: pay_{d10}_{l8}_{cur}")
_b("Idempotency-Key: {uuid}")
_b('ETag: W/"{h32}"')
_b("metadata:\n  uid: {uuid}\n  resourceVersion: \"{d8}\"")
_b("player {pid} self-excluded via Spelpaus until 2026-{d2}-01", d2=lambda: "%02d" % _R.randint(1, 12))
_b("withdrawal WD-{d8} approved by {u} (risk score {pct})")
_b("GeoComply transaction id {uuid}: result=PASS, troubleshooter=none")
_b("affiliate click_id={h32} btag={u6}_{d5} sub_id={bl}")
_b("GA4 measurement id G-{u10}, GTM container GTM-{u6}")
_b("arn:aws:iam::{acct}:role/{sv}-task-role")
_b("Tx hash 0x{h64} confirmed (12 confirmations) — USDT deposit for player {pid}")
_b("deposit address (ERC-20): 0x{h40}", h40=H(40))
_b("BTC deposit address bc1q{a38} assigned to player {pid}", a38=_mk(_LO + _DG)(38))
_b("xpub6{x} (watch-only, payouts wallet)", x=_mk(_B58)(106))
# public keys, certificates, fingerprints, public ids
_b("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} deploy@{h}")
_b("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ{k} ops@{bl}", k=B(360))
_b("ED25519 key fingerprint is SHA256:{b43}.")
_b("Trustly public key (for verifying notifications):\n-----BEGIN PUBLIC KEY-----\n{k}\n-----END PUBLIC KEY-----", k=_pub_pem)
_b("-----BEGIN CERTIFICATE-----\n{k}\n-----END CERTIFICATE-----", k=_cert_pem)
_b('gpg: key {H16}: public key "Regulator Reporting <reports@{dom}>" imported')
_b("Key fingerprint = {fp}", fp=_gpgfp)
_b("Stripe publishable key (safe for the browser): pk_live_{a24}", a24=A(24))
_b("adyen checkout clientKey: 'live_{k}' (client-side, public)", k=U(32))
_b('<div class="g-recaptcha" data-sitekey="6L{k}"></div>', k=BU(38))
_b("intercomSettings = {{ app_id: '{l8}', user_id: '{pid}' }}")
_b('{{"kty":"RSA","kid":"{h16}","use":"sig","alg":"RS256","n":"{n}","e":"AQAB"}}', n=BU(342))
_b("JWT header only: eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6In{k}", k=BU(20))
_b("X-Payload-Digest: {h64}")
_b("X-Signature: sha256={h64}")
_b("Trustly signature (base64, public verification): {s}", s=B64R(256))
_b("AWS access key id AKIA{k} was deactivated on {dt}; secret no longer valid and not stored", k=B32(16))
_b("Content-Security-Policy: script-src 'self' 'nonce-{n}'", n=B64R(16))
_b("merchant identifier merchant.com.{bl}.cashier (Apple Pay)")
# placeholders and templates
_b("SUMSUB_SECRET_KEY=<your-secret-key>")
_b("password: ${{DB_PASSWORD}}")
_b("api_key: \"{{{{ vault_odds_api_key }}}}\"")
_b("TRUSTLY_PASSWORD=changeme  # placeholder, the real value is injected by the Vault agent")
_b("curl -H 'Authorization: Bearer <token>' https://{h}/api/v1/me")
_b("export ODDS_API_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
_b("client_secret: REPLACE_ME")
_b('GEOCOMPLY_LICENSE=""  # leave empty locally, the mock server ignores it')
_b("conn = psycopg2.connect(dsn % {{'password': '%(db_password)s'}})")
_b("SKRILL_SECRET_WORD=$(cat /run/secrets/skrill_secret_word)")
_b("$ANSIBLE_VAULT;1.1;AES256\n{a}\n{b}", a=H(80), b=H(80))
_b("NETELLER_CLIENT_SECRET=your_client_secret_here")
_b("jumio:\n  api_token: ${{JUMIO_API_TOKEN:?missing}}\n  api_secret: ${{JUMIO_API_SECRET:?missing}}")
_b("password=<PASSWORD>  # see README, never commit the real one")
_b("AKIAXXXXXXXXXXXXXXXX / <secret-access-key>")
_b("DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME")
_b("sk_live_... (redacted in this doc — find it in the vault)")
# masked values
_b("SKRILL_MQI_PASSWORD=********")
_b("api_key: sk_live_****{last4}")
_b("token=[REDACTED] player={pid} game={game}")
_b("Authorization: Bearer ***")
_b("  env:\n    WALLET_URL: https://{h}\n    WALLET_TOKEN: ***")
_b("card 5*** **** **** {d4} exp 0{e}/2{f}", e=D(1), f=D(1))
_b("IBAN MT** **** **** **** **** **** {d4} (masked)")
_b("password: '••••••••' (hidden in UI)")
_b("secret_key=sumsub…{h8}[masked]")
_b("client_secret: ****************************{last4}")
# references to where a secret lives
_b("vault kv get -field=secret_word secret/payments/skrill")
_b("aws secretsmanager get-secret-value --secret-id prod/kyc/onfido --query SecretString --output text | jq -r .token")
_b("        valueFrom:\n          secretKeyRef:\n            name: geocomply\n            key: license")
_b("          ODDS_API_KEY: ${{{{ secrets.ODDS_API_KEY }}}}")
_b("op read \"op://Payments/Trustly API/password\"")
_b("client_secret_file: /run/secrets/genius_client_secret")
_b("password_file = /etc/rgs/{sv}/db.pass")
_b("@Microsoft.KeyVault(SecretUri=https://kv-{bl}.vault.azure.net/secrets/jumio-api-secret/)")
_b("gcloud secrets versions access latest --secret=sumsub-secret-key --project={bl}-kyc")
_b("withCredentials([string(credentialsId: 'odds-api-key', variable: 'ODDS_API_KEY')]) {{ sh './sync.sh' }}")
_b("doppler run --project cashier --config prd -- npm start")
_b("The Cellxpert API key is stored in 1Password → vault 'Affiliates' → item 'Cellxpert prod'.")
_b("sealedsecrets: encryptedData.password: Ag{e}", e=B(300))
_b("kubectl -n {ns} get secret {sv}-creds -o jsonpath='{{.metadata.annotations}}'")
_b("sops:\n    kms:\n    -   arn: arn:aws:kms:{reg}:{acct}:key/{uuid}")
# prose, policy and multilingual notes without secrets
_b("Password policy (MGA audit item {num}): minimum 14 characters, rotation every 90 days, no reuse of the last 12.")
_b("Lösenordet måste vara minst {num} tecken och bytas var 90:e dag.")
_b("Ο κωδικός πρέπει να έχει τουλάχιστον 12 χαρακτήρες — δες το {tid}.")
_b("La contraseña debe tener al menos 12 caracteres y caducar cada 90 días ({tid}).")
_b("A senha deve ter no mínimo 12 caracteres; a chave fica no Vault em kv/payments/{sv}.")
_b("Ang password ay dapat hindi bababa sa 12 karakter. Nasa vault yung totoong value ({tid}).")
_b("Il-password qieghda fil-vault, mhux fil-Jira — ara {tid}.")
_b("Player support macro #{num}: We will never ask for your password or PIN. Please reset it via 'Forgot password'.")
_b("Reminder: rotate the Trustly API password before {dt}; new value goes to kv/payments/trustly only.")
_b("Decision: Sumsub secret key rotated on {dt}, new value stored in vault at kv/kyc/sumsub (not pasted here).")
_b("Token expired at {dt}; refreshing via client_credentials grant for {sv}.")
_b("secret scanning: push protection blocked 1 secret in {sv}/settings.py — commit amended ({tid})")
_b("The password reset link expires in {num} minutes.")
_b("Goal: replace hardcoded keys in {sv} with secretKeyRef; no credentials in this note.")
_b("Lösenordet finns i Vault under kv/{ns}/{sv}, fråga {nm} om åtkomst.")
_b("El token está en 1Password, bóveda 'Pagos', entrada '{sv}'.")
_b("O token da Sportradar está no cofre, caminho kv/odds/{sv}.")
_b("Passphrase requirements for the HSM: 4+ words, no dictionary phrases from the brand ({brand}).")
# base64 of ordinary text
_b("payload (base64): {p}", p=_b64txt('{"brand":"x","market":"1X2","odds":1.85}', '{"event":"bet_placed","stake":10}', '{"type":"promo","code":"SPRING"}', "hello from the odds feed", "market suspended: VAR review"))
_b("X-Context: {p}", p=lambda: _b64.b64encode(('{"brand":"%s","locale":"%s"}' % (_brandw(), _R.choice(["en-MT", "sv-SE", "el-GR", "es-ES", "pt-BR", "fil-PH"]))).encode()).decode())
_b("data:text/plain;base64,{p}", p=lambda: _b64.b64encode(("Responsible gaming reminder #%d" % _R.randint(1, 9999)).encode()).decode())
# paths, versions, licences, product codes
_b("/var/lib/rgs/keys/public/trustly_public_{d4}.pem")
_b("~/.ssh/id_ed25519.pub")
_b("config/credentials.yml.enc (decrypt with RAILS_MASTER_KEY from the vault)")
_b("@sumsub/websdk@{ver} → {ver2}", ver2=G["ver"])
_b("geocomply-sdk {ver}-build.{d4}")
_b("onfido-sdk-ui v{ver}")
_b("MGA licence MGA/B2C/{d3}/2019, Spelinspektionen licens {d2}Li{d4}", d2=D(2))
_b("Curaçao sublicence {d4}/JAZ, PAGCOR certificate no. {u6}-{d4}")
_b("UKGC account number 000-0{d5}-R-{d6}-00{d1}", d6=D(6), d1=D(1))
_b("promo code WELCOME{d3} — 100% up to 200 {cur}")
_b("bonus code FREESPINS{d2}-{u6}", d2=D(2))
_b("Draw #{d4}: 07 12 19 33 41 + {d2}, jackpot {amt} {cur}", d2=D(2))
_b("lottery ticket serial {u4}-{d8}-{d4}", u4=U(4))
_b("game code vs20{l8}, RTP 96.{d2}%", d2=D(2))
_b("{tid}: rotate Genius Sports credentials (done, see vault)")
_b("INC-{num} postmortem: odds feed stalled for 14 minutes, no credentials exposed")
_b("BIC: {u4}MTMT, reference {h12}", u4=U(4))
_b("ticket {tid} — hash of the leaked file: {h64}")
_b("release {ver} checksum md5 {h32}")
_b("session {h4}…{h4b} expired after 15m idle", h4=H(4), h4b=H(4))
_b("color: #{c}; /* brand primary */", c=H(6))
_b("GET /api/v1/players/{pid}/limits 200 14ms")
_b("uuidgen → {uuid}")
_b("hashids salt unused; ids like {u10} are public bet-share codes")
_b("Sportradar producer 3 (Ctrl) alive; last message id {d10}, node id {num}")
_b("Kafka offset {d8} committed for partition {d1} of odds.raw", d1=D(1))

# --- build ---------------------------------------------------------------------
_GROUPS = ["command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 187
_N_BENIGN = 950


def _ok(text, secret, vis):
    if len(secret) < 6 or secret not in text:
        return False
    if vis and (vis not in text or vis in secret):
        return False
    return True


def _build_secrets():
    out = []
    for g in _GROUPS:
        tpls = TEMPLATES[g]
        rows = []
        for _rep in range(3):
            for fmt, text, S, vis, gens in tpls:
                if len(rows) == _PER_GROUP:
                    break
                for _try in range(8):
                    t, s, v = _render(text, S, vis, gens)
                    if _ok(t, s, v):
                        break
                else:
                    raise AssertionError("cannot render " + fmt)
                rows.append((g, fmt, t, s, v))
        assert len(rows) == _PER_GROUP, (g, len(rows))
        out.extend(rows)
    _R.shuffle(out)
    return out


def _build_benign(secrets):
    long_secrets = [e[3] for e in secrets if len(e[3]) >= 8]
    seen = set()
    out = []
    for _round in range(40):
        for text, gens in _BT:
            if len(out) == _N_BENIGN:
                break
            vals = {}
            for _lit, field, _spec, _conv in _F.parse(text):
                if field is None or field in vals:
                    continue
                vals[field] = _val(gens[field]) if field in gens else G[field]()
            b = text.format(**vals)
            if b in seen or any(s in b for s in long_secrets):
                continue
            seen.add(b)
            out.append(b)
        if len(out) == _N_BENIGN:
            break
    assert len(out) == _N_BENIGN, len(out)
    _R.shuffle(out)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)

