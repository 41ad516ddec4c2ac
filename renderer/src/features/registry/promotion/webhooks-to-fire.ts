/** A webhook configuration item as the config read answers it (header values and secrets never included). */
export interface WebhookConfigItem {
  workspaceName: string;
  modelName: string;
  webhookUrls: readonly { name: string; url: string; triggers: readonly string[] }[];
}

/** One configured URL that an event will be sent to. */
export interface WebhookTarget {
  name: string;
  url: string;
  scope: 'model' | 'workspace';
  events: string[];
}

/** The event every entry without triggers receives (the seed's one event); other events go only to entries that name them. */
const DEFAULT_EVENT = 'MODEL_VERSION_STAGE_CHANGED';

/** The events a change sends: a stage change or a status change, made at once or requested (then decided). */
export function eventsOf(kind: 'stage' | 'status', outcome: 'change' | 'request'): string[] {
  const changed = kind === 'stage' ? 'MODEL_VERSION_STAGE_CHANGED' : 'MODEL_VERSION_STATUS_CHANGED';
  return outcome === 'change' ? [changed] : ['MODEL_VERSION_PROMOTION_REQUESTED', 'MODEL_VERSION_PROMOTION_APPROVED', changed];
}

/** The configured URLs of a model (its own entries and the workspace-wide ones) that receive any of `events`, and which of them. */
export function webhooksThatFire(configs: readonly WebhookConfigItem[], modelName: string, events: readonly string[]): WebhookTarget[] {
  return configs
    .filter((config) => config.modelName === '' || config.modelName === modelName)
    .flatMap((config) =>
      config.webhookUrls.map((entry) => ({
        name: entry.name,
        url: entry.url,
        scope: config.modelName === '' ? ('workspace' as const) : ('model' as const),
        events: events.filter((event) => (entry.triggers.length === 0 ? event === DEFAULT_EVENT : entry.triggers.includes(event))),
      })),
    )
    .filter((target) => target.events.length > 0);
}
