// Matching hunters' custom watch items (products not in the catalog yet, added by name) against the products the
// catalog lists just showed (issue 40, "Coming to NC" alerts). An item names a product when its name, trimmed, is
// contained in the product's, case-insensitively, or when the product's name has every word of it ("Blue Run Rye"
// names "Blue Run High Rye 2026"). Items shorter than COMING_MIN_CUSTOM_NAME never match by name.
//
// Pure, and not in SQL: comparing every item with every event in the collection's statement cost items × events
// string operations, 34 s for 5,000 hunters' 15,000 items against a busy day's 300 events (npm run bench:ingest,
// alerts-coming-year), and no join form of it planned well. Here each rule is a lookup: "contained" is an item's name
// equal to one of the product name's substrings of a length some item's name has; "every word" is found by the
// item's first word among the product's words, then checked whole.

/** Custom names shorter than this (trimmed) never match a product by name: "Rye" would name half the catalog. */
export const COMING_MIN_CUSTOM_NAME = 4;

/** A name's words: lower case, apostrophes dropped, split at anything else not a letter or digit. */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ');
}

export interface NamedItem {
  userId: number;
  name: string;
}

export interface NamedProduct<Id> {
  id: Id;
  name: string;
}

/** Every (user, product) pair where one of the user's items names the product, each pair once. */
export function customNameMatches<Id>(items: readonly NamedItem[], products: readonly NamedProduct<Id>[]): { userId: number; id: Id }[] {
  const byName = new Map<string, Set<number>>();
  const byFirstWord = new Map<string, { userId: number; words: string[] }[]>();
  for (const item of items) {
    const name = item.name.trim().toLowerCase();
    if (name.length < COMING_MIN_CUSTOM_NAME) continue;
    let users = byName.get(name);
    if (!users) byName.set(name, (users = new Set()));
    users.add(item.userId);
    const words = nameWords(item.name);
    const list = byFirstWord.get(words[0]) ?? [];
    list.push({ userId: item.userId, words });
    byFirstWord.set(words[0], list);
  }
  const lengths = [...new Set([...byName.keys()].map((n) => n.length))];
  const pairs: { userId: number; id: Id }[] = [];
  for (const product of products) {
    const users = new Set<number>();
    const name = product.name.toLowerCase();
    for (const len of lengths) {
      for (let start = 0; start + len <= name.length; start++) {
        for (const user of byName.get(name.slice(start, start + len)) ?? []) users.add(user);
      }
    }
    const words = new Set(nameWords(product.name));
    for (const word of words) {
      for (const item of byFirstWord.get(word) ?? []) if (item.words.every((w) => words.has(w))) users.add(item.userId);
    }
    for (const userId of users) pairs.push({ userId, id: product.id });
  }
  return pairs;
}
