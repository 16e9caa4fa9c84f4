// Showing and linking a Kenyan number already kept in E.164 (+254712345678). No parsing here, so
// lists and messages use it without loading libphonenumber (phone.ts does the parsing).

/** +254712345678 as Kenyans write it: 0712 345 678 (anything else is shown as it is). */
export function formatKenyanPhone(e164: string): string {
  const national = /^\+254(\d{3})(\d{3})(\d{3})$/.exec(e164);
  return national ? `0${national[1]} ${national[2]} ${national[3]}` : e164;
}

/** Tap to call. */
export const telLink = (e164: string) => `tel:${e164}`;

/** WhatsApp's chat link takes the international number without the plus. */
export const whatsAppLink = (e164: string) => `https://wa.me/${e164.replace(/^\+/, '')}`;
