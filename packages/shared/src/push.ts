import { z } from 'zod';

/** `GET /api/push/key`: the server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const PushKeySchema = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof PushKeySchema>;

const Endpoint = z
  .string()
  .trim()
  .max(2000, 'Endpoint is too long')
  .pipe(z.url({ protocol: /^https?$/, error: 'Endpoint must be a URL' }));

// The browser's keys are base64url; their length is the key's, with room for padding.
const Base64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url');

/** `POST /api/push/subscriptions`: `PushSubscription.toJSON()` of this browser. */
export const PushSubscriptionInput = z.object({
  endpoint: Endpoint,
  keys: z.object({ p256dh: Base64Url(200).min(20), auth: Base64Url(100).min(8) }),
});
export type PushSubscriptionInputValues = z.infer<typeof PushSubscriptionInput>;

/** `POST /api/push/subscriptions` answers 201 with the endpoint it keeps for this browser. */
export const PushSubscriptionSchema = z.object({ endpoint: z.string() });
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

/** `DELETE /api/push/subscriptions`: forget this browser's subscription. */
export const PushUnsubscribeInput = z.object({ endpoint: Endpoint });
export type PushUnsubscribeInputValues = z.infer<typeof PushUnsubscribeInput>;

/** What the service worker receives (public/push-sw.js): shown as a notification that opens `link`. */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
  tag: string;
}
