// The /live page's script, served as /live.js (bundled by scripts/build-live-page.mjs). It loads the live matches over
// REST, follows /v1/ws/live for every change, and for the match the user selects loads its timeline and follows
// /v1/ws/match/{id} (timeline.ts). What it decides (words, grouping, when to reconnect, what to say) lives in the pure
// modules of src/web/live, which have their own tests.
import { SPORTS } from "../../../core/domain/codes";
import type { League, MatchDetail, MatchListItem } from "../../../core/domain/schemas";
import {
  addLeagues,
  applyFrame,
  noteEvents,
  putMatch,
  type BoardMatch,
  type StreamMessage,
} from "../../../client/board";
import { backoffDelay, refusal } from "../../../client/connection";
import { eventText, isOver } from "../../../client/words";
import { api, Refused, setKey, timeline } from "./api";
import { follow, type Follow } from "./socket";
import { closeTimeline, toggleTimeline } from "./timeline";
import { board, boardEl, render, resetBoard, say, update } from "./view";

/** Bumped by every Connect: callbacks of an earlier connection see a stale session and do nothing. */
let session = 0;
let hub: Follow | null = null;

// ---------- frames ----------
/** While the REST lists load, messages wait here; then those older than what REST read change nothing (board.ts). */
let loading = false;
const queued: StreamMessage[] = [];
const fetching = new Map<string, StreamMessage[]>();

function onFrame(f: StreamMessage) {
  if (loading) return void queued.push(f);
  const r = applyFrame(board, f);
  if (r.unknown) return void fetchUnknown(f);
  if (r.added) {
    // A state message of a match not shown yet (it kicked off while the page was away): a row, then its clock.
    render();
    return void enrich(session, [board.matches.get(f.match_id)!]);
  }
  if (r.changed) update(f.match_id, r.scored);
}

/** A frame of a match not on the board (it kicked off since): fetch it once, then apply what came meanwhile. */
function fetchUnknown(f: StreamMessage) {
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

// ---------- REST state ----------
/** Loads the live lists (then, a few at a time, each match's period, clock and latest event), then queued frames. */
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
    const todo = [...board.matches.values()].filter((m) => live.has(m.id) || !isOver(m.status_code));
    render();
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
        // By seq: a detail older than what the streams delivered meanwhile changes nothing.
        putMatch(board, m.sport, await api<MatchDetail>(`/v1/${m.sport}/matches/${m.id}`));
        const { data } = await timeline(m.sport, m.id);
        noteEvents(board, m.id, data);
        const last = data.at(-1);
        const now = board.matches.get(m.id);
        // Unless an event came over the stream meanwhile: that one is newer than what REST read.
        if (now && last && now.lastEventSeq === eventSeq) {
          now.lastEvent = eventText(m.sport, last, { home: now.home_team, away: now.away_team });
          now.lastEventId = last.id;
        }
        update(m.id);
      } catch (e) {
        if (e instanceof Refused && e.answer.status === 429) return; // out of budget: the stream still updates the board
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** Loads the board; the live socket is open meanwhile, so a failed load is retried while it stays open. */
function reload(s: number, again: boolean) {
  loadBoard(s, again).catch((e: unknown) => {
    if (s !== session) return;
    // The live socket opened with this key before the board loaded, so a 401 now means it was revoked meanwhile.
    const v = e instanceof Refused ? refusal(e.answer, e.scope, true) : { message: String(e), retry: false };
    if (!v.retry) {
      say(v.message, "error");
      return hub?.stop();
    }
    const delay = v.delayMs ?? backoffDelay(2);
    say(`${v.message} Loading again in ${Math.ceil(delay / 1000)} s…`, "warn");
    window.setTimeout(() => s === session && reload(s, again), delay);
  });
}

// ---------- connect ----------
function connect(key: string) {
  closeTimeline();
  hub?.stop();
  const s = ++session;
  setKey(key);
  resetBoard((id) => toggleTimeline(id, onFrame));
  loading = false;
  queued.length = 0;
  say("Connecting…");
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
