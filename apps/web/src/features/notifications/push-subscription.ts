import type { PushKey } from '@jamii/shared';
import { apiFetch } from '../../lib/api';

/** Where this browser stands with Jamii's push notifications. */
export type PushState = 'unsupported' | 'install-first' | 'denied' | 'off' | 'on';

const isIphone = () => /iPhone|iPad|iPod/.test(navigator.userAgent);
const isInstalled = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** The service worker Jamii registered (production builds, signed in); none: no push here. */
async function registration() {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

export async function readPushState(): Promise<PushState> {
  // iPhones take Web Push only from an app added to the Home Screen.
  if (typeof window !== 'undefined' && 'Notification' in window && isIphone() && !isInstalled())
    return 'install-first';
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const sub = await reg.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

const toBytes = (base64url: string) => {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

/**
 * Asks the browser (only after the member pressed the in-app button) and tells the server this
 * device's subscription. Answers the state it ends in.
 */
export async function turnPushOn(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { public_key } = await apiFetch<PushKey>('/api/push/key');
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toBytes(public_key) }));
  const json = sub.toJSON();
  await apiFetch('/api/push/subscriptions', {
    method: 'POST',
    body: { endpoint: json.endpoint, keys: json.keys },
  });
  return 'on';
}

export async function turnPushOff(): Promise<PushState> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await apiFetch('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: sub.endpoint } });
    await sub.unsubscribe();
  }
  return 'off';
}
