import net from 'node:net';

/** `count` distinct free ports on 127.0.0.1: each is held until all are found, so no two are the same. */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const srv = net.createServer();
      srv.unref();
      servers.push(srv);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          srv.on('error', reject);
          srv.listen(0, '127.0.0.1', () => resolve((srv.address() as net.AddressInfo).port));
        }),
      );
    }
    return ports;
  } finally {
    await Promise.all(servers.map((srv) => new Promise<void>((resolve) => srv.close(() => resolve()))));
  }
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0];
}
