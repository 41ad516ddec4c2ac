/** Numbers given to objects, by identity: a changed row (a new object) gets a new number. */
const stamps = new WeakMap<object, number>();
let lastStamp = 0;

/** A number that stays the same for the same object and differs for every other one (hashable, unlike the object). */
export function identityStamp(value: object): number {
  let stamp = stamps.get(value);
  if (stamp === undefined) {
    lastStamp += 1;
    stamp = lastStamp;
    stamps.set(value, stamp);
  }
  return stamp;
}
