// The match centre, inside an MCP host's sandboxed iframe (docs/mcp.md "MCP App: live match centre"). The host hands
// it show_match's result: the match at `seq`, a browser token for that match only, and where its stream is. It shows
// the scoreboard and the timeline, follows /v1/ws/match/{id} from `?since=` the seq it shows (frames at or below it
// change nothing: src/client/board.ts), and gets a fresh token through the host (refresh_match_token, a tool only
// this app calls) a minute before the old one expires and before every reconnect. It talks to our origin only, which
// is all the resource's CSP (`connectDomains`) allows.
import { STATUS } from "../../../core/domain/codes";
import "./jitless";
import { App, applyHostStyleVariables, type McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import type { Event, MatchDetail } from "../../../core/domain/schemas";
import { applyFrame, emptyBoard, putMatch, type BoardMatch, type StreamMessage } from "../../../client/board";
import { backoffDelay, failuresAfter } from "../../../client/connection";
import { isOver, stateText } from "../../../client/words";
import { applyToTimeline, readTimeline, recentLines, type Timeline } from "../timeline";

/** show_match's structuredContent (src/mcp/tools/match-centre.ts). */
interface Shown {
  match: MatchDetail;
  token: string;
  expires_at: string;
  websocket_url: string;
  match_url: string;
}

type Tone = "info" | "warn" | "error";
const $ = (id: string) => document.getElementById(id)!;

function note(text: string, tone: Tone = "info") {
  const n = $("note");
  n.textContent = text;
  n.dataset.tone = tone;
}

function drawBoard(m: BoardMatch, league: string, flash: boolean) {
  $("league").textContent = league;
  const state = $("state");
  state.textContent = stateText(m);
  state.toggleAttribute("data-live", m.status_code === STATUS.LIVE);
  $("home").textContent = m.home_team;
  $("away").textContent = m.away_team;
  const score = $("score");
  score.textContent = `${m.home_score} – ${m.away_score}`;
  if (flash) {
    score.classList.add("flash");
    setTimeout(() => score.classList.remove("flash"), 1500);
  }
  document.body.dataset.seq = String(m.seq);
}

function drawTimeline(t: Timeline, m: BoardMatch) {
  const items = recentLines(t, m.sport, { home: m.home_team, away: m.away_team }).map((line) => {
    const li = document.createElement("li");
    li.dataset.kind = line.kind;
    const at = document.createElement("span");
    at.className = "at";
    at.textContent = line.at;
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = line.text;
    li.append(at, what);
    return li;
  });
  $("timeline").replaceChildren(...items);
}

/** A refusal worth stopping for (the match is gone from the account, access was revoked), not a passing failure. */
class Refused extends Error {}

/** One match followed live until it ends, access ends, or the host tears the app down. */
function follow(app: App, shown: Shown): { stop(): void } {
  const board = emptyBoard();
  const id = shown.match.id;
  const match = () => board.matches.get(id)!;
  putMatch(board, shown.match.sport, shown.match);
  const league = shown.match.league.name;
  let timeline: Timeline = readTimeline(shown.match.seq, []);
  let token = shown.token;
  let expiresAt = Date.parse(shown.expires_at);
  let ws: WebSocket | null = null;
  let stopped = false;
  let failures = 0;
  let retry = 0;
  let renew = 0;
  const ping = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send("ping"), 30_000);
  const draw = (flash = false) => {
    drawBoard(match(), league, flash);
    drawTimeline(timeline, match());
  };
  const stop = (text?: string, tone: Tone = "info") => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(renew);
    clearInterval(ping);
    ws?.close(1000);
    if (text) note(text, tone);
  };

  const refresh = async () => {
    const r = await app.callServerTool({ name: "refresh_match_token", arguments: { match_id: id } });
    const fresh = r.structuredContent as { token?: string; expires_at?: string } | undefined;
    if (r.isError || !fresh?.token || !fresh.expires_at) {
      const text = r.content.map((c) => (c.type === "text" ? c.text : "")).join(" ");
      throw new Refused(text || "the server gave no new token");
    }
    token = fresh.token;
    expiresAt = Date.parse(fresh.expires_at);
    scheduleRenewal();
  };
  // A minute before expiry (an open stream is not cut at expiry, but a reconnect needs a live token).
  const scheduleRenewal = () => {
    clearTimeout(renew);
    renew = window.setTimeout(
      () => void refresh().catch(() => undefined),
      Math.max(5_000, expiresAt - Date.now() - 60_000),
    );
  };

  const connect = () => {
    if (stopped) return;
    let openedAt: number | null = null;
    const url = `${shown.websocket_url}?api_key=${encodeURIComponent(token)}&since=${match().seq}`;
    const socket = (ws = new WebSocket(url));
    socket.onopen = () => {
      openedAt = Date.now();
      note(failures > 0 ? "Following live again; missed updates were replayed." : "Following live.");
    };
    socket.onmessage = (e) => {
      if (e.data === "pong" || stopped) return;
      const f = JSON.parse(e.data as string) as StreamMessage;
      const applied = applyFrame(board, f);
      const events = applyToTimeline(timeline, f);
      if (applied.changed || events) draw(applied.scored);
    };
    socket.onclose = (e) => {
      if (stopped || ws !== socket) return;
      if (e.code === 1000 && e.reason === "match finished") return stop(`${stateText(match())}.`);
      if (e.code === 1008) return stop(`The live feed stopped: ${e.reason || "access ended"}.`, "error");
      failures = failuresAfter(failures, openedAt === null ? null : Date.now() - openedAt);
      const delay = backoffDelay(failures);
      note(`The connection dropped. Reconnecting in ${Math.ceil(delay / 1000)} s…`, "warn");
      retry = window.setTimeout(async () => {
        try {
          await refresh();
        } catch (err) {
          if (err instanceof Refused) return stop(`The live feed stopped: ${err.message}`, "error");
          // The host did not answer: try the token we have (a refused upgrade comes back here).
        }
        connect();
      }, delay);
    };
  };

  draw();
  scheduleRenewal();
  if (isOver(match().status_code)) {
    note(`${stateText(match())}.`);
    clearInterval(ping);
  }
  // The timeline as of a seq, then the stream from the seq the board shows: frames between the two move the board
  // but not the timeline, which already holds them.
  fetch(`${shown.match_url}/events`, { headers: { "x-api-key": token } })
    .then((r) => (r.ok ? (r.json() as Promise<{ seq: number; data: Event[] }>) : null))
    .catch(() => null)
    .then((read) => {
      if (stopped) return;
      if (read && read.seq >= timeline.seq) timeline = readTimeline(read.seq, read.data);
      draw();
      if (!isOver(match().status_code)) connect();
    });
  return { stop: () => stop() };
}

const applyTheme = (ctx: McpUiHostContext | undefined) => {
  if (ctx?.styles?.variables) applyHostStyleVariables(ctx.styles.variables);
  if (ctx?.theme) document.documentElement.style.colorScheme = ctx.theme;
};

const app = new App({ name: "Match centre", version: "1.0.0" });
let current: { stop(): void } | null = null;
app.ontoolresult = (result) => {
  const shown = result.structuredContent as Shown | undefined;
  current?.stop();
  current = null;
  if (result.isError || !shown?.match || !shown.token) {
    const text = result.content?.map((c) => (c.type === "text" ? c.text : "")).join(" ");
    return note(text || "No match to show.", "error");
  }
  current = follow(app, shown);
};
app.onhostcontextchanged = (ctx) => applyTheme(ctx);
app.onteardown = async () => {
  current?.stop();
  return {};
};
void app.connect().then(() => applyTheme(app.getHostContext()));
