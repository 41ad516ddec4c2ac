import { events, type EventName, type EventPayload } from '../../../shared/ipc/index.ts';

/** Receives every pushed event (a shell forwards them to its renderer). */
type EventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** The backend's typed event emitter: payloads are checked against the ipc contract's event map before they leave. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  /** Sends an event to every subscriber. */
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    const checked = events[name].parse(payload) as EventPayload<E>;
    for (const listener of this.listeners) listener(name, checked);
  }

  /** Subscribes to every event; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
