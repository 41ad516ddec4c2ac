import type { EventBus } from './events.ts';

/** The events that tell the window a link waits: an invitation (`trackdesk://join`), an experiment or a saved view to open (`trackdesk://open`). */
type OpenedEvent = 'invitations.opened' | 'experiments.opened' | 'views.opened';

/**
 * A link the operating system opened the app with (a `trackdesk://` link the desktop shell checked), kept until the window
 * takes it: a link that arrives before the window listens (the app's first start) is not lost, and each is taken once.
 */
export class OpenedLink {
  private waiting: string | null = null;
  private readonly events: EventBus;
  private readonly event: OpenedEvent;

  constructor(events: EventBus, event: OpenedEvent) {
    this.events = events;
    this.event = event;
  }

  /** Keeps the link (a newer one replaces one not yet taken) and tells the window. */
  open(link: string): void {
    this.waiting = link;
    this.events.emit(this.event, {});
  }

  /** The link waiting, once; null when none does. */
  take(): string | null {
    const link = this.waiting;
    this.waiting = null;
    return link;
  }
}
