// A counter that counts up from zero over 2 s in 50 steps after hydration; server HTML shows the final value.
import { useEffect, useState } from "react";

export const COUNTER_DURATION_MS = 2000;
export const COUNTER_STEPS = 50;

export function AnimatedCounter({ value, format }: { value: number; format: (n: number) => string }) {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let step = 0;
    setShown(0);
    const timer = window.setInterval(() => {
      step++;
      setShown(step >= COUNTER_STEPS ? value : Math.round((value * step) / COUNTER_STEPS));
      if (step >= COUNTER_STEPS) window.clearInterval(timer);
    }, COUNTER_DURATION_MS / COUNTER_STEPS);
    return () => window.clearInterval(timer);
  }, [value]);
  return (
    <span>
      <span aria-hidden="true">{format(shown)}</span>
      <span className="sr-only">{format(value)}</span>
    </span>
  );
}
