// A counter whose server HTML shows the final value and keeps it: it counts up from zero over 2 s in 50 steps only
// when it first scrolls into view, so a visitor never sees a shown value drop to 0 (nor with reduced motion).
import { useEffect, useRef, useState } from "react";

export const COUNTER_DURATION_MS = 2000;
export const COUNTER_STEPS = 50;

/** True when any part of the element is inside the viewport. */
function isOnScreen(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
}

export function AnimatedCounter({ value, format }: { value: number; format: (n: number) => string }) {
  const [shown, setShown] = useState(value);
  const element = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const node = element.current;
    setShown(value);
    // NOTE: a counter already on screen at hydration has been read at its value: restarting it from 0 is the flash.
    if (!node || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches || typeof IntersectionObserver !== "function") return;
    if (isOnScreen(node)) return;
    let timer: number | undefined;
    setShown(0);
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      let step = 0;
      timer = window.setInterval(() => {
        step++;
        setShown(step >= COUNTER_STEPS ? value : Math.round((value * step) / COUNTER_STEPS));
        if (step >= COUNTER_STEPS) window.clearInterval(timer);
      }, COUNTER_DURATION_MS / COUNTER_STEPS);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
  }, [value]);
  return (
    <span ref={element}>
      <span aria-hidden="true">{format(shown)}</span>
      <span className="sr-only">{format(value)}</span>
    </span>
  );
}
