// Where a value is in a JSON text: the line a report names for what it refused ("euro.json/2020/euro.json:1785").
// Pure; the text is one JSON.parse has read already (valid JSON), walked only along the path asked for.

/** A path from the root: object keys and array indices (`["rounds", 4, "matches", 3, "goals1"]`). */
export type JsonPath = readonly (string | number)[];

/** The 1-based line on which the value at `path` starts in `text`; undefined when the text has no such value. */
export function lineOf(text: string, path: JsonPath): number | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i]!)) i++;
  };
  const string = () => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const skip = () => {
    ws();
    if (text[i] === '"') return void string();
    if (text[i] === "{" || text[i] === "[") {
      let depth = 0;
      do {
        const c = text[i];
        if (c === '"') {
          string();
          continue;
        }
        if (c === "{" || c === "[") depth++;
        else if (c === "}" || c === "]") depth--;
        i++;
      } while (depth > 0 && i < text.length);
      return;
    }
    while (i < text.length && !",]} \t\r\n".includes(text[i]!)) i++;
  };
  /** After a member or an element: past the comma; false at the container's end. */
  const next = () => {
    ws();
    if (text[i] !== ",") return false;
    i++;
    return true;
  };
  for (const step of path) {
    ws();
    if (typeof step === "number") {
      if (text[i] !== "[") return undefined;
      i++;
      ws();
      if (text[i] === "]") return undefined;
      for (let k = 0; k < step; k++) {
        skip();
        if (!next()) return undefined;
      }
    } else {
      if (text[i] !== "{") return undefined;
      i++;
      for (;;) {
        ws();
        if (text[i] !== '"') return undefined;
        const key = string();
        ws();
        i++; // the colon
        if (key === step) break;
        skip();
        if (!next()) return undefined;
      }
    }
  }
  ws();
  if (i >= text.length) return undefined;
  let line = 1;
  for (let k = 0; k < i; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

/** `rounds[4].matches[3].goals1`, as a report names a place in a file. */
export const pathText = (path: JsonPath) =>
  path.map((s, k) => (typeof s === "number" ? `[${s}]` : k === 0 ? s : `.${s}`)).join("");
