// P4's baseline: a raw Node `ws` server in its own process (pinned like workerd). POST /publish with a JSON body
// broadcasts it to every connected client, the way an ingest request makes a MatchRoom fan out.
import { createServer } from "node:http";
import { WebSocketServer } from "ws";

const server = createServer((req, res) => {
  let body = "";
  req.on("data", (d) => (body += d));
  req.on("end", () => {
    for (const c of wss.clients) c.send(body);
    res.writeHead(200).end();
  });
});
const wss = new WebSocketServer({ server });
// A client reset (10,000 clients closing at once) must not end the server: ws emits it on the socket.
wss.on("connection", (ws) => ws.on("error", () => {}));
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
