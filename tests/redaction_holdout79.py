# -*- coding: utf-8 -*-
"""Blind hold-out corpus #79 for a secret-redaction engine.

What it is
    A list of text fragments of the kind a coding agent (Claude Code, Codex,
    Gemini CLI) records as its working state -- goals, running notes, shell
    commands, tool output, file excerpts, decisions, pasted chat, log lines,
    CI config -- each carrying exactly one credential whose position is known,
    plus a list of secret-looking but harmless fragments.  It measures how
    well a redaction engine removes the former and leaves the latter alone.

Theme
    Public transport and railway operations: GTFS / GTFS-Realtime feeds and
    their API keys, ticketing and fare-collection back ends, passenger
    information displays, depot and signalling maintenance laptops, onboard
    Wi-Fi and CCTV, bus/train telematics and AVL, crew scheduling, open-data
    portals, SCADA for traction power, and the ops team's shift handovers.

Provenance
    Written blind, from general knowledge only, without looking at the
    engine's rules or at any other corpus.  Where a vendor's real credential
    shape is known it is imitated (prefixes, lengths, alphabets); where it is
    unknown a plausible shape was invented.  All hosts, people, companies,
    values and keys are fictitious and randomly generated.

Layout
    SECRETS  list of 5-tuples (group, format, text, secret, visible):
             group    one of command, tool-output, config-file, source-code,
                      stack-trace-or-log, note-or-chat, ci-and-deploy,
                      vendor-token (about 185 each);
             format   kebab-case name of the shape, used at most 3 times;
             text     the fragment as the agent recorded it;
             secret   exact substring of text that must not survive
                      redaction (only the key body of PEM keys, only the
                      signature of signed URLs, only the password of
                      user:password pairs);
             visible  substring of text that must remain readable, or "".
    BENIGN   list of distinct strings with no credential in them that still
             look secret-ish: hashes, ids, placeholders, masked values,
             references to where secrets are stored, prose about passwords,
             public keys and fingerprints, in the same contexts as SECRETS.

Determinism
    Every random value is drawn at import time from _R = random.Random(SEED)
    in a fixed order, so importing the module twice yields identical lists.
    Nothing is printed at import.

Measured
--------
Blind, read after all of that session's rules and its review: recall 0.950 (1,413 of 1,488) and
false positives 11 of 955 (1.2%); with the engine at that session's start 0.952 and 17 (1.8%). The
three secrets lost (a token as an access log's path segment, taken for a local file's path) were
mended at once (0.952); not tuned on otherwise.
"""
import base64
import random
import re
import string

SEED = 790079
_R = random.Random(SEED)

_A = string.ascii_letters + string.digits
_L = string.ascii_lowercase + string.digits
_U = string.ascii_uppercase + string.digits
_H = "0123456789abcdef"
_HU = "0123456789ABCDEF"
_B = _A + "+/"
_US = _A + "-_"
_D = string.digits
_ALPHA = {"A": _A, "L": _L, "U": _U, "H": _H, "HU": _HU, "B": _B, "US": _US,
          "D": _D, "LO": string.ascii_lowercase, "UP": string.ascii_uppercase,
          "B32": "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
          "BECH": "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"}


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _c(seq):
    return _R.choice(seq)


_WORDS = ("tram signal depot platform ticket ferry viaduct pantograph bogie sleeper "
          "junction tunnel harbour railcar shunter coupler ballast catenary turnstile "
          "timetable conductor express orbital crosstown lantern falcon heron otter "
          "maple cedar copper silver amber cobalt meadow river canyon summit harvest "
          "thunder breeze autumn winter summer spring rocket pebble walnut biscuit "
          "marble velvet saffron quartz nimbus zephyr badger beacon anchor compass "
          "locomotive gondola funicular monorail trolley omnibus caboose semaphore").split()
_CONS = "bcdfghjklmnprstvwz"
_VOW = "aeiou"
_SYM = "!#%*+-.?@^_~="


def _pw_human():
    w = _c(_WORDS)
    k = _R.randint(0, 6)
    if k == 0:
        return w.capitalize() + str(_R.randint(1990, 2026)) + _c("!#?*$")
    if k == 1:
        return w + _c("!#@_.") + str(_R.randint(10, 9999))
    if k == 2:
        return w.capitalize() + _c(_WORDS).capitalize() + str(_R.randint(1, 999))
    if k == 3:
        t = w.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1")
        return t.capitalize() + str(_R.randint(10, 99)) + _c("!?#")
    if k == 4:
        return _c(_WORDS).upper()[:5] + "_" + w + str(_R.randint(100, 999))
    if k == 5:
        return w.capitalize() + str(_R.randint(1, 12)).zfill(2) + str(_R.randint(0, 99)).zfill(2) + "!"
    return _c("Mm") + w[1:] + "&" + _c(_WORDS) + str(_R.randint(2, 98))


def _pw_phrase():
    sep = _c(["-", " ", ".", "_", ""])
    ws = [_c(_WORDS) for _ in range(_R.randint(3, 4))]
    if sep == "":
        ws = [x.capitalize() for x in ws]
    return sep.join(ws) + _c(["", str(_R.randint(1, 99)), "!"])


def _pw_pron():
    out = ""
    for i in range(_R.randint(4, 6)):
        syl = _c(_CONS) + _c(_VOW) + _c(["", "", _c(_CONS)])
        out += syl.capitalize() if i in (0, 3) else syl
    return out + str(_R.randint(2, 99))


def _pw_rand():
    n = _R.randint(14, 26)
    while True:
        v = _s(_A + "!%^*+=_-.~#", n)
        if any(ch.isdigit() for ch in v) and any(ch.isalpha() for ch in v):
            return v


def _pw_url():
    return _s(_A + "-_.~", _R.randint(12, 24))


def _pw_any():
    return _c([_pw_human, _pw_phrase, _pw_pron, _pw_rand, _pw_url])()


def _pw_nospace():
    while True:
        v = _pw_any()
        if " " not in v:
            return v


def _b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def _jwt():
    hdr = _b64u(('{"alg":"%s","typ":"JWT","kid":"%s"}' % (_c(["RS256", "HS256", "ES256"]), _s(_L, 8))).encode())
    body = _b64u(('{"sub":"%s","iss":"https://auth.%s.example","iat":%d,"exp":%d,"scope":"%s"}' % (
        _s(_L, 10), _c(["metrolinia", "northvale", "kestrel", "harbourbus"]), 1700000000 + _R.randint(0, 9 ** 7),
        1760000000 + _R.randint(0, 9 ** 7), _c(["feeds:read", "fares:write", "avl:ingest", "crew:admin"]))).encode())
    return hdr + "." + body + "." + _s(_US, 43)


def _pem_body(nlines, last):
    lines = [_s(_B, 64) for _ in range(nlines)]
    lines.append(_s(_B, last) + _c(["", "=", "=="]))
    return "\n".join(lines)


def _ossh_body():
    lines = ["b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"]
    lines += [_s(_B, 70) for _ in range(_R.randint(3, 5))]
    lines.append(_s(_B, _R.randint(20, 60)) + "=")
    return "\n".join(lines)


def _ind(body, a):
    pad = " " * int(a[0]) if a else ""
    return body.replace("\n", "\n" + pad)


def _basic(user=None):
    user = user or _c(_USERS)
    return base64.b64encode((user + ":" + _pw_nospace()).encode()).decode()


def _tok(args):
    alpha = _ALPHA[args[0]] if args else _A
    n = int(args[1]) if len(args) > 1 else 32
    pre = args[2] if len(args) > 2 else ""
    suf = args[3] if len(args) > 3 else ""
    return pre + _s(alpha, n) + suf


def _uuid():
    h = _s(_H, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _c("89ab"), h[17:20], h[20:32])


_SECRET_KINDS = {
    "pw": lambda a: _pw_any(), "pwh": lambda a: _pw_human(), "pwp": lambda a: _pw_phrase(),
    "pwn": lambda a: _pw_pron(), "pwr": lambda a: _pw_rand(), "pwu": lambda a: _pw_url(),
    "pwx": lambda a: _pw_nospace(),
    "tok": _tok, "jwt": lambda a: _jwt(), "uuid": lambda a: _uuid(),
    "rsa": lambda a: _ind(_pem_body(_R.randint(8, 12), _R.randint(10, 60)), a),
    "ec": lambda a: _ind(_pem_body(2, _R.randint(20, 40)), a),
    "ossh": lambda a: _ind(_ossh_body(), a),
    "basic": lambda a: _basic(a[0] if a else None),
    "ghp": lambda a: (a[0] if a else "ghp_") + _s(_A, 36),
    "ghpat": lambda a: "github_pat_11" + _s(_U, 20) + "_" + _s(_A, 59),
    "glpat": lambda a: (a[0] if a else "glpat-") + _s(_US, 20),
    "xox": lambda a: "xox%s-%s-%s-%s" % (a[0] if a else "b", _s(_D, 11), _s(_D, 13), _s(_A, 24)),
    "xapp": lambda a: "xapp-1-A" + _s(_U, 10) + "-" + _s(_D, 13) + "-" + _s(_H, 64),
    "slackhook": lambda a: "T%s/B%s/%s" % (_s(_U, 8), _s(_U, 10), _s(_A, 24)),
    "akia": lambda a: (a[0] if a else "AKIA") + _s("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16),
    "awssec": lambda a: _s(_B, 40),
    "awssess": lambda a: "IQoJb3JpZ2luX2VjE" + _s(_B, 200) + "==",
    "stripe": lambda a: (a[0] if a else "sk_live_") + "51" + _s(_A, 62),
    "aiza": lambda a: "AIza" + _s(_US, 35),
    "sendgrid": lambda a: "SG." + _s(_US, 22) + "." + _s(_US, 43),
    "npm": lambda a: "npm_" + _s(_A, 36),
    "pypi": lambda a: "pypi-AgEIcHlwaS5vcmcCJ" + _s(_US, 120),
    "dop": lambda a: "dop_v1_" + _s(_H, 64),
    "hf": lambda a: "hf_" + _s(_A, 34),
    "openai": lambda a: "sk-proj-" + _s(_US, 120),
    "anthropic": lambda a: "sk-ant-api03-" + _s(_US, 93) + "AA",
    "nrak": lambda a: "NRAK-" + _s(_U, 27),
    "hvs": lambda a: "hvs." + _s(_A, 24),
    "hvsl": lambda a: "hvs.CAESI" + _s(_US, 80),
    "tfc": lambda a: _s(_A, 14) + ".atlasv1." + _s(_A, 67),
    "doppler": lambda a: "dp.st.prd." + _s(_A, 43),
    "atlassian": lambda a: "ATATT3xFfGF0" + _s(_US, 170) + "=" + _s(_HU, 8),
    "postman": lambda a: "PMAK-" + _s(_H, 24) + "-" + _s(_H, 34),
    "telegram": lambda a: str(_R.randint(5000000000, 7999999999)) + ":AA" + _s(_US, 33),
    "discord": lambda a: "MT" + _s(_A, 24) + "." + _s(_US, 6) + "." + _s(_US, 38),
    "mailgun": lambda a: "key-" + _s(_H, 32),
    "mapbox": lambda a: "sk.eyJ1IjoiZ" + _s(_A, 50) + "." + _s(_US, 22),
    "azkey": lambda a: _s(_B, 86) + "==",
    "sassig": lambda a: _s(_A, 20) + "%2B" + _s(_A, 20) + "%2F" + _s(_A, 3) + "%3D",
    "shopify": lambda a: "shpat_" + _s(_H, 32),
    "dapi": lambda a: "dapi" + _s(_H, 32),
    "glsa": lambda a: "glsa_" + _s(_A, 32) + "_" + _s(_H, 8),
    "gocspx": lambda a: "GOCSPX-" + _s(_US, 28),
    "ya29": lambda a: "ya29.a0" + _s(_US, 150),
    "age": lambda a: "AGE-SECRET-KEY-1" + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
    "square": lambda a: "EAAA" + _s(_US, 60),
    "okta": lambda a: "00" + _s(_US, 40),
    "pulumi": lambda a: "pul-" + _s(_H, 40),
    "linear": lambda a: "lin_api_" + _s(_A, 40),
    "netlify": lambda a: "nfp_" + _s(_A, 36),
    "whsec": lambda a: "whsec_" + _s(_A, 32),
    "cookie": lambda a: _s(_L, 32),
}

# ------------------------------------------------------------------ fillers
_USERS = ("svc_gtfs avl_ingest fare_app pis_admin crew_ro scada_eng nvr_admin deploy ops "
          "etl_loader tvm_sync rt_publisher opendata depot_tech signal_maint wifi_admin "
          "roster_api ticketing reporting grafana replicator backup cctv_view").split()
_NAMES = ("Anneke Joris Priya Mateus Sanna Kwame Ingrid Tomasz Aiko Rafael Leila Oskar "
          "Fatou Dmitri Chiara Bjorn Mei Hamid Lucia Pieter Nkechi Sven Yusuf Marta Kenji "
          "Elif Rohan Agnieszka Thabo Ines").split()
_HPRE = ("gtfs-rt feeds avl pis fare-api tvm-gw crew scada-hmi nvr wifi-ctl depot-ws otp "
         "tickets validators opendata rostering telematics ckan kafka pg redis mqtt "
         "vault jenkins gitlab harbor grafana").split()
_DOMS = ("metrolinia.example northvale-transit.example rhinebahn.test harbourbus.example "
         "kestrelrail.internal tramvia-sul.example ostbahn-ops.test lakeshore-mobility.example").split()
_DBS = "fares gtfs_static avl_events crew_roster pis_content ridership validations depot_assets faults".split()
_DEPOTS = ("Westhafen Kirkgate Marienfeld Pontoise Riverside Oakbank Sundbyberg Porta-Nova "
           "Hollins-Lane Zuidkade Ashgrove Brennerplatz").split()


def _host():
    return "%s%02d.%s.%s" % (_c(_HPRE), _R.randint(1, 12), _c(["ops", "int", "prod", "stg", "dmz", "depot"]), _c(_DOMS))


def _ip():
    k = _R.randint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randint(0, 254), _R.randint(0, 254), _R.randint(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 254), _R.randint(2, 254))
    return "192.168.%d.%d" % (_R.randint(0, 254), _R.randint(2, 254))


def _date():
    return "2025-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28))


def _fill(kind, args):
    if kind == "host":
        return _host()
    if kind == "dom":
        return _c(_DOMS)
    if kind == "ip":
        return _ip()
    if kind == "user":
        return _c(_USERS)
    if kind == "name":
        return _c(_NAMES)
    if kind == "db":
        return _c(_DBS)
    if kind == "depot":
        return _c(_DEPOTS)
    if kind == "date":
        return _date()
    if kind == "time":
        return "%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59))
    if kind == "ts":
        return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999))
    if kind == "n":
        lo, hi = (int(args[0]), int(args[1])) if args else (1, 999)
        return str(_R.randint(lo, hi))
    if kind == "port":
        return str(_c([5432, 3306, 6379, 8080, 8443, 9092, 1883, 8883, 502, 443, 1521, 27017, 5672]))
    if kind == "pick":
        return _c(args[0].split("|"))
    if kind == "word":
        return _c(_WORDS)
    if kind == "route":
        return _c(["R", "S", "B", "T", "X", "N"]) + str(_R.randint(1, 99))
    if kind == "stop":
        return "%s%05d" % (_c(["STP", "SL", "PF", "HST"]), _R.randint(1, 99999))
    if kind == "veh":
        return _c(["BUS-", "EMU-", "TRAM-", "DMU-", "TROL-"]) + str(_R.randint(100, 9999))
    if kind == "uuid":
        return _uuid()
    if kind == "sha":
        return _s(_H, 40)
    if kind == "sha7":
        return _s(_H, 7)
    if kind == "sha256":
        return _s(_H, 64)
    if kind == "md5":
        return _s(_H, 32)
    if kind == "hex":
        return _s(_H, int(args[0]) if args else 16)
    if kind == "tok":
        return _tok(args)
    if kind == "region":
        return _c(["eu-west-1", "eu-central-1", "us-east-2", "ap-southeast-2", "eu-north-1"])
    if kind == "bucket":
        return _c(["gtfs-archive", "cctv-export", "fare-reports", "avl-raw", "pis-media"]) + "-" + _s(_L, 5)
    if kind == "env":
        return _c(["prod", "staging", "uat", "dev"])
    if kind == "email":
        return "%s.%s@%s" % (_c(_NAMES).lower(), _s(_L, 3), _c(_DOMS))
    if kind == "ver":
        return "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 30), _R.randint(0, 60))
    if kind == "ph":
        return _c(["${DB_PASSWORD}", "<your-token>", "xxxxxxxx", "********", "REDACTED", "[REDACTED]",
                   "${{ secrets.API_KEY }}", "%(password)s", "$(cat /run/secrets/db_password)", "<redacted>",
                   "[MASKED]", "{{ .Values.db.password }}", "${env:FEED_KEY}", "CHANGE_ME_IN_VAULT",
                   "<api-key-goes-here>", "$SWIFTLY_API_KEY", "{{ vault_fares_password }}", "***", "${PGPASSWORD:?}",
                   "<PASSWORD>", "YOUR_API_KEY", "%SFTP_PASS%", "$(GITHUB_TOKEN)", "!vault |", "<secret>"])
    if kind == "mask":
        return _c(["sk_live_****", "ghp_****", "glpat-****", "xoxb-****-", "AKIA****", "••••••••", "****", "hvs.****",
                   "SG.****", "npm_****"]) + _s(_A, 4)
    if kind == "envvar":
        return _c(["GTFS_RT_API_KEY", "PGPASSWORD", "SWIFTLY_API_KEY", "CKAN_API_TOKEN", "AVL_MQTT_PASS",
                   "FARE_GATEWAY_SECRET", "VAULT_TOKEN", "AWS_SECRET_ACCESS_KEY", "TRANSITLAND_API_KEY",
                   "PIS_CMS_TOKEN", "CREW_API_KEY", "SCADA_HIST_PASSWORD", "NVR_ADMIN_PASSWORD", "SLACK_WEBHOOK_URL"])
    if kind == "vpath":
        return _c(["secret/data/ops/", "kv/prod/", "secret/transit/", "op://Ops Rail/", "arn:aws:secretsmanager:eu-west-1:"
                   + str(_R.randint(10 ** 11, 10 ** 12 - 1)) + ":secret:"]) + _c(["fares-db", "avl-mqtt", "pis-cms",
                   "swiftly", "scada-historian", "nvr-admin", "crew-api", "ckan"]) + "/" + _c(["password", "api_key", "token", "credentials"])
    if kind == "b64text":
        t = _c(["stop_times.txt loaded", "route ", "hello from depot ", "platform ", "vehicle ", "trip_id=", "delay seconds "]) + str(_R.randint(1, 99999))
        return base64.b64encode(t.encode()).decode()
    if kind == "fp":
        return "SHA256:" + _s(_B, 43)
    if kind == "sshpub":
        return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(_B, 43) + " " + _c(_USERS) + "@" + _c(["depot-laptop", "hmi", "ci", "gw"]) + str(_R.randint(1, 99))
    if kind == "sri":
        return "sha384-" + _s(_B, 64)
    if kind == "gpg":
        return _s(_HU, 16)
    if kind == "bytes":
        return str(_R.randint(1000, 99999999))
    raise KeyError(kind)


_TOKRE = re.compile(u"\u00ab(!?)(@?)([a-z0-9_]+)((?::[^:\u00bb]*)*)\u00bb")
_USED = set()


def _render(tpl, want_secret=True):
    state = {}

    def sub(m):
        bang, at, kind, rest = m.group(1), m.group(2), m.group(3), m.group(4)
        args = rest.split(":")[1:] if rest else []
        if at:
            return state[kind]
        if bang:
            if "!" not in state:
                for _ in range(100):
                    v = _SECRET_KINDS[kind](args)
                    if v not in _USED and len(v) >= 6:
                        break
                _USED.add(v)
                state["!"] = v
            return state["!"]
        v = _fill(kind, args)
        state[kind] = v
        return v

    out = _TOKRE.sub(sub, tpl)
    vis = ""
    if u"\u2039" in out:
        i = out.index(u"\u2039")
        j = out.index(u"\u203a")
        vis = out[i + 1:j]
        out = out[:i] + vis + out[j + 1:]
    return out, state.get("!", ""), vis


# ------------------------------------------------------------------ templates
# Block syntax: "## group" starts a group, "== format" starts a template; the
# following lines up to the next header form the template.  «!kind» is the
# secret, «kind» a random filler, «@kind» repeats the last filler of a kind,
# and ‹...› marks the visible span.
_SECRET_BLOCKS = []
_SECRET_BLOCKS.append(r'''
## command
== psql-uri-argument
psql "postgresql://‹«user»›:«!pwu»@«host»:5432/«db»?sslmode=require" -c 'select count(*) from trips;'
== pgpassword-env-prefix
PGPASSWORD='«!pwx»' psql -h «host» -U ‹«user»› -d «db» -f sql/load_stop_times.sql
== mysql-p-flag-attached
mysql -h «host» -u ‹tvm_sync› -p«!pwu» validations -e "SHOW TABLES"
== curl-gtfs-rt-api-key-query
curl -s "https://‹«host»›/gtfs-rt/vehicle-positions?api_key=«!tok:H:32»" -o vp.pb && ls -l vp.pb
== curl-x-api-key-header
curl -H "x-api-key: «!tok:A:40»" https://api.«dom»/v2/trip-updates | protoc --decode_raw | ‹head -50›
== curl-basic-u-flag
curl -u ‹opendata›:«!pwx» -X POST https://ckan.«dom»/api/3/action/resource_update -F upload=@gtfs.zip
== curl-bearer-jwt-fare-api
curl -sS -H 'Authorization: Bearer «!jwt»' https://‹fare-api.«dom»›/v1/products?zone=«n:1:6» | jq .
== sshpass-depot-player
sshpass -p '«!pwx»' ssh ‹depot_tech@«ip»› 'sudo systemctl restart pis-player'
== export-transitland-key
export ‹TRANSITLAND_API_KEY›=«!tok:A:32»
== docker-login-robot-password-flag
docker login ‹harbor01.int.«dom»› -u 'robot$avl-ci' -p «!tok:A:32»
== aws-configure-set-secret
aws configure set aws_secret_access_key «!awssec» --profile ‹gtfs-archive›
== git-clone-oauth2-token
git clone https://oauth2:«!glpat»@‹gitlab.«dom»/ops/pis-content.git›
== redis-cli-a-flag
redis-cli -h ‹«host»› -p 6379 -a '«!pwx»' --no-auth-warning KEYS 'vehicle:*'
== mosquitto-pub-avl-password
mosquitto_pub -h «host» -p 8883 --cafile ca.pem -u ‹«user»› -P '«!pwx»' -t 'avl/«veh»/position' -m '{"lat":52.1,"lon":5.1}'
== htpasswd-batch-mode
sudo htpasswd -b /etc/nginx/.htpasswd ‹«user»› '«!pwx»'
== openssl-passout-pass
openssl pkcs12 -export -in validator.crt -inkey validator.key -out ‹validator-«n:10:99».p12› -passout pass:«!pwx»
== kubectl-secret-from-literal
kubectl -n ‹fares› create secret generic fare-db --from-literal=username=fare_app --from-literal=password='«!pwx»'
== vault-kv-put-inline
vault kv put ‹secret/ops/scada/historian› username=hist_ro password=«!pwu»
== smbclient-user-percent
smbclient //«ip»/cctv_export -U ‹nvr_admin›%«!pwu» -c 'cd «date»; mget *.mkv'
== mongosh-srv-uri
mongosh "mongodb+srv://‹«user»›:«!pwu»@cluster0.«hex:5».mongodb.net/ridership" --eval 'db.taps.countDocuments()'
== rsync-password-env
RSYNC_PASSWORD=«!pwu» rsync -av --delete gtfs/ rsync://‹feeds@«host»/gtfs-static/›
== wget-user-password-flags
wget --user=‹«user»› --password='«!pwx»' https://«host»/exports/ridership-«date».csv
== lftp-ftp-url
lftp -e 'mirror -R ./pis-media /incoming; bye' ftp://‹pisupload›:«!pwu»@«ip»
== sqlcmd-p-flag
sqlcmd -S «host»,1433 -U ‹crew_ro› -P '«!pwx»' -Q "SELECT TOP 10 * FROM dbo.Duties WHERE DepotCode='«depot»'"
== snmpwalk-community-string
snmpwalk -v2c -c «!tok:A:10:trk-» ‹«ip»› 1.3.6.1.2.1.2.2.1.8
== nmcli-wifi-connect-password
nmcli dev wifi connect "‹DEPOT-MAINT-«n:1:9»G›" password "«!pwp»"
== wpa-passphrase-onboard
wpa_passphrase ‹ONBOARD-CREW-«veh»› '«!pwx»' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf
== ipmitool-lanplus-password
ipmitool -I lanplus -H ‹«ip»› -U ADMIN -P «!pwu» chassis power cycle
== net-use-scada-share
net use \\«ip»\historian$ /user:‹TPS\engineer› «!pwx»
== powershell-securestring-plaintext
$pw = ConvertTo-SecureString '«!pwx»' -AsPlainText -Force; $cred = New-Object PSCredential('‹TPS\scada_eng›', $pw)
== heroku-config-set
heroku config:set ‹GTFS_RT_KEY›=«!tok:H:32» -a trip-planner-«env»
== gh-secret-set-body
gh secret set ‹SWIFTLY_API_KEY› --body "«!tok:H:32»" --repo northvale/avl-bridge
== npm-config-authtoken
npm config set //npm.pkg.github.com/:_authToken «!ghp» && npm ci ‹--workspace departures-board›
== pip-extra-index-credentials
pip install --extra-index-url https://‹ci-reader›:«!pwu»@pypi.«dom»/simple gtfs-kit==«ver»
== helm-set-db-password
helm upgrade --install otp ./charts/otp -n ‹journey-planner› --set postgresql.auth.password=«!pwu»
== terraform-var-db-password
terraform apply -var 'db_password=«!pwx»' ‹-target=module.fare_db›
== ansible-become-pass-extra-vars
ansible-playbook site.yml -l ‹depot_laptops› -e "ansible_become_pass=«!pwx»"
== influx-cli-token
influx query --host http://‹«host»:8086› --org traction --token «!tok:US:86::==» 'from(bucket:"substations") |> range(start:-1h)'
== keytool-storepass
keytool -importcert -alias validator-ca -file ca.pem -keystore ‹tvm.jks› -storepass «!pwx» -noprompt
== ldapsearch-bind-password
ldapsearch -x -H ldaps://«host» -D "‹cn=roster-sync,ou=svc,dc=northvale,dc=example›" -w '«!pwx»' '(uid=«name»)'
== docker-login-password-stdin-echo
echo «!ghp» | docker login ghcr.io -u ‹«name»-ops› --password-stdin
== curl-login-json-body
curl -X POST https://«host»/api/login -H 'Content-Type: application/json' -d '{"username":"‹«user»›","password":"«!pwx»"}'
== curl-client-credentials-form
curl https://auth.«dom»/oauth/token -d grant_type=client_credentials -d client_id=‹avl-bridge› -d client_secret=«!tok:US:48»
== az-storage-account-key-flag
az storage blob upload --account-name ‹nvgtfsarchive› --account-key «!azkey» -c feeds -f gtfs-«date».zip
== svn-checkout-password
svn checkout --username ‹«user»› --password «!pwx» https://svn.«dom»/signalling/interlocking-data/trunk
== rclone-config-create-sftp
rclone config create cctv-sftp sftp host «ip» user ‹nvr_admin› pass «!pwu»
== pg-dump-keyvalue-dsn
pg_dump "host=«host» port=5432 dbname=‹«db»› user=replicator password=«!pwu»" -Fc -f nightly.dump
== psql-alter-role-password
psql -c "ALTER ROLE ‹rt_publisher› WITH LOGIN PASSWORD '«!pwx»';"
== mysqladmin-password-equals
mysqladmin -u root --password=«!pwu» -h ‹«ip»› status
== mc-alias-set-minio
mc alias set ‹avlminio› https://«host» avl-writer «!tok:A:40»
== restic-password-env
RESTIC_PASSWORD='«!pwp»' restic -r s3:https://s3.«region».amazonaws.com/‹«bucket»› backup /srv/pis
== git-remote-set-url-ghs
git remote set-url origin https://x-access-token:«!ghp:ghs_»@github.com/‹northvale/gtfs-publisher›.git
== curl-telegram-bot-send
curl -s "https://api.telegram.org/bot«!telegram»/sendMessage" -d chat_id=-100«n:100000:999999» -d text="‹feed stale on «route»›"
== curl-slack-webhook-post
curl -X POST -H 'Content-type: application/json' --data '{"text":"‹GTFS-RT lag > 120s›"}' https://hooks.slack.com/services/«!slackhook»
== sqlplus-user-slash-password
sqlplus ‹crew_ro›/«!pwu»@«host»:1521/ROSTER @reports/duty_hours.sql
== redis-uri-default-user
redis-cli -u redis://default:«!pwu»@‹«host»:6379/2› XLEN avl:positions
== rabbitmqctl-add-user
rabbitmqctl add_user ‹avl-consumer› '«!pwx»' && rabbitmqctl set_permissions -p / avl-consumer ".*" ".*" ".*"
== openssl-enc-k-flag
openssl enc -aes-256-cbc -pbkdf2 -k «!pwx» -in ‹roster-export.csv› -out roster-export.csv.enc
== zip-p-flag
zip -P '«!pwx»' ‹cctv-incident-«n:1000:9999».zip› clip_*.mp4
== sevenzip-p-attached
7z a -p«!pwu» -mhe=on ‹handover-bundle.7z› logs/ notes/
== expect-send-password
expect -c 'spawn ssh ‹signal_maint@«ip»›; expect "password:"; send "«!pwu»\r"; interact'
== newman-env-var-apikey
newman run fares.postman_collection.json --env-var "baseUrl=https://‹«host»›" --env-var "apiKey=«!tok:H:32»"
== curl-apim-subscription-key
curl -H "Ocp-Apim-Subscription-Key: «!tok:H:32»" "https://gateway.apiportal.«dom»/reisinfo/api/v2/departures?station=‹UT›"
== httpie-auth-flag
http -a ‹«user»›:«!pwx» GET https://«host»/api/v1/devices?type=validator
''')
_SECRET_BLOCKS.append(r'''
## tool-output
== printenv-grep-key
$ printenv | grep -i gtfs
GTFS_STATIC_URL=https://‹feeds.«dom»/gtfs/latest.zip›
GTFS_RT_API_KEY=«!tok:H:32»
GTFS_POLL_SECONDS=15
== env-dump-db-password
HOSTNAME=avl-ingest-«hex:10»-«tok:L:5»
‹AVL_DB_HOST=«host»›
AVL_DB_USER=avl_ingest
AVL_DB_PASSWORD=«!pwx»
TZ=Europe/Amsterdam
== kubectl-get-secret-yaml-data
$ kubectl -n fares get secret fare-db -o yaml
apiVersion: v1
data:
  password: «!basic»
  ‹username: ZmFyZV9hcHA=›
kind: Secret
== kubectl-describe-pod-env
    Environment:
      ‹PIS_CMS_URL›:       https://«host»/cms
      PIS_CMS_TOKEN:     «!tok:A:48»
      LOG_LEVEL:         info
== docker-inspect-env-array
$ docker inspect crew-api --format '{{json .Config.Env}}'
["PATH=/usr/local/sbin:/usr/local/bin","‹ROSTER_DB_URL=postgres://roster@«host»/roster›","ROSTER_DB_PASSWORD=«!pwx»","JAVA_OPTS=-Xmx1g"]
== git-config-list-token-url
$ git config --list --show-origin | grep url
file:.git/config	remote.origin.url=https://‹«name»›:«!ghp»@github.com/northvale/timetable-builder.git
== aws-sts-assume-role-json
{
    "Credentials": {
        "AccessKeyId": "‹ASIA«tok:B32:16»›",
        "SecretAccessKey": "«!awssec»",
        "SessionToken": "FwoGZXIvYXdzE«tok:B:120»",
        "Expiration": "«ts»"
    }
}
== aws-sts-session-token-field
{
    "Credentials": {
        "AccessKeyId": "‹ASIA«tok:B32:16»›",
        "SessionToken": "«!awssess»",
        "Expiration": "«ts»"
    }
}
== vault-read-table-output
$ vault read database/creds/fares-readonly
Key                Value
---                -----
lease_id           ‹database/creds/fares-readonly/«tok:A:24»›
lease_duration     1h
password           «!tok:A:20:A1a-»
username           v-token-fares-re-«tok:A:20»
== heroku-config-output
=== trip-planner-prod Config Vars
‹DATABASE_URL›:        postgres://u«tok:L:13»:«!tok:H:64»@ec2-«n:10:99»-«n:10:250»-«n:1:250»-«n:1:250».eu-west-1.compute.amazonaws.com:5432/d«tok:L:13»
NODE_ENV:            production
== ps-aux-password-in-args
$ ps aux | grep histor
‹scada    «n:1000:40000»  2.1  1.4 ... /opt/historian/bin/collector› --db-user hist_w --db-pass «!pwx» --interval 5
== systemctl-show-environment
$ systemctl show pis-player -p Environment
Environment=‹PLAYER_ID=«stop»› CMS_URL=https://«host» CMS_SECRET=«!tok:US:40»
== shell-history-output
$ history | tail -4
  «n:400:999»  cd /opt/crewplan
  «@n»  ./crewplan-cli login --user ‹planner.«name»› --password «!pwx»
  «@n»  ./crewplan-cli export --week 32
== curl-verbose-authorization-echo
> GET /v1/vehicles HTTP/1.1
> Host: ‹«host»›
> User-Agent: curl/8.5.0
> Authorization: Bearer «!tok:A:40:avl_»
> Accept: */*
== terraform-output-json-sensitive-leak
$ terraform output -json
{
  "fare_db_password": { "sensitive": true, "type": "string", "value": "«!pwx»" },
  "‹fare_db_endpoint›": { "sensitive": false, "type": "string", "value": "«host»" }
}
== grep-recursive-password-hit
$ grep -rn "password" deploy/
deploy/‹validators/inventory.ini›:14:ansible_ssh_pass=«!pwx»
deploy/validators/README.md:3:Ask the ticketing on-call for the password.
== cat-dotenv-tool-output
$ cat .env
‹OPEN_DATA_PORTAL=https://data.«dom»›
CKAN_API_TOKEN=«!jwt»
== gh-api-response-token
{"token":"«!ghp:ghs_»","expires_at":"«ts»","permissions":{"contents":"read"},"‹repository_selection›":"selected"}
== oauth-token-response-json
{"access_token":"«!tok:US:64»","token_type":"bearer","expires_in":3600,"scope":"‹trip-updates:read›"}
== kubectl-config-view-raw-token
$ kubectl config view --raw
users:
- name: ‹ops-ci@avl-prod›
  user:
    token: «!jwt»
== docker-config-json-auths
$ cat ~/.docker/config.json
{"auths":{"‹harbor01.int.«dom»›":{"auth":"«!basic:robot$pis-ci»"}}}
== netrc-cat-output
$ cat ~/.netrc
machine ‹«host»›
  login «user»
  password «!pwx»
== mysql-show-grants-identified-by
mysql> SHOW CREATE USER 'reporting'@'%';
CREATE USER ‹'reporting'@'%'› IDENTIFIED WITH mysql_native_password BY '«!pwx»'
== redis-config-get-requirepass
«ip»:6379> CONFIG GET requirepass
1) "‹requirepass›"
2) "«!pwu»"
== az-storage-keys-list
[
  { "keyName": "‹key1›", "permissions": "FULL", "value": "«!azkey»" }
]
== gcloud-sa-key-json-private-key
  "type": "service_account",
  "project_id": "‹nv-opendata-«n:100:999»›",
  "private_key_id": "«hex:40»",
  "private_key": "-----BEGIN PRIVATE KEY-----\n«!tok:B:64»\n«tok:B:64»\n-----END PRIVATE KEY-----\n",
== wifi-controller-show-wlan
(‹onboard-wlc›) # show wlan 3
WLAN Identifier.................................. 3
Network Name (SSID).............................. Train-Crew
WPA2 Pre-Shared Key.............................. «!pwp»
== nvr-api-user-list
[{"id":1,"user":"‹admin›","role":"Administrator","password":"«!pwh»","lastLogin":"«ts»"}]
== router-show-running-config
‹interface Cellular0›
 ppp chap hostname «user»@m2m.«dom»
 ppp chap password 0 «!pwu»
== cisco-snmp-community-rw
‹snmp-server community› «!tok:A:12:NV» RW 99
snmp-server location «depot» cabinet 4
== jenkins-script-console-output
Result: [‹svc-gtfs-deploy›, «!pwx»]
== npmrc-cat-output
$ cat ~/.npmrc
‹registry=https://registry.npmjs.org/›
//registry.npmjs.org/:_authToken=«!npm»
== pypirc-cat-output
[pypi]
‹username = __token__›
password = «!pypi»
== dotnet-user-secrets-list
$ dotnet user-secrets list
‹ConnectionStrings:Crew› = Server=«host»;Database=Crew;User Id=crew_app;Password=«!pwx»;
== pm2-env-output
│ ‹FARE_GATEWAY_URL›       │ https://«host»/gw        │
│ FARE_GATEWAY_SECRET    │ «!tok:H:40»   │
== stripe-cli-config-output
$ stripe config --list
‹test_mode_api_key› = 'sk_test_51«tok:A:60»'
live_mode_api_key = '«!stripe»'
== aws-iam-create-access-key
{
    "AccessKey": {
        "UserName": "‹gtfs-uploader›",
        "AccessKeyId": "AKIA«tok:B32:16»",
        "Status": "Active",
        "SecretAccessKey": "«!awssec»"
    }
}
== sqlite-select-api-keys
sqlite> select * from api_clients limit 2;
1|‹journey-app-android›|«!tok:H:40»|«date»
== psql-select-users-plaintext
 id | username     | password        | depot
----+--------------+-----------------+-------
 «n:1:99» | ‹driver.«name»› | «!pwh» | «depot»
== consul-kv-get-output
$ consul kv get ‹config/pis/cms/api_secret›
«!tok:A:36»
== etcdctl-get-output
$ etcdctl get /services/avl/mqtt/password
‹/services/avl/mqtt/password›
«!pwu»
== k8s-secret-decoded-jq
$ kubectl get secret avl-mqtt -o json | jq -r '.data | map_values(@base64d)'
{
  "‹MQTT_USER›": "avl-bridge",
  "MQTT_PASSWORD": "«!pwx»"
}
== docker-compose-config-output
services:
  ‹ckan›:
    environment:
      CKAN_SYSADMIN_PASSWORD: «!pwx»
== gitlab-runner-register-output
Registering runner... succeeded                     ‹runner=«tok:A:8»›
Runner token: «!glpat:glrt-»
== ssh-verbose-password-prompt-echo
$ ssh -v ‹hmi@«ip»›
debug1: Next authentication method: password
hmi@«@ip»'s password: «!pwu»
Permission denied, please try again.
== minio-admin-user-add-output
Added user ‹`gtfs-reader`› successfully. Secret key: «!tok:A:40»
== mongo-show-connection-status
{ authInfo: { authenticatedUsers: [ { user: '‹ridership_ro›', db: 'admin' } ] }, uri: 'mongodb://ridership_ro:«!pwu»@«host»:27017' }
== wp-cli-config-get
$ wp config get DB_PASSWORD
«!pwx»
$ wp config get ‹DB_HOST›
«host»
== ansible-vault-view-output
$ ansible-vault view group_vars/depot/vault.yml
‹vault_depot_admin_password›: «!pwx»
== k9s-secret-decode-panel
 ‹pis-cms-db›  Opaque  ── password ──  «!pwu»
== pgpass-cat-output
$ cat ~/.pgpass
‹«host»:5432:«db»:«user»›:«!pwx»
== openvpn-auth-user-pass-file
$ sudo cat /etc/openvpn/client/auth.txt
‹depot-«depot»-vpn›
«!pwx»
== hashicorp-vault-token-create
Key                  Value
---                  -----
token                «!hvs»
token_accessor       ‹«tok:A:24»›
token_policies       ["avl-read"]
== vault-login-output-long-token
Success! You are now authenticated.
token                «!hvsl»
‹token_duration       768h›
== sentry-dsn-in-settings-output
SENTRY_DSN = 'https://«!tok:H:32»@‹o«n:100000:999999».ingest.sentry.io›/«n:1000000:9999999»'
== datadog-agent-status-api-key
  ‹API Key ending with›...
    api_key: «!tok:H:32»
== ngrok-config-check-output
version: "2"
authtoken: «!tok:A:49:2»
‹region: eu›
== modbus-gateway-web-dump
<tr><td>‹Admin user›</td><td>admin</td></tr><tr><td>Admin password</td><td>«!pwh»</td></tr>
== cctv-camera-onvif-probe
‹Camera «veh»-C3› rtsp://viewer:«!pwu»@«ip»:554/Streaming/Channels/101
''')
_SECRET_BLOCKS.append(r'''
## config-file
== spring-application-properties-datasource
# src/main/resources/application-prod.properties
spring.datasource.url=jdbc:postgresql://‹«host»:5432/«db»›
spring.datasource.username=«user»
spring.datasource.password=«!pwx»
== spring-application-yaml-nested
spring:
  datasource:
    url: jdbc:mysql://‹«host»:3306/crew›
    username: crew_app
    password: "«!pwx»"
== docker-compose-env-postgres
services:
  gtfs-db:
    image: postgis/postgis:16-3.4
    environment:
      ‹POSTGRES_USER: gtfs›
      POSTGRES_PASSWORD: «!pwu»
== dotenv-quoted-secret
# .env.production
‹FARE_API_BASE=https://«host»/v2›
FARE_API_CLIENT_SECRET="«!tok:US:40»"
== dotenv-unquoted-key
‹OTP_GRAPH_BUCKET=«bucket»›
SWIFTLY_API_KEY=«!tok:H:32»
== toml-database-section
[database]
host = "‹«host»›"
port = 5432
user = "rt_publisher"
password = "«!pwx»"
== ini-my-cnf-client
[client]
‹user=reporting›
password=«!pwu»
host=«host»
== ini-odbc-dsn
[‹CrewRoster›]
Driver=ODBC Driver 18 for SQL Server
Server=«host»
UID=crew_ro
PWD=«!pwx»
== xml-tomcat-context-resource
<Resource name="‹jdbc/FareDB›" auth="Container" type="javax.sql.DataSource"
          username="fare_app" password="«!pwx»"
          url="jdbc:oracle:thin:@«host»:1521/FARES"/>
== xml-maven-settings-server
<server>
  <id>‹nexus-transit›</id>
  <username>deployer</username>
  <password>«!pwx»</password>
</server>
== hcl-terraform-tfvars
‹region›          = "«region»"
fare_db_password  = "«!pwx»"
== hcl-provider-block-token
provider "‹grafana›" {
  url  = "https://grafana.«dom»"
  auth = "«!glsa»"
}
== k8s-secret-stringdata
apiVersion: v1
kind: Secret
metadata:
  name: ‹gtfs-rt-publisher›
stringData:
  API_KEY: «!tok:A:40»
== nginx-proxy-set-header-authorization
location /upstream-gtfs/ {
    proxy_pass https://‹api.«dom»›/gtfs/;
    proxy_set_header Authorization "Basic «!basic»";
}
== pgpass-file-line
‹«host»:5432:*:replicator›:«!pwx»
== netrc-single-line
machine ‹api.«dom»› login «user» password «!pwx»
== pip-conf-index-url
[global]
index-url = https://‹ci›:«!pwu»@nexus.«dom»/repository/pypi/simple
== npmrc-auth-line
@northvale:registry=https://‹npm.pkg.github.com›
//npm.pkg.github.com/:_authToken=«!ghp»
== yarnrc-yml-npm-auth-token
npmScopes:
  northvale:
    npmRegistryServer: "‹https://npm.«dom»›"
    npmAuthToken: "«!npm»"
== gradle-properties-credentials
‹mavenTransitUser›=ci-publisher
mavenTransitPassword=«!pwx»
== nuget-config-cleartext-password
<packageSourceCredentials>
  <‹TransitFeed›>
    <add key="Username" value="ci" />
    <add key="ClearTextPassword" value="«!pwx»" />
  </TransitFeed>
</packageSourceCredentials>
== wpa-supplicant-network-block
network={
    ssid="‹DEPOT-«depot»-OPS›"
    psk="«!pwp»"
    key_mgmt=WPA-PSK
}
== hostapd-conf-passphrase
interface=wlan0
‹ssid=«veh»-Passenger›
wpa=2
wpa_passphrase=«!pwx»
== openvpn-inline-tls-auth-key
<tls-auth>
-----BEGIN OpenVPN Static key V1-----
«!tok:H:32»
«tok:H:32»
-----END OpenVPN Static key V1-----
</tls-auth>
‹remote vpn.«dom» 1194›
== wireguard-private-key
[Interface]
PrivateKey = «!tok:B:43::=»
‹Address = 10.«n:1:250».0.«n:2:250»/32›
== strongswan-ipsec-secrets-psk
‹«ip» %any› : PSK "«!pwr»"
== freeradius-clients-secret
client ‹validators-«depot»› {
    ipaddr = «ip»/24
    secret = «!pwu»
}
== asterisk-pjsip-auth
[‹crew-phone-«n:100:999»›]
type=auth
auth_type=userpass
password=«!pwu»
== mosquitto-passwd-plain-before-hash
# TODO hash this with mosquitto_passwd -U
‹avl-bridge›:«!pwx»
== telegraf-mqtt-consumer
[[inputs.mqtt_consumer]]
  servers = ["‹ssl://«host»:8883›"]
  username = "telegraf"
  password = "«!pwx»"
== grafana-ini-admin-password
[security]
‹admin_user = admin›
admin_password = «!pwx»
== prometheus-basic-auth-scrape
  - job_name: ‹traction-substations›
    basic_auth:
      username: prom
      password: «!pwx»
== alertmanager-slack-api-url
receivers:
  - name: ‹ops-oncall›
    slack_configs:
      - api_url: https://hooks.slack.com/services/«!slackhook»
== fluent-bit-es-output
[OUTPUT]
    Name  es
    ‹Host  «host»›
    HTTP_User  fluent
    HTTP_Passwd  «!pwx»
== logstash-jdbc-input
jdbc {
  jdbc_connection_string => "‹jdbc:postgresql://«host»:5432/validations›"
  jdbc_user => "logstash"
  jdbc_password => "«!pwx»"
}
== rclone-conf-s3-secret
[‹avl-archive›]
type = s3
provider = Ceph
access_key_id = AVLARCH«tok:U:13»
secret_access_key = «!tok:A:40»
== s3cfg-secret-key
[default]
‹access_key = NVPIS«tok:U:15»›
secret_key = «!tok:A:40»
== aws-credentials-file-profile
[‹cctv-export›]
aws_access_key_id = AKIA«tok:B32:16»
aws_secret_access_key = «!awssec»
== kubeconfig-client-key-data
- name: ‹depot-k3s-admin›
  user:
    client-certificate-data: LS0tLS1CRUdJTi«tok:B:40»
    client-key-data: «!tok:B:120:LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1I»
== php-config-array-password
'‹mysql›' => [
    'host' => '«host»',
    'username' => 'pis_web',
    'password' => '«!pwx»',
],
== django-settings-databases
DATABASES = {"default": {"ENGINE": "django.db.backends.postgresql", "NAME": "‹opendata›",
    "USER": "ckan", "PASSWORD": "«!pwx»", "HOST": "«host»"}}
== appsettings-json-connection-string
{
  "ConnectionStrings": {
    "‹TicketingDb›": "Server=«host»;Database=Ticketing;User Id=tkt_app;Password=«!pwx»;TrustServerCertificate=True"
  }
}
== web-config-connection-string
<add name="‹FareCollection›" connectionString="Data Source=«host»;Initial Catalog=Fares;User ID=fc_web;Password=«!pwx»" providerName="System.Data.SqlClient" />
== hibernate-cfg-xml-password
<property name="‹hibernate.connection.username›">roster</property>
<property name="hibernate.connection.password">«!pwx»</property>
== jboss-datasource-security
<security>
    <user-name>‹avl_reader›</user-name>
    <password>«!pwx»</password>
</security>
== scada-opcua-client-yaml
opcua:
  endpoint: ‹opc.tcp://«ip»:4840›
  security_mode: SignAndEncrypt
  user: traction_ro
  password: '«!pwx»'
== modbus-gateway-ini-admin
[web]
‹listen=«ip»:80›
admin_pass=«!pwh»
== pis-display-player-json
{"playerId":"‹«stop»-PID-«n:1:8»›","cmsUrl":"https://«host»","deviceSecret":"«!tok:A:32»"}
== avl-unit-config-apn
‹apn=m2m.«dom»›
apn_user=avl
apn_pass=«!pwu»
== ticket-validator-ini-hsm-pin
[hsm]
slot=0
‹label=SAM-«n:1000:9999»›
user_pin=«!tok:D:8»
== sip-phone-provisioning-xml
<account1>
  <‹user_name›>«n:2000:2999»</user_name>
  <password>«!pwu»</password>
</account1>
== keepalived-auth-pass
vrrp_instance ‹VI_GTFS› {
    authentication {
        auth_type PASS
        auth_pass «!tok:A:8»
    }
}
== haproxy-stats-auth
listen stats
    bind ‹:8404›
    stats auth admin:«!pwu»
== pgbouncer-userlist
"‹fare_app›" "«!pwx»"
== redis-conf-requirepass
‹bind 127.0.0.1 «ip»›
requirepass «!pwr»
== sentry-properties-auth-token
defaults.org=‹northvale›
auth.token=«!tok:H:64:sntrys_»
== cloud-init-chpasswd
chpasswd:
  list: |
    ‹depottech›:«!pwx»
  expire: false
== ansible-inventory-ssh-pass
[‹signal_laptops›]
sl-«n:10:99» ansible_host=«ip» ansible_user=maint ansible_ssh_pass=«!pwx»
== ldap-conf-bindpw
‹binddn cn=pam,ou=svc,dc=kestrelrail,dc=internal›
bindpw «!pwx»
== sssd-ldap-default-authtok
ldap_default_bind_dn = ‹cn=sssd,ou=svc,dc=ostbahn,dc=test›
ldap_default_authtok = «!pwx»
''')
_SECRET_BLOCKS.append(r'''
## source-code
== python-requests-headers-dict
HEADERS = {"Accept": "application/x-protobuf", "‹x-api-key›": "«!tok:A:40»"}
resp = requests.get(f"{BASE}/gtfs-rt/trip-updates", headers=HEADERS, timeout=10)
== python-module-constant-api-key
# gtfs_poller/settings.py
‹FEED_URL = "https://api.«dom»/gtfs-rt/vehicle-positions"›
API_KEY = "«!tok:H:32»"
== python-psycopg2-connect-kwargs
conn = psycopg2.connect(host="«host»", dbname="‹«db»›", user="etl_loader", password="«!pwx»")
== python-sqlalchemy-url
engine = create_engine("postgresql+psycopg2://‹etl_loader›:«!pwu»@«host»/ridership", pool_pre_ping=True)
== python-os-environ-default-fallback
API_TOKEN = os.environ.get("‹CKAN_API_TOKEN›", "«!jwt»")
== python-paho-mqtt-username-pw-set
client = mqtt.Client(client_id="‹avl-bridge-«n:1:9»›")
client.username_pw_set("avl-bridge", "«!pwx»")
== python-boto3-client-keys
s3 = boto3.client("s3", region_name="«region»", aws_access_key_id="‹AKIA«tok:B32:16»›",
                  aws_secret_access_key="«!awssec»")
== python-smtplib-login
with smtplib.SMTP_SSL("‹smtp.«dom»›", 465) as s:
    s.login("alerts@«dom»", "«!pwx»")
== python-pymodbus-unlock-comment
# unlock write access on RTU (vendor default was changed by ‹«name»›)
UNLOCK_CODE = "«!tok:D:8»"
== python-dataclass-default-secret
@dataclass
class FareGatewayConfig:
    base_url: str = "https://‹«host»›"
    hmac_secret: str = "«!tok:H:64»"
== python-test-fixture-real-token
@pytest.fixture
def swiftly_client():
    return SwiftlyClient(agency="‹northvale›", api_key="«!tok:H:32»")
== python-jwt-encode-secret
token = jwt.encode({"sub": device_id}, "«!pwr»", algorithm="‹HS256›")
== python-hmac-signing-key-bytes
SIGNING_KEY = b"«!tok:A:40»"
sig = hmac.new(SIGNING_KEY, payload, hashlib.‹sha256›).hexdigest()
== javascript-fetch-authorization-header
const res = await fetch(`${‹API_BASE›}/departures?stop=${stopId}`, {
  headers: { Authorization: "Bearer «!tok:A:48»" },
});
== javascript-axios-auth-object
axios.get("https://‹«host»›/api/v1/alerts", { auth: { username: "pis", password: "«!pwx»" } })
== javascript-mapbox-access-token
mapboxgl.accessToken = '«!mapbox»';
const ‹map› = new mapboxgl.Map({ container: 'map', style: 'mapbox://styles/mapbox/light-v11' });
== typescript-config-export
export const ‹fareConfig› = {
  endpoint: "https://«host»/fares",
  clientSecret: "«!tok:US:48»",
};
== nodejs-mongoose-connect
mongoose.connect('mongodb://‹ridership_rw›:«!pwu»@«host»:27017/ridership?authSource=admin');
== nodejs-pg-pool-config
const pool = new Pool({ host: '«host»', user: '‹gtfs›', password: '«!pwx»', database: 'gtfs_static' });
== nodejs-nodemailer-transport
nodemailer.createTransport({ host: "‹smtp.«dom»›", port: 587, auth: { user: "noreply", pass: "«!pwx»" } });
== go-const-api-key
const (
	‹feedURL› = "https://api.«dom»/gtfs-rt/alerts"
	apiKey  = "«!tok:A:32»"
)
== go-sql-open-dsn
db, err := sql.Open("mysql", "‹tvm_sync›:«!pwu»@tcp(«host»:3306)/validations?parseTime=true")
== go-struct-literal-password
cfg := mqtt.NewClientOptions().AddBroker("‹ssl://«host»:8883›").SetUsername("telematics").SetPassword("«!pwx»")
== java-drivermanager-getconnection
Connection c = DriverManager.getConnection("jdbc:oracle:thin:@«host»:1521/ROSTER", "‹crew_ro›", "«!pwx»");
== java-static-final-secret
private static final String ‹CLIENT_ID› = "avl-portal";
private static final String CLIENT_SECRET = "«!tok:US:40»";
== kotlin-okhttp-header
val req = Request.Builder().url("https://‹«host»›/v1/tickets").header("X-Api-Key", "«!tok:H:40»").build()
== csharp-networkcredential
var cred = new NetworkCredential("‹TPS\\svc_hmi›", "«!pwx»");
== csharp-connection-string-literal
var cs = "Server=‹«host»›;Database=Crew;User Id=crew_app;Password=«!pwx»;";
== rust-reqwest-bearer
let resp = client.get(‹"https://api.«dom»/v2/vehicles"›).bearer_auth("«!tok:A:40»").send().await?;
== ruby-faraday-basic-auth
conn = Faraday.new(url: "https://‹«host»›") { |f| f.request :authorization, :basic, "ckan", "«!pwx»" }
== php-pdo-new
$pdo = new PDO('mysql:host=«host»;dbname=‹pis_content›', 'pis_web', '«!pwx»');
== swift-api-key-let
let ‹transitAPIBase› = URL(string: "https://api.«dom»")!
let transitAPIKey = "«!tok:A:32»"
== bash-script-variable-password
#!/usr/bin/env bash
‹DB_HOST=«host»›
DB_PASS='«!pwx»'
pg_dump -h "$DB_HOST" -U backup -W "$DB_PASS" fares > /backup/fares.sql
== bash-curl-in-script-token
TOKEN="«!tok:A:40:pat_»"
curl -fsS -H "PRIVATE-TOKEN: $TOKEN" "‹https://gitlab.«dom»/api/v4/projects›"
== powershell-script-plaintext-password
$Password = "«!pwx»"
Invoke-Sqlcmd -ServerInstance "‹«host»›" -Username "sa" -Password $Password -Query "EXEC dbo.RebuildDuties"
== sql-create-user-identified-by
CREATE USER ‹'opendata_ro'@'%'› IDENTIFIED BY '«!pwx»';
== sql-create-login-with-password
CREATE LOGIN ‹crew_report› WITH PASSWORD = N'«!pwx»', CHECK_POLICY = OFF;
== sql-dblink-connect-string
SELECT * FROM dblink('host=«host» dbname=avl_events ‹user=avl_ro› password=«!pwu»', 'select * from pings') AS t(x text);
== sql-insert-api-client-seed
INSERT INTO api_clients (name, key, tier) VALUES ('‹open-data-hackathon›', '«!tok:H:40»', 'bronze');
== jupyter-cell-json-source
  "source": [
    "import pandas as pd\n",
    "KEY = '«!tok:H:32»'  # ‹trafiklab realtime›\n",
== lua-nginx-shared-secret
local ‹SHARED_SECRET› = "«!tok:A:32»"
local sig = ngx.hmac_sha1(SHARED_SECRET, ngx.var.uri)
== c-define-modem-password
#define ‹MODEM_APN›      "m2m.«dom»"
#define MODEM_PASSWORD "«!pwu»"
== arduino-wifi-begin
WiFi.begin("‹TRAM-DEPOT-IOT›", "«!pwx»");
== dart-flutter-const-key
const String ‹kJourneyPlannerKey› = '«!aiza»';
== elixir-config-secret-key-base
config :ticketing_web, ‹TicketingWeb.Endpoint›,
  secret_key_base: "«!tok:US:64»"
== scala-config-password
val ‹rosterDb› = Database.forURL("jdbc:postgresql://«host»/roster", user = "roster", password = "«!pwx»")
== r-script-dbconnect
con <- dbConnect(RPostgres::Postgres(), host = "«host»", dbname = "‹ridership›", user = "analyst", password = "«!pwx»")
== python-hardcoded-basic-header
HEADERS = {"Authorization": "Basic «!basic»", "‹User-Agent›": "pis-sync/«ver»"}
== python-requests-auth-tuple
r = requests.post("https://‹«host»›/api/v2/incidents", auth=("cctv-bot", "«!pwx»"), json=payload)
== python-urllib-url-embedded
FEED = "https://‹feeds.«dom»›/gtfs-rt/alerts.pb?token=«!tok:A:32»"
== javascript-firebase-config
const firebaseConfig = {
  apiKey: "«!aiza»",
  authDomain: "‹journey-planner-«n:100:999».firebaseapp.com›",
};
== python-google-oauth-client-secret
CLIENT_CONFIG = {"installed": {"client_id": "‹«n:100000000000:999999999999»-«tok:L:32».apps.googleusercontent.com›",
                               "client_secret": "«!gocspx»"}}
== python-slack-sdk-token
slack = WebClient(token="«!xox:b»")
slack.chat_postMessage(channel="‹#ops-rail-control›", text=msg)
== python-twilio-client
client = Client("‹AC«hex:32»›", "«!tok:H:32»")
== js-stripe-require
const stripe = require('stripe')('«!stripe»');  // ‹ticket-shop› checkout
== go-hmac-secret-byte-slice
var ‹validatorHMAC› = []byte("«!tok:A:32»")
== java-properties-load-default
props.getProperty("‹sftp.password›", "«!pwx»");
== yaml-in-python-heredoc
CONFIG = """
broker: ‹«host»›
user: telematics
password: «!pwx»
"""
== ruby-env-fetch-default
SECRET = ENV.fetch("‹PIS_WEBHOOK_SECRET›") { "«!tok:H:40»" }
== python-redis-from-url
r = redis.Redis.from_url("rediss://:«!pwu»@‹«host»:6380/0›")
== ts-test-mock-with-real-key
// TODO: replace with mock before merging
const ‹NAVITIA_TOKEN› = "«!uuid»";
''')
_SECRET_BLOCKS.append(r'''
## stack-trace-or-log
== nginx-access-log-api-key-query
«ip» - - [«date»:«time»:07 +0000] "GET ‹/gtfs-rt/trip-updates›?api_key=«!tok:H:32» HTTP/1.1" 200 48213 "-" "okhttp/4.12.0"
== nginx-access-log-token-path
«ip» - - [«date»:«time»:41 +0000] "GET /feeds/«!tok:A:40»/‹gtfs.zip› HTTP/2.0" 200 9123441 "-" "transitland-fetcher"
== apache-access-log-basic-in-url
«ip» - - [«date»:«time»:12 +0100] "GET https://‹cms›:«!pwu»@«host»/player/manifest HTTP/1.1" 407 0
== python-traceback-psycopg-dsn
Traceback (most recent call last):
  File "/app/etl/load.py", line «n:20:300», in <module>
    conn = psycopg2.connect(DSN)
psycopg2.OperationalError: connection to server at "‹«host»›" failed: FATAL: password authentication failed for user "etl_loader"
DSN was: host=«@host» user=etl_loader password=«!pwu» dbname=ridership
== java-sqlexception-jdbc-url
java.sql.SQLException: Access denied for user 'fare_app'@'«ip»' (using password: YES)
	at com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)
	Caused by: url=jdbc:mysql://«host»:3306/fares?user=fare_app&password=«!pwu» ‹[HikariPool-1]›
== spring-boot-debug-property-dump
«ts» DEBUG 1 --- [main] o.s.b.c.p.PropertySourcesPropertyResolver : Found key 'spring.datasource.password' in ‹[systemEnvironment]› with value '«!pwx»'
== celery-banner-broker-url
 -------------- celery@‹avl-worker-«n:1:9»› v5.3.6 (emerald-rush)
- ** ---------- .> transport:   amqp://avl:«!pwu»@«host»:5672//
== kafka-sasl-jaas-log
«ts» INFO  ConsumerConfig values: sasl.jaas.config = org.apache.kafka.common.security.plain.PlainLoginModule required username="‹avl-consumer›" password="«!pwx»";
== mqtt-broker-connect-log
«ts»: New client connected from «ip»:«n:30000:60000» as ‹«veh»-obu› (p2, c1, k60, u'telematics', pw'«!pwu»').
== urllib3-debug-request-headers
DEBUG:urllib3.connectionpool:https://‹api.«dom»›:443 "GET /v2/departures HTTP/1.1" 200 None
DEBUG:http.client:send: b'GET /v2/departures HTTP/1.1\r\nHost: api.«@dom»\r\nX-Api-Key: «!tok:A:32»\r\n\r\n'
== auth-failure-password-in-username
«date» «time»:03 ‹crew-portal-«n:1:4»› sshd[«n:1000:9999»]: Invalid user «!pwh» from «ip» port «n:30000:60000»
== sudo-log-password-typed-as-command
«date» «time» ‹depot-ws-«n:10:40»› bash[«n:1000:9999»]: HISTORY: PID=«n:1000:9999» UID=1000 «!pwh»
== docker-build-arg-log
#7 [build 3/8] RUN --mount=type=cache ‹./gradlew publish› -PnexusPassword=«!pwx»
== gitlab-ci-job-log-echo
$ echo "deploying with token $DEPLOY_TOKEN"
deploying with token «!glpat:gldt-»
‹Job succeeded›
== sentry-breadcrumb-headers
{"category":"http","data":{"url":"‹https://«host»/api/validate›","headers":{"Authorization":"Bearer «!jwt»"}},"level":"info"}
== json-log-line-password-field
{"ts":"«ts»","level":"debug","msg":"‹login attempt›","user":"«user»","password":"«!pwx»","ip":"«ip»"}
== logfmt-line-secret
time=«ts» level=warn ‹component=pis-sync› msg="retrying with config" cms_token=«!tok:A:40»
== syslog-modem-chap-debug
«date» «time» ‹avl-gw-«n:10:99»› pppd[«n:100:999»]: sent [CHAP Response id=0x1 <...>, name = "avl"] secret="«!pwu»"
== windows-event-scheduled-task-cmdline
‹Process Command Line›: cmd.exe /c net use Z: \\«ip»\export /user:TPS\svc_export «!pwx»
== iis-log-querystring-password
«date» «time»:55 «ip» GET ‹/FareAdmin/Login.aspx› user=supervisor&pwd=«!pwu» 443 - «ip» Mozilla/5.0 302
== tomcat-manager-log-basic-decode
«date» «time» FINE [http-nio-8080-exec-4] ‹o.a.c.a.BasicAuthenticator› decoded credentials: manager:«!pwx»
== php-fatal-pdo-dsn
PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied in /var/www/pis/db.php:12
Stack trace:
#0 /var/www/pis/db.php(12): PDO->__construct('mysql:host=«host»...', '‹pis_web›', '«!pwx»')
== node-unhandled-rejection-config
UnhandledPromiseRejectionWarning: MongoServerError: Authentication failed.
    at Connection.onMessage ‹(node_modules/mongodb/lib/cmap/connection.js:202:26)›
  config: { uri: 'mongodb://ridership_rw:«!pwu»@«host»:27017/ridership' }
== go-panic-with-dsn
panic: dial tcp «ip»:5432: connect: connection refused
goroutine 1 [running]:
main.mustDB({0xc000«hex:6», 0x5a}) dsn="postgres://‹avl›:«!pwu»@«ip»:5432/avl_events"
== ruby-exception-redis-url
Redis::CannotConnectError: Error connecting to Redis on «host»:6379 (Errno::ECONNREFUSED) url=redis://:«!pwu»@«@host»:6379/0
	from ‹/usr/lib/ruby/gems/3.2.0/gems/redis-client-0.19.1/lib/redis_client.rb:«n:100:900»›
== dotnet-exception-connection-string
System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'crew_app'.
   ConnectionString: Server=‹«host»›;Database=Crew;User Id=crew_app;Password=«!pwx»;
== ansible-verbose-module-args
«host» | FAILED! => {"invocation": {"module_args": {"login_user": "‹root›", "login_password": "«!pwx»", "name": "pis"}}}
== k8s-event-failed-mount-secret-echo
Warning  Failed  «n:1:59»s  kubelet  Error: container ‹otp› env DB_PASS="«!pwx»" invalid: value contains newline
== http-access-log-authorization-header
«ts» ‹avl-gateway› request method=POST path=/ingest headers.authorization="Basic «!basic»" status=401
== ckan-log-api-token-debug
«ts» DEBUG [ckan.lib.api_token] ‹decoding token for user opendata-bot›: «!jwt»
== otp-graph-build-log-feed-url
«ts» INFO (GtfsModule.java:«n:80:400») Loading GTFS feed from https://‹api.«dom»›/gtfs/static?key=«!tok:H:32»
== telematics-unit-boot-log
[    «n:10:99».«n:100000:999999»] obu-agent: ‹unit=«veh»› apn=m2m.«dom» user=avl pass=«!pwu»
== scada-historian-odbc-error
‹[Historian]› ODBC error 28000: Login failed. Connection string: DSN=TractionHist;UID=hist_w;PWD=«!pwx»;
== airflow-connection-uri-log
[«ts»] {base.py:73} INFO - Using connection ID '‹gtfs_archive_sftp›' for task execution. uri=sftp://gtfs:«!pwu»@«host»:22
== jenkins-console-masking-bypass
[Pipeline] sh
+ ‹curl -u ci-bot› -T build.zip https://«host»/upload --password «!pwx»
== uwsgi-env-on-crash
*** Operational MODE: preforking ***
env: ‹DJANGO_SETTINGS_MODULE›=opendata.settings.prod SECRET_KEY=«!tok:A:50»
== postgres-log-statement-password
«ts» UTC [«n:1000:9999»] LOG:  statement: ALTER USER ‹rt_publisher› PASSWORD '«!pwx»'
== mysql-general-log-identified-by
«ts»	«n:10:99» Query	SET PASSWORD FOR ‹'tvm_sync'@'%'› = '«!pwx»'
== pis-player-crash-dump-config
[crash] ‹player=«stop»-PID› cms=https://«host» device_secret=«!tok:A:32» uptime=«n:100:9999»s
== fare-gateway-signature-debug
DEBUG ‹FareGatewayClient› computing HMAC with key=«!tok:H:64» body_len=«n:100:999»
== cctv-nvr-rtsp-error
«ts» ERROR ‹recorder› failed to open rtsp://admin:«!pwu»@«ip»:554/h264/ch1/main: 401 Unauthorized
== avl-ingest-kafka-bootstrap-error
«ts» ERROR [avl-ingest] sasl auth failed bootstrap=«host»:9093 mechanism=PLAIN ‹user=avl-ingest› password=«!pwx»
== browser-console-network-copy
Request URL: https://‹«host»›/api/session?token=«!tok:US:43»
Request Method: GET
Status Code: 200 OK
== python-logging-dict-repr
«ts» INFO crew_sync: connecting with {'host': '«host»', 'user': '‹roster_api›', 'password': '«!pwx»', 'port': 5432}
== systemd-journal-environment-leak
«date» «time» ‹gtfs-rt01› systemd[1]: Started gtfs-publisher.service. Environment: PUBLISHER_KEY=«!tok:H:40»
== x11vnc-password-log
«date» «time» ‹hmi-«n:1:9»› x11vnc[«n:100:999»]: -passwd «!pwu» given on command line
== webhook-delivery-log-signature-secret
«ts» ‹webhook-relay› delivering to https://«host»/hooks/pis with secret=«!whsec»
== azure-sas-url-in-log
«ts» INFO uploading ‹gtfs-«date».zip› to https://nvgtfs.blob.core.windows.net/feeds/gtfs.zip?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=«date»T23:59:59Z&sig=«!sassig»
== s3-presigned-url-in-log
«ts» DEBUG presigned GET for ‹cctv/«veh»/clip-«n:1000:9999».mp4›: https://«bucket».s3.«region».amazonaws.com/clip.mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA«tok:B32:16»%2F«n:20250101:20251228»%2F«@region»%2Fs3%2Faws4_request&X-Amz-Date=20250301T101010Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=«!tok:H:64»
== gcs-signed-url-in-log
«ts» ‹export-job› signed url: https://storage.googleapis.com/«bucket»/ridership.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40nv-opendata.iam.gserviceaccount.com%2F20250301%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250301T000000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=«!tok:H:256»
== cloudfront-signed-url-log
«ts» ‹pis-media› fetch https://d«tok:L:13».cloudfront.net/ads/loop.mp4?Expires=«n:1700000000:1790000000»&Key-Pair-Id=K«tok:U:13»&Signature=«!tok:US:172»
== sshd-debug-keyboard-interactive
«date» «time» ‹signal-gw› sshd[«n:1000:9999»]: debug3: PAM conv reply user=signal_maint resp="«!pwu»"
== smb-mount-failure-options
mount error(13): Permission denied
‹mount -t cifs //«ip»/export /mnt/export› -o username=svc_export,password=«!pwu»
== vpn-client-log-psk
«ts» ‹ipsec-depot-«depot»› IKE: using pre-shared key "«!pwr»" for peer «ip»
== ticket-machine-service-menu-log
«ts» ‹TVM-«n:1000:9999»› SERVICE_MENU_LOGIN tech=«n:100:999» pin_entered=«!tok:D:8» result=OK
== onboard-wifi-captive-portal-log
«ts» ‹captive-portal› radius-acct secret=«!tok:A:16» nas=«veh»-ap1 session=«hex:16»
''')
_SECRET_BLOCKS.append(r'''
## note-or-chat
== slack-thread-handover-password
«name» [«time»]: handover for night shift -- ‹depot HMI at «depot»› login is scada_eng / «!pwx» (changed today)
== shift-handover-note-bullets
## Shift handover «date» (early -> late)
- ‹GTFS-RT feed› stalled 06:40-06:55, restarted publisher
- new Swiftly key is «!tok:H:32», old one revoked
- «veh» CCTV still offline, ticket raised
== agent-running-note-found-creds
NOTE: found creds for ‹staging fare DB› in old wiki page: user fare_app, pass «!pwx». Using them only to reproduce the bug.
== agent-goal-with-token
Goal: re-publish the GTFS static feed to ‹the open-data portal›. User supplied the CKAN token: «!jwt»
== teams-chat-wifi-password-dutch
«name»: het wachtwoord van ‹de crew-wifi in «depot»› is nu «!pwp» -- niet doorsturen aub
== chat-german-vpn-zugang
«name»: VPN-Zugang für ‹das Stellwerk-Laptop›: Benutzer wartung, Passwort «!pwx»
== chat-french-mot-de-passe
«name» : le mot de passe du ‹poste de commande traction› c'est «!pwh» (je le change lundi)
== chat-spanish-contrasena
«name»: la contraseña del ‹router del autobús «veh»› es «!pwu», usuario admin
== chat-italian-password-vpn
«name»: per il ‹portale turni› usa utente planner e pw «!pwx»
== chat-polish-haslo
«name»: hasło do ‹kamery w zajezdni «depot»›: «!pwh»
== chat-swedish-losenord
«name»: lösenordet till ‹biljettsystemets testmiljö› är «!pwp»
== chat-portuguese-senha
«name»: a senha do ‹painel de informação na plataforma 3› é «!pwh», usuário pis
== chat-japanese-pasuwado
«name»: ‹車両基地のNVR›のパスワードは «!pwx» です。共有しないでください。
== chat-chinese-mima
«name»: ‹调度系统测试账号› dispatcher，密码 «!pwx»
== chat-turkish-sifre
«name»: ‹depo bakım laptopu› şifresi «!pwh»
== chat-czech-heslo
«name»: heslo k ‹informačnímu panelu na nástupišti› je «!pwu»
== chat-finnish-salasana
«name»: ‹varikon wlan› salasana: «!pwp»
== chat-no-label-creds-slash
«name»: for the ‹crew scheduling sandbox› try planner_test / «!pwx»
== chat-no-label-after-colon
«name»: ‹traction SCADA engineering account› -> eng01 : «!pwh»
== chat-api-key-pasted-bare
«name»: here you go «!tok:H:32» -- that's the ‹Trafiklab realtime key› for the hackathon
== email-forward-credentials
From: ‹«email»›
Subject: Access for the fare audit
Hi, the auditor account is audit_ext and the temporary password is «!pwx». It expires Friday.
== jira-comment-ticket-reproduction
‹[OPS-«n:1000:9999»]› «name» commented: reproduced on UAT with svc_tvm / «!pwx», validator firmware «ver»
== agent-decision-log-rotated
Decision: rotate the ‹PIS CMS› device secret. Old value «!tok:A:32» must be removed from all player configs by «date».
== agent-todo-with-key
TODO(agent): verify ‹NS departures API› works with subscription key «!tok:H:32» before switching the board over
== meeting-notes-wifi-onboard
Onboard Wi-Fi review («date»): ‹passenger SSID stays open›; crew SSID passphrase changed to «!pwp» on all EMUs
== handover-rtu-unlock-code
Handover: ‹RTU at substation «n:1:30»› needs unlock code «!tok:D:6» before any writes. Ask control first.
== pasted-slack-code-block-env
«name» [«time»]: ```
‹AVL_MQTT_HOST=«host»›
AVL_MQTT_PASS=«!pwu»
```
== whatsapp-style-nvr-admin
[«date», «time»] «name»: NVR ‹«ip»› admin pw is «!pwh» again, someone reset it to factory
== github-issue-comment-oops-token
‹@«name»› oops, my last comment had the PAT «!ghp» in the curl line. Deleting and rotating now.
== standup-notes-passphrase
- «name»: rotating the ‹CCTV export zip› passphrase; new one is "«!pwp»"
== agent-observation-log-line
Observation: the ‹legacy crew API› still accepts HTTP Basic; creds from config are roster_api:«!pwx»
== mattermost-german-db-zugang
«name»: DB-Zugang ‹Fahrgastzählung›: user=apc_ro pw=«!pwu»
== hindi-romanized-chat
«name»: bhai ‹depot laptop› ka password «!pwh» hai, kal change karna
== korean-chat-bimilbeonho
«name»: ‹정류장 안내기 관리자› 비밀번호는 «!pwx» 입니다
== russian-chat-parol
«name»: пароль от ‹АРМ диспетчера› — «!pwh»
== arabic-chat-kalimat-sir
«name»: كلمة السر ‹لشاشة المعلومات في المحطة› هي «!pwx»
== greek-chat-kodikos
«name»: ο κωδικός για το ‹Wi-Fi του αμαξοστασίου› είναι «!pwp»
== agent-scratchpad-tried-passwords
Tried on ‹«ip»› (TVM service port): admin/admin -> fail, admin/«!pwh» -> OK
== incident-timeline-token-exposure
«time» ‹INC-«n:100:999»›: API key «!tok:A:40:ntp_» found in public repo fork; revoked «time»
== confluence-runbook-excerpt
Runbook: ‹Resetting a frozen platform display›
1. SSH to the player (user pis)
2. Password: «!pwh»
3. run sudo pis-reset
== voice-note-transcript
transcript: "...yeah so the ‹alarm panel code› for the «depot» relay room is «!tok:D:6», the door one is different..."
== agent-plan-with-connection-string
Plan: 1) dump stop_times from ‹prod replica› using postgres://replicator:«!pwu»@«host»/gtfs_static 2) diff against new feed
== shift-log-spreadsheet-row
«date»	late	‹«name»›	HMI pw reset -> «!pwh»	OK
== chat-reply-quoted-password
> what's the ‹staging validator› password?
«name»: «!pwx»
== chat-password-split-hint
«name»: ‹crew portal test user› is test.driver, password is the usual one: «!pwh»
== note-sms-gateway-key
‹SMS gateway for passenger alerts›: key «!tok:H:32», sender "NVTRANSIT"
== agent-memory-file-credentials
# Memory
- ‹Fare gateway sandbox›: client id fg-sbx, client secret «!tok:US:40»
- Use sandbox only.
== chat-otp-backup-codes
«name»: ‹backup codes for the ops Google account›: «!tok:D:8» (the rest in the safe)
== email-vendor-support-password
Dear support, please log into ‹our AVL console› (northvale.avl-vendor.example) as support_tmp with «!pwx» to check the GPS drift.
== chat-dm-ssh-key-passphrase
«name»: passphrase for ‹~/.ssh/depot_ed25519› is «!pwp»
== handover-markdown-table
| System | User | Password |
|---|---|---|
| ‹Substation «n:1:30» HMI› | operator | «!pwh» |
== chat-code-spoken
«name»: ‹key safe at platform 4› is «!tok:D:6» (don't post this in the big channel)
== agent-note-bearer-observed
Noticed the ‹departures widget› sends Authorization: Bearer «!tok:A:40» in plain JS; flag it to security.
== signal-laptop-sticky-note-photo-ocr
OCR of photo: "‹SIGNAL LAPTOP SL-«n:10:99»›  user: maint  pw: «!pwh»"
== dutch-handover-api-sleutel
Overdracht: ‹NDOV-loket› API-sleutel is vervangen door «!tok:H:32»
== german-chat-zugangsdaten-json
«name»: Zugangsdaten ‹Fahrplan-API›: {"key":"«!tok:A:32»"}
== norwegian-chat-passord
«name»: passordet til ‹billettautomaten i testrigg› er «!pwh»
== agent-question-to-user
Question for user: is «!pwx» still the ‹root password for the depot NAS›, or was it rotated after the audit?
''')
_SECRET_BLOCKS.append(r'''
## ci-and-deploy
== github-actions-env-hardcoded
jobs:
  publish-gtfs:
    runs-on: ubuntu-latest
    env:
      ‹CKAN_URL: https://data.«dom»›
      CKAN_API_TOKEN: «!jwt»
== github-actions-with-password-input
      - uses: docker/login-action@v3
        with:
          registry: ‹harbor01.int.«dom»›
          username: robot$gtfs-ci
          password: «!tok:A:32»
== github-actions-run-curl-inline
      - name: Notify ops
        run: curl -X POST -d '{"text":"‹feed published›"}' https://hooks.slack.com/services/«!slackhook»
== gitlab-ci-variables-block
variables:
  ‹DEPLOY_HOST: «host»›
  DEPLOY_PASSWORD: "«!pwx»"
== gitlab-ci-script-token-inline
deploy:pis:
  script:
    - ‹helm upgrade pis ./chart› --set cms.token=«!tok:A:40»
== jenkinsfile-withenv-password
withEnv(["‹ROSTER_DB=«host»›", "ROSTER_PASS=«!pwx»"]) {
    sh './gradlew flywayMigrate'
}
== jenkinsfile-sh-curl-user
sh "curl -u ‹deployer›:«!pwx» -T target/crew-api.war https://«host»/manager/text/deploy?path=/crew"
== dockerfile-env-secret
FROM eclipse-temurin:21-jre
‹ENV FARE_GATEWAY_URL=https://«host»›
ENV FARE_GATEWAY_SECRET=«!tok:H:40»
== dockerfile-arg-default-token
ARG ‹NPM_TOKEN›=«!npm»
RUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci
== dockerfile-run-git-clone-token
RUN git clone https://«!ghp»@github.com/‹northvale/pis-fonts›.git /opt/fonts
== compose-prod-override-env
  ‹avl-ingest›:
    environment:
      - KAFKA_SASL_PASSWORD=«!pwx»
== k8s-deployment-env-value
        env:
          - name: ‹OTP_DB_PASSWORD›
            value: "«!pwx»"
== helm-values-prod-yaml
# values-prod.yaml
‹postgresql›:
  auth:
    username: otp
    password: «!pwu»
== kustomize-secret-generator-literals
secretGenerator:
  - name: ‹pis-cms›
    literals:
      - CMS_API_KEY=«!tok:A:36»
== argocd-repo-secret
stringData:
  ‹url: https://gitlab.«dom»/ops/deploy.git›
  username: argocd
  password: «!glpat»
== ansible-group-vars-plain
# group_vars/validators.yml
‹validator_mgmt_user›: tvmadmin
validator_mgmt_password: «!pwx»
== terraform-rds-resource-password
resource "aws_db_instance" "‹fares›" {
  engine   = "postgres"
  username = "fares_admin"
  password = "«!pwx»"
}
== terraform-tfe-variable-value
resource "tfe_variable" "‹avl_key›" {
  key   = "swiftly_api_key"
  value = "«!tok:H:32»"
}
== circleci-environment-block
    environment:
      ‹GTFS_VALIDATOR_VERSION: «ver»›
      TRANSITLAND_API_KEY: «!tok:A:32»
== azure-pipelines-variables
variables:
  ‹acrName: nvtransitacr›
  acrPassword: '«!tok:B:52»'
== bitbucket-pipelines-inline
          - ‹pipe: atlassian/scp-deploy:1.5.0›
            variables:
              USER: deploy
              PASSWORD: '«!pwx»'
== drone-yml-settings-password
    settings:
      ‹repo: registry.«dom»/crew-api›
      username: drone
      password: «!pwx»
== buildkite-env-plain
env:
  ‹BUILDKITE_PLUGIN_S3_BUCKET: «bucket»›
  AWS_SECRET_ACCESS_KEY: «!awssec»
== fly-toml-env-secret
[env]
  ‹PRIMARY_REGION = "ams"›
  DATABASE_URL = "postgres://journey:«!pwu»@journey-db.internal:5432/journey"
== vercel-env-pull-output
# Created by Vercel CLI
‹NEXT_PUBLIC_MAP_STYLE="light"›
STRIPE_SECRET_KEY="«!stripe»"
== netlify-toml-build-env
[build.environment]
  ‹NODE_VERSION = "20"›
  NETLIFY_AUTH_TOKEN = "«!netlify»"
== systemd-unit-environment-line
[Service]
‹ExecStart=/opt/gtfs-publisher/bin/publisher›
Environment="PUBLISHER_DB_PASSWORD=«!pwx»"
== supervisord-environment
[program:‹avl-bridge›]
command=/usr/bin/python3 -m avl_bridge
environment=MQTT_PASSWORD="«!pwx»",MQTT_HOST="«host»"
== cron-line-with-password
‹15 2 * * *› /usr/local/bin/backup-roster.sh --db-pass '«!pwx»' >> /var/log/roster-backup.log 2>&1
== nomad-job-template-env
      template {
        data = <<EOF
‹CREW_API_URL=https://«host»›
CREW_API_KEY=«!tok:H:40»
EOF
      }
== packer-variable-default
variable "‹winrm_password›" {
  type    = string
  default = "«!pwx»"
}
== vagrantfile-ssh-password
  config.ssh.username = "‹vagrant-depot›"
  config.ssh.password = "«!pwx»"
== makefile-deploy-target
‹deploy-pis›:
	rsync -av build/ deploy@«host»:/srv/pis/ && sshpass -p «!pwu» ssh deploy@«@host» 'systemctl restart pis'
== gradle-publishing-credentials
    credentials {
        ‹username = "ci-publisher"›
        password = "«!pwx»"
    }
== sbt-credentials-inline
credentials += Credentials("‹Sonatype Nexus›", "nexus.«dom»", "deployer", "«!pwx»")
== pulumi-config-plain-secret
config:
  ‹nv-transit:dbUser›: otp
  nv-transit:dbPassword: «!pwx»
== serverless-yml-env
provider:
  environment:
    ‹GTFS_BUCKET: «bucket»›
    SWIFTLY_KEY: «!tok:H:32»
== cloudformation-parameter-default
  ‹MasterUserPassword›:
    Type: String
    NoEcho: true
    Default: "«!pwx»"
== octopus-deploy-variable-json
{"Name":"‹Fares.Db.Password›","Value":"«!pwx»","IsSensitive":false}
== teamcity-parameter-xml
<param name="‹env.SFTP_PASSWORD›" value="«!pwx»" />
== bamboo-plan-variable
‹bamboo.deploy.user›=deploy
bamboo.deploy.password=«!pwx»
== github-actions-services-postgres
    services:
      postgres:
        image: postgres:16
        env:
          ‹POSTGRES_DB: gtfs_test›
          POSTGRES_PASSWORD: «!pwx»
== gitlab-ci-before-script-docker-login
  before_script:
    - docker login -u ‹deploy-bot› -p «!glpat» registry.gitlab.«dom»
== k8s-imagepullsecret-dockerconfigjson
  ‹.dockerconfigjson›: '{"auths":{"harbor01.int.«dom»":{"username":"robot$otp","password":"«!tok:A:32»"}}}'
== ansible-vault-password-file-content
# ‹.vault_pass› (do not commit)
«!pwp»
== skaffold-helm-setvalues
      setValues:
        ‹pis.cms.url›: https://«host»
        pis.cms.secret: «!tok:A:32»
== docker-run-e-flag-in-deploy-script
docker run -d --name ‹gtfs-rt-proxy› -e UPSTREAM_KEY=«!tok:H:32» -p 8080:8080 nv/gtfs-rt-proxy:«ver»
== kubectl-patch-secret-data
kubectl patch secret ‹avl-mqtt› -p '{"stringData":{"MQTT_PASSWORD":"«!pwx»"}}'
== helm-install-set-string-token
helm install grafana grafana/grafana --set-string ‹grafana.ini.smtp.user›=alerts --set-string grafana.ini.smtp.password=«!pwx»
== ecs-task-definition-environment
        {"name": "‹SCADA_GATEWAY_URL›", "value": "opc.tcp://«ip»:4840"},
        {"name": "SCADA_GATEWAY_PASSWORD", "value": "«!pwx»"}
== cloud-run-deploy-set-env
gcloud run deploy ‹departures-api› --image eu.gcr.io/nv/departures:«ver» --set-env-vars DB_PASS=«!pwu»
== ssh-deploy-key-private-in-ci
deploy_key: |
  -----BEGIN OPENSSH PRIVATE KEY-----
  «!ossh:2»
  -----END OPENSSH PRIVATE KEY-----
‹deploy_host: «host»›
== rsa-key-in-ansible-vars
‹signal_gw_tls_key›: |
  -----BEGIN RSA PRIVATE KEY-----
  «!rsa:2»
  -----END RSA PRIVATE KEY-----
== ec-key-in-helm-values
tls:
  ‹crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t›
  key: |
    -----BEGIN EC PRIVATE KEY-----
    «!ec:4»
    -----END EC PRIVATE KEY-----
== travis-env-global-plain
env:
  global:
    - ‹GTFS_FEED_ID=nv-«n:1:9»›
    - TRANSITFEEDS_KEY=«!uuid»
== woodpecker-secrets-inline
    environment:
      ‹PLUGIN_REGISTRY: registry.«dom»›
      PLUGIN_PASSWORD: «!pwx»
== gitea-actions-env
    env:
      ‹GITEA_URL: https://git.«dom»›
      GITEA_TOKEN: «!tok:H:40»
== ansible-ini-become-password
[‹pis_players:vars›]
ansible_become_password=«!pwx»
== jenkins-credentials-xml
<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
  <id>‹sftp-gtfs-archive›</id>
  <username>gtfs</username>
  <password>«!pwx»</password>
</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
''')
_SECRET_BLOCKS.append(r'''
## vendor-token
== github-classic-pat-env
‹GITHUB_TOKEN›=«!ghp»
== github-fine-grained-pat
gh auth login --with-token <<< "«!ghpat»"   # ‹scoped to northvale/gtfs-publisher›
== github-oauth-token-gho
‹oauth_token›: «!ghp:gho_»
user: «name»-ops
== github-refresh-token-ghr
{"refresh_token":"«!ghp:ghr_»","‹refresh_token_expires_in›":15811200}
== gitlab-pat-private-token-header
curl --header "PRIVATE-TOKEN: «!glpat»" "https://‹gitlab.«dom»›/api/v4/projects/«n:10:999»/pipelines"
== gitlab-runner-token-config-toml
[[runners]]
  ‹name = "depot-builder-«n:1:9»"›
  url = "https://gitlab.«dom»"
  token = "«!glpat:glrt-»"
== gitlab-deploy-token
‹GITLAB_DEPLOY_USER=gitlab+deploy-token-«n:100:999»›
GITLAB_DEPLOY_TOKEN=«!glpat:gldt-»
== slack-bot-token-xoxb
‹SLACK_BOT_TOKEN›=«!xox:b»
== slack-user-token-xoxp
slack_user_token: "«!xox:p»"  # ‹used by the handover digest bot›
== slack-app-token-xapp
‹SLACK_APP_TOKEN›=«!xapp»
== aws-access-key-pair-env
‹AWS_ACCESS_KEY_ID›=AKIA«tok:B32:16»
AWS_SECRET_ACCESS_KEY=«!awssec»
== aws-secret-key-csv-export
User name,Password,Access key ID,Secret access key,Console login link
‹gtfs-uploader›,,AKIA«tok:B32:16»,«!awssec»,https://«n:100000000000:999999999999».signin.aws.amazon.com/console
== stripe-live-secret-key
‹STRIPE_SECRET_KEY›=«!stripe»
== stripe-restricted-key
stripe_restricted_key: «!stripe:rk_live_»  # ‹read-only for fare reconciliation›
== stripe-webhook-signing-secret
‹STRIPE_WEBHOOK_SECRET›=«!whsec»
== google-maps-api-key
<meta-data android:name="‹com.google.android.geo.API_KEY›" android:value="«!aiza»"/>
== google-oauth-client-secret-json
{"web":{"client_id":"‹«n:100000000000:999999999999»-«tok:L:32».apps.googleusercontent.com›","client_secret":"«!gocspx»"}}
== google-access-token-ya29
Authorization: Bearer «!ya29»
‹X-Goog-User-Project: nv-opendata›
== sendgrid-api-key
‹SENDGRID_API_KEY›=«!sendgrid»
== twilio-auth-token
‹TWILIO_ACCOUNT_SID=AC«hex:32»›
TWILIO_AUTH_TOKEN=«!tok:H:32»
== mailgun-private-key
‹MAILGUN_DOMAIN=mg.«dom»›
MAILGUN_API_KEY=«!mailgun»
== npm-automation-token
‹//registry.npmjs.org/:_authToken›=«!npm»
== pypi-upload-token
TWINE_PASSWORD=«!pypi» ‹twine upload dist/*›
== digitalocean-token
doctl auth init -t «!dop» ‹--context nv-pis›
== huggingface-token
‹HF_TOKEN›=«!hf»
== openai-project-key
‹OPENAI_API_KEY›=«!openai»
== anthropic-api-key
export ‹ANTHROPIC_API_KEY›="«!anthropic»"
== newrelic-user-key
‹NEW_RELIC_API_KEY›=«!nrak»
== newrelic-license-key
‹license_key›: «!tok:H:36::NRAL»
== datadog-api-and-app-key
‹DD_SITE=datadoghq.eu›
DD_APP_KEY=«!tok:H:40»
== sentry-auth-token-sntrys
‹SENTRY_AUTH_TOKEN›=«!tok:US:120:sntrys_eyJpYXQiOjE3»
== hashicorp-vault-service-token
‹VAULT_TOKEN›=«!hvs»
== terraform-cloud-api-token
credentials "‹app.terraform.io›" {
  token = "«!tfc»"
}
== doppler-service-token
‹DOPPLER_TOKEN›=«!doppler»
== atlassian-api-token
jira: ‹«email»› / «!atlassian»
== postman-api-key
‹POSTMAN_API_KEY›=«!postman»
== telegram-bot-token-env
‹TELEGRAM_BOT_TOKEN›=«!telegram»
== discord-bot-token
‹DISCORD_TOKEN›=«!discord»
== mapbox-secret-token
‹MAPBOX_DOWNLOADS_TOKEN›=«!mapbox»
== azure-storage-connection-string
‹DefaultEndpointsProtocol=https;AccountName=nvcctvexport›;AccountKey=«!azkey»;EndpointSuffix=core.windows.net
== azure-servicebus-sas-key
Endpoint=sb://‹nv-avl.servicebus.windows.net/›;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«!tok:B:43::=»
== shopify-admin-token
‹X-Shopify-Access-Token›: «!shopify»
== databricks-pat
‹DATABRICKS_HOST=https://adb-«n:1000000000000000:9999999999999999».«n:1:19».azuredatabricks.net›
DATABRICKS_TOKEN=«!dapi»
== grafana-service-account-token
‹GRAFANA_SA_TOKEN›=«!glsa»
== age-secret-key
# created: «ts»
# ‹public key: age1«tok:BECH:58»›
«!age»
== square-access-token
‹SQUARE_ACCESS_TOKEN›=«!square»
== okta-api-token
Authorization: SSWS «!okta»
‹Accept: application/json›
== pulumi-access-token
‹PULUMI_ACCESS_TOKEN›=«!pulumi»
== linear-api-key
‹LINEAR_API_KEY›=«!linear»
== netlify-personal-token
netlify deploy --prod --auth «!netlify» ‹--site nv-journey-planner›
== cloudflare-api-token
‹CLOUDFLARE_API_TOKEN›=«!tok:US:40»
== transitland-api-key-header
curl -H "apikey: «!tok:A:32»" "https://transit.land/api/v2/rest/‹feeds?search=northvale›"
== swiftly-avl-api-key
curl -H "Authorization: «!tok:H:32»" "https://api.goswift.ly/real-time/‹northvale›/gtfs-rt-vehicle-positions"
== tfl-unified-api-app-key
https://api.tfl.gov.uk/Line/‹victoria›/Arrivals?app_key=«!tok:H:32»
== bay511-api-key
curl "http://api.511.org/transit/‹StopMonitoring›?api_key=«!uuid»&agency=SF"
== entur-client-secret
‹ENTUR_CLIENT_ID=northvale-partner›
ENTUR_CLIENT_SECRET=«!tok:US:64»
== db-api-marketplace-headers
DB-Client-Id: ‹«hex:32»›
DB-Api-Key: «!tok:H:32»
== hafas-access-id
{"auth":{"type":"AID","aid":"«!tok:A:16»"},"client":{"id":"‹NVTRANSIT›","type":"WEB"}}
== navitia-token-basic
curl -u «!uuid»: "https://api.navitia.io/v1/coverage/‹fr-idf›/lines"
== masabi-ticketing-api-key
‹MASABI_BRAND=northvale›
MASABI_API_SECRET=«!tok:A:40:msb_live_»
== optibus-scheduling-token
optibus_api_token: «!tok:US:48:opb_»  # ‹crew schedule export›
== icomera-onboard-wifi-api-key
‹ICOMERA_FLEET=nv-emu›
ICOMERA_API_KEY=«!tok:L:40:icm-»
== genetec-cctv-sdk-certificate-key
‹<SdkCertificate ApplicationId="«uuid»"›>«!tok:B:64»</SdkCertificate>
== init-avl-mobile-client-secret
‹[init_mobile]›
client_secret = «!tok:A:48:imc_»
== passenger-counting-api-key
‹APC_VENDOR=IRIS›
APC_API_KEY=«!tok:L:48:apc.»
== trafiklab-realtime-key
https://opendata.samtrafiken.se/gtfs-rt/‹sl›/TripUpdates.pb?key=«!tok:H:32»
== here-platform-api-key
‹HERE_APP_ID=«tok:A:20»›
HERE_API_KEY=«!tok:US:43»
== tomtom-traffic-key
https://api.tomtom.com/traffic/services/4/‹flowSegmentData›/absolute/10/json?point=52.41,4.84&key=«!tok:A:32»
== pagerduty-integration-key
‹routing_key›: «!tok:H:32»
== opsgenie-api-key
Authorization: GenieKey «!uuid»
‹Content-Type: application/json›
''')
_SECRET_BLOCKS.append(r'''
## stack-trace-or-log
== haproxy-log-captured-cookie
«date»T«time»:22 ‹lb01› haproxy[«n:100:999»]: «ip»:«n:30000:60000» fe_fares be_fares/web2 0/0/1/12/13 200 812 SESSIONID=«!tok:HU:32» - ---- «n:1:99»/«n:1:99»/0/0/0 "GET /account/tickets HTTP/1.1"
== express-morgan-cookie-header
«ts» ‹fare-portal› GET /api/me 200 cookie="connect.sid=s%3A«!tok:US:32».«tok:US:43»; lang=nl"
== laravel-log-session-dump
[«ts»] production.DEBUG: ‹session restored› {"laravel_session":"«!tok:B:120::%3D»"}
== k8s-init-container-env-print
[init] ‹waiting for «host»:5432›... using PGPASSWORD=«!pwu»
== python-warning-insecure-creds-in-url
/usr/lib/python3/dist-packages/requests/sessions.py: UserWarning: Sending credentials over HTTP to http://‹ckan›:«!pwu»@«host»/api/3
== avl-obu-firmware-update-log
«ts» ‹fw-updater› fetching https://«host»/firmware/obu-«ver».bin with header X-Device-Token: «!tok:H:48»
== crew-app-mobile-crash-report
Fatal Exception: retrofit2.HttpException: HTTP 401
  at ‹nl.northvale.crew.api.RosterRepository.fetch(RosterRepository.kt:«n:30:200»)›
  request.header.Authorization=Bearer «!jwt»
''')
_SECRET_BLOCKS.append(r'''
## note-or-chat
== chat-estonian-parool
«name»: ‹depoo sülearvuti› parool on «!pwh»
== chat-hungarian-jelszo
«name»: a ‹peronkijelző› jelszava: «!pwx»
== chat-indonesian-kata-sandi
«name»: kata sandi ‹wifi bengkel kereta› «!pwp»
== chat-vietnamese-mat-khau
«name»: mật khẩu ‹máy bán vé thử nghiệm› là «!pwh»
== chat-hebrew-sisma
«name»: הסיסמה ‹למחשב התחזוקה בדיפו› היא «!pwx»
''')
_SECRET_BLOCKS.append(r'''
## tool-output
== aws-ssm-get-parameter-decrypted
{
    "Parameter": {
        "Name": "‹/nv/prod/fares/db_password›",
        "Type": "SecureString",
        "Value": "«!pwx»",
        "Version": «n:1:30»
    }
}
== aws-secretsmanager-get-secret-value
{
    "ARN": "arn:aws:secretsmanager:«region»:«n:100000000000:999999999999»:secret:‹avl/mqtt›-«tok:A:6»",
    "SecretString": "{\"username\":\"avl-bridge\",\"password\":\"«!pwx»\"}"
}
== gcloud-secrets-access-output
$ gcloud secrets versions access latest --secret=‹swiftly-api-key›
«!tok:H:32»
== op-read-output
$ op read "op://‹Ops Rail/Traction HMI/password›"
«!pwh»
''')
_SECRET_BLOCKS.append(r'''
## ci-and-deploy
== github-actions-matrix-plain-secret
    strategy:
      matrix:
        include:
          - feed: ‹northvale-bus›
            key: «!tok:H:32»
== gitlab-ci-trigger-token-curl
  script:
    - curl -X POST -F token=«!tok:H:40:glptt-» -F ref=main ‹https://gitlab.«dom»/api/v4/projects/«n:10:999»/trigger/pipeline›
== argo-workflows-parameter-value
      parameters:
        - name: ‹sftp-password›
          value: "«!pwx»"
== dockerfile-healthcheck-with-creds
HEALTHCHECK CMD curl -fsS -u ‹health›:«!pwu» http://localhost:8080/actuator/health || exit 1
''')
_SECRET_BLOCKS.append(r'''
## config-file
== ssh-config-with-password-comment
Host ‹signal-gw-«n:1:9»›
    HostName «ip»
    User maint
    # password «!pwx» (until keys are deployed)
== filezilla-sitemanager-base64-pass
<Server><Host>‹«ip»›</Host><Port>22</Port><User>gtfs</User><Pass encoding="base64">«!basic»</Pass></Server>
== mqtt-explorer-connection-json
{"name":"‹AVL prod broker›","host":"«host»","port":8883,"username":"ops-viewer","password":"«!pwx»"}
''')
_SECRET_BLOCKS.append(r'''
## source-code
== python-ftplib-login
ftp = ftplib.FTP("‹«ip»›")
ftp.login("pisupload", "«!pwx»")
== csharp-modbus-hmi-password-const
const string ‹HmiUser› = "operator";
const string HmiPassword = "«!pwh»";
''')

_GROUPS = ("command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
           "note-or-chat", "ci-and-deploy", "vendor-token")


def _parse(blocks):
    out = []
    for blk in blocks:
        group = fmt = None
        lines = []
        for line in blk.split("\n"):
            if line.startswith("## ") and line[3:].strip() in _GROUPS:
                if fmt:
                    out.append((group, fmt, "\n".join(lines).strip("\n")))
                group, fmt, lines = line[3:].strip(), None, []
            elif line.startswith("== "):
                if fmt:
                    out.append((group, fmt, "\n".join(lines).strip("\n")))
                fmt, lines = line[3:].strip(), []
            elif fmt:
                lines.append(line)
        if fmt:
            out.append((group, fmt, "\n".join(lines).strip("\n")))
    return out


def _build_secrets(per_group=186):
    tpls = _parse(_SECRET_BLOCKS)
    res = []
    for g in _GROUPS:
        mine = [t for t in tpls if t[0] == g]
        counts = [min(3, per_group // len(mine))] * len(mine)
        extra = per_group - sum(counts)
        i = 0
        while extra > 0 and i < len(mine):
            if counts[i] < 3:
                counts[i] += 1
                extra -= 1
            i += 1
        for (grp, fmt, tpl), k in zip(mine, counts):
            for _ in range(k):
                text, sec, vis = _render(tpl)
                res.append((grp, fmt, text, sec, vis))
    return res


SECRETS = _build_secrets()


_BENIGN_BLOCKS = []
_BENIGN_BLOCKS.append(r'''
## command
== b-git-checkout-sha
git checkout «sha» -- feeds/gtfs/stop_times.txt
== b-git-log-oneline
git log --oneline -3
«sha7» fix: clamp negative delays in trip updates
«sha7» chore: bump gtfs-realtime-bindings to «ver»
«sha7» feat: add platform codes for «depot»
== b-sha256sum-check
sha256sum -c <<< "«sha256»  gtfs-«date».zip"
== b-psql-env-placeholder
PGPASSWORD="$«envvar»" psql -h «host» -U «user» -d «db» -c '\dt'
== b-export-from-vault
export SWIFTLY_API_KEY="$(vault kv get -field=api_key secret/ops/swiftly)"   # run «n:1:999»
== b-curl-key-placeholder
curl -s "https://api.«dom»/gtfs-rt/trip-updates?api_key=«ph»" -o tu-«n:1:9999».pb
== b-kubectl-get-secret-names
kubectl -n «pick:fares|avl|pis|crew» get secrets --no-headers | awk '{print $1}'  # «n:1:999» items
== b-docker-pull-digest
docker pull harbor01.int.«dom»/pis/player@sha256:«sha256»
== b-ssh-keyscan
ssh-keyscan -t ed25519 «ip» >> ~/.ssh/known_hosts
== b-openssl-x509-fingerprint
openssl x509 -in validator-«n:10:99».crt -noout -fingerprint -sha256
== b-gh-secret-list
gh secret list --repo northvale/avl-bridge   # expected: «envvar», updated «date»
== b-aws-ssm-get-parameter-no-decrypt
aws ssm get-parameter --name /nv/«env»/fares/db_password --query Parameter.Version --region «region»
== b-password-prompt-read
read -s -p "Password for «user»@«host»: " PGPASSWORD && export PGPASSWORD
== b-mysql-p-prompt
mysql -h «host» -u tvm_sync -p validations   # prompts; see «vpath»
== b-ssh-identity-file
ssh -i ~/.ssh/depot_ed25519 -o IdentitiesOnly=yes maint@«ip»
== b-vault-kv-get-field
vault kv get -field=password «vpath»
== b-curl-header-env
curl -H "x-api-key: ${«envvar»}" https://api.«dom»/v2/alerts?since=«n:1700000000:1790000000»
== b-git-show-tag
git show v«ver» --stat | head -«n:5:40»
== b-md5sum-feed
md5sum gtfs.zip  # «md5»
== b-htpasswd-prompt
sudo htpasswd /etc/nginx/.htpasswd «user»   # interactive, prompts twice (ticket «n:1000:9999»)
''')
_BENIGN_BLOCKS.append(r'''
## tool-output
== b-printenv-masked
GTFS_RT_API_KEY=«mask»
GTFS_POLL_SECONDS=«n:5:60»
== b-docker-images-digest
REPOSITORY          TAG       IMAGE ID       CREATED        SIZE
nv/gtfs-rt-proxy    «ver»     «hex:12»   «n:2:9» days ago     «n:40:300»MB
== b-kubectl-get-secret-listing
NAME               TYPE                             DATA   AGE
fare-db            Opaque                           2      «n:2:400»d
regcred-«hex:5»       kubernetes.io/dockerconfigjson   1      «n:2:400»d
== b-git-status-clean
On branch main
Your branch is up to date with 'origin/main'.
HEAD detached at «sha7»
== b-pip-hash-output
gtfs-kit==«ver» --hash=sha256:«sha256»
== b-npm-integrity
"integrity": "sha512-«tok:B:86»=="
== b-ssh-fingerprint-prompt
The authenticity of host '«ip» («@ip»)' can't be established.
ED25519 key fingerprint is «fp».
== b-terraform-output-sensitive
fare_db_endpoint = "«host»"
fare_db_password = <sensitive>
build_id = "«uuid»"
== b-vault-kv-metadata
====== Metadata ======
Key                Value
created_time       «ts»
version            «n:1:40»
path               «vpath»
== b-aws-sts-identity
{"UserId": "AROA«tok:U:17»:«name»", "Account": "«n:100000000000:999999999999»", "Arn": "arn:aws:sts::«@n»:assumed-role/ops/«@name»"}
== b-gpg-list-keys
pub   ed25519 «date» [SC]
      «gpg»«gpg»«hex:8»
uid           [ultimate] «name» (release signing) <«email»>
== b-protoc-decode-output
header {
  gtfs_realtime_version: "2.0"
  timestamp: «n:1700000000:1790000000»
}
entity { id: "«uuid»" vehicle { vehicle { id: "«veh»" } } }
== b-env-listing-refs-only
DB_PASSWORD_FILE=/run/secrets/«pick:fare|avl|crew|pis»_db_password
VAULT_ADDR=https://vault.«dom»:8200
REQUEST_ID=«uuid»
== b-curl-response-headers
HTTP/2 200
etag: "«md5»"
x-request-id: «uuid»
x-ratelimit-remaining: «n:1:1000»
== b-jq-masked-config
{"db": {"host": "«host»", "password": "«ph»"}, "poll": «n:5:60»}
== b-sops-encrypted-value
password: ENC[AES256_GCM,data:«tok:B:24»,iv:«tok:B:22»==,tag:«tok:B:22»==,type:str]
== b-sealed-secret-ciphertext-ref
    encryptedData:
      password: AgB«tok:B:80»... (sealed for cluster «pick:avl-prod|fares-prod|pis-stg», ns «@pick»)
== b-ls-secrets-dir
-r--------  1 root root   «n:10:99» «date» /run/secrets/«pick:db_password|api_key|mqtt_pass|cms_token»
== b-cert-serial-output
serial=«hex:32»
notAfter=«date» 23:59:59 GMT
== b-gtfs-validator-summary
Validation report for gtfs-«date».zip: «n:0:40» errors, «n:0:400» warnings (report id «uuid»)
''')
_BENIGN_BLOCKS.append(r'''
## config-file
== b-yaml-password-from-env
database:
  host: «host»
  password: ${«envvar»}
  pool: «n:2:40»
== b-k8s-secretkeyref
        - name: DB_PASSWORD
          valueFrom:
            secretKeyRef:
              name: «pick:fare-db|avl-db|crew-db|pis-db»
              key: password   # rev «n:1:99»
== b-dotenv-example
# .env.example -- copy to .env and fill in
GTFS_RT_API_KEY=«ph»
FEED_POLL_SECONDS=«n:5:60»
== b-toml-password-file
[database]
host = "«host»"
password_file = "/etc/«pick:gtfs|avl|fares»/db.pass"
== b-spring-placeholder
spring.datasource.password=${«envvar»}
spring.datasource.url=jdbc:postgresql://«host»:5432/«db»
== b-ini-no-password
[client]
user=«user»
host=«host»
# password comes from ~/.mylogin.cnf (mysql_config_editor)
== b-authorized-keys-line
«sshpub»
== b-known-hosts-line
«ip» ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI«tok:B:43»
== b-gtfs-feed-info
feed_publisher_name,feed_publisher_url,feed_lang,feed_version
Northvale Transit,https://«dom»,en,«n:20250101:20251231»-«sha7»
== b-package-lock-resolved
"resolved": "https://registry.npmjs.org/gtfs-realtime-bindings/-/gtfs-realtime-bindings-«ver».tgz", "integrity": "«sri»"
== b-helm-values-existing-secret
postgresql:
  auth:
    existingSecret: otp-db-«pick:credentials|auth|secret»
    secretKeys: {adminPasswordKey: pg-admin, userPasswordKey: pg-user}  # chart «ver»
== b-nginx-ssl-paths
ssl_certificate     /etc/ssl/«pick:pis|fares|gtfs»/fullchain.pem;
ssl_certificate_key /etc/ssl/«@pick»/privkey.pem;   # renewed «date»
== b-wireguard-public-peer
[Peer]
PublicKey = «tok:B:43»=
AllowedIPs = 10.«n:1:250».0.0/24
== b-xml-password-attribute-ref
<Resource name="jdbc/FareDB" username="fare_app" password="${fare.db.password}" maxTotal="«n:5:50»"/>
== b-stops-txt-row
stop_id,stop_name,stop_lat,stop_lon
«stop»,«depot» Platform «n:1:12»,52.«n:100000:999999»,4.«n:100000:999999»
== b-docker-compose-secrets-file
secrets:
  fare_db_password:
    file: ./secrets/fare_db_password.txt   # gitignored, see «vpath»
== b-hcl-variable-sensitive-no-default
variable "db_password" {
  type      = string
  sensitive = true
  # supplied via TF_VAR_db_password in CI (run «n:1:9999»)
}
== b-grafana-provisioning-secure-ref
secureJsonData:
  password: $__file{/run/secrets/«pick:influx|pg|mysql»_password}
uid: «tok:L:9»
== b-openapi-security-scheme
components:
  securitySchemes:
    ApiKeyAuth: {type: apiKey, in: header, name: X-Api-Key}   # spec v«ver»
== b-ansible-vault-encrypted-blob
fares_db_password: !vault |
          $ANSIBLE_VAULT;1.1;AES256
          «hex:64»
          «hex:64»
''')
_BENIGN_BLOCKS.append(r'''
## source-code
== b-python-getenv
API_KEY = os.environ["«envvar»"]  # raises KeyError if unset (line «n:10:400»)
== b-python-password-prompt
password = getpass.getpass(f"Password for {user}@«host»: ")
== b-python-hash-cache-key
cache_key = hashlib.sha256(f"{route_id}:{service_date}".encode()).hexdigest()  # e.g. «sha256»
== b-python-test-dummy
def test_rejects_empty_key():
    with pytest.raises(ValueError):
        FeedClient(api_key="")   # case «n:1:999»
== b-js-env-reference
const apiKey = process.env.«envvar» ?? throwMissing("«@envvar»");
== b-go-flag-password-file
flag.StringVar(&cfg.PasswordFile, "password-file", "/run/secrets/«pick:db|mqtt|cms»", "path to password file") // v«ver»
== b-java-annotation-value
@Value("${fare.gateway.secret}") private String gatewaySecret; // injected, bean #«n:1:99»
== b-sql-password-column-ddl
ALTER TABLE operators ADD COLUMN password_hash text NOT NULL DEFAULT ''; -- migration «n:100:999»
== b-python-uuid-constant
NAMESPACE_TRIPS = uuid.UUID("«uuid»")
== b-rust-const-hash
const SCHEMA_HASH: &str = "«sha256»";
== b-password-validator-code
if len(pw) < «n:10:16» or pw.lower() in COMMON_PASSWORDS:
    raise WeakPasswordError("password too short or too common")
== b-js-mask-function
const mask = (s) => s.slice(0, 4) + "…" + s.slice(-4);  // mask("«mask»") -> UI only
== b-csharp-secret-client
var secret = await client.GetSecretAsync("«pick:fares-db-password|avl-mqtt-password|pis-cms-token»"); // KeyVault kv-nv-«env»
== b-base64-fixture
SAMPLE_PAYLOAD = "«b64text»"  # base64 of a plain text test string
== b-python-regex-for-keys
TOKEN_RE = re.compile(r"(?i)api[_-]?key\s*[:=]\s*(\S+)")  # rule «n:1:999»
== b-hmac-compare-digest
if not hmac.compare_digest(expected, request.headers.get("X-Signature", "")):  # «uuid»
    abort(401)
== b-git-blob-sha-in-code
EXPECTED_TREE = "«sha»"  # tree of feeds/ at release «ver»
== b-color-hex-constants
LINE_COLORS = {"«route»": "#«hex:6»", "«route»": "#«hex:6»"}
== b-protobuf-field
message VehicleAuth { string device_id = 1; bytes token_hash = 2; } // «sha7»
== b-docstring-about-secrets
"""Loads the API key from the secret store; never log it. See ADR-«n:10:99»."""
''')
_BENIGN_BLOCKS.append(r'''
## stack-trace-or-log
== b-log-request-id
«ts» INFO request_id=«uuid» route=«route» status=200 duration_ms=«n:1:999»
== b-log-trace-span
«ts» DEBUG trace_id=«hex:32» span_id=«hex:16» msg="trip update merged"
== b-log-password-redacted
«ts» INFO connecting to postgres://«user»:****@«host»:5432/«db»
== b-log-auth-failed-no-secret
«date» «time» sshd[«n:1000:9999»]: Failed password for «user» from «ip» port «n:30000:60000» ssh2
== b-log-token-expired
«ts» WARN token expired for client «pick:avl-bridge|journey-app|pis-sync» (kid=«hex:8»), refreshing
== b-java-stacktrace-plain
java.lang.IllegalStateException: password must not be null
	at nl.northvale.fares.DbConfig.validate(DbConfig.java:«n:10:300»)
	at nl.northvale.fares.App.main(App.java:«n:10:90»)
== b-python-keyerror-env
KeyError: '«envvar»'
  File "/app/poller.py", line «n:5:300», in load_config
== b-nginx-log-no-key
«ip» - - [«date»:«time»:01 +0000] "GET /gtfs/static/gtfs.zip HTTP/1.1" 304 0 "-" "GTFS-Fetcher/«ver»"
== b-log-masked-key
«ts» INFO using API key «mask» for feed «pick:bus|tram|rail|ferry»
== b-k8s-event-secret-missing
Warning  FailedMount  «n:1:59»m  kubelet  MountVolume.SetUp failed for volume "db-creds": secret "«pick:fare-db|avl-db»" not found
== b-log-etag-cache
«ts» DEBUG cache hit key=feed:«sha256» etag="«md5»"
== b-log-cert-fingerprint
«ts» INFO TLS peer cert fingerprint «fp» for «host»
== b-log-session-created-id-hash
«ts» INFO session created user=«user» session_hash=«sha256»[0:12] ttl=«n:60:3600»
== b-scada-alarm-log
«ts» ALARM SS«n:1:30» breaker Q«n:1:9» trip, ack by «name», event «uuid»
== b-avl-position-log
«ts» avl «veh» lat=52.«n:1000:9999» lon=4.«n:1000:9999» speed=«n:0:90» hdop=1.«n:0:9»
== b-vault-audit-hmac
{"time":"«ts»","type":"response","auth":{"client_token":"hmac-sha256:«sha256»","accessor":"hmac-sha256:«sha256»"}}
== b-log-config-loaded-no-values
«ts» INFO loaded config keys=[db.host, db.user, db.password, api.key] from /etc/«pick:fares|avl|pis»/app.yaml
== b-docker-build-digest-log
#«n:10:30» writing image sha256:«sha256» done
== b-gitlab-masked-variable-log
$ echo $DEPLOY_TOKEN
[MASKED]
Job «n:1000000:9999999» succeeded
== b-login-success-audit
«ts» AUDIT login ok user=«user» method=password mfa=totp ip=«ip»
''')
_BENIGN_BLOCKS.append(r'''
## note-or-chat
== b-handover-no-secret
Handover «date»: «veh» CCTV recorder replaced; password for NVR is in the vault under «vpath», not here.
== b-chat-ask-for-password-in-vault
«name»: the key for the «pick:Swiftly|Transitland|NS|Trafiklab» feed is in 1Password ("Ops Rail" vault), don't paste it here pls
== b-policy-text
Password policy: at least «n:12:16» characters, no reuse of the last «n:5:24» passwords, rotate service accounts every «n:60:180» days.
== b-note-rotated-reference
Rotated the CKAN API token on «date» (ticket OPS-«n:1000:9999»); new value stored as «envvar» in CI.
== b-agent-note-placeholder
Note: config.yaml uses «ph» for the feed key; the real one is injected at deploy time.
== b-chat-commit-ref
«name»: fixed in «sha7», can you review MR !«n:100:999»?
== b-chat-dutch-no-secret
«name»: het wachtwoord staat in de kluis, vraag het aan de dienstdoende (dienst «n:1:40»)
== b-chat-german-no-secret
«name»: Passwort bitte nicht im Chat teilen, liegt im Vault unter «vpath»
== b-prose-about-leak
Post-mortem «date»: an API key was committed to a fork; it was revoked within «n:5:59» minutes and the fork removed.
== b-meeting-notes-mfa
Decision («date»): all depot laptops move to smartcard login; local admin passwords managed by LAPS («n:10:300» devices).
== b-agent-goal-no-secret
Goal: make the GTFS-RT poller read its API key from «envvar» instead of the config file (issue #«n:10:999»).
== b-chat-uuid-trip
«name»: trip «uuid» shows +«n:1:30» min delay but the bus is on time
== b-chat-short-code-not-secret
«name»: platform «n:1:12» display shows error code E«n:100:999», reboot didn't help
== b-note-password-reset-process
To reset a crew portal password: open ticket in ServiceNow, category "Crew IT", the user gets a reset link by SMS («n:5:30» min validity).
== b-japanese-no-secret
«name»: パスワードは共有フォルダではなく Vault に保存してください（チケット «n:100:999»）
== b-french-no-secret
«name» : ne mets jamais le mot de passe dans le ticket, utilise le coffre (réf. «uuid»)
== b-spanish-no-secret
«name»: la clave API está en la variable «envvar», no en el repositorio
== b-chat-fingerprint-confirm
«name»: can you confirm the host key of «ip» is «fp» before I connect?
== b-note-masked-in-chat
«name»: the old token ended in ...«tok:A:4», it's revoked now
== b-jira-template
Steps: 1) log in as <test user> 2) buy a day ticket for zone «n:1:6» 3) observe error «uuid»
''')
_BENIGN_BLOCKS.append(r'''
## ci-and-deploy
== b-gha-secrets-ref
        env:
          «envvar»: ${{ secrets.«@envvar» }}
          FEED_ID: nv-«n:1:99»
== b-gha-action-pinned-sha
      - uses: actions/checkout@«sha»  # v«n:3:4»
== b-gitlab-ci-variable-ref
deploy:
  script:
    - helm upgrade pis ./chart --set cms.token=$PIS_CMS_TOKEN --version «ver»
== b-dockerfile-secret-mount
RUN --mount=type=secret,id=npm_token,target=/root/.npmrc npm ci  # base «sha256»
== b-k8s-external-secret
spec:
  secretStoreRef: {name: vault-backend, kind: ClusterSecretStore}
  data:
    - secretKey: password
      remoteRef: {key: «vpath»}   # refresh «n:1:24»h
== b-jenkins-credentials-binding
withCredentials([usernamePassword(credentialsId: 'sftp-gtfs-«n:1:99»', usernameVariable: 'U', passwordVariable: 'P')]) {
    sh 'lftp -u "$U,$P" sftp://«host»'
}
== b-terraform-random-password
resource "random_password" "fares_db" {
  length  = «n:20:40»
  special = true
}
== b-argocd-app-revision
  source:
    repoURL: https://gitlab.«dom»/ops/deploy.git
    targetRevision: «sha»
== b-helm-chart-digest
  digest: sha256:«sha256»
  version: «ver»
== b-circleci-context
workflows:
  publish:
    jobs:
      - build: {context: [gtfs-publishing-«env»]}  # holds TRANSITLAND_API_KEY
== b-azure-keyvault-reference
"value": "@Microsoft.KeyVault(SecretUri=https://kv-nv-«env».vault.azure.net/secrets/fares-db-password/«hex:32»)"
== b-sops-yaml-metadata
sops:
    kms:
        - arn: arn:aws:kms:«region»:«n:100000000000:999999999999»:key/«uuid»
    lastmodified: "«ts»"
== b-cosign-signature-ref
cosign verify --key cosign.pub harbor01.int.«dom»/pis/player@sha256:«sha256»
== b-ansible-vault-id
ansible-playbook site.yml --vault-id depot@prompt -l depot_laptops  # run «n:1:999»
== b-deploy-log-version
Deployed crew-api «ver» (build «n:1000:99999», commit «sha7») to «env»
== b-renovate-pr-title
chore(deps): update gtfs-realtime-bindings to «ver» (digest «sha7»)
== b-ci-cache-key
    key: gradle-{{ checksum "build.gradle.kts" }}-«sha7»
== b-github-oidc-role
      - uses: aws-actions/configure-aws-credentials@v4
        with:
          role-to-assume: arn:aws:iam::«n:100000000000:999999999999»:role/gtfs-publisher
== b-k8s-sa-token-projected
      volumes:
        - projected: {sources: [{serviceAccountToken: {path: token, expirationSeconds: «n:600:7200»}}]}
== b-docker-compose-env-file
    env_file: [./env/«pick:fares|avl|pis|crew».env]   # not in git, see README §«n:1:9»
''')
_BENIGN_BLOCKS.append(r'''
## vendor-token
== b-stripe-publishable-doc
Stripe publishable keys start with pk_live_ and are safe in the browser; secret keys (sk_live_) are not. (ref «n:1:99»)
== b-github-token-prefix-doc
GitHub token prefixes: ghp_ (classic PAT), gho_ (OAuth), ghs_ (app installation). Checklist item «n:1:99».
== b-aws-key-id-example-doc
AWS docs use AKIAIOSFODNN7EXAMPLE as the example access key id (page «n:1:999»).
== b-slack-webhook-placeholder
SLACK_WEBHOOK_URL=https://hooks.slack.com/services/XXXXXXXXX/XXXXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX  # template «n:1:999»
== b-google-maps-key-restriction-note
Maps key is restricted to HTTP referrer https://journey.«dom»/* and the Android package nl.northvale.journey (v«ver»)
== b-twilio-placeholder
TWILIO_AUTH_TOKEN=«ph»
TWILIO_FROM=+31«n:600000000:699999999»
== b-jwks-public
{"keys":[{"kty":"RSA","kid":"«hex:16»","use":"sig","alg":"RS256","e":"AQAB","n":"«tok:US:86»"}]}
== b-sentry-public-dsn-note
Sentry project id «n:1000000:9999999» for pis-player; DSN is in the player config template as ${SENTRY_DSN}
== b-vault-accessor-only
token accessor «tok:A:24» revoked (accessor is not the token)
== b-npm-token-list
npm token list
| id     | token  | created    | readonly |
| «hex:6» | «tok:H:6»… | «date» | true |
== b-mapbox-public-token-note
Mapbox public tokens (pk.*) ship in the web bundle; secret sk.* tokens stay server-side. Style «tok:L:25».
== b-transitland-doc
Transitland v2 REST: pass your key as the apikey header (get one at transit.land/profile). Onestop id f-«tok:L:6»-northvale
== b-gtfs-rt-entity-ids
entity id «uuid» trip_id «n:100000:999999» route_id «route» start_date «n:20250101:20251231»
== b-openai-key-format-doc
Anthropic/OpenAI keys begin with sk-ant- / sk-; put them in a secret manager, not in prompts (guideline «n:1:99»).
== b-azure-tenant-client-ids
AZURE_TENANT_ID=«uuid»
AZURE_CLIENT_ID=«uuid»
== b-datadog-site-config
DD_SITE=datadoghq.eu
DD_API_KEY_SECRET_ARN=arn:aws:secretsmanager:«region»:«n:100000000000:999999999999»:secret:dd-api-key
== b-pagerduty-service-id
PagerDuty service P«tok:U:6» (Traction Power), escalation policy P«tok:U:6»
== b-telegram-chat-id
TELEGRAM_CHAT_ID=-100«n:1000000000:9999999999»
== b-ns-api-docs-header
NS API: send your subscription key in the Ocp-Apim-Subscription-Key header (product «pick:Ns-App|Reisinformatie|Spoorkaart»)
== b-revoked-key-fingerprint
Revoked: swiftly key with sha256 fingerprint «sha256» (rotation «date»)
''')


def _build_benign(per_tpl=6):
    tpls = _parse(_BENIGN_BLOCKS)
    out, seen = [], set()
    for grp, fmt, tpl in tpls:
        got = 0
        for _ in range(per_tpl * 5):
            if got >= per_tpl:
                break
            text = _render(tpl)[0]
            if text in seen:
                continue
            seen.add(text)
            out.append(text)
            got += 1
    return out


BENIGN = _build_benign()
