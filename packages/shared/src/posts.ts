/** Hashtags in post text become topics: `#Nairobi` and `#nairobi` are one topic. */
export function extractHashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^\p{L}\p{N}_&])#([\p{L}\p{N}_]{1,64})/gu)) {
    const tag = match[1]!.toLowerCase();
    if (/^[a-z0-9_]+$/.test(tag) && !/^\d+$/.test(tag)) tags.add(tag);
  }
  return [...tags];
}
