// The desktop preload bridge is replaced by a scripted one here, which records the calls made: how the previews asked for
// at once are grouped into calls cannot be seen from the real backend's answers, and the Electron runtime cannot run here.
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../../../shared/ipc/index.ts';
import type { TrackdeskBridge } from '../../../bridge.ts';
import { readThumbnail } from './thumbnail-batch.ts';

afterEach(() => {
  delete window.trackdesk;
});

interface Call {
  channel: string;
  input: { endpoint: string; queries: { assetId: string; size: number }[]; profileId: string };
}

/** A bridge answering each preview with a data: URL naming it; `refused` assets answer a refusal, `failing` fails the whole call. */
function scriptedBridge({ refused = [], failing = false }: { refused?: string[]; failing?: boolean } = {}) {
  const calls: Call[] = [];
  const bridge: TrackdeskBridge = {
    invoke: async (channel, input) => {
      const call = { channel, input } as Call;
      calls.push(call);
      if (failing) return { ok: false, error: { code: 'unreachable', message: 'The service did not answer.' } } as Envelope<unknown>;
      const items = call.input.queries.map(({ assetId, size }) =>
        refused.includes(assetId)
          ? { ok: false, code: 'invalid_input', message: 'Cannot display this image: it could not be decoded.' }
          : { ok: true, contentType: 'image/webp', bytes: size, dataUrl: `data:image/webp;base64,${btoa(`${assetId}@${size}`)}` },
      );
      return { ok: true, data: { items } } as Envelope<unknown>;
    },
    on: () => () => undefined,
    acceptDroppedFiles: async () => [],
  };
  window.trackdesk = bridge;
  return calls;
}

const target = (assetId: string) => ({ experimentKey: 'e1', assetId, size: 256 as const });

describe('previews asked for at once', () => {
  it('go to the backend in a few transfers.previewMany calls, each image answered with its own preview', async () => {
    const calls = scriptedBridge();
    const ids = Array.from({ length: 30 }, (_, index) => `a${index}`);
    const images = await Promise.all(ids.map((id) => readThumbnail('local', target(id))));
    expect(calls.map((call) => [call.channel, call.input.endpoint, call.input.queries.length, call.input.profileId])).toEqual([
      ['transfers.previewMany', 'assetPreview', 24, 'local'],
      ['transfers.previewMany', 'assetPreview', 6, 'local'],
    ]);
    expect(images.map((image) => atob(image.dataUrl.split(',')[1] ?? ''))).toEqual(ids.map((id) => `${id}@256`));
    await readThumbnail('local', target('later'));
    expect(calls).toHaveLength(3);
  });

  it('fail one by one: a refused image gets its own reason, the others their previews', async () => {
    scriptedBridge({ refused: ['bad'] });
    const [good, bad] = await Promise.allSettled([readThumbnail('local', target('good')), readThumbnail('local', target('bad'))]);
    expect(good.status).toBe('fulfilled');
    expect(bad).toMatchObject({ status: 'rejected', reason: { name: 'BridgeError', message: 'Cannot display this image: it could not be decoded.' } });
  });

  it('all fail with the backend’s message when their call fails', async () => {
    scriptedBridge({ failing: true });
    const settled = await Promise.allSettled([readThumbnail('local', target('x')), readThumbnail('local', target('y'))]);
    expect(settled.map((one) => (one.status === 'rejected' ? (one.reason as Error).message : 'fulfilled'))).toEqual(['The service did not answer.', 'The service did not answer.']);
  });
});
