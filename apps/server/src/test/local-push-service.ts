import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';

// web-push-testing: a real push service (RFC 8030 endpoints, RFC 8291 decryption, VAPID checked),
// run in this process on loopback. Its own start() listens on every interface; this listens on
// 127.0.0.1 only, on a free port.
const require = createRequire(import.meta.url);

interface PushApiModel {
  notifyUrl: string;
  subscribe(options: Record<string, string>): Promise<{
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  }>;
  expireSubscription(clientHash: string): void;
  getNotifications(body: { clientHash: string }): { messages: string[] };
}

export async function startLocalPushService() {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel') as {
    PushApiModel: new () => PushApiModel;
  };
  const Server = require('web-push-testing/src/server') as new (
    model: PushApiModel,
    port: number,
  ) => { _app: { listen(port: number, host: string, cb: () => void): Server }; setRequestHandlers(): void };
  const model = new PushApiModel();
  const service = new Server(model, 0);
  service.setRequestHandlers();
  const server = await new Promise<Server>((resolve) => {
    const s = service._app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  model.notifyUrl = `http://127.0.0.1:${port}/notify/`;
  return {
    /** A browser's subscription to this service for the server's key, as PushSubscription.toJSON(). */
    subscribe: (applicationServerKey: string) =>
      model.subscribe({ userVisibleOnly: 'true', applicationServerKey }),
    /** The pushes this subscription received, decrypted. */
    received: (clientHash: string) => model.getNotifications({ clientHash }).messages,
    /** The browser dropped it: the service answers 410 from now on. */
    expire: (clientHash: string) => model.expireSubscription(clientHash),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
