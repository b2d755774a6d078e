// The /live page's script, served as /live.js (bundled by scripts/build-live-page.mjs). It loads the live matches over
// REST, follows /v1/ws/live for every change, and for the match the user selects loads its timeline and follows
// /v1/ws/match/{id}, resuming with ?since= after a drop. What it decides (words, grouping, when to reconnect) lives in
// the pure modules next to this one, which have their own tests.
import { SPORTS, type Sport } from "../../domain/codes";
import type { Event, League, MatchDetail, MatchListItem } from "../../domain/schemas";
import type { Envelope } from "../../live/messages";
import { addLeagues, applyFrame, emptyBoard, groupBoard, putMatch, type BoardMatch } from "../board";
import { afterClose, backoffDelay, failuresAfter, refusal, type Answer, type Stream } from "../connection";
import { eventLine, eventText, isOver, stateText } from "../words";

type Tone = "info" | "ok" | "warn" | "error";
type Scope = Parameters<typeof refusal>[1];

const statusEl = document.getElementById("status")!;
const boardEl = document.getElementById("board")!;
const say = (text: string, tone: Tone = "info") => {
  statusEl.textContent = text;
  statusEl.className = tone;
};
function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls = "", text = ""): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

let key = "";
/** Bumped by every Connect: callbacks of an earlier connection see a stale session and do nothing. */
let session = 0;
let board = emptyBoard();
const rows = new Map<string, HTMLLIElement>();

// ---------- REST ----------
class Refused extends Error {
  constructor(
    readonly answer: Answer,
    readonly scope: Scope,
  ) {
    super(`HTTP ${answer.status}`);
  }
}

async function answerOf(res: Response): Promise<Answer> {
  const body = (await res.json().catch(() => ({}))) as { code?: string; detail?: string };
  const retryAfter = Number(res.headers.get("retry-after")) || undefined;
  return { status: res.status, code: body.code, detail: body.detail, retryAfter };
}

async function api<T>(path: string, scope: Scope = "read:matches"): Promise<T> {
  const res = await fetch(path, { headers: { "x-api-key": key } }).catch(() => null);
  if (!res) throw new Refused({ status: 0 }, scope);
  if (!res.ok) throw new Refused(await answerOf(res), scope);
  return (await res.json()) as T;
}

const events = (sport: Sport, id: string) =>
  api<{ data: Event[] }>(`/v1/${sport}/matches/${id}/events`).then(
    (r) => r.data,
    (e: unknown) => {
      if (e instanceof Refused && e.answer.code === "no_data") return [];
      throw e;
    },
  );

// ---------- the board ----------
function rowFor(m: BoardMatch): HTMLLIElement {
  let li = rows.get(m.id);
  if (!li) {
    li = el("li", "match");
    li.dataset.match = m.id;
    const button = el("button", "row");
    button.type = "button";
    button.setAttribute("aria-expanded", "false");
    button.append(el("span", "state"), el("span", "team home"), el("span", "score"), el("span", "team away"));
    button.append(el("span", "last"));
    button.addEventListener("click", () => toggleTimeline(m.id));
    li.append(button);
    rows.set(m.id, li);
  }
  fill(li, m);
  return li;
}

function fill(li: HTMLLIElement, m: BoardMatch) {
  const [state, home, score, away, last] = li.querySelectorAll<HTMLElement>(".row > span");
  state!.textContent = stateText(m);
  state!.classList.toggle("over", m.status_code !== 2);
  home!.textContent = m.home_team;
  score!.textContent = `${m.home_score} – ${m.away_score}`;
  away!.textContent = m.away_team;
  last!.textContent = m.lastEvent ?? "";
}

const flashTimers = new WeakMap<Element, number>();
function flash(li: HTMLLIElement) {
  const score = li.querySelector(".score")!;
  score.classList.remove("flash");
  void (score as HTMLElement).offsetWidth; // restart the animation
  score.classList.add("flash");
  clearTimeout(flashTimers.get(score));
  flashTimers.set(
    score,
    window.setTimeout(() => score.classList.remove("flash"), 1600),
  );
}

/** Lays the board out again (sports, leagues, matches); rows are reused, so only membership changes call this. */
function render() {
  const groups = groupBoard(board);
  const out: HTMLElement[] = [];
  for (const g of groups) {
    const sport = el("section", "sport");
    sport.append(el("h2", "", g.title));
    for (const { league, matches } of g.leagues) {
      const box = el("section", "league");
      const head = el("h3");
      head.append(el("span", "", league.name), el("span", "country", league.country));
      const list = el("ul");
      list.append(...matches.map(rowFor));
      box.append(head, list);
      sport.append(box);
    }
    out.push(sport);
  }
  if (!out.length)
    out.push(el("p", "empty", "No live matches in your tracked leagues right now. They appear here as they kick off."));
  boardEl.replaceChildren(...out);
}

function update(id: string, scored = false) {
  const li = rows.get(id);
  const m = board.matches.get(id);
  if (!li || !m) return;
  fill(li, m);
  if (scored) flash(li);
}

// ---------- frames ----------
let loading = false;
const queued: Envelope[] = [];
const fetching = new Map<string, Envelope[]>();

function onFrame(f: Envelope) {
  if (loading) return void queued.push(f);
  const r = applyFrame(board, f);
  if (r.unknown) return void fetchUnknown(f);
  if (r.changed) update(f.match_id, r.scored);
}

/** A frame of a match not on the board (it kicked off since): fetch it once, then apply what came meanwhile. */
function fetchUnknown(f: Envelope) {
  const waiting = fetching.get(f.match_id);
  if (waiting) return void waiting.push(f);
  fetching.set(f.match_id, [f]);
  const s = session;
  api<MatchDetail>(`/v1/${f.sport}/matches/${f.match_id}`)
    .then((d) => {
      if (s !== session) return;
      putMatch(board, f.sport, d);
      render();
    })
    .catch(() => {})
    .finally(() => {
      const frames = fetching.get(f.match_id) ?? [];
      fetching.delete(f.match_id);
      if (s === session && board.matches.has(f.match_id)) frames.forEach(onFrame);
    });
}

/** Loads the live lists (and, a few at a time, each match's period, clock and latest event), then the queued frames. */
async function loadBoard(s: number, again: boolean) {
  loading = true;
  boardEl.setAttribute("aria-busy", "true");
  try {
    const lists = await Promise.all(
      SPORTS.map(async (sport) => {
        const [leagues, live] = await Promise.all([
          api<{ data: League[] }>(`/v1/${sport}/leagues`, "read:leagues"),
          api<{ data: MatchListItem[] }>(`/v1/${sport}/matches?status=live&limit=200`),
        ]);
        return { sport, leagues: leagues.data, live: live.data };
      }),
    );
    if (s !== session) return;
    const live = new Set<string>();
    for (const l of lists) {
      addLeagues(board, l.sport, l.leagues);
      for (const m of l.live) live.add(putMatch(board, l.sport, m).id);
    }
    // Shown before this load but no longer live (finished while the connection was down): refreshed below.
    const stale = [...board.matches.values()].filter((m) => !live.has(m.id) && !isOver(m.status_code));
    render();
    const todo = [...board.matches.values()].filter((m) => live.has(m.id) || stale.includes(m));
    const count = `${live.size} live match${live.size === 1 ? "" : "es"}`;
    say(again ? `Reconnected: ${count}, up to date.` : `Connected: ${count}.`, "ok");
    loading = false;
    queued.splice(0).forEach(onFrame);
    await enrich(s, todo);
  } finally {
    if (s === session) {
      loading = false;
      boardEl.setAttribute("aria-busy", "false");
      queued.splice(0).forEach(onFrame);
    }
  }
}

/** List items carry no period, clock or events: read each match's detail and last event, four at a time. */
async function enrich(s: number, todo: BoardMatch[]) {
  let next = 0;
  const worker = async () => {
    while (next < todo.length && s === session) {
      const m = todo[next++]!;
      const eventSeq = m.lastEventSeq;
      try {
        putMatch(board, m.sport, await api<MatchDetail>(`/v1/${m.sport}/matches/${m.id}`));
        const last = (await events(m.sport, m.id)).at(-1);
        const now = board.matches.get(m.id);
        // Unless an event came over the stream meanwhile: that one is newer than what REST read.
        if (now && last && now.lastEventSeq === eventSeq)
          now.lastEvent = eventText(m.sport, last, { home: now.home_team, away: now.away_team });
        update(m.id);
      } catch (e) {
        if (e instanceof Refused && e.answer.status === 429) return; // out of budget: the stream still updates the board
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

// ---------- sockets ----------
interface Follow {
  stop(): void;
}

/** One WebSocket that reconnects with backoff and explains, in words, why it closed or was refused. */
function follow(o: {
  stream: Stream;
  path: string;
  query: () => string;
  onOpen(again: boolean): void;
  onFrame(f: Envelope): void;
  onState(text: string, tone: Tone): void;
  onEnd(): void;
}): Follow {
  let ws: WebSocket | null = null;
  let failures = 0;
  let opens = 0;
  let stopped = false;
  let timer = 0;
  const base = `${location.origin.replace(/^http/, "ws")}${o.path}?api_key=${encodeURIComponent(key)}`;
  const ping = window.setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send("ping"), 30_000);
  const end = () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(ping);
  };
  const connect = () => {
    let openedAt: number | null = null;
    ws = new WebSocket(base + o.query());
    ws.onopen = () => {
      openedAt = Date.now();
      o.onOpen(opens++ > 0);
    };
    ws.onmessage = (e) => {
      if (e.data !== "pong") o.onFrame(JSON.parse(e.data as string) as Envelope);
    };
    ws.onclose = async (e) => {
      if (stopped) return;
      const openFor = openedAt === null ? null : Date.now() - openedAt;
      // Never opened: the upgrade was refused or the server is away; the same URL over HTTP says which.
      const verdict =
        openFor === null ? refusal(await probe(o.path), "stream:websocket") : afterClose(e.code, e.reason, o.stream);
      if (stopped) return;
      failures = failuresAfter(failures, openFor);
      if (!verdict.retry) {
        end();
        o.onState(verdict.message, e.code === 1000 ? "info" : "error");
        return o.onEnd();
      }
      const delay = verdict.delayMs ?? backoffDelay(failures);
      o.onState(`${verdict.message} Reconnecting in ${Math.ceil(delay / 1000)} s…`, "warn");
      timer = window.setTimeout(connect, delay);
    };
  };
  connect();
  return {
    stop() {
      end();
      ws?.close(1000);
    },
  };
}

const probe = (path: string) =>
  fetch(path, { headers: { "x-api-key": key } }).then(answerOf, (): Answer => ({ status: 0 }));

// ---------- the timeline of one match ----------
interface Timeline {
  id: string;
  seq: number;
  events: Map<string, Event>;
  list: HTMLOListElement;
  note: HTMLElement;
  socket?: Follow;
}
let open: Timeline | null = null;

function closeTimeline() {
  if (!open) return;
  open.socket?.stop();
  const li = rows.get(open.id);
  li?.querySelector(".timeline")?.remove();
  li?.querySelector(".row")?.setAttribute("aria-expanded", "false");
  open = null;
}

function toggleTimeline(id: string) {
  const again = open?.id === id;
  closeTimeline();
  if (!again) openTimeline(id);
}

function drawTimeline(t: Timeline) {
  const m = board.matches.get(t.id);
  if (!m) return;
  const teams = { home: m.home_team, away: m.away_team };
  const items = [...t.events.values()]
    .sort((a, b) => b.seq - a.seq)
    .map((e) => {
      const line = eventLine(m.sport, e, teams);
      const li = el("li");
      li.dataset.kind = line.kind;
      li.append(el("span", "at", line.at), el("span", "what", line.text));
      return li;
    });
  t.list.replaceChildren(...(items.length ? items : [el("li", "note", "No events yet.")]));
}

function openTimeline(id: string) {
  const m = board.matches.get(id);
  const li = rows.get(id);
  if (!m || !li) return;
  const box = el("div", "timeline");
  box.id = `timeline-${id}`;
  const t: Timeline = { id, seq: 0, events: new Map(), list: el("ol"), note: el("p", "note", "Loading the timeline…") };
  box.append(t.note, t.list);
  li.append(box);
  const button = li.querySelector(".row")!;
  button.setAttribute("aria-expanded", "true");
  button.setAttribute("aria-controls", box.id);
  open = t;
  events(m.sport, id).then(
    (evs) => {
      evs.forEach((e) => t.events.set(e.id, e));
      if (open === t) drawTimeline(t);
    },
    (e: unknown) => {
      if (open === t && e instanceof Refused) t.note.textContent = refusal(e.answer, e.scope).message;
    },
  );
  if (isOver(m.status_code)) return void (t.note.textContent = `${stateText(m)}.`);
  t.socket = follow({
    stream: "match",
    path: `/v1/ws/match/${id}`,
    // since=0 first: the stream replays what it still holds, so nothing between the REST read and the socket is lost.
    query: () => `&since=${t.seq}`,
    onOpen: (again) => {
      t.note.textContent = again ? "Following live again; missed events were replayed." : "Following live.";
    },
    onFrame: (f) => {
      t.seq = Math.max(t.seq, f.seq);
      if (f.type === "event_added") {
        t.events.set(f.data.id, f.data);
        if (open === t) drawTimeline(t);
      }
      onFrame(f);
    },
    onState: (text) => {
      t.note.textContent = text;
    },
    onEnd: () => {},
  });
}

// ---------- connect ----------
let hub: Follow | null = null;

/** Loads the board; the live socket is open meanwhile, so a failed load is retried while it stays open. */
function reload(s: number, again: boolean) {
  loadBoard(s, again).catch((e: unknown) => {
    if (s !== session) return;
    const v = e instanceof Refused ? refusal(e.answer, e.scope) : { message: String(e), retry: false };
    if (!v.retry) {
      say(v.message, "error");
      return hub?.stop();
    }
    const delay = v.delayMs ?? backoffDelay(2);
    say(`${v.message} Loading again in ${Math.ceil(delay / 1000)} s…`, "warn");
    window.setTimeout(() => s === session && reload(s, again), delay);
  });
}

function connect(newKey: string) {
  closeTimeline();
  hub?.stop();
  session++;
  key = newKey;
  board = emptyBoard();
  rows.clear();
  loading = false;
  queued.length = 0;
  boardEl.replaceChildren();
  say("Connecting…");
  const s = session;
  hub = follow({
    stream: "live",
    path: "/v1/ws/live",
    query: () => "",
    onOpen: (again) => {
      say(again ? "Reconnected; catching up…" : "Connected; loading the live matches…", again ? "warn" : "info");
      reload(s, again);
    },
    onFrame,
    onState: say,
    onEnd: closeTimeline,
  });
}

document.getElementById("connect")!.addEventListener("submit", (e) => {
  e.preventDefault();
  connect((document.getElementById("key") as HTMLInputElement).value.trim());
});
