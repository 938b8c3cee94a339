"""Blind hold-out corpus #32 for a secret-redaction engine.

What it is
    A test corpus of text fragments of the kind a coding agent (Claude Code,
    Codex, Gemini CLI, ...) records in its saved working state: goals, running
    notes, shell commands it ran, tool output, excerpts of files it opened,
    decisions, chat messages pasted in by teammates, log lines and CI config.
    Some fragments contain exactly one credential that a redaction engine must
    remove; others contain none but look suspicious to a naive scanner.

Theme
    Telecom, VoIP and contact centres (SIP trunks, Asterisk/FreePBX, CPaaS,
    SMS gateways, carrier portals); broadcasting and media production
    (streaming encoders, playout, CDN origin auth, DRM, newsroom systems, NLE
    collaboration servers); logistics, warehouses and fleet telematics (WMS,
    carrier and freight APIs, EDI, handheld scanners, GPS trackers, ELDs);
    agriculture and environmental sensing (LoRaWAN network servers, weather
    stations, farm management platforms); and the developers who integrate
    all of these.

Provenance
    Written blind, from general knowledge only: no scanner rule set, no other
    corpus and no vendor documentation was consulted. Where a vendor's real
    credential format was not known, a plausible one (prefix, alphabet,
    length) was invented. Every credential value is synthetic and generated
    at import time; none is real.

Layout
    SECRETS -- list of 5-tuples (group, format, text, secret, visible)
        group    one of: command, tool-output, config-file, source-code,
                 stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
        format   kebab-case name of the shape; each used at most 3 times
        text     the fragment as the agent recorded it
        secret   exact substring of text that must not survive redaction
        visible  substring of text that must stay readable, or ""
    BENIGN  -- list of distinct strings that contain no credential but that
               a naive scanner might flag (digests, ids, placeholders, masked
               values, references to secrets by name, public keys, ...)

Determinism
    Everything is drawn from random.Random(3232); importing the module twice
    gives identical lists. Nothing is printed.

Measured
    Blind, written while the thirtieth and thirty-first were tuned on and read only after
    every rule of that session was written: recall 0.929 (1,394 of 1,500) and false positives
    41 of 950 (4.3%); 0.925 and the same 41 with the engine at that session's start. No rule
    was written for its secrets; after reading it, three kinds of its look-alikes were left
    alone (a `read -p` prompt's rest, an S3 object's path, Italian prose about where a password
    is kept): 29 of 950 are altered now.
"""

import base64
import hashlib
import json
import random
import re
import string
import struct

_R = random.Random(3232)

# ---------------------------------------------------------------------------
# primitive helpers
# ---------------------------------------------------------------------------

_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_HEX = "0123456789abcdef"
_HEXU = "0123456789ABCDEF"
_AN = _LOW + _UP + _DIG
_ANL = _LOW + _DIG
_ANU = _UP + _DIG
_URLSAFE = _AN + "-_"


def rs(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(_HEX, n)


def HX(n):
    return rs(_HEXU, n)


def an(n):
    return rs(_AN, n)


def anl(n):
    return rs(_ANL, n)


def anu(n):
    return rs(_ANU, n)


def dg(n):
    return rs(_DIG, n)


def us(n):
    return rs(_URLSAFE, n)


def pick(seq):
    return _R.choice(seq)


def rint(a, b):
    return _R.randint(a, b)


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64(n):
    return base64.b64encode(rbytes(n)).decode("ascii")


def b64u(n):
    return base64.urlsafe_b64encode(rbytes(n)).decode("ascii").rstrip("=")


def b64s(text):
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def b64us(text):
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def uid():
    h = list(hx(32))
    h[12] = "4"
    h[16] = pick("89ab")
    h = "".join(h)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def wrap(s, width):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def qurl(s):
    out = []
    for ch in s:
        if ch in _AN or ch in "-_.~":
            out.append(ch)
        else:
            out.append("%%%02X" % ord(ch))
    return "".join(out)


# ---------------------------------------------------------------------------
# human and generated passwords
# ---------------------------------------------------------------------------

_WORDS = [
    "harvest", "tractor", "silo", "pallet", "forklift", "dispatch", "trunk",
    "carrier", "uplink", "fader", "studio", "encoder", "antenna", "meadow",
    "barley", "orchard", "tundra", "cobalt", "falcon", "kestrel", "marlin",
    "copper", "maple", "granite", "summit", "harbor", "signal", "beacon",
    "relay", "switch", "voice", "echo", "delta", "sierra", "tango", "bravo",
    "orion", "nimbus", "rainbow", "sunflower", "wheat", "canola", "cattle",
    "rooster", "piano", "violet", "monsoon", "glacier", "lantern", "pepper",
    "walnut", "saffron", "thunder", "pixel", "rocket", "cactus", "badger",
    "otter", "pelican", "quartz", "ember", "willow", "hopper", "gantry",
    "dockyard", "freight", "convoy", "diesel", "turbine", "prairie", "clover",
    "mango", "lemon", "tiger", "panda", "zebra", "comet", "jupiter", "nebula",
    "velvet", "marble", "crimson", "indigo", "amber", "saturn", "mistral",
    "boxcar", "caboose", "combine", "heifer", "pumpkin", "radish", "teapot",
    "walrus", "yodel", "zephyr", "bison", "condor", "fjord", "gazebo",
]
_SEASONS = ["Winter", "Spring", "Summer", "Autumn", "Fall"]
_SYM = "!#*+-.=@^_~%"
_SYM_URL = "-_.~!*"
_LEET = {"a": "@", "e": "3", "o": "0", "i": "1", "s": "5", "t": "7"}


def _cap(w):
    return w[:1].upper() + w[1:]


def _leet(w, url=False):
    out = []
    for ch in w:
        low = ch.lower()
        if low in _LEET and _R.random() < 0.7:
            out.append("4" if (url and low == "a") else _LEET[low])
        else:
            out.append(ch)
    return "".join(out)


def pw(url=False, style=None):
    syms = _SYM_URL if url else _SYM
    k = _R.randrange(12) if style is None else style
    if k == 0:
        v = _cap(pick(_WORDS)) + str(rint(2015, 2026)) + pick(syms)
    elif k == 1:
        v = _leet(_cap(pick(_WORDS)), url) + pick(syms) + str(rint(10, 999))
    elif k == 2:
        v = "-".join(pick(_WORDS) for _ in range(3)) + "-" + str(rint(1, 99))
    elif k == 3:
        v = an(1) + rs(_AN + syms, rint(15, 23))
    elif k == 4:
        v = an(rint(12, 20))
    elif k == 5:
        v = _cap(pick(_WORDS)) + _cap(pick(_WORDS)) + pick(syms) + str(rint(10, 9999))
    elif k == 6:
        v = pick(_SEASONS) + str(rint(2019, 2025)) + pick(syms) * rint(1, 2)
    elif k == 7:
        v = pick(_WORDS) + "_" + pick(_WORDS) + str(rint(1, 99))
    elif k == 8:
        v = ".".join(_cap(pick(_WORDS)) for _ in range(3)) + str(rint(0, 9))
    elif k == 9:
        v = anl(6) + "-" + anl(3) + anu(1) + anl(2) + "-" + anl(5) + dg(1)
    elif k == 10:
        v = _leet(pick(_WORDS) + pick(_WORDS), url) + str(rint(1, 9)) + pick(syms)
    else:
        v = rs(_AN, 8) + pick(syms) + rs(_AN, rint(4, 8))
    while len(v) < 8:
        v += str(rint(0, 9))
    return v


def pwu():
    return pw(url=True)


def pw_alnum():
    return pw(style=pick([4, 7, 9]))


def pw_human():
    return pw(style=pick([0, 1, 2, 5, 6, 7, 8, 10]))


def pw_phrase():
    return " ".join(pick(_WORDS) for _ in range(rint(3, 4))) + " " + str(rint(2, 99))


def pw_gen():
    return an(1) + rs(_AN + "!#*+-.=@^_~", rint(17, 27))


def pin8():
    return dg(8)


def smpp_pw():
    return pick([an(8), _cap(pick(_WORDS))[:5] + dg(3), anl(8)])


def community():
    return pick([pick(_WORDS) + "-" + pick(["ro", "mon", "nms", "read"]) + dg(2),
                 an(12), _cap(pick(_WORDS)) + pick(["Mon", "Snmp", "Net"]) + dg(3)])


# ---------------------------------------------------------------------------
# vendor-shaped credentials (real formats where known, plausible otherwise)
# ---------------------------------------------------------------------------

def twilio_token():
    return hx(32)


def twilio_api_secret():
    return an(32)


def vonage_secret():
    return an(16)


def plivo_token():
    return an(40)


def telnyx_key():
    return "KEY" + HX(32) + "_" + an(22)


def signalwire_token():
    return "PT" + hx(48)


def sinch_token():
    return hx(32)


def infobip_key():
    return hx(32) + "-" + uid()


def messagebird_key():
    return an(25)


def sendgrid_key():
    return "SG." + us(22) + "." + us(43)


def mailgun_key():
    return "key-" + hx(32)


def africastalking_key():
    return "atsk_" + hx(64)


def clicksend_key():
    return uid().upper()


def aws_secret():
    return rs(_AN + "+/", 40)


def aws_akid():
    return "AKIA" + anu(16)


def aws_session():
    return base64.b64encode(b"!\n\torigin_ec" + rbytes(rint(280, 300))).decode("ascii")


def gcp_api_key():
    return "AIza" + us(35)


def gcp_access_token():
    return "ya29." + us(rint(150, 180))


def azure_storage_key():
    return b64(64)


def azure_sas_sig():
    return qurl(b64(32))


def azure_client_secret():
    return an(3) + "8Q~" + rs(_AN + "_.~-", 34)


def gh_pat():
    return "ghp_" + an(36)


def gh_fine():
    return "github_pat_" + an(22) + "_" + an(59)


def gh_app():
    return "ghs_" + an(36)


def gh_oauth():
    return "gho_" + an(36)


def glpat():
    return "glpat-" + us(20)


def slack_bot():
    return "xoxb-%s-%s-%s" % (dg(rint(11, 13)), dg(13), an(24))


def slack_hook_secret():
    return an(24)


def discord_hook_secret():
    return us(68)


def telegram_bot():
    return "%s:AA%s" % (dg(rint(9, 10)), us(33))


def stripe_live():
    return "sk_live_" + an(pick([24, 99]))


def stripe_restricted():
    return "rk_live_" + an(99)


def datadog_api():
    return hx(32)


def datadog_app():
    return hx(40)


def newrelic_key():
    return "NRAK-" + anu(27)


def grafana_sa():
    return "glsa_" + an(32) + "_" + hx(8)


def vault_token():
    return "hvs." + us(24)


def vault_batch():
    return "hvb.AAAAAQ" + us(120)


def npm_token():
    return "npm_" + an(36)


def pypi_token():
    return "pypi-AgEIcHlwaS5vcmc" + us(rint(140, 170))


def dockerhub_pat():
    return "dckr_pat_" + us(27)


def do_token():
    return "dop_v1_" + hx(64)


def openai_key():
    return "sk-proj-" + us(74) + "T3BlbkFJ" + us(74)


def anthropic_key():
    return "sk-ant-api03-" + us(93) + "AA"


def mapbox_secret():
    payload = b64us(json.dumps({"u": pick(["fleetmaps", "routeops", "agrimap", "dispatchui"]),
                                "a": "cl" + anl(23)}, separators=(",", ":")))
    return "sk." + payload + "." + us(22)


def here_key():
    return us(43)


def tomtom_key():
    return an(32)


def samsara_token():
    return "samsara_api_" + an(30)


def fedex_secret():
    return hx(32)


def ups_secret():
    return an(64)


def dhl_key():
    return an(32)


def easypost_key():
    return "EZAK" + hx(54)


def easypost_test():
    return "EZTK" + hx(54)


def shippo_key():
    return "shippo_live_" + hx(40)


def shipstation_secret():
    return hx(32)


def ttn_key():
    return "NNSXS." + anu(39) + "." + anu(64)


def lora_key():
    return HX(32)


def particle_token():
    return hx(40)


def blynk_token():
    return us(32)


def ambient_key():
    return hx(64)


def owm_key():
    return hx(32)


def weatherlink_secret():
    return anl(32)


def wu_key():
    return hx(32)


def wu_station_pw():
    return an(8)


def deere_secret():
    return us(40)


def mux_secret():
    return b64(56)


def cf_token():
    return us(40)


def cf_global():
    return hx(37)


def fastly_token():
    return us(32)


def akamai_secret():
    return b64(32)


def akamai_token_key():
    return hx(64)


def cloudfront_sig():
    return b64(128).replace("+", "-").replace("=", "_").replace("/", "~")


def bunny_key():
    return uid() + "-" + uid()[:23]


def yt_stream_key():
    return "-".join(anl(4) for _ in range(5))


def twitch_key():
    return "live_%s_%s" % (dg(9), an(30))


def fb_stream_key():
    return "FB-%s-0-%s" % (dg(16), us(36))


def srt_pass():
    return pick([an(rint(16, 32)), pw(url=True, style=pick([0, 2, 5, 8])), hx(32)])


def rtmp_key():
    return pick([hx(24), an(20), anl(8) + "-" + anl(8) + "-" + anl(8)])


def obs_ws_pw():
    return an(16)


def kaltura_secret():
    return hx(32)


def brightcove_secret():
    return us(86)


def jw_secret():
    return an(48)


def vimeo_token():
    return hx(32)


def frameio_token():
    return "fio-u-" + us(64)


def dropbox_token():
    return "sl." + us(138)


def content_key():
    return hx(32)


def playready_seed():
    return b64(30)


def genesys_secret():
    return us(43)


def zendesk_token():
    return an(40)


def freshdesk_key():
    return an(20)


def pagerduty_token():
    return rs(_AN + "+-_", 20)


def influx_token():
    return b64(64).replace("+", "-").replace("/", "_")


def jira_token():
    return "ATATT3xFfGF0" + us(170) + "=" + HX(8)


def ngrok_token():
    return "2" + an(26) + "_" + an(21)


def tailscale_key():
    return "tskey-auth-k" + an(10) + "CNTRL-" + an(33)


def cloudflared_token():
    body = json.dumps({"a": hx(32), "t": uid(), "s": b64(32)}, separators=(",", ":"))
    return b64s(body)


def sentry_token():
    return "sntryu_" + hx(64)


def heroku_key():
    return "HRKU-AA" + us(58)


def linode_token():
    return hx(64)


def motive_key():
    return uid()


def geotab_pw():
    return pw()


def project44_secret():
    return an(40)


def fourkites_key():
    return hx(40)


def descartes_pw():
    return pw_gen()


def wialon_token():
    return hx(72)


def traccar_token():
    return "RzBFAiEA" + us(120)


def verizon_connect_secret():
    return an(48)


def threecx_key():
    return us(40)


def five9_pw():
    return pw()


def talkdesk_secret():
    return us(44)


def iconik_token():
    return "eyJhbGciOiJIUzI1NiIsImlhdCI6" + us(140)


def lucid_pw():
    return pw()


def openweather_key():
    return hx(32)


def farmos_secret():
    return us(48)


def climate_secret():
    return an(44)


def trimble_secret():
    return hx(32)


def wiski_key():
    return an(24)


def intercom_token():
    return b64s("tok:" + uid() + ":" + uid())


def pushover_token():
    return anl(30)


def opsgenie_key():
    return uid()


def zoom_secret():
    return an(32)


def aircall_token():
    return hx(32)


def dialpad_key():
    return an(60)


def ringcentral_secret():
    return us(44)


def bandwidth_secret():
    return pw_gen()


def vonage_jwt_app():
    return uid()


def esim_key():
    return HX(32)


def hologram_key():
    return an(32)


def onomondo_key():
    return "onoK_" + us(40)


def nuance_key():
    return hx(64)


def deepgram_key():
    return hx(40)


def assemblyai_key():
    return hx(32)


def elevenlabs_key():
    return "sk_" + hx(48)


def rev_token():
    return "02" + us(70)


def jwt(claims=None, alg="HS256", sig_bytes=None):
    if claims is None:
        claims = {"sub": pick(["ops-bot", "dispatch-ui", "encoder-03", "wms-api", "lns-admin"]),
                  "iat": rint(1700000000, 1735000000)}
        claims["exp"] = claims["iat"] + pick([3600, 86400, 604800])
    head = b64us(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")))
    body = b64us(json.dumps(claims, separators=(",", ":")))
    if sig_bytes is None:
        sig_bytes = 256 if alg.startswith("RS") else 32
    return head + "." + body + "." + b64u(sig_bytes)


def chirpstack_jwt():
    return jwt({"aud": "chirpstack", "iss": "chirpstack", "sub": uid(), "typ": "key"})


def ari_jwt():
    return jwt({"iss": "fleet-auth", "sub": "tracker-" + dg(6), "scope": "positions:write",
                "iat": rint(1700000000, 1735000000)})


# ---------------------------------------------------------------------------
# key material (bodies only are the secret)
# ---------------------------------------------------------------------------

_RSA8_PREFIX = bytes([0x30, 0x82, 0x04, 0xBD, 0x02, 0x01, 0x00, 0x30, 0x0D, 0x06, 0x09, 0x2A,
                      0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00, 0x04, 0x82,
                      0x04, 0xA7])
_RSA1_PREFIX = bytes([0x30, 0x82, 0x04, 0xA4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00])
_EC_A = bytes([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20])
_EC_B = bytes([0xA0, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07,
               0xA1, 0x44, 0x03, 0x42, 0x00, 0x04])


def rsa_pkcs8_body(sep="\n"):
    der = _RSA8_PREFIX + rbytes(1217 - len(_RSA8_PREFIX))
    return wrap(base64.b64encode(der).decode("ascii"), 64).replace("\n", sep)


def rsa_pkcs1_body():
    der = _RSA1_PREFIX + rbytes(1192 - len(_RSA1_PREFIX))
    return wrap(base64.b64encode(der).decode("ascii"), 64)


def ec_body(sep="\n"):
    der = _EC_A + rbytes(32) + _EC_B + rbytes(64)
    return wrap(base64.b64encode(der).decode("ascii"), 64).replace("\n", sep)


_EC8_A = bytes([0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48,
                0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01,
                0x07, 0x04, 0x6D, 0x30, 0x6B, 0x02, 0x01, 0x01, 0x04, 0x20])
_EC8_B = bytes([0xA1, 0x44, 0x03, 0x42, 0x00, 0x04])


def ec_pkcs8_body():
    der = _EC8_A + rbytes(32) + _EC8_B + rbytes(64)
    return wrap(base64.b64encode(der).decode("ascii"), 64)


def _sstr(b):
    return struct.pack(">I", len(b)) + b


def openssh_body(comment="ops@jump"):
    pub = rbytes(32)
    seed = rbytes(32)
    check = rbytes(4)
    pubblob = _sstr(b"ssh-ed25519") + _sstr(pub)
    priv = check + check + _sstr(b"ssh-ed25519") + _sstr(pub) + _sstr(seed + pub) + \
        _sstr(comment.encode("ascii"))
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + _sstr(b"none") + _sstr(b"none") + _sstr(b"") + \
        struct.pack(">I", 1) + _sstr(pubblob) + _sstr(priv)
    return wrap(base64.b64encode(blob).decode("ascii"), 70)


def pgp_body():
    der = bytes([0x95, 0x07, 0x46, 0x04]) + rbytes(rint(900, 1000))
    return wrap(base64.b64encode(der).decode("ascii"), 64)


def wg_key():
    return b64(32)


def mongo_keyfile():
    return wrap(b64(rint(500, 700)), 76)


def ed25519_pub():
    blob = _sstr(b"ssh-ed25519") + _sstr(rbytes(32))
    return "ssh-ed25519 " + base64.b64encode(blob).decode("ascii")


def rsa_pub():
    blob = _sstr(b"ssh-rsa") + _sstr(b"\x01\x00\x01") + _sstr(b"\x00" + rbytes(256))
    return "ssh-rsa " + base64.b64encode(blob).decode("ascii")


def cert_body():
    der = bytes([0x30, 0x82, 0x03, 0x5A, 0x30, 0x82, 0x02, 0x42, 0xA0, 0x03, 0x02, 0x01,
                 0x02, 0x02, 0x14]) + rbytes(843)
    return wrap(base64.b64encode(der).decode("ascii"), 64)


def pubkey_body():
    der = bytes([0x30, 0x82, 0x01, 0x22, 0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86,
                 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0F, 0x00]) + \
        rbytes(270)
    return wrap(base64.b64encode(der).decode("ascii"), 64)


def ec_pub_body():
    der = bytes([0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02,
                 0x01, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03,
                 0x42, 0x00, 0x04]) + rbytes(64)
    return wrap(base64.b64encode(der).decode("ascii"), 64)


# ---------------------------------------------------------------------------
# context fields for templates: {{name}} is filled per entry; name2, name3...
# draw another value from the same generator
# ---------------------------------------------------------------------------

_CORPS = [
    "northwind-freight", "kestrel-voice", "bluepeak-media", "harvestline", "telcora",
    "meridian-tv", "fieldsense", "cargoflux", "agrinova", "orbitel", "ridgeway-logistics",
    "suncrest-farms", "lumacast", "portside-3pl", "vantage-fleet", "greenacre-coop",
    "riverbend-radio", "pulse-cpaas", "atlas-drayage", "skyline-broadcast", "tallgrass-ag",
    "coastal-cold-chain", "brightwave-tel", "ironhorse-rail", "prairie-sense",
]
_TLDS = [".com", ".io", ".net", ".tv", ".co", ".cloud", ".com", ".net"]
_FIRST = [
    "Priya", "Marco", "Lena", "Tomasz", "Aiko", "Dmitri", "Sofia", "Kwame", "Ines",
    "Rahul", "Hannah", "Mateo", "Yuki", "Olu", "Greta", "Jonas", "Camila", "Wei",
    "Fatima", "Lars", "Noor", "Pedro", "Anja", "Ravi", "Chloe", "Bartek", "Emeka",
    "Julia", "Sven", "Mei", "Diego", "Ingrid", "Tariq", "Beatriz", "Kenji", "Zofia",
]
_USERS = [
    "svc_wms", "asterisk", "freepbx", "ops", "dispatch", "encoder", "ingest", "deploy",
    "noc", "admin", "telematics", "edi_user", "scanner", "pbxadmin", "voice", "media",
    "lora", "farmops", "etl", "tms_app", "sms_gw", "cdn_origin", "playout", "newsroom",
    "carrier_api", "yardmgr", "reporting", "backup", "monitor", "fleet_sync",
]
_ENVS = ["prod", "staging", "dev", "qa", "uat", "lab"]
_REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-2",
            "ca-central-1", "sa-east-1", "us-east-2"]
_SITES = ["DC-ATL-02", "DC-RNO-01", "WH-LEJ-3", "DC-MEM-04", "XD-ROT-1", "WH-GDL-2",
          "DC-DFW-07", "WH-POZ-1", "DC-ONT-05", "XD-SAV-2"]
_FIELDS = ["North 40", "Pivot 7", "Block C", "River Flats", "East Orchard", "Hangar Field",
           "Lot 12", "South Pasture", "Vineyard B", "Plot 3A"]
_SHOWS = ["Morning Edition", "6pm News", "Harvest Report", "Late Sports", "Noon Update",
          "Traffic & Weather", "Election Night", "Friday Football"]
_BRANCHES = ["main", "develop", "feature/sip-failover", "fix/edi-856-dates", "release/2.14",
             "feature/lorawan-v4", "chore/rotate-creds", "feature/srt-ingest",
             "hotfix/ups-oauth", "feature/eld-sync"]
_CITIES = ["AMES", "LINCOLN", "SALINA", "FRESNO", "YAKIMA", "DAVIS", "BOISE", "WACO"]
_STATES = ["IA", "NE", "KS", "CA", "WA", "CA", "ID", "TX"]


def _f_ip(c):
    k = rint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (rint(0, 60), rint(0, 255), rint(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (rint(16, 31), rint(0, 255), rint(2, 254))
    return "192.168.%d.%d" % (rint(0, 20), rint(2, 254))


def _f_did(c):
    k = rint(0, 3)
    if k == 0:
        return "+44207946%04d" % rint(0, 999)
    if k == 1:
        return "+4930%07d" % rint(1000000, 9999999)
    return "+1%s555%04d" % (pick(["415", "312", "737", "503", "617", "404", "515"]), rint(100, 199))


def _f_station(c):
    i = rint(0, len(_CITIES) - 1)
    return "K" + _STATES[i] + _CITIES[i] + str(rint(1, 240))


_FIELD_GEN = {
    "corp": lambda c: pick(_CORPS),
    "domain": lambda c: c["corp"].replace("-", "") + pick(_TLDS),
    "ip": _f_ip,
    "pubip": lambda c: pick(["203.0.113.", "198.51.100.", "192.0.2."]) + str(rint(2, 254)),
    "user": lambda c: pick(_USERS),
    "person": lambda c: pick([x for x in _FIRST if x not in c.values()]),
    "email": lambda c: c["person"].lower() + "@" + c["domain"],
    "env": lambda c: pick(_ENVS),
    "region": lambda c: pick(_REGIONS),
    "site": lambda c: pick(_SITES),
    "date": lambda c: "%d-%02d-%02d" % (rint(2023, 2025), rint(1, 12), rint(1, 28)),
    "time": lambda c: "%02d:%02d:%02d" % (rint(0, 23), rint(0, 59), rint(0, 59)),
    "ts": lambda c: "%sT%s.%03dZ" % (c["date"], c["time"], rint(0, 999)),
    "ext": lambda c: str(rint(100, 8999)),
    "did": _f_did,
    "uuid": lambda c: uid(),
    "hex8": lambda c: hx(8),
    "hex12": lambda c: hx(12),
    "hex16": lambda c: hx(16),
    "hex24": lambda c: hx(24),
    "hex32": lambda c: hx(32),
    "sha": lambda c: hx(40),
    "sha256": lambda c: hx(64),
    "short": lambda c: hx(7),
    "pid": lambda c: str(rint(1200, 64000)),
    "num": lambda c: str(rint(2, 99)),
    "port": lambda c: str(rint(1025, 65000)),
    "build": lambda c: str(rint(1000, 99999)),
    "sid": lambda c: "AC" + hx(32),
    "msid": lambda c: "MG" + hx(32),
    "callsid": lambda c: "CA" + hx(32),
    "smsid": lambda c: "SM" + hx(32),
    "truck": lambda c: pick(["TRK-", "UNIT-", "T", "RIG-"]) + dg(4),
    "trailer": lambda c: pick(["TRL-", "53FT-", "R"]) + dg(5),
    "deveui": lambda c: HX(16),
    "gweui": lambda c: pick([HX(16), hx(16)]),
    "mac": lambda c: ":".join(hx(2) for _ in range(6)),
    "imei": lambda c: "35" + dg(13),
    "station": _f_station,
    "field": lambda c: pick(_FIELDS),
    "show": lambda c: pick(_SHOWS),
    "branch": lambda c: pick(_BRANCHES),
    "ver": lambda c: "%d.%d.%d" % (rint(1, 6), rint(0, 24), rint(0, 15)),
    "tracking": lambda c: "1Z" + anu(6) + "03" + dg(8),
    "pro": lambda c: dg(10),
    "jira": lambda c: pick(["VOIP", "WMS", "TEL", "MEDIA", "AG", "FLEET", "OPS", "EDI", "NOC"]) + "-" + str(rint(100, 4999)),
    "ch": lambda c: pick(["ch1", "ch2", "ch4-east", "news24", "sport-hd", "radio-fm", "weather-loop"]),
    "trunk": lambda c: pick(["twilio-elastic", "bandwidth-primary", "carrier-b", "telnyx-out",
                             "lumen-sip", "voxbone-eu", "sbc-core"]),
    "app": lambda c: pick(["dispatch-api", "wms-core", "yard-gate", "edi-bridge", "playout-ctl",
                           "newsroom-sync", "lns-bridge", "farm-telemetry", "ivr-router",
                           "sms-gateway", "eld-sync", "route-planner"]),
    "ns": lambda c: pick(["voip", "wms", "media", "telemetry", "edi", "ag", "fleet", "contact-center"]),
    "n3": lambda c: str(rint(100, 999)),
    "n4": lambda c: str(rint(1000, 9999)),
    "acct": lambda c: dg(9),
    "year": lambda c: str(rint(2023, 2025)),
    "hh": lambda c: "%02d" % rint(0, 23),
    "mm": lambda c: "%02d" % rint(0, 59),
    "ms": lambda c: str(rint(3, 2400)),
    "kid": lambda c: hx(32),
    "orgid": lambda c: dg(rint(5, 7)),
    "an_id": lambda c: an(22),
    "pcorp": lambda c: pick([x for x in _CORPS if x != c["corp"]]),
    "pdomain": lambda c: c["pcorp"].replace("-", "") + pick(_TLDS),
    "trunk_b64": lambda c: b64s(c["trunk"]),
    "podsfx": lambda c: anl(5),
    "hexcolon": lambda c: " ".join(HX(2) for _ in range(20)),
    "anu10": lambda c: anu(10),
    "anu20": lambda c: anu(20),
    "anl16": lambda c: anl(16),
    "anl32": lambda c: anl(32),
    "wgpub": lambda c: b64(32),
    "date8": lambda c: c["date"].replace("-", ""),
    "ttnid": lambda c: anu(39),
    "sshpub": lambda c: ed25519_pub(),
    "hxu6": lambda c: HX(6),
    "corp8": lambda c: c["corp"].replace("-", "").upper()[:8].ljust(15),
    "pcorp8": lambda c: c["pcorp"].replace("-", "").upper()[:8].ljust(15),
    "corpnd": lambda c: c["corp"].replace("-", ""),
    "yymmdd": lambda c: c["date"][2:].replace("-", ""),
    "didn": lambda c: c["did"].lstrip("+"),
    "hx2a": lambda c: HX(2),
    "hx2b": lambda c: HX(2),
    "hx2c": lambda c: HX(2),
    "anu13": lambda c: anu(13),
    "anu18": lambda c: anu(18),
    "geouser_b64": lambda c: b64s("api@" + c["domain"]),
    "sri512": lambda c: "sha512-" + b64(64),
    "sri384": lambda c: "sha384-" + b64(48),
    "b64_32": lambda c: b64(32),
    "sshfp": lambda c: "SHA256:" + b64(32).rstrip("="),
    "gpgfp": lambda c: HX(40),
    "hxu16": lambda c: HX(16),
    "hxu8": lambda c: HX(8),
    "certbody": lambda c: cert_body(),
    "pubbody": lambda c: pubkey_body(),
    "ecpubbody": lambda c: ec_pub_body(),
    "rsapub": lambda c: rsa_pub(),
    "agepub": lambda c: "age1" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
    "pssh": lambda c: base64.b64encode(bytes([0, 0, 0, 0x34]) + b"pssh" + bytes(4) +
                                        bytes.fromhex("edef8ba979d64acea3c827dcd51d21ed") +
                                        bytes([0, 0, 0, 0x14, 0x08, 0x01, 0x12, 0x10]) +
                                        rbytes(16)).decode("ascii"),
    "b64text": lambda c: b64s(pick(_PLAIN_TEXTS)),
    "podname": lambda c: c["app"] + "-" + hx(9)[:9] + "-" + anl(5),
    "imgid": lambda c: hx(12),
    "cid": lambda c: hx(64),
    "nonce": lambda c: hx(32),
    "traceid": lambda c: hx(32),
    "spanid": lambda c: hx(16),
    "md5": lambda c: hx(32),
    "sha1": lambda c: hx(40),
    "kp": lambda c: "K" + anu(13),
    "vin": lambda c: pick(["1FUJ", "3AKJ", "1XKY", "4V4N", "1M1A"]) + anu(13).replace("O", "0").replace("I", "1").replace("Q", "9"),
    "callid": lambda c: "%s@%s" % (hx(24), c["ip"]),
    "branchid": lambda c: "z9hG4bK" + hx(10),
    "uniqueid": lambda c: "17%d.%d" % (rint(10000000, 39999999), rint(1, 9999)),
    "devaddr": lambda c: "26" + HX(6),
    "fcnt": lambda c: str(rint(1, 60000)),
    "entry": lambda c: pick(["0_", "1_"]) + anl(8),
    "runid": lambda c: str(rint(7000000000, 9999999999)),
    "lockhash": lambda c: hx(64),
    "h1": lambda c: "h1:" + b64(32),
    "xamzid2": lambda c: b64(54),
    "edgeid": lambda c: us(54) + "==",
    "pk_live": lambda c: "pk_live_" + an(24),
    "mapbox_pk": lambda c: "pk." + b64us(json.dumps({"u": "fleetmaps", "a": "cl" + anl(23)}, separators=(",", ":"))) + "." + us(22),
    "gclient": lambda c: dg(12) + "-" + anl(32) + ".apps.googleusercontent.com",
    "slackid": lambda c: pick(["C0", "T0", "U0", "B0"]) + anu(9),
    "pn": lambda c: "PN" + hx(32),
    "sksid": lambda c: "SK" + hx(32),
    "hex4": lambda c: hx(4),
    "akid": lambda c: "AKIA" + anu(16),
    "anu17": lambda c: anu(17),
    "epoch": lambda c: str(rint(1700000000, 1760000000)),
    "sealed": lambda c: base64.b64encode(b"\x02" + rbytes(rint(300, 420))).decode("ascii"),
    "jwkn": lambda c: b64u(256),
    "cadata": lambda c: b64s("-----BEGIN CERTIFICATE-----\n" + cert_body() + "\n-----END CERTIFICATE-----\n"),
    "b64_16": lambda c: b64(16),
    "fpcolon": lambda c: ":".join(HX(2) for _ in range(32)),
    "pulumisec": lambda c: "v1:" + b64(12) + ":" + b64(48),
    "showslug": lambda c: c["show"].lower().replace(" & ", "-").replace(" ", "-"),
    "clf": lambda c: "%02d/%s/%d:%s" % (rint(1, 28), pick(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul",
                                                          "Aug", "Sep", "Oct", "Nov", "Dec"]),
                                         rint(2023, 2025), c["time"]),
}

_PLAIN_TEXTS = [
    "config reloaded ok", "hello from yard gate", "{\"event\":\"frost_alert\",\"field\":7}",
    "Load 4471 tendered", "pjsip reload done", "channel 4 east", "sensor online",
    "soil moisture 31.4", "weekday rundown v3", "truck arrived at dock 12", "{\"kind\":\"ping\"}",
    "ASN accepted", "battery low", "POD uploaded", "station heartbeat",
]


class _Ctx(dict):
    def __missing__(self, key):
        gen = _FIELD_GEN.get(key)
        if gen is None:
            gen = _FIELD_GEN.get(re.sub(r"_?[0-9]+$", "", key))
        if gen is None:
            raise KeyError(key)
        val = gen(self)
        self[key] = val
        return val


_PH = re.compile(r"\{\{([a-z][a-z0-9_]*)\}\}")


def _render(tmpl, c):
    return _PH.sub(lambda m: str(c[m.group(1)]), tmpl.strip("\n"))


_SPECS = []
_BSPECS = []


def _t(group, fmt, gen, tmpl, vis="", n=None):
    _SPECS.append((group, fmt, gen, tmpl, vis, n))


def _b(group, tmpl, n=None):
    _BSPECS.append((group, tmpl, n))


# helpers used by several builders --------------------------------------------

def basic(user, secret_pw):
    return b64s(user + ":" + secret_pw)


def g_basic(users):
    def gen():
        u = pick(users)
        p = pw()
        return {"s": b64s(u + ":" + p), "buser": u}
    return gen


def g_pem_pkcs8():
    return {"s": rsa_pkcs8_body()}


def g_pem_json():
    return {"s": rsa_pkcs8_body(sep="\\n")}


def g_ec():
    return {"s": ec_body()}


def g_ssh():
    return {"s": openssh_body(pick(["ops@jump01", "deploy@ci", "edi@sftp-gw", "noc@laptop"]))}


def k8s_b64(gen):
    def inner():
        raw = gen()
        return {"s": b64s(raw), "raw": raw}
    return inner


# ===========================================================================
# SECRETS builders
# ===========================================================================

# ---------------------------------------------------------------------------
# command
# ---------------------------------------------------------------------------
C = "command"

_t(C, "curl-twilio-messages-basic", twilio_token, r"""
$ curl -X POST "https://api.twilio.com/2010-04-01/Accounts/{{sid}}/Messages.json" \
    --data-urlencode "To={{did}}" \
    --data-urlencode "From={{did2}}" \
    --data-urlencode "Body=Gate 4 test from yard kiosk" \
    -u {{sid}}:{{s}}
""", "api.twilio.com")

_t(C, "twilio-cli-env-prefix", twilio_token, r"""
TWILIO_ACCOUNT_SID={{sid}} TWILIO_AUTH_TOKEN={{s}} twilio api:core:messages:list --limit 5 --to {{did}}
""", "twilio api:core:messages:list")

_t(C, "curl-telnyx-bearer", telnyx_key, r"""
curl -s -H "Authorization: Bearer {{s}}" "https://api.telnyx.com/v2/phone_numbers?filter[status]=active&page[size]=50" | jq '.data[].phone_number'
""", "api.telnyx.com")

_t(C, "curl-vonage-sms-form", vonage_secret, r"""
curl -X POST https://rest.nexmo.com/sms/json \
  -d api_key={{hex8}} \
  -d api_secret={{s}} \
  -d to={{did}} -d from=NWFREIGHT \
  -d text="Your delivery window is 14:00-16:00"
""", "rest.nexmo.com")

_t(C, "curl-plivo-basic", plivo_token, r"""
curl -i --user MA{{n4}}ZJKM2NTY3OD:{{s}} \
  -H "Content-Type: application/json" \
  -d '{"src": "{{did}}","dst": "{{did2}}", "text": "Pickup confirmed"}' \
  https://api.plivo.com/v1/Account/MA{{n4}}ZJKM2NTY3OD/Message/
""", "api.plivo.com")

_t(C, "curl-sinch-batches", sinch_token, r"""
curl -X POST "https://us.sms.api.sinch.com/xms/v1/{{hex32}}/batches" \
     -H "Authorization: Bearer {{s}}" \
     -H "Content-Type: application/json" \
     -d '{"from":"{{did}}","to":["{{did2}}"],"body":"Driver ETA 12 min"}'
""", "us.sms.api.sinch.com")

_t(C, "curl-infobip-app-header", infobip_key, r"""
curl -L -X POST 'https://{{hex8}}.api.infobip.com/sms/2/text/advanced' \
  -H 'Authorization: App {{s}}' -H 'Content-Type: application/json' \
  --data-raw '{"messages":[{"destinations":[{"to":"{{did}}"}],"from":"AgriAlert","text":"Frost warning tonight"}]}'
""", "api.infobip.com")

_t(C, "curl-messagebird-accesskey", messagebird_key, r"""
curl -X POST https://rest.messagebird.com/messages -H 'Authorization: AccessKey {{s}}' -d "recipients={{did}}" -d "originator=Dispatch" -d "body=Load {{pro}} ready"
""", "rest.messagebird.com")

_t(C, "curl-signalwire-basic", signalwire_token, r"""
curl -u "{{uuid}}:{{s}}" https://{{corp}}.signalwire.com/api/laml/2010-04-01/Accounts/{{uuid}}/Calls.json
""", "signalwire.com")

_t(C, "curl-bandwidth-user-pass", pwu, r"""
curl -s -u "api-{{corp}}:{{s}}" https://dashboard.bandwidth.com/api/accounts/{{n4}}{{n3}}/sites | xmllint --format -
""", "dashboard.bandwidth.com")

_t(C, "asterisk-ami-telnet-login", pw, r"""
$ telnet {{ip}} 5038
Trying {{ip}}...
Connected to {{ip}}.
Asterisk Call Manager/7.0.3
Action: Login
Username: {{user}}
Secret: {{s}}

Response: Success
Message: Authentication accepted
""", "{{ip}}")

_t(C, "mysql-asteriskcdrdb-query", pw, r"""
mysql -h {{ip}} -u freepbxuser -p'{{s}}' asteriskcdrdb -e "select calldate,src,dst,disposition,billsec from cdr where dst='{{ext}}' order by calldate desc limit 20"
""", "asteriskcdrdb")

_t(C, "sipsak-register-auth", pw, r"""
sipsak -U -C sip:{{ext}}@{{ip}} -s sip:{{ext}}@pbx.{{domain}} -a '{{s}}' -u {{ext}} -vvv
""", "sipsak -U")

_t(C, "sipp-uac-digest-auth", pw, r"""
sipp -sn uac -s {{ext}} -au {{ext}} -ap '{{s}}' -r 2 -l 10 -m 50 sbc.{{domain}}:5060 -trace_err
""", "sipp -sn uac")

_t(C, "pjsua-cli-register", pw, r"""
./pjsua --id "sip:{{ext}}@pbx.{{domain}}" --registrar "sip:pbx.{{domain}}" --realm "*" --username {{ext}} --password {{s}} --null-audio --auto-answer 200
""", "pjsua")

_t(C, "fs-cli-esl-password", pw, r"""
fs_cli -H 127.0.0.1 -P 8021 -p '{{s}}' -x "sofia status gateway {{trunk}}"
""", "sofia status gateway")

_t(C, "curl-asterisk-ari-basic", pw, r"""
curl -s -u ivrapp:{{s}} "http://{{ip}}:8088/ari/channels" | jq '.[] | {id, name, state}'
""", "/ari/channels")

_t(C, "wscat-ari-events-apikey", pwu, r"""
npx wscat -c "ws://{{ip}}:8088/ari/events?app=callback-ivr&subscribeAll=true&api_key=callback:{{s}}"
""", "callback-ivr")

_t(C, "curl-asterisk-rawman-login", pwu, r"""
curl -c /tmp/ami.jar "http://pbx-{{env}}.{{domain}}:8088/rawman?action=login&username=monitor&secret={{s}}" && curl -b /tmp/ami.jar "http://pbx-{{env}}.{{domain}}:8088/rawman?action=CoreShowChannels"
""", "action=CoreShowChannels")

_t(C, "ffmpeg-rtmp-youtube-key", yt_stream_key, r"""
ffmpeg -re -i /mnt/playout/{{showslug}}.ts -c:v libx264 -preset veryfast -b:v 6000k -c:a aac -b:a 160k -f flv rtmp://a.rtmp.youtube.com/live2/{{s}}
""", "rtmp://a.rtmp.youtube.com/live2/")

_t(C, "ffmpeg-srt-caller-passphrase", srt_pass, r"""
ffmpeg -f decklink -i 'DeckLink Duo (2)' -c:v libx264 -b:v 8M -f mpegts "srt://ingest.{{domain}}:9000?mode=caller&latency=200000&pbkeylen=32&passphrase={{s}}"
""", "ingest.{{domain}}:9000")

_t(C, "srt-live-transmit-streamid", srt_pass, r"""
srt-live-transmit "udp://:5000" "srt://{{pubip}}:9710?passphrase={{s}}&streamid=#!::r=live/{{ch}},m=publish" -v
""", "srt-live-transmit")

_t(C, "ffmpeg-twitch-ingest", twitch_key, r"""
ffmpeg -i rtmp://localhost/live/program -c copy -f flv "rtmp://live.twitch.tv/app/{{s}}"
""", "live.twitch.tv")

_t(C, "gst-launch-rtmpsink-location", rtmp_key, r"""
gst-launch-1.0 -e videotestsrc is-live=true ! x264enc tune=zerolatency bitrate=3000 ! flvmux streamable=true name=mux ! rtmpsink location="rtmp://origin.{{domain}}/live/{{s}} live=1" audiotestsrc ! voaacenc ! mux.
""", "gst-launch-1.0")

_t(C, "obs-cmd-websocket-url", obs_ws_pw, r"""
obs-cmd --websocket obsws://127.0.0.1:4455/{{s}} scene switch "Studio B - Wide"
""", "obs-cmd")

_t(C, "curl-mux-live-stream-create", mux_secret, r"""
curl https://api.mux.com/video/v1/live-streams \
  -X POST -H "Content-Type: application/json" \
  -d '{"playback_policy":["public"],"new_asset_settings":{"playback_policy":["public"]}}' \
  -u {{uuid}}:{{s}}
""", "api.mux.com")

_t(C, "aws-cli-inline-env-keys", aws_secret, r"""
AWS_ACCESS_KEY_ID={{akid}} AWS_SECRET_ACCESS_KEY={{s}} aws s3 sync ./proxies s3://{{corp}}-media-proxies/{{date}}/ --exclude "*.tmp"
""", "aws s3 sync")

_t(C, "rclone-s3-flags", aws_secret, r"""
rclone copy /mnt/ingest/rushes remote-s3:{{corp}}-rushes --s3-provider AWS --s3-access-key-id {{akid}} --s3-secret-access-key {{s}} --transfers 16 -P
""", "rclone copy")

_t(C, "s3cmd-inline-keys", aws_secret, r"""
s3cmd --access_key={{akid}} --secret_key={{s}} put ./edi/archive/*.x12 s3://{{corp}}-edi-archive/{{year}}/
""", "s3cmd")

_t(C, "minio-mc-alias-set", pw, r"""
mc alias set field-minio https://minio.{{domain}}:9000 farmops '{{s}}' --api S3v4
""", "field-minio")

_t(C, "curl-akamai-token-url-hmac", akamai_token_key, r"""
curl -sI "https://media.{{domain}}/live/{{ch}}/master.m3u8?hdnts=st={{n4}}000~exp={{n4}}999~acl=/live/{{ch}}/*~hmac={{s}}"
""", "master.m3u8")

_t(C, "curl-cloudflare-stream-bearer", cf_token, r"""
curl -X GET "https://api.cloudflare.com/client/v4/accounts/{{hex32}}/stream/live_inputs" -H "Authorization: Bearer {{s}}"
""", "stream/live_inputs")

_t(C, "curl-fastly-purge-key", fastly_token, r"""
curl -X POST -H "Fastly-Key: {{s}}" https://api.fastly.com/service/{{hex12}}abc/purge/vod-{{showslug}}
""", "api.fastly.com")

_t(C, "curl-bunny-purge-accesskey", bunny_key, r"""
curl -X POST "https://api.bunny.net/purge?url=https%3A%2F%2F{{corp}}.b-cdn.net%2Fhls%2F*&async=false" -H "AccessKey: {{s}}"
""", "api.bunny.net")

_t(C, "shaka-packager-raw-key", content_key, r"""
packager in=mezz_{{n4}}.mp4,stream=video,output=v.mp4 in=mezz_{{n4}}.mp4,stream=audio,output=a.mp4 \
  --enable_raw_key_encryption --keys label=:key_id={{kid}}:key={{s}} \
  --protection_systems Widevine,PlayReady --mpd_output out.mpd
""", "key_id={{kid}}")

_t(C, "mp4encrypt-cenc-key", content_key, r"""
mp4encrypt --method MPEG-CENC --key 1:{{s}}:random --property 1:KID:{{kid}} --global-option mpeg-cenc.eme-pssh:true trailer_1080p.mp4 trailer_1080p_enc.mp4
""", "mp4encrypt --method MPEG-CENC")

_t(C, "ffmpeg-cenc-encryption-key", content_key, r"""
ffmpeg -i promo.mp4 -c copy -encryption_scheme cenc-aes-ctr -encryption_key {{s}} -encryption_kid {{kid}} promo_enc.mp4
""", "cenc-aes-ctr")

_t(C, "psql-url-sslmode", pwu, r"""
psql "postgresql://wms_app:{{s}}@wms-db.{{env}}.{{domain}}:5432/wms?sslmode=require" -c "select count(*) from pick_tasks where status='OPEN'"
""", "pick_tasks")

_t(C, "pgpassword-pg-dump", pw, r"""
PGPASSWORD='{{s}}' pg_dump -h {{ip}} -U tms -d tms -Fc -f /backups/tms_{{date}}.dump
""", "pg_dump")

_t(C, "psql-keyword-dsn", pw, r"""
psql "host={{ip}} port=5432 dbname=chirpstack user=chirpstack password={{s}} sslmode=disable" -c '\dt'
""", "dbname=chirpstack")

_t(C, "mongosh-srv-uri", pwu, r"""
mongosh "mongodb+srv://telematics_ro:{{s}}@cluster0.{{hex8}}.mongodb.net/telematics?retryWrites=true&w=majority" --eval 'db.positions.countDocuments({ts:{$gt:ISODate("{{date}}")}})'
""", "mongosh")

_t(C, "redis-cli-auth-flag", pw, r"""
redis-cli -h redis.{{env}}.{{domain}} -p 6380 --tls -a '{{s}}' --no-auth-warning XLEN gps:positions
""", "XLEN gps:positions")

_t(C, "mosquitto-pub-password", pw, r"""
mosquitto_pub -h mqtt.{{domain}} -p 8883 --capath /etc/ssl/certs -u station-{{n3}} -P '{{s}}' -t 'farm/{{field}}/soil' -m '{"vwc":31.4,"temp_c":12.8}'
""", "mosquitto_pub")

_t(C, "mosquitto-sub-password", pw, r"""
mosquitto_sub -h {{ip}} -u gateway -P {{s}} -t 'application/+/device/+/event/up' -v
""", "mosquitto_sub")

_t(C, "influx-write-token-flag", influx_token, r"""
influx write --host https://influx.{{domain}} --org {{corp}} --bucket weather --token {{s}} --precision s "wx,station={{station}} temp_c=14.2,rh=71"
""", "--bucket weather")

_t(C, "curl-influx-token-header", influx_token, r"""
curl -XPOST "http://{{ip}}:8086/api/v2/query?org={{corp}}" -H "Authorization: Token {{s}}" -H 'Content-type: application/vnd.flux' -d 'from(bucket:"soil") |> range(start:-1h)'
""", "/api/v2/query")

_t(C, "ttn-cli-device-appkey", lora_key, r"""
ttn-lw-cli end-devices create {{corp}}-soil eui-{{deveui}} --dev-eui {{deveui}} --join-eui 70B3D57ED00{{n4}}0 --frequency-plan-id EU_863_870_TTN --lorawan-version 1.0.3 --lorawan-phy-version PHY_V1_0_3_REV_A --root-keys.app-key.key {{s}}
""", "--dev-eui {{deveui}}")

_t(C, "grpcurl-chirpstack-bearer", chirpstack_jwt, r"""
grpcurl -H "authorization: Bearer {{s}}" -d '{"limit":20,"tenantId":"{{uuid}}"}' lns.{{domain}}:443 api.ApplicationService/List
""", "api.ApplicationService/List")

_t(C, "curl-chirpstack-v3-grpc-metadata", chirpstack_jwt, r"""
curl -s -H "Grpc-Metadata-Authorization: Bearer {{s}}" "http://{{ip}}:8080/api/devices?limit=100&applicationID=3"
""", "Grpc-Metadata-Authorization")

_t(C, "lora-packet-decode-nwkskey", lora_key, r"""
npx lora-packet-decode --hex 40{{hex8}}80{{n4}}01{{hex16}} --nwkkey {{s}}
""", "lora-packet-decode")

_t(C, "sshpass-ssh-inline", pw, r"""
sshpass -p '{{s}}' ssh -o StrictHostKeyChecking=no pi@{{ip}} 'sudo systemctl restart weewx && tail -n 20 /var/log/syslog'
""", "sshpass")

_t(C, "sshpass-scp-upload", pw, r"""
sshpass -p "{{s}}" scp ./firmware/tracker-{{ver}}.bin admin@{{ip}}:/tmp/
""", "firmware/tracker-{{ver}}.bin")

_t(C, "lftp-sftp-user-comma-pass", pw, r"""
lftp -u edi_{{corp}},'{{s}}' sftp://edi.{{pdomain}} -e "cd /outbound/856; mget *.edi; bye"
""", "/outbound/856")

_t(C, "curl-ftp-url-upload", pwu, r"""
curl -T ./out/204_{{date}}.edi ftp://van_{{n4}}:{{s}}@ftp.{{domain}}/inbound/
""", "/inbound/")

_t(C, "smbclient-user-percent", pw, r"""
smbclient //nas01.{{domain}}/media_archive -U 'NEWSROOM\{{person}}%{{s}}' -c 'ls Rushes/{{date}}/*'
""", "media_archive")

_t(C, "mount-cifs-options", pw, r"""
sudo mount -t cifs //isilon.{{domain}}/avid_projects /mnt/avid -o username=svc_nle,password={{s}},vers=3.0,uid=1000
""", "/mnt/avid")

_t(C, "wget-user-password-flags", pw, r"""
wget --user=ops_{{corp}} --password='{{s}}' "https://portal.{{pdomain}}/reports/cdr/{{date}}.csv.gz"
""", "reports/cdr")

_t(C, "git-clone-oauth2-glpat", glpat, r"""
git clone https://oauth2:{{s}}@gitlab.{{domain}}/voice/ivr-flows.git
""", "ivr-flows.git")

_t(C, "git-remote-set-url-ghs", gh_app, r"""
git remote set-url origin https://x-access-token:{{s}}@github.com/{{corp}}/dispatch-api.git && git push origin HEAD:{{branch}}
""", "dispatch-api.git")

_t(C, "docker-login-p-flag", pw, r"""
docker login -u ci-bot -p '{{s}}' registry.{{domain}}
""", "registry.{{domain}}")

_t(C, "docker-login-password-stdin-echo", dockerhub_pat, r"""
echo "{{s}}" | docker login -u {{corp}}bot --password-stdin
""", "--password-stdin")

_t(C, "kubectl-create-secret-from-literal", pw, r"""
kubectl -n {{ns}} create secret generic sip-trunk-creds --from-literal=username={{trunk}} --from-literal=password='{{s}}' --dry-run=client -o yaml | kubectl apply -f -
""", "sip-trunk-creds")

_t(C, "kubectl-create-docker-registry-secret", pw, r"""
kubectl create secret docker-registry regcred --docker-server=harbor.{{domain}} --docker-username=robot$ci --docker-password={{s}} -n {{ns}}
""", "harbor.{{domain}}")

_t(C, "helm-upgrade-set-apikey", samsara_token, r"""
helm upgrade --install eld-sync ./charts/eld-sync -n fleet --set samsara.apiToken={{s}} --set image.tag={{short}}
""", "charts/eld-sync")

_t(C, "export-twilio-auth-token", twilio_token, r"""
export TWILIO_ACCOUNT_SID={{sid}}
export TWILIO_AUTH_TOKEN={{s}}
python scripts/send_test_sms.py --to {{did}}
""", "scripts/send_test_sms.py")

_t(C, "aws-configure-set-secret", aws_secret, r"""
aws configure set aws_secret_access_key {{s}} --profile media-archive
""", "--profile media-archive")

_t(C, "az-storage-upload-account-key", azure_storage_key, r"""
az storage blob upload --account-name {{corpnd}}playout --account-key "{{s}}" -c promos -f ./promo_{{date}}.mxf -n promo_{{date}}.mxf
""", "promo_{{date}}.mxf")

_t(C, "heroku-config-set-inline", samsara_token, r"""
heroku config:set SAMSARA_API_TOKEN={{s}} -a {{corp}}-fleet-{{env}}
""", "heroku config:set")

_t(C, "fly-secrets-set-inline", pw, r"""
fly secrets set GEOTAB_PASSWORD='{{s}}' GEOTAB_DATABASE={{corp}} -a eld-bridge
""", "eld-bridge")

_t(C, "gh-secret-set-body", easypost_key, r"""
gh secret set EASYPOST_API_KEY --body "{{s}}" --repo {{corp}}/shipping-svc
""", "shipping-svc")

_t(C, "vault-kv-put-inline", pw, r"""
vault kv put secret/edi/as2/{{corp}} keystore_password='{{s}}' partner_id={{hex8}}
""", "secret/edi/as2/{{corp}}")

_t(C, "op-item-create-login", pw, r"""
op item create --category=login --title="ShipStation ({{site}})" --vault=Logistics username=ops@{{domain}} password='{{s}}' url=https://ss.shipstation.com
""", "--vault=Logistics")

_t(C, "openssl-pkcs12-passout", pw, r"""
openssl pkcs12 -export -in as2_{{corp}}.crt -inkey as2_{{corp}}.key -name as2-signing -out as2_{{corp}}.p12 -passout pass:{{s}}
""", "as2_{{corp}}.p12")

_t(C, "keytool-storepass", pw, r"""
keytool -importcert -alias partner-{{hex8}} -file partner.cer -keystore /opt/openas2/config/as2_certs.p12 -storetype PKCS12 -storepass '{{s}}' -noprompt
""", "/opt/openas2/config/as2_certs.p12")

_t(C, "zip-encrypt-p-flag", pw, r"""
zip -P '{{s}}' cdr_export_{{date}}.zip cdr_*.csv && ls -la cdr_export_{{date}}.zip
""", "cdr_export_{{date}}.zip")

_t(C, "7z-archive-password", pw, r"""
7z a -p'{{s}}' -mhe=on manifests_{{site}}.7z ./manifests/*.xml
""", "manifests_{{site}}.7z")

_t(C, "openssl-enc-pass-pass", pw, r"""
openssl enc -aes-256-cbc -pbkdf2 -salt -in fleet_vins.csv -out fleet_vins.csv.enc -pass pass:{{s}}
""", "fleet_vins.csv.enc")

_t(C, "gpg-batch-passphrase", pw, r"""
gpg --batch --yes --pinentry-mode loopback --passphrase '{{s}}' -d 810_invoices_{{date}}.pgp > 810_invoices_{{date}}.edi
""", "810_invoices_{{date}}.edi")

_t(C, "curl-motive-x-api-key", motive_key, r"""
curl -s "https://api.keeptruckin.com/v1/vehicle_locations?per_page=100" -H "X-Api-Key: {{s}}" -H "accept: application/json"
""", "vehicle_locations")

_t(C, "curl-samsara-bearer", samsara_token, r"""
curl --request GET --url 'https://api.samsara.com/fleet/vehicles/stats?types=gps,engineStates' --header 'Authorization: Bearer {{s}}'
""", "api.samsara.com")

_t(C, "curl-easypost-basic-colon", easypost_key, r"""
curl -X POST https://api.easypost.com/v2/shipments -u "{{s}}:" -d 'shipment[to_address][id]=adr_{{hex32}}' -d 'shipment[parcel][weight]=65.9'
""", "api.easypost.com")

_t(C, "curl-shippo-token-header", shippo_key, r"""
curl https://api.goshippo.com/shipments/ -H "Authorization: ShippoToken {{s}}" -d address_from="{{hex32}}" -d async=false
""", "api.goshippo.com")

_t(C, "curl-fedex-oauth-form", fedex_secret, r"""
curl -X POST https://apis.fedex.com/oauth/token -H 'Content-Type: application/x-www-form-urlencoded' -d 'grant_type=client_credentials&client_id=l7{{hex32}}&client_secret={{s}}'
""", "apis.fedex.com")

_t(C, "curl-ups-oauth-basic", ups_secret, r"""
curl -X POST "https://onlinetools.ups.com/security/v1/oauth/token" -H "x-merchant-id: {{n4}}X1" -u "{{hex24}}{{hex16}}:{{s}}" -d "grant_type=client_credentials"
""", "onlinetools.ups.com")

_t(C, "curl-dhl-api-key-header", dhl_key, r"""
curl -X GET "https://api-eu.dhl.com/track/shipments?trackingNumber=00340434{{n4}}{{n4}}{{n4}}" -H "DHL-API-Key: {{s}}"
""", "api-eu.dhl.com")

_t(C, "curl-shipstation-basic", shipstation_secret, r"""
curl -s -u "{{hex32}}:{{s}}" "https://ssapi.shipstation.com/orders?orderStatus=awaiting_shipment&pageSize=200"
""", "ssapi.shipstation.com")

_t(C, "curl-wunderground-upload-password", wu_station_pw, r"""
curl "https://weatherstation.wunderground.com/weatherstation/updateweatherstation.php?ID={{station}}&PASSWORD={{s}}&dateutc=now&tempf=57.2&humidity=68&baromin=29.92&action=updateraw"
""", "{{station}}")

_t(C, "curl-ambient-weather-apikey", ambient_key, r"""
curl "https://rt.ambientweather.net/v1/devices?apiKey={{s}}&applicationKey=$AMBIENT_APP_KEY"
""", "rt.ambientweather.net")

_t(C, "curl-openweathermap-appid", owm_key, r"""
curl "https://api.openweathermap.org/data/3.0/onecall?lat=41.59&lon=-93.62&exclude=minutely&units=metric&appid={{s}}"
""", "api.openweathermap.org")

_t(C, "curl-weatherlink-secret-header", weatherlink_secret, r"""
curl -H "X-Api-Secret: {{s}}" "https://api.weatherlink.com/v2/current/{{n4}}{{n3}}?api-key={{hex8}}-demo"
""", "api.weatherlink.com")

_t(C, "curl-deere-client-credentials", deere_secret, r"""
curl -X POST https://signin.johndeere.com/oauth2/aus78tnlaysMraFhC1t7/v1/token -u "0oa{{hex16}}:{{s}}" -d "grant_type=client_credentials&scope=ag1 eq1 org1"
""", "signin.johndeere.com")

_t(C, "curl-geotab-authenticate-jsonrpc", pw, r"""
curl -s https://my.geotab.com/apiv1 -d '{"method":"Authenticate","params":{"database":"{{corp}}","userName":"api@{{domain}}","password":"{{s}}"}}'
""", "my.geotab.com")

_t(C, "python-c-oneliner-key", openai_key, r"""
python3 -c "import openai; c=openai.OpenAI(api_key='{{s}}'); print(c.models.list().data[0].id)"
""", "python3 -c")

_t(C, "node-e-oneliner-token", telnyx_key, r"""
node -e "require('telnyx')('{{s}}').messagingProfiles.list().then(r=>console.log(r.data.length))"
""", "messagingProfiles.list")

_t(C, "sqlcmd-sa-password", pw, r"""
sqlcmd -S wms-sql.{{domain}},1433 -U sa -P '{{s}}' -d WMS_PROD -Q "SELECT TOP 20 * FROM dbo.WaveHeader ORDER BY CreatedAt DESC"
""", "dbo.WaveHeader")

_t(C, "mysqldump-p-attached", pw, r"""
mysqldump -h 127.0.0.1 -u root -p{{s}} --single-transaction asterisk > /root/asterisk_{{date}}.sql
""", "--single-transaction")

_t(C, "ldapsearch-bind-w", pw, r"""
ldapsearch -x -H ldaps://dc01.{{domain}} -D "CN=svc-3cx,OU=Service,DC=corp,DC=local" -w '{{s}}' -b "OU=Agents,DC=corp,DC=local" telephoneNumber
""", "telephoneNumber")

_t(C, "snmpwalk-v2c-community", community, r"""
snmpwalk -v2c -c {{s}} {{ip}} 1.3.6.1.2.1.2.2.1.2
""", "1.3.6.1.2.1.2.2.1.2")

_t(C, "ipmitool-lanplus-password", pw, r"""
ipmitool -I lanplus -H {{ip}} -U ADMIN -P '{{s}}' chassis power status
""", "chassis power status")

_t(C, "adb-wifi-connect-psk", pw, r"""
adb -s {{hex8}} shell cmd wifi connect-network "WH-Scanners-5G" wpa2 '{{s}}'
""", "WH-Scanners-5G")

_t(C, "nmcli-wifi-connect-password", pw, r"""
sudo nmcli dev wifi connect "FIELD-GW-{{n3}}" password "{{s}}" ifname wlan0
""", "FIELD-GW-{{n3}}")

_t(C, "wpa-passphrase-generate", pw_human, r"""
wpa_passphrase "Barn-Sensors" '{{s}}' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf
""", "Barn-Sensors")

_t(C, "curl-slack-webhook-post", slack_hook_secret, r"""
curl -X POST -H 'Content-type: application/json' --data '{"text":":rotating_light: Playout failover to backup server"}' https://hooks.slack.com/services/T0{{n4}}ABCD/B0{{n4}}WXYZ/{{s}}
""", "hooks.slack.com/services/")

_t(C, "curl-discord-webhook-post", discord_hook_secret, r"""
curl -H "Content-Type: application/json" -d '{"content":"Frost alarm {{field}}: -1.8C"}' https://discord.com/api/webhooks/1{{n4}}{{n4}}{{n4}}{{n3}}12/{{s}}
""", "discord.com/api/webhooks/")

_t(C, "curl-zendesk-email-token", zendesk_token, r"""
curl https://{{corp}}.zendesk.com/api/v2/tickets.json?status=open -u {{email}}/token:{{s}}
""", "{{email}}")

_t(C, "curl-genesys-oauth-basic", genesys_secret, r"""
curl -X POST https://login.mypurecloud.com/oauth/token -u "{{uuid}}:{{s}}" -H "Content-Type: application/x-www-form-urlencoded" -d "grant_type=client_credentials"
""", "login.mypurecloud.com")

_t(C, "curl-sendgrid-bearer", sendgrid_key, r"""
curl --request POST --url https://api.sendgrid.com/v3/mail/send --header "Authorization: Bearer {{s}}" --header 'Content-Type: application/json' --data @pod_notice.json
""", "api.sendgrid.com")

_t(C, "curl-mailgun-api-basic", mailgun_key, r"""
curl -s --user 'api:{{s}}' https://api.mailgun.net/v3/mg.{{domain}}/messages -F from='Dispatch <dispatch@mg.{{domain}}>' -F to={{email}} -F subject='POD {{pro}}' -F text='Signed POD attached'
""", "api.mailgun.net")

_t(C, "curl-kaltura-session-start", kaltura_secret, r"""
curl -X POST https://www.kaltura.com/api_v3/service/session/action/start -d "format=1&partnerId={{orgid}}&type=2&expiry=86400&secret={{s}}"
""", "partnerId={{orgid}}")

_t(C, "curl-vimeo-bearer", vimeo_token, r"""
curl -H "Authorization: bearer {{s}}" -H "Accept: application/vnd.vimeo.*+json;version=3.4" https://api.vimeo.com/me/videos?per_page=25
""", "api.vimeo.com")

_t(C, "curl-frameio-bearer", frameio_token, r"""
curl -s https://api.frame.io/v2/me -H "Authorization: Bearer {{s}}"
""", "api.frame.io")

_t(C, "curl-brightcove-oauth", brightcove_secret, r"""
curl -s -u "{{uuid}}:{{s}}" -d "grant_type=client_credentials" https://oauth.brightcove.com/v4/access_token
""", "oauth.brightcove.com")

_t(C, "curl-jwplayer-auth-header", jw_secret, r"""
curl -X GET "https://api.jwplayer.com/v2/sites/{{hex8}}/media/?page_length=10" -H "Authorization: {{s}}"
""", "api.jwplayer.com")

_t(C, "nats-sub-url-creds", pwu, r"""
nats sub -s nats://telemetry:{{s}}@nats.{{domain}}:4222 'trackers.*.pos'
""", "trackers.*.pos")

_t(C, "rabbitmqadmin-p-flag", pw, r"""
rabbitmqadmin -H mq.{{domain}} -u edi -p '{{s}}' list queues name messages consumers
""", "list queues")

_t(C, "kcat-sasl-password-x", pw, r"""
kcat -b kafka.{{domain}}:9093 -X security.protocol=SASL_SSL -X sasl.mechanisms=SCRAM-SHA-512 -X sasl.username=wms-events -X sasl.password={{s}} -t wms.shipments -C -o -10 -e
""", "wms.shipments")

_t(C, "htpasswd-batch-create", pw, r"""
sudo htpasswd -b -c /etc/nginx/.htpasswd_hls encoder '{{s}}'
""", "/etc/nginx/.htpasswd_hls")

_t(C, "curl-wowza-digest-rest", pw, r"""
curl --digest -u apiadmin:'{{s}}' -H 'Accept: application/json' http://wowza.{{domain}}:8087/v2/servers/_defaultServer_/vhosts/_defaultVHost_/applications/live/instances/_definst_/incomingstreams
""", "incomingstreams")

_t(C, "docker-run-env-postgres-password", pw, r"""
docker run -d --name farmdb -e POSTGRES_USER=farmos -e POSTGRES_PASSWORD='{{s}}' -v farmdb:/var/lib/postgresql/data -p 5432:5432 postgis/postgis:16-3.4
""", "postgis/postgis:16-3.4")

_t(C, "docker-run-ttn-gateway-key", ttn_key, r"""
docker run -d --restart unless-stopped --net host -e GW_ID={{corp}}-gw-{{n3}} -e GW_EUI={{gweui}} -e TTS_DOMAIN=eu1.cloud.thethings.network -e GW_KEY={{s}} xoseperez/basicstation:latest
""", "xoseperez/basicstation")

_t(C, "curl-telegram-bot-send", telegram_bot, r"""
curl -s "https://api.telegram.org/bot{{s}}/sendMessage" -d chat_id=-100{{n4}}{{n4}} -d text="Irrigation pump {{field}} stopped"
""", "sendMessage")

_t(C, "curl-sbc-rest-basic", pw, r"""
curl -k -u admin:'{{s}}' https://{{ip}}/api/v1/status/calls | python3 -m json.tool
""", "/api/v1/status/calls")

_t(C, "mysql-create-user-identified", pw, r"""
sudo mysql -e "CREATE USER 'freepbxuser'@'localhost' IDENTIFIED BY '{{s}}'; GRANT ALL ON asterisk.* TO 'freepbxuser'@'localhost';"
""", "freepbxuser")

_t(C, "psql-alter-role-password", pw, r"""
sudo -u postgres psql -c "ALTER ROLE wms_app WITH LOGIN PASSWORD '{{s}}';"
""", "ALTER ROLE wms_app")

_t(C, "npm-config-set-authtoken", npm_token, r"""
npm config set //registry.npmjs.org/:_authToken {{s}}
""", "registry.npmjs.org")

_t(C, "pip-install-index-url-creds", pwu, r"""
pip install --index-url https://ci:{{s}}@pypi.{{domain}}/simple/ edi-x12-tools==2.3.1
""", "edi-x12-tools")

_t(C, "curl-gitlab-private-token", glpat, r"""
curl --header "PRIVATE-TOKEN: {{s}}" "https://gitlab.{{domain}}/api/v4/projects/{{n3}}/pipelines?ref={{branch}}"
""", "api/v4/projects")

_t(C, "terraform-apply-var-inline", pw, r"""
terraform apply -var "env={{env}}" -var "sip_trunk_password={{s}}" -target=module.sbc
""", "module.sbc")

_t(C, "ansible-playbook-extra-var", pw, r"""
ansible-playbook -i inventories/{{env}} site.yml --limit pbx -e "ami_secret={{s}}" --tags asterisk
""", "inventories/{{env}}")

_t(C, "java-jar-spring-prop-arg", pw, r"""
java -jar edi-bridge-{{ver}}.jar --spring.profiles.active={{env}} --as2.keystore.password={{s}} --server.port=8443
""", "edi-bridge-{{ver}}.jar")

_t(C, "gradlew-publish-p-property", pw, r"""
./gradlew :scanner-app:publish -PnexusUsername=deploy -PnexusPassword={{s}} --no-daemon
""", ":scanner-app:publish")

_t(C, "curl-pagerduty-token-header", pagerduty_token, r"""
curl -s -H "Authorization: Token token={{s}}" -H "Accept: application/vnd.pagerduty+json;version=2" "https://api.pagerduty.com/incidents?statuses[]=triggered"
""", "api.pagerduty.com")

_t(C, "ngrok-add-authtoken", ngrok_token, r"""
ngrok config add-authtoken {{s}} && ngrok http 8088 --domain={{corp}}-ari.ngrok.app
""", "ngrok http 8088")

_t(C, "tailscale-up-authkey", tailscale_key, r"""
sudo tailscale up --authkey={{s}} --advertise-tags=tag:gateway --hostname=lora-gw-{{n3}}
""", "lora-gw-{{n3}}")

_t(C, "cloudflared-tunnel-run-token", cloudflared_token, r"""
cloudflared tunnel --no-autoupdate run --token {{s}}
""", "cloudflared tunnel")

_t(C, "curl-particle-access-token-query", particle_token, r"""
curl "https://api.particle.io/v1/devices/e00fce68{{hex16}}/soilMoisture?access_token={{s}}"
""", "api.particle.io")

_t(C, "curl-blynk-update-token", blynk_token, r"""
curl "https://blynk.cloud/external/api/batch/update?token={{s}}&V1=23.4&V2=61"
""", "blynk.cloud")

_t(C, "curl-dialpad-bearer", dialpad_key, r"""
curl --request GET --url "https://dialpad.com/api/v2/callcenters?limit=50" --header "authorization: Bearer {{s}}"
""", "dialpad.com/api/v2/callcenters")

_t(C, "curl-aircall-basic-id-token", aircall_token, r"""
curl -u {{hex32}}:{{s}} "https://api.aircall.io/v1/calls?per_page=50&order=desc"
""", "api.aircall.io")

_t(C, "curl-ringcentral-token-form", ringcentral_secret, r"""
curl -X POST https://platform.ringcentral.com/restapi/oauth/token -u "{{an_id}}:{{s}}" -d "grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer" -d "assertion=$RC_JWT"
""", "platform.ringcentral.com")

_t(C, "curl-deepgram-token", deepgram_key, r"""
curl -X POST -H "Authorization: Token {{s}}" -H "Content-Type: audio/wav" --data-binary @voicemail_{{ext}}.wav "https://api.deepgram.com/v1/listen?model=nova-2&smart_format=true"
""", "api.deepgram.com")

_t(C, "curl-hologram-apikey-basic", hologram_key, r"""
curl --verbose --request POST --header "Content-Type: application/json" --user apikey:{{s}} --data '{"deviceids": [{{n4}}{{n3}}], "data": "PING"}' https://dashboard.hologram.io/api/1/devices/messages
""", "dashboard.hologram.io")

_t(C, "export-many-one-secret", datadog_api, r"""
export DD_SITE=datadoghq.eu
export DD_ENV={{env}}
export DD_SERVICE=playout-ctl
export DD_API_KEY={{s}}
datadog-ci sourcemaps upload ./dist --service playout-ctl --release-version {{short}}
""", "DD_SERVICE=playout-ctl")

_t(C, "windows-setx-env", pw, r"""
PS C:\FreightBridge> setx EDI_SFTP_PASSWORD "{{s}}" /M
SUCCESS: Specified value was saved.
""", "EDI_SFTP_PASSWORD")

_t(C, "powershell-convertto-securestring", pw, r"""
PS> $cred = New-Object PSCredential('CORP\svc_playout', (ConvertTo-SecureString '{{s}}' -AsPlainText -Force)); Invoke-Command -ComputerName PLAYOUT-{{n3}} -Credential $cred { Restart-Service AirBox }
""", "PLAYOUT-{{n3}}")

_t(C, "net-use-password", pw, r"""
C:\> net use Z: \\avid-nexis\Workspaces\News {{s}} /user:NEWSROOM\editor{{n3}} /persistent:no
""", "\\\\avid-nexis\\Workspaces\\News")

_t(C, "curl-json-login-body", pw, r"""
curl -s -X POST https://wms.{{domain}}/api/auth/login -H 'Content-Type: application/json' -d '{"username":"scanner_{{site}}","password":"{{s}}","warehouse":"{{site}}"}' | jq -r .token
""", "/api/auth/login")

_t(C, "httpie-auth-flag", pw, r"""
http -a dispatcher:'{{s}}' GET https://tms.{{domain}}/api/v2/loads status==TENDERED
""", "tms.{{domain}}/api/v2/loads")

_t(C, "curl-3cx-xapi-token", threecx_key, r"""
curl -s -X POST https://{{corp}}.3cx.us/connect/token -d "client_id=reporting&client_secret={{s}}&grant_type=client_credentials"
""", "3cx.us/connect/token")

_t(C, "sftp-batch-with-sshpass-env", pw, r"""
export SSHPASS='{{s}}'
sshpass -e sftp -oBatchMode=no -b - edi@sftp.{{domain}} <<< $'cd /in/214\nput out/214_{{date}}.edi\nbye'
""", "sftp.{{domain}}")

_t(C, "curl-sms-gateway-query-password", pwu, r"""
curl "http://{{ip}}:13013/cgi-bin/sendsms?username=tms&password={{s}}&to={{did}}&from=DISPATCH&text=Load+{{pro}}+ready"
""", "cgi-bin/sendsms")

_t(C, "curl-twilio-api-key-pair", twilio_api_secret, r"""
curl -G https://api.twilio.com/2010-04-01/Accounts/{{sid}}/Calls.json --data-urlencode "Status=in-progress" -u SK{{hex32}}:{{s}}
""", "Calls.json")

_t(C, "curl-vonage-voice-jwt", jwt, r"""
curl -X POST https://api.nexmo.com/v1/calls -H "Authorization: Bearer {{s}}" -H "Content-Type: application/json" -d @outbound_call.json
""", "api.nexmo.com/v1/calls")

_t(C, "curl-africastalking-apikey", africastalking_key, r"""
curl -X POST https://api.africastalking.com/version1/messaging -H "Accept: application/json" -H "apiKey: {{s}}" -d "username={{corp}}&to={{did}}&message=Market price maize 32/kg"
""", "api.africastalking.com")

_t(C, "curl-clicksend-basic", clicksend_key, r"""
curl -X POST https://rest.clicksend.com/v3/sms/send -u ops@{{domain}}:{{s}} -H "Content-Type: application/json" -d '{"messages":[{"to":"{{did}}","body":"Dock 7 ready"}]}'
""", "rest.clicksend.com")


# ---------------------------------------------------------------------------
# tool-output
# ---------------------------------------------------------------------------
O = "tool-output"

_t(O, "kubectl-get-secret-yaml-data", k8s_b64(pw), r"""
$ kubectl -n {{ns}} get secret sip-trunk-creds -o yaml
apiVersion: v1
data:
  password: {{s}}
  username: {{trunk_b64}}
kind: Secret
metadata:
  creationTimestamp: "{{date}}T{{time}}Z"
  name: sip-trunk-creds
  namespace: {{ns}}
  resourceVersion: "{{build}}{{n3}}"
  uid: {{uuid}}
type: Opaque
""", "sip-trunk-creds")

_t(O, "kubectl-jsonpath-base64-decode", samsara_token, r"""
$ kubectl get secret eld-sync-env -n fleet -o jsonpath='{.data.SAMSARA_API_TOKEN}' | base64 -d
{{s}}
""", "eld-sync-env")

_t(O, "heroku-config-listing", sendgrid_key, r"""
$ heroku config -a {{corp}}-notify-{{env}}
=== {{corp}}-notify-{{env}} Config Vars
LOG_LEVEL:          info
NODE_ENV:           production
PAPERTRAIL_API_URL: https://papertrailapp.com/api/v1
SENDGRID_API_KEY:   {{s}}
WEB_CONCURRENCY:    2
""", "PAPERTRAIL_API_URL")

_t(O, "env-grep-twilio", twilio_token, r"""
$ env | grep -i twilio
TWILIO_ACCOUNT_SID={{sid}}
TWILIO_AUTH_TOKEN={{s}}
TWILIO_MESSAGING_SERVICE_SID={{msid}}
""", "TWILIO_MESSAGING_SERVICE_SID")

_t(O, "cat-aws-credentials-profile", aws_secret, r"""
$ cat ~/.aws/credentials
[default]
region = {{region}}

[media-archive]
aws_access_key_id = {{akid}}
aws_secret_access_key = {{s}}
""", "[media-archive]")

_t(O, "docker-inspect-env-json", pw, r"""
$ docker inspect wms-api --format '{{json .Config.Env}}' | jq .
[
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  "SPRING_PROFILES_ACTIVE={{env}}",
  "WMS_DB_URL=jdbc:postgresql://wms-db:5432/wms",
  "WMS_DB_PASSWORD={{s}}",
  "JAVA_OPTS=-Xmx2g"
]
""", "WMS_DB_URL=jdbc:postgresql://wms-db:5432/wms")

_t(O, "asterisk-pjsip-show-auth", pw, r"""
$ sudo asterisk -rx "pjsip show auth {{trunk}}-auth"

  I/OAuth:  <AuthId/UserName.............................................>
==========================================================================================

      Auth:  {{trunk}}-auth/{{user}}

 ParameterName              : ParameterValue
 =============================================================
 auth_type                  : userpass
 md5_cred                   :
 nonce_lifetime             : 32
 oauth_clientid             :
 oauth_secret               :
 password                   : {{s}}
 realm                      :
 refresh_token              :
 username                   : {{user}}
""", "{{trunk}}-auth")

_t(O, "git-config-remote-url-token", gh_pat, r"""
$ git config --get remote.origin.url
https://{{person}}:{{s}}@github.com/{{corp}}/newsroom-sync.git
""", "newsroom-sync.git")

_t(O, "vault-kv-get-table", pw, r"""
$ vault kv get secret/voip/sbc-{{env}}
====== Secret Path ======
secret/data/voip/sbc-{{env}}

======= Metadata =======
Key                Value
---                -----
created_time       {{ts}}
custom_metadata    <nil>
deletion_time      n/a
destroyed          false
version            {{num}}

====== Data ======
Key         Value
---         -----
password    {{s}}
username    sbcadmin
""", "secret/voip/sbc-{{env}}")

_t(O, "vault-kv-get-field-raw", ups_secret, r"""
$ vault kv get -field=client_secret kv/carriers/ups
{{s}}
""", "kv/carriers/ups")

_t(O, "terraform-output-json-sensitive", pw, r"""
$ terraform output -json
{
  "db_endpoint": {
    "sensitive": false,
    "type": "string",
    "value": "tms-{{env}}.c{{hex8}}.{{region}}.rds.amazonaws.com"
  },
  "db_master_password": {
    "sensitive": true,
    "type": "string",
    "value": "{{s}}"
  }
}
""", "db_endpoint")

_t(O, "terraform-output-raw", pw, r"""
$ terraform output -raw grafana_admin_password
{{s}}
""", "grafana_admin_password")

_t(O, "gcloud-print-access-token", gcp_access_token, r"""
$ gcloud auth print-access-token --impersonate-service-account=playout-ci@{{corp}}-media.iam.gserviceaccount.com
WARNING: This command is using service account impersonation. All API calls will be executed as [playout-ci@{{corp}}-media.iam.gserviceaccount.com].
{{s}}
""", "gcloud auth print-access-token")

_t(O, "az-storage-keys-tsv", azure_storage_key, r"""
$ az storage account keys list -g rg-playout-{{env}} -n {{corpnd}}playout --query "[0].value" -o tsv
{{s}}
""", "rg-playout-{{env}}")

_t(O, "aws-secretsmanager-secretstring", pw, r"""
$ aws secretsmanager get-secret-value --secret-id {{env}}/tms/db --query SecretString --output text
{"username":"tms_app","password":"{{s}}","engine":"postgres","host":"tms-{{env}}.cluster-c{{hex8}}.{{region}}.rds.amazonaws.com","port":5432}
""", "{{env}}/tms/db")

_t(O, "aws-ssm-get-parameter-decrypted", pw, r"""
$ aws ssm get-parameter --name /{{env}}/edi/sftp_password --with-decryption
{
    "Parameter": {
        "Name": "/{{env}}/edi/sftp_password",
        "Type": "SecureString",
        "Value": "{{s}}",
        "Version": {{num}},
        "LastModifiedDate": "{{date}}T{{time}}.{{n3}}000+00:00",
        "ARN": "arn:aws:ssm:{{region}}:{{acct}}{{n3}}:parameter/{{env}}/edi/sftp_password",
        "DataType": "text"
    }
}
""", "SecureString")

def ttn_key_d():
    kid = anu(39)
    return {"s": "NNSXS." + kid + "." + anu(64), "ttnid": kid}


_t(O, "ttn-cli-api-key-create-json", ttn_key_d, r"""
$ ttn-lw-cli applications api-keys create --application-id {{corp}}-soil --name ci-uplinks --right-application-traffic-read
{
  "id": "{{ttnid}}",
  "key": "{{s}}",
  "name": "ci-uplinks",
  "rights": [
    "RIGHT_APPLICATION_TRAFFIC_READ"
  ],
  "created_at": "{{ts}}",
  "updated_at": "{{ts}}"
}
""", "{{corp}}-soil")

_t(O, "ttn-cli-end-device-root-keys", lora_key, r"""
$ ttn-lw-cli end-devices get {{corp}}-soil eui-{{deveui}} --root-keys
{
  "ids": {
    "device_id": "eui-{{deveui}}",
    "application_ids": {"application_id": "{{corp}}-soil"},
    "dev_eui": "{{deveui}}",
    "join_eui": "0000000000000000"
  },
  "root_keys": {
    "app_key": {
      "key": "{{s}}"
    }
  }
}
""", "eui-{{deveui}}")

_t(O, "chirpstack-api-key-create-output", chirpstack_jwt, r"""
> POST /api/api-keys  {"apiKey":{"name":"node-red","isAdmin":false,"tenantId":"{{uuid}}"}}
< 200 OK
{
  "id": "{{uuid2}}",
  "token": "{{s}}"
}
""", "node-red")

_t(O, "macos-security-find-generic-password", pw, r"""
$ security find-generic-password -a admin -s "FreePBX {{env}}" -w
{{s}}
""", "find-generic-password")

_t(O, "op-read-reference", pw, r"""
$ op read "op://Telecom/Bandwidth Dashboard/password"
{{s}}
""", "op://Telecom/Bandwidth Dashboard/password")

_t(O, "pass-show-multiline", pw, r"""
$ pass show carriers/lumen-portal
{{s}}
user: noc@{{domain}}
url: https://portal.lumen.com
notes: MFA goes to the NOC phone
""", "carriers/lumen-portal")

_t(O, "ps-aux-ffmpeg-stream-key", yt_stream_key, r"""
$ ps aux | grep [f]fmpeg
encoder   {{pid}} 87.3  4.1 2318420 671204 ?     Rsl  {{hh}}:{{mm}} 412:07 /usr/bin/ffmpeg -i srt://0.0.0.0:9000?mode=listener -c:v copy -c:a aac -f flv rtmp://a.rtmp.youtube.com/live2/{{s}}
""", "/usr/bin/ffmpeg")

_t(O, "ps-ef-java-password-arg", pw, r"""
$ ps -ef | grep edi-bridge
edi      {{pid}}     1  4 {{hh}}:{{mm}} ?        01:12:44 /usr/bin/java -Xmx1g -jar /opt/edi-bridge/edi-bridge.jar --sftp.host=sftp.{{domain}} --sftp.password={{s}}
""", "/opt/edi-bridge/edi-bridge.jar")

_t(O, "systemctl-cat-environment", pw, r"""
$ systemctl cat edi-poller.service
# /etc/systemd/system/edi-poller.service
[Unit]
Description=EDI 214/856 poller
After=network-online.target

[Service]
User=edi
Environment=SFTP_HOST=sftp.{{domain}}
Environment=SFTP_USER=edi_{{corp}}
Environment=SFTP_PASSWORD={{s}}
ExecStart=/opt/edi/bin/poller --interval 300
Restart=always
""", "edi-poller.service")

_t(O, "docker-compose-config-rendered", pw, r"""
$ docker compose config | sed -n '/asterisk:/,/ports:/p'
  asterisk:
    environment:
      AMI_USER: monitor
      AMI_SECRET: {{s}}
      TZ: Europe/Berlin
    image: andrius/asterisk:20
    ports:
""", "andrius/asterisk:20")

_t(O, "helm-get-values", cf_token, r"""
$ helm get values origin-shield -n media
USER-SUPPLIED VALUES:
cloudflare:
  accountId: {{hex32}}
  apiToken: {{s}}
replicaCount: 2
""", "origin-shield")

_t(O, "redis-cli-config-get-requirepass", pw, r"""
$ redis-cli -h {{ip}} CONFIG GET requirepass
1) "requirepass"
2) "{{s}}"
""", "CONFIG GET requirepass")

_t(O, "grep-rn-asterisk-secret", pw, r"""
$ sudo grep -rn "secret" /etc/asterisk/*.conf | grep -v '^.*:;'
/etc/asterisk/manager.conf:14:secret = {{s}}
/etc/asterisk/sip_general_custom.conf:3:; md5secret not used
""", "/etc/asterisk/manager.conf")

_t(O, "rg-apikey-in-src", here_key, r"""
$ rg -n "apiKey" src/
src/map/RouteMap.tsx:22:  const hereKey = "{{s}}";
src/map/RouteMap.tsx:41:      apiKey: hereKey,
src/services/geocode.ts:8:// apiKey comes from props now
""", "src/map/RouteMap.tsx")

_t(O, "cat-dotenv-file", shippo_key, r"""
$ cat .env
PORT=3000
DATABASE_URL=postgres://localhost:5432/labels
SHIPPO_API_TOKEN={{s}}
LABEL_FORMAT=ZPLII
DEFAULT_CARRIER=usps
""", "LABEL_FORMAT=ZPLII")

_t(O, "printenv-database-url", pwu, r"""
$ printenv DATABASE_URL
postgres://farmos:{{s}}@db.{{domain}}:5432/farmos
""", "db.{{domain}}:5432/farmos")

_t(O, "pm2-env-listing", pw, r"""
$ pm2 env 3
NODE_ENV: production
PORT: 8090
GEOTAB_SERVER: my.geotab.com
GEOTAB_DATABASE: {{corp}}
GEOTAB_USER: api@{{domain}}
GEOTAB_PASSWORD: {{s}}
""", "GEOTAB_SERVER")

_t(O, "jq-credentials-object", mux_secret, r"""
$ jq .mux config/streaming.json
{
  "tokenId": "{{uuid}}",
  "tokenSecret": "{{s}}",
  "environment": "{{env}}"
}
""", "config/streaming.json")

_t(O, "mysql-freepbx-sip-table", pw, r"""
$ mysql asterisk -e "select id,keyword,data from sip where id='{{ext}}' and keyword in ('secret','callerid','context')"
+------+----------+---------------------------+
| id   | keyword  | data                      |
+------+----------+---------------------------+
| {{ext}} | callerid | Loading Dock <{{ext}}>     |
| {{ext}} | context  | from-internal             |
| {{ext}} | secret   | {{s}}  |
+------+----------+---------------------------+
""", "from-internal")

_t(O, "sqlite-carriers-row", dhl_key, r"""
$ sqlite3 shipping.db "select id, carrier, account, api_key from carrier_accounts;"
1|ups|{{n4}}X9|
2|dhl|{{acct}}|{{s}}
3|usps|{{n4}}{{n4}}|
""", "carrier_accounts")

_t(O, "curl-oauth-token-response", jwt, r"""
$ curl -s -X POST https://auth.{{domain}}/oauth2/token -d grant_type=client_credentials -d scope=tms.read
{"access_token":"{{s}}","token_type":"Bearer","expires_in":3600,"scope":"tms.read"}
""", "auth.{{domain}}/oauth2/token")

_t(O, "genesys-token-response", genesys_secret, r"""
$ curl -s -X POST https://login.mypurecloud.de/oauth/token -u "$GC_CLIENT_ID:$GC_CLIENT_SECRET" -d grant_type=client_credentials
{"access_token":"{{s}}","token_type":"bearer","expires_in":86399}
""", "login.mypurecloud.de")

_t(O, "cat-freepbx-conf-php", pw, r"""
$ sudo cat /etc/freepbx.conf
<?php
$amp_conf['AMPDBUSER'] = 'freepbxuser';
$amp_conf['AMPDBPASS'] = '{{s}}';
$amp_conf['AMPDBHOST'] = 'localhost';
$amp_conf['AMPDBNAME'] = 'asterisk';
$amp_conf['AMPDBENGINE'] = 'mysql';
$amp_conf['datasource'] = '';
require_once('/var/www/html/admin/bootstrap.php');
""", "AMPDBUSER")

_t(O, "grep-amportal-pass", pw, r"""
$ grep PASS /etc/amportal.conf
AMPMGRPASS={{s}}
""", "AMPMGRPASS")

_t(O, "kubectl-describe-pod-env-literal", samsara_token, r"""
$ kubectl describe pod eld-sync-7d9f8c6b5-{{podsfx}} -n fleet | sed -n '/Environment:/,/Mounts:/p'
    Environment:
      LOG_LEVEL:        debug
      SAMSARA_TOKEN:    {{s}}
      SYNC_INTERVAL:    60s
      REDIS_URL:        <set to the key 'url' in secret 'redis'>  Optional: false
    Mounts:
""", "SYNC_INTERVAL")

_t(O, "kubectl-configmap-with-secret", pw, r"""
$ kubectl get cm kannel-conf -n sms -o yaml | grep -n -A2 smsc-password
41:    smsc-password = {{s}}
42-    system-type = ""
43-    transceiver-mode = true
""", "kannel-conf")

_t(O, "argocd-generate-token", jwt, r"""
$ argocd account generate-token --account ci-deployer
{{s}}
""", "ci-deployer")

_t(O, "gh-auth-token", gh_oauth, r"""
$ gh auth token
{{s}}
""", "gh auth token")

_t(O, "glab-auth-status-show-token", glpat, r"""
$ glab auth status --show-token
gitlab.{{domain}}
  ✓ Logged in to gitlab.{{domain}} as {{person}} ({{user}})
  ✓ Git operations for gitlab.{{domain}} configured to use https protocol.
  ✓ API calls for gitlab.{{domain}} are made over https protocol
  ✓ REST API Endpoint: https://gitlab.{{domain}}/api/v4/
  ✓ GraphQL Endpoint: https://gitlab.{{domain}}/api/graphql/
  ✓ Token: {{s}}
""", "Logged in to gitlab.{{domain}}")

_t(O, "cat-npmrc", npm_token, r"""
$ cat ~/.npmrc
@{{corp}}:registry=https://npm.pkg.github.com
//registry.npmjs.org/:_authToken={{s}}
fund=false
""", "fund=false")

_t(O, "cat-docker-config-auths", g_basic(["ci-bot", "robot$media", "deploy"]), r"""
$ cat ~/.docker/config.json
{
	"auths": {
		"registry.{{domain}}": {
			"auth": "{{s}}"
		}
	},
	"credsStore": ""
}
""", "registry.{{domain}}")

_t(O, "cat-netrc", pw, r"""
$ cat ~/.netrc
machine portal.{{domain}}
  login ops_{{n3}}
  password {{s}}
""", "portal.{{domain}}")

_t(O, "cat-pgpass", pw, r"""
$ cat ~/.pgpass
wms-db.{{env}}.{{domain}}:5432:wms:wms_ro:{{s}}
""", "wms_ro")

_t(O, "nmcli-show-psk", pw_human, r"""
$ sudo nmcli -s -g 802-11-wireless-security.psk connection show "WH-Scanners"
{{s}}
""", "802-11-wireless-security.psk")

_t(O, "cat-wpa-supplicant-pi", pw_human, r"""
$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf
ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev
update_config=1
country=US

network={
    ssid="FarmShop-2G"
    psk="{{s}}"
    key_mgmt=WPA-PSK
}
""", "FarmShop-2G")

_t(O, "cat-ngrok-yml", ngrok_token, r"""
$ cat ~/.config/ngrok/ngrok.yml
version: "2"
authtoken: {{s}}
tunnels:
  ari:
    proto: http
    addr: 8088
""", "tunnels:")

_t(O, "cat-rclone-conf", aws_secret, r"""
$ cat ~/.config/rclone/rclone.conf
[archive]
type = s3
provider = Wasabi
access_key_id = {{anu20}}
secret_access_key = {{s}}
endpoint = s3.us-east-2.wasabisys.com
""", "s3.us-east-2.wasabisys.com")

_t(O, "s3cmd-dump-config-grep", aws_secret, r"""
$ s3cmd --dump-config | grep -E "^(access|secret)_key|host_base"
access_key = {{akid}}
host_base = s3.amazonaws.com
secret_key = {{s}}
""", "host_base = s3.amazonaws.com")

_t(O, "mc-alias-list", pw_gen, r"""
$ mc alias list field-minio
field-minio
  URL       : https://minio.{{domain}}:9000
  AccessKey : farmops
  SecretKey : {{s}}
  API       : s3v4
  Path      : auto
""", "AccessKey : farmops")

_t(O, "influx-auth-list-table", influx_token, r"""
$ influx auth list --user telegraf
ID			Description		Token												User Name	User ID			Permissions
0c{{hex12}}	telegraf-weather	{{s}}	telegraf	0b{{hex12}}	[read:orgs/{{hex16}}/buckets write:orgs/{{hex16}}/buckets/{{hex16}}]
""", "telegraf-weather")

_t(O, "fs-cli-global-getvar", pw, r"""
$ fs_cli -x "global_getvar default_password"
{{s}}
""", "default_password")

_t(O, "kamctl-db-show-subscriber", pw, r"""
$ kamctl db show subscriber
+----+----------+--------------------+--------------------+-----+
| id | username | domain             | password           | ... |
+----+----------+--------------------+--------------------+-----+
|  {{num}} | {{ext}}     | sip.{{domain}}     | {{s}} |     |
+----+----------+--------------------+--------------------+-----+
""", "sip.{{domain}}")

_t(O, "twilio-cli-api-key-create", twilio_api_secret, r"""
$ twilio api:core:keys:create --friendly-name "ci-{{env}}"
SID                                 Friendly Name  Date Created                   Secret
SK{{hex32}}  ci-{{env}}         {{date}} {{time}} GMT    {{s}}
""", "Friendly Name")

_t(O, "openssl-pkcs12-nodes-key", g_pem_pkcs8, r"""
$ openssl pkcs12 -in as2_partner.p12 -nodes -nocerts -passin env:P12PASS
Bag Attributes
    localKeyID: {{hexcolon}}
    friendlyName: as2-signing
Key Attributes: <No Attributes>
-----BEGIN PRIVATE KEY-----
{{s}}
-----END PRIVATE KEY-----
""", "as2-signing")

_t(O, "cat-ssh-private-key", g_ssh, r"""
$ cat ~/.ssh/id_ed25519_sftp
-----BEGIN OPENSSH PRIVATE KEY-----
{{s}}
-----END OPENSSH PRIVATE KEY-----
""", "id_ed25519_sftp")

_t(O, "aws-iot-create-keys-json", lambda: {"s": rsa_pkcs8_body(sep="\\n")}, r"""
$ aws iot create-keys-and-certificate --set-as-active
{
    "certificateArn": "arn:aws:iot:{{region}}:{{acct}}{{n3}}:cert/{{sha256}}",
    "certificateId": "{{sha256}}",
    "keyPair": {
        "PublicKey": "-----BEGIN PUBLIC KEY-----\n...truncated...\n-----END PUBLIC KEY-----\n",
        "PrivateKey": "-----BEGIN RSA PRIVATE KEY-----\n{{s}}\n-----END RSA PRIVATE KEY-----\n"
    }
}
""", "certificateArn")

_t(O, "jq-gcp-service-account", g_pem_json, r"""
$ jq '{client_email, private_key_id, private_key}' playout-sa.json
{
  "client_email": "playout-ci@{{corp}}-media.iam.gserviceaccount.com",
  "private_key_id": "{{sha}}",
  "private_key": "-----BEGIN PRIVATE KEY-----\n{{s}}\n-----END PRIVATE KEY-----\n"
}
""", "playout-ci@{{corp}}-media.iam.gserviceaccount.com")

_t(O, "django-shell-print-setting", samsara_token, r"""
$ python manage.py shell -c "from django.conf import settings; print(settings.SAMSARA_TOKEN)"
{{s}}
""", "manage.py shell")

_t(O, "node-p-require-config", ups_secret, r"""
$ node -p "require('./config/carriers').ups"
{
  clientId: '{{hex24}}{{hex16}}',
  clientSecret: '{{s}}',
  shipperNumber: '{{n3}}X4W',
  sandbox: false
}
""", "config/carriers")

_t(O, "rails-credentials-show", shipstation_secret, r"""
$ bin/rails credentials:show
secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>
shipstation:
  api_key: {{hex32}}
  api_secret: {{s}}
""", "bin/rails credentials:show")

_t(O, "dotnet-user-secrets-list", fedex_secret, r"""
$ dotnet user-secrets list
Carriers:FedEx:AccountNumber = {{n4}}{{n4}}{{num}}
Carriers:FedEx:ClientId = l7{{hex32}}
Carriers:FedEx:ClientSecret = {{s}}
""", "Carriers:FedEx:AccountNumber")

_t(O, "artisan-tinker-config", sinch_token, r"""
$ php artisan tinker
Psy Shell v0.12.0 (PHP 8.2.12 — cli) by Justin Hileman
> config('services.sinch')
= [
    "plan_id" => "{{hex32}}",
    "token" => "{{s}}",
    "region" => "eu",
  ]
""", "php artisan tinker")

_t(O, "doppler-secrets-get-plain", pw, r"""
$ doppler secrets get SIP_PASSWORD --plain -p voice -c {{env}}
{{s}}
""", "SIP_PASSWORD")

_t(O, "chamber-read-table", pw, r"""
$ chamber read tms db_password
Key		Value				Version		LastModified	User
db_password	{{s}}		{{num}}		{{date}} {{time}}	arn:aws:iam::{{acct}}{{n3}}:user/{{person}}
""", "chamber read tms")

_t(O, "sops-decrypt-yaml", pw, r"""
$ sops -d deploy/secrets/{{env}}.enc.yaml
kannel:
    smsc_username: {{corp}}_smpp
    smsc_password: {{s}}
sops_version: 3.8.1
""", "smsc_username")

_t(O, "ansible-vault-view", pw, r"""
$ ansible-vault view group_vars/pbx/vault.yml --vault-password-file ~/.vault_pass
---
vault_ami_user: monitor
vault_ami_secret: "{{s}}"
""", "vault_ami_user")

_t(O, "proc-environ-dump", pw, r"""
$ sudo cat /proc/$(pgrep -f edi-bridge)/environ | tr '\0' '\n' | sort
HOME=/opt/edi
LANG=C.UTF-8
PATH=/usr/local/bin:/usr/bin:/bin
SFTP_PASS={{s}}
SFTP_USER=edi_{{corp}}
""", "SFTP_USER")

_t(O, "cat-wireguard-conf", wg_key, r"""
$ sudo cat /etc/wireguard/wg0.conf
[Interface]
Address = 10.99.{{num}}.1/24
ListenPort = 51820
PrivateKey = {{s}}

[Peer]
# tracker-hub-{{n3}}
PublicKey = {{wgpub}}
AllowedIPs = 10.99.{{num}}.{{num2}}/32
""", "ListenPort = 51820")

_t(O, "grep-chirpstack-dsn", pwu, r"""
$ grep -A3 '^\[postgresql\]' /etc/chirpstack/chirpstack.toml
[postgresql]
  dsn="postgres://chirpstack:{{s}}@localhost/chirpstack?sslmode=disable"
  max_open_connections=10
  min_idle_connections=0
""", "max_open_connections")

_t(O, "cat-fastly-config-toml", fastly_token, r"""
$ cat ~/.config/fastly/config.toml
config_version = 4

[profile.media]
default = true
email = "{{email}}"
token = "{{s}}"
""", "[profile.media]")

_t(O, "cat-wowza-publish-password", pw, r"""
$ cat /usr/local/WowzaStreamingEngine/conf/publish.password
# Publish password file (format [username][space][password])
# username password
encoder{{num}} {{s}}
""", "publish.password")

_t(O, "cat-obs-service-json", twitch_key, r"""
$ cat ~/.config/obs-studio/basic/profiles/Studio_B/service.json
{"settings":{"bwtest":false,"key":"{{s}}","server":"auto","service":"Twitch"},"type":"rtmp_common"}
""", "profiles/Studio_B/service.json")

_t(O, "grep-edgerc-client-secret", akamai_secret, r"""
$ grep -E '^(host|client_secret)' ~/.edgerc
host = akab-{{anl16}}-{{anl16_2}}.luna.akamaiapis.net
client_secret = {{s}}
""", "luna.akamaiapis.net")

_t(O, "gsutil-signurl-output", lambda: hx(512), r"""
$ gsutil signurl -d 1h sa.json gs://{{corp}}-mezz/{{showslug}}/master.mxf
URL	HTTP Method	Expiration	Signed URL
gs://{{corp}}-mezz/{{showslug}}/master.mxf	GET	{{date}} {{time}}	https://storage.googleapis.com/{{corp}}-mezz/{{showslug}}/master.mxf?x-goog-signature={{s}}&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=mezz-signer%40{{corp}}.iam.gserviceaccount.com%2F{{date8}}%2Fus%2Fstorage%2Fgoog4_request&x-goog-date={{date8}}T{{hh}}{{mm}}00Z&x-goog-expires=3600&x-goog-signedheaders=host
""", "x-goog-algorithm=GOOG4-RSA-SHA256")

_t(O, "aws-s3-presign-output", lambda: hx(64), r"""
$ aws s3 presign s3://{{corp}}-pod-images/{{site}}/{{pro}}.jpg --expires-in 3600
https://{{corp}}-pod-images.s3.{{region}}.amazonaws.com/{{site}}/{{pro}}.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={{akid}}%2F{{date8}}%2F{{region}}%2Fs3%2Faws4_request&X-Amz-Date={{date8}}T{{hh}}{{mm}}00Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={{s}}
""", "X-Amz-Algorithm=AWS4-HMAC-SHA256")

_t(O, "az-generate-sas-tsv", azure_sas_sig, r"""
$ az storage container generate-sas --account-name {{corpnd}}media -n proxies --permissions rl --expiry {{date}}T23:59Z -o tsv
se={{date}}T23%3A59Z&sp=rl&sv=2022-11-02&sr=c&sig={{s}}
""", "generate-sas")

_t(O, "journalctl-unit-env-dump", pw, r"""
$ journalctl -u kannel-bearerbox -n 5 --no-pager
{{date}} {{time}} sms-gw bearerbox[{{pid}}]: INFO: Added logfile `/var/log/kannel/smsc.log' with level `0'.
{{date}} {{time}} sms-gw bearerbox[{{pid}}]: DEBUG: smsc_smpp: connecting to {{pubip}}:2775 as system-id <{{corp}}01> password <{{s}}>
{{date}} {{time}} sms-gw bearerbox[{{pid}}]: INFO: SMPP[smsc-a]: Bind to SMSC succeeded.
""", "bearerbox")

_t(O, "history-grep-output", pw, r"""
$ history | grep -i mysql
  412  mysql -u root -p
  418  mysql -u cdr_reader -p'{{s}}' -h {{ip}} asteriskcdrdb
  433  history | grep -i mysql
""", "cdr_reader")

_t(O, "cat-dot-my-cnf", pw, r"""
$ cat ~/.my.cnf
[client]
user=cdr_reader
password="{{s}}"
host={{ip}}
""", "[client]")

_t(O, "keyctl-or-secret-tool-lookup", pw, r"""
$ secret-tool lookup service geotab-api user api@{{domain}}
{{s}}
""", "secret-tool lookup")

_t(O, "stripe-like-api-keys-response", easypost_key, r"""
$ curl -s -u "$EP_MASTER:" https://api.easypost.com/v2/api_keys | jq '.keys[] | select(.mode=="production")'
{
  "object": "ApiKey",
  "key": "{{s}}",
  "mode": "production",
  "created_at": "{{ts}}",
  "id": "ak_{{hex32}}"
}
""", "ApiKey")

_t(O, "wrangler-secret-output-mistake", cf_token, r"""
$ cat .dev.vars
ORIGIN_HOST=origin.{{domain}}
CF_API_TOKEN={{s}}
""", "ORIGIN_HOST")

_t(O, "tail-env-file-remote", pw, r"""
$ ssh deploy@{{ip}} 'tail -n 4 /srv/playout-ctl/.env'
MOS_GATEWAY_HOST=enps-mos.{{domain}}
MOS_GATEWAY_PORT=10540
MOS_NCS_ID=ENPS_{{n3}}
MOS_GATEWAY_PASSWORD={{s}}
""", "MOS_GATEWAY_HOST")

_t(O, "curl-verbose-auth-header-echo", g_basic(["api_user", "tms", "carrier_ops"]), r"""
$ curl -v -u "$TMS_USER:$TMS_PASS" https://tms.{{domain}}/api/ping
*   Trying {{pubip}}:443...
* Connected to tms.{{domain}} ({{pubip}}) port 443
* Server auth using Basic with user '{{buser}}'
> GET /api/ping HTTP/2
> Host: tms.{{domain}}
> authorization: Basic {{s}}
> user-agent: curl/8.5.0
>
< HTTP/2 200
""", "Server auth using Basic")

_t(O, "python-repl-print-settings", pw, r"""
>>> from app.config import settings
>>> settings.smpp
SmppSettings(host='{{pubip}}', port=2775, system_id='{{corp}}01', password='{{s}}', system_type='')
""", "SmppSettings")

_t(O, "pytest-failure-locals", mailgun_key, r"""
____________________________ test_send_pod_email ____________________________

    def test_send_pod_email(monkeypatch):
        client = MailClient(domain="mg.{{domain}}", api_key=os.environ["MG_KEY"])
>       client.send(to="{{email}}", subject="POD", body="x")
E       requests.exceptions.HTTPError: 401 Client Error: UNAUTHORIZED for url: https://api.mailgun.net/v3/mg.{{domain}}/messages

client     = <MailClient domain='mg.{{domain}}' api_key='{{s}}'>
monkeypatch = <_pytest.monkeypatch.MonkeyPatch object at 0x7f{{hex8}}>
""", "test_send_pod_email")

_t(O, "yq-read-value", pw, r"""
$ yq '.smtp.password' /etc/grafana/provisioning/alerting.yaml
{{s}}
""", "/etc/grafana/provisioning/alerting.yaml")

_t(O, "kubectl-exec-env", linode_token, r"""
$ kubectl exec -n media deploy/archive-mover -- env | grep -i linode
LINODE_OBJ_ENDPOINT=us-east-1.linodeobjects.com
LINODE_TOKEN={{s}}
""", "LINODE_OBJ_ENDPOINT")

_t(O, "get-childitem-env-powershell", pw, r"""
PS C:\Scanners> Get-ChildItem Env: | Where-Object Name -like 'WMS*'

Name                           Value
----                           -----
WMS_API_URL                    https://wms.{{domain}}/api
WMS_DEVICE_PASSWORD            {{s}}
WMS_SITE                       {{site}}
""", "WMS_API_URL")

_t(O, "reg-query-autologon", pw, r"""
C:\> reg query "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v DefaultPassword

HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon
    DefaultPassword    REG_SZ    {{s}}
""", "Winlogon")

_t(O, "curl-sealed-vs-plain-response", pw, r"""
$ curl -s -H "X-Vault-Token: $VAULT_TOKEN" https://vault.{{domain}}/v1/kv/data/newsroom/enps | jq .data.data
{
  "mos_user": "mosgw",
  "mos_password": "{{s}}"
}
""", "kv/data/newsroom/enps")

_t(O, "docker-logs-startup-banner", pw, r"""
$ docker logs chirpstack-postgres 2>&1 | head -n 6
The files belonging to this database system will be owned by user "postgres".
...
PostgreSQL init process complete; ready for start up.
POSTGRES_USER=chirpstack POSTGRES_PASSWORD={{s}} (from env)
""", "PostgreSQL init process complete")


# ---------------------------------------------------------------------------
# config-file (hand-written shapes)
# ---------------------------------------------------------------------------
F = "config-file"

_t(F, "asterisk-pjsip-wizard-trunk", pw, r"""
/etc/asterisk/pjsip_wizard.conf
[{{trunk}}]
type = wizard
transport = transport-udp
remote_hosts = sip.{{pdomain}}:5060
sends_auth = yes
sends_registrations = yes
outbound_auth/username = {{acct}}
outbound_auth/password = {{s}}
endpoint/context = from-carrier
endpoint/allow = !all,ulaw,alaw
aor/qualify_frequency = 30
""", "remote_hosts = sip.{{pdomain}}:5060")

_t(F, "asterisk-pjsip-auth-section", pw, r"""
; pjsip.conf -- outbound trunk to carrier
[{{trunk}}-auth]
type=auth
auth_type=userpass
username={{acct}}
password={{s}}

[{{trunk}}-aor]
type=aor
contact=sip:{{pubip}}:5060
""", "[{{trunk}}-aor]")

_t(F, "asterisk-sip-conf-peer", pw, r"""
[carrier-out]            ; chan_sip, legacy box in {{site}}
type=peer
host={{pubip}}
fromuser={{acct}}
defaultuser={{acct}}
secret={{s}}
insecure=port,invite
disallow=all
allow=ulaw
context=from-pstn
""", "context=from-pstn")

_t(F, "asterisk-manager-conf-user", pw, r"""
[general]
enabled = yes
port = 5038
bindaddr = 0.0.0.0

[{{user}}]
secret = {{s}}
deny = 0.0.0.0/0.0.0.0
permit = {{ip}}/255.255.255.0
read = system,call,log,verbose,command,agent,user,config,dtmf,reporting,cdr,dialplan
write = system,call,agent,originate
""", "bindaddr = 0.0.0.0")

_t(F, "asterisk-ari-conf-user", pw, r"""
; ari.conf
[general]
enabled = yes
pretty = yes
allowed_origins = https://wallboard.{{domain}}

[wallboard]
type = user
read_only = yes
password = {{s}}
password_format = plain
""", "allowed_origins = https://wallboard.{{domain}}")

_t(F, "asterisk-voicemail-mailbox-pin", pin8, r"""
[default]
{{ext}} => {{s}},{{person}} Dispatch,dispatch@{{domain}},,attach=yes|tz=central
""", "{{person}} Dispatch")

_t(F, "asterisk-res-odbc-conf", pw, r"""
[asteriskcdrdb]
enabled => yes
dsn => MySQL-asteriskcdrdb
username => cdr_writer
password => {{s}}
pre-connect => yes
max_connections => 5
""", "MySQL-asteriskcdrdb")

_t(F, "asterisk-cdr-pgsql-conf", pw, r"""
; cdr_pgsql.conf
[global]
hostname={{ip}}
port=5432
dbname=asterisk_cdr
password={{s}}
user=asterisk
table=cdr
""", "asterisk_cdr")

_t(F, "freeswitch-gateway-xml", pw, r"""
<!-- conf/sip_profiles/external/{{trunk}}.xml -->
<include>
  <gateway name="{{trunk}}">
    <param name="realm" value="sip.{{pdomain}}"/>
    <param name="username" value="{{acct}}"/>
    <param name="password" value="{{s}}"/>
    <param name="register" value="true"/>
    <param name="expire-seconds" value="600"/>
  </gateway>
</include>
""", "<gateway name=\"{{trunk}}\">")

_t(F, "freeswitch-event-socket-xml", pw, r"""
<configuration name="event_socket.conf" description="Socket Client">
  <settings>
    <param name="nat-map" value="false"/>
    <param name="listen-ip" value="127.0.0.1"/>
    <param name="listen-port" value="8021"/>
    <param name="password" value="{{s}}"/>
    <param name="apply-inbound-acl" value="loopback.auto"/>
  </settings>
</configuration>
""", "event_socket.conf")

_t(F, "freeswitch-vars-default-password", pw, r"""
  <!-- vars.xml: change this before exposing 5060 -->
  <X-PRE-PROCESS cmd="set" data="default_password={{s}}"/>
  <X-PRE-PROCESS cmd="set" data="sound_prefix=$${sounds_dir}/en/us/callie"/>
  <X-PRE-PROCESS cmd="set" data="domain=$${local_ip_v4}"/>
""", "sound_prefix")

_t(F, "kamailio-cfg-dburl-define", pwu, r"""
#!KAMAILIO
#!define WITH_MYSQL
#!define WITH_AUTH
#!define WITH_USRLOCDB
#!define DBURL "mysql://kamailio:{{s}}@{{ip}}/kamailio"
""", "#!define WITH_AUTH")

_t(F, "opensips-cfg-modparam-dburl", pwu, r"""
loadmodule "usrloc.so"
modparam("usrloc", "nat_bflag", "NAT")
modparam("usrloc", "db_mode", 2)
modparam("usrloc", "db_url", "mysql://opensips:{{s}}@localhost/opensips")
""", "nat_bflag")

_t(F, "odbc-ini-mysql-dsn", pw, r"""
[MySQL-asteriskcdrdb]
Description = MySQL connection to 'asteriskcdrdb' database
Driver = MySQL
Server = localhost
User = freepbxuser
Password = {{s}}
Database = asteriskcdrdb
Port = 3306
Socket = /var/lib/mysql/mysql.sock
""", "Socket = /var/lib/mysql/mysql.sock")

_t(F, "chirpstack-toml-api-secret", lambda: b64(32), r"""
# /etc/chirpstack/chirpstack.toml
[api]
  bind="0.0.0.0:8080"
  # Generate with: openssl rand -base64 32
  secret="{{s}}"

[network]
  net_id="000000"
  enabled_regions=["eu868"]
""", "enabled_regions")

_t(F, "chirpstack-gateway-bridge-mqtt", pw, r"""
[integration.mqtt.auth.generic]
servers=["tcp://{{ip}}:1883"]
username="gw-bridge"
password="{{s}}"
qos=0
clean_session=true
""", "integration.mqtt.auth.generic")

_t(F, "tts-stack-config-oauth-client-secret", lambda: us(32), r"""
console:
  ui:
    canonical-url: https://lns.{{domain}}/console
  oauth:
    authorize-url: https://lns.{{domain}}/oauth/authorize
    token-url: https://lns.{{domain}}/oauth/token
    client-id: console
    client-secret: {{s}}
""", "client-id: console")

_t(F, "basicstation-tc-key-file", ttn_key, r"""
==> /opt/basicstation/tc.key <==
Authorization: Bearer {{s}}
==> /opt/basicstation/tc.uri <==
wss://eu1.cloud.thethings.network:8887
""", "/opt/basicstation/tc.uri")

_t(F, "mosquitto-bridge-remote-password", pw, r"""
# /etc/mosquitto/conf.d/bridge.conf
connection farm-to-cloud
address mqtt.{{domain}}:8883
topic farm/# out 1
remote_username edge-{{n3}}
remote_password {{s}}
bridge_cafile /etc/ssl/certs/ca-certificates.crt
""", "connection farm-to-cloud")

_t(F, "telegraf-influxdb-v2-token", influx_token, r"""
[[outputs.influxdb_v2]]
  urls = ["https://influx.{{domain}}"]
  token = "{{s}}"
  organization = "{{corp}}"
  bucket = "weather"

[[inputs.mqtt_consumer]]
  servers = ["tcp://127.0.0.1:1883"]
  topics = ["wx/+/obs"]
""", "wx/+/obs")

_t(F, "weewx-conf-wunderground", wu_station_pw, r"""
[StdRESTful]
    [[Wunderground]]
        enable = true
        station = {{station}}
        password = {{s}}
        rapidfire = False
    [[CWOP]]
        enable = false
""", "station = {{station}}")

_t(F, "weewx-conf-pwsweather", pw, r"""
    [[PWSweather]]
        # This section is for configuring posts to PWSweather.com.
        enable = true
        station = {{corp}}{{n3}}
        password = {{s}}
""", "PWSweather.com")

_t(F, "home-assistant-secrets-yaml", pw, r"""
# secrets.yaml (greenhouse HA box)
latitude: 41.59
longitude: -93.62
mqtt_user: ha_greenhouse
mqtt_password: "{{s}}"
owm_units: metric
""", "mqtt_user: ha_greenhouse")

_t(F, "nginx-rtmp-push-youtube", yt_stream_key, r"""
rtmp {
    server {
        listen 1935;
        application live {
            live on;
            record off;
            push rtmp://a.rtmp.youtube.com/live2/{{s}};
        }
    }
}
""", "listen 1935")

_t(F, "nginx-secure-link-md5-secret", lambda: an(24), r"""
location /vod/ {
    secure_link $arg_md5,$arg_expires;
    secure_link_md5 "$secure_link_expires$uri$remote_addr {{s}}";
    if ($secure_link = "") { return 403; }
    if ($secure_link = "0") { return 410; }
    root /srv/media;
}
""", "location /vod/")

_t(F, "srt-gateway-yaml-passphrase", srt_pass, r"""
# srtgw.yaml -- contribution from stadium truck
routes:
  - name: truck-{{num}}
    listen: "srt://0.0.0.0:{{port}}"
    mode: listener
    latency_ms: 400
    encryption:
      pbkeylen: 32
      passphrase: "{{s}}"
    output: "udp://239.10.{{num}}.1:5000?pkt_size=1316"
""", "truck-{{num}}")

_t(F, "wowza-application-xml-securetoken", lambda: hx(16), r"""
<Property>
    <Name>secureTokenSharedSecret</Name>
    <Value>{{s}}</Value>
    <Type>String</Type>
</Property>
<Property>
    <Name>secureTokenHashAlgorithm</Name>
    <Value>SHA-256</Value>
</Property>
""", "secureTokenHashAlgorithm")

_t(F, "restreamer-config-json", fb_stream_key, r"""
{
  "outputs": [
    {"name": "facebook-page", "url": "rtmps://live-api-s.facebook.com:443/rtmp/", "key": "{{s}}", "enabled": true},
    {"name": "archive", "url": "file:///mnt/archive/{{date}}.ts", "enabled": true}
  ]
}
""", "facebook-page")

_t(F, "pgpass-line", pw, r"""
# ~/.pgpass  (chmod 600)
wms-db.{{env}}.{{domain}}:5432:wms:wms_app:{{s}}
""", "wms-db.{{env}}.{{domain}}:5432:wms:wms_app")

_t(F, "netrc-machine-block", pw, r"""
machine ftp.{{pdomain}} login van{{n4}} password {{s}}
machine api.{{domain}} login ci
""", "ftp.{{pdomain}}")

_t(F, "my-cnf-client-section", pw, r"""
[client]
user = backup
password = {{s}}
host = 127.0.0.1

[mysqldump]
single-transaction
""", "[mysqldump]")

_t(F, "wpa-supplicant-network-block", pw_human, r"""
network={
    ssid="{{site}}-HANDHELD"
    psk="{{s}}"
    key_mgmt=WPA-PSK
    priority=10
}
""", "{{site}}-HANDHELD")

_t(F, "rclone-conf-remote", pw_gen, r"""
[nle-b2]
type = b2
account = 00{{hex16}}0000000{{n3}}
key = {{s}}
hard_delete = false
""", "[nle-b2]")

_t(F, "s3cfg-secret-key", aws_secret, r"""
[default]
access_key = {{akid}}
bucket_location = {{region}}
host_base = s3.amazonaws.com
secret_key = {{s}}
use_https = True
""", "bucket_location = {{region}}")

_t(F, "docker-config-json-auths", g_basic(["deploy", "ci", "robot-scanner"]), r"""
{
  "auths": {
    "harbor.{{domain}}": {
      "auth": "{{s}}"
    }
  }
}
""", "harbor.{{domain}}")

_t(F, "npmrc-authtoken-line", npm_token, r"""
registry=https://registry.npmjs.org/
//registry.npmjs.org/:_authToken={{s}}
save-exact=true
""", "save-exact=true")

_t(F, "pip-conf-index-url-creds", pwu, r"""
[global]
index-url = https://build:{{s}}@nexus.{{domain}}/repository/pypi-group/simple
timeout = 60
""", "nexus.{{domain}}")

_t(F, "gradle-properties-creds", pw, r"""
org.gradle.jvmargs=-Xmx4g
android.useAndroidX=true
zebraNexusUser=android-ci
zebraNexusPassword={{s}}
""", "android.useAndroidX=true")

_t(F, "maven-settings-server-password", pw, r"""
<settings>
  <servers>
    <server>
      <id>{{corp}}-releases</id>
      <username>deployer</username>
      <password>{{s}}</password>
    </server>
  </servers>
</settings>
""", "{{corp}}-releases")

_t(F, "nuget-config-cleartext", pw, r"""
<packageSourceCredentials>
  <WmsFeed>
    <add key="Username" value="azdo-build" />
    <add key="ClearTextPassword" value="{{s}}" />
  </WmsFeed>
</packageSourceCredentials>
""", "azdo-build")

_t(F, "spring-application-yml-datasource", pw, r"""
spring:
  datasource:
    url: jdbc:postgresql://{{ip}}:5432/wms
    username: wms_app
    password: '{{s}}'
    hikari:
      maximum-pool-size: 20
  jpa:
    open-in-view: false
""", "jdbc:postgresql://{{ip}}:5432/wms")

_t(F, "edgerc-default-section", akamai_secret, r"""
[default]
client_secret = {{s}}
host = akab-{{anl16}}-{{anl16_2}}.luna.akamaiapis.net
max-body = 131072
""", "max-body = 131072")

_t(F, "openssh-private-key-file", g_ssh, r"""
keys/edi_sftp_ed25519:
-----BEGIN OPENSSH PRIVATE KEY-----
{{s}}
-----END OPENSSH PRIVATE KEY-----
""", "keys/edi_sftp_ed25519")

_t(F, "openas2-partnership-keystore", pw, r"""
<certificates classname="org.openas2.cert.PKCS12CertificateFactory"
    filename="%home%/as2_certs.p12"
    password="{{s}}"
    interval="300"/>
""", "org.openas2.cert.PKCS12CertificateFactory")

_t(F, "edi-van-mailbox-ini", pw, r"""
[van]
provider = {{pdomain}}
mailbox = {{n4}}{{n4_2}}
protocol = ftps
host = ftps.{{pdomain}}
user = MB{{n4}}
pass = {{s}}
poll_minutes = 15
""", "poll_minutes = 15")

_t(F, "logstash-output-password", pw, r"""
output {
  elasticsearch {
    hosts => ["https://es.{{domain}}:9200"]
    index => "scanner-events-%{+YYYY.MM.dd}"
    user => "logstash_writer"
    password => "{{s}}"
  }
}
""", "scanner-events-%{+YYYY.MM.dd}")

_t(F, "filebeat-output-elasticsearch", pw, r"""
output.elasticsearch:
  hosts: ["es01.{{domain}}:9200"]
  protocol: "https"
  username: "beats_asterisk"
  password: "{{s}}"
""", "beats_asterisk")

_t(F, "zebra-mx-wifi-profile-xml", pw_human, r"""
<wap-provisioningdoc>
  <characteristic type="Wi-Fi" version="4.3">
    <parm name="WiFiAction" value="enable"/>
    <characteristic type="network-profile">
      <parm name="SSID" value="{{site}}-RF"/>
      <parm name="SecurityMode" value="1"/>
      <parm name="PassPhrase" value="{{s}}"/>
    </characteristic>
  </characteristic>
</wap-provisioningdoc>
""", "{{site}}-RF")

_t(F, "haproxy-stats-auth", pw, r"""
listen stats
    bind *:8404
    stats enable
    stats uri /stats
    stats auth admin:{{s}}
""", "stats uri /stats")

_t(F, "php-fpm-pool-env", pw, r"""
[freepbx]
user = asterisk
listen = /run/php-fpm/freepbx.sock
env[AMPDBUSER] = freepbxuser
env[AMPDBPASS] = {{s}}
""", "/run/php-fpm/freepbx.sock")

_t(F, "supervisord-inet-http-server", pw, r"""
[inet_http_server]
port = 0.0.0.0:9001
username = ops
password = {{s}}

[program:edi-poller]
command = /opt/edi/bin/poller
""", "[program:edi-poller]")

_t(F, "pgbouncer-userlist-plain", pw, r"""
;; /etc/pgbouncer/userlist.txt -- other users come from auth_query
"wms_app" "{{s}}"
""", "/etc/pgbouncer/userlist.txt")

_t(F, "redis-conf-requirepass", pw, r"""
bind 127.0.0.1 {{ip}}
protected-mode yes
port 6379
requirepass {{s}}
maxmemory 2gb
""", "protected-mode yes")

_t(F, "rabbitmq-conf-default-pass", pw, r"""
listeners.tcp.default = 5672
management.tcp.port = 15672
default_user = edi
default_pass = {{s}}
loopback_users.guest = false
""", "management.tcp.port = 15672")

_t(F, "mongod-keyfile-content", mongo_keyfile, r"""
/etc/mongod/keyfile (replica set rs-telematics):
{{s}}
""", "rs-telematics")

_t(F, "grafana-ini-security", pw, r"""
[security]
admin_user = admin
admin_password = {{s}}
disable_gravatar = true
""", "disable_gravatar")

_t(F, "alertmanager-slack-api-url", slack_hook_secret, r"""
receivers:
  - name: noc-voice
    slack_configs:
      - api_url: https://hooks.slack.com/services/T0{{n4}}NOC/B0{{n4}}VOIP/{{s}}
        channel: '#noc-voice'
        send_resolved: true
""", "'#noc-voice'")

_t(F, "snmpd-conf-rocommunity", community, r"""
# /etc/snmp/snmpd.conf on the playout rack
agentAddress udp:161
rocommunity {{s}} 10.20.0.0/16
sysLocation MCR rack 4
""", "sysLocation MCR rack 4")

_t(F, "kannel-conf-smsc-group", smpp_pw, r"""
group = smsc
smsc = smpp
smsc-id = smsc-a
host = {{pubip}}
port = 2775
smsc-username = {{corp}}01
smsc-password = {{s}}
system-type = ""
transceiver-mode = true
""", "smsc-id = smsc-a")

_t(F, "kannel-sendsms-user", pw, r"""
group = sendsms-user
username = tms
password = {{s}}
max-messages = 3
concatenation = true
""", "group = sendsms-user")

_t(F, "smpp-client-yaml", smpp_pw, r"""
smpp:
  host: smpp.{{pdomain}}
  port: 2775
  system_id: {{hex8}}
  password: "{{s}}"
  bind: transceiver
  enquire_link_interval: 30s
""", "enquire_link_interval")

_t(F, "mos-gateway-ini", pw, r"""
[MOS]
NCSID=ENPS_{{n3}}
MOSID=playout.{{domain}}
Upper=10541
Lower=10540
GatewayUser=mosgw
GatewayPassword={{s}}
""", "MOSID=playout.{{domain}}")

_t(F, "playout-automation-xml-db", pw, r"""
<PlayoutConfig>
  <Channel id="{{ch}}" />
  <AsRunDatabase server="sql-mcr.{{domain}}" database="AsRun" user="asrun" password="{{s}}" />
  <Router type="Evertz" host="{{ip}}" />
</PlayoutConfig>
""", "AsRun")

_t(F, "iconik-storage-gateway-conf", iconik_token, r"""
[main]
app_id = {{uuid}}
token = {{s}}
storage_id = {{uuid2}}
iconik_url = https://app.iconik.io/
scan_interval = 600
""", "iconik_url")

_t(F, "frameio-c2c-device-json", frameio_token, r"""
{
  "device": "edit-bay-{{num}}",
  "frameio": {"project_id": "{{uuid}}", "token": "{{s}}"},
  "watch_folder": "/Volumes/RAID/Exports"
}
""", "edit-bay-{{num}}")

_t(F, "lucidlink-filespace-env", pw, r"""
# /etc/default/lucid-newsroom
FILESPACE=newsroom.{{corp}}
FS_USER=editor{{num}}
FS_PASSWORD={{s}}
MOUNT_POINT=/mnt/lucid
""", "FILESPACE=newsroom.{{corp}}")

_t(F, "node-red-settings-credential-secret", lambda: an(32), r"""
module.exports = {
    flowFile: 'flows_greenhouse.json',
    credentialSecret: "{{s}}",
    uiPort: process.env.PORT || 1880,
    mqttReconnectTime: 15000,
}
""", "flows_greenhouse.json")

_t(F, "traccar-xml-db-password", pw, r"""
<entry key='database.driver'>com.mysql.cj.jdbc.Driver</entry>
<entry key='database.url'>jdbc:mysql://localhost/traccar?zeroDateTimeBehavior=round&amp;serverTimezone=UTC</entry>
<entry key='database.user'>traccar</entry>
<entry key='database.password'>{{s}}</entry>
""", "database.driver")

_t(F, "gps-tracker-sms-config-apn", pw, r"""
# tk103 provisioning sheet for {{truck}}
APN: iot.{{pdomain}}
APN user: fleet
APN pass: {{s}}
Server: {{pubip}}:5013 (protocol gt06)
""", "APN: iot.{{pdomain}}")

_t(F, "odoo-conf-admin-passwd", pw, r"""
[options]
admin_passwd = {{s}}
db_host = {{ip}}
db_port = 5432
db_user = odoo
addons_path = /opt/odoo/addons,/opt/odoo/wms_addons
""", "addons_path")

_t(F, "farmos-settings-php-db", pw, r"""
$databases['default']['default'] = [
  'database' => 'farm',
  'username' => 'farm',
  'password' => '{{s}}',
  'host' => 'db',
  'driver' => 'pgsql',
];
""", "'driver' => 'pgsql'")

_t(F, "wireguard-peer-conf-tracker", wg_key, r"""
[Interface]
PrivateKey = {{s}}
Address = 10.99.{{num}}.{{num2}}/32

[Peer]
PublicKey = {{wgpub}}
Endpoint = vpn.{{domain}}:51820
AllowedIPs = 10.99.0.0/16
PersistentKeepalive = 25
""", "vpn.{{domain}}:51820")

_t(F, "jboss-datasource-xml", pw, r"""
<datasource jndi-name="java:jboss/datasources/TmsDS" pool-name="TmsDS">
    <connection-url>jdbc:oracle:thin:@tms-ora.{{domain}}:1521/TMSP</connection-url>
    <security>
        <user-name>TMS_APP</user-name>
        <password>{{s}}</password>
    </security>
</datasource>
""", "java:jboss/datasources/TmsDS")

_t(F, "appsettings-json-connectionstring", pw, r"""
{
  "ConnectionStrings": {
    "Wms": "Server=wms-sql.{{domain}};Database=WMS;User Id=wms_svc;Password={{s}};TrustServerCertificate=True"
  },
  "Logging": { "LogLevel": { "Default": "Information" } }
}
""", "User Id=wms_svc")

_t(F, "dotenv-commented-old-and-new", pw, r"""
# DB_PASSWORD=see vault (old)
DB_HOST=tms-db
DB_USER=tms
DB_PASSWORD={{s}}
""", "DB_HOST=tms-db")

_t(F, "ini-sftp-with-comment-label", pw, r"""
[carrier_ftp]
; ask Ops before changing, partner whitelists our IP
host = sftp.{{pdomain}}
username = {{corp}}_edi
pwd = {{s}}
""", "sftp.{{pdomain}}")

_t(F, "yaml-anchored-credentials", pw, r"""
x-db: &db
  host: db.internal
  user: yard
  pass: "{{s}}"

gate-service:
  db: *db
yard-api:
  db: *db
""", "gate-service")

_t(F, "gcp-sa-json-file", g_pem_json, r"""
{
  "type": "service_account",
  "project_id": "{{corp}}-newsroom",
  "private_key_id": "{{sha}}",
  "private_key": "-----BEGIN PRIVATE KEY-----\n{{s}}\n-----END PRIVATE KEY-----\n",
  "client_email": "transcribe@{{corp}}-newsroom.iam.gserviceaccount.com",
  "client_id": "1{{n4}}{{n4_2}}{{n4_3}}{{n4_4}}{{n3}}",
  "token_uri": "https://oauth2.googleapis.com/token"
}
""", "transcribe@{{corp}}-newsroom.iam.gserviceaccount.com")

_t(F, "ec-private-key-pem-file", g_ec, r"""
certs/tracker-signing.key
-----BEGIN EC PRIVATE KEY-----
{{s}}
-----END EC PRIVATE KEY-----
""", "certs/tracker-signing.key")

_t(F, "apple-p8-authkey-file", ec_pkcs8_body, r"""
AuthKey_{{anu10}}.p8 (APNs key for the driver app)
-----BEGIN PRIVATE KEY-----
{{s}}
-----END PRIVATE KEY-----
""", "APNs key for the driver app")


# ---------------------------------------------------------------------------
# config-file (one integration rendered in several file syntaxes)
# ---------------------------------------------------------------------------

def _snake(k):
    return k.replace("-", "_")


def _camel(k):
    parts = _snake(k).split("_")
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def _kebab(k):
    return _snake(k).replace("_", "-")


def _lit(v):
    return v.isdigit() or v in ("true", "false")


def _cfg_yaml(sec, fields, path):
    out = ["# " + path, _snake(sec) + ":"]
    for k, v in fields:
        if v == "{{s}}":
            out.append("  %s: \"%s\"" % (_snake(k), v))
        else:
            out.append("  %s: %s" % (_snake(k), v))
    return "\n".join(out)


def _cfg_json(sec, fields, path):
    out = [path, "{", "  \"%s\": {" % _camel(sec)]
    rows = []
    for k, v in fields:
        rows.append("    \"%s\": %s" % (_camel(k), v if _lit(v) else "\"" + v + "\""))
    out.append(",\n".join(rows))
    out.append("  }")
    out.append("}")
    return "\n".join(out)


def _cfg_toml(sec, fields, path):
    out = ["# " + path, "[" + _snake(sec) + "]"]
    for k, v in fields:
        out.append("%s = %s" % (_snake(k), v if _lit(v) else "\"" + v + "\""))
    return "\n".join(out)


def _cfg_ini(sec, fields, path):
    out = ["; " + path, "[" + _snake(sec) + "]"]
    for k, v in fields:
        out.append("%s = %s" % (_snake(k), v))
    return "\n".join(out)


def _cfg_env(sec, fields, path):
    out = ["# " + path]
    for k, v in fields:
        out.append("%s_%s=%s" % (_snake(sec).upper(), _snake(k).upper(), v))
    return "\n".join(out)


def _cfg_props(sec, fields, path):
    out = ["# " + path]
    for k, v in fields:
        out.append("integrations.%s.%s=%s" % (_kebab(sec), _kebab(k), v))
    return "\n".join(out)


def _cfg_xml(sec, fields, path):
    out = ["<!-- " + path + " -->", "<%s>" % _camel(sec)]
    for k, v in fields:
        out.append("  <%s>%s</%s>" % (_camel(k), v, _camel(k)))
    out.append("</%s>" % _camel(sec))
    return "\n".join(out)


def _cfg_php(sec, fields, path):
    out = ["<?php", "// " + path, "", "return [", "    '%s' => [" % _snake(sec)]
    for k, v in fields:
        out.append("        '%s' => %s," % (_snake(k), v if _lit(v) else "'" + v + "'"))
    out.append("    ],")
    out.append("];")
    return "\n".join(out)


_CFG_SYNTAX = [
    ("yaml", _cfg_yaml, ["config/integrations.yaml", "conf/app.yml", "settings/{{env}}.yaml", "deploy/local-values.yaml"]),
    ("json", _cfg_json, ["config/default.json", "appsettings.Production.json", "secrets.local.json", "config/{{env}}.json"]),
    ("toml", _cfg_toml, ["config.toml", "Settings.toml", "conf/{{app}}.toml"]),
    ("ini", _cfg_ini, ["app.ini", "settings.cfg", "/etc/{{app}}/{{app}}.ini"]),
    ("env", _cfg_env, [".env", ".env.production", "docker/{{app}}.env", ".env.local"]),
    ("properties", _cfg_props, ["src/main/resources/application.properties", "config/application-{{env}}.properties"]),
    ("xml", _cfg_xml, ["App.config.xml", "conf/integrations.xml", "WEB-INF/integrations.xml"]),
    ("php", _cfg_php, ["config/services.php", "config/carriers.php"]),
]

_CFG_SERVICES = [
    ("twilio", "twilio", twilio_token, [("account_sid", "{{sid}}"), ("auth_token", "{{s}}"), ("messaging_service_sid", "{{msid}}"), ("status_callback", "https://{{app}}.{{domain}}/twilio/status")]),
    ("telnyx", "telnyx", telnyx_key, [("api_key", "{{s}}"), ("messaging_profile_id", "{{uuid}}"), ("connection_id", "{{n4}}{{n4_2}}")]),
    ("sinch", "sinch", sinch_token, [("service_plan_id", "{{hex32}}"), ("api_token", "{{s}}"), ("region", "us")]),
    ("samsara", "samsara", samsara_token, [("base_url", "https://api.samsara.com"), ("api_token", "{{s}}"), ("poll_seconds", "30")]),
    ("geotab", "geotab", pw, [("server", "my.geotab.com"), ("database", "{{corp}}"), ("username", "api@{{domain}}"), ("password", "{{s}}")]),
    ("motive", "motive", motive_key, [("base_url", "https://api.keeptruckin.com/v1"), ("api_key", "{{s}}"), ("page_size", "100")]),
    ("fedex", "fedex", fedex_secret, [("client_id", "l7{{hex32}}"), ("client_secret", "{{s}}"), ("account_number", "{{n4}}{{n4_2}}{{num}}"), ("sandbox", "false")]),
    ("ups", "ups", ups_secret, [("client_id", "{{hex24}}{{hex16}}"), ("client_secret", "{{s}}"), ("shipper_number", "{{n3}}X4W")]),
    ("easypost", "easypost", easypost_key, [("api_key", "{{s}}"), ("webhook_url", "https://{{app}}.{{domain}}/hooks/easypost")]),
    ("shippo", "shippo", shippo_key, [("api_token", "{{s}}"), ("label_file_type", "ZPLII")]),
    ("ttn", "things_stack", ttn_key, [("cluster", "eu1.cloud.thethings.network"), ("application_id", "{{corp}}-soil"), ("api_key", "{{s}}")]),
    ("chirpstack", "chirpstack", chirpstack_jwt, [("server", "lns.{{domain}}:443"), ("tenant_id", "{{uuid}}"), ("api_token", "{{s}}")]),
    ("openweather", "openweather", owm_key, [("appid", "{{s}}"), ("units", "metric"), ("station", "{{station}}")]),
    ("ambient-weather", "ambient_weather", ambient_key, [("device_mac", "{{mac}}"), ("api_key", "{{s}}")]),
    ("mux", "mux", mux_secret, [("token_id", "{{uuid}}"), ("token_secret", "{{s}}"), ("environment", "{{env}}")]),
    ("cloudflare-stream", "cloudflare_stream", cf_token, [("account_id", "{{hex32}}"), ("api_token", "{{s}}")]),
    ("akamai-token-auth", "akamai_token_auth", akamai_token_key, [("key", "{{s}}"), ("window_seconds", "300"), ("acl", "/live/{{ch}}/*")]),
    ("sip-trunk", "sip_trunk", pw, [("host", "sip.{{pdomain}}"), ("port", "5060"), ("username", "{{acct}}"), ("password", "{{s}}"), ("transport", "udp")]),
    ("smpp", "smpp", smpp_pw, [("host", "smpp.{{pdomain}}"), ("port", "2775"), ("system_id", "{{hex8}}"), ("password", "{{s}}")]),
    ("mqtt", "mqtt", pw, [("host", "mqtt.{{domain}}"), ("port", "8883"), ("username", "station-{{n3}}"), ("password", "{{s}}"), ("tls", "true")]),
    ("sftp-edi", "edi_sftp", pw, [("host", "sftp.{{pdomain}}"), ("username", "{{corp}}_edi"), ("password", "{{s}}"), ("remote_dir", "/outbound/856")]),
    ("postgres", "database", pw, [("host", "{{ip}}"), ("port", "5432"), ("name", "wms"), ("user", "wms_app"), ("password", "{{s}}")]),
    ("kaltura", "kaltura", kaltura_secret, [("service_url", "https://www.kaltura.com"), ("partner_id", "{{orgid}}"), ("admin_secret", "{{s}}")]),
    ("john-deere", "deere", deere_secret, [("client_id", "0oa{{hex16}}"), ("client_secret", "{{s}}"), ("org_id", "{{n4}}{{n3}}")]),
    ("datadog", "datadog", datadog_api, [("site", "datadoghq.eu"), ("api_key", "{{s}}"), ("service", "{{app}}")]),
    ("sendgrid", "sendgrid", sendgrid_key, [("api_key", "{{s}}"), ("from_email", "dispatch@{{domain}}")]),
    ("weatherlink", "weatherlink", weatherlink_secret, [("api_key", "{{anl32}}"), ("api_secret", "{{s}}"), ("station_id", "{{n4}}{{n3}}")]),
    ("bandwidth", "bandwidth", bandwidth_secret, [("account_id", "{{n4}}{{n3}}"), ("username", "api-{{corp}}"), ("password", "{{s}}"), ("application_id", "{{uuid}}")]),
    ("vonage", "vonage", vonage_secret, [("api_key", "{{hex8}}"), ("api_secret", "{{s}}"), ("from", "NWFREIGHT")]),
    ("infobip", "infobip", infobip_key, [("base_url", "https://{{hex8}}.api.infobip.com"), ("api_key", "{{s}}"), ("sender", "AgriAlert")]),
    ("wowza", "wowza_publish", pw, [("host", "wowza.{{domain}}"), ("application", "live"), ("username", "encoder{{num}}"), ("password", "{{s}}")]),
    ("enps-mos", "mos_gateway", pw, [("ncs_id", "ENPS_{{n3}}"), ("host", "enps-mos.{{domain}}"), ("user", "mosgw"), ("password", "{{s}}")]),
]


def _register_cfg_family():
    for slug, sec, gen, fields in _CFG_SERVICES:
        syn = list(_CFG_SYNTAX)
        _R.shuffle(syn)
        for name, fn, paths in syn[:3]:
            tmpl = fn(sec, fields, pick(paths))
            vis = ""
            for k, v in fields:
                if v != "{{s}}":
                    vis = v
                    break
            _t(F, "%s-%s-config" % (slug, name), gen, tmpl, vis)


_register_cfg_family()


# ---------------------------------------------------------------------------
# source-code (one API client written in many languages)
# ---------------------------------------------------------------------------
S = "source-code"


def _pascal(k):
    c = _camel(k)
    return c[:1].upper() + c[1:]


_LANG_HDR = {
    "python": '''import requests

@CONST@ = "{{s}}"  # TODO: move to settings before merge
BASE_URL = "@URL@"


def @fn@(params=None):
    resp = requests.get(BASE_URL, headers={"@H@": "@P@" + @CONST@}, params=params, timeout=15)
    resp.raise_for_status()
    return resp.json()
''',
    "node": '''const axios = require('axios');

const @CONST@ = '{{s}}';

async function @fnCamel@() {
  const { data } = await axios.get('@URL@', {
    headers: { '@H@': `@P@${@CONST@}` },
    timeout: 10000,
  });
  return data;
}

module.exports = { @fnCamel@ };
''',
    "typescript": '''const @CONST@ = "{{s}}";

export async function @fnCamel@(): Promise<unknown> {
  const res = await fetch("@URL@", {
    headers: { "@H@": "@P@" + @CONST@, Accept: "application/json" },
  });
  if (!res.ok) throw new Error(`@slug@ request failed: ${res.status}`);
  return res.json();
}
''',
    "go": '''package @pkg@

import (
	"net/http"
	"time"
)

const @constCamel@ = "{{s}}"

var httpClient = &http.Client{Timeout: 10 * time.Second}

func @FnPascal@() (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, "@URL@", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("@H@", "@P@"+@constCamel@)
	return httpClient.Do(req)
}
''',
    "java": '''public final class @Pascal@Client {
    private static final String @CONST@ = "{{s}}";
    private final HttpClient http = HttpClient.newHttpClient();

    public HttpResponse<String> @fnCamel@() throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create("@URL@"))
            .header("@H@", "@P@" + @CONST@)
            .GET()
            .build();
        return http.send(req, HttpResponse.BodyHandlers.ofString());
    }
}
''',
    "kotlin": '''object @Pascal@Api {
    private const val @CONST@ = "{{s}}"
    private val client = OkHttpClient()

    fun @fnCamel@(): String? {
        val req = Request.Builder()
            .url("@URL@")
            .addHeader("@H@", "@P@$@CONST@")
            .build()
        client.newCall(req).execute().use { return it.body?.string() }
    }
}
''',
    "csharp": '''public class @Pascal@Client
{
    private const string @PascalConst@ = "{{s}}";
    private static readonly HttpClient Http = new HttpClient();

    public async Task<string> @FnPascal@Async()
    {
        using var req = new HttpRequestMessage(HttpMethod.Get, "@URL@");
        req.Headers.TryAddWithoutValidation("@H@", "@P@" + @PascalConst@);
        var res = await Http.SendAsync(req);
        res.EnsureSuccessStatusCode();
        return await res.Content.ReadAsStringAsync();
    }
}
''',
    "ruby": '''require "net/http"
require "json"

@CONST@ = "{{s}}".freeze

def @fn@
  uri = URI("@URL@")
  req = Net::HTTP::Get.new(uri)
  req["@H@"] = "@P@#{@CONST@}"
  res = Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |h| h.request(req) }
  JSON.parse(res.body)
end
''',
    "php": '''<?php
const @CONST@ = '{{s}}';

function @fnCamel@(): array
{
    $ch = curl_init('@URL@');
    curl_setopt_array($ch, [
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_HTTPHEADER => ['@H@: @P@' . @CONST@],
    ]);
    $body = curl_exec($ch);
    curl_close($ch);
    return json_decode($body, true);
}
''',
    "rust": '''const @CONST@: &str = "{{s}}";

pub async fn @fn@(client: &reqwest::Client) -> reqwest::Result<serde_json::Value> {
    client
        .get("@URL@")
        .header("@H@", format!("@P@{}", @CONST@))
        .send()
        .await?
        .json()
        .await
}
''',
    "swift": '''import Foundation

enum @Pascal@Config {
    static let @constCamel@ = "{{s}}"
}

func @fnCamel@() async throws -> Data {
    var req = URLRequest(url: URL(string: "@URL@")!)
    req.setValue("@P@\\(@Pascal@Config.@constCamel@)", forHTTPHeaderField: "@H@")
    let (data, _) = try await URLSession.shared.data(for: req)
    return data
}
''',
    "dart": '''import 'package:http/http.dart' as http;

const @constCamel@ = '{{s}}';

Future<http.Response> @fnCamel@() {
  return http.get(
    Uri.parse('@URL@'),
    headers: {'@H@': '@P@$@constCamel@'},
  );
}
''',
    "elixir": '''defmodule @Pascal@.Client do
  @@const_snake@ "{{s}}"

  def @fn@ do
    Req.get!("@URL@", headers: [{"@H@", "@P@" <> @@const_snake@}]).body
  end
end
''',
    "scala": '''object @Pascal@Client {
  private val @constCamel@ = "{{s}}"

  def @fnCamel@(): String =
    requests.get("@URL@", headers = Map("@H@" -> s"@P@${@constCamel@}")).text()
}
''',
    "powershell": '''$@PascalConst@ = '{{s}}'
$headers = @{ '@H@' = "@P@$@PascalConst@" }
Invoke-RestMethod -Uri '@URL@' -Headers $headers -Method Get | ConvertTo-Json -Depth 5
''',
    "lua": '''local http = require "resty.http"
local @const_snake@ = "{{s}}"

local function @fn@()
  local httpc = http.new()
  local res, err = httpc:request_uri("@URL@", {
    method = "GET",
    headers = { ["@H@"] = "@P@" .. @const_snake@ },
  })
  return res and res.body, err
end
''',
    "bash": '''#!/usr/bin/env bash
set -euo pipefail

@CONST@="{{s}}"

curl -fsS -H "@H@: @P@${@CONST@}" "@URL@" | jq .
''',
}

_LANG_QUERY = {
    "python": '''import requests

@CONST@ = "{{s}}"


def @fn@(**extra):
    params = {"@Q@": @CONST@, **extra}
    return requests.get("@URL@", params=params, timeout=10).json()
''',
    "typescript": '''const @CONST@ = "{{s}}";

export async function @fnCamel@() {
  const url = new URL("@URL@");
  url.searchParams.set("@Q@", @CONST@);
  return (await fetch(url)).json();
}
''',
    "go": '''const @constCamel@ = "{{s}}"

func @FnPascal@(ctx context.Context) (*http.Response, error) {
	u, _ := url.Parse("@URL@")
	q := u.Query()
	q.Set("@Q@", @constCamel@)
	u.RawQuery = q.Encode()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	return http.DefaultClient.Do(req)
}
''',
    "php": '''<?php
const @CONST@ = '{{s}}';

function @fnCamel@(): array
{
    $url = '@URL@?' . http_build_query(['@Q@' => @CONST@]);
    return json_decode(file_get_contents($url), true);
}
''',
    "ruby": '''@CONST@ = "{{s}}"

def @fn@
  uri = URI("@URL@")
  uri.query = URI.encode_www_form("@Q@" => @CONST@)
  JSON.parse(Net::HTTP.get(uri))
end
''',
    "bash": '''#!/bin/sh
@CONST@={{s}}
curl -s "@URL@?@Q@=${@CONST@}" > /tmp/@slug@.json
''',
    "java": '''    private static final String @CONST@ = "{{s}}";

    static String @fnCamel@() throws IOException {
        URL url = new URL("@URL@?@Q@=" + @CONST@);
        try (InputStream in = url.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
''',
}

_LANG_EXT = {"python": "py", "node": "js", "typescript": "ts", "go": "go", "java": "java",
             "kotlin": "kt", "csharp": "cs", "ruby": "rb", "php": "php", "rust": "rs",
             "swift": "swift", "dart": "dart", "elixir": "ex", "scala": "scala",
             "powershell": "ps1", "lua": "lua", "bash": "sh"}
_LANG_FENCE = {"node": "js", "csharp": "cs", "powershell": "powershell"}
_LANG_COMMENT = {"python": "#", "ruby": "#", "bash": "#", "powershell": "#", "elixir": "#",
                 "lua": "--", "php": "//"}

# slug, constant, function name, url, (H, P) or ("?", query param), generator
_CODE_SERVICES = [
    ("telnyx", "TELNYX_API_KEY", "list_numbers", "https://api.telnyx.com/v2/phone_numbers", ("Authorization", "Bearer "), telnyx_key),
    ("sinch", "SINCH_API_TOKEN", "list_batches", "https://us.sms.api.sinch.com/xms/v1/{{hex32}}/batches", ("Authorization", "Bearer "), sinch_token),
    ("samsara", "SAMSARA_API_TOKEN", "vehicle_locations", "https://api.samsara.com/fleet/vehicles/locations", ("Authorization", "Bearer "), samsara_token),
    ("motive", "MOTIVE_API_KEY", "fetch_hos_logs", "https://api.keeptruckin.com/v1/logs", ("X-Api-Key", ""), motive_key),
    ("dhl", "DHL_API_KEY", "track_shipment", "https://api-eu.dhl.com/track/shipments", ("DHL-API-Key", ""), dhl_key),
    ("shippo", "SHIPPO_TOKEN", "list_shipments", "https://api.goshippo.com/shipments/", ("Authorization", "ShippoToken "), shippo_key),
    ("cloudflare-stream", "CF_STREAM_TOKEN", "list_live_inputs", "https://api.cloudflare.com/client/v4/accounts/{{hex32}}/stream/live_inputs", ("Authorization", "Bearer "), cf_token),
    ("fastly", "FASTLY_API_KEY", "purge_all", "https://api.fastly.com/service/{{an_id}}/purge_all", ("Fastly-Key", ""), fastly_token),
    ("bunny", "BUNNY_ACCESS_KEY", "list_pull_zones", "https://api.bunny.net/pullzone", ("AccessKey", ""), bunny_key),
    ("frameio", "FRAMEIO_TOKEN", "whoami", "https://api.frame.io/v2/me", ("Authorization", "Bearer "), frameio_token),
    ("vimeo", "VIMEO_ACCESS_TOKEN", "list_videos", "https://api.vimeo.com/me/videos", ("Authorization", "bearer "), vimeo_token),
    ("chirpstack", "CHIRPSTACK_API_TOKEN", "list_devices", "https://lns.{{domain}}/api/devices?limit=100", ("Grpc-Metadata-Authorization", "Bearer "), chirpstack_jwt),
    ("ttn", "TTN_API_KEY", "stored_uplinks", "https://eu1.cloud.thethings.network/api/v3/as/applications/{{corp}}-soil/packages/storage/uplink_message", ("Authorization", "Bearer "), ttn_key),
    ("influxdb", "INFLUX_TOKEN", "health", "https://influx.{{domain}}/api/v2/buckets", ("Authorization", "Token "), influx_token),
    ("sendgrid", "SENDGRID_API_KEY", "list_templates", "https://api.sendgrid.com/v3/templates", ("Authorization", "Bearer "), sendgrid_key),
    ("infobip", "INFOBIP_API_KEY", "delivery_reports", "https://{{hex8}}.api.infobip.com/sms/1/reports", ("Authorization", "App "), infobip_key),
    ("messagebird", "MESSAGEBIRD_KEY", "balance", "https://rest.messagebird.com/balance", ("Authorization", "AccessKey "), messagebird_key),
    ("datadog", "DD_API_KEY", "validate_key", "https://api.datadoghq.eu/api/v1/validate", ("DD-API-KEY", ""), datadog_api),
    ("pagerduty", "PD_TOKEN", "open_incidents", "https://api.pagerduty.com/incidents", ("Authorization", "Token token="), pagerduty_token),
    ("weatherlink", "WEATHERLINK_SECRET", "current_conditions", "https://api.weatherlink.com/v2/current/{{n4}}{{n3}}", ("X-Api-Secret", ""), weatherlink_secret),
    ("deepgram", "DEEPGRAM_KEY", "list_projects", "https://api.deepgram.com/v1/projects", ("Authorization", "Token "), deepgram_key),
    ("elevenlabs", "ELEVENLABS_KEY", "list_voices", "https://api.elevenlabs.io/v1/voices", ("xi-api-key", ""), elevenlabs_key),
    ("dialpad", "DIALPAD_KEY", "call_centers", "https://dialpad.com/api/v2/callcenters", ("Authorization", "Bearer "), dialpad_key),
    ("africastalking", "AT_API_KEY", "user_data", "https://api.africastalking.com/version1/user", ("apiKey", ""), africastalking_key),
    ("particle", "PARTICLE_TOKEN", "list_devices", "https://api.particle.io/v1/devices", ("Authorization", "Bearer "), particle_token),
    ("openweather", "OWM_APPID", "forecast", "https://api.openweathermap.org/data/2.5/forecast", ("?", "appid"), owm_key),
    ("ambient-weather", "AMBIENT_API_KEY", "devices", "https://rt.ambientweather.net/v1/devices", ("?", "apiKey"), ambient_key),
    ("here", "HERE_API_KEY", "geocode", "https://geocode.search.hereapi.com/v1/geocode", ("?", "apiKey"), here_key),
    ("tomtom", "TOMTOM_KEY", "traffic_flow", "https://api.tomtom.com/traffic/services/4/flowSegmentData/absolute/10/json", ("?", "key"), tomtom_key),
    ("mapbox", "MAPBOX_SECRET", "list_styles", "https://api.mapbox.com/styles/v1/{{corp}}", ("?", "access_token"), mapbox_secret),
    ("blynk", "BLYNK_TOKEN", "read_pin", "https://blynk.cloud/external/api/get", ("?", "token"), blynk_token),
    ("wunderground", "WU_API_KEY", "pws_observations", "https://api.weather.com/v2/pws/observations/current", ("?", "apiKey"), wu_key),
]


def _code_frame(lang, path, code):
    k = rint(0, 3)
    if k == 0:
        return path + "\n" + code
    if k == 1:
        cm = _LANG_COMMENT.get(lang, "//")
        if code.startswith("<?php\n"):
            return "```php\n<?php\n// " + path + "\n" + code[6:] + "```"
        return "```" + _LANG_FENCE.get(lang, lang) + "\n" + cm + " " + path + "\n" + code + "```"
    if k == 2:
        start = rint(1, 60)
        lines = code.rstrip("\n").split("\n")
        return "Read " + path + " (lines %d-%d)\n" % (start, start + len(lines) - 1) + "\n".join(
            "%6d\t%s" % (start + i, ln) for i, ln in enumerate(lines))
    return "--- a/" + path + "\n+++ b/" + path + "\n" + "\n".join(
        "+" + ln for ln in code.rstrip("\n").split("\n"))


def _register_code_family():
    for slug, const, fn, url, auth, gen in _CODE_SERVICES:
        h, p = auth
        table = _LANG_QUERY if h == "?" else _LANG_HDR
        langs = sorted(table)
        _R.shuffle(langs)
        for lang in langs[:3]:
            pascal = _pascal(slug)
            code = table[lang]
            rep = [("@PascalConst@", _pascal(const.lower())), ("@constCamel@", _camel(const.lower())),
                   ("@const_snake@", const.lower()), ("@CONST@", const), ("@FnPascal@", _pascal(fn)),
                   ("@fnCamel@", _camel(fn)), ("@fn@", fn), ("@Pascal@", pascal), ("@URL@", url),
                   ("@H@", h), ("@P@", p), ("@Q@", p), ("@slug@", slug),
                   ("@pkg@", _snake(slug).replace("_", ""))]
            for a, b in rep:
                code = code.replace(a, b)
            if not p:
                for junk in ('"" + ', '""+', '"" <> ', '"" .. '):
                    code = code.replace(junk, "")
            folder = pick(["src/integrations", "internal/clients", "lib", "app/services", "pkg", "scripts"])
            path = "%s/%s.%s" % (folder, _snake(slug), _LANG_EXT[lang])
            tmpl = _code_frame(lang, path, code)
            vis = url.split("?")[0] if "{{" not in url.split("?")[0] else path
            _t(S, "%s-%s-client" % (lang, slug), gen, tmpl, vis)


_register_code_family()


# ---------------------------------------------------------------------------
# stack-trace-or-log
# ---------------------------------------------------------------------------
L = "stack-trace-or-log"


def pw_short():
    v = pw()
    while len(v) > 15:
        v = pw()
    return v


def isa_pw():
    return pick([anu(10), _cap(pick(_WORDS))[:6].upper() + dg(4), an(10)])


def smtp_plain():
    u = pick(["alerts", "pod-notify", "dispatch", "noreply"])
    p = pw()
    return {"s": b64s("\x00" + u + "\x00" + p), "smtpu": u}


def twilio_basic():
    sid = "AC" + hx(32)
    return {"s": b64s(sid + ":" + hx(32)), "sid": sid}


_t(L, "python-traceback-psycopg-connect-line", pwu, r"""
Traceback (most recent call last):
  File "/srv/{{app}}/jobs/nightly_wave_release.py", line 41, in <module>
    conn = psycopg2.connect("postgresql://wms_batch:{{s}}@wms-db.{{env}}.{{domain}}:5432/wms")
  File "/usr/lib/python3/dist-packages/psycopg2/__init__.py", line 122, in connect
    conn = _connect(dsn, connection_factory=connection_factory, **kwasync)
psycopg2.OperationalError: connection to server at "wms-db.{{env}}.{{domain}}" ({{ip}}), port 5432 failed: timeout expired
""", "nightly_wave_release.py")

_t(L, "hikari-jdbc-url-with-password", pwu, r"""
{{date}} {{time}}.{{n3}}  INFO 1 --- [           main] com.zaxxer.hikari.HikariDataSource       : HikariPool-1 - Starting...
{{date}} {{time}}.{{n3}} ERROR 1 --- [           main] com.zaxxer.hikari.pool.HikariPool        : HikariPool-1 - Exception during pool initialization. jdbcUrl=jdbc:mysql://{{ip}}:3306/tms?user=tms_app&password={{s}}&useSSL=false
java.sql.SQLNonTransientConnectionException: Could not create connection to database server. Attempted reconnect 3 times. Giving up.
	at com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:111)
""", "HikariPool-1")

_t(L, "node-axios-error-config-headers", samsara_token, r"""
AxiosError: Request failed with status code 429
    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)
    at IncomingMessage.handleStreamEnd (/app/node_modules/axios/lib/adapters/http.js:589:11) {
  code: 'ERR_BAD_REQUEST',
  config: {
    method: 'get',
    url: 'https://api.samsara.com/fleet/vehicles/stats/feed?types=gps',
    headers: AxiosHeaders {
      Accept: 'application/json, text/plain, */*',
      Authorization: 'Bearer {{s}}',
      'User-Agent': 'axios/1.6.7'
    },
    timeout: 10000
  },
""", "vehicles/stats/feed")

_t(L, "python-http-client-debuglevel-send", motive_key, r"""
send: b'GET /v1/vehicle_locations?per_page=100 HTTP/1.1\r\nHost: api.keeptruckin.com\r\nUser-Agent: python-requests/2.31.0\r\nAccept-Encoding: gzip, deflate\r\nAccept: */*\r\nConnection: keep-alive\r\nX-Api-Key: {{s}}\r\n\r\n'
reply: 'HTTP/1.1 200 OK\r\n'
header: Content-Type: application/json; charset=utf-8
""", "api.keeptruckin.com")

_t(L, "go-panic-struct-dump", pw, r"""
panic: mqtt connect: not Authorized

goroutine 1 [running]:
main.mustConnect(0xc000126000)
	/src/cmd/ingest/main.go:77 +0x1f4
main.main()
	/src/cmd/ingest/main.go:41 +0x98
config: &config.MQTT{Broker:"ssl://mqtt.{{domain}}:8883", ClientID:"ingest-{{n3}}", Username:"ingest", Password:"{{s}}", QoS:1}
exit status 2
""", "ssl://mqtt.{{domain}}:8883")

_t(L, "asterisk-config-parse-warning", pw, r"""
[{{date}} {{time}}] WARNING[{{pid}}]: config_options.c:786 aco_process_var: Error parsing password={{s}} at line 23 of /etc/asterisk/pjsip.conf
[{{date}} {{time}}] ERROR[{{pid}}]: res_sorcery_config.c:307 sorcery_config_internal_load: Could not create an object of type 'auth' with id '{{trunk}}-auth' from configuration file 'pjsip.conf'
""", "res_sorcery_config.c")

_t(L, "nginx-access-log-token-query", lambda: us(43), r"""
{{pubip}} - - [{{clf}} +0000] "GET /hls/{{ch}}/index.m3u8?token={{s}}&expires={{epoch}} HTTP/1.1" 200 913 "-" "AppleCoreMedia/1.0.0.21A329 (iPhone; U; CPU OS 17_0 like Mac OS X; en_us)"
""", "AppleCoreMedia")

_t(L, "nginx-rtmp-publish-log", rtmp_key, r"""
{{date}} {{time}} [info] {{pid}}#0: *{{n3}} connect: app='live' args='' flashver='FMLE/3.0 (compatible; FMSc/1.0)' swf_url='' tc_url='rtmp://origin.{{domain}}/live' page_url='' acodecs=0 vcodecs=0 object_encoding=0, client: {{pubip}}, server: 0.0.0.0:1935
{{date}} {{time}} [info] {{pid}}#0: *{{n3}} publish: name='{{s}}' args='' type=live silent=0, client: {{pubip}}, server: 0.0.0.0:1935
""", "tc_url='rtmp://origin.{{domain}}/live'")

_t(L, "ffmpeg-flv-broken-pipe-url", yt_stream_key, r"""
frame=182344 fps= 30 q=-1.0 size= 4563712kB time=01:41:17.80 bitrate=6151.3kbits/s speed=   1x
[flv @ 0x55d{{hex8}}] Failed to update header with correct duration.
[flv @ 0x55d{{hex8}}] Failed to update header with correct filesize.
av_interleaved_write_frame(): Broken pipe
Error writing trailer of rtmp://a.rtmp.youtube.com/live2/{{s}}: Broken pipe
""", "av_interleaved_write_frame()")

_t(L, "ffmpeg-srt-url-io-error", srt_pass, r"""
[srt @ 0x5581{{hex8}}] Connection to srt://contrib.{{domain}}:9000?mode=caller&passphrase={{s}}&latency=500000 failed: Input/output error
srt://contrib.{{domain}}:9000?mode=caller&passphrase={{s}}&latency=500000: Input/output error
""", "contrib.{{domain}}:9000")

_t(L, "app-log-mqtt-url-creds", pwu, r"""
{{ts}} INFO  [farm-telemetry] connecting to broker mqtt://station-{{n3}}:{{s}}@{{ip}}:1883 (clean_session=false)
{{ts}} WARN  [farm-telemetry] broker refused connection: rc=5 not authorised
""", "farm-telemetry")

_t(L, "spring-config-dump-debug", pw, r"""
{{date}} {{time}} DEBUG o.s.b.c.p.SpringApplicationJsonEnvironmentPostProcessor - Resolved property 'edi.sftp.host' = 'sftp.{{pdomain}}'
{{date}} {{time}} DEBUG o.s.b.c.p.SpringApplicationJsonEnvironmentPostProcessor - Resolved property 'edi.sftp.password' = '{{s}}'
""", "edi.sftp.host")

_t(L, "celery-task-args-log", easypost_key, r"""
[{{date}} {{time}},{{n3}}: INFO/MainProcess] Task shipping.tasks.buy_label[{{uuid}}] received
[{{date}} {{time}},{{n3}}: DEBUG/ForkPoolWorker-3] shipping.tasks.buy_label args=('shp_{{hex32}}', 'rate_{{hex32}}') kwargs={'api_key': '{{s}}', 'label_format': 'ZPL'}
""", "shipping.tasks.buy_label")

_t(L, "sidekiq-job-args-json", ups_secret, r"""
{{ts}} pid={{pid}} tid=2ljf class=CarrierRateJob jid={{hex24}} INFO: start
{{ts}} pid={{pid}} tid=2ljf WARN: {"context":"Job raised exception","job":{"class":"CarrierRateJob","args":["ups","{{hex24}}{{hex16}}","{{s}}",{"zip":"50010"}],"retry":5,"queue":"carriers"}}
""", "CarrierRateJob")

_t(L, "buildkit-run-step-bearer", gh_pat, r"""
#9 [builder 4/7] RUN curl -fsSL -H "Authorization: token {{s}}" https://raw.githubusercontent.com/{{corp}}/edi-maps/main/856.json -o /maps/856.json
#9 DONE 0.8s
""", "edi-maps")

_t(L, "docker-build-env-step", pw, r"""
Step 6/14 : ENV WMS_DB_PASSWORD={{s}}
 ---> Running in {{hex12}}
 ---> {{hex12}}
Step 7/14 : COPY target/wms-core.jar /app/app.jar
""", "target/wms-core.jar")

_t(L, "actions-log-unmasked-curl", pw, r"""
{{date}}T{{time}}.{{n4}}Z ##[group]Run curl -sf -u deploy:{{s}} https://nexus.{{domain}}/service/rest/v1/status
{{date}}T{{time}}.{{n4}}Z curl -sf -u deploy:{{s}} https://nexus.{{domain}}/service/rest/v1/status
{{date}}T{{time}}.{{n4}}Z shell: /usr/bin/bash -e {0}
""", "service/rest/v1/status")

_t(L, "android-okhttp-logcat-bearer", jwt, r"""
{{date}} {{time}}.{{n3}} {{pid}} {{pid2}} D OkHttp  : --> GET https://wms.{{domain}}/api/v3/picks?zone=B
{{date}} {{time}}.{{n3}} {{pid}} {{pid2}} D OkHttp  : Authorization: Bearer {{s}}
{{date}} {{time}}.{{n3}} {{pid}} {{pid2}} D OkHttp  : --> END GET
""", "api/v3/picks?zone=B")

_t(L, "ios-urlsession-header-dump", here_key, r"""
{{date}} {{time}}.{{n3}} DriverApp[{{pid}}:{{n4}}] [Network] GET https://router.hereapi.com/v8/routes?transportMode=truck&origin=41.59,-93.62&destination=41.26,-95.93
{{date}} {{time}}.{{n3}} DriverApp[{{pid}}:{{n4}}] [Network] query apiKey={{s}}
""", "router.hereapi.com")

_t(L, "laravel-log-guzzle-basic", g_basic(["api_user", "ops", "freight"]), r"""
[{{date}} {{time}}] production.ERROR: Client error: `POST https://api.{{pdomain}}/v2/tenders` resulted in a `401 Unauthorized` response {"exception":"[object] (GuzzleHttp\\Exception\\ClientException(code: 401))","request":{"headers":{"Authorization":["Basic {{s}}"],"Content-Type":["application/json"]}}}
""", "api.{{pdomain}}/v2/tenders")

_t(L, "rails-params-unfiltered-key", fedex_secret, r"""
Started PATCH "/admin/carriers/4" for {{ip}} at {{date}} {{time}} +0000
Processing by Admin::CarriersController#update as HTML
  Parameters: {"authenticity_token"=>"[FILTERED]", "carrier"=>{"name"=>"FedEx", "client_id"=>"l7{{hex32}}", "client_secret_value"=>"{{s}}"}, "id"=>"4"}
""", "Admin::CarriersController#update")

_t(L, "django-debug-settings-unmasked", smpp_pw, r"""
SMPP_BIND_HOST	'smpp.{{pdomain}}'
SMPP_CREDS	('{{corp}}01', '{{s}}')
SMS_DEFAULT_SENDER	'NWFREIGHT'
""", "SMPP_BIND_HOST")

_t(L, "php-trace-pdo-args", pw_short, r"""
PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/html/admin/libraries/BMO/Database.class.php:45
Stack trace:
#0 /var/www/html/admin/libraries/BMO/Database.class.php(45): PDO->__construct('mysql:host=loca...', 'freepbxuser', '{{s}}', Array)
#1 /var/www/html/admin/bootstrap.php(139): FreePBX\Database->__construct()
#2 {main}
  thrown in /var/www/html/admin/libraries/BMO/Database.class.php on line 45
""", "Database.class.php")

_t(L, "python-logging-dict-config", pw, r"""
{{date}} {{time}},{{n3}} INFO sms_gateway.config loaded config: {'smpp': {'host': 'smpp.{{pdomain}}', 'port': 2775, 'system_id': '{{hex8}}', 'password': '{{s}}'}, 'throttle_tps': 20}
""", "sms_gateway.config")

_t(L, "json-log-outbound-headers", cf_token, r"""
{"level":"debug","ts":"{{ts}}","logger":"origin-purger","msg":"outbound request","method":"POST","url":"https://api.cloudflare.com/client/v4/zones/{{hex32}}/purge_cache","headers":{"Authorization":"Bearer {{s}}","Content-Type":"application/json"}}
""", "origin-purger")

_t(L, "zap-token-response-log", jwt, r"""
{{ts}}	DEBUG	carrier/ups.go:88	token response	{"status": 200, "access_token": "{{s}}", "token_type": "Bearer", "expires_in": "14399"}
""", "carrier/ups.go:88")

_t(L, "dotnet-sqlexception-connstring", pw, r"""
fail: Microsoft.EntityFrameworkCore.Database.Connection[20004]
      An error occurred using the connection to database 'WMS' on server 'wms-sql.{{domain}}'.
fail: Wms.Api.Startup[0]
      Failed to open connection using "Server=wms-sql.{{domain}};Database=WMS;User Id=wms_svc;Password={{s}};Encrypt=False"
      Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'wms_svc'.
""", "Microsoft.EntityFrameworkCore.Database.Connection")

_t(L, "java-exception-sftp-uri", pwu, r"""
{{date}} {{time}} ERROR [edi-poller-1] c.n.edi.SftpPoller - poll failed for sftp://edi_{{corp}}:{{s}}@sftp.{{pdomain}}:22/outbound
com.jcraft.jsch.JSchException: Auth fail
	at com.jcraft.jsch.Session.connect(Session.java:519)
	at com.northwind.edi.SftpPoller.poll(SftpPoller.java:64)
""", "com.jcraft.jsch.JSchException")

_t(L, "faraday-logger-token-header", zendesk_token, r"""
I, [{{date}}T{{time}}.{{n4}} #{{pid}}]  INFO -- request: GET https://{{corp}}.zendesk.com/api/v2/tickets/{{n4}}.json
I, [{{date}}T{{time}}.{{n4}} #{{pid}}]  INFO -- request: Authorization: "Basic auth omitted" User-Agent: "Faraday v2.7.4" X-Zendesk-Token: "{{s}}"
""", "zendesk.com/api/v2/tickets")

_t(L, "bash-xtrace-docker-login", pw, r"""
+ REGISTRY=registry.{{domain}}
+ docker login -u ci-bot -p {{s}} registry.{{domain}}
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded
""", "Login Succeeded")

_t(L, "bash-xtrace-curl-bearer", dhl_key, r"""
+ for awb in $(cat awbs.txt)
+ curl -s -H 'DHL-API-Key: {{s}}' 'https://api-eu.dhl.com/track/shipments?trackingNumber={{n4}}{{n4_2}}{{n3}}'
+ jq -r '.shipments[0].status.statusCode'
""", "awbs.txt")

_t(L, "git-fatal-url-with-token", gh_pat, r"""
remote: Repository not found.
fatal: repository 'https://{{person}}:{{s}}@github.com/{{corp}}/playout-ctl.git/' not found
""", "Repository not found")

_t(L, "ansible-vvv-module-args", pw, r"""
TASK [asterisk : write manager.conf] *******************************************
ok: [pbx01] => {"changed": false, "invocation": {"module_args": {"dest": "/etc/asterisk/manager.conf", "section": "monitor", "option": "secret", "value": "{{s}}", "mode": "0640"}}}
""", "write manager.conf")

_t(L, "mysql-general-log-create-user", pw, r"""
{{date}}T{{time}}.{{n4}}Z	   {{n3}} Connect	root@localhost on  using Socket
{{date}}T{{time}}.{{n4}}Z	   {{n3}} Query	CREATE USER 'cdr_reader'@'10.%' IDENTIFIED BY '{{s}}'
{{date}}T{{time}}.{{n4}}Z	   {{n3}} Query	GRANT SELECT ON asteriskcdrdb.* TO 'cdr_reader'@'10.%'
""", "cdr_reader")

_t(L, "postgres-log-alter-role", pw, r"""
{{date}} {{time}}.{{n3}} UTC [{{pid}}] postgres@wms LOG:  statement: ALTER ROLE wms_batch WITH PASSWORD '{{s}}';
""", "ALTER ROLE wms_batch")

_t(L, "redis-monitor-set-key", shippo_key, r"""
1712{{n4}}{{n3}}.{{n4}} [0 {{ip}}:{{port}}] "SET" "cfg:carrier:shippo:token" "{{s}}"
1712{{n4}}{{n3}}.{{n4}} [0 {{ip}}:{{port}}] "EXPIRE" "cfg:carrier:shippo:token" "86400"
""", "cfg:carrier:shippo:token")

_t(L, "apache-access-log-api-key", owm_key, r"""
{{ip}} - - [{{clf}} +0000] "GET /proxy/owm/data/2.5/weather?lat=41.59&lon=-93.62&appid={{s}} HTTP/1.1" 200 512 "-" "weewx/5.0"
""", "/proxy/owm/data/2.5/weather")

_t(L, "ttn-webhook-request-headers", ttn_key, r"""
{{ts}} INFO  webhook uplink from eu1.cloud.thethings.network device=eui-{{deveui}}
  headers:
    Content-Type: application/json
    X-Downlink-Apikey: {{s}}
    X-Downlink-Push: https://eu1.cloud.thethings.network/api/v3/as/applications/{{corp}}-soil/webhooks/farmhub/devices/eui-{{deveui}}/down/push
    X-Tts-Domain: eu1.cloud.thethings.network
""", "X-Tts-Domain")

_t(L, "lorawan-join-session-keys-debug", lora_key, r"""
{{ts}} DEBUG join-server: join-accept for dev_eui={{deveui}} dev_addr=26{{hxu6}} dev_nonce={{n4}}
{{ts}} DEBUG join-server: derived session keys app_s_key={{s}} (nwk keys omitted)
""", "dev_eui={{deveui}}")

_t(L, "twilio-node-debug-basic", twilio_basic, r"""
twilio:debug -- request: POST https://api.twilio.com/2010-04-01/Accounts/{{sid}}/Messages.json
twilio:debug -- headers: {"Authorization":"Basic {{s}}","User-Agent":"twilio-node/4.19.0 (linux x64) node/v20.11.0","Accept-Charset":"utf-8"}
""", "twilio:debug")

_t(L, "soap-wsse-password-text-dump", pw, r"""
DEBUG [SoapClient] >>> outbound envelope
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ser="http://service.admin.ws.five9.com/">
  <soapenv:Header>
    <wsse:Security><wsse:UsernameToken><wsse:Username>api_reports@{{domain}}</wsse:Username><wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">{{s}}</wsse:Password></wsse:UsernameToken></wsse:Security>
  </soapenv:Header>
  <soapenv:Body><ser:getCallLogReport/></soapenv:Body>
</soapenv:Envelope>
""", "getCallLogReport")

_t(L, "edi-isa-security-information", isa_pw, r"""
{{date}} {{time}} INFO  x12-out: wrote 214 interchange to /edi/out/{{pro}}.x12
ISA*00*          *01*{{s}}*ZZ*{{corp8}}*ZZ*{{pcorp8}}*{{yymmdd}}*{{hh}}{{mm}}*U*00401*0000{{n4}}*0*P*>~
GS*QM*{{corp8}}*{{pcorp8}}*20{{yymmdd}}*{{hh}}{{mm}}*{{n4}}*X*004010~
""", "x12-out")

_t(L, "smtplib-debug-auth-plain", smtp_plain, r"""
send: 'ehlo dispatch-worker-2\r\n'
reply: b'250-smtp.{{domain}}\r\n'
reply: b'250 AUTH PLAIN LOGIN\r\n'
send: 'AUTH PLAIN {{s}}\r\n'
reply: b'235 2.7.0 Authentication successful\r\n'
""", "dispatch-worker-2")

_t(L, "imaplib-debug-login", pw, r"""
  33:12.04 > b'DKCL1 LOGIN pod-inbox@{{domain}} "{{s}}"'
  33:12.51 < b'DKCL1 OK LOGIN completed'
""", "pod-inbox@{{domain}}")

_t(L, "weewx-restx-url-log", wu_station_pw, r"""
{{date}} {{time}} weather-pi weewxd[{{pid}}]: ERROR weewx.restx: Wunderground-PWS: Failed upload attempt 1: HTTP Error 401: url=https://rtupdate.wunderground.com/weatherstation/updateweatherstation.php?ID={{station}}&PASSWORD={{s}}&dateutc=now&action=updateraw&realtime=1&rtfreq=2.5
""", "weewx.restx")

_t(L, "home-assistant-mqtt-error", pwu, r"""
{{date}} {{time}}.{{n3}} ERROR (MainThread) [homeassistant.components.mqtt.client] Failed to connect to MQTT server mqtt://ha:{{s}}@{{ip}}:1883 due to exception: [Errno 111] Connection refused
""", "homeassistant.components.mqtt.client")

_t(L, "node-red-broker-connect-failed", pwu, r"""
{{date}} {{time}} - [info] [mqtt-broker:greenhouse] Connection failed to broker: mqtts://greenhouse:{{s}}@mqtt.{{domain}}:8883
""", "mqtt-broker:greenhouse")

_t(L, "grafana-alert-slack-url-log", slack_hook_secret, r"""
logger=alerting.notifier.slack t={{ts}} level=error msg="Failed to send Slack message" err="request to https://hooks.slack.com/services/T0{{n4}}RT/B0{{n4}}GR/{{s}} failed: 404 no_service"
""", "alerting.notifier.slack")

_t(L, "elemental-output-connect-log", twitch_key, r"""
{{date}} {{time}} [encoder-{{n3}}] output group rtmp_1: connecting rtmp://live-cdg.twitch.tv/app/{{s}}
{{date}} {{time}} [encoder-{{n3}}] output group rtmp_1: connected, sending metadata
""", "output group rtmp_1")

_t(L, "lambda-event-log-headers", lambda: us(40), r"""
START RequestId: {{uuid}} Version: $LATEST
{{ts}}	{{uuid}}	INFO	event {'resource': '/tracker/pos', 'httpMethod': 'POST', 'headers': {'content-type': 'application/json', 'x-api-key': '{{s}}', 'x-forwarded-for': '{{pubip}}'}, 'body': '{"imei":"{{imei}}","lat":41.6,"lon":-93.6}'}
END RequestId: {{uuid}}
""", "/tracker/pos")

_t(L, "terraform-debug-provider-http", do_token, r"""
{{date}}T{{time}}.{{n3}}Z [DEBUG] provider.terraform-provider-digitalocean_v2.34.1: ---[ REQUEST ]---------------------------------------
GET /v2/droplets?page=1&per_page=200 HTTP/1.1
Host: api.digitalocean.com
Authorization: Bearer {{s}}
""", "terraform-provider-digitalocean")

_t(L, "kafka-connect-config-error", pw, r"""
{"error_code":400,"message":"Connector configuration is invalid and contains the following 1 error(s):\nconnection.url: jdbc:postgresql://wms-db:5432/wms\nconnection.user: cdc\nconnection.password: {{s}}\nInvalid value for configuration table.whitelist\n"}
""", "Connector configuration is invalid")

_t(L, "panoramisk-debug-sending-login", pw, r"""
DEBUG:panoramisk.manager:Sending: {'Action': 'Login', 'Username': 'callback', 'Secret': '{{s}}', 'ActionID': 'action/{{uuid}}/1/1'}
DEBUG:panoramisk.manager:Received: {'Response': 'Success', 'Message': 'Authentication accepted'}
""", "panoramisk.manager")

_t(L, "agi-script-ami-trace", pw, r"""
AMI >> Action: Login
AMI >> Username: wallboard
AMI >> Secret: {{s}}
AMI >> Events: off
AMI << Response: Success
""", "Username: wallboard")

_t(L, "mos-gateway-connect-log", pw, r"""
{{date}} {{time}} [MOSGW] connecting to ENPS_{{n3}} upper=10541 lower=10540 as mosgw/{{s}}
{{date}} {{time}} [MOSGW] heartbeat ok
""", "[MOSGW] heartbeat ok")

_t(L, "rust-panic-debug-config", pw, r"""
thread 'main' panicked at src/main.rs:58:10:
called `Result::unwrap()` on an `Err` value: Broker(ConnectionRefused(BadUserNamePassword)), cfg: Settings { mqtt_host: "{{ip}}", mqtt_user: "gateway", mqtt_password: "{{s}}", topic: "sensors/#" }
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
""", "src/main.rs:58:10")

_t(L, "elixir-genserver-crash-state", pw, r"""
{{time}}.{{n3}} [error] GenServer Telematics.Ingest terminating
** (Postgrex.Error) FATAL 28P01 (invalid_password) password authentication failed for user "ingest"
Last message: :connect
State: %{database: "telematics", hostname: "{{ip}}", password: "{{s}}", pool_size: 10, username: "ingest"}
""", "Telematics.Ingest")

_t(L, "feign-full-logging-basic", g_basic(["0oaclient", "tmsapi", "edi-bridge"]), r"""
{{date}} {{time}}.{{n3}} DEBUG [UpsClient#token] ---> POST https://onlinetools.ups.com/security/v1/oauth/token HTTP/1.1
{{date}} {{time}}.{{n3}} DEBUG [UpsClient#token] Authorization: Basic {{s}}
{{date}} {{time}}.{{n3}} DEBUG [UpsClient#token] Content-Type: application/x-www-form-urlencoded
""", "[UpsClient#token]")

_t(L, "dotnet-httpclient-request-headers", genesys_secret, r"""
info: System.Net.Http.HttpClient.PureCloud.LogicalHandler[100]
      Start processing HTTP request POST https://api.mypurecloud.com/api/v2/analytics/conversations/details/query
trce: System.Net.Http.HttpClient.PureCloud.ClientHandler[102]
      Request Headers:
      Authorization: Bearer {{s}}
""", "analytics/conversations/details/query")

_t(L, "sentry-breadcrumb-url", ambient_key, r"""
Breadcrumbs
  http  GET https://rt.ambientweather.net/v1/devices/{{mac}}?apiKey={{s}}&limit=288  [200]
  info  dashboard refresh ok
""", "rt.ambientweather.net/v1/devices")

_t(L, "teltonika-gateway-debug", pw, r"""
[{{date}} {{time}}] FMB920 imei={{imei}} codec=8E records=12
[{{date}} {{time}}] sms-config pushed to {{imei}}: "  setparam 2004:tracker.{{domain}};2005:5027;2006:0;2010:{{s}}"
""", "FMB920 imei={{imei}}")

_t(L, "eld-sync-worker-exception", samsara_token, r"""
ERROR eld_sync.worker: HOS sync failed for driver {{n4}}{{n3}}
Traceback (most recent call last):
  File "/app/eld_sync/worker.py", line 112, in sync_driver
    logs = client.get_hos_logs(driver_id, token="{{s}}")
  File "/app/eld_sync/samsara.py", line 48, in get_hos_logs
    r.raise_for_status()
requests.exceptions.HTTPError: 503 Server Error: Service Unavailable
""", "eld_sync/worker.py")

_t(L, "wms-scanner-crash-body", pw, r"""
FATAL EXCEPTION: main
Process: com.{{corpnd}}.scanner, PID: {{pid}}
retrofit2.HttpException: HTTP 401
	at com.{{corpnd}}.scanner.net.AuthRepo.login(AuthRepo.kt:57)
request body: {"user":"scanner_{{site}}","pass":"{{s}}","device":"TC52-{{n4}}"}
""", "com.{{corpnd}}.scanner")

_t(L, "pm2-error-log-env-dump", sendgrid_key, r"""
0|notify   | Error: Unauthorized
0|notify   |     at /srv/notify/node_modules/@sendgrid/client/src/classes/client.js:146:29
0|notify   | env: { SG_KEY: '{{s}}', NODE_ENV: 'production', FROM: 'dispatch@{{domain}}' }
""", "@sendgrid/client")

_t(L, "syslog-kamailio-custom-xlog", pw, r"""
{{date}} {{time}} sip-edge /usr/sbin/kamailio[{{pid}}]: NOTICE: <script>: REGISTER from {{ext}}@sip.{{domain}} src={{pubip}} ua=Yealink SIP-T46U auth_user={{ext}} pw_try={{s}}
""", "Yealink SIP-T46U")

_t(L, "freeswitch-log-gateway-param", pw, r"""
{{date}} {{time}}.{{n3}}{{n3}} [DEBUG] sofia.c:4418 Adding gateway {{trunk}} params: realm=sip.{{pdomain}} username={{acct}} password={{s}} register=true
""", "sofia.c:4418")

_t(L, "lftp-debug-log", pw, r"""
---- Connecting to ftp.{{pdomain}} ({{pubip}}) port 21
<--- 220 VAN gateway ready
---> USER van{{n4}}
<--- 331 Password required
---> PASS {{s}}
<--- 230 User logged in
""", "VAN gateway ready")

_t(L, "influx-client-error-token", influx_token, r"""
{{ts}} E! [outputs.influxdb_v2] When writing to [https://influx.{{domain}}]: 401 Unauthorized: unauthorized access (token prefix "{{s}}")
""", "outputs.influxdb_v2")

_t(L, "k8s-event-crashloop-args", aws_secret, r"""
Events:
  Type     Reason   Age                  From     Message
  ----     ------   ----                 ----     -------
  Warning  Failed   2m (x4 over 3m)      kubelet  Error: failed to start container "archiver": exec: "/archiver --bucket {{corp}}-archive --secret-key {{s}}": stat /archiver: no such file or directory
""", "kubelet")

_t(L, "jenkins-console-maven-password", pw, r"""
[Pipeline] sh
+ mvn -B -s settings.xml deploy -Dnexus.user=deployer -Dnexus.password={{s}} -DskipTests
[INFO] Scanning for projects...
[INFO] Building edi-translator {{ver}}
""", "edi-translator")

_t(L, "gitlab-ci-job-log-echo", glpat, r"""
$ echo "using token $CI_PUSH_TOKEN"
using token {{s}}
$ git push https://ci:${CI_PUSH_TOKEN}@gitlab.{{domain}}/media/playout-ctl.git HEAD:release
""", "media/playout-ctl.git")

_t(L, "npm-debug-log-registry-auth", npm_token, r"""
31 verbose stack HttpErrorGeneral: 404 Not Found - GET https://registry.npmjs.org/@{{corp}}%2fsip-utils
32 verbose config //registry.npmjs.org/:_authToken={{s}}
33 verbose cwd /builds/voice/ivr
""", "sip-utils")

_t(L, "gstreamer-error-rtmpsink", rtmp_key, r"""
ERROR: from element /GstPipeline:pipeline0/GstRTMPSink:rtmpsink0: Could not open resource for writing.
Additional debug info:
../ext/rtmp/gstrtmpsink.c(239): gst_rtmp_sink_render (): /GstPipeline:pipeline0/GstRTMPSink:rtmpsink0:
Could not connect to RTMP stream "rtmp://origin.{{domain}}/live/{{s}}" for writing
""", "GstRTMPSink")

_t(L, "srt-server-log-streamid-passphrase", srt_pass, r"""
{{date}} {{time}} srt-gw[{{pid}}]: accept from {{pubip}}:{{port}} streamid="#!::r=live/{{ch}},m=publish" pbkeylen=32
{{date}} {{time}} srt-gw[{{pid}}]: route live/{{ch}} key check: expected passphrase "{{s}}" got (len 0) -> reject
""", "route live/{{ch}}")

_t(L, "azure-function-log-connection-string", azure_storage_key, r"""
{{ts}} [Error] Executed 'Functions.IngestWatchFolder' (Failed, Id={{uuid}}, Duration=34ms)
{{ts}} [Error] Storage account connection string 'DefaultEndpointsProtocol=https;AccountName={{corpnd}}media;AccountKey={{s}};EndpointSuffix=core.windows.net' is invalid.
""", "Functions.IngestWatchFolder")

_t(L, "oracle-ora-error-with-connect-string", pw, r"""
cx_Oracle.DatabaseError: ORA-12541: TNS:no listener
  while connecting with 'TMS_APP/{{s}}@tms-ora.{{domain}}:1521/TMSP'
""", "ORA-12541")

_t(L, "uwsgi-log-request-with-password-query", pwu, r"""
[pid: {{pid}}|app: 0|req: {{n4}}/{{n4_2}}] {{pubip}} () {42 vars in 812 bytes} [{{date}}] GET /api/legacy/login?user=yard_{{site}}&password={{s}} => generated 43 bytes in 12 msecs (HTTP/1.1 200) 4 headers in 141 bytes
""", "/api/legacy/login")

_t(L, "supervisor-stderr-env-echo", pw, r"""
edi-poller: ERROR (spawn error)
==> /var/log/supervisor/edi-poller-stderr.log <==
starting poller with SFTP_USER=edi_{{corp}} SFTP_PASSWORD={{s}} INTERVAL=300
paramiko.ssh_exception.AuthenticationException: Authentication failed.
""", "edi-poller-stderr.log")

_t(L, "ci-junit-failure-body", mux_secret, r"""
<testcase classname="tests.test_live" name="test_create_stream" time="0.412">
  <failure message="AssertionError: 401 != 201">client = MuxClient(token_id='{{uuid}}', token_secret='{{s}}')
E   AssertionError: 401 != 201</failure>
</testcase>
""", "test_create_stream")

_t(L, "go-test-verbose-log", telnyx_key, r"""
=== RUN   TestSendSMS
    sms_test.go:34: using key {{s}} against https://api.telnyx.com/v2/messages
    sms_test.go:41: unexpected status 401
--- FAIL: TestSendSMS (0.38s)
""", "TestSendSMS")

_t(L, "pytest-captured-log-call", vonage_secret, r"""
----------------------------- Captured log call ------------------------------
DEBUG    urllib3.connectionpool:connectionpool.py:546 https://rest.nexmo.com:443 "POST /sms/json?api_key={{hex8}}&api_secret={{s}}&to={{didn}}&from=AGRI HTTP/1.1" 200 253
""", "urllib3.connectionpool")

_t(L, "cloud-init-output-log", pw, r"""
Cloud-init v. 23.4.4 running 'modules:final' at {{date}}. Up 21.44 seconds.
+ echo 'asterisk:{{s}}' | chpasswd
+ systemctl enable --now asterisk
Created symlink /etc/systemd/system/multi-user.target.wants/asterisk.service
""", "modules:final")

_t(L, "vsftpd-xferlog-user-and-pass-typo", pw, r"""
{{date}} {{time}} [pid {{pid}}] CONNECT: Client "{{pubip}}"
{{date}} {{time}} [pid {{pid}}] FTP command: Client "{{pubip}}", "USER {{s}}"
{{date}} {{time}} [pid {{pid}}] [{{s}}] FAIL LOGIN: Client "{{pubip}}"
""", "CONNECT: Client")

_t(L, "wireshark-sip-digest-plain-note", pw, r"""
Frame 8812: SIP/2.0 401 Unauthorized -> REGISTER retry
    Authorization: Digest username="{{ext}}", realm="sip.{{domain}}", nonce="{{hex32}}", uri="sip:sip.{{domain}}", response="{{hex32_2}}", algorithm=MD5
    [Expert Info: softphone config export attached to ticket {{jira}}: auth_user={{ext}} auth_pass={{s}}]
""", "Frame 8812")

_t(L, "playout-asrun-db-error", pw, r"""
{{date}} {{time}} ERR  AsRunWriter: login failed for user 'asrun' (server=sql-mcr.{{domain}}; database=AsRun; password={{s}}); retrying in 30s
""", "AsRunWriter")


# ---------------------------------------------------------------------------
# source-code (hand-written shapes)
# ---------------------------------------------------------------------------

def lmic_bytes():
    return ", ".join("0x%02X" % b for b in rbytes(16))


def django_key():
    return "django-insecure-" + rs(_LOW + _DIG + "!@#%^&*(-_=+)", 50)


def hmac_secret():
    return pick([an(32), hx(48), b64u(32), "whsec_" + b64(24)])


def rsa1_body():
    return {"s": rsa_pkcs1_body()}


_t(S, "python-twilio-client-literal", twilio_token, r"""
from twilio.rest import Client

# quick script to bulk-release unused numbers after the migration
client = Client("{{sid}}", "{{s}}")
for n in client.incoming_phone_numbers.list(limit=200):
    if n.friendly_name.startswith("OLD-"):
        print("releasing", n.phone_number)
""", "incoming_phone_numbers")

_t(S, "node-twilio-require-literal", twilio_token, r"""
// routes/voice.js
const accountSid = '{{sid}}';
const authToken = '{{s}}';
const client = require('twilio')(accountSid, authToken);

router.post('/callback', async (req, res) => {
  await client.calls.create({ url: `${BASE}/twiml/ivr`, to: req.body.phone, from: '{{did}}' });
  res.sendStatus(204);
});
""", "routes/voice.js")

_t(S, "csharp-twilioclient-init", twilio_token, r"""
// ContactCenter.Sms/Program.cs
TwilioClient.Init("{{sid}}", "{{s}}");
var message = await MessageResource.CreateAsync(
    body: "Your agent will call back within 15 minutes.",
    from: new PhoneNumber("{{did}}"),
    to: new PhoneNumber(customer.Phone));
""", "ContactCenter.Sms/Program.cs")

_t(S, "python-panoramisk-manager-init", pw, r"""
import asyncio
from panoramisk import Manager

manager = Manager(loop=asyncio.get_event_loop(),
                  host='{{ip}}', port=5038,
                  username='callback',
                  secret='{{s}}')

@manager.register_event('Hangup')
def on_hangup(manager, event):
    log.info("hangup %s cause=%s", event.Uniqueid, event.Cause)
""", "register_event('Hangup')")

_t(S, "node-ari-client-connect", pw, r"""
const ari = require('ari-client');

ari.connect('http://{{ip}}:8088', 'ivr', '{{s}}', (err, client) => {
  if (err) throw err;
  client.on('StasisStart', onStart);
  client.start('callback-ivr');
});
""", "StasisStart")

_t(S, "php-pami-client-options", pw, r"""
<?php
$pamiClientOptions = [
    'host' => '127.0.0.1',
    'scheme' => 'tcp://',
    'port' => 5038,
    'username' => 'crm',
    'secret' => '{{s}}',
    'connect_timeout' => 10,
    'read_timeout' => 10,
];
$pamiClient = new \PAMI\Client\Impl\ClientImpl($pamiClientOptions);
""", "PAMI\\Client\\Impl\\ClientImpl")

_t(S, "go-sipgo-digest-auth", pw, r"""
	res, err := client.Do(ctx, req)
	if res.StatusCode == sip.StatusUnauthorized {
		res, err = client.DoDigestAuth(ctx, req, res, sipgo.DigestAuth{
			Username: "{{ext}}",
			Password: "{{s}}",
		})
	}
""", "sipgo.DigestAuth")

_t(S, "java-drivermanager-literal", pw, r"""
    private Connection open() throws SQLException {
        return DriverManager.getConnection(
            "jdbc:postgresql://wms-db.{{env}}.{{domain}}:5432/wms",
            "wms_app",
            "{{s}}");
    }
""", "jdbc:postgresql://wms-db.{{env}}.{{domain}}:5432/wms")

_t(S, "arduino-lmic-appkey-array", lmic_bytes, r"""
// soil-probe.ino  (OTAA)
static const u1_t PROGMEM APPEUI[8] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 };
void os_getArtEui (u1_t* buf) { memcpy_P(buf, APPEUI, 8);}
static const u1_t PROGMEM DEVEUI[8] = { 0x{{hx2a}}, 0x{{hx2b}}, 0xD5, 0x7E, 0xD0, 0x05, 0x{{hx2c}}, 0x70 };
void os_getDevEui (u1_t* buf) { memcpy_P(buf, DEVEUI, 8);}
static const u1_t PROGMEM APPKEY[16] = { {{s}} };
void os_getDevKey (u1_t* buf) {  memcpy_P(buf, APPKEY, 16);}
""", "soil-probe.ino")

_t(S, "arduino-esp32-wu-station-key", wu_station_pw, r"""
#include <WiFi.h>
#include "secrets.h"   // WIFI_SSID / WIFI_PASS

const char* WU_ID  = "{{station}}";
const char* WU_KEY = "{{s}}";
const char* WU_HOST = "weatherstation.wunderground.com";
""", "weatherstation.wunderground.com")

_t(S, "micropython-umqtt-client", pw, r"""
from umqtt.simple import MQTTClient
import machine, ubinascii

CID = ubinascii.hexlify(machine.unique_id())
c = MQTTClient(CID, "mqtt.{{domain}}", port=8883, user="ws-{{n3}}", password="{{s}}", ssl=True)
c.connect()
""", "umqtt.simple")

_t(S, "c-firmware-apn-define", pw, r"""
/* tracker_cfg.h */
#define APN_NAME   "iot.{{pdomain}}"
#define APN_USER   "fleet"
#define APN_PASS   "{{s}}"
#define SERVER_IP  "{{pubip}}"
#define SERVER_PORT 5013
""", "tracker_cfg.h")

_t(S, "rust-const-smpp-password", smpp_pw, r"""
// src/smpp/bind.rs
const SYSTEM_ID: &str = "{{hex8}}";
const SMPP_PASSWORD: &str = "{{s}}";

pub fn bind_pdu(seq: u32) -> BindTransceiver {
    BindTransceiver::new(seq, SYSTEM_ID, SMPP_PASSWORD, "", 0x34)
}
""", "src/smpp/bind.rs")

_t(S, "python-boto3-client-inline-keys", aws_secret, r"""
s3 = boto3.client(
    "s3",
    region_name="{{region}}",
    aws_access_key_id="{{akid}}",
    aws_secret_access_key="{{s}}",
)
s3.upload_file(local_path, "{{corp}}-proxies", key)
""", "{{corp}}-proxies")

_t(S, "node-aws-sdk-v3-credentials", aws_secret, r"""
const s3 = new S3Client({
  region: '{{region}}',
  credentials: {
    accessKeyId: '{{akid}}',
    secretAccessKey: '{{s}}',
  },
});
""", "region: '{{region}}'")

_t(S, "go-static-credentials-provider", aws_secret, r"""
	cfg, err := config.LoadDefaultConfig(ctx,
		config.WithRegion("{{region}}"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("{{akid}}", "{{s}}", "")),
	)
""", "config.LoadDefaultConfig")

_t(S, "python-paramiko-transport-password", pw, r"""
transport = paramiko.Transport(("sftp.{{pdomain}}", 22))
transport.connect(username="{{corp}}_edi", password="{{s}}")
sftp = paramiko.SFTPClient.from_transport(transport)
for name in sftp.listdir("/outbound/214"):
""", "paramiko.SFTPClient")

_t(S, "java-jsch-set-password", pw, r"""
        JSch jsch = new JSch();
        Session session = jsch.getSession("edi_{{corp}}", "sftp.{{pdomain}}", 22);
        session.setPassword("{{s}}");
        session.setConfig("StrictHostKeyChecking", "no");
        session.connect(15000);
""", "StrictHostKeyChecking")

_t(S, "csharp-sshnet-sftpclient", pw, r"""
using var sftp = new SftpClient("sftp.{{pdomain}}", 22, "edi_{{corp}}", "{{s}}");
sftp.Connect();
foreach (var f in sftp.ListDirectory("/outbound/810")) { /* ... */ }
""", "/outbound/810")

_t(S, "kotlin-gradle-buildconfigfield", lambda: an(32), r"""
android {
    defaultConfig {
        applicationId = "com.{{corpnd}}.scanner"
        minSdk = 26
        buildConfigField("String", "WMS_API_KEY", "\"{{s}}\"")
    }
}
""", "com.{{corpnd}}.scanner")

_t(S, "swift-mapbox-secret-token", mapbox_secret, r"""
// AppDelegate.swift
func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
    ResourceOptionsManager.default.resourceOptions.accessToken = "{{s}}"
    return true
}
""", "AppDelegate.swift")

_t(S, "dart-google-maps-key-const", gcp_api_key, r"""
// lib/config.dart
const kGoogleMapsKey = '{{s}}';
const kDepotLat = 41.5868;
const kDepotLng = -93.6250;
""", "lib/config.dart")

_t(S, "typescript-easypost-client-literal", easypost_key, r"""
import EasyPostClient from '@easypost/api';

const client = new EasyPostClient('{{s}}');

export async function buyCheapest(shipmentId: string) {
  const shipment = await client.Shipment.retrieve(shipmentId);
  return client.Shipment.buy(shipment.id, shipment.lowestRate());
}
""", "@easypost/api")

_t(S, "python-easypost-client-literal", easypost_key, r"""
import easypost

client = easypost.EasyPostClient("{{s}}")
shipment = client.shipment.create(to_address=to_addr, from_address=DEPOT, parcel={"weight": 21.0})
""", "client.shipment.create")

_t(S, "ruby-shippo-api-token", shippo_key, r"""
# config/initializers/shippo.rb
require "shippo"
Shippo::API.token = "{{s}}"
Shippo::API.version = "2018-02-08"
""", "config/initializers/shippo.rb")

_t(S, "php-laravel-env-default-fallback", kaltura_secret, r"""
    'kaltura' => [
        'partner_id' => env('KALTURA_PARTNER_ID', {{orgid}}),
        'admin_secret' => env('KALTURA_ADMIN_SECRET', '{{s}}'),
        'service_url' => 'https://www.kaltura.com',
    ],
""", "KALTURA_PARTNER_ID")

_t(S, "python-getenv-default-fallback", samsara_token, r"""
SAMSARA_TOKEN = os.getenv("SAMSARA_TOKEN", "{{s}}")
POLL_SECONDS = int(os.getenv("POLL_SECONDS", "30"))
""", "POLL_SECONDS")

_t(S, "js-process-env-or-fallback", dhl_key, r"""
const DHL_KEY = process.env.DHL_API_KEY || '{{s}}';
const BASE = process.env.DHL_BASE || 'https://api-eu.dhl.com';
""", "DHL_BASE")

_t(S, "go-getenv-empty-fallback", pw, r"""
	pass := os.Getenv("GEOTAB_PASSWORD")
	if pass == "" {
		pass = "{{s}}" // local dev only
	}
	api := geotab.New("my.geotab.com", "{{corp}}", "api@{{domain}}", pass)
""", "geotab.New")

_t(S, "java-spring-value-default", fedex_secret, r"""
    @Value("${fedex.client-id}")
    private String clientId;

    @Value("${fedex.client-secret:{{s}}}")
    private String clientSecret;
""", "fedex.client-id")

_t(S, "csharp-configuration-null-coalesce", pw, r"""
var smppPassword = builder.Configuration["Smpp:Password"] ?? "{{s}}";
var smppHost = builder.Configuration["Smpp:Host"] ?? "smpp.{{pdomain}}";
""", "Smpp:Host")

_t(S, "python-pyjwt-encode-secret", hmac_secret, r"""
def driver_token(driver_id: int) -> str:
    payload = {"sub": str(driver_id), "scope": "eld:write", "exp": datetime.utcnow() + timedelta(hours=12)}
    return jwt.encode(payload, "{{s}}", algorithm="HS256")
""", "eld:write")

_t(S, "node-jsonwebtoken-sign-secret", hmac_secret, r"""
const token = jwt.sign({ sub: agent.id, queue: agent.queue }, '{{s}}', { expiresIn: '8h' });
res.cookie('wallboard', token, { httpOnly: true });
""", "wallboard")

_t(S, "go-jwt-hmac-secret-var", hmac_secret, r"""
var hmacSecret = []byte("{{s}}")

func issue(trackerID string) (string, error) {
	t := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": trackerID, "exp": time.Now().Add(24 * time.Hour).Unix()})
	return t.SignedString(hmacSecret)
}
""", "jwt.SigningMethodHS256")

_t(S, "python-webhook-hmac-secret", hmac_secret, r"""
CARRIER_WEBHOOK_SECRET = b"{{s}}"

def verify(req):
    sig = hmac.new(CARRIER_WEBHOOK_SECRET, req.body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(sig, req.headers.get("X-Carrier-Signature", ""))
""", "X-Carrier-Signature")

_t(S, "flask-secret-key-config", lambda: hx(48), r"""
app = Flask(__name__)
app.config["SECRET_KEY"] = "{{s}}"
app.config["SESSION_COOKIE_SECURE"] = True
""", "SESSION_COOKIE_SECURE")

_t(S, "django-settings-insecure-key", django_key, r"""
# farmportal/settings.py
SECRET_KEY = '{{s}}'
DEBUG = False
ALLOWED_HOSTS = ["portal.{{domain}}"]
""", "farmportal/settings.py")

_t(S, "sql-seed-insert-carrier-key", dhl_key, r"""
-- db/seeds/003_carrier_accounts.sql
INSERT INTO carrier_accounts (carrier, account_no, api_key, active)
VALUES ('dhl', '{{acct}}', '{{s}}', true);
""", "db/seeds/003_carrier_accounts.sql")

_t(S, "sql-migration-create-role", pw, r"""
-- migrations/V42__grafana_readonly.sql
CREATE ROLE grafana_ro WITH LOGIN PASSWORD '{{s}}';
GRANT USAGE ON SCHEMA telemetry TO grafana_ro;
GRANT SELECT ON ALL TABLES IN SCHEMA telemetry TO grafana_ro;
""", "V42__grafana_readonly.sql")

_t(S, "pytest-fixture-plivo-client", plivo_token, r"""
@pytest.fixture
def plivo_client():
    return plivo.RestClient(auth_id="MA{{anu18}}", auth_token="{{s}}")
""", "plivo.RestClient")

_t(S, "jest-setup-env-token", telnyx_key, r"""
// jest.setup.ts
process.env.TELNYX_API_KEY = '{{s}}';
process.env.TELNYX_PROFILE_ID = '{{uuid}}';
""", "jest.setup.ts")

_t(S, "ipynb-cell-source-json", deere_secret, r"""
  {
   "cell_type": "code",
   "execution_count": 4,
   "metadata": {},
   "outputs": [],
   "source": [
    "CLIENT_ID = \"0oa{{hex16}}\"\n",
    "CLIENT_SECRET = \"{{s}}\"\n",
    "token = get_token(CLIENT_ID, CLIENT_SECRET)\n"
   ]
  },
""", "execution_count")

_t(S, "vba-macro-ftp-const", pw, r"""
Attribute VB_Name = "ExportDailyPicks"
Const FTP_HOST As String = "ftp.{{pdomain}}"
Const FTP_USER As String = "wh_{{site}}"
Const FTP_PASS As String = "{{s}}"

Sub UploadPickReport()
""", "ExportDailyPicks")

_t(S, "powershell-script-securestring", pw, r"""
# Restart-Playout.ps1
$user = "CORP\svc_playout"
$pass = ConvertTo-SecureString "{{s}}" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential($user, $pass)
Invoke-Command -ComputerName PLAYOUT-A,PLAYOUT-B -Credential $cred -ScriptBlock { Restart-Service "Playout Engine" }
""", "Restart-Playout.ps1")

_t(S, "bash-backup-script-var", pw, r"""
#!/bin/bash
# /usr/local/sbin/pbx-backup.sh
DB_USER=root
DB_PASS="{{s}}"
DEST=/mnt/backup/pbx/$(date +%F)
mkdir -p "$DEST"
mysqldump -u"$DB_USER" -p"$DB_PASS" --all-databases | gzip > "$DEST/all.sql.gz"
""", "/usr/local/sbin/pbx-backup.sh")

_t(S, "python-agi-pymysql-connect", pw, r"""
#!/usr/bin/env python3
# /var/lib/asterisk/agi-bin/lookup_customer.py
import pymysql
from asterisk.agi import AGI

agi = AGI()
db = pymysql.connect(host="localhost", user="crm_lookup", password="{{s}}", database="crm")
""", "lookup_customer.py")

_t(S, "lua-freeswitch-dbh-dsn", pw, r"""
-- scripts/route_lookup.lua
local dbh = freeswitch.Dbh("pgsql://hostaddr=127.0.0.1 dbname=routing user=fs password='{{s}}'")
assert(dbh:connected())
""", "scripts/route_lookup.lua")

_t(S, "python-paho-ttn-username-pw", ttn_key, r"""
client = mqtt.Client(client_id="farmhub-{{n3}}")
client.username_pw_set("{{corp}}-soil@ttn", "{{s}}")
client.tls_set()
client.connect("eu1.cloud.thethings.network", 8883)
""", "eu1.cloud.thethings.network")

_t(S, "python-content-key-dict", content_key, r"""
# packaging/keys.py -- TEMP until KMS integration lands
CONTENT_KEYS = {
    "{{showslug}}": {"kid": "{{kid}}", "key": "{{s}}"},
}
""", "packaging/keys.py")

_t(S, "js-shaka-clearkey-config", content_key, r"""
player.configure({
  drm: {
    clearKeys: {
      '{{kid}}': '{{s}}'
    }
  }
});
""", "clearKeys")

_t(S, "python-akamai-edgeauth-key", akamai_token_key, r"""
from akamai.edgeauth import EdgeAuth

ea = EdgeAuth(key="{{s}}", window_seconds=300, escape_early=True)
token = ea.generate_acl_token("/live/{{ch}}/*")
""", "akamai.edgeauth")

_t(S, "php-wowza-securetoken-shared-secret", lambda: hx(16), r"""
<?php
$sharedSecret = "{{s}}";
$end = time() + 600;
$hash = base64_encode(hash('sha256', "live/{{ch}}?{$sharedSecret}&wowzatokenendtime={$end}", true));
""", "wowzatokenendtime")

_t(S, "go-cloudfront-signer-inline-pem", rsa1_body, r"""
const cfKeyPairID = "K{{anu13}}"

const cfPrivateKey = `-----BEGIN RSA PRIVATE KEY-----
{{s}}
-----END RSA PRIVATE KEY-----`
""", "cfKeyPairID")

_t(S, "csharp-networkcredential-inews", pw, r"""
var ftp = (FtpWebRequest)WebRequest.Create("ftp://inews-a.{{domain}}/SHOW.{{n4}}.RUNDOWN");
ftp.Credentials = new NetworkCredential("svc_inews", "{{s}}");
ftp.Method = WebRequestMethods.Ftp.ListDirectoryDetails;
""", "SHOW.{{n4}}.RUNDOWN")

_t(S, "python-ftplib-inews-login", pw, r"""
from ftplib import FTP

with FTP("inews-b.{{domain}}") as ftp:
    ftp.login("svc_rundown", "{{s}}")
    ftp.cwd("SHOW.6PM.RUNDOWN")
""", "SHOW.6PM.RUNDOWN")

_t(S, "apps-script-urlfetch-bearer", particle_token, r"""
function pullSoilReadings() {
  const TOKEN = '{{s}}';
  const res = UrlFetchApp.fetch('https://api.particle.io/v1/devices/events', {
    headers: { Authorization: 'Bearer ' + TOKEN },
    muteHttpExceptions: true,
  });
  SpreadsheetApp.getActive().getSheetByName('raw').appendRow([new Date(), res.getContentText()]);
}
""", "pullSoilReadings")

_t(S, "r-script-sys-setenv-key", owm_key, r"""
# analysis/gdd.R
library(httr)
Sys.setenv(OWM_KEY = "{{s}}")
r <- GET("https://api.openweathermap.org/data/2.5/onecall/timemachine", query = list(lat = 41.6, lon = -93.6, appid = Sys.getenv("OWM_KEY")))
""", "analysis/gdd.R")

_t(S, "perl-kannel-sendsms", pw, r"""
#!/usr/bin/perl
use LWP::Simple;
my $user = 'dispatch';
my $pass = '{{s}}';
my $url  = "http://{{ip}}:13013/cgi-bin/sendsms?username=$user&password=$pass&to=$to&text=$msg";
get($url);
""", "cgi-bin/sendsms")

_t(S, "java-kaltura-admin-secret", kaltura_secret, r"""
    KalturaConfiguration config = new KalturaConfiguration();
    config.setEndpoint("https://www.kaltura.com");
    Client client = new Client(config);
    String adminSecret = "{{s}}";
    String ks = client.generateSession(adminSecret, "newsroom-bot", SessionType.ADMIN, {{orgid}});
""", "KalturaConfiguration")

_t(S, "python-srt-config-dict", srt_pass, r"""
FEEDS = {
    "truck-{{num}}": {"url": "srt://{{pubip}}:{{port}}", "latency": 400, "passphrase": "{{s}}"},
    "studio-b": {"url": "srt://10.20.0.14:9000", "latency": 120},
}
""", "studio-b")

_t(S, "javascript-obs-websocket-connect", obs_ws_pw, r"""
const obs = new OBSWebSocket();
await obs.connect('ws://10.20.3.{{num}}:4455', '{{s}}');
await obs.call('SetCurrentProgramScene', { sceneName: 'Weather Wall' });
""", "SetCurrentProgramScene")

_t(S, "python-geotab-mygeotab-api", pw, r"""
import mygeotab

api = mygeotab.API(username="api@{{domain}}", password="{{s}}", database="{{corp}}")
api.authenticate()
devices = api.get("Device", resultsLimit=500)
""", "mygeotab.API")

_t(S, "kotlin-retrofit-basic-credentials", pw, r"""
    private val authHeader = Credentials.basic("handheld_{{site}}", "{{s}}")

    private val client = OkHttpClient.Builder()
        .addInterceptor { chain -> chain.proceed(chain.request().newBuilder().header("Authorization", authHeader).build()) }
        .build()
""", "handheld_{{site}}")

_t(S, "ruby-net-sftp-start", pw, r"""
Net::SFTP.start("sftp.{{pdomain}}", "edi_{{corp}}", password: "{{s}}") do |sftp|
  sftp.dir.foreach("/outbound/997") { |e| puts e.name }
end
""", "/outbound/997")

_t(S, "typescript-ioredis-options", pw, r"""
export const redis = new Redis({
  host: 'redis.{{env}}.{{domain}}',
  port: 6380,
  password: '{{s}}',
  tls: {},
  keyPrefix: 'gps:',
});
""", "keyPrefix: 'gps:'")

_t(S, "python-sqlalchemy-url-literal", pwu, r"""
engine = create_engine(
    "postgresql+psycopg2://farmos:{{s}}@db.{{domain}}:5432/farmos",
    pool_pre_ping=True,
)
""", "pool_pre_ping=True")

_t(S, "go-dsn-fmt-literal", pw, r"""
	dsn := fmt.Sprintf("host=%s user=%s password=%s dbname=%s sslmode=require", host, "telemetry", "{{s}}", "telemetry")
	db, err := sql.Open("pgx", dsn)
""", "sql.Open(\"pgx\", dsn)")


# ---------------------------------------------------------------------------
# ci-and-deploy
# ---------------------------------------------------------------------------
D = "ci-and-deploy"


def sonar_token():
    return "squ_" + hx(40)


def trigger_token():
    return "glptt-" + hx(40)


def pulumi_secure():
    return "v1:" + b64(12) + ":" + b64(36)


_t(D, "gha-workflow-env-literal", samsara_token, r"""
# .github/workflows/eld-sync.yml
name: eld-sync nightly
on:
  schedule:
    - cron: "15 6 * * *"
jobs:
  sync:
    runs-on: ubuntu-latest
    env:
      SAMSARA_API_TOKEN: {{s}}
      SYNC_WINDOW_HOURS: 26
    steps:
      - uses: actions/checkout@v4
      - run: python -m eld_sync --since 26h
""", "eld-sync nightly")

_t(D, "gha-docker-login-action-literal", pw, r"""
      - name: Log in to Harbor
        uses: docker/login-action@v3
        with:
          registry: harbor.{{domain}}
          username: robot$media+ci
          password: {{s}}
""", "docker/login-action@v3")

_t(D, "gha-run-step-inline-curl", slack_hook_secret, r"""
      - name: Notify NOC
        if: failure()
        run: |
          curl -s -X POST -H 'Content-type: application/json' \
            --data "{\"text\":\"playout-ctl deploy failed on ${GITHUB_REF_NAME}\"}" \
            https://hooks.slack.com/services/T0{{n4}}MCR/B0{{n4}}DPL/{{s}}
""", "Notify NOC")

_t(D, "gha-with-input-api-key", datadog_api, r"""
      - name: Upload sourcemaps
        uses: DataDog/datadog-ci-action@v1
        with:
          api-key: {{s}}
          site: datadoghq.eu
          service: dispatch-ui
""", "DataDog/datadog-ci-action@v1")

_t(D, "gitlab-ci-variables-block", pw, r"""
# .gitlab-ci.yml
variables:
  DOCKER_DRIVER: overlay2
  SIP_TRUNK_USER: "{{acct}}"
  SIP_TRUNK_PASSWORD: "{{s}}"

deploy_pbx:
  stage: deploy
  script:
    - ansible-playbook -i inventories/prod pbx.yml
""", "DOCKER_DRIVER: overlay2")

_t(D, "gitlab-ci-script-inline-token", trigger_token, r"""
trigger_firmware_build:
  stage: trigger
  script:
    - curl -X POST --fail -F token={{s}} -F ref=main https://gitlab.{{domain}}/api/v4/projects/{{n3}}/trigger/pipeline
""", "trigger_firmware_build")

_t(D, "jenkinsfile-environment-literal", pw, r"""
pipeline {
    agent { label 'docker' }
    environment {
        NEXUS_USER = 'deployer'
        NEXUS_PASS = '{{s}}'
    }
    stages {
        stage('Publish') {
            steps { sh './gradlew publish -PnexusUsername=$NEXUS_USER -PnexusPassword=$NEXUS_PASS' }
        }
    }
}
""", "agent { label 'docker' }")

_t(D, "jenkinsfile-sh-inline-literal", pw, r"""
        stage('Deploy WMS') {
            steps {
                sh "sshpass -p '{{s}}' rsync -az build/ deploy@{{ip}}:/opt/wms/"
            }
        }
""", "stage('Deploy WMS')")

_t(D, "circleci-config-environment", mux_secret, r"""
jobs:
  e2e-live:
    docker:
      - image: cimg/node:20.11
        environment:
          MUX_TOKEN_ID: {{uuid}}
          MUX_TOKEN_SECRET: {{s}}
    steps:
      - checkout
      - run: npm run test:e2e
""", "cimg/node:20.11")

_t(D, "bitbucket-pipelines-inline-var", pw, r"""
pipelines:
  branches:
    main:
      - step:
          name: Deploy EDI bridge
          script:
            - export SFTP_PASSWORD='{{s}}'
            - pipe: atlassian/sftp-deploy:0.9.1
              variables:
                USER: 'edi_{{corp}}'
                SERVER: 'sftp.{{pdomain}}'
                REMOTE_PATH: '/opt/edi-bridge'
""", "atlassian/sftp-deploy:0.9.1")

_t(D, "azure-pipelines-variables-value", azure_storage_key, r"""
variables:
  - name: storageAccount
    value: {{corpnd}}playout
  - name: storageKey
    value: '{{s}}'

steps:
  - script: az storage blob sync -c promos -s ./out --account-name $(storageAccount) --account-key "$(storageKey)"
""", "storageAccount")

_t(D, "drone-yml-environment", pw, r"""
kind: pipeline
type: docker
name: default

steps:
  - name: migrate
    image: flyway/flyway:10
    environment:
      FLYWAY_URL: jdbc:postgresql://{{ip}}:5432/tms
      FLYWAY_USER: tms_owner
      FLYWAY_PASSWORD: {{s}}
    commands:
      - flyway migrate
""", "flyway/flyway:10")

_t(D, "travis-env-global-plain", sendgrid_key, r"""
language: python
python: "3.11"
env:
  global:
    - SENDGRID_API_KEY={{s}}
    - DJANGO_SETTINGS_MODULE=portal.settings.ci
script: pytest -q
""", "DJANGO_SETTINGS_MODULE=portal.settings.ci")

_t(D, "dockerfile-env-literal", pw, r"""
FROM eclipse-temurin:21-jre
WORKDIR /app
ENV SPRING_PROFILES_ACTIVE=prod \
    TMS_DB_USER=tms_app \
    TMS_DB_PASSWORD={{s}}
COPY build/libs/tms.jar app.jar
ENTRYPOINT ["java","-jar","app.jar"]
""", "eclipse-temurin:21-jre")

_t(D, "dockerfile-arg-default", npm_token, r"""
FROM node:20-alpine AS build
ARG NPM_TOKEN={{s}}
RUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci && rm .npmrc
""", "node:20-alpine AS build")

_t(D, "dockerfile-run-pip-index-creds", pwu, r"""
FROM python:3.12-slim
RUN pip install --no-cache-dir --extra-index-url https://build:{{s}}@pypi.{{domain}}/simple/ lorawan-codecs==1.8.2
""", "lorawan-codecs")

_t(D, "compose-environment-map", pw, r"""
services:
  freepbx:
    image: tiredofit/freepbx:latest
    environment:
      DB_EMBEDDED: "FALSE"
      DB_HOST: freepbx-db
      DB_NAME: asterisk
      DB_USER: asterisk
      DB_PASS: "{{s}}"
    ports:
      - "5060:5060/udp"
""", "tiredofit/freepbx:latest")

_t(D, "compose-environment-list", pw, r"""
  chirpstack-postgres:
    image: postgres:14-alpine
    environment:
      - POSTGRES_USER=chirpstack
      - POSTGRES_PASSWORD={{s}}
      - POSTGRES_DB=chirpstack
    volumes:
      - ./configuration/postgresql/initdb:/docker-entrypoint-initdb.d
""", "postgres:14-alpine")

_t(D, "compose-healthcheck-redis-auth", pw, r"""
  redis:
    image: redis:7
    command: ["redis-server", "--requirepass", "{{s}}"]
    healthcheck:
      test: ["CMD", "redis-cli", "ping"]
      interval: 10s
""", "redis-server")

_t(D, "compose-mysql-root-password", pw, r"""
  mariadb:
    image: mariadb:10.11
    restart: unless-stopped
    environment:
      MARIADB_ROOT_PASSWORD: {{s}}
      MARIADB_DATABASE: asteriskcdrdb
""", "mariadb:10.11")

_t(D, "k8s-secret-stringdata", pw, r"""
apiVersion: v1
kind: Secret
metadata:
  name: kannel-smsc
  namespace: sms
type: Opaque
stringData:
  smsc-username: {{corp}}01
  smsc-password: "{{s}}"
""", "kannel-smsc")

_t(D, "k8s-secret-data-base64", k8s_b64(pw), r"""
apiVersion: v1
kind: Secret
metadata:
  name: geotab-creds
  namespace: fleet
data:
  GEOTAB_USER: {{geouser_b64}}
  GEOTAB_PASSWORD: {{s}}
""", "geotab-creds")

_t(D, "k8s-deployment-env-value", ttn_key, r"""
      containers:
        - name: lns-bridge
          image: ghcr.io/{{corp}}/lns-bridge:{{short}}
          env:
            - name: TTN_APP_ID
              value: {{corp}}-soil
            - name: TTN_API_KEY
              value: "{{s}}"
""", "lns-bridge")

_t(D, "k8s-configmap-data-literal", pw, r"""
apiVersion: v1
kind: ConfigMap
metadata:
  name: edi-bridge-config
data:
  application.properties: |
    edi.sftp.host=sftp.{{pdomain}}
    edi.sftp.user=edi_{{corp}}
    edi.sftp.password={{s}}
""", "edi-bridge-config")

_t(D, "helm-values-yaml-credentials", pw, r"""
# charts/chirpstack/values-prod.yaml
postgresql:
  auth:
    username: chirpstack
    password: "{{s}}"
    database: chirpstack
redis:
  enabled: true
""", "charts/chirpstack/values-prod.yaml")

_t(D, "helm-values-nested-apikey", owm_key, r"""
weatherIngest:
  schedule: "*/10 * * * *"
  providers:
    openweather:
      enabled: true
      appid: {{s}}
    ambient:
      enabled: false
""", "weatherIngest")

_t(D, "kustomize-secretgenerator-literals", pw, r"""
secretGenerator:
  - name: asterisk-ami
    literals:
      - AMI_USER=wallboard
      - AMI_SECRET={{s}}
generatorOptions:
  disableNameSuffixHash: true
""", "asterisk-ami")

_t(D, "terraform-tfvars-file", pw, r"""
# envs/{{env}}/terraform.tfvars
region          = "{{region}}"
db_instance     = "db.t4g.medium"
db_username     = "tms_owner"
db_password     = "{{s}}"
""", "db.t4g.medium")

_t(D, "terraform-provider-twilio-literal", twilio_token, r"""
provider "twilio" {
  username = "{{sid}}"
  password = "{{s}}"
}

resource "twilio_api_accounts_keys" "ci" {
  friendly_name = "ci-{{env}}"
}
""", "twilio_api_accounts_keys")

_t(D, "terraform-aws-db-password-literal", pw, r"""
resource "aws_db_instance" "wms" {
  identifier           = "wms-{{env}}"
  engine               = "postgres"
  engine_version       = "15.5"
  instance_class       = "db.r6g.large"
  username             = "wms_owner"
  password             = "{{s}}"
  skip_final_snapshot  = false
}
""", "aws_db_instance")

_t(D, "terraform-variable-default-secret", cf_token, r"""
variable "cloudflare_api_token" {
  type        = string
  description = "token for origin cache rules"
  default     = "{{s}}"
}
""", "cloudflare_api_token")

_t(D, "terraform-azurerm-backend-access-key", azure_storage_key, r"""
terraform {
  backend "azurerm" {
    storage_account_name = "{{corpnd}}tfstate"
    container_name       = "tfstate"
    key                  = "media/{{env}}.tfstate"
    access_key           = "{{s}}"
  }
}
""", "container_name")

_t(D, "terraform-aws-provider-static-keys", aws_secret, r"""
provider "aws" {
  region     = "{{region}}"
  access_key = "{{akid}}"
  secret_key = "{{s}}"
}
""", "region     = \"{{region}}\"")

_t(D, "ansible-group-vars-plaintext", pw, r"""
# group_vars/pbx.yml
asterisk_version: 20
ami_users:
  - name: wallboard
    secret: "{{s}}"
    read: "call,agent"
""", "group_vars/pbx.yml")

_t(D, "ansible-inventory-ansible-password", pw, r"""
[weather_pis]
ws-north ansible_host={{ip}} ansible_user=pi ansible_password={{s}}
ws-south ansible_host={{ip2}} ansible_user=pi
""", "weather_pis")

_t(D, "ansible-task-literal-password", pw, r"""
- name: Create CDR reader
  community.mysql.mysql_user:
    name: cdr_reader
    host: "10.%"
    password: "{{s}}"
    priv: "asteriskcdrdb.*:SELECT"
""", "community.mysql.mysql_user")

_t(D, "salt-pillar-plain", pw, r"""
# pillar/kannel.sls
kannel:
  smsc:
    host: {{pubip}}
    username: {{corp}}01
    password: {{s}}
""", "pillar/kannel.sls")

_t(D, "chef-data-bag-json", pw, r"""
{
  "id": "edi_sftp",
  "host": "sftp.{{pdomain}}",
  "user": "edi_{{corp}}",
  "password": "{{s}}"
}
""", "edi_sftp")

_t(D, "puppet-hiera-yaml", pw, r"""
---
profile::freeswitch::esl_password: '{{s}}'
profile::freeswitch::sip_port: 5080
""", "profile::freeswitch::sip_port")

_t(D, "systemd-unit-environment-line", influx_token, r"""
[Service]
ExecStart=/usr/bin/telegraf --config /etc/telegraf/telegraf.conf
Environment="INFLUX_TOKEN={{s}}"
Restart=on-failure
""", "/usr/bin/telegraf")

_t(D, "systemd-environmentfile-default", pw, r"""
# /etc/default/edi-bridge  (EnvironmentFile for edi-bridge.service)
EDI_SFTP_HOST=sftp.{{pdomain}}
EDI_SFTP_PASS={{s}}
JAVA_OPTS="-Xmx768m"
""", "/etc/default/edi-bridge")

_t(D, "cloud-init-chpasswd", pw, r"""
#cloud-config
hostname: lora-gw-{{n3}}
chpasswd:
  expire: false
  users:
    - name: pi
      password: {{s}}
      type: text
ssh_pwauth: true
""", "lora-gw-{{n3}}")

_t(D, "packer-hcl-ssh-password", pw, r"""
source "proxmox-iso" "asterisk" {
  proxmox_url  = "https://pve.{{domain}}:8006/api2/json"
  username     = "packer@pve"
  ssh_username = "root"
  ssh_password = "{{s}}"
  iso_file     = "local:iso/debian-12.5.0-amd64-netinst.iso"
}
""", "proxmox-iso")

_t(D, "vagrantfile-env-literal", pw, r"""
Vagrant.configure("2") do |config|
  config.vm.box = "bento/debian-12"
  config.vm.provision "shell", env: { "MYSQL_ROOT_PASSWORD" => "{{s}}" }, path: "provision/freepbx.sh"
end
""", "bento/debian-12")

_t(D, "fly-toml-env-section", pw, r"""
app = "eld-bridge"
primary_region = "ord"

[env]
  GEOTAB_SERVER = "my.geotab.com"
  GEOTAB_PASSWORD = "{{s}}"
""", "primary_region")

_t(D, "gae-app-yaml-env-variables", sinch_token, r"""
runtime: python312
entrypoint: gunicorn -b :$PORT main:app
env_variables:
  SINCH_PLAN_ID: "{{hex32}}"
  SINCH_TOKEN: "{{s}}"
""", "runtime: python312")

_t(D, "serverless-yml-environment", motive_key, r"""
service: hos-exporter
provider:
  name: aws
  runtime: nodejs20.x
  environment:
    MOTIVE_API_KEY: {{s}}
    EXPORT_BUCKET: {{corp}}-hos-exports
""", "hos-exporter")

_t(D, "netlify-toml-build-env", mapbox_secret, r"""
[build]
  command = "npm run build"
  publish = "dist"

[build.environment]
  NODE_VERSION = "20"
  MAPBOX_DOWNLOADS_TOKEN = "{{s}}"
""", "publish = \"dist\"")

_t(D, "vercel-json-env", shippo_key, r"""
{
  "version": 2,
  "env": {
    "SHIPPO_TOKEN": "{{s}}",
    "NEXT_PUBLIC_DEPOT_ZIP": "50010"
  }
}
""", "NEXT_PUBLIC_DEPOT_ZIP")

_t(D, "render-yaml-envvars-value", pw, r"""
services:
  - type: web
    name: yard-gate
    env: docker
    envVars:
      - key: GATE_CONTROLLER_PASSWORD
        value: {{s}}
      - key: DATABASE_URL
        fromDatabase:
          name: yard-db
          property: connectionString
""", "yard-gate")

_t(D, "heroku-app-json-env-value", vonage_secret, r"""
{
  "name": "sms-reminders",
  "env": {
    "VONAGE_API_KEY": {"value": "{{hex8}}"},
    "VONAGE_API_SECRET": {"value": "{{s}}"}
  },
  "formation": {"worker": {"quantity": 1}}
}
""", "sms-reminders")

_t(D, "nomad-job-template-env", pwu, r"""
    task "kamailio" {
      driver = "docker"
      template {
        destination = "local/env"
        env         = true
        data        = <<EOH
DBURL=mysql://kamailio:{{s}}@{{ip}}/kamailio
EOH
      }
""", "task \"kamailio\"")

_t(D, "argocd-application-helm-parameter", pw, r"""
spec:
  source:
    repoURL: https://charts.{{domain}}
    chart: wms-core
    targetRevision: {{ver}}
    helm:
      parameters:
        - name: db.password
          value: "{{s}}"
""", "chart: wms-core")

_t(D, "ecs-task-definition-environment", ups_secret, r"""
{
  "family": "rate-shopper",
  "containerDefinitions": [{
    "name": "api",
    "image": "{{acct}}{{n3}}.dkr.ecr.{{region}}.amazonaws.com/rate-shopper:{{short}}",
    "environment": [
      {"name": "UPS_CLIENT_ID", "value": "{{hex24}}{{hex16}}"},
      {"name": "UPS_CLIENT_SECRET", "value": "{{s}}"}
    ]
  }]
}
""", "rate-shopper")

_t(D, "cloudformation-noecho-default", pw, r"""
Parameters:
  DBPassword:
    Type: String
    NoEcho: true
    Default: "{{s}}"
    Description: Master password for the telematics cluster
""", "telematics cluster")

_t(D, "capistrano-ssh-options-password", pw, r"""
set :application, "newsroom-sync"
server "{{ip}}", user: "deploy", roles: %w{app}
set :ssh_options, { password: "{{s}}", auth_methods: %w(password) }
""", "newsroom-sync")

_t(D, "fabfile-connect-kwargs", pw, r"""
from fabric import Connection

c = Connection("ops@{{ip}}", connect_kwargs={"password": "{{s}}"})
c.sudo("systemctl restart weewx")
""", "systemctl restart weewx")

_t(D, "makefile-deploy-variable", pw, r"""
DEPLOY_HOST ?= {{ip}}
DEPLOY_PASS ?= {{s}}

deploy:
	sshpass -p '$(DEPLOY_PASS)' rsync -az dist/ ops@$(DEPLOY_HOST):/srv/dashboard/
""", "DEPLOY_HOST")

_t(D, "deploy-sh-scp-firmware", pw, r"""
#!/bin/sh
# deploy_firmware.sh -- pushes tracker firmware to staging OTA box
OTA_HOST={{ip}}
OTA_PW='{{s}}'
sshpass -p "$OTA_PW" scp build/tracker-{{ver}}.bin ota@$OTA_HOST:/srv/ota/
""", "deploy_firmware.sh")

_t(D, "sonar-project-properties-login", sonar_token, r"""
sonar.projectKey={{corp}}_wms-core
sonar.host.url=https://sonar.{{domain}}
sonar.login={{s}}
sonar.sources=src/main/java
""", "sonar.projectKey")

_t(D, "codecov-yml-token", lambda: uid(), r"""
codecov:
  token: {{s}}
  require_ci_to_pass: yes
coverage:
  precision: 1
""", "require_ci_to_pass")

_t(D, "tekton-basic-auth-secret", glpat, r"""
apiVersion: v1
kind: Secret
metadata:
  name: gitlab-basic-auth
  annotations:
    tekton.dev/git-0: https://gitlab.{{domain}}
type: kubernetes.io/basic-auth
stringData:
  username: tekton
  password: {{s}}
""", "tekton.dev/git-0")

_t(D, "flux-gitrepository-secret", gh_fine, r"""
---
apiVersion: v1
kind: Secret
metadata:
  name: fleet-infra-auth
  namespace: flux-system
stringData:
  username: git
  password: {{s}}
""", "fleet-infra-auth")

_t(D, "pulumi-stack-config-plain", pw, r"""
# Pulumi.{{env}}.yaml
config:
  aws:region: {{region}}
  media:originHost: origin.{{domain}}
  media:dbPassword: {{s}}
""", "media:originHost")

_t(D, "fastlane-fastfile-match-password", pw, r"""
platform :ios do
  lane :beta do
    ENV["MATCH_PASSWORD"] = "{{s}}"
    match(type: "appstore", readonly: true)
    build_app(scheme: "DriverApp")
    upload_to_testflight
  end
end
""", "DriverApp")

_t(D, "gradle-signing-config-password", pw, r"""
    signingConfigs {
        release {
            storeFile file("../keystore/scanner-release.jks")
            storePassword "{{s}}"
            keyAlias "scanner"
            keyPassword System.getenv("KEY_PASSWORD")
        }
    }
""", "scanner-release.jks")

_t(D, "android-keystore-properties", pw, r"""
# keystore.properties (used by CI release job)
storeFile=../keystore/driver-release.jks
storePassword={{s}}
keyAlias=driver
""", "keyAlias=driver")

_t(D, "eas-json-build-env", here_key, r"""
{
  "build": {
    "production": {
      "env": {
        "HERE_API_KEY": "{{s}}",
        "API_BASE": "https://dispatch.{{domain}}"
      }
    }
  }
}
""", "https://dispatch.{{domain}}")

_t(D, "codemagic-yaml-vars", pw, r"""
workflows:
  android-release:
    environment:
      vars:
        CM_KEYSTORE_PASSWORD: {{s}}
        CM_KEY_ALIAS: scanner
    scripts:
      - ./gradlew bundleRelease
""", "android-release")

_t(D, "buildkite-pipeline-env", cf_token, r"""
steps:
  - label: ":cloudflare: purge origin"
    command: scripts/purge.sh
    env:
      CF_ZONE: {{hex32}}
      CF_API_TOKEN: {{s}}
""", ":cloudflare: purge origin")

_t(D, "crontab-pgpassword-inline", pw, r"""
# m h  dom mon dow   command
30 2 * * * PGPASSWORD='{{s}}' pg_dump -h localhost -U farmos farmos | gzip > /backups/farmos_$(date +\%F).sql.gz
""", "/backups/farmos_")

_t(D, "k8s-cronjob-args-password", pw, r"""
          containers:
            - name: cdr-export
              image: ghcr.io/{{corp}}/cdr-export:{{short}}
              args: ["--db-host", "{{ip}}", "--db-user", "cdr_reader", "--db-pass", "{{s}}", "--since", "24h"]
""", "cdr-export")

_t(D, "openshift-template-parameter-value", pw, r"""
parameters:
  - name: MOS_GATEWAY_HOST
    value: enps-mos.{{domain}}
  - name: MOS_GATEWAY_PASSWORD
    value: "{{s}}"
""", "MOS_GATEWAY_HOST")

_t(D, "docker-bake-hcl-variable", gh_pat, r"""
variable "GH_TOKEN" {
  default = "{{s}}"
}

target "firmware-builder" {
  dockerfile = "Dockerfile.fw"
  args = { GH_TOKEN = GH_TOKEN }
}
""", "firmware-builder")

_t(D, "consul-kv-put-deploy-script", pwu, r"""
# scripts/bootstrap_consul.sh
consul kv put voip/kamailio/db_url "mysql://kamailio:{{s}}@{{ip}}/kamailio"
consul kv put voip/kamailio/max_contacts 3
""", "voip/kamailio/max_contacts")

_t(D, "gha-services-prod-like-password", pw, r"""
    services:
      mssql:
        image: mcr.microsoft.com/mssql/server:2022-latest
        env:
          ACCEPT_EULA: "Y"
          MSSQL_SA_PASSWORD: "{{s}}"
        ports: ["1433:1433"]
""", "mcr.microsoft.com/mssql/server:2022-latest")

_t(D, "argo-workflow-param-default", pw, r"""
spec:
  entrypoint: reprocess-edi
  arguments:
    parameters:
      - name: sftp-host
        value: sftp.{{pdomain}}
      - name: sftp-pass
        value: "{{s}}"
""", "reprocess-edi")

_t(D, "helmfile-set-value", samsara_token, r"""
releases:
  - name: eld-sync
    namespace: fleet
    chart: ./charts/eld-sync
    set:
      - name: samsara.token
        value: {{s}}
""", "./charts/eld-sync")

_t(D, "waypoint-or-ansible-extra-vars-json", pw, r"""
{
  "target_hosts": "playout",
  "mos_gateway_user": "mosgw",
  "mos_gateway_password": "{{s}}",
  "restart_services": true
}
""", "target_hosts")

_t(D, "gha-workflow-dispatch-default", owm_key, r"""
on:
  workflow_dispatch:
    inputs:
      owm_appid:
        description: "OpenWeather key for backfill"
        default: "{{s}}"
""", "OpenWeather key for backfill")

_t(D, "docker-swarm-stack-environment", pw, r"""
version: "3.8"
services:
  traccar:
    image: traccar/traccar:5.12
    environment:
      - CONFIG_USE_ENVIRONMENT_VARIABLES=true
      - DATABASE_PASSWORD={{s}}
    deploy:
      replicas: 1
""", "traccar/traccar:5.12")

_t(D, "balena-fleet-env-yml", ttn_key, r"""
# balena.yml
name: lora-basicstation-fleet
data:
  defaultDeviceType: raspberrypi4-64
  applicationEnvironmentVariables:
    - TTS_REGION: eu1
    - TTS_GATEWAY_KEY: {{s}}
""", "lora-basicstation-fleet")


# ---------------------------------------------------------------------------
# vendor-token: one vendor credential shape, shown in a small varying context
# ---------------------------------------------------------------------------
V = "vendor-token"


def sim_ki():
    return HX(32)


_VENDORS = [
    ("twilio-auth-token", twilio_token, "Twilio auth token", "TWILIO_AUTH_TOKEN", None),
    ("twilio-api-key-secret", twilio_api_secret, "Twilio API key secret", "TWILIO_API_SECRET", None),
    ("telnyx-api-key-v2", telnyx_key, "Telnyx API key", "TELNYX_API_KEY", "Authorization: Bearer "),
    ("vonage-api-secret", vonage_secret, "Vonage API secret", "VONAGE_API_SECRET", None),
    ("plivo-auth-token", plivo_token, "Plivo auth token", "PLIVO_AUTH_TOKEN", None),
    ("signalwire-project-token", signalwire_token, "SignalWire project token", "SIGNALWIRE_TOKEN", None),
    ("sinch-sms-api-token", sinch_token, "Sinch SMS API token", "SINCH_API_TOKEN", "Authorization: Bearer "),
    ("infobip-api-key", infobip_key, "Infobip API key", "INFOBIP_API_KEY", "Authorization: App "),
    ("messagebird-access-key", messagebird_key, "MessageBird live access key", "MESSAGEBIRD_ACCESS_KEY", "Authorization: AccessKey "),
    ("sendgrid-api-key", sendgrid_key, "SendGrid API key", "SENDGRID_API_KEY", "Authorization: Bearer "),
    ("mailgun-private-api-key", mailgun_key, "Mailgun private API key", "MAILGUN_API_KEY", None),
    ("africastalking-api-key", africastalking_key, "Africa's Talking API key", "AT_API_KEY", "apiKey: "),
    ("clicksend-api-key", clicksend_key, "ClickSend API key", "CLICKSEND_API_KEY", None),
    ("aws-secret-access-key", aws_secret, "AWS secret access key", "AWS_SECRET_ACCESS_KEY", None),
    ("aws-session-token", aws_session, "AWS session token", "AWS_SESSION_TOKEN", "X-Amz-Security-Token: "),
    ("gcp-api-key", gcp_api_key, "Google Cloud API key", "GOOGLE_API_KEY", "X-Goog-Api-Key: "),
    ("gcp-oauth-access-token", gcp_access_token, "Google OAuth access token", "GOOGLE_ACCESS_TOKEN", "Authorization: Bearer "),
    ("azure-storage-account-key", azure_storage_key, "Azure storage account key", "AZURE_STORAGE_KEY", None),
    ("azure-ad-client-secret", azure_client_secret, "Entra ID client secret", "AZURE_CLIENT_SECRET", None),
    ("github-classic-pat", gh_pat, "GitHub personal access token", "GITHUB_TOKEN", "Authorization: token "),
    ("github-fine-grained-pat", gh_fine, "GitHub fine-grained token", "GH_TOKEN", "Authorization: Bearer "),
    ("github-app-installation-token", gh_app, "GitHub App installation token", "GITHUB_APP_TOKEN", "Authorization: token "),
    ("gitlab-personal-access-token", glpat, "GitLab personal access token", "GITLAB_TOKEN", "PRIVATE-TOKEN: "),
    ("gitlab-pipeline-trigger-token", trigger_token, "GitLab pipeline trigger token", "TRIGGER_TOKEN", None),
    ("slack-bot-token", slack_bot, "Slack bot token", "SLACK_BOT_TOKEN", "Authorization: Bearer "),
    ("telegram-bot-token", telegram_bot, "Telegram bot token", "TELEGRAM_BOT_TOKEN", None),
    ("stripe-live-secret-key", stripe_live, "Stripe live secret key", "STRIPE_SECRET_KEY", "Authorization: Bearer "),
    ("stripe-restricted-key", stripe_restricted, "Stripe restricted key", "STRIPE_RK", "Authorization: Bearer "),
    ("datadog-api-key", datadog_api, "Datadog API key", "DD_API_KEY", "DD-API-KEY: "),
    ("datadog-application-key", datadog_app, "Datadog application key", "DD_APP_KEY", "DD-APPLICATION-KEY: "),
    ("newrelic-user-api-key", newrelic_key, "New Relic user key", "NEW_RELIC_API_KEY", "Api-Key: "),
    ("grafana-service-account-token", grafana_sa, "Grafana service account token", "GRAFANA_TOKEN", "Authorization: Bearer "),
    ("vault-service-token", vault_token, "Vault token", "VAULT_TOKEN", "X-Vault-Token: "),
    ("vault-batch-token", vault_batch, "Vault batch token", "VAULT_TOKEN", "X-Vault-Token: "),
    ("npm-granular-access-token", npm_token, "npm access token", "NPM_TOKEN", None),
    ("pypi-api-token", pypi_token, "PyPI API token", "TWINE_PASSWORD", None),
    ("dockerhub-personal-access-token", dockerhub_pat, "Docker Hub access token", "DOCKERHUB_TOKEN", None),
    ("digitalocean-pat", do_token, "DigitalOcean token", "DIGITALOCEAN_TOKEN", "Authorization: Bearer "),
    ("openai-project-key", openai_key, "OpenAI project key", "OPENAI_API_KEY", "Authorization: Bearer "),
    ("anthropic-api-key", anthropic_key, "Anthropic API key", "ANTHROPIC_API_KEY", "x-api-key: "),
    ("mapbox-secret-token", mapbox_secret, "Mapbox secret token", "MAPBOX_SECRET_TOKEN", None),
    ("here-api-key", here_key, "HERE API key", "HERE_API_KEY", None),
    ("tomtom-api-key", tomtom_key, "TomTom API key", "TOMTOM_API_KEY", None),
    ("samsara-api-token", samsara_token, "Samsara API token", "SAMSARA_API_TOKEN", "Authorization: Bearer "),
    ("motive-api-key", motive_key, "Motive API key", "MOTIVE_API_KEY", "X-Api-Key: "),
    ("fedex-client-secret", fedex_secret, "FedEx client secret", "FEDEX_CLIENT_SECRET", None),
    ("ups-oauth-client-secret", ups_secret, "UPS client secret", "UPS_CLIENT_SECRET", None),
    ("dhl-api-key", dhl_key, "DHL API key", "DHL_API_KEY", "DHL-API-Key: "),
    ("easypost-production-key", easypost_key, "EasyPost production key", "EASYPOST_API_KEY", None),
    ("easypost-test-key", easypost_test, "EasyPost test key", "EASYPOST_TEST_KEY", None),
    ("shippo-live-token", shippo_key, "Shippo live token", "SHIPPO_TOKEN", "Authorization: ShippoToken "),
    ("shipstation-api-secret", shipstation_secret, "ShipStation API secret", "SHIPSTATION_API_SECRET", None),
    ("project44-client-secret", project44_secret, "project44 client secret", "P44_CLIENT_SECRET", None),
    ("fourkites-api-key", fourkites_key, "FourKites API key", "FOURKITES_API_KEY", "apikey: "),
    ("ttn-api-key", ttn_key, "The Things Stack API key", "TTN_API_KEY", "Authorization: Bearer "),
    ("lorawan-appkey-hex", lora_key, "LoRaWAN AppKey", "LORA_APP_KEY", None),
    ("lorawan-nwkskey-hex", lora_key, "LoRaWAN NwkSKey (ABP)", "LORA_NWKSKEY", None),
    ("chirpstack-api-token", chirpstack_jwt, "ChirpStack API token", "CHIRPSTACK_API_TOKEN", "Authorization: Bearer "),
    ("particle-access-token", particle_token, "Particle access token", "PARTICLE_ACCESS_TOKEN", "Authorization: Bearer "),
    ("blynk-auth-token", blynk_token, "Blynk auth token", "BLYNK_AUTH_TOKEN", None),
    ("ambient-weather-api-key", ambient_key, "Ambient Weather API key", "AMBIENT_API_KEY", None),
    ("openweathermap-appid", owm_key, "OpenWeatherMap API key", "OWM_APPID", None),
    ("weatherlink-api-secret", weatherlink_secret, "WeatherLink v2 API secret", "WEATHERLINK_API_SECRET", "X-Api-Secret: "),
    ("wunderground-pws-api-key", wu_key, "Weather Underground API key", "WU_API_KEY", None),
    ("john-deere-client-secret", deere_secret, "John Deere client secret", "DEERE_CLIENT_SECRET", None),
    ("mux-token-secret", mux_secret, "Mux token secret", "MUX_TOKEN_SECRET", None),
    ("cloudflare-api-token", cf_token, "Cloudflare API token", "CLOUDFLARE_API_TOKEN", "Authorization: Bearer "),
    ("cloudflare-global-api-key", cf_global, "Cloudflare global API key", "CF_API_KEY", "X-Auth-Key: "),
    ("fastly-api-token", fastly_token, "Fastly API token", "FASTLY_API_TOKEN", "Fastly-Key: "),
    ("akamai-edgegrid-client-secret", akamai_secret, "Akamai client_secret", "AKAMAI_CLIENT_SECRET", None),
    ("akamai-edgeauth-token-key", akamai_token_key, "Akamai token auth key", "EDGEAUTH_KEY", None),
    ("bunny-account-api-key", bunny_key, "bunny.net account API key", "BUNNY_API_KEY", "AccessKey: "),
    ("youtube-stream-key", yt_stream_key, "YouTube stream key", "YT_STREAM_KEY", None),
    ("twitch-stream-key", twitch_key, "Twitch stream key", "TWITCH_STREAM_KEY", None),
    ("facebook-live-stream-key", fb_stream_key, "Facebook Live stream key", "FB_STREAM_KEY", None),
    ("kaltura-admin-secret", kaltura_secret, "Kaltura admin secret", "KALTURA_ADMIN_SECRET", None),
    ("brightcove-client-secret", brightcove_secret, "Brightcove client secret", "BC_CLIENT_SECRET", None),
    ("jwplayer-v2-api-secret", jw_secret, "JW Player v2 API secret", "JWP_API_SECRET", "Authorization: "),
    ("vimeo-access-token", vimeo_token, "Vimeo access token", "VIMEO_TOKEN", "Authorization: bearer "),
    ("frameio-developer-token", frameio_token, "Frame.io developer token", "FRAMEIO_TOKEN", "Authorization: Bearer "),
    ("dropbox-access-token", dropbox_token, "Dropbox access token", "DROPBOX_TOKEN", "Authorization: Bearer "),
    ("cenc-content-key-hex", content_key, "CENC content key", "CONTENT_KEY", None),
    ("playready-key-seed", playready_seed, "PlayReady key seed", "PR_KEY_SEED", None),
    ("genesys-cloud-client-secret", genesys_secret, "Genesys Cloud client secret", "GENESYS_CLIENT_SECRET", None),
    ("zendesk-api-token", zendesk_token, "Zendesk API token", "ZENDESK_API_TOKEN", None),
    ("freshdesk-api-key", freshdesk_key, "Freshdesk API key", "FRESHDESK_API_KEY", None),
    ("intercom-access-token", intercom_token, "Intercom access token", "INTERCOM_TOKEN", "Authorization: Bearer "),
    ("pagerduty-rest-api-key", pagerduty_token, "PagerDuty REST API key", "PAGERDUTY_TOKEN", "Authorization: Token token="),
    ("opsgenie-api-key", opsgenie_key, "Opsgenie API key", "OPSGENIE_API_KEY", "Authorization: GenieKey "),
    ("influxdb-api-token", influx_token, "InfluxDB API token", "INFLUX_TOKEN", "Authorization: Token "),
    ("atlassian-api-token", jira_token, "Atlassian API token", "JIRA_API_TOKEN", None),
    ("ngrok-authtoken", ngrok_token, "ngrok authtoken", "NGROK_AUTHTOKEN", None),
    ("tailscale-auth-key", tailscale_key, "Tailscale auth key", "TS_AUTHKEY", None),
    ("cloudflared-tunnel-token", cloudflared_token, "Cloudflare Tunnel token", "TUNNEL_TOKEN", None),
    ("sentry-user-auth-token", sentry_token, "Sentry auth token", "SENTRY_AUTH_TOKEN", "Authorization: Bearer "),
    ("heroku-api-key", heroku_key, "Heroku API key", "HEROKU_API_KEY", "Authorization: Bearer "),
    ("linode-personal-access-token", linode_token, "Linode token", "LINODE_TOKEN", "Authorization: Bearer "),
    ("wialon-access-token", wialon_token, "Wialon token", "WIALON_TOKEN", None),
    ("traccar-api-token", traccar_token, "Traccar API token", "TRACCAR_TOKEN", "Authorization: Bearer "),
    ("verizon-connect-api-secret", verizon_connect_secret, "Verizon Connect Reveal API secret", "REVEAL_API_SECRET", None),
    ("zoom-s2s-client-secret", zoom_secret, "Zoom Server-to-Server client secret", "ZOOM_CLIENT_SECRET", None),
    ("aircall-api-token", aircall_token, "Aircall API token", "AIRCALL_API_TOKEN", None),
    ("dialpad-api-key", dialpad_key, "Dialpad API key", "DIALPAD_API_KEY", "Authorization: Bearer "),
    ("ringcentral-client-secret", ringcentral_secret, "RingCentral client secret", "RC_CLIENT_SECRET", None),
    ("hologram-api-key", hologram_key, "Hologram API key", "HOLOGRAM_API_KEY", None),
    ("onomondo-api-key", onomondo_key, "Onomondo API key", "ONOMONDO_API_KEY", "Authorization: "),
    ("deepgram-api-key", deepgram_key, "Deepgram API key", "DEEPGRAM_API_KEY", "Authorization: Token "),
    ("assemblyai-api-key", assemblyai_key, "AssemblyAI API key", "ASSEMBLYAI_API_KEY", "authorization: "),
    ("elevenlabs-api-key", elevenlabs_key, "ElevenLabs API key", "ELEVENLABS_API_KEY", "xi-api-key: "),
    ("sonarqube-user-token", sonar_token, "SonarQube token", "SONAR_TOKEN", None),
    ("pushover-app-token", pushover_token, "Pushover application token", "PUSHOVER_TOKEN", None),
    ("threecx-api-client-secret", threecx_key, "3CX API client secret", "THREECX_CLIENT_SECRET", None),
    ("talkdesk-client-secret", talkdesk_secret, "Talkdesk client secret", "TALKDESK_CLIENT_SECRET", None),
    ("iconik-auth-token", iconik_token, "iconik auth token", "ICONIK_AUTH_TOKEN", "Auth-Token: "),
    ("sim-card-ki-value", sim_ki, "SIM Ki", "SIM_KI", None),
    ("nuance-mix-client-secret", nuance_key, "Mix client secret", "MIX_CLIENT_SECRET", None),
    ("rev-ai-access-token", rev_token, "Rev.ai access token", "REVAI_ACCESS_TOKEN", "Authorization: Bearer "),
    ("climate-fieldview-client-secret", climate_secret, "FieldView client secret", "FIELDVIEW_CLIENT_SECRET", None),
    ("farmos-oauth-client-secret", farmos_secret, "farmOS OAuth client secret", "FARMOS_CLIENT_SECRET", None),
    ("trimble-ag-client-secret", trimble_secret, "Trimble Ag client secret", "TRIMBLE_CLIENT_SECRET", None),
]


def _vendor_wrapper(fmt, label, env, header):
    opts = ["env", "json", "yaml", "label-line", "once", "export", "table", "diff"]
    if header:
        opts += ["header", "header"]
    k = pick(opts)
    key_snake = env.lower()
    if k == "env":
        return "# " + label + " ({{env}})\n" + env + "={{s}}", env
    if k == "json":
        return '{\n  "name": "{{app}}",\n  "' + _camel(key_snake) + '": "{{s}}"\n}', _camel(key_snake)
    if k == "yaml":
        return key_snake + ": {{s}}\n# rotated {{date}} by {{person}}", key_snake
    if k == "label-line":
        return label + ":\n{{s}}", label
    if k == "once":
        return ("New " + label + " created for {{app}} ({{date}}).\n"
                "Copy it now, you won't be able to see it again:\n\n    {{s}}\n"), label
    if k == "export":
        return "export " + env + "='{{s}}'", env
    if k == "table":
        return ("NAME                         VALUE\n" + env.ljust(28) + " {{s}}\n"
                + "LOG_LEVEL".ljust(28) + " info"), env
    if k == "diff":
        return ("--- a/.env.example\n+++ b/.env\n@@ -3,1 +3,1 @@\n-" + env + "=\n+" + env + "={{s}}"), env
    return ("POST /forward/" + fmt.split("-")[0] + " HTTP/1.1\nHost: integrations-gw.{{domain}}\n"
            + header + "{{s}}\nContent-Type: application/json"), header.split(":")[0] + ":"


def _register_vendors():
    for fmt, gen, label, env, header in _VENDORS:
        def tmpl(fmt=fmt, label=label, env=env, header=header):
            return _vendor_wrapper(fmt, label, env, header)
        _t(V, fmt, gen, tmpl, "")


_register_vendors()


# ---------------------------------------------------------------------------
# note-or-chat (English)
# ---------------------------------------------------------------------------
N = "note-or-chat"

_t(N, "agent-notes-ami-creds-from-teammate", pw, r"""
## Running notes
- PBX is FreePBX 16 on {{ip}}, Asterisk 18.
- AMI user for the wallboard is `wallboard`; {{person}} pasted the secret in #voip: {{s}}
- Next: check why QueueMemberStatus events stop after ~20 min.
""", "QueueMemberStatus")

_t(N, "slack-carrier-portal-login", pw, r"""
[{{hh}}:{{mm}}] {{person}}: anyone able to get into the Lumen portal? I keep getting locked out
[{{hh}}:{{mm}}] {{person2}}: user is noc@{{domain}}, pw {{s}} - don't click "forgot password", it resets for everyone
[{{hh}}:{{mm}}] {{person}}: in, thx
""", "Lumen portal")

_t(N, "handover-stream-key-rotated", yt_stream_key, r"""
Night shift handover ({{date}}):
* Encoder 3 had to be rebooted at 02:10, came back fine.
* YouTube key for the {{show}} simulcast was rotated after the leak scare. New one:
  {{s}}
* Do NOT reuse the old event, create a new one in Studio.
""", "Encoder 3 had to be rebooted")

_t(N, "todo-remove-hardcoded-key", samsara_token, r"""
TODO({{person}}): remove the hardcoded Samsara token ({{s}}) from eld_sync/settings.py before this goes to review - it's the prod org.
""", "eld_sync/settings.py")

_t(N, "decision-log-keep-old-sftp-password", pw, r"""
Decision {{date}}: we keep the current SFTP password for the {{pcorp}} EDI mailbox ({{s}}) until their team confirms the cutover to key auth. Owner: {{person}}.
""", "Owner: {{person}}")

_t(N, "jira-comment-customer-sftp-creds", pw, r"""
{{jira}} - comment from {{person}} ({{date}}):
Customer finally sent their SFTP details for the 856 feed.
host: sftp.{{pdomain}}
user: {{corp}}_asn
pass: {{s}}
They want test files by Thursday.
""", "{{jira}}")

_t(N, "agent-goal-scratchpad-sinch", sinch_token, r"""
Goal: figure out why delivery reports stop for the AgriAlert sender.
Known:
  - plan id {{hex32}}
  - token {{s}} works from curl, but the worker gets 401 -> probably reading the old env var.
Plan: print os.environ keys in the worker (not values!), compare with k8s secret.
""", "AgriAlert sender")

_t(N, "onboarding-wifi-handhelds", pw_human, r"""
Onboarding - {{site}}
1. Handhelds join SSID "{{site}}-RF" (WPA2). Key: {{s}}
2. StageNow barcode is taped to the supervisor desk.
3. Scanner app login = your badge number.
""", "StageNow barcode")

_t(N, "alarm-code-server-room", pin8, r"""
fyi the server room alarm code changed this morning, it's {{s}} now (same as the MCR door). Please don't write it on the whiteboard again
""", "server room alarm code")

_t(N, "for-staging-box-use", pw, r"""
for the staging box use {{s}} - prod is in the vault like everything else
""", "for the staging box use")

_t(N, "value-line-below-label", pw, r"""
{{person}} sent the new carrier portal password:

    {{s}}

valid until they finish the SSO migration (end of month)
""", "SSO migration")

_t(N, "unlabelled-ssh-arrow", pw, r"""
ssh ops@{{ip}}  ->  {{s}}
(weather pi in the {{field}} shed, reboot if the wifi drops)
""", "ssh ops@{{ip}}")

_t(N, "voicemail-pin-reset", pin8, r"""
Reset the dispatch voicemail box {{ext}}. Temporary PIN is {{s}}, they'll be asked to change it on first login.
""", "dispatch voicemail box {{ext}}")

_t(N, "portal-pw-aside-clause", pw, r"""
Bandwidth dashboard: user api-{{corp}}, and the pw - they forced a reset yesterday so the old one is dead - is now {{s}}
""", "Bandwidth dashboard")

_t(N, "passphrase-with-spaces", pw_phrase, r"""
SRT passphrase for the stadium truck feed (they typed it in on their Haivision box, so keep it exactly, spaces included): {{s}}
""", "stadium truck feed")

_t(N, "agents-md-test-credentials", twilio_token, r"""
## Environment notes (AGENTS.md)
- Use the Twilio sub-account for tests, never the main one.
- Sub-account SID {{sid}}
- Auth token {{s}}
- Test numbers live in tests/fixtures/numbers.json
""", "tests/fixtures/numbers.json")

_t(N, "claude-md-local-db", pwu, r"""
# CLAUDE.md
Local dev DB: `postgres://wms:{{s}}@localhost:5433/wms_dev` (docker compose up db)
Run `make seed` before integration tests.
""", "make seed")

_t(N, "gemini-md-mqtt-broker", pw, r"""
## Project context
The soil probes publish to mqtt.{{domain}}:8883. For manual testing subscribe as `debug-reader` with password {{s}} (read-only ACL on farm/#).
""", "debug-reader")

_t(N, "email-forward-carrier-api-creds", ups_secret, r"""
---------- Forwarded message ---------
From: UPS Developer Support <noreply@ups.com>
Date: {{date}}
Subject: Your application credentials

Client ID: {{hex24}}{{hex16}}
Client Secret: {{s}}

Please store these credentials securely.
""", "UPS Developer Support")

_t(N, "field-tech-logger-password", pw, r"""
Field visit {{date}} - {{field}}
- replaced rain gauge reed switch
- logger (Campbell CR300) web pw reset to {{s}}, old one didn't work
- battery 12.6V
""", "Campbell CR300")

_t(N, "eld-admin-pin-truck", pin8, r"""
{{truck}}: ELD tablet stuck in admin mode again. Admin PIN {{s}} gets you out (Settings > Device > Exit kiosk).
""", "Exit kiosk")

_t(N, "tracker-sms-password-changed", pin8, r"""
changed the SMS command password on all the TK-905 trackers from the factory default to {{s}}, so "begin" messages from random numbers won't reset them anymore
""", "TK-905 trackers")

_t(N, "lora-gateway-web-admin", pw, r"""
Multitech gateway at the {{field}} pivot: web UI https://{{ip}} admin / {{s}}
LoRa packet forwarder points at lns.{{domain}}:1700
""", "Multitech gateway")

_t(N, "enps-weekend-producer-login", pw, r"""
ENPS login for the weekend producer: user wkndprod, pass {{s}} - ask {{person}} if it's locked
""", "weekend producer")

_t(N, "playout-admin-after-upgrade", pw, r"""
After the Spectrum upgrade the playout admin account was reset. New admin password: {{s}} (please move it into the MCR vault entry when you're back)
""", "Spectrum upgrade")

_t(N, "fairplay-ask-temp-note", content_key, r"""
Apple sent the FairPlay ASk today. Putting it here until the KMS import script is fixed: {{s}}
Cert expires {{date}}.
""", "FairPlay ASk")

_t(N, "akamai-token-key-for-channel", akamai_token_key, r"""
Akamai token auth key for {{ch}} (hex, 64 chars):
{{s}}
window 300s, acl /live/{{ch}}/*
""", "window 300s")

_t(N, "obs-websocket-studio-pc", obs_ws_pw, r"""
Studio B PC - OBS websocket is on 4455, password {{s}}. The Companion buttons use it.
""", "Companion buttons")

_t(N, "five9-api-user", pw, r"""
Five9 API user for the reporting job: api_reports@{{domain}} / {{s}}
Needs "Can run reports" permission, nothing else.
""", "api_reports@{{domain}}")

_t(N, "zendesk-widget-token", zendesk_token, r"""
{{person}}: the zendesk token for the chat widget sync is {{s}}
{{person2}}: thx, and the agent email?
{{person}}: {{email}}
""", "chat widget sync")

_t(N, "as2-pfx-password", pw, r"""
AS2 cert for {{pcorp}} is in /opt/openas2/config/partner.pfx, import password {{s}} (they sent it in a separate email, like they should).
""", "/opt/openas2/config/partner.pfx")

_t(N, "van-mailbox-creds", pw, r"""
VAN mailbox {{n4}}: login MB{{n4}} / {{s}} - used for the Walmart 850s
""", "Walmart 850s")

_t(N, "maersk-portal-chat", pw, r"""
{{person}}  {{hh}}:{{mm}}
for the Maersk portal it's ops.{{corp}} and then {{s}}
{{person2}}  {{hh}}:{{mm}}
that worked, thx
""", "Maersk portal")

_t(N, "deere-ops-center-app-secret", deere_secret, r"""
John Deere Ops Center app "{{corp}}-yield-sync": key 0oa{{hex16}}, secret {{s}}. Redirect URI is https://portal.{{domain}}/deere/callback
""", "{{corp}}-yield-sync")

_t(N, "barn-wifi-chalkboard", pw_human, r"""
Barn wifi (for the cameras and the feeder controller): network "BARN-2G", password {{s}}
""", "BARN-2G")

_t(N, "meeting-notes-rotation", pw, r"""
Meeting notes - VoIP weekly ({{date}})
Attendees: {{person}}, {{person2}}, {{person3}}
1. Carrier B outage postmortem - done
2. Rotated SBC admin pw after contractor offboarding -> {{s}}
3. Next: move SIP creds to Vault (owner {{person2}})
""", "Carrier B outage postmortem")

_t(N, "teams-paste-json-creds", mux_secret, r"""
{{person}} (Teams): here's what mux gave me
{
  "id": "{{uuid}}",
  "secret": "{{s}}"
}
{{person2}}: +1, adding to 1password
""", "here's what mux gave me")

_t(N, "runbook-step-inline-password", pw, r"""
Runbook: SBC failover
3. Log into the standby SBC web UI (https://{{ip}}), user admin, password {{s}}
4. Switch the SIP trunk group to Active
5. Confirm OPTIONS pings green on both carriers
""", "Runbook: SBC failover")

_t(N, "agent-decision-use-test-key", easypost_test, r"""
Decision: use the EasyPost *test* key for the label refactor so we don't buy real postage: {{s}}
(prod key stays in the k8s secret)
""", "label refactor")

_t(N, "sticky-note-transcription", pw, r"""
Transcribed from the photo {{person}} took of the sticky note on the NAS: "admin - {{s}}"
""", "sticky note on the NAS")

_t(N, "chat-stream-key-obs-field", twitch_key, r"""
{{person}}: what do I paste in OBS for the twitch backup?
{{person2}}: server auto, and in the key field: {{s}}
""", "twitch backup")

_t(N, "commit-plan-mentions-leaked-token", gh_pat, r"""
Plan:
1. Rotate the PAT that leaked into the CI log ({{s}}) - owner {{person}}.
2. Purge the job log.
3. Switch workflow to GITHUB_TOKEN with contents:read.
""", "Purge the job log")

_t(N, "incident-timeline-key-exposed", aws_secret, r"""
Incident {{jira}} timeline
{{hh}}:{{mm}} AWS key {{akid}} / {{s}} found in public gist
{{hh}}:{{mm}} key deactivated by {{person}}
{{hh}}:{{mm}} CloudTrail review started
""", "CloudTrail review started")

_t(N, "question-is-this-right-token", cf_token, r"""
hey, is this still the right cloudflare token for the origin purge script? {{s}} - getting 403 on /purge_cache
""", "/purge_cache")

_t(N, "whiteboard-photo-wms-admin", pw, r"""
From the photo of the whiteboard in the {{site}} office: WMS admin -> {{s}}
(needs changing, obviously)
""", "WMS admin")

_t(N, "printed-label-gateway", pw, r"""
The label on the back of the UG65 gateway says: SSID Gateway_{{hxu6}}, WiFi key / web pw {{s}}
""", "UG65 gateway")

_t(N, "sms-gateway-credentials-handoff", smpp_pw, r"""
SMPP bind for the new aggregator: host smpp.{{pdomain}}:2775, system_id {{hex8}}, password {{s}} (8 chars max on their side)
""", "new aggregator")

_t(N, "dm-nle-server-login", pw, r"""
{{person}}: can you log into the Nexis for me? I'm remote
{{person2}}: sure, which workspace
{{person}}: News_Promos. my login is editor{{num}} / {{s}}
""", "News_Promos")

_t(N, "lucidlink-filespace-note", pw, r"""
Filespace newsroom.{{corp}} - root password {{s}}, only needed when adding new editors
""", "Filespace newsroom.{{corp}}")

_t(N, "frameio-token-share", frameio_token, r"""
Frame.io token for the C2C uploader on edit bay {{num}}: {{s}}
(scoped to the Promos project only)
""", "C2C uploader")

_t(N, "weather-station-key-chat", wu_station_pw, r"""
{{person}}: the new station is {{station}}
{{person}}: station key {{s}}
{{person2}}: adding it to weewx now
""", "adding it to weewx now")

_t(N, "ambient-key-email", ambient_key, r"""
Hi {{person}}, as requested here is the API key for the {{field}} station: {{s}}
The application key you already have. Regards, {{person2}}
""", "{{field}} station")

_t(N, "chirpstack-token-note", chirpstack_jwt, r"""
Created a ChirpStack API key "node-red-prod" (tenant {{corp}}). Token:
{{s}}
""", "node-red-prod")

_t(N, "ttn-key-slack-code-block", ttn_key, r"""
{{person}}: TTN key with traffic read rights for the dashboard:
```
{{s}}
```
""", "traffic read rights")

_t(N, "appkey-per-device-list", lora_key, r"""
Soil probes batch 3 (OTAA):
- eui-{{deveui}}  appkey {{s}}
- eui-{{deveui2}}  appkey (see sheet)
""", "Soil probes batch 3")

_t(N, "kannel-admin-note", pw, r"""
kannel admin page on :13000 - admin-password is {{s}}, status-password is public
""", "kannel admin page")

_t(N, "genesys-client-secret-note", genesys_secret, r"""
Genesys OAuth client "wfm-export" (client credentials). Secret: {{s}}
Region: mypurecloud.de
""", "wfm-export")

_t(N, "standup-mentions-db-pw", pw, r"""
Standup {{date}}
- {{person}}: finished CDR export; the reporting DB user cdr_reader pw is {{s}} if anyone needs it for Metabase
- {{person2}}: blocked on carrier cert
""", "CDR export")

_t(N, "pr-review-comment-hardcoded", dhl_key, r"""
Review comment on PR #{{n3}}: line 14 hardcodes `{{s}}` as the DHL key - please read it from config, this repo is shared with the agency.
""", "PR #{{n3}}")

_t(N, "customer-ticket-portal-password", pw, r"""
Ticket #{{n4}}{{n3}} - from the customer:
"Our warehouse portal password is {{s}}, can you check why the ASN upload fails?"
""", "ASN upload fails")

_t(N, "rdp-jumpbox-note", pw, r"""
RDP to the playout jumpbox: PLAYOUT-JMP01.corp.local, CORP\svc_mcr, {{s}}
""", "PLAYOUT-JMP01.corp.local")

_t(N, "vmix-call-password", pw, r"""
vMix Call for tonight's guests: link is on the rundown, the call password is {{s}}
""", "vMix Call")

_t(N, "guest-wifi-studio", pw_human, r"""
Studio guest wifi today: "{{corp}}-Guest" / {{s}}
""", "{{corp}}-Guest")

_t(N, "crm-integration-note-apikey", freshdesk_key, r"""
Freshdesk integration: domain {{corp}}.freshdesk.com, API key {{s}} (user: support-bot)
""", "{{corp}}.freshdesk.com")

_t(N, "pagerduty-integration-key-chat", lambda: hx(32), r"""
{{person}}: routing key for the "Playout" service in PD -> {{s}}
{{person}}: it's an Events v2 integration
""", "Events v2 integration")

_t(N, "agent-notes-sql-credentials-tested", pw, r"""
Tested read access with `mysql -h {{ip}} -u reporting -p` - password {{s}} works, but only SELECT on asteriskcdrdb.
""", "asteriskcdrdb")

_t(N, "redis-password-for-queue", pw, r"""
redis for the SMS queue (redis.{{env}}.{{domain}}:6380, TLS) - AUTH {{s}}
""", "SMS queue")

_t(N, "deploy-notes-ssh-key-passphrase", pw_phrase, r"""
Deploy key for the firmware repo is ~/.ssh/fw_deploy; passphrase: {{s}}
""", "~/.ssh/fw_deploy")

_t(N, "phone-call-transcript", pw, r"""
Call notes with {{pcorp}} support ({{date}}): they reset our API user. Rep read out the temp password over the phone - {{s}} - must change within 24h.
""", "Call notes with {{pcorp}} support")

_t(N, "kb-article-draft-with-real-pw", pw, r"""
KB draft: Connecting a new softphone
1. Server: pbx.{{domain}}
2. Extension: your 4-digit ext
3. Password: {{s}}   <- TODO replace with "see welcome email" before publishing
""", "Connecting a new softphone")

_t(N, "contractor-handoff-list", pw, r"""
Handoff to contractor (scoped):
- Grafana viewer: contractor@{{domain}} / {{s}}
- No SSH, no Vault access
""", "Grafana viewer")

_t(N, "inline-parenthetical-secret", pw, r"""
The yard gate controller (the HID box by lane 3) still uses the install password ({{s}}); we should change it during the next maintenance window.
""", "HID box by lane 3")

_t(N, "colon-list-credentials", pw, r"""
TMS test tenant
URL: https://test.tms.{{domain}}
Username: qa_{{person}}
Password: {{s}}
""", "TMS test tenant")

_t(N, "question-mark-cant-login", pw, r"""
{{person}}: tried `{{s}}` on the Kerlink and it says wrong password, did someone change it?
""", "on the Kerlink")

_t(N, "reply-with-quote-block", pw, r"""
> {{person}} wrote:
> what's the password for the encoder web UI?

{{s}} - same for all four Elemental boxes.
""", "Elemental boxes")

_t(N, "irc-style-log", pw, r"""
<{{person}}> brb rebooting the asterisk box
<{{person2}}> root pw is still {{s}} right?
<{{person}}> yes but use sudo pls
""", "rebooting the asterisk box")

_t(N, "agent-memory-important-creds", vault_token, r"""
IMPORTANT (remember across sessions): Vault dev token for this repo is {{s}}; only works against vault-dev.{{domain}}.
""", "vault-dev.{{domain}}")

_t(N, "status-update-creds-rotated", sendgrid_key, r"""
Status: rotated the SendGrid key after the bounce spike. New key is {{s}}. Old key deleted in the SendGrid UI. Updated k8s secret `notify-env` in prod.
""", "notify-env")

_t(N, "plain-english-door-and-pw", pin8, r"""
Going to the {{site}} dock office tomorrow. Door keypad is {{s}} then #.
""", "dock office")

_t(N, "workaround-note-basic-auth", g_basic(["wms_api", "gate", "handheld"]), r"""
Workaround until OAuth lands: send `Authorization: Basic {{s}}` to the legacy WMS endpoint. That's the gate user.
""", "legacy WMS endpoint")

_t(N, "trello-card-description", pw, r"""
Card: Migrate weather stations to new broker
Checklist:
[x] new broker user ws_fleet created (pw {{s}})
[ ] update 14 stations
[ ] retire old broker
""", "Migrate weather stations")

_t(N, "text-message-from-boss", pw, r"""
SMS from {{person}} {{hh}}:{{mm}}: "Use {{s}} for the FreePBX admin, I changed it after the audit. Don't email it."
""", "FreePBX admin")

_t(N, "shared-doc-table-row", pw, r"""
| System        | URL                         | User     | Password          |
|---------------|-----------------------------|----------|-------------------|
| Traccar       | https://gps.{{domain}}      | admin    | {{s}}  |
| Grafana       | https://grafana.{{domain}}  | SSO      | -                 |
""", "https://gps.{{domain}}")

_t(N, "email-signature-credential-mistake", pw, r"""
Thanks {{person}},
the login for the carrier rate portal is rates@{{domain}} with {{s}}
Best, {{person2}}
Logistics Ops | {{corp}}
""", "carrier rate portal")

_t(N, "agent-scratch-basic-auth-decoded", pw, r"""
Decoded the Authorization header from the HAR: `dispatcher:{{s}}` - so the web app uses basic auth to the TMS. Not great.
""", "Decoded the Authorization header from the HAR")

_t(N, "notes-encoder-ingest-string", rtmp_key, r"""
Encoder 2 ingest: rtmp://origin.{{domain}}/live  stream name {{s}}
Encoder 3 ingest: same app, name in the MCR sheet
""", "Encoder 2 ingest")

_t(N, "farm-manager-app-login", pw, r"""
{{person}}: the FieldView login for the co-op is agronomy@{{domain}} / {{s}}
{{person}}: please don't change it, 6 people use it
""", "FieldView login")

_t(N, "iot-sim-ki-note", sim_ki, r"""
Private LTE pilot: SIM #{{n3}} provisioned, IMSI 00101{{n4}}{{n4_2}}{{num}}, Ki {{s}} (OPc in the HSS export)
""", "Private LTE pilot")

_t(N, "asterisk-extension-secret-chat", pw, r"""
{{person}}: setting up the softphone for the new dispatcher, ext {{ext}}
{{person2}}: secret is {{s}} , codec ulaw only
""", "new dispatcher")

_t(N, "edi-partner-onboarding-checklist", pw, r"""
Partner onboarding - {{pcorp}}
- ISA ID: {{corp8}}
- Qualifier: ZZ
- Comms: SFTP (they host)
- Our login on their server: {{corp}}edi / {{s}}
- Test cycle starts {{date}}
""", "Partner onboarding")

_t(N, "postmortem-root-cause-pw-in-repo", pw, r"""
Root cause: the Geotab API password ({{s}}) was committed in config/local.yml in March and the repo was made public for the hackathon.
""", "made public for the hackathon")

_t(N, "cdn-origin-auth-header-note", lambda: an(32), r"""
CDN -> origin auth: the CDN adds X-Origin-Auth: {{s}} and nginx on the origin rejects anything without it.
""", "nginx on the origin")

_t(N, "signed-url-secret-note", lambda: hx(40), r"""
The signing secret for the VOD download links (HMAC-SHA1, used by /api/vod/sign) is {{s}} - same value in origin and API, do not change one without the other.
""", "/api/vod/sign")

_t(N, "telegram-bot-for-alerts", telegram_bot, r"""
Frost alert bot: @{{corpnd}}_frost_bot, token {{s}}, posts to the "Orchard crew" group.
""", "Orchard crew")

_t(N, "quick-note-influx", influx_token, r"""
note to self: influx all-access token (only for the migration, delete after): {{s}}
""", "delete after")

_t(N, "hotel-style-list-of-logins", pw, r"""
Wallboard TVs (Fire Stick) logins:
- Floor 1: wb1@{{domain}}
- Floor 2: wb2@{{domain}}
same password for both: {{s}}
""", "Wallboard TVs")

_t(N, "smart-quote-password", pw, r"""
{{person}}: new password for the scanner MDM console is “{{s}}” (with the capital)
""", "scanner MDM console")

_t(N, "mixed-language-dev-note-en", pw, r"""
WIP: migrating sms-gateway to the new aggregator. creds for the staging bind: stg_{{corp}} / {{s}} - prod creds not issued yet.
""", "migrating sms-gateway")

_t(N, "github-issue-body-paste", pw, r"""
**Steps to reproduce**
1. Configure trunk with host `sip.{{pdomain}}`, user `{{acct}}`, password `{{s}}`
2. Reload pjsip
3. Registration shows `Rejected`
""", "Steps to reproduce")

_t(N, "long-handover-email-body", pw, r"""
Hi team,

Handing over the {{site}} WMS cutover while I'm on leave. Summary:
- Cutover is scheduled for {{date}} 22:00 local; rollback plan is in Confluence.
- Label printers are already repointed to the new print server.
- The integration user for the carrier manifest job is manifest_svc; its password was changed last week to {{s}} and is also in the Ops vault.
- {{person2}} is the contact at the carrier.

Thanks,
{{person}}
""", "rollback plan is in Confluence")

_t(N, "summary-bullets-one-secret", pw, r"""
Summary of what I changed:
- Updated pjsip trunk timeouts (qualify 30s)
- Added failover route to {{trunk}}
- Reset the ARI user password to {{s}} because the old one was in the wiki
- Reloaded, calls OK
""", "Added failover route")


# ---------------------------------------------------------------------------
# note-or-chat (other languages)
# ---------------------------------------------------------------------------

def _i18n(fmt, gen, tmpl, vis):
    _t(N, fmt, gen, tmpl, vis, n=1)


# German
_i18n("note-de-sip-trunk-passwort", pw, r"""
Übergabe Spätschicht: Der SIP-Trunk zu {{pcorp}} war kurz weg. Zugangsdaten wurden vom Carrier zurückgesetzt, das neue Passwort lautet {{s}} – bitte noch nicht ins Wiki schreiben.
""", "Übergabe Spätschicht")
_i18n("note-de-db-password-chat", pw, r"""
{{person}}: Weißt du noch das Passwort für die WMS-Datenbank auf Staging?
{{person2}}: ja, wms_app / {{s}}
{{person}}: danke dir!
""", "WMS-Datenbank auf Staging")
_i18n("note-de-encoder-streamkey", yt_stream_key, r"""
Hinweis für die Regie: Der Streamschlüssel für die Sendung „{{show}}“ wurde erneuert. Neuer Schlüssel:
{{s}}
Den alten bitte aus dem Encoder löschen.
""", "Hinweis für die Regie")
_i18n("note-de-wlan-lager", pw_human, r"""
WLAN für die Handscanner im Lager {{site}}: SSID „{{site}}-RF“, Schlüssel {{s}} (gilt ab Montag)
""", "Handscanner im Lager")
_i18n("note-de-ttn-schluessel", ttn_key, r"""
Der API-Schlüssel für die Bodensonden-Anwendung in TTN ist {{s}} – nur Leserechte auf Uplinks.
""", "Bodensonden-Anwendung")
_i18n("note-de-wetterstation-zugang", pw, r"""
Wetterstation am Feld „{{field}}“: Logger-Weboberfläche unter http://{{ip}}, Benutzer admin, Kennwort {{s}}.
""", "Logger-Weboberfläche")
_i18n("note-de-tueren-code", pin8, r"""
Kurze Info: Der Zugangscode für den Serverraum wurde geändert und ist jetzt {{s}}. Bitte nicht an die Tafel schreiben!
""", "Zugangscode für den Serverraum")

# French
_i18n("note-fr-portail-transporteur", pw, r"""
Pour le portail transporteur {{pcorp}}, l'identifiant est ops@{{domain}} et le mot de passe {{s}}. Attention, trois essais ratés bloquent le compte.
""", "portail transporteur")
_i18n("note-fr-cle-api-sms", sinch_token, r"""
{{person}} : j'ai régénéré la clé de l'API SMS ce matin, la nouvelle c'est {{s}}
{{person2}} : ok je mets à jour le secret dans le cluster
""", "régénéré la clé de l'API SMS")
_i18n("note-fr-srt-phrase", srt_pass, r"""
Pour la liaison SRT du car régie, la phrase de chiffrement est « {{s}} » (pbkeylen 32). À saisir à l'identique sur le Makito.
""", "liaison SRT du car régie")
_i18n("note-fr-passation-mot-de-passe", pw, r"""
Passation de consignes {{date}} :
- Playout B redémarré à 4 h 12
- mot de passe admin de la régie finale changé : {{s}}
- rien d'autre à signaler
""", "Passation de consignes")
_i18n("note-fr-ftp-edi", pw, r"""
Le partenaire nous a envoyé les accès SFTP : hôte sftp.{{pdomain}}, utilisateur {{corp}}_edi, mot de passe {{s}}. Les fichiers 214 arrivent dans /out.
""", "Le partenaire nous a envoyé les accès SFTP")
_i18n("note-fr-capteurs-mqtt", pw, r"""
Les capteurs du verger publient sur le broker avec l'utilisateur verger-{{n3}} ; le mot de passe, c'est {{s}}.
""", "capteurs du verger")

# Spanish
_i18n("note-es-contrasena-pbx", pw, r"""
La contraseña del usuario admin de la centralita (FreePBX) es {{s}}. La cambié después de la auditoría, avisad si falla.
""", "centralita (FreePBX)")
_i18n("note-es-token-samsara", samsara_token, r"""
{{person}}: ¿alguien tiene el token de Samsara para el entorno de pruebas?
{{person2}}: sí, es {{s}} — pero no lo uses en producción
""", "entorno de pruebas")
_i18n("note-es-clave-wifi-almacen", pw_human, r"""
Clave del wifi de las pistolas del almacén de {{site}}: {{s}} (red {{site}}-RF)
""", "pistolas del almacén")
_i18n("note-es-acceso-portal-aduanas", pw, r"""
Acceso al portal de la agencia de aduanas: usuario {{corp}}_imp, clave {{s}}. Caduca cada 90 días.
""", "agencia de aduanas")
_i18n("note-es-estacion-meteo", wu_station_pw, r"""
Estación meteorológica nueva en la finca: ID {{station}}, la clave de la estación es {{s}}. Ya está subiendo datos.
""", "Estación meteorológica nueva")
_i18n("note-es-traspaso-turno", pw, r"""
Traspaso de turno: el SBC de respaldo quedó activo. Si hay que volver al principal, entrar con admin y {{s}} en https://{{ip}}.
""", "Traspaso de turno")

# Portuguese
_i18n("note-pt-senha-rastreadores", pw, r"""
A senha da plataforma de rastreamento (Traccar) foi trocada. Usuário admin, senha nova: {{s}}
""", "plataforma de rastreamento")
_i18n("note-pt-chave-api-frete", shippo_key, r"""
{{person}}: qual é a chave da API de frete que estamos usando em produção?
{{person2}}: é essa aqui {{s}}, mas vamos rotacionar semana que vem
""", "chave da API de frete")
_i18n("note-pt-br-fazenda-wifi", pw_human, r"""
Wi-Fi do galpão de máquinas da fazenda: rede GALPAO-IOT, senha {{s}}. Os sensores de umidade já estão conectados.
""", "galpão de máquinas")
_i18n("note-pt-acesso-sftp-parceiro", pw, r"""
Dados de acesso ao SFTP do parceiro logístico: host sftp.{{pdomain}}, usuário {{corp}}_log, palavra-passe {{s}}.
""", "parceiro logístico")
_i18n("note-pt-stream-igreja", rtmp_key, r"""
Pra transmissão de domingo: servidor rtmp://origin.{{domain}}/live e a chave de transmissão é {{s}}
""", "transmissão de domingo")

# Japanese
_i18n("note-ja-pbx-password", pw, r"""
引き継ぎメモ：コールセンターのPBX管理画面（https://{{ip}}）のパスワードは {{s}} です。明日ベンダーが来たら変更してください。
""", "引き継ぎメモ")
_i18n("note-ja-stream-key", twitch_key, r"""
{{person}}さん、配信用のストリームキーはこちらです → {{s}}
OBSの「配信」設定に貼り付けてください。
""", "OBSの「配信」設定")
_i18n("note-ja-lorawan-appkey", lora_key, r"""
圃場センサー（{{deveui}}）のAppKeyは {{s}} です。ゲートウェイ側の設定は不要。
""", "圃場センサー")
_i18n("note-ja-soko-wifi", pw_human, r"""
倉庫のハンディ端末用Wi-Fi：SSIDは「{{site}}-RF」、パスワードは「{{s}}」です。
""", "倉庫のハンディ端末用Wi-Fi")
_i18n("note-ja-api-token-chat", samsara_token, r"""
{{person}}: 車両位置のAPIトークンってどこにありましたっけ？
{{person2}}: {{s}} です。本番用なので取り扱い注意で
""", "車両位置のAPIトークン")

# Chinese
_i18n("note-zh-wms-password", pw, r"""
仓库管理系统测试环境的管理员密码是 {{s}}，用户名 admin，下周上线前会改掉。
""", "仓库管理系统测试环境")
_i18n("note-zh-sms-key", infobip_key, r"""
{{person}}：短信平台的新密钥发给你了吗？
{{person2}}：还没有
{{person}}：是这个 {{s}} ，记得更新到配置中心
""", "短信平台的新密钥")
_i18n("note-zh-tw-stream", yt_stream_key, r"""
直播交接：今晚{{show}}的串流金鑰已更新為 {{s}} ，舊的請從編碼器刪除。
""", "直播交接")
_i18n("note-zh-sftp-creds", pw, r"""
货代的SFTP账号：sftp.{{pdomain}}，用户名 {{corp}}_edi，密码：{{s}}
""", "货代的SFTP账号")
_i18n("note-zh-weather-station", pw, r"""
农场气象站数据采集器的登录密码改成了 {{s}}，IP 还是 {{ip}}。
""", "农场气象站")

# Russian
_i18n("note-ru-sip-password", pw, r"""
Пароль от SIP-транка {{trunk}} поменяли, новый: {{s}}. Старый больше не работает.
""", "SIP-транка {{trunk}}")
_i18n("note-ru-chat-db", pw, r"""
{{person}}: какой пароль у пользователя tms_app на проде?
{{person2}}: {{s}}, только не пиши его в тикет
""", "tms_app")
_i18n("note-ru-telematics-token", wialon_token, r"""
Токен Wialon для выгрузки треков: {{s}} (действует 100 дней, создан {{date}})
""", "выгрузки треков")
_i18n("note-ru-encoder-admin", pw, r"""
Смена передана. Кодер №2 перезагружали в 03:40. Админка кодера: admin / {{s}}
""", "Смена передана")

# Italian
_i18n("note-it-password-nas", pw, r"""
La password del NAS della redazione (utente montaggio) è {{s}}. Non condividerla con i freelance, per loro c'è l'utente ospite.
""", "NAS della redazione")
_i18n("note-it-chiave-api-meteo", owm_key, r"""
{{person}}: mi passi la chiave API di OpenWeather per il cruscotto irrigazione?
{{person2}}: eccola {{s}}
""", "cruscotto irrigazione")
_i18n("note-it-centralino", pw, r"""
Consegne turno: il centralino è stato riavviato alle 6:00. Credenziali interno {{ext}}: utente {{ext}}, password {{s}}.
""", "Consegne turno")
_i18n("note-it-sftp-corriere", pw, r"""
Accesso SFTP del corriere per i file di tracking: sftp.{{pdomain}} – utente {{corp}}_trk – pw {{s}}
""", "file di tracking")

# Dutch
_i18n("note-nl-wachtwoord-portal", pw, r"""
Het wachtwoord voor het vervoerdersportaal is {{s}}, gebruikersnaam planning@{{domain}}. Niet delen buiten het planningsteam.
""", "vervoerdersportaal")
_i18n("note-nl-chat-mqtt", pw, r"""
{{person}}: welk wachtwoord gebruikt de kas-sensor voor de broker?
{{person2}}: kas-{{n3}} met {{s}}
""", "kas-sensor")
_i18n("note-nl-overdracht", pw, r"""
Overdracht nachtdienst: playout-server B handmatig omgeschakeld. Inloggen op de MCR-pc met mcr-operator en wachtwoord {{s}}.
""", "Overdracht nachtdienst")
_i18n("note-nl-api-sleutel", dhl_key, r"""
Nieuwe API-sleutel van DHL voor de track & trace koppeling: {{s}}
""", "track & trace koppeling")

# Polish
_i18n("note-pl-haslo-centrala", pw, r"""
Hasło do panelu centrali (FreePBX) zmienione po audycie: {{s}}. Login bez zmian – admin.
""", "panelu centrali")
_i18n("note-pl-czat-magazyn", pw_human, r"""
{{person}}: jakie jest hasło do wifi dla skanerów na magazynie?
{{person2}}: {{s}} – sieć {{site}}-RF
""", "skanerów na magazynie")
_i18n("note-pl-klucz-api-flota", samsara_token, r"""
Klucz API do systemu telematycznego floty (Samsara): {{s}} – tylko do odczytu lokalizacji.
""", "systemu telematycznego floty")
_i18n("note-pl-sftp-spedytor", pw, r"""
Dane do SFTP spedytora: host sftp.{{pdomain}}, użytkownik {{corp}}_edi, hasło {{s}}. Pliki 856 wrzucamy do /in.
""", "SFTP spedytora")

# Korean
_i18n("note-ko-pbx-password", pw, r"""
인수인계: 교환기 관리자 비밀번호는 {{s}} 입니다. 다음 점검 때 변경 예정.
""", "인수인계")
_i18n("note-ko-stream-key-chat", yt_stream_key, r"""
{{person}}: 오늘 생방송 스트림 키 뭐예요?
{{person2}}: {{s}} 이거 쓰시면 돼요
""", "오늘 생방송 스트림 키")
_i18n("note-ko-warehouse-wifi", pw_human, r"""
물류센터 스캐너용 와이파이 비밀번호: {{s}} (SSID {{site}}-RF)
""", "물류센터 스캐너용")

# Swedish
_i18n("note-sv-losenord-vaderstation", pw, r"""
Lösenordet till väderstationens logger är {{s}}. Användarnamnet är fortfarande admin. Glöm inte att byta det efter skördesäsongen.
""", "väderstationens logger")
_i18n("note-sv-overlamning", pw, r"""
Överlämning: reserv-SBC:n är aktiv. Logga in på https://{{ip}} med admin / {{s}} om ni behöver växla tillbaka.
""", "Överlämning")

# Turkish
_i18n("note-tr-santral-sifre", pw, r"""
Çağrı merkezi santralinin yönetici şifresi {{s}} olarak değiştirildi. Kullanıcı adı aynı: admin.
""", "Çağrı merkezi santralinin")
_i18n("note-tr-depo-wifi", pw_human, r"""
Depodaki el terminalleri için kablosuz ağ şifresi: {{s}} (ağ adı {{site}}-RF)
""", "el terminalleri")

# Czech
_i18n("note-cs-heslo-sftp", pw, r"""
Přístup na SFTP dopravce: sftp.{{pdomain}}, uživatel {{corp}}_edi, heslo {{s}}. Soubory se stahují každých 15 minut.
""", "SFTP dopravce")

# Ukrainian
_i18n("note-uk-parol-koder", pw, r"""
Пароль адміністратора кодера у студії Б: {{s}}. Логін — admin. Після ефіру змінимо.
""", "кодера у студії Б")

# Vietnamese
_i18n("note-vi-mat-khau-kho", pw, r"""
Mật khẩu tài khoản quản trị hệ thống kho (WMS) là {{s}}, đăng nhập bằng admin. Nhớ đổi sau khi go-live.
""", "hệ thống kho (WMS)")

# Indonesian
_i18n("note-id-kata-sandi-gateway", pw, r"""
Kata sandi web admin gateway LoRa di kebun sawit blok C: {{s}} (user: admin). Jangan dibagikan ke vendor.
""", "gateway LoRa di kebun sawit")

# Danish
_i18n("note-da-adgangskode-portal", pw, r"""
Adgangskoden til fragtportalen er {{s}} – brugernavn booking@{{domain}}. Skift den når Jens stopper.
""", "fragtportalen")

# Finnish
_i18n("note-fi-salasana-saa-asema", pw, r"""
Sääaseman dataloggerin salasana on nyt {{s}}. Käyttäjä admin, IP {{ip}}.
""", "Sääaseman dataloggerin")

# Norwegian
_i18n("note-no-passord-sentralbord", pw, r"""
Passordet til sentralbordet (3CX) er endret til {{s}}. Gi beskjed hvis noe ikke fungerer i morgen tidlig.
""", "sentralbordet (3CX)")

# Hindi
_i18n("note-hi-godown-wifi", pw_human, r"""
गोदाम के स्कैनर वाले वाई-फाई का पासवर्ड {{s}} है, नेटवर्क का नाम {{site}}-RF है।
""", "स्कैनर वाले वाई-फाई")

# Arabic
_i18n("note-ar-kalimat-sir-bawaba", pw, r"""
كلمة المرور الجديدة لبوابة شركة الشحن هي {{s}} واسم المستخدم ops@{{domain}}
""", "ops@{{domain}}")

# Greek
_i18n("note-el-kodikos-kentro", pw, r"""
Ο κωδικός του διαχειριστή στο τηλεφωνικό κέντρο είναι {{s}}. Θα τον αλλάξουμε μετά την αναβάθμιση.
""", "τηλεφωνικό κέντρο")

# Hungarian
_i18n("note-hu-jelszo-raktar", pw, r"""
A raktárirányítási rendszer teszt admin jelszava: {{s}} – a felhasználónév admin.
""", "raktárirányítási rendszer")

# Romanian
_i18n("note-ro-parola-portal", pw, r"""
Parola pentru portalul transportatorului este {{s}}, utilizator dispecerat@{{domain}}. Se schimbă lunar.
""", "portalul transportatorului")

# Catalan (mixed with English)
_i18n("note-ca-clau-estacio", pw, r"""
La contrasenya del registrador de l'estació meteorològica és {{s}} (usuari admin). Canvieu-la després de la collita.
""", "estació meteorològica")


# ===========================================================================
# BENIGN builders: no credential inside, but naive scanners may flag them
# ===========================================================================

# command -------------------------------------------------------------------
_b(C, r"""docker pull registry.{{domain}}/wms/api@sha256:{{sha256}}""")
_b(C, r"""git checkout {{sha}} -- services/ivr/flows.py""")
_b(C, r"""git cherry-pick {{short}} && git push origin HEAD:{{branch}}""")
_b(C, r"""curl -s -H "Authorization: Bearer $TELNYX_API_KEY" https://api.telnyx.com/v2/messaging_profiles | jq '.data[].id'""")
_b(C, r"""curl -u "$SHIPSTATION_KEY:$SHIPSTATION_SECRET" "https://ssapi.shipstation.com/orders?orderStatus=awaiting_shipment" """)
_b(C, r"""export TWILIO_AUTH_TOKEN="$(vault kv get -field=auth_token secret/voip/twilio)" """)
_b(C, r"""kubectl -n {{ns}} create secret generic sip-trunk-creds --from-file=password=./sip_password.txt""")
_b(C, r"""kubectl get secret sip-trunk-creds -n {{ns}} -o jsonpath='{.data}' | jq 'keys'""")
_b(C, r"""aws secretsmanager describe-secret --secret-id {{env}}/tms/db --query '{ARN:ARN,Rotation:RotationEnabled}'""")
_b(C, r"""op run --env-file=.env.tpl -- npm run start:dispatch""")
_b(C, r"""mysql -h {{ip}} -u freepbxuser -p asteriskcdrdb""")
_b(C, r"""psql "postgresql://wms_app@wms-db.{{env}}.{{domain}}:5432/wms?sslmode=verify-full" -c 'select now()'""")
_b(C, r"""ssh -i ~/.ssh/edi_sftp_ed25519 -o IdentitiesOnly=yes edi@sftp.{{pdomain}}""")
_b(C, r"""sha256sum firmware/tracker-{{ver}}.bin > firmware/tracker-{{ver}}.bin.sha256""")
_b(C, r"""gpg --keyserver hkps://keys.openpgp.org --recv-keys {{gpgfp}}""")
_b(C, r"""ssh-keygen -lf ~/.ssh/id_ed25519.pub""")
_b(C, r"""openssl rand -base64 32 | sudo tee /etc/chirpstack/api_secret >/dev/null""")
_b(C, r"""docker run -d -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_password -v pgdata:/var/lib/postgresql/data postgres:16""")
_b(C, r"""ffmpeg -re -i /mnt/playout/{{showslug}}.ts -c copy -f flv "rtmp://origin.{{domain}}/live/${STREAM_KEY}" """)
_b(C, r"""aws s3 cp s3://{{corp}}-rushes/{{date}}/{{uuid}}.mxf ./rushes/""")
_b(C, r"""git clone git@github.com:{{corp}}/ivr-flows.git && cd ivr-flows && git log -1 --format=%H""")
_b(C, r"""helm upgrade --install chirpstack ./charts/chirpstack -n lns --set postgresql.auth.existingSecret=chirpstack-pg""")
_b(C, r"""ttn-lw-cli end-devices get {{corp}}-soil eui-{{deveui}} --session.dev-addr --mac-state.current-parameters""")
_b(C, r"""curl "https://api.openweathermap.org/data/2.5/weather?q=Ames,US&units=metric&appid=${OWM_APPID}" """)
_b(C, r"""mosquitto_sub -h localhost -t 'application/+/device/+/event/up' -u reader -P "$MQTT_READER_PASS" -v""")
_b(C, r"""sudo asterisk -rx "pjsip show registrations" | grep -v Registered""")
_b(C, r"""fwconsole ma upgradeall && fwconsole reload""")
_b(C, r"""sudo tcpdump -i any -s0 -w /tmp/sip_{{date}}.pcap udp port 5060 and host {{pubip}}""")
_b(C, r"""npm install @twilio/voice-sdk@2.10.2 --save-exact""")
_b(C, r"""pip download chirpstack-api==4.6.0 --no-deps -d wheels/ && pip hash wheels/*.whl""")
_b(C, r"""curl -X POST https://api.telnyx.com/v2/messages -H "Authorization: Bearer ${TELNYX_API_KEY}" -H 'Content-Type: application/json' -d @msg.json""")
_b(C, r"""vault kv get -field=password secret/voip/sbc-{{env}} | pbcopy""")
_b(C, r"""gh secret set SAMSARA_API_TOKEN --repo {{corp}}/eld-sync < ~/tmp/samsara_token.txt && shred -u ~/tmp/samsara_token.txt""")
_b(C, r"""cat /run/secrets/registry_password | docker login registry.{{domain}} -u ci-bot --password-stdin""")
_b(C, r"""echo -n 'config reloaded ok' | base64""")
_b(C, r"""git show {{short}} --stat -- charts/""")
_b(C, r"""openssl x509 -in certs/as2_{{pcorp}}.crt -noout -subject -fingerprint -sha256""")
_b(C, r"""curl -s https://api.github.com/repos/{{corp}}/dispatch-api/commits/{{sha}} | jq -r .commit.message""")
_b(C, r"""aws iam list-access-keys --user-name ci-media-archive""")
_b(C, r"""kubectl rollout restart deploy/{{app}} -n {{ns}} && kubectl rollout status deploy/{{app}} -n {{ns}}""")
_b(C, r"""docker buildx build --platform linux/arm64 -t ghcr.io/{{corp}}/lns-bridge:{{short}} --secret id=npm,src=$HOME/.npmrc .""")
_b(C, r"""sngrep -d eth0 -O /tmp/capture_{{date}}.pcap port 5060""")
_b(C, r"""ssh-keyscan -t ed25519 sftp.{{pdomain}} >> ~/.ssh/known_hosts""")
_b(C, r"""curl -sI "https://media.{{domain}}/vod/{{uuid}}/master.m3u8" | grep -i -E 'etag|x-cache|age'""")
_b(C, r"""md5sum /mnt/ingest/{{showslug}}_{{date}}.mxf""")
_b(C, r"""az keyvault secret show --vault-name kv-media-{{env}} --name playout-db-password --query id -o tsv""")
_b(C, r"""export SIP_PASSWORD=  # intentionally blank, set from vault in CI""")
_b(C, r"""read -s -p "SBC admin password: " SBC_PASS && curl -k -u "admin:$SBC_PASS" https://{{ip}}/api/v1/status""")
_b(C, r"""git log --format='%H %an %s' -n 3 -- edi/maps/856.json""")
_b(C, r"""lora-packet-decode --hex 40{{hex8}}80{{hex8_2}}""")

# tool-output ---------------------------------------------------------------
_b(O, r"""
$ git log --oneline -4
{{short}} fix(sip): respect Retry-After on 503 from carrier
{{short2}} chore: bump chirpstack-api to 4.6.0
{{short3}} feat(edi): 214 status mapping for X6 codes
{{short4}} docs: how to rotate the SBC admin password
""")
_b(O, r"""
$ docker images --digests | grep wms
registry.{{domain}}/wms/api   {{ver}}   sha256:{{sha256}}   {{imgid}}   3 days ago   412MB
""")
_b(O, r"""
$ kubectl get pods -n {{ns}}
NAME                                 READY   STATUS    RESTARTS   AGE
{{podname}}                          1/1     Running   0          2d4h
{{podname2}}                         1/1     Running   1          2d4h
""")
_b(O, r"""
$ kubectl describe secret sip-trunk-creds -n {{ns}}
Name:         sip-trunk-creds
Namespace:    {{ns}}
Type:  Opaque

Data
====
password:  {{num}} bytes
username:  18 bytes
""")
_b(O, r"""
$ fly secrets list -a eld-bridge
NAME              DIGEST            CREATED AT
GEOTAB_PASSWORD   {{hex16}}  {{num}}h ago
GEOTAB_DATABASE   {{hex16_2}}  {{num}}h ago
""")
_b(O, r"""
$ gh secret list --repo {{corp}}/shipping-svc
EASYPOST_API_KEY    Updated {{date}}
SHIPPO_TOKEN        Updated {{date}}
UPS_CLIENT_SECRET   Updated {{date}}
""")
_b(O, r"""
$ doppler secrets --only-names -p voice -c {{env}}
SIP_PASSWORD
SIP_USERNAME
TWILIO_AUTH_TOKEN
""")
_b(O, r"""
$ aws sts get-caller-identity
{
    "UserId": "AIDA{{anu17}}",
    "Account": "{{acct}}{{n3}}",
    "Arn": "arn:aws:iam::{{acct}}{{n3}}:user/ci-media-archive"
}
""")
_b(O, r"""
$ aws iam list-access-keys --user-name ci-media-archive
{
    "AccessKeyMetadata": [
        {
            "UserName": "ci-media-archive",
            "AccessKeyId": "AKIAIOSFODNN7EXAMPLE",
            "Status": "Active",
            "CreateDate": "{{date}}T{{time}}+00:00"
        }
    ]
}
""")
_b(O, r"""
$ ssh-keygen -lf ~/.ssh/id_ed25519.pub
256 {{sshfp}} {{user}}@jump01 (ED25519)
""")
_b(O, r"""
$ gpg --list-keys edi@{{domain}}
pub   rsa4096 {{date}} [SC] [expires: 2027-01-01]
      {{gpgfp}}
uid           [ultimate] EDI Signing <edi@{{domain}}>
sub   rsa4096 {{date}} [E]
""")
_b(O, r"""
$ openssl x509 -in as2_partner.crt -noout -fingerprint -sha256
sha256 Fingerprint={{fpcolon}}
""")
_b(O, r"""
$ sha256sum firmware/*.bin
{{sha256}}  firmware/tracker-{{ver}}.bin
{{sha256_2}}  firmware/gateway-{{ver}}.bin
""")
_b(O, r"""
$ sudo asterisk -rx "pjsip show endpoints" | head
 Endpoint:  {{ext}}/{{ext}}                                      Not in use    0 of inf
     InAuth:  {{ext}}-auth/{{ext}}
        Aor:  {{ext}}                                            1
      Contact:  {{ext}}/sip:{{ext}}@{{ip}}:5062;ob              {{hex8}} Avail        12.401
""")
_b(O, r"""
$ sudo asterisk -rx "core show channels concise"
PJSIP/{{trunk}}-0000{{n3}}!from-pstn!{{did}}!1!Up!AppDial!(Outgoing Line)!{{did}}!!!3!{{n3}}!{{uniqueid}}!{{uniqueid2}}
""")
_b(O, r"""
$ ttn-lw-cli end-devices get {{corp}}-soil eui-{{deveui}}
{
  "ids": {
    "device_id": "eui-{{deveui}}",
    "application_ids": {"application_id": "{{corp}}-soil"},
    "dev_eui": "{{deveui}}",
    "join_eui": "70B3D57ED0{{hxu6}}",
    "dev_addr": "{{devaddr}}"
  },
  "created_at": "{{ts}}"
}
""")
_b(O, r"""
$ kubectl get sealedsecret kannel-smsc -n sms -o yaml | yq .spec.encryptedData
smsc-password: {{sealed}}
smsc-username: {{sealed2}}
""")
_b(O, r"""
$ terraform plan
  # aws_db_instance.wms will be updated in-place
  ~ resource "aws_db_instance" "wms" {
        id        = "wms-{{env}}"
      ~ password  = (sensitive value)
        # (41 unchanged attributes hidden)
    }
""")
_b(O, r"""
$ terraform state show random_password.sbc_admin
# random_password.sbc_admin:
resource "random_password" "sbc_admin" {
    bcrypt_hash = (sensitive value)
    id          = "none"
    length      = 24
    result      = (sensitive value)
    special     = true
}
""")
_b(O, r"""
$ curl -sI https://{{corp}}-pod-images.s3.amazonaws.com/{{site}}/{{pro}}.jpg
HTTP/1.1 200 OK
x-amz-id-2: {{xamzid2}}
x-amz-request-id: {{hxu16}}
ETag: "{{md5}}"
Content-Type: image/jpeg
""")
_b(O, r"""
$ aws s3 ls s3://{{corp}}-media-proxies/{{date}}/
{{date}} {{time}}   48211390 {{uuid}}_proxy.mp4
{{date}} {{time}}   51233007 {{uuid2}}_proxy.mp4
""")
_b(O, r"""
$ git ls-remote origin
{{sha}}	HEAD
{{sha}}	refs/heads/main
{{sha2}}	refs/heads/{{branch}}
""")
_b(O, r"""
$ redis-cli INFO server | grep -E 'run_id|redis_version'
redis_version:7.2.4
run_id:{{sha1}}
""")
_b(O, r"""
$ influx bucket list
ID			Name		Retention	Shard group duration	Organization ID		Schema Type
{{hex16}}	weather		720h0m0s	24h0m0s			{{hex16_2}}	implicit
{{hex16_3}}	soil		2160h0m0s	24h0m0s			{{hex16_2}}	implicit
""")
_b(O, r"""
$ twilio phone-numbers:list -o json | jq '.[0] | {sid, phoneNumber, friendlyName}'
{
  "sid": "{{pn}}",
  "phoneNumber": "{{did}}",
  "friendlyName": "Dispatch main line"
}
""")
_b(O, r"""
$ gh auth status
github.com
  ✓ Logged in to github.com account {{user}} (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: gho_************************************
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'
""")
_b(O, r"""
$ op item get "Bandwidth Dashboard" --fields label=password
[use 'op item get {{hex24}} --reveal' to reveal]
""")
_b(O, r"""
$ kubectl get secrets -n {{ns}}
NAME                  TYPE                             DATA   AGE
sip-trunk-creds       Opaque                           2      41d
regcred               kubernetes.io/dockerconfigjson   1      210d
{{app}}-tls           kubernetes.io/tls                2      12d
""")
_b(O, r"""
$ docker inspect --format '{{.Id}}' wms-api
sha256:{{cid}}
""")
_b(O, r"""
$ mediainfo --Inform="General;%UniqueID% %Duration/String3%" {{showslug}}_{{date}}.mxf
{{n4}}{{n4_2}}{{n4_3}}{{n4_4}}{{n3}} 00:58:31.120
""")
_b(O, r"""
$ nmcli -t -f NAME,UUID connection show
{{site}}-RF:{{uuid}}
Wired connection 1:{{uuid2}}
""")
_b(O, r"""
$ gh run list --workflow deploy.yml -L 3
completed  success  deploy {{short}}  main  push  {{runid}}  4m12s  {{date}}
completed  failure  deploy {{short2}}  main  push  {{runid2}}  1m58s  {{date}}
""")
_b(O, r"""
$ curl -s https://api.twilio.com/2010-04-01/Accounts/$SID/Messages/{{smsid}}.json -u "$SID:$TOKEN" | jq '{sid, status, error_code}'
{
  "sid": "{{smsid}}",
  "status": "delivered",
  "error_code": null
}
""")
_b(O, r"""
$ pip hash dist/edi_x12_tools-2.3.1-py3-none-any.whl
dist/edi_x12_tools-2.3.1-py3-none-any.whl:
--hash=sha256:{{sha256}}
""")
_b(O, r"""
$ security find-generic-password -s "FreePBX {{env}}"
keychain: "/Users/{{user}}/Library/Keychains/login.keychain-db"
class: "genp"
attributes:
    "acct"<blob>="admin"
    "svce"<blob>="FreePBX {{env}}"
""")
_b(O, r"""
$ npm ls @twilio/voice-sdk
dispatch-ui@{{ver}} /srv/dispatch-ui
└── @twilio/voice-sdk@2.10.2
""")
_b(O, r"""
$ docker compose ps
NAME                 IMAGE                          STATUS          PORTS
chirpstack-1         chirpstack/chirpstack:4        Up 3 days       0.0.0.0:8080->8080/tcp
mosquitto-1          eclipse-mosquitto:2            Up 3 days       0.0.0.0:1883->1883/tcp
""")
_b(O, r"""
$ ffprobe -v error -show_entries format_tags=uid -of default=nw=1 promo.mxf
TAG:uid={{uuid}}
""")
_b(O, r"""
$ vault kv metadata get secret/voip/sbc-{{env}}
========== Metadata Path ==========
secret/metadata/voip/sbc-{{env}}

========== Metadata ==========
Key                     Value
---                     -----
cas_required            false
created_time            {{ts}}
current_version         {{num}}
max_versions            0
""")
_b(O, r"""
$ cat .env.example
TWILIO_ACCOUNT_SID=ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
TWILIO_AUTH_TOKEN=your_auth_token
SAMSARA_API_TOKEN=<samsara token from the dashboard>
""")
_b(O, r"""
$ kubectl get externalsecret -n fleet
NAME          STORE           REFRESH INTERVAL   STATUS         READY
geotab-creds  vault-backend   1h                 SecretSynced   True
""")
_b(O, r"""
$ cosign verify --key cosign.pub ghcr.io/{{corp}}/lns-bridge@sha256:{{sha256}}
Verification for ghcr.io/{{corp}}/lns-bridge@sha256:{{sha256}} --
The following checks were performed on each of these signatures:
  - The cosign claims were validated
  - The signatures were verified against the specified public key
""")
_b(O, r"""
$ blkid /dev/sda1
/dev/sda1: UUID="{{uuid}}" BLOCK_SIZE="4096" TYPE="ext4" PARTUUID="{{hex8}}-01"
""")
_b(O, r"""
$ ip -br link
lo               UNKNOWN        00:00:00:00:00:00
eth0             UP             {{mac}}
wlan0            DOWN           {{mac2}}
""")
_b(O, r"""
$ base64 -d <<< '{{b64text}}'
""")
_b(O, r"""
$ heroku config:get SENDGRID_API_KEY -a {{corp}}-notify-{{env}} | cut -c1-6
SG.xxx
""")

# config-file ---------------------------------------------------------------
_b(F, r"""
# .env.example -- copy to .env and fill in from 1Password ("Voice / Twilio")
TWILIO_ACCOUNT_SID=ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
TWILIO_AUTH_TOKEN=<your-auth-token>
TWILIO_FROM_NUMBER=+15005550006
""")
_b(F, r"""
carriers:
  ups:
    client_id: ${UPS_CLIENT_ID}
    client_secret: ${UPS_CLIENT_SECRET}
    shipper_number: {{n3}}X4W
""")
_b(F, r"""
spring:
  datasource:
    url: jdbc:postgresql://wms-db.{{env}}.{{domain}}:5432/wms
    username: ${WMS_DB_USER:wms_app}
    password: ${WMS_DB_PASSWORD}
""")
_b(F, r"""
[{{trunk}}-auth]
type=auth
auth_type=userpass
username={{acct}}
password=CHANGEME   ; real value lives in pjsip_secrets.conf (not in git)
""")
_b(F, r"""
; pjsip.conf
#include pjsip_secrets.conf
[{{trunk}}]
type=endpoint
outbound_auth={{trunk}}-auth
aors={{trunk}}-aor
""")
_b(F, r"""
[api]
  bind="0.0.0.0:8080"
  # secret="you-must-replace-this"  (set via CHIRPSTACK_API_SECRET env)
  secret="$CHIRPSTACK_API_SECRET"
""")
_b(F, r"""
    "node_modules/@twilio/voice-sdk": {
      "version": "2.10.2",
      "resolved": "https://registry.npmjs.org/@twilio/voice-sdk/-/voice-sdk-2.10.2.tgz",
      "integrity": "{{sri512}}"
    },
""")
_b(F, r"""
"@mapbox/mapbox-gl-draw@^1.4.3":
  version "1.4.3"
  resolved "https://registry.yarnpkg.com/@mapbox/mapbox-gl-draw/-/mapbox-gl-draw-1.4.3.tgz#{{sha1}}"
  integrity {{sri512}}
""")
_b(F, r"""
[[package]]
name = "paho-mqtt"
version = "2.1.0"
files = [
    {file = "paho_mqtt-2.1.0-py3-none-any.whl", hash = "sha256:{{lockhash}}"},
    {file = "paho_mqtt-2.1.0.tar.gz", hash = "sha256:{{lockhash2}}"},
]
""")
_b(F, r"""
github.com/emiago/sipgo v0.22.0 {{h1}}
github.com/emiago/sipgo v0.22.0/go.mod {{h1_2}}
""")
_b(F, r"""
[[package]]
name = "lorawan-codec"
version = "0.4.1"
source = "registry+https://github.com/rust-lang/crates.io-index"
checksum = "{{lockhash}}"
""")
_b(F, r"""
            "dist": {
                "type": "zip",
                "url": "https://api.github.com/repos/marcelog/PAMI/zipball/{{sha}}",
                "reference": "{{sha}}",
                "shasum": ""
            },
""")
_b(F, r"""
@{{corp}}:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}
""")
_b(F, r"""
[global]
index-url = https://pypi.org/simple
extra-index-url = https://nexus.{{domain}}/repository/pypi-group/simple
""")
_b(F, r"""
sftp.{{pdomain}} {{sshpub}}
""")
_b(F, r"""
# ~/.ssh/authorized_keys on the OTA box
{{sshpub}} ci-deploy@{{corp}}
{{rsapub}} {{person}}@laptop
""")
_b(F, r"""
# /etc/mosquitto/acl
user station-{{n3}}
topic write farm/{{n3}}/#
pattern read farm/%u/cmd/#
""")
_b(F, r"""
server {
    listen 443 ssl http2;
    server_name origin.{{domain}};
    ssl_certificate     /etc/letsencrypt/live/origin.{{domain}}/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/origin.{{domain}}/privkey.pem;
}
""")
_b(F, r"""
[[outputs.influxdb_v2]]
  urls = ["https://influx.{{domain}}"]
  token = "$INFLUX_TOKEN"
  organization = "{{corp}}"
  bucket = "weather"
""")
_b(F, r"""
    [[Wunderground]]
        enable = true
        station = {{station}}
        password = replace_me
""")
_b(F, r"""
dev_eui,join_eui,device_profile,name
{{deveui}},70B3D57ED0{{hxu6}},soil-probe-v2,probe-{{n3}}
{{deveui2}},70B3D57ED0{{hxu6}},soil-probe-v2,probe-{{n3}}b
""")
_b(F, r"""
#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:6
#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://{{kid}}",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
#EXTINF:6.006,
seg_{{n4}}.ts
""")
_b(F, r"""
<ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="{{uuid}}"/>
<ContentProtection schemeIdUri="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed">
  <cenc:pssh>{{pssh}}</cenc:pssh>
</ContentProtection>
""")
_b(F, r"""
{
  "Carriers": {
    "FedEx": {
      "ClientId": "",
      "ClientSecret": "",
      "_comment": "set with: dotnet user-secrets set Carriers:FedEx:ClientSecret <value>"
    }
  }
}
""")
_b(F, r"""
resource "aws_db_instance" "tms" {
  identifier = "tms-{{env}}"
  username   = "tms_owner"
  password   = var.db_password
}
""")
_b(F, r"""
spring.datasource.password=${DB_PASSWORD:}
spring.datasource.username=${DB_USER:tms_app}
""")
_b(F, r"""
[MySQL-asteriskcdrdb]
Driver = MySQL
Server = localhost
Database = asteriskcdrdb
Port = 3306
Option = 3
""")
_b(F, r"""
# hostname:port:database:username:password
# (real entries are generated by ansible from the vault)
""")
_b(F, r"""
-----BEGIN CERTIFICATE-----
{{certbody}}
-----END CERTIFICATE-----
""")
_b(F, r"""
-----BEGIN PUBLIC KEY-----
{{pubbody}}
-----END PUBLIC KEY-----
""")
_b(F, r"""
# cosign.pub
-----BEGIN PUBLIC KEY-----
{{ecpubbody}}
-----END PUBLIC KEY-----
""")
_b(F, r"""
{"keys":[{"kty":"RSA","use":"sig","kid":"{{hex16}}","alg":"RS256","n":"{{jwkn}}","e":"AQAB"}]}
""")
_b(F, r"""
version https://git-lfs.github.com/spec/v1
oid sha256:{{sha256}}
size {{n4}}{{n4_2}}{{n3}}
""")
_b(F, r"""
FROM eclipse-temurin:21-jre@sha256:{{sha256}}
COPY build/libs/edi-bridge.jar /app/app.jar
""")
_b(F, r"""
kannel:
    smsc_password: ENC[AES256_GCM,data:{{b64_32}},iv:{{b64_32_2}},tag:{{b64_16}},type:str]
sops:
    kms:
        - arn: arn:aws:kms:{{region}}:{{acct}}{{n3}}:key/{{uuid}}
""")
_b(F, r"""
$ANSIBLE_VAULT;1.1;AES256
{{sha256}}
{{sha256_2}}
{{sha256_3}}
""")
_b(F, r"""
clusters:
- cluster:
    certificate-authority-data: {{cadata}}
    server: https://{{hex32}}.gr7.{{region}}.eks.amazonaws.com
  name: media-{{env}}
users:
- name: media-{{env}}
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      command: aws
      args: ["eks", "get-token", "--cluster-name", "media-{{env}}"]
""")
_b(F, r"""
[url "git@github.com:{{corp}}/"]
	insteadOf = https://github.com/{{corp}}/
""")
_b(F, r"""
[manager-users]
; users are generated from group_vars/pbx/vault.yml by ansible
#tryinclude manager_custom.conf
""")
_b(F, r"""
<Property>
    <Name>secureTokenSharedSecret</Name>
    <Value>${com.wowza.wms.context.SecureTokenSharedSecret}</Value>
</Property>
""")
_b(F, r"""
mqtt:
  host: mqtt.{{domain}}
  port: 8883
  username: station-{{n3}}
  password_file: /etc/farm-telemetry/mqtt.pass
""")
_b(F, r"""
# tc.key is provisioned by the fleet manager, never commit it
TC_URI=wss://eu1.cloud.thethings.network:8887
TC_KEY_FILE=/var/lib/basicstation/tc.key
""")

# source-code ---------------------------------------------------------------
_b(S, r"""
client = Client(os.environ["TWILIO_ACCOUNT_SID"], os.environ["TWILIO_AUTH_TOKEN"])
""")
_b(S, r"""
const token = process.env.SAMSARA_API_TOKEN;
if (!token) throw new Error('SAMSARA_API_TOKEN is not set');
""")
_b(S, r"""
	apiKey := os.Getenv("MOTIVE_API_KEY")
	if apiKey == "" {
		log.Fatal("MOTIVE_API_KEY missing")
	}
""")
_b(S, r"""
    @Value("${fedex.client-secret}")
    private String clientSecret;
""")
_b(S, r"""
AUTH_HEADER = "X-Api-Key"
TOKEN_HEADER = "Authorization"
SIGNATURE_HEADER = "X-Twilio-Signature"
""")
_b(S, r"""
def test_manifest_digest():
    assert sha256(b"manifest-v3").hexdigest() == "{{sha256}}"
""")
_b(S, r"""
NAMESPACE_DEVICES = uuid.UUID("{{uuid}}")
def device_uuid(dev_eui: str) -> uuid.UUID:
    return uuid.uuid5(NAMESPACE_DEVICES, dev_eui.lower())
""")
_b(S, r"""
def test_b64_roundtrip():
    assert base64.b64encode(b"config reloaded ok").decode() == "Y29uZmlnIHJlbG9hZGVkIG9r"
""")
_b(S, r"""
TTN_KEY_RE = re.compile(r"^NNSXS\.[A-Z0-9]{39}\.[A-Z0-9]{64}$")
""")
_b(S, r"""
def mask(secret: str) -> str:
    return secret[:4] + "*" * max(0, len(secret) - 8) + secret[-4:]
""")
_b(S, r"""
validator = RequestValidator(settings.TWILIO_AUTH_TOKEN)
if not validator.validate(url, request.form, request.headers.get("X-Twilio-Signature", "")):
    abort(403)
""")
_b(S, r"""
static const uint32_t CRC32_POLY = 0xEDB88320;
static const uint8_t  FPORT_STATUS = 0x{{hx2a}};
""")
_b(S, r"""
password = getpass.getpass("SBC admin password: ")
session.post(f"https://{host}/api/login", json={"user": "admin", "password": password})
""")
_b(S, r"""
  password: {{ sip_password | quote }}
  username: {{ sip_username }}
""")
_b(S, r"""
  SIP_PASSWORD: {{ .Values.sip.password | b64enc | quote }}
""")
_b(S, r"""
        env:
          SAMSARA_API_TOKEN: ${{ secrets.SAMSARA_API_TOKEN }}
""")
_b(S, r"""
api_secret = Rails.application.credentials.dig(:shipstation, :api_secret)
""")
_b(S, r"""
var secret = builder.Configuration["Carriers:FedEx:ClientSecret"]
    ?? throw new InvalidOperationException("FedEx client secret not configured");
""")
_b(S, r"""
    private val api = WmsApi(BuildConfig.WMS_BASE_URL, BuildConfig.WMS_API_KEY)
""")
_b(S, r"""
#define APP_KEY_LEN 16
#define DEV_EUI_LEN 8
/* keys are injected at provisioning time from the secure element */
""")
_b(S, r"""
let token = Bundle.main.object(forInfoDictionaryKey: "MBXAccessToken") as? String
""")
_b(S, r"""
class Event(IntEnum):
    UPLINK = 0x{{hx2a}}
    JOIN = 0x{{hx2b}}
    ACK = 0x{{hx2c}}
""")
_b(S, r"""
    private static final UUID SCANNER_SERVICE = UUID.fromString("{{uuid}}");
""")
_b(S, r"""
# HMAC example from the carrier docs (key is "key", message is the empty string)
assert hmac.new(b"key", b"", hashlib.sha256).hexdigest() == "5d5d139563c95b5967b9bd9a8c9b233a9dedb45072794cd232dc1b74832607d0"
""")
_b(S, r"""
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
""")
_b(S, r"""
SQL = "SELECT id, username, password_hash, last_login FROM portal_users WHERE username = %s"
""")
_b(S, r"""
if not re.fullmatch(r"[0-9A-F]{32}", app_key):
    raise ValueError("AppKey must be 32 hex chars")
""")
_b(S, r"""
TEST_DEV_EUI = "{{deveui}}"
TEST_JOIN_EUI = "0000000000000000"
""")
_b(S, r"""
export const PLACEHOLDER_KEY = "YOUR_HERE_API_KEY";
""")
_b(S, r"""
        .header("Authorization", "Bearer " + tokenProvider.get())
""")
_b(S, r"""
    // request id is echoed back by the carrier for support tickets
    req.Header.Set("X-Request-ID", "{{uuid}}")
""")
_b(S, r"""
STREAM_KEY = os.environ.get("YT_STREAM_KEY")  # never log this
""")
_b(S, r"""
        String creds = System.getenv("EDI_SFTP_PASSWORD");
        session.setPassword(Objects.requireNonNull(creds, "EDI_SFTP_PASSWORD"));
""")
_b(S, r"""
config :telematics, Telematics.Repo,
  username: System.fetch_env!("DB_USER"),
  password: System.fetch_env!("DB_PASSWORD"),
  hostname: "{{ip}}"
""")
_b(S, r"""
assert decoded == {"kind": "ping"}, base64.b64decode("eyJraW5kIjoicGluZyJ9")
""")

# stack-trace-or-log --------------------------------------------------------
_b(L, r"""
[{{date}} {{time}}] NOTICE[{{pid}}]: res_pjsip_registrar.c:1124 register_aor_core: Added contact 'sip:{{ext}}@{{ip}}:5062;ob' to AOR '{{ext}}' with expiration of 300 seconds
""")
_b(L, r"""
[{{date}} {{time}}] VERBOSE[{{pid}}][C-0000{{hex4}}] pbx.c: Executing [{{did}}@from-pstn:1] Set("PJSIP/{{trunk}}-0000{{n3}}", "__FROM_DID={{did}}") in new stack
""")
_b(L, r"""
SIP/2.0 401 Unauthorized
Via: SIP/2.0/UDP {{ip}}:5060;rport=5060;received={{pubip}};branch={{branchid}}
Call-ID: {{callid}}
WWW-Authenticate: Digest realm="sip.{{domain}}", nonce="{{nonce}}", opaque="{{hex16}}", algorithm=MD5, qop="auth"
""")
_b(L, r"""
{{date}} {{time}} sip-edge /usr/sbin/kamailio[{{pid}}]: INFO: <script>: INVITE {{did}} -> {{did2}} ci={{callid}} src={{pubip}}
""")
_b(L, r"""
Traceback (most recent call last):
  File "/srv/{{app}}/worker.py", line 88, in run
    rows = session.execute(q).all()
sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "wms-db" failed: timeout expired
(Background on this error at: https://sqlalche.me/e/20/e3q8)
engine: Engine(postgresql+psycopg2://wms_batch:***@wms-db.{{env}}.{{domain}}:5432/wms)
""")
_b(L, r"""
Looking in indexes: https://pypi.org/simple, https://build:****@nexus.{{domain}}/repository/pypi-group/simple
Collecting edi-x12-tools==2.3.1
""")
_b(L, r"""
 -------------- celery@{{app}}-worker-{{num}} v5.3.6 (emerald-rush)
--- ***** -----
-- ******* ---- Linux-6.1.0-18-amd64-x86_64-with-glibc2.36 {{date}} {{time}}
- *** --- * ---
- ** ---------- [config]
- ** ---------- .> app:         shipping:0x7f{{hex8}}
- ** ---------- .> transport:   amqp://edi:**@mq.{{domain}}:5672//
""")
_b(L, r"""
Started POST "/session" for {{ip}} at {{date}} {{time}} +0000
Processing by SessionsController#create as HTML
  Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"email"=>"{{email}}", "password"=>"[FILTERED]"}}
""")
_b(L, r"""
{{date}}T{{time}}.{{n4}}Z ##[group]Run docker login -u ci-bot -p *** registry.{{domain}}
{{date}}T{{time}}.{{n4}}Z Login Succeeded
""")
_b(L, r"""
[Pipeline] withCredentials
Masking supported pattern matches of $NEXUS_PASS
[Pipeline] {
[Pipeline] sh
+ ./gradlew publish -PnexusUsername=deployer -PnexusPassword=****
""")
_b(L, r"""
	sasl.jaas.config = [hidden]
	sasl.kerberos.service.name = null
	sasl.mechanism = SCRAM-SHA-512
	security.protocol = SASL_SSL
""")
_b(L, r"""
{{pubip}} - - [{{clf}} +0000] "GET /hls/{{ch}}/seg_{{n4}}.ts HTTP/2.0" 200 1881244 "-" "Mozilla/5.0" rid={{hex32}} rt=0.012
""")
_b(L, r"""
{{date}}	{{time}}	IAD89-P2	{{n4}}	{{pubip}}	GET	{{hex8}}.cloudfront.net	/vod/{{uuid}}/seg_{{n3}}.m4s	200	-	Mozilla/5.0	-	-	Hit	{{edgeid}}	media.{{domain}}	https	412
""")
_b(L, r"""
START RequestId: {{uuid}} Version: $LATEST
END RequestId: {{uuid}}
REPORT RequestId: {{uuid}}	Duration: 212.41 ms	Billed Duration: 213 ms	Memory Size: 512 MB	Max Memory Used: 88 MB
""")
_b(L, r"""
{{ts}} INFO  http request method=POST path=/v1/positions status=202 traceparent=00-{{traceid}}-{{spanid}}-01 dur_ms={{ms}}
""")
_b(L, r"""
stripe.error.AuthenticationError: Invalid API Key provided: sk_live_************************{{hex4}}
""")
_b(L, r"""
{{ts}} WARN eld-sync: HOS violation vin={{vin}} driver={{n4}}{{n3}} rule=11h odometer={{n4_2}}{{n3_2}}.4
""")
_b(L, r"""
{{ts}} gt06 login imei={{imei}} serial={{n4}} -> ack; pos lat=41.{{n4_2}} lon=-93.{{n4_3}} spd=54 crs=212
""")
_b(L, r"""
{{ts}} INFO uplink dev_eui={{deveui}} dev_addr={{devaddr}} f_cnt={{fcnt}} f_port=2 rssi=-{{num}} snr=7.5 data="{{b64text}}"
""")
_b(L, r"""
{{ts}} mosquitto[{{pid}}]: New client connected from {{ip}}:{{port}} as station-{{n3}} (p2, c1, k60, u'station-{{n3}}').
""")
_b(L, r"""
[tcp @ 0x55{{hex8}}] Connection to tcp://origin.{{domain}}:1935 failed: Connection timed out
rtmp://origin.{{domain}}/live/{{ch}}: Connection timed out
""")
_b(L, r"""
{{ts}} license-proxy: widevine license issued kid={{kid}} content={{showslug}} device=CHROMECDM policy=sd-hd ttl=86400
""")
_b(L, r"""
{{ts}} smpp[smsc-a]: submit_sm_resp seq={{n4}} status=ESME_ROK message_id={{hex16}}
""")
_b(L, r"""
{{ts}} twilio-webhook POST /sms/status MessageSid={{smsid}} AccountSid={{sid}} MessageStatus=delivered ErrorCode=
""")
_b(L, r"""
ISA*00*          *00*          *ZZ*{{corp8}}*ZZ*{{pcorp8}}*{{yymmdd}}*{{hh}}{{mm}}*U*00401*0000{{n4}}*0*P*>~
""")
_b(L, r"""
{{ts}} as2: MDN received Message-ID=<{{uuid}}@{{domain}}> Disposition=processed MIC={{b64_32}}, sha-256
""")
_b(L, r"""
{{ts}} rate-shop: POST /v2/shipments idempotency_key={{uuid}} -> 201 shp_{{hex32}}
""")
_b(L, r"""
{{date}}T{{time}}Z Pulling fs layer {{imgid}}
{{date}}T{{time}}Z Digest: sha256:{{sha256}}
{{date}}T{{time}}Z Status: Downloaded newer image for ghcr.io/{{corp}}/lns-bridge:{{short}}
""")
_b(L, r"""
Sentry event {{hex32}} captured: TimeoutError in dispatch.tasks.assign_driver (release {{short}})
""")
_b(L, r"""
{{ts}} ERROR auth: token expired for client_id=0oa{{hex16}} (exp={{epoch}}) - refreshing
""")
_b(L, r"""
{{ts}} WARN api: 401 on GET /v1/loads - Authorization header missing (ip={{pubip}}, request_id={{uuid}})
""")
_b(L, r"""
{"error":"invalid_client","error_description":"Client authentication failed","client_id":"{{uuid}}","trace_id":"{{traceid}}"}
""")
_b(L, r"""
{{ts}} DEBUG jwt: decoded header={"alg":"RS256","kid":"{{hex16}}"} claims={"sub":"tracker-{{n4}}","iss":"fleet-auth","exp":{{epoch}}}
""")
_b(L, r"""
java.lang.IllegalStateException: Carrier 'ups' has no client secret configured (expected env UPS_CLIENT_SECRET)
	at com.{{corpnd}}.carriers.UpsClient.<init>(UpsClient.java:41)
	at com.{{corpnd}}.carriers.CarrierRegistry.load(CarrierRegistry.java:77)
""")
_b(L, r"""
{{ts}} [vault] renewed lease secret/data/voip/sbc-{{env}} lease_id=database/creds/pbx/{{an_id}} ttl=1h
""")
_b(L, r"""
{{date}} {{time}} weewx[{{pid}}] INFO weewx.restx: Wunderground-PWS: Published record {{date}} {{time}} CDT ({{epoch}})
""")
_b(L, r"""
{{ts}} playout: cue {{showslug}} clip={{uuid}} tc=10:00:00:00 dur=00:28:30:00 house_id=HN{{n4}}{{n3}}
""")
_b(L, r"""
  File "/app/eld_sync/samsara.py", line 31, in _headers
    return {"Authorization": f"Bearer {self._token}"}
AttributeError: 'SamsaraClient' object has no attribute '_token'
""")
_b(L, r"""
{{ts}} INFO git: checked out {{sha}} ({{branch}}) in 0.41s
""")
_b(L, r"""
{{ts}} audit user={{email}} action=secret.read path=secret/data/edi/as2/{{pcorp}} result=allowed
""")

# note-or-chat --------------------------------------------------------------
_b(N, r"""the SBC admin password is in 1Password under "Voice / SBC {{env}}", ping {{person}} if you don't have access""")
_b(N, r"""Reminder: rotate the SIP trunk passwords every 90 days (next due {{date}}). Procedure is in the runbook, don't paste the new values here.""")
_b(N, r"""Please never paste stream keys into Slack. They live in Vault at secret/media/youtube/{{ch}}; the encoder pulls them itself.""")
_b(N, r"""I've rotated the SendGrid key; the new one is only in the k8s secret notify-env (prod) and in 1Password.""")
_b(N, r"""ask {{person}} for the partner SFTP password in person, they don't want it emailed""")
_b(N, r"""Password policy for carrier portals: at least 14 characters, no reuse of the last 5. Use the generator in 1Password.""")
_b(N, r"""DevEUIs for batch 3: {{deveui}}, {{deveui2}}, {{deveui3}} — AppKeys are in the provisioning sheet, not here.""")
_b(N, r"""commit {{short}} fixed the re-INVITE timer issue; please pull before testing the transfer flow""")
_b(N, r"""build {{build}} failed at the migrate step, log id {{uuid}} — looks like a flaky network, re-running""")
_b(N, r"""customer asked about tracking {{tracking}}, it's out for delivery since 07:40""")
_b(N, r"""{{person}}: is {{jira}} still blocked?
{{person2}}: yes, waiting on the carrier to whitelist our egress IP {{pubip}}""")
_b(N, r"""The TTN API key for the dashboard only needs RIGHT_APPLICATION_TRAFFIC_READ; don't give it write rights.""")
_b(N, r"""In the docs use placeholders like <your-api-key> or YOUR_SAMSARA_TOKEN, never a real value.""")
_b(N, r"""the key that leaked ended in …{{hex4}}; it's revoked now, the new one is in Vault""")
_b(N, r"""Meeting notes {{date}}: agreed to move all AMI users to per-app accounts; {{person}} owns it; no creds in this doc.""")
_b(N, r"""it's the usual password with the year bumped, you know the one — but really, just use SSO""")
_b(N, r"""Trace id for the failed label purchase: {{traceid}} (request {{uuid}})""")
_b(N, r"""S3 key for the corrupted proxy: s3://{{corp}}-media-proxies/{{date}}/{{uuid}}_proxy.mp4 (etag {{md5}})""")
_b(N, r"""{{person}}: what's the trunk password?
{{person2}}: not over chat 🙂 it's in the vault, path secret/voip/{{trunk}}""")
_b(N, r"""Das Passwort für den SIP-Trunk steht im Passwortmanager unter „Telefonie / {{trunk}}“, bitte nicht hier posten.""")
_b(N, r"""Le mot de passe du portail est dans le coffre 1Password (entrée « Transporteur {{pcorp}} »).""")
_b(N, r"""La contraseña está en Vault, en secret/edi/{{pcorp}}; pídesela a {{person}} si no tienes acceso.""")
_b(N, r"""A chave da API fica no cofre de segredos (Vault), caminho secret/fleet/samsara. Não cole aqui.""")
_b(N, r"""パスワードはパスワードマネージャーの「PBX管理」に保存しています。チャットには貼らないでください。""")
_b(N, r"""密码放在 1Password 的“仓库WMS”条目里，请不要在群里发。""")
_b(N, r"""Пароль лежит в Vault (secret/voip/{{trunk}}), в чат не пишите.""")
_b(N, r"""Het wachtwoord staat in de kluis onder "Vervoerdersportaal"; vraag {{person}} om toegang.""")
_b(N, r"""Hasło jest w menedżerze haseł (wpis „Centrala FreePBX”), nie wklejaj go tutaj.""")
_b(N, r"""La password è nel gestore password sotto "NAS redazione"; chiedi a {{person}} l'accesso.""")
_b(N, r"""비밀번호는 1Password의 "교환기" 항목에 있습니다. 채팅에 올리지 마세요.""")
_b(N, r"""Goal: make the label worker read EASYPOST_API_KEY from the mounted secret instead of settings.py. Status: done in {{short}}.""")
_b(N, r"""Decision: tokens for the weather stations will be issued per station and stored only on the device + Vault; no shared key.""")
_b(N, r"""Notes: the carrier's API uses OAuth client credentials; client id is public-ish, the secret is in the vault path secret/carriers/ups.""")
_b(N, r"""FYI the webhook signature header is X-Carrier-Signature (HMAC-SHA256 of the body), secret comes from env WEBHOOK_SECRET.""")
_b(N, r"""Pallet {{pro}} loaded on {{trailer}} at dock 7, seal #{{n4}}{{n3}}, driver {{person}}""")
_b(N, r"""Episode {{show}} ingest id {{uuid}} finished, checksum md5 {{md5}} matches the camera card""")
_b(N, r"""Vehicle {{truck}} (VIN {{vin}}) ELD serial {{hex8}} reassigned to {{person}}""")
_b(N, r"""{{person}}: can someone reset my Grafana password?
{{person2}}: sent you a reset link, check your inbox""")
_b(N, r"""masked value from the dashboard for reference: SG.**********************.******* (not usable)""")

# ci-and-deploy ---------------------------------------------------------------
_b(D, r"""
      - uses: actions/checkout@{{sha}} # v4.1.1
      - uses: docker/login-action@{{sha2}} # v3.0.0
        with:
          registry: ghcr.io
          username: ${{ github.actor }}
          password: ${{ secrets.GITHUB_TOKEN }}
""")
_b(D, r"""
deploy:
  stage: deploy
  script:
    - echo "$CI_REGISTRY_PASSWORD" | docker login -u "$CI_REGISTRY_USER" --password-stdin "$CI_REGISTRY"
    - helm upgrade --install {{app}} ./chart --set image.tag=$CI_COMMIT_SHORT_SHA
""")
_b(D, r"""
          env:
            - name: SAMSARA_API_TOKEN
              valueFrom:
                secretKeyRef:
                  name: eld-sync-env
                  key: SAMSARA_API_TOKEN
""")
_b(D, r"""
apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
metadata:
  name: geotab-creds
spec:
  refreshInterval: 1h
  secretStoreRef: {name: vault-backend, kind: ClusterSecretStore}
  data:
    - secretKey: GEOTAB_PASSWORD
      remoteRef: {key: secret/fleet/geotab, property: password}
""")
_b(D, r"""
apiVersion: bitnami.com/v1alpha1
kind: SealedSecret
metadata:
  name: kannel-smsc
  namespace: sms
spec:
  encryptedData:
    smsc-password: {{sealed}}
""")
_b(D, r"""
creation_rules:
  - path_regex: deploy/secrets/.*\.enc\.yaml$
    age: {{agepub}}
""")
_b(D, r"""
{{ with secret "secret/data/voip/sbc" }}
SBC_PASSWORD={{ .Data.data.password }}
{{ end }}
""")
_b(D, r"""
# syntax=docker/dockerfile:1.6
RUN --mount=type=secret,id=npm_token \
    NPM_TOKEN=$(cat /run/secrets/npm_token) npm ci --omit=dev
""")
_b(D, r"""
services:
  tms:
    image: ghcr.io/{{corp}}/tms:{{short}}
    secrets:
      - tms_db_password
secrets:
  tms_db_password:
    file: ./secrets/tms_db_password.txt
""")
_b(D, r"""
data "aws_secretsmanager_secret_version" "tms_db" {
  secret_id = "{{env}}/tms/db"
}
""")
_b(D, r"""
resource "random_password" "sbc_admin" {
  length  = 24
  special = true
}
""")
_b(D, r"""
postgresql:
  auth:
    existingSecret: chirpstack-pg
    secretKeys:
      userPasswordKey: password
""")
_b(D, r"""
    image: ghcr.io/{{corp}}/playout-ctl@sha256:{{sha256}}
""")
_b(D, r"""
withCredentials([usernamePassword(credentialsId: 'nexus-deployer', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {
    sh './gradlew publish -PnexusUsername=$NEXUS_USER -PnexusPassword=$NEXUS_PASS'
}
""")
_b(D, r"""
workflows:
  deploy:
    jobs:
      - deploy-prod:
          context: fleet-prod-secrets
""")
_b(D, r"""
  - script: az storage blob sync -c promos -s ./out --account-name $(storageAccount) --account-key "$(storageKey)"
    env:
      AZURE_STORAGE_KEY: $(storageKey)
""")
_b(D, r"""
apiVersion: v1
kind: ServiceAccount
metadata:
  name: archive-mover
  annotations:
    eks.amazonaws.com/role-arn: arn:aws:iam::{{acct}}{{n3}}:role/archive-mover-{{env}}
""")
_b(D, r"""
secretGenerator:
  - name: asterisk-ami
    envs:
      - secrets/ami.env   # generated by CI from Vault, gitignored
""")
_b(D, r"""
output "db_password" {
  value     = random_password.db.result
  sensitive = true
}
""")
_b(D, r"""
spec:
  source:
    repoURL: https://github.com/{{corp}}/fleet-infra
    targetRevision: {{sha}}
    path: apps/{{app}}
""")
_b(D, r"""
config:
  aws:region: {{region}}
  media:dbPassword:
    secure: {{pulumisec}}
""")
_b(D, r"""
# .gitlab-ci.yml
cache:
  key: ${CI_COMMIT_REF_SLUG}
  paths: [node_modules/]
""")
_b(D, r"""
- name: Create CDR reader
  community.mysql.mysql_user:
    name: cdr_reader
    password: "{{ vault_cdr_reader_password }}"
  no_log: true
""")
_b(D, r"""
      - name: Upload sourcemaps
        uses: DataDog/datadog-ci-action@v1
        with:
          api-key: ${{ secrets.DD_API_KEY }}
""")
_b(D, r"""
provenance digest: sha256:{{sha256}}
builder id: https://github.com/slsa-framework/slsa-github-generator/.github/workflows/generator_container_slsa3.yml@refs/tags/v1.9.0
""")
_b(D, r"""
ENV SPRING_PROFILES_ACTIVE=prod \
    TMS_DB_PASSWORD_FILE=/run/secrets/tms_db_password
""")

# vendor-token look-alikes (identifiers, public keys, placeholders, masks) ----
_b(V, r"""TWILIO_ACCOUNT_SID={{sid}}""")
_b(V, r"""CallSid={{callsid}}&AccountSid={{sid}}&CallStatus=completed&CallDuration={{num}}""")
_b(V, r"""api key SID (not the secret): {{sksid}}""")
_b(V, r"""STRIPE_PUBLISHABLE_KEY={{pk_live}}""")
_b(V, r"""mapboxgl.accessToken = '{{mapbox_pk}}';  // public token, URL-restricted""")
_b(V, r"""GOOGLE_OAUTH_CLIENT_ID={{gclient}}""")
_b(V, r"""aws_access_key_id = AKIAIOSFODNN7EXAMPLE  # from the AWS docs, placeholder""")
_b(V, r"""Slack channel {{slackid}} / workspace {{slackid2}}""")
_b(V, r"""JoinEUI 70B3D57ED0{{hxu6}}, DevEUI {{deveui}}, DevAddr {{devaddr}}""")
_b(V, r"""CloudFront Key-Pair-Id={{kp}}""")
_b(V, r"""Kaltura entry {{entry}} (partner {{orgid}})""")
_b(V, r"""sk_live_xxxxxxxxxxxxxxxxxxxxxxxx""")
_b(V, r"""GITHUB_TOKEN=ghp_<your-token-here>""")
_b(V, r"""GITLAB_TOKEN=glpat-XXXXXXXXXXXXXXXXXXXX""")
_b(V, r"""EASYPOST_API_KEY=EZAK…(redacted)""")
_b(V, r"""TTN_API_KEY=NNSXS.XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX.YYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYY""")
_b(V, r"""SENDGRID_API_KEY=SG.****************************""")
_b(V, r"""SLACK_BOT_TOKEN=xoxb-****""")
_b(V, r"""Twilio phone number SID {{pn}} -> {{did}}""")
_b(V, r"""ssh-ed25519 public key for the OTA box: {{sshpub}}""")
_b(V, r"""age recipient: {{agepub}}""")
_b(V, r"""Widevine KID {{kid}}, PSSH {{pssh}}""")
_b(V, r"""UPS tracking {{tracking}}""")
_b(V, r"""OPENAI_API_KEY=sk-...  # set in your shell, see README""")
_b(V, r"""DD_API_KEY=<datadog api key>""")
_b(V, r"""VAULT_ADDR=https://vault.{{domain}}:8200""")
_b(V, r"""INFLUX_ORG_ID={{hex16}}""")
_b(V, r"""SAMSARA_ORG_ID={{n4}}{{n3}}""")
_b(V, r"""MUX_TOKEN_ID={{uuid}}""")
_b(V, r"""X-Request-Id: {{uuid}}""")
_b(V, r"""ETag: W/"{{md5}}" """)
_b(V, r"""release {{ver}} ({{short}}) built {{date}}""")


# ===========================================================================
# assembly
# ===========================================================================

_TARGET = {
    "command": 210, "note-or-chat": 230, "tool-output": 177, "config-file": 177,
    "source-code": 177, "stack-trace-or-log": 177, "ci-and-deploy": 176, "vendor-token": 176,
}


def _allocate(specs):
    counts = [s[5] if s[5] else 1 for s in specs]
    for g, target in _TARGET.items():
        idx = [i for i, s in enumerate(specs) if s[0] == g and not s[5]]
        total = sum(counts[i] for i, s in enumerate(specs) if s[0] == g)
        while total < target:
            grown = False
            for i in idx:
                if total >= target:
                    break
                if counts[i] < 3:
                    counts[i] += 1
                    total += 1
                    grown = True
            if not grown:
                break
    return counts


_USED = set()


def _make(spec):
    group, fmt, gen, tmpl, vis, _n = spec
    for _attempt in range(60):
        c = _Ctx()
        val = gen()
        if isinstance(val, dict):
            c.update(val)
            secret = val["s"]
        else:
            c["s"] = val
            secret = val
        if secret in _USED or len(secret) < 8:
            continue
        tv = tmpl() if callable(tmpl) else (tmpl, vis)
        text = _render(tv[0], c)
        v = _render(tv[1], c)
        if secret not in text:
            continue
        if v and (v not in text or v in secret or secret in v):
            continue
        _USED.add(secret)
        return (group, fmt, text, secret, v)
    raise RuntimeError("cannot build " + fmt)


def _build_secrets():
    out = []
    counts = _allocate(_SPECS)
    for spec, n in zip(_SPECS, counts):
        for _ in range(n):
            out.append(_make(spec))
    return out


_BENIGN_TARGET = 950


def _build_benign(secrets):
    values = [s[3] for s in secrets]
    seen = set()
    out = []
    made = [0] * len(_BSPECS)
    alive = [True] * len(_BSPECS)
    while len(out) < _BENIGN_TARGET and any(alive):
        for i, (_group, tmpl, _n) in enumerate(_BSPECS):
            if len(out) >= _BENIGN_TARGET:
                break
            if not alive[i]:
                continue
            if made[i] >= 5:
                alive[i] = False
                continue
            ok = False
            for _attempt in range(4):
                text = _render(tmpl, _Ctx())
                if text in seen or any(v in text for v in values):
                    continue
                ok = True
                break
            if not ok:
                alive[i] = False
                continue
            seen.add(text)
            out.append(text)
            made[i] += 1
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
