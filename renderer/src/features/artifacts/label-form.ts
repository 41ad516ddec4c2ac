/** What the user typed in a version's label editor. */
export interface LabelDraft {
  aliases: string;
  tags: string;
  metadata: string;
}

/** Splits comma-separated labels, trimmed, empty ones and repeats dropped. */
export function splitLabels(text: string): string[] {
  return [...new Set(text.split(',').map((label) => label.trim()).filter(Boolean))];
}

/** Why the metadata cannot be saved (it must be a JSON object, or empty), or undefined when it can. */
export function metadataProblem(text: string): string | undefined {
  if (!text.trim()) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? undefined : 'must be a JSON object, e.g. {"rows": 10}';
  } catch {
    return 'is not valid JSON';
  }
}

/** The labels write (write/artifacts/version/labels) for a draft: aliases and tags replaced, metadata set ("{}" when emptied). */
export function labelsBody(artifactVersionId: string, draft: LabelDraft) {
  return { artifactVersionId, alias: splitLabels(draft.aliases), versionTags: splitLabels(draft.tags), versionMetadata: draft.metadata.trim() || '{}' };
}
