// The board on the page: the status line, sections per sport and league, one row per match (kept and updated in
// place, so a score's flash is not restarted by other rows' changes).
import { STATUS } from "../../../core/domain/codes";
import { emptyBoard, groupBoard, type Board, type BoardMatch } from "../../../client/board";
import { stateText } from "../../../client/words";

export type Tone = "info" | "ok" | "warn" | "error";

const statusEl = document.getElementById("status")!;
export const boardEl = document.getElementById("board")!;

export function say(text: string, tone: Tone = "info") {
  statusEl.textContent = text;
  statusEl.className = tone;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls = "", text = ""): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

/** What the page shows; replaced on every Connect. */
export let board: Board = emptyBoard();
export const rows = new Map<string, HTMLLIElement>();
let onSelect: (id: string) => void = () => {};

export function resetBoard(select: (id: string) => void) {
  board = emptyBoard();
  rows.clear();
  onSelect = select;
  boardEl.replaceChildren();
}

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
    button.addEventListener("click", () => onSelect(m.id));
    li.append(button);
    rows.set(m.id, li);
  }
  fill(li, m);
  return li;
}

function fill(li: HTMLLIElement, m: BoardMatch) {
  const [state, home, score, away, last] = li.querySelectorAll<HTMLElement>(".row > span");
  state!.textContent = stateText(m);
  state!.classList.toggle("over", m.status_code !== STATUS.LIVE);
  home!.textContent = m.home_team;
  score!.textContent = `${m.home_score} – ${m.away_score}`;
  away!.textContent = m.away_team;
  last!.textContent = m.lastEvent ?? "";
}

const flashTimers = new WeakMap<Element, number>();
function flash(li: HTMLLIElement) {
  const score = li.querySelector<HTMLElement>(".score")!;
  score.classList.remove("flash");
  void score.offsetWidth; // restarts the animation
  score.classList.add("flash");
  clearTimeout(flashTimers.get(score));
  flashTimers.set(
    score,
    window.setTimeout(() => score.classList.remove("flash"), 1600),
  );
}

/** Lays the board out again (sports, leagues, matches); rows are reused, so only membership changes call this. */
export function render() {
  const out: HTMLElement[] = [];
  for (const g of groupBoard(board)) {
    const sport = el("section", "sport");
    sport.append(el("h2", "", g.title));
    for (const { league, matches } of g.leagues) {
      const box = el("section", "league");
      const head = el("h3");
      head.append(el("span", "", league.name), el("span", "country", league.country));
      // Invented results must not pass for real ones (docs/data.md "Coverage").
      if (league.simulated) head.append(el("span", "simulated", "Simulated: invented matches for trying the service"));
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

/** Shows a match's new state; `scored` flashes its score. */
export function update(id: string, scored = false) {
  const li = rows.get(id);
  const m = board.matches.get(id);
  if (!li || !m) return;
  fill(li, m);
  if (scored) flash(li);
}
