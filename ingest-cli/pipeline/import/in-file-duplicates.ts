// Rows of one file → the earlier line each repeat matches (same identity: place_id, else name and address);
// the rule: the first occurrence in the file wins, later ones are skipped as DUPLICATE_IN_FILE.

export interface InFileDuplicates {
  /** The earlier line with this identity, or undefined (and this line is remembered as the first). */
  findEarlier(identityKey: string, line: number): number | undefined;
}

export function createInFileDuplicates(): InFileDuplicates {
  const firstLines = new Map<string, number>();
  return {
    findEarlier(identityKey, line) {
      const earlier = firstLines.get(identityKey);
      if (earlier === undefined) firstLines.set(identityKey, line);
      return earlier;
    },
  };
}
