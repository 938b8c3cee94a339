# -*- coding: utf-8 -*-
"""Blind hold-out corpus #53 for a secret-redaction engine.

What it is
----------
A fixed, importable set of text fragments of the kind a coding agent (Claude
Code, Codex, Gemini CLI) writes into its saved working state: goals, running
notes, shell commands it ran, tool output, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Each entry in SECRETS carries exactly one credential that a redaction engine
must remove; each entry in BENIGN carries none, although it looks secret-ish
to a naive scanner (hashes, ids, placeholders, masked values, references to
where a secret is kept, prose about passwords).

Theme
-----
Geospatial, mapping, weather and space: GIS servers (GeoServer, MapServer,
ArcGIS Enterprise) and desktop GIS (QGIS), PostGIS, map tile and geocoding
APIs, satellite imagery and earth-observation platforms, weather and climate
data APIs, weather-station software, drone fleet and survey software, GNSS
correction services (NTRIP casters, RTKLIB), ground stations and satellite
operators' mission control, and open-data portals of national mapping
agencies.  All eight groups are still covered.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, rule set or
engine source was consulted.  Where a vendor's real credential shape is
known (prefixes such as sk., AKIA, AIza, ghp_, glpat-, xoxb-, hvs.) it was
imitated; where it is unknown, a plausible shape was invented.  All hosts,
organisations, people, stations and values are fictitious; well-known vendor
and product names (and a few public vendor API endpoint names) appear only
for realism.  Every secret value is a fresh pseudo-random draw and is not a
working credential.

Layout
------
SECRETS : list of 5-tuples (group, format, text, secret, visible)
    group   one of command, tool-output, config-file, source-code,
            stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
    format  kebab-case name of the shape; each used at most three times
    text    the fragment as the agent would have recorded it
    secret  the exact substring of text that must not survive redaction
            (only the key body for PEM keys, only the signature for signed
            URLs, only the password for user:password pairs)
    visible a substring of text that must remain readable, or ""
BENIGN  : list of distinct strings in the same contexts that contain no
          credential but look secret-ish.

Determinism
-----------
All random values come from one random.Random(SEED) instance, drawn at import
time in a fixed order; no set or dict iteration order influences the draws,
so importing the module twice yields identical lists.  Nothing is printed.

Measured
--------
Blind, measured before any rule was written for it: recall 0.945 (1,413 of 1,495) and false
positives 16 of 950 (1.7%), with the engine at that session's start. Tuned on since: 0.948 and
16 of 950.
"""
import base64
import json
import random
import string
import uuid

SEED = 53053053
_R = random.Random(SEED)

_LOW = string.ascii_lowercase
_UPP = string.ascii_uppercase
_DIG = string.digits
_ALNUM = _LOW + _UPP + _DIG
_HEXL = "0123456789abcdef"
_B64U = _ALNUM + "-_"
_B32 = _UPP + "234567"


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _s(_HEXL, n)


def _HEX(n):
    return _s(_HEXL.upper(), n)


def _an(n):
    return _s(_ALNUM, n)


def _anl(n):
    return _s(_LOW + _DIG, n)


def _anu(n):
    return _s(_UPP + _DIG, n)


def _dig(n):
    return str(_R.randint(1, 9)) + _s(_DIG, n - 1)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(nbytes):
    return base64.b64encode(_rbytes(nbytes)).decode()


def _b64url(nbytes):
    return base64.urlsafe_b64encode(_rbytes(nbytes)).decode().rstrip("=")


def _b64s(text):
    return base64.b64encode(text.encode()).decode()


def _b64us(text):
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _uuid():
    return str(uuid.UUID(int=_R.getrandbits(128), version=4))


def _p(seq):
    return _R.choice(seq)


def _ri(a, b):
    return _R.randint(a, b)


def _wrap(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


# ---------------------------------------------------------------- pools
_FIRST = ["ingrid", "tomas", "aiko", "priya", "lukas", "fatima", "mateus",
          "olena", "sven", "chidi", "mei", "rafael", "anouk", "kwame",
          "sofia", "jonas", "leilani", "dmitri", "amara", "yusuf", "hannah",
          "bao", "elif", "nikolai", "marisol", "arjun", "freya", "tariq",
          "camille", "kenji", "ines", "bjorn", "zanele", "lucia", "oskar",
          "noor", "haruto", "gwen", "emeka", "katja"]
_LAST = ["solberg", "herrera", "tanaka", "raman", "brandt", "zahra", "costa",
         "kovalenko", "lindqvist", "okafor", "chen", "duarte", "devries",
         "mensah", "rossi", "berg", "kahale", "volkov", "nwosu", "demir",
         "fischer", "nguyen", "yilmaz", "petrov", "ortega", "iyer", "halvorsen",
         "haddad", "moreau", "sato", "ferreira", "aasen", "dlamini", "marin",
         "nyberg", "rahimi", "kobayashi", "pryce", "obi", "lehtonen"]
_ORGS = ["terravue", "northmeridian", "polarlink", "skyfold", "geodelta",
         "isobarlabs", "orbitalis", "fjordmap", "cirruswx", "lidarworks",
         "basaltgeo", "aerosurvey", "kestrelsat", "tundragis", "mapforge",
         "gridnorth", "azimuthhq", "stratosat", "contourline", "albedo-eo"]
_TLDS = ["internal", "example", "lan", "corp", "test", "example.net",
         "example.org", "local"]
_SITES = ["svalbard", "tromso", "punta-arenas", "hartebeesthoek", "awarua",
          "inuvik", "kiruna", "mauritius", "alice-springs", "fairbanks",
          "azores", "santiago", "dongara", "troll", "kourou"]
_SATS = ["KESTREL-2A", "AURORA-3", "TERN-1", "PETREL-4", "SKUA-B",
         "ALBATROSS-SAR", "MERIDIAN-7", "FULMAR-2", "GANNET-1C", "LOON-6",
         "CORMORANT-X", "PUFFIN-3"]
_MOUNTS = ["VRS_RTCM32", "RTCM3_GNSS", "NEAR_MSM7", "BERG00NOR0", "OSLO_RTCM3",
           "MAC_RTCM3", "CMR_PLUS", "RTK_MSM5", "VRS3_GG", "TRDH00NOR0",
           "FKP_RTCM31", "MSM4_NEAREST"]
_CITIES = ["Tromso", "Bergen", "Reykjavik", "Valparaiso", "Hobart", "Nuuk",
           "Lisbon", "Windhoek", "Kyoto", "Quito", "Dunedin", "Tartu",
           "Leon", "Abisko", "Ushuaia", "Kigali"]
_LAYERS = ["parcels", "roads_osm", "hydro_lines", "dem_10m", "landcover_2023",
           "buildings", "ortho_2024", "contours_5m", "flood_zones",
           "admin_boundaries", "rail", "coastline", "survey_points"]
_WORDS = ["Kestrel", "Fjord", "Basalt", "Meridian", "Tundra", "Glacier",
          "Monsoon", "Isobar", "Zenith", "Azimuth", "Contour", "Orbit",
          "Perigee", "Apogee", "Sextant", "Compass", "Horizon", "Tropic",
          "Cirrus", "Nimbus", "Stratus", "Equinox", "Solstice", "Polaris",
          "Vega", "Sirius", "Mercator", "Geoid", "Datum", "Raster", "Harbor",
          "Pelican", "Falcon", "Osprey", "Walrus", "Otter", "Cedar", "Birch",
          "Willow", "Juniper", "Lantern", "Pepper", "Mango", "Tangerine",
          "Biscuit", "Waffle", "Rocket", "Comet", "Nebula", "Quasar",
          "Pulsar", "Granite", "Marble", "Quartz", "Copper", "Cobalt",
          "Saffron", "Velvet", "Thunder", "Blizzard", "Drizzle", "Typhoon",
          "Lagoon", "Canyon", "Summit", "Ridge", "Delta", "Estuary", "Aurora",
          "Borealis", "Magnet", "Puffin", "Marmot", "Badger", "Heron",
          "Lynx", "Caribou", "Muskox", "Sparrow", "Tern", "Kayak", "Anchor"]
_LWORDS = ["correct", "purple", "river", "stapler", "quiet", "lantern",
           "otter", "basalt", "dusty", "window", "orbit", "pickle", "harbor",
           "spruce", "velvet", "gravel", "cactus", "frozen", "lemon",
           "pigeon", "marble", "sunny", "tundra", "ladder", "copper",
           "mellow", "violet", "thimble", "walnut", "crater", "breeze",
           "pebble", "saddle", "meadow", "rusty", "ginger", "hollow",
           "cobalt", "fennel", "nomad", "blanket", "zephyr", "puzzle",
           "glacier", "kettle", "radar", "plume", "fossil", "bramble"]
_SEASONS = ["Winter", "Spring", "Summer", "Autumn", "Fall", "Vinter",
            "Sommer", "Invierno", "Verano", "Herbst"]


def _name():
    return _p(_FIRST)


def _fullname():
    return _p(_FIRST).capitalize() + " " + _p(_LAST).capitalize()


def _org():
    return _p(_ORGS)


def _dom():
    return _p(_ORGS) + "." + _p(_TLDS)


def _host(prefix=None):
    pre = prefix or _p(["gis", "geo", "tiles", "db", "maps", "eo", "wx",
                        "ops", "mcc", "survey"])
    if _R.random() < 0.5:
        pre = pre + "-" + _p(["01", "02", "03", "prod", "stg", "a", "b",
                              "eu1", "dev"])
    return pre + "." + _dom()


def _ip():
    return "10.%d.%d.%d" % (_ri(0, 254), _ri(0, 254), _ri(2, 254))


def _date():
    return "2024-%02d-%02d" % (_ri(1, 12), _ri(1, 28))


def _ts():
    return "%sT%02d:%02d:%02d" % (_date(), _ri(0, 23), _ri(0, 59), _ri(0, 59))


def _tsz():
    return _ts() + "." + _s(_DIG, 3) + "Z"


def _yr():
    return str(_ri(2019, 2026))


_SYM_ANY = "!@#$%^*?-_+=.~"
_SYM_URL = "-_.~!*"
_SYM_PLAIN = "-_.@%+=^~"


def _symset(ctx):
    return {"url": _SYM_URL, "plain": _SYM_PLAIN}.get(ctx, _SYM_ANY)


def _leet(w):
    table = {"a": "@", "e": "3", "o": "0", "i": "1", "s": "$", "A": "4",
             "E": "3", "O": "0", "S": "5", "t": "7"}
    out = []
    for ch in w:
        if ch in table and _R.random() < 0.6:
            out.append(table[ch])
        else:
            out.append(ch)
    return "".join(out)


def _pw(ctx="any"):
    """A password a person (or a generator) would choose."""
    sy = _symset(ctx)
    k = _ri(0, 10)
    if k == 0:
        v = _p(_WORDS) + str(_ri(10, 9999)) + _p(sy)
    elif k == 1:
        v = _p(_WORDS) + _p(_WORDS) + _s(_DIG, 2) + _p(sy)
    elif k == 2:
        sep = _p(["-", ".", "_"])
        v = sep.join(_p(_LWORDS) for _ in range(_ri(3, 4)))
        if _R.random() < 0.5:
            v += sep + str(_ri(1, 99))
    elif k == 3:
        c, vw = "bdfghjklmnprstvz", "aeiou"
        v = "".join(_p(c) + _p(vw) for _ in range(_ri(3, 4)))
        v = v.capitalize() + _s(_DIG, 2) + (_p(sy) if _R.random() < 0.5 else "")
    elif k == 4:
        v = _p(_LOW + _UPP) + _s(_ALNUM + sy, _ri(13, 21))
    elif k == 5:
        v = _leet(_p(_WORDS) + _p(_WORDS)) + _p(sy) + str(_ri(1, 2030))
    elif k == 6:
        v = _p(_SEASONS) + _yr() + _p(sy) + _p(sy)
        if _R.random() < 0.6:
            v = _p(_WORDS) + v
    elif k == 7:
        v = _p(_LWORDS) + _p(sy) + _p(_LWORDS) + str(_ri(10, 999))
    elif k == 8:
        v = "".join(w.capitalize() for w in
                    [_p(["my", "our", "the", "big", "old", "red"]),
                     _p(_LWORDS), _p(["flies", "sings", "sleeps", "rolls",
                                      "drifts", "glows", "melts"])])
        v += _p(sy) + _p(["Dawn", "Noon", "Dusk", "Night"]) + str(_ri(1, 99))
    elif k == 9:
        v = _an(_ri(10, 16))
        if not any(ch.isdigit() for ch in v):
            v += str(_ri(1, 9))
        v = _p(_LOW) + v
    else:
        v = _p(_WORDS).lower() + _p(sy) + _s(_DIG, 4) + _p(_WORDS)
    if len(v) < 8:
        v = v + _s(_DIG, 8 - len(v))
    return v


def _jwt(payload, alg="HS256"):
    head = _b64us(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")))
    body = _b64us(json.dumps(payload, separators=(",", ":")))
    sig = _b64url(32 if alg.startswith("HS") else 256)
    return head + "." + body + "." + sig


def _mapbox_sk(prefix="sk"):
    user = _name() + _p(["-geo", "-maps", "gis", "", "-eo"])
    body = _b64us(json.dumps({"u": user, "a": "cl" + _anl(23)},
                             separators=(",", ":")))
    return prefix + "." + body + "." + _b64url(16)


def _aws_akid():
    return "AKIA" + _anu(16)


def _aws_secret():
    return _s(_ALNUM + "/+", 40)


def _ec_key_body():
    der = (b"\x30\x77\x02\x01\x01\x04\x20" + _rbytes(32) +
           b"\xa0\x0a\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07\xa1\x44\x03\x42\x00\x04" +
           _rbytes(64))
    return _wrap(base64.b64encode(der).decode())


def _pkcs8_ec_body():
    der = (b"\x30\x81\x87\x02\x01\x00\x30\x13\x06\x07\x2a\x86\x48\xce\x3d\x02\x01"
           b"\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07\x04\x6d\x30\x6b\x02\x01\x01\x04\x20"
           + _rbytes(32) + b"\xa1\x44\x03\x42\x00\x04" + _rbytes(64))
    return _wrap(base64.b64encode(der).decode())


def _rsa_body(nbytes=640):
    der = b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00" + _rbytes(nbytes)
    return _wrap(base64.b64encode(der).decode())


def _pkcs8_rsa_oneline(nbytes=900):
    der = (b"\x30\x82\x04\xbd\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d"
           b"\x01\x01\x01\x05\x00\x04\x82\x04\xa7\x30\x82\x04\xa3\x02\x01\x00"
           + _rbytes(nbytes))
    return _wrap(base64.b64encode(der).decode()).replace("\n", "\\n")


def _openssh_body():
    raw = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00"
           b"\x00\x00\x00\x00\x00\x01\x00\x00\x00\x33\x00\x00\x00\x0bssh-ed25519"
           b"\x00\x00\x00\x20" + _rbytes(32) + b"\x00\x00\x00\x98" + _rbytes(8) +
           b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _rbytes(32) +
           b"\x00\x00\x00\x40" + _rbytes(64) + b"\x00\x00\x00\x0e" + _rbytes(20))
    return _wrap(base64.b64encode(raw).decode(), 70)


def _s3_presigned(bucket, key, region=None):
    region = region or _p(["eu-central-1", "eu-north-1", "us-west-2",
                           "ap-southeast-2", "us-east-1"])
    sig = _hex(64)
    url = ("https://%s.s3.%s.amazonaws.com/%s?X-Amz-Algorithm=AWS4-HMAC-SHA256"
           "&X-Amz-Credential=%s%%2F%s%%2F%s%%2Fs3%%2Faws4_request"
           "&X-Amz-Date=%sT%02d%02d%02dZ&X-Amz-Expires=%d&X-Amz-SignedHeaders=host"
           "&X-Amz-Signature=%s") % (
        bucket, region, key, _aws_akid(), _date().replace("-", ""), region,
        _date().replace("-", ""), _ri(0, 23), _ri(0, 59), _ri(0, 59),
        _p([900, 3600, 7200, 86400, 604800]), sig)
    return url, sig


def _azure_sig():
    raw = base64.b64encode(_rbytes(32)).decode()
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _sas(sig):
    return ("sv=2022-11-02&ss=b&srt=co&sp=rl&se=%sT%02d:00:00Z&st=%sT00:00:00Z"
            "&spr=https&sig=%s") % (_date(), _ri(0, 23), _date(), sig)


def _rfc_b64_userpass(user, pw):
    return _b64s(user + ":" + pw)



# ---------------------------------------------------------------- registry
_FORMATS = []


def _F(group, name, n=3):
    def deco(fn):
        _FORMATS.append((group, name, fn, n))
        return fn
    return deco


# ================================================================ command
_G = "command"


@_F(_G, "psql-uri-postgis-version-check")
def _():
    pw, h, u = _pw("url"), _host("postgis"), _p(["gis_admin", "postgres", "tiler", "editor"])
    t = 'psql "postgresql://%s:%s@%s:5432/%s?sslmode=require" -c "SELECT PostGIS_Full_Version();"' % (
        u, pw, h, _p(["gisdb", "osm", "cadastre", "nmca"]))
    return t, pw, h


@_F(_G, "pgpassword-env-prefix-ogr2ogr")
def _():
    pw, h = _pw("shell"), _host("gis-db")
    t = ("PGPASSWORD='%s' ogr2ogr -f PostgreSQL PG:\"host=%s dbname=%s user=loader\" "
         "%s.gpkg -nln %s -lco GEOMETRY_NAME=geom -progress") % (
        pw, h, _p(["gis", "osm", "survey"]), _p(_LAYERS), _p(_LAYERS))
    return t, pw, "ogr2ogr -f PostgreSQL"


@_F(_G, "ogr2ogr-pg-dsn-inline-password")
def _():
    pw, h = _pw("plain"), _host("postgis")
    t = ('ogr2ogr -f "PostgreSQL" PG:"host=%s port=5432 dbname=osm user=osm_import password=%s" '
         'planet-%s.osm.pbf -sql "select * from lines where highway is not null" -nln roads') % (h, pw, _date())
    return t, pw, "osm_import"


@_F(_G, "curl-basic-auth-geoserver-rest")
def _():
    pw, h = _pw("url"), _host("geoserver")
    ws = _p(["topp", "cadastre", "hydro", "eo", "basemap"])
    t = ("curl -u admin:%s -XPOST -H \"Content-type: text/xml\" "
         "-d '<workspace><name>%s</name></workspace>' https://%s/geoserver/rest/workspaces") % (pw, ws, h)
    return t, pw, h


@_F(_G, "curl-bearer-stac-search")
def _():
    tok = _jwt({"sub": _uuid(), "iss": "https://auth." + _dom(), "scope": "stac:read",
                "exp": _ri(1700000000, 1800000000)}, "RS256")
    h = _host("stac")
    t = ('curl -s -H "Authorization: Bearer %s" "https://%s/api/stac/v1/search?collections=sentinel-2-l2a'
         '&bbox=5.1,59.9,6.0,60.6&datetime=%s/%s&limit=50" | jq \'.features | length\'') % (tok, h, _date(), _date())
    return t, tok, h


@_F(_G, "ntripclient-user-pass-flags")
def _():
    pw, h, u = _pw("shell"), _host("caster"), _p(["rover", "surveyor", "uav"]) + str(_ri(1, 40))
    t = "ntripclient -s %s -r 2101 -m %s -u %s -p '%s' -n | str2str -out serial://ttyACM0:115200" % (
        h, _p(_MOUNTS), u, pw)
    return t, pw, u


@_F(_G, "str2str-ntrip-url-userinfo")
def _():
    pw, h, u = _pw("url"), _host("ntrip"), _name() + "_rtk"
    t = "str2str -in ntrip://%s:%s@%s:2101/%s -out serial://ttyUSB0:115200:8:n:1 -b 1" % (u, pw, h, _p(_MOUNTS))
    return t, pw, h


@_F(_G, "gdalinfo-vsis3-inline-aws-env")
def _():
    sk = _aws_secret()
    t = ("AWS_ACCESS_KEY_ID=%s AWS_SECRET_ACCESS_KEY=%s AWS_REGION=eu-central-1 "
         "gdalinfo /vsis3/%s-imagery/cog/%s/%s_B04.tif") % (_aws_akid(), sk, _org(), _yr(), _anu(6))
    return t, sk, "gdalinfo /vsis3/"


@_F(_G, "gdal-translate-config-http-userpwd")
def _():
    pw, u = _pw("shell"), _name()
    t = ('gdal_translate --config GDAL_HTTP_USERPWD "%s:%s" -of COG '
         '/vsicurl/https://%s/elevation/dtm1/tile_%d_%d.tif dtm_local.tif') % (u, pw, _host("data"), _ri(10, 99), _ri(100, 999))
    return t, pw, "gdal_translate"


@_F(_G, "gdalinfo-azure-storage-access-key-config")
def _():
    key = _b64(64)
    acct = _org().replace("-", "") + "eo"
    t = ("gdalinfo --config AZURE_STORAGE_ACCOUNT %s --config AZURE_STORAGE_ACCESS_KEY %s "
         "/vsiaz/ortho/%s/mosaic.tif") % (acct, key, _yr())
    return t, key, acct


@_F(_G, "export-openweather-key-then-script")
def _():
    k = _hex(32)
    t = "export OWM_API_KEY=%s && python fetch_forecast.py --city %s --units metric --out /tmp/fc.json" % (k, _p(_CITIES))
    return t, k, "fetch_forecast.py"


@_F(_G, "wget-user-password-flags-eo-download")
def _():
    pw, u = _pw("shell"), _name() + "_eo"
    t = ("wget --user=%s --password='%s' -c -P /data/s1 "
         "https://%s/products/S1A_IW_GRDH_1SDV_%s_%s.zip") % (
        u, pw, _host("archive"), _date().replace("-", "") + "T0543" + _dig(2), _anu(6))
    return t, pw, u


@_F(_G, "sshpass-ground-station-restart")
def _():
    pw, site = _pw("shell"), _p(_SITES)
    t = "sshpass -p '%s' ssh -o StrictHostKeyChecking=no ops@gs-%s-%d 'sudo systemctl restart rotctld gr-satnogs'" % (
        pw, site, _ri(1, 4))
    return t, pw, "gs-" + site


@_F(_G, "mysql-p-attached-password")
def _():
    pw, h = _pw("plain"), _host("wxdb")
    t = 'mysql -h %s -u wx_ingest -p%s stations -e "SELECT station_id, MAX(obs_time) FROM obs GROUP BY 1"' % (h, pw)
    return t, pw, h


@_F(_G, "echo-pipe-docker-login-password-stdin")
def _():
    pw = _pw("shell")
    h = "registry." + _dom()
    t = "echo '%s' | docker login %s -u ci-bot --password-stdin && docker push %s/tileserver-gl:4.%d" % (
        pw, h, h, _ri(1, 12))
    return t, pw, h


@_F(_G, "docker-run-geoserver-admin-env")
def _():
    pw = _pw("shell")
    t = ("docker run -d --name geoserver -p 8080:8080 -e GEOSERVER_ADMIN_USER=admin "
         "-e GEOSERVER_ADMIN_PASSWORD='%s' -v gs_data:/opt/geoserver/data_dir kartoza/geoserver:2.%d.%d") % (
        pw, _ri(22, 25), _ri(0, 3))
    return t, pw, "kartoza/geoserver"


@_F(_G, "docker-run-postgis-postgres-password")
def _():
    pw = _pw("plain")
    t = "docker run --name postgis -e POSTGRES_PASSWORD=%s -e POSTGRES_DB=gis -p 5432:5432 -d postgis/postgis:16-3.4" % pw
    return t, pw, "postgis/postgis:16-3.4"


@_F(_G, "kubectl-create-secret-from-literal")
def _():
    k = _an(20)
    t = "kubectl -n tiles create secret generic maptiler --from-literal=MAPTILER_KEY=%s --dry-run=client -o yaml | kubectl apply -f -" % k
    return t, k, "kubectl -n tiles"


@_F(_G, "htpasswd-batch-create")
def _():
    pw = _pw("shell")
    u = _p(["tileuser", "wmsclient", "partner-" + _org(), "fieldcrew"])
    t = "sudo htpasswd -b -c /etc/nginx/.htpasswd-tiles %s '%s'" % (u, pw)
    return t, pw, u


@_F(_G, "redis-cli-auth-flag")
def _():
    pw = _pw("shell")
    t = "redis-cli -h tilecache.%s -p 6379 -a '%s' --no-auth-warning --scan --pattern 'tile:v2:*' | wc -l" % (_dom(), pw)
    return t, pw, "redis-cli"


@_F(_G, "mongosh-srv-uri-telemetry")
def _():
    pw = _pw("url")
    t = 'mongosh "mongodb+srv://drone_app:%s@fleet.%s/telemetry?retryWrites=true" --eval "db.flights.countDocuments()"' % (
        pw, _dom())
    return t, pw, "drone_app"


@_F(_G, "git-clone-oauth2-token-url")
def _():
    tok = "glpat-" + _s(_B64U, 20)
    h = "gitlab." + _dom()
    t = "git clone https://oauth2:%s@%s/mission-control/tc-scheduler.git" % (tok, h)
    return t, tok, h


@_F(_G, "pip-install-index-url-credentials")
def _():
    pw = _pw("url")
    t = "pip install --index-url https://deploy:%s@pypi.%s/simple geo-utils==%d.%d.%d" % (
        pw, _dom(), _ri(1, 4), _ri(0, 20), _ri(0, 9))
    return t, pw, "geo-utils"


@_F(_G, "aws-configure-set-secret-key")
def _():
    sk = _aws_secret()
    t = "aws configure set aws_secret_access_key %s --profile eo-archive" % sk
    return t, sk, "--profile eo-archive"


@_F(_G, "az-storage-upload-sas-token-flag")
def _():
    sig = _azure_sig()
    acct = _org().replace("-", "") + "tiles"
    t = ('az storage blob upload --account-name %s --container-name pmtiles --name basemap-z14.pmtiles '
         '--file ./out/basemap.pmtiles --sas-token "%s"') % (acct, _sas(sig))
    return t, sig, acct


@_F(_G, "rclone-config-create-s3-keys")
def _():
    sk = _aws_secret()
    t = ("rclone config create eo-archive s3 provider AWS access_key_id %s "
         "secret_access_key %s region eu-north-1") % (_aws_akid(), sk)
    return t, sk, "rclone config create"


@_F(_G, "mc-alias-set-minio")
def _():
    sk = _an(40)
    t = "mc alias set rasters https://minio.%s %s %s --api S3v4" % (_dom(), _anu(20), sk)
    return t, sk, "mc alias set rasters"


@_F(_G, "restic-password-env-backup")
def _():
    pw = _pw("shell")
    t = "RESTIC_PASSWORD='%s' restic -r s3:s3.%s/backups/geoserver backup /srv/geoserver_data --tag nightly" % (pw, _dom())
    return t, pw, "/srv/geoserver_data"


@_F(_G, "openssl-pkcs12-passout")
def _():
    pw = _pw("plain")
    t = "openssl pkcs12 -export -in gis.crt -inkey gis.key -certfile chain.pem -out gis.p12 -passout pass:%s" % pw
    return t, pw, "openssl pkcs12 -export"


@_F(_G, "keytool-storepass-import")
def _():
    pw = _pw("plain")
    t = "keytool -importcert -alias portal-ca -file corp-ca.pem -keystore /opt/arcgis/server/framework/runtime/jre/lib/security/cacerts -storepass %s -noprompt" % pw
    return t, pw, "portal-ca"


@_F(_G, "sqlcmd-sde-password-flag")
def _():
    pw = _pw("shell")
    t = "sqlcmd -S sde-sql.%s -d gisprod -U sde -P '%s' -Q \"SELECT owner, table_name FROM sde.sde_table_registry\"" % (_dom(), pw)
    return t, pw, "sde.sde_table_registry"


@_F(_G, "curl-arcgis-generate-token-form")
def _():
    pw = _pw("url")
    h = "portal." + _dom()
    t = ("curl -s -X POST https://%s/portal/sharing/rest/generateToken "
         "-d username=gisadmin -d password=%s -d referer=https://%s -d expiration=60 -d f=json") % (h, pw, h)
    return t, pw, h


@_F(_G, "python-c-cdsapi-client-key")
def _():
    k = _uuid()
    t = ("python -c \"import cdsapi; c = cdsapi.Client(url='https://cds.climate.copernicus.eu/api', key='%s'); "
         "c.retrieve('reanalysis-era5-single-levels', {'variable': '2m_temperature', 'year': '%s'}, 't2m.grib')\"") % (k, _yr())
    return t, k, "reanalysis-era5-single-levels"


@_F(_G, "earthdata-env-inline-script")
def _():
    pw = _pw("shell")
    u = _name() + _dig(2)
    t = "EARTHDATA_USERNAME=%s EARTHDATA_PASSWORD='%s' python download_granules.py --short-name MOD09GA --bbox -20,60,-10,67" % (u, pw)
    return t, pw, u


@_F(_G, "echo-append-netrc-earthdata")
def _():
    pw = _pw("plain")
    u = _name() + "." + _p(_LAST)
    t = 'echo "machine urs.earthdata.nasa.gov login %s password %s" >> ~/.netrc && chmod 0600 ~/.netrc' % (u, pw)
    return t, pw, u


@_F(_G, "httpie-apikey-query-param")
def _():
    k = _an(32)
    t = "http GET https://api.tomorrow.io/v4/timelines apikey==%s location==%s,%s fields==temperature,windSpeed timesteps==1h" % (
        k, "%.4f" % _R.uniform(55, 70), "%.4f" % _R.uniform(4, 25))
    return t, k, "timesteps==1h"


@_F(_G, "curl-geocode-key-query")
def _():
    k = _hex(32)
    t = 'curl -s "https://api.opencagedata.com/geocode/v1/json?q=%s&key=%s&limit=1&no_annotations=1" | jq .results[0].geometry' % (
        _p(_CITIES), k)
    return t, k, "api.opencagedata.com"


@_F(_G, "curl-x-api-key-header-imagery")
def _():
    k = "PLAK" + _hex(32)
    t = ("curl -s -H \"X-API-Key: %s\" -H 'Content-Type: application/json' -d @aoi_filter.json "
         "https://api.planet.com/data/v1/quick-search") % k
    return t, k, "aoi_filter.json"


@_F(_G, "lftp-user-comma-password")
def _():
    pw = _pw("shell")
    t = "lftp -u gnssdata,'%s' -e 'mirror --only-newer /rinex/%s/%03d /data/rinex; quit' ftp://cors.%s" % (
        pw, _yr(), _ri(1, 365), _dom())
    return t, pw, "gnssdata"


@_F(_G, "sshpass-env-scp-flightlog")
def _():
    pw = _pw("shell")
    t = "export SSHPASS='%s'\nsshpass -e scp flight_%03d.tlog pilot@groundbox-%d:/var/log/missions/" % (pw, _ri(1, 999), _ri(1, 9))
    return t, pw, "sshpass -e scp"


@_F(_G, "mavproxy-signing-setup-passphrase")
def _():
    pw = _pw("plain")
    t = "mavproxy.py --master=udpin:0.0.0.0:14550 --console\nMAV> signing setup %s\nMAV> signing key" % pw
    return t, pw, "mavproxy.py"


@_F(_G, "npm-config-set-github-packages-token")
def _():
    tok = "ghp_" + _an(36)
    t = "npm config set //npm.pkg.github.com/:_authToken %s && npm install @%s/map-widgets" % (tok, _org())
    return t, tok, "npm.pkg.github.com"


@_F(_G, "printf-git-credentials-file")
def _():
    tok = "ghp_" + _an(36)
    t = 'printf "https://mapbot:%s@github.com\\n" > ~/.git-credentials && git config --global credential.helper store' % tok
    return t, tok, "credential.helper store"


@_F(_G, "vault-kv-put-ntrip")
def _():
    pw = _pw("shell")
    t = "vault kv put secret/gnss/caster-%s user=rover%02d password='%s'" % (_p(_SITES), _ri(1, 50), pw)
    return t, pw, "vault kv put"


@_F(_G, "heroku-config-set-mapbox")
def _():
    tok = _mapbox_sk()
    t = "heroku config:set MAPBOX_SECRET_TOKEN=%s -a tile-proxy-%s" % (tok, _p(["eu", "us", "stg"]))
    return t, tok, "heroku config:set"


@_F(_G, "flyctl-secrets-set-geocoder")
def _():
    k = _hex(32)
    t = "flyctl secrets set GEOAPIFY_KEY=%s LOG_LEVEL=info -a geocoder-edge" % k
    return t, k, "geocoder-edge"


@_F(_G, "gh-secret-set-body-flag")
def _():
    sec = _an(_ri(36, 44))
    t = 'gh secret set SENTINELHUB_CLIENT_SECRET --body "%s" --repo %s/eo-pipelines' % (sec, _org())
    return t, sec, "SENTINELHUB_CLIENT_SECRET"


@_F(_G, "psql-heredoc-alter-role-password")
def _():
    pw = _pw("plain")
    t = "psql -h %s -U postgres gis <<'SQL'\nALTER ROLE tiler WITH LOGIN PASSWORD '%s';\nGRANT SELECT ON ALL TABLES IN SCHEMA public TO tiler;\nSQL" % (_host("postgis"), pw)
    return t, pw, "ALTER ROLE tiler"


@_F(_G, "mysql-e-create-user-identified-by")
def _():
    pw = _pw("plain")
    t = "mysql -u root -e \"CREATE USER 'wx_reader'@'%%' IDENTIFIED BY '%s'; GRANT SELECT ON weather.* TO 'wx_reader'@'%%';\"" % pw
    return t, pw, "wx_reader"


@_F(_G, "ldapsearch-bind-w-flag")
def _():
    pw = _pw("shell")
    t = ("ldapsearch -x -H ldaps://ldap.%s -D \"cn=svc-arcgis,ou=service,dc=%s,dc=net\" -w '%s' "
         "-b \"ou=people,dc=%s,dc=net\" \"(memberOf=cn=gis-editors*)\" uid") % (_dom(), _org(), pw, _org())
    return t, pw, "svc-arcgis"


@_F(_G, "smbclient-user-percent-password")
def _():
    pw = _pw("shell")
    t = "smbclient //nas01/survey_raw -U 'SURVEY\\dronepilot%%%s' -c 'cd %s; ls'" % (pw, _date())
    return t, pw, "//nas01/survey_raw"


@_F(_G, "mount-cifs-password-option")
def _():
    pw = _pw("plain")
    t = "sudo mount -t cifs //nas02.%s/imagery /mnt/imagery -o username=eo_sync,password=%s,vers=3.0,uid=1000" % (_dom(), pw)
    return t, pw, "/mnt/imagery"


@_F(_G, "ssh-keygen-new-passphrase-flag")
def _():
    pw = _pw("shell")
    t = "ssh-keygen -t ed25519 -C 'uplink@%s' -N '%s' -f ~/.ssh/gs_uplink_ed25519" % (_p(_SITES), pw)
    return t, pw, "gs_uplink_ed25519"


@_F(_G, "gpg-batch-passphrase-decrypt")
def _():
    pw = _pw("shell")
    t = "gpg --batch --yes --pinentry-mode loopback --passphrase '%s' -d tle_bundle_%s.tar.gz.gpg | tar xz -C /srv/tle" % (pw, _date())
    return t, pw, "/srv/tle"


@_F(_G, "7z-extract-p-password")
def _():
    pw = _pw("shell")
    t = "7z x -p'%s' lidar_block%02d_laz.7z -o/data/lidar/block%02d" % (pw, _ri(1, 40), _ri(1, 40))
    return t, pw, "7z x"


@_F(_G, "zip-encrypt-capital-p-flag")
def _():
    pw = _pw("plain")
    t = "zip -P %s -r survey_export_%s.zip survey/gcp survey/ppk" % (pw, _date())
    return t, pw, "survey/gcp"


@_F(_G, "curl-b-session-cookie-flighthub")
def _():
    c = _hex(48)
    t = 'curl -s -b "flighthub_session=%s" https://flighthub.%s/api/v1/projects/%d/missions | jq ".data[].name"' % (c, _dom(), _ri(100, 999))
    return t, c, "flighthub"


@_F(_G, "curl-space-track-login-form")
def _():
    pw = _pw("url")
    u = "%s@%s" % (_name(), _dom())
    t = "curl -s -c st_cookies.txt -d 'identity=%s&password=%s' https://www.space-track.org/ajax/auth/login" % (u, pw)
    return t, pw, u


@_F(_G, "python-script-positional-user-password")
def _():
    pw = _pw("shell")
    t = "python publish_ortho.py https://portal.%s/arcgis gis_publisher '%s' ./ortho_%s.tif --folder Imagery" % (_dom(), pw, _date())
    return t, pw, "gis_publisher"


@_F(_G, "java-d-keystore-password-yamcs")
def _():
    pw = _pw("plain")
    t = "java -Djavax.net.ssl.keyStore=/etc/yamcs/tls.p12 -Djavax.net.ssl.keyStorePassword=%s -jar yamcs-server.jar --etc-dir /etc/yamcs" % pw
    return t, pw, "yamcs-server.jar"


@_F(_G, "influx-write-token-flag")
def _():
    tok = _b64url(64) + "=="
    t = "influx write -b weather_obs -o metlab -t %s -p s -f ./aws_station_%d.lp" % (tok, _ri(100, 999))
    return t, tok, "weather_obs"


@_F(_G, "psql-keyword-dsn-password")
def _():
    pw = _pw("plain")
    h = _host("postgis")
    t = 'psql "host=%s port=5432 dbname=tegola user=tegola password=%s sslmode=verify-full" -c "\\dt"' % (h, pw)
    return t, pw, h


@_F(_G, "terraform-apply-var-password")
def _():
    pw = _pw("shell")
    t = "terraform apply -var 'db_password=%s' -var-file=env/prod.tfvars -target=aws_db_instance.postgis" % pw
    return t, pw, "aws_db_instance.postgis"


@_F(_G, "ansible-playbook-extra-vars-password")
def _():
    pw = _pw("plain")
    t = 'ansible-playbook -i inventories/prod geoserver.yml -e "geoserver_admin_pw=%s" --limit gs-prod' % pw
    return t, pw, "geoserver.yml"


@_F(_G, "helm-upgrade-set-password")
def _():
    pw = _pw("plain")
    t = ("helm upgrade --install geonode geonode/geonode -n geo --set postgresql.auth.password=%s "
         "--set geonode.general.externalDomain=maps.%s") % (pw, _dom())
    return t, pw, "geonode/geonode"


@_F(_G, "snmpwalk-community-string")
def _():
    c = _pw("plain")
    t = "snmpwalk -v2c -c %s antenna-ctrl-%s.%s 1.3.6.1.4.1.%d.1.2" % (c, _p(_SITES), _dom(), _ri(1000, 60000))
    return t, c, "snmpwalk -v2c"


@_F(_G, "ipmitool-lanplus-password")
def _():
    pw = _pw("shell")
    t = "ipmitool -I lanplus -H bmc-%s-%02d -U ADMIN -P '%s' chassis power cycle" % (_p(_SITES), _ri(1, 12), pw)
    return t, pw, "chassis power cycle"


@_F(_G, "git-commit-message-with-key")
def _():
    k = _an(20)
    t = 'git commit -am "temp: hardcode maptiler key %s until the vault lookup works"' % k
    return t, k, "git commit -am"


# ================================================================ tool-output
_G = "tool-output"


@_F(_G, "env-grep-key-output")
def _():
    k = "PLAK" + _hex(32)
    t = "$ env | grep -i -E 'planet|key'\nPLANET_API_KEY=%s\nPLANET_ORDERS_BUCKET=s3://%s-orders\nKEYBOARD_LAYOUT=no" % (k, _org())
    return t, k, "PLANET_ORDERS_BUCKET"


@_F(_G, "docker-inspect-env-array")
def _():
    pw = _pw()
    t = ('$ docker inspect geoserver --format "{{json .Config.Env}}" | jq .\n[\n  "GEOSERVER_ADMIN_USER=admin",\n'
         '  "GEOSERVER_ADMIN_PASSWORD=%s",\n  "INITIAL_MEMORY=2G",\n  "JAVA_HOME=/opt/java/openjdk"\n]') % pw
    return t, pw, "GEOSERVER_ADMIN_USER=admin"


@_F(_G, "kubectl-get-secret-yaml-base64-data")
def _():
    pw = _pw()
    enc = _b64s(pw)
    t = ("$ kubectl -n gis get secret postgis-creds -o yaml\napiVersion: v1\ndata:\n  password: %s\n  username: %s\n"
         "kind: Secret\nmetadata:\n  name: postgis-creds\n  namespace: gis\ntype: Opaque") % (enc, _b64s("tiler"))
    return t, enc, "postgis-creds"


@_F(_G, "kubectl-describe-pod-env-literal")
def _():
    pw = _pw()
    t = ("$ kubectl describe pod weewx-7c9d%s -n weather | sed -n '/Environment/,/Mounts/p'\n    Environment:\n"
         "      TZ:                  Europe/Oslo\n      WU_STATION_ID:       I%s%d\n      WU_STATION_PASSWORD: %s\n    Mounts:") % (
        _anl(5), _p(["BERGEN", "OSLO", "TROMS", "ALTA"]), _ri(1, 99), pw)
    return t, pw, "WU_STATION_ID"


@_F(_G, "aws-sts-session-token-json")
def _():
    sk = _aws_secret()
    t = ('$ aws sts get-session-token --serial-number arn:aws:iam::%s:mfa/%s --token-code %s\n{\n    "Credentials": {\n'
         '        "AccessKeyId": "ASIA%s",\n        "SecretAccessKey": "%s",\n        "SessionToken": "IQoJb3JpZ2luX2VjE...(truncated)",\n'
         '        "Expiration": "%sZ"\n    }\n}') % (_dig(12), _name(), _dig(6), _anu(16), sk, _ts())
    return t, sk, "Expiration"


@_F(_G, "aws-iam-create-access-key-json")
def _():
    sk = _aws_secret()
    u = "svc-" + _p(["tile-sync", "eo-ingest", "stac-writer", "cog-builder"])
    t = ('$ aws iam create-access-key --user-name %s\n{\n    "AccessKey": {\n        "UserName": "%s",\n'
         '        "AccessKeyId": "%s",\n        "Status": "Active",\n        "SecretAccessKey": "%s",\n'
         '        "CreateDate": "%sZ"\n    }\n}') % (u, u, _aws_akid(), sk, _ts())
    return t, sk, u


@_F(_G, "cat-gcp-service-account-json-private-key")
def _():
    body = _pkcs8_rsa_oneline(700)
    proj = _org() + "-ee"
    t = ('$ cat ee-sa.json | head -c 1200\n{\n  "type": "service_account",\n  "project_id": "%s",\n  "private_key_id": "%s",\n'
         '  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "earthengine@%s.iam.gserviceaccount.com",') % (
        proj, _hex(40), body, proj)
    return t, body, "earthengine@" + proj


@_F(_G, "vault-kv-get-table")
def _():
    pw = _pw()
    t = ("$ vault kv get secret/wx/meteomatics\n====== Secret Path ======\nsecret/data/wx/meteomatics\n\n"
         "======= Metadata =======\nKey              Value\n---              -----\ncreated_time     %s\nversion          %d\n\n"
         "====== Data ======\nKey         Value\n---         -----\npassword    %s\nusername    %s_%s") % (
        _tsz(), _ri(1, 9), pw, _org(), _name())
    return t, pw, "secret/wx/meteomatics"


@_F(_G, "terraform-output-json-sensitive-revealed")
def _():
    pw = _pw()
    t = ('$ terraform output -json db\n{\n  "sensitive": true,\n  "type": ["object", {"host": "string", "password": "string"}],\n'
         '  "value": {\n    "host": "%s",\n    "password": "%s"\n  }\n}') % (_host("postgis"), pw)
    return t, pw, '"sensitive": true'


@_F(_G, "heroku-config-listing")
def _():
    tok = _mapbox_sk()
    t = ("$ heroku config -a tile-proxy\n=== tile-proxy Config Vars\nLOG_LEVEL:           info\nMAPBOX_SECRET_TOKEN: %s\n"
         "TILE_CACHE_TTL:      86400") % tok
    return t, tok, "tile-proxy Config Vars"


@_F(_G, "psql-select-plaintext-password-column")
def _():
    pw = _pw()
    t = ("gnss=# SELECT mountpoint, username, password, enabled FROM caster_users WHERE username = 'rover%02d';\n"
         " mountpoint  |  username  |  password          | enabled\n-------------+------------+--------------------+---------\n"
         " %-11s | rover%02d    | %s | t\n(1 row)") % (_ri(1, 9), _p(_MOUNTS), _ri(1, 9), pw)
    return t, pw, "caster_users"


@_F(_G, "git-config-list-remote-with-token")
def _():
    tok = "ghs_" + _an(36)
    t = ("$ git config --list | grep remote\nremote.origin.url=https://x-access-token:%s@github.com/%s/stac-catalog.git\n"
         "remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*") % (tok, _org())
    return t, tok, "remote.origin.fetch"


@_F(_G, "git-remote-v-credentials")
def _():
    pw = _pw("url")
    h = "git." + _dom()
    u = _name()
    t = "$ git remote -v\norigin\thttps://%s:%s@%s/gis/qgis-plugins.git (fetch)\norigin\thttps://%s:%s@%s/gis/qgis-plugins.git (push)" % (
        u, pw, h, u, pw, h)
    return t, pw, h


@_F(_G, "cat-netrc-output")
def _():
    pw = _pw("plain")
    t = "$ cat ~/.netrc\nmachine urs.earthdata.nasa.gov\n    login %s_eo\n    password %s" % (_name(), pw)
    return t, pw, "urs.earthdata.nasa.gov"


@_F(_G, "cat-pgpass-output")
def _():
    pw = _pw("plain")
    h = _host("postgis")
    t = "$ cat ~/.pgpass\n%s:5432:cadastre:editor:%s\nlocalhost:5432:*:postgres:*" % (h, pw)
    return t, pw, h


@_F(_G, "printenv-single-var")
def _():
    k = _an(32)
    t = "$ printenv TOMTOM_API_KEY\n%s" % k
    return t, k, "printenv TOMTOM_API_KEY"


@_F(_G, "systemctl-show-environment-line")
def _():
    pw = _pw("plain")
    t = ("$ systemctl show ntrip-relay.service -p Environment\nEnvironment=CASTER_HOST=%s CASTER_PORT=2101 "
         "CASTER_USER=base%02d CASTER_PASSWORD=%s MOUNT=%s") % (_host("caster"), _ri(1, 30), pw, _p(_MOUNTS))
    return t, pw, "ntrip-relay.service"


@_F(_G, "ps-aux-cmdline-password")
def _():
    pw = _pw("plain")
    t = ("$ ps aux | grep [n]tripclient\nrtk       %d  0.3  0.1  12044  3120 ?  Ss   %02d:%02d   0:42 "
         "ntripclient -s %s -r 2101 -m %s -u base07 -p %s") % (
        _ri(1000, 40000), _ri(0, 23), _ri(0, 59), _host("caster"), _p(_MOUNTS), pw)
    return t, pw, "[n]tripclient"


@_F(_G, "npm-config-list-authtoken")
def _():
    tok = "npm_" + _an(36)
    t = ('$ npm config list\n; "user" config from /home/ci/.npmrc\n\n//registry.npmjs.org/:_authToken = "%s"\n'
         '@%s:registry = "https://registry.npmjs.org/"\n\n; node bin location = /usr/bin/node') % (tok, _org())
    return t, tok, "node bin location"


@_F(_G, "pip-config-list-index-url")
def _():
    pw = _pw("url")
    t = "$ pip config list\nglobal.index-url='https://deploy:%s@nexus.%s/repository/pypi-geo/simple'\nglobal.timeout='60'" % (pw, _dom())
    return t, pw, "global.timeout"


@_F(_G, "docker-compose-config-resolved")
def _():
    k = _an(20)
    t = ("$ docker compose config | sed -n '/tileserver:/,/ports:/p'\n  tileserver:\n    environment:\n      MAPTILER_KEY: %s\n"
         "      STYLE_URL: https://api.maptiler.com/maps/outdoor-v2/style.json\n    image: maptiler/tileserver-gl:v4.%d.0\n    ports:") % (k, _ri(1, 12))
    return t, k, "maptiler/tileserver-gl"


@_F(_G, "jq-oauth-client-json")
def _():
    sec = _an(40)
    t = '$ jq . ~/.config/sentinelhub/client.json\n{\n  "client_id": "%s",\n  "client_secret": "%s",\n  "instance_id": "%s"\n}' % (
        _uuid(), sec, _uuid())
    return t, sec, "client_id"


@_F(_G, "curl-verbose-basic-auth-header")
def _():
    pw = _pw()
    u = "wx_" + _name()
    enc = _rfc_b64_userpass(u, pw)
    t = ("$ curl -v -u %s https://api.meteomatics.com/now/t_2m:C/60.39,5.32/json\n> GET /now/t_2m:C/60.39,5.32/json HTTP/2\n"
         "> Host: api.meteomatics.com\n> Authorization: Basic %s\n> User-Agent: curl/8.5.0\n< HTTP/2 200") % (u, enc)
    return t, enc, "api.meteomatics.com"


@_F(_G, "curl-verbose-set-cookie-jsessionid")
def _():
    c = _HEX(32)
    t = ("< HTTP/1.1 302 Found\n< Set-Cookie: JSESSIONID=%s; Path=/geoserver; HttpOnly\n"
         "< Location: https://%s/geoserver/web/\n< Content-Length: 0") % (c, _host("geoserver"))
    return t, c, "Path=/geoserver"


@_F(_G, "oauth-token-endpoint-response")
def _():
    tok = _jwt({"sub": _uuid(), "aud": "cdse-public", "iss": "https://identity.dataspace.copernicus.eu/auth/realms/CDSE",
                "exp": _ri(1700000000, 1800000000), "typ": "Bearer"}, "RS256")
    t = ('$ curl -s -d grant_type=password -d client_id=cdse-public ... | jq .\n{\n  "access_token": "%s",\n'
         '  "expires_in": 600,\n  "token_type": "Bearer",\n  "scope": "AUDIENCE_PUBLIC openid email"\n}') % tok
    return t, tok, '"expires_in": 600'


@_F(_G, "arcgis-generate-token-response")
def _():
    tok = _s(_B64U, _ri(100, 130)) + ".."
    t = '$ curl -s -X POST .../sharing/rest/generateToken ... \n{"token":"%s","expires":%d,"ssl":true}' % (tok, _ri(1700000000000, 1800000000000))
    return t, tok, '"ssl":true'


@_F(_G, "pytest-assertion-shows-apikey")
def _():
    k = _hex(32)
    t = ("    def test_forecast_url():\n>       assert build_url('%s') == expected\nE       AssertionError: assert "
         "'https://api.weatherapi.com/v1/forecast.json?key=%s&q=%s&days=3' == 'https://api...'\n"
         "tests/test_client.py:41: AssertionError") % (_p(_CITIES), k, _p(_CITIES))
    return t, k, "tests/test_client.py:41"


@_F(_G, "ansible-verbose-task-result-password")
def _():
    pw = _pw()
    t = ('TASK [geoserver : set admin password] ****\nok: [gs-%s-01] => {"changed": false, "msg": "ok", '
         '"invocation": {"module_args": {"url": "http://localhost:8080/geoserver/rest/security/self/password", '
         '"user": "admin", "password": "%s", "method": "PUT"}}}') % (_p(_SITES), pw)
    return t, pw, "TASK [geoserver : set admin password]"


@_F(_G, "helm-get-values-output")
def _():
    pw = _pw()
    t = "$ helm get values geonode -n geo\nUSER-SUPPLIED VALUES:\ngeonode:\n  general:\n    externalDomain: maps.%s\npostgresql:\n  auth:\n    password: %s\n    username: geonode" % (
        _dom(), pw)
    return t, pw, "USER-SUPPLIED VALUES"


@_F(_G, "mc-alias-list-output")
def _():
    sk = _an(40)
    t = "$ mc alias list rasters\nrasters\n  URL       : https://minio.%s\n  AccessKey : %s\n  SecretKey : %s\n  API       : s3v4\n  Path      : auto" % (
        _dom(), _anu(20), sk)
    return t, sk, "API       : s3v4"


@_F(_G, "rclone-config-show-output")
def _():
    sk = _aws_secret()
    t = "$ rclone config show eo-archive\n[eo-archive]\ntype = s3\nprovider = AWS\naccess_key_id = %s\nsecret_access_key = %s\nregion = eu-north-1" % (
        _aws_akid(), sk)
    return t, sk, "provider = AWS"


@_F(_G, "az-storage-account-keys-list")
def _():
    key = _b64(64)
    t = ('$ az storage account keys list -n %seo -g rg-imagery\n[\n  {\n    "creationTime": "%s",\n    "keyName": "key1",\n'
         '    "permissions": "FULL",\n    "value": "%s"\n  }\n]') % (_org().replace("-", ""), _tsz(), key)
    return t, key, '"keyName": "key1"'


@_F(_G, "az-ad-sp-create-for-rbac-output")
def _():
    sec = _an(3) + "8Q~" + _s(_ALNUM + "_-.~", 34)
    t = ('$ az ad sp create-for-rbac --name sp-stac-ingest --role Contributor --scopes /subscriptions/%s\n{\n'
         '  "appId": "%s",\n  "displayName": "sp-stac-ingest",\n  "password": "%s",\n  "tenant": "%s"\n}') % (
        _uuid(), _uuid(), sec, _uuid())
    return t, sec, "sp-stac-ingest"


@_F(_G, "gh-auth-status-show-token")
def _():
    tok = "gho_" + _an(36)
    t = ("$ gh auth status --show-token\ngithub.com\n  \u2713 Logged in to github.com account %s-gis (keyring)\n"
         "  - Active account: true\n  - Git operations protocol: https\n  - Token: %s\n  - Token scopes: 'gist', 'read:org', 'repo'") % (_name(), tok)
    return t, tok, "Token scopes"


@_F(_G, "cat-docker-config-json-auth")
def _():
    pw = _pw()
    enc = _rfc_b64_userpass("ci-bot", pw)
    t = '$ cat ~/.docker/config.json\n{\n  "auths": {\n    "registry.%s": {\n      "auth": "%s"\n    }\n  }\n}' % (_dom(), enc)
    return t, enc, '"auths"'


@_F(_G, "nmcli-show-secrets-psk")
def _():
    pw = _pw()
    t = ("$ nmcli -s -g 802-11-wireless.ssid,802-11-wireless-security.psk connection show FieldLink-%d\nFieldLink-Van%d\n%s") % (
        _ri(1, 9), _ri(1, 9), pw)
    return t, pw, "nmcli -s -g"


@_F(_G, "redis-config-get-requirepass")
def _():
    pw = _pw()
    t = '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "%s"' % pw
    return t, pw, "CONFIG GET requirepass"


@_F(_G, "mysql-select-integrations-table")
def _():
    k = _an(32)
    t = ("mysql> SELECT name, api_key, updated_at FROM integrations WHERE name='accuweather';\n"
         "+-------------+----------------------------------+---------------------+\n| name        | api_key                          | updated_at          |\n"
         "+-------------+----------------------------------+---------------------+\n| accuweather | %s | %s 09:12:44 |\n"
         "+-------------+----------------------------------+---------------------+\n1 row in set (0.00 sec)") % (k, _date())
    return t, k, "1 row in set"


@_F(_G, "sqlite3-settings-table-drone-app")
def _():
    k = _hex(40)
    t = ("$ sqlite3 ~/.local/share/survey-planner/settings.db 'select key, value from settings'\nunits|metric\n"
         "default_gsd_cm|%.1f\ndronedeploy_api_key|%s\nlast_project|%s_block_%d") % (_R.uniform(1, 5), k, _p(_CITIES).lower(), _ri(1, 20))
    return t, k, "default_gsd_cm"


@_F(_G, "crontab-l-fetch-radar-password")
def _():
    pw = _pw("plain")
    t = "$ crontab -l\n# radar composites every 10 min\n*/10 * * * * /usr/local/bin/fetch_radar.sh --user wxops --pass %s --out /srv/radar >> /var/log/radar.log 2>&1" % pw
    return t, pw, "/usr/local/bin/fetch_radar.sh"


@_F(_G, "shell-history-export-token")
def _():
    tok = _jwt({"jti": _uuid(), "id": _ri(10000, 999999), "iat": _ri(1600000000, 1700000000)})
    t = "$ history | tail -4\n  509  cd ~/src/globe-viewer\n  510  npm run dev\n  511  export CESIUM_ION_TOKEN=%s\n  512  npm run build" % tok
    return t, tok, "globe-viewer"


@_F(_G, "grep-recursive-hit-api-key")
def _():
    k = _s(_B64U, 43)
    t = '$ grep -rn "API_KEY" config/\nconfig/prod.py:23:HERE_API_KEY = "%s"\nconfig/base.py:8:HERE_API_KEY = os.environ.get("HERE_API_KEY")' % k
    return t, k, "config/base.py:8"


@_F(_G, "git-log-p-added-secret")
def _():
    k = _hex(32)
    t = ("$ git log -p -1 -- services/geocode.yaml\ncommit %s\nAuthor: %s <%s@%s>\n\n    add geoapify fallback\n\n"
         "@@ -4,3 +4,5 @@ providers:\n   - name: nominatim\n+  - name: geoapify\n+    api_key: %s") % (
        _hex(40), _fullname(), _name(), _dom(), k)
    return t, k, "add geoapify fallback"


@_F(_G, "git-show-removed-password-line")
def _():
    pw = _pw("plain")
    t = "$ git show HEAD~3 -- .env\n-POSTGRES_PASSWORD=%s\n+POSTGRES_PASSWORD=${POSTGRES_PASSWORD:?set in vault}" % pw
    return t, pw, "git show HEAD~3"


@_F(_G, "strings-firmware-credentials")
def _():
    pw = _pw("plain")
    t = "$ strings wxstation_fw_v%d.%d.bin | grep -i -A1 ntrip\nntrip_host=%s\nntrip_user=ws%03d\nntrip_pw=%s\nntrip_mount=%s" % (
        _ri(1, 3), _ri(0, 9), _host("caster"), _ri(1, 300), pw, _p(_MOUNTS))
    return t, pw, "ntrip_user"


@_F(_G, "openssl-ec-key-print-pem")
def _():
    body = _ec_key_body()
    t = "$ openssl ec -in gs_tls.key\nread EC key\nwriting EC key\n-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----" % body
    return t, body, "read EC key"


@_F(_G, "cat-openssh-private-key")
def _():
    body = _openssh_body()
    t = "$ cat ~/.ssh/id_ed25519_groundops\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body
    return t, body, "id_ed25519_groundops"


@_F(_G, "doppler-secrets-table")
def _():
    pw = _pw()
    t = ("$ doppler secrets --project eo-portal --config prd\n\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n"
         "\u2502 NAME         \u2502 VALUE            \u2502\n\u2502 DB_HOST      \u2502 %s \u2502\n\u2502 DB_PASSWORD  \u2502 %s \u2502") % (_host("pg"), pw)
    return t, pw, "DB_HOST"


@_F(_G, "op-item-get-reveal-bare-value")
def _():
    pw = _pw()
    t = '$ op item get "NTRIP caster %s" --fields password --reveal\n%s' % (_p(_SITES), pw)
    return t, pw, "--fields password --reveal"


@_F(_G, "pass-show-multiline")
def _():
    pw = _pw()
    t = "$ pass show gis/geoserver-admin-%s\n%s\nurl: https://%s/geoserver\nuser: admin" % (_p(["prod", "stg", "dr"]), pw, _host("geoserver"))
    return t, pw, "user: admin"


@_F(_G, "python-repl-settings-databases")
def _():
    pw = _pw()
    t = (">>> from django.conf import settings\n>>> settings.DATABASES['default']\n{'ENGINE': 'django.contrib.gis.db.backends.postgis', "
         "'NAME': 'geonode_data', 'USER': 'geonode', 'PASSWORD': '%s', 'HOST': 'db', 'PORT': 5432}") % pw
    return t, pw, "django.contrib.gis.db.backends.postgis"


@_F(_G, "node-repl-process-env")
def _():
    k = "AIza" + _s(_B64U, 35)
    t = "> process.env.GOOGLE_MAPS_KEY\n'%s'\n> process.env.NODE_ENV\n'development'" % k
    return t, k, "process.env.NODE_ENV"


@_F(_G, "docker-logs-generated-admin-password")
def _():
    pw = _an(16)
    t = ("$ docker logs geonode-django | grep -i admin\n[entrypoint] creating superuser 'admin'\n"
         "[entrypoint] Generated admin password: %s\n[entrypoint] Please change it after first login") % pw
    return t, pw, "creating superuser"


@_F(_G, "jupyter-out-cell-token")
def _():
    tok = _mapbox_sk()
    t = "In [7]: os.environ['MAPBOX_SECRET']\nOut[7]: '%s'\n\nIn [8]: tiles = fetch_tileset('%s.terrain-rgb')" % (tok, _name())
    return t, tok, "fetch_tileset"


@_F(_G, "gdalinfo-files-signed-url")
def _():
    url, sig = _s3_presigned(_org() + "-cog", "scenes/%s/B08.tif" % _anu(8))
    t = "$ gdalinfo /vsicurl/'%s'\nDriver: GTiff/GeoTIFF\nFiles: none associated\nSize is 10980, 10980\nCoordinate System is:\nPROJCRS[\"WGS 84 / UTM zone 32N\"," % url
    return t, sig, "Driver: GTiff/GeoTIFF"


@_F(_G, "wget-progress-presigned-url")
def _():
    url, sig = _s3_presigned(_org() + "-lidar", "laz/tile_%d_%d.laz" % (_ri(100, 999), _ri(1000, 9999)))
    t = "--%s %02d:%02d:%02d--  %s\nResolving s3... 52.95.%d.%d\nHTTP request sent, awaiting response... 200 OK\nLength: %d (%dM)" % (
        _date(), _ri(0, 23), _ri(0, 59), _ri(0, 59), url, _ri(1, 254), _ri(1, 254), _ri(10 ** 7, 10 ** 9), _ri(10, 900))
    return t, sig, "HTTP request sent"


@_F(_G, "gsutil-signurl-table")
def _():
    sig = _hex(512)
    obj = "gs://%s-era5/%s/t2m.nc" % (_org(), _yr())
    t = ("$ gsutil signurl -d 1h sa.json %s\nURL\tHTTP Method\tExpiration\tSigned URL\n%s\tGET\t%s 14:00:00\t"
         "https://storage.googleapis.com/%s-era5/%s/t2m.nc?x-goog-signature=%s&x-goog-algorithm=GOOG4-RSA-SHA256"
         "&x-goog-credential=signer%%40%s.iam.gserviceaccount.com%%2F20240611%%2Fauto%%2Fstorage%%2Fgoog4_request"
         "&x-goog-date=20240611T130000Z&x-goog-expires=3600&x-goog-signedheaders=host") % (
        obj, obj, _date(), _org(), _yr(), sig, _org())
    return t, sig, "GOOG4-RSA-SHA256"


@_F(_G, "kubectl-config-view-raw-token")
def _():
    tok = _jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "tiles",
                "sub": "system:serviceaccount:tiles:deployer"}, "RS256")
    t = "$ kubectl config view --raw --minify | grep -A2 users\nusers:\n- name: deployer\n  user:\n    token: %s" % tok
    return t, tok, "name: deployer"


@_F(_G, "cat-cdsapirc-output")
def _():
    k = _uuid()
    uid = str(_ri(10000, 399999))
    t = "$ cat ~/.cdsapirc\nurl: https://cds.climate.copernicus.eu/api/v2\nkey: %s:%s" % (uid, k)
    return t, k, "cds.climate.copernicus.eu"


@_F(_G, "sentinelhub-config-show")
def _():
    sec = _s(_ALNUM + "!@#%^&*()_+-=[]{}|;:,.<>?~", 40).replace('"', "x").replace("\\", "y")
    t = '$ sentinelhub.config --show\n{\n  "instance_id": "",\n  "sh_client_id": "%s",\n  "sh_client_secret": "%s",\n  "sh_base_url": "https://services.sentinel-hub.com"\n}' % (
        _uuid(), sec)
    return t, sec, "sh_base_url"


@_F(_G, "har-entry-request-cookie")
def _():
    c = _b64url(48)
    t = ('      "request": {\n        "method": "GET",\n        "url": "https://portal.%s/api/layers?page=2",\n'
         '        "headers": [\n          {"name": "Cookie", "value": "portal_sid=%s; theme=dark"},\n          {"name": "Accept", "value": "application/json"}') % (_dom(), c)
    return t, c, "theme=dark"


@_F(_G, "spring-actuator-env-unmasked-value")
def _():
    pw = _pw()
    t = ('$ curl -s localhost:8081/actuator/env/spring.datasource.password | jq .property\n{\n  "source": "systemEnvironment",\n'
         '  "value": "%s"\n}') % pw
    return t, pw, "systemEnvironment"


# ================================================================ config-file
_G = "config-file"


@_F(_G, "pgpass-line")
def _():
    pw = _pw("plain").replace(":", "-")
    h = _host("postgis")
    t = "# ~/.pgpass  (chmod 600)\n%s:5432:%s:%s:%s" % (h, _p(["gis", "osm", "cadastre", "*"]), _p(["editor", "qgis", "loader"]), pw)
    return t, pw, h


@_F(_G, "netrc-machine-block")
def _():
    pw = _pw("plain")
    h = "ftp.cors." + _dom()
    t = "machine %s\n  login gnss_%s\n  password %s\n\nmachine urs.earthdata.nasa.gov login anonymous password anonymous" % (h, _name(), pw)
    return t, pw, h


@_F(_G, "netrc-mapbox-downloads")
def _():
    tok = _mapbox_sk()
    t = "# ~/.netrc for the iOS Maps SDK download\nmachine api.mapbox.com\n  login mapbox\n  password %s" % tok
    return t, tok, "machine api.mapbox.com"


@_F(_G, "docker-compose-postgis-geoserver-env")
def _():
    pw = _pw("plain")
    t = ("services:\n  db:\n    image: postgis/postgis:15-3.4\n    environment:\n      POSTGRES_USER: gis\n      POSTGRES_PASSWORD: %s\n"
         "      POSTGRES_DB: gis\n  geoserver:\n    image: kartoza/geoserver:2.24.2\n    depends_on: [db]") % pw
    return t, pw, "postgis/postgis:15-3.4"


@_F(_G, "dotenv-multi-vendor")
def _():
    k = _an(32)
    t = "# .env (local dev)\nNODE_ENV=development\nVITE_MAP_STYLE=outdoor\nTOMTOM_API_KEY=%s\nVITE_DEFAULT_CENTER=10.75,59.91\nVITE_DEFAULT_ZOOM=11" % k
    return t, k, "VITE_DEFAULT_CENTER"


@_F(_G, "geoserver-datastore-xml-passwd")
def _():
    pw = _pw("plain").replace("&", "+")
    h = _host("postgis")
    t = ("<dataStore>\n  <name>cadastre_pg</name>\n  <type>PostGIS</type>\n  <connectionParameters>\n    <entry key=\"host\">%s</entry>\n"
         "    <entry key=\"port\">5432</entry>\n    <entry key=\"database\">cadastre</entry>\n    <entry key=\"user\">gs_reader</entry>\n"
         "    <entry key=\"passwd\">%s</entry>\n    <entry key=\"dbtype\">postgis</entry>\n  </connectionParameters>\n</dataStore>") % (h, pw)
    return t, pw, h


@_F(_G, "geoserver-users-xml-plain-prefix")
def _():
    pw = _pw("plain")
    u = _p(["admin", "publisher", "wfs_editor"])
    t = ('<userRegistry xmlns="http://www.geoserver.org/security/users" version="1.0">\n<users>\n'
         '<user enabled="true" name="%s" password="plain:%s"/>\n</users>\n<groups/>\n</userRegistry>') % (u, pw)
    return t, pw, "userRegistry"


@_F(_G, "mapserver-mapfile-connection")
def _():
    pw = _pw("plain")
    t = ('  LAYER\n    NAME "%s"\n    TYPE POLYGON\n    CONNECTIONTYPE POSTGIS\n    CONNECTION "host=%s dbname=gis user=mapserver password=%s port=5432"\n'
         '    DATA "geom FROM %s USING UNIQUE gid USING SRID=25833"\n  END') % (_p(_LAYERS), _host("pg"), pw, _p(_LAYERS))
    return t, pw, "CONNECTIONTYPE POSTGIS"


@_F(_G, "qgis-project-datasource-xml")
def _():
    pw = _pw("plain")
    h = _host("postgis")
    t = ("<maplayer type=\"vector\" geometry=\"Polygon\">\n  <id>%s_%s</id>\n  <datasource>dbname='gis' host=%s port=5432 user='editor' "
         "password='%s' sslmode=prefer key='gid' srid=25832 type=MultiPolygon checkPrimaryKeyUnicity='1' table=\"public\".\"%s\" (geom)</datasource>") % (
        _p(_LAYERS), _hex(8), h, pw, _p(_LAYERS))
    return t, pw, h


@_F(_G, "qgis3-ini-postgres-connection")
def _():
    pw = _pw("plain")
    c = _p(["prod", "survey", "kartdata"])
    t = ("[PostgreSQL]\nconnections\\selected=%s\nconnections\\%s\\host=%s\nconnections\\%s\\database=gis\nconnections\\%s\\username=%s\n"
         "connections\\%s\\password=%s\nconnections\\%s\\savePassword=true") % (c, c, _host("pg"), c, c, _name(), c, pw, c)
    return t, pw, "savePassword=true"


@_F(_G, "tegola-toml-provider-uri")
def _():
    pw = _pw("url")
    t = ('[webserver]\nport = ":8080"\n\n[[providers]]\nname = "osm"\ntype = "mvt_postgis"\nuri = "postgres://tegola:%s@%s:5432/osm?sslmode=disable"\n'
         'srid = 3857') % (pw, _host("pg"))
    return t, pw, 'type = "mvt_postgis"'


@_F(_G, "martin-yaml-connection-string")
def _():
    pw = _pw("url")
    t = "listen_addresses: '0.0.0.0:3000'\npostgres:\n  connection_string: 'postgresql://martin:%s@%s/tiles'\n  pool_size: 20\n  auto_publish: true" % (pw, _host("pg"))
    return t, pw, "auto_publish: true"


@_F(_G, "pg-tileserv-toml-dbconnection")
def _():
    pw = _pw("url")
    t = '# pg_tileserv.toml\nHttpHost = "0.0.0.0"\nHttpPort = 7800\nDbConnection = "postgresql://tileserv:%s@%s/gis"\nDefaultMaxFeatures = 10000' % (pw, _host("pg"))
    return t, pw, "HttpPort = 7800"


@_F(_G, "mapproxy-yaml-source-apikey-url")
def _():
    k = _hex(32)
    t = ("sources:\n  osm_cycle:\n    type: tile\n    url: https://tile.thunderforest.com/cycle/%%(tms_path)s.png?apikey=%s\n"
         "    grid: GLOBAL_WEBMERCATOR\n    transparent: true\ncaches:\n  cycle_cache:\n    sources: [osm_cycle]") % k
    return t, k, "GLOBAL_WEBMERCATOR"


@_F(_G, "rtkrcv-conf-ntrip-inpstr")
def _():
    pw = _pw("url")
    u = "rover%02d" % _ri(1, 60)
    t = ("inpstr1-type       =serial\ninpstr1-path       =ttyACM0:115200:8:n:1:off\ninpstr2-type       =ntripcli\n"
         "inpstr2-path       =%s:%s@%s:2101/%s\ninpstr2-format     =rtcm3\npos1-posmode       =kinematic") % (u, pw, _host("caster"), _p(_MOUNTS))
    return t, pw, u


@_F(_G, "ntripcaster-users-file")
def _():
    pw = _pw("plain").replace(":", "+")
    t = "# /etc/ntripcaster/users.aut\n# group:user:password\nsurvey:%s:%s\n# read-only monitoring user added %s" % (_name(), pw, _date())
    return t, pw, "group:user:password"


@_F(_G, "rtkbase-settings-ini-svr-pwd")
def _():
    pw = _pw("plain")
    t = ("[ntrip]\nsvr_addr='caster.%s'\nsvr_port='2101'\nsvr_pwd='%s'\nmnt_name='%s'\nrtcm_msg='1004,1005(10),1006,1008(10),1012,1019,1020'") % (
        _dom(), pw, _p(_MOUNTS))
    return t, pw, "svr_port='2101'"


@_F(_G, "wpa-supplicant-drone-companion")
def _():
    pw = _pw("plain")
    t = 'ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\ncountry=NO\nnetwork={\n    ssid="UAV-GCS-%d"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % (_ri(1, 99), pw)
    return t, pw, "key_mgmt=WPA-PSK"


@_F(_G, "hostapd-field-ap-passphrase")
def _():
    pw = _pw("plain")
    t = "interface=wlan0\nssid=SurveyBase-%s\nhw_mode=g\nchannel=%d\nwpa=2\nwpa_passphrase=%s\nwpa_key_mgmt=WPA-PSK\nrsn_pairwise=CCMP" % (
        _anu(4), _ri(1, 11), pw)
    return t, pw, "rsn_pairwise=CCMP"


@_F(_G, "cdsapirc-file")
def _():
    k = _uuid()
    t = "url: https://cds.climate.copernicus.eu/api/v2\nkey: %d:%s\nverify: 1" % (_ri(10000, 399999), k)
    return t, k, "verify: 1"


@_F(_G, "eumdac-credentials-csv-line")
def _():
    sec = _s(_ALNUM + "_", 28)
    t = "# ~/.eumdac/credentials\n%s,%s" % (_s(_ALNUM + "_", 28), sec)
    return t, sec, "~/.eumdac/credentials"


@_F(_G, "copernicus-marine-credentials-ini")
def _():
    pw = _pw()
    t = "# ~/.copernicusmarine/.copernicusmarine-credentials\n[credentials]\nusername = %s%s\npassword = %s" % (_name(), _dig(2), pw)
    return t, pw, "[credentials]"


@_F(_G, "aws-credentials-ini-profile")
def _():
    sk = _aws_secret()
    t = "[eo-archive]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-central-1" % (_aws_akid(), sk)
    return t, sk, "[eo-archive]"


@_F(_G, "aws-config-credential-process-plus-static")
def _():
    sk = _aws_secret()
    t = "[profile sat-downlink]\nregion = us-east-2\noutput = json\naws_access_key_id = %s\naws_secret_access_key=%s" % (_aws_akid(), sk)
    return t, sk, "[profile sat-downlink]"


@_F(_G, "gcp-service-account-json-file")
def _():
    body = _pkcs8_rsa_oneline(800)
    proj = _org() + "-gee"
    t = ('{\n  "type": "service_account",\n  "project_id": "%s",\n  "private_key_id": "%s",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n'
         '  "client_email": "gee-runner@%s.iam.gserviceaccount.com",\n  "client_id": "%s"\n}') % (proj, _hex(40), body, proj, _dig(21))
    return t, body, '"type": "service_account"'


@_F(_G, "appsettings-json-azure-storage-connstr")
def _():
    key = _b64(64)
    acct = _org().replace("-", "") + "tiles"
    t = ('{\n  "Logging": { "LogLevel": { "Default": "Information" } },\n  "ConnectionStrings": {\n    "TileStore": "DefaultEndpointsProtocol=https;AccountName=%s;'
         'AccountKey=%s;EndpointSuffix=core.windows.net"\n  }\n}') % (acct, key)
    return t, key, acct


@_F(_G, "spring-application-properties-datasource")
def _():
    pw = _pw("plain")
    t = ("spring.datasource.url=jdbc:postgresql://%s:5432/geonetwork\nspring.datasource.username=geonetwork\n"
         "spring.datasource.password=%s\nspring.jpa.database-platform=org.hibernate.spatial.dialect.postgis.PostgisPG10Dialect") % (_host("pg"), pw)
    return t, pw, "spring.datasource.username=geonetwork"


@_F(_G, "spring-yaml-placeholder-with-default")
def _():
    pw = _pw("plain")
    t = "spring:\n  datasource:\n    url: jdbc:postgresql://${DB_HOST:localhost}:5432/stations\n    username: ${DB_USER:wx}\n    password: ${DB_PASSWORD:%s}" % pw
    return t, pw, "${DB_USER:wx}"


@_F(_G, "pg-service-conf")
def _():
    pw = _pw("plain")
    t = "[gis_prod]\nhost=%s\nport=5432\ndbname=gis\nuser=qgis\npassword=%s\nsslmode=require" % (_host("pg"), pw)
    return t, pw, "[gis_prod]"


@_F(_G, "odbc-ini-sde-dsn")
def _():
    pw = _pw("plain")
    t = "[SDE_PROD]\nDriver=ODBC Driver 18 for SQL Server\nServer=tcp:sde-sql.%s,1433\nDatabase=gisprod\nUID=sde\nPWD=%s\nEncrypt=yes" % (_dom(), pw)
    return t, pw, "[SDE_PROD]"


@_F(_G, "jdbc-oracle-thin-user-password")
def _():
    pw = _pw("url").replace("@", "_")
    t = "# spatial.properties\nspatial.jdbc.url=jdbc:oracle:thin:gis_owner/%s@//ora-spatial.%s:1521/GISPDB\nspatial.pool.max=12" % (pw, _dom())
    return t, pw, "spatial.pool.max=12"


@_F(_G, "geonode-env-admin-password")
def _():
    pw = _pw("plain")
    t = "# .env generated by create-envfile.py\nCOMPOSE_PROJECT_NAME=geonode\nSITEURL=https://maps.%s/\nADMIN_USERNAME=admin\nADMIN_PASSWORD=%s\nADMIN_EMAIL=gis@%s" % (
        _dom(), pw, _dom())
    return t, pw, "ADMIN_USERNAME=admin"


@_F(_G, "pygeoapi-config-postgresql-provider")
def _():
    pw = _pw()
    t = ("resources:\n  lakes:\n    type: collection\n    providers:\n      - type: feature\n        name: PostgreSQL\n        data:\n"
         "          host: %s\n          dbname: hydro\n          user: pygeoapi\n          password: \"%s\"\n        id_field: gid\n        table: lakes") % (_host("pg"), pw)
    return t, pw, "name: PostgreSQL"


@_F(_G, "geonetwork-jdbc-properties")
def _():
    pw = _pw("plain")
    t = "jdbc.database=geonetwork\njdbc.host=%s\njdbc.port=5432\njdbc.username=geonetwork\njdbc.password=%s\njdbc.connectionProperties=" % (_host("pg"), pw)
    return t, pw, "jdbc.username=geonetwork"


@_F(_G, "ckan-ini-sqlalchemy-url")
def _():
    pw = _pw("url")
    t = "[app:main]\nckan.site_url = https://opendata.%s\nsqlalchemy.url = postgresql://ckan_default:%s@localhost/ckan_default\nckan.plugins = stats text_view spatial_metadata" % (
        _dom(), pw)
    return t, pw, "ckan.plugins"


@_F(_G, "ckanapi-cli-config-apikey")
def _():
    tok = _jwt({"jti": _s(_B64U, 43), "iat": _ri(1600000000, 1700000000)})
    t = "[opendata]\nurl = https://data.%s\napikey = %s\n# owner: national mapping agency open data team" % (_dom(), tok)
    return t, tok, "[opendata]"


@_F(_G, "nginx-proxy-set-header-api-key")
def _():
    k = _an(32)
    t = ("location /wx/ {\n    proxy_pass https://api.windy.com/api/point-forecast/v2;\n    proxy_set_header Content-Type application/json;\n"
         "    proxy_set_header X-Windy-Key \"%s\";\n    proxy_cache wx_cache;\n}") % k
    return t, k, "location /wx/"


@_F(_G, "nginx-proxy-pass-tile-key-query")
def _():
    k = _an(20)
    t = "location ~ ^/basemap/(\\d+)/(\\d+)/(\\d+)\\.png$ {\n    proxy_pass https://api.maptiler.com/maps/topo-v2/256/$1/$2/$3.png?key=%s;\n    proxy_cache tiles;\n}" % k
    return t, k, "proxy_cache tiles"


@_F(_G, "haproxy-userlist-insecure-password")
def _():
    pw = _pw("plain")
    t = "userlist stats_users\n    user admin insecure-password %s\n\nlisten stats\n    bind :8404\n    stats enable\n    acl auth_ok http_auth(stats_users)" % pw
    return t, pw, "userlist stats_users"


@_F(_G, "traefik-dynamic-header-bearer")
def _():
    tok = _an(48)
    t = 'http:\n  middlewares:\n    add-upstream-auth:\n      headers:\n        customRequestHeaders:\n          Authorization: "Bearer %s"' % tok
    return t, tok, "add-upstream-auth"


@_F(_G, "prometheus-scrape-basic-auth")
def _():
    pw = _pw()
    t = "scrape_configs:\n  - job_name: groundstation-exporters\n    scheme: https\n    basic_auth:\n      username: prom\n      password: '%s'\n    static_configs:\n      - targets: ['gs-%s-1:9100']" % (pw, _p(_SITES))
    return t, pw, "groundstation-exporters"


@_F(_G, "grafana-ini-admin-password")
def _():
    pw = _pw("plain")
    t = "[server]\nroot_url = https://dash.%s/\n\n[security]\nadmin_user = admin\nadmin_password = %s\ndisable_gravatar = true" % (_dom(), pw)
    return t, pw, "disable_gravatar = true"


@_F(_G, "grafana-datasource-securejsondata")
def _():
    pw = _pw()
    t = "apiVersion: 1\ndatasources:\n  - name: TimescaleWX\n    type: postgres\n    url: %s:5432\n    user: grafana_ro\n    secureJsonData:\n      password: '%s'" % (_host("ts"), pw)
    return t, pw, "TimescaleWX"


@_F(_G, "telegraf-conf-influx-token")
def _():
    tok = _b64url(64) + "=="
    t = '[[outputs.influxdb_v2]]\n  urls = ["https://influx.%s"]\n  token = "%s"\n  organization = "metlab"\n  bucket = "aws_stations"' % (_dom(), tok)
    return t, tok, 'bucket = "aws_stations"'


@_F(_G, "mosquitto-bridge-remote-password")
def _():
    pw = _pw("plain")
    t = "connection wx-bridge\naddress mqtt.%s:8883\ntopic stations/# out 1\nremote_username station_%03d\nremote_password %s\nbridge_cafile /etc/mosquitto/ca.crt" % (
        _dom(), _ri(1, 300), pw)
    return t, pw, "connection wx-bridge"


@_F(_G, "weewx-conf-wunderground-password")
def _():
    pw = _pw("plain")
    st = "I%s%d" % (_p(["BERGEN", "TROMS", "NORDLA", "VESTLA"]), _ri(1, 99))
    t = "[StdRESTful]\n    [[Wunderground]]\n        enable = true\n        station = %s\n        password = %s\n        rapidfire = False" % (st, pw)
    return t, pw, st


@_F(_G, "weewx-conf-wow-password")
def _():
    pw = _pw("plain")
    t = "    [[WOW]]\n        enable = true\n        station = %s\n        password = %s\n        post_interval = 900" % (_uuid(), pw)
    return t, pw, "post_interval = 900"


@_F(_G, "cumulus-ini-ftp-password")
def _():
    pw = _pw("plain")
    t = "[FTP site]\nHost=ftp.%s\nPort=21\nUsername=cumulus\nPassword=%s\nDirectory=/public_html/weather\nAutoUpdate=1" % (_dom(), pw)
    return t, pw, "Directory=/public_html/weather"


@_F(_G, "yamcs-security-yaml-user")
def _():
    pw = _pw()
    t = "# etc/users.yaml\nflightdyn:\n  displayName: Flight Dynamics\n  password: \"%s\"\n  superuser: false\n  roles: [Operator]" % pw
    return t, pw, "Flight Dynamics"


@_F(_G, "openc3-plugin-variable-password")
def _():
    pw = _pw("plain")
    t = "VARIABLE target_name %s\nVARIABLE redis_password %s\nTARGET SAT <%%= target_name %%>\nINTERFACE %s_INT tcpip_client_interface.rb 127.0.0.1 8081 8081 10.0 nil" % (
        _p(_SATS).split("-")[0], pw, _p(_SATS).split("-")[0])
    return t, pw, "tcpip_client_interface.rb"


@_F(_G, "satnogs-client-env-api-token")
def _():
    tok = _hex(40)
    t = "SATNOGS_API_TOKEN=%s\nSATNOGS_SOAPY_RX_DEVICE=driver=rtlsdr\nSATNOGS_STATION_ID=%d\nSATNOGS_STATION_LAT=%.4f\nSATNOGS_STATION_LON=%.4f" % (
        tok, _ri(100, 3000), _R.uniform(-60, 70), _R.uniform(-170, 170))
    return t, tok, "SATNOGS_SOAPY_RX_DEVICE"


@_F(_G, "tfvars-db-password")
def _():
    pw = _pw()
    t = '# env/prod.tfvars\nregion        = "eu-north-1"\ninstance_type = "m6g.large"\ndb_username   = "gisadmin"\ndb_password   = "%s"' % pw
    return t, pw, 'db_username   = "gisadmin"'


@_F(_G, "terraform-provider-block-api-token")
def _():
    tok = _s(_ALNUM + "_-", 40)
    t = 'provider "cloudflare" {\n  api_token = "%s"\n}\n\nresource "cloudflare_record" "tiles" {\n  name = "tiles"' % tok
    return t, tok, 'provider "cloudflare"'


@_F(_G, "k8s-secret-stringdata")
def _():
    k = _hex(32)
    t = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: firms-map-key\ntype: Opaque\nstringData:\n  MAP_KEY: \"%s\"" % k
    return t, k, "firms-map-key"


@_F(_G, "poetry-auth-toml-http-basic")
def _():
    pw = _pw()
    t = '# ~/.config/pypoetry/auth.toml\n[http-basic.geo-private]\nusername = "ci"\npassword = "%s"' % pw
    return t, pw, "[http-basic.geo-private]"


@_F(_G, "pip-conf-extra-index-credentials")
def _():
    pw = _pw("url")
    t = "[global]\ntimeout = 60\nextra-index-url = https://build:%s@artifacts.%s/api/pypi/eo-pypi/simple" % (pw, _dom())
    return t, pw, "timeout = 60"


@_F(_G, "npmrc-scoped-authtoken")
def _():
    tok = "npm_" + _an(36)
    t = "@%s:registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=%s\nalways-auth=true" % (_org(), tok)
    return t, tok, "always-auth=true"


@_F(_G, "maven-settings-server-password")
def _():
    pw = _pw().replace("&", "+")
    t = "<settings>\n  <servers>\n    <server>\n      <id>geotools-private</id>\n      <username>deployer</username>\n      <password>%s</password>\n    </server>\n  </servers>\n</settings>" % pw
    return t, pw, "geotools-private"


@_F(_G, "gradle-properties-mapbox-downloads-token")
def _():
    tok = _mapbox_sk()
    t = "org.gradle.jvmargs=-Xmx4g\nandroid.useAndroidX=true\nMAPBOX_DOWNLOADS_TOKEN=%s" % tok
    return t, tok, "android.useAndroidX=true"


@_F(_G, "pem-rsa-private-key-file")
def _():
    body = _rsa_body(560)
    t = "# /etc/ssl/private/wms.%s.key\n-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----" % (_org(), body)
    return t, body, "/etc/ssl/private/wms."


@_F(_G, "openvpn-auth-user-pass-file")
def _():
    pw = _pw()
    t = "# /etc/openvpn/client/mcc-auth.txt (referenced by auth-user-pass)\nops-%s\n%s" % (_name(), pw)
    return t, pw, "auth-user-pass"


@_F(_G, "ipsec-secrets-psk")
def _():
    pw = _pw()
    t = "# /etc/ipsec.secrets\n%s %s : PSK \"%s\"" % (_ip(), _ip(), pw)
    return t, pw, "/etc/ipsec.secrets"


@_F(_G, "wireguard-interface-private-key")
def _():
    k = _b64(32)
    t = "[Interface]\nAddress = 10.77.%d.%d/24\nPrivateKey = %s\nListenPort = 51820\n\n[Peer]\nPublicKey = %s\nAllowedIPs = 10.77.0.0/16" % (
        _ri(0, 9), _ri(2, 250), k, _b64(32))
    return t, k, "ListenPort = 51820"


@_F(_G, "flighthub-sync-json-app-secret")
def _():
    sec = _hex(32)
    t = '{\n  "organization_key": "%s",\n  "app_id": %d,\n  "app_key": "%s",\n  "app_secret": "%s",\n  "mqtt_host": "mqtt.%s"\n}' % (
        _hex(24), _ri(100000, 199999), _hex(32), sec, _dom())
    return t, sec, '"mqtt_host"'


@_F(_G, "my-cnf-client-password")
def _():
    pw = _pw("plain")
    t = "[client]\nhost=%s\nuser=wx_admin\npassword=%s\ndefault-character-set=utf8mb4" % (_host("mysql"), pw)
    return t, pw, "default-character-set=utf8mb4"


@_F(_G, "sentry-properties-auth-token")
def _():
    tok = "sntrys_" + _b64url(90)
    t = "defaults.url=https://sentry.io/\ndefaults.org=%s\ndefaults.project=map-viewer-android\nauth.token=%s" % (_org(), tok)
    return t, tok, "map-viewer-android"


@_F(_G, "rclone-conf-sftp-pass-and-webdav")
def _():
    pw = _pw("plain")
    t = "[survey-nas]\ntype = webdav\nurl = https://nas.%s/remote.php/dav/files/survey\nvendor = nextcloud\nuser = survey\npass_plain = %s" % (_dom(), pw)
    return t, pw, "vendor = nextcloud"


# ================================================================ source-code
_G = "source-code"


@_F(_G, "python-requests-params-appid")
def _():
    k = _hex(32)
    t = ('def current_weather(city):\n    r = requests.get(\n        "https://api.openweathermap.org/data/2.5/weather",\n'
         '        params={"q": city, "appid": "%s", "units": "metric"},\n        timeout=10,\n    )\n    return r.json()') % k
    return t, k, "def current_weather(city):"


@_F(_G, "python-module-constant-key")
def _():
    k = _hex(32)
    t = '# geocode/providers.py\nOPENCAGE_KEY = "%s"  # TODO: move to settings\nNOMINATIM_URL = "https://nominatim.%s/search"' % (k, _dom())
    return t, k, "geocode/providers.py"


@_F(_G, "python-psycopg2-connect-kwargs")
def _():
    pw = _pw()
    t = 'conn = psycopg2.connect(\n    host="%s",\n    dbname="survey",\n    user="field_sync",\n    password="%s",\n)\ncur = conn.cursor()' % (_host("pg"), pw)
    return t, pw, 'user="field_sync"'


@_F(_G, "python-sqlalchemy-create-engine-url")
def _():
    pw = _pw("url")
    t = 'engine = create_engine(\n    "postgresql+psycopg2://geo_etl:%s@%s:5432/landcover",\n    pool_pre_ping=True,\n)\ngdf.to_postgis("landcover_2024", engine, if_exists="replace")' % (pw, _host("pg"))
    return t, pw, "to_postgis"


@_F(_G, "python-boto3-client-inline-keys")
def _():
    sk = _aws_secret()
    t = 's3 = boto3.client(\n    "s3",\n    aws_access_key_id="%s",\n    aws_secret_access_key="%s",\n    region_name="eu-west-1",\n)' % (_aws_akid(), sk)
    return t, sk, 'region_name="eu-west-1"'


@_F(_G, "python-shconfig-client-secret-attr")
def _():
    sec = _an(40)
    t = 'config = SHConfig()\nconfig.sh_client_id = "%s"\nconfig.sh_client_secret = "%s"\nconfig.save("cdse")' % (_uuid(), sec)
    return t, sec, 'config.save("cdse")'


@_F(_G, "python-getenv-default-fallback")
def _():
    k = "PLAK" + _hex(32)
    t = 'PLANET_API_KEY = os.getenv("PLANET_API_KEY", "%s")\nauth = HTTPBasicAuth(PLANET_API_KEY, "")\nsession.auth = auth' % k
    return t, k, "HTTPBasicAuth(PLANET_API_KEY"


@_F(_G, "python-cdsapi-client-ctor-key")
def _():
    k = _uuid()
    t = 'import cdsapi\n\nc = cdsapi.Client(\n    url="https://cds.climate.copernicus.eu/api/v2",\n    key="%d:%s",\n    quiet=True,\n)' % (_ri(10000, 399999), k)
    return t, k, "import cdsapi"


@_F(_G, "python-requests-auth-tuple")
def _():
    pw = _pw()
    t = 'resp = requests.get(\n    f"https://api.meteomatics.com/{ts}/t_2m:C,precip_1h:mm/{lat},{lon}/json",\n    auth=("%s_%s", "%s"),\n)' % (_org(), _name(), pw)
    return t, pw, "precip_1h:mm"


@_F(_G, "python-ftplib-login-positional")
def _():
    pw = _pw()
    t = 'ftp = ftplib.FTP_TLS("ftp.cors.%s")\nftp.login("rinex_ro", "%s")\nftp.prot_p()\nftp.cwd(f"/rinex/{year}/{doy:03d}")' % (_dom(), pw)
    return t, pw, "rinex_ro"


@_F(_G, "python-paramiko-connect-password")
def _():
    pw = _pw()
    t = 'client = paramiko.SSHClient()\nclient.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nclient.connect("gs-%s-2", username="ops", password="%s")' % (_p(_SITES), pw)
    return t, pw, "AutoAddPolicy"


@_F(_G, "python-pymavlink-setup-signing-hex")
def _():
    k = _hex(64)
    t = 'master = mavutil.mavlink_connection("udpin:0.0.0.0:14550")\nmaster.wait_heartbeat()\nmaster.setup_signing(bytes.fromhex("%s"), sign_outgoing=True)' % k
    return t, k, "wait_heartbeat"


@_F(_G, "python-ntrip-b64encode-literal")
def _():
    pw = _pw()
    t = ('def _request(self):\n    creds = base64.b64encode(b"%s:%s").decode()\n    return (f"GET /{self.mount} HTTP/1.1\\r\\n"\n'
         '            f"Authorization: Basic {creds}\\r\\nNtrip-Version: Ntrip/2.0\\r\\n\\r\\n")') % ("rover%02d" % _ri(1, 99), pw)
    return t, pw, "Ntrip-Version: Ntrip/2.0"


@_F(_G, "django-settings-databases-dict")
def _():
    pw = _pw()
    t = ("DATABASES = {\n    'default': {\n        'ENGINE': 'django.contrib.gis.db.backends.postgis',\n        'NAME': 'geoportal',\n"
         "        'USER': 'geoportal',\n        'PASSWORD': '%s',\n        'HOST': '%s',\n    }\n}") % (pw, _host("pg"))
    return t, pw, "django.contrib.gis.db.backends.postgis"


@_F(_G, "flask-config-secret-key")
def _():
    k = _s(_ALNUM + "-_!@#%^*", 50)
    t = "class Config:\n    SQLALCHEMY_TRACK_MODIFICATIONS = False\n    SECRET_KEY = '%s'\n    TILE_CACHE_DIR = '/var/cache/tiles'" % k
    return t, k, "TILE_CACHE_DIR"


@_F(_G, "python-pyjwt-encode-hs256-secret")
def _():
    k = _s(_ALNUM, 32)
    t = 'def sign_tile_token(layer):\n    payload = {"layer": layer, "exp": time.time() + 300}\n    return jwt.encode(payload, "%s", algorithm="HS256")' % k
    return t, k, "sign_tile_token"


@_F(_G, "js-cesium-ion-default-token")
def _():
    tok = _jwt({"jti": _uuid(), "id": _ri(10000, 999999), "iat": _ri(1600000000, 1700000000)})
    t = "import * as Cesium from 'cesium';\n\nCesium.Ion.defaultAccessToken =\n  '%s';\nconst viewer = new Cesium.Viewer('cesiumContainer');" % tok
    return t, tok, "cesiumContainer"


@_F(_G, "js-leaflet-tilelayer-key-in-url")
def _():
    k = _an(20)
    t = "L.tileLayer('https://api.maptiler.com/maps/winter-v2/{z}/{x}/{y}.png?key=%s', {\n  tileSize: 512,\n  zoomOffset: -1,\n  attribution: '&copy; MapTiler &copy; OpenStreetMap contributors',\n}).addTo(map);" % k
    return t, k, "zoomOffset: -1"


@_F(_G, "js-google-maps-loader-apikey")
def _():
    k = "AIza" + _s(_B64U, 35)
    t = 'const loader = new Loader({\n  apiKey: "%s",\n  version: "weekly",\n  libraries: ["places", "geometry"],\n});' % k
    return t, k, 'version: "weekly"'


@_F(_G, "js-esriconfig-apikey")
def _():
    k = "AAPK" + _hex(32) + _s(_B64U, 64)
    t = 'import esriConfig from "@arcgis/core/config";\n\nesriConfig.apiKey = "%s";\nconst map = new Map({ basemap: "arcgis/topographic" });' % k
    return t, k, "@arcgis/core/config"


@_F(_G, "ts-fetch-headers-x-api-key")
def _():
    k = _s(_B64U, 40)
    t = ("export async function search(aoi: Polygon) {\n  const res = await fetch(`${BASE}/v2/search`, {\n    method: 'POST',\n"
         "    headers: { 'Content-Type': 'application/json', 'X-Api-Key': '%s' },\n    body: JSON.stringify({ intersects: aoi }),\n  });") % k
    return t, k, "search(aoi: Polygon)"


@_F(_G, "node-pg-pool-config")
def _():
    pw = _pw()
    t = "const pool = new Pool({\n  host: '%s',\n  database: 'routing',\n  user: 'pgr',\n  password: '%s',\n  max: 10,\n});" % (_host("pg"), pw)
    return t, pw, "database: 'routing'"


@_F(_G, "node-mongoose-connect-uri")
def _():
    pw = _pw("url")
    t = "await mongoose.connect('mongodb://tracker:%s@%s:27017/fleet?authSource=admin');\nconsole.log('connected to fleet db');" % (pw, _host("mongo"))
    return t, pw, "connected to fleet db"


@_F(_G, "go-const-api-key")
def _():
    k = _an(32)
    t = 'package windy\n\nconst (\n\tbaseURL = "https://api.windy.com/api/point-forecast/v2"\n\tapiKey  = "%s"\n)' % k
    return t, k, "package windy"


@_F(_G, "go-sql-open-dsn")
def _():
    pw = _pw()
    t = 'db, err := sql.Open("pgx", "host=%s user=gnss password=%s dbname=corrections sslmode=disable")\nif err != nil {\n\tlog.Fatal(err)\n}' % (_host("pg"), pw)
    return t, pw, "dbname=corrections"


@_F(_G, "go-http-setbasicauth")
def _():
    pw = _pw()
    t = 'req, _ := http.NewRequest("GET", casterURL+"/"+mount, nil)\nreq.Header.Set("Ntrip-Version", "Ntrip/2.0")\nreq.SetBasicAuth("base%02d", "%s")' % (_ri(1, 40), pw)
    return t, pw, "Ntrip-Version"


@_F(_G, "rust-reqwest-bearer-auth")
def _():
    tok = _an(48)
    t = 'let resp = client\n    .get(format!("{}/api/v1/observations", BASE))\n    .bearer_auth("%s")\n    .send()\n    .await?;' % tok
    return t, tok, "/api/v1/observations"


@_F(_G, "java-drivermanager-getconnection")
def _():
    pw = _pw()
    t = 'Connection c = DriverManager.getConnection(\n    "jdbc:postgresql://%s:5432/gis", "geotools", "%s");\nDataStore ds = new JDBCDataStoreFactory().createDataStore(params);' % (_host("pg"), pw)
    return t, pw, "DriverManager.getConnection"


@_F(_G, "java-params-put-passwd-geotools")
def _():
    pw = _pw()
    t = 'Map<String, Object> params = new HashMap<>();\nparams.put("dbtype", "postgis");\nparams.put("host", "%s");\nparams.put("user", "gt_app");\nparams.put("passwd", "%s");' % (_host("pg"), pw)
    return t, pw, 'params.put("dbtype", "postgis");'


@_F(_G, "kotlin-buildconfigfield-here-key")
def _():
    k = _s(_B64U, 43)
    t = 'android {\n    defaultConfig {\n        buildConfigField("String", "HERE_API_KEY", "\\"%s\\"")\n        minSdk = 24\n    }\n}' % k
    return t, k, "minSdk = 24"


@_F(_G, "swift-let-secret-token")
def _():
    tok = _mapbox_sk()
    t = 'enum Secrets {\n    static let mapboxDownloads = "%s"\n}\n// used by the offline region downloader' % tok
    return t, tok, "enum Secrets"


@_F(_G, "csharp-sqlserver-connection-string")
def _():
    pw = _pw().replace(";", ",")
    t = 'var cs = "Server=sde-sql.%s;Database=gisprod;User Id=sde_viewer;Password=%s;TrustServerCertificate=True";\nusing var conn = new SqlConnection(cs);' % (_dom(), pw)
    return t, pw, "SqlConnection(cs)"


@_F(_G, "csharp-arcgis-runtime-apikey")
def _():
    k = "AAPK" + _hex(32) + _s(_B64U, 60)
    t = 'protected override void OnStartup(StartupEventArgs e)\n{\n    ArcGISRuntimeEnvironment.ApiKey = "%s";\n    base.OnStartup(e);\n}' % k
    return t, k, "OnStartup"


@_F(_G, "c-define-wifi-credentials")
def _():
    pw = _pw()
    t = '/* config.h - weather mast logger */\n#define WIFI_SSID "MetMast-%d"\n#define WIFI_PASS "%s"\n#define UPLOAD_INTERVAL_S 300' % (_ri(1, 40), pw)
    return t, pw, "UPLOAD_INTERVAL_S"


@_F(_G, "arduino-const-char-station-password")
def _():
    pw = _pw()
    t = 'const char* wuStationId = "I%s%d";\nconst char* wuPassword  = "%s";\nconst char* wuServer    = "weatherstation.wunderground.com";' % (
        _p(["OSLO", "ALTA", "BODO"]), _ri(1, 99), pw)
    return t, pw, "wuServer"


@_F(_G, "cpp-telecommand-auth-key-hex")
def _():
    k = _hex(64)
    t = '// sdls_keys.hpp -- TODO load from HSM before flight\nnamespace sdls {\nconstexpr const char* kTcAuthKeyHex = "%s";\nconstexpr uint16_t kSpi = 0x%04x;\n}' % (k, _ri(1, 65535))
    return t, k, "namespace sdls"


@_F(_G, "c-uint8-aes-key-array")
def _():
    b = ", ".join("0x%02x" % x for x in _rbytes(16))
    t = "/* downlink frame encryption (AES-128) */\nstatic const uint8_t TM_AES_KEY[16] = { %s };" % b
    return t, b, "TM_AES_KEY[16]"


@_F(_G, "r-sys-setenv-earthdata")
def _():
    pw = _pw()
    t = 'library(earthdatalogin)\nSys.setenv(EARTHDATA_USER = "%s", EARTHDATA_PASSWORD = "%s")\nedl_netrc()' % (_name() + _dig(2), pw)
    return t, pw, "library(earthdatalogin)"


@_F(_G, "r-ecmwfr-wf-set-key")
def _():
    k = _hex(32)
    t = 'library(ecmwfr)\nwf_set_key(user = "%s@%s", key = "%s", service = "webapi")' % (_name(), _dom(), k)
    return t, k, "library(ecmwfr)"


@_F(_G, "matlab-weboptions-header-token")
def _():
    tok = _s(_LOW + _UPP, 32)
    t = "opts = weboptions('HeaderFields', {'token', '%s'}, 'Timeout', 30);\ndata = webread('https://www.ncei.noaa.gov/cdo-web/api/v2/data', 'datasetid', 'GHCND', opts);" % tok
    return t, tok, "GHCND"


@_F(_G, "bash-script-variable-password")
def _():
    pw = _pw()
    t = '#!/usr/bin/env bash\nset -euo pipefail\nCASTER=caster.%s\nNTRIP_USER=base%02d\nNTRIP_PASS="%s"\nstr2str -in serial://ttyUSB0 -out ntrips://:$NTRIP_PASS@$CASTER:2101/%s' % (
        _dom(), _ri(1, 40), pw, _p(_MOUNTS))
    return t, pw, "set -euo pipefail"


@_F(_G, "powershell-convertto-securestring")
def _():
    pw = _pw()
    t = '$pw = ConvertTo-SecureString "%s" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ("GIS\\svc_publish", $pw)\nInvoke-Command -ComputerName ags01 -Credential $cred -ScriptBlock { Restart-Service ArcGISServer }' % pw
    return t, pw, "Restart-Service ArcGISServer"


@_F(_G, "sql-insert-api-client-secret")
def _():
    sec = _hex(48)
    t = "-- V12__seed_clients.sql\nINSERT INTO api_clients (name, client_id, client_secret, scopes)\nVALUES ('eo-portal', '%s', '%s', '{tiles:read,stac:read}');" % (_uuid(), sec)
    return t, sec, "V12__seed_clients.sql"


@_F(_G, "sql-migration-create-role-password")
def _():
    pw = _pw()
    t = "-- 004_roles.sql\nCREATE ROLE tile_reader LOGIN PASSWORD '%s';\nGRANT USAGE ON SCHEMA tiles TO tile_reader;" % pw
    return t, pw, "004_roles.sql"


@_F(_G, "ipynb-cell-source-json")
def _():
    k = _s(_ALNUM, 32)
    t = ('   "cell_type": "code",\n   "source": [\n    "import meteostat, requests\\n",\n    "HEADERS = {\\"x-rapidapi-key\\": \\"%s\\"}\\n",\n'
         '    "stations = requests.get(URL, headers=HEADERS).json()"\n   ]') % k
    return t, k, '"cell_type": "code"'


@_F(_G, "python-conftest-token-todo")
def _():
    tok = "dapi" + _hex(32)
    t = '# conftest.py\nDATABRICKS_HOST = "https://adb-%s.azuredatabricks.net"\nDATABRICKS_TOKEN = "%s"  # TODO pull from key vault in CI' % (_dig(16), tok)
    return t, tok, "conftest.py"


@_F(_G, "php-geocoder-api-key-var")
def _():
    k = "pk." + _hex(32)
    t = "<?php\n$apiKey = '%s';\n$url = \"https://eu1.locationiq.com/v1/search?key={$apiKey}&q=\" . urlencode($address) . \"&format=json\";" % k
    return t, k, "urlencode($address)"


@_F(_G, "ruby-geocoder-configure")
def _():
    k = _s(_B64U, 64)
    t = "Geocoder.configure(\n  lookup: :bing,\n  api_key: \"%s\",\n  timeout: 5,\n  units: :km\n)" % k
    return t, k, "lookup: :bing"


@_F(_G, "perl-dbi-connect-password")
def _():
    pw = _pw().replace("@", "#").replace("$", "%")
    t = 'my $dbh = DBI->connect("dbi:Pg:dbname=gnss;host=%s", "obs_loader", \'%s\', { RaiseError => 1 });' % (_host("pg"), pw)
    return t, pw, "obs_loader"


@_F(_G, "lua-openresty-set-header-bearer")
def _():
    tok = _an(40)
    t = 'access_by_lua_block {\n    ngx.req.set_header("Authorization", "Bearer %s")\n}\nproxy_pass https://api.%s/tiles;' % (tok, _dom())
    return t, tok, "access_by_lua_block"


@_F(_G, "python-dataclass-default-password")
def _():
    pw = _pw()
    t = '@dataclass\nclass CasterConfig:\n    host: str = "caster.%s"\n    port: int = 2101\n    user: str = "rover"\n    password: str = "%s"' % (_dom(), pw)
    return t, pw, "class CasterConfig"


@_F(_G, "python-oauth-password-grant-cdse")
def _():
    pw = _pw()
    t = ('data = {\n    "client_id": "cdse-public",\n    "grant_type": "password",\n    "username": "%s@%s",\n    "password": "%s",\n}\n'
         'token = requests.post(TOKEN_URL, data=data).json()["access_token"]') % (_name(), _dom(), pw)
    return t, pw, "cdse-public"


@_F(_G, "python-satnogs-token-header")
def _():
    tok = _hex(40)
    t = "SATNOGS_DB = 'https://db.satnogs.org/api'\nheaders = {'Authorization': 'Token %s'}\nr = requests.get(f'{SATNOGS_DB}/telemetry/', params={'satellite': norad}, headers=headers)" % tok
    return t, tok, "SATNOGS_DB"


@_F(_G, "python-spacetrack-client-ctor")
def _():
    pw = _pw()
    t = "from spacetrack import SpaceTrackClient\n\nst = SpaceTrackClient(identity='%s@%s', password='%s')\ntle = st.gp(norad_cat_id=[%d], format='tle')" % (
        _name(), _dom(), pw, _ri(20000, 60000))
    return t, pw, "SpaceTrackClient"


@_F(_G, "python-eumdac-accesstoken-tuple")
def _():
    sec = _s(_ALNUM + "_", 28)
    t = 'import eumdac\ncredentials = ("%s", "%s")\ntoken = eumdac.AccessToken(credentials)\ndatastore = eumdac.DataStore(token)' % (_s(_ALNUM + "_", 28), sec)
    return t, sec, "eumdac.DataStore(token)"


@_F(_G, "go-struct-literal-apikey")
def _():
    k = _s(_UPP + _DIG, 25)
    t = 'client := visualcrossing.NewClient(visualcrossing.Config{\n\tAPIKey:  "%s",\n\tUnitGroup: "metric",\n\tTimeout: 10 * time.Second,\n})' % k
    return t, k, 'UnitGroup: "metric"'


@_F(_G, "java-value-annotation-default")
def _():
    k = _s(_LOW + _DIG, 32)
    t = '@Value("${accuweather.api-key:%s}")\nprivate String apiKey;\n\n@Value("${accuweather.base-url}")\nprivate String baseUrl;' % k
    return t, k, "accuweather.base-url"


@_F(_G, "js-axios-auth-object")
def _():
    pw = _pw()
    t = "const { data } = await axios.get(`${GS}/rest/layers.json`, {\n  auth: { username: 'admin', password: '%s' },\n});" % pw
    return t, pw, "rest/layers.json"


@_F(_G, "dart-const-tomtom-key")
def _():
    k = _an(32)
    t = "// lib/config.dart\nconst String tomtomKey = '%s';\nconst double defaultZoom = 13.5;" % k
    return t, k, "lib/config.dart"


@_F(_G, "scala-spark-jdbc-option-password")
def _():
    pw = _pw()
    t = 'val parcels = spark.read.format("jdbc")\n  .option("url", "jdbc:postgresql://%s/cadastre")\n  .option("dbtable", "parcels")\n  .option("user", "spark")\n  .option("password", "%s")\n  .load()' % (_host("pg"), pw)
    return t, pw, 'spark.read.format("jdbc")'


@_F(_G, "python-rasterio-env-aws-secret")
def _():
    sk = _aws_secret()
    t = 'with rasterio.Env(AWS_ACCESS_KEY_ID="%s", AWS_SECRET_ACCESS_KEY="%s", AWS_REQUEST_PAYER="requester"):\n    with rasterio.open(url) as src:\n        arr = src.read(1, window=win)' % (_aws_akid(), sk)
    return t, sk, "AWS_REQUEST_PAYER"


@_F(_G, "python-gdal-setconfigoption-secret")
def _():
    sk = _s(_ALNUM + "/+", 40)
    t = 'gdal.SetConfigOption("GS_ACCESS_KEY_ID", "GOOG1E%s")\ngdal.SetConfigOption("GS_SECRET_ACCESS_KEY", "%s")\nds = gdal.Open("/vsigs/%s-dem/glo30.vrt")' % (_anu(20), sk, _org())
    return t, sk, "GS_ACCESS_KEY_ID"


@_F(_G, "python-owslib-wms-credentials")
def _():
    pw = _pw()
    t = 'wms = WebMapService(\n    "https://wms.%s/geoserver/ows",\n    version="1.3.0",\n    username="partner_%s",\n    password="%s",\n)' % (_dom(), _org().replace("-", "_"), pw)
    return t, pw, 'version="1.3.0"'


@_F(_G, "python-arcgis-gis-positional")
def _():
    pw = _pw()
    t = 'from arcgis.gis import GIS\ngis = GIS("https://portal.%s/portal", "gis_admin", "%s", verify_cert=False)\nprint(gis.users.me.username)' % (_dom(), pw)
    return t, pw, "from arcgis.gis import GIS"


# ================================================================ stack-trace-or-log
_G = "stack-trace-or-log"


@_F(_G, "python-traceback-rich-locals-password")
def _():
    pw = _pw()
    t = ('Traceback (most recent call last):\n  File "/app/ingest/pg.py", line 42, in connect\n    return psycopg2.connect(**params)\n'
         '    \u256d\u2500\u2500\u2500 locals \u2500\u2500\u2500\u256e\n    \u2502 params = {\'host\': \'%s\', \'user\': \'ingest\', \'password\': \'%s\'} \u2502\n'
         'psycopg2.OperationalError: connection to server failed: timeout expired') % (_host("pg"), pw)
    return t, pw, "psycopg2.OperationalError"


@_F(_G, "java-psqlexception-jdbc-url-password")
def _():
    pw = _pw("url")
    t = ("org.postgresql.util.PSQLException: Connection to %s:5432 refused. url=jdbc:postgresql://%s:5432/gis?user=geoserver&password=%s\n"
         "\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:319)\n"
         "\tat org.geotools.jdbc.JDBCDataStoreFactory.createDataStore(JDBCDataStoreFactory.java:412)") % ((_host("pg"),) * 2 + (pw,))
    return t, pw, "ConnectionFactoryImpl.java:319"


@_F(_G, "nginx-access-log-apikey-query")
def _():
    k = _hex(32)
    t = '%s - - [%02d/Jun/2024:%02d:%02d:%02d +0000] "GET /v1/geocode?text=%s&apiKey=%s HTTP/1.1" 200 1843 "-" "python-requests/2.31.0"' % (
        _ip(), _ri(1, 28), _ri(0, 23), _ri(0, 59), _ri(0, 59), _p(_CITIES), k)
    return t, k, "python-requests/2.31.0"


@_F(_G, "apache-access-log-access-token-param")
def _():
    tok = _mapbox_sk()
    t = '%s - - [%02d/Mar/2024:%02d:%02d:%02d +0100] "GET /styles/v1/%s/outdoors/tiles/256/12/2170/1190?access_token=%s HTTP/1.1" 200 24110' % (
        _ip(), _ri(1, 28), _ri(0, 23), _ri(0, 59), _ri(0, 59), _name(), tok)
    return t, tok, "/styles/v1/"


@_F(_G, "geoserver-log-connection-params-map")
def _():
    pw = _pw()
    t = ("%s INFO [geotools.jdbc] - Creating datastore with params {dbtype=postgis, host=%s, port=5432, database=hydro, "
         "schema=public, user=gs_hydro, passwd=%s, Expose primary keys=true}") % (_ts().replace("T", " "), _host("pg"), pw)
    return t, pw, "geotools.jdbc"


@_F(_G, "tomcat-catalina-command-line-argument")
def _():
    pw = _pw("plain")
    t = ("%s INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Djavax.net.ssl.trustStore=/opt/certs/truststore.jks\n"
         "%s INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: -Djavax.net.ssl.trustStorePassword=%s") % (
        _ts(), _ts(), pw)
    return t, pw, "VersionLoggerListener"


@_F(_G, "python-debug-log-request-headers-dict")
def _():
    tok = _jwt({"sub": _name(), "scope": "flights:write", "exp": _ri(1700000000, 1800000000)}, "RS256")
    t = "%s DEBUG dronehub.api: POST /v2/flights headers={'Content-Type': 'application/json', 'Authorization': 'Bearer %s'}" % (_ts(), tok)
    return t, tok, "dronehub.api"


@_F(_G, "urllib3-http-client-send-debug")
def _():
    pw = _pw()
    enc = _rfc_b64_userpass("wxapi", pw)
    t = "send: b'GET /now/t_2m:C/59.91,10.75/json HTTP/1.1\\r\\nHost: api.meteomatics.com\\r\\nAuthorization: Basic %s\\r\\nAccept: */*\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'" % enc
    return t, enc, "reply: 'HTTP/1.1 200 OK"


@_F(_G, "http-client-reply-set-cookie-header")
def _():
    c = _b64url(32)
    t = "reply: 'HTTP/1.1 200 OK\\r\\n'\nheader: Content-Type: application/json\nheader: Set-Cookie: eo_session=%s; Path=/; Secure; HttpOnly; SameSite=Lax" % c
    return t, c, "SameSite=Lax"


@_F(_G, "pod-log-redis-url-connection-error")
def _():
    pw = _pw("url")
    t = "%s ERROR tile-renderer: Error: connect ETIMEDOUT redis://:%s@tilecache.tiles.svc:6379/0\n    at RedisClient.connect (node_modules/redis/dist/index.js:112:19)" % (_tsz(), pw)
    return t, pw, "RedisClient.connect"


@_F(_G, "app-log-amqp-broker-url")
def _():
    pw = _pw("url")
    t = "[%s: INFO/MainProcess] eo-worker starting, broker=amqp://eo_worker:%s@rabbit.%s:5672/eo, queues=[l2a, cog, thumbnails]" % (_ts(), pw, _dom())
    return t, pw, "queues=[l2a, cog, thumbnails]"


@_F(_G, "airflow-task-log-bash-command")
def _():
    pw = _pw()
    t = ("[%s] {subprocess.py:93} INFO - Running command: ['/usr/bin/bash', '-c', \"curl -fsS -u harvester:%s https://opendata.%s/api/3/action/package_search?q=dem\"]\n"
         "[%s] {subprocess.py:97} INFO - Output:") % (_ts(), pw, _dom(), _ts())
    return t, pw, "subprocess.py:93"


@_F(_G, "journald-ntrip-client-connect-line")
def _():
    pw = _pw("plain")
    t = "%s rtkbase ntrip-client[%d]: connecting to %s:2101 mount=%s user=rover%02d pass=%s" % (
        _p(["Jun 11", "Jul 02", "Aug 19", "Sep 30"]) + " %02d:%02d:%02d" % (_ri(0, 23), _ri(0, 59), _ri(0, 59)), _ri(200, 9000), _host("caster"), _p(_MOUNTS), _ri(1, 60), pw)
    return t, pw, "rtkbase ntrip-client"


@_F(_G, "sudo-syslog-command-with-password")
def _():
    pw = _pw("plain")
    t = "%s wxdb01 sudo:   ops : TTY=pts/1 ; PWD=/home/ops ; USER=root ; COMMAND=/usr/bin/mysql -u root -p%s -e SHOW PROCESSLIST" % (
        _p(["Jan  4", "Feb 17", "Oct  9", "Nov 23"]) + " %02d:%02d:%02d" % (_ri(0, 23), _ri(0, 59), _ri(0, 59)), pw)
    return t, pw, "TTY=pts/1"


@_F(_G, "bash-xtrace-curl-bearer")
def _():
    tok = "hf_" + _s(_ALNUM, 34)
    t = "+ MODEL=%s/prithvi-flood-%d\n+ curl -sSL -H 'Authorization: Bearer %s' https://huggingface.co/$MODEL/resolve/main/weights.pt -o weights.pt" % (_org(), _ri(1, 9), tok)
    return t, tok, "weights.pt"


@_F(_G, "make-echo-docker-build-arg")
def _():
    k = _an(20)
    t = "docker build --build-arg MAPTILER_KEY=%s --build-arg STYLE=streets-v2 -t tiles/renderer:%s .\n#1 [internal] load build definition from Dockerfile" % (k, _hex(7))
    return t, k, "load build definition from Dockerfile"


@_F(_G, "json-structured-log-api-key-field")
def _():
    k = _s(_LOW + _DIG, 32)
    t = '{"ts":"%s","level":"warn","svc":"wx-gateway","msg":"upstream 429","provider":"accuweather","api_key":"%s","retry_in":30}' % (_tsz(), k)
    return t, k, '"svc":"wx-gateway"'


@_F(_G, "logfmt-upstream-url-key")
def _():
    k = _s(_B64U, 64)
    t = 'time=%s level=debug msg="upstream request" url="https://dev.virtualearth.net/REST/v1/Locations?q=%s&key=%s" status=200 dur=142ms' % (_tsz(), _p(_CITIES), k)
    return t, k, 'msg="upstream request"'


@_F(_G, "drone-sync-log-app-secret")
def _():
    sec = _hex(32)
    t = "%s INFO  dji_sync.auth: refreshing cloud token app_id=%d app_secret=%s region=eu" % (_ts(), _ri(100000, 199999), sec)
    return t, sec, "dji_sync.auth"


@_F(_G, "mission-control-link-key-warning")
def _():
    k = _HEX(64)
    t = "%s WARNING [yamcs-server] TcUplinkSecure: link UHF_TC_%s configured with static key=%s (no HSM available)" % (_ts(), _p(_SATS).split("-")[0], k)
    return t, k, "TcUplinkSecure"


@_F(_G, "satnogs-client-upload-headers-log")
def _():
    tok = _hex(40)
    t = "%s - satnogsclient - DEBUG - Uploading observation %d to network, headers={'Authorization': 'Token %s'}" % (_ts(), _ri(1000000, 9999999), tok)
    return t, tok, "satnogsclient"


@_F(_G, "weewx-restx-wunderground-url-password")
def _():
    pw = _pw("url")
    t = ("weewx[%d] ERROR weewx.restx: Wunderground-PWS: Failed upload attempt 1: HTTP Error 401\n"
         "weewx[%d] DEBUG weewx.restx: url: https://weatherstation.wunderground.com/weatherstation/updateweatherstation.php?ID=IVEST%d&PASSWORD=%s&dateutc=now&tempf=%.1f") % (
        _ri(100, 9999), _ri(100, 9999), _ri(1, 99), pw, _R.uniform(20, 80))
    return t, pw, "Wunderground-PWS"


@_F(_G, "axios-error-dump-config-auth")
def _():
    pw = _pw()
    t = ("AxiosError: Request failed with status code 503\n    at settle (node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n"
         "    url: 'https://%s/geoserver/rest/reload',\n    method: 'post',\n    auth: { username: 'admin', password: '%s' },\n    timeout: 0") % (_host("geoserver"), pw)
    return t, pw, "settle.js:19:12"


@_F(_G, "axios-error-dump-authorization-header")
def _():
    tok = _an(40)
    t = ("AxiosError: timeout of 10000ms exceeded\n  code: 'ECONNABORTED',\n  config: {\n    headers: Object [AxiosHeaders] {\n"
         "      Accept: 'application/json',\n      Authorization: 'Bearer %s',\n      'User-Agent': 'axios/1.6.7'") % tok
    return t, tok, "ECONNABORTED"


@_F(_G, "go-panic-dsn-in-message")
def _():
    pw = _pw("url")
    t = 'panic: dial tcp: lookup db.tiles.internal: no such host (dsn="postgres://tiles:%s@db.tiles.internal:5432/tiles")\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/tileserver/main.go:58 +0x2a5' % pw
    return t, pw, "goroutine 1 [running]"


@_F(_G, "rust-error-debug-redis-url")
def _():
    pw = _pw("url")
    t = 'Error: Pool(Backend(Redis(Io(Os { code: 111, kind: ConnectionRefused })), url: "redis://default:%s@cache.%s:6379"))' % (pw, _dom())
    return t, pw, "ConnectionRefused"


@_F(_G, "hikari-debug-jdbc-url-password")
def _():
    pw = _pw("url")
    t = "%s DEBUG 1 --- [main] com.zaxxer.hikari.HikariConfig : jdbcUrl.........................jdbc:postgresql://%s:5432/stations?user=wx&password=%s" % (_ts(), _host("pg"), pw)
    return t, pw, "com.zaxxer.hikari.HikariConfig"


@_F(_G, "php-pdo-stack-trace-args")
def _():
    pw = _pw()
    t = ("PHP Fatal error:  Uncaught PDOException: SQLSTATE[08006] [7] could not connect to server in /var/www/geoportal/lib/db.php:12\n"
         "Stack trace:\n#0 /var/www/geoportal/lib/db.php(12): PDO->__construct('pgsql:host=%s;dbname=portal', 'portal', '%s')\n#1 {main}") % (_host("pg"), pw)
    return t, pw, "Uncaught PDOException"


@_F(_G, "python-log-loaded-config-dict")
def _():
    pw = _pw()
    t = "%s INFO rtk_relay: loaded config: {'ntrip': {'host': '%s', 'port': 2101, 'user': 'relay', 'password': '%s', 'mount': '%s'}}" % (
        _ts(), _host("caster"), pw, _p(_MOUNTS))
    return t, pw, "rtk_relay: loaded config"


@_F(_G, "pytest-showlocals-api-key")
def _():
    k = _hex(32)
    t = ("client     = <wxlib.Client object at 0x7f%s>\napi_key    = '%s'\ncity       = '%s'\n\ntests/test_live.py:18: HTTPError") % (_hex(10), k, _p(_CITIES))
    return t, k, "tests/test_live.py:18"


@_F(_G, "squid-access-log-token-url")
def _():
    tok = _an(40)
    t = "%d.%03d    %d %s TCP_MISS/200 18233 GET https://tiles.%s/v3/%d/%d/%d.pbf?token=%s - HIER_DIRECT/%s application/x-protobuf" % (
        _ri(1700000000, 1720000000), _ri(0, 999), _ri(20, 900), _ip(), _dom(), _ri(5, 14), _ri(0, 9999), _ri(0, 9999), tok, _ip())
    return t, tok, "TCP_MISS/200"


@_F(_G, "s3-server-access-log-presigned")
def _():
    sig = _hex(64)
    t = ('%s %s-scenes [%02d/May/2024:%02d:%02d:%02d +0000] %s - %s REST.GET.OBJECT L2A/T33WXR/B04.tif "GET /L2A/T33WXR/B04.tif?X-Amz-Algorithm=AWS4-HMAC-SHA256'
         '&X-Amz-Credential=%s%%2F20240514%%2Feu-north-1%%2Fs3%%2Faws4_request&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=%s HTTP/1.1" 200') % (
        _hex(64), _org(), _ri(1, 28), _ri(0, 23), _ri(0, 59), _ri(0, 59), _ip(), _anu(16), _aws_akid(), sig)
    return t, sig, "REST.GET.OBJECT"


@_F(_G, "gcs-signed-url-in-app-log")
def _():
    sig = _hex(512)
    t = "%s INFO export: download link https://storage.googleapis.com/%s-exports/job_%d.zip?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=86400&X-Goog-SignedHeaders=host&X-Goog-Signature=%s" % (
        _ts(), _org(), _ri(1000, 99999), sig)
    return t, sig, "export: download link"


@_F(_G, "azure-sas-url-in-log")
def _():
    sig = _azure_sig()
    t = "%s [INFO] uploader: PUT https://%seo.blob.core.windows.net/cogs/%s.tif?%s -> 201" % (_ts(), _org().replace("-", ""), _anu(10), _sas(sig))
    return t, sig, "uploader: PUT"


@_F(_G, "arcgis-server-log-token-in-url")
def _():
    tok = _s(_B64U, 96) + "."
    t = '<Msg time="%s" type="WARNING" code="9003" source="Rest" process="%d" thread="%d" methodName="" machine="AGS01" user="" elapsed="">Unable to process request. /rest/services/Hydro/MapServer/export?bbox=...&token=%s</Msg>' % (
        _ts(), _ri(1000, 9999), _ri(10, 99), tok)
    return t, tok, 'code="9003"'


@_F(_G, "geowebcache-seed-log-authkey")
def _():
    k = _uuid()
    t = "%s INFO [seed.SeedTask] - Thread 3 requesting https://gs.%s/geoserver/wms?SERVICE=WMS&REQUEST=GetMap&LAYERS=ortho&authkey=%s&BBOX=..." % (_ts(), _dom(), k)
    return t, k, "seed.SeedTask"


@_F(_G, "mapproxy-source-request-log-apikey")
def _():
    k = _hex(32)
    t = "[%s] mapproxy.source.request - INFO - GET https://maps.geoapify.com/v1/tile/osm-carto/%d/%d/%d.png?apiKey=%s 200 41.2 0.118" % (
        _ts(), _ri(5, 15), _ri(0, 9999), _ri(0, 9999), k)
    return t, k, "mapproxy.source.request"


@_F(_G, "kafka-connect-config-dump-password")
def _():
    pw = _pw()
    t = "[%s] INFO JdbcSinkConfig values:\n\tauto.create = true\n\tconnection.password = %s\n\tconnection.url = jdbc:postgresql://%s:5432/telemetry\n\tconnection.user = kc_sink" % (
        _ts(), pw, _host("pg"))
    return t, pw, "JdbcSinkConfig values"


@_F(_G, "postgres-log-statement-alter-user")
def _():
    pw = _pw()
    t = "%s UTC [%d] postgres@gis LOG:  statement: ALTER USER tiler WITH PASSWORD '%s';" % (_ts().replace("T", " "), _ri(1000, 99999), pw)
    return t, pw, "postgres@gis LOG"


@_F(_G, "mysql-general-log-grant-identified")
def _():
    pw = _pw()
    t = "%sZ\t   %d Query\tGRANT ALL PRIVILEGES ON wx.* TO 'wx_app'@'10.%%' IDENTIFIED BY '%s'" % (_ts(), _ri(10, 999), pw)
    return t, pw, "GRANT ALL PRIVILEGES"


@_F(_G, "ansible-fatal-cmd-with-password")
def _():
    pw = _pw()
    t = 'fatal: [gs-%s-02]: FAILED! => {"changed": true, "cmd": ["/opt/yamcs/bin/yamcsadmin", "users", "create", "fdops", "--password", "%s"], "rc": 1, "stderr": "user exists"}' % (
        _p(_SITES), pw)
    return t, pw, "yamcsadmin"


@_F(_G, "mqtt-client-connect-log-url")
def _():
    pw = _pw("url")
    t = "%s [mqtt] connecting to mqtts://wxstation%02d:%s@broker.%s:8883 (client_id=aws-%s)" % (_ts(), _ri(1, 99), pw, _dom(), _hex(6))
    return t, pw, "[mqtt] connecting"


@_F(_G, "dotnet-sqlexception-connection-string")
def _():
    pw = _pw().replace(";", ",")
    t = ("System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'sde_edit'.\n   at GisSync.Db.Open() in C:\\src\\GisSync\\Db.cs:line 27\n"
         "ConnectionString: Server=sde-sql.%s;Database=gisprod;User Id=sde_edit;Password=%s;") % (_dom(), pw)
    return t, pw, "Login failed for user"


@_F(_G, "firms-map-key-in-path-log")
def _():
    k = _hex(32)
    t = "%s INFO fire_watch: fetching https://firms.modaps.eosdis.nasa.gov/api/area/csv/%s/VIIRS_SNPP_NRT/-10,35,30,70/1 -> 200 (%d rows)" % (_ts(), k, _ri(10, 4000))
    return t, k, "VIIRS_SNPP_NRT"


@_F(_G, "openweather-401-log-appid")
def _():
    k = _hex(32)
    t = '%s WARN forecast: GET https://api.openweathermap.org/data/3.0/onecall?lat=69.65&lon=18.96&appid=%s -> 401 {"cod":401, "message": "Invalid API key."}' % (_ts(), k)
    return t, k, "Invalid API key"


@_F(_G, "noaa-cdo-request-header-log")
def _():
    tok = _s(_LOW + _UPP, 32)
    t = "DEBUG cdo: GET /cdo-web/api/v2/data?datasetid=GHCND&stationid=GHCND:%s\nDEBUG cdo: request headers: {'token': '%s', 'User-Agent': 'climate-etl/0.4'}" % (_anu(11), tok)
    return t, tok, "climate-etl/0.4"


@_F(_G, "meteomatics-userinfo-url-log")
def _():
    pw = _pw("url")
    t = "%s ERROR wx_ingest: request to https://%s_%s:%s@api.meteomatics.com/%sZ/t_2m:C/%.2f,%.2f/json failed: 403 Forbidden" % (
        _ts(), _org(), _name(), pw, _ts(), _R.uniform(50, 70), _R.uniform(0, 30))
    return t, pw, "403 Forbidden"


@_F(_G, "w3w-api-call-log-key")
def _():
    k = _anu(8)
    t = "%s INFO addr: GET https://api.what3words.com/v3/convert-to-coordinates?words=filled.count.soap&key=%s -> 200" % (_ts(), k)
    return t, k, "convert-to-coordinates"


@_F(_G, "gdal-cpl-debug-sas-fetch")
def _():
    sig = _azure_sig()
    t = "HTTP: libcurl/8.5.0 OpenSSL/3.0.13 zlib/1.3\nHTTP: Fetch(https://%seo.blob.core.windows.net/dem/dtm10.tif?%s)\nHTTP: GDAL_HTTP_MAX_RETRY=3" % (
        _org().replace("-", ""), _sas(sig))
    return t, sig, "GDAL_HTTP_MAX_RETRY=3"


@_F(_G, "container-entrypoint-env-echo")
def _():
    pw = _pw("plain")
    t = "%s starting ntrip-relay with NTRIP_CASTER=%s NTRIP_MOUNT=%s NTRIP_USER=relay NTRIP_PASSWORD=%s" % (_tsz(), _host("caster"), _p(_MOUNTS), pw)
    return t, pw, "starting ntrip-relay"


@_F(_G, "dji-sdk-register-app-key-log")
def _():
    k = _hex(24)
    t = "%s I/DJISDK: registerApp called, appKey=%s, package=com.%s.survey\n%s I/DJISDK: onRegister result=SUCCESS" % (_ts(), k, _org().replace("-", ""), _ts())
    return t, k, "onRegister result=SUCCESS"


@_F(_G, "spacetrack-debug-login-log")
def _():
    pw = _pw()
    t = "%s DEBUG tle_sync: authenticating to space-track as %s@%s with password '%s'" % (_ts(), _name(), _dom(), pw)
    return t, pw, "tle_sync"


@_F(_G, "oauth-debug-refresh-token-response")
def _():
    tok = _jwt({"typ": "Refresh", "sub": _uuid(), "azp": "cdse-public", "exp": _ri(1700000000, 1800000000)}, "HS256")
    t = '%s DEBUG oauthlib: token response {"token_type": "Bearer", "expires_in": 600, "refresh_expires_in": 3600, "refresh_token": "%s"}' % (_ts(), tok)
    return t, tok, "refresh_expires_in"


@_F(_G, "eumetsat-basic-auth-token-request-log")
def _():
    enc = _b64s(_s(_ALNUM + "_", 28) + ":" + _s(_ALNUM + "_", 28))
    t = "%s DEBUG eumdac: POST https://api.eumetsat.int/token grant_type=client_credentials Authorization: Basic %s" % (_ts(), enc)
    return t, enc, "grant_type=client_credentials"


@_F(_G, "slack-webhook-url-in-alert-log")
def _():
    tail = _an(24)
    t = "%s INFO alerting: posting pass-failure alert to https://hooks.slack.com/services/T%s/B%s/%s" % (_ts(), _anu(8), _anu(10), tail)
    return t, tail, "pass-failure alert"


@_F(_G, "discord-webhook-url-in-log")
def _():
    tail = _s(_B64U, 68)
    t = "%s WARN storm-bot: webhook https://discord.com/api/webhooks/%s/%s returned 429, retrying" % (_ts(), _dig(19), tail)
    return t, tail, "storm-bot"


@_F(_G, "celery-style-masked-and-unmasked-mix")
def _():
    pw = _pw("url")
    t = "[config]\n.> app:         eo_tasks:0x7f%s\n.> transport:   redis://:%s@redis.%s:6379/1\n.> results:     disabled://" % (_hex(8), pw, _dom())
    return t, pw, ".> results:     disabled://"


@_F(_G, "cloud-init-log-chpasswd-echo")
def _():
    pw = _pw("plain")
    t = "%s - cc_set_passwords.py[DEBUG]: Changing password for ['ops']\n%s - subp.py[DEBUG]: Running command ['chpasswd'] with stdin 'ops:%s'" % (_ts(), _ts(), pw)
    return t, pw, "cc_set_passwords.py"



@_F(_G, "qgis-server-log-wms-password-param")
def _():
    pw = _pw("url")
    t = "%s [%d] QGIS Server: Request URL: /ows/?MAP=/srv/projects/hydro.qgs&SERVICE=WMS&REQUEST=GetCapabilities&USER=partner&PASSWORD=%s" % (_ts(), _ri(100, 9999), pw)
    return t, pw, "QGIS Server: Request URL"


@_F(_G, "node-unhandled-rejection-mongo-uri")
def _():
    pw = _pw("url")
    t = "(node:%d) UnhandledPromiseRejectionWarning: MongoServerSelectionError: connection timed out\n    uri: 'mongodb://telemetry:%s@mongo-0.fleet.svc:27017/telemetry'" % (_ri(100, 9999), pw)
    return t, pw, "MongoServerSelectionError"


@_F(_G, "gunicorn-access-log-session-cookie")
def _():
    c = _hex(40)
    t = '%s - - [%02d/Apr/2024:%02d:%02d:%02d +0000] "GET /admin/layers/ HTTP/1.1" 200 5123 "-" "Mozilla/5.0" cookie="csrftoken=abc; sessionid=%s"' % (
        _ip(), _ri(1, 28), _ri(0, 23), _ri(0, 59), _ri(0, 59), c)
    return t, c, "GET /admin/layers/"


@_F(_G, "uav-companion-log-telemetry-key")
def _():
    k = _an(32)
    t = "%s [telemetry-uplink] INFO posting batch of %d frames to https://ingest.%s/v1/frames (X-Device-Key: %s)" % (_ts(), _ri(10, 500), _dom(), k)
    return t, k, "telemetry-uplink"


@_F(_G, "powershell-transcript-credential")
def _():
    pw = _pw()
    t = "**********************\nPS C:\\gis> .\\Publish-Services.ps1 -Portal https://portal.%s -User gis_admin -Password '%s'\nPublishing 14 services..." % (_dom(), pw)
    return t, pw, "Publish-Services.ps1"


# ================================================================ note-or-chat
_G = "note-or-chat"


@_F(_G, "slack-thread-handover-password")
def _():
    pw = _pw()
    site = _p(_SITES)
    t = "%s  %s\n@oncall handing over %s GS ops for the weekend. rotator controller web UI is admin / %s -- please don't change it until Monday, the vendor is remoting in." % (
        _p(["09:14", "17:52", "22:03"]), _fullname(), site, pw)
    return t, pw, site


@_F(_G, "norwegian-note-ntrip-login")
def _():
    pw = _pw()
    t = "Innlogging til NTRIP-casteren (%s): bruker rover%02d, passord %s. Husk at mountpoint er %s." % (_host("caster"), _ri(1, 60), pw, _p(_MOUNTS))
    return t, pw, "Innlogging til NTRIP-casteren"


@_F(_G, "german-chat-geoserver-zugangsdaten")
def _():
    pw = _pw()
    t = "%s: Zugangsdaten für den GeoServer auf %s -- Benutzer: admin, Passwort: %s (bitte nach dem Workshop ändern)" % (_fullname(), _host("geoserver"), pw)
    return t, pw, "Zugangsdaten"


@_F(_G, "french-chat-mot-de-passe-copernicus")
def _():
    pw = _pw()
    t = "%s : le mot de passe du compte Copernicus de l'équipe c'est %s, ne le partage pas en dehors du canal #eo-ops stp" % (_fullname(), pw)
    return t, pw, "#eo-ops"


@_F(_G, "spanish-note-contrasena-dron")
def _():
    pw = _pw()
    t = "Nota de campo %s: la contraseña del control remoto del dron (app de vuelo) es %s; el PIN de la batería es otro." % (_date(), pw)
    return t, pw, "Nota de campo"


@_F(_G, "portuguese-chat-senha-postgis")
def _():
    pw = _pw()
    t = "[%s] %s: pessoal, a senha do banco PostGIS de homologação mudou pra %s" % (_p(["10:02", "14:40", "16:21"]), _fullname(), pw)
    return t, pw, "PostGIS de homologação"


@_F(_G, "italian-note-password-portale")
def _():
    pw = _pw()
    t = "Promemoria: la password del portale open data regionale (utente %s_editor) è %s" % (_name(), pw)
    return t, pw, "Promemoria"


@_F(_G, "dutch-chat-wachtwoord-beheer")
def _():
    pw = _pw()
    t = "%s: wachtwoord voor de beheeromgeving van de kaartviewer is %s, gebruikersnaam beheer" % (_fullname(), pw)
    return t, pw, "kaartviewer"


@_F(_G, "swedish-note-vaderstation-losenord")
def _():
    pw = _pw()
    t = "Väderstationen vid %s: lösenordet till loggerns webbgränssnitt är %s (användare: admin)" % (_p(["Abisko", "Kiruna", "Lycksele", "Visby"]), pw)
    return t, pw, "Väderstationen"


@_F(_G, "finnish-chat-salasana-tunnus")
def _():
    pw = _pw()
    t = "%s: tunnus on mml_lataus ja salasana %s -- Maanmittauslaitoksen latauspalvelu" % (_fullname(), pw)
    return t, pw, "mml_lataus"


@_F(_G, "polish-chat-haslo-serwer-kafli")
def _():
    pw = _pw()
    t = "%s: hasło do serwera kafli (tiles-01) to %s, login: deploy" % (_fullname(), pw)
    return t, pw, "login: deploy"


@_F(_G, "japanese-note-ground-station-password")
def _():
    pw = _pw()
    t = "%s の地上局制御PCのパスワードは %s です。ユーザー名は operator。" % (_p(["筑波", "沖縄", "北海道", "鹿児島"]), pw)
    return t, pw, "地上局制御PC"


@_F(_G, "chinese-chat-survey-db-password")
def _():
    pw = _pw()
    t = "%s：测绘数据库（%s）账号 survey_rw，密码：%s，别外传。" % (_p(["王工", "李老师", "张经理", "陈博"]), _host("pg"), pw)
    return t, pw, "survey_rw"


@_F(_G, "korean-note-drone-portal-password")
def _():
    pw = _pw()
    t = "드론 관제 포털 계정: pilot_%02d / 비밀번호: %s (다음 주에 변경 예정)" % (_ri(1, 30), pw)
    return t, pw, "드론 관제 포털"


@_F(_G, "russian-chat-parol-stantsiya")
def _():
    pw = _pw()
    t = "%s: пароль от метеостанции на %s — %s, логин admin" % (_fullname(), _p(["Хибинах", "Ямале", "Байкале", "Камчатке"]), pw)
    return t, pw, "метеостанции"


@_F(_G, "ukrainian-note-parol-geoportal")
def _():
    pw = _pw()
    t = "Доступ до геопорталу громади: користувач editor, пароль %s. Не пересилайте." % pw
    return t, pw, "геопорталу"


@_F(_G, "turkish-chat-sifre-harita-sunucusu")
def _():
    pw = _pw()
    t = "%s: harita sunucusunun yönetici şifresi %s, kullanıcı adı admin" % (_fullname(), pw)
    return t, pw, "harita sunucusunun"


@_F(_G, "arabic-note-kalimat-murur")
def _():
    pw = _pw()
    t = "ملاحظة: كلمة المرور لخادم الخرائط هي %s واسم المستخدم gisadmin" % pw
    return t, pw, "gisadmin"


@_F(_G, "hindi-chat-password-satellite-portal")
def _():
    pw = _pw()
    t = "%s: सैटेलाइट डेटा पोर्टल का पासवर्ड %s है, यूज़र isro_%s" % (_fullname(), pw, _name())
    return t, pw, "सैटेलाइट डेटा पोर्टल"


@_F(_G, "indonesian-note-kata-sandi-drone")
def _():
    pw = _pw()
    t = "Catatan survei %s: kata sandi akun DroneDeploy tim kita %s (email: survei@%s)" % (_p(["Sulawesi", "Bali", "Kalimantan"]), pw, _dom())
    return t, pw, "Catatan survei"


@_F(_G, "swahili-chat-nenosiri-kituo")
def _():
    pw = _pw()
    t = "%s: nenosiri la kituo cha hali ya hewa ni %s, jina la mtumiaji ni admin" % (_fullname(), pw)
    return t, pw, "kituo cha hali ya hewa"


@_F(_G, "czech-chat-heslo-wms")
def _():
    pw = _pw()
    t = "%s: heslo k WMS službě pro obec je %s, uživatel obec_%d" % (_fullname(), pw, _ri(100, 999))
    return t, pw, "WMS službě"


@_F(_G, "danish-note-adgangskode-dataforsyningen")
def _():
    pw = _pw()
    t = "Note: adgangskode til Dataforsyningen-tjenestebrugeren er %s (bruger: %s_kort)" % (pw, _org().replace("-", ""))
    return t, pw, "Dataforsyningen"


@_F(_G, "greek-chat-kodikos-server")
def _():
    pw = _pw()
    t = "%s: ο κωδικός για τον server χαρτών είναι %s, χρήστης gis" % (_fullname(), pw)
    return t, pw, "server χαρτών"


@_F(_G, "hebrew-note-sisma")
def _():
    pw = _pw()
    t = "תזכורת: הסיסמה לפורטל המפות היא %s, שם משתמש mapadmin" % pw
    return t, pw, "mapadmin"


@_F(_G, "vietnamese-chat-mat-khau")
def _():
    pw = _pw()
    t = "%s: mật khẩu tài khoản trạm CORS là %s, tên đăng nhập cors_%02d" % (_fullname(), pw, _ri(1, 60))
    return t, pw, "trạm CORS"


@_F(_G, "thai-note-rhat-phan")
def _():
    pw = _pw()
    t = "บันทึก: รหัสผ่านเข้าระบบสถานีตรวจอากาศคือ %s ผู้ใช้ admin" % pw
    return t, pw, "บันทึก"


@_F(_G, "agent-running-note-key-from-chat")
def _():
    k = "PLAK" + _hex(32)
    t = "NOTE (%s): user pasted their Planet key in chat (%s); used it for the quick-search against the AOI. Remind them to rotate it when we're done." % (_ts(), k)
    return t, k, "quick-search against the AOI"


@_F(_G, "agent-goal-with-admin-creds")
def _():
    pw = _pw()
    h = _host("geoserver")
    t = "GOAL: get GeoWebCache seeding working for the ortho layer on %s using the admin creds the user gave (admin/%s), then report tile counts per zoom." % (h, pw)
    return t, pw, h


@_F(_G, "decision-log-keep-dev-key")
def _():
    k = _hex(32)
    t = "DECISION %s: keep the hard-coded OpenCage key %s in the dev profile only; prod reads OPENCAGE_KEY from the secret store. Revisit after the demo." % (_date(), k)
    return t, k, "prod reads OPENCAGE_KEY"


@_F(_G, "pasted-email-temporary-password")
def _():
    pw = _an(12)
    t = "From: noreply@%s\nSubject: Your mission planning account\n\nHello %s,\nyour account has been created. Temporary password: %s\nYou will be asked to change it at first login." % (
        _dom(), _fullname(), pw)
    return t, pw, "Subject: Your mission planning account"


@_F(_G, "ticket-comment-reset-password")
def _():
    pw = _pw()
    t = "GIS-%d (comment by %s): reset the sde_viewer password to %s as requested, ArcGIS Server data store registration updated." % (_ri(100, 999), _fullname(), pw)
    return t, pw, "data store registration"


@_F(_G, "chat-abbrev-pw-label")
def _():
    pw = _pw()
    t = "%s: eumetcast recv box is up again. ssh recv@%s, pw %s" % (_fullname(), _ip(), pw)
    return t, pw, "eumetcast recv box"


@_F(_G, "chat-creds-slash-pair")
def _():
    pw = _pw()
    u = "pilot" + _dig(2)
    t = "%s: creds for the fleet portal staging: %s/%s" % (_fullname(), u, pw)
    return t, pw, u


@_F(_G, "chat-pass-equals")
def _():
    pw = _pw()
    t = "%s: for the lidar NAS -> user=scan, pass = %s, share \\\\nas03\\pointclouds" % (_fullname(), pw)
    return t, pw, "lidar NAS"


@_F(_G, "chat-unlabeled-backticks-user-pass")
def _():
    pw = _pw()
    t = "%s: on the field tablet try `surveyor` / `%s`, if that fails ping me" % (_fullname(), pw)
    return t, pw, "field tablet"


@_F(_G, "markdown-handover-table-password")
def _():
    pw = _pw()
    t = "| caster | mount | user | password |\n|---|---|---|---|\n| %s | %s | rover%02d | %s |" % (_host("caster"), _p(_MOUNTS), _ri(1, 60), pw)
    return t, pw, "| caster | mount |"


@_F(_G, "sticky-note-van-wifi-key")
def _():
    pw = _pw()
    t = "(transcribed from sticky note on the survey van dash) WiFi: SurveyVan-%d  key: %s" % (_ri(1, 9), pw)
    return t, pw, "sticky note"


@_F(_G, "meeting-notes-vpn-psk")
def _():
    pw = _pw()
    t = "Ops sync %s\n- MCC VPN pre-shared key for the backup site is %s (temporary, until certs are issued)\n- %s to schedule pass tests" % (_date(), pw, _fullname())
    return t, pw, "Ops sync"


@_F(_G, "agent-scratchpad-password-from-readme")
def _():
    pw = _pw()
    t = "scratch: tried password '%s' from the README in /opt/ugcs-server — login worked; the README should not have it." % pw
    return t, pw, "/opt/ugcs-server"


@_F(_G, "pr-review-comment-leaked-token")
def _():
    tok = "github_pat_" + _an(22) + "_" + _an(59)
    t = "Review on #%d: you committed `%s` at scripts/sync_stac.py:12. Please revoke it and use the GITHUB_TOKEN from the workflow." % (_ri(100, 999), tok)
    return t, tok, "scripts/sync_stac.py:12"


@_F(_G, "chat-mfa-backup-codes-paste")
def _():
    code = "%s-%s" % (_dig(4), _dig(4))
    t = "%s: backup codes for the shared space-track account in case Ana is out: %s (used), %s" % (_fullname(), "0000-0000", code)
    return t, code, "shared space-track account"


@_F(_G, "chat-otpauth-uri-totp-seed")
def _():
    seed = _s(_B32, 32)
    t = "%s: here's the QR for the shared ops MFA as text: otpauth://totp/MCC:ops?secret=%s&issuer=MCC&digits=6" % (_fullname(), seed)
    return t, seed, "issuer=MCC"


@_F(_G, "voice-transcript-passphrase")
def _():
    pw = " ".join(_p(_LWORDS) for _ in range(4))
    t = "[call transcript, %s] ...and the passphrase for the archive drive is \"%s\", all lowercase with spaces." % (_date(), pw)
    return t, pw, "call transcript"


@_F(_G, "chat-password-on-next-line")
def _():
    pw = _pw()
    t = "%s: the pw for the weather radar console is\n%s: `%s`" % (_name(), _name(), pw)
    return t, pw, "weather radar console"


@_F(_G, "discord-message-bot-token")
def _():
    tok = "%s.%s.%s" % (_b64us(_dig(18)), _s(_B64U, 6), _s(_B64U, 38))
    t = "%s — today at %s\ncan someone set up the storm-alert bot? token is %s" % (_name(), _p(["10:32", "21:05"]), tok)
    return t, tok, "storm-alert bot"


@_F(_G, "irc-log-ftp-pass")
def _():
    pw = _pw()
    t = "[%02d:%02d] <%s> pass for the rinex ftp is %s\n[%02d:%02d] <%s> thx" % (_ri(0, 23), _ri(0, 59), _name(), pw, _ri(0, 23), _ri(0, 59), _name())
    return t, pw, "rinex ftp"


@_F(_G, "agent-memory-mapbox-secret")
def _():
    tok = _mapbox_sk()
    t = "Remember: the staging Mapbox secret token (tilesets:write) is %s -- only use it for the upload step." % tok
    return t, tok, "tilesets:write"


@_F(_G, "onboarding-doc-default-password")
def _():
    pw = _pw()
    t = "Onboarding: new QGIS Cloud editor accounts start with the default password %s and must change it on first login." % pw
    return t, pw, "Onboarding"


@_F(_G, "german-handover-zugang-pair")
def _():
    pw = _pw()
    t = "Übergabe Drohnenflotte: Zugang FlightHub-Org %s / %s, Backup-Pilot ist %s." % ("ops@" + _dom(), pw, _fullname())
    return t, pw, "Übergabe Drohnenflotte"


@_F(_G, "spanish-chat-pwd-abbrev")
def _():
    pw = _pw()
    t = "%s: el pwd del servidor de teselas es %s, usuario tiles" % (_fullname(), pw)
    return t, pw, "servidor de teselas"


@_F(_G, "teams-message-env-block")
def _():
    k = _an(32)
    t = "%s (Teams): paste this into your .env and you should be good:\n```\nWEATHER_PROVIDER=tomorrow\nTOMORROW_API_KEY=%s\n```" % (_fullname(), k)
    return t, k, "WEATHER_PROVIDER=tomorrow"


@_F(_G, "agent-summary-used-token")
def _():
    tok = "glpat-" + _s(_B64U, 20)
    t = "Summary of session: pushed the geocoder fix using the deploy token %s that %s shared; CI is green." % (tok, _fullname())
    return t, tok, "CI is green"


@_F(_G, "field-log-rtk-base-credentials")
def _():
    pw = _pw()
    t = "Field log %s: base station set up on benchmark %s. Caster login base%02d, password %s. Antenna height 1.%03d m." % (
        _date(), _anu(5), _ri(1, 40), pw, _ri(0, 999))
    return t, pw, "Antenna height"


@_F(_G, "portuguese-note-api-key-satelite")
def _():
    k = _an(32)
    t = "Anotação: chave da API do catálogo de imagens de satélite (plano pago): %s" % k
    return t, k, "catálogo de imagens"


@_F(_G, "french-note-cle-api-meteo")
def _():
    k = _hex(32)
    t = "À noter : la clé API météo pour le tableau de bord des vents est %s (compte de %s)" % (k, _fullname())
    return t, k, "tableau de bord"


@_F(_G, "chat-connection-string-pasted")
def _():
    pw = _pw("url")
    t = "%s: use this one for now -> postgresql://analyst:%s@%s:5432/climate" % (_fullname(), pw, _host("pg"))
    return t, pw, "use this one for now"


@_F(_G, "japanese-chat-api-key")
def _():
    k = _an(32)
    t = "%s: 気象APIのキーはこちらです：%s（本番用なので取り扱い注意）" % (_p(["田中", "佐藤", "鈴木", "高橋"]), k)
    return t, k, "気象API"


@_F(_G, "email-thread-vendor-credentials")
def _():
    pw = _pw()
    t = "> On %s, %s wrote:\n> Your SecureWatch-style imagery portal login is %s and the initial password is %s.\n\nThanks, forwarding to the team." % (
        _date(), _fullname(), _name() + "@" + _dom(), pw)
    return t, pw, "forwarding to the team"


@_F(_G, "norwegian-chat-api-nokkel")
def _():
    k = _uuid()
    t = "%s: API-nøkkelen til Geonorge-tjenesten er %s, ikke legg den i repoet" % (_fullname(), k)
    return t, k, "Geonorge-tjenesten"


@_F(_G, "agent-plan-step-with-secret")
def _():
    sk = _aws_secret()
    t = "Plan:\n1. configure rclone remote for the imagery bucket (secret key %s from the user's message)\n2. sync /data/ortho\n3. verify checksums" % sk
    return t, sk, "verify checksums"



@_F(_G, "icelandic-note-lykilord")
def _():
    pw = _pw()
    t = "Minnisblað: lykilorð fyrir veðurstöðvagáttina er %s, notandi vedur_%s" % (pw, _name())
    return t, pw, "Minnisblað"


@_F(_G, "estonian-chat-parool-maa-amet")
def _():
    pw = _pw()
    t = "%s: Maa-ameti teenuse kasutaja on %s_gis ja parool %s" % (_fullname(), _org().replace("-", ""), pw)
    return t, pw, "Maa-ameti"


# ================================================================ ci-and-deploy
_G = "ci-and-deploy"


@_F(_G, "github-actions-env-inline-key")
def _():
    k = _hex(32)
    t = "jobs:\n  forecast-snapshot:\n    runs-on: ubuntu-latest\n    env:\n      OWM_API_KEY: %s\n    steps:\n      - uses: actions/checkout@v4\n      - run: python scripts/snapshot.py" % k
    return t, k, "forecast-snapshot"


@_F(_G, "github-actions-run-curl-basic")
def _():
    pw = _pw("url")
    t = "      - name: Reload GeoServer catalog\n        run: curl -fsS -u admin:%s -X POST https://%s/geoserver/rest/reload" % (pw, _host("geoserver"))
    return t, pw, "Reload GeoServer catalog"


@_F(_G, "gitlab-ci-variables-block")
def _():
    pw = _pw()
    t = 'variables:\n  POSTGRES_DB: gis_test\n  POSTGRES_USER: runner\n  POSTGRES_PASSWORD: "%s"\n  POSTGIS_IMAGE: postgis/postgis:16-3.4\n\ntest:\n  services: [postgis/postgis:16-3.4]' % pw
    return t, pw, "POSTGRES_DB: gis_test"


@_F(_G, "gitlab-ci-script-docker-login-p")
def _():
    pw = _pw("plain")
    t = "build-image:\n  stage: build\n  script:\n    - docker login -u deploy -p %s registry.%s\n    - docker build -t registry.%s/gis/tegola:$CI_COMMIT_SHORT_SHA ." % (pw, _dom(), _dom())
    return t, pw, "CI_COMMIT_SHORT_SHA"


@_F(_G, "circleci-job-environment")
def _():
    tok = "hf_" + _s(_ALNUM, 34)
    t = "jobs:\n  train-cloudmask:\n    docker:\n      - image: cimg/python:3.11\n    environment:\n      HF_TOKEN: %s\n      WANDB_MODE: offline" % tok
    return t, tok, "train-cloudmask"


@_F(_G, "jenkinsfile-withenv-literal")
def _():
    pw = _pw()
    t = "stage('Seed tiles') {\n  steps {\n    withEnv(['GS_USER=admin', 'GS_PASS=%s']) {\n      sh './seed.sh --layers ortho,dem --zoom 0-14'\n    }\n  }\n}" % pw
    return t, pw, "stage('Seed tiles')"


@_F(_G, "jenkins-job-config-xml-plaintext-param")
def _():
    pw = _pw().replace("&", "+")
    t = ("<hudson.model.StringParameterDefinition>\n  <name>SDE_PASSWORD</name>\n  <defaultValue>%s</defaultValue>\n"
         "  <trim>false</trim>\n</hudson.model.StringParameterDefinition>") % pw
    return t, pw, "hudson.model.StringParameterDefinition"


@_F(_G, "azure-pipelines-variables")
def _():
    key = _b64(64)
    t = "variables:\n  storageAccount: %stiles\n  storageKey: '%s'\n\nsteps:\n- script: az storage blob upload-batch -d tiles -s ./dist --account-name $(storageAccount) --account-key $(storageKey)" % (
        _org().replace("-", ""), key)
    return t, key, "upload-batch"


@_F(_G, "bitbucket-pipelines-script-export")
def _():
    sk = _aws_secret()
    t = "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export AWS_SECRET_ACCESS_KEY=%s\n            - aws s3 sync ./tiles s3://%s-tiles --delete" % (sk, _org())
    return t, sk, "aws s3 sync ./tiles"


@_F(_G, "travis-env-global-plain")
def _():
    k = _s(_B64U, 43)
    t = "language: python\npython: '3.10'\nenv:\n  global:\n    - HERE_API_KEY=%s\n    - PYTEST_ADDOPTS=-m live\nscript: pytest" % k
    return t, k, "PYTEST_ADDOPTS=-m live"


@_F(_G, "drone-ci-yml-environment")
def _():
    pw = _pw()
    t = "kind: pipeline\ntype: docker\nname: integration\nsteps:\n- name: test\n  image: python:3.12\n  environment:\n    NTRIP_USER: ci_rover\n    NTRIP_PASSWORD: \"%s\"\n  commands:\n  - pytest tests/integration" % pw
    return t, pw, "name: integration"


@_F(_G, "buildkite-pipeline-env")
def _():
    tok = _mapbox_sk()
    t = 'steps:\n  - label: ":iphone: build map app"\n    command: "fastlane ios beta"\n    env:\n      MAPBOX_DOWNLOADS_TOKEN: "%s"' % tok
    return t, tok, "fastlane ios beta"


@_F(_G, "argo-workflow-parameter-value")
def _():
    pw = _pw()
    t = "spec:\n  entrypoint: ingest\n  arguments:\n    parameters:\n    - name: copernicus-user\n      value: %s@%s\n    - name: copernicus-password\n      value: \"%s\"" % (_name(), _dom(), pw)
    return t, pw, "copernicus-user"


@_F(_G, "helm-values-yaml-password")
def _():
    pw = _pw()
    t = "# values-prod.yaml\npostgresql:\n  enabled: true\n  auth:\n    username: geonode\n    password: \"%s\"\n    database: geonode_data\ngeoserver:\n  replicas: 2" % pw
    return t, pw, "values-prod.yaml"


@_F(_G, "k8s-deployment-env-value-literal")
def _():
    k = _an(32)
    t = "      containers:\n      - name: wx-gateway\n        image: ghcr.io/%s/wx-gateway:1.%d.%d\n        env:\n        - name: WINDY_API_KEY\n          value: \"%s\"" % (_org(), _ri(0, 9), _ri(0, 9), k)
    return t, k, "name: wx-gateway"


@_F(_G, "docker-compose-prod-env-list")
def _():
    pw = _pw("plain")
    t = "  pgbouncer:\n    image: edoburu/pgbouncer:1.21\n    environment:\n      - DB_HOST=postgis\n      - DB_USER=tiles\n      - DB_PASSWORD=%s\n      - POOL_MODE=transaction" % pw
    return t, pw, "POOL_MODE=transaction"


@_F(_G, "dockerfile-env-key")
def _():
    k = _hex(32)
    t = "FROM python:3.12-slim\nWORKDIR /app\nENV THUNDERFOREST_KEY=%s\nCOPY . .\nRUN pip install -r requirements.txt\nCMD [\"gunicorn\", \"app:app\"]" % k
    return t, k, "FROM python:3.12-slim"


@_F(_G, "dockerfile-arg-default-token")
def _():
    tok = "ghp_" + _an(36)
    t = "FROM node:20-alpine AS build\nARG GITHUB_TOKEN=%s\nRUN echo \"//npm.pkg.github.com/:_authToken=${GITHUB_TOKEN}\" > .npmrc && npm ci" % tok
    return t, tok, "FROM node:20-alpine AS build"


@_F(_G, "dockerfile-run-curl-private-download")
def _():
    tok = _an(40)
    t = "RUN curl -fsSL -H \"PRIVATE-TOKEN: %s\" \\\n      https://gitlab.%s/api/v4/projects/42/packages/generic/ecw-sdk/5.5/ecw.tar.gz \\\n    | tar xz -C /opt" % (tok, _dom())
    return t, tok, "ecw-sdk"


@_F(_G, "terraform-rds-master-password")
def _():
    pw = _pw()
    t = 'resource "aws_db_instance" "postgis" {\n  engine         = "postgres"\n  engine_version = "16.3"\n  instance_class = "db.r6g.large"\n  username       = "gisadmin"\n  password       = "%s"\n}' % pw
    return t, pw, 'resource "aws_db_instance" "postgis"'


@_F(_G, "tfstate-json-attribute-password")
def _():
    pw = _pw()
    t = '        {\n          "schema_version": 2,\n          "attributes": {\n            "address": "%s",\n            "password": "%s",\n            "port": 5432,' % (_host("rds"), pw)
    return t, pw, '"schema_version": 2'


@_F(_G, "ansible-group-vars-plain")
def _():
    pw = _pw()
    t = "# group_vars/geoserver.yml\ngeoserver_version: 2.25.1\ngeoserver_admin_user: admin\ngeoserver_admin_password: \"%s\"\ngeoserver_data_dir: /srv/geoserver" % pw
    return t, pw, "group_vars/geoserver.yml"


@_F(_G, "ansible-inventory-become-pass")
def _():
    pw = _pw("plain")
    t = "[groundstations]\ngs-%s-1 ansible_host=%s ansible_user=ops ansible_become_pass=%s" % (_p(_SITES), _ip(), pw)
    return t, pw, "[groundstations]"


@_F(_G, "ansible-inventory-ssh-pass")
def _():
    pw = _pw("plain")
    t = "[weather_loggers]\nlogger-%02d ansible_host=%s ansible_user=pi ansible_ssh_pass=%s" % (_ri(1, 40), _ip(), pw)
    return t, pw, "[weather_loggers]"


@_F(_G, "packer-json-variables")
def _():
    pw = _pw()
    t = '{\n  "variables": {\n    "ssh_username": "ubuntu",\n    "ssh_password": "%s",\n    "iso_url": "ubuntu-22.04-live-server-amd64.iso"\n  },\n  "builders": [{"type": "qemu"}]\n}' % pw
    return t, pw, '"ssh_username": "ubuntu"'


@_F(_G, "cloud-init-chpasswd-list")
def _():
    pw = _pw("plain")
    t = "#cloud-config\nhostname: tile-render-%02d\nchpasswd:\n  expire: false\n  list: |\n    ubuntu:%s\nssh_pwauth: true" % (_ri(1, 20), pw)
    return t, pw, "#cloud-config"


@_F(_G, "cloud-init-write-files-env")
def _():
    k = _an(32)
    t = "write_files:\n  - path: /etc/default/wx-fetch\n    permissions: '0644'\n    content: |\n      PROVIDER=accuweather\n      ACCUWEATHER_KEY=%s" % k
    return t, k, "/etc/default/wx-fetch"


@_F(_G, "systemd-unit-environment-line")
def _():
    pw = _pw("plain")
    t = "[Service]\nUser=rtk\nEnvironment=\"CASTER=caster.%s\" \"MOUNT=%s\" \"PASSWORD=%s\"\nExecStart=/usr/local/bin/str2str -in serial://ttyUSB0 -out ntrips://:${PASSWORD}@${CASTER}:2101/${MOUNT}" % (
        _dom(), _p(_MOUNTS), pw)
    return t, pw, "ExecStart=/usr/local/bin/str2str"


@_F(_G, "supervisord-program-environment")
def _():
    pw = _pw("plain")
    t = "[program:tle-sync]\ncommand=/opt/tle/bin/tle-sync --interval 3600\nenvironment=ST_USER=\"ops@%s\",ST_PASS=\"%s\"\nautorestart=true" % (_dom(), pw)
    return t, pw, "[program:tle-sync]"


@_F(_G, "heroku-app-json-env-value")
def _():
    k = "pk." + _hex(32)
    t = '{\n  "name": "geocode-demo",\n  "env": {\n    "LOCATIONIQ_TOKEN": { "description": "geocoding", "value": "%s" }\n  }\n}' % k
    return t, k, '"name": "geocode-demo"'


@_F(_G, "netlify-toml-build-environment")
def _():
    tok = _jwt({"jti": _uuid(), "id": _ri(10000, 999999), "iat": _ri(1600000000, 1700000000)})
    t = '[build]\n  command = "npm run build"\n  publish = "dist"\n\n[build.environment]\n  VITE_CESIUM_TOKEN = "%s"' % tok
    return t, tok, 'publish = "dist"'


@_F(_G, "github-actions-log-echoed-secret")
def _():
    pw = _pw()
    t = "Run ./deploy/publish.sh\n+ echo 'publishing with creds gis_publisher:%s'\npublishing with creds gis_publisher:%s\n+ python publish.py" % (pw, pw)
    return t, pw, "Run ./deploy/publish.sh"


@_F(_G, "gitlab-job-log-curl-token")
def _():
    tok = "glpat-" + _s(_B64U, 20)
    t = "$ curl --header \"PRIVATE-TOKEN: %s\" \"https://gitlab.%s/api/v4/projects/17/trigger/pipeline\"\n{\"id\":%d,\"status\":\"created\"}" % (tok, _dom(), _ri(10000, 99999))
    return t, tok, '"status":"created"'


@_F(_G, "jenkins-console-docker-login-warning")
def _():
    pw = _pw("plain")
    t = "[Pipeline] sh\n+ docker login -u deploy -p %s harbor.%s\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded" % (pw, _dom())
    return t, pw, "Login Succeeded"


@_F(_G, "argocd-app-helm-parameters")
def _():
    pw = _pw()
    t = "  source:\n    chart: pygeoapi\n    helm:\n      parameters:\n      - name: db.password\n        value: \"%s\"\n      - name: replicaCount\n        value: \"2\"" % pw
    return t, pw, "chart: pygeoapi"


@_F(_G, "kustomize-secretgenerator-literals")
def _():
    pw = _pw("plain")
    t = "secretGenerator:\n- name: caster-credentials\n  literals:\n  - username=relay\n  - password=%s" % pw
    return t, pw, "caster-credentials"


@_F(_G, "render-yaml-envvars-value")
def _():
    k = _hex(32)
    t = "services:\n  - type: web\n    name: flood-map-api\n    env: python\n    envVars:\n      - key: GEOAPIFY_KEY\n        value: %s" % k
    return t, k, "flood-map-api"


@_F(_G, "serverless-yml-provider-environment")
def _():
    k = _s(_UPP + _DIG, 25)
    t = "provider:\n  name: aws\n  runtime: python3.11\n  environment:\n    VISUALCROSSING_KEY: %s\nfunctions:\n  daily:\n    handler: handler.daily" % k
    return t, k, "handler.daily"


@_F(_G, "sam-template-parameter-default")
def _():
    pw = _pw()
    t = "Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true\n    Default: \"%s\"" % pw
    return t, pw, "NoEcho: true"


@_F(_G, "cloudformation-master-user-password")
def _():
    pw = _pw()
    t = "  StationsDB:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      Engine: postgres\n      MasterUsername: wxadmin\n      MasterUserPassword: '%s'" % pw
    return t, pw, "AWS::RDS::DBInstance"


@_F(_G, "pulumi-stack-config-plaintext")
def _():
    k = _an(20)
    t = "config:\n  aws:region: eu-west-1\n  tileserver:maptilerKey: %s\n  tileserver:minZoom: \"0\"" % k
    return t, k, "aws:region: eu-west-1"


@_F(_G, "nomad-job-template-env")
def _():
    pw = _pw("plain")
    t = 'task "martin" {\n  driver = "docker"\n  template {\n    data        = "DATABASE_URL=postgres://martin:%s@postgis.service.consul/tiles"\n    destination = "secrets/env"\n    env         = true\n  }\n}' % pw
    return t, pw, 'destination = "secrets/env"'


@_F(_G, "swarm-stack-environment")
def _():
    pw = _pw("plain")
    t = "services:\n  geoserver:\n    image: docker.osgeo.org/geoserver:2.25.x\n    environment:\n      GEOSERVER_ADMIN_PASSWORD: %s\n    deploy:\n      replicas: 2" % pw
    return t, pw, "docker.osgeo.org/geoserver"


@_F(_G, "makefile-deploy-target-password")
def _():
    pw = _pw("plain")
    t = "deploy:\n\trsync -az dist/ web@maps.%s:/var/www/viewer/\n\tcurl -u deploy:%s -X POST https://maps.%s/hooks/purge-cache" % (_dom(), pw, _dom())
    return t, pw, "rsync -az dist/"


@_F(_G, "deploy-sh-sshpass-scp")
def _():
    pw = _pw()
    t = "#!/bin/sh\n# deploy.sh -- push new pass schedule to the ground stations\nfor gs in %s %s; do\n  sshpass -p '%s' scp schedule.json ops@gs-$gs:/opt/sched/\ndone" % (_p(_SITES), _p(_SITES), pw)
    return t, pw, "push new pass schedule"


@_F(_G, "fabfile-connect-kwargs-password")
def _():
    pw = _pw()
    t = "from fabric import Connection\n\nc = Connection('tiles-%02d.%s', user='deploy', connect_kwargs={'password': '%s'})\nc.run('systemctl restart tileserver')" % (
        _ri(1, 9), _dom(), pw)
    return t, pw, "systemctl restart tileserver"


@_F(_G, "github-actions-docker-login-with-literal")
def _():
    pw = _pw()
    t = "      - uses: docker/login-action@v3\n        with:\n          registry: harbor.%s\n          username: robot$ci\n          password: %s" % (_dom(), pw)
    return t, pw, "docker/login-action@v3"


@_F(_G, "gitlab-docker-auth-config-json")
def _():
    pw = _pw()
    enc = _rfc_b64_userpass("ci", pw)
    t = 'variables:\n  DOCKER_AUTH_CONFIG: \'{"auths":{"registry.%s":{"auth":"%s"}}}\'' % (_dom(), enc)
    return t, enc, "DOCKER_AUTH_CONFIG"


@_F(_G, "pypirc-written-in-ci")
def _():
    tok = "pypi-AgEIcHlwaS5vcmc" + _s(_B64U, 120)
    t = "    - |\n      cat > ~/.pypirc <<EOF\n      [pypi]\n      username = __token__\n      password = %s\n      EOF\n    - twine upload dist/*" % tok
    return t, tok, "twine upload dist/*"


@_F(_G, "ci-step-echo-npmrc-token")
def _():
    tok = "npm_" + _an(36)
    t = "      - run: echo \"//registry.npmjs.org/:_authToken=%s\" > ~/.npmrc\n      - run: npm publish --access public" % tok
    return t, tok, "npm publish --access public"


@_F(_G, "teamcity-kts-param-password")
def _():
    pw = _pw()
    t = 'params {\n    param("env.GS_URL", "https://geoserver.%s")\n    param("env.GS_PASSWORD", "%s")\n}' % (_dom(), pw)
    return t, pw, "env.GS_URL"


@_F(_G, "concourse-pipeline-params")
def _():
    sk = _aws_secret()
    t = "- name: publish-cogs\n  plan:\n  - put: cog-bucket\n    params: {file: out/*.tif}\nresources:\n- name: cog-bucket\n  type: s3\n  source:\n    bucket: %s-cogs\n    access_key_id: %s\n    secret_access_key: %s" % (
        _org(), _aws_akid(), sk)
    return t, sk, "publish-cogs"


@_F(_G, "release-md-deploy-steps-password")
def _():
    pw = _pw()
    t = "## Deploy (prod)\n1. `ssh deploy@tiles-01`\n2. `sudo -S systemctl restart martin` (sudo password: %s)\n3. check /health" % pw
    return t, pw, "## Deploy (prod)"


@_F(_G, "vagrantfile-provision-password")
def _():
    pw = _pw()
    t = 'Vagrant.configure("2") do |config|\n  config.vm.box = "bento/ubuntu-22.04"\n  config.vm.provision "shell", inline: "echo \'gis:%s\' | chpasswd"\nend' % pw
    return t, pw, "bento/ubuntu-22.04"


@_F(_G, "github-workflow-matrix-station-tokens")
def _():
    tok = _hex(40)
    t = "    strategy:\n      matrix:\n        include:\n          - station: gs-%s\n            satnogs_token: %s\n    steps:\n      - run: ./upload_obs.sh ${{ matrix.station }}" % (_p(_SITES), tok)
    return t, tok, "upload_obs.sh"


@_F(_G, "repo-crontab-file-password")
def _():
    pw = _pw("plain")
    t = "# deploy/crontab -- installed by ansible\n15 */6 * * * rtk /opt/rtk/bin/fetch_ephemeris --user igs_%s --password %s --dest /var/lib/rtk" % (_name(), pw)
    return t, pw, "fetch_ephemeris"


@_F(_G, "az-webapp-appsettings-in-pipeline")
def _():
    k = _s(_B64U, 64)
    t = "- script: |\n    az webapp config appsettings set -g rg-maps -n maps-api --settings BING_MAPS_KEY=%s WEBSITES_PORT=8000" % k
    return t, k, "WEBSITES_PORT=8000"


@_F(_G, "docker-build-output-env-step")
def _():
    k = _an(32)
    t = "Step 4/9 : ENV TOMORROW_API_KEY=%s\n ---> Running in %s\nRemoving intermediate container %s\n ---> %s" % (k, _hex(12), _hex(12), _hex(12))
    return t, k, "Step 4/9"


@_F(_G, "workflow-dispatch-input-default-password")
def _():
    pw = _pw()
    t = "on:\n  workflow_dispatch:\n    inputs:\n      portal_password:\n        description: 'ArcGIS portal password'\n        default: '%s'" % pw
    return t, pw, "workflow_dispatch"


# ================================================================ vendor-token
_G = "vendor-token"


@_F(_G, "mapbox-secret-sk-token")
def _():
    tok = _mapbox_sk()
    t = "MAPBOX_ACCESS_TOKEN=%s  # scopes: styles:read tilesets:write uploads:write" % tok
    return t, tok, "tilesets:write"


@_F(_G, "mapbox-temporary-tk-token")
def _():
    tok = _mapbox_sk("tk")
    t = "temporary upload token (expires in 1h): %s" % tok
    return t, tok, "temporary upload token"


@_F(_G, "cesium-ion-jwt-token")
def _():
    tok = _jwt({"jti": _uuid(), "id": _ri(10000, 999999), "iat": _ri(1600000000, 1700000000)})
    t = "Cesium ion token for the terrain asset %d:\n%s" % (_ri(1, 3000000), tok)
    return t, tok, "Cesium ion token"


@_F(_G, "arcgis-aapk-api-key")
def _():
    k = "AAPK" + _hex(32) + _s(_B64U, 64)
    t = "ARCGIS_API_KEY=%s" % k
    return t, k, "ARCGIS_API_KEY"


@_F(_G, "arcgis-aapt-access-token")
def _():
    k = "AAPT" + _s(_B64U, 8) + "." + _s(_B64U, 120)
    t = 'const basemapToken = "%s"; // location services, expires %s' % (k, _date())
    return t, k, "location services"


@_F(_G, "google-maps-aiza-key")
def _():
    k = "AIza" + _s(_B64U, 35)
    t = '<script src="https://maps.googleapis.com/maps/api/js?key=%s&libraries=places&callback=initMap" async></script>' % k
    return t, k, "callback=initMap"


@_F(_G, "here-platform-api-key")
def _():
    k = _s(_B64U, 43)
    t = "curl 'https://router.hereapi.com/v8/routes?transportMode=truck&origin=%.4f,%.4f&destination=%.4f,%.4f&return=summary&apikey=%s'" % (
        _R.uniform(40, 60), _R.uniform(0, 20), _R.uniform(40, 60), _R.uniform(0, 20), k)
    return t, k, "router.hereapi.com"


@_F(_G, "tomtom-api-key")
def _():
    k = _an(32)
    t = "https://api.tomtom.com/traffic/services/4/flowSegmentData/absolute/10/json?point=52.41,4.84&key=%s" % k
    return t, k, "flowSegmentData"


@_F(_G, "maptiler-cloud-key")
def _():
    k = _an(20)
    t = '"style": "https://api.maptiler.com/maps/satellite/style.json?key=%s"' % k
    return t, k, "maps/satellite/style.json"


@_F(_G, "bing-maps-key")
def _():
    k = _s(_B64U, 64)
    t = "BingMapsKey: %s" % k
    return t, k, "BingMapsKey"


@_F(_G, "thunderforest-apikey")
def _():
    k = _hex(32)
    t = "https://tile.thunderforest.com/outdoors/{z}/{x}/{y}.png?apikey=%s" % k
    return t, k, "tile.thunderforest.com"


@_F(_G, "stadia-maps-uuid-api-key")
def _():
    k = _uuid()
    t = "STADIA_API_KEY=%s   # stadiamaps.com, property: %s-viewer" % (k, _org())
    return t, k, "stadiamaps.com"


@_F(_G, "geoapify-api-key")
def _():
    k = _hex(32)
    t = "fetch(`https://api.geoapify.com/v1/routing?waypoints=${a}|${b}&mode=drive&apiKey=%s`)" % k
    return t, k, "api.geoapify.com"


@_F(_G, "locationiq-pk-token")
def _():
    k = "pk." + _hex(32)
    t = "LOCATIONIQ_TOKEN=%s" % k
    return t, k, "LOCATIONIQ_TOKEN"


@_F(_G, "opencage-api-key")
def _():
    k = _hex(32)
    t = "geocoder = OpenCageGeocode('%s')\nresults = geocoder.reverse_geocode(%.5f, %.5f)" % (k, _R.uniform(-60, 70), _R.uniform(-170, 170))
    return t, k, "reverse_geocode"


@_F(_G, "what3words-api-key")
def _():
    k = _anu(8)
    t = "W3W_API_KEY=%s\nW3W_LANGUAGE=en" % k
    return t, k, "W3W_LANGUAGE=en"


@_F(_G, "mapillary-client-token")
def _():
    k = "MLY|%s|%s" % (_dig(16), _hex(32))
    t = "https://graph.mapillary.com/images?access_token=%s&fields=id,thumb_1024_url&bbox=10.7,59.9,10.8,60.0" % k
    return t, k, "graph.mapillary.com"


@_F(_G, "planet-plak-api-key")
def _():
    k = "PLAK" + _hex(32)
    t = "planet auth init --api-key %s" % k
    return t, k, "planet auth init"


@_F(_G, "sentinel-hub-client-secret")
def _():
    sec = _s(_ALNUM + "!#%&()*+,-.:;<=>?@[]^_{|}~", 40)
    t = "sh_client_id = %s\nsh_client_secret = %s" % (_uuid(), sec)
    return t, sec, "sh_client_id"


@_F(_G, "cdse-s3-access-secret-pair")
def _():
    sk = _an(40)
    t = "[cdse]\nendpoint_url = https://eodata.dataspace.copernicus.eu\naccess_key = %s\nsecret_key = %s" % (_anu(20), sk)
    return t, sk, "eodata.dataspace.copernicus.eu"


@_F(_G, "earthdata-login-user-token")
def _():
    tok = _jwt({"type": "User", "uid": _name() + _dig(2), "exp": _ri(1700000000, 1800000000), "iat": _ri(1600000000, 1700000000),
                "iss": "https://urs.earthdata.nasa.gov"}, "RS256")
    t = 'curl -H "Authorization: Bearer %s" https://cmr.earthdata.nasa.gov/search/granules.json?short_name=ATL08' % tok
    return t, tok, "cmr.earthdata.nasa.gov"


@_F(_G, "nasa-firms-map-key")
def _():
    k = _hex(32)
    t = "FIRMS MAP_KEY: %s  (transaction limit 5000 / 10 min)" % k
    return t, k, "transaction limit"


@_F(_G, "usgs-m2m-api-token")
def _():
    tok = _s(_ALNUM + "@!_", 64)
    t = '{"requestId": %d, "version": "stable", "data": "%s", "errorCode": null}' % (_ri(100000000, 999999999), tok)
    return t, tok, '"version": "stable"'


@_F(_G, "openweathermap-appid")
def _():
    k = _hex(32)
    t = "https://tile.openweathermap.org/map/precipitation_new/{z}/{x}/{y}.png?appid=%s" % k
    return t, k, "precipitation_new"


@_F(_G, "tomorrow-io-api-key")
def _():
    k = _an(32)
    t = "TOMORROW_IO_KEY=%s" % k
    return t, k, "TOMORROW_IO_KEY"


@_F(_G, "weatherapi-com-key")
def _():
    k = _hex(31)
    t = "http://api.weatherapi.com/v1/astronomy.json?key=%s&q=%s&dt=%s" % (k, _p(_CITIES), _date())
    return t, k, "astronomy.json"


@_F(_G, "visual-crossing-key")
def _():
    k = _s(_UPP + _DIG, 25)
    t = "https://weather.visualcrossing.com/VisualCrossingWebServices/rest/services/timeline/%s?unitGroup=metric&key=%s" % (_p(_CITIES), k)
    return t, k, "VisualCrossingWebServices"


@_F(_G, "meteoblue-apikey")
def _():
    k = _an(16)
    t = "https://my.meteoblue.com/packages/basic-1h?lat=%.2f&lon=%.2f&apikey=%s&format=json" % (_R.uniform(40, 70), _R.uniform(0, 30), k)
    return t, k, "packages/basic-1h"


@_F(_G, "noaa-cdo-token")
def _():
    tok = _s(_LOW + _UPP, 32)
    t = "NCDC_CDO_TOKEN=%s" % tok
    return t, tok, "NCDC_CDO_TOKEN"


@_F(_G, "windy-point-forecast-key")
def _():
    k = _an(32)
    t = '{"lat": %.2f, "lon": %.2f, "model": "gfs", "parameters": ["wind", "temp"], "key": "%s"}' % (_R.uniform(40, 70), _R.uniform(0, 30), k)
    return t, k, '"model": "gfs"'


@_F(_G, "accuweather-apikey")
def _():
    k = _s(_LOW + _DIG, 32)
    t = "http://dataservice.accuweather.com/forecasts/v1/daily/5day/%d?apikey=%s&metric=true" % (_ri(100000, 999999), k)
    return t, k, "dataservice.accuweather.com"


@_F(_G, "ecmwf-webapi-key")
def _():
    k = _hex(32)
    t = '# ~/.ecmwfapirc\n{\n    "url"   : "https://api.ecmwf.int/v1",\n    "key"   : "%s",\n    "email" : "%s@%s"\n}' % (k, _name(), _dom())
    return t, k, "api.ecmwf.int"


@_F(_G, "eumetsat-consumer-secret")
def _():
    sec = _s(_ALNUM + "_", 28)
    t = "EUMETSAT_CONSUMER_KEY=%s\nEUMETSAT_CONSUMER_SECRET=%s" % (_s(_ALNUM + "_", 28), sec)
    return t, sec, "EUMETSAT_CONSUMER_KEY"


@_F(_G, "dji-cloud-app-key")
def _():
    k = _hex(32)
    t = 'dji:\n  app-id: %d\n  app-key: %s\n  app-license: "%s"' % (_ri(100000, 199999), k, _b64(96))
    return t, k, "app-id"


@_F(_G, "dronedeploy-api-key")
def _():
    k = _hex(32)
    t = "curl 'https://www.dronedeploy.com/graphql' -H 'Authorization: Bearer %s' -d '{\"query\":\"{ viewer { username } }\"}'" % k
    return t, k, "dronedeploy.com/graphql"


@_F(_G, "skydio-cloud-api-token")
def _():
    k = "skyd_" + _an(8) + "_" + _s(_B64U, 40)
    t = "SKYDIO_API_TOKEN=%s" % k
    return t, k, "SKYDIO_API_TOKEN"


@_F(_G, "pix4d-cloud-client-secret")
def _():
    sec = _s(_ALNUM, 48)
    t = "PIX4D_CLIENT_ID=%s\nPIX4D_CLIENT_SECRET=%s" % (_an(40), sec)
    return t, sec, "PIX4D_CLIENT_ID"


@_F(_G, "satnogs-network-api-token")
def _():
    tok = _hex(40)
    t = "Authorization: Token %s" % tok
    return t, tok, "Authorization: Token"


@_F(_G, "n2yo-api-key")
def _():
    k = "-".join([_anu(6), _anu(6), _anu(6), _anu(4)])
    t = "https://api.n2yo.com/rest/v1/satellite/visualpasses/25544/%.2f/%.2f/0/2/300/&apiKey=%s" % (_R.uniform(40, 70), _R.uniform(0, 30), k)
    return t, k, "visualpasses"


@_F(_G, "aws-access-key-and-secret-pair")
def _():
    sk = _aws_secret()
    t = "AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s" % (_aws_akid(), sk)
    return t, sk, "AWS_ACCESS_KEY_ID="


@_F(_G, "aws-session-token")
def _():
    tok = "IQoJb3JpZ2luX2Vj" + _s(_ALNUM + "/+", 300) + "="
    t = "AWS_SESSION_TOKEN=%s" % tok
    return t, tok, "AWS_SESSION_TOKEN"


@_F(_G, "azure-storage-account-key")
def _():
    key = _b64(64)
    t = "AZURE_STORAGE_KEY=%s" % key
    return t, key, "AZURE_STORAGE_KEY"


@_F(_G, "azure-sas-url-sig")
def _():
    sig = _azure_sig()
    t = "https://%sarchive.blob.core.windows.net/sentinel1/%s.SAFE.zip?%s" % (_org().replace("-", ""), _anu(12), _sas(sig))
    return t, sig, "blob.core.windows.net"


@_F(_G, "google-oauth-refresh-token")
def _():
    tok = "1//0" + _s(_B64U, 99)
    t = '{"client_id": "%s-%s.apps.googleusercontent.com", "refresh_token": "%s", "type": "authorized_user"}' % (_dig(12), _anl(32), tok)
    return t, tok, '"type": "authorized_user"'


@_F(_G, "github-classic-pat")
def _():
    tok = "ghp_" + _an(36)
    t = "GH_TOKEN=%s" % tok
    return t, tok, "GH_TOKEN"


@_F(_G, "github-fine-grained-pat")
def _():
    tok = "github_pat_" + _an(22) + "_" + _an(59)
    t = "token: %s   # fine-grained, repo stac-catalog, contents:write" % tok
    return t, tok, "fine-grained"


@_F(_G, "gitlab-personal-access-token")
def _():
    tok = "glpat-" + _s(_B64U, 20)
    t = "export GITLAB_TOKEN=%s" % tok
    return t, tok, "GITLAB_TOKEN"


@_F(_G, "slack-bot-token")
def _():
    tok = "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _an(24))
    t = "SLACK_BOT_TOKEN=%s   # #pass-alerts bot" % tok
    return t, tok, "#pass-alerts bot"


@_F(_G, "slack-user-token")
def _():
    tok = "xoxp-%s-%s-%s-%s" % (_dig(12), _dig(12), _dig(13), _hex(32))
    t = "slack_token = '%s'" % tok
    return t, tok, "slack_token"


@_F(_G, "telegram-bot-token")
def _():
    tok = "%s:AA%s" % (_dig(10), _s(_B64U, 33))
    t = "https://api.telegram.org/bot%s/sendMessage?chat_id=-100%s&text=Storm+warning" % (tok, _dig(10))
    return t, tok, "Storm+warning"


@_F(_G, "twilio-auth-token")
def _():
    tok = _hex(32)
    t = "TWILIO_ACCOUNT_SID=AC%s\nTWILIO_AUTH_TOKEN=%s" % (_hex(32), tok)
    return t, tok, "TWILIO_ACCOUNT_SID"


@_F(_G, "sendgrid-api-key")
def _():
    tok = "SG.%s.%s" % (_s(_B64U, 22), _s(_B64U, 43))
    t = "SENDGRID_API_KEY=%s" % tok
    return t, tok, "SENDGRID_API_KEY"


@_F(_G, "mailgun-api-key")
def _():
    tok = "key-" + _hex(32)
    t = "curl -s --user 'api:%s' https://api.eu.mailgun.net/v3/alerts.%s/messages -F to=ops@%s -F subject='Pass missed'" % (tok, _dom(), _dom())
    return t, tok, "Pass missed"


@_F(_G, "stripe-live-secret-key")
def _():
    tok = "sk_live_" + _an(99)
    t = "STRIPE_SECRET_KEY=%s" % tok
    return t, tok, "STRIPE_SECRET_KEY"


@_F(_G, "datadog-api-key")
def _():
    k = _hex(32)
    t = "DD_API_KEY=%s\nDD_SITE=datadoghq.eu" % k
    return t, k, "DD_SITE=datadoghq.eu"


@_F(_G, "sentry-dsn-public-key")
def _():
    k = _hex(32)
    t = 'Sentry.init({ dsn: "https://%s@o%s.ingest.sentry.io/%s", tracesSampleRate: 0.1 });' % (k, _dig(6), _dig(7))
    return t, k, "tracesSampleRate"


@_F(_G, "new-relic-user-key")
def _():
    k = "NRAK-" + _anu(27)
    t = "NEW_RELIC_API_KEY=%s" % k
    return t, k, "NEW_RELIC_API_KEY"


@_F(_G, "grafana-service-account-token")
def _():
    k = "glsa_" + _an(32) + "_" + _hex(8)
    t = "curl -H 'Authorization: Bearer %s' https://grafana.%s/api/dashboards/uid/gs-passes" % (k, _dom())
    return t, k, "gs-passes"


@_F(_G, "digitalocean-pat")
def _():
    k = "dop_v1_" + _hex(64)
    t = "doctl auth init --access-token %s" % k
    return t, k, "doctl auth init"


@_F(_G, "vault-service-token")
def _():
    k = "hvs." + _s(_B64U, 24)
    t = "VAULT_ADDR=https://vault.%s:8200 VAULT_TOKEN=%s vault kv get secret/gnss" % (_dom(), k)
    return t, k, "vault kv get secret/gnss"


@_F(_G, "terraform-cloud-atlasv1-token")
def _():
    k = "%s.atlasv1.%s" % (_an(14), _an(67))
    t = 'credentials "app.terraform.io" {\n  token = "%s"\n}' % k
    return t, k, 'credentials "app.terraform.io"'


@_F(_G, "docker-hub-pat")
def _():
    k = "dckr_pat_" + _s(_B64U, 27)
    t = "echo %s | docker login -u %sgis --password-stdin" % (k, _name())
    return t, k, "--password-stdin"


@_F(_G, "huggingface-token")
def _():
    k = "hf_" + _s(_ALNUM, 34)
    t = "huggingface-cli login --token %s  # for the geospatial foundation model weights" % k
    return t, k, "huggingface-cli login"


@_F(_G, "openai-project-key")
def _():
    k = "sk-proj-" + _s(_B64U, 74) + "T3BlbkFJ" + _s(_B64U, 74)
    t = "OPENAI_API_KEY=%s" % k
    return t, k, "OPENAI_API_KEY"


@_F(_G, "anthropic-api-key")
def _():
    k = "sk-ant-api03-" + _s(_B64U, 93) + "AA"
    t = "ANTHROPIC_API_KEY=%s" % k
    return t, k, "ANTHROPIC_API_KEY"


@_F(_G, "tailscale-auth-key")
def _():
    k = "tskey-auth-%s-%s" % (_an(12), _an(33))
    t = "sudo tailscale up --authkey=%s --hostname=gs-%s-edge" % (k, _p(_SITES))
    return t, k, "tailscale up"


@_F(_G, "age-secret-key")
def _():
    k = "AGE-SECRET-KEY-1" + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)
    t = "# created: %sT10:00:00Z\n# public key: age1%s\n%s" % (_date(), _s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), k)
    return t, k, "# public key: age1"


@_F(_G, "carto-api-access-token")
def _():
    tok = _jwt({"a": "ac_" + _anl(8), "jti": _hex(8)})
    t = "const CARTO_TOKEN = '%s';" % tok
    return t, tok, "CARTO_TOKEN"


@_F(_G, "foursquare-places-key")
def _():
    k = "fsq3" + _s(_B64U + "=", 44)
    t = "curl -H 'Authorization: %s' 'https://api.foursquare.com/v3/places/search?ll=59.91,10.75&radius=500'" % k
    return t, k, "places/search"


@_F(_G, "radar-live-secret-key")
def _():
    k = "prj_live_sk_" + _hex(40)
    t = "RADAR_SECRET_KEY=%s" % k
    return t, k, "RADAR_SECRET_KEY"


@_F(_G, "os-data-hub-project-key")
def _():
    k = _an(32)
    t = "https://api.os.uk/maps/raster/v1/zxy/Outdoor_3857/{z}/{x}/{y}.png?key=%s" % k
    return t, k, "Outdoor_3857"


@_F(_G, "linz-basemaps-api-key")
def _():
    k = "c01" + _anl(23)
    t = "https://basemaps.linz.govt.nz/v1/tiles/aerial/WebMercatorQuad/{z}/{x}/{y}.webp?api=%s" % k
    return t, k, "basemaps.linz.govt.nz"


@_F(_G, "postman-api-key")
def _():
    k = "PMAK-" + _hex(24) + "-" + _hex(34)
    t = "POSTMAN_API_KEY=%s" % k
    return t, k, "POSTMAN_API_KEY"


@_F(_G, "atlassian-api-token")
def _():
    k = "ATATT3xFfGF0" + _s(_B64U, 170) + "=" + _HEX(8)
    t = "curl -u %s@%s:%s https://%s.atlassian.net/rest/api/3/search?jql=project=GIS" % (_name(), _dom(), k, _org())
    return t, k, "jql=project=GIS"


@_F(_G, "okta-ssws-api-token")
def _():
    k = "00" + _s(_B64U, 40)
    t = "Authorization: SSWS %s" % k
    return t, k, "Authorization: SSWS"


# ---------------------------------------------------------------- more ci-and-deploy
_G = "ci-and-deploy"


@_F(_G, "github-actions-service-container-password")
def _():
    pw = _pw()
    t = "    services:\n      postgis:\n        image: postgis/postgis:16-3.4\n        env:\n          POSTGRES_PASSWORD: '%s'\n        ports: ['5432:5432']" % pw
    return t, pw, "ports: ['5432:5432']"


@_F(_G, "ci-upload-step-presigned-put-url")
def _():
    url, sig = _s3_presigned(_org() + "-releases", "viewer/%s/dist.tar.gz" % _hex(7))
    t = "  upload:\n    script:\n      - curl -fsS -X PUT --upload-file dist.tar.gz '%s'" % url
    return t, sig, "--upload-file dist.tar.gz"


@_F(_G, "k8s-cronjob-args-password")
def _():
    pw = _pw()
    t = "          containers:\n          - name: tle-sync\n            image: registry.%s/tle-sync:2.1\n            args: [\"--identity\", \"ops@%s\", \"--password\", \"%s\"]" % (_dom(), _dom(), pw)
    return t, pw, "name: tle-sync"


@_F(_G, "octopus-style-variable-json")
def _():
    pw = _pw()
    t = '{\n  "Name": "ArcGIS.Portal.AdminPassword",\n  "Value": "%s",\n  "Type": "String",\n  "IsSensitive": false\n}' % pw
    return t, pw, '"IsSensitive": false'


# ================================================================ BENIGN look-alikes
_BT = []


def _B(fn):
    _BT.append(fn)
    return fn


def _s2_id():
    d = _date().replace("-", "")
    return "S2%s_MSIL2A_%sT%02d%02d%02d_N05%02d_R%03d_T%02d%s_%sT%02d%02d%02d" % (
        _p("AB"), d, _ri(0, 23), _ri(0, 59), _ri(0, 59), _ri(0, 11), _ri(1, 143), _ri(28, 36),
        _s(_UPP, 3), d, _ri(0, 23), _ri(0, 59), _ri(0, 59))


def _landsat_id():
    d = _date().replace("-", "")
    return "LC0%d_L2SP_%03d%03d_%s_%s_02_T1" % (_ri(8, 9), _ri(1, 233), _ri(1, 248), d, d)


def _tle():
    norad = _ri(20000, 59999)
    l1 = "1 %05dU %02d%03d%s   %02d%012.8f  .%08d  00000-0  %05d-3 0  999%d" % (
        norad, _ri(98, 99) if _R.random() < 0.2 else _ri(10, 24), _ri(1, 99), _p("ABC"), _ri(23, 24), _R.uniform(1, 365),
        _ri(0, 99999), _ri(10000, 99999), _ri(0, 9))
    l2 = "2 %05d %8.4f %8.4f %07d %8.4f %8.4f %11.8f%05d%d" % (
        norad, _R.uniform(0, 180), _R.uniform(0, 360), _ri(0, 9999999), _R.uniform(0, 360), _R.uniform(0, 360),
        _R.uniform(14, 16), _ri(0, 99999), _ri(0, 9))
    return l1, l2


# ---- command look-alikes
@_B
def _():
    return "git checkout %s -- styles/%s.json" % (_hex(40), _p(["topo", "winter", "outdoor", "hydro"]))


@_B
def _():
    return "git cherry-pick %s && git push origin HEAD:release/%d.%d" % (_hex(_p([7, 8, 12, 40])), _ri(1, 5), _ri(0, 20))


@_B
def _():
    return "echo '%s  %s.zip' | sha256sum -c -" % (_hex(64), _s2_id())


@_B
def _():
    return "docker pull ghcr.io/osgeo/gdal:ubuntu-small-3.%d.%d@sha256:%s" % (_ri(6, 9), _ri(0, 3), _hex(64))


@_B
def _():
    return 'export MAPTILER_KEY="$(vault kv get -field=key secret/tiles/maptiler-%s)"' % _p(["prod", "stg", "dev", "demo"])


@_B
def _():
    return 'curl -s -H "Authorization: Bearer $CESIUM_ION_TOKEN" https://api.cesium.com/v1/assets/%d/endpoint | jq .type' % _ri(1, 3000000)


@_B
def _():
    return 'psql "host=%s dbname=gis user=gis_ro password=$PGPASSWORD sslmode=require" -c "\\dx"' % _host("postgis")


@_B
def _():
    return "ntripclient -s %s -r 2101 -m %s -u %s -p \"$NTRIP_PASS\" | nc localhost 5015" % (_host("caster"), _p(_MOUNTS), "rover%02d" % _ri(1, 60))


@_B
def _():
    return "aws s3 cp s3://%s-imagery/%s/%s.tif . --profile eo-archive --request-payer requester" % (_org(), _yr(), _anu(8))


@_B
def _():
    return "gpg --keyserver hkps://keys.openpgp.org --recv-keys %s" % _HEX(40)


@_B
def _():
    return "ssh-keygen -lf ~/.ssh/%s.pub" % _p(["gs_uplink_ed25519", "id_ed25519", "deploy_tiles", "mcc_ops"])


@_B
def _():
    return "op read \"op://GIS/NTRIP caster %s/password\" | ntrip-relay --password-stdin" % _p(_SITES)


@_B
def _():
    return "openssl rand -hex 32 > /run/secrets/tile_jwt_key && chmod 0400 /run/secrets/tile_jwt_key  # %s" % _p(["new key, not logged", "rotated", "generated on host"])


@_B
def _():
    return 'curl -s "https://api.maptiler.com/maps/%s/style.json?key=${MAPTILER_KEY}" -o style.json' % _p(["streets-v2", "topo-v2", "outdoor-v2", "satellite", "winter-v2"])


@_B
def _():
    return "wget --user=\"$EARTHDATA_USER\" --ask-password -c https://e4ftl01.cr.usgs.gov/MOLT/MOD09GA.061/%s/" % _date().replace("-", ".")


@_B
def _():
    return "sudo htpasswd -B /etc/nginx/.htpasswd-tiles %s   # prompts for the password" % _p(["tileuser", "partner-a", "fieldcrew", "wmsclient"])


@_B
def _():
    return "pip install rasterio==1.3.%d --hash=sha256:%s" % (_ri(0, 11), _hex(64))


@_B
def _():
    return "md5sum tile_%d_%d.laz  # expect %s" % (_ri(100, 999), _ri(1000, 9999), _hex(32))


@_B
def _():
    return "ssh -i ~/.ssh/id_ed25519_%s ops@gs-%s-%d 'tail -n 50 /var/log/rotctld.log'" % (_name(), _p(_SITES), _ri(1, 4))


@_B
def _():
    return "kubectl -n %s get secret %s -o jsonpath='{.metadata.resourceVersion}'" % (_p(["gis", "tiles", "weather", "mcc"]), _p(["postgis-creds", "maptiler", "ntrip-caster", "spacetrack-login"]))


@_B
def _():
    return "gh secret set PLANET_API_KEY --repo %s/eo-pipelines < /dev/stdin   # value pasted interactively" % _org()


@_B
def _():
    return "docker secret create geoserver_admin_%s ./secrets/geoserver_admin.txt" % _p(["v2", "v3", _date().replace("-", "")])


@_B
def _():
    return "terraform plan -var-file=env/%s.tfvars -out=tfplan.%s" % (_p(["prod", "stg", "dev"]), _hex(8))


# ---- tool-output look-alikes
@_B
def _():
    return ("$ aws configure list --profile eo-archive\n      Name                    Value             Type    Location\n"
            "access_key     ****************%s shared-credentials-file\nsecret_key     ****************%s shared-credentials-file\n"
            "    region             eu-central-1      config-file    ~/.aws/config") % (_anu(4), _an(4))


@_B
def _():
    return ("$ kubectl get secrets -n gis\nNAME                 TYPE                             DATA   AGE\npostgis-creds        Opaque                           2      %dd\n"
            "geoserver-admin      Opaque                           1      %dd\ndefault-token-%s  kubernetes.io/service-account-token   3  %dd") % (_ri(1, 400), _ri(1, 400), _anl(5), _ri(1, 900))


@_B
def _():
    return "$ docker images --digests | grep tileserver\nmaptiler/tileserver-gl   v4.%d.0   sha256:%s   %s   %d weeks ago   %dMB" % (
        _ri(1, 12), _hex(64), _hex(12), _ri(1, 30), _ri(300, 900))


@_B
def _():
    return "$ git log --oneline -3\n%s fix tile seam at z14\n%s bump gdal to 3.%d\n%s add NTRIP reconnect backoff" % (_hex(7), _hex(7), _ri(6, 9), _hex(7))


@_B
def _():
    return "$ gdalinfo -checksum dem_%s.tif | grep Checksum\n  Checksum=%d" % (_anu(4), _ri(1000, 65535))


@_B
def _():
    return ('  # aws_db_instance.postgis will be updated in-place\n  ~ resource "aws_db_instance" "postgis" {\n'
            '      ~ password = (sensitive value)\n        id       = "db-%s"\n    }') % _anu(26)


@_B
def _():
    return "$ gh secret list --repo %s/eo-pipelines\nNAME                        UPDATED\nPLANET_API_KEY              %s\nSENTINELHUB_CLIENT_SECRET   %s\nAWS_ROLE_ARN                %s" % (
        _org(), _date(), _date(), _date())


@_B
def _():
    return ("$ vault kv metadata get secret/gnss/caster-%s\n======= Metadata =======\ncreated_time     %s\ncurrent_version  %d\n"
            "max_versions     0\nupdated_time     %s") % (_p(_SITES), _tsz(), _ri(1, 30), _tsz())


@_B
def _():
    return "$ ssh-keygen -lf ~/.ssh/gs_uplink_ed25519.pub\n256 SHA256:%s uplink@%s (ED25519)" % (_b64(32).rstrip("="), _p(_SITES))


@_B
def _():
    return "$ openssl x509 -in wms.crt -noout -fingerprint -sha256\nsha256 Fingerprint=%s" % ":".join(_HEX(2) for _ in range(32))


@_B
def _():
    return "$ stac-client search https://earth-search.aws.element84.com/v1 -c sentinel-2-l2a --max-items 2 | jq -r '.features[].id'\n%s\n%s" % (
        _s2_id(), _s2_id())


@_B
def _():
    return "$ sha256sum *.tif\n%s  ortho_%s_rgb.tif\n%s  ortho_%s_nir.tif" % (_hex(64), _date(), _hex(64), _date())


@_B
def _():
    return ('$ docker inspect geoserver --format "{{json .Config.Env}}"\n["GEOSERVER_ADMIN_USER=admin","GEOSERVER_ADMIN_PASSWORD_FILE=/run/secrets/%s","INITIAL_MEMORY=%dG"]') % (
        _p(["geoserver_admin", "gs_admin_pw", "gs-admin"]), _ri(1, 8))


@_B
def _():
    return "$ kubectl describe secret %s -n %s\nName:         %s\nType:  Opaque\n\nData\n====\npassword:  %d bytes\nusername:  %d bytes" % (
        "postgis-creds", "gis", "postgis-creds", _ri(12, 40), _ri(4, 12))


@_B
def _():
    return '$ npm config list\n; "user" config from /home/%s/.npmrc\n//registry.npmjs.org/:_authToken = (protected)\n@%s:registry = "https://npm.pkg.github.com/"' % (_name(), _org())


@_B
def _():
    return "$ gpg --list-keys tle-signing@%s\npub   ed25519 %s [SC]\n      %s\nuid           [ultimate] TLE Signing <tle-signing@%s>" % (
        _dom(), _date(), _HEX(40), _dom())


@_B
def _():
    return "$ fly secrets list -a geocoder-edge\nNAME            DIGEST                  CREATED AT\nGEOAPIFY_KEY    %s        %s\nSENTRY_DSN      %s        %s" % (
        _hex(16), _date(), _hex(16), _date())


@_B
def _():
    return "$ ssh-add -l\n256 SHA256:%s %s@laptop (ED25519)\n3072 SHA256:%s deploy@ci (RSA)" % (_b64(32).rstrip("="), _name(), _b64(32).rstrip("="))


@_B
def _():
    return "$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (_b64(32)[:43], _name(), _p(["mcc-ws1", "gis-laptop", "survey-van"]))


@_B
def _():
    return '$ aws sts get-caller-identity\n{\n    "UserId": "AROA%s:%s",\n    "Account": "%s",\n    "Arn": "arn:aws:sts::%s:assumed-role/eo-ingest/%s"\n}' % (
        _anu(17), _name(), _dig(12), _dig(12), _name())


@_B
def _():
    return "$ env | grep -i key\nPLANET_API_KEY=<set>\nMAPTILER_KEY=********\nKEYBOARD=%s" % _p(["no", "de", "us", "fr"])


# ---- config-file look-alikes
@_B
def _():
    return "geoserver:\n  admin_user: admin\n  admin_password: ${GEOSERVER_ADMIN_PASSWORD}\n  data_dir: /srv/geoserver_%s" % _p(["data", "prod", "stg"])


@_B
def _():
    return '[maptiler]\napi_key = "<your-maptiler-key>"\nstyle = "%s"' % _p(["streets-v2", "topo-v2", "winter-v2", "ocean"])


@_B
def _():
    return "# .env.example\nPLANET_API_KEY=your_planet_api_key_here\nSENTINELHUB_CLIENT_ID=\nSENTINELHUB_CLIENT_SECRET=\nAOI_FILE=aoi/%s.geojson" % _p(_CITIES).lower()


@_B
def _():
    return "geoserver_admin_password: \"{{ vault_geoserver_admin_password }}\"\ngeoserver_version: 2.%d.%d" % (_ri(22, 26), _ri(0, 4))


@_B
def _():
    return "GEOSERVER_ADMIN_PASSWORD_FILE=/run/secrets/geoserver_admin\nGEOSERVER_DATA_DIR=/opt/geoserver_data\nINITIAL_MEMORY=%dG" % _ri(1, 8)


@_B
def _():
    return "        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: %s\n              key: password" % _p(["postgis-creds", "tiles-db", "wx-db", "geonode-db"])


@_B
def _():
    return "ssh_authorized_keys:\n  - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s ops@mcc-%s" % (_b64(32)[:43], _p(_SITES))


@_B
def _():
    return "<datasource>dbname='gis' host=%s port=5432 authcfg=%s key='gid' srid=3035 type=Polygon table=\"public\".\"%s\" (geom)</datasource>" % (
        _host("postgis"), _anl(7), _p(_LAYERS))


@_B
def _():
    return "[gis_%s]\nhost=%s\nport=5432\ndbname=gis\nuser=qgis\n# password comes from ~/.pgpass\nsslmode=require" % (_p(["prod", "stg", "ro"]), _host("pg"))


@_B
def _():
    return "spring.datasource.url=jdbc:postgresql://%s:5432/geonetwork\nspring.datasource.password=${DB_PASSWORD}" % _host("pg")


@_B
def _():
    return "machine urs.earthdata.nasa.gov\n  login <earthdata-username>\n  password <earthdata-password>"


@_B
def _():
    return "[StdRESTful]\n    [[Wunderground]]\n        station = replace_me\n        password = replace_me\n        enable = %s" % _p(["false", "False", "no"])


@_B
def _():
    return '<script src="https://unpkg.com/maplibre-gl@%d.%d.%d/dist/maplibre-gl.js" integrity="sha384-%s" crossorigin="anonymous"></script>' % (
        _ri(3, 4), _ri(0, 9), _ri(0, 9), _b64(48))


@_B
def _():
    return '"assets": {\n  "B04": {\n    "href": "s3://%s-cogs/%s/B04.tif",\n    "file:checksum": "1220%s",\n    "file:size": %d\n  }\n}' % (
        _org(), _s2_id(), _hex(64), _ri(10 ** 7, 10 ** 9))


@_B
def _():
    return "ntrip:\n  host: caster.%s\n  port: 2101\n  mount: %s\n  user: ${NTRIP_USER}\n  password: ${NTRIP_PASSWORD}" % (_dom(), _p(_MOUNTS))


@_B
def _():
    return "[default]\naws_access_key_id = REPLACE_ME\naws_secret_access_key = REPLACE_ME\nregion = %s" % _p(["eu-north-1", "us-west-2", "eu-central-1"])


@_B
def _():
    return "tile_cache:\n  backend: redis\n  key_prefix: \"tiles:v%d:%s:\"\n  ttl_seconds: %d" % (_ri(1, 9), _hex(12), _p([3600, 86400, 604800]))


@_B
def _():
    return "[[outputs.influxdb_v2]]\n  urls = [\"https://influx.%s\"]\n  token = \"$INFLUX_TOKEN\"\n  organization = \"metlab\"" % _dom()


@_B
def _():
    return "wpa_passphrase=${FIELD_AP_PSK}\nssid=SurveyBase-%s\nchannel=%d" % (_anu(4), _ri(1, 11))


# ---- source-code look-alikes
@_B
def _():
    return 'OPENCAGE_KEY = os.environ["OPENCAGE_KEY"]\nNOMINATIM_URL = "https://nominatim.%s/search"' % _dom()


@_B
def _():
    return 'password = getpass.getpass("NTRIP password for %s: ")\nclient = NtripClient(host, 2101, user, password)' % _p(_MOUNTS)


@_B
def _():
    return 'def tile_cache_key(z, x, y, style):\n    return hashlib.sha256(f"{style}/{z}/{x}/{y}".encode()).hexdigest()\n\n# e.g. %s' % _hex(64)


@_B
def _():
    return "PASSWORD_MIN_LENGTH = %d\nPASSWORD_REQUIRE_SYMBOL = True\nPASSWORD_MAX_AGE_DAYS = %d" % (_ri(10, 16), _p([90, 180, 365]))


@_B
def _():
    return 'token = request.headers.get("Authorization", "").removeprefix("Bearer ")\nif not token:\n    abort(%d)' % _p([401, 403])


@_B
def _():
    return "mapboxgl.accessToken = import.meta.env.VITE_MAPBOX_TOKEN;\nconst map = new mapboxgl.Map({ container: 'map', zoom: %d });" % _ri(2, 14)


@_B
def _():
    return 'apiKey := os.Getenv("WINDY_API_KEY")\nif apiKey == "" {\n\tlog.Fatal("WINDY_API_KEY not set")\n}\n// build %s' % _hex(7)


@_B
def _():
    return 'EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"\nassert checksum(b"") == EMPTY_SHA256  # case %d' % _ri(1, 999)


@_B
def _():
    return 'STATION_NS = uuid.UUID("%s")\nstation_id = uuid.uuid5(STATION_NS, wmo_code)' % _uuid()


@_B
def _():
    return 'REDACT = re.compile(r"(password|apikey|token)=([^&\\s]+)", re.I)\nline = REDACT.sub(r"\\1=***", line)  # %s' % _p(["log filter", "before upload", "v%d" % _ri(1, 9)])


@_B
def _():
    return 'def test_redacts_key():\n    assert redact("https://x/?appid=REDACTED") == "https://x/?appid=***"  # id %d' % _ri(1, 999)


@_B
def _():
    l1, l2 = _tle()
    return 'TLE = """%s\n%s"""\nsat = Satrec.twoline2rv(*TLE.splitlines())' % (l1, l2)


@_B
def _():
    return 'H3_RES = %d\nCELL = "%s"\nCRS = "EPSG:%d"' % (_ri(5, 10), "8" + _p("9a") + _hex(9) + "ffff", _p([25832, 25833, 3035, 4326, 3857, 32633]))


@_B
def _():
    return 'if not password:\n    raise ValueError("NTRIP password missing: set NTRIP_PASSWORD or use --password-file")  # %s' % _p(["cli.py", "relay.py", "client.py"])


@_B
def _():
    return 'GREETING = base64.b64decode("%s").decode()  # banner text' % _b64s(_p(["Welcome to the ", "Hello from ", "Ground station "]) + _p(_SITES))


@_B
def _():
    return 'SECRET_NAME = "projects/%s/secrets/%s/versions/latest"\nkey = sm.access_secret_version(name=SECRET_NAME).payload.data.decode()' % (
        _org(), _p(["planet-api-key", "maptiler-key", "spacetrack-password", "cds-key"]))


@_B
def _():
    return 'const DEFAULT_STYLE = "mapbox://styles/%s/cl%s";  // public style URL' % (_name(), _anl(23))


@_B
def _():
    return 'KNOWN_GOOD_COMMIT = "%s"  # last release that rendered z15 correctly' % _hex(40)


@_B
def _():
    return 'headers = {"Authorization": f"Bearer {settings.CESIUM_TOKEN}", "X-Request-Id": "%s"}' % _uuid()


# ---- stack-trace-or-log look-alikes
@_B
def _():
    return "%s INFO tiles request_id=%s trace_id=%s span_id=%s status=200 dur=%dms" % (_tsz(), _uuid(), _hex(32), _hex(16), _ri(2, 900))


@_B
def _():
    return "%s DEBUG upstream headers: {'Authorization': 'Bearer [REDACTED]', 'Accept': 'application/json'} url=https://api.%s/v1/forecast" % (_ts(), _dom())


@_B
def _():
    return '%s UTC [%d] FATAL:  password authentication failed for user "%s"' % (_ts().replace("T", " "), _ri(1000, 99999), _p(["tiler", "geoserver", "qgis", "wx_ingest"]))


@_B
def _():
    return "[config]\n.> app:         eo_tasks:0x7f%s\n.> transport:   amqp://eo_worker:**@rabbit.%s:5672/eo\n.> results:     disabled://" % (_hex(8), _dom())


@_B
def _():
    return '%s - - [%02d/Jun/2024:%02d:%02d:%02d +0000] "GET /tiles/%d/%d/%d.pbf HTTP/1.1" 200 %d etag="W/\\"%s\\""' % (
        _ip(), _ri(1, 28), _ri(0, 23), _ri(0, 59), _ri(0, 59), _ri(0, 16), _ri(0, 9999), _ri(0, 9999), _ri(100, 90000), _hex(16))


@_B
def _():
    return "< x-amz-request-id: %s\n< x-amz-id-2: %s\n< ETag: \"%s\"" % (_anu(16), _b64(54), _hex(32))


@_B
def _():
    return "%s: Pulling from osgeo/gdal\nDigest: sha256:%s\nStatus: Downloaded newer image for ghcr.io/osgeo/gdal:ubuntu-full-3.%d.%d" % (
        _p(["latest", "ubuntu-full", "alpine-small"]), _hex(64), _ri(6, 9), _ri(0, 3))


@_B
def _():
    return "%s WARN auth: JWT expired at %sZ. Current time: %sZ (kid=%s)" % (_ts(), _ts(), _ts(), _hex(16))


@_B
def _():
    return "%s WARN forecast: GET https://api.openweathermap.org/data/2.5/weather?q=%s&appid=**** -> 401 Invalid API key" % (_ts(), _p(_CITIES))


@_B
def _():
    return "%s INFO com.zaxxer.hikari.HikariDataSource - HikariPool-%d - Starting... jdbcUrl=jdbc:postgresql://%s:5432/gis user=geoserver" % (_ts(), _ri(1, 4), _host("pg"))


@_B
def _():
    return "%s INFO downloader: %s.zip done (%d MB) md5=%s" % (_ts(), _s2_id(), _ri(300, 1200), _hex(32))


@_B
def _():
    return ("java.lang.OutOfMemoryError: Java heap space\n\tat org.geotools.image.ImageWorker.rescale(ImageWorker.java:%d)\n"
            "\tat org.geoserver.wms.map.RenderedImageMapOutputFormat.produceMap(RenderedImageMapOutputFormat.java:%d)") % (_ri(100, 2000), _ri(100, 900))


@_B
def _():
    return "weewx[%d] INFO weewx.restx: Wunderground-PWS: Published record %s (%d)" % (_ri(100, 9999), _ts().replace("T", " "), _ri(1700000000, 1720000000))


@_B
def _():
    return '%s kubelet[%d]: MountVolume.SetUp succeeded for volume "%s" (UniqueName: "kubernetes.io/secret/%s-%s")' % (
        _p(["Jun 11", "Jul 02"]), _ri(100, 9000), _p(["postgis-creds", "ntrip-caster", "maptiler"]), _uuid(), "creds")


@_B
def _():
    return "%s systemd-logind[%d]: New session %d of user ops.\n%s sshd[%d]: Accepted publickey for ops from %s port %d ssh2: ED25519 SHA256:%s" % (
        _p(["Aug 19", "Sep 30"]), _ri(100, 999), _ri(1, 9999), _p(["Aug 19", "Sep 30"]), _ri(1000, 9999), _ip(), _ri(30000, 65000), _b64(32).rstrip("="))


@_B
def _():
    return "%s INFO geowebcache: truncating layer %s gridset EPSG:%d zoom %d-%d (task %s)" % (_ts(), _p(_LAYERS), _p([3857, 4326, 25833]), _ri(0, 5), _ri(10, 18), _hex(8))


@_B
def _():
    return "detect secrets...........................................................Passed\ncheck for added large files..............................Passed\n[%s %s] add flood layer" % (_p(["main", "feat/flood"]), _hex(7))


@_B
def _():
    return "%s INFO ntrip: sourcetable received, %d mountpoints\nSTR;%s;%s;RTCM 3.2;1004(1),1012(1),1077(1);2;GPS+GLO+GAL;SNIP;NOR;%.2f;%.2f;1;0;sNTRIP;none;B;N;%d;" % (
        _ts(), _ri(5, 80), _p(_MOUNTS), _p(_CITIES), _R.uniform(55, 71), _R.uniform(4, 31), _ri(1000, 9600))


@_B
def _():
    return "%s ERROR tle_sync: login to space-track failed (HTTP 401) for identity ops@%s; password not logged" % (_ts(), _dom())


@_B
def _():
    return "%s INFO export: signed download link issued for job %d (expires in 3600 s, signature omitted)" % (_ts(), _ri(1000, 99999))


# ---- note-or-chat look-alikes
@_B
def _():
    return "The Planet key lives in 1Password under 'EO / Planet API (%s)'; ask %s for access." % (_p(["prod", "staging", "research"]), _fullname())


@_B
def _():
    return "%s: please don't paste tokens in Slack -- use the vault path secret/eo/%s instead." % (_fullname(), _p(["planet", "maxar", "sentinelhub", "cds"]))


@_B
def _():
    return "Password policy (%s): at least %d characters, no reuse of the last %d passwords, rotate every %d days, MFA required for GeoServer admins." % (
        _org(), _ri(12, 16), _ri(3, 10), _p([60, 90, 180]))


@_B
def _():
    return "%s: passordet ligger i Vault under secret/gnss/caster-%s -- ikke skriv det her i tråden." % (_fullname(), _p(_SITES))


@_B
def _():
    return "%s: das Passwort für den GeoServer wurde rotiert, das neue liegt im Passwort-Safe (Eintrag \"GeoServer %s\")." % (_fullname(), _p(["Prod", "Test", "Intern"]))


@_B
def _():
    return "%s : le mot de passe est dans le coffre, ne le mets pas dans le ticket GIS-%d." % (_fullname(), _ri(100, 999))


@_B
def _():
    return "%s: la contraseña ya no es la del README; pídela por el gestor de secretos (ruta secret/dron/%s)." % (_fullname(), _p(["flota", "piloto", "base"]))


@_B
def _():
    return "%s：密码已经更新，放在密码管理器里了，不要发到群里。" % _p(["王工", "李老师", "张经理", "陈博", "刘工"])


@_B
def _():
    return "%s のパスワードは変更済みです。新しいものはVaultの secret/gs/%s にあります。" % (_p(["地上局", "気象サーバ", "測量DB"]), _p(_SITES))


@_B
def _():
    return "Rotated the MapTiler key on %s; the old one (ending ...%s) is revoked." % (_date(), _an(4))


@_B
def _():
    return "DECISION %s: CI uses OIDC to assume arn:aws:iam::%s:role/eo-ingest-ci; no long-lived AWS keys in GitHub secrets." % (_date(), _dig(12))


@_B
def _():
    return "Checksum for the DEM tile %s is %s -- matches the manifest." % (_anu(6), _hex(64))


@_B
def _():
    return "%s: commit %s fixed the token refresh race, see MR !%d" % (_fullname(), _hex(_p([7, 9, 12])), _ri(10, 999))


@_B
def _():
    return "NOTE: the password field in the QGIS connection dialog is empty because the layer uses authcfg %s (stored in qgis-auth.db)." % _anl(7)


@_B
def _():
    return "%s: use ${NTRIP_PASSWORD} in the systemd unit, never the literal value, and keep the EnvironmentFile at 0600." % _fullname()


@_B
def _():
    return "FYI the TLE signing key id is 0x%s (public key is on keys.openpgp.org)." % _HEX(16)


@_B
def _():
    return "Reminder: rotate the Space-Track password every 90 days; next rotation due %s. Owner: %s." % (_date(), _fullname())


@_B
def _():
    return "GCP %d is at ///%s.%s.%s (what3words), plus code %s%s+%s" % (
        _ri(1, 40), _p(_LWORDS), _p(_LWORDS), _p(_LWORDS), _s("23456789CFGHJMPQRVWX", 4), _s("23456789CFGHJMPQRVWX", 4), _s("23456789CFGHJMPQRVWX", 2))


@_B
def _():
    return "%s: password reset link for the Copernicus account expired, requested a new one -- will update the vault entry when it arrives." % _fullname()


@_B
def _():
    return "Handover: ops MFA uses the YubiKey in the safe (serial %s); the TOTP seed is not written anywhere else." % _dig(8)


@_B
def _():
    return "Goal: rotate the GeoServer admin password without downtime; read the new value from secret/geoserver/admin at deploy time (ticket GIS-%d)." % _ri(100, 999)


@_B
def _():
    return "%s: токен не вставляй в чат, он лежит в Vault: secret/wx/%s" % (_fullname(), _p(["windy", "meteo", "radar"]))


# ---- ci-and-deploy look-alikes
@_B
def _():
    return "      - run: ./gradlew assembleRelease\n        env:\n          MAPBOX_DOWNLOADS_TOKEN: ${{ secrets.MAPBOX_DOWNLOADS_TOKEN }}\n          BUILD_NUMBER: ${{ github.run_number }}  # %s" % _hex(7)


@_B
def _():
    return "  script:\n    - pip install --index-url https://gitlab-ci-token:${CI_JOB_TOKEN}@gitlab.%s/api/v4/projects/%d/packages/pypi/simple geo-utils" % (_dom(), _ri(10, 999))


@_B
def _():
    return "withCredentials([usernamePassword(credentialsId: '%s', usernameVariable: 'GS_USER', passwordVariable: 'GS_PASS')]) {\n  sh './seed.sh'\n}" % _p(["geoserver-admin", "gs-prod", "geoserver-stg"])


@_B
def _():
    return "      image: ghcr.io/%s/tile-renderer@sha256:%s" % (_org(), _hex(64))


@_B
def _():
    return "helm upgrade --install geonode geonode/geonode --set postgresql.auth.existingSecret=%s --set image.tag=%d.%d.%d" % (
        _p(["postgis-creds", "geonode-db"]), _ri(3, 4), _ri(0, 9), _ri(0, 9))


@_B
def _():
    return "permissions:\n  id-token: write\n  contents: read\nsteps:\n  - uses: aws-actions/configure-aws-credentials@v4\n    with:\n      role-to-assume: arn:aws:iam::%s:role/%s" % (
        _dig(12), _p(["eo-ingest-ci", "tiles-deploy", "stac-publisher"]))


@_B
def _():
    return 'resource "aws_db_instance" "postgis" {\n  username = "gisadmin"\n  password = random_password.db.result\n  kms_key_id = "arn:aws:kms:eu-north-1:%s:key/%s"\n}' % (_dig(12), _uuid())


@_B
def _():
    return "ansible_become_pass: \"{{ vault_become_pass_%s }}\"\nansible_user: ops" % _p(_SITES).replace("-", "_")


@_B
def _():
    return "$ pulumi config set --secret tileserver:dbPassword\nvalue: \n$ pulumi up --stack %s" % _p(["prod", "stg", "dev"])


@_B
def _():
    return "$ echo \"$DEPLOY_TOKEN\" | docker login registry.%s -u deploy --password-stdin\n[MASKED]\nLogin Succeeded" % _dom()


@_B
def _():
    return "Run curl -fsS -u \"admin:***\" -X POST https://%s/geoserver/rest/reload\n  curl -fsS -u \"admin:***\" -X POST https://%s/geoserver/rest/reload" % (_host("geoserver"), _host("geoserver"))


@_B
def _():
    return "secrets:\n  geoserver_admin:\n    file: ./secrets/geoserver_admin.txt\n  postgres_password:\n    external: true  # created %s" % _date()


@_B
def _():
    return "cache:\n  key: pip-%s\n  paths: [.cache/pip]" % _hex(64)


@_B
def _():
    return "  source:\n    repoURL: https://git.%s/gis/deploy.git\n    targetRevision: %s\n    path: charts/tegola" % (_dom(), _hex(40))


@_B
def _():
    return "cosign verify --key cosign.pub ghcr.io/%s/tegola@sha256:%s" % (_org(), _hex(64))


@_B
def _():
    return "      - uses: actions/checkout@%s  # v4.%d.%d" % (_hex(40), _ri(0, 2), _ri(0, 9))


@_B
def _():
    return "EnvironmentFile=/etc/ntrip-relay/%s.env\nExecStart=/usr/local/bin/str2str -in serial://ttyUSB0 -out ntrips://:${NTRIP_PASSWORD}@${CASTER}:2101/${MOUNT}" % _p(_SITES)


@_B
def _():
    return "variables:\n  GS_ADMIN_PASSWORD: $GS_ADMIN_PASSWORD   # protected + masked CI variable\n  GS_URL: https://%s/geoserver" % _host("geoserver")


# ---- vendor-token look-alikes (public ids, scene ids, geocodes)
@_B
def _():
    return "product: %s" % _s2_id()


@_B
def _():
    return "scene_id=%s cloud_cover=%.1f" % (_landsat_id(), _R.uniform(0, 100))


@_B
def _():
    return "planet item %s_%06d_%02d_%s (PSScene, ortho_analytic_8b_sr)" % (_date().replace("-", ""), _ri(0, 235959), _ri(0, 99), _hex(4))


@_B
def _():
    l1, l2 = _tle()
    return "%s\n%s\n%s" % (_p(_SATS), l1, l2)


@_B
def _():
    return "geohash=%s h3=%s quadkey=%s" % (_s("0123456789bcdefghjkmnpqrstuvwxyz", 11), "8" + _p("9a") + _hex(10) + "fff", _s("0123", _ri(12, 18)))


@_B
def _():
    return "https://www.arcgis.com/home/item.html?id=%s  (public web map)" % _hex(32)


@_B
def _():
    return 'new google.maps.Map(el, { mapId: "%s", center, zoom: %d });' % (_hex(16), _ri(3, 15))


@_B
def _():
    return "arn:aws:kms:%s:%s:key/%s" % (_p(["eu-north-1", "us-west-2", "eu-central-1"]), _dig(12), _uuid())


@_B
def _():
    return "collection concept-id C%s-%s (doi:10.5067/%s/%s.061)" % (_dig(10), _p(["LPCLOUD", "NSIDC_CPRD", "POCLOUD", "GES_DISC"]), _p(["MODIS", "VIIRS"]), _p(["MOD09GA", "MYD11A1", "VNP46A1"]))


@_B
def _():
    return "NORAD %d, COSPAR %s-%03d%s, operator %s" % (_ri(20000, 60000), _yr(), _ri(1, 300), _p("ABCDE"), _org())


@_B
def _():
    return '$ az account show\n{\n  "id": "%s",\n  "name": "EO-Production",\n  "tenantId": "%s",\n  "user": {"name": "%s@%s", "type": "user"}\n}' % (_uuid(), _uuid(), _name(), _dom())


@_B
def _():
    return '{"keys":[{"kty":"RSA","kid":"%s","use":"sig","alg":"RS256","n":"%s","e":"AQAB"}]}' % (_hex(40), _b64url(256))


@_B
def _():
    return "|1|%s=|%s= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s" % (_b64(20)[:27], _b64(20)[:27], _b64(32)[:43])


@_B
def _():
    return 'PROJCRS["ETRS89 / UTM zone %dN",BASEGEOGCRS["ETRS89",DATUM["European Terrestrial Reference System 1989"]],ID["EPSG",%d]]' % (_ri(28, 37), _ri(25828, 25837))


@_B
def _():
    return "Key-Pair-Id=K%s (CloudFront public key id), signature lives in the signed cookie set by the edge" % _anu(13)


@_B
def _():
    return "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE  # documentation placeholder from the AWS docs, ticket %d" % _ri(100, 9999)


@_B
def _():
    return "MAPTILER_KEY=xxxxxxxxxxxxxxxxxxxx  # %s" % _p(["get yours at cloud.maptiler.com", "placeholder", "set in CI"])


@_B
def _():
    return "Authorization: Token <your-satnogs-api-token>   # station %d" % _ri(100, 3000)


@_B
def _():
    return "ghp_************************************ (revoked %s)" % _date()


@_B
def _():
    return "sk_live_... is stored in Stripe dashboard only; billing service reads STRIPE_SECRET_KEY from %s" % _p(["AWS Secrets Manager", "Vault", "Doppler"])


# ================================================================ assembly
_TARGET_PER_GROUP = 187
_BENIGN_TARGET = 950


def _build_secrets():
    by_group = {}
    for g, name, fn, n in _FORMATS:
        by_group.setdefault(g, []).append((name, fn, n))
    out = []
    seen = set()
    for g, items in by_group.items():
        k = len(items)
        total = min(sum(n for _, _, n in items), _TARGET_PER_GROUP)
        base, extra = divmod(total, k)
        for i, (name, fn, n) in enumerate(items):
            count = min(n, base + (1 if i < extra else 0))
            for _ in range(count):
                for _attempt in range(50):
                    text, secret, visible = fn()
                    if secret in seen or secret not in text or len(secret) < 6:
                        continue
                    if visible and (visible not in text or secret in visible):
                        visible = ""
                    break
                else:
                    raise RuntimeError("could not draw a fresh value for " + name)
                seen.add(secret)
                out.append((g, name, text, secret, visible))
    return out


def _build_benign(secret_values):
    out = []
    have = set()
    rounds = 0
    while len(out) < _BENIGN_TARGET and rounds < 100:
        rounds += 1
        for fn in _BT:
            if len(out) >= _BENIGN_TARGET:
                break
            s = fn()
            if s in have:
                continue
            if any(v in s for v in secret_values):
                continue
            have.add(s)
            out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])

del _G
