// Types of tcp-proxy.mjs, the loopback proxy the database-outage tests and `npm run bench` cut.
export declare class TcpProxy {
  private constructor();
  readonly port: number;
  /** Listens on a free port of 127.0.0.1 and forwards to `target`. */
  static start(target: { host: string; port: number }): Promise<TcpProxy>;
  readonly up: boolean;
  /** Lets connections through again (on the same port). */
  restore(): Promise<void>;
  /**
   * The next data a client sends that contains `match` reaches the server, and from then on that
   * connection hears nothing back. Resolves once the server has answered (the command ran, its answer is lost).
   */
  dropAnswerTo(match: string, timeoutMs?: number): Promise<void>;
  /** Every connection through it is dropped and new ones are refused, until restore(). */
  cut(): Promise<void>;
  stop(): Promise<void>;
}
