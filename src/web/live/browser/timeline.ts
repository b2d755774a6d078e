// The timeline of the selected match: its events from REST with the seq they reflect, then /v1/ws/match/{id} from
// ?since= that seq, which after a drop resumes with ?since= the last seq it delivered: no event missed, and a correction
// (an event changed or removed) is never undone by a timeline read older than it.
import type { Event } from "../../../core/domain/schemas";
import { refusal } from "../../../client/connection";
import { eventLine, isOver, stateText } from "../../../client/words";
import { Refused, timeline } from "./api";
import { follow as followStream, type Follow } from "./socket";
import { noteEvents, type StreamMessage } from "../../../client/board";
import { board, el, rows } from "./view";

interface Timeline {
  id: string;
  /** The last seq the match socket delivered: where a reconnect resumes. */
  seq: number;
  events: Map<string, Event>;
  list: HTMLOListElement;
  note: HTMLElement;
  socket?: Follow;
}
let open: Timeline | null = null;

export function closeTimeline() {
  if (!open) return;
  open.socket?.stop();
  const li = rows.get(open.id);
  li?.querySelector(".timeline")?.remove();
  li?.querySelector(".row")?.setAttribute("aria-expanded", "false");
  open = null;
}

/** Opens the match's timeline (closing any other); a second click closes it. Frames also go to `onFrame` (the board). */
export function toggleTimeline(id: string, onFrame: (f: StreamMessage) => void) {
  const again = open?.id === id;
  closeTimeline();
  if (!again) openTimeline(id, onFrame);
}

function draw(t: Timeline) {
  const m = board.matches.get(t.id);
  if (!m || open !== t) return;
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

function openTimeline(id: string, onFrame: (f: StreamMessage) => void) {
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
  timeline(m.sport, id).then(
    (read) => {
      if (open !== t) return;
      read.data.forEach((e) => t.events.set(e.id, e));
      noteEvents(board, id, read.data);
      draw(t);
      t.seq = read.seq;
      if (isOver(m.status_code)) return void (t.note.textContent = `${stateText(m)}.`);
      follow(t, onFrame);
    },
    (e: unknown) => {
      if (open === t && e instanceof Refused) t.note.textContent = refusal(e.answer, e.scope, true).message;
    },
  );
}

/** The match stream from the timeline's seq; a reconnect resumes from the last seq delivered. */
function follow(t: Timeline, onFrame: (f: StreamMessage) => void) {
  t.socket = followStream({
    stream: "match",
    path: `/v1/ws/match/${t.id}`,
    query: () => `&since=${t.seq}`,
    onOpen: (again) => {
      t.note.textContent = again ? "Following live again; missed events were replayed." : "Following live.";
    },
    onFrame: (f) => {
      if (f.type === "state") return onFrame(f);
      t.seq = Math.max(t.seq, f.seq);
      if (f.type === "event_added" || f.type === "event_updated") {
        t.events.set(f.data.id, f.data);
        draw(t);
      } else if (f.type === "event_removed") {
        t.events.delete(f.data.id);
        draw(t);
      }
      onFrame(f);
    },
    onState: (text) => {
      t.note.textContent = text;
    },
    onEnd: () => {},
  });
}
