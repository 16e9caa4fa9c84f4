import { z } from 'zod';

/** The USSD PIN: four digits, set on the web with the account's password. */
export const USSD_PIN_MESSAGES = {
  pin: 'Choose a PIN of four digits',
  password: 'Enter your password to set the PIN',
  wrongPassword: 'That password is not right',
} as const;

export const UssdPinInput = z.object({
  pin: z.string({ error: USSD_PIN_MESSAGES.pin }).regex(/^\d{4}$/, USSD_PIN_MESSAGES.pin),
  password: z.string({ error: USSD_PIN_MESSAGES.password }).min(1, USSD_PIN_MESSAGES.password).max(256),
});
export type UssdPinInputValues = z.infer<typeof UssdPinInput>;

/** Africa's Talking's USSD callback, as its form fields arrive. */
export const UssdCallbackInput = z.object({
  sessionId: z.string().min(1).max(100),
  serviceCode: z.string().min(1).max(40),
  phoneNumber: z.string().min(1).max(20),
  networkCode: z.string().max(20).optional(),
  text: z.string().max(500).default(''),
});

/** Africa's Talking's inbound SMS callback. */
export const SmsInboundInput = z.object({
  from: z.string().min(1).max(20),
  to: z.string().max(20).optional(),
  text: z.string().max(1600).default(''),
  date: z.string().max(40).optional(),
  id: z.string().max(100).optional(),
  linkId: z.string().max(100).optional(),
});

/** A screen of the menu: `CON …` (continue) or `END …` (done), at most 182 characters. */
export const UssdScreenSchema = z.string().meta({
  description: 'text/plain: `CON ` and the screen (an answer is awaited) or `END ` and the last screen',
});
