"""Writes the SDK transcript fixtures (issue 33) with the providers' own types.

Each fixture is an object built from the pinned SDKs' types
(requirements.txt) and dumped as the SDK dumps it: `model_dump_json()` for
OpenAI and Anthropic, `model_dump(mode="json")` (snake_case) and
`model_dump(mode="json", by_alias=True, exclude_none=True)` (camelCase) for
google-genai, and the request-parameter TypedDicts as `json.dumps` writes
them. Nothing is sent anywhere: no client is created.

    python3 -m venv tests/transcripts/.venv
    tests/transcripts/.venv/bin/pip install -r tests/transcripts/requirements.txt
    tests/transcripts/.venv/bin/python tests/transcripts/generate.py

The fixtures go to crates/gateway-core/tests/data/transcripts/sdk-*.json;
CI reads them as committed and never needs this environment.
"""

import json
import pathlib

import anthropic.types as at
import mcp.types as mt
from google.genai import types as gt
from openai.types import chat as oc
from openai.types.chat import chat_completion as occ
from openai.types.chat import chat_completion_chunk as ock
from openai.types.chat import chat_completion_message_function_tool_call as ocf
from openai.types import responses as orr

OUT = pathlib.Path(__file__).resolve().parents[2] / "crates/gateway-core/tests/data/transcripts"
CREATED = 1767225600

# The calls every fixture makes, in the workbench's fixture registry.
SEARCH = ("search", {"query": "receipt"})
CALC = ("calculator", {"operator": "add", "left": 2, "right": 3})
CALENDAR = ("calendar", {"title": "Design review", "start": "14:00", "end": "15:00"})
EMAIL = ("email", {"to": "learner@example.test", "subject": "Summary", "body": "Review at 14:00."})
FILES = ("files", {"operation": "read", "path": "/workspace/notes.txt"})
DATABASE = ("database", {"operation": "get", "key": "seats"})

FIRST = "I will look up the receipt rule first."
LAST = "I scheduled the design review and sent the summary email."


def args(call):
    return json.dumps(call[1], separators=(",", ":"))


def write(name, text):
    (OUT / f"sdk-{name}.json").write_text(text + "\n", encoding="utf-8")


# --- OpenAI Responses: a whole Response, as response.model_dump_json() writes it.


def output_message(item_id, text):
    return orr.ResponseOutputMessage(
        id=item_id,
        type="message",
        role="assistant",
        status="completed",
        content=[orr.ResponseOutputText(type="output_text", text=text, annotations=[])],
    )


def function_tool(name):
    return orr.FunctionTool(
        type="function",
        name=name,
        description=f"The workbench's {name} tool, as declared to the model.",
        parameters={"type": "object", "properties": {}, "additionalProperties": True},
        strict=False,
    )


def responses_response():
    calls = [SEARCH, CALC, CALENDAR, EMAIL]
    output = [
        orr.ResponseReasoningItem(
            id="rs_01",
            type="reasoning",
            summary=[
                {
                    "type": "summary_text",
                    "text": "The learner asked for a review booked and a summary sent; "
                    "look the rule up, add the seats, book, then write.",
                }
            ],
            encrypted_content="gAAAAA" + "x" * 600,
        ),
        output_message("msg_01", FIRST),
    ]
    for i, call in enumerate(calls, 1):
        output.append(
            orr.ResponseFunctionToolCall(
                id=f"fc_0{i}",
                type="function_call",
                call_id=f"call_0{i}",
                name=call[0],
                arguments=args(call),
                status="completed",
            )
        )
    output.append(
        output_message("msg_02", LAST)
    )
    return orr.Response(
        id="resp_0123456789abcdef",
        object="response",
        created_at=CREATED,
        model="gpt-4.1-2025-04-14",
        output=output,
        parallel_tool_calls=True,
        tool_choice="auto",
        tools=[function_tool(n) for n in ["search", "calculator", "calendar", "email", "files", "database"]],
        instructions="You are the workbench's example agent. Use the tools to book reviews, "
        "send summaries and look things up; never claim an effect you did not cause.",
        metadata={"experiment": "registry", "fixture": "issue-33"},
        temperature=1.0,
        top_p=1.0,
        status="completed",
        text={"format": {"type": "text"}, "verbosity": "medium"},
        reasoning={"effort": "medium", "summary": "auto"},
        usage={
            "input_tokens": 812,
            "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
            "output_tokens": 240,
            "output_tokens_details": {"reasoning_tokens": 64},
            "total_tokens": 1052,
        },
    )


# --- OpenAI Chat Completions: n > 1 choices, chunk streams, request bodies.


def chat_tool_call(i, call):
    return ocf.ChatCompletionMessageFunctionToolCall(
        id=f"call_{i}",
        type="function",
        function=ocf.Function(name=call[0], arguments=args(call)),
    )


def chat_choices():
    choices = []
    for index, calls in enumerate([[SEARCH, CALENDAR], [EMAIL], [DATABASE, FILES, SEARCH]]):
        choices.append(
            occ.Choice(
                index=index,
                finish_reason="tool_calls",
                message=oc.ChatCompletionMessage(
                    role="assistant",
                    content=None,
                    tool_calls=[chat_tool_call(f"{index}{i}", c) for i, c in enumerate(calls)],
                ),
            )
        )
    return oc.ChatCompletion(
        id="chatcmpl-choices",
        object="chat.completion",
        created=CREATED,
        model="gpt-4.1-2025-04-14",
        choices=choices,
    )


def chat_chunks():
    """A stream with text, then two tool calls whose arguments arrive in pieces."""

    def chunk(delta, finish=None):
        return ock.ChatCompletionChunk(
            id="chatcmpl-stream",
            object="chat.completion.chunk",
            created=CREATED,
            model="gpt-4.1-2025-04-14",
            choices=[ock.Choice(index=0, delta=delta, finish_reason=finish)],
        )

    chunks = [chunk(ock.ChoiceDelta(role="assistant", content=""))]
    for piece in ["I will look up ", "the receipt rule first."]:
        chunks.append(chunk(ock.ChoiceDelta(content=piece)))
    for index, call in enumerate([SEARCH, CALENDAR]):
        text = args(call)
        chunks.append(
            chunk(
                ock.ChoiceDelta(
                    tool_calls=[
                        ock.ChoiceDeltaToolCall(
                            index=index,
                            id=f"call_{index}",
                            type="function",
                            function=ock.ChoiceDeltaToolCallFunction(name=call[0], arguments=""),
                        )
                    ]
                )
            )
        )
        for start in range(0, len(text), 9):
            chunks.append(
                chunk(
                    ock.ChoiceDelta(
                        tool_calls=[
                            ock.ChoiceDeltaToolCall(
                                index=index,
                                function=ock.ChoiceDeltaToolCallFunction(arguments=text[start : start + 9]),
                            )
                        ]
                    )
                )
            )
    chunks.append(chunk(ock.ChoiceDelta(), finish="tool_calls"))
    return [c.model_dump(mode="json") for c in chunks]


def chat_request():
    """Earlier calls answered by tool messages; the last assistant message
    has one call answered and two without a result."""
    messages: list[oc.ChatCompletionMessageParam] = [
        {"role": "system", "content": "You are the workbench's example agent."},
        {"role": "user", "content": "Book the design review and tell the team."},
        {
            "role": "assistant",
            "content": FIRST,
            "tool_calls": [
                {"id": "call_a", "type": "function", "function": {"name": SEARCH[0], "arguments": args(SEARCH)}}
            ],
        },
        {"role": "tool", "tool_call_id": "call_a", "content": "Receipts are kept for 24 hours."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "call_b", "type": "function", "function": {"name": CALC[0], "arguments": args(CALC)}},
                {"id": "call_c", "type": "function", "function": {"name": CALENDAR[0], "arguments": args(CALENDAR)}},
                {"id": "call_d", "type": "function", "function": {"name": EMAIL[0], "arguments": args(EMAIL)}},
            ],
        },
        {"role": "tool", "tool_call_id": "call_b", "content": [{"type": "text", "text": "5"}]},
    ]
    body: oc.CompletionCreateParamsNonStreaming = {
        "model": "gpt-4.1-2025-04-14",
        "messages": messages,
        "tools": [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n in ["search", "calculator", "calendar", "email"]],
    }
    return body


# --- OpenAI Responses: stream events and a request body.


def responses_events():
    def call_item(status, arguments):
        return orr.ResponseFunctionToolCall(
            id="fc_01", type="function_call", call_id="call_01", name=CALENDAR[0], arguments=arguments, status=status
        )

    text = args(CALENDAR)
    created = orr.Response(
        id="resp_stream",
        object="response",
        created_at=CREATED,
        model="gpt-4.1-2025-04-14",
        output=[],
        parallel_tool_calls=True,
        tool_choice="auto",
        tools=[],
        status="in_progress",
    )
    message = output_message("msg_01", FIRST)
    events = [
        orr.ResponseCreatedEvent(type="response.created", sequence_number=0, response=created),
        orr.ResponseOutputItemAddedEvent(
            type="response.output_item.added",
            sequence_number=1,
            output_index=0,
            item=orr.ResponseOutputMessage(id="msg_01", type="message", role="assistant", status="in_progress", content=[]),
        ),
        orr.ResponseTextDeltaEvent(
            type="response.output_text.delta",
            sequence_number=2,
            item_id="msg_01",
            output_index=0,
            content_index=0,
            delta=FIRST,
            logprobs=[],
        ),
        orr.ResponseOutputItemDoneEvent(type="response.output_item.done", sequence_number=3, output_index=0, item=message),
        orr.ResponseOutputItemAddedEvent(
            type="response.output_item.added", sequence_number=4, output_index=1, item=call_item("in_progress", "")
        ),
    ]
    for n, start in enumerate(range(0, len(text), 12)):
        events.append(
            orr.ResponseFunctionCallArgumentsDeltaEvent(
                type="response.function_call_arguments.delta",
                sequence_number=5 + n,
                item_id="fc_01",
                output_index=1,
                delta=text[start : start + 12],
            )
        )
    n = len(events)
    events.append(
        orr.ResponseFunctionCallArgumentsDoneEvent(
            type="response.function_call_arguments.done",
            sequence_number=n,
            item_id="fc_01",
            output_index=1,
            name=CALENDAR[0],
            arguments=text,
        )
    )
    events.append(
        orr.ResponseOutputItemDoneEvent(
            type="response.output_item.done", sequence_number=n + 1, output_index=1, item=call_item("completed", text)
        )
    )
    done = created.model_copy(update={"status": "completed", "output": [message, call_item("completed", text)]})
    events.append(orr.ResponseCompletedEvent(type="response.completed", sequence_number=n + 2, response=done))
    return [e.model_dump(mode="json") for e in events]


def responses_request():
    body: orr.ResponseCreateParams = {
        "model": "gpt-4.1-2025-04-14",
        "input": [
            {"role": "user", "content": "Book the design review and tell the team."},
            {"type": "function_call", "call_id": "call_a", "name": SEARCH[0], "arguments": args(SEARCH)},
            {"type": "function_call_output", "call_id": "call_a", "output": "Receipts are kept for 24 hours."},
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "Booking it now.", "annotations": []}],
            },
            {"type": "function_call", "call_id": "call_b", "name": CALENDAR[0], "arguments": args(CALENDAR)},
            {"type": "function_call", "call_id": "call_c", "name": EMAIL[0], "arguments": args(EMAIL)},
        ],
    }
    return body


# --- google-genai: snake_case and camelCase dumps, several candidates, a request.


def genai_parts(calls, text=None):
    parts = []
    if text:
        parts.append(gt.Part(text=text))
    for name, arguments in calls:
        parts.append(gt.Part(function_call=gt.FunctionCall(name=name, args=arguments)))
    return parts


def genai_response(candidates):
    return gt.GenerateContentResponse(
        candidates=[
            gt.Candidate(
                index=i,
                finish_reason=gt.FinishReason.STOP,
                content=gt.Content(role="model", parts=genai_parts(calls, text)),
            )
            for i, (calls, text) in enumerate(candidates)
        ],
        model_version="gemini-2.5-flash",
        response_id="resp-genai",
        usage_metadata=gt.GenerateContentResponseUsageMetadata(
            prompt_token_count=120, candidates_token_count=80, total_token_count=200
        ),
    )


def genai_chunks():
    """A stream as generate_content_stream yields it: text in two pieces,
    then a call in the last chunk, which carries the finish reason."""

    def chunk(parts, finish=None):
        return gt.GenerateContentResponse(
            candidates=[gt.Candidate(index=0, finish_reason=finish, content=gt.Content(role="model", parts=parts))],
            model_version="gemini-2.5-flash",
            response_id="resp-genai-stream",
        )

    chunks = [
        chunk([gt.Part(text="I will look up ")]),
        chunk([gt.Part(text="the receipt rule first.")]),
        chunk(genai_parts([SEARCH]), gt.FinishReason.STOP),
    ]
    return [c.model_dump(mode="json", by_alias=True, exclude_none=True) for c in chunks]


def genai_contents():
    """A conversation: a user turn with an image, a call answered by a
    function_response, and a last model turn with two calls, one answered."""
    return [
        gt.Content(
            role="user",
            parts=[
                gt.Part(text="Book the review on this whiteboard photo."),
                gt.Part(inline_data=gt.Blob(mime_type="image/png", data=b"\x89PNG\r\n\x1a\n")),
            ],
        ),
        gt.Content(role="model", parts=genai_parts([SEARCH], FIRST)),
        gt.Content(
            role="user",
            parts=[gt.Part(function_response=gt.FunctionResponse(name="search", response={"result": "Receipts are kept for 24 hours."}))],
        ),
        gt.Content(role="model", parts=genai_parts([CALC, CALENDAR])),
        gt.Content(
            role="user",
            parts=[gt.Part(function_response=gt.FunctionResponse(name="calculator", response={"result": 5}))],
        ),
    ]


# --- Anthropic: stream events and a request body.


def anthropic_events():
    message = at.Message(
        id="msg_stream",
        type="message",
        role="assistant",
        model="claude-sonnet-4-5",
        content=[],
        stop_reason=None,
        stop_sequence=None,
        usage=at.Usage(input_tokens=120, output_tokens=1),
    )
    events = [at.RawMessageStartEvent(type="message_start", message=message)]
    events.append(
        at.RawContentBlockStartEvent(
            type="content_block_start", index=0, content_block=at.TextBlock(type="text", text="")
        )
    )
    for piece in ["I will look up ", "the receipt rule first."]:
        events.append(
            at.RawContentBlockDeltaEvent(
                type="content_block_delta", index=0, delta=at.TextDelta(type="text_delta", text=piece)
            )
        )
    events.append(at.RawContentBlockStopEvent(type="content_block_stop", index=0))
    for index, call in [(1, SEARCH), (2, EMAIL)]:
        events.append(
            at.RawContentBlockStartEvent(
                type="content_block_start",
                index=index,
                content_block=at.ToolUseBlock(type="tool_use", id=f"toolu_{index}", name=call[0], input={}),
            )
        )
        text = args(call)
        for start in range(0, len(text), 10):
            events.append(
                at.RawContentBlockDeltaEvent(
                    type="content_block_delta",
                    index=index,
                    delta=at.InputJSONDelta(type="input_json_delta", partial_json=text[start : start + 10]),
                )
            )
        events.append(at.RawContentBlockStopEvent(type="content_block_stop", index=index))
    events.append(
        at.RawMessageDeltaEvent(
            type="message_delta",
            delta={"stop_reason": "tool_use", "stop_sequence": None},
            usage=at.MessageDeltaUsage(output_tokens=80),
        )
    )
    events.append(at.RawMessageStopEvent(type="message_stop"))
    return [e.model_dump(mode="json") for e in events]


def anthropic_request():
    messages: list[at.MessageParam] = [
        {"role": "user", "content": "Book the design review and tell the team."},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": FIRST},
                {"type": "tool_use", "id": "toolu_a", "name": SEARCH[0], "input": SEARCH[1]},
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_a", "content": "Receipts are kept for 24 hours."}],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_b", "name": DATABASE[0], "input": DATABASE[1]},
                {"type": "tool_use", "id": "toolu_c", "name": FILES[0], "input": FILES[1]},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_b", "content": [{"type": "text", "text": "seats: 12"}]}
            ],
        },
    ]
    body: at.MessageCreateParams = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": messages}
    return body


# --- MCP: tools/call without its JSON-RPC envelope.


def mcp_params():
    return mt.CallToolRequestParams(name=CALENDAR[0], arguments=CALENDAR[1])


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    write("responses-response", responses_response().model_dump_json())
    write("responses-events", json.dumps(responses_events()))
    write("responses-request", json.dumps(responses_request()))
    write("chat-choices", chat_choices().model_dump_json())
    write("chat-chunks", json.dumps(chat_chunks()))
    write("chat-request", json.dumps(chat_request()))
    snake = genai_response([([SEARCH, CALENDAR], FIRST)])
    write("genai-snake", json.dumps(snake.model_dump(mode="json")))
    write("genai-camel", json.dumps(snake.model_dump(mode="json", by_alias=True, exclude_none=True)))
    several = genai_response([([SEARCH, EMAIL], FIRST), ([CALENDAR], None)])
    write("genai-candidates", json.dumps(several.model_dump(mode="json", by_alias=True, exclude_none=True)))
    write("genai-chunks", json.dumps(genai_chunks()))
    contents = genai_contents()
    write("genai-request-camel", json.dumps({"contents": [c.model_dump(mode="json", by_alias=True, exclude_none=True) for c in contents]}))
    write("genai-request-snake", json.dumps({"contents": [c.model_dump(mode="json") for c in contents]}))
    write("anthropic-events", json.dumps(anthropic_events()))
    write("anthropic-request", json.dumps(anthropic_request()))
    write("mcp-method-params", mt.CallToolRequest(params=mcp_params()).model_dump_json())
    write("mcp-bare-params", mcp_params().model_dump_json())


if __name__ == "__main__":
    main()
