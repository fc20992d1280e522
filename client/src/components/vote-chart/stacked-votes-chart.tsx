// The drawing of votes over time: free and paid stacked per bucket, voided below the axis. Loaded on
// its own (React.lazy in votes-chart-frame.tsx) with d3-shape (stacking) and d3-array (round ticks),
// so no page's first scripts carry it. Each kind has a fill that reads without colour: free solid,
// paid striped, voided dotted, named by the legend; the numbers are in the table beside the chart.
import { Trans, useLingui } from '@lingui/react/macro';
import { nice, ticks } from 'd3-array';
import { stack } from 'd3-shape';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { VoteHistoryBucket } from '#contract/votes/constants';
import type { VotesOverTimePoint } from '#contract/votes/answers';
import { formatCount } from '@/lib/numbers';
import { formatBucket } from './bucket-format';

export interface StackedVotesChartProps {
  points: VotesOverTimePoint[];
  bucket: VoteHistoryBucket;
  /** The drawing's height in pixels (the frame reserves it before the chart loads). */
  height: number;
  /** The top of the scale, to compare several charts on one scale; by default this series' highest bucket. */
  max?: number;
  /** Draws without the legend (the caller shows one for several charts). */
  legend?: boolean;
}

const MARGIN = { top: 8, right: 8, bottom: 22, left: 36 };
/** The width drawn before the element's own is known (and in tests, which have no layout). */
const DEFAULT_WIDTH = 640;
/** At least this many pixels between two labels of the time axis. */
const LABEL_SPACING = 96;

const KINDS = ['free', 'paid'] as const;

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(160, Math.round(entry.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** The fills, named by `id`: they are used by the bars and the legend of this chart. */
function Patterns({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={`${id}-paid`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" className="fill-amber-300" />
        <line x1="0" y1="0" x2="0" y2="6" strokeWidth="3" className="stroke-night-900" />
      </pattern>
      <pattern id={`${id}-voided`} width="5" height="5" patternUnits="userSpaceOnUse">
        <rect width="5" height="5" className="fill-night-700" />
        <circle cx="2.5" cy="2.5" r="1.2" className="fill-bone-400" />
      </pattern>
    </defs>
  );
}

/** The legend: each kind's fill and its name in words. */
export function VotesLegend({ voided }: { voided: boolean }) {
  const id = `vl${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const swatch = (fill: string, stroke = 'stroke-bone-200') => (
    <svg aria-hidden="true" width="14" height="14" className="shrink-0">
      <rect
        x="0.5"
        y="0.5"
        width="13"
        height="13"
        fill={fill.startsWith('url') ? fill : undefined}
        className={`${fill.startsWith('url') ? '' : fill} ${stroke}`}
      />
    </svg>
  );
  const { t } = useLingui();
  return (
    <div className="mt-2">
      <svg aria-hidden="true" width="0" height="0" className="absolute">
        <Patterns id={id} />
      </svg>
      <ul aria-label={t`Legend`} className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-bone-200">
        <li className="flex items-center gap-1.5">
          {swatch('fill-blood-500')} <Trans>Free votes (solid)</Trans>
        </li>
        <li className="flex items-center gap-1.5">
          {swatch(`url(#${id}-paid)`)} <Trans>Paid votes (striped)</Trans>
        </li>
        {voided ? (
          <li className="flex items-center gap-1.5">
            {swatch(`url(#${id}-voided)`)} <Trans>Voided votes (dotted, below the line)</Trans>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

export default function StackedVotesChart({ points, bucket, height, max, legend = true }: StackedVotesChartProps) {
  const { t } = useLingui();
  const id = `vc${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [ref, width] = useWidth<HTMLDivElement>();
  /** A bar's title: its bucket and its numbers. */
  const barTitle = (p: VotesOverTimePoint) => {
    const when = formatBucket(p.start, bucket);
    const free = formatCount(p.free);
    const paid = formatCount(p.paid);
    const voided = formatCount(p.voided);
    return p.voided ? t`${when}: ${free} free, ${paid} paid, ${voided} voided` : t`${when}: ${free} free, ${paid} paid`;
  };
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;

  const stacked = stack<VotesOverTimePoint, (typeof KINDS)[number]>().keys(KINDS)(points);
  const highest = Math.max(1, max ?? 0, ...points.map((p) => p.free + p.paid));
  const voidedMost = Math.max(0, ...points.map((p) => p.voided));
  const [lo, hi] = nice(voidedMost ? -voidedMost : 0, highest, 4);
  const y = (value: number) => MARGIN.top + ((hi - value) / (hi - lo)) * innerHeight;
  const step = innerWidth / Math.max(1, points.length);
  const barWidth = Math.max(1, step * 0.8);
  const x = (i: number) => MARGIN.left + i * step + (step - barWidth) / 2;
  const labelEvery = Math.max(1, Math.ceil(points.length / Math.max(2, Math.floor(innerWidth / LABEL_SPACING))));
  const fills = { free: undefined, paid: `url(#${id}-paid)` } as const;

  return (
    <div ref={ref} className="w-full">
      {/* The same numbers are in the table beside the chart; the drawing itself is left to sighted readers. */}
      <svg width={width} height={height} aria-hidden="true" className="block max-w-full overflow-visible text-bone-400">
        <Patterns id={id} />
        {ticks(lo, hi, 4)
          .filter(Number.isInteger)
          .map((t) => (
            <g key={t}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(t)} y2={y(t)} className={t === 0 ? 'stroke-bone-400' : 'stroke-night-600'} />
              <text x={MARGIN.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-current text-[10px] tabular-nums">
                {formatCount(Math.abs(t))}
              </text>
            </g>
          ))}
        {points.map((p, i) => (
          <g key={p.start} data-start={p.start}>
            <title>{barTitle(p)}</title>
            {stacked.map((series, k) => {
              const [from, to] = series[i];
              if (to === from) return null;
              return (
                <rect
                  key={series.key}
                  data-kind={series.key}
                  x={x(i)}
                  width={barWidth}
                  y={y(to)}
                  height={y(from) - y(to)}
                  fill={fills[KINDS[k]]}
                  className={KINDS[k] === 'free' ? 'fill-blood-500' : 'stroke-night-900'}
                  strokeWidth={KINDS[k] === 'paid' ? 0.5 : undefined}
                />
              );
            })}
            {p.voided ? <rect data-kind="voided" x={x(i)} width={barWidth} y={y(0)} height={y(-p.voided) - y(0)} fill={`url(#${id}-voided)`} /> : null}
          </g>
        ))}
        {points.map((p, i) =>
          i % labelEvery === 0 ? (
            <text key={p.start} x={x(i) + barWidth / 2} y={height - 6} textAnchor="middle" className="fill-current text-[10px]">
              {formatBucket(p.start, bucket)}
            </text>
          ) : null,
        )}
      </svg>
      {legend ? <VotesLegend voided={voidedMost > 0} /> : null}
    </div>
  );
}
