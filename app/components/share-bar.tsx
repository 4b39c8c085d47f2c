// A value and the total it is a share of → a thin bar exactly that wide (decorative: the percentage is printed beside
// it, so the bar and the figure always agree: 1.4 % draws 1.4 % of the track, never a full bar).
export function ShareBar({ value, total }: { value: number; total: number }) {
  const width = total > 0 ? Math.min(100, Math.max(0, (value / total) * 100)) : 0;
  return (
    <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
      <div className="h-full rounded-full bg-gradient-to-r from-brand-500 to-indigo-500" style={{ width: `${width.toFixed(2)}%` }} />
    </div>
  );
}
