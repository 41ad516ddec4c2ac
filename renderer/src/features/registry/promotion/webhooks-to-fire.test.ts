import { describe, expect, it } from 'vitest';
import { eventsOf, webhooksThatFire } from './webhooks-to-fire.ts';

const configs = [
  { workspaceName: 'w', modelName: '', webhookUrls: [{ name: 'all', url: 'https://a.example/hook', triggers: [] }] },
  { workspaceName: 'w', modelName: 'classifier', webhookUrls: [{ name: 'status', url: 'https://b.example/hook', triggers: ['MODEL_VERSION_STATUS_CHANGED', 'MODEL_VERSION_PROMOTION_REQUESTED'] }] },
  { workspaceName: 'w', modelName: 'other', webhookUrls: [{ name: 'other', url: 'https://c.example/hook', triggers: [] }] },
];

describe('webhooks that fire', () => {
  it('sends a stage change to entries without triggers (the default event) of the model and the workspace', () => {
    expect(webhooksThatFire(configs, 'classifier', eventsOf('stage', 'change'))).toEqual([
      { name: 'all', url: 'https://a.example/hook', scope: 'workspace', events: ['MODEL_VERSION_STAGE_CHANGED'] },
    ]);
  });

  it('sends status changes and requests only to entries that name them', () => {
    expect(webhooksThatFire(configs, 'classifier', eventsOf('status', 'request'))).toEqual([
      { name: 'status', url: 'https://b.example/hook', scope: 'model', events: ['MODEL_VERSION_PROMOTION_REQUESTED', 'MODEL_VERSION_STATUS_CHANGED'] },
    ]);
  });
});
