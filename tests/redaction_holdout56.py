"""Blind hold-out corpus #56 for a secret-redaction engine.

What it is
----------
A test corpus of text fragments of the kind a coding agent (Claude Code,
Codex, Gemini CLI) keeps as its working state: goals, running notes, shell
commands it ran, tool output, excerpts of files it opened, decisions, chat
messages pasted in by teammates, log lines and CI configuration.  Some
fragments contain a credential that a redaction engine must remove; the
others contain no credential at all but look secret-ish to a naive scanner.

Theme
-----
Sports, fitness and live events: wearables and training platforms (Strava,
Garmin, Polar, Whoop-like and Oura-like APIs), gym and club management
software, race timing systems and chip readers, ticketing and box-office
platforms, stadium and venue Wi-Fi, RADIUS and turnstiles, sports data feeds
and betting-odds APIs, league and federation registration portals, and
broadcasters' graphics and streaming feeds.  All eight groups are covered.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, rule set or
engine source was consulted.  Where a vendor's real credential shape is
known it is imitated (prefixes such as ghp_, glpat-, xoxb-, sk_live_, AKIA,
AIza, SG., npm_, hvs., dop_v1_ ...); where it is unknown a plausible one was
invented.  All hosts, people, organisations and values are fictitious and
every credential is a fresh random draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
         group    one of command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (about 185 each);
         format   kebab-case name of the shape, used at most 3 times;
         text     the fragment as the agent recorded it;
         secret   the exact substring of text that must not survive
                  redaction (only the key body for PEM keys, only the
                  signature for signed URLs, only the password for
                  user:password pairs);
         visible  a substring of text that must stay readable, or "".
BENIGN   list of about 950 distinct strings with no credential in them
         that nevertheless look secret-ish: commit SHAs, digests, UUIDs,
         request and trace ids, public keys and fingerprints, public key
         ids, placeholders, masked values, references to secret stores,
         base64 of ordinary text, version strings, prose about passwords,
         password policies, cache keys and so on, in the same contexts.

Determinism
-----------
Every random value is drawn from _R = random.Random(SEED) at import time,
in a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, written while the rules for the fiftieth to fifty-fifth were made and read only after
them: recall 0.959 (1,420 of 1,480) and false positives 9 of 950 (0.9%), the same with the
engine at that session's start: those rules changed nothing here. Tuned on since: 0.961 and
9 of 950.
"""

import base64
import json
import random
import re
import string
import uuid as _uuid

SEED = 560056
_R = random.Random(SEED)

GROUPS = ["command", "tool-output", "config-file", "source-code",
          "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
PER_GROUP = 185
BENIGN_TARGET = 950

LOW = string.ascii_lowercase
UP = string.ascii_uppercase
DIG = string.digits
ALNUM = LOW + UP + DIG
_ALPH = {
    "hex": "0123456789abcdef", "HEX": "0123456789ABCDEF", "alnum": ALNUM,
    "lower": LOW + DIG, "upper": UP + DIG, "digits": DIG, "b64u": ALNUM + "-_",
    "b64": ALNUM + "+/", "letters": LOW + UP, "base32": UP + "234567",
    "lowerl": LOW,
}
_PARAM = re.compile(r"^(hex|HEX|alnum|lowerl|lower|upper|digits|b64u|b64|letters|base32)_?(\d+)$")
_PH = re.compile(r"§(\w+)§")


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _c(seq):
    return _R.choice(seq)


def _b64(s):
    if isinstance(s, str):
        s = s.encode("utf-8")
    return base64.b64encode(s).decode("ascii")


def _b64url(s):
    if isinstance(s, str):
        s = s.encode("utf-8")
    return base64.urlsafe_b64encode(s).decode("ascii").rstrip("=")


def _uuid4():
    return str(_uuid.UUID(int=_R.getrandbits(128), version=4))


# ---------------------------------------------------------------- pools
WORDS = ("falcon harbor velvet summit rocket meadow copper lantern thunder maple "
         "river canyon orbit ember glacier tiger comet willow sprint paddle dribble "
         "penalty corner striker keeper relay baton podium medal hurdle marathon "
         "stamina tempo cadence pacer derby volley rally wicket bunker birdie "
         "peloton bonus anchor breeze cobalt dynamo eagle fjord gravel hornet "
         "island jaguar kayak lagoon magnet nectar oyster pepper quartz raven "
         "saddle timber umbra vortex walnut yonder zephyr biscuit cactus dolphin "
         "fennel ginger hammock igloo jigsaw kettle lemon mango nutmeg otter "
         "pickle quiver radish sunset tulip uplift violet waffle yellow zigzag "
         "puck slalom javelin discus tackle header crossbar offside fairway "
         "dugout bullpen turnstile bleacher scrum lineout spinnaker regatta").split()
TEAMWORDS = ["Hawks", "Rovers", "Ravens", "Comets", "Lynx", "Kestrels", "Rapids",
             "Pumas", "Wolves", "Mariners", "Titans", "Harriers", "Spartans", "Owls"]
PEOPLE = ["Priya", "Mateo", "Sven", "Aiko", "Chloe", "Kwame", "Olga", "Tomasz",
          "Lucia", "Jonas", "Mei", "Ravi", "Fatima", "Henrik", "Yuki", "Bruno",
          "Ngozi", "Sofia", "Dmitri", "Isla", "Kenji", "Amara", "Lars", "Noor",
          "Diego", "Hana", "Ines", "Pieter", "Zainab", "Marco", "Emeka", "Freya",
          "Tariq", "Elif", "Rosa", "Callum", "Anouk", "Viktor", "Leilani", "Joao"]
DOMAINS = ["fieldhouse.example", "racehub.internal", "stadium-ops.test",
           "harbourpark-arena.example", "clubos.internal", "northfield-athletics.example",
           "tixwave.test", "oddsline.internal", "broadcast-gfx.lan", "leaguedesk.example",
           "fitgrid.internal", "velodrome.lan", "marathon-ops.example", "courtside.test",
           "gymflow.example", "chiptime.internal", "fedreg.test", "scoreboard.lan"]
HOSTPARTS = ["timing", "chip", "results", "boxoffice", "tix", "gate", "turnstile",
             "wifi", "radius", "odds", "feed", "graphics", "cg", "league", "reg",
             "member", "crm", "pos", "kiosk", "scoreboard", "stats", "live", "ingest",
             "api", "portal", "sync", "accred", "media", "ob", "vizrt", "entries"]
DBHOSTPARTS = ["pg", "db", "mysql", "sql", "pgsql", "mariadb", "pg-primary", "db-replica"]
SVCUSERS = ["timing_app", "boxoffice", "svc_turnstile", "gate_ro", "results_rw",
            "odds_ingest", "member_sync", "pos_user", "reg_portal", "gfx_operator",
            "svc_strava", "svc_garmin", "wearables", "coach_app", "club_admin",
            "ticketing", "scanner", "deploy", "kiosk", "etl_runner", "feedbot",
            "steward_admin", "accred_svc", "league_api", "venue_ops"]
DBNAMES = ["results", "tickets", "clubdb", "members", "odds", "timing", "entries",
           "accreditation", "gates", "league", "workouts", "boxoffice", "fixtures"]
ORGS = ["stadiumco", "racehub", "harbour-park", "northfield-ath", "tixwave",
        "oddsline", "leaguedesk", "fitgrid-labs", "velodrome-ops", "courtside-io"]
SSIDS = ["HPA-Staff", "Northfield-Press", "Velodrome-Ops", "KGAC-Media", "Stadium-OB-Trucks",
         "RaceHQ", "FinishLine-Timing", "Turnstiles-Mgmt", "VIP-Lounge", "Club-Members",
         "Pressbox-5G", "Marathon-Expo", "Paddock-Net", "Kiosk-IoT"]
VENUES = ["Harbour Park Arena", "Northfield Stadium", "Riverside Velodrome",
          "Kingsgate Aquatic Centre", "Eastbay Ice Rink", "Summit Climbing Hall",
          "Lakeside Track", "Old Mill Cricket Ground", "Copper Valley Raceway",
          "Pinecrest Golf Club"]
EVENTS = ["City Marathon 2025", "Coastal Half", "Night 10K", "Alpine Trail Ultra",
          "Junior Cup Final", "Spring Triathlon", "Indoor Masters", "Derby Day",
          "Charity Fun Run", "Regional Swim Gala", "Harbour Criterium", "Winter Duathlon"]
TEAMS = ["Harbour Hawks", "Northfield Rovers", "Eastbay Ravens", "Copper Valley Comets",
         "Lakeside Lynx", "Kingsgate Kestrels", "Riverside Rapids", "Pinecrest Pumas"]
REGIONS = ["eu-west-1", "eu-west-2", "us-east-1", "eu-central-1", "ap-southeast-2", "us-west-2"]

PW_SYM = "!#%*-_+=.?@^~"
PWU_SYM = "-_.~"
PWY_SYM = "-_.!+^~"


def _cap(w):
    return w[0].upper() + w[1:]


def _w():
    return _c(WORDS)


def _pron(n):
    cons = "bdfgklmnprstvz"
    vow = "aeiou"
    return "".join(_c(cons) + _c(vow) for _ in range(n))


def _leet(s):
    return s.translate(str.maketrans({"a": "4", "e": "3", "o": "0", "i": "1", "s": "5"}))


def _pw_core(sym):
    k = _R.randrange(9)
    if k == 0:
        v = _cap(_w()) + _cap(_w()) + str(_R.randint(10, 9999)) + _c(sym)
    elif k == 1:
        v = _c("-_.").join(_w() for _ in range(3)) + str(_R.randint(1, 99))
    elif k == 2:
        v = _cap(_pron(_R.randint(3, 4))) + str(_R.randint(10, 99)) + _c(sym)
    elif k == 3:
        n = _R.randint(14, 22)
        v = _s(ALNUM, 2) + _s(ALNUM + sym, n - 4) + _c(sym) + _c(DIG)
    elif k == 4:
        v = _cap(_leet(_w() + _w())) + _c(sym) + str(_R.randint(1990, 2026))
    elif k == 5:
        v = _c(TEAMWORDS) + str(_R.randint(1960, 2026)) + _c(sym) + _c(sym)
    elif k == 6:
        v = _cap(_w()) + _c(sym) + str(_R.randint(100, 999)) + _c(sym) + _cap(_w())
    elif k == 7:
        v = _s(ALNUM, _R.randint(12, 18))
    else:
        v = _s(LOW, 1) + _s(ALNUM, 3) + _c(sym) + _s(ALNUM, 4) + _c(sym) + _s(ALNUM, 4)
    return v


def _pw_alnum_first(sym):
    v = _pw_core(sym)
    while not v[0].isalnum():
        v = _pw_core(sym)
    return v


def _psk():
    k = _R.randrange(5)
    if k == 0:
        return _cap(_w()) + "-" + _cap(_w()) + "-" + str(_R.randint(100, 9999))
    if k == 1:
        return _w() + _w() + _w() + str(_R.randint(1, 99))
    if k == 2:
        return _cap(_w()) + _cap(_w()) + str(_R.randint(2019, 2026)) + "!"
    if k == 3:
        return _s(LOW + DIG, _R.randint(12, 16))
    return _c(TEAMWORDS) + "_" + _pron(3) + str(_R.randint(10, 99))


def _phrase():
    return " ".join(_w() for _ in range(_R.randint(4, 5)))


def _pem_lines(prefix, nlines, last):
    body = prefix + _s(ALNUM + "+/", 64 - len(prefix))
    lines = [body] + [_s(ALNUM + "+/", 64) for _ in range(nlines - 1)]
    lines.append(_s(ALNUM + "+/", last) + ("=" if last % 4 == 3 else ""))
    return lines


def _rsabody():
    return "\n".join(_pem_lines("MIIEpAIBAAKCAQEA", _R.randint(8, 12), _R.randint(20, 60)))


def _ecbody():
    return "\n".join(_pem_lines("MHcCAQEEI", 1, 43))


def _pkcs8lines():
    return _pem_lines("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", _R.randint(7, 10), _R.randint(20, 60))


def _opensshlines():
    first = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
    lines = [first] + [_s(ALNUM + "+/", 70) for _ in range(_R.randint(3, 5))]
    lines.append(_s(ALNUM + "+/", 20) + "=")
    return lines


def _jwt(alg="HS256", claims=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg.startswith("RS"):
        hdr["kid"] = _s(_ALPH["hex"], 16)
    now = _R.randint(1717000000, 1767000000)
    pl = {"sub": _c(["athlete", "club", "svc", "user"]) + ":" + str(_R.randint(1000, 99999999)),
          "iat": now, "exp": now + _c([900, 3600, 86400]),
          "scope": _c(["read:results", "odds:stream", "tickets:write", "activity:read_all",
                       "gates:scan", "members:read"])}
    if claims:
        pl.update(claims)
    sig = _s(_ALPH["b64u"], 43 if alg.startswith("HS") else 342)
    return _b64url(json.dumps(hdr, separators=(",", ":"))) + "." + _b64url(json.dumps(pl, separators=(",", ":"))) + "." + sig


def _sasig():
    raw = _s(ALNUM + "+/", 43) + "="
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _sntrys():
    body = {"iat": float(_R.randint(1717000000, 1767000000)) + 0.5, "url": "https://sentry.io",
            "region_url": "https://de.sentry.io", "org": _c(ORGS)}
    return "sntrys_" + _b64url(json.dumps(body, separators=(",", ":"))) + "_" + _s(_ALPH["b64u"], 43)


def _discord():
    snow = str(_R.randint(10 ** 17, 10 ** 18 - 1))
    return _b64url(snow) + "." + _s(_ALPH["b64u"], 6) + "." + _s(_ALPH["b64u"], 38)


def _host():
    return "%s%s.%s" % (_c(HOSTPARTS), _c(["", "-01", "-02", "-prod", "-a", "-edge", "-3"]), _c(DOMAINS))


def _dbhost():
    return "%s-%s%s.%s" % (_c(["timing", "tix", "club", "odds", "league", "gates", "results"]),
                           _c(DBHOSTPARTS), _c(["", "-1", "-02"]), _c(DOMAINS))


G = {
    # ---- context
    "host": _host,
    "dbhost": _dbhost,
    "domain": lambda: _c(DOMAINS),
    "ip": lambda: "10.%d.%d.%d" % (_R.randint(0, 60), _R.randint(0, 254), _R.randint(2, 250)),
    "pubip": lambda: "203.0.113.%d" % _R.randint(2, 250),
    "ipdash": lambda: "54-%d-%d-%d" % (_R.randint(1, 254), _R.randint(1, 254), _R.randint(1, 254)),
    "org": lambda: _c(ORGS),
    "bucket": lambda: _c(["finish-photos", "race-exports", "tix-reports", "gfx-assets",
                          "member-backups", "odds-archive", "accred-badges"]) + "-" + _s(LOW + DIG, 4),
    "user": lambda: _c(SVCUSERS),
    "dbuser": lambda: _c(SVCUSERS),
    "db": lambda: _c(DBNAMES),
    "person": lambda: _c(PEOPLE),
    "email": lambda: "%s.%s@%s" % (_c(PEOPLE).lower(), _c(["ops", "it", "timing", "tix", "admin"]), _c(DOMAINS)),
    "ssid": lambda: _c(SSIDS),
    "venue": lambda: _c(VENUES),
    "event": lambda: _c(EVENTS),
    "team": lambda: _c(TEAMS),
    "region": lambda: _c(REGIONS),
    "date": lambda: "2025-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28)),
    "date8": lambda: "2025%02d%02d" % (_R.randint(1, 12), _R.randint(1, 28)),
    "time": lambda: "%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59)),
    "ts": lambda: "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (_R.randint(1, 12), _R.randint(1, 28), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999)),
    "tsl": lambda: "2025-%02d-%02d %02d:%02d:%02d,%03d" % (_R.randint(1, 12), _R.randint(1, 28), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999)),
    "clf": lambda: "%02d/%s/2025:%02d:%02d:%02d +0000" % (_R.randint(1, 28), _c(["Mar", "Apr", "May", "Jun", "Sep", "Oct"]), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59)),
    "epoch": lambda: str(_R.randint(1717000000, 1767000000)),
    "ver": lambda: "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 30), _R.randint(0, 40)),
    "int": lambda: str(_R.randint(100, 99999)),
    "small": lambda: str(_R.randint(2, 60)),
    "bib": lambda: str(_R.randint(1, 25000)),
    "sha7": lambda: _s(_ALPH["hex"], 7),
    "uuid": _uuid4,
    "port": lambda: str(_c([5432, 3306, 6379, 8443, 9443, 1883, 8883, 5672, 27017])),
    "ticket": lambda: "%s-%d" % (_c(["OPS", "TIX", "RACE", "GATE", "FEED", "GFX", "REG"]), _R.randint(100, 4999)),
    # ---- passwords and human secrets
    "pw": lambda: _pw_core(PW_SYM),
    "pwu": lambda: _pw_alnum_first(PWU_SYM),
    "pwy": lambda: _pw_alnum_first(PWY_SYM),
    "pwx": lambda: _pw_alnum_first(PWY_SYM),
    "psk": _psk,
    "phrase": _phrase,
    "radsecret": lambda: _c([_s(ALNUM, _R.randint(16, 24)), _cap(_w()) + _c("-_") + _cap(_w()) + str(_R.randint(10, 99))]),
    "snmpcomm": lambda: _w() + _c(["-", "_", ""]) + _s(LOW + DIG, 6),
    "pin": lambda: str(_R.randint(100000, 99999999)),
    "djkey": lambda: _s(LOW + DIG + "!@#$%^&*(-_=+)", 50),
    # ---- keys
    "rsabody": _rsabody,
    "ecbody": _ecbody,
    "pkcs8body": lambda: "\n".join(_pkcs8lines()),
    "pkcs8esc": lambda: "\\n".join(_pkcs8lines()),
    "opensshbody": lambda: "\n".join(_opensshlines()),
    "opensshind": lambda: "\n  ".join(_opensshlines()),
    "wgkey": lambda: _s(ALNUM + "+/", 42) + _c("AEIMQUYcgkosw048") + "=",
    "unseal": lambda: _s(ALNUM + "+/", 43) + "=",
    "azkey": lambda: _s(ALNUM + "+/", 86) + "==",
    "sasig": _sasig,
    "jwt": lambda: _jwt(),
    "jwtrs": lambda: _jwt("RS256"),
    "k8stoken": lambda: _jwt("RS256", {"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": _c(["ticketing", "feeds", "gates", "timing"])}),
    # ---- vendor tokens (real prefixes where known, invented otherwise)
    "ghp": lambda: "ghp_" + _s(ALNUM, 36),
    "gho": lambda: "gho_" + _s(ALNUM, 36),
    "ghs": lambda: "ghs_" + _s(ALNUM, 36),
    "ghu": lambda: "ghu_" + _s(ALNUM, 36),
    "ghr": lambda: "ghr_" + _s(ALNUM, 36),
    "ghpat": lambda: "github_pat_11" + _s(UP + DIG, 20) + "_" + _s(ALNUM, 59),
    "glpat": lambda: "glpat-" + _s(ALNUM + "-_", 20),
    "glcbt": lambda: "glcbt-64_" + _s(ALNUM + "-_", 20),
    "glptt": lambda: "glptt-" + _s(_ALPH["hex"], 40),
    "glrt": lambda: "glrt-" + _s(ALNUM + "-_", 20),
    "xoxb": lambda: "xoxb-%d-%d-%s" % (_R.randint(10 ** 10, 10 ** 12), _R.randint(10 ** 12, 10 ** 13), _s(ALNUM, 24)),
    "xoxp": lambda: "xoxp-%d-%d-%d-%s" % (_R.randint(10 ** 10, 10 ** 12), _R.randint(10 ** 10, 10 ** 12), _R.randint(10 ** 12, 10 ** 13), _s(_ALPH["hex"], 32)),
    "xapp": lambda: "xapp-1-A%s-%d-%s" % (_s(UP + DIG, 10), _R.randint(10 ** 12, 10 ** 13), _s(_ALPH["hex"], 64)),
    "sk_live": lambda: "sk_live_" + _c([_s(ALNUM, 24), "51" + _s(ALNUM, 97)]),
    "rk_live": lambda: "rk_live_" + _c([_s(ALNUM, 24), "51" + _s(ALNUM, 97)]),
    "whsec": lambda: "whsec_" + _s(ALNUM, 32),
    "akia": lambda: "AKIA" + _s(_ALPH["base32"], 16),
    "asia": lambda: "ASIA" + _s(_ALPH["base32"], 16),
    "awssecret": lambda: _s(ALNUM + "+/", 40),
    "awssession": lambda: "IQoJb3JpZ2luX2VjE" + _s(ALNUM + "+/", 260) + "==",
    "aiza": lambda: "AIza" + _s(ALNUM + "-_", 35),
    "sendgrid": lambda: "SG." + _s(ALNUM + "-_", 22) + "." + _s(ALNUM + "-_", 43),
    "mailgun": lambda: "key-" + _s(_ALPH["hex"], 32),
    "npm": lambda: "npm_" + _s(ALNUM, 36),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmcCJ" + _s(ALNUM + "-_", 130),
    "dckr": lambda: "dckr_pat_" + _s(ALNUM + "-_", 27),
    "openai": lambda: "sk-proj-" + _s(ALNUM + "-_", 58) + "T3BlbkFJ" + _s(ALNUM + "-_", 58),
    "anthropic": lambda: "sk-ant-api03-" + _s(ALNUM + "-_", 93) + "AA",
    "hf": lambda: "hf_" + _s(LOW + UP, 34),
    "discord": _discord,
    "telegram": lambda: "%d:AA%s" % (_R.randint(10 ** 9, 8 * 10 ** 9), _s(ALNUM + "-_", 33)),
    "shpat": lambda: "shpat_" + _s(_ALPH["hex"], 32),
    "shpss": lambda: "shpss_" + _s(_ALPH["hex"], 32),
    "nrak": lambda: "NRAK-" + _s(UP + DIG, 27),
    "sntrys": _sntrys,
    "square": lambda: "EAAA" + _s(ALNUM + "-_", 60),
    "mapboxsk": lambda: "sk." + _b64url('{"u":"%s","a":"%s"}' % (_c(ORGS), _s(LOW + DIG, 25))) + "." + _s(ALNUM + "-_", 22),
    "hvs": lambda: "hvs." + _c([_s(ALNUM, 24), "CAESI" + _s(ALNUM + "-_", 86)]),
    "tfc": lambda: _s(ALNUM, 14) + ".atlasv1." + _s(ALNUM, 67),
    "pulumi": lambda: "pul-" + _s(_ALPH["hex"], 40),
    "doppler": lambda: "dp.st.prd." + _s(ALNUM, 40),
    "pmak": lambda: "PMAK-" + _s(_ALPH["hex"], 24) + "-" + _s(_ALPH["hex"], 34),
    "glsa": lambda: "glsa_" + _s(ALNUM, 32) + "_" + _s(_ALPH["hex"], 8),
    "figd": lambda: "figd_" + _s(ALNUM + "-_", 40),
    "agekey": lambda: "AGE-SECRET-KEY-1" + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
    "tskey": lambda: "tskey-auth-k" + _s(ALNUM, 11) + "CNTRL-" + _s(ALNUM, 33),
    "dop": lambda: "dop_v1_" + _s(_ALPH["hex"], 64),
    "linear": lambda: "lin_api_" + _s(ALNUM, 40),
    "notion": lambda: "ntn_" + _s(DIG, 11) + _s(ALNUM, 35),
    "airtable": lambda: "pat" + _s(ALNUM, 14) + "." + _s(_ALPH["hex"], 64),
    "atlassian": lambda: "ATATT3xFfGF0" + _s(ALNUM + "-_", 180) + "=" + _s(_ALPH["HEX"], 8),
    "cftoken": lambda: _s(ALNUM + "-_", 40),
    "influx": lambda: _s(ALNUM + "-_", 86) + "==",
    "squ": lambda: "squ_" + _s(_ALPH["hex"], 40),
    "cio": lambda: "cio" + _s(ALNUM, 32),
    "oy2": lambda: "oy2" + _s(LOW + DIG, 43),
    "rubygems": lambda: "rubygems_" + _s(_ALPH["hex"], 48),
    "sanity": lambda: "sk" + _s(ALNUM, 80),
    "okta": lambda: "00" + _s(ALNUM + "-_", 40),
    "hubspot": lambda: "pat-na1-" + _uuid4(),
    "sbp": lambda: "sbp_" + _s(_ALPH["hex"], 40),
    "pscale": lambda: "pscale_pw_" + _s(ALNUM + "-_", 43),
    "cfpat": lambda: "CFPAT-" + _s(ALNUM + "-_", 43),
    "replicate": lambda: "r8_" + _s(ALNUM, 37),
    "resend": lambda: "re_" + _s(ALNUM, 8) + "_" + _s(ALNUM, 24),
    "ldsdk": lambda: "sdk-" + _uuid4(),
    "ldapi": lambda: "api-" + _uuid4(),
    "braintree": lambda: "access_token$production$" + _s(LOW + DIG, 16) + "$" + _s(_ALPH["hex"], 32),
    "paypalsec": lambda: "E" + _s(ALNUM + "-_", 79),
    "adyen": lambda: "AQE" + _s(ALNUM, 4) + "mfxL" + _s(ALNUM + "+/", 90) + "=",
    "mailchimp": lambda: _s(_ALPH["hex"], 32) + "-us" + str(_R.randint(2, 21)),
    "twitchkey": lambda: "live_%d_%s" % (_R.randint(10 ** 8, 10 ** 9), _s(ALNUM, 30)),
    "ytkey": lambda: "-".join(_s(LOW + DIG, 4) for _ in range(5)),
    "fbkey": lambda: "FB-%d-0-%s" % (_R.randint(10 ** 14, 10 ** 15), _s(ALNUM + "-_", 26)),
    "betfair_sess": lambda: _s(ALNUM + "+/", 43) + "=",
    "firebase_fcm": lambda: "AAAA" + _s(ALNUM + "-_", 7) + ":APA91b" + _s(ALNUM + "-_", 134),
    "intercom": lambda: _b64("tok:%s:1:0" % _uuid4().replace("-", "_")),
    "polar": _uuid4,
    "whoopsec": lambda: _s(_ALPH["hex"], 64),
    "tix_key": lambda: "tixk_live_" + _s(ALNUM, 32),
    "fedreg": lambda: "fedreg_sk_" + _s(ALNUM, 40),
    "chronotrack": lambda: "ct_live_" + _s(ALNUM + "-_", 32),
    "rrkey": lambda: "rr_" + _s(UP + DIG, 8) + "_" + _s(ALNUM, 28),
    "vizrt": lambda: "vzk-" + _s(_ALPH["hex"], 8) + "-" + _s(_ALPH["hex"], 24),
    "emailenc": lambda: "%s%%40%s" % (_c(PEOPLE).lower(), _c(DOMAINS)),
}


def _gen(name):
    if name in G:
        return G[name]()
    m = _PARAM.match(name)
    if m:
        return _s(_ALPH[m.group(1)], int(m.group(2)))
    base = re.sub(r"_[A-Za-z0-9]+$", "", name)
    if base != name:
        return _gen(base)
    raise KeyError("no generator for %r" % name)


class _Vals(dict):
    def __init__(self, derive):
        dict.__init__(self)
        self.derive = derive or {}

    def __missing__(self, k):
        v = self.derive[k](self) if k in self.derive else _gen(k)
        self[k] = v
        return v


_TEMPLATES = dict((g, []) for g in GROUPS)
_BTEMPLATES = []


def S(group, fmt, text, secret, visible="", derive=None):
    """Register a secret-bearing template; §name§ placeholders are filled from G."""
    _TEMPLATES[group].append((fmt, text.strip("\n"), secret, visible, derive))


def B(text, derive=None):
    """Register a benign template."""
    _BTEMPLATES.append((text.strip("\n"), derive))


# shared derivations
def _basic(u, p):
    return lambda v: _b64(v[u] + ":" + v[p])


# =====================================================================
# group: command  -- shell commands the agent ran or was about to run
# =====================================================================
_g = "command"
S(_g, "psql-uri-with-password", """psql "postgresql://§dbuser§:§pwu§@§dbhost§:5432/§db§?sslmode=require" -c 'select count(*) from bib_assignments;'""", "pwu", "§dbhost§".strip("§"))
S(_g, "pgpassword-env-prefix", "PGPASSWORD='§pw§' psql -h §dbhost§ -U §dbuser§ -d §db§ -f migrations/0042_split_heats.sql", "pw", "dbhost")
S(_g, "mysql-p-attached-quoted", """mysql -h §dbhost§ -u §dbuser§ -p'§pw§' tickets -e "SELECT COUNT(*) FROM seat_holds WHERE expires_at < NOW();\"""", "pw", "dbhost")
S(_g, "mysqldump-password-long-flag", "mysqldump --host=§dbhost§ --user=§dbuser§ --password=§pwu§ --single-transaction clubdb members > /tmp/members_§date§.sql", "pwu", "mysqldump --host=")
S(_g, "redis-cli-a-flag", "redis-cli -h §host§ -p 6380 --tls -a '§pw§' --no-auth-warning XLEN lap_events", "pw", "host")
S(_g, "mongosh-srv-uri", """mongosh "mongodb+srv://§dbuser§:§pwu§@cluster0.§lower5§.mongodb.net/workouts?retryWrites=true&w=majority" --eval 'db.sessions.countDocuments()'""", "pwu", "dbuser")
S(_g, "curl-basic-u-flag", "curl -sS -u §user§:§pwu§ https://§host§/api/v2/events/§int§/results.csv -o results.csv", "pwu", "host")
S(_g, "curl-bearer-strava-activities", """curl -s -H "Authorization: Bearer §hex40§" "https://www.strava.com/api/v3/athlete/activities?per_page=50&page=1" | jq length""", "hex40", "www.strava.com/api/v3/athlete/activities")
S(_g, "curl-x-api-key-sports-feed", """curl -s "https://api.sportsfeed.example/soccer/v4/en/schedules/live/summaries.json" -H "x-api-key: §alnum32§" | jq '.summaries | length'""", "alnum32", "jq '.summaries | length'")
S(_g, "curl-query-apikey-odds", """curl -s "https://api.§domain§/v4/sports/soccer_epl/odds?regions=uk&markets=h2h,totals&oddsFormat=decimal&apiKey=§hex32§" > odds_snapshot.json""", "hex32", "soccer_epl/odds")
S(_g, "docker-login-password-stdin-echo", "echo '§dckr§' | docker login -u §user§ --password-stdin", "dckr", "docker login -u")
S(_g, "docker-run-env-flag-token", "docker run -d --name gate-sync --restart unless-stopped -e TURNSTILE_API_KEY=§alnum40§ -e GATE_ZONE=north ghcr.io/§org§/gate-sync:§ver§", "alnum40", "gate-sync")
S(_g, "kubectl-create-secret-from-literal", "kubectl -n ticketing create secret generic boxoffice-db --from-literal=username=§dbuser§ --from-literal=password='§pw§' --dry-run=client -o yaml | kubectl apply -f -", "pw", "boxoffice-db")
S(_g, "git-clone-oauth2-gitlab-token", "git clone https://oauth2:§glpat§@gitlab.§domain§/timing/chip-reader-bridge.git ~/src/chip-reader-bridge", "glpat", "chip-reader-bridge.git")
S(_g, "git-remote-set-url-pat", "git remote set-url origin https://§ghp§@github.com/§org§/league-portal.git && git push origin fix/u13-age-cutoff", "ghp", "league-portal.git")
S(_g, "export-consumer-key-and-secret", """export GARMIN_CONSUMER_KEY=§uuid§
export GARMIN_CONSUMER_SECRET=§alnum30§
python -m wearables.garmin.backfill --days 14""", "alnum30", "python -m wearables.garmin.backfill")
S(_g, "sshpass-p-inline", "sshpass -p '§pw§' ssh -o StrictHostKeyChecking=no §user§@§ip§ 'sudo systemctl restart chipreader'", "pw", "ip")
S(_g, "smbclient-domain-user-percent-pass", "smbclient //§host§/results -U 'TIMING\\§user§%§pwy§' -c 'cd finish; get finish_line.csv'", "pwy", "host")
S(_g, "mount-cifs-password-option", "sudo mount -t cifs //§ip§/scoreboard /mnt/sb -o username=§user§,password=§pwu§,vers=3.0,uid=1000", "pwu", "/mnt/sb")
S(_g, "wpa-passphrase-tee", """wpa_passphrase "§ssid§" '§psk§' | sudo tee /etc/wpa_supplicant/wpa_supplicant-wlan0.conf""", "psk", "ssid")
S(_g, "nmcli-wifi-connect-password", """nmcli dev wifi connect "§ssid§" password "§psk§" ifname wlan1""", "psk", "ssid")
S(_g, "htpasswd-batch-create", "sudo htpasswd -b -c /etc/nginx/.htpasswd_results §user§ '§pw§'", "pw", "/etc/nginx/.htpasswd_results")
S(_g, "openssl-pkcs12-passout-pass", "openssl pkcs12 -export -in gate.crt -inkey gate.key -certfile chain.pem -out gate.p12 -passout pass:§pwu§", "pwu", "gate.p12")
S(_g, "keytool-storepass-flag", "keytool -importcert -alias odds-feed -file feed-ca.pem -keystore truststore.jks -storepass §pwu§ -noprompt", "pwu", "truststore.jks")
S(_g, "aws-configure-set-secret-key", "aws configure set aws_secret_access_key §awssecret§ --profile tix-prod", "awssecret", "--profile tix-prod")
S(_g, "aws-inline-env-credentials", "AWS_ACCESS_KEY_ID=§akia§ AWS_SECRET_ACCESS_KEY=§awssecret§ aws s3 sync ./photos s3://§bucket§/finish/ --size-only", "awssecret", "bucket")
S(_g, "gh-auth-login-herestring", """gh auth login --hostname github.com --with-token <<< "§ghp§\"""", "ghp", "gh auth login")
S(_g, "npm-config-set-authtoken", "npm config set //registry.npmjs.org/:_authToken §npm§", "npm", "npm config set")
S(_g, "twine-upload-token-password", "twine upload -u __token__ -p §pypi§ dist/racetiming_utils-§ver§*", "pypi", "twine upload")
S(_g, "stripe-cli-listen-api-key", "stripe listen --api-key §sk_live§ --forward-to localhost:4242/webhooks/boxoffice", "sk_live", "localhost:4242/webhooks/boxoffice")
S(_g, "heroku-config-set-token", "heroku config:set EVENTBRITE_PRIVATE_TOKEN=§upper20§ -a club-signup-prod", "upper20", "club-signup-prod")
S(_g, "fly-secrets-set", "fly secrets set WHOOP_CLIENT_SECRET=§whoopsec§ -a recovery-sync", "whoopsec", "recovery-sync")
S(_g, "printf-pipe-vercel-env-add", "printf '%s' '§alnum32§' | vercel env add TICKETMASTER_API_KEY production", "alnum32", "vercel env add TICKETMASTER_API_KEY")
S(_g, "gcloud-secrets-versions-add-stdin", """echo -n "§pwu§" | gcloud secrets versions add venue-wifi-radius --data-file=-""", "pwu", "venue-wifi-radius")
S(_g, "vault-kv-put-inline", "vault kv put secret/turnstiles/north-stand controller_user=installer controller_password='§pw§'", "pw", "secret/turnstiles/north-stand")
S(_g, "influx-query-token-flag", """influx query 'from(bucket:"hr_zones") |> range(start:-1h)' --org fitgrid --token §influx§""", "influx", "hr_zones")
S(_g, "mosquitto-pub-capital-p", """mosquitto_pub -h §host§ -p 8883 --cafile ca.pem -u chipreader -P '§pw§' -t timing/mat/finish -m '{"bib":§bib§,"t":"02:41:17.3"}'""", "pw", "timing/mat/finish")
S(_g, "lftp-user-comma-pass", """lftp -u §user§,'§pw§' sftp://§host§ -e "mirror -R ./results /incoming/§date§; bye\"""", "pw", "host")
S(_g, "rsync-password-env", "RSYNC_PASSWORD=§pwu§ rsync -av rsync://gfx@§host§/templates/ ./vizrt-templates/", "pwu", "./vizrt-templates/")
S(_g, "ldapsearch-w-bindpw", """ldapsearch -x -H ldaps://§host§ -D "cn=svc-gate,ou=svc,dc=stadium,dc=example" -w '§pw§' -b "ou=staff,dc=stadium,dc=example" "(memberOf=cn=stewards*)" mail""", "pw", "cn=svc-gate,ou=svc,dc=stadium,dc=example")
S(_g, "sqlcmd-sa-password", """sqlcmd -S §host§,1433 -U sa -P '§pw§' -Q "SELECT TOP 10 * FROM dbo.TurnstileEvents ORDER BY ts DESC\"""", "pw", "dbo.TurnstileEvents")
S(_g, "snmpwalk-v2c-community", "snmpwalk -v2c -c §snmpcomm§ §ip§ 1.3.6.1.2.1.2.2.1.8", "snmpcomm", "1.3.6.1.2.1.2.2.1.8")
S(_g, "snmpget-v3-priv-passphrase", "snmpget -v3 -l authPriv -u monitor -a SHA -A '§pw_a§' -x AES -X '§pw§' §ip§ sysUpTime.0", "pw", "sysUpTime.0")
S(_g, "ipmitool-lanplus-password", "ipmitool -I lanplus -H §ip§ -U ADMIN -P '§pw§' chassis power cycle", "pw", "chassis power cycle")
S(_g, "rabbitmqctl-add-user", """rabbitmqctl add_user odds_ingest '§pw§' && rabbitmqctl set_permissions -p /feeds odds_ingest ".*" ".*" ".*\"""", "pw", "odds_ingest")
S(_g, "psql-c-alter-role-password", """psql -h §dbhost§ -U postgres -c "ALTER ROLE results_rw WITH PASSWORD '§pwy§';\"""", "pwy", "results_rw")
S(_g, "mysql-e-create-user-identified-by", """mysql -uroot -e "CREATE USER 'turnstile'@'10.%' IDENTIFIED BY '§pwy§'; GRANT INSERT ON gates.* TO 'turnstile'@'10.%';\"""", "pwy", "GRANT INSERT ON gates.*")
S(_g, "curl-json-login-body", """curl -s -X POST https://§host§/api/auth/login -H 'Content-Type: application/json' -d '{"username":"§email§","password":"§pw§"}' | jq -r .token""", "pw", "email")
S(_g, "curl-form-oauth-client-secret", "curl -X POST https://www.strava.com/oauth/token -F client_id=§digits6§ -F client_secret=§hex40§ -F code=§hex40_c§ -F grant_type=authorization_code", "hex40", "https://www.strava.com/oauth/token")
S(_g, "httpie-auth-flag", "http -a §user§:§pwu§ GET https://§host§/clubs/§int§/members page==2", "pwu", "host")
S(_g, "wget-http-password", "wget --http-user=§user§ --http-password='§pw§' https://§host§/exports/season_passes.xlsx", "pw", "season_passes.xlsx")
S(_g, "xfreerdp-slash-p", "xfreerdp /v:§ip§ /u:BOXOFFICE\\§user§ /p:'§pw§' /cert:ignore /dynamic-resolution", "pw", "ip")
S(_g, "net-use-positional-password", "net use Z: \\\\§host§\\gfx /user:BROADCAST\\§user§ §pwu§ /persistent:no", "pwu", "host")
S(_g, "powershell-convertto-securestring", """$pw = ConvertTo-SecureString '§pw§' -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential('STADIUM\\§user§', $pw); Enter-PSSession -ComputerName §host§ -Credential $cred""", "pw", "Enter-PSSession")
S(_g, "terraform-apply-var-password", "terraform apply -var 'ticketing_db_password=§pwy§' -var-file=prod.tfvars -auto-approve", "pwy", "prod.tfvars")
S(_g, "helm-upgrade-set-password", "helm upgrade --install odds-api ./charts/odds-api -n feeds --set secrets.betfairUser=§user§ --set secrets.betfairPassword='§pw§'", "pw", "./charts/odds-api")
S(_g, "ansible-playbook-extra-vars-become", """ansible-playbook site.yml -l turnstiles -e "ansible_become_pass=§pwu§" --tags firmware""", "pwu", "site.yml")
S(_g, "sqlplus-user-slash-pass", "sqlplus §user§/§pwu§@//§host§:1521/MEMBERS @reports/renewals.sql", "pwu", "host")
S(_g, "influx-v1-cli-password", "influx -host §host§ -ssl -username grafana -password '§pw§' -database laps -execute 'SHOW MEASUREMENTS'", "pw", "-database laps")
S(_g, "curl-client-cert-pass", "curl --cert client.pem --key client.key --pass '§pw§' https://§host§/feed/v1/fixtures?season=2025", "pw", "/feed/v1/fixtures")
S(_g, "zip-encrypt-capital-p-flag", "zip -P '§pw§' -r accreditation_photos_§date§.zip ./accred/2025/", "pw", "./accred/2025/")
S(_g, "7z-extract-p-attached", "7z x results_archive.7z -p§pwu§ -o./restore -y", "pwu", "results_archive.7z")
S(_g, "gpg-batch-passphrase", "gpg --batch --pinentry-mode loopback --passphrase '§phrase§' -d chip_map.csv.gpg > chip_map.csv", "phrase", "chip_map.csv.gpg")
S(_g, "ssh-keygen-new-key-passphrase-flag", "ssh-keygen -t ed25519 -C timing-deploy -N '§pw§' -f ~/.ssh/timing_deploy", "pw", "~/.ssh/timing_deploy")
S(_g, "twilio-auth-token-env-prefix", """TWILIO_ACCOUNT_SID=AC§hex32_s§ TWILIO_AUTH_TOKEN=§hex32§ twilio api:core:messages:create --from "+15550100" --to "+15550142" --body "Gate C reopening in 5 min\"""", "hex32", "twilio api:core:messages:create")
S(_g, "python-c-requests-header", """python3 -c "import requests;print(requests.get('https://§host§/v1/athletes', headers={'X-Api-Key':'§alnum40§'}).status_code)\"""", "alnum40", "host")
S(_g, "sed-inplace-env-password", "sed -i 's/^DB_PASSWORD=.*/DB_PASSWORD=§pwu§/' /opt/boxoffice/.env && systemctl restart boxoffice", "pwu", "/opt/boxoffice/.env")
S(_g, "compose-up-inline-env", "TICKETING_DB_PASS=§pwu§ docker compose -f compose.prod.yml up -d boxoffice", "pwu", "compose.prod.yml")
S(_g, "celery-flower-basic-auth", "celery -A club flower --basic_auth=admin:§pwu§ --port=5555", "pwu", "celery -A club flower")
S(_g, "grpcurl-bearer-jwt", "grpcurl -H 'authorization: Bearer §jwt§' §host§:443 feeds.v1.LiveOdds/Subscribe", "jwt", "feeds.v1.LiveOdds/Subscribe")
S(_g, "mongo-shell-auth-call", """mongosh --host §host§ --eval "db.getSiblingDB('admin').auth('§user§', '§pw§'); db.getSiblingDB('workouts').stats()\"""", "pw", "getSiblingDB('workouts')")
S(_g, "radtest-user-password-secret", "radtest §user§ §pwu§ §ip§ 0 §radsecret§", "pwu", "radtest")
S(_g, "docker-exec-mysql-root", "docker exec -it tix-mysql mysql -uroot -p§pwu§ -e 'SHOW PROCESSLIST'", "pwu", "tix-mysql")
S(_g, "redis-cli-uri-user-pass", "redis-cli -u redis://default:§pwu§@§host§:6379/2 KEYS 'seat:hold:*'", "pwu", "seat:hold:*")
S(_g, "pg-dump-connection-uri", """pg_dump "postgres://§dbuser§:§pwu§@§dbhost§/§db§" --schema=public -Fc -f /backups/§db§_§date8§.dump""", "pwu", "pg_dump")
S(_g, "curl-cookie-session-flag", "curl -s -b 'club_session=§b64u48§; locale=en-GB' https://§host§/admin/members/export?format=csv -o members.csv", "b64u48", "members.csv")
S(_g, "wrangler-secret-put-echo", """echo "§alnum40§" | npx wrangler secret put ODDS_UPSTREAM_TOKEN --env production""", "alnum40", "ODDS_UPSTREAM_TOKEN")
S(_g, "curl-odds-basic-header-literal", """curl -s -H "Authorization: Basic §basic§" "https://api.§domain§/v3/odds?sportId=29&since=0\"""", "basic", "sportId=29", {"basic": _basic("user", "pwu")})

# =====================================================================
# group: tool-output  -- what a command printed back to the agent
# =====================================================================
_g = "tool-output"
S(_g, "env-grep-strava-block", """$ env | grep -i strava
STRAVA_CLIENT_ID=§digits6§
STRAVA_CLIENT_SECRET=§hex40§
STRAVA_REDIRECT_URI=https://§host§/oauth/strava/callback""", "hex40", "STRAVA_REDIRECT_URI")
S(_g, "printenv-single-value-no-label", """$ printenv POLAR_ACCESSLINK_SECRET
§polar§""", "polar", "printenv POLAR_ACCESSLINK_SECRET")
S(_g, "docker-inspect-env-array", """        "Env": [
            "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",
            "ODDS_FEED_TOKEN=§alnum48§",
            "TZ=Europe/London",
            "PYTHONUNBUFFERED=1"
        ],""", "alnum48", "TZ=Europe/London")
S(_g, "kubectl-get-secret-yaml-data", """$ kubectl -n ticketing get secret boxoffice-db -o yaml
apiVersion: v1
data:
  password: §b64pw§
  username: §b64user§
kind: Secret
metadata:
  name: boxoffice-db
  namespace: ticketing
type: Opaque""", "b64pw", "boxoffice-db", {"b64pw": lambda v: _b64(v["pwy"]), "b64user": lambda v: _b64(v["dbuser"])})
S(_g, "jsonpath-base64-decoded-value", """$ kubectl get secret radius-shared -n wifi -o jsonpath='{.data.secret}' | base64 -d
§radsecret§""", "radsecret", "radius-shared")
S(_g, "git-config-list-remote-with-token", """$ git config --list --show-origin | grep url
file:.git/config        remote.origin.url=https://§user§:§ghp§@github.com/§org§/race-results.git
file:.git/config        branch.main.remote=origin""", "ghp", "race-results.git")
S(_g, "cat-netrc-machine-block", """$ cat ~/.netrc
machine §host§
  login §user§
  password §pw§
machine api.github.com
  login ci-bot""", "pw", "host")
S(_g, "aws-sts-assume-role-json", """{
    "Credentials": {
        "AccessKeyId": "§asia§",
        "SecretAccessKey": "§awssecret§",
        "SessionToken": "§awssession§",
        "Expiration": "§ts§"
    },
    "AssumedRoleUser": {
        "Arn": "arn:aws:sts::§digits12§:assumed-role/tix-deployer/agent"
    }
}""", "awssecret", "tix-deployer")
S(_g, "terraform-output-raw-password", """$ terraform output -raw gate_api_admin_password
§pw§""", "pw", "terraform output -raw gate_api_admin_password")
S(_g, "heroku-config-vars-database-url", """=== club-signup-prod Config Vars
DATABASE_URL:         postgres://§lower14§:§hex64§@ec2-§ipdash§.eu-west-1.compute.amazonaws.com:5432/§lower14_d§
PAPERTRAIL_API_TOKEN: §alnum20§
WEB_CONCURRENCY:      2""", "hex64", "club-signup-prod")
S(_g, "pip-config-list-extra-index", """$ pip config list
global.extra-index-url='https://__token__:§glpat§@gitlab.§domain§/api/v4/projects/311/packages/pypi/simple'
global.timeout='60'""", "glpat", "pip config list")
S(_g, "docker-config-json-auth-field", """$ cat ~/.docker/config.json
{
  "auths": {
    "registry.§domain§": {
      "auth": "§basic§"
    }
  },
  "currentContext": "default"
}""", "basic", "currentContext", {"basic": _basic("user", "pw")})
S(_g, "netsh-wlan-key-clear", """$ netsh wlan show profile name="§ssid§" key=clear
Security settings
-----------------
    Authentication         : WPA2-Personal
    Cipher                 : CCMP
    Security key           : Present
    Key Content            : §psk§""", "psk", "WPA2-Personal")
S(_g, "nmcli-show-secrets-psk", """$ nmcli --show-secrets connection show "§ssid§" | grep psk
802-11-wireless-security.psk:           §psk§
802-11-wireless-security.psk-flags:     0 (none)""", "psk", "psk-flags")
S(_g, "mysql-select-plaintext-password-row", """mysql> SELECT id, email, api_password FROM legacy_partner_accounts LIMIT 3;
+----+------------------------------+------------------+
| id | email                        | api_password     |
+----+------------------------------+------------------+
| 17 | §email§ | §pwy§ |
+----+------------------------------+------------------+""", "pwy", "legacy_partner_accounts")
S(_g, "redis-config-get-requirepass", """127.0.0.1:6379> CONFIG GET requirepass
1) "requirepass"
2) "§pwy§\"""", "pwy", "CONFIG GET requirepass")
S(_g, "gh-auth-token-output", """$ gh auth token
§gho§""", "gho", "gh auth token")
S(_g, "jenkins-script-console-decrypt", """println(hudson.util.Secret.decrypt("{AQAAABAAAAAQ§b64_44§}"))
Result: §pw§""", "pw", "hudson.util.Secret.decrypt")
S(_g, "grep-n-settings-hit", """$ grep -rn "GARMIN_" config/
config/settings_prod.py:41:GARMIN_CONSUMER_SECRET = "§alnum32§"
config/settings_prod.py:42:GARMIN_CALLBACK = "https://§host§/garmin/cb\"""", "alnum32", "config/settings_prod.py:41")
S(_g, "strava-token-exchange-response", """{"token_type":"Bearer","expires_at":§epoch§,"expires_in":21600,"refresh_token":"§hex40§","access_token":"§hex40_a§","athlete":{"id":§digits8§,"username":"§person§_runs"}}""", "hex40", "token_type")
S(_g, "ansible-vault-view-output", """$ ansible-vault view group_vars/turnstiles/vault.yml
vault_controller_user: installer
vault_controller_password: §pwy§
vault_snmp_location: north-stand""", "pwy", "group_vars/turnstiles/vault.yml")
S(_g, "sops-decrypt-yaml-output", """$ sops -d secrets/odds.enc.yaml
betfair:
    app_key: §alnum16§
    username: §user§
    password: §pwy§""", "pwy", "sops -d secrets/odds.enc.yaml")
S(_g, "curl-verbose-request-auth-header", """> GET /v3/events/§int§/attendees/?status=attending HTTP/2
> Host: www.eventbriteapi.example
> user-agent: curl/8.5.0
> accept: */*
> authorization: Bearer §upper20§
>
< HTTP/2 200""", "upper20", "www.eventbriteapi.example")
S(_g, "http-response-set-cookie-session", """HTTP/1.1 200 OK
Server: nginx
Content-Type: text/html; charset=utf-8
Set-Cookie: club_session=§b64u64§; Path=/; HttpOnly; Secure; SameSite=Lax""", "b64u64", "Content-Type: text/html")
S(_g, "devtools-copy-as-curl-cookie", """curl 'https://§host§/api/basket' -H 'accept: application/json' -H 'cookie: _ga=GA1.1.§digits9§.§digits10§; tix_sid=§alnum32§; consent=1' --compressed""", "alnum32", "/api/basket")
S(_g, "docker-compose-config-rendered-env", """$ docker compose config boxoffice
services:
  boxoffice:
    environment:
      BOXOFFICE_DB_HOST: §dbhost§
      BOXOFFICE_DB_PASSWORD: §pwy§
      BOXOFFICE_DB_USER: §dbuser§""", "pwy", "BOXOFFICE_DB_HOST")
S(_g, "helm-get-values-user-supplied", """$ helm get values odds-api -n feeds
USER-SUPPLIED VALUES:
image:
  tag: §ver§
secrets:
  sportradarKey: §alnum24§""", "alnum24", "helm get values odds-api")
S(_g, "az-storage-account-keys-list", """$ az storage account keys list -g venue-media -n §lowerl10§ -o json
[
  {
    "creationTime": "§ts§",
    "keyName": "key1",
    "permissions": "FULL",
    "value": "§azkey§"
  }
]""", "azkey", "keyName")
S(_g, "cat-gcp-key-json-private-key", """$ cat feed-reader-key.json | head -6
{
  "type": "service_account",
  "project_id": "venue-analytics-§digits6§",
  "private_key_id": "§hex40§",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n§pkcs8esc§\\n-----END PRIVATE KEY-----\\n",""", "pkcs8esc", "service_account")
S(_g, "cat-openssh-private-key", """$ cat ~/.ssh/timing_deploy
-----BEGIN OPENSSH PRIVATE KEY-----
§opensshbody§
-----END OPENSSH PRIVATE KEY-----""", "opensshbody", "-----BEGIN OPENSSH PRIVATE KEY-----")
S(_g, "vault-read-kv-table", """$ vault read secret/ticketing/db
Key                 Value
---                 -----
refresh_interval    768h
password            §pw§
username            §dbuser§""", "pw", "refresh_interval")
S(_g, "vault-token-create-table", """$ vault token create -policy=gates-ro -ttl=720h
Key                  Value
---                  -----
token                §hvs§
token_accessor       §alnum24§
token_duration       720h
token_renewable      true""", "hvs", "gates-ro")
S(_g, "kubectl-logs-config-dict", """$ kubectl logs deploy/odds-sync -n feeds --tail=3
INFO loaded config: {'feed_url': 'wss://§host§/odds', 'api_secret': '§b64u40§', 'retry': 5}
INFO subscribing to 14 markets""", "b64u40", "deploy/odds-sync")
S(_g, "npm-config-list-authtoken", """$ npm config list
; "user" config from /home/ci/.npmrc
//npm.pkg.github.com/:_authToken = "§ghp§"
@§org§:registry = "https://npm.pkg.github.com\"""", "ghp", "npm config list")
S(_g, "composer-global-http-basic", """$ composer config --global --list | grep http-basic
[http-basic.repo.§domain§.username] deploy
[http-basic.repo.§domain§.password] §pwy§""", "pwy", "composer config --global")
S(_g, "mc-alias-list-secretkey", """$ mc alias list timing-archive
timing-archive
  URL       : https://§host§
  AccessKey : §upper20§
  SecretKey : §b64_40§
  API       : s3v4
  Path      : auto""", "b64_40", "mc alias list")
S(_g, "rclone-config-show-remote", """$ rclone config show gfx-backup
[gfx-backup]
type = s3
provider = Wasabi
access_key_id = §upper20§
secret_access_key = §b64_40§
endpoint = s3.eu-central-1.wasabisys.com""", "b64_40", "rclone config show")
S(_g, "wg-showconf-private-key", """$ sudo wg showconf wg-timing
[Interface]
ListenPort = 51820
PrivateKey = §wgkey§

[Peer]
PublicKey = §wgkey_p§
AllowedIPs = 10.77.0.0/24""", "wgkey", "wg showconf")
S(_g, "cat-pgpass-output", """$ cat ~/.pgpass
§dbhost§:5432:§db§:§dbuser§:§pwy§
localhost:5432:*:postgres:*""", "pwy", "cat ~/.pgpass")
S(_g, "secretsmanager-secretstring-json", """$ aws secretsmanager get-secret-value --secret-id prod/ticketing/stripe --query SecretString --output text
{"STRIPE_SECRET_KEY":"§sk_live§","STRIPE_ACCOUNT":"acct_§alnum16§"}""", "sk_live", "prod/ticketing/stripe")
S(_g, "api-key-created-shown-once", """HTTP/2 201
content-type: application/json

{"id":"key_§alnum12§","name":"scoreboard-prod","secret":"§tix_key§","created":"§ts§","note":"This secret will only be shown once."}""", "tix_key", "scoreboard-prod")
S(_g, "git-show-diff-added-password", """$ git show §sha7§ -- timing/settings.py
@@ -12,6 +12,7 @@ DATABASES = {
         'USER': 'timing_app',
-        'PASSWORD': os.environ['TIMING_DB_PASSWORD'],
+        'PASSWORD': '§pw§',
         'HOST': '§dbhost§',""", "pw", "timing/settings.py")
S(_g, "crontab-l-curl-basic", """$ crontab -l
# pull online entries every 5 minutes
*/5 * * * * curl -fsS -u sync:§pwu§ https://§host§/hooks/pull-entries >/dev/null 2>&1""", "pwu", "pull online entries")
S(_g, "ps-aux-cmdline-secret-flag", """$ ps aux | grep sync_polar
svc      4711  0.3  1.2 312044 48812 ?  Sl   09:14   0:42 /usr/bin/python3 sync_polar.py --client-id §uuid_c§ --client-secret §polar§ --interval 300""", "polar", "sync_polar.py")
S(_g, "systemctl-cat-environment-line", """$ systemctl cat chipreader
# /etc/systemd/system/chipreader.service
[Service]
Environment=READER_API_TOKEN=§alnum40§
ExecStart=/opt/chipreader/bin/bridge --port /dev/ttyUSB0 --antennas 4""", "alnum40", "/etc/systemd/system/chipreader.service")
S(_g, "history-output-export-line", """$ history | tail -3
  512  export SEATGEEK_CLIENT_SECRET=§hex64§
  513  npm run sync:seatgeek
  514  history | tail -3""", "hex64", "npm run sync:seatgeek")
S(_g, "tf-plan-unmasked-attribute-change", """  # aws_db_instance.tickets will be updated in-place
  ~ resource "aws_db_instance" "tickets" {
        id       = "tickets-prod"
      ~ password = "§pwy_o§" -> "§pwy§"
    }""", "pwy", "aws_db_instance.tickets")
S(_g, "docker-history-build-arg", """$ docker history ghcr.io/§org§/portal:§ver§ --no-trunc | head -4
IMAGE          CREATED       CREATED BY                                  SIZE
<missing>      3 weeks ago   RUN |1 NPM_TOKEN=§npm§ /bin/sh -c npm ci    212MB""", "npm", "docker history")
S(_g, "pip-install-looking-in-indexes", """$ pip install -r requirements.txt
Looking in indexes: https://pypi.org/simple, https://§user§:§pwu§@pkgs.§domain§/simple
Collecting fitparse==1.2.0""", "pwu", "Collecting fitparse")
S(_g, "curl-i-redirect-presigned-s3", """HTTP/1.1 302 Found
Location: https://§bucket§.s3.eu-west-2.amazonaws.com/exports/entries.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=§akia§%2F§date8§%2Feu-west-2%2Fs3%2Faws4_request&X-Amz-Date=§date8§T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=§hex64§""", "hex64", "exports/entries.csv")
S(_g, "firebase-functions-config-get", """$ firebase functions:config:get
{
  "mailgun": {
    "key": "§mailgun§",
    "domain": "mg.§domain§"
  }
}""", "mailgun", "functions:config:get")
S(_g, "stripe-cli-config-list", """$ stripe config --list
[default]
  device_name = 'boxoffice-laptop'
  display_name = 'Harbour Park Tickets'
  live_mode_api_key = '§rk_live§'""", "rk_live", "boxoffice-laptop")
S(_g, "netlify-env-list-table", """$ netlify env:list --plain
SANITY_PROJECT_ID=§lower8§
SANITY_WRITE_TOKEN=§sanity§
NODE_VERSION=20""", "sanity", "SANITY_PROJECT_ID")
S(_g, "cat-nmconnection-wifi-security", """$ sudo cat /etc/NetworkManager/system-connections/§ssid§.nmconnection
[wifi-security]
auth-alg=open
key-mgmt=wpa-psk
psk=§psk§""", "psk", "key-mgmt=wpa-psk")
S(_g, "radtest-output-user-password", """Sent Access-Request Id 41 from 0.0.0.0:51123 to §ip§:1812 length 77
	User-Name = "§user§"
	User-Password = "§pwy§"
	NAS-IP-Address = 127.0.1.1
Received Access-Accept Id 41""", "pwy", "Received Access-Accept")
S(_g, "sqlite-select-settings-table", """sqlite> select key, value from settings where key like '%token%';
mylaps_api_token|§alnum32§
sync_interval|30""", "alnum32", "sync_interval")
S(_g, "python-repl-environ-lookup", """>>> import os
>>> os.environ['ODDS_API_KEY']
'§hex32§'""", "hex32", "os.environ['ODDS_API_KEY']")
S(_g, "cat-env-production-file", """$ cat .env.production
NEXT_PUBLIC_SITE_URL=https://§host§
TICKETMASTER_CONSUMER_KEY=§alnum32§
TICKETMASTER_CONSUMER_SECRET=§alnum16§""", "alnum16", "NEXT_PUBLIC_SITE_URL")
S(_g, "ssm-get-parameter-with-decryption", """$ aws ssm get-parameter --name /venue/wifi/guest-portal/radius-secret --with-decryption
{
    "Parameter": {
        "Name": "/venue/wifi/guest-portal/radius-secret",
        "Type": "SecureString",
        "Value": "§radsecret§",
        "Version": 3
    }
}""", "radsecret", "SecureString")
S(_g, "kubectl-get-configmap-properties", """$ kubectl get cm results-api -o yaml
data:
  application.properties: |
    spring.datasource.url=jdbc:postgresql://§dbhost§:5432/§db§
    spring.datasource.username=§dbuser§
    spring.datasource.password=§pwy§""", "pwy", "spring.datasource.url")
S(_g, "wifi-qr-decoded-string", """$ zbarimg --raw media-centre-wifi.png
WIFI:T:WPA;S:§ssid§;P:§psk§;;""", "psk", "zbarimg")
S(_g, "op-item-get-reveal", """$ op item get "Turnstile controller South" --fields password --reveal
§pw§""", "pw", "Turnstile controller South")
S(_g, "gcloud-sql-users-list-with-password-env", """$ env | grep -E 'CLOUDSQL|INSTANCE'
INSTANCE_CONNECTION_NAME=venue-analytics:europe-west2:tix-pg
CLOUDSQL_PASSWORD=§pwy§""", "pwy", "INSTANCE_CONNECTION_NAME")
S(_g, "minio-admin-user-add-echo", """$ mc admin user info timing-archive gfx-uploader
AccessKey: gfx-uploader
SecretKey: §alnum40§
Status: enabled
PolicyName: readwrite""", "alnum40", "PolicyName: readwrite")

# =====================================================================
# group: config-file  -- excerpts of configuration files the agent opened
# =====================================================================
_g = "config-file"
S(_g, "pgpass-line", """# ~/.pgpass  (chmod 600)
§dbhost§:5432:*:§dbuser§:§pwy§""", "pwy", "dbhost")
S(_g, "dotenv-quoted-consumer-secret", """# .env.local
GARMIN_CONSUMER_KEY=§uuid§
GARMIN_CONSUMER_SECRET="§alnum30§"
GARMIN_PUSH_URL=https://§host§/garmin/push""", "alnum30", "GARMIN_PUSH_URL")
S(_g, "spring-datasource-yaml", """spring:
  datasource:
    url: jdbc:mysql://§dbhost§:3306/§db§?useSSL=true
    username: §dbuser§
    password: "§pw§"
  jpa:
    open-in-view: false""", "pw", "jdbc:mysql://")
S(_g, "toml-database-section", """[database]
host = "§dbhost§"
port = 5432
user = "§dbuser§"
password = "§pw§"
pool_size = 10""", "pw", "pool_size = 10")
S(_g, "odbc-ini-pwd", """[TimingDB]
Driver=ODBC Driver 18 for SQL Server
Server=§host§,1433
Database=Timing
UID=§user§
PWD=§pwy§
Encrypt=yes""", "pwy", "ODBC Driver 18 for SQL Server")
S(_g, "web-config-connectionstrings", """<connectionStrings>
  <add name="BoxOffice" connectionString="Server=§host§;Database=BoxOffice;User Id=§user§;Password=§pwx§;Encrypt=True;" providerName="System.Data.SqlClient" />
</connectionStrings>""", "pwx", "providerName")
S(_g, "terraform-tfvars-db-password", """# prod.auto.tfvars
region      = "§region§"
db_username = "§dbuser§"
db_password = "§pw§"
instance    = "db.t4g.medium\"""", "pw", "db.t4g.medium")
S(_g, "nginx-proxy-set-header-basic", """location /feed/ {
    proxy_pass https://§host§;
    proxy_set_header Authorization "Basic §basic§";
    proxy_set_header Host §host§;
}""", "basic", "location /feed/", {"basic": _basic("user", "pwu")})
S(_g, "wpa-supplicant-network-block", """ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev
network={
    ssid="§ssid§"
    psk="§psk§"
    key_mgmt=WPA-PSK
}""", "psk", "ctrl_interface")
S(_g, "hostapd-wpa-passphrase", """interface=wlan0
driver=nl80211
ssid=§ssid§
hw_mode=a
wpa=2
wpa_passphrase=§psk§
wpa_key_mgmt=WPA-PSK""", "psk", "driver=nl80211")
S(_g, "freeradius-clients-conf", """client turnstile-north {
    ipaddr    = §ip§/24
    secret    = §radsecret§
    shortname = gates-n
    nas_type  = other
}""", "radsecret", "turnstile-north")
S(_g, "npmrc-scoped-registry-token", """@§org§:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=§ghp§
always-auth=true""", "ghp", "registry=https://npm.pkg.github.com")
S(_g, "pypirc-token-password", """[distutils]
index-servers = pypi

[pypi]
username = __token__
password = §pypi§""", "pypi", "index-servers")
S(_g, "maven-settings-server-password", """<servers>
  <server>
    <id>club-releases</id>
    <username>§user§</username>
    <password>§pwx§</password>
  </server>
</servers>""", "pwx", "club-releases")
S(_g, "gradle-properties-maven-password", """org.gradle.jvmargs=-Xmx2g
mavenUser=ci-publisher
mavenPassword=§pwy§
systemProp.https.proxyHost=proxy.§domain§""", "pwy", "ci-publisher")
S(_g, "git-credentials-store-lines", """# ~/.git-credentials
https://§user§:§ghp§@github.com
https://oauth2:§glpat§@gitlab.§domain§""", "glpat", "~/.git-credentials")
S(_g, "aws-credentials-ini-profile", """[tix-prod]
aws_access_key_id = §akia§
aws_secret_access_key = §awssecret§
region = §region§""", "awssecret", "[tix-prod]")
S(_g, "kubeconfig-user-token", """users:
- name: ci-deployer
  user:
    token: §k8stoken§
contexts:
- context: {cluster: venue-prod, user: ci-deployer}""", "k8stoken", "ci-deployer")
S(_g, "kubeconfig-client-key-data", """users:
- name: admin@venue-prod
  user:
    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t§b64_60§
    client-key-data: §keydata§""", "keydata", "admin@venue-prod", {"keydata": lambda v: _b64("-----BEGIN RSA PRIVATE KEY-----\n" + v["rsabody"] + "\n-----END RSA PRIVATE KEY-----\n")})
S(_g, "pem-rsa-private-key-file", """# certs/gate-api.key
-----BEGIN RSA PRIVATE KEY-----
§rsabody§
-----END RSA PRIVATE KEY-----""", "rsabody", "certs/gate-api.key")
S(_g, "pem-ec-private-key-file", """-----BEGIN EC PARAMETERS-----
BggqhkjOPQMBBw==
-----END EC PARAMETERS-----
-----BEGIN EC PRIVATE KEY-----
§ecbody§
-----END EC PRIVATE KEY-----""", "ecbody", "BggqhkjOPQMBBw==")
S(_g, "gcp-service-account-json-file", """{
  "type": "service_account",
  "project_id": "league-portal-§digits6§",
  "private_key_id": "§hex40§",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n§pkcs8esc§\\n-----END PRIVATE KEY-----\\n",
  "client_email": "registrations@league-portal-§digits6_x§.iam.gserviceaccount.com"
}""", "pkcs8esc", "service_account")
S(_g, "redis-conf-requirepass", """bind 0.0.0.0
port 6379
requirepass §pwy§
maxmemory 2gb
maxmemory-policy allkeys-lru""", "pwy", "maxmemory 2gb")
S(_g, "mosquitto-bridge-remote-password", """connection timing-cloud
address §host§:8883
topic timing/# out 1
remote_username chip-bridge
remote_password §pwy§
bridge_cafile /etc/mosquitto/ca.crt""", "pwy", "connection timing-cloud")
S(_g, "pgbouncer-userlist-plain", """; /etc/pgbouncer/userlist.txt
"§dbuser§" "§pwy§"
"pgbouncer_stats" "md5§hex32§\"""", "pwy", "/etc/pgbouncer/userlist.txt")
S(_g, "wp-config-define-db-password", """define( 'DB_NAME', 'club_site' );
define( 'DB_USER', '§dbuser§' );
define( 'DB_PASSWORD', '§pw§' );
define( 'DB_HOST', '§dbhost§' );""", "pw", "club_site")
S(_g, "laravel-env-mail-password", """MAIL_MAILER=smtp
MAIL_HOST=smtp.§domain§
MAIL_PORT=587
MAIL_USERNAME=noreply@§domain§
MAIL_PASSWORD=§pwy§
MAIL_ENCRYPTION=tls""", "pwy", "MAIL_MAILER=smtp")
S(_g, "rails-database-yml-erb-fallback", """production:
  adapter: postgresql
  host: §dbhost§
  database: §db§_production
  username: §dbuser§
  password: <%= ENV.fetch("DB_PASSWORD", "§pwy§") %>""", "pwy", "adapter: postgresql")
S(_g, "django-settings-secret-key", """DEBUG = False
ALLOWED_HOSTS = ["§host§"]
SECRET_KEY = "§djkey§\"""", "djkey", "ALLOWED_HOSTS")
S(_g, "flask-config-session-secret", """class ProductionConfig(Config):
    SESSION_COOKIE_SECURE = True
    SECRET_KEY = "§hex64§\"""", "hex64", "ProductionConfig")
S(_g, "appsettings-json-jwt-signing-key", """  "Jwt": {
    "Issuer": "https://§host§",
    "Audience": "scanner-app",
    "SigningKey": "§b64_64§"
  },""", "b64_64", "scanner-app")
S(_g, "logstash-output-es-password", """output {
  elasticsearch {
    hosts    => ["https://§host§:9200"]
    user     => "logstash_writer"
    password => "§pw§"
    index    => "turnstile-%{+YYYY.MM.dd}"
  }
}""", "pw", "logstash_writer")
S(_g, "filebeat-cloud-auth", """cloud.id: "venue-logs:§b64_60§"
cloud.auth: "elastic:§pwu§"
filebeat.inputs:
  - type: filestream
    paths: [/var/log/gatectl/*.log]""", "pwu", "/var/log/gatectl/*.log")
S(_g, "prometheus-scrape-basic-auth", """- job_name: turnstile-exporters
  basic_auth:
    username: prom
    password: §pwy§
  static_configs:
    - targets: ['§ip§:9100']""", "pwy", "turnstile-exporters")
S(_g, "alertmanager-slack-api-url", """receivers:
- name: ops-gates
  slack_configs:
  - api_url: https://hooks.slack.com/services/T§upper8§/B§upper10§/§alnum24§
    channel: '#gate-alerts'
    send_resolved: true""", "alnum24", "#gate-alerts")
S(_g, "grafana-ini-admin-password", """[security]
admin_user = admin
admin_password = §pwy§
cookie_secure = true""", "pwy", "cookie_secure = true")
S(_g, "openvpn-auth-user-pass-file", """# /etc/openvpn/client/venue-auth.txt
§user§
§pwy§""", "pwy", "/etc/openvpn/client/venue-auth.txt")
S(_g, "ipsec-secrets-psk-line", """# /etc/ipsec.secrets
§pubip§ %any : PSK "§psk§\"""", "psk", "/etc/ipsec.secrets")
S(_g, "ntp-keys-sha1-hex", """# /etc/ntp.keys  (scoreboard clock sync)
1 SHA1 HEX:§hex40§""", "hex40", "/etc/ntp.keys")
S(_g, "cisco-ios-username-password-0", """hostname gate-sw-north-01
!
username netadmin privilege 15 password 0 §pwy§
snmp-server location North Stand IDF
!""", "pwy", "gate-sw-north-01")
S(_g, "unifi-wlanconf-json-passphrase", """{
  "name": "§ssid§",
  "security": "wpapsk",
  "wpa_mode": "wpa2",
  "x_passphrase": "§psk§",
  "vlan": "340"
}""", "psk", "wpapsk")
S(_g, "mikrotik-hotspot-user-add", """/ip hotspot user
add name=§user§ password=§pwy§ profile=staff server=hotspot-vip comment="media liaison\"""", "pwy", "hotspot-vip")
S(_g, "netplan-wifi-access-point-password", """network:
  version: 2
  wifis:
    wlan0:
      dhcp4: true
      access-points:
        "§ssid§":
          password: "§psk§\"""", "psk", "access-points")
S(_g, "supervisord-environment-key", """[program:odds-ingest]
command=/srv/odds/bin/ingest --markets h2h,spreads
environment=ODDS_API_KEY="§hex32§",PYTHONUNBUFFERED="1"
autorestart=true""", "hex32", "program:odds-ingest")
S(_g, "etc-default-env-file", """# /etc/default/chipreader
READER_HOST=§ip§
READER_USER=admin
READER_PASSWORD=§pwy§""", "pwy", "/etc/default/chipreader")
S(_g, "compose-postgres-environment", """services:
  db:
    image: postgres:16
    environment:
      POSTGRES_USER: §dbuser§
      POSTGRES_PASSWORD: §pwy§
      POSTGRES_DB: §db§""", "pwy", "postgres:16")
S(_g, "k8s-secret-stringdata", """apiVersion: v1
kind: Secret
metadata:
  name: sportradar
type: Opaque
stringData:
  api-key: "§alnum24§\"""", "alnum24", "name: sportradar")
S(_g, "helm-values-odds-credentials", """oddsFeed:
  provider: pinnacle
  pollSeconds: 5
  credentials:
    user: §user§
    pass: §pwy§""", "pwy", "provider: pinnacle")
S(_g, "java-properties-api-key", """mylaps.api.base=https://§host§/v2
mylaps.api.key=§alnum32§
mylaps.event.id=§int§""", "alnum32", "mylaps.api.base")
S(_g, "jdbc-url-password-query-param", """results.datasource.url=jdbc:postgresql://§dbhost§:5432/§db§?user=§dbuser§&password=§pwu§&ssl=true
results.datasource.pool=8""", "pwu", "results.datasource.pool")
S(_g, "nslcd-conf-bindpw", """uri ldaps://§host§
base dc=club,dc=example
binddn cn=reader,dc=club,dc=example
bindpw §pwy§""", "pwy", "binddn cn=reader")
S(_g, "ldap-secret-single-line-file", """# /etc/pam_ldap.secret  (root only)
§pwy§""", "pwy", "/etc/pam_ldap.secret")
S(_g, "timing-upload-json-settings", """{"upload": {"protocol": "ftps", "host": "§host§", "user": "timing", "pass": "§pw§", "dir": "/live/§date§"}}""", "pw", "ftps")
S(_g, "chip-reader-ini-upload-section", """[Upload]
Server=§host§
EventKey=§upper12§
ApiUser=§user§
ApiPassword=§pwy§
IntervalSec=15""", "pwy", "IntervalSec=15")
S(_g, "plist-scanner-api-token", """<key>ScannerEndpoint</key>
<string>https://§host§/scan</string>
<key>ScannerAPIToken</key>
<string>§alnum40§</string>""", "alnum40", "ScannerEndpoint")
S(_g, "android-local-properties-store-password", """sdk.dir=/Users/§person§/Library/Android/sdk
RELEASE_STORE_FILE=../keys/release.jks
RELEASE_STORE_PASSWORD=§pwy§
RELEASE_KEY_ALIAS=clubapp""", "pwy", "RELEASE_KEY_ALIAS")
S(_g, "xcconfig-sentry-auth-token", """// Release.xcconfig
SENTRY_ORG = §org§
SENTRY_AUTH_TOKEN = §sntrys§""", "sntrys", "Release.xcconfig")
S(_g, "haproxy-userlist-insecure-password", """userlist stats_users
    user admin insecure-password §pwy§

listen stats
    bind :8404""", "pwy", "stats_users")
S(_g, "mongodb-keyfile-content", """# /etc/mongod/keyfile (replica set internal auth, 0400)
§b64_120§""", "b64_120", "/etc/mongod/keyfile")
S(_g, "kafka-jaas-plain-login", """KafkaClient {
  org.apache.kafka.common.security.plain.PlainLoginModule required
  username="odds-producer"
  password="§pw§";
};""", "pw", "odds-producer")
S(_g, "kafka-sasl-jaas-config-line", """security.protocol=SASL_SSL
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="§user§" password="§pw§";""", "pw", "SCRAM-SHA-512")
S(_g, "s3cfg-secret-key", """[default]
access_key = §akia§
secret_key = §awssecret§
host_base = s3.amazonaws.com
use_https = True""", "awssecret", "host_base")
S(_g, "cifs-credentials-file", """# /root/.smbcredentials-scoreboard
username=§user§
password=§pwy§
domain=STADIUM""", "pwy", "domain=STADIUM")
S(_g, "my-cnf-client-section", """[client]
user=§dbuser§
password="§pw§"
host=§dbhost§
ssl-mode=REQUIRED""", "pw", "ssl-mode=REQUIRED")
S(_g, "runtimeconfig-json-whoop", """{
  "whoop": {
    "client_id": "§uuid§",
    "client_secret": "§whoopsec§"
  }
}""", "whoopsec", "client_id")
S(_g, "garmin-health-yaml-consumer-secret", """garmin:
  health_api:
    consumer_key: §uuid§
    consumer_secret: §alnum30§
    backfill_days: 30""", "alnum30", "backfill_days")
S(_g, "vizrt-datasource-xml-password", """<DataSources>
  <DataSource name="OptaFeed" url="https://§host§/feeds/f24" user="vizrt" password="§pwx§" refresh="2"/>
</DataSources>""", "pwx", "OptaFeed")
S(_g, "srt-output-url-passphrase", """[output.ob-truck-2]
url = "srt://§ip§:9000?mode=caller&passphrase=§pwu§&pbkeylen=16&latency=200"
bitrate = "12M\"""", "pwu", "ob-truck-2")
S(_g, "obs-service-json-stream-key", """{"settings": {"bwtest": false, "server": "rtmp://a.rtmp.youtube.com/live2", "service": "YouTube - RTMPS", "key": "§ytkey§"}, "type": "rtmp_common"}""", "ytkey", "rtmp_common")

# =====================================================================
# group: source-code  -- source files the agent read or edited
# =====================================================================
_g = "source-code"
S(_g, "python-requests-hardcoded-bearer", """resp = requests.get(
    f"{BASE}/athletes/{athlete_id}/activities",
    headers={"Authorization": "Bearer §hex40§"},
    timeout=10,
)""", "hex40", "athlete_id")
S(_g, "python-psycopg2-connect-kwargs", """conn = psycopg2.connect(host="§dbhost§", dbname="§db§", user="§dbuser§", password="§pw§", connect_timeout=5)""", "pw", "psycopg2.connect")
S(_g, "python-module-constant-todo-vault", """SPORTRADAR_KEY = "§alnum24§"  # TODO move to vault before launch
FEED_BASE = "https://§host§/soccer/v4\"""", "alnum24", "TODO move to vault before launch")
S(_g, "python-getenv-default-literal", """ODDS_KEY = os.getenv("ODDS_API_KEY", "§hex32§")""", "hex32", "ODDS_API_KEY")
S(_g, "python-sqlalchemy-create-engine-url", """engine = create_engine("mysql+pymysql://§dbuser§:§pwu§@§dbhost§/§db§?charset=utf8mb4", pool_pre_ping=True)""", "pwu", "pool_pre_ping=True")
S(_g, "python-boto3-client-inline-keys", """s3 = boto3.client(
    "s3",
    aws_access_key_id="§akia§",
    aws_secret_access_key="§awssecret§",
    region_name="§region§",
)""", "awssecret", "boto3.client")
S(_g, "python-smtplib-login", """with smtplib.SMTP_SSL("smtp.§domain§", 465) as server:
    server.login("results@§domain§", "§pw§")
    server.send_message(msg)""", "pw", "server.send_message(msg)")
S(_g, "python-stripe-api-key-assign", """import stripe
stripe.api_key = "§sk_live§"
refund = stripe.Refund.create(payment_intent=pi_id)""", "sk_live", "stripe.Refund.create")
S(_g, "python-paramiko-connect-password", """client = paramiko.SSHClient()
client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
client.connect("§ip§", username="§user§", password="§pw§", timeout=5)""", "pw", "paramiko.AutoAddPolicy")
S(_g, "python-redis-from-url-password", """r = redis.Redis.from_url("rediss://:§pwu§@§host§:6380/0", decode_responses=True)""", "pwu", "decode_responses=True")
S(_g, "python-jwt-encode-hs256-secret", """token = jwt.encode({"sub": steward_id, "gate": gate}, "§hex64§", algorithm="HS256")""", "hex64", "algorithm=\"HS256\"")
S(_g, "python-hmac-webhook-bytes-secret", """WEBHOOK_SECRET = b"§whsec§"

def verify(sig: str, body: bytes) -> bool:
    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(mac, sig)""", "whsec", "hmac.compare_digest")
S(_g, "python-nested-dict-client-secret", """CONFIG = {
    "polar": {"client_id": "§uuid§", "client_secret": "§polar§"},
    "poll_seconds": 300,
}""", "polar", "poll_seconds")
S(_g, "python-requests-auth-tuple", """r = requests.post(url, auth=("§user§", "§pw§"), json=payload, timeout=15)""", "pw", "json=payload")
S(_g, "python-telegram-application-token", """app = ApplicationBuilder().token("§telegram§").build()
app.add_handler(CommandHandler("score", live_score))""", "telegram", "live_score")
S(_g, "python-discord-bot-run", """@bot.event
async def on_ready():
    print(f"Matchday bot ready as {bot.user}")

bot.run("§discord§")""", "discord", "Matchday bot ready")
S(_g, "js-axios-create-auth-header", """const client = axios.create({
  baseURL: "https://§host§/v1",
  headers: { "X-Auth-Token": "§alnum40§" },
  timeout: 8000,
});""", "alnum40", "axios.create")
S(_g, "js-mongoose-connect-uri", """mongoose.connect("mongodb://§dbuser§:§pwu§@§host§:27017/§db§?authSource=admin");""", "pwu", "authSource=admin")
S(_g, "js-nodemailer-transport-auth", """const transporter = nodemailer.createTransport({
  host: "smtp.§domain§",
  port: 587,
  auth: { user: "tickets@§domain§", pass: "§pw§" },
});""", "pw", "nodemailer.createTransport")
S(_g, "js-process-env-or-literal", """const apiKey = process.env.TICKETMASTER_KEY || "§alnum32§";""", "alnum32", "process.env.TICKETMASTER_KEY")
S(_g, "js-fetch-basic-btoa", """const res = await fetch(`${FEED}/fixtures`, {
  headers: { Authorization: "Basic " + btoa("§user§:§pw§") },
});""", "pw", "fixtures")
S(_g, "ts-exported-const-secret", """export const SEATGEEK_CLIENT_ID = "§hex32§";
export const SEATGEEK_CLIENT_SECRET = "§hex64§";""", "hex64", "SEATGEEK_CLIENT_ID")
S(_g, "js-firebase-admin-inline-private-key", """admin.initializeApp({
  credential: admin.credential.cert({
    projectId: "club-app-§digits5§",
    clientEmail: "firebase-adminsdk@club-app.iam.gserviceaccount.com",
    privateKey: "-----BEGIN PRIVATE KEY-----\\n§pkcs8esc§\\n-----END PRIVATE KEY-----\\n",
  }),
});""", "pkcs8esc", "admin.initializeApp")
S(_g, "java-datasource-set-password", """HikariDataSource ds = new HikariDataSource();
ds.setJdbcUrl("jdbc:postgresql://§dbhost§:5432/§db§");
ds.setUsername("§dbuser§");
ds.setPassword("§pw§");""", "pw", "HikariDataSource")
S(_g, "java-static-final-app-key", """public final class BetfairConfig {
    private static final String APP_KEY = "§alnum16§";
    private static final String SESSION_ENDPOINT = "https://identitysso.§domain§/api/login";
}""", "alnum16", "BetfairConfig")
S(_g, "kotlin-okhttp-add-header-token", """val request = Request.Builder()
    .url("https://§host§/api/v2/fixtures")
    .addHeader("Authorization", "Token §hex40§")
    .build()""", "hex40", "Request.Builder()")
S(_g, "csharp-npgsql-connection-string", """var cs = "Host=§dbhost§;Username=§dbuser§;Password=§pwy§;Database=§db§;SSL Mode=Require";
await using var conn = new NpgsqlConnection(cs);""", "pwy", "NpgsqlConnection")
S(_g, "csharp-network-credential", """var cred = new NetworkCredential("§user§", "§pw§", "STADIUM");
using var client = new SmbClient(@"\\\\§host§\\scoreboard", cred);""", "pw", "NetworkCredential")
S(_g, "go-sql-open-mysql-dsn", """db, err := sql.Open("mysql", "§dbuser§:§pwu§@tcp(§dbhost§:3306)/§db§?parseTime=true")
if err != nil {
	log.Fatal(err)
}""", "pwu", "parseTime=true")
S(_g, "go-const-slack-bot-token", """const (
	slackBotToken = "§xoxb§"
	alertChannel  = "C0§upper9§"
)""", "xoxb", "alertChannel")
S(_g, "go-struct-literal-apikey", """cfg := feed.Config{
	Endpoint: "wss://§host§/live",
	APIKey:   "§b64u32§",
	Sports:   []string{"tennis", "darts"},
}""", "b64u32", "feed.Config")
S(_g, "rust-const-str-secret", """const WHOOP_CLIENT_ID: &str = "§uuid§";
const WHOOP_CLIENT_SECRET: &str = "§whoopsec§";""", "whoopsec", "WHOOP_CLIENT_ID")
S(_g, "ruby-strava-client-access-token", """client = Strava::Api::Client.new(access_token: "§hex40§")
client.athlete_activities(per_page: 30).each { |a| puts a.name }""", "hex40", "Strava::Api::Client")
S(_g, "php-new-pdo-password-arg", """$pdo = new PDO("mysql:host=§dbhost§;dbname=§db§;charset=utf8mb4", "§dbuser§", "§pw§");""", "pw", "new PDO")
S(_g, "php-curlopt-userpwd", """curl_setopt($ch, CURLOPT_URL, "https://§host§/api/members");
curl_setopt($ch, CURLOPT_USERPWD, "§user§:§pw§");""", "pw", "CURLOPT_USERPWD")
S(_g, "swift-let-consumer-secret", """enum GarminKeys {
    static let consumerKey = "§uuid§"
    static let consumerSecret = "§alnum30§"
}""", "alnum30", "GarminKeys")
S(_g, "bash-script-api-pass-variable", """#!/usr/bin/env bash
set -euo pipefail
API_USER="timing"
API_PASS="§pw§"
curl -fsS -u "$API_USER:$API_PASS" "https://§host§/api/upload" -F file=@splits.csv""", "pw", "set -euo pipefail")
S(_g, "powershell-invoke-restmethod-header", """$headers = @{ "X-Api-Key" = "§alnum32§" }
Invoke-RestMethod -Uri "https://§host§/api/gates/status" -Headers $headers""", "alnum32", "Invoke-RestMethod")
S(_g, "sql-create-user-with-password", """CREATE USER reporting WITH PASSWORD '§pwy§';
GRANT SELECT ON ALL TABLES IN SCHEMA results TO reporting;""", "pwy", "GRANT SELECT")
S(_g, "sql-insert-integration-api-key", """INSERT INTO integration_settings (provider, site_id, api_key)
VALUES ('mindbody', §digits6§, '§hex32§');""", "hex32", "integration_settings")
S(_g, "python-test-file-live-key", """# tests/test_odds_live.py
LIVE_KEY = "§hex32§"  # real key, 500 req/month, do not commit

def test_live_markets():
    assert fetch_markets(LIVE_KEY, "tennis_atp")""", "hex32", "tests/test_odds_live.py")
S(_g, "jupyter-cell-client-login", """In [3]: client = GarminConnect(email="§email§", password="§pw§")
In [4]: client.login()""", "pw", "client.login()")
S(_g, "terraform-provider-datadog-keys", """provider "datadog" {
  api_key = "§hex32§"
  app_key = "§hex40§"
  api_url = "https://api.datadoghq.eu/"
}""", "hex40", "provider \"datadog\"")
S(_g, "terraform-resource-db-password", """resource "aws_db_instance" "tickets" {
  engine         = "postgres"
  instance_class = "db.t4g.large"
  username       = "boxoffice"
  password       = "§pw§"
}""", "pw", "aws_db_instance")
S(_g, "ansible-task-mysql-user-password", """- name: create radius accounting user
  community.mysql.mysql_user:
    name: radius
    password: "§pw§"
    priv: "radius.*:ALL\"""", "pw", "community.mysql.mysql_user")
S(_g, "dockerfile-env-token", """FROM python:3.12-slim
ENV SPORTS_FEED_TOKEN=§alnum40§
COPY . /app""", "alnum40", "python:3.12-slim")
S(_g, "dockerfile-arg-default-npm-token", """ARG NPM_TOKEN=§npm§
RUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci && rm .npmrc""", "npm", "npm ci")
S(_g, "makefile-conditional-var-password", """DEPLOY_PASS ?= §pwu§

deploy:
	sshpass -p $(DEPLOY_PASS) rsync -az dist/ deploy@§host§:/srv/scoreboard/""", "pwu", "/srv/scoreboard/")
S(_g, "c-define-admin-password", """#define READER_ADMIN_USER     "admin"
#define READER_ADMIN_PASSWORD "§pw§"
#define READER_PORT           5084""", "pw", "READER_PORT")
S(_g, "arduino-wifi-begin", """void setup() {
  WiFi.begin("§ssid§", "§psk§");
  while (WiFi.status() != WL_CONNECTED) delay(500);
}""", "psk", "WL_CONNECTED")
S(_g, "micropython-wlan-connect", """wlan = network.WLAN(network.STA_IF)
wlan.active(True)
wlan.connect('§ssid§', '§psk§')""", "psk", "network.STA_IF")
S(_g, "lua-openresty-hmac-secret", """local secret = "§hex64§" -- HMAC for gate QR codes
local sig = ngx.encode_base64(ngx.hmac_sha1(secret, ticket_id))""", "hex64", "ngx.hmac_sha1")
S(_g, "python-bytes-fromhex-signing-key", """TICKET_SIGNING_KEY = bytes.fromhex("§hex64§")
SIG_LEN = 16""", "hex64", "SIG_LEN")
S(_g, "python-class-attr-password", """class TimingDBConfig:
    HOST = "§dbhost§"
    USER = "§dbuser§"
    PASSWORD = "§pw§"
    NAME = "§db§\"""", "pw", "TimingDBConfig")
S(_g, "graphql-client-hasura-admin-secret", """client = GraphQLClient("https://§host§/v1/graphql", headers={"x-hasura-admin-secret": "§alnum32§"})""", "alnum32", "v1/graphql")
S(_g, "vcr-cassette-authorization-header", """- request:
    method: GET
    uri: https://www.strava.com/api/v3/segments/§digits7§/leaderboard
    headers:
      Authorization:
      - Bearer §hex40§""", "hex40", "leaderboard")
S(_g, "http-client-file-rapidapi-key", """### live fixtures
GET https://api-football.example/v3/fixtures?live=all
X-RapidAPI-Key: §alnum50§
X-RapidAPI-Host: api-football.example""", "alnum50", "### live fixtures")
S(_g, "postman-collection-apikey-auth", """"auth": {
  "type": "apikey",
  "apikey": [
    {"key": "value", "value": "§alnum32§", "type": "string"},
    {"key": "key", "value": "X-API-KEY", "type": "string"}
  ]
}""", "alnum32", "X-API-KEY")
S(_g, "python-selenium-send-keys-password", """driver.find_element(By.ID, "username").send_keys("§email§")
driver.find_element(By.ID, "password").send_keys("§pw§")
driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()""", "pw", "By.CSS_SELECTOR")
S(_g, "js-puppeteer-page-type-pass", """await page.goto("https://§host§/admin/login");
await page.type("#user", "§user§");
await page.type("#pass", "§pw§");""", "pw", "page.goto")
S(_g, "python-ftplib-login", """ftp = FTP("§host§")
ftp.login("timing", "§pw§")
ftp.storbinary("STOR splits.csv", fh)""", "pw", "ftp.storbinary")
S(_g, "java-getproperty-default-secret", """String secret = props.getProperty("ticketing.api.secret", "§b64_32§");""", "b64_32", "ticketing.api.secret")
S(_g, "python-kafka-producer-sasl", """producer = KafkaProducer(
    bootstrap_servers="§host§:9093",
    security_protocol="SASL_SSL",
    sasl_mechanism="SCRAM-SHA-512",
    sasl_plain_username="§user§",
    sasl_plain_password="§pw§",
)""", "pw", "SCRAM-SHA-512")
S(_g, "go-request-set-basic-auth", """req, _ := http.NewRequest("GET", feedURL, nil)
req.SetBasicAuth("§user§", "§pw§")""", "pw", "http.NewRequest")
S(_g, "python-twilio-client-sid-token", """from twilio.rest import Client
client = Client("AC§hex32_s§", "§hex32§")""", "hex32", "twilio.rest")
S(_g, "csharp-const-uuid-api-key", """private const string ClubReadyApiKey = "§uuid§";
private const string ClubReadyBase = "https://§host§/api/current";""", "uuid", "ClubReadyBase")

# =====================================================================
# group: stack-trace-or-log  -- log lines and stack traces
# =====================================================================
_g = "stack-trace-or-log"
S(_g, "python-traceback-locals-dsn", """Traceback (most recent call last):
  File "/srv/timing/sync.py", line 88, in push_results
    conn = psycopg2.connect(dsn)
psycopg2.OperationalError: connection to server at "§dbhost§" failed: timeout expired
Locals at frame push_results:
    dsn = 'postgresql://§dbuser§:§pwu§@§dbhost§/§db§'""", "pwu", "push_results")
S(_g, "sqlalchemy-error-with-engine-url", """sqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (2003, "Can't connect to MySQL server on '§dbhost§' (timed out)")
[engine url: mysql+pymysql://§dbuser§:§pwu§@§dbhost§/§db§]
(Background on this error at: https://sqlalche.me/e/20/e3q8)""", "pwu", "sqlalche.me/e/20/e3q8")
S(_g, "java-caused-by-jdbc-url-password", """org.springframework.jdbc.CannotGetJdbcConnectionException: Failed to obtain JDBC Connection
Caused by: org.postgresql.util.PSQLException: Connection to §dbhost§:5432 refused. url=jdbc:postgresql://§dbhost§/§db§?user=§dbuser§&password=§pwu§
	at org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)""", "pwu", "CannotGetJdbcConnectionException")
S(_g, "nginx-access-log-query-token", """§ip§ - - [§clf§] "GET /api/v1/scan?gate=N4&token=§alnum32§ HTTP/1.1" 200 312 "-" "ZebraScanner/4.2\"""", "alnum32", "ZebraScanner/4.2")
S(_g, "proxy-log-userinfo-in-url", """§tsl§ squid[2210]: §ip§ TCP_TUNNEL/200 4411 GET https://§user§:§pwu§@§host§/feed/live - HIER_DIRECT/§pubip§ -""", "pwu", "TCP_TUNNEL/200")
S(_g, "apache-log-referer-jsessionid", """§ip§ - - [§clf§] "GET /boxoffice/confirm HTTP/1.1" 200 5120 "https://§host§/boxoffice/basket;jsessionid=§HEX32§" "Mozilla/5.0\"""", "HEX32", "/boxoffice/confirm")
S(_g, "json-log-outbound-headers-bearer", """{"level":"debug","ts":"§ts§","msg":"outbound request","url":"https://§host§/v4/odds","headers":{"Authorization":"Bearer §jwt§","Accept":"application/json"}}""", "jwt", "outbound request")
S(_g, "urllib3-debug-apikey-query", """DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): §host§:443
DEBUG:urllib3.connectionpool:https://§host§:443 "GET /v1/events?season=2025&apikey=§alnum32§ HTTP/1.1" 200 None""", "alnum32", "urllib3.connectionpool")
S(_g, "http-client-send-body-client-secret", """send: b'POST /oauth/token HTTP/1.1\\r\\nHost: §host§\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n\\r\\nclient_id=§digits6§&client_secret=§hex40§&grant_type=refresh_token'
reply: 'HTTP/1.1 200 OK\\r\\n'""", "hex40", "grant_type=refresh_token")
S(_g, "node-mongo-error-connection-string", """MongoServerError: bad auth : Authentication failed.
    at Connection.onMessage (/app/node_modules/mongodb/lib/cmap/connection.js:202:26)
  connectionString: 'mongodb+srv://§dbuser§:§pwu§@cluster0.§lower5§.mongodb.net/§db§'""", "pwu", "MongoServerError")
S(_g, "go-panic-args-dsn", """panic: dial tcp §ip§:5432: connect: connection refused

goroutine 1 [running]:
main.mustOpen({0xc0000a4000, 0x4f}, {0x0, 0x0}) "postgres://§dbuser§:§pwu§@§dbhost§:5432/§db§?sslmode=disable"
	/src/cmd/gatesync/main.go:41 +0x1c5""", "pwu", "goroutine 1 [running]")
S(_g, "buildkit-log-pip-extra-index", """#7 [build 3/9] RUN pip install --extra-index-url https://§user§:§pwu§@pypi.§domain§/simple -r requirements.txt
#7 2.114 Looking in indexes: https://pypi.org/simple""", "pwu", "[build 3/9]")
S(_g, "set-x-trace-private-token-header", """+ curl -fsSL -H 'PRIVATE-TOKEN: §glpat§' https://gitlab.§domain§/api/v4/projects/77/packages/generic/firmware/§ver§/reader.bin -o reader.bin""", "glpat", "reader.bin")
S(_g, "set-x-trace-export", """+ export MINDBODY_API_KEY=§hex32§
+ python manage.py sync_classes --site §digits6§""", "hex32", "sync_classes")
S(_g, "sudo-log-command-password-flag", """§tsl§ gate-db-01 sudo:   timing : TTY=pts/0 ; PWD=/opt/timing ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p§pwu§ results""", "pwu", "TTY=pts/0")
S(_g, "sshd-invalid-user-password-typed", """Apr 12 09:14:03 bastion sshd[2211]: Invalid user §pwu§ from §ip§ port 51422
Apr 12 09:14:05 bastion sshd[2211]: Connection closed by invalid user §pwu§ §ip§ port 51422 [preauth]
# note from Marta: that "user" is my password, I typed it into the login prompt by mistake""", "pwu", "bastion sshd")
S(_g, "freeradius-log-badpass", """§tsl§ : Auth: (1412) Login incorrect (pap: Cleartext password does not match): [§user§/§pwy§] (from client turnstile-north port 0 cli aa-bb-cc-00-11-22)""", "pwy", "Login incorrect")
S(_g, "php-pdo-exception-stack-args", """PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '§dbuser§'@'§ip§' in /var/www/tix/db.php:12
Stack trace:
#0 /var/www/tix/db.php(12): PDO->__construct('mysql:host=§dbhost§...', '§dbuser§', '§pw§')
#1 {main}""", "pw", "/var/www/tix/db.php")
S(_g, "spring-debug-property-value", """§tsl§ DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : Property 'spring.mail.password' resolved to '§pw§' from 'application-prod.yml'""", "pw", "ConfigDataEnvironment")
S(_g, "celery-task-received-args", """[§tsl§: INFO/MainProcess] Task sync.garmin_pull[§uuid§] received: args=('§email§', '§pw§') kwargs={}""", "pw", "sync.garmin_pull")
S(_g, "gunicorn-access-log-cookie", """§ip§ - - [§clf§] "POST /club/bookings HTTP/1.1" 302 0 cookie="csrftoken=§alnum32§; sessionid=§lower32§" """, "lower32", "/club/bookings")
S(_g, "websocket-auth-frame-log", """[ws] connected wss://§host§/stream
[ws] >>> {"action":"authenticate","token":"§b64u48§"}
[ws] <<< {"status":"ok","session":"§uuid§"}""", "b64u48", "action")
S(_g, "rfid-reader-serial-console-login", """[READER 03] >> AT+LOGIN=admin,§pwy§
[READER 03] << OK
[READER 03] >> AT+ANT=1,2,3,4""", "pwy", "AT+ANT=1,2,3,4")
S(_g, "gatectl-installer-pin-log", """§tsl§ gatectl[811]: connecting to controller §ip§ as installer (pin §pin§)
§tsl§ gatectl[811]: controller firmware 4.12.3, 12 lanes online""", "pin", "12 lanes online")
S(_g, "captive-portal-voucher-debug", """DEBUG portal: POST /login mac=aa:bb:cc:dd:ee:§hex2§ voucher=§upper10§ plan=matchday-24h
INFO  portal: session started for guest""", "upper10", "matchday-24h")
S(_g, "stripe-webhook-debug-secret", """WARN  webhooks.stripe  signature mismatch for evt_§alnum24§
DEBUG webhooks.stripe  verifying with endpoint secret §whsec§ (tolerance=300s)""", "whsec", "signature mismatch")
S(_g, "sentry-breadcrumb-form-body", """"breadcrumbs": [{"category": "http", "data": {"url": "/account/login", "method": "POST", "body": "email=§emailenc§&password=§pwu§&remember=1"}}]""", "pwu", "/account/login")
S(_g, "mysql-general-log-create-user", """§ts§	   12 Query	CREATE USER 'scanner'@'%' IDENTIFIED BY '§pwy§'
§ts§	   12 Query	GRANT SELECT, INSERT ON gates.scans TO 'scanner'@'%'""", "pwy", "GRANT SELECT, INSERT")
S(_g, "postgres-log-alter-role-statement", """§tsl§ UTC [3121] postgres@§db§ LOG:  statement: ALTER ROLE gate_ro PASSWORD '§pwy§';""", "pwy", "ALTER ROLE gate_ro")
S(_g, "mongod-json-log-uri-attr", """{"t":{"$date":"§ts§"},"s":"I","c":"NETWORK","id":4333208,"ctx":"ReplicaSetMonitor","msg":"Connecting","attr":{"uri":"mongodb://§dbuser§:§pwu§@§host§:27017/?replicaSet=rs0"}}""", "pwu", "ReplicaSetMonitor")
S(_g, "airflow-connection-debug-line", """[§tsl§] {base.py:73} INFO - Using connection to: id: ticketing_pg. Host: §dbhost§, Port: 5432, Schema: §db§, Login: §dbuser§, Password: §pwy§, extra: {}""", "pwy", "ticketing_pg")
S(_g, "terraform-debug-security-token-header", """§ts§ [DEBUG] provider.terraform-provider-aws: HTTP Request Sent: http.method=POST http.url=https://sts.amazonaws.com/ X-Amz-Security-Token=§awssession§""", "awssession", "terraform-provider-aws")
S(_g, "ansible-task-result-without-no-log", """TASK [radius : render clients.conf] *********************************
ok: [gate-n1] => {"changed": false, "item": {"name": "turnstile-north", "secret": "§radsecret§", "ipaddr": "§ip§"}}""", "radsecret", "render clients.conf")
S(_g, "gradle-could-not-get-url-userinfo", """> Could not resolve com.§org§:timing-core:§ver§.
   > Could not GET 'https://§user§:§pwu§@maven.§domain§/releases/com/§org§/timing-core/maven-metadata.xml'. Received status code 401 from server""", "pwu", "Received status code 401")
S(_g, "npm-verbose-config-authtoken", """npm verb config //registry.npmjs.org/:_authToken=§npm§
npm ERR! 403 403 Forbidden - PUT https://registry.npmjs.org/@racehub%2ftiming-ui""", "npm", "403 Forbidden")
S(_g, "dotnet-argument-exception-connstr", """System.ArgumentException: Keyword not supported: 'sslmod'.
   at Npgsql.NpgsqlConnectionStringBuilder.GetProperty(String keyword)
   ConnectionString: "Server=§host§;User ID=§user§;Password=§pwy§;SslMod=Required\"""", "pwy", "Keyword not supported")
S(_g, "rails-log-unfiltered-password-param", """Started POST "/members/sign_in" for §ip§ at §tsl§
Processing by Members::SessionsController#create as HTML
  Parameters: {"authenticity_token"=>"[FILTERED]", "member"=>{"email"=>"§email§", "password"=>"§pw§"}}""", "pw", "Members::SessionsController#create")
S(_g, "laravel-log-error-context-password", """[§tsl§] production.ERROR: Connection could not be established with host smtp.§domain§ {"username":"tickets@§domain§","password":"§pw§","port":587}""", "pw", "production.ERROR")
S(_g, "lambda-event-dump-api-key-header", """START RequestId: §uuid§ Version: $LATEST
§ts§	§uuid§	INFO	event: {"path": "/entries", "headers": {"x-api-key": "§b64u40§", "host": "§host§"}}""", "b64u40", "START RequestId")
S(_g, "haproxy-log-captured-basic-header", """§tsl§ lb01 haproxy[992]: §ip§:51544 [§clf§] stats~ stats/<STATS> 0/0/0/0/0 200 1312 - - LR-- {§host§|Basic §basic§} "GET /stats HTTP/1.1\"""", "basic", "stats/<STATS>", {"basic": _basic("user", "pwu")})
S(_g, "kafka-connect-config-dump", """[§tsl§] INFO JdbcSinkConfig values:
	connection.url = jdbc:postgresql://§dbhost§/§db§
	connection.user = §dbuser§
	connection.password = §pwy§
	insert.mode = upsert""", "pwy", "JdbcSinkConfig")
S(_g, "compose-container-startup-echo", """boxoffice-1  | Starting with DB_HOST=§dbhost§ DB_PASSWORD=§pwy§ WORKERS=4
boxoffice-1  | Listening on :8080""", "pwy", "Listening on :8080")
S(_g, "redis-monitor-auth-command", """1718123456.101234 [0 §ip§:51234] "AUTH" "§pwy§"
1718123456.103377 [0 §ip§:51234] "HGETALL" "seat:hold:§int§\"""", "pwy", "HGETALL")
S(_g, "mqtt-broker-debug-connect", """§epoch§: New client connected from §ip§:40122 as reader-07 (p2, c1, k60, u'chip', p'§pwy§').""", "pwy", "reader-07")
S(_g, "werkzeug-debugger-environment-dump", """Environment:
  FLASK_ENV=production
  WHOOP_CLIENT_ID=§uuid§
  WHOOP_CLIENT_SECRET=§whoopsec§
  PATH=/usr/local/bin:/usr/bin""", "whoopsec", "FLASK_ENV=production")
S(_g, "ci-curl-error-with-key-in-url", """+ curl -fsS "https://§host§/api/import?key=§alnum32§&event=§int§"
curl: (22) The requested URL returned error: 401""", "alnum32", "returned error: 401")
S(_g, "gitlab-runner-fetch-job-token-url", """Fetching changes with git depth set to 20...
fatal: unable to access 'https://gitlab-ci-token:§glcbt§@gitlab.§domain§/timing/bridge.git/': The requested URL returned error: 502""", "glcbt", "Fetching changes")
S(_g, "jenkins-console-unmasked-login", """[Pipeline] sh
+ echo §pwy§
+ docker login -u svc-jenkins --password-stdin harbor.§domain§
Login Succeeded""", "pwy", "Login Succeeded")
S(_g, "elixir-postgrex-connect-config", """[error] Postgrex.Protocol (#PID<0.412.0>) failed to connect: ** (Postgrex.Error) FATAL 28P01 (invalid_password) password authentication failed for user "§dbuser§"
    config: [hostname: "§dbhost§", username: "§dbuser§", password: "§pw§", database: "§db§"]""", "pw", "Postgrex.Protocol")
S(_g, "python-log-client-repr-password", """§tsl§ INFO feeds.client: init BetfairClient(username='§user§', password='§pw§', app_key='§alnum16§', locale='en')""", "pw", "feeds.client")
S(_g, "android-logcat-okhttp-authorization", """§time§:41.201  8123  8190 D OkHttp  : --> GET https://§host§/api/me/workouts
§time§:41.201  8123  8190 D OkHttp  : Authorization: Bearer §jwt§""", "jwt", "D OkHttp")
S(_g, "ios-console-request-headers-dict", """[Networking] GET https://§host§/club/v2/classes
[Networking] request headers: ["Accept": "application/json", "X-Club-Token": "§alnum40§"]""", "alnum40", "/club/v2/classes")
S(_g, "smtp-debug-auth-plain", """*** SMTP session with smtp.§domain§:587 ***
C: EHLO results-mailer
C: AUTH PLAIN §authplain§
S: 235 2.7.0 Authentication successful""", "authplain", "Authentication successful", {"authplain": lambda v: _b64("\0" + v["email"] + "\0" + v["pw"])})
S(_g, "squid-debug-proxy-authorization", """2025/§digits2§/11 08:14:02.553 kid1| 11,2| client_side.cc(1337) parseHttpRequest: HTTP Client REQUEST:
CONNECT odds.§domain§:443 HTTP/1.1
Proxy-Authorization: Basic §basic§""", "basic", "parseHttpRequest", {"basic": _basic("user", "pwu")})
S(_g, "har-entry-cookie-header", """{"name": "Cookie", "value": "venue_sess=§b64u48§; lang=en; seatmap_v=3"},
{"name": "Host", "value": "§host§"}""", "b64u48", "seatmap_v=3")
S(_g, "windows-4688-process-command-line", """A new process has been created.
Process Command Line:	"C:\\Program Files\\TimingSuite\\sync.exe" /server:§host§ /user:timing /password:§pwy§ /event:§int§""", "pwy", "A new process has been created.")
S(_g, "iis-log-uri-query-key", """§date§ §time§:09 §ip§ GET /ScoreService.asmx/Push key=§upper24§&court=3 443 - §pubip§ ScoreboardAgent/2.1 200 0 0 31""", "upper24", "ScoreService.asmx")
S(_g, "k8s-crashloop-invalid-credentials-log", """§ts§ ERROR feed-proxy: upstream rejected credentials (provider=statsfeed, key=§alnum32§), retrying in 30s""", "alnum32", "upstream rejected credentials")
S(_g, "pm2-log-connecting-with-token", """0|odds-sync  | §tsl§: connecting with token §b64u40§ to wss://§host§/v2/stream
0|odds-sync  | §tsl§: subscribed 212 markets""", "b64u40", "subscribed 212 markets")
S(_g, "oauth1-debug-token-secret", """DEBUG garmin.oauth: request token ok oauth_token=§uuid§ oauth_token_secret=§alnum40§ oauth_callback_confirmed=true""", "alnum40", "garmin.oauth")
S(_g, "uwsgi-env-amqp-url", """*** Operational MODE: preforking ***
uwsgi: env QUEUE_URL=amqp://§user§:§pwu§@§host§:5672/feeds
spawned uWSGI worker 1 (pid: 41)""", "pwu", "Operational MODE")
S(_g, "fluentd-startup-config-dump", """§tsl§ [info]: using configuration file: <ROOT>
  <match app.**>
    @type elasticsearch
    host "§host§"
    user "fluentd"
    password "§pwy§"
  </match>""", "pwy", "using configuration file")

# =====================================================================
# group: note-or-chat  -- running notes, goals, decisions, pasted chat
# =====================================================================
_g = "note-or-chat"
S(_g, "slack-thread-handover-password", """[#race-ops] §person§: handing over the timing laptop for the night shift - login is timing / §pwy§, mats are already paired to reader 2.""", "pwy", "#race-ops")
S(_g, "german-note-wlan-passwort", """Notiz (§person§): Das WLAN-Passwort für die Pressetribüne lautet §psk§ - bitte nicht weitergeben.""", "psk", "Pressetribüne")
S(_g, "french-chat-mot-de-passe", """§person§ : le mot de passe du portail billetterie c'est §pw§ (compte admin@§domain§)""", "pw", "portail billetterie")
S(_g, "spanish-chat-contrasena-router", """§person§: la contraseña del router del estadio es §psk§, la cambiamos después del partido.""", "psk", "router del estadio")
S(_g, "italian-chat-password-dashboard", """§person§: password della dashboard quote: §pw§ - utente "§user§\"""", "pw", "dashboard quote")
S(_g, "portuguese-chat-senha-catracas", """§person§: senha do painel das catracas: §pwy§ (usuário instalador)""", "pwy", "painel das catracas")
S(_g, "dutch-chat-wachtwoord-tijdregistratie", """§person§: wachtwoord voor de tijdregistratie-pc is §pwy§, gebruiker finish""", "pwy", "tijdregistratie-pc")
S(_g, "polish-chat-haslo-panel-zapisow", """§person§: hasło do panelu zapisów na bieg: §pw§""", "pw", "panelu zapisów")
S(_g, "japanese-chat-wifi-password", """§person§: 会場Wi-Fi（§ssid§）のパスワードは「§psk§」です。""", "psk", "会場Wi-Fi")
S(_g, "chinese-chat-ticketing-backend", """§person§：票务后台账号 §user§，密码 §pw§，明天早上前别改。""", "pw", "票务后台账号")
S(_g, "korean-chat-scoreboard-admin", """§person§: 스코어보드 관리자 비밀번호는 §pwy§ 입니다.""", "pwy", "스코어보드 관리자")
S(_g, "russian-chat-turnstile-admin", """§person§: пароль от админки турникетов — §pwy§""", "pwy", "админки турникетов")
S(_g, "turkish-chat-sifre", """§person§: turnike panelinin şifresi: §pwy§""", "pwy", "turnike panelinin")
S(_g, "swedish-chat-losenord-malkamera", """§person§: lösenordet till målkameran är §pwy§""", "pwy", "målkameran")
S(_g, "arabic-chat-registration-password", """§person§: كلمة المرور لبوابة التسجيل هي §pwy§""", "pwy", "بوابة التسجيل")
S(_g, "hindi-chat-portal-password", """§person§: रजिस्ट्रेशन पोर्टल का पासवर्ड §pwy§ है""", "pwy", "रजिस्ट्रेशन पोर्टल")
S(_g, "running-notes-creds-label", """Running notes:
- staging odds API creds: key §hex32§ (from §person§, expires Friday)
- prod still blocked on procurement""", "hex32", "Running notes:")
S(_g, "abbrev-pw-label-note", """gfx box (§ip§) pw: §pwy§ -- Vizrt engine restarts itself at 03:00""", "pwy", "Vizrt engine")
S(_g, "todo-rotate-current-pass", """TODO: rotate after the final - current pass for scanner-admin is §pw§""", "pw", "scanner-admin")
S(_g, "creds-email-slash-password", """creds for the sandbox Mindbody site: §email§ / §pw§""", "pw", "sandbox Mindbody site")
S(_g, "unlabeled-password-after-ssh-line", """§person§: ssh timing@§ip§
§person§: §pw§
§person§: you'll need sudo for the reader service""", "pw", "reader service")
S(_g, "email-forward-temporary-password", """From: accreditation@§domain§
Subject: Fwd: your venue portal account

Username: §user§
Temporary password: §pwy§
Please change it at first login.""", "pwy", "Fwd: your venue portal account")
S(_g, "wifi-card-network-key", """📶 Media Centre Wi-Fi
Network: §ssid§
Key: §psk§
(valid matchday only)""", "psk", "Media Centre Wi-Fi")
S(_g, "whatsapp-export-spanish-clave", """[§time§] §person§: la clave del wifi de la zona VIP: §psk§""", "psk", "zona VIP")
S(_g, "jira-comment-pasted-bot-token", """§ticket§ comment (§person§): reproduced with token §xoxb§ - works in dev, fails in prod workspace.""", "xoxb", "fails in prod workspace")
S(_g, "handover-doc-restricted-key", """## Handover
- Stripe restricted key for box office refunds: §rk_live§
- Do NOT use the full secret key for refunds.""", "rk_live", "## Handover")
S(_g, "agent-decision-shared-trial-key", """Decision: keep using the shared sports-data trial key (§alnum24§) until procurement lands the paid plan; revisit §date§.""", "alnum24", "Decision:")
S(_g, "goal-text-with-event-key-and-password", """Goal: get the chip-reader bridge pushing to the results service again. The event key is §upper12§ and the API password §person§ sent is §pwy§.""", "pwy", "chip-reader bridge")
S(_g, "standup-note-rotated-secret", """Standup: §person§ reset the Polar AccessLink client secret, new one is §polar§; old integrations will fail until redeployed.""", "polar", "Standup:")
S(_g, "password-manager-share-paste", """Shared item "Turnstile controller - South":
username: installer
password: §pw§
website: https://§ip§/""", "pw", "Turnstile controller - South")
S(_g, "passphrase-four-words-quoted", """§person§: it's the four words - "§phrase§" - all lowercase, spaces included.""", "phrase", "all lowercase")
S(_g, "box-office-safe-code", """§person§: safe in the box office has code §pin§, the float is in the top tray.""", "pin", "box office")
S(_g, "door-keypad-code-chat", """§person§: the keypad on the north tunnel door is §pin§ then #, changes after the season.""", "pin", "north tunnel door")
S(_g, "codeswitch-japanese-english", """§person§: OK, the admin パスワード is §pwy§ for the results kiosk.""", "pwy", "results kiosk")
S(_g, "german-zugangsdaten-verband", """Zugangsdaten Anmeldeportal (Verband): Benutzer §user§ / Kennwort §pwy§""", "pwy", "Anmeldeportal")
S(_g, "french-identifiants-ftp", """Identifiants FTP chronométrage : §user§ / §pwy§ (serveur §host§)""", "pwy", "FTP chronométrage")
S(_g, "spanish-credenciales-api-liga", """Credenciales API de la liga: usuario §user§, clave §alnum32§""", "alnum32", "API de la liga")
S(_g, "italian-credenziali-gestionale-palestra", """credenziali gestionale palestra: §email§ - §pw§""", "pw", "gestionale palestra")
S(_g, "norwegian-wifi-kode-garderobe", """§person§: koden til wifi i garderoben er §psk§""", "psk", "garderoben")
S(_g, "finnish-salasana-tulospalvelu", """salasana: §pwy§ (tulospalvelu, käyttäjä §user§)""", "pwy", "tulospalvelu")
S(_g, "greek-kodikos-eisitirion", """Κωδικός για το σύστημα εισιτηρίων: §pwy§""", "pwy", "σύστημα εισιτηρίων")
S(_g, "vietnamese-mat-khau-wifi", """mật khẩu wifi khu báo chí: §psk§""", "psk", "khu báo chí")
S(_g, "indonesian-kata-sandi-dasbor", """§person§: kata sandi dasbor tiket: §pwy§""", "pwy", "dasbor tiket")
S(_g, "czech-heslo-casomira", """§person§: heslo k časomíře je §pwy§""", "pwy", "časomíře")
S(_g, "hebrew-password-ticketing", """§person§: הסיסמה למערכת הכרטיסים: §pwy§""", "pwy", "מערכת הכרטיסים")
S(_g, "thai-wifi-password-stadium", """รหัสผ่าน wifi สนาม (§ssid§): §psk§""", "psk", "wifi สนาม")
S(_g, "chat-url-with-embedded-creds", """§person§: just use https://§user§:§pwu§@§host§/admin for now, SSO is broken""", "pwu", "SSO is broken")
S(_g, "note-gcs-signed-url-signature", """§person§ shared the export link: https://storage.googleapis.com/§bucket§/exports/members.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40venue-analytics.iam.gserviceaccount.com%2F§date8§%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=§date8§T093000Z&X-Goog-Expires=604800&X-Goog-SignedHeaders=host&X-Goog-Signature=§hex256§""", "hex256", "storage.googleapis.com")
S(_g, "note-azure-sas-upload-link", """§person§: upload the highlight reels here: https://§lowerl10§.blob.core.windows.net/reels?sv=2022-11-02&ss=b&srt=co&sp=rwlac&se=2025-12-31T23:59:59Z&st=§date§T00:00:00Z&spr=https&sig=§sasig§""", "sasig", "highlight reels")
S(_g, "call-notes-ob-truck-wifi", """Call notes w/ venue IT: Wi-Fi for OB trucks is "§ssid§", passphrase §psk§, VLAN 340.""", "psk", "OB trucks")
S(_g, "issue-comment-pasted-own-token", """> @§person§ I tried with my token §ghp§ and got 404 on the checks API too""", "ghp", "checks API")
S(_g, "postmortem-draft-leaked-value", """Postmortem draft: the leaked value was the Twilio auth token §hex32§ (account AC§hex32_s§) - rotated at 14:02.""", "hex32", "Postmortem draft")
S(_g, "agent-memo-next-step-client-secret", """Next: retry the Whoop webhook registration with client secret §whoopsec§ once §person§ confirms the redirect URI.""", "whoopsec", "webhook registration")
S(_g, "chat-answer-to-question-no-label", """§person§: what's the unseal key they gave us for vault-2?
§person_b§: §unseal§""", "unseal", "vault-2")
S(_g, "signal-group-new-stream-key", """§person§: new stream key for the OB feed → §twitchkey§""", "twitchkey", "OB feed")
S(_g, "chat-code-block-env-line", """§person§: paste this into the kiosk's .env and restart
```
DB_PASS=§pwy§
```""", "pwy", "restart")
S(_g, "whiteboard-photo-ocr", """OCR of whiteboard photo: "GUEST WIFI - §ssid§ - PW: §psk§\"""", "psk", "OCR of whiteboard photo")
S(_g, "backup-codes-note", """Backup codes for the club's Strava admin account: §lower10§ §lower10_b§ §lower10_c§ (keep offline)""", "lower10", "Backup codes")
S(_g, "calendar-invite-zoom-pwd-param", """Race briefing - join: https://us02web.zoom.us/j/§digits11§?pwd=§b64u32§""", "b64u32", "Race briefing")
S(_g, "meeting-id-passcode", """Meeting ID: §digits3§ §digits4§ §digits4§
Passcode: §pwy§""", "pwy", "Meeting ID")
S(_g, "totp-seed-shared-account", """§person§: TOTP seed for the shared federation account: §base32_32§""", "base32_32", "federation account")
S(_g, "try-this-one-no-label", """§person§: the old one didn't work for the kiosk, try §pw§""", "pw", "for the kiosk")
S(_g, "spanish-note-codigo-puerta", """Nota: el código de la puerta del vestuario es §pin§""", "pin", "vestuario")
S(_g, "german-chat-api-schluessel", """§person§: der API-Schlüssel für die Zeitmessung ist §alnum32§, bitte nur im Staging nutzen.""", "alnum32", "Zeitmessung")
S(_g, "french-note-cle-api-billetterie", """Note : clé API billetterie (prod) = §tix_key§ - à mettre dans le coffre.""", "tix_key", "billetterie")

# =====================================================================
# group: ci-and-deploy  -- pipelines, manifests, deploy scripts
# =====================================================================
_g = "ci-and-deploy"
S(_g, "gha-workflow-env-hardcoded-key", """jobs:
  sync-odds:
    runs-on: ubuntu-latest
    env:
      ODDS_API_KEY: §hex32§
      NODE_ENV: production""", "hex32", "sync-odds")
S(_g, "gha-run-curl-token-header", """- name: Post release note
  run: |
    curl -X POST -H "Authorization: token §ghp§" \\
      https://api.github.com/repos/§org§/scoreboard/releases -d @release.json""", "ghp", "Post release note")
S(_g, "gitlab-ci-variables-postgres-password", """variables:
  POSTGRES_DB: results_test
  POSTGRES_USER: runner
  POSTGRES_PASSWORD: "§pwy§\"""", "pwy", "results_test")
S(_g, "gitlab-ci-script-docker-login-p", """deploy:
  stage: deploy
  script:
    - docker login -u deploy -p §pwy§ registry.§domain§
    - docker push registry.§domain§/timing/bridge:$CI_COMMIT_SHORT_SHA""", "pwy", "stage: deploy")
S(_g, "circleci-job-environment-token", """jobs:
  upload-sourcemaps:
    docker:
      - image: cimg/node:20.11
    environment:
      SENTRY_AUTH_TOKEN: §sntrys§""", "sntrys", "upload-sourcemaps")
S(_g, "jenkinsfile-sh-curl-basic", """stage('Trigger scoreboard deploy') {
  steps {
    sh "curl -fsS -u admin:§pwu§ https://§host§/job/scoreboard-deploy/build"
  }
}""", "pwu", "Trigger scoreboard deploy")
S(_g, "azure-pipelines-variable-value", """variables:
  - name: sqlAdminUser
    value: boxofficeadmin
  - name: sqlAdminPassword
    value: '§pw§'""", "pw", "sqlAdminUser")
S(_g, "bitbucket-pipelines-pipe-password", """- pipe: atlassian/ftp-deploy:0.3.7
  variables:
    USER: timing
    PASSWORD: '§pw§'
    SERVER: §host§
    REMOTE_PATH: /live/results""", "pw", "atlassian/ftp-deploy")
S(_g, "drone-docker-plugin-settings", """- name: publish
  image: plugins/docker
  settings:
    repo: registry.§domain§/league/portal
    username: ci
    password: §pwy§""", "pwy", "plugins/docker")
S(_g, "travis-env-global-token", """env:
  global:
    - MYLAPS_TOKEN=§alnum32§
    - EVENT_ID=§int§""", "alnum32", "env:")
S(_g, "argocd-repo-secret-stringdata", """apiVersion: v1
kind: Secret
metadata:
  name: deploy-manifests-repo
  labels:
    argocd.argoproj.io/secret-type: repository
stringData:
  url: https://github.com/§org§/deploy-manifests
  username: not-used
  password: §ghp§""", "ghp", "argocd.argoproj.io/secret-type")
S(_g, "compose-prod-environment-list", """# deploy/compose.prod.yml
    environment:
      - NODE_ENV=production
      - STRIPE_SECRET_KEY=§sk_live§""", "sk_live", "deploy/compose.prod.yml")
S(_g, "k8s-deployment-env-value-literal", """        env:
        - name: BETFAIR_USERNAME
          value: §user§
        - name: BETFAIR_PASSWORD
          value: "§pw§\"""", "pw", "BETFAIR_USERNAME")
S(_g, "pipeline-helm-set-admin-pin", """- helm upgrade --install gates ./charts/gates -n venue --set controller.adminPin=§pin§ --wait""", "pin", "./charts/gates")
S(_g, "terraformrc-credentials-block", """credentials "app.terraform.io" {
  token = "§tfc§"
}""", "tfc", "app.terraform.io")
S(_g, "ansible-inventory-ansible-password", """[turnstiles]
gate-n1 ansible_host=§ip§ ansible_user=pi ansible_password=§pwy§
gate-n2 ansible_host=§ip_b§ ansible_user=pi""", "pwy", "[turnstiles]")
S(_g, "capistrano-ssh-options-password", """set :ssh_options, {
  user: "deploy",
  password: "§pw§",
  forward_agent: false
}""", "pw", "forward_agent")
S(_g, "fastlane-dotenv-passwords", """# fastlane/.env.default
FASTLANE_USER=§email§
FASTLANE_PASSWORD=§pwy§
MATCH_GIT_URL=git@github.com:§org§/certificates.git""", "pwy", "fastlane/.env.default")
S(_g, "netlify-toml-context-env", """[context.production.environment]
  SANITY_DATASET = "production"
  SANITY_TOKEN = "§sanity§\"""", "sanity", "context.production.environment")
S(_g, "vercel-json-env-hmac", """{
  "env": {
    "TICKET_HMAC_SECRET": "§hex64§"
  },
  "regions": ["lhr1"]
}""", "hex64", "regions")
S(_g, "serverless-yml-provider-environment", """provider:
  name: aws
  runtime: nodejs20.x
  environment:
    TWILIO_AUTH_TOKEN: §hex32§""", "hex32", "nodejs20.x")
S(_g, "cloudbuild-substitutions-password", """substitutions:
  _REGION: europe-west2
  _DB_PASS: '§pwy§'""", "pwy", "europe-west2")
S(_g, "gha-services-mysql-root-password", """services:
  mysql:
    image: mysql:8.0
    env:
      MYSQL_ROOT_PASSWORD: §pwy§
    ports: ['3306:3306']""", "pwy", "mysql:8.0")
S(_g, "gha-ssh-action-with-password", """- uses: appleboy/ssh-action@v1
  with:
    host: §host§
    username: deploy
    password: §pwy§
    script: systemctl restart scoreboard""", "pwy", "appleboy/ssh-action")
S(_g, "deploy-script-sshpass-scp", """#!/bin/sh
# deploy.sh - push timing build to finish-line PC
sshpass -p "§pw§" scp build.tar.gz deploy@§host§:/srv/""", "pw", "deploy.sh")
S(_g, "heroku-app-json-env-value", """{
  "name": "recovery-sync",
  "env": {
    "WHOOP_CLIENT_SECRET": {"value": "§whoopsec§"}
  }
}""", "whoopsec", "recovery-sync")
S(_g, "gitlab-pipeline-trigger-token-curl", """curl -X POST -F token=§glptt§ -F ref=main https://gitlab.§domain§/api/v4/projects/42/trigger/pipeline""", "glptt", "trigger/pipeline")
S(_g, "k8s-dockerconfigjson-data", """apiVersion: v1
kind: Secret
type: kubernetes.io/dockerconfigjson
metadata:
  name: regcred
data:
  .dockerconfigjson: §dcj§""", "dcj", "regcred", {"dcj": lambda v: _b64('{"auths":{"registry.%s":{"username":"%s","password":"%s","auth":"%s"}}}' % (v["domain"], v["user"], v["pwu"], _b64(v["user"] + ":" + v["pwu"])))})
S(_g, "nomad-template-heredoc-env", """template {
  data        = <<EOH
DB_PASSWORD="§pw§"
EOH
  destination = "secrets/db.env"
  env         = true
}""", "pw", "secrets/db.env")
S(_g, "packer-winrm-password", """source "azure-arm" "scoreboard" {
  communicator   = "winrm"
  winrm_username = "packer"
  winrm_password = "§pw§"
}""", "pw", "communicator")
S(_g, "vagrantfile-provision-env", """config.vm.provision "shell", path: "radius.sh", env: {"RADIUS_SECRET" => "§radsecret§"}""", "radsecret", "radius.sh")
S(_g, "gh-secret-set-body-flag", """gh secret set SPORTRADAR_KEY --body "§alnum24§" --repo §org§/feeds""", "alnum24", "gh secret set SPORTRADAR_KEY")
S(_g, "ecs-task-definition-environment", """"environment": [
  {"name": "FEED_REGION", "value": "eu"},
  {"name": "ODDS_SECRET", "value": "§b64_40§"}
],""", "b64_40", "FEED_REGION")
S(_g, "cloudformation-noecho-default", """Parameters:
  DBPassword:
    Type: String
    NoEcho: true
    Default: "§pwy§\"""", "pwy", "NoEcho: true")
S(_g, "pulumi-stack-config-plaintext", """# Pulumi.prod.yaml
config:
  venue-infra:region: §region§
  venue-infra:radiusSecret: §radsecret§""", "radsecret", "Pulumi.prod.yaml")
S(_g, "pulumi-access-token-inline", """PULUMI_ACCESS_TOKEN=§pulumi§ pulumi up --stack prod --yes""", "pulumi", "pulumi up --stack prod")
S(_g, "doppler-token-ci-env", """env:
  DOPPLER_TOKEN: §doppler§
steps:
  - run: doppler run -- npm run build""", "doppler", "doppler run")
S(_g, "vault-approle-role-and-secret-id", """# /etc/vault-agent/approle
role_id: §uuid_r§
secret_id: §uuid§""", "uuid", "/etc/vault-agent/approle")
S(_g, "docker-build-arg-github-token", """docker build --build-arg GITHUB_TOKEN=§ghs§ -t ghcr.io/§org§/odds:§sha7§ .""", "ghs", "docker build")
S(_g, "kustomize-secretgenerator-literals", """secretGenerator:
- name: ticketing
  literals:
  - STRIPE_KEY=§rk_live§
  - CURRENCY=GBP""", "rk_live", "secretGenerator")
S(_g, "teamcity-param-xml-value", """<param name="env.DEPLOY_USER" value="deploy" />
<param name="env.DEPLOY_PASSWORD" value="§pwx§" />""", "pwx", "env.DEPLOY_USER")
S(_g, "buildkite-env-codecov-uuid", """env:
  CODECOV_TOKEN: "§uuid§"
steps:
  - command: make test""", "uuid", "make test")
S(_g, "sonar-project-properties-login", """sonar.projectKey=§org§_timing-core
sonar.host.url=https://sonar.§domain§
sonar.login=§squ§""", "squ", "sonar.projectKey")
S(_g, "snyk-token-env-step", """- name: snyk test
  env:
    SNYK_TOKEN: §uuid§
  run: npx snyk test --severity-threshold=high""", "uuid", "snyk test")
S(_g, "setup-node-node-auth-token", """- run: npm publish --access public
  env:
    NODE_AUTH_TOKEN: §npm§""", "npm", "npm publish")
S(_g, "cargo-publish-token-flag", """cargo publish --token §cio§ -p fit-file-parser""", "cio", "fit-file-parser")
S(_g, "gem-credentials-file", """# ~/.gem/credentials
---
:rubygems_api_key: §rubygems§""", "rubygems", "~/.gem/credentials")
S(_g, "dotnet-nuget-push-api-key", """dotnet nuget push bin/Release/*.nupkg -k §oy2§ -s https://api.nuget.org/v3/index.json""", "oy2", "dotnet nuget push")
S(_g, "eas-expo-token-env", """- name: EAS build
  env:
    EXPO_TOKEN: §b64u40§
  run: eas build --platform all --non-interactive""", "b64u40", "EAS build")
S(_g, "firebase-deploy-token-flag", """firebase deploy --only hosting:club-site --token "1//§b64u60§\"""", "b64u60", "hosting:club-site")
S(_g, "sentry-cli-auth-token-flag", """sentry-cli --auth-token §sntrys§ releases new -p scanner-app "$VERSION\"""", "sntrys", "releases new")
S(_g, "codemagic-yaml-keystore-password", """environment:
  vars:
    CM_KEYSTORE_PASSWORD: §pwy§
    CM_KEY_ALIAS: upload""", "pwy", "CM_KEY_ALIAS")
S(_g, "gradle-signing-config-passwords", """signingConfigs {
    release {
        storeFile file("upload.jks")
        storePassword "§pw§"
        keyAlias "upload"
        keyPassword "§pw_k§"
    }
}""", "pw", "signingConfigs")
S(_g, "render-deploy-hook-url-key", """curl -fsS -X POST "https://api.render.com/deploy/srv-§lower20§?key=§b64u11§\"""", "b64u11", "api.render.com/deploy")
S(_g, "discord-webhook-notify-step", """- name: notify
  run: curl -H "Content-Type: application/json" -d '{"content":"deploy ok"}' https://discord.com/api/webhooks/§digits18§/§b64u68§""", "b64u68", "deploy ok")
S(_g, "ci-variable-openssh-key-indented", """DEPLOY_KEY: |
  -----BEGIN OPENSSH PRIVATE KEY-----
  §opensshind§
  -----END OPENSSH PRIVATE KEY-----""", "opensshind", "DEPLOY_KEY")
S(_g, "gha-database-url-with-password", """env:
  DATABASE_URL: postgres://postgres:§pwu§@localhost:5432/results_ci""", "pwu", "results_ci")
S(_g, "docker-secret-create-printf", """printf '§pw§' | docker secret create radius_secret -""", "pw", "docker secret create")
S(_g, "cloudflare-api-token-ci-env", """env:
  CLOUDFLARE_ACCOUNT_ID: §hex32§
  CLOUDFLARE_API_TOKEN: §cftoken§""", "cftoken", "CLOUDFLARE_ACCOUNT_ID")
S(_g, "doctl-auth-init-token", """doctl auth init -t §dop§ --context venue-prod""", "dop", "--context venue-prod")
S(_g, "hcloud-token-inline-terraform", """HCLOUD_TOKEN=§alnum64§ terraform -chdir=infra/hetzner apply""", "alnum64", "infra/hetzner")
S(_g, "tailscale-up-authkey-runner", """tailscale up --authkey=§tskey§ --hostname=ci-runner-§small§ --advertise-tags=tag:ci""", "tskey", "--advertise-tags=tag:ci")
S(_g, "procfile-release-inline-password", """release: DB_URL=postgres://§dbuser§:§pwu§@§dbhost§/§db§ python manage.py migrate""", "pwu", "manage.py migrate")
S(_g, "skaffold-helm-setvalues-secret", """deploy:
  helm:
    releases:
    - name: scoreboard
      setValues:
        feed.apiKey: §alnum32§""", "alnum32", "setValues")

# =====================================================================
# group: vendor-token  -- vendor credentials in their own shapes
# =====================================================================
_g = "vendor-token"
S(_g, "strava-refresh-token-labeled", """strava refresh_token for athlete §digits8§: §hex40§""", "hex40", "athlete")
S(_g, "strava-client-secret-json", """{"strava": {"client_id": §digits6§, "client_secret": "§hex40§", "verify_token": "STRAVA_WEBHOOK_VERIFY"}}""", "hex40", "verify_token")
S(_g, "garmin-oauth1-token-secret-pair", """oauth_token=§uuid§
oauth_token_secret=§alnum36§""", "alnum36", "oauth_token=")
S(_g, "polar-accesslink-basic-credentials", """Polar AccessLink client: id §uuid_i§ secret §polar§""", "polar", "Polar AccessLink client")
S(_g, "whoop-like-client-secret-env", """WHOOP_CLIENT_SECRET=§whoopsec§""", "whoopsec", "WHOOP_CLIENT_SECRET")
S(_g, "oura-like-personal-access-token", """Authorization: Bearer §upper32§   # oura personal access token, sleep + readiness scopes""", "upper32", "oura personal access token")
S(_g, "fitbit-like-client-secret", """fitbit:
  client_id: 23§upper4§
  client_secret: §hex32§""", "hex32", "fitbit:")
S(_g, "wahoo-api-bearer", """WAHOO_ACCESS_TOKEN=§b64u43§""", "b64u43", "WAHOO_ACCESS_TOKEN")
S(_g, "mindbody-api-key-header", """Api-Key: §hex32§
SiteId: -99
Authorization: §hex64§""", "hex32", "SiteId: -99")
S(_g, "gym-platform-live-key-invented", """GYMFLOW_SECRET_KEY=gf_live_§alnum40§""", "alnum40", "GYMFLOW_SECRET_KEY")
S(_g, "clubready-like-api-key-query", """https://§host§/api/current/users?ApiKey=§uuid§&StoreId=§int§""", "uuid", "StoreId")
S(_g, "ticketmaster-like-consumer-secret", """Consumer Key: §alnum32§
Consumer Secret: §alnum16§""", "alnum16", "Consumer Key:")
S(_g, "eventbrite-like-private-token", """eventbrite private token: §upper20§""", "upper20", "eventbrite private token")
S(_g, "seatgeek-like-client-secret-query", """https://api.seatgeek.example/2/events?venue.id=§int§&client_id=§alnum32§&client_secret=§hex64§""", "hex64", "venue.id")
S(_g, "ticketing-platform-live-key", """TIXWAVE_API_KEY=§tix_key§""", "tix_key", "TIXWAVE_API_KEY")
S(_g, "sports-data-api-key-query", """GET /nba/trial/v8/en/games/§date§/schedule.json?api_key=§lower24§""", "lower24", "schedule.json")
S(_g, "stats-feed-outlet-auth-key", """outletAuthKey=§lower26§ (match feed f24, competition §int§)""", "lower26", "outletAuthKey=")
S(_g, "odds-api-key-env", """THE_ODDS_API_KEY=§hex32§""", "hex32", "THE_ODDS_API_KEY")
S(_g, "betfair-session-token-header", """X-Application: §alnum16_a§
X-Authentication: §betfair_sess§""", "betfair_sess", "X-Application")
S(_g, "race-results-api-key-invented", """raceresult api key: §rrkey§""", "rrkey", "raceresult api key")
S(_g, "chronotrack-like-live-key", """CT_API_KEY=§chronotrack§""", "chronotrack", "CT_API_KEY")
S(_g, "runsignup-api-secret-pair", """api_key=§hex32_k§&api_secret=§hex32§&format=json""", "hex32", "format=json")
S(_g, "federation-portal-secret-key", """FEDREG_SECRET_KEY=§fedreg§""", "fedreg", "FEDREG_SECRET_KEY")
S(_g, "youtube-live-stream-key", """YouTube stream key: §ytkey§""", "ytkey", "YouTube stream key")
S(_g, "twitch-stream-key", """rtmp://live.twitch.tv/app/§twitchkey§""", "twitchkey", "live.twitch.tv/app")
S(_g, "facebook-live-stream-key-invented", """rtmps://live-api-s.facebook.com:443/rtmp/§fbkey§""", "fbkey", "live-api-s.facebook.com")
S(_g, "mux-token-secret-env", """MUX_TOKEN_ID=§uuid§
MUX_TOKEN_SECRET=§b64_76§""", "b64_76", "MUX_TOKEN_ID")
S(_g, "cloudinary-url-secret", """CLOUDINARY_URL=cloudinary://§digits15§:§b64u27§@venue-media""", "b64u27", "venue-media")
S(_g, "ably-api-key-colon-secret", """ABLY_API_KEY=§alnum6§.§alnum6_k§:§b64u43§""", "b64u43", "ABLY_API_KEY")
S(_g, "twilio-api-key-secret-pair", """TWILIO_API_KEY=SK§hex32_s§
TWILIO_API_SECRET=§alnum32§""", "alnum32", "TWILIO_API_KEY")
S(_g, "sendgrid-api-key", """SENDGRID_API_KEY=§sendgrid§""", "sendgrid", "SENDGRID_API_KEY")
S(_g, "mailgun-private-key", """api: §mailgun§""", "mailgun", "api: ")
S(_g, "postmark-server-token-header", """X-Postmark-Server-Token: §uuid§""", "uuid", "X-Postmark-Server-Token")
S(_g, "mailchimp-api-key-dc-suffix", """mailchimp_api_key = "§mailchimp§\"""", "mailchimp", "mailchimp_api_key")
S(_g, "stripe-secret-key-bare", """§sk_live§""", "sk_live", "")
S(_g, "stripe-webhook-signing-secret", """STRIPE_WEBHOOK_SECRET=§whsec§""", "whsec", "STRIPE_WEBHOOK_SECRET")
S(_g, "square-access-token-bearer", """Authorization: Bearer §square§""", "square", "Authorization: Bearer")
S(_g, "adyen-like-api-key-header", """X-API-Key: §adyen§""", "adyen", "X-API-Key")
S(_g, "paypal-client-secret-pair", """PAYPAL_CLIENT_ID=A§alnum79§
PAYPAL_CLIENT_SECRET=§paypalsec§""", "paypalsec", "PAYPAL_CLIENT_ID")
S(_g, "braintree-access-token", """BRAINTREE_ACCESS_TOKEN=§braintree§""", "braintree", "BRAINTREE_ACCESS_TOKEN")
S(_g, "shopify-admin-access-token", """X-Shopify-Access-Token: §shpat§""", "shpat", "X-Shopify-Access-Token")
S(_g, "shopify-shared-secret", """SHOPIFY_API_SECRET=§shpss§""", "shpss", "SHOPIFY_API_SECRET")
S(_g, "github-classic-pat-bare", """§ghp§""", "ghp", "")
S(_g, "github-fine-grained-pat", """GH_TOKEN=§ghpat§""", "ghpat", "GH_TOKEN")
S(_g, "github-app-installation-token", """installation token (expires in 1h): §ghs§""", "ghs", "installation token")
S(_g, "github-refresh-token", """refresh_token=§ghr§&grant_type=refresh_token""", "ghr", "grant_type=refresh_token")
S(_g, "gitlab-pat-header", """PRIVATE-TOKEN: §glpat§""", "glpat", "PRIVATE-TOKEN")
S(_g, "gitlab-runner-token", """token = "§glrt§\"""", "glrt", "token = ")
S(_g, "slack-user-token", """SLACK_USER_TOKEN=§xoxp§""", "xoxp", "SLACK_USER_TOKEN")
S(_g, "slack-app-level-token", """socket mode app token: §xapp§""", "xapp", "socket mode")
S(_g, "slack-incoming-webhook-url", """https://hooks.slack.com/services/T§upper8§/B§upper10§/§alnum24§""", "alnum24", "hooks.slack.com/services/")
S(_g, "discord-bot-token-header", """Authorization: Bot §discord§""", "discord", "Authorization: Bot")
S(_g, "telegram-bot-api-url", """https://api.telegram.org/bot§telegram§/sendMessage?chat_id=-100§digits10§""", "telegram", "sendMessage")
S(_g, "openai-project-key", """OPENAI_API_KEY=§openai§""", "openai", "OPENAI_API_KEY")
S(_g, "anthropic-api-key", """x-api-key: §anthropic§""", "anthropic", "x-api-key")
S(_g, "huggingface-token", """HF_TOKEN=§hf§""", "hf", "HF_TOKEN")
S(_g, "aws-secret-access-key-labeled", """aws_secret_access_key=§awssecret§""", "awssecret", "aws_secret_access_key")
S(_g, "google-api-key-query", """https://maps.googleapis.com/maps/api/geocode/json?address=§venue_enc§&key=§aiza§""", "aiza", "maps.googleapis.com", {"venue_enc": lambda v: v["venue"].replace(" ", "+")})
S(_g, "azure-storage-connection-string", """DefaultEndpointsProtocol=https;AccountName=§lowerl12§;AccountKey=§azkey§;EndpointSuffix=core.windows.net""", "azkey", "EndpointSuffix=core.windows.net")
S(_g, "datadog-api-key-header", """DD-API-KEY: §hex32§""", "hex32", "DD-API-KEY")
S(_g, "newrelic-user-api-key", """NEW_RELIC_API_KEY=§nrak§""", "nrak", "NEW_RELIC_API_KEY")
S(_g, "grafana-service-account-token", """GRAFANA_TOKEN=§glsa§""", "glsa", "GRAFANA_TOKEN")
S(_g, "npm-granular-token", """NPM_TOKEN=§npm§""", "npm", "NPM_TOKEN")
S(_g, "pypi-api-token", """password: §pypi§""", "pypi", "password: ")
S(_g, "docker-hub-pat", """DOCKERHUB_TOKEN=§dckr§""", "dckr", "DOCKERHUB_TOKEN")
S(_g, "vault-service-token", """VAULT_TOKEN=§hvs§""", "hvs", "VAULT_TOKEN")
S(_g, "mapbox-secret-token", """MAPBOX_DOWNLOADS_TOKEN=§mapboxsk§""", "mapboxsk", "MAPBOX_DOWNLOADS_TOKEN")
S(_g, "algolia-admin-api-key", """ALGOLIA_APP_ID=§upper10§
ALGOLIA_ADMIN_KEY=§hex32§""", "hex32", "ALGOLIA_APP_ID")
S(_g, "firebase-legacy-server-key", """Authorization: key=§firebase_fcm§""", "firebase_fcm", "Authorization: key=")
S(_g, "linear-api-key", """LINEAR_API_KEY=§linear§""", "linear", "LINEAR_API_KEY")
S(_g, "notion-integration-secret", """NOTION_TOKEN=§notion§""", "notion", "NOTION_TOKEN")
S(_g, "airtable-personal-access-token", """Authorization: Bearer §airtable§""", "airtable", "Bearer")
S(_g, "atlassian-api-token-basic-pair", """JIRA_USER=§email§
JIRA_API_TOKEN=§atlassian§""", "atlassian", "JIRA_USER")
S(_g, "figma-personal-token", """X-Figma-Token: §figd§""", "figd", "X-Figma-Token")
S(_g, "postman-api-key", """X-Api-Key: §pmak§""", "pmak", "X-Api-Key")
S(_g, "age-secret-key-line", """# created: §ts§
# public key: age1§lower58§
§agekey§""", "agekey", "# public key:")
S(_g, "tailscale-auth-key", """TS_AUTHKEY=§tskey§""", "tskey", "TS_AUTHKEY")
S(_g, "digitalocean-token", """DIGITALOCEAN_TOKEN=§dop§""", "dop", "DIGITALOCEAN_TOKEN")
S(_g, "intercom-access-token", """INTERCOM_ACCESS_TOKEN=§intercom§""", "intercom", "INTERCOM_ACCESS_TOKEN")
S(_g, "okta-ssws-header", """Authorization: SSWS §okta§""", "okta", "Authorization: SSWS")
S(_g, "hubspot-private-app-token", """HUBSPOT_PRIVATE_APP_TOKEN=§hubspot§""", "hubspot", "HUBSPOT_PRIVATE_APP_TOKEN")
S(_g, "supabase-management-token", """SUPABASE_ACCESS_TOKEN=§sbp§""", "sbp", "SUPABASE_ACCESS_TOKEN")
S(_g, "planetscale-password", """DATABASE_PASSWORD=§pscale§""", "pscale", "DATABASE_PASSWORD")
S(_g, "contentful-management-token", """CONTENTFUL_MANAGEMENT_TOKEN=§cfpat§""", "cfpat", "CONTENTFUL_MANAGEMENT_TOKEN")
S(_g, "launchdarkly-sdk-key", """LD_SDK_KEY=§ldsdk§""", "ldsdk", "LD_SDK_KEY")
S(_g, "resend-api-key", """RESEND_API_KEY=§resend§""", "resend", "RESEND_API_KEY")
S(_g, "replicate-api-token", """REPLICATE_API_TOKEN=§replicate§""", "replicate", "REPLICATE_API_TOKEN")
S(_g, "zendesk-token-basic-pair", """§email§/token:§alnum40§""", "alnum40", "/token:")
S(_g, "broadcast-graphics-engine-key-invented", """VIZ_ENGINE_LICENSE_KEY=§vizrt§""", "vizrt", "VIZ_ENGINE_LICENSE_KEY")
S(_g, "pusher-app-secret", """PUSHER_APP_ID=§digits7§
PUSHER_KEY=§hex20_k§
PUSHER_SECRET=§hex20§""", "hex20", "PUSHER_APP_ID")
S(_g, "auth0-client-secret", """AUTH0_CLIENT_SECRET=§b64u64§""", "b64u64", "AUTH0_CLIENT_SECRET")
S(_g, "akamai-edgerc-client-secret", """[default]
client_secret = §b64_43§=
host = akab-§lower16§.luna.akamaiapis.net""", "b64_43", "luna.akamaiapis.net")

# =====================================================================
# BENIGN templates -- secret-looking but credential-free
# =====================================================================
def _fp():
    return ":".join(_s(_ALPH["HEX"], 2) for _ in range(32))


def _certbody():
    lines = ["MIID" + _c(["8z", "9T", "kj", "qD"]) + "CCA" + _s(ALNUM + "+/", 57)]
    lines += [_s(ALNUM + "+/", 64) for _ in range(_R.randint(4, 7))]
    lines.append(_s(ALNUM + "+/", 40) + "=")
    return "\n".join(lines)


def _pubbody():
    lines = ["MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _s(ALNUM + "+/", 20)]
    lines += [_s(ALNUM + "+/", 64) for _ in range(4)]
    lines.append(_s(ALNUM + "+/", 30) + "IDAQAB")
    return "\n".join(lines)


def _sentence():
    a = _c(["Harbour Park", "Northfield", "Riverside", "Kingsgate", "Lakeside", "Copper Valley"])
    b = _c(["seating plan", "bib range", "turnstile map", "lap schedule", "heat sheet", "kit list",
            "media rota", "parking layout", "course map", "warm-up schedule"])
    return "%s %s v%d" % (a, b, _R.randint(1, 9))


G.update({
    "fp": _fp,
    "sshfp": lambda: "SHA256:" + _s(ALNUM + "+/", 43),
    "edpub": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(ALNUM + "+/", 43),
    "rsapub": lambda: "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _s(ALNUM + "+/", 180) + "==",
    "certbody": _certbody,
    "pubbody": _pubbody,
    "agepub": lambda: "age1" + _s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
    "epc": lambda: "E2801160600002" + _s(_ALPH["HEX"], 10),
    "mac": lambda: ":".join(_s("0123456789abcdef", 2) for _ in range(6)),
    "sent": _sentence,
    "polyline": lambda: "".join(chr(_R.randint(63, 126)) for _ in range(_R.randint(40, 70))).replace("\\", "_"),
    "semver": lambda: "%d.%d.%d%s" % (_R.randint(0, 9), _R.randint(0, 30), _R.randint(0, 40), _c(["", "-rc.1", "-beta.3", "+build.%d" % _R.randint(100, 9999)])),
    "last4": lambda: _s(LOW + DIG, 4),
    "dist": lambda: "%.1f" % (_R.uniform(1000, 42195)),
    "hr": lambda: str(_R.randint(118, 191)),
    "split": lambda: "%d:%02d.%d" % (_R.randint(2, 6), _R.randint(0, 59), _R.randint(0, 9)),
    "seat": lambda: "%s-%s-%d" % (_c(["N", "S", "E", "W"]), _c(UP), _R.randint(1, 40)),
    "envname": lambda: _c(["STRAVA_CLIENT_SECRET", "ODDS_API_KEY", "BETFAIR_APP_KEY", "TICKETING_DB_PASSWORD",
                           "RADIUS_SHARED_SECRET", "GARMIN_CONSUMER_SECRET", "POLAR_CLIENT_SECRET",
                           "SPORTRADAR_KEY", "WHOOP_CLIENT_SECRET", "MYLAPS_TOKEN", "TURNSTILE_ADMIN_PIN"]),
    "secname": lambda: _c(["boxoffice-db", "radius-shared", "odds-feed", "strava-oauth", "gate-hmac",
                           "wifi-psk-press", "garmin-health", "sportradar", "stripe-restricted", "chip-bridge"]),
    "ms": lambda: str(_R.randint(3, 2400)),
})

# ---- commands
B("git checkout §hex40§")
B("git cherry-pick §sha7§ && git push origin release/§ver§")
B("""$ git log --oneline -3
§sha7§ fix(timing): ignore duplicate chip reads within 2s
§sha7_b§ feat(tix): hold seats for 10 minutes at checkout
§sha7_c§ chore: bump fitparse to §ver§""")
B("docker pull ghcr.io/§org§/gate-sync@sha256:§hex64§")
B("""$ sha256sum results_§date§.csv
§hex64§  results_§date§.csv""")
B("""$ md5sum chipmap_§event§.bin
§hex32§  chipmap.bin""")
B("""export STRAVA_CLIENT_SECRET="$(vault kv get -field=client_secret secret/wearables/strava)\"""")
B("""export §envname§="${§envname§:?§envname§ must be set}\"""")
B("""psql "postgresql://§dbuser§@§dbhost§:5432/§db§?sslmode=verify-full" -c '\\conninfo'""")
B("mysql -h §dbhost§ -u §dbuser§ -p §db§   # prompts for the password, nothing on the command line")
B("""curl -s -H "Authorization: Bearer $STRAVA_TOKEN" https://www.strava.com/api/v3/athlete | jq .id""")
B("""curl -fsS -u "$API_USER:$API_PASS" https://§host§/api/v2/events/§int§/starters""")
B("kubectl -n ticketing create secret generic §secname§ --from-env-file=./§secname§.env")
B("kubectl get secret §secname§ -n feeds -o jsonpath='{.metadata.resourceVersion}'")
B("aws secretsmanager describe-secret --secret-id prod/ticketing/§secname§ --query 'LastRotatedDate'")
B("docker login ghcr.io -u ci-bot --password-stdin < /run/secrets/ghcr_token")
B("gh secret set §envname§ --repo §org§/feeds < ./§secname§.key")
B("""$ openssl x509 -noout -fingerprint -sha256 -in gate-api.crt
sha256 Fingerprint=§fp§""")
B("""$ ssh-keygen -lf ~/.ssh/timing_deploy.pub
256 §sshfp§ timing-deploy@§host§ (ED25519)""")
B("""$ gpg --list-keys results-signing
pub   ed25519 2024-03-02 [SC]
      §HEX40§
uid           [ultimate] Results Signing <results@§domain§>""")
B("""$ npm config get //registry.npmjs.org/:_authToken
(protected)""")
B("""$ uuidgen
§uuid§""")
B("""$ terraform output
db_endpoint = "§dbhost§:5432"
db_password = <sensitive>
gate_api_url = "https://§host§\"""")
B("""$ echo -n "$TICKETING_DB_PASSWORD" | wc -c
§small§""")
B("""$ kubectl get pods -n feeds
NAME                         READY   STATUS    RESTARTS   AGE
odds-sync-§lower10§-§lower5§     1/1     Running   0          §small§h
feed-proxy-§lower9§-§lower5_b§    1/1     Running   2          §small_b§d""")
B("""$ docker images --digests ghcr.io/§org§/scoreboard
REPOSITORY                        TAG       DIGEST             IMAGE ID
ghcr.io/§org§/scoreboard   §ver§    sha256:§hex64§   §hex12§""")
B("""$ git rev-parse HEAD
§hex40§""")
B("""fitparse==1.2.0 \\
    --hash=sha256:§hex64§ \\
    --hash=sha256:§hex64_b§""")
B("""HTTP/2 200
etag: "§hex32§"
x-request-id: §uuid§
cf-ray: §hex16§-LHR
cache-control: max-age=30""")
B("""$ docker inspect --format '{{.Id}}' odds-sync
sha256:§hex64§""")
B("openssl rand -hex 32 | vault kv put secret/gates/qr-hmac key=-   # value never printed")
B("""vault kv get -field=password secret/ticketing/db >/dev/null && echo "password present (v§small§)\"""")
B("""$ age-keygen -y ~/.config/sops/age/keys.txt
§agepub§""")
B("""$ wg pubkey < /etc/wireguard/timing.key
§wgkey§""")
B("ssh-copy-id -i ~/.ssh/id_ed25519.pub timing@§ip§")
B("sudo htpasswd -B /etc/nginx/.htpasswd_results §user§   # interactive prompt")
B("kubectl rollout restart deploy/odds-sync -n feeds && kubectl rollout status deploy/odds-sync -n feeds")
B("aws s3 presign s3://§bucket§/exports/entries_§date§.csv --expires-in 900")
B("""$ git lfs ls-files | head -2
§hex10§ * finish_photos/§bib§.jpg
§hex10_b§ * finish_photos/§bib_b§.jpg""")
B("""$ sudo certbot certificates
  Certificate Name: §host§
    Serial Number: §hex36§
    Expiry Date: §date§ 08:14:02+00:00 (VALID: §small§ days)""")
B("pass show venue/wifi/press >/dev/null 2>&1 || echo 'missing entry venue/wifi/press'")
B("op read 'op://Venue Ops/§secname§/password' >/dev/null && echo ok")
B("vault kv metadata get -mount=secret turnstiles/§secname§")
B("""gcloud secrets versions list §secname§ --limit=3 --format='value(name,state)'""")
B("ssh -i ~/.ssh/timing_deploy -o IdentitiesOnly=yes timing@§ip§ 'journalctl -u chipreader -n 50'")
B("""curl -s https://§host§/.well-known/jwks.json | jq '.keys[].kid'""")
B("""git commit -m "rotate §secname§ (new value stored in vault, not in repo)\"""")
B("""grep -rn "password" src/ | grep -v "os.environ" | wc -l""")
B("""openssl s_client -connect §host§:443 -servername §host§ </dev/null 2>/dev/null | openssl x509 -noout -serial
serial=§HEX32§""")
B("""sops --encrypt --age §agepub§ secrets/odds.yaml > secrets/odds.enc.yaml""")

# ---- tool output
B("""$ kubectl describe secret §secname§ -n ticketing
Name:         §secname§
Type:  Opaque

Data
====
password:  §small§ bytes
username:  §small_b§ bytes""")
B("""$ gh secret list --repo §org§/feeds
§envname§           Updated §date§
DOCKERHUB_TOKEN     Updated §date_b§""")
B("""{
    "UserId": "AIDA§base32_17§",
    "Account": "§digits12§",
    "Arn": "arn:aws:iam::§digits12§:user/ci-deployer"
}""")
B("""$ aws iam list-access-keys --user-name ci-deployer
AccessKeyId: AKIA§base32_16§   Status: Inactive   CreateDate: §date§""")
B("""{"id": "evt_§alnum24§", "type": "charge.succeeded", "data": {"object": {"id": "ch_§alnum24§", "customer": "cus_§alnum14§", "payment_intent": "pi_§alnum24§", "amount": 4500, "currency": "gbp"}}}""")
B("""{"id": §digits11§, "athlete": {"id": §digits8§}, "name": "Tempo §small§ x 1km", "distance": §dist§, "average_heartrate": §hr§, "map": {"summary_polyline": "§polyline§"}}""")
B("""{"sid": "SM§hex32§", "account_sid": "AC§hex32_b§", "status": "delivered", "to": "+4477009§digits5§", "body": "Gate C reopening"}""")
B("""{"ok": true, "channel": "C0§upper9§", "ts": "§epoch§.§digits6§", "message": {"user": "U0§upper9§", "text": "turnstile 4 offline"}}""")
B("""Sentry event §hex32§ captured (release scoreboard@§ver§, environment production)""")
B("""dd.trace_id=§digits19§ dd.span_id=§digits19_b§ level=info msg="published odds batch" markets=§small§""")
B("""version https://git-lfs.github.com/spec/v1
oid sha256:§hex64§
size §int§""")
B("""§ver§: digest: sha256:§hex64§ size: 2419""")
B("""EPC §epc§ ant=§small§ rssi=-§small_b§ t=§time§:§small_c§.§digits3§""")
B("""Order TW-§upper8§ confirmed: 2 x Adult, seats §seat§ and §seat_b§, ref §uuid§""")
B("""$ nmcli -f BSSID,SSID,SIGNAL dev wifi
§mac§  §ssid§     78
§mac_b§  §ssid_b§   64""")
B("""NFC tag read: UID 04:§hex2§:§hex2_b§:§hex2_c§:§hex2_d§:§hex2_e§:80 (NTAG215) at gate §small§""")
B("""Garmin device unit_id=§digits10§ product=fenix7 firmware=§ver§ last_sync=§ts§""")
B("""JWT header decodes to {"alg":"RS256","typ":"JWT","kid":"§hex16§"} - signature not checked here, token itself not logged""")
B("""$ echo '§b64§' | base64 -d
§sent§""", {"b64": lambda v: _b64(v["sent"])})
B("""-----BEGIN PUBLIC KEY-----
§pubbody§
-----END PUBLIC KEY-----""")
B("""-----BEGIN CERTIFICATE-----
§certbody§
-----END CERTIFICATE-----""")
B("""ssh-ed25519 §edpub§ §person§@timing-laptop""")
B("""ssh-rsa §rsapub§ deploy@§host§""")
B("""|1|§b64_27§=|§b64_27_b§= ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB§b64_60§=""")
B("""{"keys":[{"kty":"RSA","use":"sig","kid":"§hex16§","alg":"RS256","n":"§b64u120§","e":"AQAB"}]}""")
B("""[Peer]
# §venue§ timing hut
PublicKey = §wgkey§
AllowedIPs = 10.77.0.§small§/32
Endpoint = §pubip§:51820""")
B("""# .sops.yaml
creation_rules:
  - path_regex: secrets/.*\\.yaml$
    age: §agepub§""")
B("""-----BEGIN PGP PUBLIC KEY BLOCK-----

mDMEZ§b64_59§
=§b64_4§
-----END PGP PUBLIC KEY BLOCK-----""")
B(""""node_modules/fit-file-parser": {
  "version": "§ver§",
  "resolved": "https://registry.npmjs.org/fit-file-parser/-/fit-file-parser-§ver§.tgz",
  "integrity": "sha512-§b64_86§=="
}""")
B("""github.com/§org§/chipproto v§ver§ h1:§b64_43§=""")
B("""[[package]]
name = "fit-rs"
version = "§ver§"
source = "registry+https://github.com/rust-lang/crates.io-index"
checksum = "§hex64§\"""")
B("""timing-ui@^§ver§:
  resolved "https://registry.yarnpkg.com/timing-ui/-/timing-ui-§ver§.tgz#§hex40§\"""")
B("""- uses: actions/cache@v4
  with:
    path: ~/.cache/pip
    key: pip-${{ runner.os }}-§hex64§""")
B("""dist/assets/index-§hex8§.js   212.4 kB │ gzip: 68.1 kB
dist/assets/seatmap-§hex8_b§.css   14.0 kB""")
B("""# .env.example
STRAVA_CLIENT_ID=
STRAVA_CLIENT_SECRET=<your-client-secret>
ODDS_API_KEY=<your-odds-api-key>""")
B("""# copy to .env and fill in
§envname§=
TICKETING_DB_HOST=localhost
TICKETING_DB_PASSWORD=""")
B("""database:
  host: §dbhost§
  user: §dbuser§
  password: ${DB_PASSWORD}""")
B("""      - name: Checkout
        uses: actions/checkout@v4
        with:
          token: ${{ secrets.GITHUB_TOKEN }}
          fetch-depth: §small§""")
B("""data:
  password: {{ .Values.db.password | b64enc | quote }}
  username: {{ .Values.db.user | b64enc | quote }}""")
B("""controller_password: "{{ vault_controller_password }}"
controller_host: §ip§""")
B("""vault_controller_password: !vault |
          $ANSIBLE_VAULT;1.1;AES256
          §hex64§
          §hex64_b§
          §hex32§""")
B("""betfair:
    password: ENC[AES256_GCM,data:§b64_24§,iv:§b64_43§=,tag:§b64_22§==,type:str]""")
B("""spec:
  encryptedData:
    password: AgB§b64_120§""")
B("""Card on file: visa •••• §digits4§, Stripe key in use: sk_live_••••••••••••§last4§""")
B("""> GET /v3/athlete HTTP/2
> authorization: Bearer ***
< HTTP/2 200""")
B("""Parameters: {"member"=>{"email"=>"§email§", "password"=>"[FILTERED]"}, "commit"=>"Sign in"}""")
B("""{"username": "§user§", "password": "********", "host": "§dbhost§"}""")
B("""GH_TOKEN=ghp_************************************ (masked by runner)""")
B("""Odds API key ending in …§last4§ is active (plan: 20k req/month, used §int§)""")
B("""env:
  - name: TICKETING_DB_PASSWORD
    valueFrom:
      secretKeyRef:
        name: §secname§
        key: password""")
B(""""secrets": [{"name": "ODDS_SECRET", "valueFrom": "arn:aws:secretsmanager:§region§:§digits12§:secret:prod/odds-§alnum6§"}]""")
B("""password reference: op://Venue Ops/Turnstile §venue§/password""")
B("""gcp secret: projects/§digits12§/secrets/§secname§/versions/latest""")
B("""https://venue-kv-prod.vault.azure.net/secrets/§secname§/§hex32§""")
B("""vault read -format=json secret/data/turnstiles/§secname§ | jq '.data.metadata.version'""")
B("""jobs:
  deploy:
    uses: §org§/workflows/.github/workflows/deploy.yml@main
    secrets: inherit""")
B("""Password policy for the federation portal: at least 12 characters, one digit, one symbol, no reuse of the last 5, rotated every 180 days.""")
B("""Reminder: rotate the Strava client secret every 90 days; the current one lives in Vault at secret/wearables/strava (field client_secret).""")
B("""Please never paste tokens in #race-ops - use the 1Password share link instead, it expires after one view.""")
B("""§person§: I reset my password for the league portal yesterday, the reset email came from no-reply@§domain§ - works now.""")
B("""Note: the Sportradar token expired at §time§; I requested a new one through the dashboard (not copied here, it's in Vault).""")
B("""§tsl§ UTC [§int§] FATAL:  password authentication failed for user "§dbuser§\"""")
B("""HTTP/1.1 401 Unauthorized
{"error":"invalid_api_key","message":"The API key provided is invalid or has been revoked.","request_id":"§uuid§"}""")
B("""ERROR 1045 (28000): Access denied for user '§dbuser§'@'§ip§' (using password: YES)""")
B("""scoreboard-agent §semver§ (commit §sha7§, built §date§)""")
B("""TLS key lives at /etc/ssl/private/§host§.key (mode 0600, owner root) - do not copy it off the box.""")
B("""Credentials for the CLI are read from ~/.aws/credentials (profile tix-prod); nothing is hard-coded.""")
B("""traceparent: 00-§hex32§-§hex16§-01""")
B("""X-Request-Id: §uuid§""")
B("""GOOGLE_OAUTH_CLIENT_ID=§digits12§-§lower32§.apps.googleusercontent.com""")
B("""strava client_id: §digits6§ (public; the secret is in Vault)""")
B("""TWILIO_ACCOUNT_SID=AC§hex32§  # account id only, auth token comes from the secret store""")
B("""Ticketing event id §alnum16§ (onsale §date§ 10:00) -> §venue§""")
B("""fixture sr:match:§digits8§ home=§team§ away=§team_b§ kickoff=§ts§""")
B("""Idempotency-Key: §uuid§""")
B("""window.STRIPE_PUBLISHABLE_KEY = "pk_live_§alnum24§"; // publishable, safe in the browser""")
B("""MAPBOX_PUBLIC_TOKEN=pk.§b64u40§.§b64u22§   # public token, URL-restricted to §host§""")
B("""SENTRY_DSN=https://§hex32§@o§digits6§.ingest.sentry.io/§digits7§""")
B("""gtag('config', 'G-§upper10§');""")
B("""{"alg":"ES256","kid":"§hex16§","typ":"JWT"}""")
B("""KMS key: arn:aws:kms:§region§:§digits12§:key/§uuid§ (alias/venue-prod)""")
B("""gpg: signature made §date§ using EDDSA key §HEX16§""")
B("""CloudFront signing uses key pair K§upper13§ (public key uploaded, private key in Secrets Manager)""")
B("""SSID: §ssid§-Guest (open network, no password; captive portal at https://§host§)""")
B("""PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [{"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": §small§}}]""")
B("""security:
  bcrypt_cost: §small§
  password_min_length: 12
  lockout_after_failed_logins: 5""")
B("""Required environment: STRAVA_CLIENT_ID, STRAVA_CLIENT_SECRET, §envname§, DATABASE_URL (see docs/setup.md)""")
B("""      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it in .env}
      POSTGRES_USER: §dbuser§""")
B("""[database]
host = "§dbhost§"
password_file = "/run/secrets/§secname§\"""")
B("""reader:
  host: §ip§
  passwordFile: /etc/chipreader/reader.pass""")
B("""        volumeMounts:
        - name: §secname§
          mountPath: /var/run/secrets/§secname§
          readOnly: true""")
B("""pg_hba.conf:
hostssl  §db§  §dbuser§  10.0.0.0/8  scram-sha-256
host     all   all       0.0.0.0/0   reject""")
B("""# /etc/ssh/sshd_config.d/10-timing.conf
PasswordAuthentication no
PubkeyAuthentication yes
AllowUsers timing@§ip§""")
B("""network={
    ssid="§ssid§-Guest"
    key_mgmt=NONE
    priority=§small§
}""")
B("""client turnstile-§small§ {
    ipaddr = §ip§
    secret = ${env:RADIUS_SHARED_SECRET}
}""")
B("""variable "db_password" {
  type      = string
  sensitive = true
  # supplied via TF_VAR_db_password in CI
}""")
B("""  password = data.aws_secretsmanager_secret_version.§secname_u§.secret_string""", {"secname_u": lambda v: v["secname"].replace("-", "_")})
B("""{"type": "object", "properties": {"email": {"type": "string", "format": "email"}, "password": {"type": "string", "minLength": §small§, "writeOnly": true}}}""")
B("""<label for="pw">Password</label>
<input id="pw" type="password" name="password" autocomplete="current-password" minlength="12" required> <!-- form v§small§ -->""")
B("""$ git grep -n "PASSWORD" -- '*.py'
timing/settings.py:§small§:        'PASSWORD': os.environ['TIMING_DB_PASSWORD'],
tix/config.py:§small_b§:DB_PASSWORD = os.getenv("TICKETING_DB_PASSWORD")""")
B("""PASSWORD_RE = re.compile(r"^(?=.*[A-Z])(?=.*\\d)(?=.*[^\\w\\s]).{§small§,}$")""")
B("""scope=read,activity:read_all,profile:read_all&approval_prompt=auto""")
B("""https://www.strava.com/oauth/authorize?client_id=§digits6§&response_type=code&redirect_uri=https%3A%2F%2F§host§%2Foauth%2Fstrava&scope=activity%3Aread_all&state=§hex16§""")
B("""code_challenge=§b64u43§&code_challenge_method=S256""")
B("""Export ready: s3://§bucket§/exports/entries_§date8§.csv (ask in #race-ops for a fresh presigned link, they expire after 15 min)""")
B("""https://§bucket§.s3.§region§.amazonaws.com/public/course-map-§hex8§.png""")
B("""echo 'eyJ0aGVtZSI6ImRhcmsiLCJsYW5nIjoiZW4tR0IiLCJ1bml0cyI6ImttIn0=' | base64 -d   # {"theme":"dark","lang":"en-GB","units":"km"} (#§small§)""")
B("""<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA§b64_64§" alt="§team§ crest">""")
B("""rx frame: AA 55 §HEX2§ §HEX2_b§ 01 E2 80 11 60 60 00 02 §HEX2_c§ §HEX2_d§ §HEX2_e§ §HEX2_f§ CRC=§HEX4§""")
B("""Heart Rate Service UUID 0000180d-0000-1000-8000-00805f9b34fb, measurement char 00002a37-0000-1000-8000-00805f9b34fb (strap §digits5§)""")
B("""ANT+ device §digits5§ (HRM) paired to lane §small§, battery ok""")
B("""FIT header: 0E 20 §HEX4§ §HEX8§ 2E 46 49 54 crc=§HEX4_b§ file=§date8§-§digits6§.fit""")
B("""lap §small§: §split§ avg HR §hr§ cadence §small_b§ spm""")
B("""zones: Z1 <§small§% Z2 §hr§ Z3 §hr_b§ Z4 §hr_c§ (lthr from test on §date§)""")
B("""reader serial FX96-§upper10§ firmware §ver§ antennas 4/4 OK""")
B("""Seat §seat§ block §upper2§ row §small§ -> barcode layout v§small_b§ (PDF417)""")

# ---- source code that references secrets without containing them
B("""client_secret = os.environ["STRAVA_CLIENT_SECRET"]""")
B("""const oddsKey = process.env.ODDS_API_KEY; if (!oddsKey) throw new Error("ODDS_API_KEY missing");""")
B("""appKey := os.Getenv("BETFAIR_APP_KEY")""")
B("""@Value("${ticketing.api.secret}")
private String apiSecret;""")
B("""let secret = std::env::var("WHOOP_CLIENT_SECRET").expect("WHOOP_CLIENT_SECRET not set");""")
B("""var signingKey = builder.Configuration["Jwt:SigningKey"] ?? throw new InvalidOperationException("Jwt:SigningKey missing");""")
B("""$password = getenv('DB_PASSWORD');""")
B("""MINDBODY_API_KEY = ENV.fetch("MINDBODY_API_KEY")""")
B("""  password = var.db_password
  username = "§dbuser§\"""")
B("""- name: Sync odds
  env:
    ODDS_API_KEY: ${{ secrets.ODDS_API_KEY }}
  run: python -m odds.sync --since §date§""")
B("""  script:
    - curl --header "JOB-TOKEN: $CI_JOB_TOKEN" --upload-file reader.bin "${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/firmware/§ver§/reader.bin\"""")
B("""withCredentials([usernamePassword(credentialsId: 'harbor-push', usernameVariable: 'REG_USER', passwordVariable: 'REG_PASS')]) {
  sh 'echo "$REG_PASS" | docker login -u "$REG_USER" --password-stdin harbor.§domain§'
}""")
B("""workflows:
  deploy:
    jobs:
      - deploy-scoreboard:
          context: venue-prod-secrets""")
B("""  - script: sqlcmd -S $(sqlServer) -U $(sqlAdminUser) -P "$(sqlAdminPassword)" -i migrate.sql""")
B("""secrets:
  db_password:
    file: ./secrets/db_password.txt
services:
  boxoffice:
    secrets: [db_password]""")
B("""        envFrom:
        - secretRef:
            name: §secname§""")
B("""{{ with secret "secret/data/ticketing/db" }}DB_PASSWORD={{ .Data.data.password }}{{ end }}""")
B("""apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
spec:
  secretStoreRef: {name: vault-backend, kind: ClusterSecretStore}
  data:
  - secretKey: password
    remoteRef: {key: ticketing/§secname§, property: password}""")
B("""##[warning]Skip output 'token' since it may contain secret.""")
B("""Run docker/login-action@v3
  with:
    registry: ghcr.io
    username: ci-bot
    password: ***
Login Succeeded!""")
B("""+ echo '***' | docker login -u svc-jenkins --password-stdin harbor.§domain§""")
B("""def verify_signature(payload: bytes, header: str, secret: bytes) -> bool:
    expected = hmac.new(secret, payload, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header)""")
B("""if len(password) < §small§:
    raise ValidationError("password too short")""")
B("""CACHE_KEY = "odds:v2:" + hashlib.sha1(market_id.encode()).hexdigest()  # e.g. odds:v2:§hex40§""")
B("""redis> GET odds:v2:§hex40§
"{\\"back\\": 2.34, \\"lay\\": 2.36}\"""")
B("""seat_hold_key = f"hold:{event_id}:{seat}"  # -> hold:§int§:§seat§""")
B("""ETAG = "W/\\"§hex32§\\"\"""")
B("""<script src="https://cdn.§domain§/seatmap.js" integrity="sha384-§b64_64§" crossorigin="anonymous"></script>""")
B("""Content-Security-Policy: script-src 'self' 'sha256-§b64_43§='""")
B("""upload: finish_photos/§uuid§.jpg -> s3://§bucket§/§date8§/§uuid§.jpg""")
B("""CONTAINER ID   IMAGE                        STATUS
§hex12§   ghcr.io/§org§/odds-sync:§ver§   Up §small§ hours""")
B("""Content-MD5: §b64_22§==""")

# ---- logs
B("""§tsl§ INFO auth: login succeeded for user §user§ from §ip§ (method=password, mfa=totp)""")
B("""§tsl§ INFO wearables.strava: token refreshed for athlete §digits8§ (expires_at=§epoch§)""")
B("""§tsl§ WARN apikeys: key key_§alnum12§ revoked by §person§; replacement issued (id key_§alnum12_b§)""")
B("""§ts§ level=info msg="request completed" request_id=§uuid§ status=200 duration_ms=§ms§ path=/v1/gates/§small§/status""")
B("""§tsl§ gatectl[§int§]: lane §small§ scan ok ticket_ref=§upper12§ result=ALLOW""")
B("""§tsl§ ERROR feed-proxy: upstream returned 401 (provider=statsfeed, key_id=§lower8§), check the key in vault""")
B("""§tsl§ INFO chipreader: read §epc§ on mat §small§ at §time§:§small_b§.§digits3§""")
B("""§ts§ [INFO] odds-sync: market §digits9§ updated, hash=§hex40§""")
B("""§ip§ - - [§clf§] "GET /api/v1/results?event=§int§&page=§small§ HTTP/1.1" 200 §int_b§ "-" "Mozilla/5.0\"""")
B("""§ip§ - - [§clf§] "POST /api/v1/scan HTTP/1.1" 204 0 "-" "ZebraScanner/4.2" rt=0.0§small§ req=§hex32§""")
B("""§tsl§ sshd[§int§]: Accepted publickey for timing from §ip§ port §int_b§ ssh2: ED25519 §sshfp§""")
B("""§tsl§ sshd[§int§]: Failed password for invalid user admin from §pubip§ port §int_b§ ssh2""")
B("""§tsl§ radiusd[§int§]: (§int_b§) Login OK: [§user§] (from client turnstile-north port 0 cli §mac§)""")
B("""START RequestId: §uuid§ Version: $LATEST
END RequestId: §uuid§
REPORT RequestId: §uuid§ Duration: §ms§.12 ms Billed Duration: §ms_b§ ms""")
B("""java.lang.IllegalStateException: API secret not configured (set ticketing.api.secret)
	at com.§org_u§.tix.ApiClient.<init>(ApiClient.java:§small§)""", {"org_u": lambda v: v["org"].replace("-", "")})
B("""Traceback (most recent call last):
  File "/srv/odds/client.py", line §small§, in login
    raise AuthError("betfair login failed: INVALID_USERNAME_OR_PASSWORD")
odds.errors.AuthError: betfair login failed: INVALID_USERNAME_OR_PASSWORD""")
B("""KeyError: 'STRAVA_CLIENT_SECRET'
  File "/app/wearables/strava.py", line §small§, in <module>""")
B("""panic: missing env ODDS_API_KEY

goroutine 1 [running]:
main.main()
	/src/cmd/odds/main.go:§small§ +0x§hex3§""")
B("""npm ERR! code E401
npm ERR! Unable to authenticate, need: Basic realm="GitHub Package Registry\"""")
B("""Error: INSTALLATION FAILED: secret "§secname§" not found in namespace "feeds\"""")
B("""§tsl§ WARN webhooks.stripe: signature verification failed for evt_§alnum24§ (header t=§epoch§), rejecting""")
B("""Vault: token accessor §alnum24§ renewed, ttl=§small§h""")
B("""§tsl§ INFO audit: secret read path=secret/data/turnstiles/§secname§ by=approle:gate-sync version=§small§""")
B("""§tsl§ INFO portal: guest session §uuid§ created (voucher redeemed, plan=matchday-24h)""")
B("""§tsl§ DEBUG http: GET https://§host§/v2/fixtures?date=§date§ -> 200 (§ms§ ms, etag §hex16§)""")
B("""§tsl§ INFO mqtt: client reader-§small§ connected (tls, cert CN=reader-§small§.§domain§, serial §HEX16§)""")
B("""GitLab Runner: Job succeeded. Masked variables: ODDS_API_KEY, DEPLOY_PASSWORD (values hidden)""")
B("""##[debug]Evaluating: secrets.SPORTRADAR_KEY
##[debug]Result: '***'""")
B("""§tsl§ kubelet: Successfully pulled image "ghcr.io/§org§/gate-sync@sha256:§hex64§\"""")
B("""WARNING: Using a password on the command line interface can be insecure.""")
B("""§tsl§ INFO ticketing: order §upper8§ paid (payment_intent pi_§alnum24§, last4 §digits4§)""")

# ---- notes and chat about secrets, without secrets
B("""§person§: the Wi-Fi password for the press box is on the laminated card at the accreditation desk - not posting it here.""")
B("""§person§: Das Passwort liegt im Tresor (1Password, Tresor "Venue Ops"), bitte nicht im Chat posten.""")
B("""§person§ : le mot de passe est dans Vault sous secret/billetterie/§secname§, demande l'accès à l'équipe infra.""")
B("""§person§: la contraseña está en el gestor de contraseñas, carpeta "Estadio", no la pegues aquí.""")
B("""§person§: パスワードは1Passwordの「Venue Ops」保管庫にあります。チャットには貼らないでください。""")
B("""§person§：密码放在 Vault 的 secret/tickets/§secname§ 里，别发群里。""")
B("""§person§: пароль лежит в Vault (secret/turnstiles/§secname§), в чат не кидай.""")
B("""§person§: la password è nel vault, chiedi a §person_b§ l'accesso.""")
B("""§person§: a senha está no cofre do 1Password, pasta "Catracas".""")
B("""§person§: het wachtwoord staat in Bitwarden onder "Tijdregistratie §small§".""")
B("""Running notes:
- Strava webhook verified (subscription id §digits6§)
- client secret pulled from Vault at runtime, never written to disk
- next: backfill §small§ days of activities""")
B("""Decision: rotate all turnstile controller passwords after the final on §date§; new values go straight into Vault, §person§ owns it.""")
B("""Goal: make the odds ingester read ODDS_API_KEY from the secret store instead of the .env file; remove the .env from the image.""")
B("""TODO(§person§): add a pre-commit hook (gitleaks) so tokens like ghp_... or sk_live_... never land in the repo again.""")
B("""Handover: the timing laptop uses SSO now; no shared password any more. Reader admin creds are in 1Password item "Reader §small§".""")
B("""§person§: the reset link I sent expires in 30 min, just click "forgot password" on the portal if it times out.""")
B("""Standup: §person§ finished the password-policy change (min length 14, breached-password check via k-anonymity API).""")
B("""§ticket§: Stripe key was rotated on §date§ - old key id rk_live_...§last4§ revoked. No value recorded in this ticket.""")
B("""Postmortem action item: secret scanning on all repos (§org§/*), alert to #sec-alerts, owner §person§.""")
B("""Note to self: the '§hex8§' in the error is the key *id*, not the key - safe to share with the vendor.""")
B("""§person§: which vault path has the radius secret? -> secret/wifi/radius-shared (field: value), read-only for you.""")
B("""Meeting ID: §digits3§ §digits4§ §digits4_b§ (passcode in the calendar invite)""")
B("""§person§: Wi-Fi is open for the fan zone, SSID "§ssid§-Fans", no password needed.""")
B("""Scores: §team§ §small§ - §small_b§ §team_b§ (FT). Attendance §int§ at §venue§.""")
B("""§event§: §int§ finishers, winning time 2:§small§:§small_b§, course record stands.""")
B("""Password rules for club members: 10+ characters, passphrases welcome, we never email you your password.""")
B("""The token format is "tixk_live_" followed by 32 characters - the docs example uses tixk_live_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX.""")
B("""Example from the vendor docs: Authorization: Bearer <ACCESS_TOKEN> (replace <ACCESS_TOKEN> with the value from /oauth/token).""")
B("""AWS doc example key id AKIAIOSFODNN7EXAMPLE used in the runbook screenshot, not a real key.""")
B("""curl -H "x-api-key: YOUR_API_KEY" https://api.sportsfeed.example/v4/en/competitions.json   # from README""")
B("""DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME""")
B("""password: xxxxxxxx   # placeholder, real value injected by the operator""")
B("""STRIPE_SECRET_KEY=sk_test_REPLACE_ME""")
B("""api_key: "<insert sportradar key>\"""")
B("""login: ******** / ********""")
B("""Authorization: Basic <base64 of user:password>""")
B("""token=[REDACTED] user=§user§ host=§host§""")
B("""{"client_id": "§uuid§", "client_secret": "[hidden]", "redirect_uri": "https://§host§/oauth/callback"}""")
B("""RADIUS_SECRET=${RADIUS_SECRET}
WIFI_PSK=${WIFI_PSK}""")
B("""password = %(DB_PASSWORD)s""")
B("""psk=$(cat /run/secrets/wifi_psk)""")
B("""--password-file=/etc/timing/upload.pass --user=§user§""")
B("""The HMAC key for gate QR codes is 32 random bytes generated by openssl rand and stored in Vault (secret/gates/qr-hmac).""")
B("""Changelog §ver§: passwords are now hashed with Argon2id; plaintext export removed; API keys shown only once at creation.""")
B("""Why did login fail? -> the member typed the old password; account locked after 5 attempts (§time§), unlocked by §person§.""")
B("""§person§: I can't read the Wi-Fi password off the photo, can you check the router label? (model §upper6§)""")

# ---- more look-alikes in config, CI and logs
B("""[strava]
client_id = §digits6§
client_secret_ref = vault:secret/wearables/strava#client_secret
webhook_callback = https://§host§/hooks/strava""")
B("""garmin:
  consumer_key_env: GARMIN_CONSUMER_KEY
  consumer_secret_env: GARMIN_CONSUMER_SECRET
  backfill_days: §small§""")
B("""[Upload]
Server=§host§
EventKey=§upper12§
ApiPasswordFile=C:\\ProgramData\\ChipTime\\upload.pass""")
B("""<add name="BoxOffice" connectionString="Server=§host§;Database=BoxOffice;Authentication=Active Directory Managed Identity;Encrypt=True;" />""")
B("""spring:
  datasource:
    url: jdbc:postgresql://§dbhost§:5432/§db§
    username: ${DB_USER}
    password: ${DB_PASSWORD}""")
B("""# hostapd.conf (guest)
ssid=§ssid§-Guest
wpa=0
auth_algs=1
ignore_broadcast_ssid=0""")
B("""wpa_passphrase=<set-by-provisioning>
ssid=§ssid§""")
B("""aws_access_key_id = <from sso>
aws_secret_access_key = <from sso>
sso_start_url = https://§org§.awsapps.com/start
sso_role_name = TicketingReadOnly""")
B("""[profile tix-prod]
sso_session = venue
sso_account_id = §digits12§
sso_role_name = Deployer
region = §region§""")
B("""//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}
@§org§:registry=https://npm.pkg.github.com""")
B("""[pypi]
username = __token__
password = ${PYPI_TOKEN}""")
B("""<server>
  <id>club-releases</id>
  <username>${env.MAVEN_USER}</username>
  <password>${env.MAVEN_PASSWORD}</password>
</server>""")
B("""credentials "app.terraform.io" {
  # token comes from TF_TOKEN_app_terraform_io in CI
}""")
B("""users:
- name: ci-deployer
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      command: aws
      args: ["eks", "get-token", "--cluster-name", "venue-§small§"]""")
B("""redis:
  url: rediss://§host§:6380/0
  password_secret: §secname§""")
B("""requirepass ""   # auth handled by the sidecar proxy, see ADR-§small§""")
B("""- job_name: turnstile-exporters
  basic_auth:
    username: prom
    password_file: /etc/prometheus/secrets/turnstile-exporters
  static_configs:
    - targets: ['§ip§:9100']""")
B("""receivers:
- name: ops-gates
  slack_configs:
  - api_url_file: /etc/alertmanager/secrets/slack-webhook
    channel: '#gate-alerts'""")
B("""[security]
admin_user = admin
admin_password = $__file{/etc/grafana/secrets/admin_password}""")
B("""stringData:
  api-key: "REPLACE_IN_CLUSTER"   # populated by external-secrets, see §ticket§""")
B("""- name: Deploy
  env:
    FLY_API_TOKEN: ${{ secrets.FLY_API_TOKEN }}
  run: flyctl deploy --remote-only --image-label §sha7§""")
B("""variables:
  POSTGRES_PASSWORD: $CI_TEST_DB_PASSWORD   # masked project variable
  POSTGRES_DB: results_test""")
B("""deploy:
  script:
    - echo "$REGISTRY_PASSWORD" | docker login -u "$REGISTRY_USER" --password-stdin registry.§domain§""")
B("""- uses: aws-actions/configure-aws-credentials@v4
  with:
    role-to-assume: arn:aws:iam::§digits12§:role/gha-deployer
    aws-region: §region§""")
B("""permissions:
  id-token: write   # OIDC, no long-lived cloud keys
  contents: read""")
B("""helm upgrade --install gates ./charts/gates -n venue --set-file controller.adminPinFile=/dev/null --wait   # pin comes from the sealed secret""")
B("""image: ghcr.io/§org§/scoreboard:§ver§@sha256:§hex64§""")
B("""cosign verify ghcr.io/§org§/gate-sync@sha256:§hex64§ --certificate-identity-regexp '.*' --certificate-oidc-issuer https://token.actions.githubusercontent.com""")
B("""Signature verified: key fingerprint §fp§""")
B("""Codecov report uploaded: https://app.codecov.io/gh/§org§/timing-core/commit/§hex40§""")
B("""Build §int§ succeeded for §org§/league-portal@§sha7§ in §small§m §small_b§s""")
B("""Released scoreboard §semver§ (tag v§ver§, sha §hex40§)""")
B("""terraform state show aws_db_instance.tickets | grep -E 'endpoint|engine_version'
    endpoint       = "§dbhost§:5432"
    engine_version = "16.§small§\"""")
B("""Plan: 2 to add, 1 to change, 0 to destroy.
  ~ password = (sensitive value)""")
B("""# tfvars
db_username = "§dbuser§"
# db_password is passed as TF_VAR_db_password from the CI secret store""")
B("""§tsl§ INFO boxoffice: refund re_§alnum24§ for order §upper8§ processed by §person§""")
B("""§tsl§ INFO reg-portal: athlete licence §upper3§-§digits7§ renewed until §date§""")
B("""§tsl§ DEBUG odds: fetched §small§ markets, payload sha1 §hex40§, 304 Not Modified next""")
B("""§tsl§ WARN turnstile-§small§: heartbeat missed (last seen §time§), controller serial §HEX12§""")
B("""§tsl§ INFO gfx: template "lower-third-§small§" loaded from /templates/§hex8§.vrt""")
B("""§tsl§ INFO timing: bib §bib§ assigned chip §epc§""")
B("""§tsl§ ERROR sync.polar: 403 from AccessLink (user §digits8§ revoked consent), skipping""")
B("""§tsl§ INFO whoop: webhook recovery.updated id=§uuid§ trace=§hex32§""")
B("""Caused by: javax.net.ssl.SSLHandshakeException: PKIX path building failed (certificate serial §HEX32§ not trusted)""")
B("""Traceback (most recent call last):
  File "/srv/tix/hold.py", line §small§, in release
    redis.delete(f"hold:{event_id}:{seat}")
redis.exceptions.ConnectionError: Error 111 connecting to §host§:6379. Connection refused.""")
B("""psycopg2.OperationalError: connection to server at "§dbhost§" (§ip§), port 5432 failed: FATAL:  no pg_hba.conf entry for host "§ip_b§", user "§dbuser§", database "§db§", SSL off""")
B("""MongoServerSelectionError: connect ECONNREFUSED §ip§:27017
    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:§small§:§small_b§)""")
B("""Error: Request failed with status code 429 (rate limit; retry-after §small§s, request id §hex32§)""")
B("""§person§: scanner firmware §ver§ checksum is §hex64§, matches the vendor page.""")
B("""§person§: the new turnstile controllers use client certs, no shared password any more - CSRs are in the §ticket§ ticket.""")
B("""§person§: Fotos vom Zieleinlauf liegen unter s3://§bucket§/finish/, Zugriff nur über die IAM-Rolle, kein Schlüssel nötig.""")
B("""§person§: les résultats officiels sont publiés, hash du fichier : §hex64§""")
B("""§person§: el identificador del evento en la ticketera es §alnum16§ (no es una clave, es público).""")
B("""§person§: チップID §epc§ のランナーが2回記録されています。""")
B("""§person§: 결승선 카메라 시리얼은 §upper10§ 입니다 (비밀번호 아님).""")
B("""§person§: id заказа §uuid§, оплата прошла.""")
B("""Decision: the public Mapbox token stays in the frontend bundle; the secret downloads token stays in CI only.""")
B("""Goal: replace the shared reader admin password with per-device certificates before the §event§.""")
B("""§person§: what's the commit for the timing hotfix? -> §hex40§""")
B("""§person§: fingerprint of the new gate-api cert is §fp§ - please pin that in the scanner app.""")
B("""§person§: is this a secret? "§uuid§" -> no, that's the Stripe idempotency key from the logs.""")
B("""Checklist before go-live: [x] rotate creds  [x] remove .env from image  [ ] enable secret scanning on §org§/scoreboard""")
B("""Lap times (§event§, wave §small§): §split§, §split_b§, §split_c§""")
B("""Athlete §digits8§ FTP §small§0 W, weekly TSS §int§, HRV §small_b§ ms""")
B("""Ticket barcode format: 12 digits + check digit, prefix identifies the gate group (see spec §ver§).""")
B("""Betting market id 1.§digits9§ (Match Odds) suspended at §time§""")
B("""Broadcast graphics feed: NDI source "OB2 (GFX-§small§)", frame rate 50p, timecode §time§:§small_b§:00""")
B("""§person§: SRT passphrase is set on the encoder web UI; I didn't copy it here. Stream id: ob2-§lower8§.""")
B("""Federation licence number §upper2§-§digits7§ (public, printed on the bib)""")


# =====================================================================
# build
# =====================================================================
def _fill(text, derive):
    v = _Vals(derive)
    out = _PH.sub(lambda m: v[m.group(1)], text)
    return out, v


def _instantiate(group, tpl, seen):
    fmt, text, secret, visible, derive = tpl
    for _ in range(60):
        out, v = _fill(text, derive)
        sec = v[secret]
        if len(sec) < 6 or sec in seen or sec not in out:
            continue
        if visible and re.match(r"^\w+$", visible) and ("§%s§" % visible) in text:
            vis = v[visible]
        else:
            vis = visible
        if vis and (vis not in out or sec in vis):
            continue
        seen.add(sec)
        return (group, fmt, out, sec, vis)
    raise ValueError("could not instantiate %s/%s" % (group, fmt))


def _build_secrets():
    seen = set()
    result = []
    for g in GROUPS:
        tpls = _TEMPLATES[g]
        rows = []
        for _round in range(3):
            for t in tpls:
                if len(rows) >= PER_GROUP:
                    break
                rows.append(_instantiate(g, t, seen))
        result.extend(rows)
    return result


def _build_benign(secret_values):
    longs = [s for s in secret_values if len(s) >= 8]
    out = []
    seen = set()
    exhausted = set()
    while len(out) < BENIGN_TARGET:
        progress = False
        for i, (text, derive) in enumerate(_BTEMPLATES):
            if len(out) >= BENIGN_TARGET:
                break
            if i in exhausted:
                continue
            for _ in range(6):
                s, _v = _fill(text, derive)
                if s not in seen and not any(x in s for x in longs):
                    break
            else:
                exhausted.add(i)
                continue
            seen.add(s)
            out.append(s)
            progress = True
        if not progress:
            break
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])
