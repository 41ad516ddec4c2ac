/** Tags as sent to E37: trimmed, empty ones dropped, each once, in the order given. */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}
