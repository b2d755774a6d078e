// When the /live page reconnects, and what it says about a closed or refused connection (src/client/connection.ts).
import { describe, expect, it } from "vitest";
import { afterClose, backoffDelay, failuresAfter, refusal } from "../../src/client/connection";

describe("reconnect backoff", () => {
  it("doubles from 1 s to a 30 s ceiling, drawn between half and all of it", () => {
    const low = [1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, () => 0));
    const high = [1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, () => 1));
    expect(high).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(low).toEqual(high.map((d) => d / 2));
  });

  it("a socket that stayed open 10 s starts over; one that dropped at once or never opened keeps backing off", () => {
    expect(failuresAfter(4, 60_000)).toBe(1);
    expect(failuresAfter(4, 2_000)).toBe(5);
    expect(failuresAfter(0, null)).toBe(1);
    expect(failuresAfter(1, null)).toBe(2);
  });
});

describe("closes the server sends", () => {
  it("the final whistle ends a match stream without a reconnect", () => {
    expect(afterClose(1000, "match finished", "match")).toEqual({
      message: "Full time: this match has finished, so its stream has ended.",
      retry: false,
    });
  });

  it.each([
    ["api key revoked", "This API key was revoked."],
    ["league no longer tracked", "Your account no longer tracks this league."],
    ["connection budget of the plan lowered", "Your plan now allows fewer live connections, so this one was closed."],
    ["something new", "The server closed the connection: something new."],
  ])("1008 %s: said in words, and not retried (it would be refused again)", (reason, message) => {
    expect(afterClose(1008, reason, "live")).toEqual({ message, retry: false });
  });

  it("a dropped network, a restart or a server error is retried", () => {
    expect(afterClose(1006, "", "live")).toEqual({ message: "The live connection dropped.", retry: true });
    expect(afterClose(1006, "", "match")).toEqual({ message: "The match connection dropped.", retry: true });
    expect(afterClose(1001, "", "live").retry).toBe(true);
    expect(afterClose(1011, "", "live").retry).toBe(true);
    expect(afterClose(1009, "message too big", "live").message).toMatch(/too big/);
  });
});

describe("refusals (the HTTP probe of a socket that never opened, or a REST answer)", () => {
  it("a key accepted earlier on the page and refused now was revoked (REST after the socket opened)", () => {
    const wrong = { status: 401, code: "invalid_api_key", detail: "missing or invalid api key" };
    expect(refusal(wrong, "read:matches", true)).toEqual({ message: "This API key was revoked.", retry: false });
    expect(refusal({ status: 401, code: "insufficient_scope" }, "read:matches", true).message).toContain("scope");
  });

  it("a wrong key is not retried and says so", () => {
    expect(
      refusal({ status: 401, code: "invalid_api_key", detail: "missing or invalid api key" }, "stream:websocket"),
    ).toEqual({
      message: "This API key was not accepted: check that it is complete and has not been revoked.",
      retry: false,
    });
  });

  it("a missing scope names the scope", () => {
    expect(refusal({ status: 401, code: "insufficient_scope" }, "stream:websocket").message).toBe(
      "This API key lacks the stream:websocket scope the scoreboard needs.",
    );
    expect(refusal({ status: 401, code: "insufficient_scope" }, "read:matches").message).toContain("read:matches");
  });

  it("a key of the other environment quotes the server's explanation", () => {
    const detail =
      "this is a sk_live_ key; this deployment accepts sk_test_ keys. Use it against the production base URL.";
    expect(refusal({ status: 401, code: "wrong_environment", detail }, "stream:websocket")).toEqual({
      message: `This API key is for another deployment: ${detail}`,
      retry: false,
    });
  });

  it("a 426 means key and match were fine: the upgrade met the plan's connection budget; retried", () => {
    const v = refusal({ status: 426, code: "invalid_request" }, "stream:websocket");
    expect(v.message).toMatch(/as many live connections open as its plan allows/);
    expect(v.retry).toBe(true);
  });

  it("a 429 waits for Retry-After", () => {
    expect(refusal({ status: 429, code: "rate_limited", retryAfter: 17 }, "read:matches")).toEqual({
      message: "This API key has used up its requests for this minute.",
      retry: true,
      delayMs: 17_000,
    });
  });

  it("no answer at all, a 404 and a 5xx", () => {
    expect(refusal({ status: 0 }, "stream:websocket")).toEqual({
      message: "The server cannot be reached.",
      retry: true,
    });
    expect(refusal({ status: 404, code: "not_found" }, "stream:websocket")).toEqual({
      message: "This match is not in your tracked leagues.",
      retry: false,
    });
    expect(refusal({ status: 503 }, "stream:websocket")).toEqual({
      message: "The server refused the connection (HTTP 503).",
      retry: true,
    });
  });
});
