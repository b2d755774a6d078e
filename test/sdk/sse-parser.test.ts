// sdk/src/live/sse-parser.ts: events split anywhere across chunks, comments, multi-line data, CRLF.
import { describe, expect, it } from "vitest";
import { sseParser, type ServerSentEvent } from "../../sdk/src/live/sse-parser";

const STREAM =
  'id: 42\nevent: score_update\ndata: {"seq":42}\n\n: heartbeat\n\r\nid: 43\r\nevent: close\r\ndata: {"code":1000,\r\ndata: "reason":"match finished"}\r\n\r\n';

function parse(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const push = sseParser((e) => events.push(e));
  for (const c of chunks) push(c);
  return events;
}

describe("SSE parser", () => {
  const expected = [
    { id: "42", event: "score_update", data: '{"seq":42}' },
    { id: "43", event: "close", data: '{"code":1000,\n"reason":"match finished"}' },
  ];

  it("reads events, skips comments, joins data lines", () => {
    expect(parse([STREAM])).toEqual(expected);
  });

  it("gives the same events however the text is split, a CRLF cut in two included", () => {
    for (let size = 1; size <= 7; size++) {
      const chunks = STREAM.match(new RegExp(`[\\s\\S]{1,${size}}`, "g"))!;
      expect(parse(chunks), `chunks of ${size}`).toEqual(expected);
    }
  });

  it("dispatches nothing for an event whose blank line has not arrived", () => {
    expect(parse(['data: {"seq":1}\n'])).toEqual([]);
  });
});
