import type { EventBus } from './events.ts';

/**
 * The invitation link the operating system opened the app with (a `trackdesk://join` link the desktop shell checked),
 * kept until the window takes it: a link that arrives before the window listens (the app's first start) is not lost,
 * and each is taken once.
 */
export class OpenedInvitations {
  private waiting: string | null = null;
  private readonly events: EventBus;

  constructor(events: EventBus) {
    this.events = events;
  }

  /** Keeps the link (a newer one replaces one not yet taken) and tells the window. */
  open(link: string): void {
    this.waiting = link;
    this.events.emit('invitations.opened', {});
  }

  /** The link waiting, once; null when none does. */
  take(): string | null {
    const link = this.waiting;
    this.waiting = null;
    return link;
  }
}
