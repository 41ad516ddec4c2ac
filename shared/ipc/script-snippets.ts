/** The forms in which the settings a training script needs are given: shell, Python, and the SDK's config file. */
export const SNIPPET_FORMATS = ['shell', 'python', 'config'] as const;

/** One form of the settings snippet. */
export type SnippetFormat = (typeof SNIPPET_FORMATS)[number];

/** What a snippet is made of: the service's address for scripts (`…/clientlib/`) and the API key (or a stand-in). */
export interface SnippetSettings {
  url: string;
  apiKey: string;
  /** The project the example logs into. */
  projectName: string;
  /** Its workspace (absent: the SDK's default workspace of the key's user). */
  workspaceName?: string;
}

/** Where the Python example starts its run: `workspace="…", project_name="…"`. */
const startArguments = (projectName: string, workspaceName: string | undefined) =>
  [...(workspaceName ? [`workspace=${JSON.stringify(workspaceName)}`] : []), `project_name=${JSON.stringify(projectName)}`].join(', ');

/** A shell-quoted word (single quotes; a single quote inside closes, escapes and reopens). */
const shellWord = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * The snippet that points a training script at this service: `COMET_URL_OVERRIDE` and `COMET_API_KEY` for a shell,
 * the same set from Python before the SDK starts, or a `.comet.config` file the SDK reads from the working or home directory.
 */
export function scriptSnippet(format: SnippetFormat, { url, apiKey, projectName, workspaceName }: SnippetSettings): string {
  if (format === 'shell') return `export COMET_URL_OVERRIDE=${shellWord(url)}\nexport COMET_API_KEY=${shellWord(apiKey)}\n`;
  if (format === 'config') return `[comet]\nurl_override = ${url}\napi_key = ${apiKey}\n`;
  return [
    'import os',
    `os.environ["COMET_URL_OVERRIDE"] = ${JSON.stringify(url)}`,
    `os.environ["COMET_API_KEY"] = ${JSON.stringify(apiKey)}`,
    '',
    'import comet_ml',
    '',
    `experiment = comet_ml.start(${startArguments(projectName, workspaceName)})`,
    'experiment.log_metric("loss", 0.5, step=1)',
    'experiment.end()',
    '',
  ].join('\n');
}
