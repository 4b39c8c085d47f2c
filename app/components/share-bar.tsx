// A value and the value a full bar stands for → a thin bar that wide (decorative: the figure is printed beside it). A
// share of all businesses passes the total (1.4 % draws 1.4 % of the track, never a full bar); city cards pass the
// largest card on the page, as the spec scales them.
export function ShareBar({ value, full }: { value: number; full: number }) {
  const width = full > 0 ? Math.min(100, Math.max(0, (value / full) * 100)) : 0;
  return (
    <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
      <div className="h-full rounded-full bg-gradient-to-r from-brand-500 to-indigo-500" style={{ width: `${width.toFixed(2)}%` }} />
    </div>
  );
}
