import { describe, expect, it } from 'vitest';
import { logRefreshMs } from './delivery-log.tsx';
import type { WebhookDelivery } from './delivery-table.tsx';

/** A log query's state holding deliveries of these ids and statuses. */
const logOf = (...deliveries: [string, WebhookDelivery['status']][]) => ({
  state: { data: { deliveries: deliveries.map(([deliveryId, status]) => ({ deliveryId, status }) as WebhookDelivery) } },
});

describe('how soon the delivery log reads again', () => {
  const now = 1_000_000;
  const watched = { deliveryId: 'again', until: now + 30_000 };

  it('soon while a delivery it shows is pending, else now and then', () => {
    expect(logRefreshMs(logOf(['one', 'pending']), null, now)).toBe(1500);
    expect(logRefreshMs(logOf(['one', 'delivered']), null, now)).toBe(15_000);
  });

  it('soon after a re-send until the new delivery shows with its outcome, though the filters hide it while pending', () => {
    // Filtered to "Delivered": the re-sent delivery, still pending, is not in the answer.
    expect(logRefreshMs(logOf(['one', 'delivered']), watched, now)).toBe(1500);
    expect(logRefreshMs(logOf(['again', 'delivered'], ['one', 'delivered']), watched, now)).toBe(15_000);
    // A delivery the filters keep hiding (it failed, the log shows delivered ones) is looked for 30 s at most.
    expect(logRefreshMs(logOf(['one', 'delivered']), watched, watched.until)).toBe(15_000);
  });
});
