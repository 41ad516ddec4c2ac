import { describe, expect, it } from 'vitest';
import { scriptSnippet } from '../../../shared/ipc/script-snippets.ts';

const settings = { url: 'http://127.0.0.1:5170/clientlib/', apiKey: 'abcDEF0123456789', projectName: 'mnist' };

describe('script snippets', () => {
  it('sets both variables for a shell, quoted', () => {
    expect(scriptSnippet('shell', settings)).toBe("export COMET_URL_OVERRIDE='http://127.0.0.1:5170/clientlib/'\nexport COMET_API_KEY='abcDEF0123456789'\n");
    expect(scriptSnippet('shell', { ...settings, apiKey: "it's" })).toContain("COMET_API_KEY='it'\\''s'");
  });

  it('sets them from Python before the SDK starts a run in the project', () => {
    const python = scriptSnippet('python', { ...settings, projectName: 'my "quoted" project' });
    expect(python.indexOf('os.environ["COMET_URL_OVERRIDE"] = "http://127.0.0.1:5170/clientlib/"')).toBeLessThan(python.indexOf('import comet_ml'));
    expect(python).toContain('os.environ["COMET_API_KEY"] = "abcDEF0123456789"');
    expect(python).toContain('comet_ml.start(project_name="my \\"quoted\\" project")');
    expect(scriptSnippet('python', { ...settings, workspaceName: 'vision-team' })).toContain('comet_ml.start(workspace="vision-team", project_name="mnist")');
  });

  it("writes the SDK's config file section", () => {
    expect(scriptSnippet('config', settings)).toBe('[comet]\nurl_override = http://127.0.0.1:5170/clientlib/\napi_key = abcDEF0123456789\n');
  });
});
