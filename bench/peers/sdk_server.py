"""The same three tools (names, schemas, annotations) served by the official MCP Python SDK.

bench/run.py starts it, in a throwaway venv that has `mcp`, for the cold-start comparison:

    python sdk_server.py TOOLS.json

Only tools/list is measured; a call answers with a tool error. It uses the SDK's low-level
server, the closest in shape to our hand-written one.
"""
import json
import sys

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

with open(sys.argv[1], encoding="utf-8") as handle:
    TOOLS = [types.Tool.model_validate(tool) for tool in json.load(handle)]


async def list_tools(context, params):
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(context, params):
    return types.CallToolResult(
        content=[types.TextContent(type="text", text="%s is not implemented by the peer" % params.name)],
        is_error=True,
    )


async def main():
    server = Server("session-checkpoint-sdk-peer", on_list_tools=list_tools, on_call_tool=call_tool)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
