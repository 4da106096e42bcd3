/**
 * A TCP proxy in front of the API that can fail the way networks do, on cue: cut every
 * open connection at once, or let a request reach the server and lose its answer.
 */
import net from "node:net";

export class FaultyProxy {
  /** The first line and headers of every request that went through, in order. */
  readonly requests: string[] = [];
  /** Answers lost on purpose. */
  lostReplies = 0;
  private readonly sockets = new Set<net.Socket>();
  /** Each client connection's request under way: its head, until its answer has ended. */
  private readonly heads = new Map<net.Socket, string>();
  private loseReplyPrefix: string | undefined;

  private constructor(
    private readonly server: net.Server,
    private readonly target: { host: string; port: number },
  ) {
    server.on("connection", (client) => this.relay(client));
  }

  static async start(target: URL): Promise<FaultyProxy> {
    const server = net.createServer();
    const proxy = new FaultyProxy(server, { host: target.hostname, port: Number(target.port) });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return proxy;
  }

  get url(): string {
    const address = this.server.address() as net.AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** Whether a request that began with `prefix` is under way (its answer not ended). */
  isOpen(prefix: string): boolean {
    return [...this.heads.values()].some((head) => head.startsWith(prefix));
  }

  /** Cuts every open connection, as a network that drops; returns the request heads of the
   * client connections cut. */
  dropAll(): string[] {
    const cut = [...this.heads.values()];
    for (const socket of this.sockets) socket.destroy();
    return cut;
  }

  /** The next request whose first line starts with `prefix` reaches the server; its answer
   * never reaches the client (the connection is cut when the answer begins). */
  loseReplyTo(prefix: string): void {
    this.loseReplyPrefix = prefix;
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    let doomed = false;
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on("close", () => {
        this.sockets.delete(socket);
        this.heads.delete(client);
        client.destroy();
        upstream.destroy();
      });
      socket.on("error", () => undefined); // a cut connection: closed just above
    }
    client.on("data", (chunk: Buffer) => {
      const text = chunk.toString("latin1");
      if (/^[A-Z]+ \//.test(text)) {
        const head = text.split("\r\n\r\n")[0] ?? "";
        this.requests.push(head);
        this.heads.set(client, head);
        if (this.loseReplyPrefix !== undefined && text.startsWith(this.loseReplyPrefix)) {
          this.loseReplyPrefix = undefined;
          doomed = true;
        }
      }
      upstream.write(chunk);
    });
    let tail = "";
    upstream.on("data", (chunk: Buffer) => {
      // A streamed (chunked) answer ends with a last chunk: the request is no longer under way.
      const text = tail + chunk.toString("latin1");
      if (text.includes("\r\n0\r\n\r\n")) this.heads.delete(client);
      tail = text.slice(-8);
      if (!doomed) {
        client.write(chunk);
        return;
      }
      this.lostReplies += 1;
      client.destroy();
    });
  }
}
