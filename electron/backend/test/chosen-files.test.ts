import { describe, expect, it } from 'vitest';
import { ChosenFiles } from '../src/files/chosen-files.ts';

describe('files the user chose or dropped', () => {
  it('lets transfers use a dropped file and nothing else', () => {
    const chosen = new ChosenFiles();
    expect(chosen.addDropped(['/home/ada/run/model.pt'])).toEqual(['/home/ada/run/model.pt']);
    expect(chosen.require('/home/ada/run/../run/model.pt')).toBe('/home/ada/run/model.pt');
    expect(() => chosen.require('/home/ada/.ssh/id_ed25519')).toThrow(/Choose the file/);
  });

  it('ignores relative, empty and non-string entries and refuses a malformed drop', () => {
    const chosen = new ChosenFiles();
    expect(chosen.addDropped(['relative/file.txt', '', 42, '/data/ok.csv'])).toEqual(['/data/ok.csv']);
    expect(() => chosen.require('relative/file.txt')).toThrow(/Choose the file/);
    expect(() => chosen.addDropped('/data/ok.csv')).toThrow(/list of paths/);
    expect(() => chosen.addDropped(Array.from({ length: 1001 }, (_, i) => `/f/${i}`))).toThrow(/list of paths/);
  });
});
