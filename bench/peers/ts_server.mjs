// The same three tools (names, schemas, annotations) served by the official MCP
// TypeScript SDK on Node, for bench/run.py's cold-start comparison. Only tools/list is
// measured; a call answers with a tool error.
//
//     node ts_server.mjs TOOLS.json     (run with NODE_PATH or from a dir with the SDK)
import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const tools = JSON.parse(readFileSync(process.argv[2], "utf8"));
const server = new Server(
  { name: "session-checkpoint-ts-peer", version: "0.0.0" },
  { capabilities: { tools: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: "text", text: `${request.params.name} is not implemented by the peer` }],
  isError: true,
}));
await server.connect(new StdioServerTransport());
