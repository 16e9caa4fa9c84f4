import type { JobDto, Language } from '@jamii/shared';
import type { ShownLists } from './ussd.shown';

/**
 * What the menu asks of the rest of Jamii, in the menu's words. ussd.service.ts answers each with
 * the same services the web app's routes call, so a deal made by USSD follows every rule of the web.
 */
export type PinCheck =
  { kind: 'ok' } | { kind: 'wrong'; left: number } | { kind: 'locked' } | { kind: 'unset' };

export interface UssdOffer {
  id: number;
  name: string;
  price: number;
  currency: JobDto['currency'];
  message: string;
  pending: boolean;
}

export interface UssdConversation {
  id: number;
  name: string;
  lastMessage: string;
  unread: boolean;
}

export interface UssdMember {
  county: string | null;
  pinState(): Promise<'unset' | 'locked' | 'set'>;
  checkPin(pin: string): Promise<PinCheck>;
  /** Sends an SMS code to set the PIN with (not again while the last one can still be proved). */
  sendPinCode(): Promise<'sent' | 'failed' | 'limited'>;
  /** Proves the code sent by SMS, then sets the PIN. */
  setPinWithCode(code: string, pin: string): Promise<'set' | 'wrong' | 'expired'>;
  apply(jobId: number): Promise<{ kind: 'applied'; title: string } | { kind: 'already' } | { kind: 'gone' }>;
  myBids(limit: number): Promise<{ id: number; title: string; offerCount: number }[]>;
  offersOn(bidId: number): Promise<UssdOffer[]>;
  accept(offerId: number): Promise<boolean>;
  myOffers(limit: number): Promise<
    {
      bidTitle: string;
      price: number;
      currency: JobDto['currency'];
      status: 'pending' | 'accepted' | 'declined' | 'withdrawn';
    }[]
  >;
  conversations(limit: number): Promise<UssdConversation[]>;
  reply(conversationId: number, text: string): Promise<boolean>;
  notifications(limit: number, lang: Language): Promise<string[]>;
  smsEnabled(): Promise<boolean>;
  setSms(on: boolean): Promise<void>;
  setLanguage(lang: Language): Promise<void>;
}

export interface UssdPorts {
  /** The member whose verified phone called, or null for a visitor. */
  member: UssdMember | null;
  /** The lists this session's screens showed, as far as this process remembers them. */
  shown: ShownLists;
  findCounty(text: string): string | null;
  jobs(
    county: string,
    cursor: string | null,
    limit: number,
  ): Promise<{ items: JobDto[]; next: string | null }>;
  job(id: number): Promise<JobDto | null>;
  /**
   * Makes an account for the visitor's number, verified: the gateway is the only caller and names
   * the number itself. 'taken' when the number already has one, 'foreign' for a number outside Kenya.
   */
  join(account: { name: string; county: string; pin: string }): Promise<'joined' | 'taken' | 'foreign'>;
  /** False when the SMS could not be sent (a number outside Kenya, the provider down). */
  smsJob(job: JobDto, lang: Language): Promise<boolean>;
}
