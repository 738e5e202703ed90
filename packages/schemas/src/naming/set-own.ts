/**
 * Sets an own, enumerable property even when the key is `__proto__`: plain assignment would change
 * the object's prototype instead, silently dropping a real JSON key.
 */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
