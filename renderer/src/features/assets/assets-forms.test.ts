import { describe, expect, it } from 'vitest';
import { assetTypeFor } from './asset-types.ts';
import { formatBytes, formatRemaining } from './format.ts';
import { EMPTY_REMOTE_FORM, parseRemoteAssets } from './remote-assets.ts';
import { EMPTY_UPLOAD_SETTINGS, parseUploadSettings } from './upload-settings.ts';
import { uploadQuery } from './upload-runner.ts';

describe('upload settings', () => {
  it('sends only what was filled in, with the type decided per file when automatic', () => {
    const parsed = parseUploadSettings({ ...EMPTY_UPLOAD_SETTINGS, step: ' 12 ', context: ' eval ', metadata: '{"a": 1}', overwrite: true });
    expect(parsed).toEqual({ ok: true, settings: { type: 'automatic', step: 12, context: 'eval', metadata: '{"a": 1}', overwrite: true } });
    expect(assetTypeFor('Cat.PNG', 'automatic')).toBe('image');
    expect(assetTypeFor('take.flac', 'automatic')).toBe('audio');
    expect(assetTypeFor('run.mp4', '')).toBe('video');
    expect(assetTypeFor('weights', 'automatic')).toBe('asset');
    expect(assetTypeFor('cat.png', 'model-element')).toBe('model-element');
    expect(uploadQuery('e1', 'cat.png', { type: 'image', overwrite: false })).toEqual({ experimentKey: 'e1', fileName: 'cat.png', type: 'image' });
    expect(uploadQuery('e1', 'x', { type: 'asset', step: 0, context: 'c', metadata: '{}', overwrite: true })).toEqual({
      experimentKey: 'e1',
      fileName: 'x',
      type: 'asset',
      step: 0,
      context: 'c',
      overwrite: true,
    });
  });

  it('refuses a bad step, metadata that is not a JSON object, and metadata too long for the browser address', () => {
    const parsed = parseUploadSettings({ ...EMPTY_UPLOAD_SETTINGS, step: '-1', metadata: '[1, 2]' });
    expect(parsed).toEqual({ ok: false, errors: { step: 'must be a whole number of 0 or more', metadata: 'must be a JSON object, e.g. {"source": "camera-2"}' } });
    expect(parseUploadSettings({ ...EMPTY_UPLOAD_SETTINGS, step: '1.5', metadata: '{nope' })).toMatchObject({ ok: false, errors: { step: expect.any(String), metadata: expect.stringContaining('valid JSON') } });
    const long = JSON.stringify({ text: 'é'.repeat(1000) });
    expect(parseUploadSettings({ ...EMPTY_UPLOAD_SETTINGS, metadata: long }, 8000)).toEqual({ ok: true, settings: expect.objectContaining({ metadata: long }) });
    expect(parseUploadSettings({ ...EMPTY_UPLOAD_SETTINGS, metadata: long }, 4000)).toMatchObject({ ok: false, errors: { metadata: expect.stringContaining('too long to send from the browser') } });
    expect(parseUploadSettings({ ...EMPTY_UPLOAD_SETTINGS, context: 'x'.repeat(1001) })).toMatchObject({ ok: false, errors: { context: 'must be at most 1000 characters' } });
  });
});

describe('upload tags', () => {
  it('sends the typed tags, trimmed and without duplicates, and refuses one over 200 characters', () => {
    expect(parseUploadSettings({ ...EMPTY_UPLOAD_SETTINGS, tags: ' best, v1,,best ' })).toEqual({ ok: true, settings: { type: 'automatic', overwrite: false, tags: ['best', 'v1'] } });
    expect(parseUploadSettings({ ...EMPTY_UPLOAD_SETTINGS, tags: `ok, ${'x'.repeat(201)}` })).toEqual({ ok: false, errors: { tags: 'each tag must be at most 200 characters' } });
  });
});

describe('remote assets form', () => {
  it('builds one E46 item per address with the shared fields', () => {
    const parsed = parseRemoteAssets({ ...EMPTY_REMOTE_FORM, links: ' s3://b/a.png \n\nhttps://x.test/b.png', type: 'image', step: '4', metadata: '{"k": 1}' });
    expect(parsed).toEqual({
      ok: true,
      remoteAssets: [
        { link: 's3://b/a.png', type: 'image', step: 4, metadata: '{"k": 1}' },
        { link: 'https://x.test/b.png', type: 'image', step: 4, metadata: '{"k": 1}' },
      ],
    });
  });

  it('refuses no address, a relative one, a file name for several, and a bad step', () => {
    expect(parseRemoteAssets(EMPTY_REMOTE_FORM)).toMatchObject({ ok: false, errors: { links: 'enter at least one address' } });
    expect(parseRemoteAssets({ ...EMPTY_REMOTE_FORM, links: 'images/a.png' })).toMatchObject({ ok: false, errors: { links: '“images/a.png” is not an absolute address (e.g. https://… or s3://…)' } });
    expect(parseRemoteAssets({ ...EMPTY_REMOTE_FORM, links: 's3://a/1\ns3://a/2', fileName: 'one.png', step: 'x' })).toMatchObject({
      ok: false,
      errors: { fileName: 'only for a single address', step: 'must be a whole number of 0 or more' },
    });
  });
});

describe('formatting', () => {
  it('writes sizes and time left for people', () => {
    expect([0, 512, 1536, 10 * 1024 * 1024, 150 * 1024 * 1024, 3 * 1024 ** 3].map(formatBytes)).toEqual(['0 B', '512 B', '1.5 KB', '10 MB', '150 MB', '3 GB']);
    expect([0.2, 59, 61, 3599, 3700].map(formatRemaining)).toEqual(['1 s left', '59 s left', '1 min 1 s left', '59 min 59 s left', '1 h 1 min left']);
  });
});
