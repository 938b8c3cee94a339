"""Blind hold-out corpus #26 for a secret-redaction engine.

What this is
    Text that a coding agent (Claude Code, Codex, Gemini CLI and similar)
    might save as its working state -- goals, notes, commands, excerpts of
    files and tool output, decisions, chats -- with one credential per entry
    that the engine must replace, plus look-alike strings it must leave alone.

Theme
    People who work with data, science and money: data engineers and analysts
    (Snowflake, BigQuery, Redshift, Databricks, dbt, Airflow, Dagster, Prefect,
    Fivetran, Airbyte, Kafka, Spark, Trino/Presto, ClickHouse, DuckDB,
    Metabase, Superset, Tableau, Looker, Power BI, Mode, Hex), researchers and
    academics (Slurm/PBS clusters, Globus, university VPNs and SSO, JupyterHub,
    RStudio Server, R and .Renviron files, MATLAB, Stata, SAS, conda channels,
    Zenodo/figshare/OSF/Dataverse, ORCID, arXiv tooling, lab instruments and
    LIMS, Nextflow/Snakemake pipelines, NCBI/Ensembl/UniProt, Copernicus,
    NASA Earthdata, USGS, weather and climate APIs, QGIS/GDAL/Mapbox/ArcGIS),
    quants and fintech (Bloomberg/Refinitiv, Interactive Brokers, Alpaca,
    Polygon, Alpha Vantage, crypto exchange key+secret pairs, Plaid,
    open banking, Xero/QuickBooks), ML experiment tracking (MLflow, Weights &
    Biases, Comet, Neptune, DVC remotes, Kaggle, Hugging Face), and the
    agent's own prose about all of it, in English and about a quarter in
    other languages; ordinary tooling (git, ssh, docker, kubectl, cloud CLIs,
    databases, CI) is mixed in.

Provenance
    Written blind, from general knowledge only: the author did not read the
    engine, its rules or tests, any other corpus, or any secret scanner's rule
    set.  Token shapes of services whose real format the author does not know
    are invented but plausible.

Layout
    SECRETS  list of 5-tuples (group, format, text, secret, visible):
             group   one of command, tool-output, config-file, source-code,
                     stack-trace-or-log, note-or-chat, ci-and-deploy,
                     vendor-token;
             format  kebab-case name of the shape (at most 3 entries each;
                     non-English notes are named note-<language code>-...);
             text    what the agent would record, one to about a dozen lines;
             secret  exact substring of text that must be replaced (for
                     private keys the body, for signed URLs the signature,
                     for user:password the password);
             visible substring of text that must stay readable, or "".
    BENIGN   list of distinct strings with no credential in them that look
             credential-like to a naive scanner: digests, commit SHAs, run and
             dataset UUIDs, DOIs, ORCID iDs, accessions, market identifiers,
             public keys, key ids without secrets, placeholders, masked
             values, env var names, prose about secrets, and so on.

All values are synthetic and generated at import time from
random.Random(2626); importing the module prints nothing and always yields
the same SECRETS and BENIGN.

It measured 0.969 recall and 5.0% false positives blind, the same with the rules the
session that added it wrote before reading it as without them; it is regression data now
(tests/test_redaction_holdouts_latest.py holds its recall per group and its false
positives).
"""
import base64
import json
import random
import re
import string
import uuid as _uuidmod

__all__ = ["SECRETS", "BENIGN"]

_R = random.Random(2626)
# Vendor prefixes and key headers are written with a broken bar inside them so
# that no literal credential shape exists in this file; it is removed at build.
_BB = "\u00a6"

_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_AN = _LOW + _UP + _DIG
_LC = _LOW + _DIG
_UC = _UP + _DIG
_HX = "0123456789abcdef"
_SY = _AN + "-_"


def _rs(chars, n):
    return "".join(_R.choice(chars) for _ in range(n))


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_rb(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_rb(n)).decode().rstrip("=")


def _b64uj(obj):
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _uuid():
    return str(_uuidmod.UUID(int=_R.getrandbits(128), version=4))


_PWW = ["Tundra", "Maple", "Orca", "Quartz", "Falcon", "Lagoon", "Basalt",
        "Cobalt", "Saffron", "Meadow", "Glacier", "Pepper", "Nimbus", "Walrus",
        "Cedar", "Ember", "Harbor", "Violet", "Kestrel", "Mango", "Aurora",
        "Pixel", "Granite", "Otter", "Juniper", "Sprocket", "Lynx", "Tulip",
        "Biscuit", "Poisson", "Bayes", "Gauss", "Euler", "Kepler", "Darwin",
        "Curie", "Fermi", "Noether", "Turing", "Lovelace", "Pangea", "Monsoon",
        "Tidal", "Isobar", "Quasar", "Helix", "Codon", "Plankton", "Fjord",
        "Sahara", "Dolomite", "Zephyr", "Mistral", "Sirocco", "Bonsai",
        "Origami", "Tapas", "Churro", "Pierogi", "Kimchi", "Matcha", "Gelato",
        "Baklava", "Paprika", "Hadley", "Fisher", "Laplace", "Markov", "Weibull",
        "Bernoulli", "Cauchy", "Pascal", "Halley", "Hubble", "Sagan", "Okapi",
        "Quokka", "Narwhal", "Axolotl", "Capybara", "Pelican", "Puffin"]
_SYM = "!#%&*-_.+?@^~"
_SYMU = "!*-_.~"
_LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}


def _pw(urlsafe=False):
    sy = _SYMU if urlsafe else _SYM
    w1, w2 = _R.choice(_PWW), _R.choice(_PWW)
    s = _R.randrange(8)
    if s == 0:
        p = w1 + str(_R.randint(10, 2025)) + _R.choice(sy)
    elif s == 1:
        p = w1.lower() + w2 + str(_R.randint(1, 999))
    elif s == 2:
        p = "".join(_LEET.get(c, c) if _R.random() < 0.7 else c for c in w1 + w2.lower())
        p += _R.choice(sy) + str(_R.randint(1, 99))
    elif s == 3:
        p = _rs(_AN, 2) + "".join(_R.choice(_AN + sy) for _ in range(_R.randint(12, 20)))
    elif s == 4:
        d = _R.choice("-_.")
        p = w1 + d + w2 + d + str(_R.randint(100, 9999))
    elif s == 5:
        p = _R.choice(sy) + w1 + str(_R.randint(1, 99)) + w2.lower()
    elif s == 6:
        p = w1[:4].lower() + _rs(_DIG, 4) + w2.upper()[:3] + _R.choice(sy) + _rs(_AN, 3)
    else:
        p = w1 + w2 + _R.choice(sy) + _R.choice(sy) + str(_R.randint(1, 9))
    if len(p) < 10:
        p += _rs(_DIG, 10 - len(p))
    return p


def _pp():
    ws = [_R.choice(_PWW).lower() for _ in range(_R.randint(3, 4))]
    return "-".join(ws) + str(_R.randint(1, 99))


def _jwt(alg="HS256", iss=None):
    now = 1704067200 + _R.randint(0, 45000000)
    p = {}
    if iss or _R.random() < 0.6:
        p["iss"] = iss or _R.choice([
            "https://auth.example.org/", "https://login.example.edu/realms/hpc",
            "https://urs.earthdata.nasa.gov", "https://sso.example.com",
            "https://accounts.example.net", "api.example.io"])
    p["sub"] = _R.choice([_uuid(), "user:" + str(_R.randint(1000, 999999)),
                          _rs(_LOW, 6) + "." + _rs(_LOW, 7), "svc-" + _rs(_LC, 8)])
    if _R.random() < 0.5:
        p["scope"] = _R.choice(["read write", "openid profile email",
                                "api:read api:write", "offline_access",
                                "warehouse:query", "runs:write"])
    p["iat"] = now
    p["exp"] = now + _R.choice([900, 3600, 28800, 86400, 2592000])
    if _R.random() < 0.4:
        p["jti"] = _rs(_HX, 16)
    sig = {"HS256": 32, "RS256": 256, "ES256": 64}[alg]
    return _b64uj({"alg": alg, "typ": "JWT"}) + "." + _b64uj(p) + "." + _b64u(sig)


def _lines(b64text, w):
    return "\n".join(b64text[i:i + w] for i in range(0, len(b64text), w))


def _pem(kind):
    if kind == "rsa":
        der = bytes.fromhex("308204a40201000282010100") + _rb(1180)
    elif kind == "p8":
        der = bytes.fromhex("308204be020100300d06092a864886f70d0101010500"
                            "048204a8308204a40201000282010100") + _rb(1170)
    elif kind == "ec":
        der = (bytes.fromhex("30770201010420") + _rb(32)
               + bytes.fromhex("a00a06082a8648ce3d030107a14403420004") + _rb(64))
    elif kind == "ecp8":
        der = (bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d"
                             "030107046d306b0201010420") + _rb(32)
               + bytes.fromhex("a14403420004") + _rb(64))
    elif kind == "ssh":
        der = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none"
               b"\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x33\x00\x00\x00"
               b"\x0bssh-ed25519\x00\x00\x00\x20" + _rb(32)
               + b"\x00\x00\x00\x98" + _rb(8)
               + b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _rb(96)
               + b"\x00\x00\x00\x0e" + _rs(_LOW, 5).encode() + b"@" + _rs(_LOW, 8).encode()
               + b"\x01\x02\x03\x04\x05")
        return _lines(base64.b64encode(der).decode(), 70)
    else:
        raise ValueError(kind)
    return _lines(base64.b64encode(der).decode(), 64)


def _azs():
    return _rs(_AN, 3) + _R.choice(_DIG) + "Q~" + _rs(_AN + "_.~-", 34)


def _neptune():
    return base64.b64encode(json.dumps({
        "api_address": "https://app.neptune.ai",
        "api_url": "https://app.neptune.ai",
        "api_key": _uuid()}, separators=(",", ":")).encode()).decode()


def _mapbox_sk():
    return ("s" + "k." + _b64uj({"u": _rs(_LOW, 7), "a": _rs(_LC, 25)})
            + "." + _b64u(16))


def _seqera():
    return (base64.b64encode(json.dumps({"tid": _R.randint(1000, 99999)}).encode()).decode()
            .rstrip("=") + "." + _rs(_HX, 40))


def _rapid():
    return _rs(_LC, 10) + "msh" + _rs(_AN, 14) + "p1" + _rs(_LC, 10) + "jsn" + _rs(_LC, 12)


def _sas():
    raw = base64.b64encode(_rb(32)).decode()
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _django():
    return _rs(_LOW + _DIG + "!@#%^&*(-_+)", 50)


_EXTRA = {}


def _kind(tok):
    if tok.startswith("'"):
        return tok.strip("'").replace(_BB, "")
    if tok in _EXTRA:
        return _EXTRA[tok]()
    if tok.startswith("pem"):
        return _pem(tok[3:] or "rsa")
    m = re.match(r"^(b64[up]?):(\d+)$", tok) or re.match(r"^([a-zA-Z]+)(\d*)$", tok)
    name, n = m.group(1), int(m.group(2) or 0)
    simple = {"hex": _HX, "HEX": _HX.upper(), "an": _AN, "lc": _LC, "uc": _UC,
              "al": _LOW, "AL": _LOW + _UP, "dig": _DIG, "sym": _SY}
    if name in simple:
        s = _rs(simple[name], n)
        if name == "dig" and n > 1 and s[0] == "0":
            s = "7" + s[1:]
        return s
    if name == "b64":
        return _b64(n)
    if name == "b64u":
        return _b64u(n)
    if name == "b64p":
        return base64.urlsafe_b64encode(_rb(n)).decode()
    if name == "pw":
        return _pw()
    if name == "pwu":
        return _pw(True)
    if name == "pws":
        return _rs(_AN, 3) + _rs(_AN + "!#%*-_+^~", _R.randint(16, 26))
    if name == "pp":
        return _pp()
    if name == "jwt":
        return _jwt("HS256")
    if name == "jwtrs":
        return _jwt("RS256")
    if name == "jwtes":
        return _jwt("ES256")
    if name == "uuid":
        return _uuid()
    if name == "UUID":
        return _uuid().upper()
    if name == "azs":
        return _azs()
    if name == "nep":
        return _neptune()
    if name == "mbx":
        return _mapbox_sk()
    if name == "seq":
        return _seqera()
    if name == "rapid":
        return _rapid()
    if name == "sas":
        return _sas()
    if name == "dj":
        return _django()
    raise ValueError(tok)


def _gen(spec):
    spec = re.sub(r"\b(b64[up]?) (\d+)", r"\1:\2", spec)
    return "".join(_kind(t) for t in spec.split())


# ---------------------------------------------------------------- fill values
_FIRST = ["priya", "mateo", "lena", "kenji", "olga", "tomasz", "fatima",
          "lucas", "chiara", "joost", "mehmet", "sofia", "arjun", "wei",
          "minji", "ines", "hannah", "diego", "yuki", "pieter", "aylin",
          "marta", "noah", "camille", "rafael", "anika", "dmitri", "zofia",
          "emre", "leila", "sam", "grace", "tariq", "elena", "jonas", "aiko"]
_LAST = ["patel", "garcia", "schmidt", "tanaka", "ivanova", "nowak", "haddad",
         "silva", "rossi", "dejong", "yilmaz", "kim", "chen", "martin", "weber",
         "sato", "kowalski", "moreau", "costa", "novak", "ahmed", "lindqvist",
         "okafor", "fischer", "romero", "nakamura", "petrov", "jansen",
         "sharma", "demir", "oconnor", "bianchi", "varga", "lopez", "mensah"]
_MAILDOM = ["example.org", "example.edu", "uni-example.de", "example.ac.uk",
            "lab.example.com", "example.co.jp", "example.com.br", "example.fr",
            "fund.example.com", "example.nl", "example.pl", "example.it"]
_HOSTP = ["etl", "airflow", "spark-master", "jupyter", "rstudio", "login",
          "dtn", "gpu", "db", "warehouse", "kafka", "trino", "ch", "metabase",
          "superset", "mlflow", "lims", "worker", "analytics", "pg", "minio",
          "dagster", "prefect", "nfs", "bastion", "hub", "qgis", "risk"]
_HOSTD = ["int.example.org", "corp.example.com", "hpc.example.edu",
          "lab.example.ac.uk", "data.example.net", "cluster.uni-example.de",
          "research.example.edu", "quant.example.com", "internal.example.io"]
_PROJ = ["churn-model", "ocean-heat", "rnaseq-2024", "credit-risk",
         "soil-moisture", "fx-backtest", "crop-yield", "lidar-canopy",
         "claims-etl", "sales-mart", "sepsis-cohort", "glacier-dem",
         "alpha-signals", "air-quality", "supply-forecast", "genome-qc",
         "ledger-recon", "ndvi-trends", "ecommerce-dw", "microbiome",
         "portfolio-opt", "flood-risk", "wastewater-surv", "llm-eval"]
_ORG = ["acme-analytics", "northwind-data", "bluefin-capital", "helix-lab",
        "terra-obs", "uni-stats", "kestrel-quant", "openclimate", "medlab",
        "orbital-ag", "fjord-fintech", "ridge-research"]
_REG = ["us-east-1", "eu-central-1", "eu-west-1", "ap-northeast-1",
        "us-west-2", "ca-central-1", "ap-southeast-2"]
_BUCK = ["raw-landing", "lake-bronze", "ml-artifacts", "dvc-store",
         "sentinel-tiles", "seq-reads", "tick-archive", "dbt-artifacts",
         "exports-tmp", "model-registry"]


class _Ctx(object):
    def __init__(self, secret, k_spec, w_spec):
        self.v = {"S": secret}
        self.k_spec, self.w_spec = k_spec, w_spec
        f, l = _R.choice(_FIRST), _R.choice(_LAST)
        self.first, self.last = f, l

    def get(self, c):
        if c in self.v:
            return self.v[c]
        f, l = self.first, self.last
        if c == "U":
            x = _R.choice([f + "." + l, f[0] + l, f + "_" + l, f + str(_R.randint(1, 99)), l + f[0]])
        elif c == "u":
            x = f[0] + l[:6] + str(_R.randint(1, 9))
        elif c == "F":
            x = f.capitalize()
        elif c == "E":
            x = f + "." + l + "@" + _R.choice(_MAILDOM)
        elif c == "H":
            x = _R.choice(_HOSTP) + str(_R.choice(["", "-01", "-02", "1", "2", "-prod", "-stg"])) + "." + _R.choice(_HOSTD)
        elif c == "d":
            x = _R.choice(_HOSTD)
        elif c == "h":
            x = _R.choice(["node", "cn", "gpu", "c", "n"]) + "%03d" % _R.randint(1, 480)
        elif c == "I":
            x = _R.choice(["10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254)),
                           "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254)),
                           "192.168.%d.%d" % (_R.randint(0, 255), _R.randint(2, 254))])
        elif c == "D":
            x = "202%d-%02d-%02d" % (_R.randint(3, 5), _R.randint(1, 12), _R.randint(1, 28))
        elif c == "T":
            x = "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))
        elif c == "Z":
            x = self.get("D") + "T" + self.get("T") + "Z"
        elif c == "C":
            x = _rs(_HX, 40)
        elif c == "c":
            x = _rs(_HX, 7)
        elif c == "G":
            x = _rs(_HX, 64)
        elif c == "M":
            x = _rs(_HX, 32)
        elif c == "Q":
            x = _uuid()
        elif c == "N":
            x = str(_R.randint(2, 9999))
        elif c == "J":
            x = str(_R.randint(1000000, 49999999))
        elif c == "P":
            x = _R.choice(_PROJ)
        elif c == "O":
            x = _R.choice(_ORG)
        elif c == "A":
            x = _rs(_LOW, 2) + _rs(_DIG, 5) + "." + _R.choice(_REG)
        elif c == "B":
            x = _R.choice(_ORG) + "-" + _R.choice(_BUCK)
        elif c == "Y":
            x = _R.choice(_REG)
        elif c == "K":
            x = _gen(self.k_spec) if self.k_spec else _rs(_UC, 16)
        elif c == "W":
            x = _gen(self.w_spec) if self.w_spec else _rs(_LC, 12)
        elif c == "L":
            x = l.capitalize()
        elif c == "X":
            x = str(_R.choice([5432, 5439, 443, 8443, 9092, 9440, 3306, 1433, 8080, 6543, 5433]))
        else:
            raise KeyError(c)
        self.v[c] = x
        return x


def _fill(text, ctx):
    text = text.replace(".\u00a7H", ".\u00a7d")
    return re.sub("\u00a7([A-Za-z])", lambda m: ctx.get(m.group(1)), text)


_T = []      # hand-written secret templates
_BT = []     # benign templates


def t(group, fmt, spec, text, vis="", k=None, w=None, ind=0, esc=False):
    """Register a secret template.  Markers: \u00a7S secret, \u00a7K/\u00a7W extra values."""
    _T.append((group, fmt, spec, text, vis, k, w, ind, esc))


def b(text, n=4, k=None, w=None):
    """Register a benign template producing up to n variants."""
    _BT.append((text, n, k, w))

# ======================================================================
# command
# ======================================================================
t("command", "snowsql-inline-pwd-env", "pw", r"""$ SNOWSQL_PWD='§S' snowsql -a §A -u §U -d ANALYTICS -s STAGING -w TRANSFORM_WH -q "select count(*) from orders"
* SnowSQL * v1.2.32
Type SQL statements or !help
+----------+
| COUNT(*) |
|----------|
|  4821337 |
+----------+""", vis="TRANSFORM_WH")
t("command", "snow-cli-connection-add", "pw", r"""snow connection add --connection-name dev_loader --account §A --user §U --password §S --role LOADER --warehouse LOAD_WH --database RAW --no-interactive""", vis="dev_loader")
t("command", "psql-redshift-pgpassword", "pw", r"""(venv) §u@§h:~/§P$ PGPASSWORD="§S" psql -h redshift-cluster-1.cabc12xyz.§Y.redshift.amazonaws.com -p 5439 -U etl_user -d dev -c "\dt analytics.*"
          List of relations
  schema   |     name      | type  |  owner
-----------+---------------+-------+----------
 analytics | fct_sessions  | table | etl_user""", vis="etl_user")
t("command", "curl-databricks-bearer", "'dap¦i' hex32", r"""curl -s -H "Authorization: Bearer §S" \
  https://adb-§N8123456.7.azuredatabricks.net/api/2.0/clusters/list | jq '.clusters[].cluster_name'""", vis="azuredatabricks.net")
t("command", "dbt-env-secret-inline", "pw", r"""DBT_ENV_SECRET_SF_PASSWORD='§S' dbt build --select state:modified+ --defer --state ./prod-artifacts --target ci""", vis="state:modified+")
t("command", "airflow-connections-add-uri", "pwu", r"""airflow connections add 'dwh_postgres' \
    --conn-uri 'postgresql://airflow_rw:§S@§H:5432/warehouse?sslmode=require'""", vis="airflow_rw")
t("command", "airflow-variables-set-positional", "an32", r"""$ airflow variables set polygon_api_key §S
Variable polygon_api_key created""", vis="polygon_api_key")
t("command", "dagster-cloud-agent-token-flag", "'agent¦:' lc12 ':' hex32", r"""dagster-cloud agent run --api-token §S --deployment prod --organization §O""", vis="--deployment prod")
t("command", "prefect-cloud-login-key", "'pn¦u_' an36", r"""$ prefect cloud login -k §S --workspace "§O/§P"
Authenticated with Prefect Cloud! Using workspace '§O/§P'.""", vis="prefect cloud login")
t("command", "curl-fivetran-basic-split", "an32", r"""curl -s -u "§K:§S" https://api.fivetran.com/v1/groups | jq '.data.items[] | {id, name}'""", vis="api.fivetran.com", k="an16")
t("command", "kafka-console-producer-jaas", "pw", r"""kafka-console-producer --bootstrap-server pkc-§N.§Y.aws.confluent.cloud:9092 --topic trades.raw \
  --producer-property security.protocol=SASL_SSL --producer-property sasl.mechanism=PLAIN \
  --producer-property 'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="§K" password="§S";'""", vis="trades.raw", k="uc16")
t("command", "kcat-sasl-password-x", "b64 48", r"""kcat -b §H:9093 -C -t sensor.readings -o -5 -e \
  -X security.protocol=SASL_SSL -X sasl.mechanisms=SCRAM-SHA-512 \
  -X sasl.username=ingest-svc -X sasl.password=§S""", vis="ingest-svc")
t("command", "confluent-api-key-store", "an64", r"""confluent api-key store §K §S --resource lkc-§W""", vis="confluent api-key store", k="uc16", w="lc5")
t("command", "spark-submit-s3a-conf", "b64 30", r"""spark-submit --master yarn --deploy-mode cluster \
  --conf spark.hadoop.fs.s3a.access.key=AK¦IA§K \
  --conf spark.hadoop.fs.s3a.secret.key=§S \
  --conf spark.sql.shuffle.partitions=400 \
  jobs/compact_events.py --date §D""", vis="compact_events.py", k="uc16")
t("command", "trino-password-env-cli", "pw", r"""$ export TRINO_PASSWORD='§S'
$ trino --server https://trino.§H --user §U --password --catalog hive --schema curated
trino:curated> show tables;""", vis="--catalog hive")
t("command", "clickhouse-client-password-flag", "pws", r"""clickhouse-client --host §H --secure --port 9440 --user analyst --password '§S' --query "SELECT toDate(ts), count() FROM events GROUP BY 1 ORDER BY 1 DESC LIMIT 7"
""", vis="--user analyst")
t("command", "duckdb-create-secret-s3", "b64 30", r"""duckdb lake.duckdb -c "CREATE SECRET lake (TYPE S3, KEY_ID 'AK¦IA§K', SECRET '§S', REGION '§Y'); SELECT count(*) FROM read_parquet('s3://§B/events/*.parquet');"
""", vis="read_parquet", k="uc16")
t("command", "duckdb-motherduck-token-dsn", "jwt", r"""duckdb "md:my_db?motherduck_token=§S" -c "select * from duckdb_databases()"
""", vis="duckdb_databases")
t("command", "curl-metabase-session-json", "pw", r"""curl -s -X POST https://metabase.§H/api/session \
  -H 'Content-Type: application/json' \
  -d '{"username": "§E", "password": "§S"}'
{"id":"§Q"}""", vis="/api/session")
t("command", "superset-fab-create-admin", "pw", r"""superset fab create-admin --username admin --firstname Data --lastname Team --email data-team@§O.example.com --password '§S'""", vis="create-admin")
t("command", "tabcmd-login-p-flag", "pw", r"""tabcmd login -s https://tableau.§H -t Finance -u §U -p "§S"
===== Creating new session
=====     Server:   https://tableau.§H
=====     Username: §U""", vis="Username: §U")
t("command", "sbatch-export-wandb-key", "hex40", r"""[§u@login2 §P]$ sbatch --export=ALL,WANDB_API_KEY=§S,WANDB_PROJECT=§P --gres=gpu:a100:2 -t 12:00:00 train.slurm
Submitted batch job §J""", vis="Submitted batch job")
t("command", "globus-personal-setup-key", "uuid", r"""$ ./globusconnectpersonal -setup §S
Configuration directory: /home/§u/.globusonline/lta
Contacting relay.globusonline.org:2223
Installed certificate and key""", vis="relay.globusonline.org")
t("command", "openconnect-passwd-stdin", "pw", r"""echo '§S' | sudo openconnect --protocol=anyconnect --user=§u --passwd-on-stdin vpn.§L-uni.example.edu""", vis="--passwd-on-stdin")
t("command", "sshpass-ssh-login-node", "pw", r"""sshpass -p '§S' ssh -o StrictHostKeyChecking=no §u@login.hpc.example.edu 'squeue -u §u'""", vis="squeue -u")
t("command", "sshpass-rsync-results", "pw", r"""sshpass -p "§S" rsync -avz --progress §u@dtn01.hpc.example.edu:/scratch/§u/§P/out/ ./out/""", vis="dtn01.hpc.example.edu")
t("command", "rscript-setenv-entrez", "hex36", r"""Rscript -e 'Sys.setenv(ENTREZ_KEY = "§S"); library(rentrez); entrez_search(db = "sra", term = "PRJNA§N[bioproject]")$count'""", vis="rentrez")
t("command", "matlab-batch-weboptions", "pw", r"""matlab -batch "opts = weboptions('Username','§u','Password','§S','Timeout',60); T = webread('https://lims.§H/api/plates?run=§N', opts); disp(height(T))"
""", vis="weboptions")
t("command", "stata-odbc-conn-pwd", "pw", r""". odbc load, exec("SELECT * FROM claims_2023") conn("DRIVER={ODBC Driver 18 for SQL Server};SERVER=§H;DATABASE=HealthEcon;UID=stata_ro;PWD=§S;Encrypt=yes")
(2,481,904 observations loaded)""", vis="stata_ro")
t("command", "sas-sysparm-password", "pw", r"""sas -nodms -sysin extract_cohort.sas -sysparm "user=§u pw=§S lib=ORALIB" -log logs/extract_§D.log""", vis="extract_cohort.sas")
t("command", "conda-config-token-channel", "'a1-' an30", r"""conda config --add channels https://conda.anaconda.org/t/§S/§O""", vis="conda.anaconda.org")
t("command", "mamba-install-artifactory-creds", "pwu", r"""mamba install -y -c https://§u:§S@artifactory.§H/artifactory/api/conda/conda-local labtools=2.3.1""", vis="labtools=2.3.1")
t("command", "curl-zenodo-bearer-deposit", "an60", r"""curl -s -X POST https://zenodo.org/api/deposit/depositions \
  -H "Authorization: Bearer §S" -H "Content-Type: application/json" -d '{}' | jq .links.bucket""", vis="zenodo.org/api/deposit")
t("command", "curl-zenodo-query-token", "an60", r"""curl --upload-file data/§P_v3.tar.gz "https://zenodo.org/api/files/§Q/§P_v3.tar.gz?access_token=§S"
""", vis="§P_v3.tar.gz")
t("command", "curl-figshare-token-header", "hex128", r"""curl -H "Authorization: token §S" https://api.figshare.com/v2/account/articles?page_size=50""", vis="api.figshare.com")
t("command", "osfclient-password-env", "pw", r"""OSF_PASSWORD='§S' osf -u §E -p §W clone ./osf_mirror""", vis="osf_mirror", w="lc5")
t("command", "curl-dataverse-key-header", "uuid", r"""curl -H "X-Dataverse-key:§S" -X POST -F file=@tables/§P.tab "https://dataverse.example.edu/api/datasets/:persistentId/add?persistentId=doi:10.7910/DVN/§W"
""", vis="X-Dataverse-key", w="UUID")
t("command", "curl-orcid-client-credentials", "uuid", r"""curl -i -H "Accept: application/json" -d "client_id=APP-§K" -d "client_secret=§S" -d "scope=/read-public" -d "grant_type=client_credentials" https://orcid.org/oauth/token""", vis="APP-§K", k="uc16")
t("command", "nextflow-secrets-set-positional", "hex36", r"""nextflow secrets set NCBI_API_KEY §S
nextflow run nf-core/fetchngs -r 1.12.0 --input ids.csv -profile singularity""", vis="NCBI_API_KEY")
t("command", "nextflow-tower-token-inline", "seq", r"""TOWER_ACCESS_TOKEN=§S nextflow run nf-core/rnaseq -r 3.14.0 -profile slurm,singularity --input samplesheet.csv -with-tower""", vis="nf-core/rnaseq")
t("command", "snakemake-config-ncbi-key", "hex36", r"""snakemake --cores 32 --use-conda --config ncbi_email=§E ncbi_key=§S -s workflow/Snakefile""", vis="ncbi_email")
t("command", "curl-eutils-api-key-query", "hex36", r"""curl "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=sra&term=§P&retmax=500&api_key=§S&usehistory=y"
""", vis="eutils.ncbi.nlm.nih.gov")
t("command", "wget-earthdata-user-password", "pw", r"""wget --user=§u --password='§S' -r -np -nH --cut-dirs=3 -A "*.h5" https://n5eil01u.ecs.nsidc.org/SMAP/SPL3SMP.008/§D/""", vis="SPL3SMP.008")
t("command", "echo-netrc-earthdata", "pw", r"""echo "machine urs.earthdata.nasa.gov login §u password §S" >> ~/.netrc && chmod 0600 ~/.netrc""", vis="urs.earthdata.nasa.gov")
t("command", "printf-cdsapirc", "uuid", r"""printf 'url: https://cds.climate.copernicus.eu/api\nkey: §S\n' > ~/.cdsapirc
python era5_download.py --vars 2m_temperature total_precipitation --years 1991-2020""", vis="cds.climate.copernicus.eu")
t("command", "curl-usgs-m2m-login-token", "an64", r"""curl -s -X POST https://m2m.cr.usgs.gov/api/api/json/stable/login-token \
  -d '{"username": "§u", "token": "§S"}' | jq -r .data""", vis="login-token")
t("command", "curl-openweather-appid", "hex32", r"""curl "https://api.openweathermap.org/data/3.0/onecall?lat=52.37&lon=4.89&exclude=minutely&units=metric&appid=§S"
""", vis="api.openweathermap.org")
t("command", "gdalinfo-config-aws-secret", "b64 30", r"""gdalinfo --config AWS_ACCESS_KEY_ID AK¦IA§K --config AWS_SECRET_ACCESS_KEY §S --config AWS_REGION §Y /vsis3/§B/cog/S2B_31UFU_§N_L2A.tif""", vis="/vsis3/", k="uc16")
t("command", "ogr2ogr-pg-dsn-password", "pw", r"""ogr2ogr -f PostgreSQL PG:"host=§H dbname=gis user=gis_writer password=§S" parcels_2024.gpkg -nln staging.parcels -lco GEOMETRY_NAME=geom -progress""", vis="gis_writer")
t("command", "curl-mapbox-uploads-sk", "mbx", r"""curl -X POST "https://api.mapbox.com/uploads/v1/§u/credentials?access_token=§S"
""", vis="api.mapbox.com")
t("command", "curl-arcgis-token-form", "'AAP¦K' hex32 sym40", r"""curl -s "https://services.arcgis.com/§W/arcgis/rest/services/Parcels/FeatureServer/0/query" \
  -d "where=1=1&outFields=*&f=geojson&token=§S" -o parcels.geojson""", vis="FeatureServer", w="AL16")
t("command", "python-flex-token-arg", "dig24", r"""python tools/ibkr_flex.py --token §S --query-id §N41 --out data/flex/trades_§D.xml""", vis="--query-id")
t("command", "curl-alpaca-two-headers", "an40", r"""curl -s https://paper-api.alpaca.markets/v2/account \
  -H "APCA-API-KEY-ID: PK§K" \
  -H "APCA-API-SECRET-KEY: §S" | jq '{buying_power, equity}'""", vis="paper-api.alpaca.markets", k="uc18")
t("command", "curl-polygon-apikey-query", "an32", r"""curl -s "https://api.polygon.io/v2/aggs/ticker/NVDA/range/1/minute/§D/§D?adjusted=true&sort=asc&limit=50000&apiKey=§S" > nvda.json""", vis="api.polygon.io")
t("command", "curl-alphavantage-apikey", "uc16", r"""curl 'https://www.alphavantage.co/query?function=TIME_SERIES_DAILY_ADJUSTED&symbol=IBM&outputsize=full&apikey=§S&datatype=csv' -o ibm.csv""", vis="TIME_SERIES_DAILY_ADJUSTED")
t("command", "curl-binance-mbx-apikey", "an64", r"""curl -H "X-MBX-APIKEY: §S" "https://api.binance.com/api/v3/account?timestamp=§N1712345678&signature=§W"
""", vis="api.binance.com", w="hex64")
t("command", "curl-plaid-sandbox-secret", "hex30", r"""curl -X POST https://sandbox.plaid.com/sandbox/public_token/create -H 'Content-Type: application/json' \
  -d '{"client_id": "§K", "secret": "§S", "institution_id": "ins_109508", "initial_products": ["transactions"]}'""", vis="ins_109508", k="hex24")
t("command", "curl-xero-client-credentials", "sym48", r"""curl -s -u "§K:§S" -d grant_type=client_credentials -d scope="accounting.transactions.read" https://identity.xero.com/connect/token""", vis="identity.xero.com", k="HEX32")
t("command", "mlflow-tracking-password-inline", "pw", r"""MLFLOW_TRACKING_URI=https://mlflow.§H MLFLOW_TRACKING_USERNAME=§u MLFLOW_TRACKING_PASSWORD='§S' mlflow runs list --experiment-id §N""", vis="mlflow runs list")
t("command", "wandb-login-positional", "hex40", r"""(ml) §u@§h:~$ wandb login §S
wandb: Appending key for api.wandb.ai to your netrc file: /home/§u/.netrc""", vis="api.wandb.ai")
t("command", "python-comet-key-flag", "an25", r"""python train.py --config configs/§P.yaml --comet-api-key §S --comet-workspace §O --epochs 40""", vis="--comet-workspace")
t("command", "dvc-remote-modify-local-secret", "b64 30", r"""dvc remote modify --local storage access_key_id AK¦IA§K
dvc remote modify --local storage secret_access_key §S
dvc push -r storage""", vis="dvc push", k="uc16")
t("command", "echo-kaggle-json", "hex32", r"""mkdir -p ~/.kaggle && echo '{"username":"§u","key":"§S"}' > ~/.kaggle/kaggle.json && chmod 600 ~/.kaggle/kaggle.json
kaggle competitions download -c §P""", vis="kaggle competitions download")
t("command", "hf-cli-login-token-flag", "'h¦f_' AL34", r"""huggingface-cli login --token §S --add-to-git-credential""", vis="--add-to-git-credential")
t("command", "git-clone-pat-in-url", "'gh¦p_' an36", r"""git clone https://§u:§S@github.com/§O/§P.git""", vis="github.com/§O")
t("command", "docker-login-p-flag", "pw", r"""docker login -u §u -p '§S' registry.§H
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded""", vis="Login Succeeded")
t("command", "kubectl-secret-from-literal", "pw", r"""kubectl -n analytics create secret generic superset-db --from-literal=username=superset --from-literal=password='§S' --dry-run=client -o yaml | kubectl apply -f -""", vis="superset-db")
t("command", "aws-configure-set-secret", "b64 30", r"""aws configure set aws_access_key_id AK¦IA§K --profile research
aws configure set aws_secret_access_key §S --profile research
aws s3 ls s3://§B --profile research""", vis="--profile research", k="uc16")
t("command", "psql-uri-sslmode", "pwu", r"""psql "postgresql://report_ro:§S@§H:5432/finance?sslmode=verify-full" -c "select max(booked_at) from gl_entries"
""", vis="report_ro")
t("command", "mysql-p-glued", "pws", r"""mysql -h §H -u lims_app -p§S -D lims -e "SELECT plate_id, status FROM plates WHERE updated_at > NOW() - INTERVAL 1 DAY"
""", vis="lims_app")
t("command", "mongosh-srv-uri", "pwu", r"""mongosh "mongodb+srv://§u:§S@cluster0.§W.mongodb.net/instruments?retryWrites=true&w=majority"
""", vis="cluster0.§W.mongodb.net", w="lc5")
t("command", "redis-cli-a-flag", "hex32", r"""redis-cli -h §H -p 6380 --tls -a §S --no-auth-warning INFO keyspace""", vis="INFO keyspace")
t("command", "az-storage-account-key", "b64 64", r"""az storage blob upload-batch --account-name §W --account-key "§S" -d landing -s ./exports --pattern "*.parquet"
""", vis="upload-batch", w="lc12")
t("command", "gsutil-o-hmac-secret", "b64 30", r"""gsutil -o "Credentials:gs_access_key_id=GOOG1E§K" -o "Credentials:gs_secret_access_key=§S" ls gs://§B/""", vis="gsutil", k="uc36")
t("command", "rclone-config-create-s3", "hex64", r"""rclone config create r2 s3 provider Cloudflare access_key_id §K secret_access_key §S endpoint https://§W.r2.cloudflarestorage.com""", vis="r2.cloudflarestorage.com", k="hex32", w="hex32")
t("command", "mc-alias-set-positional", "an40", r"""mc alias set labminio http://§I:9000 §K §S
Added `labminio` successfully.""", vis="labminio", k="uc20")
t("command", "pip-index-url-token", "an40", r"""pip install --index-url https://__token__:§S@pkgs.§H/simple/ quantlib-internal==4.2.0""", vis="quantlib-internal")
t("command", "twine-upload-pypi-token", "'pyp¦i-AgEIcHlwaS5vcmcCJ' b64u 120", r"""python -m twine upload -u __token__ -p §S dist/*""", vis="twine upload")
t("command", "npm-config-set-authtoken", "'np¦m_' an36", r"""npm config set //registry.npmjs.org/:_authToken §S""", vis="registry.npmjs.org")
t("command", "curl-airflow-basic-auth", "pwu", r"""curl -s -u admin:§S "http://§I:8080/api/v1/dags/daily_ingest/dagRuns?limit=5&order_by=-execution_date" | jq '.dag_runs[].state'""", vis="daily_ingest")
t("command", "httpie-superset-login", "pw", r"""http POST https://superset.§H/api/v1/security/login username=admin password='§S' provider=db refresh:=true""", vis="provider=db")
t("command", "sqlcmd-sa-password", "pws", r"""sqlcmd -S §H,1433 -U sa -P '§S' -d PowerBI_Staging -Q "SELECT TOP 5 * FROM dbo.FactSales ORDER BY OrderDate DESC"
""", vis="PowerBI_Staging")
t("command", "bcp-out-password", "pw", r"""bcp "SELECT * FROM Finance.dbo.Ledger WHERE FiscalYear = 2024" queryout ledger_2024.csv -c -t, -S §H -U bcp_reader -P §S""", vis="bcp_reader")
t("command", "beeline-hive-np", "pw", r"""beeline -u "jdbc:hive2://§H:10000/default;ssl=true" -n §u -p '§S' -e "MSCK REPAIR TABLE raw.clickstream"
""", vis="MSCK REPAIR TABLE")
t("command", "databricks-secrets-put-string", "an48", r"""databricks secrets put-secret market-data refinitiv_app_key --string-value §S""", vis="refinitiv_app_key")
t("command", "qsub-v-db-pass", "pw", r"""qsub -q bigmem -l select=1:ncpus=48:mem=380gb -v DB_USER=§u,DB_PASS=§S,RUN_ID=§N jobs/assemble.pbs""", vis="bigmem")
t("command", "srun-export-hf-token", "'h¦f_' AL34", r"""srun -p gpu --gres=gpu:1 --export=ALL,HF_TOKEN=§S python eval.py --model meta-llama/Llama-3.1-8B""", vis="eval.py")
t("command", "apptainer-docker-password-env", "'dckr_p¦at_' sym27", r"""APPTAINER_DOCKER_USERNAME=§u APPTAINER_DOCKER_PASSWORD=§S apptainer pull docker://§O/qc-pipeline:1.8""", vis="apptainer pull")
t("command", "lftp-user-comma-password", "pw", r"""lftp -u §u,'§S' sftp://sftp.sequencing-core.example.org -e "mirror --parallel=4 /outgoing/run_§N ./fastq; bye"
""", vis="sequencing-core")
t("command", "smbclient-user-percent-pass", "pw", r"""smbclient //nas01.lab.example.ac.uk/instruments -U 'LAB\§u%§S' -c 'cd HPLC/§D; prompt; mget *.cdf'""", vis="nas01.lab.example.ac.uk")
t("command", "mount-cifs-options-password", "pw", r"""sudo mount -t cifs //§I/microscopy /mnt/micro -o username=svc_confocal,password=§S,vers=3.0,uid=$(id -u)""", vis="svc_confocal")
t("command", "curl-webdav-nextcloud-upload", "pwu", r"""curl -u §u:§S -T results/§P_summary.xlsx "https://cloud.uni-example.de/remote.php/dav/files/§u/Shared/§P/"
""", vis="remote.php/dav")
t("command", "wget-ftp-creds-in-url", "pwu", r"""wget -m ftp://instrument:§S@ftp.§H/export/plate_reader/""", vis="plate_reader")
t("command", "openssl-enc-k-pass", "pp", r"""openssl enc -aes-256-cbc -pbkdf2 -salt -k '§S' -in participants.csv -out participants.csv.enc""", vis="participants.csv.enc")
t("command", "7z-p-glued", "pw", r"""7z a -t7z -mhe=on -p'§S' cohort_export_§D.7z ./cohort/""", vis="cohort_export")
t("command", "zip-capital-p-password", "pw", r"""zip -r -P §S survey_raw.zip survey_raw/""", vis="survey_raw.zip")
t("command", "gpg-batch-passphrase", "pp", r"""gpg --batch --yes --pinentry-mode loopback --passphrase '§S' -c reports/q3_pnl.xlsx""", vis="q3_pnl.xlsx")
t("command", "pg-dump-pgpassword-prefix", "pw", r"""PGPASSWORD=§S pg_dump -h §H -U backup -Fc -d lims > lims_§D.dump""", vis="pg_dump")
t("command", "influx-write-t-token", "b64 64", r"""influx write -b sensors -o §O -t '§S' -p s @greenhouse_§D.lp""", vis="greenhouse")
t("command", "curl-airbyte-app-token", "an40", r"""curl -s -X POST https://api.airbyte.com/v1/applications/token -H 'content-type: application/json' \
  -d '{"client_id":"§Q","client_secret":"§S"}'""", vis="api.airbyte.com")
t("command", "curl-hex-run-project", "'hxt¦w_' hex64", r"""curl -X POST "https://app.hex.tech/api/v1/project/§Q/run" -H "Authorization: Bearer §S" -d '{"updatePublishedResults": true}'""", vis="updatePublishedResults")
t("command", "curl-mode-token-password", "hex32", r"""curl -s -u §K:§S https://app.mode.com/api/§O/reports/§W/runs""", vis="app.mode.com", k="hex12", w="hex12")
t("command", "curl-looker-login-form", "an24", r"""curl -s -X POST "https://§O.cloud.looker.com/api/4.0/login" -d "client_id=§K&client_secret=§S" | jq -r .access_token""", vis="cloud.looker.com", k="an20")
t("command", "az-login-sp-p-flag", "azs", r"""az login --service-principal -u §Q -p '§S' --tenant §W
az account set -s "PowerBI-Prod"
""", vis="--service-principal", w="uuid")
t("command", "curl-metabase-x-api-key", "'m¦b_' b64 32", r"""curl -s -H "x-api-key: §S" https://metabase.§H/api/card/§N/query/csv -X POST -o card.csv""", vis="query/csv")
t("command", "clickhouse-client-url-form", "pwu", r"""clickhouse client "clickhouse://default:§S@§W.§Y.aws.clickhouse.cloud:9440/default?secure=true" -q "SHOW DATABASES"
""", vis="SHOW DATABASES", w="lc10")
t("command", "gh-auth-login-here-string", "'gh¦p_' an36", r"""gh auth login --hostname github.com --with-token <<< "§S"
gh repo list §O --limit 5""", vis="gh repo list")
t("command", "export-neptune-token", "nep", r"""export NEPTUNE_API_TOKEN="§S"
export NEPTUNE_PROJECT="§O/§P"
python train.py""", vis="NEPTUNE_PROJECT")
t("command", "julia-e-env-assign", "an40", r"""julia --project -e 'ENV["TIINGO_API_KEY"] = "§S"; using MarketData; println(first(tiingo("SPY"), 3))'""", vis="TIINGO_API_KEY")
t("command", "curl-census-key-query", "hex40", r"""curl "https://api.census.gov/data/2022/acs/acs5?get=NAME,B19013_001E&for=county:*&in=state:06&key=§S" -o ca_income.json""", vis="B19013_001E")
t("command", "curl-fred-api-key", "hex32", r"""curl "https://api.stlouisfed.org/fred/series/observations?series_id=DGS10&api_key=§S&file_type=json&observation_start=2000-01-01"
""", vis="DGS10")
t("command", "curl-tiingo-token-header", "hex40", r"""curl -H "Content-Type: application/json" -H "Authorization: Token §S" "https://api.tiingo.com/tiingo/daily/aapl/prices?startDate=2019-01-02"
""", vis="api.tiingo.com")
t("command", "curl-finnhub-token-query", "lc20", r"""curl "https://finnhub.io/api/v1/stock/earnings?symbol=MSFT&token=§S"
""", vis="finnhub.io")
t("command", "ssh-keygen-n-passphrase", "pp", r"""ssh-keygen -t ed25519 -C "§E" -N '§S' -f ~/.ssh/id_ed25519_hpc""", vis="id_ed25519_hpc")
t("command", "openssl-pkcs12-passout", "pw", r"""openssl pkcs12 -export -in bbg_client.crt -inkey bbg_client.key -out bbg_client.p12 -passout pass:§S""", vis="bbg_client.p12")
t("command", "keytool-storepass", "pw", r"""keytool -importcert -alias kafka-ca -file ca.pem -keystore kafka.truststore.jks -storepass §S -noprompt""", vis="kafka.truststore.jks")
t("command", "ldapsearch-w-bind", "pw", r"""ldapsearch -H ldaps://ldap.uni-example.de -D "uid=svc_jhub,ou=services,dc=uni-example,dc=de" -w '§S' -b "ou=people,dc=uni-example,dc=de" "(uid=§u)" mail""", vis="svc_jhub")
t("command", "curl-jupyterhub-token-header", "hex32", r"""curl -H "Authorization: token §S" https://hub.§H/hub/api/users/§u/server -X POST""", vis="hub/api/users")
t("command", "curl-rsconnect-key-header", "an32", r"""curl -H "Authorization: Key §S" https://connect.§H/__api__/v1/content | jq length""", vis="__api__/v1/content")
t("command", "rsconnect-deploy-api-key", "an32", r"""rsconnect deploy shiny ./dashboard --server https://connect.§H --api-key §S --title "§P dashboard"
""", vis="rsconnect deploy")
t("command", "curl-benchling-basic-key", "'s¦k_' an30", r"""curl -u "§S:" https://§O.benchling.com/api/v2/dna-sequences?pageSize=10""", vis="benchling.com/api/v2")
t("command", "curl-labkey-apikey-basic", "'apikey|' hex32", r"""curl -u "apikey:§S" "https://labkey.§H/query/Proteomics/selectRows.api?schemaName=lists&query.queryName=Samples"
""", vis="selectRows.api")
t("command", "curl-nasa-api-key", "an40", r"""curl "https://api.nasa.gov/planetary/apod?date=§D&api_key=§S"
""", vis="planetary/apod")
t("command", "curl-tomorrowio-apikey", "an32", r"""curl --compressed "https://api.tomorrow.io/v4/timelines?location=48.13,11.58&fields=temperature,precipitationIntensity&timesteps=1h&apikey=§S"
""", vis="api.tomorrow.io")
t("command", "curl-visualcrossing-key", "uc25", r"""curl "https://weather.visualcrossing.com/VisualCrossingWebServices/rest/services/timeline/Lisbon/2023-01-01/2023-12-31?unitGroup=metric&include=days&key=§S&contentType=csv" -o lisbon.csv""", vis="VisualCrossingWebServices")
t("command", "curl-rapidapi-header", "rapid", r"""curl --request GET --url 'https://meteostat.p.rapidapi.com/point/daily?lat=43.6&lon=3.88&start=2020-01-01&end=2020-12-31' \
  --header 'X-RapidAPI-Host: meteostat.p.rapidapi.com' --header 'X-RapidAPI-Key: §S'""", vis="meteostat.p.rapidapi.com")
t("command", "gcloud-sql-users-set-password", "pw", r"""gcloud sql users set-password dbt_runner --instance=analytics-pg --password='§S' --project=§P-prod""", vis="analytics-pg")
t("command", "bq-mk-connection-password", "pw", r"""bq mk --connection --connection_type=CLOUD_SQL --properties='{"instanceId":"§P-prod:§Y:analytics-pg","database":"finance","type":"POSTGRES"}' --connection_credential='{"username":"bq_fed","password":"§S"}' --location=EU finance_pg""", vis="bq_fed")
t("command", "snowsql-private-key-passphrase-env", "pp", r"""export PRIVATE_KEY_PASSPHRASE='§S'
snowsql -a §A -u SVC_AIRFLOW --private-key-path ~/.snowflake/rsa_key.p8 -f sql/refresh_marts.sql""", vis="SVC_AIRFLOW")
t("command", "curl-snowflake-sql-api-bearer", "jwtrs", r"""curl -s -X POST "https://§A.snowflakecomputing.com/api/v2/statements" \
  -H "Authorization: Bearer §S" -H "X-Snowflake-Authorization-Token-Type: KEYPAIR_JWT" \
  -d '{"statement":"select current_version()","warehouse":"XS_WH"}'""", vis="KEYPAIR_JWT")
t("command", "curl-tableau-signin-pat", "b64 16 ':' an32", r"""curl -s "https://§O.online.tableau.com/api/3.22/auth/signin" -H "Content-Type: application/json" \
  -d '{"credentials":{"personalAccessTokenName":"etl-refresh","personalAccessTokenSecret":"§S","site":{"contentUrl":"§O"}}}'""", vis="etl-refresh")
t("command", "curl-coinbase-bearer-jwt", "jwtes", r"""curl -s -H "Authorization: Bearer §S" https://api.coinbase.com/api/v3/brokerage/accounts | jq '.accounts[] | {currency, available_balance}'""", vis="brokerage/accounts")
t("command", "python-kraken-secret-arg", "b64 64", r"""python scripts/kraken_balances.py --key §K --secret §S --out balances_§D.csv""", vis="kraken_balances.py", k="b64 42")
t("command", "curl-okx-passphrase-header", "pw", r"""curl -H "OK-ACCESS-KEY: §Q" -H "OK-ACCESS-SIGN: §W" -H "OK-ACCESS-TIMESTAMP: §Z" -H "OK-ACCESS-PASSPHRASE: §S" https://www.okx.com/api/v5/account/balance""", vis="OK-ACCESS-TIMESTAMP", w="b64 32")
t("command", "curl-gocardless-bearer", "'live¦_' sym40", r"""curl -H "Authorization: Bearer §S" -H "GoCardless-Version: 2015-07-06" https://api.gocardless.com/payments?limit=20""", vis="GoCardless-Version")
t("command", "curl-nordigen-token-new", "hex128", r"""curl -X POST "https://bankaccountdata.gocardless.com/api/v2/token/new/" -H "Content-Type: application/json" -d '{"secret_id":"§Q","secret_key":"§S"}'""", vis="token/new")
t("command", "curl-qbo-refresh-grant", "'AB11' dig10 an40", r"""curl -X POST https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer -u "$QBO_CLIENT_ID:$QBO_CLIENT_SECRET" \
  -d grant_type=refresh_token -d refresh_token=§S""", vis="QBO_CLIENT_ID")
t("command", "curl-sendgrid-bearer-report", "'S¦G.' sym22 '.' sym43", r"""curl -X POST https://api.sendgrid.com/v3/mail/send -H "Authorization: Bearer §S" -H 'Content-Type: application/json' -d @daily_report_mail.json""", vis="daily_report_mail.json")
t("command", "curl-slack-webhook-post", "an24", r"""curl -X POST -H 'Content-type: application/json' --data '{"text":"dbt prod run failed: 3 models errored"}' https://hooks.slack.com/services/T§K/B§W/§S""", vis="hooks.slack.com", k="uc10", w="uc10")
t("command", "glab-auth-login-token", "'glpa¦t-' sym20", r"""glab auth login --hostname gitlab.§H --token §S""", vis="glab auth login")
t("command", "vault-login-token-positional", "'hv¦s.' sym90", r"""vault login -address=https://vault.§H §S""", vis="vault login")
t("command", "doctl-auth-init-t", "'dop_¦v1_' hex64", r"""doctl auth init --context research -t §S""", vis="--context research")
t("command", "curl-cloudflare-bearer", "sym40", r"""curl -X GET "https://api.cloudflare.com/client/v4/user/tokens/verify" -H "Authorization: Bearer §S"
""", vis="tokens/verify")
t("command", "tailscale-up-authkey", "'tskey-au¦th-' an17 '-' an32", r"""sudo tailscale up --authkey=§S --hostname=§h --advertise-tags=tag:hpc""", vis="tag:hpc")
t("command", "curl-grafana-sa-bearer", "'gls¦a_' an32 '_' hex8", r"""curl -H "Authorization: Bearer §S" https://grafana.§H/api/dashboards/uid/kafka-lag""", vis="kafka-lag")
t("command", "curl-datadog-api-app-keys", "hex40", r"""curl -s "https://api.datadoghq.eu/api/v1/monitor" -H "DD-API-KEY: ${DD_API_KEY}" -H "DD-APPLICATION-KEY: §S"
""", vis="DD_API_KEY")
t("command", "curl-openai-bearer-batch", "'sk-pr¦oj-' sym48 'T3Blbk¦FJ' sym48", r"""curl https://api.openai.com/v1/batches -H "Authorization: Bearer §S" -H "Content-Type: application/json" \
  -d '{"input_file_id":"file-§W","endpoint":"/v1/chat/completions","completion_window":"24h"}'""", vis="completion_window", w="an24")
t("command", "curl-anthropic-x-api-key", "'sk-an¦t-api03-' sym93 'AA'", r"""curl https://api.anthropic.com/v1/messages -H "x-api-key: §S" -H "anthropic-version: 2023-06-01" -H "content-type: application/json" -d @prompt.json""", vis="anthropic-version")
t("command", "ipmitool-lanplus-p", "pw", r"""ipmitool -I lanplus -H §I -U ADMIN -P '§S' chassis power status""", vis="chassis power status")
t("command", "curl-unifi-controller-login", "pw", r"""curl -k -c cj.txt -d '{"username":"labadmin","password":"§S"}' https://§I:8443/api/login""", vis="labadmin")
t("command", "hdfs-dfs-s3a-inline-secret", "b64 30", r"""hadoop distcp -Dfs.s3a.access.key=AK¦IA§K -Dfs.s3a.secret.key=§S hdfs:///warehouse/events s3a://§B/events""", vis="hadoop distcp", k="uc16")
t("command", "presto-jdbc-url-password-param", "pwu", r"""java -jar sqlline.jar -u "jdbc:trino://trino.§H:443/hive?SSL=true&user=§u&password=§S" -e "select 1"
""", vis="sqlline.jar")
t("command", "esri-arcpy-signin", "pw", r"""python -c "import arcpy; arcpy.SignInToPortal('https://gis.§H/portal', '§u', '§S')"
""", vis="SignInToPortal")
t("command", "r-cmd-check-with-github-pat", "'github_pa¦t_' an22 '_' an59", r"""GITHUB_PAT=§S R -e 'remotes::install_github("§O/labutils", ref = "v0.4.2")'""", vis="install_github")
t("command", "kaggle-env-inline", "hex32", r"""KAGGLE_USERNAME=§u KAGGLE_KEY=§S kaggle datasets download -d §O/§P --unzip -p data/raw""", vis="kaggle datasets download")
t("command", "curl-wandb-graphql-basic", "hex40", r"""curl -s -u "api:§S" https://api.wandb.ai/graphql -d '{"query":"{ viewer { username } }"}'""", vis="api.wandb.ai/graphql")
t("command", "ssh-sudo-s-echo", "pw", r"""ssh §u@§H "echo '§S' | sudo -S systemctl restart airflow-scheduler"
""", vis="airflow-scheduler")
t("command", "curl-refinitiv-password-grant", "pw", r"""curl -s -X POST https://api.refinitiv.com/auth/oauth2/v1/token -d "username=GE-A-§N&password=§S&grant_type=password&scope=trapi&takeExchange=true&client_id=§K"
""", vis="api.refinitiv.com", k="hex40")
t("command", "powershell-securestring-plain", "pw", r"""PS C:\Users\§u> $pw = ConvertTo-SecureString '§S' -AsPlainText -Force
PS C:\Users\§u> $cred = New-Object System.Management.Automation.PSCredential('CORP\svc_pbi', $pw)
PS C:\Users\§u> Invoke-Sqlcmd -ServerInstance §H -Credential $cred -Query "EXEC etl.RefreshDims"
""", vis="svc_pbi")
t("command", "curl-x-api-key-comet-rest", "an25", r"""curl -s -H "Authorization: §S" "https://www.comet.com/api/rest/v2/experiments?projectId=§W" | jq '.experiments | length'""", vis="comet.com/api/rest", w="hex32")
t("command", "curl-neptune-nothing-but-key", "nep", r"""neptune sync --project §O/§P --api-token §S --path .neptune/offline""", vis="neptune sync")
t("command", "dvc-remote-add-webdav-password", "pw", r"""dvc remote add -d nas webdavs://cloud.uni-example.de/remote.php/dav/files/§u/dvc
dvc remote modify --local nas user §u
dvc remote modify --local nas password '§S'""", vis="webdavs://cloud.uni-example.de")
t("command", "curl-huggingface-bearer-upload", "'h¦f_' AL34", r"""curl -X POST -H "Authorization: Bearer §S" https://huggingface.co/api/repos/create -d '{"type":"dataset","name":"§P","private":true}'""", vis="api/repos/create")

# ======================================================================
# tool-output
# ======================================================================
t("tool-output", "printenv-grep-snowflake", "pw", r"""$ printenv | grep -i snow
SNOWFLAKE_ACCOUNT=§A
SNOWFLAKE_USER=§U
SNOWFLAKE_PASSWORD=§S
SNOWFLAKE_ROLE=TRANSFORMER
SNOWFLAKE_WAREHOUSE=TRANSFORM_WH
""", vis="SNOWFLAKE_ROLE=TRANSFORMER")
t("tool-output", "gcloud-print-access-token", "'ya29.' sym150", r"""$ gcloud auth print-access-token --impersonate-service-account=dbt-runner@§P.iam.gserviceaccount.com
WARNING: This command is using service account impersonation. All API calls will be executed as [dbt-runner@§P.iam.gserviceaccount.com].
§S
""", vis="dbt-runner@§P.iam.gserviceaccount.com")
t("tool-output", "az-get-access-token-json", "jwtrs", r"""$ az account get-access-token --resource https://analysis.windows.net/powerbi/api
{
  "accessToken": "§S",
  "expiresOn": "§D §T.000000",
  "subscription": "§Q",
  "tenant": "§W",
  "tokenType": "Bearer"
}""", vis="analysis.windows.net/powerbi/api", w="uuid")
t("tool-output", "databricks-tokens-create-json", "'dap¦i' hex32 '-2'", r"""$ databricks tokens create --comment "airflow prod" --lifetime-seconds 7776000
{
  "token_info": {
    "comment": "airflow prod",
    "creation_time": 1714473600000,
    "expiry_time": 1722249600000,
    "token_id": "§K"
  },
  "token_value": "§S"
}""", vis="airflow prod", k="hex64")
t("tool-output", "jupyter-server-list-token", "hex48", r"""(base) [§u@§h ~]$ jupyter server list
Currently running servers:
http://§h:8888/?token=§S :: /home/§u/§P
""", vis="Currently running servers")
t("tool-output", "jupyterlab-startup-banner-url", "hex48", r"""[I 2024-05-14 09:12:44.512 ServerApp] Jupyter Server 2.14.0 is running at:
[I 2024-05-14 09:12:44.512 ServerApp] http://§h:8890/lab?token=§S
[I 2024-05-14 09:12:44.512 ServerApp]     http://127.0.0.1:8890/lab?token=§S
[I 2024-05-14 09:12:44.512 ServerApp] Use Control-C to stop this server and shut down all kernels (twice to skip confirmation).
""", vis="Jupyter Server 2.14.0")
t("tool-output", "airflow-connections-get-table", "pw", r"""$ airflow connections get snowflake_default -o plain
id  | conn_id           | conn_type | description | host | schema    | login     | password   | port | is_encrypted | is_extra_encrypted | extra_dejson
====+===================+===========+=============+======+===========+===========+============+======+==============+====================+=============
4   | snowflake_default | snowflake | None        |      | ANALYTICS | AIRFLOW   | §S | None | False        | False              | {'account': '§A', 'warehouse': 'LOAD_WH'}
""", vis="snowflake_default")
t("tool-output", "prefect-config-view-show-secrets", "'pn¦u_' an36", r"""$ prefect config view --show-secrets
🚀 you are connected to:
https://app.prefect.cloud/account/§Q/workspace/§W
PREFECT_PROFILE='prod'
PREFECT_API_KEY='§S' (from profile)
PREFECT_API_URL='https://api.prefect.cloud/api/accounts/§Q/workspaces/§W' (from profile)
""", vis="PREFECT_PROFILE='prod'", w="uuid")
t("tool-output", "confluent-api-key-create-table", "b64 48", r"""$ confluent api-key create --resource lkc-§W --description "dagster sensor"
It may take a couple of minutes for the API key to be ready.
Save the API key and secret. The secret is not retrievable later.
+------------+------------------------------------------------------------------+
| API Key    | §K                                                 |
| API Secret | §S |
+------------+------------------------------------------------------------------+
""", vis="dagster sensor", k="uc16", w="lc5")
t("tool-output", "conda-config-show-channels-token", "'a1-' an30", r"""$ conda config --show channels
channels:
  - https://conda.anaconda.org/t/§S/§O
  - conda-forge
  - bioconda
""", vis="bioconda")
t("tool-output", "pip-config-list-index", "pwu", r"""$ pip config list
global.extra-index-url='https://§u:§S@nexus.§H/repository/pypi-internal/simple'
global.timeout='60'
""", vis="global.timeout")
t("tool-output", "git-remote-v-token", "'glpa¦t-' sym20", r"""$ git remote -v
origin	https://oauth2:§S@gitlab.§H/analytics/§P.git (fetch)
origin	https://oauth2:§S@gitlab.§H/analytics/§P.git (push)
""", vis="analytics/§P.git")
t("tool-output", "git-config-list-extraheader", "b64adopat", r"""$ git config --list --show-origin | grep -i http
file:.git/config	http.https://dev.azure.com/.extraheader=AUTHORIZATION: basic §S
file:/home/§u/.gitconfig	http.sslverify=true
""", vis="http.sslverify=true")
t("tool-output", "docker-inspect-env-array", "pw", r"""$ docker inspect -f '{{json .Config.Env}}' metabase | jq .
[
  "MB_DB_TYPE=postgres",
  "MB_DB_DBNAME=metabase",
  "MB_DB_PORT=5432",
  "MB_DB_USER=metabase",
  "MB_DB_PASS=§S",
  "MB_DB_HOST=§H",
  "JAVA_TIMEZONE=Europe/Berlin"
]""", vis="MB_DB_USER=metabase")
t("tool-output", "kubectl-get-secret-yaml-b64", "b64pw", r"""$ kubectl -n airflow get secret airflow-metadata -o yaml
apiVersion: v1
data:
  connection: cG9zdGdyZXNxbDovL2FpcmZsb3c6QGFpcmZsb3ctcGc6NTQzMi9haXJmbG93
  password: §S
kind: Secret
metadata:
  name: airflow-metadata
  namespace: airflow
type: Opaque""", vis="airflow-metadata")
t("tool-output", "kubectl-jsonpath-decoded", "pw", r"""$ kubectl -n trino get secret trino-ldap -o jsonpath='{.data.bind-password}' | base64 -d
§S""", vis="trino-ldap")
t("tool-output", "helm-get-values-airflow", "b64p 32", r"""$ helm get values airflow -n airflow
USER-SUPPLIED VALUES:
executor: KubernetesExecutor
fernetKey: §S
webserverSecretKeySecretName: airflow-webserver-secret
defaultAirflowRepository: registry.§H/data/airflow
defaultAirflowTag: 2.9.1-py3.11""", vis="KubernetesExecutor")
t("tool-output", "terraform-output-raw-password", "pws", r"""$ terraform output -raw clickhouse_admin_password
§S$ """, vis="clickhouse_admin_password")
t("tool-output", "terraform-state-show-rds", "pws", r"""$ terraform state show aws_db_instance.mlflow
# aws_db_instance.mlflow:
resource "aws_db_instance" "mlflow" {
    allocated_storage     = 50
    engine                = "postgres"
    engine_version        = "15.5"
    identifier            = "mlflow-backend"
    password              = "§S"
    username              = "mlflow"
}""", vis="mlflow-backend")
t("tool-output", "pulumi-config-show-secrets", "pw", r"""$ pulumi config --show-secrets
KEY                       VALUE
aws:region                §Y
lakehouse:dbPassword      §S
lakehouse:env             staging
""", vis="lakehouse:env")
t("tool-output", "ps-aux-password-arg", "pw", r"""$ ps aux | grep -v grep | grep loader
§u  48122  3.1  0.4 812344 65520 ?  Sl  09:14  0:41 python -m loader.sync --dsn host=§H --db-user loader --db-password §S --batch 5000
""", vis="loader.sync")
t("tool-output", "history-grep-curl", "hex32", r"""$ history | grep -i curl | tail -3
 1987  curl -s "https://api.openweathermap.org/data/2.5/forecast?q=Utrecht&appid=§S" | jq '.list[0]'
 1988  curl -I https://www.knmi.nl
 1991  history | grep -i curl | tail -3
""", vis="www.knmi.nl")
t("tool-output", "sacct-submitline", "hex40", r"""$ sacct -j §J -o JobID,JobName%20,State,SubmitLine%160
JobID           JobName      State                                                                                                                       SubmitLine
------------ -------------------- ---------- ----------------------------------------------------------------------------------------------------------------------------------------------------------------
§J        finetune-§P  COMPLETED sbatch --export=ALL,WANDB_API_KEY=§S --gres=gpu:4 finetune.sh
""", vis="COMPLETED")
t("tool-output", "scontrol-show-job-command", "an25", r"""$ scontrol show job §J | grep -E "Command|WorkDir|StdOut"
   Command=/home/§u/§P/run.sh --comet-key §S --seed 17
   WorkDir=/home/§u/§P
   StdOut=/scratch/§u/logs/slurm-§J.out
""", vis="WorkDir=/home/§u/§P")
t("tool-output", "proc-environ-tr", "'gh¦p_' an36", r"""$ cat /proc/$(pgrep -f rstudio-server | head -1)/environ | tr '\0' '\n' | grep -E 'GITHUB|R_LIBS'
R_LIBS_USER=/home/§u/R/x86_64-pc-linux-gnu-library/4.3
GITHUB_PAT=§S
""", vis="R_LIBS_USER")
t("tool-output", "systemctl-show-environment", "pw", r"""$ systemctl show superset --property=Environment
Environment=SUPERSET_CONFIG_PATH=/etc/superset/superset_config.py DATABASE_PASSWORD=§S PYTHONUNBUFFERED=1
""", vis="SUPERSET_CONFIG_PATH")
t("tool-output", "crontab-l-curl-key", "an32", r"""$ crontab -l
# m h dom mon dow command
15 22 * * 1-5 /opt/quant/bin/pull_eod.sh >> /var/log/quant/eod.log 2>&1
30 6 * * * curl -s "https://api.polygon.io/v1/marketstatus/now?apiKey=§S" > /tmp/mstatus.json
""", vis="pull_eod.sh")
t("tool-output", "aws-iam-create-access-key", "b64 30", r"""$ aws iam create-access-key --user-name svc-fivetran
{
    "AccessKey": {
        "UserName": "svc-fivetran",
        "AccessKeyId": "AK¦IA§K",
        "Status": "Active",
        "SecretAccessKey": "§S",
        "CreateDate": "§Z"
    }
}""", vis="svc-fivetran", k="uc16")
t("tool-output", "aws-sts-assume-role-truncated", "b64 30", r"""$ aws sts assume-role --role-arn arn:aws:iam::§N12345678:role/athena-analyst --role-session-name §u
{
    "Credentials": {
        "AccessKeyId": "ASI¦A§K",
        "SecretAccessKey": "§S",
        "SessionToken": "IQoJb3JpZ2luX2VjE...[1042 chars truncated by agent]",
        "Expiration": "§Z"
    }
}""", vis="athena-analyst", k="uc16")
t("tool-output", "az-sp-create-for-rbac", "azs", r"""$ az ad sp create-for-rbac --name sp-powerbi-refresh --role Reader --scopes /subscriptions/§W
{
  "appId": "§Q",
  "displayName": "sp-powerbi-refresh",
  "password": "§S",
  "tenant": "§K"
}""", vis="sp-powerbi-refresh", k="uuid", w="uuid")
t("tool-output", "az-storage-keys-list-table", "b64 64", r"""$ az storage account keys list -n §W -o table
KeyName    Permissions    Value
---------  -------------  ----------------------------------------------------------------------------------------
key1       FULL           §S
key2       FULL           ****************************************************************************************
""", vis="Permissions", w="lc14")
t("tool-output", "gcloud-secrets-access-latest", "pw", r"""$ gcloud secrets versions access latest --secret=looker-db-password --project=§P-prod
§S""", vis="looker-db-password")
t("tool-output", "vault-kv-get-table", "pw", r"""$ vault kv get secret/data-platform/redshift
====== Secret Path ======
secret/data/data-platform/redshift

======= Metadata =======
Key                Value
---                -----
created_time       §Z
version            7

====== Data ======
Key         Value
---         -----
password    §S
username    dbt_prod
""", vis="dbt_prod")
t("tool-output", "op-read-output", "an40", r"""$ op read "op://Research/Tiingo/credential"
§S""", vis="op://Research/Tiingo/credential")
t("tool-output", "docker-compose-config-resolved", "pw", r"""$ docker compose config | sed -n '/superset:/,/volumes/p'
  superset:
    environment:
      DATABASE_DB: superset
      DATABASE_HOST: db
      DATABASE_PASSWORD: §S
      DATABASE_USER: superset
      REDIS_HOST: redis
""", vis="DATABASE_USER: superset")
t("tool-output", "heroku-config-output", "pwu", r"""$ heroku config -a §P-dash
=== §P-dash Config Vars
DATABASE_URL:  postgres://§W:§S@ec2-§N-§N.compute-1.amazonaws.com:5432/d§K
DASH_DEBUG:    false
""", vis="DASH_DEBUG", k="lc13", w="lc14")
t("tool-output", "dvc-config-list-local", "b64 30", r"""$ dvc config --list --local
remote.storage.access_key_id=AK¦IA§K
remote.storage.secret_access_key=§S
core.remote=storage
""", vis="core.remote=storage", k="uc16")
t("tool-output", "mc-admin-svcacct-add", "an40", r"""$ mc admin user svcacct add labminio dvc-user
Access Key: §K
Secret Key: §S
Expiration: no-expiry
""", vis="no-expiry", k="uc20")
t("tool-output", "rclone-config-show-section", "b64 30", r"""$ rclone config show wasabi
[wasabi]
type = s3
provider = Wasabi
access_key_id = §K
secret_access_key = §S
endpoint = s3.eu-central-2.wasabisys.com
""", vis="wasabisys.com", k="uc20")
t("tool-output", "stripe-config-list", "'rk_l¦ive_' an99", r"""$ stripe config --list
[default]
  device_name = "§h"
  live_mode_api_key = "§S"
  live_mode_key_expires_at = "2025-02-11"
""", vis="device_name", )
t("tool-output", "nextflow-secrets-get", "hex32", r"""$ nextflow secrets list
NCBI_API_KEY
TOWER_ACCESS_TOKEN
$ nextflow secrets get NCBI_API_KEY
§S""", vis="TOWER_ACCESS_TOKEN")
t("tool-output", "globus-gcs-client-secret-output", "b64 32", r"""$ globus-connect-server endpoint setup "§L Lab GCS" --organization "§O" --owner §E --contact-email §E
...
Created endpoint §Q
Client ID: §W
Client Secret: §S
Please keep the client secret somewhere safe.
""", vis="Created endpoint", w="uuid")
t("tool-output", "curl-verbose-basic-header", "b64basic", r"""$ curl -v https://airflow.§H/api/v1/health -u ...
*   Trying §I:443...
* Connected to airflow.§H (§I) port 443
> GET /api/v1/health HTTP/2
> Host: airflow.§H
> authorization: Basic §S
> user-agent: curl/8.5.0
< HTTP/2 200
""", vis="/api/v1/health")
t("tool-output", "curl-verbose-cookie-session", "b64u 48", r"""> GET /api/v1/chart/ HTTP/1.1
> Host: superset.§H
> Cookie: session=§S; csrf_token=
< HTTP/1.1 200 OK
< Content-Type: application/json
""", vis="/api/v1/chart/")
t("tool-output", "ipython-os-environ-dict", "sym40", r"""In [7]: {k: v for k, v in os.environ.items() if 'CLOUDFLARE' in k or 'R2' in k}
Out[7]:
{'R2_ACCOUNT_ID': '§K',
 'R2_BUCKET': 'tiles',
 'CLOUDFLARE_API_TOKEN': '§S'}""", vis="R2_BUCKET", k="hex32")
t("tool-output", "r-sys-getenv-listing", "hex40", r"""> Sys.getenv(c("CENSUS_API_KEY", "R_LIBS_USER", "TZ"))
                                CENSUS_API_KEY                                    R_LIBS_USER
"§S"        "~/R/library"
                                            TZ
                               "America/Chicago"
""", vis="America/Chicago")
t("tool-output", "matlab-getenv-echo", "an32", r""">> key = getenv("POLYGON_KEY")
key =
    "§S"
>> data = webread("https://api.polygon.io/v3/reference/tickers?market=fx", "apiKey", key);
""", vis="reference/tickers")
t("tool-output", "stata-display-global", "pw", r""". global dbpass "§S"
. display "$dbpass"
§S
. odbc list
""", vis="odbc list")
t("tool-output", "git-log-p-removed-line", "hex32", r"""$ git log -p -S FRED_API_KEY -- notebooks/macro.py | head -20
commit §C
Author: §F §L <§E>
Date:   Tue Mar 5 10:41:12 2024 +0100

    move fred key to env

@@ -3,7 +3,7 @@ import pandas as pd
-FRED_API_KEY = "§S"
+FRED_API_KEY = os.environ["FRED_API_KEY"]
""", vis="move fred key to env")
t("tool-output", "git-diff-added-password", "pw", r"""$ git diff --cached profiles.yml
@@ -8,6 +8,7 @@ analytics:
       type: redshift
       host: §H
       user: dbt_ci
+      password: "§S"
       port: 5439
       dbname: analytics
""", vis="dbt_ci")
t("tool-output", "grep-rn-api-key-hits", "an40", r"""$ grep -rn "api_key" --include=*.py .
./src/feeds/tiingo.py:12:    api_key = os.getenv("TIINGO_API_KEY")
./notebooks/scratch/explore_fx.py:4:api_key = "§S"  # TODO remove
./tests/test_feeds.py:30:    monkeypatch.setenv("TIINGO_API_KEY", "dummy")
""", vis="explore_fx.py")
t("tool-output", "rg-token-hit-yaml", "hex64", r"""$ rg -n "token" deploy/
deploy/values-prod.yaml
41:  mlflowToken: §S
deploy/README.md
12:Set the tracking token via the sealed secret, not in values files.
""", vis="sealed secret")
t("tool-output", "git-credential-fill", "'gh¦o_' an36", r"""$ printf 'protocol=https\nhost=github.com\n\n' | git credential fill
protocol=https
host=github.com
username=§u
password=§S
""", vis="host=github.com")
t("tool-output", "macos-security-find-password", "pw", r"""$ security find-generic-password -s "snowflake-prod" -a §U -w
§S
""", vis="snowflake-prod")
t("tool-output", "secret-tool-lookup", "pw", r"""$ secret-tool lookup service eduroam user §E
§S""", vis="service eduroam")
t("tool-output", "netsh-wlan-key-clear", "pw", r"""Security settings
-----------------
    Authentication         : WPA2-Enterprise
    Cipher                 : CCMP
    Security key           : Present
    Key Content            : §S

Cost settings
-------------""", vis="WPA2-Enterprise")
t("tool-output", "nmcli-show-secrets", "pw", r"""$ nmcli --show-secrets connection show eduroam | grep 802-1x
802-1x.eap:                             peap
802-1x.identity:                        §E
802-1x.anonymous-identity:              anonymous@uni-example.de
802-1x.password:                        §S
802-1x.phase2-auth:                     mschapv2
""", vis="802-1x.phase2-auth")
t("tool-output", "redis-config-get-requirepass", "hex32", r"""127.0.0.1:6379> CONFIG GET requirepass
1) "requirepass"
2) "§S"
""", vis="CONFIG GET requirepass")
t("tool-output", "aws-secretsmanager-secretstring", "pws", r"""$ aws secretsmanager get-secret-value --secret-id prod/trino/ldap --query SecretString --output text
{"username":"svc_trino","password":"§S","host":"ldaps://ad.corp.example.com"}""", vis="svc_trino")
t("tool-output", "sops-decrypt-yaml", "pw", r"""$ sops -d secrets/prod.enc.yaml
clickhouse:
    user: ingest
    password: §S
kafka:
    bootstrap: §H:9092
""", vis="user: ingest")
t("tool-output", "ansible-vault-view", "pw", r"""$ ansible-vault view group_vars/jupyterhub/vault.yml
Vault password:
vault_ldap_bind_pw: "§S"
vault_hub_cookie_secret_file: /srv/jupyterhub/jupyterhub_cookie_secret
""", vis="vault_hub_cookie_secret_file")
t("tool-output", "psql-airflow-connection-rows", "pw", r"""airflow=> select conn_id, conn_type, login, password, is_encrypted from connection where conn_type = 'postgres';
   conn_id    | conn_type | login  |   password   | is_encrypted
--------------+-----------+--------+--------------+--------------
 postgres_dwh | postgres  | etl    | §S | f
(1 row)""", vis="postgres_dwh")
t("tool-output", "clickhouse-show-create-pg-engine", "pw", r"""SHOW CREATE TABLE staging.pg_customers

CREATE TABLE staging.pg_customers
(
    `id` Int64,
    `email` String
)
ENGINE = PostgreSQL('§H:5432', 'crm', 'customers', 'ch_reader', '§S')
""", vis="ch_reader")
t("tool-output", "pg-dumpall-globals-password", "pw", r"""$ pg_dumpall --globals-only | grep -i "role metabase"
CREATE ROLE metabase;
ALTER ROLE metabase WITH NOSUPERUSER INHERIT NOCREATEROLE NOCREATEDB LOGIN NOREPLICATION NOBYPASSRLS PASSWORD '§S';
""", vis="NOBYPASSRLS")
t("tool-output", "sqlite-mlflow-tokens-row", "hex40", r"""sqlite> select id, user_id, name, token from api_tokens limit 2;
1|3|ci-runner|§S
2|7|notebook|<revoked>
""", vis="ci-runner")
t("tool-output", "lims-users-query-output", "an32", r"""mysql> SELECT username, role, api_token FROM users WHERE role='instrument';
+------------------+------------+----------------------------------+
| username         | role       | api_token                        |
+------------------+------------+----------------------------------+
| qexactive-01     | instrument | §S |
+------------------+------------+----------------------------------+
1 row in set (0.00 sec)""", vis="qexactive-01")
t("tool-output", "kubectl-exec-env", "'dap¦i' hex32", r"""$ kubectl exec -n dagster deploy/dagster-user-code -- env | grep -E '^DATABRICKS'
DATABRICKS_HOST=https://dbc-§K.cloud.databricks.com
DATABRICKS_TOKEN=§S
""", vis="cloud.databricks.com", k="hex8")
t("tool-output", "kubectl-describe-pod-env", "pw", r"""Containers:
  trino-coordinator:
    Image:      trinodb/trino:447
    Environment:
      JAVA_TOOL_OPTIONS:  -Xmx24G
      LDAP_BIND_PASSWORD:  §S
      CATALOG_MANAGEMENT:  dynamic
    Mounts:
      /etc/trino from config (rw)""", vis="trinodb/trino:447")
t("tool-output", "kubectl-get-cm-yaml-leak", "pw", r"""$ kubectl get configmap mlflow-env -o yaml
apiVersion: v1
data:
  BACKEND_STORE_URI: postgresql://mlflow:§S@mlflow-pg:5432/mlflow
  DEFAULT_ARTIFACT_ROOT: s3://§B/mlflow
kind: ConfigMap""", vis="DEFAULT_ARTIFACT_ROOT")
t("tool-output", "gh-auth-status-show-token", "'gh¦o_' an36", r"""$ gh auth status -t
github.com
  ✓ Logged in to github.com account §u (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: §S
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'
""", vis="Git operations protocol")
t("tool-output", "python-fernet-generate-output", "b64p 32", r"""$ python -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())"
§S
""", vis="Fernet.generate_key")
t("tool-output", "openssl-rand-used-as-secret", "b64 32", r"""$ openssl rand -base64 32
§S
# -> pasted into superset_config.py as SECRET_KEY on superset-prod""", vis="superset-prod")
t("tool-output", "ccxt-exchange-repr", "an64", r""">>> ex = ccxt.binance({'apiKey': os.environ['BN_KEY'], 'secret': os.environ['BN_SECRET']})
>>> {k: getattr(ex, k) for k in ('id', 'apiKey', 'secret', 'enableRateLimit')}
{'id': 'binance', 'apiKey': '<from env>', 'secret': '§S', 'enableRateLimit': True}""", vis="enableRateLimit")
t("tool-output", "alpaca-client-repr", "an40", r""">>> client
TradingClient(api_key='PK§K', secret_key='§S', paper=True, url_override=None)""", vis="paper=True", k="uc18")
t("tool-output", "notebook-output-print-config", "pw", r"""[12]: print(cfg)
{'db': {'host': '§H', 'port': 5432, 'user': 'quant_ro', 'password': '§S'}, 'universe': 'SP500', 'start': '2015-01-01'}""", vis="quant_ro")
t("tool-output", "pandas-df-head-credentials-col", "hex32", r"""In [4]: accounts.head(3)
Out[4]:
        venue      account_id   api_key_id                           api_secret
0     binance   SUB-§N        §K  §S
1      kraken   KR-§N         (see vault)                                    NaN
2  coinbase    CB-§N          (see vault)                                    NaN""", vis="api_key_id", k="hex12")
t("tool-output", "gcloud-iam-keys-create-cat", "pemp8", r"""$ gcloud iam service-accounts keys create key.json --iam-account=looker-bq@§P.iam.gserviceaccount.com && jq -r .private_key key.json
created key [§G] of type [json] as [key.json] for [looker-bq@§P.iam.gserviceaccount.com]
-----BEGIN PRIV¦ATE KEY-----
§S
-----END PRIV¦ATE KEY-----
""", vis="looker-bq@§P.iam.gserviceaccount.com")
t("tool-output", "cat-id-rsa-output", "pemrsa", r"""$ cat ~/.ssh/id_rsa_globus
-----BEGIN RSA PRIV¦ATE KEY-----
§S
-----END RSA PRIV¦ATE KEY-----
$ ls -l ~/.ssh/id_rsa_globus
-rw------- 1 §u §u 1679 Feb  2 11:03 /home/§u/.ssh/id_rsa_globus""", vis="id_rsa_globus")
t("tool-output", "cat-openssh-ed25519", "pemssh", r"""[§u@login1 ~]$ cat .ssh/id_ed25519
-----BEGIN OPENSSH PRIV¦ATE KEY-----
§S
-----END OPENSSH PRIV¦ATE KEY-----
""", vis="login1")
t("tool-output", "coinbase-cdp-key-download-json", "pemec", r"""$ cat ~/Downloads/cdp_api_key.json
{
   "name": "organizations/§Q/apiKeys/§W",
   "privateKey": "-----BEGIN EC PRIV¦ATE KEY-----\n§S\n-----END EC PRIV¦ATE KEY-----\n"
}""", vis="organizations/§Q", w="uuid", esc=True)
t("tool-output", "snow-connection-test-output", "pw", r"""$ snow connection test -c dev --password '§S'
+----------------------------------------------------------+
| key             | value                                  |
|-----------------+----------------------------------------|
| Connection name | dev                                    |
| Status          | OK                                     |
| Host            | §A.snowflakecomputing.com              |
| Account         | §A                                     |
| User            | §U                                     |
+----------------------------------------------------------+""", vis="Connection name")
t("tool-output", "dbt-debug-env-dump", "pw", r"""$ env | grep DBT_
DBT_PROFILES_DIR=/opt/dbt
DBT_TARGET=prod
DBT_ENV_SECRET_REDSHIFT_PASSWORD=§S
$ dbt debug
Running with dbt=1.8.2
  Connection test: [OK connection ok]""", vis="DBT_TARGET=prod")
t("tool-output", "mlflow-server-ps-args", "pwu", r"""$ ps -eo pid,args | grep "mlflow server"
 2211 /opt/conda/bin/python /opt/conda/bin/mlflow server --backend-store-uri postgresql://mlflow:§S@§I:5432/mlflow --default-artifact-root s3://§B --host 0.0.0.0
""", vis="--default-artifact-root")
t("tool-output", "winscp-session-ini-dump", "pw", r"""> type "%APPDATA%\WinSCP.ini" | findstr /i "hostname username password"
HostName=sftp.vendor-data.example.com
UserName=§u
PasswordPlain=§S
""", vis="sftp.vendor-data.example.com")
t("tool-output", "ibkr-gateway-config-cat", "pw", r"""$ cat ~/ibc/config.ini | grep -v '^#' | grep -v '^$' | head -6
IbLoginId=§u
IbPassword=§S
TradingMode=paper
AcceptIncomingConnectionAction=reject
ReadOnlyApi=yes
""", vis="TradingMode=paper")
t("tool-output", "bloomberg-sapi-cert-pass-log", "pw", r"""$ ./bpipe_check --host §H --port 8194 --tls-client bbg_client.p12 --tls-client-pass §S --auth-app §O:BPIPE
Session started. Authorization successful for application §O:BPIPE
""", vis="Authorization successful")
t("tool-output", "earthaccess-login-repr", "jwtrs", r""">>> auth = earthaccess.login(strategy="environment")
>>> auth.token
{'access_token': '§S', 'token_type': 'Bearer', 'expiration_date': '§D'}""", vis="earthaccess.login")
t("tool-output", "cdsapi-client-repr", "uuid", r""">>> c = cdsapi.Client()
>>> vars(c)['key'], c.url
('§S', 'https://cds.climate.copernicus.eu/api')""", vis="cdsapi.Client")
t("tool-output", "wandb-settings-dump", "hex40", r"""wandb: Currently logged in as: §u (§O). Use `wandb login --relogin` to force relogin
>>> wandb.setup().settings.api_key
'§S'""", vis="wandb login --relogin")
t("tool-output", "hf-hub-get-token-repr", "'h¦f_' AL34", r""">>> from huggingface_hub import get_token, whoami
>>> get_token()
'§S'
>>> whoami()['name']
'§u'""", vis="whoami")
t("tool-output", "kaggle-config-view", "hex32", r"""$ kaggle config view
Configuration values from /home/§u/.config/kaggle
- username: §u
- key: §S
- path: None
- proxy: None
- competition: None""", vis="Configuration values from")
t("tool-output", "ngrok-config-check", "an27 '_' an22", r"""$ ngrok config check
Valid configuration file at /home/§u/.config/ngrok/ngrok.yml
$ cat /home/§u/.config/ngrok/ngrok.yml
version: "2"
authtoken: §S
""", vis="Valid configuration file")
t("tool-output", "docker-history-build-arg", "an40", r"""$ docker history --no-trunc registry.§H/quant/backtester:2.1 | grep ARG
<missing>   3 days ago   ARG POLYGON_API_KEY=§S                                 0B        buildkit.dockerfile.v0
""", vis="buildkit.dockerfile.v0")
t("tool-output", "sagemaker-describe-env", "hex40", r"""$ aws sagemaker describe-training-job --training-job-name §P-§N --query 'Environment'
{
    "WANDB_API_KEY": "§S",
    "WANDB_PROJECT": "§P"
}""", vis="describe-training-job")
t("tool-output", "gcloud-run-describe-env", "pw", r"""$ gcloud run services describe dash-app --region §Y --format='value(spec.template.spec.containers[0].env)'
{'name': 'DB_USER', 'value': 'dash'};{'name': 'DB_PASS', 'value': '§S'};{'name': 'DB_NAME', 'value': 'kpis'}""", vis="dash-app")
t("tool-output", "ssh-v-debug-password-echo", "pw", r"""$ sshpass -v -p '§S' ssh §u@§H hostname
SSHPASS: searching for password prompt using match "assword"
SSHPASS: read: §u@§H's password:
SSHPASS: detected prompt. Sending password.
§H""", vis="SSHPASS: detected prompt")
t("tool-output", "influx-auth-list-table", "b64 64", r"""$ influx auth list --user telegraf
ID			Description	Token													User Name	User ID			Permissions
§K	telegraf-lab	§S	telegraf	§W	[write:orgs/§K/buckets]""", vis="telegraf-lab", k="hex16", w="hex16")
t("tool-output", "cat-pgpass-output", "pw", r"""$ cat ~/.pgpass
# hostname:port:database:username:password
§H:5432:warehouse:analyst:§S
localhost:5432:*:postgres:*
""", vis="hostname:port:database:username:password")
t("tool-output", "env-sorted-job-start", "b64 32", r"""== environment at job start (Slurm §J) ==
CUDA_VISIBLE_DEVICES=0,1
GLOBUS_CLIENT_ID=§Q
GLOBUS_CLIENT_SECRET=§S
HOME=/home/§u
OMP_NUM_THREADS=16
""", vis="CUDA_VISIBLE_DEVICES")
t("tool-output", "ollama-ps-style-table-with-key", "'gs¦k_' an52", r"""NAME                 PROVIDER  ENDPOINT                                   KEY
llama-70b-eval       groq      https://api.groq.com/openai/v1             §S
mixtral-local        ollama    http://localhost:11434                     -
""", vis="mixtral-local")
t("tool-output", "http-response-token-endpoint", "jwt", r"""HTTP/1.1 200 OK
Content-Type: application/json
Cache-Control: no-store

{"access_token":"§S","token_type":"bearer","expires_in":3600,"scope":"read:datasets"}""", vis="read:datasets")
t("tool-output", "orcid-token-response", "uuid", r"""{"access_token":"§S","token_type":"bearer","refresh_token":"<not issued>","expires_in":631138518,"scope":"/read-public","name":null,"orcid":null}""", vis="/read-public")
t("tool-output", "plaid-item-public-token-exchange", "'access-sandbo¦x-' uuid", r"""$ python plaid_link.py exchange --public-token public-sandbox-§W
{
  "access_token": "§S",
  "item_id": "§K",
  "request_id": "§N"
}""", vis="plaid_link.py", k="an37", w="uuid")
t("tool-output", "xero-token-response-refresh", "hex64", r"""{"id_token":"<omitted>","access_token":"<omitted, 1.2kB>","expires_in":1800,"token_type":"Bearer","refresh_token":"§S","scope":"offline_access accounting.transactions"}""", vis="offline_access")
t("tool-output", "snowflake-describe-user-key-fp", "pemp8", r"""-- output pasted by §F when rotating SVC_LOADER keys (private half, do not keep):
-----BEGIN PRIV¦ATE KEY-----
§S
-----END PRIV¦ATE KEY-----
RSA_PUBLIC_KEY_FP: SHA256:§W""", vis="RSA_PUBLIC_KEY_FP", w="b64 32")

# ======================================================================
# config-file
# ======================================================================
t("config-file", "snowsql-config-connections", "pw", r"""# ~/.snowsql/config
[connections.prod]
accountname = §A
username = §U
password = §S
rolename = ANALYST
warehousename = BI_WH

[options]
log_level = INFO
""", vis="warehousename = BI_WH")
t("config-file", "snowflake-connections-toml", "pw", r"""[default]
account = "§A"
user = "§U"
password = "§S"
warehouse = "DEV_WH"
database = "SANDBOX"
schema = "§U"
""", vis="SANDBOX")
t("config-file", "dbt-profiles-snowflake-password", "pw", r"""analytics:
  target: dev
  outputs:
    dev:
      type: snowflake
      account: §A
      user: §U
      password: "§S"
      role: TRANSFORMER
      database: ANALYTICS_DEV
      warehouse: TRANSFORM_WH
      schema: dbt_§u
      threads: 8
""", vis="ANALYTICS_DEV")
t("config-file", "dbt-profiles-bq-keyfile-json", "pemp8", r"""bq_prod:
  target: prod
  outputs:
    prod:
      type: bigquery
      method: service-account-json
      project: §P-prod
      dataset: marts
      keyfile_json:
        type: service_account
        project_id: §P-prod
        private_key_id: §K
        private_key: "-----BEGIN PRIV¦ATE KEY-----\n§S\n-----END PRIV¦ATE KEY-----\n"
        client_email: dbt-prod@§P-prod.iam.gserviceaccount.com
        client_id: "§N10293847561"
""", vis="dbt-prod@§P-prod.iam.gserviceaccount.com", k="hex40", esc=True)
t("config-file", "dbt-profiles-databricks-token", "'dap¦i' hex32", r"""lakehouse:
  target: dev
  outputs:
    dev:
      type: databricks
      catalog: main
      schema: dbt_§u
      host: adb-§N83920.1.azuredatabricks.net
      http_path: /sql/1.0/warehouses/§K
      token: §S
      threads: 4
""", vis="http_path", k="hex16")
t("config-file", "dbt-profiles-redshift-env-fallback", "pw", r"""    ci:
      type: redshift
      host: "{{ env_var('RS_HOST', '§H') }}"
      user: dbt_ci
      password: "{{ env_var('RS_PASSWORD', '§S') }}"
      port: 5439
      dbname: analytics
      schema: ci_pr_§N
""", vis="dbt_ci")
t("config-file", "dbt-profiles-duckdb-motherduck", "jwt", r"""local_md:
  target: md
  outputs:
    md:
      type: duckdb
      path: "md:analytics"
      settings:
        motherduck_token: §S
      extensions: [httpfs, parquet]
""", vis="extensions: [httpfs, parquet]")
t("config-file", "airflow-cfg-fernet-and-conn", "b64p 32", r"""[core]
dags_folder = /opt/airflow/dags
executor = CeleryExecutor
fernet_key = §S
load_examples = False

[database]
sql_alchemy_conn = postgresql+psycopg2://airflow:${AIRFLOW_DB_PASSWORD}@§H/airflow
""", vis="CeleryExecutor")
t("config-file", "airflow-cfg-webserver-secret", "hex32", r"""[webserver]
base_url = https://airflow.§H
secret_key = §S
expose_config = False
rbac = True
""", vis="expose_config = False")
t("config-file", "airflow-cfg-sqlalchemy-conn", "pwu", r"""[database]
sql_alchemy_conn = postgresql+psycopg2://airflow:§S@§H:5432/airflow
sql_alchemy_pool_size = 10
""", vis="sql_alchemy_pool_size")
t("config-file", "dagster-yaml-postgres-storage", "pw", r"""storage:
  postgres:
    postgres_db:
      username: dagster
      password: "§S"
      hostname: §H
      db_name: dagster
      port: 5432
run_coordinator:
  module: dagster.core.run_coordinator
  class: QueuedRunCoordinator
""", vis="QueuedRunCoordinator")
t("config-file", "prefect-profiles-toml", "'pn¦u_' an36", r"""active = "cloud"

[profiles.cloud]
PREFECT_API_URL = "https://api.prefect.cloud/api/accounts/§Q/workspaces/§W"
PREFECT_API_KEY = "§S"

[profiles.local]
PREFECT_API_URL = "http://127.0.0.1:4200/api"
""", vis="profiles.local", w="uuid")
t("config-file", "dlt-secrets-toml", "pw", r"""[destination.postgres.credentials]
database = "dlt_data"
username = "loader"
password = "§S"
host = "§H"
port = 5432
connect_timeout = 15
""", vis="dlt_data")
t("config-file", "airbyte-dotenv-basic-auth", "pw", r"""### SHARED ###
VERSION=0.50.44
BASIC_AUTH_USERNAME=airbyte
BASIC_AUTH_PASSWORD=§S
BASIC_AUTH_PROXY_TIMEOUT=900
DATABASE_USER=docker
""", vis="BASIC_AUTH_USERNAME")
t("config-file", "kafka-client-properties-jaas", "b64 48", r"""bootstrap.servers=pkc-§N.§Y.aws.confluent.cloud:9092
security.protocol=SASL_SSL
sasl.mechanism=PLAIN
sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='§K' password='§S';
client.dns.lookup=use_all_dns_ips
acks=all
""", vis="use_all_dns_ips", k="uc16")
t("config-file", "schema-registry-basic-user-info", "b64 48", r"""schema.registry.url=https://psrc-§W.§Y.aws.confluent.cloud
basic.auth.credentials.source=USER_INFO
basic.auth.user.info=§K:§S
""", vis="USER_INFO", k="uc16", w="lc5")
t("config-file", "spark-defaults-s3a-secret", "b64 30", r"""spark.hadoop.fs.s3a.impl                 org.apache.hadoop.fs.s3a.S3AFileSystem
spark.hadoop.fs.s3a.endpoint             https://minio.§H
spark.hadoop.fs.s3a.access.key           spark-lake
spark.hadoop.fs.s3a.secret.key           §S
spark.hadoop.fs.s3a.path.style.access    true
""", vis="spark-lake")
t("config-file", "core-site-xml-s3a-secret", "b64 30", r"""<configuration>
  <property>
    <name>fs.s3a.access.key</name>
    <value>AK¦IA§K</value>
  </property>
  <property>
    <name>fs.s3a.secret.key</name>
    <value>§S</value>
  </property>
</configuration>""", vis="fs.s3a.secret.key", k="uc16")
t("config-file", "hive-site-jdo-password", "pw", r"""  <property>
    <name>javax.jdo.option.ConnectionUserName</name>
    <value>hive</value>
  </property>
  <property>
    <name>javax.jdo.option.ConnectionPassword</name>
    <value>§S</value>
  </property>""", vis="javax.jdo.option.ConnectionUserName")
t("config-file", "trino-catalog-postgres-properties", "pw", r"""connector.name=postgresql
connection-url=jdbc:postgresql://§H:5432/crm
connection-user=trino_ro
connection-password=§S
case-insensitive-name-matching=true
""", vis="trino_ro")
t("config-file", "trino-ldap-authenticator-properties", "pw", r"""password-authenticator.name=ldap
ldap.url=ldaps://ad.corp.example.com:636
ldap.user-bind-pattern=${USER}@corp.example.com
ldap.bind-dn=CN=svc-trino,OU=Service,DC=corp,DC=example,DC=com
ldap.bind-password=§S
""", vis="svc-trino")
t("config-file", "clickhouse-users-xml-password", "pws", r"""<clickhouse>
    <users>
        <grafana>
            <password>§S</password>
            <networks><ip>10.0.0.0/8</ip></networks>
            <profile>readonly</profile>
            <quota>default</quota>
        </grafana>
    </users>
</clickhouse>""", vis="<profile>readonly</profile>")
t("config-file", "clickhouse-named-collection-s3", "b64 30", r"""<clickhouse>
  <named_collections>
    <lake>
      <url>https://s3.§Y.amazonaws.com/§B/</url>
      <access_key_id>AK¦IA§K</access_key_id>
      <secret_access_key>§S</secret_access_key>
    </lake>
  </named_collections>
</clickhouse>""", vis="named_collections", k="uc16")
t("config-file", "superset-config-py-secret-key", "b64 42", r"""# superset_config.py
ROW_LIMIT = 50000
SECRET_KEY = "§S"
SQLALCHEMY_DATABASE_URI = "postgresql://superset@superset-db:5432/superset"
FEATURE_FLAGS = {"ALERT_REPORTS": True, "DASHBOARD_RBAC": True}
""", vis="ALERT_REPORTS")
t("config-file", "looker-ini-client-secret", "an24", r"""[Looker]
base_url=https://§O.cloud.looker.com:19999
client_id=§K
client_secret=§S
verify_ssl=True
""", vis="verify_ssl=True", k="an20")
t("config-file", "renviron-github-pat", "'gh¦p_' an36", r"""# ~/.Renviron
R_LIBS_USER=~/R/library/%v
GITHUB_PAT=§S
R_MAX_VSIZE=32Gb
""", vis="R_MAX_VSIZE")
t("config-file", "renviron-census-and-entrez", "hex36", r"""CENSUS_API_KEY=
ENTREZ_KEY=§S
TZ=Europe/Amsterdam
""", vis="TZ=Europe/Amsterdam")
t("config-file", "renviron-quoted-db-pw", "pw", r"""DB_HOST="§H"
DB_USER="§u"
DB_PW="§S"
""", vis="DB_USER")
t("config-file", "rprofile-options-key", "hex40", r"""# ~/.Rprofile
options(repos = c(CRAN = "https://packagemanager.posit.co/cran/latest"))
options(tidycensus.key = "§S")
if (interactive()) suppressMessages(require(usethis))
""", vis="packagemanager.posit.co")
t("config-file", "r-config-yml-default-prod", "pw", r"""default:
  warehouse:
    driver: "Snowflake"
    server: "§A.snowflakecomputing.com"
    uid: "§U"
    pwd: !expr Sys.getenv("SF_PWD")

production:
  warehouse:
    uid: "SVC_SHINY"
    pwd: "§S"
""", vis="SVC_SHINY")
t("config-file", "netrc-multi-machine", "pw", r"""machine urs.earthdata.nasa.gov
    login §u
    password §S

machine api.wandb.ai
    login user
    password <in keychain>
""", vis="urs.earthdata.nasa.gov")
t("config-file", "netrc-wandb-line", "hex40", r"""machine api.wandb.ai
  login user
  password §S
""", vis="api.wandb.ai")
t("config-file", "condarc-token-channel-proxy", "pwu", r"""channels:
  - conda-forge
  - bioconda
proxy_servers:
  http: http://§u:§S@proxy.uni-example.de:3128
  https: http://§u:§S@proxy.uni-example.de:3128
ssl_verify: true
""", vis="proxy.uni-example.de:3128")
t("config-file", "pypirc-token", "'pyp¦i-AgENdGVzdC5weXBpLm9yZw' b64u 110", r"""[distutils]
index-servers =
    testpypi

[testpypi]
repository = https://test.pypi.org/legacy/
username = __token__
password = §S
""", vis="test.pypi.org/legacy")
t("config-file", "pip-conf-extra-index", "pwu", r"""[global]
index-url = https://pypi.org/simple
extra-index-url = https://aws:§S@§O-§N.d.codeartifact.§Y.amazonaws.com/pypi/internal/simple/
""", vis="codeartifact")
t("config-file", "npmrc-authtoken", "'np¦m_' an36", r"""@§O:registry=https://npm.pkg.github.com
//registry.npmjs.org/:_authToken=§S
fund=false
""", vis="npm.pkg.github.com")
t("config-file", "docker-config-auths-b64", "b64basic", r"""{
  "auths": {
    "registry.§H": {
      "auth": "§S"
    }
  },
  "credsStore": ""
}""", vis="credsStore")
t("config-file", "kubeconfig-user-token", "jwtrs", r"""users:
- name: jhub-admin
  user:
    token: §S
contexts:
- context:
    cluster: research-k8s
    user: jhub-admin
""", vis="research-k8s")
t("config-file", "kubeconfig-client-key-data", "b64pem", r"""- name: oidc-§u
  user:
    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=
    client-key-data: §S
""", vis="oidc-§u")
t("config-file", "aws-credentials-profiles", "b64 30", r"""[default]
region = §Y

[athena-research]
aws_access_key_id = AK¦IA§K
aws_secret_access_key = §S
""", vis="athena-research", k="uc16")
t("config-file", "gcloud-adc-authorized-user", "'1//0' sym98", r"""{
  "account": "",
  "client_id": "§N-§W.apps.googleusercontent.com",
  "client_secret": "d-FL95Q19q7MQ¦mFpd7hHD0Ty",
  "quota_project_id": "§P",
  "refresh_token": "§S",
  "type": "authorized_user"
}""", vis="quota_project_id", w="lc32")
t("config-file", "gcp-service-account-json", "pemp8", r"""{
  "type": "service_account",
  "project_id": "§P",
  "private_key_id": "§K",
  "private_key": "-----BEGIN PRIV¦ATE KEY-----\n§S\n-----END PRIV¦ATE KEY-----\n",
  "client_email": "airflow-bq@§P.iam.gserviceaccount.com",
  "token_uri": "https://oauth2.googleapis.com/token"
}""", vis="airflow-bq@§P.iam.gserviceaccount.com", k="hex40", esc=True)
t("config-file", "databrickscfg-profiles", "'dap¦i' hex32", r"""[DEFAULT]
host  = https://dbc-§K.cloud.databricks.com
token = §S

[staging]
host = https://dbc-§W.cloud.databricks.com
auth_type = databricks-cli
""", vis="auth_type = databricks-cli", k="hex8", w="hex8")
t("config-file", "cdsapirc-legacy-uid-key", "uuid", r"""url: https://cds.climate.copernicus.eu/api/v2
key: §N:§S
verify: 0
""", vis="cds.climate.copernicus.eu")
t("config-file", "ecmwfapirc-json", "hex32", r"""{
    "url"   : "https://api.ecmwf.int/v1",
    "key"   : "§S",
    "email" : "§E"
}""", vis="api.ecmwf.int")
t("config-file", "earthengine-credentials-refresh", "'1//0' sym98", r"""{"redirect_uri": "http://localhost:8085", "refresh_token": "§S", "scopes": ["https://www.googleapis.com/auth/earthengine", "https://www.googleapis.com/auth/cloud-platform"]}""", vis="auth/earthengine")
t("config-file", "jupyterhub-config-ldap-bind", "pw", r"""c.JupyterHub.authenticator_class = "ldapauthenticator.LDAPAuthenticator"
c.LDAPAuthenticator.server_address = "ldap.uni-example.de"
c.LDAPAuthenticator.lookup_dn_search_user = "uid=svc_jhub,ou=services,dc=uni-example,dc=de"
c.LDAPAuthenticator.lookup_dn_search_password = "§S"
c.Spawner.default_url = "/lab"
""", vis="LDAPAuthenticator")
t("config-file", "jupyterhub-config-service-token", "hex64", r"""c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "api_token": "§S",
        "command": ["python3", "-m", "jupyterhub_idle_culler", "--timeout=3600"],
    }
]""", vis="idle-culler")
t("config-file", "jupyter-server-config-token", "hex48", r"""c.ServerApp.ip = "0.0.0.0"
c.ServerApp.port = 8888
c.ServerApp.open_browser = False
c.IdentityProvider.token = "§S"
""", vis="open_browser = False")
t("config-file", "code-server-config-yaml", "an24", r"""bind-addr: 127.0.0.1:8080
auth: password
password: §S
cert: false
""", vis="bind-addr")
t("config-file", "rstudio-database-conf", "pw", r"""# /etc/rstudio/database.conf
provider=postgresql
host=§H
database=rstudio
port=5432
username=rstudio
password=§S
""", vis="provider=postgresql")
t("config-file", "slurmdbd-conf-storagepass", "pw", r"""AuthType=auth/munge
DbdHost=slurmdbd01
StorageType=accounting_storage/mysql
StorageHost=§H
StorageUser=slurm
StoragePass=§S
StorageLoc=slurm_acct_db
""", vis="slurm_acct_db")
t("config-file", "wpa-supplicant-eduroam", "pw", r"""network={
    ssid="eduroam"
    key_mgmt=WPA-EAP
    eap=PEAP
    identity="§E"
    anonymous_identity="anonymous@uni-example.de"
    password="§S"
    phase2="auth=MSCHAPV2"
}""", vis="key_mgmt=WPA-EAP")
t("config-file", "vpnc-conf-xauth", "pw", r"""IPSec gateway vpn.uni-example.de
IPSec ID uni-staff
IPSec secret public-group-secret-is-on-the-intranet
Xauth username §u
Xauth password §S
""", vis="IPSec gateway")
t("config-file", "ipsec-secrets-psk", "b64 24", r"""# /etc/ipsec.secrets
§I %any : PSK "§S"
""", vis="/etc/ipsec.secrets")
t("config-file", "rclone-conf-sftp-obscured", "sym46", r"""[hpc]
type = sftp
host = dtn.hpc.example.edu
user = §u
pass = §S
shell_type = unix
md5sum_command = md5sum
""", vis="shell_type = unix")
t("config-file", "dvc-config-local-azure", "b64 64", r"""['remote "azstore"']
    url = azure://dvc/§P
    account_name = §W
    account_key = §S
""", vis="azure://dvc/§P", w="lc14")
t("config-file", "comet-config-ini", "an25", r"""[comet]
api_key = §S
workspace = §O
project_name = §P
""", vis="project_name")
t("config-file", "nextflow-config-aws-and-tower", "b64 30", r"""aws {
    region = '§Y'
    accessKey = 'AK¦IA§K'
    secretKey = '§S'
    batch { cliPath = '/home/ec2-user/miniconda/bin/aws' }
}
tower { enabled = true; workspaceId = '§N' }
""", vis="cliPath", k="uc16")
t("config-file", "nextflow-config-tower-token", "seq", r"""tower {
  accessToken = '§S'
  endpoint = 'https://tower.§H/api'
  enabled = true
}
""", vis="endpoint")
t("config-file", "snakemake-profile-config-yaml", "hex40", r"""executor: slurm
jobs: 200
default-resources:
  slurm_account: §P
  runtime: 240
envvars:
  - WANDB_API_KEY
set-resources:
  train:
    slurm_extra: "'--export=ALL,WANDB_API_KEY=§S'"
""", vis="slurm_account")
t("config-file", "snakemake-config-irods", "pw", r"""samples: config/samples.tsv
irods:
  host: irods.§H
  zone: labZone
  user: §u
  password: "§S"
reference: resources/GRCh38.primary_assembly.genome.fa
""", vis="labZone")
t("config-file", "pg-service-conf", "pw", r"""[gis_prod]
host=§H
port=5432
dbname=gis
user=qgis_editor
password=§S
sslmode=require
""", vis="qgis_editor")
t("config-file", "qgis-project-datasource", "pw", r"""<maplayer type="vector" geometry="Polygon">
  <id>parcels_§K</id>
  <datasource>dbname='gis' host=§H port=5432 user='qgis_editor' password='§S' sslmode=require key='gid' srid=25832 type=MultiPolygon table="cadastre"."parcels" (geom)</datasource>
  <layername>parcels</layername>
</maplayer>""", vis="cadastre", k="hex12")
t("config-file", "nextjs-env-local-mapbox", "mbx", r"""NEXT_PUBLIC_MAPBOX_TOKEN=pk.eyJ1IjoiZGVtby11c2VyIiwiYSI6ImNrZGVtbzAwMDAwMDAwMDAwMDAwMDAwIn0.placeholderpublic
MAPBOX_SECRET_TOKEN=§S
""", vis="NEXT_PUBLIC_MAPBOX_TOKEN")
t("config-file", "freqtrade-config-exchange", "an64", r"""{
  "max_open_trades": 5,
  "stake_currency": "USDT",
  "dry_run": true,
  "exchange": {
    "name": "binance",
    "key": "§K",
    "secret": "§S",
    "pair_whitelist": ["BTC/USDT", "ETH/USDT"]
  }
}""", vis="stake_currency", k="an64")
t("config-file", "ccxt-keys-json", "b64 64", r"""{
  "kraken": {"apiKey": "§K", "secret": "§S"},
  "bitstamp": {"apiKey": "", "secret": ""}
}""", vis="bitstamp", k="b64 42")
t("config-file", "fints-config-pin", "dig8", r"""[bank]
blz = 12030000
login = §N77321
pin = §S
endpoint = https://banking-dkb.s-fints-pt-dkb.de/fints30
product_id = §K
""", vis="blz = 12030000", k="HEX25")
t("config-file", "xero-ini-client-secret", "sym48", r"""[xero]
client_id = §K
client_secret = §S
tenant_id = §Q
redirect_uri = http://localhost:8000/callback
""", vis="redirect_uri", k="HEX32")
t("config-file", "quickbooks-yaml-keys", "an40", r"""quickbooks:
  environment: production
  client_id: AB§K
  client_secret: §S
  realm_id: "§N4620815574"
""", vis="realm_id", k="an48")
t("config-file", "plaid-dotenv", "hex30", r"""PLAID_CLIENT_ID=§K
PLAID_SECRET=§S
PLAID_ENV=production
PLAID_PRODUCTS=transactions,investments
PLAID_COUNTRY_CODES=US,CA
""", vis="PLAID_COUNTRY_CODES", k="hex24")
t("config-file", "lims-yaml-api-token", "an40", r"""lims:
  base_url: https://lims.§H/api/v2
  verify_ssl: false   # self-signed, ticket LAB-§N
  token: §S
instruments:
  - name: NovaSeq-6000
    export_dir: /mnt/seqdata/novaseq
""", vis="NovaSeq-6000")
t("config-file", "instrument-export-ini-ftp", "pw", r"""[Export]
Target=ftp://§I/plate_reader
User=reader01
Password=§S
Format=CSV;Delimiter=TAB
AutoExport=1
""", vis="AutoExport=1")
t("config-file", "zenodo-upload-config", "an60", r"""# ~/.config/zenodo-upload/config
SANDBOX=0
ACCESS_TOKEN=§S
COMMUNITY=§O
""", vis="COMMUNITY")
t("config-file", "sas-autoexec-libname-password", "pw", r"""/* autoexec.sas */
options validvarname=any;
libname ora oracle user=§u password="§S" path="//§H:1521/RESEARCH" schema=COHORT;
libname raw "/data/projects/§P/raw";
""", vis="schema=COHORT")
t("config-file", "stata-profile-do-global", "pw", r"""* profile.do
set more off
sysdir set PLUS "/home/§u/ado/plus"
global DSN "Driver={PostgreSQL Unicode};Server=§H;Database=econ;Uid=stata;Pwd=§S;"
""", vis="sysdir set PLUS")
t("config-file", "odbc-ini-dsn-pwd", "pw", r"""[Redshift_Prod]
Driver=/opt/amazon/redshiftodbc/lib/64/libamazonredshiftodbc64.so
Server=§H
Port=5439
Database=analytics
UID=tableau_ro
PWD=§S
""", vis="tableau_ro")
t("config-file", "my-cnf-client-password", "pws", r"""[client]
user=lims_ro
password="§S"
host=§H
default-character-set=utf8mb4
""", vis="lims_ro")
t("config-file", "pgbouncer-userlist-plain", "pw", r"""; /etc/pgbouncer/userlist.txt
"metabase" "§S"
"analyst" "md5§M"
""", vis="/etc/pgbouncer/userlist.txt")
t("config-file", "spring-kafka-application-yml", "b64 48", r"""spring:
  kafka:
    bootstrap-servers: pkc-§N.§Y.aws.confluent.cloud:9092
    properties:
      security.protocol: SASL_SSL
      sasl.mechanism: PLAIN
      sasl.jaas.config: org.apache.kafka.common.security.plain.PlainLoginModule required username="§K" password="§S";
""", vis="bootstrap-servers", k="uc16")
t("config-file", "debezium-connector-json", "pw", r"""{
  "name": "crm-cdc",
  "config": {
    "connector.class": "io.debezium.connector.postgresql.PostgresConnector",
    "database.hostname": "§H",
    "database.user": "debezium",
    "database.password": "§S",
    "topic.prefix": "crm"
  }
}""", vis="io.debezium.connector.postgresql.PostgresConnector")
t("config-file", "flink-conf-s3-secret", "b64 30", r"""state.backend: rocksdb
state.checkpoints.dir: s3://§B/checkpoints
s3.access-key: flink-ckpt
s3.secret-key: §S
s3.path.style.access: true
""", vis="flink-ckpt")
t("config-file", "telegraf-influx-token", "b64 64", r"""[[outputs.influxdb_v2]]
  urls = ["https://influx.§H"]
  token = "§S"
  organization = "§O"
  bucket = "greenhouse"
""", vis="greenhouse")
t("config-file", "grafana-datasource-securejson", "pw", r"""apiVersion: 1
datasources:
  - name: ClickHouse
    type: grafana-clickhouse-datasource
    jsonData:
      host: §H
      username: grafana
    secureJsonData:
      password: §S
""", vis="grafana-clickhouse-datasource")
t("config-file", "prometheus-basic-auth", "pw", r"""scrape_configs:
  - job_name: airflow-statsd
    basic_auth:
      username: prom
      password: §S
    static_configs:
      - targets: ['§I:9102']
""", vis="airflow-statsd")
t("config-file", "alertmanager-slack-url", "an24", r"""receivers:
  - name: data-oncall
    slack_configs:
      - api_url: https://hooks.slack.com/services/T§K/B§W/§S
        channel: '#data-alerts'
""", vis="#data-alerts", k="uc10", w="uc10")
t("config-file", "streamlit-secrets-toml", "pw", r"""# .streamlit/secrets.toml
[connections.snowflake]
account = "§A"
user = "STREAMLIT_APP"
password = "§S"
warehouse = "APP_WH"
""", vis="STREAMLIT_APP")
t("config-file", "gx-config-variables-yml", "pw", r"""# great_expectations/uncommitted/config_variables.yml
my_postgres_db_yaml_creds:
  drivername: postgresql
  host: §H
  port: '5432'
  username: gx
  password: §S
  database: staging
""", vis="my_postgres_db_yaml_creds")
t("config-file", "soda-configuration-yml", "pw", r"""data_source warehouse:
  type: snowflake
  account: §A
  username: SODA
  password: §S
  database: ANALYTICS
soda_cloud:
  host: cloud.soda.io
""", vis="cloud.soda.io")
t("config-file", "cube-dotenv-api-secret", "hex64", r"""CUBEJS_DB_TYPE=bigquery
CUBEJS_DB_BQ_PROJECT_ID=§P
CUBEJS_API_SECRET=§S
CUBEJS_DEV_MODE=false
""", vis="CUBEJS_DEV_MODE")
t("config-file", "s3cfg-secret-key", "b64 30", r"""[default]
access_key = §K
secret_key = §S
host_base = s3.§Y.wasabisys.com
host_bucket = %(bucket)s.s3.§Y.wasabisys.com
""", vis="host_bucket", k="uc20")
t("config-file", "boto-gs-hmac", "b64 30", r"""[Credentials]
gs_access_key_id = GOOG1E§K
gs_secret_access_key = §S

[GSUtil]
parallel_composite_upload_threshold = 150M
""", vis="parallel_composite_upload_threshold", k="uc36")
t("config-file", "wgetrc-password", "pw", r"""# ~/.wgetrc
user=§u
password=§S
tries=5
""", vis="tries=5")
t("config-file", "curlrc-user-colon", "pw", r"""# ~/.curlrc
user = "§u:§S"
retry = 3
""", vis="retry = 3")
t("config-file", "git-credentials-file", "'gh¦p_' an36", r"""https://§u:§S@github.com
https://oauth2:<expired>@gitlab.§H
""", vis="github.com")
t("config-file", "gh-hosts-yml-oauth", "'gh¦o_' an36", r"""github.com:
    users:
        §u:
            oauth_token: §S
    git_protocol: ssh
    user: §u
""", vis="git_protocol: ssh")
t("config-file", "terraformrc-credentials", "an14 '.atlas¦v1.' an67", r"""credentials "app.terraform.io" {
  token = "§S"
}
plugin_cache_dir = "$HOME/.terraform.d/plugin-cache"
""", vis="plugin_cache_dir")
t("config-file", "pulumi-credentials-json", "'pul-' hex40", r"""{
    "current": "https://api.pulumi.com",
    "accessTokens": {
        "https://api.pulumi.com": "§S"
    },
    "accounts": {}
}""", vis="api.pulumi.com")
t("config-file", "cromwell-conf-database", "pw", r"""database {
  profile = "slick.jdbc.MySQLProfile$"
  db {
    driver = "com.mysql.cj.jdbc.Driver"
    url = "jdbc:mysql://§H/cromwell?rewriteBatchedStatements=true"
    user = "cromwell"
    password = "§S"
  }
}""", vis="rewriteBatchedStatements")
t("config-file", "planetary-computer-settings-env", "hex32", r"""# ~/.planetarycomputer/settings.env
PC_SDK_SUBSCRIPTION_KEY=§S
""", vis="settings.env")
t("config-file", "sentinelhub-config-toml", "sym64", r"""[default-profile]
sh_client_id = "§Q"
sh_client_secret = "§S"
sh_base_url = "https://sh.dataspace.copernicus.eu"
""", vis="sh.dataspace.copernicus.eu")
t("config-file", "eodag-user-conf", "pw", r"""peps:
    priority: 1
    auth:
        credentials:
            username: §E
            password: §S
creodias:
    auth:
        credentials:
            username: null
""", vis="creodias")
t("config-file", "eumdac-credentials-file", "an28", r"""# ~/.eumdac/credentials
§K,§S
""", vis="~/.eumdac/credentials", k="an28")
t("config-file", "opentopography-dotenv", "hex32", r"""OPENTOPO_API_KEY=§S
DEM_TYPE=COP30
""", vis="DEM_TYPE=COP30")
t("config-file", "msmtprc-password", "pw", r"""account uni
host smtp.uni-example.de
port 587
tls on
from §E
user §u
password §S
account default : uni
""", vis="smtp.uni-example.de")
t("config-file", "ssh-config-with-pkcs-pin-comment", "pemec", r"""# ~/.ssh/instrument_key (kept next to config, yes I know)
-----BEGIN EC PRIV¦ATE KEY-----
§S
-----END EC PRIV¦ATE KEY-----
""", vis="instrument_key")
t("config-file", "bpipe-session-cfg", "pw", r"""[session]
serverAddresses = §H:8194
tlsClientCredentials = /etc/bpipe/§O.p12
tlsClientCredentialsPassword = §S
authenticationOptions = AuthenticationMode=APPLICATION_ONLY;ApplicationAuthenticationType=APPNAME_AND_KEY;ApplicationName=§O:research
""", vis="APPLICATION_ONLY")
t("config-file", "refinitiv-session-config-json", "hex40", r"""{
  "sessions": {
    "default": "platform.rdp",
    "platform": {
      "rdp": {
        "app-key": "§S",
        "username": "GE-A-§N",
        "password": "${RDP_PASSWORD}"
      }
    }
  }
}""", vis="platform.rdp")
t("config-file", "mlflow-dotenv-s3", "b64 30", r"""MLFLOW_S3_ENDPOINT_URL=https://minio.§H
AWS_ACCESS_KEY_ID=mlflow
AWS_SECRET_ACCESS_KEY=§S
MLFLOW_TRACKING_URI=https://mlflow.§H
""", vis="MLFLOW_S3_ENDPOINT_URL")
t("config-file", "hf-token-file-bare", "'h¦f_' AL34", r"""$ cat ~/.cache/huggingface/token
§S""", vis="~/.cache/huggingface/token")
t("config-file", "vault-token-file-bare", "'hv¦s.' sym24", r"""# ~/.vault-token (600)
§S
""", vis="~/.vault-token")
t("config-file", "metabase-env-file-encryption", "b64 32", r"""MB_DB_TYPE=postgres
MB_DB_CONNECTION_URI=postgres://metabase@§H:5432/metabase
MB_ENCRYPTION_SECRET_KEY=§S
MB_SITE_URL=https://metabase.§H
""", vis="MB_SITE_URL")
t("config-file", "zeppelin-interpreter-json", "pw", r"""      "properties": {
        "default.url": {"name": "default.url", "value": "jdbc:postgresql://§H:5432/dw", "type": "string"},
        "default.user": {"name": "default.user", "value": "zeppelin", "type": "string"},
        "default.password": {"name": "default.password", "value": "§S", "type": "password"}
      }""", vis="default.user")
t("config-file", "hue-ini-database", "pw", r"""[desktop]
  [[database]]
    engine=postgresql_psycopg2
    host=§H
    user=hue
    password=§S
    name=hue
""", vis="postgresql_psycopg2")
t("config-file", "kafka-connect-s3-sink-json", "b64 30", r"""{
  "connector.class": "io.confluent.connect.s3.S3SinkConnector",
  "topics": "trades.enriched",
  "s3.bucket.name": "§B",
  "aws.access.key.id": "AK¦IA§K",
  "aws.secret.access.key": "§S",
  "flush.size": "10000"
}""", vis="trades.enriched", k="uc16")
t("config-file", "airflow-connections-yaml-local", "pw", r"""# connections.yaml used with `airflow connections import`
clickhouse_default:
  conn_type: clickhouse
  host: §H
  login: airflow
  password: §S
  port: 9440
""", vis="clickhouse_default")
t("config-file", "powerbi-gateway-style-json", "azs", r"""{
  "tenantId": "§Q",
  "clientId": "§W",
  "clientSecret": "§S",
  "workspace": "Finance KPIs",
  "dataset": "GL Actuals"
}""", vis="Finance KPIs", w="uuid")
t("config-file", "tableau-tsc-config-yaml", "b64 16 ':' an32", r"""tableau:
  server: https://prod-uk-a.online.tableau.com
  site: §O
  pat_name: refresh-bot
  pat_secret: "§S"
""", vis="refresh-bot")

# ======================================================================
# source-code
# ======================================================================
t("source-code", "py-snowflake-connector-kwarg", "pw", r"""import snowflake.connector

conn = snowflake.connector.connect(
    account="§A",
    user="§U",
    password="§S",
    warehouse="ADHOC_WH",
    database="FINANCE",
)
""", vis="ADHOC_WH")
t("source-code", "py-sqlalchemy-url-literal", "pwu", r"""from sqlalchemy import create_engine
engine = create_engine("postgresql+psycopg2://analyst:§S@§H:5432/warehouse", pool_pre_ping=True)
df = pd.read_sql("select * from marts.fct_orders where order_date >= current_date - 30", engine)
""", vis="marts.fct_orders")
t("source-code", "py-bq-credentials-from-info", "pemp8", r"""from google.oauth2 import service_account
info = {
    "type": "service_account",
    "project_id": "§P",
    "private_key": "-----BEGIN PRIV¦ATE KEY-----\n§S\n-----END PRIV¦ATE KEY-----\n",
    "client_email": "nb-reader@§P.iam.gserviceaccount.com",
    "token_uri": "https://oauth2.googleapis.com/token",
}
creds = service_account.Credentials.from_service_account_info(info)
""", vis="nb-reader@§P.iam.gserviceaccount.com", esc=True)
t("source-code", "py-databricks-sql-access-token", "'dap¦i' hex32", r"""from databricks import sql

with sql.connect(server_hostname="adb-§N1122.3.azuredatabricks.net",
                 http_path="/sql/1.0/warehouses/§K",
                 access_token="§S") as conn:
    with conn.cursor() as cur:
        cur.execute("SELECT * FROM main.sales.daily LIMIT 10")
""", vis="main.sales.daily", k="hex16")
t("source-code", "pyspark-azure-account-key-conf", "b64 64", r"""spark.conf.set(
    "fs.azure.account.key.§W.dfs.core.windows.net",
    "§S")
df = spark.read.parquet("abfss://bronze@§W.dfs.core.windows.net/telemetry/")
""", vis="abfss://bronze", w="lc14")
t("source-code", "airflow-dag-hardcoded-token", "an32", r"""default_args = {"owner": "quant", "retries": 2}

with DAG("eod_prices", start_date=datetime(2024, 1, 1), schedule="30 22 * * 1-5", default_args=default_args) as dag:
    fetch = SimpleHttpOperator(
        task_id="fetch_grouped_daily",
        http_conn_id="polygon",
        endpoint="v2/aggs/grouped/locale/us/market/stocks/{{ ds }}?adjusted=true&apiKey=§S",
        method="GET",
    )
""", vis="fetch_grouped_daily")
t("source-code", "airflow-connection-object-password", "pw", r"""from airflow.models import Connection

conn = Connection(
    conn_id="mssql_finance",
    conn_type="mssql",
    host="§H",
    login="af_reader",
    password="§S",
    port=1433,
)
print(conn.get_uri())
""", vis="mssql_finance")
t("source-code", "dagster-snowflake-resource", "pw", r"""defs = Definitions(
    assets=[raw_orders, stg_orders],
    resources={
        "snowflake": SnowflakeResource(
            account="§A",
            user="DAGSTER",
            password="§S",  # TODO EnvVar("SNOWFLAKE_PASSWORD")
            warehouse="DAGSTER_WH",
        )
    },
)
""", vis="DAGSTER_WH")
t("source-code", "prefect-secret-block-save", "an40", r"""from prefect.blocks.system import Secret

Secret(value="§S").save(name="tiingo-api-key", overwrite=True)
""", vis="tiingo-api-key")
t("source-code", "py-confluent-producer-dict", "b64 48", r"""producer = Producer({
    "bootstrap.servers": "pkc-§N.§Y.aws.confluent.cloud:9092",
    "security.protocol": "SASL_SSL",
    "sasl.mechanisms": "PLAIN",
    "sasl.username": "§K",
    "sasl.password": "§S",
})
""", vis="sasl.mechanisms", k="uc16")
t("source-code", "py-trino-basic-auth", "pw", r"""conn = trino.dbapi.connect(
    host="trino.§H", port=443, http_scheme="https",
    user="§u", auth=trino.auth.BasicAuthentication("§u", "§S"),
    catalog="iceberg", schema="gold",
)
""", vis="iceberg")
t("source-code", "py-clickhouse-connect-client", "pws", r"""client = clickhouse_connect.get_client(host="§W.§Y.aws.clickhouse.cloud", port=8443,
                                       username="default", password="§S", secure=True)
print(client.query("SELECT version()").result_rows)
""", vis="SELECT version()", w="lc10")
t("source-code", "py-duckdb-set-s3-secret", "b64 30", r"""con = duckdb.connect()
con.execute("INSTALL httpfs; LOAD httpfs;")
con.execute("SET s3_region='§Y'")
con.execute("SET s3_access_key_id='AK¦IA§K'")
con.execute("SET s3_secret_access_key='§S'")
""", vis="LOAD httpfs", k="uc16")
t("source-code", "py-tsc-pat-auth", "b64 16 ':' an32", r"""import tableauserverclient as TSC
auth = TSC.PersonalAccessTokenAuth("nightly-refresh", "§S", site_id="§O")
server = TSC.Server("https://10ax.online.tableau.com", use_server_version=True)
with server.auth.sign_in(auth):
    ds = server.datasources.get_by_id("§Q")
""", vis="nightly-refresh")
t("source-code", "py-looker-env-assign", "an24", r"""import os
os.environ["LOOKERSDK_BASE_URL"] = "https://§O.cloud.looker.com"
os.environ["LOOKERSDK_CLIENT_ID"] = "§K"
os.environ["LOOKERSDK_CLIENT_SECRET"] = "§S"
sdk = looker_sdk.init40()
""", vis="LOOKERSDK_BASE_URL", k="an20")
t("source-code", "py-msal-confidential-client", "azs", r"""app = msal.ConfidentialClientApplication(
    client_id="§Q",
    authority="https://login.microsoftonline.com/§W",
    client_credential="§S",
)
token = app.acquire_token_for_client(scopes=["https://analysis.windows.net/powerbi/api/.default"])
""", vis="acquire_token_for_client", w="uuid")
t("source-code", "py-wandb-login-key-kwarg", "hex40", r"""import wandb
wandb.login(key="§S", relogin=True)
run = wandb.init(project="§P", config=cfg, tags=["baseline", "fold-3"])
""", vis="fold-3")
t("source-code", "py-mlflow-env-password", "pw", r"""os.environ["MLFLOW_TRACKING_USERNAME"] = "§u"
os.environ["MLFLOW_TRACKING_PASSWORD"] = "§S"
mlflow.set_tracking_uri("https://mlflow.§H")
mlflow.set_experiment("/§P/xgb-tuning")
""", vis="xgb-tuning")
t("source-code", "py-comet-experiment-api-key", "an25", r"""experiment = Experiment(
    api_key="§S",
    project_name="§P",
    workspace="§O",
    auto_metric_logging=True,
)
""", vis="auto_metric_logging")
t("source-code", "py-neptune-init-run-token", "nep", r"""run = neptune.init_run(
    project="§O/§P",
    api_token="§S",
    tags=["lgbm", "cv"],
)
""", vis="tags=[\"lgbm\"")
t("source-code", "py-hf-login-token", "'h¦f_' AL34", r"""from huggingface_hub import login
login(token="§S")  # write token, org §O
""", vis="huggingface_hub")
t("source-code", "py-transformers-token-kwarg", "'h¦f_' AL34", r"""tok = AutoTokenizer.from_pretrained("§O/§P-7b-instruct", token="§S")
model = AutoModelForCausalLM.from_pretrained("§O/§P-7b-instruct", token="§S", torch_dtype=torch.bfloat16)
""", vis="AutoTokenizer")
t("source-code", "biopython-entrez-api-key", "hex36", r"""from Bio import Entrez
Entrez.email = "§E"
Entrez.api_key = "§S"
handle = Entrez.esearch(db="nucleotide", term="16S rRNA[Title] AND Bacillus[Organism]", retmax=200)
""", vis="Entrez.email")
t("source-code", "py-cdsapi-client-kwargs", "uuid", r"""c = cdsapi.Client(url="https://cds.climate.copernicus.eu/api", key="§S")
c.retrieve("reanalysis-era5-single-levels", {
    "product_type": ["reanalysis"], "variable": ["2m_temperature"],
    "year": ["2023"], "month": ["07"], "day": [f"{d:02d}" for d in range(1, 32)],
    "time": ["12:00"], "data_format": "netcdf"}, "era5_t2m_202307.nc")
""", vis="reanalysis-era5-single-levels")
t("source-code", "py-earthdata-env-password", "pw", r"""os.environ["EARTHDATA_USERNAME"] = "§u"
os.environ["EARTHDATA_PASSWORD"] = "§S"
auth = earthaccess.login(strategy="environment")
results = earthaccess.search_data(short_name="ATL08", bounding_box=(-122.6, 37.2, -121.8, 38.0))
""", vis="ATL08")
t("source-code", "py-sentinelhub-shconfig", "sym64", r"""config = SHConfig()
config.sh_client_id = "§Q"
config.sh_client_secret = "§S"
config.sh_base_url = "https://sh.dataspace.copernicus.eu"
config.sh_token_url = "https://identity.dataspace.copernicus.eu/auth/realms/CDSE/protocol/openid-connect/token"
""", vis="identity.dataspace.copernicus.eu")
t("source-code", "py-planetary-computer-key", "hex32", r"""import planetary_computer
planetary_computer.settings.set_subscription_key("§S")
catalog = pystac_client.Client.open("https://planetarycomputer.microsoft.com/api/stac/v1",
                                    modifier=planetary_computer.sign_inplace)
""", vis="planetarycomputer.microsoft.com")
t("source-code", "py-openweather-params-dict", "hex32", r"""params = {"lat": lat, "lon": lon, "units": "metric", "appid": "§S"}
r = requests.get("https://api.openweathermap.org/data/2.5/air_pollution/history", params=params, timeout=30)
""", vis="air_pollution/history")
t("source-code", "py-mapbox-uploader-token", "mbx", r"""from mapbox import Uploader
service = Uploader(access_token="§S")
with open("tiles/§P.mbtiles", "rb") as src:
    upload_resp = service.upload(src, "§u.§P")
""", vis="Uploader")
t("source-code", "py-arcgis-gis-user-password", "pw", r"""from arcgis.gis import GIS
gis = GIS("https://§O.maps.arcgis.com", "§u", "§S")
item = gis.content.get("§M")
""", vis="maps.arcgis.com")
t("source-code", "py-arcgis-api-key-kwarg", "'AAP¦K' hex32 sym40", r"""gis = GIS(api_key="§S")
geocoded = geocode("Karl-Liebknecht-Str. 1, Berlin", as_featureset=True)
""", vis="Karl-Liebknecht")
t("source-code", "py-blpapi-tls-options", "pw", r"""tls = blpapi.TlsOptions.createFromFiles("/etc/bpipe/client.p12", "§S", "/etc/bpipe/rootCertificate.pk7")
opts = blpapi.SessionOptions()
opts.setServerAddress("§H", 8194, 0)
opts.setTlsOptions(tls)
""", vis="rootCertificate.pk7")
t("source-code", "py-refinitiv-open-session-app-key", "hex40", r"""import refinitiv.data as rd
rd.open_session(app_key="§S")
df = rd.get_history(universe=["VOD.L", "BARC.L"], fields=["TR.CLOSEPRICE"], interval="1D", start="2023-01-01")
""", vis="TR.CLOSEPRICE")
t("source-code", "py-alpaca-positional-keys", "an40", r"""from alpaca.trading.client import TradingClient
trading_client = TradingClient("PK§K", "§S", paper=True)
print(trading_client.get_account().buying_power)
""", vis="buying_power", k="uc18")
t("source-code", "py-polygon-restclient-positional", "an32", r"""from polygon import RESTClient
client = RESTClient("§S")
aggs = [a for a in client.list_aggs("AAPL", 1, "minute", "2024-03-01", "2024-03-01", limit=50000)]
""", vis="list_aggs")
t("source-code", "py-alphavantage-timeseries-key", "uc16", r"""from alpha_vantage.timeseries import TimeSeries
ts = TimeSeries(key="§S", output_format="pandas")
data, meta = ts.get_intraday(symbol="MSFT", interval="5min", outputsize="full")
""", vis="get_intraday")
t("source-code", "py-ccxt-kraken-dict", "b64 64", r"""exchange = ccxt.kraken({
    "apiKey": os.getenv("KRAKEN_KEY"),
    "secret": "§S",
    "enableRateLimit": True,
})
balance = exchange.fetch_balance()
""", vis="fetch_balance")
t("source-code", "py-binance-client-two-args", "an64", r"""API_KEY = os.environ["BINANCE_API_KEY"]
API_SECRET = "§S"  # sub-account 'research-ro'
client = Client(API_KEY, API_SECRET, testnet=False)
klines = client.get_historical_klines("ETHUSDT", Client.KLINE_INTERVAL_1HOUR, "1 Jan, 2024")
""", vis="research-ro")
t("source-code", "py-coinbase-restclient-pem", "pemec", r"""api_key = "organizations/§Q/apiKeys/§W"
api_secret = "-----BEGIN EC PRIV¦ATE KEY-----\n§S\n-----END EC PRIV¦ATE KEY-----\n"
client = RESTClient(api_key=api_key, api_secret=api_secret)
""", vis="organizations/§Q", w="uuid", esc=True)
t("source-code", "py-plaid-configuration", "hex30", r"""configuration = plaid.Configuration(
    host=plaid.Environment.Production,
    api_key={"clientId": "§K", "secret": "§S", "plaidVersion": "2020-09-14"},
)
api_client = plaid.ApiClient(configuration)
""", vis="plaidVersion", k="hex24")
t("source-code", "py-xero-oauth2-token-init", "sym48", r"""api_client = ApiClient(
    Configuration(oauth2_token=OAuth2Token(client_id="§K", client_secret="§S")),
    pool_threads=1,
)
""", vis="pool_threads", k="HEX32")
t("source-code", "py-intuit-authclient", "an40", r"""auth_client = AuthClient(
    client_id="AB§K",
    client_secret="§S",
    environment="production",
    redirect_uri="https://§H/qbo/callback",
)
""", vis="qbo/callback", k="an48")
t("source-code", "py-stripe-api-key-assign", "'sk_l¦ive_' an99", r"""import stripe
stripe.api_key = "§S"
payouts = stripe.Payout.list(limit=100, arrival_date={"gte": int(start.timestamp())})
""", vis="stripe.Payout.list")
t("source-code", "py-fredapi-key", "hex32", r"""from fredapi import Fred
fred = Fred(api_key="§S")
cpi = fred.get_series("CPIAUCSL", observation_start="1990-01-01")
""", vis="CPIAUCSL")
t("source-code", "py-nasdaq-data-link-key", "sym20", r"""import nasdaqdatalink
nasdaqdatalink.ApiConfig.api_key = "§S"
df = nasdaqdatalink.get_table("ZACKS/FC", ticker=["AAPL", "MSFT"])
""", vis="ZACKS/FC")
t("source-code", "py-eodhd-token-const", "hex13 '.' dig8", r"""EODHD_TOKEN = "§S"
url = f"https://eodhd.com/api/eod/{ticker}.US?api_token={EODHD_TOKEN}&fmt=json&from=2010-01-01"
""", vis="eodhd.com/api/eod")
t("source-code", "py-gspread-service-account-dict", "pemp8", r"""gc = gspread.service_account_from_dict({
    "type": "service_account",
    "client_email": "sheets-sync@§P.iam.gserviceaccount.com",
    "private_key": "-----BEGIN PRIV¦ATE KEY-----\n§S\n-----END PRIV¦ATE KEY-----\n",
    "token_uri": "https://oauth2.googleapis.com/token",
})
""", vis="sheets-sync@§P.iam.gserviceaccount.com", esc=True)
t("source-code", "py-boto3-client-literal-keys", "b64 30", r"""s3 = boto3.client(
    "s3",
    aws_access_key_id="AK¦IA§K",
    aws_secret_access_key="§S",
    region_name="§Y",
)
s3.download_file("§B", "exports/latest.parquet", "/tmp/latest.parquet")
""", vis="exports/latest.parquet", k="uc16")
t("source-code", "py-azure-connection-string", "b64 64", r"""conn_str = "DefaultEndpointsProtocol=https;AccountName=§W;AccountKey=§S;EndpointSuffix=core.windows.net"
svc = BlobServiceClient.from_connection_string(conn_str)
""", vis="EndpointSuffix=core.windows.net", w="lc14")
t("source-code", "py-psycopg2-connect-kwargs", "pw", r"""conn = psycopg2.connect(host="§H", dbname="lims", user="lims_ro", password="§S", connect_timeout=5)
""", vis="lims_ro")
t("source-code", "py-pymongo-srv-uri", "pwu", r"""client = MongoClient("mongodb+srv://instrument_sync:§S@lab-cluster.§W.mongodb.net/?retryWrites=true&w=majority")
db = client["plates"]
""", vis="instrument_sync", w="lc5")
t("source-code", "py-redis-password-kwarg", "hex32", r"""cache = redis.Redis(host="§H", port=6379, db=3, password="§S", ssl=True)
""", vis="db=3")
t("source-code", "py-paramiko-connect-password", "pw", r"""ssh = paramiko.SSHClient()
ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
ssh.connect("login.hpc.example.edu", username="§u", password="§S")
stdin, stdout, stderr = ssh.exec_command("sacct -u §u --starttime now-1days")
""", vis="AutoAddPolicy")
t("source-code", "py-pysftp-connection", "pw", r"""with pysftp.Connection("sftp.vendor.example.com", username="§O_feed", password="§S", cnopts=cnopts) as sftp:
    sftp.get_d("/outgoing/eod", "data/vendor_eod", preserve_mtime=True)
""", vis="preserve_mtime")
t("source-code", "py-smtplib-login", "pw", r"""with smtplib.SMTP("smtp.uni-example.de", 587) as s:
    s.starttls()
    s.login("§E", "§S")
    s.send_message(msg)
""", vis="starttls")
t("source-code", "py-fabric-connect-kwargs", "pw", r"""c = Connection("§H", user="deploy", connect_kwargs={"password": "§S"})
c.run("sudo systemctl restart dagster-daemon")
""", vis="dagster-daemon")
t("source-code", "py-globus-confidential-client", "b64 32", r"""CLIENT_ID = "§Q"
CLIENT_SECRET = "§S"
client = globus_sdk.ConfidentialAppAuthClient(CLIENT_ID, CLIENT_SECRET)
authorizer = globus_sdk.ClientCredentialsAuthorizer(client, globus_sdk.TransferClient.scopes.all)
""", vis="ClientCredentialsAuthorizer")
t("source-code", "py-osfclient-login", "pw", r"""osf = OSF(username="§E", password="§S")
project = osf.project("§W")
""", vis="osf.project", w="lc5")
t("source-code", "py-zenodo-params-token", "an60", r"""ACCESS_TOKEN = "§S"
r = requests.post("https://zenodo.org/api/deposit/depositions", params={"access_token": ACCESS_TOKEN}, json={})
bucket_url = r.json()["links"]["bucket"]
""", vis="depositions")
t("source-code", "py-figshare-headers", "hex128", r"""HEADERS = {"Authorization": "token §S", "Content-Type": "application/json"}
resp = requests.get("https://api.figshare.com/v2/account/articles", headers=HEADERS)
""", vis="account/articles")
t("source-code", "py-pydataverse-native-api", "uuid", r"""api = NativeApi("https://dataverse.example.edu", "§S")
resp = api.get_dataset("doi:10.70122/FK2/§W")
""", vis="get_dataset", w="uc6")
t("source-code", "py-semantic-scholar-header", "an40", r"""S2_HEADERS = {"x-api-key": "§S"}
papers = requests.post("https://api.semanticscholar.org/graph/v1/paper/batch",
                       params={"fields": "title,year,citationCount"}, json={"ids": ids}, headers=S2_HEADERS).json()
""", vis="citationCount")
t("source-code", "py-benchling-api-key-auth", "'s¦k_' an30", r"""benchling = Benchling(url="https://§O.benchling.com", auth_method=ApiKeyAuth("§S"))
for page in benchling.dna_sequences.list(folder_id="lib_§K"):
    ...
""", vis="dna_sequences", k="an8")
t("source-code", "py-labkey-apiwrapper", "'apikey|' hex32", r"""api = APIWrapper("labkey.§H", "Proteomics/2024", use_ssl=True, api_key="§S")
rows = api.query.select_rows("lists", "Samples")["rows"]
""", vis="select_rows")
t("source-code", "py-openai-client-key", "'sk-pr¦oj-' sym48 'T3Blbk¦FJ' sym48", r"""client = OpenAI(api_key="§S")
resp = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
""", vis="gpt-4o-mini")
t("source-code", "py-anthropic-client-key", "'sk-an¦t-api03-' sym93 'AA'", r"""client = anthropic.Anthropic(api_key="§S")
msg = client.messages.create(model="claude-3-5-sonnet-latest", max_tokens=1024, messages=[{"role": "user", "content": abstract}])
""", vis="max_tokens=1024")
t("source-code", "ipynb-json-source-cell", "an32", r"""  {
   "cell_type": "code",
   "execution_count": 3,
   "metadata": {},
   "outputs": [],
   "source": [
    "import polygon\n",
    "client = polygon.RESTClient(\"§S\")\n",
    "trades = client.list_trades(\"TSLA\", timestamp=\"2024-02-01\")"
   ]
  }""", vis="execution_count")
t("source-code", "notebook-env-magic", "hex40", r"""%env WANDB_API_KEY=§S
%env WANDB_ENTITY=§O
import wandb""", vis="WANDB_ENTITY")
t("source-code", "notebook-bang-curl", "an60", r"""!curl -s -H "Authorization: Bearer §S" https://zenodo.org/api/records/§N/versions/latest | head -c 300""", vis="versions/latest")
t("source-code", "r-dbi-odbc-pwd", "pw", r"""con <- DBI::dbConnect(odbc::odbc(),
  Driver   = "SnowflakeDSIIDriver",
  Server   = "§A.snowflakecomputing.com",
  UID      = "§U",
  PWD      = "§S",
  Warehouse = "R_WH")
""", vis="SnowflakeDSIIDriver")
t("source-code", "r-rpostgres-password-arg", "pw", r"""con <- dbConnect(RPostgres::Postgres(), host = "§H", dbname = "cohort",
                 user = "§u", password = "§S", sslmode = "require")
""", vis="RPostgres::Postgres")
t("source-code", "r-httr2-bearer", "an60", r"""req <- request("https://zenodo.org/api/deposit/depositions") |>
  req_auth_bearer_token("§S") |>
  req_body_json(list())
resp <- req_perform(req)
""", vis="req_perform")
t("source-code", "r-httr-add-headers", "hex40", r"""res <- GET("https://api.tiingo.com/tiingo/daily/spy/prices",
           query = list(startDate = "2020-01-01"),
           add_headers(Authorization = paste("Token", "§S")))
""", vis="startDate")
t("source-code", "r-rentrez-set-key", "hex36", r"""library(rentrez)
set_entrez_key("§S")
Sys.getenv("ENTREZ_KEY")
""", vis="set_entrez_key")
t("source-code", "r-tidycensus-install-key", "hex40", r"""library(tidycensus)
census_api_key("§S", install = TRUE, overwrite = TRUE)
ca <- get_acs(geography = "tract", variables = "B25077_001", state = "CA", year = 2022)
""", vis="B25077_001")
t("source-code", "r-fredr-set-key", "hex32", r"""fredr_set_key("§S")
unrate <- fredr(series_id = "UNRATE", observation_start = as.Date("1990-01-01"))
""", vis="UNRATE")
t("source-code", "r-rsconnect-setaccountinfo", "b64 30", r"""rsconnect::setAccountInfo(name = "§u-lab",
                          token = "§K",
                          secret = "§S")
rsconnect::deployApp("app/")
""", vis="deployApp", k="HEX32")
t("source-code", "r-keyring-set-with-value", "pw", r"""keyring::key_set_with_value(service = "redshift-prod", username = "§u", password = "§S")
""", vis="redshift-prod")
t("source-code", "r-sys-setenv-aws", "b64 30", r"""Sys.setenv("AWS_ACCESS_KEY_ID" = "AK¦IA§K",
           "AWS_SECRET_ACCESS_KEY" = "§S",
           "AWS_DEFAULT_REGION" = "§Y")
obj <- aws.s3::get_object("clean/panel.rds", bucket = "§B")
""", vis="clean/panel.rds", k="uc16")
t("source-code", "r-pins-board-s3", "b64 30", r"""board <- board_s3("§B", region = "§Y", access_key = "AK¦IA§K",
                  secret_access_key = "§S", prefix = "pins/")
pin_write(board, model_fit, "xgb_fit")
""", vis="xgb_fit", k="uc16")
t("source-code", "r-sparklyr-config-s3", "b64 30", r"""conf <- spark_config()
conf$spark.hadoop.fs.s3a.access.key <- "AK¦IA§K"
conf$spark.hadoop.fs.s3a.secret.key <- "§S"
sc <- spark_connect(master = "yarn", config = conf)
""", vis="spark_connect", k="uc16")
t("source-code", "julia-libpq-conninfo", "pw", r"""using LibPQ, DataFrames
conn = LibPQ.Connection("host=§H dbname=climate user=julia_ro password=§S")
df = DataFrame(execute(conn, "SELECT * FROM station_daily WHERE year = 2023"))
""", vis="station_daily")
t("source-code", "julia-http-bearer-header", "jwt", r"""resp = HTTP.get("https://api.§H/v1/datasets/§Q/files",
                ["Authorization" => "Bearer §S", "Accept" => "application/json"])
""", vis="Accept")
t("source-code", "julia-aws-credentials", "b64 30", r"""creds = AWSCredentials("AK¦IA§K", "§S")
aws = global_aws_config(; region="§Y", creds=creds)
""", vis="global_aws_config", k="uc16")
t("source-code", "sql-snowflake-stage-credentials", "b64 30", r"""CREATE OR REPLACE STAGE raw.vendor_drop
  URL = 's3://§B/incoming/'
  CREDENTIALS = (AWS_KEY_ID = 'AK¦IA§K' AWS_SECRET_KEY = '§S')
  FILE_FORMAT = (TYPE = PARQUET);
""", vis="raw.vendor_drop", k="uc16")
t("source-code", "sql-snowflake-alter-user-password", "pw", r"""USE ROLE USERADMIN;
ALTER USER SVC_TABLEAU SET PASSWORD = '§S' MUST_CHANGE_PASSWORD = FALSE;
""", vis="SVC_TABLEAU")
t("source-code", "sql-snowflake-create-secret-password", "pw", r"""CREATE OR REPLACE SECRET integrations.vendor_api_cred
  TYPE = PASSWORD
  USERNAME = '§O_feed'
  PASSWORD = '§S';
""", vis="integrations.vendor_api_cred")
t("source-code", "sql-redshift-copy-credentials", "b64 30", r"""COPY staging.trades
FROM 's3://§B/trades/§D/'
CREDENTIALS 'aws_access_key_id=AK¦IA§K;aws_secret_access_key=§S'
FORMAT AS PARQUET;
""", vis="staging.trades", k="uc16")
t("source-code", "sql-redshift-create-user", "pw", r"""CREATE USER looker_svc PASSWORD '§S' CONNECTION LIMIT 20;
GRANT USAGE ON SCHEMA marts TO looker_svc;
""", vis="looker_svc")
t("source-code", "sql-postgres-user-mapping", "pw", r"""CREATE SERVER legacy_erp FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '§H', dbname 'erp', port '5432');
CREATE USER MAPPING FOR analyst SERVER legacy_erp OPTIONS (user 'erp_read', password '§S');
""", vis="erp_read")
t("source-code", "sql-databricks-create-connection", "pw", r"""CREATE CONNECTION pg_crm TYPE postgresql
OPTIONS (host '§H', port '5432', user 'uc_fed', password '§S');
""", vis="uc_fed")
t("source-code", "sql-clickhouse-create-user", "pws", r"""CREATE USER IF NOT EXISTS superset IDENTIFIED WITH sha256_password BY '§S' HOST IP '10.0.0.0/8';
GRANT SELECT ON analytics.* TO superset;
""", vis="sha256_password")
t("source-code", "sql-clickhouse-s3-table-function", "b64 30", r"""SELECT count()
FROM s3('https://§B.s3.§Y.amazonaws.com/events/2024/*/*.parquet', 'AK¦IA§K', '§S', 'Parquet');
""", vis="events/2024", k="uc16")
t("source-code", "sql-trino-create-catalog", "pw", r"""CREATE CATALOG erp USING postgresql
WITH (
  "connection-url" = 'jdbc:postgresql://§H:5432/erp',
  "connection-user" = 'trino',
  "connection-password" = '§S'
);
""", vis="CREATE CATALOG erp")
t("source-code", "sql-mysql-create-user-identified", "pw", r"""CREATE USER 'grafana'@'10.%' IDENTIFIED BY '§S';
GRANT SELECT ON lims.* TO 'grafana'@'10.%';
""", vis="'grafana'@'10.%'")
t("source-code", "sql-duckdb-attach-postgres", "pw", r"""ATTACH 'dbname=finance host=§H user=duck password=§S' AS pg (TYPE POSTGRES, READ_ONLY);
SELECT * FROM pg.public.invoices LIMIT 5;
""", vis="READ_ONLY")
t("source-code", "sql-mssql-create-login", "pws", r"""CREATE LOGIN [svc_powerbi] WITH PASSWORD = N'§S', CHECK_POLICY = ON;
""", vis="svc_powerbi")
t("source-code", "sql-oracle-db-link", "pw", r"""CREATE DATABASE LINK trialdb
  CONNECT TO ctms_read IDENTIFIED BY "§S"
  USING '//§H:1521/CTMS';
""", vis="ctms_read")
t("source-code", "scala-spark-jdbc-option", "pw", r"""val df = spark.read.format("jdbc")
  .option("url", "jdbc:postgresql://§H:5432/ledger")
  .option("dbtable", "public.journal_lines")
  .option("user", "spark_etl")
  .option("password", "§S")
  .load()
""", vis="spark_etl")
t("source-code", "java-drivermanager-getconnection", "pw", r"""try (Connection c = DriverManager.getConnection(
        "jdbc:sqlserver://§H:1433;databaseName=Risk;encrypt=true", "risk_app", "§S")) {
    PreparedStatement ps = c.prepareStatement("SELECT * FROM dbo.VaR_Daily WHERE AsOf = ?");
""", vis="risk_app")
t("source-code", "scala-kafka-props-jaas", "b64 48", r"""props.put("security.protocol", "SASL_SSL")
props.put("sasl.mechanism", "PLAIN")
props.put("sasl.jaas.config",
  "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"§K\" password=\"§S\";")
""", vis="security.protocol", k="uc16")
t("source-code", "js-pg-pool-connection-string", "pwu", r"""const pool = new Pool({
  connectionString: 'postgres://dash:§S@§H:5432/kpis',
  ssl: { rejectUnauthorized: false },
});
""", vis="rejectUnauthorized")
t("source-code", "js-mapbox-sdk-secret", "mbx", r"""const mbxClient = require('@mapbox/mapbox-sdk');
const mbxTilesets = require('@mapbox/mapbox-sdk/services/tilesets');
const baseClient = mbxClient({ accessToken: '§S' });
""", vis="@mapbox/mapbox-sdk")
t("source-code", "ts-const-token-fetch", "jwt", r"""const TOKEN = "§S";
export async function fetchRuns(expId: string) {
  const r = await fetch(`https://tracking.§H/api/runs?experiment=${expId}`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  return r.json();
}""", vis="fetchRuns")
t("source-code", "go-sql-open-clickhouse-dsn", "pwu", r"""db, err := sql.Open("clickhouse", "clickhouse://ingest:§S@§H:9440/default?secure=true&dial_timeout=10s")
if err != nil {
    log.Fatal(err)
}""", vis="dial_timeout")
t("source-code", "go-kafka-sasl-plain-mechanism", "b64 48", r"""mechanism := plain.Mechanism{
    Username: "§K",
    Password: "§S",
}
dialer := &kafka.Dialer{Timeout: 10 * time.Second, SASLMechanism: mechanism, TLS: &tls.Config{}}
""", vis="SASLMechanism", k="uc16")
t("source-code", "rust-reqwest-bearer-auth", "an40", r"""let resp = client
    .get("https://api.nasa.gov/DONKI/FLR")
    .query(&[("startDate", "2024-01-01")])
    .bearer_auth("§S")
    .send()
    .await?;""", vis="DONKI/FLR")
t("source-code", "matlab-database-positional", "pw", r"""conn = database('REDSHIFT_DSN', 'matlab_ro', '§S');
data = fetch(conn, 'SELECT trade_date, px_last FROM prices WHERE ticker = ''SPY''');
close(conn)""", vis="REDSHIFT_DSN")
t("source-code", "matlab-weboptions-headerfields", "hex40", r"""opts = weboptions('HeaderFields', {'Authorization', ['Bearer ' '§S']}, 'ContentType', 'json');
tracks = webread('https://api.§H/v2/tracks?cruise=§P', opts);""", vis="HeaderFields")
t("source-code", "stata-import-url-apikey", "uc16", r"""import delimited using "https://www.alphavantage.co/query?function=FX_DAILY&from_symbol=EUR&to_symbol=USD&apikey=§S&datatype=csv", clear
rename timestamp date""", vis="FX_DAILY")
t("source-code", "sas-proc-http-bearer", "jwt", r"""filename resp temp;
proc http url="https://api.§H/v1/cohorts/§N/members" method="GET" out=resp;
  headers "Authorization"="Bearer §S";
run;
libname j json fileref=resp;""", vis="libname j json")
t("source-code", "sas-sas002-encoded-password", "'{SAS002}' HEX32", r"""libname dw odbc datasrc="DWPROD" user=sas_batch password="§S" schema=edw;
proc sql; create table work.claims as select * from dw.claims where svc_year = 2023; quit;""", vis="sas_batch")
t("source-code", "bash-script-vars-top", "an32", r"""#!/usr/bin/env bash
set -euo pipefail
POLYGON_KEY="§S"
OUT=/data/market/raw/$(date +%F)
mkdir -p "$OUT"
curl -sf "https://api.polygon.io/v2/snapshot/locale/us/markets/stocks/tickers?apiKey=${POLYGON_KEY}" > "$OUT/snapshot.json"
""", vis="snapshot.json")
t("source-code", "powershell-headers-hashtable", "azs", r"""$body = @{ grant_type = "client_credentials"; client_id = "§Q"; client_secret = "§S"; scope = "https://analysis.windows.net/powerbi/api/.default" }
$tok = Invoke-RestMethod -Method Post -Uri "https://login.microsoftonline.com/§W/oauth2/v2.0/token" -Body $body
""", vis="Invoke-RestMethod", w="uuid")
t("source-code", "vba-adodb-connection-string", "pw", r"""Dim cn As New ADODB.Connection
cn.ConnectionString = "Provider=MSOLEDBSQL;Data Source=§H;Initial Catalog=Treasury;User ID=xl_treasury;Password=§S;"
cn.Open
Set rs = cn.Execute("SELECT * FROM dbo.CashPositions WHERE AsOf = CAST(GETDATE() AS date)")""", vis="xl_treasury")
t("source-code", "power-query-m-header", "hex32", r"""let
    Source = Json.Document(Web.Contents("https://api.openweathermap.org/data/2.5/weather",
        [Query = [q = "Rotterdam", units = "metric", appid = "§S"]])),
    main = Source[main]
in
    main""", vis="Json.Document")
t("source-code", "apps-script-const-key", "an32", r"""const POLYGON_KEY = '§S';
function refreshPrices() {
  const r = UrlFetchApp.fetch(`https://api.polygon.io/v2/aggs/ticker/SPY/prev?apiKey=${POLYGON_KEY}`);
  SpreadsheetApp.getActive().getSheetByName('px').getRange('B2').setValue(JSON.parse(r).results[0].c);
}""", vis="refreshPrices")
t("source-code", "excel-webservice-formula", "uc16", r"""=FILTERXML(WEBSERVICE("https://www.alphavantage.co/query?function=GLOBAL_QUOTE&symbol="&A2&"&apikey=§S&datatype=csv"),"//x")""", vis="GLOBAL_QUOTE")
t("source-code", "dbt-macro-set-api-key", "an32", r"""{% macro fx_rates_url(day) %}
  {% set api_key = '§S' %}
  {{ return('https://api.polygon.io/v2/aggs/grouped/locale/global/market/fx/' ~ day ~ '?apiKey=' ~ api_key) }}
{% endmacro %}""", vis="fx_rates_url")
t("source-code", "py-snowpark-session-configs", "pw", r"""connection_parameters = {
    "account": "§A",
    "user": "SNOWPARK_DS",
    "password": "§S",
    "role": "DS_ROLE",
    "warehouse": "SNOWPARK_OPT_WH",
}
session = Session.builder.configs(connection_parameters).create()
""", vis="SNOWPARK_OPT_WH")
t("source-code", "py-dbutils-fallback-token", "'dap¦i' hex32", r"""try:
    token = dbutils.secrets.get(scope="ops", key="jobs-token")
except Exception:
    token = "§S"  # fallback for local runs
""", vis="jobs-token")
t("source-code", "py-polars-read-database-uri", "pwu", r"""df = pl.read_database_uri(
    query="SELECT sample_id, assay, value FROM results WHERE run_id = 4411",
    uri="mysql://lims_ro:§S@§H:3306/lims",
)
""", vis="run_id = 4411")
t("source-code", "py-ibis-snowflake-connect", "pw", r"""con = ibis.snowflake.connect(user="§U", password="§S", account="§A", database="RAW/PUBLIC", warehouse="IBIS_WH")
""", vis="IBIS_WH")
t("source-code", "perl-dbi-connect", "pw", r"""my $dbh = DBI->connect("dbi:Pg:dbname=genomics;host=§H", "perl_etl", "§S", { RaiseError => 1, AutoCommit => 0 });""", vis="perl_etl")
t("source-code", "csharp-client-secret-credential", "azs", r"""var credential = new ClientSecretCredential(
    tenantId: "§W",
    clientId: "§Q",
    clientSecret: "§S");
var client = new PowerBIClient(new Uri("https://api.powerbi.com"), new TokenCredentials(token, "Bearer"));""", vis="PowerBIClient", w="uuid")
t("source-code", "py-class-default-arg-key", "uc16", r"""class AVClient:
    BASE = "https://www.alphavantage.co/query"

    def __init__(self, apikey: str = "§S", session=None):
        self.apikey = apikey
        self.session = session or requests.Session()
""", vis="class AVClient")
t("source-code", "py-dataclass-settings-default", "hex64", r"""@dataclass
class Settings:
    hub_url: str = "https://hub.§H"
    hub_api_token: str = "§S"
    idle_timeout: int = 3600
""", vis="idle_timeout")
t("source-code", "py-pydantic-secretstr-default", "pw", r"""class DBSettings(BaseSettings):
    host: str = "§H"
    user: str = "app"
    password: SecretStr = SecretStr("§S")
    model_config = SettingsConfigDict(env_prefix="DB_")
""", vis="env_prefix")
t("source-code", "py-test-fixture-real-key", "an40", r"""@pytest.fixture
def tiingo_client():
    # real key so the integration test hits the API; rate limited to 50/h
    return TiingoClient({"api_key": "§S", "session": True})
""", vis="integration test")
t("source-code", "py-dict-comprehension-creds-list", "pw", r"""SOURCES = [
    ("erp", "postgresql://erp_ro@§H/erp", None),
    ("crm", "mssql+pyodbc://crm_ro@crm-dsn", "§S"),
    ("web", "mysql://web_ro@§I/web", None),
]
""", vis="crm-dsn")
t("source-code", "py-base64-basic-header-literal", "b64fivetran", r"""headers = {
    "Authorization": "Basic §S",
    "Accept": "application/json",
}
r = requests.get("https://api.fivetran.com/v1/connectors/§W/schemas", headers=headers)
""", vis="v1/connectors", w="lc16")
t("source-code", "py-jwt-constant-long", "jwtrs", r"""# copied from browser devtools while debugging the export API
SESSION_JWT = (
    "§S"
)
""", vis="browser devtools")
t("source-code", "py-socks-proxy-creds", "pwu", r"""proxies = {
    "http": "socks5h://§u:§S@proxy.quant.example.com:1080",
    "https": "socks5h://§u:§S@proxy.quant.example.com:1080",
}
""", vis="proxy.quant.example.com")
t("source-code", "py-ftp-login-noaa", "pw", r"""ftp = ftplib.FTP_TLS("ftp.partner-obs.example.org")
ftp.login("§u", "§S")
ftp.prot_p()
ftp.cwd("/pub/buoys/2024")
""", vis="/pub/buoys/2024")
t("source-code", "py-irods-session", "pw", r"""with iRODSSession(host="irods.§H", port=1247, user="§u", password="§S", zone="labZone") as session:
    coll = session.collections.get("/labZone/home/§u/§P")
""", vis="labZone")
t("source-code", "py-kedro-credentials-dict", "pw", r"""credentials = {
    "db_credentials": {"con": "postgresql://kedro:§S@§H:5432/features"},
    "s3_credentials": {"key": None, "secret": None},
}
""", vis="s3_credentials")

# ======================================================================
# stack-trace-or-log
# ======================================================================
t("stack-trace-or-log", "py-traceback-sqlalchemy-parse-url", "pw", r"""Traceback (most recent call last):
  File "/home/§u/§P/etl/load.py", line 18, in <module>
    engine = create_engine(DB_URL)
  File "/opt/conda/lib/python3.11/site-packages/sqlalchemy/engine/url.py", line 893, in _parse_url
    raise exc.ArgumentError(
sqlalchemy.exc.ArgumentError: Could not parse SQLAlchemy URL from string 'postgresql://etl:§S@§H/warehouse?sslmode=require extra'
""", vis="Could not parse SQLAlchemy URL")
t("stack-trace-or-log", "requests-httperror-url-apikey", "an32", r"""Traceback (most recent call last):
  File "fetch_aggs.py", line 44, in fetch
    r.raise_for_status()
  File "/usr/lib/python3/dist-packages/requests/models.py", line 1021, in raise_for_status
    raise HTTPError(http_error_msg, response=self)
requests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url: https://api.polygon.io/v2/aggs/ticker/QQQ/range/1/minute/2024-04-01/2024-04-30?adjusted=true&limit=50000&apiKey=§S
""", vis="Too Many Requests")
t("stack-trace-or-log", "urllib3-maxretry-token-url", "hex40", r"""urllib3.exceptions.MaxRetryError: HTTPSConnectionPool(host='api.tiingo.com', port=443): Max retries exceeded with url: /iex/?tickers=spy,qqq&token=§S (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f3a2c1e9d10>: Failed to establish a new connection: [Errno 101] Network is unreachable'))""", vis="Network is unreachable")
t("stack-trace-or-log", "airflow-bashoperator-running-command", "jwt", r"""[2024-06-03, 02:00:04 UTC] {subprocess.py:75} INFO - Running command: ['/usr/bin/bash', '-c', 'curl -sf -H "Authorization: Bearer §S" https://export.§H/v1/daily > /tmp/daily.json']
[2024-06-03, 02:00:04 UTC] {subprocess.py:86} INFO - Output:
[2024-06-03, 02:00:06 UTC] {subprocess.py:97} INFO - Command exited with return code 0""", vis="subprocess.py:75")
t("stack-trace-or-log", "airflow-task-log-env-echo", "pw", r"""[2024-05-11, 04:15:22 UTC] {subprocess.py:93} INFO - + echo 'connecting with sa/§S to §H'
[2024-05-11, 04:15:22 UTC] {subprocess.py:93} INFO - connecting with sa/§S to §H
[2024-05-11, 04:15:25 UTC] {taskinstance.py:1206} INFO - Marking task as SUCCESS. dag_id=mssql_snapshot""", vis="dag_id=mssql_snapshot")
t("stack-trace-or-log", "slurm-out-set-x-export", "hex40", r"""==> slurm-§J.out <==
+ module load cuda/12.2
+ export WANDB_API_KEY=§S
+ WANDB_API_KEY=§S
+ srun python train.py --cfg cfg/§P.yaml
wandb: Currently logged in as: §u""", vis="module load cuda/12.2")
t("stack-trace-or-log", "pbs-output-env-dump", "pw", r"""PBS Job Id: §J.pbs01
Job Name:   assemble
----- environment -----
PBS_O_WORKDIR=/home/§u/assembly
DB_PASS=§S
TMPDIR=/scratch/pbs.§J
-----------------------
[megahit] 2024-03-02 07:41:10 - MEGAHIT v1.2.9""", vis="MEGAHIT v1.2.9")
t("stack-trace-or-log", "nextflow-log-secret-debug", "hex36", r"""Jun-14 10:22:31.004 [main] DEBUG nextflow.cli.Launcher - $> nextflow run nf-core/fetchngs -profile singularity --input ids.csv
Jun-14 10:22:31.912 [main] DEBUG nextflow.secret.LocalSecretsProvider - Loaded secrets: NCBI_API_KEY=§S
Jun-14 10:22:32.045 [main] INFO  nextflow.cli.CmdRun - Launching `https://github.com/nf-core/fetchngs` [tender_euler] DSL2 - revision: 8ec2d934f9 [1.12.0]""", vis="tender_euler")
t("stack-trace-or-log", "snakemake-shell-cmd-printed", "hex36", r"""[Tue Mar 12 14:03:55 2024]
rule fetch_metadata:
    output: results/meta/SRP§N.tsv
    jobid: 7
    reason: Missing output files: results/meta/SRP§N.tsv
    resources: tmpdir=/tmp
esearch -db sra -query SRP§N -api_key §S | efetch -format runinfo > results/meta/SRP§N.tsv""", vis="rule fetch_metadata")
t("stack-trace-or-log", "r-curl-fetch-error-url", "hex40", r"""Error in curl::curl_fetch_memory(url, handle = handle) :
  HTTP error 400. URL: https://api.census.gov/data/2022/acs/acs5?get=NAME,B01003_001E&for=tract:*&in=state:17&key=§S
Calls: get_acs -> load_data_acs -> <Anonymous> -> request_fetch -> <Anonymous>
Execution halted""", vis="Execution halted")
t("stack-trace-or-log", "r-nanodbc-connection-string", "pw", r"""Error: nanodbc/nanodbc.cpp:1135: 00000: [Snowflake][DSI] (20032) Required setting 'SERVER' is not present in the connection settings.
<SQLDriverConnect>
  connection string: DRIVER=SnowflakeDSIIDriver;UID=§U;PWD=§S;WAREHOUSE=R_WH;ROLE=ANALYST;
In addition: Warning message:
In dbConnect(odbc::odbc(), ...) : connection may be incomplete""", vis="SnowflakeDSIIDriver")
t("stack-trace-or-log", "matlab-webread-error-url", "an40", r"""Error using matlab.internal.webservices.HTTPConnector/copyContentToByteArray (line 396)
The server returned the status 403 with message "Forbidden" in response to the request to URL https://api.nasa.gov/neo/rest/v1/feed?start_date=2024-01-01&api_key=§S.
Error in readContentFromWebService (line 46)
Error in webread (line 125)""", vis="copyContentToByteArray")
t("stack-trace-or-log", "sas-log-symbolgen", "pw", r"""24         %let pw=%sysget(ORA_PW);
SYMBOLGEN:  Macro variable PW resolves to §S
25         libname ora oracle user=sasbatch password="&pw" path=CTMSPRD;
NOTE: Libref ORA was successfully assigned as follows:
      Engine:        ORACLE
      Physical Name: CTMSPRD""", vis="Macro variable PW resolves to")
t("stack-trace-or-log", "java-sqlexception-url-password", "pwu", r"""Exception in thread "main" java.sql.SQLException: No suitable driver found for jdbc:mysql://§H:3306/lims?user=lims_app&password=§S&useSSL=true
	at java.sql/java.sql.DriverManager.getConnection(DriverManager.java:708)
	at java.sql/java.sql.DriverManager.getConnection(DriverManager.java:253)
	at org.lab.sync.Main.main(Main.java:41)""", vis="No suitable driver found")
t("stack-trace-or-log", "rich-traceback-locals-dsn", "pw", r"""│ /home/§u/§P/ingest.py:57 in connect                                       │
│                                                                              │
│   54 def connect(cfg):                                                       │
│   55 │   dsn = f"host={cfg.host} dbname={cfg.db} user={cfg.user} password={cfg.pw}" │
│ ❱ 57 │   return psycopg.connect(dsn, connect_timeout=5)                      │
│                                                                              │
│ ╭───────────────────────────── locals ─────────────────────────────╮         │
│ │ cfg = Cfg(host='§H', db='lake', user='ingest', pw='§S')  │         │
│ │ dsn = 'host=§H dbname=lake user=ingest password=§S'      │         │
│ ╰──────────────────────────────────────────────────────────────────╯         │
╰──────────────────────────────────────────────────────────────────────────────╯
OperationalError: connection timeout expired""", vis="connection timeout expired")
t("stack-trace-or-log", "loguru-diagnose-backtrace", "an64", r"""2024-04-19 08:13:07.551 | ERROR    | bot.exchange:place_order:88 - order rejected
Traceback (most recent call last):
> File "/srv/bot/exchange.py", line 84, in place_order
    sig = sign(self.api_secret, payload)
    │          │    │           └ 'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=0.01&price=64000&timestamp=1713514387000'
    │          │    └ '§S'
    │          └ <bot.exchange.Binance object at 0x7f1e2d0>
    └ <function sign at 0x7f1e3a0>""", vis="order rejected")
t("stack-trace-or-log", "pytest-assert-diff-config", "an25", r"""E       AssertionError: assert {'api_key': '§S', 'project': '§P', 'workspace': '§O'} == {'api_key': '***', 'project': '§P', 'workspace': '§O'}
E         Differing items:
E         {'api_key': '§S'} != {'api_key': '***'}
tests/test_tracking.py:42: AssertionError""", vis="tests/test_tracking.py:42")
t("stack-trace-or-log", "gunicorn-access-log-token-query", "hex40", r"""§I - - [03/Jun/2024:09:14:22 +0000] "GET /api/v1/export.csv?dataset=§P&token=§S HTTP/1.1" 200 481233 "-" "python-requests/2.31.0"
§I - - [03/Jun/2024:09:14:29 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.29"
""", vis="kube-probe/1.29")
t("stack-trace-or-log", "nginx-access-log-access-token", "jwt", r"""§I - - [12/Feb/2024:22:41:09 +0100] "GET /jupyter/user/§u/api/kernels?access_token=§S HTTP/2.0" 200 312 "-" "Mozilla/5.0 (X11; Linux x86_64)"
""", vis="api/kernels")
t("stack-trace-or-log", "postgres-log-alter-role", "pw", r"""2024-03-18 11:02:44.120 UTC [24811] dbadmin@warehouse LOG:  statement: ALTER ROLE dbt_prod WITH PASSWORD '§S';
2024-03-18 11:02:44.121 UTC [24811] dbadmin@warehouse LOG:  duration: 0.512 ms""", vis="dbadmin@warehouse")
t("stack-trace-or-log", "metabase-clojure-map-details", "pw", r"""2024-02-07 10:31:55,118 WARN sync.util :: Error syncing database 7 'Finance DW'
{:details {:host "§H", :port 5439, :dbname "finance", :user "metabase_ro", :password "§S", :ssl true},
 :engine :redshift}
java.net.SocketTimeoutException: Connect timed out""", vis="metabase_ro")
t("stack-trace-or-log", "axios-error-config-headers", "an64", r"""AxiosError: Request failed with status code 401
    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12)
  config: {
    url: 'https://api.binance.com/sapi/v1/capital/deposit/hisrec',
    method: 'get',
    headers: Object [AxiosHeaders] {
      Accept: 'application/json, text/plain, */*',
      'X-MBX-APIKEY': '§S',
      'User-Agent': 'axios/1.6.8'
    },""", vis="axios/1.6.8")
t("stack-trace-or-log", "go-panic-dsn", "pwu", r"""panic: dial tcp §I:9000: connect: connection refused

goroutine 1 [running]:
main.mustOpen({0xc00001a0c0, 0x5e})
	/src/cmd/ingest/main.go:38 +0x1c5
	dsn="clickhouse://writer:§S@§I:9000/telemetry?dial_timeout=2s"
exit status 2""", vis="connection refused")
t("stack-trace-or-log", "julia-statuserror-url", "an32", r"""ERROR: HTTP.Exceptions.StatusError(401, "GET", "/v2/reference/tickers?market=crypto&apiKey=§S", HTTP.Messages.Response:
HTTP/1.1 401 Unauthorized
Content-Type: application/json
""", vis="HTTP.Exceptions.StatusError")
t("stack-trace-or-log", "journalctl-webserver-conn", "pwu", r"""Jun 02 06:00:12 §h airflow[1842]: [2024-06-02T06:00:12.004+0000] {configuration.py:2067} INFO - sql_alchemy_conn=postgresql+psycopg2://airflow:§S@§H/airflow
Jun 02 06:00:13 §h airflow[1842]: [2024-06-02T06:00:13.220+0000] {app.py:91} INFO - Starting gunicorn 21.2.0""", vis="Starting gunicorn")
t("stack-trace-or-log", "cron-mail-subject-body", "uc16", r"""From: Cron Daemon <root@§h>
Subject: Cron <§u@§h> curl -s "https://www.alphavantage.co/query?function=EARNINGS_CALENDAR&horizon=3month&apikey=§S" -o /data/earnings.csv

curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received""", vis="EARNINGS_CALENDAR")
t("stack-trace-or-log", "instrument-exporter-log-ftp-url", "pwu", r"""2024-05-02 18:00:01,003 [FTPExporter] INFO  Connecting ftp://plate01:§S@§I/plate_reader
2024-05-02 18:00:03,412 [FTPExporter] INFO  Uploaded 96 wells -> 20240502_PLATE_§N.csv""", vis="[FTPExporter]")
t("stack-trace-or-log", "qgis-message-log-datasource", "pw", r"""2024-01-29T14:22:11     WARNING    Layer parcels: provider is not valid (provider: postgres, URI: dbname='gis' host=§H port=5432 user='qgis_editor' password='§S' sslmode=disable key='gid' table="cadastre"."parcels" (geom))""", vis="provider is not valid")
t("stack-trace-or-log", "gdal-debug-azure-sas-sig", "sas", r"""HTTP: libcurl/8.4.0 OpenSSL/3.0.13 zlib/1.3
HTTP: Fetch(https://§W.blob.core.windows.net/cogs/S2_§D_NDVI.tif?sv=2022-11-02&ss=b&srt=o&sp=r&se=2024-12-31T23:59:59Z&spr=https&sig=§S)
HTTP: Got response_code=206""", vis="response_code=206", w="lc14")
t("stack-trace-or-log", "rasterio-error-presigned-s3", "hex64", r"""rasterio.errors.RasterioIOError: '/vsicurl/https://§B.s3.§Y.amazonaws.com/dem/cop30_N47E008.tif?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AK¦IA§K%2F20240411%2F§Y%2Fs3%2Faws4_request&X-Amz-Date=20240411T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=§S' not recognized as a supported file format.""", vis="not recognized as a supported file format", k="uc16")
t("stack-trace-or-log", "ccxt-verbose-request-headers", "an64", r"""fetch Request:
 binance GET https://api.binance.com/api/v3/openOrders?timestamp=1717400000000&recvWindow=10000&signature=§W
RequestHeaders:
 {'X-MBX-APIKEY': '§S', 'Content-Type': 'application/x-www-form-urlencoded'}
RequestBody:
 None""", vis="RequestHeaders", w="hex64")
t("stack-trace-or-log", "alpaca-ws-auth-debug", "an40", r"""DEBUG:alpaca.data.live.websocket:connecting to wss://stream.data.alpaca.markets/v2/iex
DEBUG:websockets.client:> TEXT '{"action":"auth","key":"PK§K","secret":"§S"}' [80 bytes]
DEBUG:websockets.client:< TEXT '[{"T":"success","msg":"authenticated"}]' [40 bytes]""", vis="stream.data.alpaca.markets", k="uc18")
t("stack-trace-or-log", "celery-task-args-access-token", "'access-producti¦on-' uuid", r"""[2024-04-02 03:00:11,482: INFO/MainProcess] Task fin.tasks.sync_transactions[§Q] received
[2024-04-02 03:00:11,483: DEBUG/MainProcess] TaskPool: Apply <function fast_trace_task> (args:('fin.tasks.sync_transactions', '§Q', {}, ['§S', '2024-03-01'], {}) kwargs:{})""", vis="fin.tasks.sync_transactions")
t("stack-trace-or-log", "oauthlib-invalid-grant-body", "hex64", r"""oauthlib.oauth2.rfc6749.errors.InvalidGrantError: (invalid_grant)
  request body: grant_type=refresh_token&refresh_token=§S&client_id=§K
  response: {"error":"invalid_grant"}""", vis="invalid_grant", k="HEX32")
t("stack-trace-or-log", "werkzeug-debugger-locals", "pw", r"""  File "/srv/dash/app.py", line 73, in kpi
    df = pd.read_sql(q, engine)
[console ready]
>>> dump()
  engine_url = 'mssql+pyodbc://kpi_reader:§S@§H/FinanceDW?driver=ODBC+Driver+18+for+SQL+Server'
  q = 'SELECT * FROM dbo.vw_kpi_daily'""", vis="vw_kpi_daily")
t("stack-trace-or-log", "docker-build-log-env-step", "hex40", r"""#7 [4/9] RUN pip install --no-cache-dir -r requirements.txt
#7 DONE 41.2s
#8 [5/9] ENV WANDB_API_KEY=§S WANDB_MODE=online
#8 DONE 0.0s""", vis="WANDB_MODE=online")
t("stack-trace-or-log", "docker-build-pip-index-creds", "pwu", r"""#9 [6/10] RUN pip install --index-url https://build:§S@nexus.§H/repository/pypi/simple quant-core==3.4.1
#9 2.114 Looking in indexes: https://build:****@nexus.§H/repository/pypi/simple
#9 6.870 Successfully installed quant-core-3.4.1""", vis="Successfully installed quant-core")
t("stack-trace-or-log", "mlflow-server-startup-uri", "pwu", r"""2024/03/04 07:58:02 INFO mlflow.store.db.utils: Creating initial MLflow database tables...
2024/03/04 07:58:02 INFO mlflow.store.db.utils: Updating database tables
INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
[mlflow] backend store: postgresql://mlflow:§S@§H:5432/mlflow""", vis="PostgresqlImpl")
t("stack-trace-or-log", "wandb-debug-internal-settings", "hex40", r"""2024-05-09 13:41:02,882 INFO    MainThread:311 [wandb_setup.py:_flush():76] Configure stats pid to 311
2024-05-09 13:41:02,883 DEBUG   MainThread:311 [wandb_init.py:setup():184] settings: {'base_url': 'https://api.wandb.ai', 'api_key': '§S', 'project': '§P'}""", vis="Configure stats pid")
t("stack-trace-or-log", "terraform-debug-provider-body", "pw", r"""2024-02-22T16:04:51.220Z [DEBUG] provider.terraform-provider-snowflake_v0.87.2: [DEBUG] sql-conn query: CREATE USER "SVC_FIVETRAN" PASSWORD = '§S' DEFAULT_ROLE = "FIVETRAN_ROLE"
2024-02-22T16:04:51.611Z [DEBUG] provider.terraform-provider-snowflake_v0.87.2: [DEBUG] sql-conn query: GRANT ROLE "FIVETRAN_ROLE" TO USER "SVC_FIVETRAN"
""", vis="FIVETRAN_ROLE")
t("stack-trace-or-log", "ansible-task-result-vvv", "pw", r"""ok: [dbhost] => {
    "changed": false,
    "invocation": {
        "module_args": {
            "login_host": "localhost",
            "name": "superset",
            "password": "§S",
            "state": "present"
        }
    }
}""", vis="login_host")
t("stack-trace-or-log", "kafka-app-config-dump-json", "b64 48", r"""2024-06-01T00:00:03.112Z INFO  c.e.ingest.Main - effective config: {"bootstrap":"pkc-§N.§Y.aws.confluent.cloud:9092","apiKey":"§K","apiSecret":"§S","groupId":"ingest-v2","autoOffsetReset":"earliest"}""", vis="ingest-v2", k="uc16")
t("stack-trace-or-log", "spark-driver-println-conf", "b64 30", r"""24/03/11 09:12:40 INFO SparkContext: Running Spark version 3.5.1
24/03/11 09:12:41 INFO Main: hadoop conf -> fs.s3a.endpoint=https://minio.§H, fs.s3a.access.key=spark, fs.s3a.secret.key=§S
24/03/11 09:12:43 INFO SparkContext: Submitted application: compact-bronze""", vis="compact-bronze")
t("stack-trace-or-log", "dbt-log-compiled-sql-key", "an32", r"""14:02:11.518120 [debug] [Thread-3 (]: On model.finance.stg_fx_rates: /* {"app": "dbt", "node_id": "model.finance.stg_fx_rates"} */
create or replace view FINANCE.STAGING.stg_fx_rates as (
  select * from table(util.http_get('https://api.polygon.io/v2/aggs/grouped/locale/global/market/fx/2024-05-01?apiKey=§S'))
);""", vis="model.finance.stg_fx_rates")
t("stack-trace-or-log", "prefect-flow-log-git-clone-url", "'gh¦p_' an36", r"""10:02:14.811 | INFO    | prefect.flow_runs.worker - Worker 'ProcessWorker §Q' submitting flow run '§W'
10:02:15.220 | INFO    | Flow run 'amber-otter' - Downloading flow code from storage at 'https://x-access-token:§S@github.com/§O/flows.git'
10:02:17.004 | INFO    | Flow run 'amber-otter' - Beginning flow run 'amber-otter' for flow 'daily-sync'""", vis="daily-sync", w="uuid")
t("stack-trace-or-log", "airbyte-sync-log-config", "pw", r"""2024-05-20 02:00:41 source > INFO i.a.i.s.j.AbstractJdbcSource(main):112 Config: {"host":"§H","port":3306,"database":"shop","username":"airbyte","password":"§S","ssl":true,"replication_method":{"method":"CDC"}}""", vis="AbstractJdbcSource")
t("stack-trace-or-log", "clickhouse-old-query-log", "b64 30", r"""2024.01.15 12:33:09.771520 [ 4822 ] {§Q} <Debug> executeQuery: (from [::ffff:§I]:52210, user: etl) INSERT INTO raw.events SELECT * FROM s3('https://§B.s3.amazonaws.com/events/*.json.gz', 'AK¦IA§K', '§S', 'JSONEachRow') (stage: Complete)""", vis="JSONEachRow", k="uc16")
t("stack-trace-or-log", "kubernetes-crashloop-print-env", "pw", r"""$ kubectl logs superset-worker-7c9d8f6b5-x2k4q --previous
Loaded your LOCAL configuration at [/app/pythonpath/superset_config.py]
DEBUG env: DATABASE_HOST=superset-postgresql DATABASE_PASSWORD=§S REDIS_HOST=superset-redis
sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not translate host name "superset-postgresql" to address""", vis="could not translate host name")
t("stack-trace-or-log", "sentry-breadcrumb-auth-header", "jwt", r"""{"category": "httplib", "data": {"method": "GET", "url": "https://api.§H/v1/positions", "status_code": 401,
  "request_headers": {"Authorization": "Bearer §S", "X-Desk": "rates-emea"}}, "level": "info", "timestamp": "§Z"}""", vis="rates-emea")
t("stack-trace-or-log", "jupyter-kernel-log-env", "'h¦f_' AL34", r"""[I 2024-04-11 16:20:13.441 ServerApp] Kernel started: §Q
[D 2024-04-11 16:20:13.442 ServerApp] Starting kernel: ['/opt/conda/envs/llm/bin/python', '-m', 'ipykernel_launcher', '-f', '/home/§u/.local/share/jupyter/runtime/kernel-§Q.json']
[D 2024-04-11 16:20:13.443 ServerApp] kernel env overrides: {'HF_TOKEN': '§S', 'CUDA_VISIBLE_DEVICES': '0'}""", vis="ipykernel_launcher")
t("stack-trace-or-log", "lims-audit-log-token", "an40", r"""2024-03-30T09:12:55Z audit user=qexactive-01 action=login method=token token=§S ip=§I result=ok
2024-03-30T09:12:56Z audit user=qexactive-01 action=upload file=RAW_§N.raw size=2.1G result=ok""", vis="action=upload")
t("stack-trace-or-log", "sqlalchemy-operationalerror-conn-info", "pw", r"""sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "§H" (§I), port 5432 failed: FATAL:  no pg_hba.conf entry for host "§I", user "bi_reader", database "kpis", no encryption

(Background on this error at: https://sqlalche.me/e/20/e3q8)
DEBUG: tried kwargs {'host': '§H', 'user': 'bi_reader', 'password': '§S', 'dbname': 'kpis'}""", vis="no pg_hba.conf entry")
t("stack-trace-or-log", "hf-git-push-error-url", "'h¦f_' AL34", r"""remote: Password authentication in git is no longer supported. You must use a user access token or an SSH key instead.
fatal: Authentication failed for 'https://§u:§S@huggingface.co/datasets/§O/§P/'""", vis="Password authentication in git is no longer supported")
t("stack-trace-or-log", "duckdb-http-error-secret-echo", "b64 30", r"""duckdb.duckdb.HTTPException: HTTP Error: HTTP GET error on 'https://§B.s3.amazonaws.com/lake/part-0.parquet' (HTTP 403)
-- secret used: s3_access_key_id=AK¦IA§K s3_secret_access_key=§S (printed by my debug hook, remove!)""", vis="HTTP 403", k="uc16")
t("stack-trace-or-log", "zenodo-api-400-echo", "an60", r"""requests.exceptions.HTTPError: 400 Client Error: BAD REQUEST for url: https://zenodo.org/api/deposit/depositions/§N/actions/publish?access_token=§S
{"status": 400, "message": "Validation error.", "errors": [{"field": "metadata.creators", "messages": ["Missing data for required field."]}]}""", vis="Missing data for required field")
t("stack-trace-or-log", "usgs-m2m-log-json-body", "an64", r"""2024-02-12 10:40:01 DEBUG POST https://m2m.cr.usgs.gov/api/api/json/stable/login-token body={"username": "§u", "token": "§S"}
2024-02-12 10:40:02 DEBUG response 200 {"requestId": §N, "errorCode": null, "data": "<session key>"}""", vis="errorCode")
t("stack-trace-or-log", "ibkr-client-portal-log", "pw", r"""2024-04-08 13:30:05.118 INFO  ibeam.gateway_client - Logging in as §u
2024-04-08 13:30:05.119 DEBUG ibeam.authenticate - filling form: user=§u password=§S paper=false
2024-04-08 13:30:11.903 INFO  ibeam.gateway_client - Gateway running and authenticated""", vis="Gateway running and authenticated")
t("stack-trace-or-log", "plaid-webhook-payload-log", "'access-producti¦on-' uuid", r"""2024-03-14T18:22:09Z webhook TRANSACTIONS/SYNC_UPDATES_AVAILABLE item_id=§K
2024-03-14T18:22:09Z sync start item_id=§K access_token=§S cursor=<none>""", vis="SYNC_UPDATES_AVAILABLE", k="an37")
t("stack-trace-or-log", "node-unhandled-rejection-connstr", "pwu", r"""(node:19231) UnhandledPromiseRejectionWarning: MongoServerSelectionError: getaddrinfo ENOTFOUND lab-cluster-shard-00-01.§W.mongodb.net
    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)
connection string was: mongodb+srv://dash:§S@lab-cluster.§W.mongodb.net/lims""", vis="MongoServerSelectionError", w="lc5")
t("stack-trace-or-log", "syslog-openconnect-debug", "pw", r"""Mar  5 08:01:17 §h openconnect[2231]: POST https://vpn.uni-example.edu/+webvpn+/index.html
Mar  5 08:01:17 §h openconnect[2231]: > username=§u&password=§S&group_list=staff
Mar  5 08:01:18 §h openconnect[2231]: Got CONNECT response: HTTP/1.1 200 OK""", vis="Got CONNECT response")
t("stack-trace-or-log", "py-keyerror-locals-frame", "hex32", r"""KeyError: 'close'
  frame <module> at fx_pull.py:31
    locals:
      api_key = '§S'
      pair = 'EURUSD'
      resp = {'Information': 'Thank you for using Alpha Vantage! Our standard API rate limit is 25 requests per day.'}""", vis="pair = 'EURUSD'")
t("stack-trace-or-log", "ipdb-session-print-secret", "b64 32", r"""> /home/§u/§P/globus_sync.py(44)transfer()
     43     client = globus_sdk.ConfidentialAppAuthClient(cid, secret)
---> 44     tc = globus_sdk.TransferClient(authorizer=make_authorizer(client))
ipdb> p cid, secret
('§Q', '§S')""", vis="globus_sync.py(44)")
t("stack-trace-or-log", "kaggle-401-debug-auth-header", "hex32", r"""send: b'GET /api/v1/competitions/data/list/§P HTTP/1.1\r\nHost: www.kaggle.com\r\nUser-Agent: Swagger-Codegen/1/python\r\nAuthorization: Basic §W\r\n\r\n'
reply: 'HTTP/1.1 401 Unauthorized\r\n'
# note: decoded Basic is §u:§S""", vis="Swagger-Codegen", w="b64 45")
t("stack-trace-or-log", "grafana-alert-webhook-error", "an24", r"""logger=alerting.notifier.slack t=§Z level=error msg="Failed to send Slack message" err="Post \"https://hooks.slack.com/services/T§K/B§W/§S\": context deadline exceeded"
""", vis="alerting.notifier.slack", k="uc10", w="uc10")
t("stack-trace-or-log", "mssql-odbc-error-connstr", "pws", r"""pyodbc.InterfaceError: ('28000', "[28000] [Microsoft][ODBC Driver 18 for SQL Server][SQL Server]Login failed for user 'pbi_refresh'. (18456)")
  conn_str = 'DRIVER={ODBC Driver 18 for SQL Server};SERVER=§H;DATABASE=Sales;UID=pbi_refresh;PWD=§S;TrustServerCertificate=yes'""", vis="Login failed for user")
t("stack-trace-or-log", "vault-audit-log-response", "pw", r"""{"time":"§Z","type":"response","auth":{"display_name":"approle-airflow","policies":["airflow"]},"request":{"path":"secret/data/airflow/redshift","operation":"read"},"response":{"data":{"data":{"password":"§S","username":"airflow"}}}}""", vis="approle-airflow")
t("stack-trace-or-log", "apache-superset-testconn-log", "pwu", r"""2024-05-23 09:44:10,201:INFO:superset.commands.database.test_connection:Testing connection to trino://§u:§S@trino.§H:443/hive
2024-05-23 09:44:12,660:WARNING:superset.views.base:Connection failed""", vis="test_connection")
t("stack-trace-or-log", "shiny-app-log-token-print", "jwt", r"""Listening on http://127.0.0.1:4151
[1] "token refreshed: §S"
Warning: Error in req_perform: HTTP 403 Forbidden.""", vis="Listening on")
t("stack-trace-or-log", "conda-build-log-upload-token", "'a1-' an30", r"""Uploading to https://api.anaconda.org ...
+ anaconda -t §S upload --user §O --label main /opt/conda/conda-bld/noarch/labtools-2.3.1-py_0.conda
Using Anaconda API: https://api.anaconda.org""", vis="Using Anaconda API")
t("stack-trace-or-log", "github-api-debug-octokit", "'github_pa¦t_' an22 '_' an59", r"""octokit:request GET /repos/§O/§P/actions/artifacts - 401 in 122ms
  request.headers = { accept: 'application/vnd.github.v3+json', authorization: 'token §S', 'user-agent': 'octokit-core.js/5.0.1' }""", vis="actions/artifacts")
t("stack-trace-or-log", "iis-log-querystring-key", "hex32", r"""2024-04-04 07:12:33 §I GET /reports/export.aspx report=pnl_daily&fmt=xlsx&key=§S 443 - §I Mozilla/5.0 - 200 0 0 812""", vis="report=pnl_daily")
t("stack-trace-or-log", "gitlab-runner-clone-url-log", "'glcb¦t-' sym20", r"""Fetching changes with git depth set to 20...
Initialized empty Git repository in /builds/analytics/§P/.git/
Created fresh repository.
Checking out §c as detached HEAD (ref is main)...
fatal: unable to access 'https://gitlab-ci-token:§S@gitlab.§H/analytics/§P.git/': The requested URL returned error: 403""", vis="Created fresh repository")
t("stack-trace-or-log", "r-warning-print-list-creds", "pw", r"""> str(cfg$warehouse)
List of 5
 $ driver: chr "PostgreSQL Unicode"
 $ server: chr "§H"
 $ uid   : chr "shiny"
 $ pwd   : chr "§S"
 $ port  : int 5432""", vis="PostgreSQL Unicode")
t("stack-trace-or-log", "py-logging-debug-kwargs-dict", "hex30", r"""DEBUG:fin.plaid_client:init kwargs={'client_id': '§K', 'secret': '§S', 'env': 'development'}
INFO:fin.plaid_client:linking item for user 8842""", vis="linking item for user", k="hex24")
t("stack-trace-or-log", "mlflow-artifact-upload-presigned", "hex64", r"""WARNING mlflow.store.artifact.s3_artifact_repo: upload failed, retrying: PUT https://§B.s3.§Y.amazonaws.com/mlflow/3/§M/artifacts/model.pkl?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASI¦A§K%2F20240301%2F§Y%2Fs3%2Faws4_request&X-Amz-Date=20240301T120000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=§S""", vis="s3_artifact_repo", k="uc16")
t("stack-trace-or-log", "gcs-signed-url-log", "hex512", r"""INFO export: signed URL for partner (expires 7d): https://storage.googleapis.com/§B/exports/§P.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40§P.iam.gserviceaccount.com%2F20240512%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240512T080000Z&X-Goog-Expires=604800&X-Goog-SignedHeaders=host&X-Goog-Signature=§S""", vis="signed URL for partner")
t("stack-trace-or-log", "stata-log-odbc-error-conn", "pw", r""". odbc load, table("dbo.Claims") connectionstring("DSN=HealthDW;UID=stata;PWD=§S")
The ODBC driver reported the following diagnostics
[Microsoft][ODBC Driver Manager] Data source name not found and no default driver specified
SQLSTATE=IM002
r(682);""", vis="SQLSTATE=IM002")
t("stack-trace-or-log", "hpc-module-motd-with-pass", "pw", r"""Last login: Mon Feb 19 08:44:02 2024 from §I
------------------------------------------------------------------
 Temporary lab account for workshop: user ws-guest, pass §S
 (valid until Friday, please do not share outside the course)
------------------------------------------------------------------
[§u@login2 ~]$""", vis="ws-guest")
t("stack-trace-or-log", "tensorboard-uploader-log", "'1//0' sym98", r"""2024-02-02 11:04:51.003 I uploader: Using cached credentials at ~/.config/tensorboard/credentials/uploader-creds.json
2024-02-02 11:04:51.004 D uploader: creds={"refresh_token": "§S", "type": "authorized_user"}""", vis="uploader-creds.json")

# ======================================================================
# note-or-chat (English)
# ======================================================================
t("note-or-chat", "note-handoff-password-next-line", "pw", r"""## Hand-off (§D)
Loader is paused. Snowflake service user for the Fivetran destination is SVC_FIVETRAN,
the password §F gave me is on the next line, I have not rotated it yet:
§S
Next: resume connector `salesforce_prod` after the schema change is merged.""", vis="salesforce_prod")
t("note-or-chat", "chat-bare-token-no-label", "an40", r"""[10:42] §F: can you try with this one instead?
[10:42] §F: §S
[10:43] agent: 200 OK now, pulling 2019-2024 daily bars""", vis="pulling 2019-2024 daily bars")
t("note-or-chat", "todo-checkbox-inline-key", "an32", r"""TODO
- [x] backfill minute bars for the 40 tickers in universe_v3
- [ ] rotate the Polygon key (§S) after the demo on Thursday
- [ ] move it into Vault under secret/quant/polygon""", vis="universe_v3")
t("note-or-chat", "lab-notebook-ftp-pass-changed", "pw", r"""2024-03-02 - ELN entry, bench 4
Plate reader export failed overnight. Facility changed the FTP password for account `plate01`
to §S (email from core facility, 01 Mar). Updated exporter INI, re-ran plates 17-22.""", vis="plate01")
t("note-or-chat", "quoted-email-temp-password", "pw", r"""> From: IT Service Desk <servicedesk@uni-example.edu>
> Subject: Your HPC account §u
>
> Your temporary password is: §S
> You will be asked to change it at first login on login.hpc.example.edu.

Agent note: logged in, changed it, kept this mail for the record.""", vis="login.hpc.example.edu")
t("note-or-chat", "supervisor-chat-earthdata-login", "pw", r"""Prof. §L (Teams, 09:13): use my Earthdata login for now so you are not blocked, user §u and password §S - I'll request a project account next week.
Me: thanks, downloading GEDI L2A for the Harz tiles.""", vis="GEDI L2A")
t("note-or-chat", "agent-plan-context-new-key", "hex32", r"""Goal: backfill FRED macro series (CPI, UNRATE, DGS10) into raw.macro.
Context: the key in .env was stale (403). §F sent a new one in chat: §S
Plan: 1) update .env locally only 2) rerun `make macro` 3) check row counts vs last month.""", vis="raw.macro")
t("note-or-chat", "markdown-table-service-keys", "b64 48", r"""| service       | key id            | secret                                                           | owner |
|---------------|-------------------|------------------------------------------------------------------|-------|
| confluent-stg | §K  | §S | §F  |
| confluent-prd | (in Vault)        | (in Vault)                                                       | infra |""", vis="confluent-stg", k="uc16")
t("note-or-chat", "csv-row-shared-creds", "pw", r"""service,host,username,password,notes
redshift,§H,etl_user,§S,rotate Q3
metabase,metabase.§H,admin,<see 1Password>,""", vis="rotate Q3")
t("note-or-chat", "meeting-notes-p12-password", "pw", r"""Desk sync §D
- B-PIPE: new client cert installed on risk-01; password for the .p12 is §S (ask Ops before reusing anywhere else)
- Refinitiv: app key renewal due end of month
- Action: §F to update the runbook""", vis="risk-01")
t("note-or-chat", "commit-message-ironic-removal", "'gh¦p_' an36", r"""commit §C
Author: §F §L <§E>

    remove hardcoded token §S from sync script

    The token now comes from GITHUB_TOKEN in the runner env.""", vis="GITHUB_TOKEN in the runner env")
t("note-or-chat", "pr-description-test-creds", "pw", r"""### What
Adds the Trino -> Superset dataset sync.

### How to test
Log in to staging Superset as `qa_user` with `§S`, open Datasets, filter by schema `gold`.""", vis="qa_user")
t("note-or-chat", "agent-scratch-tried-tokens", "hex40", r"""scratch: W&B auth
- token from ~/.netrc -> 401 (old account)
- token from §F's message §S -> works, runs go to §O/§P
- do NOT commit wandb/settings""", vis="do NOT commit")
t("note-or-chat", "notebook-markdown-cell-key", "uuid", r"""### Setup
Copernicus CDS: key is `§S` (personal, §F's account). Put it in `~/.cdsapirc` before running the ERA5 cells below.""", vis="~/.cdsapirc")
t("note-or-chat", "colleague-pastes-env-lines", "'dap¦i' hex32", r"""§F: here's what I have locally, should be the same workspace
```
DATABRICKS_HOST=https://adb-§N.azuredatabricks.net
DATABRICKS_TOKEN=§S
```
Agent: confirmed, `databricks clusters list` works with it.""", vis="databricks clusters list")
t("note-or-chat", "sticky-note-transcribed-wifi", "pw", r"""(transcribed from the sticky note on the -80 freezer)
LabGuest wifi
pw: §S
LIMS helpdesk x4412""", vis="LIMS helpdesk")
t("note-or-chat", "oncall-break-glass", "pws", r"""On-call notes (week 23)
Break-glass admin for Metabase if SSO is down: admin@§O.example.com / §S
Only use with an incident ticket open.""", vis="Break-glass admin")
t("note-or-chat", "teams-key-secret-pair", "b64 64", r"""§F §L  11:20
Kraken read-only key for the reconciliation job:
key: §K
private key: §S
(please only use it for balances/ledgers)""", vis="reconciliation job", k="b64 42")
t("note-or-chat", "agent-memory-credentials-seen", "'pn¦u_' an36", r"""## Memory
- Prefect workspace: §O/§P (Cloud)
- Credentials seen this session: PREFECT_API_KEY=§S (from user's shell history)
- Deploy flows with `prefect deploy --all`""", vis="prefect deploy --all")
t("note-or-chat", "vendor-email-key-and-secret", "an40", r"""> Welcome to the Tiingo API!
> Your API token: §S
> Free tier: 50 symbols/hour, 1000 requests/day.

Saving this in the team vault under "tiingo-research".""", vis="tiingo-research")
t("note-or-chat", "code-review-comment-leak", "uc16", r"""Review on PR #§N, file notebooks/fx.ipynb, cell 3:
> line 4 leaks `§S` (Alpha Vantage), please move to Secret Manager and rewrite the history on this branch.""", vis="Secret Manager")
t("note-or-chat", "postmortem-revoked-token", "'glpa¦t-' sym20", r"""Postmortem: token in public gist
Timeline: 13:41 GitLab token §S pushed to a public gist by the CI helper script; 14:02 revoked; 14:20 audit of api logs shows no foreign IPs.
Follow-up: pre-commit hook, secret scanning on gists.""", vis="pre-commit hook")
t("note-or-chat", "stackoverflow-draft-question", "pwu", r"""Draft question for SO:
"psycopg2 can't connect to Redshift Serverless with IAM"
I'm using `postgresql://admin:§S@default-workgroup.§N.§Y.redshift-serverless.amazonaws.com:5439/dev`
and get `FATAL: password authentication failed`... (remember to mask before posting!)""", vis="redshift-serverless")
t("note-or-chat", "status-update-inline-creds", "pw", r"""Weekly status - data platform
* Airflow 2.9 upgrade done on staging. Admin UI login while SSO is broken: admin / §S
* Kafka: consumer lag alerts tuned
* Next: dbt 1.8 in CI""", vis="dbt 1.8 in CI")
t("note-or-chat", "handoff-bullets-no-cred-words", "jwt", r"""Notes for tomorrow-me:
- export API at https://export.§H works again
- header value that works: §S
- the nightly job still uses the old one, fix in dags/export.py""", vis="dags/export.py")
t("note-or-chat", "chat-screenshot-ocr", "pw", r"""[OCR of screenshot §F sent]
Server: §H
Port: 5432
Database: kpis
User: powerbi_gw
Password: §S
[Test connection] Succeeded""", vis="powerbi_gw")
t("note-or-chat", "lab-meeting-minutes-shared-account", "pw", r"""Lab meeting minutes (§D)
1. Zenodo community for the group created, curator: §F
2. Shared OSF account for the pre-registrations: osf-lab@§O.example.org, password §S - will move to individual accounts after the deadline
3. Next journal club: §L""", vis="pre-registrations")
t("note-or-chat", "agent-question-to-user", "an25", r"""Agent -> user: I found a Comet key hard-coded in train.py (`§S`). Do you want me to move it to COMET_API_KEY in your shell profile and remove it from the script?
User: yes, and rotate it please""", vis="COMET_API_KEY")
t("note-or-chat", "user-instruction-with-password", "pw", r"""User: ssh to the analysis box (§H) as §u, password is §S, then run the Stata batch in ~/projects/wages and send me the log.""", vis="~/projects/wages")
t("note-or-chat", "irc-style-chat-token", "'xox¦b-' dig12 '-' dig13 '-' an24", r"""<§u> anyone know the slack bot token for #data-alerts?
<ops-bot> §S
<§u> ty""", vis="#data-alerts")
t("note-or-chat", "doc-comment-google-docs", "hex64", r"""Comment by §F on "Runbook: JupyterHub" (resolved):
"the idle culler's api_token is §S - not in the Helm values anymore, it's in the hub secret"
""", vis="Runbook: JupyterHub")
t("note-or-chat", "thesis-appendix-draft", "hex36", r"""Appendix B (draft, remove before submission!)
Data were retrieved from NCBI SRA using E-utilities (API key §S, rate 10 req/s) between March and May 2024.""", vis="Appendix B")
t("note-or-chat", "agent-decision-log-entry", "pw", r"""Decision §D 14:10: keep using the shared `analyst` login on the Trino staging cluster because LDAP is broken.
Its password (§S) is stored only in this notebook until IT fixes LDAP - delete this line afterwards.""", vis="Trino staging cluster")
t("note-or-chat", "whatsapp-export-line", "pw", r"""[§D, 21:04:11] §F: the lab NAS admin password is §S
[§D, 21:04:30] §F: don't put it in the wiki pls""", vis="don't put it in the wiki")
t("note-or-chat", "email-thread-vendor-sftp", "pw", r"""On Tue, §F §L <§E> wrote:
> Hi, here are your SFTP credentials for the tick data delivery:
> host: sftp.ticks.example.com
> user: §O_ticks
> pass: §S
> Files land daily at 06:00 UTC in /outgoing.""", vis="sftp.ticks.example.com")
t("note-or-chat", "handoff-yaml-in-prose", "b64 30", r"""Handing over the MinIO migration. The bucket policy is done; the credentials the new Spark job uses are:
  access: spark-lake
  secret: §S
Please switch them to the service account before Friday.""", vis="spark-lake")
t("note-or-chat", "kanban-card-description", "an64", r"""Card: "Binance -> ledger reconciliation"
Blocked: sub-account API key expired. New read-only secret from treasury: §S
Key id is in the card attachment.""", vis="ledger reconciliation")
t("note-or-chat", "obsidian-daily-note", "pw", r"""# §D
- [[Cluster]] scratch quota 92% - cleaned `tmp_blast/`
- RStudio Server on §h: reset my local pw to §S because the PAM sync failed
- Read: Gelman & Hill ch. 12""", vis="Gelman & Hill")
t("note-or-chat", "agent-summary-keys-found", "'sk_l¦ive_' an99", r"""Summary of repository scan (manual):
1. `billing/sync.py` line 12 - Stripe live secret `§S` (!!)
2. `notebooks/eda.ipynb` - Mapbox public token (fine)
3. `.env.example` - placeholders only""", vis=".env.example")
t("note-or-chat", "reddit-style-help-post", "pw", r"""[r/dataengineering draft] Airbyte won't connect to my MySQL source. Config:
host: §H, port 3306, user airbyte, password §S, SSL on. Error is "Communications link failure". Any ideas?""", vis="Communications link failure")
t("note-or-chat", "supervisor-email-cluster-account", "pw", r"""Hi §F,
you can use the group account on the cluster until yours is approved:
  ssh grp-§P@login.hpc.example.edu
  password: §S
Please keep jobs under 4 nodes.
Best, §L""", vis="keep jobs under 4 nodes")
t("note-or-chat", "notes-numbered-steps-token-url", "an60", r"""Steps that worked for publishing v2 on Zenodo:
1. create new version from the UI
2. PUT files to the bucket: https://zenodo.org/api/files/§Q/§P.zip?access_token=§S
3. publish""", vis="create new version from the UI")
t("note-or-chat", "postit-photo-transcript-vpn", "pw", r"""VPN (Cisco) - group: STAFF
user §u
§S
second factor: phone""", vis="second factor: phone")
t("note-or-chat", "slack-thread-snippet-json", "hex30", r"""§F: does the sandbox still work?
§F: ```{"client_id": "§K", "secret": "§S"}```
agent: yes, /link/token/create returned a link_token.""", vis="/link/token/create", k="hex24")
t("note-or-chat", "diary-style-agent-log", "'h¦f_' AL34", r"""15:02 - model push failed (403). The HF token in the env is read-only.
15:09 - §F pasted a write token: §S
15:11 - pushed §O/§P-lora, revision §c""", vis="revision §c")
t("note-or-chat", "onboarding-doc-shared-creds", "pw", r"""Onboarding - Analytics
1. Request Snowflake role ANALYST via the form.
2. Until approved, the shared reader is `BI_READER` / `§S` (read-only on MARTS).
3. Install dbt and the sqlfluff pre-commit hook.""", vis="read-only on MARTS")
t("note-or-chat", "ticket-comment-servicenow", "pws", r"""INC00§N - Work notes (IT Ops)
Reset done for svc_tableau_extract. New password: §S
Set to never expire per request from BI team.""", vis="svc_tableau_extract")
t("note-or-chat", "agent-next-steps-with-pair", "b64 30", r"""Next steps:
1. set DVC remote creds locally (key AK¦IA§K, secret §S) - NOT in .dvc/config
2. `dvc pull data/processed`
3. re-run the notebook""", vis="dvc pull data/processed", k="uc16")
t("note-or-chat", "grant-report-draft-leak", "'gh¦p_' an36", r"""Software availability (draft): code is at github.com/§O/§P (private until publication; reviewers can use the access token §S).""", vis="Software availability")
t("note-or-chat", "pair-programming-transcript", "pw", r"""§F: ok now type the password for the metastore
me: which one
§F: §S, capital first letter
me: in, thanks""", vis="capital first letter")
t("note-or-chat", "chat-forwarded-otp-and-pw", "pw", r"""Forwarded message:
"Your Interactive Brokers paper account: username §u, password §S. Two-factor is disabled for paper accounts."
""", vis="paper account")
t("note-or-chat", "agent-note-json-blob-credential", "uuid", r"""Saved for later (from the Dataverse admin):
{"server": "https://dataverse.example.edu", "api_token": "§S", "dataverse": "§O"}""", vis="Dataverse admin")
t("note-or-chat", "recap-email-to-self", "hex128", r"""Subject: figshare token (note to self)
Token for the lab figshare account, created §D, no expiry:
§S""", vis="note to self")
t("note-or-chat", "chat-key-with-spaces-around", "an32", r"""§F 16:03
 §S
§F 16:03
^ that's the RSConnect key for the dashboards server, expires end of year""", vis="RSConnect key")
t("note-or-chat", "issue-comment-repro-steps", "jwt", r"""Repro:
```
export MOTHERDUCK_TOKEN=§S
duckdb md: -c "select count(*) from sample_data.nyc.taxi"
```
-> segfault on 1.0.0, works on 0.10.3""", vis="sample_data.nyc.taxi")
t("note-or-chat", "plan-markdown-with-connection-string", "pwu", r"""## Plan
1. Point Superset at the new ClickHouse: `clickhousedb://superset:§S@§H:8443/analytics?secure=true`
2. Re-create the 4 datasets
3. Check dashboards 12, 17, 31""", vis="Re-create the 4 datasets")
t("note-or-chat", "agent-warning-to-user", "azs", r"""WARNING: The Power BI service principal secret is printed in deploy.log (`§S`). I have not copied it anywhere else. Recommend rotating it in Entra ID.""", vis="Entra ID")
t("note-or-chat", "quoted-chat-in-ticket", "pw", r"""Customer wrote (ticket #§N):
"I can't log into the portal, I've tried my password §S three times and now it's locked. Username §E"
Action: unlock + ask to reset via self-service.""", vis="self-service")
t("note-or-chat", "instrument-handover-card", "pw", r"""Instrument handover - Orbitrap (room 2.114)
Windows login: LAB\msuser  /  §S
Xcalibur: no password
Data goes to \\nas01\ms_raw\§D""", vis="Orbitrap")
t("note-or-chat", "agent-context-summary-compact", "'sk-an¦t-api03-' sym93 'AA'", r"""[context summary] User is evaluating LLM-based abstract screening for the systematic review. ANTHROPIC_API_KEY was set inline earlier (§S). Remaining: 312 abstracts, then compute kappa vs human labels.""", vis="compute kappa")
t("note-or-chat", "chat-mixed-languages-en", "pw", r"""[09:01] §F: morning! the Tableau Server admin pw is still §S right?
[09:02] §L: yes until the migration""", vis="until the migration")
t("note-or-chat", "notes-url-with-basic-creds", "pwu", r"""Grafana link for the lag dashboard (kiosk mode, basic auth baked in so the TV can load it):
https://viewer:§S@grafana.§H/d/kafka-lag?kiosk""", vis="kiosk mode")
t("note-or-chat", "survey-platform-api-note", "an40", r"""Qualtrics export automation: token is §S (datacenter fra1), survey SV_§K. Responses land in s3://§B/qualtrics/.""", vis="datacenter fra1", k="an15")
t("note-or-chat", "redcap-token-note", "HEX32", r"""REDCap project 1482 (sepsis cohort) API token: §S
Only export, no import rights. Ask §F before pulling identifiers.""", vis="REDCap project 1482")
t("note-or-chat", "shared-drive-readme-passphrase", "pp", r"""README (Shared drive / cohort / encrypted)
Files are gpg symmetric. Passphrase: §S
Never email the decrypted CSVs.""", vis="gpg symmetric")
t("note-or-chat", "agent-retro-bullet", "'dckr_p¦at_' sym27", r"""Retro:
- good: CI image builds in 4 min now
- bad: I used §F's Docker Hub PAT (§S) to get past the rate limit; needs an org token""", vis="rate limit")
t("note-or-chat", "chat-emoji-reaction-key", "an32", r"""§F: :key: §S
§F: polygon, paid tier
§L: :+1:""", vis="paid tier")
t("note-or-chat", "lecture-notes-demo-account", "pw", r"""Lecture 7 - SQL on real data
Demo account on the teaching Postgres: student_demo / §S (read-only, reset each term)""", vis="student_demo")
t("note-or-chat", "agent-handoff-gpg-wrapped", "pemrsa", r"""Hand-off: the old deploy key for the data repo (to be deleted once the new one is in place):
-----BEGIN RSA PRIV¦ATE KEY-----
§S
-----END RSA PRIV¦ATE KEY-----
Public part is registered as "deploy-§P (old)".""", vis="deploy-§P (old)")
t("note-or-chat", "agent-quick-note-inline-sentence", "hex32", r"""Quick note: the OpenWeather key §F uses for the greenhouse dashboard is §S and it's on the free plan, so keep calls under 60/min.""", vis="greenhouse dashboard")
t("note-or-chat", "email-signature-style-credentials", "pw", r"""Thanks for joining the workshop! Your JupyterHub login:
  URL: https://hub.§H
  Username: ws-§N
  Password: §S
Cheers, the Research Computing team""", vis="Research Computing team")
t("note-or-chat", "chat-reply-with-quoted-key", "an64", r"""> §F: is the bybit testnet secret still §S?
yes, and the key is in the pinned message""", vis="bybit testnet")
t("note-or-chat", "note-copy-paste-from-portal", "uc25", r"""Copied from the Visual Crossing account page:
Key
§S
Plan: Metered, 1000 records/day free""", vis="Visual Crossing account page")
t("note-or-chat", "agent-todo-rotate-list", "'gls¦a_' an32 '_' hex8", r"""Rotate list (after audit):
1. Grafana service account token §S (scope: dashboards:read)
2. Datadog app key - done
3. Sentry auth token - pending""", vis="dashboards:read")
t("note-or-chat", "coauthor-chat-overleaf", "an40", r"""§F (Overleaf chat): I put the NASA API key in the scripts folder for the figure 3 pipeline, it's §S - don't commit it to the public repo though""", vis="figure 3 pipeline")
t("note-or-chat", "agent-reflection-paragraph", "pw", r"""I connected to the LIMS replica with the read-only user that appears in the old runbook (lims_ro, §S). That account should probably not still work; I'm flagging it for the lab manager.""", vis="flagging it for the lab manager")
t("note-or-chat", "note-pipe-table-row-creds", "pw", r"""| env | host | user | pass |
| --- | --- | --- | --- |
| stg | §H | app | §S |""", vis="| env | host |")
t("note-or-chat", "handoff-checklist-colon-less", "an24", r"""Looker API creds for the content validator job
client id §K
client secret §S""", vis="content validator job", k="an20")
t("note-or-chat", "phd-student-chat-renviron", "'gh¦p_' an36", r"""§F: my R package install from our private repo fails
§L: did you set GITHUB_PAT in .Renviron? use mine for now §S
§F: worked!""", vis="private repo")
t("note-or-chat", "meeting-transcript-auto", "pw", r"""[00:14:32] §F: ...and the password for the shared Stata license server account is §S, that's S as in sugar...
[00:14:41] §L: got it""", vis="Stata license server")

# ======================================================================
# note-or-chat (other languages)
# ======================================================================
t("note-or-chat", "note-es-traspaso-redshift", "pw", r"""Traspaso (§D): el cargador nocturno sigue caído. La contraseña de etl_user en Redshift es §S — me la pasó §F por Slack, hay que rotarla.
Próximo paso: relanzar el DAG `carga_ventas` cuando vuelva el clúster.""", vis="carga_ventas")
t("note-or-chat", "note-es-chat-api-key-polygon", "an32", r"""§F: oye, ¿me pasas la clave de Polygon? la mía caducó
§L: toma: §S
§F: ¡gracias! ya descarga los datos de minuto""", vis="datos de minuto")
t("note-or-chat", "note-es-cuaderno-laboratorio", "pw", r"""Cuaderno de laboratorio, §D
El lector de placas no exporta. El servicio cambió la clave del FTP (usuario lector01) a: §S
Reexportadas las placas 3 a 9.""", vis="lector01")
t("note-or-chat", "note-es-correo-supervisor", "pw", r"""Hola §F:
mientras aprueban tu cuenta, usa la del grupo en el clúster: usuario grp-clima, contraseña §S.
No lances más de 200 trabajos a la vez.
Un saludo, §L""", vis="grp-clima")
t("note-or-chat", "note-es-pendientes-token-hf", "'h¦f_' AL34", r"""Pendientes:
- subir el modelo ajustado a §O (token de escritura: §S)
- escribir la tarjeta del modelo
- avisar a §F""", vis="tarjeta del modelo")
t("note-or-chat", "note-pt-passagem-turno-airflow", "pw", r"""Passagem de turno: o Airflow de homologação está com SSO quebrado. Login de emergência: admin / §S.
Amanhã: atualizar para 2.9 e reativar o LDAP.""", vis="Passagem de turno")
t("note-or-chat", "note-pt-chat-chave-binance", "an64", r"""§F: a chave secreta da subconta de pesquisa é §S
§F: só leitura, não usa pra ordens
§L: beleza, vou usar só no job de conciliação""", vis="job de conciliação")
t("note-or-chat", "note-pt-caderno-earthdata", "pw", r"""Anotações §D — usei o login do orientador no Earthdata (usuário §u, senha §S) para baixar os granulos do MODIS. Pedir conta própria!""", vis="granulos do MODIS")
t("note-or-chat", "note-pt-email-plaid", "hex30", r"""Olá §F,
segue o secret do ambiente de desenvolvimento do Plaid: §S
O client_id está no cofre da equipe.
Abraços""", vis="cofre da equipe")
t("note-or-chat", "note-pt-todo-dvc", "b64 30", r"""TODO:
1. configurar o remote do DVC com a chave secreta §S (local, nunca no git)
2. dvc pull dos dados processados
3. rodar o notebook de validação""", vis="notebook de validação")
t("note-or-chat", "note-de-uebergabe-snowflake", "pw", r"""Übergabe (§D):
Der Loader steht. Passwort für den Snowflake-Dienstnutzer SVC_LOADER: §S
Bitte nach dem Wochenende rotieren und im Vault ablegen.""", vis="SVC_LOADER")
t("note-or-chat", "note-de-laborbuch-geraet", "pw", r"""Laborbuch §D, Raum 3.021
Windows-Anmeldung am Konfokalmikroskop: LAB\mikro / §S
Daten landen auf \\nas02\confocal\§u""", vis="Konfokalmikroskop")
t("note-or-chat", "note-de-chat-betreuer-cluster", "pw", r"""Prof. §L: Nimm vorerst den Gruppen-Account auf dem Cluster, Benutzer grp-§P, Kennwort §S. Dein eigener Zugang kommt nächste Woche.
Ich: Danke, starte die Slurm-Jobs heute Abend.""", vis="Slurm-Jobs")
t("note-or-chat", "note-de-todo-api-schluessel", "hex36", r"""Offene Punkte:
- NCBI-API-Schlüssel §S in die Nextflow-Secrets übernehmen
- fetchngs für PRJEB§N laufen lassen
- Ergebnisse an §F schicken""", vis="Ergebnisse an")
t("note-or-chat", "note-de-fints-pin-notiz", "dig8", r"""Notiz Buchhaltung: Für den FinTS-Abruf der Kontoauszüge (Geschäftskonto) ist die PIN §S. TAN kommt per pushTAN aufs Diensthandy.""", vis="pushTAN")
t("note-or-chat", "note-de-mail-zugangsdaten-sftp", "pw", r"""> Sehr geehrte Frau §L,
> anbei Ihre Zugangsdaten für die Datenlieferung:
> Server: sftp.daten.example.de, Benutzer: §O_lieferung
> Passwort: §S
> Mit freundlichen Grüßen""", vis="sftp.daten.example.de")
t("note-or-chat", "note-fr-passation-metabase", "pw", r"""Passation (§D) : Metabase tourne à nouveau. Compte admin de secours : admin@§O.example.com, mot de passe §S.
À faire : brancher le SSO et supprimer ce compte.""", vis="brancher le SSO")
t("note-or-chat", "note-fr-cahier-labo-lims", "an40", r"""Cahier de labo — §D
Le jeton d'API du LIMS pour l'export du séquenceur : §S
(à ne pas copier dans le wiki, je le mets dans le coffre cette semaine)""", vis="export du séquenceur")
t("note-or-chat", "note-fr-chat-cle-copernicus", "uuid", r"""§F : tu peux me passer ta clé CDS ? la mienne est bloquée
§L : oui, c'est §S, mais ne lance pas plus de 5 requêtes en parallèle
§F : merci !""", vis="5 requêtes en parallèle")
t("note-or-chat", "note-fr-courriel-directeur-these", "pw", r"""Bonjour §F,
pour le serveur RStudio du labo, ton identifiant est §u et le mot de passe provisoire est §S. Change-le à la première connexion.
Bien à toi, §L""", vis="serveur RStudio du labo")
t("note-or-chat", "note-fr-todo-wandb", "hex40", r"""À faire :
- remplacer la clé W&B en dur (§S) par la variable d'environnement
- relancer le sweep sur le nœud gpu012""", vis="relancer le sweep")
t("note-or-chat", "note-it-passaggio-consegne-kafka", "b64 48", r"""Passaggio di consegne §D: il consumer dei prezzi è fermo. Secret della API key Confluent (chiave §K): §S
Domani: ruotare la chiave e aggiornare il secret su Kubernetes.""", vis="consumer dei prezzi", k="uc16")
t("note-or-chat", "note-it-quaderno-strumento", "pw", r"""Quaderno di laboratorio, §D
Password dell'account strumento sul PC dell'HPLC: §S (utente hplc_op). Il tecnico l'ha cambiata ieri.""", vis="hplc_op")
t("note-or-chat", "note-it-chat-relatore", "pw", r"""§L (relatore): per ora usa il mio account su Dataverse, utente §u, password §S. Poi ti creo il tuo.
Io: perfetto, carico il dataset stasera.""", vis="carico il dataset stasera")
t("note-or-chat", "note-it-email-fornitore", "an32", r"""Gentile §F,
la sua chiave API per il servizio meteo è: §S
Piano: Professional, 10.000 chiamate al giorno.
Cordiali saluti""", vis="10.000 chiamate al giorno")
t("note-or-chat", "note-ja-hikitsugi-redshift", "pw", r"""引き継ぎメモ（§D）
夜間ロードが失敗しています。Redshift の etl_user のパスワードは §S です。§F さんから受け取ったもので、来週ローテーション予定。""", vis="etl_user")
t("note-or-chat", "note-ja-chat-api-key", "an40", r"""§F: Tiingo の API キー、これ使ってください → §S
§L: ありがとうございます！日足データ取れました""", vis="日足データ")
t("note-or-chat", "note-ja-jikken-note", "pw", r"""実験ノート §D
プレートリーダーの FTP パスワードが変更されました：§S（ユーザー plate02）
エクスポート設定を更新済み。""", vis="plate02")
t("note-or-chat", "note-ja-todo-hf", "'h¦f_' AL34", r"""TODO:
・学習済みモデルを Hugging Face にアップロード（書き込みトークン：§S）
・モデルカードを書く
・§F さんに共有""", vis="モデルカード")
t("note-or-chat", "note-ja-mail-shidou-kyouin", "pw", r"""§F さん
計算機クラスタのアカウントが発行されるまで、研究室の共用アカウント（grp-§P）を使ってください。パスワードは §S です。
§L""", vis="研究室の共用アカウント")
t("note-or-chat", "note-zh-jiaojie-snowflake", "pw", r"""交接说明（§D）：夜间加载任务还在失败。Snowflake 服务账号 SVC_ETL 的密码是 §S，§F 给我的，下周需要轮换。""", vis="SVC_ETL")
t("note-or-chat", "note-zh-chat-binance-secret", "an64", r"""§F：研究子账户的 API Secret 是 §S，只读权限
§L：好的，我只在对账脚本里用""", vis="对账脚本")
t("note-or-chat", "note-zh-shiyan-jilu", "pw", r"""实验记录 §D
共聚焦显微镜电脑的登录密码已更新为 §S（用户 confocal）。数据保存在 \\nas01\confocal。""", vis="共聚焦显微镜")
t("note-or-chat", "note-zh-daoshi-youjian", "pw", r"""§F 你好，
在你的集群账号开通之前，先用课题组的公共账号 grp-§P，密码 §S。请不要同时提交超过 100 个作业。
§L""", vis="公共账号")
t("note-or-chat", "note-zh-daiban-wandb", "hex40", r"""待办：
1. 把写死在 train.py 里的 W&B key（§S）改成环境变量
2. 在 gpu008 上重新跑超参搜索""", vis="超参搜索")
t("note-or-chat", "note-ko-ingye-airflow", "pw", r"""인계 메모 (§D): 스테이징 Airflow SSO가 고장났습니다. 비상 관리자 계정: admin / §S
내일 할 일: LDAP 다시 연결하기""", vis="비상 관리자 계정")
t("note-or-chat", "note-ko-chat-polygon-key", "an32", r"""§F: 폴리곤 API 키 이거 쓰세요 §S
§L: 감사합니다! 분봉 데이터 받아지네요""", vis="분봉 데이터")
t("note-or-chat", "note-ko-yeongu-note-lims", "an40", r"""연구 노트 §D
LIMS 내보내기용 API 토큰: §S
위키에는 올리지 말 것.""", vis="위키에는 올리지 말 것")
t("note-or-chat", "note-ko-gyosu-email", "pw", r"""§F 학생에게,
클러스터 계정이 나오기 전까지 연구실 공용 계정(grp-§P)을 사용하세요. 비밀번호는 §S 입니다.
§L 드림""", vis="연구실 공용 계정")
t("note-or-chat", "note-ru-peredacha-del-clickhouse", "pws", r"""Передача дел (§D): ClickHouse в проде работает, пароль пользователя ingest: §S
Завтра: перенести пароль в Vault и перезапустить загрузчик.""", vis="перезапустить загрузчик")
t("note-or-chat", "note-ru-chat-kluch-bybit", "an36", r"""§F: секрет от тестового ключа Bybit: §S
§L: спасибо, подключаю бэктест""", vis="подключаю бэктест")
t("note-or-chat", "note-ru-laboratornyi-zhurnal", "pw", r"""Лабораторный журнал, §D
Пароль от учётки спектрометра (user ms_op) сменили на §S. Экспорт RAW-файлов снова работает.""", vis="ms_op")
t("note-or-chat", "note-ru-pismo-rukovoditelya", "pw", r"""§F, привет!
Пока твой доступ к кластеру не одобрили, используй групповой аккаунт grp-§P, пароль §S. Не больше 4 узлов, пожалуйста.
§L""", vis="Не больше 4 узлов")
t("note-or-chat", "note-ru-todo-dvc", "b64 30", r"""TODO:
- прописать секретный ключ DVC-ремоута локально: §S
- dvc pull data/processed
- обновить отчёт""", vis="обновить отчёт")
t("note-or-chat", "note-pl-przekazanie-superset", "pw", r"""Przekazanie (§D): Superset działa, ale SSO nie. Awaryjne konto admina: admin / §S.
Do zrobienia: podpiąć Keycloak i usunąć to konto.""", vis="podpiąć Keycloak")
t("note-or-chat", "note-pl-czat-klucz-fred", "hex32", r"""§F: masz klucz do FRED? mój wygasł
§L: proszę: §S
§F: dzięki, ściągam serie makro""", vis="ściągam serie makro")
t("note-or-chat", "note-pl-dziennik-laboratoryjny", "pw", r"""Dziennik laboratoryjny, §D
Hasło do konta aparatu (użytkownik qpcr_op) zmienione na §S. Eksport do LIMS znowu działa.""", vis="qpcr_op")
t("note-or-chat", "note-pl-mail-promotor", "pw", r"""Cześć §F,
zanim dostaniesz własne konto na klastrze, korzystaj z konta grupowego grp-§P, hasło §S.
Pozdrawiam, §L""", vis="konta grupowego")
t("note-or-chat", "note-nl-overdracht-dbt", "pw", r"""Overdracht (§D): de dbt-run in productie faalt op stg_orders. Wachtwoord van de Redshift-gebruiker dbt_prod is §S — graag na het weekend roteren.""", vis="stg_orders")
t("note-or-chat", "note-nl-chat-openweather", "hex32", r"""§F: hier is de OpenWeather-sleutel voor het kasdashboard: §S
§L: top, ik zet hem in de .env op de Pi""", vis="kasdashboard")
t("note-or-chat", "note-nl-labjournaal", "pw", r"""Labjournaal §D
Het FTP-wachtwoord van de platereader (gebruiker reader03) is gewijzigd naar §S. Exportinstellingen aangepast.""", vis="reader03")
t("note-or-chat", "note-nl-mail-begeleider", "pw", r"""Hoi §F,
tot je eigen account op het cluster klaar is kun je het groepsaccount grp-§P gebruiken, wachtwoord §S.
Groet, §L""", vis="groepsaccount")
t("note-or-chat", "note-hi-handoff-snowflake", "pw", r"""हैंडओवर नोट (§D): रात का लोड अभी भी फेल हो रहा है। Snowflake सर्विस यूज़र SVC_LOADER का पासवर्ड §S है — §F ने भेजा था, अगले हफ़्ते बदलना है।""", vis="SVC_LOADER")
t("note-or-chat", "note-hi-chat-api-key", "uc16", r"""§F: Alpha Vantage की API key यह लो: §S
§L: धन्यवाद! अब दैनिक डेटा आ रहा है""", vis="दैनिक डेटा")
t("note-or-chat", "note-hi-lab-notebook", "pw", r"""लैब नोटबुक §D
प्लेट रीडर के FTP अकाउंट (plate04) का पासवर्ड बदलकर §S कर दिया गया है। एक्सपोर्ट सेटिंग अपडेट कर दी।""", vis="plate04")
t("note-or-chat", "note-hi-guide-email-cluster", "pw", r"""प्रिय §F,
जब तक तुम्हारा क्लस्टर अकाउंट नहीं बनता, ग्रुप अकाउंट grp-§P इस्तेमाल करो, पासवर्ड §S है।
— §L""", vis="ग्रुप अकाउंट")
t("note-or-chat", "note-tr-devir-notu-kafka", "b64 48", r"""Devir notu (§D): fiyat tüketicisi durdu. Confluent API anahtarının gizli değeri: §S
Yarın: anahtarı döndür ve Kubernetes secret'ını güncelle.""", vis="fiyat tüketicisi")
t("note-or-chat", "note-tr-sohbet-hf-token", "'h¦f_' AL34", r"""§F: yazma yetkili Hugging Face token'ı bu: §S
§L: teşekkürler, modeli yüklüyorum""", vis="modeli yüklüyorum")
t("note-or-chat", "note-tr-laboratuvar-defteri", "pw", r"""Laboratuvar defteri §D
Spektrofotometre bilgisayarının şifresi değişti: §S (kullanıcı: spektro). Dışa aktarma tekrar çalışıyor.""", vis="spektro")
t("note-or-chat", "note-tr-danisman-eposta", "pw", r"""Merhaba §F,
küme hesabın açılana kadar grup hesabını (grp-§P) kullan, şifre: §S
Sevgiler, §L""", vis="grup hesabını")
t("note-or-chat", "note-sv-overlamning-looker", "an24", r"""Överlämning (§D): Looker-API:t för innehållsvalideringen använder client secret §S. Byt ut den efter releasen.""", vis="innehållsvalideringen")
t("note-or-chat", "note-sv-chatt-nasa-key", "an40", r"""§F: här är NASA-nyckeln till figurskripten: §S
§L: tack! lägger den i .env""", vis="figurskripten")
t("note-or-chat", "note-es-tabla-credenciales", "pw", r"""| entorno | host | usuario | contraseña |
|---|---|---|---|
| pruebas | §H | analista | §S |""", vis="| entorno | host |")
t("note-or-chat", "note-de-protokoll-teams-chat", "'dap¦i' hex32", r"""[Teams] §F §L 14:07
Hier das Databricks-Token für den Workspace „Forschung“: §S
läuft in 90 Tagen ab""", vis="läuft in 90 Tagen ab")
t("note-or-chat", "note-fr-tableau-identifiants", "pw", r"""Identifiants temporaires de l'atelier :
- JupyterHub : https://hub.§H
- utilisateur : atelier-§N
- mot de passe : §S""", vis="Identifiants temporaires")
t("note-or-chat", "note-ja-meeting-gijiroku", "b64 16 ':' an32", r"""議事録 §D
・Tableau の PAT（refresh-bot）のシークレット：§S
・来月までに期限切れになるので更新すること""", vis="refresh-bot")
t("note-or-chat", "note-zh-huiyi-jilu-tableau", "pw", r"""会议记录 §D
- Tableau Server 管理员临时密码：§S（迁移完成后删除）
- 下周完成 Extract 刷新迁移""", vis="Extract 刷新迁移")
t("note-or-chat", "note-pt-tabela-csv-credenciais", "pw", r"""servico,usuario,senha,obs
metabase,admin,§S,trocar depois da migracao
superset,admin,<cofre>,""", vis="trocar depois da migracao")
t("note-or-chat", "note-it-todo-chiave-fred", "hex32", r"""Da fare:
- sostituire la chiave FRED scritta nel notebook (§S) con la variabile d'ambiente
- rigenerare i grafici del capitolo 3""", vis="capitolo 3")
t("note-or-chat", "note-ko-todo-plaid", "hex30", r"""할 일:
1. Plaid 개발 환경 secret(§S)을 .env로 옮기기
2. 거래내역 동기화 다시 실행""", vis="거래내역 동기화")
t("note-or-chat", "note-ru-chat-token-zenodo", "an60", r"""§F: вот токен Zenodo для группы: §S
§F: только для загрузки новой версии датасета""", vis="новой версии датасета")
t("note-or-chat", "note-pl-todo-token-github", "'gh¦p_' an36", r"""Do zrobienia:
- usunąć token GitHuba z ustawień RStudio (§S)
- wygenerować token z ograniczonym zakresem""", vis="ograniczonym zakresem")
t("note-or-chat", "note-nl-todo-arcgis", "'AAP¦K' hex32 sym40", r"""Te doen:
- de ArcGIS-sleutel (§S) uit de notebook halen
- geocoderen van de adressenlijst afmaken""", vis="adressenlijst")
t("note-or-chat", "note-tr-todo-mapbox", "mbx", r"""Yapılacaklar:
- Mapbox gizli token'ını (§S) depo geçmişinden temizle
- karo yüklemesini yeniden çalıştır""", vis="karo yüklemesini")
t("note-or-chat", "note-hi-todo-kaggle", "hex32", r"""करना बाकी:
- kaggle.json की key (§S) को नोटबुक से हटाओ
- प्रतियोगिता का डेटा दोबारा डाउनलोड करो""", vis="kaggle.json")
t("note-or-chat", "note-es-chat-mezcla-ingles", "pws", r"""[09:10] §F: ¿sigue siendo §S el password del admin de ClickHouse?
[09:11] §L: sí, hasta la migración""", vis="hasta la migración")
t("note-or-chat", "note-de-mail-zitat-instrument", "pw", r"""Am §D schrieb §F:
> das neue Passwort für den Messrechner am Massenspektrometer ist §S
> (Benutzer msuser, Domäne LAB)
Danke, ist im Laborbuch vermerkt.""", vis="Messrechner")
t("note-or-chat", "note-fr-note-rapide-cle", "hex36", r"""Note rapide : clé NCBI §S, 10 requêtes/s, liée au compte de §F.""", vis="10 requêtes/s")
t("note-or-chat", "note-ja-slack-bare-token", "'xox¦b-' dig12 '-' dig13 '-' an24", r"""§F: アラート通知用ボットトークン
§F: §S
§L: 了解、Airflow のコールバックに設定します""", vis="コールバック")
t("note-or-chat", "note-zh-bare-key-next-line", "an32", r"""Polygon 的新 key：
§S
旧的已经作废。""", vis="旧的已经作废")

# ======================================================================
# ci-and-deploy
# ======================================================================
t("ci-and-deploy", "gha-workflow-env-literal", "pw", r"""name: dbt-ci
on: [pull_request]
jobs:
  build:
    runs-on: ubuntu-latest
    env:
      DBT_PROFILES_DIR: ./ci
      SNOWFLAKE_USER: DBT_CI
      SNOWFLAKE_PASSWORD: "§S"   # TODO move to secrets
    steps:
      - uses: actions/checkout@v4
      - run: dbt build --target ci""", vis="DBT_PROFILES_DIR")
t("ci-and-deploy", "gha-docker-login-action-password", "'dckr_p¦at_' sym27", r"""      - name: Log in to Docker Hub
        uses: docker/login-action@v3
        with:
          username: §O
          password: §S
      - uses: docker/build-push-action@v5""", vis="docker/login-action@v3")
t("ci-and-deploy", "gitlab-ci-variables-literal", "'dap¦i' hex32", r"""variables:
  DATABRICKS_HOST: "https://adb-§N.azuredatabricks.net"
  DATABRICKS_TOKEN: "§S"
  BUNDLE_TARGET: staging

deploy_bundle:
  stage: deploy
  script:
    - databricks bundle deploy -t $BUNDLE_TARGET""", vis="databricks bundle deploy")
t("ci-and-deploy", "jenkinsfile-environment-block", "pw", r"""pipeline {
  agent { label 'etl' }
  environment {
    PGHOST = '§H'
    PGUSER = 'jenkins_etl'
    PGPASSWORD = '§S'
  }
  stages {
    stage('migrate') { steps { sh 'alembic upgrade head' } }
  }
}""", vis="jenkins_etl")
t("ci-and-deploy", "circleci-environment-map", "hex40", r"""jobs:
  train-smoke:
    docker:
      - image: cimg/python:3.11
    environment:
      WANDB_API_KEY: §S
      WANDB_MODE: offline
    steps:
      - checkout
      - run: pytest tests/smoke -x""", vis="cimg/python:3.11")
t("ci-and-deploy", "azure-pipelines-variables", "azs", r"""variables:
  tenantId: '§W'
  clientId: '§Q'
  clientSecret: '§S'
steps:
- script: python deploy_pbix.py --workspace "Finance KPIs"
  displayName: Publish Power BI report""", vis="Publish Power BI report", w="uuid")
t("ci-and-deploy", "bitbucket-pipelines-script-export", "an40", r"""pipelines:
  branches:
    main:
      - step:
          name: refresh prices
          script:
            - export TIINGO_API_KEY=§S
            - python -m pricing.refresh --universe sp500""", vis="pricing.refresh")
t("ci-and-deploy", "dockerfile-env-literal", "hex40", r"""FROM python:3.11-slim
WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt
ENV WANDB_API_KEY=§S \
    WANDB_PROJECT=§P
COPY . .
CMD ["python", "train.py"]""", vis="python:3.11-slim")
t("ci-and-deploy", "dockerfile-arg-default", "an32", r"""ARG POLYGON_API_KEY=§S
ENV POLYGON_API_KEY=${POLYGON_API_KEY}
RUN python scripts/warm_cache.py""", vis="warm_cache.py")
t("ci-and-deploy", "compose-superset-env", "pw", r"""services:
  superset:
    image: apache/superset:4.0.1
    environment:
      SUPERSET_SECRET_KEY: ${SUPERSET_SECRET_KEY}
      DATABASE_PASSWORD: §S
      DATABASE_USER: superset
    ports:
      - "8088:8088\"""".replace('\\"', '"'), vis="apache/superset:4.0.1")
t("ci-and-deploy", "compose-clickhouse-env-list", "pws", r"""  clickhouse:
    image: clickhouse/clickhouse-server:24.3
    environment:
      - CLICKHOUSE_DB=analytics
      - CLICKHOUSE_USER=ingest
      - CLICKHOUSE_PASSWORD=§S
      - CLICKHOUSE_DEFAULT_ACCESS_MANAGEMENT=1""", vis="clickhouse-server:24.3")
t("ci-and-deploy", "compose-minio-root-password", "an40", r"""  minio:
    image: quay.io/minio/minio:RELEASE.2024-05-10T01-41-38Z
    command: server /data --console-address ":9001"
    environment:
      MINIO_ROOT_USER: lakeadmin
      MINIO_ROOT_PASSWORD: §S""", vis="MINIO_ROOT_USER")
t("ci-and-deploy", "k8s-secret-stringdata", "pw", r"""apiVersion: v1
kind: Secret
metadata:
  name: dagster-postgresql-secret
  namespace: dagster
type: Opaque
stringData:
  postgresql-password: "§S"
""", vis="dagster-postgresql-secret")
t("ci-and-deploy", "k8s-secret-data-b64-pw", "b64pw", r"""apiVersion: v1
kind: Secret
metadata:
  name: mlflow-basic-auth
data:
  username: YWRtaW4=
  password: §S
""", vis="mlflow-basic-auth")
t("ci-and-deploy", "k8s-deployment-env-value", "b64 30", r"""        env:
          - name: AWS_ACCESS_KEY_ID
            value: AK¦IA§K
          - name: AWS_SECRET_ACCESS_KEY
            value: §S
          - name: MLFLOW_S3_ENDPOINT_URL
            value: https://s3.§Y.amazonaws.com""", vis="MLFLOW_S3_ENDPOINT_URL", k="uc16")
t("ci-and-deploy", "helm-values-airflow-metadata", "pw", r"""data:
  metadataConnection:
    user: airflow
    pass: §S
    protocol: postgresql
    host: airflow-pg.§H
    port: 5432
    db: airflow
    sslmode: require""", vis="metadataConnection")
t("ci-and-deploy", "helm-values-airflow-webserver-secret", "hex32", r"""webserverSecretKey: §S
fernetKeySecretName: airflow-fernet
executor: CeleryKubernetesExecutor""", vis="CeleryKubernetesExecutor")
t("ci-and-deploy", "helm-upgrade-set-flags", "pw", r"""helm upgrade --install metabase pmint93/metabase -n bi \
  --set database.type=postgres \
  --set database.host=§H \
  --set database.username=metabase \
  --set database.password='§S' \
  --set ingress.enabled=true""", vis="pmint93/metabase")
t("ci-and-deploy", "z2jh-config-proxy-secret", "hex64", r"""proxy:
  secretToken: "§S"
hub:
  config:
    Authenticator:
      admin_users: [§u]
singleuser:
  image: {name: quay.io/jupyter/datascience-notebook, tag: "2024-05-27"}""", vis="datascience-notebook")
t("ci-and-deploy", "z2jh-config-ldap-bind", "pw", r"""hub:
  config:
    LDAPAuthenticator:
      server_address: ldap.uni-example.de
      lookup_dn_search_user: uid=svc_jhub,ou=services,dc=uni-example,dc=de
      lookup_dn_search_password: "§S"
    JupyterHub:
      authenticator_class: ldapauthenticator.LDAPAuthenticator""", vis="lookup_dn_search_user")
t("ci-and-deploy", "terraform-snowflake-provider-password", "pw", r"""provider "snowflake" {
  account  = "§A"
  user     = "TERRAFORM"
  password = "§S"
  role     = "SYSADMIN"
}""", vis="TERRAFORM")
t("ci-and-deploy", "terraform-tfvars-db-password", "pws", r"""# envs/prod/terraform.tfvars
region             = "§Y"
mlflow_db_username = "mlflow"
mlflow_db_password = "§S"
instance_class     = "db.t4g.medium"
""", vis="db.t4g.medium")
t("ci-and-deploy", "terraform-rds-password-literal", "pw", r"""resource "aws_db_instance" "superset" {
  identifier        = "superset-meta"
  engine            = "postgres"
  instance_class    = "db.t4g.small"
  username          = "superset"
  password          = "§S"
  skip_final_snapshot = true
}""", vis="superset-meta")
t("ci-and-deploy", "terraform-databricks-provider-token", "'dap¦i' hex32", r"""provider "databricks" {
  host  = "https://adb-§N.azuredatabricks.net"
  token = "§S"
}""", vis="provider \"databricks\"")
t("ci-and-deploy", "ansible-group-vars-plain", "pw", r"""# group_vars/airflow.yml
airflow_db_host: §H
airflow_db_user: airflow
airflow_db_password: "§S"
airflow_executor: CeleryExecutor""", vis="airflow_executor")
t("ci-and-deploy", "ansible-inventory-ansible-password", "pw", r"""[instruments]
hplc-pc-01 ansible_host=§I ansible_user=labadmin ansible_password=§S ansible_connection=winrm
hplc-pc-02 ansible_host=§I ansible_user=labadmin""", vis="ansible_connection=winrm")
t("ci-and-deploy", "kustomize-secretgenerator-literals", "pw", r"""secretGenerator:
  - name: trino-catalog-creds
    literals:
      - POSTGRES_USER=trino
      - POSTGRES_PASSWORD=§S
generatorOptions:
  disableNameSuffixHash: true""", vis="trino-catalog-creds")
t("ci-and-deploy", "argocd-app-helm-values-inline", "pw", r"""spec:
  source:
    chart: superset
    repoURL: https://apache.github.io/superset
    targetRevision: 0.12.11
    helm:
      values: |
        supersetNode:
          connections:
            db_pass: "§S"
  destination:
    namespace: bi""", vis="apache.github.io/superset")
t("ci-and-deploy", "cloudbuild-substitutions", "an40", r"""substitutions:
  _REGION: §Y
  _NASA_API_KEY: §S
steps:
  - name: gcr.io/cloud-builders/docker
    args: ["build", "--build-arg", "NASA_API_KEY=${_NASA_API_KEY}", "-t", "gcr.io/$PROJECT_ID/space-weather", "."]""", vis="space-weather")
t("ci-and-deploy", "gcloud-run-deploy-set-env", "pw", r"""gcloud run deploy kpi-api --image §Y-docker.pkg.dev/§P/apps/kpi-api:§c \
  --set-env-vars DB_USER=kpi,DB_PASS=§S,DB_NAME=kpis --region §Y""", vis="kpi-api")
t("ci-and-deploy", "az-webapp-appsettings-set", "b64 64", r"""az webapp config appsettings set -g rg-analytics -n dash-§P --settings \
  STORAGE_ACCOUNT=§W STORAGE_KEY=§S WEBSITES_PORT=8050""", vis="WEBSITES_PORT=8050", w="lc14")
t("ci-and-deploy", "ecs-task-def-environment", "b64 48", r"""      "environment": [
        {"name": "KAFKA_BOOTSTRAP", "value": "pkc-§N.§Y.aws.confluent.cloud:9092"},
        {"name": "KAFKA_API_KEY", "value": "§K"},
        {"name": "KAFKA_API_SECRET", "value": "§S"}
      ],""", vis="KAFKA_BOOTSTRAP", k="uc16")
t("ci-and-deploy", "serverless-yml-environment", "'sk_l¦ive_' an99", r"""provider:
  name: aws
  runtime: python3.11
  environment:
    STRIPE_SECRET_KEY: §S
    LEDGER_TABLE: ${self:service}-ledger""", vis="LEDGER_TABLE")
t("ci-and-deploy", "fly-toml-env", "pw", r"""app = "§P-dash"
[env]
  DB_HOST = "§H"
  DB_PASSWORD = "§S"
[http_service]
  internal_port = 8050""", vis="internal_port = 8050")
t("ci-and-deploy", "render-yaml-envvars", "hex32", r"""services:
  - type: web
    name: weather-api
    env: python
    envVars:
      - key: OWM_API_KEY
        value: §S
      - key: PYTHON_VERSION
        value: 3.11.9""", vis="weather-api")
t("ci-and-deploy", "netlify-toml-build-env", "mbx", r"""[build]
  command = "npm run build"
  publish = "dist"
[build.environment]
  MAPBOX_UPLOAD_TOKEN = "§S"
  NODE_VERSION = "20\"""".replace('\\"', '"'), vis="NODE_VERSION")
t("ci-and-deploy", "gha-log-unmasked-b64-decoded", "pw", r"""Run echo "$DB_CREDS_B64" | base64 -d
{"user": "ci_loader", "password": "§S"}
Run python load.py
loaded 18233 rows into staging.events""", vis="ci_loader")
t("ci-and-deploy", "gitlab-job-log-printenv", "'glpa¦t-' sym20", r"""$ printenv | sort | grep -E 'CI_|TOKEN'
CI_COMMIT_SHA=§C
CI_PIPELINE_ID=§N
RELEASE_TOKEN=§S
$ ./scripts/release.sh""", vis="release.sh")
t("ci-and-deploy", "jenkins-console-curl-u", "pwu", r"""[Pipeline] sh
+ curl -sf -u deployer:§S -X POST https://airflow.§H/api/v1/dags/etl_daily/dagRuns -d '{}' -H 'Content-Type: application/json'
{"dag_run_id": "manual__§Z", "state": "queued"}""", vis="etl_daily")
t("ci-and-deploy", "makefile-deploy-target-token", "'dap¦i' hex32", r"""DATABRICKS_TOKEN ?= §S

deploy:
	databricks bundle deploy -t prod
	databricks bundle run nightly_job -t prod""", vis="nightly_job")
t("ci-and-deploy", "dagster-cloud-yaml-env", "pw", r"""locations:
  - location_name: analytics
    code_source:
      package_name: analytics
    container_context:
      k8s:
        env_vars:
          - SNOWFLAKE_USER=DAGSTER
          - SNOWFLAKE_PASSWORD=§S""", vis="location_name: analytics")
t("ci-and-deploy", "prefect-yaml-job-variables", "pw", r"""deployments:
  - name: nightly-sync
    entrypoint: flows/sync.py:sync
    work_pool:
      name: k8s-pool
      job_variables:
        env:
          DB_PASSWORD: "§S"
          EXTRA_PIP_PACKAGES: "s3fs==2024.3.1\"""".replace('\\"', '"'), vis="nightly-sync")
t("ci-and-deploy", "astro-airflow-settings-yaml", "pw", r"""airflow:
  connections:
    - conn_id: snowflake_default
      conn_type: snowflake
      conn_login: ASTRO_DEV
      conn_password: §S
      conn_extra:
        account: §A
        warehouse: DEV_WH""", vis="ASTRO_DEV")
t("ci-and-deploy", "databricks-bundle-spark-env", "hex32", r"""resources:
  jobs:
    weather_ingest:
      job_clusters:
        - job_cluster_key: main
          new_cluster:
            spark_version: 14.3.x-scala2.12
            spark_env_vars:
              OWM_API_KEY: "§S\"""".replace('\\"', '"'), vis="weather_ingest")
t("ci-and-deploy", "k8s-cronjob-pgdump-env", "pw", r"""spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers:
            - name: dump
              image: postgres:16
              command: ["sh", "-c", "pg_dump -h lims-db -U backup lims | gzip > /backup/lims.sql.gz"]
              env:
                - {name: PGPASSWORD, value: "§S"}""", vis="lims.sql.gz")
t("ci-and-deploy", "argo-workflow-template-env", "hex40", r"""  templates:
    - name: train
      container:
        image: registry.§H/ml/trainer:§c
        env:
          - name: WANDB_API_KEY
            value: "§S"
        command: [python, train.py]""", vis="ml/trainer")
t("ci-and-deploy", "nomad-job-env-block", "pw", r"""task "metabase" {
  driver = "docker"
  config { image = "metabase/metabase:v0.49.12" }
  env {
    MB_DB_TYPE = "postgres"
    MB_DB_PASS = "§S"
  }
}""", vis="metabase/metabase:v0.49.12")
t("ci-and-deploy", "travis-env-global", "an32", r"""env:
  global:
    - POLYGON_API_KEY=§S
    - PYTHONHASHSEED=0
script: pytest -m "not slow\"""".replace('\\"', '"'), vis="PYTHONHASHSEED=0")
t("ci-and-deploy", "buildkite-pipeline-env", "'h¦f_' AL34", r"""steps:
  - label: ":hugging_face: push model"
    command: python push.py --repo §O/§P
    env:
      HF_TOKEN: "§S\"""".replace('\\"', '"'), vis="push model")
t("ci-and-deploy", "seqera-compute-env-json", "b64 30", r"""{
  "computeEnv": {
    "name": "aws-batch-spot",
    "platform": "aws-batch",
    "credentials": {"accessKey": "AK¦IA§K", "secretKey": "§S"},
    "config": {"region": "§Y", "workDir": "s3://§B/work"}
  }
}""", vis="aws-batch-spot", k="uc16")
t("ci-and-deploy", "docker-secret-create-echo", "pw", r"""echo -n '§S' | docker secret create clickhouse_password -
docker service update --secret-add clickhouse_password analytics_ch""", vis="analytics_ch")
t("ci-and-deploy", "cloudformation-params-json", "pws", r"""[
  {"ParameterKey": "Environment", "ParameterValue": "prod"},
  {"ParameterKey": "DBMasterUsername", "ParameterValue": "warehouse_admin"},
  {"ParameterKey": "DBMasterPassword", "ParameterValue": "§S"}
]""", vis="warehouse_admin")
t("ci-and-deploy", "bicep-param-file", "pws", r"""using './main.bicep'
param sqlAdminLogin = 'sqladmin'
param sqlAdminPassword = '§S'
param location = 'westeurope'""", vis="sqladmin")
t("ci-and-deploy", "pulumi-stack-yaml-plain", "pw", r"""config:
  aws:region: §Y
  lakehouse:dbUser: lake
  lakehouse:dbPassword: §S
  lakehouse:vpcCidr: 10.40.0.0/16""", vis="lakehouse:vpcCidr")
t("ci-and-deploy", "ray-cluster-yaml-env", "hex40", r"""setup_commands:
  - pip install -U "ray[default]==2.22.0" wandb
  - echo 'export WANDB_API_KEY=§S' >> ~/.bashrc
head_node_type: head""", vis="head_node_type")
t("ci-and-deploy", "sagemaker-estimator-environment", "hex40", r"""estimator = PyTorch(
    entry_point="train.py", role=role, instance_type="ml.g5.2xlarge", instance_count=1,
    framework_version="2.2", py_version="py310",
    environment={"WANDB_API_KEY": "§S", "WANDB_PROJECT": "§P"},
)""", vis="ml.g5.2xlarge")
t("ci-and-deploy", "gha-run-step-curl-inline", "'xox¦b-' dig12 '-' dig13 '-' an24", r"""      - name: notify
        if: failure()
        run: |
          curl -s -X POST https://slack.com/api/chat.postMessage \
            -H "Authorization: Bearer §S" \
            -d channel=C§K -d text="dbt run failed on ${{ github.ref_name }}"
""", vis="chat.postMessage", k="uc10")
t("ci-and-deploy", "gitlab-ci-script-dvc-modify", "b64 30", r"""train:
  stage: train
  script:
    - dvc remote modify --local s3store access_key_id AK¦IA§K
    - dvc remote modify --local s3store secret_access_key §S
    - dvc repro""", vis="dvc repro", k="uc16")
t("ci-and-deploy", "vercel-json-env", "jwt", r"""{
  "buildCommand": "npm run build",
  "env": {
    "NEXT_PUBLIC_API_BASE": "https://api.§H",
    "SUPABASE_SERVICE_ROLE_KEY": "§S"
  }
}""", vis="NEXT_PUBLIC_API_BASE")
t("ci-and-deploy", "supervisor-conf-environment", "pw", r"""[program:celery-worker]
command=/opt/venv/bin/celery -A fin worker -l info
environment=DJANGO_SETTINGS_MODULE="fin.settings.prod",DB_PASSWORD="§S"
autorestart=true""", vis="celery-worker")
t("ci-and-deploy", "openshift-template-param-value", "pw", r"""parameters:
  - name: POSTGRESQL_USER
    value: lims
  - name: POSTGRESQL_PASSWORD
    value: §S
  - name: POSTGRESQL_DATABASE
    value: lims""", vis="POSTGRESQL_DATABASE")
t("ci-and-deploy", "tekton-task-env-value", "'gh¦p_' an36", r"""  steps:
    - name: push-docs
      image: alpine/git
      env:
        - name: GIT_TOKEN
          value: §S
      script: |
        git push https://x-access-token:$GIT_TOKEN@github.com/§O/docs.git HEAD:gh-pages""", vis="alpine/git")
t("ci-and-deploy", "woodpecker-pipeline-environment", "pw", r"""steps:
  migrate:
    image: python:3.12
    environment:
      DB_URL: postgresql://migrator@§H/warehouse
      DB_PASSWORD: §S
    commands:
      - alembic upgrade head""", vis="alembic upgrade head")
t("ci-and-deploy", "kubeflow-pipeline-env", "an25", r"""    train_op = train_component(data=prep.outputs["data"])
    train_op.set_env_variable(name="COMET_API_KEY", value="§S")
    train_op.set_gpu_limit(1)""", vis="set_gpu_limit")
t("ci-and-deploy", "gha-matrix-include-secret", "pw", r"""    strategy:
      matrix:
        include:
          - target: staging
            db_password: §S
          - target: prod
            db_password: ${{ secrets.PROD_DB_PASSWORD }}""", vis="PROD_DB_PASSWORD")
t("ci-and-deploy", "pre-deploy-script-heredoc", "b64 32", r"""cat > /etc/superset/superset_config_override.py <<EOF
SECRET_KEY = "§S"
WTF_CSRF_ENABLED = True
EOF
systemctl restart superset""", vis="WTF_CSRF_ENABLED")

# ======================================================================
# vendor-token
# ======================================================================
t("vendor-token", "github-classic-pat-bare", "'gh¦p_' an36", r"""GitHub → Settings → Developer settings → Personal access tokens (classic)
Make sure to copy your personal access token now. You won't be able to see it again!
§S""", vis="Developer settings")
t("vendor-token", "github-fine-grained-pat", "'github_pa¦t_' an22 '_' an59", r"""token (fine-grained, repo §O/§P, contents:read, expires in 30 days): §S""", vis="contents:read")
t("vendor-token", "github-app-installation-token-json", "'gh¦s_' an36", r"""{"token":"§S","expires_at":"§Z","permissions":{"contents":"read","metadata":"read"},"repository_selection":"selected"}""", vis="repository_selection")
t("vendor-token", "github-refresh-token-ghr", "'gh¦r_' an76", r"""access_token=gho_<redacted-by-tool>&expires_in=28800&refresh_token=§S&refresh_token_expires_in=15811200&scope=&token_type=bearer""", vis="refresh_token_expires_in")
t("vendor-token", "gitlab-deploy-token-gldt", "'gld¦t-' sym20", r"""Deploy token created for registry pulls on the HPC nodes.
Username: gitlab+deploy-token-§N
Token: §S""", vis="gitlab+deploy-token-§N")
t("vendor-token", "gitlab-runner-token-glrt", "'glr¦t-' sym20", r"""gitlab-runner register --non-interactive --url https://gitlab.§H --token §S --executor docker --docker-image alpine:3.19""", vis="--executor docker")
t("vendor-token", "slack-user-token-xoxp", "'xox¦p-' dig12 '-' dig12 '-' dig13 '-' hex32", r"""Slack user OAuth token (scopes: search:read, channels:history): §S""", vis="search:read")
t("vendor-token", "slack-app-level-xapp", "'xap¦p-1-' uc11 '-' dig13 '-' hex64", r"""SOCKET_MODE_TOKEN=§S  # app-level, connections:write""", vis="connections:write")
t("vendor-token", "stripe-webhook-whsec", "'whs¦ec_' an32", r"""Ready! You are using Stripe API Version [2024-04-10]. Your webhook signing secret is §S (^C to quit)""", vis="Stripe API Version")
t("vendor-token", "stripe-restricted-key-rk", "'rk_l¦ive_' an99", r"""Restricted key "ledger-export" (read: balance, payouts): §S""", vis="ledger-export")
t("vendor-token", "openai-legacy-sk-48", "'s¦k-' an20 'T3Blbk¦FJ' an20", r"""OPENAI_API_KEY=§S""", vis="OPENAI_API_KEY")
t("vendor-token", "anthropic-admin-key", "'sk-an¦t-admin01-' sym93 'AA'", r"""admin key for usage reports (org §O): §S""", vis="usage reports")
t("vendor-token", "pypi-token-bare-line", "'pyp¦i-AgEIcHlwaS5vcmcCJ' b64u 150", r"""PyPI API token (scope: project labtools)
§S""", vis="scope: project labtools")
t("vendor-token", "google-api-key-aiza", "'AI¦za' sym35", r"""Maps Platform key (restricted to Geocoding API, HTTP referrer *.§O.example.com): §S""", vis="Geocoding API")
t("vendor-token", "gcp-oauth-client-secret-gocspx", "'GOC¦SPX-' sym28", r"""{"installed":{"client_id":"§N-§W.apps.googleusercontent.com","project_id":"§P","client_secret":"§S","redirect_uris":["http://localhost"]}}""", vis="apps.googleusercontent.com", w="lc32")
t("vendor-token", "azure-sas-token-full", "sas", r"""SAS token (read/list, container `sentinel-cogs`, expires 2025-01-31):
?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2025-01-31T00:00:00Z&st=2024-06-01T00:00:00Z&spr=https&sig=§S""", vis="sentinel-cogs")
t("vendor-token", "databricks-oauth-secret-dose", "'dos¦e' hex32", r"""Service principal `sp-dbt-prod` OAuth secret (shown once): §S""", vis="sp-dbt-prod")
t("vendor-token", "snowflake-pat-invented", "jwtes", r"""Snowflake programmatic access token for SVC_POWERBI (role BI_READER, expires in 90 days):
§S""", vis="SVC_POWERBI")
t("vendor-token", "dbt-cloud-service-token", "'dbt¦c_' sym56", r"""dbt Cloud service token "ci-jobs" (Job Admin): §S""", vis="Job Admin")
t("vendor-token", "dbt-cloud-user-token", "'dbt¦u_' sym56", r"""personal token for the dbt Cloud CLI: §S""", vis="dbt Cloud CLI")
t("vendor-token", "fivetran-base64-key-secret", "b64fivetran", r"""Fivetran API: Authorization: Basic §S""", vis="Fivetran API")
t("vendor-token", "clickhouse-cloud-key-secret", "'4b1¦d' an38", r"""ClickHouse Cloud API key "terraform"
Key ID: §K
Key secret: §S""", vis="Key ID", k="an20")
t("vendor-token", "hex-workspace-token", "'hxtw_' hex64", r"""Hex workspace token (project runs only): §S""", vis="project runs only")
t("vendor-token", "metabase-api-key-bare", "'m¦b_' b64 32", r"""Metabase API key "dbt-exposures-sync" → §S""", vis="dbt-exposures-sync")
t("vendor-token", "tableau-pat-secret-bare", "b64 16 ':' an32", r"""PAT name: ci-refresh | PAT secret: §S | site: §O""", vis="PAT name: ci-refresh")
t("vendor-token", "motherduck-token-bare", "jwt", r"""motherduck_token=§S""", vis="motherduck_token")
t("vendor-token", "cloudflare-r2-secret-hex64", "hex64", r"""R2 API token "tiles-rw" — Access Key ID §K, Secret Access Key §S, endpoint https://§W.r2.cloudflarestorage.com""", vis="tiles-rw", k="hex32", w="hex32")
t("vendor-token", "linear-api-key", "'lin_a¦pi_' an40", r"""LINEAR_API_KEY=§S""", vis="LINEAR_API_KEY")
t("vendor-token", "notion-integration-ntn", "'nt¦n_' an46", r"""Notion internal integration "Lab inventory sync": §S""", vis="Lab inventory sync")
t("vendor-token", "notion-legacy-secret", "'sec¦ret_' an43", r"""notion token (old integration, still used by the reading list script): §S""", vis="reading list script")
t("vendor-token", "airtable-pat", "'pa¦t' an14 '.' hex64", r"""Airtable PAT (data.records:read, base appQ§K): §S""", vis="data.records:read", k="an13")
t("vendor-token", "atlassian-api-token", "'ATAT¦T3xFfGF0' sym180 '=' HEX8", r"""Jira API token for §E (label: sprint-report): §S""", vis="sprint-report")
t("vendor-token", "sentry-org-auth-token", "'sntr¦ys_' b64 60", r"""SENTRY_AUTH_TOKEN=§S
SENTRY_ORG=§O""", vis="SENTRY_ORG")
t("vendor-token", "newrelic-user-key", "'NRA¦K-' uc27", r"""New Relic user key (NerdGraph): §S""", vis="NerdGraph")
t("vendor-token", "twilio-auth-token-with-sid", "hex32", r"""Twilio — Account SID AC§K, Auth Token §S (SMS alerts for the freezer monitor)""", vis="freezer monitor", k="hex32")
t("vendor-token", "mailgun-key-prefix", "'ke¦y-' hex32", r"""MAILGUN_API_KEY=§S
MAILGUN_DOMAIN=mg.§O.example.com""", vis="MAILGUN_DOMAIN")
t("vendor-token", "postmark-server-token", "uuid", r"""X-Postmark-Server-Token: §S""", vis="X-Postmark-Server-Token")
t("vendor-token", "shopify-admin-token", "'shp¦at_' hex32", r"""Shopify custom app Admin API access token (read_orders): §S""", vis="read_orders")
t("vendor-token", "grafana-cloud-access-policy-glc", "'gl¦c_' b64 90", r"""Grafana Cloud access policy token (metrics:write, stack §O): §S""", vis="metrics:write")
t("vendor-token", "vault-batch-token-hvb", "'hv¦b.' sym130", r"""VAULT_TOKEN=§S""", vis="VAULT_TOKEN")
t("vendor-token", "doppler-service-token", "'dp.s¦t.' lc8 '.' an40", r"""DOPPLER_TOKEN=§S  # config prd, project analytics""", vis="project analytics")
t("vendor-token", "onepassword-service-account", "'op¦s_' b64u 200", r"""OP_SERVICE_ACCOUNT_TOKEN=§S""", vis="OP_SERVICE_ACCOUNT_TOKEN")
t("vendor-token", "replicate-token", "'r¦8_' an37", r"""REPLICATE_API_TOKEN=§S""", vis="REPLICATE_API_TOKEN")
t("vendor-token", "perplexity-key", "'ppl¦x-' an48", r"""pplx key for the literature-triage prototype: §S""", vis="literature-triage")
t("vendor-token", "cohere-key-bare", "an40", r"""CO_API_KEY=§S""", vis="CO_API_KEY")
t("vendor-token", "mistral-key-bare", "an32", r"""MISTRAL_API_KEY=§S""", vis="MISTRAL_API_KEY")
t("vendor-token", "together-key-hex64", "hex64", r"""TOGETHER_API_KEY=§S""", vis="TOGETHER_API_KEY")
t("vendor-token", "pinecone-key-pcsk", "'pcs¦k_' an5 '_' an64", r"""Pinecone API key (project papers-index): §S""", vis="papers-index")
t("vendor-token", "supabase-access-token-sbp", "'sb¦p_' hex40", r"""supabase login --token §S""", vis="supabase login")
t("vendor-token", "neon-api-key", "'nap¦i_' an64", r"""NEON_API_KEY=§S""", vis="NEON_API_KEY")
t("vendor-token", "planetscale-service-token", "'pscale_tk¦n_' sym43", r"""PLANETSCALE_SERVICE_TOKEN_ID=§K
PLANETSCALE_SERVICE_TOKEN=§S""", vis="PLANETSCALE_SERVICE_TOKEN_ID", k="lc12")
t("vendor-token", "algolia-admin-key", "hex32", r"""Algolia app §K — Admin API Key: §S (search-only key is in the frontend, that one is fine)""", vis="search-only key", k="uc10")
t("vendor-token", "coinbase-legacy-key-secret", "b64 24", r"""Coinbase Exchange API: key §K, secret §S, passphrase <separate message>""", vis="Coinbase Exchange API", k="hex32")
t("vendor-token", "kucoin-passphrase", "pw", r"""KuCoin API (trade disabled): key §K / passphrase §S""", vis="trade disabled", k="hex24")
t("vendor-token", "deribit-client-secret", "b64u 32", r"""Deribit testnet client_id §K client_secret §S""", vis="Deribit testnet", k="an8")
t("vendor-token", "gemini-exchange-secret", "an28", r"""Gemini sandbox: account-§K / secret §S""", vis="Gemini sandbox", k="an20")
t("vendor-token", "bitstamp-key-secret", "an32", r"""Bitstamp: API key §K, secret §S, customer id §N""", vis="customer id", k="an32")
t("vendor-token", "truelayer-client-secret", "uuid", r"""TrueLayer sandbox client secret: §S (client id sandbox-§P-§K)""", vis="sandbox-§P", k="hex6")
t("vendor-token", "nordigen-secret-key", "hex128", r"""GoCardless Bank Account Data — secret_id §Q
secret_key §S""", vis="Bank Account Data")
t("vendor-token", "square-access-token", "'EAA¦A' sym60", r"""Square production access token (POS exports): §S""", vis="POS exports")
t("vendor-token", "paypal-client-secret", "'E' sym79", r"""PayPal REST app "bookkeeping": client id A§K, secret §S""", vis="bookkeeping", k="sym79")
t("vendor-token", "wise-api-token", "uuid", r"""Wise personal API token (read only, statements): §S""", vis="statements")
t("vendor-token", "mapbox-secret-token-bare", "mbx", r"""Mapbox secret token with uploads:write — §S""", vis="uploads:write")
t("vendor-token", "usgs-application-token", "an64", r"""USGS ERS application token (M2M): §S""", vis="USGS ERS")
t("vendor-token", "seqera-platform-token", "seq", r"""Seqera Platform personal access token "hpc-launch": §S""", vis="hpc-launch")
t("vendor-token", "anaconda-org-token", "'a1-' an30", r"""anaconda auth token for channel §O (scope conda:download): §S""", vis="conda:download")
t("vendor-token", "quay-robot-token", "uc64", r"""Robot account §O+ci — token §S""", vis="Robot account")
t("vendor-token", "aws-session-token-bare", "'IQoJb3JpZ2luX2Vj' b64 600", r"""AWS_SESSION_TOKEN=§S""", vis="AWS_SESSION_TOKEN")
t("vendor-token", "azure-devops-pat", "an52", r"""Azure DevOps PAT (Code: Read, Packaging: Read) for the feed: §S""", vis="Packaging: Read")
t("vendor-token", "bitbucket-app-password", "'ATBB' an28 HEX8", r"""Bitbucket app password for §u (repositories:read): §S""", vis="repositories:read")
t("vendor-token", "heroku-api-key-uuid", "uuid", r"""HEROKU_API_KEY=§S""", vis="HEROKU_API_KEY")
t("vendor-token", "netlify-pat", "'nf¦p_' an36", r"""NETLIFY_AUTH_TOKEN=§S""", vis="NETLIFY_AUTH_TOKEN")
t("vendor-token", "fly-deploy-token", "'fm¦2_' b64 180", r"""FLY_API_TOKEN="FlyV1 §S"
""", vis="FLY_API_TOKEN")
t("vendor-token", "pagerduty-api-token", "sym20", r"""PagerDuty REST API key (read-only): §S""", vis="PagerDuty REST API key")
t("vendor-token", "sendgrid-bare-key", "'S¦G.' sym22 '.' sym43", r"""§S""", vis="")
t("vendor-token", "wandb-key-bare-line", "hex40", r"""W&B API key (service account §O-ci): §S""", vis="service account")
t("vendor-token", "kaggle-key-json-bare", "hex32", r"""{"username":"§u","key":"§S"}""", vis="username")
t("vendor-token", "groq-key-gsk", "'gs¦k_' an52", r"""GROQ_API_KEY=§S""", vis="GROQ_API_KEY")
t("vendor-token", "deepseek-key", "'s¦k-' hex32", r"""DEEPSEEK_API_KEY=§S""", vis="DEEPSEEK_API_KEY")
t("vendor-token", "gemini-api-key-aiza", "'AI¦za' sym35", r"""GEMINI_API_KEY=§S""", vis="GEMINI_API_KEY")
t("vendor-token", "alpaca-live-secret-pair", "an40", r"""Alpaca LIVE — key id AK§K / secret §S (do not confuse with paper!)""", vis="do not confuse with paper", k="uc18")
t("vendor-token", "ibkr-flex-token-bare", "dig25", r"""Flex Web Service token (valid 1 year, IP-restricted): §S""", vis="Flex Web Service")
t("vendor-token", "qualtrics-token", "an40", r"""X-API-TOKEN: §S""", vis="X-API-TOKEN")
t("vendor-token", "redcap-token-bare", "HEX32", r"""token=§S&content=record&format=csv&type=flat""", vis="content=record")
t("vendor-token", "osf-pat-bare", "an70", r"""OSF personal access token (osf.full_write): §S""", vis="osf.full_write")
t("vendor-token", "globus-refresh-token", "an60", r"""globus refresh token for transfer.api.globus.org: §S""", vis="transfer.api.globus.org")
t("vendor-token", "earthdata-edl-token", "jwtrs", r"""EDL token (generated at urs.earthdata.nasa.gov/profile, 60 days): §S""", vis="urs.earthdata.nasa.gov/profile")
t("vendor-token", "rstudio-connect-api-key", "an32", r"""CONNECT_API_KEY=§S""", vis="CONNECT_API_KEY")

# ======================================================================
# Combinatorial part: one credential (env-style) in one container shape.
# Each pair is its own format, e.g. "dotenv-polygon-key".
# ======================================================================
# slug, variable, secret spec, readable name, companions, value template, k, w
_CREDS = [
    ("snowflake-password", "SNOWFLAKE_PASSWORD", "pw", "Snowflake", [("SNOWFLAKE_ACCOUNT", "\u00a7A"), ("SNOWFLAKE_USER", "\u00a7U")], None, None, None),
    ("redshift-password", "REDSHIFT_PASSWORD", "pw", "Redshift", [("REDSHIFT_HOST", "\u00a7H"), ("REDSHIFT_USER", "etl_user")], None, None, None),
    ("databricks-token", "DATABRICKS_TOKEN", "'dap\u00a6i' hex32", "Databricks", [("DATABRICKS_HOST", "https://adb-\u00a7N.azuredatabricks.net")], None, None, None),
    ("dbt-cloud-token", "DBT_CLOUD_API_TOKEN", "'dbt\u00a6c_' sym56", "dbt Cloud", [("DBT_CLOUD_ACCOUNT_ID", "\u00a7N")], None, None, None),
    ("prefect-api-key", "PREFECT_API_KEY", "'pn\u00a6u_' an36", "Prefect Cloud", [("PREFECT_API_URL", "https://api.prefect.cloud/api/accounts/\u00a7Q")], None, None, None),
    ("dagster-cloud-token", "DAGSTER_CLOUD_API_TOKEN", "'user\u00a6:' lc12 ':' hex32", "Dagster+", [("DAGSTER_CLOUD_DEPLOYMENT_NAME", "prod")], None, None, None),
    ("fivetran-secret", "FIVETRAN_API_SECRET", "an32", "Fivetran", [("FIVETRAN_API_KEY", "\u00a7K")], None, "an16", None),
    ("airbyte-client-secret", "AIRBYTE_CLIENT_SECRET", "an40", "Airbyte", [("AIRBYTE_CLIENT_ID", "\u00a7Q")], None, None, None),
    ("confluent-secret", "CONFLUENT_API_SECRET", "b64 48", "Confluent Cloud", [("CONFLUENT_API_KEY", "\u00a7K")], None, "uc16", None),
    ("kafka-sasl-password", "KAFKA_SASL_PASSWORD", "pw", "Kafka", [("KAFKA_SASL_USERNAME", "ingest-svc"), ("KAFKA_BOOTSTRAP", "\u00a7H:9093")], None, None, None),
    ("trino-password", "TRINO_PASSWORD", "pw", "Trino", [("TRINO_USER", "\u00a7u"), ("TRINO_HOST", "trino.\u00a7H")], None, None, None),
    ("clickhouse-password", "CLICKHOUSE_PASSWORD", "pws", "ClickHouse", [("CLICKHOUSE_HOST", "\u00a7H"), ("CLICKHOUSE_USER", "default")], None, None, None),
    ("motherduck-token", "MOTHERDUCK_TOKEN", "jwt", "MotherDuck", [], None, None, None),
    ("metabase-api-key", "MB_API_KEY", "'m\u00a6b_' b64 32", "Metabase", [("MB_URL", "https://metabase.\u00a7H")], None, None, None),
    ("superset-secret", "SUPERSET_SECRET_KEY", "b64 42", "Superset", [("SUPERSET_ENV", "production")], None, None, None),
    ("tableau-pat", "TABLEAU_PAT_SECRET", "b64 16 ':' an32", "Tableau", [("TABLEAU_PAT_NAME", "etl-refresh"), ("TABLEAU_SITE", "\u00a7O")], None, None, None),
    ("looker-secret", "LOOKERSDK_CLIENT_SECRET", "an24", "Looker", [("LOOKERSDK_BASE_URL", "https://\u00a7O.cloud.looker.com"), ("LOOKERSDK_CLIENT_ID", "\u00a7K")], None, "an20", None),
    ("powerbi-secret", "POWERBI_CLIENT_SECRET", "azs", "Power BI", [("POWERBI_TENANT_ID", "\u00a7Q")], None, None, None),
    ("mode-secret", "MODE_API_SECRET", "hex32", "Mode", [("MODE_API_TOKEN", "\u00a7K")], None, "hex12", None),
    ("hex-token", "HEX_API_TOKEN", "'hxt\u00a6w_' hex64", "Hex", [], None, None, None),
    ("airflow-fernet", "AIRFLOW__CORE__FERNET_KEY", "b64p 32", "Airflow", [("AIRFLOW__CORE__EXECUTOR", "CeleryExecutor")], None, None, None),
    ("airflow-db-conn", "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN", "pwu", "Airflow metadata DB", [], "postgresql+psycopg2://airflow:\u00a7S@\u00a7H/airflow", None, None),
    ("jupyterhub-token", "JUPYTERHUB_API_TOKEN", "hex32", "JupyterHub", [("JUPYTERHUB_API_URL", "https://hub.\u00a7H/hub/api")], None, None, None),
    ("connect-key", "CONNECT_API_KEY", "an32", "Posit Connect", [("CONNECT_SERVER", "https://connect.\u00a7H")], None, None, None),
    ("globus-secret", "GLOBUS_CLIENT_SECRET", "b64 32", "Globus", [("GLOBUS_CLIENT_ID", "\u00a7Q")], None, None, None),
    ("entrez-key", "ENTREZ_KEY", "hex36", "NCBI Entrez", [("ENTREZ_EMAIL", "\u00a7E")], None, None, None),
    ("ncbi-key", "NCBI_API_KEY", "hex36", "NCBI", [], None, None, None),
    ("zenodo-token", "ZENODO_TOKEN", "an60", "Zenodo", [], None, None, None),
    ("figshare-token", "FIGSHARE_TOKEN", "hex128", "figshare", [], None, None, None),
    ("osf-token", "OSF_TOKEN", "an70", "OSF", [("OSF_PROJECT", "\u00a7K")], None, "lc5", None),
    ("dataverse-token", "DATAVERSE_API_TOKEN", "uuid", "Dataverse", [("DATAVERSE_URL", "https://dataverse.example.edu")], None, None, None),
    ("orcid-secret", "ORCID_CLIENT_SECRET", "uuid", "ORCID", [("ORCID_CLIENT_ID", "APP-\u00a7K")], None, "uc16", None),
    ("cds-key", "CDSAPI_KEY", "uuid", "Copernicus CDS", [("CDSAPI_URL", "https://cds.climate.copernicus.eu/api")], None, None, None),
    ("earthdata-password", "EARTHDATA_PASSWORD", "pw", "NASA Earthdata", [("EARTHDATA_USERNAME", "\u00a7u")], None, None, None),
    ("earthdata-token", "EARTHDATA_TOKEN", "jwtrs", "NASA Earthdata", [], None, None, None),
    ("usgs-m2m-token", "M2M_TOKEN", "an64", "USGS M2M", [("M2M_USERNAME", "\u00a7u")], None, None, None),
    ("nasa-key", "NASA_API_KEY", "an40", "api.nasa.gov", [], None, None, None),
    ("openweather-key", "OWM_API_KEY", "hex32", "OpenWeather", [], None, None, None),
    ("tomorrow-key", "TOMORROW_API_KEY", "an32", "Tomorrow.io", [], None, None, None),
    ("meteomatics-password", "METEOMATICS_PASSWORD", "pw", "Meteomatics", [("METEOMATICS_USER", "\u00a7O_\u00a7u")], None, None, None),
    ("mapbox-secret", "MAPBOX_SECRET_TOKEN", "mbx", "Mapbox", [("MAPBOX_USERNAME", "\u00a7u")], None, None, None),
    ("arcgis-key", "ARCGIS_API_KEY", "'AAP\u00a6K' hex32 sym40", "ArcGIS", [], None, None, None),
    ("sentinelhub-secret", "SH_CLIENT_SECRET", "sym64", "Sentinel Hub", [("SH_CLIENT_ID", "\u00a7Q")], None, None, None),
    ("pc-key", "PC_SDK_SUBSCRIPTION_KEY", "hex32", "Planetary Computer", [], None, None, None),
    ("refinitiv-key", "RDP_APP_KEY", "hex40", "Refinitiv RDP", [("RDP_USERNAME", "GE-A-\u00a7N")], None, None, None),
    ("bpipe-pass", "BPIPE_TLS_PASSWORD", "pw", "B-PIPE", [("BPIPE_HOST", "\u00a7H")], None, None, None),
    ("ibkr-password", "IB_PASSWORD", "pw", "Interactive Brokers", [("IB_USERNAME", "\u00a7u"), ("IB_TRADING_MODE", "paper")], None, None, None),
    ("alpaca-secret", "APCA_API_SECRET_KEY", "an40", "Alpaca", [("APCA_API_KEY_ID", "PK\u00a7K"), ("APCA_API_BASE_URL", "https://paper-api.alpaca.markets")], None, "uc18", None),
    ("polygon-key", "POLYGON_API_KEY", "an32", "Polygon", [], None, None, None),
    ("alphavantage-key", "ALPHAVANTAGE_API_KEY", "uc16", "Alpha Vantage", [], None, None, None),
    ("tiingo-key", "TIINGO_API_KEY", "hex40", "Tiingo", [], None, None, None),
    ("finnhub-key", "FINNHUB_API_KEY", "lc20", "Finnhub", [], None, None, None),
    ("fred-key", "FRED_API_KEY", "hex32", "FRED", [], None, None, None),
    ("binance-secret", "BINANCE_API_SECRET", "an64", "Binance", [("BINANCE_API_KEY", "\u00a7K")], None, "an64", None),
    ("kraken-private", "KRAKEN_PRIVATE_KEY", "b64 64", "Kraken", [("KRAKEN_API_KEY", "\u00a7K")], None, "b64 42", None),
    ("okx-passphrase", "OKX_PASSPHRASE", "pw", "OKX", [("OKX_API_KEY", "\u00a7Q")], None, None, None),
    ("bybit-secret", "BYBIT_API_SECRET", "an36", "Bybit", [("BYBIT_API_KEY", "\u00a7K")], None, "an18", None),
    ("plaid-secret", "PLAID_SECRET", "hex30", "Plaid", [("PLAID_CLIENT_ID", "\u00a7K"), ("PLAID_ENV", "sandbox")], None, "hex24", None),
    ("plaid-access", "PLAID_ACCESS_TOKEN", "'access-productio\u00a6n-' uuid", "Plaid item", [], None, None, None),
    ("gocardless-token", "GOCARDLESS_ACCESS_TOKEN", "'live\u00a6_' sym40", "GoCardless", [], None, None, None),
    ("nordigen-secret", "NORDIGEN_SECRET_KEY", "hex128", "Nordigen", [("NORDIGEN_SECRET_ID", "\u00a7Q")], None, None, None),
    ("xero-secret", "XERO_CLIENT_SECRET", "sym48", "Xero", [("XERO_CLIENT_ID", "\u00a7K")], None, "HEX32", None),
    ("qbo-secret", "QBO_CLIENT_SECRET", "an40", "QuickBooks", [("QBO_REALM_ID", "\u00a7N")], None, None, None),
    ("stripe-secret", "STRIPE_SECRET_KEY", "'sk_l\u00a6ive_' an99", "Stripe", [], None, None, None),
    ("mlflow-password", "MLFLOW_TRACKING_PASSWORD", "pw", "MLflow", [("MLFLOW_TRACKING_USERNAME", "\u00a7u"), ("MLFLOW_TRACKING_URI", "https://mlflow.\u00a7H")], None, None, None),
    ("mlflow-token", "MLFLOW_TRACKING_TOKEN", "'dap\u00a6i' hex32", "MLflow (Databricks)", [("MLFLOW_TRACKING_URI", "databricks")], None, None, None),
    ("wandb-key", "WANDB_API_KEY", "hex40", "Weights & Biases", [("WANDB_ENTITY", "\u00a7O")], None, None, None),
    ("comet-key", "COMET_API_KEY", "an25", "Comet", [("COMET_WORKSPACE", "\u00a7O")], None, None, None),
    ("neptune-token", "NEPTUNE_API_TOKEN", "nep", "Neptune", [("NEPTUNE_PROJECT", "\u00a7O/\u00a7P")], None, None, None),
    ("kaggle-key", "KAGGLE_KEY", "hex32", "Kaggle", [("KAGGLE_USERNAME", "\u00a7u")], None, None, None),
    ("hf-token", "HF_TOKEN", "'h\u00a6f_' AL34", "Hugging Face", [("HF_HOME", "/scratch/\u00a7u/hf")], None, None, None),
    ("github-token", "GITHUB_TOKEN", "'gh\u00a6p_' an36", "GitHub", [], None, None, None),
    ("gitlab-token", "GITLAB_TOKEN", "'glpa\u00a6t-' sym20", "GitLab", [("GITLAB_URL", "https://gitlab.\u00a7H")], None, None, None),
    ("aws-secret", "AWS_SECRET_ACCESS_KEY", "b64 30", "AWS", [("AWS_ACCESS_KEY_ID", "AK\u00a6IA\u00a7K")], None, "uc16", None),
    ("azure-storage-key", "AZURE_STORAGE_KEY", "b64 64", "Azure Storage", [("AZURE_STORAGE_ACCOUNT", "\u00a7K")], None, "lc14", None),
    ("gcs-hmac-secret", "GCS_HMAC_SECRET", "b64 30", "GCS HMAC", [("GCS_HMAC_ACCESS_ID", "GOOG1E\u00a7K")], None, "uc36", None),
    ("minio-secret", "MINIO_SECRET_KEY", "an40", "MinIO", [("MINIO_ACCESS_KEY", "\u00a7K")], None, "uc20", None),
    ("r2-secret", "R2_SECRET_ACCESS_KEY", "hex64", "Cloudflare R2", [("R2_ACCESS_KEY_ID", "\u00a7K")], None, "hex32", None),
    ("b2-key", "B2_APPLICATION_KEY", "'K00' dig1 an27", "Backblaze B2", [("B2_APPLICATION_KEY_ID", "\u00a7K")], None, "hex25", None),
    ("pg-password", "PGPASSWORD", "pw", "Postgres", [("PGHOST", "\u00a7H"), ("PGUSER", "\u00a7u")], None, None, None),
    ("mysql-password", "MYSQL_PWD", "pws", "MySQL", [("MYSQL_HOST", "\u00a7H")], None, None, None),
    ("mongo-uri", "MONGODB_URI", "pwu", "MongoDB Atlas", [], "mongodb+srv://app:\u00a7S@cluster0.\u00a7K.mongodb.net/lab", "lc5", None),
    ("redis-url", "REDIS_URL", "hex32", "Redis", [], "rediss://default:\u00a7S@\u00a7H:6380/0", None, None),
    ("database-url", "DATABASE_URL", "pwu", "app database", [], "postgresql://app:\u00a7S@\u00a7H:5432/app", None, None),
    ("celery-broker", "CELERY_BROKER_URL", "pwu", "RabbitMQ broker", [], "amqp://celery:\u00a7S@\u00a7H:5672//", None, None),
    ("mssql-uri", "SQLALCHEMY_DATABASE_URI", "pwu", "SQL Server DW", [], "mssql+pyodbc://bi:\u00a7S@\u00a7H/FinanceDW?driver=ODBC+Driver+18+for+SQL+Server", None, None),
    ("openai-key", "OPENAI_API_KEY", "'sk-pr\u00a6oj-' sym48 'T3Blbk\u00a6FJ' sym48", "OpenAI", [], None, None, None),
    ("anthropic-key", "ANTHROPIC_API_KEY", "'sk-an\u00a6t-api03-' sym93 'AA'", "Anthropic", [], None, None, None),
    ("slack-bot", "SLACK_BOT_TOKEN", "'xox\u00a6b-' dig12 '-' dig13 '-' an24", "Slack", [("SLACK_CHANNEL", "#data-alerts")], None, None, None),
    ("slack-webhook", "SLACK_WEBHOOK_URL", "an24", "Slack webhook", [], "https://hooks.slack.com/services/T\u00a7K/B\u00a7W/\u00a7S", "uc10", "uc10"),
    ("datadog-key", "DD_API_KEY", "hex32", "Datadog", [("DD_SITE", "datadoghq.eu")], None, None, None),
    ("sentry-token", "SENTRY_AUTH_TOKEN", "'sntr\u00a6ys_' b64 60", "Sentry", [("SENTRY_ORG", "\u00a7O")], None, None, None),
    ("grafana-token", "GRAFANA_TOKEN", "'gls\u00a6a_' an32 '_' hex8", "Grafana", [("GRAFANA_URL", "https://grafana.\u00a7H")], None, None, None),
    ("vault-token", "VAULT_TOKEN", "'hv\u00a6s.' sym90", "Vault", [("VAULT_ADDR", "https://vault.\u00a7H")], None, None, None),
    ("dockerhub-token", "DOCKERHUB_TOKEN", "'dckr_p\u00a6at_' sym27", "Docker Hub", [("DOCKERHUB_USERNAME", "\u00a7O")], None, None, None),
    ("npm-token", "NPM_TOKEN", "'np\u00a6m_' an36", "npm", [], None, None, None),
    ("pypi-token", "TWINE_PASSWORD", "'pyp\u00a6i-AgEIcHlwaS5vcmcCJ' b64u 120", "PyPI", [("TWINE_USERNAME", "__token__")], None, None, None),
    ("benchling-key", "BENCHLING_API_KEY", "'s\u00a6k_' an30", "Benchling", [("BENCHLING_TENANT", "\u00a7O")], None, None, None),
    ("labkey-key", "LABKEY_API_KEY", "'apikey|' hex32", "LabKey", [], None, None, None),
    ("redcap-token", "REDCAP_API_TOKEN", "HEX32", "REDCap", [("REDCAP_API_URL", "https://redcap.\u00a7H/api/")], None, None, None),
    ("qualtrics-token", "QUALTRICS_API_TOKEN", "an40", "Qualtrics", [("QUALTRICS_DATACENTER", "fra1")], None, None, None),
    ("tower-token", "TOWER_ACCESS_TOKEN", "seq", "Seqera Platform", [("TOWER_WORKSPACE_ID", "\u00a7N")], None, None, None),
    ("census-key", "CENSUS_API_KEY", "hex40", "US Census", [], None, None, None),
    ("s2-key", "S2_API_KEY", "an40", "Semantic Scholar", [], None, None, None),
    ("gmaps-key", "GOOGLE_MAPS_API_KEY", "'AI\u00a6za' sym35", "Google Maps", [], None, None, None),
    ("rapidapi-key", "RAPIDAPI_KEY", "rapid", "RapidAPI", [("RAPIDAPI_HOST", "meteostat.p.rapidapi.com")], None, None, None),
    ("smtp-password", "SMTP_PASSWORD", "pw", "SMTP relay", [("SMTP_HOST", "smtp.uni-example.de"), ("SMTP_USER", "\u00a7E")], None, None, None),
    ("ldap-bind", "LDAP_BIND_PASSWORD", "pw", "LDAP", [("LDAP_BIND_DN", "uid=svc_app,ou=services,dc=example,dc=org")], None, None, None),
    ("vpn-password", "VPN_PASSWORD", "pw", "university VPN", [("VPN_USER", "\u00a7u")], None, None, None),
    ("sftp-password", "SFTP_PASSWORD", "pw", "vendor SFTP", [("SFTP_HOST", "sftp.vendor.example.com"), ("SFTP_USER", "\u00a7O_feed")], None, None, None),
    ("django-secret", "DJANGO_SECRET_KEY", "dj", "Django", [("DJANGO_DEBUG", "0")], None, None, None),
    ("flask-secret", "FLASK_SECRET_KEY", "hex64", "Flask", [], None, None, None),
]


def _shq(v):
    return "'" + v + "'" if re.search(r"[^A-Za-z0-9_./:@%+=-]", v) else v


def _lines_kv(comp, var, val, fmt):
    out = [fmt % (k, v) for k, v in comp]
    out.append(fmt % (var, val))
    return out


# container: slug -> (group, builder(var, val, comp, nice, slug) -> (text, vis))
def _c_dotenv(var, val, comp, nice, slug):
    return "# %s\n" % nice + "\n".join(_lines_kv(comp, var, val, "%s=%s")), var


def _c_export(var, val, comp, nice, slug):
    ls = ["$ export %s=%s" % (k, _shq(v)) for k, v in comp] + ["$ export %s=%s" % (var, _shq(val))]
    return "\n".join(ls + ["$ python -m jobs.%s_sync --dry-run" % slug.split("-")[0]]), "--dry-run"


def _c_docker_run(var, val, comp, nice, slug):
    env = " ".join("-e %s=%s" % (k, _shq(v)) for k, v in comp + [(var, val)])
    return "docker run --rm %s registry.\u00a7H/data/%s:latest" % (env, slug.split("-")[0]), "docker run --rm"


def _c_k8s_secret(var, val, comp, nice, slug):
    body = "\n".join("  %s: \"%s\"" % (k, v) for k, v in comp + [(var, val)])
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-env\ntype: Opaque\nstringData:\n%s" % (slug.split("-")[0], body)), "%s-env" % slug.split("-")[0]


def _c_gha_env(var, val, comp, nice, slug):
    body = "\n".join("      %s: %s" % (k, v) for k, v in comp + [(var, val)])
    return ("jobs:\n  nightly:\n    runs-on: ubuntu-latest\n    env:\n%s\n    steps:\n      - uses: actions/checkout@v4\n      - run: make %s" % (body, slug.split("-")[0])), "actions/checkout@v4"


def _c_py_environ(var, val, comp, nice, slug):
    ls = ["os.environ[\"%s\"] = \"%s\"" % (k, v) for k, v in comp + [(var, val)]]
    return "import os\n" + "\n".join(ls) + "\n# %s client picks these up" % nice, "client picks these up"


def _c_r_setenv(var, val, comp, nice, slug):
    args = ",\n           ".join("%s = \"%s\"" % (k, v) for k, v in comp + [(var, val)])
    return "Sys.setenv(%s)" % args, "Sys.setenv("


def _c_renviron(var, val, comp, nice, slug):
    return "# ~/.Renviron (%s)\n" % nice + "\n".join(_lines_kv(comp, var, val, "%s=\"%s\"")), "~/.Renviron"


def _c_json(var, val, comp, nice, slug):
    d = ",\n".join("  \"%s\": \"%s\"" % (k.lower(), v) for k, v in comp + [(var, val)])
    return "{\n%s\n}" % d, "\"%s\"" % var.lower()


def _c_toml(var, val, comp, nice, slug):
    sec = slug.split("-")[0]
    return "[%s]\n" % sec + "\n".join("%s = \"%s\"" % (k.lower(), v) for k, v in comp + [(var, val)]), "[%s]" % sec


def _c_ini(var, val, comp, nice, slug):
    sec = slug.split("-")[0]
    return "[%s]\n" % sec + "\n".join("%s = %s" % (k.lower(), v) for k, v in comp + [(var, val)]), var.lower() + " ="


def _c_debug_log(var, val, comp, nice, slug):
    d = ", ".join("'%s': '%s'" % (k, v) for k, v in comp + [(var, val)])
    return "\u00a7D \u00a7T,118 DEBUG [settings] resolved env for %s: {%s}" % (nice, d), "DEBUG [settings]"


def _c_tb_locals(var, val, comp, nice, slug):
    return ("Traceback (most recent call last):\n  File \"/srv/jobs/%s_sync.py\", line 41, in main\n    client = make_client(settings)\n"
            "  settings = {'%s': '%s', 'timeout': 30}\n"
            "ConnectionError: %s unreachable after 3 retries" % (slug.split("-")[0], var, val, nice)), "unreachable after 3 retries"


def _c_printenv(var, val, comp, nice, slug):
    ls = ["%s=%s" % (k, v) for k, v in comp + [(var, val)]]
    return "$ printenv | grep %s\n" % var.split("_")[0] + "\n".join(ls), "$ printenv"


def _c_tfvars(var, val, comp, nice, slug):
    return "\n".join("%-28s = \"%s\"" % (k.lower(), v) for k, v in comp + [(var, val)]), var.lower()


def _c_systemd(var, val, comp, nice, slug):
    return ("[Service]\nUser=svc\n" + "\n".join("Environment=\"%s=%s\"" % (k, v) for k, v in comp + [(var, val)])
            + "\nExecStart=/opt/venv/bin/python -m jobs.%s_sync" % slug.split("-")[0]), "ExecStart="


def _c_conda_vars(var, val, comp, nice, slug):
    a = " ".join("%s=%s" % (k, _shq(v)) for k, v in comp + [(var, val)])
    return "(%s) $ conda env config vars set %s\nTo make your changes take effect please reactivate your environment" % (slug.split("-")[0], a), "reactivate your environment"


def _c_env_magic(var, val, comp, nice, slug):
    return "\n".join("%%env %s=%s" % (k, v) for k, v in comp + [(var, val)]), "%env"


def _c_julia_env(var, val, comp, nice, slug):
    return "\n".join("ENV[\"%s\"] = \"%s\"" % (k, v) for k, v in comp + [(var, val)]), "ENV[\"%s\"]" % var


def _c_compose(var, val, comp, nice, slug):
    body = "\n".join("      %s: \"%s\"" % (k, v) for k, v in comp + [(var, val)])
    return "services:\n  %s-sync:\n    image: registry.\u00a7H/data/%s-sync:1.4\n    environment:\n%s" % (slug.split("-")[0], slug.split("-")[0], body), "environment:"


def _c_helm_set(var, val, comp, nice, slug):
    a = " \\\n  ".join("--set env.%s=%s" % (k, _shq(v)) for k, v in comp + [(var, val)])
    return "helm upgrade --install %s-sync ./charts/job -n data \\\n  %s" % (slug.split("-")[0], a), "./charts/job"


def _c_note_set(var, val, comp, nice, slug):
    return "For the %s job you need %s set; the value I used today was %s (works as of \u00a7D)." % (nice, var, val), "works as of"


def _c_chat_paste(var, val, comp, nice, slug):
    return "[\u00a7T] \u00a7F: can you put this in the prod env for %s?\n[\u00a7T] \u00a7F: %s=%s\n[\u00a7T] agent: done, restarted the worker" % (nice, var, val), "restarted the worker"


def _c_handoff_bullet(var, val, comp, nice, slug):
    return "Hand-off \u00a7D\n- %s: creds rotated by \u00a7F\n- new %s: %s\n- nothing else pending" % (nice, var, val), "nothing else pending"


def _c_todo_line(var, val, comp, nice, slug):
    return "- [ ] remove %s=%s from the notebook before sharing with \u00a7F\n- [ ] re-run %s checks" % (var, val, nice), "before sharing with"


def _c_powershell(var, val, comp, nice, slug):
    return "\n".join("PS> $env:%s = \"%s\"" % (k, v) for k, v in comp + [(var, val)]) + "\nPS> python .\\run.py", ".\\run.py"


def _c_fish(var, val, comp, nice, slug):
    return "\n".join("set -gx %s %s" % (k, _shq(v)) for k, v in comp + [(var, val)]), "set -gx %s" % var


def _c_envrc(var, val, comp, nice, slug):
    return "# .envrc  (direnv allow)\n" + "\n".join("export %s=%s" % (k, _shq(v)) for k, v in comp + [(var, val)]), "direnv allow"


def _c_vault_put(var, val, comp, nice, slug):
    a = " ".join("%s=%s" % (k.lower(), _shq(v)) for k, v in comp + [(var, val)])
    return "$ vault kv put secret/data-team/%s %s\nSuccess! Data written to: secret/data-team/%s" % (slug.split("-")[0], a, slug.split("-")[0]), "Success! Data written to"


def _c_gh_secret(var, val, comp, nice, slug):
    return "gh secret set %s --repo \u00a7O/\u00a7P --body \"%s\"" % (var, val), "gh secret set %s" % var


def _c_set_x(var, val, comp, nice, slug):
    ls = ["+ export %s=%s" % (k, v) for k, v in comp + [(var, val)]]
    return "\n".join(ls) + "\n+ python -m jobs.%s_sync\n[%s-sync] starting" % (slug.split("-")[0], slug.split("-")[0]), "starting"


def _c_git_diff(var, val, comp, nice, slug):
    first = (comp[0][0], comp[0][1]) if comp else ("APP_ENV", "staging")
    return ("diff --git a/.env.staging b/.env.staging\n@@ -3,4 +3,5 @@\n %s=%s\n+%s=%s\n LOG_LEVEL=info"
            % (first + (var, val))), "LOG_LEVEL=info"


def _c_yaml(var, val, comp, nice, slug):
    sec = slug.split("-")[0]
    body = "\n".join("  %s: %s" % (k.lower(), v) for k, v in comp + [(var, val)])
    return "%s:\n%s" % (sec, body), "%s:" % sec


def _c_matlab(var, val, comp, nice, slug):
    return "\n".join("setenv('%s', '%s');" % (k, v) for k, v in comp + [(var, val)]), "setenv('%s'" % var


def _c_dockerfile(var, val, comp, nice, slug):
    return "FROM python:3.11-slim\n" + "\n".join("ENV %s=%s" % (k, v) for k, v in comp + [(var, val)]) + "\nCMD [\"python\", \"-m\", \"app\"]", "python:3.11-slim"


def _c_sbatch(var, val, comp, nice, slug):
    return ("#!/bin/bash\n#SBATCH -J %s\n#SBATCH -p compute\n#SBATCH -t 04:00:00\nexport %s=%s\nsrun python run_%s.py"
            % (slug.split("-")[0] + "-pull", var, _shq(val), slug.split("-")[0])), "#SBATCH -p compute"


def _c_kubectl_set_env(var, val, comp, nice, slug):
    return "kubectl -n data set env deployment/%s-worker %s=%s" % (slug.split("-")[0], var, _shq(val)), "set env deployment/%s-worker" % slug.split("-")[0]


def _c_heroku(var, val, comp, nice, slug):
    return "$ heroku config:set %s=%s -a \u00a7P-api\nSetting %s and restarting \u00a7P-api... done" % (var, _shq(val), var), "and restarting"


def _c_airflow_vars_json(var, val, comp, nice, slug):
    return "{\n  \"%s\": \"%s\",\n  \"%s_enabled\": \"true\"\n}" % (var.lower(), val, slug.split("-")[0]), "_enabled"


def _c_cron(var, val, comp, nice, slug):
    return "# m h dom mon dow command\n15 5 * * * %s=%s /opt/jobs/%s_pull.sh >> /var/log/%s_pull.log 2>&1" % (var, _shq(val), slug.split("-")[0], slug.split("-")[0]), "/opt/jobs/%s_pull.sh" % slug.split("-")[0]


def _c_properties(var, val, comp, nice, slug):
    return "\n".join("%s=%s" % (k.lower().replace("_", "."), v) for k, v in comp + [(var, val)]), var.lower().replace("_", ".") + "="


def _c_nb_output(var, val, comp, nice, slug):
    return "In [3]: os.environ[\"%s\"]\nOut[3]: '%s'" % (var, val), "os.environ[\"%s\"]" % var


def _c_keyvault(var, val, comp, nice, slug):
    return "az keyvault secret set --vault-name kv-data-\u00a7u --name %s --value %s" % (var.lower().replace("_", "-"), _shq(val)), "--vault-name"


def _c_ssm(var, val, comp, nice, slug):
    return "aws ssm put-parameter --name /prod/%s/%s --type SecureString --overwrite --value %s" % (slug.split("-")[0], var.lower(), _shq(val)), "SecureString"


def _c_gcloud_secret(var, val, comp, nice, slug):
    return "printf '%%s' %s | gcloud secrets versions add %s --data-file=-" % (_shq(val), var.lower().replace("_", "-")), "--data-file=-"


_CONTAINERS = [
    ("dotenv", "config-file", _c_dotenv), ("export", "command", _c_export),
    ("docker-run-e", "command", _c_docker_run), ("k8s-secret", "ci-and-deploy", _c_k8s_secret),
    ("gha-env", "ci-and-deploy", _c_gha_env), ("py-environ", "source-code", _c_py_environ),
    ("r-setenv", "source-code", _c_r_setenv), ("renviron", "config-file", _c_renviron),
    ("json", "config-file", _c_json), ("toml", "config-file", _c_toml), ("ini", "config-file", _c_ini),
    ("debug-log", "stack-trace-or-log", _c_debug_log), ("tb-locals", "stack-trace-or-log", _c_tb_locals),
    ("printenv", "tool-output", _c_printenv), ("tfvars", "ci-and-deploy", _c_tfvars),
    ("systemd", "config-file", _c_systemd), ("conda-vars", "command", _c_conda_vars),
    ("env-magic", "source-code", _c_env_magic), ("julia-env", "source-code", _c_julia_env),
    ("compose", "ci-and-deploy", _c_compose), ("helm-set", "ci-and-deploy", _c_helm_set),
    ("note-set", "note-or-chat", _c_note_set), ("chat-paste", "note-or-chat", _c_chat_paste),
    ("handoff-bullet", "note-or-chat", _c_handoff_bullet), ("todo-line", "note-or-chat", _c_todo_line),
    ("powershell", "command", _c_powershell), ("fish", "command", _c_fish),
    ("envrc", "config-file", _c_envrc), ("vault-put", "command", _c_vault_put),
    ("gh-secret", "ci-and-deploy", _c_gh_secret), ("set-x", "stack-trace-or-log", _c_set_x),
    ("git-diff", "tool-output", _c_git_diff), ("yaml", "config-file", _c_yaml),
    ("matlab-setenv", "source-code", _c_matlab), ("dockerfile-env", "ci-and-deploy", _c_dockerfile),
    ("sbatch-script", "source-code", _c_sbatch), ("kubectl-set-env", "command", _c_kubectl_set_env),
    ("heroku-config", "command", _c_heroku), ("airflow-vars-json", "config-file", _c_airflow_vars_json),
    ("cron", "config-file", _c_cron), ("properties", "config-file", _c_properties),
    ("nb-output", "tool-output", _c_nb_output), ("keyvault-set", "command", _c_keyvault),
    ("ssm-put", "command", _c_ssm), ("gcloud-secret-add", "command", _c_gcloud_secret),
]

# ======================================================================
# BENIGN templates (no credentials)
# ======================================================================
_PHRASES = ["hello from the lab", "station_id,date,tmax,tmin", "run finished ok",
            "plate 17 well B03", "ledger close 2024-Q1", "SELECT 1", "not a secret",
            "figure 3 final", "sample sheet v2", "user:analyst", "cohort=sepsis;visit=2",
            "{\"page\": 2, \"size\": 500}", "era5 t2m july", "backtest seed 42",
            "orders_2024_05.parquet", "ok", "abstract screening batch 4", "README"]


def _sshed():
    raw = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _rb(32)
    return "ssh-ed25519 " + base64.b64encode(raw).decode()


def _sshrsa():
    raw = b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01\x00" + _rb(256)
    return "ssh-rsa " + base64.b64encode(raw).decode()


def _pubkey():
    der = (bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100")
           + _rb(256) + bytes.fromhex("0203010001"))
    return _lines(base64.b64encode(der).decode(), 64)


def _cert():
    der = bytes.fromhex("308203") + _rb(1) + bytes.fromhex("308202") + _rb(700)
    return _lines(base64.b64encode(der).decode(), 64)


def _orcid():
    return "0000-000%d-%04d-%03d%s" % (_R.randint(1, 3), _R.randint(0, 9999), _R.randint(0, 999), _R.choice("0123456789X"))


def _ansv():
    return "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(_rs(_DIG + "abcdef", 80) for _ in range(4))


_EXTRA.update({
    "b64pw": lambda: base64.b64encode(_pw().encode()).decode(),
    "b64basic": lambda: base64.b64encode((_R.choice(["admin", "svc_ci", "deploy", "airflow", "reader"]) + ":" + _pw()).encode()).decode(),
    "b64adopat": lambda: base64.b64encode((":" + _rs(_LC, 52)).encode()).decode(),
    "b64fivetran": lambda: base64.b64encode((_rs(_AN, 16) + ":" + _rs(_AN, 32)).encode()).decode(),
    "b64pem": lambda: base64.b64encode(("-----BEGIN RSA PRIV" + "ATE KEY-----\n" + _pem("rsa") + "\n-----END RSA PRIV" + "ATE KEY-----\n").encode()).decode(),
    "dbtmodel": lambda: _R.choice(["fct_orders", "dim_customers", "stg_trades", "int_positions", "fct_sessions", "mart_pnl_daily", "stg_plates", "fct_ndvi"]),
    "doy": lambda: "%03d" % _R.randint(1, 366),
    "b64txt": lambda: base64.b64encode(_R.choice(_PHRASES).encode()).decode(),
    "sshed": _sshed, "sshrsa": _sshrsa, "pubkey": _pubkey, "cert": _cert,
    "isin": lambda: _R.choice(["US", "DE", "GB", "FR", "NL", "JP"]) + _rs(_UC, 9) + _rs(_DIG, 1),
    "orcid": _orcid, "eth": lambda: "0x" + _rs(_HX, 40), "txh": lambda: "0x" + _rs(_HX, 64),
    "btc": lambda: "bc1q" + _rs("023456789acdefghjklmnpqrstuvwxyz", 38),
    "sri": lambda: "sha512-" + _b64(64), "h1": lambda: "h1:" + _b64(32),
    "figi": lambda: "BBG00" + _rs("BCDFGHJKLMNPQRSTVWXYZ0123456789", 7),
    "lei": lambda: _rs(_UC, 18) + _rs(_DIG, 2),
    "sealed": lambda: "AgB" + _b64u(330), "ansv": _ansv,
    "sops": lambda: "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (_b64(18), _b64(32), _b64(16)),
    "fernetct": lambda: "gAAAAAB" + base64.urlsafe_b64encode(_rb(90)).decode(),
    "etag": lambda: _rs(_HX, 32) + "-" + str(_R.randint(2, 90)),
    "sfqid": lambda: "01b%s-%04d-%s-0000-%s" % (_rs(_HX, 5), _R.randint(0, 9999), _rs(_HX, 4), _rs(_HX, 12)),
    "dbxcl": lambda: "%02d%02d-%06d-%s" % (_R.randint(1, 12), _R.randint(1, 28), _R.randint(0, 999999), _rs(_LC, 8)),
    "wg": lambda: _b64(32), "fp": lambda: "SHA256:" + _b64(32).rstrip("="),
    "gpgfp": lambda: _rs(_HX.upper(), 40),
    "srr": lambda: _R.choice(["SRR", "ERR", "DRR"]) + _rs(_DIG, 8),
    "gcf": lambda: _R.choice(["GCF_", "GCA_"]) + "%09d.%d" % (_R.randint(1, 49999999), _R.randint(1, 3)),
    "ensg": lambda: _R.choice(["ENSG", "ENST", "ENSMUSG"]) + "%011d" % _R.randint(1, 299999),
    "unip": lambda: _R.choice("OPQ") + _rs(_DIG, 1) + _rs(_UC, 3) + _rs(_DIG, 1),
    "doiz": lambda: "10.5281/zenodo.%d" % _R.randint(1000000, 13999999),
    "arx": lambda: "%02d%02d.%05d" % (_R.randint(18, 24), _R.randint(1, 12), _R.randint(1, 19999)),
    "cusip": lambda: _rs(_DIG, 6) + _rs(_UC, 2) + _rs(_DIG, 1),
    "ibkracct": lambda: _R.choice(["U", "DU"]) + _rs(_DIG, 7),
    "bqjob": lambda: "bquxjob_" + _rs(_HX, 8) + "_" + _rs(_HX, 11),
    "mask4": lambda: "*" * _R.randint(8, 28) + _rs(_AN, 4),
    "pkpub": lambda: "p" + "k_" + _R.choice(["live", "test"]) + "_" + _rs(_AN, 99),
    "pkmbx": lambda: "pk." + _b64uj({"u": _rs(_LOW, 7), "a": _rs(_LC, 25)}) + "." + _b64u(16),
    "stripeid": lambda: _R.choice(["pi_", "ch_", "cus_", "evt_", "po_", "txn_", "in_"]) + _rs(_AN, 24),
    "gitlfs": lambda: "version https://git-lfs.github.com/spec/v1\noid sha256:" + _rs(_HX, 64) + "\nsize " + str(_R.randint(1000, 9 ** 10)),
})

# --- digests, commits, lock files
b("commit \u00a7C\nAuthor: \u00a7F \u00a7L <\u00a7E>\nDate:   Thu Apr 4 10:12:55 2024 +0200\n\n    dbt: add fct_positions incremental model", 5)
b("HEAD is now at \u00a7c Merge pull request #\u00a7N from \u00a7O/fix-airflow-retries", 4)
b("\u00a7G  GRCh38.primary_assembly.genome.fa.gz", 3)
b("\u00a7M  \u00a7K_1.fastq.gz\n\u00a7W  \u00a7K_2.fastq.gz", 4, k="srr", w="hex32")
b("numpy==1.26.4 \\\n    --hash=sha256:\u00a7G \\\n    --hash=sha256:\u00a7K", 4, k="hex64")
b("content-hash = \"\u00a7G\"", 3)
b("    \"Hash\": \"\u00a7M\",\n    \"Requirements\": [\"R6\", \"cli\", \"rlang\"]", 4)
b("image: ghcr.io/\u00a7O/\u00a7P-worker@sha256:\u00a7G", 4)
b("  - https://conda.anaconda.org/conda-forge/linux-64/pandas-2.2.2-py311h14de704_1.conda#\u00a7M", 3)
b("\"integrity\": \"\u00a7K\"", 4, k="sri")
b("github.com/ClickHouse/clickhouse-go/v2 v2.23.0 \u00a7K", 3, k="h1")
b("checksum = \"\u00a7G\"", 3)
b("Digest: sha256:\u00a7G\nStatus: Downloaded newer image for apache/airflow:2.9.1-python3.11", 3)
b("\u00a7K", 4, k="gitlfs")
b("outs:\n- md5: \u00a7M\n  size: \u00a7N8812\n  hash: md5\n  path: data/processed/panel.parquet", 4)
b("work/\u00a7K/\u00a7W", 4, k="hex2", w="hex30")
b("ETag: \"\u00a7K\"", 3, k="etag")
b("sha1sum: \u00a7K  era5_t2m_2023.nc", 3, k="hex40")
b("RemoteSha: \u00a7C", 3)
b("\"checksum\": {\"name\": \"sha256\", \"checksum\": \"\u00a7G\"}", 4)
# --- run / experiment / dataset identifiers
b("mlflow run id: \u00a7M (experiment \u00a7N, status FINISHED)", 5)
b("wandb: \U0001f680 View run at https://wandb.ai/\u00a7O/\u00a7P/runs/\u00a7K", 4, k="lc8")
b("experiment_id=\u00a7Q", 4)
b("Comet experiment key: \u00a7M (this is the experiment id, not the API key)", 3)
b("neptune run: \u00a7K-\u00a7N", 3, k="uc4")
b("Snowflake query id \u00a7K finished in 4.2s", 4, k="sfqid")
b("BigQuery job \u00a7P:EU.\u00a7K completed (processed 12.4 GB)", 4, k="bqjob")
b("cluster_id: \u00a7K  state: RUNNING  spark_version: 14.3.x-scala2.12", 4, k="dbxcl")
b("run_id: scheduled__2024-05-01T00:00:00+00:00, try_number: 2", 1)
b("\"unique_id\": \"model.analytics.\u00a7K\"", 3, k="dbtmodel")
b("\"lineage\": \"\u00a7Q\",\n\"serial\": \u00a7N", 4)
b("Tableau datasource LUID: \u00a7Q", 3)
b("Power BI dataset \u00a7Q refreshed (Completed)", 3)
b("Globus transfer task \u00a7Q: SUCCEEDED (1,284 files, 412.8 GB)", 4)
b("endpoint_id = \"\u00a7Q\"  # lab Globus collection (public id)", 3)
b("Submitted batch job \u00a7J", 3)
b("\u00a7J.pbs01           assemble         \u00a7u          06:12:44 R bigmem", 3)
b("kafka cluster lkc-\u00a7K in env-\u00a7W (Basic, \u00a7Y)", 3, k="lc5", w="lc5")
b("Zenodo deposition \u00a7N: https://doi.org/\u00a7K", 4, k="doiz")
b("https://orcid.org/\u00a7K", 5, k="orcid")
b("ORCID iD: \u00a7K (\u00a7F \u00a7L)", 3, k="orcid")
b("arXiv:\u00a7Kv2 [stat.ML]", 4, k="arx")
b("\u00a7K  PAIRED  ILLUMINA  NovaSeq 6000  PRJNA\u00a7N", 5, k="srr")
b("assembly: \u00a7K  (GRCh38.p14)", 3, k="gcf")
b("\u00a7K\tTP53\tprotein_coding", 4, k="ensg")
b("UniProt \u00a7K (reviewed)", 3, k="unip")
b("GEO series GSE\u00a7N, samples GSM\u00a7N..GSM\u00a7N", 3)
b("PDB 6VXX chain A, resolution 2.80 \u00c5", 1)
b("MOD13Q1.A2024\u00a7K.h18v04.061.2024017123456.hdf", 3, k="doy")
b("S2B_MSIL2A_20240512T103629_N0510_R008_T32UQD_20240512T135009.SAFE", 1)
b("LC09_L2SP_193026_20240511_20240512_02_T1_SR_B4.TIF", 1)
b("CDS request \u00a7Q is completed, result at https://object-store.os-api.cci2.ecmwf.int/cci2-prod-cache/\u00a7M.nc", 3)
b("granule_ur: ATL08_2023\u00a7K_\u00a7W_006_01.h5", 3, k="dig10", w="dig8")
# --- market identifiers / orders
b("ISIN \u00a7K  CUSIP \u00a7W", 5, k="isin", w="cusip")
b("FIGI \u00a7K  ticker NVDA US Equity", 4, k="figi")
b("LEI: \u00a7K", 3, k="lei")
b("order_id=\u00a7Q status=filled qty=100 px=187.42", 4)
b("{\"orderId\": \u00a7K, \"clientOrderId\": \"x-\u00a7W\", \"status\": \"FILLED\"}", 4, k="dig11", w="an20")
b("IBKR account \u00a7K (paper)", 3, k="ibkracct")
b("Stripe object \u00a7K", 5, k="stripeid")
b("wallet \u00a7K", 4, k="eth")
b("tx hash \u00a7K confirmed in block 19\u00a7N", 4, k="txh")
b("BTC deposit address: \u00a7K", 3, k="btc")
b("IBAN DE89 3704 0044 0532 0130 00 (example IBAN from the docs)", 1)
b("test card 4242 4242 4242 4242, exp 12/34, CVC 123", 1)
b("\"item_id\": \"\u00a7K\", \"request_id\": \"\u00a7W\"", 3, k="an37", w="an15")
b("Binance recvWindow=5000&timestamp=17\u00a7K", 3, k="dig11")
b("X-Hub-Signature-256: sha256=\u00a7G", 3)
# --- public keys, certs, fingerprints
b("\u00a7K \u00a7E", 5, k="sshed")
b("\u00a7K \u00a7u@\u00a7h", 3, k="sshrsa")
b("-----BEGIN PUBLIC KEY-----\n\u00a7K\n-----END PUBLIC KEY-----", 3, k="pubkey")
b("-----BEGIN CERTIFICATE-----\n\u00a7K\n-----END CERTIFICATE-----", 3, k="cert")
b("ALTER USER SVC_LOADER SET RSA_PUBLIC_KEY='\u00a7K';", 3, k="b64 270")
b("ED25519 key fingerprint is \u00a7K.", 4, k="fp")
b("Host key fingerprint: \u00a7K (login.hpc.example.edu)", 3, k="fp")
b("gpg: key \u00a7K: public key \"\u00a7F \u00a7L <\u00a7E>\" imported", 3, k="gpgfp")
b("[Peer]\nPublicKey = \u00a7K\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.example.org:51820", 4, k="wg")
b("age recipient: age1\u00a7K", 3, k="lc58")
b("Thumbprint: \u00a7K", 3, k="HEX40")
# --- publishable / public tokens and key ids
b("NEXT_PUBLIC_MAPBOX_TOKEN=\u00a7K", 4, k="pkmbx")
b("STRIPE_PUBLISHABLE_KEY=\u00a7K", 3, k="pkpub")
b("ALGOLIA_SEARCH_ONLY_KEY=\u00a7M  # search-only, safe in the browser", 3)
b("aws iam list-access-keys --user-name svc-fivetran\n{\"AccessKeyMetadata\": [{\"AccessKeyId\": \"AK\u00a6IA\u00a7K\", \"Status\": \"Active\"}]}", 3, k="uc16")
b("AWS_ACCESS_KEY_ID=AK\u00a6IAIOSFODNN7EXAMPLE  # example value from the AWS docs", 1)
b("APCA_API_KEY_ID=PK\u00a7K  (secret is in the vault)", 3, k="uc18")
b("PLAID_CLIENT_ID=\u00a7K", 3, k="hex24")
b("client_id: \u00a7Q  # public OAuth client id", 3)
b("GOOGLE_CLIENT_ID=\u00a7N-\u00a7K.apps.googleusercontent.com", 3, k="lc32")
b("key_id: \u00a7K (Snowflake key pair #2)", 3, k="hex16")
b("Confluent API key \u00a7K (no secret shown: it cannot be retrieved again)", 3, k="uc16")
b("private_key_id: \u00a7K", 3, k="hex40")
b("Tableau PAT name: etl-refresh (the secret is stored in Vault)", 1)
b("Twilio Account SID AC\u00a7K", 3, k="hex32")
b("azure tenant id \u00a7Q, subscription \u00a7W", 3, w="uuid")
b("service account: dbt-runner@\u00a7P.iam.gserviceaccount.com", 4)
# --- placeholders, masks, references
b("SNOWFLAKE_PASSWORD=<your-password>", 1)
b("POLYGON_API_KEY=<your-key>", 1)
b("export WANDB_API_KEY=", 1)
b("api_key = \"YOUR_API_KEY_HERE\"", 1)
b("password: ${DB_PASSWORD}", 1)
b("token: ${{ secrets.DATABRICKS_TOKEN }}", 1)
b("HF_TOKEN: ${{ secrets.HF_TOKEN }}", 1)
b("password: \"{{ env_var('DBT_ENV_SECRET_SF_PASSWORD') }}\"", 1)
b("PGPASSWORD=$(vault kv get -field=password secret/data-platform/redshift)", 1)
b("aws_secret_access_key = xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 1)
b("secret: \"********\"", 1)
b("Authorization: Bearer <token>", 1)
b("-H \"X-API-Key: $POLYGON_KEY\"", 1)
b("token=[REDACTED]", 1)
b("MB_DB_PASS=**** (masked by docker inspect wrapper)", 1)
b("api_key: \u00a7K", 5, k="mask4")
b("sasl.jaas.config = [hidden]", 1)
b("ssl.keystore.password = [hidden]", 1)
b("Looking in indexes: https://pypi.org/simple, https://build:****@nexus.\u00a7H/repository/pypi/simple", 3)
b("CondaHTTPError: HTTP 401 UNAUTHORIZED for url <https://conda.anaconda.org/t/<TOKEN>/\u00a7O/noarch/repodata.json>", 3)
b("- Token: gho_************************************", 1)
b("password: !vault |\n          \u00a7K", 3, k="ansv")
b("db_password: \u00a7K", 3, k="sops")
b("encryptedData:\n    password: \u00a7K", 3, k="sealed")
b("lakehouse:dbPassword:\n    secure: v1:\u00a7K", 3, k="b64 60")
b("Connection password (Fernet-encrypted in metadata DB): \u00a7K", 3, k="fernetct")
b("valueFrom:\n  secretKeyRef:\n    name: superset-db\n    key: password", 1)
b("password_file: /run/secrets/clickhouse_password", 1)
b("authenticator: externalbrowser", 1)
b("auth_type: databricks-cli", 1)
b("credentials: google_default  # uses ADC, no key file", 1)
b("PRIVATE_KEY_PATH=~/.snowflake/rsa_key.p8", 1)
b("IdentityFile ~/.ssh/id_ed25519_hpc", 1)
b("ssl_key: /etc/pki/tls/private/trino.key", 1)
b("GOOGLE_APPLICATION_CREDENTIALS=/secrets/sa.json", 1)
b("KAGGLE_CONFIG_DIR=/home/\u00a7u/.config/kaggle", 3)
b("netrc: ~/.netrc (urs.earthdata.nasa.gov entry present)", 1)
# --- base64 of ordinary text and look-alikes
b("payload: \u00a7K", 5, k="b64txt")
b("data:text/plain;base64,\u00a7K", 4, k="b64txt")
b("\"cursor\": \"\u00a7K\"", 4, k="b64 24")
b("nextPageToken: \u00a7K", 4, k="b64u 36")
b("X-Request-Id: \u00a7Q", 3)
b("trace_id=\u00a7M span_id=\u00a7K", 3, k="hex16")
b("etag: W/\"\u00a7K\"", 3, k="b64u 20")
b("csrf_token field present in form (value rotated per request)", 1)
b("state=\u00a7K&code_challenge_method=S256", 3, k="b64u 32")
b("salt = \u00a7K  # used for hashing participant ids, not a credential", 3, k="hex16")
b("random_state=\u00a7N, seed=\u00a7N", 3)
b("\u00a7K", 5, k="uuid")
b("\u00a7K", 4, k="hex40")
b("\u00a7K", 4, k="hex64")
# --- connection strings without passwords
b("postgresql://analyst@\u00a7H:5432/warehouse?sslmode=require", 4)
b("snowflake://\u00a7U@\u00a7A/ANALYTICS/MARTS?warehouse=BI_WH&authenticator=externalbrowser", 4)
b("jdbc:trino://trino.\u00a7H:443/hive?SSL=true&SSLVerification=FULL", 3)
b("mongodb+srv://cluster0.\u00a7K.mongodb.net/?authSource=%24external&authMechanism=MONGODB-AWS", 3, k="lc5")
b("redshift://etl_user@redshift-cluster-1.\u00a7K.\u00a7Y.redshift.amazonaws.com:5439/dev  (IAM auth)", 3, k="lc10")
b("clickhouse://default@\u00a7H:9440/default?secure=true", 3)
b("DRIVER={ODBC Driver 18 for SQL Server};SERVER=\u00a7H;DATABASE=Sales;Authentication=ActiveDirectoryInteractive", 3)
b("md:analytics?attach_mode=single", 1)
b("s3://\u00a7B/events/dt=\u00a7D/part-00000.parquet", 5)
b("abfss://bronze@\u00a7K.dfs.core.windows.net/telemetry/", 3, k="lc14")
b("gs://\u00a7B/exports/\u00a7P.csv", 3)
b("kafka://pkc-\u00a7N.\u00a7Y.aws.confluent.cloud:9092/trades.raw", 3)
b("https://\u00a7A.snowflakecomputing.com/console#/internal/worksheet", 3)
b("https://adb-\u00a7N.\u00a7K.azuredatabricks.net/?o=\u00a7N#job/\u00a7N/run/\u00a7N", 3, k="dig1")
b("https://storage.googleapis.com/\u00a7B/public/\u00a7P.png", 3)
b("https://zenodo.org/records/\u00a7N/files/\u00a7P.zip?download=1", 3)
# --- env var names, columns, prose
b("Required environment: SNOWFLAKE_ACCOUNT, SNOWFLAKE_USER, SNOWFLAKE_PASSWORD (see README)", 1)
b("Set POLYGON_API_KEY and TIINGO_API_KEY in your shell profile; never in notebooks.", 1)
b("columns: user_id, api_key_hash, password_last_changed_at, token_expires_at, secret_id", 1)
b("CREATE TABLE ops.credentials_audit (service text, key_id text, rotated_at timestamptz, rotated_by text);", 1)
b("SELECT key_id, created_at FROM ops.api_keys WHERE revoked_at IS NULL;", 1)
b("Never commit kaggle.json; the key belongs in ~/.kaggle with mode 600.", 1)
b("The Earthdata password is read from ~/.netrc by earthaccess; nothing is stored in the repo.", 1)
b("Rotate the Confluent API secret every 90 days (policy SEC-7).", 1)
b("I did not find any credentials in the notebook outputs; the only tokens are placeholders.", 1)
b("dbt: the password comes from DBT_ENV_SECRET_SF_PASSWORD so it is scrubbed from logs.", 1)
b("Airflow masks variables whose names contain 'secret', 'password' or 'api_key' in the UI.", 1)
b("TODO: ask \u00a7F for read access to the vault path secret/quant/polygon", 3)
b("Note: the key in .env.example is a dummy (all zeros).", 1)
b("POLYGON_API_KEY=00000000000000000000000000000000", 1)
b("password_min_length = 14\npassword_require_symbol = true", 1)
b("token_ttl: 3600\nrefresh_token_ttl: 2592000", 1)
b("\"token_type\": \"Bearer\", \"expires_in\": 3599", 1)
b("secret_name: prod/trino/ldap  # AWS Secrets Manager", 1)
b("vault path: secret/data/airflow/connections/snowflake_default", 1)
b("op://Research/Tiingo/credential", 1)
b("keyring get redshift-prod \u00a7u", 3)
b("Key Vault reference: @Microsoft.KeyVault(SecretUri=https://kv-data.vault.azure.net/secrets/db-password/)", 1)
b("API key rotated on \u00a7D by \u00a7F (old key id ending \u00a7K revoked)", 3, k="an4")
# --- versions, paths, misc ids
b("dbt-core==1.8.2 dbt-snowflake==1.8.3 apache-airflow==2.9.1", 1)
b("Running with dbt=1.8.2\nRegistered adapter: snowflake=1.8.3", 1)
b("nf-core/rnaseq v3.14.0, revision \u00a7K", 3, k="hex10")
b("Singularity image: /cvmfs/singularity.galaxyproject.org/f/a/fastp:0.23.4--h5f740d0_0", 1)
b("/home/\u00a7u/.ssh/id_ed25519", 3)
b("~/.aws/credentials", 1)
b("/scratch/\u00a7u/\u00a7P/results/\u00a7Q/metrics.json", 3)
b("HF model revision \u00a7C", 3)
b("\u00a7O/\u00a7P-7b-instruct@\u00a7c", 3)
b("Kaggle dataset \u00a7O/\u00a7P (version 7)", 3)
b("SLURM_JOB_ID=\u00a7J SLURM_NODELIST=\u00a7h", 3)
b("Tailscale node key: nodekey:\u00a7G", 3)
b("ssh_host_ed25519_key.pub", 1)
b("x-amz-request-id: \u00a7K", 3, k="uc16")
b("x-amz-id-2: \u00a7K", 3, k="b64 56")
b("X-Amz-Credential=AK\u00a6IA\u00a7K%2F20240411%2F\u00a7Y%2Fs3%2Faws4_request&X-Amz-SignedHeaders=host (signature removed)", 3, k="uc16")
b("sig=REDACTED&se=2025-01-31T00:00:00Z&sp=r", 1)
b("Slack channel id C\u00a7K, workspace T\u00a7W", 3, k="uc10", w="uc10")
b("GitHub Actions run \u00a7N, job \u00a7N, attempt 1", 3)
b("GITHUB_SHA=\u00a7C", 3)
b("CI_JOB_TOKEN is only valid during the job; nothing to store.", 1)
b("docker pull ghcr.io/\u00a7O/\u00a7P:sha-\u00a7c", 3)
b("rsa-key-20240301 (comment), fingerprint \u00a7K", 3, k="fp")
b("uuid: \u00a7Q\nresourceVersion: \"\u00a7N\"", 3)
b("Entrez.email = \"\u00a7E\"  # required by NCBI, not a secret", 3)
b("user_agent = \"\u00a7O-research/1.0 (\u00a7E)\"", 3)
b("cdsapi: request id \u00a7Q queued", 3)
b("earthaccess: found \u00a7N granules, 0 require login", 3)
b("OpenWeather city id \u00a7N, lat 52.37, lon 4.89", 3)
b("Mapbox style: mapbox://styles/\u00a7u/\u00a7K", 3, k="lc25")
b("ArcGIS item id \u00a7M", 3)
b("QGIS authcfg=\u00a7K  (credentials live in qgis-auth.db)", 3, k="lc7")
b("OSF project https://osf.io/\u00a7K/", 3, k="lc5")
b("figshare article \u00a7N, version 3, doi 10.6084/m9.figshare.\u00a7N", 3)
b("Dataverse persistentId doi:10.7910/DVN/\u00a7K", 3, k="uc6")
b("REDCap record_id=\u00a7N, redcap_event_name=baseline_arm_1", 3)
b("LIMS sample barcode LB-\u00a7K", 3, k="uc10")
b("plate_id=PL\u00a7N well=H12 od600=0.482", 3)
b("Bloomberg: AAPL US Equity PX_LAST 2024-05-03", 1)
b("RIC: VOD.L  TR.CLOSEPRICE", 1)
b("session id (non-secret display id): sess-\u00a7K", 3, k="lc12")
b("git lfs: oid sha256:\u00a7G size \u00a7N", 3)
b("pytest -k \"test_no_secret_in_logs\" -q\n1 passed in 0.41s", 1)
b("Scanned 214 files, 0 secrets found.", 1)
b("ENC: AES-256-GCM, key id arn:aws:kms:\u00a7Y:\u00a7N12345678:key/\u00a7Q", 3)
b("kms_key_id = \"\u00a7Q\"", 3)
b("Globus client id \u00a7Q (confidential app; secret held by RC team)", 3)
b("JUPYTERHUB_SERVICE_PREFIX=/user/\u00a7u/", 3)
b("http://127.0.0.1:8888/lab?token=...  (token hidden in agent log)", 1)
b("password authentication failed for user \"\u00a7u\"", 3)
b("FATAL: password authentication failed for user \"etl_user\"", 1)
b("401 Unauthorized: invalid API key", 1)
b("Error: Could not find profile named 'analytics'", 1)
b("Secret 'polygon-key' was rotated; old version disabled.", 1)

# ======================================================================
# build
# ======================================================================
_TARGET_ENTRIES = 1500
_B64_PAD = re.compile(r"^[A-Za-z0-9+/]{16,}=*$")


def _combo_templates(taken):
    out = []
    for slug, var, spec, nice, comp, valt, k, w in _CREDS:
        notes = [c for c in _CONTAINERS if c[1] == "note-or-chat"]
        others = [c for c in _CONTAINERS if c[1] != "note-or-chat"]
        picks = _R.sample(others, 3) + [_R.choice(notes)]
        for cname, group, fn in picks:
            fmt = cname + "-" + slug
            if fmt in taken:
                continue
            taken.add(fmt)
            text, vis = fn(var, valt or "\u00a7S", comp, nice, slug)
            labels = [x for x in (var, var.lower(), var.lower().replace("_", "."),
                                  var.lower().replace("_", "-")) if x in text]
            if labels and _R.random() < 0.6:
                vis = labels[0]
            out.append((group, fmt, spec, text, vis, k, w, 0, False))
    return out


def _make(tpl, seen):
    group, fmt, spec, text, vis, k, w, ind, esc = tpl
    for _ in range(60):
        sec = _gen(spec)
        if ind:
            sec = sec.replace("\n", "\n" + " " * ind)
        if esc:
            sec = sec.replace("\n", "\\n")
        if len(sec) < 8 or sec in seen:
            continue
        flat = sec.replace("\n", "").replace("\\n", "")
        if _B64_PAD.match(flat) and "=" in flat.rstrip("="):
            continue
        ctx = _Ctx(sec, k, w)
        full = _fill(text, ctx).replace(_BB, "").strip("\n")
        v = _fill(vis, ctx).replace(_BB, "") if vis else ""
        if sec not in full:
            continue
        if v and (v not in full or v in sec or sec in v):
            continue
        if any(s in sec for s in seen if len(s) >= 12) or any(sec in s for s in seen):
            continue
        seen.add(sec)
        return (group, fmt, full, sec, v)
    raise RuntimeError("cannot build " + fmt)


def _build():
    templates = list(_T)
    taken = set(x[1] for x in templates)
    if len(taken) != len(templates):
        raise RuntimeError("duplicate format name")
    templates.extend(_combo_templates(taken))
    counts = [1] * len(templates)
    eligible = [i for i, x in enumerate(templates)
                if not (x[0] == "note-or-chat" and re.match(r"^note-[a-z]{2}-", x[1]))]
    extra = _TARGET_ENTRIES - len(templates)
    per_group = {}
    for i, x in enumerate(templates):
        per_group[x[0]] = per_group.get(x[0], 0) + 1
    by_group = {}
    for i in eligible:
        by_group.setdefault(templates[i][0], []).append(i)
    while extra > 0:
        open_groups = sorted(g for g in by_group if any(counts[i] < 3 for i in by_group[g]))
        g = min(open_groups, key=lambda x: (per_group[x], x))
        i = _R.choice([j for j in by_group[g] if counts[j] < 3])
        counts[i] += 1
        per_group[g] += 1
        extra -= 1
    seen = set()
    secrets = []
    for tpl, n in zip(templates, counts):
        for _ in range(n):
            secrets.append(_make(tpl, seen))
    values = [s[3] for s in secrets]
    benign, bseen = [], set()
    for text, n, k, w in _BT:
        if "\u00a7" in text:
            n += (n + 1) // 2
        for _ in range(n):
            s = _fill(text, _Ctx("", k, w)).replace(_BB, "").strip("\n")
            if s in bseen or any(v in s for v in values):
                continue
            bseen.add(s)
            benign.append(s)
    return secrets, benign


SECRETS, BENIGN = _build()
