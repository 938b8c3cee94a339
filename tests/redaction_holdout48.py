"""Blind hold-out corpus #48 for a secret-redaction engine.

What it is
    A labelled test corpus for an engine that strips credentials from the
    working state a coding agent (Claude Code, Codex, Gemini CLI) saves:
    goals, running notes, shell commands, tool output, file excerpts,
    decisions, pasted chat messages, log lines and CI configuration.
    SECRETS holds positive cases (a credential that must disappear, plus a
    nearby substring that must stay readable); BENIGN holds negative cases
    (text that looks secret-ish to a naive scanner but holds no credential).

Theme
    Travel, airlines and hospitality distribution: GDS APIs (Amadeus, Sabre,
    Travelport), NDC gateways, booking engines, hotel channel managers and
    PMS bridges, airline operations (crew scheduling, ACARS, flight ops,
    DCS), airport systems, loyalty programmes, fare-scraping bots and the
    payment gateways travel agencies use.

Provenance
    Written blind, from general knowledge only: no engine rules, no other
    corpus, no search and no web were consulted.  Where a vendor's real
    credential shape is known (ghp_, github_pat_, glpat-, xoxb-, sk_live_,
    AKIA..., AIza..., SG., npm_, hvs., ...) it is imitated; where it is not
    known (most GDS, hotel-distribution, airline-ops and loyalty vendors) a
    plausible shape was invented.  All hosts, companies, people, record
    locators, accounts and values are fictitious; every credential is a
    fresh random draw.

Layout
    SECRETS  list of about 1,500 5-tuples (group, format, text, secret,
             visible).  group is one of command, tool-output, config-file,
             source-code, stack-trace-or-log, note-or-chat, ci-and-deploy,
             vendor-token (about 188 each).  format is a kebab-case name of
             the shape, used at most three times.  text is the fragment as
             the agent recorded it; secret is the exact substring that must
             not survive redaction (only the key body for PEM keys, only the
             signature for signed URLs, only the password for user:password
             pairs); visible is a substring that must remain readable, or "".
    BENIGN   list of about 950 distinct strings in the same contexts with no
             credential in them: commit SHAs, checksums, digests, UUIDs,
             request and trace ids, public keys and certificate fingerprints,
             public key ids, placeholders, masked values, references to where
             secrets are stored, base64 of ordinary text, record locators,
             prose and policy text about passwords, cache keys, and so on.

Determinism
    Every random value is drawn from _R = random.Random(4848) at import time,
    in a fixed order, so importing the module twice yields identical lists.
    Nothing is printed at import.

Measured
--------
Blind, written after every rule made for the forty-first to forty-fifth and read only
after: recall 0.979 (1,473 of 1,504) and false positives 17 of 950 (1.8%), the same with
the engine at that session's start. Tuned on since: 0.986 and 17 of 950.
"""
import base64
import hashlib
import json
import random
import string

_R = random.Random(4848)

_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_DI = string.digits
_AN = _LO + _UP + _DI
_HX = "0123456789abcdef"

_USED = set()


def _c(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _c(_HX, n)


def _HEX(n):
    return _c("0123456789ABCDEF", n)


def _an(n):
    return _c(_AN, n)


def _lan(n):
    return _c(_LO + _DI, n)


def _uan(n):
    return _c(_UP + _DI, n)


def _dig(n):
    return _R.choice("123456789") + _c(_DI, n - 1)


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_bytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_bytes(n)).decode().rstrip("=")


def _p(seq):
    return _R.choice(seq)


def _uniq(fn, minlen=6):
    for _ in range(500):
        v = fn()
        if v not in _USED and len(v) >= minlen:
            _USED.add(v)
            return v
    raise RuntimeError("could not draw a fresh value")


def _uuid():
    h = _hex(32)
    h = h[:12] + "4" + h[13:16] + _p("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _UUID():
    return _uuid().upper()


def _basic(user, pw):
    return base64.b64encode(("%s:%s" % (user, pw)).encode()).decode()


def _b64s(text):
    return base64.b64encode(text.encode()).decode()


def _b64us(text):
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _jwt(claims, alg="RS256"):
    head = {"alg": alg, "typ": "JWT"}
    if alg.startswith("RS") or alg.startswith("ES"):
        head["kid"] = _hex(16)
    h = _b64us(json.dumps(head, separators=(",", ":")))
    p = _b64us(json.dumps(claims, separators=(",", ":")))
    s = _b64u(256 if alg.startswith("RS") else (64 if alg.startswith("ES") else 32))
    return _uniq(lambda: "%s.%s.%s" % (h, p, s))


def _wrap(body, width=64):
    return "\n".join(body[i:i + width] for i in range(0, len(body), width))


_RSA_HEAD = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100")
_RSA1_HEAD = bytes.fromhex("308204a40201000282010100")
_EC_HEAD = bytes.fromhex("30770201010420")
_EC_MID = bytes.fromhex("a00a06082a8648ce3d030107a144034200")


def _pem_rsa_pkcs8():
    return _wrap(base64.b64encode(_RSA_HEAD + _bytes(1180)).decode())


def _pem_rsa_pkcs1():
    return _wrap(base64.b64encode(_RSA1_HEAD + _bytes(1180)).decode())


def _pem_ec():
    return _wrap(base64.b64encode(_EC_HEAD + _bytes(32) + _EC_MID + b"\x04" + _bytes(64)).decode())


def _pem_openssh():
    raw = b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x003\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 " + _bytes(300)
    return _wrap(base64.b64encode(raw).decode(), 70)


_WORDS = """runway pilot harbor mango falcon orbit tango lisbon sunset compass atlas
voyage cabin gateway boarding jetlag kestrel marmalade oyster pepper quartz saffron
thunder umbrella violet walnut yonder zephyr copper glacier lagoon meadow nimbus
paprika raven sierra tundra velvet willow biscuit cobalt dolphin ember fjord granite
hazel indigo juniper kayak lantern monsoon nectar olive puffin quokka ripple sparrow
toucan vortex wombat zigzag albatross baggage carousel dateline equator flamingo
gondola hangar isobar jetty kiosk layover marina nomad outpost passport quayside
rickshaw skyline taxiway upgrade vintage windsock yacht zenith acorn bramble cactus
daisy eclipse fennel gecko hibiscus iguana jasmine koala lemur mistral nutmeg orchid
pelican quince rosemary sequoia tamarind urchin vanilla wasabi yarrow papaya cumulus
stratus cirrus tailwind crosswind contrail aileron rudder propeller turbine cockpit
galley manifest chartreuse bagel churro dumpling empanada falafel gelato halloumi
lychee mochi noodle pretzel ramen samosa tortilla waffle azores bali cusco dakar
fiji goa havana ibiza kyoto lima malta nairobi oslo porto quito rhodes tbilisi
""".split()

_SYM = "!#%*+-_.=~^"
_URLSYM = "-_.~!*"
_SQ = "!#%+-_.=~^@$&*"
_DQ = "!#%+-_.=~^@*"
_UNQ = "#%+-_.=~^@"
_XML = "!#%*+-_.=~^@$"
_JS = "!#%*+-_.=~^@$&"


def _pw(sym=_SYM, style=None):
    syms = sym or "-_."

    def gen():
        s = style or _R.randint(1, 11)
        W = lambda: _p(_WORDS)
        S = lambda: _p(syms)
        if s == 1:
            v = W().capitalize() + str(_R.randint(1968, 2031)) + S()
        elif s == 2:
            sep = _p([c for c in "-._" if c in syms] or ["-"])
            v = sep.join(W() for _ in range(_R.randint(3, 5)))
            if _R.random() < 0.5:
                v += sep + str(_R.randint(2, 99))
        elif s == 3:
            syl = [_p("bcdfghjklmnprstvz") + _p("aeiou") for _ in range(_R.randint(4, 6))]
            v = "".join(x.capitalize() if _R.random() < 0.3 else x for x in syl) + _c(_DI, 2)
        elif s == 4:
            v = _p(_LO + _UP) + _c(_AN + syms * 2, _R.randint(11, 19))
        elif s == 5:
            table = {"a": "@" if "@" in syms else "4", "e": "3", "o": "0", "i": "1",
                     "s": "$" if "$" in syms else "5", "t": "7"}
            w = W()
            v = w[0].upper() + "".join(table.get(ch, ch) if _R.random() < 0.7 else ch for ch in w[1:]) + S() + _c(_DI, 2)
        elif s == 6:
            v = W().capitalize() + W().capitalize() + _c(_DI, _R.randint(2, 4))
        elif s == 7:
            v = W() + S() + W().capitalize() + _c(_DI, 2)
        elif s == 8:
            v = _p(["Spring", "Summer", "Autumn", "Winter", "Monsoon", "Harmattan"]) + str(_R.randint(2015, 2026)) + S() + _c(_DI, 1)
        elif s == 9:
            v = _an(_R.randint(24, 32))
        elif s == 10:
            v = W() + W() + _c(_DI, _R.randint(3, 5))
        else:
            v = _p(["Ilove", "Go", "Fly", "Visit", "Team", "Hello"]) + W().capitalize() + S() + _c(_DI, 2)
        return v

    return _uniq(gen, 8)


def _phrase(sep=" "):
    return _uniq(lambda: sep.join(_p(_WORDS) for _ in range(_R.randint(4, 6))), 8)


_DOMS = ["skyvantage.example", "aerolinea-norte.test", "brightwing-air.example", "harborview-hotels.test",
         "nordfjord-resorts.example", "triploom.example", "farehawk.test", "azura-vacations.example",
         "meridian-gds.test", "coralbay-stays.example", "pampa-viajes.test", "kestrel-aviation.example",
         "alpenrose-hotels.test", "sakura-tabi.example", "dunes-travel.test", "baobab-air.example"]
_ENVS = ["prod", "stg", "uat", "cert", "preprod", "qa", "int", "ops", "eu1", "us2", "ap1"]
_PEOPLE = [("Priya", "priya.n"), ("Matteo", "matteo.r"), ("Sofía", "sofia.g"), ("Kenji", "kenji.t"),
           ("Aïcha", "aicha.d"), ("Lars", "lars.e"), ("Olga", "olga.v"), ("Tomasz", "tomasz.k"),
           ("Wei", "wei.c"), ("Fatima", "fatima.z"), ("Jonas", "jonas.b"), ("Ngozi", "ngozi.o"),
           ("Rafael", "rafael.m"), ("Ingrid", "ingrid.h"), ("Hiroshi", "hiroshi.s"), ("Amara", "amara.j"),
           ("Diego", "diego.f"), ("Yuki", "yuki.a"), ("Mehmet", "mehmet.y"), ("Chloé", "chloe.l"),
           ("Anika", "anika.p"), ("Bruno", "bruno.c"), ("Sven", "sven.l"), ("Nadia", "nadia.k"),
           ("Emeka", "emeka.u"), ("Mei", "mei.l"), ("Thiago", "thiago.s"), ("Zofia", "zofia.w"),
           ("Omar", "omar.h"), ("Freya", "freya.m"), ("Rohan", "rohan.i"), ("Lucía", "lucia.r"),
           ("Dmitri", "dmitri.p"), ("Kofi", "kofi.a"), ("Elif", "elif.d"), ("Pieter", "pieter.v"),
           ("Camila", "camila.o"), ("Arjun", "arjun.b"), ("Hana", "hana.k"), ("Youssef", "youssef.e")]
_SVC = ["svc_booking", "gds_sync", "crewrost", "acars_gw", "fare_etl", "loyalty_api", "pms_bridge",
        "chanmgr", "ndc_gateway", "pnr_archiver", "bsp_recon", "ota_feed", "ops_dash", "wx_ingest",
        "bagtrack", "dcs_adapter", "ancillary_svc", "rm_optimizer", "pay_router", "refund_bot",
        "rate_loader", "seatmap_svc", "irops_bot", "miles_ledger"]
_APT = ["LIS", "MAD", "FRA", "CDG", "NRT", "GRU", "JFK", "SIN", "DXB", "AMS", "OSL", "WAW", "IST", "BOM",
        "MEX", "YYZ", "SYD", "JNB", "ARN", "HEL", "ATH", "ICN", "BKK", "CGK", "NBO", "LIM", "BOG", "SCL",
        "ZRH", "VIE", "DUB", "CPH", "PRG", "BUD", "OPO", "FCO", "BCN", "KUL", "HAN", "ACC"]
_AIRL = ["NV", "BW", "QK", "ZR", "HX", "VQ", "JT", "RW", "K7", "P3"]
_HOTELS = ["Harborview Lisboa", "Alpenrose Zermatt", "Coral Bay Zanzibar", "Nordfjord Lodge Geiranger",
           "Sakura Ryokan Kyoto", "Dunes Camp Merzouga", "Pampa Estancia Salta", "Kestrel Inn Reykjavik",
           "Baobab Suites Dakar", "Meridian Tower Dubai"]


def _h(prefix):
    return "%s.%s.%s" % (prefix, _p(_ENVS), _p(_DOMS))


def _who():
    return _p(_PEOPLE)


def _pnr():
    return _c("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 6)


def _flt():
    return _p(_AIRL) + str(_R.randint(10, 2999))


def _route():
    a = _p(_APT)
    b = _p([x for x in _APT if x != a])
    return a, b


def _date():
    return "2024-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28))


def _ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999))


def _pcc():
    return _c(_UP + _DI, 4)


def _office():
    return _p(_APT) + _p(["1A", "NV", "BW"]) + _c("0123456789", 4) + _p(["0", "1"])


_TEMPLATES = []
_BENIGN_T = []


def _t(group, fmt):
    def deco(fn):
        _TEMPLATES.append((group, fmt, fn))
        return fn
    return deco


def _b(fn):
    _BENIGN_T.append(fn)
    return fn


# ---------------------------------------------------------------------------
# group: command
# ---------------------------------------------------------------------------
G = "command"


@_t(G, "psql-uri-password")
def _():
    pw = _pw(_URLSYM); h = _h("db-fares"); u = _p(_SVC)
    return ('psql "postgresql://%s:%s@%s:5432/fares?sslmode=require" -c "select carrier, count(*) from fare_rules group by 1"' % (u, pw, h), pw, h)


@_t(G, "mysql-p-attached-password")
def _():
    pw = _pw(_UNQ); h = _h("pms-db")
    return ("mysql -h %s -u pms_bridge -p%s hotel_inventory -e 'SELECT property_id, COUNT(*) FROM room_types GROUP BY 1'" % (h, pw), pw, "pms_bridge")


@_t(G, "pgpassword-env-prefix-pg-dump")
def _():
    pw = _pw(_SQ); h = _h("crew-db")
    return ("PGPASSWORD='%s' pg_dump -h %s -U crewrost -Fc crew_sched > /tmp/crew_sched_$(date +%%F).dump" % (pw, h), pw, "pg_dump -h " + h)


@_t(G, "curl-u-user-colon-password")
def _():
    pw = _pw(_SQ); h = _h("gds-proxy"); u = _p(_SVC); pnr = _pnr()
    return ("curl -sS -u '%s:%s' 'https://%s/v2/pnr/%s?expand=segments,ssr' | jq ." % (u, pw, h, pnr), pw, "/v2/pnr/" + pnr)


@_t(G, "curl-bearer-jwt-header")
def _():
    h = _h("booking-api")
    tok = _jwt({"iss": "https://auth." + _p(_DOMS), "sub": _p(_SVC), "aud": "booking-api", "exp": _R.randint(1717000000, 1740000000), "scope": "bookings:read"})
    return ('curl -s -H "Authorization: Bearer %s" "https://%s/v1/bookings?status=TICKETED&limit=50"' % (tok, h), tok, "status=TICKETED")


@_t(G, "curl-x-apikey-flight-status")
def _():
    k = _an(32); fl = _flt()
    return ("curl -s -H 'x-apikey: %s' 'https://aeroapi.flightaware.com/aeroapi/flights/%s?max_pages=1' | jq '.flights[0].status'" % (k, fl), k, fl)


@_t(G, "curl-amadeus-oauth-client-secret-form")
def _():
    cid = _an(32); sec = _an(16)
    return ('curl -s -X POST "https://test.api.amadeus.com/v1/security/oauth2/token" \\\n  -H "Content-Type: application/x-www-form-urlencoded" \\\n  -d "grant_type=client_credentials&client_id=%s&client_secret=%s"' % (cid, sec), sec, "grant_type=client_credentials")


@_t(G, "export-single-quoted-password")
def _():
    pw = _pw(_SQ); v = _p(["SABRE_EPR_PASSWORD", "TRAVELPORT_UAPI_PASSWORD", "NAVITAIRE_AGENT_PASSWORD", "OPERA_DB_PASSWORD"])
    return ("export %s='%s'\n./bin/session-smoke --env cert --pcc %s" % (v, pw, _pcc()), pw, "./bin/session-smoke")


@_t(G, "docker-run-e-api-key")
def _():
    k = "cmx_live_" + _lan(40)
    return ("docker run --rm -e CHANNEL_MANAGER_API_KEY=%s -e PROPERTY_IDS=%s,%s -p 8080:8080 triploom/chanmgr-sync:2.4.1" % (k, _dig(5), _dig(5)), k, "triploom/chanmgr-sync:2.4.1")


@_t(G, "docker-login-p-flag")
def _():
    tok = "glpat-" + _c(_AN + "-_", 20); h = "registry.gitlab." + _p(_DOMS)
    return ("docker login %s -u ci-deployer -p %s" % (h, tok), tok, h)


@_t(G, "kubectl-create-secret-from-literal")
def _():
    sec = _an(40); ns = _p(["booking", "pms", "distribution", "hotel-connect"])
    return ("kubectl -n %s create secret generic opera-ohip-creds \\\n  --from-literal=client-id=%s_Client \\\n  --from-literal=client-secret=%s" % (ns, _p(["HRV", "ALP", "CBZ"]), sec), sec, "opera-ohip-creds")


@_t(G, "htpasswd-batch-password")
def _():
    pw = _pw(_UNQ); u = _p(["opsdash", "irops", "dispatch", "crewview"])
    return ("sudo htpasswd -b -c /etc/nginx/.htpasswd-%s %s %s" % (u, u, pw), pw, "/etc/nginx/.htpasswd-" + u)


@_t(G, "mongosh-srv-uri")
def _():
    pw = _pw(_URLSYM); c = "cluster0." + _lan(5) + ".mongodb.net"
    return ('mongosh "mongodb+srv://loyalty_api:%s@%s/loyalty?retryWrites=true&w=majority" --eval "db.members.countDocuments({tier:\'GOLD\'})"' % (pw, c), pw, c)


@_t(G, "redis-cli-a-flag")
def _():
    pw = _an(_R.randint(28, 40)); h = _h("fare-cache")
    return ("redis-cli -h %s -p 6380 --tls -a %s --no-auth-warning INFO keyspace" % (h, pw), pw, "INFO keyspace")


@_t(G, "git-clone-x-access-token-url")
def _():
    tok = "ghs_" + _an(36); repo = _p(["ndc-gateway", "fare-scraper", "crew-roster-ui", "acars-bridge"])
    return ("git clone https://x-access-token:%s@github.com/skyvantage/%s.git /srv/build/%s" % (tok, repo, repo), tok, "github.com/skyvantage/" + repo)


@_t(G, "aws-configure-set-secret")
def _():
    sk = _c(_AN + "/+", 40); prof = _p(["fares-scraper", "bsp-archive", "ops-reporting"])
    return ("aws configure set aws_access_key_id AKIA%s --profile %s\naws configure set aws_secret_access_key %s --profile %s" % (_uan(16), prof, sk, prof), sk, "--profile " + prof)


@_t(G, "sshpass-p-quoted")
def _():
    pw = _pw(_SQ); h = _h("acars-gw01")
    return ("sshpass -p '%s' ssh -o StrictHostKeyChecking=no acars@%s 'tail -n 200 /var/log/acars/uplink.log'" % (pw, h), pw, "acars@" + h)


@_t(G, "openssl-pkcs12-passin-pass")
def _():
    pw = _pw(_UNQ)
    return ("openssl pkcs12 -in travelport-uapi-client.p12 -nodes -passin pass:%s -out /etc/uapi/client.pem" % pw, pw, "travelport-uapi-client.p12")


@_t(G, "keytool-storepass")
def _():
    pw = _pw(_UNQ)
    return ("keytool -importkeystore -srckeystore sabre-sws.jks -srcstorepass %s -destkeystore sabre-sws.p12 -deststoretype PKCS12" % pw, pw, "sabre-sws.jks")


@_t(G, "heredoc-dotenv-write")
def _():
    sec = _an(10); k = _hex(32)
    return ("cat > .env.hotelbeds <<'EOF'\nHOTELBEDS_API_KEY=%s\nHOTELBEDS_SECRET=%s\nHOTELBEDS_BASE=https://api.test.hotelbeds.com\nEOF" % (k, sec), sec, "HOTELBEDS_BASE")


@_t(G, "vault-kv-put-password")
def _():
    pw = _pw(_UNQ)
    return ("vault kv put secret/gds/travelport/prod username='Universal API/uAPI%s' password=%s branch=P%s" % (_dig(10), pw, _dig(7)), pw, "secret/gds/travelport/prod")


@_t(G, "az-storage-connection-string-flag")
def _():
    key = _b64(64); acct = "bspfiles" + _lan(6)
    return ('az storage blob upload --container-name hot-files --file HOT_%s.txt --name HOT_%s.txt \\\n  --connection-string "DefaultEndpointsProtocol=https;AccountName=%s;AccountKey=%s;EndpointSuffix=core.windows.net"' % (_dig(6), _dig(6), acct, key), key, "AccountName=" + acct)


@_t(G, "gh-secret-set-body")
def _():
    k = "sk_live_" + _an(99)
    return ('gh secret set STRIPE_SECRET_KEY --body "%s" --repo azura-vacations/checkout-web' % k, k, "gh secret set STRIPE_SECRET_KEY")


@_t(G, "npm-config-set-authtoken")
def _():
    tok = "npm_" + _an(36)
    return ("npm config set //registry.npmjs.org/:_authToken %s && npm publish --access public" % tok, tok, "npm publish --access public")


@_t(G, "pip-index-url-with-credentials")
def _():
    pw = _pw(_URLSYM); h = _h("nexus")
    return ("pip install --index-url https://ci-reader:%s@%s/repository/pypi-internal/simple farehawk-parsers==3.2.%d" % (pw, h, _R.randint(0, 9)), pw, "farehawk-parsers")


@_t(G, "sqlcmd-capital-p")
def _():
    pw = _pw(_SQ); h = _h("revenue-sql")
    return ("sqlcmd -S %s,1433 -U rm_reader -P '%s' -d RevenueMgmt -Q \"SELECT TOP 20 * FROM dbo.BidPrices ORDER BY UpdatedAt DESC\"" % (h, pw), pw, "RevenueMgmt")


@_t(G, "ldapsearch-w-bind-password")
def _():
    pw = _pw(_SQ); dc = _p(_DOMS).split(".")[0]
    return ("ldapsearch -x -H ldaps://ldap.%s.example -D 'cn=svc-crewportal,ou=service,dc=%s,dc=example' -w '%s' -b 'ou=crew,dc=%s,dc=example' '(employeeNumber=%s)'" % (dc, dc, pw, dc, _dig(5)), pw, "cn=svc-crewportal")


@_t(G, "smbclient-domain-user-percent-password")
def _():
    pw = _pw(_SQ)
    return ("smbclient //fs01.finance.local/bsp -U 'FINANCE\\bsp_recon%%%s' -c 'cd 2024; mget HOT_*.txt'" % pw, pw, "//fs01.finance.local/bsp")


@_t(G, "rabbitmqadmin-u-p")
def _():
    pw = _pw(_UNQ); h = _h("mq")
    return ("rabbitmqadmin -H %s -P 15671 --ssl -u acars_gw -p %s list queues name messages consumers" % (h, pw), pw, "list queues")


@_t(G, "wget-user-password-flags")
def _():
    pw = _pw(_SQ); h = "extranet." + _p(_DOMS)
    return ("wget --user=ota_feed --password='%s' https://%s/exports/inventory_%s.xml.gz -O /data/ota/inventory.xml.gz" % (pw, h, _date()), pw, "--user=ota_feed")


@_t(G, "lftp-u-user-comma-password")
def _():
    pw = _pw(_UNQ); h = "bsp-drop." + _p(_DOMS)
    return ("lftp -u bsp_upload,%s sftp://%s -e 'mirror --reverse ./outgoing /inbound; bye'" % (pw, h), pw, "sftp://" + h)


@_t(G, "python-script-api-secret-flag")
def _():
    sec = _an(24)
    return ("python scripts/replay_pnr.py --office-id %s --api-key %s --api-secret %s --pnr %s --dry-run" % (_office(), _an(32), sec, _pnr()), sec, "scripts/replay_pnr.py")


@_t(G, "node-inline-env-stripe-key")
def _():
    k = "rk_live_" + _an(99)
    return ("STRIPE_KEY=%s node scripts/refund-batch.js --since %s --reason flight_cancelled" % (k, _date()), k, "scripts/refund-batch.js")


@_t(G, "helm-set-secret-value")
def _():
    sec = _b64u(24)
    return ("helm upgrade --install booking-api ./charts/booking-api -n booking \\\n  --set image.tag=%s \\\n  --set secrets.amadeusClientSecret=%s" % ("1.%d.%d" % (_R.randint(10, 40), _R.randint(0, 9)), sec), sec, "./charts/booking-api")


@_t(G, "terraform-apply-var-secret")
def _():
    sec = _b64(18)
    return ('terraform apply -var-file=prod.tfvars -var "sabre_client_secret=%s" -target=module.sabre_gateway' % sec, sec, "module.sabre_gateway")


@_t(G, "httpie-auth-user-password")
def _():
    pw = _pw(_SQ); h = _h("loyalty")
    return ("http --auth 'loyalty_admin:%s' POST https://%s/v1/members/merge source=%s target=%s" % (pw, h, _dig(9), _dig(9)), pw, "/v1/members/merge")


@_t(G, "grpcurl-authorization-metadata")
def _():
    tok = "cr." + _b64u(30); h = _h("crew-roster")
    return ("grpcurl -H 'authorization: Bearer %s' -d '{\"crew_id\": \"%s\"}' %s:443 roster.v1.RosterService/GetPairings" % (tok, _dig(6), h), tok, "roster.v1.RosterService/GetPairings")


@_t(G, "echo-pipe-docker-login-password-stdin")
def _():
    tok = "ghp_" + _an(36)
    return ("echo '%s' | docker login ghcr.io -u skyvantage-bot --password-stdin" % tok, tok, "ghcr.io")


@_t(G, "mysqldump-long-password-flag")
def _():
    pw = _pw(_UNQ); h = _h("chanmgr-db")
    return ("mysqldump --host=%s --user=chanmgr --password=%s --single-transaction rates availability > rates.sql" % (h, pw), pw, "--user=chanmgr")


@_t(G, "swaks-auth-password")
def _():
    pw = _pw(_SQ); d = _p(_DOMS)
    return ("swaks --server smtp.%s:587 --tls --auth LOGIN --auth-user irops-alerts@%s --auth-password '%s' --to dispatch@%s --header 'Subject: test'" % (d, d, pw, d), pw, "irops-alerts@" + d)


@_t(G, "curl-query-access-key")
def _():
    k = _hex(32); fl = _flt()
    return ('curl "http://api.aviationstack.com/v1/flights?access_key=%s&flight_iata=%s"' % (k, fl), k, "flight_iata=" + fl)


@_t(G, "set-x-trace-basic-header")
def _():
    u = _p(_SVC); pw = _pw(); b = _basic(u, pw); h = _h("uapi-proxy")
    return ("+ curl -sf -H 'Authorization: Basic %s' -H 'Content-Type: text/xml' --data @AirAvailReq.xml https://%s/B2BGateway/connect/uAPI/AirService" % (b, h), b, "AirAvailReq.xml")


@_t(G, "powershell-convertto-securestring")
def _():
    pw = _pw(_DQ)
    return ('$pw = ConvertTo-SecureString "%s" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential("AERO\\svc-dcs", $pw)\nInvoke-Command -ComputerName dcs-app03 -Credential $cred -ScriptBlock { Restart-Service DcsBridge }' % pw, pw, "Restart-Service DcsBridge")


@_t(G, "windows-setx-password")
def _():
    pw = _pw(_DQ)
    return ('setx TRAVELPORT_UAPI_PASSWORD "%s" /M' % pw, pw, "setx TRAVELPORT_UAPI_PASSWORD")


@_t(G, "net-use-user-password-positional")
def _():
    pw = _pw(_UNQ)
    return ("net use Z: \\\\ops-nas01\\crew-docs /user:AERO\\crewrost %s /persistent:no" % pw, pw, "\\\\ops-nas01\\crew-docs")


@_t(G, "sqlplus-user-slash-password-at")
def _():
    pw = _pw("#_"); h = _h("dcs-ora")
    return ("sqlplus dcs_adapter/%s@//%s:1521/DCSPRD @checkin_counts.sql" % (pw, h), pw, "checkin_counts.sql")


@_t(G, "java-d-datasource-password")
def _():
    pw = _pw(_UNQ)
    return ("java -Xmx2g -Dspring.profiles.active=prod -Dspring.datasource.username=miles_ledger -Dspring.datasource.password=%s -jar loyalty-engine-4.2.jar" % pw, pw, "loyalty-engine-4.2.jar")


@_t(G, "mosquitto-pub-capital-p")
def _():
    pw = _pw(_UNQ); gate = _p("ABCDE") + str(_R.randint(1, 40))
    return ("mosquitto_pub -h gate-mqtt.%s -p 8883 --capath /etc/ssl/certs -u gate-sensor -P %s -t gates/%s/status -m occupied" % (_p(_DOMS), pw, gate), pw, "gates/%s/status" % gate)


@_t(G, "rclone-config-create-pass")
def _():
    pw = _pw(_UNQ)
    return ("rclone config create bspdrop sftp host sftp.bsp-link.example user %s pass %s --obscure" % ("ag" + _dig(7), pw), pw, "rclone config create bspdrop")


@_t(G, "stripe-cli-api-key-flag")
def _():
    k = "sk_live_" + _an(24)
    return ("stripe refunds create --charge ch_%s --amount %d --api-key %s" % (_an(24), _R.randint(1000, 90000), k), k, "stripe refunds create")


@_t(G, "heroku-config-set-token")
def _():
    tok = "duffel_live_" + _c(_AN + "-_", 43)
    return ("heroku config:set DUFFEL_ACCESS_TOKEN=%s -a triploom-api" % tok, tok, "-a triploom-api")


@_t(G, "fly-secrets-set")
def _():
    sec = _an(10)
    return ("fly secrets set HOTELBEDS_API_KEY=%s HOTELBEDS_SECRET=%s --app coralbay-search" % (_hex(32), sec), sec, "--app coralbay-search")


@_t(G, "gcloud-secrets-add-from-echo")
def _():
    k = _an(32)
    return ('echo -n "%s" | gcloud secrets versions add aeroapi-key --data-file=- --project ops-flight-tracking' % k, k, "gcloud secrets versions add aeroapi-key")


@_t(G, "curl-b-session-cookie")
def _():
    ck = _b64u(48); h = "agent-portal." + _p(_DOMS)
    return ("curl -s -b 'AGENTSESSION=%s; locale=pt_BR' 'https://%s/queue/%d/items?page=1'" % (ck, h, _R.randint(1, 99)), ck, "locale=pt_BR")


@_t(G, "ansible-playbook-extra-vars-password")
def _():
    pw = _pw(_SQ)
    return ("ansible-playbook -i inventories/prod pms.yml --limit pms-lis -e 'pms_db_password=%s' --tags db" % pw, pw, "inventories/prod")


@_t(G, "multi-env-prefix-python-scraper")
def _():
    k = _an(32)
    return ("TEQUILA_API_KEY=%s PROXY_COUNTRY=pt HEADLESS=1 python -m farehawk.scrape --route %s-%s --depart %s" % ((k,) + _route() + (_date(),)), k, "farehawk.scrape")


@_t(G, "curl-json-login-password")
def _():
    pw = _pw(_JS.replace("\\", "")); h = "extranet." + _p(_DOMS); who = _who()[1]
    return ("curl -X POST https://%s/api/auth/login -H 'Content-Type: application/json' -d '{\"username\":\"%s\",\"password\":\"%s\"}'" % (h, who, pw.replace("'", "")), pw, who)


@_t(G, "celery-broker-rediss-url")
def _():
    pw = _an(32); h = _h("fare-cache")
    return ("celery -A fares.tasks worker -Q repricing --broker 'rediss://:%s@%s:6380/0?ssl_cert_reqs=required' -c 8" % (pw, h), pw, "fares.tasks")


@_t(G, "python-module-amqps-url-arg")
def _():
    pw = _pw(_URLSYM); h = _h("mq")
    return ("python -m acars_ingest --amqp amqps://acars:%s@%s:5671/acars --queue downlink.oooi" % (pw, h), pw, "downlink.oooi")


@_t(G, "psql-conninfo-keyword-password")
def _():
    pw = _pw(_URLSYM); h = _h("crew-db")
    return ('psql "host=%s port=5432 dbname=crew user=crewrost password=%s sslmode=verify-full" -f reports/fatigue_limits.sql' % (h, pw), pw, "reports/fatigue_limits.sql")


@_t(G, "wp-cli-user-pass")
def _():
    pw = _pw(_SQ); d = _p(_DOMS)
    return ("wp user create revenue rm@%s --role=editor --user_pass='%s' --path=/var/www/hotel-site" % (d, pw), pw, "rm@" + d)


@_t(G, "sabre-v2-token-basic-curl")
def _():
    epr = _dig(4); pcc = _pcc(); pw = _pw()
    inner = _b64s("V1:%s:%s:AA" % (epr, pcc)) + ":" + _b64s(pw)
    b = _b64s(inner)
    return ('curl -s -X POST https://api.cert.platform.sabre.com/v2/auth/token \\\n  -H "Authorization: Basic %s" \\\n  -H "Content-Type: application/x-www-form-urlencoded" -d "grant_type=client_credentials"' % b, b, "api.cert.platform.sabre.com")


@_t(G, "openssl-enc-k-passphrase")
def _():
    pw = _phrase("-")
    return ("openssl enc -aes-256-cbc -pbkdf2 -salt -in pax_manifest_%s.csv -out pax_manifest.enc -k '%s'" % (_flt(), pw), pw, "pax_manifest.enc")


@_t(G, "zip-capital-p-password")
def _():
    pw = _pw(_SQ)
    return ("zip -P '%s' crew_medicals_%d.zip medicals/*.pdf" % (pw, _R.randint(2022, 2025)), pw, "medicals/*.pdf")


@_t(G, "7z-p-attached-password")
def _():
    pw = _pw(_UNQ)
    return ("7z a -p%s -mhe=on loyalty_export_%s.7z export/members_*.csv" % (pw, _date()), pw, "export/members_*.csv")


@_t(G, "gpg-batch-passphrase")
def _():
    pw = _phrase(" ")
    return ("gpg --batch --yes --pinentry-mode loopback --passphrase '%s' -d atpco_fares_%s.tar.gz.gpg | tar xz" % (pw, _date()), pw, "atpco_fares_")


@_t(G, "curl-f-slack-token-upload")
def _():
    tok = "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _an(24))
    return ("curl -F token=%s -F channels=C0%s -F file=@delays_%s.csv https://slack.com/api/files.upload" % (tok, _uan(8), _p(_APT)), tok, "files.upload")


@_t(G, "influx-write-t-token")
def _():
    tok = _b64u(64) + "=="
    return ("influx write -t %s -o flight-ops -b telemetry --precision s 'eng,tail=CS-%s n1=%.1f'" % (tok, _c(_UP, 3), _R.uniform(80, 99)), tok, "-o flight-ops -b telemetry")


@_t(G, "git-remote-set-url-pat")
def _():
    tok = "glpat-" + _c(_AN + "-_", 20); d = _p(_DOMS)
    return ("git remote set-url origin https://oauth2:%s@gitlab.%s/ops/crew-pairing-optimizer.git && git push origin hotfix/fdp-limits" % (tok, d), tok, "hotfix/fdp-limits")


@_t(G, "mysql-shell-uri-password")
def _():
    pw = _pw(_URLSYM); h = _h("ibe-db")
    return ("mysqlsh --uri ibe_app:%s@%s:3306/booking_engine --sql -e 'select count(*) from holds where expires_at < now()'" % (pw, h), pw, "booking_engine")


@_t(G, "ssh-remote-command-env-token")
def _():
    tok = _an(40); h = _h("wx-ingest")
    return ("ssh deploy@%s \"WX_FEED_TOKEN=%s systemctl --user restart metar-poller\"" % (h, tok), tok, "metar-poller")

# ---------------------------------------------------------------------------
# group: tool-output
# ---------------------------------------------------------------------------
G = "tool-output"


@_t(G, "env-grep-output")
def _():
    sec = _an(16); cid = _an(32)
    return ("$ env | grep -i amadeus\nAMADEUS_HOSTNAME=production\nAMADEUS_CLIENT_ID=%s\nAMADEUS_CLIENT_SECRET=%s\nAMADEUS_LOG_LEVEL=warn" % (cid, sec), sec, "AMADEUS_HOSTNAME=production")


@_t(G, "printenv-single-value")
def _():
    pw = _pw()
    return ("$ printenv SITEMINDER_PMSX_PASSWORD\n%s\n$ echo $?\n0" % pw, pw, "printenv SITEMINDER_PMSX_PASSWORD")


@_t(G, "docker-inspect-env-array")
def _():
    pw = _pw(_JS)
    return ('$ docker inspect chanmgr-sync --format \'{{json .Config.Env}}\' | jq .\n[\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",\n  "PMS_VENDOR=opera",\n  "PMS_DB_PASSWORD=%s",\n  "JAVA_OPTS=-Xmx1g"\n]' % pw, pw, "PMS_VENDOR=opera")


@_t(G, "kubectl-get-secret-yaml-base64")
def _():
    pw = _pw(); b = _b64s(pw)
    return ("$ kubectl -n distribution get secret travelport-uapi -o yaml\napiVersion: v1\ndata:\n  password: %s\n  username: %s\nkind: Secret\nmetadata:\n  name: travelport-uapi\n  namespace: distribution\ntype: Opaque" % (b, _b64s("Universal API/uAPI" + _dig(10))), b, "name: travelport-uapi")


@_t(G, "kubectl-describe-pod-env-literal")
def _():
    pw = _pw()
    return ("$ kubectl describe pod bsp-recon-7c9f8d-x2kq4 | sed -n '/Environment:/,/Mounts:/p'\n    Environment:\n      BSP_SFTP_HOST:      sftp.bsp-link.example\n      BSP_SFTP_USER:      ag%s\n      BSP_SFTP_PASSWORD:  %s\n    Mounts:" % (_dig(7), pw), pw, "BSP_SFTP_HOST")


@_t(G, "aws-sts-assume-role-json")
def _():
    sk = _c(_AN + "/+", 40)
    return ('$ aws sts assume-role --role-arn arn:aws:iam::%s:role/fare-scraper --role-session-name dbg\n{\n    "Credentials": {\n        "AccessKeyId": "ASIA%s",\n        "SecretAccessKey": "%s",\n        "SessionToken": "IQoJb3JpZ2luX2VjE%s",\n        "Expiration": "%s"\n    }\n}' % (_dig(12), _uan(16), sk, _b64(120).replace("\n", ""), _ts()), sk, "role/fare-scraper")


@_t(G, "aws-iam-create-access-key-output")
def _():
    sk = _c(_AN + "/+", 40)
    return ('{\n    "AccessKey": {\n        "UserName": "bsp-archive-uploader",\n        "AccessKeyId": "AKIA%s",\n        "Status": "Active",\n        "SecretAccessKey": "%s",\n        "CreateDate": "%s"\n    }\n}' % (_uan(16), sk, _ts()), sk, "bsp-archive-uploader")


@_t(G, "terraform-output-json-sensitive")
def _():
    pw = _pw(_JS)
    return ('$ terraform output -json pms_db\n{\n  "sensitive": true,\n  "type": ["object", {"host": "string", "password": "string"}],\n  "value": {\n    "host": "pms-db.%s",\n    "password": "%s"\n  }\n}' % (_p(_DOMS), pw), pw, '"sensitive": true')


@_t(G, "heroku-config-vars-listing")
def _():
    pw = _pw(_URLSYM)
    return ("$ heroku config -a triploom-api\n=== triploom-api Config Vars\nDATABASE_URL:     postgres://u%s:%s@ec2-%d-%d-%d-%d.eu-west-1.compute.amazonaws.com:5432/d%s\nLOG_LEVEL:        info\nWEB_CONCURRENCY:  4" % (_lan(12), pw, _R.randint(3, 54), _R.randint(0, 255), _R.randint(0, 255), _R.randint(0, 255), _lan(13)), pw, "=== triploom-api Config Vars")


@_t(G, "git-remote-v-token-in-url")
def _():
    tok = "glpat-" + _c(_AN + "-_", 20); d = _p(_DOMS)
    return ("$ git remote -v\norigin\thttps://deploy:%s@gitlab.%s/ops/acars-bridge.git (fetch)\norigin\thttps://deploy:%s@gitlab.%s/ops/acars-bridge.git (push)" % (tok, d, tok, d), tok, "ops/acars-bridge.git")


@_t(G, "pip-config-list-index-url")
def _():
    pw = _pw(_URLSYM); h = _h("nexus")
    return ("$ pip config list\nglobal.index-url='https://svc-pip:%s@%s/repository/pypi-all/simple'\nglobal.timeout='60'" % (pw, h), pw, "global.timeout")


@_t(G, "cat-npmrc-output")
def _():
    tok = "ghp_" + _an(36)
    return ("$ cat ~/.npmrc\n@skyvantage:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s\nfund=false" % tok, tok, "@skyvantage:registry")


@_t(G, "cat-docker-config-auth")
def _():
    pw = _pw(); b = _basic("ci-deployer", pw)
    return ('$ cat ~/.docker/config.json\n{\n  "auths": {\n    "registry.%s": {\n      "auth": "%s"\n    }\n  }\n}' % (_p(_DOMS), b), b, '"auths"')


@_t(G, "ps-aux-cmdline-password")
def _():
    pw = _pw(_UNQ)
    return ("$ ps aux | grep [s]ync\nrates   %d  2.1  1.4 812344 118220 ?  Sl  06:12  3:41 /usr/bin/java -jar rate-sync.jar --pms opera --user RATESYNC --password %s --interval 300" % (_R.randint(1000, 60000), pw), pw, "rate-sync.jar")


@_t(G, "amadeus-oauth-token-response")
def _():
    tok = _an(28)
    return ('{\n  "type": "amadeusOAuth2Token",\n  "username": "%s@%s",\n  "application_name": "triploom-shopping",\n  "client_id": "%s",\n  "token_type": "Bearer",\n  "access_token": "%s",\n  "expires_in": 1799,\n  "state": "approved",\n  "scope": ""\n}' % (_who()[1], _p(_DOMS), _an(32), tok), tok, "triploom-shopping")


@_t(G, "sabre-session-create-binary-token")
def _():
    tok = "Shared/IDL:IceSess\\/SessMgr:1\\.0.IDL/Common/!ICESMS\\/RESB!ICESMSLB\\/RES.LB!%d!%d!%d" % (_R.randint(10 ** 12, 10 ** 13), _R.randint(1000, 9999), _R.randint(100, 999))
    return ('<wsse:Security xmlns:wsse="http://schemas.xmlsoap.org/ws/2002/12/secext">\n  <wsse:BinarySecurityToken valueType="String" EncodingType="wsse:Base64Binary">%s</wsse:BinarySecurityToken>\n</wsse:Security>\n<!-- SessionCreateRS status=Approved -->' % tok, tok, "SessionCreateRS status=Approved")


@_t(G, "curl-verbose-request-authorization")
def _():
    tok = "ya29.a0" + _c(_AN + "-_", 150); h = "ohip." + _p(_DOMS)
    return ("$ curl -v https://%s/rsv/v1/hotels/HRV/reservations?limit=5\n> GET /rsv/v1/hotels/HRV/reservations?limit=5 HTTP/2\n> Host: %s\n> Authorization: Bearer %s\n> x-hotelid: HRV\n< HTTP/2 200" % (h, h, tok), tok, "x-hotelid: HRV")


@_t(G, "curl-include-set-cookie-session")
def _():
    ck = _HEX(32); h = "booking." + _p(_DOMS)
    return ("$ curl -si https://%s/ibe/login -d @login.json | head -6\nHTTP/1.1 302 Found\nServer: nginx\nSet-Cookie: JSESSIONID=%s.node%d; Path=/ibe; Secure; HttpOnly\nLocation: /ibe/search" % (h, ck, _R.randint(1, 9)), ck, "Location: /ibe/search")


@_t(G, "psql-select-credentials-table")
def _():
    sec = _an(10); k = _hex(32)
    return ("fares=> select provider, env, api_key, api_secret from supplier_credentials where provider='hotelbeds';\n provider  | env  |             api_key              | api_secret\n-----------+------+----------------------------------+------------\n hotelbeds | prod | %s | %s\n(1 row)" % (k, sec), sec, "supplier_credentials")


@_t(G, "mysql-vertical-select-api-key")
def _():
    k = _an(40)
    return ("mysql> SELECT * FROM channel_partners WHERE code='EXP'\\G\n*************************** 1. row ***************************\n        id: %d\n      code: EXP\n      name: Expedia Partner Central\n   api_key: %s\nupdated_at: %s 10:22:31" % (_R.randint(1, 90), k, _date()), k, "Expedia Partner Central")


@_t(G, "redis-cli-get-session-json")
def _():
    tok = _b64u(32)
    return ('127.0.0.1:6379> GET agent:session:%d\n"{\\"agent\\":\\"%s\\",\\"pcc\\":\\"%s\\",\\"token\\":\\"%s\\",\\"ttl\\":900}"' % (_R.randint(1000, 9999), _who()[1], _pcc(), tok), tok, "agent:session:")


@_t(G, "vault-kv-get-table")
def _():
    pw = _pw()
    return ("$ vault kv get secret/gds/sabre/cert\n======= Data =======\nKey         Value\n---         -----\nepr         %s\npassword    %s\npcc         %s" % (_dig(4), pw, _pcc()), pw, "secret/gds/sabre/cert")


@_t(G, "ansible-debug-var-output")
def _():
    pw = _pw(_JS)
    return ('TASK [debug] ********************************************************\nok: [pms-%s-01] => {\n    "pms_db_password": "%s"\n}' % (_p(_APT).lower(), pw), pw, "TASK [debug]")


@_t(G, "gcloud-secrets-access-output")
def _():
    k = _an(32)
    return ("$ gcloud secrets versions access latest --secret=cirium-app-key --project=ops-flight-tracking\n%s" % k, k, "--secret=cirium-app-key")


@_t(G, "az-keyvault-secret-show-json")
def _():
    pw = _pw(_JS)
    return ('$ az keyvault secret show --vault-name kv-loyalty-prod --name points-partner-password\n{\n  "attributes": {"enabled": true},\n  "id": "https://kv-loyalty-prod.vault.azure.net/secrets/points-partner-password/%s",\n  "name": "points-partner-password",\n  "value": "%s"\n}' % (_hex(32), pw), pw, "kv-loyalty-prod")


@_t(G, "doppler-secrets-table")
def _():
    tok = "shpat_" + _hex(32)
    return ("$ doppler secrets --project gift-shop --config prd --raw\n+-----------------------+----------------------------------------+\n| NAME                  | VALUE                                  |\n+-----------------------+----------------------------------------+\n| SHOPIFY_ADMIN_TOKEN   | %s  |\n| SHOPIFY_STORE         | duty-free-lounge                       |\n+-----------------------+----------------------------------------+" % tok, tok, "SHOPIFY_STORE")


@_t(G, "openssl-pkcs12-info-private-key")
def _():
    body = _pem_rsa_pkcs8()
    return ("$ openssl pkcs12 -info -in gds-client.p12 -nodes -passin env:P12PW\nMAC: sha256, Iteration 2048\nBag Attributes\n    friendlyName: gds-client\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % body, body, "friendlyName: gds-client")


@_t(G, "cat-openssh-private-key")
def _():
    body = _pem_openssh()
    return ("$ cat ~/.ssh/acars_deploy\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body, body, "~/.ssh/acars_deploy")


@_t(G, "grep-rn-config-hit")
def _():
    sec = _an(32)
    return ('$ grep -rn "secret" config/\nconfig/prod.yml:14:  tequila_api_key: "%s"\nconfig/prod.yml:15:  secret_store: vault\nconfig/README.md:3:Never commit secrets here.' % sec, sec, "config/prod.yml:15")


@_t(G, "git-log-p-added-env-line")
def _():
    pw = _pw()
    return ("$ git log -p -1 -- .env.example\ncommit %s\nAuthor: %s <%s@%s>\n\n    add travelport creds for local testing\n\n@@ -3,3 +3,4 @@ TRAVELPORT_TARGET_BRANCH=P%s\n+TRAVELPORT_PASSWORD=%s" % (_hex(40), _who()[0], _who()[1], _p(_DOMS), _dig(7), pw), pw, "add travelport creds for local testing")


@_t(G, "git-show-removed-yaml-password")
def _():
    pw = _pw()
    return ("$ git show %s -- helm/values-prod.yaml\n   ibe:\n     db:\n-      password: %s\n+      existingSecret: ibe-db\n       host: ibe-db.prod.internal" % (_hex(10), pw), pw, "existingSecret: ibe-db")


@_t(G, "python-repl-client-config")
def _():
    k = _an(32)
    return (">>> from cirium import Client\n>>> c = Client.from_env()\n>>> c.config\n{'app_id': '%s', 'app_key': '%s', 'base_url': 'https://api.flightstats.com/flex'}" % (_hex(8), k), k, "base_url")


@_t(G, "node-repl-process-env")
def _():
    tok = "duffel_live_" + _c(_AN + "-_", 43)
    return ("> process.env.DUFFEL_ACCESS_TOKEN\n'%s'\n> process.env.NODE_ENV\n'production'" % tok, tok, "process.env.NODE_ENV")


@_t(G, "tcpdump-ascii-basic-auth")
def _():
    pw = _pw(); b = _basic("hb_partner", pw)
    return ("$ sudo tcpdump -A -i eth0 'tcp port 80' | grep -A3 POST\nPOST /pms/reservations HTTP/1.1\nHost: legacy-pms.internal\nAuthorization: Basic %s\nContent-Type: application/xml" % b, b, "POST /pms/reservations")


@_t(G, "ftp-session-transcript")
def _():
    pw = _pw()
    return ("Connected to ftp.atpco-drop.example.\n220 FTP ready\nName: fares_in\n331 Password required for fares_in\nPASS %s\n230 User fares_in logged in\nftp> get RECORD1_%s.gz" % (pw, _date()), pw, "230 User fares_in logged in")


@_t(G, "smtp-auth-plain-transcript")
def _():
    pw = _pw(); d = _p(_DOMS); b = _b64s("\x00irops@%s\x00%s" % (d, pw))
    return ("<~ 250-AUTH PLAIN LOGIN\n ~> AUTH PLAIN %s\n<~ 235 2.7.0 Authentication successful\n ~> MAIL FROM:<irops@%s>" % (b, d), b, "235 2.7.0 Authentication successful")


@_t(G, "sqlite-dump-insert-credentials")
def _():
    k = _an(32)
    return ("$ sqlite3 scraper.db .dump | grep credentials\nCREATE TABLE credentials(site TEXT, login TEXT, api_key TEXT);\nINSERT INTO credentials VALUES('tequila','farehawk','%s');" % k, k, "CREATE TABLE credentials")


@_t(G, "cat-netrc-output")
def _():
    pw = _pw()
    return ("$ cat ~/.netrc\nmachine partner-api.%s\n  login agency_%s\n  password %s" % (_p(_DOMS), _dig(5), pw), pw, "machine partner-api.")


@_t(G, "docker-compose-config-resolved")
def _():
    pw = _pw(_JS)
    return ("$ docker compose config | sed -n '/ibe-db/,/ports/p'\n  ibe-db:\n    environment:\n      MYSQL_DATABASE: booking_engine\n      MYSQL_ROOT_PASSWORD: %s\n    image: mysql:8.0\n    ports:" % pw, pw, "MYSQL_DATABASE: booking_engine")


@_t(G, "helm-get-values-output")
def _():
    sec = _b64(30)
    return ("$ helm get values booking-api -n booking\nUSER-SUPPLIED VALUES:\nimage:\n  tag: 1.%d.0\nsabre:\n  clientId: V1:%s:%s:AA\n  clientSecret: %s" % (_R.randint(10, 50), _dig(5), _pcc(), sec), sec, "USER-SUPPLIED VALUES")


@_t(G, "systemctl-show-environment")
def _():
    sec = _an(40)
    return ("$ systemctl show ohip-sync -p Environment\nEnvironment=OHIP_HOTEL=ALP OHIP_CLIENT_ID=alp_ohip_client OHIP_CLIENT_SECRET=%s OHIP_REGION=eu" % sec, sec, "OHIP_CLIENT_ID=alp_ohip_client")


@_t(G, "proc-environ-dump")
def _():
    tok = "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _an(24))
    return ("$ sudo cat /proc/%d/environ | tr '\\0' '\\n' | grep -v ^LS_\nHOME=/home/irops\nSLACK_BOT_TOKEN=%s\nIROPS_CHANNEL=#ops-disruptions" % (_R.randint(1000, 60000), tok), tok, "IROPS_CHANNEL=#ops-disruptions")


@_t(G, "stripe-config-list")
def _():
    k = "rk_live_" + _an(99)
    return ("$ stripe config --list\n[default]\n  account_id = 'acct_%s'\n  display_name = 'Azura Vacations'\n  live_mode_api_key = '%s'\n  live_mode_pub_key = 'pk_live_%s'" % (_an(16), k, _an(99)), k, "display_name = 'Azura Vacations'")


@_t(G, "gh-auth-status-show-token")
def _():
    tok = "gho_" + _an(36)
    return ("$ gh auth status -t\ngithub.com\n  \u2713 Logged in to github.com account skyvantage-ci (keyring)\n  - Active account: true\n  - Token: %s\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'" % tok, tok, "skyvantage-ci")


@_t(G, "az-get-access-token-json")
def _():
    tok = _jwt({"aud": "https://management.azure.com/", "iss": "https://sts.windows.net/%s/" % _uuid(), "oid": _uuid(), "upn": "%s@%s" % (_who()[1], _p(_DOMS))})
    return ('$ az account get-access-token\n{\n  "accessToken": "%s",\n  "expiresOn": "%s",\n  "subscription": "%s",\n  "tokenType": "Bearer"\n}' % (tok, _date() + " 18:04:11", _uuid()), tok, '"tokenType": "Bearer"')


@_t(G, "gcloud-print-access-token")
def _():
    tok = "ya29.a0" + _c(_AN + "-_", 170)
    return ("$ gcloud auth print-access-token --impersonate-service-account=bq-fares@ops-analytics.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n%s" % tok, tok, "bq-fares@ops-analytics.iam.gserviceaccount.com")


@_t(G, "ecr-get-login-password-output")
def _():
    tok = "eyJwYXlsb2FkIjoi" + _b64(900).replace("\n", "")
    return ("$ aws ecr get-login-password --region eu-west-1\n%s" % tok, tok, "aws ecr get-login-password")


@_t(G, "pm2-env-output")
def _():
    pw = _pw()
    return ("$ pm2 env 3\nNODE_ENV: production\nPORT: 3004\nNAVITAIRE_DOMAIN: WWW\nNAVITAIRE_AGENT: api_%s\nNAVITAIRE_PASSWORD: %s\nname: navitaire-bridge" % (_lan(6), pw), pw, "name: navitaire-bridge")


@_t(G, "mongosh-find-document")
def _():
    sec = _an(48)
    return ("loyalty> db.partners.findOne({code: 'HTLX'})\n{\n  _id: ObjectId('%s'),\n  code: 'HTLX',\n  name: 'Hotel Exchange Rewards',\n  apiSecret: '%s',\n  earnRate: 3\n}" % (_hex(24), sec), sec, "Hotel Exchange Rewards")


@_t(G, "elasticsearch-setup-passwords-output")
def _():
    pw = _an(20)
    return ("$ bin/elasticsearch-setup-passwords auto -b\nChanged password for user apm_system\nPASSWORD apm_system = %s\n\nChanged password for user elastic\nPASSWORD elastic = %s" % (_an(20), pw), pw, "Changed password for user elastic")


@_t(G, "kafka-configs-describe-jaas")
def _():
    pw = _pw(_JS)
    return ('$ kafka-configs --bootstrap-server kafka-1:9093 --describe --entity-type brokers --entity-name 1 --all | grep jaas\n  listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="acars-producer" password="%s";' % pw, pw, 'username="acars-producer"')


@_t(G, "artisan-tinker-config-array")
def _():
    sec = _an(10)
    return ("> config('services.hotelbeds')\n= [\n    \"key\" => \"%s\",\n    \"secret\" => \"%s\",\n    \"endpoint\" => \"https://api.hotelbeds.com/hotel-api/1.0\",\n  ]" % (_hex(32), sec), sec, "hotel-api/1.0")


@_t(G, "rails-credentials-show")
def _():
    k = "sk_live_" + _an(24)
    return ("$ bin/rails credentials:show -e production\nsecret_key_base: %s\nstripe:\n  secret_key: %s\n  account: acct_%s" % (_hex(128), k, _an(16)), k, "credentials:show")


@_t(G, "ansible-vault-view-output")
def _():
    pw = _pw()
    return ("$ ansible-vault view group_vars/acars/vault.yml\nVault password: \nvault_acars_arinc_user: NVOPS%s\nvault_acars_arinc_password: %s" % (_dig(3), pw), pw, "group_vars/acars/vault.yml")


@_t(G, "sops-decrypt-output")
def _():
    k = _an(40)
    return ("$ sops -d secrets/prod.enc.yaml\ncloudbeds:\n  property_id: \"%s\"\n  api_key: %s\nrecaptcha_site: %s" % (_dig(6), k, "6L" + _an(38)), k, "secrets/prod.enc.yaml")


@_t(G, "kubectl-exec-env-output")
def _():
    tok = "SSWS 00" + _c(_AN + "-_", 40)
    return ("$ kubectl exec deploy/crew-portal -- env | grep OKTA\nOKTA_ORG_URL=https://%s.okta.com\nOKTA_API_TOKEN=%s" % (_p(["aerolinea-norte", "brightwing"]), tok[5:]), tok[5:], "OKTA_ORG_URL")


@_t(G, "nmcli-show-secrets-psk")
def _():
    pw = _phrase("-")
    return ("$ nmcli -s -g 802-11-wireless-security.psk connection show 'Lounge-Staff-%s'\n%s" % (_p(_APT), pw), pw, "802-11-wireless-security.psk")


@_t(G, "api-key-provisioning-response")
def _():
    k = "lk_live_" + _an(40)
    return ('HTTP/1.1 201 Created\nContent-Type: application/json\n\n{"key_id":"key_%s","label":"partner-%s","api_key":"%s","created_at":"%s","note":"shown once"}' % (_an(12), _p(["kayak", "skyscanner", "trivago"]), k, _ts()), k, '"note":"shown once"')


@_t(G, "lpass-show-output")
def _():
    pw = _pw()
    return ("$ lpass show 'Shared-GDS/Travelport Galileo Desktop'\nShared-GDS/Travelport Galileo Desktop [id: %s]\nUsername: %s\nPassword: %s\nURL: https://galileo.travelport.example" % (_dig(19), _uan(6), pw), pw, "Shared-GDS/Travelport Galileo Desktop")


@_t(G, "op-item-get-reveal")
def _():
    pw = _pw()
    return ('$ op item get "Navitaire New Skies - API agent" --vault Ops --fields password --reveal\n%s' % pw, pw, "Navitaire New Skies - API agent")


@_t(G, "bw-get-password-output")
def _():
    pw = _pw()
    return ("$ bw get password opera-cloud-integration\n%s\n$ bw lock\nYour vault is locked." % pw, pw, "opera-cloud-integration")


@_t(G, "keyring-get-output")
def _():
    pw = _pw()
    return ("$ keyring get farehawk-proxy residential_user_%s\n%s" % (_dig(5), pw), pw, "keyring get farehawk-proxy")


@_t(G, "http-response-oauth-refresh-token")
def _():
    rt = "rt_" + _b64u(48)
    return ('HTTP/1.1 200 OK\n{"access_token":"%s","refresh_token":"%s","token_type":"bearer","expires_in":3600,"scope":"loyalty.members.read"}' % ("at_" + _b64u(24), rt, ), rt, '"scope":"loyalty.members.read"')


@_t(G, "php-artisan-env-output")
def _():
    k = "base64:" + _b64(32)
    return ("$ php artisan env:decrypt --key=$LARAVEL_ENV_KEY && grep APP_KEY .env\nEnvironment successfully decrypted.\nAPP_KEY=%s" % k, k[7:], "Environment successfully decrypted.")


@_t(G, "jq-filter-secret-json")
def _():
    sec = _hex(40)
    return ("$ jq '.integrations[] | select(.name==\"cybersource\")' tenant-config.json\n{\n  \"name\": \"cybersource\",\n  \"merchant_id\": \"azura_%s\",\n  \"key_id\": \"%s\",\n  \"shared_secret\": \"%s\"\n}" % (_dig(4), _uuid(), base64.b64encode(bytes.fromhex(sec)).decode()), base64.b64encode(bytes.fromhex(sec)).decode(), '"name": "cybersource"')


@_t(G, "cat-git-credentials-store")
def _():
    tok = "github_pat_" + _an(22) + "_" + _an(59)
    return ("$ cat ~/.git-credentials\nhttps://farehawk-bot:%s@github.com" % tok, tok, "farehawk-bot")


@_t(G, "mc-alias-list-output")
def _():
    sk = _an(40)
    return ("$ mc alias list bsp\nbsp\n  URL       : https://minio.ops.%s\n  AccessKey : bsparchive\n  SecretKey : %s\n  API       : s3v4\n  Path      : auto" % (_p(_DOMS), sk), sk, "AccessKey : bsparchive")


@_t(G, "wrangler-secret-list-leak")
def _():
    k = _an(40)
    return ("$ npx wrangler tail fare-alerts --format pretty | grep -i key\n  (log) config loaded { mapsKey: undefined, aviationEdgeKey: '%s' }" % k, k, "wrangler tail fare-alerts")

# ---------------------------------------------------------------------------
# group: config-file
# ---------------------------------------------------------------------------
G = "config-file"


@_t(G, "pgpass-line")
def _():
    pw = _pw("!#%*+-_.=~^@"); h = _h("crew-db")
    return ("# ~/.pgpass  (chmod 600)\n%s:5432:crew_sched:crewrost:%s\n*:5432:*:readonly:*" % (h, pw), pw, h)


@_t(G, "dotenv-file-unquoted")
def _():
    pw = _pw(_UNQ)
    return ("# .env.local - booking engine\nAPP_ENV=staging\nIBE_DB_HOST=ibe-db.stg.internal\nIBE_DB_USER=ibe_app\nIBE_DB_PASS=%s\nFEATURE_NDC_OFFERS=true" % pw, pw, "IBE_DB_USER=ibe_app")


@_t(G, "dotenv-file-double-quoted")
def _():
    pw = _pw(_DQ)
    return ('SABRE_PCC="%s"\nSABRE_EPR="%s"\nSABRE_PASSWORD="%s"\nSABRE_ENDPOINT="https://webservices.cert.platform.sabre.com"' % (_pcc(), _dig(5), pw), pw, "SABRE_ENDPOINT")


@_t(G, "spring-yaml-datasource-password")
def _():
    pw = _pw()
    return ("spring:\n  datasource:\n    url: jdbc:postgresql://loyalty-db.%s:5432/miles\n    username: miles_ledger\n    password: %s\n  jpa:\n    open-in-view: false" % (_p(_DOMS), pw), pw, "username: miles_ledger")


@_t(G, "toml-app-config-api-secret")
def _():
    sec = _an(24)
    return ('[gds.amadeus]\nenvironment = "production"\nclient_id = "%s"\nclient_secret = "%s"\ntimeout_ms = 8000\n\n[gds.sabre]\nenabled = false' % (_an(32), sec), sec, "[gds.amadeus]")


@_t(G, "odbc-ini-pwd")
def _():
    pw = _pw()
    return ("[RevenueDW]\nDriver=ODBC Driver 18 for SQL Server\nServer=tcp:rm-dw.%s,1433\nDatabase=RevenueDW\nUID=rm_reporting\nPWD=%s\nEncrypt=yes" % (_p(_DOMS), pw), pw, "Database=RevenueDW")


@_t(G, "web-config-connection-string")
def _():
    pw = _pw(_XML.replace(";", ""))
    return ('<connectionStrings>\n  <add name="DcsDb" providerName="System.Data.SqlClient"\n       connectionString="Server=dcs-sql01;Database=Departure;User Id=dcs_app;Password=%s;TrustServerCertificate=True" />\n</connectionStrings>' % pw, pw, 'name="DcsDb"')


@_t(G, "terraform-tfvars-secret")
def _():
    pw = _pw(_JS)
    return ('region          = "eu-west-1"\ndb_instance     = "db.r6g.large"\ndb_username     = "booking_admin"\ndb_password     = "%s"\nenable_read_replica = true' % pw, pw, 'db_username     = "booking_admin"')


@_t(G, "appsettings-json-api-key")
def _():
    k = _an(32); s = _an(16)
    return ('{\n  "Logging": { "LogLevel": { "Default": "Information" } },\n  "Expedia": {\n    "Rapid": {\n      "ApiKey": "%s",\n      "SharedSecret": "%s",\n      "BaseUrl": "https://test.ean.com/v3"\n    }\n  }\n}' % (k, s), s, "https://test.ean.com/v3")


@_t(G, "netrc-file")
def _():
    pw = _pw()
    return ("machine uapi.travelport.example\n  login Universal API/uAPI%s\n  password %s\nmachine api.github.com login ci password x-oauth-basic" % (_dig(10), pw), pw, "machine uapi.travelport.example")


@_t(G, "docker-config-json-auths")
def _():
    tok = "dckr_pat_" + _c(_AN + "-_", 27); b = _b64s("triploombuild:" + tok)
    return ('{\n  "auths": {\n    "https://index.docker.io/v1/": {\n      "auth": "%s"\n    }\n  },\n  "credsStore": ""\n}' % b, b, "https://index.docker.io/v1/")


@_t(G, "npmrc-scoped-authtoken")
def _():
    tok = "npm_" + _an(36)
    return ("registry=https://registry.npmjs.org/\n@farehawk:registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=%s\nalways-auth=true" % tok, tok, "@farehawk:registry")


@_t(G, "pip-conf-extra-index")
def _():
    pw = _pw(_URLSYM)
    return ("[global]\nindex-url = https://pypi.org/simple\nextra-index-url = https://deploy:%s@pkgs.%s/pypi/simple\ntrusted-host = pkgs.%s" % (pw, "skyvantage.example", "skyvantage.example"), pw, "[global]")


@_t(G, "pypirc-password")
def _():
    tok = "pypi-AgEIcHlwaS5vcmc" + _c(_AN + "-_", 140)
    return ("[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = %s" % tok, tok, "username = __token__")


@_t(G, "maven-settings-xml-server")
def _():
    pw = _pw(_XML)
    return ("<settings>\n  <servers>\n    <server>\n      <id>aero-releases</id>\n      <username>deploy-bot</username>\n      <password>%s</password>\n    </server>\n  </servers>\n</settings>" % pw, pw, "<id>aero-releases</id>")


@_t(G, "gradle-properties-credentials")
def _():
    pw = _pw()
    return ("org.gradle.jvmargs=-Xmx2g\nartifactoryUser=crew-app-ci\nartifactoryPassword=%s\nandroid.useAndroidX=true" % pw, pw, "artifactoryUser=crew-app-ci")


@_t(G, "aws-credentials-ini")
def _():
    sk = _c(_AN + "/+", 40)
    return ("[default]\nregion = eu-west-1\n\n[fare-scraper]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s" % (_uan(16), sk), sk, "[fare-scraper]")


@_t(G, "kubeconfig-user-token")
def _():
    tok = _jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "ops", "sub": "system:serviceaccount:ops:irops-bot"})
    return ("users:\n- name: irops-bot\n  user:\n    token: %s\ncontexts:\n- context: {cluster: ops-eks, user: irops-bot}\n  name: ops" % tok, tok, "name: irops-bot")


@_t(G, "kubeconfig-client-key-data")
def _():
    ck = _b64(1190)
    return ("users:\n- name: admin@ops-k3s\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t%s\n    client-key-data: %s" % (_b64(60), ck), ck, "name: admin@ops-k3s")


@_t(G, "pem-ec-private-key-file")
def _():
    body = _pem_ec()
    return ("# /etc/ndc-gateway/keys/signing.key (ES256, used for NDC OrderCreate signatures)\n-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----" % body, body, "/etc/ndc-gateway/keys/signing.key")


@_t(G, "pem-rsa-private-key-file")
def _():
    body = _pem_rsa_pkcs1()
    return ("==> certs/sita-typeb-client.key <==\n-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----" % body, body, "certs/sita-typeb-client.key")


@_t(G, "nginx-proxy-set-header-basic")
def _():
    b = _basic("ratesync", _pw())
    return ('location /pms/ {\n    proxy_pass https://pms-legacy.internal:8443/;\n    proxy_set_header Authorization "Basic %s";\n    proxy_read_timeout 60s;\n}' % b, b, "proxy_pass https://pms-legacy.internal:8443/")


@_t(G, "haproxy-userlist-insecure-password")
def _():
    pw = _pw("!#%*+-_.=~^@")
    return ("userlist opsdash_users\n    user dispatch insecure-password %s\n\nfrontend stats\n    bind *:8404\n    stats uri /haproxy" % pw, pw, "userlist opsdash_users")


@_t(G, "redis-conf-requirepass")
def _():
    pw = _an(48)
    return ("bind 10.40.2.11\nport 6379\nrequirepass %s\nmaxmemory 6gb\nmaxmemory-policy allkeys-lru" % pw, pw, "maxmemory-policy allkeys-lru")


@_t(G, "pgbouncer-userlist-plain")
def _():
    pw = _pw("!#%*+-_.=~^@")
    return ('; /etc/pgbouncer/userlist.txt\n"ibe_app" "%s"\n"pgbouncer_stats" "md5%s"' % (pw, _hex(32)), pw, "/etc/pgbouncer/userlist.txt")


@_t(G, "rabbitmq-conf-default-pass")
def _():
    pw = _pw()
    return ("listeners.ssl.default = 5671\ndefault_user = acars_admin\ndefault_pass = %s\nloopback_users.guest = true" % pw, pw, "default_user = acars_admin")


@_t(G, "kibana-yml-elasticsearch-password")
def _():
    pw = _pw()
    return ('server.host: "0.0.0.0"\nelasticsearch.hosts: ["https://es-ops:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "%s"' % pw, pw, "kibana_system")


@_t(G, "logstash-jdbc-input-password")
def _():
    pw = _pw(_DQ)
    return ('input {\n  jdbc {\n    jdbc_connection_string => "jdbc:mysql://chanmgr-db:3306/rates"\n    jdbc_user => "logstash_ro"\n    jdbc_password => "%s"\n    schedule => "*/5 * * * *"\n  }\n}' % pw, pw, 'jdbc_user => "logstash_ro"')


@_t(G, "fluentd-forward-shared-key")
def _():
    k = _an(32)
    return ("<match acars.**>\n  @type forward\n  <security>\n    self_hostname acars-gw01\n    shared_key %s\n  </security>\n  <server>\n    host log-agg.ops.internal\n  </server>\n</match>" % k, k, "self_hostname acars-gw01")


@_t(G, "prometheus-basic-auth-password")
def _():
    pw = _pw()
    return ("scrape_configs:\n  - job_name: booking-api\n    scheme: https\n    basic_auth:\n      username: prom\n      password: %s\n    static_configs:\n      - targets: ['booking-api:9443']" % pw, pw, "job_name: booking-api")


@_t(G, "grafana-ini-admin-password")
def _():
    pw = _pw()
    return ("[security]\nadmin_user = opsadmin\nadmin_password = %s\ncookie_secure = true\n\n[auth.anonymous]\nenabled = false" % pw, pw, "admin_user = opsadmin")


@_t(G, "alertmanager-slack-webhook-url")
def _():
    s = _an(24)
    return ("receivers:\n  - name: irops\n    slack_configs:\n      - api_url: https://hooks.slack.com/services/T0%s/B0%s/%s\n        channel: '#irops-alerts'" % (_uan(8), _uan(9), s), s, "#irops-alerts")


@_t(G, "docker-compose-environment-list")
def _():
    pw = _pw(_JS)
    return ("services:\n  opera-bridge:\n    image: harborview/opera-bridge:3.1\n    environment:\n      - OPERA_HOST=opera-db\n      - OPERA_USER=OPERA_INT\n      - OPERA_PASSWORD=%s\n    restart: unless-stopped" % pw, pw, "harborview/opera-bridge:3.1")


@_t(G, "k8s-secret-stringdata")
def _():
    tok = _an(40)
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: cloudbeds-api\n  namespace: pms\ntype: Opaque\nstringData:\n  CLOUDBEDS_API_KEY: cbat_%s" % tok, "cbat_" + tok, "name: cloudbeds-api")


@_t(G, "helm-values-nested-secret")
def _():
    sec = _an(32)
    return ("loyalty:\n  partners:\n    hotelExchange:\n      enabled: true\n      clientId: htlx-%s\n      clientSecret: %s\n      earnRatio: 3" % (_dig(4), sec), sec, "hotelExchange")


@_t(G, "ansible-group-vars-plaintext")
def _():
    pw = _pw()
    return ("# group_vars/pms/main.yml\npms_db_host: pms-db-01\npms_db_user: pms\npms_db_password: \"%s\"\npms_backup_bucket: s3://pms-backups-eu" % pw, pw, "pms_backup_bucket")


@_t(G, "php-array-config-password")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("return [\n    'driver'   => 'mysql',\n    'host'     => 'booking-db',\n    'database' => 'hotel_booking',\n    'username' => 'wp_booking',\n    'password' => '%s',\n];" % pw, pw, "'database' => 'hotel_booking'")


@_t(G, "wp-config-define-db-password")
def _():
    pw = _pw(_SQ)
    return ("define( 'DB_NAME', 'coralbay_wp' );\ndefine( 'DB_USER', 'coralbay' );\ndefine( 'DB_PASSWORD', '%s' );\ndefine( 'DB_HOST', 'localhost' );" % pw, pw, "coralbay_wp")


@_t(G, "java-properties-rabbit-password")
def _():
    pw = _pw()
    return ("spring.rabbitmq.host=mq.ops.internal\nspring.rabbitmq.username=irops\nspring.rabbitmq.password=%s\nspring.rabbitmq.virtual-host=/irops" % pw, pw, "spring.rabbitmq.username=irops")


@_t(G, "log4j2-smtp-appender-password")
def _():
    pw = _pw(_XML)
    return ('<SMTP name="Mail" subject="[DCS] ERROR" to="dcs-oncall@%s" from="dcs@%s"\n      smtpHost="smtp.office365.com" smtpPort="587" smtpUsername="dcs@%s"\n      smtpPassword="%s" bufferSize="50"/>' % ((_p(_DOMS),) * 3 + (pw,)), pw, 'subject="[DCS] ERROR"')


@_t(G, "jdbc-sqlserver-url-password-param")
def _():
    pw = _pw("!#%*+-_.~^@")
    return ("revenue.datasource.url=jdbc:sqlserver://rm-sql.%s:1433;databaseName=Revenue;user=rm_app;password=%s;encrypt=true" % (_p(_DOMS), pw), pw, "databaseName=Revenue")


@_t(G, "sabre-sws-xml-config")
def _():
    pw = _pw(_XML)
    return ("<SabreConfig>\n  <Endpoint>https://webservices.platform.sabre.com</Endpoint>\n  <Organization>%s</Organization>\n  <UserName>%s</UserName>\n  <Password>%s</Password>\n  <Domain>DEFAULT</Domain>\n</SabreConfig>" % (_pcc(), _dig(4), pw), pw, "<Domain>DEFAULT</Domain>")


@_t(G, "travelport-uapi-properties")
def _():
    pw = _c(_AN + "-{}%", 10) + _pw("-_")[:6]
    pw = _uniq(lambda: pw)
    return ("uapi.endpoint=https://emea.universal-api.travelport.example/B2BGateway/connect/uAPI\nuapi.username=Universal API/uAPI%s\nuapi.password=%s\nuapi.targetBranch=P%s" % (_dig(10), pw, _dig(7)), pw, "uapi.targetBranch")


@_t(G, "amadeus-sdk-yaml-client-secret")
def _():
    sec = _an(16)
    return ("amadeus:\n  hostname: production\n  client_id: %s\n  client_secret: %s\n  log_level: silent" % (_an(32), sec), sec, "hostname: production")


@_t(G, "hotelbeds-json-credentials")
def _():
    sec = _an(10)
    return ('{\n  "hotelbeds": {\n    "apiKey": "%s",\n    "secret": "%s",\n    "env": "live",\n    "language": "ENG"\n  }\n}' % (_hex(32), sec), sec, '"language": "ENG"')


@_t(G, "channel-manager-ini-section")
def _():
    pw = _pw()
    return ("[pmsxchange]\nendpoint = https://cmtpi.siteminder.example/pmsxchangev2/services/HARBORVIEW\nrequestor_id = HARBORVIEW_%s\nusername = hv_pms\npassword = %s\nrate_push = true" % (_dig(3), pw), pw, "[pmsxchange]")


@_t(G, "ohip-yaml-app-key")
def _():
    k = _uuid()
    sec = _an(32)
    return ("ohip:\n  gateway: https://ohip-eu.hospitality-api.example\n  app_key: %s\n  client_id: HRV_Client\n  client_secret: %s\n  enterprise_id: HRV" % (k, sec), sec, "client_id: HRV_Client")


@_t(G, "acars-gateway-typeb-conf")
def _():
    pw = _pw()
    return ("[sita_typeb]\nhost = typeb.sita-gw.example\nport = 10150\noriginator = LISKLNV\nlogin = NVACARS\npassword = %s\nheartbeat_s = 30" % pw, pw, "originator = LISKLNV")


@_t(G, "crew-scheduling-xml-config")
def _():
    pw = _pw(_XML)
    return ('<crewPlanning>\n  <publish target="crew-portal" />\n  <database vendor="oracle" url="jdbc:oracle:thin:@cps-db:1521/CPS"\n            user="CPS_APP" password="%s" />\n  <rules set="EASA-FTL-2024" />\n</crewPlanning>' % pw, pw, 'set="EASA-FTL-2024"')


@_t(G, "hostapd-wpa-passphrase")
def _():
    pw = _phrase("-")
    return ("interface=wlan0\nssid=%s-Lounge-Staff\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_passphrase=%s\nrsn_pairwise=CCMP" % (_p(_APT), pw), pw, "wpa_key_mgmt=WPA-PSK")


@_t(G, "freeradius-clients-secret")
def _():
    s = _an(24)
    return ("client gate-switches {\n    ipaddr = 10.88.0.0/16\n    secret = %s\n    shortname = gates-T%d\n}" % (s, _R.randint(1, 5)), s, "client gate-switches")


@_t(G, "ipsec-secrets-psk")
def _():
    s = _b64(32)
    return ('# /etc/ipsec.secrets - tunnel to ARINC\n198.51.100.%d 203.0.113.%d : PSK "%s"' % (_R.randint(2, 250), _R.randint(2, 250), s), s, "tunnel to ARINC")


@_t(G, "wireguard-conf-private-key")
def _():
    k = _b64(32)
    return ("[Interface]\nAddress = 10.77.0.%d/32\nPrivateKey = %s\nDNS = 10.77.0.1\n\n[Peer]\nPublicKey = %s\nEndpoint = vpn.ops.%s:51820" % (_R.randint(2, 250), k, _b64(32), _p(_DOMS)), k, "Endpoint = vpn.ops.")


@_t(G, "openvpn-auth-user-pass-file")
def _():
    pw = _pw()
    return ("# /etc/openvpn/client/hq.auth\nfield_tech_%s\n%s" % (_dig(3), pw), pw, "/etc/openvpn/client/hq.auth")


@_t(G, "cifs-credentials-file")
def _():
    pw = _pw()
    return ("# /root/.smb-crew  (used by fstab //ops-nas01/crew)\nusername=crewrost\npassword=%s\ndomain=AERO" % pw, pw, "domain=AERO")


@_t(G, "postfix-sasl-passwd-sendgrid")
def _():
    k = "SG.%s.%s" % (_c(_AN + "-_", 22), _c(_AN + "-_", 43))
    return ("[smtp.sendgrid.net]:587 apikey:%s" % k, k, "[smtp.sendgrid.net]:587")


@_t(G, "msmtprc-password")
def _():
    pw = _pw()
    return ("account irops\nhost smtp.%s\nport 587\nauth on\nuser irops-bot\npassword %s\nfrom irops-bot@%s" % (_p(_DOMS), pw, _p(_DOMS)), pw, "account irops")


@_t(G, "s3cfg-secret-key")
def _():
    sk = _c(_AN + "/+", 40)
    return ("[default]\naccess_key = AKIA%s\nsecret_key = %s\nhost_base = s3.eu-west-1.amazonaws.com\nuse_https = True" % (_uan(16), sk), sk, "host_base = s3.eu-west-1.amazonaws.com")


@_t(G, "rclone-conf-s3-remote")
def _():
    sk = _c(_AN + "/+", 40)
    return ("[bsp-archive]\ntype = s3\nprovider = AWS\naccess_key_id = AKIA%s\nsecret_access_key = %s\nregion = eu-central-1" % (_uan(16), sk), sk, "[bsp-archive]")


@_t(G, "supervisor-program-environment")
def _():
    k = _an(32)
    return ('[program:fare-poller]\ncommand=/opt/farehawk/bin/poller --routes /etc/farehawk/routes.txt\nenvironment=TEQUILA_API_KEY="%s",POLL_INTERVAL="90"\nautorestart=true' % k, k, "[program:fare-poller]")


@_t(G, "systemd-unit-environment")
def _():
    pw = _pw()
    return ("[Service]\nUser=dcs\nEnvironment=DCS_DB_USER=dcs_app\nEnvironment=DCS_DB_PASSWORD=%s\nExecStart=/opt/dcs/bin/dcs-adapter --config /etc/dcs/adapter.yml" % pw, pw, "/opt/dcs/bin/dcs-adapter")


@_t(G, "crontab-line-password-arg")
def _():
    pw = _pw(_UNQ)
    return ("# m h dom mon dow command\n15 2 * * * /opt/bsp/bin/fetch_hot --user ag%s --pass %s --dest /data/bsp >> /var/log/bsp_fetch.log 2>&1" % (_dig(7), pw), pw, "/opt/bsp/bin/fetch_hot")


@_t(G, "my-cnf-client-password")
def _():
    pw = _pw()
    return ("[client]\nuser=chanmgr\npassword=%s\nhost=chanmgr-db.internal\n\n[mysqldump]\nsingle-transaction" % pw, pw, "host=chanmgr-db.internal")


@_t(G, "pg-service-conf")
def _():
    pw = _pw()
    return ("[fares_ro]\nhost=fares-db.%s\nport=5432\ndbname=fares\nuser=analyst_ro\npassword=%s" % (_p(_DOMS), pw), pw, "[fares_ro]")


@_t(G, "liquibase-properties")
def _():
    pw = _pw()
    return ("changeLogFile=db/changelog/master.xml\nurl=jdbc:postgresql://loyalty-db:5432/miles\nusername=liquibase\npassword=%s" % pw, pw, "db/changelog/master.xml")


@_t(G, "flyway-conf-password")
def _():
    pw = _pw()
    return ("flyway.url=jdbc:mysql://ibe-db:3306/booking_engine\nflyway.user=flyway\nflyway.password=%s\nflyway.locations=filesystem:sql/migrations" % pw, pw, "flyway.user=flyway")


@_t(G, "sentryclirc-token")
def _():
    tok = "sntrys_" + _b64u(120)
    return ("[defaults]\nurl = https://sentry.io/\norg = azura-vacations\nproject = checkout-web\n\n[auth]\ntoken = %s" % tok, tok, "project = checkout-web")


@_t(G, "hocon-application-conf-password")
def _():
    pw = _pw(_JS)
    return ('slick.dbs.default {\n  profile = "slick.jdbc.PostgresProfile$"\n  db {\n    url = "jdbc:postgresql://pricing-db/pricing"\n    user = "pricing"\n    password = "%s"\n  }\n}' % pw, pw, 'url = "jdbc:postgresql://pricing-db/pricing"')


@_t(G, "consul-acl-token-hcl")
def _():
    tok = _uuid()
    return ('acl {\n  enabled = true\n  default_policy = "deny"\n  tokens {\n    agent = "%s"\n  }\n}' % tok, tok, 'default_policy = "deny"')


@_t(G, "terraform-backend-pg-conn-str")
def _():
    pw = _pw(_URLSYM)
    return ('terraform {\n  backend "pg" {\n    conn_str = "postgres://tf_state:%s@tfstate-db.ops.internal/terraform_backend?sslmode=require"\n  }\n}' % pw, pw, 'backend "pg"')


@_t(G, "boto-config-credentials")
def _():
    sk = _c(_AN + "/+", 40)
    return ("[Credentials]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s\n\n[Boto]\nhttps_validate_certificates = True" % (_uan(16), sk), sk, "https_validate_certificates")


@_t(G, "laravel-env-app-key")
def _():
    k = _b64(32)
    return ("APP_NAME=\"Pampa Viajes\"\nAPP_ENV=production\nAPP_KEY=base64:%s\nAPP_DEBUG=false" % k, k, "APP_NAME=\"Pampa Viajes\"")

# ---------------------------------------------------------------------------
# group: source-code
# ---------------------------------------------------------------------------
G = "source-code"


@_t(G, "python-module-constant")
def _():
    k = _an(32)
    return ('# farehawk/sources/tequila.py\nBASE_URL = "https://api.tequila.kiwi.com/v2/search"\nAPI_KEY = "%s"  # TODO: move to env before open-sourcing\nDEFAULT_CURRENCY = "EUR"' % k, k, "farehawk/sources/tequila.py")


@_t(G, "python-requests-auth-tuple")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('resp = requests.get(\n    f"{PMS_URL}/api/v1/folios/{folio_id}",\n    auth=("pms_bridge", "%s"),\n    timeout=15,\n)' % pw, pw, "/api/v1/folios/")


@_t(G, "python-headers-dict")
def _():
    k = _hex(32)
    return ('HEADERS = {\n    "Accept": "application/json",\n    "Api-key": "%s",\n    "X-Signature": sign(),\n}' % k, k, '"Accept": "application/json"')


@_t(G, "python-environ-get-default-secret")
def _():
    sec = _an(16)
    return ('AMADEUS_CLIENT_ID = os.environ.get("AMADEUS_CLIENT_ID", "%s")\nAMADEUS_CLIENT_SECRET = os.environ.get("AMADEUS_CLIENT_SECRET", "%s")' % (_an(32), sec), sec, 'os.environ.get("AMADEUS_CLIENT_SECRET"')


@_t(G, "js-const-api-key")
def _():
    k = _an(32)
    return ("// src/lib/flights.js\nconst AVIATION_EDGE_KEY = '%s';\nexport async function liveFlights(iata) {\n  return fetch(`https://aviation-edge.example/v2/public/flights?key=${AVIATION_EDGE_KEY}&depIata=${iata}`);\n}" % k, k, "export async function liveFlights")


@_t(G, "js-axios-create-headers")
def _():
    tok = "Bearer " + _b64u(40)
    return ("const cloudbeds = axios.create({\n  baseURL: 'https://api.cloudbeds.example/api/v1.2',\n  headers: { Authorization: '%s' },\n});" % tok, tok[7:], "baseURL: 'https://api.cloudbeds.example/api/v1.2'")


@_t(G, "ts-config-object-literal")
def _():
    sec = _an(40)
    return ("export const siteminderConfig: ChannelConfig = {\n  hotelCode: 'HRV-LIS-01',\n  username: 'hv_pms',\n  password: '%s',\n  endpoint: 'https://cmtpi.siteminder.example/pmsxchangev2',\n};" % sec, sec, "hotelCode: 'HRV-LIS-01'")


@_t(G, "java-static-final-string")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('public final class NavitaireSession {\n    private static final String DOMAIN = "WWW";\n    private static final String AGENT = "api_bw";\n    private static final String PASSWORD = "%s";\n    // TODO pull from Vault\n}' % pw, pw, "class NavitaireSession")


@_t(G, "java-spring-value-default")
def _():
    sec = _b64(24)
    return ('@Value("${sabre.client-secret:%s}")\nprivate String sabreClientSecret;' % sec, sec, "private String sabreClientSecret")


@_t(G, "csharp-connection-string-literal")
def _():
    pw = _pw("!#%*+-_.~^@")
    return ('var cs = "Server=tcp:loyalty-sql.database.windows.net,1433;Initial Catalog=Miles;User ID=miles_app;Password=%s;Encrypt=True;";\nusing var conn = new SqlConnection(cs);' % pw, pw, "Initial Catalog=Miles")


@_t(G, "go-struct-literal-credentials")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('cfg := uapi.Config{\n\tEndpoint: "https://emea.universal-api.travelport.example/B2BGateway/connect/uAPI",\n\tUsername: "Universal API/uAPI%s",\n\tPassword: "%s",\n\tBranch:   "P%s",\n}' % (_dig(10), pw, _dig(7)), pw, "cfg := uapi.Config{")


@_t(G, "ruby-hash-credentials")
def _():
    k = "sk_live_" + _an(24)
    return ("Stripe.api_key = ENV.fetch('STRIPE_SECRET_KEY', '%s')\nStripe.api_version = '2023-10-16'" % k, k, "Stripe.api_version")


@_t(G, "php-pdo-constructor")
def _():
    pw = _pw(_SQ.replace("'", "").replace("$", ""))
    return ("$pdo = new PDO('mysql:host=booking-db;dbname=hotel_booking;charset=utf8mb4', 'wp_booking', '%s', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);" % pw, pw, "dbname=hotel_booking")


@_t(G, "kotlin-companion-object-key")
def _():
    k = _an(32)
    return ('companion object {\n    private const val CIRIUM_APP_ID = "%s"\n    private const val CIRIUM_APP_KEY = "%s"\n}' % (_hex(8), k), k, "companion object")


@_t(G, "swift-let-api-key")
def _():
    k = "lyk_" + _an(36)
    return ('enum Secrets {\n    static let loyaltySDKKey = "%s"\n    static let environment = "production"\n}' % k, k, "enum Secrets")


@_t(G, "rust-const-token")
def _():
    tok = _an(40)
    return ('const NOTAM_FEED_URL: &str = "https://notam-feed.ops.example/v1/notams";\nconst NOTAM_FEED_TOKEN: &str = "%s";' % tok, tok, "NOTAM_FEED_URL")


@_t(G, "sql-create-user-identified-by")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("CREATE USER 'ratesync'@'10.20.%%' IDENTIFIED BY '%s';\nGRANT SELECT, INSERT, UPDATE ON rates.* TO 'ratesync'@'10.20.%%';" % pw, pw, "GRANT SELECT, INSERT, UPDATE ON rates.*")


@_t(G, "sql-alter-role-password")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("-- migrations/0042_rotate_reporting.sql\nALTER ROLE bsp_reporting WITH LOGIN PASSWORD '%s' VALID UNTIL '2025-12-31';" % pw, pw, "migrations/0042_rotate_reporting.sql")


@_t(G, "sql-insert-config-row")
def _():
    sec = "AQE" + _c(_AN + "+/", 60)
    return ("INSERT INTO payment_gateways (code, merchant_account, api_key, live)\nVALUES ('ADYEN', 'AzuraVacationsECOM', '%s', true);" % sec, sec, "AzuraVacationsECOM")


@_t(G, "bash-script-variable-assignment")
def _():
    pw = _pw(_DQ)
    return ('#!/usr/bin/env bash\nset -euo pipefail\nBSP_USER="ag%s"\nBSP_PASS="%s"\nsftp -oBatchMode=no "$BSP_USER@sftp.bsp-link.example" <<< "get HOT_*.txt"' % (_dig(7), pw), pw, "set -euo pipefail")


@_t(G, "powershell-script-plain-password")
def _():
    pw = _pw(_SQ.replace("'", "").replace("$", ""))
    return ("$User = 'AERO\\svc-opera'\n$Pass = '%s'\n$cred = [pscredential]::new($User, (ConvertTo-SecureString $Pass -AsPlainText -Force))" % pw, pw, "$User = 'AERO\\svc-opera'")


@_t(G, "dockerfile-env-secret")
def _():
    k = _an(40)
    return ("FROM python:3.11-slim\nWORKDIR /app\nENV FLIGHTAWARE_API_KEY=%s\nCOPY . .\nCMD [\"python\", \"-m\", \"tracker\"]" % k, k, "FROM python:3.11-slim")


@_t(G, "dockerfile-arg-default-token")
def _():
    tok = "ghp_" + _an(36)
    return ("ARG GITHUB_TOKEN=%s\nRUN git config --global url.\"https://${GITHUB_TOKEN}@github.com/\".insteadOf \"https://github.com/\" \\\n && pip install git+https://github.com/skyvantage/pnr-utils.git" % tok, tok, "skyvantage/pnr-utils.git")


@_t(G, "makefile-variable-password")
def _():
    pw = _pw(_UNQ)
    return ("DB_URL ?= postgres://crewrost:%s@localhost:5433/crew\n\nmigrate:\n\tmigrate -path db/migrations -database $(DB_URL) up" % pw, pw, "migrate -path db/migrations")


@_t(G, "jupyter-cell-json-source")
def _():
    k = _hex(32)
    return ('{\n "cell_type": "code",\n "execution_count": 3,\n "source": [\n  "import cirium\\n",\n  "client = cirium.Client(app_id=\\"%s\\", app_key=\\"%s\\")\\n"\n ]\n}' % (_hex(8), k), k, '"cell_type": "code"')


@_t(G, "csharp-httpclient-default-header")
def _():
    k = _an(32)
    return ('_http.DefaultRequestHeaders.Add("X-Api-Key", "%s");\n_http.BaseAddress = new Uri("https://api.rategain.example/v3/");' % k, k, "DefaultRequestHeaders.Add")


@_t(G, "java-wsse-username-token")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('UsernameToken ut = new UsernameToken();\nut.setUsername("%s");\nut.setPassword("%s");\nut.setOrganization("%s");\nut.setDomain("DEFAULT");' % (_dig(4), pw, _pcc()), pw, 'ut.setDomain("DEFAULT")')


@_t(G, "python-zeep-basic-auth")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('session = Session()\nsession.auth = HTTPBasicAuth("Universal API/uAPI%s", "%s")\nclient = Client("wsdl/air_v52_0/Air.wsdl", transport=Transport(session=session))' % (_dig(10), pw), pw, "wsdl/air_v52_0/Air.wsdl")


@_t(G, "python-hotelbeds-signature-secret")
def _():
    sec = _an(10)
    return ('API_KEY = os.environ["HB_API_KEY"]\nSECRET = "%s"\n\ndef x_signature():\n    ts = str(int(time.time()))\n    return hashlib.sha256((API_KEY + SECRET + ts).encode()).hexdigest()' % sec, sec, "def x_signature():")


@_t(G, "js-jwt-sign-literal-secret")
def _():
    sec = _b64u(32)
    return ("const token = jwt.sign({ memberId, tier }, '%s', { expiresIn: '15m', issuer: 'loyalty-api' });" % sec, sec, "issuer: 'loyalty-api'")


@_t(G, "go-hmac-key-bytes")
def _():
    sec = _an(48)
    return ('var webhookKey = []byte("%s")\n\nfunc verify(body []byte, sig string) bool {\n\tmac := hmac.New(sha256.New, webhookKey)' % sec, sec, "func verify(body []byte, sig string) bool")


@_t(G, "flask-secret-key")
def _():
    sec = _hex(48)
    return ("app = Flask(__name__)\napp.config['SECRET_KEY'] = '%s'\napp.config['SESSION_COOKIE_SECURE'] = True" % sec, sec, "SESSION_COOKIE_SECURE")


@_t(G, "django-settings-secret-key")
def _():
    sec = "django-insecure-" + _c(_LO + _DI + "!@#%^&*(-_=+)", 50)
    return ("# booking_site/settings.py\nSECRET_KEY = '%s'\nDEBUG = False\nALLOWED_HOSTS = ['book.%s']" % (sec, _p(_DOMS)), sec, "booking_site/settings.py")


@_t(G, "rails-secret-key-base-yml")
def _():
    sec = _hex(128)
    return ("production:\n  secret_key_base: %s\n  hotel_api_host: https://hotels.internal" % sec, sec, "hotel_api_host")


@_t(G, "node-mysql-create-pool")
def _():
    pw = _pw(_JS.replace("'", "").replace("\\", ""))
    return ("const pool = mysql.createPool({\n  host: 'chanmgr-db',\n  user: 'chanmgr',\n  password: '%s',\n  database: 'rates',\n  connectionLimit: 10,\n});" % pw, pw, "database: 'rates'")


@_t(G, "python-psycopg2-connect-kwargs")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('conn = psycopg2.connect(\n    host="crew-db.internal", dbname="crew", user="fatigue_report",\n    password="%s", connect_timeout=5,\n)' % pw, pw, 'user="fatigue_report"')


@_t(G, "sqlalchemy-create-engine-url")
def _():
    pw = _pw(_URLSYM)
    return ('engine = create_engine(\n    "postgresql+psycopg2://fare_etl:%s@fares-db:5432/fares",\n    pool_pre_ping=True,\n)' % pw, pw, "pool_pre_ping=True")


@_t(G, "java-drivermanager-getconnection")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('Connection c = DriverManager.getConnection(\n    "jdbc:oracle:thin:@dcs-ora:1521/DCSPRD", "DCS_ADAPTER", "%s");' % pw, pw, "jdbc:oracle:thin:@dcs-ora:1521/DCSPRD")


@_t(G, "python-boto3-client-keys")
def _():
    sk = _c(_AN + "/+", 40)
    return ('s3 = boto3.client(\n    "s3",\n    aws_access_key_id="AKIA%s",\n    aws_secret_access_key="%s",\n    region_name="eu-west-1",\n)' % (_uan(16), sk), sk, 'region_name="eu-west-1"')


@_t(G, "js-aws-sdk-credentials-object")
def _():
    sk = _c(_AN + "/+", 40)
    return ("const ses = new SESClient({\n  region: 'eu-west-1',\n  credentials: { accessKeyId: 'AKIA%s', secretAccessKey: '%s' },\n});" % (_uan(16), sk), sk, "new SESClient")


@_t(G, "python-smtplib-login")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('with smtplib.SMTP("smtp.office365.com", 587) as s:\n    s.starttls()\n    s.login("irops-notify@%s", "%s")\n    s.send_message(msg)' % (_p(_DOMS), pw), pw, "s.send_message(msg)")


@_t(G, "nodemailer-transport-auth")
def _():
    pw = _pw(_JS.replace("'", "").replace("\\", ""))
    return ("const transporter = nodemailer.createTransport({\n  host: 'smtp.mailgun.org',\n  port: 587,\n  auth: { user: 'postmaster@mg.%s', pass: '%s' },\n});" % (_p(_DOMS), pw), pw, "host: 'smtp.mailgun.org'")


@_t(G, "python-paramiko-connect-password")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect("acars-gw02.ops.internal", username="acars", password="%s")' % pw, pw, "acars-gw02.ops.internal")


@_t(G, "python-ftplib-login")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('ftp = FTP_TLS("ftp.atpco-drop.example")\nftp.login(user="fares_in", passwd="%s")\nftp.prot_p()' % pw, pw, "ftp.prot_p()")


@_t(G, "python-redis-client-password")
def _():
    pw = _an(32)
    return ('cache = redis.Redis(host="fare-cache", port=6380, ssl=True, password="%s", db=2)' % pw, pw, 'host="fare-cache"')


@_t(G, "kafka-python-sasl-password")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('producer = KafkaProducer(\n    bootstrap_servers="kafka-1:9093",\n    security_protocol="SASL_SSL",\n    sasl_mechanism="SCRAM-SHA-512",\n    sasl_plain_username="acars-producer",\n    sasl_plain_password="%s",\n)' % pw, pw, 'sasl_mechanism="SCRAM-SHA-512"')


@_t(G, "python-stripe-api-key-assignment")
def _():
    k = "sk_live_" + _an(99)
    return ('import stripe\nstripe.api_key = "%s"\nrefund = stripe.Refund.create(payment_intent=pi_id, reason="requested_by_customer")' % k, k, "stripe.Refund.create")


@_t(G, "braintree-gateway-config")
def _():
    pk = _hex(32)
    return ('gateway = braintree.BraintreeGateway(\n    braintree.Configuration(\n        braintree.Environment.Production,\n        merchant_id="%s",\n        public_key="%s",\n        private_key="%s",\n    )\n)' % (_lan(16), _lan(16), pk), pk, "braintree.Environment.Production")


@_t(G, "adyen-client-xapikey")
def _():
    k = "AQE" + _c(_AN + "+/", 70) + "=" + "-" + _c(_AN + "+/", 40) + "=-" + _c(_AN + "[]{}<>()%$", 16)
    return ('adyen = Adyen.Adyen()\nadyen.client.xapikey = "%s"\nadyen.client.platform = "live"\nadyen.client.live_endpoint_prefix = "%s-AzuraVacations"' % (k, _hex(16)), k, 'adyen.client.platform = "live"')


@_t(G, "csharp-checkout-secret-key")
def _():
    k = "sk_" + _c(_LO + _DI, 26)
    return ('ICheckoutApi api = CheckoutSdk.Builder().StaticKeys()\n    .SecretKey("%s")\n    .Environment(Environment.Production)\n    .Build();' % k, k, "Environment.Production")


@_t(G, "js-paypal-client-secret")
def _():
    s = "E" + _c(_AN + "-_", 79)
    return ("const env = new paypal.core.LiveEnvironment(\n  'A%s',\n  '%s'\n);" % (_c(_AN + "-_", 79), s), s, "paypal.core.LiveEnvironment")


@_t(G, "scrapy-settings-proxy-credentials")
def _():
    pw = _lan(12)
    return ("# farehawk/settings.py\nROTATING_PROXY_LIST = [\n    'http://brd-customer-hl_%s-zone-residential:%s@brd.superproxy.example:22225',\n]\nDOWNLOAD_DELAY = 2.5" % (_hex(8), pw), pw, "DOWNLOAD_DELAY = 2.5")


@_t(G, "playwright-fill-password")
def _():
    pw = _pw(_JS.replace("'", "").replace("\\", ""))
    return ("await page.goto('https://extranet.%s/login');\nawait page.fill('#username', 'rm_%s');\nawait page.fill('#password', '%s');\nawait page.click('button[type=submit]');" % (_p(_DOMS), _lan(5), pw), pw, "button[type=submit]")


@_t(G, "selenium-send-keys-password")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('driver.find_element(By.ID, "agentId").send_keys("%s")\ndriver.find_element(By.ID, "agentPwd").send_keys("%s")\ndriver.find_element(By.ID, "btnLogin").click()' % (_uan(6), pw), pw, 'By.ID, "btnLogin"')


@_t(G, "puppeteer-type-password")
def _():
    pw = _pw(_JS.replace("'", "").replace("\\", ""))
    return ("await page.type('input[name=\"login\"]', 'farebot%d');\nawait page.type('input[name=\"pwd\"]', '%s', { delay: 40 });" % (_R.randint(1, 99), pw), pw, "{ delay: 40 }")


@_t(G, "python-scraper-cookie-header")
def _():
    ck = _b64u(60)
    return ('HEADERS = {\n    "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64)",\n    "Cookie": "session_id=%s; currency=EUR",\n}' % ck, ck, '"User-Agent"')


@_t(G, "graphql-client-headers")
def _():
    tok = "shppa_" + _hex(32)
    return ("const client = new GraphQLClient('https://duty-free-lounge.myshopify.com/admin/api/2024-01/graphql.json', {\n  headers: { 'X-Shopify-Access-Token': '%s' },\n});" % tok, tok, "duty-free-lounge.myshopify.com")


@_t(G, "android-buildconfigfield-secret")
def _():
    k = _an(40)
    return ('buildConfigField "String", "CREW_API_BASE", "\\"https://crew-api.%s\\""\nbuildConfigField "String", "CREW_API_SECRET", "\\"%s\\""' % (_p(_DOMS), k), k, "CREW_API_BASE")


@_t(G, "terraform-resource-password-literal")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('resource "aws_db_instance" "loyalty" {\n  identifier = "loyalty-prod"\n  engine     = "postgres"\n  username   = "loyalty_admin"\n  password   = "%s"\n}' % pw, pw, 'identifier = "loyalty-prod"')


@_t(G, "lua-nginx-set-header")
def _():
    k = _an(36)
    return ('-- access_by_lua_block\nngx.req.set_header("X-Api-Key", "%s")\nngx.req.clear_header("Cookie")' % k, k, "access_by_lua_block")


@_t(G, "perl-dbi-connect")
def _():
    pw = _pw("!#%*+-_.=~^")
    return ("my $dbh = DBI->connect('dbi:Pg:dbname=bsp;host=bsp-db', 'bsp_recon', '%s', { RaiseError => 1 });" % pw, pw, "dbname=bsp;host=bsp-db")


@_t(G, "scala-val-secret")
def _():
    sec = _an(32)
    return ('object PricingClient {\n  private val endpoint = "https://atpco-gateway.example/fares"\n  private val secret = "%s"\n}' % sec, sec, "object PricingClient")


@_t(G, "elixir-repo-config-password")
def _():
    pw = _pw(_JS.replace("\\", ""))
    return ('config :booking, Booking.Repo,\n  username: "booking",\n  password: "%s",\n  hostname: "booking-db",\n  pool_size: 20' % pw, pw, "config :booking, Booking.Repo")


@_t(G, "c-define-psk")
def _():
    s = _HEX(32)
    return ('/* acars_link.h */\n#define ACARS_LINK_ID   "NV-A320-LINK"\n#define ACARS_LINK_PSK  "%s"\n#define ACARS_RETRY_MS  1500' % s, s, "ACARS_LINK_ID")


@_t(G, "python-base64-obfuscated-password")
def _():
    pw = _pw(); b = _b64s(pw)
    return ('# not really hidden, just not greppable\nDB_PASS = base64.b64decode("%s").decode()\nDB_USER = "rm_optimizer"' % b, b, 'DB_USER = "rm_optimizer"')


@_t(G, "js-btoa-basic-auth-template")
def _():
    pw = _pw(_JS.replace("`", "").replace("$", "").replace("\\", ""))
    return ("const auth = 'Basic ' + btoa(`loyalty_admin:%s`);\nawait fetch(`${BASE}/members/${id}`, { headers: { Authorization: auth } });" % pw, pw, "loyalty_admin")


@_t(G, "go-sql-open-dsn")
def _():
    pw = _pw("!#%*+-_.=~^")
    return ('db, err := sql.Open("mysql", "chanmgr:%s@tcp(chanmgr-db:3306)/rates?parseTime=true")\nif err != nil {\n\tlog.Fatal(err)\n}' % pw, pw, "tcp(chanmgr-db:3306)/rates")


@_t(G, "python-dataclass-default-token")
def _():
    tok = _an(40)
    return ("@dataclass\nclass NotamFeed:\n    url: str = \"https://notam-feed.ops.example/v1\"\n    token: str = \"%s\"\n    timeout: float = 10.0" % tok, tok, "class NotamFeed")


@_t(G, "yaml-in-python-test-fixture")
def _():
    pw = _pw()
    return ('CONFIG = yaml.safe_load("""\ngds:\n  provider: sabre\n  pcc: %s\n  password: %s\n""")' % (_pcc(), pw), pw, "provider: sabre")

# ---------------------------------------------------------------------------
# group: stack-trace-or-log
# ---------------------------------------------------------------------------
G = "stack-trace-or-log"


@_t(G, "python-traceback-locals-password")
def _():
    pw = _pw(_JS)
    return ('Traceback (most recent call last):\n  File "/srv/pms_bridge/sync.py", line 88, in push_rates\n    conn = connect(host=host, user=user, password=password)\n    # locals: host=\'pms-db-02\' user=\'pms_bridge\' password=\'%s\'\npymysql.err.OperationalError: (1045, "Access denied for user \'pms_bridge\'@\'10.20.4.17\'")' % pw, pw, "/srv/pms_bridge/sync.py")


@_t(G, "java-exception-jdbc-url-password")
def _():
    pw = _pw("!#%*+-_.~^")
    return ("org.postgresql.util.PSQLException: Connection to loyalty-db:5432 refused.\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:319)\nCaused by: url=jdbc:postgresql://loyalty-db:5432/miles?user=miles_ledger&password=%s&ssl=true" % pw, pw, "ConnectionFactoryImpl.java:319")


@_t(G, "sqlalchemy-operationalerror-url")
def _():
    pw = _pw(_URLSYM)
    return ("sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not translate host name \"fares-db\" to address\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\nengine url: postgresql://fare_etl:%s@fares-db:5432/fares" % pw, pw, "could not translate host name")


@_t(G, "nginx-access-log-api-key-query")
def _():
    k = _hex(32)
    return ('10.4.%d.%d - - [%s +0000] "GET /v1/flights?access_key=%s&dep_iata=%s HTTP/1.1" 200 5121 "-" "python-requests/2.31.0"' % (_R.randint(0, 255), _R.randint(0, 255), _date(), k, _p(_APT)), k, "python-requests/2.31.0")


@_t(G, "apache-access-log-token-query")
def _():
    tok = _an(40)
    return ('203.0.113.%d - - [%s:11:02:19 +0000] "GET /export/availability.csv?hotel=HRV-LIS-01&token=%s HTTP/1.1" 200 88231' % (_R.randint(2, 250), _date(), tok), tok, "hotel=HRV-LIS-01")


@_t(G, "debug-log-request-headers-dict")
def _():
    tok = _jwt({"sub": "agent:" + _who()[1], "pcc": _pcc(), "exp": _R.randint(1717000000, 1740000000)})
    return ("2024-%02d-%02d 08:14:22,481 DEBUG gds.client request headers={'Content-Type': 'application/json', 'Authorization': 'Bearer %s', 'X-Request-Id': '%s'}" % (_R.randint(1, 12), _R.randint(1, 28), tok, _uuid()), tok, "DEBUG gds.client")


@_t(G, "urllib3-send-debug-basic")
def _():
    pw = _pw(); b = _basic("Universal API/uAPI" + _dig(10), pw)
    return ("send: b'POST /B2BGateway/connect/uAPI/AirService HTTP/1.1\\r\\nHost: emea.universal-api.travelport.example\\r\\nAuthorization: Basic %s\\r\\nContent-Type: text/xml\\r\\n\\r\\n'" % b, b, "/B2BGateway/connect/uAPI/AirService")


@_t(G, "log4j-connecting-user-password")
def _():
    pw = _pw()
    return ("%s INFO  [main] c.a.crew.PairingImporter - connecting to CPS db user=CPS_APP password=%s url=jdbc:oracle:thin:@cps-db:1521/CPS" % (_ts(), pw), pw, "c.a.crew.PairingImporter")


@_t(G, "json-structured-log-client-secret")
def _():
    sec = _an(32)
    return ('{"ts":"%s","level":"debug","svc":"ohip-sync","msg":"token request","body":{"grant_type":"client_credentials","client_id":"HRV_Client","client_secret":"%s"}}' % (_ts(), sec), sec, '"svc":"ohip-sync"')


@_t(G, "node-crash-config-dump")
def _():
    k = _an(32)
    return ("/app/node_modules/kiwi-client/dist/index.js:211\n      throw new Error(`Tequila 403 for config ${JSON.stringify(this.config)}`);\nError: Tequila 403 for config {\"apikey\":\"%s\",\"locale\":\"en\",\"partner_market\":\"pt\"}\n    at TequilaClient.search (/app/node_modules/kiwi-client/dist/index.js:211:13)" % k, k, "TequilaClient.search")


@_t(G, "go-panic-dsn")
def _():
    pw = _pw("!#%*+-_.=~^")
    return ('panic: dial tcp 10.20.9.4:3306: connect: connection refused (dsn="chanmgr:%s@tcp(chanmgr-db:3306)/rates")\n\ngoroutine 1 [running]:\nmain.mustDB()\n\t/src/cmd/ratesync/main.go:47 +0x1c5' % pw, pw, "/src/cmd/ratesync/main.go:47")


@_t(G, "sudo-log-command-password")
def _():
    pw = _pw(_UNQ)
    return ("%s pms-01 sudo:   ops_%s : TTY=pts/0 ; PWD=/home/ops ; USER=root ; COMMAND=/usr/bin/mysql -u root -p%s hotel_inventory" % (_date(), _lan(4), pw), pw, "USER=root ; COMMAND=/usr/bin/mysql")


@_t(G, "sshd-failed-password-typed-as-username")
def _():
    pw = _pw(_UNQ)
    return ("sshd[%d]: Invalid user %s from 10.30.1.%d port 52144\nsshd[%d]: Failed password for invalid user %s from 10.30.1.%d port 52144 ssh2\nsshd[%d]: Accepted password for acars from 10.30.1.%d port 52160 ssh2" % (_R.randint(1000, 9999), pw, 7, _R.randint(1000, 9999), pw, 7, _R.randint(1000, 9999), 7), pw, "Accepted password for acars")


@_t(G, "acars-gateway-uplink-auth-log")
def _():
    k = _HEX(24)
    return ("%s acarsgw[%d]: uplink session open tail=CS-%s ground=LISKLNV authkey=%s mode=VDL2\n%s acarsgw[%d]: downlink OOOI OUT 0642Z" % (_ts(), _R.randint(100, 999), _c(_UP, 3), k, _ts(), _R.randint(100, 999)), k, "downlink OOOI OUT 0642Z")


@_t(G, "soap-fault-wsse-password-dump")
def _():
    pw = _pw(_XML)
    return ("ERROR SoapClient - fault from SessionCreateRQ, request was:\n<wsse:UsernameToken>\n  <wsse:Username>%s</wsse:Username>\n  <wsse:Password>%s</wsse:Password>\n  <Organization>%s</Organization>\n</wsse:UsernameToken>\nfaultcode=soap-env:Client.AuthenticationFailed" % (_dig(4), pw, _pcc()), pw, "Client.AuthenticationFailed")


@_t(G, "travelport-request-log-authorization")
def _():
    pw = _pw(); b = _basic("Universal API/uAPI" + _dig(10), pw)
    return ("[uapi] >>> POST /B2BGateway/connect/uAPI/UniversalRecordService\n[uapi] >>> Authorization: Basic %s\n[uapi] <<< 500 UniversalRecordRetrieveRsp: Record locator %s not found" % (b, _pnr()), b, "UniversalRecordRetrieveRsp")


@_t(G, "amadeus-soap-hosted-user-log")
def _():
    pw = _pw(_XML)
    return ('TRACE ws.amadeus - <AMA_SecurityHostedUser><UserID POS_Type="1" PseudoCityCode="%s" AgentDutyCode="SU" RequestorType="U"/></AMA_SecurityHostedUser>\nTRACE ws.amadeus - <Security_Authenticate><password>%s</password><officeId>%s</officeId></Security_Authenticate>' % (_office(), pw, _office()), pw, "AMA_SecurityHostedUser")


@_t(G, "channel-manager-webhook-secret-log")
def _():
    sec = "whk_" + _an(32)
    return ("%s WARN  webhook.verify - signature mismatch for property 4411; expected HMAC with secret=%s got header X-CM-Signature=%s" % (_ts(), sec, _hex(64)), sec, "webhook.verify - signature mismatch")


@_t(G, "stripe-webhook-secret-error-log")
def _():
    sec = "whsec_" + _an(32)
    return ("stripe.error.SignatureVerificationError: No signatures found matching the expected signature for payload\n  endpoint_secret in use: %s (from settings.STRIPE_WEBHOOK_SECRET)" % sec, sec, "SignatureVerificationError")


@_t(G, "custom-log-broker-url")
def _():
    pw = _pw(_URLSYM)
    return ("[%s: INFO/MainProcess] repricing worker connecting to broker amqp://repricer:%s@mq.ops.internal:5672/fares" % (_ts(), pw), pw, "repricing worker connecting to broker")


@_t(G, "docker-compose-up-env-echo")
def _():
    pw = _pw()
    return ("ibe-db-1   | 2024-%02d-%02d 07:00:01+00:00 [Note] [Entrypoint]: Entrypoint script for MySQL Server 8.0 started.\nibe-db-1   | MYSQL_ROOT_PASSWORD=%s\nibe-db-1   | [Note] [Entrypoint]: Creating database booking_engine" % (_R.randint(1, 12), _R.randint(1, 28), pw), pw, "Creating database booking_engine")


@_t(G, "php-stack-pdo-constructor-args")
def _():
    pw = _pw("!#%*+-_.=~^@")
    return ("PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/booking/lib/Db.php:14\nStack trace:\n#0 /var/www/booking/lib/Db.php(14): PDO->__construct('mysql:host=book...', 'wp_booking', '%s')\n#1 /var/www/booking/index.php(9): Db::connect()" % pw, pw, "/var/www/booking/lib/Db.php:14")


@_t(G, "rails-log-unfiltered-params")
def _():
    pw = _pw(_JS)
    return ('Started POST "/agents/sign_in" for 10.1.4.%d at %s\nProcessing by Agents::SessionsController#create as HTML\n  Parameters: {"agent"=>{"email"=>"%s@%s", "password"=>"%s"}, "commit"=>"Log in"}' % (_R.randint(2, 250), _date(), _who()[1], _p(_DOMS), pw), pw, "Agents::SessionsController#create")


@_t(G, "django-debug-settings-excerpt")
def _():
    k = _an(32)
    return ("Request Method:\tGET\nRequest URL:\thttps://book.%s/search/?from=LIS&to=FNC\nDjango Version:\t4.2.7\nException Type:\tKeyError\nSettings:\nAMADEUS_API_KEY = '%s'\nAMADEUS_API_SECRET = '********************'" % (_p(_DOMS), k), k, "Exception Type:\tKeyError")


@_t(G, "spring-actuator-env-json")
def _():
    pw = _pw(_JS)
    return ('{"name":"applicationConfig: [classpath:/application-prod.yml]","properties":{"spring.datasource.url":{"value":"jdbc:postgresql://miles-db/miles"},"spring.datasource.password":{"value":"%s"}}}' % pw, pw, "applicationConfig: [classpath:/application-prod.yml]")


@_t(G, "dotnet-exception-connection-string")
def _():
    pw = _pw("!#%*+-_.~^@")
    return ("System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'dcs_app'.\n   at DcsBridge.Data.Repo..ctor(String cs) ConnectionString='Server=dcs-sql01;Database=Departure;User Id=dcs_app;Password=%s;'" % pw, pw, "Login failed for user 'dcs_app'")


@_t(G, "airflow-task-log-connection-uri")
def _():
    pw = _pw(_URLSYM)
    return ("[%s] {base.py:73} INFO - Using connection ID 'bsp_sftp' for task execution.\n[%s] {bsp_ingest.py:41} INFO - conn uri = sftp://ag%s:%s@sftp.bsp-link.example:22" % (_ts(), _ts(), _dig(7), pw), pw, "Using connection ID 'bsp_sftp'")


@_t(G, "terraform-crash-log-provider-config")
def _():
    pw = _pw(_JS)
    return ("2024-%02d-%02dT10:12:44.118Z [DEBUG] provider.terraform-provider-mysql: configuring: endpoint=chanmgr-db:3306 username=tf_admin password=%s tls=true" % (_R.randint(1, 12), _R.randint(1, 28), pw), pw, "provider.terraform-provider-mysql")


@_t(G, "ansible-vvv-module-args")
def _():
    pw = _pw(_JS)
    return ('<pms-lis-01> EXEC /bin/sh -c \'/usr/bin/python3 /tmp/ansible-tmp/AnsiballZ_mysql_user.py\'\nok: [pms-lis-01] => {"changed": false, "invocation": {"module_args": {"name": "pms", "password": "%s", "priv": "hotel_inventory.*:ALL"}}}' % pw, pw, "AnsiballZ_mysql_user.py")


@_t(G, "lambda-log-event-authorization")
def _():
    tok = "lp_" + _b64u(30)
    return ('START RequestId: %s Version: $LATEST\nINFO event={"path": "/loyalty/accrual", "headers": {"authorization": "Bearer %s", "user-agent": "okhttp/4.12.0"}}' % (_uuid(), tok), tok, "/loyalty/accrual")


@_t(G, "kafka-connect-config-log")
def _():
    pw = _pw()
    return ("[%s] INFO JdbcSourceTaskConfig values:\n\tconnection.url = jdbc:postgresql://fares-db:5432/fares\n\tconnection.user = kafka_connect\n\tconnection.password = %s\n\tmode = timestamp" % (_ts(), pw), pw, "JdbcSourceTaskConfig values")


@_t(G, "logstash-jdbc-error-log")
def _():
    pw = _pw()
    return ("[ERROR][logstash.inputs.jdbc] Unable to connect to database. Tried 1 times {:message=>\"Java::ComMysqlCjJdbcExceptions::CommunicationsException\", :jdbc_user=>\"logstash_ro\", :jdbc_password=>\"%s\"}" % pw, pw, "logstash.inputs.jdbc")


@_t(G, "cron-mail-output-command")
def _():
    pw = _pw(_UNQ)
    return ("From: root@bsp-batch (Cron Daemon)\nSubject: Cron <bsp@bsp-batch> /opt/bsp/bin/fetch_hot --user ag%s --pass %s\n\ncurl: (67) Access denied: 530" % (_dig(7), pw), pw, "Cron Daemon")


@_t(G, "bash-x-trace-export")
def _():
    tok = "hvs." + _c(_AN + "_-", 90)
    return ("+ source ./ci/env.sh\n++ export VAULT_ADDR=https://vault.ops.internal:8200\n++ VAULT_ADDR=https://vault.ops.internal:8200\n++ export VAULT_TOKEN=%s\n+ vault kv get -field=password secret/gds/sabre" % tok, tok, "VAULT_ADDR=https://vault.ops.internal:8200")


@_t(G, "k8s-crashloop-log-dsn")
def _():
    pw = _pw(_URLSYM)
    return ('$ kubectl logs booking-api-6d4b9c-k7p2n --previous\n{"level":"fatal","msg":"db init failed","dsn":"postgres://booking:%s@booking-db.booking.svc:5432/booking","error":"password authentication failed"}' % pw, pw, "booking-api-6d4b9c-k7p2n")


@_t(G, "sentry-breadcrumb-cookie")
def _():
    ck = _b64u(40)
    return ('{"category":"xhr","data":{"method":"POST","url":"/api/checkout/confirm","status_code":502},"request":{"headers":{"Cookie":"ibe_sess=%s; cur=EUR"}}}' % ck, ck, "/api/checkout/confirm")


@_t(G, "websocket-url-token-log")
def _():
    tok = _b64u(32)
    return ("%s INFO ops-dash ws connect wss://flightwatch.%s/stream?token=%s&fleet=A320" % (_ts(), _p(_DOMS), tok), tok, "fleet=A320")


@_t(G, "iis-log-uri-query-password")
def _():
    pw = _pw("!*-_.~")
    return ("#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query sc-status\n%s 09:41:07 10.2.0.14 GET /legacy/agent/login.aspx user=AG%s&password=%s&lang=es 302" % (_date(), _dig(5), pw), pw, "/legacy/agent/login.aspx")


@_t(G, "audit-log-temp-password-set")
def _():
    pw = _pw()
    return ("%s AUDIT crew-portal admin=%s action=RESET_PASSWORD target=crew:%s temp_password=%s must_change=true" % (_ts(), _who()[1], _dig(5), pw), pw, "action=RESET_PASSWORD")


@_t(G, "python-log-redis-url")
def _():
    pw = _an(32)
    return ("INFO:fares.cache:connecting redis url=rediss://default:%s@fare-cache.ops.internal:6380/1" % pw, pw, "INFO:fares.cache")


@_t(G, "jvm-system-properties-keystore")
def _():
    pw = _pw()
    return ("JVM system properties at startup:\n  java.version=17.0.9\n  javax.net.ssl.keyStore=/etc/sabre/sws.p12\n  javax.net.ssl.keyStorePassword=%s\n  user.timezone=UTC" % pw, pw, "javax.net.ssl.keyStore=/etc/sabre/sws.p12")


@_t(G, "epr-signin-log")
def _():
    pw = _pw()
    return ("%s sabre-session INFO SessionCreate ok pcc=%s epr=%s pwd=%s conv=%s" % (_ts(), _pcc(), _dig(4), pw, _uuid()), pw, "SessionCreate ok")


@_t(G, "loyalty-token-issued-log")
def _():
    tok = "mtk_" + _an(40)
    return ("%s INFO loyalty-api member token issued member=%s tier=GOLD token=%s ttl=3600" % (_ts(), _dig(9), tok), tok, "member token issued")


@_t(G, "authorize-net-request-xml-log")
def _():
    tk = _an(16)
    return ("DEBUG AuthNetClient request: <createTransactionRequest><merchantAuthentication><name>%s</name><transactionKey>%s</transactionKey></merchantAuthentication>" % (_an(10), tk), tk, "AuthNetClient request")


@_t(G, "cybersource-http-signature-log")
def _():
    sec = _b64(32)
    return ("TRACE cybs.auth - building HTTP signature keyid=%s shared_secret=%s merchant=azura_%s" % (_uuid(), sec, _dig(4)), sec, "building HTTP signature")


@_t(G, "worldpay-xml-basic-header-log")
def _():
    b = _basic(_uan(12), _pw())
    return ("[worldpay] POST https://secure.worldpay.example/jsp/merchant/xml/paymentService.jsp\n[worldpay] headers: Content-Type=text/xml; Authorization=Basic %s" % b, b, "paymentService.jsp")


@_t(G, "mqtt-client-connect-log")
def _():
    pw = _pw()
    return ("gate-agent[%d]: MQTT connect(host=gate-mqtt, client_id=gate-B%d, u=gate-sensor, pw=%s) -> rc=0" % (_R.randint(100, 999), _R.randint(1, 40), pw), pw, "client_id=gate-B")


@_t(G, "notam-token-refresh-log")
def _():
    tok = _an(48)
    return ("%s flightops.notam INFO refreshed feed token: %s (expires in 86400s)" % (_ts(), tok), tok, "flightops.notam")


@_t(G, "mobile-crash-bearer-in-url")
def _():
    tok = _b64u(30)
    return ("Fatal Exception: java.io.IOException: unexpected end of stream on https://crew-api.%s/roster/v2/me?access_token=%s\n    at okhttp3.internal.http1.Http1ExchangeCodec.readResponseHeaders" % (_p(_DOMS), tok), tok, "Http1ExchangeCodec.readResponseHeaders")


@_t(G, "scraper-log-proxy-credentials")
def _():
    pw = _lan(14)
    return ("2024-%02d-%02d 03:12:55 [farehawk.middleware] WARNING retry 2/5 via proxy http://cust-fh_%s-country-pt:%s@gate.residential-proxy.example:7777" % (_R.randint(1, 12), _R.randint(1, 28), _lan(6), pw), pw, "farehawk.middleware")


@_t(G, "otel-span-authorization-attribute")
def _():
    tok = _b64u(36)
    return ('span booking-api POST /v1/orders attributes={"http.method":"POST","http.request.header.authorization":["Bearer %s"],"http.status_code":201}' % tok, tok, "span booking-api POST /v1/orders")


@_t(G, "postgres-log-alter-role-statement")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("%s UTC [%d] postgres@crew LOG:  statement: ALTER ROLE crewrost PASSWORD '%s';" % (_date() + " 03:00:02.114", _R.randint(1000, 99999), pw), pw, "postgres@crew LOG")


@_t(G, "mysql-general-log-create-user")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("%sT11:20:31.441Z\t   42 Query\tCREATE USER 'ota_feed'@'%%' IDENTIFIED BY '%s'" % (_date(), pw), pw, "CREATE USER 'ota_feed'")


@_t(G, "redis-monitor-auth")
def _():
    pw = _an(32)
    return ('1718000000.123456 [0 10.20.3.4:51234] "AUTH" "%s"\n1718000000.124001 [0 10.20.3.4:51234] "GET" "fares:LIS-MAD:2024-07-01"' % pw, pw, '"GET" "fares:LIS-MAD:2024-07-01"')


@_t(G, "mongodb-driver-log-uri")
def _():
    pw = _pw(_URLSYM)
    return ("MongoServerSelectionError: connection timed out\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)\n  uri: 'mongodb://loyalty_api:%s@mongo-0.loyalty:27017,mongo-1.loyalty:27017/?replicaSet=rs0'" % pw, pw, "MongoServerSelectionError")


@_t(G, "envoy-access-log-header")
def _():
    k = _an(32)
    return ('[%s] "GET /rates/v2/HRV?from=2024-08-01 HTTP/2" 200 - 0 4412 38 "%s" "x-api-key=%s" "ratesync"' % (_ts(), _uuid(), k), k, "/rates/v2/HRV")


@_t(G, "winston-json-log-apikey")
def _():
    k = "cmx_live_" + _lan(40)
    return ('{"level":"error","message":"channel push failed","service":"chanmgr","meta":{"propertyId":%d,"apiKey":"%s","status":401}}' % (_R.randint(1000, 9999), k), k, '"message":"channel push failed"')


@_t(G, "js-console-error-fetch-key")
def _():
    k = "AIza" + _c(_AN + "-_", 35)
    return ("GET https://maps.googleapis.com/maps/api/place/details/json?place_id=ChIJ%s&key=%s 403 (Forbidden)\nUncaught (in promise) Error: REQUEST_DENIED" % (_an(23), k), k, "REQUEST_DENIED")


@_t(G, "hotelbeds-soap-dump-log")
def _():
    sec = _an(10)
    return ("DEBUG hb.client signing request apiKey=%s secret=%s ts=%d sig=%s" % (_hex(32), sec, _R.randint(1717000000, 1740000000), _hex(64)), sec, "hb.client signing request")


@_t(G, "gunicorn-access-log-cookie")
def _():
    ck = _an(32)
    return ('10.0.3.%d - - [%s] "GET /agent/queues HTTP/1.1" 200 1822 "-" "Mozilla/5.0" cookie="sessionid=%s; csrftoken=%s"' % (_R.randint(2, 250), _date(), ck, _an(32)), ck, "/agent/queues")


@_t(G, "pagerduty-log-routing-key")
def _():
    k = _hex(32)
    return ("%s irops-notifier ERROR PD enqueue failed 400 routing_key=%s summary='AOG CS-%s at %s'" % (_ts(), k, _c(_UP, 3), _p(_APT)), k, "PD enqueue failed")


@_t(G, "ldap-bind-debug-log")
def _():
    pw = _pw()
    return ("ldap3 DEBUG:BASIC:instantiated Connection: <ldaps://ldap.aero.internal:636 - ssl - user: cn=svc-crewportal,ou=service - bind password: %s - not lazy - unbound>" % pw, pw, "cn=svc-crewportal,ou=service")


@_t(G, "hotel-pms-interface-log-password")
def _():
    pw = _pw()
    return ("[FIAS] %s LS|DA%s|TI%s|\n[FIAS] link auth user=IFC8 pass=%s result=OK\n[FIAS] GI|RN%d|G#%d|GNSMITH|" % (_ts(), _R.randint(100000, 999999), _R.randint(100000, 999999), pw, _R.randint(100, 999), _R.randint(10000, 99999)), pw, "link auth user=IFC8")


@_t(G, "graphql-error-variables-log")
def _():
    pw = _pw(_JS)
    return ('GraphQLError: Invalid credentials\n  operation: LoginAgent\n  variables: {"email":"%s@%s","password":"%s"}\n  path: ["loginAgent"]' % (_who()[1], _p(_DOMS), pw), pw, "operation: LoginAgent")


@_t(G, "syslog-vpn-psk-debug")
def _():
    s = _an(28)
    return ("charon: 09[CFG] loaded IKE shared key with id 'ike-arinc' for: '198.51.100.7', '203.0.113.9'\ncharon: 09[CFG] DEBUG secret=%s" % s, s, "loaded IKE shared key")


# ---------------------------------------------------------------------------
# group: note-or-chat
# ---------------------------------------------------------------------------
G = "note-or-chat"


@_t(G, "slack-handover-password-en")
def _():
    pw = _pw(); a, b = _who(), _who()
    return ("[09:14] %s: handing over the Sabre CERT session stuff before my leave\n[09:14] %s: EPR %s, PCC %s, password is %s\n[09:15] %s: got it, thanks! will rotate after go-live" % (a[0], a[0], _dig(4), _pcc(), pw, b[0]), pw, "Sabre CERT session")


@_t(G, "teams-message-es-contrasena")
def _():
    pw = _pw(); a = _who()
    return ("%s: Buenas, la contraseña del extranet de Booking.com para el Harborview es %s (usuario: revenue.lisboa). No la cambiéis, la usa también el channel manager." % (a[0], pw), pw, "usuario: revenue.lisboa")


@_t(G, "note-fr-mot-de-passe")
def _():
    pw = _pw()
    return ("Note de passation - Alpenrose Zermatt\n- accès PMS Opera : utilisateur NIGHTAUDIT, mot de passe : %s\n- l'audit de nuit tourne à 02h00 heure locale" % pw, pw, "utilisateur NIGHTAUDIT")


@_t(G, "chat-de-passwort")
def _():
    pw = _pw(); a = _who()
    return ("%s: Das Passwort für den Crew-Portal-Testuser (crew_test_07) lautet %s - bitte nicht in Jira posten 🙏" % (a[0], pw), pw, "crew_test_07")


@_t(G, "whatsapp-pt-br-senha")
def _():
    pw = _pw()
    return ("[18:02] Thiago: a senha do painel da Cloudbeds da pousada é %s\n[18:03] Camila: valeu! vou atualizar o mapeamento de quartos hoje" % pw, pw, "mapeamento de quartos")


@_t(G, "note-it-password")
def _():
    pw = _pw()
    return ("Promemoria: per il portale BSP Link l'utente è ag%s e la password è %s. Scade ogni 90 giorni, ricordarsi di rinnovarla." % (_dig(7), pw), pw, "portale BSP Link")


@_t(G, "chat-ja-password")
def _():
    pw = _pw()
    return ("田中: 旅館の予約エンジン管理画面のパスワードは %s です。ユーザー名は sakura_admin。\n佐藤: ありがとうございます、ログインできました。" % pw, pw, "ユーザー名は sakura_admin")


@_t(G, "chat-zh-mima")
def _():
    pw = _pw()
    return ("王伟：携程对接测试账号 ctrip_uat_%s，密码 %s，明天上线前记得改掉。" % (_dig(3), pw), pw, "携程对接测试账号")


@_t(G, "chat-ru-parol")
def _():
    pw = _pw()
    return ("Ольга: пароль от учётки crew_sched_admin в системе планирования экипажей — %s. Не пересылайте, пожалуйста." % pw, pw, "crew_sched_admin")


@_t(G, "note-pl-haslo")
def _():
    pw = _pw()
    return ("Notatka: hasło do serwera ACARS (użytkownik acars) to %s — zmienione po audycie w zeszłym tygodniu." % pw, pw, "użytkownik acars")


@_t(G, "chat-tr-sifre")
def _():
    pw = _pw()
    return ("Mehmet: Otelin kanal yöneticisi şifresi %s, kullanıcı adı kapadokya_rm. Yarın fiyatları güncelleyeceğim." % pw, pw, "kullanıcı adı kapadokya_rm")


@_t(G, "chat-nl-wachtwoord")
def _():
    pw = _pw()
    return ("Pieter: wachtwoord voor de loyalty-admin op acceptatie is %s, gebruiker lp_admin_acc. Graag na de demo resetten." % pw, pw, "lp_admin_acc")


@_t(G, "chat-ar-kalimat-al-murur")
def _():
    pw = _pw()
    return ("يوسف: كلمة المرور لحساب بوابة الدفع الخاصة بالوكالة هي %s واسم المستخدم agency_dxb" % pw, pw, "agency_dxb")


@_t(G, "chat-ko-bimilbeonho")
def _():
    pw = _pw()
    return ("하나: 공항 키오스크 관리자 비밀번호는 %s 입니다. 계정은 kiosk_admin_icn." % pw, pw, "kiosk_admin_icn")


@_t(G, "note-sv-losenord")
def _():
    pw = _pw()
    return ("Överlämning: lösenordet till hotellets Mews-konto (receptionen) är %s. Användare: reception@nordfjord" % pw, pw, "reception@nordfjord")


@_t(G, "chat-id-kata-sandi")
def _():
    pw = _pw()
    return ("Arjun: kata sandi untuk akun Tiket extranet hotel di Bali: %s (user: balihotel_rm)" % pw, pw, "balihotel_rm")


@_t(G, "chat-vi-mat-khau")
def _():
    pw = _pw()
    return ("Mai: mật khẩu tài khoản đại lý trên hệ thống đặt vé là %s, tên đăng nhập daily_han01" % pw, pw, "daily_han01")


@_t(G, "chat-el-kodikos")
def _():
    pw = _pw()
    return ("Νίκος: ο κωδικός για το σύστημα κρατήσεων του ξενοδοχείου στη Ρόδο είναι %s, χρήστης rhodes_fo" % pw, pw, "rhodes_fo")


@_t(G, "chat-hi-password")
def _():
    pw = _pw()
    return ("रोहन: GDS टेस्ट अकाउंट का पासवर्ड %s है, यूज़रनेम bom_agent_12" % pw, pw, "bom_agent_12")


@_t(G, "agent-running-notes-creds-slash")
def _():
    pw = _pw()
    return ("## running notes\n- uat booking engine is up again\n- creds for uat admin: ibe_admin / %s\n- next: re-run the NDC OrderCreate smoke test" % pw, pw, "NDC OrderCreate smoke test")


@_t(G, "agent-goal-with-token")
def _():
    tok = "ghp_" + _an(36)
    return ("GOAL: open a PR on skyvantage/fare-scraper fixing the Ryanair parser; user said to use token %s because the bot token is rate-limited." % tok, tok, "skyvantage/fare-scraper")


@_t(G, "decision-log-rotated-key")
def _():
    k = _hex(32)
    return ("Decision %s: rotated the Hotelbeds production key after the leak. New apiKey %s is in the prod overlay; old key revoked at 14:10 UTC." % (_date(), k), k, "revoked at 14:10 UTC")


@_t(G, "email-forward-partner-credentials")
def _():
    pw = _pw()
    return ("---------- Forwarded message ---------\nFrom: Partner Support <support@bedbank.example>\nSubject: Your XML interface credentials\n\nDear partner,\nUser: AZV_XML_%s\nPassword: %s\nEndpoint: https://xml.bedbank.example/v2" % (_dig(4), pw), pw, "Subject: Your XML interface credentials")


@_t(G, "jira-comment-credentials")
def _():
    pw = _pw()
    return ("OPS-%d comment by %s: reproduced on cert. Used agent login ops.tester2 with pw %s. The seat map call returns 500 for A321neo." % (_R.randint(1000, 9999), _who()[0], pw), pw, "seat map call returns 500")


@_t(G, "standup-note-abbrev-pw")
def _():
    pw = _pw()
    return ("standup %s\n* Lars: ARINC test link works, pw %s\n* Ingrid: crew pairing export blocked on FTL rules" % (_date(), pw), pw, "crew pairing export")


@_t(G, "onboarding-doc-temp-login")
def _():
    pw = _pw()
    return ("### Welcome to Revenue Ops\nYour temporary login for the RMS: first.last / %s - you'll be asked to change it on first sign-in." % pw, pw, "Welcome to Revenue Ops")


@_t(G, "incident-timeline-token-pasted")
def _():
    tok = "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _an(24))
    return ("INC-%d timeline\n10:02 IROPS bot stopped posting\n10:09 %s pasted current bot token %s into #ops-eng to test\n10:15 token revoked and reissued" % (_R.randint(100, 999), _who()[0], tok), tok, "IROPS bot stopped posting")


@_t(G, "creds-label-shorthand")
def _():
    pw = _pw()
    return ("creds: svc_ndc:%s (NDC sandbox, expires end of month)" % pw, pw, "NDC sandbox")


@_t(G, "unlabeled-same-as-wifi")
def _():
    pw = _phrase("-")
    return ("ssh acars@acars-gw01 works with %s (same as the hangar wifi, yes really)" % pw, pw, "acars@acars-gw01")


@_t(G, "wifi-password-lounge-note")
def _():
    pw = _pw()
    return ("Lounge %s staff Wi-Fi: SSID %s-Staff / key %s. Guest network is separate." % (_p(_APT), _p(["Skyvantage", "Brightwing", "Kestrel"]), pw), pw, "Guest network is separate")


@_t(G, "backup-codes-recovery")
def _():
    code = "%s-%s" % (_lan(4), _lan(4))
    codes = [code] + ["%s-%s" % (_lan(4), _lan(4)) for _ in range(3)]
    return ("GDS admin console recovery codes (use once each):\n%s" % "\n".join(codes), code, "GDS admin console recovery codes")


@_t(G, "totp-seed-otpauth-uri")
def _():
    s = _c("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32)
    return ("shared 2FA for the BSP Link admin (scan in the team authenticator): otpauth://totp/BSPLink:ag_admin?secret=%s&issuer=BSPLink" % s, s, "otpauth://totp/BSPLink:ag_admin")


@_t(G, "agent-memory-remember-bullet")
def _():
    pw = _pw()
    return ("MEMORY:\n- Remember: Travelport branch P%s uses user Universal API/uAPI%s with password %s.\n- User prefers small PRs." % (_dig(7), _dig(10), pw), pw, "User prefers small PRs")


@_t(G, "pr-review-comment-leaked-key")
def _():
    k = "sk_live_" + _an(24)
    return ("Review on #%d: you committed a live key in checkout/config.ts line 12 (`%s`). Please revert and rotate." % (_R.randint(100, 999), k), k, "checkout/config.ts line 12")


@_t(G, "meeting-notes-sabre-credentials")
def _():
    pw = _pw()
    return ("Meeting notes - GDS migration sync\nSabre: EPR %s / PCC %s / pwd %s\nAction: %s to request production PCC." % (_dig(4), _pcc(), pw, _who()[0]), pw, "GDS migration sync")


@_t(G, "todo-list-with-creds")
def _():
    pw = _pw()
    return ("TODO\n[ ] map room types for Coral Bay\n[x] log in to SiteMinder (cb_revenue / %s)\n[ ] close rates for Christmas" % pw, pw, "map room types for Coral Bay")


@_t(G, "scratchpad-key-value")
def _():
    k = _an(32)
    return ("scratch:\nroute=LIS-PDL\nkiwi apikey=%s\nmax_stopovers=1" % k, k, "route=LIS-PDL")


@_t(G, "note-to-self-passphrase-quoted")
def _():
    pw = _phrase(" ")
    return ('note to self: the GPG passphrase for the ATPCO fare files is "%s"' % pw, pw, "ATPCO fare files")


@_t(G, "handoff-markdown-table")
def _():
    pw = _pw()
    return ("| System | User | Password |\n|---|---|---|\n| Opera PMS (Lisboa) | NIGHTAUDIT | %s |\n| Mews (Geiranger) | SSO | - |" % pw, pw, "| System | User | Password |")


@_t(G, "teammate-pasted-curl-in-chat")
def _():
    k = _an(32)
    return ("%s: try this, works for me:\n```\ncurl -H 'apikey: %s' 'https://api.tequila.kiwi.com/v2/search?fly_from=OPO&fly_to=FNC'\n```" % (_who()[0], k), k, "fly_from=OPO")


@_t(G, "voice-transcript-password")
def _():
    pw = _phrase("-")
    return ("[call transcript] ...okay so the password for the dispatch console is %s, all lowercase with dashes, and the user is dispatch-night." % pw, pw, "user is dispatch-night")


@_t(G, "chat-he-sisma")
def _():
    pw = _pw()
    return ("אבי: הסיסמה למערכת ההזמנות של המלון באילת היא %s, משתמש eilat_fo" % pw, pw, "eilat_fo")


@_t(G, "chat-th-rahat-phan")
def _():
    pw = _pw()
    return ("สมชาย: รหัสผ่านระบบจองห้องพักโรงแรมภูเก็ตคือ %s ชื่อผู้ใช้ phuket_rm" % pw, pw, "phuket_rm")


@_t(G, "note-cs-heslo")
def _():
    pw = _pw()
    return ("Poznámka: heslo k účtu pokladny na letišti PRG je %s (uživatel prg_cashier)" % pw, pw, "prg_cashier")


@_t(G, "note-fi-salasana")
def _():
    pw = _pw()
    return ("Muistiinpano: HEL-kentän lähtöselvityksen testitunnus dcs_hel_test, salasana %s" % pw, pw, "dcs_hel_test")


@_t(G, "chat-uk-parol")
def _():
    pw = _pw()
    return ("Дмитро: пароль до адмінки програми лояльності — %s, логін loyalty_ops" % pw, pw, "логін loyalty_ops")


@_t(G, "chat-ro-parola")
def _():
    pw = _pw()
    return ("Andrei: parola pentru contul agenției în portalul companiei aeriene este %s, utilizator otp_agency_ro" % pw, pw, "otp_agency_ro")


@_t(G, "note-hu-jelszo")
def _():
    pw = _pw()
    return ("Jegyzet: a BUD repülőtéri parkolórendszer jelszava %s, felhasználó park_admin" % pw, pw, "park_admin")


@_t(G, "chat-no-passord")
def _():
    pw = _pw()
    return ("Freya: passordet til hotellets Mews-integrasjon er %s, brukernavn nordfjord_api" % pw, pw, "nordfjord_api")


@_t(G, "chat-sw-nenosiri")
def _():
    pw = _pw()
    return ("Kofi: nenosiri la akaunti ya safari bookings ni %s na jina la mtumiaji ni nbo_agent" % pw, pw, "nbo_agent")


@_t(G, "chat-ca-contrasenya")
def _():
    pw = _pw()
    return ("Jordi: la contrasenya del compte de l'hotel a l'extranet és %s (usuari bcn_recepcio)" % pw, pw, "bcn_recepcio")


@_t(G, "chat-ms-kata-laluan")
def _():
    pw = _pw()
    return ("Aisyah: kata laluan akaun ejen KUL dalam sistem tempahan ialah %s, nama pengguna kul_agent3" % pw, pw, "kul_agent3")


@_t(G, "chat-fa-ramz")
def _():
    pw = _pw()
    return ("سارا: رمز عبور پنل آژانس مسافرتی %s است و نام کاربری ika_agency" % pw, pw, "ika_agency")


@_t(G, "chat-bn-password")
def _():
    pw = _pw()
    return ("রাহুল: হোটেল বুকিং প্যানেলের পাসওয়ার্ড %s, ইউজার dac_hotel" % pw, pw, "dac_hotel")


@_t(G, "chat-tl-taglish")
def _():
    pw = _pw()
    return ("Paolo: pare yung password ng MNL agent portal ay %s, user natin mnl_agent_05. Paki-change na lang after." % pw, pw, "mnl_agent_05")


@_t(G, "chat-spanglish-mixed")
def _():
    pw = _pw()
    return ("Lucía: ok so el password del sandbox de Duffel es %s, el user es lucia@test, y please no lo commiteen 😅" % pw, pw, "sandbox de Duffel")


@_t(G, "goal-rotate-leaked-stripe-key")
def _():
    k = "sk_live_" + _an(99)
    return ("Task: rotate the Stripe key that leaked in yesterday's log bundle (%s). Then update the vault entry payments/stripe/live and redeploy checkout." % k, k, "payments/stripe/live")


@_t(G, "changelog-note-accidental-key")
def _():
    k = _hex(32)
    return ("v2.14.1 - fixed Cirium polling; temporarily hardcoded appKey %s until the secret manager ACL is fixed (revert in 2.14.2!)" % k, k, "fixed Cirium polling")


@_t(G, "ocr-post-it-transcription")
def _():
    pw = _pw()
    return ("OCR of photo from the check-in desk monitor: \"DCS login: CKIN04  pass: %s  do not share!!\"" % pw, pw, "check-in desk monitor")


@_t(G, "markdown-checklist-backticked")
def _():
    pw = _pw()
    return ("- [x] new BSP Link password set: `%s`\n- [ ] update it in the bsp-fetch cron\n- [ ] tell finance" % pw, pw, "update it in the bsp-fetch cron")


@_t(G, "chat-unlabeled-next-message")
def _():
    pw = _pw(); a = _who()
    return ("[11:40] %s: what's the login for the FlightAware account?\n[11:41] %s: ops@%s\n[11:41] %s: %s\n[11:42] %s: thx" % (a[0], _who()[0], _p(_DOMS), _who()[0], pw, a[0]), pw, "FlightAware account")


@_t(G, "chat-forwarded-api-secret")
def _():
    sec = _an(16)
    return ("FYI from Amadeus onboarding: API Key %s / API Secret %s for the self-service production app 'triploom-shopping'." % (_an(32), sec), sec, "triploom-shopping")


@_t(G, "note-door-to-server-room-plus-idrac")
def _():
    pw = _pw()
    return ("Hangar 3 comms room: the iDRAC for ops-esxi02 is root / %s (default was changed in March)." % pw, pw, "ops-esxi02")


@_t(G, "email-signature-leaked-password")
def _():
    pw = _pw()
    return ("Hi team, new reservations mailbox is set up: reservas@%s, password %s. IMAP/SMTP settings as usual.\n-- \nSofía | Pampa Viajes" % (_p(_DOMS), pw), pw, "IMAP/SMTP settings as usual")


@_t(G, "chat-de-api-schluessel")
def _():
    k = _an(32)
    return ("Jonas: Der API-Schlüssel für OAG Schedules ist %s, gilt bis Jahresende." % k, k, "OAG Schedules")


@_t(G, "chat-fr-cle-api")
def _():
    k = _an(40)
    return ("Chloé : voici la clé API du channel manager pour l'hôtel de Chamonix : %s (ne pas la mettre dans le wiki)" % k, k, "hôtel de Chamonix")


@_t(G, "chat-ja-api-key")
def _():
    k = _hex(32)
    return ("健二: 楽天トラベル連携のAPIキーは %s です。本番用なので取り扱い注意。" % k, k, "楽天トラベル連携")


@_t(G, "chat-es-token-acceso")
def _():
    tok = _b64u(32)
    return ("Diego: el token de acceso para la API de la aerolínea (entorno de certificación) es %s, caduca el viernes." % tok, tok, "entorno de certificación")

# ---------------------------------------------------------------------------
# group: ci-and-deploy
# ---------------------------------------------------------------------------
G = "ci-and-deploy"


@_t(G, "github-actions-env-literal")
def _():
    sec = _an(16)
    return ("jobs:\n  smoke:\n    runs-on: ubuntu-latest\n    env:\n      AMADEUS_CLIENT_ID: %s\n      AMADEUS_CLIENT_SECRET: %s\n    steps:\n      - run: pytest tests/smoke -k flight_offers" % (_an(32), sec), sec, "pytest tests/smoke -k flight_offers")


@_t(G, "gitlab-ci-variables-literal")
def _():
    pw = _pw()
    return ("variables:\n  POSTGRES_DB: crew\n  POSTGRES_USER: crewrost\n  POSTGRES_PASSWORD: \"%s\"\n\ntest:\n  services: [postgres:15]\n  script: make test" % pw, pw, "POSTGRES_USER: crewrost")


@_t(G, "jenkinsfile-withenv-literal")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("stage('Deploy PMS bridge') {\n  steps {\n    withEnv(['PMS_DB_PASSWORD=%s', 'PMS_DB_USER=pms']) {\n      sh './deploy.sh pms-lis'\n    }\n  }\n}" % pw, pw, "stage('Deploy PMS bridge')")


@_t(G, "circleci-environment-block")
def _():
    k = _an(32)
    return ("jobs:\n  scrape-nightly:\n    docker:\n      - image: cimg/python:3.11\n    environment:\n      TEQUILA_API_KEY: %s\n    steps:\n      - checkout\n      - run: python -m farehawk.nightly" % k, k, "python -m farehawk.nightly")


@_t(G, "bitbucket-pipelines-script-export")
def _():
    tok = _an(40)
    return ("pipelines:\n  branches:\n    main:\n      - step:\n          name: deploy channel sync\n          script:\n            - export CM_API_TOKEN=%s\n            - ./scripts/deploy.sh" % tok, tok, "name: deploy channel sync")


@_t(G, "azure-pipelines-variables")
def _():
    pw = _pw()
    return ("variables:\n  buildConfiguration: Release\n  dcsSqlPassword: '%s'\n\nsteps:\n- task: DotNetCoreCLI@2\n  inputs:\n    command: test" % pw, pw, "task: DotNetCoreCLI@2")


@_t(G, "travis-env-global")
def _():
    k = _hex(32)
    return ("language: node_js\nnode_js: 18\nenv:\n  global:\n    - AVIATIONSTACK_KEY=%s\nscript: npm test" % k, k, "language: node_js")


@_t(G, "drone-yml-environment")
def _():
    pw = _pw()
    return ("kind: pipeline\nname: loyalty\nsteps:\n- name: migrate\n  image: flyway/flyway:10\n  environment:\n    FLYWAY_PASSWORD: %s\n  commands: [flyway migrate]" % pw, pw, "image: flyway/flyway:10")


@_t(G, "buildkite-pipeline-env")
def _():
    tok = "hvs." + _c(_AN + "_-", 90)
    return ("env:\n  VAULT_ADDR: https://vault.ops.internal:8200\n  VAULT_TOKEN: %s\nsteps:\n  - label: ':airplane: deploy roster'\n    command: make deploy-roster" % tok, tok, "make deploy-roster")


@_t(G, "argo-workflow-parameter-value")
def _():
    pw = _pw()
    return ("arguments:\n  parameters:\n  - name: bsp-user\n    value: ag%s\n  - name: bsp-password\n    value: %s\n  - name: period\n    value: \"%s\"" % (_dig(7), pw, _date()[:7]), pw, "name: bsp-password")


@_t(G, "argocd-repository-secret")
def _():
    tok = "glpat-" + _c(_AN + "-_", 20)
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-ops-manifests\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://gitlab.ops.internal/ops/manifests.git\n  username: argocd\n  password: %s" % tok, tok, "argocd.argoproj.io/secret-type: repository")


@_t(G, "kustomize-secret-generator-literals")
def _():
    pw = _pw()
    return ("secretGenerator:\n- name: opera-bridge\n  literals:\n  - OPERA_USER=OPERA_INT\n  - OPERA_PASSWORD=%s\ngeneratorOptions:\n  disableNameSuffixHash: true" % pw, pw, "disableNameSuffixHash: true")


@_t(G, "helmfile-inline-values")
def _():
    sec = _b64(24)
    return ("releases:\n  - name: ndc-gateway\n    chart: ./charts/ndc-gateway\n    values:\n      - airline: %s\n        signingSecret: %s" % (_p(_AIRL), sec), sec, "chart: ./charts/ndc-gateway")


@_t(G, "ci-log-docker-build-arg")
def _():
    tok = "npm_" + _an(36)
    return ("#7 [build 3/6] RUN --mount=type=cache echo building with NPM_TOKEN=%s\n#7 0.312 building\n#8 [build 4/6] RUN npm ci" % tok, tok, "[build 4/6] RUN npm ci")


@_t(G, "ci-log-echo-unmasked-secret")
def _():
    pw = _pw()
    return ("$ echo \"debug: BSP_PASS=$BSP_PASS\"\ndebug: BSP_PASS=%s\n$ ./fetch_hot.sh\nJob succeeded" % pw, pw, "./fetch_hot.sh")


@_t(G, "github-actions-run-curl-u")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("      - name: Notify loyalty partner\n        run: |\n          curl -fsS -u 'azura:%s' -X POST https://partner.points.example/hooks/deploy" % pw, pw, "Notify loyalty partner")


@_t(G, "ansible-inventory-host-vars")
def _():
    pw = _pw()
    return ("[acars_gateways]\nacars-gw01 ansible_host=10.30.1.11 ansible_user=acars ansible_password=%s\nacars-gw02 ansible_host=10.30.1.12" % pw, pw, "[acars_gateways]")


@_t(G, "serverless-yml-environment")
def _():
    k = "SG.%s.%s" % (_c(_AN + "-_", 22), _c(_AN + "-_", 43))
    return ("service: booking-notifications\nprovider:\n  name: aws\n  runtime: nodejs18.x\n  environment:\n    SENDGRID_API_KEY: %s\n    FROM_EMAIL: no-reply@azura-vacations.example" % k, k, "service: booking-notifications")


@_t(G, "sam-template-parameter-default")
def _():
    pw = _pw()
    return ("Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true\n    Default: %s\nResources:\n  FareLambda:\n    Type: AWS::Serverless::Function" % pw, pw, "AWS::Serverless::Function")


@_t(G, "cloudformation-master-user-password")
def _():
    pw = _pw()
    return ('"LoyaltyDb": {\n  "Type": "AWS::RDS::DBInstance",\n  "Properties": {\n    "MasterUsername": "loyalty",\n    "MasterUserPassword": "%s",\n    "Engine": "postgres"\n  }\n}' % pw, pw, "AWS::RDS::DBInstance")


@_t(G, "k8s-deployment-env-value")
def _():
    k = _an(32)
    return ("        env:\n        - name: FLIGHTAWARE_API_KEY\n          value: \"%s\"\n        - name: POLL_SECONDS\n          value: \"60\"" % k, k, "name: POLL_SECONDS")


@_t(G, "docker-compose-prod-env")
def _():
    pw = _pw()
    return ("# deploy/docker-compose.prod.yml\n  rms:\n    image: registry.ops.internal/rms:%s\n    environment:\n      RMS_DB_URL: postgresql://rms@rms-db/rms\n      RMS_DB_PASSWORD: %s" % ("4.%d.%d" % (_R.randint(0, 9), _R.randint(0, 9)), pw), pw, "deploy/docker-compose.prod.yml")


@_t(G, "heroku-app-json-env-value")
def _():
    tok = "duffel_test_" + _c(_AN + "-_", 43)
    return ('{\n  "name": "triploom-review-app",\n  "env": {\n    "DUFFEL_ACCESS_TOKEN": { "value": "%s" },\n    "NODE_ENV": { "value": "staging" }\n  }\n}' % tok, tok, "triploom-review-app")


@_t(G, "netlify-toml-context-env")
def _():
    k = "pk_live_" + _an(24)
    sk = "sk_live_" + _an(24)
    return ('[context.production.environment]\n  STRIPE_PUBLISHABLE_KEY = "%s"\n  STRIPE_SECRET_KEY = "%s"\n  SITE = "azura-vacations"' % (k, sk), sk, "[context.production.environment]")


@_t(G, "vercel-env-pull-output")
def _():
    k = _an(40)
    return ("$ vercel env pull .env.production.local\n> Downloading `production` Environment Variables for skyvantage/deals-web\n$ cat .env.production.local\nDEALS_API_SECRET=\"%s\"\nNEXT_PUBLIC_SITE=\"deals\"" % k, k, "skyvantage/deals-web")


@_t(G, "capistrano-deploy-rb-set")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("set :application, 'hotel-site'\nset :repo_url, 'git@github.com:harborview/hotel-site.git'\nset :default_env, { 'BOOKING_DB_PASSWORD' => '%s' }" % pw, pw, "harborview/hotel-site.git")


@_t(G, "fabfile-connect-kwargs")
def _():
    pw = _pw(_JS)
    return ('c = Connection("deploy@wx-ingest01", connect_kwargs={"password": "%s"})\nc.run("systemctl restart metar-poller")' % pw, pw, "deploy@wx-ingest01")


@_t(G, "octopus-variables-json")
def _():
    pw = _pw()
    return ('{"Variables": [{"Name": "Dcs.Sql.Password", "Value": "%s", "IsSensitive": false, "Scope": {"Environment": ["Production"]}}]}' % pw, pw, '"Dcs.Sql.Password"')


@_t(G, "spinnaker-pipeline-trigger-secret")
def _():
    sec = _an(32)
    return ('{"triggers": [{"type": "webhook", "source": "rms-release", "payloadConstraints": {"secret": "%s"}, "enabled": true}]}' % sec, sec, '"source": "rms-release"')


@_t(G, "teamcity-build-parameter")
def _():
    pw = _pw(_XML)
    return ('<param name="env.ARTIFACTORY_PASSWORD" value="%s" />\n<param name="env.ARTIFACTORY_USER" value="crew-app-ci" />' % pw, pw, 'value="crew-app-ci"')


@_t(G, "workflow-dispatch-default-input")
def _():
    tok = _an(40)
    return ("on:\n  workflow_dispatch:\n    inputs:\n      cm_token:\n        description: channel manager token\n        default: %s\n      property:\n        default: HRV-LIS-01" % tok, tok, "description: channel manager token")


@_t(G, "github-actions-service-container-password")
def _():
    pw = _pw()
    return ("    services:\n      mysql:\n        image: mysql:8.0\n        env:\n          MYSQL_ROOT_PASSWORD: %s\n          MYSQL_DATABASE: booking_engine\n        ports: ['3306:3306']" % pw, pw, "image: mysql:8.0")


@_t(G, "gitlab-ci-services-alias-password")
def _():
    pw = _pw()
    return ("integration:\n  services:\n    - name: rabbitmq:3-management\n      alias: mq\n  variables:\n    RABBITMQ_DEFAULT_USER: acars\n    RABBITMQ_DEFAULT_PASS: %s" % pw, pw, "rabbitmq:3-management")


@_t(G, "jenkins-job-config-password-param")
def _():
    pw = _pw(_XML)
    return ("<hudson.model.StringParameterDefinition>\n  <name>SABRE_PASSWORD</name>\n  <defaultValue>%s</defaultValue>\n</hudson.model.StringParameterDefinition>" % pw, pw, "<name>SABRE_PASSWORD</name>")


@_t(G, "tekton-pipelinerun-param")
def _():
    tok = "dckr_pat_" + _c(_AN + "-_", 27)
    return ("  params:\n  - name: image\n    value: triploom/search-api\n  - name: registry-token\n    value: %s" % tok, tok, "triploom/search-api")


@_t(G, "flux-helmrelease-values")
def _():
    pw = _pw()
    return ("kind: HelmRelease\nmetadata:\n  name: keycloak\nspec:\n  values:\n    auth:\n      adminUser: admin\n      adminPassword: %s" % pw, pw, "name: keycloak")


@_t(G, "ci-deploy-sshpass-step")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("deploy_pms:\n  stage: deploy\n  script:\n    - sshpass -p '%s' rsync -az dist/ deploy@pms-lis-01:/opt/pms-bridge/" % pw, pw, "deploy@pms-lis-01:/opt/pms-bridge/")


@_t(G, "ci-npm-publish-inline-token")
def _():
    tok = "npm_" + _an(36)
    return ("      - run: echo \"//registry.npmjs.org/:_authToken=%s\" > ~/.npmrc && npm publish" % tok, tok, "npm publish")


@_t(G, "twine-upload-p-token")
def _():
    tok = "pypi-AgEIcHlwaS5vcmc" + _c(_AN + "-_", 120)
    return ("    - twine upload -u __token__ -p %s dist/*" % tok, tok, "twine upload -u __token__")


@_t(G, "ci-docker-login-step")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("  before_script:\n    - docker login -u ci-pusher -p '%s' harbor.ops.internal" % pw, pw, "harbor.ops.internal")


@_t(G, "codedeploy-hook-script")
def _():
    pw = _pw(_SQ.replace("'", ""))
    return ("#!/bin/bash\n# scripts/after_install.sh (CodeDeploy AfterInstall)\nmysql -u booking -p'%s' booking_engine < /opt/ibe/sql/seed.sql" % pw, pw, "scripts/after_install.sh")


@_t(G, "nomad-job-template-env")
def _():
    pw = _pw()
    return ('task "acars-ingest" {\n  driver = "docker"\n  env {\n    AMQP_USER = "acars"\n    AMQP_PASS = "%s"\n  }\n}' % pw, pw, 'task "acars-ingest"')


@_t(G, "ecs-task-definition-environment")
def _():
    k = _an(32)
    return ('"containerDefinitions": [{\n  "name": "fare-poller",\n  "environment": [\n    {"name": "TEQUILA_API_KEY", "value": "%s"},\n    {"name": "REGION", "value": "eu"}\n  ]\n}]' % k, k, '"name": "fare-poller"')


@_t(G, "cloud-run-service-env")
def _():
    sec = _an(32)
    return ("spec:\n  template:\n    spec:\n      containers:\n      - image: europe-docker.pkg.dev/ops/flight-status:latest\n        env:\n        - name: CIRIUM_APP_KEY\n          value: %s" % sec, sec, "flight-status:latest")


@_t(G, "app-engine-app-yaml-env")
def _():
    k = _an(40)
    return ("runtime: python311\nenv_variables:\n  RAPID_API_KEY: '%s'\n  RAPID_SHARED_SECRET: 'see-secret-manager'" % k, k, "runtime: python311")


@_t(G, "render-yaml-envvars")
def _():
    pw = _pw()
    return ("services:\n  - type: web\n    name: pampa-viajes-api\n    envVars:\n      - key: DB_PASSWORD\n        value: %s" % pw, pw, "name: pampa-viajes-api")


@_t(G, "fly-toml-env-section")
def _():
    sec = _an(10)
    return ("app = \"coralbay-search\"\n[env]\n  HOTELBEDS_ENV = \"live\"\n  HOTELBEDS_SECRET = \"%s\"" % sec, sec, "app = \"coralbay-search\"")


@_t(G, "pulumi-stack-plaintext-config")
def _():
    pw = _pw()
    return ("config:\n  aws:region: eu-west-1\n  booking:dbUser: booking\n  booking:dbPassword: %s" % pw, pw, "booking:dbUser: booking")


@_t(G, "awx-survey-default")
def _():
    pw = _pw()
    return ('{"spec": [{"question_name": "PMS DB password", "variable": "pms_db_password", "type": "text", "default": "%s"}]}' % pw, pw, '"variable": "pms_db_password"')


@_t(G, "rundeck-job-option-default")
def _():
    pw = _pw()
    return ("- name: rotate-bsp-files\n  options:\n  - name: bsp_password\n    value: %s\n    required: true\n  sequence:\n    commands:\n    - exec: /opt/bsp/bin/rotate.sh" % pw, pw, "/opt/bsp/bin/rotate.sh")


@_t(G, "github-actions-matrix-token")
def _():
    tok = _an(40)
    return ("    strategy:\n      matrix:\n        include:\n          - property: HRV-LIS-01\n            cm_token: %s\n    steps:\n      - run: ./push-rates.sh ${{ matrix.property }}" % tok, tok, "./push-rates.sh")


@_t(G, "gitlab-trigger-token-curl")
def _():
    tok = "glptt-" + _hex(40)
    return ("curl -X POST --fail -F token=%s -F ref=main https://gitlab.ops.internal/api/v4/projects/%d/trigger/pipeline" % (tok, _R.randint(10, 999)), tok, "/trigger/pipeline")


@_t(G, "ci-notify-slack-webhook-step")
def _():
    s = _an(24)
    return ("      - name: notify\n        if: failure()\n        run: curl -X POST -d '{\"text\":\"roster deploy failed\"}' https://hooks.slack.com/services/T0%s/B0%s/%s" % (_uan(8), _uan(9), s), s, "roster deploy failed")


@_t(G, "teams-incoming-webhook-url")
def _():
    g = _uuid()
    return ("notify:\n  teams: https://aerolineanorte.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s/%s" % (_uuid(), _uuid(), _hex(32), g), g, "IncomingWebhook")


@_t(G, "discord-webhook-url-deploy")
def _():
    tok = _c(_AN + "-_", 68)
    return ("DEPLOY_WEBHOOK=https://discord.com/api/webhooks/%s/%s" % (_dig(18), tok), tok, "DEPLOY_WEBHOOK")


@_t(G, "ci-log-kubectl-apply-secret-printed")
def _():
    pw = _pw()
    return ("$ cat k8s/secret.yaml && kubectl apply -f k8s/secret.yaml\nstringData:\n  SITEMINDER_PASSWORD: %s\nsecret/siteminder configured" % pw, pw, "secret/siteminder configured")


@_t(G, "makefile-deploy-target-creds")
def _():
    pw = _pw(_UNQ)
    return ("deploy-crew:\n\tscp -r build/ crew@crew-portal01:/srv/www\n\tssh crew@crew-portal01 'CREW_DB_PASS=%s /srv/www/migrate.sh'" % pw, pw, "crew@crew-portal01:/srv/www")


@_t(G, "skaffold-build-args")
def _():
    tok = "ghp_" + _an(36)
    return ("build:\n  artifacts:\n  - image: ndc-gateway\n    docker:\n      buildArgs:\n        GH_TOKEN: %s" % tok, tok, "image: ndc-gateway")


@_t(G, "concourse-pipeline-params")
def _():
    pw = _pw()
    return ("- name: deploy-loyalty\n  plan:\n  - put: cf-prod\n    params:\n      manifest: loyalty/manifest.yml\n      password: %s" % pw, pw, "manifest: loyalty/manifest.yml")


@_t(G, "woodpecker-step-environment")
def _():
    tok = _an(40)
    return ("steps:\n  publish:\n    image: plugins/docker\n    environment:\n      PLUGIN_PASSWORD: %s\n      PLUGIN_REPO: registry.ops.internal/wx-ingest" % tok, tok, "PLUGIN_REPO: registry.ops.internal/wx-ingest")


@_t(G, "gocd-environment-variables")
def _():
    pw = _pw(_XML)
    return ('<environmentvariables>\n  <variable name="OPERA_DB_PASSWORD">\n    <value>%s</value>\n  </variable>\n</environmentvariables>' % pw, pw, 'name="OPERA_DB_PASSWORD"')


@_t(G, "github-actions-set-output-leak")
def _():
    tok = "ghs_" + _an(36)
    return ("Run echo \"token=$(gh auth token)\" >> $GITHUB_OUTPUT\n  echo \"token=%s\"\ntoken=%s" % (tok, tok), tok, "GITHUB_OUTPUT")


@_t(G, "deploy-log-env-diff")
def _():
    pw = _pw()
    return ("Deploying rms@4.2.0 to production\n  ~ env changed:\n    RMS_DB_PASSWORD: ******** -> %s\n  ~ replicas: 3 -> 4\nRollout complete." % pw, pw, "Deploying rms@4.2.0 to production")


@_t(G, "harness-pipeline-variable")
def _():
    k = _an(32)
    return ("  variables:\n    - name: oag_api_key\n      type: String\n      value: %s\n    - name: region\n      type: String\n      value: eu-west-1" % k, k, "name: oag_api_key")

# ---------------------------------------------------------------------------
# group: vendor-token
# ---------------------------------------------------------------------------
G = "vendor-token"

_VFRAMES = [
    lambda L, E, K, tok: "# %s\n%s=%s" % (L, E, tok),
    lambda L, E, K, tok: 'export %s="%s"   # %s' % (E, tok, L),
    lambda L, E, K, tok: "%s: new %s is %s - old one revoked this morning" % (_who()[0], L, tok),
    lambda L, E, K, tok: '{"integration": "%s", "environment": "production", "%s": "%s"}' % (L, K, tok),
    lambda L, E, K, tok: "# %s\ncredentials:\n  %s: %s\n  rotated: %s" % (L, K, tok, _date()),
    lambda L, E, K, tok: '%s = "%s"  # %s, TODO move to secret manager' % (E, tok, L),
    lambda L, E, K, tok: "[%s] rotated %s; active value %s" % (_ts(), L, tok),
    lambda L, E, K, tok: "%s\n  %s\n(pasted from the vendor dashboard by %s)" % (L, tok, _who()[0]),
    lambda L, E, K, tok: "$ %s=%s ./run-integration-tests.sh  # %s" % (E, tok, L),
]


def _vendor(fmt, label, env, key, gen):
    state = {"used": []}

    def fn():
        tok = _uniq(gen, 6)
        choices = [i for i in range(len(_VFRAMES)) if i not in state["used"]]
        i = _p(choices)
        state["used"].append(i)
        return (_VFRAMES[i](label, env, key, tok), tok, label)
    _t(G, fmt)(fn)


_vendor("github-classic-pat", "GitHub PAT for farehawk-bot", "GH_TOKEN", "token", lambda: "ghp_" + _an(36))
_vendor("github-fine-grained-pat", "GitHub fine-grained token (release automation)", "GITHUB_TOKEN", "token", lambda: "github_pat_" + _an(22) + "_" + _an(59))
_vendor("github-oauth-token", "GitHub OAuth token for the ops dashboard", "GH_OAUTH_TOKEN", "oauth_token", lambda: "gho_" + _an(36))
_vendor("github-app-installation-token", "GitHub App installation token", "GH_INSTALL_TOKEN", "token", lambda: "ghs_" + _an(36))
_vendor("gitlab-personal-access-token", "GitLab PAT (crew-pairing repo)", "GITLAB_TOKEN", "private_token", lambda: "glpat-" + _c(_AN + "-_", 20))
_vendor("gitlab-deploy-token", "GitLab deploy token for manifests", "GITLAB_DEPLOY_TOKEN", "deploy_token", lambda: "gldt-" + _c(_AN + "-_", 20))
_vendor("slack-bot-token", "Slack bot token for #irops-alerts", "SLACK_BOT_TOKEN", "bot_token", lambda: "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _an(24)))
_vendor("slack-user-token", "Slack user token (legacy exporter)", "SLACK_USER_TOKEN", "user_token", lambda: "xoxp-%s-%s-%s-%s" % (_dig(12), _dig(12), _dig(13), _hex(32)))
_vendor("slack-app-level-token", "Slack app-level token (socket mode)", "SLACK_APP_TOKEN", "app_token", lambda: "xapp-1-A%s-%s-%s" % (_uan(10), _dig(13), _hex(64)))
_vendor("stripe-live-secret-key", "Stripe live secret key (agency checkout)", "STRIPE_SECRET_KEY", "secret_key", lambda: "sk_live_" + _an(99))
_vendor("stripe-restricted-key", "Stripe restricted key for refunds", "STRIPE_RESTRICTED_KEY", "restricted_key", lambda: "rk_live_" + _an(24))
_vendor("stripe-webhook-signing-secret", "Stripe webhook signing secret", "STRIPE_WEBHOOK_SECRET", "signing_secret", lambda: "whsec_" + _an(32))
_vendor("google-maps-server-key", "Google Maps server key (hotel geocoding)", "GOOGLE_MAPS_KEY", "api_key", lambda: "AIza" + _c(_AN + "-_", 35))
_vendor("openai-project-key", "OpenAI project key for the fare-rules summariser", "OPENAI_API_KEY", "api_key", lambda: "sk-proj-" + _c(_AN + "-_", 120))
_vendor("anthropic-api-key", "Anthropic API key for the itinerary assistant", "ANTHROPIC_API_KEY", "api_key", lambda: "sk-ant-api03-" + _c(_AN + "-_", 93) + "AA")
_vendor("sendgrid-api-key", "SendGrid key for e-ticket emails", "SENDGRID_API_KEY", "api_key", lambda: "SG.%s.%s" % (_c(_AN + "-_", 22), _c(_AN + "-_", 43)))
_vendor("mailgun-private-key", "Mailgun private key (booking confirmations)", "MAILGUN_API_KEY", "api_key", lambda: "key-" + _hex(32))
_vendor("npm-automation-token", "npm automation token", "NPM_TOKEN", "authToken", lambda: "npm_" + _an(36))
_vendor("pypi-upload-token", "PyPI token for farehawk-parsers", "PYPI_TOKEN", "password", lambda: "pypi-AgEIcHlwaS5vcmc" + _c(_AN + "-_", 100))
_vendor("shopify-admin-api-token", "Shopify admin token (duty-free shop)", "SHOPIFY_ADMIN_TOKEN", "access_token", lambda: "shpat_" + _hex(32))
_vendor("square-access-token", "Square access token (airport kiosk)", "SQUARE_ACCESS_TOKEN", "access_token", lambda: "EAAA" + _c(_AN + "-_", 60))
_vendor("braintree-access-token", "Braintree production access token", "BRAINTREE_ACCESS_TOKEN", "access_token", lambda: "access_token$production$%s$%s" % (_lan(16), _hex(32)))
_vendor("adyen-hmac-key", "Adyen notification HMAC key", "ADYEN_HMAC_KEY", "hmac_key", lambda: _HEX(64))
_vendor("datadog-api-key", "Datadog API key (ops-prod)", "DD_API_KEY", "api_key", lambda: _hex(32))
_vendor("datadog-application-key", "Datadog application key for dashboards-as-code", "DD_APP_KEY", "app_key", lambda: _hex(40))
_vendor("new-relic-user-key", "New Relic user key", "NEW_RELIC_API_KEY", "api_key", lambda: "NRAK-" + _uan(27))
_vendor("sentry-user-auth-token", "Sentry auth token (release uploads)", "SENTRY_AUTH_TOKEN", "auth_token", lambda: "sntryu_" + _hex(64))
_vendor("digitalocean-token", "DigitalOcean token for the scraper droplets", "DIGITALOCEAN_TOKEN", "token", lambda: "dop_v1_" + _hex(64))
_vendor("vault-service-token", "Vault token for the GDS session broker", "VAULT_TOKEN", "token", lambda: "hvs." + _c(_AN + "_-", 90))
_vendor("terraform-cloud-token", "Terraform Cloud team token", "TFE_TOKEN", "token", lambda: "%s.atlasv1.%s" % (_an(14), _an(67)))
_vendor("atlassian-api-token", "Atlassian API token (OPS Jira bot)", "JIRA_API_TOKEN", "api_token", lambda: "ATATT3xFfGF0" + _c(_AN + "-_", 170) + "=" + _HEX(8))
_vendor("linear-api-key", "Linear API key", "LINEAR_API_KEY", "api_key", lambda: "lin_api_" + _an(40))
_vendor("notion-integration-token", "Notion integration token (runbook sync)", "NOTION_TOKEN", "token", lambda: "ntn_" + _dig(11) + _an(35))
_vendor("discord-bot-token", "Discord bot token for the deals community", "DISCORD_TOKEN", "bot_token", lambda: "%s.%s.%s" % (_b64us(_dig(18)), _c(_AN + "-_", 6), _c(_AN + "-_", 38)))
_vendor("telegram-bot-token", "Telegram bot token (crew notifications)", "TELEGRAM_BOT_TOKEN", "bot_token", lambda: "%s:AA%s" % (_dig(10), _c(_AN + "-_", 33)))
_vendor("mapbox-secret-token", "Mapbox secret token (route maps)", "MAPBOX_SECRET_TOKEN", "token", lambda: "sk.eyJ1IjoiYXp1cmEiLCJhIjoi" + _an(20) + "In0." + _c(_AN + "-_", 22))
_vendor("algolia-admin-key", "Algolia admin key (hotel search index)", "ALGOLIA_ADMIN_KEY", "admin_key", lambda: _hex(32))
_vendor("cloudflare-api-token", "Cloudflare API token (DNS edit)", "CLOUDFLARE_API_TOKEN", "api_token", lambda: _c(_AN + "-_", 40))
_vendor("okta-api-token", "Okta API token (crew SSO)", "OKTA_API_TOKEN", "api_token", lambda: "00" + _c(_AN + "-_", 40))
_vendor("hubspot-private-app-token", "HubSpot private app token", "HUBSPOT_TOKEN", "access_token", lambda: "pat-na1-" + _uuid())
_vendor("mailchimp-api-key", "Mailchimp API key (newsletter deals)", "MAILCHIMP_API_KEY", "api_key", lambda: _hex(32) + "-us" + str(_R.randint(1, 21)))
_vendor("postmark-server-token", "Postmark server token", "POSTMARK_SERVER_TOKEN", "server_token", _uuid)
_vendor("duffel-live-access-token", "Duffel live access token", "DUFFEL_ACCESS_TOKEN", "access_token", lambda: "duffel_live_" + _c(_AN + "-_", 43))
_vendor("amadeus-self-service-api-secret", "Amadeus Self-Service API secret", "AMADEUS_CLIENT_SECRET", "client_secret", lambda: _an(16))
_vendor("sabre-dev-studio-client-secret", "Sabre Dev Studio client secret", "SABRE_CLIENT_SECRET", "client_secret", lambda: _an(8) + _c("!#%+-_.", 1) + _an(3))
_vendor("travelport-json-api-client-secret", "Travelport JSON API client secret", "TRAVELPORT_CLIENT_SECRET", "client_secret", lambda: "tp_cs_" + _an(40))
_vendor("kiwi-tequila-api-key", "Kiwi Tequila API key", "TEQUILA_API_KEY", "apikey", lambda: _c(_AN + "-_", 32))
_vendor("flightaware-aeroapi-key", "FlightAware AeroAPI key", "AEROAPI_KEY", "x-apikey", lambda: _an(32))
_vendor("cirium-app-key", "Cirium appKey", "CIRIUM_APP_KEY", "appKey", lambda: _hex(32))
_vendor("oag-subscription-key", "OAG subscription key (Ocp-Apim-Subscription-Key)", "OAG_SUBSCRIPTION_KEY", "subscription_key", lambda: _hex(32))
_vendor("siteminder-pmsx-token", "SiteMinder pmsXchange token", "SITEMINDER_TOKEN", "token", lambda: "smx_live_" + _an(36))
_vendor("mews-access-token", "Mews access token (Geiranger property)", "MEWS_ACCESS_TOKEN", "AccessToken", lambda: "%s-%s" % (_HEX(32), _HEX(31)))
_vendor("checkout-com-secret-key", "Checkout.com secret key", "CKO_SECRET_KEY", "secret_key", lambda: "sk_" + _uuid())
_vendor("razorpay-key-secret", "Razorpay key secret", "RAZORPAY_KEY_SECRET", "key_secret", lambda: _an(24))
_vendor("paystack-live-secret", "Paystack live secret key", "PAYSTACK_SECRET_KEY", "secret_key", lambda: "sk_live_" + _hex(40))
_vendor("flutterwave-secret-key", "Flutterwave secret key", "FLW_SECRET_KEY", "secret_key", lambda: "FLWSECK-" + _hex(32) + "-X")
_vendor("mollie-live-api-key", "Mollie live API key", "MOLLIE_API_KEY", "api_key", lambda: "live_" + _an(30))
_vendor("authorize-net-transaction-key", "Authorize.net transaction key", "AUTHNET_TRANSACTION_KEY", "transaction_key", lambda: _an(16))
_vendor("doppler-service-token", "Doppler service token (prd config)", "DOPPLER_TOKEN", "token", lambda: "dp.st.prd." + _an(43))
_vendor("heroku-api-key", "Heroku API key", "HEROKU_API_KEY", "api_key", lambda: "HRKU-" + _c(_AN + "-_", 60))
_vendor("docker-hub-pat", "Docker Hub access token", "DOCKERHUB_TOKEN", "token", lambda: "dckr_pat_" + _c(_AN + "-_", 27))
_vendor("huggingface-token", "Hugging Face token (review classifier)", "HF_TOKEN", "token", lambda: "hf_" + _an(34))
_vendor("databricks-pat", "Databricks PAT (revenue lakehouse)", "DATABRICKS_TOKEN", "token", lambda: "dapi" + _hex(32))
_vendor("grafana-service-account-token", "Grafana service account token", "GRAFANA_TOKEN", "token", lambda: "glsa_" + _an(32) + "_" + _hex(8))
_vendor("points-partner-api-secret", "loyalty partner API secret (points exchange)", "POINTS_PARTNER_SECRET", "partner_secret", lambda: "plx_sk_" + _an(44))
_vendor("navitaire-api-token", "Navitaire dotREZ API token", "DOTREZ_TOKEN", "token", lambda: _b64(96))


@_t(G, "aws-access-key-pair-credentials")
def _():
    sk = _c(_AN + "/+", 40)
    return ("AWS keys for the fare-scraper IAM user (created %s):\nAccess key ID: AKIA%s\nSecret access key: %s" % (_date(), _uan(16), sk), sk, "fare-scraper IAM user")


@_t(G, "gcp-service-account-json-private-key")
def _():
    body = _pem_rsa_pkcs8()
    esc = body.replace("\n", "\\n")
    return ('{\n  "type": "service_account",\n  "project_id": "ops-flight-tracking",\n  "private_key_id": "%s",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "bq-fares@ops-flight-tracking.iam.gserviceaccount.com"\n}' % (_hex(40), esc), esc, "bq-fares@ops-flight-tracking.iam.gserviceaccount.com")


@_t(G, "twilio-account-sid-auth-token")
def _():
    tok = _hex(32)
    return ("Twilio (SMS gate-change alerts)\nTWILIO_ACCOUNT_SID=AC%s\nTWILIO_AUTH_TOKEN=%s" % (_hex(32), tok), tok, "SMS gate-change alerts")


@_t(G, "azure-storage-account-key")
def _():
    k = _b64(64)
    return ("Storage account stbspfiles%s key1: %s" % (_lan(4), k), k, "key1:")

# ---------------------------------------------------------------------------
# BENIGN templates (no credential inside)
# ---------------------------------------------------------------------------

_SECRET_NAMES = ["AMADEUS_CLIENT_SECRET", "SABRE_PASSWORD", "TRAVELPORT_UAPI_PASSWORD", "HOTELBEDS_SECRET",
                 "STRIPE_SECRET_KEY", "TEQUILA_API_KEY", "AEROAPI_KEY", "OPERA_DB_PASSWORD", "PMS_DB_PASSWORD",
                 "SITEMINDER_PASSWORD", "BSP_PASS", "DUFFEL_ACCESS_TOKEN", "CIRIUM_APP_KEY", "SLACK_BOT_TOKEN",
                 "VAULT_TOKEN", "ADYEN_API_KEY", "NAVITAIRE_PASSWORD", "CREW_DB_PASS"]
_VAULT_PATHS = ["secret/data/gds/amadeus/prod", "secret/gds/sabre/cert", "kv/hotel/opera/harborview-lisboa",
                "secret/payments/stripe/live", "kv/ops/acars/arinc", "secret/loyalty/partners/htlx",
                "secret/bsp/link", "kv/fares/tequila", "secret/crew/cps-db", "kv/distribution/siteminder"]


def _sname():
    return _p(_SECRET_NAMES)


def _vpath():
    return _p(_VAULT_PATHS)


@_b
def _():
    return "$ git log --oneline -4\n%s fix(ndc): handle OrderChangeNotif without PaymentInfo\n%s chore: bump zeep to 4.2.1\n%s feat(pnr): parse SSR DOCS\n%s Merge branch 'hotfix/fdp-limits'" % (_hex(7), _hex(7), _hex(7), _hex(7))


@_b
def _():
    return "git cherry-pick %s && git push origin release/%d.%d" % (_hex(40), _R.randint(1, 9), _R.randint(0, 30))


@_b
def _():
    return "$ sha256sum atpco_fares_%s.tar.gz\n%s  atpco_fares_%s.tar.gz" % (_date(), _hex(64), _date())


@_b
def _():
    return "docker pull registry.ops.internal/ndc-gateway@sha256:%s" % _hex(64)


@_b
def _():
    return "$ kubectl -n booking get pods\nNAME                           READY   STATUS    RESTARTS   AGE\nbooking-api-%s-%s   1/1     Running   0          %dh\nbooking-api-%s-%s   1/1     Running   1          %dh" % (_lan(10), _lan(5), _R.randint(1, 90), _lan(10), _lan(5), _R.randint(1, 90))


@_b
def _():
    return 'curl -s -H "Authorization: Bearer $%s" "https://%s/v1/bookings/%s"' % (_p(["AMADEUS_TOKEN", "ACCESS_TOKEN", "OHIP_TOKEN", "DOTREZ_TOKEN"]), _h("booking-api"), _pnr())


@_b
def _():
    return 'curl -u "$SABRE_USER:$SABRE_PASS" https://%s/v1/shop/flights?origin=%s&destination=%s' % ((_h("sabre-proxy"),) + _route())


@_b
def _():
    return 'export %s="$(vault kv get -field=password %s)"' % (_sname(), _vpath())


@_b
def _():
    return "aws secretsmanager get-secret-value --secret-id prod/%s --query SecretString --output text | jq -r .password > /dev/null" % _p(["gds/sabre", "pms/opera", "payments/adyen", "fares/tequila"])


@_b
def _():
    return "psql -h %s -U %s -W -d crew_sched\nPassword for user %s: " % (_h("crew-db"), _p(_SVC), _p(_SVC))


@_b
def _():
    u = _p(_SVC)
    return "$ mysql -h %s -u %s -p\nEnter password: \nWelcome to the MySQL monitor.  Commands end with ; or \\g.\nServer version: 8.0.%d" % (_h("pms-db"), u, _R.randint(20, 39))


@_b
def _():
    return "$ ssh-keygen -lf ~/.ssh/acars_deploy.pub\n256 SHA256:%s acars@%s (ED25519)" % (_b64(32).rstrip("="), _h("acars-gw01"))


@_b
def _():
    return "$ gpg --list-keys ops-signing@%s\npub   ed25519 2023-%02d-%02d [SC]\n      %s\nuid           [ultimate] Ops Release Signing <ops-signing@%s>" % (_p(_DOMS), _R.randint(1, 12), _R.randint(1, 28), _HEX(40), _p(_DOMS))


@_b
def _():
    fp = ":".join(_HEX(2) for _ in range(32))
    return "$ openssl x509 -in sita-typeb-client.crt -noout -fingerprint -sha256\nsha256 Fingerprint=%s" % fp


@_b
def _():
    return "$ uuidgen\n%s" % _UUID()


@_b
def _():
    txt = _p(["hello crew", "LIS-MAD 2024", "room type DBL", "gate B12 open", "fare basis YLOWPT", "no bags", "window seat please"])
    return "$ echo -n '%s #%d' | base64\n%s" % (txt, _R.randint(1, 999), _b64s("%s" % txt))


@_b
def _():
    return "kubectl -n %s create secret generic %s --from-file=credentials.json=./secrets/%s.json --dry-run=client -o yaml | kubeseal > sealed.yaml" % (_p(["pms", "booking", "ops"]), _p(["opera-ohip", "sabre-sws", "aeroapi"]), _lan(6))


@_b
def _():
    return "docker run --rm -e %s -e %s -e LOG_LEVEL=debug triploom/chanmgr-sync:2.%d.%d" % (_sname(), _sname(), _R.randint(0, 9), _R.randint(0, 9))


@_b
def _():
    return "gh secret set %s --repo skyvantage/%s < ./secrets/%s.txt" % (_sname(), _p(["ndc-gateway", "fare-scraper", "crew-roster-ui"]), _lan(8))


@_b
def _():
    return '  # module.sabre_gateway.aws_secretsmanager_secret_version.this will be updated in-place\n  ~ resource "aws_secretsmanager_secret_version" "this" {\n        id            = "arn:aws:secretsmanager:eu-west-1:%s:secret:prod/gds/sabre-%s|%s"\n      ~ secret_string = (sensitive value)\n    }' % (_dig(12), _an(6), _UUID())


@_b
def _():
    return "$ aws configure list --profile fares-scraper\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile            fares-scraper           manual    --profile\naccess_key     ****************%s shared-credentials-file\nsecret_key     ****************%s shared-credentials-file" % (_uan(4), _an(4))


@_b
def _():
    v = _p(["SABRE", "OPERA", "AMADEUS", "HOTELBEDS", "NAVITAIRE"])
    return "$ env | grep -i %s\n%s_PASSWORD=********\n%s_HOST=%s\n%s_USER=%s" % (v.lower(), v, v, _h("gw"), v, _p(_SVC))


@_b
def _():
    return '    "node_modules/soap": {\n      "version": "1.0.%d",\n      "resolved": "https://registry.npmjs.org/soap/-/soap-1.0.%d.tgz",\n      "integrity": "sha512-%s"\n    }' % (_R.randint(0, 9), _R.randint(0, 9), _b64(64))


@_b
def _():
    return "zeep==4.2.1 \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (_hex(64), _hex(64))


@_b
def _():
    return 'op read "op://%s/%s/password" | docker login %s -u ci --password-stdin' % (_p(["GDS", "Ops", "Hotels"]), _p(["Sabre CERT EPR", "Harbor registry", "Navitaire agent"]), "harbor.ops.internal")


@_b
def _():
    return "$ git rev-parse HEAD\n%s" % _hex(40)


@_b
def _():
    return "$ md5sum HOT_*.txt\n%s  HOT_%s.txt\n%s  HOT_%s.txt" % (_hex(32), _dig(6), _hex(32), _dig(6))


@_b
def _():
    return "$ docker images | head -3\nREPOSITORY                 TAG       IMAGE ID       CREATED        SIZE\ntriploom/search-api        %s    %s   %d hours ago   412MB\ntriploom/chanmgr-sync      2.4.1     %s   3 days ago     198MB" % ("1.%d.%d" % (_R.randint(0, 40), _R.randint(0, 9)), _hex(12), _R.randint(1, 23), _hex(12))


@_b
def _():
    return "$ kubectl -n %s get secrets\nNAME                  TYPE     DATA   AGE\n%s       Opaque   %d      %dd\nsh.helm.release.v1.%s.v%d   helm.sh/release.v1   1   %dd" % (_p(["pms", "booking", "distribution"]), _p(["opera-ohip-creds", "sabre-sws", "travelport-uapi"]), _R.randint(1, 4), _R.randint(1, 400), _p(["booking-api", "ndc-gateway"]), _R.randint(1, 60), _R.randint(1, 90))


@_b
def _():
    return "sudo htpasswd -B /etc/nginx/.htpasswd-%s %s\nNew password: \nRe-type new password: \nUpdating password for user %s" % ((_p(["opsdash", "irops", "crewview"]),) * 3)


@_b
def _():
    return "openssl rand -hex 32 > /run/secrets/%s && chmod 400 /run/secrets/%s" % ((_p(["webhook_key", "session_key", "signing_key"]),) * 2)


@_b
def _():
    return "ssh -i ~/.ssh/%s -o IdentitiesOnly=yes %s@%s" % (_p(["acars_deploy", "pms_ops", "wx_ingest"]), _p(["acars", "deploy", "ops"]), _h("gw"))


@_b
def _():
    return "gpg --keyserver hkps://keys.openpgp.org --recv-keys %s" % _HEX(40)


@_b
def _():
    return "sabre:\n    password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n    pcc: %s" % (_b64(18), _b64(32), _b64(16), _pcc())


@_b
def _():
    return "vault_pms_db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          %s\n          %s\n          %s" % (_hex(64), _hex(64), _hex(40))


@_b
def _():
    return "spec:\n  encryptedData:\n    password: Ag%s\n  template:\n    metadata:\n      name: %s" % (_b64(180), _p(["opera-ohip-creds", "bsp-sftp", "acars-arinc"]))


@_b
def _():
    return "HTTP/2 200\ncontent-type: application/json\nx-request-id: %s\netag: W/\"%s\"\ntraceparent: 00-%s-%s-01" % (_uuid(), _hex(32), _hex(32), _hex(16))


@_b
def _():
    return '{"data":[{"type":"flight-offer","id":"%d","source":"GDS","lastTicketingDate":"%s","price":{"currency":"EUR","total":"%d.%02d"}}],"meta":{"count":1}}' % (_R.randint(1, 250), _date(), _R.randint(40, 1900), _R.randint(0, 99))


@_b
def _():
    return "RP/%s/%s            AA/SU  %s/%s   %s\n  1.%s/%s MR\n  2  %s %s Y %s 2 %s%s HK1  0715 0940\n  3 FA PAX %s-%s/ETNV/EUR%d.00/%s" % (_office(), _office(), _date()[5:], _pcc(), _pnr(), _p(["SILVA", "MUELLER", "TANAKA", "OKAFOR", "NOWAK"]), _p(["ANA", "JONAS", "YUKI", "EMEKA", "ZOFIA"]), _p(_AIRL), _R.randint(100, 999), _date()[5:], _p(_APT), _p(_APT), _dig(3), _dig(10), _R.randint(50, 900), _date()[5:])


@_b
def _():
    return "QU %s%s\n.%s %02d%02d%02d\nFI %s/AN CS-%s\nDT DDL %s %02d%02d%02d M%02dA\n- POS N38%d W009%d, ALT 370, ETA %s %02d%02d" % (_p(_APT), "OONV", _p(_APT) + "DDNV", _R.randint(1, 28), _R.randint(0, 23), _R.randint(0, 59), _flt(), _c(_UP, 3), _p(_APT), _R.randint(1, 28), _R.randint(0, 23), _R.randint(0, 59), _R.randint(1, 99), _R.randint(100, 999), _R.randint(100, 999), _p(_APT), _R.randint(0, 23), _R.randint(0, 59))


@_b
def _():
    return "METAR L%s %02d%02d%02dZ %03d%02dKT 9999 FEW0%d SCT0%d %02d/%02d Q10%02d NOSIG" % (_c(_UP, 3), _R.randint(1, 28), _R.randint(0, 23), _R.choice([0, 30]), _R.randint(0, 36) * 10, _R.randint(2, 30), _R.randint(10, 40), _R.randint(41, 80), _R.randint(5, 35), _R.randint(0, 20), _R.randint(0, 30))


@_b
def _():
    return "%s INFO auth ok user=%s token_sha256_prefix=%s scopes=[bookings:read]" % (_ts(), _p(_SVC), _hex(12))


@_b
def _():
    return "%s DEBUG pms.client connect host=%s user=%s password=*** ssl=true" % (_ts(), _h("pms-db"), _p(_SVC))


@_b
def _():
    return "%s DEBUG http > GET /v1/reservations/%s Authorization: Bearer [FILTERED] X-Request-Id: %s" % (_ts(), _pnr(), _uuid())


@_b
def _():
    return "%s WARN gds.session 401 Unauthorized: access token expired at %s, refreshing (client_id=%s)" % (_ts(), _ts(), _p(["HRV_Client", "triploom-shopping", "ops-dash"]))


@_b
def _():
    n = _sname()
    return "Traceback (most recent call last):\n  File \"/srv/app/config.py\", line %d, in <module>\n    SECRET = os.environ[\"%s\"]\n  File \"/usr/lib/python3.11/os.py\", line 679, in __getitem__\n    raise KeyError(key) from None\nKeyError: '%s'" % (_R.randint(5, 90), n, n)


@_b
def _():
    return "Error: missing required environment variable %s (see docs/runbooks/%s.md)" % (_sname(), _p(["gds-credentials", "pms-bridge", "bsp-fetch"]))


@_b
def _():
    return "refund created: re_%s for charge ch_%s (payment_intent pi_%s, customer cus_%s)" % (_an(24), _an(24), _an(24), _an(14))


@_b
def _():
    return "POST /v1/refunds\nIdempotency-Key: %s\nStripe-Version: 2023-10-16" % _uuid()


@_b
def _():
    cur = _b64s(json.dumps({"page": _R.randint(2, 90), "sort": "departure", "after": _pnr()}, separators=(",", ":")))
    return 'GET /v2/bookings?limit=50&cursor=%s' % cur


@_b
def _():
    return "cache key fares:v3:%s-%s:%s:%s" % (_route() + (_date(), _hex(40)))


@_b
def _():
    return "version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (_hex(64), _R.randint(10000, 90000000))


@_b
def _():
    return "github.com/%s/%s v1.%d.%d h1:%s=" % (_p(["hooklift", "tiaguinho", "skyvantage"]), _p(["gowsdl", "gosoap", "pnrparse"]), _R.randint(0, 9), _R.randint(0, 20), _b64(32).rstrip("="))


@_b
def _():
    return 'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.%d.0"\n  hashes = [\n    "h1:%s",\n    "zh:%s",\n  ]\n}' % (_R.randint(10, 60), _b64(32), _hex(64))


@_b
def _():
    return '$ aws s3api head-object --bucket bsp-archive --key HOT/%s.txt\n{\n    "ETag": "\\"%s\\"",\n    "ContentLength": %d,\n    "VersionId": "%s"\n}' % (_dig(6), _hex(32), _R.randint(1000, 9000000), _c(_AN + "._", 32))


@_b
def _():
    return "x-amz-request-id: %s\nx-amz-id-2: %s\nx-amz-cf-id: %s" % (_HEX(16), _b64(48), _c(_AN + "_-", 56) + "==")


@_b
def _():
    return "metadata:\n  name: booking-api\n  uid: %s\n  resourceVersion: \"%d\"\n  generation: %d" % (_uuid(), _R.randint(1000000, 99999999), _R.randint(1, 90))


@_b
def _():
    return '{"keys":[{"kty":"RSA","use":"sig","kid":"%s","alg":"RS256","e":"AQAB","n":"%s"}]}' % (_hex(16), _b64u(256))


@_b
def _():
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (_b64(32).rstrip("=")[:43], _who()[1], _p(["laptop", "ops-jump", "ci-runner"]))


@_b
def _():
    return "%s ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB%s=" % (_h("acars-gw0%d" % _R.randint(1, 4)), _b64(63)[:86])


@_b
def _():
    return "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PUBLIC KEY BLOCK-----" % (_wrap(base64.b64encode(b"\x98\x33\x04" + _bytes(180)).decode()), _b64(3))


@_b
def _():
    return "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % _wrap(base64.b64encode(bytes.fromhex("308203") + _bytes(560)).decode())


@_b
def _():
    return '<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIC%s</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>' % _b64(300)


@_b
def _():
    return '<script src="https://cdn.%s/booking-widget.%s.js" integrity="sha384-%s" crossorigin="anonymous"></script>' % (_p(_DOMS), _hex(8), _b64(48))


@_b
def _():
    return "STRIPE_PUBLISHABLE_KEY=pk_live_%s   # publishable, safe to ship in the browser bundle" % _an(99)


@_b
def _():
    return "mapboxgl.accessToken = 'pk.eyJ1IjoiYXp1cmEiLCJhIjoi%s'; // public token, URL-restricted to *.%s" % (_an(24) + "In0." + _c(_AN + "-_", 22), _p(_DOMS))


@_b
def _():
    return "datadogRum.init({ applicationId: '%s', clientToken: 'pub%s', site: 'datadoghq.eu', service: 'ibe-web' })" % (_uuid(), _hex(32))


@_b
def _():
    return "# example from the AWS docs, not a real key\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\nregion = %s" % _p(["eu-west-1", "us-east-1", "ap-southeast-1"])


@_b
def _():
    return "%s=<your-%s-here>" % (_sname(), _p(["api-key", "token", "password", "secret"]))


@_b
def _():
    return "password: ${%s}\nusername: ${%s_USER:-%s}" % (_sname(), _p(["PMS_DB", "CREW_DB", "IBE_DB"]), _p(_SVC))


@_b
def _():
    return "env:\n  %s: ${{ secrets.%s }}\n  %s: ${{ secrets.%s }}" % ((_sname(),) * 2 + (_sname(),) * 2)


@_b
def _():
    return "api_key: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\napi_secret: xxxxxxxxxx\n# %s: fill in locally, never commit" % _p(["hotelbeds", "expedia rapid", "tequila"])


@_b
def _():
    return "password: \"********\"  # masked in the export from %s" % _p(["Opera", "Mews", "Cloudbeds", "SiteMinder"])


@_b
def _():
    return "Authorization: Basic REDACTED\nX-Api-Key: [REDACTED]\nX-Trace: %s" % _hex(16)


@_b
def _():
    return "        env:\n        - name: %s\n          valueFrom:\n            secretKeyRef:\n              name: %s\n              key: password" % (_sname(), _p(["sabre-sws", "opera-ohip-creds", "bsp-sftp", "crew-db"]))


@_b
def _():
    return "withCredentials([usernamePassword(credentialsId: '%s', usernameVariable: 'U', passwordVariable: 'P')]) {\n  sh './deploy.sh \"$U\" \"$P\"'\n}" % _p(["sabre-epr-cert", "bsp-link", "harbor-push", "opera-int"])


@_b
def _():
    return "arn:aws:secretsmanager:%s:%s:secret:prod/%s-%s" % (_p(["eu-west-1", "us-east-1"]), _dig(12), _p(["gds/sabre", "pms/opera", "fares/tequila", "crew/db"]), _an(6))


@_b
def _():
    return 'api_key = os.environ["%s"]\nsecret = os.environ.get("%s")\nif not secret:\n    raise SystemExit("set %s first")' % ((_sname(),) * 3)


@_b
def _():
    return 'password = getpass.getpass("%s password for %s: ")' % (_p(["Sabre EPR", "Opera", "BSP Link", "Navitaire"]), _p(_SVC))


@_b
def _():
    return "def verify_password(plain: str, stored: str) -> bool:\n    return bcrypt.checkpw(plain.encode(), stored.encode())  # stored comes from members.pw_hash"


@_b
def _():
    return "@pytest.fixture\ndef agent():\n    return Agent(login=\"agent_%d\", password=faker.password(length=16), pcc=\"%s\")" % (_R.randint(1, 99), _pcc())


@_b
def _():
    return "Login failed for user '%s'. Reason: Password did not match that for the login provided. [CLIENT: 10.20.%d.%d]" % (_p(_SVC), _R.randint(0, 255), _R.randint(0, 255))


@_b
def _():
    return "Ticket %s%s issued for %s/%s on %s, EMD %s%s for bag" % (_p(["047", "074", "220", "125", "057"]), _dig(10), _p(["SILVA", "NOWAK", "TANAKA"]), _p(["ANA", "ZOFIA", "YUKI"]), _flt(), _p(["047", "220"]), _dig(10))


@_b
def _():
    return "Hotel confirmation %s-%s-%s for %s, check-in %s, rate plan %s" % (_p(["HBD", "HRV", "CBZ"]), _dig(4), _c(_UP, 2), _p(_HOTELS), _date(), _p(["BAR", "NRF", "BB-FLEX", "HB-NR"]))


@_b
def _():
    return "Member %s (tier %s) earned %d miles on %s; balance %d" % (_dig(9), _p(["BLUE", "SILVER", "GOLD", "PLATINUM"]), _R.randint(100, 9000), _flt(), _R.randint(1000, 400000))


@_b
def _():
    return "IATA agency number %s, ARC %s, office %s, PCC %s" % (_dig(8), _dig(8), _office(), _pcc())


@_b
def _():
    return "tail CS-%s icao24=%s squawk %04d callsign %s%d" % (_c(_UP, 3), _hex(6), _R.randint(1000, 7777), _p(["NVA", "BWA", "KST"]), _R.randint(10, 9999))


@_b
def _():
    return "FARE CALC: %s %s %s %d.%02d %s %s %d.%02dNUC%d.%02dEND ROE0.9%d" % (_p(_APT), _p(_AIRL), _p(_APT), _R.randint(50, 900), _R.randint(0, 99), _p(_AIRL), _p(_APT), _R.randint(50, 900), _R.randint(0, 99), _R.randint(100, 1800), _R.randint(0, 99), _R.randint(0, 9))


@_b
def _():
    return "SSR DOCS %s HK1 P/PRT/P%s/PRT/%02d%s%d/F/%s/%s/%s" % (_p(_AIRL), _dig(7), _R.randint(1, 28), _p(["JAN", "MAR", "JUL", "OCT"]), _R.randint(60, 99), _p(["JAN", "MAR", "JUL", "OCT"]) + str(_R.randint(26, 34)), _p(["SILVA", "COSTA"]), _p(["ANA", "RUI"]))


@_b
def _():
    return "fare basis %s%s%s, booking class %s, brand %s" % (_p("YBMHKLQTVN"), _c(_UP, 3), _R.choice(["", "PT", "6M", "RT"]), _p("YBMHKLQTVN"), _p(["LIGHT", "CLASSIC", "PLUS", "EXECUTIVE"]))


@_b
def _():
    return "paid with card **** **** **** %s (%s), auth code %s, 3DS ECI %02d" % (_dig(4), _p(["VISA", "MC", "AMEX", "UATP"]), _uan(6), _R.randint(1, 7))


@_b
def _():
    return "Password policy (crew portal): at least 14 characters, no reuse of the last %d passwords, rotated every %d days, MFA required for dispatch roles." % (_R.randint(4, 24), _p([60, 90, 180]))


@_b
def _():
    return "Política de contraseñas: mínimo %d caracteres, mayúsculas, minúsculas y números; caduca cada %d días. Nunca envíe contraseñas por correo." % (_R.randint(10, 16), _p([60, 90]))


@_b
def _():
    return "Règle : le mot de passe du PMS ne doit jamais être collé dans Teams ; utilisez le coffre %s." % _p(["Bitwarden", "1Password", "Keeper"])


@_b
def _():
    return "Hinweis: Das Passwort für %s liegt in 1Password (Tresor \"%s\"), nicht im Wiki." % (_p(["Sabre CERT", "Opera Cloud", "BSP Link"]), _p(["GDS", "Hotels", "Ops"]))


@_b
def _():
    return "パスワードはSlackに貼らないでください。%s の認証情報は Vault の %s にあります。" % (_p(["Amadeus", "Sabre", "楽天トラベル"]), _vpath())


@_b
def _():
    return "密码不要发到群里，%s 的密钥已经放在 %s 里了。" % (_p(["携程", "Amadeus", "Sabre"]), _vpath())


@_b
def _():
    return "The %s password lives in Vault at %s; ask %s for read access instead of pasting it here." % (_p(["Sabre EPR", "Travelport uAPI", "Navitaire agent", "Opera DB"]), _vpath(), _who()[0])


@_b
def _():
    return "%s: rotated the %s key this morning, new one is already in %s - nothing to change on your side." % (_who()[0], _p(["Hotelbeds", "Tequila", "AeroAPI", "Cirium"]), _vpath())


@_b
def _():
    return "Decision: agents authenticate to the booking API with short-lived JWTs (15 min) issued by auth.%s; no shared passwords anymore. Ticket OPS-%d." % (_p(_DOMS), _R.randint(1000, 9999))


@_b
def _():
    return "note: `%s` is only read at startup, so after rotating it you must restart %s" % (_sname(), _p(["booking-api", "pms-bridge", "acars-ingest", "chanmgr-sync"]))


@_b
def _():
    return "TODO(%s): move %s out of the .env file and into the secret manager before the audit on %s" % (_who()[1], _sname(), _date())


@_b
def _():
    return "commit %s\n    remove hardcoded %s key (already rotated, see INC-%d)" % (_hex(40), _p(["Hotelbeds", "Stripe", "Tequila", "Duffel"]), _R.randint(100, 999))


@_b
def _():
    return "  POSTGRES_PASSWORD_FILE: /run/secrets/%s\n  secrets:\n    - %s" % ((_p(["crew_db_password", "ibe_db_password", "miles_db_password"]),) * 2)


@_b
def _():
    return "[job log] $ ./deploy.sh --token [MASKED] --env production\nDeploying %s %s" % (_p(["booking-api", "ndc-gateway", "rms"]), "v1.%d.%d" % (_R.randint(0, 40), _R.randint(0, 9)))


@_b
def _():
    return "Run ./scripts/smoke.sh\n  env:\n    %s: ***\n    BASE_URL: https://%s" % (_sname(), _h("booking-api"))


@_b
def _():
    return 'curl --header "JOB-TOKEN: $CI_JOB_TOKEN" --upload-file dist/%s.tar.gz "${CI_API_V4_URL}/projects/%d/packages/generic/%s/1.%d.0/"' % ((_p(["pnrparse", "fares"]),) + (_R.randint(10, 999),) + (_p(["pnrparse", "fares"]),) + (_R.randint(0, 30),))


@_b
def _():
    return "recaptcha:\n  site_key: 6L%s   # public site key" % _an(38)


@_b
def _():
    return "GOOGLE_OAUTH_CLIENT_ID=%s-%s.apps.googleusercontent.com" % (_dig(12), _lan(32))


@_b
def _():
    return "age recipient: age1%s" % _c("023456789acdefghjklmnpqrstuvwxyz", 58)


@_b
def _():
    return "[Peer]\nPublicKey = %s\nAllowedIPs = 10.77.0.0/24\nEndpoint = vpn.ops.%s:51820" % (_b64(32), _p(_DOMS))


@_b
def _():
    return "X-Hotel-Id: %s\nX-Correlation-Id: %s\nX-Amz-Trace-Id: Root=1-%s-%s" % (_p(["HRV", "ALP", "CBZ"]), _uuid(), _hex(8), _hex(24))


@_b
def _():
    return "<soap:Header><MessageHeader><ConversationId>%s</ConversationId><MessageData><MessageId>mid:%s@%s</MessageId><Timestamp>%s</Timestamp></MessageData></MessageHeader></soap:Header>" % (_uuid(), _hex(20), _p(_DOMS), _ts())


@_b
def _():
    return "<air:LowFareSearchRsp TraceId=\"%s\" TransactionId=\"%s\" ResponseTime=\"%d\">" % (_hex(32), _HEX(32), _R.randint(300, 9000))


@_b
def _():
    return '{"ResponseID":"%s","ShoppingResponseID":"%s","OfferID":"OFFER-%s","OwnerCode":"%s"}' % (_uuid(), _hex(24), _uan(10), _p(_AIRL))


@_b
def _():
    return "0x%s in ?? () from /lib/x86_64-linux-gnu/libc.so.6\n#1  0x%s in acars_decode (buf=0x%s, len=%d) at decode.c:%d" % (_hex(16), _hex(16), _hex(12), _R.randint(20, 220), _R.randint(30, 500))


@_b
def _():
    return "build %s finished in %dm%02ds (pipeline #%d, runner %s)" % (_hex(8), _R.randint(1, 30), _R.randint(0, 59), _R.randint(10000, 999999), _hex(8))


@_b
def _():
    return "Content-Security-Policy: script-src 'self' 'nonce-%s' https://js.stripe.com" % _b64(16)


@_b
def _():
    return '{"version": "%s", "commit": "%s", "built_at": "%s", "go": "1.22.%d"}' % ("2.%d.%d" % (_R.randint(0, 20), _R.randint(0, 9)), _hex(40), _ts(), _R.randint(0, 9))


@_b
def _():
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: seatmap-layouts\nbinaryData:\n  a321neo.json: %s" % _b64s(json.dumps({"rows": _R.randint(25, 40), "layout": "3-3", "exits": [_R.randint(10, 14), _R.randint(24, 30)]}))


@_b
def _():
    return "session cookie name is `ibe_sess`, HttpOnly + Secure + SameSite=Lax, %d min idle timeout; value is an opaque id looked up in Redis." % _R.randint(10, 60)


@_b
def _():
    return "Passwords for GDS sign-ins are rotated by the airline every %d days; when Sabre says 'EPR PASSWORD EXPIRED' the agent must change it in the terminal, not in our app." % _p([30, 60, 90])


@_b
def _():
    return "%s: can someone share the Opera password?\n%s: not in chat please - it's in the vault under %s, I just gave you access." % (_who()[0], _who()[0], _vpath())


@_b
def _():
    return "- [x] rotate %s (done by %s, stored in %s)\n- [ ] update runbook" % (_sname(), _who()[0], _vpath())


@_b
def _():
    return "%s - %s %s (%s) delayed %d min, new ETD %02d:%02d, gate %s%d" % (_date(), _flt(), "-".join(_route()), _p(["A320", "A321neo", "E195", "B737-8"]), _R.randint(10, 300), _R.randint(0, 23), _R.randint(0, 59), _p("ABCDE"), _R.randint(1, 40))


@_b
def _():
    return "crew pairing %s-%d: %s, duty %02d:%02d, FDP limit %02d:%02d, rest %dh" % (_p(_APT), _R.randint(100, 999), " ".join(_flt() for _ in range(3)), _R.randint(5, 13), _R.randint(0, 59), _R.randint(9, 14), _R.randint(0, 59), _R.randint(10, 36))


@_b
def _():
    return "sha1(%s|%s|%s) = %s  -> used as availability cache key" % (_p(_HOTELS), _date(), _p(["DBL", "TWN", "SGL", "STE"]), _hex(40))


@_b
def _():
    return "BSP HOT file HOT_%s.txt received, %d records, checksum CRC32=%s" % (_dig(6), _R.randint(100, 90000), _HEX(8))


@_b
def _():
    return "kid=%s is the *public* key id of our JWT signer; the private half is in KMS key alias/%s-signer" % (_hex(16), _p(["loyalty", "booking", "ndc"]))


@_b
def _():
    return "KMS key id %s (alias/%s) - used for envelope encryption of PNR exports" % (_uuid(), _p(["pnr-export", "bsp-archive", "crew-docs"]))


@_b
def _():
    return 'hotel_code: "%s"\nchannel_id: %d\nmapping_hash: %s\nlast_sync: %s' % (_p(["HRV-LIS-01", "ALP-ZRM-02", "CBZ-ZNZ-01"]), _R.randint(10, 999), _hex(32), _ts())


@_b
def _():
    return "secret name: %s (namespace %s), mounted at /var/run/secrets/%s - value not shown" % (_p(["sabre-sws", "opera-ohip-creds", "acars-arinc"]), _p(["pms", "ops", "distribution"]), _p(["gds", "pms", "acars"]))


@_b
def _():
    return '"auth": { "type": "oauth2", "tokenUrl": "https://auth.%s/oauth/token", "clientSecretRef": "%s" }' % (_p(_DOMS), _vpath())


@_b
def _():
    return "If the Hotelbeds signature fails, check the clock: X-Signature = sha256(apiKey + secret + unix_ts) and the server allows only +/- %d s of skew." % _p([30, 60, 300])


@_b
def _():
    return "redis key session:agent:%d -> {\"agent\":\"%s\",\"pcc\":\"%s\",\"ttl\":900}  (token field stripped by logger)" % (_R.randint(1000, 9999), _who()[1], _pcc())


@_b
def _():
    return "%s INFO webhook.verify ok event=evt_%s type=%s" % (_ts(), _an(24), _p(["payment_intent.succeeded", "charge.refunded", "charge.dispute.created"]))


@_b
def _():
    return "Updated %s in 1Password item \"%s\" (vault: %s) on %s." % (_p(["password", "API key", "client secret"]), _p(["Sabre CERT EPR", "Mews API", "BSP Link admin"]), _p(["GDS", "Hotels", "Finance"]), _date())


@_b
def _():
    return "PASSWORD=\nAPI_KEY=\nSECRET=\n# leave empty in .env.example; see README section 'Credentials'"


@_b
def _():
    return "user_pass=$(pass show %s/%s)  # read from the password store at runtime" % (_p(["gds", "hotels", "ops"]), _p(["sabre-cert", "opera", "bsp"]))


@_b
def _():
    return "%s ERROR ohip-sync HTTP 401 from /oauth/v1/tokens body={\"error\":\"invalid_client\",\"error_description\":\"Client authentication failed\"}" % _ts()


@_b
def _():
    return "audit: user %s viewed secret %s at %s from 10.%d.%d.%d (value not logged)" % (_who()[1], _vpath(), _ts(), _R.randint(0, 255), _R.randint(0, 255), _R.randint(0, 255))


@_b
def _():
    return "git diff --stat\n config/prod.yml | %d %s\n helm/values-prod.yaml | %d %s" % (_R.randint(1, 9), "+" * _R.randint(1, 5) + "-" * _R.randint(0, 3), _R.randint(1, 9), "+" * _R.randint(1, 5))


@_b
def _():
    return "base64 -d <<< '%s'\n%s" % ((lambda t: (_b64s(t), t))("%s %s-%s %s" % ((_flt(),) + _route() + (_date(),))))


@_b
def _():
    return "x-ratelimit-remaining: %d\nx-ratelimit-reset: %d\nx-client-id: %s" % (_R.randint(0, 5000), _R.randint(1717000000, 1740000000), _p(["HRV_Client", "triploom-web", "farehawk"]))


@_b
def _():
    return "ndc:\n  airline: %s\n  aggregator_id: %s\n  signing_key_ref: kms://alias/ndc-%s\n  certificate_thumbprint: %s" % (_p(_AIRL), _uan(8), _p(["prod", "cert"]), _HEX(40))


@_b
def _():
    return "The fare-scraper never stores passwords: it uses the partner's OAuth flow and keeps only a refresh-token *reference* (%s) in Postgres." % _vpath()


@_b
def _():
    return "mysql> SELECT member_id, tier, pw_hash IS NOT NULL AS has_pw FROM members LIMIT 2;\n| %s | GOLD | 1 |\n| %s | BLUE | 0 |" % (_dig(9), _dig(9))


@_b
def _():
    return "ETag: \"%s-gzip\"\nLast-Modified: %s\nCache-Control: max-age=%d" % (_hex(32), _date(), _R.randint(60, 86400))


@_b
def _():
    return "Sabre session token expired (ERR.SWS.CLIENT.EXPIRED_TOKEN); opened new session %s for PCC %s" % (_uuid(), _pcc())


@_b
def _():
    return "run id %s | workflow 'deploy-roster' | attempt %d | sha %s" % (_dig(10), _R.randint(1, 3), _hex(40))


@_b
def _():
    return 'resource "vault_generic_secret" "sabre" {\n  path      = "%s"\n  data_json = jsonencode({ password = var.sabre_password })\n}' % _vpath()


@_b
def _():
    return "variable \"%s\" {\n  type      = string\n  sensitive = true\n}" % _p(["sabre_password", "opera_db_password", "tequila_api_key", "adyen_api_key"])


@_b
def _():
    return "ansible-playbook pms.yml --ask-vault-pass -e @group_vars/pms/vault.yml --limit pms-%s" % _p(_APT).lower()


@_b
def _():
    return "%s %s: i rotated the token, it's in the usual place. ping me if the bot is still 401ing" % (_ts()[11:16], _who()[0])


@_b
def _():
    return "otpauth setup for %s done via the vault's TOTP engine (path totp/keys/%s); the seed never leaves Vault." % (_p(["BSP Link", "Sabre admin", "Stripe dashboard"]), _lan(8))


@_b
def _():
    return "- PNR %s: name change fee waived, ticket reissued, old coupon %s%s voided" % (_pnr(), _p(["047", "220"]), _dig(10))


@_b
def _():
    return "%s  %s  %s  %s" % (_uuid(), _uuid(), _uuid(), _uuid())


@_b
def _():
    return "trace_id=%s span_id=%s parent=%s service=%s" % (_hex(32), _hex(16), _hex(16), _p(["booking-api", "pms-bridge", "ndc-gateway", "loyalty-api"]))


@_b
def _():
    return "token_type=Bearer expires_in=1799 scope=%s (access_token omitted from logs)" % _p(["bookings:read", "loyalty.members.read", "rsv.write"])


@_b
def _():
    return "%s stripe-signature header present (t=%d), verification delegated to stripe.Webhook.construct_event" % (_ts(), _R.randint(1717000000, 1740000000))


@_b
def _():
    return "Guideline: when pasting curl commands into tickets, replace the Authorization header with `Authorization: Bearer <token>` and the -u flag with `-u user:<password>`."


@_b
def _():
    return "Bitte keine Zugangsdaten in Tickets posten - verwenden Sie den Platzhalter <PASSWORT> und verweisen Sie auf %s." % _vpath()


@_b
def _():
    return "Senha nunca no Slack! Use o cofre (%s). Se vazou, gire a chave e abra um INC-%d." % (_vpath(), _R.randint(100, 999))


@_b
def _():
    return "DB_HOST=localhost\nDB_USER=%s\nDB_PASSWORD=\n# prod value comes from %s" % (_p(_SVC), _vpath())


@_b
def _():
    return "nginx: [warn] \"ssl_stapling\" ignored, issuer certificate not found for certificate \"/etc/ssl/%s.crt\" (serial %s)" % (_p(["ibe", "agent-portal", "crew-portal"]), _HEX(32))


@_b
def _():
    return "yarn.lock:\n\"axios@^1.6.0\":\n  version \"1.6.%d\"\n  resolved \"https://registry.yarnpkg.com/axios/-/axios-1.6.%d.tgz#%s\"\n  integrity sha512-%s" % (_R.randint(0, 8), _R.randint(0, 8), _hex(40), _b64(64))


@_b
def _():
    return "[[package]]\nname = \"reqwest\"\nversion = \"0.11.%d\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"%s\"" % (_R.randint(10, 27), _hex(64))


@_b
def _():
    return "Seat %d%s blocked for crew rest (CRC), seatmap version %s" % (_R.randint(1, 40), _p("ABCDEF"), _hex(10))


@_b
def _():
    return "loyalty card barcode payload: %s (member number + check digit, not a credential)" % _dig(16)


@_b
def _():
    return "SITA Type B: from %s%s to %s%s, MVT %s/%02d.CS-%s.%s AD%02d%02d/%02d%02d" % (_p(_APT), "KLNV", _p(_APT), "OONV", _flt(), _R.randint(1, 28), _c(_UP, 3), _p(_APT), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 23), _R.randint(0, 59))


@_b
def _():
    return "%s INFO chanmgr push property=%d rooms=%d rates=%d checksum=%s status=OK" % (_ts(), _R.randint(1000, 9999), _R.randint(1, 90), _R.randint(1, 900), _hex(16))


@_b
def _():
    return "$ vault kv metadata get %s\n======= Metadata =======\ncreated_time    %s\ncurrent_version %d\nupdated_time    %s" % (_vpath(), _ts(), _R.randint(1, 30), _ts())


@_b
def _():
    return "$ gh secret list --repo skyvantage/%s\n%s\tUpdated %s\n%s\tUpdated %s" % (_p(["ndc-gateway", "fare-scraper"]), _sname(), _date(), _sname(), _date())


@_b
def _():
    return "$ kubectl get secret %s -o jsonpath='{.data}' | jq 'keys'\n[\n  \"password\",\n  \"username\"\n]" % _p(["sabre-sws", "travelport-uapi", "opera-ohip-creds"])


@_b
def _():
    return "Passwort-Richtlinie: mind. %d Zeichen, keine Wörterbuchwörter, keine Wiederverwendung der letzten %d Passwörter." % (_R.randint(10, 16), _R.randint(5, 24))


@_b
def _():
    return "QA note: login with an *expired* test agent returns `EPR PASSWORD EXPIRED - CHANGE PASSWORD`; we surface that as error code GDS-%d." % _R.randint(100, 999)


@_b
def _():
    return "%s warning: key fingerprint SHA256:%s for host %s changed - verify with ops before accepting" % (_ts(), _b64(32).rstrip("="), _h("acars-gw01"))


@_b
def _():
    return "request_id=%s booking_ref=%s search_id=%s" % (_hex(24), _pnr(), _uuid())


@_b
def _():
    return "https://%s/v1/flights?dep=%s&arr=%s&date=%s&adults=%d&currency=EUR&apikey={{TEQUILA_API_KEY}}" % ((_h("search"),) + _route() + (_date(), _R.randint(1, 4)))


@_b
def _():
    return "Amadeus office %s signed with %s; the PasswordDigest in the SOAP header is recomputed per request from nonce+timestamp, so logging the Nonce (%s) is harmless." % (_office(), _p(["WSAP", "WS1A"]), _b64(16))


# ---------------------------------------------------------------------------
# assembly
# ---------------------------------------------------------------------------
_PER_GROUP = 188
_BENIGN_TARGET = 950


def _build_secrets():
    order = []
    by_group = {}
    for g, f, fn in _TEMPLATES:
        if g not in by_group:
            by_group[g] = []
            order.append(g)
        by_group[g].append((f, fn))
    out = []
    seen = set()
    for g in order:
        n = 0
        for _round in range(3):
            for f, fn in by_group[g]:
                if n >= _PER_GROUP:
                    break
                for _try in range(20):
                    text, secret, visible = fn()
                    if secret not in seen:
                        break
                seen.add(secret)
                out.append((g, f, text, secret, visible))
                n += 1
    return out


def _build_benign(secrets):
    long_secrets = [s for s in secrets if len(s) >= 8]
    out = []
    seen = set()
    for _round in range(12):
        for fn in _BENIGN_T:
            if len(out) >= _BENIGN_TARGET:
                return out
            s = fn()
            if s in seen or any(x in s for x in long_secrets):
                continue
            seen.add(s)
            out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])
