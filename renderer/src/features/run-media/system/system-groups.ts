/** A chart of system usage: its title and the `sys.*` series drawn in it. */
export interface SystemGroup {
  readonly title: string;
  readonly names: readonly string[];
}

/** The groups in the order shown, each with the test that puts a series in it (the first that matches wins). */
const GROUPS: readonly { title: string; matches(name: string): boolean }[] = [
  { title: 'CPU %', matches: (name) => name.startsWith('sys.cpu.') },
  { title: 'Memory', matches: (name) => name.startsWith('sys.ram.') || name.startsWith('sys.memory.') },
  { title: 'GPU utilization %', matches: (name) => /^sys\.gpu\.[^.]+\.gpu_utilization$/.test(name) },
  { title: 'GPU memory', matches: (name) => /^sys\.gpu\.[^.]+\.[a-z_]*memory$/.test(name) },
  { title: 'GPU', matches: (name) => name.startsWith('sys.gpu.') },
  { title: 'Load', matches: (name) => name.startsWith('sys.load.') },
  { title: 'Disk', matches: (name) => name.startsWith('sys.disk.') },
  { title: 'Network', matches: (name) => name.startsWith('sys.network.') || name.startsWith('sys.net.') },
  { title: 'Other system usage', matches: () => true },
];

/** Orders a group's series: averages first, then by name with numbers in numeric order (cpu 2 before cpu 10). */
const byAverageThenName = (a: string, b: string): number =>
  Number(b.endsWith('.avg')) - Number(a.endsWith('.avg')) || a.localeCompare(b, undefined, { numeric: true });

/** The run's system usage series (`sys.*`, as E40–E43 and the SDK log them) grouped into charts: CPU %, memory, GPU, load, disk… */
export function systemGroups(metricNames: readonly string[]): SystemGroup[] {
  const usage = [...new Set(metricNames.filter((name) => name.startsWith('sys.')))];
  return GROUPS.flatMap(({ title }, index) => {
    const names = usage.filter((name) => GROUPS.findIndex((group) => group.matches(name)) === index).sort(byAverageThenName);
    return names.length > 0 ? [{ title, names }] : [];
  });
}
