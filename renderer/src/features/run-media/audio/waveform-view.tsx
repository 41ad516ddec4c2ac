/** The peaks of a waveform drawn as mirrored bars (an SVG made by the app from numbers, never from logged markup). */
export function WaveformView({ peaks, label }: { peaks: readonly number[]; label: string }) {
  const width = Math.max(peaks.length, 1);
  return (
    <svg role="img" aria-label={label} viewBox={`0 -1 ${width} 2`} preserveAspectRatio="none" width="100%" height={64} style={{ display: 'block' }}>
      <path d={peaks.map((peak, x) => `M${x + 0.5} ${-peak}V${peak}`).join('')} stroke="currentColor" strokeWidth={1} vectorEffect="non-scaling-stroke" fill="none" />
    </svg>
  );
}
