"""Blind hold-out corpus #50 for a secret-redaction engine.

What it is
----------
A self-contained test corpus for an engine that strips credentials
(passwords, API keys, tokens, private keys, connection strings with
passwords, signed-URL signatures, cookies, ...) out of the working state a
coding agent records: goals, running notes, shell commands it ran, tool
output, excerpts of files it opened, decisions, chat messages pasted in by
teammates, log lines and CI configuration.  It is a hold-out set: it was not
used to tune the engine and should only be used to measure it.

Theme
-----
Energy and utilities.  Smart metering and head-end systems (DLMS/COSEM
LLS passwords and HLS keys, AMI front-end processors, meter data
management), EV charging networks (OCPP 1.6 / 2.0.1 central systems and
charge-point backends, OCPI roaming hubs), solar and battery inverters and
their cloud portals, grid operators' market, transparency and settlement
APIs, utility billing (CIS) and customer portals, district heating and
water utilities (wireless M-Bus, LoRaWAN meters, SCADA historians), field
crews' tablets, and energy traders' desks (FIX sessions, exchange APIs,
spreadsheets with macros).  All eight groups are covered.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, rule file
or engine source was consulted while writing it.  Where a vendor's real
credential shape is known it was imitated (prefixes, lengths, alphabets);
where it is unknown a plausible shape was invented.  All hosts, companies,
people and values are fictitious; every value is a fresh pseudo-random draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible)
    group    one of: command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
    format   kebab-case name of the shape; each used at most three times
    text     the fragment as an agent would have recorded it
    secret   exact substring of text that must not survive redaction (the
             key body only for PEM keys, the signature only for signed URLs,
             the password only for user:password pairs)
    visible  a substring of text that must stay readable, or ""
BENIGN   list of distinct strings with no credential in them that still
         look secret-ish to a naive scanner (hashes, ids, public keys,
         placeholders, masked values, secret references, prose about
         secrets, ...), in the same kinds of context as SECRETS.

Determinism
-----------
Every random value is drawn at import time from ``_R = random.Random(SEED)``
in a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, measured before any rule was written for it: recall 0.954 (1,412 of 1,480) and false
positives 26 of 950 (2.7%), with the engine at that session's start. Tuned on since: 0.961 and
7 of 950.
"""
import base64
import random
import string

SEED = 5020250
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# random helpers
# ---------------------------------------------------------------------------
_USED = set()


def _fresh(gen):
    for _ in range(1000):
        v = gen()
        if len(v) >= 6 and v not in _USED:
            _USED.add(v)
            return v
    raise RuntimeError("could not draw a fresh value")


_LC = string.ascii_lowercase
_UC = string.ascii_uppercase
_D = string.digits
_AN = _LC + _UC + _D


def _ch(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _ch("0123456789abcdef", n)


def _HEX(n):
    return _ch("0123456789ABCDEF", n)


def _an(n):
    return _ch(_AN, n)


def _lan(n):
    return _ch(_LC + _D, n)


def _uan(n):
    return _ch(_UC + _D, n)


def _dig(n):
    return _R.choice("123456789") + _ch(_D, n - 1)


def _rbytes(n):
    return bytes(_R.randrange(256) for _ in range(n))


def _b64(n):
    return base64.b64encode(_rbytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_rbytes(n)).decode().rstrip("=")


def _b64s(s):
    return base64.b64encode(s.encode("utf-8")).decode()


def _b64us(s):
    return base64.urlsafe_b64encode(s.encode("utf-8")).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _pick(seq):
    return _R.choice(seq)


def _n(a, b):
    return _R.randint(a, b)


_WORDS = (
    "amber anchor aspen basil beacon birch bison blaze bramble breeze cactus "
    "canyon cedar cinder cobalt comet copper coral crane crimson crystal "
    "dahlia delta dune ember falcon fennel fjord flint forest fossil frost "
    "garnet geyser ginger glacier granite gravel harbor hazel heron hollow "
    "indigo iris ivory jasper juniper kelp kestrel lagoon lantern larch lemon "
    "lichen lilac lunar magma maple marble meadow mesa meteor mint moss nectar "
    "nimbus nova oasis obsidian olive onyx opal orchid otter pebble pepper "
    "pine plasma plume polar poplar prairie prism quartz quill raven reef "
    "ridge river rowan saffron sage sequoia shale sierra silver slate sparrow "
    "spruce storm summit tangerine thistle thunder timber topaz tundra "
    "turbine umber valley velvet vertex violet walnut willow wren yarrow "
    "zephyr zinc volt ampere joule kilowatt feeder busbar relay breaker "
    "transformer inverter meter socket cable pylon dynamo solar battery "
    "substation hydrant valve boiler radiator pipeline reservoir"
).split()
_SYMS = "!#$%&*+-=?@^_~."
_SYLL_C = "bdfgklmnprstvz"
_SYLL_V = "aeiou"
_SEASONS = ["Winter", "Spring", "Summer", "Autumn", "Herbst", "Sommer", "Invierno",
            "Verano", "Talvi", "Vinter", "Hiver", "Printemps", "Zima", "Lato"]
_LEET = str.maketrans({"a": "@", "e": "3", "o": "0", "i": "1", "s": "$"})


def _pw_raw(syms=_SYMS):
    style = _R.randrange(9)
    if style == 0:
        return (_pick(_WORDS).capitalize() + _pick(_WORDS).capitalize()
                + _dig(_n(2, 4)) + _pick(syms))
    if style == 1:
        return "-".join(_pick(_WORDS) for _ in range(_n(3, 4))) + "-" + _dig(2)
    if style == 2:
        s = "".join(_pick(_SYLL_C) + _pick(_SYLL_V) for _ in range(_n(4, 5)))
        return s.capitalize() + _dig(2) + _pick(syms)
    if style == 3:
        alpha = _AN + syms
        while True:
            v = _ch(alpha, _n(12, 20))
            if v[0] in _AN and any(c in syms for c in v):
                return v
    if style == 4:
        w = _pick([w for w in _WORDS if len(w) > 5])
        return w.capitalize().translate(_LEET) + _pick(syms) + str(_n(2019, 2026))
    if style == 5:
        return _pick(_SEASONS) + str(_n(2019, 2026)) + _pick(syms) + _ch(_LC, 2) + _dig(1)
    if style == 6:
        return _an(_n(16, 28))
    if style == 7:
        return _pick(_WORDS) + "." + _pick(_WORDS).capitalize() + "." + _dig(2)
    return _pick(_UC) + _ch(_LC + _D, 5) + _pick(syms) + _ch(_AN, 5)


def _P(syms=_SYMS):
    """fresh human-style password"""
    return _fresh(lambda: _pw_raw(syms))


def _PU():
    """fresh password safe inside URLs, CSV, ini, connection strings"""
    return _fresh(lambda: _pw_raw("-_.~"))


def _K(gen):
    """fresh generic token"""
    return _fresh(gen)


# ---------------------------------------------------------------------------
# theme vocabulary
# ---------------------------------------------------------------------------
_COS = ["nordvik-energi", "valmont-utilities", "cascadia-pl", "rheinau-netz",
        "southmere-water", "kestrel-charge", "voltara-ev", "heliora-solar",
        "fjordheat", "brightgrid", "amberline-power", "lumenway", "tarnby-varme",
        "oakridge-muni", "solvik-kraft", "meridian-grid", "castellan-agua",
        "pohjola-lampo", "vistula-energia", "ebro-redes", "gridlane", "wattmark"]
_TLDS = ["example", "example.net", "internal", "corp.example", "test", "example.org"]
_ROLES = ["hes", "mdm", "mdms", "csms", "ocpp", "ocpi-hub", "cpo-api", "billing",
          "cis", "portal", "scada-hist", "piweb", "mqtt", "broker", "kafka", "pg",
          "db", "etl", "sftp", "settle", "mkt-api", "etrm", "gis", "wfm", "fsm",
          "dlms-gw", "ami-fep", "inv-cloud", "bess-ems", "dh-scada", "telemetry",
          "lora-ns", "keystore", "tariff", "mdus", "emsp-api"]
_ENVS = ["prod", "stg", "dev", "uat", "qa", "dr", "test", "preprod"]
_SVC = ["svc_mdm", "hes_app", "ocpp_cs", "csms_rw", "billing_batch", "etl_loader",
        "mdm_ro", "settle_api", "cis_integration", "grafana_ro", "pi_reader",
        "dlms_admin", "fieldsync", "portal_app", "trader_ro", "dh_ops",
        "water_scada", "telemetry", "ami_export", "steve", "ocpi_bridge",
        "inverter_sync", "bess_ctrl", "tariff_svc", "meter_ops", "mdus_writer",
        "gis_reader", "wfm_sync", "sap_isu_rfc", "ccb_batch"]
_FIRST = ["Ingrid", "Mateus", "Aiko", "Oluwaseun", "Priya", "Lars", "Sofia", "Jonas",
          "Mei", "Tomasz", "Fatima", "Diego", "Katarzyna", "Henrik", "Amara", "Yusuf",
          "Elif", "Rajesh", "Nora", "Bjorn", "Chiara", "Pieter", "Aino", "Sven",
          "Camille", "Joaquin", "Leilani", "Dmitri", "Hana", "Kofi", "Marta", "Jun",
          "Astrid", "Tariq", "Ilse", "Rui", "Zofia", "Emeka", "Noor", "Wojciech"]
_LAST = ["Halvorsen", "Oliveira", "Tanaka", "Adeyemi", "Raman", "Lindqvist", "Garcia",
         "Becker", "Chen", "Kowalski", "Haddad", "Moreno", "Nowak", "Dahl", "Okafor",
         "Demir", "Iyer", "Berg", "Rossi", "Devries", "Virtanen", "Nilsson", "Laurent",
         "Fuentes", "Kahale", "Volkov", "Sato", "Mensah", "Silva", "Park", "Andersen",
         "Rahman", "Meyer", "Costa", "Wisniewska", "Eze", "Aziz", "Novak", "Jensen"]
_MFR = ["KFM", "LGZ", "ISK", "ITF", "EMH", "SAG", "ELS", "KAM", "HXE", "ZPA", "APA"]
_CPO = ["NVK", "VLT", "KST", "LMW", "BGR", "HLR", "WTM", "GRL"]
_REGIONS = ["north", "south", "east", "west", "central", "coast", "valley", "harbor"]


def _dom():
    return _pick(_COS) + "." + _pick(_TLDS)


def _host(role=None):
    r = role or _pick(_ROLES)
    return "%s%s.%s.%s" % (r, _pick(["", "01", "02", "-a", "-1", "3"]), _pick(_ENVS), _dom())


def _ip():
    k = _R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (_n(0, 254), _n(0, 254), _n(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (_n(16, 31), _n(0, 254), _n(2, 254))
    return "192.168.%d.%d" % (_n(0, 254), _n(2, 254))


def _first():
    return _pick(_FIRST)


def _person():
    return _pick(_FIRST) + " " + _pick(_LAST)


def _login():
    if _R.random() < 0.5:
        return _pick(_SVC)
    return (_pick(_FIRST) + "." + _pick(_LAST)).lower()


def _email():
    return (_pick(_FIRST) + "." + _pick(_LAST)).lower() + "@" + _pick(_COS) + ".example"


def _date():
    return "20%d-%02d-%02d" % (_n(23, 25), _n(1, 12), _n(1, 28))


def _ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _n(0, 23), _n(0, 59), _n(0, 59), _n(0, 999))


def _tsl():
    return "%s %02d:%02d:%02d,%03d" % (_date(), _n(0, 23), _n(0, 59), _n(0, 59), _n(0, 999))


def _serial():
    return _pick(_MFR) + _dig(8)


def _cpid():
    return "%s-CP-%s" % (_pick(_CPO), _dig(5))


def _evse():
    return "%s*%s*E%s*%d" % (_pick(["DE", "NL", "NO", "SE", "FR", "BE", "AT"]),
                             _pick(_CPO), _dig(5), _n(1, 2))


def _systitle():
    m = _pick(_MFR)
    return "".join("%02X" % ord(c) for c in m) + _HEX(10)


def _obis():
    return _pick(["1.0.1.8.0.255", "1.0.2.8.0.255", "0.0.96.1.0.255", "1.0.32.7.0.255",
                  "0.0.1.0.0.255", "1.0.99.1.0.255", "0.0.43.1.0.255", "7.0.3.0.0.255"])


def _pem_lines(nbytes, prefix=b""):
    raw = base64.b64encode(prefix + _rbytes(nbytes)).decode()
    return "\n".join(raw[i:i + 64] for i in range(0, len(raw), 64))


_PKCS1_RSA = b"0\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00"
_PKCS8_RSA = b"0\x82\x04\xbd\x02\x01\x000\r\x06\t*\x86H\x86\xf7\r\x01\x01\x01\x05\x00\x04\x82\x04\xa70\x82\x04\xa3\x02\x01\x00"
_PKCS8_EC = b"0\x81\x87\x02\x01\x000\x13\x06\x07*\x86H\xce=\x02\x01\x06\x08*\x86H\xce=\x03\x01\x07\x04m0k\x02\x01\x01\x04 "
_SEC1_EC = b"0w\x02\x01\x01\x04 "


def _jwt(claims=None):
    hdr = _b64us('{"alg":"RS256","typ":"JWT","kid":"%s"}' % _hex(8))
    body = claims or '{"sub":"%s","iat":%d,"exp":%d,"scope":"%s"}' % (
        _uuid(), _n(1690000000, 1740000000), _n(1740000000, 1790000000),
        _pick(["meter.read", "ocpi.cpo", "settlement", "billing.write", "inverter.control"]))
    return hdr + "." + _b64us(body) + "." + _b64u(_pick([32, 64, 128, 256]))


def _JWT(claims=None):
    return _fresh(lambda: _jwt(claims))


def _azsecret():
    return _an(3) + _dig(1) + "Q~" + _ch(_AN + "_-.~", 34)


def _money():
    return "%d.%02d" % (_n(10, 9999), _n(0, 99))


# ---------------------------------------------------------------------------
# registry of secret templates
# ---------------------------------------------------------------------------
_T = []


def T(group, fmt, n=3):
    def deco(fn):
        _T.append((group, fmt, n, fn))
        return fn
    return deco

# ===========================================================================
# group: command
# ===========================================================================
G = "command"


@T(G, "psql-pgpassword-env-prefix")
def _():
    h, u, p = _host("pg"), _pick(_SVC), _P()
    t = ("PGPASSWORD='%s' psql -h %s -U %s -d mdm -c \"select count(*) from "
         "interval_reads where read_ts > now() - interval '1 hour';\"" % (p, h, u))
    return t, p, h


@T(G, "psql-uri-positional")
def _():
    h, u, p = _host("pg"), _pick(_SVC), _PU()
    t = 'psql "postgresql://%s:%s@%s:5432/billing?sslmode=require" -f migrations/00%d_tariffs.sql' % (
        u, p, h, _n(10, 99))
    return t, p, "migrations/"


@T(G, "mysql-dash-p-attached")
def _():
    h, u, p = _host("db"), _pick(_SVC), _P("!#%*+-=?^_~.")
    t = "mysql -h %s -u %s -p'%s' cis -e 'SHOW TABLES LIKE \"premise%%\";'" % (h, u, p)
    return t, p, h


@T(G, "mysqldump-password-equals")
def _():
    h, u, p = _host("db"), _pick(_SVC), _PU()
    t = ("mysqldump --host=%s --user=%s --password=%s --single-transaction ami_events "
         "> /backup/ami_events_$(date +%%F).sql" % (h, u, p))
    return t, p, "--single-transaction ami_events"


@T(G, "curl-basic-user-flag")
def _():
    h, u, p = _host("mdm"), _login(), _PU()
    t = "curl -sS -u %s:%s 'https://%s/api/v1/meters/%s/readings?from=%sT00:00:00Z&obis=%s' | jq '.values | length'" % (
        u, p, h, _serial(), _date(), _obis())
    return t, p, u


@T(G, "curl-bearer-header-ocpi")
def _():
    h = _host("ocpi-hub")
    tok = _K(lambda: _an(40))
    t = 'curl -s -H "Authorization: Bearer %s" https://%s/ocpi/emsp/2.2.1/locations?limit=50 | jq .data[0]' % (tok, h)
    return t, tok, h


@T(G, "curl-ocpi-token-header-base64")
def _():
    h = _host("ocpi-hub")
    tok = _K(lambda: _b64s(_uuid()))
    t = ("curl -X GET 'https://%s/ocpi/cpo/2.2.1/credentials' \\\n  -H 'Authorization: Token %s' \\\n"
         "  -H 'X-Request-ID: %s' -H 'OCPI-from-party-id: %s'" % (h, tok, _uuid(), _pick(_CPO)))
    return t, tok, "OCPI-from-party-id"


@T(G, "curl-api-key-query-param")
def _():
    site = _dig(7)
    k = _K(lambda: _uan(32))
    t = "curl -s \"https://monitoring.sunvendor-cloud.example/site/%s/energy?timeUnit=DAY&startDate=%s&endDate=%s&api_key=%s\"" % (
        site, _date(), _date(), k)
    return t, k, "timeUnit=DAY"


@T(G, "mosquitto-pub-dash-capital-p")
def _():
    h, u, p = _host("mqtt"), _pick(["ami-fep", "dc-gw-%s" % _dig(3), "hes-bridge"]), _P("!#%*+-=?^_~.")
    t = ("mosquitto_pub -h %s -p 8883 --cafile /etc/ssl/grid-ca.pem -u %s -P '%s' "
         "-t 'ami/dc/%s/cmd' -m '{\"op\":\"on_demand_read\",\"meter\":\"%s\"}'" % (h, u, p, _dig(4), _serial()))
    return t, p, "-t 'ami/dc/"


@T(G, "mosquitto-sub-pw-long-flag")
def _():
    h, u, p = _host("broker"), _pick(["telemetry", "bess_ctrl", "dh_ops"]), _P("!#%*+-=?^_~.")
    t = "mosquitto_sub -h %s -p 8883 --capath /etc/ssl/certs --username %s --pw '%s' -t 'bess/+/soc' -v -C 20" % (h, u, p)
    return t, p, "bess/+/soc"


@T(G, "sshpass-dash-p-ssh")
def _():
    ip, p = _ip(), _P("!#%*+-=?^_~.")
    t = "sshpass -p '%s' ssh -o StrictHostKeyChecking=no root@%s 'tail -n 200 /var/log/dlms/collector.log'" % (p, ip)
    return t, p, ip


@T(G, "docker-login-dash-p")
def _():
    d, u = _dom(), _pick(["ci-pusher", "deploy", "robot$csms"])
    tok = _K(lambda: _an(32))
    t = "docker login registry.%s -u '%s' -p %s" % (d, u, tok)
    return t, tok, "registry." + d


@T(G, "docker-login-password-stdin-echo")
def _():
    d, u, p = _dom(), _login(), _P("!#%*+-=?^_~.")
    t = "echo '%s' | docker login --username %s --password-stdin harbor.%s" % (p, u, d)
    return t, p, "--password-stdin"


@T(G, "kubectl-create-secret-from-literal")
def _():
    p = _P("!#%*+-=?^_~.")
    ns = _pick(["csms", "ev-roaming", "ami", "billing", "mdm"])
    t = ("kubectl -n %s create secret generic ocpp-db --from-literal=username=csms "
         "--from-literal=password='%s' --dry-run=client -o yaml | kubectl apply -f -" % (ns, p))
    return t, p, "kubectl -n " + ns


@T(G, "redis-cli-dash-a")
def _():
    h, p = _host("db"), _P("!#%*+-=?^_~.")
    t = "redis-cli -h %s -p 6380 --tls -a '%s' --no-auth-warning --scan --pattern 'session:cp:*' | head" % (h, p)
    return t, p, h


@T(G, "mongosh-srv-uri")
def _():
    u, p = _pick(_SVC), _PU()
    c = "telemetry-%s.mongo.%s" % (_lan(5), _dom())
    t = 'mongosh "mongodb+srv://%s:%s@%s/inverters?retryWrites=true&w=majority" --eval \'db.samples.countDocuments()\'' % (u, p, c)
    return t, p, c


@T(G, "htpasswd-batch-create")
def _():
    u, p = _pick(["ops", "mdm-viewer", "fieldcrew", "grafana"]), _P("!#%*+-=?^_~.")
    t = "sudo htpasswd -b -c /etc/nginx/.htpasswd_mdm %s '%s' && sudo nginx -s reload" % (u, p)
    return t, p, "/etc/nginx/.htpasswd_mdm"


@T(G, "openssl-pkcs12-passin-pass")
def _():
    cp, p = _cpid(), _PU()
    t = "openssl pkcs12 -in %s.p12 -out %s.pem -nodes -passin pass:%s" % (cp, cp, p)
    return t, p, cp + ".p12"


@T(G, "git-clone-oauth2-token-url")
def _():
    d = _dom()
    tok = _K(lambda: "glpat-" + _ch(_AN + "-_", 20))
    t = "git clone https://oauth2:%s@gitlab.%s/grid/hes-adapters.git && cd hes-adapters" % (tok, d)
    return t, tok, "gitlab." + d


@T(G, "export-entsoe-security-token")
def _():
    tok = _K(_uuid)
    t = "export ENTSOE_SECURITY_TOKEN=%s\npython fetch_da_prices.py --zone 10YNO-1--------2 --date %s" % (tok, _date())
    return t, tok, "fetch_da_prices.py"


@T(G, "aws-configure-set-secret")
def _():
    s = _K(lambda: _ch(_AN + "/+", 40))
    prof = _pick(["meterdata-prod", "ami-archive", "settlement-dr", "ev-analytics"])
    t = "aws configure set aws_secret_access_key %s --profile %s" % (s, prof)
    return t, s, prof


@T(G, "az-login-service-principal")
def _():
    s = _K(_azsecret)
    t = "az login --service-principal -u %s -p '%s' --tenant %s" % (_uuid(), s, _uuid())
    return t, s, "az login --service-principal"


@T(G, "vault-kv-put-field")
def _():
    cp, p = _cpid(), _K(lambda: _hex(40))
    t = "vault kv put kv/ocpp/chargepoints/%s basic_auth_password=%s security_profile=2" % (cp, p)
    return t, p, cp


@T(G, "helm-upgrade-set-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("helm upgrade --install csms ./charts/csms -n ev --set image.tag=2.%d.%d "
         "--set postgresql.auth.password='%s' --wait" % (_n(0, 9), _n(0, 20), p))
    return t, p, "./charts/csms"


@T(G, "lftp-user-comma-pass")
def _():
    h, u, p = _host("sftp"), _pick(_SVC), _P("!#%*+-=?^_~.")
    t = "lftp -u %s,'%s' sftp://%s -e \"mirror --only-newer /outbound/settlement ./settle; bye\"" % (u, p, h)
    return t, p, h


@T(G, "smbclient-domain-user-percent-pass")
def _():
    h, u, p = _host("fs"), _login(), _P("!#*+-=?^_~.")
    t = "smbclient //%s/MeterExports -U 'GRID\\%s%%%s' -c 'cd 2024; ls'" % (h, u, p)
    return t, p, "MeterExports"


@T(G, "wget-user-password-flags")
def _():
    h, u, p = _host("mdm"), _pick(_SVC), _P("!#%*+-=?^_~.")
    t = "wget --user=%s --password='%s' https://%s/exports/mdm/intervals_%s.csv.gz" % (u, p, h, _date()[:7])
    return t, p, u


@T(G, "sqlcmd-dash-capital-p")
def _():
    h, u, p = _host("cis"), _pick(["ccb_batch", "cis_integration", "billing_batch"]), _P("!#%*+-=?^_~.")
    t = "sqlcmd -S %s,1433 -U %s -P '%s' -d CCB_Billing -Q \"EXEC dbo.usp_rebill @account_id=%s\"" % (h, u, p, _dig(9))
    return t, p, "CCB_Billing"


@T(G, "sqlplus-user-slash-pass-at")
def _():
    h, u, p = _host("cis"), _pick(["settle", "cis_ro", "isu_batch"]), _PU()
    t = "sqlplus %s/%s@//%s:1521/CISPRD @close_period.sql %s" % (u, p, h, _date()[:7])
    return t, p, "close_period.sql"


@T(G, "influx-cli-token-flag")
def _():
    h = _host("telemetry")
    tok = _K(lambda: _b64(64).rstrip("=")[:86] + "==")
    t = ("influx query --host https://%s:8086 --org grid-ops --token %s "
         "'from(bucket:\"inverters\") |> range(start:-15m) |> filter(fn:(r)=> r._field==\"p_ac\")'" % (h, tok))
    return t, tok, "--org grid-ops"


@T(G, "snmpwalk-v3-auth-priv-same")
def _():
    ip, p = _ip(), _P("!#%*+-=?^_~.")
    t = "snmpwalk -v3 -l authPriv -u rtu-mon -a SHA -A '%s' -x AES -X '%s' %s 1.3.6.1.2.1.1" % (p, p, ip)
    return t, p, ip


@T(G, "ipmitool-lanplus-password")
def _():
    bmc, p = "bmc-%s.%s" % (_pick(["hes01", "mdm02", "pi03"]), _dom()), _P("!#%*+-=?^_~.")
    t = "ipmitool -I lanplus -H %s -U ADMIN -P '%s' chassis power status" % (bmc, p)
    return t, p, bmc


@T(G, "mount-cifs-options-password")
def _():
    h, u, p = _host("fs"), _pick(_SVC), _PU()
    t = "sudo mount -t cifs //%s/scada_exports /mnt/scada -o username=%s,password=%s,vers=3.0,uid=1000" % (h, u, p)
    return t, p, "/mnt/scada"


@T(G, "nmcli-wifi-connect-password")
def _():
    ssid, p = "SUBST-%s-MAINT" % _dig(3), _P("!#%*+-=?^_~.")
    t = "nmcli dev wifi connect \"%s\" password '%s' ifname wlan0" % (ssid, p)
    return t, p, ssid


@T(G, "wpa-passphrase-append")
def _():
    ssid, p = "FieldCrew-%s" % _pick(_REGIONS).capitalize(), _P("!#%*+-=?^_~.")
    t = "wpa_passphrase \"%s\" '%s' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf" % (ssid, p)
    return t, p, ssid


@T(G, "minio-mc-alias-set")
def _():
    h = _host("s3")
    ak = _uan(20)
    sk = _K(lambda: _ch(_AN, 40))
    t = "mc alias set ami-archive https://%s %s %s --api S3v4" % (h, ak, sk)
    return t, sk, "mc alias set ami-archive"


@T(G, "restic-password-env-prefix")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "RESTIC_PASSWORD='%s' restic -r s3:https://s3.%s/hes-backups backup /var/lib/hes --tag nightly" % (p, _dom())
    return t, p, "restic -r"


@T(G, "gpg-batch-passphrase-decrypt")
def _():
    p, d = _P("!#%*+-=?^_~."), _date()
    t = "gpg --batch --pinentry-mode loopback --passphrase '%s' -d settlement_%s.csv.gpg > settlement_%s.csv" % (p, d, d)
    return t, p, "settlement_%s.csv.gpg" % d


@T(G, "7z-extract-dash-p-meter-keys")
def _():
    p, n = _P("!#%*+-=?^_~."), _dig(4)
    t = "7z x -p'%s' meter_keys_batch%s.7z -o./keys && wc -l keys/*.csv" % (p, n)
    return t, p, "meter_keys_batch%s.7z" % n


@T(G, "zip-dash-capital-p")
def _():
    p, d = _P("!#%*+-=?^_~."), _date()
    t = "zip -P '%s' -r handover_%s.zip exports/ notes.md" % (p, d)
    return t, p, "handover_%s.zip" % d


@T(G, "keytool-importkeystore-storepass")
def _():
    p = _PU()
    t = ("keytool -importkeystore -srckeystore cp-fleet.p12 -srcstoretype PKCS12 -srcstorepass %s "
         "-destkeystore csms-truststore.jks -deststorepass %s -noprompt" % (p, p))
    return t, p, "csms-truststore.jks"


@T(G, "rabbitmqctl-add-user")
def _():
    u, p = _pick(["ami_fep", "ocpp_events", "billing_events"]), _P("!#%*+-=?^_~.")
    t = "rabbitmqctl add_user %s '%s' && rabbitmqctl set_permissions -p /ami %s '.*' '.*' '.*'" % (u, p, u)
    return t, p, "set_permissions"


@T(G, "kafka-console-consumer-jaas-property")
def _():
    u, p = _pick(["mdm-consumer", "settle-reader", "ev-analytics"]), _P("!#%*+-=?^_~.")
    t = ("kafka-console-consumer.sh --bootstrap-server %s:9093 --topic meter.reads.v2 --from-beginning \\\n"
         "  --consumer-property security.protocol=SASL_SSL --consumer-property sasl.mechanism=PLAIN \\\n"
         "  --consumer-property sasl.jaas.config='org.apache.kafka.common.security.plain.PlainLoginModule "
         "required username=\"%s\" password=\"%s\";'" % (_host("kafka"), u, p))
    return t, p, "meter.reads.v2"


@T(G, "gurux-dlms-client-lls-password")
def _():
    p = _K(lambda: _pick([_dig(8), _an(8), _an(12), _an(16)]))
    t = 'java -jar gurux.dlms.client.jar -S COM3:9600:8None1 -a Low -P %s -c 16 -s 1 -g "%s:2"' % (p, _obis())
    return t, p, "gurux.dlms.client.jar"


@T(G, "dlms-cli-hls-auth-key-flag")
def _():
    ip, k = _ip(), _K(lambda: _HEX(32))
    t = ("dlms-cli read --host %s --port 4059 --client 1 --security AUTH_ENC --system-title %s "
         "--auth-key %s --obis %s" % (ip, _systitle(), k, _obis()))
    return t, k, ip


@T(G, "ocpp-simulator-basic-auth-flag")
def _():
    cp, h, p = _cpid(), _host("csms"), _K(lambda: _hex(40))
    t = "./cp-sim --csms wss://%s/ocpp/%s --protocol ocpp1.6 --security-profile 2 --basic-auth %s:%s --vendor Voltara --model WB22" % (
        h, cp, cp, p)
    return t, p, cp


@T(G, "wscat-basic-auth-header")
def _():
    cp, h = _cpid(), _host("csms")
    b = _K(lambda: _b64s("%s:%s" % (cp, _pw_raw("-_."))))
    t = 'wscat -c wss://%s/ocpp/%s -s ocpp2.0.1 -H "Authorization: Basic %s"' % (h, cp, b)
    return t, b, h


@T(G, "websocat-url-userinfo")
def _():
    cp, h, p = _cpid(), _host("ocpp"), _PU()
    t = "websocat --protocol ocpp1.6 -t 'wss://%s:%s@%s/ws/%s'" % (cp, p, h, cp)
    return t, p, cp


@T(G, "az-storage-account-key-flag")
def _():
    k = _K(lambda: _b64(64))
    acct = "st" + _pick(["meterarchive", "amiraw", "evsessions", "settle"]) + _lan(3)
    t = "az storage blob upload --account-name %s --account-key '%s' -c raw -f reads_%s.parquet -n %s/reads.parquet" % (
        acct, k, _date(), _date())
    return t, k, acct


@T(G, "gh-secret-set-body")
def _():
    tok = _K(lambda: _b64s(_uuid()))
    repo = "%s/ocpi-bridge" % _pick(_COS)
    t = "gh secret set OCPI_TOKEN_C --body '%s' --repo %s --env production" % (tok, repo)
    return t, tok, repo


@T(G, "pip-install-index-url-creds")
def _():
    u, p, d = _pick(["ci", "build", "analytics"]), _PU(), _dom()
    t = "pip install --index-url https://%s:%s@pypi.%s/simple/ dlms-cosem-tools==%d.%d.%d" % (
        u, p, d, _n(0, 3), _n(0, 20), _n(0, 9))
    return t, p, "dlms-cosem-tools"


@T(G, "ansible-playbook-extra-vars-become")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "ansible-playbook site.yml -l rtu_%s -e 'ansible_become_password=%s' --tags ntp,snmp" % (_pick(_REGIONS), p)
    return t, p, "site.yml"


@T(G, "windows-net-use-drive")
def _():
    h, u, p = _host("fs"), _login(), _P("!#*+-=?^_~.")
    t = "net use Z: \\\\%s\\Settlement /user:GRIDCORP\\%s %s /persistent:no" % (h, u, p)
    return t, p, "Settlement"


@T(G, "powershell-pscredential-oneliner")
def _():
    h, u, p = _host("hes"), _login(), _P("!#%*+-=?^_~.")
    t = ("$cred = New-Object System.Management.Automation.PSCredential('GRIDCORP\\%s', "
         "(ConvertTo-SecureString '%s' -AsPlainText -Force)); Enter-PSSession -ComputerName %s -Credential $cred") % (u, p, h)
    return t, p, "Enter-PSSession"


@T(G, "psexec-user-password")
def _():
    h, u, p = _host("hes"), _login(), _P("!#*+-=?^_~.")
    t = 'psexec \\\\%s -u GRIDCORP\\%s -p %s cmd /c "sc query HESCollector"' % (h, u, p)
    return t, p, "sc query HESCollector"


@T(G, "expect-sftp-send-password")
def _():
    h, u, p = _host("sftp"), _pick(_SVC), _P("!#%*+-=?^_~.")
    t = "expect -c 'spawn sftp %s@%s; expect \"password:\"; send \"%s\\r\"; interact'" % (u, h, p)
    return t, p, h


@T(G, "rclone-obscure-inline")
def _():
    h, p = _host("sftp"), _P("!#%*+-=?^_~.")
    t = "rclone copy ./outbound :sftp:/inbound/mdm --sftp-host %s --sftp-user mdus --sftp-pass $(rclone obscure '%s')" % (h, p)
    return t, p, "--sftp-host"


@T(G, "curl-client-credentials-form")
def _():
    h, cid = _host("mkt-api"), _pick(["settlement-bot", "da-bidder", "imbalance-sync"])
    s = _K(lambda: _an(_n(32, 48)))
    t = ("curl -s -X POST https://%s/oauth2/token -d grant_type=client_credentials "
         "-d client_id=%s -d client_secret=%s -d scope=bids.write" % (h, cid, s))
    return t, s, cid


@T(G, "curl-json-login-body")
def _():
    h, u, p = _host("portal"), _email(), _P("!#%*+-=?^_~.")
    t = ("curl -s -X POST https://%s/api/login -H 'Content-Type: application/json' "
         "-d '{\"username\":\"%s\",\"password\":\"%s\"}' -c cookies.txt" % (h, u, p))
    return t, p, u


@T(G, "httpie-api-key-header")
def _():
    h, sn = _host("inv-cloud"), "INV" + _dig(9)
    k = _K(lambda: _hex(32))
    t = "http POST https://%s/v1/inverters/%s/commands X-Api-Key:%s mode=export_limit value:=4600" % (h, sn, k)
    return t, k, sn


@T(G, "pg-dump-keyword-dsn")
def _():
    h, u, p = _host("pg"), _pick(["dh_ops", "heatnet_ro", "water_scada"]), _P("!#%*+-=?^_~.")
    t = 'pg_dump "host=%s port=5432 dbname=heatnet user=%s password=%s sslmode=verify-full" -Fc -f heatnet_%s.dump' % (
        h, u, p, _date())
    return t, p, "dbname=heatnet"


@T(G, "ldapsearch-bind-w")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("ldapsearch -H ldaps://dc01.%s -D 'cn=svc_wfm,ou=Service,dc=grid,dc=corp' -w '%s' "
         "-b 'ou=FieldCrews,dc=grid,dc=corp' '(memberOf=cn=Tablets,ou=Groups,dc=grid,dc=corp)' sAMAccountName" % (_dom(), p))
    return t, p, "ou=FieldCrews"


@T(G, "curl-proxy-user")
def _():
    u, p = _login(), _PU()
    t = "curl -x http://proxy.%s:3128 --proxy-user %s:%s https://transparency.grid-api.example/api?documentType=A44" % (
        _dom(), u, p)
    return t, p, "documentType=A44"


@T(G, "docker-run-env-root-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "docker run -d --name steve-db -e MYSQL_ROOT_PASSWORD='%s' -e MYSQL_DATABASE=stevedb -p 3306:3306 mariadb:10.11" % p
    return t, p, "steve-db"


@T(G, "sudo-dash-s-echo")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "echo '%s' | sudo -S systemctl restart hes-collector.service && journalctl -u hes-collector -n 20" % p
    return t, p, "hes-collector.service"


@T(G, "curl-upload-ftp-url-creds")
def _():
    h, u, p = _host("ftp"), _pick(_SVC), _PU()
    t = "curl -T reads_%s.csv ftp://%s:%s@%s/inbound/" % (_date(), u, p, h)
    return t, p, h


@T(G, "tasmota-backlog-mqtt-password")
def _():
    ip, p = _ip(), _P("!#%*+-=?^_~.")
    t = "curl \"http://%s/cm?cmnd=Backlog%%20MqttHost%%20%s%%3B%%20MqttUser%%20meter%%3B%%20MqttPassword%%20%s\"" % (
        ip, _host("mqtt"), p)
    return t, p, ip


@T(G, "modpoll-gateway-login-then-read")
def _():
    ip, p = _ip(), _P("!#%*+-=?^_~.")
    t = ("curl -s -c jar.txt -d 'user=installer&pass=%s' http://%s/login.cgi && "
         "modpoll -m tcp -a 1 -r 40071 -c 2 %s" % (p, ip, ip))
    return t, p, "modpoll -m tcp"


@T(G, "openssl-enc-pass-arg")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "openssl enc -d -aes-256-cbc -pbkdf2 -in guek_export.bin.enc -out guek_export.csv -pass pass:'%s'" % p
    return t, p, "guek_export.bin.enc"


@T(G, "mongodump-password-flag")
def _():
    h, p = _host("db"), _P("!#%*+-=?^_~.")
    t = "mongodump --host %s --username ocpp_cs --password '%s' --authenticationDatabase admin --db csms --out /backup/csms" % (h, p)
    return t, p, "--authenticationDatabase admin"

# ===========================================================================
# group: tool-output
# ===========================================================================
G = "tool-output"


@T(G, "env-grep-output")
def _():
    h, p, cp = _host("csms"), _K(lambda: _hex(32)), _cpid()
    t = ("$ env | grep -i ocpp\nOCPP_CSMS_URL=wss://%s/ocpp\nOCPP_CP_ID=%s\n"
         "OCPP_BASIC_AUTH_PASSWORD=%s\nOCPP_HEARTBEAT_S=300" % (h, cp, p))
    return t, p, "OCPP_CP_ID=" + cp


@T(G, "docker-inspect-env-array")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ('$ docker inspect mdm-api --format \'{{json .Config.Env}}\' | jq .\n[\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/bin",\n'
         '  "TZ=Europe/Oslo",\n  "DB_HOST=%s",\n  "DB_PASSWORD=%s",\n  "JAVA_OPTS=-Xmx2g"\n]' % (_host("pg"), p))
    return t, p, "docker inspect mdm-api"


@T(G, "kubectl-get-secret-yaml-data")
def _():
    b = _K(lambda: _b64s(_pw_raw()))
    t = ("$ kubectl -n ami get secret hes-db -o yaml\napiVersion: v1\ndata:\n  password: %s\n  username: %s\n"
         "kind: Secret\nmetadata:\n  name: hes-db\n  namespace: ami\ntype: Opaque" % (b, _b64s("hes_app")))
    return t, b, "name: hes-db"


@T(G, "kubectl-describe-pod-env")
def _():
    k = _K(lambda: _an(40))
    t = ("$ kubectl describe pod hes-adapter-7d9f%s-%s\n...\n    Environment:\n      LOG_LEVEL:        info\n"
         "      HES_ENDPOINT:     https://%s/soap/v2\n      HES_API_KEY:      %s\n      METER_BATCH:      500\n"
         "    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access (ro)" % (
             _lan(4), _lan(5), _host("hes"), k))
    return t, k, "HES_ENDPOINT"


@T(G, "terraform-output-json-sensitive")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ('$ terraform output -json\n{\n  "pg_admin_password": {\n    "sensitive": true,\n    "type": "string",\n'
         '    "value": "%s"\n  },\n  "pg_fqdn": {\n    "sensitive": false,\n    "type": "string",\n    "value": "%s"\n  }\n}' % (
             p, _host("pg")))
    return t, p, "pg_fqdn"


@T(G, "aws-iam-create-access-key-json")
def _():
    s = _K(lambda: _ch(_AN + "/+", 40))
    t = ('$ aws iam create-access-key --user-name svc-ami-archive\n{\n    "AccessKey": {\n        "UserName": "svc-ami-archive",\n'
         '        "AccessKeyId": "AKIA%s",\n        "Status": "Active",\n        "SecretAccessKey": "%s",\n'
         '        "CreateDate": "%s"\n    }\n}' % (_uan(16), s, _ts()))
    return t, s, "svc-ami-archive"


@T(G, "az-ad-sp-create-for-rbac-json")
def _():
    s = _K(_azsecret)
    t = ('$ az ad sp create-for-rbac --name sp-ami-etl --role Contributor --scopes /subscriptions/%s\n{\n'
         '  "appId": "%s",\n  "displayName": "sp-ami-etl",\n  "password": "%s",\n  "tenant": "%s"\n}' % (
             _uuid(), _uuid(), s, _uuid()))
    return t, s, "sp-ami-etl"


@T(G, "vault-kv-get-table")
def _():
    p = _P()
    t = ("$ vault kv get -mount=kv market/epex\n====== Data ======\nKey         Value\n---         -----\n"
         "member_id   %s\npassword    %s\nusername    %s" % (_uan(5), p, _pick(["da_trader", "desk-north", "bidbot"])))
    return t, p, "member_id"


@T(G, "heroku-config-database-url")
def _():
    u, p = "u" + _lan(13), _K(lambda: "p" + _hex(63))
    t = ("$ heroku config -a billing-portal-%s\n=== billing-portal Config Vars\nDATABASE_URL: postgres://%s:%s@ec2-%s.eu-west-1.compute.example:5432/d%s\n"
         "NODE_ENV:     production\nTZ:           Europe/Dublin" % (_lan(4), u, p, _dig(3), _lan(12)))
    return t, p, "NODE_ENV:     production"


@T(G, "cat-netrc-output")
def _():
    h, u, p = _host("mdm"), _pick(_SVC), _P("!#%*+-=?^_~.")
    t = "$ cat ~/.netrc\nmachine %s\n  login %s\n  password %s\nmachine api.github.example\n  login x-oauth-basic" % (h, u, p)
    return t, p, h


@T(G, "git-config-list-token-remote")
def _():
    tok = _K(lambda: "ghs_" + _an(36))
    t = ("$ git config --list | grep remote\nremote.origin.url=https://x-access-token:%s@github.com/%s/tariff-engine.git\n"
         "remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*" % (tok, _pick(_COS)))
    return t, tok, "remote.origin.fetch"


@T(G, "ps-aux-process-args")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("$ ps aux | grep collector\nhes       2314  3.1  4.2 2319844 688120 ?  Ssl  %02d:%02d  41:07 /opt/hes/bin/collector "
         "--db-url=jdbc:postgresql://%s/hes --db-user=hes_app --db-password=%s --workers=8" % (
             _n(0, 23), _n(0, 59), _host("pg"), p))
    return t, p, "/opt/hes/bin/collector"


@T(G, "systemctl-show-environment")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "$ systemctl show hes-collector -p Environment\nEnvironment=HES_DB_USER=hes HES_DB_PASS=%s JAVA_OPTS=-Xmx2g TZ=UTC" % p
    return t, p, "HES_DB_USER=hes"


@T(G, "npm-config-list-authtoken")
def _():
    tok = _K(lambda: "npm_" + _an(36))
    t = ('$ npm config list\n; "user" config from /home/ci/.npmrc\n\n//registry.npmjs.org/:_authToken = "%s"\n'
         '@voltara:registry = "https://npm.pkg.%s/"\n\n; node bin location = /usr/local/bin/node' % (tok, _dom()))
    return t, tok, "node bin location"


@T(G, "docker-compose-config-rendered")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("$ docker compose config\nname: steve\nservices:\n  db:\n    environment:\n      MYSQL_DATABASE: stevedb\n"
         "      MYSQL_PASSWORD: %s\n      MYSQL_USER: steve\n    image: mariadb:10.11" % p)
    return t, p, "MYSQL_USER: steve"


@T(G, "helm-get-values-output")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("$ helm get values ami-bridge -n ami\nUSER-SUPPLIED VALUES:\nmqtt:\n  auth:\n    password: %s\n"
         "    username: ami-bridge\n  host: %s\nreplicaCount: 2" % (p, _host("mqtt")))
    return t, p, "USER-SUPPLIED VALUES"


@T(G, "nmcli-show-secrets-psk")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("$ nmcli --show-secrets connection show FieldTablet-%s | grep -E 'ssid|psk'\n802-11-wireless.ssid:                   CREW-%s\n"
         "802-11-wireless-security.psk:           %s\n802-11-wireless-security.psk-flags:     0 (none)" % (
             _dig(2), _pick(_REGIONS).upper(), p))
    return t, p, "802-11-wireless.ssid"


@T(G, "wg-showconf-private-key")
def _():
    k = _K(lambda: _b64(32))
    t = ("$ sudo wg showconf wg-substation\n[Interface]\nListenPort = 51820\nPrivateKey = %s\n\n[Peer]\n"
         "PublicKey = %s\nAllowedIPs = 10.%d.0.0/16\nEndpoint = %s:51820" % (k, _b64(32), _n(1, 250), _ip()))
    return t, k, "ListenPort = 51820"


@T(G, "redis-config-get-requirepass")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "%s"\n127.0.0.1:6379> CONFIG GET maxmemory\n1) "maxmemory"\n2) "2147483648"' % p
    return t, p, "CONFIG GET maxmemory"


@T(G, "oauth-token-response-json")
def _():
    tok = _K(lambda: _an(_n(48, 64)))
    t = '{"access_token":"%s","token_type":"Bearer","expires_in":3599,"scope":"meter.read meter.events"}' % tok
    return t, tok, "token_type"


@T(G, "hesctl-meter-show-keys")
def _():
    sn, k = _serial(), _K(lambda: _HEX(32))
    t = ("$ hesctl meter show %s --keys\nSerial:           %s\nSystem title:     %s\nSecurity suite:   0 (AES-GCM-128)\n"
         "GUEK:             %s\nGAK:              (masked, use --reveal-gak)\nInvocation ctr:   %d" % (
             sn, sn, _systitle(), k, _n(1000, 999999)))
    return t, k, "Security suite"


@T(G, "cp-diag-getconfiguration-echo")
def _():
    k = _K(lambda: _hex(40))
    t = ("cp-diag> get-config\n  HeartbeatInterval        300\n  MeterValueSampleInterval 60\n  AuthorizationKey         %s\n"
         "  SecurityProfile          2\n  CpoName                  %s" % (k, _pick(_COS)))
    return t, k, "HeartbeatInterval"


@T(G, "inverter-local-login-response")
def _():
    ip = _ip()
    tok = _K(lambda: _hex(48))
    t = ('$ curl -s -X POST http://%s/api/login -d \'{"user":"installer"}\'\n{"result":{"token":"%s","role":"installer","ttl":900}}' % (
        ip, tok))
    return t, tok, ip


@T(G, "mysql-select-settings-table")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("mysql> SELECT name, value FROM settings WHERE name LIKE 'smtp%%';\n+---------------+---------------------------+\n"
         "| name          | value                     |\n+---------------+---------------------------+\n"
         "| smtp_host     | smtp.%s |\n| smtp_user     | billing-notify            |\n| smtp_password | %s |\n"
         "+---------------+---------------------------+\n3 rows in set (0.00 sec)" % (_dom(), p))
    return t, p, "billing-notify"


@T(G, "psql-select-integrations-row")
def _():
    p = _P("!#%*+-=?^_~.")
    t = (" id |        host         | username  |   password\n----+---------------------+-----------+--------------\n"
         "  %d | %s | %s | %s\n(1 row)" % (_n(1, 40), _host("settle"), _pick(_SVC), p))
    return t, p, "(1 row)"


@T(G, "gcloud-secrets-access-output")
def _():
    p = _P()
    t = "$ gcloud secrets versions access latest --secret=epex-api-password --project=trading-%s\n%s" % (_lan(6), p)
    return t, p, "--secret=epex-api-password"


@T(G, "aws-secretsmanager-get-secret-value")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ('$ aws secretsmanager get-secret-value --secret-id prod/mdm/db\n{\n    "ARN": "arn:aws:secretsmanager:eu-north-1:%s:secret:prod/mdm/db-%s",\n'
         '    "Name": "prod/mdm/db",\n    "SecretString": "{\\"username\\":\\"mdm_app\\",\\"password\\":\\"%s\\"}",\n'
         '    "VersionStages": ["AWSCURRENT"]\n}' % (_dig(12), _an(6), p))
    return t, p, '"Name": "prod/mdm/db"'


@T(G, "op-item-get-fields")
def _():
    p = _P()
    t = ("$ op item get 'Sunny portal installer' --vault Field\nID:          %s\nTitle:       Sunny portal installer\nVault:       Field\n"
         "Fields:\n  username:    installer@%s\n  password:    %s\nURLs:\n  website:     https://portal.%s/login" % (
             _lan(26), _dom(), p, _dom()))
    return t, p, "Sunny portal installer"


@T(G, "pm2-env-dump")
def _():
    s = _K(lambda: _an(32))
    t = "$ pm2 env 3\nNODE_ENV: production\nPORT: 8080\nMDM_API_URL: https://%s\nMDM_API_SECRET: %s\nname: portal-api\nexec_mode: cluster_mode" % (
        _host("mdm"), s)
    return t, s, "name: portal-api"


@T(G, "git-credentials-cat")
def _():
    u, tok = _login(), _K(lambda: "ghp_" + _an(36))
    t = "$ cat ~/.git-credentials\nhttps://%s:%s@github.com" % (u, tok)
    return t, tok, "~/.git-credentials"


@T(G, "kubectl-config-view-raw-token")
def _():
    tok = _JWT('{"iss":"kubernetes/serviceaccount","kubernetes.io/serviceaccount/namespace":"ami","sub":"system:serviceaccount:ami:ci-deployer"}')
    t = ("$ kubectl config view --raw --minify\nusers:\n- name: ci-deployer\n  user:\n    token: %s\ncontexts:\n"
         "- context:\n    cluster: aks-ami-prod\n    namespace: ami" % tok)
    return t, tok, "cluster: aks-ami-prod"


@T(G, "pip-config-list-index-url")
def _():
    p = _PU()
    t = "$ pip config list\nglobal.index-url='https://build:%s@nexus.%s/repository/pypi-all/simple'\nglobal.timeout='60'" % (p, _dom())
    return t, p, "global.timeout"


@T(G, "ansible-vault-view-output")
def _():
    p = _P()
    t = ("$ ansible-vault view group_vars/market/vault.yml\nVault password: \n---\nvault_epex_user: desk_%s\n"
         "vault_epex_password: \"%s\"\nvault_nordpool_client_id: np-%s" % (_pick(_REGIONS), p, _lan(8)))
    return t, p, "vault_epex_user"


@T(G, "sops-decrypt-output")
def _():
    k = _K(lambda: _an(40))
    t = "$ sops -d secrets/prod.enc.yaml\nocpi:\n  versions_url: https://%s/ocpi/versions\n  token_c: %s\nlog_level: info" % (
        _host("ocpi-hub"), k)
    return t, k, "versions_url"


@T(G, "grep-recursive-password-hits")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("$ grep -rn password /etc/telegraf/\n/etc/telegraf/telegraf.d/mqtt.conf:14:  password = \"%s\"\n"
         "/etc/telegraf/telegraf.conf:88:  # password = \"\"" % p)
    return t, p, "/etc/telegraf/telegraf.d/mqtt.conf"


@T(G, "ripgrep-api-key-hit")
def _():
    k = _K(lambda: _an(32))
    t = '$ rg -n "API_KEY" src/\nsrc/ingest/solar_forecast.py:14:SOLAR_FORECAST_API_KEY = "%s"\nsrc/ingest/__init__.py:3:from .solar_forecast import SOLAR_FORECAST_API_KEY' % k
    return t, k, "src/ingest/solar_forecast.py"


@T(G, "git-diff-added-line")
def _():
    p = _P()
    t = ("$ git diff HEAD~1 -- config/hes.yaml\n@@ -12,6 +12,7 @@ dlms:\n   client_address: 16\n   authentication: LOW\n"
         "+  lls_password: \"%s\"\n   timeout_ms: 12000" % p)
    return t, p, "config/hes.yaml"


@T(G, "git-show-removed-line")
def _():
    tok = _K(lambda: "xoxb-" + _dig(11) + "-" + _dig(13) + "-" + _an(24))
    t = ("$ git show %s -- alerts/notify.py\ncommit %s\nAuthor: %s <%s>\n\n    move slack token to env\n\n"
         "-SLACK_TOKEN = \"%s\"\n+SLACK_TOKEN = os.environ[\"SLACK_TOKEN\"]" % (_hex(7), _hex(40), _person(), _email(), tok))
    return t, tok, "move slack token to env"


@T(G, "strings-firmware-grep")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "$ strings gw_fw_%d.%d.bin | grep -iE 'pass|ssid'\nwifi_ssid=DC-GW-SETUP\nwifi_pass=%s\nota_url=https://fw.%s/gw" % (
        _n(1, 4), _n(0, 30), p, _dom())
    return t, p, "wifi_ssid=DC-GW-SETUP"


@T(G, "proc-environ-tr-output")
def _():
    tok = _K(lambda: _an(44))
    t = "$ sudo cat /proc/$(pidof ocpi-bridge)/environ | tr '\\0' '\\n'\nHOME=/srv/ocpi\nOCPI_ROLE=EMSP\nOCPI_TOKEN_A=%s\nPORT=9090" % tok
    return t, tok, "OCPI_ROLE=EMSP"


@T(G, "crontab-list-curl-basic")
def _():
    h, p = _host("mdm"), _PU()
    t = "$ crontab -l\n# m h dom mon dow command\n*/15 * * * * curl -s -u mdus:%s https://%s/trigger/vee > /dev/null 2>&1" % (p, h)
    return t, p, "/trigger/vee"


@T(G, "shell-history-grep")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "$ history | grep mysql\n  412  mysql -u root -p\n  418  mysql -u billing -p'%s' -h %s cis\n  502  history | grep mysql" % (
        p, _host("db"))
    return t, p, "history | grep mysql"


@T(G, "jq-credentials-object")
def _():
    p = _P()
    t = '$ jq .credentials config/portal.json\n{\n  "user": "%s",\n  "pass": "%s",\n  "realm": "customers"\n}' % (_email(), p)
    return t, p, "config/portal.json"


@T(G, "terraform-state-show-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ('$ terraform state show azurerm_postgresql_flexible_server.mdm\nresource "azurerm_postgresql_flexible_server" "mdm" {\n'
         '    administrator_login    = "mdmadmin"\n    administrator_password = "%s"\n    location               = "westeurope"\n'
         '    sku_name               = "GP_Standard_D4s_v3"' % p)
    return t, p, "administrator_login"


@T(G, "az-webapp-appsettings-list")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ('$ az webapp config appsettings list -g rg-portal -n portal-%s\n[\n  {"name": "BILLING_DB_PASSWORD", "slotSetting": false, "value": "%s"},\n'
         '  {"name": "WEBSITE_RUN_FROM_PACKAGE", "slotSetting": false, "value": "1"}\n]' % (_lan(5), p))
    return t, p, "WEBSITE_RUN_FROM_PACKAGE"


@T(G, "az-storage-keys-list-json")
def _():
    k = _K(lambda: _b64(64))
    t = '$ az storage account keys list -n stamiraw%s\n[\n  {\n    "creationTime": "%s",\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "%s"\n  }\n]' % (
        _lan(3), _ts(), k)
    return t, k, '"keyName": "key1"'


@T(G, "openssl-genpkey-stdout")
def _():
    body = _K(lambda: _pem_lines(138 - len(_PKCS8_EC), _PKCS8_EC))
    t = "$ openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % body
    return t, body, "openssl genpkey"


@T(G, "cat-openssh-private-key")
def _():
    body = _K(lambda: _pem_lines(_n(300, 320), b"openssh-key-v1\x00\x00\x00\x00\x04none"))
    t = "$ cat ~/.ssh/id_ed25519_rtu\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body
    return t, body, "~/.ssh/id_ed25519_rtu"


@T(G, "gcp-service-account-key-json-cat")
def _():
    body = _K(lambda: _pem_lines(_n(1190, 1210), _PKCS8_RSA).replace("\n", "\\n"))
    t = ('$ cat sa-ami-loader.json\n{\n  "type": "service_account",\n  "project_id": "ami-analytics-%s",\n  "private_key_id": "%s",\n'
         '  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "ami-loader@ami-analytics.iam.gserviceaccount.example"\n}' % (
             _lan(4), _hex(40), body))
    return t, body, '"type": "service_account"'


@T(G, "mqtt-sub-device-config-payload")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '$ mosquitto_sub -t "devices/+/config" -v -C 1\ndevices/gw-%s/config {"wifi":{"ssid":"DC-%s","psk":"%s"},"interval":900}' % (
        _dig(3), _dig(4), p)
    return t, p, '"interval":900'


@T(G, "inverter-config-endpoint-dump")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ('$ curl -s http://%s/api/v1/config | jq .cloud\n{\n  "enabled": true,\n  "server": "ingest.%s",\n'
         '  "portal_user": "%s",\n  "portal_password": "%s"\n}' % (_ip(), _dom(), _email(), p))
    return t, p, '"enabled": true'


@T(G, "kubectl-exec-printenv-sorted")
def _():
    tok = _K(lambda: _b64s(_uuid()))
    t = ("$ kubectl exec deploy/ocpi-bridge -- printenv | sort\nHOSTNAME=ocpi-bridge-6c5d%s\nOCPI_COUNTRY=NL\nOCPI_PARTY=%s\n"
         "OCPI_TOKEN_B=%s\nPATH=/usr/local/bin:/usr/bin" % (_lan(4), _pick(_CPO), tok))
    return t, tok, "OCPI_COUNTRY=NL"


@T(G, "docker-exec-cat-run-secrets")
def _():
    p = _P()
    t = "$ docker exec billing-worker cat /run/secrets/cis_db_password\n%s\n$ docker exec billing-worker id\nuid=1000(app) gid=1000(app)" % p
    return t, p, "/run/secrets/cis_db_password"


@T(G, "pulumi-config-show-secrets")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("$ pulumi config --show-secrets\nKEY                 VALUE\nazure-native:location  westeurope\n"
         "mdm:dbPassword      %s\nmdm:sku             GP_Gen5_4" % p)
    return t, p, "mdm:sku"


@T(G, "consul-kv-get-recurse")
def _():
    k = _K(lambda: _hex(32))
    t = "$ consul kv get -recurse config/settlement/\nconfig/settlement/api_base:https://%s/v2\nconfig/settlement/api_key:%s\nconfig/settlement/timeout_s:30" % (
        _host("settle"), k)
    return t, k, "config/settlement/api_base"


@T(G, "etcdctl-get-prefix")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "$ etcdctl get /config/hes --prefix\n/config/hes/db/user\nhes_app\n/config/hes/db/pass\n%s\n/config/hes/db/host\n%s" % (
        p, _host("pg"))
    return t, p, "/config/hes/db/user"


@T(G, "salt-pillar-items-output")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "$ salt 'rtu-*' pillar.get snmp\nrtu-%s.%s:\n    ----------\n    community_ro:\n        public\n    v3_auth_pass:\n        %s" % (
        _dig(2), _dom(), p)
    return t, p, "pillar.get snmp"


@T(G, "curl-verbose-request-headers")
def _():
    h, b = _host("mdm"), _K(lambda: _b64s("%s:%s" % (_pick(_SVC), _pw_raw("-_.!"))))
    t = ("$ curl -v https://%s/api/v1/health\n*   Trying %s:443...\n* Connected to %s port 443\n> GET /api/v1/health HTTP/2\n"
         "> Host: %s\n> authorization: Basic %s\n> user-agent: curl/8.5.0\n< HTTP/2 200" % (h, _ip(), h, h, b))
    return t, b, "user-agent: curl/8.5.0"


@T(G, "newman-run-request-headers")
def _():
    k = _K(lambda: _hex(32))
    t = ("$ newman run ercot-mis.postman_collection.json\n-> GET https://api.%s/public-reports/np4-190-cd [200 OK, 4.1kB, 312ms]\n"
         "   Request headers:\n     Ocp-Apim-Subscription-Key: %s\n     Accept: application/json" % (_dom(), k))
    return t, k, "ercot-mis.postman_collection.json"


@T(G, "dotnet-user-secrets-list")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "$ dotnet user-secrets list\nConnectionStrings:Billing = Server=%s;Database=Billing;User Id=billing_app;Password=%s;Encrypt=True\nLogging:LogLevel:Default = Information" % (
        _host("cis"), p)
    return t, p, "Logging:LogLevel:Default"


@T(G, "rails-credentials-show")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "$ bin/rails credentials:show\nsmtp:\n  user_name: outage-alerts@%s\n  password: %s\nsecret_key_base: (see deploy vault)" % (
        _dom(), p)
    return t, p, "bin/rails credentials:show"


@T(G, "artisan-tinker-config-output")
def _():
    s = _K(lambda: "sk_live_" + _an(24))
    t = ">>> config('services.octopus.key')\n=> \"%s\"\n>>> config('services.octopus.account')\n=> \"A-%s\"" % (s, _HEX(8))
    return t, s, "services.octopus.account"


@T(G, "gh-auth-token-output")
def _():
    tok = _K(lambda: "gho_" + _an(36))
    t = "$ gh auth status\ngithub.com\n  Logged in to github.com account %s (keyring)\n$ gh auth token\n%s" % (_lan(8), tok)
    return t, tok, "gh auth status"


@T(G, "gcloud-print-access-token")
def _():
    tok = _K(lambda: "ya29.a0" + _ch(_AN + "-_", _n(150, 190)))
    t = "$ gcloud auth print-access-token --impersonate-service-account=ami-loader@proj.iam.gserviceaccount.example\n%s" % tok
    return t, tok, "gcloud auth print-access-token"


@T(G, "az-get-access-token-json")
def _():
    tok = _JWT('{"aud":"https://management.azure.com/","iss":"https://sts.windows.example/%s/","appid":"%s"}' % (_uuid(), _uuid()))
    t = '$ az account get-access-token\n{\n  "accessToken": "%s",\n  "expiresOn": "%s",\n  "tokenType": "Bearer"\n}' % (tok, _date() + " 18:22:01.000000")
    return t, tok, '"tokenType": "Bearer"'

# ===========================================================================
# group: config-file
# ===========================================================================
G = "config-file"


@T(G, "dotenv-file-mixed")
def _():
    k = _K(lambda: _an(32))
    t = ("# .env (tariff-sync)\nAPP_ENV=production\nTARIFF_API_BASE=https://%s/v3\nTARIFF_API_KEY=%s\n"
         "TZ=Europe/London\nLOG_LEVEL=info" % (_host("tariff"), k))
    return t, k, "TARIFF_API_BASE"


@T(G, "dotenv-quoted-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '# ./services/mdus/.env\nMDUS_DB_HOST=%s\nMDUS_DB_USER=mdus_writer\nMDUS_DB_PASSWORD="%s"\nMDUS_BATCH_SIZE=5000' % (_host("pg"), p)
    return t, p, "MDUS_DB_USER=mdus_writer"


@T(G, "docker-compose-environment-map")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("services:\n  steve:\n    image: steve:3.6.0\n    depends_on: [mariadb]\n  mariadb:\n    image: mariadb:10.11\n"
         "    environment:\n      MARIADB_DATABASE: stevedb\n      MARIADB_USER: steve\n      MARIADB_PASSWORD: \"%s\"\n"
         "    volumes:\n      - db:/var/lib/mysql" % p)
    return t, p, "MARIADB_USER: steve"


@T(G, "docker-compose-environment-list")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("  grafana:\n    image: grafana/grafana:10.4.2\n    environment:\n      - GF_SECURITY_ADMIN_USER=admin\n"
         "      - GF_SECURITY_ADMIN_PASSWORD=%s\n      - GF_SERVER_ROOT_URL=https://grafana.%s" % (p, _dom()))
    return t, p, "GF_SECURITY_ADMIN_USER=admin"


@T(G, "spring-application-yml-datasource")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("spring:\n  datasource:\n    url: jdbc:postgresql://%s:5432/mdm\n    username: mdm_app\n    password: '%s'\n"
         "  jpa:\n    hibernate:\n      ddl-auto: validate" % (_host("pg"), p))
    return t, p, "ddl-auto: validate"


@T(G, "spring-application-properties")
def _():
    p = _P("!*+-=?^_~.")
    t = ("# src/main/resources/application-prod.properties\nspring.datasource.url=jdbc:oracle:thin:@//%s:1521/CISPRD\n"
         "spring.datasource.username=cis_integration\nspring.datasource.password=%s\nserver.port=8443" % (_host("cis"), p))
    return t, p, "spring.datasource.username=cis_integration"


@T(G, "appsettings-json-connection-string")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ('{\n  "ConnectionStrings": {\n    "Billing": "Server=tcp:%s,1433;Initial Catalog=Billing;User ID=billing_app;Password=%s;Encrypt=True;"\n'
         '  },\n  "Logging": { "LogLevel": { "Default": "Warning" } }\n}' % (_host("cis"), p))
    return t, p, "Initial Catalog=Billing"


@T(G, "pgpass-line")
def _():
    h, u, p = _host("pg"), _pick(_SVC), _P("!#%*+-=?^_~.")
    t = "# ~/.pgpass  (chmod 600)\n%s:5432:mdm:%s:%s\n*:5432:*:readonly:*" % (h, u, p)
    return t, p, h


@T(G, "netrc-single-line")
def _():
    h, u, p = _host("settle"), _pick(_SVC), _P("!#%*+-=?^_~.")
    t = "machine %s login %s password %s" % (h, u, p)
    return t, p, h


@T(G, "npmrc-scoped-authtoken")
def _():
    tok = _K(lambda: "npm_" + _an(36))
    d = _dom()
    t = "@voltara:registry=https://npm.%s/\n//npm.%s/:_authToken=%s\nalways-auth=true" % (d, d, tok)
    return t, tok, "always-auth=true"


@T(G, "pypirc-token")
def _():
    tok = _K(lambda: "pypi-AgEIcHlwaS5vcmc" + _ch(_AN + "-_", _n(120, 160)))
    t = "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = %s" % tok
    return t, tok, "index-servers = pypi"


@T(G, "maven-settings-xml-server")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("<servers>\n  <server>\n    <id>grid-nexus-releases</id>\n    <username>deploy</username>\n    <password>%s</password>\n"
         "  </server>\n</servers>" % p)
    return t, p, "grid-nexus-releases"


@T(G, "gradle-properties-repo-password")
def _():
    p = _P("!*+-=?^_~.")
    t = "org.gradle.jvmargs=-Xmx2g\nartifactoryUser=ci-ocpp\nartifactoryPassword=%s\nversion=2.%d.0-SNAPSHOT" % (p, _n(1, 40))
    return t, p, "artifactoryUser=ci-ocpp"


@T(G, "wp-config-php-define")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("// wp-config.php (customer outage-map site)\ndefine( 'DB_NAME', 'outage_wp' );\ndefine( 'DB_USER', 'outage_wp' );\n"
         "define( 'DB_PASSWORD', '%s' );\ndefine( 'DB_HOST', '%s' );" % (p, _host("db")))
    return t, p, "DB_NAME"


@T(G, "odbc-ini-dsn")
def _():
    p = _P("!*+-=?^_~.")
    t = "[CISPROD]\nDriver=ODBC Driver 18 for SQL Server\nServer=%s,1433\nDatabase=CCB\nUID=ccb_report\nPWD=%s\nEncrypt=yes" % (
        _host("cis"), p)
    return t, p, "ODBC Driver 18 for SQL Server"


@T(G, "telegraf-influxdb-v2-token")
def _():
    tok = _K(lambda: _b64(64))
    t = '[[outputs.influxdb_v2]]\n  urls = ["https://%s:8086"]\n  token = "%s"\n  organization = "grid-ops"\n  bucket = "inverters"' % (
        _host("telemetry"), tok)
    return t, tok, 'bucket = "inverters"'


@T(G, "grafana-ini-admin-password")
def _():
    p = _P("!*+-=?^_~.")
    t = "[security]\nadmin_user = admin\nadmin_password = %s\ncookie_secure = true\n\n[auth.anonymous]\nenabled = false" % p
    return t, p, "cookie_secure = true"


@T(G, "prometheus-remote-write-basic-auth")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("remote_write:\n  - url: https://metrics.%s/api/v1/push\n    basic_auth:\n      username: \"%s\"\n      password: \"%s\"" % (
        _dom(), _dig(6), p))
    return t, p, "remote_write"


@T(G, "haproxy-stats-auth")
def _():
    p = _P("!*+-=?^_~.")
    t = "listen stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats auth ops:%s" % p
    return t, p, "stats uri /stats"


@T(G, "redis-conf-requirepass")
def _():
    p = _P("!*+-=?^_~.")
    t = "# /etc/redis/redis.conf\nbind 127.0.0.1 %s\nport 6379\nrequirepass %s\nmaxmemory 2gb" % (_ip(), p)
    return t, p, "maxmemory 2gb"


@T(G, "pgbouncer-userlist-plain")
def _():
    u, p = _pick(_SVC), _P("!#%*+-=?^_~.")
    t = '# /etc/pgbouncer/userlist.txt\n"%s" "%s"\n"pgbouncer_admin" "md5%s"' % (u, p, _hex(32))
    return t, p, "/etc/pgbouncer/userlist.txt"


@T(G, "kafka-server-properties-jaas")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("listeners=SASL_SSL://:9093\nsasl.enabled.mechanisms=PLAIN\nlistener.name.sasl_ssl.plain.sasl.jaas.config="
         "org.apache.kafka.common.security.plain.PlainLoginModule required \\\n    username=\"broker\" password=\"%s\" \\\n"
         "    user_broker=\"%s\";" % (p, p))
    return t, p, "sasl.enabled.mechanisms=PLAIN"


@T(G, "openvpn-auth-user-pass-file")
def _():
    u, p = _login(), _P("!#%*+-=?^_~.")
    t = "# /etc/openvpn/client/substation-vpn.auth (referenced by auth-user-pass)\n%s\n%s" % (u, p)
    return t, p, "/etc/openvpn/client/substation-vpn.auth"


@T(G, "wpa-supplicant-network-block")
def _():
    p = _P("!#%*+-=?^_~.")
    ssid = "PUMPSTN-%s" % _dig(2)
    t = 'ctrl_interface=DIR=/var/run/wpa_supplicant\nnetwork={\n    ssid="%s"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % (ssid, p)
    return t, p, ssid


@T(G, "networkmanager-keyfile-psk")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "[connection]\nid=CrewVan-%s\ntype=wifi\n\n[wifi]\nssid=CrewVan-%s\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=%s" % (
        _dig(3), _dig(3), p)
    return t, p, "key-mgmt=wpa-psk"


@T(G, "hibernate-cfg-xml-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ('<property name="hibernate.connection.url">jdbc:mysql://%s/stevedb</property>\n'
         '<property name="hibernate.connection.username">steve</property>\n'
         '<property name="hibernate.connection.password">%s</property>' % (_host("db"), p))
    return t, p, "hibernate.connection.username"


@T(G, "k8s-secret-stringdata")
def _():
    tok = _K(lambda: _an(40))
    t = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ocpi-credentials\ntype: Opaque\nstringData:\n  OCPI_TOKEN_B: %s\n  OCPI_PARTY_ID: %s" % (
        tok, _pick(_CPO))
    return t, tok, "name: ocpi-credentials"


@T(G, "helm-values-mqtt-block")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '# values-prod.yaml\nmqtt:\n  broker: ssl://%s:8883\n  username: ami-bridge\n  password: "%s"\n  qos: 1' % (_host("mqtt"), p)
    return t, p, "username: ami-bridge"


@T(G, "terraform-tfvars-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'location          = "northeurope"\nmdm_sku           = "GP_Standard_D4ds_v5"\ndb_admin_login    = "mdmadmin"\ndb_admin_password = "%s"' % p
    return t, p, "db_admin_login"


@T(G, "ansible-host-vars-winrm")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "# host_vars/hes-win01.yml\nansible_connection: winrm\nansible_user: GRIDCORP\\svc_ansible\nansible_password: '%s'\nansible_winrm_transport: ntlm" % p
    return t, p, "ansible_connection: winrm"


@T(G, "snmpd-conf-createuser")
def _():
    p = _P("!#*+-=?^_~.")
    t = '# /etc/snmp/snmpd.conf\ncreateUser rtumon SHA "%s" AES "%s"\nrouser rtumon priv\nsysLocation "Substation %s"' % (
        p, p, _pick(_REGIONS))
    return t, p, "rouser rtumon priv"


@T(G, "sssd-conf-ldap-authtok")
def _():
    p = _P("!*+-=?^_~.")
    t = "[domain/grid.corp]\nid_provider = ldap\nldap_uri = ldaps://dc01.%s\nldap_default_bind_dn = cn=sssd,ou=Service,dc=grid,dc=corp\nldap_default_authtok = %s" % (
        _dom(), p)
    return t, p, "ldap_default_bind_dn"


@T(G, "smb-credentials-file")
def _():
    u, p = _pick(_SVC), _P("!#*+-=?^_~.")
    t = "# /root/.smb-scada-exports (mode 0600)\nusername=%s\npassword=%s\ndomain=GRIDCORP" % (u, p)
    return t, p, "domain=GRIDCORP"


@T(G, "fstab-cifs-inline-credentials")
def _():
    h, p = _host("fs"), _PU()
    t = "//%s/mdm_exports  /mnt/mdm  cifs  username=mdm_export,password=%s,uid=1000,_netdev  0  0" % (h, p)
    return t, p, "/mnt/mdm"


@T(G, "msmtprc-account")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "account alerts\nhost smtp.%s\nport 587\ntls on\nuser noc-alerts@%s\npassword %s\n\naccount default : alerts" % (
        _dom(), _dom(), p)
    return t, p, "account alerts"


@T(G, "postfix-sasl-passwd")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "# /etc/postfix/sasl_passwd\n[smtp.%s]:587 billing-mailer:%s" % (_dom(), p)
    return t, p, "/etc/postfix/sasl_passwd"


@T(G, "docker-config-json-auths")
def _():
    d = _dom()
    a = _K(lambda: _b64s("ci-pusher:" + _pw_raw("-_.!")))
    t = '{\n  "auths": {\n    "registry.%s": {\n      "auth": "%s"\n    }\n  },\n  "credsStore": ""\n}' % (d, a)
    return t, a, "registry." + d


@T(G, "aws-credentials-ini-profile")
def _():
    s = _K(lambda: _ch(_AN + "/+", 40))
    t = "[meterdata-prod]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s\nregion = eu-north-1" % (_uan(16), s)
    return t, s, "[meterdata-prod]"


@T(G, "kubeconfig-user-static-token")
def _():
    tok = _K(lambda: _lan(6) + "." + _lan(16))
    t = "users:\n- name: edge-gw-%s\n  user:\n    token: %s\ncontexts:\n- context:\n    cluster: k3s-substation" % (_dig(2), tok)
    return t, tok, "cluster: k3s-substation"


@T(G, "gcloud-adc-authorized-user")
def _():
    r = _K(lambda: "1//0" + _ch(_AN + "-_", 99))
    t = ('{\n  "account": "",\n  "client_id": "%s-%s.apps.googleusercontent.example",\n  "refresh_token": "%s",\n'
         '  "type": "authorized_user",\n  "universe_domain": "googleapis.com"\n}' % (_dig(12), _lan(32), r))
    return t, r, '"type": "authorized_user"'


@T(G, "azure-publish-profile-userpwd")
def _():
    p = _K(lambda: _an(60))
    t = ('<publishData><publishProfile profileName="billing-portal - Web Deploy" publishMethod="MSDeploy" '
         'publishUrl="billing-portal.scm.azurewebsites.example:443" userName="$billing-portal" userPWD="%s" '
         'destinationAppUrl="https://billing-portal.azurewebsites.example" /></publishData>' % p)
    return t, p, 'publishMethod="MSDeploy"'


@T(G, "node-red-settings-credential-secret")
def _():
    s = _P("!#%*+-=?^_~.")
    t = "// ~/.node-red/settings.js\nmodule.exports = {\n    uiPort: process.env.PORT || 1880,\n    credentialSecret: \"%s\",\n    flowFile: 'flows_pv.json'," % s
    return t, s, "flows_pv.json"


@T(G, "home-assistant-secrets-yaml")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "# secrets.yaml\nlatitude_home: 59.91\nlongitude_home: 10.75\ninverter_password: \"%s\"\nmqtt_host: %s" % (p, _ip())
    return t, p, "latitude_home"


@T(G, "evcc-yaml-charger-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("chargers:\n  - name: garage\n    type: template\n    template: wallbox-generic\n    host: %s\n"
         "    user: admin\n    password: \"%s\"\nloadpoints:\n  - title: Garage\n    charger: garage" % (_ip(), p))
    return t, p, "template: wallbox-generic"


@T(G, "evcc-yaml-sponsortoken")
def _():
    tok = _JWT('{"iss":"evcc.example","sub":"%s","exp":%d}' % (_lan(8), _n(1750000000, 1790000000)))
    t = "network:\n  schema: http\n  port: 7070\nsponsortoken: %s\nsite:\n  title: Home" % tok
    return t, tok, "schema: http"


@T(G, "esphome-api-encryption-key")
def _():
    k = _K(lambda: _b64(32))
    t = ('esphome:\n  name: pulse-reader-%s\nwifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password\n'
         'api:\n  encryption:\n    key: "%s"\nsensor:\n  - platform: pulse_meter\n    pin: GPIO12' % (_dig(2), k))
    return t, k, "platform: pulse_meter"


@T(G, "firmware-user-config-header-define")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '// user_config_override.h (Tasmota build for meter reader heads)\n#undef  MQTT_USER\n#define MQTT_USER  "ir-head"\n#undef  MQTT_PASS\n#define MQTT_PASS  "%s"' % p
    return t, p, '#define MQTT_USER  "ir-head"'


@T(G, "steve-main-properties-db")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "# main.properties (SteVe OCPP server)\ndb.ip = %s\ndb.port = 3306\ndb.schema = stevedb\ndb.user = steve\ndb.password = %s\nserver.host = 0.0.0.0" % (
        _ip(), p)
    return t, p, "db.schema = stevedb"


@T(G, "chargepoint-config-json")
def _():
    cp, p = _cpid(), _K(lambda: _hex(32))
    t = ('{\n  "ChargePointId": "%s",\n  "CentralSystemUrl": "wss://%s/ocpp/%s",\n  "SecurityProfile": 1,\n'
         '  "BasicAuthPassword": "%s",\n  "MeterValueSampleInterval": 60\n}' % (cp, _host("csms"), cp, p))
    return t, p, cp


@T(G, "hes-collector-ini-dlms-section")
def _():
    p = _K(lambda: _pick([_an(8), _dig(8), _an(16)]))
    t = "[dlms]\nclient_address = 16\nserver_lower = 17\nauthentication = LOW\npassword = %s\ninterface = HDLC\nbaud = 9600" % p
    return t, p, "client_address = 16"


@T(G, "dlms-key-import-csv-row")
def _():
    sn, k = _serial(), _K(lambda: _HEX(32))
    t = "serial;system_title;key_type;key_value;wrap\n%s;%s;GUEK;%s;none" % (sn, _systitle(), k)
    return t, k, sn


@T(G, "mosquitto-bridge-remote-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("connection hes-bridge\naddress %s:8883\nremote_clientid dc-%s\nremote_username dc-%s\nremote_password %s\n"
         "topic ami/# both 1" % (_host("mqtt"), _dig(4), _dig(4), p))
    return t, p, "connection hes-bridge"


@T(G, "nats-creds-nkey-seed")
def _():
    seed = _K(lambda: "SUA" + _ch(_UC + "234567", 55))
    t = ("-----BEGIN NATS USER JWT-----\n%s\n------END NATS USER JWT------\n\n************************* IMPORTANT *************************\n"
         "-----BEGIN USER NKEY SEED-----\n%s\n------END USER NKEY SEED------" % (_jwt(), seed))
    return t, seed, "BEGIN NATS USER JWT"


@T(G, "toml-ocpi-section")
def _():
    tok = _K(lambda: _an(36))
    t = '[ocpi]\nrole = "CPO"\nversions_url = "https://%s/ocpi/versions"\ntoken_c = "%s"\ncountry_code = "NO"' % (_host("ocpi-hub"), tok)
    return t, tok, 'role = "CPO"'


@T(G, "ini-trading-exchange-login")
def _():
    p = _P("!*+-=?^_~.")
    t = "[exchange]\nmember = %s\nuser = desk_%s\npassword = %s\nenv = production\n[risk]\nmax_position_mw = 150" % (
        _uan(5), _pick(_REGIONS), p)
    return t, p, "max_position_mw"


@T(G, "web-config-appsettings-key")
def _():
    k = _K(lambda: _hex(32))
    t = '<appSettings>\n  <add key="SettlementApiBase" value="https://%s/" />\n  <add key="SettlementApiKey" value="%s" />\n</appSettings>' % (
        _host("settle"), k)
    return t, k, "SettlementApiBase"


@T(G, "web-config-connectionstrings")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ('<connectionStrings>\n  <add name="CIS" connectionString="Data Source=%s;Initial Catalog=CIS;User ID=cis_web;Password=%s;" '
         'providerName="System.Data.SqlClient" />\n</connectionStrings>' % (_host("cis"), p))
    return t, p, 'providerName="System.Data.SqlClient"'


@T(G, "consul-hcl-acl-agent-token")
def _():
    tok = _K(_uuid)
    t = 'datacenter = "grid-dc1"\nacl {\n  enabled = true\n  default_policy = "deny"\n  tokens {\n    agent = "%s"\n  }\n}' % tok
    return t, tok, 'datacenter = "grid-dc1"'


@T(G, "logstash-output-elasticsearch")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'output {\n  elasticsearch {\n    hosts => ["https://%s:9200"]\n    user => "logstash_ami"\n    password => "%s"\n    index => "ami-events-%%{+YYYY.MM.dd}"\n  }\n}' % (
        _host("es"), p)
    return t, p, "logstash_ami"


@T(G, "filebeat-elastic-api-key")
def _():
    kid, k = _an(20), _K(lambda: _ch(_AN + "_-", 22))
    t = 'output.elasticsearch:\n  hosts: ["https://%s:9243"]\n  api_key: "%s:%s"\n  index: "hes-%%{+yyyy.MM.dd}"' % (_host("es"), kid, k)
    return t, k, "output.elasticsearch"


@T(G, "fluent-bit-http-passwd")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "[OUTPUT]\n    Name         http\n    Match        ocpp.*\n    Host         logs.%s\n    Port         443\n    HTTP_User    fb-ocpp\n    HTTP_Passwd  %s\n    tls          On" % (
        _dom(), p)
    return t, p, "HTTP_User    fb-ocpp"


@T(G, "nginx-proxy-set-header-basic")
def _():
    b = _K(lambda: _b64s("mdm-proxy:" + _pw_raw("-_.!")))
    t = "location /mdm/ {\n    proxy_pass https://%s/;\n    proxy_set_header Authorization \"Basic %s\";\n}" % (_host("mdm"), b)
    return t, b, "location /mdm/"


@T(G, "supervisord-program-environment")
def _():
    k = _K(lambda: _an(40))
    t = '[program:meter-poller]\ncommand=/opt/poller/bin/run\nenvironment=HES_URL="https://%s",HES_TOKEN="%s"\nautorestart=true' % (
        _host("hes"), k)
    return t, k, "[program:meter-poller]"


@T(G, "pip-conf-index-url")
def _():
    p, d = _PU(), _dom()
    t = "[global]\nindex-url = https://ci:%s@nexus.%s/repository/pypi-group/simple\ntrusted-host = nexus.%s" % (p, d, d)
    return t, p, "trusted-host"


@T(G, "yarnrc-yml-npm-auth-token")
def _():
    tok = _K(lambda: _uuid())
    t = 'npmScopes:\n  gridlane:\n    npmRegistryServer: "https://npm.%s"\n    npmAlwaysAuth: true\n    npmAuthToken: "%s"' % (_dom(), tok)
    return t, tok, "npmAlwaysAuth"


@T(G, "composer-auth-json-http-basic")
def _():
    p = _K(lambda: _hex(40))
    t = '{\n  "http-basic": {\n    "repo.%s": {\n      "username": "token",\n      "password": "%s"\n    }\n  }\n}' % (_dom(), p)
    return t, p, '"http-basic"'


@T(G, "cargo-credentials-registry-token")
def _():
    tok = _K(lambda: "cio" + _an(32))
    t = '# ~/.cargo/credentials.toml\n[registries.grid-crates]\ntoken = "%s"' % tok
    return t, tok, "[registries.grid-crates]"


@T(G, "rclone-conf-s3-secret")
def _():
    s = _K(lambda: _ch(_AN, 40))
    t = "[ami-archive]\ntype = s3\nprovider = Minio\naccess_key_id = %s\nsecret_access_key = %s\nendpoint = https://%s" % (
        _uan(20), s, _host("s3"))
    return t, s, "provider = Minio"


@T(G, "chrony-keys-ntp-symmetric")
def _():
    k = _K(lambda: _HEX(40))
    t = "# /etc/chrony/chrony.keys  (substation PTP/NTP auth)\n1 SHA1 HEX:%s\n# key 2 retired %s" % (k, _date())
    return t, k, "/etc/chrony/chrony.keys"


@T(G, "ipsec-secrets-psk")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "# /etc/ipsec.secrets\n%s %s : PSK \"%s\"" % (_ip(), _ip(), p)
    return t, p, "/etc/ipsec.secrets"


@T(G, "freeradius-clients-conf-secret")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "client rtu-switches {\n    ipaddr = %s/24\n    secret = %s\n    shortname = rtu-sw\n}" % (_ip(), p)
    return t, p, "shortname = rtu-sw"


@T(G, "jmx-password-file")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "# jmxremote.password for hes-collector\nmonitorRole  %s\n# controlRole disabled" % p
    return t, p, "monitorRole"


@T(G, "opcua-server-user-xml")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '<UserIdentity>\n  <UserName>scada_reader</UserName>\n  <Password>%s</Password>\n  <Policy>Basic256Sha256</Policy>\n</UserIdentity>' % p
    return t, p, "<UserName>scada_reader</UserName>"


@T(G, "wmbusmeters-conf-aes-key")
def _():
    k = _K(lambda: _HEX(32))
    t = "# /etc/wmbusmeters.d/watermeter-%s\nname=water_%s\ndriver=multical21\nid=%s\nkey=%s" % (_dig(3), _dig(3), _dig(8), k)
    return t, k, "driver=multical21"


@T(G, "chirpstack-device-keys-toml")
def _():
    k = _K(lambda: _hex(32))
    t = '[[device_keys]]\ndev_eui = "%s"\nnwk_key = "%s"\n# heat meter, district %s' % (_hex(16), k, _pick(_REGIONS))
    return t, k, "[[device_keys]]"

# ===========================================================================
# group: source-code
# ===========================================================================
G = "source-code"


@T(G, "python-module-constant-api-key")
def _():
    k = _K(lambda: _an(32))
    t = '# ingest/solar_forecast.py\nimport requests\n\nFORECAST_URL = "https://api.%s/rooftop_sites/{site}/forecasts"\nFORECAST_API_KEY = "%s"\n' % (
        _dom(), k)
    return t, k, "FORECAST_URL"


@T(G, "python-requests-auth-tuple")
def _():
    u, p = _pick(_SVC), _P("!#%*+-=?^_~.")
    t = 'resp = requests.get(f"{MDM}/api/v2/vee/exceptions", auth=("%s", "%s"), timeout=30)\nresp.raise_for_status()' % (u, p)
    return t, p, "vee/exceptions"


@T(G, "python-psycopg2-connect-kwargs")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'conn = psycopg2.connect(\n    host="%s",\n    dbname="heatnet",\n    user="dh_ops",\n    password="%s",\n)' % (_host("pg"), p)
    return t, p, 'dbname="heatnet"'


@T(G, "python-sqlalchemy-create-engine-url")
def _():
    p = _PU()
    t = 'engine = create_engine(\n    "postgresql+psycopg2://settle_api:%s@%s:5432/settlement",\n    pool_pre_ping=True,\n)' % (p, _host("pg"))
    return t, p, "pool_pre_ping=True"


@T(G, "python-django-databases-dict")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'customer_portal',\n"
         "        'USER': 'portal_app',\n        'PASSWORD': '%s',\n        'HOST': '%s',\n    }\n}" % (p, _host("pg")))
    return t, p, "customer_portal"


@T(G, "python-environ-get-default")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'EXCHANGE_USER = os.environ.get("EXCHANGE_USER", "desk_%s")\nEXCHANGE_PASSWORD = os.environ.get("EXCHANGE_PASSWORD", "%s")' % (
        _pick(_REGIONS), p)
    return t, p, "EXCHANGE_USER"


@T(G, "python-paramiko-connect")
def _():
    p = _P("!#%*+-=?^_~.")
    ip = _ip()
    t = 'ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect("%s", username="rtu", password="%s", timeout=10)' % (ip, p)
    return t, p, ip


@T(G, "python-boto3-client-inline-keys")
def _():
    s = _K(lambda: _ch(_AN + "/+", 40))
    t = 's3 = boto3.client(\n    "s3",\n    aws_access_key_id="AKIA%s",\n    aws_secret_access_key="%s",\n    region_name="eu-north-1",\n)' % (
        _uan(16), s)
    return t, s, 'region_name="eu-north-1"'


@T(G, "python-dlms-client-hls-bytes-fromhex")
def _():
    k = _K(lambda: _hex(32))
    t = ("client = DlmsClient.with_tcp_transport(\n    server_logical_address=1,\n    client_logical_address=1,\n"
         "    authentication_method=enums.AuthenticationMechanism.HLS_GMAC,\n    encryption_key=bytes.fromhex(\"%s\"),\n"
         "    authentication_key=AUTH_KEY,\n    host=\"%s\", port=4059,\n)" % (k, _ip()))
    return t, k, "HLS_GMAC"


@T(G, "python-ocpp-websocket-basic-auth")
def _():
    cp, p = _cpid(), _K(lambda: _hex(40))
    t = ('cp_id = "%s"\ntoken = base64.b64encode(f"{cp_id}:%s".encode()).decode()\n'
         'async with websockets.connect(f"wss://%s/ocpp/{cp_id}", subprotocols=["ocpp1.6"],\n'
         '                              extra_headers={"Authorization": f"Basic {token}"}) as ws:' % (cp, p, _host("csms")))
    return t, p, cp


@T(G, "python-pytest-fixture-token")
def _():
    tok = _K(lambda: _an(40))
    t = '@pytest.fixture\ndef ocpi_client():\n    # staging hub, real token -- do not commit\n    return OcpiClient(base_url="https://%s", token="%s")' % (
        _host("ocpi-hub"), tok)
    return t, tok, "def ocpi_client"


@T(G, "jupyter-cell-entsoe-client")
def _():
    tok = _K(_uuid)
    t = "# In[7]:\nfrom entsoe import EntsoePandasClient\nclient = EntsoePandasClient(api_key='%s')\nprices = client.query_day_ahead_prices('NO_1', start=start, end=end)" % tok
    return t, tok, "query_day_ahead_prices"


@T(G, "js-axios-api-key-header")
def _():
    k = _K(lambda: _hex(32))
    t = "const res = await axios.get(`${BASE}/v1/sites/${siteId}/telemetry`, {\n  headers: { 'X-API-Key': '%s' },\n  timeout: 10000,\n});" % k
    return t, k, "telemetry"


@T(G, "js-node-pg-pool")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "const pool = new Pool({\n  host: '%s',\n  user: 'csms_rw',\n  password: '%s',\n  database: 'csms',\n  max: 20,\n});" % (_host("pg"), p)
    return t, p, "user: 'csms_rw'"


@T(G, "ts-exported-config-object")
def _():
    tok = _K(lambda: _ch(_AN + "-_", 43))
    t = "export const priceFeed = {\n  endpoint: 'https://api.%s/v1/gql',\n  token: '%s',\n  homeId: '%s',\n};" % (_dom(), tok, _uuid())
    return t, tok, "export const priceFeed"


@T(G, "js-fetch-basic-btoa")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "const auth = 'Basic ' + btoa('installer:%s');\nconst r = await fetch(`http://${ip}/api/battery/settings`, { headers: { Authorization: auth } });" % p
    return t, p, "/api/battery/settings"


@T(G, "java-drivermanager-getconnection")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'Connection c = DriverManager.getConnection(\n    "jdbc:oracle:thin:@//%s:1521/CISPRD", "isu_batch", "%s");' % (_host("cis"), p)
    return t, p, "isu_batch"


@T(G, "java-spring-value-default")
def _():
    s = _K(lambda: _an(32))
    t = '@Value("${mdm.api.secret:%s}")\nprivate String mdmApiSecret;' % s
    return t, s, "private String mdmApiSecret"


@T(G, "kotlin-const-field-api-key")
def _():
    k = _K(lambda: _an(40))
    t = "object FieldApi {\n    const val BASE_URL = \"https://%s/field/v1/\"\n    const val API_KEY = \"%s\"\n}" % (_host("fsm"), k)
    return t, k, "object FieldApi"


@T(G, "swift-let-token")
def _():
    tok = _K(lambda: _an(48))
    t = 'struct MeterReadAPI {\n    static let baseURL = URL(string: "https://%s/api")!\n    static let token = "%s"\n}' % (_host("mdm"), tok)
    return t, tok, "struct MeterReadAPI"


@T(G, "csharp-sqlconnection-literal")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'using var conn = new SqlConnection("Server=%s;Database=Billing;User Id=billing_batch;Password=%s;TrustServerCertificate=True");' % (
        _host("cis"), p)
    return t, p, "Database=Billing"


@T(G, "csharp-httpclient-subscription-key")
def _():
    k = _K(lambda: _hex(32))
    t = '_http.DefaultRequestHeaders.Add("Ocp-Apim-Subscription-Key", "%s");\nvar rsp = await _http.GetAsync("/api/public-reports/np6-905-cd/spp_node_zone_hub");' % k
    return t, k, "Ocp-Apim-Subscription-Key"


@T(G, "go-struct-literal-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'cfg := broker.Config{\n\tURL:      "ssl://%s:8883",\n\tUsername: "bess-ctrl",\n\tPassword: "%s",\n\tQoS:      1,\n}' % (_host("mqtt"), p)
    return t, p, '"bess-ctrl"'


@T(G, "go-paho-set-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'opts := mqtt.NewClientOptions().AddBroker("tls://%s:8883")\nopts.SetUsername("dc-gw")\nopts.SetPassword("%s")' % (_host("mqtt"), p)
    return t, p, "NewClientOptions"


@T(G, "rust-const-str-token")
def _():
    tok = _K(lambda: _an(40))
    t = 'const PORTAL_BASE: &str = "https://%s";\nconst PORTAL_TOKEN: &str = "%s";' % (_host("inv-cloud"), tok)
    return t, tok, "PORTAL_BASE"


@T(G, "php-pdo-constructor")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '$pdo = new PDO("mysql:host=%s;dbname=selfservice;charset=utf8mb4", "selfservice", "%s");' % (_host("db"), p)
    return t, p, "dbname=selfservice"


@T(G, "ruby-stripe-api-key-assign")
def _():
    k = _K(lambda: "sk_live_" + _an(_n(24, 99)))
    t = "# config/initializers/stripe.rb\nStripe.api_key = '%s'\nStripe.api_version = '2023-10-16'" % k
    return t, k, "Stripe.api_version"


@T(G, "c-firmware-key-string")
def _():
    k = _K(lambda: _HEX(32))
    t = '/* meter_sec.c */\nstatic const char *GUEK_HEX = "%s";\nstatic const uint8_t SYS_TITLE[8] = {0x%s, 0x%s, 0x%s, 0x00, 0x01, 0x02, 0x03, 0x04};' % (
        k, _HEX(2), _HEX(2), _HEX(2))
    return t, k, "meter_sec.c"


@T(G, "c-firmware-key-byte-array")
def _():
    arr = _K(lambda: ", ".join("0x" + _HEX(2) for _ in range(16)))
    t = "// default GAK for field test units\nconst uint8_t gak[16] = { %s };" % arr
    return t, arr, "const uint8_t gak[16]"


@T(G, "arduino-wifi-credentials")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '// ESP32 pulse counter for the water tower\nconst char* ssid     = "WT-%s-IOT";\nconst char* password = "%s";\nWiFi.begin(ssid, password);' % (
        _dig(2), p)
    return t, p, "WiFi.begin"


@T(G, "cpp-preprocessor-psk")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '#define HES_TLS_PSK_IDENTITY "dc-%s"\n#define HES_TLS_PSK "%s"' % (_dig(5), p)
    return t, p, "HES_TLS_PSK_IDENTITY"


@T(G, "sql-create-user-with-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "CREATE USER mdm_etl WITH PASSWORD '%s';\nGRANT SELECT ON ALL TABLES IN SCHEMA reads TO mdm_etl;" % p
    return t, p, "GRANT SELECT"


@T(G, "tsql-alter-login")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "ALTER LOGIN [ccb_batch] WITH PASSWORD = N'%s', CHECK_POLICY = ON;\nGO" % p
    return t, p, "CHECK_POLICY = ON"


@T(G, "oracle-create-user-identified-by")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'CREATE USER settle_rpt IDENTIFIED BY "%s"\n  DEFAULT TABLESPACE settle_data QUOTA 2G ON settle_data;' % p
    return t, p, "settle_data"


@T(G, "mysql-create-user-identified-by")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "CREATE USER 'steve'@'%%' IDENTIFIED BY '%s';\nGRANT ALL PRIVILEGES ON stevedb.* TO 'steve'@'%%';" % p
    return t, p, "stevedb.*"


@T(G, "dockerfile-env-token")
def _():
    tok = _K(lambda: _b64(64))
    t = "FROM python:3.11-slim\nWORKDIR /app\nENV INFLUX_URL=https://%s:8086\nENV INFLUX_TOKEN=%s\nCOPY . ." % (_host("telemetry"), tok)
    return t, tok, "python:3.11-slim"


@T(G, "dockerfile-arg-default-npm")
def _():
    tok = _K(lambda: "npm_" + _an(36))
    t = "FROM node:20-alpine\nARG NPM_TOKEN=%s\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci" % tok
    return t, tok, "node:20-alpine"


@T(G, "makefile-conditional-assign")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "DEPLOY_HOST ?= %s\nDEPLOY_USER ?= deploy\nDEPLOY_PASS ?= %s\n\ndeploy:\n\tsshpass -p '$(DEPLOY_PASS)' rsync -az dist/ $(DEPLOY_USER)@$(DEPLOY_HOST):/srv/portal" % (
        _host("portal"), p)
    return t, p, "DEPLOY_HOST"


@T(G, "bash-script-vars-curl")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '#!/usr/bin/env bash\nset -euo pipefail\nAPI_USER=meterops\nAPI_PASS=\'%s\'\ncurl -sf -u "$API_USER:$API_PASS" "https://%s/api/v1/jobs/reconnect"' % (
        p, _host("hes"))
    return t, p, "set -euo pipefail"


@T(G, "powershell-script-securestring")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "# Sync-PiTags.ps1\n$pw = ConvertTo-SecureString \"%s\" -AsPlainText -Force\n$cred = [pscredential]::new('GRIDCORP\\svc_pi', $pw)\nInvoke-RestMethod -Uri $PiWebApi -Credential $cred" % p
    return t, p, "Sync-PiTags.ps1"


@T(G, "vba-adodb-connection-string")
def _():
    p = _P("!#*+-=?^_~.")
    t = ("' Module1 in DeskPositions.xlsm\nSet conn = CreateObject(\"ADODB.Connection\")\nconn.Open \"Provider=MSOLEDBSQL;Data Source=%s;"
         "Initial Catalog=ETRM;User ID=desk_ro;Password=%s;\"" % (_host("etrm"), p))
    return t, p, "DeskPositions.xlsm"


@T(G, "r-dbconnect-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'con <- dbConnect(RPostgres::Postgres(), host = "%s", dbname = "loadforecast",\n                 user = "analyst", password = "%s")' % (
        _host("pg"), p)
    return t, p, "loadforecast"


@T(G, "matlab-database-call")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "conn = database('PIArchive', 'piuser', '%s', 'Vendor', 'Microsoft SQL Server', 'Server', '%s');" % (p, _host("scada-hist"))
    return t, p, "PIArchive"


@T(G, "scala-val-kafka-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'val kafkaUser = "settle-stream"\nval kafkaPassword = "%s"\nprops.put("sasl.jaas.config", jaas(kafkaUser, kafkaPassword))' % p
    return t, p, "settle-stream"


@T(G, "elixir-repo-config")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'config :csms, Csms.Repo,\n  username: "csms",\n  password: "%s",\n  hostname: "%s",\n  pool_size: 10' % (p, _host("pg"))
    return t, p, "Csms.Repo"


@T(G, "perl-dbi-connect")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'my $dbh = DBI->connect("dbi:Pg:dbname=water;host=%s", "water_scada", "%s", { RaiseError => 1 });' % (_host("pg"), p)
    return t, p, "dbname=water"


@T(G, "lua-nodemcu-wifi-config")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'wifi.setmode(wifi.STATION)\nwifi.sta.config({ssid="HEATSUB-%s", pwd="%s"})\ntmr.create():alarm(60000, tmr.ALARM_AUTO, send_reading)' % (_dig(3), p)
    return t, p, "wifi.STATION"


@T(G, "node-red-function-node-bearer")
def _():
    tok = _K(lambda: _an(44))
    t = '// function node "add auth"\nmsg.headers = {\n    "Authorization": "Bearer %s",\n    "Content-Type": "application/json"\n};\nreturn msg;' % tok
    return t, tok, 'function node "add auth"'


@T(G, "java-properties-put-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'Properties props = new Properties();\nprops.put("user", "pi_reader");\nprops.put("password", "%s");\nprops.put("ssl", "true");' % p
    return t, p, '"pi_reader"'


@T(G, "python-dataclass-default-creds")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "@dataclass\nclass PortalCreds:\n    user: str = \"installer@%s\"\n    password: str = \"%s\"\n    region: str = \"eu\"" % (_dom(), p)
    return t, p, "class PortalCreds"


@T(G, "js-env-fallback-or")
def _():
    tok = _K(lambda: _an(36))
    t = "const OCPI_TOKEN = process.env.OCPI_TOKEN || '%s';\nconst OCPI_VERSIONS = process.env.OCPI_VERSIONS_URL;" % tok
    return t, tok, "OCPI_VERSIONS"


@T(G, "python-smtplib-login")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'with smtplib.SMTP("smtp.%s", 587) as s:\n    s.starttls()\n    s.login("outage-notify@%s", "%s")' % (_dom(), _dom(), p)
    return t, p, "starttls"


@T(G, "python-ftplib-login")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'ftp = ftplib.FTP_TLS("%s")\nftp.login("mdus", "%s")\nftp.prot_p()\nftp.cwd("/inbound/%s")' % (_host("ftp"), p, _pick(_REGIONS))
    return t, p, "ftp.prot_p()"


@T(G, "java-mail-password-authentication")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'return new PasswordAuthentication("billing-notify", "%s");' % p
    return t, p, "PasswordAuthentication"


@T(G, "csharp-networkcredential")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'handler.Credentials = new NetworkCredential("svc_piweb", "%s", "GRIDCORP");' % p
    return t, p, "svc_piweb"


@T(G, "go-request-set-basic-auth")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'req, _ := http.NewRequest("GET", base+"/meters/"+sn+"/profile", nil)\nreq.SetBasicAuth("hes-api", "%s")' % p
    return t, p, "SetBasicAuth"


@T(G, "python-jwt-encode-hs256-secret")
def _():
    s = _K(lambda: _an(_n(24, 40)))
    t = 'token = jwt.encode({"sub": account_id, "exp": exp}, "%s", algorithm="HS256")' % s
    return t, s, "algorithm=\"HS256\""


@T(G, "js-jsonwebtoken-sign-secret")
def _():
    s = _P("!#%*+-=?^_~.")
    t = "const token = jwt.sign({ crew: crewId, tablet: deviceId }, '%s', { expiresIn: '12h' });" % s
    return t, s, "expiresIn"


@T(G, "flask-secret-key-config")
def _():
    s = _K(lambda: _hex(48))
    t = 'app = Flask(__name__)\napp.config["SECRET_KEY"] = "%s"\napp.config["SESSION_COOKIE_SECURE"] = True' % s
    return t, s, "SESSION_COOKIE_SECURE"


@T(G, "python-webhook-hmac-key-bytes")
def _():
    s = _K(lambda: _an(32))
    t = 'WEBHOOK_SIGNING_KEY = b"%s"\n\ndef verify(body, sig):\n    return hmac.compare_digest(hmac.new(WEBHOOK_SIGNING_KEY, body, "sha256").hexdigest(), sig)' % s
    return t, s, "def verify"


@T(G, "hcl-resource-admin-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ('resource "azurerm_mssql_server" "cis" {\n  name                         = "sql-cis-prod"\n  version                      = "12.0"\n'
         '  administrator_login          = "cisadmin"\n  administrator_login_password = "%s"\n}' % p)
    return t, p, "sql-cis-prod"


@T(G, "ansible-task-uri-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("- name: trigger meter re-read\n  ansible.builtin.uri:\n    url: https://%s/api/reread\n    method: POST\n"
         "    user: hes-api\n    password: \"%s\"\n    force_basic_auth: true" % (_host("hes"), p))
    return t, p, "trigger meter re-read"


@T(G, "python-triple-quoted-rsa-key")
def _():
    body = _K(lambda: _pem_lines(_n(1180, 1200), _PKCS1_RSA))
    t = 'SIGNING_KEY = """-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----"""' % body
    return t, body, "SIGNING_KEY"


@T(G, "java-keystore-load-chararray")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'KeyStore ks = KeyStore.getInstance("PKCS12");\nks.load(new FileInputStream("csms-client.p12"), "%s".toCharArray());' % p
    return t, p, "csms-client.p12"


@T(G, "python-opcua-set-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'client = Client("opc.tcp://%s:4840")\nclient.set_user("scada_reader")\nclient.set_password("%s")\nclient.connect()' % (_ip(), p)
    return t, p, "opc.tcp://"


@T(G, "python-httpbasicauth-domain-user")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "auth = HTTPBasicAuth('GRIDCORP\\\\piuser', '%s')\nr = requests.get(PIWEB + '/streams/' + webid + '/recorded', auth=auth, verify=CA)" % p
    return t, p, "/recorded"


@T(G, "groovy-sql-newinstance")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'def sql = Sql.newInstance("jdbc:postgresql://%s/gis", "gis_reader", "%s", "org.postgresql.Driver")' % (_host("pg"), p)
    return t, p, "gis_reader"

# ===========================================================================
# group: stack-trace-or-log
# ===========================================================================
G = "stack-trace-or-log"


@T(G, "python-traceback-with-locals")
def _():
    p = _P("!#%*+-=?^_~.")
    h = _host("settle")
    t = ('Traceback (most recent call last):\n  File "/app/settle/submit.py", line 88, in submit_schedule\n    session.login(user, password)\n'
         '    \u2502 user = \'bidbot\'\n    \u2502 password = \'%s\'\n    \u2502 host = \'%s\'\nsettle.errors.AuthError: 401 Unauthorized' % (p, h))
    return t, p, "/app/settle/submit.py"


@T(G, "jdbc-exception-url-password-param")
def _():
    p = _PU()
    t = ("org.postgresql.util.PSQLException: Connection to %s:5432 refused.\n  url=jdbc:postgresql://%s:5432/mdm?user=mdm_app&password=%s&ssl=true\n"
         "\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)" % (
             _host("pg"), _host("pg"), p))
    return t, p, "ConnectionFactoryImpl.java:342"


@T(G, "sqlalchemy-operationalerror-engine-url")
def _():
    p = _PU()
    h = _host("pg")
    t = ('sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "%s", port 5432 failed: timeout expired\n'
         '[engine: postgresql://tariff_svc:%s@%s:5432/tariffs]\n(Background on this error at: https://sqlalche.me/e/20/e3q8)' % (h, p, h))
    return t, p, "timeout expired"


@T(G, "nginx-access-log-api-key-query")
def _():
    k = _K(lambda: _uan(32))
    t = '%s - - [%02d/May/2024:%02d:%02d:11 +0000] "GET /api/v2/readings?meter=%s&api_key=%s HTTP/1.1" 200 5121 "-" "python-requests/2.31.0"' % (
        _ip(), _n(1, 28), _n(0, 23), _n(0, 59), _serial(), k)
    return t, k, "python-requests/2.31.0"


@T(G, "iis-log-querystring-token")
def _():
    tok = _K(lambda: _an(32))
    t = "%s %02d:%02d:%02d %s GET /Billing/Export.aspx account=%s&token=%s 443 - %s Mozilla/5.0 - 200 0 0 187" % (
        _date(), _n(0, 23), _n(0, 59), _n(0, 59), _ip(), _dig(9), tok, _ip())
    return t, tok, "/Billing/Export.aspx"


@T(G, "app-debug-lls-association")
def _():
    p = _K(lambda: _pick([_an(8), _dig(8), _an(12)]))
    sn = _serial()
    t = "%s DEBUG hes.dlms.assoc - opening LLS association meter=%s client=16 password=%s frame=HDLC" % (_tsl(), sn, p)
    return t, p, sn


@T(G, "ocpp201-setvariables-basicauthpassword")
def _():
    p = _K(lambda: _an(32))
    t = ('%s INFO  csms.out -> %s: [2,"%s","SetVariables",{"setVariableData":[{"attributeValue":"%s",'
         '"component":{"name":"SecurityCtrlr"},"variable":{"name":"BasicAuthPassword"}}]}]' % (_ts(), _cpid(), _uuid(), p))
    return t, p, "SecurityCtrlr"


@T(G, "ocpp16-changeconfiguration-authorizationkey")
def _():
    k = _K(lambda: _hex(40))
    cp, ts, mid = _cpid(), _ts(), _dig(6)
    t = '%s [%s] >> [2,"%s","ChangeConfiguration",{"key":"AuthorizationKey","value":"%s"}]\n%s [%s] << [3,"%s",{"status":"Accepted"}]' % (
        ts, cp, mid, k, ts, cp, mid)
    return t, k, cp


@T(G, "gurux-xml-trace-calling-authentication")
def _():
    hx = _K(lambda: "".join("%02X" % ord(c) for c in _pw_raw("-_.")))
    t = ("<AssociationRequest>\n  <ApplicationContextName Value=\"LN\" />\n  <SenderACSERequirements Value=\"1\" />\n"
         "  <MechanismName Value=\"Low\" />\n  <CallingAuthentication Value=\"%s\" />\n</AssociationRequest>" % hx)
    return t, hx, "MechanismName"


@T(G, "dlms-aarq-decoded-text-trace")
def _():
    p = _K(lambda: _an(_n(8, 16)))
    t = ("TX AARQ 60 36 A1 09 06 07 60 85 74 05 08 01 01 ...\n  application-context-name: LN_no_ciphering\n  mechanism-name: low-level-security\n"
         "  calling-authentication-value (charstring): \"%s\"\nRX AARE result=accepted" % p)
    return t, p, "RX AARE result=accepted"


@T(G, "mqtt-client-connect-debug")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "%s DEBUG ami.mqtt: CONNECT host=%s:8883 client_id=fep-%s username=ami-fep password=%s keepalive=60 clean=True" % (
        _tsl(), _host("mqtt"), _dig(3), p)
    return t, p, "keepalive=60"


@T(G, "http-request-dump-bearer")
def _():
    tok = _K(lambda: _an(56))
    t = ">>> POST /api/v1/dispatch HTTP/1.1\n>>> Host: %s\n>>> Authorization: Bearer %s\n>>> Content-Type: application/json\n<<< HTTP/1.1 202 Accepted" % (
        _host("bess-ems"), tok)
    return t, tok, "/api/v1/dispatch"


@T(G, "urllib3-debug-url-token")
def _():
    tok = _K(lambda: _an(32))
    h = _host("mkt-api")
    t = 'DEBUG:urllib3.connectionpool:https://%s:443 "GET /v1/imbalance/prices?area=SE3&token=%s HTTP/1.1" 200 18211' % (h, tok)
    return t, tok, "urllib3.connectionpool"


@T(G, "spring-bind-failure-property-value")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("***************************\nAPPLICATION FAILED TO START\n***************************\n\nDescription:\n\n"
         "Failed to bind properties under 'spring.datasource' to javax.sql.DataSource:\n\n    Property: spring.datasource.password\n"
         "    Value: \"%s\"\n    Origin: System Environment Property \"SPRING_DATASOURCE_PASSWORD\"" % p)
    return t, p, "APPLICATION FAILED TO START"


@T(G, "node-error-config-object-dump")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("Error: connect ECONNREFUSED %s:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {\n"
         "  errno: -111,\n  code: 'ECONNREFUSED',\n  config: { host: '%s', user: 'csms_rw', password: '%s', database: 'csms' }\n}" % (
             _ip(), _host("pg"), p))
    return t, p, "ECONNREFUSED"


@T(G, "go-panic-struct-print")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("panic: dial broker: x509: certificate signed by unknown authority\n\nconfig=&{URL:ssl://%s:8883 Username:bess-ctrl Password:%s QoS:1}\n\n"
         "goroutine 1 [running]:\nmain.main()\n\t/src/cmd/bessctl/main.go:57 +0x1a5" % (_host("mqtt"), p))
    return t, p, "/src/cmd/bessctl/main.go:57"


@T(G, "rust-debug-struct-error")
def _():
    tok = _K(lambda: _an(40))
    t = 'Error: Unauthorized(PortalConfig { base: "https://%s", site_id: %s, token: "%s" })' % (_host("inv-cloud"), _dig(7), tok)
    return t, tok, "Error: Unauthorized"


@T(G, "postgres-log-alter-role-statement")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "%s UTC [%d] postgres@billing LOG:  statement: ALTER ROLE billing_app WITH PASSWORD '%s';" % (
        _date() + " 03:12:44.118", _n(1000, 99999), p)
    return t, p, "postgres@billing"


@T(G, "mysql-general-log-set-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "%s\t   %d Query\tSET PASSWORD FOR 'portal'@'%%' = '%s'" % (_ts(), _n(10, 999), p)
    return t, p, "'portal'@'%'"


@T(G, "redis-monitor-auth-command")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '%d.%06d [0 %s:%d] "AUTH" "%s"\n%d.%06d [0 %s:%d] "GET" "tariff:current:SE3"' % (
        _n(1700000000, 1730000000), _n(0, 999999), _ip(), _n(30000, 60000), p, _n(1700000000, 1730000000), _n(0, 999999), _ip(), _n(30000, 60000))
    return t, p, "tariff:current:SE3"


@T(G, "celery-task-received-args")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "[%s: INFO/MainProcess] Task settlement.tasks.submit_nomination[%s] received: args=('%s', 'bidbot', '%s')" % (
        _tsl(), _uuid(), _date(), p)
    return t, p, "submit_nomination"


@T(G, "airflow-connection-uri-log")
def _():
    p = _PU()
    t = "[%s] {base.py:83} INFO - Using connection ID 'epex_sftp' for task execution.\n[%s] {sftp.py:120} INFO - uri=sftp://epex_in:%s@%s:22/outbox" % (
        _tsl(), _tsl(), p, _host("sftp"))
    return t, p, "epex_sftp"


@T(G, "ansible-module-args-invocation")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'ok: [rtu-%s] => {"changed": false, "invocation": {"module_args": {"name": "snmpmon", "password": "%s", "state": "present"}}}' % (
        _dig(2), p)
    return t, p, '"name": "snmpmon"'


@T(G, "terraform-debug-provider-request")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '%s [DEBUG] provider.terraform-provider-azurerm: AzureRM Request: PUT /subscriptions/%s/...servers/sql-cis?api-version=2023-05-01 {"properties":{"administratorLogin":"cisadmin","administratorLoginPassword":"%s"}}' % (
        _ts(), _uuid(), p)
    return t, p, "terraform-provider-azurerm"


@T(G, "haproxy-log-captured-auth-header")
def _():
    b = _K(lambda: _b64s("meterops:" + _pw_raw("-_.!")))
    t = 'haproxy[%d]: %s:%d [%s] fe_mdm be_mdm/mdm01 0/0/1/12/13 200 812 - - ---- 4/4/0/0/0 0/0 {Basic %s} "GET /api/v1/health HTTP/1.1"' % (
        _n(100, 9999), _ip(), _n(30000, 60000), _date(), b)
    return t, b, "fe_mdm be_mdm/mdm01"


@T(G, "envoy-access-log-json-authorization")
def _():
    tok = _K(lambda: _an(48))
    t = '{"start_time":"%s","method":"POST","path":"/ocpi/2.2.1/sessions","authorization":"Token %s","response_code":200,"upstream_host":"%s:8080"}' % (
        _ts(), tok, _ip())
    return t, tok, "/ocpi/2.2.1/sessions"


@T(G, "syslog-cron-cmd-basic-auth")
def _():
    p = _PU()
    t = "%s rtu-gw%s CRON[%d]: (root) CMD (curl -s -u meterops:%s https://%s/push/events >/dev/null)" % (
        _pick(["May", "Jun", "Oct", "Nov"]) + " %2d %02d:%02d:01" % (_n(1, 28), _n(0, 23), _n(0, 59)), _dig(2), _n(1000, 9999), p, _host("hes"))
    return t, p, "(root) CMD"


@T(G, "windows-4688-process-command-line")
def _():
    p = _P("!#*+-=?^_~.")
    t = ("An account was logged on... Event ID 4688\nNew Process Name: C:\\Windows\\System32\\net.exe\n"
         "Process Command Line: net use \\\\%s\\exports /user:GRIDCORP\\svc_cis %s" % (_host("fs"), p))
    return t, p, "Event ID 4688"


@T(G, "journald-service-args-api-key")
def _():
    k = _K(lambda: _an(40))
    t = "%s hes01 hes-poller[%d]: starting poller v3.%d.0 --hes-url=https://%s --api-key=%s --batch=500" % (
        _pick(["May", "Jun", "Oct"]) + " %2d %02d:%02d:%02d" % (_n(1, 28), _n(0, 23), _n(0, 59), _n(0, 59)), _n(100, 9999), _n(0, 9), _host("hes"), k)
    return t, k, "starting poller"


@T(G, "gunicorn-access-log-token-param")
def _():
    tok = _K(lambda: _b64u(24))
    t = '%s - - [%s] "GET /portal/bill/%s.pdf?download_token=%s HTTP/1.1" 200 48211 "-" "Mozilla/5.0"' % (
        _ip(), _date(), _dig(9), tok)
    return t, tok, "/portal/bill/"


@T(G, "settings-repr-crashloop")
def _():
    tok = _K(lambda: _an(40))
    t = "ValueError: versions endpoint unreachable\nSettings(ocpi_versions_url='https://%s/ocpi/versions', ocpi_token_c='%s', party_id='%s', country='NL')" % (
        _host("ocpi-hub"), tok, _pick(_CPO))
    return t, tok, "versions endpoint unreachable"


@T(G, "sentry-breadcrumb-form-body")
def _():
    p = _PU()
    t = '{"category":"http","data":{"method":"POST","url":"/account/login","body":"email=%s&password=%s"},"level":"info"}' % (
        _email().replace("@", "%40"), p)
    return t, p, "/account/login"


@T(G, "php-stack-trace-pdo-args")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'selfservice'@'%s' in /var/www/portal/db.php:12\n"
         "Stack trace:\n#0 /var/www/portal/db.php(12): PDO->__construct('mysql:host=%s...', 'selfservice', '%s')\n#1 {main}" % (
             _ip(), _host("db"), p))
    return t, p, "/var/www/portal/db.php"


@T(G, "python-logging-payload-dict")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "%s INFO settlement.client POST /auth/login payload={'user': 'bidbot', 'password': '%s', 'member': '%s'}" % (
        _tsl(), p, _uan(5))
    return t, p, "settlement.client"


@T(G, "apache-httpclient-wire-log")
def _():
    b = _K(lambda: _b64s("%s:%s" % (_pick(_SVC), _pw_raw("-_."))))
    t = 'DEBUG org.apache.http.wire - http-outgoing-3 >> "GET /mdm/api/usage HTTP/1.1[\\r][\\n]"\nDEBUG org.apache.http.wire - http-outgoing-3 >> "Authorization: Basic %s[\\r][\\n]"' % b
    return t, b, "http-outgoing-3"


@T(G, "okhttp-logging-interceptor-body")
def _():
    s = _K(lambda: _an(40))
    t = "--> POST https://%s/oauth/token\nContent-Type: application/x-www-form-urlencoded\ngrant_type=client_credentials&client_id=field-tablet&client_secret=%s\n--> END POST (118-byte body)" % (
        _host("fsm"), s)
    return t, s, "client_id=field-tablet"


@T(G, "android-logcat-debug-token")
def _():
    tok = _K(lambda: _an(40))
    t = "%s  %d  %d D FieldSync: login ok crew=%s token=%s" % (
        _date()[5:] + " 07:%02d:%02d.%03d" % (_n(0, 59), _n(0, 59), _n(0, 999)), _n(1000, 30000), _n(1000, 30000), _dig(4), tok)
    return t, tok, "FieldSync"


@T(G, "efcore-log-connection-string")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "info: Microsoft.EntityFrameworkCore.Database.Connection[20000]\n      Opening connection to database 'Billing' on server 'Server=%s;Database=Billing;User Id=billing_app;Password=%s'." % (
        _host("cis"), p)
    return t, p, "Microsoft.EntityFrameworkCore"


@T(G, "mariadb-generated-root-password")
def _():
    p = _K(lambda: _ch(_AN + "*+,-.<=>?@[]^_{|}~", 32))
    d = _date()
    t = "mariadb-1  | %s 09:14:02+00:00 [Note] [Entrypoint]: GENERATED ROOT PASSWORD: %s\nmariadb-1  | %s 09:14:03+00:00 [Note] [Entrypoint]: Creating database stevedb" % (
        d, p, d)
    return t, p, "Creating database stevedb"


@T(G, "jenkins-initial-admin-password")
def _():
    p = _K(lambda: _hex(32))
    t = ("*************************************************************\n\nJenkins initial setup is required. An admin user has been created and a password generated.\n"
         "Please use the following password to proceed to installation:\n\n%s\n\nThis may also be found at: /var/jenkins_home/secrets/initialAdminPassword" % p)
    return t, p, "/var/jenkins_home/secrets/initialAdminPassword"


@T(G, "elasticsearch-first-start-elastic-password")
def _():
    p = _K(lambda: _ch(_AN + "*_=+-", 20))
    t = ("\u2139\ufe0f  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  %s\n\n"
         "\u2139\ufe0f  HTTP CA certificate SHA-256 fingerprint:\n  %s" % (p, _hex(64)))
    return t, p, "elasticsearch-reset-password"


@T(G, "csms-auth-failure-supplied-password")
def _():
    p = _K(lambda: _hex(40))
    cp = _cpid()
    t = "%s WARN  o.c.security.BasicAuthFilter - basic auth failed for chargeBox=%s supplied='%s' expected_len=40" % (_tsl(), cp, p)
    return t, p, cp


@T(G, "ocpi-handshake-token-b-log")
def _():
    tok = _K(lambda: _b64s(_uuid()))
    t = "%s INFO ocpi.credentials: handshake from NL*%s, received token B=%s, roles=[EMSP]" % (_tsl(), _pick(_CPO), tok)
    return t, tok, "ocpi.credentials"


@T(G, "inverter-cloud-sync-login-log")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "%s [cloud-sync] login user=%s pass=%s -> 200 (site %s)" % (_tsl(), _email(), p, _dig(7))
    return t, p, "[cloud-sync]"


@T(G, "lorawan-join-appkey-debug")
def _():
    k = _K(lambda: _HEX(32))
    t = "%s level=debug msg=\"join-request processed\" dev_eui=%s join_eui=%s app_key=%s dev_nonce=%d" % (
        _ts(), _hex(16), _hex(16), k, _n(1, 65000))
    return t, k, "join-request processed"


@T(G, "wmbus-decrypt-key-log")
def _():
    k = _K(lambda: _HEX(32))
    t = "(wmbus) telegram from %s (%s) decrypted with key %s, rssi=-%d dBm" % (_dig(8), _pick(["multical21", "hydrus", "izar"]), k, _n(60, 110))
    return t, k, "rssi="


@T(G, "requests-connectionerror-url-apikey")
def _():
    k = _K(lambda: _an(32))
    t = ("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.%s', port=443): Max retries exceeded with url: "
         "/v1/weather/irradiance?lat=59.9&lon=10.7&apikey=%s (Caused by NewConnectionError(...))" % (_dom(), k))
    return t, k, "Max retries exceeded"


@T(G, "java-tostring-credentials-config")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "java.lang.IllegalStateException: broker rejected credentials CredentialsConfig{username='ami-bridge', password='%s', clientId='bridge-%s'}\n\tat com.grid.ami.Bridge.start(Bridge.java:118)" % (
        p, _dig(2))
    return t, p, "Bridge.java:118"


@T(G, "sqlexception-connectionstring-data")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'cis_web'.\n   Data[\"ConnectionString\"]: "
         "Data Source=%s;Initial Catalog=CIS;User ID=cis_web;Password=%s\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor()" % (
             _host("cis"), p))
    return t, p, "Login failed for user 'cis_web'"


@T(G, "kafka-connect-jdbc-url-password")
def _():
    p = _PU()
    t = '[%s] INFO Creating connector mdm-sink of type io.confluent.connect.jdbc.JdbcSinkConnector {"connection.url":"jdbc:sqlserver://%s;databaseName=MDM;user=sink;password=%s"}' % (
        _tsl(), _host("cis"), p)
    return t, p, "JdbcSinkConnector"


@T(G, "nginx-error-upstream-userinfo")
def _():
    p = _PU()
    t = '%s [error] 1234#0: *88 upstream timed out while reading response header, upstream: "http://mdm:%s@%s:8080/api/v1/usage"' % (
        _date().replace("-", "/") + " 11:02:13", p, _ip())
    return t, p, "upstream timed out"


@T(G, "lambda-event-dump-x-api-key")
def _():
    k = _K(lambda: _an(40))
    t = 'START RequestId: %s Version: $LATEST\n[INFO] event: {"resource": "/readings", "headers": {"x-api-key": "%s", "User-Agent": "meter-gw/1.4"}}' % (
        _uuid(), k)
    return t, k, "meter-gw/1.4"


@T(G, "gcs-signed-url-in-log")
def _():
    sig = _K(lambda: _hex(512))
    t = ("%s INFO export ready: https://storage.googleapis.example/ami-exports/%s/reads.parquet?X-Goog-Algorithm=GOOG4-RSA-SHA256"
         "&X-Goog-Credential=exporter%%40proj.iam.gserviceaccount.example%%2F%s%%2Fauto%%2Fstorage%%2Fgoog4_request&X-Goog-Date=%sT101500Z"
         "&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature=%s" % (_tsl(), _date(), _date().replace("-", ""), _date().replace("-", ""), sig))
    return t, sig, "ami-exports"


@T(G, "s3-presigned-url-in-log")
def _():
    sig = _K(lambda: _hex(64))
    t = ("presigned download for settlement file: https://settle-archive.s3.eu-north-1.amazonaws.example/%s/settlement.csv?"
         "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%s%%2F%s%%2Feu-north-1%%2Fs3%%2Faws4_request&X-Amz-Date=%sT120000Z"
         "&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=%s" % (_date(), _uan(16), _date().replace("-", ""), _date().replace("-", ""), sig))
    return t, sig, "settlement.csv"


@T(G, "azure-sas-url-in-log")
def _():
    sig = _K(lambda: _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"))
    t = "%s upload target https://stamiraw.blob.core.windows.example/raw/%s.avro?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=%sT23:59:59Z&spr=https&sig=%s" % (
        _tsl(), _uuid(), _date(), sig)
    return t, sig, "stamiraw.blob.core.windows.example"


@T(G, "fix-logon-password-tag")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "%s OUT 8=FIX.4.4|9=142|35=A|34=1|49=GRIDDESK%s|56=EXCH|52=%s|98=0|108=30|553=trader%s|554=%s|10=%03d|" % (
        _tsl(), _dig(2), _date().replace("-", "") + "-08:00:00.000", _dig(2), p, _n(0, 255))
    return t, p, "35=A"


@T(G, "ocpp-ws-connect-url-userinfo")
def _():
    cp, p = _cpid(), _PU()
    t = "%s I (ocpp) connecting to wss://%s:%s@%s/ocpp/%s (attempt 3)" % (_tsl(), cp, p, _host("csms"), cp)
    return t, p, "(attempt 3)"


@T(G, "as4-gateway-keystore-password-log")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "%s INFO  as4.pmode: loaded keystore /etc/as4/keys/mdm-signing.p12 (alias=mdm-sign, password=%s) for PMode MDM-EXCHANGE" % (_tsl(), p)
    return t, p, "PMode MDM-EXCHANGE"


@T(G, "ldap-authentication-exception-env")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("javax.naming.AuthenticationException: [LDAP: error code 49 - 80090308: LdapErr: DSID-0C09044E]\n  env={java.naming.provider.url=ldaps://dc01.%s:636, "
         "java.naming.security.principal=cn=svc_wfm,ou=Service,dc=grid,dc=corp, java.naming.security.credentials=%s}" % (_dom(), p))
    return t, p, "LDAP: error code 49"


@T(G, "asyncpg-dsn-repr")
def _():
    p = _PU()
    t = "asyncpg.exceptions.InvalidPasswordError: password authentication failed for user \"ocpp_cs\"\n  pool=create_pool(dsn='postgres://ocpp_cs:%s@%s/csms', min_size=2)" % (
        p, _host("pg"))
    return t, p, "InvalidPasswordError"


@T(G, "smgw-tls-psk-debug")
def _():
    k = _K(lambda: _hex(64))
    t = "%s DEBUG smgw.wan: TLS-PSK handshake identity=SMGW-%s psk=%s cipher=TLS_ECDHE_PSK_WITH_AES_128_GCM_SHA256" % (_tsl(), _dig(10), k)
    return t, k, "TLS_ECDHE_PSK_WITH_AES_128_GCM_SHA256"


@T(G, "cloud-init-log-chpasswd-userdata")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("%s - util.py[DEBUG]: Read %d bytes from /var/lib/cloud/instance/user-data.txt\n%s - cc_set_passwords.py[DEBUG]: "
         "Handling input for chpasswd as list.\n  chpasswd: {list: 'edgegw:%s', expire: false}" % (_tsl(), _n(400, 2000), _tsl(), p))
    return t, p, "cc_set_passwords.py"


@T(G, "curl-verbose-ftp-pass-command")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("* Connected to %s (%s) port 21\n< 220 MDX FTP ready\n> USER mdx_upload\n< 331 Password required\n> PASS %s\n"
         "< 230 Login successful\n> PWD" % (_host("ftp"), _ip(), p))
    return t, p, "> USER mdx_upload"

# ===========================================================================
# group: note-or-chat
# ===========================================================================
G = "note-or-chat"


@T(G, "slack-thread-handover-password")
def _():
    p, h = _P(), _host("hes")
    t = ("%s  10:42\nhanding over the HES upgrade to you. admin console is https://%s/console, user `hesadmin`, password `%s` "
         "-- we rotate it after the cutover on Thursday" % (_first(), h, p))
    return t, p, h


@T(G, "teams-message-german-passwort")
def _():
    p = _P()
    t = ("[%s] Hallo zusammen, das Passwort f\u00fcr das MDM-Testsystem lautet %s (Benutzer: testlauf). "
         "Bitte nicht in Jira kopieren." % (_person(), p))
    return t, p, "Benutzer: testlauf"


@T(G, "email-french-mot-de-passe")
def _():
    p = _P()
    t = ("Objet : Acc\u00e8s portail onduleurs\n\nBonjour %s,\nvoici vos identifiants pour le portail installateur :\n"
         "identifiant : %s\nmot de passe : %s\nMerci de le changer \u00e0 la premi\u00e8re connexion.\nCordialement" % (
             _first(), _email(), p))
    return t, p, "Acc\u00e8s portail onduleurs"


@T(G, "note-spanish-contrasena")
def _():
    p = _P()
    t = "Nota: la contrase\u00f1a del concentrador DC-%s es %s, el usuario es admin. Cambiarla tras la visita de campo." % (_dig(4), p)
    return t, p, "el usuario es admin"


@T(G, "chat-dutch-wachtwoord")
def _():
    p = _P()
    t = "%s: wachtwoord voor de laadpaal-backoffice (acc) is %s, gebruikersnaam beheer-%s" % (_first(), p, _lan(4))
    return t, p, "laadpaal-backoffice"


@T(G, "chat-italian-password-e")
def _():
    p = _P()
    t = "Ciao %s, la password del portale fotovoltaico \u00e8 %s (utente: impianto.%s). Fammi sapere se funziona." % (
        _first(), p, _pick(_REGIONS))
    return t, p, "portale fotovoltaico"


@T(G, "whatsapp-portuguese-senha")
def _():
    p = _P()
    t = "[%s %02d:%02d] %s: a senha do tablet da equipe de campo \u00e9 %s, n\u00e3o passa pra ningu\u00e9m" % (
        _date(), _n(6, 20), _n(0, 59), _first(), p)
    return t, p, "tablet da equipe de campo"


@T(G, "note-polish-haslo")
def _():
    p = _P()
    t = "Has\u0142o do panelu magazynu energii: %s\nLogin: serwis\nAdres: https://%s" % (p, _host("bess-ems"))
    return t, p, "Login: serwis"


@T(G, "note-swedish-losenord")
def _():
    p = _P()
    t = "Inloggning till fj\u00e4rrv\u00e4rme-SCADA: anv\u00e4ndare driftlag, l\u00f6senord %s. G\u00e4ller tills vidare." % p
    return t, p, "anv\u00e4ndare driftlag"


@T(G, "note-norwegian-passord")
def _():
    p = _P()
    t = "Passord til m\u00e5leravlesnings-kontoen er %s - brukernavn avlesning_%s. Bytt etter prosjektet." % (p, _pick(_REGIONS))
    return t, p, "Bytt etter prosjektet"


@T(G, "note-danish-adgangskode")
def _():
    p = _P()
    t = "Adgangskode til varmev\u00e6rkets kundeportal (test): %s, bruger: kunde-test-%s" % (p, _dig(3))
    return t, p, "kundeportal (test)"


@T(G, "note-finnish-salasana")
def _():
    p = _P()
    t = "Kaukol\u00e4mm\u00f6n valvomon salasana on %s, k\u00e4ytt\u00e4j\u00e4tunnus valvoja. \u00c4l\u00e4 jaa eteenp\u00e4in." % p
    return t, p, "k\u00e4ytt\u00e4j\u00e4tunnus valvoja"


@T(G, "chat-japanese-password")
def _():
    p = _P()
    t = "%s\u3055\u3093\u3001\u30b9\u30de\u30fc\u30c8\u30e1\u30fc\u30bf\u30fc\u691c\u8a3c\u74b0\u5883\u306e\u30d1\u30b9\u30ef\u30fc\u30c9\u306f %s \u3067\u3059\u3002\u30e6\u30fc\u30b6\u30fc\u540d\u306f hes-verify \u3067\u3059\u3002" % (
        _first(), p)
    return t, p, "hes-verify"


@T(G, "chat-chinese-mima")
def _():
    p = _P()
    t = "\u5145\u7535\u6869\u540e\u53f0\u6d4b\u8bd5\u8d26\u53f7\uff1acsms-test\uff0c\u5bc6\u7801\uff1a%s\uff0c\u5468\u4e94\u524d\u6709\u6548\u3002" % p
    return t, p, "csms-test"


@T(G, "chat-korean-password")
def _():
    p = _P()
    t = "\ud0dc\uc591\uad11 \uc778\ubc84\ud130 \ud3ec\ud138 \uacc4\uc815: solar-ops / \ube44\ubc00\ubc88\ud638: %s (\ub2e4\uc74c \uc8fc\uc5d0 \ubcc0\uacbd \uc608\uc815)" % p
    return t, p, "solar-ops"


@T(G, "note-turkish-sifre")
def _():
    p = _P()
    t = "Saya\u00e7 okuma sunucusu i\u00e7in \u015fifre: %s  kullan\u0131c\u0131: okuma_%s" % (p, _pick(_REGIONS))
    return t, p, "Saya\u00e7 okuma sunucusu"


@T(G, "note-czech-heslo")
def _():
    p = _P()
    t = "Heslo k port\u00e1lu distribuce (produkce): %s, u\u017eivatel dispecink%s" % (p, _dig(2))
    return t, p, "port\u00e1lu distribuce"


@T(G, "note-greek-kodikos")
def _():
    p = _P()
    t = "\u039f \u03ba\u03c9\u03b4\u03b9\u03ba\u03cc\u03c2 \u03b3\u03b9\u03b1 \u03c4\u03bf SCADA \u03cd\u03b4\u03c1\u03b5\u03c5\u03c3\u03b7\u03c2 \u03b5\u03af\u03bd\u03b1\u03b9 %s (\u03c7\u03c1\u03ae\u03c3\u03c4\u03b7\u03c2: operator)" % p
    return t, p, "SCADA"


@T(G, "chat-russian-parol")
def _():
    p = _P()
    t = "%s: \u043f\u0430\u0440\u043e\u043b\u044c \u043e\u0442 \u0431\u0438\u043b\u043b\u0438\u043d\u0433\u0430 (\u0442\u0435\u0441\u0442) \u2014 %s, \u043b\u043e\u0433\u0438\u043d billing_qa" % (
        _first(), p)
    return t, p, "billing_qa"


@T(G, "chat-ukrainian-parol")
def _():
    p = _P()
    t = "\u0414\u043e\u0441\u0442\u0443\u043f \u0434\u043e \u043f\u043e\u0440\u0442\u0430\u043b\u0443 \u041e\u0421\u0420: \u043b\u043e\u0433\u0456\u043d trader%s, \u043f\u0430\u0440\u043e\u043b\u044c %s" % (
        _dig(2), p)
    return t, p, "\u0414\u043e\u0441\u0442\u0443\u043f"


@T(G, "note-arabic-password")
def _():
    p = _P()
    t = "\u0643\u0644\u0645\u0629 \u0627\u0644\u0645\u0631\u0648\u0631 \u0644\u0646\u0638\u0627\u0645 \u0627\u0644\u0639\u062f\u0627\u062f\u0627\u062a \u0627\u0644\u0630\u0643\u064a\u0629: %s \u2014 \u0627\u0633\u0645 \u0627\u0644\u0645\u0633\u062a\u062e\u062f\u0645: ami_admin" % p
    return t, p, "ami_admin"


@T(G, "note-hebrew-sisma")
def _():
    p = _P()
    t = "\u05d4\u05e1\u05d9\u05e1\u05de\u05d4 \u05dc\u05de\u05e2\u05e8\u05db\u05ea \u05d4\u05d7\u05d9\u05d5\u05d1 \u05d4\u05d9\u05d0 %s (\u05de\u05e9\u05ea\u05de\u05e9: billing_ops)" % p
    return t, p, "billing_ops"


@T(G, "note-hindi-password")
def _():
    p = _P()
    t = "\u092e\u0940\u091f\u0930 \u0921\u0947\u091f\u093e \u092a\u094b\u0930\u094d\u091f\u0932 \u0915\u093e \u092a\u093e\u0938\u0935\u0930\u094d\u0921: %s \u0914\u0930 \u092f\u0942\u091c\u093c\u0930: mdm_%s" % (
        p, _pick(_REGIONS))
    return t, p, "\u092e\u0940\u091f\u0930"


@T(G, "note-vietnamese-mat-khau")
def _():
    p = _P()
    t = "M\u1eadt kh\u1ea9u h\u1ec7 th\u1ed1ng \u0111o \u0111\u1ebfm: %s, t\u00e0i kho\u1ea3n: dodem_%s" % (p, _dig(2))
    return t, p, "t\u00e0i kho\u1ea3n"


@T(G, "note-indonesian-kata-sandi")
def _():
    p = _P()
    t = "Kata sandi untuk portal SPKLU (stasiun pengisian): %s, user: operator%s" % (p, _dig(2))
    return t, p, "portal SPKLU"


@T(G, "note-hungarian-jelszo")
def _():
    p = _P()
    t = "A m\u00e9r\u0151adat-gy\u0171jt\u0151 jelszava: %s (felhaszn\u00e1l\u00f3: gyujto)" % p
    return t, p, "felhaszn\u00e1l\u00f3: gyujto"


@T(G, "note-romanian-parola")
def _():
    p = _P()
    t = "Parola pentru contul de facturare (mediu test) este %s, utilizator factura_test." % p
    return t, p, "utilizator factura_test"


@T(G, "agent-running-note-logged-in")
def _():
    p, h = _P(), _host("mdm")
    t = "- Logged into MDM staging (%s) as vee_admin using the password the user pasted earlier (%s); VEE rule set v14 is active." % (h, p)
    return t, p, h


@T(G, "agent-goal-statement-creds")
def _():
    p = _P()
    t = ("GOAL: migrate the tariff tables from CIS to the new billing engine. Source DB creds from the user: "
         "cis_migrate / %s (read-only on prod, full on stg)." % p)
    return t, p, "GOAL: migrate the tariff tables"


@T(G, "decision-log-temp-password")
def _():
    p = _P()
    t = "DECISION %s: keep the temporary OCPP backoffice password (%s) until the vendor confirms the 2.0.1 firmware; rotate on go-live." % (
        _date(), p)
    return t, p, "2.0.1 firmware"


@T(G, "note-pw-abbrev-label")
def _():
    p = _P()
    t = "mdm-uat login -> user: uat_tester  pw: %s" % p
    return t, p, "uat_tester"


@T(G, "chat-creds-slash-pair")
def _():
    p = _P()
    t = "%s: creds for the settlement sandbox are sandbox_%s / %s" % (_first(), _lan(4), p)
    return t, p, "settlement sandbox"


@T(G, "note-unlabelled-ssh-prompt")
def _():
    p = _P()
    ip = _ip()
    t = "ssh into the RTU at %s as root, when it asks just type %s and then run `svc restart iec104`" % (ip, p)
    return t, p, ip


@T(G, "jira-comment-vendor-api-key")
def _():
    k = _K(lambda: _uan(32))
    t = "%s added a comment - %s\nVendor support sent the monitoring API key for the portfolio: %s\nI tested /sites/list and it returns 412 sites." % (
        _person(), _date(), k)
    return t, k, "/sites/list"


@T(G, "github-issue-pasted-env")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("**Steps to reproduce**\n1. start with this env:\n```\nSTEVE_DB_URL=jdbc:mysql://%s/stevedb\nSTEVE_DB_PASSWORD=%s\n```\n"
         "2. connect a charge point with OCPP-J 1.6" % (_host("db"), p))
    return t, p, "Steps to reproduce"


@T(G, "vendor-email-temporary-password")
def _():
    p = _P()
    t = ("From: support@%s\nSubject: Your account for the charge-point management portal\n\nWelcome! Your temporary password is: %s\n"
         "You will be asked to change it at first login." % (_dom(), p))
    return t, p, "charge-point management portal"


@T(G, "sms-field-crew-cabinet-code")
def _():
    p = _K(lambda: _dig(_n(6, 8)))
    t = "SMS from Dispatch: Crew %s - substation %s door keypad code %s, alarm disarms automatically. Reply OK." % (
        _dig(2), _pick(_REGIONS).upper(), p)
    return t, p, "Reply OK"


@T(G, "note-wifi-passphrase-with-spaces")
def _():
    p = _K(lambda: " ".join(_pick(_WORDS) for _ in range(4)))
    t = "Site notes: the pump station Wi-Fi passphrase is \"%s\" (all lower case, with spaces)." % p
    return t, p, "pump station Wi-Fi"


@T(G, "meeting-minutes-action-rotate")
def _():
    p = _P()
    t = "Action items:\n- %s to rotate the PI Web API service password (current: %s) before audit\n- %s to close INC-%s" % (
        _first(), p, _first(), _dig(5))
    return t, p, "PI Web API"


@T(G, "runbook-break-glass-account")
def _():
    p = _P()
    t = ("## If the head-end is down\n1. VPN to the DR site.\n2. Log into %s with the break-glass account `bg-hes` / `%s`.\n"
         "3. Start the collector manually." % (_host("hes"), p))
    return t, p, "break-glass account"


@T(G, "trader-chat-exchange-login")
def _():
    p = _P()
    t = "[%02d:%02d] %s: pls use the desk login for the intraday screen today, user gd_desk%s pwd %s, mine is locked" % (
        _n(7, 17), _n(0, 59), _first(), _dig(2), p)
    return t, p, "intraday screen"


@T(G, "code-review-comment-committed-token")
def _():
    tok = _K(lambda: "ghp_" + _an(36))
    t = "> review comment on src/deploy.py line 12\nYou committed a real PAT here (`%s`). Please revoke it and read it from the environment instead." % tok
    return t, tok, "src/deploy.py"


@T(G, "todo-list-rotate-with-current")
def _():
    p = _P()
    t = "TODO\n- [x] renew TLS cert for csms\n- [ ] rotate MQTT bridge password (currently %s)\n- [ ] update runbook" % p
    return t, p, "renew TLS cert"


@T(G, "markdown-table-credentials-row")
def _():
    p = _P()
    t = "| system | url | user | password |\n|---|---|---|---|\n| Inverter portal | https://%s | ops@%s | %s |" % (
        _host("inv-cloud"), _dom(), p)
    return t, p, "Inverter portal"


@T(G, "denglisch-chat-zugang")
def _():
    p = _P()
    t = "kurzer heads-up: der Zugang f\u00fcrs Wallbox-Backend ist user wb-service, PW %s, bitte nur f\u00fcr den Firmware-Rollout nutzen" % p
    return t, p, "Wallbox-Backend"


@T(G, "customer-ticket-pasted-password")
def _():
    p = _P()
    t = ("Ticket #%s (web form): Hi, I can't log into my account to see my electricity bill. My email is %s and my password is %s. "
         "Please help!" % (_dig(6), _email(), p))
    return t, p, "electricity bill"


@T(G, "handover-alarm-code-numeric")
def _():
    p = _K(lambda: _dig(_n(6, 8)))
    t = "Night shift handover: pumping station B alarm panel code is %s; the key is in the lockbox." % p
    return t, p, "pumping station B"


@T(G, "note-password-on-next-line")
def _():
    p = _P()
    t = "Meter test bench (lab PC) login\nuser: lab\npassword:\n    %s\n(ask Maria before changing)" % p
    return t, p, "Meter test bench"


@T(G, "chat-quoted-reply-pw")
def _():
    p = _P()
    t = "> %s wrote: whats the pw for the grafana viewer?\nit's %s, viewer account only" % (_first(), p)
    return t, p, "viewer account only"


@T(G, "teams-german-non-ascii-password")
def _():
    p = _K(lambda: _pick(["Stromz\u00e4hler", "\u00dcberlandwerk", "Fernw\u00e4rme", "Gr\u00fcnstrom", "Sch\u00fctz",
                           "Umspannwerk\u00f6l", "M\u00e4rzwind"]) + "-" + _pick(_WORDS).capitalize() + _dig(3) + "!")
    t = "%s: Neues Kennwort f\u00fcr den Z\u00e4hlerfernauslese-Server: %s (gilt ab Montag)" % (_first(), p)
    return t, p, "gilt ab Montag"


@T(G, "email-japanese-formal")
def _():
    p = _P()
    t = ("\u4ef6\u540d\uff1a\u592a\u967d\u5149\u76e3\u8996\u30dd\u30fc\u30bf\u30eb\u306e\u30a2\u30ab\u30a6\u30f3\u30c8\u306b\u3064\u3044\u3066\n"
         "\u30ed\u30b0\u30a4\u30f3ID\uff1apv-monitor-%s\n\u521d\u671f\u30d1\u30b9\u30ef\u30fc\u30c9\uff1a%s" % (_dig(3), p))
    return t, p, "pv-monitor-"


@T(G, "german-zugangsdaten-list")
def _():
    p = _P()
    t = "Zugangsdaten Direktvermarkter-API:\n* URL: https://%s\n* Benutzer: dv-%s\n* Kennwort: %s" % (_host("mkt-api"), _lan(5), p)
    return t, p, "Direktvermarkter-API"


@T(G, "french-sms-mdp-abbrev")
def _():
    p = _P()
    t = "Salut, pour la borne de recharge du parking B : login admin, mdp %s. Bonne journ\u00e9e" % p
    return t, p, "borne de recharge"


@T(G, "spanish-clave-wifi")
def _():
    p = _P()
    t = "La clave del wifi de la subestaci\u00f3n es %s (red SUBEST-%s)" % (p, _dig(3))
    return t, p, "subestaci\u00f3n"


@T(G, "dutch-ww-abbrev")
def _():
    p = _P()
    t = "Slimme-meter testomgeving: gebr. p1tester / ww %s" % p
    return t, p, "p1tester"


@T(G, "portuguese-pwd-label")
def _():
    p = _P()
    t = "Acesso \u00e0 API da distribuidora (homologa\u00e7\u00e3o): user api_hml, pwd %s" % p
    return t, p, "api_hml"


@T(G, "swedish-losen-abbrev")
def _():
    p = _P()
    t = "Laddoperat\u00f6rens admin: anv admin-%s, l\u00f6sen %s" % (_lan(3), p)
    return t, p, "Laddoperat\u00f6rens"


@T(G, "chinese-account-password-pair")
def _():
    p = _P()
    t = "\u8d26\u53f7/\u5bc6\u7801\uff1aems_%s / %s  \uff08\u50a8\u80fd\u7535\u7ad9\u76d1\u63a7\uff09" % (_lan(4), p)
    return t, p, "\u50a8\u80fd\u7535\u7ad9\u76d1\u63a7"


@T(G, "russian-login-pass-slang")
def _():
    p = _P()
    t = "\u043b\u043e\u0433\u0438\u043d/\u043f\u0430\u0441\u0441 \u043e\u0442 \u0410\u0421\u041a\u0423\u042d: askue_%s / %s" % (_lan(4), p)
    return t, p, "askue_"


@T(G, "agent-scratchpad-secret-no-label")
def _():
    p = _P()
    t = "scratch: user said 'just use %s for the sandbox portal, it's the same as last year' -> trying it on https://%s/login" % (
        p, _host("portal"))
    return t, p, "sandbox portal"


@T(G, "pagerduty-incident-note-creds")
def _():
    p = _P()
    t = "Incident note (%s): restarted ocpp-gw; had to log into the LB admin with admin:%s because SSO was down." % (_ts(), p)
    return t, p, "restarted ocpp-gw"


@T(G, "email-reply-chain-password")
def _():
    p = _P()
    t = ("On %s, %s wrote:\n> Can you send me the SFTP details for the meter data exchange?\n\nHost %s, user mdx_%s, password %s\n"
         "Files land in /outbox daily at 06:00." % (_date(), _person(), _host("sftp"), _lan(3), p))
    return t, p, "meter data exchange"


@T(G, "standup-note-italian-mixed")
def _():
    p = _P()
    t = "Standup: ho resettato la pwd del tablet del tecnico %s, ora \u00e8 %s. Va cambiata al primo accesso." % (_first(), p)
    return t, p, "Standup"

# ===========================================================================
# group: ci-and-deploy
# ===========================================================================
G = "ci-and-deploy"


@T(G, "github-actions-env-hardcoded")
def _():
    tok = _K(lambda: _an(40))
    t = ("name: ocpi-contract-tests\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    env:\n      OCPI_HUB_URL: https://%s\n"
         "      OCPI_TOKEN: %s\n    steps:\n      - uses: actions/checkout@v4" % (_host("ocpi-hub"), tok))
    return t, tok, "ocpi-contract-tests"


@T(G, "github-actions-docker-login-with")
def _():
    p = _K(lambda: "dckr_pat_" + _ch(_AN + "-_", 27))
    t = "      - uses: docker/login-action@v3\n        with:\n          username: voltaraci\n          password: %s\n      - run: docker push voltara/csms:${{ github.sha }}" % p
    return t, p, "docker/login-action@v3"


@T(G, "github-actions-run-psql-uri")
def _():
    p = _PU()
    t = '      - name: seed tariffs\n        run: psql "postgresql://ci_seed:%s@%s:5432/tariffs" -f db/seed.sql' % (p, _host("pg"))
    return t, p, "seed tariffs"


@T(G, "github-actions-services-postgres")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_USER: mdm\n          POSTGRES_PASSWORD: \"%s\"\n"
         "        ports: ['5432:5432']" % p)
    return t, p, "postgres:16"


@T(G, "gitlab-ci-variables-block")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "variables:\n  DOCKER_DRIVER: overlay2\n  DB_HOST: %s\n  DB_PASSWORD: \"%s\"\n\nstages: [test, deploy]" % (_host("pg"), p)
    return t, p, "DOCKER_DRIVER: overlay2"


@T(G, "gitlab-ci-script-curl-basic")
def _():
    p = _PU()
    t = "deploy_reports:\n  stage: deploy\n  script:\n    - curl --fail -u deploy:%s -T reports.zip https://%s/upload/\n  only: [main]" % (
        p, _host("portal"))
    return t, p, "deploy_reports"


@T(G, "jenkinsfile-environment-block")
def _():
    k = _K(lambda: _an(32))
    t = "pipeline {\n  agent any\n  environment {\n    HES_API_URL = 'https://%s'\n    HES_API_KEY = '%s'\n  }\n  stages {" % (_host("hes"), k)
    return t, k, "agent any"


@T(G, "jenkinsfile-sh-sshpass")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "    stage('Deploy to RTU gateway') {\n      steps {\n        sh \"sshpass -p '%s' scp build/gw.tar.gz deploy@%s:/opt/gw/\"\n      }\n    }" % (
        p, _ip())
    return t, p, "Deploy to RTU gateway"


@T(G, "circleci-job-environment")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "jobs:\n  integration:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      PGPASSWORD: \"%s\"\n      PGHOST: %s" % (
        p, _host("pg"))
    return t, p, "cimg/python:3.12"


@T(G, "azure-pipelines-variables")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "variables:\n  buildConfiguration: 'Release'\n  sqlUser: 'ccb_deploy'\n  sqlPassword: '%s'\n\nsteps:\n- task: DotNetCoreCLI@2" % p
    return t, p, "buildConfiguration"


@T(G, "bitbucket-pipelines-ftp-deploy")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - pipe: atlassian/ftp-deploy:0.3.7\n"
         "              variables:\n                USER: 'outagemap'\n                PASSWORD: '%s'\n                SERVER: '%s'" % (p, _host("ftp")))
    return t, p, "atlassian/ftp-deploy"


@T(G, "drone-yml-plugin-settings")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.%s/ocpp-gw\n    username: drone\n    password: %s" % (
        _dom(), p)
    return t, p, "plugins/docker"


@T(G, "argocd-application-helm-parameters")
def _():
    p = _P("!#%*+-=?^_~.")
    t = ("spec:\n  source:\n    repoURL: https://git.%s/platform/charts.git\n    path: ami-bridge\n    helm:\n      parameters:\n"
         "        - name: mqtt.password\n          value: \"%s\"" % (_dom(), p))
    return t, p, "path: ami-bridge"


@T(G, "helm-upgrade-ci-step-set-string")
def _():
    tok = _K(lambda: _b64s(_uuid()))
    t = "  - helm upgrade --install ocpi-bridge charts/ocpi-bridge --namespace roaming --set-string secrets.ocpiTokenC=%s --atomic" % tok
    return t, tok, "charts/ocpi-bridge"


@T(G, "kustomize-secretgenerator-literals")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "secretGenerator:\n- name: mdm-db\n  literals:\n  - username=mdm_app\n  - password=%s\ngeneratorOptions:\n  disableNameSuffixHash: true" % p
    return t, p, "disableNameSuffixHash"


@T(G, "docker-build-arg-token")
def _():
    tok = _K(lambda: "npm_" + _an(36))
    t = "$ docker build --build-arg NPM_TOKEN=%s -t registry.%s/portal-web:%s ." % (tok, _dom(), _hex(7))
    return t, tok, "portal-web"


@T(G, "terraform-apply-var-flag")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "terraform apply -var=\"env=prod\" -var=\"db_password=%s\" -auto-approve" % p
    return t, p, "-auto-approve"


@T(G, "ansible-inventory-ini-password")
def _():
    p = _P("!#%*+-=?^_~.")
    ip = _ip()
    t = "[rtu_gateways]\nrtu-%s ansible_host=%s ansible_user=deploy ansible_password=%s\n\n[rtu_gateways:vars]\nansible_python_interpreter=/usr/bin/python3" % (
        _dig(2), ip, p)
    return t, p, ip


@T(G, "packer-hcl-variable-default")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'variable "winrm_password" {\n  type    = string\n  default = "%s"\n}\n\nsource "azure-arm" "hes-win" {' % p
    return t, p, "azure-arm"


@T(G, "vagrantfile-winrm-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'Vagrant.configure("2") do |config|\n  config.vm.box = "gusztavvargadr/windows-server"\n  config.winrm.username = "vagrant"\n  config.winrm.password = "%s"\nend' % p
    return t, p, "Vagrant.configure"


@T(G, "fly-secrets-set-cmd")
def _():
    k = _K(lambda: "sk_live_" + _an(24))
    t = "fly secrets set OCTOPUS_API_KEY=%s -a tariff-sync-%s" % (k, _lan(4))
    return t, k, "fly secrets set"


@T(G, "heroku-config-set-cmd")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "heroku config:set SMTP_PASSWORD='%s' -a outage-notify-%s" % (p, _lan(4))
    return t, p, "heroku config:set"


@T(G, "vercel-env-add-piped")
def _():
    k = _K(lambda: "sk." + _b64u(60))
    t = "echo -n '%s' | vercel env add MAPBOX_SECRET_TOKEN production" % k
    return t, k, "vercel env add"


@T(G, "netlify-env-set")
def _():
    k = _K(lambda: _an(32))
    t = "netlify env:set OUTAGE_API_KEY %s --context production" % k
    return t, k, "netlify env:set"


@T(G, "codebuild-buildspec-env-variables")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "version: 0.2\nenv:\n  variables:\n    DB_USER: settle_ci\n    DB_PASS: \"%s\"\nphases:\n  build:\n    commands:\n      - make test" % p
    return t, p, "version: 0.2"


@T(G, "cloudbuild-yaml-args")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "steps:\n- name: gcr.io/cloud-builders/gcloud\n  entrypoint: bash\n  args: ['-c', 'mysql -h %s -u migrate -p%s < migrations/up.sql']" % (
        _ip(), p)
    return t, p, "cloud-builders/gcloud"


@T(G, "tekton-task-param-default")
def _():
    tok = _K(lambda: _an(40))
    t = "spec:\n  params:\n    - name: hes-token\n      type: string\n      default: \"%s\"\n  steps:\n    - name: smoke\n      image: curlimages/curl" % tok
    return t, tok, "curlimages/curl"


@T(G, "serverless-yml-environment")
def _():
    tok = _K(_uuid)
    t = "service: da-price-fetcher\nprovider:\n  name: aws\n  runtime: python3.12\n  environment:\n    ENTSOE_TOKEN: %s\n    BIDDING_ZONE: 10Y1001A1001A48H" % tok
    return t, tok, "da-price-fetcher"


@T(G, "sam-template-parameter-default")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true\n    Default: \"%s\"\n  Stage:\n    Type: String" % p
    return t, p, "NoEcho: true"


@T(G, "cloudformation-master-user-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "  MdmDatabase:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      Engine: postgres\n      MasterUsername: mdmadmin\n      MasterUserPassword: '%s'" % p
    return t, p, "AWS::RDS::DBInstance"


@T(G, "swarm-stack-deploy-environment")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "version: \"3.8\"\nservices:\n  rabbitmq:\n    image: rabbitmq:3.13-management\n    environment:\n      RABBITMQ_DEFAULT_USER: ami\n      RABBITMQ_DEFAULT_PASS: \"%s\"\n    deploy:\n      replicas: 1" % p
    return t, p, "rabbitmq:3.13-management"


@T(G, "nomad-job-env-stanza")
def _():
    p = _P("!#%*+-=?^_~.")
    t = 'job "meter-poller" {\n  group "poller" {\n    task "run" {\n      env {\n        MQTT_USER = "poller"\n        MQTT_PASS = "%s"\n      }' % p
    return t, p, 'job "meter-poller"'


@T(G, "chef-data-bag-json")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '{\n  "id": "hes_collector",\n  "db_user": "hes",\n  "db_password": "%s"\n}' % p
    return t, p, '"id": "hes_collector"'


@T(G, "puppet-hiera-yaml-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "---\nprofile::hes::db_host: %s\nprofile::hes::db_password: '%s'\nprofile::hes::workers: 8" % (_host("pg"), p)
    return t, p, "profile::hes::workers"


@T(G, "salt-pillar-sls")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "# pillar/ocpp/init.sls\nocpp:\n  csms_db:\n    user: csms\n    password: '%s'\n  listen_port: 8180" % p
    return t, p, "listen_port: 8180"


@T(G, "capistrano-ssh-options-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "set :application, 'selfservice'\nset :ssh_options, { user: 'deploy', password: '%s', forward_agent: false }" % p
    return t, p, "set :application"


@T(G, "k8s-deployment-env-value")
def _():
    tok = _K(lambda: _an(40))
    t = "        env:\n        - name: OCPI_TOKEN_A\n          value: \"%s\"\n        - name: OCPI_PARTY_ID\n          value: %s" % (tok, _pick(_CPO))
    return t, tok, "OCPI_PARTY_ID"


@T(G, "k8s-cronjob-args-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "          containers:\n          - name: vee-batch\n            image: mdm/vee:4.2\n            args: [\"--db-user\", \"vee\", \"--db-password\", \"%s\", \"--run\", \"nightly\"]" % p
    return t, p, "mdm/vee:4.2"


@T(G, "compose-override-ci-environment")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "# docker-compose.ci.yml\nservices:\n  broker:\n    environment:\n      - RABBITMQ_DEFAULT_USER=ci\n      - RABBITMQ_DEFAULT_PASS=%s" % p
    return t, p, "docker-compose.ci.yml"


@T(G, "deploy-script-ssh-export")
def _():
    k = _K(lambda: _an(40))
    t = "#!/bin/sh\n# deploy.sh\nrsync -az build/ deploy@%s:/srv/poller/\nssh deploy@%s \"export HES_TOKEN=%s; systemctl --user restart poller\"" % (
        _host("hes"), _host("hes"), k)
    return t, k, "deploy.sh"


@T(G, "github-actions-log-unmasked-header")
def _():
    k = _K(lambda: _hex(32))
    t = "Run curl -sf -H \"X-Api-Key: %s\" https://%s/api/health\n  curl -sf -H \"X-Api-Key: ***\" ...\n{\"status\":\"ok\"}" % (k, _host("inv-cloud"))
    return t, k, '{"status":"ok"}'


@T(G, "gitlab-job-log-docker-login")
def _():
    tok = _K(lambda: "glcbt-" + _hex(2) + "_" + _ch(_AN + "-_", 20))
    t = "$ docker login -u gitlab-ci-token -p %s registry.%s\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded" % (
        tok, _dom())
    return t, tok, "Login Succeeded"


@T(G, "jenkins-console-xtrace-curl")
def _():
    p = _PU()
    t = "[Pipeline] sh\n+ curl -sS -u deploy:%s -X POST https://%s/job/rebuild\n[Pipeline] }" % (p, _host("portal"))
    return t, p, "[Pipeline] sh"


@T(G, "az-pipelines-variable-create")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "az pipelines variable create --name sqlPassword --value '%s' --pipeline-name ccb-deploy --org https://dev.azure.example/gridlane" % p
    return t, p, "ccb-deploy"


@T(G, "gh-variable-set-misuse")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "gh variable set MQTT_PASSWORD --body '%s' --repo %s/ami-bridge  # TODO should be a secret" % (p, _pick(_COS))
    return t, p, "should be a secret"


@T(G, "renovate-hostrules-token")
def _():
    tok = _K(lambda: "glpat-" + _ch(_AN + "-_", 20))
    t = '{\n  "extends": ["config:recommended"],\n  "hostRules": [{"matchHost": "gitlab.%s", "token": "%s"}]\n}' % (_dom(), tok)
    return t, tok, "config:recommended"


@T(G, "dependabot-registries-password")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "registries:\n  grid-nexus:\n    type: maven-repository\n    url: https://nexus.%s/repository/maven-public\n    username: dependabot\n    password: %s" % (
        _dom(), p)
    return t, p, "maven-repository"


@T(G, "sonar-project-properties-login")
def _():
    tok = _K(lambda: "squ_" + _hex(40))
    t = "sonar.projectKey=grid_hes-adapters\nsonar.host.url=https://sonar.%s\nsonar.login=%s" % (_dom(), tok)
    return t, tok, "sonar.projectKey"


@T(G, "goreleaser-env-github-token")
def _():
    tok = _K(lambda: "ghp_" + _an(36))
    t = "# .goreleaser.yaml\nenv:\n  - GITHUB_TOKEN=%s\nbuilds:\n  - main: ./cmd/bessctl" % tok
    return t, tok, "./cmd/bessctl"


@T(G, "ci-npm-config-set-authtoken")
def _():
    tok = _K(lambda: "npm_" + _an(36))
    t = "  - npm config set //registry.npmjs.org/:_authToken=%s\n  - npm publish --access public" % tok
    return t, tok, "npm publish --access public"


@T(G, "twine-upload-step")
def _():
    tok = _K(lambda: "pypi-AgEIcHlwaS5vcmc" + _ch(_AN + "-_", _n(100, 140)))
    t = "- run: twine upload -u __token__ -p %s dist/*" % tok
    return t, tok, "twine upload"


@T(G, "gradle-publish-project-property")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "./gradlew publish -PmavenUser=ci -PmavenPassword='%s' --no-daemon" % p
    return t, p, "./gradlew publish"


@T(G, "flyway-cli-password-flag")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "flyway -url=jdbc:postgresql://%s:5432/billing -user=flyway -password='%s' -locations=filesystem:db/migration migrate" % (_host("pg"), p)
    return t, p, "filesystem:db/migration"


@T(G, "dbmate-database-url-step")
def _():
    p = _PU()
    t = "  - DATABASE_URL=\"postgres://dbmate:%s@%s:5432/csms?sslmode=require\" dbmate up" % (p, _host("pg"))
    return t, p, "dbmate up"


@T(G, "ci-echo-vault-password-file")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "    - echo '%s' > .vault_pass\n    - ansible-playbook -i inventories/prod deploy.yml --vault-password-file .vault_pass" % p
    return t, p, "inventories/prod"


@T(G, "sops-age-key-ci-env")
def _():
    k = _K(lambda: "AGE-SECRET-KEY-1" + _ch("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58))
    t = "    env:\n      SOPS_AGE_KEY: %s\n    run: sops -d secrets/prod.enc.yaml > /tmp/secrets.yaml" % k
    return t, k, "secrets/prod.enc.yaml"


@T(G, "kubectl-create-docker-registry-secret")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "kubectl create secret docker-registry regcred --docker-server=harbor.%s --docker-username=robot$ci --docker-password='%s' -n csms" % (
        _dom(), p)
    return t, p, "regcred"


@T(G, "github-actions-ssh-private-key-input")
def _():
    body = _K(lambda: _pem_lines(_n(300, 320), b"openssh-key-v1\x00\x00\x00\x00\x04none"))
    ind = "\n".join("            " + ln for ln in body.split("\n"))
    t = "      - uses: webfactory/ssh-agent@v0.9.0\n        with:\n          ssh-private-key: |\n            -----BEGIN OPENSSH PRIVATE KEY-----\n%s\n            -----END OPENSSH PRIVATE KEY-----" % ind
    sec = ind.strip()
    return t, sec, "webfactory/ssh-agent"


@T(G, "helmfile-set-value")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "releases:\n  - name: csms\n    chart: ./charts/csms\n    set:\n      - name: postgresql.auth.password\n        value: %s" % p
    return t, p, "releases:"


@T(G, "pulumi-config-set-plaintext")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "pulumi config set --plaintext mdm:dbPassword '%s' --stack prod" % p
    return t, p, "--stack prod"


@T(G, "concourse-pipeline-params")
def _():
    p = _K(lambda: _ch(_AN + "/+", 40))
    t = "- put: meter-firmware-bucket\n  params:\n    file: build/fw-*.bin\n  source:\n    access_key_id: %s\n    secret_access_key: %s" % (_uan(20), p)
    return t, p, "meter-firmware-bucket"


@T(G, "buildkite-pipeline-env")
def _():
    tok = _K(lambda: _an(40))
    t = "env:\n  SETTLEMENT_API_TOKEN: \"%s\"\nsteps:\n  - label: \":zap: settlement smoke\"\n    command: make smoke" % tok
    return t, tok, "settlement smoke"


@T(G, "octopus-deploy-variable-json")
def _():
    p = _P("!#%*+-=?^_~.")
    t = '{ "Name": "Billing.Db.Password", "Value": "%s", "Type": "String", "IsSensitive": false, "Scope": { "Environment": ["Production"] } }' % p
    return t, p, "Billing.Db.Password"


@T(G, "winrm-deploy-ps-remoting-script")
def _():
    p = _P("!#%*+-=?^_~.")
    t = "$s = New-PSSession -ComputerName %s -Credential (New-Object PSCredential 'deploy', (ConvertTo-SecureString '%s' -AsPlainText -Force))\nCopy-Item .\\out\\* -Destination C:\\HES\\ -ToSession $s" % (
        _host("hes"), p)
    return t, p, "Copy-Item"

# ===========================================================================
# group: vendor-token
# ===========================================================================
G = "vendor-token"


@T(G, "github-classic-pat-ghp")
def _():
    tok = _K(lambda: "ghp_" + _an(36))
    t = "GITHUB_TOKEN=%s  # used by the release-notes bot for %s/hes-adapters" % (tok, _pick(_COS))
    return t, tok, "release-notes bot"


@T(G, "github-fine-grained-pat")
def _():
    tok = _K(lambda: "github_pat_11" + _uan(20) + "_" + _an(59))
    t = "gh auth login --with-token <<< '%s'" % tok
    return t, tok, "gh auth login"


@T(G, "github-app-installation-ghs")
def _():
    tok = _K(lambda: "ghs_" + _an(36))
    t = '{"token":"%s","expires_at":"%s","permissions":{"contents":"read","metadata":"read"}}' % (tok, _ts())
    return t, tok, '"permissions"'


@T(G, "github-refresh-token-ghr")
def _():
    tok = _K(lambda: "ghr_" + _an(76))
    t = "refresh_token=%s&expires_in=15811200&token_type=bearer" % tok
    return t, tok, "token_type=bearer"


@T(G, "gitlab-pat-glpat")
def _():
    tok = _K(lambda: "glpat-" + _ch(_AN + "-_", 20))
    t = 'curl --header "PRIVATE-TOKEN: %s" "https://gitlab.%s/api/v4/projects/%s/pipelines?status=failed"' % (tok, _dom(), _dig(3))
    return t, tok, "status=failed"


@T(G, "gitlab-runner-token-glrt")
def _():
    tok = _K(lambda: "glrt-" + _ch(_AN + "-_", 20))
    t = 'gitlab-runner register --non-interactive --url https://gitlab.%s --token %s --executor docker --description "ami-runner-%s"' % (
        _dom(), tok, _dig(2))
    return t, tok, "--executor docker"


@T(G, "gitlab-deploy-token-gldt")
def _():
    tok = _K(lambda: "gldt-" + _ch(_AN + "-_", 20))
    t = "helm repo add grid-charts https://gitlab.%s/api/v4/projects/%s/packages/helm/stable --username gitlab+deploy-token-%s --password %s" % (
        _dom(), _dig(3), _dig(3), tok)
    return t, tok, "grid-charts"


@T(G, "slack-bot-token-xoxb")
def _():
    tok = _K(lambda: "xoxb-" + _dig(12) + "-" + _dig(13) + "-" + _an(24))
    t = 'SLACK_BOT_TOKEN="%s"\nSLACK_CHANNEL="#grid-alerts"' % tok
    return t, tok, "#grid-alerts"


@T(G, "slack-user-token-xoxp")
def _():
    tok = _K(lambda: "xoxp-" + _dig(12) + "-" + _dig(12) + "-" + _dig(13) + "-" + _hex(32))
    t = "client = WebClient(token='%s')  # personal token of the on-call lead" % tok
    return t, tok, "WebClient"


@T(G, "slack-app-level-token-xapp")
def _():
    tok = _K(lambda: "xapp-1-A" + _uan(10) + "-" + _dig(13) + "-" + _hex(64))
    t = "SOCKET_MODE_TOKEN=%s" % tok
    return t, tok, "SOCKET_MODE_TOKEN"


@T(G, "slack-incoming-webhook-secret-path")
def _():
    sec = _K(lambda: _an(24))
    t = "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Feeder F%s tripped\"}' https://hooks.slack.com/services/T%s/B%s/%s" % (
        _dig(2), _uan(10), _uan(10), sec)
    return t, sec, "hooks.slack.com/services/T"


@T(G, "discord-webhook-token")
def _():
    sec = _K(lambda: _ch(_AN + "-_", 68))
    t = "DISCORD_WEBHOOK=https://discord.com/api/webhooks/%s/%s" % (_dig(19), sec)
    return t, sec, "discord.com/api/webhooks/"


@T(G, "stripe-secret-key-live")
def _():
    k = _K(lambda: "sk_live_51" + _an(_n(60, 97)))
    t = "stripe.api_key = \"%s\"  # customer portal card payments" % k
    return t, k, "customer portal card payments"


@T(G, "stripe-restricted-key-rk")
def _():
    k = _K(lambda: "rk_live_51" + _an(_n(60, 97)))
    t = "STRIPE_RESTRICTED_KEY=%s" % k
    return t, k, "STRIPE_RESTRICTED_KEY"


@T(G, "stripe-webhook-signing-whsec")
def _():
    k = _K(lambda: "whsec_" + _an(32))
    t = "endpoint_secret = '%s'\nevent = stripe.Webhook.construct_event(payload, sig_header, endpoint_secret)" % k
    return t, k, "construct_event"


@T(G, "twilio-auth-token-hex")
def _():
    k = _K(lambda: _hex(32))
    t = "TWILIO_ACCOUNT_SID=AC%s\nTWILIO_AUTH_TOKEN=%s\nOUTAGE_SMS_FROM=+4790000%s" % (_hex(32), k, _dig(3))
    return t, k, "OUTAGE_SMS_FROM"


@T(G, "twilio-api-key-secret")
def _():
    k = _K(lambda: _an(32))
    t = "client = Client('SK%s', '%s', 'AC%s')" % (_hex(32), k, _hex(32))
    return t, k, "client = Client("


@T(G, "sendgrid-api-key")
def _():
    k = _K(lambda: "SG." + _ch(_AN + "-_", 22) + "." + _ch(_AN + "-_", 43))
    t = "sg = sendgrid.SendGridAPIClient('%s')\nsg.send(bill_ready_mail)" % k
    return t, k, "bill_ready_mail"


@T(G, "mailgun-private-key")
def _():
    k = _K(lambda: "key-" + _hex(32))
    t = "curl -s --user 'api:%s' https://api.mailgun.example/v3/mg.%s/messages -F to=%s -F subject='Planned outage'" % (k, _dom(), _email())
    return t, k, "Planned outage"


@T(G, "mailchimp-api-key-datacenter")
def _():
    k = _K(lambda: _hex(32) + "-us" + str(_n(1, 21)))
    t = "MAILCHIMP_API_KEY=%s\nMAILCHIMP_LIST_ID=%s" % (k, _hex(10))
    return t, k, "MAILCHIMP_LIST_ID"


@T(G, "postmark-server-token")
def _():
    k = _K(_uuid)
    t = 'curl "https://api.postmarkapp.example/email" -H "X-Postmark-Server-Token: %s" -d @bill_notice.json' % k
    return t, k, "bill_notice.json"


@T(G, "google-api-key-aiza")
def _():
    k = _K(lambda: "AIza" + _ch(_AN + "-_", 35))
    t = "GEOCODING_KEY = '%s'  # server-side geocoding of outage addresses, unrestricted" % k
    return t, k, "geocoding of outage addresses"


@T(G, "google-oauth-client-secret-gocspx")
def _():
    k = _K(lambda: "GOCSPX-" + _ch(_AN + "-_", 28))
    t = '{"web":{"client_id":"%s-%s.apps.googleusercontent.example","client_secret":"%s","redirect_uris":["https://portal.%s/oauth/cb"]}}' % (
        _dig(12), _lan(32), k, _dom())
    return t, k, "redirect_uris"


@T(G, "azure-ad-client-secret-q-tilde")
def _():
    k = _K(_azsecret)
    t = "AZURE_CLIENT_ID=%s\nAZURE_CLIENT_SECRET=%s\nAZURE_TENANT_ID=%s" % (_uuid(), k, _uuid())
    return t, k, "AZURE_TENANT_ID"


@T(G, "azure-storage-connection-string")
def _():
    k = _K(lambda: _b64(64))
    t = "DefaultEndpointsProtocol=https;AccountName=stevsessions%s;AccountKey=%s;EndpointSuffix=core.windows.net" % (_lan(3), k)
    return t, k, "DefaultEndpointsProtocol=https"


@T(G, "azure-servicebus-sas-key")
def _():
    k = _K(lambda: _b64(32))
    t = "Endpoint=sb://sb-ami-events.servicebus.windows.example/;SharedAccessKeyName=fep-send;SharedAccessKey=%s;EntityPath=meter-events" % k
    return t, k, "SharedAccessKeyName=fep-send"


@T(G, "azure-iothub-device-connection-string")
def _():
    k = _K(lambda: _b64(32))
    t = "HostName=iot-meters-prod.azure-devices.example;DeviceId=dc-%s;SharedAccessKey=%s" % (_dig(5), k)
    return t, k, "iot-meters-prod"


@T(G, "npm-access-token")
def _():
    tok = _K(lambda: "npm_" + _an(36))
    t = "NPM_TOKEN=%s npm publish --tag next" % tok
    return t, tok, "npm publish --tag next"


@T(G, "pypi-api-token")
def _():
    tok = _K(lambda: "pypi-AgEIcHlwaS5vcmc" + _ch(_AN + "-_", _n(130, 170)))
    t = "TWINE_PASSWORD=%s" % tok
    return t, tok, "TWINE_PASSWORD"


@T(G, "docker-hub-pat")
def _():
    tok = _K(lambda: "dckr_pat_" + _ch(_AN + "-_", 27))
    t = "echo %s | docker login -u gridlaneci --password-stdin" % tok
    return t, tok, "gridlaneci"


@T(G, "huggingface-token")
def _():
    tok = _K(lambda: "hf_" + _an(34))
    t = "from huggingface_hub import login\nlogin(token=\"%s\")  # load-forecast model pull" % tok
    return t, tok, "load-forecast model pull"


@T(G, "openai-project-key")
def _():
    tok = _K(lambda: "sk-proj-" + _ch(_AN + "-_", _n(120, 156)))
    t = "OPENAI_API_KEY=%s  # used by the meter-complaint triage prototype" % tok
    return t, tok, "meter-complaint triage"


@T(G, "anthropic-api-key")
def _():
    tok = _K(lambda: "sk-ant-api03-" + _ch(_AN + "-_", 93) + "AA")
    t = "export ANTHROPIC_API_KEY=%s" % tok
    return t, tok, "export ANTHROPIC_API_KEY"


@T(G, "digitalocean-pat")
def _():
    tok = _K(lambda: "dop_v1_" + _hex(64))
    t = "doctl auth init --access-token %s --context outage-map" % tok
    return t, tok, "doctl auth init"


@T(G, "hashicorp-vault-service-token")
def _():
    tok = _K(lambda: "hvs." + _ch(_AN + "-_", 24))
    t = "VAULT_ADDR=https://vault.%s:8200\nVAULT_TOKEN=%s" % (_dom(), tok)
    return t, tok, "VAULT_ADDR"


@T(G, "terraform-cloud-api-token")
def _():
    tok = _K(lambda: _an(14) + ".atlasv1." + _an(67))
    t = 'credentials "app.terraform.io" {\n  token = "%s"\n}' % tok
    return t, tok, "app.terraform.io"


@T(G, "doppler-service-token")
def _():
    tok = _K(lambda: "dp.st.prd." + _an(43))
    t = "doppler run --token %s -- ./start-poller.sh" % tok
    return t, tok, "./start-poller.sh"


@T(G, "grafana-service-account-token")
def _():
    tok = _K(lambda: "glsa_" + _an(32) + "_" + _hex(8))
    t = 'curl -H "Authorization: Bearer %s" https://grafana.%s/api/dashboards/uid/ami-kpi' % (tok, _dom())
    return t, tok, "/api/dashboards/uid/ami-kpi"


@T(G, "grafana-cloud-access-policy-token")
def _():
    tok = _K(lambda: "glc_" + _b64(60).rstrip("="))
    t = "GRAFANA_CLOUD_TOKEN=%s\nGRAFANA_CLOUD_STACK=%s" % (tok, _pick(_COS))
    return t, tok, "GRAFANA_CLOUD_STACK"


@T(G, "datadog-api-and-app-key")
def _():
    k = _K(lambda: _hex(32))
    t = "DD_SITE=datadoghq.eu\nDD_API_KEY=%s\nDD_ENV=prod" % k
    return t, k, "DD_SITE=datadoghq.eu"


@T(G, "new-relic-user-key")
def _():
    k = _K(lambda: "NRAK-" + _uan(27))
    t = 'newrelic profile add --profile grid --region EU --apiKey %s --accountId %s' % (k, _dig(7))
    return t, k, "newrelic profile add"


@T(G, "sentry-auth-token-sntrys")
def _():
    tok = _K(lambda: "sntrys_" + _b64u(90))
    t = "SENTRY_AUTH_TOKEN=%s sentry-cli releases new portal@%d.%d.%d" % (tok, _n(1, 5), _n(0, 30), _n(0, 9))
    return t, tok, "sentry-cli releases new"


@T(G, "shopify-admin-token-shpat")
def _():
    tok = _K(lambda: "shpat_" + _hex(32))
    t = "X-Shopify-Access-Token: %s  (energy-efficiency webshop)" % tok
    return t, tok, "energy-efficiency webshop"


@T(G, "square-access-token-eaaa")
def _():
    tok = _K(lambda: "EAAA" + _ch(_AN + "-_", 60))
    t = "SQUARE_ACCESS_TOKEN=%s" % tok
    return t, tok, "SQUARE_ACCESS_TOKEN"


@T(G, "atlassian-api-token")
def _():
    tok = _K(lambda: "ATATT3xFfGF0" + _ch(_AN + "-_", 170) + "=" + _HEX(8))
    t = "curl -u %s:%s https://%s.atlassian.example/rest/api/3/issue/GRID-%s" % (_email(), tok, _pick(_COS), _dig(4))
    return t, tok, "/rest/api/3/issue/GRID-"


@T(G, "linear-api-key")
def _():
    tok = _K(lambda: "lin_api_" + _an(40))
    t = "LINEAR_API_KEY=%s" % tok
    return t, tok, "LINEAR_API_KEY"


@T(G, "notion-integration-token")
def _():
    tok = _K(lambda: "ntn_" + _dig(11) + _an(35))
    t = "notion = Client(auth=\"%s\")  # sync outage postmortems" % tok
    return t, tok, "sync outage postmortems"


@T(G, "figma-personal-token")
def _():
    tok = _K(lambda: "figd_" + _ch(_AN + "-_", 40))
    t = "FIGMA_TOKEN=%s  # pulls icons for the field app" % tok
    return t, tok, "pulls icons for the field app"


@T(G, "mapbox-secret-token-sk")
def _():
    tok = _K(lambda: "sk.eyJ1Ijoi" + _b64u(30) + "." + _ch(_AN + "-_", 22))
    t = "MAPBOX_DOWNLOADS_TOKEN=%s" % tok
    return t, tok, "MAPBOX_DOWNLOADS_TOKEN"


@T(G, "telegram-bot-token")
def _():
    tok = _K(lambda: _dig(10) + ":AA" + _ch(_AN + "-_", 33))
    t = "curl -s \"https://api.telegram.org/bot%s/sendMessage?chat_id=-100%s&text=Inverter%%20offline\"" % (tok, _dig(10))
    return t, tok, "sendMessage"


@T(G, "okta-ssws-api-token")
def _():
    tok = _K(lambda: "00" + _ch(_AN + "-_", 40))
    t = 'curl -H "Authorization: SSWS %s" https://%s.okta.example/api/v1/users?filter=status+eq+"LOCKED_OUT"' % (tok, _pick(_COS))
    return t, tok, "LOCKED_OUT"


@T(G, "cloudflare-api-token")
def _():
    tok = _K(lambda: _ch(_AN + "-_", 40))
    t = 'curl -X GET "https://api.cloudflare.example/client/v4/user/tokens/verify" -H "Authorization: Bearer %s"' % tok
    return t, tok, "/user/tokens/verify"


@T(G, "tailscale-auth-key")
def _():
    tok = _K(lambda: "tskey-auth-k" + _an(10) + "CNTRL-" + _an(33))
    t = "tailscale up --authkey=%s --advertise-tags=tag:substation --hostname=rtu-%s" % (tok, _dig(3))
    return t, tok, "tag:substation"


@T(G, "ngrok-authtoken")
def _():
    tok = _K(lambda: _an(27) + "_" + _an(21))
    t = "ngrok config add-authtoken %s  # expose local OCPP sim to the vendor" % tok
    return t, tok, "expose local OCPP sim"


@T(G, "onepassword-service-account-token")
def _():
    tok = _K(lambda: "ops_eyJ" + _b64u(240))
    t = "OP_SERVICE_ACCOUNT_TOKEN=%s op read 'op://Grid-CI/hes-db/password'" % tok
    return t, tok, "op read"


@T(G, "pulumi-access-token")
def _():
    tok = _K(lambda: "pul-" + _hex(40))
    t = "PULUMI_ACCESS_TOKEN=%s pulumi up --stack prod --yes" % tok
    return t, tok, "pulumi up --stack prod"


@T(G, "databricks-pat-dapi")
def _():
    tok = _K(lambda: "dapi" + _hex(32))
    t = "[DEFAULT]\nhost = https://adb-%s.%d.azuredatabricks.example\ntoken = %s" % (_dig(16), _n(1, 20), tok)
    return t, tok, "[DEFAULT]"


@T(G, "supabase-service-role-sbp")
def _():
    tok = _K(lambda: "sbp_" + _hex(40))
    t = "supabase login --token %s" % tok
    return t, tok, "supabase login"


@T(G, "age-secret-key")
def _():
    k = _K(lambda: "AGE-SECRET-KEY-1" + _ch("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58))
    t = "# created: %sT09:12:44+02:00\n# public key: age1%s\n%s" % (_date(), _ch("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), k)
    return t, k, "# public key: age1"


@T(G, "pem-rsa-private-key-block")
def _():
    body = _K(lambda: _pem_lines(_n(1190, 1218), _PKCS1_RSA))
    t = "-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----" % body
    return t, body, "-----BEGIN RSA PRIVATE KEY-----"


@T(G, "pem-ec-private-key-block")
def _():
    body = _K(lambda: _pem_lines(115, _SEC1_EC))
    t = "# csms-client.key (charge point fleet TLS client cert, security profile 3)\n-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----" % body
    return t, body, "security profile 3"


@T(G, "pgp-private-key-block")
def _():
    body = _K(lambda: _pem_lines(_n(900, 1000), b"\x95\x07\xc6\x04"))
    t = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (body, _b64(3))
    return t, body, "BEGIN PGP PRIVATE KEY BLOCK"


@T(G, "jwt-bearer-in-header")
def _():
    tok = _JWT()
    t = "Authorization: Bearer %s" % tok
    return t, tok, "Authorization: Bearer"


@T(G, "alibaba-cloud-access-key-secret")
def _():
    k = _K(lambda: _an(30))
    t = "aliyun configure set --profile ami --mode AK --access-key-id LTAI%s --access-key-secret %s --region eu-central-1" % (_an(20), k)
    return t, k, "--mode AK"


@T(G, "firebase-fcm-server-key")
def _():
    k = _K(lambda: "AAAA" + _ch(_AN + "-_", 7) + ":APA91b" + _ch(_AN + "-_", 134))
    t = 'headers = {"Authorization": "key=%s", "Content-Type": "application/json"}  # push outage alerts to the app' % k
    return t, k, "push outage alerts"


@T(G, "sonarqube-user-token")
def _():
    tok = _K(lambda: "squ_" + _hex(40))
    t = "mvn sonar:sonar -Dsonar.host.url=https://sonar.%s -Dsonar.token=%s" % (_dom(), tok)
    return t, tok, "mvn sonar:sonar"


@T(G, "jfrog-reference-token")
def _():
    tok = _K(lambda: "cmVmdGtu" + _b64(48).rstrip("="))
    t = "jf c add grid-artifactory --url=https://artifactory.%s --access-token=%s --interactive=false" % (_dom(), tok)
    return t, tok, "grid-artifactory"


@T(G, "mollie-live-api-key")
def _():
    k = _K(lambda: "live_" + _an(30))
    t = "MOLLIE_API_KEY=%s  # prepayment meter top-ups" % k
    return t, k, "prepayment meter top-ups"


@T(G, "adyen-api-key")
def _():
    k = _K(lambda: "AQE" + _ch(_AN + "+/", 120))
    t = 'X-API-Key: %s\nX-Merchant-Account: %sEV' % (k, _pick(_COS).split("-")[0].capitalize())
    return t, k, "X-Merchant-Account"


@T(G, "octopus-energy-api-key")
def _():
    k = _K(lambda: "sk_live_" + _an(24))
    t = "curl -u %s: https://api.octopus.example/v1/electricity-meter-points/%s/meters/%s/consumption/" % (k, _dig(13), _dig(2) + "J" + _dig(8))
    return t, k, "electricity-meter-points"


@T(G, "retail-price-api-personal-token")
def _():
    k = _K(lambda: _ch(_AN + "-_", 43))
    t = 'curl -H "Authorization: Bearer %s" -H "Content-Type: application/json" -d \'{"query":"{viewer{homes{currentSubscription{priceInfo{today{total startsAt}}}}}}"}\' https://api.pricefeed.example/v1-beta/gql' % k
    return t, k, "priceInfo"


@T(G, "enphase-api-key-and-token")
def _():
    k = _K(lambda: _hex(32))
    t = "GET /api/v4/systems/%s/telemetry/production_micro?key=%s&granularity=day" % (_dig(7), k)
    return t, k, "production_micro"


@T(G, "solar-monitoring-site-api-key")
def _():
    k = _K(lambda: _uan(32))
    t = "SOLAR_MONITORING_API_KEY=%s\nSOLAR_SITE_IDS=%s,%s" % (k, _dig(7), _dig(7))
    return t, k, "SOLAR_SITE_IDS"


@T(G, "victron-vrm-access-token")
def _():
    k = _K(lambda: _hex(64))
    t = 'curl -H "x-authorization: Token %s" https://vrmapi.victron.example/v2/installations/%s/stats?type=live_feed' % (k, _dig(6))
    return t, k, "type=live_feed"


@T(G, "transparency-platform-security-token")
def _():
    k = _K(_uuid)
    t = "GET https://transparency.grid-api.example/api?securityToken=%s&documentType=A44&in_Domain=10YFI-1--------U&periodStart=%s0000&periodEnd=%s2300" % (
        k, _date().replace("-", ""), _date().replace("-", ""))
    return t, k, "documentType=A44"


@T(G, "balancing-market-api-key")
def _():
    k = _K(lambda: _lan(15))
    t = "https://data.bmrs.example/api/v1/balancing/settlement/system-prices/%s?format=json&APIKey=%s" % (_date(), k)
    return t, k, "system-prices"


@T(G, "iso-api-subscription-key")
def _():
    k = _K(lambda: _hex(32))
    t = "Ocp-Apim-Subscription-Key: %s\nAuthorization: Bearer <id_token from b2c login>" % k
    return t, k, "<id_token from b2c login>"


@T(G, "connected-car-client-secret")
def _():
    k = _K(_uuid)
    t = "SMARTCHARGE_CLIENT_ID=%s\nSMARTCHARGE_CLIENT_SECRET=%s\nSMARTCHARGE_REDIRECT=https://app.%s/cb" % (_uuid(), k, _dom())
    return t, k, "SMARTCHARGE_REDIRECT"


@T(G, "charge-map-api-key")
def _():
    k = _K(_uuid)
    t = "https://api.chargemap-open.example/v3/poi/?output=json&countrycode=NO&maxresults=500&key=%s" % k
    return t, k, "countrycode=NO"


@T(G, "irradiance-forecast-api-key")
def _():
    k = _K(lambda: _ch(_AN + "-_", 32))
    t = "curl -H 'Authorization: Bearer %s' 'https://api.irradiance.example/rooftop_sites/%s-%s-%s-%s/forecasts?format=json'" % (
        k, _hex(4), _hex(4), _hex(4), _hex(4))
    return t, k, "rooftop_sites"


@T(G, "ocpi-credentials-token-c-base64")
def _():
    k = _K(lambda: _b64s(_uuid()))
    t = '{"token":"%s","url":"https://%s/ocpi/versions","roles":[{"role":"CPO","party_id":"%s","country_code":"NL"}]}' % (
        k, _host("ocpi-hub"), _pick(_CPO))
    return t, k, '"role":"CPO"'


@T(G, "roaming-hub-api-key-invented")
def _():
    k = _K(lambda: "rhk_live_" + _lan(40))
    t = "ROAMING_HUB_API_KEY=%s\nROAMING_HUB_OPERATOR_ID=%s*%s" % (k, _pick(["NO", "SE", "DE"]), _pick(_CPO))
    return t, k, "ROAMING_HUB_OPERATOR_ID"


@T(G, "inverter-cloud-app-secret-invented")
def _():
    k = _K(lambda: "hlx_" + _hex(8) + "_" + _b64u(30))
    t = "HELIOLINK_APP_ID=%s\nHELIOLINK_APP_SECRET=%s" % (_dig(10), k)
    return t, k, "HELIOLINK_APP_ID"


@T(G, "ev-fleet-api-refresh-token")
def _():
    k = _K(lambda: "EU_" + _hex(64))
    t = '{"access_token":"<redacted by tool>","refresh_token":"%s","expires_in":28800,"token_type":"Bearer"}' % k
    return t, k, "<redacted by tool>"

# ===========================================================================
# BENIGN look-alikes (no credential in any of them)
# ===========================================================================
_B = []


def B(fn):
    _B.append(fn)
    return fn


def _sha256():
    return _hex(64)


def _sha1():
    return _hex(40)


def _pubkey_b64(n=270):
    return _pem_lines(n, b"0\x82\x01\"0\r\x06\t*\x86H\x86\xf7\r\x01\x01\x01\x05\x00")


# ---- commands -------------------------------------------------------------
@B
def _():
    return "$ git log --oneline -3\n%s fix(ocpp): handle StatusNotification for connector 0\n%s chore: bump dlms-cosem to 24.%d\n%s docs: OCPI token handshake diagram" % (
        _hex(7), _hex(7), _n(1, 9), _hex(7))


@B
def _():
    return "$ git rev-parse HEAD\n%s" % _sha1()


@B
def _():
    v = "%d.%d.%d" % (_n(1, 4), _n(0, 30), _n(0, 9))
    return "$ sha256sum gw_fw_%s.bin\n%s  gw_fw_%s.bin" % (v, _sha256(), v)


@B
def _():
    return "docker pull registry.%s/csms/api@sha256:%s" % (_dom(), _sha256())


@B
def _():
    return "$ kubectl -n ami get pods\nNAME                              READY   STATUS    RESTARTS   AGE\nhes-adapter-%s-%s   1/1     Running   0          %dh\nmdm-api-%s-%s       1/1     Running   2          %dd" % (
        _lan(10), _lan(5), _n(1, 23), _lan(10), _lan(5), _n(1, 30))


@B
def _():
    return 'curl -sf -H "Authorization: Bearer $OCPI_TOKEN" https://%s/ocpi/2.2.1/tariffs | jq length' % _host("ocpi-hub")


@B
def _():
    return 'psql "host=%s dbname=mdm user=%s sslmode=verify-full"   # password comes from ~/.pgpass' % (_host("pg"), _pick(_SVC))


@B
def _():
    return "mysql -h %s -u %s -p cis   # prompts for the password interactively" % (_host("db"), _pick(_SVC))


@B
def _():
    return "docker login registry.%s -u ci-pusher --password-stdin < /run/secrets/registry_token" % _dom()


@B
def _():
    return "vault kv get -field=password kv/%s/%s/db | wc -c" % (_pick(["hes", "mdm", "csms", "billing"]), _pick(_ENVS))


@B
def _():
    return '$ aws sts get-caller-identity\n{\n    "UserId": "AIDA%s",\n    "Account": "%s",\n    "Arn": "arn:aws:iam::%s:user/svc-ami-archive"\n}' % (
        _uan(17), _dig(12), _dig(12))


@B
def _():
    return "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:%s %s@%s (ED25519)" % (_b64(32).rstrip("="), _lan(6), _pick(["fieldtab-%s" % _dig(3), "ops-laptop", "jump01"]))


@B
def _():
    fp = _HEX(40)
    return "$ gpg --list-keys settlement@%s\npub   rsa4096 %s [SC]\n      %s\nuid           [ultimate] Settlement Exports <settlement@%s>" % (
        _dom(), _date(), fp, _dom())


@B
def _():
    return "$ openssl x509 -in csms.crt -noout -fingerprint -sha256\nsha256 Fingerprint=%s" % ":".join(_HEX(2) for _ in range(32))


@B
def _():
    return "openssl rand -hex 32 > /run/secrets/new_guek_%s && chmod 400 /run/secrets/new_guek_%s" % (_dig(4), _dig(4))


@B
def _():
    return 'export OCPP_BASIC_AUTH_PASSWORD="$(vault kv get -field=basic_auth_password kv/ocpp/chargepoints/%s)"' % _cpid()


@B
def _():
    return "kubectl -n %s create secret generic mqtt-auth --from-file=password=./mqtt_pw.txt --dry-run=client -o yaml > mqtt-auth.yaml" % _pick(["ami", "csms", "bess"])


@B
def _():
    return "helm upgrade --install csms ./charts/csms --set postgresql.auth.existingSecret=csms-db --set image.tag=%d.%d.%d" % (
        _n(1, 4), _n(0, 20), _n(0, 9))


@B
def _():
    return 'curl -sf -u "$MDM_USER:$MDM_PASS" https://%s/api/v1/meters/%s' % (_host("mdm"), _serial())


@B
def _():
    s = _pick(["meter-reading-export", "tariff table v%d" % _n(1, 30), "hello from %s" % _cpid(), "feeder %s load report" % _dig(3)])
    return "$ echo -n '%s' | base64\n%s" % (s, _b64s(s))


@B
def _():
    return "$ uuidgen\n%s" % _uuid().upper()


@B
def _():
    d = _date()
    return "$ md5sum reads_%s.csv\n%s  reads_%s.csv" % (d, _hex(32), d)


@B
def _():
    return "dlms-cosem-tools==%d.%d.%d --hash=sha256:%s" % (_n(0, 3), _n(0, 20), _n(0, 9), _sha256())


@B
def _():
    return "$ git stash list\nstash@{0}: WIP on main: %s rotate placeholder keys in test fixtures" % _hex(7)


# ---- tool output ----------------------------------------------------------
@B
def _():
    return "$ kubectl -n %s get secrets\nNAME              TYPE                             DATA   AGE\nocpi-credentials  Opaque                           2      %dd\nregcred           kubernetes.io/dockerconfigjson   1      %dd" % (
        _pick(["roaming", "csms", "ami"]), _n(1, 300), _n(1, 300))


@B
def _():
    return "$ vault kv metadata get kv/market/epex\n======= Metadata =======\ncreated_time    %s\ncurrent_version %d\nmax_versions    10" % (_ts(), _n(2, 40))


@B
def _():
    return '$ aws secretsmanager list-secrets --query "SecretList[].Name"\n[\n    "prod/mdm/db",\n    "prod/hes/api-key",\n    "prod/ocpi/token-c-%s"\n]' % _pick(_CPO).lower()


@B
def _():
    return '  # module.mdm.azurerm_postgresql_flexible_server.this will be updated in-place\n  ~ administrator_password = (sensitive value)\n  ~ tags = { "cost-centre" = "%s" }' % _dig(4)


@B
def _():
    return "$ docker images\nREPOSITORY                TAG      IMAGE ID       CREATED       SIZE\nregistry.%s/hes-adapter   %s   %s   %d days ago   %dMB" % (
        _dom(), _hex(7), _hex(12), _n(1, 60), _n(80, 900))


@B
def _():
    return "$ env | grep -i pass\nMDM_DB_PASSWORD=********\nPGPASSFILE=/home/%s/.pgpass" % _lan(6)


@B
def _():
    return "$ helm get values csms -n ev\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    existingSecret: csms-db\n    secretKeys:\n      userPasswordKey: password\nimage:\n  tag: %d.%d.%d" % (
        _n(1, 3), _n(0, 20), _n(0, 9))


@B
def _():
    return '$ az keyvault secret show --vault-name kv-%s --name hes-db-password --query id -o tsv\nhttps://kv-%s.vault.azure.net/secrets/hes-db-password/%s' % (
        _lan(6), _lan(6), _hex(32))


@B
def _():
    return "$ gcloud secrets list --project=trading-%s\nNAME                 CREATED              REPLICATION_POLICY\nepex-api-password    %s  automatic\nnordpool-client      %s  automatic" % (
        _lan(6), _date() + "T08:11:02", _date() + "T08:11:02")


@B
def _():
    return "$ op item list --vault Field --format json | jq -r '.[].id'\n%s\n%s" % (_lan(26), _lan(26))


@B
def _():
    return '{"keys":[{"kty":"RSA","use":"sig","kid":"%s","alg":"RS256","n":"%s","e":"AQAB"}]}' % (_hex(16), _b64u(256))


@B
def _():
    return "# public key the vendor uses to verify our firmware signatures\n-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % _pubkey_b64()


@B
def _():
    return "csms.crt:\n-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % _pem_lines(_n(700, 900), b"0\x82\x03")


@B
def _():
    return "# ~/.ssh/authorized_keys on rtu-%s\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (_dig(2), _b64(32)[:43], _lan(6), _pick(["jump01", "ops-laptop", "ansible"]))


@B
def _():
    return "[Peer]\n# substation %s\nPublicKey = %s\nAllowedIPs = 10.%d.%d.0/24\nPersistentKeepalive = 25" % (_pick(_REGIONS), _b64(32), _n(1, 250), _n(0, 250))


@B
def _():
    return "$ hesctl meter show %s\nSystem title:     %s\nFrame counter:    %d\nGUEK:             ******** (set %s)\nGAK:              ******** (set %s)" % (
        _serial(), _systitle(), _n(1000, 9999999), _date(), _date())


@B
def _():
    return "# public key: age1%s  (SOPS recipient for the ami repo)" % _ch("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)


@B
def _():
    return "window.STRIPE_PUBLISHABLE_KEY = 'pk_live_51%s'; // publishable, safe in the browser" % _an(90)


@B
def _():
    return "mapboxgl.accessToken = 'pk.eyJ1Ijoi%s.%s'; // public style token for the outage map" % (_b64u(30), _ch(_AN + "-_", 22))


@B
def _():
    return '<div class="g-recaptcha" data-sitekey="6L%s"></div>' % _ch(_AN + "-_", 38)


@B
def _():
    return "TWILIO_ACCOUNT_SID=AC%s   # account id only, token lives in Vault" % _hex(32)


@B
def _():
    return "AZURE_TENANT_ID=%s\nAZURE_CLIENT_ID=%s\n# client secret is injected by workload identity" % (_uuid(), _uuid())


@B
def _():
    return "aws_access_key_id = AKIAIOSFODNN7EXAMPLE  # value from the AWS docs, used in unit test %s" % _lan(6)


@B
def _():
    return "EVSE %s (contract %s-%s-C%s) status Available, connector %d" % (_evse(), _pick(["NL", "DE", "NO"]), _pick(_CPO), _dig(8), _n(1, 2))


@B
def _():
    return "in_Domain=%s&out_Domain=%s" % (_pick(["10YNO-1--------2", "10YSE-1--------K", "10Y1001A1001A82H", "10YFI-1--------U", "10YDK-1--------W"]),
                                        _pick(["10YNO-2--------T", "10Y1001A1001A44P", "10YBE----------2", "10YNL----------L"])) + "&periodStart=%s0000" % _date().replace("-", "")


@B
def _():
    return "metering point %s (GSRN) moved to supplier %s on %s" % ("7070575000" + _dig(8), _dig(13), _date())


@B
def _():
    return "MPAN core %s, meter serial %s, profile class 0%d" % (_dig(13), _dig(2) + "L" + _dig(7), _n(1, 8))


@B
def _():
    return "meter %s obis %s value %d.%03d kWh ts %s" % (_serial(), _obis(), _n(100, 99999), _n(0, 999), _ts())


@B
def _():
    return "traceparent: 00-%s-%s-01" % (_hex(32), _hex(16))


@B
def _():
    return "X-Request-ID: %s" % _uuid()


@B
def _():
    return "x-amz-request-id: %s\nx-amz-id-2: %s" % (_uan(16), _b64(48))


@B
def _():
    return "Sentry event %s captured for release portal@%d.%d.%d" % (_hex(32), _n(1, 5), _n(0, 30), _n(0, 9))


@B
def _():
    return 'ETag: "%s"\nCache-Control: max-age=300' % _hex(32)


@B
def _():
    return "cache key tariff:%s:sha1:%s (ttl 900s)" % (_pick(["SE3", "NO1", "DK1", "FI", "NL"]), _sha1())


@B
def _():
    return "dist/assets/main.%s.js   %d.%d kB | gzip: %d.%d kB" % (_hex(8), _n(100, 900), _n(0, 9), _n(30, 200), _n(0, 9))


@B
def _():
    return "github.com/%s/dlms v0.%d.%d h1:%s=" % (_pick(["gridlane", "wattmark", "kestrel"]), _n(1, 20), _n(0, 9), _b64(32).rstrip("="))


@B
def _():
    return '"node_modules/ocpp-j": {\n  "version": "%d.%d.%d",\n  "resolved": "https://registry.npmjs.org/ocpp-j/-/ocpp-j-1.0.0.tgz",\n  "integrity": "sha512-%s"\n}' % (
        _n(1, 3), _n(0, 9), _n(0, 9), _b64(64))


@B
def _():
    return '[[package]]\nname = "dlms-parser"\nversion = "0.%d.%d"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "%s"' % (
        _n(1, 20), _n(0, 9), _sha256())


@B
def _():
    return "    image: postgres:16.%d@sha256:%s" % (_n(0, 4), _sha256())


@B
def _():
    return 'provider "registry.terraform.io/hashicorp/azurerm" {\n  version = "3.%d.0"\n  hashes = [\n    "h1:%s=",\n    "zh:%s",\n  ]\n}' % (
        _n(80, 117), _b64(32).rstrip("="), _sha256())


@B
def _():
    return "$ git submodule status\n %s vendor/ocpp-schemas (v2.0.1-%d-g%s)\n %s vendor/dlms-obis (heads/main)" % (_sha1(), _n(1, 40), _hex(7), _sha1())


@B
def _():
    return "inverter firmware %d.%d.%d (build %s), DSP %d.%02d, comm board %s" % (_n(1, 5), _n(0, 30), _n(0, 9), _hex(8), _n(1, 9), _n(0, 99), _HEX(6))


@B
def _():
    return "csms-api %d.%d.%d-rc.%d+build.%s" % (_n(1, 4), _n(0, 30), _n(0, 9), _n(1, 9), _hex(10))


@B
def _():
    return "ssl_certificate_key /etc/ssl/private/%s.key;  # file is root:root 0600" % _pick(["csms", "ocpi-hub", "portal", "hes"])


@B
def _():
    return "IdentityFile ~/.ssh/id_ed25519_%s\nUser %s" % (_pick(["rtu", "gw", "jump"]), _pick(["deploy", "ops", "ansible"]))


@B
def _():
    return "Set %s and %s in the environment before starting the poller; both are in the team vault." % (
        _pick(["HES_API_KEY", "OCPI_TOKEN_C", "MDM_DB_PASSWORD", "ENTSOE_SECURITY_TOKEN"]), _pick(["MQTT_PASSWORD", "SETTLE_CLIENT_SECRET", "INFLUX_TOKEN"]))


@B
def _():
    return "spring.datasource.password=${%s}\nspring.datasource.username=%s" % (_pick(["DB_PASSWORD", "MDM_DB_PASS", "CIS_PWD"]), _pick(_SVC))


@B
def _():
    return "api_key: \"<your-%s-api-key>\"   # get one at the vendor portal" % _pick(["monitoring", "forecast", "transparency", "roaming-hub"])


@B
def _():
    return "token: \"%s\"  # placeholder, do not commit a real one" % ("x" * _n(24, 40))


@B
def _():
    return "password: \"%s\"" % ("*" * _n(8, 16)) + "  # masked by config dump (%s)" % _pick(_ROLES)


@B
def _():
    return "Authorization: Bearer [REDACTED]\nX-Request-ID: %s" % _uuid()


@B
def _():
    return "Stored API key ending in ...%s for site %s (created %s)" % (_HEX(4), _dig(7), _date())


@B
def _():
    return "        env:\n          OCPI_TOKEN: ${{ secrets.OCPI_TOKEN_%s }}\n          HES_API_KEY: ${{ secrets.HES_API_KEY }}" % _pick(["A", "B", "C"])


@B
def _():
    return "  script:\n    - docker login -u gitlab-ci-token -p \"$CI_JOB_TOKEN\" \"$CI_REGISTRY\"\n    - docker build -t $CI_REGISTRY_IMAGE:%s ." % _hex(8)


@B
def _():
    return "        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: %s-db\n              key: password" % _pick(["mdm", "csms", "hes", "billing", "settle"])


@B
def _():
    return "  password: {{ .Values.mqtt.password | b64enc | quote }}\n  # rendered into Secret %s-mqtt" % _pick(["ami-bridge", "bess-ctrl", "poller"])


@B
def _():
    return "ansible_password: \"{{ vault_%s_password }}\"" % _pick(["rtu", "winrm", "hes", "pi"]) + "\nansible_user: %s" % _pick(["deploy", "svc_ansible"])


@B
def _():
    lines = "\n".join("          " + _hex(80) for _ in range(_n(3, 5)))
    return "vault_epex_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n%s" % lines


@B
def _():
    return "    password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (_b64(_n(12, 24)), _b64(32), _b64(16))


@B
def _():
    return "spec:\n  encryptedData:\n    password: Ag%s" % _b64(_n(300, 360))


@B
def _():
    return 'variable "db_password" {\n  type      = string\n  sensitive = true\n}\n# value supplied via TF_VAR_db_password in the %s pipeline' % _pick(["mdm", "csms", "cis"])


@B
def _():
    return "BillingDbPassword=@Microsoft.KeyVault(SecretUri=https://kv-%s.vault.azure.net/secrets/billing-db/%s)" % (_lan(6), _hex(32))


@B
def _():
    return "    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n    secrets:\n      - pg_password" + "  # %s" % _pick(_ROLES)


@B
def _():
    return "The DLMS keys for batch %s live in Vault under kv/meter-keys/%s/%s; the HES pulls them at association time." % (
        _dig(4), _pick(_MFR).lower(), _dig(4))


@B
def _():
    return "Reminder: the LLS password for the %s meters is stored in the HES keystore. Never paste it into tickets or chat." % _pick(_MFR)


@B
def _():
    return ("Password policy (%s): at least %d characters, no reuse of the last %d passwords, must contain upper case, "
            "lower case, a digit and a symbol; rotated every %d days." % (_pick(_COS), _n(12, 16), _n(5, 24), _pick([90, 180, 365])))


@B
def _():
    return "Das Passwort f\u00fcr den %s liegt im Tresor unter \"%s\" \u2013 bitte nicht per Mail verschicken." % (
        _pick(["HES-Server", "Ladepunkt-Backend", "Z\u00e4hlerserver"]), _pick(["Netz/Messwesen", "Emobility/Prod", "Betrieb/HES"]))


@B
def _():
    return "%s: I rotated the OCPI token for hub %s; the new one is in 1Password under 'OCPI hub prod' (item %s)." % (_first(), _pick(_CPO), _lan(26))


@B
def _():
    return "DECISION %s: meters use HLS-GMAC, security suite %d, per-meter GUEK/GAK held in the KMS; no keys in config files." % (_date(), _n(0, 1))


@B
def _():
    return "%s INFO auth: login ok user=%s method=password mfa=totp ip=%s" % (_tsl(), _login(), _ip())


@B
def _():
    return "%s DEBUG oauth: token refreshed for client %s, expires_in=3600, jti=%s" % (_tsl(), _pick(["settlement-bot", "field-tablet", "da-bidder"]), _uuid())


@B
def _():
    return "%s WARN auth: invalid password for user %s (attempt %d/5) from %s" % (_tsl(), _pick(_SVC), _n(1, 5), _ip())


@B
def _():
    return '[2,"%s","BootNotification",{"chargePointVendor":"Voltara","chargePointModel":"WB22","chargePointSerialNumber":"%s","firmwareVersion":"%d.%d.%d"}]' % (
        _dig(8), _uan(12), _n(1, 5), _n(0, 20), _n(0, 9))


@B
def _():
    return '[2,"%s","MeterValues",{"connectorId":%d,"transactionId":%s,"meterValue":[{"timestamp":"%s","sampledValue":[{"value":"%d","measurand":"Energy.Active.Import.Register","unit":"Wh"}]}]}]' % (
        _uuid(), _n(1, 2), _dig(7), _ts(), _n(1000, 9999999))


@B
def _():
    return "RX AARE 61 29 A1 09 06 07 60 85 74 05 08 01 03 A2 03 02 01 00 ... result=accepted responding-AP-title=%s invocation-counter=%d" % (_systitle(), _n(1, 999999))


@B
def _():
    return "ami/%s/dc-%s/meters/%s/reads/15min" % (_pick(_REGIONS), _dig(4), _serial())


@B
def _():
    return '%s - - [%s] "GET /api/v2/readings?meter=%s&from=%s HTTP/1.1" 200 %d "-" "hes-poller/3.%d" rid=%s' % (
        _ip(), _date(), _serial(), _date(), _n(100, 99999), _n(0, 9), _uuid())


@B
def _():
    return "pydantic_settings: Settings(ocpi_token_c=SecretStr('**********'), versions_url='https://%s/ocpi/versions', party_id='%s')" % (
        _host("ocpi-hub"), _pick(_CPO))


@B
def _():
    return "\tsasl.jaas.config = [hidden]\n\tsasl.mechanism = PLAIN\n\tssl.key.password = [hidden]\n\tbootstrap.servers = [%s:9093]" % _host("kafka")


@B
def _():
    return '"spring.datasource.password": {"value": "******", "origin": "System Environment Property \\"SPRING_DATASOURCE_PASSWORD\\""}, "server.port": {"value": "%d"}' % _n(8000, 9000)


@B
def _():
    return "Run curl -sf -H \"X-Api-Key: ***\" https://%s/api/health\n{\"status\":\"ok\",\"build\":\"%s\"}" % (_host("inv-cloud"), _hex(7))


@B
def _():
    return "https://%s.s3.eu-north-1.amazonaws.example/%s/settlement_%s.csv" % (_pick(["settle-archive", "ami-raw", "ev-sessions"]), _date(), _date())


@B
def _():
    s = _pick(["Meter reads for %s are attached" % _date(), "district heating substation %s weekly report" % _dig(3), '{"alg":"RS256","typ":"JWT"}'])
    return "content (base64): %s" % _b64s(s)


@B
def _():
    return "JWT header only (no token): %s  -> {\"alg\":\"ES256\",\"kid\":\"%s\"}" % (_b64us('{"alg":"ES256","kid":"%s"}' % _hex(8)), _hex(8))


@B
def _():
    return "$ git log -1 --format='%%H %%s'\n%s remove hardcoded inverter portal password, read from env" % _sha1()


@B
def _():
    return "Release %d.%d.%d checksums:\n%s  csms-linux-amd64.tar.gz\n%s  csms-linux-arm64.tar.gz" % (_n(1, 4), _n(0, 20), _n(0, 9), _sha256(), _sha256())


@B
def _():
    return "Stripe customer cus_%s, payment_intent pi_%s succeeded for invoice %s" % (_an(14), _an(24), _dig(9))


@B
def _():
    return "Posted to Slack channel C%s as user U%s in workspace T%s" % (_uan(10), _uan(10), _uan(10))


@B
def _():
    return "arn:aws:iam::%s:role/%s-%s" % (_dig(12), _pick(["ami-archive", "settle-lambda", "ev-analytics"]), _pick(_ENVS))


@B
def _():
    return "metadata:\n  uid: %s\n  resourceVersion: \"%d\"\n  labels:\n    pod-template-hash: %s" % (_uuid(), _n(100000, 99999999), _lan(10))


@B
def _():
    return "LoRaWAN device %s joined via gateway %s (DevEUI %s, JoinEUI %s), SF%d" % (_pick(["heat-meter", "water-meter"]) + "-" + _dig(4), _hex(16), _HEX(16), _HEX(16), _n(7, 12))


@B
def _():
    return "wM-Bus telegram %s (encrypted payload, mode 5) from meter id %s manufacturer %s" % (
        " ".join(_HEX(2) for _ in range(_n(24, 40))), _dig(8), _pick(["KAM", "DME", "SON", "ITW"]))


@B
def _():
    return "modbus 40071..40072 = 0x%s 0x%s (AC power, scale -1) on inverter %s" % (_HEX(4), _HEX(4), "INV" + _dig(9))


@B
def _():
    return "client_id=%s, grant_type=client_credentials, scope=%s (secret sent from the vault agent)" % (
        _pick(["field-tablet", "settlement-bot", "da-bidder", "portal-web"]), _pick(["bids.write", "meter.read", "orders"]))


@B
def _():
    return "components:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-Api-Key\n    # version %d.%d" % (_n(1, 5), _n(0, 9))


@B
def _():
    return "Grafana dashboard uid %s (\"%s KPIs\"), panel %d" % (_an(9), _pick(["AMI", "EV charging", "BESS", "District heating"]), _n(1, 40))


@B
def _():
    return "|1|%s=|%s= ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABB%s" % (_b64(20).rstrip("="), _b64(20).rstrip("="), _b64(65))


@B
def _():
    return "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PUBLIC KEY BLOCK-----" % (_pem_lines(_n(500, 700), b"\x99\x02\x0d\x04"), _b64(3))


@B
def _():
    return "Deal %s: %d MW base %s, price %s EUR/MWh, counterparty %s, order id %s" % (
        "TRD-%s-%s" % (_date()[:4], _dig(6)), _n(1, 200), _pick(["Q1", "Q2", "M+1", "Y+1"]), _money(), _uan(5), _hex(16))


@B
def _():
    return "Password reset link sent to %s (expires in 30 minutes, request id %s)" % (_email(), _uuid())


@B
def _():
    return "%s: the password for the PI archive is in the shared vault, not in the wiki; ask %s for access" % (_first(), _first())


@B
def _():
    return "note: %s's OCPP basic-auth password was rotated on %s, see change %s" % (_cpid(), _date(), "CHG" + _dig(7))


@B
def _():
    return "KMS key id %s (alias/meter-keys-%s) used to wrap the GUEKs; key material never leaves the HSM" % (_uuid(), _pick(_ENVS))


@B
def _():
    return "secret ref: op://Grid-%s/%s/%s" % (_pick(["CI", "Field", "Market"]), _pick(["hes-db", "ocpi-hub", "epex"]), _pick(["password", "token", "credential"]))


@B
def _():
    return "vault path secret/data/%s/%s/%s (version %d)" % (_pick(["ami", "ev", "market", "billing"]), _pick(_ENVS), _pick(["db", "api", "mqtt"]), _n(1, 30))


@B
def _():
    return "projects/%s/secrets/%s/versions/%d" % ("trading-" + _lan(6), _pick(["epex-api-password", "nordpool-client", "ice-fix-logon"]), _n(1, 12))


@B
def _():
    return "arn:aws:secretsmanager:eu-north-1:%s:secret:prod/%s/db-%s" % (_dig(12), _pick(["mdm", "hes", "csms"]), _an(6))


@B
def _():
    return "Key Vault kv-%s: secrets hes-db-password, ocpi-token-c, entsoe-token (values not shown)" % _lan(6)


@B
def _():
    return "%s INFO vault-agent: renewed lease %s/%s (ttl=768h)" % (_tsl(), "database/creds/mdm-ro", _an(24))


@B
def _():
    return "user %s logged in with SSO; no local password set (last login %s)" % (_email(), _ts())


@B
def _():
    return "Field tablet %s enrolled in MDM, device id %s, compliance OK" % (_uan(10), _uuid())


@B
def _():
    return "idempotency-key: %s" % _uuid()


@B
def _():
    return "commit %s\nAuthor: %s <%s>\nDate:   %s\n\n    ocpp: reject BootNotification without serial" % (_sha1(), _person(), _email(), _date())


@B
def _():
    return "container %s started (image sha256:%s)" % (_hex(64), _sha256()[:12])


@B
def _():
    return "HMAC algorithm configured: hmac-sha256; signing key loaded from %s" % _pick(["/run/secrets/webhook_key", "env WEBHOOK_SIGNING_KEY", "Vault transit/keys/webhooks"])


@B
def _():
    return "session cookie name: %s_session; flags: Secure; HttpOnly; SameSite=Lax" % _pick(["portal", "selfservice", "outage"])


@B
def _():
    return "OCPI versions endpoint https://%s/ocpi/versions returned 200; token exchange pending (TOKEN_A not yet issued)" % _host("ocpi-hub")


@B
def _():
    return "# TODO: move the inverter portal password out of this script into the vault (ticket GRID-%s)" % _dig(4)


@B
def _():
    return "Contrase\u00f1a: (ver gestor de contrase\u00f1as, entrada \"%s\")" % _pick(["Subestaci\u00f3n Norte", "Portal CUPS", "Concentradores PRIME"])


@B
def _():
    return "\u30d1\u30b9\u30ef\u30fc\u30c9\u306f\u30d1\u30b9\u30ef\u30fc\u30c9\u30de\u30cd\u30fc\u30b8\u30e3\u30fc\u306e\u300c%s\u300d\u3092\u53c2\u7167\u3057\u3066\u304f\u3060\u3055\u3044\u3002" % _pick(["HES\u691c\u8a3c", "\u5145\u96fb\u5668\u7ba1\u7406", "\u592a\u967d\u5149\u76e3\u8996"])


@B
def _():
    return "mot de passe : voir le coffre-fort %s, entr\u00e9e \u00ab %s \u00bb" % (_pick(["Keeper", "Bitwarden", "1Password"]), _pick(["Bornes IRVE", "Portail onduleurs", "Concentrateurs"]))


@B
def _():
    return "DLMS invocation counter for %s reset to 0 after key change, frame counter %d" % (_serial(), _n(1, 99999))


@B
def _():
    return "Order %s placed on intraday: %d MW @ %s EUR, area %s, client order id %s" % (_dig(10), _n(1, 50), _money(), _pick(["SE3", "NO1", "DK1", "FI"]), _hex(20))


@B
def _():
    return "checksum of meter_keys_batch%s.7z (encrypted archive, password sent separately by the vendor): sha256 %s" % (_dig(4), _sha256())


@B
def _():
    return "GET /api/v1/sites/%s/energy?api_key={API_KEY}&timeUnit=QUARTER_OF_AN_HOUR" % _dig(7)


@B
def _():
    return "curl -u '<user>:<password>' https://%s/api/v1/health" % _host(_pick(["mdm", "hes", "portal"]))


@B
def _():
    return "PGPASSWORD=$(cat /run/secrets/pg_password) pg_dump -h %s -U %s -Fc mdm > mdm.dump" % (_host("pg"), _pick(_SVC))


@B
def _():
    return "bcrypt cost factor raised from %d to %d for portal logins (see ADR-%03d)" % (_n(9, 10), _n(11, 13), _n(1, 120))


@B
def _():
    return "OCPP security profile %d: charge points authenticate with a TLS client certificate; BasicAuthPassword is unset" % _pick([3])+ " on %s" % _cpid()


@B
def _():
    return "GitHub run %s / job %s finished: success, artifact %s.zip (sha256 %s)" % (_dig(10), _dig(11), _pick(["reports", "fw", "docs"]), _sha256())

# ===========================================================================
# assembly
# ===========================================================================
_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code",
                "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 185
_BENIGN_TARGET = 950


def _build_secrets():
    per = {}
    for g, f, _n_unused, fn in _T:
        per.setdefault(g, []).append((f, fn))
    counts = {}
    for g in _GROUP_ORDER:
        items = per.get(g, [])
        if not items:
            continue
        q, r = divmod(_PER_GROUP, len(items))
        for i, (f, _fn) in enumerate(items):
            counts[(g, f)] = min(3, q + (1 if i < r else 0))
    out = []
    for g in _GROUP_ORDER:
        for f, fn in per.get(g, []):
            for _ in range(counts[(g, f)]):
                text, secret, visible = fn()
                out.append((g, f, text, secret, visible))
    return out


def _build_benign(secrets):
    long_secrets = [s[3] for s in secrets if len(s[3]) >= 8]
    out, seen = [], set()
    fails = {}
    active = list(range(len(_B)))
    while len(out) < _BENIGN_TARGET and active:
        nxt = []
        for i in active:
            if len(out) >= _BENIGN_TARGET:
                break
            s = _B[i]()
            if s in seen or any(sec in s for sec in long_secrets):
                fails[i] = fails.get(i, 0) + 1
                if fails[i] < 6:
                    nxt.append(i)
                continue
            seen.add(s)
            out.append(s)
            nxt.append(i)
        active = nxt
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)

del G
