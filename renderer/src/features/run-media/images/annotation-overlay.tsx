import type { Annotation } from '../../../../../shared/media/annotations.ts';

/** Colours given to labels in turn (readable over photos). */
const PALETTE = ['#ff1744', '#00e676', '#2979ff', '#ffea00', '#d500f9', '#00e5ff', '#ff9100', '#76ff03'];

/** A label's colour: the same label always gets the same one. */
function colourOf(label: string): string {
  let hash = 0;
  for (const char of label) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length] ?? '#ff1744';
}

/** What an annotation is called on screen: its label and score (labels are the run's text, never markup). */
export const annotationCaption = (annotation: Annotation): string =>
  [annotation.label, annotation.score === null ? '' : annotation.score.toFixed(2)].filter(Boolean).join(' ') || annotation.layer;

/** The annotations drawn over an image: an SVG in the image's own pixels, stretched over it. */
export function AnnotationOverlay({ annotations, width, height }: { annotations: readonly Annotation[]; width: number; height: number }) {
  const stroke = Math.max(1, Math.round(Math.max(width, height) / 200));
  const font = Math.max(6, Math.round(Math.max(width, height) / 30));
  return (
    <svg
      role="group"
      aria-label="Annotations"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none', overflow: 'visible' }}>
      {annotations.map((annotation, index) => {
        const colour = colourOf(annotation.label);
        const caption = annotationCaption(annotation);
        return (
          <g key={index} data-layer={annotation.layer} data-label={annotation.label} aria-label={caption} role="img">
            {annotation.boxes.map((box, shape) => (
              <g key={`b${shape}`}>
                <rect data-testid="annotation-box" x={box.x} y={box.y} width={box.width} height={box.height} fill="none" stroke={colour} strokeWidth={stroke} />
                <text x={box.x} y={Math.max(font, box.y - stroke)} fill={colour} fontSize={font} fontFamily="sans-serif">{caption}</text>
              </g>
            ))}
            {annotation.polygons.map((points, shape) => (
              <g key={`p${shape}`}>
                <polygon data-testid="annotation-polygon" points={points.map((point) => `${point.x},${point.y}`).join(' ')} fill={`${colour}33`} stroke={colour} strokeWidth={stroke} />
                <text x={points[0]?.x ?? 0} y={Math.max(font, (points[0]?.y ?? 0) - stroke)} fill={colour} fontSize={font} fontFamily="sans-serif">{caption}</text>
              </g>
            ))}
          </g>
        );
      })}
    </svg>
  );
}
