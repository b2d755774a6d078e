// A loopback TCP proxy in front of the running Worker, to cut a browser's connections as a network outage would
// (the /live page's resume test).
import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";

export interface TcpProxy {
  base: string;
  /** Request lines that went through it to the Worker ("GET /v1/…"), in order: what reached us, whatever a browser's
   * events say. */
  requests: string[];
  /** Drops every open connection and refuses new ones until `restore()`. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** `port`: where to listen (0: any free port), e.g. one a Worker was told is its public address. */
export async function tcpProxy(target: string, port = 0): Promise<TcpProxy> {
  const to = new URL(target);
  const open = new Set<Socket>();
  const requests: string[] = [];
  let server: Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(Number(to.port), to.hostname);
        open.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        for (const sock of [client, upstream]) sock.on("error", drop).on("close", drop);
        // HTTP/1.1 request lines start a chunk or follow a CRLF; a WebSocket's frames after the upgrade match none.
        client.on("data", (chunk: Buffer) => {
          for (const m of chunk.toString("latin1").matchAll(/(?:^|\r\n)([A-Z]+ \/\S* HTTP\/1\.[01])\r\n/g))
            requests.push(m[1]!.replace(/ HTTP\/1\.[01]$/, ""));
        });
        client.pipe(upstream).pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => resolve((s.address() as AddressInfo).port));
      server = s;
    });
  const stop = async () => {
    const s = server;
    server = null;
    if (!s) return;
    const closed = new Promise((r) => s.close(r));
    for (const sock of open) sock.destroy();
    open.clear();
    await closed;
  };
  const bound = await listen(port);
  return {
    base: `http://127.0.0.1:${bound}`,
    requests,
    cut: stop,
    restore: async () => void (await listen(bound)),
    close: stop,
  };
}
