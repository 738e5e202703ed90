/**
 * `base`, or `base2`, `base3`, … when taken. Probing from 2 on every call is quadratic when many
 * names share a base (20,000 punctuation-only keys all sanitise to one identifier), so the next
 * number to try is remembered per base. That is exact as long as a name once taken stays taken,
 * which holds for every name scope here.
 */
export class NumberedNames {
  private readonly next = new Map<string, number>();

  first(base: string, isFree: (name: string) => boolean): string {
    if (isFree(base)) return base;
    let n = this.next.get(base) ?? 2;
    while (!isFree(`${base}${n}`)) n++;
    this.next.set(base, n + 1);
    return `${base}${n}`;
  }
}
