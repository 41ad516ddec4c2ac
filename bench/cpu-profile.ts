/** A CPU profile as Chromium's `Profiler.stop` answers it (the fields read here). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Prints the `limit` functions of `profile` with the most self time (ms), named by function, file and line. */
export function printSelfTime(profile: CpuProfile, limit: number): void {
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const key = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  console.log('JS self time (ms):');
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, limit)) console.log(`  ${ms.toFixed(1).padStart(8)}  ${key}`);
}
