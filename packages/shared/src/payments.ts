import { z } from 'zod';
import { PHONE_MESSAGE, toKenyanE164 } from './phone';

// M-Pesa for deals: the owner of a bid pays the accepted price by STK Push; the money is held
// until the bid is completed, then paid to the winner by B2C, or refunded.

export const PAYMENT_STATUSES = [
  'pending',
  'held',
  'releasing',
  'released',
  'refunding',
  'refunded',
  'failed',
  'cancelled',
  'disputed',
] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** Shown on every payment screen while MPESA_URL is unset. */
export const PAYMENT_TEST_MODE_TEXT = 'Test mode: no real money moves';
/** The owner may cancel a held payment on their own once this many days pass without delivery. */
export const PAYMENT_CANCEL_AFTER_DAYS = 7;
/** A payment still pending this long is settled by asking Daraja (STK query). */
export const PAYMENT_PENDING_QUERY_MS = 2 * 60_000;

export const PaymentEventSchema = z.object({ status: PaymentStatusSchema, at: z.string() });

export const PaymentSchema = z.object({
  id: z.number().int(),
  bid_id: z.number().int().nullable(),
  status: PaymentStatusSchema,
  /** Whole shillings. */
  amount: z.number().int(),
  currency: z.literal('KES'),
  /** The payer's phone (E.164). */
  phone: z.string(),
  mpesa_receipt: z.string().nullable().optional(),
  /** The B2C receipt of the release or refund. */
  payout_receipt: z.string().nullable().optional(),
  /** The winner agreed that the owner may cancel before delivery. */
  winner_agreed_cancel: z.boolean(),
  /** When the owner may cancel without the winner's agreement (held payments only). */
  cancel_allowed_from: z.string().nullable(),
  dispute_reason: z.string().nullable(),
  test_mode: z.boolean(),
  events: z.array(PaymentEventSchema),
});
export type PaymentDto = z.infer<typeof PaymentSchema>;

export const PaymentModeSchema = z.object({ test_mode: z.boolean() });

export const PaymentAnswerSchema = z.object({ payment: PaymentSchema });

/** `{phone?}`: the owner's M-Pesa number; their profile phone when left out. */
export const PaymentInput = z.object({
  phone: z
    .string()
    .max(40, PHONE_MESSAGE)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const e164 = toKenyanE164(value);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
        return z.NEVER;
      }
      return e164;
    }),
});
export type PaymentInputValues = z.infer<typeof PaymentInput>;

export const PAYMENT_DISPUTE_REASON_MESSAGE = 'Say what went wrong (1 to 1000 characters)';
export const PaymentDisputeInput = z.object({
  reason: z
    .string({ error: PAYMENT_DISPUTE_REASON_MESSAGE })
    .trim()
    .min(1, PAYMENT_DISPUTE_REASON_MESSAGE)
    .max(1000, PAYMENT_DISPUTE_REASON_MESSAGE),
});
export type PaymentDisputeInputValues = z.infer<typeof PaymentDisputeInput>;

/** A payment as the moderators' queue lists it. */
export const AdminPaymentSchema = PaymentSchema.extend({
  bid_title: z.string(),
  payer: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
  payee: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type AdminPaymentDto = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentsQuery = z.object({
  status: PaymentStatusSchema.optional(),
});

/** What Daraja expects back from a callback it delivered (`POST /api/mpesa/…/{token}`). */
export const DarajaCallbackAnswerSchema = z.object({ ResultCode: z.number(), ResultDesc: z.string() });
export type DarajaCallbackAnswer = z.infer<typeof DarajaCallbackAnswerSchema>;
