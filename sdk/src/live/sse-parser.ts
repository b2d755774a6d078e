// A text/event-stream parser (the WHATWG "event stream interpretation"), fed decoded text in chunks of any size.

export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | undefined;
}

export function sseParser(dispatch: (event: ServerSentEvent) => void): (chunk: string) => void {
  let buffer = "";
  let data: string[] = [];
  let event = "";
  let id: string | undefined;
  const line = (text: string) => {
    if (text === "") {
      if (data.length) dispatch({ event: event || "message", data: data.join("\n"), id });
      data = [];
      event = "";
      return;
    }
    if (text.startsWith(":")) return; // a comment: the server's heartbeat
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id" && !value.includes("\0")) id = value;
  };
  return (chunk) => {
    buffer += chunk;
    for (;;) {
      const m = /\r\n|\r|\n/.exec(buffer);
      // A lone \r at the end may be the first half of a \r\n still on its way.
      if (!m || (m[0] === "\r" && m.index === buffer.length - 1)) return;
      line(buffer.slice(0, m.index));
      buffer = buffer.slice(m.index + m[0].length);
    }
  };
}
