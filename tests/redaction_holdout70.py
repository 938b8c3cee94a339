"""Blind hold-out corpus #70 for a secret-redaction engine.

What it is
----------
A fixed, seeded set of text fragments of the kind a coding agent (Claude
Code, Codex, Gemini CLI) stores as its working state: goals, running notes,
shell commands it ran, tool output, excerpts of files it opened, decisions,
chat messages pasted in by teammates, log lines and CI configuration.  Some
fragments carry a credential that a redaction engine must remove; the others
carry none but look secret-ish to a naive scanner.

Theme
-----
Film, TV, VFX, animation, music and podcast production: render farms and
queue managers (Deadline, Tractor, OpenCue), production tracking and review
(ShotGrid/Flow, ftrack, Frame.io, Kitsu), plugin and DCC licence servers
(RLM, FlexLM for Houdini/Nuke/Maya), cloud transcoding and video APIs (Mux,
Cloudinary, AWS MediaConvert, Vimeo), stock media and music-licensing APIs,
DAW and sample-library accounts, podcast hosting and distribution feeds, NAS
and editorial storage in studios.

Provenance
----------
Written blind, from general knowledge only: no redaction rules, no other
corpus and no web search were consulted.  Where a vendor's real credential
shape is known it is imitated (prefix, length, alphabet); where it is not
known a plausible shape was invented.  Every host, studio, person, show and
value is fictitious, and every credential is a fresh random draw that grants
access to nothing.

Layout
------
SECRETS
    A list of 5-tuples ``(group, format, text, secret, visible)``.
    ``group`` is one of command, tool-output, config-file, source-code,
    stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token.
    ``format`` is a kebab-case name of the shape, used at most three times.
    ``text`` is the fragment as the agent recorded it.  ``secret`` is the
    exact substring of ``text`` that must not survive redaction (only the key
    body of a PEM key, only the signature of a signed URL, only the password
    of a user:password pair).  ``visible`` is a substring of ``text`` that
    must stay readable after redaction, or "".
BENIGN
    A list of distinct strings, in the same contexts and groups, that hold no
    credential but look like one to a naive scanner: commit SHAs, checksums,
    UUIDs, request and trace ids, public keys and fingerprints, public key
    ids, placeholders, masked values, references to where a secret is kept,
    base64 of ordinary text, paths, versions, prose about passwords, policy
    text and cache-key hashes.

Determinism
-----------
Every random value is drawn from ``_R = random.Random(SEED)`` at import
time, in a fixed order, and no set or hash order is ever iterated, so
importing the module twice (in one process or in two) yields identical
lists.  Nothing is printed at import.

Measured
--------
Blind, read after that session's first two rules: recall 0.979 (1,465 of 1,496; 1,464 with the
engine at that session's start) and false positives 43 of 950 (4.5%). Tuned on since: 0.990 and 4
of 950 (0.4%; the four are AWS key ids alone, which the redaction takes for a credential's id).
"""

import base64
import random
import string

SEED = 700070
_R = random.Random(SEED)

_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_DG = string.digits
_AN = _LO + _UP + _DG
_HX = "0123456789abcdef"
_B64A = _AN + "+/"
_B64U = _AN + "-_"
_SYM = "!@#%^*-_+=.?~"
_SYM_URL = "-_.~"


def _rs(n, alpha=_AN):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _rs(n, _HX)


def _HEX(n):
    return _rs(n, "0123456789ABCDEF")


def _num(n):
    return _R.choice("123456789") + _rs(n - 1, _DG)


def _low(n):
    return _rs(n, _LO + _DG)


def _up(n):
    return _rs(n, _UP + _DG)


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(nbytes):
    return base64.b64encode(_bytes(nbytes)).decode()


def _b64u(nbytes):
    return base64.urlsafe_b64encode(_bytes(nbytes)).decode().rstrip("=")


def _b64t(text):
    return base64.b64encode(text.encode()).decode()


def _b64ut(text):
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _R.choice("89ab"),
                                  h[17:20], h[20:32])


def _pick(seq):
    return _R.choice(seq)


def _wrap(s, width):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def _ip():
    return "10.%d.%d.%d" % (_R.randint(0, 60), _R.randint(0, 254), _R.randint(2, 250))


def _date():
    return "2025-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _ts():
    return "%s %s" % (_date(), _time())


def _iso():
    return "%sT%s.%03dZ" % (_date(), _time(), _R.randint(0, 999))


def _epoch():
    return str(_R.randint(1735700000, 1767000000))


def _port():
    return str(_R.randint(1025, 65000))


# --------------------------------------------------------------------------
# vocabulary
# --------------------------------------------------------------------------

_WORDS = [
    "maple", "otter", "render", "dailies", "grain", "lens", "dolly", "gaffer",
    "boom", "foley", "reel", "slate", "cutaway", "keyframe", "matte", "roto",
    "shader", "pixel", "voxel", "tundra", "falcon", "biscuit", "marble",
    "cactus", "harbor", "violet", "copper", "saffron", "nimbus", "quartz",
    "ember", "willow", "glacier", "pepper", "sparrow", "lantern", "cobalt",
    "meadow", "thistle", "juniper", "walrus", "pickle", "tangent", "oboe",
    "cello", "timpani", "banjo", "reverb", "chorus", "tremolo", "fader",
    "trombone", "mango", "papaya", "lychee", "pumice", "basalt", "granite",
    "comet", "nebula", "orbit", "zephyr", "monsoon", "drizzle", "pebble",
    "crayon", "velvet", "origami", "kettle", "teapot", "rocket", "anchor",
    "badger", "heron", "puffin", "lynx", "bison", "gecko", "mantis", "koala",
    "wombat", "narwhal", "ferret", "raven", "osprey", "beacon", "compass",
    "tripod", "gimbal", "steadicam", "clapper", "spotlight", "bokeh", "prism",
    "sepia", "celluloid", "vinyl", "cassette", "tapedeck", "mixdown", "stems",
    "bounce", "subgroup", "sidechain", "limiter", "crossfade", "montage",
    "storyboard", "animatic", "turnaround", "lookdev", "groom", "rigging",
]

_FIRST = [
    "Maya", "Tomas", "Ingrid", "Kenji", "Aoife", "Ravi", "Lucia", "Obi",
    "Sanne", "Mateus", "Yuki", "Farah", "Bruno", "Chiara", "Dmitri", "Elif",
    "Hana", "Ivo", "Jonas", "Keala", "Lior", "Marta", "Nadia", "Oskar",
    "Priya", "Quentin", "Rosa", "Soren", "Thandi", "Uma", "Viktor", "Wren",
    "Ximena", "Yara", "Zeynep", "Anouk", "Bjorn", "Camille", "Dara", "Emeka",
    "Fleur", "Gwen", "Hugo", "Ines", "Joon", "Kasia", "Leon", "Mirela",
]
_LAST = [
    "Okafor", "Lindqvist", "Tanaka", "Moreau", "Silva", "Kowalski", "Haddad",
    "Ferreira", "Nakamura", "Brennan", "Rossi", "Novak", "Petrov", "Yilmaz",
    "Jansen", "Dubois", "Castillo", "Mbeki", "Sato", "Andersen", "Kaur",
    "Horvath", "Laurent", "Abara", "Quist", "Varga", "Oyelaran", "Pereira",
]

_DOMAINS = [
    "larkspur-pictures.test", "northgate-vfx.lan", "bluefin-anim.internal",
    "quillon-sound.example", "harrow-post.test", "tidewater-studios.lan",
    "emberline.internal", "saltmarsh-media.example", "kestrel-fx.test",
    "paperboat-animation.lan", "greyhollow.internal", "moth-and-lamp.example",
]

_HOSTPFX = [
    "render-db", "nas", "wrangler", "cuebot", "tractor-engine", "deadline-rcs",
    "lic", "flame", "edit-bay", "isilon", "kitsu", "ftrack", "mongo", "pg",
    "redis", "review", "aspera", "transfer", "storage", "qumulo", "avid-nexis",
    "mam", "transcode", "farm-mgr", "audio-srv", "podcast-ingest", "vault",
]

_SHOWS = [
    ("HOLLOWTIDE", "HTD"), ("MARROW_BAY", "MRB"), ("PAPER_COMET", "PCM"),
    ("IRONVALE", "IRV"), ("SALT_AND_SILK", "SAS"), ("NIGHT_ORCHARD", "NOR"),
    ("GLASSWING", "GLW"), ("THE_LONG_FERRY", "TLF"), ("BRASS_LULLABY", "BRL"),
    ("SNOWBLIND_ALLEY", "SBA"),
]

_PODCASTS = [
    "Second Unit", "Room Tone", "The Slate Clap", "Cutting Room Talk",
    "Dead Air Diaries", "Frame Rate", "Lens Flare Weekly", "The Foley Pit",
    "Off The Timeline", "Sound Stage Left",
]

_SOFT = ["houdini", "nuke", "maya", "katana", "mari", "resolve", "flame",
         "premiere", "avid", "protools", "reaper", "blender", "unreal", "clarisse"]


def _person():
    return _pick(_FIRST), _pick(_LAST)


def _user():
    f, l = _person()
    return _pick(["%s.%s" % (f.lower(), l.lower()), f.lower(),
                  "%s%s" % (f[0].lower(), l.lower()), "svc_" + _pick(_WORDS),
                  _pick(["render", "wrangler", "editor", "colorist", "mixer",
                         "pipeline", "ingest", "delivery", "review", "audio"])])


def _dom():
    return _pick(_DOMAINS)


def _email(domain=None):
    f, l = _person()
    return "%s.%s@%s" % (f.lower(), l.lower(), domain or _dom())


def _host(prefix=None):
    return "%s%02d.%s" % (prefix or _pick(_HOSTPFX), _R.randint(1, 12), _dom())


def _short(prefix=None):
    return "%s%02d" % (prefix or _pick(_HOSTPFX), _R.randint(1, 12))


def _show():
    return _pick(_SHOWS)


def _shot():
    name, ab = _show()
    return "%s_%03d_%04d" % (ab, _R.randint(101, 112), _R.randint(1, 99) * 10)


def _ver():
    return "v%03d" % _R.randint(1, 60)


def _pod():
    return _pick(_PODCASTS)


def _slug(s):
    return s.lower().replace(" ", "-")


# --------------------------------------------------------------------------
# passwords people choose
# --------------------------------------------------------------------------

def _leet(w, url=False):
    table = {"a": "4" if url else "@", "e": "3", "o": "0", "i": "1", "s": "5"}
    return "".join(table.get(c, c) if _R.random() < 0.6 else c for c in w)


def _pron(n):
    out = []
    for i in range(n):
        out.append(_pick("bcdfghjklmnprstvz") if i % 2 == 0 else _pick("aeiou"))
    return "".join(out)


def _pw(style=None, url=False):
    syms = _SYM_URL if url else _SYM
    s = _R.randrange(9) if style is None else style
    if s == 0:
        return _pick(_WORDS).capitalize() + str(_R.randint(10, 9999)) + _pick(syms)
    if s == 1:
        sep = _pick("-._" if url else "-._ +")
        if sep == " ":
            sep = "-"
        ws = [_pick(_WORDS) for _ in range(_R.randint(3, 4))]
        return sep.join(ws) + sep + str(_R.randint(1, 99))
    if s == 2:
        p = _pron(_R.randint(8, 10))
        return p[0].upper() + p[1:] + str(_R.randint(10, 99))
    if s == 3:
        return _pick(_LO + _UP) + _rs(_R.randint(13, 19), _AN + syms)
    if s == 4:
        return _leet(_pick(_WORDS).capitalize(), url) + str(_R.randint(2015, 2026)) + _pick(syms)
    if s == 5:
        return (_pick(_WORDS).capitalize() + _pick(_WORDS).capitalize()
                + str(_R.randint(1, 9999)) + _pick(syms))
    if s == 6:
        show = _pick(_SHOWS)[0].split("_")[0].capitalize()
        return show + _pick(syms) + str(_R.randint(2019, 2026)) + _pick(syms) + _rs(2, _DG)
    if s == 7:
        return _rs(_R.randint(16, 24))
    p = _pron(6)
    return p.capitalize() + _pick(syms) + _pron(4) + str(_R.randint(100, 999))


def _pwu():
    return _pw(url=True)


# --------------------------------------------------------------------------
# token shapes
# --------------------------------------------------------------------------

def _jwt(claims=None):
    hdr = '{"alg":"HS256","typ":"JWT"}'
    body = claims or ('{"sub":"%s","iat":%s,"exp":%s,"jti":"%s"}'
                      % (_uuid(), _epoch(), _epoch(), _hex(16)))
    return "%s.%s.%s" % (_b64ut(hdr), _b64ut(body), _b64u(32))


def _aws_akid():
    return "AKIA" + _rs(16, _UP + "234567")


def _aws_secret():
    return _rs(40, _AN + "+/")


def _gh(prefix="ghp_"):
    return prefix + _rs(36)


def _glpat():
    return "glpat-" + _rs(20, _AN + "-_")


def _xox(kind="b"):
    return "xox%s-%s-%s-%s" % (kind, _num(12), _num(13), _rs(24))


def _slack_hook():
    tok = _rs(24)
    return "https://hooks.slack.com/services/T%s/B%s/%s" % (_up(10), _up(10), tok), tok


def _discord_hook():
    tok = _rs(68, _AN + "-_")
    return "https://discord.com/api/webhooks/%s/%s" % (_num(19), tok), tok


def _mux_secret():
    return _rs(75, _AN + "+/")


def _fio():
    return "fio-u-" + _rs(64, _AN + "-_")


def _sg_key():
    return _rs(_R.randint(24, 30), _LO + _DG + "$&#%^")


def _azure_key():
    return base64.b64encode(_bytes(64)).decode()


def _google_key():
    return "AIza" + _rs(35, _AN + "-_")


def _pem_body(kind="rsa"):
    if kind == "rsa":
        raw = "MIIEpAIBAAKCAQEA" + _b64(1180)
        return _wrap(raw[:1588], 64)
    if kind == "pkcs8":
        raw = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + _b64(1200)
        return _wrap(raw[:1620], 64)
    if kind == "ec":
        raw = "MHcCAQEEI" + _b64(100)
        return _wrap(raw[:164], 64)
    raw = ("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
           "QyNTUxOQAAACA" + _b64(260))
    return _wrap(raw[:392], 70)


_PEM_HEAD = {
    "rsa": ("-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----"),
    "pkcs8": ("-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----"),
    "ec": ("-----BEGIN EC PRIVATE KEY-----", "-----END EC PRIVATE KEY-----"),
    "openssh": ("-----BEGIN OPENSSH PRIVATE KEY-----", "-----END OPENSSH PRIVATE KEY-----"),
}


def _pem(kind="rsa"):
    body = _pem_body(kind)
    h, f = _PEM_HEAD[kind]
    return "%s\n%s\n%s" % (h, body, f), body


# --------------------------------------------------------------------------
# registry of secret templates: each is called three times
# --------------------------------------------------------------------------

_TEMPLATES = []


def _t(group, fmt):
    def deco(fn):
        _TEMPLATES.append((group, fmt, fn))
        return fn
    return deco


# ==========================================================================
# group: command
# ==========================================================================

_G = "command"


@_t(_G, "pgpassword-env-psql")
def _():
    pw, h = _pw(), _host("cuebot-db")
    return ("PGPASSWORD='%s' psql -h %s -U cuebot -d cuebot -c \"select count(*) from frame where str_state='RUNNING';\""
            % (pw, h), pw, h)


@_t(_G, "mysql-inline-dash-p")
def _():
    pw, h = _pw(), _host("tractor-db")
    return ("mysql -h %s -u tractor -p'%s' tractordb -e 'SELECT jid, title FROM jobs ORDER BY jid DESC LIMIT 20'"
            % (h, pw), pw, h)


@_t(_G, "mongosh-uri-with-password")
def _():
    pw, h = _pwu(), _host("mongo")
    return ('mongosh "mongodb://deadline:%s@%s:27017/deadline10db?authSource=admin" --eval "db.Jobs.countDocuments({Stat: 2})"'
            % (pw, h), pw, h)


@_t(_G, "mount-cifs-password-option")
def _():
    pw, h, u = _pw(), _short("nas"), _user()
    return ("sudo mount -t cifs //%s/editorial /mnt/editorial -o username=%s,password=%s,vers=3.0,uid=1001"
            % (h, u, pw), pw, "/mnt/editorial")


@_t(_G, "smbclient-user-percent-password")
def _():
    pw, h = _pw(), _short("audio-srv")
    return ("smbclient //%s/stems -U 'mixer%%%s' -c 'ls ep%02d/*'" % (h, pw, _R.randint(1, 40)), pw, "smbclient")


@_t(_G, "sshpass-rsync-renders")
def _():
    pw, h, s = _pw(), _host("storage"), _shot()
    return ("sshpass -p '%s' rsync -avP renders/%s/ artist@%s:/mnt/projects/renders/%s/"
            % (pw, s, h, s), pw, h)


@_t(_G, "curl-basic-user-colon-password")
def _():
    pw, h = _pwu(), _host("kitsu")
    return ("curl -s -u svc_review:%s https://%s/api/data/projects/open | jq '.[].name'" % (pw, h), pw, h)


@_t(_G, "curl-bearer-frameio-me")
def _():
    tok = _fio()
    return ('curl -s -H "Authorization: Bearer %s" https://api.frame.io/v2/me | jq .account_id' % tok,
            tok, "api.frame.io")


@_t(_G, "curl-mux-token-pair")
def _():
    tid, sec = _uuid(), _mux_secret()
    return ('curl -s https://api.mux.com/video/v1/assets -H "Content-Type: application/json" -u "%s:%s" '
            "-d '{\"input\":\"https://cdn.example/dailies/%s.mov\",\"playback_policy\":[\"signed\"]}'"
            % (tid, sec, _shot()), sec, "api.mux.com")


@_t(_G, "export-cloudinary-url")
def _():
    sec, key = _rs(27, _AN + "-_"), _num(15)
    return ("export CLOUDINARY_URL=cloudinary://%s:%s@%s-media && cld admin resources max_results=5"
            % (key, sec, _pick(["larkspur", "northgate", "bluefin"])), sec, "cld admin resources")


@_t(_G, "aws-configure-set-secret")
def _():
    sec = _aws_secret()
    return ("aws configure set aws_secret_access_key %s --profile mediaconvert-%s" % (sec, _pick(["prod", "dailies", "vod"])),
            sec, "aws configure set")


@_t(_G, "docker-login-password-flag")
def _():
    pw, h = _pw(), _host("harbor")
    return ("docker login %s -u robot_pipeline -p '%s'" % (h, pw), pw, h)


@_t(_G, "echo-token-docker-password-stdin")
def _():
    tok = _gh()
    u = _user()
    return ('echo "%s" | docker login ghcr.io -u %s --password-stdin' % (tok, u), tok, "ghcr.io")


@_t(_G, "gh-auth-with-token-herestring")
def _():
    tok = _gh("gho_")
    return ("gh auth login --hostname github.com --with-token <<< '%s'" % tok, tok, "gh auth login")


@_t(_G, "git-clone-oauth2-token-url")
def _():
    tok = _glpat()
    h = "gitlab." + _dom()
    return ("git clone https://oauth2:%s@%s/pipeline/render-submit.git" % (tok, h), tok, h)


@_t(_G, "git-remote-set-url-user-password")
def _():
    pw, u = _pwu(), _user()
    return ("git remote set-url origin https://%s:%s@bitbucket.org/%s/nuke-gizmos.git"
            % (u, pw, _pick(["larkspur", "northgate", "kestrel"])), pw, "git remote set-url origin")


@_t(_G, "kubectl-create-secret-from-literal")
def _():
    key = _uuid()
    return ("kubectl -n pipeline create secret generic ftrack-api --from-literal=api_user=ftrack-bot "
            "--from-literal=api_key=%s" % key, key, "kubectl -n pipeline create secret generic ftrack-api")


@_t(_G, "helm-upgrade-set-password")
def _():
    pw = _pw(7)
    return ("helm upgrade --install kitsu ./charts/kitsu -n review --set postgresql.auth.password=%s --set zou.replicas=2"
            % pw, pw, "helm upgrade --install kitsu")


@_t(_G, "ffmpeg-rtmp-youtube-stream-key")
def _():
    key = "-".join(_low(4) for _ in range(5))
    return ("ffmpeg -re -i program_out.mov -c:v libx264 -preset veryfast -b:v 6000k -c:a aac -f flv "
            "rtmp://a.rtmp.youtube.com/live2/%s" % key, key, "rtmp://a.rtmp.youtube.com/live2/")


@_t(_G, "ffmpeg-srt-passphrase-query")
def _():
    pw, h = _pw(1, url=True), _host("transcode")
    return ('ffmpeg -i rtp://239.0.0.5:5004 -c copy -f mpegts "srt://%s:9000?mode=caller&passphrase=%s&pbkeylen=16&latency=200000"'
            % (h, pw), pw, h)


@_t(_G, "aspera-scp-pass-env")
def _():
    pw, h = _pw(), _host("aspera")
    return ("ASPERA_SCP_PASS='%s' ascp -P 33001 -l 500M -k 2 ./deliverables/ep%03d/ xfer_vendor@%s:/incoming/"
            % (pw, _R.randint(101, 112), h), pw, h)


@_t(_G, "seven-zip-archive-password")
def _():
    pw = _pw()
    return ("7z a -t7z -p'%s' -mhe=on %s_turnover.7z ./turnover/" % (pw, _show()[1]), pw, "_turnover.7z")


@_t(_G, "zip-capital-p-password")
def _():
    pw = _pw(2)
    return ("zip -r -P %s stems_%s.zip stems/ && ls -lh stems_*.zip" % (pw, _date()), pw, "stems/")


@_t(_G, "openssl-pkcs12-passin")
def _():
    pw = _pw()
    return ("openssl pkcs12 -in /opt/Thinkbox/certs/Deadline10RemoteClient.pfx -passin pass:%s -nokeys -out client.crt" % pw,
            pw, "Deadline10RemoteClient.pfx")


@_t(_G, "keytool-storepass")
def _():
    pw = _pw()
    return ("keytool -list -v -keystore /etc/review-bridge/keystore.jks -storepass '%s' | grep Alias" % pw,
            pw, "keytool -list -v")


@_t(_G, "htpasswd-batch-positional")
def _():
    pw = _pw(1)
    c = _pick(["client_netflix", "client_a24", "director", "producer"])
    return ("sudo htpasswd -b /etc/nginx/.htpasswd_dailies %s '%s'" % (c, pw), pw, c)


@_t(_G, "sidefx-fetch-client-secret-flag")
def _():
    sec = _rs(40, _AN)
    cid = _rs(40, _AN)
    return ("python3 tools/fetch_houdini.py --client-id %s --client-secret %s --version 20.5 --platform linux"
            % (cid, sec), sec, "fetch_houdini.py")


@_t(_G, "vault-kv-put-password")
def _():
    pw = _pw()
    return ("vault kv put secret/render/mongo username=deadline password='%s'" % pw, pw, "secret/render/mongo")


@_t(_G, "op-item-create-login")
def _():
    pw, h = _pw(), _host("nas")
    return ('op item create --category=login --title="NAS admin %s" --url https://%s:5001 username=admin \'password=%s\''
            % (h.split(".")[0], h, pw), pw, h)


@_t(_G, "redis-cli-dash-a")
def _():
    pw, h = _pw(7), _host("redis")
    return ("redis-cli -h %s -p 6379 -a %s --no-auth-warning LLEN rq:queue:transcode" % (h, pw), pw, h)


@_t(_G, "rabbitmqctl-add-user-positional")
def _():
    pw = _pw(2)
    return ("sudo rabbitmqctl add_user opencue_events %s && sudo rabbitmqctl set_permissions -p / opencue_events '.*' '.*' '.*'"
            % pw, pw, "rabbitmqctl add_user opencue_events")


@_t(_G, "psql-create-role-password")
def _():
    pw = _pw()
    return ("psql -U postgres -c \"CREATE ROLE shotgrid_ro LOGIN PASSWORD '%s';\"" % pw, pw, "CREATE ROLE shotgrid_ro")


@_t(_G, "mysql-alter-user-identified-by")
def _():
    pw = _pw()
    return ("mysql -u root -e \"ALTER USER 'ftrack'@'%%' IDENTIFIED BY '%s'; FLUSH PRIVILEGES;\"" % pw, pw, "ALTER USER")


@_t(_G, "windows-net-use-password")
def _():
    pw, h = _pw(), _short("isilon")
    return ("net use Z: \\\\%s\\projects %s /user:STUDIO\\editor /persistent:yes" % (h, pw), pw, h)


@_t(_G, "windows-cmdkey-add-pass")
def _():
    pw, h = _pw(), _short("avid-nexis")
    return ("cmdkey /add:%s /user:STUDIO\\colorist /pass:%s" % (h, pw), pw, h)


@_t(_G, "powershell-securestring-plaintext")
def _():
    pw, h = _pw(), _short("nas")
    return ("$sec = ConvertTo-SecureString '%s' -AsPlainText -Force; $cred = New-Object PSCredential('STUDIO\\svc_ingest', $sec); "
            "New-PSDrive -Name P -PSProvider FileSystem -Root \\\\%s\\ingest -Credential $cred" % (pw, h), pw, h)


@_t(_G, "lucid-daemon-password-flag")
def _():
    pw = _pw()
    fs = "%s.%s" % (_pick(["edit", "vfx", "audio"]), _pick(["larkspur", "northgate", "tidewater"]))
    return ("lucid daemon --fs %s --user editor --password '%s' --mount-point /Volumes/%s" % (fs, pw, fs.split(".")[0]),
            pw, "lucid daemon --fs")


@_t(_G, "rclone-config-create-s3-secret")
def _():
    ak, sec = _up(20), _rs(40, _AN)
    return ("rclone config create wasabi-archive s3 provider Wasabi access_key_id %s secret_access_key %s endpoint s3.wasabisys.com"
            % (ak, sec), sec, "rclone config create wasabi-archive")


@_t(_G, "s3cmd-secret-key-flag")
def _():
    sec = _aws_secret()
    return ("s3cmd --access_key=%s --secret_key=%s put ep%03d_prores.mov s3://%s-mediaconvert-in/"
            % (_aws_akid(), sec, _R.randint(101, 112), _pick(["larkspur", "harrow"])), sec, "s3cmd")


@_t(_G, "az-login-service-principal")
def _():
    sec = _rs(3, _AN) + "8Q~" + _rs(34, _AN + "_-.~")
    return ("az login --service-principal -u %s -p '%s' --tenant %s" % (_uuid(), sec, _uuid()), sec, "az login --service-principal")


@_t(_G, "az-storage-account-key-flag")
def _():
    key = _azure_key()
    return ("az storage blob upload --account-name %sdailies --account-key '%s' -c renders -f %s_%s.mp4"
            % (_pick(["lark", "tide", "kes"]), key, _shot(), _ver()), key, "az storage blob upload")


@_t(_G, "curl-youtube-api-key-query")
def _():
    key = _google_key()
    return ('curl "https://www.googleapis.com/youtube/v3/videos?part=status,snippet&id=%s&key=%s"' % (_rs(11, _AN + "-_"), key),
            key, "www.googleapis.com/youtube/v3/videos")


@_t(_G, "wget-http-password")
def _():
    pw, h = _pw(), _host("review")
    return ("wget --http-user=dailies --http-password='%s' https://%s/reels/%s_cut%02d.mov"
            % (pw, h, _show()[1], _R.randint(1, 9)), pw, h)


@_t(_G, "lftp-u-user-comma-password")
def _():
    pw = _pw()
    h = "sftp.%s" % _dom()
    return ("lftp -u delivery,'%s' sftp://%s -e 'mirror -R ./QC_passed /incoming/qc; bye'" % (pw, h), pw, h)


@_t(_G, "curl-ftp-upload-userinfo")
def _():
    pw = _pwu()
    h = "ftp.%s" % _dom()
    return ("curl -T %s.wav ftp://podcast:%s@%s/uploads/" % (_slug(_pod()), pw, h), pw, h)


@_t(_G, "p4-login-echo-pipe")
def _():
    pw = _pw()
    return ("echo '%s' | p4 -u lighting_td -p ssl:perforce.%s:1666 login" % (pw, _dom()), pw, "p4 -u lighting_td")


@_t(_G, "p4-set-p4passwd")
def _():
    pw = _pw()
    return ("p4 set P4PASSWD=%s && p4 sync //depot/%s/..." % (pw, _show()[0].lower()), pw, "p4 sync")


@_t(_G, "svn-checkout-password-flag")
def _():
    pw, h = _pw(), _host("svn")
    return ("svn checkout --username layout --password '%s' https://%s/repos/previs/trunk previs" % (pw, h), pw, h)


@_t(_G, "sqlcmd-capital-p")
def _():
    pw, h = _pw(), _short("sql")
    return ('sqlcmd -S %s -U sa -P "%s" -Q "SELECT name FROM sys.databases"' % (h, pw), pw, h)


@_t(_G, "ldapsearch-bind-w")
def _():
    pw, h = _pw(), _host("dc")
    return ('ldapsearch -x -H ldap://%s -D "cn=svc_render,ou=service,dc=studio,dc=lan" -w \'%s\' "(memberOf=cn=farm-users*)" uid'
            % (h, pw), pw, h)


@_t(_G, "deadlinecommand-change-repository-cert-pass")
def _():
    pw, h = _pw(), _host("deadline-rcs")
    return ("deadlinecommand ChangeRepository Proxy %s:4433 /opt/Thinkbox/certs/Deadline10RemoteClient.pfx %s"
            % (h, pw), pw, h)


@_t(_G, "tractor-spool-passwd-flag")
def _():
    pw = _pw()
    return ("tractor-spool --engine=tractor-engine:80 --user=wrangler --passwd='%s' --priority=400 %s_lighting.alf"
            % (pw, _shot()), pw, "tractor-spool --engine=tractor-engine:80")


@_t(_G, "docker-run-env-flag-db-pass")
def _():
    pw = _pw()
    return ("docker run -d --name cuebot -p 8443:8443 -e CUE_DB_USER=cuebot -e CUE_DB_PASS='%s' opencue/cuebot:latest" % pw,
            pw, "opencue/cuebot:latest")


@_t(_G, "sqlplus-user-slash-password")
def _():
    pw, h = _pw(0), _host("oracle")
    return ("sqlplus mam_ro/%s@//%s:1521/MAMPRD @report_assets.sql" % (pw, h), pw, h)


@_t(_G, "curl-json-login-body")
def _():
    pw, h, e = _pw(), _host("kitsu"), _email()
    return ("curl -s -X POST https://%s/api/auth/login -H 'Content-Type: application/json' -d '{\"email\":\"%s\",\"password\":\"%s\"}'"
            % (h, e, pw), pw, h)


@_t(_G, "python-c-gazu-login")
def _():
    pw, e = _pw(), _email()
    return ("python3 -c \"import gazu; gazu.set_host('https://kitsu.%s/api'); gazu.log_in('%s', '%s'); print(len(gazu.project.all_open_projects()))\""
            % (_dom(), e, pw), pw, e)


@_t(_G, "ssh-keygen-new-passphrase")
def _():
    pw = _pw(1)
    return ("ssh-keygen -t ed25519 -N '%s' -C 'farm-deploy@%s' -f ~/.ssh/farm_deploy" % (pw, _dom()), pw, "~/.ssh/farm_deploy")


@_t(_G, "gpg-batch-passphrase-decrypt")
def _():
    pw = _pw(1)
    return ("gpg --batch --yes --passphrase '%s' -o stems.tar -d stems_%s.tar.gpg" % (pw, _date()), pw, "gpg --batch --yes")


@_t(_G, "ansible-playbook-extra-vars-password")
def _():
    pw = _pw()
    return ('ansible-playbook -i inventory/studio.ini nas_shares.yml -e "smb_admin_password=%s" --limit nas' % pw,
            pw, "nas_shares.yml")


@_t(_G, "terraform-apply-var-secret")
def _():
    sec = _mux_secret()
    return ('terraform apply -var "mux_token_id=%s" -var "mux_token_secret=%s" -target=module.streaming' % (_uuid(), sec),
            sec, "terraform apply")


@_t(_G, "npm-config-set-authtoken")
def _():
    tok = "npm_" + _rs(36)
    return ("npm config set //registry.npmjs.org/:_authToken %s && npm publish --access restricted" % tok, tok, "npm publish")


@_t(_G, "pip-install-index-url-credentials")
def _():
    pw, h = _pwu(), _host("nexus")
    return ("pip install --index-url https://pipeline:%s@%s/repository/pypi-internal/simple studio-pipeline-core==4.2.1"
            % (pw, h), pw, h)


@_t(_G, "twine-upload-token-password")
def _():
    tok = "pypi-AgEIcHlwaS5vcmc" + _rs(140, _AN + "-_")
    return ("twine upload -u __token__ -p %s dist/otio_studio_adapters-0.%d.0*" % (tok, _R.randint(2, 9)), tok, "twine upload")


@_t(_G, "xfreerdp-slash-p")
def _():
    pw, h = _pw(), _short("edit-bay")
    return ("xfreerdp /v:%s /u:STUDIO\\editor /p:'%s' /dynamic-resolution +clipboard" % (h, pw), pw, h)


@_t(_G, "rsync-password-env-daemon")
def _():
    pw, h = _pw(), _host("nas")
    return ("RSYNC_PASSWORD='%s' rsync -av --delete rsync://backup@%s/projects/ /backup/projects/" % (pw, h), pw, h)


@_t(_G, "curl-client-credentials-form")
def _():
    sec = _rs(32, _AN)
    return ("curl -s -X POST https://api.shutterstock.com/v2/oauth/access_token -d client_id=%s -d client_secret=%s -d grant_type=client_credentials"
            % (_rs(32, _AN), sec), sec, "api.shutterstock.com")


@_t(_G, "httpie-x-api-key-header")
def _():
    key = _rs(32, _AN)
    return ("http GET https://api.transistor.fm/v1/episodes show_id==%s x-api-key:%s" % (_num(5), key), key, "api.transistor.fm")


@_t(_G, "mysqldump-long-password-flag")
def _():
    pw = _pw()
    return ("mysqldump --user=ftrack --password='%s' --single-transaction ftrack | gzip > /backup/ftrack_%s.sql.gz" % (pw, _date()),
            pw, "mysqldump")


# ==========================================================================
# group: tool-output
# ==========================================================================

_G = "tool-output"


@_t(_G, "env-grep-mux-output")
def _():
    sec = _mux_secret()
    return ("$ env | grep -i mux\nMUX_TOKEN_ID=%s\nMUX_TOKEN_SECRET=%s\nMUX_ENV=production" % (_uuid(), sec),
            sec, "MUX_TOKEN_ID=")


@_t(_G, "docker-inspect-env-array")
def _():
    pw = _pw()
    return ('$ docker inspect cuebot --format \'{{json .Config.Env}}\' | jq .\n[\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",\n'
            '  "CUE_DB_HOST=%s",\n  "CUE_DB_PASS=%s",\n  "JAVA_HOME=/opt/java/openjdk"\n]' % (_host("pg"), pw), pw, "docker inspect cuebot")


@_t(_G, "kubectl-get-secret-yaml-base64")
def _():
    pw = _pw()
    b = _b64t(pw)
    return ("$ kubectl -n review get secret kitsu-db -o yaml\napiVersion: v1\ndata:\n  password: %s\n  username: %s\nkind: Secret\n"
            "metadata:\n  name: kitsu-db\n  namespace: review\ntype: Opaque" % (b, _b64t("zou")), b, "name: kitsu-db")


@_t(_G, "kubectl-describe-pod-literal-env")
def _():
    key = _uuid()
    return ("$ kubectl describe pod ftrack-event-listener-7d9c8-%s\n...\n    Environment:\n      FTRACK_SERVER:   https://%s.ftrackapp.com\n"
            "      FTRACK_API_USER: ftrack-bot\n      FTRACK_API_KEY:  %s\n    Mounts:\n      /var/run/secrets from kube-api-access (ro)"
            % (_low(5), _pick(["larkspur", "northgate", "kestrel"]), key), key, "FTRACK_API_USER: ftrack-bot")


@_t(_G, "git-config-list-token-remote")
def _():
    tok = _gh("ghs_")
    return ("$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://x-access-token:%s@github.com/%s/houdini-hda-library.git"
            % (tok, _pick(["larkspur-pictures", "northgate-vfx"])), tok, "houdini-hda-library.git")


@_t(_G, "cat-aws-credentials-output")
def _():
    sec = _aws_secret()
    return ("$ cat ~/.aws/credentials\n[default]\nregion = us-west-2\n\n[mediaconvert]\naws_access_key_id = %s\naws_secret_access_key = %s"
            % (_aws_akid(), sec), sec, "[mediaconvert]")


@_t(_G, "vault-kv-get-table-output")
def _():
    pw = _pw()
    return ("$ vault kv get secret/render/mongo\n====== Secret Path ======\nsecret/data/render/mongo\n\n======= Metadata =======\n"
            "Key                Value\n---                -----\ncreated_time       %s\nversion            %d\n\n====== Data ======\n"
            "Key         Value\n---         -----\npassword    %s\nusername    deadline"
            % (_iso(), _R.randint(2, 9), pw), pw, "secret/data/render/mongo")


@_t(_G, "aws-sts-session-json-output")
def _():
    sec = _aws_secret()
    return ('$ aws sts get-session-token --duration-seconds 3600\n{\n    "Credentials": {\n        "AccessKeyId": "ASIA%s",\n'
            '        "SecretAccessKey": "%s",\n        "SessionToken": "IQoJb3JpZ2luX2VjE...(truncated)",\n        "Expiration": "%s"\n    }\n}'
            % (_rs(16, _UP + "234567"), sec, _iso()), sec, "get-session-token")


@_t(_G, "gh-auth-status-show-token")
def _():
    tok = _gh("gho_")
    u = _user().replace(".", "-")
    return ("$ gh auth status -t\ngithub.com\n  \u2713 Logged in to github.com account %s (keyring)\n  - Active account: true\n"
            "  - Git operations protocol: https\n  - Token: %s\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'" % (u, tok),
            tok, "Logged in to github.com account")


@_t(_G, "heroku-config-database-url")
def _():
    pw = _pwu()
    return ("$ heroku config -a podcast-feed-proxy\n=== podcast-feed-proxy Config Vars\nDATABASE_URL: postgres://u%s:%s@ec2-%s.compute-1.amazonaws.com:5432/d%s\nNODE_ENV:     production"
            % (_low(12), pw, _ip().replace(".", "-"), _low(12)), pw, "podcast-feed-proxy")


@_t(_G, "cat-npmrc-output")
def _():
    tok = "npm_" + _rs(36)
    return ("$ cat ~/.npmrc\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=%s\nsave-exact=true" % tok,
            tok, "save-exact=true")


@_t(_G, "terraform-output-json-sensitive")
def _():
    pw = _pw()
    return ('$ terraform output -json\n{\n  "review_db_endpoint": {\n    "sensitive": false,\n    "type": "string",\n    "value": "%s:5432"\n  },\n'
            '  "review_db_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "%s"\n  }\n}' % (_host("review-db"), pw),
            pw, "review_db_endpoint")


@_t(_G, "security-find-generic-password-w")
def _():
    pw = _pw()
    return ('$ security find-generic-password -s "iLok License Manager" -a audio@%s -w\n%s' % (_dom(), pw), pw, "iLok License Manager")


@_t(_G, "ps-aux-process-password-arg")
def _():
    pw = _pw()
    return ("$ ps aux | grep lucid\nroot      %d  2.1  0.8 1843212 132004 ?  Ssl  09:12  12:44 /usr/local/bin/lucid daemon --fs edit.tidewater --user editor --password %s\n"
            "maya      %d  0.0  0.0   6432   720 pts/1  S+   11:03   0:00 grep lucid" % (_R.randint(900, 9999), pw, _R.randint(10000, 30000)),
            pw, "/usr/local/bin/lucid daemon")


@_t(_G, "shell-history-output")
def _():
    pw = _pw()
    n = _R.randint(400, 1800)
    return ("$ history | tail -4\n %d  cd /mnt/projects/%s\n %d  mysql -u ftrack -p%s ftrack\n %d  ls -la\n %d  history | tail -4"
            % (n, _show()[0].lower(), n + 1, pw, n + 2, n + 3), pw, "history | tail -4")


@_t(_G, "systemctl-cat-environment")
def _():
    pw = _pw()
    return ("$ systemctl cat deadline-webservice\n# /etc/systemd/system/deadline-webservice.service\n[Service]\nUser=deadline\n"
            "Environment=\"DEADLINE_WEB_USER=wrangler\" \"DEADLINE_WEB_PASSWORD=%s\"\nExecStart=/opt/Thinkbox/Deadline10/bin/deadlinewebservice"
            % pw, pw, "deadline-webservice.service")


@_t(_G, "docker-compose-config-rendered")
def _():
    pw = _pw()
    return ("$ docker compose config\nname: opencue\nservices:\n  db:\n    environment:\n      POSTGRES_DB: cuebot\n      POSTGRES_PASSWORD: %s\n"
            "      POSTGRES_USER: cuebot\n    image: postgres:15.6" % pw, pw, "POSTGRES_USER: cuebot")


@_t(_G, "curl-verbose-basic-header")
def _():
    u, pw = "svc_flow", _pw()
    b = _b64t("%s:%s" % (u, pw))
    h = _host("review")
    return ("* Connected to %s (%s) port 443\n> GET /api/v1/playlists HTTP/1.1\n> Host: %s\n> Authorization: Basic %s\n> User-Agent: curl/8.5.0\n> Accept: */*\n>\n< HTTP/1.1 200 OK"
            % (h, _ip(), h, b), b, "GET /api/v1/playlists")


@_t(_G, "kitsu-login-response-json")
def _():
    tok = _jwt()
    return ('{"login": true, "user": {"id": "%s", "email": "%s", "role": "admin"}, "access_token": "%s", "refresh_token": "(omitted)"}'
            % (_uuid(), _email(), tok), tok, '"login": true')


@_t(_G, "oauth-token-response-v2")
def _():
    tok = "v2/" + _rs(180, _AN + "/+")
    return ('HTTP/1.1 200 OK\ncontent-type: application/json\n\n{"access_token":"%s","token_type":"Bearer","expires_in":null}' % tok,
            tok, "token_type")


@_t(_G, "mux-signing-key-create-response")
def _():
    pk = _b64(1200)
    return ('$ curl -s -X POST https://api.mux.com/system/v1/signing-keys -u "$MUX_TOKEN_ID:$MUX_TOKEN_SECRET"\n'
            '{"data":{"private_key":"%s","id":"%s","created_at":"%s"}}' % (pk, _rs(40, _AN), _epoch()), pk, "system/v1/signing-keys")


@_t(_G, "cloudinary-config-print")
def _():
    sec = _rs(27, _AN + "-_")
    return ("$ cld config\ncloud_name: %s-media\napi_key: %s\napi_secret: %s\nsecure: True" % (_pick(["harrow", "moth", "lark"]), _num(15), sec),
            sec, "cloud_name:")


@_t(_G, "cat-etc-fstab-cifs")
def _():
    pw = _pw()
    return ("$ cat /etc/fstab | grep cifs\n//%s/projects  /mnt/projects  cifs  username=render,password=%s,vers=3.0,_netdev  0 0"
            % (_short("isilon"), pw), pw, "/mnt/projects")


@_t(_G, "ripgrep-password-hits")
def _():
    pw = _pw()
    return ('$ rg -n "passw" pipeline/\npipeline/farm/submit.py:14:# password comes from vault\npipeline/farm/mongo.py:22:MONGO_PASSWORD = "%s"\n'
            "pipeline/farm/mongo.py:31:    password=MONGO_PASSWORD," % pw, pw, "pipeline/farm/mongo.py")


@_t(_G, "git-log-p-diff-added-key")
def _():
    key = _rs(32, _AN)
    return ("$ git log -p -1 -- config/stock.py\ncommit %s\nAuthor: %s %s\n\n    add pexels search\n\n"
            "diff --git a/config/stock.py b/config/stock.py\n+PEXELS_API_KEY = \"%s\"\n+PEXELS_BASE = \"https://api.pexels.com/v1\""
            % (_hex(40), _pick(_FIRST), _pick(_LAST), key), key, "config/stock.py")


@_t(_G, "pip-config-list-output")
def _():
    pw = _pwu()
    return ("$ pip config list\nglobal.index-url='https://pipeline:%s@%s/repository/pypi/simple'\nglobal.timeout='60'" % (pw, _host("nexus")),
            pw, "global.timeout")


@_t(_G, "conda-config-channel-token")
def _():
    tok = _low(2) + "-" + _uuid()
    return ("$ conda config --show channel_alias\nchannel_alias: https://conda.%s/t/%s/" % (_dom(), tok), tok, "channel_alias")


@_t(_G, "cat-netrc-output")
def _():
    pw = _pw()
    return ("$ cat ~/.netrc\nmachine api.frame.io\n  login bot@%s\n  password %s\nmachine upload.vimeo.com login dailies" % (_dom(), pw),
            pw, "machine api.frame.io")


@_t(_G, "printenv-single-token")
def _():
    tok = _hex(32)
    return ("$ printenv VIMEO_ACCESS_TOKEN\n%s\n$ echo $?\n0" % tok, tok, "printenv VIMEO_ACCESS_TOKEN")


@_t(_G, "jq-settings-ftrack-block")
def _():
    key = _uuid()
    return ('$ jq .ftrack ~/.config/studio/settings.json\n{\n  "server_url": "https://%s.ftrackapp.com",\n  "api_user": "%s",\n  "api_key": "%s"\n}'
            % (_pick(["kestrel", "emberline"]), _email(), key), key, "server_url")


@_t(_G, "kubectl-get-configmap-leaked-password")
def _():
    pw = _pw()
    return ("$ kubectl get cm render-notifier -o yaml\napiVersion: v1\ndata:\n  SMTP_HOST: smtp.%s\n  SMTP_USER: renders\n  SMTP_PASSWORD: %s\nkind: ConfigMap"
            % (_dom(), pw), pw, "render-notifier")


@_t(_G, "az-storage-keys-list-table")
def _():
    key = _azure_key()
    return ("$ az storage account keys list -n %sarchive -o table\nCreationTime                      KeyName    Permissions    Value\n"
            "--------------------------------  ---------  -------------  -----\n%s  key1       FULL           %s"
            % (_pick(["lark", "tide", "moth"]), _iso(), key), key, "KeyName")


@_t(_G, "aws-iam-create-access-key-output")
def _():
    sec = _aws_secret()
    return ('$ aws iam create-access-key --user-name mediaconvert-ci\n{\n    "AccessKey": {\n        "UserName": "mediaconvert-ci",\n'
            '        "AccessKeyId": "%s",\n        "Status": "Active",\n        "SecretAccessKey": "%s",\n        "CreateDate": "%s"\n    }\n}'
            % (_aws_akid(), sec, _iso()), sec, "mediaconvert-ci")


@_t(_G, "cat-gcp-service-account-json")
def _():
    body = _b64(1200)[:1600]
    esc = "\\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    return ('$ cat transcoder-sa.json\n{\n  "type": "service_account",\n  "project_id": "studio-transcode-%s",\n  "private_key_id": "%s",\n'
            '  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "transcoder@studio-transcode.iam.gserviceaccount.com"\n}'
            % (_low(6), _hex(40), esc), esc, "transcoder@studio-transcode.iam.gserviceaccount.com")


@_t(_G, "cat-openssh-private-key-output")
def _():
    pem, body = _pem("openssh")
    return ("$ cat ~/.ssh/farm_deploy\n%s\n$ ls -l ~/.ssh/farm_deploy\n-rw------- 1 wrangler wrangler 411 ~/.ssh/farm_deploy" % pem,
            body, "ls -l ~/.ssh/farm_deploy")


@_t(_G, "wg-showconf-private-key")
def _():
    k = _b64(32)
    return ("$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = %s\n\n[Peer]\nPublicKey = %s\nAllowedIPs = 10.44.0.0/16"
            % (k, _b64(32)), k, "ListenPort = 51820")


@_t(_G, "deadline-get-db-settings-output")
def _():
    pw = _pw()
    return ("$ deadlinecommand -GetDatabaseSettings\nDatabaseType=MongoDB\nHostname=%s\nPort=27017\nDatabaseName=deadline10db\n"
            "Username=deadline\nPassword=%s\nSSL=True" % (_host("mongo"), pw), pw, "DatabaseName=deadline10db")


@_t(_G, "redis-config-get-requirepass")
def _():
    pw = _pw()
    return ('%s:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "%s"' % (_host("redis"), pw), pw, "CONFIG GET requirepass")


@_t(_G, "docker-logs-generated-admin-password")
def _():
    pw = _rs(20)
    return ("$ docker logs zou-init 2>&1 | tail -3\nCreating admin account admin@example.com\nGenerated admin password: %s\nInit done."
            % pw, pw, "docker logs zou-init")


@_t(_G, "jenkins-initial-admin-password-cat")
def _():
    pw = _hex(32)
    return ("$ sudo cat /var/lib/jenkins/secrets/initialAdminPassword\n%s" % pw, pw, "/var/lib/jenkins/secrets/initialAdminPassword")


@_t(_G, "mysql-select-settings-table")
def _():
    pw = _pw()
    return ("mysql> SELECT name, value FROM site_settings WHERE name LIKE 'smtp%%';\n+---------------+----------------------+\n"
            "| name          | value                |\n+---------------+----------------------+\n| smtp_host     | smtp.%s |\n"
            "| smtp_password | %s |\n+---------------+----------------------+" % (_dom(), pw), pw, "site_settings")


@_t(_G, "sqlite-select-credentials-row")
def _():
    tok = _hex(40)
    return ("$ sqlite3 ~/.local/share/podsync/state.db \"select service, token from accounts\"\nbuzzsprout|%s\nyoutube|(oauth)" % tok,
            tok, "podsync/state.db")


@_t(_G, "python-repr-config-dict")
def _():
    pw = _pw()
    return (">>> from farm.settings import DB\n>>> DB\n{'host': '%s', 'port': 5432, 'user': 'cuebot', 'password': '%s', 'sslmode': 'require'}"
            % (_host("pg"), pw), pw, "from farm.settings import DB")


@_t(_G, "cat-dotenv-output")
def _():
    sec = _rs(40, _AN)
    return ("$ cat .env\nAPP_ENV=staging\nFREESOUND_CLIENT_ID=%s\nFREESOUND_API_KEY=%s\nLOG_LEVEL=debug" % (_rs(20), sec), sec, "APP_ENV=staging")


@_t(_G, "helm-get-values-output")
def _():
    pw = _pw()
    return ("$ helm get values kitsu -n review\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    password: %s\n    username: zou\nzou:\n  replicas: 2"
            % pw, pw, "USER-SUPPLIED VALUES")


@_t(_G, "kubectl-jsonpath-base64-decoded")
def _():
    tok = _fio()
    return ("$ kubectl get secret frameio-bot -o jsonpath='{.data.token}' | base64 -d\n%s" % tok, tok, "frameio-bot")


@_t(_G, "cat-pypirc-output")
def _():
    tok = "pypi-AgEIcHlwaS5vcmc" + _rs(120, _AN + "-_")
    return ("$ cat ~/.pypirc\n[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = %s" % tok, tok, "index-servers")


@_t(_G, "cat-docker-config-auths")
def _():
    pw = _pw()
    b = _b64t("robot_pipeline:" + pw)
    return ('$ cat ~/.docker/config.json\n{\n  "auths": {\n    "%s": {\n      "auth": "%s"\n    }\n  }\n}' % (_host("harbor"), b),
            b, "~/.docker/config.json")


@_t(_G, "cat-p4tickets-output")
def _():
    t = _HEX(32)
    return ("$ cat ~/.p4tickets\nperforce.%s:1666=lighting_td:%s" % (_dom(), t), t, "~/.p4tickets")


@_t(_G, "rclone-config-show-output")
def _():
    sec = _rs(40, _AN + "+/")
    return ("$ rclone config show backblaze\n[backblaze]\ntype = b2\naccount = %s\nkey = K%s\nhard_delete = false"
            % (_hex(12), sec), "K" + sec, "hard_delete = false")


@_t(_G, "git-credential-fill-output")
def _():
    tok = _gh()
    return ("$ printf 'protocol=https\\nhost=github.com\\n' | git credential fill\nprotocol=https\nhost=github.com\nusername=%s\npassword=%s"
            % (_user(), tok), tok, "git credential fill")


@_t(_G, "cat-git-credentials-store")
def _():
    tok = _glpat()
    return ("$ cat ~/.git-credentials\nhttps://%s:%s@gitlab.%s" % (_user(), tok, _dom()), tok, "~/.git-credentials")


@_t(_G, "nmcli-show-wifi-password")
def _():
    pw = _pw(1)
    ssid = "%s-Stage%d" % (_pick(["Larkspur", "Tidewater", "Kestrel"]), _R.randint(1, 6))
    return ("$ nmcli dev wifi show-password\nSSID: %s\nSecurity: WPA\nPassword: %s" % (ssid, pw), pw, ssid)


@_t(_G, "stripe-config-list-output")
def _():
    key = "sk_test_" + _rs(99)
    return ("$ stripe config --list\n[default]\ndevice_name = merch-laptop\nproject-name = studio-merch\ntest_mode_api_key = '%s'" % key,
            key, "device_name = merch-laptop")


@_t(_G, "aws-s3-presign-output")
def _():
    sig = _hex(64)
    b = "%s-review-exports" % _pick(["lark", "tide", "kes"])
    return ("$ aws s3 presign s3://%s/%s_%s.mov --expires-in 86400\nhttps://%s.s3.us-west-2.amazonaws.com/%s_%s.mov?X-Amz-Algorithm=AWS4-HMAC-SHA256"
            "&X-Amz-Credential=%s%%2F20250611%%2Fus-west-2%%2Fs3%%2Faws4_request&X-Amz-Date=20250611T101500Z&X-Amz-Expires=86400"
            "&X-Amz-SignedHeaders=host&X-Amz-Signature=%s" % (b, _shot(), _ver(), b, _shot(), _ver(), _aws_akid(), sig), sig, b)


@_t(_G, "gsutil-signurl-output")
def _():
    sig = _hex(512)
    b = "%s-turnover" % _pick(["moth", "grey", "salt"])
    return ("$ gsutil signurl -d 12h sa.json gs://%s/%s.aaf\nURL\tHTTP Method\tExpiration\tSigned URL\ngs://%s/%s.aaf\tGET\t%s\t"
            "https://storage.googleapis.com/%s/x.aaf?x-goog-signature=%s&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-expires=43200"
            % (b, "reel%d" % _R.randint(1, 6), b, "reel", _ts(), b, sig), sig, b)


@_t(_G, "az-sas-generate-output")
def _():
    sig = _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    return ('$ az storage blob generate-sas -c renders -n %s.exr --permissions r --expiry 2025-12-01 -o tsv\nse=2025-12-01&sp=r&sv=2022-11-02&sr=b&sig=%s'
            % (_shot(), sig), sig, "generate-sas")


@_t(_G, "cloudfront-sign-output")
def _():
    sig = _b64(256).replace("+", "-").replace("=", "_").replace("/", "~")
    return ("$ aws cloudfront sign --url https://d%s.cloudfront.net/screeners/%s.m3u8 --key-pair-id K%s --private-key file://cf.pem --date-less-than 2025-09-01\n"
            "https://d%s.cloudfront.net/screeners/x.m3u8?Expires=1756684800&Signature=%s&Key-Pair-Id=K%s"
            % (_low(13), _shot(), _up(13), _low(13), sig, _up(13)), sig, "aws cloudfront sign")


@_t(_G, "ngrok-config-check-output")
def _():
    tok = _num(1) + _rs(26) + "_" + _rs(21)
    return ("$ cat ~/.config/ngrok/ngrok.yml\nversion: \"2\"\nauthtoken: %s\ntunnels:\n  review:\n    proto: http\n    addr: 8080" % tok,
            tok, "ngrok.yml")


@_t(_G, "pm2-env-dump-output")
def _():
    tok = "sntrys_" + _b64u(90)
    return ("$ pm2 env 0 | grep -i sentry\nSENTRY_ORG: %s\nSENTRY_AUTH_TOKEN: %s" % (_pick(["larkspur", "moth-and-lamp"]), tok), tok, "pm2 env 0")


@_t(_G, "cat-s3cfg-output")
def _():
    sec = _rs(40, _AN + "/+")
    return ("$ grep -E 'key|host' ~/.s3cfg\naccess_key = %s\nhost_base = s3.wasabisys.com\nsecret_key = %s" % (_up(20), sec),
            sec, "host_base = s3.wasabisys.com")


# ==========================================================================
# group: config-file
# ==========================================================================

_G = "config-file"


@_t(_G, "pgpass-line")
def _():
    pw, h = _pw(), _host("cuebot-db")
    return ("# ~/.pgpass  (chmod 600)\n%s:5432:cuebot:cuebot:%s\n*:*:*:readonly:*" % (h, pw), pw, h)


@_t(_G, "my-cnf-client-section")
def _():
    pw = _pw()
    return ("# /home/wrangler/.my.cnf\n[client]\nuser=tractor\npassword=\"%s\"\nhost=%s\n\n[mysql]\ndatabase=tractordb" % (pw, _host("tractor-db")),
            pw, "database=tractordb")


@_t(_G, "netrc-single-line")
def _():
    pw = _pw()
    h = "upload.%s" % _dom()
    return ("machine %s login podcast password %s" % (h, pw), pw, h)


@_t(_G, "deadline-ini-proxy-cert-password")
def _():
    pw = _pw()
    return ("# /var/lib/Thinkbox/Deadline10/deadline.ini\n[Deadline]\nLicenseMode=Standard\nConnectionType=Remote\nProxyRoot=%s:4433\n"
            "ProxySSLCertificate=/opt/Thinkbox/certs/Deadline10RemoteClient.pfx\nProxySSLCertificatePassword=%s\nLaunchSlaveAtStartup=1"
            % (_host("deadline-rcs"), pw), pw, "ConnectionType=Remote")


@_t(_G, "opencue-properties-datasource")
def _():
    pw = _pw()
    return ("# cuebot/src/main/resources/opencue.properties\ndatasource.cue-data-source.driver-class-name=org.postgresql.Driver\n"
            "datasource.cue-data-source.jdbc-url=jdbc:postgresql://%s/cuebot\ndatasource.cue-data-source.username=cuebot\n"
            "datasource.cue-data-source.password=%s" % (_host("pg"), pw), pw, "datasource.cue-data-source.username=cuebot")


@_t(_G, "tractor-config-db-password")
def _():
    pw = _pw()
    return ('// tractor.config (site override)\n{\n  "EngineDiscovery": "tractor-engine:80",\n  "dbPassword": "%s",\n  "JobSpoolerAuth": "PasswordRequired",\n'
            '  "SiteMaxListenBacklog": 2048\n}' % pw, pw, "EngineDiscovery")


@_t(_G, "shotgrid-toolkit-shotgun-yml")
def _():
    key = _sg_key()
    return ("# config/core/shotgun.yml\nhost: https://%s.shotgrid.autodesk.com\napi_script: toolkit_engine\napi_key: '%s'\nhttp_proxy: null"
            % (_pick(["larkspur", "northgate", "paperboat"]), key), key, "api_script: toolkit_engine")


@_t(_G, "ftrack-connect-credentials-json")
def _():
    key = _uuid()
    return ('{\n  "accounts": [\n    {\n      "server_url": "https://%s.ftrackapp.com",\n      "api_user": "%s",\n      "api_key": "%s"\n    }\n  ]\n}'
            % (_pick(["bluefin", "emberline"]), _email(), key), key, "server_url")


@_t(_G, "kitsu-zou-env-file")
def _():
    sk = _hex(48)
    return ("# /etc/zou/zou.env\nDB_HOST=%s\nDB_USERNAME=zou\nSECRET_KEY=%s\nPREVIEW_FOLDER=/opt/zou/previews\nENABLE_JOB_QUEUE=True"
            % (_host("pg"), sk), sk, "PREVIEW_FOLDER=/opt/zou/previews")


@_t(_G, "rlm-web-admin-conf")
def _():
    pw = _pw()
    return ("# /opt/rlm/rlm_web.conf\nport 5054\nadmin_user rlmadmin\nadmin_password %s\nlog /var/log/rlm/web.log" % pw, pw, "admin_user rlmadmin")


@_t(_G, "houdini-hserver-ini-apikey")
def _():
    sec = _rs(40)
    return ("; ~/houdini20.5/hserver.ini\nserverhost=%s\nAPIKey=www.sidefx.com %s %s\nClientLicensing=1"
            % (_host("lic"), _rs(40), sec), sec, "serverhost=")


@_t(_G, "docker-compose-environment-list")
def _():
    pw = _pw()
    return ("services:\n  mongo:\n    image: mongo:6.0\n    environment:\n      - MONGO_INITDB_ROOT_USERNAME=deadline\n      - MONGO_INITDB_ROOT_PASSWORD=%s\n"
            "    volumes:\n      - /srv/deadline/db:/data/db" % pw, pw, "image: mongo:6.0")


@_t(_G, "dotenv-mux-secret")
def _():
    sec = _mux_secret()
    return ("# .env.local  (streaming-portal)\nNEXT_PUBLIC_MUX_ENV_KEY=%s\nMUX_TOKEN_ID=%s\nMUX_TOKEN_SECRET=%s" % (_low(26), _uuid(), sec),
            sec, "streaming-portal")


@_t(_G, "nginx-proxy-set-header-basic")
def _():
    b = _b64t("review:" + _pw())
    return ("location /api/ {\n    proxy_pass http://%s:8080;\n    proxy_set_header Authorization \"Basic %s\";\n    proxy_set_header Host $host;\n}"
            % (_short("review"), b), b, "location /api/")


@_t(_G, "haproxy-stats-auth")
def _():
    pw = _pw(2)
    return ("listen stats\n    bind *:8404\n    stats enable\n    stats uri /stats\n    stats auth admin:%s" % pw, pw, "listen stats")


@_t(_G, "fstab-cifs-inline-password")
def _():
    pw = _pw()
    h = _short("nas")
    return ("# /etc/fstab\n//%s/audio   /mnt/audio   cifs   username=mixer,password=%s,iocharset=utf8,_netdev   0  0" % (h, pw), pw, "/mnt/audio")


@_t(_G, "smb-credentials-file")
def _():
    pw = _pw()
    return ("# /root/.smbcredentials\nusername=svc_ingest\npassword=%s\ndomain=STUDIO" % pw, pw, "username=svc_ingest")


@_t(_G, "rsyncd-secrets-file")
def _():
    pw = _pw()
    return ("# /etc/rsyncd.secrets\nbackup:%s" % pw, pw, "/etc/rsyncd.secrets")


@_t(_G, "wpa-supplicant-psk")
def _():
    pw = _pw(1)
    ssid = "%s_Edit" % _pick(["Harrow", "Saltmarsh", "Greyhollow"])
    return ('network={\n    ssid="%s"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % (ssid, pw), pw, ssid)


@_t(_G, "wireguard-conf-interface")
def _():
    k = _b64(32)
    return ("# /etc/wireguard/remote-edit.conf\n[Interface]\nAddress = 10.66.%d.%d/32\nPrivateKey = %s\nDNS = 10.66.0.1\n\n[Peer]\nPublicKey = %s\nEndpoint = vpn.%s:51820"
            % (_R.randint(0, 9), _R.randint(2, 250), k, _b64(32), _dom()), k, "Address = 10.66.")


@_t(_G, "openssh-private-key-file")
def _():
    pem, body = _pem("openssh")
    return pem, body, "BEGIN OPENSSH PRIVATE KEY"


@_t(_G, "terraform-tfvars-mux")
def _():
    sec = _mux_secret()
    return ('# envs/prod/terraform.tfvars\nregion           = "us-east-1"\nmux_token_id     = "%s"\nmux_token_secret = "%s"' % (_uuid(), sec),
            sec, "envs/prod/terraform.tfvars")


@_t(_G, "helm-values-postgres-password")
def _():
    pw = _pw()
    return ("# values-prod.yaml\npostgresql:\n  enabled: true\n  auth:\n    username: zou\n    postgresPassword: \"%s\"\n    database: zoudb" % pw,
            pw, "database: zoudb")


@_t(_G, "k8s-secret-stringdata")
def _():
    tok = _fio()
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: frameio-bot\n  namespace: review\ntype: Opaque\nstringData:\n  FRAMEIO_TOKEN: %s" % tok,
            tok, "name: frameio-bot")


@_t(_G, "k8s-secret-data-base64")
def _():
    pw = _pw()
    b = _b64t(pw)
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: deadline-mongo\ndata:\n  username: %s\n  password: %s" % (_b64t("deadline"), b),
            b, "name: deadline-mongo")


@_t(_G, "ansible-inventory-become-pass")
def _():
    pw = _pw()
    h = _host("nas")
    return ("[nas]\n%s ansible_user=admin ansible_become_pass=%s ansible_port=22" % (h, pw), pw, h)


@_t(_G, "ansible-group-vars-yaml")
def _():
    pw = _pw()
    return ("# group_vars/render_nodes.yml\nrender_user: render\nnfs_server: %s\nsmb_admin_password: \"%s\"\ndeadline_version: 10.3.2.1"
            % (_host("isilon"), pw), pw, "render_user: render")


@_t(_G, "spring-application-yml-datasource")
def _():
    pw = _pw()
    return ("spring:\n  datasource:\n    url: jdbc:postgresql://%s:5432/mam\n    username: mam_app\n    password: %s\n  jpa:\n    open-in-view: false"
            % (_host("pg"), pw), pw, "username: mam_app")


@_t(_G, "dotnet-appsettings-connection-string")
def _():
    pw = _pw()
    return ('{\n  "ConnectionStrings": {\n    "Scheduling": "Server=%s;Database=CrewCalls;User Id=crewcalls_app;Password=%s;TrustServerCertificate=True"\n  },\n'
            '  "Logging": { "LogLevel": { "Default": "Warning" } }\n}' % (_short("sql"), pw), pw, "User Id=crewcalls_app")


@_t(_G, "web-config-connectionstring-xml")
def _():
    pw = _pw()
    return ('<connectionStrings>\n  <add name="AssetDb" connectionString="Data Source=%s;Initial Catalog=Assets;User ID=asset_rw;Password=%s" '
            'providerName="System.Data.SqlClient" />\n</connectionStrings>' % (_short("sql"), pw), pw, 'name="AssetDb"')


@_t(_G, "maven-settings-server-password")
def _():
    pw = _pw()
    return ("<settings>\n  <servers>\n    <server>\n      <id>studio-nexus</id>\n      <username>deploy</username>\n      <password>%s</password>\n"
            "    </server>\n  </servers>\n</settings>" % pw, pw, "<id>studio-nexus</id>")


@_t(_G, "gradle-properties-repo-password")
def _():
    pw = _pw()
    return ("# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx4g\nstudioRepoUser=deploy\nstudioRepoPassword=%s" % pw, pw, "studioRepoUser=deploy")


@_t(_G, "npmrc-scoped-registry-token")
def _():
    tok = _gh()
    return ("@larkspur:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s\nalways-auth=true" % tok,
            tok, "@larkspur:registry")


@_t(_G, "pypirc-internal-repository")
def _():
    pw = _pw()
    return ("[distutils]\nindex-servers = studio\n\n[studio]\nrepository = https://%s/repository/pypi-hosted/\nusername = pipeline\npassword = %s"
            % (_host("nexus"), pw), pw, "username = pipeline")


@_t(_G, "pip-conf-index-url-credentials")
def _():
    pw = _pwu()
    return ("# /etc/pip.conf\n[global]\nindex-url = https://render:%s@%s/simple\ntrusted-host = %s" % (pw, _host("devpi"), _short("devpi")),
            pw, "trusted-host")


@_t(_G, "docker-config-json-auth")
def _():
    b = _b64t("ci:" + _pw())
    return ('{\n  "auths": {\n    "registry.%s": { "auth": "%s" }\n  },\n  "credsStore": ""\n}' % (_dom(), b), b, '"credsStore"')


@_t(_G, "rclone-conf-s3-remote")
def _():
    sec = _rs(40, _AN + "/+")
    return ("[archive]\ntype = s3\nprovider = AWS\naccess_key_id = %s\nsecret_access_key = %s\nregion = eu-west-1\nstorage_class = DEEP_ARCHIVE"
            % (_aws_akid(), sec), sec, "storage_class = DEEP_ARCHIVE")


@_t(_G, "aws-credentials-profile-file")
def _():
    sec = _aws_secret()
    return ("[render-burst]\naws_access_key_id=%s\naws_secret_access_key=%s\nregion=us-west-2" % (_aws_akid(), sec), sec, "[render-burst]")


@_t(_G, "boto-cfg-gs-secret")
def _():
    sec = _rs(40, _AN + "/+")
    return ("# ~/.boto\n[Credentials]\ngs_access_key_id = GOOG1E%s\ngs_secret_access_key = %s\n\n[Boto]\nhttps_validate_certificates = True"
            % (_up(55), sec), sec, "https_validate_certificates")


@_t(_G, "gitconfig-insteadof-token")
def _():
    tok = _glpat()
    h = "gitlab.%s" % _dom()
    return ('[url "https://oauth2:%s@%s/"]\n\tinsteadOf = https://%s/' % (tok, h, h), tok, "insteadOf")


@_t(_G, "toml-podcast-publisher")
def _():
    key = _rs(30)
    return ('# publisher.toml\n[show]\nname = "%s"\n\n[transistor]\nshow_id = %s\napi_key = "%s"' % (_pod(), _num(5), key), key, "[transistor]")


@_t(_G, "supervisord-program-environment")
def _():
    pw = _pw()
    return ('[program:rq-transcode]\ncommand=/opt/venv/bin/rq worker transcode\nenvironment=REDIS_URL="redis://%s:6379/2",REDIS_PASSWORD="%s"\nautorestart=true'
            % (_host("redis"), pw), pw, "[program:rq-transcode]")


@_t(_G, "systemd-unit-environment-line")
def _():
    pw = _pw()
    return ("[Unit]\nDescription=Kitsu sync bridge\n\n[Service]\nEnvironment=KITSU_USER=bridge@%s\nEnvironment=KITSU_PASSWORD=%s\nExecStart=/usr/bin/kitsu-bridge"
            % (_dom(), pw), pw, "Kitsu sync bridge")


@_t(_G, "crontab-mysqldump-password")
def _():
    pw = _pw()
    return ("# m h dom mon dow command\n15 3 * * * /usr/bin/mysqldump -u backup -p'%s' --all-databases | gzip > /backup/db_$(date +\\%%F).sql.gz" % pw,
            pw, "/usr/bin/mysqldump")


@_t(_G, "pgbouncer-userlist-plain")
def _():
    pw = _pw()
    return ('; /etc/pgbouncer/userlist.txt\n"cuebot" "%s"\n"grafana" "md5%s"' % (pw, _hex(32)), pw, "/etc/pgbouncer/userlist.txt")


@_t(_G, "redis-conf-requirepass")
def _():
    pw = _pw(7)
    return ("# /etc/redis/redis.conf\nbind 0.0.0.0\nport 6379\nrequirepass %s\nmaxmemory 4gb" % pw, pw, "maxmemory 4gb")


@_t(_G, "rabbitmq-conf-default-pass")
def _():
    pw = _pw()
    return ("# rabbitmq.conf\nlisteners.tcp.default = 5672\ndefault_user = opencue\ndefault_pass = %s\nmanagement.tcp.port = 15672" % pw, pw, "default_user = opencue")


@_t(_G, "grafana-ini-admin-password")
def _():
    pw = _pw()
    return ("[security]\nadmin_user = admin\nadmin_password = %s\n\n[server]\nhttp_port = 3000\ndomain = farm-metrics.%s" % (pw, _dom()),
            pw, "admin_user = admin")


@_t(_G, "prometheus-basic-auth-scrape")
def _():
    pw = _pw()
    return ("scrape_configs:\n  - job_name: deadline_exporter\n    basic_auth:\n      username: prom\n      password: %s\n    static_configs:\n      - targets: ['%s:9110']"
            % (pw, _short("deadline-rcs")), pw, "job_name: deadline_exporter")


@_t(_G, "alertmanager-slack-api-url")
def _():
    url, tok = _slack_hook()
    return ("receivers:\n  - name: farm-oncall\n    slack_configs:\n      - api_url: '%s'\n        channel: '#render-alerts'" % url,
            tok, "#render-alerts")


@_t(_G, "telegraf-influx-token")
def _():
    tok = _b64(64).replace("+", "-").replace("/", "_")
    return ('[[outputs.influxdb_v2]]\n  urls = ["http://%s:8086"]\n  token = "%s"\n  organization = "farm"\n  bucket = "render_nodes"'
            % (_short("metrics"), tok), tok, "bucket = \"render_nodes\"")


@_t(_G, "filebeat-elasticsearch-password")
def _():
    pw = _pw()
    return ('output.elasticsearch:\n  hosts: ["https://%s:9200"]\n  username: "filebeat_writer"\n  password: "%s"' % (_short("elk"), pw),
            pw, "filebeat_writer")


@_t(_G, "obs-service-json-stream-key")
def _():
    key = "live_%s_%s" % (_num(9), _rs(30))
    return ('{\n    "settings": {\n        "bwtest": false,\n        "key": "%s",\n        "server": "rtmp://live.twitch.tv/app"\n    },\n    "type": "rtmp_common"\n}'
            % key, key, "rtmp_common")


@_t(_G, "hcl-vault-provider-token")
def _():
    tok = "hvs." + _rs(24)
    return ('provider "vault" {\n  address = "https://vault.%s:8200"\n  token   = "%s"\n}' % (_dom(), tok), tok, 'provider "vault"')


@_t(_G, "hcl-s3-backend-keys")
def _():
    sec = _aws_secret()
    return ('terraform {\n  backend "s3" {\n    bucket     = "studio-tfstate"\n    key        = "render-burst/terraform.tfstate"\n'
            '    access_key = "%s"\n    secret_key = "%s"\n  }\n}' % (_aws_akid(), sec), sec, "studio-tfstate")


@_t(_G, "plist-daw-auth-token")
def _():
    tok = _b64u(48)
    return ("<dict>\n  <key>AccountEmail</key>\n  <string>%s</string>\n  <key>AuthToken</key>\n  <string>%s</string>\n  <key>LibraryPath</key>\n"
            "  <string>/Volumes/Samples/Splice</string>\n</dict>" % (_email(), tok), tok, "/Volumes/Samples/Splice")


@_t(_G, "sample-sync-yaml-password")
def _():
    pw = _pw()
    return ("# sample-sync.yaml\nlibraries:\n  - vendor: native-instruments\n    account: audio@%s\n    password: %s\n    target: /Volumes/Samples/NI"
            % (_dom(), pw), pw, "vendor: native-instruments")


@_t(_G, "podcast-private-feed-yaml")
def _():
    tok = _rs(32, _LO + _DG)
    return ("feeds:\n  premium:\n    title: %s (Supporters)\n    url: https://feeds.%s/private/%s/rss.xml\n    refresh: 15m"
            % (_pod(), _pick(["hostcast.example", "podroom.test"]), tok), tok, "refresh: 15m")


@_t(_G, "java-mail-properties")
def _():
    pw = _pw()
    return ("mail.smtp.host=smtp.%s\nmail.smtp.port=587\nmail.smtp.user=renders\nmail.smtp.password=%s\nmail.smtp.starttls.enable=true" % (_dom(), pw),
            pw, "mail.smtp.port=587")


@_t(_G, "wp-config-db-password-define")
def _():
    pw = _pw()
    return ("define( 'DB_NAME', 'podcast_site' );\ndefine( 'DB_USER', 'wp_podcast' );\ndefine( 'DB_PASSWORD', '%s' );\ndefine( 'DB_HOST', 'localhost' );" % pw,
            pw, "define( 'DB_USER', 'wp_podcast' );")


@_t(_G, "sssd-conf-default-authtok")
def _():
    pw = _pw()
    return ("[domain/studio.lan]\nid_provider = ldap\nldap_uri = ldaps://%s\nldap_default_bind_dn = cn=sssd,ou=service,dc=studio,dc=lan\nldap_default_authtok = %s"
            % (_host("dc"), pw), pw, "id_provider = ldap")


@_t(_G, "odbc-ini-password")
def _():
    pw = _pw()
    return ("[ShotDB]\nDriver = PostgreSQL Unicode\nServername = %s\nDatabase = shots\nUserName = report\nPassword = %s" % (_host("pg"), pw),
            pw, "[ShotDB]")


@_t(_G, "pg-service-conf")
def _():
    pw = _pw()
    return ("# ~/.pg_service.conf\n[cuebot-prod]\nhost=%s\nport=5432\ndbname=cuebot\nuser=cuebot\npassword=%s" % (_host("pg"), pw),
            pw, "[cuebot-prod]")


@_t(_G, "deadline-webservice-ini")
def _():
    pw = _pw()
    return ("[WebService]\nListenPort=8081\nRequireAuthentication=True\nUser=wrangler\nPassword=%s\nEnableSSL=False" % pw,
            pw, "RequireAuthentication=True")


# ==========================================================================
# group: source-code
# ==========================================================================

_G = "source-code"


@_t(_G, "python-shotgun-api3-script-key")
def _():
    key = _sg_key()
    return ('import shotgun_api3\n\nsg = shotgun_api3.Shotgun(\n    "https://%s.shotgrid.autodesk.com",\n    script_name="render_submit",\n'
            '    api_key="%s",\n)' % (_pick(["larkspur", "kestrel", "greyhollow"]), key), key, 'script_name="render_submit"')


@_t(_G, "python-ftrack-session-kwargs")
def _():
    key = _uuid()
    return ('session = ftrack_api.Session(\n    server_url="https://%s.ftrackapp.com",\n    api_user="publisher@%s",\n    api_key="%s",\n    auto_connect_event_hub=False,\n)'
            % (_pick(["bluefin", "tidewater"]), _dom(), key), key, "ftrack_api.Session(")


@_t(_G, "python-gazu-log-in-positional")
def _():
    pw = _pw()
    return ('gazu.client.set_host("https://kitsu.%s/api")\ngazu.log_in("pipeline@%s", "%s")\nfor shot in gazu.shot.all_shots_for_project(project):'
            % (_dom(), _dom(), pw), pw, "gazu.client.set_host")


@_t(_G, "python-requests-auth-tuple")
def _():
    pw = _pw()
    return ('resp = requests.get(\n    f"https://{REVIEW_HOST}/api/v1/versions/{version_id}",\n    auth=("svc_review", "%s"),\n    timeout=30,\n)' % pw,
            pw, "svc_review")


@_t(_G, "python-boto3-client-explicit-keys")
def _():
    sec = _aws_secret()
    return ('mc = boto3.client(\n    "mediaconvert",\n    region_name="us-west-2",\n    endpoint_url="https://%s.mediaconvert.us-west-2.amazonaws.com",\n'
            '    aws_access_key_id="%s",\n    aws_secret_access_key="%s",\n)' % (_low(8), _aws_akid(), sec), sec, '"mediaconvert"')


@_t(_G, "python-mux-sdk-configuration")
def _():
    sec = _mux_secret()
    return ("configuration = mux_python.Configuration()\nconfiguration.username = os.environ['MUX_TOKEN_ID']\nconfiguration.password = '%s'\n"
            "assets_api = mux_python.AssetsApi(mux_python.ApiClient(configuration))" % sec, sec, "mux_python.Configuration()")


@_t(_G, "python-cloudinary-config-call")
def _():
    sec = _rs(27, _AN + "-_")
    return ('cloudinary.config(\n    cloud_name="%s-media",\n    api_key="%s",\n    api_secret="%s",\n    secure=True,\n)'
            % (_pick(["moth", "salt", "ember"]), _num(15), sec), sec, "cloudinary.config(")


@_t(_G, "python-vimeo-client-secret")
def _():
    sec = _rs(128, _AN + "/+")
    return ('client = vimeo.VimeoClient(\n    token=os.environ["VIMEO_TOKEN"],\n    key="%s",\n    secret="%s",\n)' % (_hex(40), sec), sec,
            "vimeo.VimeoClient(")


@_t(_G, "python-psycopg2-connect-kwargs")
def _():
    pw = _pw()
    return ('conn = psycopg2.connect(host="%s", dbname="cuebot", user="cuebot", password="%s", connect_timeout=5)' % (_host("pg"), pw),
            pw, 'dbname="cuebot"')


@_t(_G, "python-sqlalchemy-create-engine-url")
def _():
    pw = _pwu()
    h = _host("pg")
    return ('engine = create_engine("postgresql+psycopg2://zou:%s@%s:5432/zoudb", pool_pre_ping=True)' % (pw, h), pw, h)


@_t(_G, "python-pymongo-client-uri")
def _():
    pw = _pwu()
    return ('client = MongoClient("mongodb://deadline:%s@%s:27017/?authSource=admin&tls=true")\ndb = client["deadline10db"]' % (pw, _host("mongo")),
            pw, 'client["deadline10db"]')


@_t(_G, "python-redis-from-url-password")
def _():
    pw = _pwu()
    return ('queue = Queue("transcode", connection=Redis.from_url("redis://:%s@%s:6379/0"))' % (pw, _host("redis")), pw, 'Queue("transcode"')


@_t(_G, "python-smtplib-login")
def _():
    pw = _pw()
    return ('with smtplib.SMTP("smtp.%s", 587) as s:\n    s.starttls()\n    s.login("renders@%s", "%s")\n    s.send_message(msg)'
            % (_dom(), _dom(), pw), pw, "s.starttls()")


@_t(_G, "python-paramiko-connect-password")
def _():
    pw = _pw()
    h = _host("nas")
    return ('ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect("%s", username="admin", password="%s")'
            % (h, pw), pw, h)


@_t(_G, "django-settings-secret-key")
def _():
    sk = "django-insecure-" + _rs(50, _LO + _DG + "!@#%^&*(-_=+)")
    return ("# reviewsite/settings.py\nDEBUG = False\nSECRET_KEY = '%s'\nALLOWED_HOSTS = ['review.%s']" % (sk, _dom()), sk, "ALLOWED_HOSTS")


@_t(_G, "flask-app-config-secret-key")
def _():
    sk = _hex(64)
    return ('app = Flask(__name__)\napp.config["SECRET_KEY"] = "%s"\napp.config["SESSION_COOKIE_SECURE"] = True' % sk, sk, "Flask(__name__)")


@_t(_G, "python-headers-dict-pexels")
def _():
    key = _rs(56)
    return ('PEXELS_HEADERS = {"Authorization": "%s"}\nr = requests.get("https://api.pexels.com/videos/search", headers=PEXELS_HEADERS, params={"query": "rain window"})'
            % key, key, "api.pexels.com/videos/search")


@_t(_G, "python-default-argument-password")
def _():
    pw = _pw()
    return ('def mount_share(share, user="editor", password="%s", host="%s"):\n    """Mount an editorial share on a Linux edit bay."""'
            % (pw, _short("nas")), pw, "def mount_share(")


@_t(_G, "python-environ-setdefault-token")
def _():
    tok = _fio()
    return ('# TODO: remove before merge\nos.environ.setdefault("FRAMEIO_TOKEN", "%s")\nclient = FrameioClient(os.environ["FRAMEIO_TOKEN"])' % tok,
            tok, "FrameioClient(")


@_t(_G, "python-slack-webclient-token")
def _():
    tok = _xox("b")
    return ('from slack_sdk import WebClient\n\nslack = WebClient(token="%s")\nslack.chat_postMessage(channel="#dailies", text=msg)' % tok,
            tok, "chat_postMessage")


@_t(_G, "python-discord-webhook-constant")
def _():
    url, tok = _discord_hook()
    return ('RENDER_DONE_WEBHOOK = "%s"\n\ndef notify(job):\n    requests.post(RENDER_DONE_WEBHOOK, json={"content": f"{job} finished"})' % url,
            tok, "def notify(job):")


@_t(_G, "python-hmac-signing-secret-bytes")
def _():
    sec = _hex(40)
    return ('STORYBLOCKS_PUBLIC_KEY = "test_%s"\nSTORYBLOCKS_PRIVATE_KEY = b"%s"\n\ndef sign(resource, expires):\n'
            '    return hmac.new(STORYBLOCKS_PRIVATE_KEY + str(expires).encode(), resource.encode(), hashlib.sha256).hexdigest()'
            % (_hex(24), sec), sec, "def sign(resource, expires):")


@_t(_G, "python-jwt-encode-literal-secret")
def _():
    sec = _rs(32, _AN + "-_")
    return ('token = jwt.encode({"sub": playback_id, "aud": "v", "exp": exp, "kid": key_id}, "%s", algorithm="HS256")' % sec,
            sec, "jwt.encode(")


@_t(_G, "python-deadline-connect-credentials")
def _():
    pw = _pw()
    return ('from Deadline.DeadlineConnect import DeadlineCon\n\ncon = DeadlineCon("%s", 8081)\ncon.SetAuthenticationCredentials("wrangler", "%s")'
            % (_short("deadline-rcs"), pw), pw, "DeadlineCon(")


@_t(_G, "python-frameio-client-positional")
def _():
    tok = _fio()
    return ("from frameioclient import FrameioClient\nclient = FrameioClient('%s')\nme = client.users.get_me()" % tok, tok, "client.users.get_me()")


@_t(_G, "js-const-shutterstock-token")
def _():
    tok = "v2/" + _rs(150, _AN + "/+")
    return ('const SHUTTERSTOCK_TOKEN = "%s";\nsstk.setAccessToken(SHUTTERSTOCK_TOKEN);\nconst api = new sstk.VideosApi();' % tok, tok, "sstk.VideosApi()")


@_t(_G, "js-fetch-authorization-bearer")
def _():
    tok = _jwt()
    return ('const res = await fetch(`${KITSU}/api/data/tasks/open`, {\n  headers: { Authorization: "Bearer %s" },\n});' % tok,
            tok, "/api/data/tasks/open")


@_t(_G, "js-process-env-fallback-literal")
def _():
    sec = _mux_secret()
    return ("const muxSecret = process.env.MUX_TOKEN_SECRET || '%s';\nconst mux = new Mux({ tokenId: process.env.MUX_TOKEN_ID, tokenSecret: muxSecret });" % sec,
            sec, "new Mux(")


@_t(_G, "ts-exported-config-object")
def _():
    sec = _rs(27, _AN + "-_")
    return ("export const config = {\n  cloudinary: {\n    cloudName: 'emberline',\n    apiKey: '%s',\n    apiSecret: '%s',\n  },\n} as const;"
            % (_num(15), sec), sec, "cloudName: 'emberline'")


@_t(_G, "node-mysql-create-connection")
def _():
    pw = _pw()
    return ("const db = mysql.createConnection({\n  host: '%s',\n  user: 'tractor_ro',\n  password: '%s',\n  database: 'tractordb',\n});" % (_host("tractor-db"), pw),
            pw, "user: 'tractor_ro'")


@_t(_G, "go-const-client-secret")
def _():
    sec = _rs(40, _AN)
    return ('const (\n\tpodbeanClientID     = "%s"\n\tpodbeanClientSecret = "%s"\n)' % (_hex(20), sec), sec, "podbeanClientID")


@_t(_G, "go-sql-open-mysql-dsn")
def _():
    pw = _pwu()
    return ('db, err := sql.Open("mysql", "tractor:%s@tcp(%s:3306)/tractordb?parseTime=true")\nif err != nil {\n\tlog.Fatal(err)\n}'
            % (pw, _host("tractor-db")), pw, 'sql.Open("mysql"')


@_t(_G, "rust-const-api-key-str")
def _():
    key = _rs(40, _AN)
    return ('const FREESOUND_TOKEN: &str = "%s";\n\nfn search(q: &str) -> reqwest::Result<Value> {' % key, key, "fn search(q: &str)")


@_t(_G, "java-drivermanager-getconnection")
def _():
    pw = _pw()
    return ('Connection conn = DriverManager.getConnection(\n    "jdbc:postgresql://%s:5432/cuebot", "cuebot", "%s");' % (_host("pg"), pw),
            pw, "DriverManager.getConnection(")


@_t(_G, "csharp-sqlconnection-literal")
def _():
    pw = _pw()
    return ('using var conn = new SqlConnection("Server=%s;Database=Scheduling;User Id=sched;Password=%s;Encrypt=true");' % (_short("sql"), pw),
            pw, "new SqlConnection(")


@_t(_G, "cpp-static-license-secret")
def _():
    sec = _hex(48)
    return ('// plugin/src/licensing.cpp\nstatic const char* kIsvName = "kestrelfx";\nstatic const char* kLicenseHmacSecret = "%s";\n' % sec,
            sec, "kIsvName")


@_t(_G, "bash-script-nas-pass-variable")
def _():
    pw = _pw()
    return ('#!/usr/bin/env bash\nset -euo pipefail\nNAS_USER="svc_ingest"\nNAS_PASS="%s"\nmount -t cifs "//%s/ingest" /mnt/ingest -o "username=$NAS_USER,password=$NAS_PASS"'
            % (pw, _short("nas")), pw, 'NAS_USER="svc_ingest"')


@_t(_G, "powershell-script-plain-password")
def _():
    pw = _pw()
    return ('$User = "STUDIO\\svc_backup"\n$Password = "%s"\nrobocopy \\\\%s\\projects D:\\mirror /MIR /Z' % (pw, _short("isilon")), pw, "robocopy")


@_t(_G, "ruby-net-http-basic-auth")
def _():
    pw = _pw()
    return ("req = Net::HTTP::Get.new(uri)\nreq.basic_auth 'libsyn_export', '%s'\nres = http.request(req)" % pw, pw, "Net::HTTP::Get.new(uri)")


@_t(_G, "php-pdo-constructor")
def _():
    pw = _pw()
    return ("$pdo = new PDO('mysql:host=localhost;dbname=podcast_site', 'wp_podcast', '%s', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);" % pw,
            pw, "dbname=podcast_site")


@_t(_G, "houdini-python-sidefx-service")
def _():
    sec = _rs(40)
    return ("import sidefx\nservice = sidefx.service(\n    access_token_url='https://www.sidefx.com/oauth2/application_token',\n    client_id='%s',\n"
            "    client_secret_key='%s',\n    endpoint_url='https://www.sidefx.com/api/',\n)" % (_rs(40), sec), sec, "import sidefx")


@_t(_G, "nuke-init-py-environ-token")
def _():
    key = _uuid()
    return ("# ~/.nuke/init.py\nimport os\nos.environ['FTRACK_SERVER'] = 'https://kestrel.ftrackapp.com'\nos.environ['FTRACK_API_KEY'] = '%s'\nnuke.pluginAddPath('./gizmos')"
            % key, key, "nuke.pluginAddPath")


@_t(_G, "maya-usersetup-submit-password")
def _():
    pw = _pw()
    return ("# userSetup.py\nimport maya.utils\nfrom studio.farm import submit\nsubmit.configure(web_service='%s:8081', user='maya_submit', password='%s')\n"
            "maya.utils.executeDeferred(submit.install_menu)" % (_short("deadline-rcs"), pw), pw, "executeDeferred")


@_t(_G, "blender-addon-prefs-default-key")
def _():
    key = _rs(43, _AN + "-_")
    return ('class StockPrefs(bpy.types.AddonPreferences):\n    bl_idname = __name__\n    unsplash_key: bpy.props.StringProperty(name="Unsplash key", default="%s")'
            % key, key, "bpy.types.AddonPreferences")


@_t(_G, "swift-let-api-key")
def _():
    key = _hex(32)
    return ('enum PodcastAPI {\n    static let baseURL = URL(string: "https://api.%s/v2")!\n    static let apiKey = "%s"\n}'
            % (_pick(["hostcast.example", "podroom.test"]), key), key, "enum PodcastAPI")


@_t(_G, "sql-insert-service-token")
def _():
    tok = _fio()
    return ("INSERT INTO integrations (name, kind, token, created_by)\nVALUES ('frameio-bot', 'review', '%s', 'pipeline');" % tok,
            tok, "INSERT INTO integrations")


@_t(_G, "sql-create-user-identified-by")
def _():
    pw = _pw()
    return ("-- migrations/0007_reporting_user.sql\nCREATE USER 'reporting'@'10.%%' IDENTIFIED BY '%s';\nGRANT SELECT ON tractordb.* TO 'reporting'@'10.%%';" % pw,
            pw, "GRANT SELECT ON tractordb")


@_t(_G, "python-basic-auth-header-literal")
def _():
    b = _b64t("podcast_api:" + _pw())
    return ('HEADERS = {\n    "Authorization": "Basic %s",\n    "Accept": "application/json",\n}' % b, b, '"Accept": "application/json"')


@_t(_G, "python-pysftp-connection")
def _():
    pw = _pw()
    return ('with pysftp.Connection("sftp.%s", username="delivery", password="%s", port=2222) as sftp:\n    sftp.put_r("QC_passed", "/incoming")'
            % (_dom(), pw), pw, 'username="delivery"')


@_t(_G, "python-ftplib-login")
def _():
    pw = _pw()
    return ('ftp = ftplib.FTP_TLS("ftp.%s")\nftp.login("podcast_upload", "%s")\nftp.prot_p()' % (_dom(), pw), pw, "ftp.prot_p()")


@_t(_G, "python-imaplib-login")
def _():
    pw = _pw()
    return ('box = imaplib.IMAP4_SSL("imap.%s")\nbox.login("listener-mail@%s", "%s")\nbox.select("INBOX")' % (_dom(), _dom(), pw), pw, 'box.select("INBOX")')


@_t(_G, "python-ldap-simple-bind")
def _():
    pw = _pw()
    return ('conn = ldap.initialize("ldaps://%s")\nconn.simple_bind_s("cn=svc_render,ou=service,dc=studio,dc=lan", "%s")' % (_host("dc"), pw),
            pw, "ldap.initialize(")


@_t(_G, "python-test-constant-presigned-url")
def _():
    sig = _hex(64)
    return ('SAMPLE_INPUT = (\n    "https://%s-ingest.s3.amazonaws.com/cam_a/A012C003.mov"\n    "?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=604800"\n'
            '    "&X-Amz-SignedHeaders=host&X-Amz-Signature=%s"\n)' % (_pick(["lark", "tide", "kes"]), sig), sig, "cam_a/A012C003.mov")


@_t(_G, "js-twilio-client-auth-token")
def _():
    tok = _hex(32)
    return ("const client = require('twilio')('AC%s', '%s');\nawait client.messages.create({ to: oncall, from: farmNumber, body: msg });" % (_hex(32), tok),
            tok, "client.messages.create")


@_t(_G, "python-sendgrid-client-key")
def _():
    key = "SG.%s.%s" % (_rs(22, _AN + "-_"), _rs(43, _AN + "-_"))
    return ("sg = SendGridAPIClient('%s')\nsg.send(Mail(from_email='dailies@%s', to_emails=recipients, subject=subject))" % (key, _dom()),
            key, "SendGridAPIClient(")


@_t(_G, "python-openai-client-api-key")
def _():
    key = "sk-proj-" + _rs(48, _AN + "-_") + "T3BlbkFJ" + _rs(48, _AN + "-_")
    return ('client = OpenAI(api_key="%s")\nsummary = client.chat.completions.create(model=MODEL, messages=transcript_messages)' % key,
            key, "chat.completions.create")


@_t(_G, "python-anthropic-client-api-key")
def _():
    key = "sk-ant-api03-" + _rs(93, _AN + "-_") + "AA"
    return ("anthropic_client = anthropic.Anthropic(api_key='%s')\n# used for show-notes drafts" % key, key, "show-notes drafts")


@_t(_G, "python-hf-hub-login-token")
def _():
    tok = "hf_" + _rs(34, _LO + _UP)
    return ('from huggingface_hub import login\nlogin(token="%s")\nmodel = whisper.load_model("large-v3")' % tok, tok, "huggingface_hub")


@_t(_G, "go-http-header-set-token")
def _():
    tok = _hex(40)
    return ('req.Header.Set("X-Auth-Token", "%s")\nreq.Header.Set("Content-Type", "application/json")\nresp, err := http.DefaultClient.Do(req)' % tok,
            tok, "http.DefaultClient.Do(req)")


@_t(_G, "python-dataclass-default-api-key")
def _():
    key = _rs(32)
    return ("@dataclass\nclass BuzzsproutConfig:\n    podcast_id: int = %s\n    api_token: str = \"%s\"" % (_num(7), key), key, "class BuzzsproutConfig")


@_t(_G, "python-spotify-client-credentials")
def _():
    sec = _hex(32)
    return ('auth = SpotifyClientCredentials(client_id="%s", client_secret="%s")\nsp = spotipy.Spotify(auth_manager=auth)' % (_hex(32), sec),
            sec, "spotipy.Spotify(")


@_t(_G, "js-axios-create-basic-auth")
def _():
    pw = _pw()
    return ("const api = axios.create({\n  baseURL: 'https://%s/api',\n  auth: { username: 'iconik-sync', password: '%s' },\n});" % (_host("mam"), pw),
            pw, "axios.create(")


# ==========================================================================
# group: stack-trace-or-log
# ==========================================================================

_G = "stack-trace-or-log"


@_t(_G, "python-traceback-rich-locals")
def _():
    pw = _pw()
    return ("Traceback (most recent call last):\n  File \"/opt/pipeline/farm/mongo.py\", line 41, in connect\n    return MongoClient(host, username=user, password=password)\n"
            "    \u256d\u2500\u2500\u2500\u2500 locals \u2500\u2500\u2500\u2500\u256e\n    \u2502     host = '%s' \u2502\n    \u2502     user = 'deadline' \u2502\n"
            "    \u2502 password = '%s' \u2502\n    \u2570\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u256f\npymongo.errors.ServerSelectionTimeoutError: connection refused"
            % (_host("mongo"), pw), pw, "ServerSelectionTimeoutError")


@_t(_G, "sqlalchemy-operationalerror-with-url")
def _():
    pw = _pwu()
    return ("sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at \"%s\" (%s), port 5432 failed: timeout expired\n"
            "(Background on this error at: https://sqlalche.me/e/20/e3q8)\nengine url was postgresql+psycopg2://zou:%s@%s:5432/zoudb"
            % (_short("pg"), _ip(), pw, _short("pg")), pw, "sqlalche.me/e/20/e3q8")


@_t(_G, "java-exception-jdbc-url-password")
def _():
    pw = _pwu()
    return ("org.postgresql.util.PSQLException: FATAL: too many connections for role \"cuebot\"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\n"
            "\tat com.imageworks.spcue.config.DatabaseEngine.init(DatabaseEngine.java:58)\nCaused by: url=jdbc:postgresql://%s:5432/cuebot?user=cuebot&password=%s&ssl=true"
            % (_host("pg"), pw), pw, "PSQLException")


@_t(_G, "deadline-worker-log-mongo-uri")
def _():
    pw = _pwu()
    return ("%s:  Worker - Info: Connecting to repository database mongodb://deadline:%s@%s:27017/deadline10db?ssl=true\n%s:  Worker - Info: Connected."
            % (_ts(), pw, _host("mongo"), _ts()), pw, "Connecting to repository database")


@_t(_G, "tractor-engine-login-log")
def _():
    pw = _pw()
    return ("%s  tractor-engine INFO  login attempt user=wrangler host=%s passwd=%s result=REJECTED(expired)" % (_ts(), _short("wrangler"), pw),
            pw, "result=REJECTED(expired)")


@_t(_G, "cuebot-startup-log-datasource")
def _():
    pw = _pw()
    return ("%s INFO  [main] c.i.s.c.AppConfig - datasource: url=jdbc:postgresql://%s/cuebot username=cuebot password=%s maxPoolSize=40"
            % (_ts(), _host("pg"), pw), pw, "maxPoolSize=40")


@_t(_G, "nginx-access-log-private-feed-token")
def _():
    tok = _rs(32, _LO + _DG)
    return ('%s - - [11/Jun/2025:08:14:02 +0000] "GET /feeds/supporters.xml?token=%s HTTP/1.1" 200 48211 "-" "AppleCoreMedia/1.0.0.22F76 (iPhone; U; CPU OS 18_5 like Mac OS X)"'
            % (_ip(), tok), tok, "AppleCoreMedia")


@_t(_G, "access-log-api-key-query")
def _():
    key = _rs(32, _LO + _DG)
    return ('%s - - [02/May/2025:22:41:19 +0000] "GET /api/v1/render-status?api_key=%s&job=%s HTTP/1.1" 200 311' % (_ip(), key, _hex(24)),
            key, "/api/v1/render-status")


@_t(_G, "urllib3-debug-send-authorization")
def _():
    tok = _fio()
    return ("DEBUG:urllib3.connectionpool:https://api.frame.io:443 \"GET /v2/assets/%s/children HTTP/1.1\" 200 None\n"
            "send: b'GET /v2/assets/%s/children HTTP/1.1\\r\\nHost: api.frame.io\\r\\nAuthorization: Bearer %s\\r\\n\\r\\n'"
            % (_uuid(), _uuid(), tok), tok, "urllib3.connectionpool")


@_t(_G, "botocore-debug-sigv4-signature")
def _():
    sig = _hex(64)
    return ("%s botocore.auth [DEBUG] Signature:\n%s\n%s botocore.endpoint [DEBUG] Sending http request: <AWSPreparedRequest stream_output=False, method=POST, url=https://mediaconvert.us-east-1.amazonaws.com/2017-08-29/jobs>"
            % (_ts(), sig, _ts()), sig, "botocore.auth [DEBUG] Signature:")


@_t(_G, "http-debug-cookie-session")
def _():
    sid = _rs(32, _LO + _DG)
    return ("> GET /dailies/playlist/%d HTTP/2\n> host: review.%s\n> cookie: sessionid=%s; csrftoken=%s\n> accept: text/html"
            % (_R.randint(100, 999), _dom(), sid, _rs(32)), sid, "/dailies/playlist/")


@_t(_G, "set-cookie-response-log")
def _():
    sid = _b64u(48)
    return ("< HTTP/1.1 302 Found\n< location: /projects\n< set-cookie: ftrack_session=%s; Path=/; Secure; HttpOnly; SameSite=Lax" % sid,
            sid, "location: /projects")


@_t(_G, "node-error-config-dump")
def _():
    pw = _pw()
    return ("Error: connect ECONNREFUSED %s:3306\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16) {\n  errno: -111,\n  code: 'ECONNREFUSED',\n"
            "  config: { host: '%s', user: 'podcast', password: '%s', database: 'episodes' }\n}" % (_ip(), _short("db"), pw), pw, "ECONNREFUSED")


@_t(_G, "go-panic-dsn")
def _():
    pw = _pwu()
    return ("panic: dial tcp %s:3306: connect: connection refused (dsn=tractor:%s@tcp(%s:3306)/tractordb)\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/jobsync/main.go:48 +0x1f4"
            % (_ip(), pw, _short("tractor-db")), pw, "goroutine 1 [running]")


@_t(_G, "ffmpeg-rtmp-error-twitch-key")
def _():
    key = "live_%s_%s" % (_num(9), _rs(30))
    return ("[rtmp @ 0x5581%s] Server error: Already publishing\n[out#0/flv @ 0x5581%s] Error opening output rtmp://live.twitch.tv/app/%s: I/O error"
            % (_hex(8), _hex(8), key), key, "Already publishing")


@_t(_G, "ffmpeg-srt-log-passphrase")
def _():
    pw = _pw(1, url=True)
    return ("[srt @ 0x55d2%s] Connection to srt://%s:9000?mode=caller&passphrase=%s failed: Connection setup failure: connection timed out"
            % (_hex(8), _host("transcode"), pw), pw, "Connection setup failure")


@_t(_G, "syslog-sudo-mount-command")
def _():
    pw = _pw()
    return ("%s edit-bay%02d sudo[%d]:   editor : TTY=pts/0 ; PWD=/home/editor ; USER=root ; COMMAND=/usr/bin/mount -t cifs //%s/media /mnt/media -o username=editor,password=%s"
            % (_ts(), _R.randint(1, 12), _R.randint(2000, 60000), _short("nas"), pw), pw, "USER=root")


@_t(_G, "bash-xtrace-curl-user")
def _():
    pw = _pwu()
    return ("+ REVIEW=https://%s\n+ curl -sf -u admin:%s https://%s/api/v2/health\n+ echo ok" % (_host("review"), pw, _host("review")),
            pw, "/api/v2/health")


@_t(_G, "make-echo-docker-login")
def _():
    pw = _pw(7)
    return ("docker login -u ci -p %s registry.%s\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded"
            % (pw, _dom()), pw, "Login Succeeded")


@_t(_G, "github-actions-log-unmasked-header")
def _():
    key = _rs(32, _LO + _DG)
    return ("Run curl -sf -H \"X-Api-Key: %s\" https://api.%s/v1/episodes\n  curl -sf -H \"X-Api-Key: %s\" https://api.%s/v1/episodes\n  shell: /usr/bin/bash -e {0}"
            % (key, "podroom.test", key, "podroom.test"), key, "shell: /usr/bin/bash -e {0}")


@_t(_G, "celery-task-received-kwargs")
def _():
    key = _rs(40)
    return ("[%s: INFO/MainProcess] Task transcode.submit[%s] received\n[%s: DEBUG/ForkPoolWorker-3] kwargs={'asset': '%s', 'api_key': '%s', 'preset': 'prores_hq'}"
            % (_ts(), _uuid(), _ts(), _shot(), key), key, "ForkPoolWorker-3")


@_t(_G, "django-debug-settings-databases")
def _():
    pw = _pw()
    return ("Settings:\nDATABASES = {'default': {'ENGINE': 'django.db.backends.postgresql', 'HOST': '%s', 'NAME': 'review', 'USER': 'review', 'PASSWORD': '%s'}}"
            % (_host("pg"), pw), pw, "django.db.backends.postgresql")


@_t(_G, "sentry-breadcrumb-basic-auth")
def _():
    b = _b64t("%s:%s" % (_uuid(), _mux_secret()))
    return ('breadcrumb: {"category": "httplib", "data": {"method": "POST", "url": "https://api.mux.com/video/v1/uploads", "headers": {"Authorization": "Basic %s"}}}' % b,
            b, "api.mux.com/video/v1/uploads")


@_t(_G, "php-pdo-exception-stack-args")
def _():
    pw = _pw()
    return ("PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'wp_podcast'@'localhost'\nStack trace:\n"
            "#0 /var/www/html/wp-includes/db.php(12): PDO->__construct('mysql:host=local...', 'wp_podcast', '%s')\n#1 {main}" % pw,
            pw, "Access denied for user 'wp_podcast'")


@_t(_G, "json-structured-log-headers")
def _():
    key = _rs(40)
    return ('{"ts":"%s","level":"debug","logger":"stock.client","msg":"request","method":"GET","url":"https://api.gettyimages.com/v3/search/videos",'
            '"headers":{"Api-Key":"%s","Accept":"application/json"}}' % (_iso(), key), key, "api.gettyimages.com")


@_t(_G, "logfmt-line-token-field")
def _():
    tok = _hex(40)
    return ('time=%s level=debug msg="calling megaphone" network=%s token=%s path=/api/networks/episodes' % (_iso(), _uuid(), tok),
            tok, 'msg="calling megaphone"')


@_t(_G, "powershell-transcript-credential")
def _():
    pw = _pw()
    return ("**********************\nWindows PowerShell transcript start\nUsername: STUDIO\\wrangler\n**********************\n"
            "PS C:\\> $p = ConvertTo-SecureString \"%s\" -AsPlainText -Force\nPS C:\\> Connect-ShareDrive -Path \\\\%s\\renders -Password $p" % (pw, _short("isilon")),
            pw, "Windows PowerShell transcript start")


@_t(_G, "crash-report-environment-section")
def _():
    key = _uuid()
    return ("=== Crash report (nuke 15.1v3) ===\nSignal: SIGSEGV\nEnvironment:\n  NUKE_PATH=/studio/nuke\n  FTRACK_API_USER=comp_bot\n  FTRACK_API_KEY=%s\n  OCIO=/studio/ocio/config.ocio"
            % key, key, "Signal: SIGSEGV")


@_t(_G, "hython-traceback-client-secret")
def _():
    sec = _rs(40)
    return ("Traceback (most recent call last):\n  File \"/studio/houdini/scripts/license_check.py\", line 22, in <module>\n"
            "    svc = sidefx.service(access_token_url=URL, client_id='%s', client_secret_key='%s', endpoint_url=API)\n"
            "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='www.sidefx.com', port=443)" % (_rs(40), sec), sec, "license_check.py")


@_t(_G, "nuke-script-editor-error-token")
def _():
    tok = _fio()
    return ("# Result: Uploading %s_comp_%s.mov to Frame.io...\n# Error: FrameioUploadError: 401 Unauthorized (token=%s)" % (_shot(), _ver(), tok),
            tok, "FrameioUploadError: 401 Unauthorized")


@_t(_G, "maya-script-editor-ftrack-error")
def _():
    key = _uuid()
    return ("# Error: ftrack_api.exception.ServerError: Server reported error: The api key is not valid.\n# ftrack_api.Session(server_url='https://tidewater.ftrackapp.com', api_key='%s', api_user='anim_bot')"
            % key, key, "Server reported error")


@_t(_G, "docker-build-log-arg")
def _():
    tok = "npm_" + _rs(36)
    return ("#7 [builder 3/8] ARG NPM_TOKEN=%s\n#7 DONE 0.0s\n#8 [builder 4/8] RUN npm ci --omit=dev" % tok, tok, "RUN npm ci --omit=dev")


@_t(_G, "terraform-plan-nonsensitive-password")
def _():
    pw = _pw()
    return ("  # aws_db_instance.review will be created\n  + resource \"aws_db_instance\" \"review\" {\n      + engine         = \"postgres\"\n"
            "      + password       = \"%s\"\n      + username       = \"review_admin\"\n    }" % pw, pw, "aws_db_instance.review")


@_t(_G, "ansible-verbose-hostvars")
def _():
    pw = _pw()
    return ("ok: [%s] => {\n    \"hostvars[inventory_hostname]\": {\n        \"ansible_host\": \"%s\",\n        \"ansible_password\": \"%s\",\n        \"ansible_user\": \"admin\"\n    }\n}"
            % (_short("nas"), _ip(), pw), pw, "hostvars[inventory_hostname]")


@_t(_G, "pod-startup-config-dict-log")
def _():
    pw = _pw()
    return ("%s render-notifier INFO starting with config {'smtp_host': 'smtp.%s', 'smtp_user': 'renders', 'smtp_password': '%s', 'channel': '#farm'}"
            % (_iso(), _dom(), pw), pw, "render-notifier INFO starting")


@_t(_G, "spring-actuator-env-unmasked")
def _():
    pw = _pw()
    return ('"applicationConfig: [classpath:/application.yml]": {\n  "spring.datasource.username": {"value": "mam_app"},\n  "spring.datasource.password": {"value": "%s"}\n}' % pw,
            pw, "spring.datasource.username")


@_t(_G, "webhook-delivery-log-slack")
def _():
    url, tok = _slack_hook()
    return ("%s notifier INFO POST %s -> 200 ok (job %s done, %d frames)" % (_ts(), url, _hex(24), _R.randint(24, 2400)), tok, "notifier INFO POST")


@_t(_G, "audit-log-api-key-created")
def _():
    key = "kst_" + _rs(40)
    return ('%s audit event=api_key.created actor=%s key_name="render-dashboard" key=%s scopes=jobs:read' % (_iso(), _email(), key),
            key, "event=api_key.created")


@_t(_G, "curl-verbose-proxy-authorization")
def _():
    b = _b64t("studio\\proxyuser:" + _pw())
    return ("* Establish HTTP proxy tunnel to api.vimeo.com:443\n> CONNECT api.vimeo.com:443 HTTP/1.1\n> Proxy-Authorization: Basic %s\n< HTTP/1.1 200 Connection established" % b,
            b, "Establish HTTP proxy tunnel")


@_t(_G, "python-logging-debug-payload")
def _():
    pw = _pw()
    return ("%s DEBUG aspera.api payload={'remote_user': 'xfer_vendor', 'remote_password': '%s', 'target_rate_kbps': 500000}" % (_ts(), pw),
            pw, "aspera.api payload=")


@_t(_G, "mediaconvert-job-log-signed-input")
def _():
    sig = _hex(64)
    return ("%s job %s-%s status=ERROR errorMessage=\"Unable to open input file [https://%s-ingest.s3.amazonaws.com/%s.mov?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=%s]: [Failed probe/open: [Expired]]\""
            % (_ts(), _num(13), _low(6), _pick(["tide", "kes"]), _shot(), sig), sig, "Failed probe/open")


@_t(_G, "rsync-daemon-error-echoed-command")
def _():
    pw = _pw()
    return ("+ RSYNC_PASSWORD=%s rsync -a rsync://backup@%s/projects /backup\n@ERROR: auth failed on module projects\nrsync error: error starting client-server protocol (code 5)"
            % (pw, _short("nas")), pw, "auth failed on module projects")


@_t(_G, "kitsu-access-log-bearer")
def _():
    tok = _jwt()
    return ('%s zou.app DEBUG GET /api/data/projects/open headers={"Authorization": "Bearer %s", "User-Agent": "gazu/0.10"}' % (_iso(), tok),
            tok, "gazu/0.10")


@_t(_G, "webhook-secret-loaded-log")
def _():
    sec = _rs(44, _AN + "/+")
    return ("%s INFO frameio-webhooks: loaded signing secret %s for team %s" % (_ts(), sec, _uuid()), sec, "frameio-webhooks")


@_t(_G, "rails-parameters-log")
def _():
    pw = _pw()
    return ('Started POST "/users/sign_in" for %s at %s\nProcessing by Users::SessionsController#create as HTML\n  Parameters: {"user"=>{"email"=>"%s", "password"=>"%s"}, "commit"=>"Log in"}'
            % (_ip(), _ts(), _email(), pw), pw, "Users::SessionsController#create")


@_t(_G, "jenkins-console-git-clone-token")
def _():
    pw = _pwu()
    return ("[Pipeline] sh\n+ git clone https://jenkins:%s@bitbucket.%s/scm/pipe/otio-tools.git\nCloning into 'otio-tools'..." % (pw, _dom()),
            pw, "Cloning into 'otio-tools'")


@_t(_G, "gitlab-runner-register-log")
def _():
    tok = "glrt-" + _rs(20, _AN + "-_")
    return ("Runtime platform  arch=amd64 os=linux version=17.0.0\nRunning in system-mode.\nRegistering runner... token=%s url=https://gitlab.%s\nRunner registered successfully."
            % (tok, _dom()), tok, "Runner registered successfully")


@_t(_G, "journalctl-process-started-args")
def _():
    pw = _pw()
    return ("%s render-node%02d systemd[1]: Started rqd.service.\n%s render-node%02d rqd[%d]: exec rqd --cuebot %s --smb-user render --smb-pass %s"
            % (_ts(), _R.randint(1, 99), _ts(), _R.randint(1, 99), _R.randint(900, 9999), _short("cuebot"), pw), pw, "Started rqd.service")


@_t(_G, "redis-monitor-auth")
def _():
    pw = _pw()
    return ('%s.%06d [0 %s:51234] "AUTH" "%s"\n%s.%06d [0 %s:51234] "LPUSH" "rq:queue:transcode" "%s"'
            % (_epoch(), _R.randint(0, 999999), _ip(), pw, _epoch(), _R.randint(0, 999999), _ip(), _uuid()), pw, "rq:queue:transcode")


@_t(_G, "postgres-log-statement-alter-role")
def _():
    pw = _pw()
    return ("%s UTC [%d] postgres@cuebot LOG:  statement: ALTER ROLE cuebot WITH PASSWORD '%s';" % (_ts(), _R.randint(1000, 90000), pw),
            pw, "postgres@cuebot LOG")


@_t(_G, "mysql-general-log-create-user")
def _():
    pw = _pw()
    return ("%s\t   %d Query\tCREATE USER 'rqd_reader'@'%%' IDENTIFIED BY '%s'" % (_iso(), _R.randint(10, 900), pw), pw, "rqd_reader")


@_t(_G, "playwright-trace-fill-password")
def _():
    pw = _pw()
    return ('  - waiting for locator("#email")\n  - locator.fill("#email", "%s")\n  - locator.fill("#password", "%s")\n  - locator.click("button[type=submit]")'
            % (_email(), pw), pw, "button[type=submit]")


@_t(_G, "electron-app-refresh-token-log")
def _():
    tok = "1//0" + _rs(100, _AN + "-_")
    return ("[%s] [info]  auth: refreshing access token (refresh_token=%s)\n[%s] [info]  auth: ok, expires_in=3599" % (_iso(), tok, _iso()),
            tok, "auth: ok, expires_in=3599")


@_t(_G, "oauth-callback-code-access-log")
def _():
    code = _rs(40, _AN + "-_")
    return ('%s - - [%s] "GET /oauth/callback?code=%s&state=%s HTTP/1.1" 302 0' % (_ip(), _ts(), code, _hex(16)), code, "/oauth/callback")


@_t(_G, "dotnet-exception-connection-string")
def _():
    pw = _pw()
    return ("System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'sched'.\n   at CrewCalls.Db.Open() in /src/Db.cs:line 31\n"
            "ConnectionString: Server=%s;Database=Scheduling;User Id=sched;Password=%s;" % (_short("sql"), pw), pw, "Login failed for user 'sched'")


@_t(_G, "rqd-log-launch-env")
def _():
    key = _sg_key()
    return ("%s WARNING rqd.rqcore launching frame %04d-%s env={'SHOW': '%s', 'SHOTGRID_SCRIPT': 'rqd_publish', 'SHOTGRID_KEY': '%s'}"
            % (_ts(), _R.randint(1001, 1200), _shot(), _show()[0].lower(), key), key, "rqd.rqcore launching frame")


@_t(_G, "sentry-event-request-headers")
def _():
    tok = "xoxp-%s-%s-%s-%s" % (_num(12), _num(12), _num(13), _hex(32))
    return ('"request": {"url": "https://slack.com/api/files.upload", "method": "POST", "headers": {"Authorization": "Bearer %s", "Content-Type": "multipart/form-data"}}' % tok,
            tok, "slack.com/api/files.upload")


@_t(_G, "uwsgi-log-query-password")
def _():
    pw = _pwu()
    return ("[pid: %d|app: 0|req: %d/%d] %s () {40 vars in 812 bytes} [%s] GET /legacy/login?user=producer&password=%s => generated 211 bytes"
            % (_R.randint(100, 9999), _R.randint(1, 99), _R.randint(100, 999), _ip(), _ts(), pw), pw, "/legacy/login?user=producer")


@_t(_G, "ftp-session-transcript-pass")
def _():
    pw = _pw()
    return ("Status:\tConnecting to ftp.%s...\nCommand:\tUSER podcast_upload\nResponse:\t331 Password required\nCommand:\tPASS %s\nResponse:\t230 Logged on"
            % (_pick(["libsyn-alt.example", "hostcast.example"]), pw), pw, "331 Password required")



@_t(_G, "smtp-debug-auth-plain")
def _():
    pw = _pw()
    b = _b64t("\0renders@farm.example\0" + pw)
    return ("send: 'ehlo render-notifier\\r\\n'\nreply: b'250-AUTH PLAIN LOGIN\\r\\n'\nsend: 'AUTH PLAIN %s\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'" % b,
            b, "235 2.7.0 Authentication successful")


@_t(_G, "k8s-event-failed-pull-registry-url")
def _():
    pw = _pwu()
    return ("Warning  Failed  3m (x4 over 5m)  kubelet  Failed to pull image \"ci:%s@registry.%s/pipeline/kitsu-bridge:1.4\": unauthorized" % (pw, _dom()),
            pw, "Failed to pull image")


@_t(_G, "vault-audit-log-response-password")
def _():
    pw = _pw()
    return ('{"time":"%s","type":"response","request":{"path":"secret/data/render/mongo","operation":"read"},"response":{"data":{"data":{"password":"%s","username":"deadline"}}}}'
            % (_iso(), pw), pw, "secret/data/render/mongo")


@_t(_G, "lmgrd-debug-log-vendor-password")
def _():
    pw = _pw()
    return ("%s (lmgrd) FlexNet Licensing (v11.19.4.0 build 292463 x64_lsb) started on %s\n%s (adskflex) Using options file: /opt/flexlm/adskflex.opt\n"
            "%s (adskflex) DEBUG remote admin login lmadmin pass=%s" % (_time(), _short("lic"), _time(), _time(), pw), pw, "FlexNet Licensing")

# ==========================================================================
# group: note-or-chat
# ==========================================================================

_G = "note-or-chat"


@_t(_G, "slack-thread-handover-password")
def _():
    pw = _pw()
    n = _pick(_FIRST)
    return ("@%s handing the farm over to you tonight. mongo admin pw for the deadline db is %s \u2014 please don't rotate it till Monday, the RCS certs depend on it"
            % (n.lower(), pw), pw, "handing the farm over")


@_t(_G, "french-note-nas-mot-de-passe")
def _():
    pw = _pw()
    h = _short("nas")
    return ("Pour monter le NAS de montage (%s) depuis les stations Avid : utilisateur \u00ab monteur \u00bb, mot de passe %s. Ne pas le partager avec les prestataires."
            % (h, pw), pw, h)


@_t(_G, "spanish-chat-contrasena")
def _():
    pw = _pw()
    return ("[%s] Luc\u00eda: oye, la contrase\u00f1a del Frame.io de la productora es %s, el usuario es post@%s. C\u00e1mbiala cuando acabe el rodaje porfa"
            % (_time()[:5], pw, _dom()), pw, "Frame.io de la productora")


@_t(_G, "german-note-passwort")
def _():
    pw = _pw()
    return ("Notiz: Zugang zum Tonstudio-Rechner (Pro Tools, Raum B) \u2013 Benutzer: tonmeister, Passwort: %s. Das iLok h\u00e4ngt am USB-Hub links." % pw,
            pw, "Benutzer: tonmeister")


@_t(_G, "japanese-chat-password")
def _():
    pw = _pw()
    return ("\u30ec\u30f3\u30c0\u30fc\u30d5\u30a1\u30fc\u30e0\u306e\u7ba1\u7406\u753b\u9762\u306e\u30d1\u30b9\u30ef\u30fc\u30c9\u306f %s \u3067\u3059\u3002\u30e6\u30fc\u30b6\u30fc\u540d\u306f wrangler \u3067\u3059\u3002\u660e\u65e5\u307e\u3067\u306b\u5909\u66f4\u3057\u3066\u304f\u3060\u3055\u3044\u3002"
            % pw, pw, "\u30e6\u30fc\u30b6\u30fc\u540d\u306f wrangler")


@_t(_G, "korean-chat-password")
def _():
    pw = _pw()
    return ("\uc0ac\uc6b4\ub4dc \ub77c\uc774\ube0c\ub7ec\ub9ac \uacc4\uc815: audio@%s / \ube44\ubc00\ubc88\ud638 %s \u2014 \ud300 \uacf5\uc6a9\uc774\ub2c8\uae4c \uc678\ubd80\uc5d0 \uacf5\uc720\ud558\uc9c0 \ub9c8\uc138\uc694"
            % (_dom(), pw), pw, "audio@")


@_t(_G, "italian-note-password")
def _():
    pw = _pw()
    return ("Promemoria per %s: la password del server licenze RLM (pannello web porta 5054) \u00e8 %s, utente rlmadmin." % (_pick(_FIRST), pw),
            pw, "pannello web porta 5054")


@_t(_G, "portuguese-chat-senha")
def _():
    pw = _pw()
    return ("Gente, a senha do Wi-Fi do est\u00fadio 3 mudou: rede %s-Est3, senha %s. Qualquer coisa me chamem." % (_pick(["Harrow", "Kestrel"]), pw),
            pw, "a senha do Wi-Fi")


@_t(_G, "dutch-note-wachtwoord")
def _():
    pw = _pw()
    return ("Overdracht: het wachtwoord van het gedeelde Splice-account is %s (login: sounddesign@%s). Graag niet wijzigen zonder overleg." % (pw, _dom()),
            pw, "Splice-account")


@_t(_G, "polish-chat-haslo")
def _():
    pw = _pw()
    return ("Has\u0142o do panelu Synology (%s:5001) to %s, login admin. Jutro zmieniamy na nowe." % (_short("nas"), pw), pw, "panelu Synology")


@_t(_G, "swedish-note-losenord")
def _():
    pw = _pw()
    return ("Till %s: l\u00f6senordet f\u00f6r leveranskontot p\u00e5 Aspera \u00e4r %s. Anv\u00e4ndarnamn xfer_vendor." % (_pick(_FIRST), pw),
            pw, "leveranskontot p\u00e5 Aspera")


@_t(_G, "chinese-chat-mima")
def _():
    pw = _pw()
    return ("\u6e32\u67d3\u519c\u573a\u6570\u636e\u5e93\u7684\u5bc6\u7801\u662f %s \uff0c\u7528\u6237\u540d deadline\uff0c\u522b\u53d1\u5230\u5927\u7fa4\u91cc\u3002" % pw,
            pw, "\u7528\u6237\u540d deadline")


@_t(_G, "russian-note-parol")
def _():
    pw = _pw()
    return ("\u0414\u043e\u0441\u0442\u0443\u043f \u043a Kitsu \u0434\u043b\u044f \u043f\u043e\u0434\u0440\u044f\u0434\u0447\u0438\u043a\u043e\u0432: \u043b\u043e\u0433\u0438\u043d vendor@%s, \u043f\u0430\u0440\u043e\u043b\u044c %s. \u041f\u043e\u0441\u043b\u0435 \u0441\u0434\u0430\u0447\u0438 \u0437\u0430\u043a\u0440\u043e\u0435\u043c."
            % (_dom(), pw), pw, "vendor@")


@_t(_G, "turkish-chat-sifre")
def _():
    pw = _pw()
    return ("Ses kurgu odas\u0131ndaki Mac'in \u015fifresi %s, kullan\u0131c\u0131 ad\u0131 kurgu. Yar\u0131n de\u011fi\u015ftirece\u011fim." % pw, pw, "kullan\u0131c\u0131 ad\u0131 kurgu")


@_t(_G, "czech-note-heslo")
def _():
    pw = _pw()
    return ("Heslo k \u00fa\u010dtu na Vimeo (kan\u00e1l studia): %s \u2014 u\u017eivatel marketing@%s" % (pw, _dom()), pw, "marketing@")


@_t(_G, "finnish-chat-salasana")
def _():
    pw = _pw()
    return ("Renderifarmin hallintapaneelin salasana on %s (k\u00e4ytt\u00e4j\u00e4 wrangler). \u00c4l\u00e4 laita t\u00e4t\u00e4 wikiin." % pw, pw, "k\u00e4ytt\u00e4j\u00e4 wrangler")


@_t(_G, "danish-note-adgangskode")
def _():
    pw = _pw()
    return ("Adgangskode til lydbiblioteket (Soundly, f\u00e6lleskonto): %s. Brugernavn: lyd@%s" % (pw, _dom()), pw, "Soundly")


@_t(_G, "greek-chat-kodikos")
def _():
    pw = _pw()
    return ("\u039f \u03ba\u03c9\u03b4\u03b9\u03ba\u03cc\u03c2 \u03b3\u03b9\u03b1 \u03c4\u03bf NAS \u03c4\u03bf\u03c5 \u03bc\u03bf\u03bd\u03c4\u03ac\u03b6 \u03b5\u03af\u03bd\u03b1\u03b9 %s, \u03c7\u03c1\u03ae\u03c3\u03c4\u03b7\u03c2 editor." % pw,
            pw, "\u03c7\u03c1\u03ae\u03c3\u03c4\u03b7\u03c2 editor")


@_t(_G, "hebrew-chat-sisma")
def _():
    pw = _pw()
    return ("\u05d4\u05e1\u05d9\u05e1\u05de\u05d4 \u05dc\u05d7\u05e9\u05d1\u05d5\u05df \u05d4-Frame.io \u05e9\u05dc \u05d4\u05e4\u05e8\u05d5\u05d9\u05e7\u05d8: %s (\u05de\u05e9\u05ea\u05de\u05e9 post@%s)" % (pw, _dom()),
            pw, "Frame.io")


@_t(_G, "arabic-chat-password")
def _():
    pw = _pw()
    return ("\u0643\u0644\u0645\u0629 \u0627\u0644\u0645\u0631\u0648\u0631 \u0644\u062d\u0633\u0627\u0628 \u0627\u0644\u0628\u0648\u062f\u0643\u0627\u0633\u062a \u0639\u0644\u0649 Buzzsprout \u0647\u064a %s \u2014 \u0627\u0644\u0628\u0631\u064a\u062f: podcast@%s" % (pw, _dom()),
            pw, "Buzzsprout")


@_t(_G, "vietnamese-chat-mat-khau")
def _():
    pw = _pw()
    return ("M\u1eadt kh\u1ea9u t\u00e0i kho\u1ea3n Artlist c\u1ee7a c\u00f4ng ty l\u00e0 %s, email music@%s nh\u00e9." % (pw, _dom()), pw, "Artlist")


@_t(_G, "indonesian-note-kata-sandi")
def _():
    pw = _pw()
    return ("Kata sandi server render (%s): %s, user root. Jangan disebar ke grup vendor." % (_short("wrangler"), pw), pw, "Jangan disebar")


@_t(_G, "hindi-chat-password")
def _():
    pw = _pw()
    return ("\u0921\u092c\u093f\u0902\u0917 \u0938\u094d\u091f\u0942\u0921\u093f\u092f\u094b \u0935\u093e\u0932\u0947 \u0915\u0902\u092a\u094d\u092f\u0942\u091f\u0930 \u0915\u093e \u092a\u093e\u0938\u0935\u0930\u094d\u0921 %s \u0939\u0948, \u092f\u0942\u091c\u093c\u0930 dubbing\u0964" % pw,
            pw, "\u092f\u0942\u091c\u093c\u0930 dubbing")


@_t(_G, "hungarian-note-jelszo")
def _():
    pw = _pw()
    return ("A vet\u00edt\u0151terem lej\u00e1tsz\u00f3 g\u00e9p\u00e9nek jelszava: %s (felhaszn\u00e1l\u00f3: projection)." % pw, pw, "projection")


@_t(_G, "agent-running-note-creds-from-chat")
def _():
    pw = _pw()
    return ("Running notes:\n- user pasted NAS creds in chat: editor / %s\n- used them to mount //%s/editorial on the edit VM\n- TODO suggest moving to 1Password"
            % (pw, _short("nas")), pw, "TODO suggest moving to 1Password")


@_t(_G, "agent-goal-with-token")
def _():
    sec = _mux_secret()
    return ("Goal: re-run the Mux ingest for %s dailies using the new token secret the producer gave me (%s) and confirm playback ids appear in the sheet."
            % (_show()[0], sec), sec, "confirm playback ids appear")


@_t(_G, "agent-decision-log-keep-secret")
def _():
    sec = _rs(27, _AN + "-_")
    return ("Decision (%s): keep the old Cloudinary api_secret %s active until the thumbnail migration finishes; revoke afterwards." % (_date(), sec),
            sec, "thumbnail migration")


@_t(_G, "email-forward-temporary-password")
def _():
    pw = _pw(3)
    return ("---------- Forwarded message ---------\nFrom: IT Helpdesk <it@%s>\nSubject: Your ShotGrid account\n\nHi, your temporary password is %s \u2014 you'll be asked to change it at first login."
            % (_dom(), pw), pw, "Forwarded message")


@_t(_G, "teams-message-guest-wifi")
def _():
    pw = _pw(1)
    return ("Guest wifi for the client review session today: network LarkspurGuest, key %s. Screening room 2, 3pm." % pw, pw, "Screening room 2")


@_t(_G, "standup-note-abbrev-pw")
def _():
    pw = _pw()
    return ("standup %s\n- ilok acct: audio@%s pw %s (moved the Waves licences to the new mix stage)\n- stems for ep%d delivered" % (_date(), _dom(), pw, _R.randint(1, 12)),
            pw, "moved the Waves licences")


@_t(_G, "creds-label-splice-team")
def _():
    pw = _pw()
    return ("creds for the Splice team acct -> splice@%s : %s" % (_dom(), pw), pw, "Splice team acct")


@_t(_G, "unlabeled-password-obvious-context")
def _():
    pw = _pw(0)
    h = _short("wrangler")
    return ("you can ssh into %s as render, it's %s (same as the old farm box). sudo works without asking again." % (h, pw), pw, h)


@_t(_G, "pasted-password-manager-share")
def _():
    pw = _pw(3)
    return ("Title: Avid NEXIS admin\nUsername: nexis-admin\nPassword: %s\nWebsite: https://%s\nNotes: shared by %s" % (pw, _short("avid-nexis"), _pick(_FIRST)),
            pw, "Avid NEXIS admin")


@_t(_G, "jira-comment-new-api-key")
def _():
    key = _uuid()
    return ("PIPE-%d \u2014 comment by %s %s: I regenerated the ftrack API key for the publish bot, new one is %s, please update the farm env."
            % (_R.randint(100, 3000), _pick(_FIRST), _pick(_LAST), key), key, "publish bot")


@_t(_G, "github-issue-accidental-token")
def _():
    tok = _gh()
    return ("Steps to reproduce:\n1. `export GITHUB_TOKEN=%s`\n2. run `hda-sync --pull`\n3. fails with 403 on the LFS endpoint\n\n(edit: oops, that's my real token, will revoke)" % tok,
            tok, "hda-sync --pull")


@_t(_G, "discord-message-stream-key")
def _():
    key = "-".join(_low(4) for _ in range(5))
    return ("%s \u2014 today at %s\nstream key for the live premiere on YouTube is %s, server rtmp://a.rtmp.youtube.com/live2" % (_pick(_FIRST), _time()[:5], key),
            key, "live premiere")


@_t(_G, "whatsapp-export-frameio-token")
def _():
    tok = _fio()
    return ("[%s, %s] %s: the frame.io dev token is %s\n[%s, %s] %s: thx" % (_date(), _time()[:5], _pick(_FIRST), tok, _date(), _time()[:5], _pick(_FIRST)),
            tok, "the frame.io dev token is")


@_t(_G, "meeting-notes-bullet-credentials")
def _():
    pw = _pw()
    return ("## Post sync %s\n* Reel 4 conform slipping to Thursday\n* Colorist needs Resolve project DB access: user resolve, pass %s\n* Music cue sheet due Friday" % (_date(), pw),
            pw, "Reel 4 conform")


@_t(_G, "handover-markdown-table")
def _():
    pw = _pw()
    return ("| System | User | Password |\n|---|---|---|\n| Deadline web | wrangler | (vault) |\n| Qumulo UI | admin | %s |\n| Kitsu | (SSO) | n/a |" % pw,
            pw, "| Qumulo UI | admin |")


@_t(_G, "sticky-note-transcription")
def _():
    pw = _pw(0)
    return ("photo of the post-it on the machine room rack (transcribed): \"NAS02 admin / %s  - DO NOT REMOVE\"" % pw, pw, "machine room rack")


@_t(_G, "todo-rotate-leaked-token")
def _():
    tok = _hex(32)
    return ("- [ ] rotate Vimeo token %s (it was pasted in #general on %s)\n- [x] move upload script to the service account" % (tok, _date()),
            tok, "move upload script")


@_t(_G, "agent-summary-context-password")
def _():
    pw = _pw()
    return ("Context so far: the user supplied the Deadline web service password (%s) so I could query job %s; nothing else was changed." % (pw, _hex(24)),
            pw, "Deadline web service password")


@_t(_G, "spanglish-code-switch-note")
def _():
    pw = _pw()
    return ("ok so el login del Musicbed es music@%s y el pass es %s, pero no lo pongas en el doc compartido please" % (_dom(), pw), pw, "Musicbed")


@_t(_G, "pass-label-colon")
def _():
    pw = _pw()
    return ("Epidemic Sound (team seat)\nuser: sync@%s\npass: %s" % (_dom(), pw), pw, "Epidemic Sound (team seat)")


@_t(_G, "podcast-host-note-api-token")
def _():
    tok = _hex(32)
    return ("For %s: Buzzsprout API token for the show is %s, podcast id %s. Use it in the publish script." % (_pick(_FIRST), tok, _num(7)),
            tok, "podcast id")


@_t(_G, "music-supervisor-email-login")
def _():
    pw = _pw()
    return ("Hi both,\nFor the temp score pulls you can use our Musicbed login: supervisor@%s / %s\nBest,\n%s" % (_dom(), pw, _pick(_FIRST)),
            pw, "temp score pulls")


@_t(_G, "plugin-serial-in-note")
def _():
    ser = "-".join(_up(5) for _ in range(5))
    return ("Plugin licences (mix stage B): FabFilter Total Bundle serial %s \u2014 registered to audio@%s" % (ser, _dom()), ser, "mix stage B")


@_t(_G, "agent-scratchpad-tried-passwords")
def _():
    pw = _pw()
    return ("scratch: tried the password from the wiki for the Tractor dashboard -> 401. %s said the current one is %s -> works." % (_pick(_FIRST), pw),
            pw, "Tractor dashboard")


@_t(_G, "chat-codeblock-export")
def _():
    key = _rs(40)
    return ("%s: here, paste this before running the stock sync\n```\nexport FREESOUND_API_KEY=%s\npython sync_sfx.py --tag rain\n```" % (_pick(_FIRST), key),
            key, "python sync_sfx.py --tag rain")


@_t(_G, "bitlocker-recovery-key-note")
def _():
    key = "-".join("%06d" % _R.randint(0, 999999) for _ in range(8))
    return ("Shuttle drive #%d (camera originals, BitLocker). Recovery key: %s. Drive goes to the lab Friday." % (_R.randint(1, 40), key),
            key, "camera originals")


@_t(_G, "veracrypt-passphrase-delivery-drive")
def _():
    pw = _pw(1)
    return ("Delivery drive for the distributor is VeraCrypt encrypted; passphrase is %s \u2014 send it by phone, not in the same email as the tracking number." % pw,
            pw, "VeraCrypt encrypted")


@_t(_G, "zip-password-short-label")
def _():
    pw = _pw()
    return ("stems zip pw: %s (same for the M&E package)" % pw, pw, "M&E package")


@_t(_G, "agent-decision-service-account-key")
def _():
    key = _sg_key()
    return ("Decision: use the ShotGrid script 'svc_flow_sync' with key %s for the nightly sync until IT creates a proper service account." % key,
            key, "svc_flow_sync")


@_t(_G, "spanish-note-clave-api")
def _():
    key = _rs(32)
    return ("Nota: la clave de la API de Transistor para el podcast \"%s\" es %s" % (_pod(), key), key, "API de Transistor")


@_t(_G, "japanese-note-token")
def _():
    tok = _xox("b")
    return ("Slack\u30dc\u30c3\u30c8\u306e\u30c8\u30fc\u30af\u30f3\uff1a%s \uff08\u30ec\u30f3\u30c0\u30fc\u5b8c\u4e86\u901a\u77e5\u7528\uff09" % tok, tok, "Slack")


@_t(_G, "chinese-note-miyao")
def _():
    sec = _aws_secret()
    return ("MediaConvert \u7528\u7684 AWS \u5bc6\u94a5\uff1aAccessKeyId %s\uff0cSecretAccessKey %s\uff0c\u7528\u5b8c\u8bb0\u5f97\u5220\u6389\u3002" % (_aws_akid(), sec),
            sec, "MediaConvert")


@_t(_G, "german-note-zugangsdaten")
def _():
    pw = _pw()
    return ("Zugangsdaten f\u00fcr den Lizenzserver (%s, FlexLM/Maya): lmadmin / %s" % (_short("lic"), pw), pw, "FlexLM/Maya")


@_t(_G, "french-chat-identifiants")
def _():
    pw = _pw()
    return ("Tes identifiants pour ftrack : %s / %s. Change-le \u00e0 la premi\u00e8re connexion stp." % (_email(), pw), pw, "pour ftrack")


@_t(_G, "portuguese-note-chave-api")
def _():
    key = _rs(56)
    return ("A chave de API do Pexels que usamos no gerador de moodboards: %s" % key, key, "gerador de moodboards")


@_t(_G, "italian-chat-chiave")
def _():
    key = _google_key()
    return ("Ecco la chiave per le YouTube Data API del canale: %s (progetto studio-yt)" % key, key, "progetto studio-yt")


@_t(_G, "ukrainian-chat-parol")
def _():
    pw = _pw()
    return ("\u041f\u0430\u0440\u043e\u043b\u044c \u0432\u0456\u0434 \u043a\u043e\u043c\u043f'\u044e\u0442\u0435\u0440\u0430 \u0432 \u0430\u043f\u0430\u0440\u0430\u0442\u043d\u0456\u0439 \u043a\u043e\u043b\u044c\u043e\u0440\u0438\u0441\u0442\u0430: %s (\u043a\u043e\u0440\u0438\u0441\u0442\u0443\u0432\u0430\u0447 grade)" % pw,
            pw, "grade")


@_t(_G, "romanian-note-parola")
def _():
    pw = _pw()
    return ("Parola pentru contul de Dropbox al produc\u021biei: %s (cont: productie@%s)" % (pw, _dom()), pw, "Dropbox")


# ==========================================================================
# group: ci-and-deploy
# ==========================================================================

_G = "ci-and-deploy"


@_t(_G, "github-actions-env-hardcoded")
def _():
    sec = _mux_secret()
    return ("jobs:\n  ingest:\n    runs-on: ubuntu-latest\n    env:\n      MUX_TOKEN_ID: ${{ secrets.MUX_TOKEN_ID }}\n      MUX_TOKEN_SECRET: %s\n    steps:\n      - uses: actions/checkout@v4" % sec,
            sec, "runs-on: ubuntu-latest")


@_t(_G, "gitlab-ci-variables-block")
def _():
    pw = _pw()
    return ("variables:\n  POSTGRES_DB: zoudb\n  POSTGRES_USER: zou\n  POSTGRES_PASSWORD: \"%s\"\n\ntest:\n  image: python:3.11\n  services: [postgres:15]" % pw,
            pw, "POSTGRES_DB: zoudb")


@_t(_G, "jenkinsfile-environment-literal")
def _():
    key = _uuid()
    return ("pipeline {\n  agent { label 'linux-farm' }\n  environment {\n    FTRACK_SERVER  = 'https://emberline.ftrackapp.com'\n    FTRACK_API_KEY = '%s'\n  }\n" % key,
            key, "agent { label 'linux-farm' }")


@_t(_G, "circleci-job-environment")
def _():
    tok = "sntrys_" + _b64u(90)
    return ("jobs:\n  release:\n    docker:\n      - image: cimg/node:20.11\n    environment:\n      SENTRY_ORG: kestrel-fx\n      SENTRY_AUTH_TOKEN: %s" % tok,
            tok, "image: cimg/node:20.11")


@_t(_G, "bitbucket-pipelines-script-export")
def _():
    pw = _pw()
    return ("pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export NEXUS_PASSWORD='%s'\n            - ./gradlew publish" % pw,
            pw, "./gradlew publish")


@_t(_G, "azure-pipelines-variables")
def _():
    key = _azure_key()
    return ("variables:\n  storageAccount: %sdailies\n  storageKey: '%s'\n\nsteps:\n- script: az storage blob sync -c dailies -s out/ --account-key $(storageKey)"
            % (_pick(["lark", "tide"]), key), key, "az storage blob sync")


@_t(_G, "dockerfile-env-cloudinary-url")
def _():
    sec = _rs(27, _AN + "-_")
    return ("FROM python:3.11-slim\nWORKDIR /app\nENV CLOUDINARY_URL=cloudinary://%s:%s@moth-media\nCOPY . .\nCMD [\"python\", \"thumbs.py\"]" % (_num(15), sec),
            sec, "FROM python:3.11-slim")


@_t(_G, "dockerfile-arg-default-token")
def _():
    tok = _gh("ghp_")
    return ("ARG GITHUB_TOKEN=%s\nRUN pip install git+https://${GITHUB_TOKEN}@github.com/larkspur-pictures/pipeline-core.git@v4.2.1" % tok,
            tok, "pipeline-core.git@v4.2.1")


@_t(_G, "docker-compose-deploy-env-map")
def _():
    pw = _pw()
    return ("services:\n  zou:\n    image: cgwire/zou:0.19\n    environment:\n      DB_HOST: db\n      DB_PASSWORD: \"%s\"\n    depends_on: [db]" % pw,
            pw, "image: cgwire/zou:0.19")


@_t(_G, "k8s-deployment-env-value")
def _():
    key = _sg_key()
    return ("        env:\n          - name: SG_SCRIPT_NAME\n            value: publish_daemon\n          - name: SG_SCRIPT_KEY\n            value: \"%s\"" % key,
            key, "value: publish_daemon")


@_t(_G, "deploy-script-helm-set")
def _():
    pw = _pw()
    return ("#!/bin/sh\n# deploy/review.sh\nhelm upgrade --install review ./chart \\\n  --set image.tag=$CI_COMMIT_SHORT_SHA \\\n  --set db.password='%s'" % pw,
            pw, "deploy/review.sh")


@_t(_G, "terraform-auto-tfvars-deploy")
def _():
    tok = "dop_v1_" + _hex(64)
    return ('# deploy/do/prod.auto.tfvars\ndo_token     = "%s"\ndroplet_size = "c-8"\nregion       = "ams3"' % tok, tok, "droplet_size")


@_t(_G, "ansible-playbook-vars-section")
def _():
    pw = _pw()
    return ("- hosts: render_nodes\n  become: true\n  vars:\n    deadline_repo: /mnt/DeadlineRepository10\n    deadline_cert_password: \"%s\"\n  roles:\n    - deadline_client" % pw,
            pw, "deadline_client")


@_t(_G, "argo-workflow-parameter-value")
def _():
    tok = _fio()
    return ("spec:\n  entrypoint: publish-review\n  arguments:\n    parameters:\n      - name: frameio-token\n        value: %s" % tok, tok, "publish-review")


@_t(_G, "buildkite-pipeline-env")
def _():
    tok = "glpat-" + _rs(20, _AN + "-_")
    return ("env:\n  GITLAB_TOKEN: \"%s\"\nsteps:\n  - label: \":hammer: build usd plugins\"\n    command: make -j16 usd-plugins" % tok,
            tok, "build usd plugins")


@_t(_G, "drone-yml-environment")
def _():
    pw = _pw()
    return ("kind: pipeline\nname: default\nsteps:\n- name: publish\n  image: plugins/docker\n  settings:\n    username: ci\n    password: %s\n    repo: registry.%s/pipeline/rqd" % (pw, _dom()),
            pw, "image: plugins/docker")


@_t(_G, "travis-yml-env-global")
def _():
    key = "key-" + _hex(32)
    return ("env:\n  global:\n    - MAILGUN_DOMAIN=mg.%s\n    - MAILGUN_API_KEY=%s\nscript: pytest -q" % (_dom(), key), key, "script: pytest -q")


@_t(_G, "github-actions-run-curl-token")
def _():
    tok = _hex(64)
    return ("      - name: Notify podcast host\n        run: |\n          curl -fsS -X POST https://api.%s/v1/episodes/publish \\\n            -H \"Authorization: Token %s\"" % ("hostcast.example", tok),
            tok, "Notify podcast host")


@_t(_G, "fly-toml-env-section")
def _():
    pw = _pw()
    return ('app = "feed-proxy"\nprimary_region = "lhr"\n\n[env]\n  FEED_ADMIN_USER = "admin"\n  FEED_ADMIN_PASSWORD = "%s"' % pw, pw, 'app = "feed-proxy"')


@_t(_G, "vercel-json-env")
def _():
    key = "sk_live_" + _rs(99)
    return ('{\n  "buildCommand": "next build",\n  "env": {\n    "STRIPE_SECRET_KEY": "%s"\n  }\n}' % key, key, '"buildCommand": "next build"')


@_t(_G, "netlify-toml-build-environment")
def _():
    tok = _rs(43, _AN + "-_")
    return ('[build]\n  command = "npm run build"\n  publish = "dist"\n\n[build.environment]\n  UNSPLASH_ACCESS_KEY = "%s"' % tok, tok, 'publish = "dist"')


@_t(_G, "render-yaml-envvars")
def _():
    pw = _pw()
    return ("services:\n  - type: web\n    name: screener-portal\n    envVars:\n      - key: SCREENER_ADMIN_PASSWORD\n        value: %s" % pw, pw, "screener-portal")


@_t(_G, "serverless-yml-environment")
def _():
    sec = _rs(40, _AN)
    return ("provider:\n  name: aws\n  runtime: python3.11\n  environment:\n    SPOTIFY_CLIENT_ID: %s\n    SPOTIFY_CLIENT_SECRET: %s" % (_hex(32), sec),
            sec, "runtime: python3.11")


@_t(_G, "cloudformation-parameter-default")
def _():
    pw = _pw()
    return ("Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: false\n    Default: \"%s\"\n  DBUser:\n    Type: String\n    Default: review_admin" % pw,
            pw, "Default: review_admin")


@_t(_G, "ecs-task-definition-environment")
def _():
    sec = _rs(32)
    return ('"containerDefinitions": [{\n  "name": "stock-sync",\n  "environment": [\n    {"name": "SHUTTERSTOCK_CLIENT_ID", "value": "%s"},\n'
            '    {"name": "SHUTTERSTOCK_CLIENT_SECRET", "value": "%s"}\n  ]\n}]' % (_rs(32), sec), sec, '"name": "stock-sync"')


@_t(_G, "nomad-job-env-stanza")
def _():
    pw = _pw()
    return ('task "cuebot" {\n  driver = "docker"\n  env {\n    CUE_DB_USER = "cuebot"\n    CUE_DB_PASS = "%s"\n  }\n}' % pw, pw, 'task "cuebot"')


@_t(_G, "capistrano-deploy-rb-password")
def _():
    pw = _pw()
    return ("set :application, 'review-site'\nset :repo_url, 'git@github.com:larkspur-pictures/review-site.git'\nset :ssh_options, { user: 'deploy', password: '%s' }" % pw,
            pw, "set :application, 'review-site'")


@_t(_G, "fabfile-connect-kwargs-password")
def _():
    pw = _pw()
    return ("from fabric import Connection\n\nc = Connection('%s', user='deploy', connect_kwargs={'password': '%s'})\nc.run('systemctl restart kitsu')" % (_host("kitsu"), pw),
            pw, "from fabric import Connection")


@_t(_G, "makefile-deploy-target-password")
def _():
    pw = _pw()
    return ("deploy:\n\tdocker login -u ci -p '%s' registry.%s\n\tdocker push registry.%s/pipeline/farm-dash:$(VERSION)" % (pw, _dom(), _dom()),
            pw, "farm-dash:$(VERSION)")


@_t(_G, "deploy-sh-export-block")
def _():
    key = _hex(32)
    return ("#!/usr/bin/env bash\n# deploy/notify.sh\nexport PUSHOVER_USER=%s\nexport DD_API_KEY=%s\n./bin/notify --channel farm" % (_rs(30, _LO + _DG), key),
            key, "./bin/notify --channel farm")


@_t(_G, "github-actions-docker-login-literal")
def _():
    pw = _pw()
    return ("      - uses: docker/login-action@v3\n        with:\n          registry: registry.%s\n          username: ci\n          password: %s" % (_dom(), pw),
            pw, "docker/login-action@v3")


@_t(_G, "gitlab-ci-before-script-npmrc")
def _():
    tok = "npm_" + _rs(36)
    return ("before_script:\n  - echo \"//registry.npmjs.org/:_authToken=%s\" > .npmrc\n  - npm ci" % tok, tok, "before_script:")


@_t(_G, "kustomize-secretgenerator-literals")
def _():
    pw = _pw()
    return ("secretGenerator:\n  - name: tractor-db\n    literals:\n      - username=tractor\n      - password=%s" % pw, pw, "name: tractor-db")


@_t(_G, "packer-variables-default")
def _():
    pw = _pw()
    return ('variable "winrm_password" {\n  type    = string\n  default = "%s"\n}\n\nsource "amazon-ebs" "render-node" {' % pw, pw, 'variable "winrm_password"')


@_t(_G, "vagrantfile-provision-password")
def _():
    pw = _pw()
    return ('Vagrant.configure("2") do |config|\n  config.vm.box = "rockylinux/9"\n  config.vm.provision "shell", inline: "echo \'render:%s\' | chpasswd"\nend' % pw,
            pw, 'config.vm.box = "rockylinux/9"')


@_t(_G, "pulumi-stack-config-plaintext")
def _():
    pw = _pw()
    return ("config:\n  aws:region: us-west-2\n  review:dbPassword: %s\n  review:apiKey:\n    secure: v1:%s" % (pw, _b64(40)), pw, "aws:region: us-west-2")


@_t(_G, "hiera-yaml-plaintext")
def _():
    pw = _pw()
    return ("---\nprofile::nas::smb_admin: admin\nprofile::nas::smb_password: '%s'\nprofile::nas::shares:\n  - editorial\n  - audio" % pw, pw, "profile::nas::shares")


@_t(_G, "salt-pillar-sls")
def _():
    pw = _pw()
    return ("rlm:\n  isv: foundry\n  admin_user: rlmadmin\n  admin_password: %s\n  port: 5053" % pw, pw, "isv: foundry")


@_t(_G, "deploy-docker-run-env-flag")
def _():
    tok = "hvs." + _rs(24)
    return ("docker run -d --restart=always --name secrets-agent -e VAULT_ADDR=https://vault.%s:8200 -e VAULT_TOKEN=%s studio/agent:2.3" % (_dom(), tok),
            tok, "studio/agent:2.3")


@_t(_G, "kubectl-set-env-literal")
def _():
    pw = _pw()
    return ("kubectl -n farm set env deployment/deadline-web DEADLINE_WEB_PASSWORD='%s'" % pw, pw, "deployment/deadline-web")


@_t(_G, "gh-secret-set-body")
def _():
    tok = "dckr_pat_" + _rs(27, _AN + "-_")
    return ('gh secret set DOCKERHUB_TOKEN --repo larkspur-pictures/render-images --body "%s"' % tok, tok, "render-images")


@_t(_G, "workflow-dispatch-default-input")
def _():
    key = _rs(32)
    return ("on:\n  workflow_dispatch:\n    inputs:\n      transistor_key:\n        description: 'API key'\n        default: '%s'" % key, key, "workflow_dispatch")


@_t(_G, "gitlab-trigger-token-curl")
def _():
    tok = "glptt-" + _hex(40)
    return ("curl -X POST --fail -F token=%s -F ref=main https://gitlab.%s/api/v4/projects/%d/trigger/pipeline" % (tok, _dom(), _R.randint(10, 900)),
            tok, "/trigger/pipeline")


@_t(_G, "sonar-project-properties-login")
def _():
    tok = "squ_" + _hex(40)
    return ("sonar.projectKey=pipeline-core\nsonar.host.url=https://sonar.%s\nsonar.login=%s" % (_dom(), tok), tok, "sonar.projectKey=pipeline-core")


@_t(_G, "fastlane-appstore-p8-key")
def _():
    pem, body = _pem("ec")
    pem = pem.replace("EC PRIVATE KEY", "PRIVATE KEY")
    return ('app_store_connect_api_key(\n  key_id: "%s",\n  issuer_id: "%s",\n  key_content: "%s"\n)' % (_up(10), _uuid(), pem.replace("\n", "\\n")),
            body.replace("\n", "\\n"), "app_store_connect_api_key(")


@_t(_G, "teamcity-build-parameter")
def _():
    pw = _pw()
    return ('<param name="env.P4USER" value="build" />\n<param name="env.P4PASSWD" value="%s" />' % pw, pw, "env.P4USER")


@_t(_G, "argocd-repository-secret")
def _():
    pw = _pw()
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-pipeline\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://git.%s/pipeline\n  password: %s"
            % (_dom(), pw), pw, "argocd.argoproj.io/secret-type")


@_t(_G, "harbor-robot-account-login")
def _():
    pw = _rs(32)
    return ("docker login harbor.%s -u 'robot$ci+render-images' -p '%s'" % (_dom(), pw), pw, "robot$ci+render-images")


@_t(_G, "github-actions-service-container-password")
def _():
    pw = _pw()
    return ("    services:\n      mongo:\n        image: mongo:6\n        env:\n          MONGO_INITDB_ROOT_USERNAME: deadline\n          MONGO_INITDB_ROOT_PASSWORD: %s" % pw,
            pw, "image: mongo:6")


@_t(_G, "gitlab-ci-mysql-service-root-password")
def _():
    pw = _pw()
    return ("services:\n  - mysql:8.0\nvariables:\n  MYSQL_DATABASE: tractordb\n  MYSQL_ROOT_PASSWORD: %s" % pw, pw, "MYSQL_DATABASE: tractordb")


@_t(_G, "cloud-init-chpasswd-list")
def _():
    pw = _pw()
    return ("#cloud-config\nchpasswd:\n  list: |\n    render:%s\n  expire: false\nssh_pwauth: true" % pw, pw, "#cloud-config")


@_t(_G, "kickstart-rootpw-plaintext")
def _():
    pw = _pw()
    return ("# render-node.ks\nlang en_US.UTF-8\nrootpw --plaintext %s\nnetwork --bootproto=dhcp --hostname=render-node" % pw, pw, "render-node.ks")


@_t(_G, "debian-preseed-root-password")
def _():
    pw = _pw()
    return ("d-i passwd/root-password password %s\nd-i passwd/root-password-again password %s\nd-i passwd/user-fullname string Render User" % (pw, pw),
            pw, "passwd/user-fullname")


@_t(_G, "windows-unattend-admin-password")
def _():
    pw = _pw()
    return ("<UserAccounts>\n  <AdministratorPassword>\n    <Value>%s</Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>" % pw,
            pw, "<PlainText>true</PlainText>")


@_t(_G, "renovate-hostrules-token")
def _():
    tok = _gh()
    return ('{\n  "extends": ["config:recommended"],\n  "hostRules": [{"matchHost": "npm.pkg.github.com", "token": "%s"}]\n}' % tok, tok, "config:recommended")


@_t(_G, "dependabot-registry-password")
def _():
    pw = _pw()
    return ("registries:\n  studio-pypi:\n    type: python-index\n    url: https://%s/simple\n    username: dependabot\n    password: %s" % (_host("nexus"), pw),
            pw, "type: python-index")


@_t(_G, "deadline-client-unattended-installer")
def _():
    pw = _pw()
    return ("./DeadlineClient-10.3.2.1-linux-x64-installer.run --mode unattended --connectiontype Remote --proxyrootdir %s:4433 "
            "--proxycertificate /opt/certs/Deadline10RemoteClient.pfx --proxycertificatepassword '%s'" % (_host("deadline-rcs"), pw),
            pw, "--mode unattended")


@_t(_G, "opencue-compose-deploy-env")
def _():
    pw = _pw()
    return ("# deploy/opencue/docker-compose.prod.yml\n  cuebot:\n    image: opencue/cuebot:1.4\n    command: --datasource.cue-data-source.password=%s" % pw,
            pw, "opencue/cuebot:1.4")


@_t(_G, "github-actions-ssh-deploy-password")
def _():
    pw = _pw()
    return ("      - uses: appleboy/ssh-action@v1\n        with:\n          host: %s\n          username: deploy\n          password: %s\n          script: systemctl restart zou" % (_host("kitsu"), pw),
            pw, "appleboy/ssh-action@v1")


@_t(_G, "jenkins-groovy-httprequest-auth")
def _():
    b = _b64t("jenkins:" + _pw())
    return ("httpRequest url: 'https://%s/api/v1/notify', customHeaders: [[name: 'Authorization', value: 'Basic %s']]" % (_host("review"), b),
            b, "customHeaders")


@_t(_G, "azure-devops-service-connection-yaml")
def _():
    sec = _rs(3, _AN) + "8Q~" + _rs(34, _AN + "_-.~")
    return ("- task: AzureCLI@2\n  inputs:\n    scriptType: bash\n    inlineScript: |\n      az login --service-principal -u $(APP_ID) -p %s --tenant $(TENANT)" % sec,
            sec, "AzureCLI@2")


# ==========================================================================
# group: vendor-token
# ==========================================================================

_G = "vendor-token"


@_t(_G, "github-classic-pat-ghp")
def _():
    tok = _gh("ghp_")
    return ("GH_TOKEN=%s gh release download v3.1.0 -R larkspur-pictures/usd-resolvers" % tok, tok, "gh release download")


@_t(_G, "github-fine-grained-pat")
def _():
    tok = "github_pat_" + _rs(22) + "_" + _rs(59)
    return ("# token for the hda-sync bot (fine-grained, contents:read)\nHDA_SYNC_GITHUB_TOKEN=%s" % tok, tok, "hda-sync bot")


@_t(_G, "github-oauth-gho-in-hosts-yml")
def _():
    tok = _gh("gho_")
    return ("github.com:\n    users:\n        %s:\n            oauth_token: %s\n    git_protocol: https" % (_user().replace(".", "-"), tok), tok, "git_protocol: https")


@_t(_G, "github-app-installation-ghs")
def _():
    tok = _gh("ghs_")
    return ('{"token":"%s","expires_at":"%s","permissions":{"contents":"read","metadata":"read"}}' % (tok, _iso()), tok, '"permissions"')


@_t(_G, "github-refresh-token-ghr")
def _():
    tok = "ghr_" + _rs(76)
    return ("refresh_token=%s&refresh_token_expires_in=15811200&scope=&token_type=bearer" % tok, tok, "refresh_token_expires_in")


@_t(_G, "gitlab-pat-glpat")
def _():
    tok = _glpat()
    return ('curl --header "PRIVATE-TOKEN: %s" "https://gitlab.%s/api/v4/projects?search=nuke"' % (tok, _dom()), tok, "/api/v4/projects?search=nuke")


@_t(_G, "gitlab-deploy-token-gldt")
def _():
    tok = "gldt-" + _rs(20, _AN + "-_")
    return ("pip install git+https://gitlab+deploy-token-%d:%s@gitlab.%s/pipe/otio-studio.git" % (_R.randint(10, 99), tok, _dom()), tok, "otio-studio.git")


@_t(_G, "slack-bot-token-xoxb")
def _():
    tok = _xox("b")
    return ("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=#render-farm" % tok, tok, "SLACK_CHANNEL=#render-farm")


@_t(_G, "slack-user-token-xoxp")
def _():
    tok = "xoxp-%s-%s-%s-%s" % (_num(12), _num(12), _num(13), _hex(32))
    return ("slack_user_token: %s  # used by the dailies-recap script to read #dailies history" % tok, tok, "dailies-recap")


@_t(_G, "slack-incoming-webhook-url")
def _():
    url, tok = _slack_hook()
    return ("curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Reel 3 conform done\"}' %s" % url, tok, "Reel 3 conform done")


@_t(_G, "slack-app-level-token-xapp")
def _():
    tok = "xapp-1-A%s-%s-%s" % (_up(10), _num(13), _hex(64))
    return ("SLACK_APP_TOKEN=%s  # socket mode for the wrangler bot" % tok, tok, "socket mode")


@_t(_G, "stripe-live-secret-key")
def _():
    key = "sk_live_" + _rs(99)
    return ("stripe.api_key = \"%s\"  # merch store for %s" % (key, _pod()), key, "merch store")


@_t(_G, "stripe-restricted-key")
def _():
    key = "rk_live_" + _rs(99)
    return ("STRIPE_RESTRICTED_KEY=%s  # read-only, used by the patron sync" % key, key, "patron sync")


@_t(_G, "stripe-webhook-signing-secret")
def _():
    sec = "whsec_" + _rs(32)
    return ("endpoint_secret = '%s'\nevent = stripe.Webhook.construct_event(payload, sig_header, endpoint_secret)" % sec, sec, "construct_event")


@_t(_G, "twilio-auth-token-with-sid")
def _():
    tok = _hex(32)
    sid = "AC" + _hex(32)
    return ("TWILIO_ACCOUNT_SID=%s\nTWILIO_AUTH_TOKEN=%s\nTWILIO_FROM=+15550100%02d" % (sid, tok, _R.randint(0, 99)), tok, sid)


@_t(_G, "twilio-api-key-secret-sk")
def _():
    sec = _rs(32)
    sk = "SK" + _hex(32)
    return ("twilio api:core:messages:list --api-key %s --api-secret %s" % (sk, sec), sec, sk)


@_t(_G, "sendgrid-api-key-sg")
def _():
    key = "SG.%s.%s" % (_rs(22, _AN + "-_"), _rs(43, _AN + "-_"))
    return ("SENDGRID_API_KEY='%s'  # dailies notification emails" % key, key, "dailies notification emails")


@_t(_G, "mailgun-private-key")
def _():
    key = "key-" + _hex(32)
    return ("curl -s --user 'api:%s' https://api.mailgun.net/v3/mg.%s/messages -F to=producers@%s" % (key, _dom(), _dom()), key, "api.mailgun.net")


@_t(_G, "google-api-key-aiza")
def _():
    key = _google_key()
    return ("YOUTUBE_API_KEY=%s  # quota project studio-yt-analytics" % key, key, "studio-yt-analytics")


@_t(_G, "google-oauth-client-secret-gocspx")
def _():
    sec = "GOCSPX-" + _rs(28, _AN + "-_")
    return ('{"installed":{"client_id":"%s-%s.apps.googleusercontent.com","client_secret":"%s","redirect_uris":["http://localhost"]}}' % (_num(12), _low(32), sec),
            sec, "apps.googleusercontent.com")


@_t(_G, "google-oauth-refresh-token")
def _():
    tok = "1//0" + _rs(98, _AN + "-_")
    return ('youtube_uploader.json: {"refresh_token": "%s", "token_uri": "https://oauth2.googleapis.com/token"}' % tok, tok, "oauth2.googleapis.com/token")


@_t(_G, "google-access-token-ya29")
def _():
    tok = "ya29.a0" + _rs(160, _AN + "-_")
    return ('curl -H "Authorization: Bearer %s" "https://youtube.googleapis.com/youtube/v3/channels?part=statistics&mine=true"' % tok, tok, "youtube.googleapis.com")


@_t(_G, "aws-access-key-pair-env")
def _():
    sec = _aws_secret()
    ak = _aws_akid()
    return ("AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s\nAWS_DEFAULT_REGION=us-east-1" % (ak, sec), sec, "AWS_DEFAULT_REGION=us-east-1")


@_t(_G, "aws-session-token-asia")
def _():
    tok = "IQoJb3JpZ2luX2VjE" + _rs(300, _AN + "/+") + "=="
    return ("export AWS_ACCESS_KEY_ID=ASIA%s\nexport AWS_SESSION_TOKEN=%s" % (_rs(16, _UP + "234567"), tok), tok, "export AWS_ACCESS_KEY_ID=ASIA")


@_t(_G, "azure-storage-connection-string")
def _():
    key = _azure_key()
    return ("AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=%sproxies;AccountKey=%s;EndpointSuffix=core.windows.net" % (_pick(["lark", "kes"]), key),
            key, "EndpointSuffix=core.windows.net")


@_t(_G, "npm-access-token")
def _():
    tok = "npm_" + _rs(36)
    return ("NODE_AUTH_TOKEN=%s npm publish --workspace @kestrel/review-player" % tok, tok, "@kestrel/review-player")


@_t(_G, "pypi-api-token")
def _():
    tok = "pypi-AgEIcHlwaS5vcmc" + _rs(150, _AN + "-_")
    return ("UV_PUBLISH_TOKEN=%s uv publish" % tok, tok, "uv publish")


@_t(_G, "dockerhub-pat")
def _():
    tok = "dckr_pat_" + _rs(27, _AN + "-_")
    return ("echo %s | docker login -u kestrelfx --password-stdin" % tok, tok, "docker login -u kestrelfx")


@_t(_G, "huggingface-token-hf")
def _():
    tok = "hf_" + _rs(34, _LO + _UP)
    return ("HF_TOKEN=%s python transcribe.py --model openai/whisper-large-v3 ep%02d.wav" % (tok, _R.randint(1, 90)), tok, "transcribe.py")


@_t(_G, "openai-project-key")
def _():
    key = "sk-proj-" + _rs(48, _AN + "-_") + "T3BlbkFJ" + _rs(48, _AN + "-_")
    return ("OPENAI_API_KEY=%s  # show-notes summariser" % key, key, "show-notes summariser")


@_t(_G, "anthropic-api-key")
def _():
    key = "sk-ant-api03-" + _rs(93, _AN + "-_") + "AA"
    return ('{"env": {"ANTHROPIC_API_KEY": "%s"}, "model": "claude"}' % key, key, '"model": "claude"')


@_t(_G, "discord-bot-token")
def _():
    tok = "%s.%s.%s" % (_b64ut(_num(19)), _rs(6, _AN + "-_"), _rs(38, _AN + "-_"))
    return ("DISCORD_TOKEN=%s  # render-bot for the community server" % tok, tok, "render-bot")


@_t(_G, "telegram-bot-token")
def _():
    tok = "%s:AA%s" % (_num(10), _rs(33, _AN + "-_"))
    return ("curl -s https://api.telegram.org/bot%s/sendMessage -d chat_id=-100%s -d text='farm idle'" % (tok, _num(10)), tok, "sendMessage")


@_t(_G, "shopify-admin-token-shpat")
def _():
    tok = "shpat_" + _hex(32)
    return ("X-Shopify-Access-Token: %s\nHost: %s-merch.myshopify.com" % (tok, _slug(_pod())), tok, "myshopify.com")


@_t(_G, "atlassian-api-token")
def _():
    tok = "ATATT3xFfGF0" + _rs(180, _AN + "-_") + "=" + _HEX(8)
    return ("curl -u %s:%s https://%s.atlassian.net/rest/api/3/search?jql=project=PIPE" % (_email(), tok, _pick(["larkspur", "kestrel"])), tok, "atlassian.net/rest/api/3")


@_t(_G, "digitalocean-token")
def _():
    tok = "dop_v1_" + _hex(64)
    return ("doctl auth init --access-token %s --context render-burst" % tok, tok, "doctl auth init")


@_t(_G, "datadog-api-key-hex")
def _():
    key = _hex(32)
    return ("DD_API_KEY=%s DD_SITE=datadoghq.eu datadog-agent run" % key, key, "DD_SITE=datadoghq.eu")


@_t(_G, "newrelic-user-key")
def _():
    key = "NRAK-" + _up(27)
    return ("newrelic profile add --profile farm --region EU --apiKey %s" % key, key, "newrelic profile add")


@_t(_G, "sentry-user-auth-token")
def _():
    tok = "sntryu_" + _hex(64)
    return ("[auth]\ntoken=%s\n[defaults]\norg=kestrel-fx" % tok, tok, "org=kestrel-fx")


@_t(_G, "vault-service-token-hvs")
def _():
    tok = "hvs.CAES" + _rs(90, _AN + "-_")
    return ("VAULT_TOKEN=%s vault kv get -field=password secret/nas/admin" % tok, tok, "secret/nas/admin")


@_t(_G, "terraform-cloud-token")
def _():
    tok = "%s.atlasv1.%s" % (_rs(14), _rs(67))
    return ('credentials "app.terraform.io" {\n  token = "%s"\n}' % tok, tok, 'credentials "app.terraform.io"')


@_t(_G, "linear-api-key")
def _():
    key = "lin_api_" + _rs(40)
    return ("LINEAR_API_KEY=%s  # bug tracker for the review app" % key, key, "bug tracker")


@_t(_G, "notion-integration-token")
def _():
    tok = "ntn_" + _num(11) + _rs(35)
    return ('notion = Client(auth="%s")  # production schedule db' % tok, tok, "production schedule db")


@_t(_G, "airtable-personal-access-token")
def _():
    tok = "pat%s.%s" % (_rs(14), _hex(64))
    return ('curl "https://api.airtable.com/v0/app%s/Cue%%20Sheet" -H "Authorization: Bearer %s"' % (_rs(14), tok), tok, "api.airtable.com")


@_t(_G, "figma-personal-token")
def _():
    tok = "figd_" + _rs(40, _AN + "-_")
    return ('curl -H "X-Figma-Token: %s" https://api.figma.com/v1/files/%s' % (tok, _rs(22)), tok, "api.figma.com")


@_t(_G, "dropbox-short-lived-token")
def _():
    tok = "sl.B" + _rs(136, _AN + "-_")
    return ('dbx = dropbox.Dropbox("%s")\ndbx.files_upload(data, "/Deliveries/ep%02d_mix.wav")' % (tok, _R.randint(1, 20)), tok, "files_upload")


@_t(_G, "mux-token-secret-pair")
def _():
    sec = _mux_secret()
    return ("Mux access token \"dailies-ingest\" (Video: read/write)\nToken ID: %s\nToken Secret: %s" % (_uuid(), sec), sec, "Video: read/write")


@_t(_G, "frameio-developer-token")
def _():
    tok = _fio()
    return ("FRAMEIO_TOKEN=%s" % tok, tok, "FRAMEIO_TOKEN=")


@_t(_G, "cloudinary-api-secret-labelled")
def _():
    sec = _rs(27, _AN + "-_")
    return ("Cloud name: greyhollow-media | API key: %s | API secret: %s" % (_num(15), sec), sec, "Cloud name: greyhollow-media")


@_t(_G, "vimeo-personal-access-token")
def _():
    tok = _hex(32)
    return ('curl -H "Authorization: bearer %s" -H "Accept: application/vnd.vimeo.*+json;version=3.4" https://api.vimeo.com/me/videos' % tok, tok, "api.vimeo.com/me/videos")


@_t(_G, "shotgrid-script-key-pair")
def _():
    key = _sg_key()
    return ("SG_SCRIPT_NAME=event_daemon\nSG_SCRIPT_KEY=%s\nSG_URL=https://paperboat.shotgrid.autodesk.com" % key, key, "SG_SCRIPT_NAME=event_daemon")


@_t(_G, "ftrack-api-key-uuid")
def _():
    key = _uuid()
    return ("FTRACK_SERVER=https://greyhollow.ftrackapp.com FTRACK_API_USER=review_bot FTRACK_API_KEY=%s python sync_notes.py" % key, key, "sync_notes.py")


@_t(_G, "kitsu-jwt-access-token")
def _():
    tok = _jwt('{"fresh":false,"iat":%s,"jti":"%s","type":"access","sub":"%s","nbf":%s,"exp":%s,"identity_type":"person"}'
               % (_epoch(), _uuid(), _uuid(), _epoch(), _epoch()))
    return ("KITSU_ACCESS_TOKEN=%s" % tok, tok, "KITSU_ACCESS_TOKEN=")


@_t(_G, "pexels-api-key")
def _():
    key = _rs(56)
    return ('curl -H "Authorization: %s" "https://api.pexels.com/v1/search?query=foggy+harbor&per_page=20"' % key, key, "api.pexels.com/v1/search")


@_t(_G, "unsplash-access-key")
def _():
    key = _rs(43, _AN + "-_")
    return ('curl "https://api.unsplash.com/search/photos?query=lighthouse&client_id=%s"' % key, key, "api.unsplash.com")


@_t(_G, "freesound-api-token")
def _():
    key = _rs(40)
    return ('curl "https://freesound.org/apiv2/search/text/?query=door+creak&token=%s"' % key, key, "freesound.org/apiv2")


@_t(_G, "spotify-client-secret")
def _():
    sec = _hex(32)
    return ("SPOTIPY_CLIENT_ID=%s\nSPOTIPY_CLIENT_SECRET=%s\nSPOTIPY_REDIRECT_URI=http://127.0.0.1:8888/callback" % (_hex(32), sec), sec, "SPOTIPY_REDIRECT_URI")


@_t(_G, "transistor-api-key")
def _():
    key = _rs(22)
    return ('curl https://api.transistor.fm/v1/shows -H "x-api-key: %s"' % key, key, "api.transistor.fm/v1/shows")


@_t(_G, "youtube-stream-key")
def _():
    key = "-".join(_low(4) for _ in range(5))
    return ("Stream URL: rtmp://a.rtmp.youtube.com/live2\nStream key: %s" % key, key, "Stream URL: rtmp://a.rtmp.youtube.com/live2")


@_t(_G, "twitch-stream-key")
def _():
    key = "live_%s_%s" % (_num(9), _rs(30))
    return ("rtmp://live-ber.twitch.tv/app/%s" % key, key, "rtmp://live-ber.twitch.tv/app/")


@_t(_G, "pushover-app-token")
def _():
    tok = "a" + _rs(29, _LO + _DG)
    return ("curl -s --form-string 'token=%s' --form-string 'user=u%s' --form-string 'message=Farm queue empty' https://api.pushover.net/1/messages.json" % (tok, _rs(29, _LO + _DG)),
            tok, "api.pushover.net")


@_t(_G, "cloudflare-api-token")
def _():
    tok = _rs(40, _AN + "-_")
    return ('curl -H "Authorization: Bearer %s" https://api.cloudflare.com/client/v4/accounts/%s/stream' % (tok, _hex(32)), tok, "api.cloudflare.com")


@_t(_G, "mapbox-secret-token")
def _():
    tok = "sk.eyJ1Ijoi%s.%s" % (_b64u(30), _rs(22, _AN + "-_"))
    return ("MAPBOX_DOWNLOADS_TOKEN=%s  # location-scout app build" % tok, tok, "location-scout")


@_t(_G, "age-secret-key")
def _():
    k = "AGE-SECRET-KEY-1" + _rs(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
    return ("# created: %sT10:22:31Z\n# public key: age1%s\n%s" % (_date(), _rs(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"), k), k, "# public key: age1")


@_t(_G, "artifactory-api-key")
def _():
    key = "AKCp8" + _rs(68)
    return ("curl -H 'X-JFrog-Art-Api: %s' -T plugin.zip https://artifactory.%s/artifactory/dcc-plugins/" % (key, _dom()), key, "dcc-plugins")


@_t(_G, "postman-api-key")
def _():
    key = "PMAK-%s-%s" % (_hex(24), _hex(34))
    return ("postman login --with-api-key %s" % key, key, "postman login")


@_t(_G, "doppler-service-token")
def _():
    tok = "dp.st.prd." + _rs(43)
    return ("DOPPLER_TOKEN=%s doppler run -- ./start-review.sh" % tok, tok, "start-review.sh")


@_t(_G, "grafana-service-account-token")
def _():
    tok = "glsa_" + _rs(32) + "_" + _hex(8)
    return ('curl -H "Authorization: Bearer %s" https://farm-metrics.%s/api/dashboards/uid/render-nodes' % (tok, _dom()), tok, "render-nodes")


@_t(_G, "bitmovin-api-key")
def _():
    key = _uuid()
    return ("bitmovin = BitmovinApi(api_key='%s', tenant_org_id=None)  # VOD ladders" % key, key, "VOD ladders")


@_t(_G, "brightcove-client-secret")
def _():
    sec = _rs(86, _AN + "-_")
    return ("brightcove:\n  account_id: %s\n  client_id: %s\n  client_secret: %s" % (_num(13), _uuid(), sec), sec, "brightcove:")


@_t(_G, "kaltura-admin-secret")
def _():
    sec = _hex(32)
    return ("KalturaClient.session.start('%s', 'ingest@%s', KalturaSessionType.ADMIN, %s)" % (sec, _dom(), _num(7)), sec, "KalturaSessionType.ADMIN")


@_t(_G, "masv-api-key")
def _():
    key = _rs(40, _AN)
    return ('curl -H "X-API-KEY: %s" https://api.massive.app/v1/teams/%s/packages' % (key, _rs(26, _UP + _DG)), key, "api.massive.app")


@_t(_G, "iconik-app-id-auth-token")
def _():
    tok = _jwt()
    return ("ICONIK_APP_ID=%s\nICONIK_AUTH_TOKEN=%s" % (_uuid(), tok), tok, "ICONIK_APP_ID=")


@_t(_G, "getty-images-api-secret")
def _():
    sec = _rs(45)
    return ("getty_api_key = %s\ngetty_api_secret = %s" % (_rs(24, _LO + _DG), sec), sec, "getty_api_key")


@_t(_G, "podbean-client-secret")
def _():
    sec = _rs(22, _AN)
    return ("curl -u %s:%s https://api.podbean.com/v1/oauth/token -X POST -d 'grant_type=client_credentials'" % (_hex(20), sec), sec, "api.podbean.com")


@_t(_G, "megaphone-api-token")
def _():
    tok = _hex(32)
    return ('curl -H "Authorization: Token token=\\"%s\\"" https://cms.megaphone.fm/api/networks' % tok, tok, "cms.megaphone.fm")


@_t(_G, "autodesk-aps-client-secret")
def _():
    sec = _rs(64, _AN)
    return ("APS_CLIENT_ID=%s\nAPS_CLIENT_SECRET=%s  # Flow Production Tracking / Forge bridge" % (_rs(48), sec), sec, "Forge bridge")


@_t(_G, "conductor-render-api-key")
def _():
    key = _b64(48).rstrip("=")
    return ('CONDUCTOR_API_KEY="%s" conductor submit --project %s --instance-type n1-highcpu-64' % (key, _show()[0].lower()), key, "conductor submit")


@_t(_G, "wistia-api-token")
def _():
    tok = _hex(64)
    return ('curl https://api.wistia.com/v1/medias.json -H "Authorization: Bearer %s"' % tok, tok, "api.wistia.com")


@_t(_G, "api-video-key")
def _():
    key = _rs(43)
    return ("const client = new ApiVideoClient({ apiKey: '%s' });" % key, key, "new ApiVideoClient(")



# a few more shapes for the thinner groups

@_t("tool-output", "op-item-get-reveal-output")
def _():
    pw = _pw()
    return ('$ op item get "Qumulo admin" --fields label=password --reveal\n%s' % pw, pw, '"Qumulo admin"')


@_t("tool-output", "aws-secretsmanager-get-value-output")
def _():
    pw = _pw()
    return ('$ aws secretsmanager get-secret-value --secret-id prod/review/db --query SecretString --output text\n{"username":"review_admin","password":"%s","port":5432}' % pw,
            pw, "prod/review/db")


@_t("ci-and-deploy", "github-actions-matrix-include-token")
def _():
    tok = _hex(40)
    return ("    strategy:\n      matrix:\n        include:\n          - site: eu\n            megaphone_token: %s\n    steps:\n      - run: ./publish.sh ${{ matrix.site }}" % tok,
            tok, "./publish.sh ${{ matrix.site }}")


@_t("ci-and-deploy", "helmfile-release-set-value")
def _():
    pw = _pw()
    return ("releases:\n  - name: ftrack-bridge\n    chart: studio/ftrack-bridge\n    set:\n      - name: smtp.password\n        value: %s" % pw,
            pw, "chart: studio/ftrack-bridge")


@_t("source-code", "kotlin-companion-object-secret")
def _():
    sec = _rs(40, _AN)
    return ("companion object {\n    private const val SOUNDCLOUD_CLIENT_ID = \"%s\"\n    private const val SOUNDCLOUD_CLIENT_SECRET = \"%s\"\n}" % (_rs(32), sec),
            sec, "companion object")


@_t("note-or-chat", "voice-memo-transcript-password")
def _():
    pw = _pw(1)
    return ("(auto-transcribed voice memo from %s) ...and the login for the archive drive is the usual one, uh, %s, all lower case, then just press enter"
            % (_pick(_FIRST), pw), pw, "auto-transcribed voice memo")

# ==========================================================================
# BENIGN look-alikes
# ==========================================================================

_BENIGN_T = []


def _b(fn):
    _BENIGN_T.append(fn)
    return fn


def _sha1():
    return _hex(40)


def _sha256():
    return _hex(64)


# ---- commands ------------------------------------------------------------

@_b
def _():
    return "git show --stat %s" % _sha1()


@_b
def _():
    return "git checkout -b fix/%s-%s && git cherry-pick %s" % (_pick(_WORDS), _pick(_WORDS), _hex(12))


@_b
def _():
    return "git log --oneline -3\n%s fix rqd env leak\n%s bump houdini to 20.5.%d\n%s add ftrack event filter" % (_hex(7), _hex(7), _R.randint(200, 600), _hex(7))


@_b
def _():
    return "docker pull ghcr.io/larkspur-pictures/render-node@sha256:%s" % _sha256()


@_b
def _():
    return "vault kv get -field=password secret/%s/%s" % (_pick(["render", "nas", "review", "audio"]), _pick(["mongo", "admin", "smb", "db"]))


@_b
def _():
    return "aws secretsmanager get-secret-value --secret-id %s/%s/%s --query SecretString" % (_pick(["prod", "staging"]), _pick(["mux", "frameio", "review"]), _pick(["token", "db", "api"]))


@_b
def _():
    return 'op read "op://%s/%s/password"' % (_pick(["Studio", "Post", "Pipeline"]), _pick(["NAS admin", "Deadline web", "Kitsu bot", "Aspera vendor"]))


@_b
def _():
    return 'export MUX_TOKEN_SECRET="$(vault kv get -field=secret secret/streaming/mux-%s)"' % _pick(["prod", "dev", "dailies", "vod"] + _WORDS)


@_b
def _():
    return "psql \"host=%s dbname=cuebot user=cuebot sslmode=require\" -c '\\dt'" % _host("pg")


@_b
def _():
    return 'curl -sf -H "Authorization: Bearer $FRAMEIO_TOKEN" https://api.frame.io/v2/assets/%s' % _uuid()


@_b
def _():
    return "sudo mount -t cifs //%s/%s /mnt/%s -o credentials=/root/.smbcredentials,vers=3.0" % (_short("nas"), _pick(["editorial", "audio", "vfx", "ingest"]), _pick(["ed", "au", "vfx", "in"]) + str(_R.randint(1, 99)))


@_b
def _():
    return "ssh-keygen -lf ~/.ssh/%s.pub\n256 SHA256:%s %s@%s (ED25519)" % (_pick(["id_ed25519", "farm_deploy", "nas_sync"]), _b64(32).rstrip("="), _user(), _short("ws"))


@_b
def _():
    s = "%s %s review" % (_shot(), _ver())
    return "echo -n '%s' | base64\n%s" % (s, _b64t(s))


@_b
def _():
    return "$ uuidgen\n%s" % _uuid().upper()


@_b
def _():
    return "$ deadlinecommand GetJobIds | head -3\n%s\n%s\n%s" % (_hex(24), _hex(24), _hex(24))


@_b
def _():
    return "cueadmin -lj %s | grep -i %s\n%s-%s-lighting  %s  RUNNING" % (_show()[0].lower(), _shot()[:3].lower(), _show()[0].lower(), _shot(), _uuid())


@_b
def _():
    return "sha256sum %s_comp_%s.%04d.exr\n%s  %s_comp_%s.%04d.exr" % ((lambda s, v, f: (s, v, f, _sha256(), s, v, f))(_shot(), _ver(), _R.randint(1001, 1200)))


@_b
def _():
    return "md5sum -c deliverables.md5\n%s_%s_prores4444.mov: OK" % (_show()[1], _date())


@_b
def _():
    return "aws s3api head-object --bucket %s-mediaconvert-out --key %s/hls/master.m3u8 --query ETag\n\"\\\"%s\\\"\"" % (_pick(["lark", "tide", "kes"]), _shot(), _hex(32))


@_b
def _():
    return "export foundry_LICENSE=%d@%s\nexport ADSKFLEX_LICENSE_FILE=@%s" % (_R.choice([4101, 5053]), _short("lic"), _short("lic"))


@_b
def _():
    return "rlmutil rlmstat -a -c %s@%s | grep -A2 nuke_i\n\tnuke_i v2025.0815\n\t\tcount: %d, # reservations: 0, inuse: %d" % (_R.choice([5053, 4101]), _short("lic"), _R.randint(10, 60), _R.randint(0, 9))


@_b
def _():
    return "lmutil lmstat -a -c 27000@%s | grep 'Users of'\nUsers of 86%sMAYA_T_F:  (Total of %d licenses issued;  Total of %d licenses in use)" % (_short("lic"), _num(3), _R.randint(20, 80), _R.randint(1, 19))


@_b
def _():
    return "gpg --list-keys %s\npub   ed25519 2024-%02d-%02d [SC]\n      %s\nuid           [ultimate] Delivery Team <delivery@%s>" % (_user(), _R.randint(1, 12), _R.randint(1, 28), _HEX(40), _dom())


@_b
def _():
    return "kubectl -n %s get secrets\nNAME              TYPE     DATA   AGE\n%s   Opaque   2      %dd\n%s    Opaque   1      %dd" % (
        _pick(["review", "farm", "pipeline"]), _pick(["mux-credentials", "frameio-bot", "ftrack-api"]), _R.randint(2, 300), _pick(["kitsu-db", "deadline-mongo", "smtp-relay"]), _R.randint(2, 300))


@_b
def _():
    return "kubectl create secret generic %s --from-file=token=./token.txt --dry-run=client -o yaml | kubeseal > sealed-%s.yaml" % ((lambda n: (n, n))(_pick(["frameio-bot", "mux-api", "vimeo-upload"]) + "-" + _low(4)))


@_b
def _():
    return "htpasswd -B /etc/nginx/.htpasswd_%s %s   # prompts for the password interactively" % (_pick(["dailies", "screeners", "press"]), _pick(["client_a", "director", "producer", "studio_exec"]) + str(_R.randint(1, 99)))


@_b
def _():
    return "read -rs -p 'NAS password: ' NAS_PASS && mount -t cifs //%s/projects /mnt/projects -o username=%s,password=\"$NAS_PASS\"" % (_short("nas"), _user())


@_b
def _():
    return "docker login registry.%s -u ci --password-stdin < /run/secrets/registry_password" % _dom()


@_b
def _():
    return "ffmpeg -i %s_%s.mov -c:v prores_ks -profile:v 3 -vendor apl0 -pix_fmt yuv422p10le out/%s.mov" % (_shot(), _ver(), _hex(8))


@_b
def _():
    return "ffmpeg -re -i program.mov -c copy -f flv \"rtmp://a.rtmp.youtube.com/live2/${YT_STREAM_KEY}\"  # key injected from vault"


@_b
def _():
    return "curl -s https://api.mux.com/video/v1/assets/%s -u \"$MUX_TOKEN_ID:$MUX_TOKEN_SECRET\" | jq .data.status" % _rs(20, _AN)


@_b
def _():
    return "gh secret list -R %s/%s\nMUX_TOKEN_SECRET     Updated %s\nFRAMEIO_TOKEN        Updated %s" % (_pick(["larkspur-pictures", "kestrel-fx"]), _pick(["render-images", "review-site", "podcast-publish"]), _date(), _date())


@_b
def _():
    return "git lfs ls-files | head -2\n%s * assets/hdri/%s_4k.exr\n%s * assets/lut/show_%s.cube" % (_hex(10), _pick(_WORDS), _hex(10), _show()[1].lower())


@_b
def _():
    return "pip download studio-pipeline-core==4.2.%d --no-deps -d wheels/ && pip hash wheels/*.whl\n--hash=sha256:%s" % (_R.randint(0, 9), _sha256())


# ---- tool output ---------------------------------------------------------

@_b
def _():
    return "$ gh auth status\ngithub.com\n  \u2713 Logged in to github.com account %s (keyring)\n  - Token: gho_************************************" % _user().replace(".", "-")


@_b
def _():
    return "$ env | grep -i token\nFRAMEIO_TOKEN=********\nVIMEO_ACCESS_TOKEN=[REDACTED]\nKITSU_TOKEN_FILE=/run/secrets/kitsu_token"


@_b
def _():
    return "$ vault token lookup\nKey                 Value\n---                 -----\naccessor            %s\ndisplay_name        %s\nentity_id           %s\nttl                 %dh" % (
        _rs(24), "ldap-" + _user(), _uuid(), _R.randint(1, 768))


@_b
def _():
    return "$ aws sts get-caller-identity\n{\n    \"UserId\": \"AIDA%s\",\n    \"Account\": \"%s\",\n    \"Arn\": \"arn:aws:iam::%s:user/mediaconvert-ci\"\n}" % (
        _rs(17, _UP + "234567"), _num(12), _num(12))


@_b
def _():
    return "$ kubectl get secret kitsu-db -o jsonpath='{.metadata.uid} {.metadata.resourceVersion}'\n%s %d" % (_uuid(), _R.randint(100000, 9999999))


@_b
def _():
    return "$ docker images --digests | grep cuebot\nopencue/cuebot   latest   sha256:%s   %s   3 weeks ago   512MB" % (_sha256(), _hex(12))


@_b
def _():
    return "$ git rev-parse HEAD\n%s" % _sha1()


@_b
def _():
    return "$ ffprobe -v error -show_entries format_tags=com.apple.quicktime.content.identifier %s.mov\n[FORMAT]\nTAG:com.apple.quicktime.content.identifier=%s\n[/FORMAT]" % (_shot(), _uuid().upper())


@_b
def _():
    return "$ aws s3 ls s3://%s-dailies/%s/\n%s      %d %s_%s.mov" % (_pick(["lark", "tide", "kes"]), _date(), _ts(), _R.randint(10 ** 8, 10 ** 10), _shot(), _ver())


@_b
def _():
    return "$ openssl x509 -in review.crt -noout -fingerprint -sha256\nsha256 Fingerprint=%s" % ":".join(_HEX(2) for _ in range(32))


@_b
def _():
    return "$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (_b64(32)[:43], _user(), _short("ws"))


@_b
def _():
    return "$ wg show wg0 public-key\n%s" % _b64(32)


@_b
def _():
    return "$ age-keygen -y key.txt\nage1%s" % _rs(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")


@_b
def _():
    return "$ mux assets get %s\nstatus: ready\nplayback_ids:\n  - id: %s\n    policy: public\nduration: %.2f" % (_rs(22), _rs(44, _AN), _R.uniform(10, 3000))


@_b
def _():
    return "$ stripe config --list\n[default]\ndevice_name = merch-laptop\nlive_mode_pub_key = 'pk_live_%s'\ntest_mode_api_key = '(stored in keychain)'" % _rs(99)


@_b
def _():
    return "HTTP/1.1 401 Unauthorized\nx-request-id: %s\nwww-authenticate: Bearer realm=\"frame.io\", error=\"invalid_token\"\ncontent-length: 0" % _uuid()


@_b
def _():
    return "HTTP/2 200\nx-amz-request-id: %s\nx-amz-id-2: %s\netag: \"%s\"" % (_HEX(16), _b64(48), _hex(32))


@_b
def _():
    return "< HTTP/2 200\n< cf-ray: %s-%s\n< cf-cache-status: HIT\n< content-type: application/vnd.apple.mpegurl" % (_hex(16), _pick(["LHR", "AMS", "SJC", "NRT", "FRA"]))


@_b
def _():
    return '{"ResponseMetadata": {"RequestId": "%s", "HTTPStatusCode": 201}, "Job": {"Id": "%s-%s", "Status": "SUBMITTED"}}' % (_uuid(), _num(13), _low(6))


@_b
def _():
    return "$ npm config get //registry.npmjs.org/:_authToken\n(protected)"


@_b
def _():
    return "$ terraform output review_db_password\n<sensitive>"


@_b
def _():
    return "$ helm get values kitsu -n review\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    existingSecret: kitsu-db-%s\n    secretKeys:\n      userPasswordKey: password" % _low(5)


@_b
def _():
    return "$ cat package-lock.json | jq '.packages[\"node_modules/%s\"].integrity'\n\"sha512-%s\"" % (_pick(["hls.js", "video.js", "mux-embed", "wavesurfer.js", "shaka-player"]), _b64(64))


@_b
def _():
    return "$ grep %s go.sum\ngithub.com/%s/%s v1.%d.%d h1:%s" % ((lambda n: (n, n.split("/")[0], n.split("/")[1], _R.randint(0, 20), _R.randint(0, 9), _b64(32)))(
        _pick(["grafov/m3u8", "asticode/go-astits", "pion/webrtc", "abema/go-mp4"])))


@_b
def _():
    return "$ cat .git/lfs/objects/pointer.txt\nversion https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (_sha256(), _R.randint(10 ** 6, 10 ** 10))


@_b
def _():
    return "$ kubectl describe pod ftrack-event-listener\n    Environment:\n      FTRACK_API_KEY:  <set to the key 'api_key' in secret 'ftrack-api'>  Optional: false\n      FTRACK_API_USER: %s" % _user()


@_b
def _():
    return "$ security find-generic-password -s \"%s\" -a %s\nkeychain: \"/Users/%s/Library/Keychains/login.keychain-db\"\nclass: \"genp\"\n    \"acct\"<blob>=\"%s\"" % (
        _pick(["iLok License Manager", "Native Access", "Splice", "Avid Link"]), _user(), _pick(_FIRST).lower(), _user())


@_b
def _():
    return "$ aws s3 presign s3://%s-review/%s.mov\nhttps://%s-review.s3.amazonaws.com/%s.mov?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Signature=<redacted>" % (
        (lambda b, s: (b, s, b, s))(_pick(["lark", "tide", "kes", "moth"]), _shot()))


# ---- config files --------------------------------------------------------

@_b
def _():
    return "[client]\nuser=tractor\n# password comes from ~/.mylogin.cnf (mysql_config_editor)\nhost=%s" % _host("tractor-db")


@_b
def _():
    return "services:\n  db:\n    image: postgres:15.%d\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n    secrets: [pg_password]" % _R.randint(1, 9)


@_b
def _():
    return "MUX_TOKEN_ID=<your-token-id>\nMUX_TOKEN_SECRET=<your-token-secret>\n# get these from dashboard.mux.com > Settings > Access Tokens (%s)" % _pick(["prod", "dev", "staging", "dailies", "vod"]) + str(_R.randint(1, 999))


@_b
def _():
    return "database:\n  host: %s\n  user: zou\n  password: ${ZOU_DB_PASSWORD}\n  pool_size: %d" % (_host("pg"), _R.randint(5, 40))


@_b
def _():
    return "api_key: \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"   # replace with the %s key from 1Password (item %s)" % (_pick(["Pexels", "Freesound", "Transistor", "Getty", "Unsplash"]), _low(8))


@_b
def _():
    return "[ftrack]\nserver_url = https://%s.ftrackapp.com\napi_user = %s\napi_key = ${FTRACK_API_KEY}" % (_pick(["bluefin", "kestrel", "emberline", "tidewater"]), _email())


@_b
def _():
    return "env:\n  - name: SG_SCRIPT_KEY\n    valueFrom:\n      secretKeyRef:\n        name: shotgrid-%s\n        key: script_key" % _low(5)


@_b
def _():
    return "[Deadline]\nConnectionType=Remote\nProxyRoot=%s:4433\nProxySSLCertificate=/opt/Thinkbox/certs/Deadline10RemoteClient.pfx\n; certificate passphrase is stored in the OS keyring" % _host("deadline-rcs")


@_b
def _():
    return "HOST %s %s 5053\nISV foundry port=%d\nLICENSE foundry nuke_i 2025.0815 permanent %d share=h" % (_short("lic"), _hex(12), _R.randint(5054, 5099), _R.randint(5, 60))


@_b
def _():
    return "SERVER %s %s 27000\nVENDOR adskflex port=2080\nUSE_SERVER" % (_short("lic"), _HEX(12))


@_b
def _():
    return "# hserver.ini\nserverhost=%s\nClientLicensing=0\n# APIKey removed, use 'hkey' login flow instead" % _host("lic")


@_b
def _():
    return "[Peer]\nPublicKey = %s\nAllowedIPs = 10.66.0.0/16\nEndpoint = vpn.%s:51820\nPersistentKeepalive = 25" % (_b64(32), _dom())


@_b
def _():
    return "opencue:\n  cuebot_hosts: %s\n  facility: %s\n  db_password_secret: projects/%s/secrets/cuebot-db/versions/latest" % (_short("cuebot"), _pick(["local", "burst", "london", "montreal"]), _pick(["studio-farm", "render-burst"]) + "-" + _num(4))


@_b
def _():
    return "password_policy:\n  min_length: %d\n  require_symbols: true\n  max_age_days: %d\n  history: %d" % (_R.randint(12, 20), _R.randint(60, 365), _R.randint(3, 24))


@_b
def _():
    return "network={\n    ssid=\"%s_Guest%d\"\n    key_mgmt=NONE\n}" % (_pick(["Harrow", "Saltmarsh", "Greyhollow", "Larkspur", "Kestrel"]), _R.randint(1, 99))


@_b
def _():
    return "cache:\n  key: deps-%s\n  paths:\n    - .venv/" % _sha256()


@_b
def _():
    return "[remote \"origin\"]\n\turl = git@github.com:%s/%s.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*" % (_pick(["larkspur-pictures", "kestrel-fx", "paperboat-anim"]), _pick(["usd-resolvers", "nuke-gizmos", "hda-library", "otio-tools"]) + "-" + _low(3))


@_b
def _():
    return "//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\n@%s:registry=https://npm.pkg.github.com" % _pick(["larkspur", "kestrel", "moth", "tidewater"] + _WORDS)


@_b
def _():
    return "[pypi]\nusername = __token__\npassword = <pypi-token-goes-here>\n# see docs/release.md section %d" % _R.randint(1, 40)


@_b
def _():
    return "smtp:\n  host: smtp.%s\n  port: 587\n  username: renders\n  password: \"********\"" % _dom()


@_b
def _():
    return "ocio:\n  config: /studio/ocio/%s/config.ocio\n  config_hash: %s" % (_show()[0].lower(), _hex(32))


@_b
def _():
    return "[[outputs.influxdb_v2]]\n  urls = [\"http://%s:8086\"]\n  token = \"$INFLUX_TOKEN\"\n  organization = \"farm\"" % _short("metrics")


@_b
def _():
    return "<server>\n  <id>studio-nexus</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server><!-- %s -->" % _hex(8)


@_b
def _():
    return "spring.datasource.password=${MAM_DB_PASSWORD:}\nspring.datasource.hikari.maximum-pool-size=%d" % _R.randint(5, 50)


@_b
def _():
    return "hostRules:\n  - matchHost: npm.pkg.github.com\n    encrypted:\n      token: wcFMA%s" % _b64(120)


@_b
def _():
    return "review:dbPassword:\n    secure: v1:%s:%s" % (_b64(12), _b64(36))


@_b
def _():
    return "ansible_become_pass: \"{{ vault_nas_become_pass }}\"\nansible_user: admin\nnas_shares: [%s, %s]" % (_pick(["editorial", "audio", "vfx"]), _pick(["ingest", "archive", "deliveries"]) + str(_R.randint(1, 9)))


@_b
def _():
    return "$ANSIBLE_VAULT;1.1;AES256\n%s\n%s" % (_hex(80), _hex(80))


@_b
def _():
    return "frame.io:\n  team_id: %s\n  project_id: %s\n  token_env: FRAMEIO_TOKEN" % (_uuid(), _uuid())


@_b
def _():
    return "cloudinary:\n  cloud_name: %s-media\n  api_key_env: CLOUDINARY_API_KEY\n  upload_preset: dailies_%s" % (_pick(["moth", "salt", "ember", "lark"]), _low(6))


@_b
def _():
    return "feeds:\n  public:\n    url: https://feeds.%s/%s/rss.xml\n    guid: %s" % (_pick(["hostcast.example", "podroom.test"]), _slug(_pod()), _uuid())


# ---- source code ---------------------------------------------------------

@_b
def _():
    return 'password = getpass.getpass("%s password: ")\nsession = connect(host="%s", user=user, password=password)' % (_pick(["NAS", "Deadline", "Kitsu", "Tractor"]), _host())


@_b
def _():
    return 'api_key = os.environ["%s"]\nif not api_key:\n    raise RuntimeError("%s is not set; see README#credentials")' % ((lambda v: (v, v))(_pick(["MUX_TOKEN_SECRET", "FRAMEIO_TOKEN", "PEXELS_API_KEY", "FTRACK_API_KEY", "SG_SCRIPT_KEY"])))


@_b
def _():
    return "sg = shotgun_api3.Shotgun(SG_URL, script_name=os.environ['SG_SCRIPT_NAME'], api_key=os.environ['SG_SCRIPT_KEY'])  # %s" % _pick(_WORDS)


@_b
def _():
    return "CACHE_KEY = hashlib.sha256(f\"{shot}:{version}:{lut}\".encode()).hexdigest()  # e.g. %s" % _sha256()


@_b
def _():
    return "THUMB_PLACEHOLDER = \"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAD%s\"" % _b64(24)


@_b
def _():
    return "def verify_signature(payload: bytes, header: str, secret: str) -> bool:\n    digest = hmac.new(secret.encode(), payload, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(digest, header)  # %s" % _pick(_WORDS)


@_b
def _():
    return "const token = process.env.FRAMEIO_TOKEN;\nif (!token) throw new Error('FRAMEIO_TOKEN missing (ticket PIPE-%d)');" % _R.randint(100, 4000)


@_b
def _():
    return "PLAYBACK_ID = \"%s\"  # public playback id, safe to embed" % _rs(44)


@_b
def _():
    return "STRIPE_PUBLISHABLE_KEY = \"pk_live_%s\"" % _rs(99)


@_b
def _():
    return "SENTINEL = object()\nREDACTED = \"[REDACTED]\"\nMASK_KEYS = {\"password\", \"token\", \"api_key\", \"secret\"}  # v%d" % _R.randint(1, 40)


@_b
def _():
    return "assert hashlib.md5(data).hexdigest() == \"%s\", \"checksum mismatch for %s\"" % (_hex(32), _shot())


@_b
def _():
    return "NAMESPACE_SHOTS = uuid.UUID(\"%s\")\nshot_id = uuid.uuid5(NAMESPACE_SHOTS, shot_code)" % _uuid()


@_b
def _():
    return "# password must be >= 14 chars; we check it against HIBP k-anonymity range %s" % _HEX(5)


@_b
def _():
    return "<input type=\"password\" name=\"password\" autocomplete=\"current-password\" placeholder=\"Kitsu password\" id=\"pw-%s\">" % _low(6)


@_b
def _():
    return "SELECT id, email, password_changed_at FROM people WHERE password_changed_at < now() - interval '%d days';" % _R.randint(30, 400)


@_b
def _():
    return "func tokenFromEnv() string { return os.Getenv(\"%s\") }" % _pick(["MEGAPHONE_TOKEN", "PODBEAN_TOKEN", "VIMEO_TOKEN", "MUX_TOKEN_SECRET", "TRANSISTOR_KEY"]) + " // " + _hex(6)


@_b
def _():
    return "KEY_ID = \"%s\"  # JWKS kid for the review-portal signing key (public)" % _b64u(24)


@_b
def _():
    return "SEED = 0x%s  # noise seed for the grain plate, keep stable across renders" % _HEX(8)


@_b
def _():
    return "TWILIO_ACCOUNT_SID = \"AC%s\"  # sid is an identifier; the auth token lives in vault" % _hex(32)


@_b
def _():
    return "GOOGLE_CLIENT_ID = \"%s-%s.apps.googleusercontent.com\"" % (_num(12), _low(32))


@_b
def _():
    return "headers = {\"Authorization\": f\"Bearer {token}\", \"X-Request-Id\": \"%s\"}" % _uuid()


@_b
def _():
    return "EXAMPLE_ENV = \"\"\"\nAWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n\"\"\"  # from the AWS docs, %s" % _pick(_WORDS)


@_b
def _():
    return "if len(password) < %d or password.lower() in COMMON_PASSWORDS:\n    raise WeakPassword(\"choose a longer passphrase\")" % _R.randint(10, 20)


@_b
def _():
    return "FRAME_HASH = xxhash.xxh64(pixels).hexdigest()  # %s" % _hex(16)


# ---- logs ----------------------------------------------------------------

@_b
def _():
    return "%s INFO auth ok user=%s method=ldap (password not logged)" % (_ts(), _user())


@_b
def _():
    return "%s DEBUG mux: token=*** expires_in=3600 request_id=%s" % (_ts(), _uuid())


@_b
def _():
    return "traceparent: 00-%s-%s-01" % (_hex(32), _hex(16))


@_b
def _():
    return "%s  Worker - Info: Job %s (%s lighting) frame %d rendered in %dm%02ds" % (_ts(), _hex(24), _shot(), _R.randint(1001, 1200), _R.randint(1, 90), _R.randint(0, 59))


@_b
def _():
    return "%s tractor-engine INFO  jid=%d tid=%d cmd=\"prman -t:0 %s.rib\" exit=0" % (_ts(), _R.randint(1000, 99999), _R.randint(1, 400), _shot())


@_b
def _():
    return "%s WARN  rqd: frame %s.%04d retried (host %s, reason=OOM)" % (_ts(), _uuid(), _R.randint(1001, 1200), _short("render-node"))


@_b
def _():
    return "%s level=info msg=\"upload complete\" asset_id=%s etag=%s bytes=%d" % (_iso(), _uuid(), _hex(32), _R.randint(10 ** 6, 10 ** 10))


@_b
def _():
    return "Authorization: Bearer [REDACTED]\nX-Request-Id: %s" % _uuid()


@_b
def _():
    return "%s zou.app INFO login failed for %s: invalid password (attempt %d/5)" % (_iso(), _email(), _R.randint(1, 5))


@_b
def _():
    return "%s sshd[%d]: Accepted publickey for render from %s port %d ssh2: ED25519 SHA256:%s" % (_ts(), _R.randint(1000, 60000), _ip(), _R.randint(30000, 65000), _b64(32).rstrip("="))


@_b
def _():
    return "%s sshd[%d]: Failed password for invalid user %s from %s port %d ssh2" % (_ts(), _R.randint(1000, 60000), _pick(["admin", "test", "oracle", "ubuntu"]), _ip(), _R.randint(30000, 65000))


@_b
def _():
    return "##[warning]Secret source: Actions. Masked value: ***  (step %d, run %d)" % (_R.randint(1, 20), _R.randint(10000, 999999))


@_b
def _():
    return "Run echo \"::add-mask::$MUX_TOKEN_SECRET\"\n  echo \"::add-mask::$MUX_TOKEN_SECRET\"\n  shell: /usr/bin/bash -e {0}\n  # run %d" % _R.randint(100, 99999)


@_b
def _():
    return "%s nginx: %s - - \"GET /feeds/%s/rss.xml HTTP/1.1\" 304 0 \"-\" \"Overcast/3.0\"" % (_ts(), _ip(), _slug(_pod()))


@_b
def _():
    return "%s mediaconvert job %s-%s COMPLETE outputGroup=HLS duration_ms=%d" % (_ts(), _num(13), _low(6), _R.randint(10 ** 4, 10 ** 7))


@_b
def _():
    return "Caused by: java.sql.SQLException: Access denied for user 'cuebot'@'%s' (using password: YES)" % _ip()


@_b
def _():
    return "pymongo.errors.OperationFailure: Authentication failed., full error: {'ok': 0.0, 'errmsg': 'Authentication failed.', 'code': 18, 'codeName': 'AuthenticationFailed', '$clusterTime': {'signature': {'hash': b'%s', 'keyId': %d}}}" % (_b64(20), _R.randint(7 * 10 ** 18, 8 * 10 ** 18))


@_b
def _():
    return "%s [rlm] foundry: OUT: nuke_i v2025.0815 by %s@%s (handle %s)" % (_time(), _user(), _short("ws"), _hex(3))


@_b
def _():
    return "%s (adskflex) OUT: \"%s\" %s@%s" % (_time(), _num(5) + "MAYA_T_F", _user(), _short("ws"))


@_b
def _():
    return "%s vault: token renewed accessor=%s ttl=768h policies=[\"render-read\"]" % (_iso(), _rs(24))


@_b
def _():
    return "%s frameio-webhooks: signature verified (sha256) for event asset.ready id=%s" % (_ts(), _uuid())


@_b
def _():
    return "%s gitlab-runner: Checking for jobs... received job=%d repo_url=https://gitlab.%s/pipe/otio-tools.git runner=%s" % (_ts(), _R.randint(10 ** 5, 10 ** 7), _dom(), _low(8))


@_b
def _():
    return "Traceback (most recent call last):\n  File \"publish.py\", line %d, in <module>\n    token = os.environ[\"FRAMEIO_TOKEN\"]\nKeyError: 'FRAMEIO_TOKEN'" % _R.randint(10, 300)


@_b
def _():
    return "%s celery WARNING Task transcode.submit[%s] retry: Retry in 30s: 429 Too Many Requests" % (_ts(), _uuid())


@_b
def _():
    return "%s audit event=api_key.revoked actor=%s key_id=kid_%s reason=\"rotation\"" % (_iso(), _email(), _low(10))


# ---- notes and chat ------------------------------------------------------

_VAULTS = ["1Password vault 'Post'", "Bitwarden collection 'Pipeline'", "Vault path secret/render/mongo",
           "the 'farm-admin' entry in KeePassXC", "AWS Secrets Manager (prod/review/db)", "the IT password safe",
           "Vault path secret/streaming/mux", "1Password item 'Frame.io bot'", "GCP Secret Manager (cuebot-db)"]
_SYSTEMS = ["Deadline web service", "the Kitsu bot", "the NAS admin account", "the Frame.io bot", "the Mux token",
            "the ShotGrid script key", "the ftrack API key", "the Aspera vendor login", "the RLM web admin",
            "the Vimeo upload token", "the Buzzsprout API token", "the Splice team seat", "the iLok account"]


@_b
def _():
    return "Rotated %s on %s; the new value is in %s, not in this doc." % (_pick(_SYSTEMS), _date(), _pick(_VAULTS))


@_b
def _():
    return "@%s the password for %s is in %s \u2014 ping me if you can't see it." % (_pick(_FIRST).lower(), _pick(_SYSTEMS), _pick(_VAULTS))


@_b
def _():
    return "Decision (%s): stop sharing %s in Slack; everyone reads it from %s from now on." % (_date(), _pick(_SYSTEMS), _pick(_VAULTS))


@_b
def _():
    return "Goal: rotate %s and update the %s deployment to read it from %s. Do not print the value in logs." % (_pick(_SYSTEMS), _pick(["review", "farm", "podcast-publish", "stock-sync"]), _pick(_VAULTS))


@_b
def _():
    return "Running notes: %s returned 401 with the old key; asked %s to re-issue. Waiting (ticket IT-%d)." % (_pick(["Frame.io", "Mux", "Vimeo", "ftrack", "Pexels", "Transistor"]), _pick(_FIRST), _R.randint(100, 9999))


@_b
def _():
    return "Le mot de passe du NAS n'est plus dans le wiki : il est dans %s. Merci de ne pas le recopier ici. (%s)" % (_pick(_VAULTS), _date())


@_b
def _():
    return "La contrase\u00f1a del servidor de licencias se cambi\u00f3 el %s; p\u00eddesela a %s por tel\u00e9fono, no por correo." % (_date(), _pick(_FIRST))


@_b
def _():
    return "Das Passwort f\u00fcr den Renderfarm-Admin liegt jetzt in %s. Bitte nicht mehr per Mail verschicken. (Ticket %d)" % (_pick(_VAULTS), _R.randint(100, 9999))


@_b
def _():
    return "\u30d1\u30b9\u30ef\u30fc\u30c9\u306f1Password\u306e\u300c%s\u300d\u306b\u4fdd\u5b58\u3057\u307e\u3057\u305f\u3002\u30c1\u30e3\u30c3\u30c8\u306b\u306f\u8cbc\u3089\u306a\u3044\u3067\u304f\u3060\u3055\u3044\u3002\uff08%s\uff09" % (_pick(["NAS\u7ba1\u7406", "Deadline Web", "Kitsu bot", "Frame.io"]), _date())


@_b
def _():
    return "\u5bc6\u7801\u5df2\u7ecf\u8f6c\u79fb\u5230 %s\uff0c\u8bf7\u4e0d\u8981\u53d1\u5728\u7fa4\u91cc\u3002\u53d8\u66f4\u5355\u53f7 CHG-%d" % (_pick(_VAULTS), _R.randint(1000, 99999))


@_b
def _():
    return "A senha nova do Wi-Fi est\u00e1 colada na recep\u00e7\u00e3o do est\u00fadio %d; n\u00e3o vou escrever aqui. \u2014 %s" % (_R.randint(1, 9), _pick(_FIRST))


@_b
def _():
    return "\u041f\u0430\u0440\u043e\u043b\u044c \u043e\u0442 Kitsu \u043b\u0435\u0436\u0438\u0442 \u0432 %s, \u0441\u043f\u0440\u043e\u0441\u0438\u0442\u0435 \u0443 %s. (%s)" % (_pick(_VAULTS), _pick(_FIRST), _date())


@_b
def _():
    return "\ube44\ubc00\ubc88\ud638\ub294 %s\uc5d0 \uc788\uc2b5\ub2c8\ub2e4. \uba54\uc2e0\uc800\ub85c \ubcf4\ub0b4\uc9c0 \ub9c8\uc138\uc694. (%s)" % (_pick(_VAULTS), _date())


@_b
def _():
    return "Het wachtwoord staat in %s; vraag %s om toegang als je het niet ziet. (%s)" % (_pick(_VAULTS), _pick(_FIRST), _date())


@_b
def _():
    return "standup %s\n- conform for reel %d done, EDL hash %s\n- %s expires Friday, %s renewing" % (_date(), _R.randint(1, 8), _hex(12), _pick(_SYSTEMS), _pick(_FIRST))


@_b
def _():
    return "Handover: the new RCS certificate fingerprint is SHA256:%s; the passphrase is with %s (not written down here)." % (_b64(32).rstrip("="), _pick(_FIRST))


@_b
def _():
    return "| System | User | Password |\n|---|---|---|\n| %s | %s | see %s |" % (_pick(["Qumulo UI", "Deadline web", "Kitsu", "RLM web"]), _user(), _pick(_VAULTS))


@_b
def _():
    return "FYI the %s key I pasted yesterday was the *public* playback id (%s), not a secret \u2014 no rotation needed." % (_pick(["Mux", "api.video", "Cloudflare Stream"]), _rs(40))


@_b
def _():
    return "Reminder from IT: passwords must be at least %d characters, no reuse of the last %d, and MFA is mandatory for %s." % (_R.randint(12, 20), _R.randint(3, 24), _pick(["ShotGrid", "Frame.io", "ftrack", "Kitsu", "the VPN"]))


@_b
def _():
    return "TODO: replace hardcoded creds in %s with os.environ lookups (found by gitleaks, finding %s)" % (_pick(["farm/mongo.py", "review/settings.py", "tools/fetch_houdini.py", "podcast/publish.py"]), _hex(16))


@_b
def _():
    return "Shuttle drive #%d checksum manifest: xxh64 %s, %d files, verified by %s" % (_R.randint(1, 60), _hex(16), _R.randint(100, 90000), _pick(_FIRST))


@_b
def _():
    return "%s: can someone send me the NAS password? \n%s: it's in %s, DM'ing you the link to the item, not the password" % (_pick(_FIRST), _pick(_FIRST), _pick(_VAULTS))


@_b
def _():
    return "Agent note: user asked me to use their ftrack key; I read it from $FTRACK_API_KEY and did not echo it. Session %s." % _uuid()


@_b
def _():
    return "Client screener link: https://review.%s/s/%s (expires %s, watermark on, password sent separately)" % (_dom(), _low(10), _date())


@_b
def _():
    return "Music cue %s: licence ref %s-%s, ISRC %s%s%02d%05d" % (_num(3), _pick(["EPS", "MBD", "ART", "AN"]), _up(8), _pick(["GB", "US", "SE", "FR"]), _up(3), _R.randint(20, 25), _R.randint(1, 99999))


@_b
def _():
    return "Podcast episode GUID for ep %d: %s (don't change it or every app re-downloads)" % (_R.randint(1, 300), _uuid())


@_b
def _():
    return "The screener password is whatever the client sets on first login; we never see it. (Frame.io share %s)" % _uuid()


# ---- CI and deploy -------------------------------------------------------

@_b
def _():
    return "env:\n  MUX_TOKEN_ID: ${{ secrets.MUX_TOKEN_ID }}\n  MUX_TOKEN_SECRET: ${{ secrets.MUX_TOKEN_SECRET }}\n  SHOW: %s" % _show()[0].lower()


@_b
def _():
    return "      - uses: actions/cache@v4\n        with:\n          path: ~/.cache/pip\n          key: ${{ runner.os }}-pip-%s" % _sha256()


@_b
def _():
    return "      - uses: actions/checkout@%s # v4.%d.%d" % (_sha1(), _R.randint(0, 3), _R.randint(0, 9))


@_b
def _():
    return "variables:\n  POSTGRES_PASSWORD: $CI_POSTGRES_PASSWORD   # masked+protected project variable\n  POSTGRES_DB: zoudb_%s" % _low(4)


@_b
def _():
    return "withCredentials([usernamePassword(credentialsId: '%s', usernameVariable: 'P4USER', passwordVariable: 'P4PASSWD')]) {\n  sh 'p4 sync //depot/%s/...'\n}" % (_pick(["p4-build", "perforce-ci", "p4-lighting"]) + "-" + _low(3), _show()[0].lower())


@_b
def _():
    return "FROM python:3.11-slim@sha256:%s\nRUN --mount=type=secret,id=npm_token NPM_TOKEN=$(cat /run/secrets/npm_token) npm ci" % _sha256()


@_b
def _():
    return "docker build --secret id=pip_conf,src=$HOME/.config/pip/pip.conf -t registry.%s/pipeline/rqd:%s ." % (_dom(), _hex(8))


@_b
def _():
    return "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: frameio-bot\nspec:\n  encryptedData:\n    token: AgB%s" % _b64(180)


@_b
def _():
    return "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  %s\n  %s" % (_hex(64), _hex(64))


@_b
def _():
    return "sops:\n  kms:\n    - arn: arn:aws:kms:us-west-2:%s:key/%s\n  mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (_num(12), _uuid(), _b64(32), _b64(32), _b64(16))


@_b
def _():
    return "image: registry.%s/farm/deadline-worker:10.3.2.1-%s\nimagePullSecrets:\n  - name: regcred" % (_dom(), _hex(7))


@_b
def _():
    return "- name: Configure AWS credentials\n  uses: aws-actions/configure-aws-credentials@v4\n  with:\n    role-to-assume: arn:aws:iam::%s:role/gha-mediaconvert\n    aws-region: us-west-2" % _num(12)


@_b
def _():
    return "deploy:\n  script:\n    - helm upgrade --install review ./chart --set image.tag=%s --set db.existingSecret=review-db" % _hex(8)


@_b
def _():
    return "sonar.projectKey=pipeline-core\nsonar.token=${SONAR_TOKEN}\nsonar.scm.revision=%s" % _sha1()


@_b
def _():
    return "terraform {\n  backend \"s3\" {\n    bucket = \"studio-tfstate\"\n    key    = \"%s/terraform.tfstate\"\n    # credentials come from the OIDC role\n  }\n}" % _pick(["render-burst", "review", "podcast", "mam"]) + "-" + _low(3)


@_b
def _():
    return "packer build -var \"winrm_password=$WINRM_PASSWORD\" -var ami_tag=%s render-node.pkr.hcl" % _hex(10)


@_b
def _():
    return "stringData:\n  password: \"\"  # filled by external-secrets from %s (refresh %dm)" % (_pick(_VAULTS), _R.randint(1, 60))


@_b
def _():
    return "Build #%d: published render-images@sha256:%s (cosign signature verified, key id %s)" % (_R.randint(100, 9999), _sha256(), _hex(16))


# ---- vendor-ish identifiers that are public or placeholders ---------------

@_b
def _():
    return "MUX_ENV_KEY=%s  # Mux Data env key, public by design (goes into the player)" % _low(26)


@_b
def _():
    return "cloudfront key pair id: K%s (public id; the private key is in %s)" % (_up(13), _pick(_VAULTS))


@_b
def _():
    return "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX  <- example only, from docs/onboarding.md line %d" % _R.randint(1, 400)


@_b
def _():
    return "export STRIPE_SECRET_KEY=sk_live_...   # (truncated in docs; real key in %s)" % _pick(_VAULTS)


@_b
def _():
    return "xoxb-your-bot-token-here  # placeholder from the %s README" % _pick(["render-bot", "dailies-recap", "wrangler-bot", "podcast-notify"]) + " v" + str(_R.randint(1, 30))


@_b
def _():
    return "Slack channel %s, team T%s, bot user U%s" % ("C" + _up(10), _up(10), _up(10))


@_b
def _():
    return "ftrack entity id: %s (AssetVersion, %s %s)" % (_uuid(), _shot(), _ver())


@_b
def _():
    return "frame.io asset %s in project %s is ready for review" % (_uuid(), _uuid())


@_b
def _():
    return "Kitsu task id %s, entity %s, status WFA" % (_uuid(), _uuid())


@_b
def _():
    return "Vimeo video id %s, hash %s (unlisted link param, rotates when privacy changes)" % (_num(9), _hex(10))


@_b
def _():
    return "YouTube video id %s, playlist PL%s" % (_rs(11, _AN + "-_"), _rs(32, _AN + "-_"))


@_b
def _():
    return "Sentry event %s in project review-portal (release %s)" % (_hex(32), _hex(12))


@_b
def _():
    return "Azure tenant_id=%s client_id=%s (app registration 'mediaconvert-bridge'; secret not stored here)" % (_uuid(), _uuid())


@_b
def _():
    return "AWS access key id AKIA%s was deactivated on %s (the secret half was never committed)" % (_rs(16, _UP + "234567"), _date())


@_b
def _():
    return "Spotify for Podcasters show id %s, RSS https://anchor.fm/s/%s/podcast/rss" % (_rs(22), _hex(8))


@_b
def _():
    return "Deadline job %s submitted by %s, batch %s" % (_hex(24), _user(), _uuid())


@_b
def _():
    return "OpenCue host %s tags=[%s] lock=OPEN id=%s" % (_short("render-node"), _pick(["general", "gpu", "sim", "comp"]), _uuid())


@_b
def _():
    return "iLok asset id %s (Pro Tools Ultimate, perpetual), activation moved to mix stage %s" % (_up(12), _pick(["A", "B", "C"]))


@_b
def _():
    return "Getty asset %d, Shutterstock clip %d, Pond5 item %d licensed for %s" % (_R.randint(10 ** 8, 10 ** 10), _R.randint(10 ** 6, 10 ** 9), _R.randint(10 ** 6, 10 ** 9), _show()[0])


@_b
def _():
    return "sha256(\"%s\") = %s  # used as the dedupe key in the transcode cache" % (_shot(), _sha256())


@_b
def _():
    return "base64 of the render manifest header: %s" % _b64t('{"show":"%s","shot":"%s","frames":"1001-%d"}' % (_show()[0], _shot(), _R.randint(1050, 1300)))


@_b
def _():
    hdr = '{"alg":"RS256","typ":"JWT","kid":"%s"}' % _hex(8)
    return "JWT header only (not a token): %s  -> %s" % (_b64ut(hdr), hdr)


@_b
def _():
    return "%s: %s %s (%s build %d)" % (_pick(["houdini", "nuke", "maya", "katana", "resolve"]), _pick(["20.5", "15.1v3", "2025.2", "7.0v4", "19.2"]), _pick(["production", "py3.11"]), _hex(10), _R.randint(100, 999))


@_b
def _():
    return "/mnt/projects/%s/shots/%s/comp/publish/%s/%s_comp_%s.####.exr" % (_show()[0].lower(), _shot(), _ver(), _shot(), _ver())


@_b
def _():
    return "password=<redacted> host=%s user=%s db=%s" % (_host("pg"), _user(), _pick(["cuebot", "zoudb", "tractordb", "mam"]))


@_b
def _():
    return "token: \"{{ lookup('hashi_vault', 'secret=secret/data/%s:token') }}\"" % _pick(["frameio", "mux", "vimeo", "kitsu", "ftrack"] + _WORDS)


@_b
def _():
    return "Cookie: sessionid=<session>; csrftoken=<csrf>  (template used in docs/api.md, section %d)" % _R.randint(1, 50)


@_b
def _():
    return "SRT listener srt://%s:%d?mode=listener&passphrase=${SRT_PASSPHRASE}&latency=200000" % (_host("transcode"), _R.randint(9000, 9100))


# ---- fixed prose: policies, guidance and talk about secrets --------------

_BENIGN_FIXED = [
    "Passwords must be at least 14 characters long and must not contain the show name, your user name or the studio name.",
    "Never paste a token into Slack, Teams or a ticket. Put it in 1Password and share the item, not the value.",
    "If a credential leaks, revoke it first and investigate second; rotation takes minutes, forensics takes days.",
    "The Mux token secret is only shown once when you create it; if you lose it, create a new token and delete the old one.",
    "ShotGrid script keys are rotated every quarter by the pipeline team; scripts read them from the SG_SCRIPT_KEY env var.",
    "ftrack API keys look like UUIDs, which is why the scanner can't tell them from entity ids. Treat anything labelled api_key as secret.",
    "Frame.io developer tokens start with fio-u-; if you see one in a log, tell #sec-help immediately.",
    "The RLM web admin password is kept in the IT password safe; the licence server itself needs no password for checkouts.",
    "FlexLM licence checkouts are anonymous; ADSKFLEX_LICENSE_FILE only points at port@host, it is not a credential.",
    "Signed URLs are credentials until they expire: don't paste full presigned links into the tracker, paste the object key.",
    "Use --password-stdin for docker login so the password never lands in shell history.",
    "Store NAS credentials in /root/.smbcredentials with mode 600 and reference them with credentials= in fstab.",
    "The podcast's public RSS feed URL is fine to share; the supporters feed URL contains a per-listener token and is not.",
    "Stream keys are secrets: anyone with the key can broadcast on our channel. Reset it in the dashboard after every event.",
    "Password hints are not allowed in the wiki, including 'same as the old one' or 'show name plus year'.",
    "Checksums (md5, xxh64, sha256) in delivery manifests are not secrets; they are there so the lab can verify the drive.",
    "Public SSH keys, age recipients and WireGuard public keys can be shared freely; only the private halves must stay private.",
    "A UUID on its own is an identifier, not a credential, unless the vendor uses UUIDs as API keys (ftrack, Bitmovin).",
    "Stripe publishable keys (pk_live_) are meant for the browser; secret keys (sk_live_) must never leave the server.",
    "When you hand over the farm, hand over the vault path, not the password.",
    "Please don't email passwords to vendors; use the one-time secret link tool and set it to expire after one view.",
    "For MFA resets contact IT in person or by phone; IT will never ask you for your password.",
    "The Deadline RCS client certificate passphrase is stored next to the certificate in the secrets manager, never in deadline.ini.",
    "Rotate the Kitsu bot password after every show wraps; the calendar reminder is on the pipeline calendar.",
    "Do not commit .env files. The repo has a pre-commit hook running gitleaks; if it blocks you, remove the value, don't bypass the hook.",
    "Our password manager generates 24-character random passwords by default; use a passphrase only for things you must type.",
    "Stock-media API keys are per-seat; sharing them breaks the licence terms as well as our security policy.",
    "iLok and Avid account passwords belong to the studio, not the freelancer; they are reset when the contract ends.",
    "Cookies copied from a browser session are as good as a password; never paste them into a bug report.",
    "If you need to show a config in a ticket, replace secret values with <redacted> and keep the keys so we can see the shape.",
    "Le mot de passe doit faire au moins 14 caract\u00e8res et ne doit pas contenir le nom de la s\u00e9rie.",
    "La contrase\u00f1a debe tener al menos 14 caracteres; no uses el nombre del proyecto ni el a\u00f1o.",
    "Passw\u00f6rter geh\u00f6ren in den Passwort-Manager, nicht in Tickets, E-Mails oder Chat-Nachrichten.",
    "\u30d1\u30b9\u30ef\u30fc\u30c9\u306f14\u6587\u5b57\u4ee5\u4e0a\u306b\u3057\u3066\u304f\u3060\u3055\u3044\u3002\u4f7f\u3044\u56de\u3057\u306f\u7981\u6b62\u3067\u3059\u3002",
    "\u5bc6\u7801\u81f3\u5c1114\u4f4d\uff0c\u4e0d\u8981\u4f7f\u7528\u9879\u76ee\u540d\u79f0\uff0c\u4e5f\u4e0d\u8981\u5728\u804a\u5929\u91cc\u53d1\u9001\u5bc6\u7801\u3002",
    "A senha deve ter pelo menos 14 caracteres e n\u00e3o pode repetir as \u00faltimas 5.",
    "Wachtwoorden deel je via de wachtwoordkluis, nooit via chat of e-mail.",
    "Has\u0142a przechowujemy w mened\u017cerze hase\u0142; nie wysy\u0142aj ich mailem.",
    "\u041d\u0435 \u043f\u0435\u0440\u0435\u0441\u044b\u043b\u0430\u0439\u0442\u0435 \u043f\u0430\u0440\u043e\u043b\u0438 \u0432 \u0447\u0430\u0442\u0435; \u0438\u0441\u043f\u043e\u043b\u044c\u0437\u0443\u0439\u0442\u0435 \u043c\u0435\u043d\u0435\u0434\u0436\u0435\u0440 \u043f\u0430\u0440\u043e\u043b\u0435\u0439.",
    "\ube44\ubc00\ubc88\ud638\ub294 14\uc790 \uc774\uc0c1\uc774\uc5b4\uc57c \ud558\uba70 \ucc44\ud305\uc73c\ub85c \uacf5\uc720\ud558\uba74 \uc548 \ub429\ub2c8\ub2e4.",
    "password: ${DB_PASSWORD}",
    "api_key: <your-api-key>",
    "token: REDACTED",
    "secret: '****************'",
    "MUX_TOKEN_SECRET=",
    "FRAMEIO_TOKEN=changeme",
    "SG_SCRIPT_KEY=<ask-pipeline>",
    "PGPASSWORD=${PGPASSWORD:?set PGPASSWORD first}",
    "export AWS_SECRET_ACCESS_KEY=$(op read op://Pipeline/aws-mediaconvert/secret)",
    "aws_secret_access_key = <SECRET_ACCESS_KEY>",
    "Authorization: Basic <base64(user:password)>",
    "Authorization: Bearer <token>",
    "x-api-key: ${TRANSISTOR_API_KEY}",
    "client_secret: \"{{ .Values.spotify.clientSecret }}\"",
    "password = \"\"  # intentionally blank, SSO only",
    "ProxySSLCertificatePassword=",
    "DEADLINE_WEB_PASSWORD is read from /run/secrets/deadline_web_password",
    "ssh_pwauth: false  # keys only on render nodes",
    "PasswordAuthentication no",
    "requirepass is set via the redis-auth secret (see k8s/redis.yaml)",
    "mail.smtp.password=${SMTP_PASSWORD}",
    "The NAS password is NOT 'password123' any more, stop trying it, you'll lock the account.",
    "Reminder: 'changeme' and 'admin' are blocked by the password filter on all studio systems.",
    "Example from the docs: mongodb://user:<password>@host:27017/deadline10db",
    "postgres://cuebot:<password>@pg01:5432/cuebot  (template, substitute from vault)",
    "rtmp://a.rtmp.youtube.com/live2/<stream-key>",
    "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    "sk_test_xxxxxxxxxxxxxxxxxxxxxxxx  # placeholder in the merch README",
    "hvs.XXXXXXXXXXXXXXXXXXXXXXXX",
    "AGE-SECRET-KEY-1XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX (format only)",
    "-----BEGIN PUBLIC KEY-----  (the private key is never checked in)",
    "Key fingerprint = 3B1F 0C7A 55D2 9E41 8B0C  6A2E 91F4 D7C3 0E85 2B6A",
    "The initial admin password is printed once in the container log; copy it into 1Password and delete the log.",
    "Who has the Aspera vendor password? I don't need it, just want to know who to ask.",
    "I reset my ShotGrid password and now Toolkit keeps asking for it; is there a cached login somewhere?",
    "Can we stop using the same password for the NAS and the Wi-Fi? Asking for a friend.",
    "The 2FA backup codes for the studio YouTube channel are in the safe in the producer's office.",
    "pbkeylen=16 means AES-128 for the SRT stream; the passphrase itself comes from the encoder profile.",
    "Our token format check: GitHub tokens are 40 chars with a 4-char prefix; this one was 39 so it was a typo, not a leak.",
    "gitleaks found 0 leaks in 1,284 commits (scanned with the studio ruleset).",
    "trufflehog: 0 verified secrets, 3 unverified (all test fixtures in tests/fixtures/fake_creds.json)",
    "Password reset emails come from no-reply@shotgrid.autodesk.com; anything else is phishing.",
    "Note to self: the 'secret' in secret/render/mongo is the engine name, not the password.",
    "api_key_id: kid_01 (public identifier; the key material lives in the HSM)",
    "Key-Pair-Id is public; only the Signature parameter of a CloudFront URL needs protecting.",
    "X-Amz-Credential contains the access key id and date; it's the X-Amz-Signature that grants access.",
    "The password field in the Kitsu export is a bcrypt hash placeholder; exports never include real passwords.",
    "Why does the scanner flag our OCIO config hash? It's just a content hash of the LUTs.",
    "EDL event 001  A012C003_250611_R2KD V C  00:00:01:00 00:00:04:12 01:00:00:00 01:00:03:12",
    "Timecode 01:02:03:04 at 23.976, frame 89403, handles 8+8",
    "FRAME_RANGE=1001-1240 RES=4096x2160 LUT=show_v3.cube COLORSPACE=ACEScg",
    "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 is the hash of an empty file, the upload was empty.",
    "d41d8cd98f00b204e9800998ecf8427e  empty.wav  <- zero-byte stem, re-export",
    "00000000-0000-0000-0000-000000000000 is the nil UUID; ftrack uses it for unset parents.",
    "Password strength meter said 'weak' for anything under 12 chars, even with symbols.",
    "Proposal: move all render-farm service passwords to short-lived Vault dynamic credentials (TTL 1h).",
]


# ==========================================================================
# assembly
# ==========================================================================

_GROUPS = ["command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 187
_N_BENIGN = 950


def _build_secrets():
    used = set()
    out = []
    for group in _GROUPS:
        temps = [t for t in _TEMPLATES if t[0] == group]
        base, extra = divmod(_PER_GROUP, len(temps))
        assert base + (1 if extra else 0) <= 3, group
        order = list(range(len(temps)))
        _R.shuffle(order)
        three = set(order[:extra])
        for i, (g, fmt, fn) in enumerate(temps):
            for _k in range(base + (1 if i in three else 0)):
                for _try in range(200):
                    text, secret, visible = fn()
                    if secret not in used and len(secret) >= 6:
                        break
                else:
                    raise RuntimeError("could not draw a fresh secret for " + fmt)
                used.add(secret)
                out.append((g, fmt, text, secret, visible))
    _R.shuffle(out)
    return out


def _build_benign(secrets):
    long_secrets = [s for (_g, _f, _t2, s, _v) in secrets if len(s) >= 8]
    seen = set()
    out = []

    def add(s):
        if s in seen:
            return
        for sec in long_secrets:
            if sec in s:
                return
        seen.add(s)
        out.append(s)

    for s in _BENIGN_FIXED:
        add(s)
    rounds = 0
    while len(out) < _N_BENIGN and rounds < 50:
        rounds += 1
        for fn in _BENIGN_T:
            if len(out) >= _N_BENIGN:
                break
            add(fn())
    _R.shuffle(out)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
