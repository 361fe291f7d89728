import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import type { CalibrationBucket } from '@/lib/forecast/types';

// Stated likelihood against the share that came true, one point per bucket of ten points, with the diagonal a
// calibrated forecast sits on. Plain SVG (visx draws, React renders it on the server too): the numbers are in
// the table next to it, so the picture is for the eye and the table for a screen reader.

const SIZE = 300;
const MARGIN = { top: 12, right: 14, bottom: 44, left: 48 };
const INNER = SIZE - MARGIN.left - MARGIN.right;
const INNER_H = SIZE - MARGIN.top - MARGIN.bottom;
/** Buckets with fewer forecasts than this are drawn hollow: a share of a handful says little (record-table.tsx says so). */
const FEW_FORECASTS = 20;

const x = scaleLinear<number>({ domain: [0, 1], range: [0, INNER] });
const y = scaleLinear<number>({ domain: [0, 1], range: [INNER_H, 0] });
const inTen = (v: unknown) => `${Math.round(Number(v) * 10)}`;
const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1];

export default function CalibrationChart({ buckets, titleId }: { buckets: CalibrationBucket[]; titleId: string }) {
  const points = buckets.filter((b) => b.forecasts > 0 && b.mean_stated !== null && b.came_true !== null);
  const most = Math.max(1, ...points.map((b) => b.forecasts));
  return (
    <svg className="calibration-chart" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-labelledby={titleId} data-testid="calibration-chart">
      <Group left={MARGIN.left} top={MARGIN.top}>
        <rect width={INNER} height={INNER_H} className="calibration-plot" />
        {ticks.map((t) => (
          <Line key={t} from={{ x: 0, y: y(t) }} to={{ x: INNER, y: y(t) }} className="calibration-grid" />
        ))}
        <Line from={{ x: x(0), y: y(0) }} to={{ x: x(1), y: y(1) }} className="calibration-diagonal" data-testid="calibration-diagonal" />
        <LinePath data={points} x={(b) => x(b.mean_stated!)} y={(b) => y(b.came_true!)} className="calibration-line" />
        {points.map((b) => (
          <circle
            key={b.from}
            cx={x(b.mean_stated!)}
            cy={y(b.came_true!)}
            r={3 + 5 * Math.sqrt(b.forecasts / most)}
            className={b.forecasts < FEW_FORECASTS ? 'calibration-point calibration-point-few' : 'calibration-point'}
          />
        ))}
        <AxisBottom top={INNER_H} scale={x} tickValues={ticks} tickFormat={inTen} label="Stated: N in 10" labelOffset={14} axisClassName="calibration-axis" />
        <AxisLeft scale={y} tickValues={ticks} tickFormat={inTen} label="Came true: N in 10" labelOffset={16} axisClassName="calibration-axis" />
      </Group>
    </svg>
  );
}
