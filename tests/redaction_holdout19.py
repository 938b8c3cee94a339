# -*- coding: utf-8 -*-
"""Blind hold-out corpus no. 19 for a secret-redaction engine.

What this is
------------
A test corpus for the engine that scrubs the free-text fields of a coding
agent's saved working state (goal, notes, commands the agent ran, excerpts of
files and tool output, decisions, next steps) before they are written to disk.
A secret that survives scrubbing is a leak; an ordinary string that gets
changed is a false positive.  The theme of this corpus is a data and ML
engineering team's month with an AI coding agent: notebooks (Jupyter,
Databricks, Colab), Spark, Airflow / Dagster / Prefect DAGs, dbt profiles,
Snowflake / BigQuery / Redshift / ClickHouse / DuckDB, Kafka / Confluent /
Redpanda, feature stores, MLflow / W&B / Comet / Neptune, Hugging Face, model
serving, vector databases, labelling tools, object stores, data-quality and
ingestion tools, BI tools, R / Julia / SAS / MATLAB and HPC / Slurm clusters.
Weight is put on shapes that are hard for a scanner: secrets in log lines and
tool output far from the command that produced them, in stack traces, in
connection URIs and JDBC/ODBC strings with odd parameters, in notebook cell
output, in YAML / TOML / INI / HCL / properties / XML, in R / Julia / Scala /
SQL code, tokens wrapped across two lines, secrets in prose notes (about a
quarter of them not in English), human-chosen passwords and secrets sitting
unlabelled next to an id.

How it was written
------------------
Blind: written from general knowledge of what real credentials and real
engineering text look like, without reading the engine, its rules, its other
corpora or any public secret-scanner rule set.  The text is produced by
templates in this file; each template is one "format" and is rendered at most
three times with fresh synthetic values.

SECRETS
-------
A list of 5-tuples ``(group, format, text, secret, visible)``:

* group   -- one of "command" (~13%), "tool-output" (~16%), "config-file"
             (~15%), "source-code" (~13%), "stack-trace-or-log" (~12%),
             "note-or-chat" (~17%, about a quarter of them in other languages,
             formats named ``note-<lang>-...``), "ci-and-deploy" (~7%) and
             "vendor-token" (~7%).
* format  -- kebab-case name of the shape; each used at most three times.
* text    -- what the agent would record, with the noise real text has.
* secret  -- exact contiguous substring of text that must not survive (private
             keys: the base64 body only; signed URLs: the signature;
             user:password and connection strings: the password only; a token
             wrapped across two lines: one line's part).
* visible -- a short substring that should stay readable (user, host, key
             name...), or "".

BENIGN
------
Strings of the same kinds that contain no credential but look like one to a
naive scanner: commit SHAs, UUIDs, content digests, dataset and model hashes,
checksums, run / experiment / job ids, lockfile integrity hashes, public keys
and fingerprints, request and trace ids, object ids, cursors and page tokens,
placeholders, references to where a secret is stored (vault paths, env var
names, secret manager ARNs), fixtures marked fake, base64 of ordinary text,
hashed asset names, masked values, password policies and error messages,
public-by-design keys (publishable / anon / site keys), random seeds, feature
hashes, embeddings printed as numbers, notebook cell ids, hex colours, base64
images, Parquet / Delta file names with uuids and the like.

All values are synthetic, drawn from random.Random(1919); none is a real
credential or a documented example key.

It measured 0.963 recall and 2.7% false positives blind, and is regression
data now (tests/test_redaction_holdouts_recent.py holds its recall per group and
its false positives).
"""
import base64
import json
import random
import re
import string

R = random.Random(1919)

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
B62 = UP + LO + DG
B64C = B62 + "+/"
URLC = B62 + "-_"
HEXC = "0123456789abcdef"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(HEXC, n)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64b(n):
    return base64.b64encode(rbytes(n)).decode()


def b64u(n):
    return base64.urlsafe_b64encode(rbytes(n)).decode().rstrip("=")


def b64u_text(s):
    return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def clean_b64(n):
    """Random base64 alphabet string that contains at least one of + or /."""
    while True:
        s = rs(B64C, n)
        if "+" in s or "/" in s:
            return s


def must_mix(alpha, n):
    while True:
        s = rs(alpha, n)
        if any(c.isdigit() for c in s) and any(c.isupper() for c in s) and any(c.islower() for c in s):
            return s


# ---------------------------------------------------------------- people etc.
FIRST = ["priya", "jonas", "mei", "tomasz", "aisha", "lucas", "hana", "diego", "olga", "kwame",
         "sofia", "arjun", "lena", "mateo", "yuki", "noor", "pieter", "chiara", "emre", "ines",
         "raj", "fatima", "bjorn", "camille", "sergei", "ama", "tariq", "elif", "hugo", "minji"]
LAST = ["raman", "weber", "chen", "kowalski", "okafor", "martin", "sato", "ruiz", "ivanova",
        "mensah", "rossi", "iyer", "fischer", "silva", "tanaka", "haddad", "devries", "bianchi",
        "yilmaz", "moreau", "patel", "nakamura", "berg", "dubois", "petrov", "asante", "khan",
        "demir", "laurent", "park"]
SVC = ["svc_airflow", "etl_loader", "dbt_prod", "analytics_rw", "ml_pipeline", "looker_svc",
       "fivetran_user", "airbyte_ro", "feast_online", "spark_etl", "tableau_ext", "dagster_io",
       "prefect_worker", "metabase_app", "superset_ro", "gx_checker", "reverse_etl", "kafka_connect",
       "mlflow_srv", "labelling_app", "warehouse_admin", "bi_reader", "ingest_bot", "notebook_user"]
WORDS = ["sunflower", "marmalade", "tangerine", "basilisk", "copernicus", "lighthouse", "pumpkin",
         "snowdrop", "penguin", "kingfisher", "dolomites", "espresso", "butterscotch", "galaxy",
         "hedgehog", "orchard", "paprika", "velvet", "thunder", "walrus", "meadow", "saffron",
         "blueberry", "quasar", "tortilla", "harbour", "juniper", "lemonade", "manatee", "nebula",
         "oregano", "pistachio", "raccoon", "sequoia", "tundra", "umbrella", "violin", "waffle",
         "zeppelin", "biscuit", "cobalt", "falcon", "granite", "hibiscus", "iguana", "jasmine",
         "koala", "lantern", "mango", "nutmeg", "otter", "panther", "quokka", "rhubarb"]
PLACES = ["Lisbon", "Krakow", "Osaka", "Nairobi", "Toronto", "Bergen", "Valencia", "Munich",
          "Seoul", "Porto", "Utrecht", "Izmir", "Pune", "Lyon", "Turin", "Chennai", "Gdansk"]
TEAMS = ["Lakers", "Arsenal", "Celtics", "Ajax", "Benfica", "Galatasaray", "Juventus", "Yankees"]


def person():
    return R.choice(FIRST) + "." + R.choice(LAST)


def human_pw():
    """Passwords as people actually choose them."""
    style = R.randrange(9)
    w = R.choice(WORDS)
    if style == 0:
        return w.capitalize() + str(R.randint(1, 99)) + R.choice("!#$@?*")
    if style == 1:
        return R.choice(["Spring", "Summer", "Autumn", "Winter"]) + str(R.choice([2023, 2024, 2025])) + R.choice("!#$@")
    if style == 2:
        leet = w.replace("a", "4").replace("e", "3").replace("o", "0").replace("i", "1")
        return leet.capitalize() + R.choice("!#$%&") + str(R.randint(10, 99))
    if style == 3:
        return "-".join(R.sample(WORDS, 3)) + str(R.randint(1, 9))
    if style == 4:
        return R.choice(PLACES) + "_" + str(R.randint(1980, 2019)) + R.choice(["", "!", "#"])
    if style == 5:
        return R.choice(TEAMS) + R.choice(["4ever", "Fan", "Rule"]) + str(R.randint(1, 99)) + "!"
    if style == 6:
        return "my" + w + R.choice(["Is", "Was", "4"]) + R.choice(WORDS).capitalize() + str(R.randint(1, 9))
    if style == 7:
        return w.capitalize() + R.choice(WORDS).capitalize() + "@" + str(R.randint(100, 999))
    return R.choice(["Welcome", "Passw0rd", "Changeit", "Letmein", "Database", "Warehouse"]) + R.choice(["#", "!", "@"]) + str(R.randint(2019, 2025)) + R.choice(["", "x", "!"])


def strong_pw(n=None):
    n = n or R.randint(14, 24)
    while True:
        s = rs(B62 + "!#$%^&*()-_=+.,~", n)
        if any(c in "!#$%^&*()-_+.,~" for c in s) and any(c.isdigit() for c in s):
            return s


def pw_urlenc():
    base = R.choice(WORDS).capitalize() + R.choice(["@", "#", "/", ":", "%", "?"]) + str(R.randint(10, 9999)) + R.choice(WORDS)
    enc = base.replace("%", "%25").replace("@", "%40").replace("#", "%23").replace("/", "%2F").replace(":", "%3A").replace("?", "%3F")
    return enc


def jwt(payload=None, alg="HS256"):
    hdr = b64u_text(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")))
    if payload is None:
        payload = {"sub": uuid4(), "iat": 1740000000 + R.randint(0, 3000000),
                   "exp": 1750000000 + R.randint(0, 3000000)}
    pl = b64u_text(json.dumps(payload, separators=(",", ":")))
    sig = b64u(32 if alg.startswith("HS") else 256)
    return hdr + "." + pl + "." + sig


def supabase_jwt(role):
    ref = rs(LO, 20)
    return jwt({"iss": "supabase", "ref": ref, "role": role, "iat": 1709000000 + R.randint(0, 9999999),
                "exp": 2024000000 + R.randint(0, 9999999)})


def pem_body(prefix, total, width=64, joiner="\n"):
    body = prefix + rs(B64C, total - len(prefix) - 2)
    body += R.choice(["==", "=", "AB", "Aw"]) if R.random() < 0.6 else rs(B64C, 2)
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    return joiner.join(lines)


def rsa_pub(width):
    body = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + rs(B64C, 342) + "IDAQAB"
    if not width:
        return body
    return "\n".join(body[i:i + width] for i in range(0, len(body), width))


def neptune_token():
    d = {"api_address": "https://app.neptune.ai", "api_url": "https://app.neptune.ai", "api_key": uuid4()}
    return base64.b64encode(json.dumps(d, separators=(",", ":")).encode()).decode()


def grafana_cloud_token():
    d = {"o": str(R.randint(100000, 999999)), "n": "stack-%d-hm-read-%s" % (R.randint(100000, 999999), rs(LO, 6)),
         "k": rs(B62, 24), "m": {"r": R.choice(["prod-eu-west-0", "prod-us-central-0", "prod-ap-southeast-0"])}}
    return "glc_" + base64.b64encode(json.dumps(d, separators=(",", ":")).encode()).decode().rstrip("=")


def basic_b64(user, pw):
    return base64.b64encode(("%s:%s" % (user, pw)).encode()).decode()


def sas_sig():
    s = b64b(32)
    return s.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def ts():
    return "2025-03-%02dT%02d:%02d:%02d" % (R.randint(1, 31), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))


def b64text(s):
    return base64.b64encode(s.encode()).decode()


HOSTS = ["analytics-pg.internal", "warehouse-01.dc2.lab", "pg-feature-store.prod.svc", "mysql-legacy.corp.local",
         "ch-01.olap.internal", "redshift-prod.c7xk2mbn4q.eu-west-1.redshift.amazonaws.com",
         "kafka-broker-2.stream.internal", "minio.lab.local", "mlflow.ml-platform.svc.cluster.local",
         "gpu-login01.hpc.uni-example.edu", "metabase.bi.internal", "10.42.7.19", "192.168.88.14"]


def host():
    return R.choice(HOSTS)


# -------------------------------------------------------------- value kinds
def _int(lo, hi):
    return str(R.randint(int(lo), int(hi)))


KINDS = {
    # plain noise
    "int": _int,
    "dig": lambda n: rs(DG, int(n)),
    "hex": lambda n: hx(int(n)),
    "HEX": lambda n: hx(int(n)).upper(),
    "b62": lambda n: rs(B62, int(n)),
    "mix": lambda n: must_mix(B62, int(n)),
    "an": lambda n: rs(LO + DG, int(n)),
    "AU": lambda n: rs(UP + DG, int(n)),
    "low": lambda n: rs(LO, int(n)),
    "url": lambda n: rs(URLC, int(n)),
    "b64": lambda n: clean_b64(int(n)),
    "b64b": lambda n: b64b(int(n)),
    "b64u": lambda n: b64u(int(n)),
    "uuid": uuid4,
    "UUID": lambda: uuid4().upper(),
    "sha": lambda: hx(40),
    "sha7": lambda: hx(7),
    "sha256": lambda: hx(64),
    "ts": ts,
    "date": lambda: "2025-03-%02d" % R.randint(1, 31),
    "time": lambda: "%02d:%02d:%02d" % (R.randint(0, 23), R.randint(0, 59), R.randint(0, 59)),
    "ms": lambda: "%03d" % R.randint(0, 999),
    "ip": lambda: "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(2, 254)),
    "pip": lambda: "%d.%d.%d.%d" % (R.choice([34, 35, 52, 54, 3, 18, 20, 40]), R.randint(0, 255), R.randint(0, 255), R.randint(2, 254)),
    "port": lambda: str(R.choice([5432, 5433, 6432, 3306, 8123, 9000, 9092, 9093, 6379, 27017, 443, 8443])),
    "host": host,
    "person": person,
    "first": lambda: R.choice(FIRST),
    "svc": lambda: R.choice(SVC),
    "word": lambda: R.choice(WORDS),
    "pick": lambda *a: R.choice(a),
    "region": lambda: R.choice(["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-2", "ap-northeast-1"]),
    "acct": lambda: rs(DG, 12),
    "pid": lambda: str(R.randint(1200, 65000)),
    "ver": lambda: "%d.%d.%d" % (R.randint(0, 3), R.randint(0, 20), R.randint(0, 12)),
    "float": lambda: "%.4f" % R.uniform(0, 1),
    # secret shapes
    "pw": human_pw,
    "spw": lambda *a: strong_pw(int(a[0]) if a else None),
    "pwenc": pw_urlenc,
    "akid": lambda: "AKIA" + rs(UP + "234567", 16),
    "asia": lambda: "ASIA" + rs(UP + "234567", 16),
    "awssk": lambda: clean_b64(40),
    "awssts": lambda: "IQoJb3JpZ2luX2VjE" + rs(B62, 1) + "aCXVzLWVhc3QtMSJH" + clean_b64(R.randint(260, 340)),
    "ghp": lambda: "ghp_" + rs(B62, 36),
    "gho": lambda: "gho_" + rs(B62, 36),
    "ghs": lambda: "ghs_" + rs(B62, 36),
    "ghu": lambda: "ghu_" + rs(B62, 36),
    "ghr": lambda: "ghr_" + rs(B62, 36),
    "ghpat": lambda: "github_pat_11" + rs(UP + DG, 20) + "_" + rs(B62, 59),
    "glpat": lambda: "glpat-" + rs(URLC, 20),
    "glrt": lambda: "glrt-" + rs(URLC, 20),
    "gldt": lambda: "gldt-" + rs(URLC, 20),
    "glptt": lambda: "glptt-" + hx(40),
    "xoxb": lambda: "xoxb-" + rs(DG, 12) + "-" + rs(DG, 13) + "-" + rs(B62, 24),
    "xoxp": lambda: "xoxp-" + rs(DG, 12) + "-" + rs(DG, 12) + "-" + rs(DG, 13) + "-" + hx(32),
    "xapp": lambda: "xapp-1-A" + rs(UP + DG, 10) + "-" + rs(DG, 13) + "-" + hx(64),
    "sk_live": lambda: "sk_live_51" + rs(B62, 97),
    "rk_live": lambda: "rk_live_51" + rs(B62, 97),
    "whsec": lambda: "whsec_" + rs(B62, 32),
    "oai_proj": lambda: "sk-proj-" + rs(URLC, 74) + "T3BlbkFJ" + rs(URLC, 74),
    "oai_legacy": lambda: "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20),
    "oai_svc": lambda: "sk-svcacct-" + rs(URLC, 74) + "T3BlbkFJ" + rs(URLC, 74),
    "ant": lambda: "sk-ant-api03-" + rs(URLC, 93) + "AA",
    "ant_admin": lambda: "sk-ant-admin01-" + rs(URLC, 93) + "AA",
    "hf": lambda: "hf_" + rs(UP + LO, 34),
    "wandb": lambda: hx(40),
    "wandb_local": lambda: "local-" + hx(40),
    "comet": lambda: must_mix(B62, 25),
    "neptune": neptune_token,
    "dapi": lambda: "dapi" + hx(32) + R.choice(["", "", "-2", "-3"]),
    "dose": lambda: "dose" + hx(32),
    "aiza": lambda: "AIza" + "Sy" + rs(URLC, 33),
    "gocspx": lambda: "GOCSPX-" + rs(URLC, 28),
    "ya29": lambda: "ya29.a0" + rs(URLC, 160),
    "g_refresh": lambda: "1//0" + rs(URLC, 2) + "g" + rs(URLC, 96),
    "azkey": lambda: b64b(64),
    "sassig": sas_sig,
    "azsecret": lambda: rs(B62, 3) + "8Q~" + rs(B62 + "-_.~", 34),
    "cflt_key": lambda: rs(UP + DG, 16),
    "cflt_secret": lambda: clean_b64(64),
    "minio_sk": lambda: must_mix(B62, 40),
    "pcsk": lambda: "pcsk_" + rs(B62, 5) + "_" + rs(B62, 63),
    "qdrant": lambda: rs(URLC, 22) + "-" + rs(URLC, 21),
    "wcd": lambda: must_mix(B62, 40),
    "zilliz": lambda: hx(104),
    "lstudio": lambda: hx(40),
    "scale": lambda: "live_" + hx(32),
    "roboflow": lambda: must_mix(B62, 20),
    "sgp": lambda: "sgp_" + rs(B62, 64),
    "tableau_pat": lambda: b64b(16) + ":" + rs(B62, 32),
    "looker_secret": lambda: must_mix(B62, 24),
    "mb_key": lambda: "mb_" + b64b(32),
    "fernet": lambda: base64.urlsafe_b64encode(rbytes(32)).decode(),
    "dagster_agent": lambda: "agent:" + R.choice(["hooli", "acme-data", "lab-ml", "northwind"]) + ":" + hx(32),
    "dagster_user": lambda: "user:" + R.choice(["hooli", "acme-data", "lab-ml"]) + ":" + hx(32),
    "pnu": lambda: "pnu_" + rs(B62, 36),
    "pnb": lambda: "pnb_" + rs(B62, 36),
    "dbtc": lambda: "dbtc_" + rs(URLC, 56),
    "jwt": jwt,
    "jwt_rs": lambda: jwt(alg="RS256"),
    "sb_service": lambda: supabase_jwt("service_role"),
    "kaggle": lambda: hx(32),
    "ngrok": lambda: "2" + rs(B62, 26) + "_" + rs(B62, 21),
    "r8": lambda: "r8_" + rs(B62, 37),
    "cohere": lambda: must_mix(B62, 40),
    "mistral": lambda: must_mix(B62, 32),
    "gsk": lambda: "gsk_" + rs(B62, 52),
    "together": lambda: hx(64),
    "pplx": lambda: "pplx-" + rs(B62, 48),
    "xai": lambda: "xai-" + rs(B62, 80),
    "fw": lambda: "fw_" + rs(B62, 24),
    "lsv2": lambda: "lsv2_pt_" + hx(32) + "_" + hx(10),
    "lsv2sk": lambda: "lsv2_sk_" + hx(32) + "_" + hx(10),
    "lf_sk": lambda: "sk-lf-" + uuid4(),
    "sntrys": lambda: "sntrys_eyJpYXQiOjE3" + rs(B62, 150) + "_" + rs(B62 + "/+", 43),
    "sntryu": lambda: "sntryu_" + hx(64),
    "dd_api": lambda: hx(32),
    "dd_app": lambda: hx(40),
    "nrak": lambda: "NRAK-" + rs(UP + DG, 27),
    "nr_lic": lambda: hx(36) + "NRAL",
    "twilio_tok": lambda: hx(32),
    "sendgrid": lambda: "SG." + rs(URLC, 22) + "." + rs(URLC, 43),
    "mailgun": lambda: "key-" + hx(32),
    "npm": lambda: "npm_" + rs(B62, 36),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmcCJD" + rs(URLC, 160),
    "dckr": lambda: "dckr_pat_" + rs(URLC, 27),
    "jfrog": lambda: "AKCp8" + rs(B62, 68),
    "jfrog_ref": lambda: "cmVmdGtuOjAxOjE3" + rs(B62, 48),
    "hvs": lambda: "hvs.CAESI" + rs(URLC, 86),
    "hvs_short": lambda: "hvs." + rs(B62, 24),
    "tfc": lambda: rs(B62, 14) + ".atlasv1." + rs(B62, 67),
    "ccipat": lambda: "CCIPAT_" + rs(B62, 22) + "_" + hx(40),
    "bkua": lambda: "bkua_" + hx(40),
    "jupyter": lambda: hx(48),
    "glsa": lambda: "glsa_" + rs(B62, 32) + "_" + hx(8),
    "glc": grafana_cloud_token,
    "atatt": lambda: "ATATT3xFfGF0" + rs(B62, 80) + R.choice("-_") + rs(URLC, 99) + "=" + hx(8).upper(),
    "linear": lambda: "lin_api_" + rs(B62, 40),
    "notion": lambda: "ntn_" + rs(B62, 46),
    "notion_old": lambda: "secret_" + rs(B62, 43),
    "airtable": lambda: "pat" + rs(B62, 14) + "." + hx(64),
    "shpat": lambda: "shpat_" + hx(32),
    "doppler": lambda: "dp.st." + R.choice(["prd", "stg", "dev"]) + "." + rs(B62, 43),
    "ops": lambda: "ops_eyJ" + rs(B62, 220),
    "cf_token": lambda: rs(URLC, 40),
    "r2_sk": lambda: hx(64),
    "dop": lambda: "dop_v1_" + hx(64),
    "hrku": lambda: "HRKU-AA" + rs(URLC, 58),
    "vercel": lambda: must_mix(B62, 24),
    "nfp": lambda: "nfp_" + rs(B62, 40),
    "sbp": lambda: "sbp_" + hx(40),
    "fcm": lambda: "AAAA" + rs(URLC, 7) + ":APA91b" + rs(URLC, 134),
    "mapbox_sk": lambda: "sk.eyJ1IjoiZ" + rs(B62, 50) + "." + rs(URLC, 22),
    "algolia_admin": lambda: hx(32),
    "pmak": lambda: "PMAK-" + hx(24) + "-" + hx(34),
    "okta": lambda: "00" + rs(URLC, 40),
    "auth0": lambda: rs(URLC, 64),
    "tg": lambda: rs(DG, 10) + ":AA" + rs(URLC, 33),
    "discord_wh": lambda: rs(URLC, 68),
    "s3sig": lambda: hx(64),
    "gcssig": lambda: hx(512),
    "cfsig": lambda: rs(B62 + "~-", 170),
    "es_api": lambda: base64.b64encode((rs(URLC, 20) + ":" + rs(URLC, 22)).encode()).decode(),
    "pem_rsa": lambda: pem_body("MIIEpAIBAAKCAQEA", 1588),
    "pem_pk8": lambda: pem_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", 1624),
    "pem_pk8j": lambda: pem_body("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", 1624, joiner="\\n"),
    "pem_enc": lambda: pem_body("MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI", 1784),
    "pem_ec": lambda: pem_body("MHcCAQEEI", 164),
    "pem_ssh": lambda: pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 400, width=70),
    "pem_pgp": lambda: pem_body("lQdGBGX", 1200),
    "sas002": lambda: "{SAS002}" + hx(40).upper(),
    "sas004": lambda: "{SAS004}" + hx(48).upper(),
    "globus": lambda: "Ag" + rs(B62, 60),
    "clickhouse_sk": lambda: "4b1d" + rs(B62, 38),
    "redpanda_sk": lambda: rs(URLC, 64),
    "airbyte_sk": lambda: must_mix(B62, 32),
    "gx_token": lambda: hx(64),
    "argilla": lambda: "argilla." + rs(URLC, 48),
    "labelbox": lambda: jwt({"organizationId": rs(LO + DG, 25), "apiKeyId": rs(LO + DG, 25), "secret": hx(32), "iat": 1741000000 + R.randint(0, 2000000), "exp": 2371000000}),
    "motherduck": lambda: jwt({"session": rs(LO + DG, 16) + ".motherduck.com", "email": person() + "@example-lab.org", "userId": uuid4(), "iat": 1741000000 + R.randint(0, 2000000)}),
    "snowflake_pat": lambda: jwt({"p": rs(DG, 10) + ":" + rs(DG, 11), "iss": "SF:" + rs(DG, 4), "exp": 1772000000}, alg="ES256"),
    "modal_secret": lambda: "as-" + rs(B62, 22),
    "modal_id": lambda: "ak-" + rs(B62, 22),
    "anyscale": lambda: "esecret_" + rs(LO + DG, 24),
    "cerebras": lambda: "csk-" + rs(LO + DG, 48),
    "voyage": lambda: "pa-" + rs(URLC, 43),
    "jina": lambda: "jina_" + hx(32) + rs(B62, 28),
    "unstructured": lambda: must_mix(B62, 30),
    "runpod": lambda: "rpa_" + rs(UP + DG, 44),
    "lambda_cloud": lambda: "secret_" + R.choice(["lab", "gpu", "ml"]) + "_" + hx(32) + "." + rs(B62, 32),
    "vast": lambda: hx(64),
    "paperspace": lambda: hx(32),
    "clearml_sk": lambda: must_mix(B62, 50),
    "clearml_ak": lambda: rs(UP + DG, 20),
    "dvc_studio": lambda: "isat_" + rs(B62, 48),
    "opsgenie": lambda: uuid4(),
    "pd_key": lambda: "u+" + rs(URLC, 18),
    "gx_cloud": lambda: hx(64),
    "sigopt": lambda: rs(UP + DG, 48),
    "determined": lambda: "v2." + b64u(96),
    "polyaxon": lambda: hx(40),
    "azure_ml_key": lambda: b64b(32),
    "openai_az": lambda: hx(32),
    "cos_hmac": lambda: hx(48),
    "ibm_api": lambda: rs(URLC, 44),
    "oci_token": lambda: b64b(96),
    "alibaba_sk": lambda: must_mix(B62, 30),
    "teams_hex": lambda: hx(32),
    "irods": lambda: human_pw(),
    "munge": lambda: b64b(96),
    "b64hf": lambda: b64text("hf_" + rs(UP + LO, 34)),
    "basic": lambda: basic_b64(R.choice(SVC), human_pw()),
    "b64pgurl": lambda: b64text("postgresql://airflow:%s@airflow-pg.airflow.svc:5432/airflow" % human_pw()),
    "kafka_scram": lambda: strong_pw(R.randint(24, 32)),
}

# benign-only shapes (public by design, hashes, ids ...)
KINDS.update({
    "ssh_ed": lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + rs(B64C, 43),
    "ssh_rsa_pub": lambda: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + rs(B64C, 500),
    "pk_live": lambda: "pk_live_51" + rs(B62, 97),
    "sb_anon": lambda: supabase_jwt("anon"),
    "recaptcha": lambda: "6L" + rs(URLC, 38),
    "posthog": lambda: "phc_" + rs(B62, 43),
    "mapbox_pk": lambda: "pk.eyJ1IjoiZ" + rs(B62, 50) + "." + rs(URLC, 22),
    "lf_pk": lambda: "pk-lf-" + uuid4(),
    "sri": lambda: "sha512-" + b64b(64),
    "sri384": lambda: "sha384-" + b64b(48),
    "gpgfp": lambda: " ".join(hx(4).upper() for _ in range(10)),
    "sshfp": lambda: "SHA256:" + b64b(32).rstrip("="),
    "md5": lambda: hx(32),
    "crc": lambda: b64b(4),
    "etag": lambda: '"' + hx(32) + R.choice(["", "-%d" % R.randint(2, 40)]) + '"',
    "s3ver": lambda: rs(URLC + ".", 32),
    "amzid2": lambda: b64b(56),
    "trace": lambda: "00-" + hx(32) + "-" + hx(16) + "-01",
    "dbxcluster": lambda: "%04d-%06d-%s" % (R.randint(101, 1231), R.randint(0, 235959), rs(LO + DG, 8)),
    "sparkapp": lambda: "application_17%s_%04d" % (rs(DG, 11), R.randint(1, 9999)),
    "sfqid": lambda: "01b%s-0000-%s-0000-%s" % (hx(5), hx(4), hx(12)),
    "bqjob": lambda: "bquxjob_%s_%s" % (hx(8), hx(11)),
    "wbrun": lambda: rs(LO + DG, 8),
    "cellid": lambda: rs(LO + DG, 8) + "-" + rs(LO + DG, 4) + "-" + rs(LO + DG, 4),
    "colour": lambda: "#" + hx(6),
    "png64": lambda: "iVBORw0KGgoAAAANSUhEUgAA" + rs(B64C, 120) + "AAAAAElFTkSuQmCC",
    "cursor": lambda: base64.b64encode(json.dumps({"offset": R.randint(100, 90000), "ts": 1741000000 + R.randint(0, 999999)}).encode()).decode(),
    "ulid": lambda: rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26),
    "ksuid": lambda: rs(B62, 27),
    "objid": lambda: hx(24),
    "emb": lambda: ", ".join("%.4f" % R.uniform(-0.2, 0.2) for _ in range(8)),
    "seed": lambda: str(R.choice([0, 7, 13, 42, 1234, 1919, 2024, 31337, 123456789])),
    "arn_secret": lambda: "arn:aws:secretsmanager:%s:%s:secret:%s-%s" % (R.choice(["us-east-1", "eu-west-1"]), rs(DG, 12), R.choice(["prod/snowflake/etl", "ml/wandb", "analytics/looker", "shared/kafka-sasl"]), rs(B62, 6)),
    "kvuri": lambda: "https://kv-%s.vault.azure.net/secrets/%s/%s" % (rs(LO, 6), R.choice(["adls-key", "sql-admin", "dbx-pat"]), hx(32)),
    "gsm": lambda: "projects/%s/secrets/%s/versions/%d" % (R.choice(["ml-lab-prod", "analytics-412", "dwh-core"]), R.choice(["bq-sa-key", "looker-client", "hf-token"]), R.randint(1, 12)),
    "b64txt": lambda: b64text(R.choice(["hello world", "feature_store_v2", "select 1", "lab-ml:readonly",
                                         "{\"kind\":\"cursor\",\"page\":3}", "model=resnet50;epoch=12",
                                         "not a secret, just a label", "partition=dt=2025-03-14"])),
    "sha512": lambda: hx(128),
    "blake": lambda: hx(64),
    "k8suid": uuid4,
    "argon": lambda: "$argon2id$v=19$m=65536,t=3,p=4$" + b64b(16).rstrip("=") + "$" + b64b(32).rstrip("="),
    "bcrypt": lambda: "$2b$12$" + rs(B62 + "./", 53),
    "gitlfs": lambda: "sha256:" + hx(64),
    "dockerdigest": lambda: "sha256:" + hx(64),
    "awsreqid": lambda: uuid4(),
    "amzreq": lambda: rs(UP + DG, 16),
    "pagetoken": lambda: "B" + rs(URLC, 60),
    "kafkaoff": lambda: str(R.randint(1000000, 99999999)),
    "nbhash": lambda: hx(16),
    "wheelhash": lambda: "sha256=" + b64u(32),
    "fp16": lambda: ":".join(hx(2) for _ in range(16)),
    "x509fp": lambda: ":".join(hx(2).upper() for _ in range(32)),
    "pubpem": lambda: rsa_pub(64),
    "age_pub": lambda: "age1" + rs("023456789acdefghjklmnpqrstuvwxyz", 58),
    "sops": lambda: "ENC[AES256_GCM,data:" + b64b(24) + ",iv:" + b64b(32) + ",tag:" + b64b(16) + ",type:str]",
    "ansible_vault": lambda: "\n".join(hx(80) for _ in range(4)),
    "pulumi_secure": lambda: "v1:" + b64b(12) + ":" + b64b(36),
    "sealed": lambda: "AgB" + rs(B64C, 300),
    "pubflat": lambda: rsa_pub(0),
    "rs32": lambda: rs("0123456789abcdfghijklmnpqrsvwxyz", 32),
})

SEPS = {
    "nl": "\n",
    "bs": "\\\n",
    "bsi": "\\\n    ",
    "pyc": "\"\n    \"",
    "plus": "\" +\n    \"",
    "ind": "\n    ",
    "nl2": "\n  ",
    "tab": "\n\t",
    "rp": "\"\n  \"",
    "sq": "'\n    '",
    "pipe": "\n│ ",
    "gt": "\n> ",
}

_TOK = re.compile(r"<%(.*?)%>", re.S)


def _render(tmpl, cache):
    found = []

    def sub(m):
        inner = m.group(1)
        is_sec = inner.startswith("!")
        if is_sec:
            inner = inner[1:]
        wrap = None
        if "|" in inner:
            inner, wrap = inner.split("|", 1)
        tag = None
        if "#" in inner:
            inner, tag = inner.split("#", 1)
        parts = inner.split(":")
        name, args = parts[0], parts[1:]
        if tag is None and name == "int" and args == ["10", "28"]:
            tag = "__day"  # one calendar day per rendered text
        if "__day" not in cache:
            cache["__day"] = str(R.randint(10, 28))
        if tag is not None and tag in cache:
            val = cache[tag]
        elif name == "date":
            val = "2025-03-" + cache["__day"]
        elif name == "ts":
            val = "2025-03-%sT%02d:%02d:%02d" % (cache["__day"], R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))
        else:
            val = KINDS[name](*args)
            if tag is not None:
                cache[tag] = val
        sec = val
        if wrap:
            n, sep = wrap.split(":")
            n = int(n)
            a, b = val[:n], val[n:]
            val = a + SEPS[sep] + b
            sec = a if len(a) >= len(b) else b
        if is_sec and not found:
            found.append(sec)
        return val

    text = _TOK.sub(sub, tmpl)
    return text, (found[0] if found else None)


_TEMPLATES = []
_BENIGN_T = []


def T(group, fmt, text, vis="", n=2):
    _TEMPLATES.append((group, fmt, text, vis, n))


def B(text, n=3):
    if "<%" not in text:
        n = 1
    _BENIGN_T.append((text, n))

# =====================================================================
# command
# =====================================================================
C = "command"
T(C, "export-aws-key-pair-then-s3-sync", r"""export AWS_ACCESS_KEY_ID=<%akid%>
export AWS_SECRET_ACCESS_KEY=<%!awssk%>
aws s3 sync s3://lab-raw-<%region%>/clickstream/dt=<%date%>/ ./data/raw/ --only-show-errors""", "AWS_SECRET_ACCESS_KEY")
T(C, "aws-configure-set-secret-profile", r"""aws configure set aws_secret_access_key <%!awssk%> --profile ml-lab && aws sts get-caller-identity --profile ml-lab""", "--profile ml-lab")
T(C, "env-prefixed-databricks-cli", r"""DATABRICKS_HOST=https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net DATABRICKS_TOKEN=<%!dapi%> databricks jobs list --output json | jq '.jobs[].settings.name'""", "DATABRICKS_HOST")
T(C, "curl-databricks-runs-list-bearer", r"""curl -s -H "Authorization: Bearer <%!dapi%>" "https://dbc-<%hex:8%>-<%hex:4%>.cloud.databricks.com/api/2.1/jobs/runs/list?job_id=<%dig:15%>&limit=5" | jq .""", "api/2.1/jobs/runs/list")
T(C, "wandb-login-positional-key", r"""wandb login <%!wandb%> && wandb sync --sync-all ./wandb/offline-run-2025030<%int:1:9%>_*""", "wandb sync")
T(C, "wandb-login-relogin-host", r"""wandb login --relogin --host https://wandb.lab.internal <%!wandb_local%>""", "wandb.lab.internal")
T(C, "hf-cli-login-add-git-cred", r"""huggingface-cli login --token <%!hf%> --add-to-git-credential""", "huggingface-cli login")
T(C, "git-clone-hf-dataset-userinfo", r"""git clone https://<%first#u%>:<%!hf%>@huggingface.co/datasets/lab-ml/receipts-ocr-v3 /scratch/<%first#u%>/receipts""", "receipts-ocr-v3")
T(C, "snowsql-pwd-env-inline", r"""SNOWSQL_PWD='<%!pw%>' snowsql -a xy<%dig:5%>.eu-central-1 -u <%svc#u%> -d ANALYTICS -w TRANSFORM_WH -r TRANSFORMER -q "select count(*) from raw.events where _loaded_at > dateadd(day,-1,current_timestamp)" """, "<%svc#u%>")
T(C, "psql-uri-sslmode-features", r"""psql "postgresql://<%svc#u%>:<%!pw%>@pg-feature-store.prod.svc:5432/features?sslmode=require&application_name=agent" -c '\dt feast.*'""", "pg-feature-store.prod.svc")
T(C, "pgpassword-pg-dump-custom", r"""PGPASSWORD='<%!pw%>' pg_dump -h analytics-pg.internal -U <%svc#u%> -Fc -n marts analytics > /scratch/backup/marts_<%date%>.dump""", "analytics-pg.internal")
T(C, "mysql-p-attached-password", r"""mysql -h mysql-legacy.corp.local -u reporting -p'<%!pw%>' -e "SELECT table_name, table_rows FROM information_schema.tables WHERE table_schema='crm'" """, "reporting")
T(C, "clickhouse-client-secure-password", r"""clickhouse-client --host ch-01.olap.internal --secure --port 9440 --user default --password '<%!spw%>' --query "SELECT toDate(ts) d, count() FROM events.page_views GROUP BY d ORDER BY d DESC LIMIT 7" """, "ch-01.olap.internal")
T(C, "kafka-console-consumer-jaas-inline", r"""kafka-console-consumer --bootstrap-server pkc-<%an:5%>.eu-west-1.aws.confluent.cloud:9092 --topic clickstream.v2 --from-beginning --max-messages 20 \
  --consumer-property security.protocol=SASL_SSL --consumer-property sasl.mechanism=PLAIN \
  --consumer-property sasl.jaas.config='org.apache.kafka.common.security.plain.PlainLoginModule required username="<%cflt_key%>" password="<%!cflt_secret%>";'""", "clickstream.v2")
T(C, "kcat-sasl-plain-flags", r"""kcat -b pkc-<%an:5%>.us-east-1.aws.confluent.cloud:9092 -X security.protocol=SASL_SSL -X sasl.mechanisms=PLAIN -X sasl.username=<%cflt_key%> -X sasl.password=<%!cflt_secret%> -t orders.cdc -C -o -10 -e -J""", "orders.cdc")
T(C, "rpk-consume-scram-user", r"""rpk topic consume model-scores --brokers seed-<%hex:8%>.cq<%an:10%>.byoc.prd.cloud.redpanda.com:9092 --tls-enabled --sasl-mechanism SCRAM-SHA-256 --user scorer --password '<%!kafka_scram%>' -n 5 -f '%v\n'""", "model-scores")
T(C, "mc-alias-set-minio", r"""mc alias set lab https://minio.lab.local:9000 ml-rw <%!minio_sk%> && mc ls lab/datasets/imagenet-subset/""", "minio.lab.local")
T(C, "rclone-copy-inline-s3-flags", r"""rclone copy ./checkpoints :s3:lab-ckpt/llama-ft/ --s3-provider AWS --s3-region eu-west-1 --s3-access-key-id <%akid%> --s3-secret-access-key <%!awssk%> -P --transfers 16""", "lab-ckpt/llama-ft")
T(C, "az-blob-upload-batch-account-key", r"""az storage blob upload-batch --account-name stmldata<%an:4%> --account-key "<%!azkey%>" -d bronze -s ./export/parquet --pattern "*.parquet" --overwrite""", "upload-batch")
T(C, "azcopy-sas-url-recursive", r"""azcopy copy "./parquet/*" "https://stmldata<%an:4%>.blob.core.windows.net/bronze/events?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2025-04-01T00:00:00Z&st=<%date%>T08:00:00Z&spr=https&sig=<%!sassig%>" --recursive=true""", "sp=rwdlac")
T(C, "curl-bigquery-ya29-bearer", r"""curl -s -X POST -H "Authorization: Bearer <%!ya29%>" -H "Content-Type: application/json" "https://bigquery.googleapis.com/bigquery/v2/projects/ml-lab-prod/queries" -d '{"query":"SELECT COUNT(*) FROM `ml-lab-prod.events.sessions`","useLegacySql":false}'""", "ml-lab-prod")
T(C, "airflow-connections-add-conn-uri-snowflake", r"""airflow connections add 'snowflake_default' --conn-uri 'snowflake://<%svc#u%>:<%!pwenc%>@/ANALYTICS/PUBLIC?account=xy<%dig:5%>&warehouse=TRANSFORM_WH&role=TRANSFORMER&region=eu-central-1'""", "snowflake_default")
T(C, "airflow-variables-set-slack-webhook", r"""airflow variables set alerts_slack_webhook https://hooks.slack.com/services/T0<%AU:8%>/B0<%AU:9%>/<%!b62:24%>""", "alerts_slack_webhook")
T(C, "dbt-env-secret-prefix-build", r"""DBT_ENV_SECRET_SNOWFLAKE_PASSWORD='<%!pw%>' dbt build --select state:modified+ --defer --state ./prod-artifacts --target prod""", "state:modified+")
T(C, "mlflow-basic-auth-env-runs-list", r"""MLFLOW_TRACKING_URI=https://mlflow.lab.internal MLFLOW_TRACKING_USERNAME=<%first#u%> MLFLOW_TRACKING_PASSWORD='<%!pw%>' mlflow runs list --experiment-id <%int:3:80%>""", "MLFLOW_TRACKING_USERNAME")
T(C, "comet-export-then-train", r"""export COMET_API_KEY=<%!comet%>; export COMET_WORKSPACE=lab-ml; python train.py --config configs/vit_b16.yaml --max-epochs 30""", "COMET_WORKSPACE")
T(C, "neptune-token-env-prefix", r"""NEPTUNE_API_TOKEN="<%!neptune%>" NEPTUNE_PROJECT=lab-ml/churn python -m churn.train --fold 3""", "lab-ml/churn")
T(C, "docker-run-tgi-hf-token", r"""docker run --gpus all --shm-size 1g -e HF_TOKEN=<%!hf%> -p 8080:80 -v $PWD/models:/data ghcr.io/huggingface/text-generation-inference:2.4 --model-id meta-llama/Llama-3.1-8B-Instruct""", "text-generation-inference")
T(C, "docker-login-p-flag-pat", r"""docker login -u <%first%>lab -p <%!dckr%> && docker push <%first%>lab/feature-api:0.<%int:1:40%>.0""", "docker push")
T(C, "kubectl-create-secret-from-literal", r"""kubectl -n ml-platform create secret generic mlflow-db --from-literal=username=mlflow --from-literal=password='<%!pw%>' --dry-run=client -o yaml | kubectl apply -f -""", "mlflow-db")
T(C, "helm-upgrade-set-postgres-password", r"""helm upgrade --install superset superset/superset -n bi -f values-prod.yaml --set postgresql.auth.password=<%!spw%> --set redis.enabled=true""", "superset/superset")
T(C, "sbatch-export-wandb-key", r"""sbatch --export=ALL,WANDB_API_KEY=<%!wandb%>,HF_HOME=/scratch/$USER/hf --gres=gpu:a100:4 -p gpu-long train_ddp.slurm""", "train_ddp.slurm")
T(C, "srun-pty-env-hf-token", r"""srun -p gpu --gres=gpu:1 --time=02:00:00 --pty env HF_TOKEN=<%!hf%> python -m lab.eval --model mistralai/Mistral-7B-v0.3 --tasks hellaswag""", "--tasks hellaswag")
T(C, "curl-jupyter-api-contents-token", r"""curl -s "http://localhost:8888/api/contents/notebooks?token=<%!jupyter%>" | jq -r '.content[].name'""", "api/contents/notebooks")
T(C, "jupyter-lab-serverapp-token-flag", r"""jupyter lab --no-browser --ip 0.0.0.0 --port 88<%int:10:99%> --ServerApp.token=<%!jupyter%> --notebook-dir=/scratch/$USER""", "--no-browser")
T(C, "ngrok-add-authtoken", r"""ngrok config add-authtoken <%!ngrok%> && ngrok http 8501 --domain=lab-demo.ngrok.app""", "ngrok http 8501")
T(C, "echo-kaggle-json-chmod", r"""mkdir -p ~/.kaggle && echo '{"username":"<%first#u%>lab","key":"<%!kaggle%>"}' > ~/.kaggle/kaggle.json && chmod 600 ~/.kaggle/kaggle.json && kaggle competitions download -c playground-series-s5e3""", "<%first#u%>lab")
T(C, "curl-replicate-predictions", r"""curl -s -X POST -H "Authorization: Bearer <%!r8%>" -H "Content-Type: application/json" -d '{"version":"<%hex:64%>","input":{"prompt":"pallet on loading dock"}}' https://api.replicate.com/v1/predictions""", "api.replicate.com")
T(C, "curl-openai-embeddings-proj-key", r"""curl https://api.openai.com/v1/embeddings -H "Content-Type: application/json" -H "Authorization: Bearer <%!oai_proj%>" -d '{"model":"text-embedding-3-small","input":["invoice total mismatch"]}'""", "text-embedding-3-small")
T(C, "curl-anthropic-x-api-key", r"""curl https://api.anthropic.com/v1/messages -H "x-api-key: <%!ant%>" -H "anthropic-version: 2023-06-01" -H "content-type: application/json" -d @prompts/label_review.json""", "anthropic-version")
T(C, "curl-pinecone-query-api-key-header", r"""curl -s -X POST "https://products-<%an:7%>.svc.aped-<%dig:4%>-<%hex:4%>.pinecone.io/query" -H "Api-Key: <%!pcsk%>" -H "X-Pinecone-API-Version: 2024-10" -d '{"topK":5,"vector":[0.01,0.2,-0.03],"namespace":"sku"}'""", "X-Pinecone-API-Version")
T(C, "curl-qdrant-collections-api-key", r"""curl -s -H "api-key: <%!qdrant%>" https://<%uuid%>.eu-central-1-0.aws.cloud.qdrant.io:6333/collections/docs_v4 | jq .result.points_count""", "docs_v4")
T(C, "curl-label-studio-export-token", r"""curl -s -H "Authorization: Token <%!lstudio%>" "http://label-studio.lab:8080/api/projects/<%int:2:60%>/export?exportType=JSON_MIN" -o labels.json""", "exportType=JSON_MIN")
T(C, "redshift-psql-pgpassword-export", r"""export PGPASSWORD=<%!pw%>
psql -h redshift-prod.c7xk2mbn4q.eu-west-1.redshift.amazonaws.com -p 5439 -U awsuser -d dev -c "select query, trim(querytxt) from stl_query order by starttime desc limit 5;" """, "awsuser")
T(C, "duckdb-create-secret-s3-cli", r"""duckdb lab.duckdb -c "CREATE OR REPLACE SECRET s3lab (TYPE S3, KEY_ID '<%akid%>', SECRET '<%!awssk%>', REGION 'eu-west-1'); SELECT count(*) FROM read_parquet('s3://lab-raw/events/*/*.parquet');" """, "s3lab")
T(C, "duckdb-motherduck-token-dsn", r"""duckdb "md:analytics?motherduck_token=<%!motherduck%>" -c "show databases" """, "md:analytics")
T(C, "spark-submit-s3a-secret-continuation", r"""spark-submit --master yarn --deploy-mode cluster \
  --conf spark.hadoop.fs.s3a.access.key=<%akid%> \
  --conf spark.hadoop.fs.s3a.secret.key=<%!awssk%> \
  --conf spark.sql.shuffle.partitions=400 \
  jobs/sessionize.py --date <%date%>""", "spark.sql.shuffle.partitions")
T(C, "spark-submit-abfs-account-key-conf", r"""spark-submit --conf "spark.hadoop.fs.azure.account.key.stlake<%an:4%>.dfs.core.windows.net=<%!azkey%>" --packages org.apache.hadoop:hadoop-azure:3.3.4 jobs/compact_delta.py""", "hadoop-azure")
T(C, "beeline-jdbc-n-p", r"""beeline -u "jdbc:hive2://hs2.lab.internal:10000/default;ssl=true;sslTrustStore=/etc/pki/hive.jks" -n etl_hive -p '<%!pw%>' -e "MSCK REPAIR TABLE raw.clicks" """, "etl_hive")
T(C, "trino-cli-password-env", r"""TRINO_PASSWORD='<%!pw%>' trino --server https://trino.lab.internal:8443 --user <%person%> --password --catalog iceberg --schema gold --execute "SHOW TABLES" """, "trino.lab.internal")
T(C, "sqlcmd-azure-sql-p-flag", r"""sqlcmd -S tcp:sql-ml-<%an:4%>.database.windows.net,1433 -d features -U sqladmin -P '<%!pw%>' -Q "SELECT TOP 5 * FROM dbo.training_runs ORDER BY created_at DESC" """, "sqladmin")
T(C, "mongosh-srv-uri", r"""mongosh "mongodb+srv://<%svc#u%>:<%!pw%>@cluster0.<%an:5%>.mongodb.net/labels?retryWrites=true&w=majority" --eval 'db.annotations.countDocuments({status:"review"})'""", "cluster0")
T(C, "redis-cli-tls-a-flag", r"""redis-cli -h feast-online.<%an:6%>.cache.amazonaws.com -p 6379 --tls -a '<%!spw%>' --no-auth-warning INFO keyspace""", "--no-auth-warning")
T(C, "gh-auth-login-here-string", r"""gh auth login --with-token <<< <%!ghp%> && gh run list -R lab-ml/feature-pipelines -L 5""", "feature-pipelines")
T(C, "git-remote-set-url-oauth2-glpat", r"""git remote set-url origin https://oauth2:<%!glpat%>@gitlab.lab.example.org/ml/feature-pipelines.git && git push -u origin agent/fix-dedupe""", "gitlab.lab.example.org")
T(C, "pip-install-artifactory-userinfo", r"""pip install -i https://<%svc#u%>:<%!jfrog%>@artifactory.corp.example/artifactory/api/pypi/pypi-ml/simple lab-features==2.<%int:1:9%>.1""", "pypi-ml")
T(C, "twine-upload-u-token-p", r"""python -m twine upload --repository-url https://upload.pypi.org/legacy/ -u __token__ -p <%!pypi%> dist/labtools-0.<%int:1:9%>.0*""", "__token__")
T(C, "npm-config-set-authtoken-ghpkg", r"""npm config set //npm.pkg.github.com/:_authToken <%!ghp%> && npm i @lab-ml/dashboard-widgets""", "npm.pkg.github.com")
T(C, "rscript-sys-setenv-aws", r"""Rscript -e 'Sys.setenv(AWS_ACCESS_KEY_ID="<%akid%>", AWS_SECRET_ACCESS_KEY="<%!awssk%>", AWS_DEFAULT_REGION="eu-west-1"); print(aws.s3::bucket_exists("lab-survey-data"))'""", "lab-survey-data")
T(C, "julia-e-libpq-connection", r"""julia --project=. -e 'using LibPQ, DataFrames; conn = LibPQ.Connection("host=analytics-pg.internal dbname=analytics user=<%svc#u%> password=<%!pw%>"); println(DataFrame(execute(conn, "select count(*) from marts.orders")))'""", "dbname=analytics")
T(C, "matlab-batch-database-call", r"""matlab -batch "conn = database('warehouse_dsn','<%svc#u%>','<%!pw%>'); t = fetch(conn,'SELECT * FROM sensors.calibration'); writetable(t,'calib.csv'); close(conn)" """, "warehouse_dsn")
T(C, "sas-sysin-set-dbpass", r"""sas -sysin /home/<%first%>/jobs/claims_extract.sas -log /tmp/claims.log -set DBUSER <%svc#u%> -set DBPASS "<%!pw%>" """, "claims_extract.sas")
T(C, "vault-kv-put-password-field", r"""vault kv put -mount=secret ml/snowflake/etl user=<%svc#u%> password='<%!pw%>'""", "ml/snowflake/etl")
T(C, "vault-login-token-positional", r"""vault login -no-print <%!hvs%> && vault kv get -field=password secret/ml/clickhouse""", "secret/ml/clickhouse")
T(C, "terraform-apply-var-password", r"""terraform -chdir=infra/snowflake apply -var="snowflake_password=<%!pw%>" -var="env=prod" -auto-approve""", "infra/snowflake")
T(C, "tf-token-env-terraform-init", r"""TF_TOKEN_app_terraform_io=<%!tfc%> terraform init -upgrade""", "terraform init")
T(C, "gcloud-secrets-add-here-string", r"""gcloud secrets versions add looker-client-secret --project analytics-<%int:100:999%> --data-file=- <<< '<%!looker_secret%>'""", "looker-client-secret")
T(C, "aws-secretsmanager-put-json-string", r"""aws secretsmanager put-secret-value --secret-id prod/fivetran/api --secret-string '{"api_key":"<%b62:16%>","api_secret":"<%!b62:32%>"}'""", "prod/fivetran/api")
T(C, "curl-u-key-secret-fivetran", r"""curl -s -u <%b62:16#k%>:<%!b62:32%> https://api.fivetran.com/v1/groups | jq '.data.items[].name'""", "api.fivetran.com")
T(C, "curl-segment-public-api-bearer", r"""curl -s https://api.segmentapis.com/sources -H "Authorization: Bearer <%!sgp%>" -H "Accept: application/vnd.segment.v1+json" """, "api.segmentapis.com")
T(C, "tabcmd-login-password", r"""tabcmd login -s https://tableau.corp.example -t Analytics -u <%person#u%> -p '<%!pw%>' && tabcmd refreshextracts --datasource "Orders (Snowflake)" """, "refreshextracts")
T(C, "tabcmd-login-pat-token-value", r"""tabcmd login -s https://prod-uk-a.online.tableau.com -t labanalytics --token-name nightly-refresh --token-value "<%!tableau_pat%>" """, "nightly-refresh")
T(C, "curl-looker-api-login-form", r"""curl -s -X POST "https://looker.corp.example:19999/api/4.0/login" -d "client_id=<%b62:20%>&client_secret=<%!looker_secret%>" | jq -r .access_token""", "api/4.0/login")
T(C, "curl-metabase-x-api-key-csv", r"""curl -s -X POST -H "x-api-key: <%!mb_key%>" https://metabase.bi.internal/api/card/<%int:100:999%>/query/csv -o weekly_kpis.csv""", "weekly_kpis.csv")
T(C, "superset-fab-create-admin-password", r"""superset fab create-admin --username admin --firstname Data --lastname Platform --email dataplatform@lab.example --password '<%!pw%>'""", "create-admin")
T(C, "export-gx-cloud-token-org", r"""export GX_CLOUD_ACCESS_TOKEN=<%!gx_token%> GX_CLOUD_ORGANIZATION_ID=<%uuid%>; python checkpoints/run_orders_suite.py""", "GX_CLOUD_ORGANIZATION_ID")
T(C, "prefect-cloud-login-k", r"""prefect cloud login -k <%!pnu%> -w lab-ml/production && prefect deployment run 'ingest-orders/nightly'""", "lab-ml/production")
T(C, "dagster-cloud-api-token-flag", r"""dagster-cloud deployment sync-locations -w dagster_cloud.yaml --organization hooli --deployment prod --api-token <%!dagster_user%>""", "sync-locations")
T(C, "curl-dbt-cloud-token-header", r"""curl -s -H "Authorization: Token <%!dbtc%>" "https://cloud.getdbt.com/api/v2/accounts/<%int:10000:99999%>/runs/?order_by=-id&limit=3" """, "cloud.getdbt.com")
T(C, "curl-airbyte-applications-token", r"""curl -s -X POST https://api.airbyte.com/v1/applications/token -H "Content-Type: application/json" -d '{"client_id":"<%uuid%>","client_secret":"<%!airbyte_sk%>","grant-type":"client_credentials"}'""", "applications/token")
T(C, "confluent-api-key-store-positional", r"""confluent api-key store <%cflt_key#k%> <%!cflt_secret%> --resource lkc-<%an:5%> && confluent api-key use <%cflt_key#k%>""", "confluent api-key use")
T(C, "curl-clickhouse-cloud-keyid-secret", r"""curl -s --user '<%AU:20%>:<%!clickhouse_sk%>' https://api.clickhouse.cloud/v1/organizations | jq '.result[].name'""", "api.clickhouse.cloud")
T(C, "vllm-serve-api-key", r"""vllm serve mistralai/Mistral-7B-Instruct-v0.3 --port 8000 --max-model-len 8192 --api-key lab-<%!mix:32%>""", "--max-model-len")
T(C, "modal-token-set-id-secret", r"""modal token set --token-id <%modal_id%> --token-secret <%!modal_secret%> --profile lab""", "--profile lab")
T(C, "runpodctl-config-apikey", r"""runpodctl config --apiKey <%!runpod%> && runpodctl get pod""", "runpodctl get pod")
T(C, "az-login-service-principal-p", r"""az login --service-principal -u <%uuid%> -p '<%!azsecret%>' --tenant <%uuid%> && az ml job list -g rg-ml -w mlw-lab -o table""", "--service-principal")
T(C, "sqlplus-user-slash-password-ezconnect", r"""sqlplus -s etl_user/<%!pw%>@//ora-dw.corp.local:1521/DWPRD @extract_gl.sql""", "ora-dw.corp.local")
T(C, "echo-pipe-kinit", r"""echo '<%!pw%>' | kinit <%person#u%>@LAB.EXAMPLE.ORG && hdfs dfs -ls /data/warehouse/raw""", "LAB.EXAMPLE.ORG")
T(C, "echo-pipe-iinit-irods", r"""echo "<%!irods%>" | iinit && iget -r /labZone/home/<%first%>/cryoem/run_<%int:10:99%> ./cryoem/""", "iinit")
T(C, "sshpass-rsync-dtn", r"""sshpass -p '<%!pw%>' rsync -avz --progress ./checkpoints/ <%first%>@dtn.hpc.uni-example.edu:/project/ml-lab/ckpt/""", "dtn.hpc.uni-example.edu")
T(C, "curl-grafana-basic-admin-dashboard", r"""curl -s -u admin:<%!pw%> -H "Content-Type: application/json" -X POST http://grafana.lab:3000/api/dashboards/db -d @dashboards/gpu_util.json""", "gpu_util.json")
T(C, "curl-datadog-series-dd-api-key", r"""curl -s -X POST "https://api.datadoghq.eu/api/v1/series" -H "Content-Type: application/json" -H "DD-API-KEY: <%!dd_api%>" -d @metrics/feature_freshness.json""", "DD-API-KEY")
T(C, "curl-k-opensearch-admin-quoted", r"""curl -k -u admin:'<%!spw%>' "https://opensearch.vec.internal:9200/_cat/indices/emb-*?v&s=index" """, "opensearch.vec.internal")
T(C, "curl-elastic-apikey-header-search", r"""curl -s -H "Authorization: ApiKey <%!es_api%>" "https://es.lab.internal:9200/embeddings-v2/_search?size=3" -H 'Content-Type: application/json' -d '{"query":{"match_all":{}}}'""", "embeddings-v2")
T(C, "curl-weaviate-cloud-bearer", r"""curl -s -H "Authorization: Bearer <%!wcd%>" https://<%an:10%>.c0.europe-west3.gcp.weaviate.cloud/v1/schema | jq '.classes[].class'""", "weaviate.cloud")
T(C, "curl-zilliz-collections-list", r"""curl -s -X POST --header "Authorization: Bearer <%!zilliz%>" https://in03-<%hex:15%>.serverless.gcp-us-west1.cloud.zilliz.com/v2/vectordb/collections/list -d '{}'""", "collections/list")
T(C, "python-c-argilla-init", r"""python -c "import argilla as rg; rg.init(api_url='https://argilla.lab.internal', api_key='<%!argilla%>'); print(rg.list_datasets())" """, "argilla.lab.internal")
T(C, "curl-scale-key-as-basic-user", r"""curl -s -u "<%!scale%>:" "https://api.scale.com/v1/tasks?project=shelf-detection&status=completed&limit=100" """, "shelf-detection")
T(C, "curl-roboflow-api-key-query", r"""curl -L "https://api.roboflow.com/lab-ws/pallet-damage/<%int:2:9%>/yolov8?api_key=<%!roboflow%>" -o pallet.zip""", "pallet-damage")
T(C, "append-export-to-bashrc", r"""echo 'export OPENAI_API_KEY=<%!oai_legacy%>' >> ~/.bashrc && source ~/.bashrc""", "~/.bashrc")
T(C, "windows-setx-password", r"""setx SNOWFLAKE_PASSWORD "<%!pw%>" & setx SNOWFLAKE_USER <%svc#u%>""", "SNOWFLAKE_USER")
T(C, "powershell-env-storage-key", r"""$env:AZURE_STORAGE_ACCOUNT = "stmldata<%an:4%>"; $env:AZURE_STORAGE_KEY = "<%!azkey%>"; az storage container list -o table""", "AZURE_STORAGE_ACCOUNT")
T(C, "lftp-user-comma-password", r"""lftp -u partner_feed,'<%!pw%>' sftp://sftp.partner-retail.example -e "mirror --only-newer /outbound/daily ./landing/partner; bye" """, "partner_feed")
T(C, "impala-shell-ldap-password-cmd", r"""impala-shell -i impala.lab.internal:21050 -u etl --ldap --ssl --ldap_password_cmd="echo -n '<%!pw%>'" -q "compute stats gold.sessions" """, "impala.lab.internal")
T(C, "export-globus-client-secret", r"""export GLOBUS_CLI_CLIENT_ID=<%uuid%>
export GLOBUS_CLI_CLIENT_SECRET=<%!b64:44%>
globus transfer <%uuid%>:/scratch/run42 <%uuid%>:/archive/run42 --recursive --label "run42 to archive" """, "GLOBUS_CLI_CLIENT_ID")
T(C, "docker-compose-env-inline-run", r"""MINIO_ROOT_USER=labadmin MINIO_ROOT_PASSWORD='<%!pw%>' docker compose -f compose.minio.yml up -d""", "MINIO_ROOT_USER")
T(C, "bq-load-with-gcs-hmac-boto", r"""gsutil -o "Credentials:gs_access_key_id=GOOG1E<%AU:55%>" -o "Credentials:gs_secret_access_key=<%!b64:40%>" cp gs://lab-exports/*.csv ./exports/""", "gs_access_key_id")
T(C, "psql-conninfo-keyword-string", r"""psql "host=warehouse-01.dc2.lab port=6432 dbname=dw user=<%svc#u%> password=<%!pw%> sslmode=verify-full" -f sql/backfill_dim_customer.sql""", "backfill_dim_customer.sql")
T(C, "python-m-http-get-with-header", r"""python - <<'EOF'
import requests
r = requests.get("https://api.labelbox.com/api/v1/projects", headers={"Authorization": "Bearer <%!labelbox%>"})
print(r.status_code, len(r.json()))
EOF""", "api.labelbox.com")
T(C, "ssh-tunnel-then-mongo-password-flag", r"""ssh -fN -L 27018:mongo-labels.internal:27017 bastion && mongosh --port 27018 -u labeler --password '<%!pw%>' --authenticationDatabase admin labels""", "authenticationDatabase")
T(C, "hdfs-s3a-distcp-dprops", r"""hadoop distcp -Dfs.s3a.access.key=<%akid%> -Dfs.s3a.secret.key=<%!awssk%> -update hdfs:///warehouse/gold/ s3a://lab-dr-backup/gold/""", "lab-dr-backup")
T(C, "curl-x-goog-api-key", r"""curl -s "https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent" -H "x-goog-api-key: <%!aiza%>" -H 'Content-Type: application/json' -d @req.json""", "generateContent")
T(C, "celery-broker-url-env-worker", r"""CELERY_BROKER_URL=redis://:<%!spw%>@redis-queue.internal:6379/2 celery -A labelling.tasks worker -Q thumbnails -c 8 --loglevel=INFO""", "redis-queue.internal")
T(C, "git-credential-approve-heredoc", r"""git credential approve <<EOF
protocol=https
host=github.com
username=<%first%>-lab
password=<%!ghpat%>
EOF""", "protocol=https")
T(C, "http-ie-style-auth-flag", r"""http --auth <%svc#u%>:'<%!pw%>' GET https://nessie.lab.internal/api/v2/trees""", "nessie.lab.internal")
T(C, "lakectl-config-env", r"""LAKECTL_CREDENTIALS_ACCESS_KEY_ID=AKIAJ<%AU:15%> LAKECTL_CREDENTIALS_SECRET_ACCESS_KEY=<%!minio_sk%> LAKECTL_SERVER_ENDPOINT_URL=https://lakefs.lab.internal lakectl branch list lakefs://features""", "lakefs://features")
T(C, "curl-huggingface-inference-endpoint", r"""curl https://<%an:16%>.us-east-1.aws.endpoints.huggingface.cloud -X POST -H "Authorization: Bearer <%!hf%>" -H "Content-Type: application/json" -d '{"inputs":"The invoice was paid twice"}'""", "endpoints.huggingface.cloud")

# =====================================================================
# tool-output
# =====================================================================
O = "tool-output"
T(O, "env-grep-sorted-mixed", r"""$ env | grep -Ei 'snow|dbt' | sort
DBT_PROFILES_DIR=/workspace/analytics/.dbt
DBT_TARGET=prod
SNOWFLAKE_ACCOUNT=xy<%dig:5%>.eu-central-1
SNOWFLAKE_PASSWORD=<%!pw%>
SNOWFLAKE_ROLE=TRANSFORMER
SNOWFLAKE_USER=<%svc%>
SNOWFLAKE_WAREHOUSE=TRANSFORM_WH""", "SNOWFLAKE_ROLE")
T(O, "cat-aws-credentials-two-profiles", r"""$ cat ~/.aws/credentials
[default]
aws_access_key_id = <%akid%>
aws_secret_access_key = <%awssk%>

[ml-lab]
aws_access_key_id = <%akid%>
aws_secret_access_key = <%!awssk%>
region = eu-west-1""", "[ml-lab]")
T(O, "kubectl-get-secret-yaml-b64-data", r"""$ kubectl -n airflow get secret airflow-metadata -o yaml
apiVersion: v1
data:
  connection: <%!b64pgurl%>
  username: YWlyZmxvdw==
kind: Secret
metadata:
  creationTimestamp: "<%ts%>Z"
  name: airflow-metadata
  namespace: airflow
  resourceVersion: "<%dig:8%>"
  uid: <%uuid%>
type: Opaque""", "airflow-metadata")
T(O, "docker-inspect-env-array", r"""$ docker inspect feature-api --format '{{json .Config.Env}}' | jq .
[
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  "FEAST_REPO_PATH=/app/feature_repo",
  "REDIS_CONNECTION_STRING=feast-online.internal:6379,ssl=true,password=<%!spw%>",
  "PYTHONUNBUFFERED=1",
  "LANG=C.UTF-8"
]""", "FEAST_REPO_PATH")
T(O, "airflow-connections-get-json", r"""$ airflow connections get postgres_dwh -o json
[{"id": "<%int:10:99%>", "conn_id": "postgres_dwh", "conn_type": "postgres", "description": "", "host": "warehouse-01.dc2.lab", "schema": "dw", "login": "<%svc%>", "password": "<%!pw%>", "port": "5432", "is_encrypted": "True", "is_extra_encrypted": "True", "extra_dejson": {}, "get_uri": "postgres://..."}]""", "postgres_dwh")
T(O, "aws-sts-assume-role-json", r"""$ aws sts assume-role --role-arn arn:aws:iam::<%acct%>:role/ml-training --role-session-name agent-<%int:1000:9999%>
{
    "Credentials": {
        "AccessKeyId": "<%asia%>",
        "SecretAccessKey": "<%!awssk%>",
        "SessionToken": "<%awssts%>",
        "Expiration": "<%ts%>+00:00"
    },
    "AssumedRoleUser": {
        "AssumedRoleId": "AROA<%AU:17%>:agent",
        "Arn": "arn:aws:sts::<%acct%>:assumed-role/ml-training/agent"
    }
}""", "AssumedRoleUser")
T(O, "aws-sts-session-token-only-line", r"""        "AccessKeyId": "<%asia%>",
        "SecretAccessKey": "****",
        "SessionToken": "<%!awssts%>",
        "Expiration": "<%ts%>+00:00"
(output truncated by agent; 2 more fields)""", "Expiration")
T(O, "gcloud-print-access-token", r"""$ gcloud auth print-access-token --impersonate-service-account=bq-loader@ml-lab-prod.iam.gserviceaccount.com
WARNING: This command is using service account impersonation. All API calls will be executed as [bq-loader@ml-lab-prod.iam.gserviceaccount.com].
<%!ya29%>""", "bq-loader@ml-lab-prod.iam.gserviceaccount.com")
T(O, "az-storage-keys-list-json", r"""$ az storage account keys list -g rg-data -n stlake<%an:4%> -o json
[
  {
    "creationTime": "<%ts%>.<%dig:6%>+00:00",
    "keyName": "key1",
    "permissions": "FULL",
    "value": "<%!azkey%>"
  },
  {
    "creationTime": "<%ts%>.<%dig:6%>+00:00",
    "keyName": "key2",
    "permissions": "FULL",
    "value": "<%azkey%>"
  }
]""", "keyName")
T(O, "az-ad-sp-create-for-rbac-output", r"""$ az ad sp create-for-rbac --name sp-adf-ingest --role Contributor --scopes /subscriptions/<%uuid%>/resourceGroups/rg-data
Creating 'Contributor' role assignment under scope '/subscriptions/...'
The output includes credentials that you must protect. Be sure that you do not include these credentials in your code or check the credentials into your source control.
{
  "appId": "<%uuid%>",
  "displayName": "sp-adf-ingest",
  "password": "<%!azsecret%>",
  "tenant": "<%uuid%>"
}""", "sp-adf-ingest")
T(O, "confluent-api-key-create-table", r"""$ confluent api-key create --resource lkc-<%an:5%> --description "agent: dbt-kafka sink"
It may take a couple of minutes for the API key to be ready.
Save the API key and secret. The secret is not retrievable later.
+------------+------------------------------------------------------------------+
| API Key    | <%cflt_key%>                                                 |
| API Secret | <%!cflt_secret%> |
+------------+------------------------------------------------------------------+""", "API Key")
T(O, "cat-netrc-wandb-machine", r"""$ cat ~/.netrc
machine api.wandb.ai
  login user
  password <%!wandb%>
machine mlflow.lab.internal
  login <%first%>""", "api.wandb.ai")
T(O, "cat-pgpass-colon-lines", r"""$ cat ~/.pgpass
analytics-pg.internal:5432:analytics:<%svc%>:<%!pw%>
localhost:5432:*:postgres:postgres
# warehouse-01 moved to vault, see README""", "analytics-pg.internal:5432")
T(O, "cat-my-cnf-client-section", r"""$ cat ~/.my.cnf
[client]
host=mysql-legacy.corp.local
user=reporting
password="<%!pw%>"
default-character-set=utf8mb4""", "default-character-set")
T(O, "cat-databrickscfg-profiles", r"""$ cat ~/.databrickscfg
[DEFAULT]
host  = https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net
token = <%!dapi%>

[staging]
host      = https://dbc-<%hex:8%>-<%hex:4%>.cloud.databricks.com
auth_type = databricks-cli""", "auth_type")
T(O, "jupyter-server-list-output", r"""$ jupyter server list
Currently running servers:
http://gpu-node17:8890/?token=<%!jupyter%> :: /scratch/<%first%>/notebooks
http://localhost:8888/ :: /home/<%first%>""", "Currently running servers")
T(O, "jupyter-startup-banner-urls", r"""[I <%date%> 09:<%int:10:59%>:<%int:10:59%>.<%ms%> ServerApp] Jupyter Server 2.14.2 is running at:
[I <%date%> 09:<%int:10:59%>:<%int:10:59%>.<%ms%> ServerApp] http://gpu-node09:8888/lab?token=<%!jupyter%>
[I <%date%> 09:<%int:10:59%>:<%int:10:59%>.<%ms%> ServerApp]     http://127.0.0.1:8888/lab?token=<%jupyter%>
[I <%date%> 09:<%int:10:59%>:<%int:10:59%>.<%ms%> ServerApp] Use Control-C to stop this server and shut down all kernels (twice to skip confirmation).""", "Jupyter Server 2.14.2")
T(O, "set-x-trace-curl-bearer", r"""+ DATE=<%date%>
+ curl -sf -H 'Authorization: Bearer <%!dapi%>' -X POST https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net/api/2.1/jobs/run-now -d '{"job_id": <%dig:14%>}'
{"run_id":<%dig:15%>,"number_in_job":<%dig:15%>}
+ echo 'triggered'
triggered""", "run-now")
T(O, "curl-v-basic-auth-header-echo", r"""*   Trying <%ip%>:443...
* Connected to nexus.lab.internal (<%ip%>) port 443
* ALPN: server accepted h2
> GET /repository/pypi-internal/simple/labtools/ HTTP/2
> Host: nexus.lab.internal
> authorization: Basic <%!basic%>
> user-agent: curl/8.5.0
> accept: */*
>
< HTTP/2 200""", "nexus.lab.internal")
T(O, "oauth-token-endpoint-response", r"""$ curl -s -X POST https://login.lab-idp.example/oauth2/token -d grant_type=client_credentials -d scope=feature-api
{"access_token":"<%!jwt_rs%>","token_type":"Bearer","expires_in":3599,"scope":"feature-api"}""", "token_type")
T(O, "databricks-token-create-response", r"""$ databricks tokens create --comment "agent-backfill" --lifetime-seconds 86400
{
  "token_info": {
    "comment": "agent-backfill",
    "creation_time": 17<%dig:11%>,
    "expiry_time": 17<%dig:11%>,
    "token_id": "<%hex:64%>"
  },
  "token_value": "<%!dapi%>"
}""", "agent-backfill")
T(O, "mlflow-server-startup-backend-uri", r"""[<%date%> 10:<%int:10:59%>:<%int:10:59%> +0000] [<%pid%>] [INFO] Starting gunicorn 22.0.0
2025/03/<%int:10:28%> 10:<%int:10:59%>:02 INFO mlflow.store.db.utils: Creating initial MLflow database tables...
2025/03/<%int:10:28%> 10:<%int:10:59%>:02 INFO mlflow.store.db.utils: Updating database tables
backend_store_uri=postgresql+psycopg2://mlflow:<%!pw%>@mlflow-db.ml-platform.svc:5432/mlflow default_artifact_root=s3://lab-mlflow-artifacts""", "mlflow-db.ml-platform.svc")
T(O, "docker-compose-config-rendered", r"""$ docker compose config
name: metabase-stack
services:
  metabase:
    environment:
      MB_DB_DBNAME: metabase
      MB_DB_HOST: pg-meta
      MB_DB_PASS: <%!pw%>
      MB_DB_PORT: "5432"
      MB_DB_TYPE: postgres
      MB_DB_USER: metabase
    image: metabase/metabase:v0.52.4""", "MB_DB_USER")
T(O, "dvc-config-list-local", r"""$ dvc config -l --show-origin
.dvc/config                  core.remote=s3lab
.dvc/config                  remote.s3lab.url=s3://lab-dvc-store/churn
.dvc/config.local            remote.s3lab.access_key_id=<%akid%>
.dvc/config.local            remote.s3lab.secret_access_key=<%!awssk%>""", "remote.s3lab.url")
T(O, "git-config-list-remote-url-token", r"""$ git config --list --show-origin | grep -i url
file:.git/config    remote.origin.url=https://<%first%>:<%!ghp%>@github.com/lab-ml/notebooks.git
file:/home/<%first%>/.gitconfig url.ssh://git@github.com/.insteadof=https://github.com/""", "remote.origin.url")
T(O, "pip-config-list-index-url", r"""$ pip config list
global.extra-index-url='https://<%svc%>:<%!pw%>@nexus.lab.internal/repository/pypi-internal/simple'
global.timeout='60'
install.trusted-host='nexus.lab.internal'""", "global.timeout")
T(O, "poetry-config-list-http-basic", r"""$ poetry config --list
cache-dir = "/home/<%first%>/.cache/pypoetry"
http-basic.labpypi.password = "<%!spw%>"
http-basic.labpypi.username = "<%svc%>"
installer.max-workers = null
virtualenvs.in-project = true""", "http-basic.labpypi.username")
T(O, "r-sys-getenv-console", r"""> Sys.getenv(c("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_DEFAULT_REGION"))
    AWS_ACCESS_KEY_ID             AWS_SECRET_ACCESS_KEY                AWS_DEFAULT_REGION
"<%akid%>" "<%!awssk%>"      "eu-west-1" """, "AWS_DEFAULT_REGION")
T(O, "julia-repl-env-dict", r"""julia> filter(p -> startswith(p.first, "CH_"), ENV)
Base.EnvDict with 3 entries:
  "CH_HOST"     => "ch-01.olap.internal"
  "CH_PASSWORD" => "<%!spw%>"
  "CH_USER"     => "analyst" """, "CH_HOST")
T(O, "spark-getconf-getall-list", r"""Out[7]: [('spark.app.name', 'sessionize'),
 ('spark.hadoop.fs.s3a.endpoint', 'https://minio.lab.local:9000'),
 ('spark.hadoop.fs.s3a.access.key', 'ml-rw'),
 ('spark.hadoop.fs.s3a.secret.key', '<%!minio_sk%>'),
 ('spark.hadoop.fs.s3a.path.style.access', 'true'),
 ('spark.driver.memory', '16g')]""", "spark.hadoop.fs.s3a.endpoint")
T(O, "ipython-percent-env-output", r"""In [3]: %env
Out[3]: {'HOSTNAME': 'jupyter-<%first%>',
 'HF_HOME': '/home/jovyan/.cache/huggingface',
 'HUGGING_FACE_HUB_TOKEN': '<%!hf%>',
 'JUPYTERHUB_USER': '<%first%>',
 ...}""", "JUPYTERHUB_USER")
T(O, "pandas-df-print-users-api-key", r"""   user_id         email                     api_key                              created_at
0      101   <%first%>@lab.example  <%!b62:32%>      2025-02-11
1      102   ops@lab.example        <revoked>                             2024-11-03
2      103   ci@lab.example         <revoked>                             2024-08-19""", "created_at")
T(O, "metabase-appdb-details-json-row", r"""metabase=# select id, engine, details from metabase_database where id = <%int:2:9%>;
 id |  engine   |                                   details
----+-----------+---------------------------------------------------------------------------
  <%int:2:9%> | snowflake | {"account":"xy<%dig:5%>.eu-central-1","user":"METABASE_SVC","password":"<%!pw%>","warehouse":"BI_WH","db":"ANALYTICS","role":"BI_READER"}
(1 row)""", "METABASE_SVC")
T(O, "pg-user-mappings-umoptions", r"""dw=# select srvname, usename, umoptions from pg_user_mappings;
   srvname   | usename  |                 umoptions
-------------+----------+-------------------------------------------
 legacy_crm  | etl      | {user=crm_reader,password=<%!pw%>}
 ch_fdw      | analyst  | {user=default}
(2 rows)""", "legacy_crm")
T(O, "clickhouse-show-create-s3-engine", r"""ch-01 :) SHOW CREATE TABLE raw.partner_feed

CREATE TABLE raw.partner_feed
(
    `sku` String,
    `price` Decimal(12, 2),
    `ts` DateTime
)
ENGINE = S3('https://lab-partner.s3.eu-west-1.amazonaws.com/feed/*.csv.gz', '<%akid%>', '<%!awssk%>', 'CSVWithNames', 'gzip')

1 row in set. Elapsed: 0.002 sec.""", "raw.partner_feed")
T(O, "kafka-connect-rest-config-json", r"""$ curl -s localhost:8083/connectors/pg-orders-source/config | jq .
{
  "connector.class": "io.debezium.connector.postgresql.PostgresConnector",
  "database.hostname": "orders-db.internal",
  "database.user": "debezium",
  "database.password": "<%!pw%>",
  "database.dbname": "orders",
  "topic.prefix": "cdc",
  "plugin.name": "pgoutput"
}""", "database.user")
T(O, "terraform-output-json-sensitive", r"""$ terraform output -json
{
  "warehouse_url": {"sensitive": false, "type": "string", "value": "https://xy<%dig:5%>.eu-central-1.snowflakecomputing.com"},
  "loader_password": {"sensitive": true, "type": "string", "value": "<%!spw%>"}
}""", "warehouse_url")
T(O, "helm-get-values-airflow", r"""$ helm get values airflow -n airflow
USER-SUPPLIED VALUES:
executor: KubernetesExecutor
fernetKey: <%!fernet%>
webserverSecretKey: <%hex:32%>
postgresql:
  enabled: false""", "KubernetesExecutor")
T(O, "kubectl-describe-pod-env-literal", r"""Containers:
  scorer:
    Image:          registry.lab.internal/ml/scorer:1.<%int:1:30%>.0
    Environment:
      MODEL_URI:          models:/churn/Production
      MLFLOW_TRACKING_URI: https://mlflow.lab.internal
      MLFLOW_TRACKING_TOKEN: <%!dapi%>
      LOG_LEVEL:          info
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-<%an:5%> (ro)""", "MODEL_URI")
T(O, "vault-kv-get-table", r"""$ vault kv get secret/ml/clickhouse
====== Secret Path ======
secret/data/ml/clickhouse

======= Metadata =======
Key                Value
---                -----
created_time       <%ts%>.<%dig:6%>Z
version            <%int:2:9%>

====== Data ======
Key         Value
---         -----
password    <%!spw%>
user        analyst""", "secret/data/ml/clickhouse")
T(O, "colab-cell-cat-env-file", r"""!cat /content/drive/MyDrive/lab/.env
WANDB_PROJECT=ocr-finetune
WANDB_API_KEY=<%!wandb%>
HF_HUB_ENABLE_HF_TRANSFER=1""", "WANDB_PROJECT")
T(O, "notebook-print-conn-dict", r"""print(conn_params)
{'account': 'xy<%dig:5%>.eu-central-1', 'user': '<%svc%>', 'password': '<%!pw%>', 'warehouse': 'ADHOC_WH', 'database': 'ANALYTICS', 'schema': 'SANDBOX'}""", "ADHOC_WH")
T(O, "notebook-repr-sqlalchemy-url-unmasked", r"""In [12]: engine.url.render_as_string(hide_password=False)
Out[12]: 'postgresql+psycopg2://<%svc%>:<%!pw%>@analytics-pg.internal:5432/analytics'""", "render_as_string")
T(O, "slurm-out-printenv-sorted", r"""==> slurm-<%dig:7%>.out <==
SLURM_JOB_ID=<%dig:7%>
SLURM_JOB_NODELIST=gpu[<%int:10:40%>-<%int:41:60%>]
SLURM_NTASKS=8
WANDB_API_KEY=<%!wandb%>
WANDB_ENTITY=lab-ml
WANDB_MODE=online""", "SLURM_NTASKS")
T(O, "vault-token-create-output", r"""$ vault token create -policy=ml-read -ttl=8h
Key                  Value
---                  -----
token                <%!hvs%>
token_accessor       <%b62:24%>
token_duration       8h
token_renewable      true
token_policies       ["default" "ml-read"]""", "token_policies")
T(O, "gh-auth-status-show-token", r"""$ gh auth status --show-token
github.com
  ✓ Logged in to github.com account <%first%>-lab (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: <%!gho%>
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'""", "Token scopes")
T(O, "hf-auth-token-print", r"""$ python -c "from huggingface_hub import get_token; print(get_token())"
<%!hf%>""", "get_token")
T(O, "dbt-debug-output-with-dsn-echo", r"""$ dbt debug --target dev_pg
Running with dbt=1.8.7
dbt version: 1.8.7
Connection:
  host: analytics-pg.internal
  port: 5432
  user: <%person%>
  database: analytics
  schema: dbt_<%first%>
  connect_timeout: 10
  role: None
  search_path: None
  keepalives_idle: 0
  sslmode: None
  DEBUG dsn override -> host=analytics-pg.internal user=<%person%> password=<%!pw%>
  Connection test: [OK connection ok]""", "Connection test")
T(O, "gcloud-sa-keys-create-then-cat", r"""$ gcloud iam service-accounts keys create key.json --iam-account=dbt-runner@analytics-<%int:100:999%>.iam.gserviceaccount.com && head -c 400 key.json
created key [<%hex:40%>] of type [json] as [key.json] for [dbt-runner@analytics-<%int:100:999%>.iam.gserviceaccount.com]
{
  "type": "service_account",
  "project_id": "analytics-<%int:100:999%>",
  "private_key_id": "<%hex:40%>",
  "private_key": "-----BEGIN PRIVATE KEY-----\n<%!pem_pk8j%>\n-----END PRIVATE KEY-----\n",""", "service_account")
T(O, "ssh-keygen-cat-private-openssh", r"""$ cat ~/.ssh/id_ed25519_hpc
-----BEGIN OPENSSH PRIVATE KEY-----
<%!pem_ssh%>
-----END OPENSSH PRIVATE KEY-----""", "id_ed25519_hpc")
T(O, "snowflake-rsa-key-cat-encrypted", r"""$ cat ~/.snowflake/rsa_key.p8
-----BEGIN ENCRYPTED PRIVATE KEY-----
<%!pem_enc%>
-----END ENCRYPTED PRIVATE KEY-----""", "rsa_key.p8")
T(O, "openssl-genrsa-traditional-output", r"""$ openssl genrsa 2048 2>/dev/null | tee /tmp/svc.key | head -n 30
-----BEGIN RSA PRIVATE KEY-----
<%!pem_rsa%>
-----END RSA PRIVATE KEY-----""", "openssl genrsa")
T(O, "ec-key-print-from-kms-export", r"""exported signing key for model-registry webhooks:
-----BEGIN EC PRIVATE KEY-----
<%!pem_ec%>
-----END EC PRIVATE KEY-----
fingerprint: SHA256:<%b64:43%>""", "model-registry webhooks")
T(O, "wrapped-terminal-80col-token", r"""$ cat ~/.cache/huggingface/stored_tokens
[lab-write]
hf_token = <%!hf|17:nl%>
[personal-read]
hf_token = <REDACTED-BY-USER>""", "lab-write")
T(O, "wrapped-terminal-az-key", r"""AccountName      Key1
---------------  ------------------------------------------------------------
stlake<%an:4%>      <%!azkey|52:nl%>""", "AccountName")
T(O, "pytest-failure-locals-headers", r"""    def test_feature_api_auth(client):
        headers = {"Authorization": f"Bearer {API_TOKEN}"}
>       resp = client.get("/v1/features/customer/42", headers=headers)
E       AssertionError: assert 401 == 200
E        +  where 401 = <Response [401]>.status_code

API_TOKEN  = '<%!mix:40%>'
client     = <starlette.testclient.TestClient object at 0x7f<%hex:10%>>
headers    = {'Authorization': 'Bearer ...'}""", "test_feature_api_auth")
T(O, "great-expectations-datasource-list", r"""$ great_expectations datasource list
2 Datasources found:
 - name: warehouse_pg
   class_name: Datasource
   execution_engine: SqlAlchemyExecutionEngine
   connection_string: postgresql+psycopg2://gx_checker:<%!pw%>@warehouse-01.dc2.lab:5432/dw
 - name: lake_files
   class_name: PandasFilesystemDatasource""", "SqlAlchemyExecutionEngine")
T(O, "prefect-config-view-show-secrets", r"""$ prefect config view --show-secrets
PREFECT_PROFILE='lab'
PREFECT_API_KEY='<%!pnu%>' (from profile)
PREFECT_API_URL='https://api.prefect.cloud/api/accounts/<%uuid%>/workspaces/<%uuid%>' (from profile)""", "PREFECT_PROFILE")
T(O, "airbyte-source-config-get", r"""$ octavia get source postgres-crm
{
  "sourceDefinitionId": "<%uuid%>",
  "connectionConfiguration": {
    "host": "crm-db.internal",
    "port": 5432,
    "database": "crm",
    "username": "airbyte_ro",
    "password": "<%!pw%>",
    "ssl_mode": {"mode": "require"},
    "replication_method": {"method": "CDC", "replication_slot": "airbyte_slot"}
  }
}""", "airbyte_slot")
T(O, "tsm-configuration-get-key", r"""PS C:\> tsm configuration get -k pgsql.readonly_password
<%!pw%>""", "pgsql.readonly_password")
T(O, "redis-config-get-requirepass", r"""127.0.0.1:6379> CONFIG GET requirepass
1) "requirepass"
2) "<%!spw%>"
127.0.0.1:6379> CONFIG GET maxmemory-policy
1) "maxmemory-policy"
2) "allkeys-lru" """, "maxmemory-policy")
T(O, "kubectl-get-configmap-leaky", r"""$ kubectl -n bi get cm superset-config -o jsonpath='{.data.superset_config\.py}' | head -8
import os
ROW_LIMIT = 50000
SECRET_KEY = "<%!b64:42%>"
SQLALCHEMY_DATABASE_URI = os.environ["SUPERSET_DB_URI"]
FEATURE_FLAGS = {"ALERT_REPORTS": True}""", "ROW_LIMIT")
T(O, "ecs-describe-task-def-env", r"""$ aws ecs describe-task-definition --task-definition embed-worker:<%int:3:40%> --query 'taskDefinition.containerDefinitions[0].environment'
[
    {
        "name": "QDRANT_URL",
        "value": "https://qdrant.lab.internal:6333"
    },
    {
        "name": "QDRANT_API_KEY",
        "value": "<%!qdrant%>"
    }
]""", "QDRANT_URL")
T(O, "lambda-get-function-config-env", r"""$ aws lambda get-function-configuration --function-name fivetran-webhook-relay --query Environment
{
    "Variables": {
        "SLACK_WEBHOOK": "https://hooks.slack.com/services/T0<%AU:8%>/B0<%AU:9%>/<%!b62:24%>",
        "STAGE": "prod"
    }
}""", "fivetran-webhook-relay")
T(O, "cloud-run-describe-env", r"""$ gcloud run services describe feature-api --region europe-west4 --format='yaml(spec.template.spec.containers[0].env)'
spec:
  template:
    spec:
      containers:
      - env:
        - name: BQ_PROJECT
          value: ml-lab-prod
        - name: OPENAI_API_KEY
          value: <%!oai_proj%>""", "BQ_PROJECT")
T(O, "sagemaker-describe-model-env", r"""$ aws sagemaker describe-model --model-name llm-rerank-<%int:1:9%> --query PrimaryContainer.Environment
{
    "HF_MODEL_ID": "BAAI/bge-reranker-large",
    "HUGGING_FACE_HUB_TOKEN": "<%!hf%>",
    "SM_NUM_GPUS": "1"
}""", "BAAI/bge-reranker-large")
T(O, "requests-prepared-headers-repr", r""">>> r.request.headers
{'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, deflate', 'Accept': '*/*', 'Connection': 'keep-alive', 'Authorization': 'Bearer <%!cohere%>', 'Content-Length': '<%int:100:900%>'}""", "python-requests/2.32.3")
T(O, "http-client-debuglevel-send", r"""send: b'POST /v1/embed HTTP/1.1\r\nHost: api.voyageai.com\r\nUser-Agent: python-requests/2.31.0\r\nAuthorization: Bearer <%!voyage%>\r\nContent-Type: application/json\r\nContent-Length: 212\r\n\r\n'
reply: 'HTTP/1.1 200 OK\r\n'""", "api.voyageai.com")
T(O, "boto-debug-security-token-header", r"""2025-03-<%int:10:28%> 14:<%int:10:59%>:11,<%ms%> botocore.endpoint [DEBUG] Sending http request: <AWSPreparedRequest stream_output=False, method=GET, url=https://lab-raw.s3.eu-west-1.amazonaws.com/?list-type=2&prefix=events%2F, headers={'User-Agent': b'Boto3/1.34.69', 'X-Amz-Date': b'20250314T141611Z', 'X-Amz-Security-Token': b'<%!awssts%>', 'X-Amz-Content-SHA256': b'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'}>""", "botocore.endpoint")
T(O, "presigned-url-print-s3", r"""In [21]: s3.generate_presigned_url("get_object", Params={"Bucket": "lab-exports", "Key": "reports/q1.parquet"}, ExpiresIn=3600)
Out[21]: 'https://lab-exports.s3.amazonaws.com/reports/q1.parquet?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=<%akid%>%2F20250314%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20250314T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=<%!s3sig%>'""", "reports/q1.parquet")
T(O, "gcs-signed-url-print", r"""$ gsutil signurl -d 10m -u gs://lab-models/exports/resnet50.onnx
URL     HTTP Method     Expiration      Signed URL
gs://lab-models/exports/resnet50.onnx   GET     2025-03-<%int:10:28%> 11:<%int:10:59%>:00   https://storage.googleapis.com/lab-models/exports/resnet50.onnx?x-goog-signature=<%!gcssig%>&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=model-export%40ml-lab-prod.iam.gserviceaccount.com%2F20250314%2Feurope-west4%2Fstorage%2Fgoog4_request&x-goog-date=20250314T110000Z&x-goog-expires=600&x-goog-signedheaders=host""", "resnet50.onnx")
T(O, "cloudfront-signed-url-output", r"""signed: https://d<%an:13%>.cloudfront.net/datasets/public-eval/v2.tar?Expires=17<%dig:8%>&Signature=<%!cfsig%>&Key-Pair-Id=K<%AU:13%>""", "public-eval/v2.tar")
T(O, "azure-sas-generate-output", r"""$ az storage container generate-sas --account-name stlake<%an:4%> -n gold --permissions rl --expiry 2025-04-01 -o tsv
se=2025-04-01&sp=rl&sv=2022-11-02&sr=c&sig=<%!sassig%>""", "generate-sas")
T(O, "databricks-secrets-put-echo-back", r"""$ databricks secrets put-secret lab-scope snowflake-pw --string-value '<%!pw%>'
$ databricks secrets list-secrets lab-scope
Key             Last Updated
snowflake-pw    17<%dig:11%>""", "lab-scope")
T(O, "label-studio-user-token-api", r"""$ label-studio user --username <%first%>@lab.example
=> User info:
{'id': <%int:2:90%>, 'email': '<%first%>@lab.example', 'first_name': '', 'last_name': '', 'token': '<%!lstudio%>', 'status': 'ok'}""", "User info")
T(O, "wandb-verbose-netrc-write", r"""wandb: Appending key for api.wandb.ai to your netrc file: /home/<%first%>/.netrc
wandb: W&B API key is configured. Use `wandb login --relogin` to force relogin
wandb: DEBUG  api_key=<%!wandb%> base_url=https://api.wandb.ai""", "relogin")
T(O, "mc-admin-user-svcacct-add", r"""$ mc admin user svcacct add lab ml-rw
Access Key: <%AU:20%>
Secret Key: <%!minio_sk%>
Expiration: no-expiry""", "Expiration: no-expiry")
T(O, "clearml-init-summary", r"""ClearML SDK setup process
Configuration stored in /home/<%first%>/clearml.conf
api.credentials.access_key = <%clearml_ak%>
api.credentials.secret_key = <%!clearml_sk%>
ClearML setup completed successfully.""", "clearml.conf")
T(O, "docker-history-build-arg-leak", r"""$ docker history --no-trunc registry.lab.internal/ml/trainer:2.<%int:0:9%> | head -4
IMAGE          CREATED        CREATED BY                                                                                   SIZE
<missing>      2 days ago     RUN |1 PIP_EXTRA_INDEX=https://ci:<%!spw%>@nexus.lab.internal/simple /bin/sh -c pip install -r requirements.txt   1.2GB
<missing>      2 days ago     ARG PIP_EXTRA_INDEX                                                                          0B""", "docker history")
T(O, "kubectl-get-secret-jsonpath-decoded", r"""$ kubectl -n vectors get secret weaviate-auth -o jsonpath='{.data.AUTHENTICATION_APIKEY_ALLOWED_KEYS}' | base64 -d
<%!wcd%>""", "weaviate-auth")
T(O, "heroku-config-output", r"""$ heroku config -a lab-dash-prod
=== lab-dash-prod Config Vars
DATABASE_URL:      postgres://<%low:14%>:<%!hex:64%>@ec2-<%int:3:54%>-<%int:10:250%>-<%int:10:250%>-<%int:10:250%>.eu-west-1.compute.amazonaws.com:5432/<%low:14%>
STREAMLIT_THEME:   dark""", "lab-dash-prod Config Vars")
T(O, "fly-secrets-list-and-echo", r"""$ fly ssh console -a embed-svc -C 'printenv PINECONE_API_KEY'
Connecting to fdaa:<%hex:4%>:<%hex:4%>:a7b:<%hex:3%>:<%hex:4%>:<%hex:4%>:2... complete
<%!pcsk%>""", "embed-svc")
T(O, "ray-job-logs-runtime-env", r"""$ ray job logs raysubmit_<%b62:16%>
2025-03-<%int:10:28%> 02:<%int:10:59%>:10,<%ms%> INFO job_manager.py:530 -- Runtime env is setting up.
runtime_env={'pip': ['transformers==4.46.0'], 'env_vars': {'HF_TOKEN': '<%!hf%>', 'TOKENIZERS_PARALLELISM': 'false'}}""", "TOKENIZERS_PARALLELISM")
T(O, "conda-config-show-channels-userinfo", r"""$ conda config --show channels custom_channels
channels:
  - https://<%svc%>:<%!pw%>@conda.lab.internal/t/ml-stack
  - conda-forge
custom_channels: {}""", "conda.lab.internal")
T(O, "argocd-app-manifests-secret-literal", r"""$ argocd app manifests feast-serving | grep -A3 'kind: Secret'
kind: Secret
stringData:
  redis-password: <%!spw%>
type: Opaque""", "feast-serving")
T(O, "ssm-get-parameter-decrypted", r"""$ aws ssm get-parameter --name /ml/prod/snowflake/loader_password --with-decryption --query Parameter.Value --output text
<%!pw%>""", "/ml/prod/snowflake/loader_password")
T(O, "secretsmanager-get-secret-string", r"""$ aws secretsmanager get-secret-value --secret-id prod/redshift/etl --query SecretString --output text
{"username":"etl_loader","password":"<%!spw%>","engine":"redshift","host":"redshift-prod.c7xk2mbn4q.eu-west-1.redshift.amazonaws.com","port":5439}""", "etl_loader")
T(O, "gcloud-secrets-access-latest", r"""$ gcloud secrets versions access latest --secret=bq-sa-key --project ml-lab-prod | jq -r .client_email,.private_key | sed -n '1,3p'
bq-loader@ml-lab-prod.iam.gserviceaccount.com
-----BEGIN PRIVATE KEY-----
<%!b64:64%>""", "bq-loader@ml-lab-prod.iam.gserviceaccount.com")
T(O, "keyvault-secret-show-value", r"""$ az keyvault secret show --vault-name kv-ml-lab --name sql-admin --query value -o tsv
<%!pw%>""", "kv-ml-lab")
T(O, "op-read-output", r"""$ op read "op://ML Platform/ClickHouse prod/password"
<%!spw%>""", "ClickHouse prod")
T(O, "doppler-secrets-table", r"""$ doppler secrets --only-names=false -p feature-api -c prd
┌──────────────────┬──────────────────────────────────────────────────┐
│ NAME             │ VALUE                                            │
├──────────────────┼──────────────────────────────────────────────────┤
│ FEAST_REDIS_URL  │ rediss://default:<%!spw%>@feast.internal:6380 │
│ LOG_LEVEL        │ info                                             │
└──────────────────┴──────────────────────────────────────────────────┘""", "FEAST_REDIS_URL")
T(O, "pulumi-stack-output-show-secrets", r"""$ pulumi stack output --show-secrets
Current stack outputs (3):
    OUTPUT          VALUE
    bucketName      lab-features-<%hex:6%>
    dbEndpoint      feast-pg.<%an:12%>.eu-west-1.rds.amazonaws.com
    dbPassword      <%!spw%>""", "dbEndpoint")
T(O, "neptune-print-run-config", r"""run = neptune.init_run(project="lab-ml/churn")
[neptune] [info   ] Neptune initialized. Open in the app: https://app.neptune.ai/lab-ml/churn/e/CHUR-<%int:100:999%>
>>> run._backend._client_config  # debugging auth
ClientConfig(api_url='https://app.neptune.ai', api_token='<%!neptune%>', display_url='https://app.neptune.ai')""", "Neptune initialized")
T(O, "dagster-instance-info-storage", r"""$ dagster instance info
Instance configuration:
-----------------------
run_storage:
  module: dagster_postgres.run_storage
  class: PostgresRunStorage
  config:
    postgres_url: postgresql://dagster:<%!pw%>@dagster-pg.internal:5432/dagster""", "PostgresRunStorage")
T(O, "kaggle-config-view", r"""$ kaggle config view
Configuration values from /home/<%first%>/.kaggle
- username: <%first%>lab
- key: <%!kaggle%>
- path: None
- proxy: None""", "Configuration values")
T(O, "ngrok-config-check-print", r"""$ ngrok config check && cat ~/.config/ngrok/ngrok.yml
Valid configuration file at /home/<%first%>/.config/ngrok/ngrok.yml
version: "3"
agent:
    authtoken: <%!ngrok%>""", "Valid configuration file")
T(O, "clickhouse-system-users-show-create", r"""ch-01 :) SHOW CREATE USER superset_ro

CREATE USER superset_ro IDENTIFIED WITH plaintext_password BY '<%!pw%>' HOST ANY SETTINGS PROFILE readonly""", "superset_ro")
T(O, "snowflake-query-history-ddl-password", r"""QUERY_ID                               QUERY_TEXT
01b<%hex:5%>-0000-<%hex:4%>-0000-<%hex:12%>  ALTER USER LOOKER_SVC SET PASSWORD = '<%!pw%>' MUST_CHANGE_PASSWORD = FALSE;
01b<%hex:5%>-0000-<%hex:4%>-0000-<%hex:12%>  GRANT ROLE BI_READER TO USER LOOKER_SVC;""", "GRANT ROLE BI_READER")
T(O, "psql-history-file-tail", r"""$ tail -n 4 ~/.psql_history
\dt marts.*
CREATE ROLE grafana_reader LOGIN PASSWORD '<%!pw%>';
GRANT USAGE ON SCHEMA metrics TO grafana_reader;
\q""", "grafana_reader")
T(O, "bash-history-grep-export", r"""$ history | grep -i token | tail -3
  <%int:100:999%>  export HF_TOKEN=<%!hf%>
  <%int:100:999%>  python scripts/push_adapter.py --repo lab-ml/llama-ft-lora
  <%int:100:999%>  history | grep -i token""", "push_adapter.py")
T(O, "r-console-dbconnect-echo", r"""> con <- DBI::dbConnect(RPostgres::Postgres(), host = "analytics-pg.internal", dbname = "analytics",
+                       user = "<%svc%>", password = "<%!pw%>")
> DBI::dbListTables(con)[1:3]
[1] "orders"   "customers" "sessions" """, "dbListTables")
T(O, "matlab-command-window-weboptions", r""">> opts = weboptions('HeaderFields', {'Authorization', ['Bearer ' '<%!jwt%>']}, 'Timeout', 30)
opts = 
  weboptions with properties:
      CharacterEncoding: 'auto'
              UserAgent: 'MATLAB 24.1.0.2603908 (R2024a) Update 3'
                Timeout: 30""", "CharacterEncoding")
T(O, "sas-log-libname-note", r"""1          libname dw odbc dsn="DW_PROD" user=<%svc%> password="<%!pw%>" schema=marts;
NOTE: Libref DW was successfully assigned as follows:
      Engine:        ODBC
      Physical Name: DW_PROD""", "Libref DW was successfully assigned")
T(O, "sas-pwencode-log-output", r"""16   proc pwencode in=XXXXXXXXXXXXXXXX method=sas002; run;

{SAS002}<%!HEX:40%>
NOTE: PROCEDURE PWENCODE used (Total process time):""", "PROCEDURE PWENCODE")
T(O, "scala-repl-conf-echo", r"""scala> spark.conf.get("fs.azure.account.key.stlake<%an:4%>.dfs.core.windows.net")
res3: String = <%!azkey%>""", "scala> spark.conf.get")
T(O, "ipython-traceback-locals-boto", r"""Cell In[14], line 3
      1 import boto3
      2 session = boto3.Session(aws_access_key_id=KEY_ID,
----> 3                         aws_secret_access_key="<%!awssk%>", region_name="eu-west-1")
NameError: name 'KEY_ID' is not defined""", "NameError")
T(O, "databricks-notebook-cell-output-print", r"""Command took 0.42 seconds -- by <%person%>@lab.example at 3/<%int:10:28%>/2025, 9:<%int:10:59%>:31 AM on ml-shared-cluster
storage_key = <%!azkey%>
Out[4]: 'abfss://bronze@stlake<%an:4%>.dfs.core.windows.net/'""", "ml-shared-cluster")
T(O, "colab-userdata-fallback-printed", r"""[secrets] Colab secret 'HF_TOKEN' not granted to this notebook, falling back to hard-coded token
using token: <%!hf%>
Downloading shards: 100%|██████████| 4/4 [01:12<00:00, 18.1s/it]""", "Downloading shards")
T(O, "kafka-topics-describe-with-command-config", r"""$ cat client.properties && kafka-topics --bootstrap-server $BROKER --command-config client.properties --describe --topic features.v1
security.protocol=SASL_SSL
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="feature-writer" password="<%!kafka_scram%>";
Topic: features.v1	TopicId: <%b64u:16%>	PartitionCount: 12	ReplicationFactor: 3""", "feature-writer")
T(O, "schema-registry-curl-verbose-basic", r"""$ curl -s -u <%cflt_key%>:<%!cflt_secret%> https://psrc-<%an:5%>.eu-central-1.aws.confluent.cloud/subjects
["orders.cdc-value","clickstream.v2-value","features.v1-value"]""", "orders.cdc-value")
T(O, "ls-la-then-cat-token-file", r"""$ ls -la ~/.config/labelbox && cat ~/.config/labelbox/api_key
total 12
drwx------ 2 <%first%> <%first%> 4096 Mar <%int:10:28%> 09:12 .
-rw------- 1 <%first%> <%first%>  <%int:300:400%> Mar <%int:10:28%> 09:12 api_key
<%!labelbox%>""", "drwx------")
T(O, "jupyterhub-token-request-response", r"""$ curl -s -X POST -H "Authorization: token $JUPYTERHUB_API_TOKEN" https://hub.lab.internal/hub/api/users/<%first%>/tokens -d '{"note":"agent","expires_in":86400}'
{"note": "agent", "expires_at": "2025-03-<%int:10:28%>T10:12:00Z", "id": "a<%int:100:999%>", "kind": "api_token", "token": "<%!hex:32%>", "scopes": ["access:servers!user=<%first%>"]}""", "api_token")
T(O, "ray-dashboard-serve-config-dump", r"""$ serve config
applications:
- name: reranker
  route_prefix: /rerank
  import_path: serve_app:deployment
  runtime_env:
    env_vars:
      COHERE_API_KEY: <%!cohere%>""", "route_prefix")
T(O, "nomad-job-inspect-env", r"""$ nomad job inspect airbyte-worker | jq '.Job.TaskGroups[0].Tasks[0].Env'
{
  "DATABASE_USER": "airbyte",
  "DATABASE_PASSWORD": "<%!pw%>",
  "DATABASE_URL": "jdbc:postgresql://airbyte-db.service.consul:5432/airbyte"
}""", "DATABASE_USER")
T(O, "grep-r-results-multiple-files", r"""$ grep -rn "password" notebooks/ --include=*.ipynb | head -3
notebooks/01_explore.ipynb:212:    "    \"password\": os.environ[\"PG_PASSWORD\"],\n",
notebooks/03_backfill.ipynb:88:    "conn = psycopg2.connect(host='warehouse-01.dc2.lab', user='<%svc%>', password='<%!pw%>')\n",
notebooks/04_eval.ipynb:17:    "# password policy: 16+ chars\n",""", "03_backfill.ipynb")
T(O, "git-log-p-diff-removed-token", r"""$ git log -p -1 -- configs/serving.yaml
commit <%sha%>
Author: <%person%> <<%first%>@lab.example>
Date:   Thu Mar <%int:10:28%> 16:<%int:10:59%>:40 2025 +0100

    move token to env

-  together_api_key: <%!together%>
+  together_api_key: ${TOGETHER_API_KEY}""", "move token to env")
T(O, "git-show-stash-content", r"""$ git stash show -p stash@{0} | head -8
diff --git a/dags/ingest_orders.py b/dags/ingest_orders.py
@@ -14,7 +14,7 @@ default_args = {
-SLACK_TOKEN = Variable.get("slack_bot_token")
+SLACK_TOKEN = "<%!xoxb%>"  # TEMP for local test""", "ingest_orders.py")
T(O, "trufflehog-like-finding-print-partial", r"""found possible credential in notebooks/rag_eval.ipynb (cell 7, output):
    line 3: client = Groq(api_key="<%!gsk%>")
    -> please rotate and clear outputs before pushing""", "rag_eval.ipynb")
T(O, "streamlit-secrets-cat", r"""$ cat .streamlit/secrets.toml
[connections.snowflake]
account = "xy<%dig:5%>.eu-central-1"
user = "STREAMLIT_APP"
password = "<%!pw%>"
warehouse = "APP_WH" """, "connections.snowflake")
T(O, "cat-hf-token-file-bare", r"""$ cat ~/.cache/huggingface/token; echo
<%!hf%>""", "huggingface/token")
T(O, "modal-secret-list-verbose", r"""$ modal secret create lab-openai OPENAI_API_KEY=<%!oai_svc%>
✓ Created a new secret 'lab-openai' with the key 'OPENAI_API_KEY'""", "Created a new secret")
T(O, "npmrc-cat-output", r"""$ cat ~/.npmrc
@lab-ml:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=<%!ghp%>
fund=false""", "fund=false")
T(O, "sftp-batch-log-password-echo", r"""[partner-sync] <%date%> 04:00:02 connecting sftp://partner_feed@sftp.partner-retail.example:22 (password auth, pw=<%!pw%>)
[partner-sync] <%date%> 04:00:03 listing /outbound/daily ... 14 files""", "partner-sync")
T(O, "python-repr-kafka-config-dict", r""">>> producer_conf
{'bootstrap.servers': 'pkc-<%an:5%>.eu-west-1.aws.confluent.cloud:9092', 'security.protocol': 'SASL_SSL', 'sasl.mechanisms': 'PLAIN', 'sasl.username': '<%cflt_key%>', 'sasl.password': '<%!cflt_secret%>', 'linger.ms': 20}""", "linger.ms")
T(O, "dotenv-values-printed-ordereddict", r"""In [2]: dotenv_values(".env.prod")
Out[2]: OrderedDict([('PINECONE_INDEX', 'products'), ('PINECONE_API_KEY', '<%!pcsk%>'), ('EMBED_MODEL', 'text-embedding-3-large')])""", "PINECONE_INDEX")
T(O, "feast-apply-debug-registry-print", r"""$ FEAST_USAGE=False feast -c feature_repo apply
Registry: s3://lab-feast/registry.db
Online store: redis  connection_string=feast-online.internal:6379,ssl=true,password=<%!spw%>
Deploying infrastructure for customer_features""", "customer_features")
T(O, "superset-db-test-connection-uri", r"""$ superset test-db "clickhousedb://superset_ro:<%!pw%>@ch-01.olap.internal:8443/default?secure=true"
Testing connection ... ok (engine: clickhousedb, version 24.8)""", "Testing connection")
T(O, "ls-and-cat-rclone-conf", r"""$ rclone config show lab-s3
[lab-s3]
type = s3
provider = Minio
access_key_id = ml-rw
secret_access_key = <%!minio_sk%>
endpoint = https://minio.lab.local:9000""", "provider = Minio")
T(O, "rclone-obscured-sftp-pass", r"""$ rclone config show hpc
[hpc]
type = sftp
host = dtn.hpc.uni-example.edu
user = <%first%>
pass = <%!url:48%>
shell_type = unix""", "shell_type")

# =====================================================================
# config-file
# =====================================================================
F = "config-file"
T(F, "dbt-profiles-snowflake-password", r"""# ~/.dbt/profiles.yml
analytics:
  target: prod
  outputs:
    prod:
      type: snowflake
      account: xy<%dig:5%>.eu-central-1
      user: <%svc%>
      password: "<%!pw%>"
      role: TRANSFORMER
      database: ANALYTICS
      warehouse: TRANSFORM_WH
      schema: MARTS
      threads: 8""", "TRANSFORM_WH")
T(F, "dbt-profiles-snowflake-keypair-passphrase", r"""    ci:
      type: snowflake
      account: xy<%dig:5%>.eu-central-1
      user: DBT_CI
      private_key_path: /secrets/dbt_ci_rsa_key.p8
      private_key_passphrase: <%!pw%>
      authenticator: snowflake_jwt""", "private_key_path")
T(F, "dbt-profiles-bigquery-keyfile-json-inline", r"""    bq_prod:
      type: bigquery
      method: service-account-json
      project: ml-lab-prod
      dataset: marts
      keyfile_json:
        type: service_account
        project_id: ml-lab-prod
        private_key_id: <%hex:40%>
        private_key: "-----BEGIN PRIVATE KEY-----\n<%!pem_pk8j%>\n-----END PRIVATE KEY-----\n"
        client_email: dbt-runner@ml-lab-prod.iam.gserviceaccount.com""", "service-account-json")
T(F, "dbt-profiles-redshift-iam-off", r"""    redshift:
      type: redshift
      host: redshift-prod.c7xk2mbn4q.eu-west-1.redshift.amazonaws.com
      user: dbt_prod
      pass: <%!pw%>
      port: 5439
      dbname: dev
      schema: analytics
      ra3_node: true""", "ra3_node")
T(F, "dbt-profiles-databricks-token", r"""    databricks:
      type: databricks
      catalog: main
      schema: dbt_<%first%>
      host: adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net
      http_path: /sql/1.0/warehouses/<%hex:16%>
      token: <%!dapi%>""", "http_path")
T(F, "dbt-profiles-duckdb-motherduck", r"""    md:
      type: duckdb
      path: "md:analytics"
      settings:
        motherduck_token: <%!motherduck%>
      extensions: [httpfs, parquet]""", "extensions")
T(F, "dbt-profiles-clickhouse-secure", r"""    clickhouse:
      type: clickhouse
      schema: analytics
      host: ch-01.olap.internal
      port: 8443
      user: dbt
      password: '<%!spw%>'
      secure: True
      cluster: main""", "cluster: main")
T(F, "dbt-profiles-postgres-dev-human-pw", r"""dev_pg:
  type: postgres
  host: localhost
  port: 5433
  user: <%first#f%>
  pass: <%!pw%>   # local docker only, TODO env_var
  dbname: analytics
  schema: dbt_<%first#f%>""", "dbt_<%first#f%>")
T(F, "airflow-cfg-core-fernet-sql-alchemy", r"""[core]
dags_folder = /opt/airflow/dags
executor = CeleryExecutor
fernet_key = <%!fernet%>
load_examples = False

[database]
sql_alchemy_conn = postgresql+psycopg2://airflow:airflow@airflow-pg:5432/airflow""", "dags_folder")
T(F, "airflow-cfg-database-conn-password", r"""[database]
sql_alchemy_conn = postgresql+psycopg2://airflow:<%!pw%>@airflow-pg.airflow.svc.cluster.local:5432/airflow
sql_alchemy_pool_size = 10""", "sql_alchemy_pool_size")
T(F, "airflow-cfg-webserver-secret-key", r"""[webserver]
base_url = https://airflow.lab.internal
secret_key = <%!b64u:24%>
expose_config = False
rbac = True""", "expose_config")
T(F, "airflow-cfg-smtp-password", r"""[smtp]
smtp_host = smtp.office365.com
smtp_starttls = True
smtp_user = airflow-alerts@lab.example
smtp_password = <%!pw%>
smtp_port = 587
smtp_mail_from = airflow-alerts@lab.example""", "smtp_mail_from")
T(F, "airflow-cfg-celery-broker-result", r"""[celery]
broker_url = redis://:<%!spw%>@airflow-redis:6379/0
result_backend = db+postgresql://airflow@airflow-pg/airflow
worker_concurrency = 16""", "worker_concurrency")
T(F, "airflow-env-conn-uri-gcp-extra", r"""AIRFLOW_CONN_AWS_LAB='aws://<%akid%>:<%!awssk%>@/?region_name=eu-west-1'
AIRFLOW_CONN_FS_DEFAULT='fs://'""", "AIRFLOW_CONN_FS_DEFAULT")
T(F, "airflow-conn-json-env-form", r"""AIRFLOW_CONN_SNOWFLAKE_DEFAULT='{"conn_type": "snowflake", "login": "<%svc%>", "password": "<%!pw%>", "schema": "PUBLIC", "extra": {"account": "xy<%dig:5%>", "warehouse": "TRANSFORM_WH", "database": "RAW", "role": "LOADER"}}'""", "conn_type")
T(F, "dagster-yaml-postgres-storage", r"""storage:
  postgres:
    postgres_db:
      username: dagster
      password: <%!pw%>
      hostname: dagster-pg.internal
      db_name: dagster
      port: 5432
run_coordinator:
  module: dagster.core.run_coordinator
  class: QueuedRunCoordinator""", "QueuedRunCoordinator")
T(F, "dagster-cloud-agent-yaml-token", r"""instance_class:
  module: dagster_cloud.instance
  class: DagsterCloudAgentInstance
dagster_cloud_api:
  agent_token: <%!dagster_agent%>
  deployment: prod
user_code_launcher:
  module: dagster_cloud.workspace.docker
  class: DockerUserCodeLauncher""", "DagsterCloudAgentInstance")
T(F, "prefect-profiles-toml", r"""active = "lab"

[profiles.lab]
PREFECT_API_URL = "https://api.prefect.cloud/api/accounts/<%uuid%>/workspaces/<%uuid%>"
PREFECT_API_KEY = "<%!pnu%>"

[profiles.local]
PREFECT_API_URL = "http://127.0.0.1:4200/api" """, "profiles.local")
T(F, "gx-config-variables-yml", r"""# great_expectations/uncommitted/config_variables.yml
warehouse_conn: postgresql+psycopg2://gx_checker:<%!pw%>@warehouse-01.dc2.lab:5432/dw
slack_webhook: ${SLACK_WEBHOOK}""", "uncommitted/config_variables.yml")
T(F, "gx-yml-datasource-credentials-block", r"""datasources:
  snowflake_raw:
    class_name: Datasource
    execution_engine:
      class_name: SqlAlchemyExecutionEngine
      credentials:
        drivername: snowflake
        username: GX_CHECKER
        password: <%!pw%>
        host: xy<%dig:5%>.eu-central-1
        database: RAW
        query:
          schema: PUBLIC
          warehouse: GX_WH""", "GX_CHECKER")
T(F, "dotenv-mixed-comments", r"""# .env  (do not commit!!)
POSTGRES_HOST=analytics-pg.internal
POSTGRES_USER=<%svc%>
POSTGRES_PASSWORD=<%!pw%>
# W&B
WANDB_PROJECT=demand-forecast
WANDB_ENTITY=lab-ml""", "POSTGRES_HOST")
T(F, "dotenv-quoted-openai-and-model", r"""OPENAI_API_KEY="<%!oai_proj%>"
OPENAI_MODEL="gpt-4o-mini"
EMBEDDING_DIM=1536""", "OPENAI_MODEL")
T(F, "dotenv-export-prefixed", r"""export ANTHROPIC_API_KEY='<%!ant%>'
export LABEL_BATCH_SIZE=64
export LABEL_MODEL=claude-3-5-sonnet-latest""", "LABEL_BATCH_SIZE")
T(F, "compose-env-list-form", r"""services:
  label-studio:
    image: heartexlabs/label-studio:1.14.0
    environment:
      - DJANGO_DB=default
      - POSTGRE_NAME=labelstudio
      - POSTGRE_USER=labelstudio
      - POSTGRE_PASSWORD=<%!pw%>
      - POSTGRE_HOST=ls-db
      - LABEL_STUDIO_HOST=https://label.lab.internal""", "LABEL_STUDIO_HOST")
T(F, "compose-weaviate-allowed-keys", r"""  weaviate:
    image: cr.weaviate.io/semitechnologies/weaviate:1.27.2
    environment:
      AUTHENTICATION_APIKEY_ENABLED: 'true'
      AUTHENTICATION_APIKEY_ALLOWED_KEYS: '<%!wcd%>'
      AUTHENTICATION_APIKEY_USERS: 'rag-service'
      PERSISTENCE_DATA_PATH: /var/lib/weaviate""", "rag-service")
T(F, "compose-minio-root-password", r"""  minio:
    image: quay.io/minio/minio:RELEASE.2025-02-28T09-55-16Z
    command: server /data --console-address ":9001"
    environment:
      MINIO_ROOT_USER: labadmin
      MINIO_ROOT_PASSWORD: <%!pw%>
    volumes: ["minio-data:/data"]""", "MINIO_ROOT_USER")
T(F, "compose-chroma-auth-credentials", r"""  chroma:
    image: chromadb/chroma:0.5.20
    environment:
      - CHROMA_SERVER_AUTHN_PROVIDER=chromadb.auth.token_authn.TokenAuthenticationServerProvider
      - CHROMA_SERVER_AUTHN_CREDENTIALS=<%!mix:36%>
      - CHROMA_AUTH_TOKEN_TRANSPORT_HEADER=X-Chroma-Token""", "X-Chroma-Token")
T(F, "k8s-secret-stringdata-yaml", r"""apiVersion: v1
kind: Secret
metadata:
  name: feast-offline-store
  namespace: feast
type: Opaque
stringData:
  SNOWFLAKE_USER: FEAST_SVC
  SNOWFLAKE_PASSWORD: "<%!pw%>"
""", "feast-offline-store")
T(F, "k8s-secret-data-b64-token", r"""apiVersion: v1
kind: Secret
metadata:
  name: hf-token
data:
  token: <%!b64hf%>""", "hf-token")
T(F, "helm-values-mlflow-backend", r"""# values-mlflow.yaml
backendStore:
  postgres:
    enabled: true
    host: mlflow-db.ml-platform.svc
    port: 5432
    database: mlflow
    user: mlflow
    password: <%!pw%>
artifactRoot:
  s3:
    enabled: true
    bucket: lab-mlflow-artifacts""", "lab-mlflow-artifacts")
T(F, "helm-values-airflow-fernet-webserver", r"""# values-airflow.yaml
fernetKey: <%!fernet%>
webserverSecretKey: <%hex:32%>
executor: KubernetesExecutor
dags:
  gitSync:
    enabled: true
    repo: git@github.com:lab-ml/dags.git""", "gitSync")
T(F, "spark-defaults-conf-s3a", r"""spark.master                         yarn
spark.hadoop.fs.s3a.impl             org.apache.hadoop.fs.s3a.S3AFileSystem
spark.hadoop.fs.s3a.access.key       <%akid%>
spark.hadoop.fs.s3a.secret.key       <%!awssk%>
spark.sql.adaptive.enabled           true""", "S3AFileSystem")
T(F, "core-site-xml-s3a-secret", r"""<configuration>
  <property>
    <name>fs.s3a.endpoint</name>
    <value>https://minio.lab.local:9000</value>
  </property>
  <property>
    <name>fs.s3a.secret.key</name>
    <value><%!minio_sk%></value>
  </property>
</configuration>""", "fs.s3a.endpoint")
T(F, "hive-site-xml-metastore-password", r"""  <property>
    <name>javax.jdo.option.ConnectionURL</name>
    <value>jdbc:mysql://hms-db.internal:3306/metastore?createDatabaseIfNotExist=true&amp;useSSL=true</value>
  </property>
  <property>
    <name>javax.jdo.option.ConnectionPassword</name>
    <value><%!pw%></value>
  </property>""", "javax.jdo.option.ConnectionURL")
T(F, "core-site-xml-abfs-account-key", r"""<property>
  <name>fs.azure.account.key.stlake<%an:4%>.dfs.core.windows.net</name>
  <value><%!azkey%></value>
</property>""", "dfs.core.windows.net")
T(F, "ssl-client-xml-truststore-password", r"""<property>
  <name>ssl.client.truststore.location</name>
  <value>/etc/hadoop/conf/truststore.jks</value>
</property>
<property>
  <name>ssl.client.truststore.password</name>
  <value><%!pw%></value>
</property>""", "truststore.jks")
T(F, "kafka-client-properties-plain", r"""bootstrap.servers=pkc-<%an:5%>.eu-west-1.aws.confluent.cloud:9092
security.protocol=SASL_SSL
sasl.mechanism=PLAIN
sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='<%cflt_key%>' password='<%!cflt_secret%>';
client.dns.lookup=use_all_dns_ips""", "client.dns.lookup")
T(F, "kafka-client-properties-wrapped-jaas", r"""sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required \
    username="connect-worker" \
    password="<%!kafka_scram%>";
ssl.truststore.location=/etc/kafka/secrets/kafka.client.truststore.jks""", "connect-worker")
T(F, "schema-registry-basic-auth-user-info", r"""schema.registry.url=https://psrc-<%an:5%>.eu-central-1.aws.confluent.cloud
basic.auth.credentials.source=USER_INFO
basic.auth.user.info=<%cflt_key%>:<%!cflt_secret%>""", "basic.auth.credentials.source")
T(F, "ccloud-librdkafka-config", r"""# librdkafka.config for the python scorer
bootstrap.servers=pkc-<%an:5%>.us-east-1.aws.confluent.cloud:9092
security.protocol=SASL_SSL
sasl.mechanisms=PLAIN
sasl.username=<%cflt_key%>
sasl.password=<%!cflt_secret%>
session.timeout.ms=45000""", "session.timeout.ms")
T(F, "redpanda-rpk-yaml-profile", r"""# ~/.config/rpk/rpk.yaml
version: 6
current_profile: prod
profiles:
  - name: prod
    kafka_api:
      brokers: [seed-<%hex:8%>.byoc.prd.cloud.redpanda.com:9092]
      tls: {}
      sasl:
        user: ingest
        password: <%!kafka_scram%>
        mechanism: SCRAM-SHA-256""", "current_profile")
T(F, "mlflow-credentials-file", r"""# ~/.mlflow/credentials
[mlflow]
mlflow_tracking_username = <%first%>
mlflow_tracking_password = <%!pw%>""", "mlflow_tracking_username")
T(F, "netrc-multiple-machines", r"""machine github.com login <%first%>-lab password <%!ghp%>
machine api.wandb.ai login user password <%wandb%>""", "machine github.com")
T(F, "pgpass-multiline-wildcard", r"""# hostname:port:database:username:password
warehouse-01.dc2.lab:6432:dw:<%svc%>:<%!pw%>
*:*:*:replicator:<%pw%>""", "hostname:port:database:username:password")
T(F, "odbc-ini-dsn-pwd", r"""[DW_PROD]
Driver      = /opt/snowflake/snowflakeodbc/lib/universal/libSnowflake.dylib
Server      = xy<%dig:5%>.eu-central-1.snowflakecomputing.com
UID         = SAS_READER
PWD         = <%!pw%>
Database    = ANALYTICS
Warehouse   = SAS_WH""", "SAS_READER")
T(F, "odbc-ini-sqlserver-trusted-no", r"""[FEATURES_MSSQL]
Driver=ODBC Driver 18 for SQL Server
Server=tcp:sql-ml-<%an:4%>.database.windows.net,1433
Database=features
Encrypt=yes
TrustServerCertificate=no
UID=feature_reader
Password=<%!pw%>""", "feature_reader")
T(F, "snowsql-config-connections", r"""[connections.loader]
accountname = xy<%dig:5%>
region = eu-central-1
username = LOADER
password = <%!pw%>
warehousename = LOAD_WH

[options]
log_level = INFO""", "warehousename")
T(F, "snowflake-connections-toml", r"""[default]
account = "xy<%dig:5%>.eu-central-1"
user = "<%person%>"
password = "<%!pw%>"
role = "ANALYST"
warehouse = "ADHOC_WH" """, "ADHOC_WH")
T(F, "snowflake-connections-toml-pat", r"""[svc_reverse_etl]
account = "xy<%dig:5%>"
user = "HIGHTOUCH_SVC"
authenticator = "PROGRAMMATIC_ACCESS_TOKEN"
token = "<%!snowflake_pat%>" """, "PROGRAMMATIC_ACCESS_TOKEN")
T(F, "databrickscfg-multi-profile", r"""[prod]
host = https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net
token = <%!dapi%>
cluster_id = <%dbxcluster%>

[dev]
host = https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net""", "cluster_id")
T(F, "databrickscfg-oauth-m2m", r"""[sp-ingest]
host          = https://accounts.cloud.databricks.com
account_id    = <%uuid%>
client_id     = <%uuid%>
client_secret = <%!dose%>""", "account_id")
T(F, "aws-credentials-session-profile", r"""[ml-training-tmp]
aws_access_key_id = <%asia%>
aws_secret_access_key = <%awssk%>
aws_session_token = <%!awssts%>""", "ml-training-tmp")
T(F, "boto-cfg-gs-hmac", r"""[Credentials]
gs_access_key_id = GOOG1E<%AU:55%>
gs_secret_access_key = <%!b64:40%>

[Boto]
https_validate_certificates = True""", "https_validate_certificates")
T(F, "rclone-conf-azureblob-key", r"""[azlake]
type = azureblob
account = stlake<%an:4%>
key = <%!azkey%>""", "type = azureblob")
T(F, "dvc-config-local-azure-connection-string", r"""['remote "azlake"']
    url = azure://dvc-store/churn
    connection_string = DefaultEndpointsProtocol=https;AccountName=stlake<%an:4%>;AccountKey=<%!azkey%>;EndpointSuffix=core.windows.net""", "dvc-store/churn")
T(F, "dvc-config-local-gdrive-secret", r"""['remote "gdrive"']
    url = gdrive://<%url:33%>
    gdrive_client_id = <%dig:12%>-<%an:32%>.apps.googleusercontent.com
    gdrive_client_secret = <%!gocspx%>""", "apps.googleusercontent.com")
T(F, "kaggle-json-file", r"""{"username":"<%first%>lab","key":"<%!kaggle%>"}""", "username")
T(F, "gcloud-adc-authorized-user", r"""{
  "account": "",
  "client_id": "<%dig:12%>-<%an:32%>.apps.googleusercontent.com",
  "client_secret": "<%gocspx%>",
  "quota_project_id": "ml-lab-prod",
  "refresh_token": "<%!g_refresh%>",
  "type": "authorized_user"
}""", "quota_project_id")
T(F, "gcp-sa-json-full", r"""{
  "type": "service_account",
  "project_id": "analytics-<%int:100:999%>",
  "private_key_id": "<%hex:40%>",
  "private_key": "-----BEGIN PRIVATE KEY-----\n<%!pem_pk8j%>\n-----END PRIVATE KEY-----\n",
  "client_email": "looker-bq@analytics-<%int:100:999%>.iam.gserviceaccount.com",
  "client_id": "<%dig:21%>",
  "token_uri": "https://oauth2.googleapis.com/token"
}""", "token_uri")
T(F, "comet-config-ini", r"""# ~/.comet.config
[comet]
api_key = <%!comet%>
workspace = lab-ml
project_name = ocr-finetune""", "project_name")
T(F, "clearml-conf-hocon", r"""api {
    web_server: https://app.clear.ml
    api_server: https://api.clear.ml
    credentials {
        "access_key" = "<%clearml_ak%>"
        "secret_key"  = "<%!clearml_sk%>"
    }
}""", "api_server")
T(F, "feast-feature-store-yaml-redis", r"""project: customer_360
registry: s3://lab-feast/registry.db
provider: aws
online_store:
  type: redis
  connection_string: "feast-online.internal:6379,ssl=true,password=<%!spw%>"
offline_store:
  type: snowflake.offline""", "customer_360")
T(F, "feast-feature-store-yaml-snowflake-offline", r"""offline_store:
  type: snowflake.offline
  account: xy<%dig:5%>.eu-central-1
  user: FEAST_SVC
  password: <%!pw%>
  role: FEAST
  warehouse: FEAST_WH
  database: FEATURES""", "FEAST_WH")
T(F, "kafka-connect-jdbc-sink-json", r"""{
  "name": "pg-features-sink",
  "config": {
    "connector.class": "io.confluent.connect.jdbc.JdbcSinkConnector",
    "topics": "features.v1",
    "connection.url": "jdbc:postgresql://pg-feature-store.prod.svc:5432/features?sslmode=require",
    "connection.user": "kafka_connect",
    "connection.password": "<%!pw%>",
    "insert.mode": "upsert",
    "pk.mode": "record_key"
  }
}""", "pg-features-sink")
T(F, "kafka-connect-s3-sink-aws-secret", r"""name=s3-sink-clickstream
connector.class=io.confluent.connect.s3.S3SinkConnector
s3.bucket.name=lab-raw
s3.region=eu-west-1
aws.access.key.id=<%akid%>
aws.secret.access.key=<%!awssk%>
flush.size=10000""", "s3-sink-clickstream")
T(F, "flink-conf-yaml-s3-secret", r"""state.backend: rocksdb
state.checkpoints.dir: s3://lab-flink/checkpoints
s3.access-key: <%akid%>
s3.secret-key: <%!awssk%>
execution.checkpointing.interval: 60s""", "state.backend")
T(F, "trino-catalog-postgres-properties", r"""connector.name=postgresql
connection-url=jdbc:postgresql://analytics-pg.internal:5432/analytics
connection-user=trino
connection-password=<%!pw%>
case-insensitive-name-matching=true""", "case-insensitive-name-matching")
T(F, "trino-catalog-hive-s3", r"""connector.name=hive
hive.metastore.uri=thrift://hms.lab.internal:9083
hive.s3.aws-access-key=<%akid%>
hive.s3.aws-secret-key=<%!awssk%>
hive.non-managed-table-writes-enabled=true""", "thrift://hms.lab.internal:9083")
T(F, "iceberg-spark-catalog-rest-credential", r"""spark.sql.catalog.lake=org.apache.iceberg.spark.SparkCatalog
spark.sql.catalog.lake.type=rest
spark.sql.catalog.lake.uri=https://polaris.lab.internal/api/catalog
spark.sql.catalog.lake.credential=<%hex:16%>:<%!hex:32%>
spark.sql.catalog.lake.warehouse=lab_lake""", "spark.sql.catalog.lake.uri")
T(F, "delta-sharing-profile-share", r"""{
  "shareCredentialsVersion": 1,
  "endpoint": "https://sharing.delta.io/delta-sharing/",
  "bearerToken": "<%!b62:64%>",
  "expirationTime": "2025-06-30T00:00:00.0Z"
}""", "shareCredentialsVersion")
T(F, "lakectl-yaml", r"""credentials:
  access_key_id: AKIAJ<%AU:15%>
  secret_access_key: <%!minio_sk%>
server:
  endpoint_url: https://lakefs.lab.internal/api/v1""", "endpoint_url")
T(F, "clickhouse-users-xml-plaintext", r"""<clickhouse>
  <users>
    <grafana>
      <password><%!pw%></password>
      <networks><ip>10.0.0.0/8</ip></networks>
      <profile>readonly</profile>
      <quota>default</quota>
    </grafana>
  </users>
</clickhouse>""", "<profile>readonly</profile>")
T(F, "clickhouse-storage-s3-disk-xml", r"""<storage_configuration>
  <disks>
    <s3_cold>
      <type>s3</type>
      <endpoint>https://lab-ch-cold.s3.eu-west-1.amazonaws.com/data/</endpoint>
      <access_key_id><%akid%></access_key_id>
      <secret_access_key><%!awssk%></secret_access_key>
    </s3_cold>
  </disks>
</storage_configuration>""", "s3_cold")
T(F, "redis-conf-requirepass", r"""bind 0.0.0.0
protected-mode yes
port 6379
requirepass <%!spw%>
maxmemory 8gb
maxmemory-policy allkeys-lru""", "protected-mode yes")
T(F, "qdrant-config-yaml-service-key", r"""service:
  http_port: 6333
  grpc_port: 6334
  api_key: <%!qdrant%>
  read_only_api_key: ${QDRANT_RO_KEY}
storage:
  storage_path: /qdrant/storage""", "read_only_api_key")
T(F, "milvus-yaml-minio-secret", r"""minio:
  address: minio.lab.local
  port: 9000
  accessKeyID: milvus
  secretAccessKey: <%!minio_sk%>
  useSSL: true
  bucketName: milvus-bucket""", "milvus-bucket")
T(F, "kibana-yml-es-password", r"""server.host: "0.0.0.0"
elasticsearch.hosts: ["https://es.lab.internal:9200"]
elasticsearch.username: "kibana_system"
elasticsearch.password: "<%!pw%>"
xpack.encryptedSavedObjects.encryptionKey: "${KIBANA_ENC_KEY}" """, "kibana_system")
T(F, "grafana-datasource-provisioning-secure-json", r"""apiVersion: 1
datasources:
  - name: ClickHouse
    type: grafana-clickhouse-datasource
    jsonData:
      host: ch-01.olap.internal
      port: 9440
      username: grafana
      secure: true
    secureJsonData:
      password: <%!pw%>""", "grafana-clickhouse-datasource")
T(F, "prometheus-remote-write-basic-auth", r"""remote_write:
  - url: https://prometheus-prod-<%int:10:40%>-prod-eu-west-2.grafana.net/api/prom/push
    basic_auth:
      username: "<%dig:7%>"
      password: <%!glc%>""", "remote_write")
T(F, "fluent-bit-http-output-passwd", r"""[OUTPUT]
    Name        http
    Match       spark.*
    Host        logs.lab.internal
    Port        443
    tls         On
    HTTP_User   fluent
    HTTP_Passwd <%!pw%>
    Format      json_lines""", "json_lines")
T(F, "logstash-pipeline-jdbc-input", r"""input {
  jdbc {
    jdbc_connection_string => "jdbc:postgresql://crm-db.internal:5432/crm"
    jdbc_user => "logstash"
    jdbc_password => "<%!pw%>"
    schedule => "*/15 * * * *"
    statement => "SELECT * FROM tickets WHERE updated_at > :sql_last_value"
  }
}""", "sql_last_value")
T(F, "telegraf-influx-token", r"""[[outputs.influxdb_v2]]
  urls = ["https://influx.lab.internal:8086"]
  token = "<%!url:86%>=="
  organization = "lab"
  bucket = "gpu_metrics" """, "gpu_metrics")
T(F, "tfvars-hcl-snowflake", r"""# prod.tfvars
snowflake_account  = "xy<%dig:5%>"
snowflake_user     = "TERRAFORM"
snowflake_password = "<%!pw%>"
warehouse_size     = "MEDIUM" """, "warehouse_size")
T(F, "terraform-provider-block-hardcoded", r"""provider "databricks" {
  host  = "https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net"
  token = "<%!dapi%>"
}

resource "databricks_cluster" "shared" {
  cluster_name  = "ml-shared"
  spark_version = "15.4.x-scala2.12"
}""", "databricks_cluster")
T(F, "terraform-provider-confluent-keys", r"""provider "confluent" {
  cloud_api_key    = "<%AU:16%>"
  cloud_api_secret = "<%!cflt_secret%>"
}""", "cloud_api_key")
T(F, "superset-config-py-secret-and-uri", r"""# superset_config.py
SECRET_KEY = "<%!b64:42%>"
SQLALCHEMY_DATABASE_URI = "postgresql://superset:superset@superset-db:5432/superset"
FEATURE_FLAGS = {"EMBEDDED_SUPERSET": True}""", "EMBEDDED_SUPERSET")
T(F, "superset-config-py-db-uri-password", r"""SQLALCHEMY_DATABASE_URI = "postgresql+psycopg2://superset:<%!pw%>@superset-db.bi.svc:5432/superset"
CACHE_CONFIG = {"CACHE_TYPE": "RedisCache", "CACHE_REDIS_URL": "redis://superset-redis:6379/1"}""", "CACHE_CONFIG")
T(F, "metabase-env-file-encryption-secret", r"""MB_DB_TYPE=postgres
MB_DB_CONNECTION_URI=postgres://metabase-db:5432/metabase?user=metabase&password=<%!pw%>&ssl=true
MB_SITE_URL=https://metabase.bi.internal""", "MB_SITE_URL")
T(F, "metabase-embedding-secret-env", r"""MB_EMBEDDING_SECRET_KEY=<%!hex:64%>
MB_ENABLE_EMBEDDING=true""", "MB_ENABLE_EMBEDDING")
T(F, "looker-ini-api-section", r"""[Looker]
base_url=https://looker.corp.example:19999
client_id=<%b62:20%>
client_secret=<%!looker_secret%>
verify_ssl=True""", "verify_ssl")
T(F, "redash-env-cookie-secret", r"""REDASH_DATABASE_URL=postgresql://redash@redash-db/redash
REDASH_COOKIE_SECRET=<%!hex:64%>
REDASH_MAIL_SERVER=smtp.lab.example""", "REDASH_MAIL_SERVER")
T(F, "airbyte-dot-env-db-password", r"""### DATABASE ###
DATABASE_USER=docker
DATABASE_PASSWORD=<%!pw%>
DATABASE_HOST=db
DATABASE_PORT=5432
DATABASE_DB=airbyte""", "### DATABASE ###")
T(F, "jupyterhub-config-py-cookie-proxy", r"""c.JupyterHub.cookie_secret = bytes.fromhex("<%!hex:64%>")
c.JupyterHub.bind_url = "https://hub.lab.internal"
c.Spawner.default_url = "/lab" """, "c.Spawner.default_url")
T(F, "jupyterhub-service-api-token", r"""c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "api_token": "<%!hex:32%>",
        "command": ["python3", "-m", "jupyterhub_idle_culler", "--timeout=3600"],
    }
]""", "idle-culler")
T(F, "jupyter-server-config-token", r"""# ~/.jupyter/jupyter_server_config.py
c.ServerApp.ip = "0.0.0.0"
c.ServerApp.open_browser = False
c.IdentityProvider.token = "<%!jupyter%>"
c.ServerApp.port = 8890""", "c.ServerApp.open_browser")
T(F, "slurmdbd-conf-storage-pass", r"""# slurmdbd.conf
AuthType=auth/munge
DbdHost=slurmctl01
StorageType=accounting_storage/mysql
StorageHost=slurm-db.hpc.internal
StorageUser=slurm
StoragePass=<%!pw%>
StorageLoc=slurm_acct_db""", "StorageLoc")
T(F, "nextflow-config-aws-block", r"""aws {
    accessKey = '<%akid%>'
    secretKey = '<%!awssk%>'
    region = 'eu-west-1'
    batch { cliPath = '/home/ec2-user/miniconda/bin/aws' }
}""", "cliPath")
T(F, "renviron-file-keys", r"""# ~/.Renviron
GITHUB_PAT=<%!ghp%>
R_LIBS_USER=~/R/library/4.4
CONNECT_SERVER=https://connect.lab.internal""", "R_LIBS_USER")
T(F, "julia-startup-jl-env", r"""# ~/.julia/config/startup.jl
ENV["JULIA_NUM_THREADS"] = "16"
ENV["AWS_SECRET_ACCESS_KEY"] = "<%!awssk%>"
ENV["AWS_DEFAULT_REGION"] = "eu-west-1" """, "JULIA_NUM_THREADS")
T(F, "sas-autoexec-libname-password", r"""/* autoexec.sas */
options validvarname=any;
libname claims oracle user=claims_ro password="<%!pw%>" path="//ora-dw.corp.local:1521/DWPRD" schema=CLAIMS;""", "validvarname=any")
T(F, "sas-autoexec-encoded-password", r"""libname edw teradata server="td-prod" user=sas_batch password="<%!sas002%>" database=EDW;""", "sas_batch")
T(F, "streamlit-secrets-toml-gsheets", r"""[connections.gsheets]
spreadsheet = "https://docs.google.com/spreadsheets/d/<%url:44%>/edit"
type = "service_account"
private_key_id = "<%hex:40%>"
private_key = "-----BEGIN PRIVATE KEY-----\n<%!pem_pk8j%>\n-----END PRIVATE KEY-----\n"
client_email = "sheets-reader@ml-lab-prod.iam.gserviceaccount.com" """, "sheets-reader@ml-lab-prod.iam.gserviceaccount.com")
T(F, "kserve-storage-secret-annotations", r"""apiVersion: v1
kind: Secret
metadata:
  name: s3creds
  annotations:
    serving.kserve.io/s3-endpoint: minio.lab.local:9000
    serving.kserve.io/s3-usehttps: "1"
type: Opaque
stringData:
  AWS_ACCESS_KEY_ID: ml-serving
  AWS_SECRET_ACCESS_KEY: <%!minio_sk%>""", "serving.kserve.io/s3-endpoint")
T(F, "bentoml-configuration-yaml", r"""api_server:
  http:
    port: 3000
tracing:
  exporter_type: otlp
  otlp:
    protocol: http
    endpoint: https://otlp.eu01.nr-data.net:4318
    http:
      headers:
        api-key: <%!nr_lic%>""", "exporter_type")
T(F, "cvat-env-superuser-password", r"""CVAT_HOST=cvat.lab.internal
DJANGO_SUPERUSER_USERNAME=admin
DJANGO_SUPERUSER_PASSWORD=<%!pw%>
CVAT_POSTGRES_HOST=cvat-db""", "DJANGO_SUPERUSER_USERNAME")
T(F, "argilla-compose-api-key", r"""    environment:
      ARGILLA_HOME_PATH: /var/lib/argilla
      ARGILLA_ELASTICSEARCH: http://elasticsearch:9200
      DEFAULT_USER_PASSWORD: <%!pw%>
      DEFAULT_USER_API_KEY: <%argilla%>""", "ARGILLA_HOME_PATH")
T(F, "ray-cluster-yaml-docker-login", r"""docker:
    image: registry.lab.internal/ml/ray-gpu:2.38
    container_name: ray_container
    run_options:
        - --ulimit nofile=65536:65536
        - -e WANDB_API_KEY=<%!wandb%>
head_node_type: head""", "ray_container")
T(F, "celery-config-py-broker", r"""# celeryconfig.py
broker_url = "amqp://labelling:<%!pw%>@rabbitmq.internal:5672/labelling"
result_backend = "rpc://"
task_acks_late = True""", "task_acks_late")
T(F, "pip-conf-index-url", r"""[global]
index-url = https://<%svc%>:<%!pw%>@nexus.lab.internal/repository/pypi-all/simple
trusted-host = nexus.lab.internal""", "[global]")
T(F, "pypirc-password", r"""[distutils]
index-servers = pypi labpypi

[labpypi]
repository = https://nexus.lab.internal/repository/pypi-hosted/
username = ci-publisher
password = <%!spw%>""", "index-servers")
T(F, "condarc-channel-alias-token", r"""channel_alias: https://conda.anaconda.org
channels:
  - https://conda.anaconda.org/t/<%!url:38%>/lab-ml
  - conda-forge
ssl_verify: true""", "ssl_verify")
T(F, "uv-toml-index-credentials", r"""[[tool.uv.index]]
name = "lab"
url = "https://<%svc%>:<%!pw%>@nexus.lab.internal/repository/pypi-all/simple"
default = true""", "tool.uv.index")
T(F, "gitconfig-url-insteadof-token", r"""[url "https://<%first%>:<%!glpat%>@gitlab.lab.example.org/"]
	insteadOf = https://gitlab.lab.example.org/
[user]
	name = <%person%>""", "insteadOf")
T(F, "git-credentials-store-file", r"""https://<%first%>:<%!ghpat%>@github.com
https://oauth2:<%glpat%>@gitlab.lab.example.org""", "github.com")
T(F, "dockerconfig-json-auths", r"""{
  "auths": {
    "registry.lab.internal": {
      "auth": "<%!basic%>"
    }
  },
  "credsStore": ""
}""", "registry.lab.internal")
T(F, "maven-settings-xml-server", r"""<servers>
  <server>
    <id>lab-artifactory</id>
    <username><%svc%></username>
    <password><%!jfrog%></password>
  </server>
</servers>""", "lab-artifactory")
T(F, "sbt-credentials-file", r"""realm=Artifactory Realm
host=artifactory.corp.example
user=<%svc%>
password=<%!jfrog%>""", "Artifactory Realm")
T(F, "gradle-properties-nexus", r"""org.gradle.jvmargs=-Xmx4g
nexusUsername=ci-publisher
nexusPassword=<%!pw%>
sparkVersion=3.5.3""", "nexusUsername")
T(F, "vector-toml-sink-datadog", r"""[sinks.dd_logs]
type = "datadog_logs"
inputs = ["spark_driver_logs"]
default_api_key = "<%!dd_api%>"
site = "datadoghq.eu" """, "spark_driver_logs")
T(F, "otel-collector-headers", r"""exporters:
  otlphttp/honeycomb:
    endpoint: https://api.eu1.honeycomb.io
    headers:
      x-honeycomb-team: <%!b62:22%>
      x-honeycomb-dataset: feature-api""", "x-honeycomb-dataset")
T(F, "sentry-properties-auth-token", r"""defaults.url=https://sentry.io/
defaults.org=lab-ml
defaults.project=feature-api
auth.token=<%!sntryu%>""", "defaults.project")
T(F, "ldap-conf-bind-password", r"""# /etc/sssd/sssd.conf (hpc login nodes)
[domain/lab.example.org]
ldap_uri = ldaps://ldap.lab.example.org
ldap_default_bind_dn = cn=hpc-bind,ou=svc,dc=lab,dc=example,dc=org
ldap_default_authtok = <%!pw%>
ldap_search_base = dc=lab,dc=example,dc=org""", "ldap_search_base")
T(F, "irods-environment-json-password", r"""{
    "irods_host": "irods.lab.internal",
    "irods_port": 1247,
    "irods_user_name": "<%first%>",
    "irods_zone_name": "labZone",
    "irods_password": "<%!irods%>"
}""", "irods_zone_name")
T(F, "rstudio-connect-gcfg-smtp", r"""[SMTP]
Host = smtp.lab.example
Port = 587
User = rsconnect@lab.example
Password = "<%!pw%>"
StartTLS = "always" """, "StartTLS")
T(F, "tableau-tds-xml-connection", r"""<datasource formatted-name='Orders (Snowflake)' inline='true' version='18.1'>
  <connection class='snowflake' dbname='ANALYTICS' schema='MARTS' server='xy<%dig:5%>.eu-central-1.snowflakecomputing.com' username='TABLEAU_EXT' password='<%!pw%>' warehouse='BI_WH' />
</datasource>""", "TABLEAU_EXT")
T(F, "powerbi-gateway-config-json", r"""{
  "gatewayName": "lab-onprem-gw",
  "datasource": {"server": "sql-ml.corp.local", "database": "features"},
  "credentialDetails": {"credentialType": "Basic", "username": "pbi_reader", "password": "<%!pw%>"}
}""", "lab-onprem-gw")
T(F, "ini-pipeline-multi-section-azure-conn-string", r"""[sources.adls]
conn = DefaultEndpointsProtocol=https;AccountName=stlake<%an:4%>;AccountKey=<%!azkey%>;EndpointSuffix=core.windows.net
container = bronze

[sinks.snowflake]
stage = @RAW.ADLS_STAGE""", "sources.adls")
T(F, "toml-pyproject-tool-settings-token", r"""[tool.labtools.hub]
repo_id = "lab-ml/ocr-lora"
token = "<%!hf%>"
private = true""", "tool.labtools.hub")
T(F, "hydra-config-yaml-logger", r"""# conf/logger/wandb.yaml
_target_: lightning.pytorch.loggers.WandbLogger
project: demand-forecast
entity: lab-ml
log_model: true
api_key: <%!wandb%>""", "_target_")
T(F, "lightning-cli-config-comet", r"""trainer:
  logger:
    class_path: lightning.pytorch.loggers.CometLogger
    init_args:
      api_key: <%!comet%>
      project_name: vit-probe
      workspace: lab-ml""", "CometLogger")
T(F, "sqlfluff-cfg-templater-password", r"""[sqlfluff:templater:dbt]
project_dir = ./
profiles_dir = ./.ci
target = ci

[sqlfluff:templater:jinja:context]
db_pass = <%!pw%>""", "sqlfluff:templater:dbt")
T(F, "yaml-anchors-merged-credentials", r"""x-db: &db
  host: warehouse-01.dc2.lab
  user: <%svc%>
  password: <%!pw%>
jobs:
  nightly:
    <<: *db
    schema: marts""", "x-db: &db")
T(F, "properties-jdbc-url-password-param", r"""db.url=jdbc:sqlserver://sql-ml.corp.local:1433;databaseName=features;encrypt=true;trustServerCertificate=false;user=feature_job;password=<%!pw%>;loginTimeout=30
db.pool.max=8""", "db.pool.max")
T(F, "hcl-nomad-template-literal", r"""template {
  data = <<EOH
MLFLOW_TRACKING_PASSWORD=<%!pw%>
MLFLOW_TRACKING_USERNAME=ci
EOH
  destination = "secrets/mlflow.env"
  env         = true
}""", "secrets/mlflow.env")
T(F, "packer-pkrvars-hcl", r"""aws_access_key = "<%akid%>"
aws_secret_key = "<%!awssk%>"
ami_name       = "gpu-worker-cuda124-<%date%>" """, "ami_name")
T(F, "ansible-inventory-vars-plaintext", r"""[gpu_nodes]
gpu[01:12].hpc.internal

[gpu_nodes:vars]
ansible_user=labops
ansible_become_pass=<%!pw%>
nvidia_driver_version=550""", "nvidia_driver_version")

# =====================================================================
# source-code
# =====================================================================
S = "source-code"
T(S, "py-boto3-client-kwargs", r"""s3 = boto3.client(
    "s3",
    aws_access_key_id="<%akid%>",
    aws_secret_access_key="<%!awssk%>",
    region_name="eu-west-1",
)
resp = s3.list_objects_v2(Bucket="lab-raw", Prefix="events/dt=2025-03-14/")""", "list_objects_v2")
T(S, "py-snowflake-connector-connect", r"""import snowflake.connector

ctx = snowflake.connector.connect(
    user="<%svc%>",
    password="<%!pw%>",
    account="xy<%dig:5%>.eu-central-1",
    warehouse="ADHOC_WH",
    database="ANALYTICS",
)""", "ADHOC_WH")
T(S, "py-sqlalchemy-create-engine-fstring-literal", r"""engine = create_engine("postgresql+psycopg2://<%svc%>:<%!pw%>@warehouse-01.dc2.lab:6432/dw", pool_pre_ping=True)
df = pd.read_sql("select * from marts.fct_orders where order_date >= '2025-03-01'", engine)""", "pool_pre_ping")
T(S, "py-psycopg2-connect-kwargs", r"""conn = psycopg2.connect(host="pg-feature-store.prod.svc", port=5432, dbname="features",
                        user="feast_online", password="<%!pw%>", sslmode="require")""", "feast_online")
T(S, "py-databricks-sdk-workspace-client", r"""from databricks.sdk import WorkspaceClient

w = WorkspaceClient(host="https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net", token="<%!dapi%>")
for c in w.clusters.list():
    print(c.cluster_name, c.state)""", "w.clusters.list()")
T(S, "py-databricks-sql-connector", r"""from databricks import sql
with sql.connect(server_hostname="dbc-<%hex:8%>-<%hex:4%>.cloud.databricks.com",
                 http_path="/sql/1.0/warehouses/<%hex:16%>",
                 access_token="<%!dapi%>") as conn:
    cur = conn.cursor()""", "server_hostname")
T(S, "py-wandb-login-key-kwarg", r"""import wandb
wandb.login(key="<%!wandb%>")
run = wandb.init(project="demand-forecast", entity="lab-ml", config=cfg)""", "demand-forecast")
T(S, "py-openai-client-api-key", r"""from openai import OpenAI
client = OpenAI(api_key="<%!oai_proj%>")
resp = client.chat.completions.create(model="gpt-4o-mini", messages=msgs, temperature=0)""", "gpt-4o-mini")
T(S, "py-anthropic-client-api-key", r"""import anthropic
client = anthropic.Anthropic(api_key="<%!ant%>")
msg = client.messages.create(model="claude-3-5-haiku-latest", max_tokens=512, messages=[{"role": "user", "content": prompt}])""", "max_tokens=512")
T(S, "py-hf-hub-login-token", r"""from huggingface_hub import login, HfApi
login(token="<%!hf%>")
HfApi().upload_folder(folder_path="out/lora", repo_id="lab-ml/llama-ft-lora", repo_type="model")""", "llama-ft-lora")
T(S, "py-transformers-from-pretrained-token", r"""tok = AutoTokenizer.from_pretrained("meta-llama/Llama-3.2-3B", token="<%!hf%>")
model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.2-3B", torch_dtype=torch.bfloat16, device_map="auto")""", "device_map")
T(S, "py-pinecone-client-init", r"""from pinecone import Pinecone
pc = Pinecone(api_key="<%!pcsk%>")
index = pc.Index("products")
index.upsert(vectors=batch, namespace="sku")""", "namespace=\"sku\"")
T(S, "py-qdrant-client-url-key", r"""client = QdrantClient(
    url="https://<%uuid%>.eu-central-1-0.aws.cloud.qdrant.io:6333",
    api_key="<%!qdrant%>",
)""", "QdrantClient")
T(S, "py-weaviate-connect-cloud-auth", r"""client = weaviate.connect_to_weaviate_cloud(
    cluster_url="https://<%an:10%>.c0.europe-west3.gcp.weaviate.cloud",
    auth_credentials=Auth.api_key("<%!wcd%>"),
    headers={"X-OpenAI-Api-Key": os.environ["OPENAI_API_KEY"]},
)""", "X-OpenAI-Api-Key")
T(S, "py-confluent-kafka-producer-dict", r"""producer = Producer({
    "bootstrap.servers": "pkc-<%an:5%>.eu-west-1.aws.confluent.cloud:9092",
    "security.protocol": "SASL_SSL",
    "sasl.mechanisms": "PLAIN",
    "sasl.username": "<%cflt_key%>",
    "sasl.password": "<%!cflt_secret%>",
})""", "security.protocol")
T(S, "py-kafka-python-consumer-scram", r"""consumer = KafkaConsumer("model-scores", bootstrap_servers=BROKERS, security_protocol="SASL_SSL",
                         sasl_mechanism="SCRAM-SHA-256", sasl_plain_username="scorer",
                         sasl_plain_password="<%!kafka_scram%>", group_id="score-audit")""", "score-audit")
T(S, "py-redis-from-url-literal", r"""r = redis.Redis.from_url("rediss://default:<%!spw%>@feast-online.internal:6380/0", decode_responses=True)""", "decode_responses")
T(S, "py-pymongo-client-uri", r"""client = MongoClient("mongodb://labeler:<%!pwenc%>@mongo-labels-0.internal:27017,mongo-labels-1.internal:27017/?replicaSet=rs0&authSource=admin")""", "replicaSet=rs0")
T(S, "py-requests-headers-dict-literal", r"""HEADERS = {
    "Authorization": "Bearer <%!sgp%>",
    "Content-Type": "application/json",
}
r = requests.get("https://api.segmentapis.com/warehouses", headers=HEADERS, timeout=30)""", "api.segmentapis.com/warehouses")
T(S, "py-airflow-dag-hardcoded-http-conn", r"""notify = SimpleHttpOperator(
    task_id="notify_ops",
    http_conn_id=None,
    endpoint="https://hooks.slack.com/services/T0<%AU:8%>/B0<%AU:9%>/<%!b62:24%>",
    method="POST",
    data=json.dumps({"text": "orders DAG finished"}),
)""", "notify_ops")
T(S, "py-airflow-dag-default-args-env", r"""default_args = {
    "owner": "data-eng",
    "retries": 2,
    "env": {"PGPASSWORD": "<%!pw%>", "PGHOST": "warehouse-01.dc2.lab"},
}""", "data-eng")
T(S, "py-dagster-resource-config-literal", r"""defs = Definitions(
    assets=[orders, customers],
    resources={"snowflake": SnowflakeResource(account="xy<%dig:5%>", user="DAGSTER_SVC", password="<%!pw%>", warehouse="DAGSTER_WH")},
)""", "DAGSTER_SVC")
T(S, "py-prefect-secret-block-save", r"""from prefect.blocks.system import Secret
Secret(value="<%!airbyte_sk%>").save("airbyte-client-secret", overwrite=True)""", "airbyte-client-secret")
T(S, "py-gx-add-postgres-connection-string", r"""ds = context.data_sources.add_postgres(
    name="dw",
    connection_string="postgresql+psycopg2://gx_checker:<%!pw%>@warehouse-01.dc2.lab:5432/dw",
)""", "add_postgres")
T(S, "py-polars-read-database-uri", r"""df = pl.read_database_uri(
    query="SELECT * FROM events.page_views WHERE dt = today()",
    uri="clickhouse://analyst:<%!pw%>@ch-01.olap.internal:8123/events",
    engine="connectorx",
)""", "connectorx")
T(S, "py-duckdb-sql-create-secret-gcs", r"""duckdb.sql('''
CREATE SECRET gcs_lab (
    TYPE GCS,
    KEY_ID 'GOOG1E<%AU:55%>',
    SECRET '<%!b64:40%>'
);
''')""", "gcs_lab")
T(S, "py-ibis-connect-trino", r"""con = ibis.trino.connect(user="<%person%>", password="<%!pw%>", host="trino.lab.internal", port=8443, database="iceberg", schema="gold")""", "ibis.trino.connect")
T(S, "py-service-account-from-info-dict", r"""creds = service_account.Credentials.from_service_account_info({
    "type": "service_account",
    "client_email": "bq-loader@ml-lab-prod.iam.gserviceaccount.com",
    "private_key": "-----BEGIN PRIVATE KEY-----\n<%!pem_pk8j%>\n-----END PRIVATE KEY-----\n",
    "token_uri": "https://oauth2.googleapis.com/token",
})""", "from_service_account_info")
T(S, "py-azure-blob-from-connection-string", r"""svc = BlobServiceClient.from_connection_string(
    "DefaultEndpointsProtocol=https;AccountName=stlake<%an:4%>;AccountKey=<%!azkey%>;EndpointSuffix=core.windows.net"
)""", "BlobServiceClient")
T(S, "py-pandas-storage-options-abfs", r"""df = pd.read_parquet(
    "abfs://silver/orders/",
    storage_options={"account_name": "stlake<%an:4%>", "account_key": "<%!azkey%>"},
)""", "abfs://silver/orders/")
T(S, "py-s3fs-filesystem-key-secret", r"""fs = s3fs.S3FileSystem(key="ml-rw", secret="<%!minio_sk%>", client_kwargs={"endpoint_url": "https://minio.lab.local:9000"})""", "endpoint_url")
T(S, "py-pyarrow-s3filesystem", r"""s3 = pafs.S3FileSystem(access_key="<%akid%>", secret_key="<%!awssk%>", region="eu-west-1")
ds = pads.dataset("lab-raw/events", filesystem=s3, format="parquet", partitioning="hive")""", "partitioning=\"hive\"")
T(S, "py-ray-runtime-env-env-vars", r"""ray.init(address="ray://ray-head.lab.internal:10001",
         runtime_env={"env_vars": {"WANDB_API_KEY": "<%!wandb%>", "HF_HOME": "/mnt/cache/hf"}})""", "ray-head.lab.internal")
T(S, "py-tableau-server-client-pat", r"""auth = TSC.PersonalAccessTokenAuth("nightly-refresh", "<%!tableau_pat%>", site_id="labanalytics")
server = TSC.Server("https://prod-uk-a.online.tableau.com", use_server_version=True)""", "use_server_version")
T(S, "py-looker-sdk-env-setdefault", r"""os.environ.setdefault("LOOKERSDK_BASE_URL", "https://looker.corp.example:19999")
os.environ.setdefault("LOOKERSDK_CLIENT_ID", "<%b62:20%>")
os.environ.setdefault("LOOKERSDK_CLIENT_SECRET", "<%!looker_secret%>")
sdk = looker_sdk.init40()""", "LOOKERSDK_BASE_URL")
T(S, "py-metabase-session-login-json", r"""resp = requests.post(f"{MB_URL}/api/session", json={"username": "agent@lab.example", "password": "<%!pw%>"})
session_id = resp.json()["id"]""", "agent@lab.example")
T(S, "py-jwt-encode-literal-secret", r"""token = jwt.encode({"sub": "feature-api", "exp": datetime.utcnow() + timedelta(hours=1)}, "<%!b64u:32%>", algorithm="HS256")""", "feature-api")
T(S, "py-flask-app-secret-key", r"""app = Flask(__name__)
app.config["SECRET_KEY"] = "<%!hex:48%>"
app.config["SQLALCHEMY_DATABASE_URI"] = os.getenv("DATABASE_URL")""", "SQLALCHEMY_DATABASE_URI")
T(S, "py-fastapi-api-key-constant", r"""API_KEY = "lab_live_<%!b62:40%>"
api_key_header = APIKeyHeader(name="X-API-Key")

def verify(key: str = Security(api_key_header)):
    if key != API_KEY:
        raise HTTPException(status_code=403)""", "X-API-Key")
T(S, "py-gradio-launch-auth-tuple", r"""demo.launch(server_name="0.0.0.0", server_port=7860, auth=("reviewer", "<%!pw%>"), share=False)""", "server_port=7860")
T(S, "py-label-studio-sdk-client", r"""from label_studio_sdk.client import LabelStudio
ls = LabelStudio(base_url="http://label-studio.lab:8080", api_key="<%!lstudio%>")
project = ls.projects.get(id=<%int:2:60%>)""", "ls.projects.get")
T(S, "py-labelbox-client-api-key", r"""client = labelbox.Client(api_key="<%!labelbox%>")
project = client.get_project("<%an:25%>")""", "get_project")
T(S, "py-comet-experiment-api-key", r"""experiment = Experiment(api_key="<%!comet%>", project_name="vit-probe", workspace="lab-ml", auto_metric_logging=True)""", "auto_metric_logging")
T(S, "py-neptune-init-run-api-token", r"""run = neptune.init_run(
    project="lab-ml/churn",
    api_token="<%!neptune%>",
    tags=["xgboost", "fold-3"],
)""", "fold-3")
T(S, "py-clearml-set-credentials", r"""Task.set_credentials(api_host="https://api.clear.ml", web_host="https://app.clear.ml",
                     key="<%clearml_ak%>", secret="<%!clearml_sk%>")""", "web_host")
T(S, "py-mlflow-environ-assignment", r"""os.environ["MLFLOW_TRACKING_URI"] = "databricks"
os.environ["DATABRICKS_HOST"] = "https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net"
os.environ["DATABRICKS_TOKEN"] = "<%!dapi%>"
mlflow.set_experiment("/Shared/churn")""", "/Shared/churn")
T(S, "py-colab-userdata-with-fallback", r"""try:
    from google.colab import userdata
    HF_TOKEN = userdata.get("HF_TOKEN")
except Exception:
    HF_TOKEN = "<%!hf%>"  # fallback for local runs""", "userdata.get")
T(S, "py-wrapped-implicit-concat-token", r"""GROQ_KEY = ("<%!gsk|30:pyc%>")
client = Groq(api_key=GROQ_KEY)""", "GROQ_KEY")
T(S, "py-wrapped-plus-concat-dsn", r"""DSN = ("postgresql://etl_loader:" +
       "<%!spw%>" +
       "@warehouse-01.dc2.lab:6432/dw")""", "etl_loader")
T(S, "py-base64-decoded-inline-secret", r"""# not really hidden, just base64
_k = base64.b64decode("<%!b64hf%>").decode()
api = HfApi(token=_k)""", "HfApi(token=_k)")
T(S, "py-dict-config-nested-sources", r"""SOURCES = {
    "crm": {"driver": "mysql", "host": "mysql-legacy.corp.local", "user": "reporting", "password": "<%!pw%>"},
    "erp": {"driver": "mssql", "host": "erp-sql.corp.local", "user": "erp_ro", "password": os.environ["ERP_PW"]},
}""", "mysql-legacy.corp.local")
T(S, "py-sendgrid-report-mailer", r"""sg = SendGridAPIClient("<%!sendgrid%>")
sg.send(Mail(from_email="reports@lab.example", to_emails=OWNERS, subject="Weekly data quality", html_content=html))""", "Weekly data quality")
T(S, "py-slack-sdk-webclient", r"""client = WebClient(token="<%!xoxb%>")
client.chat_postMessage(channel="#data-alerts", text=f"dbt build failed: {failed} models")""", "#data-alerts")
T(S, "py-twilio-client-auth-token", r"""client = Client("AC<%hex:32%>", "<%!twilio_tok%>")
client.messages.create(to=ONCALL, from_="+1415555<%dig:4%>", body="pipeline down")""", "pipeline down")
T(S, "py-langsmith-env-setup", r"""os.environ["LANGCHAIN_TRACING_V2"] = "true"
os.environ["LANGCHAIN_API_KEY"] = "<%!lsv2%>"
os.environ["LANGCHAIN_PROJECT"] = "rag-eval" """, "LANGCHAIN_PROJECT")
T(S, "py-langfuse-init-keys", r"""langfuse = Langfuse(public_key="pk-lf-<%uuid%>", secret_key="<%!lf_sk%>", host="https://cloud.langfuse.com")""", "cloud.langfuse.com")
T(S, "py-cohere-client", r"""co = cohere.ClientV2("<%!cohere%>")
rerank = co.rerank(model="rerank-v3.5", query=q, documents=docs, top_n=5)""", "rerank-v3.5")
T(S, "py-mistral-client", r"""client = Mistral(api_key="<%!mistral%>")
res = client.embeddings.create(model="mistral-embed", inputs=chunks)""", "mistral-embed")
T(S, "py-together-client", r"""client = Together(api_key="<%!together%>")
resp = client.fine_tuning.create(training_file=file_id, model="meta-llama/Meta-Llama-3.1-8B-Instruct-Reference")""", "fine_tuning.create")
T(S, "py-replicate-client", r"""rc = replicate.Client(api_token="<%!r8%>")
out = rc.run("stability-ai/sdxl:<%hex:64%>", input={"prompt": prompt})""", "stability-ai/sdxl")
T(S, "py-elasticsearch-client-api-key-tuple", r"""es = Elasticsearch("https://es.lab.internal:9200", api_key=("<%url:20%>", "<%!url:22%>"), verify_certs=True)""", "verify_certs")
T(S, "py-opensearch-http-auth", r"""client = OpenSearch(hosts=[{"host": "opensearch.vec.internal", "port": 9200}], http_auth=("admin", "<%!spw%>"), use_ssl=True)""", "opensearch.vec.internal")
T(S, "py-clickhouse-connect-get-client", r"""client = clickhouse_connect.get_client(host="ch-01.olap.internal", port=8443, username="analyst", password="<%!spw%>", secure=True)""", "clickhouse_connect.get_client")
T(S, "py-redshift-connector-connect", r"""conn = redshift_connector.connect(
    host="redshift-prod.c7xk2mbn4q.eu-west-1.redshift.amazonaws.com",
    database="dev",
    user="awsuser",
    password="<%!pw%>",
)""", "redshift_connector.connect")
T(S, "py-mysql-connector-config-dict", r"""config = {"user": "reporting", "password": "<%!pw%>", "host": "mysql-legacy.corp.local", "database": "crm", "raise_on_warnings": True}
cnx = mysql.connector.connect(**config)""", "raise_on_warnings")
T(S, "py-spark-session-builder-s3a", r"""spark = (SparkSession.builder.appName("sessionize")
         .config("spark.hadoop.fs.s3a.access.key", "ml-rw")
         .config("spark.hadoop.fs.s3a.secret.key", "<%!minio_sk%>")
         .config("spark.hadoop.fs.s3a.endpoint", "https://minio.lab.local:9000")
         .getOrCreate())""", "sessionize")
T(S, "py-pyspark-jdbc-option-password", r"""df = (spark.read.format("jdbc")
      .option("url", "jdbc:postgresql://analytics-pg.internal:5432/analytics")
      .option("dbtable", "marts.fct_orders")
      .option("user", "spark_etl")
      .option("password", "<%!pw%>")
      .load())""", "marts.fct_orders")
T(S, "py-dbutils-fs-mount-extra-configs", r"""dbutils.fs.mount(
  source="wasbs://raw@stlake<%an:4%>.blob.core.windows.net",
  mount_point="/mnt/raw",
  extra_configs={"fs.azure.account.key.stlake<%an:4%>.blob.core.windows.net": "<%!azkey%>"})""", "/mnt/raw")
T(S, "scala-spark-conf-set-azure-key", r"""spark.conf.set(
  "fs.azure.account.key.stlake<%an:4%>.dfs.core.windows.net",
  "<%!azkey%>")
val df = spark.read.format("delta").load("abfss://gold@stlake<%an:4%>.dfs.core.windows.net/orders")""", "spark.read.format")
T(S, "scala-hadoop-configuration-set", r"""sc.hadoopConfiguration.set("fs.s3a.access.key", "<%akid%>")
sc.hadoopConfiguration.set("fs.s3a.secret.key", "<%!awssk%>")""", "hadoopConfiguration")
T(S, "scala-jdbc-options-map", r"""val opts = Map(
  "url" -> "jdbc:sqlserver://sql-ml.corp.local:1433;databaseName=features",
  "user" -> "spark_writer",
  "password" -> "<%!pw%>",
  "dbtable" -> "dbo.features_daily")""", "spark_writer")
T(S, "scala-kafka-jaas-string-interp", r"""val jaas = "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"<%cflt_key%>\" password=\"<%!cflt_secret%>\";"
val stream = spark.readStream.format("kafka").option("kafka.sasl.jaas.config", jaas)""", "readStream")
T(S, "java-drivermanager-getconnection", r"""Connection conn = DriverManager.getConnection(
    "jdbc:redshift://redshift-prod.c7xk2mbn4q.eu-west-1.redshift.amazonaws.com:5439/dev",
    "etl_loader", "<%!pw%>");""", "DriverManager.getConnection")
T(S, "java-properties-put-sasl", r"""Properties props = new Properties();
props.put("bootstrap.servers", BROKERS);
props.put("sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"flink-job\" password=\"<%!kafka_scram%>\";");""", "flink-job")
T(S, "r-dbi-dbconnect-rpostgres", r"""con <- DBI::dbConnect(
  RPostgres::Postgres(),
  host = "analytics-pg.internal",
  dbname = "analytics",
  user = "<%svc%>",
  password = "<%!pw%>"
)""", "RPostgres::Postgres()")
T(S, "r-odbc-snowflake-connect", r"""con <- dbConnect(odbc::odbc(), Driver = "SnowflakeDSIIDriver", Server = "xy<%dig:5%>.eu-central-1.snowflakecomputing.com",
                 UID = "R_ANALYST", PWD = "<%!pw%>", Warehouse = "ADHOC_WH", Database = "ANALYTICS")""", "SnowflakeDSIIDriver")
T(S, "r-httr-add-headers-bearer", r"""res <- httr::GET("https://api.fivetran.com/v1/connectors/<%low:20%>",
                 httr::add_headers(Authorization = paste("Basic", "<%!basic%>")))""", "api.fivetran.com")
T(S, "r-httr2-req-auth-bearer", r"""req <- request("https://api.openai.com/v1/chat/completions") |>
  req_auth_bearer_token("<%!oai_proj%>") |>
  req_body_json(list(model = "gpt-4o-mini", messages = msgs))""", "req_body_json")
T(S, "r-sparklyr-spark-config-s3", r"""conf <- spark_config()
conf$spark.hadoop.fs.s3a.access.key <- "<%akid%>"
conf$spark.hadoop.fs.s3a.secret.key <- "<%!awssk%>"
sc <- spark_connect(master = "yarn", config = conf)""", "spark_connect")
T(S, "r-rmariadb-connect", r"""con <- dbConnect(RMariaDB::MariaDB(), host = "mysql-legacy.corp.local", user = "reporting",
                 password = "<%!pw%>", dbname = "crm")""", "RMariaDB::MariaDB()")
T(S, "r-aws-s3-put-object-key-args", r"""aws.s3::put_object(file = "out/model.rds", object = "models/churn/model.rds", bucket = "lab-models",
                   key = "<%akid%>", secret = "<%!awssk%>", region = "eu-west-1")""", "models/churn/model.rds")
T(S, "r-pins-board-connect-key", r"""board <- pins::board_connect(server = "https://connect.lab.internal", key = "<%!b62:32%>")
pins::pin_write(board, model, "churn_model", type = "rds")""", "churn_model")
T(S, "julia-aws-credentials-struct", r"""using AWS, AWSS3
creds = AWSCredentials("<%akid%>", "<%!awssk%>")
aws = global_aws_config(; region="eu-west-1", creds=creds)
s3_list_objects(aws, "lab-raw"; path_prefix="events/")""", "global_aws_config")
T(S, "julia-http-request-headers", r"""resp = HTTP.get("https://api.wandb.ai/graphql"; headers=["Authorization" => "Basic " * base64encode("api:<%!wandb%>")])""", "api.wandb.ai/graphql")
T(S, "julia-libpq-connection-kwstring", r"""conn = LibPQ.Connection("host=warehouse-01.dc2.lab port=6432 dbname=dw user=julia_ro password='<%!pw%>' sslmode=require")""", "julia_ro")
T(S, "julia-clickhouse-jl-connect", r"""conn = ClickHouse.connect("ch-01.olap.internal", 9440; username="analyst", password="<%!spw%>", secure=true)""", "ClickHouse.connect")
T(S, "matlab-database-jdbc-call", r"""conn = database('features','feature_reader','<%!pw%>', ...
    'Vendor','Microsoft SQL Server','Server','sql-ml.corp.local','PortNumber',1433);
data = sqlread(conn,'features_daily');""", "Microsoft SQL Server")
T(S, "matlab-setenv-aws-secret", r"""setenv('AWS_ACCESS_KEY_ID','<%akid%>');
setenv('AWS_SECRET_ACCESS_KEY','<%!awssk%>');
ds = parquetDatastore('s3://lab-sensors/2025/03/');""", "parquetDatastore")
T(S, "matlab-weboptions-username-password", r"""opts = weboptions('Username','lab-api','Password','<%!pw%>','ContentType','json');
data = webread('https://sensors.lab.internal/api/v2/calibration', opts);""", "lab-api")
T(S, "sas-proc-sql-connect-odbc", r"""proc sql;
  connect to odbc as dw (dsn="DW_PROD" uid="sas_batch" pwd="<%!pw%>");
  create table work.claims as select * from connection to dw (select * from claims.fact_claims where claim_dt >= date '2025-01-01');
  disconnect from dw;
quit;""", "fact_claims")
T(S, "sas-filename-url-with-password", r"""filename api url "https://sensors.lab.internal/export.csv" user="sasjob" pass="<%!pw%>" debug;""", "sasjob")
T(S, "sql-snowflake-create-stage-credentials", r"""CREATE OR REPLACE STAGE raw.partner_stage
  URL = 's3://lab-partner/feed/'
  CREDENTIALS = (AWS_KEY_ID = '<%akid%>' AWS_SECRET_KEY = '<%!awssk%>')
  FILE_FORMAT = (TYPE = PARQUET);""", "raw.partner_stage")
T(S, "sql-snowflake-azure-sas-stage", r"""CREATE STAGE raw.adls_stage
  URL = 'azure://stlake<%an:4%>.blob.core.windows.net/bronze'
  CREDENTIALS = (AZURE_SAS_TOKEN = '?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2025-06-01&sig=<%!sassig%>');""", "raw.adls_stage")
T(S, "sql-redshift-copy-access-keys", r"""COPY staging.events
FROM 's3://lab-raw/events/dt=2025-03-14/'
ACCESS_KEY_ID '<%akid%>'
SECRET_ACCESS_KEY '<%!awssk%>'
FORMAT AS PARQUET;""", "staging.events")
T(S, "sql-redshift-unload-credentials-string", r"""UNLOAD ('select * from marts.fct_orders')
TO 's3://lab-exports/orders_'
CREDENTIALS 'aws_access_key_id=<%akid%>;aws_secret_access_key=<%!awssk%>'
PARQUET ALLOWOVERWRITE;""", "marts.fct_orders")
T(S, "sql-create-user-password-postgres", r"""CREATE ROLE metabase_reader WITH LOGIN PASSWORD '<%!pw%>' VALID UNTIL '2026-01-01';
GRANT USAGE ON SCHEMA marts TO metabase_reader;""", "metabase_reader")
T(S, "sql-alter-user-snowflake-password", r"""ALTER USER AIRBYTE_SVC SET PASSWORD = '<%!pw%>' DEFAULT_ROLE = LOADER;""", "AIRBYTE_SVC")
T(S, "sql-user-mapping-options", r"""CREATE USER MAPPING FOR etl SERVER legacy_crm OPTIONS (user 'crm_reader', password '<%!pw%>');""", "legacy_crm")
T(S, "sql-dblink-connstr", r"""SELECT * FROM dblink('host=crm-db.internal dbname=crm user=crm_reader password=<%!pw%>',
                      'select id, email_hash from customers') AS t(id int, email_hash text);""", "email_hash")
T(S, "sql-clickhouse-s3-table-function", r"""INSERT INTO events.page_views
SELECT * FROM s3('https://lab-raw.s3.eu-west-1.amazonaws.com/pv/2025-03-*.parquet', '<%akid%>', '<%!awssk%>', 'Parquet');""", "events.page_views")
T(S, "sql-duckdb-attach-postgres", r"""ATTACH 'dbname=analytics user=<%svc%> password=<%!pw%> host=analytics-pg.internal' AS pg (TYPE postgres, READ_ONLY);""", "READ_ONLY")
T(S, "sql-snowflake-secret-oauth-refresh", r"""CREATE OR REPLACE SECRET integrations.sfdc_oauth
  TYPE = OAUTH2
  OAUTH_REFRESH_TOKEN = '<%!b64:88%>'
  OAUTH_REFRESH_TOKEN_EXPIRY_TIME = '2025-09-01 00:00:00'
  API_AUTHENTICATION = sfdc_api_int;""", "integrations.sfdc_oauth")
T(S, "sql-mysql-create-user-identified-by", r"""CREATE USER 'superset_ro'@'10.%' IDENTIFIED BY '<%!pw%>';
GRANT SELECT ON crm.* TO 'superset_ro'@'10.%';""", "superset_ro")
T(S, "sql-bigquery-external-connection-comment", r"""-- temp: BQ omni connection uses this AWS user until role federation works
-- key id <%akid%>  secret <%!awssk%>
CREATE EXTERNAL TABLE lake.partner_feed WITH CONNECTION `aws-us-east-1.partner` OPTIONS (format = 'PARQUET', uris = ['s3://lab-partner/feed/*']);""", "lake.partner_feed")
T(S, "bash-train-script-exports", r"""#!/usr/bin/env bash
#SBATCH --job-name=llama-ft
#SBATCH --gres=gpu:a100:4
export WANDB_API_KEY=<%!wandb%>
export HF_TOKEN=${HF_TOKEN:-}
srun torchrun --nproc_per_node=4 train.py --config cfg/llama_ft.yaml""", "llama-ft")
T(S, "makefile-variable-password", r"""DB_URL ?= postgresql://<%svc%>:<%!pw%>@localhost:5433/analytics

seed:
	psql $(DB_URL) -f sql/seed.sql""", "sql/seed.sql")
T(S, "dockerfile-env-token", r"""FROM python:3.11-slim
ENV PIP_NO_CACHE_DIR=1 \
    HF_TOKEN=<%!hf%> \
    TRANSFORMERS_CACHE=/models
RUN pip install -r requirements.txt""", "TRANSFORMERS_CACHE")
T(S, "dockerfile-arg-default-password", r"""ARG NEXUS_USER=ci
ARG NEXUS_PASS=<%!spw%>
RUN pip install --index-url https://${NEXUS_USER}:${NEXUS_PASS}@nexus.lab.internal/repository/pypi-all/simple -r requirements.txt""", "NEXUS_USER")
T(S, "ipynb-json-source-lines", r"""   "source": [
    "import os\n",
    "os.environ[\"PINECONE_API_KEY\"] = \"<%!pcsk%>\"\n",
    "pc = Pinecone()\n"
   ]""", "Pinecone()")
T(S, "ipynb-json-outputs-stream-text", r"""   "outputs": [
    {
     "name": "stdout",
     "output_type": "stream",
     "text": [
      "token ok: <%!hf%>\n",
      "loaded 12,403 rows\n"
     ]
    }
   ],""", "output_type")
T(S, "databricks-py-notebook-source-magic", r"""# Databricks notebook source
# MAGIC %md ## Backfill orders

# COMMAND ----------

jdbc_pw = "<%!pw%>"  # dbutils.secrets.get("lab-scope", "pg-pw") broken on this cluster
df = spark.read.jdbc(url, "marts.fct_orders", properties={"user": "spark_etl", "password": jdbc_pw})""", "Backfill orders")
T(S, "ts-superset-embed-guest-token-secret", r"""const guestTokenSecret = "<%!b64u:32%>";
export async function fetchGuestToken(dashboardId: string) {
  return signGuestToken({ resources: [{ type: "dashboard", id: dashboardId }] }, guestTokenSecret);
}""", "fetchGuestToken")
T(S, "go-ingest-const-api-key", r"""const (
	segmentWriteEndpoint = "https://api.segment.io/v1/batch"
	fivetranAPISecret    = "<%!b62:32%>"
)""", "segmentWriteEndpoint")
T(S, "rust-const-clickhouse-password", r"""const CH_URL: &str = "https://ch-01.olap.internal:8443";
const CH_PASSWORD: &str = "<%!spw%>";""", "CH_URL")
T(S, "py-kwargs-positional-unlabelled-secret", r"""client = MinioClient("minio.lab.local:9000", "ml-rw", "<%!minio_sk%>", secure=True)""", "MinioClient")
T(S, "py-tuple-list-of-creds", r"""ACCOUNTS = [
    ("stlake<%an:4%>", "<%!azkey%>"),
    ("starchive<%an:4%>", os.environ["ARCHIVE_KEY"]),
]""", "ARCHIVE_KEY")
T(S, "py-mlflow-log-param-oops", r"""mlflow.log_params({"lr": 3e-4, "batch_size": 64, "db_password": "<%!pw%>", "seed": 1919})""", "batch_size")
T(S, "py-telegram-bot-notify", r"""BOT = "<%!tg%>"
requests.post(f"https://api.telegram.org/bot{BOT}/sendMessage", data={"chat_id": CHAT_ID, "text": "training done"})""", "sendMessage")
T(S, "py-discord-webhook-url", r"""WEBHOOK = "https://discord.com/api/webhooks/<%dig:19%>/<%!discord_wh%>"
requests.post(WEBHOOK, json={"content": f"eval finished: acc={acc:.3f}"})""", "eval finished")
T(S, "py-teams-webhook-url", r"""TEAMS_URL = "https://labexample.webhook.office.com/webhookb2/<%uuid%>@<%uuid%>/IncomingWebhook/<%!teams_hex%>/<%uuid%>"
pymsteams.connectorcard(TEAMS_URL).text("GX checkpoint failed").send()""", "IncomingWebhook")

# =====================================================================
# stack-trace-or-log
# =====================================================================
L = "stack-trace-or-log"
T(L, "airflow-task-log-bash-command-echo", r"""[2025-03-<%int:10:28%>, 02:<%int:10:59%>:14 UTC] {subprocess.py:78} INFO - Tmp dir root location: /tmp
[2025-03-<%int:10:28%>, 02:<%int:10:59%>:14 UTC] {subprocess.py:88} INFO - Running command: ['/usr/bin/bash', '-c', 'curl -sf -u etl:<%!pw%> https://nifi.lab.internal/nifi-api/flow/process-groups/root/status']
[2025-03-<%int:10:28%>, 02:<%int:10:59%>:15 UTC] {subprocess.py:99} INFO - Output:""", "subprocess.py")
T(L, "airflow-task-log-dict-print", r"""[2025-03-<%int:10:28%>, 03:00:02 UTC] {logging_mixin.py:190} INFO - conn extras: {'account': 'xy<%dig:5%>', 'warehouse': 'LOAD_WH', 'private_key_passphrase': '<%!pw%>', 'role': 'LOADER'}
[2025-03-<%int:10:28%>, 03:00:02 UTC] {taskinstance.py:340} ▶ Post task execution logs""", "logging_mixin.py")
T(L, "airflow-scheduler-redis-connection-error", r"""[2025-03-<%int:10:28%> 04:<%int:10:59%>:01,<%ms%>] {celery_executor_utils.py:187} ERROR - Error fetching Celery task state
kombu.exceptions.OperationalError: Error 111 connecting to airflow-redis:6379. Connection refused.
broker_url=redis://:<%!spw%>@airflow-redis:6379/0""", "celery_executor_utils.py")
T(L, "python-traceback-snowflake-connect-locals", r"""Traceback (most recent call last):
  File "/opt/jobs/load_orders.py", line 41, in <module>
    ctx = snowflake.connector.connect(**params)
  File "/usr/local/lib/python3.11/site-packages/snowflake/connector/__init__.py", line 55, in Connect
    return SnowflakeConnection(**kwargs)
snowflake.connector.errors.DatabaseError: 250001 (08001): Failed to connect to DB: xy<%dig:5%>.eu-central-1.snowflakecomputing.com:443. Incorrect username or password was specified.
params = {'user': 'LOADER', 'password': '<%!pw%>', 'account': 'xy<%dig:5%>.eu-central-1'}""", "250001 (08001)")
T(L, "rich-traceback-locals-box", r"""╭──────────────────── locals ─────────────────────╮
│   bucket = 'lab-raw'                            │
│      key = 'events/dt=2025-03-14/part-0.parquet'│
│ password = '<%!pw%>'                     │
│     user = 'spark_etl'                          │
╰─────────────────────────────────────────────────╯
OperationalError: (psycopg2.OperationalError) FATAL:  password authentication failed for user "spark_etl" """, "spark_etl")
T(L, "py4j-java-error-jdbc-url-password", r"""Py4JJavaError: An error occurred while calling o412.load.
: com.microsoft.sqlserver.jdbc.SQLServerException: Cannot open database "features" requested by the login. The login failed. ClientConnectionId:<%uuid%>
	at com.microsoft.sqlserver.jdbc.SQLServerException.makeFromDatabaseError(SQLServerException.java:270)
	... 34 more
url: jdbc:sqlserver://sql-ml.corp.local:1433;databaseName=features;user=spark_writer;password=<%!pw%>;encrypt=true""", "Py4JJavaError")
T(L, "java-stack-psql-exception-with-url", r"""org.postgresql.util.PSQLException: FATAL: no pg_hba.conf entry for host "<%ip%>", user "kafka_connect", database "features", SSL off
	at org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)
	at org.postgresql.Driver.connect(Driver.java:297)
	at io.confluent.connect.jdbc.util.CachedConnectionProvider.getConnection(CachedConnectionProvider.java:59)
[2025-03-<%int:10:28%> 09:<%int:10:59%>:21,<%ms%>] ERROR WorkerSinkTask{id=pg-features-sink-0} connection.url=jdbc:postgresql://pg-feature-store.prod.svc:5432/features?user=kafka_connect&password=<%!pw%> (org.apache.kafka.connect.runtime.WorkerSinkTask:612)""", "pg-features-sink-0")
T(L, "spark-driver-log-custom-conf-not-redacted", r"""25/03/<%int:10:28%> 11:<%int:10:59%>:31 INFO SparkContext: Running Spark version 3.5.3
25/03/<%int:10:28%> 11:<%int:10:59%>:31 INFO SparkContext: Spark configuration:
spark.app.name=export_to_partner
spark.hadoop.fs.s3a.secret.key=*********(redacted)
spark.lab.partner.sftp.pw=<%!pw%>
spark.master=yarn""", "export_to_partner")
T(L, "spark-executor-log-wasb-key-in-uri", r"""25/03/<%int:10:28%> 13:<%int:10:59%>:02 WARN FileStreamSink: Assume no metadata directory. Error while looking for metadata directory in the path: wasbs://raw@stlake<%an:4%>.blob.core.windows.net/events?sig=<%!sassig%>&sv=2022-11-02&sp=rl.
java.io.FileNotFoundException: No such file or directory""", "FileStreamSink")
T(L, "gunicorn-access-log-query-token", r"""<%ip%> - - [<%int:10:28%>/Mar/2025:14:<%int:10:59%>:08 +0000] "GET /v1/predict?model=churn&api_key=<%!b62:32%> HTTP/1.1" 200 412 "-" "python-requests/2.32.3" 0.041""", "model=churn")
T(L, "nginx-access-log-token-param", r"""<%pip%> - - [<%int:10:28%>/Mar/2025:09:<%int:10:59%>:44 +0000] "GET /lab/api/kernels?token=<%!jupyter%>&_=17<%dig:11%> HTTP/1.1" 200 2 "https://hub.lab.internal/user/<%first%>/lab" "Mozilla/5.0 (X11; Linux x86_64)" """, "/lab/api/kernels")
T(L, "uvicorn-debug-headers-dump", r"""DEBUG:    ('10.12.3.4', 51822) - "POST /v1/embed HTTP/1.1" headers=[(b'host', b'embed-svc:8000'), (b'authorization', b'Bearer <%!voyage%>'), (b'content-type', b'application/json')]""", "embed-svc:8000")
T(L, "urllib3-debug-get-with-sig", r"""DEBUG:urllib3.connectionpool:https://stlake<%an:4%>.blob.core.windows.net:443 "GET /models/ocr/v3/model.safetensors?sv=2022-11-02&sr=b&sp=r&se=2025-03-20T00%3A00%3A00Z&sig=<%!sassig%> HTTP/1.1" 206 52428800""", "model.safetensors")
T(L, "mlflow-client-log-databricks-token-debug", r"""2025/03/<%int:10:28%> 10:<%int:10:59%>:17 DEBUG mlflow.utils.rest_utils: Sending request GET https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net/api/2.0/mlflow/runs/get run_id=<%hex:32%> auth=BearerAuth(token='<%!dapi%>')""", "mlflow.utils.rest_utils")
T(L, "dbt-log-jinja-compiled-secret", r"""10:<%int:10:59%>:04.<%dig:6%> [debug] [Thread-3 (]: On model.analytics.stg_partner_feed: /* {"app": "dbt", "dbt_version": "1.8.7", "node_id": "model.analytics.stg_partner_feed"} */
create or replace temporary stage stg_tmp url='s3://lab-partner/feed/' credentials=(aws_key_id='<%akid%>' aws_secret_key='<%!awssk%>');""", "stg_partner_feed")
T(L, "dagster-run-log-resource-config", r"""2025-03-<%int:10:28%> 06:<%int:10:59%>:00 +0000 - dagster - DEBUG - orders_job - <%uuid%> - RUN_START - Started execution of run for "orders_job".
2025-03-<%int:10:28%> 06:<%int:10:59%>:00 +0000 - dagster - DEBUG - orders_job - <%uuid%> - resolved resource config: {'clickhouse': {'host': 'ch-01.olap.internal', 'user': 'dagster', 'password': '<%!spw%>'}}""", "orders_job")
T(L, "prefect-flow-log-http-error-body", r"""<%time%>.<%ms%> | ERROR   | Flow run 'crimson-<%word%>' - httpx.HTTPStatusError: Client error '401 Unauthorized' for url 'https://api.fivetran.com/v1/connectors/<%low:20%>/sync'
request headers: {'authorization': 'Basic <%!basic%>', 'accept': 'application/json'}""", "401 Unauthorized")
T(L, "kafka-client-debug-jaas-unmasked", r"""[2025-03-<%int:10:28%> 08:<%int:10:59%>:12,<%ms%>] DEBUG Created SASL client with mechanism PLAIN, jaas config: org.apache.kafka.common.security.plain.PlainLoginModule required username="<%cflt_key%>" password="<%!cflt_secret%>"; (com.lab.stream.SaslDebug)""", "Created SASL client")
T(L, "librdkafka-debug-sasl-properties", r"""%7|17<%dig:8%>.<%ms%>|CONFWARN|rdkafka#producer-1| [thrd:app]: Configuration property sasl.password=<%!cflt_secret%> is set
%7|17<%dig:8%>.<%ms%>|SASL|rdkafka#producer-1| [thrd:sasl_ssl://pkc-<%an:5%>.eu-west-1.aws.confluent.cloud:9092/bootstrap]: Selected provider PLAIN""", "rdkafka#producer-1")
T(L, "jupyter-kernel-log-env-dump", r"""[D <%date%> 10:<%int:10:59%>:03.<%ms%> ServerApp] Starting kernel: ['/opt/conda/bin/python', '-m', 'ipykernel_launcher', '-f', '/home/jovyan/.local/share/jupyter/runtime/kernel-<%uuid%>.json']
[D <%date%> 10:<%int:10:59%>:03.<%ms%> ServerApp] kernel env: {'OPENAI_API_KEY': '<%!oai_proj%>', 'JPY_PARENT_PID': '<%pid%>'}""", "ipykernel_launcher")
T(L, "jupyterhub-spawner-log-env", r"""[I 2025-03-<%int:10:28%> 09:<%int:10:59%>:51.<%ms%> JupyterHub spawner:1617] Spawning jupyterhub-singleuser --port=8888 for <%first%>
[D 2025-03-<%int:10:28%> 09:<%int:10:59%>:51.<%ms%> JupyterHub spawner:1619] env: JUPYTERHUB_API_TOKEN=<%!hex:32%> JUPYTERHUB_USER=<%first%>""", "jupyterhub-singleuser")
T(L, "slurm-job-err-curl-verbose", r"""==> logs/eval_<%dig:7%>.err <==
> POST /api/v1/runs HTTP/1.1
> Host: mlflow.lab.internal
> Authorization: Basic <%!basic%>
< HTTP/1.1 502 Bad Gateway
srun: error: gpu17: task 0: Exited with exit code 22""", "502 Bad Gateway")
T(L, "hpc-module-load-log-with-license-token", r"""Lmod: loading matlab/R2024a
MLM_LICENSE_TOKEN=<%first%>|<%!hex:40%>|lab
License checkout ok (network license, 3 seats free)""", "License checkout ok")
T(L, "k8s-event-log-failed-pull-auth", r"""Warning  Failed     12s (x3 over 50s)  kubelet  Failed to pull image "registry.lab.internal/ml/scorer:1.9.0": rpc error: code = Unknown desc = failed to resolve reference: unexpected status 401 Unauthorized
  (auth attempted with header Authorization: Basic <%!basic%>)""", "kubelet")
T(L, "docker-build-log-secret-echo", r"""#8 [4/7] RUN echo "machine api.wandb.ai login user password <%!wandb%>" > /root/.netrc
#8 DONE 0.1s
#9 [5/7] COPY train.py /app/""", "COPY train.py")
T(L, "github-actions-log-unmasked-derived", r"""2025-03-<%int:10:28%>T07:<%int:10:59%>:14.<%dig:7%>Z ##[group]Run python scripts/publish_features.py
2025-03-<%int:10:28%>T07:<%int:10:59%>:15.<%dig:7%>Z connecting with dsn: postgresql://publisher:<%!pw%>@pg-feature-store.prod.svc/features
2025-03-<%int:10:28%>T07:<%int:10:59%>:15.<%dig:7%>Z ##[endgroup]""", "publish_features.py")
T(L, "gitlab-ci-job-log-set-x", r"""$ set -x; ./scripts/deploy_model.sh
+ MODEL_VERSION=<%int:10:99%>
+ curl -sf -X POST -H 'PRIVATE-TOKEN: <%!glpat%>' https://gitlab.lab.example.org/api/v4/projects/<%int:100:999%>/packages/generic/models/<%int:10:99%>/model.onnx
Job succeeded""", "deploy_model.sh")
T(L, "cloudwatch-lambda-log-event-dump", r"""START RequestId: <%uuid%> Version: $LATEST
[INFO]	<%ts%>.<%ms%>Z	<%uuid%>	Received event: {"source": "fivetran", "secret": "<%!b62:32%>", "connector_id": "<%low:20%>", "event": "sync_end"}
END RequestId: <%uuid%>""", "Received event")
T(L, "stackdriver-json-log-line", r"""{"severity":"ERROR","message":"upstream 401 from vertex endpoint","httpRequest":{"requestUrl":"https://europe-west4-aiplatform.googleapis.com/v1/projects/ml-lab-prod/locations/europe-west4/endpoints/<%dig:19%>:predict"},"labels":{"authorization":"Bearer <%!ya29%>"},"timestamp":"<%ts%>.<%dig:6%>Z"}""", "upstream 401 from vertex endpoint")
T(L, "structlog-json-kv-with-password", r"""{"event": "db_connect", "level": "info", "timestamp": "<%ts%>Z", "host": "warehouse-01.dc2.lab", "user": "<%svc%>", "password": "<%!pw%>", "pool_size": 10}""", "db_connect")
T(L, "logfmt-line-token", r"""time=<%ts%>Z level=debug msg="refreshing feature cache" component=feast-sync redis_url=rediss://default:<%!spw%>@feast-online.internal:6380/0 ttl=3600""", "refreshing feature cache")
T(L, "syslog-line-sshpass-cmdline", r"""Mar <%int:10:28%> 03:<%int:10:59%>:01 login02 CRON[<%pid%>]: (<%first%>) CMD (sshpass -p '<%!pw%>' rsync -a /scratch/<%first%>/ckpt/ dtn:/archive/<%first%>/)""", "CRON")
T(L, "auditd-execve-argv", r"""type=EXECVE msg=audit(17<%dig:8%>.<%ms%>:<%int:1000:9999%>): argc=6 a0="mysql" a1="-h" a2="mysql-legacy.corp.local" a3="-ureporting" a4="-p<%!pw%>" a5="crm" """, "type=EXECVE")
T(L, "ps-aux-process-args", r"""<%first%>   <%pid%>  98.2  4.1 8123456 2712344 ?   Rl   09:12  41:07 python -m lab.ingest --pg-dsn host=warehouse-01.dc2.lab user=<%svc%> password=<%!pw%> --batch 50000""", "lab.ingest")
T(L, "proc-cmdline-null-separated", r"""$ cat /proc/<%pid%>/cmdline | tr '\0' ' '
java -jar /opt/kafka-connect/connect-standalone.jar -Dconnection.password=<%!pw%> worker.properties""", "connect-standalone.jar")
T(L, "great-expectations-validation-log", r"""INFO great_expectations.data_context: Running checkpoint orders_nightly
DEBUG great_expectations.execution_engine.sqlalchemy_execution_engine: Creating engine for url=snowflake://GX_CHECKER:<%!pw%>@xy<%dig:5%>/RAW/PUBLIC?warehouse=GX_WH
INFO great_expectations.checkpoint: Validation result: success=False (3 of 41 expectations failed)""", "orders_nightly")
T(L, "airbyte-sync-log-source-config", r"""<%date%> 02:<%int:10:59%>:07 source > INFO i.a.i.s.p.PostgresSource(main):112 starting source with config {"host":"crm-db.internal","port":5432,"database":"crm","username":"airbyte_ro","password":"<%!pw%>","schemas":["public"]}""", "PostgresSource")
T(L, "fivetran-log-connector-error-payload", r"""<%ts%>Z WARNING connector=sftp_partner_feed Failed to authenticate: {"host":"sftp.partner-retail.example","user":"partner_feed","password":"<%!pw%>","port":22}""", "sftp_partner_feed")
T(L, "segment-function-log-console", r"""[<%ts%>.<%ms%>Z] console.log: forwarding to https://api.hubapi.com/crm/v3/objects/contacts with token pat-eu1-<%!uuid%>""", "forwarding to")
T(L, "vertex-training-log-env-var", r"""INFO <%date%> 12:<%int:10:59%>:02 +0000 workerpool0-0 Running task with arguments: --env WANDB_API_KEY=<%!wandb%> --env EPOCHS=20 --env DATA=gs://lab-datasets/retail/v3""", "workerpool0-0")
T(L, "sagemaker-training-log-hyperparams", r"""2025-03-<%int:10:28%> 14:<%int:10:59%>:55 Starting - Preparing the instances for training
Hyperparameters: {"epochs": "10", "lr": "0.0002", "hf_token": "<%!hf%>", "model_id": "mistralai/Mistral-7B-v0.3"}""", "Preparing the instances")
T(L, "databricks-driver-log-dbfs-init-script", r"""25/03/<%int:10:28%> 07:<%int:10:59%>:11 INFO DriverDaemon: running init script dbfs:/init/setup_env.sh
25/03/<%int:10:28%> 07:<%int:10:59%>:11 INFO InitScript: + export SNOWFLAKE_PRIVATE_KEY_PASSPHRASE=<%!pw%>
25/03/<%int:10:28%> 07:<%int:10:59%>:12 INFO InitScript: + pip install snowflake-connector-python==3.12.3""", "DriverDaemon")
T(L, "pip-install-log-index-url-creds", r"""Looking in indexes: https://ci-publisher:<%!spw%>@nexus.lab.internal/repository/pypi-all/simple
Collecting lab-features==2.4.1
  Downloading https://nexus.lab.internal/repository/pypi-all/packages/lab-features/2.4.1/lab_features-2.4.1-py3-none-any.whl (48 kB)""", "Looking in indexes")
T(L, "pip-warning-retry-userinfo", r"""WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f<%hex:9%>>: Failed to establish a new connection: [Errno 111] Connection refused')': https://<%svc%>:<%!pw%>@conda.lab.internal/pypi/simple/pandas/""", "Connection refused")
T(L, "git-fatal-auth-url-echo", r"""remote: HTTP Basic: Access denied. The provided password or token is incorrect or your account has 2FA enabled
fatal: Authentication failed for 'https://oauth2:<%!glpat%>@gitlab.lab.example.org/ml/feature-pipelines.git/'""", "Access denied")
T(L, "hf-hub-http-error-with-header", r"""huggingface_hub.utils._errors.GatedRepoError: 403 Client Error. (Request ID: Root=1-<%hex:8%>-<%hex:24%>;<%uuid%>)
Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.1-8B/resolve/main/config.json.
Access to model meta-llama/Llama-3.1-8B is restricted. (token used: <%!hf%>)""", "GatedRepoError")
T(L, "openai-error-incorrect-key-full", r"""openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: <%!oai_legacy%>. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'param': None, 'code': 'invalid_api_key'}}""", "invalid_api_key")
T(L, "botocore-signature-mismatch-canonical", r"""botocore.exceptions.ClientError: An error occurred (SignatureDoesNotMatch) when calling the PutObject operation: The request signature we calculated does not match the signature you provided.
DEBUG aws credentials in use: key=<%akid%> secret=<%!awssk%> (from env)""", "SignatureDoesNotMatch")
T(L, "azure-core-http-logging-policy", r"""INFO azure.core.pipeline.policies.http_logging_policy: Request URL: 'https://stlake<%an:4%>.blob.core.windows.net/bronze/events/2025/03/14/part-00001.parquet?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-03-15T00:00:00Z&spr=https&sig=<%!sassig%>'
Request method: 'GET'""", "http_logging_policy")
T(L, "google-auth-refresh-error-body", r"""google.auth.exceptions.RefreshError: ('invalid_grant: Bad Request', {'error': 'invalid_grant', 'error_description': 'Bad Request'})
refresh_token=<%!g_refresh%> client_id=<%dig:12%>-<%an:32%>.apps.googleusercontent.com""", "invalid_grant")
T(L, "clickhouse-server-log-query-text", r"""2025.03.<%int:10:28%> 10:<%int:10:59%>:31.<%dig:6%> [ <%pid%> ] {<%uuid%>} <Debug> executeQuery: (from <%ip%>:51020, user: etl) INSERT INTO raw.partner SELECT * FROM s3('https://lab-partner.s3.amazonaws.com/feed/*.csv', '<%akid%>', '<%!awssk%>', 'CSVWithNames') (stage: Complete)""", "executeQuery")
T(L, "postgres-log-statement-alter-role", r"""2025-03-<%int:10:28%> 11:<%int:10:59%>:02.<%ms%> UTC [<%pid%>] postgres@analytics LOG:  statement: ALTER ROLE looker_svc WITH PASSWORD '<%!pw%>';""", "looker_svc")
T(L, "mysql-general-log-set-password", r"""2025-03-<%int:10:28%>T08:<%int:10:59%>:47.<%dig:6%>Z	   <%int:10:999%> Query	SET PASSWORD FOR 'tableau'@'%' = '<%!pw%>'""", "Query")
T(L, "snowflake-login-history-with-client-env", r"""CLIENT_ENVIRONMENT: {"APPLICATION":"PythonConnector","OS":"Linux","PYTHON_VERSION":"3.11.7","OCSP_MODE":"FAIL_OPEN","password":"<%!pw%>","user":"NOTEBOOK_USER"}""", "PythonConnector")
T(L, "celery-worker-task-args-repr", r"""[2025-03-<%int:10:28%> 12:<%int:10:59%>:03,<%ms%>: INFO/MainProcess] Task labelling.tasks.sync_project[<%uuid%>] received
[2025-03-<%int:10:28%> 12:<%int:10:59%>:03,<%ms%>: DEBUG/ForkPoolWorker-3] args=(<%int:2:60%>,) kwargs={'ls_url': 'http://label-studio.lab:8080', 'ls_token': '<%!lstudio%>'}""", "labelling.tasks.sync_project")
T(L, "sentry-event-json-vars-frame", r"""      "frames": [
        {
          "filename": "pipelines/rerank.py",
          "function": "call_reranker",
          "lineno": 58,
          "vars": {
            "api_key": "'<%!cohere%>'",
            "top_n": "5"
          }
        }
      ]""", "call_reranker")
T(L, "pytest-log-captured-setup", r"""---------------------------- Captured log setup -----------------------------
DEBUG    conftest:conftest.py:27 using live creds for integration test: user=itest password=<%!pw%>
INFO     conftest:conftest.py:31 warehouse=ITEST_WH""", "Captured log setup")
T(L, "nextflow-log-process-env", r"""Mar-<%int:10:28%> 14:<%int:10:59%>:20.<%ms%> [Task submitter] DEBUG n.executor.AwsBatchTaskHandler - [AWS BATCH] submitting job with env: AWS_SECRET_ACCESS_KEY=<%!awssk%>, NXF_VER=24.10.0""", "AwsBatchTaskHandler")
T(L, "snakemake-log-shell-command", r"""rule download_reference:
    output: ref/GRCh38.fa.gz
    jobid: 3
    shell: curl -u lab:<%!pw%> -o ref/GRCh38.fa.gz https://seqdata.lab.internal/ref/GRCh38.fa.gz""", "download_reference")
T(L, "r-warning-traceback-with-call", r"""Error in curl::curl_fetch_memory(url, handle = handle) :
  HTTP/2 stream 1 was not closed cleanly: PROTOCOL_ERROR (err 1)
Calls: <Anonymous> ... request_fetch.write_memory -> <Anonymous> -> raise_libcurl_error
12: httr::GET("https://api.dataverse.lab.internal/api/datasets", add_headers(`X-Dataverse-key` = "<%!uuid%>"))""", "raise_libcurl_error")
T(L, "julia-stacktrace-with-connection-string", r"""ERROR: LoadError: LibPQ.Errors.ConnectionException: could not connect to server: Connection timed out
Stacktrace:
 [1] LibPQ.Connection(str::String; throw_error::Bool, kwargs::@Kwargs{})
   @ LibPQ ~/.julia/packages/LibPQ/x8Z4m/src/connections.jl:348
 [2] top-level scope
   @ ~/jobs/refresh.jl:7
str = "host=warehouse-01.dc2.lab dbname=dw user=julia_ro password=<%!pw%>" """, "LoadError")
T(L, "matlab-error-stack-database", r"""Error using database.jdbc.connection
JDBC Driver Error: Login failed for user 'feature_reader'.
Error in refresh_features (line 12)
    conn = database('features','feature_reader','<%!pw%>','Vendor','Microsoft SQL Server', ...""", "refresh_features")
T(L, "sas-log-error-connection-string", r"""ERROR: CLI error trying to establish connection: [Snowflake][DSI] (20032) Required setting 'PWD' is not present in the connection settings.
NOTE: connection string was: DSN=DW_PROD;UID=sas_batch;PWD=<%!pw%>;WAREHOUSE=SAS_WH
ERROR: Error in the LIBNAME statement.""", "LIBNAME statement")
T(L, "argo-workflow-pod-log-env", r"""time="<%ts%>.<%dig:3%>Z" level=info msg="capturing logs" argo=true
env LAKEFS_SECRET=<%!minio_sk%> LAKEFS_ENDPOINT=https://lakefs.lab.internal""", "capturing logs")
T(L, "kubeflow-pipeline-component-log", r"""I0314 09:<%int:10:59%>:11.<%dig:6%>      22 launcher_v2.go:151] input ConnectionParameters: {"host":"ch-01.olap.internal","user":"kfp","password":"<%!spw%>"}""", "launcher_v2.go")
T(L, "triton-server-log-repo-creds", r"""I0314 <%time%>.<%dig:6%> 1 server.cc:674] model repository: s3://https://minio.lab.local:9000/triton-models
I0314 <%time%>.<%dig:6%> 1 s3.cc:145] using credentials profile ml-serving secret=<%!minio_sk%>""", "model repository")
T(L, "torchserve-log-token-printed", r"""2025-03-<%int:10:28%>T10:<%int:10:59%>:11,<%ms%> [INFO ] main org.pytorch.serve.servingsdk.impl.PluginsManager - Initializing plugins manager...
2025-03-<%int:10:28%>T10:<%int:10:59%>:11,<%ms%> [INFO ] main org.pytorch.serve.http.TokenAuthorizationHandler - management key: <%!an:8%>
2025-03-<%int:10:28%>T10:<%int:10:59%>:11,<%ms%> [INFO ] main org.pytorch.serve.http.TokenAuthorizationHandler - inference key: <%an:8%>""", "PluginsManager")
T(L, "ollama-proxy-log-authorization", r"""<%ts%>Z DEBUG proxy: forwarding POST /api/generate from <%ip%> upstream=gpu-node04:11434 authorization="Bearer lab-<%!hex:40%>" """, "forwarding POST")
T(L, "nifi-app-log-processor-properties", r"""2025-03-<%int:10:28%> 02:<%int:10:59%>:44,<%ms%> ERROR [Timer-Driven Process Thread-7] o.a.n.p.standard.InvokeHTTP InvokeHTTP[id=<%uuid%>] Routing to Failure: properties={Remote URL=https://api.partner-retail.example/v2/feed, Basic Authentication Username=lab, Basic Authentication Password=<%!pw%>}""", "InvokeHTTP")
T(L, "minio-server-startup-banner-rootpw", r"""MinIO Object Storage Server
API: http://10.42.7.19:9000  http://127.0.0.1:9000
   RootUser: labadmin
   RootPass: <%!pw%>
WebUI: http://10.42.7.19:9001""", "MinIO Object Storage Server")
T(L, "label-studio-startup-log-token", r"""[2025-03-<%int:10:28%> 08:<%int:10:59%>:02,<%ms%>] [label_studio.server::_create_user::120] [INFO] User admin@lab.example created with token <%!lstudio%>
Starting development server at http://0.0.0.0:8080/""", "_create_user")
T(L, "superset-init-log-admin", r"""Recreating superset_app ... done
superset_init  | Creating admin user admin / <%!pw%>
superset_init  | Recognized Database Authentications.
superset_init  | Admin User admin created.""", "superset_init")
T(L, "metabase-log-db-connection-uri", r"""2025-03-<%int:10:28%> 09:<%int:10:59%>:04,<%ms%> INFO metabase.db.env :: Setting up application DB using connection URI postgres://metabase-db:5432/metabase?user=metabase&password=<%!pw%>""", "metabase.db.env")
T(L, "weaviate-startup-log-key", r"""{"action":"startup","level":"info","msg":"api key auth enabled","allowed_keys":["<%!wcd%>"],"time":"<%ts%>Z"}""", "api key auth enabled")
T(L, "cron-mail-output-with-token", r"""From: root@etl01 (Cron Daemon)
Subject: Cron <etl@etl01> /opt/etl/refresh_tableau.sh

+ tabcmd login -s https://tableau.corp.example -u etl_svc -p <%!pw%>
===== Creating new session""", "Cron Daemon")
T(L, "windows-event-log-scheduled-task-args", r"""Task Scheduler launched action "C:\ETL\bin\python.exe" with arguments "refresh_extracts.py --server https://tableau.corp.example --token-value <%!tableau_pat%>" in instance "{<%uuid%>}" of task "\Lab\TableauNightly".""", "TableauNightly")
T(L, "log-token-wrapped-by-pager", r"""2025-03-<%int:10:28%> 06:00:04 INFO  notifier: posting to https://hooks.slack.com/services/T0<%AU:8%>/B0<%AU:9%>/<%!b62:24%>
2025-03-<%int:10:28%> 06:00:04 INFO  notifier: 200 ok""", "notifier")
T(L, "log-token-wrapped-two-lines", r"""2025-03-<%int:10:28%> 14:<%int:10:59%>:09 DEBUG auth: using bearer <%!xai|40:nl%>
2025-03-<%int:10:28%> 14:<%int:10:59%>:09 DEBUG auth: model=grok-2-1212""", "model=grok-2-1212")
T(L, "log-jwt-wrapped-kubectl-logs", r"""feature-api-7d9c-<%an:5#pod%> api  INFO  incoming token=<%!sb_service|60:nl%>
feature-api-7d9c-<%an:5#pod%> api  WARN  service_role token used from browser origin""", "service_role token used")
T(L, "log-mongo-driver-uri-unmasked", r"""{"t":{"$date":"<%ts%>.<%ms%>Z"},"s":"I","c":"NETWORK","id":22943,"ctx":"listener","msg":"client metadata","attr":{"uri":"mongodb://labeler:<%!pw%>@mongo-labels-0.internal:27017/labels?authSource=admin"}}""", "client metadata")
T(L, "hadoop-yarn-container-launch-env", r"""2025-03-<%int:10:28%> 04:<%int:10:59%>:18,<%ms%> INFO org.apache.hadoop.yarn.server.nodemanager.containermanager.launcher.ContainerLaunch: launching container_e12_17<%dig:11%>_0042_01_000003 with env HADOOP_CREDSTORE_PASSWORD=<%!pw%>""", "ContainerLaunch")
T(L, "vllm-startup-args-log", r"""INFO 03-<%int:10:28%> 10:<%int:10:59%>:02 api_server.py:640] args: Namespace(host='0.0.0.0', port=8000, api_key='<%!b62:32%>', model='Qwen/Qwen2.5-7B-Instruct', max_model_len=16384, gpu_memory_utilization=0.9)""", "api_server.py")
T(L, "text-generation-inference-launcher-args", r"""<%ts%>.<%dig:6%>Z  INFO text_generation_launcher: Args {
    model_id: "meta-llama/Llama-3.1-8B-Instruct",
    hf_token: Some(
        "<%!hf%>",
    ),
    max_input_tokens: Some(4096),""", "text_generation_launcher")
T(L, "ray-worker-log-exception-with-kwargs", r"""ray.exceptions.RayTaskError(AuthenticationError): ray::embed_batch() (pid=<%pid%>, ip=<%ip%>)
  File "embed.py", line 33, in embed_batch
    vecs = client.embed(texts, api_key="<%!voyage%>")
voyageai.error.AuthenticationError: Invalid API key""", "embed_batch")
T(L, "dask-distributed-worker-log-s3-opts", r"""distributed.worker - ERROR - Exception during execution of task ('read-parquet-<%hex:32%>', 14).
storage_options={'key': 'ml-rw', 'secret': '<%!minio_sk%>', 'client_kwargs': {'endpoint_url': 'https://minio.lab.local:9000'}}""", "distributed.worker")
T(L, "optuna-study-log-storage-url", r"""[I 2025-03-<%int:10:28%> 16:<%int:10:59%>:40,<%ms%>] A new study created in RDB with name: xgb-churn-v4
storage=postgresql://optuna:<%!pw%>@optuna-db.ml-platform.svc:5432/optuna""", "xgb-churn-v4")
T(L, "lightning-log-hparams-dump", r"""  | Name  | Type       | Params
-------------------------------------
0 | model | ViTModel   | 86.4 M
hparams: {'lr': 0.0003, 'batch_size': 128, 'wandb_key': '<%!wandb%>', 'precision': 'bf16-mixed'}""", "ViTModel")
T(L, "vscode-remote-log-tunnel-token", r"""[<%date%> 09:<%int:10:59%>:12] info Tunnel: connected to gpu-node09 via relay; resume token=<%!b64u:48%>""", "Tunnel: connected")
T(L, "cloud-sql-proxy-log-credentials-json", r"""<%date%>T07:<%int:10:59%>:14Z [ml-lab-prod:europe-west4:features] Listening on 127.0.0.1:5432
<%date%>T07:<%int:10:59%>:14Z using -json_credentials flag: {"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----\n<%!pem_pk8j%>\n-----END PRIVATE KEY-----\n"}""", "Listening on 127.0.0.1:5432")
T(L, "tomcat-catalina-jndi-resource-log", r"""<%int:10:28%>-Mar-2025 10:<%int:10:59%>:21.<%ms%> SEVERE [main] org.apache.tomcat.jdbc.pool.ConnectionPool.init Unable to create initial connections of pool.
Resource name="jdbc/warehouse" url="jdbc:oracle:thin:@ora-dw.corp.local:1521/DWPRD" username="etl_user" password="<%!pw%>" """, "jdbc/warehouse")
T(L, "airflow-kpo-pod-spec-dump", r"""[2025-03-<%int:10:28%>, 05:<%int:10:59%>:02 UTC] {pod_manager.py:435} DEBUG - Pod spec: {'containers': [{'name': 'base', 'image': 'registry.lab.internal/dbt:1.8', 'env': [{'name': 'DBT_PASSWORD', 'value': '<%!pw%>'}]}]}""", "pod_manager.py")
T(L, "fluentd-error-buffer-flush-creds", r"""2025-03-<%int:10:28%> 13:<%int:10:59%>:02 +0000 [warn]: #0 failed to flush the buffer. retry_times=3 next_retry_time=2025-03-14 13:05:12 +0000 chunk="<%hex:32%>" error_class=Elasticsearch::Transport::Transport::Errors::Unauthorized error="[401] url: https://fluentd:<%!pw%>@es.lab.internal:9200/_bulk" """, "failed to flush the buffer")
T(L, "seldon-deployment-error-env", r"""{"level":"error","ts":17<%dig:8%>.<%dig:4%>,"logger":"SeldonDeployment","msg":"reconcile failed","env":{"RCLONE_CONFIG_S3_SECRET_ACCESS_KEY":"<%!minio_sk%>","RCLONE_CONFIG_S3_PROVIDER":"Minio"}}""", "reconcile failed")

# =====================================================================
# note-or-chat (English)
# =====================================================================
N = "note-or-chat"
T(N, "note-decision-shared-login-keep", r"""Decision: keep using the shared analytics_rw login (pw <%!pw%>) for the Metabase questions until SSO lands on the 28th; ticket DATA-<%int:1000:9999%> tracks removal.""", "analytics_rw")
T(N, "note-chat-pasted-wandb-key", r"""[<%time%>] <%first%>: can you re-run the sweep on node17? my W&B key is <%!wandb%> if yours is rate limited
[<%time%>] agent: on it, will use a service account key instead once ops creates one""", "re-run the sweep")
T(N, "note-next-step-rotate-hf", r"""Next steps:
1. rotate the HF write token that leaked into notebook 03 output (<%!hf%>)
2. clear outputs in 03_finetune.ipynb and force-push the branch
3. add nbstripout to pre-commit""", "nbstripout")
T(N, "note-unlabelled-key-pair-slash", r"""staging bucket creds (from Jonas, temporary): <%akid%> / <%!awssk%> — only s3:GetObject on lab-staging/*""", "lab-staging")
T(N, "note-minio-root-still-default-ish", r"""The MinIO root password on the lab box is still the one from the install guide we wrote: <%!pw%>. Need to change it before the workshop.""", "MinIO root password")
T(N, "note-summary-of-session-with-dapi", r"""Session summary: fixed the Delta merge (duplicate keys from late CDC events), bumped cluster to 15.4 LTS, used PAT <%!dapi%> for the REST calls because the CLI profile was broken. PAT expires in 7 days.""", "15.4 LTS")
T(N, "note-chat-slack-thread-snowflake", r"""@<%first%> the reset for LOOKER_SVC went through, new password is <%!pw%> — please update the Looker connection and tell me when the PDT rebuild passes""", "LOOKER_SVC")
T(N, "note-goal-with-conn-string", r"""Goal: migrate the nightly churn features from the old Postgres (postgresql://feature_job:<%!pw%>@pg-old.dc1.lab/features) to the Feast offline store on Snowflake.""", "Feast offline store")
T(N, "note-todo-confluent-key-pair", r"""TODO kafka: new Confluent key for the dbt sink is <%cflt_key%>, secret <%!cflt_secret%>. Store it in Vault under kv/kafka/dbt-sink and delete this line.""", "kv/kafka/dbt-sink")
T(N, "note-ssh-jump-password", r"""HPC access: ssh <%first%>@login02.hpc.uni-example.edu (password <%!pw%>, OTP from the Duo app), then `module load cuda/12.4`.""", "module load cuda/12.4")
T(N, "note-kerberos-principal-password", r"""kinit <%first%>@LAB.EXAMPLE.ORG works with '<%!pw%>' — the keytab route fails because of the enctype mismatch (aes256 vs rc4).""", "enctype mismatch")
T(N, "note-decision-log-azure-key", r"""- <%date%>: decided to mount bronze via account key instead of SAS for the backfill (key1 = <%!azkey%>); revert to managed identity after.""", "managed identity")
T(N, "note-observation-airflow-fernet", r"""Observation: the airflow fernet key in the chart values (<%!fernet%>) differs from the one the old VM used, so existing encrypted connections can't be decrypted — need both keys comma-separated during rotation.""", "comma-separated")
T(N, "note-chat-openai-key-team", r"""team key for the labelling prompts (don't share outside #ml-labelling): <%!oai_svc%>""", "#ml-labelling")
T(N, "note-handoff-jupyter-token", r"""Hand-off: the long-running notebook is on gpu-node09:8890, token <%!jupyter%>. Cell 14 is still writing embeddings to /scratch/emb_v3.""", "gpu-node09:8890")
T(N, "note-meeting-notes-clickhouse", r"""Meeting notes <%date%> (data platform sync)
- ClickHouse migration 80% done; Grafana reads via user grafana / <%!pw%>
- Next: TTL on raw.page_views to 90 days
- Owner: <%person%>""", "data platform sync")
T(N, "note-risk-register-entry", r"""RISK-<%int:10:99%>: service account key for dbt in BigQuery is long-lived. private_key_id <%hex:40%>, key body starts <%!b64:40%>... — replace with workload identity federation.""", "workload identity federation")
T(N, "note-chat-pgpassword-quick", r"""quick one: PGPASSWORD=<%!pw%> works for the read replica, the primary has a different one""", "read replica")
T(N, "note-kafka-scram-creds-colon", r"""redpanda creds for the scorer: scorer:<%!kafka_scram%> (SCRAM-SHA-256)""", "SCRAM-SHA-256")
T(N, "note-databricks-sp-secret", r"""Databricks service principal 'sp-ingest' (app id <%uuid%>) — OAuth secret <%!dose%>, created today, 90-day lifetime.""", "sp-ingest")
T(N, "note-label-studio-admin", r"""Label Studio admin login for the annotators' onboarding: admin@lab.example / <%!pw%> (change after Friday)""", "admin@lab.example")
T(N, "note-tableau-pat-reminder", r"""Reminder: Tableau PAT 'nightly-refresh' = <%!tableau_pat%>; expires 15 days after last use, so the nightly refresh keeps it alive.""", "nightly-refresh")
T(N, "note-bullets-mixed-ids-one-secret", r"""* cluster: <%dbxcluster%>
* job id: <%dig:15%>
* run: <%hex:32%>
* token used: <%!dapi%>
* notebook: /Repos/<%first%>/churn/03_train""", "job id")
T(N, "note-chat-multiline-paste-env", r"""<%first%>: here's what I have locally
```
FIVETRAN_API_KEY=<%b62:16%>
FIVETRAN_API_SECRET=<%!b62:32%>
```
agent: thanks, I'll put these into the prefect Secret block""", "FIVETRAN_API_KEY")
T(N, "note-email-forwarded-credentials", r"""From: it-support@lab.example
Subject: Your SFTP account for partner-retail

Username: partner_feed
Password: <%!pw%>
Host: sftp.partner-retail.example (port 22)""", "partner_feed")
T(N, "note-incident-timeline", r"""Incident timeline:
14:02 notebook with hard-coded Mistral key pushed to public fork (<%!mistral%>)
14:09 GitHub secret scanning alert
14:15 key revoked in console
14:20 history rewritten""", "secret scanning alert")
T(N, "note-password-hint-with-real", r"""(for myself) the SAS metadata server password is the usual one with the year: <%!pw%>""", "SAS metadata server")
T(N, "note-wiki-style-table-row", r"""| system | user | secret | owner |
|---|---|---|---|
| Metabase app DB | metabase | <%!pw%> | <%first%> |
| Superset | admin | see 1Password | ops |""", "Metabase app DB")
T(N, "note-agent-plan-with-token", r"""Plan: 1) call the dbt Cloud API with token <%!dbtc%> to fetch run artifacts, 2) diff manifest.json against prod, 3) open PR with the fixed incremental predicate.""", "manifest.json")
T(N, "note-question-to-user-about-key", r"""Question for <%first%>: is `<%!ant%>` the org key or your personal one? The usage dashboard shows it under 'labelling-batch'.""", "labelling-batch")
T(N, "note-confusing-context-key-after-colon", r"""grafana cloud push: stack <%dig:6%>, token: <%!glc%>""", "grafana cloud push")
T(N, "note-short-secret-only-line", r"""new pinecone key → <%!pcsk%>""", "new pinecone key")
T(N, "note-sendgrid-alerts", r"""Alerts email via SendGrid — key <%!sendgrid%> (restricted to Mail Send).""", "Mail Send")
T(N, "note-colab-share-to-student", r"""Told the student to put this in a Colab secret, NOT in the notebook: <%!hf%>""", "Colab secret")
T(N, "note-retro-what-went-wrong", r"""Retro: what went wrong — the Kaggle key (<%!kaggle%>) was committed in notebooks/00_download.ipynb; the repo was private but mirrored to the public course org.""", "00_download.ipynb")
T(N, "note-kv-inline-semi", r"""ch prod: host=ch-01.olap.internal; user=default; password=<%!spw%>; port=9440""", "ch prod")
T(N, "note-vault-unseal-key-share", r"""Vault unseal key share #2 (keep offline!): <%!b64b:32%>""", "unseal key share")
T(N, "note-root-token-initial", r"""Initial Root Token for the lab Vault dev server: <%!hvs_short%> — dev mode only, but it's on a shared box.""", "Initial Root Token")
T(N, "note-readme-draft-quickstart", r"""README draft — Quickstart:
    pip install -e .
    export LAB_API_TOKEN=<%!mix:40%>   # <- replace with your own!
    lab-features pull --date 2025-03-01""", "Quickstart")
T(N, "note-comparison-two-keys", r"""old key (revoked): sk-...T3Bl...9xQ, new key: <%!oai_proj%>""", "revoked")
T(N, "note-ngrok-demo", r"""Demo tomorrow: ngrok authtoken <%!ngrok%>, reserved domain lab-demo.ngrok.app""", "lab-demo.ngrok.app")
T(N, "note-replicate-budget", r"""Replicate spend is $312 this month; the token in the eval script (<%!r8%>) belongs to Sofia's personal account — move to org.""", "Replicate spend")
T(N, "note-debug-finding-dsn", r"""Finding: the reason the DAG worked locally but not in prod is that my local .env had DATABASE_URL=mysql://reporting:<%!pw%>@mysql-legacy.corp.local/crm, prod uses the secrets backend.""", "secrets backend")
T(N, "note-chat-github-pat-for-ci", r"""can you add this fine-grained PAT as ORG_READ_TOKEN in the repo settings? <%!ghpat%>""", "ORG_READ_TOKEN")
T(N, "note-log-of-commands-ran", r"""Commands I ran today:
- dvc pull -r s3lab
- aws s3 ls s3://lab-dvc-store --profile ml-lab
- aws configure set aws_secret_access_key <%!awssk%> --profile ml-lab  (fixing expired key)
- dvc repro train""", "dvc repro train")
T(N, "note-status-update-weaviate", r"""Status: Weaviate cluster upgraded to 1.27; admin API key is now <%!wcd%>, read-only key unchanged.""", "read-only key unchanged")
T(N, "note-triage-gitlab-runner-token", r"""Runner re-registered on gpu-ci-01 with token <%!glrt%>, tags: gpu,cuda12""", "gpu-ci-01")
T(N, "note-sas-encoded-not-encryption", r"""Note: {SAS002} strings are just encoding, not encryption — e.g. the one in autoexec.sas (<%!sas002%>) decodes to the real password. Treat as plaintext.""", "autoexec.sas")
T(N, "note-airtable-labelling-tracker", r"""Annotation progress lives in Airtable base 'Labelling tracker'; API token <%!airtable%>""", "Labelling tracker")
T(N, "note-notion-integration", r"""Notion integration for the experiment log: <%!notion%> (shared with the 'ML experiments' page only)""", "ML experiments")
T(N, "note-linear-bot", r"""Linear API key for the triage bot: <%!linear%>""", "triage bot")
T(N, "note-datadog-keys", r"""Datadog: API key <%dd_api%>, app key <%!dd_app%> (app key has dashboards_write)""", "dashboards_write")
T(N, "note-newrelic-user-key", r"""New Relic user key for the GPU dashboard queries: <%!nrak%>""", "GPU dashboard")
T(N, "note-chat-password-in-quotes-prose", r"""He said the BI reader password is "<%!pw%>" but it didn't work for me on the replica.""", "BI reader")
T(N, "note-voice-transcript-style", r"""(transcribed from call) okay so the user is etl underscore loader and the password is <%!pw%> all one word, and the warehouse is LOAD_WH""", "LOAD_WH")
T(N, "note-paired-session-snippet", r"""pairing w/ <%first%>: we tested `conn = duckdb.connect("md:?motherduck_token=<%!motherduck%>")` — works, but we should use the env var""", "should use the env var")
T(N, "note-ticket-comment-azure-sp", r"""JIRA DATA-<%int:1000:9999%> comment: SP 'sp-adf-ingest' secret rotated. New value <%!azsecret%> stored in kv-ml-lab as adf-sp-secret. Old one expires <%date%>.""", "sp-adf-ingest")
T(N, "note-stripe-restricted-key-for-revenue", r"""Revenue model needs Stripe data; finance gave a restricted read key: <%!rk_live%>""", "restricted read key")
T(N, "note-discord-community-webhook", r"""Community Discord announcements webhook (for release notes): https://discord.com/api/webhooks/<%dig:19%>/<%!discord_wh%>""", "release notes")
T(N, "note-mlflow-basic-auth-admin", r"""MLflow basic-auth admin after the upgrade: admin / <%!pw%> — created the `ml-readers` group, gave <%first%> READ on exp 14.""", "ml-readers")
T(N, "note-chat-emoji-and-key", r"""🎉 pipeline green! fyi I used the together key <%!together%> for the eval run, pls rotate after""", "pipeline green")
T(N, "note-list-of-endpoints-with-one-key", r"""Endpoints:
- https://feature-api.lab.internal/v1 (internal)
- https://rerank.lab.internal (x-api-key: <%!b62:40%>)
- https://embed.lab.internal (mTLS)""", "mTLS")
T(N, "note-perplexity-research-bot", r"""Research digest bot uses Perplexity (<%!pplx%>); summary posted to #papers every Monday.""", "#papers")
T(N, "note-jfrog-identity-token", r"""Artifactory identity token for CI (scoped to pypi-ml): <%!jfrog_ref%>""", "pypi-ml")
T(N, "note-docker-hub-pat", r"""Docker Hub PAT for pulling the private base images: <%!dckr%> (read-only)""", "private base images")
T(N, "note-slack-app-token", r"""Socket-mode Slack app for /dq-report: app token <%!xapp%>, bot token in Vault.""", "/dq-report")
T(N, "note-hf-inference-endpoint-owner", r"""Endpoint 'reranker-prod' was created with <%first%>'s token (<%!hf%>); ownership should move to the org.""", "reranker-prod")
T(N, "note-comet-workspace-move", r"""moving experiments from personal Comet workspace; API key for lab-ml: <%!comet%>""", "personal Comet workspace")
T(N, "note-gcp-api-key-maps-for-geo", r"""Geo-enrichment step calls Geocoding API with key <%!aiza%> (restricted to server IPs 34.x).""", "Geocoding API")
T(N, "note-redash-to-metabase-migration", r"""Migration checklist: [x] export Redash queries [x] recreate Metabase DB connection (bi_reader / <%!pw%>) [ ] port alerts""", "port alerts")
T(N, "note-lambda-labs-cloud", r"""Lambda Cloud API key for spot A100s: <%!lambda_cloud%>""", "spot A100s")
T(N, "note-runpod-ephemeral", r"""RunPod key (ephemeral pods for the hackathon): <%!runpod%>""", "hackathon")
T(N, "note-vast-ai-key", r"""vast.ai api key <%!vast%> — billing to the grant account""", "grant account")
T(N, "note-modal-token-pair", r"""Modal token: id <%modal_id%> secret <%!modal_secret%>""", "Modal token")
T(N, "note-anyscale-key", r"""Anyscale endpoints key for the llama eval: <%!anyscale%>""", "llama eval")
T(N, "note-groq-latency-test", r"""Latency test with Groq (<%!gsk%>): p50 180ms, p95 420ms for 1k-token prompts.""", "Latency test")
T(N, "note-fireworks-fine-tune", r"""Fireworks fine-tune job started with key <%!fw%>; model id accounts/lab/models/ocr-ft-v2""", "ocr-ft-v2")
T(N, "note-cerebras-trial", r"""trial account on Cerebras inference: <%!cerebras%>""", "trial account")
T(N, "note-dvc-studio-token", r"""DVC Studio token (for live metrics from the cluster): <%!dvc_studio%>""", "live metrics")
T(N, "note-sentry-auth-for-releases", r"""Sentry org auth token for uploading source maps of the dashboard: <%!sntrys%>""", "source maps")
T(N, "note-snowflake-pat-for-reverse-etl", r"""Hightouch now uses a Snowflake programmatic access token instead of a password: <%!snowflake_pat%>""", "Hightouch")
T(N, "note-clickhouse-cloud-key", r"""ClickHouse Cloud org API key: id <%AU:20%>, secret <%!clickhouse_sk%>""", "ClickHouse Cloud org API key")
T(N, "note-two-passwords-old-new", r"""The old password (the one from the January onboarding mail) stops working tonight; the new one is <%!pw%>.""", "stops working tonight")
T(N, "note-bare-secret-next-to-username-tab", r"""tableau_ext	<%!pw%>	(Tableau extract refresh user)""", "tableau_ext")
T(N, "note-lost-then-found", r"""found the missing Roboflow key in my shell history: <%!roboflow%> — dataset export works again""", "dataset export works again")
T(N, "note-scale-ai-project", r"""Scale project 'shelf-detection' uses live key <%!scale%>, not the test key.""", "not the test key")
T(N, "note-globus-endpoint-creds", r"""Globus app creds for the cryo-EM transfers: client <%uuid%>, secret <%!b64:44%>""", "cryo-EM transfers")
T(N, "note-irods-password-note", r"""iRODS: zone labZone, user <%first%>, password <%!irods%> (rotates each semester)""", "rotates each semester")
T(N, "note-munge-key-warning", r"""Don't copy munge.key around again — I had to paste it to gpu21 manually: <%!munge%>""", "munge.key")
T(N, "note-chat-curl-snippet-markdown", r"""try this:
```bash
curl -H "Authorization: Bearer <%!cohere%>" https://api.cohere.com/v2/models
```""", "api.cohere.com")
T(N, "note-observability-honeycomb", r"""Honeycomb ingest key for feature-api traces: <%!b62:22%> (env: prod)""", "feature-api traces")
T(N, "note-twilio-oncall-sms", r"""On-call SMS via Twilio: account AC<%hex:32%>, auth token <%!twilio_tok%>""", "On-call SMS")
T(N, "note-heroku-legacy-dashboard", r"""Legacy Streamlit dashboard still on Heroku; API key <%!hrku%> for the deploy script.""", "Legacy Streamlit dashboard")
T(N, "note-vercel-docs-site", r"""Docs site deploy token (Vercel): <%!vercel%>""", "Docs site")
T(N, "note-netlify-dash", r"""Netlify PAT for the KPI microsite: <%!nfp%>""", "KPI microsite")
T(N, "note-supabase-service-role", r"""Annotation UI uses Supabase; service_role key (server only!!): <%!sb_service%>""", "server only")
T(N, "note-supabase-pat", r"""Supabase access token for migrations CLI: <%!sbp%>""", "migrations CLI")
T(N, "note-doppler-service-token", r"""Doppler service token for feature-api prd config: <%!doppler%>""", "feature-api prd config")
T(N, "note-1password-sa-token", r"""1Password service account token for CI (vault: ML Platform): <%!ops%>""", "vault: ML Platform")
T(N, "note-cloudflare-r2-keys", r"""R2 bucket for public eval sets: access key <%hex:32%>, secret <%!r2_sk%>""", "public eval sets")
T(N, "note-digitalocean-gpu-droplet", r"""DO token for the GPU droplet experiment: <%!dop%>""", "GPU droplet experiment")
T(N, "note-okta-api-token-scim", r"""Okta API token used by the SCIM sync for Metabase groups: <%!okta%>""", "SCIM sync")
T(N, "note-auth0-client-secret", r"""Auth0 M2M app 'feature-api' client secret: <%!auth0%>""", "M2M app")
T(N, "note-atlassian-token-confluence", r"""Confluence API token used to publish the data dictionary: <%!atatt%>""", "data dictionary")
T(N, "note-algolia-admin-for-catalog", r"""Algolia admin key (catalog index rebuild only): <%!algolia_admin%>""", "catalog index rebuild")
T(N, "note-postman-collection", r"""Postman API key to sync the feature-api collection: <%!pmak%>""", "feature-api collection")
T(N, "note-mapbox-secret-token", r"""Mapbox secret token for uploading the delivery-zone tilesets: <%!mapbox_sk%>""", "delivery-zone tilesets")
T(N, "note-fcm-legacy-server-key", r"""Mobile team's FCM legacy server key (we need it for the churn push experiment): <%!fcm%>""", "churn push experiment")
T(N, "note-telegram-bot-for-training", r"""training-status telegram bot: <%!tg%>""", "training-status")
T(N, "note-shopify-export", r"""Shopify admin token for the orders export (read_orders only): <%!shpat%>""", "read_orders only")
T(N, "note-circleci-personal", r"""CircleCI personal token used to trigger the docs pipeline: <%!ccipat%>""", "docs pipeline")
T(N, "note-buildkite-agent-api", r"""Buildkite API token (read_builds): <%!bkua%>""", "read_builds")
T(N, "note-terraform-cloud-team", r"""TFC team token for the data-infra workspace: <%!tfc%>""", "data-infra workspace")
T(N, "note-vault-batch-token", r"""batch token for the backfill job (ttl 24h): <%!hvs%>""", "backfill job")
T(N, "note-npm-publish-token", r"""npm automation token for @lab-ml/charts: <%!npm%>""", "@lab-ml/charts")
T(N, "note-pypi-trusted-publishing-fallback", r"""Until trusted publishing works, the PyPI token for labtools is <%!pypi%>""", "trusted publishing")
T(N, "note-gh-app-installation-token", r"""installation token from the GitHub App (expires in 1h): <%!ghs%>""", "GitHub App")
T(N, "note-langsmith-service-key", r"""LangSmith service key for the eval harness: <%!lsv2sk%>""", "eval harness")
T(N, "note-jina-reader-key", r"""jina reader key (scraping docs for RAG): <%!jina%>""", "scraping docs for RAG")

# =====================================================================
# note-or-chat (other languages)
# =====================================================================
T(N, "note-de-entscheidung-snowflake-passwort", r"""Entscheidung: Wir nutzen vorerst weiter den technischen User LOADER (Passwort: <%!pw%>) für die nächtlichen Ladeläufe, bis das Key-Pair-Setup freigegeben ist.""", "LOADER")
T(N, "note-de-uebergabe-jupyter", r"""Übergabe an <%first%>: Das Notebook läuft noch auf gpu-node12, Token ist <%!jupyter%>. Bitte Zelle 9 nicht neu starten, die Embeddings brauchen noch ca. 3 Std.""", "gpu-node12")
T(N, "note-de-todo-schluessel-rotieren", r"""TODO: den Azure-Speicherschlüssel (stlake, key1) rotieren – er stand im Klartext im Ticket: <%!azkey%>""", "Azure-Speicherschlüssel")
T(N, "note-fr-decision-cle-databricks", r"""Décision : on garde le jeton Databricks <%!dapi%> pour les appels API du backfill ; à supprimer dès que le principal de service est prêt.""", "principal de service")
T(N, "note-fr-chat-mot-de-passe-metabase", r"""@<%first%> le mot de passe de l'utilisateur metabase_reader a été réinitialisé : <%!pw%> — tu peux relancer la synchro du schéma ?""", "metabase_reader")
T(N, "note-fr-etapes-suivantes-hf", r"""Étapes suivantes : révoquer le jeton Hugging Face qui apparaît dans la sortie de la cellule 5 (<%!hf%>), puis vider les sorties du notebook.""", "cellule 5")
T(N, "note-es-nota-credenciales-s3", r"""Credenciales temporales del bucket de staging (me las pasó Diego): <%akid%> / <%!awssk%>. Caducan el viernes.""", "bucket de staging")
T(N, "note-es-resumen-sesion-kafka", r"""Resumen: el consumidor de Kafka fallaba por SASL; la clave correcta es <%cflt_key%> con el secreto <%!cflt_secret%>. Ya funciona el topic orders.cdc.""", "orders.cdc")
T(N, "note-es-contrasena-humana", r"""La contraseña del usuario de solo lectura de ClickHouse es "<%!pw%>" (la eligió el equipo de BI, hay que cambiarla).""", "equipo de BI")
T(N, "note-pt-decisao-token-wandb", r"""Decisão: usar a chave do W&B da conta de serviço (<%!wandb%>) nos jobs do Slurm em vez da chave pessoal da Sofia.""", "jobs do Slurm")
T(N, "note-pt-senha-airflow", r"""A senha do banco de metadados do Airflow foi trocada para <%!pw%>; atualizar o secret airflow-metadata no namespace airflow.""", "airflow-metadata")
T(N, "note-pt-br-chat-openai", r"""galera, a chave da OpenAI do projeto de rotulagem é essa aqui: <%!oai_proj%> — não subam no git por favor 🙏""", "projeto de rotulagem")
T(N, "note-ja-kettei-bq-key", r"""決定事項：BigQuery のサービスアカウント鍵（private_key_id <%hex:40%>）は今週中に Workload Identity へ移行する。鍵本体の先頭: <%!b64:48%>""", "Workload Identity")
T(N, "note-ja-hikitsugi-password", r"""引き継ぎメモ：Redshift の etl_loader のパスワードは <%!pw%> です。来月のローテーションで変更予定。""", "etl_loader")
T(N, "note-ja-chat-hf-token", r"""<%first%>さん、HF のトークンこれ使ってください → <%!hf%>（読み取り専用）""", "読み取り専用")
T(N, "note-zh-jueding-minio", r"""决定：实验室 MinIO 的 ml-rw 账号继续使用，密钥为 <%!minio_sk%>，下周迁移到 Vault。""", "ml-rw")
T(N, "note-zh-huiyi-jilu-clickhouse", r"""会议记录：ClickHouse 只读账号 superset_ro 的密码是 <%!pw%>，BI 团队负责在 Superset 中更新连接。""", "superset_ro")
T(N, "note-zh-xiayibu-dbt-cloud", r"""下一步：用 dbt Cloud 令牌 <%!dbtc%> 拉取最近三次运行的 manifest，对比生产环境。""", "manifest")
T(N, "note-ko-gyeoljeong-pinecone", r"""결정: 상품 검색 인덱스는 Pinecone 키 <%!pcsk%> 로 계속 운영하고, 다음 스프린트에 키를 교체한다.""", "Pinecone")
T(N, "note-ko-chat-db-password", r"""<%first%>님, 피처 스토어 DB 비밀번호 바뀌었어요: <%!pw%> (feast_online 계정)""", "feast_online")
T(N, "note-ru-reshenie-kafka-scram", r"""Решение: для консьюмера скоринга используем пользователя scorer с паролем <%!kafka_scram%>, механизм SCRAM-SHA-256.""", "SCRAM-SHA-256")
T(N, "note-ru-zametka-gitlab-token", r"""Заметка: токен GitLab для пуша в репозиторий feature-pipelines — <%!glpat%>. Срок действия 30 дней.""", "feature-pipelines")
T(N, "note-ru-chat-parol-jupyterhub", r"""<%first%>, пароль от общего аккаунта на JupyterHub кластера: <%!pw%> — только для воркшопа!""", "JupyterHub")
T(N, "note-it-decisione-token-prefect", r"""Decisione: la chiave API di Prefect Cloud (<%!pnu%>) resta nel profilo locale finché non configuriamo il service account.""", "Prefect Cloud")
T(N, "note-it-appunti-password-sas", r"""Appunti: la password dell'utente sas_batch su Teradata è <%!pw%>, l'ha scelta il vecchio team di attuariato.""", "sas_batch")
T(N, "note-nl-besluit-azure-sas", r"""Besluit: voor de backfill gebruiken we tijdelijk een SAS-token op container bronze (sig=<%!sassig%>), verloopt op 1 april.""", "container bronze")
T(N, "note-nl-overdracht-wachtwoord", r"""Overdracht: het wachtwoord van de Looker-serviceaccount is nu <%!pw%>; <%first%> past de connectie aan.""", "Looker-serviceaccount")
T(N, "note-pl-decyzja-klucz-comet", r"""Decyzja: eksperymenty ViT logujemy do Comet kluczem zespołowym <%!comet%>, nie prywatnym.""", "eksperymenty ViT")
T(N, "note-pl-notatka-haslo-hpc", r"""Notatka: hasło do konta na klastrze (login02) to <%!pw%> — zmienić po obronie pracy.""", "login02")
T(N, "note-tr-karar-anahtar-anthropic", r"""Karar: etiketleme işleri için Anthropic anahtarı <%!ant%> kullanılacak; kişisel anahtarlar kaldırılacak.""", "etiketleme işleri")
T(N, "note-tr-not-sifre-tableau", r"""Not: Tableau çıkarım kullanıcısının şifresi <%!pw%> olarak değiştirildi, gece yenilemesi yarın kontrol edilecek.""", "gece yenilemesi")
T(N, "note-hi-nirnay-wandb", r"""निर्णय: Slurm जॉब्स में अब टीम की W&B key <%!wandb%> इस्तेमाल होगी, निजी key नहीं।""", "Slurm")
T(N, "note-hi-chat-password", r"""<%first%>, ClickHouse वाले grafana user का पासवर्ड अब <%!pw%> है — डैशबोर्ड चेक कर लेना।""", "grafana user")
T(N, "note-sv-beslut-confluent", r"""Beslut: vi behåller Confluent-nyckeln <%cflt_key%> med hemligheten <%!cflt_secret%> tills den nya klustret är uppe.""", "Confluent-nyckeln")
T(N, "note-id-catatan-token-roboflow", r"""Catatan: kunci API Roboflow untuk dataset palet adalah <%!roboflow%>, jangan dibagikan ke luar tim.""", "dataset palet")
T(N, "note-vi-ghi-chu-mat-khau", r"""Ghi chú: mật khẩu tài khoản bi_reader trên Postgres là <%!pw%>, sẽ đổi sau khi chuyển sang SSO.""", "bi_reader")
T(N, "note-uk-rishennia-token-vault", r"""Рішення: токен Vault <%!hvs%> використовується лише для міграції секретів, після цього — відкликати.""", "міграції секретів")
T(N, "note-de-meeting-protokoll-grafana", r"""Protokoll Plattform-Sync: Grafana liest ClickHouse über den User grafana mit Passwort <%!pw%>; Alerting zieht nächste Woche um.""", "Plattform-Sync")
T(N, "note-fr-ticket-secret-azure-ad", r"""Ticket DATA-<%int:1000:9999%> : nouveau secret client pour sp-adf-ingest = <%!azsecret%> (expire dans 6 mois).""", "sp-adf-ingest")
T(N, "note-es-chat-enlace-jupyter", r"""te dejo el enlace del notebook: http://gpu-node03:8888/lab?token=<%!jupyter%> (la celda 12 tarda unos 20 min)""", "la celda 12")
T(N, "note-ja-mixed-env-line", r"""メモ: .env に書いてあった値 → ANTHROPIC_API_KEY=<%!ant%>（後で削除）""", "後で削除")
T(N, "note-zh-chat-cuowu-jiejue", r"""问题已解决：之前 401 是因为用了过期的 Databricks 令牌，现在换成 <%!dapi%> 就好了。""", "问题已解决")

# =====================================================================
# ci-and-deploy
# =====================================================================
D = "ci-and-deploy"
T(D, "gha-workflow-env-hardcoded-password", r"""name: dbt-prod
on:
  schedule: [{cron: "0 3 * * *"}]
jobs:
  build:
    runs-on: ubuntu-latest
    env:
      SNOWFLAKE_USER: DBT_PROD
      SNOWFLAKE_PASSWORD: <%!pw%>
    steps:
      - uses: actions/checkout@v4""", "DBT_PROD")
T(D, "gha-step-with-token-input", r"""      - name: Push model card
        uses: huggingface/hub-action@v1
        with:
          repo: lab-ml/churn-xgb
          token: <%!hf%>""", "Push model card")
T(D, "gha-run-step-inline-curl", r"""      - name: Trigger Databricks job
        run: |
          curl -sf -X POST -H "Authorization: Bearer <%!dapi%>" \
            https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net/api/2.1/jobs/run-now -d '{"job_id": <%dig:14%>}'""", "Trigger Databricks job")
T(D, "gha-docker-login-action-password", r"""      - uses: docker/login-action@v3
        with:
          registry: ghcr.io
          username: lab-ml-bot
          password: <%!ghp%>""", "docker/login-action@v3")
T(D, "gha-services-postgres-password", r"""    services:
      postgres:
        image: postgres:16
        env:
          POSTGRES_USER: itest
          POSTGRES_PASSWORD: <%!pw%>
        ports: ["5432:5432"]""", "POSTGRES_USER")
T(D, "gitlab-ci-variables-block", r"""variables:
  DBT_PROFILES_DIR: "$CI_PROJECT_DIR/.ci"
  REDSHIFT_HOST: redshift-prod.c7xk2mbn4q.eu-west-1.redshift.amazonaws.com
  REDSHIFT_PASSWORD: "<%!pw%>"
stages: [lint, build, deploy]""", "DBT_PROFILES_DIR")
T(D, "gitlab-ci-script-export", r"""train:
  stage: train
  tags: [gpu]
  script:
    - export WANDB_API_KEY=<%!wandb%>
    - python train.py --config configs/prod.yaml""", "configs/prod.yaml")
T(D, "gitlab-runner-config-toml-token", r"""[[runners]]
  name = "gpu-ci-01"
  url = "https://gitlab.lab.example.org"
  token = "<%!glrt%>"
  executor = "docker"
  [runners.docker]
    gpus = "all" """, "gpu-ci-01")
T(D, "jenkinsfile-withenv-literal", r"""stage('Load') {
  steps {
    withEnv(["PGPASSWORD=<%!pw%>", "PGHOST=warehouse-01.dc2.lab"]) {
      sh 'psql -U etl_loader -d dw -f sql/load.sql'
    }
  }
}""", "sql/load.sql")
T(D, "jenkins-credentials-xml", r"""<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
  <scope>GLOBAL</scope>
  <id>nexus-publisher</id>
  <username>ci-publisher</username>
  <password><%!spw%></password>
</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>""", "nexus-publisher")
T(D, "circleci-config-environment", r"""jobs:
  test:
    docker:
      - image: cimg/python:3.11
    environment:
      CLICKHOUSE_PASSWORD: <%!spw%>
      CLICKHOUSE_HOST: ch-ci.olap.internal""", "cimg/python:3.11")
T(D, "azure-pipelines-variables", r"""variables:
  - name: storageAccount
    value: stlake<%an:4%>
  - name: storageKey
    value: <%!azkey%>
steps:
  - script: az storage blob upload-batch -d models -s ./out --account-name $(storageAccount) --account-key $(storageKey)""", "storageAccount")
T(D, "buildkite-pipeline-env", r"""steps:
  - label: ":python: eval"
    command: "python -m lab.eval --suite nightly"
    env:
      OPENAI_API_KEY: "<%!oai_proj%>"
    agents:
      queue: gpu""", "--suite nightly")
T(D, "bitbucket-pipelines-script", r"""pipelines:
  branches:
    main:
      - step:
          name: Deploy Superset dashboards
          script:
            - superset import-dashboards -p dashboards.zip -u admin
            - curl -u admin:<%!pw%> https://superset.bi.internal/api/v1/security/refresh""", "Deploy Superset dashboards")
T(D, "drone-yml-settings-password", r"""steps:
  - name: publish
    image: plugins/docker
    settings:
      registry: registry.lab.internal
      username: drone
      password: <%!spw%>
      repo: registry.lab.internal/ml/scorer""", "plugins/docker")
T(D, "tekton-task-env-value", r"""      env:
        - name: MLFLOW_TRACKING_URI
          value: https://mlflow.lab.internal
        - name: MLFLOW_TRACKING_PASSWORD
          value: "<%!pw%>" """, "MLFLOW_TRACKING_URI")
T(D, "argo-workflow-template-param", r"""  arguments:
    parameters:
      - name: warehouse-dsn
        value: "postgresql://argo:<%!pw%>@warehouse-01.dc2.lab:6432/dw"
      - name: date
        value: "2025-03-<%int:10:28%>" """, "warehouse-dsn")
T(D, "argocd-application-helm-values-inline", r"""spec:
  source:
    chart: airflow
    helm:
      values: |
        fernetKey: <%!fernet%>
        executor: CeleryExecutor""", "chart: airflow")
T(D, "kustomize-secret-generator-literals", r"""secretGenerator:
  - name: feature-api-secrets
    literals:
      - REDIS_PASSWORD=<%!spw%>
      - LOG_LEVEL=info""", "feature-api-secrets")
T(D, "k8s-deployment-env-value-literal", r"""        env:
          - name: QDRANT_URL
            value: https://qdrant.lab.internal:6333
          - name: QDRANT_API_KEY
            value: "<%!qdrant%>"
          - name: WORKERS
            value: "4" """, "QDRANT_URL")
T(D, "databricks-bundle-yml-vars", r"""bundle:
  name: churn-pipeline
variables:
  sf_password:
    default: "<%!pw%>"
targets:
  prod:
    workspace:
      host: https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net""", "churn-pipeline")
T(D, "dbt-cloud-job-env-override-json", r"""{"job_id": <%int:100000:999999%>, "environment_variables": {"DBT_ENV_SECRET_GIT_TOKEN": "<%!ghp%>", "DBT_TARGET": "prod"}}""", "environment_variables")
T(D, "cloudbuild-yaml-substitution", r"""substitutions:
  _BQ_DATASET: marts
  _LOOKER_SECRET: <%!looker_secret%>
steps:
  - name: gcr.io/cloud-builders/docker
    args: ["build", "-t", "europe-docker.pkg.dev/ml-lab-prod/ml/looker-sync:$SHORT_SHA", "."]""", "_BQ_DATASET")
T(D, "gcloud-run-deploy-set-env-vars", r"""gcloud run deploy feature-api --image europe-docker.pkg.dev/ml-lab-prod/ml/feature-api:1.<%int:1:40%>.0 --region europe-west4 \
  --set-env-vars REDIS_URL=rediss://default:<%!spw%>@feast-online.internal:6380/0,LOG_LEVEL=info""", "--region europe-west4")
T(D, "ecs-task-definition-json-env", r"""      "environment": [
        {"name": "MODEL_BUCKET", "value": "lab-models"},
        {"name": "SENTRY_AUTH_TOKEN", "value": "<%!sntryu%>"}
      ],""", "MODEL_BUCKET")
T(D, "sagemaker-endpoint-config-env-python", r"""model = HuggingFaceModel(
    role=role,
    image_uri=get_huggingface_llm_image_uri("huggingface", version="2.2.0"),
    env={"HF_MODEL_ID": "lab-ml/ocr-lora-merged", "HUGGING_FACE_HUB_TOKEN": "<%!hf%>", "SM_NUM_GPUS": "1"},
)""", "ocr-lora-merged")
T(D, "vertex-ai-custom-job-yaml-env", r"""workerPoolSpecs:
  - machineSpec: {machineType: a2-highgpu-1g, acceleratorType: NVIDIA_TESLA_A100, acceleratorCount: 1}
    containerSpec:
      imageUri: europe-docker.pkg.dev/ml-lab-prod/ml/trainer:2.3
      env:
        - name: WANDB_API_KEY
          value: <%!wandb%>""", "a2-highgpu-1g")
T(D, "kserve-inferenceservice-env", r"""spec:
  predictor:
    model:
      modelFormat: {name: huggingface}
      args: ["--model_id=lab-ml/reranker-v2"]
      env:
        - name: HF_TOKEN
          value: <%!hf%>""", "reranker-v2")
T(D, "modal-app-secret-from-dict", r"""app = modal.App("embed-batch")
@app.function(gpu="A10G", secrets=[modal.Secret.from_dict({"VOYAGE_API_KEY": "<%!voyage%>"})])
def embed(texts): ...""", "embed-batch")
T(D, "bentofile-envs-block", r"""service: "service:Reranker"
envs:
  - name: COHERE_API_KEY
    value: "<%!cohere%>"
python:
  requirements_txt: requirements.txt""", "service:Reranker")
T(D, "docker-build-arg-cmd-in-ci", r"""docker build --build-arg PIP_INDEX_URL=https://ci:<%!spw%>@nexus.lab.internal/repository/pypi-all/simple -t registry.lab.internal/ml/trainer:$CI_COMMIT_SHORT_SHA .""", "CI_COMMIT_SHORT_SHA")
T(D, "compose-prod-override-env", r"""# docker-compose.prod.yml
services:
  superset:
    environment:
      SUPERSET_SECRET_KEY: "<%!b64:42%>"
      SUPERSET_LOAD_EXAMPLES: "no" """, "SUPERSET_LOAD_EXAMPLES")
T(D, "ansible-playbook-vars-plaintext", r"""- hosts: metabase
  vars:
    metabase_db_user: metabase
    metabase_db_password: "<%!pw%>"
  roles:
    - metabase""", "metabase_db_user")
T(D, "terraform-resource-hardcoded-secret-value", r"""resource "aws_secretsmanager_secret_version" "fivetran" {
  secret_id     = aws_secretsmanager_secret.fivetran.id
  secret_string = jsonencode({ api_key = "<%b62:16%>", api_secret = "<%!b62:32%>" })
}""", "aws_secretsmanager_secret_version")
T(D, "terraform-snowflake-user-resource", r"""resource "snowflake_user" "looker" {
  name         = "LOOKER_SVC"
  password     = "<%!pw%>"
  default_role = "BI_READER"
}""", "snowflake_user")
T(D, "terraform-databricks-secret-string-value", r"""resource "databricks_secret" "pg" {
  key          = "pg-password"
  string_value = "<%!pw%>"
  scope        = databricks_secret_scope.lab.id
}""", "databricks_secret_scope.lab.id")
T(D, "helmfile-set-values", r"""releases:
  - name: mlflow
    chart: community-charts/mlflow
    set:
      - name: backendStore.postgres.password
        value: <%!pw%>""", "community-charts/mlflow")
T(D, "gha-job-log-masked-failed-partial", r"""Run ./scripts/smoke_test.sh
  env:
    API_URL: https://feature-api.lab.internal
    API_TOKEN: ***
smoke: GET /health 200
smoke: auth header was 'Bearer <%!b62:40%>' (token from fallback file, not secret)""", "smoke_test.sh")
T(D, "gitlab-ci-trigger-curl-token", r"""deploy_docs:
  script:
    - curl -X POST -F token=<%!glptt%> -F ref=main https://gitlab.lab.example.org/api/v4/projects/<%int:100:999%>/trigger/pipeline""", "trigger/pipeline")
T(D, "renovate-json-host-rules-token", r"""{
  "hostRules": [
    {"matchHost": "nexus.lab.internal", "username": "renovate", "password": "<%!spw%>"}
  ],
  "extends": ["config:recommended"]
}""", "config:recommended")
T(D, "pre-deploy-script-heredoc-env", r"""#!/bin/sh
cat > /app/.env <<EOF
LANGFUSE_SECRET_KEY=<%!lf_sk%>
LANGFUSE_PUBLIC_KEY=pk-lf-<%uuid%>
LANGFUSE_HOST=https://cloud.langfuse.com
EOF""", "LANGFUSE_HOST")
T(D, "fly-toml-env-section", r"""app = "embed-svc"
[env]
  PINECONE_INDEX = "products"
  PINECONE_API_KEY = "<%!pcsk%>"
[[services]]
  internal_port = 8080""", "PINECONE_INDEX")
T(D, "vercel-json-env", r"""{
  "env": {
    "NEXT_PUBLIC_API_URL": "https://feature-api.lab.internal",
    "METABASE_SECRET_KEY": "<%!hex:64%>"
  }
}""", "NEXT_PUBLIC_API_URL")
T(D, "netlify-toml-build-env", r"""[build.environment]
  NODE_VERSION = "20"
  CONTENTFUL_TOKEN = "<%!url:43%>" """, "NODE_VERSION")
T(D, "packer-hcl-variable-default", r"""variable "hf_token" {
  type    = string
  default = "<%!hf%>"
}""", "variable \"hf_token\"")
T(D, "nomad-job-env-stanza", r"""    task "ingest" {
      driver = "docker"
      env {
        AIRBYTE_CLIENT_SECRET = "<%!airbyte_sk%>"
        AIRBYTE_WORKSPACE     = "<%uuid%>"
      }
    }""", "AIRBYTE_WORKSPACE")
T(D, "slurm-prolog-script-export", r"""#!/bin/bash
# /etc/slurm/prolog.d/50-lab-env.sh
echo "export HF_HUB_CACHE=/shared/hf-cache"
echo "export LAB_MLFLOW_TOKEN=<%!dapi%>"
exit 0""", "HF_HUB_CACHE")
T(D, "ci-log-gha-echo-secret-in-json", r"""2025-03-<%int:10:28%>T02:<%int:10:59%>:41.<%dig:7%>Z {"stage":"deploy","target":"prod","airflow_admin_password":"<%!pw%>","helm_release":"airflow"}""", "helm_release")
T(D, "github-actions-secrets-file-act", r"""# .secrets for `act` local runs
SNOWFLAKE_PASSWORD=<%!pw%>
GITHUB_TOKEN=<%ghp%>""", ".secrets for")
T(D, "jenkins-console-log-mask-miss", r"""[Pipeline] sh
+ curl -s -H 'X-JFrog-Art-Api: <%!jfrog%>' -T dist/lab_features-2.4.1-py3-none-any.whl https://artifactory.corp.example/artifactory/pypi-ml/
{"repo":"pypi-ml","path":"/lab_features-2.4.1-py3-none-any.whl","created":"<%ts%>.<%ms%>Z"}""", "X-JFrog-Art-Api")
T(D, "airflow-helm-chart-connections-secret", r"""extraSecrets:
  airflow-connections:
    stringData: |
      AIRFLOW_CONN_CLICKHOUSE_DEFAULT: 'clickhouse://airflow:<%!spw%>@ch-01.olap.internal:9440/default?secure=true'""", "extraSecrets")
T(D, "ray-serve-deploy-config-env", r"""applications:
  - name: llm
    import_path: serve_llm:app
    runtime_env:
      env_vars:
        HF_TOKEN: <%!hf%>
        VLLM_ATTENTION_BACKEND: FLASH_ATTN""", "serve_llm:app")
T(D, "earthfile-secret-arg-default", r"""build:
    FROM python:3.11
    ARG PYPI_TOKEN=<%!pypi%>
    RUN pip wheel . -w dist""", "pip wheel")
T(D, "dagster-cloud-yaml-ci-env", r"""locations:
  - location_name: analytics
    code_source:
      package_name: analytics_dagster
    container_context:
      k8s:
        env_vars:
          - SNOWFLAKE_PASSWORD=<%!pw%>""", "analytics_dagster")
T(D, "prefect-yaml-deployment-job-variables", r"""deployments:
  - name: nightly
    entrypoint: flows/ingest.py:ingest_orders
    work_pool:
      name: k8s-pool
      job_variables:
        env:
          FIVETRAN_API_SECRET: "<%!b62:32%>" """, "flows/ingest.py:ingest_orders")

# =====================================================================
# vendor-token
# =====================================================================
V = "vendor-token"
T(V, "vt-github-fine-grained-pat-env", r"""GH_TOKEN=<%!ghpat%>""", "GH_TOKEN")
T(V, "vt-github-classic-in-url-pip", r"""git+https://<%!ghp%>@github.com/lab-ml/labtools.git@v0.<%int:1:9%>.0#egg=labtools""", "lab-ml/labtools.git")
T(V, "vt-github-user-to-server-json", r"""{"access_token":"<%!ghu%>","expires_in":28800,"refresh_token":"<%ghr%>","token_type":"bearer"}""", "expires_in")
T(V, "vt-github-refresh-token-json", r"""{"refresh_token": "<%!ghr%>", "refresh_token_expires_in": 15811200, "scope": ""}""", "refresh_token_expires_in")
T(V, "vt-gitlab-deploy-token-pair", r"""gitlab deploy token: gitlab+deploy-token-<%int:100:999%> / <%!gldt%>""", "gitlab deploy token")
T(V, "vt-slack-bot-token-yaml", r"""slack:
  bot_token: <%!xoxb%>
  channel: "#dq-alerts" """, "#dq-alerts")
T(V, "vt-slack-user-token-bare", r"""<%!xoxp%>""", "")
T(V, "vt-stripe-secret-key-env", r"""STRIPE_SECRET_KEY=<%!sk_live%>""", "STRIPE_SECRET_KEY")
T(V, "vt-stripe-webhook-secret", r"""endpoint secret for the revenue webhook: <%!whsec%>""", "revenue webhook")
T(V, "vt-openai-legacy-key-python", r"""openai.api_key = "<%!oai_legacy%>" """, "openai.api_key")
T(V, "vt-openai-project-key-wrapped", r"""OPENAI_API_KEY=<%!oai_proj|90:nl%>""", "OPENAI_API_KEY")
T(V, "vt-anthropic-admin-key-header", r"""-H "x-api-key: <%!ant_admin%>" https://api.anthropic.com/v1/organizations/usage_report/messages""", "usage_report")
T(V, "vt-hf-token-header", r"""Authorization: Bearer <%!hf%>""", "Authorization")
T(V, "vt-databricks-pat-bare-quoted", r"""'<%!dapi%>'""", "")
T(V, "vt-gcp-api-key-query-param", r"""https://translation.googleapis.com/language/translate/v2?key=<%!aiza%>&target=en""", "translation.googleapis.com")
T(V, "vt-google-oauth-client-secret-json", r"""{"installed":{"client_id":"<%dig:12%>-<%an:32%>.apps.googleusercontent.com","project_id":"ml-lab-prod","client_secret":"<%!gocspx%>","redirect_uris":["http://localhost"]}}""", "redirect_uris")
T(V, "vt-google-access-token-bare-line", r"""access token: <%!ya29%>""", "access token")
T(V, "vt-azure-openai-api-key-header", r"""api-key: <%!openai_az%>
endpoint: https://lab-aoai-<%an:4%>.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-08-01-preview""", "openai.azure.com")
T(V, "vt-azure-ml-endpoint-key", r"""az ml online-endpoint get-credentials -n churn-ep -o tsv
<%!azure_ml_key%>	<%azure_ml_key%>""", "churn-ep")
T(V, "vt-aws-access-key-csv-download", r"""User name,Password,Access key ID,Secret access key,Console login link
airbyte-s3-writer,,<%akid%>,<%!awssk%>,https://<%acct%>.signin.aws.amazon.com/console""", "airbyte-s3-writer")
T(V, "vt-confluent-cloud-key-csv", r"""API key,API secret
<%cflt_key%>,<%!cflt_secret%>""", "API key,API secret")
T(V, "vt-groq-key-assignment", r"""GROQ_API_KEY = "<%!gsk%>" """, "GROQ_API_KEY")
T(V, "vt-xai-key-env", r"""XAI_API_KEY=<%!xai%>""", "XAI_API_KEY")
T(V, "vt-perplexity-header", r"""Authorization: Bearer <%!pplx%>
Content-Type: application/json""", "Content-Type")
T(V, "vt-replicate-env-export", r"""export REPLICATE_API_TOKEN=<%!r8%>""", "REPLICATE_API_TOKEN")
T(V, "vt-fireworks-key-dict", r"""{"provider": "fireworks", "api_key": "<%!fw%>", "model": "accounts/fireworks/models/llama-v3p1-70b-instruct"}""", "provider")
T(V, "vt-voyage-key-env", r"""VOYAGE_API_KEY="<%!voyage%>" """, "VOYAGE_API_KEY")
T(V, "vt-jina-key-header", r"""-H "Authorization: Bearer <%!jina%>" https://r.jina.ai/https://docs.lab.internal/features""", "r.jina.ai")
T(V, "vt-langsmith-personal-key", r"""LANGSMITH_API_KEY=<%!lsv2%>""", "LANGSMITH_API_KEY")
T(V, "vt-langfuse-secret-with-public", r"""LANGFUSE_PUBLIC_KEY=pk-lf-<%uuid%>
LANGFUSE_SECRET_KEY=<%!lf_sk%>""", "LANGFUSE_PUBLIC_KEY")
T(V, "vt-sentry-org-token-cli", r"""sentry-cli --auth-token <%!sntrys%> releases new feature-api@1.<%int:1:40%>.0""", "releases new")
T(V, "vt-datadog-api-key-yaml", r"""api_key: <%!dd_api%>
site: datadoghq.eu
logs_enabled: true""", "logs_enabled")
T(V, "vt-newrelic-license-key-ini", r"""[newrelic]
license_key = <%!nr_lic%>
app_name = feature-api (prod)""", "app_name")
T(V, "vt-grafana-service-account-token", r"""GRAFANA_TOKEN=<%!glsa%>""", "GRAFANA_TOKEN")
T(V, "vt-sendgrid-key-bare-backticks", r"""`<%!sendgrid%>`""", "")
T(V, "vt-mailgun-key-curl", r"""curl -s --user 'api:<%!mailgun%>' https://api.eu.mailgun.net/v3/mg.lab.example/messages""", "mg.lab.example")
T(V, "vt-npm-token-npmrc", r"""//registry.npmjs.org/:_authToken=<%!npm%>""", "registry.npmjs.org")
T(V, "vt-pypi-token-wrapped-continuation", r"""TWINE_PASSWORD=<%!pypi|80:bs%>""", "TWINE_PASSWORD")
T(V, "vt-docker-hub-pat-login-stdin", r"""echo <%!dckr%> | docker login -u lab-ml-bot --password-stdin""", "--password-stdin")
T(V, "vt-jfrog-api-key-header", r"""X-JFrog-Art-Api: <%!jfrog%>""", "X-JFrog-Art-Api")
T(V, "vt-vault-token-env", r"""VAULT_TOKEN=<%!hvs%>""", "VAULT_TOKEN")
T(V, "vt-terraform-cloud-credentials-json", r"""{
  "credentials": {
    "app.terraform.io": {"token": "<%!tfc%>"}
  }
}""", "app.terraform.io")
T(V, "vt-circleci-token-header", r"""Circle-Token: <%!ccipat%>""", "Circle-Token")
T(V, "vt-buildkite-token-env", r"""BUILDKITE_API_TOKEN=<%!bkua%>""", "BUILDKITE_API_TOKEN")
T(V, "vt-atlassian-basic-email-token", r"""curl -u <%first%>@lab.example:<%!atatt%> https://lab-example.atlassian.net/rest/api/3/myself""", "atlassian.net")
T(V, "vt-notion-legacy-secret", r"""NOTION_TOKEN=<%!notion_old%>""", "NOTION_TOKEN")
T(V, "vt-airtable-pat-header", r"""Authorization: Bearer <%!airtable%>""", "Bearer")
T(V, "vt-doppler-token-cli", r"""doppler run --token <%!doppler%> -- python serve.py""", "python serve.py")
T(V, "vt-1password-sa-env", r"""OP_SERVICE_ACCOUNT_TOKEN=<%!ops%>""", "OP_SERVICE_ACCOUNT_TOKEN")
T(V, "vt-cloudflare-api-token-header", r"""Authorization: Bearer <%!cf_token%>
(Cloudflare token: Zone.DNS edit, Workers R2 Storage edit)""", "Zone.DNS edit")
T(V, "vt-digitalocean-token-doctl", r"""doctl auth init --access-token <%!dop%>""", "doctl auth init")
T(V, "vt-supabase-service-role-env", r"""SUPABASE_SERVICE_ROLE_KEY=<%!sb_service%>""", "SUPABASE_SERVICE_ROLE_KEY")
T(V, "vt-postman-key-header", r"""X-Api-Key: <%!pmak%>""", "X-Api-Key")
T(V, "vt-telegram-token-url", r"""https://api.telegram.org/bot<%!tg%>/getUpdates""", "getUpdates")
T(V, "vt-pinecone-legacy-uuid-key", r"""PINECONE_API_KEY=<%!uuid%>
PINECONE_ENVIRONMENT=us-west1-gcp""", "PINECONE_ENVIRONMENT")
T(V, "vt-wandb-local-server-key", r"""WANDB_BASE_URL=https://wandb.lab.internal
WANDB_API_KEY=<%!wandb_local%>""", "WANDB_BASE_URL")
T(V, "vt-comet-key-header", r"""Authorization: <%!comet%>
Comet-Sdk-Version: 3.47.0""", "Comet-Sdk-Version")
T(V, "vt-neptune-token-env-wrapped", r"""NEPTUNE_API_TOKEN="<%!neptune|70:bs%>" """, "NEPTUNE_API_TOKEN")
T(V, "vt-kaggle-key-env", r"""KAGGLE_USERNAME=<%first%>lab
KAGGLE_KEY=<%!kaggle%>""", "KAGGLE_USERNAME")
T(V, "vt-ngrok-token-env", r"""NGROK_AUTHTOKEN=<%!ngrok%>""", "NGROK_AUTHTOKEN")
T(V, "vt-prefect-service-account-key", r"""PREFECT_API_KEY=<%!pnb%>""", "PREFECT_API_KEY")
T(V, "vt-dagster-agent-token-env", r"""DAGSTER_CLOUD_AGENT_TOKEN=<%!dagster_agent%>""", "DAGSTER_CLOUD_AGENT_TOKEN")
T(V, "vt-segment-public-api-token", r"""SEGMENT_PUBLIC_API_TOKEN=<%!sgp%>""", "SEGMENT_PUBLIC_API_TOKEN")
T(V, "vt-metabase-api-key-env", r"""METABASE_API_KEY=<%!mb_key%>""", "METABASE_API_KEY")
T(V, "vt-heroku-api-key-netrc", r"""machine api.heroku.com
  login ops@lab.example
  password <%!hrku%>""", "api.heroku.com")

# =====================================================================
# BENIGN templates (no credential anywhere)
# =====================================================================
B(r"""commit <%sha%>
Author: <%person%> <<%first%>@lab.example>
Date:   Fri Mar <%int:10:28%> 11:<%int:10:59%>:02 2025 +0100

    dbt: make fct_orders incremental on _loaded_at""")
B(r"""$ git rev-parse HEAD
<%sha%>""")
B(r"""$ git log --oneline -5
<%sha7%> (HEAD -> agent/fix-dedupe) dedupe CDC events by (pk, lsn)
<%sha7%> add GX suite for orders
<%sha7%> bump dbt-snowflake to 1.8.4
<%sha7%> Merge pull request #<%int:100:999%> from lab-ml/feature/sessionize
<%sha7%> fix timezone in sessionize window""")
B(r"""Run ID: <%hex:32%>
Experiment ID: <%int:3:80%>
Artifact URI: s3://lab-mlflow-artifacts/<%int:3:80%>/<%hex:32%>/artifacts""")
B(r"""mlflow.pyfunc.load_model("runs:/<%hex:32%>/model")""")
B(r"""🚀 View run at: https://wandb.ai/lab-ml/demand-forecast/runs/<%wbrun%>
⭐️ View project at: https://wandb.ai/lab-ml/demand-forecast""")
B(r"""wandb: logged artifact churn-features:v<%int:1:40%> digest=<%md5%> size=<%int:10:900%>MB""")
B(r"""Cluster <%dbxcluster%> is RUNNING (Standard_NC6s_v3, 4 workers, DBR 15.4 LTS ML)""")
B(r"""https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net/?o=<%dig:16%>#job/<%dig:15%>/run/<%dig:15%>""")
B(r"""25/03/<%int:10:28%> 11:<%int:10:59%>:02 INFO Client: Submitted application <%sparkapp%>""")
B(r"""Query ID: <%sfqid%>  status: SUCCESS  rows: <%int:1000:900000%>  elapsed: <%int:2:90%>s""")
B(r"""Waiting on <%bqjob%> ... (3s) Current status: DONE""")
B(r"""[2025-03-<%int:10:28%>, 03:00:00 UTC] {taskinstance.py:2614} INFO - Executing <Task(DbtRunOperator): dbt_run> on 2025-03-<%int:10:28%> 02:00:00+00:00
run_id=scheduled__2025-03-<%int:10:28%>T02:00:00+00:00, try_number=1, map_index=-1, dag_hash=<%hex:32%>""")
B(r"""  "metadata": {
    "dbt_schema_version": "https://schemas.getdbt.com/dbt/manifest/v12.json",
    "dbt_version": "1.8.7",
    "generated_at": "<%ts%>.<%dig:6%>Z",
    "invocation_id": "<%uuid%>",
    "project_id": "<%md5%>"
  }""")
B(r""""checksum": {"name": "sha256", "checksum": "<%sha256%>"}""")
B(r"""s3://lab-lake/silver/orders/dt=2025-03-<%int:10:28%>/part-<%int:10000:99999%>-<%uuid%>-c000.snappy.parquet""")
B(r"""{"add":{"path":"part-00000-<%uuid%>-c000.zstd.parquet","partitionValues":{"dt":"2025-03-<%int:10:28%>"},"size":<%int:100000:99999999%>,"modificationTime":17<%dig:11%>,"dataChange":true}}""")
B(r"""metadata/00<%int:100:999%>-<%uuid%>.metadata.json
metadata/snap-<%dig:19%>-1-<%uuid%>.avro""")
B(r"""model = AutoModel.from_pretrained("BAAI/bge-large-en-v1.5", revision="<%sha%>")""")
B(r"""Dataset({features: ['text', 'label'], num_rows: <%int:1000:99999%>}) _fingerprint=<%hex:16%>""")
B(r"""registry.lab.internal/ml/scorer@<%dockerdigest%>""")
B(r"""numpy==1.26.4 \
    --hash=sha256:<%sha256%> \
    --hash=sha256:<%sha256%>""")
B(r"""[metadata]
lock-version = "2.0"
python-versions = ">=3.10,<3.13"
content-hash = "<%sha256%>" """)
B(r"""    "node_modules/@observablehq/plot": {
      "version": "0.6.16",
      "resolved": "https://registry.npmjs.org/@observablehq/plot/-/plot-0.6.16.tgz",
      "integrity": "<%sri%>"
    },""")
B(r"""- name: pyarrow
  version: 17.0.0
  manager: conda
  hash:
    md5: <%md5%>
    sha256: <%sha256%>""")
B(r"""[[package]]
name = "polars"
version = "1.12.0"
source = { registry = "https://pypi.org/simple" }
sdist = { url = "https://files.pythonhosted.org/packages/polars-1.12.0.tar.gz", hash = "sha256:<%sha256%>" }""")
B(r"""outs:
- md5: <%md5%>
  size: <%int:1000000:999999999%>
  nfiles: <%int:10:9000%>
  hash: md5
  path: data/raw""")
B(r"""version https://git-lfs.github.com/spec/v1
oid sha256:<%sha256%>
size <%int:1000000:999999999%>""")
B(r"""<%ssh_ed%> <%first%>@gpu-login01""")
B(r"""gpu-login01.hpc.uni-example.edu ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB<%b64:88%>""")
B(r"""pub   rsa4096 2023-09-12 [SC] [expires: 2026-09-11]
      <%gpgfp%>
uid           [ultimate] Lab ML Release Signing <release@lab.example>""")
B(r"""The ECDSA key fingerprint is <%sshfp%>.
Are you sure you want to continue connecting (yes/no/[fingerprint])?""")
B(r"""ALTER USER DBT_CI SET RSA_PUBLIC_KEY='<%pubflat%>';""")
B(r"""-----BEGIN PUBLIC KEY-----
<%pubpem%>
-----END PUBLIC KEY-----""")
B(r"""OPENAI_API_KEY=<your-openai-key>
WANDB_API_KEY=<paste from https://wandb.ai/authorize>""")
B(r"""SNOWFLAKE_PASSWORD=${SNOWFLAKE_PASSWORD:?set in vault}""")
B(r"""password: ${DB_PASSWORD}
user: ${DB_USER}""")
B(r"""export HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx   # replace with your token""")
B(r"""api_key = "YOUR_API_KEY_HERE" """)
B(r"""token: "REPLACE_ME" """)
B(r"""vault kv get -field=password secret/ml/snowflake/etl""")
B(r"""password = dbutils.secrets.get(scope="lab-scope", key="pg-password")""")
B(r"""SecretId: <%arn_secret%>""")
B(r"""key vault reference: @Microsoft.KeyVault(SecretUri=<%kvuri%>)""")
B(r"""secret_ref = "<%gsm%>" """)
B(r"""        env:
          - name: SNOWFLAKE_PASSWORD
            valueFrom:
              secretKeyRef:
                name: dbt-snowflake
                key: password""")
B(r"""      SNOWFLAKE_PASSWORD: ${{ secrets.SNOWFLAKE_PASSWORD }}
      WANDB_API_KEY: ${{ secrets.WANDB_API_KEY }}""", n=2)
B(r"""os.environ["WANDB_API_KEY"]  # set by the Slurm prolog, never hard-code""")
B(r"""Required environment: SNOWFLAKE_USER, SNOWFLAKE_PASSWORD, SNOWFLAKE_ACCOUNT, DBT_TARGET""")
B(r"""FAKE_TOKEN = "test-token-not-real-<%int:100:999%>"  # fixture for test_auth.py""")
B(r"""@pytest.fixture
def fake_creds():
    return {"user": "test_user", "password": "not-a-real-password", "account": "test_account"}""")
B(r"""mock_client = MagicMock(api_key="dummy-key-for-tests")""")
B(r"""echo <%b64txt%> | base64 -d""")
B(r"""data: <%b64txt%>""")
B(r"""<script src="/static/assets/main.<%hex:8%>.js"></script>
<link rel="stylesheet" href="/static/assets/vendor.<%hex:20%>.css">""")
B(r"""superset/static/assets/<%hex:20%>.chunk.js""")
B(r"""password: ********""")
B(r"""sasl.jaas.config = [hidden]
sasl.kerberos.kinit.cmd = /usr/bin/kinit""")
B(r"""spark.hadoop.fs.s3a.secret.key=*********(redacted)
spark.hadoop.fs.s3a.access.key=*********(redacted)""")
B(r"""sqlalchemy_uri: postgresql://superset:XXXXXXXXXX@superset-db:5432/superset""")
B(r"""engine: Engine(postgresql+psycopg2://<%svc%>:***@analytics-pg.internal:5432/analytics)""")
B(r"""token: sk-...<%an:4%> (last used <%date%>)""")
B(r"""Connected to redis://:**@airflow-redis:6379/0""")
B(r"""API_TOKEN: ***""")
B(r"""Password must be at least 14 characters and include an upper-case letter, a digit and one of !@#$%^&*.""", n=1)
B(r"""FATAL:  password authentication failed for user "<%svc%>"
DETAIL:  Connection matched pg_hba.conf line 98: "host all all 10.0.0.0/8 scram-sha-256" """)
B(r"""snowflake.connector.errors.DatabaseError: 250001 (08001): Failed to connect to DB: xy<%dig:5%>.eu-central-1.snowflakecomputing.com:443. Incorrect username or password was specified.""")
B(r"""HTTP 401: {"error_code":"INVALID_PARAMETER_VALUE","message":"Invalid access token."}""")
B(r"""huggingface_hub.errors.LocalTokenNotFoundError: Token is required (`token=True`), but no token found. You need to provide a token or be logged in to Hugging Face with `huggingface-cli login`.""", n=1)
B(r"""const stripe = Stripe("<%pk_live%>");""")
B(r"""SUPABASE_URL=https://<%low:20%>.supabase.co
SUPABASE_ANON_KEY=<%sb_anon%>""")
B(r"""<div class="g-recaptcha" data-sitekey="<%recaptcha%>"></div>""")
B(r"""posthog.init('<%posthog%>', {api_host: 'https://eu.i.posthog.com'})""")
B(r"""mapboxgl.accessToken = '<%mapbox_pk%>';""")
B(r"""LANGFUSE_PUBLIC_KEY=<%lf_pk%>""")
B(r"""Sentry.init({ dsn: "https://<%hex:32%>@o<%dig:6%>.ingest.de.sentry.io/<%dig:16%>", tracesSampleRate: 0.1 });""")
B(r"""const searchClient = algoliasearch('<%AU:10%>', '<%hex:32%>'); // search-only key, safe for the browser""")
B(r"""const firebaseConfig = {
  apiKey: "AIzaSy<%url:33%>",
  authDomain: "lab-annotate.firebaseapp.com",
  projectId: "lab-annotate",
  appId: "1:<%dig:12%>:web:<%hex:22%>"
};""", n=2)
B(r"""<script>gtag('config', 'G-<%AU:10%>');</script>""")
B(r"""torch.manual_seed(<%seed%>); np.random.seed(<%seed%>); random.seed(<%seed%>)""")
B(r"""rng = np.random.default_rng(<%int:10000000:99999999%>)""")
B(r"""seed: <%seed%>
deterministic: true""")
B(r"""HashingTF(numFeatures=262144) -> feature index <%int:1000:262143%> for token "refund" (murmur3 <%int:100000000:2147483647%>)""")
B(r"""feature_hash: <%hex:16%>  feature_view: customer_rfm  version: <%int:1:9%>""")
B(r"""Out[9]: array([<%emb%>, ...], dtype=float32)""")
B(r"""embedding[:8] = [<%emb%>]""")
B(r"""   "id": "<%cellid%>",
   "metadata": {},
   "execution_count": <%int:1:80%>,""")
B(r"""    {
     "cell_type": "code",
     "id": "<%an:8%>",
     "metadata": {"colab": {"base_uri": "https://localhost:8080/"}, "outputId": "<%uuid%>"}
    }""")
B(r"""colors = ["#1f77b4", "<%colour%>", "<%colour%>", "<%colour%>"]""")
B(r"""  "color_scheme": "supersetColors", "label_colors": {"EMEA": "<%colour%>", "APAC": "<%colour%>"}""")
B(r"""     "data": {
      "image/png": "<%png64%>",
      "text/plain": ["<Figure size 640x480 with 1 Axes>"]
     },""")
B(r"""ETag: <%etag%>
x-amz-request-id: <%amzreq%>
x-amz-id-2: <%amzid2%>""")
B(r"""{"Key": "events/dt=2025-03-<%int:10:28%>/part-0.parquet", "VersionId": "<%s3ver%>", "ETag": "\"<%md5%>\""}""")
B(r"""traceparent: <%trace%>""")
B(r"""X-Request-Id: <%uuid%>""")
B(r"""x-ms-request-id: <%uuid%>
x-ms-version: 2023-11-03""")
B(r"""GROUP            TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG
score-audit      model-scores    3          <%kafkaoff%>        <%kafkaoff%>        <%int:0:900%>""")
B(r"""Cluster ID: <%b64u:16%>
Kafka cluster: lkc-<%an:5%>  Schema Registry: lsrc-<%an:5%>""")
B(r"""{"data": [...], "next_page_token": "<%pagetoken%>"}""")
B(r"""{"items": [...], "nextCursor": "<%cursor%>"}""")
B(r"""{"ok": true, "response_metadata": {"next_cursor": "<%b64txt%>"}}""")
B(r"""{"_id": {"$oid": "<%objid%>"}, "task_id": <%int:1000:99999%>, "status": "review"}""")
B(r"""Submitted batch job <%dig:7%>""")
B(r"""Job 'raysubmit_<%b62:16%>' succeeded""")
B(r"""metadata:
  uid: <%k8suid%>
  resourceVersion: "<%dig:8%>"
  generateName: feature-api-<%an:9%>-""")
B(r"""<%sha256%>  data/raw/events_2025-03-<%int:10:28%>.csv.gz
<%sha256%>  data/raw/customers.csv.gz""")
B(r"""MD5 (model.onnx) = <%md5%>""")
B(r"""NAME                 ID              SIZE      MODIFIED
llama3.1:8b          <%hex:12%>    4.9 GB    2 weeks ago
nomic-embed-text     <%hex:12%>    274 MB    3 days ago""")
B(r"""Downloading: "https://download.pytorch.org/models/resnet50-<%hex:8%>.pth" to /root/.cache/torch/hub/checkpoints/resnet50-<%hex:8%>.pth""")
B(r"""provider "registry.terraform.io/snowflake-labs/snowflake" {
  version = "0.98.0"
  hashes = [
    "h1:<%b64b:32%>",
    "zh:<%sha256%>",
  ]
}""")
B(r"""github.com/apache/arrow/go/v17 v17.0.0 h1:<%b64b:32%>""")
B(r"""/nix/store/<%rs32%>-python3-3.11.9-env/bin/python""")
B(r"""{"run_id": "<%uuid%>", "step_key": "orders_clean", "event_type": "STEP_SUCCESS"}""")
B(r"""run_id: 20250314-0300<%int:10:59%>-<%hex:6%>  checkpoint: orders_nightly  success: true""")
B(r"""Tableau workbook LUID <%uuid%>, datasource LUID <%uuid%>""")
B(r"""https://metabase.bi.internal/public/dashboard/<%uuid%>""")
B(r"""https://drive.google.com/file/d/1<%url:32%>/view?usp=sharing""")
B(r"""lakefs commit <%sha256%> on branch main: "ingest 2025-03-<%int:10:28%>" """)
B(r"""$ git ls-tree HEAD models/
100644 blob <%sha%>	models/fct_orders.sql
100644 blob <%sha%>	models/schema.yml""")
B(r"""feature-api-<%hex:9%>-<%an:5%>   1/1     Running   0          3d""")
B(r"""CONTAINER ID   IMAGE                         STATUS
<%hex:12%>   metabase/metabase:v0.52.4    Up 3 days
<%hex:12%>   postgres:16                   Up 3 days""")
B(r"""query_id: <%uuid%>  read_rows: <%int:1000000:999999999%>  memory_usage: <%int:10:900%>MiB""")
B(r"""HGETALL feast:customer_360:<%hex:40%>""")
B(r"""{"messageId": "<%uuid%>", "anonymousId": "<%uuid%>", "event": "Checkout Started"}""")
B(r"""checkpoints/epoch=<%int:1:40%>-step=<%int:1000:90000%>-val_loss=0.<%dig:4%>.ckpt""")
B(r"""outputs/2025-03-<%int:10:28%>/14-<%int:10:59%>-<%int:10:59%>/.hydra/config.yaml""")
B(r"""[I 2025-03-<%int:10:28%> 16:<%int:10:59%>:40,<%ms%>] Trial <%int:1:200%> finished with value: 0.<%dig:4%> and parameters: {'max_depth': 7, 'eta': 0.05}""")
B(r"""       JobID    JobName  Partition    Elapsed      State
------------ ---------- ---------- ---------- ----------
<%dig:7%>      llama-ft   gpu-long   11:02:13  COMPLETED""")
B(r"""# sops-encrypted
snowflake_password: <%sops%>""")
B(r"""spec:
  encryptedData:
    password: <%sealed%>""")
B(r"""config:
  lab:dbPassword:
    secure: <%pulumi_secure%>""")
B(r"""$ANSIBLE_VAULT;1.1;AES256
<%ansible_vault%>""", n=2)
B(r"""arn:aws:kms:eu-west-1:<%acct%>:key/<%uuid%>""")
B(r"""arn:aws:iam::<%acct%>:role/ml-training""")
B(r"""Snowflake account: <%AU:2%><%dig:5%> (org LABORG, account ANALYTICS_EU)""")
B(r"""principal: <%first%>@LAB.EXAMPLE.ORG  kvno 3  enctype aes256-cts-hmac-sha1-96""")
B(r"""ldap_default_bind_dn = cn=hpc-bind,ou=svc,dc=lab,dc=example,dc=org
ldap_default_authtok_type = obfuscated_password  # value lives in /etc/sssd/secret (root only)""")
B(r"""serial=<%HEX:32%>
SHA256 Fingerprint=<%x509fp%>""")
B(r"""created_at: 17<%dig:11%>  updated_at: 17<%dig:11%>""")
B(r"""{"token_id": "<%hex:64%>", "comment": "agent-backfill", "expiry_time": 17<%dig:11%>}""")
B(r"""  "private_key_id": "<%hex:40%>",
  "client_email": "dbt-runner@analytics-<%int:100:999%>.iam.gserviceaccount.com",""")
B(r"""client_id: <%dig:12%>-<%an:32%>.apps.googleusercontent.com""")
B(r"""AZURE_CLIENT_ID=<%uuid%>
AZURE_TENANT_ID=<%uuid%>
AZURE_FEDERATED_TOKEN_FILE=/var/run/secrets/azure/tokens/azure-identity-token""")
B(r"""workload_identity_provider: projects/<%dig:12%>/locations/global/workloadIdentityPools/github/providers/lab-ml""")
B(r"""gs://lab-datasets/retail/v3/shard-<%int:10000:99999%>-of-00512.tfrecord""")
B(r"""sha256 of train.jsonl: <%sha256%> (matches manifest)""")
B(r"""model hash: <%blake%> (blake3)""")
B(r"""Label Studio task <%int:1000:99999%> annotation <%int:10000:999999%> by annotator_<%int:1:40%>, lead_time 41.2s""")
B(r"""Airbyte connection <%uuid%> job <%int:1000:99999%>: 12,403 records, state cursor "2025-03-<%int:10:28%>T02:00:00Z" """)
B(r"""Fivetran connector <%low:8%>_<%low:10%> sync_id <%uuid%> status=SUCCESSFUL""")
B(r"""dbt Cloud run <%int:100000000:999999999%> (job <%int:100000:999999%>) finished in 14m 02s""")
B(r"""prefect flow-run id <%uuid%> ('crimson-<%word%>') Completed""")
B(r"""GX validation_result_identifier: orders_nightly/20250314T030012.<%dig:6%>Z/<%hex:32%>""")
B(r"""W&B sweep id: <%wbrun%>  agent: <%wbrun%>""")
B(r"""Comet experiment key: <%hex:32%>  url: https://www.comet.com/lab-ml/vit-probe/<%hex:32%>""")
B(r"""neptune run CHUR-<%int:100:999%> (sys/id) created""")
B(r"""HF commit: https://huggingface.co/lab-ml/ocr-lora/commit/<%sha%>""")
B(r"""pinecone index 'products' host: products-<%an:7%>.svc.aped-<%dig:4%>-<%hex:4%>.pinecone.io dimension=1536""")
B(r"""qdrant point id: <%uuid%> score=0.<%dig:4%> payload={"sku": "<%AU:8%>"}""")
B(r"""weaviate object <%uuid%> class=Doc vector_dims=768""")
B(r"""collection docs_v4: status green, <%int:10000:999999%> points, optimizer ok""")
B(r"""Delta table version <%int:10:900%>: txnAppId=<%uuid%> txnVersion=<%int:1:9999%>""")
B(r"""Nessie hash <%hex:64%> on main""")
B(r"""MANIFEST_SHA=<%sha256%>""")
B(r"""Idempotency-Key: <%uuid%>""")
B(r"""Content-MD5: <%b64b:16%>
x-goog-hash: crc32c=<%crc%>""", n=2)
B(r"""x-goog-generation: 17<%dig:14%>
x-goog-metageneration: 1""")
B(r"""# password policy for service users (Snowflake)
PASSWORD_MIN_LENGTH = 14  PASSWORD_MAX_AGE_DAYS = 90  PASSWORD_HISTORY = 5""", n=1)
B(r"""Error: token has expired (exp 2025-03-<%int:10:28%>T10:00:00Z); run `databricks auth login` to refresh""")
B(r"""401 Client Error: Unauthorized for url: https://api.fivetran.com/v1/groups""")
B(r"""Permission denied (publickey,gssapi-keyex,gssapi-with-mic,password).""", n=1)
B(r"""WARNING: Using a password on the command line interface can be insecure.""", n=1)
B(r"""redis-cli: AUTH failed: WRONGPASS invalid username-password pair or user is disabled.""", n=1)
B(r"""Your API key was rotated on <%date%>. The old key ending in …<%an:4%> no longer works.""")
B(r"""Key ID: <%hex:16%> (public), algorithm ES256""")
B(r"""jwks: {"keys":[{"kty":"RSA","kid":"<%hex:40%>","use":"sig","n":"<%b64u:256%>","e":"AQAB"}]}""", n=2)
B(r"""age recipient: <%age_pub%>""")
B(r"""bcrypt cost factor 12 (see docs/security.md); hashes are never logged""", n=1)
B(r"""{"event": "login_failed", "user": "<%first%>", "reason": "bad_password", "attempts": <%int:1:5%>}""")
B(r"""notebook metadata: {"kernelspec": {"display_name": "Python 3 (ipykernel)", "name": "python3"}, "widgets": {"application/vnd.jupyter.widget-state+json": {"<%hex:32%>": {"model_name": "HBoxModel"}}}}""")
B(r"""Looker dashboard slug: <%b62:22#s%> (https://looker.corp.example/dashboards/<%b62:22#s%>)""")
B(r"""tableau view id: <%uuid%>  site: labanalytics""")
B(r"""superset chart uuid: <%uuid%>""")
B(r"""BigQuery table: ml-lab-prod.events.sessions_<%dig:8%> (partition 2025031<%int:0:9%>)""")
B(r"""ClickHouse part name: 202503_<%int:1:900%>_<%int:900:1800%>_<%int:1:5%>  checksum <%hex:32%>""")
B(r"""Slurm job array <%dig:7%>_[0-63%8] submitted""", n=2)
B(r"""CUDA_VISIBLE_DEVICES=<%int:0:3%>,<%int:4:7%> NCCL_DEBUG=INFO torchrun --nproc_per_node=2 train.py --seed <%seed%>""")
B(r"""glue job run id: jr_<%hex:64%>""")
B(r"""EMR cluster j-<%AU:13%> step s-<%AU:13%> COMPLETED""")
B(r"""Step Functions execution arn:aws:states:eu-west-1:<%acct%>:execution:nightly-etl:<%uuid%>""")
B(r"""Athena QueryExecutionId: <%uuid%>""")
B(r"""Kinesis SequenceNumber: 496<%dig:53%>""")
B(r"""SageMaker TrainingJobName: llm-ft-2025-03-<%int:10:28%>-<%int:10:23%>-<%int:10:59%>-<%int:10:59%>-<%dig:3%>""")
B(r"""Vertex AI pipeline job: projects/<%dig:12%>/locations/europe-west4/pipelineJobs/training-pipeline-2025031<%int:0:9%><%dig:6%>""")
B(r"""Azure ML job: sharp_<%word%>_<%an:8%>  (workspace mlw-lab)""")
B(r"""Databricks DLT update id <%uuid%> for pipeline <%uuid%>""")
B(r"""Unity Catalog table main.gold.orders  table_id=<%uuid%>""")
B(r"""git stash list
stash@{0}: WIP on main: <%sha7%> add GX suite for orders""")
B(r"""Merge request !<%int:100:999%>: <%sha%> → pipeline #<%int:10000:99999%> passed""")
B(r"""pre-commit: detect-private-key .................................................Passed""", n=1)
B(r"""Secret scanning: 0 alerts open on lab-ml/notebooks (last scan <%date%>)""")
B(r"""analytics.load("<%b62:32%>"); // Segment browser write key (public, write-only)""", n=2)
B(r"""Kaggle dataset: lab-ml/retail-receipts-v3 (version <%int:1:20%>, sha <%hex:12%>)""")
B(r"""HF dataset revision refs/convert/parquet @ <%sha%>""")
B(r"""safetensors header: {"__metadata__": {"format": "pt"}, "model.embed_tokens.weight": {"dtype": "BF16", "shape": [128256, 4096], "data_offsets": [0, <%dig:10%>]}}""", n=2)
B(r"""onnx model checksum (sha1): <%sha%>""")
B(r"""Cargo.lock: checksum = "<%sha256%>" """)
B(r"""tensorboard event file: events.out.tfevents.17<%dig:8%>.gpu-node<%int:10:40%>.<%int:1000:99999%>.0""")
B(r"""{"uid": "<%uuid%>", "title": "GPU utilisation", "version": <%int:2:40%>}""")
B(r"""Grafana dashboard https://grafana.lab:3000/d/<%url:14%>/gpu-utilisation?orgId=1""")
B(r"""PagerDuty incident <%AU:14%>: "feature freshness > 6h" (service P<%AU:6%>)""")
B(r"""Jira DATA-<%int:1000:9999%>: Rotate leaked token (done). Token value removed from this ticket.""")
B(r"""random_state=<%seed%>, test_size=0.2, stratify=y""")
B(r"""kfold split fingerprint: <%hex:12%>""")
B(r"""vocab hash: <%md5%> (tokenizer.json)""")
B(r"""dataset card: sha256 <%sha256%>; license cc-by-4.0; rows <%int:1000:999999%>""")
B(r"""conda env export | sha1sum
<%sha%>  -""")
B(r"""spark.sql.warehouse.dir=/user/hive/warehouse  spark.app.id=<%sparkapp%>""")
B(r"""ksql: query CSAS_ORDERS_ENRICHED_<%int:1:99%> running (persistent), id <%uuid%>""")
B(r"""Redpanda cluster id: <%an:20%>  console: https://cloud.redpanda.com/clusters/<%an:20%>/overview""")
B(r"""Confluent Schema Registry subject orders.cdc-value version <%int:1:20%> id <%int:100000:199999%>""")
B(r"""feast apply: registry serial <%int:100:999%>, project customer_360, hash <%hex:16%>""")
B(r"""ulid: <%ulid%>""")
B(r"""event id: <%ksuid%>""")
B(r"""nonce-<%hex:16%> (CSP inline script allowance, regenerated per request)""", n=2)
B(r"""colour palette (Tableau 10): #4e79a7 #f28e2b #e15759 #76b7b2 #59a14f #edc948 <%colour%>""", n=2)
B(r"""SHA-256 of the empty string is e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855""", n=1)
B(r"""secrets were moved to Vault (kv/ml/*) — see runbook §4.2; nothing to paste here""", n=1)
B(r"""Entscheidung: Passwörter für Service-User liegen ab sofort nur noch im Vault unter kv/ml/snowflake/*; im Repo stehen nur Referenzen.""", n=1)
B(r"""Décision : les jetons Databricks sont stockés dans le scope « lab-scope » ; ne jamais les coller dans les notes.""", n=1)
B(r"""Nota: la contraseña debe tener al menos 14 caracteres, una mayúscula, un número y un símbolo.""", n=1)
B(r"""メモ：API キーは Secret Manager（projects/ml-lab-prod/secrets/hf-token）に保存済み。ここには書かない。""", n=1)
B(r"""备注：ClickHouse 密码已迁移到 Vault 路径 kv/ml/clickhouse，环境变量名为 CH_PASSWORD。""", n=1)
B(r"""참고: W&B 키는 WANDB_API_KEY 환경 변수로만 주입합니다 (Slurm prolog).""", n=1)
B(r"""Заметка: токены хранятся в 1Password (vault «ML Platform»), в заметках только ссылки.""", n=1)
B(r"""Nota: a senha do Airflow fica no secret airflow-metadata; o valor não é versionado.""", n=1)
B(r"""Uwaga: klucz Comet jest w zmiennej COMET_API_KEY w CI, nie w repozytorium.""", n=1)
B(r"""Not: Tableau erişim anahtarı Azure Key Vault'ta (kv-ml-lab / tableau-pat) saklanıyor.""", n=1)
B(r"""नोट: सभी पासवर्ड Vault में हैं (kv/ml/*); यहाँ केवल संदर्भ लिखें।""", n=1)
B(r"""Opmerking: het SAS-token wordt per run gegenereerd via de managed identity; niets opslaan.""", n=1)
B(r"""Nota: il run_id di MLflow è <%hex:32%>, non è una chiave.""")
B(r"""Hinweis: Die Commit-ID <%sha%> ist der Stand vom Freitag.""")
B(r"""체크포인트 해시: <%sha256%>""")
B(r"""数据集指纹：<%hex:16%>，行数 <%int:1000:99999%>""")
B(r"""ID de la tâche Airflow : scheduled__2025-03-<%int:10:28%>T02:00:00+00:00""")
B(r"""ハッシュ値（sha256）: <%sha256%>""")

B(r"""$ aws sts get-caller-identity
{
    "UserId": "AIDA<%AU:17%>",
    "Account": "<%acct%>",
    "Arn": "arn:aws:iam::<%acct%>:user/<%first%>"
}""")
B(r"""$ aws configure list --profile ml-lab
      Name                    Value             Type    Location
      ----                    -----             ----    --------
   profile                   ml-lab           manual    --profile
access_key     ****************<%AU:4%> shared-credentials-file
secret_key     ****************<%b62:4%> shared-credentials-file
    region                eu-west-1      config-file    ~/.aws/config""")
B(r"""$ gcloud auth list
      Credentialed Accounts
ACTIVE  ACCOUNT
*       <%first%>@lab.example
        bq-loader@ml-lab-prod.iam.gserviceaccount.com""")
B(r"""$ databricks secrets list-secrets lab-scope
Key                  Last Updated
adls-key             17<%dig:11%>
pg-password          17<%dig:11%>
wandb-api-key        17<%dig:11%>""")
B(r"""$ kubectl get secrets -n airflow
NAME                      TYPE                 DATA   AGE
airflow-fernet-key        Opaque               1      <%int:10:90%>d
airflow-metadata          Opaque               2      <%int:10:90%>d
sh.helm.release.v1.airflow.v<%int:2:40%>   helm.sh/release.v1   1      <%int:1:9%>d""")
B(r"""$ vault kv metadata get secret/ml/clickhouse
========== Metadata Path ==========
secret/metadata/ml/clickhouse
current_version         <%int:2:9%>
created_time            <%ts%>.<%dig:6%>Z
max_versions            0""")
B(r"""$ docker images registry.lab.internal/ml/scorer
REPOSITORY                        TAG      IMAGE ID       CREATED       SIZE
registry.lab.internal/ml/scorer   1.9.0    <%hex:12%>   2 days ago    2.31GB
registry.lab.internal/ml/scorer   1.8.3    <%hex:12%>   3 weeks ago   2.29GB""")
B(r"""|   0  NVIDIA A100-SXM4-80GB          On  |   00000000:<%HEX:2%>:00.0 Off |                    0 |
GPU UUID: GPU-<%uuid%>""")
B(r"""/dev/nvme1n1: UUID="<%uuid%>" BLOCK_SIZE="4096" TYPE="xfs" PARTUUID="<%uuid%>" """)
B(r"""$ ssh-keygen -lf ~/.ssh/id_ed25519_hpc.pub
256 <%sshfp%> <%first%>@laptop (ED25519)""")
B(r"""$ cat ~/.ssh/id_ed25519_hpc.pub
<%ssh_ed%> <%first%>@laptop""")
B(r"""$ airflow dags list-runs -d ingest_orders --state success | head -3
dag_id        | run_id                                     | state   | execution_date
ingest_orders | scheduled__2025-03-<%int:10:28%>T02:00:00+00:00 | success | 2025-03-<%int:10:28%>T02:00:00+00:00""")
B(r"""<%time%>  1 of 42 OK created sql incremental model marts.fct_orders ............ [SUCCESS 12403 in <%int:2:90%>.<%int:10:99%>s]""")
B(r"""$ dvc push
Collecting
Pushing
<%int:2:90%> files pushed
.dvc/cache/files/md5/<%hex:2%>/<%hex:30%>""")
B(r"""[Stage <%int:1:90%>:======================>                        (<%int:100:300%> + 8) / 400]""")
B(r"""{"key": "return_value", "value": {"run_id": "<%hex:32%>", "model_version": "<%int:2:40%>"}}""")
B(r"""    environment:
      POSTGRES_PASSWORD_FILE: /run/secrets/postgres_password
    secrets:
      - postgres_password""")
B(r"""slack_webhook = Variable.get("slack_webhook_url")""", n=1)
B(r"""apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
metadata:
  name: snowflake-loader
spec:
  secretStoreRef: {name: vault-backend, kind: ClusterSecretStore}
  data:
    - secretKey: password
      remoteRef: {key: kv/ml/snowflake/loader, property: password}""", n=1)
B(r"""[profile ml-lab]
credential_process = /usr/local/bin/aws-vault export --format=json ml-lab
region = eu-west-1""", n=1)
B(r"""[connections.sso]
account = "xy<%dig:5%>"
user = "<%first%>@lab.example"
authenticator = "externalbrowser" """)
B(r"""c.JupyterHub.cookie_secret_file = "/srv/jupyterhub/jupyterhub_cookie_secret"
c.JupyterHub.db_url = "sqlite:////srv/jupyterhub/jupyterhub.sqlite" """, n=1)
B(r"""sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="${file:/etc/kafka/secrets.properties:sasl_username}" password="${file:/etc/kafka/secrets.properties:sasl_password}";
config.providers=file""", n=1)
B(r"""spark.hadoop.fs.s3a.aws.credentials.provider=com.amazonaws.auth.WebIdentityTokenCredentialsProvider""", n=1)
B(r"""fs.azure.account.oauth2.client.secret.stlake<%an:4%>.dfs.core.windows.net=${ADLS_SP_SECRET}""")
B(r"""hadoop.security.credential.provider.path=jceks://hdfs/user/etl/creds.jceks""", n=1)
B(r"""connection-password=${ENV:PG_PASSWORD}""", n=1)
B(r"""libname dw odbc dsn="DW_PROD" user=&dbuser. password="&dbpass." schema=marts;""", n=1)
B(r"""con <- dbConnect(RPostgres::Postgres(), host = "analytics-pg.internal", user = "<%svc%>", password = Sys.getenv("PG_PASSWORD"))""")
B(r"""pw <- keyring::key_get("warehouse", username = "<%svc%>")""")
B(r"""conn = LibPQ.Connection("host=warehouse-01.dc2.lab dbname=dw user=julia_ro password=$(ENV["PG_PASSWORD"])")""", n=1)
B(r"""pw = getSecret("warehouse_pw");
conn = database('features','feature_reader',pw);""", n=1)
B(r"""val key = dbutils.secrets.get(scope = "lab-scope", key = "adls-key")""", n=1)
B(r"""CREATE SECRET s3_chain (TYPE S3, PROVIDER credential_chain, CHAIN 'env;config;instance');""", n=1)
B(r"""CREATE STORAGE INTEGRATION s3_lab
  TYPE = EXTERNAL_STAGE
  STORAGE_PROVIDER = 'S3'
  STORAGE_AWS_ROLE_ARN = 'arn:aws:iam::<%acct%>:role/snowflake-s3'
  STORAGE_ALLOWED_LOCATIONS = ('s3://lab-raw/');
-- DESC INTEGRATION: STORAGE_AWS_EXTERNAL_ID = <%AU:7%>_SFCRole=2_<%b64:28%>""")
B(r"""COPY staging.events FROM 's3://lab-raw/events/' IAM_ROLE 'arn:aws:iam::<%acct%>:role/RedshiftCopy' FORMAT AS PARQUET;""")
B(r"""[2025-03-<%int:10:28%>, 02:<%int:10:59%>:01 UTC] {base_aws.py:587} INFO - Credentials retrieved from login
[2025-03-<%int:10:28%>, 02:<%int:10:59%>:02 UTC] {s3.py:1102} INFO - uploaded 14 objects""")
B(r"""INFO google.auth: Token refreshed, expires_in=3599 for bq-loader@ml-lab-prod.iam.gserviceaccount.com""", n=1)
B(r"""Traceback (most recent call last):
  File "/opt/jobs/train.py", line 12, in <module>
    wandb.login(key=os.environ["WANDB_API_KEY"])
  File "<frozen os>", line 714, in __getitem__
KeyError: 'WANDB_API_KEY'""", n=1)
B(r"""botocore.exceptions.NoCredentialsError: Unable to locate credentials""", n=1)
B(r"""<pyspark.sql.session.SparkSession object at 0x7f<%hex:10%>>""")
B(r"""wandb: Run data is saved locally in /scratch/<%first%>/wandb/run-20250314_1015<%int:10:59%>-<%wbrun%>""")
B(r"""HF_HUB_ENABLE_HF_TRANSFER=1 HF_HUB_CACHE=/scratch/hf huggingface-cli download lab-ml/ocr-lora --revision <%sha%>""")
B(r"""$ mc stat lab/datasets/imagenet-subset/train.tar
Name      : train.tar
Size      : <%int:10:90%> GiB
ETag      : <%md5%>-<%int:10:900%>
VersionID : <%uuid%>""")
B(r"""$ ichksum /labZone/home/<%first%>/cryoem/run_<%int:10:99%>/stack.mrc
    stack.mrc    sha2:<%b64b:32%>""")
B(r"""globus task show <%uuid%>
Status: SUCCEEDED  Source Endpoint: <%uuid%>  Destination Endpoint: <%uuid%>""")
B(r"""sbatch --dependency=afterok:<%dig:7%> eval.slurm""")
B(r"""Entity key hash (feast): <%hex:32%>  join key: customer_id=<%int:10000:999999%>""")
B(r"""binaryData:
  header.csv: <%b64txt%>""")
B(r"""![loss curve](data:image/png;base64,<%png64%>)""")
B(r"""$ printenv | grep -c _KEY
<%int:2:9%>""")
B(r"""Using AWS credentials from env (AWS_ACCESS_KEY_ID=ASIA************<%AU:4%>, session token present)""")
B(r"""fivetran: api_key=****<%b62:4%> api_secret=**************** (from Vault)""")
B(r"""Connected to Snowflake as LOADER via key-pair auth (fingerprint SHA256:<%b64b:32%>)""")
B(r"""DESC USER DBT_CI -> RSA_PUBLIC_KEY_FP = SHA256:<%b64b:32%>""")
B(r"""databricks auth token --host https://adb-<%dig:16%>.<%int:1:19%>.azuredatabricks.net  # prints a short-lived OAuth token, don't log it""")
B(r"""gh secret set SNOWFLAKE_PASSWORD --repo lab-ml/dbt-analytics < /dev/stdin  # value typed interactively""", n=1)
B(r"""x-ratelimit-remaining-tokens: <%int:1000:90000%>
x-request-id: req_<%hex:32%>
openai-processing-ms: <%int:100:3000%>""")
B(r"""anthropic request-id: req_<%b62:24%>  stop_reason=end_turn  input_tokens=<%int:100:9000%>""")
B(r"""{"id": "chatcmpl-<%b62:29%>", "object": "chat.completion", "model": "gpt-4o-mini-2024-07-18"}""")
B(r"""{"id": "msg_01<%b62:22%>", "type": "message", "role": "assistant"}""")
B(r"""Replicate prediction id: <%an:26%>  status: succeeded""")
B(r"""pinecone upsert: upserted_count=<%int:100:5000%> namespace=sku request_id=<%hex:16%>""")
B(r"""Stripe event evt_1<%b62:23%> (invoice.paid) for cus_<%b62:14%>""")
B(r"""Slack message ts=17<%dig:8%>.<%dig:6%> channel=C0<%AU:9%> (#data-alerts)""")
B(r"""GitHub Actions run https://github.com/lab-ml/dbt-analytics/actions/runs/<%dig:11%>/job/<%dig:11%>""")
B(r"""Docker Hub digest for python:3.11-slim: <%dockerdigest%>""")
B(r"""tokenizer.json sha256=<%sha256%> vocab_size=128256 bos_token_id=128000""")
B(r"""Kaggle submission <%int:10000000:99999999%> scored 0.<%dig:5%> (public LB)""")
B(r"""Metaflow run: TrainFlow/<%int:1000:9999#r%> (pathspec TrainFlow/<%int:1000:9999#r%>/train/<%int:10000:99999%>)""")
B(r"""Kedro run id: <%ts%>.<%ms%>Z, session <%uuid%>""")
B(r"""zenml pipeline run training_pipeline-2025_03_<%int:10:28%>-<%int:10:23%>_<%int:10:59%>_<%int:10:59%>_<%dig:6%>""")
B(r"""Great Expectations expectation_suite_name: orders.critical  ge_cloud_id: <%uuid%>""")

# =====================================================================
# assembly
# =====================================================================
_SHARE = {"command": 0.13, "tool-output": 0.16, "config-file": 0.15, "source-code": 0.13,
          "stack-trace-or-log": 0.12, "note-or-chat": 0.17, "ci-and-deploy": 0.07, "vendor-token": 0.07}
_TOTAL = 1640
_B64RE = re.compile(r"^[A-Za-z0-9+/]{16,}=*$")


def _counts():
    by_group = {}
    for i, t in enumerate(_TEMPLATES):
        by_group.setdefault(t[0], []).append(i)
    counts = [2] * len(_TEMPLATES)
    for g, idxs in by_group.items():
        f = len(idxs)
        target = max(f, min(3 * f, int(round(_SHARE[g] * _TOTAL))))
        extra = target - 2 * f
        step = 1 if extra > 0 else -1
        for j in range(abs(extra)):
            counts[idxs[(j * f) // abs(extra)]] += step
    return counts


def _secret_ok(sec, vis, text, seen):
    if sec is None or len(sec) < 8 or sec in seen:
        return False
    flat = sec.replace("\n", "").replace("\\n", "")
    if _B64RE.match(flat) and "=" in flat.rstrip("="):
        return False
    if vis and (vis not in text or vis in sec or sec in vis):
        return False
    return True


def _build_secrets():
    out = []
    seen = set()
    for (group, fmt, tmpl, vis, _n), n in zip(_TEMPLATES, _counts()):
        for _ in range(n):
            for _attempt in range(60):
                cache = {}
                text, sec = _render(tmpl, cache)
                v = _render(vis, cache)[0] if vis else ""
                if _secret_ok(sec, v, text, seen):
                    break
            else:
                raise ValueError("cannot render " + fmt)
            seen.add(sec)
            out.append((group, fmt, text, sec, v))
    return out


def _build_benign(secret_values):
    out = []
    seen = set()
    for tmpl, n in _BENIGN_T:
        for _ in range(n):
            for _attempt in range(60):
                text = _render(tmpl, {})[0]
                if text not in seen and not any(sv in text for sv in secret_values):
                    break
            else:
                raise ValueError("cannot render benign " + tmpl[:40])
            seen.add(text)
            out.append(text)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([s[3] for s in SECRETS])
