"""Blind redaction hold-out corpus no. 24: credentials in the working notes of AI builders.

What this is
    A test corpus for a secret-redaction engine that scrubs the free-text working state
    a coding agent (Claude Code, Codex, Gemini CLI, ...) saves: goals, notes, commands,
    file excerpts, tool output, decisions and next steps.  Every credential must be
    replaced; everything else must stay readable.

Theme
    People who build LLM applications and AI agents: MCP server configs (.mcp.json,
    claude_desktop_config.json, Codex config.toml, Gemini settings.json, Cursor,
    Windsurf, Zed, Continue, VS Code), env blocks handed to MCP servers, agent
    frameworks, model APIs and gateways, self-hosted inference behind proxies, vector
    databases, eval/observability tools, dataset hubs, scraping and browser services,
    speech/image/video APIs, notebooks, transcripts of tool calls (tool_use /
    tool_result JSON lines, function-calling payloads, SSE chunks), agent memory files,
    and the agent's own prose (hand-offs, TODOs, chats), roughly a quarter of the
    notes in languages other than English (formats named note-<two-letter-code>-...).
    Ordinary tooling (git, docker, kubectl, cloud CLIs, databases, CI) is mixed in.

Provenance
    Written blind, from general knowledge only: without reading the engine, its rules,
    other corpora, or any secret scanner's rule set.  Token shapes of vendors whose
    real format is unknown to the author are invented but plausible.

Layout
    SECRETS  list of (group, format, text, secret, visible) 5-tuples
             group   one of command, tool-output, config-file, source-code,
                     stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
             format  kebab-case name of the shape (each used at most 3 times)
             text    what the agent would record, with surrounding context
             secret  exact substring of text that must not survive
             visible substring of text that must stay readable, or ""
    BENIGN   list of strings that look credential-like but hold no credential

    All values are synthetic, generated at import time from random.Random(2424);
    vendor prefixes are assembled from parts so this file holds no realistic
    credential literally.  Importing the module prints nothing.

It measured 0.964 recall and 1.0% false positives blind with the rules of the session
before it, and 0.969 with the rule for a token alone on its line, written before it was
read; it is regression data now (tests/test_redaction_holdouts_latest.py holds its recall
per group and its false positives).
"""
import base64
import json
import random
import string

R = random.Random(2424)

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
AN = UP + LO + DG
LD = LO + DG
UD = UP + DG
HX = "0123456789abcdef"
B64 = AN + "+/"
URLS = AN + "-_"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

SECRETS = []
BENIGN = []
_SEEN = set()


def j(*parts):
    return "".join(parts)


def rs(n, al=AN):
    return "".join(R.choice(al) for _ in range(n))


def hx(n):
    return rs(n, HX)


def dg(n):
    return R.choice("123456789") + rs(n - 1, DG)


def uuid4():
    h = hx(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], R.choice("89ab"), h[17:20], h[20:32])


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode("ascii")


def b64u(b):
    return base64.urlsafe_b64encode(b).decode("ascii").rstrip("=")


def b64t(s):
    return base64.b64encode(s.encode("utf-8")).decode("ascii")


def cj(obj):
    return json.dumps(obj, separators=(",", ":"))


def jwt(payload, alg="HS256", siglen=None):
    head = b64u(cj({"alg": alg, "typ": "JWT"}).encode())
    body = b64u(cj(payload).encode())
    if siglen is None:
        siglen = 43 if alg.startswith("HS") else 342
    return head + "." + body + "." + rs(siglen, URLS)


def ts():
    return "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        R.randint(1, 12), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59),
        R.randint(0, 59), R.randint(0, 999))


def epoch():
    return str(R.randint(1735689600, 1767225599))


WORDS = ["maple", "otter", "cobalt", "lantern", "pepper", "harbor", "quartz", "willow",
         "falcon", "meadow", "copper", "saffron", "glacier", "juniper", "marble", "nectar",
         "orchid", "pylon", "raven", "sierra", "tundra", "velvet", "walnut", "zephyr",
         "basil", "cinder", "dahlia", "ember", "fjord", "gravel", "hazel", "indigo"]
PEOPLE = ["Priya", "Marco", "Dana", "Kenji", "Lena", "Tomasz", "Aisha", "Rafael", "Mei",
          "Olu", "Sven", "Ines", "Yusuf", "Chloe", "Arjun", "Noor"]


def pw_strong(n=None):
    n = n or R.randint(14, 24)
    al = AN + "!#%*-_.+^~"
    while True:
        p = rs(n, al)
        if any(c in "!#%*-_.+^~" for c in p) and any(c in DG for c in p):
            return p


def pw_url(n=None):
    n = n or R.randint(16, 28)
    return rs(n, AN + "-_.~")


def pw_human():
    return "%s%s%s%d%s" % (R.choice(WORDS).capitalize(), R.choice("-_.!"),
                           R.choice(WORDS).capitalize(), R.randint(10, 9999), R.choice("!?#*"))


def add(group, fmt, text, secret, visible=""):
    assert secret in text, (fmt, secret)
    if secret in _SEEN:
        return
    if visible and (visible not in text or visible in secret or secret in visible):
        visible = ""
    _SEEN.add(secret)
    SECRETS.append((group, fmt, text, secret, visible))


def pem_body(nbytes, prefix=b"", width=64, indent="", nl="\n"):
    raw = b64(prefix + rbytes(nbytes))
    lines = [raw[i:i + width] for i in range(0, len(raw), width)]
    return (nl + indent).join(lines)


RSA_DER = bytes([0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00])
P8_DER = bytes([0x30, 0x82, 0x04, 0xbe, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a,
                0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00])
EC_DER = bytes([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20])
OSSH = b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none"


class Vendor(object):
    def __init__(self, slug, kind, var, name, host, path, hdr, gen, model=None, pkg=None, short=None):
        self.slug = slug
        self.kind = kind
        self.var = var
        self.name = name
        self.host = host
        self.path = path
        self.hdr = hdr
        self.gen = gen
        self.model = model or "default"
        self.short = short or slug.split("-")[0]
        self.pkg = pkg or ("@%s/mcp-server" % self.short)


VENDORS = []


def V(*a, **k):
    VENDORS.append(Vendor(*a, **k))


CHAT = "/v1/chat/completions"
# ---- hosted model vendors, routers and gateways -------------------------------------
V("openai-project-key", "llm", "OPENAI_API_KEY", "OpenAI", "api.openai.com", CHAT, "bearer",
  lambda: j("sk-", "proj-") + rs(58, URLS) + j("T3Blbk", "FJ") + rs(58, URLS), model="gpt-4o-mini")
V("openai-legacy-user-key", "llm", "OPENAI_API_KEY", "OpenAI", "api.openai.com", CHAT, "bearer",
  lambda: j("s", "k-") + rs(20) + j("T3Blbk", "FJ") + rs(20), model="gpt-4.1-mini")
V("openai-service-account-key", "llm", "OPENAI_API_KEY", "OpenAI", "api.openai.com", "/v1/responses", "bearer",
  lambda: j("sk-", "svcacct-") + rs(58, URLS) + j("T3Blbk", "FJ") + rs(58, URLS), model="gpt-5-mini")
V("openai-admin-key", "llm", "OPENAI_ADMIN_KEY", "OpenAI Admin", "api.openai.com", "/v1/organization/usage/completions", "bearer",
  lambda: j("sk-", "admin-") + rs(58, URLS) + j("T3Blbk", "FJ") + rs(58, URLS), model="gpt-4o")
V("anthropic-api-key", "llm", "ANTHROPIC_API_KEY", "Anthropic", "api.anthropic.com", "/v1/messages", "x-api-key",
  lambda: j("sk-", "ant-", "api03-") + rs(93, URLS) + "AA", model="claude-sonnet-4-5")
V("anthropic-admin-key", "llm", "ANTHROPIC_ADMIN_KEY", "Anthropic Admin", "api.anthropic.com", "/v1/organizations/api_keys", "x-api-key",
  lambda: j("sk-", "ant-", "admin01-") + rs(93, URLS) + "AA", model="claude-opus-4-1")
V("claude-code-oauth-token", "llm", "CLAUDE_CODE_OAUTH_TOKEN", "Claude Code", "api.anthropic.com", "/v1/messages", "bearer",
  lambda: j("sk-", "ant-", "oat01-") + rs(93, URLS) + "AA", model="claude-sonnet-4-5", short="claude")
V("gemini-api-key", "llm", "GEMINI_API_KEY", "Gemini", "generativelanguage.googleapis.com", "/v1beta/models/gemini-2.5-flash:generateContent", "goog",
  lambda: j("AI", "za") + rs(35, URLS), model="gemini-2.5-flash")
V("google-ai-studio-key", "llm", "GOOGLE_API_KEY", "Google AI Studio", "generativelanguage.googleapis.com", "/v1beta/models/gemini-2.5-pro:generateContent", "goog",
  lambda: j("AI", "za", "Sy") + rs(33, URLS), model="gemini-2.5-pro", short="googleai")
V("groq-api-key", "llm", "GROQ_API_KEY", "Groq", "api.groq.com", "/openai/v1/chat/completions", "bearer",
  lambda: j("gs", "k_") + rs(52), model="llama-3.3-70b-versatile")
V("xai-api-key", "llm", "XAI_API_KEY", "xAI", "api.x.ai", CHAT, "bearer",
  lambda: j("xa", "i-") + rs(80), model="grok-4")
V("mistral-api-key", "llm", "MISTRAL_API_KEY", "Mistral", "api.mistral.ai", CHAT, "bearer",
  lambda: rs(32), model="mistral-large-latest")
V("cohere-api-key", "llm", "COHERE_API_KEY", "Cohere", "api.cohere.com", "/v2/chat", "bearer",
  lambda: rs(40), model="command-r-plus")
V("together-api-key", "llm", "TOGETHER_API_KEY", "Together AI", "api.together.xyz", CHAT, "bearer",
  lambda: j("tgp", "_v1_") + rs(43, URLS), model="meta-llama/Llama-3.3-70B-Instruct-Turbo")
V("fireworks-api-key", "llm", "FIREWORKS_API_KEY", "Fireworks", "api.fireworks.ai", "/inference/v1/chat/completions", "bearer",
  lambda: j("f", "w_") + rs(24), model="accounts/fireworks/models/qwen3-235b-a22b")
V("deepseek-api-key", "llm", "DEEPSEEK_API_KEY", "DeepSeek", "api.deepseek.com", "/chat/completions", "bearer",
  lambda: j("s", "k-") + hx(32), model="deepseek-chat")
V("perplexity-api-key", "llm", "PERPLEXITY_API_KEY", "Perplexity", "api.perplexity.ai", "/chat/completions", "bearer",
  lambda: j("pp", "lx-") + rs(48), model="sonar-pro")
V("openrouter-api-key", "llm", "OPENROUTER_API_KEY", "OpenRouter", "openrouter.ai", "/api/v1/chat/completions", "bearer",
  lambda: j("sk-", "or-", "v1-") + hx(64), model="anthropic/claude-sonnet-4.5")
V("replicate-api-token", "llm", "REPLICATE_API_TOKEN", "Replicate", "api.replicate.com", "/v1/predictions", "bearer",
  lambda: j("r", "8_") + rs(37), model="meta/meta-llama-3-70b-instruct")
V("huggingface-user-token", "llm", "HF_TOKEN", "Hugging Face", "huggingface.co", "/api/whoami-v2", "bearer",
  lambda: j("h", "f_") + rs(34, UP + LO), model="meta-llama/Llama-3.1-8B-Instruct", short="hf")
V("huggingface-org-token", "llm", "HUGGINGFACEHUB_API_TOKEN", "Hugging Face org", "router.huggingface.co", "/v1/chat/completions", "bearer",
  lambda: j("api", "_org_") + rs(34, UP + LO), model="Qwen/Qwen2.5-72B-Instruct", short="hfhub")
V("cerebras-api-key", "llm", "CEREBRAS_API_KEY", "Cerebras", "api.cerebras.ai", CHAT, "bearer",
  lambda: j("cs", "k-") + rs(48, LD), model="llama3.1-8b")
V("nvidia-nim-key", "llm", "NVIDIA_API_KEY", "NVIDIA NIM", "integrate.api.nvidia.com", CHAT, "bearer",
  lambda: j("nv", "api-") + rs(64, URLS), model="meta/llama-3.1-405b-instruct", short="nvidia")
V("sambanova-api-key", "llm", "SAMBANOVA_API_KEY", "SambaNova", "api.sambanova.ai", CHAT, "bearer",
  lambda: uuid4(), model="Meta-Llama-3.3-70B-Instruct")
V("ai21-api-key", "llm", "AI21_API_KEY", "AI21", "api.ai21.com", "/studio/v1/chat/completions", "bearer",
  lambda: rs(32), model="jamba-large")
V("moonshot-api-key", "llm", "MOONSHOT_API_KEY", "Moonshot Kimi", "api.moonshot.ai", CHAT, "bearer",
  lambda: j("s", "k-") + rs(48), model="kimi-k2-0905-preview")
V("dashscope-api-key", "llm", "DASHSCOPE_API_KEY", "DashScope", "dashscope-intl.aliyuncs.com", "/compatible-mode/v1/chat/completions", "bearer",
  lambda: j("s", "k-") + hx(32) + rs(4, LD), model="qwen-max")
V("zhipu-api-key", "llm", "ZHIPUAI_API_KEY", "Zhipu GLM", "open.bigmodel.cn", "/api/paas/v4/chat/completions", "bearer",
  lambda: hx(32) + "." + rs(16), model="glm-4.6")
V("minimax-api-key", "llm", "MINIMAX_API_KEY", "MiniMax", "api.minimax.io", "/v1/text/chatcompletion_v2", "bearer",
  lambda: jwt({"GroupName": "acme", "UserName": "dev", "GroupID": dg(19), "SubjectID": dg(19), "Mail": "", "CreateTime": "2025-06-01 10:22:41", "iss": "minimax"}, "RS256"), model="MiniMax-M2")
V("volcengine-ark-key", "llm", "ARK_API_KEY", "Volcengine Ark", "ark.cn-beijing.volces.com", "/api/v3/chat/completions", "bearer",
  lambda: uuid4(), model="doubao-seed-1-6-250615", short="ark")
V("qianfan-api-key", "llm", "QIANFAN_API_KEY", "Baidu Qianfan", "qianfan.baidubce.com", "/v2/chat/completions", "bearer",
  lambda: j("bce", "-v3/", "ALTAK-") + rs(21) + "/" + hx(40), model="ernie-4.5-turbo-128k")
V("upstage-api-key", "llm", "UPSTAGE_API_KEY", "Upstage", "api.upstage.ai", "/v1/chat/completions", "bearer",
  lambda: j("u", "p_") + rs(30), model="solar-pro2")
V("reka-api-key", "llm", "REKA_API_KEY", "Reka", "api.reka.ai", "/v1/chat", "x-api-key",
  lambda: hx(64), model="reka-flash")
V("writer-api-key", "llm", "WRITER_API_KEY", "Writer", "api.writer.com", "/v1/chat", "bearer",
  lambda: rs(40, URLS), model="palmyra-x5")
V("novita-api-key", "llm", "NOVITA_API_KEY", "Novita", "api.novita.ai", "/v3/openai/chat/completions", "bearer",
  lambda: j("s", "k_") + rs(43, URLS), model="deepseek/deepseek-v3.1")
V("hyperbolic-api-key", "llm", "HYPERBOLIC_API_KEY", "Hyperbolic", "api.hyperbolic.xyz", CHAT, "bearer",
  lambda: jwt({"sub": "dev@acme.io", "iat": int(epoch())}), model="Qwen/Qwen3-Coder-480B-A35B-Instruct")
V("deepinfra-api-token", "llm", "DEEPINFRA_API_TOKEN", "DeepInfra", "api.deepinfra.com", "/v1/openai/chat/completions", "bearer",
  lambda: rs(32), model="meta-llama/Meta-Llama-3.1-70B-Instruct")
V("anyscale-api-key", "llm", "ANYSCALE_API_KEY", "Anyscale", "api.endpoints.anyscale.com", CHAT, "bearer",
  lambda: j("esec", "ret_") + rs(26, LD), model="mistralai/Mixtral-8x7B-Instruct-v0.1")
V("baseten-api-key", "llm", "BASETEN_API_KEY", "Baseten", "inference.baseten.co", "/v1/chat/completions", "api-key-token",
  lambda: rs(8) + "." + rs(32), model="deepseek-ai/DeepSeek-V3.1")
V("modal-token-secret", "llm", "MODAL_TOKEN_SECRET", "Modal", "api.modal.com", "/v1/apps", "bearer",
  lambda: j("a", "s-") + rs(22), model="vllm-llama3")
V("azure-openai-key", "llm", "AZURE_OPENAI_API_KEY", "Azure OpenAI", "acme-eastus2.openai.azure.com", "/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21", "api-key",
  lambda: rs(84, AN), model="gpt-4o", short="azure")
V("azure-openai-legacy-key", "llm", "AZURE_OPENAI_KEY", "Azure OpenAI (legacy)", "acme-swe.openai.azure.com", "/openai/deployments/gpt-35/chat/completions?api-version=2024-02-01", "api-key",
  lambda: hx(32), model="gpt-35-turbo", short="aoai")
V("bedrock-api-key", "llm", "AWS_BEARER_TOKEN_BEDROCK", "Bedrock", "bedrock-runtime.us-east-1.amazonaws.com", "/model/anthropic.claude-3-5-sonnet-20241022-v2:0/converse", "bearer",
  lambda: j("AB", "SK") + rs(128, AN + "+/"), model="us.anthropic.claude-sonnet-4-20250514-v1:0")
V("ollama-cloud-key", "llm", "OLLAMA_API_KEY", "Ollama Cloud", "ollama.com", "/api/chat", "bearer",
  lambda: hx(32) + "." + rs(24, URLS), model="gpt-oss:120b")
V("vllm-server-key", "llm", "VLLM_API_KEY", "vLLM", "vllm.gpu-box-03.internal:8000", CHAT, "bearer",
  lambda: j("vl", "lm-") + rs(40, URLS), model="Qwen/Qwen2.5-Coder-32B-Instruct")
V("litellm-master-key", "llm", "LITELLM_MASTER_KEY", "LiteLLM proxy", "llm-gw.acme.internal", "/chat/completions", "bearer",
  lambda: j("s", "k-") + rs(30, URLS), model="claude-sonnet", short="litellm")
V("litellm-virtual-key", "llm", "LITELLM_API_KEY", "LiteLLM virtual key", "llm-gateway.acme.dev", "/v1/chat/completions", "bearer",
  lambda: j("s", "k-") + rs(22, URLS), model="gpt-4o-team", short="llmgw")
V("portkey-api-key", "llm", "PORTKEY_API_KEY", "Portkey", "api.portkey.ai", "/v1/chat/completions", "x-portkey-api-key",
  lambda: rs(32, AN + "+/"), model="@openai-prod/gpt-4o")
V("helicone-api-key", "obs", "HELICONE_API_KEY", "Helicone", "oai.helicone.ai", "/v1/chat/completions", "helicone-auth",
  lambda: j("sk-", "helicone-") + "-".join(rs(7, LD) for _ in range(4)))
V("cloudflare-ai-gateway-token", "llm", "CF_AIG_TOKEN", "Cloudflare AI Gateway", "gateway.ai.cloudflare.com", "/v1/acct/agents/openai/chat/completions", "cf-aig",
  lambda: rs(40, URLS), model="gpt-4o-mini", short="cfaig")
V("runpod-api-key", "llm", "RUNPOD_API_KEY", "RunPod", "api.runpod.ai", "/v2/vllm-8xq2/openai/v1/chat/completions", "bearer",
  lambda: j("rp", "a_") + rs(44, UD), model="mistralai/Mistral-Small-24B-Instruct")
V("lambda-cloud-key", "llm", "LAMBDA_API_KEY", "Lambda Cloud", "cloud.lambdalabs.com", "/api/v1/instances", "bearer",
  lambda: j("sec", "ret_") + rs(12, LD) + "_" + hx(32) + "." + rs(32), model="llama3.1-70b", short="lambda")
V("vastai-api-key", "llm", "VAST_API_KEY", "Vast.ai", "console.vast.ai", "/api/v0/instances/", "bearer",
  lambda: hx(64), model="vllm", short="vast")
V("openai-realtime-ephemeral", "llm", "OPENAI_EPHEMERAL_KEY", "OpenAI Realtime", "api.openai.com", "/v1/realtime?model=gpt-realtime", "bearer",
  lambda: j("e", "k_") + hx(32), model="gpt-realtime", short="realtime")

# ---- eval, tracing, observability ---------------------------------------------------
V("langsmith-personal-token", "obs", "LANGSMITH_API_KEY", "LangSmith", "api.smith.langchain.com", "/runs", "x-api-key",
  lambda: j("lsv2", "_pt_") + hx(32) + "_" + hx(10), short="langsmith")
V("langsmith-service-key", "obs", "LANGCHAIN_API_KEY", "LangSmith service", "eu.api.smith.langchain.com", "/runs/multipart", "x-api-key",
  lambda: j("lsv2", "_sk_") + hx(32) + "_" + hx(10), short="langchain")
V("langfuse-secret-key", "obs", "LANGFUSE_SECRET_KEY", "Langfuse", "cloud.langfuse.com", "/api/public/ingestion", "bearer",
  lambda: j("sk", "-lf-") + uuid4())
V("wandb-api-key", "obs", "WANDB_API_KEY", "Weights & Biases", "api.wandb.ai", "/graphql", "bearer",
  lambda: hx(40))
V("wandb-local-key", "obs", "WANDB_API_KEY", "W&B Server", "wandb.acme.internal", "/graphql", "bearer",
  lambda: j("loc", "al-") + hx(40), short="wandbsrv")
V("braintrust-api-key", "obs", "BRAINTRUST_API_KEY", "Braintrust", "api.braintrust.dev", "/v1/project_logs", "bearer",
  lambda: j("s", "k-") + rs(48))
V("humanloop-api-key", "obs", "HUMANLOOP_API_KEY", "Humanloop", "api.humanloop.com", "/v5/prompts/log", "x-api-key",
  lambda: j("hl", "_sk_") + hx(48))
V("promptlayer-api-key", "obs", "PROMPTLAYER_API_KEY", "PromptLayer", "api.promptlayer.com", "/log-request", "x-api-key",
  lambda: j("p", "l_") + hx(32))
V("agentops-api-key", "obs", "AGENTOPS_API_KEY", "AgentOps", "api.agentops.ai", "/v3/auth/token", "x-api-key",
  lambda: uuid4())
V("comet-api-key", "obs", "COMET_API_KEY", "Comet Opik", "www.comet.com", "/opik/api/v1/private/traces", "bare-authorization",
  lambda: rs(25), short="opik")
V("neptune-api-token", "obs", "NEPTUNE_API_TOKEN", "Neptune", "app.neptune.ai", "/api/backend/v1/authorization", "bearer",
  lambda: b64t(cj({"api_address": "https://app.neptune.ai", "api_url": "https://app.neptune.ai", "api_key": uuid4()})))
V("arize-phoenix-key", "obs", "PHOENIX_API_KEY", "Arize Phoenix", "app.phoenix.arize.com", "/v1/traces", "bearer",
  lambda: jwt({"jti": "ApiKey:" + dg(3), "iss": "Arize Phoenix"}), short="phoenix")
V("databricks-pat", "obs", "DATABRICKS_TOKEN", "Databricks", "dbc-4f2a91c7-8e1d.cloud.databricks.com", "/api/2.0/mlflow/experiments/list", "bearer",
  lambda: j("da", "pi") + hx(32))
V("logfire-write-token", "obs", "LOGFIRE_TOKEN", "Logfire", "logfire-us.pydantic.dev", "/v1/traces", "bearer",
  lambda: j("pylf", "_v1_us_") + rs(48))
V("sentry-user-token", "obs", "SENTRY_AUTH_TOKEN", "Sentry", "sentry.io", "/api/0/projects/", "bearer",
  lambda: j("sntr", "yu_") + hx(64))
V("datadog-api-key", "obs", "DD_API_KEY", "Datadog", "api.datadoghq.com", "/api/v2/logs", "dd-api-key",
  lambda: hx(32))
V("datadog-app-key", "obs", "DD_APP_KEY", "Datadog app", "api.datadoghq.eu", "/api/v2/llm-obs/v1/trace/spans", "dd-app-key",
  lambda: hx(40), short="ddapp")
V("newrelic-user-key", "obs", "NEW_RELIC_API_KEY", "New Relic", "api.newrelic.com", "/graphql", "api-key-upper",
  lambda: j("NR", "AK-") + rs(27, UD))
V("newrelic-license-key", "obs", "NEW_RELIC_LICENSE_KEY", "New Relic ingest", "otlp.nr-data.net", "/v1/traces", "api-key",
  lambda: hx(36) + j("NR", "AL"), short="nrlicense")
V("grafana-sa-token", "obs", "GRAFANA_SERVICE_ACCOUNT_TOKEN", "Grafana", "acme.grafana.net", "/api/dashboards/db", "bearer",
  lambda: j("gl", "sa_") + rs(32) + "_" + hx(8))
V("grafana-cloud-token", "obs", "GRAFANA_CLOUD_TOKEN", "Grafana Cloud", "otlp-gateway-prod-us-east-0.grafana.net", "/otlp/v1/traces", "bearer",
  lambda: j("gl", "c_") + b64t(cj({"o": dg(6), "n": "agent-otlp", "k": rs(24), "m": {"r": "prod-us-east-0"}})).rstrip("="), short="grafanacloud")
V("honeycomb-api-key", "obs", "HONEYCOMB_API_KEY", "Honeycomb", "api.honeycomb.io", "/1/events/agent-traces", "x-honeycomb-team",
  lambda: j("hca", "ik_") + rs(58, LD))
V("posthog-personal-key", "obs", "POSTHOG_PERSONAL_API_KEY", "PostHog", "us.posthog.com", "/api/projects/", "bearer",
  lambda: j("ph", "x_") + rs(43))
V("mlflow-tracking-token", "obs", "MLFLOW_TRACKING_TOKEN", "MLflow", "mlflow.acme.internal", "/api/2.0/mlflow/runs/search", "bearer",
  lambda: rs(48, URLS))
V("galileo-api-key", "obs", "GALILEO_API_KEY", "Galileo", "api.galileo.ai", "/v2/projects", "galileo-api-key",
  lambda: rs(43, URLS))
V("clearml-secret-key", "obs", "CLEARML_API_SECRET_KEY", "ClearML", "api.clear.ml", "/auth.login", "bearer",
  lambda: rs(50, AN))

# ---- vector databases and retrieval --------------------------------------------------
V("pinecone-api-key", "vec", "PINECONE_API_KEY", "Pinecone", "api.pinecone.io", "/indexes", "api-key-title",
  lambda: j("pcs", "k_") + rs(5, LD) + "_" + rs(60))
V("pinecone-legacy-key", "vec", "PINECONE_API_KEY", "Pinecone (legacy)", "controller.us-west1-gcp.pinecone.io", "/databases", "api-key-title",
  lambda: uuid4(), short="pineconelegacy")
V("qdrant-cloud-key", "vec", "QDRANT_API_KEY", "Qdrant Cloud", "7c1e-4a2b.us-east4-0.gcp.cloud.qdrant.io:6333", "/collections", "api-key",
  lambda: rs(52, URLS), pkg="mcp-server-qdrant")
V("weaviate-api-key", "vec", "WEAVIATE_API_KEY", "Weaviate Cloud", "rag-prod-x7k2.c0.europe-west3.gcp.weaviate.cloud", "/v1/schema", "bearer",
  lambda: rs(40))
V("zilliz-api-key", "vec", "ZILLIZ_CLOUD_API_KEY", "Zilliz Cloud", "in03-5c1a7e.serverless.gcp-us-west1.cloud.zilliz.com", "/v2/vectordb/entities/search", "bearer",
  lambda: hx(104))
V("chroma-cloud-key", "vec", "CHROMA_API_KEY", "Chroma Cloud", "api.trychroma.com", "/api/v2/tenants", "x-chroma-token",
  lambda: j("c", "k-") + rs(44))
V("turbopuffer-api-key", "vec", "TURBOPUFFER_API_KEY", "turbopuffer", "gcp-us-central1.turbopuffer.com", "/v1/namespaces", "bearer",
  lambda: j("tp", "uf_") + rs(32))
V("upstash-vector-token", "vec", "UPSTASH_VECTOR_REST_TOKEN", "Upstash Vector", "warm-lab-31415-us1-vector.upstash.io", "/query", "bearer",
  lambda: "AB" + rs(6) + b64(rbytes(60)).rstrip("="), short="upstashvec")
V("elastic-api-key", "vec", "ELASTIC_API_KEY", "Elastic Cloud", "rag-search.es.us-central1.gcp.cloud.es.io", "/docs/_search", "apikey",
  lambda: b64t(rs(20, URLS) + ":" + rs(22, URLS)))
V("vectara-api-key", "vec", "VECTARA_API_KEY", "Vectara", "api.vectara.io", "/v2/query", "x-api-key",
  lambda: j("zq", "t_") + rs(40, URLS))
V("lancedb-cloud-key", "vec", "LANCEDB_API_KEY", "LanceDB Cloud", "rag-prod.us-east-1.api.lancedb.com", "/v1/table/", "x-api-key",
  lambda: j("s", "k_") + rs(52, UD))
V("typesense-admin-key", "vec", "TYPESENSE_API_KEY", "Typesense", "xyz1abc.a1.typesense.net", "/collections", "x-typesense-api-key",
  lambda: rs(32))
V("meilisearch-master-key", "vec", "MEILI_MASTER_KEY", "Meilisearch", "search.acme.dev", "/indexes", "bearer",
  lambda: rs(43, URLS), short="meili")
V("algolia-admin-key", "vec", "ALGOLIA_ADMIN_API_KEY", "Algolia", "ABCD1234EF-dsn.algolia.net", "/1/indexes/docs/query", "x-algolia-api-key",
  lambda: hx(32))
V("mongodb-atlas-private-key", "vec", "MONGODB_ATLAS_PRIVATE_KEY", "MongoDB Atlas Admin API", "cloud.mongodb.com", "/api/atlas/v2/groups", "bearer",
  lambda: uuid4(), short="atlas")

# ---- search, scraping, browsers, agent infrastructure -------------------------------
V("tavily-api-key", "tool", "TAVILY_API_KEY", "Tavily", "api.tavily.com", "/search", "bearer",
  lambda: j("tv", "ly-", "dev-") + rs(32), pkg="tavily-mcp")
V("tavily-prod-key", "tool", "TAVILY_API_KEY", "Tavily (prod)", "api.tavily.com", "/extract", "bearer",
  lambda: j("tv", "ly-") + rs(32), pkg="tavily-mcp", short="tavilyprod")
V("serpapi-key", "tool", "SERPAPI_API_KEY", "SerpApi", "serpapi.com", "/search.json", "query-api_key",
  lambda: hx(64))
V("serper-api-key", "tool", "SERPER_API_KEY", "Serper", "google.serper.dev", "/search", "x-api-key-upper",
  lambda: hx(40))
V("exa-api-key", "tool", "EXA_API_KEY", "Exa", "api.exa.ai", "/search", "x-api-key",
  lambda: uuid4(), pkg="exa-mcp-server")
V("brave-search-key", "tool", "BRAVE_API_KEY", "Brave Search", "api.search.brave.com", "/res/v1/web/search", "x-subscription-token",
  lambda: j("BS", "A") + rs(28, URLS), pkg="@brave/brave-search-mcp-server", short="brave")
V("firecrawl-api-key", "tool", "FIRECRAWL_API_KEY", "Firecrawl", "api.firecrawl.dev", "/v1/scrape", "bearer",
  lambda: j("f", "c-") + hx(32), pkg="firecrawl-mcp")
V("browserbase-api-key", "tool", "BROWSERBASE_API_KEY", "Browserbase", "api.browserbase.com", "/v1/sessions", "x-bb-api-key",
  lambda: j("bb", "_live_") + rs(27, URLS), pkg="@browserbasehq/mcp")
V("e2b-api-key", "tool", "E2B_API_KEY", "E2B", "api.e2b.dev", "/sandboxes", "x-api-key",
  lambda: j("e2", "b_") + hx(40))
V("apify-token", "tool", "APIFY_TOKEN", "Apify", "api.apify.com", "/v2/acts", "bearer",
  lambda: j("apify", "_api_") + rs(36), pkg="@apify/actors-mcp-server")
V("composio-api-key", "tool", "COMPOSIO_API_KEY", "Composio", "backend.composio.dev", "/api/v3/tools", "x-api-key",
  lambda: j("a", "k_") + rs(20, URLS))
V("jina-api-key", "tool", "JINA_API_KEY", "Jina", "r.jina.ai", "/https://example.com", "bearer",
  lambda: j("jin", "a_") + hx(32) + rs(28))
V("scrapingbee-api-key", "tool", "SCRAPINGBEE_API_KEY", "ScrapingBee", "app.scrapingbee.com", "/api/v1/", "query-api_key",
  lambda: rs(80, UD))
V("zenrows-api-key", "tool", "ZENROWS_API_KEY", "ZenRows", "api.zenrows.com", "/v1/", "query-apikey",
  lambda: hx(40))
V("scraperapi-key", "tool", "SCRAPERAPI_KEY", "ScraperAPI", "api.scraperapi.com", "/", "query-api_key",
  lambda: hx(32))
V("browserless-token", "tool", "BROWSERLESS_TOKEN", "Browserless", "production-sfo.browserless.io", "/chromium/bql", "query-token",
  lambda: rs(8, UP + DG) + hx(40))
V("steel-api-key", "tool", "STEEL_API_KEY", "Steel", "api.steel.dev", "/v1/sessions", "steel-api-key",
  lambda: j("st", "e-") + rs(60))
V("hyperbrowser-api-key", "tool", "HYPERBROWSER_API_KEY", "Hyperbrowser", "app.hyperbrowser.ai", "/api/session", "x-api-key",
  lambda: j("h", "b_") + hx(32))
V("browser-use-key", "tool", "BROWSER_USE_API_KEY", "Browser Use Cloud", "api.browser-use.com", "/api/v1/run-task", "bearer",
  lambda: j("b", "u_") + rs(43, URLS), short="browseruse")
V("linkup-api-key", "tool", "LINKUP_API_KEY", "Linkup", "api.linkup.so", "/v1/search", "bearer",
  lambda: uuid4())
V("youcom-api-key", "tool", "YDC_API_KEY", "You.com", "api.ydc-index.io", "/search", "x-api-key-upper",
  lambda: uuid4() + "<__>" + rs(24), short="youcom")
V("smithery-api-key", "tool", "SMITHERY_API_KEY", "Smithery", "server.smithery.ai", "/@acme/notes/mcp", "bearer",
  lambda: uuid4())
V("mem0-api-key", "tool", "MEM0_API_KEY", "Mem0", "api.mem0.ai", "/v1/memories/", "token",
  lambda: j("m", "0-") + rs(40))
V("zep-api-key", "tool", "ZEP_API_KEY", "Zep", "api.getzep.com", "/api/v2/graph/search", "api-key-scheme",
  lambda: j("z", "_") + b64u(cj({"iat": int(epoch()), "aud": "zep", "sub": uuid4()}).encode()) + "." + rs(43, URLS))
V("letta-api-key", "tool", "LETTA_API_KEY", "Letta", "api.letta.com", "/v1/agents", "bearer",
  lambda: j("sk-", "let-") + b64(rbytes(48)).rstrip("="))
V("llamacloud-api-key", "tool", "LLAMA_CLOUD_API_KEY", "LlamaCloud", "api.cloud.llamaindex.ai", "/api/v1/parsing/upload", "bearer",
  lambda: j("ll", "x-") + rs(48), short="llamacloud")
V("unstructured-api-key", "tool", "UNSTRUCTURED_API_KEY", "Unstructured", "api.unstructuredapp.io", "/general/v0/general", "unstructured-api-key",
  lambda: rs(30))
V("context7-api-key", "tool", "CONTEXT7_API_KEY", "Context7", "mcp.context7.com", "/mcp", "bearer",
  lambda: j("ctx7", "sk-") + uuid4(), pkg="@upstash/context7-mcp")
V("twocaptcha-api-key", "tool", "TWOCAPTCHA_API_KEY", "2Captcha", "api.2captcha.com", "/createTask", "json-clientKey",
  lambda: hx(32), short="captcha")
V("github-classic-pat", "dev", "GITHUB_PERSONAL_ACCESS_TOKEN", "GitHub", "api.github.com", "/user", "bearer",
  lambda: j("gh", "p_") + rs(36), pkg="@modelcontextprotocol/server-github", short="github")
V("github-fine-grained-pat", "dev", "GITHUB_TOKEN", "GitHub fine-grained", "api.github.com", "/repos/acme/agent/issues", "bearer",
  lambda: j("git", "hub_pat_") + rs(22, UD) + "_" + rs(59), short="ghfg")
V("github-oauth-token", "dev", "GH_TOKEN", "GitHub CLI", "api.github.com", "/graphql", "bearer",
  lambda: j("gh", "o_") + rs(36), short="ghcli")
V("github-app-installation-token", "dev", "GITHUB_APP_TOKEN", "GitHub App", "api.github.com", "/installation/repositories", "bearer",
  lambda: j("gh", "s_") + rs(36), short="ghapp")
V("gitlab-pat", "dev", "GITLAB_PERSONAL_ACCESS_TOKEN", "GitLab", "gitlab.com", "/api/v4/projects", "private-token",
  lambda: j("gl", "pat-") + rs(20, URLS), pkg="@modelcontextprotocol/server-gitlab")
V("slack-bot-token", "dev", "SLACK_BOT_TOKEN", "Slack bot", "slack.com", "/api/chat.postMessage", "bearer",
  lambda: j("xo", "xb-") + dg(12) + "-" + dg(13) + "-" + rs(24), short="slack")
V("slack-user-token", "dev", "SLACK_USER_TOKEN", "Slack user", "slack.com", "/api/search.messages", "bearer",
  lambda: j("xo", "xp-") + dg(12) + "-" + dg(12) + "-" + dg(13) + "-" + hx(32), short="slackuser")
V("slack-app-token", "dev", "SLACK_APP_TOKEN", "Slack Socket Mode", "slack.com", "/api/apps.connections.open", "bearer",
  lambda: j("xa", "pp-1-") + "A" + rs(10, UD) + "-" + dg(13) + "-" + hx(64), short="slackapp")
V("discord-bot-token", "dev", "DISCORD_BOT_TOKEN", "Discord bot", "discord.com", "/api/v10/users/@me", "discord-bot",
  lambda: b64(dg(19).encode()).rstrip("=") + "." + rs(6, URLS) + "." + rs(38, URLS), short="discord")
V("telegram-bot-token", "dev", "TELEGRAM_BOT_TOKEN", "Telegram bot", "api.telegram.org", "/getMe", "none",
  lambda: dg(10) + ":AA" + rs(33, URLS), short="telegram")
V("atlassian-api-token", "saas", "JIRA_API_TOKEN", "Jira", "acme.atlassian.net", "/rest/api/3/search", "basic-email",
  lambda: j("ATA", "TT3xFfGF0") + rs(150, AN) + "_" + rs(30, AN), short="jira")
V("linear-api-key", "saas", "LINEAR_API_KEY", "Linear", "api.linear.app", "/graphql", "bare-authorization",
  lambda: j("lin", "_api_") + rs(40))
V("notion-integration-token", "saas", "NOTION_TOKEN", "Notion", "api.notion.com", "/v1/search", "bearer",
  lambda: j("nt", "n_") + rs(46), pkg="@notionhq/notion-mcp-server")
V("notion-legacy-secret", "saas", "NOTION_API_KEY", "Notion (legacy)", "api.notion.com", "/v1/databases/query", "bearer",
  lambda: j("sec", "ret_") + rs(43), short="notionlegacy")
V("stripe-live-secret", "saas", "STRIPE_SECRET_KEY", "Stripe", "api.stripe.com", "/v1/customers", "bearer",
  lambda: j("sk", "_live_") + rs(99), pkg="@stripe/mcp")
V("stripe-test-secret", "saas", "STRIPE_API_KEY", "Stripe test", "api.stripe.com", "/v1/payment_intents", "bearer",
  lambda: j("sk", "_test_") + rs(99), short="stripetest")
V("stripe-restricted-key", "saas", "STRIPE_RESTRICTED_KEY", "Stripe restricted", "api.stripe.com", "/v1/charges", "bearer",
  lambda: j("rk", "_live_") + rs(99), short="stripe")
V("stripe-webhook-secret", "saas", "STRIPE_WEBHOOK_SECRET", "Stripe webhook", "api.stripe.com", "/v1/webhook_endpoints", "none",
  lambda: j("wh", "sec_") + rs(32), short="stripewh")
V("twilio-auth-token", "saas", "TWILIO_AUTH_TOKEN", "Twilio", "api.twilio.com", "/2010-04-01/Accounts.json", "basic-sid",
  lambda: hx(32))
V("sendgrid-api-key", "saas", "SENDGRID_API_KEY", "SendGrid", "api.sendgrid.com", "/v3/mail/send", "bearer",
  lambda: j("S", "G.") + rs(22, URLS) + "." + rs(43, URLS))
V("resend-api-key", "saas", "RESEND_API_KEY", "Resend", "api.resend.com", "/emails", "bearer",
  lambda: j("r", "e_") + rs(8) + "_" + rs(24))
V("mailgun-api-key", "saas", "MAILGUN_API_KEY", "Mailgun", "api.mailgun.net", "/v3/mg.acme.dev/messages", "basic-api",
  lambda: hx(32) + "-" + hx(8) + "-" + hx(8))
V("postmark-server-token", "saas", "POSTMARK_SERVER_TOKEN", "Postmark", "api.postmarkapp.com", "/email", "x-postmark-server-token",
  lambda: uuid4())
V("hubspot-private-app-token", "saas", "HUBSPOT_ACCESS_TOKEN", "HubSpot", "api.hubapi.com", "/crm/v3/objects/contacts", "bearer",
  lambda: j("pat", "-na1-") + uuid4())
V("airtable-pat", "saas", "AIRTABLE_API_KEY", "Airtable", "api.airtable.com", "/v0/meta/bases", "bearer",
  lambda: j("pa", "t") + rs(14) + "." + hx(64))
V("figma-pat", "saas", "FIGMA_API_KEY", "Figma", "api.figma.com", "/v1/me", "x-figma-token",
  lambda: j("fig", "d_") + rs(40, URLS))
V("asana-pat", "saas", "ASANA_ACCESS_TOKEN", "Asana", "app.asana.com", "/api/1.0/users/me", "bearer",
  lambda: "2/" + dg(16) + "/" + dg(16) + ":" + hx(32))
V("clickup-api-token", "saas", "CLICKUP_API_KEY", "ClickUp", "api.clickup.com", "/api/v2/team", "bare-authorization",
  lambda: j("p", "k_") + dg(8) + "_" + rs(32, UD))
V("intercom-access-token", "saas", "INTERCOM_ACCESS_TOKEN", "Intercom", "api.intercom.io", "/conversations", "bearer",
  lambda: j("dG9y", "Ojc") + b64(rbytes(45)).rstrip("="))
V("shopify-admin-token", "saas", "SHOPIFY_ACCESS_TOKEN", "Shopify", "acme-store.myshopify.com", "/admin/api/2025-01/products.json", "x-shopify-access-token",
  lambda: j("shp", "at_") + hx(32))
V("clerk-secret-key", "saas", "CLERK_SECRET_KEY", "Clerk", "api.clerk.com", "/v1/users", "bearer",
  lambda: j("s", "k_", "test_") + rs(40))
V("auth0-client-secret", "saas", "AUTH0_CLIENT_SECRET", "Auth0", "acme.us.auth0.com", "/oauth/token", "none",
  lambda: rs(64, URLS))
V("okta-api-token", "saas", "OKTA_API_TOKEN", "Okta", "acme.okta.com", "/api/v1/users", "ssws",
  lambda: "00" + rs(40, URLS))
V("google-oauth-client-secret", "cloud", "GOOGLE_CLIENT_SECRET", "Google OAuth client", "oauth2.googleapis.com", "/token", "none",
  lambda: j("GOC", "SPX-") + rs(28, URLS), short="googleoauth")
V("azure-client-secret", "cloud", "AZURE_CLIENT_SECRET", "Entra ID app", "login.microsoftonline.com", "/common/oauth2/v2.0/token", "none",
  lambda: rs(3, AN) + j("8", "Q~") + rs(31, AN + "-_.~"), short="entra")
V("supabase-access-token", "cloud", "SUPABASE_ACCESS_TOKEN", "Supabase", "api.supabase.com", "/v1/projects", "bearer",
  lambda: j("sb", "p_") + hx(40), pkg="@supabase/mcp-server-supabase")
V("supabase-secret-key", "cloud", "SUPABASE_SECRET_KEY", "Supabase secret", "xyzcompany.supabase.co", "/rest/v1/documents", "apikey",
  lambda: j("sb", "_secret_") + rs(31, URLS), short="supabasesecret")
V("neon-api-key", "cloud", "NEON_API_KEY", "Neon", "console.neon.tech", "/api/v2/projects", "bearer",
  lambda: j("na", "pi_") + rs(64, LD), pkg="@neondatabase/mcp-server-neon")
V("planetscale-service-token", "cloud", "PLANETSCALE_SERVICE_TOKEN", "PlanetScale", "api.planetscale.com", "/v1/organizations", "ps-token",
  lambda: j("psc", "ale_tkn_") + rs(43, URLS))
V("cloudflare-api-token", "cloud", "CLOUDFLARE_API_TOKEN", "Cloudflare", "api.cloudflare.com", "/client/v4/user/tokens/verify", "bearer",
  lambda: rs(40, URLS))
V("digitalocean-token", "cloud", "DIGITALOCEAN_TOKEN", "DigitalOcean", "api.digitalocean.com", "/v2/droplets", "bearer",
  lambda: j("do", "p_v1_") + hx(64))
V("vault-service-token", "cloud", "VAULT_TOKEN", "Vault", "vault.acme.internal:8200", "/v1/secret/data/agents", "x-vault-token",
  lambda: j("hv", "s.") + rs(90, URLS))
V("terraform-cloud-token", "cloud", "TFE_TOKEN", "HCP Terraform", "app.terraform.io", "/api/v2/organizations", "bearer",
  lambda: rs(14) + j(".atl", "asv1.") + rs(67), short="tfc")
V("doppler-service-token", "cloud", "DOPPLER_TOKEN", "Doppler", "api.doppler.com", "/v3/configs/config/secrets/download", "bearer",
  lambda: j("dp", ".st.", "prd.") + rs(43))
V("onepassword-service-token", "cloud", "OP_SERVICE_ACCOUNT_TOKEN", "1Password", "my.1password.com", "/", "none",
  lambda: j("op", "s_") + b64u(cj({"signInAddress": "acme.1password.com", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000, "salt": rs(22, URLS)}, "email": rs(12, LD) + "@1passwordserviceaccounts.com", "srpX": hx(64), "muk": {"alg": "A256GCM", "ext": True, "k": rs(43, URLS), "kty": "oct"}, "secretKey": "A3-" + rs(6, UD) + "-" + rs(6, UD)}).encode()), short="op")
V("tailscale-auth-key", "cloud", "TS_AUTHKEY", "Tailscale", "api.tailscale.com", "/api/v2/tailnet/-/devices", "none",
  lambda: j("ts", "key-auth-") + rs(11) + "CNTRL-" + rs(33), short="tailscale")
V("ngrok-authtoken", "cloud", "NGROK_AUTHTOKEN", "ngrok", "api.ngrok.com", "/tunnels", "none",
  lambda: dg(1) + rs(26) + "_" + rs(21))
V("fly-api-token", "cloud", "FLY_API_TOKEN", "Fly.io", "api.machines.dev", "/v1/apps", "bearer",
  lambda: j("fm", "2_") + rs(180, AN + "+/") + "," + j("fm", "2_") + rs(120, AN + "+/"), short="fly")
V("netlify-pat", "cloud", "NETLIFY_AUTH_TOKEN", "Netlify", "api.netlify.com", "/api/v1/sites", "bearer",
  lambda: j("nf", "p_") + rs(36))
V("render-api-key", "cloud", "RENDER_API_KEY", "Render", "api.render.com", "/v1/services", "bearer",
  lambda: j("rn", "d_") + rs(28))
V("railway-token", "cloud", "RAILWAY_TOKEN", "Railway", "backboard.railway.com", "/graphql/v2", "project-access-token",
  lambda: uuid4())
V("heroku-api-key", "cloud", "HEROKU_API_KEY", "Heroku", "api.heroku.com", "/apps", "bearer",
  lambda: j("HR", "KU-") + "AA" + rs(58, URLS))
V("vercel-token", "cloud", "VERCEL_TOKEN", "Vercel", "api.vercel.com", "/v9/projects", "bearer",
  lambda: rs(24))
V("circleci-pat", "cloud", "CIRCLECI_TOKEN", "CircleCI", "circleci.com", "/api/v2/me", "circle-token",
  lambda: j("CCI", "PAT_") + rs(22) + "_" + hx(40))
V("buildkite-api-token", "cloud", "BUILDKITE_API_TOKEN", "Buildkite", "api.buildkite.com", "/v2/organizations", "bearer",
  lambda: j("bk", "ua_") + hx(40))
V("snyk-token", "cloud", "SNYK_TOKEN", "Snyk", "api.snyk.io", "/rest/self", "token",
  lambda: uuid4())
V("sonarcloud-token", "cloud", "SONAR_TOKEN", "SonarCloud", "sonarcloud.io", "/api/projects/search", "bearer",
  lambda: j("sq", "p_") + hx(40), short="sonar")
V("npm-automation-token", "dev", "NPM_TOKEN", "npm", "registry.npmjs.org", "/-/whoami", "bearer",
  lambda: j("np", "m_") + rs(36))
V("pypi-upload-token", "dev", "PYPI_API_TOKEN", "PyPI", "upload.pypi.org", "/legacy/", "none",
  lambda: j("py", "pi-", "AgEIcHlwaS5vcmc") + rs(140, URLS))
V("dockerhub-pat", "dev", "DOCKERHUB_TOKEN", "Docker Hub", "hub.docker.com", "/v2/repositories/acme/", "bearer",
  lambda: j("dck", "r_pat_") + rs(27, URLS), short="dockerhub")
V("jfrog-access-token", "dev", "JFROG_ACCESS_TOKEN", "JFrog", "acme.jfrog.io", "/artifactory/api/repositories", "bearer",
  lambda: j("cmVmdGtu", "OjAxOj") + rs(50) , short="jfrog")
V("expo-access-token", "dev", "EXPO_TOKEN", "Expo", "api.expo.dev", "/graphql", "bearer",
  lambda: rs(40, URLS))
V("kaggle-api-key", "dev", "KAGGLE_KEY", "Kaggle", "www.kaggle.com", "/api/v1/datasets/list", "basic-kaggle",
  lambda: hx(32))

# ---- speech, image, video, voice agents ---------------------------------------------
V("elevenlabs-api-key", "media", "ELEVENLABS_API_KEY", "ElevenLabs", "api.elevenlabs.io", "/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM", "xi",
  lambda: j("s", "k_") + hx(48))
V("deepgram-api-key", "media", "DEEPGRAM_API_KEY", "Deepgram", "api.deepgram.com", "/v1/listen?model=nova-3", "token",
  lambda: hx(40))
V("assemblyai-api-key", "media", "ASSEMBLYAI_API_KEY", "AssemblyAI", "api.assemblyai.com", "/v2/transcript", "bare-authorization",
  lambda: hx(32))
V("stability-api-key", "media", "STABILITY_API_KEY", "Stability AI", "api.stability.ai", "/v2beta/stable-image/generate/core", "bearer",
  lambda: j("s", "k-") + rs(48))
V("fal-api-key", "media", "FAL_KEY", "fal", "fal.run", "/fal-ai/flux/dev", "key",
  lambda: uuid4() + ":" + hx(32))
V("runway-api-secret", "media", "RUNWAYML_API_SECRET", "Runway", "api.dev.runwayml.com", "/v1/image_to_video", "bearer",
  lambda: j("ke", "y_") + hx(128))
V("luma-api-key", "media", "LUMAAI_API_KEY", "Luma", "api.lumalabs.ai", "/dream-machine/v1/generations", "bearer",
  lambda: j("lum", "a-") + uuid4() + "-" + rs(40, URLS))
V("ideogram-api-key", "media", "IDEOGRAM_API_KEY", "Ideogram", "api.ideogram.ai", "/v1/ideogram-v3/generate", "api-key-header-ideogram",
  lambda: rs(86, URLS))
V("bfl-api-key", "media", "BFL_API_KEY", "Black Forest Labs", "api.bfl.ai", "/v1/flux-kontext-pro", "x-key",
  lambda: uuid4(), short="bfl")
V("leonardo-api-key", "media", "LEONARDO_API_KEY", "Leonardo", "cloud.leonardo.ai", "/api/rest/v1/generations", "bearer",
  lambda: uuid4())
V("cartesia-api-key", "media", "CARTESIA_API_KEY", "Cartesia", "api.cartesia.ai", "/tts/bytes", "x-api-key",
  lambda: j("sk", "_car_") + rs(40))
V("playht-secret-key", "media", "PLAYHT_API_KEY", "PlayHT", "api.play.ht", "/api/v2/tts/stream", "bearer",
  lambda: hx(32))
V("gladia-api-key", "media", "GLADIA_API_KEY", "Gladia", "api.gladia.io", "/v2/pre-recorded", "x-gladia-key",
  lambda: uuid4())
V("speechmatics-api-key", "media", "SPEECHMATICS_API_KEY", "Speechmatics", "asr.api.speechmatics.com", "/v2/jobs", "bearer",
  lambda: rs(32))
V("revai-access-token", "media", "REVAI_ACCESS_TOKEN", "Rev AI", "api.rev.ai", "/speechtotext/v1/jobs", "bearer",
  lambda: "02" + rs(62, URLS), short="revai")
V("heygen-api-key", "media", "HEYGEN_API_KEY", "HeyGen", "api.heygen.com", "/v2/video/generate", "x-api-key",
  lambda: b64(rbytes(48)))
V("livekit-api-secret", "media", "LIVEKIT_API_SECRET", "LiveKit", "agents-demo-8x2k1q.livekit.cloud", "/twirp/livekit.RoomService/ListRooms", "none",
  lambda: rs(43))
V("vapi-private-key", "media", "VAPI_API_KEY", "Vapi", "api.vapi.ai", "/call", "bearer",
  lambda: uuid4())
V("retell-api-key", "media", "RETELL_API_KEY", "Retell AI", "api.retellai.com", "/v2/create-phone-call", "bearer",
  lambda: j("ke", "y_") + hx(28))
V("twelvelabs-api-key", "media", "TWELVE_LABS_API_KEY", "Twelve Labs", "api.twelvelabs.io", "/v1.3/search", "x-api-key",
  lambda: j("tl", "k_") + rs(30, UD), short="twelvelabs")
V("hume-api-key", "media", "HUME_API_KEY", "Hume", "api.hume.ai", "/v0/tts", "x-hume-api-key",
  lambda: rs(48))
V("azure-speech-key", "media", "AZURE_SPEECH_KEY", "Azure AI Speech", "westeurope.api.cognitive.microsoft.com", "/sts/v1.0/issueToken", "apim",
  lambda: rs(84, AN), short="azurespeech")
V("azure-ai-search-admin-key", "vec", "AZURE_SEARCH_ADMIN_KEY", "Azure AI Search", "rag-prod-search.search.windows.net", "/indexes?api-version=2024-07-01", "api-key",
  lambda: rs(52, AN), short="azuresearch")
V("roboflow-api-key", "media", "ROBOFLOW_API_KEY", "Roboflow", "detect.roboflow.com", "/shelf-items/3", "query-api_key",
  lambda: rs(20))
V("scale-api-key", "media", "SCALE_API_KEY", "Scale AI", "api.scale.com", "/v1/tasks", "basic-api",
  lambda: j("liv", "e_") + hx(32), short="scale")

# ---- regional vendors ----------------------------------------------------------------
V("tencent-cloud-secret-key", "cloud", "TENCENTCLOUD_SECRET_KEY", "Tencent Cloud", "hunyuan.tencentcloudapi.com", "/", "none",
  lambda: rs(32), short="tencent")
V("aliyun-access-key-secret", "cloud", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", "Alibaba Cloud", "ecs.aliyuncs.com", "/", "none",
  lambda: rs(30), short="aliyun")
V("yandex-cloud-api-key", "llm", "YC_API_KEY", "Yandex Cloud", "llm.api.cloud.yandex.net", "/foundationModels/v1/completion", "api-key-scheme",
  lambda: j("AQ", "VN") + rs(36, URLS), model="yandexgpt-lite", short="yandex")
V("yandex-oauth-token", "cloud", "YC_TOKEN", "Yandex OAuth", "iam.api.cloud.yandex.net", "/iam/v1/tokens", "none",
  lambda: j("y0", "_") + rs(55, URLS), short="yc")
V("gigachat-credentials", "llm", "GIGACHAT_CREDENTIALS", "GigaChat", "gigachat.devices.sberbank.ru", "/api/v1/chat/completions", "basic-raw",
  lambda: b64t(uuid4() + ":" + uuid4()), model="GigaChat-2-Max")
V("kakao-rest-api-key", "saas", "KAKAO_REST_API_KEY", "Kakao", "dapi.kakao.com", "/v2/local/search/keyword.json", "kakao",
  lambda: hx(32))
V("line-channel-access-token", "saas", "LINE_CHANNEL_ACCESS_TOKEN", "LINE Messaging", "api.line.me", "/v2/bot/message/push", "bearer",
  lambda: b64(rbytes(129)).rstrip("=") + "=", short="line")
V("dingtalk-robot-secret", "saas", "DINGTALK_SECRET", "DingTalk robot", "oapi.dingtalk.com", "/robot/send", "none",
  lambda: j("SE", "C") + hx(64), short="dingtalk")
V("feishu-app-secret", "saas", "FEISHU_APP_SECRET", "Feishu", "open.feishu.cn", "/open-apis/auth/v3/tenant_access_token/internal", "none",
  lambda: rs(32), short="feishu")
V("wechat-app-secret", "saas", "WECHAT_APP_SECRET", "WeChat", "api.weixin.qq.com", "/cgi-bin/token", "none",
  lambda: hx(32), short="wechat")
V("naver-client-secret", "saas", "NAVER_CLIENT_SECRET", "Naver", "openapi.naver.com", "/v1/search/blog.json", "x-naver-client-secret",
  lambda: rs(10), short="naver")


HDR_LITERAL = {
    "x-api-key": "x-api-key", "x-api-key-upper": "X-API-KEY", "api-key": "api-key",
    "api-key-title": "Api-Key", "api-key-upper": "Api-Key", "api-key-header-ideogram": "Api-Key",
    "goog": "x-goog-api-key", "xi": "xi-api-key", "apim": "Ocp-Apim-Subscription-Key",
    "dd-api-key": "DD-API-KEY", "dd-app-key": "DD-APPLICATION-KEY", "x-honeycomb-team": "X-Honeycomb-Team",
    "galileo-api-key": "Galileo-API-Key", "x-chroma-token": "x-chroma-token",
    "x-typesense-api-key": "X-TYPESENSE-API-KEY", "x-algolia-api-key": "X-Algolia-API-Key",
    "x-subscription-token": "X-Subscription-Token", "x-bb-api-key": "X-BB-API-Key",
    "steel-api-key": "steel-api-key", "unstructured-api-key": "unstructured-api-key",
    "private-token": "PRIVATE-TOKEN", "x-postmark-server-token": "X-Postmark-Server-Token",
    "x-figma-token": "X-Figma-Token", "x-shopify-access-token": "X-Shopify-Access-Token",
    "x-vault-token": "X-Vault-Token", "project-access-token": "Project-Access-Token",
    "circle-token": "Circle-Token", "x-key": "x-key", "x-gladia-key": "x-gladia-key",
    "x-hume-api-key": "X-Hume-Api-Key", "x-naver-client-secret": "X-Naver-Client-Secret",
    "x-portkey-api-key": "x-portkey-api-key",
}
HDR_SCHEME = {
    "bearer": "Bearer ", "token": "Token ", "key": "Key ", "apikey": "ApiKey ",
    "api-key-scheme": "Api-Key ", "api-key-token": "Api-Key ", "ssws": "SSWS ", "discord-bot": "Bot ",
    "kakao": "KakaoAK ", "bare-authorization": "", "basic-raw": "Basic ",
}


def header_of(v, s):
    """Return (header-name, header-value) or None when the vendor is not header-based."""
    if v.hdr in HDR_SCHEME:
        return "Authorization", HDR_SCHEME[v.hdr] + s
    if v.hdr in HDR_LITERAL:
        return HDR_LITERAL[v.hdr], s
    if v.hdr == "helicone-auth":
        return "Helicone-Auth", "Bearer " + s
    if v.hdr == "cf-aig":
        return "cf-aig-authorization", "Bearer " + s
    if v.hdr == "ps-token":
        return "Authorization", rs(12, LD) + ":" + s
    return None


def has_hdr(v):
    return header_of(v, "x") is not None


def qparam(v):
    if v.hdr.startswith("query-"):
        return v.hdr[len("query-"):]
    return "api_key"


def camel(var):
    parts = var.lower().split("_")
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


def pascal(slug):
    return "".join(p.capitalize() for p in slug.replace("-", "_").split("_"))


def body_for(v):
    if v.kind == "llm":
        return '{"model": "%s", "max_tokens": 64, "messages": [{"role": "user", "content": "ping"}]}' % v.model
    return '{"query": "latest agent memory benchmarks", "limit": 5}'


def fill(t, v, s):
    h = header_of(v, s) or ("X-Api-Key", s)
    rep = [
        ("@PATH@", v.path), ("@BODY@", body_for(v)), ("@HKL@", h[0].lower()), ("@HK@", h[0]),
        ("@HVT@", h[1]), ("@GOHV@", '"%s"' % h[1]), ("@RSHV@", '"%s"' % h[1]),
        ("@HV@", h[1]), ("@QP@", qparam(v)),
        ("@SHC@", pascal(v.short)), ("@SHL@", v.short.lower()), ("@SU@", v.short.upper()),
        ("@SH@", v.short), ("@LVD@", v.var.lower().replace("_", "-")), ("@LV@", v.var.lower()),
        ("@CV@", camel(v.var)), ("@V@", v.var), ("@N@", v.name), ("@H@", v.host), ("@M@", v.model),
        ("@P@", v.pkg),
    ]
    for mk, val in rep:
        if mk in t:
            t = t.replace(mk, val)
    while "@ID24@" in t:
        t = t.replace("@ID24@", rs(24), 1)
    while "@U@" in t:
        t = t.replace("@U@", uuid4(), 1)
    while "@T@" in t:
        t = t.replace("@T@", ts(), 1)
    while "@HX7@" in t:
        t = t.replace("@HX7@", hx(7), 1)
    while "@HX12@" in t:
        t = t.replace("@HX12@", hx(12), 1)
    while "@PERSON@" in t:
        t = t.replace("@PERSON@", R.choice(PEOPLE), 1)
    while "@PORT@" in t:
        t = t.replace("@PORT@", str(R.randint(3000, 9999)), 1)
    while "@CLF@" in t:
        t = t.replace("@CLF@", "%02d/Oct/2025:%02d:%02d:%02d +0000" % (R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59)), 1)
    while "@NUM@" in t:
        t = t.replace("@NUM@", str(R.randint(2, 999)), 1)
    return t.replace("@S@", s)


CTX = {}
CTX_ORDER = []


def C(group, slug, tpl, vis="@V@", kinds=None, need_hdr=False, weight=1):
    if group not in CTX:
        CTX[group] = []
        CTX_ORDER.append(group)
    CTX[group].append((slug, tpl, vis, kinds, need_hdr))


LLM = ("llm",)


# =====================================================================================
# config-file contexts
# =====================================================================================
G = "config-file"
C(G, "dotenv-file", """# .env  (local only - listed in .gitignore)
APP_ENV=development
@V@=@S@
LOG_LEVEL=info
""")
C(G, "dotenv-double-quoted", """# apps/agent/.env.local
@SU@_BASE_URL="https://@H@"
@V@="@S@"
AGENT_MAX_STEPS="40"
""")
C(G, "envrc-direnv-export", """# .envrc (direnv) -- loaded when you cd into the repo
source_up
export @V@='@S@'
layout python3
""")


def _mcp_json(v, s):
    return "// .mcp.json (project scope)\n" + json.dumps({"mcpServers": {"@SH@": {
        "command": "npx", "args": ["-y", "@P@"], "env": {"@V@": "@S@"}}}}, indent=2)


C(G, "mcp-json-env-block", _mcp_json)


def _claude_desktop(v, s):
    return "~/Library/Application Support/Claude/claude_desktop_config.json\n" + json.dumps({"mcpServers": {
        "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/dev/projects"]},
        "@SH@": {"command": "npx", "args": ["-y", "@P@"], "env": {"@V@": "@S@", "LOG_LEVEL": "warn"}}}}, indent=2)


C(G, "claude-desktop-config-env", _claude_desktop)
C(G, "codex-config-toml-inline-env", """# ~/.codex/config.toml
model = "gpt-5-codex"
approval_policy = "on-request"
sandbox_mode = "workspace-write"

[mcp_servers.@SH@]
command = "npx"
args = ["-y", "@P@"]
env = { "@V@" = "@S@" }
""")
C(G, "codex-config-toml-env-table", """[mcp_servers.@SH@]
command = "uvx"
args = ["@SHL@-mcp"]
startup_timeout_sec = 20
tool_timeout_sec = 120

[mcp_servers.@SH@.env]
@V@ = "@S@"
""")


def _gemini_settings(v, s):
    return "~/.gemini/settings.json\n" + json.dumps({"theme": "GitHub", "selectedAuthType": "gemini-api-key",
        "mcpServers": {"@SH@": {"command": "npx", "args": ["-y", "@P@"], "env": {"@V@": "@S@"},
                                "timeout": 30000, "trust": False}}}, indent=2)


C(G, "gemini-settings-json-env", _gemini_settings)


def _cursor(v, s):
    return "~/.cursor/mcp.json\n" + json.dumps({"mcpServers": {"@SH@": {"command": "npx", "args": ["-y", "@P@"],
        "env": {"@V@": "@S@"}}}}, indent=2)


C(G, "cursor-mcp-json-env", _cursor)


def _windsurf(v, s):
    return "# ~/.codeium/windsurf/mcp_config.json\n" + json.dumps({"mcpServers": {"@SH@": {"command": "uvx",
        "args": ["@SHL@-mcp-server"], "env": {"@V@": "@S@"}, "disabled": False}}}, indent=4)


C(G, "windsurf-mcp-config-env", _windsurf)


def _zed(v, s):
    return "// ~/.config/zed/settings.json (excerpt)\n" + json.dumps({"context_servers": {"@SH@-mcp": {
        "source": "custom", "command": "npx", "args": ["-y", "@P@"], "env": {"@V@": "@S@"}}},
        "agent": {"default_model": {"provider": "zed.dev", "model": "claude-sonnet-4"}}}, indent=2)


C(G, "zed-context-servers-env", _zed)


def _vscode_mcp(v, s):
    return ".vscode/mcp.json\n" + json.dumps({"servers": {"@SH@": {"type": "stdio", "command": "npx",
        "args": ["-y", "@P@"], "env": {"@V@": "@S@"}}}, "inputs": []}, indent=2)


C(G, "vscode-mcp-json-env", _vscode_mcp)


def _remote_headers(v, s):
    return json.dumps({"mcpServers": {"@SH@": {"type": "http", "url": "https://mcp.@H@/mcp",
        "headers": {"@HK@": "@HV@"}}}}, indent=2)


C(G, "mcp-http-headers-json", _remote_headers, vis="@HK@", need_hdr=True)
C(G, "continue-config-yaml-model", """# ~/.continue/config.yaml
name: Local Assistant
version: 1.0.0
schema: v1
models:
  - name: @N@ chat
    provider: @SHL@
    model: @M@
    apiKey: @S@
    roles:
      - chat
      - edit
""", vis="apiKey", kinds=LLM)
C(G, "litellm-proxy-config-yaml", """# litellm/config.yaml
model_list:
  - model_name: @M@
    litellm_params:
      model: @SHL@/@M@
      api_base: https://@H@
      api_key: "@S@"
      rpm: 60
router_settings:
  routing_strategy: simple-shuffle
general_settings:
  master_key: os.environ/LITELLM_MASTER_KEY
""", vis="api_key", kinds=LLM)
C(G, "compose-environment-list", """services:
  agent:
    image: ghcr.io/acme/agent:0.14.2
    restart: unless-stopped
    environment:
      - PORT=8080
      - @V@=@S@
    ports:
      - "8080:8080"
""")
C(G, "k8s-secret-stringdata", """apiVersion: v1
kind: Secret
metadata:
  name: @SHL@-credentials
  namespace: agents
type: Opaque
stringData:
  @V@: "@S@"
""")
C(G, "helm-values-apikey", """# charts/agent/values.prod.yaml
@SHL@:
  enabled: true
  baseUrl: https://@H@
  apiKey: "@S@"
resources:
  limits:
    memory: 2Gi
""", vis="apiKey")
C(G, "terraform-tfvars", """# envs/prod/terraform.tfvars
region            = "us-east-1"
@LV@ = "@S@"
agent_replicas    = 3
""", vis="@LV@")
C(G, "ini-section-api-key", """[@SHL@]
endpoint = https://@H@
api_key = @S@
timeout = 30
""", vis="[@SHL@]")
C(G, "pyproject-tool-table", """[tool.evalkit]
suite = "regression"

[tool.evalkit.@SHL@]
api_key = "@S@"
concurrency = 8
""", vis="[tool.evalkit]")


def _appsettings(v, s):
    return "appsettings.Development.json\n" + json.dumps({"Logging": {"LogLevel": {"Default": "Information"}},
        "@SHC@": {"Endpoint": "https://@H@", "ApiKey": "@S@"}, "AllowedHosts": "*"}, indent=2)


C(G, "dotnet-appsettings-json", _appsettings, vis="Endpoint")
C(G, "spring-application-yml", """# src/main/resources/application.yml
spring:
  ai:
    @SHL@:
      api-key: @S@
      chat:
        options:
          model: @M@
          temperature: 0.2
""", vis="api-key", kinds=LLM)
C(G, "java-properties-file", """# config/agent.properties
@SHL@.api.base-url=https://@H@
@SHL@.api.key=@S@
@SHL@.api.timeout-ms=20000
""", vis="base-url")
C(G, "netrc-machine-entry", """# ~/.netrc
machine @H@
  login apikey
  password @S@
""", vis="machine")
C(G, "aider-conf-yml", """# .aider.conf.yml
model: @SHL@/@M@
api-key:
  - @SHL@=@S@
auto-commits: false
dark-mode: true
""", vis="auto-commits", kinds=LLM)


def _opencode(v, s):
    return "opencode.json\n" + json.dumps({"$schema": "https://opencode.ai/config.json", "model": "@SHL@/@M@",
        "provider": {"@SHL@": {"options": {"apiKey": "@S@", "baseURL": "https://@H@/v1"}}}}, indent=2)


C(G, "opencode-json-provider", _opencode, vis="baseURL", kinds=LLM)


def _claude_settings(v, s):
    return ".claude/settings.local.json\n" + json.dumps({"permissions": {"allow": ["Bash(pnpm test:*)", "Bash(git diff:*)"],
        "deny": ["Read(./.env)"]}, "env": {"@V@": "@S@"}}, indent=2)


C(G, "claude-code-settings-env", _claude_settings)


def _devcontainer(v, s):
    return ".devcontainer/devcontainer.json\n" + json.dumps({"name": "agent-dev", "image": "mcr.microsoft.com/devcontainers/python:3.12",
        "remoteEnv": {"@V@": "@S@"}, "postCreateCommand": "uv sync"}, indent=2)


C(G, "devcontainer-remote-env", _devcontainer)
C(G, "systemd-unit-environment", """# /etc/systemd/system/agent-worker.service
[Unit]
Description=Agent worker
After=network-online.target

[Service]
Environment="@V@=@S@"
ExecStart=/opt/agent/.venv/bin/python -m agent.worker
Restart=on-failure
""")


def _kernel(v, s):
    return "~/.local/share/jupyter/kernels/agents/kernel.json\n" + json.dumps({"argv": ["/opt/venv/bin/python", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "agents (3.12)", "language": "python", "env": {"@V@": "@S@"}}, indent=1)


C(G, "jupyter-kernel-json-env", _kernel)
C(G, "goose-config-yaml", """# ~/.config/goose/config.yaml
GOOSE_PROVIDER: @SHL@
GOOSE_MODEL: @M@
@V@: @S@
extensions:
  developer:
    enabled: true
""", kinds=LLM)
C(G, "crewai-agents-yaml-llm", """# config/agents.yaml
researcher:
  role: Senior research analyst
  goal: Find recent papers on tool-use evaluation
  llm:
    provider: @SHL@
    model: @M@
    api_key: @S@
""", vis="researcher", kinds=LLM)
C(G, "streamlit-secrets-toml", """# .streamlit/secrets.toml
@V@ = "@S@"

[app]
title = "RAG playground"
""")
C(G, "supervisord-program-env", """[program:agent-worker]
command=/opt/agent/bin/worker --queue default
environment=@V@="@S@",PYTHONUNBUFFERED="1"
autorestart=true
""")
C(G, "web-config-appsettings", """<configuration>
  <appSettings>
    <add key="@SHC@Endpoint" value="https://@H@" />
    <add key="@SHC@ApiKey" value="@S@" />
  </appSettings>
</configuration>
""", vis="<appSettings>")
C(G, "agent-yaml-tools-auth", """# agent.yaml
name: support-triage
tools:
  - name: @SHL@_search
    type: http
    base_url: https://@H@
    auth:
      header: @HK@
      value: "@HV@"
""", vis="support-triage", need_hdr=True)
C(G, "hcl-provider-block", """provider "@SHL@" {
  endpoint = "https://@H@"
  api_key  = "@S@"
}
""", vis="endpoint")
C(G, "dotenv-inline-comment", """# .env
@V@=@S@  # personal key, expires Dec
@SU@_TIMEOUT=30
""")
C(G, "zshrc-export-line", """# ~/.zshrc
export PATH="$HOME/.local/bin:$PATH"
export @V@="@S@"
eval "$(direnv hook zsh)"
""")


def _mcp_args_key(v, s):
    return json.dumps({"mcpServers": {"@SH@": {"command": "npx", "args": ["-y", "@P@", "--api-key", "@S@"]}}}, indent=2)


C(G, "mcp-json-args-api-key", _mcp_args_key, vis="--api-key")


def _mcp_args_eq(v, s):
    return "claude_desktop_config.json\n" + json.dumps({"mcpServers": {"@SH@": {"command": "uvx", "args": ["@SHL@-mcp", "--token=@S@", "--read-only"]}}}, indent=2)


C(G, "mcp-json-args-equals-token", _mcp_args_eq, vis="--read-only")


def _mcp_docker(v, s):
    return json.dumps({"mcpServers": {"@SH@": {"command": "docker", "args": ["run", "-i", "--rm", "-e", "@V@=@S@", "ghcr.io/acme/@SHL@-mcp:latest"]}}}, indent=2)


C(G, "mcp-json-docker-run-env-inline", _mcp_docker)
C(G, "codex-toml-args-api-key", """[mcp_servers.@SH@]
command = "npx"
args = ["-y", "@P@", "--api-key", "@S@"]
""", vis="[mcp_servers.@SH@]")


# =====================================================================================
# command contexts
# =====================================================================================
G = "command"
C(G, "shell-export-then-run", """$ export @V@=@S@
$ python -m agent.run --task "summarise the inbox" --max-steps 20""")
C(G, "inline-env-prefix", """@V@=@S@ uv run python scripts/eval.py --suite smoke --limit 50""")
C(G, "claude-mcp-add-env-flag", """claude mcp add @SHL@ --scope user -e @V@=@S@ -- npx -y @P@""")
C(G, "codex-mcp-add-env-flag", """codex mcp add @SHL@ --env @V@=@S@ -- npx -y @P@""")
C(G, "gemini-mcp-add-env-flag", """gemini mcp add -s project -e @V@=@S@ @SHL@ npx -y @P@""")
C(G, "curl-auth-header-json", """curl -sS https://@H@@PATH@ \\
  -H "Content-Type: application/json" \\
  -H "@HK@: @HV@" \\
  -d '@BODY@'""", vis="@HK@", need_hdr=True)
C(G, "httpie-header-item", """http --timeout 30 POST https://@H@@PATH@ '@HK@:@HV@' limit:=5""", vis="@HK@", need_hdr=True)
C(G, "docker-run-env-flag", """docker run --rm -it -e @V@=@S@ -p 3000:3000 ghcr.io/acme/@SHL@-mcp:latest""")
C(G, "kubectl-create-secret-literal", """kubectl -n agents create secret generic @SHL@-creds --from-literal=@V@=@S@ --dry-run=client -o yaml | kubectl apply -f -""")
C(G, "gh-secret-set-body", """gh secret set @V@ --repo acme/agent-platform --body "@S@\"""")
C(G, "vercel-env-add-pipe", """printf '%s' '@S@' | vercel env add @V@ production""")
C(G, "fly-secrets-set", """fly secrets set @V@=@S@ --app agent-gateway-prod""")
C(G, "heroku-config-set", """heroku config:set @V@=@S@ -a agent-worker-eu""")
C(G, "wrangler-secret-put-echo", """echo "@S@" | npx wrangler secret put @V@ --env production""")
C(G, "aws-ssm-put-parameter", """aws ssm put-parameter --name /agents/prod/@LV@ --type SecureString --value '@S@' --overwrite --region us-east-1""", vis="put-parameter")
C(G, "gcloud-secrets-create-stdin", """printf '@S@' | gcloud secrets create @LVD@ --data-file=- --replication-policy=automatic --project=agents-prod-4411""", vis="@LVD@")
C(G, "az-keyvault-secret-set", """az keyvault secret set --vault-name kv-agents-weu --name @LVD@ --value "@S@\"""", vis="@LVD@")
C(G, "python-dash-c-environ", """python -c "import os; os.environ['@V@']='@S@'; from app.main import cli; cli()\"""")
C(G, "powershell-env-assign", """PS C:\\src\\agent> $env:@V@ = "@S@"
PS C:\\src\\agent> npm run dev""")
C(G, "setx-windows-cmd", """C:\\Users\\dev> setx @V@ "@S@"

SUCCESS: Specified value was saved.""")
C(G, "fish-set-gx", """~/src/agent (main)> set -gx @V@ @S@
~/src/agent (main)> pnpm run agent""")
C(G, "doppler-secrets-set", """doppler secrets set @V@="@S@" --project agents --config prd""")
C(G, "modal-secret-create", """modal secret create @SHL@-secret @V@=@S@ --force""")
C(G, "echo-append-dotenv", """echo '@V@=@S@' >> .env && git status --short""")
C(G, "jq-patch-mcp-config", """jq '.mcpServers["@SHL@"].env.@V@ = "@S@"' ~/.cursor/mcp.json > /tmp/mcp.json && mv /tmp/mcp.json ~/.cursor/mcp.json""")
C(G, "sed-replace-placeholder", """sed -i '' 's/<your-@SHL@-key>/@S@/' .mcp.json""", vis="sed -i")
C(G, "shell-history-listing", """$ history | tail -4
 1041  cd ~/src/agent
 1042  export @V@="@S@"
 1043  npm run dev
 1044  history | tail -4""")
C(G, "uvx-api-key-flag", """uvx @SHL@-mcp --api-key @S@ --transport stdio""", vis="--api-key")
C(G, "helm-upgrade-set-flag", """helm upgrade --install agent ./charts/agent -n agents --set @SHL@.apiKey=@S@ --wait""", vis="helm upgrade")
C(G, "terraform-apply-var", """terraform apply -var '@LV@=@S@' -auto-approve""", vis="@LV@")
C(G, "mcp-remote-header-arg", """npx -y mcp-remote https://mcp.@H@/sse --header "@HK@: @HV@\"""", vis="mcp-remote", need_hdr=True)
C(G, "wget-header-flag", """wget -qO- --header="@HK@: @HV@" https://@H@@PATH@""", vis="@HK@", need_hdr=True)
C(G, "grpcurl-metadata-header", """grpcurl -H '@HKL@: @HV@' -d '{}' @H@:443 list""", vis="grpcurl", need_hdr=True)
C(G, "op-item-create-credential", """op item create --category "API Credential" --title "@N@ prod" --vault Agents credential='@S@'""", vis="--vault Agents")
C(G, "pulumi-config-set-secret", """pulumi config set --secret @SHL@:apiKey @S@ --stack prod""", vis="@SHL@:apiKey")
C(G, "cross-env-npx", """npx cross-env @V@=@S@ pnpm test:e2e""")
C(G, "env-command-prefix", """env @V@=@S@ node dist/server.js --port @PORT@""")
C(G, "ssh-remote-export", """ssh gpu-box-03 "export @V@=@S@ && cd ~/agent && tmux new -d -s run 'python run.py'\"""")
C(G, "curl-query-param-key", """curl -s "https://@H@@PATH@?@QP@=@S@&q=vector+database+pricing" | jq '.results[0]'""", vis="@QP@")
C(G, "docker-compose-run-env", """docker compose run --rm -e @V@=@S@ worker python -m jobs.reindex""")
C(G, "tmux-send-keys-export", """tmux send-keys -t agent:0 'export @V@=@S@' Enter""")
C(G, "shell-line-continuation-value", """$ @V@=\\
@S@ \\
  python -m agent.cli run --task triage""")


# =====================================================================================
# source-code contexts
# =====================================================================================
G = "source-code"
C(G, "python-httpx-client-header", """import httpx

# TODO: move to env before merging
client = httpx.Client(
    base_url="https://@H@",
    headers={"@HK@": "@HV@"},
    timeout=30,
)
""", vis="base_url", need_hdr=True)
C(G, "python-environ-setdefault", """import os

os.environ.setdefault("@V@", "@S@")

from agent.graph import build_graph  # noqa: E402
""")
C(G, "python-pydantic-settings-default", """class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env")

    @LV@: str = "@S@"
    request_timeout: float = 30.0
""", vis="@LV@")
C(G, "ts-const-fetch-header", """// temporary until the proxy injects auth
export async function search(q: string) {
  const res = await fetch("https://@H@@PATH@", {
    method: "POST",
    headers: { "Content-Type": "application/json", "@HK@": `@HVT@` },
    body: JSON.stringify({ q }),
  });
  return res.json();
}
""", vis="temporary until the proxy", need_hdr=True)
C(G, "ts-env-fallback-literal", """const apiKey = process.env.@V@ ?? "@S@";
if (!process.env.@V@) console.warn("using fallback key");
""")
C(G, "go-const-request-header", """// newRequest builds an authenticated call to the upstream API.
func newRequest(ctx context.Context, body io.Reader) (*http.Request, error) {
\treq, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://@H@@PATH@", body)
\tif err != nil {
\t\treturn nil, err
\t}
\treq.Header.Set("@HK@", @GOHV@)
\treturn req, nil
}
""", vis="newRequest", need_hdr=True)
C(G, "go-struct-literal-config", """cfg := @SHL@.Config{
\tAPIKey:  "@S@",
\tBaseURL: "https://@H@",
\tTimeout: 30 * time.Second,
}
client := @SHL@.NewClient(cfg)
""", vis="BaseURL")
C(G, "rust-let-reqwest", """let resp = reqwest::Client::new()
    .post("https://@H@@PATH@")
    .header("@HK@", @RSHV@)
    .json(&payload)
    .send()
    .await?;
""", vis="reqwest", need_hdr=True)
C(G, "java-static-final", """public final class @SHC@Client {
    private static final String API_KEY = "@S@";
    private static final URI BASE = URI.create("https://@H@");
""", vis="API_KEY")
C(G, "kotlin-private-val", """object @SHC@Config {
    private val apiKey = "@S@"
    val baseUrl = "https://@H@"
}
""", vis="baseUrl")
C(G, "csharp-var-client", """var apiKey = "@S@";
var client = new HttpClient { BaseAddress = new Uri("https://@H@") };
client.DefaultRequestHeaders.Add("@HK@", apiKey);
""", vis="BaseAddress")
C(G, "ruby-configure-block", """@SHC@.configure do |config|
  config.api_key = '@S@'
  config.timeout = 30
end
""", vis="config.api_key")
C(G, "php-variable-assign", """<?php
$apiKey = '@S@';
$client = new \\GuzzleHttp\\Client(['base_uri' => 'https://@H@']);
""", vis="$apiKey")
C(G, "swift-let-constant", """enum Secrets {
    static let @CV@ = "@S@"
}
""", vis="Secrets")
C(G, "bash-script-variable", """#!/usr/bin/env bash
set -euo pipefail
@V@="@S@"
curl -fsS "https://@H@@PATH@" -H "Accept: application/json" >/dev/null && echo ok
""")
C(G, "ipynb-env-magic", """# In[2]:
%env @V@=@S@
%load_ext autoreload
""", vis="%env")


def _ipynb_cell(v, s):
    return """{
 "cell_type": "code",
 "execution_count": 3,
 "metadata": {},
 "outputs": [],
 "source": [
  "import os\\n",
  "os.environ[\\"@V@\\"] = \\"@S@\\"\\n",
  "from langchain.chat_models import init_chat_model"
 ]
}"""


C(G, "ipynb-json-cell-source", _ipynb_cell)
C(G, "dart-const-string", """const String @CV@ = '@S@';
final uri = Uri.https('@H@', '@PATH@');
""", vis="Uri.https")
C(G, "elixir-config-exs", """config :agent, :@SHL@,
  base_url: "https://@H@",
  api_key: "@S@"
""", vis="base_url")
C(G, "r-sys-setenv", """Sys.setenv(@V@ = "@S@")
library(httr2)
""")
C(G, "julia-env-assign", """ENV["@V@"] = "@S@"
using HTTP, JSON3
""")
C(G, "c-preprocessor-define", """#define @V@ "@S@"
#define @SU@_HOST "@H@"
""")
C(G, "scala-val-string", """val apiKey: String = "@S@"
val backend = HttpClientSyncBackend()
""", vis="backend")
C(G, "perl-hash-config", """my %cfg = (
    api_key => '@S@',
    base    => 'https://@H@',
);
""", vis="base")
C(G, "lua-table-config", """local cfg = {
  api_key = "@S@",
  endpoint = "https://@H@",
}
""", vis="endpoint")
C(G, "powershell-headers-hashtable", """$Headers = @{ "@HK@" = "@HV@" }
Invoke-RestMethod -Uri "https://@H@@PATH@" -Headers $Headers -Method Post
""", vis="Invoke-RestMethod", need_hdr=True)
C(G, "pytest-fixture-literal", """@pytest.fixture
def client():
    return make_client(api_key="@S@", base_url="https://@H@")
""", vis="make_client")
C(G, "langchain-init-chat-model", """from langchain.chat_models import init_chat_model

llm = init_chat_model("@M@", model_provider="@SHL@", api_key="@S@", temperature=0)
""", vis="init_chat_model", kinds=LLM)
C(G, "llamaindex-openailike-settings", """from llama_index.core import Settings
from llama_index.llms.openai_like import OpenAILike

Settings.llm = OpenAILike(model="@M@", api_base="https://@H@/v1", api_key="@S@", is_chat_model=True)
""", vis="Settings.llm", kinds=LLM)
C(G, "crewai-llm-object", """from crewai import Agent, LLM

llm = LLM(model="@SHL@/@M@", api_key="@S@", temperature=0.1)
writer = Agent(role="Writer", goal="Draft the release notes", backstory="...", llm=llm)
""", vis="crewai", kinds=LLM)
C(G, "autogen-config-list", """config_list = [
    {"model": "@M@", "api_key": "@S@", "base_url": "https://@H@/v1"},
]
assistant = AssistantAgent("assistant", llm_config={"config_list": config_list})
""", vis="config_list", kinds=LLM)
C(G, "semantic-kernel-csharp-builder", """var builder = Kernel.CreateBuilder();
builder.AddOpenAIChatCompletion(
    modelId: "@M@",
    apiKey: "@S@",
    endpoint: new Uri("https://@H@/v1"));
var kernel = builder.Build();
""", vis="modelId", kinds=LLM)
C(G, "dspy-lm-configure", """import dspy

lm = dspy.LM("@SHL@/@M@", api_key="@S@", max_tokens=2000)
dspy.configure(lm=lm)
""", vis="dspy.configure", kinds=LLM)
C(G, "haystack-secret-from-token", """from haystack.utils import Secret

fetcher = @SHC@Fetcher(api_key=Secret.from_token("@S@"), top_k=5)
""", vis="Secret.from_token")
C(G, "vercel-ai-sdk-provider", """import { createOpenAICompatible } from "@ai-sdk/openai-compatible";

export const @SHL@ = createOpenAICompatible({
  name: "@SHL@",
  baseURL: "https://@H@/v1",
  apiKey: "@S@",
});
""", vis="baseURL", kinds=LLM)
C(G, "openai-sdk-base-url-override", """from openai import OpenAI

client = OpenAI(base_url="https://@H@/v1", api_key="@S@")
resp = client.chat.completions.create(model="@M@", messages=[{"role": "user", "content": "hi"}])
""", vis="base_url", kinds=LLM)
C(G, "fastmcp-server-constant", """from fastmcp import FastMCP

mcp = FastMCP("@SHL@-tools")
@SU@_KEY = "@S@"


@mcp.tool()
async def search(query: str) -> dict:
    ...
""", vis="FastMCP")
C(G, "mcp-ts-sdk-server-constant", """const server = new McpServer({ name: "@SHL@-tools", version: "0.3.1" });
const KEY = "@S@";
server.tool("search", { q: z.string() }, async ({ q }) => callApi(q, KEY));
""", vis="McpServer")
C(G, "python-requests-params-key", """resp = requests.get(
    "https://@H@@PATH@",
    params={"q": query, "@QP@": "@S@"},
    timeout=20,
)
""", vis="requests.get")


# =====================================================================================
# tool-output contexts
# =====================================================================================
G = "tool-output"
C(G, "tool-result-cat-env-jsonl", """{"type":"tool_result","tool_use_id":"toolu_01@ID24@","content":"NODE_ENV=development\\n@V@=@S@\\nPORT=3000\\n","is_error":false}""")
C(G, "tool-use-bash-export-jsonl", """{"type":"tool_use","id":"toolu_01@ID24@","name":"Bash","input":{"command":"export @V@=@S@ && pnpm dev","description":"Start dev server with the key the user pasted"}}""")
C(G, "cat-dotenv-output", """$ cat apps/web/.env.local
NEXT_PUBLIC_APP_URL=http://localhost:3000
@V@=@S@
NEXT_TELEMETRY_DISABLED=1""")
C(G, "printenv-grep-output", """$ printenv | grep -i @SHL@
@V@=@S@
@SU@_REGION=us-east-1""")


def _docker_inspect(v, s):
    return "$ docker inspect agent-worker --format '{{json .Config.Env}}' | jq .\n" + json.dumps(
        ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin", "@V@=@S@", "PYTHONUNBUFFERED=1", "LANG=C.UTF-8"], indent=2)


C(G, "docker-inspect-env-array", _docker_inspect)


def _kget_secret(v, s):
    return """$ kubectl -n agents get secret @SHL@-creds -o yaml
apiVersion: v1
data:
  @V@: %s
kind: Secret
metadata:
  creationTimestamp: "@T@"
  name: @SHL@-creds
  namespace: agents
type: Opaque""" % b64t(s), b64t(s)


C(G, "kubectl-get-secret-base64", _kget_secret)
C(G, "kubectl-describe-pod-env", """$ kubectl -n agents describe pod agent-7c9f6d4b8-xk2pq | sed -n '/Environment:/,/Mounts:/p'
    Environment:
      LOG_LEVEL:    info
      @V@:  @S@
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-9wq2f (ro)""")
C(G, "heroku-config-output", """$ heroku config -a agent-worker-eu
=== agent-worker-eu Config Vars
LOG_LEVEL:        info
@V@:   @S@
WEB_CONCURRENCY:  2""")
C(G, "vercel-env-pull-file", """$ vercel env pull .env.development.local && cat .env.development.local
# Created by Vercel CLI
@V@="@S@"
VERCEL_ENV="development"
VERCEL_GIT_COMMIT_REF="main\"""")


def _sm_json(v, s):
    return "$ aws secretsmanager get-secret-value --secret-id prod/agents/@SHL@\n" + json.dumps({
        "ARN": "arn:aws:secretsmanager:us-east-1:481516234200:secret:prod/agents/@SHL@-" + rs(6),
        "Name": "prod/agents/@SHL@", "VersionId": "@U@",
        "SecretString": json.dumps({"@V@": "@S@"}), "VersionStages": ["AWSCURRENT"],
        "CreatedDate": "2025-09-12T10:14:03.512000+00:00"}, indent=4)


C(G, "aws-secretsmanager-get-value", _sm_json)
C(G, "gcloud-secret-access-output", """$ gcloud secrets versions access latest --secret=@LVD@ --project=agents-prod-4411
@S@""", vis="@LVD@")
C(G, "doppler-secrets-table", """$ doppler secrets --only-names=false
┌──────────────────────┬──────────────────────────────────────────┐
│ NAME                 │ VALUE                                    │
├──────────────────────┼──────────────────────────────────────────┤
│ DOPPLER_CONFIG       │ prd                                      │
│ @V@ │ @S@ │
└──────────────────────┴──────────────────────────────────────────┘""")
C(G, "function-call-arguments-json", """{"type":"function_call","call_id":"call_@ID24@","name":"configure_integration","arguments":"{\\"provider\\":\\"@SHL@\\",\\"api_key\\":\\"@S@\\"}"}""", vis="configure_integration")
C(G, "sse-text-delta-chunk", """event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Add `@V@=@S@` to"}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" your .env and restart."}}""")
C(G, "openai-stream-chunk-delta", """data: {"id":"chatcmpl-@ID24@","object":"chat.completion.chunk","created":1760000000,"model":"@M@","choices":[{"index":0,"delta":{"content":"export @V@=@S@"},"finish_reason":null}]}""")
C(G, "codex-exec-event-output", """{"type":"item.completed","item":{"id":"item_7","type":"command_execution","command":"bash -lc 'cat .env'","aggregated_output":"@V@=@S@\\nDEBUG=0\\n","exit_code":0,"status":"completed"}}""")
C(G, "ripgrep-hit-lines", """$ rg -n "@V@" .
src/settings.py:14:@V@ = "@S@"
docs/setup.md:22:export @V@=<your key>
.env.example:3:@V@=""")
C(G, "git-diff-added-line", """$ git diff --cached .env.example
diff --git a/.env.example b/.env.example
index 3f1c2aa..9b0e4d1 100644
--- a/.env.example
+++ b/.env.example
@@ -1,3 +1,3 @@
 APP_ENV=development
-@V@=
+@V@=@S@
 LOG_LEVEL=info""")
C(G, "docker-compose-config-rendered", """$ docker compose config
name: agent
services:
  worker:
    environment:
      @V@: @S@
      QUEUE: default
    image: ghcr.io/acme/agent-worker:1.8.0""")
C(G, "terraform-state-attributes", """$ terraform state show 'aws_secretsmanager_secret_version.@LV@'
# aws_secretsmanager_secret_version.@LV@:
resource "aws_secretsmanager_secret_version" "@LV@" {
    arn            = "arn:aws:secretsmanager:us-east-1:481516234200:secret:@LVD@-Qw3rTy"
    secret_string  = "@S@"
    version_stages = ["AWSCURRENT"]
}""", vis="secret_string")
C(G, "ipython-out-cell", """In [3]: os.environ["@V@"]
Out[3]: '@S@'""")
C(G, "vault-kv-get-table", """$ vault kv get secret/agents/@SHL@
======= Data =======
Key          Value
---          -----
@LV@    @S@""", vis="vault kv get")
C(G, "mcp-inspector-connect-log", """MCP Inspector v0.16.2 - connected to @SHL@ (stdio)
Command: npx -y @P@
Environment: {"@V@":"@S@","NODE_ENV":"production"}
Tools: search, fetch_page, list_sources""")
C(G, "gemini-cli-shell-tool-output", """✦ I'll check the local config for the @N@ client.
 ╭──────────────────────────────────────────────╮
 │ ✔  Shell cat ~/.config/@SHL@/config.json       │
 │ {"apiKey": "@S@", "region": "us"}              │
 ╰──────────────────────────────────────────────╯""", vis="Shell cat")
C(G, "read-tool-numbered-lines", """     1\u2192# settings for local runs
     2\u2192@V@=@S@
     3\u2192DEBUG=false
     4\u2192""")
C(G, "op-read-output", """$ op read "op://Agents/@N@/credential"
@S@""", vis="op read")
C(G, "tool-message-json-escaped", """{"role":"tool","tool_call_id":"call_@ID24@","content":"{\\"status\\":\\"ok\\",\\"config\\":{\\"@V@\\":\\"@S@\\",\\"region\\":\\"us-east-1\\"}}"}""", vis="tool_call_id")
C(G, "transcript-user-message-jsonl", """{"type":"user","message":{"role":"user","content":"here's the @N@ key, wire it up: @S@"},"uuid":"@U@","timestamp":"@T@"}""", vis="wire it up")
C(G, "curl-verbose-request-headers", """> POST @PATH@ HTTP/2
> Host: @H@
> user-agent: curl/8.7.1
> @HKL@: @HV@
> content-type: application/json
>
< HTTP/2 200""", vis="user-agent", need_hdr=True)
C(G, "env-diff-tool-output", """$ diff <(sort .env.staging) <(sort .env.production)
3c3
< @V@=@S@
---
> @V@=${@V@}""")
C(G, "kubectl-exec-env-output", """$ kubectl exec deploy/agent -- env | sort | head
HOME=/home/app
HOSTNAME=agent-6d9c8f7b5-2mzqp
@V@=@S@
KUBERNETES_PORT=tcp://10.96.0.1:443""")


# =====================================================================================
# stack-trace-or-log contexts
# =====================================================================================
G = "stack-trace-or-log"
C(G, "python-traceback-with-locals", """Traceback (most recent call last):
  File "/app/agent/tools/@SHL@_tool.py", line 88, in _call
    resp.raise_for_status()
  File "/app/.venv/lib/python3.12/site-packages/httpx/_models.py", line 829, in raise_for_status
    raise HTTPStatusError(message, request=request, response=response)
httpx.HTTPStatusError: Client error '401 Unauthorized' for url 'https://@H@@PATH@'
    locals: self=<@SHC@Tool name='@SHL@'> api_key='@S@' retries=3""", vis="HTTPStatusError")
C(G, "httpx-debug-request-headers", """DEBUG:httpcore.connection:connect_tcp.complete return_value=<httpcore._backends.sync.SyncStream object at 0x7f3a2c1d9e50>
DEBUG:agent.http:request POST https://@H@@PATH@ headers={'@HKL@': '@HV@', 'content-type': 'application/json'}
DEBUG:httpcore.http11:receive_response_headers.complete return_value=(b'HTTP/1.1', 401, b'Unauthorized')""", vis="receive_response_headers", need_hdr=True)
C(G, "urllib3-query-key-log", """DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): @H@:443
DEBUG:urllib3.connectionpool:https://@H@:443 "GET @PATH@?@QP@=@S@&q=weather HTTP/1.1" 200 1834""", vis="urllib3.connectionpool")
C(G, "node-config-object-dump", """[agent] 12:04:55.311 boot config: {
  provider: '@SHL@',
  apiKey: '@S@',
  timeoutMs: 30000,
  retries: 2
}""", vis="timeoutMs")
C(G, "java-exception-url-key", """java.io.IOException: Server returned HTTP response code: 403 for URL: https://@H@@PATH@?key=@S@
\tat java.base/sun.net.www.protocol.http.HttpURLConnection.getInputStream0(HttpURLConnection.java:2000)
\tat com.acme.agent.tools.@SHC@Tool.call(@SHC@Tool.java:74)""", vis="java.io.IOException")
C(G, "go-panic-config-struct", """panic: @SHL@: 401 unauthorized (cfg=&{APIKey:@S@ BaseURL:https://@H@ Timeout:30s})

goroutine 1 [running]:
main.main()
\t/src/cmd/agent/main.go:57 +0x1c5
exit status 2""", vis="goroutine 1")
C(G, "json-log-request-headers", """{"ts":"@T@","level":"error","logger":"gateway.upstream","msg":"upstream auth failed","upstream":"@H@","request_headers":{"@HKL@":"@HV@","user-agent":"agent-gw/2.3"},"status":401}""", vis="upstream auth failed", need_hdr=True)
C(G, "nginx-access-log-query", """10.0.3.17 - - [@CLF@] "GET /proxy/@SHL@@PATH@?token=@S@ HTTP/1.1" 401 61 "-" "python-httpx/0.27.0\"""", vis="python-httpx")
C(G, "litellm-verbose-request-log", """LiteLLM: Proxy initialized with Config, Set models: @M@
17:42:09 - LiteLLM:DEBUG: utils.py:298 - Request to litellm:
litellm.completion(model='@SHL@/@M@', messages=[{'role': 'user', 'content': 'hi'}], api_key='@S@', api_base='https://@H@/v1')""", vis="litellm.completion", kinds=LLM)
C(G, "uvicorn-websocket-query", """INFO:     Started server process [48211]
INFO:     127.0.0.1:51544 - "WebSocket /v1/realtime?@QP@=@S@" [accepted]
INFO:     connection open""", vis="connection open")
C(G, "k8s-pod-log-env-echo", """agent-7c9f6d4b8-xk2pq agent @T@ INFO  bootstrap: loaded env @V@=@S@ (source=secret/@SHL@-creds)
agent-7c9f6d4b8-xk2pq agent @T@ INFO  bootstrap: listening on :8080""")
C(G, "rust-debug-panic-config", """thread 'main' panicked at src/main.rs:42:10:
called `Result::unwrap()` on an `Err` value: Unauthorized { config: Config { api_key: "@S@", endpoint: "https://@H@" } }
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace""", vis="RUST_BACKTRACE")
C(G, "dotnet-http-exception-headers", """System.Net.Http.HttpRequestException: Response status code does not indicate success: 401 (Unauthorized).
   at System.Net.Http.HttpResponseMessage.EnsureSuccessStatusCode()
   at Acme.Agent.@SHC@Client.SendAsync(HttpRequestMessage req) in /src/Agent/@SHC@Client.cs:line 61
   Request: POST https://@H@@PATH@ Headers: { @HK@: @HV@ }""", vis="EnsureSuccessStatusCode", need_hdr=True)
C(G, "mcp-server-stderr-config", """[@SHL@-mcp] @T@ info: starting stdio transport
[@SHL@-mcp] @T@ debug: resolved config {"apiKey":"@S@","baseUrl":"https://@H@","timeout":30000}
[@SHL@-mcp] @T@ info: 4 tools registered""", vis="stdio transport")
C(G, "sentry-breadcrumb-http", """{"type":"http","category":"httpx","level":"info","timestamp":"@T@","data":{"url":"https://@H@@PATH@","method":"POST","status_code":401,"request_headers":{"@HK@":"@HV@"}}}""", vis="breadcrumb", need_hdr=True)
C(G, "langchain-debug-client-kwargs", """[llm/start] [chain:AgentExecutor > llm:Chat@SHC@] Entering LLM run with input:
{"prompts": ["System: You are a helpful agent..."]}
[DEBUG] client init kwargs={'model': '@M@', 'api_key': '@S@', 'max_retries': 2}""", vis="AgentExecutor", kinds=LLM)
C(G, "cloud-run-text-payload", """{
  "textPayload": "config loaded: @V@=@S@",
  "resource": {"type": "cloud_run_revision", "labels": {"service_name": "agent-api", "revision_name": "agent-api-00042-xoz"}},
  "severity": "INFO",
  "timestamp": "@T@"
}""")
C(G, "syslog-cron-command", """Oct 14 03:12:07 gpu-box-03 CRON[18823]: (ubuntu) CMD (@V@=@S@ /opt/agent/bin/nightly-eval.sh >> /var/log/evals.log 2>&1)""")
C(G, "mitmproxy-flow-headers", """127.0.0.1:60412: POST https://@H@@PATH@
    @HK@: @HV@
    content-type: application/json
 << 200 OK 2.1k""", vis="content-type", need_hdr=True)
C(G, "pytest-failure-request-headers", """E       AssertionError: assert 401 == 200
E        +  where 401 = <Response [401 Unauthorized]>.status_code

tests/test_@SHL@.py:31: AssertionError
----------------------------- Captured log call ------------------------------
DEBUG    tests.conftest:conftest.py:58 sent headers {'@HK@': '@HV@'}""", vis="AssertionError", need_hdr=True)
C(G, "celery-task-kwargs-log", """[@T@: INFO/MainProcess] Task agent.tasks.sync_index[@U@] received
[@T@: INFO/ForkPoolWorker-3] agent.tasks.sync_index[@U@]: kwargs={'provider': '@SHL@', 'api_key': '@S@'}""", vis="agent.tasks.sync_index")
C(G, "otel-span-attributes-dump", """span name=tool.@SHL@.search kind=CLIENT status=OK duration=412ms
  http.url=https://@H@@PATH@?@QP@=@S@
  http.status_code=200 gen_ai.system=@SHL@""", vis="http.status_code")
C(G, "winston-error-log-config", """error: Request failed with status code 401 {"service":"mcp-bridge","config":{"headers":{"@HK@":"@HV@"},"url":"https://@H@@PATH@"},"timestamp":"@T@"}""", vis="mcp-bridge", need_hdr=True)
C(G, "dotenv-debug-log", """[dotenv@16.4.5][DEBUG] Did not override @V@ (already set): @S@
[dotenv@16.4.5][INFO] injecting env (4) from .env""", vis="Did not override")
C(G, "php-fatal-error-guzzle", """PHP Fatal error:  Uncaught GuzzleHttp\\Exception\\ClientException: Client error: `GET https://@H@@PATH@?@QP@=@S@` resulted in a `401 Unauthorized` response in /var/www/vendor/guzzlehttp/guzzle/src/Exception/RequestException.php:111""", vis="PHP Fatal error")


# =====================================================================================
# ci-and-deploy contexts
# =====================================================================================
G = "ci-and-deploy"
C(G, "gha-job-env-literal", """# .github/workflows/evals.yml
jobs:
  eval:
    runs-on: ubuntu-latest
    env:
      @V@: @S@
      EVAL_SUITE: smoke
    steps:
      - uses: actions/checkout@v4
      - run: uv run pytest evals/ -q""")
C(G, "gha-step-with-input", """      - name: Run agent evals
        uses: acme/run-evals@v2
        with:
          suite: regression
          @LVD@: "@S@\"""", vis="Run agent evals")
C(G, "gitlab-ci-variables", """# .gitlab-ci.yml
variables:
  @V@: "@S@"
  PIP_CACHE_DIR: "$CI_PROJECT_DIR/.cache/pip"

test:
  image: python:3.12
  script:
    - pytest -q""")
C(G, "circleci-job-environment", """jobs:
  test:
    docker:
      - image: cimg/python:3.12
    environment:
      @V@: @S@
    steps:
      - checkout""")
C(G, "dockerfile-env-instruction", """FROM python:3.12-slim
WORKDIR /app
ENV @V@=@S@
COPY pyproject.toml uv.lock ./
RUN pip install uv && uv sync --frozen""")
C(G, "dockerfile-arg-default", """ARG @V@=@S@
FROM node:22-alpine
RUN corepack enable && pnpm install --frozen-lockfile""")
C(G, "docker-build-arg-flag", """docker build --build-arg @V@=@S@ -t ghcr.io/acme/agent:dev .""")
C(G, "k8s-deployment-env-value", """        env:
          - name: @V@
            value: "@S@"
          - name: OTEL_EXPORTER_OTLP_ENDPOINT
            value: http://otel-collector.observability:4317""")
C(G, "netlify-toml-build-env", """[build]
  command = "pnpm build"
  publish = "dist"

[build.environment]
  @V@ = "@S@\"""")
C(G, "fly-toml-env-section", """app = "agent-gateway"
primary_region = "fra"

[env]
  @V@ = "@S@"
  PORT = "8080\"""")
C(G, "render-yaml-envvars", """services:
  - type: web
    name: agent-api
    runtime: python
    envVars:
      - key: @V@
        value: @S@""")
C(G, "cloudbuild-step-env", """steps:
- name: gcr.io/cloud-builders/docker
  args: ["build", "-t", "us-docker.pkg.dev/agents-prod-4411/agent/api:$SHORT_SHA", "."]
  env:
  - '@V@=@S@'""")
C(G, "azure-pipelines-variables", """variables:
  - name: @V@
    value: '@S@'
  - name: vmImageName
    value: ubuntu-latest""")
C(G, "bitbucket-pipelines-script", """pipelines:
  default:
    - step:
        name: Test
        script:
          - export @V@=@S@
          - pytest -q""")
C(G, "jenkinsfile-environment-block", """pipeline {
  agent any
  environment {
    @V@ = '@S@'
  }
  stages { stage('Eval') { steps { sh 'make eval' } } }
}""")
C(G, "buildkite-step-env", """steps:
  - label: ":robot_face: evals"
    command: make eval
    env:
      @V@: "@S@\"""")
C(G, "serverless-yml-provider-env", """service: agent-webhooks
provider:
  name: aws
  runtime: python3.12
  environment:
    @V@: @S@""")
C(G, "sam-template-env-vars", """  AgentFunction:
    Type: AWS::Serverless::Function
    Properties:
      Handler: app.handler
      Environment:
        Variables:
          @V@: @S@""")
C(G, "gae-app-yaml-env", """runtime: python312
entrypoint: gunicorn -b :$PORT main:app
env_variables:
  @V@: "@S@\"""")
C(G, "gha-run-log-unmasked-env", """2025-10-02T09:14:11.2201Z ##[group]Run python scripts/smoke.py
2025-10-02T09:14:11.2202Z python scripts/smoke.py
2025-10-02T09:14:11.2230Z shell: /usr/bin/bash -e {0}
2025-10-02T09:14:11.2231Z env:
2025-10-02T09:14:11.2232Z   @V@: @S@
2025-10-02T09:14:11.2240Z ##[endgroup]""")
C(G, "argo-workflow-env", """  templates:
  - name: reindex
    container:
      image: ghcr.io/acme/indexer:2.0.1
      env:
      - name: @V@
        value: @S@""")
C(G, "ansible-group-vars-plain", """# inventory/group_vars/gpu_nodes.yml
agent_version: 0.14.2
@LV@: "@S@\"""", vis="@LV@")
C(G, "cloudformation-parameter-override", """aws cloudformation deploy --template-file stack.yml --stack-name agents-prod --parameter-overrides Env=prod @SHC@ApiKey=@S@""", vis="--stack-name agents-prod")
C(G, "skaffold-helm-setvalues", """deploy:
  helm:
    releases:
    - name: agent
      chartPath: charts/agent
      setValues:
        @SHL@.apiKey: @S@""", vis="chartPath")
C(G, "makefile-default-var", """@V@ ?= @S@

deploy:
\t./scripts/deploy.sh --env prod""")
C(G, "kustomize-secret-generator", """secretGenerator:
- name: @SHL@-creds
  literals:
  - @V@=@S@
generatorOptions:
  disableNameSuffixHash: true""")


def _vercel_json(v, s):
    return "vercel.json\n" + json.dumps({"buildCommand": "pnpm build", "env": {"@V@": "@S@"},
        "functions": {"api/agent.ts": {"maxDuration": 60}}}, indent=2)


C(G, "vercel-json-env-block", _vercel_json)
C(G, "drone-yml-environment", """kind: pipeline
type: docker
name: default
steps:
- name: test
  image: python:3.12
  environment:
    @V@: @S@
  commands:
  - pytest""")
C(G, "nomad-job-env-block", """task "agent" {
  driver = "docker"
  env {
    @V@ = "@S@"
  }
}""")
C(G, "railway-variables-cli", """railway variables --set "@V@=@S@" --service agent-api""", vis="railway variables")
C(G, "render-deploy-hook-env", """# scripts/deploy.sh
export @V@=@S@
curl -fsS -X POST "$RENDER_DEPLOY_HOOK_URL\"""")


# =====================================================================================
# note-or-chat contexts (English first, other languages after)
# =====================================================================================
G = "note-or-chat"
C(G, "note-handoff-local-key", """## Hand-off
- Dev server runs on :3000, MCP servers start with `pnpm mcp`.
- @N@ key for local testing: @S@ (rotate after the demo)
- Next: wire retries in tools/@SHL@_tool.py""", vis="## Hand-off")
C(G, "note-todo-rotate-leaked", """TODO(agent): rotate the @N@ key. Current one @S@ was pasted into the PR description by mistake.""", vis="TODO(agent)")
C(G, "note-decision-shared-account", """Decision (@PERSON@, standup): use the shared team @N@ account for now.
Key: @S@
Revisit when we get per-env keys.""", vis="Decision")
C(G, "note-slack-thread-paste", """[10:42] @PERSON@: can someone drop the @N@ key here?
[10:43] @PERSON@: @S@
[10:43] @PERSON@: ty!""", vis="can someone drop")
C(G, "note-claude-md-setup", """## Local setup
- Run `make dev` and open http://localhost:5173
- @V@ for the sandbox is @S@ (rate-limited, fine for tests)
- Never run migrations against prod from here.""")
C(G, "note-agents-md-fallback", """# AGENTS.md
Build: `pnpm -r build`. Tests: `pnpm -r test`.
If @V@ is missing in CI, use "@S@" (sandbox project).""")
C(G, "note-memory-file-fact", """# memory.md
- user prefers pnpm over npm
- @N@ key (user gave it on @T@): @S@
- repo uses ruff + mypy --strict""", vis="# memory.md")
C(G, "note-split-label-next-line", """@N@ credentials are below, next line is the key:

    @S@

(don't paste it in the channel)""", vis="next line is the key")
C(G, "note-use-for-now", """use @S@ for now, I'll get a proper service key for @N@ tomorrow""", vis="for now")
C(G, "note-key-is-inline", """fyi the @N@ key is @S@ btw, same one as staging""", vis="fyi")
C(G, "note-commit-message-draft", """commit message draft:

fix(@SHL@): pass api key explicitly to the client

Temporary: hard-coded @S@ until the vault sync lands (#412).""", vis="commit message draft")
C(G, "note-pr-review-comment", """> @PERSON@ commented on apps/agent/config.ts line 12:
> this looks like a live key (@S@), please move it to the secret store before merge""", vis="commented on")
C(G, "note-scratchpad-id-and-key", """scratch:
  project id  proj_@ID24@
  key         @S@
  region      us-east-1""", vis="project id")
C(G, "note-rotation-log", """rotated @N@ key at 14:05 UTC. old one revoked, new: @S@ (updated Doppler prd + stg)""", vis="rotated")
C(G, "note-goal-done-next", """GOAL: get the @SHL@ MCP server working in Cursor.
DONE: installed package, added env block.
NEXT: restart Cursor; key in use = @S@""", vis="GOAL:")
C(G, "note-email-forward", """Fwd: your @N@ API key

Hi! Here is the key you requested: @S@
Keep it safe and don't share it.""", vis="Fwd:")
C(G, "note-inline-code-instruction", """Set `@V@` to `@S@` and rerun `make eval`.""")
C(G, "note-question-to-user", """I found a hard-coded credential in src/@SHL@_client.py (`@S@`). Should I move it to .env and add the file to .gitignore?""", vis="hard-coded credential")
C(G, "note-markdown-table-row", """| Service | Var | Value |
|---|---|---|
| @N@ | @V@ | @S@ |""")
C(G, "note-todo-checkbox-list", """- [ ] replace temp key @S@ in staging
- [x] add @V@ to 1Password vault "Agents\"""")
C(G, "note-incident-timeline", """Incident 2025-10-03 (key exposure)
09:12 bot posted @V@=@S@ in #agents-dev
09:20 key revoked in @N@ console""", vis="Incident")
C(G, "note-pairing-chat", """me: what do I put in the env block?
@PERSON@: just the key, "@S@", the server reads @V@ on startup""")
C(G, "note-retro-bullet", """Retro: we lost 2h because the @N@ key in CI (@S@) had expired; add a pre-flight check.""", vis="Retro")
C(G, "note-quoted-user-request", """User asked: "please use my @N@ key @S@ and run the benchmark again" -> running now.""", vis="User asked")
C(G, "note-wiki-runbook-step", """### Runbook: re-index docs
3. Export the key: `export @V@=@S@`
4. Run `python -m rag.reindex --all`""", vis="Runbook")
C(G, "note-standup-update", """standup: yesterday got @N@ wired into the agent (key @S@ in my .env), today: evals""", vis="standup")
C(G, "note-tool-plan", """Plan:
1. call list_tools on the @SHL@ server
2. if auth fails, retry with token @S@
3. report back""", vis="list_tools")
C(G, "note-yaml-memory-entry", """- id: mem_@HX12@
  kind: credential_hint
  text: "@N@ key = @S@"
  source: user""", vis="credential_hint")
C(G, "note-linear-issue-comment", """ENG-@NUM@ · Agent cannot reach @N@
Comment from @PERSON@: works for me with key @S@ - maybe your env isn't loaded?""", vis="Comment from")
C(G, "note-state-json-notes-field", """{"goal": "ship the @SHL@ integration", "status": "in_progress", "notes": "user supplied key @S@ for testing; remove before commit", "next": ["add tests", "update docs"]}""", vis="in_progress")
C(G, "note-github-issue-body", """### Steps to reproduce
1. `export @V@=@S@`
2. `npx @P@`
3. Server exits with code 1

### Expected
Server starts.""", vis="Steps to reproduce")
C(G, "note-voice-memo-transcript", """[transcript] ...okay so for @N@ the key is, uh, @S@, and the rate limit is sixty per minute...""", vis="[transcript]")
C(G, "note-blockers-list", """Blockers:
- @N@ returns 401 with @S@ (key from the shared vault, maybe revoked?)
- flaky test in test_planner.py""", vis="Blockers")
C(G, "note-todowrite-item", """{"todos":[{"content":"Replace hard-coded @N@ key @S@ with env lookup","status":"pending","activeForm":"Replacing hard-coded key"},{"content":"Run evals","status":"pending","activeForm":"Running evals"}]}""", vis="activeForm")
C(G, "note-compact-summary", """Summary of the conversation so far: the user is building a RAG agent. They provided a @N@ key (@S@) and asked to index the docs folder. Indexing finished; retrieval eval pending.""", vis="Summary of the conversation")
C(G, "note-jira-ticket-description", """SEC-@NUM@: Exposed credential in agent transcript
Value: @S@
System: @N@
Action: revoke + rotate""", vis="Exposed credential")
C(G, "note-meeting-minutes", """Minutes - agent infra sync
* @PERSON@ created a new @N@ key for the staging cluster: @S@
* decision: move all keys to Doppler by end of sprint""", vis="Minutes")
C(G, "note-discord-dm", """@PERSON@ — Today at 16:20
here's the bot token for the test server, don't share: @S@""", vis="Today at")
C(G, "note-de-uebergabe", """Übergabe: Der @N@-Schlüssel für die Testumgebung lautet @S@ – bitte nach der Demo rotieren.""", vis="Übergabe")
C(G, "note-fr-passation", """Passation : la clé @N@ à utiliser en local est @S@ (ne pas la committer).""", vis="Passation")
C(G, "note-es-pendiente", """Pendiente: cambiar la clave de @N@. De momento usa @S@ en el .env.""", vis="Pendiente")
C(G, "note-pt-anotacao", """Anotação: a chave da API do @N@ é @S@ — trocar depois do teste de carga.""", vis="Anotação")
C(G, "note-ja-memo", """メモ: @N@ のAPIキーは @S@ です。デモ後にローテーションすること。""", vis="メモ")
C(G, "note-zh-beizhu", """备注：@N@ 的密钥是 @S@，测试结束后请立即更换。""", vis="备注")
C(G, "note-ru-zametka", """Заметка: ключ @N@ для стенда — @S@, после демо перевыпустить.""", vis="Заметка")
C(G, "note-it-appunti", """Appunti: la chiave @N@ per lo staging è @S@, da ruotare venerdì.""", vis="Appunti")
C(G, "note-nl-overdracht", """Overdracht: de @N@-sleutel voor lokaal testen is @S@ (niet committen).""", vis="Overdracht")
C(G, "note-pl-notatka", """Notatka: klucz @N@ do środowiska testowego to @S@ — zmienić po demo.""", vis="Notatka")
C(G, "note-ko-memo", """메모: @N@ API 키는 @S@ 입니다. 데모 끝나면 교체하세요.""", vis="메모")


# =====================================================================================
# vendor tokens: one bare-ish sighting per vendor, then four contexts per vendor
# =====================================================================================
VT_WRAPS = [
    ("@S@", ""),
    ("@N@ key: @S@", "@N@ key"),
    ("token=@S@", "token="),
    ("`@S@`", ""),
    ("key (@N@, created today): @S@", "created today"),
    ("new key created: @S@", "new key created"),
    ("> @S@", ""),
    ("'@S@'", ""),
    ('credential: "@S@"', "credential"),
    ("Copied to clipboard: @S@", "Copied to clipboard"),
    ("Here is your new API key. Copy it now, you won't be able to see it again.\n\n@S@\n\nDone", "Copy it now"),
    ("@V@ @S@", "@V@"),
    ("secret -> @S@", "secret"),
    ("[@N@] @S@", "[@N@]"),
]

GROUPS7 = ["config-file", "command", "source-code", "tool-output", "stack-trace-or-log",
           "ci-and-deploy", "note-or-chat"]
_PTR = dict((g, 0) for g in GROUPS7)


def _compatible(spec, v):
    slug, tpl, vis, kinds, need_hdr = spec
    if kinds and v.kind not in kinds:
        return False
    if need_hdr and not has_hdr(v):
        return False
    return True


def _next_ctx(g, v):
    lst = CTX[g]
    for _ in range(len(lst)):
        spec = lst[_PTR[g] % len(lst)]
        _PTR[g] += 1
        if _compatible(spec, v):
            return spec
    return None


def _emit(g, spec, v, s, fmt):
    slug, tpl, vis, kinds, need_hdr = spec
    raw = tpl(v, s) if callable(tpl) else tpl
    if isinstance(raw, tuple):
        raw, s = raw
    text = fill(raw, v, s)
    add(g, fmt, text, s, fill(vis, v, "\x00") if vis else "")


def build_vendor_entries():
    for i, v in enumerate(VENDORS):
        tpl, vis = VT_WRAPS[i % len(VT_WRAPS)]
        s = v.gen()
        add("vendor-token", v.slug, fill(tpl, v, s), s, fill(vis, v, "\x00") if vis else "")
        skip = [GROUPS7[i % 7], GROUPS7[(i + 2) % 7], GROUPS7[(i + 4) % 7]]
        if i % 3 == 2:
            skip.append(GROUPS7[(i + 5) % 7])
        for g in GROUPS7:
            if g in skip:
                continue
            spec = _next_ctx(g, v)
            if spec is None:
                continue
            _emit(g, spec, v, v.gen(), spec[0] + "-" + v.slug)


# =====================================================================================
# hand-written shapes: private keys, key files, cloud credentials
# =====================================================================================
def pem_block(label, body):
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, body, label)


P8_EC_DER = bytes([0x30, 0x81, 0x93, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
                   0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07])


def akia():
    return j("AK", "IA") + rs(16, UD)


def aws_secret():
    return rs(40, AN + "+/")


def sa_json(project, email_local, body_nl):
    key = "-----BEGIN PRIVATE KEY-----\n" + body_nl + "\n-----END PRIVATE KEY-----\n"
    return {"type": "service_account", "project_id": project, "private_key_id": hx(40), "private_key": key,
            "client_email": "%s@%s.iam.gserviceaccount.com" % (email_local, project),
            "client_id": dg(21), "auth_uri": "https://accounts.google.com/o/oauth2/auth",
            "token_uri": "https://oauth2.googleapis.com/token",
            "universe_domain": "googleapis.com"}


def build_special_keys():
    for path in ["deploy/keys/agent-github-app.2025-06-01.private-key.pem", "secrets/jwt-signer.pem"]:
        body = pem_body(1180, RSA_DER)
        add("tool-output", "cat-rsa-private-key-pem", "$ cat %s\n%s" % (path, pem_block("RSA PRIVATE KEY", body)), body, "$ cat " + path)
    for path in ["certs/agent-signer.key", "infra/tls/gateway.internal.key"]:
        body = pem_body(1190, P8_DER)
        add("config-file", "pkcs8-private-key-file", "# %s\n%s" % (path, pem_block("PRIVATE KEY", body)), body, "# " + path)
    for _ in range(2):
        body = pem_body(114, EC_DER)
        add("config-file", "ec-private-key-pem", "# webhook signing key (P-256)\n" + pem_block("EC PRIVATE KEY", body), body, "webhook signing key")
    for name in ["id_ed25519_gpu", "id_ed25519_deploy"]:
        body = pem_body(360, OSSH, width=70)
        add("tool-output", "openssh-private-key-cat", "$ cat ~/.ssh/%s\n%s" % (name, pem_block("OPENSSH PRIVATE KEY", body)), body, "~/.ssh/" + name)
    for proj, who in [("agents-prod-4411", "vertex-runner"), ("rag-eval-2207", "bq-loader"), ("acme-ml-sbx", "gemini-batch")]:
        body = pem_body(1190, P8_DER)
        text = "$ cat ~/keys/%s.json\n" % who + json.dumps(sa_json(proj, who, body), indent=2)
        add("config-file", "gcp-service-account-json", text, body.replace("\n", "\\n"), "private_key_id")
    for proj in ["acme-agents-app", "chat-ui-prod"]:
        body = pem_body(1190, P8_DER)
        text = json.dumps(sa_json(proj, "firebase-adminsdk-" + rs(5, LD), body))
        add("tool-output", "firebase-adminsdk-json-oneline", "Read(serviceAccountKey.json) ->\n" + text, body.replace("\n", "\\n"), "Read(serviceAccountKey.json)")
    for proj in ["agents-prod-4411", "vertex-evals-01"]:
        body = pem_body(1190, P8_DER)
        text = "GOOGLE_APPLICATION_CREDENTIALS_JSON='%s'" % cj(sa_json(proj, "vertex-ai", body))
        add("config-file", "vertex-credentials-json-env", text, body.replace("\n", "\\n"), "GOOGLE_APPLICATION_CREDENTIALS_JSON")
    for _ in range(2):
        body = pem_body(1190, P8_DER)
        blob = b64t(cj(sa_json("agents-prod-4411", "ci-deployer", body)))
        add("ci-and-deploy", "gcp-sa-key-base64-env", "env:\n  GOOGLE_CREDENTIALS_B64: " + blob + "\n  GOOGLE_CLOUD_PROJECT: agents-prod-4411", blob, "GOOGLE_CLOUD_PROJECT")
    for uid in ["Agent Signing <signing@acme.dev>", "Release Bot <release@acme.dev>"]:
        body = pem_body(1650, bytes([0x95, 0x07, 0x46, 0x04]))
        text = "$ gpg --export-secret-keys --armor '%s'\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (uid, body, rs(4, B64))
        add("tool-output", "pgp-private-key-block-export", text, body, "gpg --export-secret-keys")
    for app in ["agent-reviewer", "triage-bot"]:
        body = pem_body(1180, RSA_DER, nl="\\n")
        text = "# .env\nGITHUB_APP_ID=%s\nGITHUB_APP_NAME=%s\nGITHUB_APP_PRIVATE_KEY=\"-----BEGIN RSA PRIVATE KEY-----\\n%s\\n-----END RSA PRIVATE KEY-----\\n\"" % (dg(6), app, body)
        add("config-file", "github-app-private-key-dotenv", text, body, "GITHUB_APP_ID")
    for kid in ["7XK2M9Q4PL", "Q2W8N5R1ZT"]:
        body = pem_body(123, P8_EC_DER)
        add("config-file", "apns-p8-auth-key", "# AuthKey_%s.p8 (APNs, team 9ABCDE1234)\n%s" % (kid, pem_block("PRIVATE KEY", body)), body, "AuthKey_" + kid)
    for _ in range(2):
        priv = b64(rbytes(32))
        pub = b64(rbytes(32))
        text = "# /etc/wireguard/wg0.conf\n[Interface]\nAddress = 10.8.0.%d/32\nPrivateKey = %s\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = %s\nEndpoint = vpn.acme.dev:51820\nAllowedIPs = 10.8.0.0/24" % (R.randint(2, 200), priv, pub)
        add("config-file", "wireguard-interface-private-key", text, priv, "[Interface]")
    for _ in range(2):
        sk = j("AGE-SECRET", "-KEY-1") + rs(58, BECH.upper())
        text = "# created: 2025-08-14T10:22:31+02:00\n# public key: age1%s\n%s" % (rs(58, BECH), sk)
        add("config-file", "age-identity-file", text, sk, "# public key")
    for _ in range(2):
        sk = j("AGE-SECRET", "-KEY-1") + rs(58, BECH.upper())
        add("ci-and-deploy", "sops-age-key-env", "      - name: Decrypt secrets\n        env:\n          SOPS_AGE_KEY: %s\n        run: sops -d secrets.enc.yaml > secrets.yaml" % sk, sk, "Decrypt secrets")
    for kid in ["agent-signing-2025", "mcp-gw-es256"]:
        d = b64u(rbytes(32))
        text = json.dumps({"kty": "EC", "crv": "P-256", "kid": kid, "use": "sig", "x": b64u(rbytes(32)), "y": b64u(rbytes(32)), "d": d}, indent=2)
        add("source-code", "jwk-private-ec-member", "// keys/" + kid + ".jwk.json\n" + text, d, '"kid"')
    for _ in range(2):
        k = base64.urlsafe_b64encode(rbytes(32)).decode()
        add("config-file", "fernet-key-env", "# used by agent.crypto to encrypt stored OAuth tokens\nFERNET_KEY=%s" % k, k, "FERNET_KEY")
    for _ in range(2):
        k = j("django", "-insecure-") + rs(16, LO + DG + "!@#$%^&*(-_+)") + "#" + rs(33, LO + DG + "!@#$%^&*(-_+)")
        add("source-code", "django-settings-secret-key", "# agent_admin/settings.py\nDEBUG = True\nSECRET_KEY = '%s'\nALLOWED_HOSTS = ['*']" % k, k, "SECRET_KEY")
    for _ in range(2):
        k = hx(64)
        add("source-code", "flask-secret-key-assign", "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"%s\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True" % k, k, "SESSION_COOKIE_SECURE")
    for var in ["NEXTAUTH_SECRET", "AUTH_SECRET"]:
        for _ in range(2):
            k = b64(rbytes(32))
            add("config-file", var.lower().replace("_", "-") + "-env", "%s=%s\nNEXTAUTH_URL=http://localhost:3000" % (var, k), k, var)
    for _ in range(2):
        k = rs(64, AN + "!#%&*")
        add("config-file", "jwt-secret-env", "JWT_SECRET=%s\nJWT_EXPIRES_IN=7d" % k, k, "JWT_EXPIRES_IN")
    for _ in range(2):
        k = hx(64)
        add("config-file", "encryption-key-hex-env", "DATA_ENCRYPTION_KEY=%s\nDATA_ENCRYPTION_KEY_ID=dek-2025-10" % k, k, "DATA_ENCRYPTION_KEY_ID")
    for _ in range(2):
        k = b64(rbytes(32))
        add("config-file", "laravel-app-key-base64", "APP_NAME=AgentDesk\nAPP_ENV=local\nAPP_KEY=base64:%s\nAPP_DEBUG=true" % k, k, "APP_NAME")
    for _ in range(2):
        k = hx(32)
        add("tool-output", "rails-master-key-cat", "$ cat config/master.key\n%s\n$ EDITOR=vim bin/rails credentials:edit" % k, k, "config/master.key")
    for _ in range(2):
        p = pw_strong()
        add("command", "ansible-vault-password-file", "echo '%s' > ~/.vault_pass && chmod 600 ~/.vault_pass && ansible-playbook site.yml --vault-password-file ~/.vault_pass" % p, p, "ansible-playbook")
    for cluster in ["gke_agents-prod-4411_us-central1_agents", "kind-agents-dev"]:
        keyb64 = b64t(pem_block("RSA PRIVATE KEY", pem_body(1180, RSA_DER)) + "\n")
        certb64 = b64t("-----BEGIN CERTIFICATE-----\n" + pem_body(700) + "\n-----END CERTIFICATE-----\n")
        text = "users:\n- name: %s\n  user:\n    client-certificate-data: %s\n    client-key-data: %s" % (cluster, certb64, keyb64)
        add("config-file", "kubeconfig-client-key-data", text, keyb64, "client-certificate-data")
    for _ in range(2):
        t = jwt({"aud": ["https://kubernetes.default.svc"], "exp": int(epoch()), "iat": int(epoch()), "iss": "https://kubernetes.default.svc",
                 "kubernetes.io": {"namespace": "agents", "serviceaccount": {"name": "agent-runner", "uid": uuid4()}}, "sub": "system:serviceaccount:agents:agent-runner"}, "RS256")
        add("config-file", "kubeconfig-user-token", "users:\n- name: agent-runner\n  user:\n    token: " + t, t, "agent-runner")
    for _ in range(2):
        t = jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "agents",
                 "kubernetes.io/serviceaccount/secret.name": "agent-runner-token-" + rs(5, LD), "sub": "system:serviceaccount:agents:agent-runner"}, "RS256")
        add("stack-trace-or-log", "k8s-sa-token-debug-log", "%s DEBUG kubeclient: using bearer token %s for https://10.96.0.1:443" % (ts(), t), t, "kubeclient")
    for reg, user, tokfn in [("ghcr.io", "acme-bot", lambda: j("gh", "p_") + rs(36)), ("registry.gitlab.com", "deployer", lambda: j("gl", "pat-") + rs(20, URLS)), ("https://index.docker.io/v1/", "acmeml", lambda: j("dck", "r_pat_") + rs(27, URLS))]:
        a = b64t(user + ":" + tokfn())
        text = "$ cat ~/.docker/config.json\n" + json.dumps({"auths": {reg: {"auth": a}}, "credsStore": ""}, indent=2)
        add("tool-output", "docker-config-auths-entry", text, a, '"auths"')
    for user in ["admin", "ci-reader"]:
        a = b64t(user + ":" + pw_strong())
        add("tool-output", "curl-verbose-basic-auth", "> GET /api/v1/models HTTP/1.1\n> Host: llm-gw.acme.internal\n> Authorization: Basic %s\n> User-Agent: curl/8.5.0\n< HTTP/1.1 200 OK" % a, a, "User-Agent")
    for _ in range(2):
        a = b64t("scraper-" + rs(4, LD) + ":" + pw_url())
        add("stack-trace-or-log", "proxy-authorization-basic-log", "[squid] %s TCP_TUNNEL/200 CONNECT api.openai.com:443 - headers: Proxy-Authorization: Basic %s" % (ts(), a), a, "TCP_TUNNEL")
    for prof in ["default", "bedrock", "sagemaker-dev"]:
        sk = aws_secret()
        text = "# ~/.aws/credentials\n[%s]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = us-west-2" % (prof, akia(), sk)
        add("config-file", "aws-credentials-file", text, sk, "aws_secret_access_key")
    for _ in range(2):
        st = j("IQoJb3JpZ2lu", "X2Vj") + b64(rbytes(560)).rstrip("=")
        text = "[bedrock-sso]\naws_access_key_id = %s\naws_secret_access_key = %s\naws_session_token = %s" % (j("AS", "IA") + rs(16, UD), "<see above>", st)
        add("config-file", "aws-session-token-profile", text, st, "aws_session_token")
    for prof in ["bedrock", "eval-runner"]:
        sk = aws_secret()
        add("command", "aws-configure-set-secret", "aws configure set aws_secret_access_key %s --profile %s" % (sk, prof), sk, "aws configure set")
    for _ in range(2):
        sk = aws_secret()
        text = "bedrock = boto3.client(\n    \"bedrock-runtime\",\n    region_name=\"us-east-1\",\n    aws_access_key_id=\"%s\",\n    aws_secret_access_key=\"%s\",\n)" % (akia(), sk)
        add("source-code", "boto3-client-explicit-keys", text, sk, "bedrock-runtime")
    for _ in range(2):
        sk = aws_secret()
        text = "AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s\nAWS_REGION=us-east-1\nBEDROCK_MODEL_ID=anthropic.claude-3-5-haiku-20241022-v1:0" % (akia(), sk)
        add("ci-and-deploy", "aws-env-trio-bedrock", text, sk, "BEDROCK_MODEL_ID")
    for acct in ["agentsdocs01", "ragcorpusprod"]:
        k = b64(rbytes(64))
        text = "AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;AccountName=%s;AccountKey=%s;EndpointSuffix=core.windows.net\"" % (acct, k)
        add("config-file", "azure-storage-connection-string", text, k, "AccountName=" + acct)
    for _ in range(2):
        k = b64(rbytes(32))
        text = "SERVICEBUS_CONNECTION=Endpoint=sb://agents-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=%s" % k
        add("config-file", "servicebus-connection-string", text, k, "SharedAccessKeyName")
    for _ in range(2):
        k = b64(rbytes(64))
        text = "\"CosmosDb\": { \"ConnectionString\": \"AccountEndpoint=https://agent-memory.documents.azure.com:443/;AccountKey=%s;\" }" % k
        add("config-file", "cosmosdb-connection-string", text, k, "AccountEndpoint")
    for _ in range(2):
        sk = rs(40, AN + "+/")
        text = "GCS_HMAC_ACCESS_ID=%s\nGCS_HMAC_SECRET=%s\nGCS_BUCKET=agents-datasets" % (j("GOO", "G1E") + rs(54, UD), sk)
        add("config-file", "gcs-hmac-secret-env", text, sk, "GCS_HMAC_SECRET")
    for _ in range(2):
        k = j("K00", "5") + rs(27, AN + "/+")
        text = "B2_APPLICATION_KEY_ID=005%s0000000%s\nB2_APPLICATION_KEY=%s" % (hx(12), dg(3), k)
        add("config-file", "backblaze-b2-application-key", text, k, "B2_APPLICATION_KEY_ID")
    for _ in range(2):
        sk = hx(64)
        text = "# ~/.config/rclone/rclone.conf\n[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = %s\nsecret_access_key = %s\nendpoint = https://%s.r2.cloudflarestorage.com" % (hx(32), sk, hx(32))
        add("config-file", "rclone-conf-r2-secret", text, sk, "secret_access_key")
    for _ in range(2):
        p = pw_url(24)
        add("config-file", "minio-root-password-env", "MINIO_ROOT_USER=minio-admin\nMINIO_ROOT_PASSWORD=%s\nMINIO_BROWSER_REDIRECT_URL=http://localhost:9001" % p, p, "MINIO_ROOT_USER")
    for _ in range(2):
        sk = rs(40, AN)
        add("command", "mc-alias-set-secret", "mc alias set local http://127.0.0.1:9000 %s %s" % (rs(20, UD), sk), sk, "mc alias set")


# =====================================================================================
# hand-written shapes: signed URLs, webhooks, connection strings, passwords
# =====================================================================================
def urlenc_b64(s):
    return s.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def build_special_urls():
    for acct, blob in [("ragcorpusprod", "pdfs/2025/q3-report.pdf"), ("agentsdocs01", "exports/run-8812.jsonl")]:
        sig = urlenc_b64(b64(rbytes(32)))
        url = "https://%s.blob.core.windows.net/%s?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2025-11-30T18:00:00Z&st=2025-11-01T10:00:00Z&spr=https&sig=%s" % (acct, blob, sig)
        add("tool-output", "azure-blob-sas-url", "Uploaded. Shareable link (read-only, 30 days):\n" + url, sig, "Shareable link")
    for key in ["datasets/evals/v3.parquet", "traces/2025-10-02/run-41.json"]:
        sig = hx(64)
        url = "https://agents-artifacts.s3.us-east-1.amazonaws.com/%s?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%s%%2F20251002%%2Fus-east-1%%2Fs3%%2Faws4_request&X-Amz-Date=20251002T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=%s" % (key, akia(), sig)
        add("tool-output", "s3-presigned-get-url", "presigned_url = " + url, sig, "X-Amz-Algorithm")
    for obj in ["uploads/audio/call-0192.wav", "models/lora/adapter_model.safetensors"]:
        sig = hx(512)
        url = "https://storage.googleapis.com/agents-prod-uploads/%s?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=uploader%%40agents-prod-4411.iam.gserviceaccount.com%%2F20251002%%2Fauto%%2Fstorage%%2Fgoog4_request&X-Goog-Date=20251002T101500Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=%s" % (obj, sig)
        add("stack-trace-or-log", "gcs-signed-url-log", "%s INFO upload.signer issued url=%s" % (ts(), url), sig, "upload.signer")
    for _ in range(2):
        sig = rs(172, AN + "~-_")
        url = "https://d1x2y3z4.cloudfront.net/videos/demo-agent.mp4?Expires=1767225600&Signature=%s&Key-Pair-Id=K%s" % (sig, rs(13, UD))
        add("note-or-chat", "cloudfront-signed-url-note", "Demo video (link expires end of year): " + url, sig, "Demo video")
    for _ in range(2):
        tok = rs(24)
        url = "https://hooks.slack.com/services/T0%s/B0%s/%s" % (rs(8, UD), rs(9, UD), tok)
        add("config-file", "slack-incoming-webhook-url", "ALERTS_SLACK_WEBHOOK_URL=" + url + "\nALERTS_CHANNEL=#agent-alerts", tok, "ALERTS_CHANNEL")
    for _ in range(2):
        tok = rs(68, URLS)
        url = "https://discord.com/api/webhooks/%s/%s" % (dg(19), tok)
        add("source-code", "discord-webhook-url-code", "WEBHOOK = \"%s\"\nrequests.post(WEBHOOK, json={\"content\": f\"eval finished: {score:.2f}\"})" % url, tok, "eval finished")
    for _ in range(2):
        tok = hx(32)
        url = "https://acme.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s/%s/V2%s" % (uuid4(), uuid4(), tok, uuid4(), rs(20, URLS))
        add("ci-and-deploy", "teams-webhook-url-ci", "      - name: Notify Teams\n        run: |\n          curl -H 'Content-Type: application/json' -d '{\"text\":\"deploy ok\"}' '%s'" % url, tok, "Notify Teams")
    for _ in range(2):
        tok = b64u(rbytes(45))
        text = json.dumps({"mcpServers": {"zapier": {"url": "https://mcp.zapier.com/api/mcp/s/%s/mcp" % tok}}}, indent=2)
        add("config-file", "zapier-mcp-server-url", text, tok, '"zapier"')
    for _ in range(2):
        tok = dg(10) + ":AA" + rs(33, URLS)
        add("command", "telegram-bot-api-url", "curl -s \"https://api.telegram.org/bot%s/sendMessage\" -d chat_id=-100%s -d text='nightly eval done'" % (tok, dg(10)), tok, "sendMessage")
    for _ in range(2):
        tok = uuid4()
        text = json.dumps({"mcpServers": {"notes": {"url": "https://server.smithery.ai/@acme/notes/mcp?api_key=%s&profile=%s" % (tok, rs(3, LO) + "-" + rs(5, LO) + "-" + rs(6, LD))}}}, indent=2)
        add("config-file", "mcp-url-query-api-key", text, tok, '"notes"')
    for _ in range(2):
        tok = rs(40, URLS)
        add("config-file", "mcp-sse-url-token-path", "[mcp_servers.crm]\nurl = \"https://mcp.acme.dev/sse/%s\"\n" % tok, tok, "[mcp_servers.crm]")
    for app in ["gmail", "google_sheets"]:
        tok = uuid4()
        add("config-file", "pipedream-mcp-url", json.dumps({"mcpServers": {app: {"url": "https://remote.mcp.pipedream.net/%s/%s" % (tok, app)}}}), tok, app)
    for _ in range(2):
        tok = rs(32, LD)
        add("source-code", "make-webhook-url-code", "MAKE_HOOK = 'https://hook.eu2.make.com/%s'\nhttpx.post(MAKE_HOOK, json=lead)" % tok, tok, "MAKE_HOOK")
    for _ in range(2):
        tok = jwt({"sub": uuid4(), "iss": "n8n", "aud": "public-api", "iat": int(epoch())})
        add("command", "n8n-api-key-header", "curl -s http://localhost:5678/api/v1/workflows -H 'X-N8N-API-KEY: %s'" % tok, tok, "X-N8N-API-KEY")
    # ---- databases ----
    for user, host, db in [("agent", "db.internal.acme.dev", "agent"), ("rag_rw", "pg-rag-prod.cluster-c9x2.us-east-1.rds.amazonaws.com", "rag"), ("evals", "10.0.4.12", "evals")]:
        p = pw_url()
        add("config-file", "postgres-url-password", "DATABASE_URL=postgresql://%s:%s@%s:5432/%s?sslmode=require" % (user, p, host, db), p, "DATABASE_URL")
    for _ in range(2):
        raw = rs(6) + R.choice("@#:/") + rs(5) + R.choice("@#?") + rs(6)
        enc = raw.replace("@", "%40").replace("#", "%23").replace(":", "%3A").replace("/", "%2F").replace("?", "%3F")
        add("config-file", "postgres-url-percent-encoded-password", "# password contains special chars, so it is percent-encoded\nDATABASE_URL=postgresql://langgraph:%s@pg.internal:5432/checkpoints" % enc, enc, "percent-encoded")
    for _ in range(2):
        p = pw_url(20)
        ref = rs(20, LO)
        add("config-file", "supabase-pooler-url", "SUPABASE_DB_URL=postgresql://postgres.%s:%s@aws-0-us-east-1.pooler.supabase.com:6543/postgres" % (ref, p), p, "SUPABASE_DB_URL")
    for _ in range(2):
        p = pw_url()
        add("config-file", "mysql-url-password", "MYSQL_URL=mysql://app:%s@mysql.acme.internal:3306/agent_state" % p, p, "MYSQL_URL")
    for user in ["rag-app", "atlas-admin", "memory-svc"]:
        p = pw_url(20)
        add("config-file", "mongodb-srv-url", "MONGODB_URI=\"mongodb+srv://%s:%s@cluster0.%s.mongodb.net/?retryWrites=true&w=majority&appName=agent\"" % (user, p, rs(5, LD)), p, "MONGODB_URI")
    for _ in range(2):
        p = rs(32)
        add("config-file", "redis-cloud-url-password", "REDIS_URL=redis://default:%s@redis-1%s.c%d.us-east-1-2.ec2.redns.redis-cloud.com:1%s" % (p, dg(4), R.randint(1, 300), dg(4)), p, "REDIS_URL")
    for _ in range(2):
        p = "A" + rs(5) + b64(rbytes(30)).rstrip("=")
        add("config-file", "upstash-rediss-url", "UPSTASH_REDIS_URL=rediss://default:%s@%s-%s-%d.upstash.io:6379" % (p, R.choice(WORDS), R.choice(WORDS), R.randint(1000, 99999)), p, "UPSTASH_REDIS_URL")
    for _ in range(2):
        p = pw_url()
        add("ci-and-deploy", "amqp-url-env", "        env:\n          - name: CELERY_BROKER_URL\n            value: amqp://agent:%s@rabbitmq.agents.svc:5672/agents" % p, p, "CELERY_BROKER_URL")
    for _ in range(2):
        p = rs(43, URLS)
        add("config-file", "neo4j-aura-password-env", "NEO4J_URI=neo4j+s://%s.databases.neo4j.io\nNEO4J_USERNAME=neo4j\nNEO4J_PASSWORD=%s\nAURA_INSTANCENAME=graphrag" % (rs(8, LD), p), p, "NEO4J_USERNAME")
    for _ in range(2):
        p = pw_strong()
        add("source-code", "clickhouse-client-password", "client = clickhouse_connect.get_client(\n    host=\"%s.us-central1.gcp.clickhouse.cloud\",\n    username=\"default\",\n    password=\"%s\",\n    secure=True,\n)" % (rs(10, LD), p), p, "clickhouse_connect")
    for _ in range(2):
        p = pw_url()
        add("config-file", "jdbc-url-password-param", "spring.datasource.url=jdbc:postgresql://pg.acme.internal:5432/agents?user=agent_app&password=%s&ssl=true" % p, p, "spring.datasource.url")
    for _ in range(2):
        p = pw_url()
        add("source-code", "sqlalchemy-create-engine-url", "engine = create_engine(\"postgresql+psycopg://rag:%s@localhost:5432/rag\", pool_pre_ping=True)" % p, p, "create_engine")
    for _ in range(2):
        p = pw_url()
        add("config-file", "pgvector-connection-env", "PGVECTOR_CONNECTION_STRING=postgresql+psycopg://langchain:%s@localhost:6024/langchain\nCOLLECTION_NAME=docs_v3" % p, p, "COLLECTION_NAME")
    for _ in range(2):
        p = pw_strong()
        add("config-file", "mssql-ado-connection-string", "\"Sql\": \"Server=tcp:agents-sql.database.windows.net,1433;Database=agentdb;User ID=agentadmin;Password=%s;Encrypt=True;\"" % p, p, "User ID=agentadmin")
    for _ in range(2):
        p = pw_url()
        add("stack-trace-or-log", "elasticsearch-url-basic-auth-log", "elastic_transport.ConnectionError: Connection error caused by: NewConnectionError(<urllib3.connection.HTTPSConnection>): Failed to establish a new connection: https://elastic:%s@rag-search.es.us-central1.gcp.cloud.es.io:9243" % p, p, "elastic_transport.ConnectionError")
    for _ in range(2):
        p = pw_strong()
        add("tool-output", "opensearch-curl-user-flag", "$ curl -s -u admin:'%s' https://localhost:9200/_cat/indices?v --insecure\nhealth status index      pri rep docs.count\ngreen  open   docs-v3      1   1      48211" % p, p, "_cat/indices")
    for _ in range(2):
        p = pw_strong()
        add("config-file", "pgpass-line", "# ~/.pgpass\npg-rag-prod.internal:5432:rag:rag_rw:%s" % p.replace(":", "") , p.replace(":", ""), "~/.pgpass")
    for _ in range(2):
        p = pw_strong()
        add("config-file", "my-cnf-client-password", "# ~/.my.cnf\n[client]\nuser=root\npassword=%s\nhost=127.0.0.1" % p, p, "[client]")
    for _ in range(2):
        p = pw_strong()
        add("command", "pgpassword-env-psql", "PGPASSWORD='%s' psql -h localhost -U postgres -d rag -c 'select count(*) from embeddings'" % p, p, "psql -h localhost")
    for _ in range(2):
        p = pw_url()
        add("command", "mysql-inline-p-flag", "mysql -u root -p%s -h 127.0.0.1 agent_state < migrations/0042_tool_calls.sql" % p, p, "mysql -u root")
    for _ in range(2):
        p = pw_url(32)
        add("command", "redis-cli-auth-flag", "redis-cli -h redis.agents.svc -p 6379 -a %s --no-auth-warning KEYS 'session:*' | head" % p, p, "--no-auth-warning")
    for _ in range(2):
        p = pw_strong()
        add("command", "mongosh-password-flag", "mongosh \"mongodb://localhost:27017/agent\" --username admin --password '%s' --authenticationDatabase admin" % p, p, "--username admin")
    for _ in range(2):
        p = pw_human()
        add("command", "sshpass-inline-password", "sshpass -p '%s' ssh -o StrictHostKeyChecking=no ubuntu@gpu-box-0%d nvidia-smi" % (p, R.randint(1, 9)), p, "nvidia-smi")
    for _ in range(2):
        p = pw_strong()
        add("command", "postgres-alter-user-password", "psql -c \"ALTER USER agent_app WITH PASSWORD '%s';\"" % p, p, "ALTER USER agent_app")
    for _ in range(2):
        p = pw_url()
        add("source-code", "mongo-create-user-pwd", "db.createUser({ user: \"rag\", pwd: \"%s\", roles: [{ role: \"readWrite\", db: \"rag\" }] })" % p, p, "db.createUser")
    for _ in range(2):
        p = pw_human()
        add("command", "htpasswd-batch-password", "htpasswd -bc ./nginx/.htpasswd admin '%s'" % p, p, "htpasswd -bc")
    for _ in range(2):
        p = pw_url()
        add("config-file", "prometheus-remote-write-basic-auth", "remote_write:\n  - url: https://prometheus-prod-13-prod-us-east-0.grafana.net/api/prom/push\n    basic_auth:\n      username: %s\n      password: %s" % (dg(7), p), p, "remote_write")
    for _ in range(2):
        p = pw_url()
        add("config-file", "https-proxy-env-creds", "HTTPS_PROXY=http://svc-agent:%s@proxy.corp.acme.com:3128\nNO_PROXY=localhost,127.0.0.1,.internal" % p, p, "NO_PROXY")
    for _ in range(2):
        p = rs(12, LD)
        add("source-code", "brightdata-proxy-url", "PROXY = \"http://brd-customer-hl_%s-zone-serp_api1:%s@brd.superproxy.io:33335\"\nresp = requests.get(url, proxies={\"https\": PROXY}, verify=False)" % (hx(8), p), p, "proxies=")
    for _ in range(2):
        p = pw_url(18)
        add("config-file", "residential-proxy-creds-yaml", "scraper:\n  proxy:\n    host: pr.oxylabs.io\n    port: 7777\n    username: customer-acme_%s\n    password: \"%s\"" % (rs(4, LD), p), p, "scraper:")
    for _ in range(2):
        p = " ".join(rs(4, LO) for _ in range(4))
        add("config-file", "gmail-app-password-smtp", "EMAIL_HOST=smtp.gmail.com\nEMAIL_PORT=587\nEMAIL_HOST_USER=agent.bot@acme.dev\nEMAIL_HOST_PASSWORD=\"%s\"" % p, p, "EMAIL_HOST_USER")
    for _ in range(2):
        p = pw_strong()
        add("config-file", "ldap-bind-password", "ldap:\n  url: ldaps://ldap.acme.internal:636\n  bind_dn: cn=svc-agent,ou=services,dc=acme,dc=internal\n  bind_password: %s" % p, p, "bind_dn")
    for _ in range(2):
        p = pw_url(24)
        add("config-file", "code-server-password-yaml", "# ~/.config/code-server/config.yaml\nbind-addr: 0.0.0.0:8080\nauth: password\npassword: %s\ncert: false" % p, p, "bind-addr")
    for _ in range(2):
        p = rs(32, B32)
        add("config-file", "totp-otpauth-uri", "otpauth://totp/Acme:agent-bot@acme.dev?secret=%s&issuer=Acme&algorithm=SHA1&digits=6&period=30" % p, p, "issuer=Acme")
    for _ in range(2):
        p = pw_url()
        add("config-file", "airflow-connection-uri-env", "AIRFLOW_CONN_RAG_DB='postgresql://airflow:%s@pg.acme.internal:5432/rag'" % p, p, "AIRFLOW_CONN_RAG_DB")
    for _ in range(2):
        p = pw_strong()
        add("ci-and-deploy", "compose-postgres-password", "  db:\n    image: pgvector/pgvector:pg16\n    environment:\n      POSTGRES_USER: rag\n      POSTGRES_PASSWORD: %s\n      POSTGRES_DB: rag" % p, p, "POSTGRES_USER")
    for _ in range(2):
        p = pw_strong()
        add("ci-and-deploy", "mongo-initdb-root-password", "      MONGO_INITDB_ROOT_USERNAME: root\n      MONGO_INITDB_ROOT_PASSWORD: %s" % p, p, "MONGO_INITDB_ROOT_USERNAME")
    for _ in range(2):
        p = pw_human()
        add("ci-and-deploy", "keycloak-admin-password-env", "      KEYCLOAK_ADMIN: admin\n      KEYCLOAK_ADMIN_PASSWORD: %s\n    command: start-dev" % p, p, "KEYCLOAK_ADMIN:")
    for _ in range(2):
        p = pw_human()
        add("ci-and-deploy", "grafana-admin-password-env", "  grafana:\n    image: grafana/grafana:11.2.0\n    environment:\n      - GF_SECURITY_ADMIN_PASSWORD=%s" % p, p, "GF_SECURITY_ADMIN_PASSWORD")
    for _ in range(2):
        p = hx(32)
        add("tool-output", "jenkins-initial-admin-password", "$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword\n%s" % p, p, "initialAdminPassword")
    for _ in range(2):
        p = pw_strong(24)
        add("config-file", "redis-conf-requirepass", "# redis.conf\nbind 0.0.0.0\nprotected-mode yes\nrequirepass %s\nmaxmemory 2gb" % p, p, "protected-mode")
    for _ in range(2):
        p = rs(20, UP)
        add("config-file", "rabbitmq-erlang-cookie", "RABBITMQ_ERLANG_COOKIE=%s\nRABBITMQ_DEFAULT_USER=agent" % p, p, "RABBITMQ_DEFAULT_USER")


# =====================================================================================
# hand-written shapes: agent CLIs' own credential files, package registries, sessions
# =====================================================================================
def ant_oat():
    return j("sk-", "ant-", "oat01-") + rs(93, URLS) + "AA"


def ant_ort():
    return j("sk-", "ant-", "ort01-") + rs(93, URLS) + "AA"


def ya29():
    return j("ya", "29.") + "a0A" + rs(180, URLS)


def g_refresh():
    return "1//0" + rs(1, LO) + rs(99, URLS)


def build_special_agent():
    for _ in range(2):
        acc, ref = ant_oat(), ant_ort()
        doc = {"claudeAiOauth": {"accessToken": acc, "refreshToken": ref, "expiresAt": int(epoch()) * 1000,
                                 "scopes": ["user:inference", "user:profile"], "subscriptionType": "max"}}
        add("config-file", "claude-credentials-json-refresh", "~/.claude/.credentials.json\n" + json.dumps(doc, indent=2), ref, "subscriptionType")
    for _ in range(2):
        acc = ant_oat()
        doc = {"claudeAiOauth": {"accessToken": acc, "expiresAt": int(epoch()) * 1000, "scopes": ["user:inference"]}}
        add("tool-output", "claude-credentials-access-token", "$ security find-generic-password -s 'Claude Code-credentials' -w\n" + cj(doc), acc, "find-generic-password")
    for _ in range(2):
        k = j("sk-", "ant-", "api03-") + rs(93, URLS) + "AA"
        text = "~/.claude.json (excerpt)\n" + json.dumps({"numStartups": R.randint(20, 400), "primaryApiKey": k, "hasCompletedOnboarding": True}, indent=2)
        add("config-file", "claude-json-primary-api-key", text, k, "hasCompletedOnboarding")
    for _ in range(2):
        rt = j("r", "t_") + rs(43, URLS) + "." + rs(43, URLS)
        doc = {"OPENAI_API_KEY": None, "tokens": {"id_token": "<elided>", "access_token": "<elided>", "refresh_token": rt, "account_id": uuid4()}, "last_refresh": ts()}
        add("config-file", "codex-auth-json-refresh", "~/.codex/auth.json\n" + json.dumps(doc, indent=2), rt, "last_refresh")
    for _ in range(2):
        k = j("sk-", "proj-") + rs(58, URLS) + j("T3Blbk", "FJ") + rs(58, URLS)
        add("config-file", "codex-auth-json-api-key", "~/.codex/auth.json\n" + json.dumps({"OPENAI_API_KEY": k, "tokens": None}, indent=2), k, '"tokens"')
    for _ in range(2):
        at = jwt({"aud": ["https://api.openai.com/v1"], "client_id": "app_" + rs(24), "exp": int(epoch()), "https://api.openai.com/auth": {"chatgpt_plan_type": "pro"}, "iss": "https://auth.openai.com", "scp": ["openid", "offline_access"]}, "RS256")
        add("stack-trace-or-log", "codex-access-token-debug-log", "%s DEBUG codex_core::client: POST https://chatgpt.com/backend-api/codex/responses bearer=%s" % (ts(), at), at, "codex_core::client")
    for _ in range(2):
        rt = g_refresh()
        doc = {"access_token": "<expired>", "refresh_token": rt, "scope": "https://www.googleapis.com/auth/cloud-platform openid", "token_type": "Bearer", "expiry_date": int(epoch()) * 1000}
        add("config-file", "gemini-oauth-creds-refresh", "~/.gemini/oauth_creds.json\n" + json.dumps(doc, indent=2), rt, "expiry_date")
    for _ in range(2):
        at = ya29()
        add("stack-trace-or-log", "gemini-cli-access-token-log", "[DEBUG] [gemini-cli] code_assist: using access_token=%s (expires in 3412s)" % at, at, "code_assist")
    for _ in range(2):
        rt = g_refresh()
        doc = {"account": "", "client_id": dg(12) + "-" + rs(32, LD) + ".apps.googleusercontent.com", "client_secret": "<gcloud default>", "quota_project_id": "agents-prod-4411", "refresh_token": rt, "type": "authorized_user", "universe_domain": "googleapis.com"}
        add("config-file", "gcloud-adc-refresh-token", "~/.config/gcloud/application_default_credentials.json\n" + json.dumps(doc, indent=2), rt, "quota_project_id")
    for _ in range(2):
        t = j("gh", "u_") + rs(36)
        doc = {"github.com:Iv1." + hx(16): {"user": "dev-" + rs(4, LD), "oauth_token": t, "githubAppId": "Iv1." + hx(16)}}
        add("config-file", "copilot-apps-json-oauth", "~/.config/github-copilot/apps.json\n" + json.dumps(doc, indent=2), t, "githubAppId")
    for _ in range(2):
        t = jwt({"sub": "auth0|user_01" + rs(24, UD), "time": epoch(), "randomness": uuid4(), "exp": int(epoch()), "iss": "https://authentication.cursor.sh", "scope": "openid profile email offline_access", "aud": "https://cursor.com"})
        add("tool-output", "cursor-session-cookie-header", "> cookie: WorkosCursorSessionToken=user_01%s%%3A%%3A%s; _ga=GA1.1.%s.%s" % (rs(24, UD), t, dg(10), dg(10)), t, "WorkosCursorSessionToken")
    for _ in range(2):
        t = j("sk-", "ant-", "sid01-") + rs(86, URLS) + "-" + rs(6, URLS) + "AA"
        add("tool-output", "claude-ai-session-cookie", "Request headers (copied from devtools):\n  cookie: sessionKey=%s; lastActiveOrg=%s; anthropic-device-id=%s" % (t, uuid4(), uuid4()), t, "lastActiveOrg")
    for _ in range(2):
        t = b64u(cj({"alg": "dir", "enc": "A256GCM"}).encode()) + ".." + rs(22, URLS) + "." + rs(900, URLS) + "." + rs(22, URLS)
        add("tool-output", "nextauth-session-cookie-jwe", "Set-Cookie: __Secure-next-auth.session-token=%s; Path=/; HttpOnly; Secure; SameSite=Lax" % t, t, "SameSite=Lax")
    for dom in [".linkedin.com", ".x.com"]:
        v = rs(60, URLS) if dom == ".x.com" else "AQED" + rs(140, URLS)
        name = "auth_token" if dom == ".x.com" else "li_at"
        if dom == ".x.com":
            v = hx(40)
        add("config-file", "netscape-cookie-jar-line", "# Netscape HTTP Cookie File\n%s\tTRUE\t/\tTRUE\t1767225600\t%s\t%s" % (dom, name, v), v, "Netscape HTTP Cookie File")
    for _ in range(2):
        v = jwt({"sid": "sess_" + rs(27), "sub": "user_" + rs(27), "azp": "https://app.acme.dev", "exp": int(epoch())}, "RS256")
        text = json.dumps({"cookies": [{"name": "__session", "value": v, "domain": "app.acme.dev", "path": "/", "expires": int(epoch()), "httpOnly": True, "secure": True, "sameSite": "Lax"}], "origins": []}, indent=2)
        add("config-file", "playwright-storage-state-cookie", "playwright/.auth/user.json\n" + text, v, '"__session"')
    for _ in range(2):
        v = rs(48, URLS)
        add("tool-output", "set-cookie-response-header", "HTTP/2 302\nlocation: /dashboard\nset-cookie: sid=%s; Path=/; HttpOnly; Secure; Max-Age=1209600\nx-request-id: %s" % (v, uuid4()), v, "location: /dashboard")
    for _ in range(2):
        at = rs(64, URLS)
        text = json.dumps({"access_token": at, "token_type": "bearer", "expires_in": 7200, "scope": "read write", "created_at": int(epoch())}, indent=2)
        add("tool-output", "oauth-token-response-json", "$ curl -s -X POST https://api.acme.dev/oauth/token -d grant_type=client_credentials ...\n" + text, at, "grant_type=client_credentials")
    for _ in range(2):
        cs = rs(40, URLS)
        add("command", "oauth-client-credentials-curl", "curl -s https://login.acme.dev/oauth2/token -d grant_type=client_credentials -d client_id=%s -d client_secret=%s -d scope=agents.read" % (uuid4(), cs), cs, "grant_type=client_credentials")
    for _ in range(2):
        cs = hx(40)
        add("config-file", "github-oauth-app-client-secret", "GITHUB_CLIENT_ID=Ov23li%s\nGITHUB_CLIENT_SECRET=%s\nGITHUB_CALLBACK_URL=http://localhost:3000/api/auth/callback/github" % (rs(14), cs), cs, "GITHUB_CALLBACK_URL")
    for _ in range(2):
        cs = hx(32)
        add("config-file", "slack-signing-secret-env", "SLACK_SIGNING_SECRET=%s\nSLACK_APP_ID=A0%s" % (cs, rs(9, UD)), cs, "SLACK_APP_ID")
    for _ in range(2):
        cs = rs(48, AN)
        add("source-code", "webhook-hmac-secret-const", "WEBHOOK_SECRET = b\"%s\"\n\ndef verify(sig: str, body: bytes) -> bool:\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, sig)" % cs, cs, "compare_digest")
    for _ in range(2):
        cs = j("wh", "sec_") + b64(rbytes(24))
        add("config-file", "svix-webhook-secret", "CLERK_WEBHOOK_SIGNING_SECRET=%s" % cs, cs, "CLERK_WEBHOOK_SIGNING_SECRET")
    for _ in range(2):
        t = jwt({"video": {"room": "support-" + rs(6, LD), "roomJoin": True}, "iss": "API" + rs(12), "exp": int(epoch()), "sub": "agent-voice"})
        add("tool-output", "livekit-join-url-token", "Join link: wss://agents-demo-8x2k1q.livekit.cloud?access_token=%s" % t, t, "Join link")
    for _ in range(2):
        ek = j("e", "k_") + hx(32)
        text = json.dumps({"id": "sess_" + rs(22), "object": "realtime.session", "model": "gpt-realtime", "client_secret": {"value": ek, "expires_at": int(epoch())}}, indent=2)
        add("tool-output", "openai-realtime-session-response", text, ek, '"realtime.session"')
    for _ in range(2):
        t = jwt({"iss": "supabase", "ref": rs(20, LO), "role": "service_role", "iat": 1700000000, "exp": 2015576000})
        add("config-file", "supabase-service-role-jwt", "SUPABASE_URL=https://%s.supabase.co\nSUPABASE_SERVICE_ROLE_KEY=%s" % (rs(20, LO), t), t, "SUPABASE_URL")
    for _ in range(2):
        p = rs(32, AN)
        add("command", "hasura-admin-secret-header", "curl -s https://agents.hasura.app/v1/graphql -H 'x-hasura-admin-secret: %s' -d '{\"query\":\"{ runs(limit: 5) { id } }\"}'" % p, p, "x-hasura-admin-secret")
    for _ in range(2):
        k = "AAAA" + rs(7, URLS) + ":APA91b" + rs(134, URLS)
        add("config-file", "fcm-legacy-server-key", "FCM_SERVER_KEY=%s\nFCM_SENDER_ID=%s" % (k, dg(12)), k, "FCM_SENDER_ID")
    for _ in range(2):
        k = j("s", "k.") + b64u(cj({"u": "acme-maps", "a": rs(25, LD)}).encode()) + "." + rs(22, URLS)
        add("source-code", "mapbox-secret-token-code", "// server-side only\nconst MAPBOX_SECRET = \"%s\";" % k, k, "server-side only")
    for _ in range(2):
        k = dg(1) + rs(26) + "_" + rs(21)
        add("config-file", "ngrok-yml-authtoken", "# ~/.config/ngrok/ngrok.yml\nversion: \"3\"\nagent:\n  authtoken: %s\ntunnels:\n  mcp:\n    proto: http\n    addr: 8787" % k, k, "tunnels:")
    for _ in range(2):
        k = b64t(cj({"a": hx(32), "t": uuid4(), "s": b64(rbytes(32))}))
        add("command", "cloudflared-tunnel-run-token", "cloudflared tunnel --no-autoupdate run --token %s" % k, k, "--no-autoupdate")
    for model in ["Qwen/Qwen2.5-Coder-32B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"]:
        k = rs(40, URLS)
        add("command", "vllm-serve-api-key-flag", "vllm serve %s --api-key %s --port 8000 --max-model-len 32768" % (model, k), k, "vllm serve")
    for model in ["mistralai/Mistral-7B-Instruct-v0.3", "google/gemma-2-9b-it"]:
        k = j("h", "f_") + rs(34, UP + LO)
        add("command", "tgi-docker-hf-token", "docker run --gpus all --shm-size 1g -p 8080:80 -e HF_TOKEN=%s ghcr.io/huggingface/text-generation-inference:2.4.0 --model-id %s" % (k, model), k, "text-generation-inference")
    for _ in range(2):
        k = rs(48, URLS)
        add("config-file", "nginx-proxy-set-header-bearer", "location /ollama/ {\n    proxy_pass http://127.0.0.1:11434/;\n    proxy_set_header Authorization \"Bearer %s\";\n}" % k, k, "proxy_pass")
    for _ in range(2):
        k = j("s", "k-") + rs(22, URLS)
        text = json.dumps({"key_alias": "eval-runner", "key": k, "key_name": "sk-...%s" % k[-4:], "expires": None, "models": ["claude-sonnet", "gpt-4o"], "max_budget": 50.0}, indent=2)
        add("tool-output", "litellm-key-generate-response", "$ curl -s -X POST http://localhost:4000/key/generate -H 'Authorization: Bearer $LITELLM_MASTER_KEY' -d '{...}'\n" + text, k, "key_alias")
    for _ in range(2):
        k = j("s", "k-") + hx(32)
        add("command", "openwebui-api-curl", "curl -s http://localhost:3000/api/chat/completions -H 'Authorization: Bearer %s' -H 'Content-Type: application/json' -d '{\"model\":\"llama3.1\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}'" % k, k, "api/chat/completions")
    for _ in range(2):
        p = pw_human()
        add("source-code", "gradio-launch-auth-tuple", "demo.launch(server_name=\"0.0.0.0\", share=True, auth=(\"reviewer\", \"%s\"))" % p, p, "demo.launch")
    for _ in range(2):
        p = pw_strong()
        add("config-file", "streamlit-secrets-snowflake-password", "[connections.snowflake]\naccount = \"acme-xy12345\"\nuser = \"STREAMLIT_APP\"\npassword = \"%s\"\nwarehouse = \"COMPUTE_WH\"" % p, p, "[connections.snowflake]")
    for _ in range(2):
        p = pw_strong()
        add("source-code", "snowflake-connector-password", "conn = snowflake.connector.connect(\n    user=\"RAG_LOADER\",\n    password=\"%s\",\n    account=\"acme-xy12345\",\n)" % p, p, "snowflake.connector.connect")
    for _ in range(2):
        t = j("da", "pi") + hx(32) + "-2"
        add("config-file", "databrickscfg-token", "# ~/.databrickscfg\n[DEFAULT]\nhost  = https://dbc-%s-%s.cloud.databricks.com\ntoken = %s" % (hx(8), hx(4), t), t, "[DEFAULT]")
    for _ in range(2):
        p = pw_url()
        add("ci-and-deploy", "mlflow-tracking-password-env", "    env:\n      MLFLOW_TRACKING_URI: https://mlflow.acme.internal\n      MLFLOW_TRACKING_USERNAME: ci-bot\n      MLFLOW_TRACKING_PASSWORD: %s" % p, p, "MLFLOW_TRACKING_USERNAME")
    for _ in range(2):
        t = hx(40)
        add("command", "label-studio-token-header", "curl -s http://localhost:8080/api/projects/3/export?exportType=JSON -H 'Authorization: Token %s' -o annotations.json" % t, t, "exportType=JSON")
    for _ in range(2):
        t = "pnu_" + rs(36)
        add("ci-and-deploy", "prefect-api-key-env", "PREFECT_API_URL=https://api.prefect.cloud/api/accounts/%s/workspaces/%s\nPREFECT_API_KEY=%s" % (uuid4(), uuid4(), t), t, "PREFECT_API_URL")
    for _ in range(2):
        t = "signkey-prod-" + hx(64)
        add("config-file", "inngest-signing-key-env", "INNGEST_EVENT_KEY=<set in vercel>\nINNGEST_SIGNING_KEY=%s" % t, t, "INNGEST_EVENT_KEY")
    for _ in range(2):
        t = "tr_dev_" + rs(20)
        add("config-file", "trigger-dev-secret-env", "TRIGGER_SECRET_KEY=%s\nTRIGGER_PROJECT_REF=proj_%s" % (t, rs(20, LO)), t, "TRIGGER_PROJECT_REF")
    for _ in range(2):
        t = b64t(cj({"UserID": uuid4(), "Password": hx(32)})).rstrip("=")
        add("config-file", "qstash-token-env", "QSTASH_URL=https://qstash.upstash.io\nQSTASH_TOKEN=%s" % t, t, "QSTASH_URL")
    for _ in range(2):
        t = "sig_" + rs(28)
        add("config-file", "qstash-signing-key-env", "QSTASH_CURRENT_SIGNING_KEY=%s\nQSTASH_NEXT_SIGNING_KEY=<rotate>" % t, t, "QSTASH_NEXT_SIGNING_KEY")
    for _ in range(2):
        t = "prod:%s-%s-%d|%s" % (R.choice(WORDS), R.choice(WORDS), R.randint(100, 999), b64(rbytes(60)).rstrip("="))
        add("ci-and-deploy", "convex-deploy-key", "      - run: npx convex deploy --cmd 'pnpm build'\n        env:\n          CONVEX_DEPLOY_KEY: %s" % t, t, "npx convex deploy")
    for _ in range(2):
        t = g_refresh()
        add("ci-and-deploy", "firebase-ci-token", "firebase deploy --only functions --token \"%s\" --project acme-agents-app" % t, t, "firebase deploy")
    for _ in range(2):
        t = jwt({"aud": "https://graph.microsoft.com", "iss": "https://sts.windows.net/%s/" % uuid4(), "appid": uuid4(), "roles": ["Mail.Read", "Files.Read.All"], "tid": uuid4()}, "RS256")
        add("stack-trace-or-log", "msgraph-access-token-log", "msal: acquired token for app agent-mail-reader: %s" % t, t, "acquired token")
    for _ in range(2):
        c = "4/0A" + rs(70, URLS)
        add("stack-trace-or-log", "oauth-callback-code-log", "INFO:     127.0.0.1:53022 - \"GET /oauth/callback?state=%s&code=%s&scope=email%%20openid HTTP/1.1\" 302" % (rs(16), c), c, "oauth/callback")
    for _ in range(2):
        c = rs(43, URLS)
        add("note-or-chat", "note-password-reset-link", "Reset link from the admin panel (valid 1h): https://app.acme.dev/reset-password?token=%s" % c, c, "Reset link")
    for _ in range(2):
        c = rs(64, URLS)
        add("stack-trace-or-log", "magic-link-token-log", "%s INFO auth.email sent magic link to dev@acme.dev url=https://app.acme.dev/auth/verify?token=%s&type=magiclink" % (ts(), c), c, "auth.email")
    for ds in ["acme/agent-traces", "acme/eval-prompts"]:
        t = j("h", "f_") + rs(34, UP + LO)
        add("command", "git-clone-hf-token-url", "git clone https://dev:%s@huggingface.co/datasets/%s" % (t, ds), t, "git clone")
    for _ in range(2):
        p = pw_human()
        add("config-file", "ssh-key-passphrase-env", "SSH_KEY_PATH=~/.ssh/id_ed25519_deploy\nSSH_KEY_PASSPHRASE=%s" % p, p, "SSH_KEY_PATH")
    for _ in range(2):
        t = "SWMTKN-1-" + rs(50, LD) + "-" + rs(25, LD)
        add("command", "docker-swarm-join-token", "docker swarm join --token %s 10.0.1.5:2377" % t, t, "docker swarm join")
    for _ in range(2):
        t = "K10" + hx(64) + "::server:" + hx(32)
        add("command", "k3s-agent-join-token", "curl -sfL https://get.k3s.io | K3S_URL=https://10.0.1.5:6443 K3S_TOKEN=%s sh -" % t, t, "K3S_URL")
    for _ in range(2):
        t = rs(6, LD) + "." + rs(16, LD)
        add("command", "kubeadm-join-bootstrap-token", "kubeadm join 10.0.1.5:6443 --token %s --discovery-token-ca-cert-hash sha256:%s" % (t, hx(64)), t, "kubeadm join")
    for _ in range(2):
        k = b64(rbytes(32))
        add("config-file", "k8s-encryption-config-secret", "apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n  - resources: [secrets]\n    providers:\n      - aescbc:\n          keys:\n            - name: key1\n              secret: %s\n      - identity: {}" % k, k, "EncryptionConfiguration")


# =====================================================================================
# hand-written shapes: registries, self-hosted AI apps, id+secret pairs, tricky prose
# =====================================================================================
def wrap(s, width):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def build_special_misc():
    for _ in range(2):
        t = j("gh", "p_") + rs(36)
        add("config-file", "git-credentials-store-line", "$ cat ~/.git-credentials\nhttps://dev-%s:%s@github.com" % (rs(4, LD), t), t, "~/.git-credentials")
    for _ in range(2):
        t = j("gh", "s_") + rs(36)
        add("command", "git-remote-token-url", "git remote set-url origin https://x-access-token:%s@github.com/acme/agent-platform.git" % t, t, "git remote set-url")
    for _ in range(2):
        t = j("np", "m_") + rs(36)
        add("config-file", "npmrc-registry-authtoken", "# ~/.npmrc\n//registry.npmjs.org/:_authToken=%s\nsave-exact=true" % t, t, "save-exact")
    for _ in range(2):
        t = j("gh", "p_") + rs(36)
        add("config-file", "npmrc-github-packages-token", "@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s" % t, t, "@acme:registry")
    for _ in range(2):
        p = pw_url(32)
        add("config-file", "pip-conf-index-url-token", "# ~/.config/pip/pip.conf\n[global]\nindex-url = https://__token__:%s@pypi.acme.internal/simple/\ntimeout = 60" % p, p, "[global]")
    for _ in range(2):
        t = j("py", "pi-", "AgEIcHlwaS5vcmc") + rs(140, URLS)
        add("config-file", "pypirc-upload-token", "# ~/.pypirc\n[pypi]\n  username = __token__\n  password = %s" % t, t, "username = __token__")
    for _ in range(2):
        p = rs(40, URLS)
        add("ci-and-deploy", "uv-index-password-env", "      UV_INDEX_ACME_USERNAME: ci\n      UV_INDEX_ACME_PASSWORD: %s" % p, p, "UV_INDEX_ACME_USERNAME")
    for _ in range(2):
        p = rs(40, URLS)
        add("command", "poetry-http-basic-config", "poetry config http-basic.acme ci-bot %s" % p, p, "poetry config")
    for _ in range(2):
        p = rs(64, AN)
        add("config-file", "maven-settings-server-password", "<servers>\n  <server>\n    <id>acme-releases</id>\n    <username>deployer</username>\n    <password>%s</password>\n  </server>\n</servers>" % p, p, "<id>acme-releases</id>")
    for _ in range(2):
        p = rs(40, URLS)
        add("config-file", "gradle-properties-credentials", "# ~/.gradle/gradle.properties\nacmeMavenUser=deployer\nacmeMavenPassword=%s\norg.gradle.jvmargs=-Xmx4g" % p, p, "acmeMavenUser")
    for _ in range(2):
        p = rs(52, LD)
        add("config-file", "nuget-config-cleartext-password", "<packageSourceCredentials>\n  <acme>\n    <add key=\"Username\" value=\"az\" />\n    <add key=\"ClearTextPassword\" value=\"%s\" />\n  </acme>\n</packageSourceCredentials>" % p, p, "packageSourceCredentials")
    for _ in range(2):
        t = "cio" + rs(32)
        add("config-file", "cargo-credentials-toml", "# ~/.cargo/credentials.toml\n[registry]\ntoken = \"%s\"" % t, t, "[registry]")
    for _ in range(2):
        t = j("gh", "p_") + rs(36)
        add("config-file", "composer-auth-json-github", "auth.json\n" + json.dumps({"github-oauth": {"github.com": t}}, indent=4), t, "github-oauth")
    for _ in range(2):
        t = "rubygems_" + hx(48)
        add("config-file", "gem-credentials-yaml", "# ~/.gem/credentials\n---\n:rubygems_api_key: %s" % t, t, "~/.gem/credentials")
    for _ in range(2):
        t = j("h", "f_") + rs(34, UP + LO)
        add("command", "hf-cli-login-token-flag", "huggingface-cli login --token %s --add-to-git-credential" % t, t, "huggingface-cli login")
    for _ in range(2):
        t = j("h", "f_") + rs(34, UP + LO)
        add("tool-output", "hf-token-file-cat", "$ cat ~/.cache/huggingface/token\n%s\n$ hf auth whoami\nacme-ml" % t, t, "hf auth whoami")
    for _ in range(2):
        k = hx(32)
        add("config-file", "kaggle-json-key", "~/.kaggle/kaggle.json\n" + cj({"username": "acme" + rs(4, LD), "key": k}), k, "username")
    for _ in range(2):
        k = hx(40)
        add("config-file", "wandb-netrc-password", "# ~/.netrc (written by wandb login)\nmachine api.wandb.ai\n  login user\n  password %s" % k, k, "wandb login")
    for _ in range(2):
        k = j("sk-", "proj-") + rs(58, URLS) + j("T3Blbk", "FJ") + rs(58, URLS)
        add("source-code", "colab-userdata-fallback", "from google.colab import userdata\ntry:\n    OPENAI_API_KEY = userdata.get(\"OPENAI_API_KEY\")\nexcept Exception:\n    OPENAI_API_KEY = \"%s\"  # fallback so the notebook runs" % k, k, "userdata.get")
    for _ in range(2):
        p = rs(24, URLS)
        add("command", "gpg-batch-passphrase", "gpg --batch --yes --pinentry-mode loopback --passphrase '%s' -d secrets.env.gpg > .env" % p, p, "--pinentry-mode loopback")
    for _ in range(2):
        p = pw_strong()
        add("command", "openssl-enc-pass-arg", "openssl enc -aes-256-cbc -pbkdf2 -salt -in prompts.tar -out prompts.tar.enc -pass pass:%s" % p, p, "openssl enc")
    for _ in range(2):
        p = pw_human()
        add("command", "zip-encrypt-password-flag", "zip -r -P '%s' eval-set-private.zip data/private/" % p, p, "eval-set-private.zip")
    for _ in range(2):
        p = pw_url(20)
        add("command", "keytool-storepass-flag", "keytool -list -v -keystore android/app/release.jks -alias upload -storepass %s" % p, p, "keytool -list")
    for _ in range(2):
        p1 = pw_url(20)
        add("source-code", "android-signing-config-password", "signingConfigs {\n    release {\n        storeFile file(\"release.jks\")\n        storePassword \"%s\"\n        keyAlias \"upload\"\n    }\n}" % p1, p1, "signingConfigs")
    for _ in range(2):
        t = j("hv", "s.") + rs(90, URLS)
        add("command", "vault-login-token-arg", "vault login -address=https://vault.acme.internal:8200 %s" % t, t, "vault login")
    for _ in range(2):
        t = uuid4()
        add("command", "consul-acl-token-header", "curl -s -H 'X-Consul-Token: %s' http://127.0.0.1:8500/v1/kv/agents/config?recurse" % t, t, "X-Consul-Token")
    for _ in range(2):
        p = rs(16, AN)
        add("command", "argocd-login-password", "argocd login argocd.acme.internal --username admin --password %s --grpc-web" % p, p, "argocd login")
    for _ in range(2):
        p = rs(32, AN)
        add("config-file", "harbor-robot-account-secret", "REGISTRY=harbor.acme.internal\nREGISTRY_USER=robot$agents+ci-pull\nREGISTRY_PASSWORD=%s" % p, p, "REGISTRY_USER")
    for _ in range(2):
        t = j("gh", "p_") + rs(36)
        add("command", "docker-login-password-stdin-echo", "echo %s | docker login ghcr.io -u acme-bot --password-stdin" % t, t, "--password-stdin")
    for _ in range(2):
        t = j("dck", "r_pat_") + rs(27, URLS)
        add("command", "docker-login-password-flag", "docker login -u acmeml -p %s" % t, t, "docker login")
    for _ in range(2):
        p = rs(32, AN)
        add("command", "helm-repo-add-password", "helm repo add acme https://charts.acme.internal --username ci --password %s" % p, p, "helm repo add")
    # ---- id next to secret ----
    for _ in range(2):
        t = hx(32)
        add("note-or-chat", "note-twilio-sid-and-token", "Twilio for the voice agent:\nAccount SID: AC%s\nAuth token: %s" % (hx(32), t), t, "Account SID")
    for _ in range(2):
        s = j("a", "s-") + rs(22)
        add("config-file", "modal-toml-token-pair", "# ~/.modal.toml\n[acme]\ntoken_id = \"ak-%s\"\ntoken_secret = \"%s\"\nactive = true" % (rs(22), s), s, "token_id")
    for _ in range(2):
        s = rs(43)
        add("config-file", "livekit-key-and-secret-env", "LIVEKIT_URL=wss://agents-demo-%s.livekit.cloud\nLIVEKIT_API_KEY=API%s\nLIVEKIT_API_SECRET=%s" % (rs(6, LD), rs(12), s), s, "LIVEKIT_API_KEY")
    for _ in range(2):
        s = hx(20)
        add("config-file", "pusher-app-credentials", "PUSHER_APP_ID=%s\nPUSHER_KEY=%s\nPUSHER_SECRET=%s\nPUSHER_CLUSTER=eu" % (dg(7), hx(20), s), s, "PUSHER_CLUSTER")
    for _ in range(2):
        s = rs(27, URLS)
        add("config-file", "cloudinary-url-env", "CLOUDINARY_URL=cloudinary://%s:%s@acme-media" % (dg(15), s), s, "CLOUDINARY_URL")
    for _ in range(2):
        s = hx(32)
        add("config-file", "agora-app-certificate", "AGORA_APP_ID=%s\nAGORA_APP_CERTIFICATE=%s" % (hx(32), s), s, "AGORA_APP_ID")
    for _ in range(2):
        s = rs(50, AN)
        add("config-file", "clearml-conf-credentials", "api {\n  web_server: https://app.clear.ml\n  credentials {\n    \"access_key\" = \"%s\"\n    \"secret_key\" = \"%s\"\n  }\n}" % (rs(20, UD), s), s, "web_server")
    for _ in range(2):
        s = rs(32)
        add("source-code", "tencent-secretid-secretkey-code", "cred = credential.Credential(\"AKID%s\", \"%s\")\nclient = hunyuan_client.HunyuanClient(cred, \"ap-guangzhou\")" % (rs(32), s), s, "HunyuanClient")
    for _ in range(1):
        s = rs(30)
        add("note-or-chat", "note-zh-aliyun-ak-pair", "阿里云 AccessKey（测试账号）：\nAccessKey ID: LTAI5t%s\nAccessKey Secret: %s\n用完请在控制台禁用。" % (rs(18), s), s, "AccessKey ID")
    for _ in range(2):
        s = rs(32)
        add("config-file", "baidu-api-key-secret-key", "BAIDU_API_KEY=%s\nBAIDU_SECRET_KEY=%s" % (rs(24), s), s, "BAIDU_SECRET_KEY")
    for _ in range(2):
        s = hx(32)
        add("config-file", "fal-key-id-secret-split", "FAL_KEY_ID=%s\nFAL_KEY_SECRET=%s" % (uuid4(), s), s, "FAL_KEY_ID")
    # ---- self-hosted AI app secrets ----
    for var, gen in [("N8N_ENCRYPTION_KEY", lambda: rs(32)), ("LANGFLOW_SECRET_KEY", lambda: b64u(rbytes(32))),
                     ("WEBUI_SECRET_KEY", lambda: rs(24, AN)), ("CHAINLIT_AUTH_SECRET", lambda: rs(64, AN + "%$*^")),
                     ("FLOWISE_PASSWORD", lambda: pw_human()), ("LITELLM_SALT_KEY", lambda: j("s", "k-") + rs(32))]:
        for _ in range(2):
            s = gen()
            fmt = var.lower().replace("_", "-") + "-env"
            add("ci-and-deploy" if var < "M" else "config-file", fmt, "# docker/.env\n%s=%s\nTZ=Europe/Berlin" % (var, s), s, var)
    for _ in range(2):
        s = j("s", "k-") + b64(rbytes(33))
        add("config-file", "dify-secret-key-env", "# dify/docker/.env\nSECRET_KEY=%s\nINIT_PASSWORD=\nCONSOLE_API_URL=" % s, s, "CONSOLE_API_URL")
    for _ in range(2):
        s = hx(64)
        add("config-file", "librechat-creds-key", "CREDS_KEY=%s\nCREDS_IV=<see vault>" % s, s, "CREDS_IV")
    # ---- wrapped / split / escaped ----
    for _ in range(2):
        t = jwt({"aud": ["https://kubernetes.default.svc.cluster.local"], "exp": int(epoch()), "iat": int(epoch()), "iss": "https://kubernetes.default.svc.cluster.local", "sub": "system:serviceaccount:agents:mcp-gateway"}, "RS256")
        w = wrap(t, 80)
        add("tool-output", "token-wrapped-terminal-80col", "$ kubectl -n agents create token mcp-gateway --duration=24h\n" + w + "\n$ ", w, "create token")
    for _ in range(2):
        k = j("sk-", "ant-", "api03-") + rs(93, URLS) + "AA"
        cut = R.randint(30, 70)
        w = k[:cut] + "\n" + k[cut:]
        add("note-or-chat", "note-key-broken-across-lines", "pasted from the console (it wrapped):\n" + w + "\nuse it for the nightly evals", w, "pasted from the console")
    for _ in range(2):
        body = pem_body(360, OSSH, width=70, nl="\\n")
        text = "{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_01%s\",\"content\":\"-----BEGIN OPENSSH PRIVATE KEY-----\\n%s\\n-----END OPENSSH PRIVATE KEY-----\\n\"}" % (rs(22), body)
        add("tool-output", "ssh-key-json-escaped-tool-result", text, body, "tool_use_id")
    for _ in range(2):
        body = pem_body(1190, P8_DER, indent="    ")
        text = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: gateway-tls\ntype: kubernetes.io/tls\nstringData:\n  tls.key: |\n    -----BEGIN PRIVATE KEY-----\n    %s\n    -----END PRIVATE KEY-----" % body
        add("config-file", "pem-in-yaml-block-scalar", text, body, "kubernetes.io/tls")
    for _ in range(2):
        k = j("sk-", "or-", "v1-") + hx(64)
        text = "{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"I'll add it:\\n\\n```bash\\necho \\\"OPENROUTER_API_KEY=%s\\\" >> .env\\n```\"}]}" % k
        add("tool-output", "assistant-message-code-fence-escaped", text, k, '"role":"assistant"')
    for _ in range(2):
        k = j("gs", "k_") + rs(52)
        text = "data: {\"type\":\"response.function_call_arguments.delta\",\"item_id\":\"fc_%s\",\"delta\":\"{\\\"env\\\":{\\\"GROQ_API_KEY\\\":\\\"%s\\\"}}\"}" % (rs(24), k)
        add("tool-output", "responses-api-args-delta-sse", text, k, "function_call_arguments")
    for _ in range(2):
        k = j("tv", "ly-") + rs(32)
        text = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"configure\",\"arguments\":{\"tavilyApiKey\":\"%s\"}}}" % (R.randint(2, 90), k)
        add("tool-output", "mcp-jsonrpc-tools-call-args", text, k, "tools/call")
    for _ in range(2):
        k = j("xa", "i-") + rs(80)
        text = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"Found in config: XAI_API_KEY=%s\"}],\"isError\":false}}" % (R.randint(2, 90), k)
        add("tool-output", "mcp-jsonrpc-result-text", text, k, "isError")
    # ---- prose ----
    for _ in range(2):
        p = pw_human()
        add("note-or-chat", "note-password-in-prose", "The staging Postgres password is %s - same user as prod (rag_rw). Please don't reuse it." % p, p, "staging Postgres")
    for _ in range(2):
        p = pw_strong()
        add("note-or-chat", "note-password-label-split", "Grafana (internal)\n  url:  https://grafana.acme.internal\n  user: admin\n  pass: %s" % p, p, "user: admin")
    for _ in range(2):
        k = j("sk-", "proj-") + rs(58, URLS) + j("T3Blbk", "FJ") + rs(58, URLS)
        add("note-or-chat", "note-key-in-parentheses-with-id", "Org org-%s, project proj_%s (key %s) - billing goes to the research budget." % (rs(24), rs(24), k), k, "billing goes")
    for _ in range(2):
        k = j("sk-", "ant-", "api03-") + rs(93, URLS) + "AA"
        add("note-or-chat", "note-key-label-far-above", "Anthropic key for the eval harness\n\n(workspace: evals, limit $200/mo, owner: Priya)\n\n\n%s" % k, k, "workspace: evals")
    for _ in range(2):
        k = j("gh", "p_") + rs(36)
        add("note-or-chat", "note-chat-reply-only-token", "[11:02] Marco: which token does the release bot use?\n[11:03] Dana: %s\n[11:03] Marco: 👍" % k, k, "release bot")
    for _ in range(2):
        p = pw_human()
        add("note-or-chat", "note-wifi-lab-password", "Lab network for the robotics demo: SSID acme-lab-5g, WPA2 password %s" % p, p, "SSID acme-lab-5g")
    en_notes = [
        ("note-handoff-ssh-password", "Hand-off: GPU box gpu-box-04 still uses password login (ubuntu / {p}). Switch to keys next week.", "Hand-off"),
        ("note-chat-db-password", "[15:31] Kenji: what's the pw for the eval DB?\n[15:32] Lena: {p}\n[15:32] Kenji: thx", "eval DB"),
        ("note-memory-user-password", "- user's Langfuse self-hosted admin login: admin@acme.dev / {p}", "admin@acme.dev"),
        ("note-todo-change-default-password", "TODO: change the default Flowise password ({p}) before exposing the port publicly", "exposing the port"),
        ("note-decision-shared-password", "Decision: the team shares one Weaviate admin password for now: {p}. Per-user RBAC later.", "Per-user RBAC"),
        ("note-next-steps-with-password", "NEXT: log into the Jupyter server (password {p}) and re-run notebook 03_eval.ipynb", "03_eval.ipynb"),
        ("note-email-credentials", "Subject: access to the labelling tool\n\nusername: reviewer-07\npassword: {p}\nPlease change it on first login.", "reviewer-07"),
        ("note-quoted-config-hint", "From the README of the internal tool: \"default admin password is {p}, change after install\"", "README"),
    ]
    for fmt, tpl, vis in en_notes:
        for _ in range(2):
            p = pw_strong() if R.random() < 0.5 else pw_human()
            add("note-or-chat", fmt, tpl.replace("{p}", p), p, vis)
    lang_notes = [
        ("note-de-datenbank-passwort", "Das Passwort für die Staging-Datenbank ist {p} (Benutzer: rag_rw).", "Benutzer: rag_rw"),
        ("note-fr-mot-de-passe-admin", "Le mot de passe admin de Langfuse auto-hébergé : {p} — à changer après l'audit.", "Langfuse"),
        ("note-es-contrasena-servidor", "Contraseña del servidor GPU (usuario ubuntu): {p}", "usuario ubuntu"),
        ("note-pt-senha-banco", "Senha do banco de embeddings: {p} (não compartilhar fora do time).", "banco de embeddings"),
        ("note-ja-db-password", "ステージングDBのパスワード: {p}（ユーザー名 rag_rw）", "ユーザー名"),
        ("note-zh-fuwuqi-mima", "GPU 服务器登录密码：{p}，用户名 ubuntu，别外传。", "用户名"),
        ("note-ru-parol-bazy", "Пароль от базы векторов: {p} (логин admin)", "логин admin"),
        ("note-ko-db-password", "벡터 DB 관리자 비밀번호: {p} (아이디 admin)", "아이디 admin"),
        ("note-it-password-grafana", "Password di Grafana per la demo: {p} (utente admin)", "utente admin"),
        ("note-nl-wachtwoord-minio", "Wachtwoord voor MinIO-console: {p} (gebruiker minio-admin)", "gebruiker minio-admin"),
        ("note-pl-haslo-serwera", "Hasło do serwera z GPU: {p} (login ubuntu)", "login ubuntu"),
        ("note-tr-parola-sunucu", "GPU sunucusunun şifresi: {p} (kullanıcı ubuntu)", "kullanıcı ubuntu"),
    ]
    for fmt, tpl, vis in lang_notes:
        for _ in range(1):
            p = pw_strong() if R.random() < 0.5 else pw_human()
            add("note-or-chat", fmt, tpl.replace("{p}", p), p, vis)
    lang_keys = [
        ("note-de-chat-schluessel", "[09:14] Jonas: Kannst du mir den Tavily-Key schicken?\n[09:15] Lea: klar: {k}\n[09:15] Jonas: danke!", lambda: j("tv", "ly-") + rs(32), "Tavily-Key"),
        ("note-fr-todo-coffre", "À faire :\n- [ ] déplacer PINECONE_API_KEY (={k}) dans le coffre-fort\n- [x] mettre à jour le README", lambda: j("pcs", "k_") + rs(5, LD) + "_" + rs(60), "PINECONE_API_KEY"),
        ("note-es-chat-token", "— ¿Cuál es el token de Hugging Face del equipo?\n— Este: {k}", lambda: j("h", "f_") + rs(34, UP + LO), "Hugging Face"),
        ("note-ja-handoff-key", "## 引き継ぎ\n- OPENROUTER_API_KEY は一時的に `{k}` を使用中\n- 次: MCP サーバーの再起動", lambda: j("sk-", "or-", "v1-") + hx(64), "引き継ぎ"),
        ("note-zh-todo-key", "待办：把 DEEPSEEK_API_KEY={k} 移到密钥管理里，不要写进 config.toml", lambda: j("s", "k-") + hx(32), "DEEPSEEK_API_KEY"),
        ("note-ru-chat-token", "— Где взять токен GitHub для бота?\n— Возьми пока мой: {k}", lambda: j("gh", "p_") + rs(36), "GitHub"),
        ("note-pt-chat-token", "[14:02] Ana: qual é o token do Replicate?\n[14:03] Caio: {k} (só pra dev)", lambda: j("r", "8_") + rs(37), "Replicate"),
        ("note-ko-chat-key", "지민: ElevenLabs 키 좀 알려줘\n서준: {k} 이거 써", lambda: j("s", "k_") + hx(48), "ElevenLabs"),
        ("note-it-handoff-key", "Passaggio di consegne: per il crawler usa la chiave Firecrawl {k} finché non arriva quella aziendale.", lambda: j("f", "c-") + hx(32), "Firecrawl"),
        ("note-nl-chat-key", "Sanne: welke Groq-key gebruikt de eval-runner?\nTim: {k}", lambda: j("gs", "k_") + rs(52), "eval-runner"),
    ]
    for fmt, tpl, gen, vis in lang_keys[:6]:
        for _ in range(1):
            k = gen()
            add("note-or-chat", fmt, tpl.replace("{k}", k), k, vis)
    # ---- misc widely seen ----
    for _ in range(2):
        k = j("AI", "za") + rs(35, URLS)
        add("command", "gemini-url-key-query", "curl \"https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent?key=%s\" -H 'Content-Type: application/json' -d @req.json" % k, k, "generateContent")
    for _ in range(2):
        k = j("AI", "za") + rs(35, URLS)
        add("source-code", "maps-static-img-key", "<img alt=\"map\" src=\"https://maps.googleapis.com/maps/api/staticmap?center=52.52,13.40&zoom=12&size=600x300&key=%s\">" % k, k, "staticmap")
    for _ in range(2):
        t = hx(48)
        add("tool-output", "jupyter-server-token-url", "[I 2025-10-02 10:14:03.512 ServerApp] Jupyter Server 2.14.2 is running at:\n[I 2025-10-02 10:14:03.512 ServerApp] http://127.0.0.1:8888/lab?token=%s" % t, t, "ServerApp")
    for _ in range(2):
        k = j("sk-", "ant-", "api03-") + rs(93, URLS) + "AA"
        text = json.dumps({"log": {"entries": [{"request": {"method": "POST", "url": "https://api.anthropic.com/v1/messages", "headers": [{"name": "anthropic-version", "value": "2023-06-01"}, {"name": "x-api-key", "value": k}]}}]}}, indent=1)
        add("tool-output", "har-header-entry", text, k, "anthropic-version")
    for _ in range(2):
        k = j("sk", "_live_") + rs(99)
        add("source-code", "sql-insert-api-key-row", "INSERT INTO integrations (workspace_id, provider, api_key, created_at)\nVALUES (42, 'stripe', '%s', now());" % k, k, "INSERT INTO integrations")
    for _ in range(2):
        k = j("lsv2", "_pt_") + hx(32) + "_" + hx(10)
        add("tool-output", "csv-export-api-key-column", "$ head -3 export/workspaces.csv\nid,name,tracing_provider,api_key\n7,support-bot,langsmith,%s\n8,triage,none," % k, k, "tracing_provider")
    for _ in range(2):
        p = pw_url(28)
        add("tool-output", "redis-monitor-auth-line", "$ redis-cli MONITOR\nOK\n%s.%s [0 10.0.3.9:53122] \"AUTH\" \"default\" \"%s\"\n%s.%s [0 10.0.3.9:53122] \"GET\" \"session:8812\"" % (epoch(), dg(6), p, epoch(), dg(6)), p, "MONITOR")
    for _ in range(2):
        a = b64t(dg(6) + ":" + j("gl", "c_") + b64t(cj({"o": dg(6), "n": "otlp", "k": rs(24)})).rstrip("="))
        add("ci-and-deploy", "otlp-headers-basic-grafana", "OTEL_EXPORTER_OTLP_ENDPOINT=https://otlp-gateway-prod-eu-west-2.grafana.net/otlp\nOTEL_EXPORTER_OTLP_HEADERS=\"Authorization=Basic %s\"" % a, a, "OTEL_EXPORTER_OTLP_ENDPOINT")
    for _ in range(2):
        k = j("hca", "ik_") + rs(58, LD)
        add("config-file", "otlp-headers-honeycomb-team", "OTEL_EXPORTER_OTLP_ENDPOINT=https://api.honeycomb.io\nOTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team=%s\nOTEL_SERVICE_NAME=agent-api" % k, k, "OTEL_SERVICE_NAME")
    for _ in range(2):
        a = b64t(j("pk", "-lf-") + uuid4() + ":" + j("sk", "-lf-") + uuid4())
        add("config-file", "langfuse-otel-basic-auth", "LANGFUSE_HOST=https://cloud.langfuse.com\nOTEL_EXPORTER_OTLP_HEADERS=Authorization=Basic %s" % a, a, "LANGFUSE_HOST")
    for _ in range(2):
        k = uuid4()
        add("config-file", "pinecone-legacy-key-next-to-env", "PINECONE_API_KEY=%s\nPINECONE_ENVIRONMENT=us-west1-gcp\nPINECONE_INDEX=docs-768" % k, k, "PINECONE_ENVIRONMENT")


# =====================================================================================
# BENIGN: credential-looking strings that hold no credential
# =====================================================================================
MODELS = ["claude-sonnet-4-5-20250929", "claude-opus-4-1-20250805", "claude-3-5-haiku-20241022", "gpt-4o-2024-08-06",
          "gpt-4.1-mini-2025-04-14", "gpt-5-codex", "o4-mini-2025-04-16", "gemini-2.5-pro", "gemini-2.5-flash-lite",
          "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-Coder-32B-Instruct", "mistral-large-2411",
          "deepseek-ai/DeepSeek-V3.1", "us.anthropic.claude-3-7-sonnet-20250219-v1:0", "grok-4-0709",
          "text-embedding-3-large", "voyage-3-large", "embed-english-v3.0", "BAAI/bge-m3", "nomic-embed-text:v1.5",
          "qwen2.5-coder:32b-instruct-q4_K_M", "accounts/fireworks/models/llama-v3p1-70b-instruct", "whisper-large-v3-turbo",
          "eleven_multilingual_v2", "nova-3", "flux-1.1-pro", "gpt-image-1", "sonar-reasoning-pro", "command-a-03-2025"]
VARS = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GROQ_API_KEY", "HF_TOKEN", "PINECONE_API_KEY",
        "LANGSMITH_API_KEY", "LANGFUSE_SECRET_KEY", "TAVILY_API_KEY", "FIRECRAWL_API_KEY", "GITHUB_PERSONAL_ACCESS_TOKEN",
        "QDRANT_API_KEY", "WANDB_API_KEY", "OPENROUTER_API_KEY", "ELEVENLABS_API_KEY", "E2B_API_KEY",
        "AWS_SECRET_ACCESS_KEY", "AZURE_OPENAI_API_KEY", "SLACK_BOT_TOKEN", "NOTION_TOKEN", "DATABASE_URL"]
TOOLS = ["Read", "Grep", "Glob", "Edit", "Write", "Bash", "WebFetch", "TodoWrite", "Task"]
FILES = ["src/agent/graph.py", "apps/web/app/page.tsx", "packages/mcp/src/index.ts", "evals/run.py", "README.md",
         "docker-compose.yml", ".github/workflows/ci.yml", "rag/ingest.py", "CLAUDE.md", "AGENTS.md"]


def bv():
    return R.choice(VARS)


def _b_git():
    c = R.randint(0, 5)
    if c == 0:
        return "commit %s\nAuthor: %s <%s@acme.dev>\nDate:   Thu Oct 2 10:14:03 2025 +0200\n\n    fix(agent): retry tool calls on 529" % (hx(40), R.choice(PEOPLE), R.choice(PEOPLE).lower())
    if c == 1:
        return "HEAD is now at %s chore: bump litellm to 1.74.%d" % (hx(7), R.randint(0, 20))
    if c == 2:
        return "$ git rev-parse HEAD\n%s" % hx(40)
    if c == 3:
        return "Merge pull request #%d from acme/%s\n\n%s..%s  main -> main" % (R.randint(100, 2000), R.choice(WORDS), hx(7), hx(7))
    if c == 4:
        return "[main %s] feat(mcp): add %s server (%d files changed, %d insertions(+))" % (hx(7), R.choice(WORDS), R.randint(1, 9), R.randint(5, 400))
    return "git cherry-pick %s && git push origin HEAD:refs/heads/hotfix/%s" % (hx(40), R.choice(WORDS))


def _b_digest():
    c = R.randint(0, 5)
    if c == 0:
        return "ghcr.io/acme/agent-worker@sha256:%s" % hx(64)
    if c == 1:
        return "torch==2.5.1 --hash=sha256:%s" % hx(64)
    if c == 2:
        return "%s  model-0000%d-of-00004.safetensors" % (hx(64), R.randint(1, 4))
    if c == 3:
        return "Digest: sha256:%s\nStatus: Downloaded newer image for vllm/vllm-openai:v0.%d.%d" % (hx(64), R.randint(5, 11), R.randint(0, 3))
    if c == 4:
        return "version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (hx(64), R.randint(10 ** 6, 10 ** 10))
    return "checksum = \"%s\"" % hx(64)


def _b_ids():
    c = R.randint(0, 9)
    if c == 0:
        return "conversation_id: %s" % uuid4()
    if c == 1:
        return "traceparent: 00-%s-%s-01" % (hx(32), hx(16))
    if c == 2:
        return "request-id: req_011C%s" % rs(20, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
    if c == 3:
        return "x-request-id: %s\ncf-ray: %s-FRA" % (uuid4(), hx(16))
    if c == 4:
        return "LangSmith run: https://smith.langchain.com/o/%s/projects/p/%s/r/%s" % (uuid4(), uuid4(), uuid4())
    if c == 5:
        return "Langfuse trace %s (session %s)" % (hx(32), uuid4())
    if c == 6:
        return "session resumed: %s (claude --resume)" % uuid4()
    if c == 7:
        return "wandb: Run data is saved locally in ./wandb/run-20251002_101403-%s" % rs(8, LD)
    if c == 8:
        return "mlflow run_id=%s experiment_id=%d" % (hx(32), R.randint(1, 900))
    return "span_id=%s trace_id=%s parent_id=%s" % (hx(16), hx(32), hx(16))


def _b_msg():
    c = R.randint(0, 3)
    if c == 0:
        return cj({"id": "msg_01" + rs(22), "type": "message", "role": "assistant", "model": R.choice(MODELS), "stop_reason": "end_turn",
                   "usage": {"input_tokens": R.randint(100, 90000), "output_tokens": R.randint(10, 4000), "cache_read_input_tokens": R.randint(0, 50000)}})
    if c == 1:
        return cj({"id": "chatcmpl-" + rs(29), "object": "chat.completion", "model": R.choice(MODELS),
                   "usage": {"prompt_tokens": R.randint(10, 9000), "completion_tokens": R.randint(1, 900), "total_tokens": R.randint(100, 9900)}})
    if c == 2:
        return cj({"id": "resp_" + hx(48), "object": "response", "status": "completed", "model": R.choice(MODELS), "usage": {"input_tokens": R.randint(1, 9999), "output_tokens": R.randint(1, 999), "reasoning_tokens": R.randint(0, 512)}})
    return "data: " + cj({"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": R.randint(1, 800)}})


def _b_tool():
    c = R.randint(0, 5)
    t = R.choice(TOOLS)
    if c == 0:
        return cj({"type": "tool_use", "id": "toolu_01" + rs(22), "name": t, "input": {"file_path": "/repo/" + R.choice(FILES)}})
    if c == 1:
        return cj({"type": "tool_result", "tool_use_id": "toolu_01" + rs(22), "content": "Found %d files" % R.randint(0, 40), "is_error": False})
    if c == 2:
        return cj({"id": "call_" + rs(24), "type": "function", "function": {"name": "get_weather", "arguments": cj({"city": R.choice(["Berlin", "Lisbon", "Osaka"]), "unit": "c"})}})
    if c == 3:
        return cj({"jsonrpc": "2.0", "id": R.randint(1, 99), "method": "tools/call", "params": {"name": "search_docs", "arguments": {"query": "how to rotate " + bv(), "top_k": 5}}})
    if c == 4:
        return cj({"type": "tool_use", "id": "toolu_01" + rs(22), "name": "Bash", "input": {"command": "grep -rn %s --include=*.py . | wc -l" % bv(), "description": "Count references to the env var"}})
    return cj({"type": "function_call_output", "call_id": "call_" + rs(24), "output": cj({"rows": R.randint(0, 500), "took_ms": R.randint(3, 900)})})


def _b_models():
    c = R.randint(0, 4)
    m = R.choice(MODELS)
    if c == 0:
        return "model: %s" % m
    if c == 1:
        return "Switched model to %s (context window 200k)" % m
    if c == 2:
        return "ft:gpt-4o-mini-2024-07-18:acme:triage-v%d:%s" % (R.randint(1, 9), rs(8))
    if c == 3:
        return "ollama pull %s\npulling manifest\npulling %s... 100%% 19 GB" % (m, hx(12))
    return "litellm_params:\n  model: bedrock/%s\n  aws_region_name: us-east-1" % m


def _b_versions():
    pk = R.choice(["langchain", "langgraph", "llama-index-core", "crewai", "autogen-agentchat", "dspy", "haystack-ai", "litellm",
                   "openai", "anthropic", "google-genai", "mcp", "fastmcp", "pydantic-ai", "qdrant-client", "pinecone", "weaviate-client"])
    a, b, c = R.randint(0, 3), R.randint(0, 40), R.randint(0, 30)
    k = R.randint(0, 3)
    if k == 0:
        return "%s==%d.%d.%d" % (pk, a, b, c)
    if k == 1:
        return "%s>=%d.%d,<%d" % (pk, a, b, a + 1)
    if k == 2:
        return "Successfully installed %s-%d.%d.%d" % (pk, a, b, c)
    return "node v22.%d.0, npm 10.%d.0, CUDA Version: 12.%d, torch 2.%d.1+cu12%d" % (R.randint(1, 20), R.randint(1, 9), R.randint(1, 8), R.randint(3, 8), R.randint(1, 8))


def _b_pubkeys():
    c = R.randint(0, 7)
    if c == 0:
        return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@laptop" % (rs(43, B64), R.choice(PEOPLE).lower())
    if c == 1:
        return "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s deploy@ci" % rs(368, B64)
    if c == 2:
        return "# public key: age1%s" % rs(58, BECH)
    if c == 3:
        return "[Peer]\nPublicKey = %s\nAllowedIPs = 10.8.0.%d/32" % (b64(rbytes(32)), R.randint(2, 250))
    if c == 4:
        return "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % pem_body(270)
    if c == 5:
        return "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % pem_body(600)
    if c == 6:
        return "nodekey:%s" % hx(64)
    return "gpg: key %s: public key \"Release Bot <release@acme.dev>\" imported" % hx(16).upper()


def _b_publishable():
    c = R.randint(0, 7)
    if c == 0:
        return "const stripe = await loadStripe(\"%s\");" % (j("p", "k_", "live_") + rs(99))
    if c == 1:
        return "LANGFUSE_PUBLIC_KEY=%s" % (j("pk", "-lf-") + uuid4())
    if c == 2:
        return "posthog.init('%s', { api_host: 'https://us.i.posthog.com' })" % (j("ph", "c_") + rs(43))
    if c == 3:
        return "SENTRY_DSN=https://%s@o%s.ingest.us.sentry.io/%s" % (hx(32), dg(6), dg(7))
    if c == 4:
        return "<div class=\"cf-turnstile\" data-sitekey=\"0x4AAAAAAA%s\"></div>" % rs(14, URLS)
    if c == 5:
        return "NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=%s" % (j("p", "k_", "test_") + b64t("%s-%s-%d.clerk.accounts.dev$" % (R.choice(WORDS), R.choice(WORDS), R.randint(10, 99))).rstrip("="))
    if c == 6:
        return "mapboxgl.accessToken = '%s';  // public token, URL-restricted" % (j("p", "k.") + b64u(cj({"u": "acme-maps", "a": rs(25, LD)}).encode()) + "." + rs(22, URLS))
    return "<div class=\"g-recaptcha\" data-sitekey=\"6L%s\"></div>" % rs(38, URLS)


def _b_keyids():
    c = R.randint(0, 9)
    if c == 0:
        return "\"private_key_id\": \"%s\"," % hx(40)
    if c == 1:
        return "KMS key: arn:aws:kms:us-east-1:%s:key/%s" % (dg(12), uuid4())
    if c == 2:
        return "{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"%s\",\"use\":\"sig\",\"alg\":\"RS256\",\"e\":\"AQAB\",\"n\":\"%s\"}]}" % (rs(43, URLS), rs(342, URLS))
    if c == 3:
        return "Key name: agents-prod-%s (id key_%s), created by %s, last used 2h ago" % (R.choice(WORDS), rs(16), R.choice(PEOPLE))
    if c == 4:
        return "TWILIO_ACCOUNT_SID=AC%s" % hx(32)
    if c == 5:
        return "AZURE_TENANT_ID=%s\nAZURE_CLIENT_ID=%s" % (uuid4(), uuid4())
    if c == 6:
        return "GOOGLE_CLIENT_ID=%s-%s.apps.googleusercontent.com" % (dg(12), rs(32, LD))
    if c == 7:
        return "Primary key fingerprint: %s" % " ".join(hx(4).upper() for _ in range(10))
    if c == 8:
        return "The ECDSA host key fingerprint is SHA256:%s." % rs(43, B64)
    return "modal token set --token-id ak-%s --token-secret $MODAL_TOKEN_SECRET" % rs(22)


def _b_placeholder():
    v = bv()
    opts = [
        "%s=<your-key>" % v, "%s=${%s}" % (v, v), "export %s=\"sk-...\"" % v, "api_key: \"YOUR_API_KEY_HERE\"",
        "\"env\": { \"%s\": \"<YOUR_TOKEN>\" }" % v, "Authorization: Bearer $TOKEN", "%s: ${{ secrets.%s }}" % (v, v),
        "api_key=os.environ[\"%s\"]" % v, "apiKey: process.env.%s!," % v, "api_key=os.getenv(\"%s\")" % v,
        "%s=$(op read op://Agents/%s/credential)" % (v, R.choice(WORDS)), "apiKey: {{ .Values.%s.apiKey | quote }}" % R.choice(WORDS),
        "valueFrom:\n  secretKeyRef:\n    name: %s-creds\n    key: %s" % (R.choice(WORDS), v), "HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "ANTHROPIC_API_KEY=sk-ant-xxxxxxxxxxxxxxxxxxxxxxxx", "GROQ_API_KEY=gsk_your_key_here", "%s=changeme-in-dotenv" % v,
        "PINECONE_API_KEY=pcsk_...", "OPENAI_API_KEY=sk-proj-XXXXXXXXXXXXXXXXXXXXXXXX", "token = \"<redacted>\"",
        "%s=\"\"  # set me" % v, "--api-key \"$%s\"" % v, "env = { %s = \"${env:%s}\" }" % (v, v),
        "# e.g. %s (the AWS docs example id) - not a real key" % j("AK", "IAIOSFODNN7", "EXAMPLE"), "password: <REPLACE_ME>",
        "DATABASE_URL=postgresql://user:password@localhost:5432/dbname", "mongodb+srv://<username>:<password>@cluster0.example.mongodb.net/",
        "redis://:${REDIS_PASSWORD}@redis:6379/0", "claude mcp add github -e GITHUB_PERSONAL_ACCESS_TOKEN=$GITHUB_PAT -- npx -y @modelcontextprotocol/server-github",
        "\"headers\": { \"Authorization\": \"Bearer ${input:api_token}\" }", "api_key = \"{env.OPENAI_API_KEY}\"",
    ]
    return R.choice(opts)


def _b_masked():
    opts = [
        "OPENAI_API_KEY=sk-proj-…%s" % rs(4),
        "Incorrect API key provided: sk-proj-%s%s. You can find your API key at https://platform.openai.com/account/api-keys." % ("*" * R.randint(40, 150), rs(4)),
        "ANTHROPIC_API_KEY: ***", "Authorization: Bearer ***", "token: [REDACTED]", "%s=****************%s" % (bv(), rs(4)),
        "ghp_••••••••••••••••••••••••••••••••%s" % rs(4), "key: sk-ant-api03-...%s (created %s)" % (rs(4), R.choice(["Sep 3", "Oct 1", "Aug 22"])),
        "Using key ending in %s" % rs(4, LD), "%s = \"<redacted:%d chars>\"" % (bv().lower(), R.randint(32, 164)),
        "[secure] %s is set (length %d)" % (bv(), R.randint(20, 170)), "api_key='****'",
        "Key hint: %s...%s" % (R.choice(["sk-proj", "gsk", "hf", "pcsk", "lsv2_pt"]), rs(4)),
        "masked: %s" % ("*" * R.randint(8, 40)),
    ]
    return R.choice(opts)


def _b_envnames():
    c = R.randint(0, 5)
    if c == 0:
        return "Error: missing required environment variables: %s, %s" % (bv(), bv())
    if c == 1:
        return "$ gh secret list\n%s\tUpdated 2025-09-%02d\n%s\tUpdated 2025-10-%02d" % (bv(), R.randint(1, 28), bv(), R.randint(1, 28))
    if c == 2:
        return "$ fly secrets list\nNAME                  DIGEST            CREATED AT\n%-21s %s  %dd ago" % (bv(), hx(16), R.randint(1, 90))
    if c == 3:
        return "unset %s %s" % (bv(), bv())
    if c == 4:
        return "Check that %s is exported in the shell that launches Claude Desktop." % bv()
    return "$ vercel env ls\n  name                        value               environments\n  %-27s Encrypted           Production, Preview" % bv()


def _b_usage():
    c = R.randint(0, 5)
    if c == 0:
        return "Tokens: %.1fk sent, %.1fk received. Cost: $%.2f message, $%.2f session." % (R.uniform(1, 90), R.uniform(0.1, 9), R.uniform(0, 1), R.uniform(0, 20))
    if c == 1:
        return "Total cost:            $%.2f\nTotal duration (API):  %dm %ds\nUsage: %d input, %d output, %d cache read" % (R.uniform(0, 40), R.randint(0, 59), R.randint(0, 59), R.randint(1000, 9 ** 7), R.randint(100, 90000), R.randint(0, 9 ** 7))
    if c == 2:
        return "Context left until auto-compact: %d%%" % R.randint(1, 99)
    if c == 3:
        return "max_tokens=%d, temperature=%.1f, top_p=%.2f" % (R.choice([1024, 4096, 8192, 32000]), R.random(), R.random())
    if c == 4:
        return "rate limit: x-ratelimit-remaining-tokens: %d, x-ratelimit-reset-requests: %dms" % (R.randint(0, 2 * 10 ** 6), R.randint(1, 60000))
    return "eval summary: %d/%d passed, mean latency %.0f ms, p95 %.0f ms, $%.3f per task" % (R.randint(50, 200), 200, R.uniform(200, 4000), R.uniform(800, 9000), R.uniform(0, 0.3))


def _b_vectors():
    n = R.randint(6, 12)
    vals = ", ".join("%.4f" % R.uniform(-0.2, 0.2) for _ in range(n))
    k = R.randint(0, 2)
    if k == 0:
        return "embedding[:%d] = [%s, ...]" % (n, vals)
    if k == 1:
        return "\"embedding\": [%s]" % vals
    return "vector (dim 1536) head: [%s ...]" % vals


def _b_b64text():
    txt = R.choice(["hello from the agent", "{\"role\":\"user\",\"content\":\"summarise the meeting notes\"}", "LOG_LEVEL=debug",
                    "The quick brown fox jumps over the lazy dog", "production", "us-east-1", "Bitte fasse das Dokument zusammen.",
                    "{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":\"%s\"}" % rs(8, LD), "tool_use_id mapping v2", "agent-worker"])
    c = R.randint(0, 4)
    if c == 0:
        return "content: %s  # base64 of a plain prompt" % b64t(txt + " " + rs(6, LD))
    if c == 1:
        return "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA%s" % rs(R.randint(60, 200), B64)
    if c == 2:
        return "kind: ConfigMap\ndata:\n  APP_ENV: %s\n  REGION: %s" % (b64t("production"), b64t(R.choice(["us-east-1", "eu-west-1", "ap-northeast-1"])))
    if c == 3:
        return "JWT header: %s (decodes to alg RS256, no payload or signature here)" % b64u(cj({"alg": "RS256", "typ": "JWT", "kid": rs(8, LD)}).encode())
    return "Content-Transfer-Encoding: base64\n\n%s" % b64t("Weekly agent report: %d runs, %d failures." % (R.randint(10, 999), R.randint(0, 20)))


def _b_paths():
    c = R.randint(0, 5)
    if c == 0:
        return "~/.claude/projects/-Users-dev-src-agent/%s.jsonl" % uuid4()
    if c == 1:
        return "/home/ubuntu/.cache/huggingface/hub/models--%s/snapshots/%s/config.json" % (R.choice(["meta-llama--Llama-3.1-8B-Instruct", "Qwen--Qwen2.5-7B-Instruct", "BAAI--bge-m3"]), hx(40))
    if c == 2:
        return "~/.codex/sessions/2025/10/%02d/rollout-2025-10-%02dT10-14-03-%s.jsonl" % (R.randint(1, 28), R.randint(1, 28), uuid4())
    if c == 3:
        return "~/.gemini/tmp/%s/logs.json" % hx(64)
    if c == 4:
        return "/var/lib/docker/overlay2/%s/merged" % hx(64)
    return "s3://agents-artifacts/runs/%s/trajectory.jsonl" % uuid4()


def _b_discussion():
    opts = [
        "Rotate the Anthropic key in 1Password before Friday; the old one was shared in a screen recording.",
        "Don't put %s in .mcp.json - the file is committed. Use `claude mcp add --env` with a shell variable instead." % bv(),
        "The token expired, ask %s for a new one from the console." % R.choice(PEOPLE),
        "Secrets live in Doppler (project agents, config prd); CI pulls them with a service token stored as a GitHub secret.",
        "We should switch from long-lived keys to workload identity federation for Vertex.",
        "Reminder: the LangSmith key is per-workspace; the eval workspace has its own.",
        "I redacted the key from the transcript before sharing it.",
        "Gitleaks flagged a false positive in tests/fixtures/fake_keys.py; added an allowlist entry.",
        "Key rotation policy: 90 days for provider keys, 24h for session tokens.",
        "%s is read from the keychain on macOS, not from the env." % bv(),
        "Passwords must never appear in tool output; the Bash tool strips them.",
        "Set up OIDC between GitHub Actions and AWS so no static credentials are needed.",
        "TODO: move the Pinecone key from the notebook into Colab secrets (userdata).",
        "The MCP server refuses to start when %s is empty; that's expected." % bv(),
        "Ask security to revoke every token created by the old bot account.",
        "Who owns the OpenRouter account? Billing alert at 80%.",
    ]
    return R.choice(opts) + ("" if R.random() < 0.5 else " (%s)" % R.choice(["#%d" % R.randint(100, 999), "see runbook", "per %s" % R.choice(PEOPLE), "ticket SEC-%d" % R.randint(10, 500)]))


def _b_secretrefs():
    c = R.randint(0, 6)
    if c == 0:
        return "op://Agents/%s/credential" % R.choice(["OpenAI", "Anthropic", "Pinecone", "Tavily", "GitHub bot"])
    if c == 1:
        return "arn:aws:secretsmanager:us-east-1:%s:secret:prod/agents/%s-%s" % (dg(12), R.choice(WORDS), rs(6))
    if c == 2:
        return "projects/agents-prod-4411/secrets/%s/versions/latest" % bv().lower().replace("_", "-")
    if c == 3:
        return "vault kv get -field=api_key secret/agents/%s" % R.choice(WORDS)
    if c == 4:
        return "doppler run --project agents --config dev -- uv run python -m agent"
    if c == 5:
        return "az keyvault secret show --vault-name kv-agents-weu --name %s --query id" % bv().lower().replace("_", "-")
    return "aws ssm get-parameter --name /agents/prod/%s --with-decryption --query Parameter.Version" % bv().lower()


def _b_lock():
    c = R.randint(0, 3)
    if c == 0:
        return "\"integrity\": \"sha512-%s==\"" % rs(86, B64)
    if c == 1:
        return "{ url = \"https://files.pythonhosted.org/packages/%s/%s/%s/pydantic-2.%d.0-py3-none-any.whl\", hash = \"sha256:%s\" }" % (hx(2), hx(2), hx(60), R.randint(5, 12), hx(64))
    if c == 2:
        return "github.com/mark3labs/mcp-go v0.%d.0 h1:%s=" % (R.randint(10, 40), rs(43, B64))
    return "resolved \"https://registry.npmjs.org/@modelcontextprotocol/sdk/-/sdk-1.%d.0.tgz#%s\"" % (R.randint(10, 20), hx(40))


def _b_docker():
    c = R.randint(0, 2)
    if c == 0:
        return "\n".join("%s: Pull complete" % hx(12) for _ in range(R.randint(2, 5)))
    if c == 1:
        return "Successfully built %s\nSuccessfully tagged agent:dev" % hx(12)
    return "CONTAINER ID   IMAGE                      STATUS\n%s   qdrant/qdrant:v1.%d.0      Up %d minutes" % (hx(12), R.randint(9, 15), R.randint(1, 59))


def _b_vendor_ids():
    opts = [
        lambda: "customer cus_%s subscribed to price_1Q%s" % (rs(14), rs(22)),
        lambda: "payment_intent pi_3Q%s succeeded" % rs(22),
        lambda: "Posted to channel C0%s as user U0%s (ts %s.%s)" % (rs(9, UD), rs(9, UD), epoch(), dg(6)),
        lambda: "file-%s uploaded for purpose=batch" % rs(22),
        lambda: "vector_store_id=vs_%s, assistant_id=asst_%s, thread_id=thread_%s" % (rs(24), rs(24), rs(24)),
        lambda: "batch_%s status=completed (%d/%d)" % (hx(32), R.randint(1, 999), 1000),
        lambda: "msgbatch_01%s ended: %d succeeded, %d errored" % (rs(22), R.randint(0, 10000), R.randint(0, 20)),
        lambda: "ftjob-%s: fine-tuning succeeded, model ft:gpt-4.1-mini:acme::%s" % (rs(24), rs(8)),
        lambda: "index host: docs-768-%s.svc.aped-4627-b74a.pinecone.io" % rs(7, LD),
        lambda: "QDRANT_URL=https://%s-%s-%s.us-east4-0.gcp.cloud.qdrant.io:6333" % (hx(8), hx(4), hx(4)),
        lambda: "WEAVIATE_URL=https://%s.c0.europe-west3.gcp.weaviate.cloud" % rs(20, LD),
        lambda: "deployment dpl_%s ready at https://agent-%s-acme.vercel.app" % (rs(24), rs(9, LD)),
        lambda: "fly machine %s started in fra" % hx(14),
        lambda: "GitHub Actions run %d attempt 2 (job %d)" % (R.randint(10 ** 9, 10 ** 10), R.randint(10 ** 10, 10 ** 11)),
        lambda: "org-%s / proj_%s" % (rs(24), rs(24)),
        lambda: "role: arn:aws:iam::%s:role/agent-bedrock-invoke" % dg(12),
        lambda: "GitHub App client id Iv23li%s, installation %d" % (rs(14), R.randint(10 ** 7, 10 ** 8)),
        lambda: "Slack app A0%s, team T0%s" % (rs(9, UD), rs(8, UD)),
        lambda: "ElevenLabs voice_id=%s" % rs(20),
        lambda: "Replicate prediction %s (version %s)" % (rs(26, LD), hx(64)),
        lambda: "HF dataset acme/agent-traces@%s" % hx(40),
        lambda: "Langfuse project id: cl%s" % rs(23, LD),
    ]
    return R.choice(opts)()


def _b_misc_hex():
    opts = [
        lambda: "ETag: W/\"%s-%s\"" % (hx(2), rs(27, URLS)),
        lambda: "Content-Security-Policy: script-src 'nonce-%s' 'strict-dynamic'" % b64(rbytes(16)),
        lambda: "main.%s.js  142.3 kB" % hx(8),
        lambda: "Content-MD5: %s" % b64(rbytes(16)),
        lambda: "x-goog-hash: crc32c=%s, md5=%s" % (b64(rbytes(4)), b64(rbytes(16))),
        lambda: "md5sum dataset.tar.zst -> %s" % hx(32),
        lambda: "Lock Info:\n  ID:        %s\n  Path:      agents-tfstate/prod/terraform.tfstate\n  Operation: OperationTypeApply" % uuid4(),
        lambda: "uid: %s\nresourceVersion: \"%d\"" % (uuid4(), R.randint(10 ** 6, 10 ** 8)),
        lambda: "cache key: embed:%s" % hx(40),
        lambda: "distinct_id=%s anonymousId=%s" % (uuid4(), uuid4()),
        lambda: "wallet (public): 0x%s" % hx(40),
        lambda: "build id %s, source hash %s" % (rs(10, LD), hx(64)),
        lambda: "sha1=%s blob README.md" % hx(40),
        lambda: "SRI: sha384-%s" % b64(rbytes(48)),
        lambda: "ulid: 01J%s" % rs(23, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"),
        lambda: "nanoid: %s" % rs(21, URLS),
        lambda: "cursor=%s&limit=50" % b64u(cj({"id": R.randint(1, 10 ** 6), "ts": epoch()}).encode()),
        lambda: "next_page_token: %s" % b64u(cj({"offset": R.randint(100, 9000)}).encode()),
    ]
    return R.choice(opts)()


def _b_decoded_jwt():
    return "decoded JWT payload (signature not shown): " + cj({"sub": "user_" + rs(10, LD), "role": R.choice(["authenticated", "anon", "member"]), "exp": int(epoch()), "iss": "https://auth.acme.dev"})


def _b_agent_notes():
    opts = [
        lambda: "## Next steps\n1. Add retry with jitter to %s\n2. Re-run evals (suite smoke)\n3. Ask %s to review PR #%d" % (R.choice(FILES), R.choice(PEOPLE), R.randint(100, 999)),
        lambda: "Decision: keep %s as the default model; %s was 14%% worse on tool-use evals." % (R.choice(MODELS), R.choice(MODELS)),
        lambda: "TODO: %s still reads %s from os.environ at import time - move into Settings." % (R.choice(FILES), bv()),
        lambda: "Hand-off: MCP servers configured: filesystem, github, %s. All credentials come from env; nothing hard-coded." % R.choice(WORDS),
        lambda: "Note to self: the %s server needs `--transport stdio`; SSE is deprecated." % R.choice(WORDS),
        lambda: "Übergabe: Alle Schlüssel liegen im Tresor, keine Werte in dieser Notiz.",
        lambda: "メモ: APIキーは環境変数 %s から読み込む。ここには書かない。" % bv(),
        lambda: "备注：密钥统一放在 Vault，路径 secret/agents/%s。" % R.choice(WORDS),
        lambda: "Passation : la clé est dans 1Password (coffre Agents), ne pas la copier ici.",
        lambda: "Pendiente: rotar el token de %s (lo hace %s)." % (R.choice(["GitHub", "Slack", "Notion"]), R.choice(PEOPLE)),
        lambda: "Заметка: токен лежит в Doppler, в заметки не копировать.",
        lambda: "메모: 키는 1Password에 있음. 여기에 붙여넣지 말 것.",
    ]
    return R.choice(opts)()


def _b_config_noval():
    opts = [
        lambda: json.dumps({"mcpServers": {"filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/dev/src"]}}}),
        lambda: "[mcp_servers.context7]\ncommand = \"npx\"\nargs = [\"-y\", \"@upstash/context7-mcp\"]",
        lambda: json.dumps({"mcpServers": {"playwright": {"command": "npx", "args": ["@playwright/mcp@latest", "--headless"]}}}),
        lambda: "model_list:\n  - model_name: local-qwen\n    litellm_params:\n      model: hosted_vllm/%s\n      api_base: http://gpu-box-03:8000/v1" % R.choice(MODELS),
        lambda: "OLLAMA_HOST=0.0.0.0:11434\nOLLAMA_KEEP_ALIVE=30m\nOLLAMA_NUM_PARALLEL=%d" % R.randint(1, 8),
        lambda: json.dumps({"mcpServers": {"%s" % R.choice(WORDS): {"command": "uvx", "args": ["mcp-server-fetch"], "env": {"LOG_LEVEL": "debug"}}}}),
        lambda: "[profile bedrock]\nsso_session = acme\nsso_account_id = %s\nsso_role_name = BedrockInvoke\nregion = us-east-1" % dg(12),
        lambda: "Settings(openai_api_key=SecretStr('**********'), model='%s', timeout=30.0)" % R.choice(MODELS),
        lambda: "env:\n  - name: %s\n    valueFrom:\n      secretKeyRef: {name: agent-secrets, key: %s}" % (bv(), bv().lower()),
    ]
    return R.choice(opts)()


def build_benign():
    plan = [(_b_git, 40), (_b_digest, 45), (_b_ids, 60), (_b_msg, 40), (_b_tool, 50), (_b_models, 35),
            (_b_versions, 25), (_b_pubkeys, 50), (_b_publishable, 40), (_b_keyids, 50), (_b_placeholder, 70),
            (_b_masked, 50), (_b_envnames, 35), (_b_usage, 40), (_b_vectors, 20), (_b_b64text, 35), (_b_paths, 30),
            (_b_discussion, 35), (_b_secretrefs, 30), (_b_lock, 30), (_b_docker, 15), (_b_vendor_ids, 50),
            (_b_misc_hex, 45), (_b_decoded_jwt, 10), (_b_agent_notes, 30), (_b_config_noval, 20)]
    seen = set()
    for fn, n in plan:
        for _ in range(n):
            b = fn()
            if b not in seen:
                seen.add(b)
                BENIGN.append(b)


build_vendor_entries()
build_special_keys()
build_special_urls()
build_special_agent()
build_special_misc()
build_benign()
